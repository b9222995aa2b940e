"""Bits scoring (``docs/rules/bits.md``, "Goal cards and scoring"): the rules' worked example (6 + 2 − 2 = 6),
exact shapes up to rotation and reflection, colour constraints, negative cards, separators."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bauhausbox.engine.shapes import orientations, parse_picture
from bauhausbox.games.bits.board import EMPTY_BOARD, board_from_rows
from bauhausbox.games.bits.cards import CARD_BY_ID, GOAL_CARDS, TILES, areas, board_points, score_board
from bauhausbox.games.bits.rules import GAME, round_breakdown

# The seed text's example, rebuilt (its pictures are lost): two squares, a purple and a blue area of
# four that are not squares, a yellow area of six at the top, one blue corner-three with a blue cell
# touching it only diagonally, a blue L of four at the bottom left, exactly one area of two, and the
# neutral tile.
EXAMPLE = [
    "YYYYYY",
    "RRNBKK",
    "RRNBBK",
    "PPPPYB",
    "BRRKKR",
    "BBBKKY",
]
# The same board built tile by tile: the start tile, then one tile card after another (the neutral
# tile is played instead of the PK card).
EXAMPLE_MOVES = [
    "BB H2", "BB V1", "KK V4", "KY H5", "RR H2", "KR H5", "RP V1", "PP H2", "PY H4", "KB V6", "RR V2",
    "neutral V3", "BB H4", "YR V1", "YB V4", "KK H5", "YY H2", "YY H5",
]  # fmt: skip
EXAMPLE_DECK = (
    "BB", "KK", "YK", "RR", "RK", "RP", "PP", "YP", "BK", "RR", "PK",
    "BB", "RY", "YB", "KK", "YY", "YY", "RB", "BP", "PP",
)  # fmt: skip


def board(*rows: str) -> str:
    return board_from_rows(list(rows))


def test_the_rules_example_scores_6_plus_2_minus_2() -> None:
    cards = score_board(board_from_rows(EXAMPLE), ["1a", "2a", "3a"])
    assert [c.points for c in cards] == [6, 2, -2]
    square, blue_corner, domino = cards
    # Card 1: the two squares 2 + 2 and the purple and blue areas of four 1 + 1; yellow (six) nothing.
    assert sorted((s.area.colour, s.points, s.exact) for s in square.scored) == [
        ("B", 1, False),
        ("K", 2, True),
        ("P", 1, False),
        ("R", 2, True),
    ]
    # Card 2: one blue corner-three; the blue L of four contains the shape but does not count.
    assert [(s.area.colour, s.area.size) for s in blue_corner.scored] == [("B", 3)]
    # Card 3: exactly one area of two cells.
    assert [(s.area.colour, s.area.size) for s in domino.scored] == [("R", 2)]


def test_the_rules_example_played_through_the_engine() -> None:
    """Round 3 of a solo game with cards 1a, 2a, 3a: the moves build the example and it scores 6."""
    state = GAME.new_game(1, seed=5)
    state = replace(
        state,
        round=3,
        goals=("1a", "2a", "3a"),
        piles=(("1b", "1c", "1d"), ("2b", "2c", "2d"), ("3b", "3c", "3d")),
        finished=((EMPTY_BOARD,), (EMPTY_BOARD,)),
        start_tiles=("BB",),
        deck=EXAMPLE_DECK,
    )
    assert sorted(EXAMPLE_DECK) == sorted(TILES)
    state = GAME.play_texts(state, EXAMPLE_MOVES)
    assert GAME.is_over(state)
    assert state.finished[2][0] == board_from_rows(EXAMPLE)
    assert [c.points for c in round_breakdown(state, 3, 0)] == [6, 2, -2]
    assert GAME.scores(state) == [6]


def test_tiles_and_cards_are_our_edition() -> None:
    assert len(TILES) == 20
    assert sorted(t for t in TILES if t[0] != t[1]) == sorted(
        ["RY", "RB", "RP", "RK", "YB", "YP", "YK", "BP", "BK", "PK"]
    )
    assert sorted(t for t in TILES if t[0] == t[1]) == sorted(["RR", "YY", "BB", "PP", "KK"] * 2)
    assert len(GOAL_CARDS) == 16
    assert sorted(card.pile for card in GOAL_CARDS) == [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4


@pytest.mark.parametrize(
    ("card_id", "picture"), [("1a", "##/##"), ("1b", "####"), ("1c", "#../###"), ("1d", ".#./###")]
)
def test_every_orientation_of_a_four_shape_scores_two(card_id: str, picture: str) -> None:
    for shape in orientations(parse_picture(picture)):
        # Draw the orientation in red at the bottom-left of an otherwise empty board.
        cells = ["."] * 36
        for col, row in shape:
            cells[row * 6 + col] = "R"
        assert board_points("".join(cells), [card_id]) == 2, shape


def test_other_areas_of_four_score_one_and_larger_areas_nothing() -> None:
    s_shape = board("......", "......", "......", "......", ".YY...", "YY....")
    assert board_points(s_shape, ["1a"]) == 1
    five = board("......", "......", "......", "......", "YYY...", "YY....")  # contains a square
    assert board_points(five, ["1a"]) == 0
    assert board_points(five, ["1b", "1c", "1d"]) == 0


def test_diagonal_contact_does_not_join_areas() -> None:
    diagonal = board("......", "......", "......", "......", "..BB..", "BB....")
    assert sorted(a.size for a in areas(diagonal)) == [2, 2]
    assert board_points(diagonal, ["3a"]) == -4


def test_neutral_cells_and_holes_separate_areas_and_score_nothing() -> None:
    split = board("......", "......", "......", "......", "......", "BBNNBB")
    assert sorted(a.size for a in areas(split)) == [2, 2]
    assert board_points(split, ["3a", "3d"]) == -4  # the neutral cells are no single squares
    hole_split = board("......", "......", "......", "......", "YY.YY.", "KK.KK.")
    assert [a.size for a in areas(hole_split) if a.colour == "Y"] == [2, 2]


def test_colour_constraints() -> None:
    blue_corner = board("......", "......", "......", "......", "B.....", "BB....")
    red_corner = blue_corner.replace("B", "R")
    assert board_points(blue_corner, ["2a"]) == 2
    assert board_points(red_corner, ["2a"]) == 0
    assert board_points(red_corner, ["2c"]) == 2
    assert board_points(blue_corner, ["3c"]) == -2  # no colour on the card: any colour
    assert board_points(red_corner, ["4b"]) == -3
    yellow_line = board("......", "......", "......", "......", "......", "YYY...")
    assert board_points(yellow_line, ["2b"]) == 2
    assert board_points(yellow_line.replace("Y", "B"), ["2b"]) == 0
    assert board_points(yellow_line.replace("Y", "B"), ["4a"]) == 3
    black_square = board("......", "......", "......", "......", "KK....", "KK....")
    assert board_points(black_square, ["4c"]) == 3
    assert board_points(black_square.replace("K", "P"), ["4c"]) == 0
    purple_domino = board("......", "......", "......", "......", "......", "PP....")
    assert board_points(purple_domino, ["2d"]) == 2
    assert board_points(purple_domino.replace("P", "Y"), ["2d"]) == 0
    assert board_points(purple_domino.replace("P", "Y"), ["4d"]) == -3


def test_a_straight_three_is_not_a_corner_three() -> None:
    line = board("......", "......", "......", "......", "......", "BBB...")
    assert board_points(line, ["2a"]) == 0
    assert board_points(line, ["3b"]) == -2
    assert board_points(line, ["3c"]) == 0


def test_one_area_scores_on_several_cards() -> None:
    purple_domino = board("......", "......", "......", "......", "......", "PP....")
    cards = score_board(purple_domino, ["1a", "2d", "3a"])
    assert [c.points for c in cards] == [0, 2, -2]


def test_single_squares_on_card_3d() -> None:
    singles = board("......", "......", "......", "......", "......", "RYRY..")
    assert board_points(singles, ["3d"]) == -4
    assert CARD_BY_ID["3d"].points == -1
