"""The Blokus panel's colour rows: for each colour its swatch with the seat shape (and what that shape
means, under the pointer), who places it, the mini tray of its pieces left, its score and a tag (to
play, passed, all placed), and the two sides' totals when each plays two colours. A part of the Blokus
screen (``scene.py``), which lays the rows out and draws them in its cached panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from bauhausbox.engine.api import GameRules
from bauhausbox.games.blokus.rules import (
    COLOUR_NAMES,
    GREEN,
    BlokusState,
    colour_score,
    pieces_placed,
    scoring_colours,
    seat_colours,
    seat_of_colour,
)
from bauhausbox.games.blokus.screen.colours import RGB, SHAPES
from bauhausbox.games.blokus.screen.piece_widgets import PieceController
from bauhausbox.games.blokus.screen.tray import PieceTray
from bauhausbox.games.blokus.variants import CLASSIC
from bauhausbox.i18n import N_, _
from bauhausbox.match import Match
from bauhausbox.table import Table
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App
from bauhausbox.ui.presence import presence_mark
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import tooltip

# What each colour's seat shape says, for the tooltip on its mark in the panel (translated where drawn).
SHAPE_WORDS = (
    N_("Blue's mark is the circle: it is on each blue piece, so the colours are told apart without colour."),
    N_("Yellow's mark is the triangle: it is on each yellow piece, so the colours are told apart without colour."),
    N_("Red's mark is the square: it is on each red piece, so the colours are told apart without colour."),
    N_("Green's mark is the cross: it is on each green piece, so the colours are told apart without colour."),
)

# The tags under a colour's score (translated where drawn).
ALL_PLACED, PASSED, TO_PLAY = N_("all placed"), N_("passed"), N_("to play")
TAGS = (ALL_PLACED, PASSED, TO_PLAY)


class ColourRows:
    """The colour rows of the Blokus screen's panel (a part of ``BlokusScene``)."""

    if TYPE_CHECKING:  # provided by BlokusScene and GameScene
        app: App
        match: Match
        table: Table
        metrics: Metrics
        mouse: tuple[int, int]
        controller: PieceController
        rows: list[pygame.Rect]
        row_split: tuple[int, int]
        totals_rect: pygame.Rect
        mini_trays: list[PieceTray]
        mini_trays_shown: bool
        short_who: bool

        game: GameRules[Any, Any]

        @property
        def view(self) -> BlokusState: ...

    def _tag_px(self) -> int:
        return max(14, self.metrics.small - 2)

    def _has_totals(self) -> bool:
        state = self.view
        return (state.players == 2 and state.variant == CLASSIC) or state.teams

    def _draw_colour_row(
        self, surface: pygame.Surface, state: BlokusState, colour: int, row: pygame.Rect, m: Metrics
    ) -> None:
        to_play = state.to_play is not None and state.colour == colour
        out = bool(state.out >> colour & 1) and state.to_play is not None  # at the end nobody "passed"
        if to_play:
            pygame.draw.rect(surface, theme.WHITE, row)
            pygame.draw.rect(surface, theme.INK, row, 2)
            pygame.draw.rect(surface, theme.RED, (row.left, row.top, m.u(0.75), row.height))
        swatch = self._swatch(row)
        pygame.draw.rect(surface, RGB[colour], swatch)
        draw.seat_mark(surface, SHAPES[colour], swatch, RGB[colour], strong=True)
        pygame.draw.rect(surface, theme.INK, swatch, 2)
        seat = self._seat_of(state, colour)
        human = seat is not None and self.match.is_human(seat)
        connected = self.table.connected(seat) if human and seat is not None else None
        presence_mark(surface, swatch.center, swatch.width / 2, connected)
        text_x = swatch.right + m.u(1.5)
        # Three columns the layout keeps apart: name and player, the mini tray, score and tag.
        text_right, score_w = self.row_split
        with layout_probe.box(pygame.Rect(row.left, row.top, text_right, row.height)):
            draw.text(
                surface, _(COLOUR_NAMES[colour]), (text_x, row.centery - m.u(1.3)), m.body, theme.INK, "bold", "midleft"
            )
            draw.text(
                surface,
                self._who(state, colour),
                (text_x, row.centery + m.u(1.6)),
                m.small,
                theme.GREY,
                "regular",
                "midleft",
            )
        if self.mini_trays_shown:
            self.mini_trays[colour].draw(surface, m)
        score = colour_score(state, colour)
        tag = ""
        if out:
            tag = ALL_PLACED if not state.hands[colour] else PASSED
        elif to_play:
            tag = TO_PLAY
        with layout_probe.box(pygame.Rect(row.right - score_w, row.top, score_w, row.height)):
            draw.text(
                surface,
                f"{score:+d}" if score > 0 else str(score),
                (row.right - m.u(1.5), row.centery - m.u(0.6)),
                m.heading,
                theme.INK,
                "bold",
                "midright",
            )
            if tag:
                # Set on the row's foot: an accented capital ("À JOUER") grows upwards, not out of the row.
                foot = (row.right - m.u(1.5), row.bottom - m.u(1) + self._tag_px() // 2)
                draw.text(
                    surface,
                    _(tag).upper(),
                    foot,
                    self._tag_px(),
                    theme.RED if tag == TO_PLAY else theme.GREY,
                    "bold",
                    "bottomright",
                    spacing=0.08,
                )
        if out:
            veil = pygame.Surface(row.size, pygame.SRCALPHA)
            veil.fill((*theme.PAPER, 110))
            surface.blit(veil, row)

    def _swatch(self, row: pygame.Rect) -> pygame.Rect:
        """The colour's square with its seat shape, at the left of its row in the panel."""
        m = self.metrics
        return pygame.Rect(row.left + m.u(1.75), row.centery - m.u(1.75), m.u(3.5), m.u(3.5))

    def _draw_shape_tooltip(self, surface: pygame.Surface) -> None:
        """Under the pointer, a colour's mark says what it is (the shape on each of its pieces)."""
        if self.app.top is not self or self.controller.held is not None:
            return
        for colour, row in enumerate(self.rows):
            swatch = self._swatch(row)
            if swatch.collidepoint(self.mouse):
                others = [self._swatch(other) for other in self.rows if other is not row]
                tooltip(surface, _(SHAPE_WORDS[colour]), self.mouse, self.metrics, swatch, others)
                return

    def _seat_of(self, state: BlokusState, colour: int) -> int | None:
        """The seat that plays this colour (``None``: the shared green of three players)."""
        if state.players == 3 and colour == GREEN:
            return None
        return next((s for s in range(state.players) if colour in seat_colours(state.players, s, state.variant)), None)

    def _who(self, state: BlokusState, colour: int, longest: bool = False) -> str:
        """Who places this colour: a seat's name, or for the shared green whose turn it is next
        (``longest``: the widest such line, for the layout)."""
        if state.players == 3 and colour == GREEN:
            if longest:
                name = max((self.match.seat_name(s) for s in range(3)), key=len)
                return _("shared · next: {name}").format(name=name)
            seat = seat_of_colour(3, GREEN, pieces_placed(state.hands[GREEN]))
            if seat is None:
                return _("shared")
            return _("shared · next: {name}").format(name=self.match.seat_name(seat))
        seat = self._seat_of(state, colour)
        if seat is None:
            return ""
        spec = self.match.setup.seats[seat]
        if self.short_who:  # a narrow panel: the name, and a computer's level ("Marianne · easy")
            return spec.name if spec.is_human else _("{name} · {level}").format(name=spec.name, level=_(spec.level))
        if spec.is_human:
            return _("{name} · human").format(name=spec.name)
        return _("{name} · computer · {level}").format(name=spec.name, level=_(spec.level))

    def _draw_totals(self, surface: pygame.Surface, state: BlokusState, m: Metrics) -> None:
        rect = self.totals_rect
        pygame.draw.line(surface, theme.INK, rect.topleft, rect.topright, 2)
        line = self._totals_line()
        if draw.render_text(line, m.small, theme.INK, "semibold").get_width() > rect.width:
            line = self._totals_line(short=True)  # a narrow panel: the rows above name the colours
        # Long names in the narrowest panel (the replay viewer's, beside its log and graph) set it smaller.
        size = draw.fitting_size(line, m.small, rect.width, "semibold", smallest=10)
        draw.text(surface, line, (rect.left, rect.centery + 2), size, theme.INK, "semibold", "midleft")

    def _totals_line(self, short: bool = False) -> str:
        """The two sides' scores when each plays two colours ("Anni (Blue + Red): -178 · ..."; ``short``:
        "Anni: -178 · ..."), or ""."""
        state: BlokusState = self.view
        if not self._has_totals():
            return ""
        scores = self.game.scores(state)
        parts = []
        seats = range(2) if state.players == 2 or state.teams else ()
        for seat in seats:
            names = " + ".join(
                _(COLOUR_NAMES[c]) for c in scoring_colours(state.players, state.teams, seat, state.variant)
            )
            who = self.match.seat_name(seat) if state.players == 2 else _("Team")
            said = _("{who}: {score}") if short else _("{who} ({colours}): {score}")
            parts.append(said.format(who=who, colours=names, score=scores[seat]))
        return "   ·   ".join(parts)
