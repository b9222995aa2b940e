"""Blokus computer players: legal, budget-aware, plausible, and ordered in strength (short runs)."""

from __future__ import annotations

import random
import threading
import time

import pytest

from bauhausbox.engine.bots.base import Budget, Cancelled
from bauhausbox.games.blokus import ai, heuristics
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.rules import GAME, BlokusState, make_state
from tests.games.blokus.core_paths import PATHS, on_path


def random_position(players: int, plies: int, seed: int, teams: bool = False) -> BlokusState:
    rnd = random.Random(seed)
    state = GAME.new_game(players, seed, teams=teams) if players == 4 else GAME.new_game(players, seed)
    for _ in range(plies):
        if state.to_play is None:
            break
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    return state


def position_sets(state: BlokusState, colour: int) -> tuple[int, int]:
    """The blocked set and attach cells of ``colour`` that move generation and sampling take."""
    blocked = bb.blocked_by(state.occupied | state.forbidden[colour], state.hands[colour])
    return blocked, state.attach[colour]


@pytest.mark.parametrize(("players", "teams"), [(4, False), (4, True), (3, False), (2, False)])
@pytest.mark.parametrize("level", GAME.info.levels)
def test_every_level_plays_a_legal_move_in_every_variant(level: str, players: int, teams: bool) -> None:
    for plies in (0, 17, 45):
        state = random_position(players, plies, seed=plies + players, teams=teams)
        if state.to_play is None:
            continue
        bot = ai.make_bot(level, seed=3)
        move = bot.choose(GAME, GAME.view(state, state.to_play), state.to_play, Budget(0.2))
        assert move in GAME.legal_moves(state)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        ai.make_bot("grandmaster", 0)


def test_easy_opens_with_a_big_piece() -> None:
    state = GAME.new_game(4, 0)
    sizes = [ai.make_bot("easy", seed).choose(GAME, state, 0, Budget(1)).size for seed in range(20)]
    assert min(sizes) >= 4
    assert sizes.count(5) >= 10


def test_medium_heads_for_the_centre_with_a_pentomino() -> None:
    state = GAME.new_game(4, 0)
    move = ai.make_bot("medium", 0).choose(GAME, state, 0, Budget(1))
    assert move.size == 5
    # a20 is 19 steps from the centre; a five-square piece reaches at most 4 steps further in.
    assert heuristics.min_distance_to_centre(move) == 15


def test_move_values_reward_own_corners_and_taking_rivals_corners() -> None:
    state = GAME.new_game(4, 0)
    for text in ("a18,a19,a20,b20,c20", "t20", "t1", "a1"):
        state = GAME.apply(state, GAME.parse_move(state, text))
    # Blue's two monomino-free candidates of equal size: an I3 leading inwards diagonally from c20
    # opens corners; compare the values the heuristic gives to two moves of the same piece.
    moves = [m for m in GAME.legal_moves(state) if m.piece_name == "I3"]
    values = heuristics.move_values(state, moves)
    best = moves[max(range(len(moves)), key=values.__getitem__)]
    worst = moves[min(range(len(moves)), key=values.__getitem__)]
    own_after = GAME.apply(state, best)
    own_after_worst = GAME.apply(state, worst)
    corners_best = bb.attach_cells(own_after.boards[0], own_after.occupied, 0).bit_count()
    corners_worst = bb.attach_cells(own_after_worst.boards[0], own_after_worst.occupied, 0).bit_count()
    assert corners_best >= corners_worst


def test_hard_respects_its_budget() -> None:
    state = random_position(4, 30, seed=8)
    bot = ai.SearchBot(seed=1, seconds=10.0, parallel=False)
    started = time.perf_counter()
    move = bot.choose(GAME, state, state.to_play, Budget(0.3))  # type: ignore[arg-type]
    assert time.perf_counter() - started < 1.5
    assert move in GAME.legal_moves(state)


def test_hard_stops_when_cancelled() -> None:
    state = GAME.new_game(4, 0)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        ai.SearchBot(seed=1, parallel=False).choose(GAME, state, 0, Budget(5.0, cancel))


def test_sampled_placements_are_legal_and_playouts_finish() -> None:
    rnd = random.Random(4)
    for seed in range(5):
        state = random_position(4, 10 * seed, seed)
        if state.to_play is None:
            continue
        colour = state.colour
        for _ in range(10):
            move = heuristics.sample_placement(*position_sets(state, colour), rnd.random)
            assert move is not None
            assert GAME.check(state, move) is None
        points = heuristics.playout(state, rnd.random)
        assert all(-89 <= p <= 20 for p in points)


@pytest.mark.parametrize("tries", [heuristics._DRAWS, 2, 0])
@pytest.mark.parametrize("busiest", [True, False])
def test_a_cell_draw_is_uniform_over_the_legal_placements_covering_it(
    busiest: bool, tries: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Playouts draw candidates at random and keep the first legal one, listing them after ``tries``
    misses: either way each legal placement through the cell must come up equally often."""
    monkeypatch.setattr(heuristics, "_DRAWS", tries)
    state = random_position(4, 24, seed=3)
    colour = state.colour
    blocked, attach = position_sets(state, colour)
    legal_moves = GAME.legal_moves(state)
    through = {index: {move for move in legal_moves if move.mask >> index & 1} for index in range(bb.BITS)}
    cells = [index for index in range(bb.BITS) if attach >> index & 1 and len(through[index]) >= 2]
    index = (max if busiest else min)(cells, key=lambda cell: len(through[cell]))
    candidates, window = bb.candidates_at(blocked, index)
    rnd = random.Random(7)
    draws: dict[object, int] = {}
    per_move = 300
    for _ in range(per_move * len(through[index])):
        move = heuristics._draw(index, candidates, window, rnd.random)
        draws[move] = draws.get(move, 0) + 1
    assert set(draws) == through[index]
    # Each count is binomial around 300 with a standard deviation under 18: ±120 is beyond 6.
    assert all(per_move - 120 < count < per_move + 120 for count in draws.values()), sorted(draws.values())


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("plies", [0, 30])
def test_a_playout_replays_move_for_move_through_the_rules(plies: int, path: str) -> None:
    """Playouts keep their own forbidden and attach squares: every move they make (as recorded for
    AMAF) must be legal for the rules, by the colour the rules have to play, and end in the same scores."""
    start = random_position(4, plies, seed=8)
    made: list[int] = []
    with on_path(path):
        points = heuristics.playout(start, random.Random(plies).random, made)
    assert made
    state = start
    for key in made:
        assert key & 3 == state.colour
        state = GAME.apply(state, bb.placement_at(key >> 2))  # raises if the playout made an illegal move
    assert state.to_play is None
    assert [heuristics._final_score(state.hands[c], state.monomino_last >> c & 1) for c in range(4)] == points
    assert GAME.invariant_errors(state) == []


def test_sample_placement_says_none_when_a_colour_is_stuck() -> None:
    rnd = random.Random(1)
    state = random_position(4, 400, seed=2)
    assert state.to_play is None
    for colour in range(4):
        assert heuristics.sample_placement(*position_sets(state, colour), rnd.random) is None


def test_seat_margin_counts_team_mates_as_friends() -> None:
    state = GAME.new_game(4, 0, teams=True)
    points = [10, -5, 3, -20]
    assert heuristics.seat_margin(state, points, 0) == (10 + 3) - (-5 - 20)
    assert heuristics.seat_margin(GAME.new_game(4, 0), points, 0) == 10 - 3
    assert heuristics.seat_margin(GAME.new_game(2, 0), points, 1) == (-5 - 20) - (10 + 3)


def test_levels_are_ordered_in_a_short_match() -> None:
    """Four quick games (random, easy, medium seats rotated): better levels score more on average.
    The full measurement (≥ 100 games, with hard) is in docs/blokus.md."""
    result = ai.match(["random", "easy", "medium", "medium"], games=4, seed=100)
    assert result.points["medium"] > result.points["easy"] > result.points["random"]


def test_medium_does_not_block_a_team_mate() -> None:
    """Covering red's attach square b19 is worth blocking for blue alone, not for blue's team."""
    blue, red = bb.bits_of([(0, 19)]), bb.bits_of([(2, 17)])  # a20 and c18
    hands = (bb.FULL_HAND & ~1, bb.FULL_HAND, bb.FULL_HAND & ~1, bb.FULL_HAND)
    move = GAME.parse_move(GAME.new_game(4, 0), "b18,b19")
    alone = make_state(4, False, (blue, 0, red, 0), hands, 0, 0)
    team = make_state(4, True, (blue, 0, red, 0), hands, 0, 0)
    assert GAME.check(alone, move) is None
    (value_alone,) = heuristics.move_values(alone, [move])
    (value_team,) = heuristics.move_values(team, [move])
    assert value_alone - value_team == heuristics.MEDIUM_WEIGHTS.taken_corners
