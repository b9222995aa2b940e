"""Best times, completion dates and autosaved progress for the Blokus solo puzzles (pydantic models).

Everything takes the directory as a parameter so tests use a temporary one; :func:`default_directory`
is ``puzzles`` in the app's data directory. Files go through the app's one file boundary
(``bauhausbox.persistence.store``): written atomically, and a file that cannot be read (or whose
placements no longer replay) is set aside as ``<name>.broken``, the player is told, and defaults are
used. Nothing here deletes or overwrites a file it could not read.
"""

from __future__ import annotations

import contextlib
import os
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, Field

from bauhausbox.engine.api import GameError
from bauhausbox.games.blokus.puzzles import PUZZLE_BY_ID, PuzzleState, replay
from bauhausbox.persistence import paths
from bauhausbox.persistence.models import Timestamp
from bauhausbox.persistence.store import BrokenFileError, load_or_default, read_model, set_aside, write_model

RECORDS_FILE = "puzzle-records.json"
PROGRESS_FOLDER = "puzzle-progress"


def default_directory() -> Path:
    """Where puzzle records live: the app's data directory (``puzzles`` inside it)."""
    return paths.data_dir() / "puzzles"


# A day of play is far beyond any real solve; the cap keeps odd files from showing absurd times.
MAX_SECONDS = 10**7


class Completion(BaseModel):
    """One solved puzzle: when, how long it took, and how many hints were asked for."""

    when: Timestamp
    seconds: float = Field(ge=0, le=MAX_SECONDS, allow_inf_nan=False)
    hints: int = Field(default=0, ge=0, le=10**6)


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
    elapsed_seconds: float = Field(default=0.0, ge=0, le=MAX_SECONDS, allow_inf_nan=False)
    hints: int = Field(default=0, ge=0, le=10**6)
    saved_at: Timestamp | None = None

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


def load_records(directory: Path) -> PuzzleRecords:
    """The records; an unreadable file is set aside (the player is told) and no records are used, so
    the next completion cannot overwrite it."""
    return load_or_default(Path(directory) / RECORDS_FILE, PuzzleRecords, PuzzleRecords)


def save_records(directory: Path, records: PuzzleRecords) -> None:
    write_model(Path(directory) / RECORDS_FILE, records)


def _progress_path(directory: Path, puzzle: str) -> Path:
    if puzzle not in PUZZLE_BY_ID:
        raise ValueError(f"unknown puzzle {puzzle!r}")
    return Path(directory) / PROGRESS_FOLDER / f"{puzzle}.json"


def _read_progress(path: Path, puzzle: str) -> PuzzleProgress:
    """The progress in ``path``, replayed; every problem raises :class:`BrokenFileError`."""
    progress = read_model(path, PuzzleProgress)
    if progress.puzzle != puzzle:
        raise BrokenFileError(path, f"it holds the progress of another puzzle ({progress.puzzle[:40]!r})")
    try:
        progress.to_state()
    except (GameError, ValueError) as error:
        raise BrokenFileError(path, f"the placements no longer replay: {error}") from None
    return progress


def _set_aside_if_unreadable(path: Path, puzzle: str) -> None:
    """Before replacing or removing a progress file: keep it as ``.broken`` if it cannot be read."""
    if os.path.lexists(path):
        try:
            _read_progress(path, puzzle)
        except BrokenFileError as error:
            set_aside(error)


def save_progress(directory: Path, progress: PuzzleProgress) -> None:
    path = _progress_path(directory, progress.puzzle)
    _set_aside_if_unreadable(path, progress.puzzle)
    write_model(path, progress)


def load_progress(directory: Path, puzzle: str) -> PuzzleProgress | None:
    """The saved progress of ``puzzle``, or None when there is none; a file that cannot be read or no
    longer replays is set aside (the player is told)."""
    path = _progress_path(directory, puzzle)
    if not os.path.lexists(path):
        return None
    try:
        return _read_progress(path, puzzle)
    except BrokenFileError as error:
        set_aside(error)
        return None


def clear_progress(directory: Path, puzzle: str) -> None:
    """Forget the saved progress of ``puzzle`` (an unreadable file is set aside, not deleted)."""
    path = _progress_path(directory, puzzle)
    _set_aside_if_unreadable(path, puzzle)
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
