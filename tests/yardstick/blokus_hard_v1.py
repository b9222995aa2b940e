"""The Blokus "hard" bot before the tree search (flat UCB over a shortlist), frozen as a yardstick.

Not shipped: the strength matches of ``bauhausbox.games.blokus.tools.bench`` measure the new levels
against it. Identical to the level it replaced except for ``work``: a fixed budget of simulated
placements (its playouts' moves) instead of wall time, so matches are repeatable.

The original module text follows.

Blokus computer players: easy, medium and hard, plus the fast playouts and match runner behind them.

- **easy** plays plausibly but shallowly: mostly a big piece, anywhere it fits, with plenty of noise.
- **medium** is greedy on a one-move evaluation (:func:`move_values`): piece size, the corners it
  opens for itself, the corners it takes from opponents, and a pull toward the centre early on.
- **hard** shortlists the best moves by that evaluation and spends its time on Monte Carlo
  playouts from each (flat UCB over the shortlist), scoring each finished game by its seat's margin
  over the best opponent. Playouts sample moves without listing them all (:func:`sample_placement`).

Bots see only their view (Blokus has no hidden information, so the view is the state).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bauhausbox.engine.api import GameRules, Seat
from bauhausbox.engine.bots.base import Budget, RandomBot
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.bitboard import Placement
from bauhausbox.games.blokus.rules import (
    ALL_OUT,
    GAME,
    BlokusState,
    scoring_colours,
    squares_left,
)

# The centre 4 × 4 and the ring around it, as a pull for the opening.
_CENTRE = bb.bits_of((col, row) for col in range(8, 12) for row in range(8, 12))
_NEAR_CENTRE = bb.bits_of((col, row) for col in range(6, 14) for row in range(6, 14))
_DISTANCE_TO_CENTRE: tuple[float, ...] = tuple(
    abs(bb.cell_of(i)[0] - 9.5) + abs(bb.cell_of(i)[1] - 9.5) if bb.BOARD >> i & 1 else 0.0 for i in range(bb.BITS)
)


# -- one-move evaluation ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Weights:
    """How much each feature of a move counts in :func:`move_values`."""

    size: float = 10.0  # per square of the piece
    own_corners: float = 2.0  # per attach cell the colour has after the move
    taken_corners: float = 3.0  # per attach cell of an opponent the piece covers
    centre: float = 1.5  # per step of the piece's nearest square toward the centre (opening only)
    opening_plies: int = 4  # how many of its own pieces a colour spends heading for the centre


MEDIUM_WEIGHTS = Weights()
HARD_WEIGHTS = Weights(size=10.0, own_corners=2.5, taken_corners=3.5, centre=2.0, opening_plies=5)


def move_values(state: BlokusState, moves: Sequence[Placement], weights: Weights = MEDIUM_WEIGHTS) -> list[float]:
    """A quick value for each move of the colour to play (higher is better)."""
    colour = state.colour
    boards = state.boards
    own = boards[colour]
    occupied = state.occupied
    forbidden = state.forbidden[colour]
    attach = state.attach[colour] if own else 0
    # Colours scoring for the same seat (a team mate, a seat's second colour) are not blocked.
    friends = scoring_colours(state.players, state.teams, state.to_play) if state.to_play is not None else ()
    rivals = 0
    for other in range(4):
        if other != colour and other not in friends and not state.out >> other & 1:
            rivals |= state.attach[other]
    placed = 21 - state.hands[colour].bit_count()
    opening = placed < weights.opening_plies
    values = []
    for move in moves:
        blocked = occupied | move.mask | forbidden | move.sides
        corners = ((attach | move.corners) & ~blocked).bit_count()
        value = weights.size * move.size + weights.own_corners * corners
        value += weights.taken_corners * (rivals & move.mask).bit_count()
        if opening:
            value -= weights.centre * min_distance_to_centre(move)
        values.append(value)
    return values


def min_distance_to_centre(move: Placement) -> float:
    return min(_DISTANCE_TO_CENTRE[bb.bit_index(cell)] for cell in move.cells)


# -- fast simulation ---------------------------------------------------------------------------------
Random = Callable[[], float]


def sample_placement(blocked: int, attach: int, rnd: Random) -> Placement | None:
    """A random legal placement, biased to large pieces, found without listing every move: pick a
    random attach cell and one of the legal placements covering it (the larger of two draws).
    ``blocked`` and ``attach`` are as for :func:`bitboard.generate`; ``None`` when nothing fits."""
    cells = []
    while attach:
        low = attach & -attach
        cells.append(low.bit_length() - 1)
        attach ^= low
    while cells:
        pick = int(rnd() * len(cells))
        index = cells[pick]
        choice = _draw(index, *bb.candidates_at(blocked, index), rnd)
        if choice is not None:
            if choice.size < 5:
                other = _draw(index, *bb.candidates_at(blocked, index), rnd)
                if other is not None and other.size > choice.size:
                    choice = other
            return choice
        cells[pick] = cells[-1]  # nothing fits here: drop the cell and try another
        cells.pop()
    return None


_DRAWS = 12  # random tries before listing a cell's legal candidates


def _draw(index: int, candidates: Sequence[tuple[int, int]], window: int, rnd: Random) -> Placement | None:
    """One of the legal candidates at square ``index``, uniformly: a few random tries (usually enough,
    and much cheaper than testing them all), then the full list; ``None`` if none is legal."""
    count = len(candidates)
    if not count:
        return None
    for _ in range(_DRAWS):
        number, mask = candidates[int(rnd() * count)]
        if not mask & window:
            return bb.candidate(number, index)
    legal = [number for number, mask in candidates if not mask & window]
    if not legal:
        return None
    return bb.candidate(legal[int(rnd() * len(legal))], index)


def playout(state: BlokusState, rnd: Random, record: list[int] | None = None) -> list[int]:
    """Finish the game with sampled moves; the final score of each colour. Keeps the forbidden and
    attach squares up to date with :func:`bitboard.after_placement`, as the rules' ``apply`` does."""
    hands = list(state.hands)
    forbidden = list(state.forbidden)
    attach = state.attach
    occupied = state.occupied
    out = state.out
    mono = state.monomino_last
    colour = state.colour
    if state.to_play is None:
        out = ALL_OUT
    while out != ALL_OUT:
        if not out >> colour & 1:
            hand = hands[colour]
            move = None
            if hand:
                move = sample_placement(bb.blocked_by(occupied | forbidden[colour], hand), attach[colour], rnd)
            if move is None:
                out |= 1 << colour
            else:
                occupied |= move.mask
                hands[colour] = hand & ~(1 << move.piece)
                forbidden[colour], attach = bb.after_placement(forbidden[colour], attach, colour, move, occupied)
                mono = (mono | 1 << colour) if move.piece == bb.MONOMINO else (mono & ~(1 << colour))
                if record is not None:
                    record.append(move.index)
        colour = (colour + 1) & 3
    return [_final_score(hands[c], mono >> c & 1) for c in range(4)]


def _final_score(hand: int, monomino_last: int) -> int:
    if hand:
        return -squares_left(hand)
    return 20 if monomino_last else 15


def seat_margin(state: BlokusState, colour_points: Sequence[int], seat: Seat) -> float:
    """A seat's total minus the best other seat's total (teams and two-colour seats summed)."""
    mine = scoring_colours(state.players, state.teams, seat)
    own = sum(colour_points[c] for c in mine)
    others = [
        sum(colour_points[c] for c in scoring_colours(state.players, state.teams, s))
        for s in range(state.players)
        if scoring_colours(state.players, state.teams, s) != mine  # a team mate is not a rival
    ]
    return own - max(others)


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


class HardBot(_Bot):
    """Shortlist by :func:`move_values`, then flat UCB Monte Carlo over the shortlist."""

    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        shortlist: int = 10,
        seconds: float = 2.0,
        weights: Weights = HARD_WEIGHTS,
        work: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.work = work
        self.shortlist = shortlist
        self.seconds = seconds
        self.weights = weights

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Placement:
        moves: list[Placement] = game.legal_moves(view, seat)
        if len(moves) == 1:
            return moves[0]
        values = move_values(view, moves, self.weights)
        order = sorted(range(len(moves)), key=values.__getitem__, reverse=True)[: self.shortlist]
        candidates = [moves[i] for i in order]
        children = [GAME.apply(view, move) for move in candidates]
        deadline = time.perf_counter() + min(self.seconds, budget.remaining() * 0.9)
        rnd = self.random.random
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        # Every candidate gets a few playouts, then UCB1 spends the rest where it matters.
        plays = 0
        played: list[int] = []  # the playouts' moves, counted against ``work`` with one per playout's first move
        while True:
            if plays >= len(candidates):
                if self.work is not None and len(played) + plays >= self.work:
                    break
                if self.work is None and (time.perf_counter() >= deadline or budget.expired()):
                    break
                log_total = math.log(plays)
                pick = max(
                    range(len(candidates)),
                    key=lambda i: totals[i] / counts[i] + 8.0 * math.sqrt(log_total / counts[i]),
                )
            else:
                pick = plays
            budget.check()
            points = playout(children[pick], rnd, played)
            time.sleep(0)  # hand the interpreter to the screen's thread between playouts (smooth frames)
            totals[pick] += seat_margin(view, points, seat)
            counts[pick] += 1
            plays += 1
        best = max(range(len(candidates)), key=lambda i: totals[i] / counts[i] if counts[i] else -1e9)
        return candidates[best]


def make_bot(level: str, seed: int) -> _Bot:
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot(seed)
    if level == "hard":
        return HardBot(seed)
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
                f" {self.seconds_per_move[level]:.3f} s/move median"
            )
        return "\n".join(lines)


def play_game(
    levels: Sequence[str], seed: int, players: int = 4, teams: bool = False, hard_seconds: float | None = None
) -> tuple[list[int], list[Seat], dict[str, list[float]]]:
    """One game with a bot of ``levels[seat]`` in each seat: final scores, winners, thinking times."""
    bots: list[Any] = []
    for seat, level in enumerate(levels):
        if level == "random":
            bots.append(RandomBot(seed * 10 + seat))
        elif level == "hard" and hard_seconds is not None:
            bots.append(HardBot(seed * 10 + seat, seconds=hard_seconds))
        else:
            bots.append(make_bot(level, seed * 10 + seat))
    state = GAME.new_game(players, seed, teams=teams) if players == 4 else GAME.new_game(players, seed)
    times: dict[str, list[float]] = {}
    while state.to_play is not None:
        seat = state.to_play
        started = time.perf_counter()
        move = bots[seat].choose(GAME, GAME.view(state, seat), seat, Budget(60.0))
        times.setdefault(levels[seat], []).append(time.perf_counter() - started)
        state = GAME.apply(state, move)
    return GAME.scores(state), GAME.winners(state), times


def match(
    levels: Sequence[str], games: int, seed: int = 0, hard_seconds: float | None = None, progress: bool = False
) -> MatchResult:
    """``games`` 4-player games; game ``g`` seats ``levels`` rotated by ``g`` so every level plays
    every colour equally often."""
    seats = len(levels)
    points: dict[str, list[float]] = {level: [] for level in levels}
    wins: dict[str, float] = dict.fromkeys(levels, 0.0)
    times: dict[str, list[float]] = {level: [] for level in levels}
    for number in range(games):
        seated = [levels[(seat + number) % seats] for seat in range(seats)]
        scores, winners, game_times = play_game(seated, seed + number, players=seats, hard_seconds=hard_seconds)
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
