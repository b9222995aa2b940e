"""The process pool behind the Blokus tree search: both cores think at once (root parallelisation).

One pool per process, started on first use (:func:`shared`) and reused for every move; it shuts
down at exit (``atexit``) or when the app calls :func:`shutdown`. Workers are *spawned*, never
forked: a fork of the app would copy pygame's state and the UI threads. A spawned worker imports
only this module and the Blokus rules (no pygame; ``packaging/launch.py`` calls
``multiprocessing.freeze_support`` for the frozen app). Workers end with the app however it ends,
even killed (``engine/parent_watch.py``: each watches its parent, started from the launcher thread).

Cancelling: every search gets a new *generation* number, shared with the workers through one
integer in shared memory. A worker stops as soon as the number moves on (the app cancelled or
started another search), so a cancelled search frees the cores within one simulation.

When no pool can run (``BAUHAUSBOX_SEARCH_PROCESSES=0``, or starting it failed), the shards run one
after the other in the calling thread: the same moves at a fixed work budget, only slower.

Other searches (the puzzle solver's frame search) hand a worker a job of their own with
:meth:`SearchPool.submit`: a module-level function given a stop check (true once its generation has
moved on) and plain, picklable arguments; :meth:`SearchPool.cancel` stops it.
"""

from __future__ import annotations

import atexit
import dataclasses
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bauhausbox.engine import parent_watch
from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.bots.runner import on_close
from bauhausbox.games.blokus import mcts
from bauhausbox.games.blokus.rules import BlokusState

PROCESSES_VARIABLE = "BAUHAUSBOX_SEARCH_PROCESSES"
_POLL = 0.02  # seconds between the waiting thread's checks of the budget's cancel flag

ShardResult = tuple[mcts.RootStats, int, int]
_generation: Any = None  # in a worker: the shared generation counter
T = TypeVar("T")


def _init_worker(generation: Any) -> None:
    global _generation
    parent_watch.watch_parent()  # the worker ends with the app, even a killed one
    _generation = generation
    os.environ[PROCESSES_VARIABLE] = "0"  # a worker's own searches run in it: no pool of pools
    if hasattr(os, "nice"):
        os.nice(5)  # the screen's process comes first: its frames stay smooth while both cores search


def _warm() -> bool:
    """Runs once per worker so the rules' tables are built before the first real search."""
    return "pygame" in __import__("sys").modules


def _run_shard(
    state: BlokusState, settings: mcts.Settings, seed: int, generation: int, submitted: float
) -> ShardResult:
    counter = _generation
    # The move's time runs from when it was asked for: a worker still starting up gets what is left.
    # (``time.time``: the one clock every process reads alike.)
    late = max(0.0, time.time() - submitted)
    settings = dataclasses.replace(settings, seconds=max(0.0, settings.seconds - late))
    return mcts.search_shard(state, settings, seed, lambda: counter.value != generation)


def _run_job(fn: Callable[..., T], generation: int, args: tuple[Any, ...]) -> T:
    counter = _generation
    return fn(lambda: counter.value != generation, *args)


class SearchPool:
    """A reusable pool of spawned worker processes running search shards."""

    def __init__(self, processes: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.processes = processes
        self.generation = context.Value("q", 0, lock=False)
        self.executor = ProcessPoolExecutor(
            processes, mp_context=context, initializer=_init_worker, initargs=(self.generation,)
        )
        self.lock = threading.Lock()
        self.latest: list[Future[ShardResult]] = []  # the shards of the latest search
        # Start every worker now (spawning and building the tables take a moment), not at the first move.
        # The executor starts a worker per submission while none is idle, so all of them start here, on
        # the launcher thread: on Linux a worker dies with the thread that started it.
        self.warmed: list[Future[bool]] = parent_watch.launch(
            lambda: [self.executor.submit(_warm) for _ in range(processes)]
        )

    def ready(self) -> bool:
        """Whether every worker has started and built its tables (until then a search would wait)."""
        return all(warm.done() for warm in self.warmed)

    def run(
        self, state: BlokusState, settings: Sequence[mcts.Settings], seeds: Sequence[int], budget: Budget
    ) -> list[ShardResult]:
        """Run one shard per seed; raises :class:`Cancelled` as soon as the budget is cancelled."""
        generation = self._next_generation()
        futures = [
            self.executor.submit(_run_shard, state, shard_settings, seed, generation, time.time())
            for shard_settings, seed in zip(settings, seeds, strict=True)
        ]
        self.latest = futures
        try:
            for future in futures:
                while True:
                    budget.check()  # raises Cancelled
                    try:
                        future.result(timeout=_POLL)
                        break
                    except TimeoutError:
                        continue
        except BaseException:
            self.cancel(generation)  # the workers drop this search at once
            raise
        return [future.result() for future in futures]

    def submit(self, fn: Callable[..., T], *args: Any) -> tuple[Future[T], int]:
        """Run ``fn(stop, *args)`` in a worker, as a new search (whatever the workers still run stops);
        ``stop()`` turns true once the search is cancelled. ``fn`` must be a module-level function and
        ``args`` plain data: both are pickled. Returns the future and the search's generation."""
        generation = self._next_generation()
        return self.executor.submit(_run_job, fn, generation, args), generation

    def submit_many(self, fn: Callable[..., T], calls: Sequence[tuple[Any, ...]]) -> tuple[list[Future[T]], int]:
        """Run ``fn(stop, *args)`` for each ``args`` of ``calls`` as one search: the workers take them in
        turn, and cancelling the generation stops them all (as :meth:`submit`)."""
        generation = self._next_generation()
        return [self.executor.submit(_run_job, fn, generation, args) for args in calls], generation

    def cancel(self, generation: int) -> None:
        """Stop the search of ``generation`` in the workers, unless a newer one has started."""
        with self.lock:
            if self.generation.value == generation:
                self.generation.value += 1

    def _next_generation(self) -> int:
        with self.lock:
            self.generation.value += 1
            return int(self.generation.value)

    def shutdown(self) -> None:
        with self.lock:
            self.generation.value += 1
        self.executor.shutdown(wait=True, cancel_futures=True)


_shared: SearchPool | None = None
_shared_failed = False
_shared_lock = threading.Lock()


def default_processes() -> int:
    """Worker processes for the shared pool: ``BAUHAUSBOX_SEARCH_PROCESSES`` if set, else the cores (at most 2)."""
    text = os.environ.get(PROCESSES_VARIABLE, "").strip()
    if text.isdigit():
        return int(text)
    return min(2, os.cpu_count() or 1)


def shared() -> SearchPool | None:
    """The process-wide pool, started on first call; ``None`` when searches run in process."""
    global _shared, _shared_failed
    with _shared_lock:
        if _shared is None and not _shared_failed:
            processes = default_processes()
            if processes < 2:
                _shared_failed = True  # one worker would only add overhead to the calling thread
                return None
            try:
                _shared = SearchPool(processes)
            except (OSError, ImportError, NotImplementedError):
                _shared_failed = True  # no process support here (a sandbox): search in process
            else:
                atexit.register(shutdown)
                on_close(shutdown)  # the app stops the workers as its window closes
        return _shared


def shutdown() -> None:
    """Stop the shared pool's workers (the app calls this on exit; ``atexit`` does otherwise)."""
    global _shared
    with _shared_lock:
        pool, _shared = _shared, None
    if pool is not None:
        pool.shutdown()


def forget(pool: SearchPool) -> None:
    """A broken pool: when it is the shared one, shut it down and search in process from now on."""
    global _shared_failed
    if pool is _shared:
        _shared_failed = True
        shutdown()


def search(
    state: BlokusState,
    settings: Sequence[mcts.Settings],
    seeds: Sequence[int],
    budget: Budget,
    pool: SearchPool | None,
) -> list[ShardResult]:
    """The shards' results, in parallel on ``pool`` or one after the other here when it is ``None``
    (or broken). Raises :class:`Cancelled` when the budget is cancelled."""
    if pool is not None:
        try:
            return pool.run(state, settings, seeds, budget)
        except BrokenProcessPool:
            forget(pool)
    results = []
    stop: Callable[[], bool] = budget_stop(budget)
    for shard_settings, seed in zip(settings, seeds, strict=True):
        results.append(mcts.search_shard(state, shard_settings, seed, stop))
    budget.check()
    return results


def budget_stop(budget: Budget) -> Callable[[], bool]:
    """A stop check for an in-process shard: the cancel flag only (shards keep their own clock)."""

    def stop() -> bool:
        budget.check()  # raises Cancelled, and lets the screen draw its frame first
        return False

    return stop
