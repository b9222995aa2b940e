"""Boards drawn in plain text for a person to read: the grid of squares with its coordinates around it.

One drawing for every game, so that every board printed by the command line reads the same way: the
top row first, column labels above and below (letters from ``a``), row labels on both sides (numbers
from ``1`` at the bottom), as every page in ``docs/rules/`` names squares (see :mod:`.grid`). A game
says what one square looks like (one character, or a small block of several lines for a tile), and
may give walls standing on the squares' sides (Bauhaus) or its own labels (Buizen's table counts
``x,y`` from its start tile, Bits numbers its ramp's columns).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bauhausbox.engine.grid import Cell, column_letter

#: A side of a square as (col, row) counted from the bottom-left square: see :class:`Walls`.
SideTest = Callable[[int, int], bool]


@dataclass(frozen=True, slots=True)
class Walls:
    """Which sides of the squares carry a wall. ``west(col, row)``: the left side of square
    (col, row), where ``col == width`` is the right border; ``south(col, row)``: its bottom side,
    where ``row == height`` is the top border."""

    west: SideTest
    south: SideTest


def draw_grid(
    width: int,
    height: int,
    square: Callable[[Cell], str],
    *,
    square_width: int = 1,
    square_height: int = 1,
    walls: Walls | None = None,
    column_labels: Sequence[str] | None = None,
    row_labels: Sequence[str] | None = None,
    labels_above: bool = True,
    labels_right: bool = True,
) -> str:
    """The board as lines of text, top row first.

    ``square((col, row))`` gives a square's picture: ``square_height`` lines (joined by newlines) of
    ``square_width`` characters each, (0, 0) being the bottom-left square. ``column_labels[col]`` and
    ``row_labels[row]`` replace the letters ``a``, ``b``, … and the numbers 1, 2, … (row 0 at the
    bottom); ``labels_above`` / ``labels_right`` repeat them on the top and right edges. With
    ``walls``, ``+-+`` lines between the rows and ``|`` between the squares show where walls stand
    (the picture notation of ``docs/rules/bauhaus.md``); without, squares are one space apart."""
    columns = list(column_labels) if column_labels is not None else [column_letter(c) for c in range(width)]
    rows = list(row_labels) if row_labels is not None else [str(r + 1) for r in range(height)]
    if len(columns) != width or len(rows) != height:
        raise ValueError("one label per column and per row")
    if any(len(label) > square_width for label in columns):
        raise ValueError("a column label is wider than a square")
    margin = max([2, *(len(label) for label in rows)])  # two at least: boards keep one look up to 99 rows

    def framed(middle: str, label: str = "") -> str:
        left = label.rjust(margin) + " "
        right = " " + label if labels_right and label else ""
        return left + middle + right

    def row_lines(row: int) -> list[str]:
        pictures = [_lines(square((col, row)), square_width, square_height) for col in range(width)]
        lines = []
        for line in range(square_height):
            parts = [picture[line] for picture in pictures]
            if walls is None:
                middle = " ".join(parts)
            else:
                middle = "".join(_wall(walls.west(col, row), "|") + part for col, part in enumerate(parts))
                middle += _wall(walls.west(width, row), "|")
            lines.append(framed(middle, rows[row] if line == square_height // 2 else ""))
        return lines

    def wall_line(row: int) -> str:
        assert walls is not None
        return framed("+" + "+".join(_wall(walls.south(col, row), "-") * square_width for col in range(width)) + "+")

    labels = " ".join(label.center(square_width) for label in columns)
    letters = framed(labels if walls is None else " " + labels)
    out = [letters] if labels_above else []
    for row in range(height - 1, -1, -1):
        if walls is not None:
            out.append(wall_line(row + 1))
        out += row_lines(row)
    if walls is not None:
        out.append(wall_line(0))
    out.append(letters)
    return "\n".join(out)


def _wall(present: bool, mark: str) -> str:
    return mark if present else " "


def _lines(picture: str, width: int, height: int) -> list[str]:
    lines = picture.split("\n")
    if len(lines) != height or any(len(line) != width for line in lines):
        raise ValueError(f"a square's picture must be {plural(height, 'line', 'lines')} of {width} wide: {picture!r}")
    return lines


def legend(entries: Sequence[tuple[str, str]]) -> str:
    """``Key: B blue, Y yellow, . empty``: what each mark of a board means."""
    return "Key: " + ", ".join(f"{mark} {meaning}" for mark, meaning in entries)


def plural(count: int, one: str, many: str) -> str:
    """``count`` followed by the right form of the English noun (the command line's reports)."""
    return f"{count} {one if count == 1 else many}"
