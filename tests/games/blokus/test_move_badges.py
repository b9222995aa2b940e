"""The move numbers on Blokus pieces (M): each badge is sized to its digits, stays inside its square
(so off the row labels, even on the small squares beside the analysis), and covers little of a
large square."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox.games.blokus.screen.picture import NumberedPiece, draw_move_numbers
from bauhausbox.ui import theme

CELL_AT = (40, 40)  # where the numbered square lies on the test surface


def _drawn(cell_px: int, number: int) -> tuple[pygame.Surface, pygame.Rect, list[tuple[pygame.Rect, pygame.Rect]]]:
    surface = pygame.Surface((200, 200))
    surface.fill(theme.PAPER)
    cell = pygame.Rect(*CELL_AT, cell_px, cell_px)
    badges = draw_move_numbers(surface, lambda _cell: cell, cell_px, [NumberedPiece(number, 0, ((0, 0),))])
    return surface, cell, badges


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
def test_a_badge_and_its_digits_stay_inside_the_square(app: Any, cell_px: int, number: int) -> None:
    surface, cell, badges = _drawn(cell_px, number)
    assert cell.contains(_ink_box(surface)), (cell_px, number, _ink_box(surface), cell)
    ((badge, digits),) = badges
    assert badge.left < digits.left and digits.right < badge.right, (cell_px, number, badge, digits)


@pytest.mark.parametrize("number", [7, 42])
def test_on_a_large_square_the_badge_leaves_most_of_the_piece_seen(app: Any, number: int) -> None:
    surface, cell, _badges = _drawn(45, number)
    white = sum(
        1
        for y in range(cell.top, cell.bottom)
        for x in range(cell.left, cell.right)
        if tuple(surface.get_at((x, y)))[:3] == theme.WHITE
    )
    assert white / (cell.width * cell.height) < 0.3, white
