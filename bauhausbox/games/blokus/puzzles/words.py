"""The solver's answers in the players' language, translated at the edge.

The puzzle solver (``blokus/puzzles/solver/``) says what it found in English sentences (``Hint.message``): "No way
to finish was found in 2 s.", "This board cannot be finished. Take away the blue T4: then it can.".
It is search code and stays free of the catalogs; the puzzle screen hands each answer to
:func:`solver_words`, which recognises it by this table and says it again from the catalogs, with the
pieces and squares it names. A sentence the table does not know is shown as it is (in English),
never dropped.
"""

from __future__ import annotations

import re

from bauhausbox import i18n
from bauhausbox.games.blokus.pieces import COLOURS, PIECE_BY_NAME
from bauhausbox.games.blokus.puzzles.specs import PuzzlePiece
from bauhausbox.i18n import N_, _

_PIECE = r"(?P<piece>[a-z]+ [A-Z0-9][A-Z0-9]?)"
_SECONDS = r"(?P<seconds>[0-9.e+-]+)"

#: Each sentence of the solver as a pattern, and the same sentence as a template of the catalogs.
SOLVER_SENTENCES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"The puzzle is solved\."), N_("The puzzle is solved.")),
    (
        re.compile(
            rf"No way to finish was found in {_SECONDS} s\. A promising move, not a proven one: "
            rf"the {_PIECE} on (?P<squares>.+)\."
        ),
        N_("No way to finish was found in {seconds} s. A promising move, not a proven one: the {piece} on {squares}."),
    ),
    (re.compile(rf"No way to finish was found in {_SECONDS} s\."), N_("No way to finish was found in {seconds} s.")),
    (
        re.compile(rf"No piece can be placed any more\. Take back the {_PIECE}\."),
        N_("No piece can be placed any more. Take back the {piece}."),
    ),
    (
        re.compile(rf"This board cannot be finished\. Take away the {_PIECE}: then it can\."),
        N_("This board cannot be finished. Take away the {piece}: then it can."),
    ),
    (
        re.compile(
            rf"This board cannot be finished, not even without one of its pieces\. Start by taking away the {_PIECE}\."
        ),
        N_("This board cannot be finished, not even without one of its pieces. Start by taking away the {piece}."),
    ),
    (
        re.compile(rf"This board cannot be finished\. Try taking away the {_PIECE}\."),
        N_("This board cannot be finished. Try taking away the {piece}."),
    ),
)


def _piece(text: str) -> str:
    """``blue T4`` in the players' language ("T4 bleu"); anything else as it is."""
    colour, _space, name = text.partition(" ")
    if colour in COLOURS and name in PIECE_BY_NAME:
        return i18n.translate(PuzzlePiece(colour, name).label)
    return text


def solver_words(sentence: str) -> str:
    """One of the solver's sentences in the players' language (unknown ones unchanged)."""
    for pattern, template in SOLVER_SENTENCES:
        found = pattern.fullmatch(sentence)
        if found is None:
            continue
        values = found.groupdict()
        if "piece" in values:
            values["piece"] = _piece(values["piece"])
        return _(template).format(**values)
    return sentence
