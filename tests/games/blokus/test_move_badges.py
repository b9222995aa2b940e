"""The move numbers on Blokus pieces (M): each badge is sized to its digits (never under the house's
14 px), stays inside its square from 24-px squares up, inside the board always (off the row labels,
even on a corner square of the small board beside the analysis), and covers little of a large square."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox.games.blokus.screen.picture import NumberedPiece, draw_move_numbers
from bauhausbox.ui import theme

CELL_AT = (40, 40)  # where the numbered square lies on the test surface


def _drawn(
    cell_px: int, number: int, corner: bool = False
) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect, list[tuple[pygame.Rect, pygame.Rect]]]:
    """The number drawn on a square; ``corner``: the square is the board's top-left one (a20)."""
    surface = pygame.Surface((200, 200))
    surface.fill(theme.PAPER)
    cell = pygame.Rect(*CELL_AT, cell_px, cell_px)
    grid = pygame.Rect(cell.left, cell.top, 20 * cell_px, 20 * cell_px) if corner else cell.inflate(40, 40)
    badges = draw_move_numbers(surface, lambda _cell: cell, cell_px, [NumberedPiece(number, 0, ((0, 0),))], grid)
    return surface, cell, grid, badges


def _ink_box(surface: pygame.Surface) -> pygame.Rect:
    """The smallest rectangle holding every pixel that is not the paper."""
    xs, ys = [], []
    for y in range(surface.get_height()):
        for x in range(surface.get_width()):
            if tuple(surface.get_at((x, y)))[:3] != theme.PAPER:
                xs.append(x)
                ys.append(y)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@pytest.mark.parametrize("cell_px", [15, 19, 24, 31, 45])
@pytest.mark.parametrize("number", [1, 9, 10, 42, 84])
def test_a_badge_holds_its_digits_and_stays_on_the_board(app: Any, cell_px: int, number: int) -> None:
    # On the corner square by the row labels: never outside the board.
    surface, _cell, grid, _badges = _drawn(cell_px, number, corner=True)
    assert grid.contains(_ink_box(surface)), (cell_px, number, _ink_box(surface), grid)
    surface, cell, _grid, badges = _drawn(cell_px, number)
    if cell_px >= 24:  # from the squares of 1280 x 800 up: inside the square itself
        assert cell.contains(_ink_box(surface)), (cell_px, number, _ink_box(surface), cell)
    ((badge, digits),) = badges
    assert badge.left < digits.left and digits.right < badge.right, (cell_px, number, badge, digits)


@pytest.mark.parametrize("number", [7, 42])
def test_on_a_large_square_the_badge_leaves_most_of_the_piece_seen(app: Any, number: int) -> None:
    surface, cell, _grid, _badges = _drawn(45, number)
    white = sum(
        1
        for y in range(cell.top, cell.bottom)
        for x in range(cell.left, cell.right)
        if tuple(surface.get_at((x, y)))[:3] == theme.WHITE
    )
    assert white / (cell.width * cell.height) < 0.3, white
