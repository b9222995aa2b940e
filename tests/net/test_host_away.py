"""The host leaves the table and comes back: the host's own screen is back at once after Continue,
and the guests are told the host is away, then that the host is back (loopback, bounded in time)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.match import Match
from bauhausbox.net import background, scripted
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import RemoteTableAdapter, join_table
from bauhausbox.net.scripted import legal_texts
from bauhausbox.persistence import saves, writer
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.flow import open_saved
from bauhausbox.scenes.host import host_table
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.table import Notice
from tests.net.helpers import on_loopback

SECONDS = 10.0
BACK_AT_ONCE = 1.5  # the host's own server is on this computer: no backoff step to wait for


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


def _away_heard(client: RemoteTable) -> int:
    """How many times ``client`` was told the host is away (once per try at the table)."""
    return sum('"host_away"' in frame for frame in list(client.received))


def _screen(app: Any) -> Any:
    return next(scene for scene in app.stack if isinstance(getattr(scene, "table", None), RemoteTableAdapter))


def _host_bits(app: Any, watchers: bool = False) -> tuple[Any, RemoteTable]:
    """Anni hosts Bits here; Bert, a headless guest, sits at the other seat. The host's game screen."""
    app.settings.host_port = 0
    seats = [SeatSpec("Anni"), SeatSpec("Bert")]
    options = games.load("bits").normalize_options(2, {})
    table = host_table(app, "bits", 2, seats, options, remote={1}, watchers=watchers)
    assert table is not None and table.invitation is not None
    host = background.hosting()
    assert host is not None
    guest = RemoteTable(host.local_url, table.invitation.code, seat=1, name="Bert")
    host.loop.run(guest.start(SECONDS), SECONDS + 1)
    return _screen(app), guest


def _play(table: RemoteTableAdapter, guest: RemoteTable, rng: random.Random) -> None:
    """One random legal move from whoever is to play (the host through its screen's table)."""
    view = guest.view
    assert view is not None
    loop = table.loop
    if view.to_play == guest.seat:
        loop.run(guest.play(rng.choice(legal_texts(guest))), SECONDS)
    else:
        loop.run(table.remotes[0].play(rng.choice(legal_texts(table.remotes[0]))), SECONDS)
    loop.run(guest.wait_for(lambda seen: len(seen.moves) > len(view.moves), SECONDS), SECONDS + 1)


def _leave(app: Any, scene: Any) -> None:
    """Leave the table from the pause menu, as the host does (confirmed where it asks)."""
    pause = PauseScene(app, scene)
    app.push(pause)
    pause.quit_to_menu()
    if isinstance(app.top, DialogScene):  # Leave the table asks first
        app.top.buttons[0].on_click()


def test_the_host_is_back_at_once_after_leave_and_continue(fresh_app: Any) -> None:
    app = fresh_app
    scene, guest = _host_bits(app)
    table = scene.table
    loop = table.loop
    rng = random.Random(3)
    try:
        for _ in range(3):
            _play(table, guest, rng)
        _leave(app, scene)
        writer.flush()
        summary = next(s for s in saves.list_saves()[0] if s.guests is not None)
        started = time.monotonic()
        assert open_saved(app, summary.path)
        reopened = _screen(app).table
        # Back, and staying back: no second client fights over the seat.
        back = _until(lambda: all(remote.connected for remote in reopened.remotes.values()), BACK_AT_ONCE)
        took = time.monotonic() - started
        assert back, f"the host's screen still reconnecting after {took:.1f} s"
        time.sleep(0.5)
        assert all(remote.connected for remote in reopened.remotes.values())
        assert all(remote.connections == 1 for remote in reopened.remotes.values())
        assert "reconnecting" not in (reopened.status_note() or "")
        _play(reopened, guest, rng)  # and play goes on
        print(f"host back {took * 1000:.0f} ms after Continue")
        reopened.close()
    finally:
        loop.submit(guest.close())
        table.close()


def test_the_guests_and_watchers_are_told_the_host_is_away_and_back(fresh_app: Any) -> None:
    app = fresh_app
    scene, bert = _host_bits(app, watchers=True)
    table = scene.table
    loop, code, url = table.loop, table.invitation.code, table.remotes[0].url
    guest = RemoteTableAdapter(loop, {1: bert})  # Bert's screen's table
    watcher = join_table(url, code, [], watch=True)
    rng = random.Random(4)
    try:
        _play(table, bert, rng)
        for screen in (guest, watcher):
            screen.run_computers(0.0)
            assert screen.host_away() is None
        _leave(app, scene)
        for screen in (guest, watcher):
            assert _until(lambda screen=screen: screen.host_away() is not None), "not told the host left"
            assert screen.host_away() == ["Anni"]
            note = screen.status_note()
            assert note == "Anni (the host) left the table; it goes on when they reopen it · reconnecting…"
            assert not screen.may_act(1)
            assert screen.connected(0) is False  # the host's presence mark: not connected
            screen.run_computers(0.0)  # a frame while away
        assert bert.ended is None  # not an end: Bert keeps trying
        # A few tries at the table while the host is away (each one hears host_away again): still waiting.
        tries = _away_heard(bert)
        assert _until(lambda: _away_heard(bert) >= tries + 3), "Bert stopped trying while the host was away"
        assert guest.host_away() == ["Anni"] and not bert.connected and bert.ended is None

        writer.flush()
        summary = next(s for s in saves.list_saves()[0] if s.guests is not None)
        assert open_saved(app, summary.path)
        reopened = _screen(app).table
        for screen in (guest, watcher):
            assert _until(lambda screen=screen: screen.host_away() is None)
            said = [event.text for event in screen.run_computers(0.0) if isinstance(event, Notice)]
            assert said == ["Anni is back: the game goes on."]
            assert screen.status_note() != "The connection to the table was lost: reconnecting…"
        assert _until(lambda: bert.connected)
        _play(reopened, bert, rng)  # and play goes on
        assert guest.may_act(1)  # refused while the host was away
        reopened.close()
    finally:
        guest.close()
        watcher.close()
        table.close()


def test_the_menu_across_computers_says_nothing_pauses_and_leaving_asks_first(fresh_app: Any) -> None:
    app = fresh_app
    scene, bert = _host_bits(app)
    table = scene.table
    try:
        while app.top is not scene:  # the invitation dialog gone (leaving the screen would close its table)
            app.pop()
        assert _until(lambda: all(remote.connected for remote in table.remotes.values()))
        pause = PauseScene(app, scene)
        app.push(pause)
        assert pause.title == "Menu"
        assert pause.subtitle() == "Bits · turn 1 · the game goes on meanwhile"
        pause.quit_to_menu()
        dialog = app.top
        assert isinstance(dialog, DialogScene) and dialog.title == "Leave the table?"
        assert dialog.message.startswith("The others wait until you reopen the table with Continue")
        assert [button.label for button in dialog.buttons] == ["Leave the table", "Stay"]
        dialog.buttons[1].on_click()  # Stay: nothing left
        assert app.top is pause and scene in app.stack and all(r.connected for r in table.remotes.values())
        pause.quit_to_menu()
        app.top.buttons[0].on_click()  # Leave the table
        assert scene not in app.stack
        assert _until(lambda: not any(remote.connected for remote in table.remotes.values()))
        # A guest's screen says what leaving means for them.
        guest = RemoteTableAdapter(table.loop, {1: bert})
        guest_scene = SimpleNamespace(match=guest.match, table=guest)
        pause = PauseScene(app, guest_scene)  # type: ignore[arg-type]
        app.push(pause)
        pause.quit_to_menu()
        assert isinstance(app.top, DialogScene)
        assert app.top.message.startswith("You can come back to your seat with Continue")
    finally:
        table.loop.submit(bert.close())
        table.close()


def test_a_local_game_keeps_its_pause_menu(fresh_app: Any) -> None:
    game = games.load("bits")
    setup = Setup("bits", 2, 9, (SeatSpec("Anni"), SeatSpec("Bert")), game.normalize_options(2, {}))
    match = Match(setup, History(game, setup.new_state(game)), autosave=False)
    local = SimpleNamespace(match=match, table=SimpleNamespace(on_server=False, spectating=False))
    pause = PauseScene(fresh_app, local)  # type: ignore[arg-type]
    fresh_app.push(pause)
    assert pause.title == "Paused" and pause.subtitle() == "Bits · turn 1"
    pause.quit_to_menu()  # leaves at once, no question
    assert not isinstance(fresh_app.top, DialogScene) and pause not in fresh_app.stack


def test_when_the_hosts_app_closes_the_guest_is_told_too(fresh_app: Any) -> None:
    """The app's exit: the host's own connections may still be open when the guests hear it, so the
    last view a guest has may still say the host is connected; the screen says otherwise."""
    app = fresh_app
    scene, bert = _host_bits(app)
    table = scene.table
    guest = RemoteTableAdapter(table.loop, {1: bert})
    try:
        assert _until(lambda: guest.connected(0) is True)
        background.stop_hosting()  # the host's app closes
        assert _until(lambda: guest.host_away() is not None)
        assert guest.connected(0) is False and not guest.may_act(1)
        assert guest.status_note() == "Anni (the host) left the table; it goes on when they reopen it · reconnecting…"
    finally:
        guest.close()
        table.close()


def test_after_the_end_the_hosts_app_closing_says_the_host_left(fresh_app: Any) -> None:
    """A finished game does not go on: when the host's app closes, its guests hear that the host
    left (not that the game goes on when the host reopens it)."""
    app = fresh_app
    scene, bert = _host_bits(app)
    table = scene.table
    final = table.loop.run(scripted.play_out([table.remotes[0], bert], random.Random(8)), 120.0)
    assert final.over
    try:
        background.stop_hosting()  # the host's app closes
        assert _until(lambda: bert.ended is not None)
        assert bert.ended is not None and bert.ended.reason == "host_left" and bert.away is None
    finally:
        table.loop.submit(bert.close())
        table.close()
