"""Bits moves in words, written from the rules page (docs/rules/bits.md): columns 1–6 from the left,
a horizontal tile "lying flat" over two columns with the colour on the left named, a vertical one
"standing" with the colour on top named, the neutral tile, the pass of a full ramp, and the round's
points when it ends, as an entry of its own (the worked example: 6 + 2 − 2 = 6). A placement stays
secret from the other players until everybody has placed the tile; then the log tells it on its
mover's own line, saying where."""

from __future__ import annotations

from dataclasses import replace

from bauhausbox import games
from bauhausbox.games.bits.board import EMPTY_BOARD
from bauhausbox.games.bits.rules import GAME, BitsState, round_totals
from tests.games.bits.test_bits_scoring import EXAMPLE_DECK, EXAMPLE_MOVES

FULL = "RYBPKR" * 6


def say(state: BitsState, text: str, seat: int | None = None, **kwargs: object) -> str:
    return games.describe_move("bits", state, GAME.parse_move(state, text), mover=seat, **kwargs)  # type: ignore[arg-type]


def two_players() -> BitsState:
    return replace(GAME.new_game(2, seed=4), start_tiles=("BB", "KK"))


def after_start() -> BitsState:
    """Both start tiles placed, and the red–blue tile card turned up."""
    state = GAME.play_texts(two_players(), ["BB V3", "KK H4"])
    return replace(state, shown=("RB",), deck=tuple(t for t in state.deck if t != "RB") or ("YY",))


def test_start_tiles_in_words_secret_from_the_other_player_until_both_have_placed() -> None:
    state = two_players()
    assert say(state, "BB V3") == "Circle placed the blue start tile standing in column 3"
    assert say(state, "BB V3", viewer=0) == "Circle placed the blue start tile standing in column 3"
    assert say(state, "BB V3", viewer=1) == "Circle placed the start tile"
    waiting = GAME.play_texts(state, ["BB V3"])
    # The second placement shows both boards: its sentence says where it went, even to the other seat.
    assert say(waiting, "KK H4", names=["Anni", "Josef"]) == (
        "Josef placed the black start tile lying flat on columns 4–5"
    )
    assert say(waiting, "KK H4", viewer=0) == "Triangle placed the black start tile lying flat on columns 4–5"


def test_the_last_placement_of_a_tile_says_only_its_own_spot() -> None:
    """Three players: Circle and Triangle place, then Square's placement shows all three ramps. Square's
    sentence is about Square's tile alone: the others' placements are told on their own lines."""
    state = replace(GAME.new_game(3, seed=4), start_tiles=("BB", "KK", "RR"))
    assert say(state, "BB V3", viewer=2) == "Circle placed the start tile"
    state = GAME.play_texts(state, ["BB V3"])
    assert say(state, "KK H4", viewer=2) == "Triangle placed the start tile"
    state = GAME.play_texts(state, ["KK H4"])
    for viewer in (0, 1, 2, None):
        assert say(state, "RR V1", viewer=viewer) == "Square placed the red start tile standing in column 1"


def test_once_shown_a_placement_is_told_on_its_movers_own_line_saying_where() -> None:
    """The log as Square knows it after the reveal: Circle's and Triangle's lines say where their
    tiles went (they said only "placed the start tile" before Square placed), nothing is repeated on
    Square's line, and Square never learns before the reveal."""
    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.match import move_log

    game = GAME
    start = replace(game.new_game(3, seed=4), start_tiles=("BB", "KK", "RR"))
    setup = Setup("bits", 3, 4, (SeatSpec("Anni"), SeatSpec("Bert"), SeatSpec("Cleo")), {"advanced": False})
    history = History(game, start)
    for text in ("BB V3", "KK H4"):
        history.play(game.parse_move(history.state, text))
    assert [line for _index, line in move_log(setup, history, 2)] == [
        "Anni placed the start tile",
        "Bert placed the start tile",
    ]
    history.play(game.parse_move(history.state, "RR V1"))
    assert move_log(setup, history, 2) == [
        (0, "Anni placed the blue start tile standing in column 3"),
        (1, "Bert placed the black start tile lying flat on columns 4–5"),
        (2, "Cleo placed the red start tile standing in column 1"),
    ]


def test_two_colour_tiles_name_the_colour_on_the_left_or_on_top() -> None:
    state = after_start()
    assert say(state, "RB H2") == "Circle placed the red–blue tile lying flat on columns 2–3, red on the left"
    assert say(state, "BR H5") == (
        "Circle placed the red–blue tile lying flat on columns 5–6, blue on the left"  # the card's name, turned
    )
    assert say(state, "BR V1") == "Circle placed the red–blue tile standing in column 1, blue on top"
    assert say(state, "RB V6") == "Circle placed the red–blue tile standing in column 6, red on top"
    assert say(state, "RB V6", viewer=1) == "Circle placed the tile"


def test_a_shown_neutral_tile_is_named_on_its_movers_line() -> None:
    state = replace(after_start(), boards=(EMPTY_BOARD, EMPTY_BOARD))
    waiting = GAME.play_texts(state, ["neutral H4"])
    shown = GAME.play_texts(waiting, ["BR V6"])
    assert GAME.public_since(state, shown) and not GAME.public_since(state, waiting)
    assert say(state, "neutral H4", viewer=1) == "Circle placed the tile"
    assert say(state, "neutral H4", names=["Anni", "Josef"]) == "Anni placed the neutral tile lying flat on columns 4–5"


def test_the_neutral_tile_and_the_pass_of_a_full_ramp() -> None:
    state = after_start()
    assert say(state, "neutral H4") == "Circle placed the neutral tile lying flat on columns 4–5"
    assert say(state, "neutral V2", viewer=1) == "Circle placed the tile"
    full = replace(state, boards=(FULL, state.boards[1]))
    assert say(full, "pass") == "Circle's ramp is full: done for this round"
    assert say(full, "pass", viewer=1) == "Circle's ramp is full: done for this round"


def test_the_last_tile_of_the_rules_example_ends_round_3_with_its_6_points() -> None:
    state = replace(
        GAME.new_game(1, seed=5),
        round=3,
        goals=("1a", "2a", "3a"),
        piles=(("1b", "1c", "1d"), ("2b", "2c", "2d"), ("3b", "3c", "3d")),
        finished=((EMPTY_BOARD,), (EMPTY_BOARD,)),
        start_tiles=("BB",),
        deck=EXAMPLE_DECK,
    )
    state = GAME.play_texts(state, EXAMPLE_MOVES[:-1])
    assert EXAMPLE_MOVES[-1] == "YY H5"
    assert say(state, "YY H5", names=["Anni"]) == "Anni placed the yellow tile lying flat on columns 5–6"
    assert GAME.describe_outcome(state, GAME.parse_move(state, "YY H5"), names=["Anni"]) == (
        "Round 3 ends: Anni +6. The game is over."
    )


def test_a_round_ending_early_shows_every_players_points_in_an_entry_of_its_own() -> None:
    # Both ramps have room for one more tile only: after it nobody can place, and round 1 is scored.
    nearly = "RYBPKR" * 5 + "RYBP.."
    state = replace(after_start(), boards=(nearly, nearly))
    placed = GAME.play_texts(state, ["RB H5"])
    move = GAME.parse_move(placed, "RB H5")
    names = ["Anni", "Josef"]
    assert (
        say(placed, "RB H5", names=names) == "Josef placed the red–blue tile lying flat on columns 5–6, red on the left"
    )
    outcome = GAME.describe_outcome(placed, move, names=names, viewer=0)
    assert outcome.startswith("Round 1 ends: Anni ") and ", Josef " in outcome
    assert GAME.describe_outcome(state, GAME.parse_move(state, "RB H5"), names=names) == "", "no round ends yet"


def test_the_last_round_s_entry_says_who_won_and_how_a_tie_on_points_was_decided() -> None:
    from bauhausbox import i18n
    from bauhausbox.games.bits.board import board_from_rows

    squares = board_from_rows(["......"] * 4 + ["RR.KK.", "RR.KK."])  # two squares: +4 with card 1a
    square = board_from_rows(["......"] * 4 + ["YY....", "YY...."])  # one square: +2
    nearly = "RYBPKR" * 5 + "RYBP.."  # the same last board for both: singles, each −1 with card 3d
    state = replace(
        after_start(),
        round=3,
        goals=("1a", "3d", "2d"),
        finished=((squares, square), (EMPTY_BOARD, square)),
        boards=(nearly, nearly),
    )
    placed = GAME.play_texts(state, ["RB H5"])
    move = GAME.parse_move(placed, "RB H5")
    over = GAME.apply(placed, move)
    rounds = [row for row in zip(*round_totals(over), strict=True)]
    assert sum(rounds[0]) == sum(rounds[1]) and max(rounds[0]) == 4 and max(rounds[1]) == 2, rounds
    points = sum(rounds[0])
    said = GAME.describe_outcome(placed, move, names=["Anni", "Josef"])
    assert said.endswith(
        f"The game is over: Anni wins. Equal on points ({points}); decided by the best single round: Anni 4, Josef 2."
    ), said
    assert GAME.tie_break(over, ["Anni", "Josef"]) == (
        f"Equal on points ({points}); decided by the best single round: Anni 4, Josef 2."
    )
    i18n.set_language("fr")
    said = GAME.describe_outcome(placed, move, names=["Anni", "Josef"])
    assert said.endswith(
        f"Victoire d’Anni. Égalité de points ({points}) ; départagés par la meilleure manche : Anni 4, Josef 2."
    ), said
    # Equal on the best round too: a shared win, with nothing to explain.
    even = replace(over, finished=((square, square), (square, square), over.finished[2]))
    assert GAME.winners(even) == [0, 1] and GAME.tie_break(even, ["Anni", "Josef"]) is None
