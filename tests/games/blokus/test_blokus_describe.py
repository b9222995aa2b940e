"""Blokus and puzzle moves in words, written from the rules pages (docs/rules/blokus.md and
puzzles.md): the mover, the piece by its name in the piece table (the monomino and the domino by
those words), the squares it covers as the corners of their box in the board's notation, the
colour when the mover's name does not say it, automatic passes and the end of the game."""

from __future__ import annotations

import random

from bauhausbox import games
from bauhausbox.games.blokus.puzzles import describe as puzzle_describe
from bauhausbox.games.blokus.puzzles import specs as puzzle_specs
from bauhausbox.games.blokus.rules import GAME, BlokusState


def say(state: BlokusState, text: str, **kwargs: object) -> str:
    return games.describe_move("blokus", state, GAME.parse_move(state, text), **kwargs)  # type: ignore[arg-type]


def play(state: BlokusState, *texts: str) -> BlokusState:
    return GAME.play_texts(state, list(texts))


def test_a_placement_names_the_piece_and_its_squares() -> None:
    state = GAME.new_game(4, 0)
    # The rules page's example: blue's V5 in its corner.
    assert say(state, "a18,a19,a20,b20,c20") == "Blue placed the V5 on a18–c20"
    assert say(state, "a20,b20,c20,d20,e20") == "Blue placed the I5 on a20–e20"
    after_blue = play(state, "a18,a19,a20,b20,c20")
    assert say(after_blue, "t20") == "Yellow placed the monomino on t20"
    after_yellow = play(after_blue, "t20")
    assert say(after_yellow, "s1,t1") == "Red placed the domino on s1–t1"
    assert say(after_yellow, "s1,t1", names=["Anni", "Josef", "Marianne", "Ruud"]) == (
        "Marianne placed the red domino on s1–t1"
    )


def test_two_players_each_play_two_colours() -> None:
    state = play(GAME.new_game(2, 0), "a20", "t20")
    # Player 1 plays blue and red: red's I3 in its corner.
    assert say(state, "r1,s1,t1") == "Red placed the I3 on r1–t1"
    assert say(state, "r1,s1,t1", names=["Josef", "Anni"]) == "Josef placed the red I3 on r1–t1"


def test_three_players_take_turns_with_green() -> None:
    state = play(GAME.new_game(3, 0), "a20", "t20", "t1")
    # Green's first piece is placed by player 1.
    assert say(state, "a1,a2", names=["Anni", "Josef", "Marianne"]) == "Anni placed the green domino on a1–a2"


def test_a_colour_that_can_no_longer_place_is_said_to_pass() -> None:
    # Yellow's monomino sits in its corner t20; its only free corner square is s19. Blue (a domino in
    # its corner and a monomino on r18) covers s19 with its V3: Yellow can never place again.
    rows = ["bb17y", "20", "17b2", *["20"] * 17]
    state = GAME.from_text(f"4 b {'/'.join(rows)} - -")
    assert say(state, "t18,s19,t19") == "Blue placed the V3 on s18–t19; Yellow cannot place any more"


def test_the_last_placement_ends_the_game() -> None:
    rnd = random.Random(11)
    state = GAME.new_game(4, 11)
    while True:
        move = rnd.choice(GAME.legal_moves(state))
        after = GAME.apply(state, move)
        if GAME.is_over(after):
            break
        state = after
    assert games.describe_move("blokus", state, move).endswith("; no colour can place any more: the game is over")


def test_puzzle_placements_are_worded_as_in_blokus() -> None:
    # The puzzles page's notation example: blue T4 a1,b1,c1,b2.
    placement = puzzle_specs.parse_placement("blue T4 a1,b1,c1,b2")
    assert puzzle_describe.describe_placement(placement) == "You placed the blue T4 on a1–c2"
    assert puzzle_describe.describe_placement(placement, "Anni") == "Anni placed the blue T4 on a1–c2"
    assert puzzle_describe.describe_removal(placement) == "You took the blue T4 off a1–c2"
    monomino = puzzle_specs.parse_placement("green 1 t1")
    assert puzzle_describe.describe_placement(monomino) == "You placed the green monomino on t1"
