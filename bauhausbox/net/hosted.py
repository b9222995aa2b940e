"""A table on the server (``net/server.py``) and what each seat may see of it.

:class:`HostedTable` holds the :class:`~bauhausbox.table.Table`, the seat tokens' digests, the open
connections (:class:`Seated`: a seat, or a watcher at no seat) and an undo waiting for agreement; it
builds each connection's :class:`~bauhausbox.net.protocol.SeatView` from ``view(state, seat)`` (or
the game's ``watcher_view``), that seat's own hint and the table's public facts only. What every
seat's view says alike, and a position every seat sees the same, are made once per version. A
refusal is said in each connection's language (:func:`speaking`, :func:`refusal`, :func:`tell_others`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from bauhausbox import i18n
from bauhausbox.engine.api import WATCHER, GameRules, Seat
from bauhausbox.engine.history import UndoPlan as Plan
from bauhausbox.games import thinker
from bauhausbox.match import told_to
from bauhausbox.net import protocol
from bauhausbox.net.protocol import (
    FATAL,
    PROTOCOL_VERSION,
    SENTENCES,
    MoveSeen,
    Reason,
    Refusal,
    Rematch,
    RematchAsked,
    SeatView,
    TableSeen,
    UndoRequest,
    unchecked,
)
from bauhausbox.table import Table

log = logging.getLogger(__name__)


@dataclass
class Seated:
    """One open connection sitting at a seat (``None``: watching from no seat), and the moves its
    client has from earlier views."""

    connection: ServerConnection
    seat: Seat | None
    language: str
    protocol: int = PROTOCOL_VERSION
    told: int = 0  # how many moves the client's view holds
    last_told: Any = None  # the step object of the last of them: an undo and a new move replace it


@dataclass
class PendingUndo:
    """An undo waiting for agreement: asked at history position ``cursor``."""

    plan: Plan
    asked_by: Seat
    cursor: int
    agreed: set[Seat] = field(default_factory=set)


VERSION_BITS = 32  # a view's number: the table's openings above, its changes in this opening below


class HostedTable:
    """A table on the server: the :class:`Table`, its seat tokens and who is connected."""

    def __init__(self, code: str, table: Table[Any, Any], digests: dict[Seat, str] | None = None) -> None:
        self.code = code
        self.table = table
        self.match = table.match
        self.game = table.game
        self.digests: dict[Seat, str] = dict(digests or {})
        self.seated: dict[Seat, Seated] = {}
        self.allow_watchers = False  # the host lets people watch from no seat
        self.public = ""  # its name on the local network (``StoredTable.public``)
        self.watchers: list[Seated] = []
        self.rematch: Rematch | None = None  # the new table asked for at the end
        # A new game asked for, before every other human at a screen agreed: the asker, who agreed.
        self.rematch_asked: tuple[Seat, set[Seat]] | None = None
        self.rematch_requests = 0  # how many were asked for (each screen answers each one once)
        self.pending_undo: PendingUndo | None = None
        self.version = 0
        self.hint_level = "hard"
        self.active = time.monotonic()  # the last change or connection: idle tables leave memory
        # One intent or computer move at a time: the next waits while this one's move is committed
        # (other tables go on meanwhile).
        self.lock = asyncio.Lock()
        self.finished: float | None = None  # when the game was seen over (the table closes a while later)
        # Sentences already written, per (step index, seat, language), with the step they describe.
        self._said: dict[tuple[int, Seat | None, str], tuple[Any, str]] = {}
        # What the views of the current version share (see _common and _position_text).
        self._common_views: tuple[int, dict[str, Any]] | None = None
        self._positions: tuple[int, list[tuple[Any, str]]] = (-1, [])

    @property
    def humans(self) -> tuple[Seat, ...]:
        return self.match.humans

    def busy(self) -> bool:
        """Whether a computer or a hint search may have something to do."""
        table = self.table
        if table.runner.busy or table.hint_runner.busy or table.interjections:
            return True
        return not self.match.over and self.match.to_play in table.bots

    # -- what a seat may see ---------------------------------------------------------------------
    def ask_rematch(
        self, seat: Seat, refuse: bool, at_once: bool
    ) -> Literal["made", "no_request", "rematch_refused", "rematch_withdrawn"] | None:
        """``seat`` asks for a new game at this finished table (or agrees to the one asked for), or
        ``refuse``s it (the asker withdraws it). What follows: "made" (make the table now: every
        other human at a screen agreed, or ``at_once`` for a client that cannot wait),
        "rematch_refused" / "rematch_withdrawn" (tell the others), "no_request", or ``None``."""
        if self.rematch is not None:
            return None  # made already: the screens go to it
        asked = self.rematch_asked
        if refuse:
            if asked is None:
                return "no_request"
            self.rematch_asked = None
            return "rematch_withdrawn" if seat == asked[0] else "rematch_refused"
        if asked is None:
            asked = self.rematch_asked = (seat, {seat})
            self.rematch_requests += 1
        asked[1].add(seat)
        return "made" if at_once or not self.rematch_waiting() else None

    def undo_voters(self, asker: Seat) -> list[Seat]:
        """The humans whose agreement an undo asked for by ``asker`` needs: every human seat a player
        has taken (a seat nobody joined yet has nobody to ask)."""
        return [human for human in self.humans if human == asker or human in self.digests]

    def rematch_left(self, seat: Seat) -> bool:
        """``seat`` left the table: whether the new game asked for is now to be made (nobody else
        left to ask); an asker who left takes their request with them."""
        asked = self.rematch_asked
        if asked is not None and asked[0] == seat:
            self.rematch_asked = None
        return asked is not None and asked[0] in self.seated and not self.rematch_waiting()

    def rematch_waiting(self) -> list[Seat]:
        """The humans at a screen who have not agreed to the new game asked for."""
        if self.rematch_asked is None:
            return []
        return [seat for seat in self.humans if seat in self.seated and seat not in self.rematch_asked[1]]

    def view_for(
        self, seat: Seat | None, first: int = 0, turns: bool = True, newer: bool = True, asks: bool = True
    ) -> SeatView:
        """Everything in this message comes from ``view(state, seat)``, the seat's own hint and the
        table's public facts (names, who is connected, the undo request, how many watch); a
        watcher's (``seat`` None) from the game's ``watcher_view``, without a hint. ``first``: the
        moves before it are left out (the client has them). ``turns``: the moves say which began a
        turn (a client of protocol 3 or later); ``newer``: the undo request says where it goes
        back to (protocol 4); ``asks``: a new game asked for is told before it is made (protocol 5)."""
        match, game, table = self.match, self.game, self.table
        hint = None
        if seat is None:
            position = self._position_text(game.watcher_view(match.state))
        else:
            seen = table.seat_view(seat)
            position = self._position_text(seen.state)
            if seen.hint is not None:
                hint = game.format_move(match.state, seen.hint)
        common = self._common()
        request = common["undo_request"]
        if request is not None and not newer:  # a field an older client would refuse
            request = request.model_copy(update={"back_to": None})
        # Built from the server's own values: no validation needed (a fifth of a view's cost).
        return unchecked(
            SeatView,
            {
                "type": "view",
                "code": self.code,
                "game": common["game"],
                "seat": seat,
                "version": self.version,
                "position": position,
                "to_play": common["to_play"],
                "over": common["over"],
                "moves": [self._seen(index, seat, turns) for index in range(first, match.history.cursor)],
                "hint": hint,
                "undo_request": request,
                "can_undo": seat is not None and match.history.own_undo_target(seat) is not None,
                "can_redo": seat is not None and common["can_redo"],
                "names": common["names"],
                "humans": common["humans"],
                "connected": common["connected"],
                "seed": common["seed"],
                "seats": common["seats"],
                "options": common["options"],
                "first": first,
                "watching": len(self.watchers),
                "rematch": self.rematch,
                "rematch_asked": self._rematch_asked() if asks else None,
            },
        )

    def _rematch_asked(self) -> RematchAsked | None:
        if self.rematch_asked is None or self.rematch is not None:
            return None
        return RematchAsked(
            asked_by=self.rematch_asked[0], waiting_for=self.rematch_waiting(), number=self.rematch_requests
        )

    def _common(self) -> dict[str, Any]:
        """What every seat's view says alike, made once per version of the table (the broadcast
        after a move builds a view per seat; undo and redo rules, names... are the same for all)."""
        if self._common_views is not None and self._common_views[0] == self.version:
            return self._common_views[1]
        match = self.match
        request = None
        if self.pending_undo is not None:
            agreed = sorted(self.pending_undo.agreed)
            voters = self.undo_voters(self.pending_undo.asked_by)
            waiting = [human for human in voters if human not in self.pending_undo.agreed]
            pending = self.pending_undo
            back_to = pending.plan.index
            request = UndoRequest(asked_by=pending.asked_by, agreed=agreed, waiting_for=waiting, back_to=back_to)
        seats, over = match.setup.seats, match.over
        common: dict[str, Any] = {
            "game": match.setup.game_id,
            "to_play": match.to_play,
            "over": over,
            "undo_request": request,
            "can_redo": match.history.redo_target(self.humans) is not None,
            "names": [spec.name for spec in seats],
            "humans": [spec.is_human for spec in seats],
            "connected": [not spec.is_human or index in self.seated for index, spec in enumerate(seats)],
            "seed": match.setup.seed if over else None,
            "seats": [spec.to_text() for spec in seats],
            "options": dict(match.setup.options),
        }
        self._common_views = (self.version, common)
        return common

    def _position_text(self, state: Any) -> str:
        """``to_text`` of a seat's view, written once per version for views that are equal (every
        seat sees the same Bauhaus position; comparing is far cheaper than writing)."""
        version, known = self._positions
        if version != self.version:
            known = []
            self._positions = (self.version, known)
        for seen, text in known:
            if seen == state:
                return text
        text = self.game.to_text(state)
        known.append((state, text))
        return text

    def _told(self, index: int, seat: Seat | None, present: Any) -> Seat | None:
        """The viewer step ``index``'s sentence is written for in ``present``: the seat (a watcher:
        :data:`WATCHER`), or ``None`` (everything) once the move is no secret any more."""
        if self.game.describes_alike:
            return WATCHER
        step, before = self.match.history.steps[index], self.match.history.states[index]
        return told_to(self.game, before, present, step.seat, WATCHER if seat is None else seat)

    def _shown_since(self, seated: Seated, told: int) -> int:
        """The first of the ``told`` moves ``seated``'s client has whose sentence says more now
        than when it was told (shown since), else ``told``: those moves are sent again."""
        # Only a game whose secrets are shown later (it says so with ``public_since``) is looked at.
        if not told or type(self.game).public_since is GameRules.public_since:
            return told
        history = self.match.history
        then, now = history.states[told], self.match.state
        # Secrets are shown in the order they were made: while the newest move the client has is
        # not public, no earlier one has become public since (most views stop here).
        if not self.game.public_since(history.states[told - 1], now):
            return told
        first = told
        for index in range(told - 1, -1, -1):
            was = self._told(index, seated.seat, then)
            if was is None:  # public already then, and so is every move before it
                break
            if self._told(index, seated.seat, now) != was:
                first = index
        return first

    def known_to(self, seated: Seated) -> int:
        """How many moves of the current history ``seated``'s client already has as they are now:
        0 (a whole view) after an undo that took back one of them, at the end (every move's
        notation is told then), or for a client of protocol 1."""
        history = self.match.history
        told = seated.told
        if seated.protocol < protocol.DELTA_PROTOCOL or self.match.over or told > history.cursor:
            return 0
        if told and history.steps[told - 1] is not seated.last_told:
            return 0
        first = self._shown_since(seated, told)
        # Only a client of protocol 4 replaces moves it has; an older one is sent the whole view.
        return first if first == told or seated.protocol >= protocol.REVEAL_PROTOCOL else 0

    def seen(self) -> TableSeen:
        """The table as someone about to join sees it: public facts only."""
        seats = self.match.setup.seats
        return TableSeen(
            code=self.code,
            game=self.match.setup.game_id,
            seats=[spec.to_text() for spec in seats],
            names=[spec.name for spec in seats],
            free=[seat for seat in self.humans if seat not in self.digests],
            connected=[not spec.is_human or index in self.seated for index, spec in enumerate(seats)],
            watchers=self.allow_watchers,
            watching=len(self.watchers),
        )

    def everyone(self) -> list[Seated]:
        """Every open connection at the table: the seats, then the watchers."""
        return [*self.seated.values(), *self.watchers]

    def give_to_computer(self, seat: Seat, level: str) -> None:
        """Human ``seat`` becomes a computer player of ``level``, with the seed the ``Table`` gives the
        computer of a setup with that seat (so a reopened table plays on alike). Its token digest is
        kept: the player who comes back with it is told their seat was given (``seat_given``)."""
        setup = self.match.setup
        spec = replace(setup.seats[seat], kind="ai", level=level)
        self.match.setup = replace(setup, seats=(*setup.seats[:seat], spec, *setup.seats[seat + 1 :]))
        self.table.bots[seat] = thinker.make_player(setup.game_id, level, setup.seed * 10 + seat)
        self.forget_sentences()  # the sentences may name the seat's kind
        log.info("table %s: seat %d given to a computer (%s)", self.code, seat + 1, level)

    def forget_sentences(self) -> None:
        self._said.clear()

    def _seen(self, index: int, seat: Seat | None, turns: bool = True) -> MoveSeen:
        step = self.match.history.steps[index]
        # The notation of another seat's move may say what the seat cannot see yet (a Bits tile
        # placed face down); the sentence never does (the rules write it for this seat, or for a
        # watcher at no seat).
        state = self.match.history.states[index]
        # Told as the rules tell it now: a secret move shown since (a Bits placement once every
        # player has placed the tile) says everything, as the host's own log does (``told_to``).
        # A game whose sentences are alike for every viewer writes each once for all seats.
        viewer = self._told(index, seat, self.match.state)
        # Its notation too, once it is no secret (``viewer`` None): the screens outline it then.
        public = step.seat == seat or self.match.over or not self.game.info.hidden_information or viewer is None
        key = (index, viewer, i18n.language())
        known = self._said.get(key)
        if known is None or known[0] is not step:
            names = [spec.name for spec in self.match.setup.seats]
            said = self.game.describe_move(state, step.move, mover=step.seat, viewer=viewer, names=names)
            outcome = self.game.describe_outcome(state, step.move, mover=step.seat, viewer=viewer, names=names)
            if outcome:  # one sentence per move crosses the network: a round's end follows its move
                said = f"{said}. {outcome}"
            known = self._said[key] = (step, said)
        # A step whose beginning of a turn is unknown (an old save's) counts as one, as it always did.
        opens = not turns or step.opens_turn is not False
        return unchecked(
            MoveSeen, {"seat": step.seat, "text": step.text if public else None, "said": known[1], "opens": opens}
        )


def speaking(language: str) -> contextlib.AbstractContextManager[str]:
    """Sentences in ``language`` while inside, on the server's thread only (``i18n.speaking``): in
    the host's app, the window keeps the players' language meanwhile."""
    return i18n.speaking(language)


def refusal(reason: Reason, detail: str = "", seats: Sequence[Seat] = ()) -> Refusal:
    """A refusal in the current language (see :func:`speaking`); ``seats``: the host's, for
    ``host_away``."""
    sentence = i18n.fill(i18n._(SENTENCES[reason]), detail=i18n.translate(detail))
    return Refusal(reason=reason, sentence=sentence, fatal=reason in FATAL, seats=list(seats))


async def tell_away(connection: ServerConnection, language: str, host_seats: Sequence[Seat]) -> None:
    """``host_away`` with the host's seats, and the connection let go: the client tries again."""
    with speaking(language):
        answer = refusal("host_away", seats=host_seats)
    with contextlib.suppress(ConnectionClosed):
        await connection.send(protocol.encode(answer))
    await connection.close(1012, "host away")  # 1012: the service restarts (the client tries again)


async def tell_closed(seated: list[Seated]) -> None:
    """Everyone still at a finished table hears that it has closed, each in their language."""
    for one in seated:
        with speaking(one.language):
            text = protocol.encode(refusal("table_closed"))
        with contextlib.suppress(ConnectionClosed):
            await one.connection.send(text)
    await asyncio.gather(*(one.connection.close(1000, "table closed") for one in seated))


async def tell_others(hosted: HostedTable, seat: Seat, reason: Reason) -> None:
    """Every other seat hears ``reason`` with ``seat``'s name, in its language."""
    name = hosted.match.seat_name(seat)
    for other in list(hosted.seated.values()):
        if other.seat != seat:
            with speaking(other.language):
                text = protocol.encode(refusal(reason, name))
            with contextlib.suppress(ConnectionClosed):
                await other.connection.send(text)
