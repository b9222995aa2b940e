"""The Blokus puzzles' moves in words (the engine contract's ``describe_move``), as Blokus says them.

"You placed the blue T4 on a1–c2", "You took the blue T4 off a1–c2"; a placement that finishes the
puzzle or leaves no piece that fits says so. The sentences are built by ``describe.py`` of Blokus
(through :func:`describe_placement` and :func:`describe_removal`), which speak to the puzzles' one
seat, ``You``, themselves. Nothing is hidden.
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox import i18n
from bauhausbox.engine.api import Seat
from bauhausbox.games.blokus.describe import piece_words, placement_sentence, squares_span
from bauhausbox.games.blokus.puzzles.rules import PuzzleRules, PuzzleState, is_complete
from bauhausbox.games.blokus.puzzles.specs import YOU, Lift, Placement, PuzzleMove
from bauhausbox.i18n import _


def describe_placement(placement: Placement, who: str = YOU) -> str:
    """The placement in words, as a Blokus game says it: "You placed the blue T4 on a1–c2"."""
    piece = placement.piece
    if who == YOU:  # the puzzles' one seat is spoken to ("You placed …", "Vous avez posé …")
        words = piece_words(who, piece.colour, piece.name)
        return _("You placed the {piece} on {squares}").format(piece=words, squares=squares_span(placement.cells))
    return placement_sentence(who, piece.colour, piece.name, placement.cells)


def describe_removal(placement: Placement, who: str = YOU) -> str:
    """Picking a piece up again, in words: "You took the blue T4 off a1–c2"."""
    piece = placement.piece
    if who == YOU:
        words = piece_words(who, piece.colour, piece.name)
        return _("You took the {piece} off {squares}").format(piece=words, squares=squares_span(placement.cells))
    return placement_sentence(who, piece.colour, piece.name, placement.cells, removed=True)


def move_sentence(
    rules: PuzzleRules,
    state: PuzzleState,
    move: PuzzleMove,
    *,
    seat: Seat,
    who: str,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """What the player (``who``) did (``GameRules.describe_move`` finds the mover and explains the rest)."""
    if isinstance(move, Lift):
        placement = state.placement_of(move.piece)
        if placement is not None:
            return describe_removal(placement, who)
        piece = i18n.translate(move.piece.label)
        if who == YOU:
            return _("You took the {piece} off the board").format(piece=piece)
        return _("{who} took the {piece} off the board").format(who=who, piece=piece)
    sentence = describe_placement(move, who)
    after = rules.apply(state, move, seat)
    if is_complete(after):
        return _("{sentence}: the puzzle is solved").format(sentence=sentence)
    if after.to_play is None:
        return _("{sentence}; no piece left fits anywhere").format(sentence=sentence)
    return sentence
