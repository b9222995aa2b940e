"""Named states of the app for the layout test and ``scripts/screenshots``: every scene, and the key
moments of every game (holding a piece, a refusal, a hint, the end of a round, game over, the how-to
pages, the puzzles).

A scenario takes the app with a fresh main menu on the stack and brings it to its state; the caller
then draws a frame and looks at it. Shared scenes live in :mod:`tests.ui.scenarios.common`; each game
adds its own in ``tests/ui/scenarios/<game>.py`` with the :func:`scenario` decorator. Scenarios use
the real event path (tests/ui/helpers.py) wherever a player would, so what is checked is what a
player gets.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from bauhausbox.ui.app import App

Scenario = Callable[[App], None]
SCENARIOS: dict[str, Scenario] = {}
MODULES = ("common", "bauhaus", "bits", "buizen", "blokus", "puzzles", "across")


def scenario(name: str) -> Callable[[Scenario], Scenario]:
    """Register ``function`` as the scenario ``name`` (unique across the app)."""

    def register(function: Scenario) -> Scenario:
        if name in SCENARIOS:
            raise ValueError(f"two scenarios are called {name!r}")
        SCENARIOS[name] = function
        return function

    return register


def all_scenarios() -> dict[str, Scenario]:
    for module in MODULES:
        importlib.import_module(f"{__name__}.{module}")
    return SCENARIOS
