"""The end-of-round scoring overlay of Bits: every board with its scoring areas outlined, the points
per goal card, the round and the running total; solo games show the rank after the last round."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from bauhausbox.games.bits.cards import CARD_BY_ID, rank_ladder, solo_rank
from bauhausbox.games.bits.rules import BitsState, round_breakdown, round_totals
from bauhausbox.games.bits.screen import paint
from bauhausbox.i18n import N_, _, counted, translate
from bauhausbox.scenes.common import overlay_panel
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button

if TYPE_CHECKING:
    from bauhausbox.match import Match
    from bauhausbox.ui.theme import Colour


class ScoredTable(Protocol):
    """What the overlay needs of the game screen under it (the Bits screen)."""

    match: Match
    mouse: tuple[int, int]

    def seat_style(self, seat: int) -> tuple[Colour, str]: ...


class BitsRoundScene(Scene):
    """Per-card scoring of a finished round on every board, the scoring areas outlined; hovering a
    card's line shows only that card's areas. Solo games show the rank after the last round."""

    opaque = False
    name = "bits-round"

    def __init__(self, app: App, game_scene: ScoredTable, round_number: int) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        self.round_number = round_number
        self.state: BitsState = game_scene.match.state
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.card_lines: list[tuple[int, int, pygame.Rect]] = []  # (seat, card index, rect)
        last = round_number >= self.state.rounds_total
        self.button = self.widgets.add(Button(N_("Final scores") if last else N_("Next round"), self.close, "primary"))

    def close(self) -> None:
        self.app.pop(self)

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        u = metrics.u
        self.panel = pygame.Rect(u(3), u(3), metrics.width - u(6), metrics.height - u(6))
        bw = max(u(24), self.button.natural_width(metrics))  # "Manche suivante" is longer than "Next round"
        self.button.rect = pygame.Rect(
            self.panel.right - u(3) - bw, self.panel.bottom - u(2.5) - metrics.button_height, bw, metrics.button_height
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
            pygame.K_ESCAPE,
        ):
            self.close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        state = self.state
        players = state.players
        title = _("Round {number} of {total} — scoring").format(number=self.round_number, total=state.rounds_total)
        overlay_panel(surface, self.panel, m, title, theme.BLUE)
        colour_blind = bool(getattr(self.app.settings, "colour_blind", False))
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else self.game_scene.mouse
        inner = self.panel.inflate(-m.u(6), 0)
        top = self.panel.top + m.u(10)
        bottom = self.button.rect.top - m.u(2)
        col_w = inner.width // max(players, 1) if players > 1 else inner.width // 2
        totals = round_totals(state)
        running = [sum(r[s] for r in totals[: self.round_number]) for s in range(players)]
        self.card_lines = []
        goals = state.active_goals(self.round_number)
        # Each card's line: its icon, what it asks for (wrapped, never under the points) and the points.
        line_w = min(col_w - m.u(2), m.u(40))
        base_h = round(m.body * 1.45)
        size = max(14, m.small - 2)
        step = round(size * 1.2)
        room = line_w - (base_h - 4) - m.u(2.5) - draw.render_text("+10", m.body, weight="bold").get_width()
        words = [draw.wrap(translate(CARD_BY_ID[card_id].describe()), size, room) for card_id in goals]
        heights = [max(base_h, len(lines) * step + 6) for lines in words]
        lines_h = sum(heights) + 2 * base_h
        board_size = max(m.u(12), min(col_w - m.u(4), bottom - top - lines_h - m.u(6)))
        for seat in range(players):
            left = inner.left + seat * col_w
            colour, shape = self.game_scene.seat_style(seat)
            draw.seat_shape(surface, shape, (left + m.u(1.5), top + m.u(1.4)), m.u(1.3), colour)
            draw.text(
                surface,
                self.game_scene.match.seat_name(seat),
                (left + m.u(4), top + m.u(1.4)),
                m.body,
                theme.INK,
                "semibold",
                "midleft",
            )
            breakdown = round_breakdown(state, self.round_number, seat)
            hovered = None
            y = top + m.u(4) + board_size + m.u(2)
            lines: list[pygame.Rect] = []
            for height in heights:
                lines.append(pygame.Rect(left, lines[-1].bottom if lines else y, line_w, height))
            for index, line in enumerate(lines):
                self.card_lines.append((seat, index, line))
                if line.collidepoint(mouse):
                    hovered = index
                    pygame.draw.rect(surface, theme.YELLOW, line)
            board_rect = pygame.Rect(left, top + m.u(4), board_size, board_size)
            paint.draw_flat_board(
                surface,
                board_rect,
                state.finished[self.round_number - 1][seat],
                colour_blind,
                paint.card_score_areas(breakdown, hovered),
            )
            for score, line, text in zip(breakdown, lines, words, strict=True):
                mini = pygame.Rect(line.left + m.u(0.5), line.top + 2, base_h - 4, base_h - 4)
                paint.draw_goal_card(surface, mini, score.card, colour_blind, compact=True)
                with layout_probe.box(line):
                    for number, part in enumerate(text):
                        draw.text(
                            surface,
                            part,
                            (mini.right + m.u(1), line.top + 3 + number * step),
                            size,
                            theme.INK,
                            "regular",
                        )
                draw.text(
                    surface,
                    f"{score.points:+d}",
                    (line.right - m.u(0.5), line.centery),
                    m.body,
                    theme.RED if score.points < 0 else theme.INK,
                    "bold",
                    "midright",
                )
            y = (lines[-1].bottom if lines else y) + m.u(0.5)
            line_h = base_h
            right = left + line_w
            pygame.draw.line(surface, theme.INK, (left, y), (right, y), 2)
            draw.text(surface, _("Round"), (left, y + m.u(0.5)), m.body, theme.INK, "bold")
            draw.text(
                surface,
                f"{totals[self.round_number - 1][seat]:+d}",
                (right - m.u(0.5), y + m.u(0.5)),
                m.body,
                theme.INK,
                "bold",
                "topright",
            )
            draw.text(surface, _("Total"), (left, y + m.u(0.5) + line_h), m.body, theme.GREY, "semibold")
            draw.text(
                surface,
                str(running[seat]),
                (right - m.u(0.5), y + m.u(0.5) + line_h),
                m.body,
                theme.GREY,
                "semibold",
                "topright",
            )
        if players == 1:
            self._draw_solo(
                surface,
                pygame.Rect(inner.left + col_w + m.u(2), top, inner.width - col_w - m.u(2), bottom - top),
                running[0],
            )
        draw.text(
            surface,
            _("Hover a card's line to see only its areas."),
            (self.panel.left + m.u(4), self.button.rect.centery),
            m.small,
            theme.GREY,
            "regular",
            "midleft",
        )
        super().draw(surface)

    def _draw_solo(self, surface: pygame.Surface, rect: pygame.Rect, total: int) -> None:
        m = self.metrics
        if self.round_number < 3:
            draw.heading(surface, _("Solo"), (rect.left, rect.top), m.heading)
            draw.paragraph(
                surface,
                _("{points} after {rounds}. Your rank is read from the total of rounds 1–3.").format(
                    points=counted("{n} point", "{n} points", total),
                    rounds=counted("{n} round", "{n} rounds", self.round_number),
                ),
                pygame.Rect(rect.left, rect.top + m.u(5), rect.width, rect.height),
                m.body,
            )
            return
        rank = solo_rank(total)
        draw.heading(surface, _("Your rank"), (rect.left, rect.top), m.heading)
        draw.text(surface, _(rank), (rect.left, rect.top + m.u(5)), m.title, theme.BLUE, "black")
        draw.text(
            surface,
            counted("{n} point over rounds 1–3", "{n} points over rounds 1–3", total),
            (rect.left, rect.top + m.u(5) + m.title + m.u(1)),
            m.body,
            theme.INK,
            "semibold",
        )
        y = rect.top + m.u(10) + m.title
        place = getattr(self.game_scene, "best_place", None)
        if place is not None:
            message = (
                _("A new personal best!")
                if place == 0
                else _("Number {place} on your personal best list.").format(place=place + 1)
            )
            draw.text(surface, message, (rect.left, y), m.body, theme.RED, "bold")
        y += m.u(5)
        rounds = [r[0] for r in round_totals(self.state)][:3]
        draw.text(
            surface,
            "   ·   ".join(
                _("round {number}: {points}").format(number=n, points=f"{points:+d}")
                for n, points in enumerate(rounds, start=1)
            ),
            (rect.left, y),
            m.body,
            theme.GREY,
            "semibold",
        )
        # The ladder, the rank reached on yellow.
        y += m.u(5)
        row_h = min(m.u(4), max(m.small + 6, (rect.bottom - y) // 7))
        width = min(rect.width, m.u(44))
        for name_words, span_words in rank_ladder():
            name, span = translate(name_words), translate(span_words)
            box = pygame.Rect(rect.left, y, width, row_h - 2)
            paint.rank_row(surface, box, (name, span), name_words == rank, (m.small, m.small), m.u(1))
            y += row_h
