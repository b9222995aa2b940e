"""The side panel of the Bits screen: the round's goal cards, the tile card, and the players (their
live boards as thumbnails) or, in a solo game, the ladder of solo ranks.

:class:`BitsPanel` is the part of :class:`~bauhausbox.games.bits.screen.scene.BitsScene` that draws it; each
part declares its box to the layout probe, so a caption running out of the panel fails the layout test.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from bauhausbox.games.bits.cards import CARD_BY_ID, TILES, rank_ladder, solo_rank
from bauhausbox.games.bits.rules import BitsState, Hidden, Pass, Place
from bauhausbox.games.bits.screen import paint
from bauhausbox.i18n import _, counted, fill, translate
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.presence import presence_mark

if TYPE_CHECKING:
    from bauhausbox.engine.api import GameRules
    from bauhausbox.games.bits.rules import Move
    from bauhausbox.match import Match
    from bauhausbox.table import Table
    from bauhausbox.ui.layer import Layers
    from bauhausbox.ui.theme import Colour, Metrics

NOTE_LEAST = 14  # a note beside a heading is never set smaller: it goes under the heading instead
NOTE_GAP = 1.5  # units between a heading and the note beside it


def tile_heading_words() -> tuple[list[str], list[str]]:
    """The tile section's longest headings and its notes, in the players' language (the layout
    makes room for the widest of each: the note's place must not jump from one tile to the next)."""
    titles = [_("Start tile"), _("Tile card {number} of {total}").format(number=len(TILES), total=len(TILES))]
    return titles, [_("neutral in hand"), _("neutral used")]


class BitsPanel:
    """Drawing of the side panel; the scene owns the rects (``layout_game``) and the state."""

    if TYPE_CHECKING:  # provided by BitsScene / GameScene
        metrics: Metrics
        match: Match
        table: Table[Any, Any]
        game: GameRules[BitsState, Move]
        mouse: tuple[int, int]
        cards_rect: pygame.Rect
        tile_rect: pygame.Rect
        players_rect: pygame.Rect
        card_rects: list[tuple[str, pygame.Rect]]
        thumb_rects: dict[int, pygame.Rect]
        peek: int | None
        fresh: dict[int, tuple[int, ...]]
        fresh_until: float
        use_neutral: bool
        personal_best: int | None
        panel_rect: pygame.Rect
        layers: Layers

        def seat_shown(self) -> int: ...
        def shown_board(self, state: BitsState, seat: int) -> str: ...
        def seat_style(self, seat: int) -> tuple[Colour, str]: ...
        def seats_key(self) -> tuple[tuple[str, ...], tuple[bool | None, ...]]: ...
        def seat_kind(self, seat: int) -> str: ...
        def card_pose(self, state: BitsState, seat: int) -> tuple[str, bool]: ...

    def draw_panel(self, surface: pygame.Surface, state: BitsState, colour_blind: bool) -> None:
        """The goal cards, the tile card and the players, painted again only when what they show
        changes (``bauhausbox/ui/layer.py``): the position, the seat in front of the screen, the
        card under the pointer, the boards' fresh marks while they last."""
        hover = next((index for index, (_id, r) in enumerate(self.card_rects) if r.collidepoint(self.mouse)), None)
        fresh = tuple(sorted(self.fresh.items())) if time.monotonic() < self.fresh_until else ()
        pose = self.card_pose(state, self.seat_shown()) if state.to_play is not None and not state.over else None
        looks = (self.seat_shown(), self.peek, colour_blind, self.use_neutral, hover, fresh, pose)
        key = (state, self.match.state, looks, self.seats_key())  # seats: names and who is connected

        def panel(target: pygame.Surface) -> None:
            self.draw_cards(target, state, colour_blind)
            self.draw_tile_card(target, state, colour_blind)
            self.draw_seats(target, state, colour_blind)

        # The mark comes with an undo's answer or the first hint.
        shown = (key, self.personal_best, self.match.looked_ahead, self.match.hints_taken > 0)
        self.layers.show("panel", surface, self.panel_rect, shown, panel)

    def card_size(self, width: int) -> tuple[int, int]:
        """Goal cards: four fit side by side in ``width`` (the advanced game's fourth round)."""
        m = self.metrics
        card_w = min((width - 3 * m.u(1.5)) // 4, m.u(14))
        return card_w, round(card_w * 1.3)

    def draw_cards(self, surface: pygame.Surface, state: BitsState, colour_blind: bool) -> None:
        m = self.metrics
        rect = self.cards_rect
        with layout_probe.box(rect):
            title = _("Goal cards · round {round}").format(round=state.round)
            draw.heading(surface, title, (rect.left, rect.top), m.small + 2)
        card_w, card_h = self.card_size(rect.width)
        self.card_rects = []
        hovered = None
        for index, card_id in enumerate(state.active_goals()):
            r = pygame.Rect(rect.left + index * (card_w + m.u(1.5)), rect.top + m.u(4), card_w, card_h)
            self.card_rects.append((card_id, r))
            over = r.collidepoint(self.mouse)
            with layout_probe.box(r):
                paint.draw_goal_card(surface, r, CARD_BY_ID[card_id], colour_blind, over)
            if over:
                hovered = r, card_id
        if hovered:
            self._card_caption(surface, *hovered)

    def _card_caption(self, surface: pygame.Surface, card: pygame.Rect, card_id: str) -> None:
        """What a hovered goal card asks for, in words, on a slip under the cards (over the tile
        card for as long as the pointer rests there)."""
        m = self.metrics
        card_words = translate(CARD_BY_ID[card_id].describe())
        words = _("{card} (exact shape, any rotation or mirror)").format(card=card_words)
        width = self.cards_rect.width
        lines = draw.wrap(words, m.small, width - m.u(3), "semibold")
        slip = pygame.Rect(
            self.cards_rect.left, card.bottom + m.u(1), width, len(lines) * round(m.small * 1.3) + m.u(2)
        )
        draw.panel(surface, slip, theme.WHITE, 2)
        with layout_probe.box(slip):
            for index, line in enumerate(lines):
                draw.text(
                    surface,
                    line,
                    (slip.left + m.u(1.5), slip.top + m.u(1) + index * round(m.small * 1.3)),
                    m.small,
                    theme.INK,
                    "semibold",
                )

    def heading_room(self, titles: list[str], notes: list[str], width: int) -> tuple[int, bool]:
        """The height of a section's heading in ``width`` and whether its note goes under it: beside
        the widest of ``titles`` the widest of ``notes`` must fit at ``NOTE_LEAST`` px at least, else it
        takes a line of its own (French at 1024 px: "CARTE DOMINO 17 SUR 20" ran into "neutre en main")."""
        m = self.metrics
        title_w = max(draw.render_text(t.upper(), m.small + 2, weight="bold", spacing=0.12).get_width() for t in titles)
        note_w = max((draw.render_text(n, NOTE_LEAST, weight="semibold").get_width() for n in notes), default=0)
        if title_w + m.u(NOTE_GAP) + note_w <= width:
            return m.u(4), False
        return m.u(4) + round(m.small * 1.3), True

    def tile_card_rect(self) -> pygame.Rect:
        """The tile card (a press there picks the tile up), under the section's heading."""
        rect = self.tile_rect
        top = self.turn_button_top()
        card_h = rect.bottom - top
        return pygame.Rect(rect.left, top, round(card_h * 1.45), card_h)

    def turn_button_top(self) -> int:
        """Where the tile card and its buttons start: under the heading, and its note when it has a line."""
        return self.tile_rect.top + self.heading_room(*tile_heading_words(), self.tile_rect.width)[0]

    def draw_tile_card(self, surface: pygame.Surface, state: BitsState, colour_blind: bool) -> None:
        m = self.metrics
        rect = self.tile_rect
        seat = self.seat_shown()
        with layout_probe.box(rect):
            if state.over:
                draw.heading(surface, _("Game over"), (rect.left, rect.top), m.small + 2)
                return
            if state.to_play is None:  # a round's end, behind its scoring: no tile card yet
                draw.heading(surface, _("Round over"), (rect.left, rect.top), m.small + 2)
                return
            start = state.start_phase
            title = (
                _("Start tile")
                if start
                else _("Tile card {number} of {total}").format(number=len(state.shown), total=len(TILES))
            )
            heading = draw.heading(surface, title, (rect.left, rect.top), m.small + 2)
            card = self.tile_card_rect()
            layout_probe.control("tile card", card)
            draw.shadow_rect(surface, card, m.u(0.6))
            pygame.draw.rect(surface, theme.WHITE, card)
            pygame.draw.rect(surface, theme.INK, card, 2)
            # As the tile is held over the ramp: one orientation shown everywhere.
            colours, vertical = self.card_pose(state, seat)
            face_h = round(card.height * (0.3 if vertical else 0.46))
            face = pygame.Rect(0, 0, face_h, face_h * 2) if vertical else pygame.Rect(0, 0, face_h * 2, face_h)
            face.center = (card.centerx, card.top + round(card.height * 0.4))
            paint.draw_tile_face(surface, face, colours, vertical, colour_blind)
            note = counted("{n} face down", "{n} face down", len(state.deck)) if not start else _("one per player")
            size = draw.fitting_size(note, max(14, m.small - 2), card.width - m.u(1), "semibold", smallest=10)
            with layout_probe.box(card):
                draw.text(
                    surface, note, (card.centerx, card.bottom - m.u(0.5)), size, theme.GREY, "semibold", "midbottom"
                )
            # Whether the neutral tile is in hand or used: on the heading's line, clear of the buttons.
            neutral = _("neutral in hand") if self.use_neutral else ""
            if not neutral and not start and state.neutral_used[seat]:
                neutral = _("neutral used")
            if neutral:
                colour = theme.INK if self.use_neutral else theme.GREY
                below = self.heading_room(*tile_heading_words(), rect.width)[1]
                self._section_note(surface, rect, heading, neutral, below, colour)

    def draw_seats(self, surface: pygame.Surface, state: BitsState, colour_blind: bool) -> None:
        m = self.metrics
        rect = self.players_rect
        players = len(self.match.setup.seats)
        # The whole position's points (a view hides placements), or a finished round's behind its scoring.
        totals = self.game.scores(self.match.state if state.to_play is not None or state.over else state)
        if players == 1:
            self._draw_solo_ladder(surface, rect, totals[0])
            return
        with layout_probe.box(rect):
            self._heading_with_note(surface, rect, _("Players"), _("click a ramp to see it large"))
        top = rect.top + self.heading_room([_("Players")], [_("click a ramp to see it large")], rect.width)[0]
        row_h = min(m.u(15), (rect.bottom - top) // players)
        shown = self.seat_shown()
        for seat in range(players):
            row = pygame.Rect(rect.left, top + seat * row_h, rect.width, row_h - m.u(0.75))
            if seat == state.to_play:
                pygame.draw.rect(surface, theme.WHITE, row)
                pygame.draw.rect(surface, theme.RED, (row.left, row.top, m.u(0.6), row.height))
            thumb = row.height - m.u(1)
            board_rect = pygame.Rect(row.right - thumb - m.u(0.5), row.top + m.u(0.5), thumb, thumb)
            self.thumb_rects[seat] = board_rect
            if seat != shown:
                layout_probe.control(fill(_("{name}'s ramp"), name=self.match.seat_name(seat)), board_rect)
            board = self.shown_board(state, seat) if seat == shown else state.boards[seat]
            fresh = self.fresh.get(seat, ()) if time.monotonic() < self.fresh_until else ()
            paint.draw_flat_board(surface, board_rect, board, colour_blind, marked=fresh)
            if seat == self.peek:  # the ramp shown large now
                pygame.draw.rect(surface, theme.BLUE, board_rect.inflate(m.u(0.8), m.u(0.8)), max(3, m.u(0.4)))
            colour, shape = self.seat_style(seat)
            line = m.u(2.5)
            draw.seat_shape(surface, shape, (row.left + m.u(2.5), row.top + line), m.u(1.3), colour)
            human = self.match.setup.seats[seat].is_human
            presence_mark(
                surface, (row.left + m.u(2.5), row.top + line), m.u(1.3), self.table.connected(seat) if human else None
            )
            words = pygame.Rect(row.left, row.top, board_rect.left - m.u(1) - row.left, row.height)
            with layout_probe.box(words):
                score = draw.text(
                    surface, str(totals[seat]), (words.right, row.top + line), m.heading, theme.INK, "bold", "midright"
                )
                name = self.match.setup.seats[seat].name
                room = score.left - m.u(1) - (row.left + m.u(5))
                draw.text(
                    surface,
                    name,
                    (row.left + m.u(5), row.top + line),
                    draw.fitting_size(name, m.body, room, "semibold", smallest=10),
                    theme.INK,
                    "semibold",
                    "midleft",
                )
                status = self._status(state, seat)
                room = words.right - (row.left + m.u(5))
                if self.table.open_seat(seat) and draw.render_text(status, 14).get_width() > room:
                    status = _("open seat")  # nobody sits there yet, said short in a narrow panel
                draw.text(
                    surface,
                    status,
                    (row.left + m.u(5), row.top + m.u(5.2)),
                    draw.fitting_size(status, max(14, m.small - 1), room, "regular", smallest=10),
                    theme.GREY,
                    "regular",
                    "midleft",
                )

    def _status(self, state: BitsState, seat: int) -> str:
        who = self.seat_kind(seat)
        if state.over or self.table.open_seat(seat) or self.table.seat_away(seat):  # nobody there to place
            return who
        if state.done[seat]:
            return _("{who} · done for the round").format(who=who)
        choice = state.pending[seat]
        if isinstance(choice, (Place, Hidden)):
            return _("{who} · placed").format(who=who)
        if isinstance(choice, Pass):
            return _("{who} · ramp full").format(who=who)
        return (_("{who} · placing…") if seat == state.to_play else _("{who} · to place")).format(who=who)

    def _heading_with_note(
        self, surface: pygame.Surface, rect: pygame.Rect, title: str, note: str | None
    ) -> pygame.Rect:
        """A section's heading at the top left of ``rect``, with a grey note set right beside it, or
        under it where there is no room (``heading_room``); the rectangle of both."""
        heading = draw.heading(surface, title, (rect.left, rect.top), self.metrics.small + 2)
        if note is None:
            return heading
        below = self.heading_room([title], [note], rect.width)[1]
        return heading.union(self._section_note(surface, rect, heading, note, below, theme.GREY))

    def _section_note(
        self, surface: pygame.Surface, rect: pygame.Rect, heading: pygame.Rect, note: str, below: bool, colour: Colour
    ) -> pygame.Rect:
        """A section's note: set right on its heading's line, never into it (smaller, down to
        ``NOTE_LEAST``), or on a line of its own under it."""
        m = self.metrics
        if below:
            size = draw.fitting_size(note, m.small, rect.width, "semibold", smallest=NOTE_LEAST)
            return draw.text(surface, note, (rect.left, heading.bottom + m.u(0.3)), size, colour, "semibold")
        room = rect.right - heading.right - m.u(NOTE_GAP)
        size = draw.fitting_size(note, m.small, room, "semibold", smallest=NOTE_LEAST)
        return draw.text(surface, note, (rect.right, heading.centery), size, colour, "semibold", "midright")

    def _draw_solo_ladder(self, surface: pygame.Surface, rect: pygame.Rect, total: int) -> None:
        m = self.metrics
        # The heading with the best so far beside it, and the points on a line of their own (French
        # and small windows leave no room for all three on one line).
        with layout_probe.box(rect):
            best = None if self.personal_best is None else _("your best: {points}").format(points=self.personal_best)
            title = self._heading_with_note(surface, rect, _("Solo ranks"), best)
            so_far = counted("{n} point so far", "{n} points so far", total)
            # Undone past a seen tile card, or a hint taken: said all game long, not only at the end.
            if self.match.looked_ahead or self.match.hints_taken:
                so_far = _("{points}  ·  not for the bests").format(points=so_far)
            said = draw.text(
                surface,
                so_far,
                (rect.left, title.bottom + m.u(0.75)),
                draw.fitting_size(so_far, m.body, rect.width, "bold", smallest=14),
                theme.INK,
                "bold",
            )
        rows = rank_ladder()
        y = max(rect.top + m.u(6.5), said.bottom + m.u(0.75))  # under the best's note, when it took a line
        step = min(m.u(4.2), (rect.bottom - y) // len(rows))
        current = solo_rank(total)
        for rank, words in rows:
            name, span = translate(rank), translate(words)
            box = pygame.Rect(rect.left, y, rect.width, step - m.u(0.5))
            paint.rank_row(surface, box, (name, span), rank == current, (m.body - 2, m.small), m.u(1.5))
            y += step
