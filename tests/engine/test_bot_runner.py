"""The bot runner thinks off the calling thread, honours its budget and minimum delay, and cancels."""

from __future__ import annotations

import time
from typing import Any

from bauhausbox.engine.bots.base import Budget, RandomBot, decision_times
from bauhausbox.engine.bots.runner import BotRunner
from tests.engine.toy import GAME


class SlowBot:
    """Thinks until its budget runs out, polling it like a search does."""

    name = "slow"

    def __init__(self) -> None:
        self.polls = 0

    def choose(self, game: Any, view: Any, seat: int, budget: Budget) -> Any:
        while not budget.expired():
            self.polls += 1
            time.sleep(0.002)
        budget.check()
        return "pass"

    def interject(self, game: Any, view: Any, seat: int, budget: Budget) -> Any:
        return None


def _wait(runner: BotRunner, seconds: float) -> Any:
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        job = runner.result()
        if job is not None:
            return job
        time.sleep(0.005)
    return None


def test_result_arrives_after_the_budget_and_the_caller_stays_free() -> None:
    runner = BotRunner()
    state = GAME.new_game(2, 1)
    started = time.perf_counter()
    runner.start(SlowBot(), GAME, GAME.view(state, 0), 0, token=1, seconds=0.15)
    assert time.perf_counter() - started < 0.05  # start() returns at once
    assert runner.result() is None
    job = _wait(runner, 2.0)
    assert job is not None and job.move == "pass" and job.token == 1
    assert time.perf_counter() - started >= 0.15


def test_minimum_delay_paces_fast_bots() -> None:
    runner = BotRunner()
    state = GAME.new_game(2, 1)
    started = time.perf_counter()
    runner.start(RandomBot(3), GAME, state, 0, token=2, seconds=1.0, min_delay=0.2)
    job = _wait(runner, 2.0)
    assert job is not None and job.move in ("draw", "pass")
    assert time.perf_counter() - started >= 0.2


def test_cancel_drops_the_job() -> None:
    runner = BotRunner()
    bot = SlowBot()
    runner.start(bot, GAME, GAME.new_game(2, 1), 0, token=3, seconds=5.0)
    time.sleep(0.05)
    runner.cancel()
    assert not runner.busy and runner.result() is None
    polls = bot.polls
    time.sleep(0.05)
    assert bot.polls <= polls + 1  # the thread saw the cancel flag and stopped


def test_a_crashing_bot_reports_an_error() -> None:
    class Broken(RandomBot):
        def choose(self, game: Any, view: Any, seat: int, budget: Budget) -> Any:
            raise ValueError("bad bot")

    runner = BotRunner()
    runner.start(Broken(), GAME, GAME.new_game(2, 1), 0, token=4, seconds=1.0)
    job = _wait(runner, 2.0)
    assert job is not None and job.move is None and "bad bot" in (job.error or "")


def test_decision_times_measure_each_position_with_a_seat_to_play() -> None:
    start = GAME.new_game(2, 1)
    finished = start
    while finished.to_play is not None:
        finished = GAME.apply(finished, GAME.legal_moves(finished)[0])
    ticks = iter(range(100))
    times = decision_times(GAME, RandomBot(3), [start, finished, start], 1.0, clock=lambda: next(ticks) * 0.5)
    assert times == [0.5, 0.5]  # the finished game has no seat to play, so it is skipped
