"""What the replay viewer needs of a game's analysis (``GameHooks.analysis_view`` gives one; Blokus has
it): its buttons, a strip under the board with the chances along the moves, what it draws on the board
at a position, and a stop that leaves no search running. The replay viewer knows nothing more of it."""

from __future__ import annotations

from typing import Protocol

import pygame

from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button


class AnalysisView(Protocol):
    """A game's analysis on the replay viewer's screen."""

    #: The top bar's "Analyse" toggle first, then the strip's own buttons (the viewer adds them all).
    buttons: list[Button]

    @property
    def shown(self) -> bool:
        """Whether the strip is on screen (the board gives it room)."""
        ...

    def strip_height(self, metrics: Metrics) -> int: ...

    def layout(self, metrics: Metrics, strip: pygame.Rect, toggle_right: int, toggle_box: pygame.Rect) -> None:
        """Place the strip, and the toggle with its right edge at ``toggle_right`` inside ``toggle_box``'s rows."""
        ...

    def toggle(self) -> None:
        """Show the strip and start (or resume) the analysis, or hide it and stop."""
        ...

    def close(self) -> None:
        """Stop every search at once (the viewer closes)."""
        ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface, position: int, hovered: int | None) -> None: ...

    def draw_on_board(self, surface: pygame.Surface, position: int) -> None:
        """What the analysis shows on the board at ``position`` (the better move at a turning point)."""
        ...

    def position_at(self, pos: tuple[int, int]) -> int | None:
        """The position of the graph's point under the screen point ``pos``."""
        ...
