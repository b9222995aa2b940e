"""The client of "Play across computers": one seat at a table on a server, without a screen.

:class:`RemoteTable` connects, says hello, joins (a seat, or back into its seat with its token) and
keeps the latest :class:`~bauhausbox.net.protocol.SeatView` (whole: a view with only the new moves
is added to the one before); ``play``, ``undo``, ``redo``, ``hint``,
``agree``, ``refuse`` and ``present`` send intents. A dropped connection is opened again on its
own, with growing pauses (:data:`BACKOFF_SECONDS` doubling up to :data:`MAX_BACKOFF_SECONDS`), and
the token brings the client back into the same seat, at the table's current position. A refusal
that ends the conversation (wrong code, table full, bad token, an old version, the host left) stops
the reconnecting: :attr:`RemoteTable.ended` says why. When the host leaves the table (it keeps it
and reopens it later) the server says ``host_away``: :attr:`RemoteTable.away` holds it, the client
keeps trying, and once seated again :attr:`RemoteTable.returns` counts the host's return.

What a screen reads is :attr:`RemoteTable.moment`: a :class:`Moment`, everything the client knows
(the view, the connection, the host away, the end, the refusals) published whole by the network's
thread after each change, so that one frame reads one moment — never the view from before a change
and the connection from after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from bauhausbox import __version__, games
from bauhausbox.net import protocol
from bauhausbox.net.protocol import (
    PROTOCOL_VERSION,
    Action,
    Create,
    Created,
    Hello,
    Intent,
    Join,
    Look,
    Refusal,
    SeatGiven,
    SeatView,
    TableSeen,
    Watching,
    Welcome,
)

BACKOFF_SECONDS = 0.05
MAX_BACKOFF_SECONDS = 2.0
# What the client accepts from the server: a seat view of a long game is far below this.
MAX_SERVER_MESSAGE = 4 * protocol.MAX_MESSAGE_BYTES


@dataclass(frozen=True)
class Moment:
    """What a :class:`RemoteTable` knows at one moment, read together (its fields are never changed:
    the network's thread publishes a new moment). ``view``: the seat's latest view (its undo request
    and new game asked for with it); ``connected``: the seat taken on an open connection; ``away``: the
    host left the table (it waits for them); ``ended``: the conversation's end; ``returns``: the host's
    returns; ``refusals``: every refusal heard, in order."""

    view: SeatView | None = None
    connected: bool = False
    away: Refusal | None = None
    ended: Refusal | None = None
    returns: int = 0
    refusals: tuple[Refusal, ...] = ()


class Ended(Exception):
    """The server ended the conversation: ``refusal`` says why, in one sentence."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.sentence)
        self.refusal = refusal


async def _hello(connection: ClientConnection, language: str, protocol_version: int) -> None:
    hello = Hello(protocol=protocol_version, app=__version__, language=language)
    await connection.send(protocol.encode(hello))
    answer = protocol.read_server(await connection.recv())
    if isinstance(answer, Refusal):
        raise Ended(answer)
    if not isinstance(answer, Welcome):
        raise protocol.ProtocolError(f"expected a welcome, got {answer.type}")


async def create_table(
    url: str,
    game: str,
    seats: Sequence[str],
    *,
    names: Sequence[str] = (),
    options: dict[str, str | int | bool] | None = None,
    tls: ssl.SSLContext | None = None,
    language: str = "en",
    timeout: float = 10.0,
    watchers: bool = False,
) -> str:
    """Ask the server at ``url`` to host a new table; returns its code (raises :class:`Ended` with
    the server's sentence when the setup is refused). ``watchers``: people may watch it."""
    async with asyncio.timeout(timeout), connect(url, ssl=tls, max_size=MAX_SERVER_MESSAGE) as connection:
        await _hello(connection, language, PROTOCOL_VERSION)
        create = Create(game=game, seats=list(seats), names=list(names), options=options or {}, watchers=watchers)
        await connection.send(protocol.encode(create))
        answer = protocol.read_server(await connection.recv())
        if isinstance(answer, Refusal):
            raise Ended(answer)
        if not isinstance(answer, Created):
            raise protocol.ProtocolError(f"expected the table's code, got {answer.type}")
        return answer.code


async def look_table(
    url: str, code: str, *, tls: ssl.SSLContext | None = None, language: str = "en", timeout: float = 5.0
) -> TableSeen:
    """Who sits at table ``code`` on the server at ``url`` and which seats are free (raises
    :class:`Ended` with the server's sentence: a wrong code, an old version)."""
    async with asyncio.timeout(timeout), connect(url, ssl=tls, max_size=MAX_SERVER_MESSAGE) as connection:
        await _hello(connection, language, PROTOCOL_VERSION)
        await connection.send(protocol.encode(Look(code=code)))
        answer = protocol.read_server(await connection.recv())
        if isinstance(answer, Refusal):
            raise Ended(answer)
        if not isinstance(answer, TableSeen):
            raise protocol.ProtocolError(f"expected the table, got {answer.type}")
        return answer


class RemoteTable:
    """One seat at a table on a server, or with ``watch`` a watcher at no seat (views without
    secrets, no moves); see the module's docstring."""

    def __init__(
        self,
        url: str,
        code: str,
        *,
        seat: int | None = None,
        token: str | None = None,
        name: str = "",
        language: str = "en",
        tls: ssl.SSLContext | None = None,
        protocol_version: int = PROTOCOL_VERSION,
        backoff: float = BACKOFF_SECONDS,
        max_backoff: float = MAX_BACKOFF_SECONDS,
        watch: bool = False,
    ) -> None:
        self.watch = watch
        self.url = url
        self.code = code
        self.seat = seat
        self.token = token
        self.name = name
        self.language = language
        self.tls = tls
        self.protocol_version = protocol_version
        self.backoff = backoff
        # A little under the server's limit: hello, join and look are not counted here.
        self._pace = protocol.RateLimit(protocol.RATE_PER_SECOND * 0.9, protocol.RATE_BURST / 2)
        self.max_backoff = max_backoff
        self.view: SeatView | None = None
        self.refusals: list[Refusal] = []
        self.ended: Refusal | None = None
        self.away: Refusal | None = None  # the host left the table (``host_away``): it waits for them
        self.returns = 0  # how many times the table came back after its host was away
        self.moment = Moment()  # all of the above at one moment, for screens (:meth:`_publish`)
        # Every frame the server sent, in order, as received (the privacy tests compare them).
        self.received: list[str] = []
        self.connections = 0  # how many times a connection was opened and the seat taken
        self._connection: ClientConnection | None = None
        self._seated = asyncio.Event()
        self._changed = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    # -- life -----------------------------------------------------------------------------------
    async def start(self, timeout: float = 10.0) -> SeatView:
        """Connect and sit down; returns the first view (raises :class:`Ended` when refused)."""
        self._task = asyncio.get_running_loop().create_task(self._run())
        return await self.wait_for(lambda view: True, timeout)

    async def close(self) -> None:
        self._closing = True
        if self._connection is not None:
            await self._connection.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def drop(self) -> None:
        """Cut the connection as a failing network would (no closing handshake); the client comes
        back on its own."""
        if self._connection is not None:
            self._connection.transport.abort()

    @property
    def connected(self) -> bool:
        return self._seated.is_set()

    async def _run(self) -> None:
        pause = self.backoff
        while not self._closing:
            try:
                async with connect(self.url, ssl=self.tls, max_size=MAX_SERVER_MESSAGE, open_timeout=5.0) as connection:
                    self._connection = connection
                    await _hello(connection, self.language, self.protocol_version)
                    if self.watch:
                        join = Join(code=self.code, watch=True)
                    elif self.token is not None:
                        join = Join(code=self.code, token=self.token, name=self.name)
                    else:
                        join = Join(code=self.code, seat=self.seat, name=self.name)
                    await connection.send(protocol.encode(join))
                    async for frame in connection:
                        text = frame if isinstance(frame, str) else frame.decode("utf-8")
                        await self._receive(text)
                        pause = self.backoff  # a working conversation: the next failure starts over
            except Ended as ended:
                await self._end(ended.refusal)
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError, protocol.ProtocolError):
                pass  # the network or the server is gone for now: try again after a pause
            except InvalidURI as error:
                await self._end(Refusal(reason="wrong_code", sentence=str(error), fatal=True))
            self._seated.clear()
            self._connection = None
            self._publish()
            if self.ended is not None or self._closing:
                return
            await asyncio.sleep(pause)
            pause = min(pause * 2, self.max_backoff)

    def _publish(self) -> None:
        """A new moment for screens, once a change is complete (one assignment: a reader on another
        thread sees the moment before or the one after, never half of each)."""
        self.moment = Moment(
            self.view, self._seated.is_set(), self.away, self.ended, self.returns, tuple(self.refusals)
        )

    async def _end(self, refusal: Refusal) -> None:
        self.ended = refusal
        self.refusals.append(refusal)
        self._publish()
        async with self._changed:
            self._changed.notify_all()

    async def _receive(self, text: str) -> None:
        self.received.append(text)
        message = protocol.read_server(text)
        if isinstance(message, SeatGiven | Watching):
            if isinstance(message, SeatGiven):
                self.seat, self.token = message.seat, message.token
            if self.away is not None:  # the host reopened the table
                self.away = None
                self.returns += 1
            self.connections += 1
            self._seated.set()
        elif isinstance(message, SeatView):
            if message.first == 0:
                self.view = message
            elif self.view is not None and len(self.view.moves) >= message.first:
                # Only the moves from ``first`` on (new ones, or ones that say more now): the
                # earlier ones are those of the view before.
                moves = [*self.view.moves[: message.first], *message.moves]
                self.view = message.model_copy(update={"moves": moves, "first": 0})
            elif self._connection is not None:  # a gap (never expected): ask for the whole view
                await self._connection.send(protocol.encode(Intent(action="present")))
                return
        elif isinstance(message, Refusal) and message.reason == "host_away":
            self.away = message  # not an end: the server lets go, and the client tries again
            self._seated.clear()
        elif isinstance(message, Refusal):
            if message.fatal or not self._seated.is_set():  # refused a seat: nothing to come back to
                raise Ended(message)
            self.refusals.append(message)
        self._publish()
        async with self._changed:
            self._changed.notify_all()

    # -- reading --------------------------------------------------------------------------------
    def state(self) -> Any:
        """The seat's view as the game's own state value (``from_text`` of the position)."""
        assert self.view is not None
        return games.load(self.view.game).from_text(self.view.position)

    async def wait_for(self, condition: Callable[[SeatView], bool], timeout: float = 10.0) -> SeatView:
        """The first view for which ``condition`` holds (the current one if it does already);
        raises :class:`Ended` if the server ends the conversation, ``TimeoutError`` after ``timeout``."""
        async with asyncio.timeout(timeout), self._changed:
            while True:
                if self.ended is not None:
                    raise Ended(self.ended)
                if self.view is not None and condition(self.view):
                    return self.view
                await self._changed.wait()

    async def wait_refusal(self, count: int, timeout: float = 10.0) -> Refusal:
        """The ``count``-th refusal received (1 is the first)."""
        async with asyncio.timeout(timeout), self._changed:
            while len(self.refusals) < count:
                await self._changed.wait()
            return self.refusals[count - 1]

    # -- intents --------------------------------------------------------------------------------
    async def send(self, action: Action, text: str = "", timeout: float = 10.0) -> None:
        """Send an intent once the seat is taken (waiting through a reconnection)."""
        async with asyncio.timeout(timeout):
            while True:
                if self.ended is not None:
                    raise Ended(self.ended)
                await self._seated.wait()
                connection = self._connection
                if connection is None:
                    continue
                # Keep below the server's rate (a burst of clicks, a script): an intent waits its
                # turn rather than being refused as too fast.
                while not self._pace.allow(asyncio.get_running_loop().time()):
                    await asyncio.sleep(self._pace.wait())
                try:
                    await connection.send(protocol.encode(Intent(action=action, text=text)))
                    return
                except ConnectionClosed:
                    await asyncio.sleep(self.backoff)

    async def ask(
        self,
        action: Action,
        text: str = "",
        until: Callable[[SeatView], bool] | None = None,
        timeout: float = 5.0,
    ) -> Refusal | None:
        """Send an intent and wait for its answer: ``None`` once a view for which ``until`` holds
        came (default: any newer view), or the refusal."""
        refused = len(self.refusals)
        version = self.view.version if self.view is not None else -1
        if until is None:
            until = lambda view: view.version != version  # noqa: E731
        await self.send(action, text, timeout)
        async with asyncio.timeout(timeout), self._changed:
            while True:
                if len(self.refusals) > refused:
                    return self.refusals[refused]
                if self.ended is not None:
                    raise Ended(self.ended)
                if self.view is not None and until(self.view):
                    return None
                await self._changed.wait()

    async def play(self, text: str) -> None:
        await self.send("move", text)

    async def undo(self) -> None:
        await self.send("undo")

    async def redo(self) -> None:
        await self.send("redo")

    async def hint(self) -> None:
        await self.send("hint")

    async def agree(self, about: str = "") -> None:
        """Agree to the undo asked for, or with ``about`` "rematch" to the new game asked for."""
        await self.send("agree", about)

    async def refuse(self, about: str = "") -> None:
        """Refuse the undo asked for, or (``about`` "rematch") the new game; the asker withdraws it."""
        await self.send("refuse", about)

    async def present(self) -> None:
        await self.send("present")

    async def speak(self, language: str) -> None:
        """The players here now read ``language``: the server says everything again in it (and
        a reconnection says hello in it)."""
        self.language = language
        if self.connected:
            await self.send("language", language)
