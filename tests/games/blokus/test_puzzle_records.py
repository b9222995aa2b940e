"""Puzzle records (best times, completion dates) and autosaved progress, on a temporary directory."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from bauhausbox.games.blokus.puzzle_records import (
    PuzzleProgress,
    PuzzleRecords,
    clear_progress,
    default_directory,
    load_progress,
    load_records,
    save_progress,
    save_records,
)
from bauhausbox.games.blokus.puzzles import replay

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


def test_progress_is_saved_resumed_and_cleared(tmp_path: Path) -> None:
    state = replay("tetromino-hard", ["blue O a1,b1,a2,b2", "red I4 c1,c2,c3,c4"])
    save_progress(tmp_path, PuzzleProgress.from_state(state, 42.5, hints=1, saved_at=WHEN))
    progress = load_progress(tmp_path, "tetromino-hard")
    assert progress is not None
    assert progress.to_state() == state
    assert (progress.elapsed_seconds, progress.hints) == (42.5, 1)
    assert load_progress(tmp_path, "tetromino") is None  # each puzzle has its own slot
    clear_progress(tmp_path, "tetromino-hard")
    assert load_progress(tmp_path, "tetromino-hard") is None
    clear_progress(tmp_path, "tetromino-hard")  # clearing twice is harmless


def test_progress_that_no_longer_replays_is_set_aside(tmp_path: Path) -> None:
    # Two blue pieces side by side break the harder rule: such a file cannot come from the game.
    bad = PuzzleProgress(puzzle="tetromino-hard", placements=["blue O a1,b1,a2,b2", "blue I4 c1,c2,c3,c4"])
    save_progress(tmp_path, bad)
    assert load_progress(tmp_path, "tetromino-hard") is None
    assert (tmp_path / "puzzle-progress" / "tetromino-hard.json.broken").exists()


def test_default_directory_is_inside_the_app_data_directory() -> None:
    from bauhausbox.persistence.paths import data_dir

    assert default_directory() == Path(data_dir()) / "puzzles"
