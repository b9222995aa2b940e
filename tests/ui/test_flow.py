"""The whole app path with synthetic events, for every game: main menu → setup → game → pause →
undo → save and quit → Continue resumes the same position; plus the menus and broken saves."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import games
from bauhausbox.persistence import paths
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.main_menu import MainMenuScene
from tests.ui.helpers import click, frames, key, wait_until


def _human_to_play(scene: GameScene) -> bool:
    return scene.match.is_human(scene.match.to_play) and not scene.runner.busy and not scene.animating()


def _dismiss_curtain(app: Any) -> None:
    if app.top.name == "curtain":
        click(app, app.top.ready_button.rect.center)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_menu_setup_game_pause_undo_save_continue(fresh_app: Any, game_id: str) -> None:
    app = fresh_app
    app.settings.last_setups.pop(game_id, None)  # the setup's default, not an earlier test's last setup
    menu = app.top
    assert isinstance(menu, MainMenuScene)
    card = next(c for c in menu.cards if c.key == game_id)
    click(app, card.rect.center)
    if app.top.name == "puzzle_menu":  # the puzzles' own setup screen: a card starts its puzzle
        click(app, app.top.cards["tetromino"].center)
    else:
        assert app.top.name == "setup"
        # Seat 1 human, the others computers (the setup default); start with the button.
        click(app, app.top.start_button.rect.center)
    scene = app.top
    assert isinstance(scene, GameScene), f"expected the {game_id} screen, got {scene.name}"
    assert scene.match.setup.game_id == game_id
    before = pygame.image.tobytes(app.screen, "RGB")
    assert wait_until(app, lambda: _human_to_play(scene))
    # The human plays a legal move through the rules (each game's own tests drive its gestures).
    moves = scene.game.legal_moves(scene.match.state)
    assert scene.submit(moves[len(moves) // 2])
    assert wait_until(app, lambda: _human_to_play(scene) or scene.match.over)
    frames(app, 2)
    assert pygame.image.tobytes(app.screen, "RGB") != before  # the screen shows the move
    played = scene.match.history.cursor
    assert played >= 1

    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"
    click(app, app.top.undo_button.rect.center)
    if app.top.name == "dialog":  # undo past a draw with several humans asks first (not the case here)
        click(app, app.top.buttons[0].rect.center)
    assert scene.match.history.cursor < played
    assert scene.match.history.can_redo
    position = scene.match.history.move_texts()

    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"
    click(app, app.top.quit_button.rect.center)
    assert isinstance(app.top, MainMenuScene)
    menu = app.top
    assert menu.continue_button.enabled
    click(app, menu.continue_button.rect.center)
    _dismiss_curtain(app)
    resumed = app.top
    assert isinstance(resumed, GameScene)
    assert resumed.match.setup.game_id == game_id
    assert resumed.match.history.move_texts() == position
    assert resumed.match.history.can_redo  # redo survives the save
    resumed.runner.cancel()


def test_broken_save_is_reported_and_moved_aside(fresh_app: Any) -> None:
    app = fresh_app
    broken = paths.saves_dir() / "zz-broken.json"
    broken.write_text('{"schema_version": 1, "game_id": "blokus", "pla')
    from bauhausbox.scenes.load import LoadScene

    app.push(LoadScene(app))
    frames(app, 2)
    assert app.top.name == "dialog"
    assert "zz-broken.json" in app.top.message and "not valid JSON" in app.top.message
    assert not broken.exists()
    assert (paths.saves_dir() / "zz-broken.json.broken").exists()
    click(app, app.top.buttons[0].rect.center)
    assert app.top.name == "load"


def test_settings_change_is_saved(fresh_app: Any) -> None:
    app = fresh_app
    click(app, app.top.settings_button.rect.center)
    assert app.top.name == "settings"
    settings_scene = app.top
    was = app.settings.colour_blind
    click(app, settings_scene.colour_blind.rect.center)
    assert app.settings.colour_blind is (not was)
    assert f'"colour_blind": {str(not was).lower()}' in paths.settings_file().read_text()
    click(app, settings_scene.colour_blind.rect.center)  # put it back for the other tests
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenuScene)


def test_a_scene_error_is_reported_not_fatal(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = fresh_app
    monkeypatch.delenv("BAUHAUSBOX_RAISE")
    menu = app.top

    def broken_update(dt: float) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(menu, "update", broken_update)
    frames(app, 2)
    assert app.running
    assert any("boom" in toast.message for toast in app.toasts)


@pytest.mark.parametrize(("game_id", "level"), [("blokus", "hard"), ("blokus", "expert"), ("bauhaus", "easy")])
def test_a_computer_thinks_for_its_games_time(fresh_app: Any, game_id: str, level: str) -> None:
    from tests.ui.helpers import open_game

    started: list[float] = []
    scene = open_game(fresh_app, game_id, 2, seats=[f"ai:{level}", "human"])
    real_start = scene.runner.start

    def spy(*args: Any, **kwargs: Any) -> None:
        started.append(args[5])  # the seconds the bot may think
        real_start(*args, **kwargs)

    scene.runner.cancel()
    scene.runner.start = spy  # type: ignore[method-assign]
    assert wait_until(fresh_app, lambda: bool(started))
    scene.runner.cancel()
    assert started[0] == games.load(game_id).info.think_time(level)
    assert started[0] == {"hard": 3.0, "expert": 8.0, "easy": 1.0}[level]  # the games' rules set these


def test_the_load_list_counts_turns_not_decisions(fresh_app: Any) -> None:
    """Choosing a Bauhaus card and carrying it out are two decisions of one turn; a game in progress
    is at the turn being played."""
    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.persistence import saves
    from bauhausbox.scenes.load import LoadScene
    from bauhausbox.ui import layout_probe

    app = fresh_app
    setup = Setup("bauhaus", 2, 201, (SeatSpec("Anni"), SeatSpec("Josef")), {"powers": False})
    moves = ["place c7", "place h4", "card2", "walls b6N,c6N,b7E"]  # Anni, Josef, Anni, Anni
    history = History.replay(games.load("bauhaus"), setup, moves)
    path = saves.new_save_path("bauhaus")
    saves.write_game(path, setup, history)
    try:
        app.push(LoadScene(app))
        with layout_probe.recording(app.screen.get_size()) as record:
            frames(app, 1)
        line = next(text.content for text in record.texts if "Anni, Josef" in text.content)
        # Three turns played, the fourth on: "turn 4", as the status bar says it (not "4 moves").
        assert "turn 4" in line and "move" not in line
        assert history.turn == 4
    finally:
        path.unlink()
        key(app, pygame.K_ESCAPE)
