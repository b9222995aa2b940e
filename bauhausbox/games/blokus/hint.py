"""The Blokus hint: the move the game's analysis calls best in the position, found by the very same
search (``analysis.estimate``: the hard level's tree at the analysis's work, from the analysis's seed
for that position). So a hint is never what the replay viewer's analysis later calls a turning point,
in Duo and Junior (whose tree runs in Python, so a time-limited hint got a few hundred simulations)
as on the classic board. There the analysis searches a third of the classic work
(``analysis.work_for``), so the hint comes within about 3 s on two busy cores. Pure: no pygame.

The search runs on the Blokus search pool's workers (``pool.py``), as the analysis does, so the
window keeps its frames; without a pool, here on the hint's thread. Cancelling the hint stops it.
"""

from __future__ import annotations

import contextlib
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bauhausbox.engine.api import GameRules, Seat
from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.blokus import analysis, pool
from bauhausbox.games.blokus.bitboard import Placement, placement_at
from bauhausbox.games.blokus.rules import BlokusState, pieces_down

_POLL = 0.05  # seconds between looks at the hint's cancel flag


def position_of(state: BlokusState) -> int:
    """The position's number in its game, as the analysis counts them: the pieces placed so far
    (every move places one; a pass is part of the move before it)."""
    return sum(pieces_down(state, colour) for colour in range(len(state.boards)))


def analysed_move(state: BlokusState, budget: Budget, workers: pool.SearchPool | None) -> Placement:
    """The analysis's preferred move in ``state`` (raises ``Cancelled`` when the hint is dropped)."""
    position = position_of(state)
    args = (state, position, analysis.DEFAULT_WORK, analysis.position_seed(analysis.SEED, position))
    found: analysis.Estimate | None = None
    if workers is not None and workers.ready():
        try:
            found = _in_pool(workers, args, budget)
        except BrokenProcessPool:
            pool.forget(workers)  # then here, as without a pool
    if found is None or not _whole(found, state):  # another search took the workers over part-way
        found = analysis.estimate(lambda: budget.cancelled, state, *args[1:])
        budget.check()
    assert found.preferred is not None
    return placement_at(found.preferred)


def _whole(found: analysis.Estimate, state: BlokusState) -> bool:
    """Whether the search ran to its end (as the analysis keeps only those): the same answer."""
    return analysis.whole(found, analysis.work_for(state))


def _in_pool(workers: pool.SearchPool, args: tuple[Any, ...], budget: Budget) -> analysis.Estimate:
    future, generation = workers.submit(analysis.estimate, *args)
    try:
        while True:
            budget.check()
            with contextlib.suppress(FutureTimeout):
                found: analysis.Estimate = future.result(timeout=_POLL)
                return found
    except BaseException:
        workers.cancel(generation)  # the worker drops the search at its next simulation
        raise


class HintBot:
    """The Blokus hint as a bot (the table asks every game's hint of a bot): the analysis's move."""

    name = "hint"
    # It runs the search pool's workers itself: the app keeps it in its process (games/thinker.py).
    parallel = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # unused: the analysis's seed decides, so the hint is the analysis's move

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Placement:
        moves: list[Placement] = game.legal_moves(view, seat)
        if len(moves) == 1:
            return moves[0]
        return analysed_move(view, budget, pool.shared())

    def interject(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any | None:
        return None
