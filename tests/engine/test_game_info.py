"""The facts the app needs about each game are typed fields of ``GameInfo``, set as the rules pages say."""

from __future__ import annotations

import dataclasses

from bauhausbox import games
from bauhausbox.engine.api import GameInfo


def test_game_facts_are_typed_fields() -> None:
    names = {field.name for field in dataclasses.fields(GameInfo)}
    assert {"hidden_information", "winner_starts", "think_seconds", "conformance_scale"} <= names
    assert "extra" not in names  # no untyped bag of facts read with .get()


def test_game_facts_follow_the_rules_pages() -> None:
    # docs/rules/: Bauhaus hands, Bits tile cards and Buizen materials are secret; Blokus hides nothing.
    hidden = {game_id: games.load(game_id).info.hidden_information for game_id in games.GAME_IDS}
    assert hidden == {"bauhaus": True, "bits": True, "buizen": True, "blokus": False, "blokus-puzzles": False}
    # docs/rules/bauhaus.md: the winner of the previous game in the session starts the next one.
    starts = {game_id: games.load(game_id).info.winner_starts for game_id in games.GAME_IDS}
    assert starts == {"bauhaus": True, "bits": False, "buizen": False, "blokus": False, "blokus-puzzles": False}


def test_defaults_describe_a_plain_game() -> None:
    info = GameInfo("plain", "Plain", "a plain game", 2, 2, 2)
    assert not info.hidden_information and not info.winner_starts
    assert dict(info.think_seconds) == {} and info.conformance_scale == 1.0
