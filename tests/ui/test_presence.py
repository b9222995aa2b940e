"""The connected marker in every game's players panel: at a hosted table, each game's own panel
(Bauhaus, Bits, Blokus) and the shared one (Buizen) mark the seat played on another computer as not
connected until its player sits down, then as connected; computer seats and a game at one computer
get no mark.

The panels are drawn for real (dummy video driver); what each draws is recorded by wrapping the
shared marker where each panel module calls it.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import games
from bauhausbox.engine.history import SeatSpec
from bauhausbox.net import background, discovery
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import RemoteTableAdapter
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.host import host_table
from bauhausbox.ui import presence
from tests.ui.helpers import frames, open_game, wait_until

# Every module that draws a players panel, by the name it calls the marker under.
PANELS = (
    "bauhausbox.scenes.table_chrome",
    "bauhausbox.games.bauhaus.screen.panel",
    "bauhausbox.games.bits.screen.panel",
    "bauhausbox.games.blokus.screen.colour_rows",
)


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])


@pytest.fixture
def marks(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[int, int], bool]]:
    """Each mark drawn: its centre and what it says."""
    drawn: list[tuple[tuple[int, int], bool]] = []

    def recording(surface: pygame.Surface, centre: Any, radius: float, connected: bool | None) -> Any:
        rect = presence.presence_mark(surface, centre, radius, connected)
        if rect is not None and connected is not None:
            drawn.append((rect.center, connected))
        return rect

    import importlib

    for name in PANELS:
        monkeypatch.setattr(importlib.import_module(name), "presence_mark", recording)
    return drawn


def _says(marks: list[tuple[tuple[int, int], bool]], app: Any) -> list[bool]:
    """What the marks of one frame say, top to bottom (painted afresh: a panel shown from its copy,
    ui/layer.py, draws no marks; tests/ui/test_layers.py checks that the copy follows them)."""
    marks.clear()
    for scene in app.stack:
        scene.layers.forget()
    frames(app, 1)
    return [connected for _centre, connected in sorted(marks, key=lambda mark: (mark[0][1], mark[0][0]))]


@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "blokus", "buizen"])
def test_every_players_panel_marks_who_is_connected(fresh_app: Any, marks: Any, game_id: str) -> None:
    app = fresh_app
    game = games.load(game_id)
    seats = [SeatSpec("Anni"), SeatSpec("Bert"), SeatSpec("Cleo", "ai", "random")]
    options = game.normalize_options(3, {})
    table = host_table(app, game_id, 3, seats, options, remote={1})
    assert isinstance(table, RemoteTableAdapter) and table.invitation is not None
    app.pop(app.top)  # the invitation
    scene = app.top
    assert isinstance(scene, GameScene) and scene.table is table
    assert scene._move_count()[0].endswith("you are hosting")  # the host's own screen: not "kept by the host"
    # Two human seats: the host's (connected) and the guest's (not yet); nothing for the computer.
    assert wait_until(app, lambda: sorted(_says(marks, app)) == [False, True], 300), _says(marks, app)
    host = background.hosting()
    assert host is not None
    guest = RemoteTable(host.local_url, table.invitation.code, seat=1, name="Bert")
    loop = background.shared_loop()
    loop.run(guest.start(5.0), 6.0)
    assert wait_until(app, lambda: _says(marks, app) == [True, True], 300), _says(marks, app)
    loop.run(guest.close(), 5.0)
    assert wait_until(app, lambda: sorted(_says(marks, app)) == [False, True], 300)
    table.close()


def test_no_mark_at_one_computer(fresh_app: Any, marks: Any) -> None:
    for game_id in ("bauhaus", "bits", "blokus", "buizen"):
        open_game(fresh_app, game_id, 2, seats=["human", "human"])
        assert _says(marks, fresh_app) == []
        fresh_app.go_home()


def test_a_screen_never_plays_for_a_player_at_another_computer(fresh_app: Any) -> None:
    """Buizen: when the player at another computer is to play, the host's screen neither offers
    moves for them nor says that none of their tiles fits (it cannot see their tiles), nor says
    "Your turn" to them, nor offers a hint; its status bar says where they play."""
    app = fresh_app
    game = games.load("buizen")
    seats = [SeatSpec("Anni"), SeatSpec("Bert"), SeatSpec("Cleo", "ai", "random")]
    table = host_table(app, "buizen", 3, seats, game.normalize_options(3, {}), remote={1})
    assert isinstance(table, RemoteTableAdapter)
    app.pop(app.top)
    scene = app.top
    assert isinstance(scene, GameScene)
    assert not table.plays_here(1) and table.plays_here(0) and not table.plays_here(2)
    host = background.hosting()
    assert host is not None and table.invitation is not None
    guest = RemoteTable(host.local_url, table.invitation.code, seat=1, name="Bert")  # sits, plays nothing
    loop = background.shared_loop()
    loop.run(guest.start(5.0), 6.0)

    def guests_turn() -> bool:
        if scene.match.to_play == 0 and scene.input_allowed():
            scene.submit(scene.game.legal_moves(scene.view, 0)[0])
        return scene.match.to_play == 1

    assert wait_until(app, guests_turn, 600)
    frames(app, 2)
    assert scene.legal() == []  # type: ignore[attr-defined]
    assert "fits" not in scene.turn_text() and not scene.action_button.visible  # type: ignore[attr-defined]
    # Nor does it tell them it is their turn, offer a hint for them, or list its own controls.
    assert "Bert" not in str(scene.banner_text or "") and not scene.hint_button.enabled
    assert scene.situation().startswith("Bert is playing at another computer")
    loop.run(guest.close(), 5.0)
    table.close()
