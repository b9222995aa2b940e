"""The Blokus solo puzzles' rules (``docs/rules/puzzles.md``): a position, its checks, and the game of the engine.

A :class:`PuzzleState` is an immutable position (the pieces placed so far, in order); :func:`check`
explains why a placement is refused, :func:`place` / :func:`remove` return new positions, and
:func:`is_complete` says when the puzzle is solved. :class:`PuzzleRules` speaks the contract of
``bauhausbox/engine/api.py`` over them, so the history, saves, undo, the conformance suite and the
screens treat the puzzles like every other game: the game ``blokus-puzzles`` has one option,
``puzzle`` (one of the six ids of ``specs.py``); a move puts a piece down (``"blue I4 b1,c1,d1,e1"``)
or, in the frames, picks a placed piece up again (``"lift blue I4"``). The game is over when the
puzzle is solved or when no piece left fits anywhere; the score is the number of pieces placed, and
the puzzle counts as solved when that is all of them. Pure: no pygame, no solver, no sentences
(``describe.py`` says the moves in words).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from bauhausbox.engine.api import (
    GameInfo,
    GameRules,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    OptionSpec,
    OptionValue,
    ScoreRow,
    Seat,
    Words,
)
from bauhausbox.engine.grid import ORTHOGONAL
from bauhausbox.engine.shapes import Cell, normalize
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus import rules as blokus_rules
from bauhausbox.games.blokus.pieces import COLOURS, PIECE_BY_NAME, PIECES
from bauhausbox.games.blokus.puzzles.specs import (
    FULLBOARD,
    PUZZLE_BY_ID,
    PUZZLES,
    YOU,
    Edge,
    Lift,
    Placement,
    PuzzleMove,
    PuzzlePiece,
    PuzzleSpec,
    parse_move,
    parse_placement,
)
from bauhausbox.i18n import N_

_PIECE_INDEX = {piece.name: index for index, piece in enumerate(PIECES)}


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


def waiting_reason(state: PuzzleState, piece: PuzzlePiece) -> Words | None:
    """Why ``piece`` may not be placed yet (on the full board, largest first), or ``None``: the rule's
    words, said for a move and for a press on the piece's pale slot in the tray alike."""
    if state.spec.kind != FULLBOARD or not state.spec.hard:
        return None
    larger_left = [p for p in state.remaining() if p.size > piece.size]
    if not larger_left:
        return None
    word = Words(_SIZE_WORDS[max(p.size for p in larger_left)])
    if len(larger_left) == 1:
        return Words("largest first: place all {pieces} before this one (1 larger left)", pieces=word)
    return Words(
        "largest first: place all {pieces} before this one ({count} larger left)", pieces=word, count=len(larger_left)
    )


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
        waits = waiting_reason(state, piece)
        if waits is not None:
            return CheckResult(waits)
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


def replay(puzzle: str, texts: Iterable[str]) -> PuzzleState:
    """Rebuild a position from placement texts, checking every placement."""
    state = new_puzzle(puzzle)
    for text in texts:
        state = place(state, parse_placement(text, state.spec.width, state.spec.height))
    return state


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


# --- the puzzles as a game of the engine -------------------------------------------------------------------

GAME_ID = "blokus-puzzles"
EMPTY = "-"


class PuzzleRules(GameRules[PuzzleState, PuzzleMove]):
    describer = "bauhausbox.games.blokus.puzzles.describe:move_sentence"  # moves in words
    info = GameInfo(
        id=GAME_ID,
        title=N_("Blokus puzzles"),
        tagline=N_("Six solo puzzles: fill the board, the frames"),
        min_players=1,
        max_players=1,
        default_players=1,
        options=(
            OptionSpec(
                "puzzle",
                N_("Puzzle"),
                tuple((spec.id, spec.title) for spec in PUZZLES),
                "tetromino",
                N_("Which of the six puzzles to play"),
            ),
        ),
        seat_names=(YOU,),
        # The solver plays (and hints) as the one computer level.
        levels=("hard",),
        think_seconds={"hard": 2.0},
        # A random game of the pentomino frame lists tens of thousands of placements per move.
        conformance_scale=0.15,
        counts_turns=False,
    )

    def new_game(self, players: int, seed: int, **options: OptionValue) -> PuzzleState:
        chosen = self.normalize_options(players, options)
        return PuzzleState(str(chosen["puzzle"]))

    # -- playing ----------------------------------------------------------------------------------
    def legal_moves(self, state: PuzzleState, seat: Seat | None = None) -> list[PuzzleMove]:
        if self.seat_or_to_play(state, seat) is None:
            return []
        return [*legal_placements(state), *lifts(state)]

    def apply(self, state: PuzzleState, move: PuzzleMove, seat: Seat | None = None) -> PuzzleState:
        self.seat_or_to_play(state, seat)
        if state.to_play is None:
            raise IllegalMoveError(
                Words("the puzzle is solved") if is_complete(state) else Words("no piece left fits anywhere")
            )
        if isinstance(move, Lift):
            if not state.spec.movable:
                raise IllegalMoveError(Words("on the full board placed pieces stay put (Undo takes back the last one)"))
            return remove(state, move.piece)
        if isinstance(move, Placement):
            return place(state, move)
        raise InvalidMoveError(Words("{move} is not a move of the puzzles", move=repr(move)))

    def format_move(self, state: PuzzleState, move: PuzzleMove) -> str:
        return move.text

    def parse_move(self, state: PuzzleState, text: str, seat: Seat | None = None) -> PuzzleMove:
        self.seat_or_to_play(state, seat)
        spec = state.spec
        return parse_move(text.strip(), spec.width, spec.height)

    # -- the end ----------------------------------------------------------------------------------
    def scores(self, state: PuzzleState) -> list[int]:
        """The pieces on the board: all of them when the puzzle is solved."""
        return [len(state.placements)]

    def winners(self, state: PuzzleState) -> list[Seat]:
        return [0]

    def score_table(self, state: PuzzleState) -> list[ScoreRow]:
        placed = f"{len(state.placements)} / {len(state.spec.pieces)}"
        solved = Words("yes") if is_complete(state) else Words("no")
        return [ScoreRow(Words("Pieces placed"), (placed,)), ScoreRow(Words("Solved"), (solved,))]

    def invariant_errors(self, state: PuzzleState) -> list[str]:
        spec = state.spec
        errors = []
        pieces = Counter(placement.piece for placement in state.placements)
        errors += [f"{piece.label} is placed {count} times" for piece, count in pieces.items() if count > 1]
        errors += [f"{piece.label} is not part of {spec.id}" for piece in pieces if piece not in spec.pieces]
        squares = Counter(cell for placement in state.placements for cell in placement.cells)
        errors += [f"square {cell} is covered twice" for cell, count in squares.items() if count > 1]
        for placement in state.placements:
            if not is_piece_shape(placement.piece.name, placement.cells):
                errors.append(f"{placement.text} is not the shape of its piece")
            if any(not (0 <= col < spec.width and 0 <= row < spec.height) for col, row in placement.cells):
                errors.append(f"{placement.text} lies off the board")
        if spec.hard and spec.movable and same_colour_contacts(state):
            errors.append("two pieces of one colour touch along a side")
        return errors

    # -- positions as text ------------------------------------------------------------------------
    def to_text(self, state: PuzzleState) -> str:
        """``<puzzle>: <placement>; <placement>; ...`` in the order they were placed (``-`` for none)."""
        placed = "; ".join(placement.text for placement in state.placements)
        return f"{state.puzzle}: {placed or EMPTY}"

    def from_text(self, text: str) -> PuzzleState:
        puzzle, colon, placed = text.partition(":")
        puzzle = puzzle.strip()
        if not colon or puzzle not in PUZZLE_BY_ID:
            raise InvalidPositionError(f"a puzzle position starts with one of {', '.join(PUZZLE_BY_ID)} and ':'")
        state = PuzzleState(puzzle)
        placed = placed.strip()
        if placed == EMPTY:
            return state
        spec = state.spec
        for part in placed.split(";"):
            try:
                move = parse_move(part.strip(), spec.width, spec.height)
                if not isinstance(move, Placement):
                    raise InvalidMoveError(f"{part.strip()!r} is not a placement")
                state = place(state, move)
            except (InvalidMoveError, IllegalMoveError) as error:
                raise InvalidPositionError(f"{part.strip()!r}: {error}") from None
        return state


GAME = PuzzleRules()
