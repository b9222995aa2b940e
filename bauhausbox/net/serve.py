"""``bauhausbox serve``: host tables for play across computers until stopped.

Prints the address players connect to, then one line per table (the tables reopened from the data
folder first, then each new one as a host creates it) with its short code. Unless told not to, or
listening on loopback only, it announces each open table on the local network as the app does
(``net/discovery.py``: the same record, withdrawn once the table is full and not open to watchers,
over or closed). Ctrl+C or
SIGTERM stops it cleanly: every player hears that the host left. Killed outright, it loses nothing
acknowledged: started again on the same folder, it reopens every table at its last acknowledged move.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import ssl
import sys
from pathlib import Path

from bauhausbox import games
from bauhausbox.engine.history import Setup
from bauhausbox.net.background import lan_addresses
from bauhausbox.net.discovery import Advertiser, TableFacts
from bauhausbox.net.server import Server, tls_context
from bauhausbox.persistence import paths


def describe_table(code: str, setup: Setup) -> str:
    """One line for the host's terminal: code, game and seats."""
    title = games.REGISTRY[setup.game_id].title if setup.game_id in games.REGISTRY else setup.game_id
    seats = ", ".join(spec.to_text() for spec in setup.seats)
    return f"table {code}: {title}, {setup.players} seats ({seats})"


def _say(line: str) -> None:
    print(line, flush=True)  # flushed at once: a terminal or a script waits for each line


LOOPBACK = ("127.0.0.1", "localhost", "::1")
ANY_ADDRESS = ("0.0.0.0", "::", "")


def advertised_addresses(host: str, ipv6: bool) -> list[str]:
    """Where the tables are, for the record: this computer's addresses when listening on every
    interface (IPv6 ones too where the server listens on IPv6: ``ipv6``), else the one address
    listened on."""
    if host in ANY_ADDRESS:
        return lan_addresses(ipv6=ipv6)
    return [host]


def advertiser_for(server: Server, host: str) -> Advertiser:
    """Announces the server's open tables; the advertiser's thread reads them on the server's loop."""
    loop = asyncio.get_running_loop()
    assert server.address is not None

    async def facts() -> list[TableFacts]:
        return server.open_tables()

    def tables() -> list[TableFacts]:
        return asyncio.run_coroutine_threadsafe(facts(), loop).result(timeout=5.0)

    return Advertiser(tables, advertised_addresses(host, server.ipv6), server.address[1])


async def serve(host: str, port: int, data: Path, tls: ssl.SSLContext | None, advertise: bool = True) -> None:
    server = Server(data, on_created=lambda code, setup: _say(describe_table(code, setup)))
    await server.start(host, port, tls)
    _say(f"serving on {server.url} (tables kept in {server.store.path})")
    for code, hosted in server.tables.items():
        _say(describe_table(code, hosted.match.setup) + f", reopened at move {hosted.match.history.cursor}")
    advertiser = advertiser_for(server, host) if advertise and host not in LOOPBACK else None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises instead
            loop.add_signal_handler(number, stop.set)
    try:
        await stop.wait()
    finally:
        if advertiser is not None:  # withdrawn first: nobody should find a table that is going
            await asyncio.to_thread(advertiser.close)
        await server.close()
        _say("stopped")


def run_server(
    host: str, port: int, data: Path | None, certificate: Path | None, key: Path | None, advertise: bool = True
) -> int:
    """The command's body: 0 after a clean stop, 1 (one line) when the address cannot be used."""
    folder = data if data is not None else paths.data_dir() / "tables"
    tls = None
    if certificate is not None and key is not None:
        try:
            tls = tls_context(certificate, key)
        except (OSError, ssl.SSLError) as error:
            print(f"bauhausbox serve: cannot use the certificate and key: {error}", file=sys.stderr)
            return 1
    try:
        asyncio.run(serve(host, port, folder, tls, advertise))
    except OSError as error:
        print(f"bauhausbox serve: cannot listen on {host}:{port}: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0
