"""Saved games on disk: autosave after every move, Continue, Load, and broken files set aside.

One file per game (``saves/<game>-<timestamp>.json``), rewritten atomically after every move, so
"Continue" is simply the most recently updated unfinished file. Loading replays every move through
the rules; a file that cannot be read or replayed is moved to ``<name>.broken`` with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from bauhausbox import __version__, games
from bauhausbox.engine.api import GameError
from bauhausbox.engine.history import History, Setup
from bauhausbox.persistence import paths
from bauhausbox.persistence.models import SavedGame, Settings, Statistics, now
from bauhausbox.persistence.store import BrokenFileError, move_aside, read_model, write_model

MAX_FINISHED_KEPT = 30


@dataclass
class LoadedGame:
    path: Path
    saved: SavedGame
    history: History[Any]


@dataclass(frozen=True)
class SaveSummary:
    path: Path
    game_id: str
    players: list[str]
    moves: int
    updated: datetime
    finished: bool


def new_save_path(game_id: str) -> Path:
    stamp = now().strftime("%Y%m%d-%H%M%S-%f")
    return paths.saves_dir() / f"{game_id}-{stamp}.json"


def write_game(path: Path, setup: Setup, history: History[Any], created: datetime | None = None) -> SavedGame:
    """Write the game at ``path`` atomically (the autosave after every move)."""
    saved = SavedGame.from_setup(setup, __version__)
    saved.moves = history.move_texts()
    saved.redo = [step.text for step in history.steps[history.cursor :]]
    saved.finished = history.game.is_over(history.state)
    if created is not None:
        saved.created = created
    saved.updated = now()
    write_model(path, saved)
    return saved


def replay(saved: SavedGame, path: Path) -> LoadedGame:
    """Rebuild the game; raises :class:`BrokenFileError` when a move no longer replays."""
    try:
        game = games.load(saved.game_id)
    except KeyError:
        raise BrokenFileError(path, f"unknown game {saved.game_id!r}") from None
    setup = saved.setup()
    try:
        options = game.normalize_options(setup.players, setup.options)
        if not game.info.min_players <= setup.players <= game.info.max_players:
            raise BrokenFileError(path, f"{game.info.title} is not played by {setup.players}")
        setup = Setup(setup.game_id, setup.players, setup.seed, setup.seats, options)
        history = History.replay(game, setup, saved.moves)
    except GameError as error:
        raise BrokenFileError(path, f"the moves no longer replay: {error}") from None
    # Redo moves are a convenience: keep those that still replay, then return to the cursor.
    cursor = history.cursor
    for text in saved.redo:
        try:
            history.play_text(text)
        except GameError:
            break
    history.go_to(cursor)
    return LoadedGame(path, saved, history)


def load_game(path: Path) -> LoadedGame:
    """Read and replay a save; a broken one raises :class:`BrokenFileError` (not yet moved aside)."""
    return replay(read_model(path, SavedGame), path)


def list_saves() -> tuple[list[SaveSummary], list[BrokenFileError]]:
    """Readable saves, newest first, and the files that could not be read (not moved here)."""
    summaries: list[SaveSummary] = []
    problems: list[BrokenFileError] = []
    for path in paths.saves_dir().glob("*.json"):
        try:
            saved = read_model(path, SavedGame)
        except BrokenFileError as error:
            problems.append(error)
            continue
        summaries.append(
            SaveSummary(
                path, saved.game_id, [s.name for s in saved.seats], len(saved.moves), saved.updated, saved.finished
            )
        )
    summaries.sort(key=lambda s: s.updated, reverse=True)
    return summaries, problems


def latest_unfinished() -> SaveSummary | None:
    saves, _ = list_saves()
    return next((s for s in saves if not s.finished), None)


def prune_finished(keep: int = MAX_FINISHED_KEPT) -> None:
    saves, _ = list_saves()
    for summary in [s for s in saves if s.finished][keep:]:
        summary.path.unlink(missing_ok=True)


def quarantine(error: BrokenFileError) -> Path | None:
    """Move a broken file aside; returns where it went (``None`` if it vanished meanwhile)."""
    if not error.path.exists():
        return None
    return move_aside(error.path)


def load_settings() -> tuple[Settings, str | None]:
    """Settings, and a message when the file was broken (it is moved aside, defaults are used)."""
    path = paths.settings_file()
    if not path.exists():
        return Settings(), None
    try:
        return read_model(path, Settings), None
    except BrokenFileError as error:
        moved = move_aside(path)
        return Settings(), f"Your settings file could not be read ({error.reason}); it was kept as {moved.name}."


def save_settings(settings: Settings) -> None:
    write_model(paths.settings_file(), settings)


def load_statistics() -> Statistics:
    path = paths.stats_file()
    if not path.exists():
        return Statistics()
    try:
        return read_model(path, Statistics)
    except BrokenFileError:
        move_aside(path)
        return Statistics()


def save_statistics(stats: Statistics) -> None:
    write_model(paths.stats_file(), stats)
