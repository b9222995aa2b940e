"""The end-of-round scoring overlay of Bits: every board with its scoring areas outlined, the points
per goal card, the round and the running total; solo games show the rank after the last round."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol

import pygame

from bauhausbox.games.bits.cards import CARD_BY_ID, rank_ladder, solo_rank
from bauhausbox.games.bits.rules import BitsState, round_breakdown, round_totals
from bauhausbox.games.bits.screen import paint
from bauhausbox.i18n import N_, _, counted, translate
from bauhausbox.scenes.common import overlay_panel, title_lines
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button

if TYPE_CHECKING:
    from bauhausbox.match import Match
    from bauhausbox.ui.theme import Colour


HOVER = N_("Hover a card's line to see only its areas.")


class _Plan(NamedTuple):
    """The scoring table's measures for a window size (``BitsRoundScene.layout``)."""

    label_w: int  # the label column: each card's picture and words
    col_w: int  # a player's column
    base_h: int  # a line of the table
    step: int  # a line of a card's words
    words: list[list[str]]  # each card's words, wrapped
    heights: list[int]  # each card's row
    width: int  # the whole table
    top: int  # from the panel's top edge to the players' names
    board: int  # a board's side


class ScoredTable(Protocol):
    """What the overlay needs of the game screen under it (the Bits screen)."""

    match: Match
    mouse: tuple[int, int]

    def seat_style(self, seat: int) -> tuple[Colour, str]: ...

    def scoring_closed(self) -> None: ...


class BitsRoundScene(Scene):
    """Per-card scoring of a finished round on every board, the scoring areas outlined; hovering a
    card's row shows only that card's areas on every board. Solo games show the rank after the last round."""

    opaque = False
    name = "bits-round"

    def __init__(self, app: App, game_scene: ScoredTable, round_number: int) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        self.round_number = round_number
        self.state: BitsState = game_scene.match.state
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.card_lines: list[tuple[int, pygame.Rect]] = []  # (card index, its row across the table)
        self.plan = _Plan(0, 0, 0, 0, [], [], 0, 0, 0)  # measured by layout
        last = round_number >= self.state.rounds_total
        self.button = self.widgets.add(Button(N_("Final scores") if last else N_("Next round"), self.close, "primary"))

    def close(self) -> None:
        self.app.pop(self)
        self.game_scene.scoring_closed()  # the screen behind goes on to the next round

    def layout(self, metrics: Metrics) -> None:
        """A dialog as large as its table needs, centred, clear of the game's top bar above (so no
        title shows cut behind it) and as far from the bottom; a table too large for that room gets
        smaller boards, then the room between the bars."""
        super().layout(metrics)
        u = metrics.u
        room_w, room_h = metrics.width - 2 * u(6), metrics.height - 2 * u(10)
        plan = self._plan(metrics, room_w - u(6))
        bw = max(u(24), self.button.natural_width(metrics))  # "Manche suivante" is longer than "Next round"
        hover = draw.render_text(_(HOVER), metrics.small).get_width()
        width = min(room_w, max(plan.width + u(6), hover + bw + u(10)))
        title_size, lines = title_lines(self.title(), width, metrics)
        top = max(u(10), u(6) + len(lines) * round(title_size * 1.15))  # the title's lines and a gap
        below = u(2) + metrics.button_height + u(2.5)  # the gap above the button, the button, its margin
        fixed = top + u(4) + u(2) + sum(plan.heights) + u(0.5) + 2 * plan.base_h + below
        board = max(u(12), min(plan.col_w - u(3), room_h - fixed))
        height = fixed + board
        if self.state.players == 1:  # the rank and its ladder beside the board
            height = max(height, top + self._solo_height(metrics) + below)
        self.plan = plan._replace(top=top, board=board)
        self.panel = pygame.Rect(0, 0, width, min(metrics.height - u(4), height))
        self.panel.center = (metrics.width // 2, metrics.height // 2)
        self.button.rect = pygame.Rect(
            self.panel.right - u(3) - bw, self.panel.bottom - u(2.5) - metrics.button_height, bw, metrics.button_height
        )

    def title(self) -> str:
        return _("Round {number} of {total} — scoring").format(number=self.round_number, total=self.state.rounds_total)

    def _plan(self, m: Metrics, room: int) -> _Plan:
        """The table's columns in ``room`` pixels: the label column (each card's picture and its words,
        wrapped) and a column per player, as wide as a board wants (solo: the rank's room beside it)."""
        players = self.state.players
        label_w = max(m.u(24), min(m.u(34), room // (players + 2)))
        seats_w = room - label_w - m.u(2)
        col_w = min(m.u(34), seats_w // (players if players > 1 else 2))
        base_h = round(m.body * 1.45)
        step = round(m.small * 1.2)
        mini_w = base_h - 4
        words = [
            draw.wrap(translate(CARD_BY_ID[card_id].describe()), m.small, label_w - mini_w - m.u(2))
            for card_id in self.state.active_goals(self.round_number)
        ]
        heights = [max(base_h, len(lines) * step + 6) for lines in words]
        width = label_w + m.u(2) + players * col_w
        if players == 1:
            width = min(room, width + m.u(2) + self._solo_width(m))
        return _Plan(label_w, col_w, base_h, step, words, heights, width, m.u(10), m.u(12))

    def _running(self) -> list[int]:
        totals = round_totals(self.state)
        return [sum(r[s] for r in totals[: self.round_number]) for s in range(self.state.players)]

    def _solo_width(self, m: Metrics) -> int:
        """The solo part's width: the ladder's, or the rank's name in large letters when it is wider."""
        if self.round_number < 3:
            return m.u(44)
        total = self._running()[0]
        rank = draw.render_text(_(solo_rank(total)), m.title, weight="black").get_width()
        lines = [self._rounds_line(), counted("{n} point over rounds 1–3", "{n} points over rounds 1–3", total)]
        best = self._best_message()
        lines += [best] if best else []
        widest = max(draw.render_text(line, m.body, weight="bold").get_width() for line in lines)
        return max(m.u(44), rank, widest) + m.u(1)

    def _best_message(self) -> str:
        """Solo, after the last round: the place the game took on the personal best list, or ""."""
        place = getattr(self.game_scene, "best_place", None)
        if place is None:
            return ""
        if place == 0:
            return _("A new personal best!")
        return _("Number {place} on your personal best list.").format(place=place + 1)

    def _rounds_line(self) -> str:
        """Each of the first three rounds' points, on one line (solo, after the third)."""
        rounds = [r[0] for r in round_totals(self.state)][:3]
        return "   ·   ".join(
            _("round {number}: {points}").format(number=n, points=f"{points:+d}")
            for n, points in enumerate(rounds, start=1)
        )

    def _solo_height(self, m: Metrics) -> int:
        """The solo part's height: the rank, its lines and the ladder of seven ranks (``_draw_solo``)."""
        return m.u(48) + m.title if self.round_number >= 3 else m.u(18)

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
        """A table: a column per player (name, board, points), a row per goal card, each card said
        once in the label column on the left, then the round's and the running totals."""
        m = self.metrics
        state = self.state
        players = state.players
        plan = self.plan
        overlay_panel(surface, self.panel, m, self.title(), theme.BLUE)
        colour_blind = bool(getattr(self.app.settings, "colour_blind", False))
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else self.game_scene.mouse
        inner = self.panel.inflate(-m.u(6), 0)
        top = self.panel.top + plan.top
        bottom = self.button.rect.top - m.u(2)
        label_w, col_w, base_h, step = plan.label_w, plan.col_w, plan.base_h, plan.step
        seats_left = inner.left + label_w + m.u(2)
        totals = round_totals(state)
        running = self._running()
        goals = state.active_goals(self.round_number)
        # Each card's row: its picture and what it asks for (wrapped) in the label column.
        size = m.small
        mini_w = base_h - 4
        words, heights, board_size = plan.words, plan.heights, plan.board
        y = top + m.u(4) + board_size + m.u(2)
        rows: list[pygame.Rect] = []
        for height in heights:
            rows.append(
                pygame.Rect(
                    inner.left, rows[-1].bottom if rows else y, seats_left + players * col_w - inner.left, height
                )
            )
        self.card_lines = [(index, row) for index, row in enumerate(rows)]
        hovered = next((index for index, row in self.card_lines if row.collidepoint(mouse)), None)
        if hovered is not None:
            pygame.draw.rect(surface, theme.YELLOW, rows[hovered])
        for card_id, row, lines in zip(goals, rows, words, strict=True):
            mini = pygame.Rect(row.left + m.u(0.5), row.top + 2, mini_w, mini_w)
            paint.draw_goal_card(surface, mini, CARD_BY_ID[card_id], colour_blind, compact=True)
            with layout_probe.box(pygame.Rect(row.left, row.top, label_w, row.height)):
                for number, part in enumerate(lines):
                    draw.text(surface, part, (mini.right + m.u(1), row.top + 3 + number * step), size, theme.INK)
        y = (rows[-1].bottom if rows else y) + m.u(0.5)
        right = seats_left + players * col_w - m.u(1)
        pygame.draw.line(surface, theme.INK, (inner.left, y), (right, y), 2)
        draw.text(surface, _("Round"), (inner.left, y + m.u(0.5)), m.body, theme.INK, "bold")
        draw.text(surface, _("Total"), (inner.left, y + m.u(0.5) + base_h), m.body, theme.GREY, "semibold")
        for seat in range(players):
            left = seats_left + seat * col_w
            column = pygame.Rect(left, top, col_w - m.u(2), bottom - top)
            colour, shape = self.game_scene.seat_style(seat)
            draw.seat_shape(surface, shape, (left + m.u(1.5), top + m.u(1.4)), m.u(1.3), colour)
            name = self.game_scene.match.seat_name(seat)
            with layout_probe.box(column):
                draw.text(surface, name, (left + m.u(4), top + m.u(1.4)), m.body, theme.INK, "semibold", "midleft")
            breakdown = round_breakdown(state, self.round_number, seat)
            paint.draw_flat_board(
                surface,
                pygame.Rect(left, top + m.u(4), board_size, board_size),
                state.finished[self.round_number - 1][seat],
                colour_blind,
                paint.card_score_areas(breakdown, hovered),
            )
            cell_right = left + min(board_size, column.width)
            for score, row in zip(breakdown, rows, strict=True):
                draw.text(
                    surface,
                    f"{score.points:+d}",
                    (cell_right, row.centery),
                    m.body,
                    theme.RED if score.points < 0 else theme.INK,
                    "bold",
                    "midright",
                )
            draw.text(
                surface,
                f"{totals[self.round_number - 1][seat]:+d}",
                (cell_right, y + m.u(0.5)),
                m.body,
                theme.INK,
                "bold",
                "topright",
            )
            draw.text(
                surface,
                str(running[seat]),
                (cell_right, y + m.u(0.5) + base_h),
                m.body,
                theme.GREY,
                "semibold",
                "topright",
            )
        if players == 1:
            solo_left = seats_left + col_w + m.u(2)
            self._draw_solo(surface, pygame.Rect(solo_left, top, inner.right - solo_left, bottom - top), running[0])
        draw.text(
            surface,
            _(HOVER),
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
        message = self._best_message()
        if message:
            draw.text(surface, message, (rect.left, y), m.body, theme.RED, "bold")
        y += m.u(5)
        draw.text(
            surface,
            self._rounds_line(),
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
