"""The Blokus benchmark's quick mode runs and reports every measurement (timings are not judged)."""

from __future__ import annotations

import pytest

from bauhausbox.games.blokus import core
from bauhausbox.games.blokus.tools import bench


def test_quick_bench_reports_every_measurement() -> None:
    rows = bench.run(quick=True)
    labels = [label for label, _, _, _ in rows]
    assert any("import" in label for label in labels)
    assert any("legal moves" in label for label in labels)
    assert any("playouts" in label for label in labels)
    assert any(label.startswith("analysis of a 2-player game") for label in labels)
    assert sum("bot, median time per move" in label for label in labels) == 3
    if core.BUILT is not None:  # each engine rate on both paths in the same run, and their ratio
        for rate in ("legal moves", "random games", "tree search", "sampled playouts"):
            assert sum(label.startswith(rate) for label in labels) == 3, rate
            assert any(label.startswith(rate) and "[pure Python]" in label for label in labels)
    for label, value, unit, target in rows:
        assert value > 0 or "easy" in label or "medium" in label, label
        assert unit and target


def test_a_match_level_may_change_search_knobs() -> None:
    """``strength 'hard[policy=0],hard' …`` sets a changed search against the level as it is."""
    assert bench.level_knobs("hard") == ("hard", {})
    assert bench.level_knobs("expert[policy=0,prior_visits=12.5,opening_pieces=1]") == (
        "expert",
        {"policy": 0, "prior_visits": 12.5, "opening_pieces": True},
    )
    bot = bench.strength_bot("hard[policy=1]", 3, scale=0.5)
    assert bot.settings.policy == 1  # type: ignore[attr-defined]
    assert bot.settings.explore == bench.strength_bot("hard", 3).settings.explore  # type: ignore[attr-defined]
    assert bot.work == bench.strength_bot("hard", 3).work // 2  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="weights"):
        bench.level_knobs("hard[weights=2]")
