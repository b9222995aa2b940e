"""Turns are counted the same on every screen across computers: the server says which moves begin
a turn (``MoveSeen.opens``, protocol 3), so a remote screen's status bar and pause menu
(``History.turn``) say the host's turn, not one counted by runs of seats. Bauhaus: a card chosen and
carried out is one turn; Blokus Duo: once one player is out, each piece of the other is a turn.

Two players at the app's own server over loopback, each on its own screen's table (no window),
and a watcher; every wait is bounded.
"""

from __future__ import annotations

import itertools
import random
import time
from pathlib import Path
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.net import background, discovery, protocol
from bauhausbox.net.protocol import MoveSeen, SeatView
from bauhausbox.net.remote import RemoteTableAdapter, join_table


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])


def _caught_up(screens: list[RemoteTableAdapter], history: History[Any], seconds: float = 10.0) -> bool:
    """Whether every screen holds the host's moves (each taking in views as it does every frame)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for screen in screens:
            screen.run_computers(0.0)  # what a screen does every frame: take in the latest view
        if all(len(screen.match.history.steps) == len(history.steps) for screen in screens):
            return True
        time.sleep(0.01)
    return False


@pytest.mark.parametrize(("game_id", "options"), [("bauhaus", {}), ("blokus", {"variant": "duo"})])
def test_every_screen_counts_the_hosts_turns(tmp_path: Path, game_id: str, options: dict[str, Any]) -> None:
    game = games.load(game_id)
    host = background.local_host(tmp_path, 0.0)
    host.server.connections_per_address = 10**6
    seats = (SeatSpec("Anni"), SeatSpec("Bert"))
    code = host.create_table(Setup(game_id, 2, 11, seats, game.normalize_options(2, options)), watchers=True)
    hosted = host.server.tables[code]
    players = [join_table(host.local_url, code, [seat]) for seat in (0, 1)]
    watcher = join_table(host.local_url, code, [], watch=True)
    screens = [*players, watcher]
    rng = random.Random(11)  # a Blokus Duo game where one player places on alone
    together = False  # a seat played twice in a row, each a turn (Blokus Duo, the other out)
    try:
        while not hosted.match.over:
            history = hosted.match.history
            assert _caught_up(screens, history)
            for screen in screens:
                assert screen.match.history.turn == history.turn, (len(history.steps), [s.seat for s in history.steps])
            steps = history.steps
            together = together or any(a.seat == b.seat and b.opens_turn for a, b in itertools.pairwise(steps))
            seat = hosted.match.to_play
            screen = next(screen for screen in players if screen.plays_here(seat))
            moves = game.legal_moves(screen.view, seat)
            screen.play(rng.choice(moves))
        history = hosted.match.history
        assert _caught_up(screens, history)
        assert all(screen.match.history.turn == history.turn for screen in screens)
        # The game gave the cases that runs of seats count wrong.
        if game_id == "bauhaus":
            assert history.turn < len(history.steps)  # a card and its action: one turn, two moves
        else:
            assert together
    finally:
        for screen in screens:
            screen.close()


def test_a_move_that_begins_a_turn_keeps_the_bytes_of_protocol_2() -> None:
    """Only a move that does not begin a turn carries ``opens``; an older client is never sent it."""
    moves = [MoveSeen(seat=0, text="a", said="A"), MoveSeen(seat=0, text="b", said="B", opens=False)]
    view = SeatView(
        code="ABCDEF", game="bauhaus", seat=0, version=1, position="p", to_play=1, over=False, moves=moves,
        hint=None, undo_request=None, can_undo=False, can_redo=False, names=["A", "B"], humans=[True, True],
        connected=[True, True],
    )  # fmt: skip
    text = protocol.encode(view)
    assert '{"seat":0,"text":"a","said":"A"}' in text
    assert '{"seat":0,"text":"b","said":"B","opens":false}' in text
    assert protocol.read_server(text) == view
