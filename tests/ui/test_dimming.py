"""Everything behind a modal window is dimmed alike: behind the pause menu and the game-over table of
every game, no pixel outside the window (and its shadow) keeps more contrast than the veil lets
through — a part of the game screen drawn after the veil (the log, a row of buttons) would."""

from __future__ import annotations

from typing import Any

import pytest

from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.ui import layout_probe, theme
from bauhausbox.ui.app import App
from tests.ui.helpers import frames, open_game, wait_until

#: Behind a modal window a colour keeps at most a sixth of its distance from the paper: ink, the
#: farthest from it (241 per channel), shows at most 40 away — too faint to read as something to use.
ALLOWED = 41


def _bright_outside(app: App) -> list[tuple[int, int]]:
    """The pixels outside the top window and its shadow that the veil did not wash, one in four: in a
    frame the layout probe records, and in the frame after it, drawn as the player sees it (the
    screen's parts are shown from their copies then, ui/layer.py, not painted again)."""
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    panel = record.panels[-1].rect
    shadow = app.top.metrics.u(1.25) if app.top else 0
    kept = panel.union(panel.move(shadow, shadow))
    found = _unwashed(app, kept)
    frames(app, 1)
    return found + _unwashed(app, kept)


def _unwashed(app: App, kept: Any) -> list[tuple[int, int]]:
    screen = app.screen
    width, height = screen.get_size()
    found = []
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            if kept.collidepoint(x, y):
                continue
            colour = screen.get_at((x, y))
            if max(abs(colour[i] - theme.PAPER[i]) for i in range(3)) > ALLOWED:
                found.append((x, y))
    return found


def _with_log(app: App) -> None:
    if not app.settings.log_open:
        app.settings.log_open = True
        app.top.layout(app.metrics)


@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "buizen", "blokus"])
def test_behind_the_pause_menu_everything_is_dimmed(fresh_app: Any, game_id: str) -> None:
    scene = open_game(fresh_app, game_id, 2, ["ai:easy", "ai:easy"], seed=5)
    _with_log(fresh_app)
    wait_until(fresh_app, lambda: len(scene.match.history.move_texts()) >= 4 and not scene.runner.busy)
    scene.open_pause()
    assert isinstance(fresh_app.top, PauseScene)
    bright = _bright_outside(fresh_app)
    assert not bright, (game_id, len(bright), bright[:5])


@pytest.mark.parametrize("game_id", ["buizen", "blokus"])
def test_behind_the_game_over_table_everything_is_dimmed(fresh_app: Any, game_id: str) -> None:
    scene = open_game(fresh_app, game_id, 2, ["ai:easy", "ai:easy"], seed=5)
    _with_log(fresh_app)
    assert wait_until(fresh_app, lambda: isinstance(fresh_app.top, GameOverScene), limit=20000), (
        scene.match.history.turn
    )
    bright = _bright_outside(fresh_app)
    assert not bright, (game_id, len(bright), bright[:5])


#: Words behind a modal window must not be read: what is left of any contrast behind it is at most
#: this (of 255 per channel) — the hand-off's white words on its ink curtain read through at 30,
#: and still at 15 on the screen.
UNREADABLE = 8


def test_behind_the_pause_menu_the_hand_off_cannot_be_read(fresh_app: Any) -> None:
    """Esc on the pass-the-device curtain: its words ("Pass to", the name, the note) do not show
    through around the pause menu."""
    from bauhausbox.scenes.curtain import CurtainScene

    open_game(fresh_app, "bits", 2, ["human", "human"], seed=3)
    frames(fresh_app, 2)
    assert isinstance(fresh_app.top, CurtainScene)
    fresh_app.top.on_escape()
    assert isinstance(fresh_app.top, PauseScene)
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    panel = record.panels[-1].rect
    shadow = fresh_app.top.metrics.u(1.25)
    kept = panel.union(panel.move(shadow, shadow))
    screen = fresh_app.screen
    width, height = screen.get_size()
    seen = [
        screen.get_at((x, y))[:3]
        for y in range(0, height, 2)
        for x in range(0, width, 2)
        if not kept.collidepoint(x, y)
    ]
    spread = max(max(c[i] for c in seen) - min(c[i] for c in seen) for i in range(3))
    assert spread <= UNREADABLE, spread


@pytest.mark.parametrize(("players", "variant"), [(4, "classic"), (2, "duo"), (2, "junior")])
def test_behind_the_pause_menu_blokus_is_dimmed_at_1024(fresh_app: Any, players: int, variant: str) -> None:
    """The boards, scores, turn frame and tool buttons of every Blokus board at the smallest window."""
    from tests.ui.helpers import window_size

    with window_size(fresh_app, (1024, 640)) as app:
        scene = open_game(app, "blokus", players, ["ai:easy"] * players, seed=5, options={"variant": variant})
        wait_until(app, lambda: len(scene.match.history.move_texts()) >= 4 and not scene.runner.busy)
        scene.open_pause()
        assert isinstance(app.top, PauseScene)
        bright = _bright_outside(app)
        assert not bright, (variant, len(bright), bright[:5])
