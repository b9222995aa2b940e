"""The full board rebuilt around the player's pieces from a stored complete board (groundwork: not
yet called by Solve, see docs/puzzles.md, "Full board: what Solve finishes, and what it proves").

A full board is 84 pieces in 356 of 400 squares under the Blokus placement rule, so a search from
the player's few pieces has to build nearly the whole board, and the depth-first search
(``search.solve_fullboard``) needs minutes for that. But the player's first pieces sit near the
corners, and a stored complete board (``puzzles/data/fullboard-hard.json``, in the board's 8
symmetries, each colour following its corner) already holds the rest: :func:`repair_fullboard` takes
out of it the stored pieces that clash with the player's (overlap them, are the same piece elsewhere,
or touch a piece of their colour along a side), then refills the hole with exactly those pieces.
When that fails, more stored pieces nearest the hole go too, a few at a time.

The refill (:class:`_Refill`) branches where the choices are fewest: the square with the fewest
places covering it (or leaving it empty, where the stored board had it empty or had a clashing piece
there), or the piece with the fewest places; where the stored board had a piece comes first. A
branch ends when a piece has no place, when the free squares no piece left can cover plus each
region's waste (:func:`_waste`) exceed the 44 squares that stay empty, or when a colour's pieces can
no longer be joined to its corner through squares it may cover. A finished refill is checked as a
whole (:func:`joined`: in the harder version the pentominoes alone, then with the tetrominoes, and so
on) and put in a legal order (:func:`legal_order`). A failed repair proves nothing. Pure Python, no
pygame.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from bauhausbox.engine.bots.base import Budget, NodeLimitReached
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.pieces import COLOURS, PIECES
from bauhausbox.games.blokus.puzzles.solver.repair import frame_symmetries, shipped_solutions
from bauhausbox.games.blokus.puzzles.specs import Placement, PuzzlePiece, start_corner

EMPTY_AT_END = bb.SIZE * bb.SIZE - sum(piece.size for piece in PIECES) * len(COLOURS)  # 44 squares stay empty

Move = tuple[int, bb.Placement]  # a colour (index into COLOURS) and one of the game's placements

REPAIR_VARIANTS = 4  # the stored boards (turned, mirrored) with the fewest clashing pieces that are tried
REPAIR_STEPS = (0, 2, 4, 7, 10, 14, 19, 25)  # how many more stored pieces, nearest the hole first, go too
REPAIR_NODES = 3_000  # nodes per refill attempt


def _eight(bits: int) -> int:
    """``bits`` grown by one square in the 8 directions (on the board)."""
    s = bb.STRIDE
    grown = bits | bits << 1 | bits >> 1 | bits << s | bits >> s
    grown |= bits << (s - 1) | bits >> (s - 1) | bits << (s + 1) | bits >> (s + 1)
    return grown & bb.BOARD


def _move_of(placement: Placement) -> Move:
    return COLOURS.index(placement.piece.colour), bb.PLACEMENT_BY_MASK[bb.bits_of(placement.cells)]


def _placement_of(move: Move) -> Placement:
    colour, placement = move
    return Placement(PuzzlePiece(COLOURS[colour], placement.piece_name), frozenset(placement.cells))


@cache
def stored_boards() -> tuple[tuple[Move, ...], ...]:
    """Every stored complete board in the board's 8 symmetries, each colour taking its new corner."""
    corner_colour = {start_corner(colour): colour for colour in COLOURS}
    boards = []
    for solution in shipped_solutions("fullboard-hard"):
        for symmetry in frame_symmetries(bb.SIZE, bb.SIZE):
            recolour = {colour: corner_colour[symmetry(start_corner(colour))] for colour in COLOURS}
            boards.append(
                tuple(
                    _move_of(
                        Placement(
                            PuzzlePiece(recolour[p.piece.colour], p.piece.name), frozenset(map(symmetry, p.cells))
                        )
                    )
                    for p in solution
                )
            )
    return tuple(boards)


@cache
def _placements_of(piece: int) -> tuple[bb.Placement, ...]:
    return tuple(p for p in bb.PLACEMENTS if p.piece == piece)


def joined(moves: Sequence[Move], colour: int, hard: bool) -> bool:
    """Whether ``colour``'s pieces among ``moves`` are joined corner to corner from its start corner
    (in the harder version: the pieces of each size and up, as largest-first places them)."""
    own = [move for c, move in moves if c == colour]
    for size in sorted({move.size for move in own}, reverse=True) if hard else [1]:
        left = [move for move in own if move.size >= size]
        reached = 0
        while left:
            rest = [move for move in left if not (move.corners & reached or move.mask & bb.START_BITS[colour])]
            if len(rest) == len(left):
                return False  # these pieces are cut off from the corner
            for move in left:
                if move not in rest:
                    reached |= move.mask
            left = rest
    return True


def legal_order(fixed: Sequence[Move], new: Sequence[Move], hard: bool) -> list[Move] | None:
    """``new`` in an order the rules accept after ``fixed`` (the largest pieces first in the harder
    version; each piece touching an earlier one of its colour at a corner), or None if there is none."""
    own = [0, 0, 0, 0]
    occupied = 0
    for colour, move in fixed:
        own[colour] |= move.mask
        occupied |= move.mask
    left = list(new)
    order: list[Move] = []
    while left:
        allowed = max(move.size for _, move in left) if hard else 0
        ready = [
            i
            for i, (colour, move) in enumerate(left)
            if move.size >= allowed
            and not move.mask & (occupied | bb.side_ring(own[colour]))
            and move.mask & bb.attach_cells(own[colour], occupied, colour)
        ]
        if not ready:
            return None  # nothing placeable: a piece is cut off from its colour (or, harder, waits too long)
        colour, move = left.pop(ready[0])
        own[colour] |= move.mask
        occupied |= move.mask
        order.append((colour, move))
    return order


class _Refill:
    """Places ``todo`` (colour, piece) pairs around ``base`` (kept and fixed moves): fewest places first."""

    def __init__(
        self, base: Sequence[Move], todo: Sequence[tuple[int, int]], hard: bool, budget: Budget, rng: random.Random
    ) -> None:
        self.hard = hard
        self.budget = budget
        self.rng = rng
        self.moves: list[Move] = list(base)
        self.own = [0, 0, 0, 0]
        self.occupied = 0
        for colour, move in base:
            self.own[colour] |= move.mask
            self.occupied |= move.mask
        self.todo = list(todo)
        self.void = 0  # free squares the search has decided to leave empty
        self.stored: set[bb.Placement] = set()  # where the stored board had the pieces to place
        # The squares the search may decide to leave empty: those the stored board left empty and
        # those of its pieces that clashed with the player's (moving a piece leaves its old squares).
        self.voidable = bb.BOARD

    def closed(self, colour: int) -> int:
        return self.occupied | self.void | bb.side_ring(self.own[colour])

    def open_to(self, colour: int) -> int:
        """Free squares ``colour`` may still cover."""
        return bb.BOARD & ~self.closed(colour)

    def candidates(self, colour: int, piece: int, among: Sequence[bb.Placement]) -> list[bb.Placement]:
        closed = self.closed(colour)
        # A place must have a corner on a square of its colour or on one its colour may still cover.
        reach = self.own[colour] | (bb.BOARD & ~closed) | bb.START_BITS[colour]
        return [p for p in among if not p.mask & closed and (p.corners & reach or p.mask & bb.START_BITS[colour])]

    def joinable(self) -> bool:
        """Every colour's pieces can still be joined to its corner through squares it may cover."""
        for colour in range(4):
            own = self.own[colour]
            if not own:
                continue
            allowed = own | self.open_to(colour)
            reached = bb.START_BITS[colour] & allowed
            while True:
                grown = _eight(reached) & allowed
                if grown == reached:
                    break
                reached = grown
            if own & ~reached:
                return False
        return True

    def run(self, options: dict[int, list[bb.Placement]]) -> bool:
        self.budget.tick()
        if not options:
            return all(joined(self.moves, colour, self.hard) for colour in range(4))
        best = None
        fresh: dict[int, list[bb.Placement]] = {}
        once = twice = thrice = four = 0  # squares covered by at least one, two, three, four places left
        unions: list[tuple[int, int]] = []  # each piece left: the squares its places cover, its size
        for slot, among in options.items():
            colour, piece = self.todo[slot]
            places = self.candidates(colour, piece, among)
            if not places:
                return False
            fresh[slot] = places
            union = 0
            for place in places:
                mask = place.mask
                four |= thrice & mask
                thrice |= twice & mask
                twice |= once & mask
                once |= mask
                union |= mask
            unions.append((union, PIECES[piece].size))
            if best is None or len(places) < len(fresh[best]):
                best = slot
        assert best is not None
        # Squares that no piece left can cover stay empty, and so does what the regions waste: only 44 may.
        slack = EMPTY_AT_END - (bb.BOARD & ~self.occupied & ~once).bit_count()
        if slack - _waste(once, unions) < 0:
            return False
        # Branch where the choices are fewest: the square with the fewest places covering it (and
        # leaving it empty, while squares may still stay empty), or the piece with the fewest places.
        scarce, most = once & ~twice, 1
        if not scarce:
            scarce, most = twice & ~thrice, 2
        if not scarce:
            scarce, most = thrice & ~four, 3
        if scarce and most + (slack > 0 and scarce & self.voidable != 0) <= len(fresh[best]):
            square = scarce & -scarce
            choices = [(slot, place) for slot, places in fresh.items() for place in places if place.mask & square]
            choices.sort(key=lambda choice: self._rank(choice[1]))
            if self._try(choices, fresh):
                return True
            if slack > 0 and square & self.voidable:
                self.void |= square
                if self.run(fresh):
                    return True
                self.void &= ~square
            return False
        places = sorted(fresh[best], key=self._rank)
        return self._try([(best, place) for place in places], fresh)

    def _rank(self, place: bb.Placement) -> float:
        """Where the stored board had a piece first (most of it still fits around the player's
        pieces), then tight packing: touching placed pieces and the rim leaves fewer unusable pockets."""
        contact = (place.sides & self.occupied).bit_count() + (place.sides & bb.WALL).bit_count()
        return -(100 * (place in self.stored) + contact + self.rng.random())

    def _try(self, choices: list[tuple[int, bb.Placement]], fresh: dict[int, list[bb.Placement]]) -> bool:
        for slot, place in choices:
            colour = self.todo[slot][0]
            rest = {other: places for other, places in fresh.items() if other != slot}
            self.own[colour] |= place.mask
            self.occupied |= place.mask
            self.moves.append((colour, place))
            if self.joinable() and self.run(rest):
                return True
            self.moves.pop()
            self.own[colour] &= ~place.mask
            self.occupied &= ~place.mask
        return False


def _waste(coverable: int, unions: Sequence[tuple[int, int]]) -> int:
    """Squares that must stay empty in the regions the pieces left may cover: a region's size that is
    no sum of the sizes of the pieces that fit in it leaves the difference empty (a 7-square pocket
    with only pentominoes to fit leaves 2). Each piece is counted in every region it fits (sound)."""
    waste = 0
    for region in bb.components(coverable):
        size = region.bit_count()
        sums = 1  # bit k: some of the pieces that fit here cover exactly k squares
        for union, piece_size in unions:
            if union & region:
                sums |= sums << piece_size
        sums &= (2 << size) - 1
        waste += size - (sums.bit_length() - 1)
    return waste


def _clashes(fixed: Sequence[Move], board: Sequence[Move]) -> list[int]:
    """Indices of ``board``'s moves that cannot stay beside the fixed ones."""
    fixed_pieces = {(colour, move.piece) for colour, move in fixed}
    occupied = 0
    closed = [0, 0, 0, 0]
    for colour, move in fixed:
        occupied |= move.mask
        closed[colour] |= move.sides
    return [
        i
        for i, (colour, move) in enumerate(board)
        if (colour, move) not in fixed
        and ((colour, move.piece) in fixed_pieces or move.mask & (occupied | closed[colour]))
    ]


def _distance(move: bb.Placement, hole: int) -> int:
    """How many 8-direction steps from ``hole`` to ``move`` (capped at 20)."""
    reached = hole
    for steps in range(20):
        if reached & move.mask:
            return steps
        reached = _eight(reached)
    return 20


def repair_fullboard(
    fixed: Sequence[Placement], hard: bool, budget: Budget, seed: int = 0
) -> tuple[Placement, ...] | None:
    """A complete board keeping ``fixed`` (first, in their order), rebuilt from the stored boards
    closest to it; None when no attempt succeeded within ``budget`` (which proves nothing)."""
    fixed_moves = [_move_of(p) for p in fixed]
    fixed_set = set(fixed_moves)
    ranked = sorted(stored_boards(), key=lambda board: len(_clashes(fixed_moves, board)))
    rng = random.Random(seed)
    for board in ranked[:REPAIR_VARIANTS]:
        clash = set(_clashes(fixed_moves, board))
        hole = 0
        for i in clash:
            hole |= board[i][1].mask
        for _colour, move in fixed_moves:
            hole |= move.mask
        voidable = bb.BOARD
        for i, (_colour, move) in enumerate(board):
            if i not in clash:
                voidable &= ~move.mask
        rest = [i for i, move in enumerate(board) if i not in clash and move not in fixed_set]
        rest.sort(key=lambda i: (_distance(board[i][1], hole), rng.random()))
        for extra in REPAIR_STEPS:
            out = clash | set(rest[:extra])
            kept = [move for i, move in enumerate(board) if i not in out and move not in fixed_set]
            todo = [(board[i][0], board[i][1].piece) for i in sorted(out)]
            freed = 0
            for i in out:
                freed |= board[i][1].mask
            stored = [board[i][1] for i in out]
            found = _refill(fixed_moves, kept, todo, hard, budget, rng, freed, stored, voidable)
            if found is not None:
                return (*fixed, *map(_placement_of, found))
    return None


def _refill(
    fixed: list[Move],
    kept: list[Move],
    todo: list[tuple[int, int]],
    hard: bool,
    budget: Budget,
    rng: random.Random,
    hole: int,
    stored: Sequence[bb.Placement] = (),
    voidable: int = bb.BOARD,
) -> list[Move] | None:
    """The new moves (kept and refilled, in a legal order after ``fixed``), or None. ``hole``: the
    stored squares the pieces of ``todo`` covered."""
    refill = _Refill([*fixed, *kept], todo, hard, budget, rng)
    refill.stored = set(stored)
    refill.voidable = voidable
    taken = 0
    for _colour, move in refill.moves:
        taken |= move.mask
    # The refill stays in the hole and the empty squares around it: a piece sent to a lone empty
    # square far away only leaves the hole to be filled by fewer pieces.
    zone = _eight(hole) & ~taken
    options = {
        slot: [p for p in _placements_of(piece) if not p.mask & ~zone] for slot, (_colour, piece) in enumerate(todo)
    }
    budget.node_limit = budget.nodes + REPAIR_NODES
    try:
        if not refill.run(options):
            return None
        return legal_order(fixed, refill.moves[len(fixed) :], hard)
    except NodeLimitReached:
        return None
    finally:
        budget.node_limit = None
