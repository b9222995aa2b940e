"""No process outlives the app: killed with ``kill -9`` while its computer players think, the app
leaves nothing running (bauhausbox/engine/parent_watch.py) — neither the Blokus search pool, nor the
thinker of the other games, nor the multiprocessing resource tracker, nor the workers of
``selfplay --jobs``."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import processes

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process tree from /proc")

HARD_PAIR = ["--players", "2", "--seats", "ai:hard,ai:hard"]


def start(arguments: list[str], home: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, BAUHAUSBOX_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    # The suite thinks on threads (BAUHAUSBOX_SEARCH_PROCESSES=0); here the processes are the point, two
    # search workers even on a one-core machine (where the app's default would be none).
    env["BAUHAUSBOX_SEARCH_PROCESSES"] = "2"
    return subprocess.Popen(
        [sys.executable, "-m", "bauhausbox", *arguments],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("arguments", "children"),
    [
        # two search workers and the resource tracker
        (["play", "blokus", *HARD_PAIR], 3),
        # the thinker and the resource tracker
        (["play", "bauhaus", *HARD_PAIR], 2),
        # two games at once, each in a worker of its own
        (["selfplay", "bauhaus", "--players", "2", "--games", "4", "--levels", "hard", "--jobs", "2"], 2),
    ],
    ids=["blokus-pool", "bauhaus-thinker", "selfplay-jobs"],
)
def test_killing_the_app_leaves_no_process_running(arguments: list[str], children: int, tmp_path: Path) -> None:
    app = start(arguments, tmp_path)
    try:
        processes.wait_for_descendants(app, children, seconds=20)
        time.sleep(1.0)  # the computers are thinking
        family = processes.descendants(app.pid)
        assert len(family) >= children
    finally:
        survivors = processes.kill_and_list_survivors(app, processes.descendants(app.pid), seconds=5.0)
    assert survivors == []
