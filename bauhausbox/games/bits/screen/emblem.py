"""Bits's emblem on the main menu: a stack of coloured tiles.

The registry names it (``GameEntry.emblem``); the main menu draws it on the game's card.
"""

from __future__ import annotations

import pygame

from bauhausbox.scenes.common import Emblem
from bauhausbox.ui import theme


def _paint_bits(surface: pygame.Surface, rect: pygame.Rect) -> None:
    s = rect.width
    cell = s * 0.26
    colours = [theme.RED, theme.YELLOW, theme.BLUE, (120, 70, 150), theme.INK, theme.RED]
    for i, colour in enumerate(colours):
        col, row = i % 3, i // 3
        pygame.draw.rect(
            surface,
            colour,
            (rect.left + s * 0.11 + col * cell, rect.bottom - s * 0.12 - (row + 1) * cell, cell - 2, cell - 2),
        )


EMBLEM = Emblem(_paint_bits, theme.YELLOW)
