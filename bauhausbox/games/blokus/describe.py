"""Blokus moves in words (the engine contract's ``describe_move``), shared with the solo puzzles.

"Anni placed the red L5 on k10–m12": who, which piece (and its colour when the name does not say
it), and the squares it covers as the corners of the smallest box around it, in the board's
notation (columns from ``a``, rows from ``1`` at the bottom). Automatic passes are part of the
sentence: a placement after which a colour can place no more says so, and so does the game's end.
Blokus hides nothing, so the viewer changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bauhausbox import i18n
from bauhausbox.engine.api import Seat
from bauhausbox.engine.grid import cell_name
from bauhausbox.engine.shapes import Cell
from bauhausbox.games.blokus.bitboard import Placement
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.rules import COLOUR_NAMES, BlokusRules, BlokusState, piece_label
from bauhausbox.i18n import _, ngettext


def squares_span(cells: Iterable[Cell]) -> str:
    """``k10–m12``: the bottom-left and top-right corners of the box around ``cells`` (one square: ``k10``)."""
    cells = list(cells)
    low = (min(col for col, _ in cells), min(row for _, row in cells))
    high = (max(col for col, _ in cells), max(row for _, row in cells))
    return cell_name(low) if low == high else f"{cell_name(low)}–{cell_name(high)}"


def piece_words(who: str, colour: str, piece_name: str) -> str:
    """``red L5`` ("L5 rouge"), the piece as a sentence names it; the colour is left out when it is
    the mover's name (``Blue`` places "the L5")."""
    what = i18n.translate(piece_label(piece_name))
    if colour.lower() == who.lower():
        return what
    return _("{colour} {piece}").format(colour=_(colour.lower()), piece=what)


def placement_sentence(who: str, colour: str, piece_name: str, cells: Iterable[Cell], removed: bool = False) -> str:
    """``Anni placed the red L5 on k10–m12`` (``removed``: "took the … off"); the colour is left out
    when it is the mover's name (``Blue placed the L5 on a18–c20``)."""
    piece = piece_words(who, colour, piece_name)
    squares = squares_span(cells)
    if who in COLOUR_NAMES:  # a seat called by its colour: a word to translate, not a player's name
        who = _(who)
    if removed:
        return _("{who} took the {piece} off {squares}").format(who=who, piece=piece, squares=squares)
    return _("{who} placed the {piece} on {squares}").format(who=who, piece=piece, squares=squares)


def word_list(words: Sequence[str]) -> str:
    """``Yellow``, ``Yellow and Green``, ``Blue, Yellow and Green`` (words already translated)."""
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def colour_list(colours: Sequence[int]) -> str:
    """The colours by name, in the players' language: ``Yellow and Green``."""
    return word_list([_(COLOUR_NAMES[colour]) for colour in colours])


def move_sentence(
    rules: BlokusRules,
    state: BlokusState,
    move: Placement,
    *,
    seat: Seat,
    who: str,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """What ``seat`` (called ``who``) did (``GameRules.describe_move`` finds the mover and explains the rest)."""
    colour = state.colour
    sentence = placement_sentence(who, COLOUR_NAMES[colour], PIECES[move.piece].name, move.cells)
    after = rules.apply(state, move, seat)
    if after.to_play is None:
        return _("{sentence}; no colour can place any more: the game is over").format(sentence=sentence)
    stuck = [c for c in range(4) if after.out >> c & 1 and not state.out >> c & 1]
    if stuck:
        said = ngettext(
            "{sentence}; {colours} cannot place any more", "{sentence}; {colours} cannot place any more", len(stuck)
        )
        return said.format(sentence=sentence, colours=colour_list(stuck))
    return sentence
