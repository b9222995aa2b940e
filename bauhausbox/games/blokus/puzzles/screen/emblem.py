"""The Blokus puzzles' emblem on the main menu: a square filled with pieces of the four colours.

The registry names it (``GameEntry.emblem``); the main menu draws it on the game's card.
"""

from __future__ import annotations

import pygame

from bauhausbox.scenes.common import Emblem
from bauhausbox.ui import theme


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


EMBLEM = Emblem(_paint_puzzles, theme.INK)
