"""Whole games across computers: a server on loopback, 2–4 headless clients playing random legal
moves from their own seat's view (computers filling some seats on the server), and the result
checked against the same moves played locally through the rules."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from bauhausbox import games
from bauhausbox.net.client import create_table
from bauhausbox.net.protocol import MAX_MESSAGE_BYTES
from tests.net.helpers import hosting, play_out, replayed, run, seated, view_text

GAMES = [
    ("blokus", ["human", "ai:random", "human", "ai:random"], 2),
    ("bits", ["human", "human", "human"], 3),
    ("buizen", ["human", "human", "ai:random"], 2),
    ("bauhaus", ["human", "human", "human", "human"], 4),
]


@pytest.mark.parametrize(("game_id", "seats", "humans"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_across_computers_ends_as_the_rules_say(
    tmp_path: Path, game_id: str, seats: list[str], humans: int
) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, game_id, seats)
            clients = await seated(server.url, code, humans)
            assert [client.seat for client in clients] == [i for i, s in enumerate(seats) if s == "human"]
            started = time.perf_counter()
            final = await play_out(clients, random.Random(game_id))
            seconds = time.perf_counter() - started
            # At the end every move is told, with the seed: the same moves through the rules locally.
            texts = [move.text for move in final.moves]
            assert None not in texts and final.seed is not None
            hosted = server.tables[code]
            local = replayed(game_id, len(seats), final.seed, dict(hosted.match.setup.options), texts)
            game = games.load(game_id)
            assert game.is_over(local.state)
            for client in clients:
                view = await client.wait_for(lambda seen: seen.over)
                assert client.seat is not None
                assert view.position == view_text(game_id, local.state, client.seat)
            assert local.state == hosted.match.state
            largest = max(len(frame) for client in clients for frame in client.received)
            assert largest < MAX_MESSAGE_BYTES
            print(f"{game_id}: {len(texts)} moves in {seconds:.2f} s, largest message {largest} bytes")
            for client in clients:
                await client.close()

    run(scenario())
