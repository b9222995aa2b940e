"""The shared information-set search: it plans past the next move, follows the rules of its budget
(fixed iterations, time cap, cancel), is deterministic for a seed, and sees only its samples."""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pytest

from bauhausbox.engine.api import GameInfo, GameRules, IllegalMoveError, OptionValue, Seat
from bauhausbox.engine.bots.base import Budget, Cancelled
from bauhausbox.engine.bots.ismcts import PASS, InformationSetSearch, SearchConfig
from bauhausbox.engine.rng import Rng


@dataclass(frozen=True, slots=True)
class Race:
    """Two seats move a shared counter from 0: +1, +2 or "bank" (score the hidden bonus card of the
    current count, then +1). Whoever moves the counter to exactly 7 wins 10 points. The bonus cards are
    hidden from both seats (views sort them)."""

    count: int
    bonus: tuple[int, ...]
    points: tuple[int, int]
    to_play: Seat | None


class RaceRules(GameRules[Race, str]):
    info = GameInfo("race", "Race", "a test game", 2, 2, 2)

    def new_game(self, players: int, seed: int, **options: OptionValue) -> Race:
        bonus, _ = Rng.from_seed(seed).shuffle([0, 0, 0, 1, 1, 2, 3, 0, 0])
        return Race(0, bonus, (0, 0), 0)

    def legal_moves(self, state: Race, seat: Seat | None = None) -> list[str]:
        if state.to_play is None or (seat is not None and seat != state.to_play):
            return []
        return [m for m in ("+1", "+2", "bank") if state.count + (2 if m == "+2" else 1) <= 7]

    def apply(self, state: Race, move: str, seat: Seat | None = None) -> Race:
        if move not in self.legal_moves(state, seat):
            raise IllegalMoveError(move)
        mover = state.to_play
        assert mover is not None
        points = list(state.points)
        if move == "bank":
            points[mover] += state.bonus[state.count]
        count = state.count + (2 if move == "+2" else 1)
        if count == 7:
            points[mover] += 10
        return Race(count, state.bonus, (points[0], points[1]), None if count == 7 else 1 - mover)

    def format_move(self, state: Race, move: str) -> str:
        return move

    def parse_move(self, state: Race, text: str, seat: Seat | None = None) -> str:
        return text

    def scores(self, state: Race) -> list[int]:
        return list(state.points)

    def view(self, state: Race, seat: Seat) -> Race:
        return replace(state, bonus=tuple(sorted(state.bonus)))

    def determinize(self, state: Race, seat: Seat, rng: Rng) -> Race:
        bonus, _ = rng.shuffle(sorted(state.bonus))
        return replace(state, bonus=bonus)

    def to_text(self, state: Race) -> str:
        return repr(state)

    def from_text(self, text: str) -> Race:
        raise NotImplementedError


RULES = RaceRules()


class RacePolicy:
    """A deliberately short-sighted guide: it prefers banking (a sure small gain) and judges positions
    by points only, so only looking several moves ahead finds the race to 7."""

    def candidates(self, state: Race, seat: Seat) -> Sequence[str]:
        moves = RULES.legal_moves(state, seat)
        return sorted(moves, key=lambda m: m != "bank")

    def playout(self, state: Race, rng: random.Random) -> Sequence[str]:
        return [rng.choice(RULES.legal_moves(state))]

    def evaluate(self, state: Race) -> Sequence[float]:
        a, b = state.points
        return [0.5 + (a - b) / 40, 0.5 + (b - a) / 40]


def search(
    config: SearchConfig, state: Race, seed: int = 1, budget: Budget | None = None
) -> tuple[str, dict[str, int]]:
    """The search's move and root visits, handed ``state`` itself: it must use only samples of its view."""
    engine = InformationSetSearch[Race, str](RULES, RacePolicy(), config)
    result = engine.search(state, state.to_play or 0, random.Random(seed), budget or Budget(60))
    return result.move, result.visits


DEEP = SearchConfig(iterations=600, seconds=60, horizon=8, exploration=0.5)


def test_it_looks_past_the_next_move() -> None:
    # From count 2 only +2 wins the race (count 4 loses for the seat to move); the short-sighted guide
    # would bank. The expected move comes from an exhaustive solve, not from the search.
    state = Race(2, (0, 0, 3, 0, 0, 0, 0, 0, 0), (0, 0), 0)
    assert _solve_best(state) == "+2"
    assert RacePolicy().candidates(state, 0)[0] == "bank"
    move, _ = search(DEEP, state)
    assert move == "+2"


def _solve_best(state: Race) -> str:
    """The move maximising the point difference of the seat to play, by exhaustive minimax with the
    (small) bonus cards left out: the 10 points of the race decide."""

    def value(s: Race, seat: int) -> float:
        if s.to_play is None:
            return s.points[seat] - s.points[1 - seat]
        results = [value(RULES.apply(s, m), seat) for m in RULES.legal_moves(s)]
        return max(results) if s.to_play == seat else min(results)

    mover = state.to_play
    assert mover is not None
    return max(RULES.legal_moves(state), key=lambda m: value(RULES.apply(replace(state, bonus=(0,) * 9), m), mover))


def test_same_seed_same_search_and_iteration_budget_respected() -> None:
    state = RULES.new_game(2, 3)
    config = SearchConfig(iterations=150, seconds=60, horizon=4)
    first = search(config, state, seed=5)
    assert first == search(config, state, seed=5)
    assert sum(first[1].values()) == 150


def test_the_time_cap_stops_it() -> None:
    state = RULES.new_game(2, 3)
    config = SearchConfig(iterations=10**9, seconds=0.2, horizon=4)
    engine = InformationSetSearch[Race, str](RULES, RacePolicy(), config)
    result = engine.search(state, 0, random.Random(1), Budget(60))
    assert result.seconds < 1.0 and 0 < result.iterations < 10**9


def test_a_cancelled_budget_stops_it_at_once() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        search(SearchConfig(iterations=10**9, seconds=60), RULES.new_game(2, 3), budget=Budget(60, cancel))


def test_it_sees_only_samples_of_its_view() -> None:
    # Two states that differ only in the hidden bonus cards: the same search, visit for visit.
    first = Race(0, (3, 3, 2, 0, 0, 0, 0, 0, 0), (0, 0), 0)
    second = replace(first, bonus=tuple(reversed(first.bonus)))
    assert RULES.view(first, 0) == RULES.view(second, 0) and first != second
    config = SearchConfig(iterations=200, seconds=60, horizon=4)
    assert search(config, first) == search(config, second)


def test_out_of_turn_roots_may_pass() -> None:
    state = Race(5, (0,) * 9, (0, 0), 0)
    engine = InformationSetSearch[Race, str](RULES, RacePolicy(), DEEP)
    # From count 5 "+2" wins at once; passing leaves the same position to the seat to play.
    result = engine.search(state, 0, random.Random(1), Budget(60), root_moves=[PASS, "+2"])
    assert result.move == "+2"
    result = engine.search(state, 0, random.Random(1), Budget(60), root_moves=[PASS])
    assert result.move is PASS


def test_an_endless_budget_leaves_only_the_node_budget() -> None:
    # Reproducible runs (golden files) think with an endless budget: no clock may cut the search.
    config = SearchConfig(iterations=300, seconds=1e-9, horizon=4)
    engine = InformationSetSearch[Race, str](RULES, RacePolicy(), config)
    assert engine.search(RULES.new_game(2, 3), 0, random.Random(1), Budget(math.inf)).iterations == 300
    assert engine.search(RULES.new_game(2, 3), 0, random.Random(1), Budget(60)).iterations < 300
