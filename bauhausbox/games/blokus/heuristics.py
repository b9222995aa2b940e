"""Blokus evaluation and playouts shared by every computer level and the tree search: the one-move
evaluation (:func:`move_values`), fast sampled playouts (:func:`playout`, :func:`sample_placement`)
and the seat margin a finished playout is judged by. Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bauhausbox.engine.api import Seat
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus import core
from bauhausbox.games.blokus.bitboard import Placement
from bauhausbox.games.blokus.pieces import OPENING_PIECES
from bauhausbox.games.blokus.rules import (
    ALL_OUT,
    BlokusState,
    colour_score,
    pieces_down,
    pieces_placed,
    scoring_colours,
    squares_left,
)
from bauhausbox.games.blokus.variants import CLASSIC, JUNIOR, take_piece, variant_of

# The centre 4 × 4 and the ring around it, as a pull for the opening.
_CENTRE = bb.bits_of((col, row) for col in range(8, 12) for row in range(8, 12))
_NEAR_CENTRE = bb.bits_of((col, row) for col in range(6, 14) for row in range(6, 14))


def _distances(size: int) -> tuple[float, ...]:
    """Steps from each square to the centre of a ``size`` board (0 off it)."""
    middle = (size - 1) / 2
    return tuple(
        abs(bb.cell_of(i)[0] - middle) + abs(bb.cell_of(i)[1] - middle) if bb.BOARD >> i & 1 else 0.0
        for i in range(bb.BITS)
    )


_DISTANCE_TO_CENTRE = _distances(bb.SIZE)
_SMALL_DISTANCE_TO_CENTRE = _distances(variant_of(JUNIOR).size)  # Duo and Junior share the 14 x 14 board


# -- one-move evaluation ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Weights:
    """How much each feature of a move counts in :func:`move_values`."""

    size: float = 10.0  # per square of the piece
    own_corners: float = 2.0  # per attach cell the colour has after the move
    taken_corners: float = 3.0  # per attach cell of an opponent the piece covers
    centre: float = 1.5  # per step of the piece's nearest square toward the centre (opening only)
    opening_plies: int = 4  # how many of its own pieces a colour spends heading for the centre


MEDIUM_WEIGHTS = Weights()
HARD_WEIGHTS = Weights(size=10.0, own_corners=2.5, taken_corners=3.5, centre=2.0, opening_plies=5)


def move_values(state: BlokusState, moves: Sequence[Placement], weights: Weights = MEDIUM_WEIGHTS) -> list[float]:
    """A quick value for each move of the colour to play (higher is better)."""
    colour = state.colour
    boards = state.boards
    own = boards[colour]
    occupied = state.occupied
    forbidden = state.forbidden[colour]
    attach = state.attach[colour] if own else 0
    # Colours scoring for the same seat (a team mate, a seat's second colour) are not blocked.
    friends = (
        scoring_colours(state.players, state.teams, state.to_play, state.variant) if state.to_play is not None else ()
    )
    rivals = 0
    for other in range(4):
        if other != colour and other not in friends and not state.out >> other & 1:
            rivals |= state.attach[other]
    opening = pieces_down(state, colour) < weights.opening_plies
    native = core.native_for(state.variant, core.MOVE_VALUES)
    if native is not None:  # the same values, compiled (_core.c)
        return native.move_values(
            core.as_list(moves),
            attach,
            occupied,
            forbidden,
            rivals,
            opening,
            weights.size,
            weights.own_corners,
            weights.taken_corners,
            weights.centre,
        )
    values = []
    for move in moves:
        blocked = occupied | move.mask | forbidden | move.sides
        corners = ((attach | move.corners) & ~blocked).bit_count()
        value = weights.size * move.size + weights.own_corners * corners
        value += weights.taken_corners * (rivals & move.mask).bit_count()
        if opening:
            value -= weights.centre * min_distance_to_centre(move, state.variant)
        values.append(value)
    return values


def opening_pieces(state: BlokusState) -> int | None:
    """The pieces worth searching in this opening position of the classic board (a bit per piece), or
    ``None`` once every piece is (or on the small boards)."""
    if state.variant != CLASSIC:
        return None
    down = sum(pieces_down(state, colour) for colour in range(4))
    for until, pieces in OPENING_PIECES:
        if down < until:
            return pieces
    return None


def min_distance_to_centre(move: Placement, variant: str = CLASSIC) -> float:
    steps = _CENTRE_STEPS if variant == CLASSIC else _SMALL_CENTRE_STEPS
    distance = steps.get(move.index)
    if distance is None:  # worked out once per placement: the tree search asks for it again and again
        table = _DISTANCE_TO_CENTRE if variant == CLASSIC else _SMALL_DISTANCE_TO_CENTRE
        distance = steps[move.index] = min(table[bb.bit_index(cell)] for cell in move.cells)
    return distance


_CENTRE_STEPS: dict[int, float] = {}
_SMALL_CENTRE_STEPS: dict[int, float] = {}


# -- fast simulation ---------------------------------------------------------------------------------
Random = Callable[[], float]

_MASK64 = (1 << 64) - 1


class SplitMix:
    """The playouts' random numbers: SplitMix64, a float in [0, 1) from the top 53 bits of each draw.

    The compiled core runs the same generator in C when it is handed one of these (it reads ``state``
    and writes it back), so a seed gives the same draws on either path without calling back into
    Python for every one."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def __call__(self) -> float:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))


#: Playout policies (bits, :func:`playout`'s ``policy``). With neither, a move is a random attach cell
#: and the larger of two random placements covering it.
LOCAL = 1  # answer the opponents' latest moves: start from an attach cell among their fresh corners
OPENING = 2  # early in a classic game, place only the pieces of :data:`OPENING_PIECES` (while one fits)
POLICY = LOCAL | OPENING


def _squares(mask: int) -> list[int]:
    """The squares of a bitboard, lowest first (the attach cells a playout picks from)."""
    squares = []
    while mask:
        low = mask & -mask
        squares.append(low.bit_length() - 1)
        mask ^= low
    return squares


def sample_placement(blocked: int, attach: int, rnd: Random) -> Placement | None:
    """A random legal placement, biased to large pieces, found without listing every move: pick a
    random attach cell and one of the legal placements covering it (the larger of two draws).
    ``blocked`` and ``attach`` are as for :func:`bitboard.generate`; ``None`` when nothing fits."""
    cells = _squares(attach)
    while cells:
        pick = int(rnd() * len(cells))
        index = cells[pick]
        choice = _draw(index, *bb.candidates_at(blocked, index), rnd)
        if choice is not None:
            if choice.size < 5:
                other = _draw(index, *bb.candidates_at(blocked, index), rnd)
                if other is not None and other.size > choice.size:
                    choice = other
            return choice
        cells[pick] = cells[-1]  # nothing fits here: drop the cell and try another
        cells.pop()
    return None


_DRAWS = 12  # random tries before listing a cell's legal candidates


def _draw(index: int, candidates: Sequence[tuple[int, int]], window: int, rnd: Random) -> Placement | None:
    """One of the legal candidates at square ``index``, uniformly: a few random tries (usually enough,
    and much cheaper than testing them all), then the full list; ``None`` if none is legal."""
    count = len(candidates)
    if not count:
        return None
    for _ in range(_DRAWS):
        number, mask = candidates[int(rnd() * count)]
        if not mask & window:
            return bb.candidate(number, index)
    legal = [number for number, mask in candidates if not mask & window]
    if not legal:
        return None
    return bb.candidate(legal[int(rnd() * len(legal))], index)


def local_points(recent: Sequence[int], colour: int, attach: Sequence[int], closed: Sequence[int]) -> int:
    """The squares near the opponents' latest moves (Pentobi's "local points"): the attach cells each
    of those moves opened that are still open, and the free squares beside them. ``recent`` holds the
    latest moves as :func:`move_key`; a move of ``colour`` or of its partner colour (``colour ^ 2``: a
    two-player seat's other colour, a team mate) is not an opponent's. ``closed[c]`` is the occupied
    squares and ``c``'s forbidden ones."""
    points = 0
    for key in recent:
        other = key & 3
        if other == colour or other == colour ^ 2:
            continue
        fresh = bb.PLACEMENTS[key >> 2].corners & attach[other]
        beside = (fresh << 1) | (fresh >> 1) | (fresh << bb.STRIDE) | (fresh >> bb.STRIDE)
        points |= fresh | (beside & bb.BOARD & ~closed[other])
    return points


def local_count(move: Placement, local: int, attach: int) -> int:
    """A move's local points, those that are also the mover's attach cells counting twice."""
    covered = move.mask & local
    return covered.bit_count() + (covered & attach).bit_count()


def sample_local(blocked: int, attach: int, local: int, rnd: Random) -> Placement | None:
    """:func:`sample_placement`, answering the opponents first: while some of the colour's attach
    cells are local points, one of them is picked and the better of two random placements covering
    it is played (more local points, then the larger piece); else as :func:`sample_placement`."""
    cells = _squares(attach & local)
    while cells:
        pick = int(rnd() * len(cells))
        index = cells[pick]
        candidates, window = bb.candidates_at(blocked, index)
        choice = _draw(index, candidates, window, rnd)
        if choice is not None:
            other = _draw(index, candidates, window, rnd)
            if other is not None and _local_score(other, local, attach) > _local_score(choice, local, attach):
                choice = other
            return choice
        cells[pick] = cells[-1]
        cells.pop()
    return sample_placement(blocked, attach, rnd)


def _local_score(move: Placement, local: int, attach: int) -> int:
    return 8 * local_count(move, local, attach) + move.size  # local points first, then size (at most 5)


def playout_pieces(down: int) -> int:
    """The pieces a playout places with :data:`OPENING` when ``down`` pieces are on the classic board."""
    for until, pieces in OPENING_PIECES:
        if down < until:
            return pieces
    return bb.FULL_HAND


def playout(state: BlokusState, rnd: Random, record: list[int] | None = None, policy: int = POLICY) -> list[int]:
    """Finish the game with sampled moves; the final score of each colour. Keeps the forbidden and
    attach squares up to date with :func:`bitboard.after_placement`, as the rules' ``apply`` does.
    With ``record``, appends each move made as :func:`move_key` (the tree search shares them, AMAF);
    the last three moves already in it are the latest moves :data:`LOCAL` answers. ``policy``: bits
    of :data:`LOCAL` and :data:`OPENING` (the latter only on the classic board).

    The compiled core (``core.py``) plays the same moves from the same draws of ``rnd`` (and runs a
    :class:`SplitMix` in C)."""
    if state.variant != CLASSIC:
        policy &= ~OPENING
    native = core.native_for(state.variant, core.PLAYOUT)
    if native is not None:
        out = ALL_OUT if state.to_play is None else state.out
        return native.playout(
            state.hands,
            state.forbidden,
            state.attach,
            state.occupied,
            out,
            state.monomino_last,
            state.colour,
            rnd,
            record,
            policy,
        )
    hands = list(state.hands)
    spare = list(state.spare)
    junior = state.variant == JUNIOR
    forbidden = list(state.forbidden)
    attach = state.attach
    occupied = state.occupied
    out = state.out
    mono = state.monomino_last
    colour = state.colour
    if state.to_play is None:
        out = ALL_OUT
    recent = record[-3:] if record is not None else []
    down = sum(pieces_placed(hand) for hand in hands)
    while out != ALL_OUT:
        if not out >> colour & 1:
            hand = hands[colour]
            move = None
            if hand and policy:
                closed = [occupied | forbidden[c] for c in range(4)]
                local = local_points(recent, colour, attach, closed) if policy & LOCAL else 0
                pieces = hand & playout_pieces(down) if policy & OPENING else hand
                move = sample_local(bb.blocked_by(closed[colour], pieces or hand), attach[colour], local, rnd)
                if move is None and pieces and pieces != hand:  # none of those fits: any piece
                    move = sample_local(bb.blocked_by(closed[colour], hand), attach[colour], local, rnd)
            elif hand:
                move = sample_placement(bb.blocked_by(occupied | forbidden[colour], hand), attach[colour], rnd)
            if move is None:
                out |= 1 << colour
            else:
                occupied |= move.mask
                if junior:  # two copies of each piece: the spare one goes first
                    hands[colour], spare[colour] = take_piece(hand, spare[colour], move.piece)
                else:
                    hands[colour] = hand & ~(1 << move.piece)
                forbidden[colour], attach = bb.after_placement(forbidden[colour], attach, colour, move, occupied)
                mono = (mono | 1 << colour) if move.piece == bb.MONOMINO else (mono & ~(1 << colour))
                if record is not None:
                    record.append(move.index << 2 | colour)
                recent = [*recent[-2:], move.index << 2 | colour]
                down += 1
        colour = (colour + 1) & 3
    if state.variant != CLASSIC:
        final = state._replace(
            hands=(hands[0], hands[1], hands[2], hands[3]),
            spare=(spare[0], spare[1], spare[2], spare[3]),
            monomino_last=mono,
        )
        return [colour_score(final, c) for c in range(4)]
    return [_final_score(hands[c], mono >> c & 1) for c in range(4)]


def move_key(move: Placement, colour: int) -> int:
    """One int per (placement, colour): how playouts record moves and the tree files its AMAF statistics."""
    return move.index << 2 | colour


def _final_score(hand: int, monomino_last: int) -> int:
    if hand:
        return -squares_left(hand)
    return 20 if monomino_last else 15


def seat_margin(state: BlokusState, colour_points: Sequence[int], seat: Seat) -> float:
    """A seat's total minus the best other seat's total (teams and two-colour seats summed)."""
    mine = scoring_colours(state.players, state.teams, seat, state.variant)
    own = sum(colour_points[c] for c in mine)
    others = [
        sum(colour_points[c] for c in scoring_colours(state.players, state.teams, s, state.variant))
        for s in range(state.players)
        if scoring_colours(state.players, state.teams, s, state.variant) != mine  # a team mate is not a rival
    ]
    return own - max(others)
