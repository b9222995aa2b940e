"""The playouts' policy and random numbers (heuristics.py): SplitMix64 against its published first
draws, the local points near the opponents' latest moves worked out by hand, the local policy
answering them, and the opening policy keeping to the opening pieces. Each on both paths where the
compiled core runs (``test_blokus_core.py`` holds the two paths' playouts equal draw for draw)."""

from __future__ import annotations

import random

import pytest

from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus import heuristics
from bauhausbox.games.blokus.pieces import OPENING_PIECES
from bauhausbox.games.blokus.rules import GAME, BlokusState
from tests.games.blokus.core_paths import PATHS, on_path

# SplitMix64 from state 0: its first two outputs, as published with the generator (Vigna's
# splitmix64.c and every port of it).
FIRST_OUTPUTS = (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)


def test_splitmix_draws_the_published_sequence() -> None:
    rnd = heuristics.SplitMix(0)
    assert [rnd() for _ in FIRST_OUTPUTS] == [(value >> 11) / 2**53 for value in FIRST_OUTPUTS]


def test_splitmix_draws_lie_in_the_unit_interval_and_spread() -> None:
    rnd = heuristics.SplitMix(12345)
    draws = [rnd() for _ in range(4000)]
    assert all(0.0 <= draw < 1.0 for draw in draws)
    assert [sum(1 for draw in draws if k / 4 <= draw < (k + 1) / 4) for k in range(4)] == pytest.approx(
        [1000] * 4, abs=120
    )


def blue_monomino_in_its_corner() -> BlokusState:
    """Two players; blue's monomino on its starting square, the bottom-left corner (0, 19)."""
    state = GAME.new_game(2, 0)
    move = next(move for move in GAME.legal_moves(state) if move.piece == bb.MONOMINO)
    assert move.cells == ((0, 19),)
    return GAME.apply(state, move)


def test_local_points_are_an_opponents_fresh_corners_and_the_free_squares_beside_them() -> None:
    state = blue_monomino_in_its_corner()
    key = heuristics.move_key(next(m for m in bb.PLACEMENTS if m.piece == bb.MONOMINO and m.cells == ((0, 19),)), 0)
    closed = [state.occupied | state.forbidden[c] for c in range(4)]
    # Its one corner (1, 18); beside it (0, 18) and (1, 19) touch the monomino's sides (closed to blue),
    # (2, 18) and (1, 17) are free.
    assert heuristics.local_points([key], 1, state.attach, closed) == bb.bits_of([(1, 18), (2, 18), (1, 17)])
    # Blue's own move and its partner colour's (red plays for the same seat) are not an opponent's.
    assert heuristics.local_points([key], 0, state.attach, closed) == 0
    assert heuristics.local_points([key], 2, state.attach, closed) == 0


def test_a_move_on_local_points_that_are_also_own_attach_cells_counts_them_twice() -> None:
    move = next(m for m in bb.PLACEMENTS if m.piece == bb.MONOMINO and m.cells == ((5, 5),))
    local = bb.bits_of([(5, 5), (6, 6)])
    assert heuristics.local_count(move, local, 0) == 1
    assert heuristics.local_count(move, local, bb.bits_of([(5, 5)])) == 2
    assert heuristics.local_count(move, bb.bits_of([(6, 6)]), bb.bits_of([(5, 5)])) == 0


@pytest.mark.parametrize("path", PATHS)
def test_the_local_policy_answers_the_opponents_latest_moves(path: str) -> None:
    """With the local policy the first playout move covers one of the colour's attach cells that are
    local points, in every seed; without it, it mostly does not."""
    rnd = random.Random(7)
    state = GAME.new_game(2, 0)
    history: list[int] = []
    for _ in range(16):
        move = rnd.choice(GAME.legal_moves(state))
        history.append(heuristics.move_key(move, state.colour))
        state = GAME.apply(state, move)
    colour = state.colour
    closed = [state.occupied | state.forbidden[c] for c in range(4)]
    hot = state.attach[colour] & heuristics.local_points(history[-3:], colour, state.attach, closed)
    assert hot, "the premise: some attach cells of the colour to play are local points"
    answered = {0: 0, heuristics.LOCAL: 0}
    with on_path(path):
        for policy in answered:
            for seed in range(40):
                record = list(history)
                heuristics.playout(state, heuristics.SplitMix(seed), record, policy)
                first = bb.placement_at(record[len(history)] >> 2)
                answered[policy] += bool(first.mask & hot)
    assert answered[heuristics.LOCAL] == 40
    assert answered[0] < 30


@pytest.mark.parametrize("path", PATHS)
def test_the_opening_policy_places_only_the_opening_pieces(path: str) -> None:
    """From the empty classic board the first four pieces of a playout are V5 and Z5 only (Pentobi's
    first stage), then the second stage's pentominoes; without the policy, any piece."""
    first, second = OPENING_PIECES[0][1], OPENING_PIECES[1][1]
    state = GAME.new_game(4, 0)
    pieces: dict[int, set[int]] = {0: set(), heuristics.OPENING: set()}
    with on_path(path):
        for policy in pieces:
            for seed in range(10):
                record: list[int] = []
                heuristics.playout(state, heuristics.SplitMix(seed), record, policy)
                opening = [bb.placement_at(key >> 2).piece for key in record[:8]]
                if policy:
                    assert all(first >> piece & 1 for piece in opening[:4])
                    assert all(second >> piece & 1 for piece in opening[4:8])
                pieces[policy].update(opening[:4])
    assert len(pieces[0]) > 2
