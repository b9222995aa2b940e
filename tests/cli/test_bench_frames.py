"""The app benchmark's frame rows: each frame's work is reported apart from the interval between
frames, with nearest-rank percentiles (timings themselves are never judged)."""

from __future__ import annotations

from typing import Any

import pytest

from bauhausbox import bench, cli


def test_percentile_is_the_nearest_rank() -> None:
    values = [float(n) for n in range(100, 0, -1)]  # 100 values, given in any order
    assert bench.percentile(values, 0.99) == 99.0
    assert bench.percentile(values, 0.5) == 50.0
    assert bench.percentile([7.0], 0.99) == 7.0
    assert bench.percentile([], 0.99) == 0.0


def test_work_and_intervals_are_reported_apart() -> None:
    # 99 calm frames of 2 ms work in 16 ms intervals, and one slow frame: 30 ms of work, 40 ms apart.
    work = [0.002] * 99 + [0.030]
    # The slow frame mostly waited (0.5 ms of CPU); another frame used the most CPU (9 ms).
    cpu = [0.001] * 98 + [0.009, 0.0005]
    intervals = [0.016] * 99 + [0.040]
    rows = {
        label.split(": ", 1)[1]: value
        for label, value, _, _ in bench.thinking_rows("g", "whole game", work, cpu, intervals)
    }
    assert rows["frame work, median"] == 2.0
    assert rows["frame work, 99th percentile"] == 2.0
    assert rows["frame work, longest"] == 30.0
    assert rows["the longest frame's own CPU time"] == 0.5  # that frame's, not the most of any frame
    assert rows["frame work in CPU time, 99th percentile"] == 1.0
    assert rows["interval between frames, 99th percentile"] == 16.0
    assert rows["interval between frames, longest"] == 40.0
    assert abs(rows["frames per second while computers think (whole game)"] - 100 / (99 * 0.016 + 0.040)) < 1e-9


def test_the_whole_games_can_be_measured_one_game_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """``bench app --game G`` hands the app section only the games named (a whole game each takes
    minutes: the integrator measures them one at a time on a quiet machine)."""
    seen: dict[str, Any] = {}

    def recorded(quick: bool = False, only: Any = (), thinking: Any = (), at_once: bool = False) -> int:
        seen.update(quick=quick, only=list(only), thinking=list(thinking), at_once=at_once)
        return 0

    monkeypatch.setattr(bench, "main", recorded)
    assert cli.main(["bench", "app", "--game", "bits", "--game", "blokus"]) == 0
    assert seen == {"quick": False, "only": ["app"], "thinking": ["bits", "blokus"], "at_once": False}
    assert cli.main(["bench", "--quick", "app"]) == 0
    assert seen == {"quick": True, "only": ["app"], "thinking": [], "at_once": False}
    # The repaints of a move all in its frame, as before they were spread (to compare).
    assert cli.main(["bench", "app", "--game", "bits", "--at-once"]) == 0
    assert seen == {"quick": False, "only": ["app"], "thinking": ["bits"], "at_once": True}
