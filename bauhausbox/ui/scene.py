"""The scene base class and its lifecycle.

The app keeps a stack of scenes. Events go to the top scene only (it may pass them down by
returning False when it is not ``modal``); every frame the top scene is updated and the scenes are
drawn bottom-up from the highest ``opaque`` one, so overlays (pause menu, dialogs) show the game
underneath.

Lifecycle, in order:
1. ``__init__(app, ...)`` — build widgets; do not assume a window size yet.
2. ``on_enter()`` — pushed on the stack; ``layout(metrics)`` follows at once.
3. ``layout(metrics)`` — place everything for the window size; called again on every resize.
4. per frame: ``handle_event(event)`` for each event (top scene), ``update(dt)``, ``draw(surface)``.
5. ``on_cover()`` / ``on_uncover()`` — another scene was pushed on top / popped off.
6. ``on_exit()`` — popped or replaced; release timers, cancel background work.
Scenes never change game state themselves: they turn gestures into moves and ask the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import WidgetGroup

if TYPE_CHECKING:
    from bauhausbox.ui.app import App


class Scene:
    opaque = True  # draws the whole window (scenes below need not be drawn)
    modal = True  # events never fall through to the scene below
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets = WidgetGroup()
        self.metrics = app.metrics
        self._static: pygame.Surface | None = None
        self._static_key: object = None

    # -- lifecycle --------------------------------------------------------------------------
    def on_enter(self) -> None: ...

    def on_exit(self) -> None: ...

    def on_cover(self) -> None: ...

    def on_uncover(self) -> None: ...

    def layout(self, metrics: Metrics) -> None:
        self.metrics = metrics

    # -- per frame --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used. The base class feeds the widgets."""
        return self.widgets.handle_event(event)

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None:
        self.widgets.draw(surface, self.metrics)

    def draw_static(self, surface: pygame.Surface) -> None:
        """Draw what does not change between frames (backgrounds, posters, headings). Cached per
        window size by :meth:`blit_static`; call :meth:`invalidate_static` when it must change."""

    def blit_static(self, surface: pygame.Surface) -> None:
        key = (self.metrics.width, self.metrics.height)
        if self._static is None or self._static_key != key:
            self._static = pygame.Surface(key).convert()
            self.draw_static(self._static)
            self._static_key = key
        surface.blit(self._static, (0, 0))

    def invalidate_static(self) -> None:
        self._static = None

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after ``draw`` (tooltips)."""
        self.widgets.draw_tooltip(surface, self.metrics)
