"""Views with only the new moves (protocol 2): after a whole first view each client gets the moves
it does not have yet, and its view, put together, is always the whole view the server would send;
an undo that takes back a move the client has, the end of the game and a version 1 client get
whole views."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bauhausbox.net.client import RemoteTable, create_table
from bauhausbox.net.server import Seated, Server
from tests.net.helpers import STEP_SECONDS, hosting, my_moves, play_out, run, seated


def _whole_views_agree(server: Server, code: str, clients: list[RemoteTable]) -> None:
    hosted = server.tables[code]
    for client in clients:
        assert client.seat is not None and client.view is not None
        assert client.view == hosted.view_for(client.seat).model_copy(update={"version": client.view.version})
        assert client.view.version == hosted.version


async def _settle(server: Server, code: str, clients: list[RemoteTable]) -> None:
    version = server.tables[code].version
    for client in clients:
        await client.wait_for(lambda view: view.version == version, STEP_SECONDS)


async def _move(server: Server, code: str, clients: list[RemoteTable], rng: random.Random) -> None:
    view = clients[0].view
    assert view is not None
    mover = next(client for client in clients if client.seat == view.to_play)
    assert await mover.ask("move", rng.choice(my_moves(mover))) is None
    await _settle(server, code, clients)


def test_views_with_only_the_new_moves_add_up_to_the_whole_view(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, "buizen", ["human", "human"])
            clients = await seated(server.url, code, 2)
            rng = random.Random(8)
            for _ in range(5):
                await _move(server, code, clients, rng)
                _whole_views_agree(server, code, clients)
            # Every view after the first carried only the move it brought.
            frames = [json.loads(frame) for frame in clients[0].received if '"type":"view"' in frame]
            assert frames[0].get("first", 0) == 0
            assert [(frame.get("first", 0), len(frame["moves"])) for frame in frames[-5:]] == [(n, 1) for n in range(5)]
            # A client whose last move is no longer in the history (an undo and another move it
            # did not hear of) gets a whole view; one whose moves all stand gets the rest.
            hosted = server.tables[code]
            steps = hosted.match.history.steps
            stale = Seated(clients[0]._connection, 0, "en", told=5, last_told=object())  # type: ignore[arg-type]
            assert hosted.known_to(stale) == 0
            current = Seated(clients[0]._connection, 0, "en", told=4, last_told=steps[3])  # type: ignore[arg-type]
            assert hosted.known_to(current) == 4
            assert hosted.known_to(Seated(clients[0]._connection, 0, "en", protocol=1, told=4, last_told=steps[3])) == 0  # type: ignore[arg-type]
            # An undo takes back a move both have; the next move replaces it: whole views again.
            asker = next(client for client in clients if client.view and client.view.to_play != client.seat)
            await asker.undo()
            for client in clients:
                if client is not asker:
                    await client.wait_for(lambda view: view.undo_request is not None, STEP_SECONDS)
                    await client.agree()
            await clients[0].wait_for(lambda view: len(view.moves) < 5, STEP_SECONDS)
            await _settle(server, code, clients)
            _whole_views_agree(server, code, clients)
            await _move(server, code, clients, rng)
            _whole_views_agree(server, code, clients)
            # A client that misses part of the story asks for the whole view and gets it.
            gap = clients[1]
            assert gap.view is not None
            gap.view = gap.view.model_copy(update={"moves": gap.view.moves[:-2]})
            await _move(server, code, clients, rng)
            await gap.wait_for(lambda view: len(view.moves) == server.tables[code].match.history.cursor, STEP_SECONDS)
            _whole_views_agree(server, code, clients)
            final = await play_out(clients, rng)
            assert final.over and None not in [move.text for move in final.moves]
            _whole_views_agree(server, code, clients)
            for client in clients:
                await client.close()

    run(scenario())


def test_a_version_1_client_gets_whole_views(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, "bits", ["human", "human"])
            (new,) = await seated(server.url, code, 1)
            old = RemoteTable(server.url, code, protocol_version=1)
            await old.start()
            rng = random.Random(9)
            clients = [new, old]
            for _ in range(6):
                await _move(server, code, sorted(clients, key=lambda client: client.seat or 0), rng)
            views = [json.loads(frame) for frame in old.received if '"type":"view"' in frame]
            assert all("first" not in view for view in views)
            assert len(views[-1]["moves"]) == 6
            assert any("first" in json.loads(frame) for frame in new.received if '"type":"view"' in frame)
            _whole_views_agree(server, code, clients)
            for client in clients:
                await client.close()

    run(scenario())
