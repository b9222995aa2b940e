"""Helpers of the network tests: a server on loopback, seated clients, random play from a seat's view.

Everything is real: a WebSocket server on 127.0.0.1 and clients talking to it over TCP. Each test
runs its coroutine under :func:`run`, which bounds it in time.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bauhausbox import games
from bauhausbox.engine.api import Seat
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.net import background, discovery, scripted
from bauhausbox.net.background import LocalHost
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.protocol import SeatView
from bauhausbox.net.scripted import STEP_SECONDS, legal_texts
from bauhausbox.net.server import Server
from bauhausbox.persistence import paths
from tests.ui.helpers import frames


def run(coroutine: Coroutine[Any, Any, Any], seconds: float = 120.0) -> Any:
    """Run a test's coroutine, failing it after ``seconds``."""

    async def bounded() -> Any:
        async with asyncio.timeout(seconds):
            return await coroutine

    return asyncio.run(bounded())


@asynccontextmanager
async def hosting(folder: Path, host: str = "127.0.0.1", **options: Any) -> AsyncIterator[Server]:
    options.setdefault("computer_delay", 0.0)
    options.setdefault("hint_level", "random")
    server = Server(folder, **options)
    await server.start(host, 0)
    try:
        yield server
    finally:
        await server.close()


async def seated(url: str, code: str, count: int, **options: Any) -> list[RemoteTable]:
    """``count`` clients, each in the next free human seat, in seat order."""
    clients = []
    for _ in range(count):
        client = RemoteTable(url, code, **options)
        await client.start()
        clients.append(client)
    return clients


def my_moves(client: RemoteTable) -> list[str]:
    """The legal moves of the client's seat, judged from its own view only."""
    return legal_texts(client)


async def play_out(clients: list[RemoteTable], rng: random.Random, limit: int = 3000) -> SeatView:
    """Random legal moves from each seat's own view until the game is over (bauhausbox.net.scripted)."""
    return await scripted.play_out(clients, rng, limit, STEP_SECONDS)


def replayed(game_id: str, players: int, seed: int, options: dict[str, Any], texts: list[str]) -> History[Any]:
    """The same moves played locally through the rules, from the same seed."""
    game = games.load(game_id)
    history: History[Any] = History(game, game.new_game(players, seed, **options))
    for text in texts:
        history.play_text(text)
    return history


def view_text(game_id: str, state: Any, seat: Seat) -> str:
    game = games.load(game_id)
    return str(game.to_text(game.view(state, seat)))


# -- the app's own screens across computers (tests that open a game's screen in the session app) ------
def on_loopback(monkeypatch: Any) -> None:
    """The app's server and discovery on loopback only, and this test's own server (whatever ran
    before); the caller stops it with ``background.stop_hosting()``."""
    monkeypatch.setattr(background, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])
    monkeypatch.setattr(background, "_host", None)


def guest_on_loopback(monkeypatch: Any) -> Iterator[None]:
    """A guest's test (``yield from`` it in an autouse fixture): on loopback (:func:`on_loopback`),
    with no seat kept by an earlier test, and its server and kept seats gone after it."""
    on_loopback(monkeypatch)
    paths.guest_seats_file().unlink(missing_ok=True)
    yield
    background.stop_hosting()
    paths.guest_seats_file().unlink(missing_ok=True)


def hosted_elsewhere(game_id: str, names: tuple[str, ...], seed: int) -> tuple[LocalHost, str]:
    """A table of ``game_id`` on the app's server with no seat at this screen (every seat a human
    at "another computer"): the host and the table's code."""
    host = background.local_host(paths.data_dir() / "tables", 0.0, 0)
    options = games.load(game_id).normalize_options(len(names), {})
    setup = Setup(game_id, len(names), seed, tuple(SeatSpec(name) for name in names), options)
    return host, host.create_table(setup)


def framed_until(app: Any, condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Frames of the app until ``condition`` holds (``False`` after ``seconds``)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        frames(app, 1)
        if condition():
            return True
        time.sleep(0.02)
    return condition()
