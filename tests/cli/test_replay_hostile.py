"""``bauhausbox replay FILE`` on whatever FILE is: one line on stderr and exit 1, never a traceback
and never a hang; and a save the app refuses, replay refuses too (the same reader and checks)."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from bauhausbox.cli import main
from tests.persistence.test_hostile_files import BAD_SETUPS, _good_save


@pytest.fixture(autouse=True)
def private_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BAUHAUSBOX_HOME", str(tmp_path / "home"))


def _refused(argument: str, capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``replay argument`` (in a thread, so a hang fails the test instead of stopping it)."""
    codes: list[int] = []
    worker = threading.Thread(target=lambda: codes.append(main(["replay", argument])), daemon=True)
    worker.start()
    worker.join(20)
    assert not worker.is_alive(), "replay hangs"
    out, err = capsys.readouterr()
    assert codes == [1]
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("bauhausbox: ") and "Traceback" not in err
    return err


def _deep(path: Path) -> None:
    path.write_text("[" * 100_000 + "]" * 100_000)


def _huge(path: Path) -> None:
    path.write_text('{"schema_version": 1, "seed": ' + "7" * 5000 + "}")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()


@pytest.mark.parametrize(
    ("plant", "reason"),
    [
        (_deep, "nested too deeply"),
        (_huge, "cannot be read"),
        (_fifo, "not an ordinary file"),
        (_folder, "folder"),
    ],
)
def test_replay_refuses_what_is_not_a_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], plant: object, reason: str
) -> None:
    path = tmp_path / "thing.json"
    assert callable(plant)
    plant(path)
    assert reason in _refused(str(path), capsys)
    assert os.path.lexists(path)  # replay only reads: nothing is moved or changed


@pytest.mark.parametrize(
    ("argument", "reason"), [("", "folder"), ("x" * 300, "name is too long"), ("missing.json", "missing")]
)
def test_replay_refuses_odd_names(argument: str, reason: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert reason in _refused(argument, capsys)


@pytest.mark.parametrize("case", list(BAD_SETUPS))
def test_replay_refuses_every_save_the_app_refuses(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    change, reason = BAD_SETUPS[case]
    data = json.loads(_good_save(7, 2).read_text())
    change(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    assert reason in _refused(str(path), capsys)
