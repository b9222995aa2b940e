"""Watching a table from no seat: only where the host allows it, at most a few per table, counted
among their computer's connections; a watcher gets views without any seat's secrets, the moves'
sentences, no hint, and cannot play, undo or ask for a hint; the players see how many watch, and a
table kept in the store keeps its choice."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bauhausbox import games
from bauhausbox.net import server as server_module
from bauhausbox.net.client import Ended, RemoteTable, create_table, look_table
from bauhausbox.net.server import Server
from tests.net.helpers import STEP_SECONDS, hosting, my_moves, play_out, run, seated
from tests.net.test_limits import _until


def test_a_table_is_watched_only_where_the_host_allows_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            closed = await create_table(server.url, "bits", ["human", "human"])
            assert not (await look_table(server.url, closed)).watchers
            watcher = RemoteTable(server.url, closed, watch=True, language="fr")
            with pytest.raises(Ended) as ended:
                await watcher.start(STEP_SECONDS)
            assert ended.value.refusal.reason == "no_watchers" and ended.value.refusal.fatal
            assert ended.value.refusal.sentence == "L’hôte ne laisse personne regarder cette table."
            await watcher.close()
            assert not server.tables[closed].watchers

            code = await create_table(server.url, "bits", ["human", "human"], watchers=True)
            assert (await look_table(server.url, code)).watchers
            players = await seated(server.url, code, 2)
            watchers = [RemoteTable(server.url, code, watch=True) for _ in range(2)]
            for one in watchers:
                await one.start(STEP_SECONDS)
            for player in players:  # the players are told how many watch
                await player.wait_for(lambda view: view.watching == 2, STEP_SECONDS)
            assert (await look_table(server.url, code)).watching == 2
            view = watchers[0].view
            assert view is not None and view.seat is None and view.hint is None
            assert watchers[0].seat is None and watchers[0].token is None
            # Nothing of what a seat chose face down: the watcher's position is the game's watcher view.
            game = games.load("bits")
            hosted = server.tables[code]
            assert view.position == game.to_text(game.watcher_view(hosted.match.state))
            # A watcher may not play, undo or ask for a hint; the refusal leaves it watching.
            mover = players[0] if players[0].seat == hosted.match.to_play else players[1]
            text = my_moves(mover)[0]
            for action, words in (("move", text), ("undo", ""), ("hint", "")):
                refused = await watchers[0].ask(action, words)  # type: ignore[arg-type]
                assert refused is not None and refused.reason == "watching" and not refused.fatal
            assert hosted.match.history.cursor == 0
            # One leaves: the players hear it.
            await watchers[1].close()
            await players[0].wait_for(lambda view: view.watching == 1, STEP_SECONDS)
            # The game goes on to its end; the watcher sees it all, told every move in words.
            final = await play_out(players, random.Random(3))
            seen = await watchers[0].wait_for(lambda view: view.over, STEP_SECONDS)
            assert [move.text for move in seen.moves] == [move.text for move in final.moves]
            assert all(move.said for move in seen.moves)
            for one in (*players, watchers[0]):
                await one.close()

    run(scenario(), 120)


def test_watchers_per_table_and_per_address_are_limited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "WATCHERS_PER_TABLE", 2)

    async def scenario() -> None:
        async with hosting(tmp_path, connections_per_address=3) as server:
            code = await create_table(server.url, "bits", ["human", "human"], watchers=True)
            other = await create_table(server.url, "bits", ["human", "human"], watchers=True)
            watchers = [RemoteTable(server.url, code, watch=True) for _ in range(2)]
            for one in watchers:
                await one.start(STEP_SECONDS)
            third = RemoteTable(server.url, code, watch=True)
            with pytest.raises(Ended) as ended:
                await third.start(STEP_SECONDS)
            assert ended.value.refusal.reason == "too_many_watchers"
            assert ended.value.refusal.sentence == "That table has as many watchers as it can take: try again later."
            await third.close()
            await _until(lambda: sum(server.connections.values()) == 2)
            # Another table has room, but this address has only one connection left: watchers
            # count among them, so a player after a third watcher is one too many.
            elsewhere = RemoteTable(server.url, other, watch=True)
            await elsewhere.start(STEP_SECONDS)
            player = RemoteTable(server.url, other)
            with pytest.raises(Ended) as ended:
                await player.start(STEP_SECONDS)
            assert ended.value.refusal.reason == "too_many_connections"
            for one in (*watchers, elsewhere, player):
                await one.close()

    run(scenario(), 60)


def test_a_table_reopened_from_the_store_keeps_its_watchers_choice(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            allowed = await create_table(server.url, "blokus", ["human", "human"], watchers=True)
            refused = await create_table(server.url, "blokus", ["human", "human"])
        again = Server(tmp_path, computer_delay=0.0)
        try:
            assert again.tables[allowed].allow_watchers
            assert not again.tables[refused].allow_watchers
        finally:
            again.store.close()

    run(scenario(), 30)
