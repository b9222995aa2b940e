"""The Blokus solo puzzles (``docs/rules/puzzles.md``, "Solo puzzles"): definitions, a puzzle position, and its checks.

Six puzzles: the full board (all 84 pieces on 20 × 20 under the Blokus placement rules), the 20
tetrominoes in an 8 × 10 frame and the 48 pentominoes in a 15 × 16 frame, each plain or harder.
A :class:`PuzzleState` is an immutable position (the pieces placed so far, in order); :func:`check`
explains why a placement is refused, :func:`place` / :func:`remove` return new positions, and
:func:`is_complete` says when the puzzle is solved. Pure: no pygame, no solver (see ``solver.py``).

Cells are ``(col, row)`` from ``(0, 0)`` at the bottom-left; ``height`` rows of ``width`` columns
(the tetromino frame is 8 rows of 10, the pentomino frame 15 rows of 16).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache

from bauhausbox.engine.api import IllegalMoveError, InvalidMoveError, Words
from bauhausbox.engine.grid import ORTHOGONAL, cell_name, cell_sort_key, cells_text, parse_cells
from bauhausbox.engine.shapes import Cell, normalize
from bauhausbox.engine.text_board import draw_grid
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus import describe as blokus_describe
from bauhausbox.games.blokus import rules as blokus_rules
from bauhausbox.games.blokus.pieces import COLOURS, PIECE_BY_NAME, PIECES
from bauhausbox.i18n import N_

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


#: A move of the puzzles as a game (``puzzle_rules.py``): put a piece down, or pick one up again.
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
_PIECE_INDEX = {piece.name: index for index, piece in enumerate(PIECES)}


def puzzle_id(kind: str, hard: bool) -> str:
    if kind not in KINDS:
        raise ValueError(f"unknown puzzle {kind!r}; expected one of {', '.join(KINDS)}")
    return f"{kind}-hard" if hard else kind


def get_puzzle(kind: str, hard: bool = False) -> PuzzleSpec:
    return PUZZLE_BY_ID[puzzle_id(kind, hard)]


def start_corner(colour: str) -> Cell:
    """A colour's start corner, full board (docs/rules/puzzles.md): blue a20, yellow t20, red t1, green a1."""
    return bb.START_CELLS[COLOURS.index(colour)]


@dataclass(frozen=True, slots=True)
class PuzzleState:
    """A puzzle position: which puzzle, and the pieces placed so far in the order they were placed."""

    puzzle: str
    placements: tuple[Placement, ...] = ()

    @property
    def spec(self) -> PuzzleSpec:
        return PUZZLE_BY_ID[self.puzzle]

    def owner_by_cell(self) -> dict[Cell, Placement]:
        return {cell: placement for placement in self.placements for cell in placement.cells}

    def placed_pieces(self) -> set[PuzzlePiece]:
        return {placement.piece for placement in self.placements}

    def remaining(self) -> tuple[PuzzlePiece, ...]:
        """The pieces still in the tray, in the puzzle's order."""
        placed = self.placed_pieces()
        return tuple(piece for piece in self.spec.pieces if piece not in placed)

    def placement_of(self, piece: PuzzlePiece) -> Placement | None:
        return next((p for p in self.placements if p.piece == piece), None)

    # The engine contract (``bauhausbox/engine/api.py``): one seat, to play until the puzzle ends.
    @property
    def players(self) -> int:
        return 1

    @property
    def to_play(self) -> int | None:
        """The one seat, or ``None`` once the puzzle is over: solved, or no piece left fits anywhere."""
        return None if is_over(self) else 0


def waiting_pieces(state: PuzzleState) -> frozenset[PuzzlePiece]:
    """The pieces left that may not be placed yet: on the full board, largest first, every piece smaller
    than the largest one left waits (none in the other puzzles)."""
    spec = state.spec
    left = state.remaining()
    if spec.kind != FULLBOARD or not spec.hard or not left:
        return frozenset()
    largest = max(piece.size for piece in left)
    return frozenset(piece for piece in left if piece.size < largest)


def new_puzzle(puzzle: str) -> PuzzleState:
    if puzzle not in PUZZLE_BY_ID:
        raise ValueError(f"unknown puzzle {puzzle!r}")
    return PuzzleState(puzzle)


def side_edges(cells: Iterable[Cell], width: int, height: int) -> Iterator[Edge]:
    """The edges between a cell of ``cells`` and an on-board side neighbour outside ``cells``."""
    cell_set = set(cells)
    for col, row in cell_set:
        for dc, dr in ORTHOGONAL:
            other = (col + dc, row + dr)
            if other in cell_set or not (0 <= other[0] < width and 0 <= other[1] < height):
                continue
            yield ((col, row), other) if (col, row) < other else (other, (col, row))


def is_piece_shape(name: str, cells: Iterable[Cell]) -> bool:
    """True when ``cells`` are one of the fixed orientations of piece ``name``."""
    return normalize(cells) in PIECE_BY_NAME[name].orientations


@dataclass(frozen=True, slots=True)
class CheckResult:
    """Why a placement is refused (``reason`` None when it is legal), and the same-colour contacts at fault."""

    reason: Words | None
    contacts: tuple[Edge, ...] = ()

    @property
    def ok(self) -> bool:
        return self.reason is None


def fullboard_reason(placements: Iterable[Placement], placement: Placement) -> Words | None:
    """The Blokus placement rule (``docs/rules/blokus.md``, "Placement") for ``placement`` among ``placements``.

    Asked of the game's own rules module, so the rule is written once: the puzzle builds the game
    position its pieces make and lets the rules judge the new piece for its colour.
    """
    boards = [0, 0, 0, 0]
    hands = [bb.FULL_HAND] * 4
    for placed in placements:
        colour = COLOURS.index(placed.piece.colour)
        boards[colour] |= bb.bits_of(placed.cells)
        hands[colour] &= ~(1 << _PIECE_INDEX[placed.piece.name])
    colour = COLOURS.index(placement.piece.colour)
    move = bb.PLACEMENT_BY_MASK[bb.bits_of(placement.cells)]
    position = blokus_rules.make_state(
        4, False, (boards[0], boards[1], boards[2], boards[3]), (hands[0], hands[1], hands[2], hands[3]), colour, colour
    )
    return blokus_rules.placement_error(position, colour, move)


_SIZE_WORDS = {5: N_("pentominoes"), 4: N_("tetrominoes"), 3: N_("trominoes"), 2: N_("dominoes"), 1: N_("monominoes")}
# One sentence per colour: in French the colour agrees with "pièce" ("une autre pièce bleue").
_TOUCHES_OWN_COLOUR = {
    "blue": N_("touches another blue piece along a side"),
    "yellow": N_("touches another yellow piece along a side"),
    "red": N_("touches another red piece along a side"),
    "green": N_("touches another green piece along a side"),
}


def check(state: PuzzleState, placement: Placement) -> CheckResult:
    """Whether ``placement`` may be added to ``state``; the reason is a sentence for the player."""
    spec = state.spec
    piece = placement.piece
    cells = placement.cells
    if piece not in spec.pieces:
        return CheckResult(Words("{piece} is not part of this puzzle", piece=piece.label))
    if state.placement_of(piece) is not None:
        return CheckResult(Words("{piece} is already on the board", piece=piece.label))
    if not is_piece_shape(piece.name, cells):
        return CheckResult(Words("those squares are not the shape of {piece}", piece=piece.name))
    if any(not (0 <= col < spec.width and 0 <= row < spec.height) for col, row in cells):
        return CheckResult(Words("the piece must lie entirely on the board"))
    owners = state.owner_by_cell()
    if any(cell in owners for cell in cells):
        return CheckResult(Words("overlaps a piece already placed"))
    if spec.kind == FULLBOARD:
        if spec.hard:
            larger_left = [p for p in state.remaining() if p.size > piece.size]
            if larger_left:
                word = Words(_SIZE_WORDS[max(p.size for p in larger_left)])
                if len(larger_left) == 1:
                    return CheckResult(
                        Words("largest first: place all {pieces} before this one (1 larger left)", pieces=word)
                    )
                return CheckResult(
                    Words(
                        "largest first: place all {pieces} before this one ({count} larger left)",
                        pieces=word,
                        count=len(larger_left),
                    )
                )
        return CheckResult(fullboard_reason(state.placements, placement))
    if spec.hard:
        contacts = tuple(
            sorted(
                edge
                for edge in side_edges(cells, spec.width, spec.height)
                if _same_colour_across(edge, placement, owners)
            )
        )
        if contacts:
            return CheckResult(Words(_TOUCHES_OWN_COLOUR[piece.colour]), contacts)
    return CheckResult(None)


def _same_colour_across(edge: Edge, placement: Placement, owners: dict[Cell, Placement]) -> bool:
    """Whether the square on the far side of ``edge`` (seen from ``placement``) holds its colour."""
    outside = edge[1] if edge[0] in placement.cells else edge[0]
    other = owners.get(outside)
    return other is not None and other.piece.colour == placement.piece.colour


def place(state: PuzzleState, placement: Placement) -> PuzzleState:
    """A new position with ``placement`` added; raises :class:`IllegalMoveError` with the reason if refused."""
    result = check(state, placement)
    if result.reason is not None:
        raise IllegalMoveError(result.reason)
    return PuzzleState(state.puzzle, (*state.placements, placement))


def can_remove(state: PuzzleState, piece: PuzzlePiece) -> Words | None:
    """Why ``piece`` cannot be picked up again (None when it can)."""
    placement = state.placement_of(piece)
    if placement is None:
        return Words("{piece} is not on the board", piece=piece.label)
    if not state.spec.movable and state.placements[-1] != placement:
        return Words("on the full board placed pieces stay put (only the last one can be taken back)")
    return None


def remove(state: PuzzleState, piece: PuzzlePiece) -> PuzzleState:
    """Pick ``piece`` up again (puzzles 2 and 3; on the full board only the last piece, as an undo)."""
    reason = can_remove(state, piece)
    if reason is not None:
        raise IllegalMoveError(reason)
    return PuzzleState(state.puzzle, tuple(p for p in state.placements if p.piece != piece))


def describe_placement(placement: Placement, who: str = blokus_describe.YOU) -> str:
    """The placement in words, as a Blokus game says it: "You placed the blue T4 on a1–c2"."""
    piece = placement.piece
    return blokus_describe.placement_sentence(who, piece.colour, piece.name, placement.cells)


def describe_removal(placement: Placement, who: str = blokus_describe.YOU) -> str:
    """Picking a piece up again, in words: "You took the blue T4 off a1–c2"."""
    piece = placement.piece
    return blokus_describe.placement_sentence(who, piece.colour, piece.name, placement.cells, removed=True)


def is_complete(state: PuzzleState) -> bool:
    """Every piece placed (each placement was checked on the way in, so the position is a solution)."""
    return len(state.placements) == len(state.spec.pieces)


def same_colour_contacts(state: PuzzleState) -> list[Edge]:
    """Every side contact between two different pieces of one colour (what the harder versions forbid)."""
    spec = state.spec
    owners = state.owner_by_cell()
    found = {
        edge
        for placement in state.placements
        for edge in side_edges(placement.cells, spec.width, spec.height)
        if _same_colour_across(edge, placement, owners)
    }
    return sorted(found)


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


def replay(puzzle: str, texts: Iterable[str]) -> PuzzleState:
    """Rebuild a position from placement texts, checking every placement."""
    state = new_puzzle(puzzle)
    for text in texts:
        state = place(state, parse_placement(text, state.spec.width, state.spec.height))
    return state


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


# --- every legal placement at once (the puzzles as a game: legal moves, the end) -----------------------------


@cache
def _frame_placements(piece: PuzzlePiece, width: int, height: int) -> tuple[tuple[int, Placement], ...]:
    """Every placement of ``piece`` in a ``width`` × ``height`` frame, with its squares as a bit mask
    (bit ``row * width + col``). Built once per piece and frame, so listing moves creates nothing."""
    found = []
    for shape in PIECE_BY_NAME[piece.name].orientations:
        span_x = max(col for col, _ in shape) + 1
        span_y = max(row for _, row in shape) + 1
        for dx in range(width - span_x + 1):
            for dy in range(height - span_y + 1):
                cells = frozenset((col + dx, row + dy) for col, row in shape)
                found.append((_frame_bits(cells, width), Placement(piece, cells)))
    return tuple(found)


def _frame_bits(cells: Iterable[Cell], width: int) -> int:
    return sum(1 << (row * width + col) for col, row in cells)


def _frame_setting(state: PuzzleState) -> tuple[int, dict[str, int]]:
    """The frame's taken squares, and per colour the squares beside its pieces (closed to that colour
    in the harder frames), as bit masks."""
    spec = state.spec
    taken = 0
    beside: dict[str, int] = dict.fromkeys(COLOURS, 0)
    for placement in state.placements:
        taken |= _frame_bits(placement.cells, spec.width)
        if spec.hard:
            edges = side_edges(placement.cells, spec.width, spec.height)
            outside = {b if a in placement.cells else a for a, b in edges}
            beside[placement.piece.colour] |= _frame_bits(outside, spec.width)
    return taken, beside


def _fullboard_setting(state: PuzzleState) -> tuple[list[int], list[int], int]:
    """Per colour its squares and the pieces it has left (bitboards of ``bitboard.py``), and all taken squares."""
    own = [0, 0, 0, 0]
    hands = [bb.FULL_HAND] * 4
    for placement in state.placements:
        colour = COLOURS.index(placement.piece.colour)
        own[colour] |= bb.bits_of(placement.cells)
        hands[colour] &= ~(1 << _PIECE_INDEX[placement.piece.name])
    if state.spec.hard:  # largest first: only pieces of the largest size left, over every colour
        largest = max(piece.size for piece in state.remaining())
        allowed = sum(1 << index for index, piece in enumerate(PIECES) if piece.size == largest)
        hands = [hand & allowed for hand in hands]
    return own, hands, own[0] | own[1] | own[2] | own[3]


def legal_placements(state: PuzzleState, first_only: bool = False) -> list[Placement]:
    """Every placement :func:`check` allows in ``state`` (only the first found with ``first_only``),
    computed with bit masks rather than by checking every square of every pose."""
    if is_complete(state):
        return []
    spec = state.spec
    found: list[Placement] = []
    if spec.kind == FULLBOARD:
        own, hands, taken = _fullboard_setting(state)
        for colour_index, colour in enumerate(COLOURS):
            for move in bb.legal_placements(own[colour_index], taken, hands[colour_index], colour_index):
                found.append(Placement(PuzzlePiece(colour, move.piece_name), frozenset(move.cells)))
                if first_only:
                    return found
        return found
    taken, beside = _frame_setting(state)
    for piece in state.remaining():
        closed = taken | beside[piece.colour]
        table = _frame_placements(piece, spec.width, spec.height)
        if first_only:
            first = next((placement for mask, placement in table if not mask & closed), None)
            if first is not None:
                return [first]
            continue
        found += [placement for mask, placement in table if not mask & closed]
    return found


@lru_cache(maxsize=4096)
def is_over(state: PuzzleState) -> bool:
    """The puzzle as a game ends when it is solved or when no piece left fits anywhere (a dead end:
    the player takes back a move, or starts again)."""
    return is_complete(state) or not legal_placements(state, first_only=True)


def lifts(state: PuzzleState) -> list[Lift]:
    """The pieces that may be picked up again: every placed piece in the frames, none on the full board
    (there a piece stays put; Undo takes back the last one)."""
    if not state.spec.movable or is_over(state):
        return []
    return [Lift(placement.piece) for placement in state.placements]


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
