"""Bauhaus computer players: easy and medium are one-turn planners over an evaluation; hard searches.

A card turn is several decisions (choose a card, then one or two resolution moves), so a bot plans
the *whole* turn when it chooses: for each performable card it searches that card's resolutions
(pruned to the neighbourhood of tokens, Free walls as pairs) and keeps the best plan, then plays the
plan's moves as the following decisions come. It sees only its view (the deck order is hidden; the
sorted deck of a view is never used to guess draws).

The evaluation, for the seat ``me``: points now, plus *pocket potential* — for each token still in
play, the best small area around it that holds no opponent token, worth ``size × 0.45^gaps`` where
``gaps`` is the number of wall-free edges still to close. Hard subtracts the opponents' points and
potential (so it spoils their nearly closed pockets with walls, moves and swaps); medium ignores the
opponents' potential; both use a power when it gains more than keeping it is worth (:func:`_power_worth`);
easy looks at its own pockets only, nearby, never uses powers, and plays a
random move one time in four.

**hard** runs information-set Monte Carlo tree search (:mod:`bauhausbox.engine.bots.ismcts`): every
iteration shuffles the unseen deck anew (``GAME.determinize``), so the cards that refill the display are
never known in advance, and looks several turns ahead. The one-turn planner above (at hard settings)
orders the tree's moves at the root; deeper down, and in the playouts, each card is tried with a few
sampled resolutions (:class:`BauhausPolicy`). Its own powers are moves of the tree; an unused power is
worth a little in the evaluation (more early on), so the search spends one only when it gains more. Out
of turn (another seat's power window), a cheap screen proposes a power and a short search decides
between it and doing nothing. A card turn is searched once, when the card is chosen: the resolution
moves of the best line are played as the following decisions come.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from bauhausbox.engine.api import GameRules, Seat
from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.bots.ismcts import PASS, InformationSetSearch, Node, SearchConfig, logistic
from bauhausbox.games.bauhaus.board import bits
from bauhausbox.games.bauhaus.cards import CARDS, FREE_WALLS, MOVE_TOKEN, MOVE_WALL, NO_CARD, PATTERN, PLACE
from bauhausbox.games.bauhaus.rules import CHOOSE, GAME, OPENING, RESOLVE, BauhausRules, BauhausState, Move, MoveKind

GAP_DECAY = (1.0, 0.45, 0.2, 0.09, 0.04, 0.018, 0.008)
SOFT_SECONDS = 1.2


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    pocket_size: int  # largest pocket considered around a token
    opponent_potential: float  # weight of the opponents' pockets (spoiling)
    opponent_points: float  # weight of the opponents' points
    random_share: float  # share of moves played at random
    width: int  # candidates kept per pruning stage
    powers: bool
    reply_plans: int = 0  # best plans re-scored after the next player's best reply (0: none)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 4, 0.0, 0.0, 0.25, 4, False),
    "medium": Level("medium", 8, 0.0, 0.5, 0.0, 6, True),
    "hard": Level("hard", 10, 0.8, 1.0, 0.0, 10, True),
}


class Evaluator:
    """Scores positions for one seat; pocket values are cached per local neighbourhood."""

    def __init__(self, rules: BauhausRules, level: Level) -> None:
        self.rules = rules
        self.board = rules.board
        self.level = level
        self._pockets: dict[tuple[int, int, int, int], float] = {}
        self._boxes: dict[int, tuple[int, int]] = {}

    def pocket(self, state: BauhausState, square: int, mine: int, others: int) -> float:
        """Best ``size × decay^gaps`` over areas grown greedily from ``square`` without ``others``,
        within three squares of it (so the answer depends on a small neighbourhood, and caches well)."""
        box, box_edges = self._box(square)
        walls = state.walls & box_edges
        key = (square, walls, mine & box, others & box)
        cached = self._pockets.get(key)
        if cached is not None:
            return cached
        b = self.board
        h = walls & b.h_mask
        v = walls >> b.v_offset
        stride = b.stride
        free_e, free_w, free_n, free_s = ~(v >> 1), ~v, ~(h >> stride), ~h
        allowed = box & ~others
        square_edges = b.square_edges
        area = 1 << square
        gaps = 4 - (square_edges[square] & walls).bit_count()
        best = GAP_DECAY[min(gaps, len(GAP_DECAY) - 1)]
        for size in range(2, self.level.pocket_size + 1):
            grow = ((area & free_e) << 1) | ((area & free_w) >> 1) | ((area & free_n) << stride)
            grow |= (area & free_s) >> stride
            grow &= allowed & ~area
            if not grow:
                break
            # Add the neighbour that leaves the fewest gaps: its free edges, minus twice its links.
            east, west, north, south = area >> 1, area << 1, area >> stride, area << stride
            choice, fewest = 0, 99
            while grow:
                q = grow & -grow
                grow ^= q
                links = bool(q & free_e & east) + bool(q & free_w & west)
                links += bool(q & free_n & north) + bool(q & free_s & south)
                delta = 4 - (square_edges[q.bit_length() - 1] & walls).bit_count() - 2 * links
                if delta < fewest:
                    fewest, choice = delta, q
            area |= choice
            gaps += fewest
            value = size * GAP_DECAY[min(gaps, len(GAP_DECAY) - 1)]
            if value > best:
                best = value
            if gaps == 0:
                break
        if len(self._pockets) > 300_000:
            self._pockets.clear()
        self._pockets[key] = best
        return best

    def _box(self, square: int) -> tuple[int, int]:
        found = self._boxes.get(square)
        if found is None:
            b = self.board
            col, row = b.cell(square)
            box = 0
            edges = 0
            for c in range(max(0, col - 3), min(b.size, col + 4)):
                for r in range(max(0, row - 3), min(b.size, row + 4)):
                    box |= 1 << b.square(c, r)
                    edges |= b.square_edges[b.square(c, r)]
            found = self._boxes[square] = (box, edges)
        return found

    def potentials(self, state: BauhausState) -> list[float]:
        """Per seat: the pocket potential of its tokens still in play (deployed, or forced in the open)."""
        a = self.rules.analysis(state)
        result = []
        for seat in range(state.players):
            mine = state.deployed[seat] | state.control[seat]
            others = a.tokens & ~mine
            in_play = (state.deployed[seat] | (state.control[seat] & ~a.closed)) & ~a.locked
            total = 0.0
            for square in bits(in_play):
                total += self.pocket(state, square, mine, others)
            result.append(total)
        return result

    def value(self, state: BauhausState, me: int) -> float:
        points = self.rules.scores(state)
        potential = self.potentials(state)
        level = self.level
        mine = points[me] + potential[me]
        others = [
            level.opponent_points * points[s] + level.opponent_potential * potential[s]
            for s in range(state.players)
            if s != me
        ]
        if not others:
            return mine
        return mine - 0.5 * (max(others) + sum(others) / len(others))


class BauhausBot:
    """A computer player of one level (see the module docstring)."""

    def __init__(self, level: str, seed: int = 0, rules: BauhausRules = GAME) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level = LEVELS[level]
        self.name = f"bauhaus-{level}"
        self.rules = rules
        self.random = random.Random(seed)
        self.evaluator = Evaluator(rules, self.level)
        self._plan: dict[BauhausState, Move] = {}

    # -- the bot interface ---------------------------------------------------------------------
    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any:
        state: BauhausState = view
        # Think at most ``SOFT_SECONDS`` even when allowed more (a move must come within 2 s).
        budget = budget.fraction(min(1.0, SOFT_SECONDS / max(budget.remaining(), 1e-9)))
        moves = [m for m in self.rules.legal_moves(state, seat) if m.kind != MoveKind.POWER]
        if self.level.powers:
            power = self._power(state, seat, budget)
            if power is not None:
                return power
        if len(moves) == 1:
            return moves[0]
        if self.random.random() < self.level.random_share:
            return self.random.choice(moves)
        planned = self._plan.get(state)
        if planned is not None and planned in moves:
            return planned
        if state.phase == OPENING:
            return self._best_single(state, seat, moves, budget)[1]
        if state.phase == CHOOSE:
            if moves[0].kind == MoveKind.DISCARD:
                return self._discard(state, seat, moves)
            return self._choose_card(state, seat, moves, budget)
        plan = self._best_resolution(state, seat, budget)
        return plan[0] if plan and plan[0] in moves else self.random.choice(moves)

    def interject(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any | None:
        if not self.level.powers:
            return None
        budget = budget.fraction(min(1.0, SOFT_SECONDS / max(budget.remaining(), 1e-9)))
        return self._power(view, seat, budget)

    # -- planning a turn -------------------------------------------------------------------------
    def _value(self, state: BauhausState, seat: int) -> float:
        return self.evaluator.value(state, seat)

    def _choose_card(self, state: BauhausState, seat: int, moves: list[Move], budget: Budget) -> Move:
        candidates: list[tuple[float, Move, list[Move], BauhausState]] = []
        seen: set[int] = set()
        keep = max(1, self.level.reply_plans)
        for move in moves:
            card = state.display[move.slot]
            if card in seen or (candidates and budget.expired()):
                continue
            seen.add(card)
            budget.check()
            resolving = self.rules.apply(state, move)
            for value, plan, after in self._plans(resolving, seat, budget, keep):
                candidates.append((value, move, plan, after))
        if not candidates:
            return self.random.choice(moves)
        candidates.sort(key=lambda c: -c[0])
        best = candidates[0]
        if self.level.reply_plans and len(candidates) > 1:
            # Look one turn further: how good is each of the best plans once the next player replied?
            scored: list[tuple[float, float, Move, list[Move], BauhausState]] = []
            for value, move, plan, after in candidates[: self.level.reply_plans]:
                if budget.expired() and scored:
                    break
                hidden = _without_slot(after, move.slot)
                scored.append((self._after_reply(hidden, seat, budget) + 0.01 * value, value, move, plan, after))
            top = max(scored, key=lambda c: c[0])
            best = (top[1], top[2], top[3], top[4])
        _, chosen, plan, _ = best
        # Remember the plan so the resolution decisions follow it.
        self._plan.clear()
        current = self.rules.apply(state, chosen)
        for step in plan:
            self._plan[current] = step
            current = self.rules.apply(current, step)
        return chosen

    def _after_reply(self, state: BauhausState, me: int, budget: Budget) -> float:
        """My value after the next player's best turn (by their own evaluation) from ``state``; the
        card turned up to refill the display is unknown, so that slot is left out."""
        if state.to_play is None or state.phase != CHOOSE:
            return self._value(state, me)
        other = state.to_play
        best_value = float("-inf")
        result = self._value(state, me)
        tried: set[int] = set()
        for move in self.rules.legal_moves(state, other):
            if move.kind != MoveKind.CARD or state.display[move.slot] in tried:
                continue
            tried.add(state.display[move.slot])
            if budget.expired():
                break
            resolving = self.rules.apply(state, move)
            plans = self._plans(resolving, other, budget, 1)
            if plans and plans[0][0] > best_value:
                best_value = plans[0][0]
                result = self._value(plans[0][2], me)
        return result

    def _best_resolution(self, state: BauhausState, seat: int, budget: Budget) -> list[Move]:
        plans = self._plans(state, seat, budget, 1)
        return plans[0][1] if plans else []

    def _plans(
        self, state: BauhausState, seat: int, budget: Budget, keep: int
    ) -> list[tuple[float, list[Move], BauhausState]]:
        """The ``keep`` best ways (by ``seat``'s evaluation) to finish the chosen card: value, moves
        (one, or two for Free walls) and the position after them."""
        card = self.rules.chosen_card(state)
        if card == NO_CARD:
            return []
        moves = [m for m in self.rules.legal_moves(state, state.to_play) if m.kind != MoveKind.POWER]
        if not moves:
            return []
        kind = CARDS[card].kind
        candidates = self._prune(state, kind, moves)
        if kind == FREE_WALLS and state.placed == 0:
            pairs: list[tuple[float, list[Move], BauhausState]] = []
            for _, first, middle in self._rank(state, seat, candidates, budget)[: self.level.width]:
                budget.check()
                if pairs and budget.expired():
                    break
                seconds = [m for m in self.rules.legal_moves(middle, middle.to_play) if m.kind != MoveKind.POWER]
                seconds = self._prune(middle, kind, seconds)
                for value, second, after in self._rank(middle, seat, seconds, budget)[:keep]:
                    pairs.append((value, [first, second], after))
            pairs.sort(key=lambda p: -p[0])
            return pairs[:keep]
        if kind == MOVE_WALL and len(candidates) > 300:
            candidates = self._prune_wall_moves(state, seat, candidates, budget)
        if kind == MOVE_TOKEN and len(candidates) > 300:
            candidates = self._prune_token_moves(state, seat, candidates, budget)
        return [(value, [move], after) for value, move, after in self._rank(state, seat, candidates, budget)[:keep]]

    def _rank(
        self, state: BauhausState, seat: int, moves: list[Move], budget: Budget
    ) -> list[tuple[float, Move, BauhausState]]:
        ranked: list[tuple[float, Move, BauhausState]] = []
        for index, move in enumerate(moves):
            if index % 16 == 0:
                budget.check()
                if ranked and budget.expired():
                    break
            after = self.rules.apply(state, move)
            ranked.append((self._value(after, seat) + self.random.random() * 1e-6, move, after))
        ranked.sort(key=lambda triple: -triple[0])
        return ranked

    def _best_single(self, state: BauhausState, seat: int, moves: list[Move], budget: Budget) -> tuple[float, Move]:
        ranked = self._rank(state, seat, moves, budget)
        return ranked[0][0], ranked[0][1]

    # -- pruning -------------------------------------------------------------------------------
    def _near_tokens(self, state: BauhausState, reach: int) -> int:
        """Squares within ``reach`` king steps of a token."""
        b = self.rules.board
        area = self.rules.analysis(state).tokens
        for _ in range(reach):
            area |= (area << 1) | (area >> 1)
            area |= (area << b.stride) | (area >> b.stride)
            area &= b.all_squares
        return area

    def _prune(self, state: BauhausState, kind: str, moves: list[Move]) -> list[Move]:
        """Keep the moves near tokens (walls far from every token change nothing that counts)."""
        if kind not in (FREE_WALLS, PATTERN, MOVE_WALL) or len(moves) < 40:
            return moves
        sides = self.rules.board.edge_sides
        near = self._near_tokens(state, 1)
        kept = [
            m
            for m in moves
            if any(sides[e] & near for e in (m.edges[-1:] if m.kind == MoveKind.MOVE_WALL else m.edges))
        ]
        return kept or moves[:40]

    def _prune_wall_moves(self, state: BauhausState, seat: int, moves: list[Move], budget: Budget) -> list[Move]:
        """Lift only the few walls whose removal hurts least (or helps most)."""
        sources = sorted({m.edges[0] for m in moves})
        scored = []
        for source in sources:
            budget.check()
            lifted = _replace_walls(state, state.walls & ~(1 << source))
            scored.append((self._value(lifted, seat), source))
        scored.sort(reverse=True)
        keep = {source for _, source in scored[: max(2, self.level.width // 2)]}
        return [m for m in moves if m.edges[0] in keep]

    def _prune_token_moves(self, state: BauhausState, seat: int, moves: list[Move], budget: Budget) -> list[Move]:
        """Move only the few tokens whose lifting matters most; land near tokens or in closed zones."""
        a = self.rules.analysis(state)
        near = self._near_tokens(state, 1) | a.closed
        sources = sorted({m.squares[0] for m in moves})
        scored = []
        for source in sources:
            budget.check()
            lifted = _replace_tokens(state, source)
            scored.append((self._value(lifted, seat), source))
        scored.sort(reverse=True)
        keep = {source for _, source in scored[: max(2, self.level.width // 2)]}
        kept = [m for m in moves if m.squares[0] in keep and near >> m.squares[1] & 1]
        return kept or moves[:100]

    def _discard(self, state: BauhausState, seat: int, moves: list[Move]) -> Move:
        # Throw away the card the next player could use best: a Place token card first.
        following = (seat + 1) % state.players
        for move in moves:
            if CARDS[state.display[move.slot]].kind == PLACE and state.reserve[following] > 0:
                return move
        return self.random.choice(moves)

    # -- powers --------------------------------------------------------------------------------
    def _power(self, state: BauhausState, seat: int, budget: Budget) -> Move | None:
        powers = [m for m in self.rules.legal_moves(state, seat) if m.kind == MoveKind.POWER]
        if not powers:
            return None
        base = self._value(state, seat)
        # Spend it readily late in the game, only for a big gain early on.
        best: tuple[float, Move | None] = (_power_worth(state), None)
        for move in powers:
            budget.check()
            if move.power.endswith("mind"):
                gain = self._mind_gain(state, seat, move, budget)
            else:
                gain = self._value(self.rules.apply(state, move, seat), seat) - base
            if gain > best[0]:
                best = (gain, move)
        return best[1]

    def _mind_gain(self, state: BauhausState, seat: int, move: Move, budget: Budget) -> float:
        """How much better Blue does resolving the card than the chooser would do for itself."""
        chooser = state.turn
        own_plan = self._best_resolution(state, chooser, budget)
        theirs = state
        for step in own_plan:
            theirs = self.rules.apply(theirs, step)
        controlled = self.rules.apply(state, move, seat)
        my_plan = self._best_resolution(controlled, seat, budget)
        mine = controlled
        for step in my_plan:
            mine = self.rules.apply(mine, step)
        return self._value(mine, seat) - self._value(theirs, seat)


def _without_slot(state: BauhausState, slot: int) -> BauhausState:
    """``state`` with one display slot emptied (the unknown card that refilled it)."""
    display = tuple(NO_CARD if i == slot else card for i, card in enumerate(state.display))
    return replace(state, display=display)


def _replace_walls(state: BauhausState, walls: int) -> BauhausState:
    return replace(state, walls=walls)


def _replace_tokens(state: BauhausState, lifted: int) -> BauhausState:
    return replace(state, deployed=tuple(d & ~(1 << lifted) for d in state.deployed))


# -- hard: information-set search -------------------------------------------------------------------
#: The node budget of hard (iterations per card choice) and its time cap; see docs/bauhaus.md.
HARD_SEARCH = SearchConfig(iterations=160, seconds=1.5, horizon=2, exploration=0.1)
#: Expert: the same search with three times the iterations (about 2 s a card choice; capped at 4 s).
EXPERT_SEARCH = replace(HARD_SEARCH, iterations=480, seconds=4.0)
VALUE_SCALE = 3.0  # evaluation points per logistic unit
SAMPLES = 10  # resolutions tried per card in the cheap policy
TREE_WIDTH = 8  # moves the root planner offers the tree per position


def _power_worth(state: BauhausState) -> float:
    """What an unused power is worth in points: much early on, nothing once the cards run out (a
    power kept to the end scores nothing; with a floor of a point the search kept it to the end)."""
    cards_left = len(state.deck) + sum(1 for c in state.display if c != NO_CARD)
    return 0.25 + 6.0 * cards_left / 71 if cards_left > 4 else 0.25 * cards_left / 4


class BauhausPolicy:
    """The game knowledge the search uses: candidate moves, cheap playouts and the evaluation."""

    def __init__(self, rules: BauhausRules, planner: BauhausBot, rng: random.Random) -> None:
        self.rules = rules
        self.planner = planner
        self.evaluator = planner.evaluator
        self.rng = rng
        self.me = 0
        self.root_cards = -1
        self.budget = Budget(1e9)
        self._candidates: dict[BauhausState, list[Move]] = {}

    def begin(self, view: BauhausState, seat: int, budget: Budget) -> None:
        """A new decision: positions of this turn get the thorough planner's ordering."""
        self.me = seat
        self.root_cards = len(view.discard)
        self.budget = budget  # the root ordering stops early too when time runs out
        self._candidates.clear()

    # -- the evaluation --------------------------------------------------------------------------
    def evaluate(self, state: BauhausState) -> list[float]:
        """Per seat: its points, pocket potential and unused power against the others' (hard's weights),
        squeezed into [0, 1]; at the end of the game, the points alone, sharply."""
        points = self.rules.scores(state)
        if state.to_play is None:
            own = [float(p) for p in points]
            weighted, scale = own, 2.0
        else:
            level = self.planner.level
            potential = self.evaluator.potentials(state)
            worth = _power_worth(state) if state.powers else 0.0
            bonus = [0.0 if not state.used or state.used[s] else worth for s in range(state.players)]
            own = [points[s] + potential[s] + bonus[s] for s in range(state.players)]
            weighted = [
                level.opponent_points * points[s] + level.opponent_potential * potential[s] + bonus[s]
                for s in range(state.players)
            ]
            scale = VALUE_SCALE
        result = []
        for s in range(state.players):
            others = [weighted[o] for o in range(state.players) if o != s]
            result.append(logistic((own[s] - 0.5 * (max(others) + sum(others) / len(others))) / scale))
        return result

    # -- moves -----------------------------------------------------------------------------------
    def _thorough(self, state: BauhausState) -> bool:
        return state.turn == self.me and len(state.discard) == self.root_cards

    def candidates(self, state: BauhausState, seat: int) -> list[Move]:
        key = _evolve_without_deck(state)
        found = self._candidates.get(key)
        if found is None:
            found = self._thorough_moves(state, seat) if self._thorough(state) else self._sampled_moves(state, seat)
            if len(self._candidates) > 20_000:
                self._candidates.clear()
            self._candidates[key] = found
        return found

    def _thorough_moves(self, state: BauhausState, seat: int) -> list[Move]:
        planner = self.planner
        moves = [m for m in self.rules.legal_moves(state, seat) if m.kind != MoveKind.POWER]
        if state.phase == OPENING:
            ordered = [m for _, m, _ in planner._rank(state, seat, moves, self.budget)[:TREE_WIDTH]]
        elif state.phase == CHOOSE and moves and moves[0].kind == MoveKind.DISCARD:
            ordered = [planner._discard(state, seat, moves)] + [
                m for m in moves if m != planner._discard(state, seat, moves)
            ]
        elif state.phase == CHOOSE:
            best: dict[int, tuple[float, Move]] = {}
            for move in moves:
                card = state.display[move.slot]
                if card in best:
                    continue
                plans = planner._plans(self.rules.apply(state, move), seat, self.budget, 1)
                best[card] = (plans[0][0] if plans else float("-inf"), move)
            ordered = [m for _, m in sorted(best.values(), key=lambda pair: -pair[0])]
        else:
            ordered = []
            for _, plan, _ in planner._plans(state, seat, self.budget, TREE_WIDTH):
                if plan[0] not in ordered:
                    ordered.append(plan[0])
            ordered = ordered or moves[:TREE_WIDTH]
        powers = self._powers(state, seat)
        return ordered[:1] + powers + ordered[1:] if powers else ordered

    def _powers(self, state: BauhausState, seat: int) -> list[Move]:
        """The seat's own powers worth trying now (Shared and Forced control: the two best targets)."""
        powers = [m for m in self.rules.legal_moves(state, seat) if m.kind == MoveKind.POWER]
        if not powers:
            return []
        base = self.evaluator.value(state, seat)
        scored = []
        for move in powers:
            if move.power.endswith("mind"):
                scored.append((0.0, move))
                continue
            scored.append((self.evaluator.value(self.rules.apply(state, move, seat), seat) - base, move))
        scored.sort(key=lambda pair: -pair[0])
        return [m for gain, m in scored[:2] if gain >= 0.0]

    def _sampled_moves(self, state: BauhausState, seat: int) -> list[Move]:
        moves = [m for m in self.rules.legal_moves(state, seat) if m.kind != MoveKind.POWER]
        if state.phase == CHOOSE and moves and moves[0].kind != MoveKind.DISCARD:
            ranked = sorted(self._card_plans(state, seat, moves), key=lambda plan: -plan[0])
            return [move for _, move, _ in ranked]
        if state.phase == CHOOSE:
            return [self.planner._discard(state, seat, moves)]
        return [m for _, m, _ in self._sampled_rank(state, seat, moves)] or moves[:1]

    def _sampled_rank(
        self, state: BauhausState, seat: int, moves: list[Move]
    ) -> list[tuple[float, Move, BauhausState]]:
        """A few of ``moves`` (near tokens), each valued after it is played, best first."""
        if state.phase == RESOLVE:
            kind = CARDS[self.rules.chosen_card(state)].kind
            moves = self.planner._prune(state, kind, moves)
            if kind == MOVE_TOKEN and len(moves) > SAMPLES:
                near = self.planner._near_tokens(state, 1) | self.rules.analysis(state).closed
                moves = [m for m in moves if near >> m.squares[1] & 1] or moves
        if len(moves) > SAMPLES:
            moves = self.rng.sample(moves, SAMPLES)
        ranked = []
        for move in moves:
            after = self.rules.apply(state, move)
            ranked.append((self.evaluator.value(after, seat), move, after))
        ranked.sort(key=lambda triple: -triple[0])
        return ranked

    def _sampled_plan(self, state: BauhausState, seat: int) -> tuple[float, list[Move]]:
        """A cheap way to carry out the chosen card: the best of a few sampled resolutions (Free walls:
        the first wall, then the second, each the best of a few)."""
        plan: list[Move] = []
        value = float("-inf")
        while state.to_play == seat and state.phase == RESOLVE:
            moves = [m for m in self.rules.legal_moves(state, seat) if m.kind != MoveKind.POWER]
            if not moves:
                break
            ranked = self._sampled_rank(state, seat, moves)
            value, move, state = ranked[0]
            plan.append(move)
        return value, plan

    def playout(self, state: BauhausState, rng: random.Random) -> list[Move]:
        seat = state.to_play
        assert seat is not None
        if state.phase == RESOLVE:
            return self._sampled_plan(state, seat)[1] or self.rules.legal_moves(state, seat)[:1]
        moves = [m for m in self.rules.legal_moves(state, seat) if m.kind != MoveKind.POWER]
        if state.phase == OPENING:
            return [self._sampled_rank(state, seat, moves)[0][1]]
        if moves[0].kind == MoveKind.DISCARD:
            return [self.planner._discard(state, seat, moves)]
        best: tuple[float, list[Move]] = (float("-inf"), moves[:1])
        for value, move, plan in self._card_plans(state, seat, moves):
            if value > best[0]:
                best = (value, [move, *plan])
        return best[1]

    def _card_plans(self, state: BauhausState, seat: int, moves: list[Move]) -> list[tuple[float, Move, list[Move]]]:
        """One choice per distinct face-up card (two copies of a card play alike), with the value and
        the plan of its best sampled resolution, in the order of ``moves``."""
        plans: list[tuple[float, Move, list[Move]]] = []
        seen: set[int] = set()
        for move in moves:
            card = state.display[move.slot]
            if card in seen:
                continue
            seen.add(card)
            value, plan = self._sampled_plan(self.rules.apply(state, move), seat)
            plans.append((value, move, plan))
        return plans


def _evolve_without_deck(state: BauhausState) -> BauhausState:
    return replace(state, deck=())


class BauhausSearchBot:
    """The hard and expert levels: information-set search over a few turns (see the module docstring)."""

    def __init__(
        self, seed: int = 0, rules: BauhausRules = GAME, config: SearchConfig = HARD_SEARCH, level: str = "hard"
    ) -> None:
        self.level = level
        self.name = f"bauhaus-{level}"
        self.rules = rules
        self.config = config
        self.random = random.Random(seed)
        self.planner = BauhausBot("hard", seed, rules)
        self.policy = BauhausPolicy(rules, self.planner, self.random)
        self.search = InformationSetSearch[BauhausState, Move](rules, self.policy, config)
        self._plan: dict[BauhausState, Move] = {}

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any:
        state: BauhausState = view
        moves = self.rules.legal_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        planned = self._plan.get(_evolve_without_deck(state))
        if planned is not None and planned in moves:
            return planned
        self.policy.begin(state, seat, budget)
        result = self.search.search(state, seat, self.random, budget)
        self._remember_line(state, seat, result.move)
        return result.move

    def interject(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any | None:
        state: BauhausState = view
        if not any(m.kind == MoveKind.POWER for m in self.rules.legal_moves(state, seat)):
            return None
        # A cheap screen first: the planner's best power, at a lower bar than its own; then a short
        # search decides between it and waiting.
        proposal = self._screen(state, seat, budget)
        if proposal is None:
            return None
        self.policy.begin(state, seat, budget)
        short = InformationSetSearch[BauhausState, Move](
            self.rules, self.policy, replace(self.config, iterations=max(8, self.config.iterations // 3))
        )
        result = short.search(state, seat, self.random, budget, root_moves=[PASS, proposal])
        return None if result.move is PASS else result.move

    def _screen(self, state: BauhausState, seat: int, budget: Budget) -> Move | None:
        powers = [m for m in self.rules.legal_moves(state, seat) if m.kind == MoveKind.POWER]
        base = self.planner._value(state, seat)
        best: tuple[float, Move | None] = (0.5, None)
        for move in powers:
            budget.check()
            if move.power.endswith("mind"):
                gain = self.planner._mind_gain(state, seat, move, budget)
            else:
                gain = self.planner._value(self.rules.apply(state, move, seat), seat) - base
            if gain > best[0]:
                best = (gain, move)
        return best[1]

    def _remember_line(self, state: BauhausState, seat: int, move: Move) -> None:
        """After a card choice, keep the most visited resolution moves below it for the next decisions."""
        self._plan.clear()
        if move.kind != MoveKind.CARD:
            return
        node: Node | None = self.search.last_root.children.get(move) if self.search.last_root else None
        current = self.rules.apply(state, move)
        while node is not None and node.children and current.to_play == seat and current.phase == RESOLVE:
            child = max(node.children.values(), key=lambda n: (n.visits, n.mean()))
            if (
                child.move is PASS
                or child.move.kind == MoveKind.POWER
                or child.move not in self.rules.legal_moves(current, seat)
            ):
                break
            self._plan[_evolve_without_deck(current)] = child.move
            current = self.rules.apply(current, child.move)
            node = child


def make_bot(level: str, seed: int = 0) -> BauhausBot | BauhausSearchBot:
    # Hard searches: 100 seeded duels showed it beats the former hard, the one-turn planner that now
    # guides it (docs/bauhaus.md, "Strength"). Expert is the same search, three times as long.
    if level == "hard":
        return BauhausSearchBot(seed)
    if level == "expert":
        return BauhausSearchBot(seed, config=EXPERT_SEARCH, level="expert")
    return BauhausBot(level, seed)
