"""Speed of the Blokus solo-puzzle solver, against the targets in docs/puzzles.md (for ``scripts/bench``).

``run(quick=True)`` takes a few seconds (tetrominoes only); the full run adds the pentomino frames, the
hints and a bounded full-board search. Times are medians over seeds, measured after the solver's
tables for that puzzle are built (building is reported separately). Never fails on timing.

Hints are timed over many positions per puzzle (:func:`hint_positions`): every prefix of a known
solution, random subsets of it, and random legal pieces that belong to no known solution (on a
random subset, and on an almost empty board); the rows give the median and the worst hint, and how
many hints came back without an answer (the target: a hint from any position that can be finished
within 2 s). Fresh positions of the harder pentomino frame (a few random pieces on the empty frame)
are also timed as the puzzle screen answers them, with and without thinking ahead (docs/puzzles.md).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Iterable, Sequence

from bauhausbox.engine.shapes import Cell
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus import pool
from bauhausbox.games.blokus.pieces import COLOURS, PIECE_BY_NAME, PIECES
from bauhausbox.games.blokus.puzzles.rules import PuzzleState, check, new_puzzle, place
from bauhausbox.games.blokus.puzzles.solver.frame import frame_tables
from bauhausbox.games.blokus.puzzles.solver.ponder import Ponderer
from bauhausbox.games.blokus.puzzles.solver.repair import forget_solutions
from bauhausbox.games.blokus.puzzles.solver.search import hint, shipped_solutions, solve, warm_up
from bauhausbox.games.blokus.puzzles.specs import FULLBOARD, Placement, parse_placement

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


def _random_legal(state: PuzzleState, rng: random.Random) -> PuzzleState | None:
    """``state`` with one more random legal piece (None when no remaining piece fits anywhere)."""
    spec = state.spec
    remaining = list(state.remaining())
    rng.shuffle(remaining)
    for piece in remaining:
        if spec.kind == FULLBOARD:
            colour = COLOURS.index(piece.colour)
            own = bb.bits_of(cell for p in state.placements if p.piece.colour == piece.colour for cell in p.cells)
            occupied = bb.bits_of(cell for p in state.placements for cell in p.cells)
            hand = 1 << next(i for i, shape in enumerate(PIECES) if shape.name == piece.name)
            cells_list = [frozenset(move.cells) for move in bb.legal_placements(own, occupied, hand, colour)]
        else:
            cells_list = _frame_placements(piece.name, spec.width, spec.height)
        rng.shuffle(cells_list)
        for cells in cells_list:
            placement = Placement(piece, cells)
            if check(state, placement).ok:
                return place(state, placement)
    return None


def _frame_placements(name: str, width: int, height: int) -> list[frozenset[Cell]]:
    """Every position of piece ``name`` inside a width × height frame (all orientations)."""
    found = []
    for shape in PIECE_BY_NAME[name].orientations:
        span_x = max(x for x, _ in shape)
        span_y = max(y for _, y in shape)
        for dx in range(width - span_x):
            for dy in range(height - span_y):
                found.append(frozenset((x + dx, y + dy) for x, y in shape))
    return found


def hint_positions(
    puzzle: str, solutions: Sequence[Sequence[Placement]], rng: random.Random, subsets: int = 10, strays: int = 10
) -> list[PuzzleState]:
    """Positions to time hints on: every prefix of each solution, ``subsets`` random subsets of it,
    ``strays`` random subsets with one random legal piece added, and ``strays`` boards with one to
    three random legal pieces (these may or may not be finishable)."""
    found: list[PuzzleState] = []
    for solution in solutions:
        found += [PuzzleState(puzzle, tuple(solution[:count])) for count in range(len(solution))]
        for _ in range(subsets):
            found.append(
                _legal_subset(puzzle, solution, rng.sample(range(len(solution)), rng.randrange(1, len(solution))))
            )
        for _ in range(strays):
            kept = _legal_subset(
                puzzle, solution, rng.sample(range(len(solution)), rng.randrange(0, len(solution) // 2))
            )
            stray = _random_legal(kept, rng)
            if stray is not None:
                found.append(stray)
    for _ in range(strays):
        state: PuzzleState | None = new_puzzle(puzzle)
        for _ in range(rng.randrange(1, 4)):
            state = _random_legal(state, rng) if state is not None else None
        if state is not None:
            found.append(state)
    return found


def _legal_subset(puzzle: str, solution: Sequence[Placement], indices: Sequence[int]) -> PuzzleState:
    """The chosen pieces of ``solution``, in its order, skipping any the rules refuse there (on the
    full board a piece needs an earlier one of its colour)."""
    state = new_puzzle(puzzle)
    for index in sorted(indices):
        if check(state, solution[index]).ok:
            state = place(state, solution[index])
    return state


def _known_solutions(puzzle: str, count: int) -> list[tuple[Placement, ...]]:
    """Solutions to build positions from: the shipped ones where there are some, else live searches."""
    kind = puzzle.removesuffix("-hard")
    if kind == "pentomino" or kind == FULLBOARD:
        return list(shipped_solutions(f"{kind}-hard")[:count])
    return [solve(new_puzzle(puzzle), 60, use_shipped=False, seed=seed).placements for seed in range(count)]


def hint_rows(puzzle: str, quick: bool, time_limit: float = 2.0, use_shipped: bool = True) -> list[Row]:
    """Median and worst hint over :func:`hint_positions`, as the player gets it (``use_shipped``: a
    stored solution that fits answers at once) or from the live search alone."""
    warm_up(puzzle)
    solutions = _known_solutions(puzzle, 1 if quick else 2)
    positions = hint_positions(puzzle, solutions, random.Random(1), *((3, 3) if quick else (10, 10)))
    times, unanswered = _timed_hints(positions, time_limit, use_shipped)
    how = "hint" if use_shipped else "live search"
    label = f"{puzzle}: {how} over {len(positions)} positions ({unanswered} timed out at {time_limit:g} s)"
    return [
        (f"{label}, median", statistics.median(times), "s", "≤ 2 s"),
        (f"{label}, worst", max(times), "s", "≤ 2 s when finishable"),
    ]


def _timed_hints(
    positions: Sequence[PuzzleState], time_limit: float = 2.0, use_shipped: bool = True
) -> tuple[list[float], int]:
    """The seconds of a hint from each position, and how many ran out of time."""
    times: list[float] = []
    unanswered = 0
    for state in positions:
        start = time.perf_counter()
        advice = hint(state, time_limit, use_shipped=use_shipped)
        times.append(time.perf_counter() - start)
        unanswered += advice.timed_out
    return times, unanswered


def _random_boards(puzzle: str, sizes: Iterable[int], rng: random.Random) -> list[PuzzleState]:
    """A board per size: that many random legal pieces put on the empty frame one after the other
    (fewer when none fits any more). ``sizes`` is read lazily, so it may draw from ``rng`` too."""
    found = []
    for size in sizes:
        state = new_puzzle(puzzle)
        for _ in range(size):
            state = _random_legal(state, rng) or state
        found.append(state)
    return found


def fresh_positions(puzzle: str, count: int, seed: int) -> list[PuzzleState]:
    """``count`` positions a player might start from: one to three random legal pieces on the empty
    frame (in turn), from ``random.Random(seed)``."""
    return _random_boards(puzzle, (1 + index % 3 for index in range(count)), random.Random(seed))


def scattered_positions(puzzle: str, count: int, seed: int, fewest: int = 4, most: int = 8) -> list[PuzzleState]:
    """``count`` boards of ``fewest`` to ``most`` random legal pieces scattered over the frame (many of
    them cannot be finished, which a hint proves), from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return _random_boards(puzzle, (rng.randint(fewest, most) for _ in range(count)), rng)


def scattered_rows(puzzle: str, count: int = 100, seed: int = 5) -> list[Row]:
    """The 2 s hint on :func:`scattered_positions`: its median, and how many got no answer."""
    warm_up(puzzle)
    times, unanswered = _timed_hints(scattered_positions(puzzle, count, seed))
    label = f"{puzzle}: {count} boards of 4-8 scattered pieces (seed {seed}; {unanswered} timed out at 2 s)"
    return [(f"{label}, median hint", statistics.median(times), "s", "≤ 2 s")]


def thinking_ahead_rows(puzzle: str, count: int = 30, seed: int = 11, thinking: float = 10.0) -> list[Row]:
    """Hints on :func:`fresh_positions` as the puzzle screen gives them: first with no time to think
    ahead (the hint alone), then after up to ``thinking`` seconds of thinking ahead in a pool worker
    (``solver/ponder.py``), as while the player looks at the board. Needs the pool (two cores)."""
    warm_up(puzzle)
    if pool.shared() is None:
        return [(f"{puzzle}: thinking ahead (needs two cores and the pool)", math.nan, "", "—")]
    positions = fresh_positions(puzzle, count, seed)
    rows: list[Row] = []
    for wait in (0.0, thinking):
        ponderer = Ponderer()
        unanswered = 0
        times = []
        for state in positions:
            forget_solutions()
            started = time.perf_counter()
            if wait and ponderer.think(state):
                while ponderer.thinking and time.perf_counter() - started < wait:
                    time.sleep(0.02)
                ponderer.stop()
            started = time.perf_counter()
            advice = hint(state, 2.0)
            times.append(time.perf_counter() - started)
            unanswered += advice.timed_out
        how = f"after up to {wait:g} s of thinking ahead" if wait else "the hint alone"
        label = f"{puzzle}: {count} fresh positions (seed {seed}), {how} ({unanswered} timed out at 2 s)"
        rows.append((f"{label}, median hint", statistics.median(times), "s", "≤ 2 s"))
    return rows


#: Full-board positions a player makes and Solve has to finish: a V5 in a corner (no stored board holds
#: one there, nor beside the other corner pieces below), then random ones (:func:`fullboard_positions`).
CORNER_POSITIONS = (
    ("blue V5 c18,c19,a20,b20,c20",),
    ("blue V5 a18,b18,c18,a19,a20",),
    ("green V5 a1,b1,c1,c2,c3", "red V5 t1,t2,t3,s3,r3"),
)


def fullboard_positions(puzzle: str, count: int, seed: int) -> list[PuzzleState]:
    """The :data:`CORNER_POSITIONS`, then boards of one to four random legal pieces (in turn) from
    ``random.Random(seed)``, ``count`` in all: the positions a player presses Solve on."""
    found = [PuzzleState(puzzle, tuple(parse_placement(text) for text in texts)) for texts in CORNER_POSITIONS]
    sizes = (1 + index % 4 for index in range(count - len(found)))
    return (found + _random_boards(puzzle, sizes, random.Random(seed)))[:count]


def solve_rows(puzzle: str, count: int = 12, seed: int = 3, time_limit: float = 5.0) -> list[Row]:
    """Solve (stored boards first, then the live search) on :func:`fullboard_positions`, in CPU
    seconds per position (the machine may be shared): the median, and how many were not finished."""
    times: list[float] = []
    missed = 0
    for state in fullboard_positions(puzzle, count, seed):
        started = time.process_time()
        result = solve(state, time_limit)
        times.append(time.process_time() - started)
        missed += result.status != "found"
    label = f"{puzzle}: Solve on {count} positions of 1-4 pieces (seed {seed}; {missed} not solved in {time_limit:g} s)"
    return [
        (f"{label}, median CPU", statistics.median(times), "s", "≤ 1 s"),
        (f"{label}, worst CPU", max(times), "s", "≤ 5 s"),
    ]


def _build_seconds(puzzle: str) -> float:
    frame_tables.cache_clear()
    start = time.perf_counter()
    frame_tables(puzzle)
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
    rows += hint_rows("tetromino", quick)
    if quick:
        return rows
    rows += hint_rows("tetromino-hard", quick)
    rows.append(("pentomino: build solver tables", _build_seconds("pentomino"), "s", "once per run"))
    median, found = _first_solution("pentomino", seeds, 60)
    rows.append((f"pentomino: first solution, median of {len(seeds)} ({found} found)", median, "s", "≤ 5 s"))
    rows.append(("pentomino: hint, half the pieces placed", _hint_seconds("pentomino", range(3)), "s", "≤ 2 s"))
    rows += hint_rows("pentomino", quick)
    rows += hint_rows("pentomino", quick, use_shipped=False)
    rows += scattered_rows("pentomino")
    rows.append(("pentomino-hard: build solver tables", _build_seconds("pentomino-hard"), "s", "once per run"))
    rows += hint_rows("pentomino-hard", quick)
    rows += hint_rows("pentomino-hard", quick, use_shipped=False)
    rows += thinking_ahead_rows("pentomino-hard")
    rows += hint_rows("fullboard", quick)
    rows += hint_rows("fullboard-hard", quick)
    rows += solve_rows("fullboard")
    rows += solve_rows("fullboard-hard")
    median, found = _first_solution("pentomino-hard", range(2), 300)
    rows.append((f"pentomino-hard: live first solution, median of 2 ({found} found)", median, "s", "none (shipped)"))
    median, found = _first_solution("fullboard", range(5, 6), 300)
    rows.append((f"fullboard: depth-first search, seed 5, 300 s limit ({found} found)", median, "s", "none (shipped)"))
    return rows


if __name__ == "__main__":
    for label, value, unit, target in run(quick=False):
        print(f"{label:<64} {value:10.3f} {unit:<3} target {target}")
