"""The command line: version, help, selfplay summaries, replay of good and broken saves."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bauhausbox import __version__, games
from bauhausbox.cli import main
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.persistence import saves


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    version, core_line = capsys.readouterr().out.splitlines()
    assert version == f"bauhausbox {__version__}"
    assert core_line in ("Blokus core: compiled", "Blokus core: pure Python (slower)")
    result = subprocess.run([sys.executable, "-m", "bauhausbox", "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    for command in ("play", "selfplay", "replay", "smoke", "puzzle", "bench"):
        assert command in result.stdout
    assert "--debug" in result.stdout and "BAUHAUSBOX_DEBUG" in result.stdout


def test_play_help_names_every_level_a_game_offers(capsys: pytest.CaptureFixture[str]) -> None:
    # The review found "expert" missing from a hand-written list: every game's own levels must show.
    assert main(["play", "--help"]) == 0
    words = set(capsys.readouterr().out.replace(",", " ").replace(";", " ").replace(")", " ").split())
    offered = {level for game_id in games.GAME_IDS for level in games.load(game_id).info.levels}
    assert "expert" in offered
    assert offered | {"random"} <= words


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_selfplay_json_summary(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = games.load(game_id)
    players = min(max(2, game.info.min_players), game.info.max_players)
    code = main(
        ["selfplay", game_id, "--players", str(players), "--games", "2", "--levels", "random", "--seed", "5", "--json"]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["games"] == 2
    assert report["summary"]["levels"]["random"]["seats_played"] == 2 * players
    for result in report["results"]:
        assert len(result["scores"]) == players and result["winners"]


def test_selfplay_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "blokus", "--players", "9", "--games", "1"]) == 2
    assert "Blokus is for 2 to 4 players, not 9" in capsys.readouterr().err
    assert main(["selfplay", "blokus", "--players", "4", "--levels", "grandmaster"]) == 2


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--players", "5"], "Bauhaus is for 2 to 4 players, not 5"),
        (["--option", "powers=maybe"], "option powers must be one of"),
        (["--players", "3", "--seats", "human,ai:easy"], "--seats lists 2 seats for 3 players"),
    ],
)
def test_play_refuses_bad_arguments_with_a_message(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused before any window opens, with one line, not a traceback."""
    assert main(["play", "bauhaus", *arguments]) == 2
    assert message in capsys.readouterr().err


def test_replay_good_and_broken_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = games.load("blokus")
    setup = Setup("blokus", 4, 3, tuple(SeatSpec(f"P{i}") for i in range(4)), game.normalize_options(4, {}))
    history = History(game, setup.new_state(game))
    for _ in range(8):
        history.play(game.legal_moves(history.state)[0])
    good = tmp_path / "good.json"
    saves.write_game(good, setup, history)
    assert main(["replay", str(good)]) == 0
    out = capsys.readouterr().out
    assert "8 moves replayed" in out and game.to_text(history.state) not in out  # a board for people
    assert main(["replay", str(good), "--position"]) == 0
    assert capsys.readouterr().out == game.to_text(history.state) + "\n"  # for scripts: the position alone

    data = json.loads(good.read_text())
    data["moves"][3] = data["moves"][2]  # the same cells twice: no longer legal
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["replay", str(bad)]) == 1
    assert "move 4" in capsys.readouterr().err
    truncated = tmp_path / "cut.json"
    truncated.write_text(good.read_text()[:40])
    assert main(["replay", str(truncated)]) == 1
    assert main(["replay", str(tmp_path / "missing.json")]) == 1


def test_play_blokus_puzzles_opens_the_list_of_puzzles_unless_one_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    import bauhausbox.app_main as app_module

    asked: list[dict[str, object]] = []
    monkeypatch.setattr(app_module, "run_app", lambda **kwargs: asked.append(kwargs) or 0)
    assert main(["play", "blokus-puzzles"]) == 0
    assert asked[-1]["start_game"] is None and asked[-1]["start_setup"] == "blokus-puzzles"
    assert main(["play", "blokus-puzzles", "--option", "puzzle=pentomino-hard"]) == 0
    assert asked[-1]["start_setup"] is None
    start = asked[-1]["start_game"]
    assert isinstance(start, dict) and start["options"]["puzzle"] == "pentomino-hard"
    # The seat is "You", as when the puzzle opens from its card (the log said "Anni placed").
    assert [seat.name for seat in start["seats"]] == ["You"]
    # A game with the shared setup screen still opens straight into the game.
    assert main(["play", "bits", "--players", "2", "--seats", "human,ai:easy"]) == 0
    assert asked[-1]["start_setup"] is None and asked[-1]["start_game"] is not None


def test_run_app_opens_a_games_own_setup_screen_over_the_main_menu(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bauhausbox.app_main as app_module
    from bauhausbox.games.blokus.puzzles.screen.menu import PuzzleMenuScene
    from bauhausbox.scenes.main_menu import MainMenuScene

    seen: list[object] = []
    # The session's window (no new display mode), and no loop: what is on top when it would start.
    monkeypatch.setattr(app_module, "open_app", lambda windowed=False: fresh_app)
    monkeypatch.setattr(type(fresh_app), "run", lambda self: seen.extend(self.stack))
    monkeypatch.setattr(app_module, "close_all", lambda: None)
    monkeypatch.setattr(app_module.pygame, "quit", lambda: None)
    assert app_module.run_app(start_setup="blokus-puzzles") == 0
    assert isinstance(seen[-1], PuzzleMenuScene) and isinstance(seen[-2], MainMenuScene)
