"""Test-wide settings: headless SDL, a private data directory, and errors that raise in tests."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

# Before anything imports pygame: no window system, no sound card, and no touching the real
# user's settings or saves.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if "BAUHAUSBOX_HOME" not in os.environ:
    # The session's own folder goes when the session ends (workers live inside it), so test runs
    # leave nothing behind in the temporary folder.
    os.environ["BAUHAUSBOX_HOME"] = tempfile.mkdtemp(prefix="bauhausbox-tests-")
    atexit.register(shutil.rmtree, os.environ["BAUHAUSBOX_HOME"], ignore_errors=True)
if os.environ.get("PYTEST_XDIST_WORKER"):
    # Parallel workers inherit the controller's environment: give each its own folder, or one
    # worker's games would show up in another's Continue and Load lists (Continue picks the newest).
    _worker_home = os.path.join(os.environ["BAUHAUSBOX_HOME"], os.environ["PYTEST_XDIST_WORKER"])
    os.makedirs(_worker_home, exist_ok=True)
    os.environ["BAUHAUSBOX_HOME"] = _worker_home
os.environ.setdefault("BAUHAUSBOX_RAISE", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Tree searches run their shards in process (the Blokus pool has its own tests).
os.environ.setdefault("BAUHAUSBOX_SEARCH_PROCESSES", "0")


@pytest.fixture(scope="session")
def app() -> Iterator[Any]:
    """The one window of a pytest session (switching display modes under the dummy driver can crash)."""
    from bauhausbox.app_main import open_app

    application = open_app(windowed=True, size=(1280, 800))
    application.settings.computer_delay = 0.0
    application.settings.animation_speed = "off"
    yield application


@pytest.fixture()
def fresh_app(app: Any) -> Iterator[Any]:
    """The session app with an empty scene stack and a fresh main menu."""
    app.go_home()
    app.running = True
    app.settings.move_numbers = False  # a switch one test turned on (Blokus's move numbers) is off for the next
    app.settings.ask_reactions = "never"  # and so are the decision windows (Bauhaus powers)
    app.toasts.clear()  # an earlier test's message (a broken file set aside) is not this test's
    app.settings.host_watchers = False  # a table hosted by an earlier test allowed watchers: not this one's
    for setup in app.settings.last_setups.values():  # nor does it start with an earlier test's seat at another computer
        for seat in setup.seats:
            seat.remote = False
    yield app
    for scene in list(app.stack):
        runner = getattr(scene, "runner", None)
        if runner is not None:
            runner.cancel()


@pytest.fixture(autouse=True)
def _nameless_account(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs as an account with no name to offer (as root does): a first-time host's seat
    and a guest's name field then start as the tests expect on any machine, whatever its login."""
    from bauhausbox.persistence import models

    monkeypatch.setattr(models, "computer_user_name", lambda: "")


@pytest.fixture(autouse=True)
def _language_put_back() -> Iterator[None]:
    """Every test starts in the suite's language (English, or BAUHAUSBOX_LANG) and leaves it so,
    whatever language it switched to: one test's French must not leak into the next."""
    from bauhausbox import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _no_kept_analyses() -> Iterator[None]:
    """Every test starts with no Blokus analysis kept from an earlier test's replay viewer (the
    viewer would open with that game's strip already shown)."""
    from bauhausbox.games.blokus.analysis import forget_kept

    forget_kept()
    yield
    forget_kept()


@pytest.fixture(autouse=True)
def _no_remembered_solutions() -> Iterator[None]:
    """Every test starts with no puzzle solution remembered from an earlier test's search (a hint
    answered from memory would skip the search the test means to run)."""
    from bauhausbox.games.blokus.puzzles.solver.repair import forget_solutions

    forget_solutions()
    yield
    forget_solutions()
