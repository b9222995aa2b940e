"""Blokus Duo and Blokus Junior (``docs/rules/blokus.md``, "Blokus Duo and Blokus Junior"): the 14 x 14
board, the starting squares e10 and j5, Junior's pieces in two copies, the scoring, the position text,
the compiled core against the pure path, and every computer level."""

from __future__ import annotations

import random

import pytest

from bauhausbox.engine.api import IllegalMoveError, InvalidMoveError
from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.blokus import ai, core, heuristics
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.rules import GAME, BlokusState, colour_score
from bauhausbox.games.blokus.variants import JUNIOR_PIECES

BLUE, YELLOW = 0, 1


def play(state: BlokusState, *texts: str) -> BlokusState:
    for text in texts:
        state = GAME.apply(state, GAME.parse_move(state, text))
    return state


def random_game(variant: str, seed: int) -> list[BlokusState]:
    state = GAME.new_game(2, 0, variant=variant)
    rnd = random.Random(seed)
    states = [state]
    while state.to_play is not None:
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("variant", ["duo", "junior"])
def test_two_colours_one_each_on_fourteen_squares(variant: str) -> None:
    state = GAME.new_game(2, 0, variant=variant)
    assert (state.colour, state.to_play) == (BLUE, 0)
    assert GAME.to_text(state) == f"{variant} b " + "/".join(["14"] * 14) + " rg -"
    after = play(state, "e10")
    assert (after.colour, after.to_play) == (YELLOW, 1)  # red and green never play
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, "o1")  # column o is beyond the 14 columns


def test_first_pieces_cover_e10_then_j5() -> None:
    state = GAME.new_game(2, 0, variant="duo")
    # Every legal first move covers e10; from the board's interior every orientation of every piece fits.
    moves = GAME.legal_moves(state)
    assert len(moves) == 414
    assert all((4, 9) in move.cells for move in moves)
    assert GAME.check(state, GAME.parse_move(state, "a1")) == "must cover your starting square e10"
    after = play(state, "d10,e10")
    assert all((9, 4) in move.cells for move in GAME.legal_moves(after))
    assert GAME.check(after, GAME.parse_move(after, "e5")) == "must cover your starting square j5"


def test_junior_has_twelve_pieces_in_two_copies() -> None:
    state = GAME.new_game(2, 0, variant="junior")
    assert len(GAME.legal_moves(state)) == 189  # the 12 pieces' orientations, each square on e10
    assert {move.piece_name for move in GAME.legal_moves(state)} == set(JUNIOR_PIECES)
    assert GAME.check(state, GAME.parse_move(state, "d9,e9,e10,e11,f10")) == "there is no F in Blokus Junior"
    # Two monominoes each; a third is refused.
    state = play(state, "e10", "j5", "f11", "i4")
    assert GAME.check(state, GAME.parse_move(state, "d9")) == "Blue has already placed its monomino"
    assert GAME.check(state, GAME.parse_move(state, "d9,d8")) is None


def test_duo_scores_the_classic_bonuses_and_junior_none() -> None:
    duo = GAME.from_text("duo - " + "/".join(["14"] * 14) + " byrg -")
    assert GAME.scores(duo) == [-89, -89]
    done = duo._replace(hands=(0, 0, 0, 0), monomino_last=0b01)
    assert [colour_score(done, c) for c in (BLUE, YELLOW)] == [20, 15]
    junior = GAME.from_text("junior - " + "/".join(["14"] * 14) + " byrg -")
    assert GAME.scores(junior) == [-88, -88]  # 2 x (5+5+5+4+4+4+4+4+3+3+2+1)
    done = junior._replace(hands=(0, 0, 0, 0), spare=(0, 0, 0, 0), monomino_last=0b01)
    assert [colour_score(done, c) for c in (BLUE, YELLOW)] == [0, 0]


@pytest.mark.parametrize("variant", ["duo", "junior"])
def test_small_board_seats_are_named_by_their_one_colour(variant: str) -> None:
    options = GAME.normalize_options(2, {"variant": variant})
    assert [GAME.seat_name(seat, 2, options) for seat in (0, 1)] == ["Blue", "Yellow"]
    classic = GAME.normalize_options(2, {})
    assert [GAME.seat_name(seat, 2, classic) for seat in (0, 1)] == ["Blue & Red", "Yellow & Green"]


@pytest.mark.parametrize("variant", ["duo", "junior"])
def test_small_board_score_table_fills_the_bonus_row(variant: str) -> None:
    over = GAME.from_text(f"{variant} - " + "/".join(["14"] * 14) + " byrg -")
    rows = {row.label: row.cells for row in GAME.score_table(over)}
    assert rows["Bonus"] == ("0", "0")
    assert rows["Squares left"] == (("89", "89") if variant == "duo" else ("88", "88"))


def test_junior_copies_read_back_from_the_board() -> None:
    state = play(GAME.new_game(2, 0, variant="junior"), "e10", "j5", "f11", "i4")
    again = GAME.from_text(GAME.to_text(state))
    assert again == state
    assert GAME.invariant_errors(again) == []


def test_a_colour_out_of_a_small_board_game_cannot_come_back() -> None:
    text = "duo b " + "/".join(["14"] * 14) + " - -"
    with pytest.raises(Exception, match="does not play in duo"):
        GAME.from_text(text)


@pytest.mark.parametrize("variant", ["duo", "junior"])
def test_compiled_and_pure_paths_agree(variant: str) -> None:
    if core.BUILT is None:
        pytest.skip("the compiled core is not built here")  # pragma: no cover
    for state in random_game(variant, 5)[::3]:
        with core.compiled_core():
            fast = GAME.legal_moves(state)
            fast_points = heuristics.playout(state, random.Random(9).random) if state.to_play is not None else None
        with core.pure():
            slow = GAME.legal_moves(state)
            slow_points = heuristics.playout(state, random.Random(9).random) if state.to_play is not None else None
        assert fast == slow
        assert fast_points == slow_points


def test_the_pure_playout_keeps_junior_copies_and_scores_without_bonus() -> None:
    state = GAME.new_game(2, 0, variant="junior")
    with core.pure():
        points = heuristics.playout(state, random.Random(3).random)
    assert all(-88 <= points[c] <= 0 for c in (BLUE, YELLOW))


@pytest.mark.parametrize("variant", ["duo", "junior"])
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_every_level_plays_the_small_boards(variant: str, level: str) -> None:
    state = play(GAME.new_game(2, 0, variant=variant), "e10", "j5")
    bot = ai.make_bot(level, 1)
    if level in ("hard", "expert"):
        bot = ai.fixed_work_bot(level, 1)
        bot.work = 300  # a few simulations: the point is that it searches this board
    move = bot.choose(GAME, state, 0, Budget(5.0))
    assert GAME.check(state, move) is None
    assert all(col < 14 and row < 14 for col, row in move.cells)


def test_a_refused_move_names_the_board_edge() -> None:
    state = play(GAME.new_game(2, 0, variant="duo"), "e10", "j5")
    beyond = bb.PLACEMENT_BY_MASK[bb.bits_of([(14, 0)])]  # o1: on the classic board, beyond Duo's
    with pytest.raises(IllegalMoveError, match="off the board"):
        GAME.apply(state, beyond)
