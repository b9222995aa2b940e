"""Bauhaus's emblem on the main menu: a blue circle, a yellow triangle, a red square and a wall.

The registry names it (``GameEntry.emblem``); the main menu draws it on the game's card.
"""

from __future__ import annotations

import pygame

from bauhausbox.scenes.common import Emblem
from bauhausbox.ui import draw, theme


def _paint_bauhaus(surface: pygame.Surface, rect: pygame.Rect) -> None:
    s = rect.width
    pygame.draw.circle(surface, theme.BLUE, (rect.left + s * 0.32, rect.top + s * 0.34), s * 0.22)
    draw.seat_shape(surface, "triangle", (rect.left + s * 0.7, rect.top + s * 0.36), s * 0.22, theme.YELLOW)
    pygame.draw.rect(surface, theme.RED, (rect.left + s * 0.14, rect.top + s * 0.6, s * 0.32, s * 0.28))
    pygame.draw.line(
        surface,
        theme.INK,
        (rect.left + s * 0.55, rect.top + s * 0.58),
        (rect.left + s * 0.55, rect.bottom - s * 0.1),
        4,
    )


EMBLEM = Emblem(_paint_bauhaus, theme.RED)
