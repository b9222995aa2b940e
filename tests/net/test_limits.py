"""A server's limits and its tables' lifetimes: per-address caps on connections and on new tables
(one sentence each, in the client's language), finished tables closed after a while but kept in the
store, and idle tables taken out of memory and reopened when a player comes back."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from bauhausbox.net import protocol
from bauhausbox.net.client import Ended, RemoteTable, create_table
from bauhausbox.net.protocol import PROTOCOL_VERSION, Create, Hello, Look, Refusal
from bauhausbox.net.server import Server
from tests.net.helpers import STEP_SECONDS, hosting, my_moves, play_out, run, seated
from tests.net.test_hostile import answer, spoken


async def _until(condition: object, seconds: float = 10.0) -> None:
    """Wait (bounded) until ``condition()`` holds."""
    assert callable(condition)
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the condition never held")


def test_connections_per_address_are_limited_with_one_sentence(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path, connections_per_address=3) as server:
            async with spoken(server.url), spoken(server.url), spoken(server.url):
                async with connect(server.url) as fourth:
                    await fourth.send(protocol.encode(Hello(protocol=PROTOCOL_VERSION, app="t", language="fr")))
                    refused = await answer(fourth)
                    assert isinstance(refused, Refusal) and refused.reason == "too_many_connections"
                    assert refused.fatal
                    assert refused.sentence.startswith("Trop de connexions depuis cet ordinateur")
                    await asyncio.wait_for(fourth.wait_closed(), 5)
                # The app's client hears the same refusal as the end of the conversation.
                with pytest.raises(Ended) as ended:
                    await create_table(server.url, "bits", ["human", "human"])
                assert ended.value.refusal.reason == "too_many_connections"
            await _until(lambda: not server.connections)
            async with spoken(server.url), spoken(server.url), spoken(server.url):
                pass  # once the others have gone, there is room again

    run(scenario())


def test_tables_created_per_address_are_limited(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path, tables_per_address=2) as server:
            codes = [await create_table(server.url, "bits", ["human", "human"]) for _ in range(2)]
            async with spoken(server.url) as raw:
                await raw.send(protocol.encode(Create(game="bits", seats=["human", "human"])))
                refused = await answer(raw)
                assert isinstance(refused, Refusal) and refused.reason == "too_many_tables"
                assert not refused.fatal
                assert refused.sentence == "This computer has opened too many tables lately: try again in an hour."
                await raw.send(protocol.encode(Look(code=codes[0])))  # the conversation goes on
                assert (await answer(raw)).type == "table"
            # A refused setup does not count.
            assert len(server.tables) == 2

    run(scenario())


def test_a_finished_table_closes_after_a_while_and_stays_in_the_store(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path, finished_seconds=0.5) as server:
            code = await create_table(server.url, "bits", ["human", "human"])
            clients = await seated(server.url, code, 2)
            final = await play_out(clients, random.Random(4))
            texts = [move.text for move in final.moves]
            assert code in server.tables  # a last look at the end first
            for client in clients:
                with pytest.raises(Ended) as ended:
                    await client.wait_for(lambda view: False, STEP_SECONDS)
                assert ended.value.refusal.reason == "table_closed"
                await client.close()
            assert code not in server.tables
            (stored,) = server.store.tables(code)
            assert stored.texts == texts and stored.cursor == len(texts)
            assert server.store.tables() == []  # not reopened by a restart
            late = RemoteTable(server.url, code, token=clients[0].token)
            with pytest.raises(Ended) as ended:
                await late.start()
            assert ended.value.refusal.sentence == "That game is over and its table has closed."
            await late.close()
        restarted = Server(tmp_path)
        assert code not in restarted.tables
        restarted.store.close()

    run(scenario())


def test_an_idle_table_leaves_memory_and_comes_back_when_a_player_does(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path, idle_seconds=0.3) as server:
            code = await create_table(server.url, "buizen", ["human", "human"])
            first, second = await seated(server.url, code, 2)
            await first.play(random.Random(5).choice(my_moves(first)))
            view = await second.wait_for(lambda seen: len(seen.moves) == 1, STEP_SECONDS)
            token = second.token
            await asyncio.sleep(0.6)
            assert code in server.tables  # players connected: never idle
            for client in (first, second):
                await client.close()
            await _until(lambda: code not in server.tables)
            back = RemoteTable(server.url, code, token=token)
            again = await back.start()
            assert code in server.tables
            assert again.seat == 1 and again.position == view.position and len(again.moves) == 1
            assert again.version > view.version  # numbered above every view it had
            await back.close()

    run(scenario())


def test_a_finished_table_reopened_by_a_restart_closes_too(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, "bits", ["human", "human"])
            clients = await seated(server.url, code, 2)
            assert (await play_out(clients, random.Random(6))).over
            for client in clients:
                await client.close()
        async with hosting(tmp_path, finished_seconds=0.3) as server:
            assert code in server.tables  # reopened, nobody at it
            await _until(lambda: code not in server.tables)
            assert server.store.is_closed(code)

    run(scenario())
