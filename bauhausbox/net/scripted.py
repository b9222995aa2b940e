"""Scripted players at a table on a server: random legal moves chosen from each seat's own view.

The smoke check (:func:`host_and_play`), the load benchmark and the network tests play whole
games this way, through the app's own client (:class:`~bauhausbox.net.client.RemoteTable`):
nothing here knows more than the seat's view, so a move the server refuses is a bug of the server
or of the client.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bauhausbox import games
from bauhausbox.engine.history import History
from bauhausbox.net.client import RemoteTable, create_table
from bauhausbox.net.protocol import SeatView
from bauhausbox.net.server import Server

STEP_SECONDS = 20.0  # the longest wait for one change at the table (a computer thinking included)


def legal_texts(client: RemoteTable) -> list[str]:
    """The legal moves of the client's seat, in notation, judged from its own view only."""
    view = client.view
    assert view is not None and client.seat is not None
    if view.over:
        return []
    game = games.load(view.game)
    state = client.state()
    try:
        if view.to_play != client.seat and not game.legal_moves(state, seat=client.seat):
            return []
        moves = game.legal_moves(state, seat=client.seat)
    except Exception:  # a game whose view does not list the moves of a seat out of turn
        return []
    return [game.format_move(state, move) for move in moves]


def random_text(client: RemoteTable, rng: random.Random) -> str | None:
    """One random legal move of the client's seat from its own view (only that one written in
    notation: cheaper than :func:`legal_texts` for the load benchmark), or None."""
    view = client.view
    assert view is not None and client.seat is not None
    if view.over:
        return None
    game = games.load(view.game)
    state = client.state()
    try:
        moves = game.legal_moves(state, seat=client.seat)
    except Exception:  # a game whose view does not list the moves of a seat out of turn
        return None
    return game.format_move(state, rng.choice(moves)) if moves else None


def _from(version: int) -> Callable[[SeatView], bool]:
    return lambda seen: seen.version >= version


async def play_out(
    clients: list[RemoteTable], rng: random.Random, limit: int = 3000, step_seconds: float = STEP_SECONDS
) -> SeatView:
    """Random legal moves from each client's own view until the game is over (the seat to play
    first, then any seat that may move out of turn); computers play on the server meanwhile."""
    watcher = clients[0]
    for _ in range(limit):
        view = watcher.view
        assert view is not None
        if view.over:
            return view
        for client in clients:
            await client.wait_for(_from(view.version), step_seconds)
        order = sorted(clients, key=lambda client: client.seat != view.to_play)
        for client in order:
            texts = legal_texts(client)
            if texts:
                await client.play(rng.choice(texts))
                break
        await watcher.wait_for(_from(view.version + 1), step_seconds)
    raise AssertionError("the game did not end")


async def host_and_play(folder: Path, game_id: str = "bits", humans: int = 2, seed: int = 7) -> str:
    """Start a server on loopback, create a table of ``humans`` human seats, join it with as many
    headless clients and play the game out; every client's last view must be the position the
    same moves give through the rules. Returns one line saying what was played (raises when
    anything went wrong: the packaged app's smoke check)."""
    started = time.perf_counter()
    server = Server(folder, computer_delay=0.0, hint_level="random")
    await server.start("127.0.0.1", 0)
    clients: list[RemoteTable] = []
    try:
        code = await create_table(server.url, game_id, ["human"] * humans)
        for _ in range(humans):
            client = RemoteTable(server.url, code)
            await client.start()
            clients.append(client)
        final = await play_out(clients, random.Random(seed))
        texts = [move.text for move in final.moves]
        if final.seed is None or None in texts:
            raise AssertionError("the finished game's moves and seed were not told")
        game = games.load(game_id)
        history: History[Any] = History(game, game.new_game(humans, final.seed, **final.options))
        for text in texts:
            assert text is not None
            history.play_text(text)
        state = history.state
        for client in clients:
            view = await client.wait_for(lambda seen: seen.over)
            assert client.seat is not None
            if view.position != game.to_text(game.view(state, client.seat)):
                raise AssertionError(f"seat {client.seat} ended on another position than the rules give")
    finally:
        for client in clients:
            await client.close()
        await server.close()
    seconds = time.perf_counter() - started
    return f"{game_id} across {humans} clients on {server.url}: {len(texts)} moves in {seconds:.1f} s"
