"""What a client hears depends only on its own seat's view: the same game played twice on the
server with a different hidden part gives the watching seat byte-identical messages.

For Bits and Buizen, two starting positions that seat 0 cannot tell apart are made (Bits: the goal
piles in another order under their top cards; Buizen: a tile of seat 1's secret hand swapped with
one deep in the bag, which seat 1 draws later). A script of moves legal in both and leaving seat 0's
view the same in both (found first with the rules alone) is then played on the server, with a hint,
undo and redo (an undo past a draw agreed by the other human), a dropped and restored connection,
and in Bits a secret placement by seat 1 that differs between the two games and is taken back.
Every frame seat 0 receives must be the same bytes in both games, from its first to the last one
at the end, once the table code and the seat token (different on purpose) are blanked.

A watcher at no seat (the host allows watching) follows both games too: it knows less than either
seat, so its frames must be the same bytes in both games as well, through its own dropped and
restored connection, the secret placement, the undos and redos, and the end.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.api import WATCHER, GameError
from bauhausbox.engine.history import SeatSpec, Setup
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.server import Server
from tests.net.helpers import STEP_SECONDS, hosting, run

Step = tuple[Any, ...]  # (action, seat, text in game A, text in game B)


def _bits_worlds(seed: int) -> tuple[Any, Any]:
    game = games.load("bits")
    first = game.new_game(2, seed)
    piles = tuple((pile[0], *reversed(pile[1:])) for pile in first.piles)
    return first, dataclasses.replace(first, piles=piles)


def _buizen_worlds(seed: int, depth: int) -> tuple[Any, Any]:
    game = games.load("buizen")
    first = game.new_game(2, seed)
    hand, bag = list(first.hands[1]), list(first.bag)
    at = depth + (1 if first.to_play == 0 else 0)  # a tile seat 1 draws, the two drawing in turn
    hand[0], bag[at] = bag[at], hand[0]
    other = dataclasses.replace(first, hands=(first.hands[0], tuple(sorted(hand))), bag=tuple(bag))
    return first, other


def _twin_script(game_id: str, first: Any, second: Any, rng: random.Random) -> list[Step] | None:
    """Moves (by text) legal in both games that leave seat 0's view the same, to the end."""
    game = games.load(game_id)
    if first == second or game.view(first, 0) != game.view(second, 0):
        return None
    script: list[Step] = []
    secret_done = False
    a, b = first, second
    while not game.is_over(a):
        seat = a.to_play
        if game_id == "bits" and not secret_done and seat == 0:
            # Seat 1 places its tile face down, differently in the two games, then takes it back.
            options = [game.format_move(a, m) for m in game.legal_moves(a, seat=1)]
            if len(options) >= 2:
                one, two = rng.sample(options, 2)
                after_a = game.apply(a, game.parse_move(a, one, 1), 1)
                after_b = game.apply(b, game.parse_move(b, two, 1), 1)
                assert game.view(after_a, 0) == game.view(after_b, 0)
                script += [("move", 1, one, two), ("undo", 1), ("redo", 1), ("undo", 1)]
                secret_done = True
        texts = [game.format_move(a, move) for move in game.legal_moves(a)]
        rng.shuffle(texts)
        for text in texts:
            try:
                next_b = game.apply(b, game.parse_move(b, text, seat))
            except GameError:
                continue
            next_a = game.apply(a, game.parse_move(a, text, seat))
            if game.view(next_a, 0) == game.view(next_b, 0):
                break
        else:
            return None
        script.append(("move", seat, text, text))
        a, b = next_a, next_b
    return script if game_id != "bits" or secret_done else None


def _worlds(game_id: str) -> tuple[Any, Any, list[Step]]:
    for seed in range(1, 40):
        for depth in (12, 8, 6, 4) if game_id == "buizen" else (0,):
            first, second = _bits_worlds(seed) if game_id == "bits" else _buizen_worlds(seed, depth)
            script = _twin_script(game_id, first, second, random.Random(seed))
            if script is not None:
                return first, second, script
    raise AssertionError("no two games told apart only by a hidden part were found")


def _with_visits(script: list[Step]) -> list[Step]:
    """The script with a hint, an undo and redo by seat 0 and a dropped connection in its middle."""
    middle = len(script) // 2
    at = next(i for i in range(middle, len(script)) if script[i][0] == "move" and script[i][1] == 0)
    visits: list[Step] = [("hint", 0), script[at], ("undo", 0), ("redo", 0), ("drop", 0), ("drop", WATCHER)]
    return script[:at] + visits + script[at + 1 :]


async def _settle(server: Server, code: str, clients: dict[int, RemoteTable], before: int = -1) -> None:
    """Until the table has changed since version ``before`` and every client (the watcher, -1,
    too) has heard it."""
    hosted = server.tables[code]
    async with asyncio.timeout(STEP_SECONDS):
        while hosted.version <= before:
            await asyncio.sleep(0.005)
    for client in clients.values():
        await client.wait_for(lambda view: view.version >= hosted.version, STEP_SECONDS)


async def _perform(server: Server, code: str, clients: dict[int, RemoteTable], step: Step, world: int) -> None:
    action, seat = step[0], step[1]
    client = clients[seat]
    hosted = server.tables[code]
    before = hosted.version
    if action == "move":
        await client.play(step[2 + world])
    elif action == "hint":
        await client.hint()
        await client.wait_for(lambda view: view.hint is not None, STEP_SECONDS)
    elif action == "drop" and seat == WATCHER:
        client.drop()
        # The players hear the watcher went, then came back.
        await clients[0].wait_for(lambda view: view.watching == 0, STEP_SECONDS)
        await clients[0].wait_for(lambda view: view.watching == 1 and client.connected, STEP_SECONDS)
    elif action == "drop":
        client.drop()
        # The others hear that seat 0 went before it comes back (its pause before trying again).
        await clients[1].wait_for(lambda view: not view.connected[0], STEP_SECONDS)
        await client.wait_for(lambda view: view.connected[0] and client.connected, STEP_SECONDS)
    else:
        await client.send(action)
    await _settle(server, code, clients, before)
    if hosted.pending_undo is not None:  # an undo past a draw both have seen: the other agrees
        before = hosted.version
        await clients[1 - hosted.pending_undo.asked_by].agree()
        await _settle(server, code, clients, before)


def _blank(frames: list[str], client: RemoteTable) -> list[str]:
    frames = [frame.replace(client.code, "CODE") for frame in frames]
    if client.watch:
        return frames
    assert client.token is not None
    return [frame.replace(client.token, "TOKEN") for frame in frames]


@pytest.mark.parametrize("game_id", ["bits", "buizen"])
def test_a_seat_hears_the_same_bytes_whatever_it_cannot_see(tmp_path: Path, game_id: str) -> None:
    first, second, script = _worlds(game_id)
    script = _with_visits(script)
    setup = Setup(game_id, 2, 1, (SeatSpec("Anni"), SeatSpec("Jo")), {})

    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            heard: list[list[str]] = []
            watched: list[list[str]] = []
            for world, start in enumerate((first, second)):
                code = server.create_table(setup, start, watchers=True)
                clients = {seat: RemoteTable(server.url, code, seat=seat, backoff=0.3) for seat in (0, 1)}
                for client in clients.values():
                    await client.start()
                clients[WATCHER] = RemoteTable(server.url, code, watch=True, backoff=0.3)
                await clients[WATCHER].start()
                await _settle(server, code, clients)
                for step in script:
                    await _perform(server, code, clients, step, world)
                final = await clients[0].wait_for(lambda view: view.over, STEP_SECONDS)
                assert final.over and clients[0].connections == 2
                heard.append(_blank(clients[0].received, clients[0]))
                await clients[WATCHER].wait_for(lambda view: view.over, STEP_SECONDS)
                assert clients[WATCHER].connections == 2 and clients[WATCHER].seat is None
                watched.append(_blank(clients[WATCHER].received, clients[WATCHER]))
                for client in clients.values():
                    await client.close()
                await asyncio.sleep(0)
            assert server.tables  # both games were hosted
            # The two full games really differed in what seat 0 could not see.
            assert first != second
            assert len(heard[0]) > len(script)
            for number, (one, two) in enumerate(zip(*heard, strict=True)):
                assert one == two, f"frame {number} differs"
            assert watched[0][0] == '{"type":"watching","code":"CODE"}'
            assert len(watched[0]) > len(script)
            for number, (one, two) in enumerate(zip(*watched, strict=True)):
                assert one == two, f"the watcher's frame {number} differs"

    run(scenario(), 180)
