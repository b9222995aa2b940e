"""Puzzle records (best times, completion dates), on a temporary directory."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from bauhausbox.games.blokus.puzzles.records.best_times import (
    PuzzleRecords,
    default_directory,
    load_records,
    save_records,
)

WHEN = datetime(2026, 3, 14, 15, 9, 26)


def test_records_survive_a_save_and_a_load(tmp_path: Path) -> None:
    records = PuzzleRecords().with_completion("tetromino", 95.5, WHEN)
    records = records.with_completion("tetromino", 80.0, WHEN.replace(day=15), hints=2)
    records = records.with_completion("pentomino-hard", 3600.0, WHEN)
    save_records(tmp_path, records)
    loaded = load_records(tmp_path)
    assert loaded == records
    tetromino = loaded.for_puzzle("tetromino")
    assert tetromino.best_seconds == 95.5  # the faster solve used hints, so it is not a record
    # A date without a time zone (``datetime.now()``) is read as local time, so all dates compare.
    assert tetromino.last_completed == WHEN.replace(day=15).astimezone()
    assert len(tetromino.completions) == 2
    assert loaded.for_puzzle("fullboard").best_seconds is None


def test_new_best_only_without_hints_and_when_faster(tmp_path: Path) -> None:
    records = PuzzleRecords().with_completion("tetromino-hard", 100.0, WHEN)
    assert records.is_new_best("tetromino-hard", 99.0)
    assert not records.is_new_best("tetromino-hard", 101.0)
    assert not records.is_new_best("tetromino-hard", 50.0, hints=1)
    assert PuzzleRecords().is_new_best("pentomino", 5000.0)


def test_missing_or_damaged_records_read_as_empty_and_are_kept(tmp_path: Path) -> None:
    assert load_records(tmp_path) == PuzzleRecords()
    (tmp_path / "puzzle-records.json").write_text("{not json", encoding="utf-8")
    assert load_records(tmp_path) == PuzzleRecords()
    assert (tmp_path / "puzzle-records.json.broken").read_text(encoding="utf-8") == "{not json"


def test_default_directory_is_inside_the_app_data_directory() -> None:
    from bauhausbox.persistence.paths import data_dir

    assert default_directory() == Path(data_dir()) / "puzzles"
