"""The Bauhaus hint: one whole turn, shown, said and played as one.

A Bauhaus turn is several decisions (choose a card, then carry it out: one move, or two walls for a
Two walls card). The table's hint search goes on while the same seat decides (``Table.hint_whole_turn``),
so the hint is the whole turn: the card and what it does are outlined together, said in one sentence
("Hint: choose Place token, then place a token on c3"), and Enter plays all of it. The rest of the turn
is played one decision a frame, and only while the position is the one the hint was made for: another
player's power in between (Mind Control answers a card choice) drops the rest, and the player goes on
by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from bauhausbox import games
from bauhausbox.engine.bots.runner import BotJob
from bauhausbox.games.bauhaus.rules import BauhausState, Move, MoveKind
from bauhausbox.i18n import _
from bauhausbox.ui import theme
from bauhausbox.ui.text import advice

if TYPE_CHECKING:
    from bauhausbox.games.bauhaus.rules import BauhausRules
    from bauhausbox.games.bauhaus.screen.paint import Geometry
    from bauhausbox.match import Match
    from bauhausbox.table import Table
    from bauhausbox.ui.theme import Metrics


class BauhausHint:
    """The whole-turn hint of the Bauhaus screen; the scene owns the table and the board."""

    if TYPE_CHECKING:  # provided by BauhausScene / GameScene
        metrics: Metrics
        rules: BauhausRules
        geo: Geometry
        card_rects: list[pygame.Rect]
        match: Match
        table: Table[Any, Any]
        hint_move: Move | None
        _hint_words: tuple[object, str]

        def actor(self) -> int | None: ...
        def submit(self, move: Move, seat: int | None = None) -> bool: ...
        def veiled(self) -> bool: ...

    # The hint's turn (its first move is the hint), and what is left to play of an accepted one with
    # the position it is meant for.
    hint_turn: tuple[BauhausState | None, tuple[Move, ...]] = (None, ())
    hint_rest: tuple[Move, ...] = ()
    hint_expects: BauhausState | None = None

    def hinted_turn(self, move: Move) -> tuple[Move, ...]:
        """The whole turn whose first decision is ``move`` (just ``move`` when no more is known)."""
        position, turn = self.hint_turn
        return turn if position == self.match.state and turn and turn[0] == move else (move,)

    def take_hint(self, job: BotJob) -> None:
        self.hint_turn = (self.match.state, tuple(job.line) if job.line and job.line[0] == job.move else ())
        self._hint_words = (None, "")  # the bars' words for this move were made without the rest of its turn
        super().take_hint(job)  # type: ignore[misc]

    def hint_text(self, move: Move) -> str:
        """The whole turn in one sentence of advice: "Hint: choose Place token, then place a token on c3"."""
        seat = self.match.to_play
        if seat is None:
            return ""
        name = self.match.seat_name(seat)
        names = [spec.name for spec in self.match.setup.seats]
        state = self.match.state
        said = ""
        for step in self.hinted_turn(move):
            sentence = games.describe_move("bauhaus", state, step, mover=seat, viewer=seat, names=names)
            words = advice(sentence, name)
            said = words if not said else _("{first}, then {then}").format(first=said, then=words)
            state = self.rules.apply(state, step)
        return _("Hint: {advice}  ·  Enter plays it").format(advice=said)

    def hint_short(self, move: Move) -> str:
        """The turn's first decision in words and the rest left to the outlines on the board, for a
        status bar with no room for the whole turn: "Hint: choose Swap tokens, then as outlined"."""
        seat = self.match.to_play
        turn = self.hinted_turn(move)
        if seat is None or len(turn) < 2:
            return ""
        name = self.match.seat_name(seat)
        names = [spec.name for spec in self.match.setup.seats]
        sentence = games.describe_move("bauhaus", self.match.state, move, mover=seat, viewer=seat, names=names)
        return _("Hint: {advice}, then as outlined on the board  ·  Enter plays it").format(
            advice=advice(sentence, name)
        )

    def draw_hint(self, surface: pygame.Surface, move: Move) -> None:
        """The card and everything the turn does on the board, outlined together."""
        if not isinstance(move, Move):
            return
        geo = self.geo
        width = max(3, self.metrics.u(0.5))
        for step in self.hinted_turn(move):
            if step.kind in (MoveKind.CARD, MoveKind.DISCARD):
                pygame.draw.rect(surface, theme.BLUE, self.card_rects[step.slot].inflate(width * 2, width * 2), width)
            for square in step.squares:
                pygame.draw.rect(surface, theme.BLUE, geo.square_rect(square).inflate(-width, -width), width)
            for edge in step.edges:
                pygame.draw.rect(surface, theme.BLUE, geo.edge_rect(edge, geo.wall_thickness() + width * 2), width)

    def accept_hint(self) -> bool:
        """Play the hinted turn: its first decision now, the rest in the next frames (``play_hint_rest``)."""
        move = self.hint_move
        if move is None or self.veiled():
            return False
        turn = self.hinted_turn(move)
        if not self.submit(move):
            return False
        self.hint_rest, self.hint_expects = turn[1:], self.match.state
        return True

    def drop_hint_rest(self) -> None:
        self.hint_rest, self.hint_expects = (), None

    def play_hint_rest(self) -> None:
        """The next decision of an accepted hint, once the table is free: never over another
        player's answer to the card (a power), which changes the position and drops the rest."""
        if not self.hint_rest:
            return
        if self.match.state != self.hint_expects or self.match.to_play is None:
            self.drop_hint_rest()
            return
        if self.actor() is None or self.table.interjections or self.table.runner.busy:
            return  # someone may still answer the card: wait
        move, rest = self.hint_rest[0], self.hint_rest[1:]
        self.drop_hint_rest()
        if self.submit(move):
            self.hint_rest, self.hint_expects = rest, self.match.state
