"""Each log line across computers is marked by its own mover's colour: after an undo (a whole
view), and on a screen that comes to the table mid-game (a watcher, a player back after Continue),
the mirror's earlier positions are the real ones, not all the current one (Blokus reads a step's
colour from the position before it)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from bauhausbox.games.blokus.rules import BLUE, GREEN, RED, YELLOW
from bauhausbox.net import background, scripted
from bauhausbox.net.client import create_table
from bauhausbox.net.remote import RemoteTableAdapter, join_table
from bauhausbox.net.server import Server

# Two players: Anni plays blue and red, Bert yellow and green, in the order of the colours.
ORDER = [BLUE, YELLOW, RED, GREEN]


def settled(check: Any) -> bool:
    for _ in range(100):
        if check():
            return True
        time.sleep(0.05)
    return False


def caught_up(table: RemoteTableAdapter, moves: int) -> bool:
    """The screen has taken in the server's views up to ``moves`` moves (as its frames do)."""
    return settled(lambda: (table.run_computers(0.0), len(table.match.history.steps) == moves)[1])


def colours(table: RemoteTableAdapter) -> list[int]:
    history = table.match.history
    return [history.states[index].colour for index in range(history.cursor)]


def test_every_step_keeps_its_movers_colour_after_an_undo_and_on_a_new_screen(tmp_path: Path) -> None:
    loop = background.shared_loop()
    server = Server(tmp_path, computer_delay=0.0)
    loop.run(server.start("127.0.0.1", 0), 5.0)
    code = loop.run(create_table(server.url, "blokus", ["human", "human"], names=["Anni", "Bert"], watchers=True), 5.0)
    anni = join_table(server.url, code, [0], name="Anni")
    bert = join_table(server.url, code, [1], name="Bert")
    for turn in range(6):
        table = (anni, bert)[turn % 2]
        assert caught_up(table, turn) and table.match.to_play in table.remotes
        state = table.match.state
        table.play(table.game.legal_moves(state)[0])
    assert caught_up(anni, 6)
    assert colours(anni) == [ORDER[i % 4] for i in range(6)]
    # A screen that comes mid-game sees the whole table at once.
    watcher = join_table(server.url, code, [], watch=True)
    assert colours(watcher) == [ORDER[i % 4] for i in range(6)]
    assert all(step.move is not None for step in watcher.match.history.steps)
    # Bert takes back his move: every screen jumps back, each earlier step keeps its colour.
    bert.ask_undo()
    if anni.remotes[0].view is not None and anni.remotes[0].view.undo_request is not None:
        loop.run(anni.remotes[0].agree(), 5.0)
    for table in (anni, bert, watcher):
        assert caught_up(table, 5)
        assert colours(table) == [ORDER[i % 4] for i in range(5)]
    # Played to the end while the screens take no frame (every move comes in one view): every
    # screen's colours are the server's, step by step.
    loop.run(scripted.play_out([anni.remotes[0], bert.remotes[1]], random.Random(3), 3000, 5.0), 120.0)
    truth = server.tables[code].match.history
    expected = [truth.states[index].colour for index in range(truth.cursor)]
    late = join_table(server.url, code, [], watch=True)
    for table in (anni, bert, watcher, late):
        assert caught_up(table, len(expected))
        assert colours(table) == expected
    for table in (anni, bert, watcher, late):
        table.close()
    loop.run(server.close(), 10.0)
