"""Starting, continuing and loading games from any scene (menu, CLI ``play``, game over); a game
this computer hosted for others is reopened on the app's server (``scenes/host.py``)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from bauhausbox import games
from bauhausbox.engine.history import SeatSpec
from bauhausbox.i18n import N_
from bauhausbox.match import Match
from bauhausbox.persistence import saves
from bauhausbox.persistence.store import BrokenFileError, notices_message
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.ui.app import App


def open_match(app: App, match: Match) -> None:
    """Show ``match`` on top of a fresh main menu (so "back" always leads to the menu)."""
    scene_type = games.scene_class(match.setup.game_id)
    app.go_home()
    app.push(scene_type(app, match))


def start_match(
    app: App, game_id: str, players: int, seats: list[SeatSpec], options: dict[str, Any], seed: int | None = None
) -> Match:
    match = Match.start(game_id, players, seats, options, seed)
    with contextlib.suppress(OSError):  # statistics are a nicety; never block a game on them
        saves.update_statistics(lambda stats: stats.started(game_id))  # after the first save, written
    if match.save_error:
        app.toast(match.save_error, "error")
    open_match(app, match)
    return match


def open_saved(app: App, path: Path) -> bool:
    """Load and show a saved game; a broken file is moved aside and explained. Returns success."""
    try:
        loaded = saves.load_game(path)
    except BrokenFileError as error:
        report_broken(app, [error])
        return False
    if loaded.saved.hosted is not None and not loaded.saved.finished:
        from bauhausbox.scenes.host import reopen_hosted  # the network is loaded only when needed

        return reopen_hosted(app, loaded)
    open_match(app, Match.from_loaded(loaded))
    return True


def report_broken(app: App, errors: list[BrokenFileError]) -> None:
    """Move broken saves aside and tell the player what happened, in one dialog naming each."""
    notices = [notice for notice in map(saves.quarantine, errors) if notice is not None]
    if not notices:
        return
    app.push(
        DialogScene(
            app,
            N_("A saved game could not be opened") if len(notices) == 1 else N_("Saved games could not be opened"),
            notices_message(notices, limit=5),
            [(N_("OK"), None, "primary")],
        )
    )
