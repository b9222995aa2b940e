"""The full-board puzzle's Solve: the positions players make, what is proved, and the rebuilt boards.

Every board the solver hands back is replayed through the independent checker of
``test_puzzle_solutions.py`` (written from docs/rules/puzzles.md, not from the solver).
"""

from __future__ import annotations

import random

from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.puzzles.rules import PuzzleState, check, new_puzzle, place
from bauhausbox.games.blokus.puzzles.solver import fullrepair
from bauhausbox.games.blokus.puzzles.solver.search import hint, proved_stuck, shipped_fit, shipped_solutions, solve
from bauhausbox.games.blokus.puzzles.specs import parse_placement
from bauhausbox.games.blokus.puzzles.tools.bench import fullboard_positions
from tests.games.blokus.test_puzzle_solutions import _triples, check_fullboard_solution

# Blue shut in by its own pieces along the top edge: none of its 9 pieces left fits anywhere.
SHUT_IN = (
    "blue I5 a20,b20,c20,d20,e20",
    "blue V3 f19,g19,g20",
    "blue L4 h18,i18,i19,i20",
    "blue L5 j17,k17,k18,k19,k20",
    "blue 2 i15,i16",
    "blue I3 e16,e17,e18",
    "blue I4 a15,b15,c15,d15",
    "blue O l15,m15,l16,m16",
    "blue N n17,m18,n18,m19,m20",
    "blue U o19,p19,q19,o20,q20",
    "blue V5 r18,s18,t18,t19,t20",
    "blue 1 o16",
)


def test_a_colour_shut_in_is_proved_at_once_and_the_hint_says_the_board_cannot_be_finished() -> None:
    state = PuzzleState("fullboard", tuple(parse_placement(text) for text in SHUT_IN))
    result = solve(state, 5.0)
    assert result.status == "none"
    assert result.seconds < 1.0
    advice = hint(state, 2.0)
    assert advice.kind == "remove" and not advice.timed_out
    assert advice.message == "This board cannot be finished. Try taking away the blue 1."


def test_no_position_on_the_way_to_a_complete_board_is_called_stuck() -> None:
    # Every prefix of a stored complete board can be finished (by that board): a sound proof never fires.
    for puzzle in ("fullboard", "fullboard-hard"):
        solution = shipped_solutions("fullboard-hard")[1]
        for count in range(0, len(solution), 3):
            assert not proved_stuck(solution[:count], puzzle == "fullboard-hard"), (puzzle, count)


def test_the_bench_positions_are_legal_hold_one_to_four_pieces_and_repeat_with_their_seed() -> None:
    first = fullboard_positions("fullboard", 8, 3)
    assert [p.placements for p in first] == [p.placements for p in fullboard_positions("fullboard", 8, 3)]
    for state in first:
        assert 1 <= len(state.placements) <= 4
        replayed = new_puzzle("fullboard")
        for placement in state.placements:
            assert check(replayed, placement).ok, placement
            replayed = place(replayed, placement)
    # The corner-piece positions come first: a V5 in blue's corner that no stored board holds.
    assert first[0].placements == (parse_placement("blue V5 c18,c19,a20,b20,c20"),)
    assert shipped_fit(first[0].spec, first[0].placements) is None


def test_a_stored_board_with_a_corner_taken_out_is_refilled_into_a_complete_legal_board() -> None:
    board = fullrepair.stored_boards()[3]
    corner = board[0][1].mask
    nearest = sorted(range(1, len(board)), key=lambda i: fullrepair._distance(board[i][1], corner))[:14]
    out = set(nearest)
    kept = [move for i, move in enumerate(board) if i and i not in out]
    todo = [(board[i][0], board[i][1].piece) for i in sorted(out)]
    hole = taken = 0
    for i, (_colour, move) in enumerate(board):
        taken |= move.mask
        hole |= move.mask if i in out else 0
    stored = [board[i][1] for i in out]
    empty = bb.BOARD & ~taken
    for hard in (False, True):
        new = fullrepair._refill([board[0]], kept, todo, hard, Budget(30), random.Random(2), hole, stored, empty)
        assert new is not None
        placements = [fullrepair._placement_of(board[0]), *map(fullrepair._placement_of, new)]
        check_fullboard_solution(hard, _triples(placements))


def test_an_order_is_refused_when_a_piece_is_cut_off_from_its_colour() -> None:
    board = list(fullrepair.stored_boards()[0])
    # Blue's corner piece goes last but one: the pieces after it cannot be reached in the harder order.
    assert fullrepair.legal_order([], board, True) is not None
    blue_corner = board[0]
    without_corner = board[1:]
    assert not fullrepair.joined(without_corner, blue_corner[0], False)
    assert fullrepair.legal_order([], without_corner, False) is None
