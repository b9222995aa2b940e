"""Test-wide settings: headless SDL, a private data directory, and errors that raise in tests."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

# Before anything imports pygame: no window system, no sound card, and no touching the real
# user's settings or saves.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BAUHAUSBOX_HOME", tempfile.mkdtemp(prefix="bauhausbox-tests-"))
os.environ.setdefault("BAUHAUSBOX_RAISE", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Tree searches run their shards in process (the Blokus pool has its own tests).
os.environ.setdefault("BAUHAUSBOX_SEARCH_PROCESSES", "0")


@pytest.fixture(scope="session")
def app() -> Iterator[Any]:
    """The one window of a pytest session (switching display modes under the dummy driver can crash)."""
    from bauhausbox.ui.app import App

    application = App(windowed=True, size=(1280, 800))
    application.settings.computer_delay = 0.0
    application.settings.animation_speed = "off"
    yield application


@pytest.fixture()
def fresh_app(app: Any) -> Iterator[Any]:
    """The session app with an empty scene stack and a fresh main menu."""
    from bauhausbox.scenes.main_menu import MainMenuScene

    app.reset_to(MainMenuScene(app))
    app.running = True
    yield app
    for scene in list(app.stack):
        runner = getattr(scene, "runner", None)
        if runner is not None:
            runner.cancel()
