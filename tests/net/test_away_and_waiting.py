"""What a guest's and a watcher's screens say of each seat while the host is away, and the asker's
waiting line while an undo across computers waits for the others (loopback, bounded in time)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from bauhausbox import i18n
from bauhausbox.net import background
from bauhausbox.net.remote import RemoteTableAdapter, join_table
from bauhausbox.scenes.table_chrome import TableChrome
from tests.net.helpers import on_loopback
from tests.net.test_host_away import _host_bits, _leave, _play, _until


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    on_loopback(monkeypatch)
    yield
    background.stop_hosting()


def _kind(table: RemoteTableAdapter, seat: int) -> str:
    """The players panel's words under ``seat``'s name on ``table``'s screen."""
    return TableChrome.seat_kind(SimpleNamespace(match=table.match, table=table), seat)  # type: ignore[arg-type]


def test_while_the_host_is_away_the_guest_is_present_and_the_host_is_away(fresh_app: Any) -> None:
    app = fresh_app
    scene, bert = _host_bits(app, watchers=True)
    table = scene.table
    loop, code, url = table.loop, table.invitation.code, table.remotes[0].url
    guest = RemoteTableAdapter(loop, {1: bert})  # Bert's screen's table
    watcher = join_table(url, code, [], watch=True)
    try:
        _play(table, bert, random.Random(5))
        for screen in (guest, watcher):
            screen.run_computers(0.0)
            assert _kind(screen, 0) == "human"
        _leave(app, scene)
        for screen in (guest, watcher):
            assert _until(lambda screen=screen: screen.host_away() is not None), "not told the host left"
            screen.begin_frame()
            # Bert sits at his screen, waiting: both screens show him present, the host away.
            assert screen.connected(1) is True
            assert screen.connected(0) is False
            assert screen.seat_away(0) and not screen.seat_away(1)
            assert _kind(screen, 0) == "human · away"
            assert _kind(screen, 1) == "human"
            screen.end_frame()
    finally:
        guest.close()
        watcher.close()
        table.close()


def test_the_host_sees_its_undo_waiting_until_the_guest_answers(fresh_app: Any) -> None:
    app = fresh_app
    scene, bert = _host_bits(app)
    table = scene.table
    loop = table.loop
    rng = random.Random(6)
    try:
        while table.remotes[0].view is None or len(table.remotes[0].view.moves) < 2:
            _play(table, bert, rng)
        table.run_computers(0.0)
        assert table.status_note() is None or "agree" not in table.status_note()
        table.ask_undo()  # back past Bert's move: Bert is asked
        assert _until(lambda: bert.view is not None and bert.view.undo_request is not None)
        for _ in range(3):  # frame after frame, the line stays until Bert answers
            table.run_computers(0.0)
            note = table.status_note() or ""
            assert note.startswith("Waiting for Bert to agree to"), note
        loop.run(bert.agree(), 5.0)
        assert _until(lambda: (table.run_computers(0.0), "agree" not in (table.status_note() or ""))[1])
    finally:
        loop.submit(bert.close())
        table.close()


def test_a_guests_and_a_watchers_status_bar_say_whose_table_keeps_the_game(fresh_app: Any) -> None:
    app = fresh_app
    scene, bert = _host_bits(app, watchers=True)
    table = scene.table
    loop, code, url = table.loop, table.invitation.code, table.remotes[0].url
    guest = RemoteTableAdapter(loop, {1: bert})
    watcher = join_table(url, code, [], watch=True)
    try:
        for screen in (guest, watcher):
            chrome = SimpleNamespace(match=screen.match, game=screen.game, table=screen, metrics=app.metrics)
            words = TableChrome._move_count(chrome)[0]  # type: ignore[arg-type]
            assert words.startswith("turn 1  ·  hosted by Anni"), words
            i18n.set_language("fr")
            try:
                words = TableChrome._move_count(chrome)[0]  # type: ignore[arg-type]
                assert words.startswith("tour 1  ·  table d’Anni"), words
            finally:
                i18n.set_language("en")
        host_words = TableChrome._move_count(
            SimpleNamespace(match=table.match, game=table.game, table=table, metrics=app.metrics)  # type: ignore[arg-type]
        )[0]
        assert "you are hosting" in host_words
    finally:
        guest.close()
        watcher.close()
        table.close()
