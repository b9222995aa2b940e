"""Bauhaus rules (``docs/rules/bauhaus.md``): components and deck sizes, notation, turn flow (opening, choose-resolve-
discard-refill, Free walls one at a time, clogged display, the end), empty closed regions, tie-breaks,
hidden information and text positions."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from bauhausbox.engine.api import IllegalMoveError, InvalidMoveError, InvalidPositionError
from bauhausbox.engine.rng import Rng
from bauhausbox.games.bauhaus import scoring
from bauhausbox.games.bauhaus.board import Board
from bauhausbox.games.bauhaus.cards import CARD_INDEX, CARDS, PATTERNS, deck_for, left_edge, top_edge
from bauhausbox.games.bauhaus.checks import BOARD_SIZE
from bauhausbox.games.bauhaus.positions import EMPTY_BOARD, choose, edge, play, reason, sq, zones_picture
from bauhausbox.games.bauhaus.rules import CHOOSE, GAME, OPENING, OVER, RESOLVE, BauhausRules, BauhausState
from bauhausbox.games.bauhaus.state import MoveKind
from tests.games.bauhaus.test_bauhaus_examples import SCORING_EXAMPLE

BLUE, YELLOW, RED, BLACK = 0, 1, 2, 3


# -- components ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size", "places"), [(2, 59, 12), (3, 65, 18), (4, 71, 24)])
def test_deck_sizes_follow_the_player_count(players: int, size: int, places: int) -> None:
    state = GAME.new_game(players, seed=1)
    cards = Counter(state.deck) + Counter(state.display)
    assert sum(cards.values()) == size == len(deck_for(players))
    assert cards[CARD_INDEX["place"]] == places
    assert len(state.display) == 4 and state.discard == ()


def test_the_full_deck_is_71_cards_whose_walls_add_up_to_66() -> None:
    counts = {card.name: card.count for card in CARDS}
    assert counts == {
        "place": 24, "free": 6, "move-wall": 8, "move": 6, "swap": 6,
        "I2": 3, "L2": 3, "P2": 3, "I3": 3, "U3": 3, "L3": 3, "T3": 3,
    }  # fmt: skip
    assert sum(counts.values()) == 71
    assert sum(card.count * card.walls for card in CARDS) == 66


def test_patterns_in_all_rotations_and_reflections() -> None:
    assert [len(p.orientations) for p in PATTERNS] == [2, 4, 2, 2, 4, 8, 4]
    u3 = next(p for p in PATTERNS if p.id == "U3")
    # A cup: the left, right and bottom sides of one square (rows counted downwards on the card).
    assert u3.edges == {left_edge(0, 0), left_edge(1, 0), top_edge(0, 1)}
    board = Board(BOARD_SIZE)
    # Every placement lies on the board and has the pattern's number of walls.
    for pattern, masks in zip(PATTERNS, board.pattern_placements, strict=True):
        assert masks and all(m.bit_count() == pattern.walls and not m & ~board.all_edges for m in masks)
        assert len(set(masks)) == len(masks)
    # A straight of two lies along any 2 of the 8 squares of a line, across 9 lines, in 2 directions.
    assert len(board.pattern_placements[0]) == 2 * 9 * 7


def test_board_has_144_edges_and_names_them_canonically() -> None:
    b = GAME.board
    assert len(b.edges) == 144 and b.all_edges.bit_count() == 144
    assert sum(1 for e in b.edges if b.is_border(e)) == 32
    assert b.parse_edge("a2S") == b.parse_edge("a1N")
    assert b.edge_name(b.parse_edge("a2S")) == "a1N"
    assert b.edge_name(b.parse_edge("b1W")) == "a1E"
    assert b.edge_name(b.parse_edge("c1S")) == "c1S"
    assert b.edge_name(b.parse_edge("a5W")) == "a5W"
    assert b.edge_name(b.parse_edge("h8N")) == "h8N"
    assert b.edge_name(b.parse_edge("h8E")) == "h8E"
    assert b.edge_sides[b.parse_edge("a1N")] == (1 << sq("a1")) | (1 << sq("a2"))
    with pytest.raises(InvalidMoveError):
        b.parse_edge("i1N")


def test_other_board_sizes_work() -> None:
    small = BauhausRules(size=4)
    state = small.new_game(2, seed=3)
    assert len(small.board.edges) == 2 * 4 * 5
    rnd = random.Random(0)
    while state.to_play is not None:
        assert small.invariant_errors(state) == []
        state = small.apply(state, rnd.choice(small.legal_moves(state)))
    assert small.invariant_errors(state) == []


# -- notation --------------------------------------------------------------------------------------
def test_the_notation_of_the_rules_page_round_trips() -> None:
    state = GAME.from_picture(zones_picture([(["e4", "f4"], "by")]), players=4, powers=True)
    texts = ["card2", "discard card2", "place d4", "walls c3N,c3E", "move-wall b2E>f6N", "move e5>a1", "swap c3,f6"]
    for text in texts:
        assert GAME.format_move(state, GAME.parse_move(state, text)) == text
    assert GAME.format_move(state, GAME.parse_move(state, "swap f6,c3")) == "swap c3,f6"
    assert GAME.format_move(state, GAME.parse_move(state, "wall a2S")) == "wall a1N"
    # A zone is named by any of its squares; the canonical name is its first square.
    assert GAME.format_move(state, GAME.parse_move(state, "power:shared f4", YELLOW)) == "power:shared e4"
    assert (
        GAME.format_move(state, GAME.parse_move(state, "power:mimetic:forced c3", BLACK)) == "power:mimetic:forced c3"
    )
    for bad in ("card9", "place z9", "walls", "power:telepathy", "jump a1", "move-wall b2E"):
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, bad)


# -- turn flow -------------------------------------------------------------------------------------
def test_opening_round_places_one_token_each_in_seat_order_then_cards_start() -> None:
    state = GAME.new_game(3, seed=5)
    first = state.first
    assert state.phase == OPENING and state.to_play == first
    assert reason(state, "card0") == "in the opening round each player places one token"
    assert len(GAME.legal_moves(state)) == 64
    for step, square in enumerate(("a1", "b2", "c3")):
        seat = (first + step) % 3
        assert state.to_play == seat
        state = play(state, f"place {square}")
        assert state.deployed[seat] == 1 << sq(square) and state.reserve[seat] == 7
    assert state.phase == CHOOSE and state.turn == first and state.to_play == first
    assert reason(state, "place d4") == "choose one of the face-up cards first"


def test_choose_resolve_discard_refill_and_pass() -> None:
    state = GAME.from_picture(EMPTY_BOARD, players=2, display=("place", "move", "I2", "swap"), deck=("T3", "free"))
    assert state.phase == CHOOSE and state.turn == BLUE
    resolving = choose(state, "I2")
    assert resolving.phase == RESOLVE and resolving.to_play == BLUE and resolving.chosen == 2
    # The card may not be swapped for another once chosen.
    assert reason(resolving, "place d4") == "carry out the chosen card: Pattern I2"
    done = play(resolving, "walls c3N,d3N")
    assert done.discard[-1] == CARD_INDEX["I2"]
    assert done.display == tuple(CARD_INDEX[c] for c in ("place", "move", "T3", "swap"))
    assert done.deck == (CARD_INDEX["free"],)
    assert done.phase == CHOOSE and done.turn == YELLOW and done.to_play == YELLOW
    assert done.supply == 64


def test_free_walls_are_placed_one_at_a_time_each_checked_on_its_own() -> None:
    state = GAME.from_picture(EMPTY_BOARD, players=2, display=("free", "move", "I2", "swap"))
    first = play(choose(state, "free"), "wall a1N")
    assert first.phase == RESOLVE and first.placed == 1 and first.to_play == BLUE and first.supply == 65
    assert reason(first, "wall a1N") == "that edge already has a wall"
    second = play(first, "wall a1E")
    assert second.phase == CHOOSE and second.turn == YELLOW and second.supply == 64
    # The second wall alone would not close a1 (a1S and a1W stay free), so it was fine.
    assert GAME.zones(second)[0].closed is False


def test_a_wall_card_needs_enough_walls_in_the_supply() -> None:
    b = GAME.board
    walls = 0
    for x in range(1, 8):  # every inner vertical line: eight open columns ...
        for row in range(8):
            walls |= 1 << (b.v_offset + row * b.stride + x)
    for col in range(8):  # ... cut in halves, each still touching the top or bottom border
        walls |= 1 << edge(f"{'abcdefgh'[col]}4N")
    walls |= 1 << edge("a1S")
    state = GAME.from_picture(EMPTY_BOARD, players=2, display=("free", "I2", "I3", "place"))
    state = replace(state, walls=walls, supply=66 - walls.bit_count())
    assert state.supply == 1 and GAME.invariant_errors(state) == []
    assert [m.slot for m in GAME.legal_moves(state)] == [3]
    assert reason(state, "card0") == (
        "that card cannot be carried out now: only 1 wall is left in the supply (the card needs 2)"
    )


def test_clogged_display_lets_the_player_discard_a_card_of_their_choice() -> None:
    picture = zones_picture([(["a1"], "b"), (["h8"], "y")])
    state = GAME.from_picture(picture, players=2, display=("swap", "move", "move-wall", "swap"), deck=("place",))
    # Both tokens are locked in their zones and every wall belongs to a closed zone: nothing works.
    assert GAME.legal_moves(state) == [GAME.parse_move(state, f"discard card{i}") for i in range(4)]
    assert reason(state, "card1") == (
        "that card cannot be carried out now: no token showing its deployed face is on the board"
    )
    after = play(state, "discard card2")
    assert after.discard[-1] == CARD_INDEX["move-wall"] and after.display[2] == CARD_INDEX["place"]
    assert after.turn == YELLOW and after.phase == CHOOSE
    # Once a card can be carried out, discarding is refused.
    assert reason(after, "discard card0") == "a card can still be carried out; you may discard only when none can"


def test_the_game_ends_when_deck_and_display_are_empty() -> None:
    state = GAME.from_picture(EMPTY_BOARD, players=2, display=("place", "-", "-", "-"), deck=())
    done = play(choose(state, "place"), "place d4")
    assert done.phase == OVER and done.to_play is None and GAME.is_over(done)
    assert GAME.legal_moves(done) == [] and done.display == (-1, -1, -1, -1)
    with pytest.raises(IllegalMoveError, match="game is over"):
        GAME.apply(done, GAME.parse_move(done, "card0"))


def test_a_whole_game_plays_every_card_of_the_deck() -> None:
    rnd = random.Random(7)
    state = GAME.new_game(2, seed=7)
    while state.to_play is not None:
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    assert len(state.discard) == 59 and state.deck == ()


def test_place_token_needs_a_token_in_the_choosers_reserve() -> None:
    cells = ["a1", "c1", "e1", "g1", "a3", "c3", "e3", "g3"]
    picture = zones_picture([([c], "b") for c in cells])
    state = GAME.from_picture(picture, players=2, display=("place", "move", "swap", "I2"))
    assert state.reserve == (0, 8)
    assert reason(state, "card0") == ("that card cannot be carried out now: Blue's reserve is empty")


# -- no empty closed region, whatever the action --------------------------------------------------
def pocket(cells: list[str], missing: list[str], card: str, extra_walls: tuple[str, ...] = ()) -> BauhausState:
    """An empty walled pocket with some of its walls missing, a yellow token elsewhere, ``card`` chosen."""
    state = GAME.from_picture(zones_picture([(cells, "")]), players=2, display=(card, "move", "swap", "place"))
    walls = state.walls
    for name in missing:
        walls &= ~(1 << edge(name))
    for name in extra_walls:
        walls |= 1 << edge(name)
    yellow = 1 << sq("h8")
    state = replace(state, walls=walls, supply=66 - walls.bit_count(), deployed=(0, yellow), reserve=(8, 7))
    assert GAME.invariant_errors(state) == []
    return choose(state, card)


@pytest.mark.parametrize(
    ("cells", "missing", "card", "text"),
    [
        (["a2", "b2"], ["a2S"], "free", "wall a2S"),
        (["a2", "b2"], ["a2S", "b2S"], "I2", "walls a2S,b2S"),
        (["d6"], ["d6N", "d6W"], "L2", "walls d6N,d6W"),
        (["d6"], ["d6N", "d6S"], "P2", "walls d6N,d6S"),
        (["d6", "e6", "f6"], ["d6S", "e6S", "f6S"], "I3", "walls d6S,e6S,f6S"),
        (["d6"], ["d6N", "d6E", "d6W"], "U3", "walls d6N,d6E,d6W"),
        (["d6", "e6"], ["d6N", "e6N", "d6W"], "L3", "walls d6N,e6N,d6W"),
        (["d6"], ["d6N", "d6W"], "T3", "walls c6N,d6N,c6E"),
        (["a2", "b2"], ["a2S"], "move-wall", "move-wall e6N>a2S"),
    ],
)
def test_no_wall_action_may_close_an_empty_region(cells: list[str], missing: list[str], card: str, text: str) -> None:
    resolving = pocket(cells, missing, card, extra_walls=("e6N",) if card == "move-wall" else ())
    assert reason(resolving, text) == "that would close an empty zone"
    assert GAME.parse_move(resolving, text) not in GAME.legal_moves(resolving)
    # With a token inside, the same action is fine and takes the zone over.
    occupied = replace(resolving, deployed=(1 << sq(cells[0]), resolving.deployed[1]), reserve=(7, 7))
    after = play(occupied, text)
    assert after.control[BLUE] == 1 << sq(cells[0])


def test_the_second_free_wall_is_checked_on_its_own() -> None:
    resolving = pocket(["a2", "b2"], ["a2S", "b2S"], "free")
    assert reason(resolving, "wall a2S") is None
    after = play(resolving, "wall a2S")
    assert reason(after, "wall b2S") == "that would close an empty zone"
    assert all(m.edges != (edge("b2S"),) for m in GAME.legal_moves(after))


def test_a_first_free_wall_must_leave_room_for_the_second() -> None:
    # Every first wall offered leaves somewhere legal for the second one.
    resolving = pocket(["a2", "b2"], ["a2S", "b2S"], "free")
    firsts = GAME.legal_moves(resolving)
    assert firsts and all(GAME.legal_moves(play(resolving, GAME.format_move(resolving, m))) for m in firsts[:20])


def test_a_token_move_may_not_empty_a_closed_zone() -> None:
    # Defensive: a closed zone with a single deployed token cannot arise in play (it would be owned);
    # built by hand, the move that empties it is refused all the same.
    state = GAME.from_picture(zones_picture([(["a1", "b1"], "b.")]), players=2, display=("move",) * 4)
    unsettled = replace(state, deployed=(1 << sq("a1"), 1 << sq("h8")), control=(0, 0), reserve=(7, 7), locked=())
    resolving = choose(unsettled, "move")
    assert reason(resolving, "move a1>d4") == "that would leave a closed zone empty"
    assert reason(resolving, "move a1>b1") is None


def test_random_games_never_hold_an_empty_closed_region() -> None:
    rnd = random.Random(11)
    for seed in range(3):
        state = GAME.new_game(2 + seed, seed=seed, powers=True)
        while state.to_play is not None:
            assert GAME.invariant_errors(state) == []
            tokens = 0
            for d, c in zip(state.deployed, state.control, strict=True):
                tokens |= d | c
            assert all(region & tokens for region in GAME.board.closed_regions(state.walls))
            state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))


# -- scoring and tie-breaks ----------------------------------------------------------------------
def standings(zones: list[tuple[list[str], str]], players: int = 2) -> tuple[list[int], list[int]]:
    state = GAME.from_picture(zones_picture(zones), players=players, phase=OVER)
    return GAME.scores(state), GAME.winners(state)


ROW = "abcdefgh"


def line(row: int, start: int, length: int) -> list[str]:
    return [f"{ROW[c]}{row}" for c in range(start, start + length)]


def test_tie_break_1_most_points_wins() -> None:
    assert standings([(line(1, 0, 4), "b"), (line(3, 0, 3), "y")]) == ([4, 3], [BLUE])


def test_tie_break_2_equal_points_then_most_zones() -> None:
    scores, winners = standings([(line(1, 0, 4), "bb"), (line(3, 0, 4), "y"), (line(5, 0, 4), "y")])
    assert scores == [8, 8] and winners == [YELLOW]


def test_tie_break_3_then_the_larger_largest_zone() -> None:
    zones = [(line(1, 0, 6), "b"), (line(3, 0, 2), "b"), (line(5, 0, 4), "y"), (line(7, 0, 2), "yy")]
    scores, winners = standings(zones)
    assert scores == [8, 8] and winners == [BLUE]


def test_tie_break_4_then_the_second_largest_and_so_on() -> None:
    zones = [
        (line(1, 0, 6), "b"), (line(3, 0, 3), "b"), (line(5, 0, 2), "b"),  # 6 + 3 + 2 = 11
        (line(7, 0, 6), "y"), (line(1, 7, 1), "y"), (line(5, 5, 2), "yy"),  # 6 + 1 + 2 + 2 = 11
    ]  # fmt: skip
    scores, winners = standings(zones)
    assert scores == [11, 11] and winners == [BLUE]


def test_tie_break_5_fully_equal_players_share_the_win() -> None:
    zones = [(line(1, 0, 3), "b"), (line(3, 0, 3), "y"), (line(5, 0, 2), "r")]
    scores, winners = standings(zones, players=3)
    assert scores == [3, 3, 2] and winners == [BLUE, YELLOW]
    assert standings([], players=2) == ([0, 0], [BLUE, YELLOW])


def test_tokens_in_unowned_zones_and_outside_zones_score_nothing() -> None:
    scores, _ = standings([(line(1, 0, 4), "by"), (line(3, 0, 2), "b")])
    assert scores == [2, 0]


def test_score_table_rows() -> None:
    state = GAME.from_picture(zones_picture([(line(1, 0, 4), "bb"), (line(3, 0, 2), "y")]), phase=OVER)
    rows = {row.label: row.cells for row in GAME.score_table(state)}
    assert rows["Points"] == ("8", "2") and rows["Zones"] == ("1", "1")
    assert rows["Each token's points"] == ("4 + 4", "2")


# -- hidden information and positions ---------------------------------------------------------------
def test_views_hide_the_deck_order_and_determinize_reshuffles_it() -> None:
    state = GAME.new_game(3, seed=21)
    view = GAME.view(state, 1)
    assert view.deck == tuple(sorted(state.deck)) and view.deck != state.deck
    assert replace(view, deck=state.deck) == state
    other = GAME.determinize(state, 1, Rng(5))
    assert other.deck != state.deck and sorted(other.deck) == sorted(state.deck)
    assert GAME.view(other, 1) == view


def test_revealed_is_true_exactly_when_a_card_is_turned_up() -> None:
    state = GAME.from_picture(EMPTY_BOARD, players=2, display=("place", "move", "I2", "swap"), deck=("T3",))
    resolving = choose(state, "place")
    assert not GAME.revealed(state, resolving)
    done = play(resolving, "place d4")
    assert GAME.revealed(resolving, done)
    opening = GAME.new_game(2, seed=1)
    assert not GAME.revealed(opening, GAME.apply(opening, GAME.legal_moves(opening)[0]))


def test_text_positions_round_trip_and_reject_garbage() -> None:
    rnd = random.Random(3)
    state = GAME.new_game(4, seed=9, powers=True)
    for _ in range(60):
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    text = GAME.to_text(state)
    assert GAME.from_text(text) == state
    assert "walls=" in text and "display=" in text
    for bad in ("chess", "bauhaus size=8", text.replace("size=8", "size=9"), text.replace("phase=", "phase=x")):
        with pytest.raises(InvalidPositionError):
            GAME.from_text(bad)


def test_pictures_round_trip() -> None:
    picture = zones_picture([(line(1, 0, 4), "by"), (["h8"], "y")])
    state = GAME.from_picture(picture)
    assert GAME.picture(state).replace("Y", "y") == picture.replace(".", ".")
    assert state.control[YELLOW] == 1 << sq("h8")


def test_invariants_catch_broken_positions() -> None:
    state = GAME.from_picture(zones_picture([(line(1, 0, 2), "b")]))
    assert GAME.invariant_errors(state) == []
    assert GAME.invariant_errors(replace(state, supply=10))
    assert GAME.invariant_errors(replace(state, reserve=(8, 8)))
    # A locked zone whose walls changed.
    opened = replace(state, walls=state.walls & ~(1 << edge("a1S")), supply=state.supply + 1)
    assert any("locked zone" in e for e in GAME.invariant_errors(opened))
    empty = replace(state, walls=state.walls | GAME.board.square_edges[sq("h8")])
    assert any("empty" in e for e in GAME.invariant_errors(empty))


def test_moves_are_typed_and_their_texts_begin_with_their_kind() -> None:
    """Every move the rules list or read carries a :class:`MoveKind`, and the notation is unchanged:
    a move's text begins with its kind's value (``card2``, ``move-wall b2E>f6N``, ``power:mind``)."""
    rng = random.Random(7)
    state = GAME.new_game(3, 7, powers=True)
    seen: set[MoveKind] = set()
    while state.to_play is not None and len(seen) < len(MoveKind) - 1:  # a discard is rare
        for seat in range(state.players):
            for move in GAME.legal_moves(state, seat):
                assert type(move.kind) is MoveKind
                text = GAME.format_move(state, move)
                assert text.startswith(move.kind.value)
                assert GAME.parse_move(state, text, seat) == move
                seen.add(move.kind)
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    assert seen >= set(MoveKind) - {MoveKind.DISCARD}


def test_the_final_table_says_how_a_tie_on_points_was_decided() -> None:
    names = ["Anni", "Josef"]
    zones = [(line(1, 0, 4), "bb"), (line(3, 0, 4), "y"), (line(5, 0, 4), "y")]  # 8 = 8, Josef in 2 zones
    state = GAME.from_picture(zones_picture(zones), players=2, phase=OVER)
    said = GAME.tie_break(state, names)
    assert said is not None and "(8)" in said and "number of zones" in said and "Josef 2" in said and "Anni 1" in said
    sizes = [(line(1, 0, 6), "b"), (line(3, 0, 2), "b"), (line(5, 0, 4), "y"), (line(7, 0, 2), "yy")]
    said = GAME.tie_break(GAME.from_picture(zones_picture(sizes), players=2, phase=OVER), names)
    assert said is not None and "zone sizes" in said and "Anni 6 2" in said and "Josef 4 2" in said
    # No tie on points, or a win still shared: nothing to explain.
    assert GAME.tie_break(GAME.from_picture(zones_picture([(line(1, 0, 4), "b")]), phase=OVER), names) is None
    shared = [(line(1, 0, 3), "b"), (line(3, 0, 3), "y")]
    assert GAME.tie_break(GAME.from_picture(zones_picture(shared), phase=OVER), names) is None


def test_the_final_table_shows_how_the_points_add_up() -> None:
    """Worked example 7: one token in a 5-square zone and two in a 6-square zone make 5 + 6 + 6."""
    state = GAME.from_picture(SCORING_EXAMPLE, players=2)
    rows = {row.label: row.cells for row in GAME.score_table(state)}
    assert rows["Points"][0] == "17"
    assert rows["Each token's points"] == ("6 + 6 + 5", "-")


def test_the_points_sum_names_each_token_once() -> None:
    """One term per scoring token, largest first: "2×3" read as tokens × squares or squares ×
    tokens to a new player. Five tokens in 1-square zones are five 1s, two tokens in one 2-square
    zone two 2s, whether the equal terms come from one zone or several."""
    ones = [(1, 1)] * 5
    assert scoring.points_sum([(6, 1), (2, 1), *ones]) == "6 + 2 + 1 + 1 + 1 + 1 + 1"
    assert scoring.points_sum([(2, 2), (1, 1), (3, 0)]) == "2 + 2 + 1"
    assert scoring.points_sum([(2, 1), (4, 1), (2, 1)]) == "4 + 2 + 2"
    assert scoring.points_sum([(5, 0)]) == "-"


# -- a card that cannot be carried out says why, as the position is ---------------------------------
def test_a_move_wall_card_with_no_wall_on_the_board_says_there_is_none() -> None:
    """On a board with no wall, "no wall can move to another edge" would suggest walls stuck in place."""
    state = GAME.from_picture(EMPTY_BOARD, players=2, display=("move-wall", "move", "swap", "place"))
    state = replace(state, deployed=(1 << sq("c3"), 1 << sq("f6")), reserve=(7, 7))
    assert reason(state, "card0") == "that card cannot be carried out now: there is no wall on the board yet"


def test_a_move_wall_card_whose_walls_all_close_zones_says_so() -> None:
    # Blue owns a1, walled on its four sides: none of those walls may move.
    state = GAME.from_picture(zones_picture([(["a1"], "b")]), players=2, display=("move-wall", "move", "swap", "place"))
    assert state.walls.bit_count() == 4
    assert reason(state, "card0") == (
        "that card cannot be carried out now: every wall on the board belongs to a closed zone"
    )


def test_a_move_token_card_with_no_deployed_token_says_there_is_none() -> None:
    state = GAME.from_picture(zones_picture([(["a1"], "b")]), players=2, display=("move", "move-wall", "swap", "place"))
    assert reason(state, "card0") == (
        "that card cannot be carried out now: no token showing its deployed face is on the board"
    )
