"""Runs a bot off the UI thread with a time budget, cancellable (undo, quit), with paced results.

The screen calls :meth:`BotRunner.start` when a computer seat is to play, polls :meth:`result`
every frame and takes the move once it is ready *and* the minimum display delay has passed, so
people can follow computer moves. Cancelling sets the budget's flag; the thread's result is dropped.
A ``then`` given to :meth:`BotRunner.start` runs on the same thread with the move (the table applies
it to the position it was computed for there), so the window's frame only takes the result.
"""

from __future__ import annotations

import contextlib
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bauhausbox.engine.api import GameRules, Seat
from bauhausbox.engine.bots.base import Bot, Budget, Cancelled


@dataclass
class BotJob:
    seat: Seat
    token: int  # the history position the job was started for; stale results are ignored
    budget: Budget
    started: float
    min_delay: float
    move: Any = None
    error: str | None = None
    done: bool = False
    interjection: bool = False
    # With ``whole_turn``: every move the seat makes in a row from the view, ``move`` first (a hint
    # that is a whole turn: Bauhaus's card and what it does).
    line: tuple[Any, ...] = ()
    # What ``then`` made of the move on the bot's thread, or the error it raised (``then_error``).
    then_result: Any = None
    then_error: Exception | None = None


# A turn is a few decisions (a card, then its walls); a bound keeps a bot bug from looping forever.
MAX_TURN_MOVES = 8


class BotRunner:
    """One background thinking job at a time."""

    def __init__(self) -> None:
        self.job: BotJob | None = None
        self._lock = threading.Lock()

    @property
    def busy(self) -> bool:
        return self.job is not None

    def start(
        self,
        bot: Bot,
        game: GameRules[Any, Any],
        view: Any,
        seat: Seat,
        token: int,
        seconds: float,
        min_delay: float = 0.0,
        interjection: bool = False,
        whole_turn: bool = False,
        then: Callable[[Any], Any] | None = None,
    ) -> None:
        """Think about ``seat``'s move from ``view`` on a thread. ``whole_turn``: go on while the
        same seat decides again (nothing drawn in between), each next move with what is left of the
        budget or a quarter of ``seconds`` (the bots remember the plan behind their first move, so the
        rest usually comes at once), and keep the moves in the job's ``line``."""
        self.cancel()
        job = BotJob(seat, token, Budget(seconds), time.perf_counter(), min_delay, interjection=interjection)
        self.job = job

        def work() -> None:
            try:
                if interjection:
                    move = bot.interject(game, view, seat, job.budget)
                else:
                    move = bot.choose(game, view, seat, job.budget)
                line = self._rest_of_turn(bot, game, view, seat, move, job, seconds) if whole_turn else (move,)
                with self._lock:
                    job.move = move
                    job.line = line
                if then is not None and move is not None:
                    try:
                        job.then_result = then(move)
                    except Exception as error:  # an illegal move: the table says so
                        job.then_error = error
            except Cancelled:
                pass
            except Exception:  # a bot bug must never take the window down; the screen reports it
                with self._lock:
                    job.error = traceback.format_exc(limit=4)
            finally:
                with self._lock:
                    job.done = True

        threading.Thread(target=work, name=f"bot-seat{seat}", daemon=True).start()

    @staticmethod
    def _rest_of_turn(
        bot: Bot, game: GameRules[Any, Any], view: Any, seat: Seat, move: Any, job: BotJob, seconds: float
    ) -> tuple[Any, ...]:
        line = [move]
        position = view
        for _ in range(MAX_TURN_MOVES):
            after = game.apply(position, line[-1])
            if game.is_over(after) or after.to_play != seat or game.revealed(position, after):
                break
            position = after
            # What is left of the first budget, and at least a quarter of it: the bots' remembered
            # plan answers at once, and a bot that must think again keeps the whole turn within
            # about twice the first decision's time (a Two walls turn is three decisions).
            budget = Budget(max(seconds / 4, job.budget.remaining()), job.budget.cancel_event)
            line.append(bot.choose(game, position, seat, budget))
        return tuple(line)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.budget.cancel_event.set()
            self.job = None

    def result(self) -> BotJob | None:
        """The finished job once its minimum delay has passed (and forget it), else ``None``."""
        job = self.job
        if job is None:
            return None
        with self._lock:
            if not job.done:
                return None
        if time.perf_counter() - job.started < job.min_delay:
            return None
        self.job = None
        return job


# Helpers a search starts once and keeps (a pool of worker processes) register how to stop them here,
# so the app can stop them all when its window closes instead of waiting for a search to run out.
_closers: list[Callable[[], None]] = []


def on_close(closer: Callable[[], None]) -> None:
    """Run ``closer`` when :func:`close_all` is called (the app's exit); each closer runs once."""
    if closer not in _closers:
        _closers.append(closer)


def close_all() -> None:
    """Stop every helper registered with :func:`on_close`, newest first; a failing one does not stop
    the others (the app is closing anyway)."""
    while _closers:
        closer = _closers.pop()
        with contextlib.suppress(Exception):  # closing must go on
            closer()
