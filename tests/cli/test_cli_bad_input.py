"""Bad command-line input: every subcommand answers with exactly one line on stderr and exit status 2.

The cases run in-process through ``cli.main`` (fast). Anything a command would start (the window,
self-play games, the puzzle solver, the benchmarks) is replaced by a recorder, so a bad value that
slipped through shows up as started work instead of hanging the suite. Unexpected errors get one line
and exit status 1; ``--debug`` and ``BAUHAUSBOX_DEBUG`` keep the traceback for developers. ``smoke``
and ``bench`` leave no temporary folder behind, even when they fail.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bauhausbox import bench, cli
from bauhausbox.games.blokus.puzzles.tools import cli as puzzle_cli

HUGE = "9" * 5000  # more digits than int() reads by default
LONG = "x" * 100_000

BAD_INPUT: list[tuple[list[str], str]] = [
    # top level
    (["nosuch"], "invalid choice"),
    ([""], "invalid choice"),
    (["--frobnicate"], "unrecognized arguments"),
    (["--windowed", "selfplay"], "required"),
    # play: refused before any window opens
    (["play"], "required"),
    (["play", "nosuch"], "invalid choice"),
    (["play", "bauhaus", "--players", "0"], "--players"),
    (["play", "bauhaus", "--players", "-3"], "--players"),
    (["play", "bauhaus", "--players", ""], "--players"),
    (["play", "bauhaus", "--players", "two"], "--players"),
    (["play", "bauhaus", "--players", HUGE], "--players"),
    (["play", "bauhaus", "--players", "5"], "Bauhaus is for 2 to 4 players, not 5"),
    (["play", "bauhaus", "--seed", "-1"], "--seed"),
    (["play", "bauhaus", "--seed", "nan"], "--seed"),
    (["play", "bauhaus", "--seed", HUGE], "--seed"),
    (["play", "bauhaus", "--seed", str(2**64)], "--seed"),
    (["play", "bauhaus", "--seats", ""], "seats"),
    (["play", "bauhaus", "--seats", "human,wizard"], "must be 'human' or 'ai:LEVEL'"),
    (["play", "bauhaus", "--seats", "human,ai:grandmaster"], "unknown level"),
    (["play", "bauhaus", "--seats", "human," + LONG], "seat"),
    (["play", "bauhaus", "--option", "powers=maybe"], "option powers must be one of"),
    (["play", "bauhaus", "--option", "nosuch=1"], "no option"),
    (["play", "bauhaus", "--option", "=1"], "KEY=VALUE"),
    (["play", "bauhaus", "--option", ""], "KEY=VALUE"),
    # selfplay: refused before a game is built
    (["selfplay", "bits"], "--players"),
    (["selfplay", "nosuch", "--players", "2"], "invalid choice"),
    (["selfplay", "bits", "--players", "2", "--levels", ""], "--levels"),
    (["selfplay", "bits", "--players", "2", "--levels", "easy,,hard"], "--levels"),
    (["selfplay", "bits", "--players", "2", "--levels", "medium,"], "--levels"),
    (["selfplay", "bits", "--players", "2", "--levels", " , "], "--levels"),
    (["selfplay", "bits", "--players", "2", "--levels", "grandmaster"], "unknown level"),
    (["selfplay", "bits", "--players", "2", "--levels", LONG], "unknown level"),
    (["selfplay", "bits", "--players", "0"], "--players"),
    (["selfplay", "bits", "--players", "-1"], "--players"),
    (["selfplay", "bits", "--players", "1.5"], "--players"),
    (["selfplay", "bits", "--players", "5"], "Bits is for 1 to 4 players, not 5"),
    (["selfplay", "bits", "--players", "2", "--games", "0"], "--games"),
    (["selfplay", "bits", "--players", "2", "--games", "-5"], "--games"),
    (["selfplay", "bits", "--players", "2", "--games", "inf"], "--games"),
    (["selfplay", "bits", "--players", "2", "--jobs", "0"], "--jobs"),
    (["selfplay", "bits", "--players", "2", "--jobs", "-1"], "--jobs"),
    (["selfplay", "bits", "--players", "2", "--seconds", "-1"], "--seconds"),
    (["selfplay", "bits", "--players", "2", "--seconds", "0"], "--seconds"),
    (["selfplay", "bits", "--players", "2", "--seconds", "nan"], "--seconds"),
    (["selfplay", "bits", "--players", "2", "--seconds", "inf"], "--seconds"),
    (["selfplay", "bits", "--players", "2", "--seconds", "-inf"], "--seconds"),
    (["selfplay", "bits", "--players", "2", "--seconds", "1e999"], "--seconds"),
    (["selfplay", "bits", "--players", "2", "--seconds", ""], "--seconds"),
    (["selfplay", "bits", "--players", "2", "--seed", "-1"], "--seed"),
    (["selfplay", "bits", "--players", "2", "--seed", "one"], "--seed"),
    (["selfplay", "bits", "--players", "2", "--option", "x"], "KEY=VALUE"),
    (["selfplay", "bits", "--players", "2", "--option", "nosuch=1"], "no option"),
    (["selfplay", "bits", "--players", "2", "--no-such-flag"], "unrecognized"),
    # replay (only the arguments; reading the file is checked elsewhere)
    (["replay"], "required"),
    # puzzle: refused before the solver runs
    (["puzzle"], "required"),
    (["puzzle", "frobnicate"], "invalid choice"),
    (["puzzle", "solve", "nosuch"], "invalid choice"),
    (["puzzle", "solve", "tetromino", "--time-limit", "nan"], "--time-limit"),
    (["puzzle", "solve", "tetromino", "--time-limit", "inf"], "--time-limit"),
    (["puzzle", "solve", "tetromino", "--time-limit", "-1"], "--time-limit"),
    (["puzzle", "solve", "tetromino", "--time-limit", "0"], "--time-limit"),
    (["puzzle", "solve", "tetromino", "--time-limit", ""], "--time-limit"),
    (["puzzle", "solve", "tetromino", "--time-limit", LONG], "--time-limit"),
    (["puzzle", "generate", "tetromino"], "--out"),
    (["puzzle", "generate", "tetromino", "--out", ""], "--out"),
    (["puzzle", "generate", "tetromino", "--out", "{tmp}"], "is a folder"),
    (["puzzle", "generate", "tetromino", "--out", "{tmp}/missing/out.json"], "does not exist"),
    (["puzzle", "generate", "tetromino", "--out", "{tmp}/out.json", "--count", "0"], "--count"),
    (["puzzle", "generate", "tetromino", "--out", "{tmp}/out.json", "--time-limit", "nan"], "--time-limit"),
    (["puzzle", "generate", "tetromino", "--out", "{tmp}/out.json", "--seed", "-1"], "--seed"),
    # bench
    (["bench", "nosuch"], "unknown section 'nosuch'"),
    (["bench", "--quick", ""], "unknown section"),
    (["bench", "app", "--game", "blokus-puzzles"], "unknown game 'blokus-puzzles'"),
]


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Whatever real work a command starts is recorded here instead of done."""
    import bauhausbox.app_main as app_module

    calls: list[str] = []

    def recorder(name: str) -> Callable[..., Any]:
        def record(*args: object, **kwargs: object) -> Any:
            calls.append(name)
            raise RuntimeError(f"{name} started")

        return record

    monkeypatch.setattr(app_module, "run_app", recorder("window"))
    monkeypatch.setattr(cli, "_selfplay_one", recorder("selfplay game"))
    monkeypatch.setattr(puzzle_cli, "solve", recorder("puzzle solver"))
    monkeypatch.setattr(bench, "main", recorder("benchmarks"))
    monkeypatch.delenv("BAUHAUSBOX_DEBUG", raising=False)
    return calls


def _one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {len(lines)}: {err[:500]!r}"
    assert len(lines[0]) <= 500, "an error line must not grow with the input"
    return lines[0]


@pytest.mark.parametrize(
    ("argv", "says"), BAD_INPUT, ids=[" ".join(argv)[:60] or "empty command" for argv, _ in BAD_INPUT]
)
def test_bad_input_gets_one_line_and_exit_2(
    argv: list[str], says: str, tmp_path: Path, started: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in argv]
    code = cli.main(argv)
    out, err = capsys.readouterr()
    line = _one_line(err)
    assert code == 2, f"exit status {code}: {line}"
    assert says in line
    assert line.startswith("bauhausbox")
    assert not started, f"bad input started {started}"
    assert out == ""


def test_a_fifo_is_no_output_file(tmp_path: Path, started: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "solutions.json"
    os.mkfifo(fifo)
    assert cli.main(["puzzle", "generate", "tetromino", "--out", str(fifo)]) == 2
    assert "not a regular file" in _one_line(capsys.readouterr().err)


# Counts that would eat memory or processes if anything were built before the check: run in a child
# process with a memory limit, so a regression fails fast (MemoryError, exit 1) instead of
# swapping the machine.
HUGE_COUNTS: list[tuple[list[str], str]] = [
    (["selfplay", "bits", "--players", "1000000000000", "--levels", "random"], "Bits is for 1 to 4 players"),
    (["play", "bauhaus", "--players", "1000000000000"], "Bauhaus is for 2 to 4 players"),
    (["selfplay", "bits", "--players", "2", "--games", "10000000000"], "--games"),
    (["selfplay", "bits", "--players", "2", "--jobs", "100000"], "--jobs"),
    (["puzzle", "generate", "tetromino", "--out", "unused.json", "--count", "10000000000"], "--count"),
]
_CHILD = """
import contextlib, io, json, sys
import bauhausbox.app_main, bauhausbox.bench
from bauhausbox import cli
from bauhausbox.games.blokus.puzzles.tools import cli as puzzle_cli

def started(*args, **kwargs):
    raise RuntimeError("started real work")

bauhausbox.app_main.run_app = cli._selfplay_one = puzzle_cli.solve = bauhausbox.bench.main = started
try:
    import resource
    with open("/proc/self/statm") as statm:
        in_use = int(statm.read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (in_use + (512 << 20), resource.RLIM_INFINITY))
except (ImportError, OSError):
    pass  # no limit where the platform has none; the checks still run
results = []
for argv in json.loads(sys.argv[1]):
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = cli.main(argv)
    results.append((code, err.getvalue()))
print(json.dumps(results))
"""


def test_huge_counts_are_refused_before_anything_is_built(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps([argv for argv, _ in HUGE_COUNTS])],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(cli.__file__).parents[1])},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    for (argv, says), (code, err) in zip(HUGE_COUNTS, json.loads(result.stdout), strict=True):
        line = _one_line(err)
        assert (code, says in line) == (2, True), f"{argv}: exit {code}, {line}"


def test_an_unexpected_error_is_one_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(args: object) -> int:
        raise ZeroDivisionError("integer modulo by zero\nsecond line")

    monkeypatch.setattr(cli, "_selfplay", broken)
    monkeypatch.delenv("BAUHAUSBOX_DEBUG", raising=False)
    argv = ["selfplay", "bits", "--players", "2"]
    assert cli.main(argv) == 1
    line = _one_line(capsys.readouterr().err)
    assert "ZeroDivisionError: integer modulo by zero second line" in line and "--debug" in line
    # Developers get the traceback back.
    with pytest.raises(ZeroDivisionError):
        cli.main(["--debug", *argv])
    monkeypatch.setenv("BAUHAUSBOX_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        cli.main(argv)


def test_generate_never_overwrites_a_file_it_cannot_read(
    tmp_path: Path, started: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    for text in ("not json", '{"solutions": 5}', "[" * 100_000 + "]" * 100_000, '{"solutions": [[1]]}'):
        out = tmp_path / "out.json"
        out.write_text(text)
        assert cli.main(["puzzle", "generate", "tetromino", "--out", str(out)]) == 1
        assert str(out) in _one_line(capsys.readouterr().err)
        assert out.read_text() == text
    assert not started


def test_generate_reports_a_failed_write_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    found = SimpleNamespace(status="found", seconds=0.0, placements=(SimpleNamespace(text="blue I4 a1 b1 c1 d1"),))
    monkeypatch.setattr(puzzle_cli, "solve", lambda *args, **kwargs: found)

    def disk_full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(puzzle_cli, "atomic_write_text", disk_full)
    assert cli.main(["puzzle", "generate", "tetromino", "--count", "1", "--out", str(tmp_path / "o.json")]) == 1
    captured = capsys.readouterr()
    assert "No space left on device" in _one_line(captured.err)


def test_smoke_leaves_no_temporary_folder(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "BAUHAUSBOX_HOME"}
    env.update(TMPDIR=str(tmp_path), PYTHONPATH=str(Path(cli.__file__).parents[1]))
    result = subprocess.run(
        [sys.executable, "-m", "bauhausbox", "smoke"], capture_output=True, text=True, timeout=120, env=env
    )
    assert result.returncode == 0, result.stderr
    assert "smoke ok" in result.stdout
    assert "network ok: bits across 2 clients on ws://127.0.0.1:" in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_a_failing_smoke_run_removes_its_folder_and_restores_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bauhausbox.smoke as smoke_module
    from bauhausbox.smoke import run_smoke

    homes: list[str] = []

    def failing_app(*args: object, **kwargs: object) -> None:
        homes.append(os.environ["BAUHAUSBOX_HOME"])
        raise RuntimeError("scene failed")

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.delenv("BAUHAUSBOX_HOME")
    monkeypatch.setattr(smoke_module, "open_app", failing_app)
    with pytest.raises(RuntimeError, match="scene failed"):
        run_smoke()
    assert homes and Path(homes[0]).parent == tmp_path  # the run used a folder of its own...
    assert list(tmp_path.iterdir()) == []  # ...and removed it
    assert "BAUHAUSBOX_HOME" not in os.environ


def test_bench_removes_its_folder_when_a_measurement_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    homes: list[str] = []

    def failing(quick: bool, home: str, thinking: object = (), at_once: bool = False) -> list[bench.Measurement]:
        homes.append(home)
        raise subprocess.TimeoutExpired("bauhausbox", 300)

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(bench, "_app_measurements", failing)
    with pytest.raises(subprocess.TimeoutExpired):
        bench.app_measurements(quick=True)
    assert homes and Path(homes[0]).parent == tmp_path
    assert list(tmp_path.iterdir()) == []
