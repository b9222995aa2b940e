"""Undo across computers takes back the asker's own last move (as on Board Game Arena), with every
move made after it; a player with no move of their own has nothing to take back: the server refuses,
and their undo button is greyed, its tooltip saying why (loopback, bounded in time)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.history import History
from bauhausbox.net import background
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import join_table
from bauhausbox.net.scripted import legal_texts
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.host import open_remote
from tests.net.helpers import framed_until, hosted_elsewhere, on_loopback

SECONDS = 10.0


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    on_loopback(monkeypatch)
    yield
    background.stop_hosting()


def test_own_undo_target_goes_back_before_the_seats_last_move() -> None:
    game = games.load("blokus")
    history = History(game, game.new_game(2, 1))
    for _ in range(3):  # seats 0, 1, 0
        history.play(game.legal_moves(history.state)[0])
    assert [step.seat for step in history.steps] == [0, 1, 0]
    own = history.own_undo_target(1)
    assert own is not None and own.index == 1  # the second move and the one after it
    zero = history.own_undo_target(0)
    assert zero is not None and zero.index == 2
    assert history.own_undo_target(2) is None  # a seat that never moved


def test_a_guest_with_no_move_of_their_own_cannot_undo_the_hosts(fresh_app: Any) -> None:
    app = fresh_app
    host, code = hosted_elsewhere("blokus", ("Anni", "Bert"), 7)
    loop = host.loop
    anni = RemoteTable(host.local_url, code, seat=0, name="Anni")
    loop.run(anni.start(SECONDS), SECONDS + 1)
    try:
        guest = join_table(host.local_url, code, [1], name="Bert")
        open_remote(app, guest)
        scene = app.top
        assert isinstance(scene, GameScene) and scene.table is guest
        loop.run(anni.play(legal_texts(anni)[0]), SECONDS)
        assert framed_until(app, lambda: guest.match.to_play == 1 and len(guest.match.history.steps) == 1)
        bert = guest.remotes[1]
        assert bert.view is not None and not bert.view.can_undo  # Anni's move is not Bert's to take back
        assert anni.view is not None and loop.run(anni.wait_for(lambda v: v.can_undo, SECONDS), SECONDS + 1)
        assert not scene.undo_button.enabled
        assert scene.undo_button.tooltip == "You have no move of your own to take back"
        loop.run(bert.undo(), SECONDS)  # asked anyway (an older screen): refused, nobody is asked
        assert framed_until(app, lambda: any(r.reason == "nothing_to_undo" for r in bert.refusals))
        assert anni.view.undo_request is None
        # Once Bert has moved, his undo takes back his own move.
        scene.submit(scene.game.legal_moves(scene.view)[0])
        assert framed_until(app, lambda: scene.undo_button.enabled)
        assert scene.undo_button.tooltip == "Undo (Ctrl+Z)"
    finally:
        app.go_home()
        loop.run(anni.close(), SECONDS)
