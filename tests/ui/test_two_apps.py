"""Two copies of the app on one computer, each with its own ``BAUHAUSBOX_HOME`` and language: one
hosts a four-player table of every game (a seat for a player at another computer, two computers),
the other joins it through its Join screen under a name typed there, and both play random legal
moves from their own seat's view for some turns. Each copy is a real app process drawing real
frames (dummy video driver), driven by ``tests/ui/two_apps.py``; every wait is bounded.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
STEPS = 12
SECONDS = 60.0


def _copy(role: str, game: str, home: Path, language: str, out: Path, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ, BAUHAUSBOX_HOME=str(home), BAUHAUSBOX_LANG=language)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BAUHAUSBOX_SEARCH_PROCESSES="0")
    env.pop("BAUHAUSBOX_RAISE", None)  # as a player runs it: a bug in a scene is a toast, not a crash
    command = [sys.executable, "-m", "tests.ui.two_apps", role, game, str(out), "--steps", str(STEPS)]
    return subprocess.Popen(
        [*command, "--seconds", str(SECONDS), *extra],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def _line(stream: IO[str] | None) -> dict[str, Any]:
    assert stream is not None
    for line in stream:
        if line.startswith("{"):
            found: dict[str, Any] = json.loads(line)
            return found
    raise AssertionError("the copy ended without saying anything")


@pytest.mark.parametrize("game", ["bauhaus", "bits", "blokus", "buizen"])
def test_two_copies_of_the_app_play_at_one_table(tmp_path: Path, game: str) -> None:
    out = tmp_path / "shots"
    host = _copy("host", game, tmp_path / "host", "en", out)
    guest = None
    try:
        invitation = _line(host.stdout)
        address = f"127.0.0.1:{invitation['port']}"
        guest = _copy("guest", game, tmp_path / "guest", "fr", out, "--address", address, "--code", invitation["code"])
        seen_by_guest = _line(guest.stdout)
        seen_by_host = _line(host.stdout)
        for copy in (host, guest):  # both have said what they show: they may leave
            assert copy.stdin is not None
            copy.stdin.write("done\n")
            copy.stdin.close()
        assert guest.wait(30) == 0 and host.wait(30) == 0
    finally:
        for copy in (host, guest):
            if copy is not None and copy.poll() is None:
                copy.kill()
    # Each screen in its own language, at its own seat, with the name the guest typed.
    assert (seen_by_host["language"], seen_by_guest["language"]) == ("en", "fr")
    assert seen_by_host["seats"] == [0] and seen_by_guest["seats"] == [1]
    for seen in (seen_by_host, seen_by_guest):
        assert seen["names"] == ["Anni", "Bérénice", "Cleo", "Dirk"], seen
        assert seen["steps"] >= STEPS or seen["situation"], seen
        assert seen["connected"][:2] == [True, True], seen
        assert Path(seen["shot"]).stat().st_size > 0
    # Both screens followed the same moves, each told in its own words.
    assert seen_by_host["steps"] >= STEPS and seen_by_guest["steps"] >= STEPS, (seen_by_host, seen_by_guest)
    assert seen_by_host["said"] and seen_by_guest["said"] and seen_by_host["said"] != seen_by_guest["said"]


def test_a_third_copy_watches_the_table(tmp_path: Path) -> None:
    """The host lets people watch; a third copy (French) watches through the Join screen's Watch
    button before the guest sits: it follows the moves told in its own words, plays nothing, says
    that it watches, and the players' status bars count it."""
    out = tmp_path / "shots"
    host = _copy("host", "bits", tmp_path / "host", "en", out, "--watchers")
    copies = [host]
    try:
        invitation = _line(host.stdout)
        where = ("--address", f"127.0.0.1:{invitation['port']}", "--code", invitation["code"])
        watcher = _copy("watcher", "bits", tmp_path / "watcher", "fr", out, *where)
        copies.append(watcher)
        assert watcher.stdout is not None
        for line in watcher.stdout:  # its screen is open before the guest sits down
            if line.strip() == "watching":
                break
        guest = _copy("guest", "bits", tmp_path / "guest", "fr", out, *where)
        copies.append(guest)
        seen = {"guest": _line(guest.stdout), "host": _line(host.stdout), "watcher": _line(watcher.stdout)}
        for copy in copies:
            assert copy.stdin is not None
            copy.stdin.write("done\n")
            copy.stdin.close()
        assert all(copy.wait(30) == 0 for copy in copies)
    finally:
        for copy in copies:
            if copy.poll() is None:
                copy.kill()
    watching = seen["watcher"]
    assert watching["seats"] == [-1] and watching["language"] == "fr"
    assert watching["names"] == ["Anni", "Bérénice", "Cleo", "Dirk"]
    assert watching["steps"] >= STEPS and watching["said"], watching
    assert watching["situation"] == "Vous regardez : seuls les joueurs peuvent jouer."
    assert not watching["may_act"]
    assert seen["host"]["watching"] == 1 and seen["host"]["count"].endswith("1 watching"), seen["host"]
    assert seen["guest"]["count"].endswith("1 spectateur"), seen["guest"]
