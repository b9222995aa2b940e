"""Esc closes the screens that sit on top of the others (settings, Load, the game-over table), and
nothing of what is pressed there reaches the screen underneath."""

from __future__ import annotations

from typing import Any

import pygame

from bauhausbox.scenes.flow import open_match
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.load import LoadScene
from bauhausbox.scenes.main_menu import MainMenuScene
from bauhausbox.scenes.settings import SettingsScene
from tests.ui.helpers import frames, key, wait_until
from tests.ui.test_status import nearly_finished_match


def test_escape_closes_settings_and_load_and_stays_on_top(fresh_app: Any) -> None:
    app = fresh_app
    for make in (SettingsScene, LoadScene):
        app.push(make(app))
        frames(app, 1)
        key(app, pygame.K_q)  # a key the screen does not use stops there too
        assert isinstance(app.top, make)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MainMenuScene), make  # closed, and the menu did not see the Esc
        assert len(app.stack) == 1


def test_escape_closes_the_game_over_table_back_to_the_board(fresh_app: Any) -> None:
    app = fresh_app
    open_match(app, nearly_finished_match("blokus"))
    scene = app.top
    assert isinstance(scene, GameScene)
    assert wait_until(app, lambda: isinstance(app.top, GameOverScene), 200)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene  # the board, not its pause menu: the Esc stopped at the table
