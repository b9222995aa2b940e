"""The personal-best list of solo Bits games (``docs/rules/bits.md``: "Keep a personal best list of solo results").

A pydantic model kept as ``bits-solo-bests.json`` in a directory the caller passes (the app passes
``bauhausbox.persistence.paths.data_dir()``), through the app's one file boundary: written
atomically, and an unreadable file is set aside as ``.broken`` (the player is told) while an empty list
is used. Pure: no pygame, no global paths.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from pydantic import BaseModel, Field

from bauhausbox.games.bits.cards import solo_rank
from bauhausbox.persistence.store import load_or_default, update_model, write_model

FILE_NAME = "bits-solo-bests.json"
KEEP = 10


class SoloResult(BaseModel):
    """One finished solo game: when, which seed (to replay it), the rounds' points and the rank."""

    date: str = Field(max_length=40)
    seed: int = Field(gt=-(2**63), lt=2**63)
    score: int = Field(ge=-(10**6), le=10**6)
    rank: str = Field(max_length=40)
    rounds: list[int] = Field(default_factory=list, max_length=10)


class SoloBests(BaseModel):
    """The best solo results, best first (ties: the earlier result stays ahead)."""

    results: list[SoloResult] = Field(default_factory=list, max_length=1000)

    def add(self, result: SoloResult, keep: int = KEEP) -> int | None:
        """Insert ``result``; returns its 0-based place in the list, or ``None`` if it did not make it."""
        place = next((i for i, r in enumerate(self.results) if result.score > r.score), len(self.results))
        if place >= keep:
            return None
        self.results.insert(place, result)
        del self.results[keep:]
        return place


def make_result(seed: int, rounds: list[int], when: dt.date | None = None) -> SoloResult:
    """A result for a solo game whose rounds 1–3 scored ``rounds``."""
    score = sum(rounds[:3])
    return SoloResult(
        date=(when or dt.date.today()).isoformat(), seed=seed, score=score, rank=solo_rank(score), rounds=rounds
    )


def load(directory: Path) -> SoloBests:
    """The list from ``directory``; an unreadable file is set aside and an empty list returned."""
    return load_or_default(directory / FILE_NAME, SoloBests, SoloBests)


def save(directory: Path, bests: SoloBests) -> None:
    write_model(directory / FILE_NAME, bests)


def record(directory: Path, result: SoloResult) -> int | None:
    """Add ``result`` to the list on disk (read, add, write in one step); returns its place
    (0 = new personal best) or ``None``."""
    places: list[int | None] = []
    update_model(directory / FILE_NAME, SoloBests, SoloBests, lambda bests: places.append(bests.add(result)))
    return places[0]
