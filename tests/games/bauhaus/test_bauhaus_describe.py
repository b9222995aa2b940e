"""Bauhaus moves in words. The expected sentences are written from the rules page (docs/rules/bauhaus.md):
the card names of its deck table, squares as on the board, edges by the square beside them (an edge
is named from the square below it or to its left, as the notation's canonical names), and the
worked examples' positions."""

from __future__ import annotations

from bauhausbox import games
from bauhausbox.games.bauhaus.describe import walls_words
from bauhausbox.games.bauhaus.positions import EMPTY_BOARD, choose
from bauhausbox.games.bauhaus.rules import GAME, BauhausState

BLUE, YELLOW, RED, BLACK = range(4)

# Example 5 of the rules page: Blue f5 and Red h4 share a closed zone (f4-h5); Red's token A is on c3.
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

# A pocket with a wall on the right of b2 and above b2; Yellow's token on d4, Blue's on e5.
WALLED = """
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . b . . .
+ + + + + + + + +
 . . . y . . . .
+ + + + + + + + +
 . . . . . . . .
+ +-+ + + + + + +
 . .|. . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
"""


def say(state: BauhausState, text: str, seat: int | None = None, **kwargs: object) -> str:
    return games.describe_move("bauhaus", state, GAME.parse_move(state, text, seat), mover=seat, **kwargs)  # type: ignore[arg-type]


def test_the_opening_places_tokens_on_named_squares() -> None:
    state = GAME.new_game(2, 1)
    first = state.to_play
    assert first is not None
    name = ("Blue", "Yellow")[first]
    assert say(state, "place d4") == f"{name} placed a token on d4"
    assert say(state, "place d4", names=["Anni", "Josef"]) == f"{('Anni', 'Josef')[first]} placed a token on d4"


def test_choosing_a_card_names_the_card_not_its_place_in_the_display() -> None:
    state = GAME.from_picture(WALLED, players=2, display=("move-wall", "place", "L3", "swap"))
    assert say(state, "card0") == "Blue chose Move wall"
    assert say(state, "card1") == "Blue chose Place token"
    assert say(state, "card2") == "Blue chose Pattern L3 (long L)"
    assert say(state, "card3") == "Blue chose Swap tokens"


def test_every_card_is_carried_out_in_words() -> None:
    state = GAME.from_picture(WALLED, players=2, display=("move-wall", "place", "L3", "swap"))
    assert say(choose(state, "place"), "place a1") == "Blue placed a token on a1"
    # Example 3's L3 shape: two of its walls are c6's own sides, so c6 names them (c6W is b6E in
    # the notation, but never "right of b6" in words).
    assert say(choose(state, "L3"), "walls c6N,d6N,c6W") == (
        "Blue built the L3 walls on the top and left sides of c6 and the top side of d6"
    )
    assert say(choose(state, "move-wall"), "move-wall b2E>f6N") == (
        "Blue moved the wall from the right side of b2 to the top side of f6"
    )
    assert say(choose(state, "move-wall"), "move-wall b2N>a1S") == (
        "Blue moved the wall from the top side of b2 to the bottom side of a1"
    )
    assert say(choose(state, "swap"), "swap d4,e5") == "Blue swapped the yellow token on d4 with the blue token on e5"


def test_walls_are_named_by_their_own_square_and_side_never_by_neighbours() -> None:
    # The review's case: c4's left and bottom sides were "right of b4 and above c3".
    assert walls_words(GAME, [GAME.board.parse_edge(e) for e in ("c4W", "c4S")]) == "the bottom and left sides of c4"
    # A cup round c4 (U3), and a straight run named side by side.
    cup = [GAME.board.parse_edge(e) for e in ("c4W", "c4S", "c4E")]
    assert walls_words(GAME, cup) == "the right, bottom and left sides of c4"
    run = [GAME.board.parse_edge(e) for e in ("c2N", "d2N", "e2N")]
    assert walls_words(GAME, run) == "the top sides of c2 to e2"
    # One wall alone: the notation's square (c3N is "the top side of c3", b4E "the right side of b4").
    assert walls_words(GAME, [GAME.board.parse_edge("c4S")]) == "the top side of c3"
    assert walls_words(GAME, [GAME.board.parse_edge("c4W")]) == "the right side of b4"


def test_free_walls_come_one_at_a_time_and_move_token_names_the_colour_moved() -> None:
    state = GAME.from_picture(WALLED, players=2, display=("free", "move", "place", "place"))
    free = choose(state, "free")
    assert say(free, "wall a5W") == "Blue built the first of two walls on the left side of a5"
    second = GAME.apply(free, GAME.parse_move(free, "wall a5W"))
    assert say(second, "wall h8N") == "Blue built the second wall on the top side of h8"
    assert say(choose(state, "move"), "move d4>g7") == "Blue moved the yellow token on d4 to g7"


def test_a_swap_that_closes_a_zone_says_who_owns_it_now() -> None:
    # Example 6: swap f5,c3 leaves only red in the six-square zone f4-h5: it becomes Red's.
    state = GAME.from_picture(EXAMPLE_5, players=3, display=("swap", "I2", "move", "free"))
    assert say(choose(state, "swap"), "swap c3,f5") == (
        "Blue swapped the red token on c3 with the blue token on f5; Red now owns the closed zone of 6 squares at f4"
    )


def test_a_clogged_display_discards_a_named_card() -> None:
    # Every token shows its control face and there are no walls: Move wall, Move token and Swap
    # cannot be carried out, so the player discards (the clogged-display rule).
    clogged = EMPTY_BOARD.replace(" . . . . . . . .\n+ + + + + + + + +\n", " B . . . . . . Y\n+ + + + + + + + +\n", 1)
    state = GAME.from_picture(clogged, players=2, display=("swap", "move-wall", "move", "swap"))
    assert say(state, "discard card2") == "Blue could carry out no card and discarded Move token"


def test_powers_are_named_with_what_they_act_on() -> None:
    state = GAME.from_picture(EXAMPLE_5, players=4, display=("place", "I2", "move", "free"), powers=True)
    # Red — Forced Control on a deployed token; Black's Mimetic Control copies it.
    assert say(state, "power:forced c3", RED) == "Red used Forced Control on the red token on c3"
    assert say(state, "power:forced f5", RED, names=["A", "B", "Marianne", "D"]) == (
        "Marianne used Forced Control on the blue token on f5"
    )
    assert say(state, "power:mimetic:forced h4", BLACK) == (
        "Black used Mimetic Control as Forced Control on the red token on h4"
    )
    # Yellow — Shared Control on the unowned closed zone of six squares (named by its first square).
    assert say(state, "power:shared g5", YELLOW) == "Yellow used Shared Control on the zone of 6 squares at f4"
    # Blue — Mind Control right after another player chose a card: the chooser's token goes where Blue says.
    yellow_turn = GAME.from_picture(EXAMPLE_5, players=4, display=("place", "I2", "move", "free"), powers=True, turn=1)
    chosen = choose(yellow_turn, "place")
    assert say(chosen, "power:mind", BLUE) == "Blue used Mind Control to carry out Yellow's Place token"
    controlled = GAME.apply(chosen, GAME.parse_move(chosen, "power:mind", BLUE), BLUE)
    assert say(controlled, "place a1") == "Blue placed a yellow token on a1"


def test_the_last_card_ends_the_game_in_words() -> None:
    state = GAME.from_picture(WALLED, players=2, display=("place", "-", "-", "-"), deck=())
    assert say(choose(state, "place"), "place a1") == "Blue placed a token on a1; no card is left: the game is over"
