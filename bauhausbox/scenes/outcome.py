"""The outcome of a move, shown to the player who made it before the device passes.

In a pass-and-play game with secrets, a move can bring its maker something only they may see (the
tiles a Buizen move drew, the points of their secret colour). Without this moment the curtain for
the next player would come at once and the maker would never see it. So, after a human's move at a
curtained table, when the device is about to leave them, the game's screen may give a
:class:`MoveOutcome` (``GameScene.move_outcome``): the move in words as its maker knows it, and the
pictures of what only they may see. It stands over the veiled table until the maker says they are
done (the button, Enter or Space); then the handover goes on (the curtain, or a computer's turn).
The public part of the move is in the log and the recap, for everyone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from bauhausbox.engine.api import Seat
from bauhausbox.i18n import N_
from bauhausbox.scenes.common import overlay_panel, title_lines
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Colour, Metrics
from bauhausbox.ui.widgets import Button

#: A picture of one thing only the mover may see, painted at a size in pixels.
Picture = Callable[[int], pygame.Surface]


@dataclass(frozen=True)
class MoveOutcome:
    """What a move brought its maker: ``title`` ("Your move, Anni"), ``lines`` (the move in words as
    they know it, their points), and ``pictures`` under ``caption`` ("You drew"), private to
    ``seat``."""

    seat: Seat
    title: str
    lines: Sequence[str]
    caption: str = ""
    pictures: Sequence[Picture] = ()
    accent: Colour = theme.BLUE


class OutcomeScene(Scene):
    """The outcome of the last move, for its maker only, over the veiled table."""

    opaque = False
    name = "outcome"

    def __init__(self, app: App, outcome: MoveOutcome) -> None:
        super().__init__(app)
        self.outcome = outcome
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.done_button = self.widgets.add(Button(N_("Done: hide my tiles"), self.done, "primary"))
        self._picture_size = 0

    def done(self) -> None:
        self.app.pop(self)

    def _text_lines(self, width: int, m: Metrics) -> list[list[str]]:
        """Each of the outcome's lines wrapped to ``width`` (a small gap goes between them)."""
        return [draw.wrap(shown(text), m.body, width) for text in self.outcome.lines]

    def _text_height(self, width: int, m: Metrics) -> int:
        wrapped = self._text_lines(width, m)
        return sum(len(lines) for lines in wrapped) * round(m.body * 1.35) + m.u(1) * max(0, len(wrapped) - 1)

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        m = metrics
        width = min(m.width - m.u(8), max(m.u(80), self.done_button.natural_width(m) + m.u(8)))
        inner = width - m.u(8)
        self._picture_size = min(m.u(12), (inner - m.u(2) * 3) // 4)
        _size, titles = title_lines(self.outcome.title, width, m)
        height = m.u(10) + round(_size * 1.15) * (len(titles) - 1)
        height += self._text_height(inner, m)
        if self.outcome.pictures:
            rows = -(-len(self.outcome.pictures) // 4)
            height += m.u(2) + round(m.small * 1.4) + rows * (self._picture_size + m.u(2))
        height += m.u(3) + m.button_height + m.u(3)
        self.panel = pygame.Rect(0, 0, width, min(height, m.height - m.u(4)))
        self.panel.center = (m.width // 2, m.height // 2)
        button_w = min(inner, self.done_button.natural_width(m))
        bottom = self.panel.bottom - m.u(3) - m.button_height
        self.done_button.rect = pygame.Rect(self.panel.right - m.u(4) - button_w, bottom, button_w, m.button_height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.done()
        return True  # nothing reaches the table underneath

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        outcome = self.outcome
        overlay_panel(surface, self.panel, m, outcome.title, outcome.accent)
        size, titles = title_lines(outcome.title, self.panel.width, m)
        left = self.panel.left + m.u(4)
        inner = self.panel.width - m.u(8)
        y = self.panel.top + m.u(10) + round(size * 1.15) * (len(titles) - 1)
        with layout_probe.box(self.panel):
            for lines in self._text_lines(inner, m):
                for line in lines:
                    draw.text(surface, line, (left, y), m.body, theme.INK)
                    y += round(m.body * 1.35)
                y += m.u(1)
            if outcome.pictures:
                y += m.u(2)
                draw.text(surface, shown(outcome.caption), (left, y), m.small, theme.GREY, "semibold")
                y += round(m.small * 1.4)
                layout_probe.private(outcome.seat, "draw")  # only the mover is at the screen
                tile = self._picture_size
                for index, paint in enumerate(outcome.pictures):
                    x = left + (index % 4) * (tile + m.u(2))
                    top = y + (index // 4) * (tile + m.u(2))
                    surface.blit(paint(tile), (x, top))
        super().draw(surface)
