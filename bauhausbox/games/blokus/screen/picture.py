"""The Blokus board for serious players: move numbers on the placed pieces, and the position as a
picture to share.

Move numbers work as in Pentobi: each piece on the board shows the number of the move that placed
it, on one of its squares, in ink on a small white badge sized to its digits and kept on the board,
so it reads the same on every colour. The game
screen and the replay viewer draw them when the setting is on (M), and so does the picture.

The picture is the board alone (coordinates, start points, pieces with their seat shapes) drawn
off-screen on a pygame Surface at a fixed size, whatever the window, and saved as a PNG
(``save_png``: written beside its place and renamed, so a failed write leaves no half picture).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from bauhausbox.engine.grid import Cell
from bauhausbox.engine.history import History
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.rules import BlokusState
from bauhausbox.games.blokus.screen.board_view import BoardView, CellRect, central_cell, draw_cells
from bauhausbox.games.blokus.screen.colours import RGB, SHAPES, start_marks
from bauhausbox.games.blokus.variants import variant_of
from bauhausbox.ui import draw, theme
from bauhausbox.ui.theme import Metrics

#: A square's size in the picture: 20 × 20 boards give about 900 pixels a side.
PICTURE_CELL_PX = 40


@dataclass(frozen=True, slots=True)
class NumberedPiece:
    """A piece on the board and the number of the move that placed it (1 for the first move)."""

    number: int
    colour: int
    cells: tuple[Cell, ...]


def numbered_pieces(history: History[Any]) -> list[NumberedPiece]:
    """The pieces placed up to the history's cursor, each with its move number."""
    pieces = []
    for index, step in enumerate(history.steps[: history.cursor]):
        move: bb.Placement = step.move
        pieces.append(NumberedPiece(index + 1, history.states[index].colour, tuple(move.cells)))
    return pieces


def number_cell(cells: Sequence[Cell]) -> Cell:
    """The square that carries the number: the top-left one that is not the piece's central square
    (that one carries the seat shape), or the only square of the monomino."""
    centre = central_cell(frozenset(cells))
    others = [cell for cell in cells if cell != centre] or [centre]
    return min(others, key=lambda cell: (-cell[1], cell[0]))


def number_px(cell_px: int) -> int:
    """The numbers' size: about two fifths of a square, so a badge covers little of its piece on the
    large squares of a wide window (it was three fifths: at 1920 × 1080 the discs hid the pieces),
    never under the house's 14 px for text nor over 18."""
    return max(NUMBER_SMALLEST, min(NUMBER_LARGEST, round(cell_px * 0.4)))


#: The numbers' sizes (the house's smallest text; large squares need no more).
NUMBER_SMALLEST, NUMBER_LARGEST = 14, 18


def number_badge(cell: pygame.Rect, number: int, cell_px: int, grid: pygame.Rect | None = None) -> pygame.Rect:
    """``number``'s badge on the square ``cell``: as tall as its digits and a little more, a disc for
    one digit, a pill as wide as two; centred on the square and kept inside ``grid`` (the board's
    squares), so on a small square it may reach a neighbour but never the row labels."""
    size = number_px(cell_px)
    label = draw.render_text(str(number), size, theme.INK, "bold")
    height = size + 4
    badge = pygame.Rect(0, 0, max(height, label.get_width() + 6), height)
    badge.center = cell.center
    if grid is not None:
        badge.clamp_ip(grid)
    return badge


def draw_move_numbers(
    surface: pygame.Surface,
    cell_rect: CellRect,
    cell_px: int,
    pieces: Sequence[NumberedPiece],
    grid: pygame.Rect | None = None,
) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """Each piece's move number in ink on a white badge sized to its digits, on its ``number_cell``
    (inside ``grid`` when given). Returns each badge with the box of its digits (tests)."""
    drawn = []
    size = number_px(cell_px)
    for piece in pieces:
        badge = number_badge(cell_rect(number_cell(piece.cells)), piece.number, cell_px, grid)
        radius = badge.height // 2
        pygame.draw.rect(surface, theme.WHITE, badge, border_radius=radius)
        pygame.draw.rect(surface, theme.INK, badge, 1, border_radius=radius)
        centre = (badge.centerx, badge.centery + 1)
        digits = draw.text(surface, str(piece.number), centre, size, theme.INK, "bold", "center")
        drawn.append((badge, digits))
    return drawn


def board_picture(state: BlokusState, numbers: Sequence[NumberedPiece] = ()) -> pygame.Surface:
    """The board of ``state`` drawn off-screen, with ``numbers`` on its pieces when given."""
    variant = variant_of(state.variant)
    board = BoardView(variant.size, variant.size)
    cell = PICTURE_CELL_PX
    side = round(cell * (variant.size + 1.4)) + 2 * cell  # the grid, its labels and a paper margin
    surface = pygame.Surface((side, side))
    surface.fill(theme.PAPER)
    board.layout(surface.get_rect(), max_cell_px=cell)
    board.draw(surface, Metrics(1280, 800), start_marks(variant.starts))
    for colour, bits in enumerate(state.boards):
        if bits:
            draw_cells(surface, board.cell_rect, bb.cells_of(bits), RGB[colour], (SHAPES[colour], False))
    if numbers:
        draw_move_numbers(surface, board.cell_rect, board.cell_px, numbers, board.rect)
    return surface


def save_png(surface: pygame.Surface, path: Path) -> None:
    """Write ``surface`` as a PNG at ``path`` (a temporary file renamed into place); ``OSError``
    when it cannot be written."""
    folder = path.parent
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".png", dir=folder)
    os.close(fd)
    try:
        pygame.image.save(surface, temp)
        os.replace(temp, path)
    except (OSError, pygame.error) as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise OSError(str(error)) from None
