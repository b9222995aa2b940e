"""The puzzle benchmark's quick run (what the smoke test of ``scripts/bench`` uses) gives sane rows."""

from __future__ import annotations

from bauhausbox.games.blokus.puzzle_bench import run


def test_quick_bench_reports_the_tetromino_targets() -> None:
    rows = run(quick=True)
    labels = [label for label, _, _, _ in rows]
    assert any(label.startswith("tetromino: first solution") for label in labels)
    assert any(label.startswith("tetromino-hard: first solution") for label in labels)
    assert any("hint" in label for label in labels)
    for label, value, unit, target in rows:
        assert value >= 0 and unit == "s" and target, label
    # Every seed of the quick run found a solution (the label counts them).
    assert all("(3 found)" in label for label in labels if "first solution" in label)
