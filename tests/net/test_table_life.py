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

from bauhausbox import games, i18n
from bauhausbox.engine.history import SeatSpec, Setup
from bauhausbox.net import background, protocol
from bauhausbox.net.client import Ended, RemoteTable
from bauhausbox.net.protocol import REPLACED_PROTOCOL
from bauhausbox.net.remote import RemoteTableAdapter, join_table
from bauhausbox.net.scripted import legal_texts
from bauhausbox.persistence import guest, paths, saves, writer
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.host import host_table, open_remote
from bauhausbox.scenes.join import JoinScene
from bauhausbox.scenes.main_menu import MainMenuScene
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.scenes.rematch import join_rematch
from tests.net.helpers import framed_until, hosted_elsewhere, on_loopback

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


def _guest_screen(app: Any, url: str, code: str) -> RemoteTableAdapter:
    """Bert's screen at table ``code``, his seat kept in this computer's record as Join keeps it."""
    table = join_table(url, code, [1], name="Bert")
    table.keep_seats()
    open_remote(app, table)
    return table


def _closed_dialog(app: Any) -> DialogScene | None:
    top = app.top
    return top if isinstance(top, DialogScene) and top.title == "Table closed" else None


def test_a_guest_is_told_when_the_host_left_and_started_another_game(fresh_app: Any) -> None:
    app = fresh_app
    paths.guest_seats_file().unlink(missing_ok=True)
    host, code = hosted_elsewhere("bits", ("Anni", "Bert"), 5)
    anni = RemoteTable(host.local_url, code, seat=0, name="Anni")
    host.loop.run(anni.start(SECONDS), SECONDS + 1)
    host.keep(code, saves.new_save_path("bits"), {0: anni.token or ""})  # Anni's seat is this host's
    table = _guest_screen(app, host.local_url, code)
    try:
        assert [kept.code for kept in guest.kept_seats()] == [code]
        host.leave(code)  # Leave the table: Bert is told the host is away, and keeps trying
        assert framed_until(app, lambda: table.host_away() == ["Anni"])
        assert _closed_dialog(app) is None and [kept.code for kept in guest.kept_seats()] == [code]
        other = Setup("bauhaus", 2, 9, (SeatSpec("Anni"), SeatSpec("Cleo")), {})
        host.create_table(other)  # the host starts another game on the same port

        assert framed_until(app, lambda: _closed_dialog(app) is not None)
        dialog = _closed_dialog(app)
        assert dialog is not None
        assert dialog.message == "Anni's table is closed: Anni started another game."
        assert [button.label for button in dialog.buttons] == ["Join a table", "Main menu"]
        assert table.status_note() == dialog.message and table.held()
        assert guest.kept_seats() == []  # nothing to come back to: Continue and Return offer nothing
        with i18n.speaking("fr"):
            said = i18n._(protocol.SENTENCES["table_replaced"])
        assert said == "La table de {detail} est fermée : {detail} a lancé une autre partie."
        dialog.buttons[0].on_click()  # the way out: the Join screen, over the main menu
        assert isinstance(app.top, JoinScene) and isinstance(app.stack[0], MainMenuScene)
    finally:
        table.close()
        host.loop.submit(anni.close())


def test_after_the_hosts_app_restarts_a_guest_does_not_sit_at_a_table_nobody_hosts(fresh_app: Any) -> None:
    app = fresh_app
    scene, bert = _host_bits(app)
    table = scene.table
    host = background.hosting()
    assert host is not None and table.invitation is not None
    loop, port, code = host.loop, host.port, table.invitation.code
    old = RemoteTable(host.local_url, code, token=bert.token, protocol_version=REPLACED_PROTOCOL - 1)
    try:
        _play(table, bert, random.Random(2))
        app.go_home()
        background.stop_hosting()  # the host's app closes; Bert keeps trying
        assert _until(lambda: not bert.connected and bert.away is not None)
        # The app opens again on the same port and its player hosts another game, not Continue.
        app.settings.host_port = port
        seats = [SeatSpec("Anni"), SeatSpec("Cleo")]
        again = host_table(app, "bits", 2, seats, games.load("bits").normalize_options(2, {}), remote={1})
        assert again is not None and background.hosting() is not None and background.hosting().port == port
        assert _until(lambda: bert.ended is not None)
        assert bert.ended is not None and bert.ended.reason == "table_replaced" and not bert.connected
        assert bert.ended.sentence == "Anni's table is closed: Anni started another game."
        # A client from before this reason hears the end it knows.
        with pytest.raises(Ended) as ended:
            loop.run(old.start(SECONDS), SECONDS + 1)
        assert ended.value.refusal.reason == "host_left"
        again.close()
    finally:
        loop.submit(bert.close())
        background.shared_loop().submit(old.close())


def test_a_guest_whose_seat_was_given_to_a_computer_is_told_and_shown_the_way_out(fresh_app: Any) -> None:
    app = fresh_app
    paths.guest_seats_file().unlink(missing_ok=True)
    host, code = hosted_elsewhere("bits", ("Anni", "Bert"), 5)
    anni = RemoteTable(host.local_url, code, seat=0, name="Anni")
    host.loop.run(anni.start(SECONDS), SECONDS + 1)
    table = _guest_screen(app, host.local_url, code)
    remote = table.remotes[1]
    try:
        remote.backoff = 1.0  # Bert's connection drops and comes back only after the host's choice
        remote.drop()
        assert _until(lambda: 1 not in host.server.tables[code].seated)
        host.give_seat(code, 1, "easy")
        assert framed_until(app, lambda: _closed_dialog(app) is not None)
        dialog = _closed_dialog(app)
        assert dialog is not None
        assert dialog.message == "Your seat was given to a computer player: the game went on without you."
        assert guest.kept_seats() == []
        dialog.buttons[1].on_click()  # Main menu
        assert isinstance(app.top, MainMenuScene) and len(app.stack) == 1
    finally:
        table.close()
        host.loop.submit(anni.close())
