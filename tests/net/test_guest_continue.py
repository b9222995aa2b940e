"""A guest whose app closed comes back with the main menu's Continue: the newest thing this computer
played is a seat at another computer's table, so Continue returns to it, as Join's Return does
(loopback, bounded in time)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import RemoteTableAdapter
from bauhausbox.net.scripted import legal_texts
from bauhausbox.persistence import guest, saves
from bauhausbox.persistence.models import GuestSeat
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.join import JoinScene
from bauhausbox.scenes.main_menu import MainMenuScene
from tests.net.helpers import framed_until, guest_on_loopback, hosted_elsewhere

SECONDS = 10.0
TOKEN = "abcdefghijklmnop0123456789_-"


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield from guest_on_loopback(monkeypatch)


def _menu(app: Any) -> MainMenuScene:
    app.go_home()
    menu = app.top
    assert isinstance(menu, MainMenuScene)
    menu.refresh()
    return menu


def _remote(app: Any) -> RemoteTableAdapter | None:
    tables = [getattr(scene, "table", None) for scene in app.stack]
    return next((table for table in tables if isinstance(table, RemoteTableAdapter)), None)


def test_continue_returns_a_guest_to_the_seat_at_the_other_computer(fresh_app: Any) -> None:
    app = fresh_app
    host, code = hosted_elsewhere("bits", ("Anni", "Bert"), 5)
    anni = RemoteTable(host.local_url, code, seat=0, name="Anni")  # the host's player, headless
    loop = host.loop
    loop.run(anni.start(SECONDS), SECONDS + 1)
    try:
        app.settings.join_name = "Bert"
        join = JoinScene(app)
        app.push(join)
        join._set_address(f"127.0.0.1:{host.port}")
        join._set_code(code)
        join.find()
        join.sit(1)
        first = _remote(app)
        assert first is not None
        loop.run(anni.play(random.Random(3).choice(legal_texts(anni))), SECONDS)
        assert framed_until(app, lambda: first.remotes[1].view is not None and len(first.remotes[1].view.moves) == 1)
        # The app is closed without leaving the table (killed): its connection simply goes.
        first.close()
        app.go_home()
        assert framed_until(app, lambda: anni.view is not None and anni.view.connected[1] is False)

        menu = _menu(app)
        assert menu.continue_button.enabled
        assert menu.continue_button.tooltip == "Return to Bits at Anni's table"
        menu.continue_button.on_click()
        back = _remote(app)
        assert back is not None and back is not first and list(back.remotes) == [1]
        assert len(back.match.history.steps) == 1  # the same position
        assert framed_until(app, lambda: anni.view is not None and anni.view.connected[1] is True)
    finally:
        app.go_home()
        loop.run(anni.close(), SECONDS)


def test_an_unfinished_game_played_here_later_stays_what_continue_resumes(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    app = fresh_app
    seat = GuestSeat(url="ws://h:1", code="ABCDEF", seat=1, token=TOKEN, name="Bert", game_id="bits", host="Anni")
    guest.keep_seat(seat)
    played = saves.SaveSummary(tmp_path / "bits.json", "bits", ["Anni", "Josef"], 3, seat.joined, False)
    for later, said in ((timedelta(minutes=-5), "Return to Bits at Anni's table"), (timedelta(minutes=5), "Resume ")):
        summary = replace(played, updated=seat.joined + later)
        monkeypatch.setattr(saves, "list_saves", lambda summary=summary: ([summary], []))
        menu = _menu(app)
        assert menu.continue_button.enabled and menu.continue_button.tooltip.startswith(said)
        assert (menu.seat_away is None) == (later > timedelta(0))


def test_a_seat_whose_table_is_gone_is_said_and_forgotten(fresh_app: Any) -> None:
    app = fresh_app
    host, code = hosted_elsewhere("bits", ("Anni", "Bert"), 5)
    guest.keep_seat(GuestSeat(url=host.local_url, code=code, seat=1, token=TOKEN, name="Bert", game_id="bits"))
    menu = _menu(app)
    assert menu.continue_button.tooltip == "Return to your seat at Bits"
    menu.continue_button.on_click()  # a token the table never gave
    assert isinstance(app.top, DialogScene) and app.top.message
    assert guest.kept_seats() == [] and menu.seat_away is None
    app.go_home()
