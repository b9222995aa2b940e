"""Blokus's four colours on screen, by colour index: their paint, their seat shapes, and the start
corners (or a variant's starting squares) each colour marks on the board. Shared by the game screen
and its how-to-play pages.
"""

from __future__ import annotations

from bauhausbox.engine.grid import Cell
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.pieces import COLOURS
from bauhausbox.games.blokus.screen.board_view import PIECE_COLOURS
from bauhausbox.ui import theme
from bauhausbox.ui.theme import Colour

RGB: tuple[Colour, ...] = tuple(PIECE_COLOURS[name] for name in COLOURS)
SHAPES: tuple[str, ...] = theme.SEAT_SHAPES  # circle, triangle, square, cross for blue, yellow, red, green
START_MARKS: dict[Cell, Colour] = {cell: RGB[colour] for colour, cell in enumerate(bb.START_CELLS)}


def start_marks(starts: tuple[Cell | None, ...]) -> dict[Cell, Colour]:
    """The starting squares of a variant (``variants.Variant.starts``), each in its colour's paint."""
    return {cell: RGB[colour] for colour, cell in enumerate(starts) if cell is not None}
