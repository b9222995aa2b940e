"""What the screens say across computers: the host's status bar says it hosts, a seat nobody has
taken says it waits for a player, and a player's own name (never the setup's "Anni") is asked once
and remembered for hosting and joining. Over loopback, each wait bounded."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox import i18n
from bauhausbox.net import background
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import RemoteTableAdapter
from bauhausbox.persistence import models
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.join import JoinScene
from bauhausbox.scenes.setup import REMOTE, SetupScene
from tests.net.helpers import framed_until, on_loopback
from tests.ui.helpers import frames

SECONDS = 10.0


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch, fresh_app: Any) -> Iterator[None]:
    on_loopback(monkeypatch)
    settings = fresh_app.settings
    kept = settings.own_name, settings.join_name, list(settings.player_names)
    settings.own_name = settings.join_name = ""  # a first-time player
    yield
    settings.own_name, settings.join_name, settings.player_names = kept
    fresh_app.go_home()
    background.stop_hosting()


def host(app: Any, game_id: str) -> GameScene[Any, Any]:
    """Through the setup screen: two players, the second at another computer; Host the table."""
    setup = SetupScene(app, game_id)
    app.push(setup)
    frames(app, 1)
    setup._set_players(2)
    setup.kind_fields[0].on_change("human")
    setup.kind_fields[1].on_change(REMOTE)
    setup.start_button.on_click()
    frames(app, 2)
    if isinstance(app.top, DialogScene):  # the invitation
        app.pop(app.top)
    scene = app.top
    assert isinstance(scene, GameScene) and isinstance(scene.table, RemoteTableAdapter)
    return scene


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_hosts_status_bar_says_it_hosts(fresh_app: Any, language: str) -> None:
    scene = host(fresh_app, "blokus")
    i18n.set_language(language)
    try:
        words = scene._move_count()[0]
        expected = {"en": "you are hosting", "fr": "vous êtes l’hôte"}[language]
        assert expected in words and "host" not in words.replace("hosting", ""), words
        assert ("gardé" if language == "fr" else "kept") not in words  # a guest's words, not the host's
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game_id", ["blokus", "bits", "buizen"])
def test_a_seat_nobody_took_waits_for_a_player(fresh_app: Any, game_id: str) -> None:
    app = fresh_app
    scene = host(app, game_id)
    table = scene.table
    assert isinstance(table, RemoteTableAdapter) and table.invitation is not None
    frames(app, 2)
    words = scene.seat_kind(1)
    assert words == "open seat · waiting for a player", words
    if game_id == "bits":  # the game's own line for the seat says it too, not "human · to place"
        assert scene._status(scene.view, 1) == words  # type: ignore[attr-defined]
    assert scene.seat_kind(0) == "human"
    hosting = background.hosting()
    assert hosting is not None
    bert = RemoteTable(hosting.local_url, table.invitation.code, seat=1, name="Bert")
    hosting.loop.run(bert.start(SECONDS), SECONDS + 1)
    try:
        assert framed_until(app, lambda: table.connected(1) is True)
        assert scene.seat_kind(1) == "human"
        hosting.loop.run(bert.close(), SECONDS)
        assert framed_until(app, lambda: table.connected(1) is False)
        assert scene.seat_kind(1) == "human"  # taken, then left: "not connected", not an open seat
    finally:
        hosting.loop.run(bert.close(), SECONDS)


def test_a_first_guest_is_not_named_after_the_setups_first_seat(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = fresh_app
    app.settings.player_names = list(models.DEFAULT_NAMES)
    monkeypatch.setattr(models, "computer_user_name", lambda: "")  # an account with no name to show
    join = JoinScene(app)
    assert join.name == "" and join.name_field.value == ""  # typed by the player; "Anni" was every copy's
    monkeypatch.setattr(models, "computer_user_name", lambda: "Zoé")
    join = JoinScene(app)
    assert join.name == "Zoé" and join.name_field.value == "Zoé"


def test_a_first_time_host_is_asked_their_name_and_it_is_remembered(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = fresh_app
    monkeypatch.setattr(models, "computer_user_name", lambda: "Zoé")
    setup = SetupScene(app, "blokus")
    app.push(setup)
    frames(app, 1)
    setup._set_players(2)
    setup.kind_fields[0].on_change("human")
    setup.seat_prefs[0].name = setup.name_fields[0].value = "Anni"  # the setup's default
    setup.kind_fields[1].on_change(REMOTE)
    # The host's own seat takes the computer's user name and is open for typing.
    assert setup.name_fields[0].value == "Zoé" and setup.name_fields[0].focused
    setup.start_button.on_click()
    frames(app, 2)
    if isinstance(app.top, DialogScene):
        app.pop(app.top)
    scene = app.top
    assert isinstance(scene, GameScene) and scene.match.seat_name(0) == "Zoé"
    assert app.settings.own_name == "Zoé"
    # Remembered: the Join screen offers it, even once the computer's name is gone.
    monkeypatch.setattr(models, "computer_user_name", lambda: "")
    assert JoinScene(app).name == "Zoé"
