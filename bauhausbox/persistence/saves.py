"""Saved games on disk: autosave after every move, Continue, Load, and broken files set aside.

One file per game (``saves/<game>-<timestamp>.json``), rewritten atomically after every move, so
"Continue" is simply the most recently updated unfinished file. Finished games stay for the replay
viewer: the newest ``MAX_FINISHED_PER_GAME`` of each game, with their final scores. Loading replays
every move through the rules; a file that cannot be read or replayed is moved to ``<name>.broken``
with a reason.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from bauhausbox import __version__, games
from bauhausbox.engine.api import GameError, Words
from bauhausbox.engine.history import History, Setup, turns_between
from bauhausbox.persistence import paths, writer
from bauhausbox.persistence.models import HostedSave, SavedGame, Settings, Statistics, now
from bauhausbox.persistence.store import (
    BrokenFileError,
    SetAside,
    load_or_default,
    read_model,
    remove_leftover_temp_files,
    set_aside,
    update_model,
    write_model,
)

log = logging.getLogger(__name__)

MAX_FINISHED_PER_GAME = 50  # finished games kept for the replay viewer, per game


@dataclass
class LoadedGame:
    path: Path
    saved: SavedGame
    history: History[Any]
    setup: Setup  # checked against the rules, options normalised


@dataclass(frozen=True)
class SaveSummary:
    path: Path
    game_id: str
    players: list[str]
    moves: int
    updated: datetime
    finished: bool
    options: dict[str, Any] = field(default_factory=dict)
    scores: tuple[int, ...] | None = None  # the final points per seat of a finished game, when saved
    turns: int | None = None  # the turns played, as players count them (None: an older save)
    computer_finished: bool = False  # the computer played it to its end (a solved puzzle): no result
    turn: int | None = None  # the turn being played, as the status bar says it (None: an older save)
    # A game hosted here for players at other computers: their names (None: a game at one computer).
    guests: tuple[str, ...] | None = None
    hosted: HostedSave | None = None  # where that table lives (its code, port, this computer's seats)


def new_save_path(game_id: str) -> Path:
    stamp = now().strftime("%Y%m%d-%H%M%S-%f")
    return paths.saves_dir() / f"{game_id}-{stamp}.json"


def write_game(
    path: Path,
    setup: Setup,
    history: History[Any],
    created: datetime | None = None,
    seconds_played: float = 0.0,
    hints_taken: int = 0,
) -> SavedGame:
    """Write the game at ``path`` atomically, now, on this thread (the app's autosave goes through
    :func:`queue_game`)."""
    saved = saved_game(setup, history, created, seconds_played, hints_taken)
    write_model(path, saved)
    return saved


def queue_game(path: Path, saved: SavedGame, *, prune: bool = False) -> None:
    """The autosave: ``saved`` goes to ``path`` on the writer thread (``persistence/writer.py``; a
    newer save of the same game waiting in the queue replaces an older one), then, for a finished
    game, the oldest finished games beyond the kept number go."""
    writer.submit(lambda: write_model(path, saved), key=path)
    if prune:
        writer.submit(prune_finished, key="prune finished")


def saved_game(
    setup: Setup,
    history: History[Any],
    created: datetime | None = None,
    seconds_played: float = 0.0,
    hints_taken: int = 0,
    computer_finished: bool = False,
    looked_ahead: bool = False,
) -> SavedGame:
    """The save of the game as it stands (a copy: the history may move on while it is written)."""
    saved = SavedGame.from_setup(setup, __version__)
    saved.seconds_played = min(max(0.0, seconds_played), 10**7)
    saved.hints_taken = hints_taken
    saved.computer_finished = computer_finished
    saved.looked_ahead = looked_ahead
    saved.moves = history.move_texts()
    if history.game.info.counts_turns:
        saved.turns = turns_between(history.steps[: history.cursor])
        saved.turn = history.turn
    saved.redo = [step.text for step in history.steps[history.cursor :]]
    saved.finished = history.game.is_over(history.state)
    if saved.finished:
        saved.scores = list(history.game.scores(history.state))
    if created is not None:
        saved.created = created
    saved.updated = now()
    return saved


def _said(error: GameError) -> str:
    """What the rules said, kept translatable (their :class:`Words`, not ``str(error)``)."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, str) else str(error)


def check_setup(saved: SavedGame, path: Path) -> Setup:
    """The save's setup checked against its game's rules: the player count, every computer level and
    every option (normalised); raises :class:`BrokenFileError`. The app and ``replay`` both use it."""
    game = games.load(saved.game_id)
    setup = saved.setup()
    levels = {"random", *game.info.levels}
    for number, seat in enumerate(setup.seats, 1):
        if not seat.is_human and seat.level not in levels:
            raise BrokenFileError(
                path, Words("seat {number} plays at an unknown level {level}", number=number, level=repr(seat.level))
            )
    try:
        options = game.normalize_options(setup.players, setup.options)
    except GameError as error:
        raise BrokenFileError(path, _said(error)) from None
    return Setup(setup.game_id, setup.players, setup.seed, setup.seats, options)


def replay(saved: SavedGame, path: Path) -> LoadedGame:
    """Rebuild the game; raises :class:`BrokenFileError` when the setup is wrong or a move no longer
    replays."""
    setup = check_setup(saved, path)
    game = games.load(saved.game_id)
    try:
        history = History.replay(game, setup, saved.moves)
    except GameError as error:
        raise BrokenFileError(path, Words("the moves no longer replay: {error}", error=_said(error))) from None
    except Exception as error:  # a move text the rules choke on: the file is at fault, not the app
        log.warning("replaying %s failed", path, exc_info=True)
        raise BrokenFileError(path, Words("the moves no longer replay ({error})", error=type(error).__name__)) from None
    # Redo moves are a convenience: keep those that still replay, then return to the cursor.
    cursor = history.cursor
    for text in saved.redo:
        try:
            history.play_text(text)
        except Exception:  # same as above: a bad redo move only ends the redo list
            break
    history.go_to(cursor)
    return LoadedGame(path, saved, history, setup)


def load_game(path: Path) -> LoadedGame:
    """Read and replay a save; a broken one raises :class:`BrokenFileError` (not yet moved aside)."""
    writer.flush()  # the last move's save may still be on its way to the disk
    return replay(read_model(path, SavedGame), path)


def list_saves() -> tuple[list[SaveSummary], list[BrokenFileError]]:
    """Readable saves of games played or finished, newest first, and the files that could not be
    read (not moved here)."""
    writer.flush()  # every save queued so far is on disk before the folder is read
    summaries: list[SaveSummary] = []
    problems: list[BrokenFileError] = []
    try:
        candidates = sorted(paths.saves_dir().glob("*.json"))
    except OSError as error:
        log.warning("could not list the saved games: %s", error)
        return [], []
    for path in candidates:
        try:
            saved = read_model(path, SavedGame)
        except BrokenFileError as error:
            problems.append(error)
            continue
        if not saved.finished and not saved.moves and not saved.redo and saved.hosted is None:
            # Opened and left before anyone moved (its removal failed, or the app was killed):
            # nothing to continue, so neither Continue nor Load lists it. A table hosted here is
            # kept from its start: its guests sit there and wait for the host to reopen it.
            continue
        scores = tuple(saved.scores) if saved.finished and saved.scores and len(saved.scores) == saved.players else None
        summaries.append(
            SaveSummary(
                path,
                saved.game_id,
                [s.name for s in saved.seats],
                len(saved.moves),
                saved.updated,
                saved.finished,
                dict(saved.options),
                scores,
                saved.turns,
                saved.computer_finished,
                saved.turn,
                guests(saved),
                saved.hosted,
            )
        )
    summaries.sort(key=lambda s: s.updated, reverse=True)
    return summaries, problems


def guests(saved: SavedGame) -> tuple[str, ...] | None:
    """The names of the humans at other computers of a game hosted here (``None``: not hosted)."""
    if saved.hosted is None:
        return None
    here = saved.hosted.tokens
    return tuple(seat.name for index, seat in enumerate(saved.seats) if seat.kind == "human" and index not in here)


def remove_game(path: Path) -> None:
    """Delete a save the app wrote and no longer needs (a game left before its first move): after
    any write of it still queued, by the same writer, so a late write cannot bring it back."""
    writer.submit(lambda: _remove(path), key=path)
    writer.flush()  # gone once this returns, as callers expect


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError as error:  # a folder in its place, a read-only disk: it stays, as a game with no moves
        log.warning("could not remove %s: %s", path, error)


def latest_unfinished() -> SaveSummary | None:
    saves, _ = list_saves()
    return next((s for s in saves if not s.finished), None)


def prune_finished(keep: int = MAX_FINISHED_PER_GAME) -> None:
    """Delete the finished games beyond the newest ``keep`` of each game (one game's long history
    never pushes another game's results out)."""
    saves, _ = list_saves()  # newest first
    kept: dict[str, int] = {}
    for summary in saves:
        if not summary.finished:
            continue
        kept[summary.game_id] = kept.get(summary.game_id, 0) + 1
        if kept[summary.game_id] > keep:
            summary.path.unlink(missing_ok=True)


def quarantine(error: BrokenFileError) -> SetAside | None:
    """Move a broken save aside for a dialog that names it (``None`` if it vanished meanwhile)."""
    return set_aside(error, notify=False)


def clean_up_at_start() -> int:
    """Remove the temporary files a kill during a save left in every folder bauhausbox writes."""
    removed = remove_leftover_temp_files(paths.config_dir())
    for folder, subfolders, _ in os.walk(paths.data_dir()):
        removed += remove_leftover_temp_files(Path(folder))
        subfolders[:] = [name for name in subfolders if not name.endswith(".broken")]
    return removed


# -- settings and statistics: each has one owner that reads, changes and writes in one step ----------
def load_settings() -> Settings:
    """The settings; a broken file is set aside (the player is told) and defaults are used."""
    return load_or_default(paths.settings_file(), Settings, Settings)


def save_settings(settings: Settings) -> None:
    """Only the app writes the settings, from the one copy it loaded at start (its only owner)."""
    write_model(paths.settings_file(), settings)


def load_statistics() -> Statistics:
    """The statistics as on disk now (screens read them fresh; nobody keeps a copy to write back)."""
    writer.flush()  # a result queued at the end of a game is counted
    return load_or_default(paths.stats_file(), Statistics, Statistics)


def update_statistics(change: Callable[[Statistics], None]) -> Statistics:
    """Read the statistics, apply ``change`` and write them back atomically, in one step, now."""
    writer.flush()  # after any change queued before it
    return update_model(paths.stats_file(), Statistics, Statistics, change)


def queue_statistics(change: Callable[[Statistics], None]) -> None:
    """:func:`update_statistics` on the writer thread, after every file job queued before it (a
    game's result, from the frame in which its last move arrives)."""
    writer.submit(lambda: _update_quietly(change))


def _update_quietly(change: Callable[[Statistics], None]) -> None:
    try:
        update_model(paths.stats_file(), Statistics, Statistics, change)
    except OSError as error:  # the statistics are a convenience: the game itself is saved
        log.warning("could not record statistics: %s", error)
