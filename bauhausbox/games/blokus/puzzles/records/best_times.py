"""Best times and completion dates for the Blokus solo puzzles (pydantic models); an unfinished puzzle
is an ordinary saved game (``bauhausbox/persistence/saves.py``).

Everything takes the directory as a parameter so tests use a temporary one; :func:`default_directory`
is ``puzzles`` in the app's data directory. Files go through the app's one file boundary
(``bauhausbox.persistence.store``): written atomically, and a file that cannot be read is set aside
as ``<name>.broken``, the player is told, and defaults are used. Nothing here deletes or overwrites a
file it could not read.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, Field

from bauhausbox.games.blokus.puzzles.specs import PUZZLE_BY_ID
from bauhausbox.persistence import paths
from bauhausbox.persistence.models import Timestamp
from bauhausbox.persistence.store import load_or_default, write_model

RECORDS_FILE = "puzzle-records.json"


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
    def best(self) -> Completion | None:
        """The completion a card shows: the fastest without hints, else the one with fewest hints (the
        fastest of those)."""
        if not self.completions:
            return None
        return min(self.completions, key=lambda c: (c.hints > 0, c.hints, c.seconds))

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


def load_records(directory: Path) -> PuzzleRecords:
    """The records; an unreadable file is set aside (the player is told) and no records are used, so
    the next completion cannot overwrite it."""
    return load_or_default(Path(directory) / RECORDS_FILE, PuzzleRecords, PuzzleRecords)


def save_records(directory: Path, records: PuzzleRecords) -> None:
    write_model(Path(directory) / RECORDS_FILE, records)
