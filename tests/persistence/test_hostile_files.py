"""Every file bauhausbox reads, against every kind of hostile file: nothing raises but
``BrokenFileError``, nothing hangs, the file is kept as ``<name>.broken`` exactly as it was (file,
folder, FIFO or link), the player gets one notice naming it, and defaults are used.

Files: saves, settings, statistics, puzzle records, puzzle progress, Bits bests. The whole grid runs
in a few seconds.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.games.bits.records import bests
from bauhausbox.games.blokus.puzzles.records import best_times as puzzle_records
from bauhausbox.persistence import paths, saves, store
from bauhausbox.persistence.models import GamePreference, SeatPreference, Settings, Statistics
from bauhausbox.persistence.store import BrokenFileError


@pytest.fixture(autouse=True)
def private_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BAUHAUSBOX_HOME", str(tmp_path / "home"))
    store.take_notices()  # start each test with no notice left from another


# -- hostile things that can sit under a file's name -------------------------------------------------
def _write(content: bytes) -> Callable[[Path, pytest.MonkeyPatch], None]:
    def plant(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        path.write_bytes(content)

    return plant


def _directory(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("kept")


def _broken_link(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.symlink_to(path.with_name("nowhere.json"))


def _link_loop(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.symlink_to(path.name)


def _fifo(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    os.mkfifo(path)


def _gigantic(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with path.open("wb") as handle:  # sparse: costs no disk
        handle.truncate(store.MAX_FILE_BYTES + 1)


def _no_permission(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Tests may run as root, who reads anything; the refusal is what the operating system would say.
    path.write_text("{}")
    real_open = os.open

    def refuse(file: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(file) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)


HOSTILE: dict[str, Callable[[Path, pytest.MonkeyPatch], None]] = {
    "truncated": _write(b'{"schema_version": 1, "game_id": "bauhaus", "pla'),
    "empty": _write(b""),
    "not utf-8": _write(b"\xff\xfe\x00{}"),
    "not json": _write(b"a saved game, honest"),
    "nested list": _write(b"[" * 100_000 + b"]" * 100_000),
    "nested object": _write(b'{"a":' * 100_000 + b"1" + b"}" * 100_000),
    "huge integer": _write(b'{"schema_version": ' + b"9" * 5000 + b"}"),
    "NaN": _write(b'{"volume": NaN, "seed": NaN}'),
    "wrong type": _write(b"[1, 2, 3]"),
    "folder": _directory,
    "broken link": _broken_link,
    "link loop": _link_loop,
    "fifo": _fifo,
    "gigantic": _gigantic,
    "no permission": _no_permission,
}


def _kind(path: Path) -> tuple[str, Any]:
    """What sits at ``path``, precisely enough to see it was kept unchanged."""
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        return "link", os.readlink(path)
    if stat.S_ISDIR(mode):
        return "folder", sorted(p.name for p in path.iterdir())
    if stat.S_ISFIFO(mode):
        return "fifo", None
    return "file", os.stat(path).st_size if os.stat(path).st_size > 1_000_000 else path.read_bytes()


# -- the files, each with the loader the app uses --------------------------------------------------
def _load_settings(folder: Path) -> object:
    assert saves.load_settings() == Settings()
    return None


def _load_statistics(folder: Path) -> object:
    assert saves.load_statistics() == Statistics()
    return None


def _load_records(folder: Path) -> object:
    assert puzzle_records.load_records(folder) == puzzle_records.PuzzleRecords()
    return None


def _load_bests(folder: Path) -> object:
    assert bests.load(folder) == bests.SoloBests()
    return None


TARGETS: dict[str, tuple[Callable[[], Path], Callable[[Path], object]]] = {
    "settings": (paths.settings_file, _load_settings),
    "statistics": (paths.stats_file, _load_statistics),
    "puzzle records": (lambda: paths.data_dir() / "puzzles" / puzzle_records.RECORDS_FILE, _load_records),
    "bits bests": (lambda: paths.data_dir() / bests.FILE_NAME, _load_bests),
}


@pytest.mark.parametrize("hostile", list(HOSTILE))
@pytest.mark.parametrize("target", list(TARGETS))
def test_a_hostile_file_is_kept_reported_and_defaults_are_used(
    target: str, hostile: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    locate, load = TARGETS[target]
    path = locate()
    path.parent.mkdir(parents=True, exist_ok=True)
    HOSTILE[hostile](path, monkeypatch)
    before = _kind(path)
    load(path.parent if target != "puzzle progress" else path.parent.parent)
    kept = path.with_name(path.name + ".broken")
    assert not os.path.lexists(path)
    assert _kind(kept) == before  # set aside exactly as it was: nothing is lost
    [notice] = store.take_notices()  # the player is told once, naming the file and where it went
    assert path.name in notice.message and kept.name in notice.message


def _good_save(seed: int, moves: int) -> Path:
    game = games.load("blokus")
    setup = Setup("blokus", 2, seed, (SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")), game.normalize_options(2, {}))
    history = History(game, setup.new_state(game))
    for _ in range(moves):
        history.play(game.legal_moves(history.state)[0])
    path = saves.new_save_path("blokus")
    saves.write_game(path, setup, history)
    return path


@pytest.mark.parametrize("hostile", list(HOSTILE))
def test_a_hostile_save_does_not_hide_the_others(hostile: str, monkeypatch: pytest.MonkeyPatch) -> None:
    good = _good_save(5, 2)
    bad = paths.saves_dir() / "blokus-hostile.json"
    HOSTILE[hostile](bad, monkeypatch)
    summaries, problems = saves.list_saves()
    assert [s.path for s in summaries] == [good]
    assert [p.path for p in problems] == [bad]
    with pytest.raises(BrokenFileError):
        saves.load_game(bad)
    before = _kind(bad)
    notice = saves.quarantine(problems[0])
    assert notice is not None and notice.kept_as is not None
    assert _kind(notice.kept_as) == before
    assert saves.list_saves() == ([summaries[0]], [])


def test_a_date_without_time_zone_sorts_with_the_others() -> None:
    """An ``updated`` without a time zone once made sorting the saves raise TypeError."""
    first = _good_save(5, 1)
    second = _good_save(6, 2)
    data = json.loads(second.read_text())
    data["updated"] = "2030-01-01T10:00:00"  # newer than the other, and naive
    second.write_text(json.dumps(data))
    summaries, problems = saves.list_saves()
    assert problems == []
    assert [s.path for s in summaries] == [second, first]
    assert saves.load_game(second).saved.updated.tzinfo is not None


# -- a save must fit its game ------------------------------------------------------------------------
def _save_data() -> dict[str, Any]:
    return json.loads(_good_save(7, 2).read_text())


def _edit(**changes: Any) -> Callable[[dict[str, Any]], None]:
    def apply(data: dict[str, Any]) -> None:
        data.update(changes)

    return apply


def _seat(index: int, **changes: Any) -> Callable[[dict[str, Any]], None]:
    def apply(data: dict[str, Any]) -> None:
        data["seats"][index].update(changes)

    return apply


BAD_SETUPS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "empty seats": (_edit(seats=[]), "seats"),
    "more seats than players": (_edit(players=1), "1 players but lists 2 seats"),
    "too many players for the game": (
        _edit(players=6, seats=[{"name": f"P{i}"} for i in range(6)]),
        "2 to 4 players",
    ),
    "unknown level": (_seat(1, level="godlike"), "level"),
    "unknown kind": (_seat(1, kind="robot"), "kind"),
    "unknown option": (_edit(options={"gravity": "off"}), "no option 'gravity'"),
    "bad option value": (_edit(options={"teams": "sometimes"}), "option teams must be"),
    "unknown game": (_edit(game_id="chess"), "unknown game"),
    "seed too large": (_edit(seed=2**70), "seed"),
    "name with NUL": (_seat(0, name="Ann\x00"), "cannot be shown"),
    "name with a lone surrogate": (_seat(0, name="Ann\ud800"), "cannot be shown"),
    "name of 10 MB": (_seat(0, name="A" * 1000), "longer than 24"),
    "empty name": (_seat(0, name="   "), "empty"),
    "date in year 1": (_edit(created="0001-01-01T00:00:00+00:00"), "date"),
}


@pytest.mark.parametrize("case", list(BAD_SETUPS))
def test_a_save_that_does_not_fit_its_game_is_broken(case: str) -> None:
    change, reason = BAD_SETUPS[case]
    data = _save_data()
    change(data)
    path = paths.saves_dir() / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(BrokenFileError, match=reason):
        saves.load_game(path)


# -- statistics and settings: what the screens rely on is checked when read ------------------------------
@pytest.mark.parametrize(
    "result",
    [
        {"players": ["A", "B"], "kinds": ["human", "human"], "scores": [], "winners": []},
        {"players": ["A", "B"], "kinds": ["human", "human"], "scores": [3], "winners": [0]},
        {"players": ["A", "B"], "kinds": ["human", "human"], "scores": [3, 4], "winners": [5]},
        {"players": [], "kinds": [], "scores": [], "winners": []},
        {"players": ["A\x00"], "kinds": ["human"], "scores": [1], "winners": [0]},
        {"players": ["A"], "kinds": ["human"], "scores": [10**30], "winners": [0]},
    ],
)
def test_a_result_the_record_box_cannot_show_makes_the_statistics_broken(result: dict[str, Any]) -> None:
    path = paths.stats_file()
    path.write_text(json.dumps({"games": {"bauhaus": {"started": 1, "finished": 1, "results": [result]}}}))
    assert saves.load_statistics() == Statistics()
    assert path.with_name("statistics.json.broken").exists()


def test_bad_remembered_names_and_levels_are_replaced_and_the_original_kept() -> None:
    path = paths.settings_file()
    original = {
        "volume": 0.25,
        "player_names": ["Ann", "x" * 10_000, "Bob\x00", "Cy"],
        "last_setups": {
            "bauhaus": {"players": 2, "seats": [{"name": "Ann\ud800", "kind": "ai", "level": "godlike"}]},
            "chess": {"players": 2},
            "blokus": {"players": 99},
        },
    }
    path.write_text(json.dumps(original))
    settings = saves.load_settings()
    assert settings.volume == 0.25  # the rest of the file is used
    assert settings.player_names == ["Ann", "Cy"]
    seat = settings.last_setups["bauhaus"].seats[0]
    assert (seat.name, seat.level) == ("Player", "medium")
    assert set(settings.last_setups) == {"bauhaus"}
    [notice] = store.take_notices()
    assert "settings.json" in notice.message and "settings.json.broken" in notice.message
    assert json.loads(path.with_name("settings.json.broken").read_text()) == original


# -- writing ---------------------------------------------------------------------------------------
def test_the_folder_is_fsynced_after_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[bool] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    store.write_model(tmp_path / "settings.json", Settings())
    assert synced == [False, True]  # the file's data, then the folder holding the new name


def test_every_file_is_written_through_the_atomic_writer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    real = store.atomic_write_text

    def spy(path: Path, text: str) -> None:
        written.append(path.name)
        real(path, text)

    monkeypatch.setattr(store, "atomic_write_text", spy)
    records = puzzle_records.PuzzleRecords().with_completion("tetromino", 10.0, saves.now())
    puzzle_records.save_records(tmp_path, records)
    bests.record(tmp_path, bests.make_result(1, [5, 5, 5]))
    saves.update_statistics(lambda stats: stats.started("bits"))
    saves.save_settings(Settings())
    assert written == [
        "puzzle-records.json",
        "bits-solo-bests.json",
        "statistics.json",
        "settings.json",
    ]


def test_temporary_files_left_by_a_kill_are_removed_at_start() -> None:
    folders = [
        paths.config_dir(),
        paths.data_dir(),
        paths.saves_dir(),
        paths.data_dir() / "puzzles",
    ]
    leftovers = []
    for number, folder in enumerate(folders):
        folder.mkdir(parents=True, exist_ok=True)
        leftovers.append(folder / f".thing{number}.json.a8Xk2_.tmp")  # from write_model
        leftovers.append(folder / "puzzle-records.jsonq1w2e3.tmp")  # from older versions
    for leftover in leftovers:
        leftover.write_text("{")
    keep = [paths.saves_dir() / "blokus-1.json", paths.config_dir() / "notes.tmp", paths.data_dir() / ".hidden"]
    for path in keep:
        path.write_text("{}")
    assert saves.clean_up_at_start() == len(leftovers)
    assert not any(p.exists() for p in leftovers)
    assert all(p.exists() for p in keep)


def test_settings_the_app_wrote_read_back_without_a_repair() -> None:
    settings = Settings(player_names=["Ann", "Bob"])
    settings.last_setups["bits"] = GamePreference(players=1, seats=[SeatPreference(name="")])  # a field left empty
    saves.save_settings(settings)
    assert saves.load_settings().last_setups["bits"].seats[0].name == "Player"
    assert store.take_notices() == []
    assert not paths.settings_file().with_name("settings.json.broken").exists()
