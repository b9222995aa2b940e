"""Square-grid coordinates and their text names, shared by every board game here.

Internally a cell is ``(col, row)`` counted from 0 at the bottom-left; in text it is a column letter
from ``a`` and a row number from ``1`` (``a1`` bottom-left), as every page in ``docs/rules/`` writes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from bauhausbox.engine.api import InvalidMoveError

Cell = tuple[int, int]

ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Cell, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))

_CELL_RE = re.compile(r"^([a-z])(\d{1,2})$")


def column_letter(col: int) -> str:
    if not 0 <= col < 26:
        raise ValueError(f"column {col} has no letter")
    return chr(ord("a") + col)


def cell_name(cell: Cell) -> str:
    col, row = cell
    return f"{column_letter(col)}{row + 1}"


def parse_cell(text: str, width: int = 26, height: int = 99) -> Cell:
    """Read ``"c7"``; raises :class:`InvalidMoveError` when malformed or off a width×height board."""
    match = _CELL_RE.match(text.strip().lower())
    if not match:
        raise InvalidMoveError(f"{text!r} is not a square name like a1")
    col = ord(match.group(1)) - ord("a")
    row = int(match.group(2)) - 1
    if not (0 <= col < width and 0 <= row < height):
        raise InvalidMoveError(f"{text} is off the board")
    return col, row


def cell_sort_key(cell: Cell) -> tuple[int, int]:
    """Row first, then column: the order move texts list their cells in."""
    return cell[1], cell[0]


def cells_text(cells: Iterable[Cell]) -> str:
    """``a1,b1,a2``: sorted by row then column, so each set of cells has exactly one text."""
    return ",".join(cell_name(c) for c in sorted(cells, key=cell_sort_key))


def parse_cells(text: str, width: int = 26, height: int = 99) -> frozenset[Cell]:
    parts = [p for p in text.replace(" ", "").split(",") if p]
    if not parts:
        raise InvalidMoveError("no squares given")
    cells = [parse_cell(p, width, height) for p in parts]
    if len(set(cells)) != len(cells):
        raise InvalidMoveError("a square is listed twice")
    return frozenset(cells)


def neighbours(cell: Cell, width: int, height: int, steps: Iterable[Cell] = ORTHOGONAL) -> Iterator[Cell]:
    col, row = cell
    for dc, dr in steps:
        c, r = col + dc, row + dr
        if 0 <= c < width and 0 <= r < height:
            yield c, r
