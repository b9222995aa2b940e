"""The app's entry: its start-up, then the window on the main menu, optionally straight into a game.

This module sits above the UI framework (``bauhausbox.ui``) and the screens (``bauhausbox.scenes``):
it is where the window learns which scene comes first and is given its settings, so the framework
never imports a screen and never reads a file of its own. :func:`open_app` is the one start-up, for
the ``bauhausbox`` command, the smoke check, the benchmarks and the tests.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

import pygame

from bauhausbox import i18n
from bauhausbox.engine.bots.runner import close_all
from bauhausbox.engine.history import History, Setup
from bauhausbox.persistence import saves
from bauhausbox.scenes.flow import start_match
from bauhausbox.scenes.main_menu import MainMenuScene
from bauhausbox.scenes.replay import ReplayScene
from bauhausbox.ui.app import App


def open_app(windowed: bool = False, size: tuple[int, int] | None = None) -> App:
    """Start the app: remove what a crash left in the save folders, load the settings (a broken
    file is set aside and the player told on the first frame), speak their language, and open the
    window (``size``: exactly that size; else the remembered one, fitted to the desktop)."""
    saves.clean_up_at_start()
    settings = saves.load_settings()
    i18n.set_language(settings.language)
    return App(home=MainMenuScene, settings=settings, windowed=windowed, size=size)


def run_app(start_game: dict[str, Any] | None = None, windowed: bool = False, start_setup: str | None = None) -> int:
    """Run the window until the player quits (``start_game``: the arguments of ``start_match``;
    ``start_setup``: a game whose own setup screen opens over the main menu, as its card does)."""
    logging.basicConfig(level=logging.INFO if os.environ.get("BAUHAUSBOX_DEBUG") else logging.WARNING)
    app = open_app(windowed=windowed)
    app.go_home()
    if start_game is not None:
        start_match(app, **start_game)
    elif start_setup is not None and isinstance(app.top, MainMenuScene):
        app.top.open_setup(start_setup)  # as the game's card on the main menu does
    try:
        app.run()
    finally:
        close_all()  # searches' worker processes stop with the window, not after their think time
    pygame.quit()
    return 0


def run_replay(setup: Setup, history: History[Any], windowed: bool = False) -> int:
    """The window on the replay viewer of one game (``bauhausbox replay FILE --view``); closing the
    viewer closes the window."""
    logging.basicConfig(level=logging.INFO if os.environ.get("BAUHAUSBOX_DEBUG") else logging.WARNING)
    app = open_app(windowed=windowed)
    app.reset_to(ReplayScene(app, setup, history))
    app.run()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(run_app())
