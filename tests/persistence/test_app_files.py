"""The app around the files, driven headless as a player would: statistics are never wiped by a
stale copy, a save keeps its start date, one broken file among good ones is named once and the good
ones still show, remembered settings the game no longer offers never block Start, and puzzle files
that cannot be read are kept, not overwritten or deleted."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.games.blokus.puzzles.records import best_times as puzzle_records
from bauhausbox.games.blokus.puzzles.rules import new_puzzle
from bauhausbox.games.blokus.puzzles.screen import scene as puzzle_scene
from bauhausbox.games.blokus.puzzles.screen.menu import PuzzleMenuScene
from bauhausbox.games.blokus.puzzles.screen.scene import PuzzleScene
from bauhausbox.games.blokus.puzzles.solver.search import solve
from bauhausbox.match import Match
from bauhausbox.persistence import paths, saves, store
from bauhausbox.persistence.models import GamePreference, SeatPreference
from bauhausbox.scenes.main_menu import MainMenuScene
from tests.ui.helpers import click, frames


@pytest.fixture()
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("BAUHAUSBOX_HOME", str(tmp_path))
    store.take_notices()
    return tmp_path


def _save(game_id: str, players: int, seed: int, moves: int) -> Path:
    game = games.load(game_id)
    seats = (SeatSpec("Ann"), *(SeatSpec(f"Bot {i}", "ai", "easy") for i in range(1, players)))
    setup = Setup(game_id, players, seed, seats, game.normalize_options(players, {}))
    history = History(game, setup.new_state(game))
    for _ in range(moves):
        history.play(game.legal_moves(history.state)[0])
    path = saves.new_save_path(game_id)
    saves.write_game(path, setup, history)
    return path


def _toasts(app: Any) -> list[str]:
    return [toast.message for toast in app.toasts]


def test_a_finished_game_stays_in_the_record_when_the_next_one_starts(fresh_app: Any, home: Path) -> None:
    """Finish a game, open the setup, press Start: the result must still be there."""
    app = fresh_app
    match = Match.start("bauhaus", 2, [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")], {}, seed=4)
    match.record_result()  # what the end of the game does
    click(app, next(c for c in app.top.cards if c.key == "bauhaus").rect.center)
    assert app.top.name == "setup"
    click(app, app.top.start_button.rect.center)
    app.top.runner.cancel()
    stats = saves.load_statistics().games["bauhaus"]
    assert (stats.finished, len(stats.results)) == (1, 1)
    assert stats.started == 1  # Match.start above is not the app's start; the Start button is
    app.reset_to(MainMenuScene(app))
    click(app, next(c for c in app.top.cards if c.key == "bauhaus").rect.center)
    assert app.top.record is not None and app.top.record.finished == 1  # "Your record" reads the disk


def test_a_save_keeps_the_date_the_game_started(fresh_app: Any, home: Path) -> None:
    match = Match.start("bits", 1, [SeatSpec("Ann")], {}, seed=3)
    created = saves.load_game(match.save_path).saved.created
    time.sleep(0.002)
    match.play(match.game.legal_moves(match.state)[0])
    loaded = saves.load_game(match.save_path)
    assert loaded.saved.created == created
    assert loaded.saved.updated > created
    again = Match.from_loaded(loaded)  # Continue / Load, then another move
    again.play(again.game.legal_moves(again.state)[0])
    assert saves.load_game(match.save_path).saved.created == created


def test_one_broken_save_among_good_ones_is_named_once_and_the_others_show(fresh_app: Any, home: Path) -> None:
    older = _save("blokus", 2, 1, 2)
    newer = _save("bits", 1, 2, 1)
    broken = paths.saves_dir() / "bauhaus-broken.json"
    broken.write_text('{"a":' * 50_000 + "1" + "}" * 50_000)
    app = fresh_app
    menu = app.reset_to(MainMenuScene(app))
    frames(app, 3)
    assert app.top.name == "dialog"  # one message, naming the file and where it was kept
    assert "bauhaus-broken.json" in app.top.message and "bauhaus-broken.json.broken" in app.top.message
    click(app, app.top.buttons[0].rect.center)
    assert app.top is menu
    assert menu.continue_button.enabled and menu.latest is not None and menu.latest.path == newer
    assert (paths.saves_dir() / "bauhaus-broken.json.broken").exists()
    click(app, menu.load_button.rect.center)
    assert app.top.name == "load"
    assert [s.path for s in app.top.summaries] == [newer, older]
    frames(app, 2)
    assert app.top.name == "load"  # nothing else to report


@pytest.mark.parametrize(
    ("change", "reason"),
    [({"options": {"gravity": "off"}}, "no option 'gravity'"), ({"seats": [], "players": 2}, "lists 0 seats")],
)
def test_a_save_that_does_not_fit_its_game_is_set_aside_and_named(
    fresh_app: Any, home: Path, change: dict[str, Any], reason: str
) -> None:
    path = _save("blokus", 2, 1, 2)
    data = json.loads(path.read_text())
    data.update(change)
    path.write_text(json.dumps(data))
    app = fresh_app
    menu = app.reset_to(MainMenuScene(app))
    frames(app, 2)
    if app.top is menu:  # the listing could not tell: Continue finds out
        assert menu.continue_button.enabled
        click(app, menu.continue_button.rect.center)
    assert app.top.name == "dialog" and reason in app.top.message
    assert not path.exists() and path.with_name(path.name + ".broken").exists()
    click(app, app.top.buttons[0].rect.center)
    assert app.top is menu and not menu.continue_button.enabled


def test_start_works_with_a_remembered_level_or_option_the_game_does_not_offer(
    fresh_app: Any, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = fresh_app
    remembered = GamePreference(
        players=2,
        seats=[SeatPreference(name="Ann"), SeatPreference(name="Bot", kind="ai", level="hard")],
        options={"teams": "sometimes", "gravity": True},
    )
    # A level a game may not offer: Buizen without "hard" (other games may drop levels too).
    buizen = games.load("buizen")
    monkeypatch.setattr(buizen, "info", dataclasses.replace(buizen.info, levels=("easy", "medium")))
    for game_id in ("blokus", "buizen"):
        monkeypatch.setitem(app.settings.last_setups, game_id, remembered)
        app.reset_to(MainMenuScene(app))
        click(app, next(c for c in app.top.cards if c.key == game_id).rect.center)
        click(app, app.top.start_button.rect.center)
        scene = app.top
        assert scene.name not in ("setup", "dialog"), f"{game_id}: Start failed"
        scene.runner.cancel()
        assert scene.match.setup.seats[1].level in {"random", *scene.game.info.levels}


def test_the_record_box_draws_after_a_statistics_file_it_cannot_use(fresh_app: Any, home: Path) -> None:
    paths.stats_file().write_text(
        json.dumps(
            {"games": {"bauhaus": {"started": 2, "finished": 1, "results": [{"players": ["A"], "kinds": ["human"]}]}}}
        )
    )
    app = fresh_app
    click(app, next(c for c in app.top.cards if c.key == "bauhaus").rect.center)
    frames(app, 2)  # BAUHAUSBOX_RAISE: a crash while drawing fails the test
    assert app.top.name == "setup"
    assert any("statistics.json.broken" in message for message in _toasts(app))


def test_unreadable_puzzle_files_are_kept_and_named_not_overwritten_or_deleted(
    fresh_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.take_notices()
    monkeypatch.setattr(puzzle_scene, "default_directory", lambda: tmp_path)
    records = tmp_path / puzzle_records.RECORDS_FILE
    records.write_text('{"puzzles": {"tetromino": {"completions": [{"when": "yesterday"}]}}}')
    kept_records = records.read_text()
    # A puzzle in progress is an ordinary save: an unreadable one is set aside like any game's.
    progress = paths.saves_dir() / "blokus-puzzles-broken.json"
    progress.parent.mkdir(parents=True, exist_ok=True)
    progress.write_bytes(b"\x00\x01 not json")
    app = fresh_app
    menu = PuzzleMenuScene(app, directory=tmp_path)
    app.push(menu)
    frames(app, 1)
    assert any("puzzle-records.json" in m for m in _toasts(app))
    assert not progress.exists() and progress.with_name(progress.name + ".broken").exists()
    # Finishing a puzzle writes a fresh records file; the unreadable one stays as it was.
    match = Match.start("blokus-puzzles", 1, [SeatSpec("You")], {"puzzle": "tetromino"}, autosave=False)
    for placement in solve(new_puzzle("tetromino"), 30, use_shipped=False).placements:
        match.play(placement)
    match.seconds_played = 42.0
    scene = PuzzleScene(app, match)
    app.push(scene)
    app.push(scene.game_over_scene())
    assert puzzle_records.load_records(tmp_path).for_puzzle("tetromino").best_seconds == 42.0
    assert records.with_name(records.name + ".broken").read_text() == kept_records
    app.reset_to(MainMenuScene(app))


def test_the_app_starts_whatever_settings_and_statistics_hold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 9: a folder, deep nesting or a huge integer in these files once stopped the start."""
    (tmp_path / "config" / "settings.json").mkdir(parents=True)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "statistics.json").write_text('{"games": ' * 10_000 + "1" + "}" * 10_000)
    (tmp_path / "data" / ".statistics.json.x1y2z3.tmp").write_text("{")
    env = dict(os.environ, BAUHAUSBOX_HOME=str(tmp_path), BAUHAUSBOX_EXIT_AFTER_FIRST_FRAME="1")
    env.pop("BAUHAUSBOX_RAISE", None)
    done = subprocess.run(
        [sys.executable, "-m", "bauhausbox", "--windowed"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "first-frame" in done.stdout and "Traceback" not in done.stderr
    assert (tmp_path / "config" / "settings.json.broken").is_dir()
    assert not (tmp_path / "data" / ".statistics.json.x1y2z3.tmp").exists()
    # The statistics are read when a screen shows them: the same rule applies then.
    monkeypatch.setenv("BAUHAUSBOX_HOME", str(tmp_path))
    assert saves.load_statistics().games == {}
    assert (tmp_path / "data" / "statistics.json.broken").exists()
