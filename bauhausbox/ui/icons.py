"""Small icons drawn with primitives (no image files): menu, help, undo, redo, rotate, flip, eye…

Each painter takes ``(surface, rect, colour)`` so buttons can draw them at any size.
"""

from __future__ import annotations

import math

import pygame

from bauhausbox.ui import draw
from bauhausbox.ui.theme import Colour


def _w(rect: pygame.Rect) -> int:
    return max(2, rect.height // 8)


def menu(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    w = _w(rect)
    for i in range(3):
        y = rect.top + rect.height * (0.22 + 0.28 * i)
        pygame.draw.line(surface, colour, (rect.left + rect.width * 0.15, y), (rect.right - rect.width * 0.15, y), w)


def question(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    draw.text(
        surface,
        "?",
        (rect.centerx, rect.centery + rect.height // 12),
        round(rect.height * 1.05),
        colour,
        "black",
        "center",
    )


def _arc_arrow(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, clockwise: bool) -> None:
    w = _w(rect)
    box = rect.inflate(-rect.width * 0.2, -rect.height * 0.2)
    start, stop = (math.radians(200), math.radians(500)) if not clockwise else (math.radians(40), math.radians(340))
    pygame.draw.arc(surface, colour, box, start, stop, w)
    angle = stop if not clockwise else start
    cx, cy = box.center
    r = box.width / 2
    tip = (cx + r * math.cos(angle), cy - r * math.sin(angle))
    size = rect.height * 0.22
    direction = 1 if not clockwise else -1
    tangent = angle + direction * math.pi / 2
    back = (tip[0] - size * math.cos(tangent), tip[1] + size * math.sin(tangent))
    normal = (math.cos(angle) * size * 0.8, -math.sin(angle) * size * 0.8)
    pygame.draw.polygon(
        surface,
        colour,
        [
            (tip[0] + (tip[0] - back[0]) * 0.6, tip[1] + (tip[1] - back[1]) * 0.6),
            (back[0] + normal[0], back[1] + normal[1]),
            (back[0] - normal[0], back[1] - normal[1]),
        ],
    )


def undo(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    _hook_arrow(surface, rect, colour, mirrored=False)


def redo(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    _hook_arrow(surface, rect, colour, mirrored=True)


def _hook_arrow(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, mirrored: bool) -> None:
    """A U-turn arrow: ↶ for undo, ↷ for redo."""
    w = _w(rect)

    def x(value: float) -> float:
        return rect.right - (value - rect.left) if mirrored else value

    left, right = rect.left + rect.width * 0.18, rect.right - rect.width * 0.12
    top, mid = rect.top + rect.height * 0.3, rect.top + rect.height * 0.62
    radius = (mid - top) / 2
    pygame.draw.line(surface, colour, (x(left + rect.width * 0.12), top), (x(right - radius), top), w)
    arc = pygame.Rect(0, 0, radius * 2, radius * 2)
    arc.topright = (right, top - w / 2 + 1) if not mirrored else (0, 0)
    if mirrored:
        arc.topleft = (rect.left + rect.width * 0.12, top - w / 2 + 1)
        pygame.draw.arc(surface, colour, arc, math.radians(90), math.radians(270), w)
    else:
        pygame.draw.arc(surface, colour, arc, math.radians(-90), math.radians(90), w)
    bottom_y = top + 2 * radius - w / 2
    pygame.draw.line(surface, colour, (x(right - radius), bottom_y), (x(left + rect.width * 0.3), bottom_y), w)
    size = rect.height * 0.2
    tip = (x(left), top)
    pygame.draw.polygon(surface, colour, [tip, (x(left + size * 1.3), top - size), (x(left + size * 1.3), top + size)])


def rotate(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    _arc_arrow(surface, rect, colour, clockwise=True)


def flip(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """Two mirrored triangles either side of a dashed axis."""
    cx = rect.centerx
    w = _w(rect)
    for y in range(rect.top + 2, rect.bottom - 2, max(3, rect.height // 6)):
        pygame.draw.line(surface, colour, (cx, y), (cx, y + max(1, rect.height // 12)), w)
    gap = rect.width * 0.1
    pygame.draw.polygon(
        surface,
        colour,
        [
            (cx - gap, rect.top + rect.height * 0.2),
            (cx - gap, rect.bottom - rect.height * 0.2),
            (rect.left + rect.width * 0.08, rect.bottom - rect.height * 0.2),
        ],
    )
    pygame.draw.polygon(
        surface,
        colour,
        [
            (cx + gap, rect.top + rect.height * 0.2),
            (cx + gap, rect.bottom - rect.height * 0.2),
            (rect.right - rect.width * 0.08, rect.bottom - rect.height * 0.2),
        ],
        w,
    )


def eye(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    w = _w(rect)
    box = rect.inflate(0, -rect.height * 0.35)
    pygame.draw.ellipse(surface, colour, box, w)
    pygame.draw.circle(surface, colour, rect.center, max(2, rect.height // 6))


def play(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    pygame.draw.polygon(
        surface,
        colour,
        [
            (rect.left + rect.width * 0.25, rect.top + rect.height * 0.15),
            (rect.left + rect.width * 0.25, rect.bottom - rect.height * 0.15),
            (rect.right - rect.width * 0.15, rect.centery),
        ],
    )


def pause(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    bar = max(2, round(rect.width * 0.2))
    for x in (rect.left + rect.width * 0.25, rect.right - rect.width * 0.25 - bar):
        pygame.draw.rect(surface, colour, (round(x), rect.top + rect.height * 0.15, bar, rect.height * 0.7))


def _transport(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, triangles: int, forward: bool) -> None:
    """A media-player step icon: ``triangles`` arrowheads and a bar at the far end (▶|, ▶▶|, |◀, |◀◀)."""
    box = rect.inflate(-rect.width * 0.3, -rect.height * 0.3)
    bar = max(2, round(box.width * 0.12))
    span = (box.width - bar) / triangles
    sign = 1 if forward else -1
    start = box.left if forward else box.right
    for index in range(triangles):
        back = start + sign * index * span
        tip = back + sign * span
        pygame.draw.polygon(surface, colour, [(back, box.top), (back, box.bottom), (tip, box.centery)])
    bar_x = box.right - bar if forward else box.left
    pygame.draw.rect(surface, colour, (bar_x, box.top, bar, box.height))


def step_forward(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    _transport(surface, rect, colour, 1, True)


def step_back(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    _transport(surface, rect, colour, 1, False)


def to_end(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    _transport(surface, rect, colour, 2, True)


def to_start(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    _transport(surface, rect, colour, 2, False)
