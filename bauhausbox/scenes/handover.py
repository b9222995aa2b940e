"""The table's moments on a game's screen: what it reports, the curtain, "Your turn", and the end.

The part of :class:`~bauhausbox.scenes.game_scene.GameScene` that follows the table: each move it
reports gets its sound, animation and story marks; a notice or an undo request from across the
network gets its message or dialog. It follows who is to play: when the device must pass to
another player, the curtain goes up at once (the table gives nobody's secrets until that player
says they are at the screen); when the turn comes back to a human after others played, a brief
banner and a sound say so (not right after a curtain that named them, nor after undo or redo); and
once the game is over, the final table comes after a short pause.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bauhausbox.engine.api import Seat, Words
from bauhausbox.engine.history import Step, UndoPlan
from bauhausbox.i18n import N_
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.outcome import OutcomeScene
from bauhausbox.scenes.rematch import offer_rematch, table_gone
from bauhausbox.scenes.story import GameStory
from bauhausbox.scenes.table_chrome import TableChrome
from bauhausbox.table import Asked, Failed, Gone, Jumped, Notice, Table, TableEvent
from bauhausbox.ui.app import App, Scene


class Handover(TableChrome, GameStory):
    """Curtain, turn announcements and the game-over pause (``GameScene`` inherits them)."""

    if TYPE_CHECKING:  # provided by GameScene
        table: Table[Any, Any]

        def _token(self) -> int: ...
        def game_over_scene(self) -> Scene: ...
        def _jumped(self) -> None: ...
        def _undo(self, plan: UndoPlan) -> None: ...
        def open_pause(self, curtained: bool = False) -> None: ...

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.game_over_at: float | None = None
        self.game_over_shown = self.match.over
        self._announced_turn: tuple[int, Seat | None] | None = None

    def _announce_turn(self) -> None:
        seat = self.match.to_play
        # Only a player at this screen is told it is their turn (across computers, the others' own
        # screens tell them).
        if seat is None or not self.table.plays_here(seat) or self._announced_turn == (self._token(), seat):
            return
        self._announced_turn = (self._token(), seat)
        self._start_recap(seat)
        history = self.match.history
        begins = history.steps[history.cursor - 1].seat != seat if history.cursor else len(self.match.humans) > 1
        # The turn passes to this human after others played: say so, loud and clear; not between
        # the parts of one turn (a card, then its action), and not right after the curtain that
        # has just named them.
        if len(self.match.setup.seats) > 1 and begins and not self.curtained():
            self.app.sound.play("turn", 0.6)
            if not self.banner_busy():
                self.banner(Words("Your turn, {name}", name=self.match.seat_name(seat)), seat)

    def _maybe_game_over(self) -> None:
        if self.game_over_shown:
            offer_rematch(self.app, self.table)  # another player asked for a new game (across computers)
            return
        now = time.monotonic()
        if self.game_over_at is None:
            self.game_over_at = now + 0.8
            # What was said about the last move (a hint, a refusal) is over with the game.
            self.message_until, self.table.hint_move = 0.0, None
        elif now >= self.game_over_at and self.app.top is self:
            self.game_over_shown = True
            self.app.sound.play("gameover")
            self.app.push(self.game_over_scene())

    def _show_curtain(self) -> None:
        seat = self.match.viewer()
        assert seat is not None  # veiled() holds
        self.table.veil()
        self.message_until, self.pointer_note = 0.0, None  # what was said to the previous player goes
        self.layers.forget()  # no copy of the previous player's screen is kept (ui/layer.py)
        self.on_veil()
        colour, shape = self.seat_style(seat)
        self.app.push(
            CurtainScene(
                self.app,
                self.match.seat_name(seat),
                lambda: self.table.present(seat),
                colour,
                shape,
                on_escape=lambda: self.open_pause(curtained=True),
                note=self.curtain_note(),
                take_back=self._take_back_offer(seat),
            )
        )

    def _take_back_offer(self, seat: Seat) -> tuple[str, Callable[[], None]] | None:
        """The player who just moved may take it back from the next player's curtain while nobody has
        seen anything new: no draw is undone and no other human's move (so nobody is asked). They
        are then called back behind their own curtain: whoever holds the device sees nothing."""
        table, mover = self.table, self.table.unveiled
        if table.on_server or mover is None or mover == seat or not table.plays_here(mover):
            return None
        plan = table.undo_plan()
        if plan is None or plan.crosses_reveal or table.undo_needs_agreement(plan, mover):
            return None

        def take_back() -> None:
            self._undo(plan)
            table.leave_screen()

        return self.match.seat_name(mover), take_back

    def _show_outcome(self, before: Any, step: Step) -> None:
        """The device is about to leave the human who just moved at a curtained table: first show
        them what their move brought them (``move_outcome``), then the handover goes on."""
        table = self.table
        leaving = table.curtained() and table.hidden() and table.unveiled == step.seat
        if not leaving or not table.plays_here(step.seat):
            return
        outcome = self.move_outcome(before, self.match.state, step)
        if outcome is not None:
            self.app.push(OutcomeScene(self.app, outcome))

    def _follow(self, events: list[TableEvent]) -> None:
        """What the table reports, on screen: sounds, animations, the story, messages."""
        for event in events:
            if isinstance(event, Failed):
                self.say(event.words, "error")
                continue
            if isinstance(event, Notice):  # the longest that fits the bar whole, never cut
                self.say(self.status_words(event.text, *event.shorter) if event.shorter else event.text, event.kind)
                continue
            if isinstance(event, Jumped):
                self._jumped()
                continue
            if isinstance(event, Gone):  # nothing more happens here: the way out
                table_gone(self.app, event.text)
                continue
            if isinstance(event, Asked):
                answers = [(N_("Agree"), event.agree, "primary"), (N_("Keep playing"), event.refuse, "plain")]
                self.app.push(DialogScene(self.app, event.title, event.question, answers))
                continue
            if self.match.is_human(event.step.seat):
                self.clear_story_marks()  # the player acted: the recap and notices have been read
            self.app.sound.play("place")
            if self.match.save_error:
                self.say(self.match.save_error, "error")
            self.on_move(event.before, self.match.state, event.step)
            self._show_outcome(event.before, event.step)
