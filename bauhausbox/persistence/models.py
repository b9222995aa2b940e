"""The pydantic models of everything bauhausbox stores: settings, saved games, statistics.

Unknown fields are ignored (a newer version's extra field does not break an older reader) but a
saved game with an unknown ``schema_version`` is refused, because its moves may mean something else.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bauhausbox.engine.history import SeatSpec, Setup

SAVE_SCHEMA_VERSION = 1
STATS_SCHEMA_VERSION = 1

AnimationSpeed = Literal["off", "fast", "normal", "slow"]
ANIMATION_FACTORS: dict[str, float] = {"off": 0.0, "fast": 0.6, "normal": 1.0, "slow": 1.6}


def now() -> datetime:
    return datetime.now(UTC)


class _Model(BaseModel):
    # defer_build: validators are built on first use, not at import (start-up time).
    model_config = ConfigDict(extra="ignore", defer_build=True)


class SeatPreference(_Model):
    """A remembered seat at the setup screen."""

    name: str
    kind: Literal["human", "ai"] = "human"
    level: str = "medium"


class GamePreference(_Model):
    """The last setup chosen for one game, offered again next time."""

    players: int
    seats: list[SeatPreference] = Field(default_factory=list)
    options: dict[str, str | int | bool] = Field(default_factory=dict)


class Settings(_Model):
    volume: float = Field(0.7, ge=0.0, le=1.0)
    muted: bool = False
    fullscreen: bool = False
    window_width: int = Field(1280, ge=640, le=10000)
    window_height: int = Field(800, ge=480, le=10000)
    colour_blind: bool = False
    animation_speed: AnimationSpeed = "normal"
    computer_delay: float = Field(0.6, ge=0.0, le=3.0)  # minimum seconds a computer move stays "thinking"
    player_names: list[str] = Field(default_factory=lambda: ["Anni", "Josef", "Marianne", "Walter"])
    last_setups: dict[str, GamePreference] = Field(default_factory=dict)

    @property
    def animation_factor(self) -> float:
        return ANIMATION_FACTORS[self.animation_speed]


class SavedSeat(_Model):
    name: str
    kind: Literal["human", "ai"] = "human"
    level: str = "medium"


class SavedGame(_Model):
    """A game as setup + seed + move texts; loading replays and validates every move."""

    schema_version: int = SAVE_SCHEMA_VERSION
    app_version: str = ""
    game_id: str
    players: int = Field(ge=1, le=8)
    seed: int
    options: dict[str, str | int | bool] = Field(default_factory=dict)
    seats: list[SavedSeat]
    moves: list[str] = Field(default_factory=list)
    # Moves undone but still redoable when the game was saved (kept so nothing is lost).
    redo: list[str] = Field(default_factory=list)
    created: datetime = Field(default_factory=now)
    updated: datetime = Field(default_factory=now)
    finished: bool = False

    @field_validator("schema_version")
    @classmethod
    def _known_schema(cls, value: int) -> int:
        if value != SAVE_SCHEMA_VERSION:
            raise ValueError(
                f"saved by a different version of bauhausbox (schema {value}, expected {SAVE_SCHEMA_VERSION})"
            )
        return value

    def setup(self) -> Setup:
        return Setup(
            game_id=self.game_id,
            players=self.players,
            seed=self.seed,
            seats=tuple(SeatSpec(s.name, s.kind, s.level) for s in self.seats),
            options=dict(self.options),
        )

    @classmethod
    def from_setup(cls, setup: Setup, app_version: str = "") -> SavedGame:
        return cls(
            app_version=app_version,
            game_id=setup.game_id,
            players=setup.players,
            seed=setup.seed,
            options=dict(setup.options),
            seats=[SavedSeat(name=s.name, kind="human" if s.is_human else "ai", level=s.level) for s in setup.seats],
        )


class ResultRecord(_Model):
    """One finished game in the statistics."""

    date: datetime = Field(default_factory=now)
    players: list[str]
    kinds: list[str]  # "human" or "ai:LEVEL" per seat
    scores: list[int]
    winners: list[int]
    options: dict[str, str | int | bool] = Field(default_factory=dict)
    seed: int = 0


class GameStatistics(_Model):
    started: int = 0
    finished: int = 0
    results: list[ResultRecord] = Field(default_factory=list)  # newest last, capped

    def best_score(self) -> int | None:
        return max((max(r.scores) for r in self.results if r.scores), default=None)


class Statistics(_Model):
    schema_version: int = STATS_SCHEMA_VERSION
    games: dict[str, GameStatistics] = Field(default_factory=dict)

    MAX_RESULTS: ClassVar[int] = 200

    def record(self, game_id: str, result: ResultRecord) -> None:
        stats = self.games.setdefault(game_id, GameStatistics())
        stats.finished += 1
        stats.results.append(result)
        del stats.results[: -self.MAX_RESULTS]
