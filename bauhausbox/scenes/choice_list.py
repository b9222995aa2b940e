"""The list of all the values of a choice, opened by a click on its middle: the player picks one
directly instead of stepping through the others (the setup's seats: Human is one click away, never
past "Player on another computer", which turns Start into "Host the table").

The list opens under the choice (above it when there is no room), as wide as it, the current value
marked. A click on a row picks it; Up and Down move the mark, Enter picks it; Escape or a click
outside closes the list and keeps the value.
"""

from __future__ import annotations

import pygame

from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Choice, Widget


class ListRow(Widget):
    """One value of the list: its words, marked when it is the value the list would pick."""

    def __init__(self, owner: ChoiceListScene, index: int, label: str) -> None:
        super().__init__()
        self.owner = owner
        self.index = index
        self.label = label

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if event.type == pygame.MOUSEMOTION and self.hovered:
            self.owner.marked = self.index
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            self.owner.pick(self.index)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        current = self.index == self.owner.current
        if self.index == self.owner.marked:
            pygame.draw.rect(surface, theme.mix(theme.WHITE, theme.YELLOW, 0.35), self.rect)
        label = shown(self.label)
        size = draw.fitting_size(label, metrics.body, self.rect.width - metrics.u(3), "semibold")
        weight = "bold" if current else "semibold"
        draw.text(
            surface, label, (self.rect.left + metrics.u(1.5), self.rect.centery + 1), size, theme.INK, weight, "midleft"
        )


class ChoiceListScene(Scene):
    """A choice's values as a list under it; the scene below stays as it is (no veil: a menu, not a
    question)."""

    opaque = False
    name = "choice_list"

    def __init__(self, app: App, choice: Choice) -> None:
        super().__init__(app)
        self.choice = choice
        self.current = choice.index
        self.marked = self.current
        self.rows = [self.widgets.add(ListRow(self, i, label)) for i, (_value, label) in enumerate(choice.choices)]
        self.panel = pygame.Rect(0, 0, 0, 0)

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        row_h = round(metrics.body * 2.0)
        pad = metrics.u(0.5)
        width = max(self.choice.rect.width, *(self._natural(row, metrics) for row in self.rows))
        height = row_h * len(self.rows) + 2 * pad
        panel = pygame.Rect(self.choice.rect.left, self.choice.rect.bottom + metrics.u(0.5), width, height)
        window = pygame.Rect(0, 0, metrics.width, metrics.height)
        if panel.bottom > window.bottom - metrics.u(1):  # no room below: above the choice
            panel.bottom = self.choice.rect.top - metrics.u(0.5)
        self.panel = panel.clamp(window)
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(self.panel.left + pad, self.panel.top + pad + i * row_h, width - 2 * pad, row_h)

    @staticmethod
    def _natural(row: ListRow, metrics: Metrics) -> int:
        return draw.render_text(shown(row.label), metrics.body, theme.INK, "bold").get_width() + metrics.u(4)

    def pick(self, index: int) -> None:
        self.app.pop(self)
        value = self.choice.choices[index][0]
        if value != self.choice.value:
            self.choice.value = value
            self.choice.on_change(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and not self.panel.collidepoint(event.pos):
            self.app.pop(self)  # a click elsewhere closes the list and is not passed on
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop(self)
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.marked = (self.marked + (1 if event.key == pygame.K_DOWN else -1)) % len(self.rows)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.pick(self.marked)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.shadow_rect(surface, self.panel, m.u(0.75))
        layout_probe.panel(self.panel)
        pygame.draw.rect(surface, theme.WHITE, self.panel)
        pygame.draw.rect(surface, theme.INK, self.panel, max(2, m.rule - 1))
        super().draw(surface)
