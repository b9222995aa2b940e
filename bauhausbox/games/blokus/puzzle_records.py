"""Best times, completion dates and autosaved progress for the Blokus solo puzzles (pydantic models).

Everything takes the directory as a parameter so tests use a temporary one; :func:`default_directory`
asks the shared persistence layer (``bauhausbox.persistence.paths.data_dir()``) and falls back to
platformdirs while that layer is not there. Files are written atomically (temporary file + rename);
a missing or unreadable file reads as "no records" / "no saved progress" instead of failing.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import tempfile
from datetime import datetime
from pathlib import Path

import platformdirs
from pydantic import BaseModel, Field, ValidationError

from bauhausbox.engine.api import GameError
from bauhausbox.games.blokus.puzzles import PUZZLE_BY_ID, PuzzleState, replay

RECORDS_FILE = "puzzle-records.json"
PROGRESS_FOLDER = "puzzle-progress"


def default_directory() -> Path:
    """Where puzzle records live: the app's data directory (``puzzles`` inside it)."""
    try:
        paths = importlib.import_module("bauhausbox.persistence.paths")
        base = Path(paths.data_dir())
    except (ImportError, AttributeError):
        base = Path(platformdirs.user_data_dir("bauhausbox", appauthor=False))
    return base / "puzzles"


class Completion(BaseModel):
    """One solved puzzle: when, how long it took, and how many hints were asked for."""

    when: datetime
    seconds: float = Field(ge=0)
    hints: int = Field(default=0, ge=0)


class PuzzleRecord(BaseModel):
    completions: list[Completion] = Field(default_factory=list)

    @property
    def best_seconds(self) -> float | None:
        """The fastest completion without hints (a hinted solve is kept, but is not a record)."""
        times = [c.seconds for c in self.completions if c.hints == 0]
        return min(times) if times else None

    @property
    def last_completed(self) -> datetime | None:
        return max((c.when for c in self.completions), default=None)


class PuzzleRecords(BaseModel):
    version: int = 1
    puzzles: dict[str, PuzzleRecord] = Field(default_factory=dict)

    def for_puzzle(self, puzzle: str) -> PuzzleRecord:
        return self.puzzles.get(puzzle, PuzzleRecord())

    def with_completion(self, puzzle: str, seconds: float, when: datetime, hints: int = 0) -> PuzzleRecords:
        """A copy with one more completion of ``puzzle``."""
        if puzzle not in PUZZLE_BY_ID:
            raise ValueError(f"unknown puzzle {puzzle!r}")
        record = self.for_puzzle(puzzle)
        updated = PuzzleRecord(completions=[*record.completions, Completion(when=when, seconds=seconds, hints=hints)])
        return PuzzleRecords(version=self.version, puzzles={**self.puzzles, puzzle: updated})

    def is_new_best(self, puzzle: str, seconds: float, hints: int = 0) -> bool:
        best = self.for_puzzle(puzzle).best_seconds
        return hints == 0 and (best is None or seconds < best)


class PuzzleProgress(BaseModel):
    """An unfinished puzzle: its placements in order (as texts), the clock and the hints used."""

    puzzle: str
    placements: list[str] = Field(default_factory=list)
    elapsed_seconds: float = Field(default=0.0, ge=0)
    hints: int = Field(default=0, ge=0)
    saved_at: datetime | None = None

    @classmethod
    def from_state(
        cls, state: PuzzleState, elapsed_seconds: float, hints: int = 0, saved_at: datetime | None = None
    ) -> PuzzleProgress:
        return cls(
            puzzle=state.puzzle,
            placements=[p.text for p in state.placements],
            elapsed_seconds=elapsed_seconds,
            hints=hints,
            saved_at=saved_at,
        )

    def to_state(self) -> PuzzleState:
        """Replay the placements, checking each (raises :class:`GameError` or ``ValueError`` if invalid)."""
        return replay(self.puzzle, self.placements)


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def load_records(directory: Path) -> PuzzleRecords:
    path = Path(directory) / RECORDS_FILE
    try:
        return PuzzleRecords.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, ValidationError):
        return PuzzleRecords()


def save_records(directory: Path, records: PuzzleRecords) -> None:
    _write_atomically(Path(directory) / RECORDS_FILE, records.model_dump_json(indent=2))


def _progress_path(directory: Path, puzzle: str) -> Path:
    if puzzle not in PUZZLE_BY_ID:
        raise ValueError(f"unknown puzzle {puzzle!r}")
    return Path(directory) / PROGRESS_FOLDER / f"{puzzle}.json"


def save_progress(directory: Path, progress: PuzzleProgress) -> None:
    _write_atomically(_progress_path(directory, progress.puzzle), progress.model_dump_json(indent=2))


def load_progress(directory: Path, puzzle: str) -> PuzzleProgress | None:
    """The saved progress of ``puzzle``, or None when there is none or it no longer replays."""
    try:
        progress = PuzzleProgress.model_validate_json(_progress_path(directory, puzzle).read_text(encoding="utf-8"))
        if progress.puzzle != puzzle:
            return None
        progress.to_state()
    except (OSError, ValueError, ValidationError, GameError):
        return None
    return progress


def clear_progress(directory: Path, puzzle: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        _progress_path(directory, puzzle).unlink()
