"""A Blokus solo puzzle drawn in text for a person (``bauhausbox replay``): the frame or board with
each placed piece's squares, then how many pieces are placed.

The grid is :func:`bauhausbox.games.blokus.puzzles.render` (the picture the golden playthroughs and
``bauhausbox puzzle solve`` print), columns from ``a`` and rows from 1 at the bottom
(``docs/rules/puzzles.md``).
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.text_board import legend, plural
from bauhausbox.games.blokus.puzzles.rules import PuzzleState, is_complete
from bauhausbox.games.blokus.puzzles.specs import render


def board_text(state: PuzzleState, names: Sequence[str]) -> str:
    """The grid, a key to its marks, and the pieces placed out of the puzzle's."""
    spec = state.spec
    lines = [
        f"{spec.title} ({spec.width} x {spec.height})",
        render(spec.width, spec.height, state.placements),
        legend([("BT", "a blue T4 (colour initial, then the piece's first letter)"), ("..", "empty")]),
        f"{plural(len(state.placements), 'piece', 'pieces')} placed of {len(spec.pieces)}"
        + (", solved" if is_complete(state) else ""),
    ]
    return "\n".join(lines)
