"""Starting, continuing and loading games from any scene (menu, CLI ``play``, game over)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from bauhausbox import games
from bauhausbox.engine.history import SeatSpec
from bauhausbox.match import Match
from bauhausbox.persistence import saves
from bauhausbox.persistence.models import GameStatistics
from bauhausbox.persistence.store import BrokenFileError
from bauhausbox.ui.app import App


def open_match(app: App, match: Match) -> None:
    """Show ``match`` on top of a fresh main menu (so "back" always leads to the menu)."""
    from bauhausbox.scenes.main_menu import MainMenuScene

    scene_type = games.scene_class(match.setup.game_id)
    app.reset_to(MainMenuScene(app))
    app.push(scene_type(app, match))


def start_match(
    app: App, game_id: str, players: int, seats: list[SeatSpec], options: dict[str, Any], seed: int | None = None
) -> Match:
    match = Match.start(game_id, players, seats, options, seed)
    if match.save_error:
        app.toast(match.save_error, "error")
    app.statistics.games.setdefault(game_id, GameStatistics()).started += 1
    with contextlib.suppress(OSError):  # statistics are a nicety; never block a game on them
        saves.save_statistics(app.statistics)
    open_match(app, match)
    return match


def open_saved(app: App, path: Path) -> bool:
    """Load and show a saved game; a broken file is moved aside and explained. Returns success."""
    try:
        loaded = saves.load_game(path)
    except BrokenFileError as error:
        report_broken(app, [error])
        return False
    open_match(app, Match.from_loaded(loaded))
    return True


def report_broken(app: App, errors: list[BrokenFileError]) -> None:
    """Move broken saves aside and tell the player what happened, in one dialog."""
    from bauhausbox.scenes.dialog import DialogScene

    lines = []
    for error in errors:
        moved = saves.quarantine(error)
        kept = f" It was kept as {moved.name}." if moved else ""
        lines.append(f"{error.path.name}: {error.reason}.{kept}")
    app.push(
        DialogScene(
            app,
            "A saved game could not be opened" if len(errors) == 1 else "Saved games could not be opened",
            "\n".join(lines) + "\nEverything else is fine; you can carry on.",
            [("OK", None, "primary")],
        )
    )
