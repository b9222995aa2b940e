"""The Blokus benchmark's quick mode runs and reports every measurement (timings are not judged)."""

from __future__ import annotations

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
