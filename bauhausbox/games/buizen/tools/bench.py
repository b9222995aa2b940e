"""Buizen Wir-War benchmarks: move generation, apply, scoring, computer-player speed and strength.

``run(quick)`` returns ``(label, value, unit, target)`` rows for ``scripts/bench``; never fails on timing.
The strength table (≥ 200 seeded four-player games, one seat per level, seats rotated) is reproduced by
``python -m bauhausbox.games.buizen.tools.bench --strength 200`` (a few minutes on one core). Hard against the
frozen former hard (``tests/yardstick/``; run from the checkout's root), at hard's fixed node budget:
``python -m tests.yardstick.duel buizen --duel 100 --players 2 --seed 1`` (and ``--players 4``).
"""

from __future__ import annotations

import argparse
import json
import random
import time

from bauhausbox.engine.bots.base import decision_times
from bauhausbox.games.buizen.ai import make_bot, strength
from bauhausbox.games.buizen.networks import networks
from bauhausbox.games.buizen.rules import GAME
from bauhausbox.games.buizen.state import BuizenState


def _positions(games: int) -> list[BuizenState]:
    """Every position of ``games`` seeded random games (2, 3 and 4 players in turn)."""
    states = []
    for seed in range(games):
        state = GAME.new_game(2 + seed % 3, seed)
        rnd = random.Random(seed)
        while state.to_play is not None:
            states.append(state)
            state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
        states.append(state)
    return states


def run(quick: bool = False) -> list[tuple[str, float, str, str]]:
    rows: list[tuple[str, float, str, str]] = []
    started = time.perf_counter()
    states = _positions(2 if quick else 12)
    playout = (time.perf_counter() - started) / (2 if quick else 12)
    rows.append(("random game played out (moves + apply)", playout * 1000, "ms", "≤ 500 ms"))

    live = [s for s in states if s.to_play is not None]
    started = time.perf_counter()
    counts = [len(GAME.legal_moves(s)) for s in live]
    per_position = (time.perf_counter() - started) / len(live) * 1e6
    rows.append(("legal moves, mean per position", per_position, "µs", "≤ 3000 µs"))
    rows.append(("legal moves, mean count", sum(counts) / len(counts), "moves", "—"))

    rnd = random.Random(1)
    picked = [(s, rnd.choice(GAME.legal_moves(s))) for s in live]
    started = time.perf_counter()
    for state, move in picked:
        GAME.apply(state, move)
    rows.append(("apply, mean", (time.perf_counter() - started) / len(picked) * 1e6, "µs", "≤ 1000 µs"))

    started = time.perf_counter()
    for state in states:
        networks(state)
    rows.append(("networks + closure, mean", (time.perf_counter() - started) / len(states) * 1e6, "µs", "≤ 1000 µs"))

    sample = live[:: max(1, len(live) // (15 if quick else 120))]
    for level in ("easy", "medium", "hard"):
        times = decision_times(GAME, make_bot(level, 1), sample, 1.0)
        rows.append((f"{level} move, mean", sum(times) / len(times) * 1000, "ms", "≤ 1000 ms"))
        rows.append(
            (f"{level} move, slowest", max(times) * 1000, "ms", "≤ 2000 ms" if level == "hard" else "≤ 1000 ms")
        )
    rows.append(("hard search, simulations per CPU second", _search_rate(sample[:: 3 if quick else 12]), "/s", "-"))

    if not quick:
        table = strength(games_count=24, seed=1)
        for level, average in table["average"].items():
            label = f"average score, {level} (24 four-player games)"
            rows.append((label, average, "points", "hard > medium > easy > random"))
    return rows


def _search_rate(states: list[BuizenState]) -> float:
    """Iterations of hard's information-set search per CPU second."""
    from dataclasses import replace

    from bauhausbox.engine.bots.base import Budget
    from bauhausbox.games.buizen.ai import HARD_SEARCH, BuizenSearchBot

    bot = BuizenSearchBot(1, replace(HARD_SEARCH, seconds=60.0))
    iterations, elapsed = 0, 0.0
    for state in states:
        seat = state.to_play
        assert seat is not None
        started = time.process_time()
        bot.choose(GAME, GAME.view(state, seat), seat, Budget(60.0))
        elapsed += time.process_time() - started
        iterations += bot.search.last_iterations if len(GAME.legal_moves(state)) > 1 else 0
    return iterations / elapsed if elapsed else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--strength", type=int, default=0, help="play this many strength games and print JSON")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true")
    args, _ = parser.parse_known_args()
    if args.strength:
        print(json.dumps(strength(games_count=args.strength, seed=args.seed), indent=2))
        return
    for label, value, unit, target in run(args.quick):
        print(f"{label:55s} {value:10.2f} {unit:7s} {target}")


if __name__ == "__main__":
    main()
