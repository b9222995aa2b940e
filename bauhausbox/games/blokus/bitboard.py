"""Blokus placements on int bitboards: the precomputed tables behind fast move generation.

The board is a Python ``int`` with one bit per square, in a padded layout: square (col, row) is bit
``(row + 1) * 21 + col + 1``. Row 0 and row 21 of the layout and the first bit of every row are
padding, so shifting a board by ±1, ±21, ±20 or ±22 moves every square to its neighbour without
wrapping onto the far side of the board; masking with :data:`BOARD` drops what fell off.

Every placement of every piece on the empty board (30,433 of them) is built once per process, as a
:class:`Placement` object that *is* the move value used by the rules, the bots and the screens.

Move generation for one colour (:func:`generate`) walks its *attach cells* (free squares diagonal
to its pieces and not beside them). Candidates are filed relative to the attach cell, so one small
table serves every square: under the blocked/free state of the 12 squares within two steps of the
cell lie the placements (shape and offset) that avoid them. Each candidate then needs one ``&``
against a window of the board cut out around the cell, with the colour's missing pieces as extra
bits. Each legal placement is produced once: attach cells already visited count as blocked for
later ones.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from bauhausbox.engine.grid import Cell, cell_sort_key, cells_text
from bauhausbox.games.blokus.pieces import PIECES

SIZE = 20
STRIDE = SIZE + 1
BITS = (SIZE + 2) * STRIDE  # 462 bits: 400 squares and the padding around them
PIECE_COUNT = len(PIECES)
FULL_HAND = (1 << PIECE_COUNT) - 1
MONOMINO = 0  # index of the one-square piece in PIECES
PIECE_SIZES: tuple[int, ...] = tuple(piece.size for piece in PIECES)


def bit_index(cell: Cell) -> int:
    col, row = cell
    return (row + 1) * STRIDE + col + 1


def cell_of(index: int) -> Cell:
    row, col = divmod(index, STRIDE)
    return col - 1, row - 1


BOARD = sum(1 << bit_index((col, row)) for row in range(SIZE) for col in range(SIZE))
WALL = ((1 << BITS) - 1) & ~BOARD

# Starting corners in colour order blue, yellow, red, green (a20, t20, t1, a1).
START_CELLS: tuple[Cell, ...] = ((0, SIZE - 1), (SIZE - 1, SIZE - 1), (SIZE - 1, 0), (0, 0))
START_BITS: tuple[int, ...] = tuple(1 << bit_index(cell) for cell in START_CELLS)


def side_ring(bits: int) -> int:
    """Squares sharing a side with ``bits`` (on the board, not in ``bits``)."""
    return ((bits << 1) | (bits >> 1) | (bits << STRIDE) | (bits >> STRIDE)) & BOARD & ~bits


def corner_ring(bits: int) -> int:
    """Squares touching ``bits`` only corner to corner."""
    diagonal = (bits << (STRIDE - 1)) | (bits >> (STRIDE - 1)) | (bits << (STRIDE + 1)) | (bits >> (STRIDE + 1))
    return diagonal & BOARD & ~bits & ~side_ring(bits)


def bits_of(cells: Iterable[Cell]) -> int:
    result = 0
    for cell in cells:
        result |= 1 << bit_index(cell)
    return result


def cells_of(bits: int) -> list[Cell]:
    """The squares of a bitboard, sorted by row then column (the notation's order)."""
    cells = []
    while bits:
        low = bits & -bits
        cells.append(cell_of(low.bit_length() - 1))
        bits ^= low
    return cells


def attach_cells(own: int, occupied: int, colour: int) -> int:
    """Free squares where ``colour``'s next piece may touch it: its start corner before its first
    piece, then the squares diagonal to its pieces that are neither taken nor beside them."""
    if not own:
        return START_BITS[colour] & ~occupied
    beside = (own << 1) | (own >> 1) | (own << STRIDE) | (own >> STRIDE)
    diagonal = (own << (STRIDE - 1)) | (own >> (STRIDE - 1)) | (own << (STRIDE + 1)) | (own >> (STRIDE + 1))
    return diagonal & BOARD & ~(occupied | beside)  # ``own`` is part of ``occupied``


class Placement:
    """One piece in one orientation at one position: a Blokus move.

    There is exactly one object per placement (copies and pickles come back as the same object),
    so moves compare by identity and hash fast.
    """

    __slots__ = ("cells", "corners", "index", "mask", "orientation", "piece", "sides", "size")

    def __init__(
        self, index: int, piece: int, orientation: int, cells: tuple[Cell, ...], mask: int, sides: int, corners: int
    ) -> None:
        self.index = index
        self.piece = piece  # index into PIECES
        self.orientation = orientation  # index into PIECES[piece].orientations
        self.cells = cells  # sorted by row, then column
        self.size = len(cells)
        self.mask = mask
        self.sides = sides  # squares beside it: closed to its colour from now on
        self.corners = corners  # squares touching it only diagonally: where its colour may attach

    @property
    def piece_name(self) -> str:
        return PIECES[self.piece].name

    @property
    def text(self) -> str:
        return cells_text(self.cells)

    def __repr__(self) -> str:
        return f"Placement({self.text})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return placement_at, (self.index,)


# One shared tuple per square, so 30,433 placements do not each hold their own copies.
_CELLS: tuple[tuple[Cell, ...], ...] = tuple(tuple((col, row) for col in range(SIZE)) for row in range(SIZE))


# Around attach cell i, the window ``(blocked << _PAD) >> i`` puts square i at bit _PAD and keeps the
# four rows below and above it (any piece covering i lies within them); piece bits sit above it.
_PAD = 4 * STRIDE + 4
_WINDOW_BITS = 2 * _PAD + 1
_WINDOW = (1 << _WINDOW_BITS) - 1


def _build_placements() -> tuple[tuple[Placement, ...], tuple[int, ...], tuple[tuple[Placement | None, ...], ...]]:
    """Every placement; and the *relative candidates* of move generation.

    Relative candidate ``j`` is one orientation of one piece with one of its squares on the attach
    cell. Its window mask (squares around the cell at bit _PAD, piece bit above the window) is the
    same for every cell; ``at_square[i][j]`` is the placement it stands for when the cell is square
    ``i``, or ``None`` where it would leave the board."""
    placements: list[Placement] = []
    masks: list[int] = []
    relative_count = sum(piece.size * len(piece.orientations) for piece in PIECES)
    table: list[list[Placement | None]] = [[None] * relative_count for _ in range(BITS)]
    inner = bit_index((1, 1))  # rings are computed once per orientation away from the edges, then shifted
    for piece_index, piece in enumerate(PIECES):
        for orientation, shape in enumerate(piece.orientations):
            width = max(x for x, _ in shape) + 1
            height = max(y for _, y in shape) + 1
            ordered = sorted(shape, key=cell_sort_key)
            base = bits_of(ordered)
            sides = side_ring(base << (inner - bit_index((0, 0))))
            corners = corner_ring(base << (inner - bit_index((0, 0))))
            first = len(masks)  # relative candidates first .. first + size - 1: one per square on the cell
            for x, y in ordered:
                masks.append((base << _PAD) >> bit_index((x, y)) | 1 << (_WINDOW_BITS + piece_index))
            for row in range(SIZE - height + 1):
                for col in range(SIZE - width + 1):
                    offset = row * STRIDE + col
                    cells = tuple(_CELLS[row + y][col + x] for x, y in ordered)
                    ring_shift = offset + bit_index((0, 0)) - inner
                    placement = Placement(
                        len(placements),
                        piece_index,
                        orientation,
                        cells,
                        base << offset,
                        _shift(sides, ring_shift) & BOARD,
                        _shift(corners, ring_shift) & BOARD,
                    )
                    placements.append(placement)
                    for k, cell in enumerate(cells):
                        table[bit_index(cell)][first + k] = placement
    return tuple(placements), tuple(masks), tuple(tuple(row) for row in table)


def _shift(bits: int, amount: int) -> int:
    return bits << amount if amount >= 0 else bits >> -amount


PLACEMENTS, _RELATIVE_MASKS, _AT_SQUARE = _build_placements()
PLACEMENT_BY_MASK: dict[int, Placement] = {placement.mask: placement for placement in PLACEMENTS}


def placement_at(index: int) -> Placement:
    return PLACEMENTS[index]


# -- move generation -------------------------------------------------------------------------------
# The key of an attach cell is the blocked/free state of the squares within two steps of it (a
# diamond of 12): the candidates avoiding those are filed under it, built on first use. There are at
# most a few thousand keys over any number of games, shared by all squares.
_KEY_SQUARES = sum(
    1 << (_PAD + dy * STRIDE + dx) for dx in range(-2, 3) for dy in range(-2, 3) if 0 < abs(dx) + abs(dy) <= 2
)

Candidate = tuple[int, int]  # (relative number, window mask)
# One shared pair per relative candidate: the lists below hold these, so the filter loop unpacks a
# few hundred hot objects (measurably faster than zipping two tuples).
_CANDIDATES: tuple[Candidate, ...] = tuple(enumerate(_RELATIVE_MASKS))
Entry = tuple[Candidate, ...]
_ENTRIES: dict[int, Entry] = {}


def _entry(key: int) -> Entry:
    """The relative candidates avoiding the blocked key squares ``key`` (window bits), filed on first use."""
    entry = tuple(candidate for candidate in _CANDIDATES if not candidate[1] & key)
    _ENTRIES[key] = entry
    return entry


def blocked_by(closed: int, hand: int) -> int:
    """The blocked set that move generation tests against: the squares ``closed`` to a colour (taken,
    or beside its own pieces), the padding, and (above the board bits) the pieces it no longer holds."""
    return closed | WALL | ((~hand & FULL_HAND) << BITS)


def generate(blocked: int, attach: int, result: list[Placement]) -> list[Placement]:
    """Append to ``result`` every placement that covers a square of ``attach`` and nothing of
    ``blocked`` (board squares, and piece bits above :data:`BITS`). Returns ``result``."""
    pieces = (blocked >> BITS) << _WINDOW_BITS
    board = blocked & ((1 << BITS) - 1)
    entries = _ENTRIES
    append = result.append
    # A legal candidate never leaves the board, so it never meets an empty slot of the table.
    at_square = cast(tuple[tuple[Placement, ...], ...], _AT_SQUARE)
    while attach:
        low = attach & -attach
        index = low.bit_length() - 1
        local = (((board << _PAD) >> index) & _WINDOW) | pieces
        candidates = entries.get(local & _KEY_SQUARES) or _entry(local & _KEY_SQUARES)
        at = at_square[index]
        # A plain loop: in Python 3.11 a comprehension per cell costs more than it saves.
        for number, mask in candidates:
            if not mask & local:
                append(at[number])
        board |= low  # later attach cells skip placements already listed here
        attach ^= low
    return result


def candidates_at(blocked: int, index: int) -> tuple[Entry, int]:
    """The candidates filed at square ``index`` for this ``blocked`` set, as (relative number, window
    mask) pairs, and the window to test them against: ``not mask & window`` means the candidate is
    legal, and :func:`candidate` turns its number into its placement."""
    local = (((blocked << _PAD) >> index) & _WINDOW) | ((blocked >> BITS) << _WINDOW_BITS)
    return _ENTRIES.get(local & _KEY_SQUARES) or _entry(local & _KEY_SQUARES), local


def candidate(number: int, index: int) -> Placement:
    """The placement of relative candidate ``number`` on square ``index`` (a legal one: on the board)."""
    placement = _AT_SQUARE[index][number]
    assert placement is not None, "a legal candidate lies on the board"
    return placement


def first_legal(blocked: int, attach: int) -> Placement | None:
    """One legal placement (the first found), or ``None``: the cheap "can this colour move?"."""
    while attach:
        low = attach & -attach
        index = low.bit_length() - 1
        candidates, window = candidates_at(blocked, index)
        for number, mask in candidates:
            if not mask & window:
                return candidate(number, index)
        attach ^= low
    return None


def blocked_and_attach(own: int, occupied: int, hand: int, colour: int) -> tuple[int, int]:
    """:func:`blocked_by` and :func:`attach_cells` from a colour's bitboard (for callers that do not
    keep its closed squares and attach cells as a state does)."""
    return blocked_by(occupied | side_ring(own), hand), attach_cells(own, occupied, colour)


def after_placement(
    forbidden: int, attach: tuple[int, int, int, int], colour: int, placement: Placement, occupied: int
) -> tuple[int, tuple[int, int, int, int]]:
    """``colour``'s closed squares and every colour's attach cells once ``placement`` is down
    (``occupied`` includes it): its sides close to its colour, its corners open, and the squares it
    covers are no one's attach cells any more."""
    forbidden |= placement.sides
    mask = placement.mask
    blue, yellow, red, green = attach
    updated = [blue & ~mask, yellow & ~mask, red & ~mask, green & ~mask]
    updated[colour] = (attach[colour] | placement.corners) & ~(occupied | forbidden)
    return forbidden, (updated[0], updated[1], updated[2], updated[3])


def legal_placements(own: int, occupied: int, hand: int, colour: int) -> list[Placement]:
    """Every legal placement for ``colour`` (its squares ``own``, all taken squares ``occupied``)."""
    blocked, attach = blocked_and_attach(own, occupied, hand, colour)
    return generate(blocked, attach, [])


def can_place(own: int, occupied: int, hand: int, colour: int) -> bool:
    """Whether ``colour`` (its squares ``own``, all taken squares ``occupied``) has a legal placement."""
    return can_place_at(occupied | side_ring(own), attach_cells(own, occupied, colour), hand)


def can_place_at(closed: int, attach: int, hand: int) -> bool:
    """:func:`can_place` from a colour's closed squares and attach cells (as a state keeps them)."""
    if not hand or not attach:
        return False
    if hand >> MONOMINO & 1:
        return True  # an attach cell is free and beside none of the colour's pieces: the monomino fits
    return first_legal(blocked_by(closed, hand), attach) is not None


def components(bits: int) -> list[int]:
    """Split a bitboard into side-connected groups (one colour's pieces never touch by a side)."""
    groups = []
    while bits:
        group = bits & -bits
        while True:
            grown = (group | side_ring(group)) & bits
            if grown == group:
                break
            group = grown
        groups.append(group)
        bits &= ~group
    return groups
