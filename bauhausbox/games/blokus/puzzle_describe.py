"""The Blokus puzzles' moves in words (the engine contract's ``describe_move``), as Blokus says them.

"You placed the blue T4 on a1–c2", "You took the blue T4 off a1–c2"; a placement that finishes the
puzzle or leaves no piece that fits says so. The sentences are built by ``describe.py`` of Blokus
(through ``puzzles.describe_placement`` and ``describe_removal``). Nothing is hidden.
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.api import Seat
from bauhausbox.games.blokus.puzzle_rules import PuzzleRules
from bauhausbox.games.blokus.puzzles import (
    Lift,
    PuzzleMove,
    PuzzleState,
    describe_placement,
    describe_removal,
    is_complete,
)


def describe_move(
    rules: PuzzleRules,
    state: PuzzleState,
    move: PuzzleMove,
    *,
    mover: Seat | None = None,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    who = rules.mover_name(state, 0, names)
    if isinstance(move, Lift):
        placement = state.placement_of(move.piece)
        return (
            f"{who} took the {move.piece.label} off the board"
            if placement is None
            else describe_removal(placement, who)
        )
    sentence = describe_placement(move, who)
    after = rules.apply(state, move, mover)
    if is_complete(after):
        return f"{sentence}: the puzzle is solved"
    if after.to_play is None:
        return f"{sentence}; no piece left fits anywhere"
    return sentence
