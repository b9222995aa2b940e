"""Computer players thinking in the thinker process (bauhausbox/games/thinker.py): the same moves as
on a thread, cancelled at once, and still playing if the process dies."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.bots.base import Budget, Cancelled
from bauhausbox.engine.history import SeatSpec, Setup
from bauhausbox.games import thinker


@pytest.fixture()
def processes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Processes on (the suite runs bots on threads), and the thinker stopped afterwards."""
    monkeypatch.setenv(thinker.PROCESSES_VARIABLE, "2")
    yield
    thinker.shutdown()


def opening(game_id: str) -> tuple[Any, Any, int]:
    game = games.load(game_id)
    seats = (SeatSpec("A", "ai", "hard"), SeatSpec("B", "ai", "hard"))
    state = Setup(game_id, 2, 3, seats, game.normalize_options(2, {})).new_state(game)
    return game, state, state.to_play


def test_a_seat_plays_the_same_moves_in_the_thinker_as_on_a_thread(processes: None) -> None:
    for game_id in ("bits", "bauhaus", "buizen"):
        game, state, _ = opening(game_id)
        remote = thinker.make_player(game_id, "medium", 7)
        local = games.make_bot(game_id, "medium", 7)
        assert isinstance(remote, thinker.RemoteBot)
        for _ in range(3):  # the bot is kept between moves, with whatever it remembers
            seat = state.to_play
            view = game.view(state, seat)
            move = remote.choose(game, view, seat, Budget(5.0))
            assert move == local.choose(game, view, seat, Budget(5.0))
            state = game.apply(state, move)


def test_cancelling_stops_the_thinking_at_once(processes: None) -> None:
    game, state, _ = opening("bauhaus")
    rng = random.Random(1)
    for _ in range(12):  # the middle of a game, where the search takes its time (about 0.7 s)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    seat = state.to_play
    remote = thinker.make_player("bauhaus", "expert", 1)
    assert isinstance(remote, thinker.RemoteBot)
    warm = thinker.make_player("bauhaus", "easy", 1)
    warm.choose(game, game.view(state, seat), seat, Budget(5.0))  # the thinker is up
    budget = Budget(60.0)
    outcome: list[str] = []

    def think() -> None:
        try:
            remote.choose(game, game.view(state, seat), seat, budget)
            outcome.append("move")
        except Cancelled:
            outcome.append("cancelled")

    worker = threading.Thread(target=think)
    worker.start()
    time.sleep(0.1)
    started = time.perf_counter()
    budget.cancel_event.set()
    worker.join(5.0)
    assert outcome == ["cancelled"] and time.perf_counter() - started < 1.0
    # The thinker dropped the search: the next question is answered at once, not after it.
    started = time.perf_counter()
    move = warm.choose(game, game.view(state, seat), seat, Budget(5.0))
    assert move in game.legal_moves(game.view(state, seat), seat)
    assert time.perf_counter() - started < 0.3


def test_a_dead_thinker_leaves_the_seat_playing_on_a_thread(processes: None) -> None:
    game, state, seat = opening("buizen")
    remote = thinker.make_player("buizen", "easy", 2)
    view = game.view(state, seat)
    first = remote.choose(game, view, seat, Budget(5.0))
    shared = thinker._shared()
    assert shared is not None
    shared.process.kill()
    shared.process.join(5.0)
    again = remote.choose(game, view, seat, Budget(5.0))
    assert again == first  # the same bot, now on a thread: the same answer to the same view


def test_bots_with_their_own_processes_and_tests_without_processes_stay_local(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(thinker.PROCESSES_VARIABLE, "0")
    assert not isinstance(thinker.make_player("bits", "hard", 1), thinker.RemoteBot)
