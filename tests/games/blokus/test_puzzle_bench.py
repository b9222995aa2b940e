"""The puzzle benchmark's quick run (what the smoke test of ``scripts/bench`` uses) gives sane rows."""

from __future__ import annotations

import random
from collections.abc import Callable

from bauhausbox.games.blokus.puzzles.rules import PuzzleState, new_puzzle, place
from bauhausbox.games.blokus.puzzles.solver.search import shipped_solutions, solve
from bauhausbox.games.blokus.puzzles.tools.bench import hint_positions, run


def test_quick_bench_reports_the_tetromino_targets() -> None:
    rows = run(quick=True)
    labels = [label for label, _, _, _ in rows]
    assert any(label.startswith("tetromino: first solution") for label in labels)
    assert any(label.startswith("tetromino-hard: first solution") for label in labels)
    assert any("hint" in label for label in labels)
    for label, value, unit, target in rows:
        assert value >= 0 and unit == "s" and target, label
    # Every seed of the quick run found a solution (the label counts them).
    assert all("(3 found)" in label for label in labels if "first solution" in label)


def test_hint_positions_cover_every_prefix_and_are_all_legal() -> None:
    solution = solve(new_puzzle("tetromino-hard"), 60, use_shipped=False).placements
    positions = hint_positions("tetromino-hard", [solution], random.Random(3), subsets=4, strays=4)
    prefixes = [p.placements for p in positions[: len(solution)]]
    assert prefixes == [solution[:count] for count in range(len(solution))]
    assert len(positions) >= len(solution) + 4 + 1
    strays = [p for p in positions if not set(p.placements) <= set(solution)]
    assert strays, "some positions hold pieces of no known solution"
    for state in positions:
        replayed = new_puzzle(state.puzzle)
        for placement in state.placements:
            replayed = place(replayed, placement)  # raises if any piece is illegal there
    board = hint_positions("fullboard-hard", [shipped_solutions("fullboard-hard")[0]], random.Random(4), 2, 3)
    assert any(not set(p.placements) <= set(shipped_solutions("fullboard-hard")[0]) for p in board)
    for state in board:
        replayed = new_puzzle(state.puzzle)
        for placement in state.placements:
            replayed = place(replayed, placement)


def test_fresh_positions_hold_one_to_three_legal_pieces_and_repeat_with_their_seed() -> None:
    from bauhausbox.games.blokus.puzzles.tools.bench import fresh_positions

    positions = _legal_and_repeatable(lambda seed: fresh_positions("pentomino-hard", 9, seed), 11)
    assert [len(p.placements) for p in positions] == [1, 2, 3] * 3


def test_thinking_ahead_rows_say_so_when_there_is_no_pool() -> None:
    import math

    from bauhausbox.games.blokus.puzzles.tools.bench import thinking_ahead_rows

    ((label, value, _, _),) = thinking_ahead_rows("pentomino-hard", count=3)  # the tests run with no pool
    assert "needs two cores" in label and math.isnan(value)


def test_scattered_positions_hold_four_to_eight_legal_pieces_and_repeat_with_their_seed() -> None:
    from bauhausbox.games.blokus.puzzles.tools.bench import scattered_positions

    positions = _legal_and_repeatable(lambda seed: scattered_positions("pentomino", 12, seed), 5)
    assert all(1 <= len(p.placements) <= 8 for p in positions)
    assert max(len(p.placements) for p in positions) >= 6  # not all cut short: most boards have room


def _legal_and_repeatable(make: Callable[[int], list[PuzzleState]], seed: int) -> list[PuzzleState]:
    """The positions ``make(seed)`` builds, checked: the same for the same seed, others for the next
    seed, and every piece legal where it lies."""
    positions = make(seed)
    assert positions == make(seed)
    assert positions != make(seed + 1)
    for state in positions:
        replayed = new_puzzle(state.puzzle)
        for placement in state.placements:
            replayed = place(replayed, placement)  # raises if any piece is illegal there
    return positions
