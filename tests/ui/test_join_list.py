"""The Join screen's list of tables heard on the local network: one row per table (several records of
one table, a record refreshed), a full table open to watchers listed as such, a list longer than the
window scrolled by wheel, keys and its bar; and the fields' tooltips keep off the line that says why
joining failed (and every other word of the screen)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.net import discovery
from bauhausbox.net.discovery import OpenTable
from bauhausbox.net.protocol import PROTOCOL_VERSION
from bauhausbox.persistence import paths
from bauhausbox.persistence.models import GuestSeat
from bauhausbox.scenes.join import JoinScene
from bauhausbox.ui import layout_probe, theme
from tests.ui.helpers import click, drag, frames, key, move, window_size

SIZES = ((1024, 700), (1280, 800), (1920, 1080))
HOSTS = ["Anni", "Bert", "Cleo", "Dana", "Emil", "Fynn", "Gret", "Hugo", "Ines", "Jona", "Kurt", "Lene", "Mara", "Nils"]


def _table(index: int, name: str = "", host: str = "", free: int = 1, watchable: bool = False) -> OpenTable:
    """Table ``index`` of the fake network: its own public name, all at one server's port."""
    return OpenTable(
        name or f"bauhausbox {index:08x}._bauhausbox._tcp.local.",
        "192.0.2.7:8765",
        "bits",
        host or HOSTS[index],
        free,
        2,
        PROTOCOL_VERSION,
        watchable=watchable,
        public=f"{index:08x}",
    )


def _join_scene(app: Any, monkeypatch: pytest.MonkeyPatch) -> JoinScene:
    """The Join screen with a browser that hears nothing by itself: the test hands it the records."""

    def no_network(*_args: Any) -> Any:
        raise OSError("the test hands the records")

    monkeypatch.setattr(discovery, "_zeroconf", no_network)
    paths.guest_seats_file().unlink(missing_ok=True)  # no seats kept by an earlier test's guest
    scene = JoinScene(app)
    app.push(scene)
    frames(app, 1)
    return scene


@pytest.fixture()
def join(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[JoinScene]:
    scene = _join_scene(fresh_app, monkeypatch)
    yield scene
    if fresh_app.top is scene:
        fresh_app.pop(scene)


def _rows(app: Any) -> list[str]:
    """The keys of the table rows drawn, top to bottom."""
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    rows = sorted((c.rect.top, c.name) for c in record.controls if c.name.startswith("table:"))
    return [name.removeprefix("table:") for _top, name in rows]


def _hear_many(scene: JoinScene) -> None:
    """14 tables, three of them heard twice more (a host back after a hard stop, an old record still
    there), the last one full but open to watchers."""
    assert scene.browser is not None
    for index in range(13):
        scene.browser.heard(_table(index).key, _table(index))
    scene.browser.heard(_table(13).key, _table(13, free=0, watchable=True))
    for index in (0, 5, 13):
        again = f"bauhausbox again{index}._bauhausbox._tcp.local."
        scene.browser.heard(again, _table(index, name=again, free=0, watchable=True))


def test_one_row_per_table_and_a_full_table_open_to_watchers_is_listed(fresh_app: Any, join: JoinScene) -> None:
    _hear_many(join)
    frames(fresh_app, 1)
    assert len(join.found) == 14, [t.key for t in join.found]
    assert [t.host for t in join.found] == HOSTS  # the order they were first heard in
    key(fresh_app, pygame.K_END)
    last = join.found_rects[-1][1]
    assert last.host == "Nils" and last.free == 0 and last.watchable
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    words = [text.content for text in record.texts]
    assert any("full: you may watch" in word for word in words), words
    # A table's record refreshed (a seat taken, another host name): the same row, in the same place.
    rows = _rows(fresh_app)
    assert join.browser is not None
    join.browser.heard(_table(12).key, _table(12, host="Aaron", free=0, watchable=True))
    frames(fresh_app, 1)
    assert _rows(fresh_app) == rows
    assert join.found[12].host == "Aaron" and len(join.found) == 14


def _bar_drawn(app: Any, scene: JoinScene) -> bool:
    thumb = scene.found_scroll.thumb(scene.metrics)
    return thumb is not None and tuple(app.screen.get_at(thumb.center))[:3] == theme.GREY[:3]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_a_long_list_scrolls_by_wheel_keys_and_its_bar(fresh_app: Any, join: JoinScene, size: tuple[int, int]) -> None:
    with window_size(fresh_app, size):
        _hear_many(join)
        frames(fresh_app, 1)
        first = _rows(fresh_app)
        assert 1 <= len(first) < 14, "the window holds some of the 14 rows, not all"
        assert first[0] == join.found[0].key
        assert _bar_drawn(fresh_app, join), "a visible scroll bar"
        everything = [t.key for t in join.found]
        page, last_first = max(1, len(first) - 1), len(everything) - len(first)  # a page keeps one row in view

        # The wheel over the list: one row per notch.
        move(fresh_app, join.found_rects[0][0].center)
        fresh_app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 1 / 60)
        assert _rows(fresh_app) == everything[1 : len(first) + 1]
        fresh_app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)], 1 / 60)
        assert _rows(fresh_app) == first

        # Keys: End, Home, Page Down, Down.
        key(fresh_app, pygame.K_END)
        assert _rows(fresh_app) == everything[-len(first) :]
        key(fresh_app, pygame.K_HOME)
        assert _rows(fresh_app) == first
        key(fresh_app, pygame.K_PAGEDOWN)
        assert _rows(fresh_app)[0] == everything[min(page, last_first)]
        key(fresh_app, pygame.K_HOME)
        key(fresh_app, pygame.K_DOWN)
        assert _rows(fresh_app)[0] == everything[1]
        key(fresh_app, pygame.K_HOME)

        # The bar: the thumb dragged to the bottom shows the last rows; a click above the thumb, a page up.
        thumb = join.found_scroll.thumb(join.metrics)
        assert thumb is not None
        drag(fresh_app, thumb.center, (thumb.centerx, join.found_scroll.track.bottom + 50))
        assert _rows(fresh_app) == everything[-len(first) :]
        click(fresh_app, (join.found_scroll.track.centerx, join.found_scroll.track.top + 2))
        assert _rows(fresh_app)[0] == everything[max(0, last_first - page)]

        # Picking the last table after scrolling: its address, and that row only is the one picked.
        key(fresh_app, pygame.K_END)
        rect, table = join.found_rects[-1]
        click(fresh_app, rect.center)
        assert join.address == table.address and join.picked == table.identity


def test_keys_typed_in_a_field_stay_the_fields(fresh_app: Any, join: JoinScene) -> None:
    """Up/Down/Home/End while a field is being typed in do not move the list (Page Up/Down do)."""
    _hear_many(join)
    frames(fresh_app, 1)
    click(fresh_app, join.code_field.rect.center)
    assert join.code_field.focused
    key(fresh_app, pygame.K_END)
    assert join.found_scroll.first == 0
    key(fresh_app, pygame.K_PAGEDOWN)
    assert join.found_scroll.first > 0 and join.code_field.focused


def _tooltip_and_texts(
    app: Any, field: Any, at: tuple[int, int] | None = None
) -> tuple[pygame.Rect, list[layout_probe.TextDraw]]:
    """The tooltip of ``field`` with the pointer ``at`` a point of it (default its centre), and the
    texts of its scene's layer."""
    at = at or field.rect.center
    move(app, (at[0] - 3, at[1]))  # after a resize, the first motion only says where
    move(app, at)
    app.top.widgets._hover_since = time.monotonic() - 5
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    (tip,) = record.tooltips
    return tip.rect, [t for t in record.texts if t.layer == tip.layer and not tip.rect.contains(t.rect)]


@pytest.mark.parametrize("language", ("en", "fr"))
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_fields_tooltips_keep_off_the_line_that_says_why(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str
) -> None:
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language(language)
    try:
        with window_size(fresh_app, size):
            join = _join_scene(fresh_app, monkeypatch)
            _hear_many(join)  # the list's rows and words are there too
            join._set_address("127.0.0.1:1")  # nothing listens there
            join._set_code("ZZZZZ2")
            join.find()
            assert join.problem
            for field in (join.name_field, join.address_field, join.code_field):
                tip, texts = _tooltip_and_texts(fresh_app, field)
                # The sentence that says why, in one line or more (left of the list).
                boxes = [join.name_field.rect, join.address_field.rect, join.code_field.rect]  # typed, not said
                problem = [
                    t.rect for t in texts if len(t.content) > 2 and t.content in join.problem and t.box not in boxes
                ]
                assert problem, "the line that says why is drawn"
                assert " ".join(t.content for t in texts if t.rect in problem) == join.problem
                assert not any(tip.colliderect(line) for line in problem), (field.tooltip, tuple(tip))
                covered = [t.content for t in texts if t.rect.colliderect(tip) and t.box != field.rect]
                assert not covered, (field.tooltip, covered)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ("en", "fr"))
def test_an_address_that_is_no_address_is_said_in_one_sentence(
    fresh_app: Any, join: JoinScene, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "ws://" alone names no computer: one sentence (it raised out of the screen), on Find, Sit and Watch."""
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language(language)
    try:
        join._set_address("ws://")
        join._set_code("ZZZZZ2")
        join._set_name("Bert")  # a first guest's name field may start empty (no name of this computer's)
        join.find()
        expected = {"en": "“ws://” is not an address", "fr": "« ws:// » n’est pas une adresse"}[language]
        said = join.problem.replace("\u00a0", " ").replace("\u202f", " ")
        assert said.startswith(expected), join.problem
        join.problem = ""
        join.sit(0)
        assert join.problem.replace("\u00a0", " ").replace("\u202f", " ").startswith(expected)
        join.problem = ""
        join.watch()
        assert join.problem.replace("\u00a0", " ").replace("\u202f", " ").startswith(expected)
        frames(fresh_app, 1)
    finally:
        i18n.set_language("en")


def test_two_tables_of_one_name_say_what_tells_them_apart(fresh_app: Any, join: JoinScene) -> None:
    """Every copy's first player is "Anni": two Blokus tables read "Blokus · Anni" both, so each
    row also says how many play there."""
    assert join.browser is not None
    for index, seats in ((0, 3), (1, 4)):
        table = _table(index, host="Anni")
        join.browser.heard(table.key, replace(table, game="blokus", seats=seats))
    frames(fresh_app, 1)  # the list takes in what was heard
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    words = [text.content for text in record.texts]
    assert sum(word == "Blokus · Anni" for word in words) == 2, words
    assert any(word.startswith("3 players · 1 free seat") for word in words), words
    assert any(word.startswith("4 players · 1 free seat") for word in words), words


def test_a_key_press_sends_the_tooltip_away_until_the_pointer_moves(fresh_app: Any, join: JoinScene) -> None:
    """Enter in the code field shows the seats (or why not) under it: the field's tooltip must not
    stay over them. A key sends the tooltip away; it comes back when the pointer moves."""
    join._set_address("127.0.0.1:1")  # nothing listens there: Enter shows a sentence under the form
    join._set_code("ZZZZZ2")
    tip, _texts = _tooltip_and_texts(fresh_app, join.code_field)
    assert tip.width > 0  # shown while the pointer rests on the field
    key(fresh_app, pygame.K_RETURN)
    assert join.problem
    join.widgets._hover_since = time.monotonic() - 5
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    assert record.tooltips == []
    move(fresh_app, (join.code_field.rect.centerx + 2, join.code_field.rect.centery))
    join.widgets._hover_since = time.monotonic() - 5
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    assert len(record.tooltips) == 1


@pytest.mark.parametrize("language", ("en", "fr"))
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_fields_tooltips_keep_off_every_word_with_seats_kept(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str
) -> None:
    """Seats kept at other tables under the form, an address and a code typed: a field's tooltip
    covers no label, no typed text of another field and no row (the code's covered the address or
    "Code" at 1024×700)."""
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language(language)
    try:
        with window_size(fresh_app, size):
            join = _join_scene(fresh_app, monkeypatch)
            _hear_many(join)
            token = "abcdefghijklmnop0123456789"
            join.kept = [
                GuestSeat(
                    url="ws://192.0.2.8:51234", code="K7QX2M", seat=1, token=token, name="Bérénice", game_id="bits"
                ),
                GuestSeat(url="ws://192.0.2.9:8765", code="ABCDEF", seat=0, token=token, name="Bert", game_id="blokus"),
            ]
            join._set_name("Bérénice")
            join.name_field.value = "Bérénice"
            join._set_address("192.168.100.200:51234")
            join.address_field.value = "192.168.100.200:51234"
            join._set_code("K7QX2M")
            join.problem = "Nothing answers at 192.0.2.8:51234: check the address and that the table is hosted."
            join._show_seats()
            join.layout(join.metrics)
            frames(fresh_app, 1)
            for field in (join.name_field, join.address_field, join.code_field):
                r = field.rect
                for at in ((r.left + 4, r.centery), r.center, (r.right - 4, r.centery), (r.centerx, r.bottom - 3)):
                    tip, texts = _tooltip_and_texts(fresh_app, field, at)
                    covered = [t.content for t in texts if t.rect.colliderect(tip) and t.box != field.rect]
                    assert not covered, (field.tooltip, at, tuple(tip), covered)
    finally:
        i18n.set_language("en")
