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


def test_think_times_keep_to_the_limits_of_each_level() -> None:
    # Issue "Stronger computer players": Blokus hard ≤ 3 s and expert ≤ 8 s per move, Bauhaus and
    # Buizen ≤ 2 s per decision, Bits ≤ 1 s of thinking per tile (its hard stops on a node budget first).
    limits = {"blokus": {"hard": 3.0, "expert": 8.0}, "bauhaus": {"hard": 2.0}, "buizen": {"hard": 2.0}}
    for game_id, levels in limits.items():
        info = games.load(game_id).info
        for level, limit in levels.items():
            assert 0 < info.think_time(level) <= limit, (game_id, level)
    for game_id in games.GAME_IDS:
        info = games.load(game_id).info
        times = [info.think_time(level) for level in info.levels]
        assert times == sorted(times), game_id  # a stronger level never gets less time


def test_a_game_without_its_own_times_gets_the_shared_ones() -> None:
    from bauhausbox.engine.api import THINK_SECONDS

    info = GameInfo("plain", "Plain", "a plain game", 2, 2, 2, think_seconds={"hard": 0.5})
    assert info.think_time("hard") == 0.5
    assert info.think_time("easy") == THINK_SECONDS["easy"]
    assert info.think_time("unknown level") == 1.0
