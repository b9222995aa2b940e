"""A table on a server, seen from this computer: what a game's screen draws when players sit at
different computers.

:class:`RemoteTableAdapter` is a :class:`~bauhausbox.table.Table` whose game is played on a server
(``net/server.py``), through one :class:`~bauhausbox.net.client.RemoteTable` per seat of this
computer. Its :class:`RemoteMatch` mirrors what those seats may see: the position of the seat in
front of the screen (``from_text`` of its view), one step per move with the sentence the server
wrote for that seat, and the move's value where the seat may know it (for the game's animations and
outlines). The screen calls the table as it would a local one: a move is sent and the server's
answer awaited (a refusal comes back as the rules' sentence), undo asks the server, which asks every
human for agreement where needed (:class:`~bauhausbox.table.Asked`), and ``run_computers`` reports
what others did since the last frame (moves, an undo, a player who left, a refusal).

The network's thread changes what the clients know at any time; the screen reads it through one
:class:`~bauhausbox.net.client.Moment` per seat, taken at the frame's start
(:meth:`RemoteTableAdapter.begin_frame`), so the players panel, the bars and the buttons of one frame
say the same thing. The screen's own intent waits for its answer, and the frame goes on from it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, replace
from typing import Any

from bauhausbox import games, i18n
from bauhausbox.engine.api import WATCHER, GameError, IllegalMoveError, Seat, split_seat
from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.bots.runner import BotJob
from bauhausbox.engine.history import History, SeatSpec, Setup, Step, UndoPlan
from bauhausbox.i18n import N_, _, fill, ngettext
from bauhausbox.match import Match
from bauhausbox.net.background import NetLoop, hosting, shared_loop
from bauhausbox.net.client import Ended, Moment, RemoteTable
from bauhausbox.net.protocol import SENTENCES, Refusal, SeatView
from bauhausbox.net.undo_words import host_name, taken_back, waiting_lines
from bauhausbox.persistence import guest
from bauhausbox.persistence.models import GuestSeat
from bauhausbox.table import Asked, Gone, Jumped, Notice, Played, Table, TableEvent

log = logging.getLogger(__name__)

ANSWER_SECONDS = 5.0  # how long the screen waits for the server to answer a move, an undo, a redo
JOIN_SECONDS = 5.0
# The refusals that end a seat for good (its table closed or replaced, the token no longer valid):
# the guest's record forgets the seat.
GONE = ("bad_token", "seat_given", "wrong_code", "table_closed", "host_left", "table_replaced")


@dataclass(frozen=True)
class Invitation:
    """How others join a hosted table: this computer's addresses, the port and the table's code."""

    addresses: tuple[str, ...]
    port: int
    code: str

    def where(self) -> str:
        """``192.168.1.20:51234`` or ``[2001:db8::20]:51234`` (the addresses joined with "or")."""
        return _(" or ").join(f"[{a}]:{self.port}" if ":" in a else f"{a}:{self.port}" for a in self.addresses)


def setup_of(view: SeatView) -> Setup:
    """The table's setup as a seat knows it (the seed only once the game is over)."""
    seats = tuple(
        SeatSpec.from_text(view.seats[index] if index < len(view.seats) else ("human" if human else "ai"), name)
        for index, (name, human) in enumerate(zip(view.names, view.humans, strict=True))
    )
    return Setup(view.game, len(seats), view.seed or 0, seats, dict(view.options))


class RemoteMatch(Match):
    """The mirror of a table on a server: positions as this computer's seats see them; never saved
    from here (the server keeps the table; at the host, the app's server writes the host's save
    from its own table: ``net/background.py``)."""

    def __init__(self, setup: Setup, history: History[Any]) -> None:
        super().__init__(setup, history, autosave=False)
        self.said: list[str] = []  # each step in words, as the server wrote it for the seat on screen
        self.shown: Callable[[], Seat | None] = lambda: None
        self.table: RemoteTableAdapter | None = None  # the table the screen plays at

    def describe_step(self, index: int, viewer: Seat | None) -> str:
        return self.said[index] if index < len(self.said) else ""

    def describe_outcome(self, index: int, viewer: Seat | None) -> str:
        return ""  # the server's sentence of a move says what followed it too

    def viewer(self) -> Seat | None:
        return self.shown()

    def restart(self, same_seed: bool = False) -> Match:
        raise GameError("a table on a server is not restarted from one computer")


class RemoteTableAdapter(Table[Any, Any]):
    """See the module's docstring. ``remotes``: this computer's seats, each already seated; or
    only a watcher (under :data:`~bauhausbox.engine.api.WATCHER`), who sees the table from no seat
    and plays nothing."""

    on_server = True

    def __init__(self, loop: NetLoop, remotes: dict[Seat, RemoteTable], invitation: Invitation | None = None) -> None:
        self.loop = loop
        self.remotes = remotes
        self.invitation = invitation  # at the host: how to join, said while seats are free
        self.watcher = WATCHER in remotes
        self._frame: dict[Seat, Moment] | None = None  # the moments this frame reads (begin_frame)
        first = next(iter(remotes.values())).moment.view
        assert first is not None
        game = games.load(first.game)
        self._shown_seat = self._pick_seat(first)
        view = self._at(self._shown_seat).view
        assert view is not None
        state = game.from_text(view.position)
        match = RemoteMatch(setup_of(view), History(game, state))
        match.shown = self._viewer_seat
        match.table = self
        super().__init__(match, curtain=game.info.hidden_information and len(remotes) >= 2)
        self.match: RemoteMatch = match
        # A watcher's screen is read-only like the replay viewer's (no prompts, no move controls,
        # nobody "thinking"), but it follows the table as it goes on (``GameScene.update``).
        self.spectating = self.watcher
        self.bots = {}
        self.interjections = []
        self._seen: tuple[int, Seat] | None = None
        self._seen_view: SeatView | None = None  # the same version may come again whole (in another language)
        self._moves: list[tuple[int, str | None, str, bool]] = []
        self._pending: list[TableEvent] = []
        self._refusals = {seat: len(remote.moment.refusals) for seat, remote in remotes.items()}
        self._asked: set[tuple[Seat, int, int]] = set()
        self._hint_given: tuple[int, str] | None = None
        self._ended_told = False
        self._returns: dict[Seat, int] = {}  # the host's returns told, per seat of this computer
        self._away_names: list[str] = []  # the host's players, as last said while away
        self._rematch_seen: str | None = None  # the new game's table (or request) this screen was told of
        self._answered: str | None = None  # the request this screen answered
        self._language = i18n.language()  # the language the server writes this screen's sentences in
        self._kept = False  # this guest's seats are in the guest's record (``keep_seats``)
        self._sat: set[Seat] = set()  # the other computers' seats seen taken (``open_seat``)
        self._absorb()
        self._recorded = self.match.over  # a game seen only once finished is not this screen's to count

    # ==== who is where ===========================================================================
    def _pick_seat(self, view: SeatView) -> Seat:
        """The seat of this computer whose view the screen shows: the one to play, else the last."""
        if view.to_play in self.remotes:
            return view.to_play
        if getattr(self, "_shown_seat", None) in self.remotes:
            return self._shown_seat
        return next(iter(self.remotes))

    def _viewer_seat(self) -> Seat | None:
        return None if self.watcher else self._shown_seat

    def watching(self) -> int:
        """How many watch the table, as the server last said while this screen hears it: once the
        connection ended (the table closed, the host left) or dropped, the count would be stale."""
        moment = self._at(self._shown_seat)
        if moment.view is None or moment.ended is not None or not moment.connected:
            return 0
        return moment.view.watching

    # ==== one moment per frame ===================================================================
    def begin_frame(self) -> None:
        """A frame starts: every read until :meth:`end_frame` sees what the clients knew now."""
        self._frame = {seat: remote.moment for seat, remote in self.remotes.items()}

    def end_frame(self) -> None:
        self._frame = None  # between frames (a test, a script), each read sees the latest moment

    def _at(self, seat: Seat) -> Moment:
        """What ``seat``'s client knew at this frame's start (outside a frame: now)."""
        return self._frame[seat] if self._frame is not None else self.remotes[seat].moment

    def _moments(self) -> list[Moment]:
        return [self._at(seat) for seat in self.remotes]

    def connected(self, seat: Seat) -> bool | None:
        view = self._at(self._shown_seat).view
        if view is None or seat >= len(view.connected):
            return None
        if seat in self.remotes:  # this player is at this screen while the table waits for the host
            return self._at(seat).connected or self._at(seat).away is not None
        if self.seat_away(seat):
            return False  # the host left the table (the last view may still say connected)
        if view.connected[seat]:
            self._sat.add(seat)
        return view.connected[seat]

    def absent_seats(self) -> list[Seat]:
        """At the host, while the game goes on: the seats of players at other computers who are not
        at the table now (never came, or gone), which the host may give to a computer player."""
        view = self._at(self._shown_seat).view
        if view is None or self.invitation is None or view.over:
            return []
        return [
            seat
            for seat, human in enumerate(view.humans)
            if human and seat not in self.remotes and seat < len(view.connected) and not view.connected[seat]
        ]

    def give_seat(self, seat: Seat, level: str) -> None:
        """At the host: ``seat`` goes to a computer player of ``level`` on the server, which says so
        to every screen (raises ``net.server.Refused`` when its player came back meanwhile)."""
        host = hosting()
        if host is None or self.invitation is None:
            return
        host.give_seat(self.invitation.code, seat, level)

    def plays_here(self, seat: Seat | None) -> bool:
        return seat in self.remotes

    def hosted_here(self) -> bool:
        return self.invitation is not None

    def open_seat(self, seat: Seat) -> bool:
        """A human seat of another computer that nobody has taken yet: not connected now, never
        seen connected by this screen, and without a move of its own."""
        if seat in self.remotes or self.match.over or not self.match.is_human(seat):
            return False
        moved = any(step.seat == seat for step in self.match.history.steps)
        return self.connected(seat) is False and seat not in self._sat and not moved

    def held(self) -> bool:
        """The host left the table, the connection is down or the table ended: nothing is played
        from here until it comes back (the status bar says which)."""
        if self.watcher or self.match.over:
            return False
        return any(moment.ended is not None or not moment.connected for moment in self._moments())

    def status_note(self) -> str | None:
        for moment in self._moments():
            if moment.ended is not None:  # said again in the players' language where it can be
                return self._gone_words(moment.ended)
        away = self.host_away()
        if away is not None:
            if not away:
                return _("The host left the table; it goes on when they reopen it · reconnecting…")
            return fill(
                _("{names} (the host) left the table; it goes on when they reopen it · reconnecting…"),
                names=", ".join(away),
            )
        if not all(moment.connected for moment in self._moments()):
            return _("The connection to the table was lost: reconnecting…")
        if self.watcher:
            return _(SENTENCES["watching"])
        view = self._at(self._shown_seat).view
        request = view.undo_request if view is not None else None
        if view is not None and request is not None and request.asked_by in self.remotes:  # until they answer
            lines = waiting_lines(view, ", ".join(self.match.seat_name(seat) for seat in request.waiting_for))
            return lines[1] if len(lines) > 1 else lines[0]
        if view is not None and self.invitation and not view.over:  # nobody joins a finished game
            waiting = [view.names[s] for s, human in enumerate(view.humans) if human and not view.connected[s]]
            if waiting:
                return fill(
                    _("Waiting for {names} to join: table {code} at {address}"),
                    names=", ".join(waiting),
                    code=self.invitation.code,
                    address=self.invitation.where(),
                )
        return None

    def host_player(self) -> str:
        view = self._at(self._shown_seat).view
        if view is None or self.invitation is not None:
            return ""
        return host_name(view.names, view.humans, -1 if self.watcher else self._shown_seat)

    def seat_away(self, seat: Seat) -> bool:
        """``seat`` is one of the host's, and the host is away from the table."""
        return any(moment.away is not None and seat in moment.away.seats for moment in self._moments())

    def host_away(self) -> list[str] | None:
        """The names of the host's players while they are away from the table (they left it, or
        their app closed: it goes on when they reopen it), else ``None``."""
        away = next((moment.away for moment in self._moments() if moment.away is not None), None)
        if away is None:
            return None
        return [self.match.seat_name(seat) for seat in away.seats if 0 <= seat < self.match.setup.players]

    # ==== the view ===============================================================================
    @property
    def view(self) -> Any:
        return self.match.state  # already the view of the seat on screen

    def seat_view(self, seat: Seat | None) -> Any:
        from bauhausbox.table import SeatView as TableSeatView

        hint = self.hint_move if seat == self.match.to_play and seat == self._shown_seat else None
        return TableSeatView(seat, self.match.state, hint, self.veiled())

    def _follow_language(self) -> None:
        """The players switched language (Settings): the server says every sentence again in it."""
        language = i18n.language()
        if language != self._language:
            self._language = language
            for remote in self.remotes.values():
                self._send(remote.speak(language))

    def _absorb(self, own: tuple[str, Any] | None = None, quiet: bool = False) -> list[TableEvent]:
        """Bring the mirror up to the server's latest view for the seat on screen; what changed, as
        events. ``own``: the move this screen has just sent (its text and value)."""
        self._follow_language()
        events: list[TableEvent] = []
        for seat, remote in self.remotes.items():
            events.extend(self._news(seat, remote))
        current = self._at(self._shown_seat).view
        if current is None:
            return events
        seat = self._pick_seat(current)
        view = self._at(seat).view
        if view is None or (self._seen == (view.version, seat) and view is self._seen_view):
            return events
        game, history = self.game, self.match.history
        state = game.from_text(view.position)
        moves = [(move.seat, move.text, move.said, move.opens) for move in view.moves]
        known = self._moves
        self._rename(view)
        # The sentences may change under the same moves (a player who joined named themselves), and
        # a secret move, once shown, comes with its notation (a Bits placement after the reveal).
        same = len(moves) >= len(known) and all(
            new[0] == old[0] and old[1] in (None, new[1]) for new, old in zip(moves, known, strict=False)
        )
        if seat == self._shown_seat and self._seen is not None and same:
            if len(moves) > len(known):  # a hint belongs to its position (as Table._moved has it)
                self.hint_move = None
                self.hint_runner.job = None  # and so does a hint asked for: the server dropped it
            self._shown_moves(known, moves)
            for index, (mover, text, _said, opens) in enumerate(moves[len(known) :], start=len(known)):
                before = history.state
                move = self._parse(before, mover, text, own)
                step = Step(mover, move, text or "", False, opens)
                history.states.append(state if index == len(moves) - 1 else self._after(before, mover, move))
                history.steps.append(step)
                history.cursor += 1
                if move is not None:
                    events.append(Played(before, step))
            history.states[history.cursor] = state
        else:
            replayed = self._replayed(view, moves)
            history.states = replayed[0] if replayed else [state] * (len(moves) + 1)
            values = replayed[1] if replayed else [None] * len(moves)
            history.steps = [
                Step(mover, value, text or "", False, opens)
                for (mover, text, _said, opens), value in zip(moves, values, strict=True)
            ]
            history.cursor = len(moves)
            if self._seen is not None and not quiet:
                events.append(Jumped())
            self.hint_move = None
            if moves != known:  # undone, or told again: a hint asked for was dropped with its position
                self.hint_runner.job = None
        self._shown_seat = seat
        self._seen, self._seen_view = (view.version, seat), view
        self._moves = moves
        said = [move[2] for move in moves]
        if said[: len(self.match.said)] != self.match.said[: len(said)]:
            self.match.said_version += 1  # the same moves in other words (another language, a new name)
        self.match.said = said
        self._view_key = None
        return events

    def _replayed(
        self, view: SeatView, moves: list[tuple[int, str | None, str, bool]]
    ) -> tuple[list[Any], list[Any]] | None:
        """Every position of a whole view's moves and their values, worked out from the start: a
        step's marks (its colour in the log, the recap) read the position before it, so a whole view
        (an undo, a screen that joins or comes back) must not make them all the current one. Only
        where the game has no secrets and every move's notation is known, and checked against the
        server's position (a start that depends on a seed not told yet falls back: ``None``)."""
        game, setup = self.game, self.match.setup
        if game.info.hidden_information or any(text is None for _mover, text, _said, _opens in moves):
            return None
        try:
            state = game.new_game(setup.players, view.seed or setup.seed, **setup.options)
            states, values = [state], []
            for mover, text, _said, _opens in moves:
                move = self._parse(state, mover, text, None)
                if move is None:
                    return None
                state = game.apply(state, move, None if mover == state.to_play else mover)
                states.append(state)
                values.append(move)
            if game.to_text(state) != view.position:
                return None
        except (GameError, ValueError, KeyError, TypeError):
            return None  # the mirror falls back to the server's position for every step
        return states, values

    def _shown_moves(self, known: list[tuple[int, str | None, str, bool]], moves: list[Any]) -> None:
        """Moves this screen had without their notation that the server now tells (shown since):
        their values, so the recap and the last move's outline mark them as at the host."""
        history = self.match.history
        for index, (old, new) in enumerate(zip(known, moves, strict=False)):
            if old[1] is None and new[1] is not None and index < len(history.steps):
                step = history.steps[index]
                move = self._parse(history.states[index], step.seat, new[1], None)
                history.steps[index] = Step(step.seat, move, new[1], step.revealed, step.opens_turn)

    def _rename(self, view: SeatView) -> None:
        """Names chosen by players who joined since, and a seat the host gave to a computer player
        (the server tells every seat)."""
        setup = self.match.setup
        if view.names != [spec.name for spec in setup.seats] or (
            view.seats and view.seats != [spec.to_text() for spec in setup.seats]
        ):
            self.match.setup = replace(setup, seats=setup_of(view).seats)

    def _parse(self, before: Any, mover: Seat, text: str | None, own: tuple[str, Any] | None) -> Any:
        """The move's value where this seat may know it (else ``None``: no animation, no outline)."""
        if own is not None and text == own[0]:
            return own[1]
        if text is None:
            return None
        try:
            prefix, body = split_seat(text)
            return self.game.parse_move(before, body, mover if prefix is None else prefix)
        except (GameError, ValueError):
            return None

    def _after(self, before: Any, mover: Seat, move: Any) -> Any:
        """The position after ``move`` where this screen can work it out (a game without secrets),
        else ``before``: one of several moves that came in one view, whose marks read it."""
        if move is None or self.game.info.hidden_information:
            return before
        try:
            return self.game.apply(before, move, None if mover == before.to_play else mover)
        except (GameError, ValueError):
            return before

    def _news(self, seat: Seat, remote: RemoteTable) -> list[TableEvent]:
        """What a seat of this computer heard besides views: refusals, an undo to agree to, the end."""
        events: list[TableEvent] = []
        moment = self._at(seat)
        for refusal in moment.refusals[self._refusals[seat] :]:
            if not refusal.fatal:
                events.append(Notice(refusal.sentence, "error"))
        self._refusals[seat] = max(self._refusals[seat], len(moment.refusals))
        if moment.away is not None:
            self._away_names = self.host_away() or []
        if moment.returns > self._returns.get(seat, 0):  # the host reopened the table
            self._returns[seat] = moment.returns
            names = self._away_names
            back = ngettext("{names} is back: the game goes on.", "{names} are back: the game goes on.", len(names))
            events.append(
                Notice(fill(back, names=", ".join(names)) if names else _("The host is back: the game goes on."))
            )
        if moment.ended is not None and not self._ended_told:
            self._ended_told = True
            events.append(Notice(moment.ended.sentence, "error"))
            if not self.match.over:  # nothing more happens at this table: the way out
                events.append(Gone(self._gone_words(moment.ended)))
                if moment.ended.reason in GONE:
                    self._forget_seats()
        view = moment.view
        request = view.undo_request if view is not None else None
        if request is not None and view is not None and seat in request.waiting_for:
            key = (seat, request.asked_by, len(view.moves))
            if key not in self._asked:
                self._asked.add(key)
                asker = self.match.seat_name(request.asked_by)
                turns, moves = taken_back(view, request.back_to)
                if moves:  # what goes, in the game's words, as the seat's own log tells it
                    title = fill(
                        ngettext("{name} asks to take back {n} turn", "{name} asks to take back {n} turns", turns),
                        name=asker,
                        n=turns,
                    )
                    question = fill(_("It takes back: {moves}."), moves=moves) + " "  # the title says who asks
                else:  # an older host does not say where its undo goes back to
                    title, question = fill(_("{name} asks to undo"), name=asker), ""
                events.append(
                    Asked(
                        title,
                        question
                        + _("Across computers every player at the table agrees to an undo. Undo only if you agree."),
                        self._answer(remote, agree=True),
                        self._answer(remote, agree=False),
                    )
                )
        return events

    def _gone_words(self, ended: Refusal) -> str:
        """Why this screen's table is gone, in one sentence (the server's, but for a table it no
        longer knows: its refusal speaks to someone typing a code)."""
        if ended.reason == "wrong_code":
            return _("This table no longer exists at the host.")
        template = SENTENCES[ended.reason]
        return _(template) if "{detail}" not in template else ended.sentence

    def _forget_seats(self) -> None:
        """This computer's seats at a table gone for good leave the guest's record: Continue and
        Join's Return would offer a way back to nothing."""
        if self.guest:
            for seat, remote in self.remotes.items():
                guest.forget_seat(remote.url, remote.code, seat)

    def _answer(self, remote: RemoteTable, *, agree: bool) -> Callable[[], None]:
        """The dialog's answer to an undo request, sent from ``remote``'s seat."""
        return lambda: self._send(remote.agree() if agree else remote.refuse())

    def _send(self, intent: Coroutine[Any, Any, None]) -> None:
        self.loop.submit(intent)  # answered by the next view (or a refusal), like every intent

    # ==== what humans may do =====================================================================
    def may_act(self, seat: Seat | None = None) -> bool:
        if self.veiled() or any(moment.ended is not None or not moment.connected for moment in self._moments()):
            return False
        if seat is None:
            seat = self.match.to_play
        elif self.curtained() and seat != self.unveiled:
            return False
        return seat in self.remotes

    def play(self, move: Any, seat: Seat | None = None) -> Played:
        mover = self.match.to_play if seat is None else seat
        remote = self.remotes.get(mover) if mover is not None else None
        if remote is None:
            raise IllegalMoveError(N_("It is not your turn."))
        text = self.game.format_move(self.match.state, move)
        answer = self._ask(remote, "move", text)
        events = self._absorb(own=(text, move))
        played = next((e for e in events if isinstance(e, Played) and e.step.move is move), None)
        if answer is None and played is None and mover is not None:
            played = self._own_last(mover, text, move)
        if answer is not None or played is None:
            self._pending.extend(events)
            raise IllegalMoveError(answer.sentence if answer is not None else N_("The table did not answer in time."))
        self._pending.extend(event for event in events if event is not played)
        return played

    def _own_last(self, mover: Seat, text: str, move: Any) -> Played | None:
        """This screen's move, when it came back in a whole view (the move that ends a game with
        secrets: every move's notation is told then) rather than as one more move."""
        history = self.match.history
        if not history.cursor:
            return None
        step = history.steps[history.cursor - 1]
        if step.seat != mover or step.text != text:
            return None
        step = history.steps[history.cursor - 1] = replace(step, move=move)
        return Played(history.states[history.cursor - 1], step)

    def _ask(
        self, remote: RemoteTable, action: str, text: str = "", until: Callable[[SeatView], bool] | None = None
    ) -> Refusal | None:
        """Send an intent and wait (briefly) until the server has answered it (``until`` the view
        shows the answer; by default, when the moves or the undo request changed)."""
        seat = remote.seat
        before = remote.view.moves if remote.view is not None else []
        request = remote.view.undo_request if remote.view is not None else None

        def answered(view: SeatView) -> bool:
            if until is not None:
                return until(view)
            return view.moves != before or view.undo_request != request

        try:
            answer = self.loop.run(remote.ask(action, text, until=answered), ANSWER_SECONDS)  # type: ignore[arg-type]
        except Ended as ended:
            answer = ended.refusal
        except TimeoutError:
            answer = Refusal(reason="not_stored", sentence=_("The table did not answer in time."))
        if self._frame is not None:  # the screen waited for its own intent: the frame goes on from the answer
            self.begin_frame()
        if seat is not None:
            self._refusals[seat] = len(self._at(seat).refusals)  # said here, not again as news
        return answer

    def run_computers(self, delay: float) -> list[TableEvent]:
        events, self._pending = self._pending, []
        events += self._absorb()
        if self.guest and self.match.over and not self._recorded:  # the guest's statistics count it too
            self._recorded = True
            self.match.queue_result()
        return events

    # ==== hints ==================================================================================
    def request_hint(self, level: str = "hard") -> bool:
        remote = self.remotes.get(self.match.to_play) if self.match.to_play is not None else None
        if remote is None or self.veiled():
            return False
        self.hint_runner.job = BotJob(remote.seat or 0, self.token(), Budget(0.0), time.monotonic(), 0.0)
        self._hint_given = None  # asked again (after an undo, the same hint as before is the answer)
        self._send(remote.hint())
        return True

    def hint_answer(self) -> BotJob | None:
        remote = self.remotes.get(self._shown_seat)
        view = self._at(self._shown_seat).view if remote is not None else None
        if view is None or view.hint is None or view.to_play != self._shown_seat or self.veiled():
            return None
        if self._hint_given == (len(view.moves), view.hint):
            return None
        self._hint_given = (len(view.moves), view.hint)
        self.hint_runner.job = None
        move = self._parse(self.match.state, self._shown_seat, view.hint, None)
        if move is None:
            return None
        return BotJob(self._shown_seat, self.token(), Budget(0.0), time.monotonic(), 0.0, move=move, done=True)

    # ==== computers, undo and redo: on the server ================================================
    def queue_interjections(self) -> None:
        self.interjections = []

    def undo_plan(self) -> UndoPlan | None:
        view = self._at(self._shown_seat).view
        return UndoPlan(0, False) if view is not None and view.can_undo else None

    def ask_undo(self) -> list[TableEvent]:
        """Ask the server to take back this seat's own last move and every move after it
        (``History.own_undo_target`` on the server's table), and say what goes."""
        remote = self.remotes[self._shown_seat]
        before = self._at(self._shown_seat).view
        answer = self._ask(remote, "undo")
        if answer is not None:
            return [Notice(answer.sentence, "error")]
        events = self._absorb()
        view = self._at(self._shown_seat).view
        if view is not None and view.undo_request is not None:
            names = ", ".join(self.match.seat_name(seat) for seat in view.undo_request.waiting_for)
            lines = waiting_lines(view, names)
            events.append(Notice(lines[0], shorter=lines[1:]))
        elif any(isinstance(event, Jumped) for event in events):
            # Taken back at once (only this seat's own move and the computers' replies): what went.
            turns, moves = taken_back(before, len(view.moves) if view is not None else None)
            if moves:
                undone = ngettext("Undone {n} turn: {moves}.", "Undone {n} turns: {moves}.", turns)
                briefly = ngettext("Undone {n} turn.", "Undone {n} turns.", turns)
                events.append(Notice(fill(undone, n=turns, moves=moves), shorter=(fill(briefly, n=turns),)))
            else:
                events.append(Notice(N_("Undone.")))
        return events

    def undo(self, plan: UndoPlan) -> bool:
        return any(isinstance(event, Jumped) for event in self.ask_undo())

    def redo(self) -> bool:
        if self._ask(self.remotes[self._shown_seat], "redo") is not None:
            return False
        self._absorb(quiet=True)
        return True

    def step_back(self) -> bool:
        return False

    def turns_ahead(self) -> int:
        return 0

    def jumped(self) -> None:
        self.hint_move = None
        self.hint_runner.job = None

    # ==== a new game at the end ==================================================================
    def rematch_offer(self) -> str | None:
        """The asker's name when another player asked for a new game at this finished table and this
        screen has not been told yet: players are asked while it waits for their agreement, watchers
        once the new table exists (``None`` otherwise, and on the asker's own screen)."""
        view = self._at(self._shown_seat).view
        if view is None:
            return None
        asked, made = view.rematch_asked, view.rematch
        if made is not None:
            key, asker = made.code, made.asked_by
        elif asked is not None and not self.watcher and self._shown_seat in asked.waiting_for:
            key, asker = f"asked {asked.number}", asked.asked_by
        else:
            return None
        answered = self._answered is not None and self._answered == self._rematch_seen
        if self._rematch_seen == key or (made is not None and answered):
            self._rematch_seen = key  # told already, or answered while it was asked for
            return None
        self._rematch_seen = key
        if asker in self.remotes:
            return None
        return self.match.seat_name(asker)

    def rematch_state(self) -> str:
        """Where the new game asked for stands: "made" (its table exists), "asked" (waiting for
        players' agreement) or "none" (never asked, refused or withdrawn)."""
        view = self._at(self._shown_seat).view
        if view is not None and view.rematch is not None:
            return "made"
        return "asked" if view is not None and view.rematch_asked is not None else "none"

    def rematch_waiting(self) -> list[str]:
        """The names of the players whose agreement the new game waits for."""
        view = self._at(self._shown_seat).view
        asked = view.rematch_asked if view is not None else None
        return [self.match.seat_name(seat) for seat in asked.waiting_for] if asked is not None else []

    def refusals_heard(self) -> int:
        """How many refusals the seat on screen has heard (``rematch_refusal`` reads those after)."""
        return len(self._at(self._shown_seat).refusals)

    def gone(self) -> bool:
        """The table ended for this screen (the host left it for good, or it closed)."""
        return any(moment.ended is not None for moment in self._moments())

    def rematch_refusal(self, since: int) -> str | None:
        """The sentence of the new game's refusal (or withdrawal) heard after the ``since`` first
        refusals of the seat on screen."""
        for heard in reversed(self._at(self._shown_seat).refusals[since:]):
            if heard.reason in ("rematch_refused", "rematch_withdrawn"):
                return heard.sentence
        return None

    def answer_rematch(self, agree: bool) -> None:
        """This screen's answer to the new game another player asked for (agreeing to one asked
        for by nobody asks for it)."""
        remote = self.remotes[self._shown_seat]
        self._answered = self._rematch_seen
        self._send(remote.agree("rematch") if agree else remote.refuse("rematch"))

    def ask_rematch(self) -> None:
        """Ask for a new game at this finished table (or agree to the one asked for) and wait
        (briefly) until the server has it; raises :class:`Ended` with one sentence when the host
        has gone, does not answer or refuses."""
        remote = self.remotes[self._shown_seat]
        for moment in self._moments():
            if moment.ended is not None:
                raise Ended(_ended(moment.ended, N_("The host has left: there is no new game to join.")))
        if self.rematch_state() == "made":
            return
        if self.watcher:
            raise Ended(_ended(None, N_("No new game has been asked for at this table yet.")))
        seat = remote.seat

        def heard(seen: SeatView) -> bool:
            asked = seen.rematch_asked
            return seen.rematch is not None or (asked is not None and seat not in asked.waiting_for)

        self._answered = self._rematch_seen
        answer = self._ask(remote, "rematch", until=heard)
        if answer is not None:
            raise Ended(answer if answer.fatal else _ended(None, answer.sentence))

    def play_again(self) -> RemoteTableAdapter:
        """The new game at this finished table, once it exists, joined in this computer's seats
        with their tokens, or watched; raises :class:`Ended` with one sentence when the host has
        gone or it does not exist."""
        remote = self.remotes[self._shown_seat]
        self.ask_rematch()
        view = self._at(self._shown_seat).view
        if view is None or view.rematch is None:
            raise Ended(_ended(None, N_("The new game is not there yet.")))
        self._rematch_seen = code = view.rematch.code
        invitation = replace(self.invitation, code=code) if self.invitation is not None else None
        return rejoin(self.loop, remote.url, code, self.remotes, invitation)

    @property
    def guest(self) -> bool:
        """This computer sits at a table hosted elsewhere (not the host's own screen, not a watcher)."""
        return self.invitation is None and not self.watcher

    def keep_seats(self) -> None:
        """A guest's seats written to this computer's record of them (``persistence/guest.py``), so
        the Join screen can take the player back after they leave; forgotten once the game is over."""
        if not self.guest:
            return
        for seat, remote in self.remotes.items():
            view = self._at(seat).view
            if remote.token is None or view is None:
                continue
            try:
                kept = GuestSeat(
                    url=remote.url,
                    code=remote.code,
                    seat=seat,
                    token=remote.token,
                    name=self.match.seat_name(seat),
                    game_id=view.game,
                    host=host_name(view.names, view.humans, seat),
                )
                guest.keep_seat(kept)
            except (ValueError, OSError) as error:  # the game goes on; only the way back is lost
                log.warning("could not keep the seat's token: %s", error)
        self._kept = True

    def close(self) -> None:
        """This screen leaves the table. At the host, an unfinished table it keeps waits for its
        players (the others are told: ``LocalHost.leave``) until Continue reopens it. A guest's seats
        at a finished game are forgotten: there is nothing to come back to."""
        for remote in self.remotes.values():
            self._send(remote.close())
        if self._kept and self.match.over:
            self._forget_seats()
        host = hosting()
        if host is not None and self.invitation is not None and not self.match.over:
            host.leave(self.invitation.code)  # after the closes: sent to the loop in this order


def join_table(
    url: str,
    code: str,
    seats: list[Seat | None],
    *,
    name: str = "",
    language: str = "en",
    invitation: Invitation | None = None,
    watch: bool = False,
    tokens: dict[Seat, str] | None = None,
) -> RemoteTableAdapter:
    """Sit at table ``code`` on the server at ``url`` in each of ``seats`` (``None``: the first free
    human seat; with ``tokens``, back into each seat with its token), or with ``watch`` watch it
    from no seat, and return the table for the screen;
    raises :class:`Ended` with the server's sentence (wrong code, table full, an old version, no
    watchers allowed) or ``OSError`` / ``TimeoutError`` when the server cannot be reached."""
    loop = shared_loop()
    remotes: dict[Seat, RemoteTable] = {}
    try:
        for wanted in [None] if watch else seats:
            token = tokens.get(wanted) if tokens is not None and wanted is not None else None
            remote = RemoteTable(
                url, code.strip().upper(), seat=wanted, token=token, name=name, language=language, watch=watch
            )
            try:
                loop.run(remote.start(JOIN_SECONDS), JOIN_SECONDS + 1.0)
            except TimeoutError:
                loop.submit(remote.close())
                if remote.away is not None:  # the host left the table: said so, not "nothing answers"
                    raise Ended(remote.away) from None
                raise
            except BaseException:
                loop.submit(remote.close())
                raise
            if watch:
                remotes[WATCHER] = remote
            else:
                assert remote.seat is not None
                remotes[remote.seat] = remote
    except BaseException:
        for remote in remotes.values():
            loop.submit(remote.close())
        raise
    return RemoteTableAdapter(loop, remotes, invitation)


def _ended(refusal: Refusal | None, sentence: str) -> Refusal:
    """The end of a conversation said with ``sentence`` (a marked constant, or words already said)."""
    return Refusal(reason=refusal.reason if refusal is not None else "table_closed", sentence=sentence, fatal=True)


def rejoin(
    loop: NetLoop, url: str, code: str, remotes: dict[Seat, RemoteTable], invitation: Invitation | None = None
) -> RemoteTableAdapter:
    """Table ``code`` joined in the same seats as ``remotes`` with the same tokens (a new game at
    the end keeps each player's token), or watched again."""
    joined: dict[Seat, RemoteTable] = {}
    try:
        for key, old in remotes.items():
            remote = RemoteTable(url, code, token=old.token, name=old.name, language=old.language, watch=old.watch)
            joined[key] = remote
            loop.run(remote.start(JOIN_SECONDS), JOIN_SECONDS + 1.0)
    except BaseException:
        for remote in joined.values():
            loop.submit(remote.close())
        raise
    for old in remotes.values():  # this screen leaves the finished table
        loop.submit(old.close())
    return RemoteTableAdapter(loop, joined, invitation)


__all__ = [
    "Invitation",
    "RemoteMatch",
    "RemoteTableAdapter",
    "join_table",
    "rejoin",
    "setup_of",
    "taken_back",
]
