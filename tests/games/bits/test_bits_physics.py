"""Bits slide physics (``docs/rules/bits.md``, "Placing a tile"): every landing case, the board edges, holes,
and the colour order of the notation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bauhausbox.engine.api import IllegalMoveError, InvalidMoveError
from bauhausbox.games.bits.board import (
    EMPTY_BOARD,
    Spot,
    board_from_rows,
    board_rows,
    drop,
    has_room,
    heights,
    holes,
    open_spots,
)
from bauhausbox.games.bits.rules import GAME, PASS, BitsState, Place


def cell(col: int, row: int) -> int:
    """Board index of a cell named as on ``docs/rules/bits.md`` (columns and rows from 1)."""
    return (row - 1) * 6 + (col - 1)


def board(*rows: str) -> str:
    return board_from_rows(list(rows))


def tile_phase(board_text: str, tile: str = "RB", players: int = 1) -> BitsState:
    """A solo position with ``board_text`` on the ramp and ``tile`` face up."""
    state = GAME.new_game(players, seed=1)
    deck = list(state.deck)
    deck.remove(tile)
    return replace(state, shown=(tile,), deck=tuple(deck), boards=(board_text,) * players)


def test_vertical_on_an_empty_column_lands_on_the_bottom_edge() -> None:
    after = drop(EMPTY_BOARD, "RB", Spot(True, 2))
    assert after is not None
    assert after[cell(3, 2)] == "R"  # top colour written first
    assert after[cell(3, 1)] == "B"
    assert heights(after) == (0, 0, 2, 0, 0, 0)


def test_vertical_rests_on_the_tile_below() -> None:
    start = board("......", "......", "......", "......", "..K...", "..K...")
    after = drop(start, "YP", Spot(True, 2))
    assert after is not None and after[cell(3, 4)] == "Y" and after[cell(3, 3)] == "P"


def test_vertical_fits_exactly_in_the_top_two_rows_and_not_higher() -> None:
    four_high = board("......", "......", "K.....", "K.....", "K.....", "K.....")
    after = drop(four_high, "RY", Spot(True, 0))
    assert after is not None and after[cell(1, 6)] == "R" and after[cell(1, 5)] == "Y"
    five_high = board("......", "K.....", "K.....", "K.....", "K.....", "K.....")
    assert drop(five_high, "RY", Spot(True, 0)) is None


def test_horizontal_on_equal_columns_lands_on_that_row() -> None:
    start = board("......", "......", "......", "......", "YY....", "KK....")
    after = drop(start, "RB", Spot(False, 0))
    assert after is not None and after[cell(1, 3)] == "R" and after[cell(2, 3)] == "B"
    assert holes(after) == []


def test_horizontal_over_uneven_columns_rests_on_the_higher_and_leaves_holes() -> None:
    start = board("......", "......", "......", ".K....", ".K....", ".K....")
    after = drop(start, "RB", Spot(False, 0))
    assert after is not None
    assert after[cell(1, 4)] == "R" and after[cell(2, 4)] == "B"
    # Column 1 keeps three holes under the overhang.
    assert sorted(holes(after)) == [cell(1, 1), cell(1, 2), cell(1, 3)]
    assert heights(after)[0] == 4


def test_a_hole_under_an_overhang_can_never_be_filled() -> None:
    start = board("......", "......", "......", "......", "RB....", ".K....")
    assert holes(start) == [cell(1, 1)]
    after = drop(start, "YY", Spot(True, 0))
    assert after is not None
    assert after[cell(1, 1)] == "." and after[cell(1, 3)] == "Y" and after[cell(1, 4)] == "Y"


def test_horizontal_needs_both_columns_below_the_top_row() -> None:
    one_full = board(".K....", ".K....", ".K....", ".K....", ".K....", ".K....")
    assert drop(one_full, "RB", Spot(False, 0)) is None
    assert drop(one_full, "RB", Spot(False, 1)) is None
    top_row_free = board("......", ".K....", ".K....", ".K....", ".K....", ".K....")
    after = drop(top_row_free, "RB", Spot(False, 0))
    assert after is not None and after[cell(1, 6)] == "R" and after[cell(2, 6)] == "B"


@pytest.mark.parametrize(
    ("text", "cells"),
    [
        ("RB V1", {cell(1, 2): "R", cell(1, 1): "B"}),
        ("RB V6", {cell(6, 2): "R", cell(6, 1): "B"}),
        ("RB H1", {cell(1, 1): "R", cell(2, 1): "B"}),
        ("RB H5", {cell(5, 1): "R", cell(6, 1): "B"}),
        ("BR H2", {cell(2, 1): "B", cell(3, 1): "R"}),
        ("BR V5", {cell(5, 2): "B", cell(5, 1): "R"}),
    ],
)
def test_notation_columns_and_colour_order_at_the_edges(text: str, cells: dict[int, str]) -> None:
    state = tile_phase(EMPTY_BOARD)
    after = GAME.apply(state, GAME.parse_move(state, text))
    placed = after.boards[0]
    assert {i: placed[i] for i in range(36) if placed[i] != "."} == cells


def test_horizontal_in_column_six_sticks_out() -> None:
    state = tile_phase(EMPTY_BOARD)
    with pytest.raises(IllegalMoveError, match="stick out"):
        GAME.apply(state, GAME.parse_move(state, "RB H6"))
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, "RB V7")


def test_full_column_refuses_with_a_reason() -> None:
    full_first = board("K.....", "K.....", "K.....", "K.....", "K.....", "K.....")
    state = tile_phase(full_first)
    assert GAME.check(state, Place("RB", True, 0)) == "column 1 has no room for a vertical tile"
    assert GAME.check(state, Place("RB", False, 0)) == "columns 1–2 have no room for a horizontal tile"
    assert GAME.check(state, Place("RB", False, 1)) is None


def test_open_spots_and_room() -> None:
    assert len(open_spots(EMPTY_BOARD)) == 11  # 6 vertical + 5 horizontal
    # Only row 6 free in every column: no vertical fits, every horizontal does.
    high = board("......", *["RYBPKR"] * 5)
    assert open_spots(high) == [Spot(False, c) for c in range(5)]
    # A checkerboard of single free cells in the top row: nothing fits.
    jagged = board("R.R.R.", *["RYBPKR"] * 5)
    assert open_spots(jagged) == [] and not has_room(jagged)


def test_legal_moves_list_both_colour_orders_and_the_neutral_tile() -> None:
    state = tile_phase(EMPTY_BOARD, "RB")
    texts = [GAME.format_move(state, m) for m in GAME.legal_moves(state)]
    assert len(texts) == 11 * 2 + 11
    assert "RB H2" in texts and "BR H2" in texts and "neutral V4" in texts
    single = tile_phase(EMPTY_BOARD, "YY")
    texts = [GAME.format_move(single, m) for m in GAME.legal_moves(single)]
    assert len(texts) == 11 + 11 and "YY V1" in texts


def test_wrong_tile_is_refused() -> None:
    state = tile_phase(EMPTY_BOARD, "RB")
    assert GAME.check(state, Place("RY", True, 0)) == "the tile to place is RB (red–blue)"


def test_board_rows_round_trip() -> None:
    rows = ["RRYYBB", "......", "......", "......", "......", "K....."]
    assert board_rows(board(*rows)) == rows


def test_pass_only_when_there_is_no_room() -> None:
    state = tile_phase(EMPTY_BOARD)
    assert GAME.check(state, PASS) == "you can still place the tile, so you may not pass"
    full = tile_phase("RYBPKR" * 6)
    assert GAME.legal_moves(full) == [PASS]
    assert GAME.format_move(full, PASS) == "pass"
    assert GAME.parse_move(full, "pass") == PASS
