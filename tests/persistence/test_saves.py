"""Saves and settings on disk: round trips, atomic writes, and every kind of broken file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bauhausbox import games
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.persistence import saves, store
from bauhausbox.persistence.models import SAVE_SCHEMA_VERSION, SavedGame, Settings
from bauhausbox.persistence.store import BrokenFileError
from tests.engine.toy import GAME


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real_load = games.load
    monkeypatch.setattr(games, "load", lambda game_id: GAME if game_id == "toy" else real_load(game_id))
    monkeypatch.setitem(games.REGISTRY, "toy", games.GameEntry("toy", "tests.engine.toy", "scene:None", "Toy"))
    monkeypatch.setenv("BAUHAUSBOX_HOME", str(tmp_path))


def _played(moves: list[str]) -> tuple[Setup, History]:  # type: ignore[type-arg]
    setup = Setup("toy", 2, 11, (SeatSpec("Ann"), SeatSpec("Bot", "ai", "hard")))
    return setup, History.replay(GAME, setup, moves)


def test_save_and_load_round_trip_including_redo(tmp_path: Path) -> None:
    setup, history = _played(["draw", "pass", "@1 shout", "draw"])
    history.go_to(3)
    path = tmp_path / "game.json"
    saves.write_game(path, setup, history)
    loaded = saves.load_game(path)
    assert loaded.history.state == history.state
    assert loaded.history.move_texts() == ["draw", "pass", "@1 shout"]
    assert loaded.history.can_redo  # the undone last "draw" is still redoable
    assert loaded.saved.seats[1].level == "hard"
    assert json.loads(path.read_text())["schema_version"] == SAVE_SCHEMA_VERSION


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    store.write_model(path, Settings(volume=0.3))

    def crash(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        store.write_model(path, Settings(volume=0.9))
    monkeypatch.undo()
    assert store.read_model(path, Settings).volume == 0.3
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temp file left behind


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ('{"schema_version": 1, "game_id": "toy", "players": 2, "seed"', "not valid JSON"),
        ("", "empty"),
        ("this is not json", "not valid JSON"),
        ('{"schema_version": 99, "game_id": "toy", "players": 2, "seed": 1, "seats": []}', "different version"),
        (
            '{"schema_version": 1, "game_id": "toy", "players": 2, "seed": 1, "seats": [{"name": "A"}, '
            '{"name": "B"}], "moves": ["draw", "shout", "draw"]}',
            "no longer replay",
        ),
        ('{"schema_version": 1, "game_id": "chess", "players": 2, "seed": 1, "seats": []}', "unknown game"),
    ],
)
def test_broken_saves_are_explained_and_moved_aside(tmp_path: Path, content: str, reason: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(BrokenFileError, match=reason) as caught:
        saves.load_game(path)
    moved = saves.quarantine(caught.value)
    assert moved is not None and moved.kept_as == tmp_path / "bad.json.broken"
    assert moved.kept_as.read_text() == content and not path.exists()
    # A second broken file of the same name does not overwrite the first.
    path.write_text(content)
    again = saves.quarantine(BrokenFileError(path, reason))
    assert again is not None and again.kept_as == tmp_path / "bad.json.broken2"


def test_unknown_fields_are_ignored() -> None:
    data = {
        "schema_version": 1,
        "game_id": "toy",
        "players": 2,
        "seed": 1,
        "seats": [{"name": "A", "mood": "x"}, {"name": "B"}],
        "future_field": [1, 2],
    }
    saved = SavedGame.model_validate(data)
    assert saved.seats[0].name == "A"
    settings = Settings.model_validate({"volume": 0.5, "theme": "dark"})
    assert settings.volume == 0.5


def test_broken_settings_fall_back_to_defaults_and_are_kept(tmp_path: Path) -> None:
    settings_path = tmp_path / "config" / "settings.json"
    settings_path.parent.mkdir(parents=True)
    settings_path.write_text('{"volume": 7}')  # out of range
    store.take_notices()
    settings = saves.load_settings()
    assert settings == Settings()
    [notice] = store.take_notices()
    assert "settings.json.broken" in notice.message
    assert (tmp_path / "config" / "settings.json.broken").exists()


def test_latest_unfinished_and_listing(tmp_path: Path) -> None:
    setup, history = _played(["draw"])
    first = saves.new_save_path("toy")
    saves.write_game(first, setup, history)
    setup, finished = _played(["draw", "pass", "pass", "pass", "pass", "pass"])
    second = saves.new_save_path("toy")
    saves.write_game(second, setup, finished)
    (saves.new_save_path("toy").with_name("junk.json")).write_text("{")
    summaries, problems = saves.list_saves()
    assert {s.path for s in summaries} == {first, second}
    assert len(problems) == 1
    latest = saves.latest_unfinished()
    assert latest is not None and latest.path == first and latest.moves == 1


def test_finished_games_are_kept_fifty_per_game_with_their_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.REGISTRY, "toy2", games.GameEntry("toy2", "tests.engine.toy", "scene:None", "Toy 2"))
    setup, finished = _played(["draw", "pass", "pass", "pass", "pass", "pass"])
    other = Setup("toy2", setup.players, setup.seed, setup.seats)
    unfinished_setup, unfinished = _played(["draw"])
    others = [saves.new_save_path("toy2") for _ in range(3)]
    for path in others:  # another game's results, older than every toy game
        saves.write_game(path, other, finished)
    in_progress = saves.new_save_path("toy")
    saves.write_game(in_progress, unfinished_setup, unfinished)
    toys = [saves.new_save_path("toy") for _ in range(51)]
    for path in toys[:50]:
        saves.write_game(path, setup, finished)
    saves.prune_finished()
    assert all(path.exists() for path in [*toys[:50], *others, in_progress])  # 50 of a game: nothing goes
    saves.write_game(toys[50], setup, finished)  # the 51st finished toy game
    saves.prune_finished()
    assert not toys[0].exists()  # the oldest toy game goes ...
    assert all(path.exists() for path in [*toys[1:], *others, in_progress])  # ... and nothing else
    summaries, _ = saves.list_saves()
    newest = next(s for s in summaries if s.path == toys[50])
    assert newest.finished and newest.scores == tuple(GAME.scores(finished.state))
    assert next(s for s in summaries if s.path == in_progress).scores is None  # no result before the end


def test_the_listing_counts_turns_as_players_do() -> None:
    # Ann draws; Bot passes and then shouts (one turn of two decisions); Ann draws, then that draw is undone.
    setup, history = _played(["draw", "pass", "@1 shout", "draw", "draw"])
    history.go_to(4)
    path = saves.new_save_path("toy")
    saves.write_game(path, setup, history)
    (summary,), _ = saves.list_saves()
    assert (summary.moves, summary.turns) == (4, 3)
    older = json.loads(path.read_text())
    del older["turns"]  # a save written before turns were counted: the listing does not guess
    path.write_text(json.dumps(older))
    (summary,), _ = saves.list_saves()
    assert summary.turns is None
