"""The worked examples of the French rules (Examples 1–6 and the 5+6+6 = 17 scoring example),
rebuilt as text positions since the printed pictures are lost."""

from __future__ import annotations

import pytest

from bauhausbox.games.bauhaus.positions import choose, edge, play, reason, sq
from bauhausbox.games.bauhaus.rules import GAME, RESOLVE

BLUE, YELLOW, RED = 0, 1, 2

# Example 1: a closed zone on the left (a4-a5) owned by Blue; an open pocket on the right
# (f5-h5, walled on three sides but open on the east border) with a red token.
EXAMPLE_1 = """
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+-+ + + + +-+-+-+
|b|. . . .|r . .
+ + + + + + + + +
|.|. . . .|. . .
+-+ + + + +-+-+-+
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
"""


def test_example_1_no_token_enters_a_closed_owned_zone_not_even_its_owner() -> None:
    state = GAME.from_picture(EXAMPLE_1, players=3, display=("place", "free", "swap", "move"))
    # The left zone was taken over when the position settled: Blue's token shows its control face.
    assert state.control[BLUE] == 1 << sq("a5") and state.deployed[BLUE] == 0
    assert state.locked == ((1 << sq("a4")) | (1 << sq("a5")),)
    resolving = choose(state, "place")  # Blue (seat 0) chose Place token
    targets = {m.squares[0] for m in GAME.legal_moves(resolving)}
    assert sq("a4") not in targets
    assert {sq("g5"), sq("h5"), sq("f4"), sq("h4")} <= targets  # the "green points": the pocket is open
    assert reason(resolving, "place a4") == "that square is in a locked zone"
    assert reason(resolving, "place f5") == "that square is taken"
    assert reason(resolving, "place g5") is None


# Example 2: an unowned closed zone f5-h5 (Blue f5, Red h5) on the right border, and an empty pocket
# a1 walled on three sides whose last side is edge A = a1S.
EXAMPLE_2 = """
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + +-+-+-+
 . . . . .|b . r|
+ + + + + +-+-+-+
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+-+ + + + + + + +
|.|. . . . . . .
+ + + + + + + + +
"""


def test_example_2_edge_a_would_close_an_empty_zone() -> None:
    state = GAME.from_picture(EXAMPLE_2, players=3, display=("free", "I2", "move-wall", "move"))
    zone = (1 << sq("f5")) | (1 << sq("g5")) | (1 << sq("h5"))
    statuses = {z.squares: z.status for z in GAME.zones(state)}
    assert statuses[zone] == "unowned"
    # Free walls: edge A is refused with the reason, and not offered.
    free = choose(state, "free")
    assert reason(free, "wall a1S") == "that would close an empty zone"
    assert edge("a1S") not in {m.edges[0] for m in GAME.legal_moves(free)}
    # The same edge through a pattern or a wall move is refused as well.
    straight = choose(state, "I2")
    assert reason(straight, "walls a1S,b1S") == "that would close an empty zone"
    moving = choose(state, "move-wall")
    assert reason(moving, "move-wall a1N>a1S") is None  # lifting a1N reopens the pocket first
    moving_other = GAME.from_picture(EXAMPLE_2.replace("|.|. . .", "|.|.|. ."), players=3, display=("move-wall",) * 4)
    assert reason(choose(moving_other, "move-wall"), "move-wall b1E>a1S") == "that would close an empty zone"


@pytest.mark.parametrize("edge_name", ["f5E", "g5E"])
def test_example_2_edges_b_and_c_split_the_unowned_zone_into_owned_ones(edge_name: str) -> None:
    state = GAME.from_picture(EXAMPLE_2, players=3, display=("free", "I2", "move-wall", "move"))
    free = choose(state, "free")
    assert reason(free, f"wall {edge_name}") is None
    after = play(free, f"wall {edge_name}")
    # Both parts are now closed and one-coloured: their tokens flipped at once.
    assert after.control[BLUE] == 1 << sq("f5") and after.deployed[BLUE] == 0
    assert after.control[RED] == 1 << sq("h5") and after.deployed[RED] == 0
    assert {z.status for z in GAME.zones(after) if z.closed} == {"owned"}
    assert GAME.invariant_errors(after) == []


# Example 3: a Pattern-walls card (I3 straight and L3 long L) placed in the exact printed shape.
def test_example_3_pattern_walls_go_exactly_in_the_printed_configuration() -> None:
    state = GAME.from_picture(EXAMPLE_1, players=3, display=("I3", "L3", "swap", "move"))
    straight = choose(state, "I3")
    assert reason(straight, "walls c2N,d2N,e2N") is None  # three in a row, horizontal
    assert reason(straight, "walls c2E,c3E,c4E") is None  # turned a quarter
    assert reason(straight, "walls c2N,d2N,e3N") == "those walls do not form the I3 pattern of the card"
    assert reason(straight, "walls c2N,d2N,d2E") == "those walls do not form the I3 pattern of the card"
    long_l = choose(state, "L3")
    # L3 = two tops and one left side: every rotation and reflection counts.
    for text in ("walls c2N,d2N,c2W", "walls c2N,d2N,d2E", "walls c2S,d2S,c2W", "walls c2S,d2S,d2E"):
        assert reason(long_l, text) is None, text
    assert reason(long_l, "walls c2N,d2N,e2N") == "those walls do not form the L3 pattern of the card"
    placed = play(long_l, "walls c2N,d2N,c2W")
    assert all(placed.walls >> edge(e) & 1 for e in ("c2N", "d2N", "c2W"))
    assert placed.supply == state.supply - 3


# Example 4: walls free of closed zones move anywhere allowed; walls of a closed zone do not.
def test_example_4_only_walls_outside_closed_zones_move() -> None:
    state = GAME.from_picture(EXAMPLE_2, players=3, display=("move-wall", "I2", "swap", "move"))
    movable = GAME.movable_walls(state)
    for name in ("a1N", "a1E"):  # the open pocket's walls ("green")
        assert movable >> edge(name) & 1, name
    for name in ("e5E", "f5N", "g4N", "h5E"):  # the closed zone's boundary ("red")
        assert not movable >> edge(name) & 1, name
    resolving = choose(state, "move-wall")
    assert reason(resolving, "move-wall a1N>d8N") is None
    assert reason(resolving, "move-wall g5N>d8N") == "that wall belongs to a closed zone"
    assert reason(resolving, "move-wall a1N>a1N") == "the wall must move to another edge"
    assert reason(resolving, "move-wall a1N>g5N") == "that edge already has a wall"


# Example 5: Red's token A (c3) may move to any free square, including those of the closed zone
# shared by Blue and Red (unowned, so tokens may enter it).
EXAMPLE_5 = """
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + +-+-+-+
 . . . . .|b . .|
+ + + + + + + + +
 . . . . .|. . r|
+ + + + + +-+-+-+
 . . r . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
"""


def test_example_5_a_token_moves_into_an_unowned_zone() -> None:
    state = GAME.from_picture(EXAMPLE_5, players=3, display=("move", "I2", "swap", "free"))
    moving = choose(state, "move")
    targets = {m.squares[1] for m in GAME.legal_moves(moving) if m.squares[0] == sq("c3")}
    inside = {sq(c) for c in ("g5", "h5", "f4", "g4")}  # the free squares of the unowned zone
    assert inside <= targets
    assert len(targets) == 64 - 3  # every square not holding a token
    after = play(moving, "move c3>g4")
    assert after.deployed[RED] == (1 << sq("g4")) | (1 << sq("h4"))
    assert reason(moving, "move c3>f5") == "that square is taken"


# Example 6: swapping Red's A with the blue token of the shared zone leaves only red inside:
# the zone becomes Red's and both red tokens flip.
def test_example_6_a_swap_gives_the_zone_to_red_and_flips_both_tokens() -> None:
    state = GAME.from_picture(EXAMPLE_5, players=3, display=("swap", "I2", "move", "free"))
    swapping = choose(state, "swap")
    assert reason(swapping, "swap c3,h4") == "the two tokens must be of different colours"
    after = play(swapping, "swap f5,c3")
    zone = next(z for z in GAME.zones(after) if z.closed)
    assert zone.status == "owned" and zone.colours == (RED,)
    assert after.control[RED] == (1 << sq("f5")) | (1 << sq("h4"))
    assert after.deployed[BLUE] == 1 << sq("c3")
    assert after.locked == (zone.squares,)
    # The zone is locked now: its tokens can no longer move, nothing may enter it.
    moving = choose(after, "move")
    moves = GAME.legal_moves(moving)
    assert {m.squares[0] for m in moves} == {sq("c3")}
    assert all(not zone.squares >> m.squares[1] & 1 for m in moves)
    assert reason(moving, "move c3>g5") == "that square is in a locked zone"
    assert reason(moving, "move h4>a1") == "that token shows its control face and cannot move"
    assert moving.phase == RESOLVE


SCORING_EXAMPLE = """
+-+-+-+-+-+ + + +
|b . . . .|. . .
+-+-+-+-+-+ + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+-+-+-+-+-+-+ + +
|b b . . . .|. y
+-+-+-+-+-+-+ + +
"""


def test_scoring_example_one_token_in_five_and_two_in_six_make_17() -> None:
    state = GAME.from_picture(SCORING_EXAMPLE, players=2)
    assert GAME.scores(state) == [5 + 6 + 6, 0]
    assert GAME.scoring_zones(state) == [[6, 5], []]
    assert GAME.winners(state) == [BLUE]
