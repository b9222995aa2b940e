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
