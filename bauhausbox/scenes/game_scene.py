"""The base of every game's screen: a view of the :class:`~bauhausbox.table.Table` under it.

The table (``bauhausbox/table.py``, no pygame) owns the game being played: seats, computer players,
hints, undo and redo, who may see what. This screen draws what the table gives for the seat in
front of it and turns gestures into intents: a move (``submit``), a hint request (H), undo and redo
(Ctrl+Z / Ctrl+Y, with the everyone-agrees dialog past a draw), "I am at the screen now" (the
pass-the-device curtain's button). It follows what the table reports with sounds, animations and
the story (``story.py``: the log, the recap, move marks, notices), asks humans who may answer out
of turn (``decision.py``), and says things around the board (``table_chrome.py``). A game's screen
fills in the hooks of ``game_hooks.py``; a read-only mode (``spectate``) serves the replay viewer.

A hint is one move value, ``hint_move``: its text (``hint_text``), its ghost (``draw_hint``) and
what accepting it plays (Enter or the "Play hint" button: ``accept_hint``) all come from it.
"""

from __future__ import annotations

from typing import Generic, TypeVar

import pygame

from bauhausbox.engine.api import GameRules, HasToPlay, IllegalMoveError, Seat
from bauhausbox.engine.bots.runner import BotJob, BotRunner
from bauhausbox.engine.history import UndoPlan
from bauhausbox.games import HINT
from bauhausbox.i18n import N_, counted
from bauhausbox.match import Match
from bauhausbox.net.remote import RemoteMatch
from bauhausbox.scenes.decision import DecisionWindows
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.scenes.handover import Handover
from bauhausbox.scenes.howto import HowToScene
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.scenes.rematch import play_again_across
from bauhausbox.scenes.story import MoveMark
from bauhausbox.scenes.table_chrome import LEVEL_WORDS, undo_question
from bauhausbox.table import Table
from bauhausbox.ui import theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.theme import Metrics

StateT = TypeVar("StateT", bound=HasToPlay)
MoveT = TypeVar("MoveT")

__all__ = ["LEVEL_WORDS", "GameScene", "MoveMark"]


class GameScene(Handover, DecisionWindows, Generic[StateT, MoveT]):
    """A game's screen over its rules' state type ``StateT`` and move type ``MoveT``
    (``class BitsScene(GameScene[BitsState, Move])``)."""

    name = "game"
    hint_level = HINT  # the game's own hint (Blokus: its analysis's move), else its hard level
    #: Every label the hint button may show (a screen with more adds them): it is as wide as the longest.
    HINT_LABELS: tuple[str, ...] = (N_("Hint"), N_("Play hint"), N_("Scores"))

    def __init__(self, app: App, match: Match) -> None:
        self.match = match
        super().__init__(app)
        self.game: GameRules[StateT, MoveT] = match.game
        # A table on a server (play across computers) comes with its mirror of the game.
        remote = match.table if isinstance(match, RemoteMatch) else None
        self.table: Table[StateT, MoveT] = remote or Table(match, curtain=self.needs_curtain())
        self.mouse = (0, 0)

    # ==== what the table gives this screen =======================================================
    view = property(lambda self: self.table.view, doc="What the seat in front of the screen may see.")
    viewer = property(lambda self: self.table.viewer, doc="The seat whose view the screen shows.")
    runner: BotRunner = property(lambda self: self.table.runner)  # type: ignore[assignment]
    hint_runner: BotRunner = property(lambda self: self.table.hint_runner)  # type: ignore[assignment]
    unveiled = property(lambda self: self.table.unveiled, doc="The seat at the screen, in a curtain game.")
    spectating: bool = property(lambda self: self.table.spectating)  # type: ignore[assignment]
    interjections = property(lambda self: self.table.interjections, doc="Computers to move out of turn first.")

    hint_move = property(
        lambda self: self.table.hint_move, lambda self, move: setattr(self.table, "hint_move", move), doc="The hint."
    )

    def curtained(self) -> bool:
        return self.table.curtained()

    def veiled(self) -> bool:
        """Whether no seat's private view may be drawn now (``Table.hidden``)."""
        return self.table.hidden()

    def _token(self) -> int:
        return self.table.token()

    def input_allowed(self, seat: Seat | None = None) -> bool:
        """Whether a human may act now (for ``seat``, default the seat to play)."""
        return self.app.top is self and not self.animating() and self.table.may_act(seat)

    def check(self, move: MoveT, seat: Seat | None = None) -> str | None:
        """Why ``move`` would be refused now, or ``None`` (for green/red previews, every frame)."""
        return self.table.check(move, seat)

    # ==== intents ================================================================================
    def submit(self, move: MoveT, seat: Seat | None = None) -> bool:
        """Ask the table to play ``move``; on refusal show why and change nothing."""
        if not self.input_allowed(seat):
            return False
        try:
            self._follow([self.table.play(move, seat)])
        except IllegalMoveError as error:
            self.refuse(error.args[0] if error.args and isinstance(error.args[0], str) else str(error))
            return False
        return True

    def request_hint(self) -> None:
        if self.hint_move is not None:
            self.show_hint(self.hint_move)
        elif self.table.request_hint(self.hint_level):
            self.say(N_("Looking for a good move…"))

    def take_hint(self, job: BotJob) -> None:
        """A hint search finished for the current position: show its move. Screens whose hint
        runner answers more than a move (the puzzles' solver says when time ran out) override this."""
        if job.error:
            self.say(N_("No hint this time (the hint search failed)."), "error")
        elif job.move is not None:
            self.match.hints_taken += 1
            self.show_hint(job.move)

    def show_hint(self, move: MoveT) -> None:
        """Make ``move`` the hint: the status bar says it for as long as it is the hint
        (``hint_line``); once played, or the position or the seat changes, it goes with its ghost."""
        self.hint_move = move
        self.message_until = 0.0  # "Looking for a good move…" is answered
        self.aim_at(move)

    def accept_hint(self) -> bool:
        """Play exactly the hinted move (the rules still judge it)."""
        return self.hint_move is not None and not self.veiled() and self.submit(self.hint_move)

    def _hint_clicked(self) -> None:
        if self.match.over and self.game_over_shown:
            self.app.push(self.game_over_scene())
        else:  # the hint on the board is played, or one is looked for
            self.accept_hint() if self.hint_move is not None else self.request_hint()

    def undo(self) -> None:
        if self.table.on_server:  # the server asks every player itself, each at their own screen
            self._follow(self.table.ask_undo())
            return
        plan = self.table.undo_plan()
        if plan is None:
            self.say(N_("Nothing to undo."))
        elif self.table.undo_needs_agreement(plan):
            title, question = undo_question(plan)
            answers = [
                (N_("Everyone agrees"), lambda: self._undo(plan), "primary"),
                (N_("Keep playing"), None, "plain"),
            ]
            if self.curtained():  # every player looks at the question: nobody's hand stays under it
                self.table.leave_screen()
            self.app.push(DialogScene(self.app, title, question, answers))
        else:
            self._undo(plan)

    def _undo(self, plan: UndoPlan) -> None:
        if not self.table.undo(plan):
            self.say(N_("Nothing to undo."))
            return
        self._jumped()
        turns = self.table.turns_ahead()
        if plan.crosses_reveal:
            said = counted(
                "Undone ({n} turn can be redone). The same draws will come again.",
                "Undone ({n} turns can be redone). The same draws will come again.",
                turns,
            )
        else:
            said = counted("Undone ({n} turn can be redone).", "Undone ({n} turns can be redone).", turns)
        self.say(said)

    def step_back(self) -> None:
        """Take back exactly the last move (a card choice cancelled before anything was placed)."""
        if self.table.step_back():
            self._jumped()

    def redo(self) -> None:
        if self.table.redo():
            self._jumped()
            self.say(N_("Redone."))
        else:
            self.say(N_("Nothing to redo."))

    def restart(self) -> None:
        """A new game with the same seats and options (a fresh shuffle)."""
        if self.table.on_server:  # across computers: the server opens a new table for everyone
            play_again_across(self.app, self.table)
            return
        new_match = self.match.restart()
        self.table.close()
        self.app.replace(type(self)(self.app, new_match))

    def _jumped(self) -> None:
        self.table.jumped()
        self.recap_after_jump()
        # Across computers a jump onto the end is the end arriving whole: its final table is still due.
        self.game_over_shown = self.match.over and (self.game_over_shown or not self.table.on_server)
        self.game_over_at = None
        # Undo and redo bring back a turn the player has seen begin: no "Your turn" banner again.
        self._announced_turn = (self._token(), self.match.to_play)
        self.on_history_jump()

    def spectate(self, seat: Seat | None) -> None:
        """Read-only from now on (the replay viewer): ``seat``'s view (``None``: everything), no
        moves, no computers, no curtain. Whoever moves the history calls ``on_history_jump`` /
        ``on_move`` as the game would."""
        self.table.spectate(seat)
        self._jumped()

    def open_pause(self, curtained: bool = False) -> None:
        """The pause menu; ``curtained``: over the curtain, without what would move the game."""
        self.app.push(PauseScene(self.app, self, curtained))

    def open_help(self) -> None:
        self.app.push(HowToScene(self.app, self.game.info.title, type(self).how_to_play()))

    def game_over_scene(self) -> Scene:
        """What covers the screen once the game is over: the shared table of scores, unless the
        game celebrates its own way (the puzzles: the time and the record)."""
        return GameOverScene(self.app, self)

    # ==== the frame ==============================================================================
    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        self.layout_bars(metrics)
        self._layout_log()
        self.layout_game(self.game_rect)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.table.veiled():
            return True  # the curtain goes up at the next update; until then nobody acts
        if self.widgets.handle_event(event) or self._handle_story_event(event):
            return True
        keys = {pygame.K_z: self.undo, pygame.K_y: self.redo}
        if event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and event.key in keys:
            if not self.match.over:  # once the game is over, play does not go on
                keys[event.key]()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hint_move:
            return self.accept_hint() or True
        if self.handle_game_event(event):
            return True
        commands = {pygame.K_ESCAPE: self.open_pause, pygame.K_h: self.request_hint, pygame.K_F1: self.open_help}
        if event.type == pygame.KEYDOWN and event.key in commands:
            commands[event.key]()
            return True
        return False

    def update(self, dt: float) -> None:
        if self.spectating and not self.table.on_server:  # a watcher's screen follows the table
            self.update_game(dt)  # animations only: nobody plays on a spectating screen
            return
        self._refresh_buttons()
        if self.app.top is self and not self.match.over:
            self.match.seconds_played += dt  # the clock a screen may show; saved with the game
        self.update_game(dt)
        self._refresh_log(between_frames=True)
        if (hint := self.table.hint_answer()) is not None:
            self.take_hint(hint)
        if self.app.top is self and (forced := self.table.forced_move()) is not None:
            self._follow([self.table.play(forced)])  # nothing to decide: before any curtain
        if self.table.veiled():
            # The device passes at once, even while the last move still animates: the previous
            # player's hand must not stay on screen while the next one is called to the table.
            if self.app.top is self:
                self._show_curtain()
        elif self.animating():
            return
        elif self.match.over:
            self._maybe_game_over()
        elif self.app.top is self:
            if not self.offer_reaction():  # a human who may answer out of turn first (decision.py)
                self._follow(self.table.run_computers(self.app.settings.computer_delay))
            if not (self.runner.busy or self.table.interjections):
                self._announce_turn()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PAPER)
        if not self.veiled():  # while the device passes, an empty table: no seat's view is drawn
            self.draw_game(surface)
            if self.hint_move is not None:  # under the recap's numbers: a hint's frame hid one
                self._record_hint()
                self.draw_hint(surface, self.hint_move)
            self._draw_move_marks(surface)
        self._draw_log(surface)
        self.draw_bars(surface)
        self._refresh_buttons()  # under another scene too (a move's outcome): the buttons say this position
        self.widgets.draw(surface, self.metrics)
        self._draw_notice(surface)
