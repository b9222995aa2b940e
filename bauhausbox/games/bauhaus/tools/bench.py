"""Bauhaus benchmarks: engine speed (legal moves, apply, zones), random playouts and bot thinking time.

``run(quick)`` returns ``(label, value, unit, target)`` rows for ``scripts/bench``; it never fails on
timing. Bot strength is measured separately (it takes tens of minutes):
``bauhausbox selfplay bauhaus --players 4 --games 200 --seed 1 --levels random,easy,medium,hard --jobs 2``
or ``python -m bauhausbox.games.bauhaus.tools.bench --strength 200``. Hard against the frozen former hard
(``tests/yardstick/``; run from the checkout's root), at hard's fixed node budget:
``python -m tests.yardstick.duel bauhaus --duel 100 --players 2 --seed 1`` (and ``--players 4``).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from bauhausbox.engine.bots.base import decision_times
from bauhausbox.games.bauhaus.ai import make_bot
from bauhausbox.games.bauhaus.rules import GAME, BauhausState

Row = tuple[str, float, str, str]


def _positions(count: int, seed: int) -> list[BauhausState]:
    """Positions from seeded random games, all phases and player counts."""
    rnd = random.Random(seed)
    positions: list[BauhausState] = []
    game_seed = seed
    while len(positions) < count:
        game_seed += 1
        state = GAME.new_game(2 + game_seed % 3, game_seed, powers=game_seed % 2 == 0)
        while state.to_play is not None and len(positions) < count:
            if rnd.random() < 0.25:
                positions.append(state)
            state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    return positions


def _fresh_rules() -> None:
    # Measure without the caches warmed by earlier calls.
    GAME.__init__()  # type: ignore[misc]


def run(quick: bool = False) -> list[Row]:
    rows: list[Row] = []
    positions = _positions(60 if quick else 400, seed=7)

    _fresh_rules()
    started = time.process_time()
    counts = [len(GAME.legal_moves(p)) for p in positions]
    elapsed = time.process_time() - started
    rows.append(("legal moves, mean per position (cold caches)", elapsed / len(positions) * 1e3, "ms", "≤ 10 ms"))
    rows.append(("legal moves per position, mean", statistics.fmean(counts), "moves", "-"))
    rows.append(("legal moves per position, max", float(max(counts)), "moves", "-"))

    _fresh_rules()
    pairs = [(p, random.Random(i).choice(GAME.legal_moves(p))) for i, p in enumerate(positions)]
    _fresh_rules()
    started = time.process_time()
    for state, move in pairs:
        GAME.apply(state, move)
    rows.append(("apply, mean", (time.process_time() - started) / len(pairs) * 1e6, "µs", "≤ 500 µs"))

    walls = [p.walls for p in positions]
    started = time.process_time()
    for w in walls:
        GAME.board.closed_regions(w)
    rows.append(
        ("zones from scratch (flood fills), mean", (time.process_time() - started) / len(walls) * 1e6, "µs", "≤ 100 µs")
    )

    games = 2 if quick else 10
    rnd = random.Random(3)
    started = time.process_time()
    plies = 0
    for number in range(games):
        state = GAME.new_game(2 + number % 3, 100 + number)
        while state.to_play is not None:
            state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
            plies += 1
    elapsed = time.process_time() - started
    rows.append(("random playout, whole game", elapsed / games * 1e3, "ms", "≤ 2000 ms"))
    rows.append(("random playout, per decision", elapsed / plies * 1e3, "ms", "-"))

    sample = positions[:: 12 if quick else 6]
    for level in ("easy", "medium", "hard"):
        times = decision_times(GAME, make_bot(level, 1), sample, 2.0, clock=time.process_time)
        rows.append((f"{level} bot, mean per decision", statistics.fmean(times) * 1e3, "ms", "≤ 2000 ms"))
        rows.append((f"{level} bot, max per decision", max(times) * 1e3, "ms", "≤ 2000 ms"))
    rows.append(("hard search, simulations per CPU second", _search_rate(sample[:: 2 if quick else 4]), "/s", "-"))
    return rows


def _search_rate(states: list[BauhausState]) -> float:
    """Iterations of hard's information-set search per CPU second, at card choices."""
    from dataclasses import replace

    from bauhausbox.engine.bots.base import Budget
    from bauhausbox.games.bauhaus.ai import HARD_SEARCH, BauhausSearchBot

    bot = BauhausSearchBot(1, config=replace(HARD_SEARCH, seconds=60.0))
    iterations, elapsed = 0, 0.0
    for state in states:
        if state.phase != "choose" or state.to_play is None:
            continue
        started = time.process_time()
        bot.choose(GAME, GAME.view(state, state.to_play), state.to_play, Budget(60.0))
        elapsed += time.process_time() - started
        iterations += bot.search.last_iterations
    return iterations / elapsed if elapsed else 0.0


def strength(games: int = 200, seed: int = 1, players: int = 4, jobs: int = 2) -> None:
    """Seeded games between the levels, seats rotating: prints average score and win rate per level
    (the same games and table as ``bauhausbox selfplay``)."""
    from bauhausbox import selfplay

    levels = ["random", "easy", "medium", "hard"]
    work = selfplay.jobs("bauhaus", players, games, seed, levels, GAME.normalize_options(players, {}))
    results = selfplay.play_all(work, jobs, report=selfplay.print_result)
    selfplay.print_summary(selfplay.summarize(results, players))


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--strength":
        strength(int(sys.argv[2]))
    else:
        for label, value, unit, target in run(quick="--quick" in sys.argv):
            print(f"{label:50s} {value:10.2f} {unit:6s} {target}")
