"""Connections come and go: a dropped client comes back to its seat and position, a server killed
outright and started again reopens its tables at the last acknowledged move, and every refusal
(wrong code, full table, bad token, old protocol, too large, too fast, illegal move) is one sentence."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import sys
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from bauhausbox import games
from bauhausbox.net import protocol
from bauhausbox.net.client import Ended, RemoteTable, create_table
from bauhausbox.net.protocol import MAX_MESSAGE_BYTES, OLDEST_PROTOCOL, PROTOCOL_VERSION, Hello, Intent
from tests.net.helpers import STEP_SECONDS, hosting, my_moves, play_out, run, seated, view_text


async def _some_moves(clients: list[RemoteTable], count: int, rng: random.Random) -> None:
    for _ in range(count):
        view = clients[0].view
        assert view is not None and not view.over
        mover = next(client for client in clients if client.seat == view.to_play)
        await mover.play(rng.choice(my_moves(mover)))
        for client in clients:
            await client.wait_for(lambda seen, at=view.version: seen.version > at, STEP_SECONDS)


def test_a_dropped_client_comes_back_to_its_seat_and_position(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, "buizen", ["human", "human"])
            clients = await seated(server.url, code, 2)
            rng = random.Random(3)
            await _some_moves(clients, 6, rng)
            dropped = clients[1]
            token, seat = dropped.token, dropped.seat
            dropped.drop()
            await clients[0].wait_for(lambda view: not view.connected[1], STEP_SECONDS)
            view = await dropped.wait_for(lambda seen: dropped.connections == 2 and seen.connected[1], STEP_SECONDS)
            assert (dropped.seat, dropped.token) == (seat, token)
            state = server.tables[code].match.state
            assert view.position == view_text("buizen", state, 1)
            assert len(view.moves) == 6
            final = await play_out(clients, rng)
            assert final.over
            for client in clients:
                await client.close()

    run(scenario())


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _serving(port: int, data: Path) -> asyncio.subprocess.Process:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bauhausbox", "serve", "--port", str(port), "--data", str(data),
        stdout=asyncio.subprocess.PIPE,
        env={**os.environ, "BAUHAUSBOX_SEARCH_PROCESSES": "0"},
    )  # fmt: skip
    assert process.stdout is not None
    first = (await asyncio.wait_for(process.stdout.readline(), 60)).decode().strip()
    assert first.startswith(f"serving on ws://127.0.0.1:{port}"), first
    return process


def test_a_killed_server_reopens_every_table_at_its_last_acknowledged_move(tmp_path: Path) -> None:
    async def scenario() -> None:
        port = _free_port()
        url = f"ws://127.0.0.1:{port}"
        process = await _serving(port, tmp_path)
        try:
            code = await create_table(url, "blokus", ["human", "human"])
            assert process.stdout is not None
            told = (await asyncio.wait_for(process.stdout.readline(), 10)).decode()
            assert told.startswith(f"table {code}: Blokus, 2 seats"), told
            clients = await seated(url, code, 2)
            await _some_moves(clients, 7, random.Random(5))
            acknowledged = [client.view for client in clients]
            process.send_signal(signal.SIGKILL)  # no goodbye, no flush: only what was committed
            await process.wait()
            await clients[0].wait_for(lambda view: not clients[0].connected, STEP_SECONDS)
            process = await _serving(port, tmp_path)
            assert process.stdout is not None
            reopened = (await asyncio.wait_for(process.stdout.readline(), 10)).decode()
            assert reopened.startswith(f"table {code}: Blokus") and "reopened at move 7" in reopened
            for client, before in zip(clients, acknowledged, strict=True):
                assert before is not None
                view = await client.wait_for(lambda seen, c=client: c.connections == 2, STEP_SECONDS)
                assert view.position == before.position and view.seat == before.seat
                assert [move.text for move in view.moves] == [move.text for move in before.moves]
            await _some_moves(clients, 3, random.Random(6))  # and the game goes on
            for client in clients:
                await client.close()
        finally:
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
                await asyncio.wait_for(process.wait(), 30)

    run(scenario(), 150)


async def _refused(client: RemoteTable) -> protocol.Refusal:
    with pytest.raises(Ended) as ended:
        await client.start()
    await client.close()
    return ended.value.refusal


def test_every_refusal_is_one_sentence(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            url = server.url
            code = await create_table(url, "bits", ["human", "human"])
            other = await create_table(url, "bits", ["human", "human"])
            wrong = await _refused(RemoteTable(url, "ZZZZZZ"))
            assert (wrong.reason, wrong.fatal) == ("wrong_code", True)
            assert wrong.sentence == "There is no table with that code: check the code."
            clients = await seated(url, code, 2)
            full = await _refused(RemoteTable(url, code))
            assert full.sentence == "That table is full: every seat is taken."
            guessed = await _refused(RemoteTable(url, code, token="not-a-token"))
            assert guessed.reason == "bad_token"
            # A real token of another table is no key to this one.
            elsewhere = (await seated(url, other, 1))[0]
            stale = await _refused(RemoteTable(url, code, token=elsewhere.token))
            assert stale.sentence == "This computer's place at that table is not valid any more: join again."
            old = await _refused(RemoteTable(url, code, protocol_version=OLDEST_PROTOCOL - 1))
            assert old.sentence == "This copy of bauhausbox is too old to play at that table: please update it."
            french = await _refused(RemoteTable(url, "ZZZZZZ", language="fr"))
            assert french.sentence != wrong.sentence and french.reason == "wrong_code"
            # An illegal move is refused with the rules' reason; the position stays.
            mover = clients[0]
            before = mover.view
            assert before is not None
            await mover.play("nonsense")
            illegal = await mover.wait_refusal(1)
            assert illegal.reason == "illegal_move" and not illegal.fatal
            assert server.tables[code].match.history.cursor == 0
            # Too large a frame, and too many at once.
            async with connect(url, max_size=None) as raw:
                await raw.send(protocol.encode(Hello(protocol=PROTOCOL_VERSION, app="test")))
                await raw.recv()
                await raw.send("x" * (MAX_MESSAGE_BYTES + 1))
                answer = protocol.read_server(await raw.recv())
                assert isinstance(answer, protocol.Refusal) and answer.reason == "too_large"
            async with connect(url) as raw:
                await raw.send(protocol.encode(Hello(protocol=PROTOCOL_VERSION, app="test")))
                await raw.recv()
                for _ in range(100):
                    await raw.send(protocol.encode(Intent(action="present")))
                answers = [protocol.read_server(await raw.recv()) for _ in range(100)]
                reasons = {answer.reason for answer in answers if isinstance(answer, protocol.Refusal)}
                assert reasons == {"not_joined", "too_fast"}
            for client in [*clients, elsewhere]:
                await client.close()

    run(scenario())


def test_ipv6_loopback_and_a_hint_for_the_seat_to_play(tmp_path: Path) -> None:
    if not socket.has_ipv6:
        raise AssertionError("this machine has no IPv6 loopback")

    async def scenario() -> None:
        async with hosting(tmp_path, host="::1") as server:
            assert server.url.startswith("ws://[::1]:")
            code = await create_table(server.url, "blokus", ["human", "ai:random"])
            (client,) = await seated(server.url, code, 1)
            view = await client.wait_for(lambda seen: seen.to_play == 0, STEP_SECONDS)
            await client.hint()
            view = await client.wait_for(lambda seen: seen.hint is not None, STEP_SECONDS)
            game = games.load("blokus")
            assert view.hint in [game.format_move(client.state(), m) for m in game.legal_moves(client.state())]
            await client.close()

    run(scenario())
