"""Blokus computer players: easy, medium, hard and expert, plus the fast playouts and match runner behind them.

- **easy** plays plausibly but shallowly: mostly a big piece, anywhere it fits, with plenty of noise.
- **medium** is greedy on a one-move evaluation (:func:`move_values`): piece size, the corners it
  opens for itself, the corners it takes from opponents, and a pull toward the centre early on.
- **hard** and **expert** run a Monte Carlo tree search (``mcts.py``) with that evaluation as its
  priors, progressive widening and AMAF sharing of playout statistics, on both cores (``pool.py``);
  expert thinks about three times longer. Playouts sample moves without listing them all
  (:func:`sample_placement`), answering the opponents' latest moves first (:func:`heuristics.sample_local`).

Bots see only their view (Blokus has no hidden information, so the view is the state).
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bauhausbox.engine.api import GameRules, Seat
from bauhausbox.engine.bots.base import Budget, RandomBot
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus import mcts, pool
from bauhausbox.games.blokus.bitboard import Placement
from bauhausbox.games.blokus.heuristics import (
    MEDIUM_WEIGHTS,
    Weights,
    move_values,
)
from bauhausbox.games.blokus.rules import (
    GAME,
)


# -- the bots ----------------------------------------------------------------------------------------
class _Bot:
    name = "blokus"

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Placement:
        raise NotImplementedError

    def interject(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any | None:
        return None


class EasyBot(_Bot):
    """Big pieces first, placed anywhere: beats random, loses to anyone who watches their corners."""

    name = "easy"

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Placement:
        moves: list[Placement] = game.legal_moves(view, seat)
        largest = max(move.size for move in moves)
        # Usually one of the largest pieces, sometimes one size smaller: plausible, not sharp.
        floor = largest - (1 if self.random.random() < 0.3 else 0)
        pool = [move for move in moves if move.size >= floor]
        return self.random.choice(pool)


class MediumBot(_Bot):
    """Greedy on :func:`move_values`, with a little noise so games vary."""

    name = "medium"

    def __init__(self, seed: int = 0, weights: Weights = MEDIUM_WEIGHTS, noise: float = 1.0) -> None:
        super().__init__(seed)
        self.weights = weights
        self.noise = noise

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Placement:
        moves: list[Placement] = game.legal_moves(view, seat)
        values = move_values(view, moves, self.weights)
        noisy = [value + self.random.random() * self.noise for value in values]
        return moves[max(range(len(moves)), key=noisy.__getitem__)]


class SearchBot(_Bot):
    """Monte Carlo tree search (``mcts.py``) over :func:`move_values` priors, on both cores.

    ``shards`` searches with their own seeds run side by side in the shared process pool
    (``pool.py``) and their root statistics are added up; without a pool they run one after the
    other here. ``work`` fixes each shard's budget in simulated placements (deterministic for a seed,
    for matches); ``seconds`` caps the wall time of a move (the app's limit)."""

    # It runs its own worker processes: the app keeps it in its process (games/thinker.py).
    parallel = True

    def __init__(
        self,
        seed: int = 0,
        seconds: float = 1.8,
        work: int | None = None,
        shards: int = 2,
        parallel: bool = True,
        name: str = "hard",
        settings: mcts.Settings | None = None,
    ) -> None:
        super().__init__(seed)
        self.settings = settings if settings is not None else LEVEL_SETTINGS.get(name, mcts.Settings(work=0))
        self.seconds = seconds
        self.work = work
        self.shards = shards
        self.parallel = parallel
        self.name = name
        self.last_simulations = 0  # of the latest move, for the benchmarks
        self.last_work = 0
        if parallel:
            pool.shared()  # start the workers now, while the screen sets up, not at the first move

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Placement:
        moves: list[Placement] = game.legal_moves(view, seat)
        budget.check()
        if len(moves) == 1:
            return moves[0]
        seeds = [self.random.getrandbits(31) for _ in range(self.shards)]
        workers = pool.shared() if self.parallel else None
        if workers is not None and not workers.ready():
            # The workers are still starting (spawning and building the tables takes seconds on a busy
            # machine): the move is thought here, in its own time, rather than waiting for them.
            workers = None
        seconds = min(self.seconds, budget.remaining() * 0.9)
        if workers is None:
            seconds /= self.shards  # one after the other: share the move's time
        settings = dataclasses.replace(
            self.settings, work=self.work if self.work is not None else 1 << 62, seconds=seconds
        )
        results = pool.search(view, [settings] * self.shards, seeds, budget, workers)
        self.last_simulations = sum(simulations for _, simulations, _ in results)
        self.last_work = sum(work for _, _, work in results)
        return bb.placement_at(mcts.best_move(mcts.merge([stats for stats, _, _ in results])))


#: Per level: wall seconds a shard may think (the app), and the fixed work per shard that matches use
#: instead (placements simulated; see docs/blokus.md for how they correspond to the time limits: the
#: compiled tree with its C random generator and the local/opening playouts simulates about 690,000
#: placements per CPU second over a 2-player game, 1.38 times the 500,000 of the budgets before them).
LEVEL_SECONDS = {"hard": 1.8, "expert": 6.5}
LEVEL_WORK = {"hard": 1_250_000, "expert": 4_500_000}
#: Per level: the search's knobs (its work and seconds are set per move).
LEVEL_SETTINGS = {"hard": mcts.Settings(work=0), "expert": mcts.Settings(work=0)}


def make_bot(level: str, seed: int) -> _Bot:
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot(seed)
    if level in LEVEL_SECONDS:
        return SearchBot(seed, seconds=LEVEL_SECONDS[level], name=level)
    raise ValueError(f"unknown Blokus level {level!r}")


# -- matches, for measuring strength -----------------------------------------------------------------
@dataclass
class MatchResult:
    """Averages per level over a match (a level in several seats counts each seat)."""

    levels: tuple[str, ...]
    games: int
    points: dict[str, float]  # average final points per seat of this level
    wins: dict[str, float]  # share of games won (a shared win counts as a fraction)
    seconds_per_move: dict[str, float]  # median thinking time

    def summary(self) -> str:
        lines = [f"{self.games} games, seats {', '.join(self.levels)} (rotated)"]
        for level in dict.fromkeys(self.levels):
            lines.append(
                f"  {level:>7}: {self.points[level]:6.1f} points, {100 * self.wins[level]:5.1f}% wins,"
                f" {self.seconds_per_move[level]:.3f} s/move median (CPU)"
            )
        return "\n".join(lines)


BotFactory = Callable[[str, int], Any]


def fixed_work_bot(level: str, seed: int) -> Any:
    """The bots of matches: the searching levels at their fixed work budgets (:data:`LEVEL_WORK`),
    shards in process, so a seed always gives the same game; other levels as :func:`make_bot`."""
    if level == "random":
        return RandomBot(seed)
    if level in LEVEL_WORK:
        return SearchBot(seed, seconds=math.inf, work=LEVEL_WORK[level], parallel=False, name=level)
    return make_bot(level, seed)


def play_game(
    levels: Sequence[str], seed: int, players: int = 4, teams: bool = False, factory: BotFactory = fixed_work_bot
) -> tuple[list[int], list[Seat], dict[str, list[float]]]:
    """One game with a bot of ``levels[seat]`` in each seat: final scores, winners, thinking times
    (CPU seconds of this process: the shards run here, one after the other)."""
    bots = [factory(level, seed * 10 + seat) for seat, level in enumerate(levels)]
    state = GAME.new_game(players, seed, teams=teams) if players == 4 else GAME.new_game(players, seed)
    times: dict[str, list[float]] = {}
    while state.to_play is not None:
        seat = state.to_play
        started = time.process_time()
        move = bots[seat].choose(GAME, GAME.view(state, seat), seat, Budget(math.inf))
        times.setdefault(levels[seat], []).append(time.process_time() - started)
        state = GAME.apply(state, move)
    return GAME.scores(state), GAME.winners(state), times


def match(
    levels: Sequence[str], games: int, seed: int = 0, factory: BotFactory = fixed_work_bot, progress: bool = False
) -> MatchResult:
    """``games`` games of ``len(levels)`` players; game ``g`` (seed ``seed + g``) seats ``levels``
    rotated by ``g`` so every level plays every colour equally often (2 players: colours alternate)."""
    seats = len(levels)
    points: dict[str, list[float]] = {level: [] for level in levels}
    wins: dict[str, float] = dict.fromkeys(levels, 0.0)
    times: dict[str, list[float]] = {level: [] for level in levels}
    for number in range(games):
        seated = [levels[(seat + number) % seats] for seat in range(seats)]
        scores, winners, game_times = play_game(seated, seed + number, players=seats, factory=factory)
        for seat, level in enumerate(seated):
            points[level].append(scores[seat])
            if seat in winners:
                wins[level] += 1 / len(winners)
        for level, values in game_times.items():
            times[level].extend(values)
        if progress:
            print(number, seated, scores, flush=True)
    return MatchResult(
        tuple(levels),
        games,
        {level: sum(values) / len(values) for level, values in points.items()},
        {level: wins[level] / games for level in wins},
        {level: sorted(values)[len(values) // 2] if values else 0.0 for level, values in times.items()},
    )
