"""Bits computer players: legal moves from views only, the evaluator's sense of shapes, the bench."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace

import pytest

from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.rng import Rng
from bauhausbox.games.bits.ai import FEATURES, Evaluator, HardBot, make_bot, play_solo, small_shape
from bauhausbox.games.bits.board import board_from_rows
from bauhausbox.games.bits.cards import TILES
from bauhausbox.games.bits.rules import GAME, PASS, BitsState, Place
from bauhausbox.games.bits.tools import bench


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


# -- the hard player's search --------------------------------------------------------------------
def _solo_position(seed: int, moves: int) -> BitsState:
    """A solo position after ``moves`` moves of the medium player."""
    state = GAME.new_game(1, seed)
    bot = make_bot("medium", seed)
    for _ in range(moves):
        state = GAME.apply(state, bot.choose(GAME, GAME.view(state, 0), 0, Budget(1.0)))
    return state


def _last_tile(board_rows: list[str], tile: str, goals: tuple[str, ...]) -> BitsState:
    """A round-1 solo position on ``board_rows`` with ``tile`` turned up and the neutral tile in hand."""
    state = _solo_position(5, 1)  # the start tile is down, a tile card is turned up
    deck = list(TILES)
    deck.remove(tile)
    return replace(state, boards=(board_from_rows(board_rows),), goals=goals, shown=(tile,), deck=tuple(deck))


def test_hard_plays_the_neutral_tile_on_the_last_spot_when_the_tile_would_cost_points() -> None:
    # One spot is left (H5, the top row's last two cells). The yellow–blue tile would leave a single
    # blue square (−1 on card 3d); the neutral tile scores 0, and keeping it for later is worth nothing
    # once the ramp is full.
    state = _last_tile(["YYYY.."] + ["KKKKKK"] * 5, "YB", ("3d",))
    moves = GAME.legal_moves(state)
    assert {move.colours for move in moves if isinstance(move, Place)} == {"YB", "BY", "NN"}
    move = make_bot("hard", 0).choose(GAME, GAME.view(state, 0), 0, Budget(10.0))
    assert isinstance(move, Place) and move.neutral


def test_hard_is_deterministic_at_a_fixed_node_budget() -> None:
    for moves in (3, 12, 15):
        view = GAME.view(_solo_position(8, moves), 0)
        first = HardBot(21, nodes=6000).choose(GAME, view, 0, Budget(60.0))
        second = HardBot(21, nodes=6000).choose(GAME, view, 0, Budget(60.0))
        assert first == second


def test_hard_respects_its_node_budget() -> None:
    view = GAME.view(_solo_position(4, 2), 0)  # early in the round: one full look-ahead costs thousands
    for nodes in (500, 3000):
        bot = HardBot(0, nodes=nodes)
        bot.choose(GAME, view, 0, Budget(60.0))
        # It may finish the board expansion it is in (at most one tile's placements per unseen tile).
        assert 0 < bot.nodes_used <= nodes + 20 * 33


def test_hard_stops_at_once_when_cancelled_while_thinking() -> None:
    view = GAME.view(_solo_position(4, 2), 0)
    budget = Budget(60.0)
    timer = threading.Timer(0.05, budget.cancel_event.set)
    timer.start()
    started = time.perf_counter()
    move = HardBot(0, nodes=10_000_000).choose(GAME, view, 0, budget)
    timer.join()
    assert time.perf_counter() - started < 1.0
    assert move in GAME.legal_moves(view)


def test_hard_choice_does_not_depend_on_the_hidden_tile_order() -> None:
    state = _solo_position(6, 4)
    other = replace(state, deck=tuple(reversed(state.deck)), rng=Rng.from_seed(99))
    assert other.deck != state.deck and GAME.view(other, 0) == GAME.view(state, 0)
    choices = {HardBot(3, nodes=5000).choose(GAME, GAME.view(s, 0), 0, Budget(60.0)) for s in (state, other)}
    assert len(choices) == 1


def test_hard_searches_the_last_tiles_of_a_round_to_the_end() -> None:
    state = _solo_position(7, 1)
    bot = make_bot("medium", 7)
    while state.boards[0].count(".") > 6:  # three tiles to go: this one and two more
        state = GAME.apply(state, bot.choose(GAME, GAME.view(state, 0), 0, Budget(1.0)))
    hard = HardBot(7)
    hard.choose(GAME, GAME.view(state, 0), 0, Budget(60.0))
    assert hard.depth_reached == 2
    # Mid-round the same budget looks one tile ahead.
    hard.choose(GAME, GAME.view(_solo_position(7, 4), 0), 0, Budget(60.0))
    assert hard.depth_reached == 1


def test_hard_solo_game_is_pinned_at_its_node_budget() -> None:
    """Seed 0 of the 200-game strength measurement (docs/bits.md): its round totals as that run
    recorded them, and its first round's moves. The same seed and node budget give the same moves on
    any machine, so a change in the hard player's play shows up here."""
    state = GAME.new_game(1, 0)
    bot = make_bot("hard", 0)
    moves = []
    while state.round == 1:
        move = bot.choose(GAME, GAME.view(state, 0), 0, Budget(100.0))
        moves.append(GAME.format_move(state, move))
        state = GAME.apply(state, move)
    assert " / ".join(moves) == (
        "RR V1 / PB V6 / YR V2 / RR V4 / KR V1 / BR V5 / KP V2 / KB H1 / YP V3 / PP V6 / YY V3 / KY H1"
        " / BB V6 / PP V3 / neutral H4 / RP V5 / KK V4 / YB H4"
    )
    assert play_solo(make_bot("hard", 0), 0, seconds=100.0) == [8, 12, 8]
