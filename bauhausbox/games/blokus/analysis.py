"""Analysis of a whole Blokus game (Pentobi's "Analyze game"): each position's winning chances and the
game's turning points. Pure: no pygame.

For every position of a game the tree search of the hard level (``mcts.py``) runs at a fixed budget
(:data:`DEFAULT_WORK` placements, or :data:`MAX_SIMULATIONS` simulations if those come first) from a
seed of its own, and gives

- each seat's **winning chance**: the share of the playouts through the search's preferred move that
  the seat won (a win shared by tied seats counts as a fraction; team mates win together), so the
  seats' chances add up to 100 %. The final position's chances are the game's real result;
- the search's **preferred move** there (the move it visited most).

A seat's **turning points** are its moves after which its chance fell most: from the position where
it moved to the next position where it is to move again (or the end). The game's three biggest such
drops, over every seat, are the turning points shown, each with the move the search preferred; a move
that was the search's own choice is never one.

Positions run in parallel, one search per position, on the Blokus search pool's workers
(``pool.py``: both cores; the workers end with the app however it ends); without a pool, one after
the other on a thread here. Each position's seed comes from the analysis seed and the position's
number, so at a fixed work the result is the same whichever worker runs it, in whatever order.
:meth:`Analysis.stop` stops at once: the workers drop their searches within one simulation.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from bauhausbox.engine.api import Seat
from bauhausbox.games.blokus import mcts, pool
from bauhausbox.games.blokus.bitboard import Placement, placement_at
from bauhausbox.games.blokus.rules import GAME, BlokusState, scoring_colours
from bauhausbox.games.blokus.variants import DUO, JUNIOR

#: Placements simulated per position at the default depth: two thirds of one hard shard's work. A whole
#: two-player classic game (about 84 positions) then takes well under a minute on two cores
#: (docs/blokus.md, "Analysis").
DEFAULT_WORK = 60_000
#: Duo and Junior search a third of that: their tree runs in Python (the compiled core plays the classic
#: board), where 60,000 placements cost about 1.3 s of CPU in the opening, so a hint (``hint.py``, the
#: same search) took 4-15 s on two busy cores; a third comes in under 3 s there (docs/blokus.md).
SMALL_BOARD_SHARE = 3
#: Simulations at most per position: near the end a playout is a placement or two, so the work alone
#: would ask for tens of thousands of them (each with its walk through the tree), and a few thousand
#: already tell a win from a loss. The opening spends its work in about a thousand.
MAX_SIMULATIONS = 3_000
#: The analysis seed of the app (the replay viewer's analysis, and the hint: ``hint.py``).
SEED = 0
#: How many turning points a game shows.
TURNING_POINTS = 3
_POLL = 0.05  # seconds between the runner's looks at the stop flag


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the search says of one position."""

    position: int  # moves played before it (0: the start)
    seat: Seat | None  # the seat to move (None: the game is over)
    chances: tuple[float, ...]  # per seat, 0..1 (adding up to 1; with teams, per team)
    preferred: int | None  # placement index of the search's move (None at the end)
    simulations: int
    work: int  # placements simulated (less than asked when the search was stopped)


@dataclass(frozen=True, slots=True)
class TurningPoint:
    """A move after which its seat's chance fell: where it was played, what the search preferred."""

    position: int  # the position the move was played in (the move is number ``position + 1``)
    seat: Seat
    before: float  # the seat's chance there, with the preferred move
    after: float  # its chance at its next turn (or at the end)
    preferred: Placement

    @property
    def drop(self) -> float:
        return self.before - self.after


def position_seed(seed: int, position: int) -> int:
    """The search seed of one position: fixed by the analysis seed and the position alone."""
    return (seed * 1_000_003 + position * 7_919) % (1 << 31)


def work_for(state: BlokusState, work: int = DEFAULT_WORK) -> int:
    """The placements one position's search simulates for an analysis asked ``work``: all of it on
    the classic board, :data:`SMALL_BOARD_SHARE`'s share in Duo and Junior. Decided by the variant
    alone (not by whether the compiled core loaded), so every computer gives the same estimate."""
    return work // SMALL_BOARD_SHARE if state.variant in (DUO, JUNIOR) else work


def whole(found: Estimate, work: int) -> bool:
    """Whether ``found`` ran to its end for an analysis asked ``work`` (a search stopped part-way is
    not the estimate asked for: the same seed would give another)."""
    if found.seat is None:
        return True
    return found.work >= work or found.simulations >= MAX_SIMULATIONS


def final_chances(state: BlokusState) -> tuple[float, ...]:
    """The chances at the end: the result itself (a shared win shared out, team mates together)."""
    scores = GAME.scores(state)
    best = max(scores)
    groups = [scoring_colours(state.players, state.teams, seat, state.variant) for seat in range(state.players)]
    winners = {groups[seat] for seat, score in enumerate(scores) if score == best}
    return tuple(1 / len(winners) if score == best else 0.0 for score in scores)


def estimate(stop: Callable[[], bool], state: BlokusState, position: int, work: int, seed: int) -> Estimate:
    """One position's estimate at ``work`` (``work_for`` the position's; what a pool worker runs;
    ``stop`` ends the search early)."""
    if state.to_play is None:
        return Estimate(position, None, final_chances(state), None, 0, 0)
    settings = mcts.Settings(work=work_for(state, work), max_simulations=MAX_SIMULATIONS)
    search = mcts.Search(state, settings, seed)
    search.results = {}  # each root move's share of the wins, per seat
    stats = search.run(stop, shortcut=False)  # a single legal move is searched too: its chances are wanted
    index = mcts.best_move(stats)
    visits = stats[index][0]
    return Estimate(
        position,
        state.to_play,
        tuple(w / visits for w in search.outcomes[index]),
        index,
        search.simulations,
        search.work,
    )


def turning_points(
    moves: Sequence[Placement], estimates: Sequence[Estimate], count: int = TURNING_POINTS
) -> list[TurningPoint]:
    """The ``count`` biggest drops of a seat's chance from one of its moves to its next turn, in the
    order of the game. ``moves[i]`` is the move played in the position after ``i`` moves and
    ``estimates[i]`` that position's estimate (one more estimate than moves: the end)."""
    points: list[TurningPoint] = []
    for position, move in enumerate(moves):
        here = estimates[position]
        seat = here.seat
        if seat is None or here.preferred is None or here.preferred == move.index:
            continue
        later = next((e for e in estimates[position + 1 :] if e.seat == seat), estimates[-1])
        before, after = here.chances[seat], later.chances[seat]
        if after < before:
            points.append(TurningPoint(position, seat, before, after, placement_at(here.preferred)))
    biggest = sorted(points, key=lambda point: (-point.drop, point.position))[:count]
    return sorted(biggest, key=lambda point: point.position)


class Analysis:
    """A game's analysis running in the background: start it, read its progress and estimates, stop it.

    ``states`` are the game's positions from the start to the end (or to where it stands). Estimates
    arrive in any order; ``estimates[i]`` is ``None`` until position ``i`` is done."""

    def __init__(
        self,
        states: Sequence[BlokusState],
        work: int = DEFAULT_WORK,
        seed: int = SEED,
        workers: pool.SearchPool | None = None,
    ) -> None:
        self.states = list(states)
        self.work = work
        self.seed = seed
        self.workers = workers
        self.estimates: list[Estimate | None] = [None] * len(self.states)
        self.stopping = threading.Event()
        self.failed = False  # a worker broke: what is done stays, the rest is not estimated
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()
        self.futures: list[Future[Estimate]] = []  # of the latest run in the pool
        # The pace of the run going on (seconds_left): when it started and how many positions had
        # been searched by then.
        self.started_at = 0.0
        self.searched_at_start = 0

    @property
    def total(self) -> int:
        return len(self.states)

    @property
    def done(self) -> int:
        return sum(estimate is not None for estimate in self.estimates)

    @property
    def progress(self) -> float:
        """0..1: the share of positions estimated."""
        return self.done / self.total if self.total else 1.0

    @property
    def searched(self) -> int:
        """Positions estimated by a search (the final position needs none, and is done at once)."""
        return sum(estimate is not None and estimate.seat is not None for estimate in self.estimates)

    def seconds_left(self, now: float | None = None) -> float | None:
        """A rough time left for the run going on, from its own pace so far; ``None`` when it is not
        running or has searched fewer than two positions yet. The opening's positions, the dearest,
        come first: the guess errs long rather than short."""
        made = self.searched - self.searched_at_start
        if not self.running or made < 2:
            return None
        elapsed = (time.monotonic() if now is None else now) - self.started_at
        left = sum(estimate is None for estimate in self.estimates)
        return left * elapsed / made

    @property
    def finished(self) -> bool:
        return self.done == self.total

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    @property
    def stopped(self) -> bool:
        return self.stopping.is_set()

    def start(self) -> None:
        """Start estimating the positions not done yet (again after a stop)."""
        if self.running:
            return
        self.stopping = threading.Event()
        self.failed = False
        self.started_at, self.searched_at_start = time.monotonic(), self.searched
        self.thread = threading.Thread(target=self._run, args=(self.stopping,), name="blokus-analysis", daemon=True)
        self.thread.start()

    def stop(self, wait: float = 5.0) -> None:
        """Stop now: the searches running end within one simulation, the queued ones never start."""
        self.stopping.set()
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(wait)

    def _jobs(self) -> list[int]:
        # The final position first (it costs nothing), then the game in order, so the graph fills from the left.
        todo = [i for i, estimate in enumerate(self.estimates) if estimate is None]
        return sorted(todo, key=lambda i: (self.states[i].to_play is not None, i))

    def _record(self, result: Estimate) -> None:
        if not whole(result, work_for(self.states[result.position], self.work)):
            return  # stopped part-way: not the estimate asked for (the same seed would give another)
        with self.lock:
            self.estimates[result.position] = result

    def _run(self, stopping: threading.Event) -> None:
        todo = self._jobs()
        workers = self.workers
        if workers is not None:
            try:
                self._run_in_pool(workers, todo, stopping)
                return
            except BrokenProcessPool:
                pool.forget(workers)
                self.workers = None
                todo = self._jobs()
            except (CancelledError, RuntimeError):
                # The pool was shut down under it (the app is closing): what is done stays.
                self.failed = True
                return
        for position in todo:  # no pool: one after the other, here
            if stopping.is_set():
                return
            self._record(estimate(stopping.is_set, self.states[position], position, self.work, self.seed_of(position)))

    def seed_of(self, position: int) -> int:
        return position_seed(self.seed, position)

    def _run_in_pool(self, workers: pool.SearchPool, todo: list[int], stopping: threading.Event) -> None:
        calls = [(self.states[i], i, self.work, self.seed_of(i)) for i in todo]
        futures, generation = workers.submit_many(estimate, calls)
        self.futures = futures
        pending: list[Future[Estimate]] = list(futures)
        try:
            while pending:
                if stopping.is_set():
                    return
                if workers.generation.value != generation:  # another search took the workers over
                    self.failed = True
                    return
                with contextlib.suppress(FutureTimeout):
                    pending[0].result(timeout=_POLL)
                still = []
                for future in pending:
                    if future.done():
                        self._record(future.result())
                    else:
                        still.append(future)
                pending = still
        finally:
            for future in pending:
                future.cancel()  # the queued ones never start
            workers.cancel(generation)  # the running ones stop at their next simulation


#: How many games' analyses the app keeps while it runs (the newest ones).
KEPT_GAMES = 8
_kept: dict[tuple[BlokusState, ...], Analysis] = {}
_kept_lock = threading.Lock()


def keep(analysis: Analysis) -> None:
    """Keep ``analysis`` (finished or part-way) for its game: the replay viewer closed and opened again
    on the same game shows it, instead of an empty strip and a new search from the start."""
    key = tuple(analysis.states)
    with _kept_lock:
        _kept.pop(key, None)
        _kept[key] = analysis
        while len(_kept) > KEPT_GAMES:
            del _kept[next(iter(_kept))]  # the oldest first (dicts keep their order)


def kept(states: Sequence[BlokusState]) -> Analysis | None:
    """The analysis kept for the game of ``states`` (the same positions, from the start), or ``None``."""
    with _kept_lock:
        return _kept.get(tuple(states))


def forget_kept() -> None:
    """Drop every kept analysis (tests start from none)."""
    with _kept_lock:
        _kept.clear()


def analyse(
    states: Sequence[BlokusState], work: int = DEFAULT_WORK, seed: int = SEED, workers: pool.SearchPool | None = None
) -> list[Estimate]:
    """Every position's estimate, waiting for the end (for tools and tests)."""
    analysis = Analysis(states, work, seed, workers)
    analysis.start()
    assert analysis.thread is not None
    analysis.thread.join()
    return [e for e in analysis.estimates if e is not None]
