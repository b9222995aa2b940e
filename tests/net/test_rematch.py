"""A new game at a finished table across computers: asked for by any player once the game is over
(refused before), made only once every other human agreed (a refusal is told to the asker in one
sentence; a client of protocol 4 gets it at once), with the same seats, names and watchers choice at
a new table with a new seed, where every player's token is the one they hold; the second asker gets
the same table; a stranger finds no free seat there; a watcher sees it and may watch the new table."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bauhausbox.net.client import Ended, RemoteTable, create_table, look_table
from tests.net.helpers import STEP_SECONDS, hosting, play_out, run, seated


def test_a_finished_table_opens_a_new_game_for_the_same_players(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, "bits", ["human", "human"], names=["Anni", "Bert"], watchers=True)
            players = await seated(server.url, code, 2)
            watcher = RemoteTable(server.url, code, watch=True)
            await watcher.start(STEP_SECONDS)
            early = await players[1].ask("rematch")
            assert early is not None and early.reason == "no_rematch" and not early.fatal
            await play_out(players, random.Random(5))

            # Asked for: no table yet, the other player is asked; refused, the asker hears who.
            assert await players[1].ask("rematch", until=lambda view: view.rematch_asked is not None) is None
            asked = players[1].view.rematch_asked if players[1].view is not None else None
            assert asked is not None and asked.asked_by == 1 and asked.waiting_for == [0]
            assert len(server.tables) == 1 and players[1].view is not None and players[1].view.rematch is None
            heard = len(players[1].refusals)
            assert await players[0].ask("refuse", "rematch", until=lambda view: view.rematch_asked is None) is None
            await players[1].wait_for(lambda view: view.rematch_asked is None, STEP_SECONDS)
            for _ in range(50):
                if len(players[1].refusals) > heard:
                    break
                await asyncio.sleep(0.05)
            said = players[1].refusals[heard:]
            assert [(r.reason, r.sentence) for r in said] == [("rematch_refused", "Anni does not want a new game now.")]
            assert len(server.tables) == 1
            # Asked again, and agreed to (by asking too): the new table.
            assert await players[1].ask("rematch", until=lambda view: view.rematch_asked is not None) is None
            assert await players[0].ask("agree", "rematch", until=lambda view: view.rematch is not None) is None
            offer = (await players[1].wait_for(lambda view: view.rematch is not None, STEP_SECONDS)).rematch
            assert offer is not None and offer.asked_by == 1 and offer.code != code
            for one in (players[0], watcher):  # everyone at the table hears of it
                seen = await one.wait_for(lambda view: view.rematch is not None, STEP_SECONDS)
                assert seen.rematch == offer and seen.rematch_asked is None
            # Asked again (by the other player): the same new table.
            assert await players[0].ask("rematch", until=lambda view: True) is None
            assert players[0].view is not None and players[0].view.rematch == offer

            old, new = server.tables[code], server.tables[offer.code]
            assert new.match.setup.seats == old.match.setup.seats and new.allow_watchers
            assert new.match.setup.seed != old.match.setup.seed and new.match.history.cursor == 0
            # Each player comes back with the token they hold, in the same seat.
            again = []
            for player in players:
                one = RemoteTable(server.url, offer.code, token=player.token)
                view = await one.start(STEP_SECONDS)
                assert one.seat == player.seat and view.names == ["Anni", "Bert"] and not view.over
                again.append(one)
            assert (await look_table(server.url, offer.code)).free == []
            stranger = RemoteTable(server.url, offer.code)
            with pytest.raises(Ended) as ended:
                await stranger.start(STEP_SECONDS)
            assert ended.value.refusal.reason == "table_full"
            await stranger.close()
            watching = RemoteTable(server.url, offer.code, watch=True)
            await watching.start(STEP_SECONDS)
            for one in (*players, *again, watcher, watching):
                await one.close()

    run(scenario(), 120)


def test_the_new_game_is_found_after_the_servers_restart(tmp_path: Path) -> None:
    """The link from the finished table to its new game is kept with the table: a player who comes
    back after the server restarted is shown the same new game, and sits there with the same token."""

    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, "bits", ["human", "human"], names=["Anni", "Bert"])
            players = await seated(server.url, code, 2)
            await play_out(players, random.Random(7))
            assert await players[0].ask("rematch", until=lambda view: view.rematch_asked is not None) is None
            assert await players[1].ask("rematch", until=lambda view: view.rematch is not None) is None
            offer = players[0].view.rematch if players[0].view is not None else None
            assert offer is not None
            for player in players:
                await player.close()
        async with hosting(tmp_path) as again:  # the same folder: the tables reopen from the store
            back = RemoteTable(again.url, code, token=players[1].token)
            view = await back.start(STEP_SECONDS)
            assert view.over and view.rematch == offer
            # Asked again after the restart: still the same new game, not a second one.
            assert await back.ask("rematch", until=lambda seen: True) is None
            assert back.view is not None and back.view.rematch == offer
            seat = RemoteTable(again.url, offer.code, token=players[1].token)
            assert (await seat.start(STEP_SECONDS)).seat == 1
            for one in (back, seat):
                await one.close()

    run(scenario(), 120)


def test_an_older_client_gets_the_new_game_at_once(tmp_path: Path) -> None:
    """A client of protocol 4 cannot wait for the others' agreement (it never hears of the request):
    its "rematch" makes the table at once, as before; its views never carry ``rematch_asked``."""

    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, "bits", ["human", "human"], names=["Anni", "Bert"])
            anni = RemoteTable(server.url, code, seat=0)
            await anni.start(STEP_SECONDS)
            old = RemoteTable(server.url, code, seat=1, protocol_version=4)
            await old.start(STEP_SECONDS)
            await play_out([anni, old], random.Random(9))
            assert await anni.ask("rematch", until=lambda view: view.rematch_asked is not None) is None
            assert old.view is not None and old.view.rematch_asked is None  # not told to an older client
            assert await old.ask("rematch", until=lambda view: view.rematch is not None) is None
            await anni.close()
            await old.close()
            code2 = await create_table(server.url, "bits", ["human", "human"], names=["Anni", "Bert"])
            anni = RemoteTable(server.url, code2, seat=0)
            await anni.start(STEP_SECONDS)
            old = RemoteTable(server.url, code2, seat=1, protocol_version=4)
            await old.start(STEP_SECONDS)
            await play_out([anni, old], random.Random(9))
            assert await old.ask("rematch", until=lambda view: view.rematch is not None) is None
            for one in (anni, old):
                await one.close()

    run(scenario(), 120)
