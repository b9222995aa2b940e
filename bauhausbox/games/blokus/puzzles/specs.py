"""The Blokus solo puzzles' catalogue (``docs/rules/puzzles.md``, "Solo puzzles"): the pieces, moves and six puzzles.

Six puzzles: the full board (all 84 pieces on 20 × 20 under the Blokus placement rules), the 20
tetrominoes in an 8 × 10 frame and the 48 pentominoes in a 15 × 16 frame, each plain or harder.
This module says what the puzzles are (:data:`PUZZLES`), what a piece and a move are and how they
read and write as text; ``rules.py`` beside it holds a position, its checks and the puzzles as a
game of the engine. Pure: no pygame, no solver (see ``blokus/puzzles/solver/``).

Cells are ``(col, row)`` from ``(0, 0)`` at the bottom-left; ``height`` rows of ``width`` columns
(the tetromino frame is 8 rows of 10, the pentomino frame 15 rows of 16).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bauhausbox.engine.api import InvalidMoveError, Words
from bauhausbox.engine.grid import cell_name, cell_sort_key, cells_text, parse_cells
from bauhausbox.engine.shapes import Cell
from bauhausbox.engine.text_board import draw_grid
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.pieces import COLOURS, PIECE_BY_NAME, PIECES
from bauhausbox.i18n import N_

#: The name of the puzzles' one seat: a sentence about it speaks to the player ("You placed …").
YOU = N_("You")

FULLBOARD = "fullboard"
TETROMINO = "tetromino"
PENTOMINO = "pentomino"
KINDS: tuple[str, ...] = (FULLBOARD, TETROMINO, PENTOMINO)

Edge = tuple[Cell, Cell]  # two side-adjacent cells, smaller first


@dataclass(frozen=True, slots=True, order=True)
class PuzzlePiece:
    """One physical piece: a colour and a piece name from ``pieces.py`` (``PuzzlePiece("blue", "T4")``)."""

    colour: str
    name: str

    @property
    def size(self) -> int:
        return PIECE_BY_NAME[self.name].size

    @property
    def label(self) -> Words:
        """``blue T4``, translatable ("T4 bleu")."""
        return Words("{colour} {piece}", colour=Words(self.colour), piece=self.name)


@dataclass(frozen=True, slots=True, repr=False)
class Placement:
    """A piece put on the board, covering ``cells``."""

    piece: PuzzlePiece
    cells: frozenset[Cell]
    #: The notation, ``"blue T4 a1,b1,c1,b2"``; written once (legal moves list tens of thousands).
    text: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"{self.piece.colour} {self.piece.name} {cells_text(self.cells)}")

    def __repr__(self) -> str:
        return f"Placement({self.text})"

    @property
    def words(self) -> Words:
        """For players: ``"the blue I4 on b1–e1"`` (a straight piece by its ends), ``"the red T4 on
        a1, b1, c1, b2"`` otherwise."""
        ordered = sorted(self.cells, key=cell_sort_key)
        names = [cell_name(cell) for cell in ordered]
        columns = {col for col, _ in ordered}
        rows = {row for _, row in ordered}
        straight = len(ordered) > 1 and (len(columns) == 1 or len(rows) == 1)
        where = f"{names[0]}–{names[-1]}" if straight else ", ".join(names)
        return Words("the {piece} on {squares}", piece=self.piece.label, squares=where)


@dataclass(frozen=True, slots=True)
class Lift:
    """Picking a placed piece up again (the frames only): the move ``"lift blue I4"``."""

    piece: PuzzlePiece

    @property
    def text(self) -> str:
        return f"lift {self.piece.colour} {self.piece.name}"


#: A move of the puzzles as a game (``rules.py``): put a piece down, or pick one up again.
PuzzleMove = Placement | Lift


@dataclass(frozen=True, slots=True)
class PuzzleSpec:
    """One of the six puzzles."""

    id: str  # "tetromino", "tetromino-hard", ...
    kind: str  # FULLBOARD, TETROMINO or PENTOMINO
    hard: bool
    title: str  # marked for the catalogs: translated where it is shown
    goal: str  # one sentence shown in the menu (marked too)
    width: int
    height: int
    pieces: tuple[PuzzlePiece, ...]

    @property
    def movable(self) -> bool:
        """Puzzles 2 and 3 let a placed piece be picked up again; on the full board pieces stay put."""
        return self.kind != FULLBOARD

    @property
    def area(self) -> int:
        return self.width * self.height


def _pieces_of_size(*sizes: int) -> tuple[PuzzlePiece, ...]:
    return tuple(PuzzlePiece(colour, piece.name) for colour in COLOURS for piece in PIECES if piece.size in sizes)


_ALL_SIZES = (1, 2, 3, 4, 5)

PUZZLES: tuple[PuzzleSpec, ...] = (
    PuzzleSpec(
        "fullboard",
        FULLBOARD,
        False,
        N_("Full board"),
        N_("Place all 84 pieces on the board, each colour following the Blokus placement rules."),
        20,
        20,
        _pieces_of_size(*_ALL_SIZES),
    ),
    PuzzleSpec(
        "fullboard-hard",
        FULLBOARD,
        True,
        N_("Full board, largest first"),
        N_(
            "All 84 pieces under the Blokus rules, in decreasing size: every pentomino before any tetromino, and so on."
        ),
        20,
        20,
        _pieces_of_size(*_ALL_SIZES),
    ),
    PuzzleSpec(
        "tetromino",
        TETROMINO,
        False,
        N_("Tetrominoes"),
        N_("Fill the 8 × 10 frame with the 20 tetrominoes."),
        10,
        8,
        _pieces_of_size(4),
    ),
    PuzzleSpec(
        "tetromino-hard",
        TETROMINO,
        True,
        N_("Tetrominoes, colours apart"),
        N_("Fill the 8 × 10 frame with the 20 tetrominoes; no two pieces of one colour may touch along a side."),
        10,
        8,
        _pieces_of_size(4),
    ),
    PuzzleSpec(
        "pentomino",
        PENTOMINO,
        False,
        N_("Pentominoes"),
        N_("Fill the 15 × 16 frame with the 48 pentominoes."),
        16,
        15,
        _pieces_of_size(5),
    ),
    PuzzleSpec(
        "pentomino-hard",
        PENTOMINO,
        True,
        N_("Pentominoes, colours apart"),
        N_("Fill the 15 × 16 frame with the 48 pentominoes; no two pieces of one colour may touch along a side."),
        16,
        15,
        _pieces_of_size(5),
    ),
)

PUZZLE_BY_ID: dict[str, PuzzleSpec] = {spec.id: spec for spec in PUZZLES}


def puzzle_id(kind: str, hard: bool) -> str:
    if kind not in KINDS:
        raise ValueError(f"unknown puzzle {kind!r}; expected one of {', '.join(KINDS)}")
    return f"{kind}-hard" if hard else kind


def get_puzzle(kind: str, hard: bool = False) -> PuzzleSpec:
    return PUZZLE_BY_ID[puzzle_id(kind, hard)]


def start_corner(colour: str) -> Cell:
    """A colour's start corner, full board (docs/rules/puzzles.md): blue a20, yellow t20, red t1, green a1."""
    return bb.START_CELLS[COLOURS.index(colour)]


# --- text form, for saves, the CLI and tests -----------------------------------------------------------------


def parse_placement(text: str, width: int = 26, height: int = 26) -> Placement:
    """Read ``"blue T4 a1,b1,c1,b2"`` (the form :attr:`Placement.text` writes)."""
    parts = text.split()
    if len(parts) != 3:
        raise InvalidMoveError(f"{text!r} is not 'colour piece cells'")
    colour, name, cells = parts
    if colour not in COLOURS:
        raise InvalidMoveError(f"unknown colour {colour!r}")
    if name not in PIECE_BY_NAME:
        raise InvalidMoveError(f"unknown piece {name!r}")
    return Placement(PuzzlePiece(colour, name), parse_cells(cells, width, height))


def parse_move(text: str, width: int = 26, height: int = 26) -> PuzzleMove:
    """Read ``"blue T4 a1,b1,c1,b2"`` or ``"lift blue T4"``."""
    parts = text.split()
    if parts[:1] != ["lift"]:
        return parse_placement(text, width, height)
    if len(parts) != 3:
        raise InvalidMoveError(f"{text!r} is not 'lift colour piece'")
    _, colour, name = parts
    if colour not in COLOURS:
        raise InvalidMoveError(f"unknown colour {colour!r}")
    if name not in PIECE_BY_NAME:
        raise InvalidMoveError(f"unknown piece {name!r}")
    return Lift(PuzzlePiece(colour, name))


def render(width: int, height: int, placements: Iterable[Placement]) -> str:
    """A text grid, top row first: each square as its colour's initial and its piece's first letter
    (``BT`` for a blue T4), ``..`` when empty; rows labelled like the board."""
    marks = {
        cell: placement.piece.colour[0].upper() + placement.piece.name[0]
        for placement in placements
        for cell in placement.cells
    }
    # The golden playthroughs record this picture: letters below only, numbers on the left only.
    return draw_grid(
        width, height, lambda cell: marks.get(cell, ".."), square_width=2, labels_above=False, labels_right=False
    )
