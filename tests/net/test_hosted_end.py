"""A hosted game that ends: the final table of scores shows on the host's screen and on the guest's,
whatever way the end arrives (a whole view with every move told, after the round dialogs were closed
without their buttons). Bits to the end over loopback, each wait bounded."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.history import SeatSpec
from bauhausbox.net import background
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import RemoteTableAdapter, join_table
from bauhausbox.net.scripted import legal_texts
from bauhausbox.persistence import paths, saves, writer
from bauhausbox.persistence.guest import kept_seats
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.host import host_table, open_remote
from tests.net.helpers import hosted_elsewhere, on_loopback
from tests.ui.helpers import frames

SECONDS = 10.0
MOVES = 400  # far beyond a two-player Bits game


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    on_loopback(monkeypatch)
    paths.guest_seats_file().unlink(missing_ok=True)  # no seat kept by an earlier test
    yield
    background.stop_hosting()


def _until(condition: Callable[[], bool], app: Any, seconds: float = SECONDS) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        _frame(app)
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def _frame(app: Any) -> None:
    """One frame; a dialog over the game (a round's scores) is closed as Esc would, not by its button."""
    frames(app, 1)
    while not isinstance(app.top, GameScene | GameOverScene) and len(app.stack) > 1:
        app.pop(app.top)


def _play_to_the_end(
    app: Any, seats: dict[int, RemoteTable], screen: int, watched: RemoteTable, rng: random.Random
) -> None:
    """Random legal moves for every seat until the end; the screen's seat's forced passes are left
    to its screen, which plays them itself."""
    loop = background.shared_loop()
    for _ in range(MOVES):
        view = watched.view
        assert view is not None
        if view.over:
            return
        mover = seats[view.to_play] if view.to_play is not None else None
        assert mover is not None and mover.view is not None
        count = len(view.moves)
        texts = legal_texts(mover)
        if view.to_play != screen or texts != ["pass"]:
            loop.run(mover.play(rng.choice(texts)), SECONDS)
        assert _until(lambda count=count: watched.view is not None and len(watched.view.moves) > count, app)
    raise AssertionError("the game did not end")


def test_the_hosts_final_table_shows(fresh_app: Any) -> None:
    app = fresh_app
    app.settings.host_port = 0
    writer.flush(SECONDS)
    before = saves.load_statistics().games.get("bits")
    counted = before.finished if before is not None else 0
    options = games.load("bits").normalize_options(2, {})
    table = host_table(app, "bits", 2, [SeatSpec("Anni"), SeatSpec("Bert")], options, remote={1})
    assert table is not None and table.invitation is not None
    host = background.hosting()
    assert host is not None
    bert = RemoteTable(host.local_url, table.invitation.code, seat=1, name="Bert")
    host.loop.run(bert.start(SECONDS), SECONDS + 1)
    try:
        _play_to_the_end(app, {0: table.remotes[0], 1: bert}, 0, bert, random.Random(2))
        assert _until(lambda: isinstance(app.top, GameOverScene), app), "no final table at the host"
        assert table.match.over
        # The host's statistics count the game as they count a local one ("Your record", Statistics):
        # once, with both players and their scores.
        frames(app, 3)
        assert writer.flush(SECONDS)
        after = saves.load_statistics().games["bits"]
        assert after.finished == counted + 1, "the game across computers is not in the host's statistics"
        last = after.results[-1]
        assert last.players == ["Anni", "Bert"] and last.kinds == ["human", "human"]
        assert last.scores == list(table.match.game.scores(table.match.state))
    finally:
        app.go_home()
        host.loop.run(bert.close(), SECONDS)


def test_the_guests_final_table_shows(fresh_app: Any) -> None:
    app = fresh_app
    writer.flush(SECONDS)
    before = saves.load_statistics().games.get("bits")
    counted = before.finished if before is not None else 0
    host, code = hosted_elsewhere("bits", ("Anni", "Bert"), 4)
    anni = RemoteTable(host.local_url, code, seat=0, name="Anni")
    host.loop.run(anni.start(SECONDS), SECONDS + 1)
    guest: RemoteTableAdapter = join_table(host.local_url, code, [1], name="Bert")
    guest.keep_seats()  # as the Join screen does: the way back to the seat
    assert [(kept.code, kept.seat) for kept in kept_seats()] == [(code, 1)]
    open_remote(app, guest)
    try:
        _play_to_the_end(app, {0: anni, 1: guest.remotes[1]}, 1, anni, random.Random(3))
        assert _until(lambda: isinstance(app.top, GameOverScene), app), "no final table at the guest"
        # The guest's statistics count the game too, once (nobody at this computer hosts it).
        frames(app, 3)
        assert writer.flush(SECONDS)
        after = saves.load_statistics().games["bits"]
        assert after.finished == counted + 1, "the game across computers is not in the guest's statistics"
        assert after.results[-1].players == ["Anni", "Bert"]
        app.go_home()  # the finished game's screen is left: nothing to come back to
        assert kept_seats() == []
    finally:
        app.go_home()
        host.loop.run(anni.close(), SECONDS)
