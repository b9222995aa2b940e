"""A hidden move told on every remote screen once it is shown: a Bits placement reads "Anni placed
the tile" on the other seat's and a watcher's logs while it is secret, and says where once every
player has placed the tile (as the host's own log does), both for a client that follows the table
move by move (views with only the new moves) and for one that joins afterwards."""

from __future__ import annotations

from pathlib import Path

from bauhausbox.net.client import RemoteTable, create_table
from bauhausbox.net.protocol import SeatView
from tests.net.helpers import STEP_SECONDS, hosting, my_moves, run, seated


def _said(view: SeatView | None, index: int) -> str:
    assert view is not None and len(view.moves) > index
    return view.moves[index].said


def test_a_bits_placement_is_told_where_on_every_screen_once_shown(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, "bits", ["human", "human"], watchers=True)
            players = await seated(server.url, code, 2)
            watcher = RemoteTable(server.url, code, watch=True)
            await watcher.start(STEP_SECONDS)
            hosted = server.tables[code]
            by_seat = {player.seat: player for player in players}
            first = by_seat[hosted.match.to_play]
            other = by_seat[1 - hosted.match.to_play]

            await first.play(my_moves(first)[0])
            for one in (other, watcher):
                view = await one.wait_for(lambda view: len(view.moves) == 1, STEP_SECONDS)
                assert "column" not in _said(view, 0), _said(view, 0)  # where is secret still
                assert "placed the start tile" in _said(view, 0)
            mover_said = _said(first.view, 0)
            assert "column" in mover_said  # the mover knows where

            await other.play(my_moves(other)[0])  # everybody has placed: both tiles are shown
            for one in (other, watcher, first):
                view = await one.wait_for(lambda view: len(view.moves) == 2, STEP_SECONDS)
                assert _said(view, 0) == mover_said, (one.seat, _said(view, 0))
                assert "column" in _said(view, 1)
            # A watcher who comes now is told the same.
            late = RemoteTable(server.url, code, watch=True)
            view = await late.start(STEP_SECONDS)
            assert _said(view, 0) == mover_said
            for one in (*players, watcher, late):
                await one.close()

    run(scenario(), 60)
