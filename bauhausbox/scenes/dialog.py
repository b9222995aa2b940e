"""A modal message with buttons (broken save, undo agreement, confirmations).

The title, the message and the button labels are shown in the players' language when drawn
(:func:`~bauhausbox.ui.text.shown`): pass marked constants (``N_``), :class:`~bauhausbox.engine.api.Words`
or texts already translated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from bauhausbox.i18n import N_
from bauhausbox.scenes.common import overlay_panel
from bauhausbox.ui import draw, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button

ButtonSpec = tuple[str, Callable[[], None] | None, str]


class DialogScene(Scene):
    opaque = False
    name = "dialog"

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        buttons: Sequence[ButtonSpec] = ((N_("OK"), None, "primary"),),
        accent: theme.Colour = theme.RED,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.accent = accent
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        for label, action, kind in buttons:
            self.buttons.append(self.widgets.add(Button(label, self._closer(action), kind)))

    def _closer(self, action: Callable[[], None] | None) -> Callable[[], None]:
        def close() -> None:
            self.app.pop(self)
            if action:
                action()

        return close

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        # Wide enough for the title on one line (a question naming a player and a power is long).
        title = draw.render_text(shown(self.title).upper(), metrics.heading, weight="bold", spacing=0.12).get_width()
        width = min(metrics.width - metrics.u(8), max(metrics.u(76), title + metrics.u(8)))
        lines = draw.wrap(shown(self.message), metrics.body, width - metrics.u(8))
        height = metrics.u(13) + len(lines) * round(metrics.body * 1.35) + metrics.button_height + metrics.u(3)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (metrics.width // 2, metrics.height // 2)
        x = self.panel.right - metrics.u(4)
        for button in reversed(self.buttons):
            w = max(metrics.u(16), button.natural_width(metrics))
            button.rect = pygame.Rect(
                x - w, self.panel.bottom - metrics.u(3) - metrics.button_height, w, metrics.button_height
            )
            x -= w + metrics.u(2)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                # Escape means the last (safest) choice.
                self.buttons[-1].click()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.buttons[0].click()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        overlay_panel(surface, self.panel, m, self.title, self.accent)
        text_rect = pygame.Rect(self.panel.left + m.u(4), self.panel.top + m.u(10), self.panel.width - m.u(8), 1000)
        draw.paragraph(surface, shown(self.message), text_rect, m.body, line_gap=1.35)
        super().draw(surface)
