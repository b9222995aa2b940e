"""The connected marker of a players panel: whether a seat's player, at another computer, is at the
table now.

Every game's players panel (the shared one in ``scenes/table_chrome.py``, and Bauhaus's, Bits's and
Blokus's own) pins it to the lower right of the seat's marker, so it needs no room of its own:
a filled green disc when the player is connected, an empty disc crossed in red when not — two
shapes, so the state never depends on hue alone. At one computer (``connected`` is ``None``) nothing
is drawn.
"""

from __future__ import annotations

import pygame

from bauhausbox.ui import theme


def presence_mark(
    surface: pygame.Surface, marker_centre: tuple[float, float], marker_radius: float, connected: bool | None
) -> pygame.Rect | None:
    """Draw the mark beside a seat marker of ``marker_radius`` at ``marker_centre``; its rect, or
    ``None`` when there is nothing to say (everyone at this screen)."""
    if connected is None:
        return None
    radius = max(4, round(marker_radius * 0.55))
    centre = (round(marker_centre[0] + marker_radius * 0.8), round(marker_centre[1] + marker_radius * 0.8))
    rim = max(2, radius // 3)
    rect = pygame.Rect(0, 0, 2 * radius + 2, 2 * radius + 2)
    rect.center = centre
    if connected:
        pygame.draw.circle(surface, theme.GREEN, centre, radius)
        pygame.draw.circle(surface, theme.INK, centre, radius, max(1, rim - 1))
    else:
        pygame.draw.circle(surface, theme.WHITE, centre, radius)
        pygame.draw.circle(surface, theme.RED, centre, radius, rim)
        offset = round(radius * 0.7)
        pygame.draw.line(
            surface, theme.RED, (centre[0] - offset, centre[1] + offset), (centre[0] + offset, centre[1] - offset), rim
        )
    return rect


__all__ = ["presence_mark"]
