"""The autosave's writer thread: the last move always reaches the disk, and a save file is always whole.

The app saves after every move on one writer thread (``persistence/writer.py``) so the window never
waits for the disk. These tests hold it to what the player relies on: a clean exit waits for the
last write (even a slow one), a later write of a file never loses to an earlier one, a removed save
never comes back, and a process killed at any moment while saving leaves a complete save file.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bauhausbox.engine.history import SeatSpec
from bauhausbox.match import Match
from bauhausbox.persistence import saves, store, writer

# A child process that plays a game of Bits move after move with the app's autosave, the disk made
# slow (each write waits), then ends at once, the usual way: the last save must still be written.
_PLAY_AND_EXIT = """
import sys, time
from bauhausbox.persistence import store
real = store.atomic_write_text
def slow(path, text):
    time.sleep(0.05)
    real(path, text)
store.atomic_write_text = slow
from bauhausbox.engine.history import SeatSpec
from bauhausbox.match import Match
seats = [SeatSpec('Anni'), SeatSpec('Josef')]
match = Match.start('bits', 2, seats, {}, 7)
for _ in range(int(sys.argv[1])):
    match.play(match.game.legal_moves(match.state)[0])
print(match.save_path)
print('|'.join(match.history.move_texts()))
"""

# A child that saves a growing game over and over, as fast as it can, until it is killed.
_SAVE_FOREVER = """
from bauhausbox.engine.history import SeatSpec
from bauhausbox.match import Match
seats = [SeatSpec('Anni'), SeatSpec('Josef'), SeatSpec('Ise'), SeatSpec('Walter')]
match = Match.start('blokus', 4, seats, {}, 3)
print(match.save_path, flush=True)
while True:
    if match.over:
        match.history.go_to(0)  # and again from the start (the next move drops the rest)
    match.play(match.game.legal_moves(match.state)[0])
"""


def _child_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["BAUHAUSBOX_HOME"] = str(home)
    env["BAUHAUSBOX_SEARCH_PROCESSES"] = "0"
    return env


def test_a_clean_exit_waits_for_the_last_moves_save(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PLAY_AND_EXIT, "12"],
        env=_child_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    path_line, moves_line = done.stdout.strip().splitlines()
    played = moves_line.split("|")
    assert len(played) == 12
    saved = store.read_model(Path(path_line), saves.SavedGame)
    assert saved.moves == played  # every move, the last one included


def test_a_killed_process_leaves_a_complete_save(tmp_path: Path) -> None:
    rng = random.Random(5)
    for _ in range(5):
        child = subprocess.Popen(
            [sys.executable, "-c", _SAVE_FOREVER],
            env=_child_env(tmp_path),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        path = Path(child.stdout.readline().strip())
        time.sleep(rng.uniform(0.3, 0.9))  # somewhere in the middle of a write, as often as not
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        loaded = saves.load_game(path)  # raises when the file is cut short or does not replay
        assert loaded.saved.game_id == "blokus"
        assert loaded.saved.moves, "the kill came before any move was saved: wait longer"


def test_the_latest_write_of_a_file_wins_and_a_removed_save_stays_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = threading.Event()
    real = store.atomic_write_text

    def held(path: Path, text: str) -> None:
        gate.wait(10)  # the disk is busy: every later job waits in the queue
        real(path, text)

    monkeypatch.setattr(store, "atomic_write_text", held)
    match = Match.start("bits", 2, [SeatSpec("Anni"), SeatSpec("Josef")], {}, 4)
    for _ in range(5):
        match.play(match.game.legal_moves(match.state)[0])
    other = Match.start("bits", 2, [SeatSpec("Ise"), SeatSpec("Walter")], {}, 4)
    gate.set()
    assert writer.flush(30)
    assert store.read_model(match.save_path, saves.SavedGame).moves == match.history.move_texts()
    assert store.read_model(other.save_path, saves.SavedGame).moves == []
    gate.clear()
    threading.Timer(0.2, gate.set).start()
    other.play(other.game.legal_moves(other.state)[0])  # queued, held by the busy disk
    saves.remove_game(other.save_path)  # a game left: its save goes, after the write queued
    assert not other.save_path.exists()
    assert writer.flush(30)
    assert not other.save_path.exists()


def test_a_failed_write_is_told_and_the_game_goes_on(tmp_path: Path) -> None:
    match = Match.start("bits", 2, [SeatSpec("Anni"), SeatSpec("Josef")], {}, 4)
    writer.flush()
    assert match.save_error is None
    match.save_path = tmp_path / "a folder" / "game.json"
    match.save_path.mkdir(parents=True)  # a folder where the file should go
    match.play(match.game.legal_moves(match.state)[0])
    writer.flush()
    assert match.save_error is not None and "Could not save the game" in str(match.save_error)
