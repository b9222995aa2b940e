"""``GameScene.check`` asks the rules once per position and move, and never answers from another position."""

from __future__ import annotations

from typing import Any

import pytest

from bauhausbox.engine.api import GameRules
from bauhausbox.scenes.game_scene import GameScene
from tests.ui.helpers import open_game


def test_check_asks_the_rules_once_per_position_and_move(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_game(fresh_app, "blokus", 2, seats=["human", "human"], seed=1)
    assert isinstance(scene, GameScene)
    rules_type = type(scene.game)
    real_check = rules_type.check
    asked: list[Any] = []

    def counting(self: GameRules[Any, Any], state: Any, move: Any, seat: int | None = None) -> str | None:
        asked.append(move)
        return real_check(self, state, move, seat)

    monkeypatch.setattr(rules_type, "check", counting)
    first, second = scene.game.legal_moves(scene.match.state)[:2]

    # Sixty frames of hovering the same move: the rules are asked once.
    answers = {scene.check(first) for _ in range(60)}
    assert answers == {None} and asked == [first]

    # A move played: the position is new, so the rules are asked again.
    assert scene.submit(first)
    after_first = scene.check(second)
    assert asked == [first, second]
    assert after_first == real_check(scene.game, scene.match.state, second)

    # Take it back and play another move: the history has the same length and cursor as before, but
    # the position differs, and the answer must come from the new one.
    scene.step_back()
    assert scene.submit(second)
    assert scene.match.history.cursor == 1 and len(scene.match.history.steps) == 1
    again = scene.check(second)
    assert asked == [first, second, second]
    assert again == real_check(scene.game, scene.match.state, second)
    assert again is not None  # it was just played: the rules refuse it now
