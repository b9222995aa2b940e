"""Moves in words: ``describe_move`` for every registered game, over seeded random games.

Every move checked gets one non-empty line in plain words, free of internal codes (move notation,
display places, turns like ``r90``, coordinates of the unbounded Buizen table).

Hidden information: a sentence written for a seat may say only what that seat can see. Two
situations the seat cannot tell apart must get the same sentence. A situation is the position
before the move and the position after it, both as the seat sees them (``view``): the sentence
may say what the move makes visible (a tile laid on the table, the boards shown when a round of
Bits is scored), but nothing that stays secret. The alternatives compared are (a) the same move
played from positions in which the hidden parts are resampled (``determinize``), and (b) the other
legal moves of the same mover from the same position. (a) catches a sentence that names secret
facts of the position (a Buizen draw naming the tiles drawn); (b) catches a sentence that names
the secret part of the move itself (where another seat put its Bits tile before all have placed).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.api import WATCHER, GameRules, Seat
from bauhausbox.engine.rng import Rng

MAX_PLIES = 400
SAMPLE = 4  # legal moves described per position, beside the one played

# Internal codes no sentence may show.
CODES = re.compile(
    r"\br(?:0|90|180|270)\b"  # Buizen turns
    r"|\bslot|\bcard\d|\bseat\b"  # display places, engine words
    r"|\d\s*,\s*-?[a-z]?\d"  # "2,-1", "a18,a19": coordinates and cell lists
    r"|\b(?:[RYBPKN]{2}|neutral) [HV]\d|\b\d+[fb]\b|\b[a-h]\d[NESW]\b"  # Bits spots, Buizen faces, Bauhaus edges
    r"|[<>@{}\[\]]|\w\("  # notation punctuation, reprs
    r"|\bNone\b|\bTrue\b|\bFalse\b"
)


def _check_text(text: str) -> None:
    assert isinstance(text, str)
    assert text.strip(), "an empty description"
    assert "\n" not in text, f"not one line: {text!r}"
    assert text[0].isupper(), f"a sentence starts with a capital: {text!r}"
    assert not CODES.search(text), f"internal code in {text!r}: {CODES.search(text)}"
    assert len(text) <= 240, f"not short: {text!r}"


def _situation(game: GameRules[Any, Any], state: Any, move: Any, mover: Seat, viewer: Seat) -> tuple[Any, Any]:
    return game.view(state, viewer), game.view(game.apply(state, move, mover), viewer)


def _hidden_checks(
    game: GameRules[Any, Any], state: Any, move: Any, mover: Seat, rnd: random.Random, tally: Counter[str]
) -> None:
    players = game.players(state)
    for viewer in range(players):
        said = games.describe_move(game.info.id, state, move, mover=mover, viewer=viewer)
        seen = _situation(game, state, move, mover, viewer)
        # (a) the same move from positions whose hidden parts are resampled
        for _ in range(2):
            other = game.determinize(state, viewer, Rng(rnd.getrandbits(64)))
            if game.check(other, move, mover) is not None or _situation(game, other, move, mover, viewer) != seen:
                continue
            tally["resampled"] += 1
            assert games.describe_move(game.info.id, other, move, mover=mover, viewer=viewer) == said, (
                f"the sentence for seat {viewer} depends on something it cannot see"
            )
        # (b) other moves of the mover that look the same to the viewer
        alternatives = game.legal_moves(state, mover)
        for alternative in rnd.sample(alternatives, min(SAMPLE, len(alternatives))):
            if alternative == move or _situation(game, state, alternative, mover, viewer) != seen:
                continue
            tally["other move"] += 1
            assert games.describe_move(game.info.id, state, alternative, mover=mover, viewer=viewer) == said, (
                f"the sentence for seat {viewer} tells moves apart that it cannot see"
            )


CASES = [
    (game_id, players)
    for game_id in games.GAME_IDS
    for players in range(games.load(game_id).info.min_players, games.load(game_id).info.max_players + 1)
]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_move_has_a_plain_sentence_that_keeps_secrets(game_id: str, players: int) -> None:
    game = games.load(game_id)
    hidden = game.info.hidden_information
    options = game.normalize_options(players, {})
    if any(spec.key == "powers" for spec in game.info.options):
        options["powers"] = True  # Bauhaus: the out-of-turn powers need sentences too
    seed = 700 + players
    rnd = random.Random(seed)
    state = game.new_game(players, seed, **options)
    names = [f"Name{seat}" for seat in range(players)]
    tally: Counter[str] = Counter()
    for ply in range(MAX_PLIES):
        if game.is_over(state):
            break
        seat = state.to_play
        choices = [(seat, move) for move in game.legal_moves(state)]
        others = [(s, m) for s in range(players) if s != seat for m in game.legal_moves(state, s)]
        described = rnd.sample(choices, min(SAMPLE, len(choices))) + others[:2]
        for mover, move in described:
            _check_text(games.describe_move(game.info.id, state, move, mover=mover))
            named = games.describe_move(game.info.id, state, move, mover=mover, names=names)
            _check_text(named)
            assert f"Name{mover}" in named, f"the mover's name is missing from {named!r}"
            for viewer in range(players):
                sentence = games.describe_move(game.info.id, state, move, mover=mover, viewer=viewer)
                _check_text(sentence)
                if game.describes_alike:  # the server writes it once for every seat and watcher
                    for other in (None, WATCHER):
                        alike = games.describe_move(game.info.id, state, move, mover=mover, viewer=other)
                        assert sentence == alike, f"{game_id} says {sentence!r} to {viewer}, {alike!r} to {other}"
        mover, move = rnd.choice(others) if others and rnd.random() < 0.2 else rnd.choice(choices)
        if hidden and ply % 2 == 0:
            _hidden_checks(game, state, move, mover, rnd, tally)
        state = game.apply(state, move, mover)
    else:
        pytest.fail(f"{game_id}: the game did not end within {MAX_PLIES} plies")
    if hidden and players > 1:
        assert tally["resampled"] > 0, f"no resampled position was compared: {tally}"
        assert tally["other move"] > 0 or game_id != "bits", f"no secret Bits placement was compared: {tally}"


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_the_rules_object_itself_describes_moves_in_words(game_id: str) -> None:
    # Whoever holds only the rules (bots, tools) gets the game's sentences, not the notation fallback.
    game = games.load(game_id)
    state = game.new_game(game.info.default_players, 7)
    move = game.legal_moves(state)[0]
    sentence = game.describe_move(state, move)
    assert sentence == games.describe_move(game_id, state, move)
    assert not sentence.endswith(f"played {game.format_move(state, move)}"), sentence
