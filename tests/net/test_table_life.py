"""A table's life across computers: the new table of Play again is kept at the host from its start
(the host's save and the server's store), so Leave the table → Continue reopens it and its guest
comes back; a guest whose table is gone (the host started another game, the table no longer
exists) is told in one sentence, forgets the seat and has a way out (loopback, bounded in time)."""

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
from bauhausbox.net.remote import RemoteTableAdapter
from bauhausbox.net.scripted import legal_texts
from bauhausbox.persistence import saves, writer
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.host import host_table
from bauhausbox.scenes.main_menu import MainMenuScene
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.scenes.rematch import join_rematch
from tests.net.helpers import on_loopback

SECONDS = 10.0


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    on_loopback(monkeypatch)
    yield
    background.stop_hosting()


def _until(condition: Callable[[], bool], seconds: float = SECONDS) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def _screen(app: Any) -> Any:
    return next(scene for scene in app.stack if isinstance(getattr(scene, "table", None), RemoteTableAdapter))


def _host_bits(app: Any) -> tuple[Any, RemoteTable]:
    """Anni hosts Bits here; Bert, a headless guest, sits at the other seat. The host's game screen."""
    app.settings.host_port = 0
    seats = [SeatSpec("Anni"), SeatSpec("Bert")]
    table = host_table(app, "bits", 2, seats, games.load("bits").normalize_options(2, {}), remote={1})
    assert table is not None and table.invitation is not None
    host = background.hosting()
    assert host is not None
    guest = RemoteTable(host.local_url, table.invitation.code, seat=1, name="Bert")
    host.loop.run(guest.start(SECONDS), SECONDS + 1)
    return _screen(app), guest


def _play(table: RemoteTableAdapter, guest: RemoteTable, rng: random.Random) -> None:
    view = guest.view
    assert view is not None
    mover = guest if view.to_play == guest.seat else table.remotes[0]
    table.loop.run(mover.play(rng.choice(legal_texts(mover))), SECONDS)
    table.loop.run(guest.wait_for(lambda seen: len(seen.moves) > len(view.moves), SECONDS), SECONDS + 1)


def _leave(app: Any, scene: Any) -> None:
    """Leave the table from the pause menu, as the host does (confirmed where it asks)."""
    pause = PauseScene(app, scene)
    app.push(pause)
    pause.quit_to_menu()
    if isinstance(app.top, DialogScene):
        app.top.buttons[0].on_click()


def _new_game(table: RemoteTableAdapter) -> None:
    """The server makes the new game at this table as when every player agreed to Play again (the
    game's end is not played out here: the new table is made and kept the same way)."""
    host = background.hosting()
    assert host is not None and table.invitation is not None
    hosted = host.server.tables[table.invitation.code]

    async def agreed() -> None:
        host.server._make_rematch(hosted)
        await host.server._broadcast(hosted)

    host.loop.run(agreed(), SECONDS)
    assert _until(lambda: table.rematch_state() == "made")


def test_play_agains_new_table_is_kept_from_its_start_and_continue_reopens_it(fresh_app: Any) -> None:
    app = fresh_app
    scene, guest = _host_bits(app)
    old = scene.table
    loop, code = old.loop, old.invitation.code
    rng = random.Random(4)
    joined: RemoteTable | None = None
    try:
        for _ in range(2):  # the older table has moves: Continue must still not take it
            _play(old, guest, rng)
        _new_game(old)
        join_rematch(app, old)  # the host's screen moves to the new table
        again = _screen(app).table
        assert again is not old and again.invitation is not None
        new_code = again.invitation.code
        assert new_code != code and again.match.history.cursor == 0
        # The guest comes to the new table with the token it holds (as its screen's Play again does).
        host = background.hosting()
        assert host is not None
        joined = RemoteTable(host.local_url, new_code, token=guest.token)
        loop.run(joined.start(SECONDS), SECONDS + 1)
        loop.submit(guest.close())

        # Before its first move the host leaves; Continue (the main menu's) reopens the new table.
        _leave(app, _screen(app))
        writer.flush()
        latest = saves.latest_unfinished()
        assert latest is not None and latest.guests == ("Bert",) and latest.moves == 0
        loaded = saves.load_game(latest.path)
        assert loaded.saved.hosted is not None and loaded.saved.hosted.code == new_code
        assert _until(lambda: not joined.connected)  # the guest waits for the host
        menu = app.top
        assert isinstance(menu, MainMenuScene)
        menu.refresh()
        menu.continue_game()
        reopened = _screen(app).table
        assert reopened.invitation is not None and reopened.invitation.code == new_code
        assert _until(lambda: joined.connected and joined.returns == 1)  # and the guest is back
        assert joined.ended is None and joined.view is not None and joined.view.moves == []
        _play(reopened, joined, rng)  # the new game goes on
        reopened.close()
    finally:
        for client in (guest, joined):
            if client is not None:
                loop.submit(client.close())
        old.close()
