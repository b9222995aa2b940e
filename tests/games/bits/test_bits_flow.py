"""Bits game flow (``docs/rules/bits.md``, "A round" and "Game end"): start tiles, simultaneous placement and what
views hide, the neutral tile, per-player end of round, goal cards per round and the round-3 redraw,
totals, the best-round tie-break, solo ranks, notation and text positions."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bauhausbox.engine.api import IllegalMoveError, InvalidMoveError
from bauhausbox.engine.rng import Rng
from bauhausbox.games.bits.board import EMPTY_BOARD, board_from_rows
from bauhausbox.games.bits.cards import CARD_BY_ID, START_TILES, TILES, solo_rank
from bauhausbox.games.bits.rules import GAME, HIDDEN, PASS, BitsState, Place, round_totals

FULL = "RYBPKR" * 6


def play_random(state: BitsState, rnd: random.Random) -> BitsState:
    while not GAME.is_over(state):
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    return state


def test_a_new_game_deals_different_start_tiles_and_one_goal_card() -> None:
    state = GAME.new_game(4, seed=3)
    assert state.round == 1 and len(state.goals) == 1 and CARD_BY_ID[state.goals[0]].pile == 1
    assert len(set(state.start_tiles)) == 4 and set(state.start_tiles) <= set(START_TILES)
    assert state.start_phase and state.to_play == 0
    assert sorted(state.deck) == sorted(TILES)
    # The start tile is placed first, and the neutral tile cannot replace it.
    moves = GAME.legal_moves(state)
    assert all(m.colours == state.start_tiles[0] for m in moves if isinstance(m, Place))
    assert GAME.check(state, Place("NN", True, 0)) == "the neutral tile cannot replace your start tile"


def test_every_seat_places_the_same_tile_then_the_next_card_is_turned() -> None:
    state = GAME.new_game(3, seed=8)
    for seat in range(3):
        assert state.to_play == seat
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    first_card = state.tile_card
    assert first_card is not None and state.shown == (first_card,)
    seen = []
    for seat in range(3):
        assert state.to_play == seat
        assert state.tile_for(seat) == first_card
        before = state
        state = GAME.apply(state, GAME.legal_moves(state)[-1])
        seen.append(GAME.revealed(before, state))
    assert seen == [False, False, True]  # only the last placement turns up a new card
    assert len(state.shown) == 2


def test_views_hide_other_seats_choices_for_the_current_tile_and_the_deck_order() -> None:
    state = GAME.new_game(2, seed=11)
    state = GAME.play_texts(state, [f"{state.start_tiles[0]} V1", f"{state.start_tiles[1]} V1"])
    tile = state.tile_card
    assert tile is not None
    after_first = GAME.apply(state, Place(tile, False, 2))
    seat1_view = GAME.view(after_first, 1)
    assert seat1_view.pending == (HIDDEN, None)
    assert seat1_view.boards == state.boards  # the placement is not on the board yet
    assert GAME.view(after_first, 0).pending[0] == Place(tile, False, 2)
    # Seat 1's options and view do not depend on what seat 0 chose.
    other_choice = GAME.apply(state, Place(tile, True, 5))
    assert GAME.view(other_choice, 1) == seat1_view
    assert GAME.legal_moves(other_choice, 1) == GAME.legal_moves(after_first, 1)
    # The deck order and the future are hidden.
    assert seat1_view.deck == tuple(sorted(state.deck))
    assert seat1_view.rng == Rng(0)
    sample = GAME.determinize(seat1_view, 1, Rng(4))
    assert GAME.view(sample, 1) == seat1_view
    assert sample.pending[0] in GAME.legal_moves(state, 0)


def test_out_of_turn_placement_by_a_seat_still_to_place() -> None:
    state = GAME.new_game(2, seed=2)
    state = GAME.apply(state, GAME.legal_moves(state, 1)[0], seat=1)
    assert state.to_play == 0
    assert GAME.legal_moves(state, 1) == []
    with pytest.raises(IllegalMoveError, match="already placed"):
        GAME.apply(state, GAME.legal_moves(GAME.new_game(2, seed=2), 1)[0], seat=1)


def test_neutral_tile_once_per_round_instead_of_the_card() -> None:
    state = GAME.new_game(1, seed=4)
    state = GAME.apply(state, GAME.legal_moves(state)[0])
    card = state.tile_card
    state = GAME.apply(state, GAME.parse_move(state, "neutral H3"))
    assert state.neutral_used == (True,)
    assert state.boards[0].count("N") == 2
    assert card not in state.boards[0]  # the card's tile was not placed
    assert GAME.check(state, Place("NN", True, 0)) == "you have already used your neutral tile this round"
    assert not any(isinstance(m, Place) and m.neutral for m in GAME.legal_moves(state))
    # Next round, the neutral tile is back.
    rnd = random.Random(1)
    while state.round == 1:
        state = GAME.apply(state, rnd.choice([m for m in GAME.legal_moves(state) if not getattr(m, "neutral", False)]))
    assert state.neutral_used == (False,)
    state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert any(isinstance(m, Place) and m.neutral for m in GAME.legal_moves(state))


def test_a_seat_without_room_passes_and_the_others_play_on() -> None:
    state = GAME.new_game(2, seed=6)
    state = GAME.play_texts(state, [f"{state.start_tiles[0]} V1", f"{state.start_tiles[1]} V1"])
    # Seat 0's ramp has exactly one horizontal spot left at the top; seat 1's is nearly empty.
    nearly_full = board_from_rows(["..RYBP", *["RYBPKR"] * 5])
    state = replace(state, boards=(nearly_full, state.boards[1]))
    tile = state.tile_card
    assert tile is not None
    state = GAME.play_texts(state, [f"{tile} H1", f"{tile} H3"])
    # Seat 0 is full now: it must pass on the next card, then it is done; seat 1 goes on alone.
    assert state.round == 1 and state.to_play == 0
    assert GAME.legal_moves(state) == [PASS]
    state = GAME.apply(state, PASS)
    assert state.to_play == 1
    state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert state.done == (True, False) and state.to_play == 1
    assert GAME.legal_moves(state, 0) == []
    assert "done for this round" in (GAME.check(state, PASS, 0) or "")


def test_round_ends_when_nobody_can_place_without_anyone_passing() -> None:
    state = GAME.new_game(2, seed=6)
    state = GAME.play_texts(state, [f"{state.start_tiles[0]} V1", f"{state.start_tiles[1]} V1"])
    nearly_full = board_from_rows(["..RYBP", *["RYBPKR"] * 5])
    state = replace(state, boards=(nearly_full, nearly_full))
    tile = state.tile_card
    state = GAME.play_texts(state, [f"{tile} H1", f"{tile} H1"])
    assert state.round == 2 and state.start_phase
    assert len(state.finished) == 1 and state.boards == (EMPTY_BOARD, EMPTY_BOARD)


def test_goal_cards_per_round_and_game_end() -> None:
    rnd = random.Random(9)
    state = GAME.new_game(2, seed=21)
    rounds_seen = []
    while not GAME.is_over(state):
        rounds_seen.append((state.round, len(state.goals)))
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    assert sorted(set(rounds_seen)) == [(1, 1), (2, 2), (3, 3)]
    assert [CARD_BY_ID[c].pile for c in state.goals] == [1, 2, 3]
    assert len(state.finished) == 3
    totals = round_totals(state)
    assert GAME.scores(state) == [sum(r[s] for r in totals) for s in range(2)]


def test_advanced_game_has_four_rounds_with_pile_four() -> None:
    rnd = random.Random(2)
    state = GAME.new_game(3, seed=5, advanced=True)
    state = play_random(state, rnd)
    assert len(state.finished) == 4
    assert [CARD_BY_ID[c].pile for c in state.goals] == [1, 2, 3, 4]
    assert "advanced" not in GAME.normalize_options(1, {})


@pytest.mark.parametrize(("second", "third_pile", "expected", "aside"), [
    ("2a", ("3c", "3a", "3b", "3d"), "3a", ("3c",)),  # L3 blue, then L3: redraw
    ("2b", ("3b", "3d", "3a", "3c"), "3d", ("3b",)),  # I3 yellow, then I3: redraw
    ("2d", ("3b", "3a", "3c", "3d"), "3b", ()),  # domino, then I3: keep it
])  # fmt: skip
def test_round_three_card_is_redrawn_when_its_shape_repeats_round_two(
    second: str, third_pile: tuple[str, ...], expected: str, aside: tuple[str, ...]
) -> None:
    state = GAME.new_game(1, seed=7)
    state = replace(state, piles=(state.piles[0], (second,), third_pile))
    rnd = random.Random(0)
    while state.round < 3:
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    assert state.goals[1:] == (second, expected)
    assert state.set_aside == aside


def test_tie_break_is_the_best_single_round() -> None:
    state = GAME.new_game(3, seed=1)
    four_squares = board_from_rows(["......", "......", "......", "......", "RR.KK.", "RR.KK."])
    empty = EMPTY_BOARD
    two_squares = board_from_rows(["......", "......", "......", "......", "YY....", "YY...."])
    # Round scores with card 1a (squares +2): seat 0: 4, 0, 0 = 4; seat 1: 2, 2, 0 = 4; seat 2: 2, 0, 0.
    state = replace(
        state,
        goals=("1a", "3d", "2d"),
        round=3,
        finished=(
            (four_squares, two_squares, two_squares),
            (empty, two_squares, empty),
            (empty, empty, empty),
        ),
        to_play=None,
    )
    assert round_totals(state) == [[4, 2, 2], [0, 2, 0], [0, 0, 0]]
    assert GAME.scores(state) == [4, 4, 2]
    assert GAME.winners(state) == [0]
    even = replace(state, finished=((two_squares,) * 3, (two_squares, two_squares, empty), (empty,) * 3))
    assert GAME.winners(even) == [0, 1]


@pytest.mark.parametrize(("total", "rank"), [
    (40, "Architect"), (31, "Architect"), (30, "Engineer"), (26, "Engineer"), (25, "Mason"), (21, "Mason"),
    (20, "Paver"), (16, "Paver"), (15, "Stone-breaker"), (11, "Stone-breaker"), (10, "Joint-cleaner"),
    (6, "Joint-cleaner"), (5, "Hole-filler"), (0, "Hole-filler"), (-4, "Hole-filler"),
])  # fmt: skip
def test_solo_rank_boundaries(total: int, rank: str) -> None:
    assert solo_rank(total) == rank


def test_solo_game_ends_with_a_rank_row() -> None:
    state = play_random(GAME.new_game(1, seed=13), random.Random(13))
    rows = GAME.score_table(state)
    assert rows[-1].label == "Rank"
    assert rows[-1].cells == (solo_rank(GAME.scores(state)[0]),)
    assert [r.label for r in rows[:3]] == ["Round 1", "Round 2", "Round 3"]


def test_move_notation() -> None:
    state = GAME.new_game(1, seed=1)
    for text in ("RB H2", "BR V5", "neutral H4", "pass", "KK V6"):
        assert GAME.format_move(state, GAME.parse_move(state, text)) == text
    assert GAME.parse_move(state, "rb h2") == Place("RB", False, 1)
    assert GAME.parse_move(state, "NN v3") == Place("NN", True, 2)
    for bad in ("", "RB", "RX H2", "RB X2", "RB H0", "RB H7", "RBY H2", "RB H2 now"):
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, bad)


def test_text_positions_round_trip_through_a_game_and_views() -> None:
    rnd = random.Random(4)
    state = GAME.new_game(3, seed=4)
    for _ in range(60):
        assert GAME.from_text(GAME.to_text(state)) == state
        view = GAME.view(state, 1)
        assert GAME.from_text(GAME.to_text(view)) == view
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    assert GAME.invariant_errors(state) == []


def test_a_value_that_is_not_a_move_is_malformed() -> None:
    state = GAME.new_game(1, seed=1)
    with pytest.raises(InvalidMoveError):
        GAME.apply(state, "RB H2")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="game is over"):
        GAME.apply(replace(state, finished=((EMPTY_BOARD,),) * 3, to_play=None), PASS)
