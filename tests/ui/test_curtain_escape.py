"""Esc on the pass-the-device curtain opens the pause menu over it, never the game: the curtain
stays under the menu, the menu offers nothing that moves the game (undo, redo, restart), nothing
private is drawn, and Esc again comes back to the same curtain."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import frames, key, open_game, wait_until


@pytest.mark.parametrize("game_id", ["bits", "buizen"])
def test_escape_on_the_curtain_opens_a_pause_menu_that_reveals_nothing(fresh_app: Any, game_id: str) -> None:
    app = fresh_app
    open_game(app, game_id, 2, seats=["human", "human"], seed=5)
    assert wait_until(app, lambda: isinstance(app.top, CurtainScene), 60), "the curtain goes up first"
    curtain = app.top
    scene = app.stack[-2]
    assert isinstance(scene, GameScene) and scene.table.veiled()
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene), "Esc opens the pause menu"
    assert app.stack[-2] is curtain, "over the curtain, which stays"
    for button in (pause.undo_button, pause.redo_button, pause.restart_button):
        assert not button.visible, f"{button.label} would move the game behind the curtain"
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 2)
    assert record.privates == [], "nothing of any seat is drawn"
    assert scene.table.veiled()
    key(app, pygame.K_ESCAPE)
    assert app.top is curtain and scene.table.veiled(), "back to the same curtain, still passing"
