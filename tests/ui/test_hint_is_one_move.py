"""A hint is one move: the text it shows, the ghost it draws and the move that accepting it plays.

For every game in the registry, in several positions of a two-human game: the computer's hint (H)
and a spread of other legal moves shown as hints are checked. The text must say the move in words
for its player (the game's ``describe_move`` turned into advice: "place the blue Y on a17–b20");
the ghost is recorded from the drawing
code's ``draw_hint``; where the game points the player's held piece at the hint (Bits, Buizen), the
player's own gesture must play that move too; and Enter (accept) must play exactly it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from bauhausbox import games, table
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.ui.text import advice
from tests.ui.helpers import click, close_outcome, frames, key, open_game, wait_until


def _bits_gesture(scene: Any, move: Any) -> Any:
    """What Space would drop: the tile as held, over the column pointed at."""
    return scene.held_move()


def _buizen_gesture(scene: Any, move: Any) -> Any:
    """What a click on the hinted cell would place: the held tile as turned, or the held special."""
    cell = getattr(move, "cell", None)
    return move if cell is None else scene.held_move(cell)


# The games whose held piece follows a hint; elsewhere the hint is only outlined.
GESTURES: dict[str, Callable[[Any, Any], Any]] = {"bits": _bits_gesture, "buizen": _buizen_gesture}


def _scene(app: Any) -> GameScene:
    found = next(s for s in reversed(app.stack) if isinstance(s, GameScene))
    assert isinstance(found, GameScene)
    return found


def _ready(app: Any) -> GameScene:
    scene = _scene(app)
    for _ in range(4):
        frames(app, 2)
        close_outcome(app)  # the last player saw what their move drew
        if isinstance(app.top, CurtainScene):
            click(app, app.top.ready_button.rect.center)
    assert app.top is scene
    return scene


def _check_hint(app: Any, scene: GameScene, move: Any, ghosts: list[Any], game_id: str) -> None:
    state = scene.match.state
    seat = scene.match.to_play
    notation = scene.game.format_move(state, move)
    # The bar says the whole hint, or fewer words of it when the whole has no room at its size.
    assert scene.status_message() in scene.hint_words(move)
    names = [spec.name for spec in scene.match.setup.seats]
    assert seat is not None
    sentence = games.describe_move(game_id, state, move, mover=seat, viewer=seat, names=names)
    said = scene.hint_text(move)
    assert said.startswith(f"Hint: {advice(sentence, names[seat])}"), (sentence, said)
    ghosts.clear()
    frames(app, 1)
    assert ghosts == [move]  # the ghost drawn this frame is the hinted move
    gesture = GESTURES.get(game_id)
    if gesture is not None:
        assert gesture(scene, move) == move, f"{notation}: the held piece plays {gesture(scene, move)}"


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_hint_text_ghost_and_accept_are_one_move(fresh_app: Any, monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    app = fresh_app
    monkeypatch.setattr(table, "HINT_SECONDS", 0.05)  # any legal hint will do; keep it quick
    scene_type = games.scene_class(game_id)
    ghosts: list[Any] = []
    original = scene_type.draw_hint

    def spied(self: GameScene, surface: pygame.Surface, move: Any) -> None:
        ghosts.append(move)
        original(self, surface, move)

    monkeypatch.setattr(scene_type, "draw_hint", spied)
    players = min(2, games.load(game_id).info.max_players)
    open_game(app, game_id, players, ["human"] * players, seed=11)
    checked = 0
    for position in range(8):
        scene = _ready(app)
        scene.hint_level = "easy"
        state = scene.match.state
        seat = scene.match.to_play
        assert seat is not None and not scene.match.over
        # Other legal moves shown as hints: every orientation and colour order the game has.
        moves = scene.game.legal_moves(state)
        for move in random.Random(position).sample(moves, min(10, len(moves))):
            scene.show_hint(move)
            _check_hint(app, scene, move, ghosts, game_id)
            checked += 1
        # The computer's hint, asked for with H, accepted with Enter.
        scene.hint_move = None
        key(app, pygame.K_h)
        assert wait_until(app, lambda shown=scene: shown.hint_move is not None, 400)
        hint = scene.hint_move
        _check_hint(app, scene, hint, ghosts, game_id)
        before = scene.match.history.cursor
        key(app, pygame.K_RETURN)
        step = scene.match.history.steps[before]
        assert step.move == hint and step.seat == seat  # exactly the hinted move was played
        assert scene.hint_move is None
        checked += 1
    assert checked >= 40
