"""Blokus placement rules, anchors, passes, game end and notation (``docs/rules/blokus.md``)."""

from __future__ import annotations

import random

import pytest

from bauhausbox.engine.api import IllegalMoveError, InvalidMoveError, InvalidPositionError
from bauhausbox.engine.grid import Cell, cell_name, parse_cells
from bauhausbox.engine.shapes import orientations
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.rules import GAME, BlokusState, board_picture, make_state

BLUE, YELLOW, RED, GREEN = range(4)
CORNERS = {BLUE: (0, 19), YELLOW: (19, 19), RED: (19, 0), GREEN: (0, 0)}


def play(state: BlokusState, *texts: str) -> BlokusState:
    for text in texts:
        state = GAME.apply(state, GAME.parse_move(state, text))
    return state


def squares(state: BlokusState, colour: int) -> set[Cell]:
    return set(bb.cells_of(state.boards[colour]))


def _neighbourhoods() -> list[tuple[frozenset[Cell], frozenset[Cell], frozenset[Cell]]]:
    result = []
    for placement in bb.PLACEMENTS:
        cells = frozenset(placement.cells)
        sides = frozenset((c + dc, r + dr) for c, r in cells for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        diagonals = frozenset((c + dc, r + dr) for c, r in cells for dc, dr in ((1, 1), (1, -1), (-1, 1), (-1, -1)))
        result.append((cells, sides, diagonals))
    return result


NEIGHBOURHOODS = _neighbourhoods()


def brute_force_legal(state: BlokusState, colour: int) -> set[str]:
    """Every legal placement found by checking the rules square by square (no bitboard tricks)."""
    own = squares(state, colour)
    taken = set().union(*(squares(state, c) for c in range(4)))
    hand = state.hands[colour]
    legal = set()
    for placement, (cells, sides, diagonals) in zip(bb.PLACEMENTS, NEIGHBOURHOODS, strict=True):
        if not hand >> placement.piece & 1 or cells & taken:
            continue
        if own:
            if sides & own or not diagonals & own:
                continue
        elif CORNERS[colour] not in cells:
            continue
        legal.add(placement.text)
    return legal


# -- anchors -------------------------------------------------------------------------------------------
def test_placements_on_the_empty_board_number_30433() -> None:
    assert len(bb.PLACEMENTS) == 30433
    # Independently: every orientation of every piece at every position that fits on 20 × 20.
    expected = set()
    for piece in PIECES:
        for shape in orientations(piece.shape):
            width = max(x for x, _ in shape) + 1
            height = max(y for _, y in shape) + 1
            for row in range(21 - height):
                for col in range(21 - width):
                    expected.add(frozenset((col + x, row + y) for x, y in shape))
    assert {frozenset(p.cells) for p in bb.PLACEMENTS} == expected


def test_there_are_91_orientations_and_89_squares_per_colour() -> None:
    assert sum(len(piece.orientations) for piece in PIECES) == 91
    assert sum(piece.size for piece in PIECES) == 89


@pytest.mark.parametrize("colour", range(4))
def test_each_colour_has_58_first_moves_all_covering_its_corner(colour: int) -> None:
    state = GAME.new_game(4, 0)
    # Make `colour` the one to move by letting the colours before it open in their own corners.
    openings = {BLUE: "a20", YELLOW: "t20", RED: "t1"}
    for earlier in range(colour):
        state = play(state, openings[earlier])
    assert state.colour == colour
    moves = GAME.legal_moves(state)
    assert len(moves) == 58
    assert all(CORNERS[colour] in move.cells for move in moves)
    assert {m.text for m in moves} == brute_force_legal(state, colour)


def test_order_is_blue_yellow_red_green() -> None:
    state = GAME.new_game(4, 0)
    seen = []
    for text in ("a20", "t20", "t1", "a1"):
        seen.append(state.colour)
        state = play(state, text)
    assert seen == [BLUE, YELLOW, RED, GREEN]
    assert state.colour == BLUE


# -- placement rules ----------------------------------------------------------------------------------
def opened() -> BlokusState:
    """Each colour has played the V5 in its corner."""
    return play(
        GAME.new_game(4, 0),
        "a18,a19,a20,b20,c20",  # blue
        "r20,s20,t18,t19,t20",  # yellow
        "r1,s1,t1,t2,t3",  # red
        "a1,b1,c1,a2,a3",  # green
    )


def test_first_piece_must_cover_the_corner() -> None:
    state = GAME.new_game(4, 0)
    with pytest.raises(IllegalMoveError, match="must cover your corner a20"):
        play(state, "b19")
    assert GAME.check(state, GAME.parse_move(state, "j10")) == "must cover your corner a20"


def test_later_pieces_must_touch_own_colour_at_a_corner() -> None:
    state = opened()
    with pytest.raises(IllegalMoveError, match="corner to corner"):
        play(state, "j10")


def test_later_pieces_must_not_touch_own_colour_along_a_side() -> None:
    state = opened()
    # b19 is beside a19 and b20 (blue) along a side.
    with pytest.raises(IllegalMoveError, match="touches your own piece along a side"):
        play(state, "b19")
    # d19 touches c20 only at a corner: legal.
    after = play(state, "d19")
    assert (3, 18) in squares(after, BLUE)


def test_other_colours_may_be_touched_along_sides() -> None:
    state = opened()
    state = play(state, "d19,e19,f19,g19,h19")  # blue I5 from the corner of c20
    state = play(state, "m19,n19,o19,p19,q19")  # yellow: q19 is diagonal to its r20
    state = play(state, "q2")  # red
    state = play(state, "d2")  # green touches c1 at a corner
    # Blue's L5 now touches yellow's m19 along a side (l19): allowed.
    state = play(state, "i18,j18,k18,l18,l19")
    assert {(8, 17), (11, 18)} <= squares(state, BLUE)
    assert (12, 18) in squares(state, YELLOW)


def test_pieces_never_overlap_and_each_piece_is_used_once() -> None:
    state = opened()
    with pytest.raises(IllegalMoveError, match="already taken"):
        play(state, "c20,d20,d19")  # c20 is blue's own square
    state = play(state, "d19")  # the monomino
    state = play(state, "s17")
    state = play(state, "s4")
    state = play(state, "b4")
    with pytest.raises(IllegalMoveError, match="Blue has already placed its monomino"):
        play(state, "e18")


@pytest.mark.parametrize("seed", [1, 2])
def test_apply_refuses_exactly_what_check_explains(seed: int) -> None:
    """``apply`` tests legality with the state's forbidden and attach squares, and asks ``check`` for
    the words only when that fails: the two must agree on every placement, legal or not."""
    rnd = random.Random(seed)
    state = GAME.new_game(4, seed)
    tried = refused = 0
    while state.to_play is not None:
        for placement in rnd.sample(bb.PLACEMENTS, 40) + GAME.legal_moves(state)[:5]:
            reason = GAME.check(state, placement)
            try:
                GAME.apply(state, placement)
            except IllegalMoveError as error:
                assert reason is not None and str(error) == reason, (placement, reason)
                refused += 1
            else:
                assert reason is None, (placement, reason)
            tried += 1
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    assert refused > tried // 2 > 100


def test_moves_are_rejected_out_of_turn_and_after_the_end() -> None:
    state = GAME.new_game(4, 0)
    move = GAME.parse_move(state, "a20")
    with pytest.raises(IllegalMoveError, match="Blue's turn"):
        GAME.apply(state, move, seat=YELLOW)
    assert GAME.legal_moves(state, seat=YELLOW) == []
    over = GAME.from_text("4 - " + "/".join(["20"] * 20) + " bygr -")
    assert GAME.legal_moves(over) == []
    with pytest.raises(IllegalMoveError, match="over"):
        GAME.apply(over, move)


def test_apply_does_not_change_its_input() -> None:
    state = opened()
    text = GAME.to_text(state)
    play(state, "d19")
    assert GAME.to_text(state) == text


@pytest.mark.parametrize("seed", range(4))
def test_generated_moves_match_a_brute_force_check_of_the_rules(seed: int) -> None:
    rnd = random.Random(seed)
    state = GAME.new_game(4, seed)
    checked = 0
    while state.to_play is not None:
        if rnd.random() < 0.25:
            moves = GAME.legal_moves(state)
            fast = {m.text for m in moves}
            assert len(fast) == len(moves), "a placement was listed twice"
            assert fast == brute_force_legal(state, state.colour), board_picture(state)
            checked += 1
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    assert checked > 3


# -- passes and the end -------------------------------------------------------------------------------
def test_a_colour_without_a_placement_passes_automatically_and_is_shown_out() -> None:
    # Red's corner t1 is taken by green before red's first piece, so red can never place.
    board = "/".join(["b19"] + ["20"] * 18 + ["19g"])
    state = GAME.from_text(f"4 y {board} - -")
    assert state.colour == YELLOW and state.out == 0
    state = play(state, "t20")
    assert state.colour == GREEN, "red had no placement and was skipped"
    assert state.out == 1 << RED
    assert state.to_play == GREEN
    # Red stays out for the rest of the game.
    state = play(state, "s2,s3")
    assert state.colour == BLUE
    state = play(state, "b18,b19")
    assert state.colour == YELLOW and state.out == 1 << RED


def test_the_game_ends_when_no_colour_can_place() -> None:
    rnd = random.Random(11)
    state = GAME.new_game(4, 11)
    while state.to_play is not None:
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    assert state.out == 0b1111
    assert GAME.is_over(state)
    for colour in range(4):
        assert brute_force_legal(state, colour) == set()


def test_a_colour_that_placed_everything_is_out() -> None:
    # A state where green has no pieces left: it is skipped for good.
    state = make_state(4, False, (0, 0, 0, 0), (bb.FULL_HAND, bb.FULL_HAND, bb.FULL_HAND, 0), RED, RED)
    after = play(state, "t1")
    assert after.colour == BLUE and after.out == 1 << GREEN


# -- scoring --------------------------------------------------------------------------------------------
def hand_of(*names: str) -> int:
    index = {piece.name: i for i, piece in enumerate(PIECES)}
    return sum(1 << index[name] for name in names)


def seed_example(players: int = 4, teams: bool = False) -> BlokusState:
    """Figure 5 of the rules: blue placed everything, the monomino last; yellow kept two tetrominoes;
    red a tromino, four tetrominoes and a pentomino; green a tromino, three tetrominoes, a pentomino."""
    hands = (
        0,
        hand_of("I4", "O"),
        hand_of("I3", "I4", "L4", "O", "T4", "F"),
        hand_of("V3", "L4", "O", "Z4", "X"),
    )
    return make_state(players, teams, (0, 0, 0, 0), hands, 0, None, 0b1111, monomino_last=1 << BLUE)


def test_the_seed_score_example() -> None:
    state = seed_example()
    assert GAME.scores(state) == [20, -8, -24, -20]
    assert GAME.winners(state) == [BLUE]


def test_all_placed_without_the_monomino_last_scores_15() -> None:
    state = seed_example()
    state = make_state(4, False, state.boards, state.hands, 0, None, 0b1111, monomino_last=0)
    assert GAME.scores(state)[BLUE] == 15


def test_two_player_totals_sum_two_colours() -> None:
    state = seed_example(players=2)
    assert GAME.scores(state) == [20 - 24, -8 - 20]
    assert GAME.winners(state) == [0]


def test_team_totals_sum_blue_red_and_yellow_green() -> None:
    state = seed_example(teams=True)
    assert GAME.scores(state) == [-4, -28, -4, -28]
    assert GAME.winners(state) == [0, 2]


def test_three_players_ignore_the_shared_green() -> None:
    state = seed_example(players=3)
    assert GAME.scores(state) == [20, -8, -24]
    rows = GAME.score_table(state)
    assert any(row.label.startswith("Green (shared): -20 points") for row in rows)


def test_score_table_columns_are_the_seats() -> None:
    """The game-over table has one column per player: per-colour rows, then totals."""
    rows = {row.label: row.cells for row in GAME.score_table(seed_example(players=2))}
    assert rows["Blue"] == ("+20 (all placed, monomino last)", "")
    assert rows["Yellow"] == ("", "-8 (8 squares left)")
    assert rows["Red"] == ("-24 (24 squares left)", "")
    assert rows["Total"] == ("-4", "-28")
    four = {row.label: row.cells for row in GAME.score_table(seed_example())}
    assert four["Points"] == ("20", "-8", "-24", "-20")
    assert four["Squares left"] == ("0", "8", "24", "20")
    assert four["Bonus"] == ("+20", "0", "0", "0")  # every cell says something, as in the other rows
    assert four["Pieces placed"] == ("21", "19", "15", "16")
    teams = {row.label: row.cells for row in GAME.score_table(seed_example(teams=True))}
    assert teams["Team total (Blue + Red, Yellow + Green)"] == ("-4", "-28", "-4", "-28")


def test_equal_scores_share_the_win() -> None:
    hands = (hand_of("I4"), hand_of("O"), hand_of("T4"), hand_of("I5"))
    state = make_state(4, False, (0, 0, 0, 0), hands, 0, None, 0b1111)
    assert GAME.scores(state) == [-4, -4, -4, -5]
    assert GAME.winners(state) == [0, 1, 2]


# -- variants: who places which colour --------------------------------------------------------------
def test_two_players_each_place_two_colours() -> None:
    state = GAME.new_game(2, 0)
    seats = []
    for text in ("a20", "t20", "t1", "a1", "b18,b19", "s18,s19"):
        seats.append((state.colour, state.to_play))
        state = play(state, text)
    assert seats == [(BLUE, 0), (YELLOW, 1), (RED, 0), (GREEN, 1), (BLUE, 0), (YELLOW, 1)]
    assert GAME.seat_name(0, 2) == "Blue & Red"


def test_three_players_take_turns_with_green() -> None:
    state = GAME.new_game(3, 0)
    green_seats = []
    # Four chains of 1, 2, 3, 4 and 5 squares, each piece diagonal to the previous one.
    moves = {
        BLUE: ["a20", "b18,b19", "c15,c16,c17", "d11,d12,d13,d14", "e6,e7,e8,e9,e10"],
        YELLOW: ["t20", "s18,s19", "r15,r16,r17", "q11,q12,q13,q14", "p6,p7,p8,p9,p10"],
        RED: ["t1", "r2,s2", "o3,p3,q3", "k4,l4,m4,n4", "f5,g5,h5,i5,j5"],
        GREEN: ["a1", "b2,c2", "d3,e3,f3", "g4,h4,i4,j4", "k5,l5,m5,n5,o5"],
    }
    for _ in range(5):
        for colour in range(4):
            assert state.colour == colour
            if colour == GREEN:
                green_seats.append(state.to_play)
            else:
                assert state.to_play == colour
            state = play(state, moves[colour].pop(0))
    assert green_seats == [0, 1, 2, 0, 1]


def test_teams_option_only_for_four_players() -> None:
    assert GAME.new_game(4, 0, teams=True).teams
    assert not GAME.new_game(4, 0).teams
    assert GAME.normalize_options(2, {"teams": True}) == {"variant": "classic"}
    with pytest.raises(InvalidMoveError):
        GAME.new_game(5, 0)


# -- notation and positions ---------------------------------------------------------------------------
def test_move_text_is_the_sorted_cell_list() -> None:
    state = GAME.new_game(4, 0)
    move = GAME.parse_move(state, "c20, b20 ,a20,a19,a18")
    assert GAME.format_move(state, move) == "a18,a19,a20,b20,c20"
    assert move.piece_name == "V5"
    assert [cell_name(c) for c in move.cells] == ["a18", "a19", "a20", "b20", "c20"]


def test_malformed_moves_are_invalid_and_pass_is_explained() -> None:
    state = GAME.new_game(4, 0)
    for text in ("", "z1", "a21", "a1,a1", "a1,c1", "a1,b1,c1,d1,e1,f1"):
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, text)
    with pytest.raises(IllegalMoveError, match="automatic"):
        GAME.parse_move(state, "pass")


def test_every_placement_text_round_trips() -> None:
    state = GAME.new_game(4, 0)
    for placement in bb.PLACEMENTS[::97]:
        assert GAME.parse_move(state, placement.text) is placement
        assert parse_cells(placement.text) == frozenset(placement.cells)


def test_positions_round_trip_through_text() -> None:
    rnd = random.Random(5)
    for players, teams in ((4, False), (4, True), (3, False), (2, False)):
        state = GAME.new_game(players, 1, teams=teams) if players == 4 else GAME.new_game(players, 1)
        while state.to_play is not None:
            text = GAME.to_text(state)
            assert GAME.from_text(text) == state
            state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
        assert GAME.from_text(GAME.to_text(state)) == state


def test_position_text_of_the_start() -> None:
    text = GAME.to_text(GAME.new_game(4, 0, teams=True))
    assert text == "4t b " + "/".join(["20"] * 20) + " - -"


@pytest.mark.parametrize(
    "text",
    [
        "4 b 20 - -",  # too few rows
        "5 b " + "/".join(["20"] * 20) + " - -",  # bad player count
        "3t b " + "/".join(["20"] * 20) + " - -",  # teams need 4 players
        "4 x " + "/".join(["20"] * 20) + " - -",  # bad colour
        "4 b " + "/".join(["bbbbbb14"] + ["20"] * 19) + " - -",  # six in a row is no piece
        "4 b " + "/".join(["b1b18"] + ["20"] * 19) + " - -",  # two monominoes
        "4 b " + "/".join(["b19"] + ["20"] * 19) + " b -",  # the colour to move cannot be out
        "4 - " + "/".join(["20"] * 20) + " b -",  # over while colours could still place
        "4 b " + "/".join(["bb17"] + ["20"] * 19) + " - -",  # a row of 19 squares
    ],
)
def test_bad_position_texts_are_refused(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        GAME.from_text(text)


def test_hands_are_read_from_the_board() -> None:
    state = GAME.from_text("4 y " + "/".join(["bb18"] + ["20"] * 19) + " - -")
    assert state.hands[BLUE] == bb.FULL_HAND & ~(1 << 1)  # the domino is down
    assert state.hands[YELLOW] == bb.FULL_HAND


def test_invariants_hold_and_catch_a_wrong_hand() -> None:
    state = opened()
    assert GAME.invariant_errors(state) == []
    _, yellow, red, green = state.hands
    broken = make_state(4, False, state.boards, (bb.FULL_HAND, yellow, red, green), state.colour, state.to_play)
    assert GAME.invariant_errors(broken)
