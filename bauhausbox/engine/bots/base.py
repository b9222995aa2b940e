"""The bot interface every computer player implements, its time budget, and the random bot.

A bot sees only ``game.view(state, seat)``; it never receives the full state. Bots that search
call ``game.determinize(view, seat, rng)`` to sample a full state consistent with what they know.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from bauhausbox.engine.api import GameRules, Seat

#: Cleared by the app while it builds a frame. A thinking bot waits at its next budget check until the
#: frame is done: Python threads share one interpreter lock, so on a 2-core machine a busy search
#: thread would otherwise stretch every frame. Headless runs never clear it, so nothing waits there.
FOREGROUND_IDLE = threading.Event()
FOREGROUND_IDLE.set()
_MAX_YIELD = 0.05  # never wait longer than this for a frame (a stuck window must not freeze a bot)


def yield_to_foreground() -> None:
    if not FOREGROUND_IDLE.is_set():
        FOREGROUND_IDLE.wait(_MAX_YIELD)


class Cancelled(Exception):
    """Raised inside a bot when its budget was cancelled (undo, quit); the runner swallows it."""


class OutOfTime(Exception):
    """Raised by :meth:`Budget.tick` when time is up or the run was cancelled."""


class NodeLimitReached(Exception):
    """Raised by :meth:`Budget.tick` when a search has used the nodes it was allowed (a restart)."""


class Budget:
    """A thinking-time limit that can also be cancelled from another thread.

    Searches that count their nodes (the puzzle solver restarts after a number of nodes) call
    :meth:`tick` at every node; ``node_limit`` is the count at which the current run stops."""

    def __init__(self, seconds: float, cancel: threading.Event | None = None) -> None:
        self.seconds = seconds
        self.started = time.perf_counter()
        self.deadline = self.started + seconds
        self.cancel_event = cancel or threading.Event()
        self.nodes = 0
        self.node_limit: int | None = None

    @property
    def cancelled(self) -> bool:
        return self.cancel_event.is_set()

    def expired(self) -> bool:
        """True when time is up or the run was cancelled (search loops poll this)."""
        yield_to_foreground()
        return self.cancel_event.is_set() or time.perf_counter() >= self.deadline

    def remaining(self) -> float:
        return max(0.0, self.deadline - time.perf_counter())

    def fraction(self, share: float) -> Budget:
        """A sub-budget of ``share`` of what remains, sharing the same cancel flag."""
        return Budget(self.remaining() * share, self.cancel_event)

    def tick(self) -> None:
        """Count one search node; raise :class:`NodeLimitReached` past ``node_limit`` and
        :class:`OutOfTime` when time is up or the run was cancelled. Every node is checked: a node
        of the searches that count them costs far more than reading the clock."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise NodeLimitReached
        if self.expired():
            raise OutOfTime

    def check(self) -> None:
        yield_to_foreground()
        if self.cancel_event.is_set():
            raise Cancelled()


class Bot(Protocol):
    """A computer player. ``choose`` returns one of ``game.legal_moves(view, seat)``."""

    name: str

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any: ...

    def interject(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any | None:
        """An out-of-turn move to make now (a Bauhaus power), or ``None``. Most bots never do."""
        ...


class RandomBot:
    """Plays a uniformly random legal move: the baseline every level must beat."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any:
        moves = game.legal_moves(view, seat)
        if not moves:
            raise ValueError("random bot asked to move with no legal move")
        return self.random.choice(moves)

    def interject(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any | None:
        return None


def decision_times(
    game: GameRules[Any, Any],
    bot: Bot,
    states: Iterable[Any],
    seconds: float,
    clock: Callable[[], float] = time.perf_counter,
) -> list[float]:
    """How long ``bot`` takes to choose, from its seat's view, in each of ``states`` that has a seat to
    play (the games' benchmarks). ``clock`` is wall time unless a CPU clock is passed."""
    times = []
    for state in states:
        seat = state.to_play
        if seat is None:
            continue
        started = clock()
        bot.choose(game, game.view(state, seat), seat, Budget(seconds))
        times.append(clock() - started)
    return times
