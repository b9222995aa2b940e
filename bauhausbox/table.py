"""The table: a game being played, with its seats, computer players, hints, undo and the curtain.

A :class:`Table` wraps a :class:`~bauhausbox.match.Match` (setup, history, autosave, statistics) and
owns everything else that happens around the board, without pygame, so that it can be tested
headless and later serve seats that are not in front of this screen:

- **who may see what** (:meth:`Table.seat_view`): the game's ``view`` for a seat plus the table's own
  private items, the hint and the curtain's state. In games where one seat keeps secrets from
  another and two or more humans share the screen, a seat's view is given only once that seat has
  said it is at the screen (:meth:`Table.present`, the curtain's button); while the device passes
  (``veiled``) nothing private is given at all;
- **turns**: computer players think on a background runner from their seat's view only; moves out of
  turn (Bauhaus powers, Bits placements) are offered first; a computer's move is applied to the
  position on the bot's thread, where it was computed, and :meth:`Table.run_computers` only
  commits the result (the window's frame never runs the rules' ``apply`` for it) and reports it;
- **hints**: one move per position and seat, asked with :meth:`Table.request_hint`, answered by a
  hard bot on a second runner; it goes when it is played or the position moves;
- **undo and redo**: back to the last human decision, with the agreement rule for draws
  (:meth:`Table.undo_needs_agreement`), counted in turns as players count them.

A screen draws ``seat_view(viewer)``, turns gestures into intents (:meth:`Table.play`,
:meth:`Table.request_hint`, :meth:`Table.undo`, :meth:`Table.present`) and follows what the table
reports (:class:`Played` events) with its sounds, animations and story.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bauhausbox.engine.api import GameRules, HasToPlay, IllegalMoveError, Seat, Words
from bauhausbox.engine.bots.runner import BotJob, BotRunner
from bauhausbox.engine.history import Prepared, Step, UndoPlan, prepare, turns_from
from bauhausbox.games import HINT, thinker
from bauhausbox.match import Match

HINT_SECONDS = 1.5
CHECKS_REMEMBERED = 512  # refusal reasons kept per position (every hovered square or pose once)

StateT = TypeVar("StateT", bound=HasToPlay)
MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class Played:
    """A move was played at the table (by a human here or a computer): ``before`` is the position
    it was played in."""

    before: Any
    step: Step


@dataclass(frozen=True)
class Failed:
    """A computer player could not give a legal move: what players are told."""

    words: Words


@dataclass(frozen=True)
class Jumped:
    """The history moved under the screen (an undo or redo agreed at another computer): what was
    held, hinted or marked goes."""


@dataclass(frozen=True)
class Notice:
    """Something players are told that is not a move (a table on a server: someone left, an undo
    is waiting for agreement); ``text`` is already in the players' language or a marked constant."""

    text: str
    kind: str = "info"
    shorter: tuple[str, ...] = ()  # the same in fewer words, for a status bar with no room for ``text``


@dataclass(frozen=True)
class Asked:
    """The table asks the player at this screen a yes-or-no question (a table on a server: another
    player wants to undo past a draw); ``agree`` or ``refuse`` answers it."""

    title: str
    question: str
    agree: Callable[[], None]
    refuse: Callable[[], None]


@dataclass(frozen=True)
class Gone:
    """The table this screen plays at is gone for good (a table on a server: closed, or its host
    started another game): ``text`` says why; the screen offers the way out."""

    text: str


TableEvent = Played | Failed | Jumped | Notice | Asked | Gone


@dataclass(frozen=True)
class SeatView(Generic[StateT, MoveT]):
    """What one seat may know now: the game's view, and the table's private items for that seat."""

    seat: Seat | None  # whose eyes (None: an observer who sees everything)
    state: StateT
    hint: MoveT | None  # the hint on the board for this seat
    veiled: bool  # the device is passing to another player: nothing private may be drawn


class Table(Generic[StateT, MoveT]):
    """A game at the table: see the module's docstring."""

    #: A table played on a server (``bauhausbox/net/remote.py``): the server asks everyone about an
    #: undo itself (``ask_undo``), and the table is not restarted from one computer.
    on_server = False
    #: The hint is a whole turn (every decision the seat makes in a row, ``BotJob.line``); a screen
    #: whose turns are several decisions (Bauhaus: a card, then what it does) sets it.
    hint_whole_turn = False

    def __init__(self, match: Match, *, curtain: bool | None = None) -> None:
        self.match = match
        self.game: GameRules[StateT, MoveT] = match.game
        # The curtain goes between humans where a seat keeps secrets (a screen may say its game
        # hides nothing one seat knows from another: Bauhaus hides only its deck order, from all).
        self.wants_curtain = (
            curtain if curtain is not None else (self.game.info.hidden_information and len(match.humans) >= 2)
        )
        self.runner = BotRunner()
        self.hint_runner = BotRunner()
        self.bots = {
            seat: thinker.make_player(match.setup.game_id, spec.level, match.setup.seed * 10 + seat)
            for seat, spec in enumerate(match.setup.seats)
            if not spec.is_human
        }
        self.interjections: list[Seat] = []
        self.hint_move: MoveT | None = None
        # The seat whose private view is given in a curtain game: set only when that seat's player
        # says they are at the screen (``present``).
        self.unveiled: Seat | None = None
        # Read-only (the replay viewer): no input, no computer players, one fixed view.
        self.spectating = False
        self.spectator_seat: Seat | None = None
        self._view_key: tuple[int, int, Seat | None] | None = None
        self._view: StateT | None = None
        self._checks_state: object = None
        self._checks: dict[tuple[MoveT, Seat | None], str | None] = {}
        self.queue_interjections()

    # ==== who may see what ========================================================================
    def token(self) -> int:
        """The position's number: a computer's or a hint's answer for another one is dropped."""
        return self.match.history.cursor * 100003 + len(self.match.history.steps)

    def curtained(self) -> bool:
        """Whether private views are guarded now (a curtain game that is not over: at the end every
        view is the full position; a spectating table shows one fixed view instead)."""
        return not self.spectating and self.wants_curtain and not self.match.over

    def veiled(self) -> bool:
        """True while the seat that should look now (``Match.viewer``) has not said it is at the
        screen: the device is passing, and nothing private may be drawn. Every path that changes
        the seat (a turn, undo, redo, restart, a game opened from a save) ends here."""
        return self.curtained() and self.match.viewer() != self.unveiled

    def hidden(self) -> bool:
        """True while no seat's private view may be drawn: the device is passing, or, in a curtain
        game, a computer plays between two humans (the last player's hand must not stay face up
        while the next one comes to take the device)."""
        if self.veiled():
            return True
        return self.curtained() and not self.match.is_human(self.match.to_play)

    def leave_screen(self) -> None:
        """Everyone is asked something at the screen (an undo past a draw): nobody's secrets may show
        meanwhile, and whoever plays next says again that they are at the screen."""
        self.unveiled = None
        self.veil()

    def present(self, seat: Seat) -> None:
        """``seat``'s player is at the screen now (they dismissed the curtain)."""
        self.unveiled = seat

    def veil(self) -> None:
        """The device passes: the hint and the hint search of the previous player go."""
        self.hint_runner.cancel()
        self.hint_move = None

    @property
    def viewer(self) -> Seat | None:
        """The seat whose view the screen shows: in a curtain game the seat at the screen
        (``None`` before anyone is), else ``Match.viewer``; a spectating table's fixed seat."""
        if self.spectating:
            return self.spectator_seat
        if self.curtained():
            return self.unveiled
        return self.match.viewer()

    @property
    def view(self) -> StateT:
        """What the seat in front of the screen may see (cached until the history moves)."""
        viewer = self.viewer
        key = (self.match.history.cursor, len(self.match.history.steps), viewer)
        if key != self._view_key:
            self._view_key = key
            if viewer is None and self.curtained():
                # Nobody is at the screen yet: no seat's view may be drawn (the screen draws an
                # empty table); code that reads the view meanwhile gets the seat to look next.
                viewer = self.match.viewer()
            state: StateT = self.match.state
            self._view = state if viewer is None else self.game.view(state, viewer)
        assert self._view is not None
        return self._view

    def seat_view(self, seat: Seat | None) -> SeatView[StateT, MoveT]:
        """What ``seat`` may know now. A seat that is not at the screen of a curtain game gets its
        game view but no hint; while the device passes nobody gets a hint."""
        state: StateT = self.match.state
        veiled = self._veiled_for(seat)
        return SeatView(seat, state if seat is None else self.game.view(state, seat), self.hint_for(seat), veiled)

    def hint_for(self, seat: Seat | None) -> MoveT | None:
        """The hint ``seat`` may see now (its seat view's, without building the view: the screen asks
        every frame)."""
        return self.hint_move if seat == self.match.to_play and not self._veiled_for(seat) else None

    def _veiled_for(self, seat: Seat | None) -> bool:
        return self.hidden() or (self.curtained() and seat != self.unveiled)

    def spectate(self, seat: Seat | None) -> None:
        """Read-only from now on: ``seat``'s view (``None``: everything), no moves, no computers."""
        self.spectating = True
        self.spectator_seat = seat
        self.jumped()

    def begin_frame(self) -> None:
        """A frame of the screen starts: what another thread changes is read once, here (a table on
        a server), so that everything one frame shows agrees."""

    def end_frame(self) -> None:
        """The frame is drawn."""

    def connected(self, seat: Seat) -> bool | None:
        """Whether ``seat``'s player is connected to the table (``None``: everyone is at this screen)."""
        return None

    def watching(self) -> int:
        """How many people watch the table from no seat (a table across computers)."""
        return 0

    def status_note(self) -> str | None:
        """What the status bar must say before anything else (a table on a server: reconnecting)."""
        return None

    def hosted_here(self) -> bool:
        """Whether this computer hosts the table for players at other computers (its status bar
        says so: "you are hosting")."""
        return False

    def host_away(self) -> list[str] | None:
        """The host's players' names while the host is away from a table across computers (play
        waits for them), else ``None``."""
        return None

    def host_player(self) -> str:
        """At a table hosted at another computer, the host's player's name (the status bar says
        whose table keeps the game), else ""."""
        return ""

    def seat_away(self, seat: Seat) -> bool:
        """Whether ``seat`` is the host's while the host is away from a table across computers."""
        return False

    def open_seat(self, seat: Seat) -> bool:
        """Whether ``seat`` waits for a player at another computer who has not sat in it yet."""
        return False

    def held(self) -> bool:
        """Whether play is on hold for this screen's players (across computers: the host left the
        table, or the connection is down): no move is accepted, so none is asked for."""
        return False

    def plays_here(self, seat: Seat | None) -> bool:
        """Whether ``seat`` is a human playing at this screen (across computers: one of this
        computer's seats, never a player at another computer)."""
        return self.match.is_human(seat)

    # ==== what humans may do =====================================================================
    def may_act(self, seat: Seat | None = None) -> bool:
        """Whether a human may act now (for ``seat``, default the seat to play): not while a
        computer thinks on its turn, not while the device passes, and out of turn in a curtain
        game only the seat at the screen (anyone else would decide looking at another's secrets)."""
        if self.spectating or self.veiled():
            return False
        if seat is None:
            seat = self.match.to_play
            if self.runner.busy:
                return False
        elif self.curtained() and seat != self.unveiled:
            return False
        return self.match.is_human(seat)

    def forced_move(self) -> MoveT | None:
        """The move a human playing at this screen makes now without deciding anything (the game's
        ``forced``): the screen plays it at once, before any curtain, since a seat with no decision
        to make is never called to the screen (across computers only the seat's own screen does)."""
        seat = self.match.to_play
        if self.spectating or self.match.over or self.held() or not self.plays_here(seat):
            return None
        return self.game.forced(self.match.state)

    def check(self, move: MoveT, seat: Seat | None = None) -> str | None:
        """Why ``move`` would be refused now, or ``None``; remembered per position (the state object
        itself, so an undo followed by another move never reuses old answers)."""
        state = self.match.state
        if state is not self._checks_state or len(self._checks) >= CHECKS_REMEMBERED:
            self._checks_state = state
            self._checks = {}
        key = (move, seat)
        if key not in self._checks:
            self._checks[key] = self.game.check(state, move, seat)
        return self._checks[key]

    def play(self, move: MoveT, seat: Seat | None = None) -> Played:
        """Play ``move`` (``seat``: a move out of turn); the rules judge it and raise
        :class:`IllegalMoveError` with the reason, changing nothing."""
        if seat is not None:
            self.runner.cancel()  # an out-of-turn human move interrupts a thinking computer
        before = self.match.state
        step = self.match.play(move, seat)
        return self._moved(before, step)

    def _commit(self, prepared: Prepared[StateT]) -> Played:
        """Take a computer's move that its bot's thread already applied to this position."""
        before = self.match.state
        return self._moved(before, self.match.commit(prepared))

    def _moved(self, before: StateT, step: Step) -> Played:
        # A hint belongs to its position. A move out of turn (a computer's placement in Bits)
        # changes the position under a player still looking for one: look again from the new one.
        looking = self.hint_runner.busy and self.match.to_play == before.to_play
        self.hint_move = None
        self.hint_runner.cancel()
        self.queue_interjections()
        if looking:
            self.request_hint()
        return Played(before, step)

    # ==== hints ==================================================================================
    def request_hint(self, level: str = HINT) -> bool:
        """Start looking for a good move for the human to play; False when no hint may be asked."""
        seat = self.match.to_play
        if self.match.over or seat is None or not self.match.is_human(seat) or self.veiled():
            return False
        bot = thinker.make_player(self.match.setup.game_id, level, self.token())
        view = self.game.view(self.match.state, seat)
        self.hint_runner.start(
            bot, self.game, view, seat, self.token(), HINT_SECONDS, 0.0, whole_turn=self.hint_whole_turn
        )
        return True

    def hint_answer(self) -> BotJob | None:
        """The hint search's answer for this position, once, if it came (else ``None``)."""
        job = self.hint_runner.result()
        if job is None or job.token != self.token() or self.veiled():
            return None
        return job

    # ==== computer players =======================================================================
    def queue_interjections(self) -> None:
        """The computer seats that may move out of turn now (asked before the seat to play)."""
        state = self.match.state
        if self.match.over or self.spectating:
            self.interjections = []
            return
        self.interjections = [
            seat for seat in self.bots if seat != state.to_play and self.game.legal_moves(state, seat=seat)
        ]

    def run_computers(self, delay: float) -> list[TableEvent]:
        """Play a computer's move once it is ready, or start the next computer thinking (out of turn
        first); ``delay`` is the least time a computer's turn shows (the settings' pace)."""
        job = self.runner.result()
        if job is not None:
            return self._computer_answer(job)
        if self.runner.busy:
            return []
        while self.interjections:
            other = self.interjections.pop(0)
            if self.game.legal_moves(self.match.state, seat=other):
                self._think(other, 0.0, interjection=True)
                return []
        seat = self.match.to_play
        if seat is not None and seat in self.bots:
            self._think(seat, delay)
        return []

    def _think(self, seat: Seat, delay: float, interjection: bool = False) -> None:
        level = self.match.setup.seats[seat].level
        state = self.match.state
        view = self.game.view(state, seat)
        think = self.game.info.think_time(level)
        mover = seat if interjection else None

        def apply(move: Any) -> Prepared[StateT]:
            # On the bot's thread: the move applied to the full position it was asked for (the
            # bot itself only saw its view); the window commits the result if nothing moved since.
            return prepare(self.game, state, move, mover)

        self.runner.start(
            self.bots[seat], self.game, view, seat, self.token(), think, delay, interjection=interjection, then=apply
        )

    def _computer_answer(self, job: BotJob) -> list[TableEvent]:
        if job.token != self.token():
            return []  # stale: the history moved while it thought
        said: list[TableEvent] = []
        if job.error:
            failure = job.error.splitlines()[-1]
            said.append(Failed(Words("A computer player failed ({error}); it plays a random move.", error=failure)))
            moves = self.game.legal_moves(self.match.state, None if job.interjection else job.seat)
            job.move = None if job.interjection or not moves else moves[0]
        if job.move is None:
            return said
        try:
            if isinstance(job.then_result, Prepared) and not job.error:
                if job.then_result.before is not self.match.state:
                    return said  # stale after all: applied to a position the history left
                said.append(self._commit(job.then_result))
            elif isinstance(job.then_error, IllegalMoveError):
                raise job.then_error
            else:  # the random move after a failure: applied here, as a human's move is
                said.append(self.play(job.move, job.seat if job.interjection else None))
        except IllegalMoveError as error:
            reason = error.args[0] if error.args and isinstance(error.args[0], str) else str(error)
            said.append(Failed(Words("A computer player tried an illegal move: {reason}", reason=reason)))
        return said

    # ==== undo and redo ==========================================================================
    def undo_plan(self) -> UndoPlan | None:
        """What one undo does now (back to the last human decision), or ``None``: nothing to undo."""
        return self.match.undo_plan()

    def undo_needs_agreement(self, plan: UndoPlan, asker: Seat | None = None) -> bool:
        """Whether ``plan`` needs everyone's agreement: it goes back past a draw that several humans
        have seen, or takes back another human's move than ``asker``'s (``Match.undo_needs_agreement``)."""
        return self.match.undo_needs_agreement(plan, asker)

    def undo(self, plan: UndoPlan) -> bool:
        """Carry out ``plan``; False when it changed nothing (the position stays as it was)."""
        cursor = self.match.history.cursor
        self.match.undo(plan)
        self.jumped()
        return self.match.history.cursor != cursor

    def ask_undo(self) -> list[TableEvent]:
        """Undo at a table on a server (``on_server``): what it says comes as events."""
        return []

    def redo(self) -> bool:
        if not self.match.redo():
            return False
        self.jumped()
        return True

    def step_back(self) -> bool:
        """Take back exactly the last move (not skipping computer moves)."""
        if not self.match.step_back():
            return False
        self.jumped()
        return True

    def turns_ahead(self) -> int:
        """The turns that redo can bring back, counted as players count them."""
        history = self.match.history
        return turns_from(history.steps, history.cursor)

    def jumped(self) -> None:
        """The history moved (undo, redo, restart, spectating): thinking and the hint stop."""
        self.runner.cancel()
        self.hint_runner.cancel()
        self.hint_move = None
        self.queue_interjections()

    def close(self) -> None:
        """The table is left: nobody thinks any more."""
        self.runner.cancel()
        self.hint_runner.cancel()
