"""Names chosen when joining: the server takes a joining player's name for their seat, every seat's
view and sentences say it, the table keeps it across a restart, coming back with a token keeps it,
and a name that is no player name (control characters, too long, blank) is refused.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from websockets.asyncio.client import connect

from bauhausbox.net import protocol
from bauhausbox.net.client import RemoteTable, create_table
from bauhausbox.net.protocol import PROTOCOL_VERSION, Hello, Refusal
from bauhausbox.net.server import Server
from tests.net.helpers import STEP_SECONDS, hosting, my_moves, run, seated


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


def test_a_seat_that_changes_language_hears_every_sentence_again_in_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            code = await create_table(server.url, "bits", ["human", "human"], names=["Anni", "Bert"])
            anni, bert = await seated(server.url, code, 2)
            rng = random.Random(1)
            for _ in range(6):  # six moves, each from the seat to play's own view
                view = await anni.wait_for(lambda seen: seen.to_play is not None, STEP_SECONDS)
                mover = anni if view.to_play == anni.seat else bert
                await mover.wait_for(lambda seen, version=view.version: seen.version >= version, STEP_SECONDS)
                await mover.play(rng.choice(my_moves(mover)))
                await anni.wait_for(lambda seen, version=view.version: seen.version > version, STEP_SECONDS)
            assert anni.view is not None and len(anni.view.moves) >= 6
            english = [move.said for move in anni.view.moves]
            assert all(" placed " in said for said in english)
            before, bert_heard = len(bert.received), bert.received[-1]
            await anni.speak("fr")
            view = await anni.wait_for(lambda seen: " a placé " in seen.moves[0].said, STEP_SECONDS)
            assert [move.text for move in view.moves] == [move.text for move in anni.view.moves]
            assert all(" a placé " in move.said for move in view.moves) and anni.language == "fr"
            # A refusal now comes in French too; the other seat heard nothing of it.
            refused = await anni.ask("redo")
            assert refused is not None and refused.sentence == "Il n’y a rien à refaire."
            assert len(bert.received) == before and bert.received[-1] == bert_heard
            refused = await anni.ask("language", "xx")  # type: ignore[arg-type]
            assert refused is not None and refused.reason == "bad_message"
            for one in (anni, bert):
                await one.close()

    run(scenario(), 60)
