"""The list of all the values of a choice, opened by a click on its middle: the player picks one
directly instead of stepping through the others (the setup's seats: Human is one click away, never
past "Player on another computer", which turns Start into "Host the table").

The list opens under the choice (above it when there is no room), as wide as it (never over the
panels beside it), the current value marked; a value too long for one line takes two, at the same
size. A click on a row picks it; Up and Down move the mark, Enter picks it; Escape or a click outside
closes the list and keeps the value.
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
        weight = "bold" if current else "semibold"
        lines = row_lines(self.label, self.rect.width, metrics)
        step = round(metrics.body * 1.2)
        top = self.rect.centery + 1 - (len(lines) * step) // 2
        for index, line in enumerate(lines):
            draw.text(
                surface, line, (self.rect.left + metrics.u(1.5), top + index * step), metrics.body, theme.INK, weight
            )


def row_lines(label: str, width: int, metrics: Metrics) -> list[str]:
    """A value's words in a row ``width`` wide, at the body size (bold: the current value is)."""
    return draw.wrap(shown(label), metrics.body, width - metrics.u(3), "bold")


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
        pad = metrics.u(0.5)
        width = self.choice.rect.width
        heights = [
            max(
                round(metrics.body * 2.0),
                len(row_lines(row.label, width - 2 * pad, metrics)) * round(metrics.body * 1.2) + metrics.u(1.5),
            )
            for row in self.rows
        ]
        panel = pygame.Rect(
            self.choice.rect.left, self.choice.rect.bottom + metrics.u(0.5), width, sum(heights) + 2 * pad
        )
        window = pygame.Rect(0, 0, metrics.width, metrics.height)
        if panel.bottom > window.bottom - metrics.u(1):  # no room below: above the choice
            panel.bottom = self.choice.rect.top - metrics.u(0.5)
        self.panel = panel.clamp(window)
        y = self.panel.top + pad
        for row, height in zip(self.rows, heights, strict=True):
            row.rect = pygame.Rect(self.panel.left + pad, y, width - 2 * pad, height)
            y += height

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
