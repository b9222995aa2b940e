"""``bauhausbox replay FILE --log`` and ``--view`` on saves of every game, and broken files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from bauhausbox import app_main, games
from bauhausbox.cli import main
from bauhausbox.scenes.replay import ReplayScene
from tests.ui.helpers import seeded_game

GAMES = [("bauhaus", 4), ("bits", 3), ("buizen", 4), ("blokus", 4)]


def _numbered(out: str) -> list[str]:
    return [line for line in out.splitlines() if line[:4].strip().rstrip(".").isdigit()]


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_log_of_a_finished_game_tells_every_move_with_everything(
    game_id: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = seeded_game(game_id, players, seed=7, save_path=tmp_path / "game.json")
    assert match.over
    assert main(["replay", str(tmp_path / "game.json"), "--log"]) == 0
    lines = _numbered(capsys.readouterr().out)
    history = match.history
    names = [seat.name for seat in match.setup.seats]
    assert len(lines) == len(history.steps)
    for number, (line, step) in enumerate(zip(lines, history.steps, strict=True), 1):
        assert line.startswith(f"{number:>3}. ")
        assert names[step.seat] in line
        # The game is over: each move is told as an observer who sees everything would be told it.
        told = games.describe_move(
            game_id, history.states[number - 1], step.move, mover=step.seat, viewer=None, names=names
        )
        assert told in line


@pytest.mark.parametrize(("game_id", "players", "secrets"), [("bits", 3, True), ("buizen", 4, False)])
def test_log_of_an_unfinished_game_tells_only_what_the_human_knew(
    game_id: str, players: int, secrets: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = seeded_game(game_id, players, seed=3, stop_after=20, save_path=tmp_path / "game.json")
    assert not match.over
    assert main(["replay", str(tmp_path / "game.json"), "--log"]) == 0
    out = capsys.readouterr().out
    assert "told as Anni saw it" in out
    lines = _numbered(out)
    history = match.history
    names = [seat.name for seat in match.setup.seats]
    secret = 0
    for number, (line, step) in enumerate(zip(lines, history.steps, strict=True), 1):
        before = history.states[number - 1]
        as_anni = games.describe_move(game_id, before, step.move, mover=step.seat, viewer=0, names=names)
        everything = games.describe_move(game_id, before, step.move, mover=step.seat, names=names)
        # A Bits placement is shown once a step from it on showed the tiles: then it is told in full.
        shown = game_id == "bits" and any(later.revealed for later in history.steps[number - 1 :])
        assert (everything if shown else as_anni) in line
        secret += everything not in line
    # Bits hides where the others put a tile until all have placed: the log kept that secret. (A
    # Buizen sentence never names the tiles drawn, whoever it is for; told as Anni saw it, it only
    # calls her own tiles "your", so it differs from the observer's without hiding anything.)
    if secrets:
        assert secret > 0


def test_a_broken_file_gives_the_same_line_in_every_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seeded_game("blokus", 4, seed=2, stop_after=6, save_path=tmp_path / "good.json")
    data = json.loads((tmp_path / "good.json").read_text())
    data["moves"][3] = data["moves"][2]  # the same cells twice: no longer legal
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    truncated = tmp_path / "cut.json"
    truncated.write_text((tmp_path / "good.json").read_text()[:40])
    for path in (bad, truncated, tmp_path / "missing.json"):
        assert main(["replay", str(path)]) == 1
        plain = capsys.readouterr().err
        assert plain.count("\n") == 1
        for mode in ("--log", "--view"):
            assert main(["replay", str(path), mode]) == 1
            assert capsys.readouterr().err == plain


def test_view_opens_the_replay_viewer_and_closes_with_it(
    fresh_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = seeded_game("buizen", 3, seed=5, save_path=tmp_path / "game.json")
    shown: list[ReplayScene] = []
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)

    class Spy(ReplayScene):
        def draw(self, surface: pygame.Surface) -> None:
            super().draw(surface)
            if not shown:  # drawn once: now the player presses Esc, through the real event queue
                pygame.event.post(escape)
            shown.append(self)

    # The session's window stands in for a new one (a second set_mode can crash the dummy driver).
    monkeypatch.setattr(app_main, "App", lambda **kwargs: fresh_app)
    monkeypatch.setattr(app_main, "ReplayScene", Spy)
    monkeypatch.setattr(pygame, "quit", lambda: None)
    pygame.event.clear()
    assert main(["replay", str(tmp_path / "game.json"), "--view"]) == 0
    assert shown and shown[0].moves == len(match.history.steps)
    assert not fresh_app.stack and not fresh_app.running
