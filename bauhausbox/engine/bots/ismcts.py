"""Information-set Monte Carlo tree search, shared by the games with hidden information.

The searching seat knows only its view. Every iteration samples one full state consistent with that
view (``game.determinize``), walks the tree with it, and plays on from the tree's edge for a few turns
with the game's cheap playout policy before the game's evaluation judges the position. The tree's nodes
are *move sequences*, not states: the same node is reached with different hidden parts in different
iterations, so a child is only selectable when its move is legal in the current sample, and its
exploration term counts the iterations in which it was available (single-observer ISMCTS).

A game supplies a :class:`SearchPolicy`: the ordered candidate moves of a position (best first: the
tree widens progressively along that order, so the order is the prior), a cheap playout policy and an
evaluation per seat. Nothing else is game specific. The search never sees more than the view: it reads
the hidden parts only of its own samples.

Out-of-turn decisions (Bauhaus powers) are searched by giving explicit ``root_moves`` for the deciding
seat; :data:`PASS` among them stands for "do nothing now".

Deterministic for a seed at a fixed iteration budget (``SearchConfig.iterations``) as long as the time
limit does not cut it short (an infinite :class:`Budget` removes the time cap); the budget's cancel flag
stops it between iterations.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from bauhausbox.engine.api import GameRules, Seat
from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.rng import Rng

S = TypeVar("S")
M = TypeVar("M")


class _Pass:
    """The root move "do nothing now" of an out-of-turn decision."""

    def __repr__(self) -> str:
        return "PASS"


PASS: Any = _Pass()
_MAX_PLAYOUT_PLIES = 400  # a guard: a playout ends at the horizon long before this


S_contra = TypeVar("S_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)


class SearchPolicy(Protocol[S_contra, M_co]):
    """What a game gives the search: its knowledge of good moves and of good positions."""

    def candidates(self, state: S_contra, seat: Seat) -> Sequence[M_co]:
        """The moves the tree may try for ``seat`` (the seat to play) in a full state, best first.
        May be a pruned subset of the legal moves; must not be empty while the game goes on."""
        ...

    def playout(self, state: S_contra, rng: random.Random) -> Sequence[M_co]:
        """Cheap moves for the seat to play, applied in order (one decision, or a whole turn's plan)."""
        ...

    def evaluate(self, state: S_contra) -> Sequence[float]:
        """Per seat, how good ``state`` is for it, in [0, 1] (a win-probability-like value)."""
        ...


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """The knobs of a search. ``iterations`` is the node budget; ``seconds`` a time cap on top of it."""

    iterations: int = 300
    seconds: float = 1.0
    horizon: int = 3  # turns (changes of the seat to play) looked at past the root before evaluating
    exploration: float = 0.35  # UCB constant (values are in [0, 1])
    widening: float = 1.5  # a node with n visits may have up to widening * n ** widening_power children
    widening_power: float = 0.5
    min_children: int = 2


class Node:
    """One move sequence from the root; statistics for the seat who made the last move."""

    __slots__ = ("available", "children", "move", "mover", "reward", "visits")

    def __init__(self, move: Any, mover: Seat | None) -> None:
        self.move = move
        self.mover = mover
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


@dataclass
class SearchResult(Generic[M]):
    """The chosen move and what the search saw (for tests, benchmarks and the curious)."""

    move: M
    iterations: int
    seconds: float
    visits: dict[Any, int] = field(default_factory=dict)
    means: dict[Any, float] = field(default_factory=dict)


class InformationSetSearch(Generic[S, M]):
    """Single-observer ISMCTS over ``game`` with a game's :class:`SearchPolicy`."""

    def __init__(self, game: GameRules[Any, Any], policy: SearchPolicy[S, M], config: SearchConfig) -> None:
        self.game = game
        self.policy = policy
        self.config = config
        self.last_root: Node | None = None  # the tree of the last search (a bot may follow its best line)
        self.last_iterations = 0  # iterations of the last search (benchmarks report simulations per second)

    def search(
        self,
        view: S,
        seat: Seat,
        rng: random.Random,
        budget: Budget,
        root_moves: Sequence[Any] | None = None,
    ) -> SearchResult[Any]:
        """The best move for ``seat`` from its ``view``: among ``root_moves`` when given (an out-of-turn
        decision, :data:`PASS` allowed), else among the policy's candidates for the seat to play."""
        config = self.config
        started = time.perf_counter()
        # A budget without end (reproducible runs: golden files, tests) leaves only the node budget.
        stop_at = math.inf if math.isinf(budget.seconds) else min(budget.deadline, started + config.seconds)
        root = self.last_root = Node(None, None)
        iterations = self.last_iterations = 0
        if root_moves is not None and len(root_moves) == 1:
            return SearchResult(root_moves[0], 0, 0.0)
        while iterations < config.iterations:
            budget.check()
            if iterations and (budget.expired() or time.perf_counter() >= stop_at):
                break
            sample = self.game.determinize(view, seat, Rng.from_seed(rng.getrandbits(63)))
            self._iterate(root, sample, seat, rng, root_moves)
            iterations += 1
            self.last_iterations = iterations
        if not root.children:
            fallback = list(root_moves) if root_moves is not None else list(self.policy.candidates(view, seat))
            return SearchResult(fallback[0], iterations, time.perf_counter() - started)
        best = max(root.children.values(), key=lambda n: (n.visits, n.mean()))
        return SearchResult(
            best.move,
            iterations,
            time.perf_counter() - started,
            {n.move: n.visits for n in root.children.values()},
            {n.move: n.mean() for n in root.children.values()},
        )

    # -- one iteration ---------------------------------------------------------------------------
    def _iterate(
        self, root: Node, state: Any, seat: Seat, rng: random.Random, root_moves: Sequence[Any] | None
    ) -> None:
        game, policy, config = self.game, self.policy, self.config
        path = [root]
        node = root
        turns = 0
        mover: Seat | None = seat if root_moves is not None else state.to_play
        moves: Sequence[Any] | None = root_moves
        expanded = False
        while True:
            if state.to_play is None or turns >= config.horizon or mover is None:
                break
            if moves is None:
                moves = policy.candidates(state, mover)
            if not moves:
                break
            allowed = max(config.min_children, int(config.widening * (node.visits + 1) ** config.widening_power))
            considered = moves[:allowed]
            child = None
            for move in considered:
                if move not in node.children:
                    child = node.children[move] = Node(move, mover)
                    expanded = True
                    break
            for move in considered:
                found = node.children.get(move)
                if found is not None:
                    found.available += 1
            if child is None:
                log_total = math.log(max(1, sum(node.children[m].available for m in considered if m in node.children)))
                child = max(
                    (node.children[m] for m in considered if m in node.children),
                    key=lambda n: n.mean() + config.exploration * math.sqrt(log_total / (n.visits + 1e-9)),
                )
            before = state.to_play
            if child.move is not PASS:
                state = game.apply(state, child.move, mover)
            path.append(child)
            node = child
            if state.to_play != before:
                turns += 1
            mover = state.to_play
            moves = None
            if expanded:
                break
        # Play on cheaply to the horizon, then judge.
        plies = 0
        while state.to_play is not None and turns < config.horizon and plies < _MAX_PLAYOUT_PLIES:
            before = state.to_play
            plan = policy.playout(state, rng)
            if not plan:
                break
            for move in plan:
                if state.to_play != before:
                    break
                state = game.apply(state, move)
                plies += 1
            if state.to_play != before:
                turns += 1
        values = policy.evaluate(state)
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.reward += values[visited.mover]


def logistic(x: float) -> float:
    """A value difference squeezed into (0, 1), for evaluations."""
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))
