"""The Blokus hint is the move the game's analysis calls best in that position, in Duo as on the
classic board: asked of the table as every screen asks it, whatever time it is given, and the one
move the hint shows, says and plays."""

from __future__ import annotations

import random
import threading
import time
from concurrent.futures import Future
from typing import Any

import pygame
import pytest

from bauhausbox import games
from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.history import SeatSpec
from bauhausbox.games.blokus import analysis, hint
from bauhausbox.games.blokus.rules import GAME, BlokusState
from bauhausbox.games.blokus.variants import DUO
from bauhausbox.match import Match
from bauhausbox.table import Table
from tests.ui.helpers import frames, key, open_game, wait_until


def random_game(players: int, variant: str, seed: int) -> list[BlokusState]:
    """Every position of a game of random moves, to the end (passes come inside the moves)."""
    rng = random.Random(seed)
    state = GAME.new_game(players, seed, variant=variant)
    states = [state]
    while state.to_play is not None:
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
        states.append(state)
    return states


def analysis_move(states: list[BlokusState], position: int) -> int | None:
    """What the replay viewer's analysis prefers at ``position`` (its own seed for the position)."""
    run = analysis.Analysis(states, analysis.DEFAULT_WORK)
    found = analysis.estimate(lambda: False, states[position], position, run.work, run.seed_of(position))
    return found.preferred


def test_a_position_is_numbered_as_the_analysis_numbers_it() -> None:
    for players, variant in ((2, DUO), (4, "classic"), (3, "classic")):
        states = random_game(players, variant, 11)
        assert [hint.position_of(state) for state in states] == list(range(len(states)))


def test_the_hint_level_is_the_analysis_s_move_whatever_the_time() -> None:
    # A short time: a time-limited search (the hard level's, the hint before) finds another move.
    for players, variant, position in ((2, DUO, 6), (4, "classic", 9)):
        states = random_game(players, variant, 3)
        state = states[position]
        assert state.to_play is not None
        bot = games.make_bot("blokus", games.HINT, 17)
        move = bot.choose(GAME, state, state.to_play, Budget(0.2))
        assert move.index == analysis_move(states, position)


def test_the_table_s_hint_in_duo_is_shown_said_and_played_as_the_analysis_s_move() -> None:
    specs = [SeatSpec.from_text("human", "Anni"), SeatSpec.from_text("human", "Bert")]
    match = Match.start("blokus", 2, specs, {"variant": DUO}, 21, autosave=False)
    table: Table[Any, Any] = Table(match)
    rng = random.Random(21)
    for _ in range(5):
        table.present(match.to_play)
        table.play(rng.choice(GAME.legal_moves(match.state)))
    table.present(match.to_play)
    assert table.request_hint()  # as the screens ask it: the table's own level
    end = time.monotonic() + 120
    job = None
    while job is None and time.monotonic() < end:
        job = table.hint_answer()
        time.sleep(0.02)
    assert job is not None and job.move is not None
    assert job.move.index == analysis_move(list(match.history.states), 5)


def test_a_long_hint_search_keeps_saying_it_is_looking(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Duo hint may take longer than the first message lasts: the status bar goes on saying that
    a move is being looked for (not the controls, as if H had done nothing), then gives the hint."""
    release = threading.Event()
    answer = hint.HintBot.choose

    def slow(self: hint.HintBot, game: Any, view: Any, seat: Any, budget: Budget) -> Any:
        release.wait(30)
        return answer(self, game, view, seat, budget)

    monkeypatch.setattr(hint.HintBot, "choose", slow)
    scene = open_game(fresh_app, "blokus", 2, seats=["human", "human"], seed=2, options={"variant": DUO})
    frames(fresh_app, 2)
    key(fresh_app, pygame.K_h)
    scene.message_until = 0.0  # the first message's seconds are over
    assert scene.status_message() == "Looking for a good move…"
    release.set()
    assert wait_until(fresh_app, lambda: scene.hint_move is not None, 20_000)  # frames: a Duo search
    assert scene.status_message().startswith("Hint: place the blue")


class _TakenOver:
    """A search pool whose worker was taken over by another search part-way (its generation moved
    on): the estimate it hands back is a partial one, with some other move."""

    def __init__(self, partial: analysis.Estimate) -> None:
        self.partial = partial

    def ready(self) -> bool:
        return True

    def submit(self, fn: Any, *args: Any) -> tuple[Future[analysis.Estimate], int]:
        future: Future[analysis.Estimate] = Future()
        future.set_result(self.partial)
        return future, 1

    def cancel(self, generation: int) -> None:
        pass


def test_a_hint_search_cut_short_in_the_pool_is_run_whole_here() -> None:
    states = random_game(4, "classic", 3)
    position = 9
    expected = analysis_move(states, position)
    other = next(m.index for m in GAME.legal_moves(states[position]) if m.index != expected)
    partial = analysis.Estimate(position, states[position].to_play, (0.25,) * 4, other, 12, 300)
    workers: Any = _TakenOver(partial)
    move = hint.analysed_move(states[position], Budget(60), workers)
    assert move.index == expected
