"""A watcher's screen says what it is: for each game, someone watching a table from no seat sees
"Watching: Anni to play" and never a player's prompt (which column to point at, "Your turn", the
controls of a move), nor the hint, undo or redo buttons (they may not play, hint or undo).

The players are headless clients (``net.client``) at the app's own server, over loopback; the
watcher's screen is the game's own screen on the session app, drawn with the layout probe on.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.history import SeatSpec, Setup
from bauhausbox.net import background, discovery
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import join_table
from bauhausbox.net.scripted import legal_texts
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import wait_until

# What only a player at their own turn is told (the words of every game's move controls).
PROMPTS = (
    "Hint",
    "Undo",
    "Your turn",
    "Point at",
    "place your",
    "place the",
    "Click",
    "click to",
    "click it",
    "Drag",
    "drag a",
    "Ctrl+Z",
    "H hint",
    "Esc puts back",
    "no tile fits",
    "places ",
)


# The buttons that make or shape a move, or undo one, by their labels and tooltips.
MOVE_CONTROLS = (
    "Rotate",
    "Flip",
    "Turn",
    "Neutral",
    "Draw a tile",
    "Cancel card",
    "Bauhaus!",
    "Hint",
    "Play hint",
    "Undo (Ctrl+Z)",
    "Redo (Ctrl+Y)",
)


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])


def _drawn(app: Any) -> tuple[list[str], list[str]]:
    """The texts and the controls of one frame."""
    with layout_probe.recording(app.screen.get_size()) as record:
        app.frame([], 1 / 60)
    return [text.content for text in record.texts], [control.name for control in record.controls]


@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "blokus", "buizen"])
def test_a_watcher_sees_no_player_prompt(fresh_app: Any, tmp_path: Any, game_id: str) -> None:
    app = fresh_app
    game = games.load(game_id)
    host = background.local_host(tmp_path, 0.0)
    host.server.connections_per_address = 10**6
    seats = (SeatSpec("Anni"), SeatSpec("Bert"))
    code = host.create_table(Setup(game_id, 2, 7, seats, game.normalize_options(2, {})), watchers=True)
    loop = background.shared_loop()
    players = [RemoteTable(host.local_url, code, seat=seat) for seat in (0, 1)]
    for player in players:
        loop.run(player.start(5.0), 6.0)
    table = join_table(host.local_url, code, [], watch=True)
    scene = games.scene_class(game_id)(app, table.match)
    app.push(scene)
    assert isinstance(scene, GameScene)
    rng = random.Random(3)
    try:
        for _step in range(8):
            for _ in range(3):  # the screen settles (a move's animation, the log)
                texts, controls = _drawn(app)
            said = " | ".join(texts)
            assert "Watching" in said, said
            for prompt in PROMPTS:
                assert prompt not in said, (prompt, said)
            assert not set(controls) & set(MOVE_CONTROLS), controls
            # Nor does it show the hidden hands as empty (Buizen: every player holds tiles here).
            assert "no tiles" not in texts, said
            mover = next((player for player in players if legal_texts(player)), None)
            if mover is None:
                break
            seen = len(table.match.history.steps)
            loop.run(mover.play(rng.choice(legal_texts(mover))), 5.0)
            assert wait_until(app, lambda seen=seen: len(table.match.history.steps) > seen, 300)
    finally:
        for player in players:
            loop.run(player.close(), 5.0)
        table.close()
        app.go_home()
