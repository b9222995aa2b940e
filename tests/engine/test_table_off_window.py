"""A computer's move reaches the table without the window's thread doing the costly part.

The frame in which a computer's move arrives used to apply it through the rules and write and sync
the save file on the window's thread (20–85 ms of wall time on a loaded machine: a dropped frame).
Now the bot's thread applies the move to the position it was computed for and the writer thread
saves; the window's thread only commits the result. These tests watch which thread runs the rules'
``apply`` and the save's write for every computer move of short games.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from bauhausbox.engine.history import SeatSpec
from bauhausbox.match import Match
from bauhausbox.persistence import saves, store, writer
from bauhausbox.table import Played, Table


@pytest.mark.parametrize(("game_id", "players"), [("bauhaus", 2), ("bits", 2), ("buizen", 3), ("blokus", 2)])
def test_the_window_thread_never_applies_or_saves_a_computer_move(
    game_id: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = [SeatSpec(f"C{i}", "ai", "random") for i in range(players)]
    table: Table[Any, Any] = Table(Match.start(game_id, players, seats, {}, 11))
    window = threading.current_thread()
    applied_here: list[Any] = []
    written_here: list[Path] = []
    applies = 0
    real_apply = table.game.apply

    def apply(state: Any, move: Any, seat: Any = None) -> Any:
        nonlocal applies
        applies += 1
        if threading.current_thread() is window:
            applied_here.append(move)
        return real_apply(state, move, seat)

    real_write = store.atomic_write_text

    def write(path: Path, text: str) -> None:
        if threading.current_thread() is window:
            written_here.append(path)
        real_write(path, text)

    monkeypatch.setattr(table.game, "apply", apply)  # this table's rules object only
    monkeypatch.setattr(store, "atomic_write_text", write)
    writer.flush()  # the first save, queued by Match.start, is not a computer move
    played = 0
    for _ in range(20000):
        if played >= 12 or table.match.over:
            break
        for event in table.run_computers(0.0):
            assert isinstance(event, Played), event
            played += 1
        threading.Event().wait(0.001)
    assert played >= 12
    assert applies >= played  # the watch saw the moves being applied (on the bots' threads)
    assert applied_here == [], f"the window's thread applied {len(applied_here)} computer moves"
    assert written_here == [], f"the window's thread wrote {written_here}"
    writer.flush()
    loaded = saves.load_game(table.match.save_path)
    assert loaded.saved.moves == table.match.history.move_texts()  # and every move reached the disk
