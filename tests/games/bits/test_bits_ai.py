"""Bits computer players: legal moves from views only, the evaluator's sense of shapes, the bench."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.bits import bench
from bauhausbox.games.bits.ai import FEATURES, Evaluator, make_bot, small_shape
from bauhausbox.games.bits.board import board_from_rows
from bauhausbox.games.bits.rules import GAME, PASS


def feature(evaluator: Evaluator, rows: list[str], name: str) -> float:
    return evaluator.features(board_from_rows(rows))[FEATURES.index(name)]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_legal_moves_from_its_view(level: str) -> None:
    rnd = random.Random(1)
    state = GAME.new_game(3, seed=17)
    bots = [make_bot(level, seat) for seat in range(3)]
    for _ in range(40):
        seat = state.to_play
        assert seat is not None
        move = bots[seat].choose(GAME, GAME.view(state, seat), seat, Budget(0.3))
        assert move in GAME.legal_moves(state)
        state = GAME.apply(state, move)
        if rnd.random() < 0.2:  # jump ahead a little with random moves
            state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))


def test_a_full_ramp_passes() -> None:
    state = GAME.new_game(1, seed=2)
    state = GAME.apply(state, GAME.legal_moves(state)[0])
    full = replace(state, boards=("RYBPKR" * 6,))
    assert make_bot("hard", 0).choose(GAME, GAME.view(full, 0), 0, Budget(0.3)) == PASS


def test_small_shapes_are_named_in_every_orientation() -> None:
    assert small_shape([0, 6, 7, 8]) == "L4"
    assert small_shape([5, 11, 10, 16]) == "S4"
    assert small_shape([4, 5, 10, 11]) == "O"
    assert small_shape([0, 1, 2]) == "I3" and small_shape([0, 6, 12]) == "I3"
    assert small_shape([0, 1, 2, 3, 4]) is None


def test_evaluator_sees_whether_a_piece_can_still_be_completed() -> None:
    squares = Evaluator(["1a"])  # squares of four
    # A red corner whose missing cell is free: completable.
    assert feature(squares, ["......"] * 4 + ["R.....", "RR...."], "grow1") == 2
    # The same corner with a black square in its missing cell: blocked for a square.
    assert feature(squares, ["......"] * 4 + ["RK....", "RR...."], "grow_blocked") == 2
    # A red domino whose square would have to touch another red cell: blocked too.
    blocked = ["......"] * 4 + ["..R...", "RRK..."]
    assert feature(squares, blocked, "grow_blocked") >= 2


def test_evaluator_prefers_the_exact_shape_to_a_bigger_area() -> None:
    evaluator = Evaluator(["1a"])
    square = board_from_rows(["......"] * 3 + ["KK....", "RR....", "RR...."])
    five = board_from_rows(["......"] * 3 + ["KR....", "RR....", "RR...."])
    assert evaluator.evaluate(square) > evaluator.evaluate(five)


def test_hard_bot_stops_when_cancelled() -> None:
    state = GAME.new_game(1, seed=3)
    state = GAME.apply(state, GAME.legal_moves(state)[0])
    budget = Budget(10.0)
    budget.cancel_event.set()
    move = make_bot("hard", 0).choose(GAME, GAME.view(state, 0), 0, budget)
    assert move in GAME.legal_moves(state)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        make_bot("grandmaster", 0)


def test_bench_quick_run() -> None:
    rows = bench.run(quick=True)
    labels = [row[0] for row in rows]
    assert any("legal moves" in label for label in labels)
    assert all(isinstance(value, float) for _, value, _, _ in rows)
