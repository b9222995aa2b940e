"""Solvers for the Blokus solo puzzles: bitboard exact cover for the frames, depth-first search for the full board.

* The frames (tetromino and pentomino, plain and harder) are searched by ``frame.py``: most
  constrained square first, every fit computed with shifts of one int; several runs of it in
  different value orders take turns, paused and resumed, some restarted with Luby node allowances
  (``portfolio.py``; the lanes: :class:`FrameLanes`). With the shared process pool
  (``pool.py``), a worker runs some of those runs on the second core while the calling thread runs
  the others (:func:`solve_frame`, :func:`frame_part`, :class:`_WorkerPart`).
* The full board is searched depth first over legal Blokus placements (the game's bitboards and
  move generator), best-rated moves first, with restarts; it found the complete board that ships in
  ``puzzles/data/fullboard-hard.json``.
* Stored solutions (``puzzles/data/``) are used, turned, mirrored and recoloured, whenever they
  contain the player's pieces; otherwise the nearest one is rebuilt around them
  (``repair.py``), and failing that hints and solutions come from the live search.

Every search takes a deadline and reports ``found``, ``none`` (the whole space was searched) or
``timeout``; nothing claims more than it has seen. Pure Python, no pygame.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Future, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import cache
from typing import Literal

from bauhausbox.engine.bots.base import Budget, NodeLimitReached, OutOfTime
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus import pool as search_pool
from bauhausbox.games.blokus.pieces import COLOURS, PIECES
from bauhausbox.games.blokus.pool import SearchPool
from bauhausbox.games.blokus.puzzles.rules import PuzzleState, is_complete
from bauhausbox.games.blokus.puzzles.solver.frame import BitSearch, Option, colour_tiling, frame_tables
from bauhausbox.games.blokus.puzzles.solver.fullrepair import EMPTY_AT_END
from bauhausbox.games.blokus.puzzles.solver.portfolio import (
    COLOURED_SHARE,
    HARDER_SCARCE_FIRST,
    HARDER_SCARCE_STYLES,
    HARDER_STYLES,
    PLAIN_LANES,
    Lane,
    PortfolioResult,
    Run,
    luby,
    portfolio,
)
from bauhausbox.games.blokus.puzzles.solver.repair import (
    coloured_repair,
    fit_among,
    frame_symmetries,
    recalled_fit,
    remember,
    repair_frame,
    shipped_solutions,
)
from bauhausbox.games.blokus.puzzles.specs import (
    FULLBOARD,
    PUZZLE_BY_ID,
    Placement,
    PuzzlePiece,
    PuzzleSpec,
    parse_placement,
    puzzle_id,
    start_corner,
)

Status = Literal["found", "none", "timeout"]
Item = Hashable


# The search stops through the engine's budget (``bauhausbox/engine/bots/base.py``); these are its names here.
SearchTimeout = OutOfTime
NodeLimit = NodeLimitReached


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The outcome of a search: ``found`` with a full solution, ``none`` (proved), or ``timeout``."""

    status: Status
    placements: tuple[Placement, ...] = ()
    seconds: float = 0.0
    nodes: int = 0


# --- the frames (puzzles 2 and 3) ---------------------------------------------------------------------------


def solve_frame(
    spec: PuzzleSpec,
    fixed: Sequence[Placement],
    budget: Budget,
    pin_colour: bool = True,
    seed: int = 0,
    repair: bool = False,
) -> SearchResult:
    """Complete a tetromino or pentomino frame around the ``fixed`` placements (see ``frame.py``).

    With ``repair`` (plain frames), stored solutions near the position are rebuilt around its pieces first
    (:func:`repair_frame`); then the search over the whole frame, which alone can prove "none". With
    the shared pool, a worker runs the portfolio's :data:`WORKER_LANES` from the start, and the
    first solution or proof from either side is the answer.
    """
    start = time.monotonic()
    placed = {placement.piece for placement in fixed}
    remaining = [piece for piece in spec.pieces if piece not in placed]
    if sum(piece.size for piece in remaining) != spec.area - sum(len(p.cells) for p in fixed):
        return SearchResult("none", seconds=time.monotonic() - start)
    if not remaining:
        return SearchResult("found", tuple(fixed), time.monotonic() - start)
    colourer = TileColourer(spec, fixed) if spec.hard else None
    # With the shared pool, a worker starts its part of the portfolio at once (the second core).
    helper = _WorkerPart.start(spec, fixed, pin_colour, seed, budget, repair)
    try:
        if repair:
            try:
                plain = PUZZLE_BY_ID[puzzle_id(spec.kind, False)]
                repaired = repair_frame(plain, fixed, budget, colourer)
                if colourer is not None:
                    colourer.unsure = False  # the repair proves nothing either way
                if repaired is None and spec.hard and helper is None:  # with a pool, the worker does this
                    repaired = coloured_repair(spec, fixed, budget, seed)
            except SearchTimeout:
                return SearchResult("timeout", seconds=time.monotonic() - start, nodes=budget.nodes)
            if repaired is not None:
                return SearchResult("found", repaired, time.monotonic() - start, budget.nodes)
        frame = FrameLanes(spec, fixed, pin_colour, colourer)
        if helper is None:
            found: PortfolioResult | SearchResult = portfolio(frame.lanes, budget, seed)
        else:
            found = helper.join(frame, budget, seed)
    finally:
        if helper is not None:
            helper.cancel()
    seconds = time.monotonic() - start
    if isinstance(found, SearchResult):
        return SearchResult(found.status, found.placements, seconds, budget.nodes + found.nodes)
    if isinstance(found, str):
        return SearchResult("timeout" if found == "timeout" else "none", seconds=seconds, nodes=budget.nodes)
    return SearchResult("found", frame.solution(*found), seconds, budget.nodes)


class FrameLanes:
    """The portfolio's lanes for a frame position (:func:`portfolio.portfolio`), built alike in
    process and in a pool worker (:func:`frame_part`), and the solution a run's options stand for."""

    def __init__(
        self, spec: PuzzleSpec, fixed: Sequence[Placement], pin_colour: bool, colourer: TileColourer | None
    ) -> None:
        self.spec = spec
        self.fixed = tuple(fixed)
        placed = {placement.piece for placement in fixed}
        self.remaining = [piece for piece in spec.pieces if piece not in placed]
        self.search = BitSearch(spec, fixed, pin_colour)
        self.whole = Run(self.search)
        self.coloured: list[tuple[Placement, ...]] = []
        if colourer is None:
            self.lanes = [Lane(self.whole, styles, restarts) for styles, restarts in PLAIN_LANES]
            return
        self.lanes = [Lane(self.whole, HARDER_STYLES, True, share=COLOURED_SHARE)]
        # Harder frames: the coloured search takes turns with tiling first and colouring second.
        # A tiling's search is much faster, and some 1 in 20 to 50 tilings takes the colours.
        tiles = BitSearch(spec, fixed, tile_only=True)

        def accept(options: list[Option], colourer: TileColourer = colourer) -> bool:
            solution = colourer(tiles.placements(options, self.remaining))
            if solution is not None:
                self.coloured.append(solution)
            return solution is not None

        tiled = Run(tiles, accept, colourer.proves)
        self.lanes.append(Lane(tiled, HARDER_STYLES, True))
        self.lanes.append(Lane(tiled, HARDER_SCARCE_STYLES, True, first_nodes=HARDER_SCARCE_FIRST))

    def solution(self, run: Run, options: list[Option]) -> tuple[Placement, ...]:
        """The full solution found by ``run``: the fixed placements first, then the new ones."""
        if run is not self.whole:
            return self.coloured[0]
        return (*self.fixed, *self.search.placements(options, self.remaining))


# --- the second core: part of the portfolio in a pool worker ------------------------------------------------

# The lanes a pool worker runs, by ``spec.hard``; the calling thread does the repair and then the others
# (in the plain frames the worker also takes the fifth lane, which restarts the scarce orders: the
# calling thread spends its first few tenths of a second on the repair). Measured lane by lane on the
# hint bench's hardest boards, each side then finishes some of them alone: in the harder frames the
# worker's tiling lane with restarts finishes 63 and 142 (6,200 and 2,300 nodes), the calling thread's
# coloured and scarce tiling lanes 138, 139 and 140; in the plain frames the worker's scarce-from-the-top
# lane finishes 133 (1,800 nodes).
WORKER_LANES = {False: (1, 3, 4), True: (1,)}

# What a worker sends back: "found" (with the solution's placement texts), "none" (proved by a run
# that proves) or "timeout" (time ran out, it was stopped, or its lanes ended proving nothing); its nodes.
PartOutcome = tuple[Status, tuple[str, ...], int]
WAIT_POLL = 0.02  # seconds between the calling thread's looks at the budget while it waits for the worker


class WorkerBudget(Budget):
    """A worker's budget: the caller's deadline, and the pool's stop check in place of a cancel flag."""

    def __init__(self, seconds: float, stop: Callable[[], bool]) -> None:
        super().__init__(seconds)
        self.stop = stop

    def expired(self) -> bool:
        return self.stop() or time.perf_counter() >= self.deadline


def frame_part(
    stop: Callable[[], bool],
    puzzle: str,
    texts: tuple[str, ...],
    pin_colour: bool,
    lanes: tuple[int, ...],
    seed: int,
    deadline: float,
    repair: bool = False,
) -> PartOutcome:
    """Run in a pool worker: the portfolio's ``lanes`` for the frame position of the placements ``texts``,
    until ``deadline`` (``time.time()``, the clock every process reads alike) or ``stop()``. With
    ``repair`` in a harder frame, first :func:`coloured_repair` (the calling thread does the other
    repair meanwhile)."""
    spec = PUZZLE_BY_ID[puzzle]
    fixed = tuple(parse_placement(text, spec.width, spec.height) for text in texts)
    budget = WorkerBudget(max(0.0, deadline - time.time()), stop)
    if repair and spec.hard:
        try:
            repaired = coloured_repair(spec, fixed, budget, seed)
        except SearchTimeout:
            return "timeout", (), budget.nodes
        if repaired is not None:
            return "found", tuple(p.text for p in repaired), budget.nodes
    frame = FrameLanes(spec, fixed, pin_colour, TileColourer(spec, fixed) if spec.hard else None)
    found = portfolio(frame.lanes, budget, seed, own=lanes)
    if isinstance(found, str):
        return ("none" if found == "none" else "timeout"), (), budget.nodes
    return "found", tuple(p.text for p in frame.solution(*found)), budget.nodes


@dataclass(slots=True)
class _WorkerPart:
    """The part of a frame search running in a pool worker, seen from the calling thread."""

    pool: SearchPool
    future: Future[PartOutcome]
    generation: int
    lanes: tuple[int, ...]

    @staticmethod
    def start(
        spec: PuzzleSpec, fixed: Sequence[Placement], pin_colour: bool, seed: int, budget: Budget, repair: bool
    ) -> _WorkerPart | None:
        """The worker's part, started now; None without a pool (it then all runs in process)."""
        workers = search_pool.shared()
        if workers is None:
            return None
        lanes = WORKER_LANES[spec.hard]
        texts = tuple(p.text for p in fixed)
        deadline = time.time() + budget.remaining()
        try:
            future, generation = workers.submit(frame_part, spec.id, texts, pin_colour, lanes, seed, deadline, repair)
        except (BrokenProcessPool, RuntimeError):  # broken, or shut down as the app closes
            search_pool.forget(workers)
            return None
        return _WorkerPart(workers, future, generation, lanes)

    def outcome(self) -> PartOutcome | None:
        """The worker's answer once it is back; None while it runs, or when the worker failed."""
        if not self.future.done() or self.future.cancelled() or self.future.exception() is not None:
            return None
        return self.future.result()

    def decides(self) -> bool:
        """Whether the worker is done with a solution or a proof, or failed (read between slices: cheap)."""
        if not self.future.done():
            return False
        outcome = self.outcome()
        return outcome is None or outcome[0] != "timeout"

    def join(self, frame: FrameLanes, budget: Budget, seed: int) -> PortfolioResult | SearchResult:
        """The calling thread's lanes, until they or the worker find a solution or a proof."""
        own = [k for k in range(len(frame.lanes)) if k not in self.lanes]
        found = portfolio(frame.lanes, budget, seed, own=own, stop=self.decides)
        if not isinstance(found, str) or found == "none":
            return found
        # Stopped by the worker, out of time, or the own lanes ended proving nothing: the worker decides.
        while not self.future.done() and not budget.expired():
            wait((self.future,), timeout=min(WAIT_POLL, budget.remaining()))
        outcome = self.outcome()
        if outcome is None and self.future.done():
            # The worker failed (a broken pool, or one shut down under it): the whole portfolio in
            # process, with the time left.
            if not self.future.cancelled() and isinstance(self.future.exception(), BrokenProcessPool):
                search_pool.forget(self.pool)
            return portfolio(frame.lanes, budget, seed)
        if outcome is None:
            return "timeout"
        status, texts, nodes = outcome
        spec = frame.spec
        placements = tuple(parse_placement(text, spec.width, spec.height) for text in texts)
        return SearchResult(status, placements, nodes=nodes)

    def cancel(self) -> None:
        self.pool.cancel(self.generation)


# --- the full board (puzzle 1) ------------------------------------------------------------------------------
# The game's bitboards and move generator (bitboard.py) do the Blokus placement rule, so it lives in one place.

_EMPTY_AT_END = EMPTY_AT_END  # 44 squares stay empty
_HAND_OF_SIZE = {size: sum(1 << i for i, piece in enumerate(PIECES) if piece.size == size) for size in range(1, 6)}


@cache
def _rim_contacts(index: int) -> int:
    """How many sides of placement ``index`` lie along the board's edge."""
    last = bb.SIZE - 1
    return sum((x == 0) + (x == last) + (y == 0) + (y == last) for x, y in bb.PLACEMENTS[index].cells)


class _FullBoard:
    """The full-board position as the game's bitboards, changed in place and undone by the search."""

    def __init__(self, placements: Sequence[Placement]) -> None:
        self.own = [0, 0, 0, 0]
        self.hands = [bb.FULL_HAND] * 4
        self.occupied = 0
        for placement in placements:
            self.apply(COLOURS.index(placement.piece.colour), bb.PLACEMENT_BY_MASK[bb.bits_of(placement.cells)])

    def apply(self, colour: int, move: bb.Placement) -> None:
        self.own[colour] |= move.mask
        self.occupied |= move.mask
        self.hands[colour] &= ~(1 << move.piece)

    def undo(self, colour: int, move: bb.Placement) -> None:
        self.own[colour] &= ~move.mask
        self.occupied &= ~move.mask
        self.hands[colour] |= 1 << move.piece

    def squares_left(self, colour: int) -> int:
        hand = self.hands[colour]
        return sum(piece.size for i, piece in enumerate(PIECES) if hand >> i & 1)

    def moves(self, colour: int, hand: int) -> list[bb.Placement]:
        return bb.legal_placements(self.own[colour], self.occupied, hand, colour)

    def dead(self) -> int:
        """Empty squares that no colour with pieces left may ever cover (they stay empty to the end)."""
        mask = bb.BOARD & ~self.occupied
        for colour in range(4):
            if self.hands[colour]:
                mask &= self.own[colour] | bb.side_ring(self.own[colour])
        return mask

    def open_corners(self, colour: int) -> int:
        return bb.attach_cells(self.own[colour], self.occupied, colour).bit_count()

    def every_piece_fits(self, endgame: int = 5) -> bool:
        """Forward check. A colour with pieces left but no legal placement now is stuck for good (its
        corners only come from its own pieces): prune. A colour with at most ``endgame`` pieces left
        must be able to place each of them now; that part is a heuristic (a piece that fits nowhere
        now rarely fits later, as the board only fills up)."""
        for colour in range(4):
            hand = self.hands[colour]
            if not hand:
                continue
            wanted = hand if hand.bit_count() <= endgame else 0
            placeable = 0
            for move in self.moves(colour, hand):
                placeable |= 1 << move.piece
                if placeable & wanted == wanted:
                    break
            if not placeable or placeable & wanted != wanted:
                return False
        return True


def proved_stuck(placements: Sequence[Placement], hard: bool) -> bool:
    """Whether the full board provably cannot be finished from ``placements`` (sound, never a guess).

    A colour whose next piece fits nowhere now never fits it later: its corners come only from its own
    pieces, and the board only fills up. Its next piece is any in its hand; in the harder version one
    of its largest (it may place nothing smaller first, and nothing of its own goes down meanwhile).
    And empty squares that every colour with pieces left is closed to stay empty: more than the 44
    that stay empty at the end cannot be undone.
    """
    board = _FullBoard(placements)
    if board.dead().bit_count() > _EMPTY_AT_END:
        return True
    for colour in range(4):
        hand = board.hands[colour]
        if not hand:
            continue
        if hard:
            hand &= _HAND_OF_SIZE[max(size for size, pieces in _HAND_OF_SIZE.items() if hand & pieces)]
        if not bb.can_place(board.own[colour], board.occupied, hand, colour):
            return True
    return False


def _score(board: _FullBoard, colour: int, move: bb.Placement, dead_before: int) -> float:
    """How promising a placement looks: pack tightly, keep squares usable, keep every colour's corners open."""
    board.apply(colour, move)
    newly_dead = board.dead().bit_count() - dead_before
    open_corners = sum(board.open_corners(c) for c in range(4) if board.hands[c] or c == colour)
    board.undo(colour, move)
    # Contact with placed pieces and the board's rim: tight packing leaves fewer unusable pockets.
    contact = (move.sides & board.occupied).bit_count() + _rim_contacts(move.index)
    return open_corners + 3.0 * contact - 10.0 * newly_dead


def solve_fullboard(
    fixed: Sequence[Placement], hard: bool, budget: Budget, seed: int = 0, branching: int = 3, endgame: int = 62
) -> SearchResult:
    """Depth-first search over legal Blokus placements for a way to place every remaining piece.

    The colour with the most squares left moves next (so no colour falls behind and gets shut in),
    largest pieces first (the rules' advice; in the harder version the rule itself), trying the
    ``branching`` best-scored placements with a little random noise — and every placement, best
    first, once ``endgame`` pieces are down, where the failures are and the choices are few; a
    position with more dead squares than the 44 that stay empty is abandoned. Runs restart with
    Luby node allowances. This is a heuristic search: it reports "found" or "timeout", never "none".
    Returns the fixed placements followed by the new ones in a legal order.
    """
    start = time.monotonic()
    board = _FullBoard(fixed)
    path: list[tuple[int, bb.Placement]] = []
    rng = random.Random(seed)

    def largest(colour: int) -> int:
        hand = board.hands[colour]
        return max(size for size, pieces in _HAND_OF_SIZE.items() if hand & pieces)

    def search() -> bool:
        budget.tick()
        active = [colour for colour in range(4) if board.hands[colour]]
        if not active:
            return True
        if hard:
            biggest = max(largest(c) for c in active)
            active = [c for c in active if largest(c) == biggest]
        colour = max(active, key=lambda c: (board.squares_left(c), -c))
        size = largest(colour)
        moves = board.moves(colour, board.hands[colour] & _HAND_OF_SIZE[size])
        if not moves and not hard:
            moves = board.moves(colour, board.hands[colour])
        dead_before = board.dead().bit_count()
        scored = sorted(
            ((_score(board, colour, move, dead_before) + rng.random(), index) for index, move in enumerate(moves)),
            reverse=True,
        )
        placed = 84 - sum(hand.bit_count() for hand in board.hands)
        for _, index in scored if placed >= endgame else scored[:branching]:
            move = moves[index]
            board.apply(colour, move)
            if board.dead().bit_count() <= _EMPTY_AT_END and board.every_piece_fits():
                path.append((colour, move))
                if search():
                    return True
                path.pop()
            board.undo(colour, move)
        return False

    attempt = 0
    found = False
    while not found:
        budget.node_limit = budget.nodes + 400 * luby(attempt + 1)
        try:
            found = search()
        except NodeLimit:
            pass
        except SearchTimeout:
            break
        finally:
            budget.node_limit = None
        if not found:  # out of nodes, or its few branches exhausted (which proves nothing): restart
            board = _FullBoard(fixed)
            path.clear()
            attempt += 1
            rng = random.Random(seed * 7919 + attempt)
    seconds = time.monotonic() - start
    if not found:
        return SearchResult("timeout", seconds=seconds, nodes=budget.nodes)
    new = [Placement(PuzzlePiece(COLOURS[colour], move.piece_name), frozenset(move.cells)) for colour, move in path]
    return SearchResult("found", (*fixed, *new), seconds, budget.nodes)


def shipped_fit(spec: PuzzleSpec, fixed: Sequence[Placement]) -> tuple[Placement, ...] | None:
    """A stored solution (turned, mirrored, colours swapped) containing every fixed placement, if any.

    Stored solutions of the harder pentomino puzzle also solve the plain one, where colours do not
    matter: there a placed piece only has to match a stored piece's shape and squares. On the full
    board a turned or mirrored solution takes the colours of the corners it moves to, and keeps its
    legal order (see :func:`_fullboard_fit`).
    """
    if spec.kind == FULLBOARD:
        return _fullboard_fit(fixed)
    stored = shipped_solutions(f"{spec.kind}-hard") + (shipped_solutions(spec.kind) if not spec.hard else ())
    return fit_among(spec, fixed, stored)


class TileColourer:
    """Harder frames, tiled first and coloured second: a whole tiling of the frame around the fixed
    pieces (from the plain search, which is much faster) is coloured afterwards, every piece that is
    not fixed getting a colour (see :func:`frame.colour_tiling`). Called with the tiling's
    pieces that are not fixed, it returns the full solution or None."""

    def __init__(self, spec: PuzzleSpec, fixed: Sequence[Placement]) -> None:
        self.tables = frame_tables(spec.id)
        self.fixed = tuple(fixed)
        shapes = self.tables.shapes
        self.shape_index = {name: index for index, name in enumerate(shapes)}
        self.fixed_pieces = [
            (self.shape_index[p.piece.name], self.tables.mask_of(p.cells), COLOURS.index(p.piece.colour)) for p in fixed
        ]
        placed = {p.piece for p in fixed}
        self.free = [0] * len(shapes)
        for piece in spec.pieces:
            if piece not in placed:
                self.free[self.shape_index[piece.name]] |= 1 << COLOURS.index(piece.colour)
        self.tried = 0
        self.unsure = False  # a colouring ran out of steps: turning that tiling down proved nothing

    def proves(self) -> bool:
        """Whether every tiling turned down so far was proved uncolourable."""
        return not self.unsure

    def __call__(self, pieces: Sequence[Placement]) -> tuple[Placement, ...] | None:
        self.tried += 1
        tables = self.tables
        loose = [(self.shape_index[p.piece.name], tables.mask_of(p.cells), -1) for p in pieces]
        colours = colour_tiling(tables, [*self.fixed_pieces, *loose], self.free)
        if isinstance(colours, bool):
            self.unsure |= colours
            return None
        start = len(self.fixed_pieces)
        return (
            *self.fixed,
            *(
                Placement(PuzzlePiece(COLOURS[colour], p.piece.name), p.cells)
                for p, colour in zip(pieces, colours[start:], strict=True)
            ),
        )


def _fullboard_fit(fixed: Sequence[Placement]) -> tuple[Placement, ...] | None:
    """A stored full-board solution, in one of the board's 8 symmetries, containing every fixed piece.

    Each colour follows its corner (the rules are the same for every colour from its own corner), so
    the stored order stays legal. The fixed pieces come first, then the rest in the stored order:
    each of those still touches an earlier piece of its colour, and sizes still never grow.
    """
    wanted = set(fixed)
    corner_colour = {start_corner(colour): colour for colour in COLOURS}
    for solution in shipped_solutions("fullboard-hard"):
        for symmetry in frame_symmetries(bb.SIZE, bb.SIZE):
            recolour = {colour: corner_colour[symmetry(start_corner(colour))] for colour in COLOURS}
            moved = [
                Placement(PuzzlePiece(recolour[p.piece.colour], p.piece.name), frozenset(map(symmetry, p.cells)))
                for p in solution
            ]
            if wanted <= set(moved):
                return (*fixed, *(p for p in moved if p not in wanted))
    return None


def promising_move(state: PuzzleState) -> Placement | None:
    """The full-board placement the search would try first (no claim that it leads to a solution),
    or None when no remaining piece can be placed legally."""
    board = _FullBoard(state.placements)
    hard = state.spec.hard
    best: tuple[float, int, bb.Placement] | None = None
    dead_before = board.dead().bit_count()
    active = [colour for colour in range(4) if board.hands[colour]]
    sizes = {colour: max(s for s, pieces in _HAND_OF_SIZE.items() if board.hands[colour] & pieces) for colour in active}
    biggest = max(sizes.values(), default=0)
    for colour in sorted(active, key=lambda c: (-board.squares_left(c), c)):
        hand = board.hands[colour] & _HAND_OF_SIZE[biggest] if hard else board.hands[colour]
        for move in board.moves(colour, hand):
            score = _score(board, colour, move, dead_before) + 2.0 * move.size
            if best is None or score > best[0]:
                best = (score, colour, move)
    if best is None:
        return None
    _, colour, move = best
    return Placement(PuzzlePiece(COLOURS[colour], move.piece_name), frozenset(move.cells))


def warm_up(puzzle: str) -> None:
    """Build the solver's tables for ``puzzle`` now (the screen does it on a thread when a puzzle
    opens, so the first hint does not spend its time budget on them); for the frames, start the
    shared pool too, so the first hint does not wait for its worker processes to spawn."""
    if PUZZLE_BY_ID[puzzle].kind == FULLBOARD:
        bb.legal_placements(0, 0, bb.FULL_HAND, 0)
    else:
        frame_tables(puzzle)
        search_pool.shared()


# --- what the screen and the command line ask for -----------------------------------------------------------


def solve(
    state: PuzzleState,
    time_limit: float,
    cancel: threading.Event | None = None,
    use_shipped: bool = True,
    seed: int = 0,
) -> SearchResult:
    """A full solution extending the placements of ``state`` (which come first, in their order)."""
    start = time.monotonic()
    spec = state.spec
    fixed = state.placements
    if is_complete(state):
        return SearchResult("found", fixed)
    if use_shipped:
        # A stored solution, or one a search found earlier in this run (a hint, Solve, thinking ahead).
        fitted = shipped_fit(spec, fixed)
        if fitted is None:
            fitted = recalled_fit(spec, fixed)  # only frame solutions are remembered
        if fitted is not None:
            order = {p.piece: i for i, p in enumerate(fixed)}
            ordered = sorted(fitted, key=lambda p: order.get(p.piece, len(order)))
            return SearchResult("found", tuple(ordered), time.monotonic() - start)
    # The time spent fitting stored solutions counts: a hint promises an answer within its limit.
    budget = Budget(max(0.0, time_limit - (time.monotonic() - start)), cancel)
    if spec.kind == FULLBOARD:
        if proved_stuck(fixed, spec.hard):
            return SearchResult("none", seconds=time.monotonic() - start)
        return solve_fullboard(fixed, spec.hard, budget, seed)
    result = solve_frame(spec, fixed, budget, seed=seed, repair=use_shipped)
    if use_shipped and result.status == "found":
        remember(spec.id, result.placements)
    return result


HintKind = Literal["place", "remove", "complete", "unknown"]


@dataclass(frozen=True, slots=True)
class Hint:
    """What the hint button says: a piece to place, a piece to take away, or that nothing was found.

    ``placement`` is the one move value of a hint: the screen draws it as the ghost, ``message``
    names it in words, and accepting the hint places exactly it. ``timed_out`` says the search ran
    out of time without a proof either way (the screen then offers to keep looking).
    """

    kind: HintKind
    lead: str
    placement: Placement | None = None
    remove: PuzzlePiece | None = None
    solution: tuple[Placement, ...] = ()
    timed_out: bool = False

    @property
    def message(self) -> str:
        if self.placement is None:
            return self.lead
        return f"{self.lead} {self.placement.words}."


def _seconds(limit: float) -> str:
    """A search's time limit as players read it: the screen passes what is left of its budget (1.99795),
    which is said as the budget it asked for (2)."""
    return f"{round(limit, 1):g}"


def _first_new(state: PuzzleState, solution: Sequence[Placement]) -> Placement:
    """The solution's next piece: on the full board the next in its legal order; in a frame the one
    covering the lowest empty square (a corner is where players get stuck)."""
    placed = state.placed_pieces()
    new = [p for p in solution if p.piece not in placed]
    if state.spec.kind == FULLBOARD:
        return new[0]
    return min(new, key=lambda p: min((row, col) for col, row in p.cells))


def hint(
    state: PuzzleState,
    time_limit: float = 2.0,
    cancel: threading.Event | None = None,
    use_shipped: bool = True,
) -> Hint:
    """One more piece that belongs to a full solution extending the player's pieces, or which piece to
    take away when the search proves there is none. Says "unknown" (``timed_out``) when time runs out:
    "cannot be finished" is only said when the search has covered everything."""
    if is_complete(state):
        return Hint("complete", "The puzzle is solved.")
    deadline = time.monotonic() + time_limit
    result = solve(state, time_limit, cancel, use_shipped)
    if result.status == "found":
        placement = _first_new(state, result.placements)
        return Hint("place", "Hint:", placement, solution=result.placements)
    spec = state.spec
    if spec.kind == FULLBOARD and result.status == "none":
        # Only the last piece can be taken back on the full board (as an undo).
        return Hint(
            "remove",
            f"This board cannot be finished. Try taking away the {state.placements[-1].piece.label}.",
            remove=state.placements[-1].piece,
        )
    if spec.kind == FULLBOARD:
        # The search found no way to finish; still offer the move it rates best, saying what it is.
        move = promising_move(state)
        if move is None:
            last = state.placements[-1].piece.label if state.placements else "last piece"
            return Hint("unknown", f"No piece can be placed any more. Take back the {last}.")
        lead = f"No way to finish was found in {_seconds(time_limit)} s. A promising move, not a proven one:"
        return Hint("unknown", lead, move, timed_out=True)
    if result.status == "timeout":
        return Hint("unknown", f"No way to finish was found in {_seconds(time_limit)} s.", timed_out=True)
    # Proved: nothing completes these pieces. Find one whose removal leaves a solvable position.
    proved_all = True
    for placement in reversed(state.placements):
        left = max(0.0, deadline - time.monotonic())
        if left <= 0:
            proved_all = False
            break
        others = tuple(p for p in state.placements if p is not placement)
        trial = solve(PuzzleState(state.puzzle, others), left, cancel, use_shipped)
        if trial.status == "found":
            return Hint(
                "remove",
                f"This board cannot be finished. Take away the {placement.piece.label}: then it can.",
                remove=placement.piece,
                solution=trial.placements,
            )
        proved_all = proved_all and trial.status == "none"
    last_piece = state.placements[-1].piece
    if proved_all:
        lead = (
            "This board cannot be finished, not even without one of its pieces. "
            f"Start by taking away the {last_piece.label}."
        )
    else:
        lead = f"This board cannot be finished. Try taking away the {last_piece.label}."
    return Hint("remove", lead, remove=last_piece)
