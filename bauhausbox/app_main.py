"""The app's entry: open the window on the main menu, optionally straight into a game.

This module sits above the UI framework (``bauhausbox.ui``) and the screens (``bauhausbox.scenes``):
it is where the window learns which scene comes first, so the framework never imports a screen.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

import pygame

from bauhausbox.engine.bots.runner import close_all
from bauhausbox.engine.history import History, Setup
from bauhausbox.scenes.flow import start_match
from bauhausbox.scenes.main_menu import MainMenuScene
from bauhausbox.scenes.replay import ReplayScene
from bauhausbox.ui.app import App


def run_app(start_game: dict[str, Any] | None = None, windowed: bool = False) -> int:
    """Run the window until the player quits (``start_game``: the arguments of ``start_match``)."""
    logging.basicConfig(level=logging.INFO if os.environ.get("BAUHAUSBOX_DEBUG") else logging.WARNING)
    app = App(home=MainMenuScene, windowed=windowed)
    app.go_home()
    if start_game is not None:
        start_match(app, **start_game)
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
    app = App(home=MainMenuScene, windowed=windowed)
    app.reset_to(ReplayScene(app, setup, history))
    app.run()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(run_app())
