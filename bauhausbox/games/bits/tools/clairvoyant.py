"""A clairvoyant Bits solo player, as a yardstick for the levels (not a level: it reads the hidden deck).

It knows the order of every round's tile cards and searches each round's placements with a beam:
after each tile it keeps the ``width`` best boards (by the hard player's evaluator, told exactly which
squares are still to come), and a full ramp counts its exact points. Rounds are independent in solo
(each starts on an empty ramp with a freshly shuffled deck, and the shuffles do not depend on the
moves), so each round is searched alone; the best line of each round is then replayed through the
rules, which must score it as the search did.

    python -m bauhausbox.games.bits.tools.clairvoyant --games 200 --seed 0 --width 50

prints each game's rounds and total, then the mean over the seeds (docs/bits.md compares hard with it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence

from bauhausbox.games.bits.ai import Evaluator, placements
from bauhausbox.games.bits.board import has_room
from bauhausbox.games.bits.cards import NEUTRAL_TILE, board_points
from bauhausbox.games.bits.rules import GAME, BitsState, Place, round_totals

#: (board, neutral tile used) -> the moves that made it
Beam = dict[tuple[str, bool], tuple[Place, ...]]


def best_round(
    goals: Sequence[str],
    tiles: Sequence[str],
    board: str,
    width: int,
    neutral_used: bool = False,
    start_tile: bool = True,
) -> tuple[int, tuple[Place, ...]]:
    """The best points the beam finds for the rest of a round that places ``tiles`` in order on
    ``board`` (the first a start tile, which the neutral tile cannot replace, unless ``start_tile`` is
    false), and the moves of that line."""
    beam: Beam = {(board, neutral_used): ()}
    best: tuple[int, tuple[Place, ...]] = (-(10**9), ())
    for number, tile in enumerate(tiles):
        supply: Counter[str] = Counter()
        for later in tiles[number + 1 :]:
            supply.update(later)
        evaluator = Evaluator(goals, supply)
        children: dict[tuple[str, bool], tuple[float, tuple[Place, ...]]] = {}
        for (current, used), moves in beam.items():
            neutral = (number > 0 or not start_tile) and not used
            for place, after in placements(current, tile, neutral):
                key = (after, used or place.colours == NEUTRAL_TILE)
                if key in children:
                    continue
                line = (*moves, place)
                if not has_room(after) or number == len(tiles) - 1:
                    best = max(best, (board_points(after, goals), line), key=lambda pair: pair[0])
                    continue  # the round ends here for this board
                children[key] = (evaluator.evaluate(after, not key[1]), line)
        ranked = sorted(children.items(), key=lambda item: -item[1][0])[:width]
        beam = {key: line for key, (_, line) in ranked}
        if not beam:
            break
    return best


def play_game(seed: int, width: int) -> list[int]:
    """The clairvoyant's points in each round of the solo game ``seed``; each round's line is played
    through the rules, and the rules' points must equal the search's."""
    state: BitsState = GAME.new_game(1, seed)
    points = []
    while not GAME.is_over(state):
        tiles = (state.start_tiles[0], *state.deck)
        found, line = best_round(state.active_goals(), tiles, state.boards[0], width)
        round_number = state.round
        for move in line:
            state = GAME.apply(state, move)
        if not GAME.is_over(state) and state.round == round_number:
            raise AssertionError(f"seed {seed}, round {round_number}: the line ends before the round does")
        scored = round_totals(state)[round_number - 1][0]
        if scored != found:
            raise AssertionError(f"seed {seed}, round {round_number}: the rules score {scored}, the search {found}")
        points.append(scored)
    return points


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bauhausbox.games.bits.tools.clairvoyant", description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--width", type=int, default=50)
    options = parser.parse_args(argv)
    totals: list[int] = []
    rounds: list[list[int]] = []
    for number in range(options.games):
        started = time.process_time()
        result = play_game(options.seed + number, options.width)
        rounds.append(result)
        totals.append(sum(result))
        print(
            f"seed {options.seed + number}: rounds {result}, total {sum(result)}"
            f" ({time.process_time() - started:.1f} s CPU)",
            flush=True,
        )
    error = statistics.stdev(totals) / len(totals) ** 0.5 if len(totals) > 1 else 0.0
    per_round = ", ".join(f"{statistics.fmean(r[i] for r in rounds):.2f}" for i in range(3))
    print(
        f"clairvoyant beam (width {options.width}), seeds {options.seed}–{options.seed + options.games - 1}:"
        f" mean {statistics.fmean(totals):.2f} (± {error:.2f} s.e.), median {statistics.median(totals)},"
        f" min–max {min(totals)}–{max(totals)}, per round {per_round}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
