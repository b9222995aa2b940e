"""Names chosen when joining: the server takes a joining player's name for their seat, every seat's
view and sentences say it, the table keeps it across a restart, coming back with a token keeps it,
and a name that is no player name (control characters, too long, blank) is refused.
"""

from __future__ import annotations

import json
from pathlib import Path

from websockets.asyncio.client import connect

from bauhausbox.net import protocol
from bauhausbox.net.client import RemoteTable, create_table
from bauhausbox.net.protocol import PROTOCOL_VERSION, Hello, Refusal
from bauhausbox.net.server import Server
from tests.net.helpers import STEP_SECONDS, hosting, my_moves, run


async def _raw_join(url: str, code: str, name: str) -> str:
    """A join as a hand-made frame (the client's own model would refuse the name before sending)."""
    async with connect(url) as raw:
        await raw.send(protocol.encode(Hello(protocol=PROTOCOL_VERSION, app="test")))
        await raw.recv()
        await raw.send(json.dumps({"type": "join", "code": code, "seat": 1, "name": name}))
        answer = protocol.read_server(await raw.recv())
        assert isinstance(answer, Refusal), answer
        return answer.reason


def test_a_joining_players_name_is_the_seats_name_everywhere(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            url = server.url
            code = await create_table(url, "bits", ["human", "human"], names=["Anni", "Player 2"])
            host = RemoteTable(url, code, seat=0, name="")
            await host.start()
            # Names that are no player names leave the seat free and its name alone.
            for bad in ("Be\x07rt", "Bert\n", " ", "B" * 25, "\u200e" * 3):
                assert await _raw_join(url, code, bad) == "bad_message", repr(bad)
            assert server.tables[code].match.setup.seats[1].name == "Player 2"
            assert server.tables[code].seen().free == [1]

            guest = RemoteTable(url, code, seat=1, name="  Bert ")
            view = await guest.start()
            assert view.names == ["Anni", "Bert"]
            seen = await host.wait_for(lambda v: v.names[1] == "Bert", STEP_SECONDS)
            assert seen.connected == [True, True]
            # The host keeps the name it gave its own seat (an empty name changes nothing).
            assert seen.names[0] == "Anni"
            # The guest's move, in the host's words, says the guest's name.
            view = await host.wait_for(lambda v: v.to_play is not None, STEP_SECONDS)
            mover = host if view.to_play == 0 else guest
            await mover.play(my_moves(mover)[0])
            said = await host.wait_for(lambda v: len(v.moves) == 1, STEP_SECONDS)
            assert ("Anni" if mover is host else "Bert") in said.moves[0].said
            token = guest.token
            await guest.close()
            # Coming back to the seat with its token under another name keeps the chosen name.
            back = RemoteTable(url, code, token=token, name="Mallory")
            assert (await back.start()).names == ["Anni", "Bert"]
            await back.close()
            await host.close()
        # The table keeps the name across a restart.
        again = Server(tmp_path)
        assert [spec.name for spec in again.tables[code].match.setup.seats] == ["Anni", "Bert"]
        again.store.close()

    run(scenario(), 60)
