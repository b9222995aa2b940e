"""Bits benchmarks: engine speed, evaluator speed, thinking time per tile, and solo strength.

``run(quick=True)`` takes a few seconds (a smoke test calls it); the full run takes a few minutes (it
plays a short strength sample). The solo strength measurement (200 seeded games) is
``python -m bauhausbox.games.bits.tools.bench --strength hard --games 200 --seconds 100`` (the hard player's node
budget then limits it alone, so the run is repeatable; its CPU time per tile is reported; see docs/bits.md).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from bauhausbox.engine.bots.base import decision_times
from bauhausbox.games.bits.ai import Evaluator, make_bot, solo_strength
from bauhausbox.games.bits.cards import LOWEST_RANK, RANKS, solo_rank
from bauhausbox.games.bits.rules import GAME, BitsState

Row = tuple[str, float, str, str]


def _positions(count: int, seed: int) -> list[BitsState]:
    """Positions from random 2-player games, one every few moves."""
    rnd = random.Random(seed)
    positions: list[BitsState] = []
    state = GAME.new_game(2, seed)
    while len(positions) < count:
        if GAME.is_over(state):
            state = GAME.new_game(2, rnd.randrange(10**6))
        positions.append(state)
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    return positions


def _per_call(func: Callable[[BitsState], object], items: list[BitsState], repeat: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for item in items:
            func(item)
    return (time.perf_counter() - start) / (len(items) * repeat) * 1e6


def run(quick: bool = False) -> list[Row]:
    positions = _positions(100 if quick else 600, seed=1)
    rows: list[Row] = [
        ("legal moves, mean per position", _per_call(GAME.legal_moves, positions), "µs", "≤ 100 µs"),
        (
            "apply first legal move",
            _per_call(lambda s: GAME.apply(s, GAME.legal_moves(s)[0]), positions),
            "µs",
            "≤ 200 µs",
        ),
    ]
    evaluator = Evaluator(["1a", "2b", "3a"])
    boards = [s.boards[0] for s in positions]
    start = time.perf_counter()
    for board in boards:
        evaluator.evaluate(board)
    rows.append(("evaluator, one board", (time.perf_counter() - start) / len(boards) * 1e6, "µs", "≤ 100 µs"))

    # Thinking time of the hard player on a sample of tile decisions.
    sample = [s for s in positions if s.to_play is not None and not s.start_phase][: 5 if quick else 40]
    # Process CPU time: wall time on a shared machine measures the other jobs too.
    times = decision_times(GAME, make_bot("hard", 1), sample, 1.0, clock=time.process_time)
    rows.append(("hard player, mean CPU time per tile", statistics.fmean(times) * 1000, "ms", "≤ 1000 ms"))
    rows.append(("hard player, slowest tile (CPU time)", max(times) * 1000, "ms", "≤ 1000 ms"))

    # A short strength sample; the 200-game measurement is `--strength hard` (see docs/bits.md).
    for level, games, target in (("easy", 30, ""), ("medium", 30, ""), ("hard", 10, "≥ 30 (Architect)")):
        if quick:
            if level == "hard":
                continue  # a hard game takes ~15 s; the quick run only checks that the rest works
            games = 2
        result = solo_strength(level, games, seed=0)
        rows.append((f"solo {level}, mean total over {games} games", result["mean"], "points", target))
    return rows


def strength_report(level: str, games: int, seed: int = 0, seconds: float = 1.0) -> str:
    """Solo strength of ``level`` over ``games`` seeded games: mean, spread, and the rank distribution."""
    return format_strength(level, solo_strength(level, games, seed, seconds))


def format_strength(label: str, result: dict[str, Any]) -> str:
    """The text of a :func:`~bauhausbox.games.bits.ai.strength_of` result."""
    totals, games, seed = result["totals"], result["games"], result["seed"]
    error = 1.96 * statistics.stdev(totals) / math.sqrt(games) if games > 1 else 0.0
    lines = [
        f"{label}: {games} solo games, seeds {seed}..{seed + games - 1}, {result['seconds']:g} s per tile",
        f"  mean {result['mean']:.2f} (95% interval ± {error:.2f})  median {result['median']}"
        f"  stdev {result['stdev']:.2f}  min {result['min']}  max {result['max']}",
        "  round means " + ", ".join(f"{r:.2f}" for r in result["round_means"]),
        f"  thinking per tile: mean {result['seconds_mean'] * 1000:.0f} ms, max {result['seconds_max'] * 1000:.0f} ms;"
        f" CPU time mean {result['cpu_mean'] * 1000:.0f} ms, max {result['cpu_max'] * 1000:.0f} ms",
        "  totals " + " ".join(map(str, totals)),
    ]
    ranks = Counter(solo_rank(total) for total in totals)
    for _, name in (*RANKS, (None, LOWEST_RANK)):
        lines.append(f"  {name:14s} {ranks[name]:4d}  {100 * ranks[name] / games:5.1f}%")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description="Bits benchmarks and solo strength")
    parser.add_argument("--strength", default="", help="a level: print its solo strength instead")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.strength:
        print(strength_report(args.strength, args.games, args.seed, args.seconds))
        return
    for label, value, unit, target in run(quick=args.quick):
        print(f"{label:45s} {value:10.2f} {unit:7s} {target}")


if __name__ == "__main__":
    main()
