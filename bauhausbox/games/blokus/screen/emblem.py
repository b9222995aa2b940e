"""The Blokus emblem on the main menu: pieces of the four colours corner to corner (the puzzles have
theirs in ``puzzles/screen/emblem.py``).

The registry names it (``GameEntry.emblem``); the main menu draws it on the game's card.
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
