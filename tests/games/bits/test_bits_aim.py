"""The Bits tile drops where it is shown (issue #25): after any turn, by a click, Space or Down, at
every column edge; Enter plays a hint that is shown and nothing else; the round's scoring dialog sits
centred, clear of the bars; after "See the board" no tile buttons; reasons read as sentences."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.games.bits.cards import SIZE
from bauhausbox.games.bits.rules import Place
from tests.ui.helpers import click, frames, key, move, open_game, window_size


def air_point(scene: Any, x: float) -> tuple[int, int]:
    """The screen point above the ramp's top edge at board x (the tile waits there)."""
    px, py = scene.ramp.point(x, 7.0)
    return round(px), round(py)


def _recording(scene: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every move the screen submits from now on (none is played: the test looks only at where)."""
    submitted: list[Any] = []

    def submit(move: Any, seat: Any = None) -> bool:
        submitted.append(move)
        return True

    monkeypatch.setattr(scene, "submit", submit)
    return submitted


def _drop(app: Any, how: str, pos: tuple[int, int]) -> None:
    if how == "click":
        click(app, pos)
    else:
        key(app, pygame.K_SPACE if how == "space" else pygame.K_DOWN)


# Just inside each column's left and right edges: where the flat and the standing tile's columns
# differ (a flat tile is centred on the pointer, a standing one is in the column under it).
EDGES = [column + inset for column in range(SIZE) for inset in (0.06, 0.94)]


@pytest.mark.parametrize("how", ["click", "space", "down"])
def test_a_turned_tile_drops_where_it_is_shown(fresh_app: Any, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """Point, turn with R (1, 2 or 3 quarter turns, or Shift+R) without moving, drop: the move
    submitted is the one shown, and the tile stays under the pointer."""
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    submitted = _recording(scene, monkeypatch)
    turns = [(1, 0), (2, 0), (3, 0), (1, pygame.KMOD_SHIFT)]
    for x in EDGES:
        for count, mod in turns:
            scene.quarter = 0  # a new tile comes to hand lying flat
            pos = air_point(scene, x)
            move(fresh_app, (pos[0], pos[1] + 1))  # the pointer moves (a key drop aimed it where it was)
            move(fresh_app, pos)
            for _ in range(count):
                key(fresh_app, pygame.K_r, mod)
            shown = scene.held_move()
            assert shown is not None
            under = math.floor(x) if shown.vertical else max(0, min(SIZE - 2, math.floor(x - 0.5)))
            assert shown.column == under, (x, count, mod)  # the tile is where the pointer is
            _drop(fresh_app, how, pos)
            assert submitted[-1] == shown, (x, count, mod, how)


@pytest.mark.parametrize("how", ["click", "space", "down"])
def test_a_keyed_tile_turned_drops_where_it_is_shown(fresh_app: Any, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """Aimed with the arrows (the pointer resting elsewhere on the ramp), turned, dropped: the tile
    goes where it was shown, not to the column under the resting pointer."""
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    submitted = _recording(scene, monkeypatch)
    pos = air_point(scene, 3.5)
    for target in range(SIZE):
        for count in (1, 2, 3):
            scene.quarter = 0
            move(fresh_app, pos)
            while scene.column != target:
                key(fresh_app, pygame.K_RIGHT if scene.column < target else pygame.K_LEFT)
                if target == SIZE - 1 and scene.column == SIZE - 2:
                    break  # a flat tile's last column is the fifth
            aimed = scene.column
            for _ in range(count):
                key(fresh_app, pygame.K_r)
            shown = scene.held_move()
            assert shown is not None
            assert shown.column == min(aimed, SIZE - 1 if shown.vertical else SIZE - 2)  # still where aimed
            _drop(fresh_app, how, pos)
            assert submitted[-1] == shown, (target, count, how)


def test_enter_plays_only_a_hint_that_is_shown(fresh_app: Any) -> None:
    """Enter is not a drop key: with the tile over a column and no hint, it plays nothing; with a
    hint shown it plays exactly the hint."""
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    move(fresh_app, air_point(scene, 3.0))
    assert scene.held_move() is not None
    for enter in (pygame.K_RETURN, pygame.K_KP_ENTER):
        key(fresh_app, enter)
        frames(fresh_app, 2)
        assert scene.match.history.cursor == 0, enter
    hint = [m for m in scene.game.legal_moves(scene.match.state) if isinstance(m, Place) and m.vertical][-1]
    scene.show_hint(hint)
    key(fresh_app, pygame.K_RETURN)
    frames(fresh_app, 2)
    assert scene.match.history.steps[0].move == hint


def test_the_curtains_enter_pressed_twice_plays_nothing(fresh_app: Any) -> None:
    """Pass and play: Enter (or Space) shows the player's turn; pressed again, it must not place
    the tile unseen. Space then shows the tile first, and only a second Space drops it there."""
    from bauhausbox.games.bits.screen.scene import BitsScene
    from bauhausbox.scenes.curtain import CurtainScene

    open_game(fresh_app, "bits", 2, ["human", "human"], seed=9)
    frames(fresh_app, 2)
    scene = next(s for s in fresh_app.stack if isinstance(s, BitsScene))
    assert isinstance(fresh_app.top, CurtainScene)
    move(fresh_app, (2, 2))  # the pointer off the ramp: no tile shown
    key(fresh_app, pygame.K_RETURN)
    frames(fresh_app, 1)
    assert fresh_app.top is scene
    key(fresh_app, pygame.K_RETURN)
    frames(fresh_app, 2)
    assert scene.match.state.pending == (None, None)
    key(fresh_app, pygame.K_SPACE)
    frames(fresh_app, 2)
    assert scene.match.state.pending == (None, None)
    shown = scene.held_move()
    assert shown is not None  # Space brought the tile over a column
    key(fresh_app, pygame.K_SPACE)
    assert scene.match.state.pending[0] == shown


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 700), (1152, 720), (1280, 800), (1920, 1080)], ids=str)
@pytest.mark.parametrize("which", ["bits_round_end", "bits_solo_rank"])
def test_the_round_scoring_dialog_is_centred_clear_of_the_bars(
    fresh_app: Any, size: tuple[int, int], language: str, which: str
) -> None:
    from bauhausbox.games.bits.screen.round_scene import BitsRoundScene
    from tests.ui.scenarios import all_scenarios

    i18n.set_language(language)
    with window_size(fresh_app, size):
        all_scenarios()[which](fresh_app)
        dialog = fresh_app.top
        assert isinstance(dialog, BitsRoundScene)
        game = fresh_app.stack[-2]
        panel, (width, height) = dialog.panel, size
        assert panel.top >= game.top_rect.bottom and panel.bottom <= game.status_rect.top
        assert abs(panel.left - (width - panel.right)) <= 1 and abs(panel.top - (height - panel.bottom)) <= 1
        assert panel.left >= dialog.metrics.u(4)
        assert not any(panel.colliderect(w.rect) for w in game.widgets.widgets if w.visible and w.rect.bottom <= 100)
        assert panel.contains(dialog.button.rect)
        assert all(panel.contains(row) for _, row in dialog.card_lines)


def test_see_the_board_shows_no_tile_buttons(fresh_app: Any) -> None:
    from tests.ui.scenarios import all_scenarios

    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    frames(fresh_app, 1)
    assert scene.turn_button.visible and scene.neutral_button.visible
    all_scenarios()["bits_see_the_board"](fresh_app)
    scene = fresh_app.top
    assert scene.match.over and scene.game_over_shown
    assert not scene.turn_button.visible and not scene.neutral_button.visible


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_reason_reads_as_the_same_sentence_above_the_tile_and_by_the_pointer(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    i18n.set_language(language)
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=6)
    key(fresh_app, pygame.K_r)  # upright
    for _ in range(3):  # the start tile and two cards stacked in column 1: six rows
        while not scene.held()[1]:
            key(fresh_app, pygame.K_r)
        click(fresh_app, air_point(scene, 0.5))
    while not scene.held()[1]:
        key(fresh_app, pygame.K_r)
    notes: list[str] = []
    monkeypatch.setattr(scene, "_note", lambda surface, reason, pos: notes.append(reason))
    move(fresh_app, air_point(scene, 0.5))
    frames(fresh_app, 1)
    assert notes and notes[-1][0].isupper(), notes
    click(fresh_app, air_point(scene, 0.5))
    assert scene.refusal() == notes[-1]
