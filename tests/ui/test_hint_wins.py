"""While a hint is shown, the status bar says the hint: no game puts what the pointer rests on (a
cell refusing the held tile) before it."""

from __future__ import annotations

from typing import Any

import pytest

from bauhausbox.scenes.game_scene import GameScene
from tests.ui.helpers import frames, move, open_game
from tests.ui.test_hint_is_one_move import _ready


@pytest.mark.parametrize("game_id,players", [("buizen", 3), ("bauhaus", 3), ("bits", 2), ("blokus", 2)])
def test_the_hints_line_wins_over_what_the_pointer_rests_on(fresh_app: Any, game_id: str, players: int) -> None:
    """The review (Buizen FR 1280): the pointer on the board, H pressed: the bar said "La tuile doit
    être posée à côté des tuiles déjà en place" in place of the hint. In every game, the pointer
    resting anywhere on the board (the hint's tile held), the bar says the hint's line."""
    open_game(fresh_app, game_id, players, ["human", "human"] + ["ai:easy"] * (players - 2), seed=5)
    scene = _ready(fresh_app)
    assert isinstance(scene, GameScene)
    legal = scene.game.legal_moves(scene.match.state, scene.match.to_play)
    scene.show_hint(legal[len(legal) // 2])
    frames(fresh_app, 1)
    hint = scene.hint_line()
    assert hint
    area = scene.game_rect
    for fx, fy in ((0.1, 0.15), (0.3, 0.5), (0.5, 0.3), (0.7, 0.7), (0.05, 0.9)):
        move(fresh_app, (area.left + round(area.width * fx), area.top + round(area.height * fy)))
        assert scene.status_message() == hint, (game_id, scene.mouse, scene.status_message())
