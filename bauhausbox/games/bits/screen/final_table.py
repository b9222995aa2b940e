"""The Bits game-over table: the shared one, with each round's goal cards drawn as small cards after
its label (the rules' table says only "Round 2"), and, after a solo game, the best solo results with
this game's place marked (``bits/bests.py``)."""

from __future__ import annotations

import pygame

from bauhausbox.games.bits.cards import CARD_BY_ID
from bauhausbox.games.bits.records import bests
from bauhausbox.games.bits.rules import BitsState
from bauhausbox.games.bits.screen import paint
from bauhausbox.games.bits.screen.solo_bests import solo_best_line
from bauhausbox.i18n import _, translate
from bauhausbox.persistence.paths import data_dir
from bauhausbox.scenes.game_over import FinishedTable, GameOverScene
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import tooltip

SHOWN_BESTS = 5  # the solo results listed under a solo game's table


def load_bests() -> list[bests.SoloResult]:
    """The best solo results on disk, best first (none when the data folder cannot be read)."""
    try:
        return bests.load(data_dir()).results
    except OSError:
        return []


class BitsGameOverScene(GameOverScene):
    def __init__(
        self, app: App, game_scene: FinishedTable, best_place: int | None = None, why_not_counted: str | None = None
    ) -> None:
        super().__init__(app, game_scene)
        # Why a solo game stays off the bests (undone past a seen tile card, or played with hints).
        self.why_not_counted = why_not_counted
        self.counted = why_not_counted is None
        state: BitsState = game_scene.match.state
        self.state = state
        self.best_place = best_place  # this game's place on the solo list (None: not on it, or not solo)
        self.bests = load_bests()[:SHOWN_BESTS] if state.players == 1 else []
        self.hovered: tuple[str, pygame.Rect] | None = None  # the goal card under the pointer, told in words

    def _round_of(self, index: int) -> int | None:
        """The round a row of the rules' table stands for (its rows start with one per round)."""
        return index + 1 if index < len(self.state.finished) else None

    def _card_side(self, metrics: Metrics) -> int:
        return round(metrics.body * 1.7) - metrics.u(1)

    def label_width(self, metrics: Metrics) -> int:
        cards = len(self.state.active_goals(len(self.state.finished)))
        return max(super().label_width(metrics), metrics.u(14) + cards * (self._card_side(metrics) + metrics.u(0.5)))

    def draw_label(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        super().draw_label(surface, index, rect)
        number = self._round_of(index)
        if number is None:
            return
        side = self._card_side(self.metrics)
        colour_blind = bool(getattr(self.app.settings, "colour_blind", False))
        x = rect.left + self.metrics.u(13)
        for card_id in self.state.active_goals(number):
            card = pygame.Rect(x, rect.centery - side // 2, side, side)
            paint.draw_goal_card(surface, card, CARD_BY_ID[card_id], colour_blind, compact=True)
            layout_probe.control(f"goal card {card_id}", card)
            if card.collidepoint(pygame.mouse.get_pos()):
                self.hovered = card_id, card
            x = card.right + self.metrics.u(0.5)

    def draw(self, surface: pygame.Surface) -> None:
        self.hovered = None
        super().draw(surface)
        if self.hovered is not None:  # what the small card asks for, as the goal cards' captions say it
            card_id, card = self.hovered
            tooltip(surface, translate(CARD_BY_ID[card_id].describe()), pygame.mouse.get_pos(), self.metrics, card)

    def below_table_height(self, metrics: Metrics) -> int:
        if self.state.players != 1:
            return 0
        return metrics.u(6) + (max(1, len(self.bests)) + (not self.counted)) * metrics.u(3.5)

    def draw_below_table(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        m = self.metrics
        with layout_probe.box(rect):
            draw.heading(surface, _("Solo bests"), (rect.left + m.u(1), rect.top + m.u(1)), m.body)
            y = rect.top + m.u(5.5)
            if self.why_not_counted is not None:
                note = self.why_not_counted
                size = draw.fitting_size(note, m.small, rect.width - m.u(2), "semibold", smallest=12)
                draw.text(surface, note, (rect.left + m.u(1), y), size, theme.GREY, "semibold")
                y += m.u(3.5)
            if not self.bests:
                draw.text(surface, _("No solo game yet."), (rect.left + m.u(1), y), m.small, theme.GREY)
            for place, solo in enumerate(self.bests):
                line = draw.wrap(solo_best_line(place + 1, solo), m.body, rect.width - m.u(2))[0]
                if place == self.best_place:  # this game
                    pygame.draw.rect(surface, theme.YELLOW, (rect.left, y - m.u(0.5), rect.width, m.u(3.5)))
                draw.text(surface, line, (rect.left + m.u(1), y), m.body, theme.INK, "semibold")
                y += m.u(3.5)
