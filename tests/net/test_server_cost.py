"""What keeps the server's work per move down stays correct: a view made without validation
(``protocol.unchecked``) is the same message and the same bytes as a validated one, and refuses to
be made with a field missing; the server sends frames uncompressed (no per-message deflate)."""

from __future__ import annotations

from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from bauhausbox.net import protocol
from bauhausbox.net.protocol import MoveSeen, SeatView, unchecked
from tests.net.helpers import hosting, run

FIELDS = {
    "type": "view",
    "code": "ABCDEF",
    "game": "bauhaus",
    "seat": 1,
    "version": 7,
    "position": "bauhaus é ç",
    "to_play": 0,
    "over": False,
    "moves": [MoveSeen(seat=0, text=None, said="Anni a choisi", opens=True)],
    "hint": None,
    "undo_request": None,
    "can_undo": True,
    "can_redo": False,
    "names": ["Anni", "Bert"],
    "humans": [True, False],
    "connected": [True, True],
    "seed": None,
    "seats": ["human", "ai:easy"],
    "options": {"powers": True},
    "first": 3,
    "watching": 2,
    "rematch": None,
    "rematch_asked": None,
}


def test_an_unchecked_view_is_the_validated_one() -> None:
    made = unchecked(SeatView, dict(FIELDS))
    checked = SeatView(**FIELDS)
    assert made == checked
    assert protocol.encode(made) == protocol.encode(checked)
    assert protocol.read_server(protocol.encode(made)) == checked
    missing = dict(FIELDS)
    del missing["watching"]
    with pytest.raises(ValueError, match="watching"):
        unchecked(SeatView, missing)


def test_frames_are_not_compressed(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server, connect(server.url) as connection:
            assert connection.protocol.extensions == []  # the client offered per-message deflate

    run(scenario(), 30.0)
