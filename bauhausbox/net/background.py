"""The app's side of "Play across computers": one asyncio loop on a background thread, and the server
a hosting player runs inside the app.

The window's loop never waits on the network for long: the clients (:class:`RemoteTable`) and the
hosted :class:`~bauhausbox.net.server.Server` live on :func:`shared_loop`, a daemon thread started
on first use. A screen hands it a coroutine (:meth:`NetLoop.run` waits for the answer with a time
limit, :meth:`NetLoop.submit` does not wait). :func:`local_host` starts the server once, on a port
the system picks (or the one asked for), and it ends with the app. Its open tables are advertised
on the local network (``net/discovery.py``).

A table where this computer has seats is saved like any game (:meth:`LocalHost.keep`): after every
change the server's players are told of, the server's own table (which knows every move in full)
is written in the normal save format through the one save writer, with the table's code, port and
this computer's tokens. When the host leaves such a table (:meth:`LocalHost.leave`: Leave the table,
or the app's exit) its guests hear that the host is away, with the host's seats, and their screens
keep reconnecting until Continue reopens it (:meth:`LocalHost.resume`, on the same port); the guests
of any other table hear at exit that the host left. Tables this app hosted before it started wait
for it the same way; once the host sits at another table (hosts one, or reopens one), every table
still waiting is closed to its guests: they hear that the host started another game.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import socket
import threading
from collections.abc import Coroutine
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from bauhausbox.engine.api import Seat
from bauhausbox.engine.history import Setup
from bauhausbox.net.discovery import Advertiser, TableFacts
from bauhausbox.net.hosted import HostedTable
from bauhausbox.net.server import Server
from bauhausbox.persistence import saves
from bauhausbox.persistence.models import HostedSave, now

T = TypeVar("T")

# Where the app's own server listens: every interface, so other computers can reach it (tests set
# the loopback address).
LISTEN_ON = "::"  # every interface, IPv6 and IPv4 on one port (IPv4 alone where there is no IPv6)
CLOSE_SECONDS = 2.0


class NetLoop:
    """An asyncio loop running on a daemon thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="bauhausbox-net", daemon=True)
        self.thread.start()

    def submit(self, coroutine: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run ``coroutine`` on the loop; the answer comes later (or never looked at)."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float) -> T:
        """Run ``coroutine`` on the loop and wait for its answer (``TimeoutError`` after ``timeout``;
        the coroutine is then cancelled)."""
        future = self.submit(coroutine)
        try:
            return future.result(timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise TimeoutError from None


_shared: NetLoop | None = None
_host: LocalHost | None = None
_lock = threading.RLock()  # local_host starts the loop while holding it


def shared_loop() -> NetLoop:
    """The app's network loop, started on first use."""
    global _shared
    with _lock:
        if _shared is None:
            _shared = NetLoop()
        return _shared


class LocalHost:
    """The server a player hosts from the app (see the module's docstring)."""

    def __init__(self, data: Path, computer_delay: float) -> None:
        self.loop = shared_loop()
        self.server = self.loop.run(self._make(data, computer_delay), timeout=10.0)
        self.created: list[str] = []  # the tables hosted since the app started (the only ones advertised)
        self.advertiser: Advertiser | None = None
        # The tables saved like any game: where each is saved, this computer's tokens, when begun.
        self.kept: dict[str, Kept] = {}
        self.server.on_changed = self._save
        self._wait_for_host()

    def _wait_for_host(self) -> None:
        """The unfinished tables this app hosted before it started (its saves say which, with its
        seats) wait for their host, as after Leave the table, until Continue or Load reopens one:
        the store reopened them, and a guest coming back sat at a table nobody hosts."""
        waiting = {
            summary.hosted.code: sorted(summary.hosted.tokens)
            for summary in saves.list_saves()[0]
            if summary.hosted is not None and not summary.finished
        }

        async def leave() -> None:
            for code, seats in waiting.items():
                if code in self.server.tables and not self.server.tables[code].match.over:
                    await self.server.leave(code, seats)

        self.loop.run(leave(), timeout=10.0)

    def _sit_at(self, code: str) -> None:
        """This computer's players sit at table ``code`` (on the loop): every other table waiting
        for them is closed to its guests, who hear that the host started another game."""
        for other in list(self.server.away):
            if other != code:
                self.server.replace(other)

    @staticmethod
    async def _make(data: Path, computer_delay: float) -> Server:
        return Server(data, computer_delay=computer_delay)

    def start(self, port: int = 0) -> None:
        self.loop.run(self.server.start(LISTEN_ON, port), timeout=10.0)

    @property
    def port(self) -> int:
        assert self.server.address is not None
        return self.server.address[1]

    @property
    def local_url(self) -> str:
        """Where this computer's own seats connect."""
        return f"ws://127.0.0.1:{self.port}"

    def create_table(self, setup: Setup, watchers: bool = False) -> str:
        """Host a new table (on the loop: the server's tables are the loop's); returns its code.
        ``watchers``: people may watch it from no seat."""

        async def create() -> str:
            code = self.server.create_table(setup, watchers=watchers)
            self._sit_at(code)
            return code

        return self.loop.run(create(), timeout=10.0)

    def advertise(self, code: str) -> None:
        """Announce table ``code`` on the local network while it has a free seat or may be watched
        (``net/discovery.py``); called once this computer's own seats sit there, so nobody hears of a
        seat that is not free."""
        self.created.append(code)
        if self.advertiser is None:
            # Where the server listens: every interface (this computer's addresses), or only one.
            self.advertiser = Advertiser(self.open_tables, self.addresses(), self.port)

    def addresses(self) -> list[str]:
        """Where others reach the server: this computer's addresses (IPv6 ones too where it listens
        on IPv6) when it listens on every interface, else the one address it listens on."""
        if LISTEN_ON in ("0.0.0.0", "::", ""):
            return lan_addresses(ipv6=self.server.ipv6)
        return [LISTEN_ON]

    def open_tables(self) -> list[TableFacts]:
        """The tables hosted since the app started that are still played (the advertiser keeps those
        with a free seat or open to watchers; read on the loop, which owns the server's tables)."""

        async def look() -> list[TableFacts]:
            return self.server.open_tables(self.created)

        return self.loop.run(look(), timeout=5.0)

    def keep(self, code: str, path: Path, tokens: dict[Seat, str], created: datetime | None = None) -> None:
        """Save table ``code`` at ``path`` from now on, after every change (see the module's docstring),
        with this computer's seats' ``tokens``; written once now."""

        async def register() -> None:
            hosted = self.server.tables.get(code)
            # A table kept already finished (reopened to look at) was counted when it ended.
            self.kept[code] = Kept(path, dict(tokens), created or now(), hosted is not None and hosted.match.over)
            if hosted is not None:
                self._save(hosted)

        self.loop.run(register(), timeout=5.0)

    def _save(self, hosted: HostedTable) -> None:
        """The host's save of a table it keeps (on the loop, which owns the table: a consistent copy)."""
        kept = self.kept.get(hosted.code)
        if kept is None:
            return
        match = hosted.match
        saved = saves.saved_game(match.setup, match.history, kept.created)
        saved.hosted = HostedSave(code=hosted.code, port=self.port, tokens=kept.tokens)
        saves.queue_game(kept.path, saved, prune=saved.finished)
        if match.over and not kept.recorded:  # the host's statistics count it as they count a local game
            kept.recorded = True
            match.queue_result()

    def leave(self, code: str) -> None:
        """This computer's players left table ``code``, which it keeps: the others are told the host
        is away and wait (``Server.leave``); Continue reopens it (:meth:`resume`)."""
        kept = self.kept.get(code)
        if kept is not None:
            self.loop.submit(self.server.leave(code, sorted(kept.tokens)))

    def give_seat(self, code: str, seat: Seat, level: str) -> None:
        """Seat ``seat`` of table ``code``, whose player is not there, goes to a computer player of
        ``level`` (``Server.give_seat``: stored, said to everyone)."""
        self.loop.run(self.server.give_seat(code, seat, level), timeout=5.0)

    def resume(self, code: str) -> None:
        """Table ``code`` is open again to whoever comes (the host reopens it)."""

        async def resume() -> None:
            self.server.resume(code)
            self._sit_at(code)

        self.loop.run(resume(), timeout=5.0)

    def set_computer_delay(self, seconds: float) -> None:
        self.server.computer_delay = seconds

    def close(self) -> None:
        """Stop the server (the app's exit): the guests of the kept tables wait to reconnect."""
        if self.advertiser is not None:
            self.advertiser.close()
        with contextlib.suppress(Exception):  # at exit, whatever state the loop is in
            hosts = {code: sorted(kept.tokens) for code, kept in self.kept.items()}
            self.loop.run(self.server.close(resumable=list(self.kept), hosts=hosts), timeout=CLOSE_SECONDS)


@dataclass
class Kept:
    """A hosted table saved like any game (:meth:`LocalHost.keep`)."""

    path: Path
    tokens: dict[Seat, str]
    created: datetime
    recorded: bool = False  # its result is in the host's statistics


def local_host(data: Path, computer_delay: float, port: int = 0) -> LocalHost:
    """The app's server, started on first use (``port`` 0: a free port the system picks); raises
    ``OSError`` when the port cannot be used."""
    global _host
    with _lock:
        if _host is None:
            host = LocalHost(data, computer_delay)
            host.start(port)
            _host = host
            atexit.register(host.close)
        _host.set_computer_delay(computer_delay)
        return _host


def stop_hosting() -> None:
    """Stop the app's server as the app's exit does (the next :func:`local_host` starts another)."""
    global _host
    with _lock:
        host, _host = _host, None
    if host is not None:
        atexit.unregister(host.close)
        host.close()


def hosting() -> LocalHost | None:
    """The app's server, if this app hosts tables."""
    return _host


def lan_addresses(ipv6: bool = False) -> list[str]:
    """This computer's addresses other computers on the local network may reach (IPv4, and with
    ``ipv6`` its IPv6 addresses but the link-local ones; the loopback address when there is no
    network)."""
    found: list[str] = []
    families = [(socket.AF_INET, "192.0.2.1")] + ([(socket.AF_INET6, "2001:db8::1")] if ipv6 else [])
    for family, documentation in families:
        with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((documentation, 9))  # no packet is sent: this only picks the outgoing interface
            found.append(str(probe.getsockname()[0]))
        with contextlib.suppress(OSError):
            for *_, address in socket.getaddrinfo(socket.gethostname(), None, family):
                found.append(str(address[0]))
    local = ("127.", "::1", "fe80:", "::ffff:127.")
    addresses = [address for address in dict.fromkeys(found) if not address.lower().startswith(local)]
    return addresses or ["127.0.0.1"]
