"""The frame puzzles' search (tetromino and pentomino frames) on bitboards: every square is a bit of an int.

An exact-cover search with the most constrained square first, done with whole-board int operations
instead of per-option bookkeeping:

* Squares are bits ``row * stride + col`` with ``stride = width + 4``: four guard columns that are
  never empty, so shifting a shape by up to four columns either way never wraps into the next row.
* For each shape orientation ``o`` with cell offsets ``d0 = 0 < d1 < ... < d4`` (from its lowest
  square, its anchor), the anchors where it fits are ``E & E >> d1 & ... & E >> d4`` (``E``: the
  squares it may cover). One such int per orientation gives every fitting placement at once.
* Counting how many placements cover each square: each ``fit << d`` is added into a bit-sliced
  binary counter (four ints: the 1s, 2s, 4s and 8s bit of every square's count, the 8s saturating;
  a carry that dies out stops the adding early, so an add costs 2-7 int operations). Squares covered
  by none prove a dead end; squares covered by one are forced; otherwise the search branches, inside
  the smallest empty region, on a square with the fewest placements (ties: lowest in reading order).
  A piece that fits nowhere (or, in the plain frames, a shape with fewer places than copies left) is
  a dead end too.
* After each placement the empty regions next to it are grown by shifts; a region whose size is not
  a multiple of the piece size can never be filled.
* Harder frames: each colour has a mask of squares it may not cover (the side neighbours of its
  placed pieces), so "no two pieces of one colour share a side" is one AND per fit.

The search is complete (every placement of the chosen square is tried), so a run that ends without
a tiling proves there is none. Identical copies of a shape (plain frames) are never permuted: a
square is covered by a shape, not by a numbered copy. Pure Python, no pygame.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal, Protocol

from bauhausbox.engine.shapes import Cell
from bauhausbox.games.blokus.pieces import COLOURS, PIECE_BY_NAME
from bauhausbox.games.blokus.puzzles.specs import PUZZLE_BY_ID, Placement, PuzzlePiece, PuzzleSpec

GUARD = 4  # columns of never-empty squares right of the frame: wider than any shift a piece needs


class Ticker(Protocol):
    """What the search needs of a budget: one call per node, raising when out of nodes or time."""

    def tick(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Orientation:
    """One fixed orientation of a shape: its squares as bit offsets from its lowest square."""

    offsets: tuple[int, ...]  # 0 first
    mask: int  # its squares with the anchor at bit 0
    ring: int  # its side neighbours with the anchor at bit ``stride`` (some lie below the anchor)


@dataclass(frozen=True, slots=True)
class FrameTables:
    """A frame's geometry and every shape's orientations, built once per puzzle."""

    width: int
    height: int
    stride: int
    cells: int  # every square of the frame
    shapes: tuple[str, ...]  # the shapes of the puzzle, awkward ones first
    orientations: tuple[tuple[Orientation, ...], ...]  # per shape
    piece_size: int

    def bit(self, cell: Cell) -> int:
        return cell[1] * self.stride + cell[0]

    def mask_of(self, cells: Sequence[Cell] | frozenset[Cell]) -> int:
        return sum(1 << self.bit(cell) for cell in cells)

    def cells_of(self, mask: int) -> frozenset[Cell]:
        found = []
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            found.append((index % self.stride, index // self.stride))
            mask ^= low
        return frozenset(found)

    def spread(self, bits: int) -> int:
        """``bits`` and their side neighbours (guard squares included; callers mask them off)."""
        stride = self.stride
        return bits | bits << 1 | bits >> 1 | bits << stride | bits >> stride

    def ring_at(self, orientation: Orientation, anchor: int) -> int:
        return (orientation.ring << anchor) >> self.stride & self.cells


# Awkward shapes first: they fit in few places, and a search that leaves them for the end thrashes.
AWKWARD_FIRST = ("X", "F", "W", "T5", "Z5", "V5", "U", "N", "Y", "L5", "I5", "P", "O", "T4", "Z4", "L4", "I4")


@cache
def frame_tables(puzzle: str) -> FrameTables:
    """The bit tables of a frame puzzle (cheap: a few milliseconds)."""
    spec = PUZZLE_BY_ID[puzzle]
    width, height = spec.width, spec.height
    stride = width + GUARD
    cells = sum(1 << (row * stride + col) for row in range(height) for col in range(width))
    names = {piece.name for piece in spec.pieces}
    shapes = tuple(name for name in AWKWARD_FIRST if name in names)
    orientations = []
    for name in shapes:
        found = []
        for shape in PIECE_BY_NAME[name].orientations:
            bits = sorted(y * stride + x for x, y in shape)
            anchor = bits[0]
            offsets = tuple(b - anchor for b in bits)
            mask = sum(1 << d for d in offsets)
            shifted = mask << stride
            ring = (shifted | shifted << 1 | shifted >> 1 | shifted << stride | shifted >> stride) & ~shifted
            found.append(Orientation(offsets, mask, ring))
        orientations.append(tuple(found))
    size = PIECE_BY_NAME[shapes[0]].size
    return FrameTables(width, height, stride, cells, shapes, tuple(orientations), size)


SMALL_REGION = 15  # regions up to this many squares are checked against the pieces left (see shape_sets)


@lru_cache(maxsize=1 << 16)
def shape_sets(puzzle: str, region: int) -> frozenset[tuple[int, ...]]:
    """Every multiset of shapes (a count per shape, in ``frame_tables(puzzle).shapes`` order) that
    tiles the squares of ``region`` exactly. Colours are left out, so in the harder frames this is a
    relaxation: a region no set of the shapes left can tile is a dead end in either version."""
    tables = frame_tables(puzzle)
    if not region:
        return frozenset({(0,) * len(tables.shapes)})
    anchor = (region & -region).bit_length() - 1  # the lowest square is the lowest square of a piece
    found: set[tuple[int, ...]] = set()
    for shape, orientations in enumerate(tables.orientations):
        for orientation in orientations:
            mask = orientation.mask << anchor
            if mask & region == mask:
                for counts in shape_sets(puzzle, region & ~mask):
                    found.add((*counts[:shape], counts[shape] + 1, *counts[shape + 1 :]))
    return frozenset(found)


def _allotted(choices: list[list[tuple[int, ...]]], available: list[int]) -> bool:
    """Whether each region can take one of its shape multisets with no shape used more than available."""
    if not choices:
        return True
    for counts in choices[0]:
        rest = [have - need for have, need in zip(available, counts, strict=True)]
        if min(rest) >= 0 and _allotted(choices[1:], rest):
            return True
    return False


# How the options at a square are sorted after the shuffle: "awkward" shapes first (the fixed order of
# ``AWKWARD_FIRST``, what an empty pentomino frame needs); "scarce": the shape with the fewest places
# per copy left first (used while it still fits: the shapes left over at the end are the ones that do
# not fit the last pockets, and these are the ones that go short of places); "fewest": the shape
# with the fewest places in all first; "none": the shuffle alone.
ValueOrder = Literal["awkward", "scarce", "fewest", "none"]

# An option of the search: (group, orientation index, anchor bit). A group is a shape (plain frames)
# or a (colour, shape) pair, numbered colour * len(shapes) + shape (harder frames).
Option = tuple[int, int, int]


def deal_colours(
    shape_cells: Sequence[tuple[str, frozenset[Cell]]], remaining: Sequence[PuzzlePiece]
) -> list[Placement]:
    """Give each shape placement one of the remaining colours of that shape (plain puzzles)."""
    pools: dict[str, list[PuzzlePiece]] = {}
    for piece in remaining:
        pools.setdefault(piece.name, []).append(piece)
    return [Placement(pools[name].pop(0), cells) for name, cells in shape_cells]


class BitSearch:
    """One frame position to complete: the empty squares, the pieces left and, in the harder frames,
    the squares each colour may not cover. :meth:`run` is one complete search in a given value order."""

    def __init__(
        self, spec: PuzzleSpec, fixed: Sequence[Placement], pin_colour: bool = True, tile_only: bool = False
    ) -> None:
        tables = frame_tables(spec.id)
        self.tables = tables
        # ``tile_only`` (harder frames): tile by shapes as in the plain frame, colours left for later,
        # but a piece only goes where one of its shape's free colours may go beside the fixed pieces.
        self.hard = spec.hard and not tile_only
        self.puzzle = spec.id
        shape_index = {name: index for index, name in enumerate(tables.shapes)}
        colours = len(COLOURS) if self.hard else 1
        self.left = [0] * (colours * len(tables.shapes))
        placed = {placement.piece for placement in fixed}
        for piece in spec.pieces:
            if piece not in placed:
                colour = COLOURS.index(piece.colour) if self.hard else 0
                self.left[colour * len(tables.shapes) + shape_index[piece.name]] += 1
        self.empty = tables.cells & ~tables.mask_of([cell for p in fixed for cell in p.cells])
        self.forbidden = [0] * colours
        # Positions (empty squares, pieces left, squares each colour may not cover) proved to have no
        # tiling, from any run: the same position is reached again by placing pieces in another order.
        self.dead: set[tuple[int, ...]] = set()
        # Per shape (tile_only): for each colour whose piece of that shape is still free, the squares
        # it may not cover beside the fixed pieces; empty when some free colour is unconstrained.
        self.by_colour: list[tuple[int, ...]] = [() for _ in tables.shapes]
        if tile_only and spec.hard:
            beside = [0] * len(COLOURS)
            for placement in fixed:
                own = tables.mask_of(list(placement.cells))
                beside[COLOURS.index(placement.piece.colour)] |= tables.spread(own) & ~own & tables.cells
            for name, shape in shape_index.items():
                free = [beside[c] for c, colour in enumerate(COLOURS) if PuzzlePiece(colour, name) not in placed]
                if free and all(free):
                    self.by_colour[shape] = tuple(free)
        if self.hard:
            for placement in fixed:
                own = tables.mask_of(list(placement.cells))
                self.forbidden[COLOURS.index(placement.piece.colour)] |= tables.spread(own) & ~own & tables.cells
            if pin_colour and not fixed:  # the colours are interchangeable: only blue may cover a1
                for colour in range(1, colours):
                    self.forbidden[colour] |= 1

    def pieces(self, options: Sequence[Option]) -> list[tuple[int, str, frozenset[Cell]]]:
        """The options as (colour index, shape name, squares); the colour is -1 in the plain frames."""
        tables = self.tables
        shapes = len(tables.shapes)
        return [
            (
                group // shapes if self.hard else -1,
                tables.shapes[group % shapes],
                tables.cells_of(tables.orientations[group % shapes][index].mask << anchor),
            )
            for group, index, anchor in options
        ]

    def placements(self, options: Sequence[Option], remaining: Sequence[PuzzlePiece]) -> list[Placement]:
        """The options as placements: coloured by the search in the harder frames; in the plain ones
        (and a harder frame tiled by shapes only) dealt the colours of the ``remaining`` pieces."""
        pieces = self.pieces(options)
        if self.hard:
            return [Placement(PuzzlePiece(COLOURS[colour], name), cells) for colour, name, cells in pieces]
        return deal_colours([(name, cells) for _, name, cells in pieces], remaining)

    def fork(self) -> BitSearch:
        """Another search of the same position with its own working state (pieces left, forbidden
        squares), sharing the positions proved dead: searches that take turns each need their own."""
        twin = copy.copy(self)
        twin.left = list(self.left)
        twin.forbidden = list(self.forbidden)
        return twin

    def run(
        self,
        budget: Ticker,
        rng: random.Random | None,
        order: ValueOrder = "awkward",
        from_top: bool = False,
        accept: Callable[[list[Option]], bool] | None = None,
    ) -> list[Option] | None:
        """A tiling of the empty squares as options, or None when there is none (a proof). ``rng``
        shuffles the options of each square (None: natural order); ``order`` then sorts them (see
        :data:`ValueOrder`). ``accept`` may turn a complete tiling down (the search then goes on):
        with it, None proves that no tiling is accepted. Exceptions from ``budget.tick`` pass
        through, leaving this whole."""
        steps = self.steps(rng, order, from_top, accept)
        try:
            while True:
                next(steps)
                budget.tick()
        except StopIteration as done:
            result: list[Option] | None = done.value
            return result
        finally:
            steps.close()  # an interrupted search restores its pieces and squares on the way out

    def steps(
        self,
        rng: random.Random | None,
        order: ValueOrder = "awkward",
        from_top: bool = False,
        accept: Callable[[list[Option]], bool] | None = None,
    ) -> Generator[None, None, list[Option] | None]:
        """:meth:`run` as a generator that yields once per node and returns its result: searches that
        take turns (see ``solver.solve_frame``) are paused between nodes and go on where they were.
        Closing it early leaves this search whole."""
        tables = self.tables
        stride, size, cells = tables.stride, tables.piece_size, tables.cells
        orientations = tables.orientations
        shapes = len(tables.shapes)
        left, forbidden, hard = self.left, self.forbidden, self.hard
        chosen: list[Option] = []
        groups = range(len(left))
        dead = self.dead
        puzzle = self.puzzle
        by_colour = self.by_colour
        rejected = [0]  # tilings ``accept`` turned down: a failure below one is no fact about the squares

        def region_ok(empty: int, seeds: int) -> bool:
            """Every empty region touching ``seeds`` has a size a multiple of the piece size."""
            while seeds:
                region = seeds & -seeds
                while True:
                    grown = (region | region << 1 | region >> 1 | region << stride | region >> stride) & empty
                    if grown == region:
                        break
                    region = grown
                if region.bit_count() % size:
                    return False
                seeds &= ~region
            return True

        def search(empty: int) -> Generator[None, None, bool]:
            yield
            if not empty:
                if accept is None or accept(chosen):
                    return True
                rejected[0] += 1
                return False
            key = (empty, *left, *(mask & empty for mask in forbidden)) if hard else (empty, *left)
            if key in dead:
                return False
            before = rejected[0]
            if not (yield from expand(empty)):
                # Remembered only when no tiling below was turned down: whether ``accept`` takes a
                # tiling depends on the pieces already placed, not only on the empty squares.
                if rejected[0] == before:
                    dead.add(key)
                return False
            return True

        def regions_ok(empty: int) -> int:
            """The smallest empty region, or 0 when the small empty regions cannot each be tiled,
            together, by the shapes left."""
            available = [sum(left[shape::shapes]) for shape in range(shapes)]
            choices: list[list[tuple[int, ...]]] = []
            rest = empty
            smallest = empty
            while rest:
                region = rest & -rest
                while True:
                    grown = (region | region << 1 | region >> 1 | region << stride | region >> stride) & empty
                    if grown == region:
                        break
                    region = grown
                rest &= ~region
                if region.bit_count() < smallest.bit_count():
                    smallest = region
                if region.bit_count() <= SMALL_REGION:
                    fitting = [
                        counts
                        for counts in shape_sets(puzzle, region)
                        if all(need <= have for need, have in zip(counts, available, strict=True))
                    ]
                    if not fitting:
                        return 0
                    choices.append(fitting)
            choices.sort(key=len)
            return smallest if _allotted(choices, available) else 0

        def expand(empty: int) -> Generator[None, None, bool]:
            # The search stays in the smallest region: a region that cannot be finished is found
            # out before the others are filled (and refilled) around it.
            focus = regions_ok(empty)
            if not focus:
                return False
            # Every fitting placement, per group and orientation, and how many cover each square.
            fits: list[tuple[int, int, int]] = []
            ones = twos = fours = eights = 0  # a 4-bit binary counter per square, saturating at 8
            piece_group, piece_places = -1, 1 << 30  # the last copy of a shape with the fewest places
            places = [0] * len(left)  # per group: its fitting placements
            for group in groups:
                if not left[group]:
                    continue
                free = empty & ~forbidden[group // shapes] if hard else empty
                # tile_only: the union of the fits of the shape's free colours (when each is hemmed in)
                frees = by_colour[group] if not hard and by_colour[group] else ()
                if frees and any(not mask & empty for mask in frees):
                    frees = ()
                total = 0
                for index, orientation in enumerate(orientations[group % shapes]):
                    if frees:
                        fit = 0
                        for mask in frees:
                            own_free = empty & ~mask
                            part = own_free
                            for offset in orientation.offsets[1:]:
                                part &= own_free >> offset
                            fit |= part
                    else:
                        fit = free
                        for offset in orientation.offsets[1:]:
                            fit &= free >> offset
                    if not fit:
                        continue
                    total += fit.bit_count()
                    fits.append((group, index, fit))
                    for offset in orientation.offsets:
                        carry = fit << offset
                        ones, carry = ones ^ carry, ones & carry
                        if carry:
                            twos, carry = twos ^ carry, twos & carry
                            if carry:
                                fours, carry = fours ^ carry, fours & carry
                                eights |= carry
                if total < left[group]:
                    return False  # a piece (or a copy of a shape) with nowhere to go
                places[group] = total
                if left[group] == 1 and total < piece_places:
                    piece_group, piece_places = group, total
            covered_once = ones | twos | fours | eights
            if empty & ~covered_once:
                return False  # a square no placement can cover
            # The most constrained square, unless a piece is forced. Ties go to a square with the
            # fewest empty neighbours (a cluttered spot: open space is easier to fill last), then to
            # the lowest or the highest in reading order (the two directions fail on different boards).
            candidates, count = focus, 8  # the squares, and how many placements cover each (8: 8 or more)
            below8 = focus & ~eights
            if below8:
                # Counts 1-7 from the binary counter's bits, the fewest first.
                for number in range(1, 8):
                    exact = below8 & (ones if number & 1 else ~ones) & (twos if number & 2 else ~twos)
                    exact &= fours if number & 4 else ~fours
                    if exact:
                        candidates, count = exact, number
                        break
            if count > 1:
                near1 = near2 = near3 = 0  # squares with at least 1, 2, 3 empty side neighbours
                for near in (empty >> 1, empty << 1, empty >> stride, empty << stride):
                    near3 |= near2 & near
                    near2 |= near1 & near
                    near1 |= near
                for crowded in (~near2, ~near3):
                    if candidates & crowded:
                        candidates &= crowded
                        break
            square = candidates.bit_length() - 1 if from_top else (candidates & -candidates).bit_length() - 1
            options: list[Option]
            if piece_places < count:  # a piece with fewer places than any square has pieces: place it
                options = []
                for group, index, fit in fits:
                    while group == piece_group and fit:
                        low = fit & -fit
                        options.append((group, index, low.bit_length() - 1))
                        fit ^= low
            else:
                options = []
                for group, index, fit in fits:
                    for offset in orientations[group % shapes][index].offsets:
                        anchor = square - offset
                        if anchor >= 0 and fit >> anchor & 1:
                            options.append((group, index, anchor))
            if rng is not None:
                rng.shuffle(options)
            if order == "scarce":
                options.sort(key=lambda option: places[option[0]] / left[option[0]])
            elif order == "fewest":
                options.sort(key=lambda option: places[option[0]])
            elif order == "awkward":
                options.sort(key=lambda option: option[0] % shapes)
            for option in options:
                group, index, anchor = option
                orientation = orientations[group % shapes][index]
                rest = empty & ~(orientation.mask << anchor)
                ring = (orientation.ring << anchor) >> stride & cells
                if not region_ok(rest, ring & rest):
                    continue
                left[group] -= 1
                colour = group // shapes
                saved = forbidden[colour]
                if hard:
                    forbidden[colour] = saved | ring
                chosen.append(option)
                try:
                    if (yield from search(rest)):
                        return True
                finally:  # restored on every way out, so a later run starts whole
                    left[group] += 1
                    forbidden[colour] = saved
                chosen.pop()
            return False

        return chosen if (yield from search(self.empty)) else None


COLOUR_NODES = 2_000  # colouring attempts per tiling: a colourable tiling is coloured in far fewer


def colour_tiling(
    tables: FrameTables, pieces: Sequence[tuple[int, int, int]], free: Sequence[int], node_limit: int = COLOUR_NODES
) -> list[int] | bool:
    """Colours for a tiling of a harder frame (a colour index per piece); else False when there are
    none (proved), True when ``node_limit`` steps found none (unknown).

    ``pieces`` are (shape index, squares mask, colour index or -1 when still to be coloured);
    ``free[shape]`` is the mask of colours whose piece of that shape is still to be placed (as many
    as the uncoloured pieces of that shape). Pieces of one colour may not share a side, and each
    colour has one piece of each shape, so a shape's uncoloured pieces take its free colours one
    each. A small backtracking search, the piece with the fewest colours left first."""
    count = len(pieces)
    spread = [tables.spread(mask) for _, mask, _ in pieces]
    neighbours: list[list[int]] = [[] for _ in range(count)]
    for i in range(count):
        for j in range(i + 1, count):
            if spread[i] & pieces[j][1]:
                neighbours[i].append(j)
                neighbours[j].append(i)
    colours = [colour for _, _, colour in pieces]
    open_ = [i for i in range(count) if colours[i] < 0]
    used = [0] * len(free)  # per shape: its free colours already given out
    steps = [0]

    def options(i: int) -> int:
        allowed = free[pieces[i][0]] & ~used[pieces[i][0]]
        for j in neighbours[i]:
            if colours[j] >= 0:
                allowed &= ~(1 << colours[j])
        return allowed

    def search() -> bool:
        steps[0] += 1
        if steps[0] > node_limit:
            return False
        best, best_allowed, best_size = -1, 0, 5
        for i in open_:
            if colours[i] < 0:
                allowed = options(i)
                size = allowed.bit_count()
                if size < best_size:
                    best, best_allowed, best_size = i, allowed, size
                    if size <= 1:
                        break
        if best < 0:
            return True
        if not best_allowed:
            return False
        shape = pieces[best][0]
        while best_allowed:
            low = best_allowed & -best_allowed
            best_allowed ^= low
            colours[best] = low.bit_length() - 1
            used[shape] |= low
            if search():
                return True
            used[shape] &= ~low
        colours[best] = -1
        return False

    if search():
        return colours
    return steps[0] > node_limit
