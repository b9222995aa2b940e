"""Finding tables on the local network: a real zeroconf advertiser and a real browser, both on the
loopback interface, in this process; every wait is bounded. Also what a hostile record turns into,
and that both stop without leaving a thread behind.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bauhausbox.net import discovery
from bauhausbox.net.client import create_table
from bauhausbox.net.discovery import Advertiser, Browser, OpenTable, TableFacts, read_service
from bauhausbox.net.protocol import PROTOCOL_VERSION
from bauhausbox.net.serve import advertiser_for
from bauhausbox.net.server import Server
from tests.net.helpers import hosting, run, seated

SECONDS = 15.0


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])
    monkeypatch.setattr(discovery, "REFRESH_SECONDS", 0.2)


def eventually(check: Callable[[], bool], seconds: float = SECONDS) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


def ours(browser: Browser, port: int) -> list[OpenTable]:
    """The tables of this test's advertiser (another test run on the machine may advertise too)."""
    return [table for table in browser.found() if table.address.endswith(f":{port}")]


def test_an_advertised_table_is_found_updated_and_withdrawn() -> None:
    threads_before = set(threading.enumerate())
    tables: list[TableFacts] = [TableFacts("K7QX2M", "blokus", "Anni", 1, 2)]
    lock = threading.Lock()

    def open_tables() -> list[TableFacts]:
        with lock:
            return list(tables)

    port = 40000 + int(time.time()) % 20000  # only a number in the record: nothing listens there
    advertiser = Advertiser(open_tables, ["127.0.0.1"], port)
    browser = Browser()
    try:
        assert eventually(lambda: len(ours(browser, port)) == 1), browser.problem or advertiser.problem
        (found,) = ours(browser, port)
        assert found.address == f"127.0.0.1:{port}"
        assert (found.game, found.host, found.free, found.seats) == ("blokus", "Anni", 1, 2)
        assert found.protocol == PROTOCOL_VERSION and found.compatible
        # The code is the secret to sit down: it is nowhere in what the network hears.
        assert "K7QX2M" not in repr(found)
        assert eventually(lambda: advertiser.advertised() == ["K7QX2M"])
        for info, _facts in advertiser._services.values():
            assert b"K7QX2M" not in info.text and "K7QX2M" not in info.name

        with lock:  # a second table opens: both are listed
            tables.append(TableFacts("AB3CDE", "bits", "Anni", 2, 3))
        assert eventually(lambda: len(ours(browser, port)) == 2)
        with lock:  # the first table's last seat is taken: it is no longer open; a seat of the second too
            tables[:] = [
                TableFacts("K7QX2M", "blokus", "Anni, Bert", 0, 2),
                TableFacts("AB3CDE", "bits", "Anni, Cleo", 1, 3),
            ]
        expected = [("bits", "Anni, Cleo", 1)]
        assert eventually(lambda: [(t.game, t.host, t.free) for t in ours(browser, port)] == expected)
        with lock:  # the second table is over
            tables.clear()
        assert eventually(lambda: not ours(browser, port))
    finally:
        advertiser.close()
        browser.close()
    assert not advertiser._thread.is_alive() and not browser._thread.is_alive()
    # zeroconf's own threads end with it too.
    assert eventually(lambda: not (set(threading.enumerate()) - threads_before), 5.0), (
        set(threading.enumerate()) - threads_before
    )


def test_without_multicast_the_browser_says_why_and_finds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*_args: Any) -> Any:
        raise OSError("multicast is not available")

    monkeypatch.setattr(discovery, "_zeroconf", refused)
    browser = Browser()
    assert eventually(lambda: browser.problem is not None, 5.0)
    assert browser.found() == []
    browser.close()
    assert not browser._thread.is_alive()
    advertiser = Advertiser(lambda: [TableFacts("K7QX2M", "blokus", "Anni", 1, 2)], ["127.0.0.1"], 1234)
    assert eventually(lambda: advertiser.problem is not None, 5.0)
    advertiser.close()
    assert not advertiser._thread.is_alive()


class Record:
    """A service record as zeroconf gives it."""

    def __init__(self, addresses: list[str], port: int | None, properties: dict[bytes, bytes | None]) -> None:
        self._addresses = addresses
        self.port = port
        self.properties = properties

    def parsed_addresses(self) -> list[str]:
        return self._addresses


def test_a_hostile_record_is_read_safely() -> None:
    good = {b"v": b"1", b"game": b"bits", b"host": b"Anni", b"free": b"2", b"seats": b"3"}
    assert read_service("k", Record(["192.0.2.7"], 5000, good)) == OpenTable(
        "k", "192.0.2.7:5000", "bits", "Anni", 2, 3, 1
    )
    assert read_service("k", None) is None
    assert read_service("k", Record([], 5000, good)) is None  # nowhere to connect
    assert read_service("k", Record(["192.0.2.7"], None, good)) is None
    assert read_service("k", Record(["192.0.2.7"], 5000, {b"free": b"1"})) is None  # no game
    hostile = {
        b"game": b"bits",
        b"host": b"\x1b[31mA\x00nni" + b"x" * 500,
        b"free": b"99999999999",
        b"v": b"\xff\xfe",
        b"seats": None,
    }
    table = read_service("k", Record(["192.0.2.7"], 5000, hostile))
    assert table is not None
    assert table.host.isprintable() and len(table.host) <= discovery.MAX_TXT_VALUE
    assert (table.free, table.seats, table.protocol, table.compatible) == (0, 0, 0, False)


def test_without_zeroconf_the_app_carries_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that lacks the package: the Join screen says tables cannot be looked for."""
    import sys

    monkeypatch.setitem(sys.modules, "zeroconf", None)  # importing it now fails
    browser = Browser()
    assert eventually(lambda: browser.problem is not None, 5.0)
    browser.close()
    advertiser = Advertiser(lambda: [], ["127.0.0.1"], 1234)
    assert eventually(lambda: advertiser.problem is not None, 5.0)
    advertiser.close()
    assert not browser._thread.is_alive() and not advertiser._thread.is_alive()


def test_ipv6_addresses_are_advertised_and_read_back() -> None:
    """A record may carry IPv6 addresses (the machine's loopback has no IPv6 multicast, so the
    record travels over IPv4 loopback here): read back in brackets, as the Join screen reads an
    address; IPv4 first where both are given; a link-local one (useless to another computer) never."""
    good = {b"game": b"bits", b"free": b"1", b"seats": b"2", b"v": str(PROTOCOL_VERSION).encode()}
    assert read_service("k", Record(["fd00::2"], 5000, good)).address == "[fd00::2]:5000"  # type: ignore[union-attr]
    assert read_service("k", Record(["fd00::2", "192.0.2.7"], 5000, good)).address == "192.0.2.7:5000"  # type: ignore[union-attr]
    assert read_service("k", Record(["fe80::1"], 5000, good)) is None
    tables: list[TableFacts] = [TableFacts("K7QX2M", "bits", "Anni", 1, 2)]
    port = 40000 + (int(time.time()) + 7) % 20000
    advertiser = Advertiser(lambda: list(tables), ["::1"], port)
    browser = Browser()
    try:
        assert eventually(lambda: len(ours(browser, port)) == 1), browser.problem or advertiser.problem
        assert ours(browser, port)[0].address == f"[::1]:{port}"
    finally:
        advertiser.close()
        browser.close()


def test_discovery_uses_ipv6_too_where_the_machine_allows(monkeypatch: pytest.MonkeyPatch) -> None:
    import zeroconf

    asked: list[Any] = []

    class Recording:
        def __init__(self, interfaces: Any, ip_version: Any) -> None:
            asked.append((interfaces, ip_version))
            if ip_version == zeroconf.IPVersion.All and broken_ipv6:
                raise OSError("no IPv6 here")

    monkeypatch.setattr(zeroconf, "Zeroconf", Recording)
    monkeypatch.setattr(discovery, "INTERFACES", None)
    broken_ipv6 = False
    discovery._zeroconf()
    assert asked == [(zeroconf.InterfaceChoice.All, zeroconf.IPVersion.All)]
    asked.clear()
    broken_ipv6 = True  # a machine without IPv6 multicast: IPv4 still
    discovery._zeroconf()
    assert [version for _interfaces, version in asked] == [zeroconf.IPVersion.All, zeroconf.IPVersion.V4Only]
    asked.clear()
    broken_ipv6 = False
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1", "::1"])
    discovery._zeroconf()
    assert asked == [(["127.0.0.1", "::1"], zeroconf.IPVersion.All)]


def test_the_servers_open_tables_are_advertised_and_withdrawn(tmp_path: Path) -> None:
    """``bauhausbox serve`` announces each open table like the app (the same record), withdrawn
    once its seats are taken; the codes stay off the network."""

    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            first = await create_table(server.url, "bits", ["human", "human"], names=["Anni", "Bert"])
            second = await create_table(server.url, "blokus", ["human", "ai:easy"])
            advertiser = advertiser_for(server, "127.0.0.1")
            browser = Browser()
            port = server.address[1] if server.address else 0
            try:
                found = await asyncio.to_thread(eventually, lambda: len(ours(browser, port)) == 2)
                assert found, browser.problem or advertiser.problem
                assert sorted((t.game, t.free, t.seats) for t in ours(browser, port)) == [
                    ("bits", 2, 2),
                    ("blokus", 1, 2),
                ]
                assert all(t.address == f"127.0.0.1:{port}" for t in ours(browser, port))
                both = sorted([first, second])  # its own list catches up once each registration returns
                assert await asyncio.to_thread(eventually, lambda: sorted(advertiser.advertised()) == both)
                players = await seated(server.url, first, 2)  # full: withdrawn
                gone = await asyncio.to_thread(eventually, lambda: [t.game for t in ours(browser, port)] == ["blokus"])
                assert gone, ours(browser, port)
                for player in players:
                    await player.close()
            finally:
                await asyncio.to_thread(advertiser.close)
                await asyncio.to_thread(browser.close)

    run(scenario(), 60)


def test_a_socket_zeroconf_cannot_send_on_leaves_no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    """Zeroconf, once started, warns with a traceback of a socket that cannot reach the network
    ("Network is unreachable" on an interface without a multicast route): one quiet line instead."""
    from zeroconf._logger import QuietLogger

    browser = Browser()
    try:
        # Started: zeroconf's logger is calmed by then (the browser's thread does it first thing).
        assert eventually(lambda: bool(logging.getLogger("zeroconf").filters))
        caplog.set_level(logging.INFO)
        unreachable = OSError(101, "Network is unreachable")
        QuietLogger.log_exception_once(unreachable, "Error with socket 5 (('::1', 5353, 0, 0))): %s", unreachable)
    finally:
        browser.close()
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING], caplog.text
    assert "Network is unreachable" in caplog.text  # still in the log, for --debug


def test_a_full_table_open_to_watchers_stays_listed_marked_watchable() -> None:
    """Every seat taken but the host lets people watch: still heard of, with no free seat and "watch";
    a full table nobody may watch is withdrawn."""
    tables = [TableFacts("K7QX2M", "bits", "Anni", 1, 2, True), TableFacts("AB3CDE", "blokus", "Anni", 1, 2)]
    lock = threading.Lock()

    def open_tables() -> list[TableFacts]:
        with lock:
            return list(tables)

    port = 40000 + (int(time.time()) + 11) % 20000
    advertiser = Advertiser(open_tables, ["127.0.0.1"], port)
    browser = Browser()
    try:
        assert eventually(lambda: len(ours(browser, port)) == 2), browser.problem or advertiser.problem
        assert sorted((t.game, t.free, t.watchable) for t in ours(browser, port)) == [
            ("bits", 1, True),
            ("blokus", 1, False),
        ]
        with lock:  # both full now
            tables[:] = [
                TableFacts("K7QX2M", "bits", "Anni, Bert", 0, 2, True),
                TableFacts("AB3CDE", "blokus", "A", 0, 2),
            ]
        listed = [("bits", "Anni, Bert", 0, True)]
        assert eventually(lambda: [(t.game, t.host, t.free, t.watchable) for t in ours(browser, port)] == listed)
    finally:
        advertiser.close()
        browser.close()


def _quiet_browser(monkeypatch: pytest.MonkeyPatch) -> Browser:
    """A browser whose records are handed to it by the test (no network)."""

    def refused(*_args: Any) -> Any:
        raise OSError("no multicast in this test")

    monkeypatch.setattr(discovery, "_zeroconf", refused)
    browser = Browser()
    browser.close()
    return browser


def _table(name: str, public: str, host: str = "Anni", free: int = 1, address: str = "192.0.2.7:5000") -> OpenTable:
    return OpenTable(name, address, "bits", host, free, 2, PROTOCOL_VERSION, public=public)


def test_one_table_heard_under_several_names_is_one_row_updated_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host that came back after a hard stop is heard under a new record while the old one lingers:
    one row (the newest record), in the place the table had; tables keep the order they were first
    heard in, whatever their names, so a row never jumps when its table changes."""
    browser = _quiet_browser(monkeypatch)
    browser.heard("svc-z", _table("svc-z", "00000001", host="Zoe"))
    browser.heard("svc-b", _table("svc-b", "00000002", host="Bert"))
    browser.heard("svc-a", _table("svc-a", "00000003", host="Anni"))
    assert [t.host for t in browser.found()] == ["Zoe", "Bert", "Anni"]
    # Zoe's host comes back: a second record of the same table (same public name and port).
    browser.heard("svc-z2", _table("svc-z2", "00000001", host="Zoe, Yann", free=0))
    assert [(t.host, t.free) for t in browser.found()] == [("Zoe, Yann", 0), ("Bert", 1), ("Anni", 1)]
    # A record refreshed under its own name: updated in place, never a new row.
    browser.heard("svc-b", _table("svc-b", "00000002", host="Aaron"))
    assert [t.host for t in browser.found()] == ["Zoe, Yann", "Aaron", "Anni"]
    # The stale record goes: the table stays (its newer record); one that cannot be read changes nothing.
    browser.lost("svc-z")
    browser.heard("svc-a", None)
    assert [t.host for t in browser.found()] == ["Zoe, Yann", "Aaron", "Anni"]
    # The same public name at another port is another server's table: its own row.
    browser.heard("svc-c", _table("svc-c", "00000003", address="192.0.2.8:6000"))
    assert len(browser.found()) == 4
    browser.lost("svc-z2")
    assert [t.key for t in browser.found()] == ["svc-b", "svc-a", "svc-c"]


def test_a_host_back_after_a_hard_stop_is_heard_as_the_same_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first advertiser stops without withdrawing its record (a killed app); the table reopened
    under its public name is one row, not two."""
    port = 40000 + (int(time.time()) + 13) % 20000
    facts = TableFacts("K7QX2M", "bits", "Anni", 1, 2, False, "5eed1e55")
    first = Advertiser(lambda: [facts], ["127.0.0.1"], port)
    browser = Browser()
    second: Advertiser | None = None
    try:
        assert eventually(lambda: len(ours(browser, port)) == 1), browser.problem or first.problem
        assert eventually(lambda: first.advertised() == ["K7QX2M"])
        import zeroconf

        for goodbye in ("unregister_service", "unregister_all_services"):  # it says no goodbye
            monkeypatch.setattr(zeroconf.Zeroconf, goodbye, lambda *_args: None)
        first.close()
        monkeypatch.undo()
        monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])
        monkeypatch.setattr(discovery, "REFRESH_SECONDS", 0.2)
        second = Advertiser(lambda: [facts._replace(host="Anni, Bert", free=0, watchers=True)], ["127.0.0.1"], port)
        assert eventually(lambda: [t.host for t in ours(browser, port)] == ["Anni, Bert"]), [
            (t.key, t.host) for t in ours(browser, port)
        ]
        time.sleep(1.0)  # and it stays one
        assert len(ours(browser, port)) == 1
    finally:
        if second is not None:
            second.close()
        browser.close()


def test_a_tables_public_name_is_kept_across_restarts_and_is_not_its_code(tmp_path: Path) -> None:
    from bauhausbox.engine.history import SeatSpec, Setup
    from bauhausbox.net.store import Store

    store = Store(tmp_path)
    setup = Setup("bits", 2, 7, (SeatSpec.from_text("human", "Anni"), SeatSpec.from_text("human", "Bert")), {})
    first = store.create("K7QX2M", setup)
    second = store.create("AB3CDE", setup)
    assert len(first) == 8 and first != second and "K7QX2M" not in first.upper()
    store.close()
    again = Store(tmp_path)
    assert {t.code: t.public for t in again.tables()} == {"K7QX2M": first, "AB3CDE": second}
    # A file from before public names: each table gets one once, kept from then on.
    again.db.execute("UPDATE tables SET public = NULL WHERE code = 'AB3CDE'")
    again.close()
    given = {t.code: t.public for t in Store(tmp_path).tables()}
    assert given["K7QX2M"] == first and len(given["AB3CDE"]) == 8
    assert {t.code: t.public for t in Store(tmp_path).tables()} == given


def test_the_server_advertises_its_tables_public_names_and_watchers(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, "bits", ["human", "human"], watchers=True)
            players = await seated(server.url, code, 2)
            (facts,) = server.open_tables()
            assert (facts.code, facts.free, facts.watchers) == (code, 0, True)
            assert facts.public == server.tables[code].public != ""
            for player in players:
                await player.close()
        # Reopened by another server on the same folder: the same public name.
        reopened = Server(tmp_path)
        assert reopened.find(code).public == facts.public
        reopened.store.close()

    run(scenario(), 60)


def test_a_table_whose_record_goes_for_a_moment_keeps_its_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two hosts on one computer: the first table's record goes and comes back (re-registered,
    expired between refreshes); it comes back in its own row, not under the player's pointer at the
    end of the list."""
    browser = _quiet_browser(monkeypatch)
    browser.heard("svc-a", _table("svc-a", "0000000a", host="Anni", address="192.0.2.7:5000"))
    browser.heard("svc-b", _table("svc-b", "0000000b", host="Anni", address="192.0.2.7:6000"))
    browser.lost("svc-a")
    assert [t.key for t in browser.found()] == ["svc-b"]
    browser.heard("svc-a", _table("svc-a", "0000000a", host="Anni", address="192.0.2.7:5000"))
    assert [t.key for t in browser.found()] == ["svc-a", "svc-b"]


def test_a_computer_with_several_addresses_is_listed_at_the_same_one() -> None:
    """zeroconf gives a host's addresses in no fixed order: the row's address (and so the player's
    choice of it) stays the same from one refresh to the next."""
    properties: dict[bytes, bytes | None] = {b"v": str(PROTOCOL_VERSION).encode(), b"game": b"bits", b"id": b"0a0b0c0d"}
    seen = set()
    for order in (
        ["192.0.2.9", "10.0.0.4", "fe80::1"],
        ["fe80::1", "10.0.0.4", "192.0.2.9"],
        ["10.0.0.4", "192.0.2.9"],
    ):
        table = read_service("svc", Record(order, 5000, properties))
        assert table is not None
        seen.add(table.address)
    assert len(seen) == 1 and ":" not in next(iter(seen)).rpartition(":")[0]
