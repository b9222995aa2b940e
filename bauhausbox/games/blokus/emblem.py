"""The Blokus emblems on the main menu: pieces of the four colours corner to corner (Blokus), and a
square filled with them (the puzzles).

The registry names them (``GameEntry.emblem``); the main menu draws each on its game's card.
"""

from __future__ import annotations

import pygame

from bauhausbox.scenes.common import Emblem
from bauhausbox.ui import theme


def _paint_blokus(surface: pygame.Surface, rect: pygame.Rect) -> None:
    s = rect.width
    c = s * 0.2
    for (col, row), colour in (
        ((0, 0), theme.BLUE),
        ((0, 1), theme.BLUE),
        ((1, 1), theme.BLUE),
        ((2, 2), theme.YELLOW),
        ((3, 2), theme.YELLOW),
        ((3, 3), theme.YELLOW),
        ((1, 3), theme.RED),
        ((2, 0), theme.GREEN),
        ((3, 0), theme.GREEN),
    ):
        pygame.draw.rect(surface, colour, (rect.left + s * 0.1 + col * c, rect.top + s * 0.1 + row * c, c - 2, c - 2))


EMBLEM = Emblem(_paint_blokus, theme.GREEN)


def _paint_puzzles(surface: pygame.Surface, rect: pygame.Rect) -> None:
    s = rect.width
    c = s * 0.2
    palette = [theme.BLUE, theme.YELLOW, theme.RED, theme.GREEN]
    for col in range(4):
        for row in range(4):
            colour = palette[(col // 2 + row // 2 * 2 + (col + row) % 2) % 4]
            pygame.draw.rect(
                surface, colour, (rect.left + s * 0.1 + col * c, rect.top + s * 0.1 + row * c, c - 2, c - 2)
            )


PUZZLES = Emblem(_paint_puzzles, theme.INK)
