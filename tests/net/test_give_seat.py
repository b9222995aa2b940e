"""A seat whose guest never comes back does not stop the table for good: the host gives it to a
computer player from the menu, the game goes on, the server stores it, and the guest's token then
gets a clear refusal (loopback, bounded in time)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.history import SeatSpec
from bauhausbox.net import background
from bauhausbox.net.client import Ended, RemoteTable
from bauhausbox.net.remote import RemoteTableAdapter
from bauhausbox.net.scripted import legal_texts
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.host import host_table
from bauhausbox.scenes.pause import PauseScene
from tests.net.helpers import framed_until, on_loopback

SECONDS = 10.0


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    on_loopback(monkeypatch)
    yield
    background.stop_hosting()


def _screen(app: Any) -> Any:
    return next(scene for scene in app.stack if isinstance(getattr(scene, "table", None), RemoteTableAdapter))


def test_the_host_gives_an_absent_guests_seat_to_a_computer(fresh_app: Any) -> None:
    app = fresh_app
    app.settings.host_port = 0
    options = games.load("bits").normalize_options(2, {})
    table = host_table(app, "bits", 2, [SeatSpec("Anni"), SeatSpec("Marie")], options, remote={1})
    assert table is not None and table.invitation is not None
    host = background.hosting()
    assert host is not None
    loop, code = host.loop, table.invitation.code
    marie = RemoteTable(host.local_url, code, seat=1, name="Marie")
    loop.run(marie.start(SECONDS), SECONDS + 1)
    token = marie.token
    scene = _screen(app)
    if isinstance(app.top, DialogScene):  # the invitation, read
        app.pop(app.top)
    assert app.top is scene
    anni = table.remotes[0]
    try:
        # While Marie is at the table, the menu offers nothing of the kind.
        assert framed_until(app, lambda: anni.view is not None and anni.view.connected[1] is True)
        pause = PauseScene(app, scene)
        app.push(pause)
        assert not pause.give_button.visible
        app.pop(pause)
        # Marie's app goes and never comes back.
        loop.run(marie.close(), SECONDS)
        assert framed_until(app, lambda: anni.view is not None and anni.view.connected[1] is False)
        assert "Waiting for Marie to join" in (table.status_note() or "")

        pause = PauseScene(app, scene)
        app.push(pause)
        assert pause.give_button.visible and pause.give_button.label == "Give Marie's seat to a computer"
        pause.give_button.on_click()
        assert isinstance(app.top, DialogScene)
        labels = [button.label for button in app.top.buttons]
        assert labels[:3] == ["Easy", "Medium", "Hard"] and labels[-1] == "Cancel"
        app.top.buttons[0].on_click()  # easy
        assert app.top is scene
        assert framed_until(app, lambda: anni.view is not None and anni.view.humans == [True, False])
        # The host's screen knows it too, once it has taken in the view.
        assert framed_until(app, lambda: not table.match.setup.seats[1].is_human)
        assert "Waiting for" not in (table.status_note() or "")

        # The game goes on: the host plays, the computer answers in Marie's seat.
        rng = random.Random(5)
        for _turn in range(2):
            view = anni.view
            assert framed_until(app, lambda: anni.view is not None and anni.view.to_play == 0)
            done = len(anni.view.moves)
            loop.run(anni.play(rng.choice(legal_texts(anni))), SECONDS)
            assert framed_until(app, lambda done=done: anni.view is not None and len(anni.view.moves) >= done + 2)
            assert view is not None
        # Stored with the table: a restarted server reopens it with the computer there.
        stored = host.server.store.tables(code)[0]
        assert stored.setup.seats[1].to_text() == "ai:easy"

        # Marie comes back with her token: a clear refusal.
        back = RemoteTable(host.local_url, code, seat=1, token=token)
        with pytest.raises(Ended) as refused:
            loop.run(back.start(SECONDS), SECONDS + 1)
        assert refused.value.refusal.reason == "seat_given"
        assert refused.value.refusal.sentence.startswith("Your seat was given to a computer player")
    finally:
        app.go_home()
