"""Thinking ahead on the frame puzzles: while the player looks at a position, a pool worker searches it.

A first hint from a position no stored solution holds can need more than its 2 seconds on the harder
pentomino frame (docs/puzzles.md, "Thinking ahead"). So after the position changes, the puzzle screen
asks a :class:`Ponderer` to think: one worker of the shared process pool runs the whole frame search
(both repairs, every lane of the portfolio) for up to :data:`PONDER_SECONDS`, and the solution it finds
is remembered (``repair.remember``), so that the hint asked for later is answered from memory at
once. Only one core thinks ahead, niced like every worker: the screen keeps the other. Without a pool
(one core, or ``BAUHAUSBOX_SEARCH_PROCESSES=0``) nothing thinks ahead: the hint then searches as before.
A new position, a hint, Solve or leaving the puzzle stops the thought at once (a pool job of a newer
generation, or :meth:`Ponderer.stop`). Pure Python, no pygame.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool

from bauhausbox.games.blokus import pool as search_pool
from bauhausbox.games.blokus.pool import SearchPool
from bauhausbox.games.blokus.puzzles.rules import PuzzleState, is_complete
from bauhausbox.games.blokus.puzzles.solver.repair import recalled_fit, remember
from bauhausbox.games.blokus.puzzles.solver.search import WorkerBudget, shipped_fit, solve_frame
from bauhausbox.games.blokus.puzzles.specs import FULLBOARD, PUZZLE_BY_ID, PuzzleSpec, parse_placement

PONDER_SECONDS = 30.0  # how long one position is thought about at most (one core, niced)
REMEMBERED_POSITIONS = 64  # positions whose thoughts are counted (for each new thought's shuffle)


def ponder_part(
    stop: Callable[[], bool], puzzle: str, texts: tuple[str, ...], deadline: float, seed: int = 0
) -> tuple[str, ...]:
    """Run in a pool worker: the whole frame search of the position of the placements ``texts`` (both
    repairs, every lane, shuffled by ``seed``), until ``deadline`` (``time.time()``) or ``stop()``. The
    solution's placement texts, or nothing when none was found (a proof that there is none is left to
    the hint, which finds it in its own time: proofs come quickly or not at all)."""
    spec = PUZZLE_BY_ID[puzzle]
    fixed = tuple(parse_placement(text, spec.width, spec.height) for text in texts)
    budget = WorkerBudget(max(0.0, deadline - time.time()), stop)
    result = solve_frame(spec, fixed, budget, seed=seed, repair=True)
    return tuple(p.text for p in result.placements) if result.status == "found" else ()


def _keep(spec: PuzzleSpec, kept: threading.Event, future: Future[tuple[str, ...]]) -> None:
    """The thought's answer, back from the worker: remember its solution for the hints. ``kept`` is set
    once that is done (a future is done a moment before its callbacks have run)."""
    try:
        if not future.cancelled() and future.exception() is None and future.result():
            remember(spec.id, [parse_placement(text, spec.width, spec.height) for text in future.result()])
    finally:
        kept.set()


class Ponderer:
    """The puzzle screen's thinking ahead: at most one position at a time, in one pool worker."""

    def __init__(self) -> None:
        # The pool, the thought's generation, its future, and whether its answer has been kept.
        self._job: tuple[SearchPool, int, Future[tuple[str, ...]], threading.Event] | None = None
        # Thoughts so far per position: a position thought about again (after a hint that ran out of
        # time, or an undo back to it) is searched with another shuffle, not the same search again.
        self._thoughts: dict[tuple[str, ...], int] = {}

    @property
    def thinking(self) -> bool:
        """Whether a thought is running (or its answer is still being kept)."""
        return self._job is not None and not self._job[3].is_set()

    @property
    def found(self) -> bool:
        """Whether the current thought has ended with a solution, now remembered for the hints."""
        if self._job is None or not self._job[3].is_set():
            return False
        future = self._job[2]
        return not future.cancelled() and future.exception() is None and bool(future.result())

    def think(self, state: PuzzleState, seconds: float = PONDER_SECONDS) -> bool:
        """Think about ``state`` from now on, stopping any earlier thought. False when there is nothing
        to think about: the full board (its hints offer a promising move instead), a finished frame, a
        position a stored or remembered solution already holds, or no pool to think in."""
        self.stop()
        spec = state.spec
        if spec.kind == FULLBOARD or is_complete(state):
            return False
        if shipped_fit(spec, state.placements) is not None or recalled_fit(spec, state.placements) is not None:
            return False
        workers = search_pool.shared()
        if workers is None:
            return False
        texts = tuple(p.text for p in state.placements)
        # The first thought takes the natural order (seed 0, as a hint's search does), later ones shuffle.
        seed = self._thoughts.pop(texts, -1) + 1
        self._thoughts[texts] = seed  # the newest last: the oldest go first when there are many
        while len(self._thoughts) > REMEMBERED_POSITIONS:
            del self._thoughts[next(iter(self._thoughts))]
        try:
            future, generation = workers.submit(ponder_part, spec.id, texts, time.time() + seconds, seed)
        except (BrokenProcessPool, RuntimeError):  # broken, or shut down as the app closes
            search_pool.forget(workers)
            return False
        kept = threading.Event()
        self._job = (workers, generation, future, kept)
        future.add_done_callback(functools.partial(_keep, spec, kept))
        return True

    def stop(self) -> None:
        """Stop the thought (its worker drops it at its next node); what it found so far is kept."""
        job, self._job = self._job, None
        if job is not None:
            job[0].cancel(job[1])
