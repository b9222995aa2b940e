"""A Blokus position drawn in text for a person (``bauhausbox replay``): the board with one letter
per colour, then each colour's player, pieces left and whether it still plays.

Blokus hides nothing, so every seat sees the same picture. The board's frame is the shared one of
:mod:`bauhausbox.engine.text_board`: columns ``a``–``t``, rows 20 at the top down to 1 (``a1`` the
bottom-left square, as ``docs/rules/blokus.md`` names them).
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.grid import Cell
from bauhausbox.engine.text_board import draw_grid, legend, plural
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.rules import (
    COLOUR_LETTERS,
    COLOUR_WORDS,
    GREEN,
    BlokusState,
    colour_squares_left,
    pieces_down,
    seat_of_colour,
)
from bauhausbox.games.blokus.variants import variant_of

EMPTY = "."


def board_text(state: BlokusState, names: Sequence[str]) -> str:
    """The board, a key to its letters, and one line per colour."""

    def square(cell: Cell) -> str:
        bit = 1 << bb.bit_index(cell)
        owner = next((colour for colour in range(4) if state.boards[colour] & bit), None)
        return EMPTY if owner is None else COLOUR_LETTERS[owner].upper()

    variant = variant_of(state.variant)
    lines = [draw_grid(variant.size, variant.size, square)]
    colours = variant.colours
    lines.append(legend([*((COLOUR_LETTERS[c].upper(), COLOUR_WORDS[c]) for c in colours), (EMPTY, "empty")]))
    for colour in colours:
        lines.append(_colour_line(state, colour, names))
    return "\n".join(lines)


def _colour_line(state: BlokusState, colour: int, names: Sequence[str]) -> str:
    word = COLOUR_WORDS[colour].capitalize()
    hand = state.hands[colour] | state.spare[colour]
    left = variant_of(state.variant).piece_count - pieces_down(state, colour)
    if state.players == 3 and colour == GREEN:
        who = "shared, counts for nobody"
    else:
        owner = seat_of_colour(state.players, colour)
        who = names[owner] if owner is not None and owner < len(names) else "nobody"
    if not hand:
        status = "all pieces placed"
    else:
        squares = plural(colour_squares_left(state, colour), "square", "squares")
        status = f"{plural(left, 'piece', 'pieces')} left ({squares})"
    if state.to_play is not None and state.colour == colour:
        status += ", to place now"
    elif state.out >> colour & 1 and hand:
        status += ", out (cannot place)"
    return f"  {word} ({who}): {status}"
