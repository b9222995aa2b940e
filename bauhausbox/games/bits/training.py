"""Fitting the Bits evaluator's weights to self-play (reproducible: seeds in, weights out).

Play seeded solo games one move ahead with the current weights (plus a little exploration) and
record the features of the boards the moves produced. Label each board with what a good player could
still make of it: a beam search to the end of the round over one random order of the unseen tile cards
(the final points of its best board). Fit the weights by ridge least squares so the evaluator predicts
these labels, and repeat with the new weights. (Labelling with the round's actual final points, the
plain Monte-Carlo way, teaches the evaluator the weak player's own mistakes and stalls.) Pure Python,
no numpy.

Run: ``python -m bauhausbox.games.bits.training --iterations 4 --games 150``
"""

from __future__ import annotations

import argparse
import random
import statistics

from bauhausbox.games.bits.ai import FEATURES, WEIGHTS, Evaluator, MediumBot, placements, play_solo, unseen_supply
from bauhausbox.games.bits.cards import board_points
from bauhausbox.games.bits.rules import GAME, round_totals

Sample = tuple[list[float], float]


def beam_value(
    board: str, neutral: bool, goals: tuple[str, ...], deck: tuple[str, ...], evaluator: Evaluator, width: int
) -> int:
    """The best final points a beam search of ``width`` boards reaches when the tiles come in ``deck`` order."""
    beams = [(board, neutral)]
    for tile in deck:
        candidates: dict[tuple[str, bool], float] = {}
        placed = False
        for current, in_hand in beams:
            options = placements(current, tile, in_hand)
            if not options:
                candidates.setdefault((current, in_hand), evaluator.evaluate(current, in_hand))
                continue
            placed = True
            for move, after in options:
                key = (after, in_hand and not move.neutral)
                if key not in candidates:
                    candidates[key] = evaluator.evaluate(*key)
        if not placed:
            break
        beams = sorted(candidates, key=candidates.__getitem__, reverse=True)[:width]
    return max(board_points(current, goals) for current, _ in beams)


def collect(
    weights: tuple[float, ...],
    games: int,
    seed: int,
    explore: float = 0.1,
    width: int = 8,
    every: int = 2,
    labels: str = "beam",
) -> list[Sample]:
    """Features of boards reached in ``games`` solo games (every ``every``-th decision), labelled by
    :func:`beam_value` over a random order of the tiles still unseen (``labels="beam"``) or by the
    points the round really scored (``labels="final"``: quicker, weaker)."""
    rnd = random.Random(seed)
    samples: list[Sample] = []
    for number in range(games):
        state = GAME.new_game(1, seed + number)
        waiting: list[tuple[int, list[float]]] = []
        while not GAME.is_over(state):
            moves = GAME.legal_moves(state)
            view = GAME.view(state, 0)
            if len(moves) == 1:
                state = GAME.apply(state, moves[0])
                continue
            evaluator = Evaluator(view.active_goals(), unseen_supply(view), weights)
            neutral = not view.start_phase and not view.neutral_used[0]
            rated = []
            for move, after in placements(view.boards[0], view.tile_for(0), neutral):
                keeps = not view.neutral_used[0] and not move.neutral
                rated.append((evaluator.evaluate(after, keeps), rnd.random(), move, after, keeps))
            rated.sort(key=lambda item: (item[0], item[1]), reverse=True)
            choice = rnd.choice(rated[:4]) if rnd.random() < explore else rated[0]
            if labels == "final":
                waiting.append((view.round, evaluator.features(choice[3], choice[4])))
            elif rnd.randrange(every) == 0:
                order = tuple(rnd.sample(view.deck, len(view.deck)))
                label = beam_value(choice[3], choice[4], view.active_goals(), order, evaluator, width)
                samples.append((evaluator.features(choice[3], choice[4]), float(label)))
            state = GAME.apply(state, choice[2])
        totals = round_totals(state)
        samples += [(vector, float(totals[round_number - 1][0])) for round_number, vector in waiting]
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


def polish(
    weights: tuple[float, ...], games: int, seed: int, sweeps: int = 1, margin: float = 0.15
) -> tuple[float, ...]:
    """Coordinate search on playing strength: nudge each weight up and down (by a quarter of its size,
    at least 0.1) and keep a nudge when the one-move-ahead player's mean over the same ``games`` seeds
    improves by more than ``margin``. Regression predicts well but does not directly aim at choosing
    well; this does."""
    best = strength(weights, games, seed)
    print(f"polish start: {best:.2f}", flush=True)
    current = list(weights)
    for _ in range(sweeps):
        for index in range(len(current)):
            step = max(0.1, abs(current[index]) * 0.25)
            for delta in (step, -step):
                trial = list(current)
                trial[index] += delta
                score = strength(tuple(trial), games, seed)
                if score > best + margin:
                    best, current = score, trial
                    print(f"  {FEATURES[index]} {delta:+.3f} -> {best:.2f}", flush=True)
                    break
    print("WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in current) + ")")
    return tuple(current)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=4)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--check", type=int, default=40, help="games to measure each iteration's weights")
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--labels", choices=("beam", "final"), default="beam")
    parser.add_argument("--polish", type=int, default=0, help="coordinate-search sweeps after fitting")
    parser.add_argument("--polish-seed", type=int, default=2000)
    args = parser.parse_args()
    weights = WEIGHTS
    if args.polish and not args.iterations:
        polish(weights, args.check, args.polish_seed, args.polish)
        return
    print(f"start: {strength(weights, args.check, 0):.2f}")
    for iteration in range(args.iterations):
        samples = collect(weights, args.games, args.seed + 1000 * iteration, labels=args.labels)
        weights = fit(samples)
        print(f"iteration {iteration + 1}: {len(samples)} boards, mean {strength(weights, args.check, 0):.2f}")
        print("WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
