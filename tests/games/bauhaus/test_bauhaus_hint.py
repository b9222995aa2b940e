"""A Bauhaus hint is one whole turn: the card and what it does are shown together, said in one
sentence, and Enter plays all of it (a turn is a card choice, then its resolution)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import table
from bauhausbox.games.bauhaus.positions import EMPTY_BOARD
from bauhausbox.games.bauhaus.rules import CHOOSE, GAME, MoveKind
from bauhausbox.ui import theme
from tests.games.bauhaus.test_bauhaus_scene import open_position, with_tokens
from tests.ui.helpers import frames, key, wait_until


@pytest.mark.parametrize("display", [("place", "move", "swap", "I2"), ("free", "free", "free", "free")])
def test_the_hint_shows_says_and_plays_the_card_with_what_it_does(
    fresh_app: Any, monkeypatch: Any, display: Any
) -> None:
    monkeypatch.setattr(table, "HINT_SECONDS", 0.3)
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=display), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    assert scene.match.state.phase == CHOOSE
    key(fresh_app, pygame.K_h)
    assert wait_until(fresh_app, lambda: scene.hint_move is not None, 600)
    hint = scene.hint_move
    assert hint is not None and hint.kind == MoveKind.CARD
    turn = scene.hinted_turn(hint)
    # The whole turn: after its last decision the turn has passed to the other player.
    after = scene.match.state
    for move in turn:
        after = GAME.apply(after, move)
    assert len(turn) >= 2 and after.to_play == 1 and after.phase == CHOOSE, turn

    # Said in one sentence: the card, then what it does, with the square or wall it names.
    said = scene.status_message()
    assert said.count("Hint:") == 1 and ", then " in said, said
    last = turn[-1]
    places = [GAME.board.square_name(square) for square in last.squares]
    assert all(place in said for place in places), (places, said)

    # Shown together: the card is outlined and so is every square or wall of the turn.
    frames(fresh_app, 1)
    screen = fresh_app.screen
    card = scene.card_rects[hint.slot]
    width = max(3, scene.metrics.u(0.5))
    assert tuple(screen.get_at((card.centerx, card.top - width // 2 - 1)))[:3] == theme.BLUE
    for move in turn[1:]:
        for square in move.squares:
            cell = scene.geo.square_rect(square)
            assert tuple(screen.get_at((cell.centerx, cell.top + width)))[:3] == theme.BLUE, square
        for edge in move.edges:
            bar = scene.geo.edge_rect(edge, scene.geo.wall_thickness() + width * 2)
            edge_pixels = {tuple(screen.get_at((x, bar.top)))[:3] for x in range(bar.left, bar.right)}
            assert theme.BLUE in edge_pixels, edge

    # Enter plays all of it, one decision a frame, and nothing more.
    before = scene.match.history.cursor
    key(fresh_app, pygame.K_RETURN)
    assert wait_until(fresh_app, lambda: scene.match.history.cursor == before + len(turn), 60)
    frames(fresh_app, 3)
    played = [step.move for step in scene.match.history.steps[before : scene.match.history.cursor]]
    assert played == list(turn)
    assert scene.match.state.to_play == 1


def test_an_answer_to_the_card_stops_the_rest_of_the_hinted_turn(fresh_app: Any, monkeypatch: Any) -> None:
    """What is left of an accepted hint is played only in the position it was made for."""
    monkeypatch.setattr(table, "HINT_SECONDS", 0.3)
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("place", "move", "swap", "I2")), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    key(fresh_app, pygame.K_h)
    assert wait_until(fresh_app, lambda: scene.hint_move is not None, 600)
    assert scene.accept_hint()
    assert scene.hint_rest
    # Another position comes in between (as a power used on the chosen card would make it).
    scene.step_back()
    frames(fresh_app, 3)
    assert scene.hint_rest == () and scene.match.state == state
