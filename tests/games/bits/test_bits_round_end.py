"""Behind a round's scoring the screen shows that round's end, not the next round: its boards, its goal
cards and points, and no prompt to place the next start tile until the scoring is closed (the #25
review: "Manche 2 sur 3 — Décompte" over round 3's "placez votre domino de départ"). At a
pass-and-play table the scoring comes before the curtain, so everybody sees it together."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.engine.history import SeatSpec
from bauhausbox.games.bits.screen.round_scene import BitsRoundScene
from bauhausbox.games.bits.screen.scene import BitsScene
from bauhausbox.match import Match
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.flow import open_match
from bauhausbox.ui import layout_probe
from tests.ui.helpers import click, frames, key, redraw_everything
from tests.ui.scenarios.bits import _play_until


def _to_round_end(seats: list[str], seed: int) -> tuple[Match, Any]:
    specs = [SeatSpec.from_text(text, name) for text, name in zip(seats, ("Anni", "Josef"), strict=False)]
    match = Match.start("bits", len(seats), specs, {"advanced": False}, seed)
    last = _play_until(match, lambda state, after: len(after.finished) > len(state.finished), seed)
    assert last is not None
    return match, last


def _game_texts(app: Any) -> list[str]:
    """What the game screen (the bottom layer) says in one frame."""
    redraw_everything(app)
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    return [text.content for text in record.texts if text.layer == min(t.layer for t in record.texts)]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_behind_the_scoring_the_finished_round_shows_and_its_prompt_waits(fresh_app: Any, language: str) -> None:
    i18n.set_language(language)
    match, last = _to_round_end(["human", "ai:easy"], 5)
    played = match.history.cursor
    open_match(fresh_app, match)
    frames(fresh_app, 2)
    scene = next(s for s in fresh_app.stack if isinstance(s, BitsScene))
    if match.history.cursor == played:  # the computer did not end the round itself
        assert scene.submit(last)
    frames(fresh_app, 4)
    assert isinstance(fresh_app.top, BitsRoundScene) and fresh_app.top.round_number == 1
    assert match.state.round == 2  # the rules have begun round 2 ...
    shown = scene.state  # ... the screen shows round 1's end
    assert shown.round == 1 and shown.boards == match.state.finished[0]
    said = _game_texts(fresh_app)
    prompt = "Anni : placez votre domino de départ" if language == "fr" else "Anni: place your start tile"
    over = "La manche 1 est terminée" if language == "fr" else "Round 1 is over"
    assert over in said and prompt not in said, said
    assert not [t for t in said if "MANCHE 2" in t or "ROUND 2" in t], said
    key(fresh_app, pygame.K_RETURN)
    frames(fresh_app, 2)
    assert fresh_app.top is scene and scene.state.round == 2
    said = _game_texts(fresh_app)
    banner = "À VOUS, ANNI" if language == "fr" else "YOUR TURN, ANNI"  # the prompt's moment in the top bar
    assert (prompt in said or banner in said) and over not in said, said


def test_at_a_pass_and_play_table_the_scoring_comes_before_the_curtain(fresh_app: Any) -> None:
    fresh_app.settings.animation_speed = "normal"  # the last tile slides: the curtain came first then
    try:
        match, last = _to_round_end(["human", "human"], 6)
        open_match(fresh_app, match)
        frames(fresh_app, 2)
        scene = next(s for s in fresh_app.stack if isinstance(s, BitsScene))
        assert isinstance(fresh_app.top, CurtainScene)
        click(fresh_app, fresh_app.top.ready_button.rect.center)
        frames(fresh_app, 2)
        assert scene.submit(last)
        frames(fresh_app, 3)
        assert isinstance(fresh_app.top, BitsRoundScene), fresh_app.top
        assert scene.state.round == 1 and scene.veiled()  # the round's end, public, while the device waits
        key(fresh_app, pygame.K_RETURN)
        frames(fresh_app, 2)
        assert isinstance(fresh_app.top, CurtainScene)  # then the next player takes the device
        click(fresh_app, fresh_app.top.ready_button.rect.center)
        frames(fresh_app, 2)
        assert fresh_app.top is scene and scene.state.round == 2
    finally:
        fresh_app.settings.animation_speed = "off"


def test_a_game_left_over_its_scoring_opens_on_it_again(fresh_app: Any) -> None:
    # Continue or Load of a game saved as round 1 ended: its scoring again, round 1's end behind it.
    match, last = _to_round_end(["human", "ai:easy"], 5)
    match.history.play(last)
    assert match.state.round == 2
    open_match(fresh_app, match)
    frames(fresh_app, 3)
    scene = next(s for s in fresh_app.stack if isinstance(s, BitsScene))
    assert isinstance(fresh_app.top, BitsRoundScene) and fresh_app.top.round_number == 1
    assert scene.state.round == 1 and scene.state.boards == match.state.finished[0]
    key(fresh_app, pygame.K_RETURN)
    frames(fresh_app, 2)
    assert fresh_app.top is scene and scene.state.round == 2
