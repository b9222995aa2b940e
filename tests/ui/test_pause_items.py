"""The pause menu offers the same items in every game: Restart is there in each (greyed, with its
reason, where the table is a server's), and leaving a table across computers says it is not saved
here."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bauhausbox.i18n import _
from bauhausbox.match import Match
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.scenes.setup import SetupScene
from tests.ui.helpers import frames, open_game


@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "buizen", "blokus"])
def test_every_game_offers_restart(fresh_app: Any, game_id: str) -> None:
    scene = open_game(fresh_app, game_id, 2, ["human", "ai:easy"], seed=3)
    scene.open_pause()
    pause = fresh_app.top
    assert isinstance(pause, PauseScene)
    frames(fresh_app, 1)
    assert pause.restart_button.visible and pause.restart_button.enabled, game_id


def test_a_table_across_computers_greys_restart_and_says_it_is_not_saved_here(fresh_app: Any) -> None:
    setup = SetupScene(fresh_app, "buizen")
    match = Match.start("buizen", 2, setup.seats()[:2], {}, seed=3, autosave=False)
    across = SimpleNamespace(match=match, table=SimpleNamespace(on_server=True, spectating=False))
    pause = PauseScene(fresh_app, across)
    assert pause.restart_button.visible and not pause.restart_button.enabled
    assert pause.restart_button.tooltip
    assert "Continue" in _(pause.quit_button.tooltip) and pause.quit_button.label == "Leave the table"
    assert pause.undo_button.visible and pause.redo_button.visible
    # A watcher's screen (no seat) plays nothing: no undo, redo or restart at all.
    watching = SimpleNamespace(match=match, table=SimpleNamespace(on_server=True, spectating=True))
    pause = PauseScene(fresh_app, watching)
    assert not (pause.undo_button.visible or pause.redo_button.visible or pause.restart_button.visible)


def test_the_menu_of_a_finished_game_says_it_is_over(fresh_app: Any) -> None:
    """The menu opened on a finished game was titled "Paused": it says "Game over"."""
    from tests.ui.scenarios.bauhaus import pause_after_game_over

    pause_after_game_over(fresh_app)
    pause = fresh_app.top
    assert isinstance(pause, PauseScene)
    assert pause.title == "Game over"
    assert "game over" not in pause.subtitle()  # said once, in the title
