"""The ramp's physics: where a two-square tile comes to rest when it slides straight down.

A board is a 36-character string, row-major from the bottom edge of the ramp (index ``row * 6 + col``,
0-based; ``docs/rules/bits.md`` counts columns and rows from 1). ``h[c]`` is the first free row of column c
above everything already there; a vertical tile lands on rows ``h[c], h[c]+1``, a horizontal one on
row ``max(h[c], h[c+1])``, and nothing may stick out of the 6 × 6 grid. Cells a straight drop cannot
reach stay holes for the rest of the round.
"""

from __future__ import annotations

from dataclasses import dataclass

from bauhausbox.games.bits.cards import CELLS, EMPTY, SIZE

EMPTY_BOARD = EMPTY * CELLS


@dataclass(frozen=True, slots=True)
class Spot:
    """A way to drop a tile: ``vertical`` or horizontal, ``column`` 0-based (the left one when
    horizontal). Colours are not part of it: every tile has the same shape."""

    vertical: bool
    column: int


SPOTS: tuple[Spot, ...] = tuple(Spot(True, c) for c in range(SIZE)) + tuple(Spot(False, c) for c in range(SIZE - 1))


def heights(board: str) -> tuple[int, ...]:
    """The first free row of each column (0 = empty column, 6 = full), above any hole."""
    result = []
    for col in range(SIZE):
        height = 0
        for row in range(SIZE - 1, -1, -1):
            if board[row * SIZE + col] != EMPTY:
                height = row + 1
                break
        result.append(height)
    return tuple(result)


def landing(board: str, spot: Spot) -> tuple[int, int] | None:
    """The two board indices the tile comes to rest on, first = left (horizontal) or top (vertical);
    ``None`` when the tile would stick out of the grid."""
    if spot.vertical:
        return _landing_vertical(heights(board), spot.column)
    return _landing_horizontal(heights(board), spot.column)


def _landing_vertical(h: tuple[int, ...], col: int) -> tuple[int, int] | None:
    row = h[col]
    if row + 1 >= SIZE:
        return None
    return (row + 1) * SIZE + col, row * SIZE + col


def _landing_horizontal(h: tuple[int, ...], col: int) -> tuple[int, int] | None:
    if col + 1 >= SIZE:
        return None
    row = max(h[col], h[col + 1])
    if row >= SIZE:
        return None
    return row * SIZE + col, row * SIZE + col + 1


def open_spots(board: str) -> list[Spot]:
    """The spots where a tile fits, in the canonical order (vertical columns 1–6, then horizontal)."""
    h = heights(board)
    return [
        spot
        for spot in SPOTS
        if (_landing_vertical(h, spot.column) if spot.vertical else _landing_horizontal(h, spot.column)) is not None
    ]


def has_room(board: str) -> bool:
    """Whether any tile can still be placed (all tiles have the same shape, so colours do not matter)."""
    h = heights(board)
    return any(row < SIZE - 1 for row in h) or any(max(h[c], h[c + 1]) < SIZE for c in range(SIZE - 1))


def drop(board: str, colours: str, spot: Spot) -> str | None:
    """The board after dropping the tile ``colours`` (first = left or top) at ``spot``; ``None`` when
    it does not fit."""
    cells = landing(board, spot)
    if cells is None:
        return None
    return put(board, cells, colours)


def put(board: str, cells: tuple[int, int], colours: str) -> str:
    """Write ``colours`` into ``cells`` (no physics: callers have computed the landing)."""
    chars = list(board)
    chars[cells[0]] = colours[0]
    chars[cells[1]] = colours[1]
    return "".join(chars)


def holes(board: str) -> list[int]:
    """Empty cells below a filled one in the same column: no straight drop can reach them."""
    h = heights(board)
    return [row * SIZE + col for col in range(SIZE) for row in range(h[col]) if board[row * SIZE + col] == EMPTY]


def board_rows(board: str) -> list[str]:
    """The board as six text rows, top row (row 6) first — the way a player looks up the ramp."""
    return [board[row * SIZE : (row + 1) * SIZE] for row in range(SIZE - 1, -1, -1)]


def board_from_rows(rows: list[str] | str) -> str:
    """Inverse of :func:`board_rows`; also takes one string with rows separated by ``/``."""
    if isinstance(rows, str):
        rows = rows.split("/")
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise ValueError("a board is six rows of six cells")
    return "".join(reversed(rows))
