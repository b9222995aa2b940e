"""Computer players for Bits: easy, medium and hard. Pure Python; they see only their seat's view.

All three rate a board with :class:`Evaluator`, an estimate of what the board will score at the end of
the round on the active goal cards: areas that can no longer grow score exactly; areas that still
touch free cells score what they are likely to become (an exact goal shape is probably kept, a smaller
piece of a goal shape is worth part of it, scaled by how many squares of its colour are still in the
unseen tile deck); holes and the neutral tile still in hand count too.

- easy: one move ahead with the evaluator, blurred by noise (sensible, often careless);
- medium: one move ahead with the evaluator;
- hard: expectimax over the unseen tiles (their copies left in the view's deck; never their order):
  for the 14 most promising moves, the expectation over every unseen tile of the best reply, the
  neutral tile included while in hand; deeper (through the 4 best replies at each step) while its
  fixed node budget allows, which reaches the last tile at the end of a round. Full ramps score
  exactly, and the neutral tile in hand is worth less as the round runs out.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from bauhausbox.engine.api import GameRules, Seat
from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.shapes import orientations, parse_picture
from bauhausbox.games.bits.board import has_room, landing, open_spots
from bauhausbox.games.bits.cards import (
    CARD_BY_ID,
    COLOURS,
    EMPTY,
    NEUTRAL,
    NEUTRAL_TILE,
    SHAPE_PICTURES,
    SIZE,
    GoalCard,
    board_points,
)
from bauhausbox.games.bits.rules import GAME, BitsState, Move, Pass, Place, round_totals

# -- shapes of small areas ----------------------------------------------------------------------
_SHAPES = dict(SHAPE_PICTURES, S4=".##/##.")


def _fixed_shapes() -> dict[tuple[tuple[int, int], ...], str]:
    table = {}
    for name, picture in _SHAPES.items():
        for shape in orientations(parse_picture(picture)):
            table[tuple(sorted(shape))] = name
    return table


FIXED_SHAPES = _fixed_shapes()
# Shapes an area can still grow into by gaining cells (areas only grow).
GROWS_INTO: dict[str, frozenset[str]] = {
    "single": frozenset(_SHAPES) - {"single"},
    "domino": frozenset({"I3", "L3", "O", "I4", "L4", "T4", "S4"}),
    "I3": frozenset({"I4", "L4", "T4"}),
    "L3": frozenset({"O", "L4", "T4", "S4"}),
}
FOUR_SHAPES = frozenset({"O", "I4", "L4", "T4", "S4"})
# ...and the other way round: the smaller shapes each goal shape can grow from.
GROWS_FROM: dict[str, frozenset[str]] = {
    target: frozenset(small for small, bigger in GROWS_INTO.items() if target in bigger) for target in _SHAPES
}


def small_shape(cells: Sequence[int]) -> str | None:
    """The name of an area of at most four cells (board indices), else ``None``."""
    if len(cells) > 4:
        return None
    return _mask_shape(sum(1 << i for i in cells))


# Bitboards of the 6 × 6 board: bit ``row * 6 + col``.
_FULL = (1 << 36) - 1
COLUMN_MASKS = tuple(sum(1 << (row * SIZE + col) for row in range(SIZE)) for col in range(SIZE))
# ABOVE_MASKS[col][h]: the cells of column ``col`` from row ``h`` up.
ABOVE_MASKS = tuple(
    tuple(sum(1 << (row * SIZE + col) for row in range(h, SIZE)) for h in range(SIZE + 1)) for col in range(SIZE)
)
_NOT_FIRST = _FULL & ~COLUMN_MASKS[0]
_NOT_LAST = _FULL & ~COLUMN_MASKS[SIZE - 1]


def _spread(mask: int) -> int:
    """``mask`` and its orthogonal neighbours (no wrapping round the board's edges)."""
    return mask | ((mask << 1) & _NOT_FIRST) | ((mask >> 1) & _NOT_LAST) | ((mask << SIZE) & _FULL) | (mask >> SIZE)


def _shape_masks() -> dict[int, str]:
    """Every placement on the board of every small named shape, as a bitboard."""
    table = {}
    for cells, name in FIXED_SHAPES.items():
        width = max(col for col, _ in cells) + 1
        height = max(row for _, row in cells) + 1
        for dx in range(SIZE - width + 1):
            for dy in range(SIZE - height + 1):
                table[sum(1 << ((row + dy) * SIZE + col + dx) for col, row in cells)] = name
    return table


_OCCUPIED = str.maketrans({ch: "1" for ch in (*COLOURS, NEUTRAL)} | {EMPTY: "0"})
_COLOUR_BITS = tuple(
    (colour, str.maketrans({ch: "1" if ch == colour else "0" for ch in (*COLOURS, NEUTRAL, EMPTY)}))
    for colour in COLOURS
)
_MASK_SHAPES = _shape_masks()
ANY_FOUR = "any4"


def _placements_by_cell() -> dict[str, tuple[tuple[int, ...], ...]]:
    """For each goal shape (and "any area of four"): per board cell, the placements covering it."""
    by_name: dict[str, list[int]] = {}
    for mask, name in _MASK_SHAPES.items():
        by_name.setdefault(name, []).append(mask)
        if name in FOUR_SHAPES:
            by_name.setdefault(ANY_FOUR, []).append(mask)
    return {
        name: tuple(tuple(m for m in masks if m >> cell & 1) for cell in range(36)) for name, masks in by_name.items()
    }


def _completable(area: int, target: str, reach: int, colour_mask: int) -> bool:
    """Whether free cells round ``area`` could turn it into ``target`` without touching another square
    of its colour (which would make the area bigger than the shape). Cached on what matters: the cells
    within reach of a completed shape."""
    zones = _ZONES.get(area)
    if zones is None:
        zone = _spread(_spread(_spread(area)))
        zones = _ZONES[area] = (zone, _spread(zone))
    key = (area, target, reach & zones[0], colour_mask & zones[1])
    known = _COMPLETABLE.get(key)
    if known is None:
        if len(_COMPLETABLE) > 500_000:
            _COMPLETABLE.clear()
        known = _COMPLETABLE[key] = _search_completion(area, target, reach, colour_mask)
    return known


def _search_completion(area: int, target: str, reach: int, colour_mask: int) -> bool:
    cell = (area & -area).bit_length() - 1
    for placement in _PLACEMENTS[target][cell]:
        if (
            placement & area == area
            and not (placement ^ area) & ~reach
            and not _spread(placement) & ~placement & colour_mask
        ):
            return True
    return False


_COMPLETABLE: dict[tuple[int, str, int, int], bool] = {}
_ZONES: dict[int, tuple[int, int]] = {}  # small area -> cells within 3 and 4 steps of it
_PLACEMENTS = _placements_by_cell()


def _mask_shape(mask: int) -> str | None:
    """The name of a small area given as a bitboard."""
    return _MASK_SHAPES.get(mask)


# -- the evaluator -------------------------------------------------------------------------------
# The evaluator is linear in these features of a board; the weights are fitted to the final round
# scores of self-played solo games (see :mod:`.training`). Points-weighted features sum, over the
# active goal cards and the board's areas, the card's points when the area is in that situation.
FEATURES: tuple[str, ...] = (
    "bias",
    "exact_closed",  # an area of a positive card's exact shape (and colour) that can no longer grow
    "exact_open1",  # ... that can still grow, with one free neighbour
    "exact_open2",  # ... with two or more
    "four_closed",  # another area of exactly four cells, pile-1 card (its +1)
    "four_open",
    "grow1",  # a piece of a positive card's shape missing 1, 2, 3 cells that the free cells round it
    "grow2",  # could still complete (without touching another square of its colour)
    "grow3",
    "grow_blocked",  # a piece that can no longer be completed that way
    "grow1_supply",  # missing 1 or 2, times the share of the area's colour in the unseen deck
    "grow2_supply",
    "four_grow",  # a piece that can only become another area of four (pile-1 cards), completable
    "four_blocked",
    "neg_closed",  # an area of a negative card's shape that can no longer grow
    "neg_open",
    "neg_grow",  # a piece that could still grow into a negative card's shape
    "open_areas",  # areas that can still grow
    "holes",  # cells no tile can reach any more
    "dead",  # free cells no tile can cover (a lone free cell in the top row)
    "free",  # free cells still to fill
    "free_pos",  # ... times the positive points on the cards (more cards, more to gain per cell)
    "free_neg",  # ... times the negative points on the cards
    "bumpiness",  # sum of height differences of neighbouring columns
    "odd_columns",  # columns with an odd number of free cells (they need a horizontal tile)
    "neutral",  # the neutral tile still in hand
)
F = {name: index for index, name in enumerate(FEATURES)}
AreaKey = tuple[str, str | bool, int, tuple[str, ...]]


class Evaluator:
    """Estimates the end-of-round points of a board under the active goal cards."""

    def __init__(
        self, goals: Iterable[str], supply: Counter[str] | None = None, weights: Sequence[float] | None = None
    ) -> None:
        self.cards: tuple[GoalCard, ...] = tuple(CARD_BY_ID[g] for g in goals)
        self.weights = tuple(weights or WEIGHTS)
        total = sum(supply.values()) if supply else 0
        # How likely more squares of each colour are to come: share of the colour in the unseen deck.
        self.supply = {c: (min(1.0, 5 * supply[c] / total) if supply and total else 1.0) for c in COLOURS}
        self._vectors: dict[AreaKey, tuple[float, ...]] = {}
        self.positive = sum(max(0, c.points) + c.other_four for c in self.cards) / 2
        self.negative = sum(max(0, -c.points) for c in self.cards) / 2
        self._surface_index = tuple(
            F[name] for name in ("holes", "dead", "free", "free_pos", "free_neg", "bumpiness", "odd_columns")
        )
        self._values: dict[AreaKey, float] = {}
        # For each colour and small shape: the goal shapes worth checking whether it can still become.
        four_card = any(card.other_four for card in self.cards)
        self._targets: dict[tuple[str, str], tuple[str, ...]] = {}
        for colour in COLOURS:
            for shape in GROWS_INTO:
                wanted = {
                    card.shape
                    for card in self.cards
                    if (card.colour is None or card.colour == colour) and shape in GROWS_FROM[card.shape]
                }
                if four_card:
                    wanted.add(ANY_FOUR)
                self._targets[(colour, shape)] = tuple(sorted(wanted))

    def evaluate(self, board: str, neutral_in_hand: bool = False) -> float:
        w = self.weights
        value = w[0]
        keys, surface = self._scan(board)
        values = self._values
        for key in keys:
            area = values.get(key)
            if area is None:
                area = values[key] = sum(a * b for a, b in zip(self._area_vector(key), w, strict=True))
            value += area
        for index, amount in zip(self._surface_index, surface, strict=True):
            value += w[index] * amount
        if neutral_in_hand:
            value += w[F["neutral"]]
        return value

    def features(self, board: str, neutral_in_hand: bool = False) -> list[float]:
        """The feature vector of ``board`` (for fitting the weights)."""
        vector = [0.0] * len(FEATURES)
        vector[0] = 1.0
        keys, surface = self._scan(board)
        for key in keys:
            for index, amount in enumerate(self._area_vector(key)):
                vector[index] += amount
        for index, amount in zip(self._surface_index, surface, strict=True):
            vector[index] = amount
        vector[F["neutral"]] = 1.0 if neutral_in_hand else 0.0
        return vector

    def _scan(self, board: str) -> tuple[list[AreaKey], tuple[float, ...]]:
        """Each area's key (colour, shape or "larger than four", free neighbours capped at 2), and the
        surface features (in the order of ``_surface_index``). Bitboards: bit ``row * 6 + col``."""
        # str.translate turns the board into one binary number per colour at C speed.
        reverse = board[::-1]
        occupied = int(reverse.translate(_OCCUPIED), 2)
        masks = [(colour, int(reverse.translate(table), 2)) for colour, table in _COLOUR_BITS]
        heights = []
        reach = 0  # free cells a later tile can still reach: above each column's top tile
        for col in range(SIZE):
            column = occupied & COLUMN_MASKS[col]
            height = (column.bit_length() - 1 - col) // SIZE + 1 if column else 0
            heights.append(height)
            reach |= ABOVE_MASKS[col][height]
        keys = []
        not_first, not_last = _NOT_FIRST, _NOT_LAST
        targets = self._targets
        for colour, full in masks:
            mask = full
            while mask:
                area = mask & -mask
                while True:  # flood fill, _spread inlined (this is the AI's innermost loop)
                    grown = (
                        area | ((area << 1) & not_first) | ((area >> 1) & not_last) | (area << SIZE) | (area >> SIZE)
                    ) & mask
                    if grown == area:
                        break
                    area = grown
                mask ^= area
                liberties = (_spread(area) & reach).bit_count()
                shape = _mask_shape(area) if area.bit_count() <= 4 else None
                completable: tuple[str, ...] = ()
                if liberties and shape in GROWS_INTO:
                    completable = tuple(
                        target for target in targets[(colour, shape)] if _completable(area, target, reach, full)
                    )
                keys.append((colour, shape if shape else True, min(liberties, 2), completable))
        holes = sum(heights) - occupied.bit_count()
        free_cells = 36 - sum(heights)
        # A column with one free cell whose neighbours are full at that row can never be covered.
        dead = 0
        for col in range(SIZE):
            if heights[col] == SIZE - 1:
                left = col > 0 and heights[col - 1] <= SIZE - 1
                right = col < SIZE - 1 and heights[col + 1] <= SIZE - 1
                if not left and not right:
                    dead += 1
        bumpiness = sum(abs(heights[c] - heights[c + 1]) for c in range(SIZE - 1))
        odd = sum((SIZE - h) % 2 for h in heights)
        return keys, (
            holes,
            dead,
            free_cells,
            free_cells * self.positive,
            free_cells * self.negative,
            bumpiness,
            odd,
        )

    def _area_vector(self, key: AreaKey) -> tuple[float, ...]:
        vector = self._vectors.get(key)
        if vector is None:
            vector = self._vectors[key] = self._rate_area(*key)
        return vector

    def _rate_area(
        self, colour: str, shape: str | bool, liberties: int, completable: tuple[str, ...]
    ) -> tuple[float, ...]:
        """The features of one area: ``shape`` is a name or ``True`` when larger than four;
        ``completable`` names the goal shapes the free cells round it could still turn it into."""
        v = [0.0] * len(FEATURES)
        named = shape if isinstance(shape, str) else None
        size = _SIZES[named] if named else 5
        supply = self.supply[colour]
        open_area = liberties > 0
        for card in self.cards:
            colour_ok = card.colour is None or card.colour == colour
            exact = colour_ok and named == card.shape
            grows = open_area and colour_ok and named is not None and named in GROWS_FROM[card.shape]
            if card.points > 0:
                if exact:
                    v[F["exact_open1" if liberties == 1 else "exact_open2"] if open_area else F["exact_closed"]] += (
                        card.points
                    )
                elif card.other_four and size == 4:
                    v[F["four_open"] if open_area else F["four_closed"]] += card.other_four
                elif grows and card.shape in completable:
                    missing = card.size - size
                    v[F[f"grow{missing}"]] += card.points
                    if missing <= 2:
                        v[F[f"grow{missing}_supply"]] += card.points * supply
                elif grows:
                    v[F["grow_blocked"]] += card.points
                if card.other_four and open_area and size < 4 and not (grows and card.shape in completable):
                    v[F["four_grow" if ANY_FOUR in completable else "four_blocked"]] += card.other_four
            elif exact:
                v[F["neg_open"] if open_area else F["neg_closed"]] += card.points
            elif grows:
                v[F["neg_grow"]] += card.points
        if open_area:
            v[F["open_areas"]] = 1.0
        return tuple(v)


_SIZES = {name: picture.count("#") for name, picture in _SHAPES.items()}

# Fitted by ``training.fit`` (see docs/bits.md); hand-set starting values when refitting from scratch.
WEIGHTS: tuple[float, ...] = (
    -0.961,  # bias
    0.966, 0.786, 0.708,  # exact closed / open
    1.328, 0.716,  # other areas of four
    0.021, -0.219, -0.085, -0.058, 0.194, 0.255,  # grow, blocked, supply
    -0.194, -0.150,  # four_grow, four_blocked
    1.084, 0.707, -0.031,  # negative
    0.242,  # open areas
    -0.224, -0.233, 0.180, 0.009, -0.029, -0.021, -0.017,  # holes, dead, free, free_pos, free_neg, bumpiness, odd
    1.103,  # neutral
)  # fmt: skip


# -- what a seat knows ---------------------------------------------------------------------------
def unseen_supply(view: BitsState) -> Counter[str]:
    """Squares of each colour in the tile cards not yet turned up."""
    supply: Counter[str] = Counter()
    for tile in view.deck:
        supply.update(tile)
    return supply


def evaluator_for(view: BitsState, weights: Sequence[float] | None = None) -> Evaluator:
    return Evaluator(view.active_goals(), unseen_supply(view), weights)


def placements(board: str, tile: str, neutral: bool) -> list[tuple[Place, str]]:
    """Every placement of ``tile`` (and of the neutral tile when allowed) with the board after it."""
    result = []
    orders = (tile,) if tile[0] == tile[1] else (tile, tile[::-1])
    for spot in open_spots(board):
        cells = landing(board, spot)
        assert cells is not None
        for colours in (*orders, NEUTRAL_TILE) if neutral else orders:
            chars = list(board)
            chars[cells[0]], chars[cells[1]] = colours[0], colours[1]
            result.append((Place(colours, spot.vertical, spot.column), "".join(chars)))
    return result


# -- the bots ------------------------------------------------------------------------------------
class _BitsBot:
    name = "bits"

    def __init__(self, seed: int = 0, weights: Sequence[float] | None = None) -> None:
        self.random = random.Random(seed)
        self.weights = tuple(weights or WEIGHTS)

    def interject(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any | None:
        """Everybody places the same tile at the same time: a computer seat that has not placed it yet
        does so at once, without waiting for its turn (its view hides the others' choices)."""
        if not game.legal_moves(view, seat):
            return None
        return self.choose(game, view, seat, budget)

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Move:
        moves: list[Move] = game.legal_moves(view, seat)
        if len(moves) == 1 or isinstance(moves[0], Pass):
            return moves[0]
        return self.pick(view, seat, budget)

    def options(self, view: BitsState, seat: Seat) -> list[tuple[Place, str]]:
        neutral = not view.start_phase and not view.neutral_used[seat]
        return placements(view.boards[seat], view.tile_for(seat), neutral)

    def pick(self, view: BitsState, seat: Seat, budget: Budget) -> Move:
        raise NotImplementedError


class EasyBot(_BitsBot):
    """The evaluator one move ahead, blurred by a lot of noise: sensible, often careless."""

    name = "easy"
    noise = 1.6

    def pick(self, view: BitsState, seat: Seat, budget: Budget) -> Move:
        evaluator = evaluator_for(view, self.weights)
        neutral_left = not view.neutral_used[seat]
        best_value, best_move = float("-inf"), None
        for move, after in self.options(view, seat):
            value = evaluator.evaluate(after, neutral_left and not move.neutral)
            value += self.random.uniform(-self.noise, self.noise)
            if value > best_value:
                best_value, best_move = value, move
        assert best_move is not None
        return best_move


class MediumBot(_BitsBot):
    """One move ahead with the evaluator."""

    name = "medium"

    def pick(self, view: BitsState, seat: Seat, budget: Budget) -> Move:
        evaluator = evaluator_for(view, self.weights)
        neutral_left = not view.neutral_used[seat]
        best_value, best_move = float("-inf"), None
        for move, after in self.options(view, seat):
            value = evaluator.evaluate(after, neutral_left and not move.neutral) + self.random.uniform(0, 1e-6)
            if value > best_value:
                best_value, best_move = value, move
        assert best_move is not None
        return best_move


TIME_MARGIN = 0.05  # seconds kept back so a decision never overruns its budget
# What the hard player may spend on one tile, in boards rated (its fixed node budget: the same seed
# and budget always give the same moves). About 0.3 s of CPU time per 10 000 boards.
HARD_NODES = 12_000
# The neutral tile in hand is worth its fitted weight while the round has at least this many free
# cells left, and proportionally less below: with one tile to go it can replace only that one.
NEUTRAL_HORIZON = 8


class HardBot(_BitsBot):
    """Expectimax over the unseen tiles: at least two moves ahead, deeper while its node budget allows
    (near the end of a round, where few tiles and few spots are left: from three tiles out, to the
    last tile)."""

    name = "hard"

    def __init__(
        self, seed: int = 0, weights: Sequence[float] | None = None, width: int = 14, nodes: int = HARD_NODES
    ) -> None:
        super().__init__(seed, weights)
        self.width = width
        self.nodes = nodes
        self.nodes_used = 0  # boards the last decision rated
        self.depth_reached = 0  # tiles after this one the last decision looked ahead, fully searched

    def pick(self, view: BitsState, seat: Seat, budget: Budget) -> Move:
        # Only the view: its deck is the multiset of the unseen tile cards (their order is hidden).
        search = TileSearch(evaluator_for(view, self.weights), Counter(view.deck), budget, self.nodes)
        self.depth_reached = 0
        try:
            return self._search(view, seat, search)
        finally:
            self.nodes_used = search.used

    def _search(self, view: BitsState, seat: Seat, search: TileSearch) -> Move:
        neutral_left = not view.neutral_used[seat]
        first = []
        for move, after in self.options(view, seat):
            keeps = neutral_left and not move.neutral
            first.append((search.static(after, keeps), self.random.random(), move, after, keeps))
        first.sort(key=lambda item: (item[0], item[1]), reverse=True)
        candidates = first[: self.width]
        best_move = candidates[0][2]
        # Tiles still to come after this one, at most: searching deeper than that changes nothing.
        to_come = max(after.count(EMPTY) for _, _, _, after, _ in candidates) // 2
        depth = 1
        while True:
            before = search.used
            values = []
            for _, _, move, after, keeps in candidates:
                value = search.value(after, keeps, search.deck, depth)
                if value is None:  # out of nodes, time, or cancelled: keep the last complete depth
                    return best_move
                values.append((value, move))
            best_move = max(values, key=lambda item: item[0])[1]  # first of equals: the better-rated move
            self.depth_reached = depth
            if depth >= to_come or not search.deeper_fits(search.used - before):
                return best_move
            depth += 1


Deck = tuple[tuple[str, int], ...]  # the unseen tile cards: (tile, copies), sorted


class TileSearch:
    """Expectimax over the unseen tile cards for one decision: a chance node draws each unseen tile
    (weighted by its copies), a decision node takes the best placement. Boards whose ramp is full
    score exactly; other leaves get the evaluator's estimate. Counts the boards it rates and
    stops (returns ``None``) when its node budget or the time runs out, or when cancelled."""

    def __init__(self, evaluator: Evaluator, deck: Counter[str], budget: Budget, nodes: int) -> None:
        self.evaluator = evaluator
        self.goals = tuple(card.id for card in evaluator.cards)
        self.deck: Deck = tuple(sorted(deck.items()))
        self.budget = budget
        self.limit = nodes
        self.used = 0
        self.neutral_weight = evaluator.weights[F["neutral"]]
        self._static: dict[tuple[str, bool], float] = {}
        self._values: dict[tuple[str, bool, Deck, int], float] = {}

    def static(self, board: str, in_hand: bool) -> float:
        """The board's worth without looking ahead: exact when its ramp is full."""
        self.used += 1  # a cached board costs little less than its placement did: count both
        key = (board, in_hand)
        known = self._static.get(key)
        if known is None:
            free = board.count(EMPTY)
            if free <= 8 and not has_room(board):
                known = float(board_points(board, self.goals))  # final: the neutral is worth nothing now
            else:
                known = self.evaluator.evaluate(board, False)
                if in_hand:
                    known += self.neutral_weight * min(1.0, free / NEUTRAL_HORIZON)
            self._static[key] = known
        return known

    def value(self, board: str, in_hand: bool, deck: Deck, depth: int) -> float | None:
        """Expected worth of ``board`` when ``depth`` more tiles are drawn from ``deck`` and each is
        placed as well as possible; ``None`` when the search had to stop."""
        if depth == 0 or not deck:
            return self.static(board, in_hand)
        key = (board, in_hand, deck, depth)
        known = self._values.get(key)
        if known is not None:
            return known
        if self.used >= self.limit or self.budget.expired() or self.budget.remaining() < TIME_MARGIN:
            return None
        total = 0
        expected = 0.0
        for index, (tile, count) in enumerate(deck):
            total += count
            replies = placements(board, tile, in_hand)
            if not replies:
                # The ramp is full: the board is final whatever comes.
                return self.static(board, in_hand)
            rest = deck[:index] + (((tile, count - 1),) if count > 1 else ()) + deck[index + 1 :]
            if depth == 1:
                best = max(self.static(after, in_hand and not reply.neutral) for reply, after in replies)
            else:
                # Look deeper only through the most promising replies.
                rated = sorted(
                    (
                        (self.static(after, in_hand and not reply.neutral), after, in_hand and not reply.neutral)
                        for reply, after in replies
                    ),
                    key=lambda item: item[0],
                    reverse=True,
                )
                best = float("-inf")
                for _, after, keeps in rated[:REPLY_WIDTH]:
                    deeper = self.value(after, keeps, rest, depth - 1)
                    if deeper is None:
                        return None
                    best = max(best, deeper)
            expected += count * best
        known = self._values[key] = expected / total
        return known

    def deeper_fits(self, spent: int) -> bool:
        """Whether searching one tile deeper is likely to fit in what is left of the node budget, when
        the last depth cost ``spent`` boards. One more tile multiplies the cost by about the unseen
        tiles times half the replies searched deeper (measured: ×17–27 mid-round, ×5 over the last
        tiles, where transpositions and full ramps cut it down)."""
        return spent * len(self.deck) * REPLY_WIDTH // 2 <= self.limit - self.used


REPLY_WIDTH = 4  # replies searched deeper at each inner decision node


LEVELS: dict[str, type[_BitsBot]] = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}


def make_bot(level: str, seed: int) -> _BitsBot:
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"Bits has no computer level {level!r}; choose from {', '.join(LEVELS)}") from None


# -- measuring strength ----------------------------------------------------------------------------
def play_solo(
    bot: Any, seed: int, seconds: float = 1.0, times: list[float] | None = None, cpu: list[float] | None = None
) -> list[int]:
    """One solo game (rounds 1–3) played by ``bot``; returns the points of each round. Appends the
    thinking time of every decision to ``times`` (wall clock) and ``cpu`` (process CPU time) when given."""
    state = GAME.new_game(1, seed)
    while not GAME.is_over(state):
        started, started_cpu = time.perf_counter(), time.process_time()
        move = bot.choose(GAME, GAME.view(state, 0), 0, Budget(seconds))
        if times is not None:
            times.append(time.perf_counter() - started)
        if cpu is not None:
            cpu.append(time.process_time() - started_cpu)
        state = GAME.apply(state, move)
    return [row[0] for row in round_totals(state)]


def solo_strength(level: str, games: int = 200, seed: int = 0, seconds: float = 1.0) -> dict[str, Any]:
    """Average and distribution of solo totals over ``games`` seeded games (seeds seed..seed+games-1),
    and the thinking time per tile."""
    return strength_of((make_bot(level, seed + number) for number in range(games)), games, seed, seconds)


def strength_of(bots: Iterable[Any], games: int, seed: int = 0, seconds: float = 1.0) -> dict[str, Any]:
    """:func:`solo_strength` for any bots (one per game, seeds seed..seed+games-1): the frozen yardstick
    of the tests is measured the same way."""
    totals = []
    rounds: list[list[int]] = []
    times: list[float] = []
    cpu: list[float] = []
    for number, bot in zip(range(games), bots, strict=False):
        result = play_solo(bot, seed + number, seconds, times, cpu)
        rounds.append(result)
        totals.append(sum(result))
    return {
        "games": games,
        "seed": seed,
        "seconds": seconds,
        "mean": statistics.fmean(totals),
        "median": statistics.median(totals),
        "stdev": statistics.pstdev(totals),
        "min": min(totals),
        "max": max(totals),
        "round_means": [statistics.fmean(r[i] for r in rounds) for i in range(3)],
        "totals": totals,
        "rounds": rounds,
        "seconds_mean": statistics.fmean(times),
        "seconds_max": max(times),
        "cpu_mean": statistics.fmean(cpu),
        "cpu_max": max(cpu),
    }
