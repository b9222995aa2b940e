"""Buizen Wir-War computer players: easy, medium, hard and expert, each seeing only its own seat's view.

Easy and medium look one move ahead: for every legal move they lay the tile on a copy of the table and
judge the networks that result. Hard and expert search several moves deep (information-set search, see
:class:`BuizenSearchBot`; expert with three times the iterations), guided by the one-move planner at hard
settings. The one-move levels differ in what they judge:

- **easy** plays a random move a third of the time; otherwise it takes the move that adds the most
  fire-hose-style *points already closed* plus a little for links of its own material.
- **medium** values its own material's networks: closed ones in full, open ones discounted by their
  number of open ends.
- **hard**'s planner (the search's guide) values every network: its own (closed ones at risk from
  unseen open pits while a road end is unprotected, open ones by how likely each open end is to be
  closed — dead ends, which no tile in the set can ever fill, make a network worthless), minus the
  networks of the materials it believes its opponents hold (inferred from which materials each seat
  has been extending), plus a little for the tiles a move draws. Open pits and manholes fall out of
  the same judgement: a pit is worth playing on a road that closes an opponent's network, a manhole
  on a road that closes its own.

**hard** and **expert** (:class:`BuizenSearchBot`) run information-set Monte Carlo tree search
(:mod:`bauhausbox.engine.bots.ismcts`): each iteration deals the unseen tiles and the other seats'
materials anew (``GAME.determinize`` of its view), so it never uses what it cannot see. At the root the
one-move judgement above orders its own moves; every seat's moves deeper down, and the playouts, are the
best of a few sampled moves by that seat's own judgement of the sampled position. After a few moves of
every seat the position is judged: for the searching seat by hard's judgement from its view there plus
hard's drawing bonus per tile in hand, as a change from the root (with two players the opponent's
networks count in full: the win is the difference of the two scores); for the others by the value of
their sampled material and hand against the rest. The move played is the root move with the best mean,
each mean shrunk towards what hard's one-move judgement predicts for that move.

Every level stays within its budget (docs/buizen.md has the measured times); each also stops early and
plays its best move so far if the budget runs out.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from bauhausbox import games
from bauhausbox.engine.api import GameRules, Seat
from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.bots.ismcts import InformationSetSearch, SearchConfig, SearchResult, logistic
from bauhausbox.games.buizen.networks import Network, materials_of, table_networks, trace_network
from bauhausbox.games.buizen.rules import GAME, fitting_orientations, placement_outcome
from bauhausbox.games.buizen.state import BuizenState, Draw, LaidPipe, Move, Pass, Place, Special, Table
from bauhausbox.games.buizen.tiles import (
    BAG_CONTENTS,
    EDGE_KIND,
    MANHOLE,
    MATERIALS,
    OPEN_PIT,
    PIPE,
    ROAD_END,
    STEPS,
    TILE_NUMBERS,
    sides_of,
)

LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Tuning:
    """The hard level's weights (measured with :func:`strength`; see docs/buizen.md)."""

    opponent: float = 0.6  # how much an opponent's network value counts against us
    draw: float = 2.0  # value of each tile a move draws (more tiles, more choice)
    end_good: float = 0.75  # chance an open end closes when many tiles could fill it
    end_poor: float = 0.45  # ... when three or fewer could
    phase_tiles: int = 8  # below this many tiles left to play, open ends get less likely to close
    pit_risk: float = 0.12  # per unseen open pit, the chance an unprotected kerb gets pitted
    own_manhole: float = 0.25  # chance we draw and lay a manhole on a pit under our own network


class Knowledge:
    """What a seat knows that the judgement needs, computed once per decision from its view."""

    def __init__(self, view: BuizenState, seat: Seat) -> None:
        self.seat = seat
        self.material = view.colours[seat]
        hand = view.hands[seat]
        unseen = Counter(BAG_CONTENTS)
        unseen.subtract(laid.number for _, laid in view.pipes)
        unseen.subtract(kind for _, stack in view.roads for kind in stack)
        unseen.subtract(hand)
        self.unseen_pits = max(0, unseen[OPEN_PIT])
        self.unseen_manholes = max(0, unseen[MANHOLE])
        self.own_manholes = hand.count(MANHOLE)
        self.own_pits = hand.count(OPEN_PIT)
        self.remaining = len(view.bag) + sum(len(h) for h in view.hands)
        self.bag = len(view.bag)
        self.road_pile = min(view.road_pile, 4)
        self.pump_pile = min(view.pump_pile, 4)
        self.opponent_weight = self._opponent_weights(view)

    def _opponent_weights(self, view: BuizenState) -> dict[str, float]:
        """How likely each other material belongs to some opponent, from what each seat has extended."""
        others = [m for m in MATERIALS if m != self.material]
        seats = [s for s in range(view.players) if s != self.seat]
        if len(seats) >= len(others):
            return dict.fromkeys(others, 1.0)
        # Links each seat's tiles made in each material: people extend their own material.
        made: dict[int, Counter[str]] = {s: Counter() for s in seats}
        table = dict(view.pipes)
        for (x, y), laid in view.pipes:
            if laid.seat not in made:
                continue
            sides = laid.sides
            for direction, (dx, dy) in enumerate(STEPS):
                edge = sides[direction]
                if EDGE_KIND[edge] != PIPE:
                    continue
                neighbour = table.get((x + dx, y + dy))
                if neighbour is not None and neighbour.sides[(direction + 2) % 4] == edge:
                    made[laid.seat][edge] += 1
        weights = dict.fromkeys(others, 0.0)
        for seat in seats:
            scores = [math.exp(0.25 * made[seat][m]) for m in others]
            total = sum(scores)
            for material, score in zip(others, scores, strict=True):
                weights[material] += score / total
        return {m: min(1.0, w) for m, w in weights.items()}


@lru_cache(maxsize=100_000)
def fillers(context: tuple[str, ...], roads_left: int, pumps_left: int) -> int:
    """How many of the 40 tiles could be laid on a cell facing ``context``."""
    return sum(1 for n in TILE_NUMBERS if fitting_orientations(context, n, roads_left, pumps_left))


class Judge:
    """Values of networks for one decision: a baseline of the table before the move, then each move's change."""

    def __init__(self, knowledge: Knowledge, tuning: Tuning = Tuning()) -> None:
        self.k = knowledge
        self.t = tuning
        # The materials worth tracing: our own and those some opponent may hold.
        self.materials = [knowledge.material, *(m for m, w in knowledge.opponent_weight.items() if w > 0)]

    def fillers(self, context: tuple[str, ...]) -> int:
        return fillers(context, self.k.road_pile, self.k.pump_pile)

    def end_chance(self, table: Table, network: Network, cell: tuple[int, int], direction: int, own: bool) -> float:
        """Chance that one open end of ``network`` is closed before the game ends."""
        dx, dy = STEPS[direction]
        target = (cell[0] + dx, cell[1] + dy)
        if target in table.blocked:
            return 0.0
        edge = table.sides[cell][direction]
        if target in table.road_stacks:  # a kerb onto an open pit: only a manhole closes it
            if own and self.k.own_manholes:
                return 0.9
            if not self.k.unseen_manholes:
                return 0.0
            # Our own pitted network waits for a manhole we draw (nobody else knows it is ours); an
            # opponent's, for any of the others'. At 0.5 for our own, a pit under our own closed
            # network looked nearly free, and the hint once advised it (4 points lost at once).
            return self.t.own_manhole if own else 0.5
        if target in table.sides:
            return 0.0  # cannot happen in play: a mismatched neighbour
        if EDGE_KIND[edge] != PIPE:
            return 0.0  # a kerb or eave facing an empty cell whose pile ran out
        fillers = self.fillers(table.context(target))
        if fillers == 0:
            return 0.0
        phase = min(1.0, self.k.remaining / self.t.phase_tiles)
        return (self.t.end_poor if fillers <= 3 else self.t.end_good) * phase

    def value(self, table: Table, network: Network, own: bool) -> float:
        points = 2 * network.links
        if points == 0:
            return 0.0
        if network.closed:
            unprotected = 0
            for cell in network.cells:
                sides = table.sides[cell]
                for direction, edge in enumerate(sides):
                    if EDGE_KIND[edge] == ROAD_END and edge[2:] == network.material:
                        dx, dy = STEPS[direction]
                        if not table.road_stacks.get((cell[0] + dx, cell[1] + dy)):
                            unprotected += 1
            pits = self.k.unseen_pits if own else self.k.own_pits + self.k.unseen_pits * 0.5
            risk = min(0.5, self.t.pit_risk * pits) if unprotected else 0.0
            return points * (1 - risk) ** unprotected
        chance = 0.9
        for cell, direction in network.open_ends:
            chance *= self.end_chance(table, network, cell, direction, own)
            if chance == 0.0:
                return 0.0
        return points * chance

    def evaluate(self, table: Table) -> float:
        """The whole table's value, every network traced (what :meth:`evaluate_after` computes faster)."""
        total = 0.0
        for network in table_networks(table, self.materials):
            own = network.material == self.k.material
            total += self.weight(network.material) * self.value(table, network, own)
        return total

    def weight(self, material: str) -> float:
        if material == self.k.material:
            return 1.0
        return -self.t.opponent * self.k.opponent_weight.get(material, 0.0)

    def start(self, table: Table) -> None:
        """Value every network of the table before the move (the baseline that moves change)."""
        self.entries: list[tuple[Network, float, frozenset[tuple[int, int]]]] = []
        self.base_total = 0.0
        for network in table_networks(table, self.materials):
            worth = self.weight(network.material) * self.value(table, network, network.material == self.k.material)
            self.entries.append((network, worth, self._watch(table, network)))
            self.base_total += worth

    def _watch(self, table: Table, network: Network) -> frozenset[tuple[int, int]]:
        """Cells whose change could change this network's value: around each open end's target (its fill
        chance reads two cells out) and the roads its kerbs end on (open pits, manholes)."""
        cells: set[tuple[int, int]] = set()
        for cell, direction in network.open_ends:
            dx, dy = STEPS[direction]
            tx, ty = cell[0] + dx, cell[1] + dy
            cells.update((tx + ox, ty + oy) for ox, oy in _DIAMOND)
        for cell in network.cells:
            for direction, edge in enumerate(table.sides[cell]):
                if EDGE_KIND[edge] == ROAD_END:
                    dx, dy = STEPS[direction]
                    cells.add((cell[0] + dx, cell[1] + dy))
        return frozenset(cells)

    def evaluate_after(self, after: Table, changed: set[tuple[int, int]], placed: tuple[int, int] | None) -> float:
        """The value of ``after``, re-tracing only the networks the move touched."""
        total = self.base_total
        starts: list[tuple[str, tuple[int, int]]] = []
        for network, worth, watch in self.entries:
            if not watch.isdisjoint(changed):
                total -= worth
                starts.append((network.material, network.points[0][0]))
        if placed is not None:
            starts.extend((m, placed) for m in materials_of(after.sides[placed]) if m in self.materials)
        seen: dict[str, set[tuple[int, int]]] = {m: set() for m in self.materials}
        for material, cell in starts:
            if cell not in seen[material]:
                network = trace_network(after, cell, material, seen[material])
                total += self.weight(material) * self.value(after, network, material == self.k.material)
        return total


_DIAMOND = tuple((dx, dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2)


def _after(table: Table, view: BuizenState, move: Move, seat: Seat) -> tuple[Table, int, set[tuple[int, int]]]:
    """The table after ``move``, the number of tiles it draws and the cells it changed."""
    if isinstance(move, Place):
        outcome = placement_outcome(table, view, sides_of(move.number, move.face, move.rotation), move.cell)
        laid = LaidPipe(move.number, move.face, move.rotation, seat)
        changed = {move.cell, *outcome.roads, *outcome.pumps, *outcome.blocked}
        return table.with_pipe(move.cell, laid, outcome), min(outcome.touched, 3, len(view.bag)), changed
    if isinstance(move, Special):
        return table.with_special(move.cell, move.kind), min(1, len(view.bag)), {move.cell}
    return table, 0, set()


def _own_points(table: Table, material: str) -> tuple[int, int]:
    """(points of closed networks, links of all networks) of one material."""
    closed = links = 0
    for network in table_networks(table, (material,)):
        closed += network.score
        links += network.links
    return closed, links


def forced_move(moves: list[Move]) -> Move | None:
    """The move to play without thinking: the only one, or a draw or pass (then nothing else is legal)."""
    if not moves:
        raise ValueError("asked to move with no legal move")
    if len(moves) == 1 or isinstance(moves[0], Draw | Pass):
        return moves[0]
    return None


class BuizenBot:
    """One computer player; ``level`` is easy, medium or hard."""

    def __init__(self, level: str, seed: int = 0, tuning: Tuning = Tuning()) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.tuning = tuning
        self.name = f"buizen-{level}"
        self.random = random.Random(seed)

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any:
        moves: list[Move] = game.legal_moves(view, seat)
        forced = forced_move(moves)
        if forced is not None:
            return forced
        if self.level == "easy" and self.random.random() < 1 / 3:
            return self.random.choice(moves)
        table = Table(view)
        knowledge = Knowledge(view, seat)
        judge = Judge(knowledge, self.tuning)
        if self.level == "hard":
            judge.start(table)
        best: list[Move] = []
        best_score = -math.inf
        # Keep a margin of the budget for the caller; in random order, so a cut-off on a slow machine
        # still judges a fair sample of the moves.
        stop_at = time.perf_counter() + 0.8 * budget.remaining()
        moves = list(moves)
        self.random.shuffle(moves)
        for number, move in enumerate(moves):
            if number % 4 == 0:
                budget.check()
                if best and (budget.expired() or time.perf_counter() > stop_at):
                    break
            after, draws, changed = _after(table, view, move, seat)
            if self.level == "hard":
                placed = move.cell if isinstance(move, Place) else None
                score = judge.evaluate_after(after, changed, placed) + self.tuning.draw * draws
            else:
                score = self._score(after, knowledge)
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif score > best_score - 1e-9:
                best.append(move)
        return self.random.choice(best)

    def _score(self, table: Table, knowledge: Knowledge) -> float:
        if self.level == "easy":
            closed, links = _own_points(table, knowledge.material)
            return closed + 0.3 * links
        if self.level == "medium":
            total = 0.0
            for network in table_networks(table, (knowledge.material,)):
                total += network.score if network.closed else 2 * network.links * 0.4 ** len(network.open_ends)
            return total
        raise AssertionError(self.level)

    def interject(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any | None:
        return None


# -- hard: information-set search -------------------------------------------------------------------
#: The node budget of hard (iterations per decision) and its time cap; see docs/buizen.md.
HARD_SEARCH = SearchConfig(iterations=160, seconds=1.0, horizon=4, exploration=0.1)
#: Expert: the same search with three times the iterations, stopped at 3 s.
EXPERT_SEARCH = replace(HARD_SEARCH, iterations=480, seconds=3.0)
VALUE_SCALE = 4.0  # judgement points per logistic unit
SAMPLES = 8  # moves tried per decision below the root and in playouts
TREE_WIDTH = 8  # moves the one-move judgement offers the tree at the root
PRIOR_VISITS = 16.0  # how many visits hard's one-move judgement of a root move is worth in the final choice


def _scored(view: BuizenState, seat: Seat, moves: list[Move], tuning: Tuning) -> list[tuple[float, Move]]:
    """``moves`` with their hard one-move judgement by ``seat`` from ``view``, best first."""
    if len(moves) <= 1 or isinstance(moves[0], Draw | Pass):
        return [(0.0, move) for move in moves]
    table = Table(view)
    judge = Judge(Knowledge(view, seat), tuning)
    judge.start(table)
    scored = []
    for move in moves:
        after, draws, changed = _after(table, view, move, seat)
        placed = move.cell if isinstance(move, Place) else None
        scored.append((judge.evaluate_after(after, changed, placed) + tuning.draw * draws, move))
    scored.sort(key=lambda pair: -pair[0])
    return scored


def _ranked(view: BuizenState, seat: Seat, moves: list[Move], tuning: Tuning) -> list[Move]:
    """``moves`` best first by the hard one-move judgement of ``seat`` from ``view``."""
    return [move for _, move in _scored(view, seat, moves, tuning)]


class BuizenPolicy:
    """The game knowledge the search uses: candidate moves, cheap playouts and the evaluation."""

    def __init__(self, rng: random.Random, tuning: Tuning = Tuning()) -> None:
        self.rng = rng
        self.tuning = tuning
        self.me = 0
        self.judge = Judge(Knowledge(GAME.new_game(2, 0), 0), tuning)
        self.leaf_tuning = tuning
        self.root_standing = 0.0
        self.root_scores: dict[Move, float] = {}
        self._candidates: dict[tuple[Any, ...], list[Move]] = {}

    def begin(self, view: BuizenState, seat: Seat) -> None:
        self.me = seat
        self.judge = Judge(Knowledge(view, seat), self.tuning)
        # With two players the win is the difference of the two scores: the opponent's points count in
        # full (hard's 0.6 is tuned for tables where beating one opponent is not enough).
        self.leaf_tuning = replace(self.tuning, opponent=1.0) if view.players == 2 else self.tuning
        self.root_standing = self.standing(view, Table(view))
        self._candidates.clear()
        # The root's candidates and hard's judgement of each: the tree's order and the final choice's prior.
        self.root_scores = dict(
            (move, score) for score, move in _scored(view, seat, GAME.legal_moves(view, seat), self.tuning)[:TREE_WIDTH]
        )
        self._candidates[self._key(view, seat)] = list(self.root_scores)

    def choice(self, result: SearchResult[Move]) -> Move:
        """The move to play: each root move's mean leaf value, shrunk towards what hard's one-move
        judgement predicts for it as if that were :data:`PRIOR_VISITS` more visits.

        A few dozen noisy visits cannot tell moves a point apart; hard's judgement can. The prediction
        maps the judgement's difference from the visited average onto the leaves' scale (the logistic's
        slope at the average leaf value), so only the *differences* the judgement sees count, not its level.
        """
        visited = [(move, n) for move, n in result.visits.items() if n and move in self.root_scores]
        if not visited:
            return result.move
        total = sum(n for _, n in visited)
        average = sum(n * result.means[move] for move, n in visited) / total
        expected = sum(n * self.root_scores[move] for move, n in visited) / total
        slope = average * (1 - average) / VALUE_SCALE

        def blended(move: Move, n: int) -> float:
            prior = average + slope * (self.root_scores[move] - expected)
            return (n * result.means[move] + PRIOR_VISITS * prior) / (n + PRIOR_VISITS)

        return max(visited, key=lambda pair: blended(*pair))[0]

    def standing(self, state: BuizenState, table: Table) -> float:
        """The searching seat's judgement of a position: hard's judgement from its view there (so the
        chances of open ends, the pit risk and the guess of the others' materials follow the position),
        plus the drawing bonus for each tile in its hand (what hard's bonus per drawn tile pays for)."""
        return self.leaf_judge(state).evaluate(table) + self.tuning.draw * len(state.hands[self.me])

    def leaf_judge(self, state: BuizenState) -> Judge:
        """Hard's judgement for the searching seat from its view of ``state`` (with the leaves' weights)."""
        return Judge(Knowledge(GAME.view(state, self.me), self.me), self.leaf_tuning)

    def _key(self, state: BuizenState, seat: Seat) -> tuple[Any, ...]:
        # What a seat's moves depend on: the table and its own hand.
        return (seat, state.pipes, state.roads, state.blocked, state.pump_pile, state.road_pile, state.hands[seat])

    def candidates(self, state: BuizenState, seat: Seat) -> list[Move]:
        key = self._key(state, seat)
        found = self._candidates.get(key)
        if found is None:
            moves = GAME.legal_moves(state, seat)
            if len(moves) > SAMPLES:
                moves = self.rng.sample(moves, SAMPLES)
            found = _ranked(GAME.view(state, seat), seat, moves, self.tuning)
            if len(self._candidates) > 50_000:
                self._candidates.clear()
            self._candidates[key] = found
        return found

    def playout(self, state: BuizenState, rng: random.Random) -> list[Move]:
        seat = state.to_play
        assert seat is not None
        if not state.bag and not any(hand for other, hand in enumerate(state.hands) if other != seat):
            # Everybody else is out: the seat plays on alone, the seat to play never changes, and the
            # search's horizon (counted in changes of the seat to play) would never come. Judge here.
            return []
        return self.candidates(state, seat)[:1]

    def evaluate(self, state: BuizenState) -> list[float]:
        players = state.players
        table = Table(state)
        by_material = dict.fromkeys(MATERIALS, 0.0)
        for network in table_networks(table):
            by_material[network.material] += self.judge.value(table, network, network.material == self.judge.k.material)
        # Each other seat: its sampled material's value and hand against the rest.
        raw = [by_material[state.colours[s]] + self.tuning.draw * len(state.hands[s]) for s in range(players)]
        result = []
        for s in range(players):
            others = [raw[o] for o in range(players) if o != s]
            result.append(logistic((raw[s] - 0.5 * (max(others) + sum(others) / len(others))) / VALUE_SCALE))
        # The searching seat: its own judgement (its guess of the others' materials, not the sample's),
        # as a change from the root's, so the logistic stays steep however far ahead the game is.
        result[self.me] = logistic((self.standing(state, table) - self.root_standing) / VALUE_SCALE)
        return result


class BuizenSearchBot:
    """The hard and expert levels: information-set search a few moves deep (see the module docstring)."""

    def __init__(
        self, seed: int = 0, config: SearchConfig = HARD_SEARCH, tuning: Tuning = Tuning(), level: str = "hard"
    ) -> None:
        self.level = level
        self.name = f"buizen-{level}"
        self.config = config
        self.random = random.Random(seed)
        self.policy = BuizenPolicy(self.random, tuning)
        self.search = InformationSetSearch[BuizenState, Move](GAME, self.policy, config)

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any:
        moves: list[Move] = game.legal_moves(view, seat)
        forced = forced_move(moves)
        if forced is not None:
            return forced
        self.policy.begin(view, seat)
        return self.policy.choice(self.search.search(view, seat, self.random, budget))

    def interject(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any | None:
        return None


def make_bot(level: str, seed: int = 0) -> BuizenBot | BuizenSearchBot:
    # Hard searches: 100 seeded duels showed it beats the former hard, the one-move planner that now
    # guides it (docs/buizen.md, "Strength"). Expert is the same search, three times as long.
    if level == "hard":
        return BuizenSearchBot(seed)
    if level == "expert":
        return BuizenSearchBot(seed, EXPERT_SEARCH, level="expert")
    return BuizenBot(level, seed)


# -- strength measurement ---------------------------------------------------------------------------------
def play_match(levels: list[str], seed: int, seconds: float = 1.0) -> tuple[list[int], list[float]]:
    """One seeded game between bots of ``levels`` (one per seat; "random" allowed).

    Returns the final scores and the slowest move time (seconds) of each seat."""
    state = GAME.new_game(len(levels), seed)
    bots = [games.make_bot("buizen", level, seed * 10 + i) for i, level in enumerate(levels)]
    slowest = [0.0] * len(levels)
    while state.to_play is not None:
        seat = state.to_play
        started = time.perf_counter()
        move = bots[seat].choose(GAME, GAME.view(state, seat), seat, Budget(seconds))
        slowest[seat] = max(slowest[seat], time.perf_counter() - started)
        state = GAME.apply(state, move)
    return GAME.scores(state), slowest


def strength(games_count: int = 200, seed: int = 1, players: int = 4) -> dict[str, Any]:
    """Average score per level over seeded games with one seat of each level (random, easy, medium, hard
    for 4 players), the seats rotated every game so no level keeps a seat."""
    levels = ["random", "easy", "medium", "hard"][4 - players :]
    totals: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    slowest: dict[str, float] = dict.fromkeys(levels, 0.0)
    for number in range(games_count):
        shift = number % len(levels)
        seating = levels[shift:] + levels[:shift]
        scores, times = play_match(seating, seed + number)
        best = max(scores)
        for seat, level in enumerate(seating):
            totals[level] += scores[seat]
            wins[level] += scores[seat] == best
            slowest[level] = max(slowest[level], times[seat])
    return {
        "games": games_count,
        "players": len(levels),
        "average": {level: totals[level] / games_count for level in levels},
        "wins_or_ties": {level: wins[level] for level in levels},
        "slowest_move_s": slowest,
    }
