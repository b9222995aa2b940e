"""Solutions found while the app runs answer later hints at once, and the puzzle screen's thinking
ahead (a pool worker searching the position while the player looks at it) fills that memory."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bauhausbox.games.blokus import pool
from bauhausbox.games.blokus.puzzles.rules import PuzzleState, place, replay
from bauhausbox.games.blokus.puzzles.solver import search as solver
from bauhausbox.games.blokus.puzzles.solver.ponder import Ponderer
from bauhausbox.games.blokus.puzzles.solver.repair import forget_solutions
from bauhausbox.games.blokus.puzzles.solver.search import shipped_fit, solve
from bauhausbox.games.blokus.puzzles.specs import Placement, PuzzlePiece, get_puzzle
from tests.games.blokus.test_puzzle_solutions import _triples, check_frame_solution
from tests.games.blokus.test_solver_pool import HARDER

# Bench board 126 of the harder frame: finishable, but the search needs 15-33 s from here.
SLOW = [
    "blue P f7,g7,h7,g8,h8",
    "green N e8,f8,c9,d9,e9",
    "red T5 h6,i6,j6,i7,i8",
    "yellow F c3,d3,d4,e4,d5",
    "yellow X l7,k8,l8,m8,l9",
    "blue F h13,f14,g14,h14,g15",
]
WIDTH, HEIGHT = get_puzzle("pentomino", True).width, get_puzzle("pentomino", True).height


def _turned_and_swapped(state: PuzzleState) -> PuzzleState:
    """The position mirrored left to right, with blue and green swapped (the harder frame's
    colours are interchangeable)."""
    swap = {"blue": "green", "green": "blue"}
    moved = [
        Placement(
            PuzzlePiece(swap.get(p.piece.colour, p.piece.colour), p.piece.name),
            frozenset((WIDTH - 1 - x, y) for x, y in p.cells),
        )
        for p in state.placements
    ]
    return PuzzleState(state.puzzle, tuple(moved))


def test_a_solution_found_by_a_search_answers_the_next_hints_at_once() -> None:
    state = replay("pentomino-hard", HARDER)
    assert shipped_fit(state.spec, state.placements) is None
    first = solve(state, 60)
    assert first.status == "found" and first.nodes > 0
    # The player plays the hinted piece: the next hint comes from the same solution, without a search.
    hinted = next(p for p in first.placements if p not in state.placements)
    followed = place(state, hinted)
    again = solve(followed, 60)
    assert again.status == "found" and again.nodes == 0
    assert set(again.placements) == set(first.placements)
    assert again.placements[: len(followed.placements)] == followed.placements
    # Turned and recoloured, the position is held by the remembered solution too.
    mirrored = _turned_and_swapped(followed)
    answer = solve(mirrored, 60)
    assert answer.status == "found" and answer.nodes == 0
    check_frame_solution("pentomino", True, _triples(answer.placements))
    # Searches that mean to search ignore the memory; a forgotten solution is searched for again.
    assert solve(followed, 60, use_shipped=False).nodes > 0
    forget_solutions()
    assert solve(followed, 60).nodes > 0


def test_nothing_thinks_ahead_without_a_pool_or_about_a_position_already_held() -> None:
    ponderer = Ponderer()  # the tests run with BAUHAUSBOX_SEARCH_PROCESSES=0: no pool
    assert not ponderer.think(replay("pentomino-hard", HARDER))
    assert not ponderer.thinking
    stored = replay("pentomino-hard", [p.text for p in solver.shipped_solutions("pentomino-hard")[0][:5]])
    assert not ponderer.think(stored)  # a stored solution holds it: the hint answers at once anyway
    assert not ponderer.think(replay("fullboard", []))  # the full board's hints offer a promising move


def _wait(condition: Any, seconds: float) -> bool:
    limit = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > limit:
            return False
        time.sleep(0.02)
    return True


def test_thinking_ahead_in_a_pool_worker_answers_the_hint_from_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(pool.PROCESSES_VARIABLE, "2")
    monkeypatch.setattr(pool, "_shared", None)
    monkeypatch.setattr(pool, "_shared_failed", False)
    try:
        solver.warm_up("pentomino-hard")  # starts the shared pool
        assert pool._shared is not None
        state = replay("pentomino-hard", HARDER)
        ponderer = Ponderer()
        assert ponderer.think(state)
        assert _wait(lambda: not ponderer.thinking, 60)
        # The hint asked for now finds the worker's solution in memory: no search at all.
        answer = solve(state, 0.5)
        assert answer.status == "found" and answer.nodes == 0
        check_frame_solution("pentomino", True, _triples(answer.placements))
        assert not ponderer.think(state)  # held by what it found: nothing more to think about
        # A long thought stops at once when asked (the screen asks on a new position, a hint, leaving).
        assert ponderer.think(replay("pentomino-hard", SLOW), seconds=120)
        assert ponderer._job is not None
        thought = ponderer._job[2]
        time.sleep(0.3)
        ponderer.stop()
        assert not ponderer.thinking
        assert _wait(thought.done, 5.0) and thought.result() == ()  # at its next node (5 s: a loaded machine)
    finally:
        pool.shutdown()


class RecordingPool:
    """Stands in for the shared pool: keeps what each thought was asked, and the generations cancelled."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Any, ...]] = []
        self.cancelled: list[int] = []

    def submit(self, fn: Any, *args: Any) -> tuple[Any, int]:
        from concurrent.futures import Future

        self.jobs.append(args)
        return Future(), len(self.jobs)

    def cancel(self, generation: int) -> None:
        self.cancelled.append(generation)


def test_a_position_thought_about_again_is_searched_with_another_shuffle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = RecordingPool()
    monkeypatch.setattr(pool, "shared", lambda: fake)
    state = replay("pentomino-hard", HARDER)
    other = replay("pentomino-hard", HARDER[:1])
    ponderer = Ponderer()
    for position in (state, other, state):
        assert ponderer.think(position)
    seeds = [(args[1], args[3]) for args in fake.jobs]  # (placements, seed)
    texts = tuple(HARDER)
    assert seeds == [(texts, 0), (texts[:1], 0), (texts, 1)]  # first the natural order, then shuffles
    assert fake.cancelled == [1, 2]  # each new thought stopped the one before
    ponderer.stop()
    assert fake.cancelled == [1, 2, 3]


def test_a_thought_says_it_found_a_way_only_when_it_ended_with_a_solution(monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import Future

    fake = RecordingPool()
    futures: list[Future[tuple[str, ...]]] = []

    def submit(fn: Any, *args: Any) -> tuple[Any, int]:
        futures.append(Future())
        return futures[-1], len(futures)

    monkeypatch.setattr(fake, "submit", submit)
    monkeypatch.setattr(pool, "shared", lambda: fake)
    state = replay("pentomino-hard", HARDER)
    ponderer = Ponderer()
    for outcome, said in (((), False), (("blue F g13,f14,g14,h14,h15",), True)):
        assert ponderer.think(state)
        assert not ponderer.found  # still thinking
        futures[-1].set_result(outcome)
        assert not ponderer.thinking and ponderer.found is said
    assert ponderer.think(state)
    futures[-1].cancel()
    assert not ponderer.found
