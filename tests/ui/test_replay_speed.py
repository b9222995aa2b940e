"""The replay viewer plays at ½×, 1×, 2× or 4×: + and - (or the speed button) change the speed, and
playing at 4× goes through four times as many moves in the same time as at 1×."""

from __future__ import annotations

from typing import Any

import pygame

from bauhausbox.scenes.replay import ReplayScene
from tests.ui.helpers import click, frames, key, seeded_game

SECONDS = 3.0  # of playing, in frames of 1/60 s


def _moves_played_in(app: Any, replay: ReplayScene) -> int:
    replay.go_to(0, pause=True)
    key(app, pygame.K_SPACE)  # play
    assert replay.playing
    frames(app, round(SECONDS * 60))
    played = replay.position
    key(app, pygame.K_SPACE)  # pause
    return played


def test_speeds_change_how_fast_the_replay_plays(fresh_app: Any) -> None:
    app = fresh_app
    replay = app.push(ReplayScene.of_match(app, seeded_game("blokus", 2, seed=5)))
    assert isinstance(replay, ReplayScene) and replay.moves > 20
    frames(app, 1)
    at_1 = _moves_played_in(app, replay)
    assert at_1 == 2, "one move every 1.2 s at 1x"
    key(app, pygame.K_PLUS)
    key(app, pygame.K_EQUALS)  # + without Shift
    assert replay.speed_button.label == "4×"
    at_4 = _moves_played_in(app, replay)
    assert at_4 >= 4 * at_1 + 1, f"4x played {at_4} moves, 1x {at_1}"
    key(app, pygame.K_MINUS)
    key(app, pygame.K_MINUS)
    key(app, pygame.K_MINUS)
    key(app, pygame.K_MINUS)  # not below the slowest
    assert replay.speed_button.label == "½×"
    assert _moves_played_in(app, replay) == 1, "one move every 2.4 s at half speed"
    click(app, replay.speed_button.rect.center)
    assert replay.speed_button.label == "1×", "the button goes to the next speed"
