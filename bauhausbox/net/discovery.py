"""Finding tables on the local network: the host's app advertises each open table with mDNS / DNS-SD
(``zeroconf``), and the Join screen lists the tables it hears of, live.

Each open table (a free seat, or full but open to watchers) is one service of type
:data:`SERVICE_TYPE` at the host's addresses and port, under the table's public name, with a TXT
record of public facts only: the protocol version, the table's public name, the game, the host's name,
how many seats are free and whether people may watch. The table's code is *not* advertised: it stays
the secret that lets a player sit down (docs/network.md, "Finding tables"), so picking a table fills
the address and the player types the code the host's screen shows.

One table is one row however often it is heard: a record is updated in place under its name, and
records of one table under several names (a host that came back after a hard stop while the old
record still lingers in the listener's cache) are one table, told apart by public name and port.
The list keeps the order in which the tables were first heard, so rows never jump when one changes.

Nothing here runs on the window's thread: :class:`Advertiser` keeps its own thread, which looks at the
host's tables every :data:`REFRESH_SECONDS` and registers, updates or withdraws their services, and
:class:`Browser` starts zeroconf on its own thread; the screen only reads :meth:`Browser.found`. Both
stop when asked (the Join screen left, the app's exit) and leave no thread behind. Where multicast
cannot be used, :attr:`Browser.problem` says so and the app carries on without.
"""

from __future__ import annotations

import logging
import secrets
import socket
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from bauhausbox.net.protocol import PROTOCOL_VERSION

log = logging.getLogger(__name__)

SERVICE_TYPE = "_bauhausbox._tcp.local."
REFRESH_SECONDS = 2.0  # how often the advertiser looks at the host's tables
LOOKUP_MS = 1500  # how long the browser waits for a service's address and TXT record
MAX_TXT_VALUE = 60  # a TXT value longer than this (a hostile record) is cut
MAX_ID = 16  # a table's public name: at most this many hex digits
# Which interfaces zeroconf uses: None for every one; tests keep it to the loopback address.
INTERFACES: list[str] | None = None


@dataclass(frozen=True)
class OpenTable:
    """One table as advertised: where it is and its public facts (never its code)."""

    key: str  # the service's name, unique on the network
    address: str  # host:port, as a player would type it
    game: str
    host: str  # the host's name
    free: int  # free seats
    seats: int
    protocol: int
    watchable: bool = False  # the host lets people watch it from no seat
    public: str = ""  # the table's public name ("" from a host that sends none)

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL_VERSION

    @property
    def identity(self) -> str:
        """What makes it one table: its public name at its port (else its service's name)."""
        return f"{self.public}@{self.address.rpartition(':')[2]}" if self.public else self.key


class _SocketTroubleFilter(logging.Filter):
    """Zeroconf logs a socket it cannot send on (an interface with no route for multicast: "Network is
    unreachable") as a warning with its traceback, on its own thread, after it started without error.
    That is no fault of the player's and the Join screen already carries on without: one line in the
    app's log (seen with --debug) instead of a traceback on the terminal."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, OSError):
            log.info("zeroconf: %s", record.getMessage())
            return False
        return True


_CALM = _SocketTroubleFilter()


def _zeroconf() -> Any:
    """A zeroconf instance on :data:`INTERFACES`, over IPv4 and IPv6 where the machine allows (only
    IPv4 where IPv6 multicast cannot be used; the families of the addresses when they are given);
    raises ``OSError`` (or zeroconf's own errors) where multicast cannot be used at all."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf  # imported late: the app starts faster

    logging.getLogger("zeroconf").addFilter(_CALM)  # once: a filter already there is not added again
    if INTERFACES is not None:
        families = {":" in address for address in INTERFACES}
        version = IPVersion.All if len(families) == 2 else IPVersion.V6Only if True in families else IPVersion.V4Only
        return Zeroconf(interfaces=INTERFACES, ip_version=version)
    try:
        return Zeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.All)
    except Exception as error:  # no IPv6 here (a kernel without it, a sandbox): IPv4 still may work
        log.info("tables are looked for over IPv4 only: %s", error)
        return Zeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.V4Only)


def packed(address: str) -> bytes:
    """An IPv4 or IPv6 address as a DNS record carries it."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    return socket.inet_pton(family, address.split("%")[0])


# -- the host's side ---------------------------------------------------------------------------------
class TableFacts(NamedTuple):
    """A table as the advertiser sees it."""

    code: str  # never advertised: the advertiser's own key
    game: str
    host: str  # the host's name
    free: int  # free seats
    seats: int
    watchers: bool = False  # people may watch: advertised even when every seat is taken
    public: str = ""  # the table's public name (``StoredTable.public``); "" : one made up here


def advertised(facts: TableFacts) -> bool:
    """Whether the network hears of the table: a seat to take, or a game to watch."""
    return facts.free > 0 or facts.watchers


class Advertiser:
    """Advertises the host's open tables (see the module's docstring). ``tables`` gives the tables
    now (called on the advertiser's thread); ``addresses`` and ``port`` say where they are."""

    def __init__(self, tables: Callable[[], Sequence[TableFacts]], addresses: Sequence[str], port: int) -> None:
        self.tables = tables
        self.addresses = list(addresses)
        self.port = port
        self.problem: str | None = None  # why nothing could be advertised (logged, for the tests)
        self._stop = threading.Event()
        self._services: dict[str, tuple[Any, tuple[Any, ...]]] = {}  # code -> (ServiceInfo, facts)
        # The name each table goes by, kept while the advertiser runs: a table withdrawn and advertised
        # again (a seat freed) is heard as the same one.
        self._names: dict[str, str] = {}
        self._thread = threading.Thread(target=self._run, name="bauhausbox-advertise", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            zeroconf = _zeroconf()
        except Exception as error:  # no multicast here: the invitation's address still works
            self.problem = str(error) or type(error).__name__
            log.info("tables are not advertised on the local network: %s", self.problem)
            return
        try:
            while not self._stop.is_set():
                try:
                    self._refresh(zeroconf)
                except Exception as error:  # a network that went away: try again at the next look
                    log.info("advertising tables failed: %s", error)
                self._stop.wait(REFRESH_SECONDS)
        finally:
            for info, _facts in self._services.values():
                try:
                    zeroconf.unregister_service(info)
                except Exception as error:
                    log.info("withdrawing a table's service failed: %s", error)
            zeroconf.close()

    def _refresh(self, zeroconf: Any) -> None:
        from zeroconf import ServiceInfo

        now = {facts.code: facts for facts in (TableFacts(*one) for one in self.tables()) if advertised(facts)}
        for code in [code for code in self._services if code not in now]:
            info, _facts = self._services.pop(code)
            zeroconf.unregister_service(info)
        for code, facts in now.items():
            # The table's public name: random, unique on the network, and it tells nothing of the code.
            public = facts.public or self._names.setdefault(code, secrets.token_hex(4))
            properties = {
                "v": str(PROTOCOL_VERSION),
                "id": public[:MAX_ID],
                "game": facts.game,
                "host": facts.host[:MAX_TXT_VALUE],
                "free": str(facts.free),
                "seats": str(facts.seats),
                "watch": "1" if facts.watchers else "0",
            }
            known = self._services.get(code)
            if known is not None and known[1] == facts:
                continue
            # The same name after a restart: listeners that still hold the old record update it in place.
            name = known[0].name if known is not None else f"bauhausbox {public[:MAX_ID]}.{SERVICE_TYPE}"
            info = ServiceInfo(
                SERVICE_TYPE,
                name,
                addresses=[packed(address) for address in self.addresses],
                port=self.port,
                properties=properties,
                server=name,  # what zeroconf names the host by default; an update must say it again
            )
            if known is not None:  # the same service, its record changed (a seat was taken)
                zeroconf.update_service(info)
            else:  # another host using the name (a chance in billions): zeroconf picks another
                zeroconf.register_service(info, allow_name_change=True)
            self._services[code] = (info, facts)

    def advertised(self) -> list[str]:
        """The codes of the tables advertised now (never sent: for the host's own use and tests)."""
        return list(self._services)

    def close(self, timeout: float = 5.0) -> None:
        """Withdraw every service and stop the thread."""
        self._stop.set()
        self._thread.join(timeout)


# -- the joining side ----------------------------------------------------------------------------------
def _text(properties: dict[bytes, bytes | None], key: str) -> str:
    value = properties.get(key.encode())
    if not value:
        return ""
    return "".join(ch for ch in value.decode("utf-8", "replace") if ch.isprintable())[:MAX_TXT_VALUE]


def _public(properties: dict[bytes, bytes | None]) -> str:
    text = _text(properties, "id").lower()
    return text if 0 < len(text) <= MAX_ID and all(ch in "0123456789abcdef" for ch in text) else ""


def _number(properties: dict[bytes, bytes | None], key: str) -> int:
    text = _text(properties, key)
    return int(text) if text.isdigit() and len(text) < 6 else 0


def _reachable(address: str) -> bool:
    """An address another computer may use as is: not an IPv6 link-local one (it needs the
    interface's name, which differs on each computer)."""
    return not address.lower().startswith("fe80:")


def read_service(key: str, info: Any) -> OpenTable | None:
    """An advertised table from a service's record (``None`` when it says nothing usable: the record
    comes from anyone on the network)."""
    addresses = [address for address in (info.parsed_addresses() if info is not None else []) if _reachable(address)]
    if not addresses or not info.port:
        return None
    # IPv4 first (what most players type); an IPv6 address in brackets, as the Join screen reads it.
    # The same one at every refresh: zeroconf gives a computer's addresses in no fixed order, and a
    # row whose address changed lost the player's choice (two hosts on a computer with several
    # interfaces flipped between them).
    address = min(addresses, key=lambda one: (":" in one, one))
    shown = f"[{address}]" if ":" in address else address
    properties = info.properties or {}
    game = _text(properties, "game")
    if not game:
        return None
    return OpenTable(
        key=key,
        address=f"{shown}:{info.port}",
        game=game,
        host=_text(properties, "host"),
        free=_number(properties, "free"),
        seats=_number(properties, "seats"),
        protocol=_number(properties, "v"),
        watchable=_text(properties, "watch") == "1",
        public=_public(properties),
    )


MAX_REMEMBERED = 200  # the tables whose place in the list is kept after their record went


class Browser:
    """Listens for advertised tables (see the module's docstring)."""

    def __init__(self) -> None:
        self.problem: str | None = None  # set when zeroconf cannot run here
        self._found: dict[str, tuple[int, OpenTable]] = {}  # service name -> (when heard, the table)
        self._first: dict[str, int] = {}  # a table's identity -> when first heard: the rows' order
        self._clock = 0  # counts what is heard: "when", without the system's clock
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bauhausbox-browse", daemon=True)
        self._thread.start()

    def found(self) -> list[OpenTable]:
        """The tables heard of now, one per table (the record heard last), in the order they were
        first heard: a table that changes keeps its row."""
        with self._lock:
            latest: dict[str, tuple[int, OpenTable]] = {}
            for heard, table in self._found.values():
                if table.identity not in latest or heard > latest[table.identity][0]:
                    latest[table.identity] = (heard, table)
            return [table for _heard, table in sorted(latest.values(), key=lambda one: self._first[one[1].identity])]

    def heard(self, name: str, table: OpenTable | None) -> None:
        """Service ``name`` says ``table`` (``None``: it says nothing usable, or could not be read;
        a table already heard under that name stays as it was, rather than blink out of the list)."""
        with self._lock:
            if table is None:
                return
            self._clock += 1
            self._found[name] = (self._clock, table)
            self._first.setdefault(table.identity, self._clock)

    def lost(self, name: str) -> None:
        """Service ``name`` was withdrawn (or its record expired)."""
        with self._lock:
            self._found.pop(name, None)
            # A table keeps its place while the list is open, even when its record goes for a
            # moment (a host re-registering, a record expiring between refreshes): heard again, it
            # comes back in its row instead of at the end, under the player's pointer. Only a
            # browser that heard of very many tables forgets the oldest gone ones.
            if len(self._first) > MAX_REMEMBERED:
                alive = {table.identity for _heard, table in self._found.values()}
                for identity in [identity for identity in self._first if identity not in alive]:
                    del self._first[identity]

    def _run(self) -> None:
        try:
            from zeroconf import ServiceBrowser, ServiceListener

            zeroconf = _zeroconf()
        except Exception as error:  # no multicast here (or no zeroconf): the Join screen says so, calmly
            self.problem = str(error) or type(error).__name__
            log.info("tables on the local network cannot be looked for: %s", self.problem)
            return
        browser = self

        class Listener(ServiceListener):
            def add_service(self, zc: Any, type_: str, name: str) -> None:
                browser._look(zc, type_, name)

            def update_service(self, zc: Any, type_: str, name: str) -> None:
                browser._look(zc, type_, name)

            def remove_service(self, zc: Any, type_: str, name: str) -> None:
                browser.lost(name)

        service_browser = None
        try:
            service_browser = ServiceBrowser(zeroconf, SERVICE_TYPE, Listener())
            self._stop.wait()
        except Exception as error:
            self.problem = str(error) or type(error).__name__
            log.info("looking for tables stopped: %s", self.problem)
        finally:
            if service_browser is not None:
                service_browser.cancel()
            zeroconf.close()

    def _look(self, zeroconf: Any, type_: str, name: str) -> None:
        if self._stop.is_set():
            return
        try:
            table = read_service(name, zeroconf.get_service_info(type_, name, LOOKUP_MS))
        except Exception as error:  # a record that cannot be read: not a table
            log.info("a service could not be read: %s", error)
            table = None
        self.heard(name, table)

    def close(self, timeout: float = 5.0) -> None:
        """Stop listening; the thread ends."""
        self._stop.set()
        self._thread.join(timeout)


__all__ = ["SERVICE_TYPE", "Advertiser", "Browser", "OpenTable", "TableFacts", "advertised", "read_service"]
