"""The 21 Blokus pieces, defined once as pictures (``docs/rules/blokus.md``: names and shapes).

Pictures are rows separated by ``/``, top row first, ``#`` a square. Shared by the game, the AI,
the solo puzzles and the screens; everything else derives orientations from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bauhausbox.engine.shapes import Shape, orientations, parse_picture


@dataclass(frozen=True, slots=True)
class Piece:
    name: str
    picture: str

    @property
    def shape(self) -> Shape:
        return parse_picture(self.picture)

    @property
    def size(self) -> int:
        return self.picture.count("#")

    @property
    def orientations(self) -> tuple[Shape, ...]:
        return orientations(self.shape)


PIECES: tuple[Piece, ...] = (
    Piece("1", "#"),
    Piece("2", "##"),
    Piece("I3", "###"),
    Piece("V3", "#./##"),
    Piece("I4", "####"),
    Piece("L4", "#../###"),
    Piece("O", "##/##"),
    Piece("T4", ".#./###"),
    Piece("Z4", ".##/##."),
    Piece("F", ".##/##./.#."),
    Piece("I5", "#####"),
    Piece("L5", "#.../####"),
    Piece("N", "##../.###"),
    Piece("P", "##/##/#."),
    Piece("T5", "###/.#./.#."),
    Piece("U", "#.#/###"),
    Piece("V5", "#../#../###"),
    Piece("W", "#../##./.##"),
    Piece("X", ".#./###/.#."),
    Piece("Y", ".#../####"),
    Piece("Z5", "##./.#./.##"),
)

PIECE_BY_NAME: dict[str, Piece] = {piece.name: piece for piece in PIECES}

COLOURS: tuple[str, ...] = ("blue", "yellow", "red", "green")


def _pieces(*names: str) -> int:
    return sum(1 << PIECES.index(PIECE_BY_NAME[name]) for name in names)


_PENTOMINOES = sum(1 << number for number, piece in enumerate(PIECES) if piece.size == 5)
_AT_LEAST_FOUR = sum(1 << number for number, piece in enumerate(PIECES) if piece.size >= 4)
_AT_LEAST_THREE = sum(1 << number for number, piece in enumerate(PIECES) if piece.size >= 3)
#: Pentobi's choice of pieces for the opening of the classic board (its SharedConst.cpp), by pieces on
#: the board: (fewer than this many pieces down, the pieces worth searching).
OPENING_PIECES: tuple[tuple[int, int], ...] = (
    (4, _pieces("V5", "Z5")),
    (8, _PENTOMINOES & ~_pieces("F", "P", "T5", "U", "X")),
    (12, _PENTOMINOES & ~_pieces("P", "U")),
    (20, _AT_LEAST_FOUR),
    (28, _AT_LEAST_THREE),
)
