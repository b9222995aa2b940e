"""The server of "Play across computers": hosts many tables, each a :class:`~bauhausbox.table.Table`.

The server is the only judge. Clients send intents (a move in the game's notation, undo, redo, a
hint, agreeing to an undo); the server checks each with the rules, stores every move
(:class:`~bauhausbox.net.store.Store`) before anyone hears of it, and then sends each connected
seat what *that seat* may see (:class:`~bauhausbox.net.protocol.SeatView`), built from
``view(state, seat)`` and the seat's own hint only.

Seats are secrets: joining gives a random token (``secrets.token_urlsafe``), and that token is the
only way back into the seat. Computer seats think on the server (``Table.run_computers``, polled
every :data:`TICK_SECONDS`). An undo that takes back a draw several humans have seen, or another
human's move, waits until every human at the table has agreed, each from their own connection.

Everything runs on one asyncio loop; the rules are short and run on it directly. Moves and undos
are stored by a group commit in a thread (:meth:`Server._commit`): the moves played at every table
while one sync to disk runs share the next one, and a table waits only for its own move.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hmac
import logging
import secrets
import socket
import ssl
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WebSocketServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from bauhausbox import __version__, games, i18n
from bauhausbox.engine.api import GameError, Seat, split_seat
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.engine.history import UndoPlan as Plan
from bauhausbox.match import Match, new_seed
from bauhausbox.net import hosted as told  # what a table says to everyone at it
from bauhausbox.net import protocol
from bauhausbox.net.discovery import TableFacts
from bauhausbox.net.hosted import VERSION_BITS, HostedTable, PendingUndo, Seated, refusal, speaking, tell_others
from bauhausbox.net.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    FATAL,
    MAX_MESSAGE_BYTES,
    OLDEST_PROTOCOL,
    PROTOCOL_VERSION,
    REMATCH_PROTOCOL,
    REPLACED_PROTOCOL,
    REVEAL_PROTOCOL,
    TURNS_PROTOCOL,
    WATCHERS_PER_TABLE,
    Create,
    Created,
    Hello,
    Intent,
    Join,
    Look,
    Reason,
    Rematch,
    SeatGiven,
    Watching,
    Welcome,
)
from bauhausbox.net.store import Store, StoredTable, Write, token_digest, write_cursor, write_move
from bauhausbox.table import Failed, Played, Table

log = logging.getLogger(__name__)


def dual_stack(port: int) -> socket.socket | None:
    """A socket listening on every interface for IPv6 and IPv4 alike (one port for both: a port the
    system picks would differ between two sockets), or ``None`` where the machine has no IPv6."""
    if not socket.has_ipv6:
        return None
    try:
        sock = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    except OSError:
        return None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)  # IPv4 peers too, as ::ffff:a.b.c.d
        sock.bind(("::", port))
        sock.listen(100)
        sock.setblocking(False)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise  # the port is taken: IPv4 alone would say the same, less clearly
        return None
    return sock


TICK_SECONDS = 0.02  # how often computer players and hint searches are looked at
SWEEP_SECONDS = 1.0  # how often finished and idle tables are looked at
TOKEN_BYTES = 24
FINISHED_SECONDS = 600.0  # a finished game's table stays open this long (for a last look), then closes
IDLE_SECONDS = 1800.0  # a table nobody is connected to leaves memory after this long (the store keeps it)
HELLO_SECONDS = 10.0  # a connection that has not said hello by then is closed
KEEPALIVE_SECONDS = 20.0  # pings every so often; a peer silent as long again is gone (a client stopped mid-frame)
TABLES_WINDOW_SECONDS = 3600.0  # tables created per address are counted over the last hour


class Refused(Exception):
    """An intent the server turns down: the reason and a detail for its sentence."""

    def __init__(self, reason: Reason, detail: str = "") -> None:
        super().__init__(reason, detail)
        self.reason: Reason = reason
        self.detail = detail


class Server:
    """Hosts tables over WebSocket; see the module's docstring. ``on_created`` hears of each new
    table (the command line prints its code)."""

    def __init__(
        self,
        data: Path,
        *,
        hint_level: str = games.HINT,
        computer_delay: float = 0.5,
        on_created: Callable[[str, Setup], None] | None = None,
        finished_seconds: float = FINISHED_SECONDS,
        idle_seconds: float = IDLE_SECONDS,
        connections_per_address: int = protocol.CONNECTIONS_PER_ADDRESS,
        tables_per_address: int = protocol.TABLES_PER_ADDRESS,
        hello_seconds: float = HELLO_SECONDS,
        keepalive_seconds: float = KEEPALIVE_SECONDS,
    ) -> None:
        self.store = Store(data)
        self.hint_level = hint_level
        self.computer_delay = computer_delay
        self.on_created = on_created
        # Hears of every change a table's players are told of (a stored move, an undo, a join), on
        # the loop: the app's own server writes its host's save from it (``net/background.py``).
        self.on_changed: Callable[[HostedTable], None] | None = None
        self.finished_seconds = finished_seconds
        self.idle_seconds = idle_seconds
        self.connections_per_address = connections_per_address
        self.tables_per_address = tables_per_address
        self.hello_seconds = hello_seconds
        self.keepalive_seconds = keepalive_seconds
        self.tables: dict[str, HostedTable] = {}
        # The tables whose host left them (the host's app keeps them): each with the host's seats.
        # Whoever comes hears ``host_away`` until the host reopens it (:meth:`resume`).
        self.away: dict[str, list[Seat]] = {}
        # The tables whose host, away, started another game (:meth:`replace`): each with the host's
        # names, said to whoever comes (``table_replaced``, the end) until the host reopens it.
        self.replaced: dict[str, str] = {}
        self.connections: Counter[str] = Counter()  # open connections per address
        self._created: dict[str, deque[float]] = {}  # when each address created its recent tables
        # Group commit: writes waiting for the next transaction, each with its caller's future.
        self._writes: list[tuple[Write, asyncio.Future[None]]] = []
        self._wake_writer = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None
        self._advancing: set[asyncio.Task[None]] = set()
        self._closing = False
        # The tables where a computer or a hint search may have something to do: looked at every
        # tick. A table joins the set at every change and leaves it once nothing is running there
        # (scanning all 200 tables of the load benchmark every tick was 18% of a core, idle).
        self._watched: set[HostedTable] = set()
        self._server: WebSocketServer | None = None
        self._ticker: asyncio.Task[None] | None = None
        self.address: tuple[str, int] | None = None
        self.ipv6 = False  # whether it listens on IPv6 (``::``: both families; else only IPv4)
        self.secure = False
        for stored in self.store.tables():
            try:
                self.tables[stored.code] = self._reopen(stored)
            except (GameError, ValueError, KeyError) as error:  # a table the rules no longer accept
                log.warning("table %s could not be reopened: %s", stored.code, error)

    # -- tables ----------------------------------------------------------------------------------
    def _host(self, code: str, match: Match, digests: dict[Seat, str] | None = None) -> HostedTable:
        # Every seat has its own screen: no curtain; a seat's secrets go only to its own connection.
        hosted = HostedTable(code, Table(match, curtain=False), digests)
        hosted.hint_level = self.hint_level
        self._watched.add(hosted)
        return hosted

    def _reopen(self, stored: StoredTable) -> HostedTable:
        """A stored table at its last acknowledged move: the moves replayed through the rules."""
        game = games.load(stored.setup.game_id)
        start = stored.setup.new_state(game) if stored.start is None else game.from_text(stored.start)
        history: History[Any] = History(game, start)
        for text in stored.texts:
            history.play_text(text)
        history.go_to(stored.cursor)
        match = Match(stored.setup, history, autosave=False)
        hosted = self._host(stored.code, match, stored.digests)
        hosted.allow_watchers = stored.watchers
        hosted.public = stored.public
        if stored.rematch is not None:  # its new game, asked for before the restart
            hosted.rematch = Rematch(code=stored.rematch[0], asked_by=stored.rematch[1])
        hosted.version = self.store.reopened(stored.code) << VERSION_BITS  # above every earlier view
        if match.over:  # a finished game reopened: its table closes as it would have
            hosted.finished = time.monotonic()
        return hosted

    def create_table(self, setup: Setup, start: Any = None, watchers: bool = False) -> str:
        """Host a new table; returns its code. ``start``: a position to start from instead of the
        seed's (the host's own app, never a client: whoever sets the position knows its secrets).
        ``watchers``: people may watch it from no seat."""
        code = self._new_code()
        game = games.load(setup.game_id)
        history = None if start is None else History(game, start)
        match = Match(setup, history, autosave=False)
        public = self.store.create(code, setup, None if start is None else game.to_text(start), watchers)
        hosted = self.tables[code] = self._host(code, match)
        hosted.allow_watchers, hosted.public = watchers, public
        if self.on_created is not None:
            self.on_created(code, setup)
        return code

    def find(self, code: str) -> HostedTable:
        """The table with this code: in memory, or reopened from the store when it was unloaded
        while idle (raises ``Refused``: no such table, or its finished game has closed)."""
        code = code.strip().upper()
        hosted = self.tables.get(code)
        if hosted is not None:
            return hosted
        if code in self.replaced:
            raise Refused("table_replaced", self.replaced[code])
        if code in self.away:
            raise Refused("host_away")
        stored = self.store.tables(code)
        if not stored:
            raise Refused("wrong_code")
        if self.store.is_closed(code):
            raise Refused("table_closed")
        try:
            hosted = self.tables[code] = self._reopen(stored[0])
        except (GameError, ValueError, KeyError) as error:
            log.warning("table %s could not be reopened: %s", code, error)
            raise Refused("wrong_code") from None
        return hosted

    async def leave(self, code: str, host_seats: Sequence[Seat]) -> None:
        """The host left table ``code`` (its app keeps it, Continue reopens it): everyone there hears
        ``host_away`` with the host's seats and is let go (the clients keep trying), the table leaves
        memory, and until :meth:`resume` whoever comes hears the same."""
        self.away[code] = list(host_seats)
        hosted = self.tables.get(code)
        if hosted is None:
            return
        async with hosted.lock:  # not while a move is being committed
            del self.tables[code]
            hosted.table.close()
            seated, hosted.seated, hosted.watchers = hosted.everyone(), {}, []
        for one in seated:
            await told.tell_away(one.connection, one.language, host_seats)

    async def give_seat(self, code: str, seat: Seat, level: str) -> None:
        """The host gives an absent player's ``seat`` to a computer (``HostedTable.give_to_computer``)."""
        hosted = self.find(code)
        async with hosted.lock:  # not while a move is being committed
            if seat not in hosted.humans or seat in hosted.seated:
                raise Refused("seat_taken")
            hosted.give_to_computer(seat, level)
            self.store.set_names(code, hosted.match.setup)  # a restart reopens it with the computer
            await self._broadcast(hosted)

    def resume(self, code: str) -> None:
        """The host is back at table ``code``: it opens again (from the store) to whoever comes."""
        self.away.pop(code, None)
        self.replaced.pop(code, None)

    def replace(self, code: str) -> None:
        """The host, away from table ``code``, started another game: whoever comes (its guests' screens
        keep trying) hears that the table is closed, with the host's names, not that it waits."""
        seats, stored = self.away.pop(code, None), self.store.tables(code)
        if seats is not None and stored:
            names = stored[0].setup.seats
            self.replaced[code] = ", ".join(names[seat].name for seat in seats if seat < len(names))

    def open_tables(self, codes: Iterable[str] | None = None) -> list[TableFacts]:
        """The tables (of ``codes``, else every one in memory) still being played, as discovery
        advertises them (``TableFacts``): who sits there is the host's name (else this computer's).
        On the server's loop."""
        found = []
        for code in self.tables if codes is None else codes:
            hosted = self.tables.get(code)
            if hosted is None or hosted.match.over:
                continue
            seats = hosted.match.setup.seats
            free = [seat for seat in hosted.humans if seat not in hosted.digests]
            here = [seats[seat].name for seat in hosted.humans if seat in hosted.digests]
            host = ", ".join(here) or socket.gethostname()
            game = hosted.match.setup.game_id
            found.append(TableFacts(code, game, host, len(free), len(seats), hosted.allow_watchers, hosted.public))
        return found

    def _may_create(self, address: str, now: float) -> None:
        """At most ``tables_per_address`` new tables per address in the last hour."""
        times = self._created.setdefault(address, deque())
        while times and now - times[0] > TABLES_WINDOW_SECONDS:
            times.popleft()
        if len(times) >= self.tables_per_address:
            raise Refused("too_many_tables")
        times.append(now)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables and not self.store.tables(code):
                return code

    @staticmethod
    def setup_from(message: Create) -> Setup:
        """The setup a :class:`Create` asks for, checked by the game's rules (raises ``Refused``)."""
        try:
            game = games.load(message.game)
        except KeyError:
            raise Refused("bad_setup", f"unknown game {message.game!r}") from None
        players = len(message.seats)
        try:
            options = game.normalize_options(players, message.options)
            seats = []
            for index, text in enumerate(message.seats):
                name = message.names[index] if index < len(message.names) and message.names[index] else ""
                spec = SeatSpec.from_text(text, name or f"Player {index + 1}")
                if not spec.is_human and spec.level not in ("random", *game.info.levels):
                    raise ValueError(f"{game.info.title} has no level {spec.level!r}")
                seats.append(spec)
        except (GameError, ValueError) as error:
            raise Refused("bad_setup", str(error)) from None
        return Setup(message.game, players, new_seed(), tuple(seats), options)

    # -- running ---------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None) -> None:
        """Listen on ``host:port`` (port 0: any free port; :attr:`address` says which). ``::`` is
        every interface of both families on one port (:func:`dual_stack`), or of IPv4 alone where
        the machine has no IPv6 (:attr:`ipv6` says which)."""
        where: dict[str, Any] = {"host": host, "port": port}
        self.ipv6 = ":" in host
        if host == "::":
            sock = dual_stack(port)
            where = {"sock": sock} if sock is not None else {"host": "0.0.0.0", "port": port}
            self.ipv6 = sock is not None
        # Frames up to twice the limit are read so that one slightly too large gets its sentence;
        # anything larger is cut off by the WebSocket layer itself.
        self._server = await serve(
            self._connection,
            **where,
            ssl=tls,
            max_size=2 * MAX_MESSAGE_BYTES,
            max_queue=16,
            # No per-message deflate: a view is a small delta (about 1.3 KB), and compressing every
            # frame for every seat cost the server more CPU per move than writing it to the socket.
            compression=None,
            ping_interval=self.keepalive_seconds,
            ping_timeout=self.keepalive_seconds,
            # A peer that does not answer the closing handshake (stopped, or hostile) is cut off soon.
            close_timeout=min(self.keepalive_seconds, 10.0),
            open_timeout=self.hello_seconds,
        )
        sockname = self._server.sockets[0].getsockname() if self._server.sockets else (host, port)
        self.address = (sockname[0], sockname[1])
        self.secure = tls is not None
        self._ticker = asyncio.get_running_loop().create_task(self._tick())
        self._writer = asyncio.get_running_loop().create_task(self._write_loop())

    @property
    def url(self) -> str:
        assert self.address is not None
        host, port = self.address
        shown = f"[{host}]" if ":" in host else host
        return f"{'wss' if self.secure else 'ws'}://{shown}:{port}"

    async def close(self, resumable: Iterable[str] = (), hosts: Mapping[str, Sequence[Seat]] | None = None) -> None:
        """Stop: every player hears that the host left, but at the tables in ``resumable`` (the
        host's app keeps them in its saves and reopens them): there, unless the game is over, they
        hear ``host_away`` (with the host's seats from ``hosts``), and the players' screens reconnect
        by themselves once the table is back. Thinking stops; the store is closed."""
        kept = set(resumable)
        if self._ticker is not None:
            self._ticker.cancel()
        for task in list(self._advancing):
            task.cancel()
        if self._writer is not None:  # what was played is stored (and told to nobody: they hear the host left)
            self._closing = True
            self._wake_writer.set()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._writer, 30)
        for hosted in self.tables.values():
            for seated in hosted.everyone():
                if hosted.code in kept and not hosted.match.over:  # the clients try again
                    await told.tell_away(seated.connection, seated.language, (hosts or {}).get(hosted.code, ()))
                    continue
                with speaking(seated.language), contextlib.suppress(ConnectionClosed):
                    await seated.connection.send(protocol.encode(refusal("host_left")))
                await seated.connection.close(1001, "host left")
            hosted.table.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.store.close()

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.serve_forever()

    async def _tick(self) -> None:
        swept = time.monotonic()
        while True:
            await asyncio.sleep(TICK_SECONDS)
            for hosted in list(self._watched):
                if self.tables.get(hosted.code) is not hosted:
                    self._watched.discard(hosted)  # closed or unloaded
                elif hosted.lock.locked():
                    continue
                elif hosted.busy():
                    task = asyncio.get_running_loop().create_task(self._advance(hosted))
                    self._advancing.add(task)
                    task.add_done_callback(self._advancing.discard)
                else:
                    self._watched.discard(hosted)
            now = time.monotonic()
            if now - swept >= min(SWEEP_SECONDS, self.finished_seconds, self.idle_seconds):
                swept = now
                await self.sweep(now)

    async def sweep(self, now: float) -> None:
        """Close finished tables after ``finished_seconds`` (whoever is still there hears it; the
        store keeps the game as its record) and take idle ones out of memory after
        ``idle_seconds`` without anyone connected (reopened from the store when someone comes)."""
        for hosted in list(self.tables.values()):
            if hosted.lock.locked():
                continue  # a move being committed: next time
            try:
                if hosted.finished is not None and now - hosted.finished >= self.finished_seconds:
                    await self._close_table(hosted)
                elif (
                    not hosted.seated
                    and not hosted.watchers
                    and now - hosted.active >= self.idle_seconds
                    and not hosted.busy()
                ):
                    del self.tables[hosted.code]
                    hosted.table.close()
            except Exception:  # one table's trouble must not stop the others
                log.exception("table %s", hosted.code)

    async def _close_table(self, hosted: HostedTable) -> None:
        self.store.close_table(hosted.code)
        del self.tables[hosted.code]
        hosted.table.close()
        seated = hosted.everyone()
        hosted.seated, hosted.watchers = {}, []
        # Told on a task of its own: a player's slow connection must not hold the other tables.
        task = asyncio.get_running_loop().create_task(told.tell_closed(seated))
        self._advancing.add(task)
        task.add_done_callback(self._advancing.discard)

    async def _advance(self, hosted: HostedTable) -> None:
        """Computer moves that are ready, and a hint that came."""
        try:
            async with hosted.lock:
                changed = False
                for event in hosted.table.run_computers(self.computer_delay):
                    if isinstance(event, Played):
                        changed = await self._stored(hosted) or changed
                    elif isinstance(event, Failed):
                        log.warning("table %s: %s", hosted.code, event.words)
                job = hosted.table.hint_answer()
                if job is not None and job.move is not None:
                    hosted.table.hint_move = job.move
                    changed = True
                if changed:
                    await self._broadcast(hosted)
        except Exception:  # one table's trouble must not stop the others
            log.exception("table %s", hosted.code)

    async def _commit(self, write: Write) -> None:
        """Store ``write`` with the next group commit; returns once it is on disk (raises its error)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._writes.append((write, future))
        self._wake_writer.set()
        await future

    async def _write_loop(self) -> None:
        """The group commit: whatever was played while the last commit synced goes in the next one,
        in a thread, so no table waits for another's sync and many moves share one."""
        while True:
            if not self._writes:
                if self._closing:
                    return
                await self._wake_writer.wait()
                self._wake_writer.clear()
                continue
            batch, self._writes = self._writes, []
            errors = await asyncio.to_thread(self.store.write_together, [write for write, _ in batch])
            for (_, future), error in zip(batch, errors, strict=True):
                if future.done():
                    continue
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(error)

    async def _stored(self, hosted: HostedTable) -> bool:
        """Store the move just played (before anyone hears of it); undo it in memory if the disk
        refuses. Returns whether it stands."""
        history = hosted.match.history
        step = history.last_step
        assert step is not None
        hosted.pending_undo = None  # the position moved: an undo request for the old one goes
        try:
            await self._commit(write_move(hosted.code, history.cursor - 1, step.text))
        except Exception as error:
            log.error("table %s: move not stored: %s", hosted.code, error)
            hosted.table.step_back()
            return False
        return True

    async def _broadcast(self, hosted: HostedTable) -> None:
        self._watched.add(hosted)
        hosted.version += 1
        hosted.active = time.monotonic()
        if not hosted.match.over:
            hosted.finished = None  # an undo after the end opens the game again
        elif hosted.finished is None:
            hosted.finished = hosted.active
        for seated in hosted.everyone():
            await self._send_view(hosted, seated)
        if self.on_changed is not None:
            try:
                self.on_changed(hosted)
            except Exception:  # the host's save is a nicety of the app: the table goes on
                log.exception("table %s: the host's save", hosted.code)

    async def _send_view(self, hosted: HostedTable, seated: Seated, whole: bool = False) -> None:
        """The seat's view; only the moves its client does not have yet, unless ``whole``."""
        history = hosted.match.history
        first = 0 if whole else hosted.known_to(seated)
        with speaking(seated.language):
            view = hosted.view_for(
                seated.seat,
                first,
                seated.protocol >= TURNS_PROTOCOL,
                seated.protocol >= REVEAL_PROTOCOL,
                seated.protocol >= REMATCH_PROTOCOL,
            )
            text = protocol.encode(view)
        seated.told = history.cursor
        seated.last_told = history.steps[history.cursor - 1] if history.cursor else None
        with contextlib.suppress(ConnectionClosed):
            await seated.connection.send(text)

    # -- one connection --------------------------------------------------------------------------
    async def _connection(self, connection: ServerConnection) -> None:
        address = str(connection.remote_address[0]) if connection.remote_address else "?"
        # An IPv4 peer on the dual-stack socket is one computer, however it came: its limits are one.
        address = address.removeprefix("::ffff:") if "." in address else address
        self.connections[address] += 1
        try:
            await self._converse(connection, address)
        finally:
            self.connections[address] -= 1
            if self.connections[address] <= 0:
                del self.connections[address]

    async def _converse(self, connection: ServerConnection, address: str) -> None:
        limit = protocol.RateLimit()
        language = "en"
        hello: Hello | None = None
        sitting: tuple[HostedTable, Seated] | None = None
        # Someone who connects and never speaks holds a place of their address: not for long.
        silent = asyncio.get_running_loop().call_later(
            self.hello_seconds, lambda: hello is None and asyncio.ensure_future(connection.close(1008, "no hello"))
        )

        async def refuse(reason: Reason, detail: str = "") -> None:
            if reason == "table_replaced" and hello is not None and hello.protocol < REPLACED_PROTOCOL:
                reason = "host_left"  # the sentence an older client knows
            if reason == "host_away":  # a table whose host left: the same words as to those who were there
                code = message.code.strip().upper() if isinstance(message, Join | Look) else ""
                await told.tell_away(connection, language, self.away.get(code, ()))
                return
            with speaking(language):
                answer = refusal(reason, detail)
            with contextlib.suppress(ConnectionClosed):
                await connection.send(protocol.encode(answer))
            if answer.fatal:
                await connection.close(1008 if reason != "host_left" else 1001, reason)

        try:
            async for frame in connection:
                if len(frame) > MAX_MESSAGE_BYTES:
                    await refuse("too_large")
                    return
                if not limit.allow(time.monotonic()):
                    await refuse("too_fast")
                    continue
                try:
                    message = protocol.read_client(frame)
                except protocol.ProtocolError:
                    await refuse("bad_message")
                    continue
                if hello is None:
                    if not isinstance(message, Hello):
                        await refuse("bad_message")
                        continue
                    hello = message
                    language = message.language if message.language in protocol.LANGUAGES else "en"
                    if message.protocol < OLDEST_PROTOCOL:
                        await refuse("protocol_too_old")
                        return
                    if message.protocol > PROTOCOL_VERSION:
                        await refuse("protocol_too_new")
                        return
                    if self.connections[address] > self.connections_per_address:
                        await refuse("too_many_connections")
                        return
                    await connection.send(protocol.encode(Welcome(protocol=PROTOCOL_VERSION, app=__version__)))
                    continue
                try:
                    if isinstance(message, Create):
                        setup = self.setup_from(message)
                        self._may_create(address, time.monotonic())
                        code = self.create_table(setup, watchers=message.watchers)
                        await connection.send(protocol.encode(Created(code=code)))
                    elif isinstance(message, Look):
                        await connection.send(protocol.encode(self.find(message.code).seen()))
                    elif isinstance(message, Join):
                        if sitting is not None:
                            await self._leave(*sitting)
                            sitting = None
                        if message.watch:
                            sitting = await self._watch(connection, message, language, hello.protocol)
                        else:
                            sitting = await self._join(connection, message, language, hello.protocol)
                    elif isinstance(message, Intent) and message.action == "language":
                        # The players changed their language: every sentence again, in it.
                        if message.text not in protocol.LANGUAGES:
                            raise Refused("bad_message")
                        language = message.text
                        if sitting is not None:
                            sitting[1].language = language
                            async with sitting[0].lock:
                                await self._send_view(sitting[0], sitting[1], whole=True)
                    elif isinstance(message, Intent):
                        if sitting is None:
                            raise Refused("not_joined")
                        seat = sitting[1].seat
                        if seat is None:  # a watcher may only ask to see the table again
                            if message.action != "present":
                                raise Refused("watching")
                            async with sitting[0].lock:
                                await self._send_view(sitting[0], sitting[1], whole=True)
                            continue
                        async with sitting[0].lock:
                            await self._intent(sitting[0], seat, message)
                    else:
                        raise Refused("bad_message")
                except Refused as refused:
                    await refuse(refused.reason, refused.detail)
                    if refused.reason in FATAL:
                        return
        except ConnectionClosed:
            pass
        finally:
            silent.cancel()
            if sitting is not None:
                await self._leave(*sitting)

    async def _join(
        self, connection: ServerConnection, message: Join, language: str, version: int = PROTOCOL_VERSION
    ) -> tuple[HostedTable, Seated]:
        hosted = self.find(message.code)
        if message.token is not None:
            digest = token_digest(message.token)
            seat = next((s for s, known in hosted.digests.items() if hmac.compare_digest(known, digest)), None)
            if seat is None:
                raise Refused("bad_token")
            if seat not in hosted.humans:  # the host gave it to a computer player meanwhile
                raise Refused("seat_given")
            token = message.token
        else:
            free = [s for s in hosted.humans if s not in hosted.digests]
            if message.seat is not None:
                if message.seat not in hosted.humans or message.seat not in free:
                    raise Refused("seat_taken" if free else "table_full")
                seat = message.seat
            elif free:
                seat = free[0]
            else:
                raise Refused("table_full")
            token = secrets.token_urlsafe(TOKEN_BYTES)
            self.store.set_token(hosted.code, seat, token_digest(token))
            hosted.digests[seat] = token_digest(token)
            if message.name:
                self._rename(hosted, seat, message.name)
            log.info("table %s: %s sits at seat %d", hosted.code, hosted.match.seat_name(seat), seat + 1)
        old = hosted.seated.get(seat)
        seated = Seated(connection, seat, language, version)
        hosted.seated[seat] = seated
        if old is not None and old.connection is not connection:
            await old.connection.close(1000, "seat taken back")  # the same player, come back
        await connection.send(protocol.encode(SeatGiven(code=hosted.code, seat=seat, token=token)))
        async with hosted.lock:  # not while a move is being committed: nobody hears of it before
            await self._broadcast(hosted)
        return hosted, seated

    async def _watch(
        self, connection: ServerConnection, message: Join, language: str, version: int = PROTOCOL_VERSION
    ) -> tuple[HostedTable, Seated]:
        """Watch from no seat, where the host allows it and the table has room for one more."""
        hosted = self.find(message.code)
        if not hosted.allow_watchers:
            raise Refused("no_watchers")
        if len(hosted.watchers) >= WATCHERS_PER_TABLE:
            raise Refused("too_many_watchers")
        watcher = Seated(connection, None, language, version)
        hosted.watchers.append(watcher)
        await connection.send(protocol.encode(Watching(code=hosted.code)))
        async with hosted.lock:  # everyone hears one more watches; the watcher gets its first view
            await self._broadcast(hosted)
        return hosted, watcher

    def _rename(self, hosted: HostedTable, seat: Seat, name: str) -> None:
        """The player sitting down at ``seat`` is called ``name`` (kept with the table)."""
        setup = hosted.match.setup
        seats = tuple(replace(spec, name=name) if index == seat else spec for index, spec in enumerate(setup.seats))
        hosted.match.setup = replace(setup, seats=seats)
        hosted.forget_sentences()  # the sentences name the players
        self.store.set_names(hosted.code, hosted.match.setup)

    async def _leave(self, hosted: HostedTable, seated: Seated) -> None:
        if self.tables.get(hosted.code) is not hosted:
            return
        if seated.seat is None:
            if seated not in hosted.watchers:
                return
            hosted.watchers.remove(seated)
        elif hosted.seated.get(seated.seat) is seated:
            del hosted.seated[seated.seat]
            if hosted.rematch_left(seated.seat):
                self._make_rematch(hosted)  # nobody else left to ask
        else:
            return
        async with hosted.lock:
            await self._broadcast(hosted)

    # -- intents ---------------------------------------------------------------------------------
    async def _intent(self, hosted: HostedTable, seat: Seat, intent: Intent) -> None:
        table, match = hosted.table, hosted.match
        action = intent.action
        if action == "present":  # "show me my seat again", all of it: only this connection hears
            await self._send_view(hosted, hosted.seated[seat], whole=True)
            return
        if action == "rematch" or (action in ("agree", "refuse") and intent.text == "rematch"):
            await self._rematch(hosted, seat, action)
        elif action == "move":
            await self._move(hosted, seat, intent.text)
        elif action == "undo":
            await self._undo(hosted, seat)
        elif action == "redo":
            hosted.pending_undo = None
            cursor = match.history.cursor
            if not table.redo():
                raise Refused("nothing_to_redo")
            await self._store_cursor(hosted, cursor)
        elif action == "hint":
            if match.to_play != seat or not table.request_hint(hosted.hint_level):
                raise Refused("no_hint")
            self._watched.add(hosted)
            return  # the answer comes on a later tick
        elif action in ("agree", "refuse"):
            pending = hosted.pending_undo
            if pending is None:
                raise Refused("no_request")
            if action == "refuse":
                hosted.pending_undo = None
                await self._broadcast(hosted)
                await tell_others(hosted, seat, "undo_refused")
                return
            pending.agreed.add(seat)
            await self._maybe_undo(hosted)
        await self._broadcast(hosted)

    async def _rematch(self, hosted: HostedTable, seat: Seat, action: str) -> None:
        """A new game at a finished table: asked for, agreed to or refused (``HostedTable.ask_rematch``),
        the others told of a refusal, and the table made once every other human agreed."""
        if not hosted.match.over:
            raise Refused("no_rematch")
        answer = hosted.ask_rematch(seat, action == "refuse", hosted.seated[seat].protocol < REMATCH_PROTOCOL)
        if answer == "made":
            self._make_rematch(hosted)
        elif answer == "no_request":
            raise Refused(answer)
        elif answer is not None:
            await tell_others(hosted, seat, answer)

    def _make_rematch(self, hosted: HostedTable) -> None:
        """The new game: a new table with the same seats, names and watchers choice (a new seed),
        where each player's token is the one they hold here."""
        match, seat = hosted.match, hosted.rematch_asked[0] if hosted.rematch_asked is not None else 0
        setup = replace(match.setup, seed=new_seed())
        code = self.create_table(setup, watchers=hosted.allow_watchers)
        again = self.tables[code]
        for taken, digest in hosted.digests.items():
            self.store.set_token(code, taken, digest)
            again.digests[taken] = digest
        self.store.set_rematch(hosted.code, code, seat)
        hosted.rematch = Rematch(code=code, asked_by=seat)
        hosted.rematch_asked = None
        log.info("table %s: %s asked for a new game: table %s", hosted.code, match.seat_name(seat), code)

    async def _move(self, hosted: HostedTable, seat: Seat, text: str) -> None:
        table, match, game = hosted.table, hosted.match, hosted.game
        if match.over:
            raise Refused("illegal_move", i18n._("the game is over"))
        try:
            prefix, body = split_seat(text)
            if prefix is not None and prefix != seat:
                raise Refused("not_your_turn")
            state = match.state
            move = game.parse_move(state, body, seat)
            if seat != match.to_play and not game.legal_moves(state, seat=seat):
                raise Refused("not_your_turn")
            table.play(move, None if seat == match.to_play else seat)
        except GameError as error:  # IllegalMoveError (the rules' reason) or a malformed text
            reason = error.args[0] if error.args and isinstance(error.args[0], str) else str(error)
            raise Refused("illegal_move", reason) from None
        if not await self._stored(hosted):
            raise Refused("not_stored")

    async def _undo(self, hosted: HostedTable, seat: Seat) -> None:
        plan = hosted.match.history.own_undo_target(seat)  # a player takes back their own move
        if plan is None:
            raise Refused("nothing_to_undo")
        history = hosted.match.history
        if self._needs_agreement(hosted, plan, seat):
            hosted.pending_undo = PendingUndo(plan, seat, history.cursor, {seat})
            await self._maybe_undo(hosted)
            return
        cursor = history.cursor
        hosted.pending_undo = None
        if not hosted.table.undo(plan):
            raise Refused("nothing_to_undo")
        await self._store_cursor(hosted, cursor)

    @staticmethod
    def _needs_agreement(hosted: HostedTable, plan: Plan, seat: Seat) -> bool:
        """Across computers every other human who sat at the table agrees to any undo, on their own
        screen (nobody else sees the undo button pressed); else the table's rule (a draw several
        humans have seen, or another human's move)."""
        return hosted.undo_voters(seat) != [seat] or hosted.table.undo_needs_agreement(plan, seat)

    async def _maybe_undo(self, hosted: HostedTable) -> None:
        pending = hosted.pending_undo
        if pending is None or not set(hosted.undo_voters(pending.asked_by)) <= pending.agreed:
            return
        hosted.pending_undo = None
        history = hosted.match.history
        if history.cursor != pending.cursor:
            return  # the position moved since it was asked: nothing to undo any more
        hosted.table.undo(pending.plan)
        await self._store_cursor(hosted, pending.cursor)

    async def _store_cursor(self, hosted: HostedTable, before: int) -> None:
        """Store an undo or redo; put the cursor back if the disk refuses."""
        history = hosted.match.history
        try:
            await self._commit(write_cursor(hosted.code, history.cursor))
        except Exception as error:
            log.error("table %s: cursor not stored: %s", hosted.code, error)
            history.go_to(before)
            hosted.table.jumped()
            raise Refused("not_stored") from None


def tls_context(certificate: Path, key: Path) -> ssl.SSLContext:
    """A server TLS context from a PEM certificate (chain) and its private key."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(certificate, key)
    return context
