"""A seat played on another computer, at the host's setup and on the Join screen: remembered like the
other kinds, its name box empty and closed (the player names themselves), read "open seat" on the
Join screen until someone sits in it; and the table picked in the Join list stands out."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox.net import background
from bauhausbox.net.protocol import TableSeen
from bauhausbox.scenes.setup import REMOTE, SetupScene
from bauhausbox.ui import layout_probe, theme
from tests.net.helpers import on_loopback
from tests.ui.helpers import frames
from tests.ui.test_join_list import _join_scene, _table


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    on_loopback(monkeypatch)
    yield
    background.stop_hosting()


def _texts(app: Any) -> list[str]:
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    return [text.content for text in record.texts]


def test_the_setup_remembers_a_seat_at_another_computer_whose_player_names_themselves(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = fresh_app
    # The session's app keeps its settings: what this setup remembers is undone after the test.
    for key in ("last_setups", "player_names"):
        monkeypatch.setattr(app.settings, key, type(getattr(app.settings, key))(getattr(app.settings, key)))
    app.settings.host_port = 0
    setup = SetupScene(app, "bits")
    app.push(setup)
    setup._set_players(2)
    setup.name_fields[1].value = "Josef"
    setup._set_name(1, "Josef")
    setup.kind_fields[1].on_change(REMOTE)
    frames(app, 1)
    field = setup.name_fields[1]
    assert not field.enabled and field.value == ""  # no placeholder name for a player not there yet
    assert "they name themselves" in _texts(app)
    assert setup.seats()[1].name == "Player 2"
    setup.start()  # hosts the table
    assert background.hosting() is not None
    app.go_home()
    again = SetupScene(app, "bits")
    app.push(again)
    frames(app, 1)
    assert again.kind_fields[1].value == REMOTE and again.remote == {1}
    assert again.start_button.label == "Host the table" and not again.name_fields[1].enabled
    again.kind_fields[1].on_change("human")  # back at this computer: the name typed before returns
    assert again.name_fields[1].enabled and again.name_fields[1].value == "Josef"
    assert again.start_button.label == "Start"


def test_a_free_seat_on_the_join_screen_reads_open_seat(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = fresh_app
    join = _join_scene(app, monkeypatch)
    join.table = TableSeen(
        code="K7QX2M",
        game="bits",
        seats=["human", "human", "ai:easy"],
        names=["Anni", "Josef", "Emma"],
        free=[1],
        connected=[True, False, True],
    )
    join._show_seats()
    join.layout(join.metrics)
    texts = _texts(app)
    assert "open seat" in texts and "Josef" not in texts
    assert "Anni" in texts and "Emma" in texts  # taken seats and computers keep their names
    app.pop(join)


def test_the_table_picked_in_the_join_list_stands_out(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = fresh_app
    join = _join_scene(app, monkeypatch)
    assert join.browser is not None
    for index in range(2):
        join.browser.heard(_table(index).key, _table(index))
    frames(app, 2)
    first, second = (table for _rect, table in join.found_rects)
    join.pick(second)
    frames(app, 2)
    rects = {table.key: rect for rect, table in join.found_rects}
    for table, chosen in ((first, False), (second, True)):
        rect = rects[table.key]
        edge = app.screen.get_at((rect.centerx, rect.top + 1))[:3]
        assert (edge == theme.BLUE) is chosen, (table.key, edge)
    app.pop(join)
