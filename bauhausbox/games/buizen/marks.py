"""Where the recap's numbered badges go on the Buizen table, so that none covers another.

Several moves since a player's last turn often lie on neighbouring cells, or on the same cell (an
open pit, then a manhole on it), and the table zooms out to cells smaller than a badge. Each badge
takes the first free spot round its cell: a corner of the cell first (unless the cell is smaller
than a badge, which would hide the tile), then rings further out; a badge that had to move off its
cell gets a short leader line to it (drawn by the scene).
"""

from __future__ import annotations

import math

Point = tuple[int, int]
Box = tuple[int, int, int, int]  # left, top, width, height (a cell on screen)


def _spots(box: Box, radius: int) -> list[Point]:
    """Where a badge for ``box`` may sit, best first: its corners, then rings round the cell."""
    left, top, width, height = box
    right, bottom = left + width, top + height
    # On its cell's corners while the cell is larger than a badge; else beside it, not hiding it.
    spots: list[Point] = [(left, top), (right, top), (left, bottom), (right, bottom)] if width > 2 * radius else []
    cx, cy = left + width / 2, top + height / 2
    reach = max(width, height) / 2
    for ring in range(1, 10):
        distance = reach + radius * (0.4 + 1.6 * ring)
        count = 8 * ring
        for k in range(count):
            angle = -3 * math.pi / 4 + 2 * math.pi * k / count  # from the top left, clockwise
            spots.append((round(cx + math.cos(angle) * distance), round(cy + math.sin(angle) * distance)))
    return spots


def place_badges(boxes: list[Box], radius: int, gap: int = 2) -> list[Point]:
    """A centre for a badge of ``radius`` beside each box (in order: earlier badges get the better
    spots), no two badges closer than ``gap`` pixels."""
    placed: list[Point] = []
    least = 2 * radius + gap
    for box in boxes:
        spots = _spots(box, radius)
        free = next(
            (s for s in spots if all(math.hypot(s[0] - p[0], s[1] - p[1]) >= least for p in placed)),
            spots[-1],
        )
        placed.append(free)
    return placed


def leader(box: Box, centre: Point) -> Point | None:
    """The point of ``box`` nearest a badge that left it (for a line to its cell), or ``None`` when
    the badge sits on the cell's edge or corner."""
    left, top, width, height = box
    x = min(max(centre[0], left), left + width)
    y = min(max(centre[1], top), top + height)
    if math.hypot(centre[0] - x, centre[1] - y) <= 1:
        return None
    return x, y
