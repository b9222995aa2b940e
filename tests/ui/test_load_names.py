"""The Load list's players line in the players' language: a seat the game names itself (a puzzle's
"You") is translated, a player's own name is not, and French puts a space before the colon."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from bauhausbox import i18n
from bauhausbox.persistence.saves import SaveSummary
from bauhausbox.scenes.load import players_line


def _summary(game_id: str, players: list[str], scores: tuple[int, ...] | None) -> SaveSummary:
    return SaveSummary(Path("x.json"), game_id, players, 3, datetime(2026, 1, 1), scores is not None, scores=scores)


def test_a_puzzle_seat_is_said_in_french_and_a_name_is_not() -> None:
    i18n.set_language("fr")
    assert players_line(_summary("blokus-puzzles", ["You"], None)) == "Vous"
    assert players_line(_summary("blokus-puzzles", ["You"], (20,))) == "Vous : 20"
    # "You" typed as a player's name in another game is that player's name.
    assert players_line(_summary("bits", ["You", "Anni"], (3, 5))) == "You : 3, Anni : 5"
    i18n.set_language("en")
    assert players_line(_summary("blokus-puzzles", ["You"], (20,))) == "You: 20"
