"""Buizen Wir-War's emblem on the main menu: two crossing pipes and a pump room.

The registry names it (``GameEntry.emblem``); the main menu draws it on the game's card.
"""

from __future__ import annotations

import pygame

from bauhausbox.scenes.common import Emblem
from bauhausbox.ui import theme


def _paint_buizen(surface: pygame.Surface, rect: pygame.Rect) -> None:
    s = rect.width
    w = max(4, round(s * 0.16))
    pygame.draw.line(
        surface, (46, 139, 87), (rect.left + s * 0.1, rect.centery), (rect.right - s * 0.1, rect.centery), w
    )
    pygame.draw.line(surface, theme.RED, (rect.centerx, rect.top + s * 0.1), (rect.centerx, rect.bottom - s * 0.1), w)
    pygame.draw.rect(surface, (196, 98, 62), (rect.right - s * 0.34, rect.top + s * 0.1, s * 0.24, s * 0.24))


EMBLEM = Emblem(_paint_buizen, theme.BLUE)
