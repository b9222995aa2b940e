"""Every seat-taking method of every registered game refuses a seat the game does not have with one
clear :class:`NoSuchSeatError` (a :class:`GameError`), never an ``IndexError`` or a silent answer."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.api import GameError, NoSuchSeatError
from bauhausbox.engine.rng import Rng

CASES = [
    (game_id, players)
    for game_id in games.GAME_IDS
    for players in range(games.load(game_id).info.min_players, games.load(game_id).info.max_players + 1)
]


def _positions(game: Any, players: int) -> list[Any]:
    """The start, a position a few plies in, and a finished game."""
    rnd = random.Random(players)
    state = game.new_game(players, 7, **game.normalize_options(players, {}))
    found = [state]
    for ply in range(2000):
        if game.is_over(state):
            break
        state = game.apply(state, rnd.choice(game.legal_moves(state)))
        if ply == 5:
            found.append(state)
    assert game.is_over(state)
    return [*found, state]


def _calls(game: Any, state: Any, seat: Any) -> dict[str, Any]:
    """Each method that takes a seat, called with ``seat``."""
    moves = game.legal_moves(state)
    calls: dict[str, Any] = {
        "legal_moves": lambda: game.legal_moves(state, seat),
        "legal_moves(seat=)": lambda: game.legal_moves(state, seat=seat),
        "view": lambda: game.view(state, seat),
        "determinize": lambda: game.determinize(state, seat, Rng(1)),
    }
    if moves:
        move = moves[0]
        calls["apply"] = lambda: game.apply(state, move, seat=seat)
        calls["check"] = lambda: game.check(state, move, seat)
        calls["parse_move"] = lambda: game.parse_move(state, game.format_move(state, move), seat)
    return calls


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_seat_the_game_does_not_have_is_refused_with_a_clear_error(game_id: str, players: int) -> None:
    game = games.load(game_id)
    for state in _positions(game, players):
        for seat in (players, 7, -1, 10**6):
            for name, call in _calls(game, state, seat).items():
                with pytest.raises(NoSuchSeatError) as caught:
                    call()
                message = str(caught.value)
                assert message == f"no seat {seat} in a {players}-player game", f"{game_id}.{name}: {message!r}"
                assert isinstance(caught.value, GameError)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_seat_name_is_only_given_for_a_seat_of_the_game(game_id: str, players: int) -> None:
    game = games.load(game_id)
    names = [game.seat_name(seat, players) for seat in range(players)]
    assert all(names) and len(set(names)) == players
    for seat in (players, 7, -1):
        with pytest.raises(NoSuchSeatError, match=f"^no seat {seat} in a {players}-player game$"):
            game.seat_name(seat, players)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_real_seat_is_still_accepted(game_id: str, players: int) -> None:
    game = games.load(game_id)
    for state in _positions(game, players):
        for seat in range(players):
            for call in _calls(game, state, seat).values():
                try:
                    call()
                except NoSuchSeatError:  # pragma: no cover - the failure message says which
                    pytest.fail(f"{game_id}: seat {seat} of {players} refused")
                except GameError:
                    pass  # e.g. a move of the seat to play, tried for another seat: illegal, fine
