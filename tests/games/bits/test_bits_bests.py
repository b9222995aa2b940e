"""The solo personal-best list: pure pydantic model and logic over a directory the caller passes."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from bauhausbox.games.bits.records import bests


def test_results_are_kept_best_first_and_capped(tmp_path: Path) -> None:
    day = dt.date(2024, 5, 1)
    places = [
        bests.record(tmp_path, bests.make_result(seed, [score, 0, 0], day))
        for seed, score in enumerate([12, 30, 5, 30, 18, 1, 2, 3, 4, 6, 7, 8])
    ]
    assert places[:4] == [0, 0, 2, 1]  # a tie stays behind the earlier result
    loaded = bests.load(tmp_path)
    assert [r.score for r in loaded.results] == [30, 30, 18, 12, 8, 7, 6, 5, 4, 3]
    assert loaded.results[0].seed == 1 and loaded.results[0].rank == "Engineer"
    assert loaded.results[0].date == "2024-05-01"
    assert bests.record(tmp_path, bests.make_result(99, [0, 0, 1], day)) is None


def test_rank_is_read_from_rounds_one_to_three() -> None:
    result = bests.make_result(3, [11, 10, 10, 9])
    assert result.score == 31 and result.rank == "Architect"


def test_a_broken_file_is_moved_aside(tmp_path: Path) -> None:
    (tmp_path / bests.FILE_NAME).write_text("{ not json", encoding="utf-8")
    assert bests.load(tmp_path).results == []
    assert (tmp_path / (bests.FILE_NAME + ".broken")).exists()
