"""Speed of the Blokus solo-puzzle solver, against the targets in docs/puzzles.md (for ``scripts/bench``).

``run(quick=True)`` takes a few seconds (tetrominoes only); the full run adds the pentomino frames, the
hints and a bounded full-board search. Times are medians over seeds, measured after the solver's
tables for that puzzle are built (building is reported separately). Never fails on timing.
"""

from __future__ import annotations

import statistics
import time

from bauhausbox.games.blokus.puzzles import PuzzleState, new_puzzle
from bauhausbox.games.blokus.solver import _frame_template, hint, solve

Row = tuple[str, float, str, str]


def _first_solution(puzzle: str, seeds: range, time_limit: float) -> tuple[float, int]:
    """Median seconds to a first solution over ``seeds``, and how many seeds found one in time."""
    times: list[float] = []
    found = 0
    for seed in seeds:
        result = solve(new_puzzle(puzzle), time_limit, use_shipped=False, seed=seed)
        times.append(result.seconds)
        found += result.status == "found"
    return statistics.median(times), found


def _hint_seconds(puzzle: str, seeds: range, keep: float = 0.5) -> float:
    """Median seconds for a hint from a board where a fraction ``keep`` of a solution is placed."""
    times: list[float] = []
    for seed in seeds:
        solution = solve(new_puzzle(puzzle), 300, use_shipped=False, seed=seed).placements
        kept = solution[seed % 3 :: 2][: int(len(solution) * keep)]
        start = time.perf_counter()
        hint(PuzzleState(puzzle, tuple(kept)), time_limit=10, use_shipped=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _build_seconds(puzzle: str) -> float:
    start = time.perf_counter()
    _frame_template(puzzle)
    return time.perf_counter() - start


def run(quick: bool = False) -> list[Row]:
    rows: list[Row] = []
    seeds = range(3) if quick else range(7)
    for puzzle, target in (("tetromino", "≤ 0.5 s"), ("tetromino-hard", "≤ 2 s")):
        rows.append((f"{puzzle}: build solver tables", _build_seconds(puzzle), "s", "once per run"))
        median, found = _first_solution(puzzle, seeds, 60)
        rows.append((f"{puzzle}: first solution, median of {len(seeds)} ({found} found)", median, "s", target))
    hint_seconds = _hint_seconds("tetromino-hard", range(3))
    rows.append(("tetromino-hard: hint, half the pieces placed", hint_seconds, "s", "≤ 2 s"))
    if quick:
        return rows
    rows.append(("pentomino: build solver tables", _build_seconds("pentomino"), "s", "once per run"))
    median, found = _first_solution("pentomino", seeds, 60)
    rows.append((f"pentomino: first solution, median of {len(seeds)} ({found} found)", median, "s", "≤ 5 s"))
    rows.append(("pentomino: hint, half the pieces placed", _hint_seconds("pentomino", range(3)), "s", "≤ 2 s"))
    rows.append(("pentomino-hard: build solver tables", _build_seconds("pentomino-hard"), "s", "once per run"))
    median, found = _first_solution("pentomino-hard", range(2), 300)
    rows.append((f"pentomino-hard: live first solution, median of 2 ({found} found)", median, "s", "none (shipped)"))
    median, found = _first_solution("fullboard", range(5, 6), 300)
    rows.append((f"fullboard: depth-first search, seed 5, 300 s limit ({found} found)", median, "s", "none (shipped)"))
    return rows


if __name__ == "__main__":
    for label, value, unit, target in run(quick=False):
        print(f"{label:<64} {value:10.3f} {unit:<3} target {target}")
