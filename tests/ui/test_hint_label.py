"""The top bar's hint button says "Play hint" only while a hint is up, also while another scene
(the outcome of the move that played it) stands over the game's screen."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import games
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.ui.app import Scene
from tests.ui.helpers import click, close_outcome, frames, open_game


class _Over(Scene):
    """A see-through scene over the game (as the outcome of a move or a computer's turn stands)."""

    opaque = False
    name = "over"

    def draw(self, surface: pygame.Surface) -> None:
        pass


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_play_hint_label_goes_with_the_hint(fresh_app: Any, game_id: str) -> None:
    app = fresh_app
    players = min(2, games.load(game_id).info.max_players)
    open_game(app, game_id, players, ["human"] * players, seed=5)
    scene = next(s for s in reversed(app.stack) if isinstance(s, GameScene))
    for _ in range(3):  # the curtain of a game with secrets goes up first
        frames(app, 2)
        close_outcome(app)
        if isinstance(app.top, CurtainScene):
            click(app, app.top.ready_button.rect.center)
    assert app.top is scene
    move = scene.game.legal_moves(scene.match.state)[0]
    scene.show_hint(move)
    frames(app, 1)
    assert scene.hint_button.label == "Play hint"
    app.push(_Over(app))  # the game's screen is no longer updated, only drawn
    scene.hint_move = None  # the hint was played (or the position changed) meanwhile
    frames(app, 1)
    assert scene.hint_button.label == "Hint"
    app.pop()
