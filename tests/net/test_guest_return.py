"""A guest who leaves a table across computers comes back to their seat: the seat's token is kept on
the guest's computer (``persistence/guest.py``) and the Join screen offers it again (loopback,
bounded in time)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import RemoteTableAdapter
from bauhausbox.net.scripted import legal_texts
from bauhausbox.persistence import guest, paths
from bauhausbox.persistence.models import MAX_GUEST_SEATS, GuestSeat
from bauhausbox.scenes import join as join_module
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.join import JoinScene
from bauhausbox.scenes.pause import PauseScene
from tests.net.helpers import framed_until, guest_on_loopback, hosted_elsewhere

SECONDS = 10.0
TOKEN = "abcdefghijklmnop0123456789_-"
LETTERS = "ABCDEFGHJKLMN"


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield from guest_on_loopback(monkeypatch)


def _screen(app: Any) -> Any:
    return next(scene for scene in app.stack if isinstance(getattr(scene, "table", None), RemoteTableAdapter))


def _join_scene(app: Any) -> JoinScene:
    join = JoinScene(app)
    app.push(join)
    return join


def test_a_guest_who_leaves_comes_back_to_the_seat_and_plays_on(fresh_app: Any) -> None:
    app = fresh_app
    host, code = hosted_elsewhere("bits", ("Anni", "Bert"), 5)
    anni = RemoteTable(host.local_url, code, seat=0, name="Anni")  # the host's player, headless
    loop = host.loop
    loop.run(anni.start(SECONDS), SECONDS + 1)
    rng = random.Random(7)
    try:
        # Bert sits down through the Join screen.
        app.settings.join_name = "Bert"
        join = _join_scene(app)
        assert not any(button.visible for button in join.return_buttons)  # nothing kept yet
        join._set_address(f"127.0.0.1:{host.port}")
        join._set_code(code)
        join.find()
        join.sit(1)
        table = _screen(app).table
        bert = table.remotes[1]
        loop.run(anni.play(rng.choice(legal_texts(anni))), SECONDS)
        assert framed_until(app, lambda: bert.view is not None and len(bert.view.moves) == 1)

        # Bert leaves from the pause menu: the question says the seat waits for him.
        pause = PauseScene(app, _screen(app))
        app.push(pause)
        pause.quit_to_menu()
        assert isinstance(app.top, DialogScene)
        assert app.top.message.startswith("You can come back to your seat with Continue")
        app.top.buttons[0].on_click()
        assert framed_until(app, lambda: anni.view is not None and anni.view.connected[1] is False)

        # The Join screen offers the seat; Return sits him there again with the same position.
        join = _join_scene(app)
        assert [kept.name for kept in join.kept] == ["Bert"] and join.kept[0].code == code
        assert join.return_buttons[0].visible and not join.return_buttons[1].visible
        join.return_buttons[0].on_click()
        back = _screen(app).table
        assert back is not table and list(back.remotes) == [1]
        assert len(back.match.history.steps) == 1
        assert framed_until(app, lambda: anni.view is not None and anni.view.connected[1] is True)
        # And play goes on: Bert's move reaches Anni.
        remote = back.remotes[1]
        assert remote.view is not None and remote.view.to_play == 1
        loop.run(remote.play(rng.choice(legal_texts(remote))), SECONDS)
        assert framed_until(app, lambda: anni.view is not None and len(anni.view.moves) == 2)
    finally:
        app.go_home()
        loop.run(anni.close(), SECONDS)


def test_while_the_host_is_away_return_says_so_and_keeps_the_seat(fresh_app: Any) -> None:
    app = fresh_app
    host, code = hosted_elsewhere("bits", ("Anni", "Bert"), 5)
    loop = host.loop
    anni = RemoteTable(host.local_url, code, seat=0, name="Anni")
    loop.run(anni.start(SECONDS), SECONDS + 1)
    guest.keep_seat(GuestSeat(url=host.local_url, code=code, seat=1, token=TOKEN, name="Bert", game_id="bits"))
    try:
        loop.run(anni.close(), SECONDS)
        loop.run(host.server.leave(code, [0]), SECONDS)  # the host left the table: it waits for them
        join = _join_scene(app)
        join.return_buttons[0].on_click()
        assert join.problem == "The host has left the table; it goes on when they reopen it."
        assert app.top is join and len(join.kept) == 1 and join.return_buttons[0].visible  # kept for later
    finally:
        app.go_home()


def test_a_seat_the_table_no_longer_knows_is_forgotten(fresh_app: Any) -> None:
    app = fresh_app
    host, code = hosted_elsewhere("bits", ("Anni", "Bert"), 5)
    guest.keep_seat(GuestSeat(url=host.local_url, code=code, seat=1, token=TOKEN, name="Bert", game_id="bits"))
    join = _join_scene(app)
    assert len(join.kept) == 1
    join.return_buttons[0].on_click()  # a token the table never gave
    assert join.problem and app.top is join
    assert join.kept == [] and guest.kept_seats() == []
    assert not join.return_buttons[0].visible
    app.go_home()


def test_the_record_keeps_the_newest_seats_once_each() -> None:
    for number in range(MAX_GUEST_SEATS + 2):
        seat = GuestSeat(
            url="ws://h:1", code=f"ABCDE{LETTERS[number]}", seat=1, token=TOKEN, name="Bert", game_id="bits"
        )
        guest.keep_seat(seat)
    guest.keep_seat(GuestSeat(url="ws://h:1", code="ABCDEN", seat=1, token=TOKEN, name="Bo", game_id="bits"))
    kept = guest.kept_seats()
    assert len(kept) == MAX_GUEST_SEATS
    assert [seat.code for seat in kept[:2]] == ["ABCDEN", "ABCDEM"]  # replaced in place, then the newest
    assert kept[0].name == "Bo" and "ABCDEA" not in [seat.code for seat in kept]
    guest.forget_seat("ws://h:1", "ABCDEN", 1)
    assert guest.kept_seats()[0].code == "ABCDEM"


@pytest.mark.parametrize(
    "content",
    [
        b"{",  # cut short
        b'{"version": 2, "seats": []}',  # a later version
        b'{"seats": [{"url": "http://x", "code": "ABCDEF", "seat": 1, "token": "t", "name": "B", "game_id": "bits"}]}',
        b"[" * 5000 + b"]" * 5000,  # nested deep
    ],
)
def test_a_broken_record_is_set_aside(content: bytes) -> None:
    file = paths.guest_seats_file()
    file.write_bytes(content)
    assert guest.kept_seats() == []
    assert not file.exists() and file.with_name(file.name + ".broken").exists()
    file.with_name(file.name + ".broken").unlink()


def test_a_folder_in_the_records_place_is_set_aside() -> None:
    file = paths.guest_seats_file()
    file.mkdir()
    try:
        assert guest.kept_seats() == []
        assert file.with_name(file.name + ".broken").is_dir()
    finally:
        file.with_name(file.name + ".broken").rmdir()


def test_the_record_is_json_a_person_reads() -> None:
    guest.keep_seat(GuestSeat(url="ws://h:1", code="ABCDEF", seat=0, token=TOKEN, name="Bert", game_id="blokus"))
    data = json.loads(paths.guest_seats_file().read_text())
    assert data["seats"][0]["code"] == "ABCDEF" and data["seats"][0]["token"] == TOKEN


def test_the_seats_shown_follow_the_table_and_go_when_the_host_leaves(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat list is asked for again while shown: a seat taken meanwhile goes from it, and once the
    host left the table it gives way to the sentence that says so (it said "every seat is taken")."""
    monkeypatch.setattr(join_module, "LOOK_AGAIN_SECONDS", 0.2)
    app = fresh_app
    host, code = hosted_elsewhere("bits", ("Anni", "Bert"), 5)
    loop = host.loop
    try:
        join = _join_scene(app)
        join._set_address(f"127.0.0.1:{host.port}")
        join._set_code(code)
        join.find()
        assert join.seat_buttons[0].visible and join.seat_buttons[1].visible
        anni = RemoteTable(host.local_url, code, seat=0, name="Anni")
        loop.run(anni.start(SECONDS), SECONDS + 1)
        assert framed_until(app, lambda: not join.seat_buttons[0].visible)
        assert join.seat_buttons[1].visible
        loop.run(anni.close(), SECONDS)
        loop.run(host.server.leave(code, [0]), SECONDS)  # the host left the table
        assert framed_until(app, lambda: join.table is None)
        assert not any(button.visible for button in join.seat_buttons)
        assert join.problem == "The host has left the table; it goes on when they reopen it."
    finally:
        app.go_home()
