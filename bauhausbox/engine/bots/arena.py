"""Seeded matches between two kinds of bot, for strength measurements (``python -m tests.yardstick.duel``).

One kind (the candidate) takes one seat, the other kind (the yardstick) every other seat; the
candidate's seat rotates from game to game so that it plays every seat equally often. Every other
computer seat may make an out-of-turn move (``Bot.interject``) before each decision, as in the app.
Thinking time is measured in process CPU time, so a busy machine does not inflate it. Bots think with
an :class:`Endless` budget: no clock cuts any bot short (a loaded machine would otherwise weaken the
time-limited one), so each plays at its own fixed node budget or widths and a game replays from its seed.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bauhausbox.engine.api import GameRules, OptionValue
from bauhausbox.engine.bots.base import Bot, Budget

BotFactory = Callable[[int], Bot]  # seed -> bot


class Endless(Budget):
    """A thinking budget that never runs out (still cancellable): bots stop at their own limits."""

    def __init__(self) -> None:
        super().__init__(math.inf)

    def expired(self) -> bool:
        return self.cancelled

    def remaining(self) -> float:
        return math.inf

    def fraction(self, share: float) -> Budget:
        return self


@dataclass
class DuelResult:
    """What a duel measured: wins (ties shared) and average scores per side, and thinking times."""

    games: int = 0
    wins: float = 0.0  # the candidate's, ties shared
    candidate_points: float = 0.0
    yardstick_points: float = 0.0  # per yardstick seat
    seeds: list[int] = field(default_factory=list)
    candidate_times: list[float] = field(default_factory=list)

    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """A 95 % Wilson interval of the candidate's win rate."""
        n = self.games
        if n == 0:
            return 0.0, 1.0
        p, z = self.win_rate(), 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def summary(self) -> dict[str, Any]:
        low, high = self.interval()
        times = sorted(self.candidate_times)
        return {
            "games": self.games,
            "seeds": f"{self.seeds[0]}..{self.seeds[-1]}" if self.seeds else "",
            "candidate_win_rate": round(self.win_rate(), 3),
            "win_rate_95ci": [round(low, 3), round(high, 3)],
            "candidate_average_score": round(self.candidate_points / max(1, self.games), 2),
            "yardstick_average_score": round(self.yardstick_points / max(1, self.games), 2),
            "candidate_cpu_s_per_decision": {
                "median": round(statistics.median(times), 3) if times else 0.0,
                "mean": round(statistics.fmean(times), 3) if times else 0.0,
                "max": round(times[-1], 3) if times else 0.0,
            },
        }


def play_game(
    game: GameRules[Any, Any],
    bots: list[Bot],
    seed: int,
    options: dict[str, OptionValue],
    times: list[list[float]] | None = None,
) -> Any:
    """One seeded game; returns the final state. ``times[seat]`` collects CPU seconds per decision."""
    state = game.new_game(len(bots), seed, **options)
    while not game.is_over(state):
        for seat, bot in enumerate(bots):
            if seat != state.to_play and game.legal_moves(state, seat=seat):
                started = time.process_time()
                move = bot.interject(game, game.view(state, seat), seat, Endless())
                if times is not None:
                    times[seat].append(time.process_time() - started)
                if move is not None:
                    state = game.apply(state, move, seat)
        if game.is_over(state):
            break
        seat = state.to_play
        started = time.process_time()
        move = bots[seat].choose(game, game.view(state, seat), seat, Endless())
        if times is not None:
            times[seat].append(time.process_time() - started)
        state = game.apply(state, move)
    return state


def duel_game(
    game: GameRules[Any, Any],
    candidate: BotFactory,
    yardstick: BotFactory,
    number: int,
    players: int,
    seed: int,
    settings: dict[str, OptionValue],
) -> tuple[list[int], list[int], list[float], int]:
    """Game ``number`` of a duel: seed ``seed + number``, the candidate on seat ``number % players``.
    Returns the scores, the winners, the candidate's CPU seconds per decision and its seat."""
    game_seed = seed + number
    mine = number % players
    bots = [candidate(game_seed * 10 + s) if s == mine else yardstick(game_seed * 10 + s) for s in range(players)]
    times: list[list[float]] = [[] for _ in range(players)]
    final = play_game(game, bots, game_seed, settings, times)
    return list(game.scores(final)), list(game.winners(final)), times[mine], mine


def duel(
    game: GameRules[Any, Any],
    candidate: BotFactory,
    yardstick: BotFactory,
    games: int,
    players: int,
    seed: int = 1,
    options: dict[str, OptionValue] | None = None,
    progress: Callable[[int, list[int], list[int], int], None] | None = None,
) -> DuelResult:
    """``games`` seeded games (seeds ``seed``, ``seed + 1``, ...), the candidate on seat ``n % players``."""
    result = DuelResult()
    settings = game.normalize_options(players, options or {})
    for number in range(games):
        scores, winners, times, mine = duel_game(game, candidate, yardstick, number, players, seed, settings)
        result.games += 1
        result.seeds.append(seed + number)
        result.wins += 1.0 / len(winners) if mine in winners else 0.0
        result.candidate_points += scores[mine]
        result.yardstick_points += (sum(scores) - scores[mine]) / (players - 1)
        result.candidate_times.extend(times)
        if progress is not None:
            progress(number, scores, winners, mine)
    return result


def duel_command(
    game: GameRules[Any, Any], candidate: BotFactory, yardstick: BotFactory, argv: list[str] | None = None
) -> None:
    """The ``--duel`` command line: ``candidate`` against ``yardstick`` on every other seat. The engine
    ships no yardstick: the frozen former players live in ``tests/yardstick/``, whose ``duel`` module
    passes them in."""
    import argparse
    import json

    parser = argparse.ArgumentParser(description="a candidate bot against a yardstick bot, seats rotating")
    parser.add_argument("--duel", type=int, required=True, help="number of games")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    options: dict[str, OptionValue] = {}
    for text in args.option:
        key, _, value = text.partition("=")
        options[key] = value

    def report(number: int, scores: list[int], winners: list[int], mine: int) -> None:
        print(f"game {number + 1} (seed {args.seed + number}): scores {scores}, winners {winners}, "
              f"candidate on seat {mine}", flush=True)  # fmt: skip

    result = duel(game, candidate, yardstick, args.duel, args.players, args.seed, options, progress=report)
    print(json.dumps(result.summary(), indent=1))
