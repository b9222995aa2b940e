"""Computer-vs-computer games without a window: the ``selfplay`` command and the benches' strength tables.

Each game is a job (game, players, seed, one level per seat, options, seconds per move) played to the end
with every computer seat interjecting out of turn as in the app; :func:`summarize` gives wins and average
scores per level and per seat. Pure: no pygame, so headless commands stay light.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from bauhausbox import games
from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.text_board import plural

# game id, players, seed, the level of each seat, options, seconds per move (None: the level's own)
Job = tuple[str, int, int, list[str], dict[str, Any], float | None]


def jobs(
    game_id: str,
    players: int,
    count: int,
    seed: int,
    levels: Sequence[str],
    options: dict[str, Any],
    seconds: float | None = None,
    rotate: bool = True,
) -> list[Job]:
    """``count`` games from ``seed`` on, the levels given to the seats in turn and rotated from game to game."""
    seat_levels = [levels[i % len(levels)] for i in range(players)]
    return [
        (game_id, players, seed + n, rotated(seat_levels, n if rotate else 0), options, seconds) for n in range(count)
    ]


def rotated(levels: list[str], shift: int) -> list[str]:
    """``levels`` turned by ``shift`` seats, so each level plays every seat in turn."""
    shift %= len(levels)
    return levels[-shift:] + levels[:-shift] if shift else list(levels)


def play_one(job: Job) -> dict[str, Any]:
    """One seeded game of ``job``: its levels, scores, winners and thinking times."""
    game_id, players, seed, levels, options, seconds = job
    game = games.load(game_id)
    bots = [games.make_bot(game_id, level, seed * 10 + seat) for seat, level in enumerate(levels)]
    budgets = [seconds if seconds is not None else game.info.think_time(level) for level in levels]
    state = game.new_game(players, seed, **options)
    think: list[float] = []
    plies = 0
    while not game.is_over(state):
        # Out-of-turn moves (powers): every other computer seat may interject first.
        for seat, bot in enumerate(bots):
            if seat != state.to_play and game.legal_moves(state, seat=seat):
                move = bot.interject(game, game.view(state, seat), seat, Budget(budgets[seat]))
                if move is not None:
                    state = game.apply(state, move, seat)
        if game.is_over(state):
            break
        seat = state.to_play
        started = time.perf_counter()
        move = bots[seat].choose(game, game.view(state, seat), seat, Budget(budgets[seat]))
        think.append(time.perf_counter() - started)
        state = game.apply(state, move)
        plies += 1
    return {
        "seed": seed,
        "levels": levels,
        "scores": game.scores(state),
        "winners": game.winners(state),
        "plies": plies,
        "seconds_per_move": statistics.fmean(think) if think else 0.0,
        "max_seconds_per_move": max(think, default=0.0),
    }


def play_all(
    work: list[Job],
    workers: int = 1,
    play: Callable[[Job], dict[str, Any]] = play_one,
    report: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Every job's result in order, played by ``play`` on ``workers`` processes; ``report`` sees each one."""
    results: list[dict[str, Any]] = []
    if workers > 1 and len(work) > 1:
        from concurrent.futures import ProcessPoolExecutor

        from bauhausbox.engine import parent_watch

        # The workers start from this thread (the main one, which lives as long as the command) and
        # end with the command, even a killed one.
        with ProcessPoolExecutor(min(workers, len(work)), initializer=parent_watch.watch_parent) as pool:
            for result in pool.map(play, work):
                results.append(result)
                if report is not None:
                    report(result)
    else:
        for job in work:
            result = play(job)
            results.append(result)
            if report is not None:
                report(result)
    return results


def summarize(results: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Wins (ties shared) and average scores per level and per seat, and the thinking times."""
    by_level: dict[str, dict[str, float]] = {}
    by_seat = [{"wins": 0.0, "points": 0.0} for _ in range(players)]
    for result in results:
        share = 1.0 / len(result["winners"])
        for seat, (level, score) in enumerate(zip(result["levels"], result["scores"], strict=True)):
            entry = by_level.setdefault(level, {"seats_played": 0, "wins": 0.0, "points": 0.0})
            entry["seats_played"] += 1
            entry["points"] += score
            by_seat[seat]["points"] += score
            if seat in result["winners"]:
                entry["wins"] += share
                by_seat[seat]["wins"] += share
    games_count = max(1, len(results))
    return {
        "games": len(results),
        "levels": {
            level: {
                "average_score": round(e["points"] / e["seats_played"], 2),
                "win_rate": round(e["wins"] / e["seats_played"], 3),
                "seats_played": int(e["seats_played"]),
            }
            for level, e in sorted(by_level.items())
        },
        "seats": [
            {"seat": i, "wins": round(s["wins"], 2), "average_score": round(s["points"] / games_count, 2)}
            for i, s in enumerate(by_seat)
        ],
        "average_seconds_per_move": round(statistics.fmean(r["seconds_per_move"] for r in results), 4)
        if results
        else 0,
        "max_seconds_per_move": round(max((r["max_seconds_per_move"] for r in results), default=0.0), 3),
    }


def print_result(result: dict[str, Any]) -> None:
    scores = "  ".join(f"{level}:{score}" for level, score in zip(result["levels"], result["scores"], strict=True))
    winners = ",".join(str(w) for w in result["winners"])
    print(
        f"seed {result['seed']:>6}  {scores}  winner seat {winners}  ({plural(result['plies'], 'move', 'moves')}, "
        f"{result['seconds_per_move']:.3f} s/move)"
    )


def print_summary(summary: dict[str, Any]) -> None:
    print(f"\n{plural(summary['games'], 'game', 'games')}")
    print(f"{'level':<8} {'avg score':>10} {'win rate':>9} {'seats':>6}")
    for level, entry in summary["levels"].items():
        print(f"{level:<8} {entry['average_score']:>10.2f} {entry['win_rate']:>9.1%} {entry['seats_played']:>6}")
    for seat in summary["seats"]:
        print(f"seat {seat['seat']}: {seat['wins']:.1f} wins, average {seat['average_score']:.2f}")
    print(f"average {summary['average_seconds_per_move']:.3f} s per move (max {summary['max_seconds_per_move']:.2f} s)")
