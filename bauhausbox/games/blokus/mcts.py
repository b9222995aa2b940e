"""Monte Carlo tree search for the Blokus "hard" and "expert" levels.

One search (a *shard*) grows a tree from the position to play:

- **priors**: a node lists its legal moves once, ordered by the one-move evaluation of
  :func:`heuristics.move_values` (the medium bot's judgement, with the hard weights);
- **progressive widening**: a node visited ``n`` times considers only its first
  ``widen_base · (n + 1) ** widen_power`` moves in prior order (the prior decides which moves are
  searched at all, and adds a progressive bias ``prior_bias · prior / (visits + 1)`` to the choice
  among them; letting moves in by their AMAF value instead favoured the small pieces that
  playouts place late, in positions that were won anyway);
- **RAVE/AMAF**: every simulation credits each move it made (in the tree and in the playout) to
  every node above where the same colour could have made it; a node's choice blends a move's own
  mean with that shared mean, trusting the shared one less as its own visits grow;
- **playouts**: :func:`heuristics.playout` finishes the game with sampled moves; each seat's reward is
  half win / draw / loss, half its margin, so big wins beat narrow ones and few playouts still
  tell moves apart.

The budget is *work*: the number of placements simulated (tree steps and playout moves), which is
proportional to thinking time over the whole game, and deterministic for a seed. A wall-clock cap
and a stop check bound it in the app. Root parallelisation (``pool.py``) runs several shards with
different seeds and adds up their root statistics (:func:`merge`).

This module is the definition. Where the compiled core runs (``core.py``), :meth:`Search.run` hands
a classic-board search with 2 or 4 seats to its C twin, which grows the same tree with the same
arithmetic and the same draws of the random function: the same root statistics for a seed, many
times faster. Three players and ``opening_pieces`` stay here.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bauhausbox.engine.api import Seat
from bauhausbox.games.blokus import core, heuristics
from bauhausbox.games.blokus.bitboard import Placement
from bauhausbox.games.blokus.rules import GAME, BlokusState

#: Root statistics of a shard: placement index -> (visits, reward sum of the seat to play).
RootStats = dict[int, tuple[int, float]]


@dataclass(frozen=True, slots=True)
class Settings:
    """The knobs of one shard's search."""

    work: int  # placements to simulate (the fixed, deterministic budget)
    seconds: float = math.inf  # wall-clock cap
    widen_base: float = 2.0
    widen_power: float = 0.35
    explore: float = 0.3  # UCB exploration constant (rewards lie in 0..1)
    prior_bias: float = 0.2  # progressive bias: prior / (visits + 1) added to a move's score
    rave_equivalence: float = 150.0  # visits at which a move's own mean and its AMAF mean weigh the same
    win_share: float = 0.5  # reward = win_share · (win 1, draw ½, loss 0) + the rest from the margin
    margin_scale: float = 30.0  # a margin this big earns the whole margin part of the reward
    weights: heuristics.Weights = heuristics.HARD_WEIGHTS
    opening_pieces: bool = False  # early in a classic game, search only the pieces of heuristics.opening_pieces
    # At most this many simulations, whatever the work left: near the end a playout is a placement or
    # two, and a million walks through the tree (each adding a node) only repeat what the first said.
    max_simulations: int = 100_000
    policy: int = heuristics.POLICY  # the playouts' policy (heuristics.LOCAL, heuristics.OPENING)
    # Prior knowledge: a move let in starts with this many virtual visits, worth 0.5 ± prior_value / 2
    # by its prior (the best move the most); they weigh in its mean until real visits outnumber them.
    prior_visits: float = 0.0
    prior_value: float = 0.4


class Node:
    """A position in the tree, with the statistics of its moves (edges)."""

    __slots__ = ("amaf", "children", "colour", "keys", "moves", "priors", "rewards", "seat", "state", "tried", "visits")

    def __init__(self, state: BlokusState) -> None:
        self.state = state
        self.seat: Seat | None = state.to_play
        self.colour = state.colour
        self.moves: list[Placement] = []  # listed on the first pass through the node
        self.priors: list[float] = []  # 0..1, the best move 1
        self.keys: list[int] = []  # heuristics.move_key of each move
        self.tried: list[int] = []  # indexes into moves, in the order they were let in
        self.children: dict[int, Node] = {}
        self.visits: dict[int, int] = {}
        self.rewards: dict[int, float] = {}
        self.amaf: dict[int, list[float]] = {}  # move key -> [count, reward sum]

    @property
    def total(self) -> int:
        return sum(self.visits.values())

    def expand(self, settings: Settings) -> None:
        moves: list[Placement] = GAME.legal_moves(self.state)
        if settings.opening_pieces:
            allowed = heuristics.opening_pieces(self.state)
            if allowed is not None:
                chosen = [move for move in moves if allowed >> move.piece & 1]
                moves = chosen or moves  # never an empty list: a colour may hold none of them
        values = heuristics.move_values(self.state, moves, settings.weights)
        order = sorted(range(len(moves)), key=values.__getitem__, reverse=True)
        self.moves = [moves[i] for i in order]
        best, worst = values[order[0]], values[order[-1]]
        spread = best - worst or 1.0
        self.priors = [(values[i] - worst) / spread for i in order]
        self.keys = [heuristics.move_key(move, self.colour) for move in self.moves]


class Search:
    """One shard: a tree, a random stream and a budget."""

    def __init__(self, root: BlokusState, settings: Settings, seed: int) -> None:
        self.settings = settings
        self.root = Node(root)
        self.rnd = heuristics.SplitMix(random.Random(seed).getrandbits(64))
        self.players = root.players
        self.simulations = 0
        self.work = 0
        # The seats' scoring colours, worked out once (teams and two-colour seats).
        self.colours_of = [
            heuristics.scoring_colours(root.players, root.teams, seat, root.variant) for seat in range(root.players)
        ]
        # Per root move (its place in the root's list), each seat's share of the playouts' wins, when
        # asked for (set to {} before run(): the analysis asks for it; a bot does not). After run(),
        # ``outcomes`` has the same by placement index, on either path.
        self.results: dict[int, list[float]] | None = None
        self.outcomes: dict[int, list[float]] = {}

    def run(self, stop: Callable[[], bool] = lambda: False, shortcut: bool = True) -> RootStats:
        """Simulate until the work or the time is spent, or ``stop()`` says so; the root's statistics.
        With ``shortcut`` a single legal move is returned unsearched."""
        root = self.root
        if root.seat is None:
            return {}
        native = self._native()
        if native is not None:  # the same search, compiled (_core.c): the same statistics for a seed
            return self._run_native(native, stop, shortcut)
        root.expand(self.settings)
        if shortcut and len(root.moves) == 1:
            return {root.moves[0].index: (1, 0.0)}
        deadline = time.perf_counter() + self.settings.seconds
        while True:
            self.simulate()  # at least one, so there is always a move to return
            if (
                self.work >= self.settings.work
                or self.simulations >= self.settings.max_simulations
                or stop()
                or time.perf_counter() >= deadline
            ):
                break
        if self.results is not None:
            self.outcomes = {root.moves[i].index: self.results[i] for i in root.tried}
        return {root.moves[i].index: (root.visits[i], root.rewards[i]) for i in root.tried}

    def _native(self) -> core.Native | None:
        """The compiled core when it can run this search: the classic board with 2 or 4 seats and no
        opening restriction."""
        state = self.root.state
        if self.settings.opening_pieces or state.players == 3:
            return None
        return core.native_for(state.variant, core.SEARCH)

    def _run_native(self, native: core.Native, stop: Callable[[], bool], shortcut: bool) -> RootStats:
        state = self.root.state
        settings = self.settings
        weights = settings.weights
        knobs = (
            min(settings.work, 1 << 62),
            settings.seconds,
            settings.widen_base,
            settings.widen_power,
            settings.explore,
            settings.prior_bias,
            settings.rave_equivalence,
            settings.win_share,
            settings.margin_scale,
            weights.size,
            weights.own_corners,
            weights.taken_corners,
            weights.centre,
            weights.opening_plies,
            settings.max_simulations,
            settings.policy,
            settings.prior_visits,
            settings.prior_value,
        )
        stats, simulations, work, outcomes = native.search(
            state.hands,
            state.forbidden,
            state.attach,
            state.occupied,
            state.out,
            state.monomino_last,
            state.colour,
            state.to_play,  # type: ignore[arg-type]  # not None: run() returned already
            state.players,
            state.teams,
            knobs,
            self.rnd,
            stop,
            self.results is not None,
            shortcut,
        )
        self.simulations += simulations
        self.work += work
        if outcomes is not None:
            self.outcomes = {index: shares for (index, _, _), shares in zip(stats, outcomes, strict=True)}
        return {index: (visits, reward) for index, visits, reward in stats}

    def simulate(self) -> None:
        settings = self.settings
        path: list[tuple[Node, int]] = []
        node = self.root
        played: list[int] = []  # move keys of the tree part
        while True:
            if node.seat is None:
                break
            if not node.moves:
                node.expand(settings)
            pick = self._select(node)
            path.append((node, pick))
            played.append(node.keys[pick])
            child = node.children.get(pick)
            if child is None:
                child = Node(GAME.apply(node.state, node.moves[pick]))
                node.children[pick] = child
                node = child
                break
            node = child
        points = heuristics.playout(node.state, self.rnd, played, settings.policy)
        self.work += len(played)
        self.simulations += 1
        rewards = self._rewards(points)
        if self.results is not None:
            self._count_result(path[0][1], points)
        # Walk back up: each node credits its move, and every later move of its colour as AMAF. The
        # later moves are kept per colour (a key's low two bits), so a node walks only its own colour's.
        seen: set[int] = set()
        by_colour: list[list[int]] = [[], [], [], []]
        for key in played[len(path) :]:
            if key not in seen:
                seen.add(key)
                by_colour[key & 3].append(key)
        for depth in range(len(path) - 1, -1, -1):
            node, pick = path[depth]
            reward = rewards[node.seat]  # type: ignore[index]
            node.visits[pick] = node.visits.get(pick, 0) + 1
            node.rewards[pick] = node.rewards.get(pick, 0.0) + reward
            key = played[depth]
            if key not in seen:
                seen.add(key)
                by_colour[key & 3].append(key)
            amaf = node.amaf
            for key in by_colour[node.colour]:
                entry = amaf.get(key)
                if entry is None:
                    amaf[key] = [1, reward]
                else:
                    entry[0] += 1
                    entry[1] += reward

    def _select(self, node: Node) -> int:
        settings = self.settings
        total = node.total
        allowed = min(len(node.moves), int(settings.widen_base * (total + 1) ** settings.widen_power))
        if len(node.tried) < max(1, allowed):
            pick = len(node.tried)  # moves are let in in prior order (progressive unpruning)
            node.tried.append(pick)
            return pick
        log_total = math.log(total)
        explore = settings.explore
        bias = settings.prior_bias
        k = settings.rave_equivalence
        virtual = settings.prior_visits
        worth = settings.prior_value
        best, best_score = node.tried[0], -math.inf
        for i in node.tried:
            visits = node.visits[i]
            mean = (node.rewards[i] + virtual * (0.5 + worth * (node.priors[i] - 0.5))) / (visits + virtual)
            entry = node.amaf.get(node.keys[i])
            if entry is not None:
                beta = math.sqrt(k / (3 * visits + k))
                mean = (1 - beta) * mean + beta * entry[1] / entry[0]
            score = mean + explore * math.sqrt(log_total / visits) + bias * node.priors[i] / (visits + 1)
            if score > best_score:
                best, best_score = i, score
        return best

    def _count_result(self, pick: int, points: Sequence[int]) -> None:
        """Credit the root move ``pick`` with each seat's share of the win: 1 for a sole winner, shared
        out among tied winners (team mates, one team's two seats, count as one winner)."""
        totals = [sum(points[c] for c in colours) for colours in self.colours_of]
        best = max(totals)
        winners = {self.colours_of[seat] for seat, total in enumerate(totals) if total == best}
        sums = self.results.setdefault(pick, [0.0] * len(totals))  # type: ignore[union-attr]
        for seat, total in enumerate(totals):
            if total == best:
                sums[seat] += 1 / len(winners)

    def _rewards(self, points: Sequence[int]) -> list[float]:
        """Each seat's reward for a finished game: its result against the best other seat, in 0..1."""
        totals = [sum(points[c] for c in colours) for colours in self.colours_of]
        settings = self.settings
        rewards = []
        for seat, own in enumerate(totals):
            others = [t for s, t in enumerate(totals) if self.colours_of[s] != self.colours_of[seat]]
            margin = own - max(others)
            result = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
            share = 0.5 + max(-0.5, min(0.5, margin / (2 * settings.margin_scale)))
            rewards.append(settings.win_share * result + (1 - settings.win_share) * share)
        return rewards


def search_shard(
    state: BlokusState, settings: Settings, seed: int, stop: Callable[[], bool] = lambda: False
) -> tuple[RootStats, int, int]:
    """One shard's root statistics, simulations and work (what a pool worker runs)."""
    search = Search(state, settings, seed)
    stats = search.run(stop)
    return stats, search.simulations, search.work


def merge(results: Sequence[RootStats]) -> RootStats:
    """Root statistics of several shards added up."""
    merged: dict[int, tuple[int, float]] = {}
    for stats in results:
        for index, (visits, reward) in stats.items():
            old_visits, old_reward = merged.get(index, (0, 0.0))
            merged[index] = (old_visits + visits, old_reward + reward)
    return merged


def best_move(merged: RootStats) -> int:
    """The placement index visited most (ties: the better mean, then the lower index)."""
    return max(merged, key=lambda index: (merged[index][0], merged[index][1] / merged[index][0], -index))
