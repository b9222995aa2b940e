"""Fitting the Bits evaluator's weights to self-play (reproducible: seeds in, weights out).

Policy iteration in its simplest form: play seeded solo games one move ahead with the current weights
(plus a little exploration), record the features of every board a move produced and the points that
round finally scored, and fit the weights by ridge least squares so the evaluator predicts the round's
final points. Repeat with the new weights. Pure Python (no numpy); a few minutes per iteration.

Run: ``python -m bauhausbox.games.bits.training --iterations 4 --games 150``
"""

from __future__ import annotations

import argparse
import random
import statistics

from bauhausbox.games.bits.ai import FEATURES, WEIGHTS, Evaluator, MediumBot, _placements, play_solo, unseen_supply
from bauhausbox.games.bits.rules import GAME, round_totals

Sample = tuple[list[float], float]


def collect(weights: tuple[float, ...], games: int, seed: int, explore: float = 0.1) -> list[Sample]:
    """Features of every board reached in ``games`` solo games, labelled with that round's final points."""
    rnd = random.Random(seed)
    samples: list[Sample] = []
    for number in range(games):
        state = GAME.new_game(1, seed + number)
        pending: list[tuple[int, list[float]]] = []
        while not GAME.is_over(state):
            moves = GAME.legal_moves(state)
            view = GAME.view(state, 0)
            if len(moves) == 1:
                state = GAME.apply(state, moves[0])
                continue
            evaluator = Evaluator(view.active_goals(), unseen_supply(view), weights)
            neutral = not view.start_phase and not view.neutral_used[0]
            rated = []
            for move, after in _placements(view.boards[0], view.tile_for(0), neutral):
                keeps = not view.neutral_used[0] and not move.neutral
                rated.append((evaluator.evaluate(after, keeps), rnd.random(), move, after, keeps))
            rated.sort(key=lambda item: (item[0], item[1]), reverse=True)
            choice = rnd.choice(rated[:4]) if rnd.random() < explore else rated[0]
            pending.append((state.round, evaluator.features(choice[3], choice[4])))
            state = GAME.apply(state, choice[2])
        totals = round_totals(state)
        samples += [(vector, float(totals[round_number - 1][0])) for round_number, vector in pending]
    return samples


def fit(samples: list[Sample], ridge: float = 1.0) -> tuple[float, ...]:
    """Ridge least squares: the weights minimising squared error + ``ridge`` × |w|² (bias unpenalised)."""
    n = len(FEATURES)
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for vector, label in samples:
        for i, x in enumerate(vector):
            if x:
                b[i] += x * label
                row = a[i]
                for j, y in enumerate(vector):
                    if y:
                        row[j] += x * y
    for i in range(1, n):
        a[i][i] += ridge
    # Features that never occurred get a zero weight (keeps the system solvable).
    for i in range(n):
        if a[i][i] == 0.0:
            a[i][i] = 1.0
    return tuple(_solve(a, b))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is symmetric positive definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            factor = m[r][col] / m[col][col]
            if factor:
                for c in range(col, n + 1):
                    m[r][c] -= factor * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def strength(weights: tuple[float, ...], games: int, seed: int) -> float:
    """Mean solo total of the one-move-ahead player with ``weights``."""
    return statistics.fmean(sum(play_solo(MediumBot(seed + i, weights), seed + i)) for i in range(games))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=4)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--check", type=int, default=40, help="games to measure each iteration's weights")
    parser.add_argument("--seed", type=int, default=10_000)
    args = parser.parse_args()
    weights = WEIGHTS
    print(f"start: {strength(weights, args.check, 0):.2f}")
    for iteration in range(args.iterations):
        samples = collect(weights, args.games, args.seed + 1000 * iteration)
        weights = fit(samples)
        print(f"iteration {iteration + 1}: {len(samples)} boards, mean {strength(weights, args.check, 0):.2f}")
        print("WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
