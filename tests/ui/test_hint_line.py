"""The status bar's hint line is never set below the house's reading size: a hint too long for the
bar is said in fewer words (the ghost on the board shows the rest), as the computer's moves are.

Each game's longest hints (every legal move shown as the hint, and in Bauhaus whole turns: a card
and what it does) at the narrowest common window, in French (the longer language), and at every
size in both languages at one position.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bauhausbox import i18n
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import frames, open_game, window_size
from tests.ui.layout_check import SECONDARY_MIN
from tests.ui.test_hint_is_one_move import _ready

# How many of a position's longest hints are drawn (each costs a frame).
LONGEST = 4
GAMES = [("buizen", 3), ("bauhaus", 4), ("bits", 2), ("blokus", 4)]
SIZES = [(1024, 700), (1280, 800), (1920, 1080)]


@contextmanager
def speaking(language: str) -> Iterator[None]:
    before = i18n.language()
    i18n.set_language(language)
    try:
        yield
    finally:
        i18n.set_language(before)


def _turns(scene: Any) -> list[tuple[Any, ...]]:
    """Every hint of the position: a move, or in Bauhaus a card with each way to carry it out."""
    game, state = scene.game, scene.match.state
    moves = game.legal_moves(state)
    if scene.match.setup.game_id != "bauhaus":
        return [(move,) for move in moves]
    turns = []
    for card in moves:
        after = game.apply(state, card)
        if after.to_play != state.to_play:
            turns.append((card,))
            continue
        turns.extend((card, then) for then in game.legal_moves(after))
    return turns


def _show(scene: Any, turn: tuple[Any, ...]) -> None:
    if scene.match.setup.game_id == "bauhaus":
        scene.hint_turn = (scene.match.state, turn)
        scene._hint_words = (None, "")
    scene.show_hint(turn[0])


def _whole(scene: Any, turn: tuple[Any, ...]) -> str:
    _show(scene, turn)
    return str(scene.hint_text(turn[0]))


def _check_longest(app: Any, scene: GameScene) -> int:
    """Show the position's longest hints; every text of the status bar at the reading size at least,
    inside the bar. Returns how many were drawn."""
    turns = sorted(_turns(scene), key=lambda turn: -len(_whole(scene, turn)))[:LONGEST]
    for turn in turns:
        _show(scene, turn)
        with layout_probe.recording(app.screen.get_size()) as record:
            frames(app, 1)
        said = [t for t in record.texts if t.rect.colliderect(scene.status_rect) and t.content.strip()]
        hint = [t for t in said if t.content.startswith(("Hint", "Indice"))]
        assert hint, f"the hint is not in the status bar: {[t.content for t in said]}"
        for text in said:
            assert text.size >= SECONDARY_MIN, f"{text.content!r} is set at {text.size} px"
            assert scene.status_rect.contains(text.rect), f"{text.content!r} runs out of the bar"
    return len(turns)


def _hints_at(app: Any, game_id: str, players: int, positions: int) -> int:
    open_game(app, game_id, players, ["human"] * players, seed=5)
    drawn = 0
    for _ in range(positions):
        scene = _ready(app)
        drawn += _check_longest(app, scene)
        turns = _turns(scene)
        scene.hint_move = None
        for move in turns[len(turns) // 2]:  # on to another position
            assert scene.submit(move)
            frames(app, 1)
            _ready(app)
    return drawn


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_longest_hints_keep_the_reading_size_at_1024_in_french(fresh_app: Any, game_id: str, players: int) -> None:
    with speaking("fr"), window_size(fresh_app, (1024, 700)) as app:
        assert _hints_at(app, game_id, players, 3) >= 3


# Every size in both languages, one position each (1024 in French: the test above, at three).
OTHERS = [(size, language) for size in SIZES for language in ("en", "fr") if (size, language) != ((1024, 700), "fr")]


@pytest.mark.parametrize(("size", "language"), OTHERS, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_longest_hints_keep_the_reading_size_at_every_size(
    fresh_app: Any, game_id: str, players: int, size: tuple[int, int], language: str
) -> None:
    with speaking(language), window_size(fresh_app, size) as app:
        assert _hints_at(app, game_id, players, 1) >= 1
