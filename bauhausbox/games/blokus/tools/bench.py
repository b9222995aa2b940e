"""Blokus benchmarks for ``scripts/bench``: import cost, move generation, game and playout rates, bot
thinking times. Numbers only; nothing here fails on timing.

Engine rates are measured in CPU time of this process (``time.process_time``): the code is
single-threaded, so on an idle machine that equals wall time, and on the shared 2-core machine it
does not count the time other processes hold the CPU. The machine's speed still drifts by up to 2×
over minutes (other virtual machines on the same host share its caches), so each engine rate is
the best of :data:`ROUNDS` rounds, as ``timeit`` does, with the median round shown beside it.
Bot thinking times are wall-clock, because their budgets are.
Run directly: ``python -m bauhausbox.games.blokus.tools.bench [--quick]``.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

Row = tuple[str, float, str, str]
ROUNDS = 5

_IMPORT_PROBE = """
import resource, time
started = time.process_time()
import bauhausbox.games.blokus.rules
elapsed = time.process_time() - started
print(elapsed, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def import_cost() -> tuple[float, float]:
    """Seconds to import the rules (which builds every placement) and the process's peak MB, measured
    in a fresh interpreter."""
    output = subprocess.run([sys.executable, "-c", _IMPORT_PROBE], capture_output=True, text=True, check=True)
    seconds, megabytes = output.stdout.split()
    return float(seconds), float(megabytes)


def random_positions(games: int, seed: int) -> list[object]:
    """Every position (colour to play) of ``games`` random 4-player games."""
    from bauhausbox.games.blokus.rules import GAME

    rnd = random.Random(seed)
    positions: list[object] = []
    for number in range(games):
        state = GAME.new_game(4, seed + number)
        while state.to_play is not None:
            positions.append(state)
            state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    return positions


def legal_moves_mean(positions: list[object]) -> float:
    """Mean seconds of ``legal_moves`` over the positions."""
    from bauhausbox.games.blokus.rules import GAME

    started = time.process_time()
    for state in positions:
        GAME.legal_moves(state)  # type: ignore[arg-type]
    return (time.process_time() - started) / len(positions)


def random_games_per_second(games: int, seed: int) -> float:
    """Complete random 4-player games through the rules API, listing every legal move at every turn."""
    from bauhausbox.games.blokus.rules import GAME

    rnd = random.Random(seed)
    started = time.process_time()
    for number in range(games):
        state = GAME.new_game(4, number)
        while state.to_play is not None:
            state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    return games / (time.process_time() - started)


def playouts_per_second(playouts: int, seed: int) -> float:
    """Sampled playouts (the hard bot's: its policy and its random generator, which the compiled core
    runs in C) from the empty board to the end."""
    from bauhausbox.games.blokus.heuristics import SplitMix, playout
    from bauhausbox.games.blokus.rules import GAME

    rnd = SplitMix(seed)
    start = GAME.new_game(4, 0)
    started = time.process_time()
    for _ in range(playouts):
        playout(start, rnd)
    return playouts / (time.process_time() - started)


def search_rates(work: int, seed: int) -> tuple[float, float]:
    """One tree-search shard (one core) at the hard level's settings from the opening of a 2-player
    game: simulations and simulated placements per CPU second."""
    from bauhausbox.games.blokus import mcts
    from bauhausbox.games.blokus.rules import GAME

    started = time.process_time()
    _, simulations, done = mcts.search_shard(GAME.new_game(2, 0), mcts.Settings(work=work), seed)
    elapsed = time.process_time() - started
    return simulations / elapsed, done / elapsed


def bot_move_times(level: str, games: int, seed: int, moves_per_game: int | None = None) -> list[float]:
    """Thinking seconds of one ``level`` bot (blue) against three medium bots."""
    from bauhausbox.engine.bots.base import Budget
    from bauhausbox.games.blokus.ai import make_bot
    from bauhausbox.games.blokus.rules import GAME

    times: list[float] = []
    for number in range(games):
        bots = [make_bot(level, seed + number)] + [make_bot("medium", seed + number + k) for k in (1, 2, 3)]
        state = GAME.new_game(4, number)
        timed = 0
        while state.to_play is not None:
            seat = state.to_play
            started = time.perf_counter()
            move = bots[seat].choose(GAME, state, seat, Budget(30.0))
            if seat == 0:
                times.append(time.perf_counter() - started)
                timed += 1
                if moves_per_game is not None and timed >= moves_per_game:
                    break
            state = GAME.apply(state, move)
    return times


def best_of_rounds(measure: Callable[[int], float], higher_is_better: bool) -> tuple[float, float]:
    """``measure(round)`` over :data:`ROUNDS` rounds: the best value and the median."""
    values = [measure(number) for number in range(ROUNDS)]
    return (max(values) if higher_is_better else min(values)), statistics.median(values)


def run(quick: bool = False) -> list[Row]:
    rows: list[Row] = []
    seconds, megabytes = import_cost()
    rows.append(("import + precompute (fresh process, CPU)", seconds, "s", "≤ 1 s"))
    rows.append(("peak memory after import (whole process)", megabytes, "MB", "≤ 50 MB"))

    positions = random_positions(5 if quick else 100, seed=1)
    games_a_round = 5 if quick else 40
    playouts_a_round = 20 if quick else 200
    rates: list[tuple[str, Callable[[int], float], bool, str, str]] = [
        (
            f"legal moves per position, {len(positions)} positions",
            lambda _: 1e6 * legal_moves_mean(positions),
            False,
            "µs",
            "≤ 100 µs",
        ),
        (
            "random games, full move list each turn",
            lambda number: random_games_per_second(games_a_round, seed=2 + number),
            True,
            "games/s",
            "≥ 200 games/s",
        ),
        (
            "tree search, one shard: simulations from the 2-player opening",
            lambda number: search_rates(8_000 if quick else 60_000, seed=5 + number)[0],
            True,
            "sims/s",
            "speed figure",
        ),
        (
            "sampled playouts from the empty board",
            lambda number: playouts_per_second(playouts_a_round, seed=3 + number),
            True,
            "games/s",
            "≥ 500 games/s",
        ),
    ]
    from bauhausbox.games.blokus import core

    for label, measure, higher_is_better, unit, target in rates:
        if core.BUILT is None:  # the pure-Python path only
            best, median = best_of_rounds(measure, higher_is_better)
            rows.append(
                (f"{label} [pure Python, no compiled core] (best of {ROUNDS}; median {median:.0f})", best, unit, target)
            )
            continue
        # Both paths in the same run (the machine's speed drifts between runs), and how far apart they are.
        results = {}
        for path, switch in (("compiled", core.compiled_core), ("pure Python", core.pure)):
            with switch():
                results[path] = best_of_rounds(measure, higher_is_better)
            best, median = results[path]
            rows.append((f"{label} [{path}] (best of {ROUNDS}; median {median:.0f})", best, unit, target))
        compiled, pure = results["compiled"][0], results["pure Python"][0]
        ratio = compiled / pure if higher_is_better else pure / compiled
        rows.append(
            (f"{label}: compiled over pure Python", ratio, "×", "playouts ≥ 8×" if "playouts" in label else "—")
        )

    levels = (("easy", "≤ 200 ms", 2), ("medium", "≤ 1000 ms", 2), ("hard", "≤ 2000 ms", 1), ("expert", "≤ 8000 ms", 1))
    for level, target, count in levels[:3] if quick else levels:  # quick: no 8-second expert moves
        # The searching levels think for a fixed time (both cores): a few moves show it.
        moves = (1 if level in ("hard", "expert") else 2) if quick else (6 if level in ("hard", "expert") else None)
        times = bot_move_times(level, 1 if quick else count, seed=4, moves_per_game=moves)
        rows.append((f"{level} bot, median time per move", 1000 * statistics.median(times), "ms", target))
    # The analysis of a whole two-player classic game on both cores (quick: at a sixteenth of the depth).
    from bauhausbox.games.blokus import analysis

    depth = 16 if quick else 1
    seconds, analysed = analysis_seconds(seed=42, work=analysis.DEFAULT_WORK // depth)
    label = f"analysis of a 2-player game ({analysed} positions){', 1/16 depth' if quick else ''}, wall time"
    rows.append((label, seconds, "s", "≤ 60 s" if not quick else "speed figure"))
    # The hint in Duo and Junior (their tree runs in Python): the analysis's search of one position.
    for variant in ("duo", "junior"):
        for stage, seconds in hint_seconds(variant, seed=42, stages=(0, 12) if quick else HINT_STAGES).items():
            rows.append((f"{variant} hint, position {stage}, wall time", seconds, "s", "≤ 3 s"))
    if quick:
        # A few games only: the lazily built candidate tables are still cold, so rates read low.
        rows = [
            (label + (" [quick, cold tables]" if unit in ("µs", "games/s") else ""), value, unit, target)
            for label, value, unit, target in rows
        ]
    return rows


def analysis_seconds(seed: int, work: int) -> tuple[float, int]:
    """Wall seconds to analyse a seeded game of two medium players (classic board) in the search pool,
    its workers started and warm first, and the game's number of positions."""
    from bauhausbox.games.blokus import ai, analysis, pool

    states = _played_positions([ai.MediumBot(seed * 10 + seat) for seat in range(2)], seed, "classic")
    workers = pool.shared()
    for warm in workers.warmed if workers is not None else ():
        warm.result()
    started = time.perf_counter()
    analysis.analyse(states, work, seed=seed, workers=workers)
    return time.perf_counter() - started, len(states)


def _played_positions(bots: list[Any], seed: int, variant: str) -> list[Any]:
    """Every position of a two-player game of ``bots`` on ``variant``'s board, from ``seed``."""
    from bauhausbox.engine.bots.base import Budget
    from bauhausbox.games.blokus.rules import GAME

    state = GAME.new_game(2, seed, variant=variant)
    states = [state]
    while state.to_play is not None:
        state = GAME.apply(state, bots[state.to_play].choose(GAME, state, state.to_play, Budget(math.inf)))
        states.append(state)
    return states


#: The positions of a Duo or Junior game whose hint is timed: the opening, the middle, late.
HINT_STAGES = (0, 12, 22)


def hint_seconds(variant: str, seed: int, stages: tuple[int, ...] = HINT_STAGES) -> dict[int, float]:
    """Wall seconds of the hint (``hint.analysed_move``, in the search pool as the app asks it) at
    each of ``stages``, the positions of a seeded game of two easy players on ``variant``'s board."""
    from bauhausbox.engine.bots.base import Budget
    from bauhausbox.games.blokus import ai, hint, pool

    states = _played_positions([ai.EasyBot(seed * 10 + seat) for seat in range(2)], seed, variant)
    workers = pool.shared()
    for warm in workers.warmed if workers is not None else ():
        warm.result()
    seconds = {}
    for stage in stages:
        if stage < len(states) and states[stage].to_play is not None:
            started = time.perf_counter()
            hint.analysed_move(states[stage], Budget(math.inf), workers)
            seconds[stage] = time.perf_counter() - started
    return seconds


#: A bot of a level the shipped game does not have (a frozen yardstick), from its seed and the work scale.
ExtraLevel = Callable[[int, float], object]


def strength_bot(level: str, seed: int, scale: float = 1.0, extra: Mapping[str, ExtraLevel] | None = None) -> object:
    """The match bots: the levels of ``extra`` (the frozen yardsticks that ``tests/yardstick/duel.py``
    passes in), else :func:`ai.fixed_work_bot`; ``scale`` multiplies every searching bot's work budget alike."""
    from bauhausbox.games.blokus import ai

    if extra and level in extra:
        return extra[level](seed, scale)
    name, knobs = level_knobs(level)
    if name in ai.LEVEL_WORK:
        work = round(ai.LEVEL_WORK[name] * scale)
        settings = dataclasses.replace(ai.LEVEL_SETTINGS[name], **knobs)
        return ai.SearchBot(seed, seconds=math.inf, work=work, parallel=False, name=name, settings=settings)
    return ai.fixed_work_bot(level, seed)


def level_knobs(level: str) -> tuple[str, dict[str, Any]]:
    """A level and the search knobs (``mcts.Settings`` fields) changed for it: ``hard[policy=0]`` is hard
    with plain playouts, ``expert[prior_visits=10,policy=3]`` expert with two knobs changed, so a match
    sets a change against the level as it is."""
    from bauhausbox.games.blokus import mcts

    name, _, rest = level.partition("[")
    if not rest:
        return level, {}
    fields = {field.name: field for field in dataclasses.fields(mcts.Settings)}
    knobs: dict[str, Any] = {}
    for item in rest.removesuffix("]").split(","):
        key, _, text = item.partition("=")
        default = getattr(mcts.Settings(work=0), key) if key in fields else None
        if isinstance(default, bool):
            knobs[key] = text.lower() in ("1", "true", "yes")
        elif isinstance(default, int | float):
            knobs[key] = type(default)(text)
        else:
            raise ValueError(f"not a number knob of mcts.Settings: {key!r}")
    return name, knobs


def strength(
    levels: list[str], games: int, seed: int, scale: float = 1.0, extra: Mapping[str, ExtraLevel] | None = None
) -> None:
    """Play a seeded match at fixed work budgets (times ``scale``) and print each game and the summary."""
    from bauhausbox.games.blokus import ai

    factory = functools.partial(strength_bot, scale=scale, extra=extra)
    print(ai.match(levels, games, seed, factory=factory, progress=True).summary(), flush=True)


def main() -> None:
    """``python -m bauhausbox.games.blokus.tools.bench [--quick]``, or ``strength LEVELS GAMES SEED`` for a
    match, e.g. ``strength expert,hard 40 2000`` (2 players, seats alternate); a fifth argument
    scales every work budget (``0.125``: an eighth of the time limits' work, for a quick sample). A level
    may name changed search knobs (:func:`level_knobs`): ``strength 'hard[policy=3],hard[policy=0]' 40 1000 0.125``.
    Against the frozen former hard: ``python -m tests.yardstick.duel blokus hard,hard_v1 40 1000``."""
    if sys.argv[1:2] == ["strength"]:
        levels, games, seed = sys.argv[2].split(","), int(sys.argv[3]), int(sys.argv[4])
        strength(levels, games, seed, float(sys.argv[5]) if len(sys.argv) > 5 else 1.0)
        return
    quick = "--quick" in sys.argv
    for label, value, unit, target in run(quick):
        print(f"{label:<62} {value:10.3f} {unit:<8} (target {target})")


if __name__ == "__main__":
    main()
