"""The store's group commit: moves played at many tables while one commit syncs share the next one,
each is on disk before anyone hears of it, and a move the disk refuses is taken back (``not_stored``)."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from bauhausbox.net.client import create_table
from bauhausbox.net.store import Store, Write
from tests.net.helpers import STEP_SECONDS, hosting, my_moves, run, seated


def test_moves_at_many_tables_share_commits_and_are_stored_before_they_are_told(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            batches: list[int] = []
            real = server.store.write_together

            def counted(writes: Sequence[Write]) -> list[BaseException | None]:
                batches.append(len(writes))
                return real(writes)

            server.store.write_together = counted  # type: ignore[method-assign]
            tables = []
            for _ in range(8):
                code = await create_table(server.url, "bits", ["human", "human"])
                tables.append((code, await seated(server.url, code, 2)))
            rng = random.Random(11)
            for _ in range(3):  # every table moves at once, three times
                movers = [next(c for c in clients if c.view and c.seat == c.view.to_play) for _, clients in tables]
                answers = await asyncio.gather(*(mover.ask("move", rng.choice(my_moves(mover))) for mover in movers))
                assert answers == [None] * len(movers)
            assert sum(batches) == 3 * len(tables)
            assert len(batches) < 3 * len(tables)  # moves shared commits
            # What the players heard is in the file (read through another connection).
            with sqlite3.connect(server.store.path) as db:
                for code, clients in tables:
                    view = clients[0].view
                    assert view is not None and len(view.moves) == 3
                    (count,) = db.execute("SELECT COUNT(*) FROM steps WHERE code = ?", (code,)).fetchone()
                    assert count == 3
            for _, clients in tables:
                for client in clients:
                    await client.close()

    run(scenario())


def test_a_move_the_disk_refuses_is_taken_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, "buizen", ["human", "human"])
            first, second = await seated(server.url, code, 2)
            real = server.store.write_together

            def full(writes: Sequence[Write]) -> list[BaseException | None]:
                return [sqlite3.OperationalError("database or disk is full")] * len(writes)

            server.store.write_together = full  # type: ignore[method-assign]
            refused = await first.ask("move", random.Random(1).choice(my_moves(first)))
            assert refused is not None and refused.reason == "not_stored"
            assert refused.sentence == "The host could not store the move, so it was not played."
            assert server.tables[code].match.history.cursor == 0
            server.store.write_together = real  # type: ignore[method-assign]
            assert await first.ask("move", random.Random(1).choice(my_moves(first))) is None
            await second.wait_for(lambda view: len(view.moves) == 1, STEP_SECONDS)
            for client in (first, second):
                await client.close()
        store = Store(tmp_path)
        (stored,) = store.tables(code)
        store.close()
        assert len(stored.texts) == 1 and stored.cursor == 1

    run(scenario())
