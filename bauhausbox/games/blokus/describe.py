"""Blokus moves in words (the engine contract's ``describe_move``), shared with the solo puzzles.

"Anni placed the red L5 on k10–m12": who, which piece (and its colour when the name does not say
it), and the squares it covers as the corners of the smallest box around it, in the board's
notation (columns from ``a``, rows from ``1`` at the bottom). Automatic passes are part of the
sentence: a placement after which a colour can place no more says so, and so does the game's end.
Blokus hides nothing, so the viewer changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bauhausbox.engine.api import Seat
from bauhausbox.engine.grid import cell_name
from bauhausbox.engine.shapes import Cell
from bauhausbox.games.blokus.bitboard import Placement
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.rules import COLOUR_NAMES, BlokusRules, BlokusState, piece_label


def squares_span(cells: Iterable[Cell]) -> str:
    """``k10–m12``: the bottom-left and top-right corners of the box around ``cells`` (one square: ``k10``)."""
    cells = list(cells)
    low = (min(col for col, _ in cells), min(row for _, row in cells))
    high = (max(col for col, _ in cells), max(row for _, row in cells))
    return cell_name(low) if low == high else f"{cell_name(low)}–{cell_name(high)}"


def placement_sentence(
    who: str, colour: str, piece_name: str, cells: Iterable[Cell], verb: str = "placed", where: str = "on"
) -> str:
    """``Anni placed the red L5 on k10–m12``; the colour is left out when it is the mover's name
    (``Blue placed the L5 on a18–c20``)."""
    what = piece_label(piece_name)
    if colour.lower() != who.lower():
        what = f"{colour.lower()} {what}"
    return f"{who} {verb} the {what} {where} {squares_span(cells)}"


def _list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def describe_move(
    rules: BlokusRules,
    state: BlokusState,
    move: Placement,
    *,
    mover: Seat | None = None,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    colour = state.colour
    seat = state.to_play if mover is None else mover
    if seat is None:
        return "The game is over"
    # Without names a seat is called by the colour it places now (a 2-player seat owns two colours).
    who = COLOUR_NAMES[colour] if names is None else rules.mover_name(state, seat, names)
    sentence = placement_sentence(who, COLOUR_NAMES[colour], PIECES[move.piece].name, move.cells)
    after = rules.apply(state, move, seat)
    if after.to_play is None:
        return f"{sentence}; no colour can place any more: the game is over"
    stuck = [COLOUR_NAMES[c] for c in range(4) if after.out >> c & 1 and not state.out >> c & 1]
    if stuck:
        return f"{sentence}; {_list(stuck)} cannot place any more"
    return sentence
