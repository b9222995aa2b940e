"""The boards and piece sets of Blokus's variants (``docs/rules/blokus.md``, "Blokus Duo and Junior").

Classic Blokus is the 20 × 20 board with four colours of the 21 pieces. Blokus Duo and Blokus
Junior are two-player games on a 14 × 14 board, one colour each: Duo with the 21 pieces, Junior with
twelve of them in two copies each (the set Pentobi plays), both starting on e10 (the first colour)
and j5 (the second).

The small board lives inside the classic board's bit layout: its squares are columns a–n and rows
1–14 of the 20 × 20 layout, and the squares beyond them are closed to every colour from the start
(they are part of each colour's *forbidden* set), so move generation, the rules' quick checks and
the compiled core all work on it unchanged. The two colours are the first two of the classic order
(blue, then yellow); the other two hold no piece and are out from the start.

A Junior colour's pieces are kept in two bit sets: ``hand`` (pieces it holds at least once) and
``spare`` (pieces it still holds a second copy of). Placing a piece uses the spare copy first, so one
copy left is always a ``hand`` bit; the generator, which reads ``hand``, needs no change.
"""

from __future__ import annotations

from dataclasses import dataclass

from bauhausbox.engine.grid import Cell
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.pieces import PIECE_BY_NAME, PIECES

CLASSIC, DUO, JUNIOR = "classic", "duo", "junior"

#: The pieces of Blokus Junior (Pentobi's ``create_pieces_junior``), each in two copies.
JUNIOR_PIECES: tuple[str, ...] = ("L5", "P", "I5", "O", "T4", "Z4", "L4", "I4", "V3", "I3", "2", "1")
_JUNIOR_HAND = sum(1 << PIECES.index(PIECE_BY_NAME[name]) for name in JUNIOR_PIECES)


@dataclass(frozen=True, slots=True)
class Variant:
    """One variant's board, colours, pieces and bonuses."""

    name: str
    size: int  # squares per side
    starts: tuple[Cell | None, ...]  # each colour's starting square (None: the colour does not play)
    hand: int  # the pieces each playing colour starts with (bit i = PIECES[i])
    spare: int  # the pieces each playing colour holds a second copy of
    all_placed_bonus: int
    monomino_bonus: int

    @property
    def colours(self) -> tuple[int, ...]:
        """The colours that play, in the order of play."""
        return tuple(colour for colour, start in enumerate(self.starts) if start is not None)

    @property
    def two_colour_seats(self) -> bool:
        """Whether a 2-player game gives each seat two colours (classic) or one (Duo, Junior)."""
        return len(self.colours) == 4

    @property
    def piece_count(self) -> int:
        """How many pieces a colour starts with (copies counted)."""
        return self.hand.bit_count() + self.spare.bit_count()

    @property
    def board(self) -> int:
        return sum(1 << bb.bit_index((col, row)) for row in range(self.size) for col in range(self.size))

    @property
    def off_board(self) -> int:
        """The classic board's squares beyond this board: closed to every colour."""
        return bb.BOARD & ~self.board

    @property
    def start_bits(self) -> tuple[int, ...]:
        return tuple(0 if start is None else 1 << bb.bit_index(start) for start in self.starts)


VARIANTS: dict[str, Variant] = {
    CLASSIC: Variant(CLASSIC, bb.SIZE, bb.START_CELLS, bb.FULL_HAND, 0, 15, 5),
    # Pentobi's Duo starting points are (4, 4) and (9, 9) counted from the top-left corner: e10 and j5.
    DUO: Variant(DUO, 14, ((4, 9), (9, 4), None, None), bb.FULL_HAND, 0, 15, 5),
    # Junior: Pentobi's Board.cpp gives no bonus for Junior.
    JUNIOR: Variant(JUNIOR, 14, ((4, 9), (9, 4), None, None), _JUNIOR_HAND, _JUNIOR_HAND, 0, 0),
}
# Worked out once: the masks are asked for on every new game and every make_state.
_OFF_BOARD: dict[str, int] = {name: variant.off_board for name, variant in VARIANTS.items()}
_START_BITS: dict[str, tuple[int, ...]] = {name: variant.start_bits for name, variant in VARIANTS.items()}


def variant_of(name: str) -> Variant:
    return VARIANTS[name]


def off_board(name: str) -> int:
    return _OFF_BOARD[name]


def start_bits(name: str) -> tuple[int, ...]:
    return _START_BITS[name]


def take_piece(hand: int, spare: int, piece: int) -> tuple[int, int]:
    """``hand`` and ``spare`` once one copy of ``piece`` is placed (the spare copy goes first)."""
    bit = 1 << piece
    if spare & bit:
        return hand, spare & ~bit
    return hand & ~bit, spare


def squares_in(hand: int, spare: int = 0) -> int:
    """The squares of the pieces in a hand (and its spare copies)."""
    return sum(bb.PIECE_SIZES[i] for i in range(bb.PIECE_COUNT) if hand >> i & 1) + sum(
        bb.PIECE_SIZES[i] for i in range(bb.PIECE_COUNT) if spare >> i & 1
    )
