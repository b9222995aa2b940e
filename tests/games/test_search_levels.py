"""The hidden-information games' hard and expert levels are one information-set search at two sizes
(issue "Stronger computer players"; docs/bauhaus.md and docs/buizen.md, "Computer players")."""

from __future__ import annotations

import importlib

import pytest

from bauhausbox.engine.bots.ismcts import InformationSetSearch


@pytest.mark.parametrize("game_id", ["bauhaus", "buizen"])
def test_hard_and_expert_are_the_search_expert_three_times_as_long(game_id: str) -> None:
    ai = importlib.import_module(f"bauhausbox.games.{game_id}.ai")
    hard, expert, medium = ai.make_bot("hard", 1), ai.make_bot("expert", 1), ai.make_bot("medium", 1)
    assert isinstance(hard.search, InformationSetSearch) and hard.config == ai.HARD_SEARCH
    assert isinstance(expert.search, InformationSetSearch) and expert.config == ai.EXPERT_SEARCH
    assert ai.EXPERT_SEARCH.iterations == 3 * ai.HARD_SEARCH.iterations
    assert (hard.name, expert.name) == (f"{game_id}-hard", f"{game_id}-expert")
    assert not hasattr(medium, "search")  # medium stays the one-move planner
