"""The frame search on two cores: a pool worker runs some lanes of the portfolio, the calling thread
the others; the first solution or proof wins, the other side stops, and without a working pool
everything runs in process as before."""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.blokus import pool
from bauhausbox.games.blokus.puzzles.rules import replay
from bauhausbox.games.blokus.puzzles.solver import portfolio as solver_portfolio
from bauhausbox.games.blokus.puzzles.solver import repair as solver_repair
from bauhausbox.games.blokus.puzzles.solver import search as solver
from bauhausbox.games.blokus.puzzles.solver.search import SearchResult, frame_part, shipped_solutions, solve_frame
from bauhausbox.games.blokus.puzzles.specs import get_puzzle, parse_placement
from tests.games.blokus.test_puzzle_solutions import STRAY_IN_THE_HARDER_FRAME, _triples, check_frame_solution

# Board 139 of the harder pentomino hint bench: the coloured lane finishes it in some 160 nodes.
HARDER = ["blue F g13,f14,g14,h14,h15", "red U g7,i7,g8,h8,i8"]
# A blue L4 on a2 b2 c2 c1 shuts a1 and b1 in: two squares no tetromino fills (proved at once).
SHUT_IN = ["blue L4 a2,b2,c2,c1", "red I4 j5,j6,j7,j8"]
# A harder tetromino board the frame search finishes in some 120 nodes (a few turns of its lanes).
SMALL = ["blue I4 d3,d4,d5,d6", "green I4 e3,f3,g3,h3", "yellow Z4 b3,c3,a4,b4"]
EVERY_LANE = {False: (0, 1, 2, 3), True: (0, 1, 2)}  # the worker runs them all; the calling thread none


def _in_process(texts: list[str], puzzle: str) -> SearchResult:
    state = replay(puzzle, texts)
    return solve_frame(state.spec, state.placements, Budget(60))


def test_a_real_pool_worker_finds_proves_and_stops_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    harder_alone = _in_process(HARDER, "pentomino-hard")  # before the pool starts: all in process
    monkeypatch.setenv(pool.PROCESSES_VARIABLE, "2")
    monkeypatch.setattr(pool, "_shared", None)
    monkeypatch.setattr(pool, "_shared_failed", False)
    submitted: list[Future[Any]] = []
    submit = pool.SearchPool.submit

    def recording(self: pool.SearchPool, fn: Any, *args: Any) -> tuple[Future[Any], int]:
        future, generation = submit(self, fn, *args)
        submitted.append(future)
        return future, generation

    monkeypatch.setattr(pool.SearchPool, "submit", recording)
    try:
        solver.warm_up("pentomino-hard")  # starts the shared pool
        assert pool._shared is not None
        # Cancelled before it starts: the call returns at once, and the worker drops its lanes at its first node.
        cancelled = threading.Event()
        cancelled.set()
        empty = get_puzzle("pentomino", True)
        assert solve_frame(empty, (), Budget(600.0, cancelled)).status == "timeout"
        assert submitted[-1].result(timeout=2.0)[0] == "timeout"
        # The worker runs every lane (the empty harder frame: some 5,400 nodes, half a second or more) and the
        # calling thread waits for it; cancelled after 0.1 s, both stop at once.
        monkeypatch.setattr(solver, "WORKER_LANES", EVERY_LANE)
        cancel = threading.Event()
        threading.Timer(0.1, cancel.set).start()
        started = time.perf_counter()
        assert solve_frame(empty, (), Budget(600.0, cancel)).status == "timeout"
        assert time.perf_counter() - started < 0.5
        assert submitted[-1].result(timeout=1.0)[0] == "timeout"

        # The worker runs every lane: the answer can only come from it, as the same search in process.
        state = replay("pentomino-hard", HARDER)
        result = solve_frame(state.spec, state.placements, Budget(60))
        assert result.status == "found"
        assert result.placements[: len(HARDER)] == state.placements
        check_frame_solution("pentomino", True, _triples(result.placements))
        assert (result.placements, result.nodes) == (harder_alone.placements, harder_alone.nodes)
        # Its proof that a board cannot be finished is a proof.
        state = replay("tetromino", SHUT_IN)
        assert solve_frame(state.spec, state.placements, Budget(60)).status == "none"
    finally:
        pool.shutdown()


def test_a_worker_says_none_only_when_its_run_proves_it(monkeypatch: pytest.MonkeyPatch) -> None:
    deadline = time.time() + 60
    assert frame_part(lambda: False, "tetromino", tuple(SHUT_IN), True, (1, 3), 0, deadline)[0] == "none"
    # A small hole in a stored harder solution, every colouring running out of steps: the tiling
    # lanes end having turned every tiling down, which proves nothing.
    stored = shipped_solutions("pentomino-hard")[0]
    texts = tuple(p.text for p in stored[3:])
    monkeypatch.setattr(solver, "colour_tiling", lambda *args: True)
    status, placements, nodes = frame_part(lambda: False, "pentomino-hard", texts, True, (1, 2), 0, deadline)
    assert (status, placements) == ("timeout", ())
    assert nodes > 0


def test_a_worker_asked_to_repair_rebuilds_a_stray_piece_in_colour_before_its_lanes() -> None:
    # With no lanes at all, only the coloured repair can answer (the calling thread runs the other repair).
    texts = tuple(STRAY_IN_THE_HARDER_FRAME[1])
    deadline = time.time() + 60
    status, placements, nodes = frame_part(lambda: False, "pentomino-hard", texts, True, (), 0, deadline, True)
    assert status == "found" and 0 < nodes <= solver_repair.COLOURED_REPAIR_TOTAL
    state = replay("pentomino-hard", list(texts))
    found = [parse_placement(text) for text in placements]
    assert found[: len(texts)] == list(state.placements)
    check_frame_solution("pentomino", True, _triples(found))
    # Not asked to repair, with no lanes, it has nothing to answer with.
    assert frame_part(lambda: False, "pentomino-hard", texts, True, (), 0, deadline)[0] == "timeout"


class FakePool:
    """Stands in for the shared pool: its one job's future is what the test says."""

    def __init__(self, future: Future[Any] | None) -> None:
        self.future = future
        self.cancelled: list[int] = []
        self.shut = False

    def submit(self, fn: Any, *args: Any) -> tuple[Future[Any], int]:
        if self.future is None:
            raise BrokenProcessPool("a worker died")
        return self.future, 7

    def cancel(self, generation: int) -> None:
        self.cancelled.append(generation)

    def shutdown(self) -> None:
        self.shut = True


def _with_pool(monkeypatch: pytest.MonkeyPatch, fake: FakePool) -> None:
    monkeypatch.setattr(pool, "_shared", fake)
    monkeypatch.setattr(pool, "_shared_failed", False)
    monkeypatch.setattr(pool, "shared", lambda: pool._shared)


def _done(outcome: Any = None, error: BaseException | None = None) -> Future[Any]:
    future: Future[Any] = Future()
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(outcome)
    return future


def test_a_broken_pool_falls_back_to_the_search_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    alone = _in_process(SMALL, "tetromino-hard")
    assert alone.status == "found"
    # The pool breaks as the job is handed over: the same search in process, node for node.
    fake = FakePool(None)
    _with_pool(monkeypatch, fake)
    result = _in_process(SMALL, "tetromino-hard")
    assert (result.status, result.placements, result.nodes) == ("found", alone.placements, alone.nodes)
    assert fake.shut and pool._shared_failed and pool._shared is None  # from now on in process
    # The worker dies during the search: the whole portfolio goes on in process.
    fake = FakePool(_done(error=BrokenProcessPool("a worker died")))
    _with_pool(monkeypatch, fake)
    result = _in_process(SMALL, "tetromino-hard")
    assert result.status == "found" and result.placements == alone.placements
    assert fake.cancelled == [7]
    # The pool was shut down under it (the app closing): the job's future is cancelled; in process too.
    gone: Future[Any] = Future()
    gone.cancel()
    _with_pool(monkeypatch, FakePool(gone))
    result = _in_process(SMALL, "tetromino-hard")
    assert result.status == "found" and result.placements == alone.placements


def test_the_calling_thread_takes_a_worker_s_proof_but_not_its_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    alone = _in_process(SMALL, "tetromino-hard")
    # The worker's lanes ended proving nothing: the calling thread's lanes still find the solution.
    _with_pool(monkeypatch, FakePool(_done(("timeout", (), 5))))
    result = _in_process(SMALL, "tetromino-hard")
    assert result.status == "found" and result.placements[: len(SMALL)] == alone.placements[: len(SMALL)]
    check_frame_solution("tetromino", True, _triples(result.placements))
    # The worker proved there is none: that stands (whatever the calling thread would have found).
    _with_pool(monkeypatch, FakePool(_done(("none", (), 5))))
    result = _in_process(SMALL, "tetromino-hard")
    assert result.status == "none" and result.placements == ()
    assert 5 < result.nodes <= 5 + 2 * solver_portfolio.SLICE_NODES  # the caller stopped after its first slice
