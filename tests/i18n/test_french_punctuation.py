"""French punctuation spaced as French spaces it: a space as wide as a word space (an ordinary or a
no-break one) before ; : ! ? in every French text of the catalog and in every sentence the log
composes from them (a narrow no-break space read as none: "de g2;" beside "f7 ;" elsewhere)."""

from __future__ import annotations

import random
import re

import pytest

from bauhausbox import games, translations

# A ; : ! ? that ends a clause (before a space or the end), and the character before it.
MARK = re.compile(r"(.?)([;:!?])(?=\s|$)")


def badly_spaced(text: str) -> list[str]:
    """The marks in ``text`` without a word space before them, with a little of what comes before."""
    return [text[max(0, m.start() - 12) : m.end()] for m in MARK.finditer(text) if m.group(1) not in (" ", "\u00a0")]


def test_the_spacing_rule_itself() -> None:
    assert translations.french_spacing("de f7; ensuite") == "de f7\u00a0; ensuite"
    assert translations.french_spacing("de f7\u202f; ensuite : fin\u00a0!") == "de f7\u00a0; ensuite : fin\u00a0!"
    assert (
        translations.french_spacing("tapez 192.168.1.20:51234 ou ws://hôte") == "tapez 192.168.1.20:51234 ou ws://hôte"
    )
    assert [said[-2:] for said in badly_spaced("a ; b\u00a0: c\u202f! d?")] == ["c\u202f!"[-2:], "d?"]


def test_the_catalog_is_spaced_one_way() -> None:
    problems = [line for line in translations.problems() if "before ; : ! ?" in line]
    assert problems == []


@pytest.mark.parametrize(("game_id", "players"), [("bauhaus", 4), ("bits", 3), ("buizen", 3), ("blokus", 4)])
def test_every_sentence_of_the_log_is_spaced_one_way(french: None, game_id: str, players: int) -> None:
    """Seeded random games told in French, move by move, to their end (the clauses the rules add:
    a zone closed, the game over, the tiles the rules put)."""
    game = games.load(game_id)
    wrong: set[str] = set()
    for seed in (3, 8):
        rng = random.Random(seed)
        state = game.new_game(players, seed)
        for _ in range(600):
            if game.is_over(state):
                break
            seats = [None, *(s for s in range(players) if s != state.to_play)]
            seat, moves = next((s, m) for s in seats if (m := game.legal_moves(state, s)))
            chosen = rng.choice(moves)
            mover = state.to_play if seat is None else seat
            for viewer in (None, mover):
                wrong.update(badly_spaced(game.describe_move(state, chosen, mover=mover, viewer=viewer)))
                wrong.update(badly_spaced(game.describe_outcome(state, chosen, mover=mover, viewer=viewer)))
            state = game.apply(state, chosen, seat)
        assert game.is_over(state)
    assert sorted(wrong) == []
