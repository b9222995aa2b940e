"""Stored solutions of the frame and full-board puzzles, the frame solutions remembered while the app
runs, and the repairs built from stored solutions.

A hint or "Solve" on a frame first looks for a stored solution holding the player's pieces
(``solver.shipped_fit``), then for a remembered one (:func:`recalled_fit`: every solution a search
found, a hint's, Solve's or one found by thinking ahead); when none does, the stored solution nearest
the position is rebuilt around them: :func:`repair_frame` refills the hole its clashing pieces leave
with a tiling (in the harder frames recoloured as a whole), :func:`coloured_repair` refills it in
colour beside stored pieces that keep theirs. A failed repair proves nothing: the whole-frame search
(``solver.solve_frame``) decides. See docs/puzzles.md ("Remembered solutions", "Repair from stored
solutions", "Coloured repair"). Pure Python, no pygame.
"""

from __future__ import annotations

import json
import random
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from importlib import resources
from itertools import permutations

from bauhausbox.engine.bots.base import Budget, NodeLimitReached
from bauhausbox.engine.shapes import Cell
from bauhausbox.games.blokus.pieces import COLOURS
from bauhausbox.games.blokus.puzzles.solver.frame import BitSearch, Option, deal_colours
from bauhausbox.games.blokus.puzzles.specs import PUZZLE_BY_ID, Placement, PuzzlePiece, PuzzleSpec, parse_placement


@cache
def shipped_solutions(puzzle: str) -> tuple[tuple[Placement, ...], ...]:
    """Verified solutions stored in ``puzzles/data/<puzzle>.json`` (found offline by this solver)."""
    path = resources.files("bauhausbox.games.blokus.puzzles").joinpath("data", f"{puzzle}.json")
    if not path.is_file():
        return ()
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(tuple(parse_placement(text) for text in solution) for solution in data["solutions"])


def frame_symmetries(width: int, height: int) -> list[Callable[[Cell], Cell]]:
    """The symmetries of a width × height rectangle that keep it in place (4; 8 for a square)."""
    maps: list[Callable[[Cell], Cell]] = [
        lambda c: c,
        lambda c: (width - 1 - c[0], c[1]),
        lambda c: (c[0], height - 1 - c[1]),
        lambda c: (width - 1 - c[0], height - 1 - c[1]),
    ]
    if width == height:
        maps += [
            lambda c: (c[1], c[0]),
            lambda c: (height - 1 - c[1], c[0]),
            lambda c: (c[1], width - 1 - c[0]),
            lambda c: (height - 1 - c[1], width - 1 - c[0]),
        ]
    return maps


@cache
def _turned_solutions(puzzle: str) -> tuple[tuple[Placement, ...], ...]:
    """Every stored solution of ``puzzle``, in each symmetry of the frame (a turned or mirrored harder
    solution keeps its same-colour rule)."""
    spec = PUZZLE_BY_ID[puzzle]
    return tuple(
        moved for solution in shipped_solutions(puzzle) for moved, _ in _turned_maps(solution, spec.width, spec.height)
    )


def _frame_variants(puzzle: str) -> tuple[tuple[Placement, ...], ...]:
    """Every stored solution that serves the plain frame ``puzzle`` (the harder ones too), in each
    symmetry of the frame."""
    kind = PUZZLE_BY_ID[puzzle].kind
    return _turned_solutions(f"{kind}-hard") + _turned_solutions(kind)


# Every way to swap the four colours (the harder frames' colours are interchangeable).
_RECOLOURINGS = tuple(dict(zip(COLOURS, colours, strict=True)) for colours in permutations(COLOURS))


def fit_among(
    spec: PuzzleSpec, fixed: Sequence[Placement], solutions: Iterable[Sequence[Placement]]
) -> tuple[Placement, ...] | None:
    """The first of ``solutions`` of a frame that, turned, mirrored or (in the harder frames) with its
    colours swapped, holds every fixed placement: as a full solution with the fixed pieces as they are.
    In the plain frames only shapes and squares have to match, and the other pieces are dealt the
    colours left."""
    wanted = {placement.cells: placement.piece for placement in fixed}
    for solution in solutions:
        for moved, by_cells in _turned_maps(tuple(solution), spec.width, spec.height):
            if any(cells not in by_cells or by_cells[cells].name != piece.name for cells, piece in wanted.items()):
                continue
            if not spec.hard:
                rest = [(p.piece.name, p.cells) for p in moved if p.cells not in wanted]
                placed = {placement.piece for placement in fixed}
                remaining = [piece for piece in spec.pieces if piece not in placed]
                return (*fixed, *deal_colours(rest, remaining))
            for recolour in _RECOLOURINGS:
                if all(recolour[by_cells[cells].colour] == piece.colour for cells, piece in wanted.items()):
                    return tuple(Placement(PuzzlePiece(recolour[p.piece.colour], p.piece.name), p.cells) for p in moved)
    return None


@lru_cache(maxsize=256)
def _turned_maps(
    solution: tuple[Placement, ...], width: int, height: int
) -> tuple[tuple[tuple[Placement, ...], dict[frozenset[Cell], PuzzlePiece]], ...]:
    """A frame solution in each symmetry of the frame, with its pieces by their squares (built once per
    solution: fitting a position is then a few look-ups per symmetry)."""
    turned = []
    for symmetry in frame_symmetries(width, height):
        moved = tuple(Placement(p.piece, frozenset(map(symmetry, p.cells))) for p in solution)
        turned.append((moved, {p.cells: p.piece for p in moved}))
    return tuple(turned)


# --- solutions found while the app runs -------------------------------------------------------------------

MEMORY_SIZE = 32  # solutions remembered per frame puzzle, the newest first
_memory: dict[str, list[tuple[Placement, ...]]] = {}
_memory_lock = threading.Lock()


def remember(puzzle: str, solution: Sequence[Placement]) -> None:
    """Keep a frame solution found by a search (a hint, Solve, thinking ahead) for later hints."""
    kept = tuple(solution)
    with _memory_lock:
        known = [old for old in _memory.get(puzzle, []) if set(old) != set(kept)]
        _memory[puzzle] = [kept, *known][:MEMORY_SIZE]


def recalled_fit(spec: PuzzleSpec, fixed: Sequence[Placement]) -> tuple[Placement, ...] | None:
    """A remembered solution of this frame holding every fixed placement (see :func:`fit_among`), the
    most recently found first: hints that follow each other stay on one solution."""
    with _memory_lock:
        known = list(_memory.get(spec.id, ()))
    return fit_among(spec, fixed, known)


def forget_solutions() -> None:
    """Forget every remembered solution (tests start from a clean slate)."""
    with _memory_lock:
        _memory.clear()


def _side_ring(cells: Iterable[Cell]) -> set[Cell]:
    """The squares sharing a side with ``cells`` (``cells`` included)."""
    return {(x + dx, y + dy) for x, y in cells for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))}


def _compatible_part(spec: PuzzleSpec, fixed: Sequence[Placement], variant: Sequence[Placement]) -> list[Placement]:
    """The pieces of a stored solution that can stay next to the ``fixed`` ones (plain frames): not one
    of them, not on their squares, and no more copies of a shape than are left (the extra copies
    nearest the hole go)."""
    taken = {cell for p in fixed for cell in p.cells}
    exact = {(p.piece.name, p.cells) for p in fixed}
    kept = [p for p in variant if (p.piece.name, p.cells) not in exact and not p.cells & taken]
    room = Counter(piece.name for piece in spec.pieces) - Counter(p.piece.name for p in fixed)
    if all(room[name] >= count for name, count in Counter(p.piece.name for p in kept).items()):
        return kept
    hole = [
        cell for p in variant if p not in kept and (p.piece.name, p.cells) not in exact for cell in p.cells
    ] or taken

    def distance(p: Placement) -> int:
        return min(abs(x - hx) + abs(y - hy) for x, y in p.cells for hx, hy in hole)

    trimmed = []
    for p in sorted(kept, key=distance, reverse=True):  # the farthest copies stay
        if room[p.piece.name] > 0:
            room[p.piece.name] -= 1
            trimmed.append(p)
    return trimmed


def _centre(cells: Iterable[Cell]) -> tuple[float, float]:
    cells = list(cells)
    return sum(x for x, _ in cells) / len(cells), sum(y for _, y in cells) / len(cells)


def _scatter(spec: PuzzleSpec, fixed: Sequence[Placement], kept: Sequence[Placement]) -> float:
    """How far the hole left by a stored solution's clashing pieces spreads: the distance from the
    fixed pieces of every square to be refilled, summed (a hole round the fixed pieces is easy to
    refill; a far one, left by a piece the player has used elsewhere, rarely)."""
    taken = {cell for p in fixed for cell in p.cells}
    covered = taken | {cell for p in kept for cell in p.cells}
    hole = [(x, y) for x in range(spec.width) for y in range(spec.height) if (x, y) not in covered]
    centres = [_centre(p.cells) for p in fixed] or [(spec.width / 2, spec.height / 2)]
    return sum(min(abs(x - cx) + abs(y - cy) for cx, cy in centres) for x, y in hole)


def _nearest_hole_first(free: set[Cell], kept: Sequence[Placement]) -> list[Placement]:
    """The ``kept`` stored pieces, those nearest the hole they leave in the ``free`` squares first; of
    those beside it, the ones it wraps round most (the first to take out to widen the hole)."""
    hole = free - {cell for p in kept for cell in p.cells}
    if not hole:
        return list(kept)

    def distance(p: Placement) -> tuple[int, int]:
        near = min(abs(x - hx) + abs(y - hy) for x, y in p.cells for hx, hy in hole)
        return near, -len(_side_ring(p.cells) & hole)

    return sorted(kept, key=distance)


REPAIR_VARIANTS = 4  # the stored solutions (turned, mirrored) closest to the position that are tried
REPAIR_STEPS = (0, 2, 4, 6, 9, 12, 16, 20)  # how many more stored pieces, nearest the hole first, are taken out
REPAIR_NODES = 500  # nodes per repair attempt
REPAIR_TOTAL = 4_000  # nodes for all attempts (a few tenths of a second): the rest is the whole-frame search's


# Given the pieces of a whole tiling that are not fixed (their colours no matter), a full solution or None.
Colourer = Callable[[Sequence[Placement]], "tuple[Placement, ...] | None"]


def repair_frame(
    spec: PuzzleSpec,
    fixed: Sequence[Placement],
    budget: Budget,
    colourer: Colourer | None = None,
    total: int = REPAIR_TOTAL,
) -> tuple[Placement, ...] | None:
    """A solution made from a stored one, rebuilt around ``fixed`` pieces it does not contain.

    Searched as a plain frame. The stored solutions (turned, mirrored) whose hole stays closest are
    tried: their pieces that clash with the fixed ones are taken out, and the hole is filled by the
    frame search with a small node allowance; when that fails the stored pieces nearest the hole are
    taken out too, a few more each time. A failure proves nothing (the whole-frame search decides
    that). Positions a player reaches from a stored solution — most pieces right, one or two
    elsewhere — are answered at once. With a ``colourer`` (the harder frames: see
    ``solver.TileColourer``), a refilled tiling only counts when it can be coloured as a whole, the
    stored pieces recoloured too; :func:`coloured_repair` keeps the stored colours instead.
    """
    remaining = [piece for piece in spec.pieces if piece not in {p.piece for p in fixed}]
    ranked = sorted(
        (_compatible_part(spec, fixed, variant) for variant in _frame_variants(spec.id)),
        key=lambda kept: _scatter(spec, fixed, kept),
    )
    cells = {(x, y) for x in range(spec.width) for y in range(spec.height)}
    taken = {cell for p in fixed for cell in p.cells}
    stop = budget.nodes + total
    for compatible in ranked[:REPAIR_VARIANTS]:
        nearest_first = _nearest_hole_first(cells - taken, compatible)
        for step in REPAIR_STEPS:
            if budget.nodes >= stop:
                return None
            kept = nearest_first[step:]
            # The stored pieces take the colours of pieces still left (colours do not matter here).
            own = deal_colours([(p.piece.name, p.cells) for p in kept], remaining)
            dealt = {p.piece for p in own}
            rest = [piece for piece in remaining if piece not in dealt]
            search = BitSearch(spec, (*fixed, *own), pin_colour=False)
            coloured: list[tuple[Placement, ...]] = []

            def accept(
                options: list[Option],
                search: BitSearch = search,
                own: list[Placement] = own,
                rest: list[PuzzlePiece] = rest,
                coloured: list[tuple[Placement, ...]] = coloured,
            ) -> bool:
                solution = colourer([*own, *search.placements(options, rest)]) if colourer else None
                if solution is not None:
                    coloured.append(solution)
                return solution is not None

            budget.node_limit = min(budget.nodes + REPAIR_NODES, stop)
            try:
                options = search.run(budget, None, "awkward", accept=accept if colourer else None)
            except NodeLimitReached:
                options = None
            finally:
                budget.node_limit = None
            if coloured:
                return coloured[0]
            if options is not None:
                return (*fixed, *own, *search.placements(options, rest))
    return None


def _closest_stored(spec: PuzzleSpec, fixed: Sequence[Placement]) -> list[Placement]:
    """The pieces of the stored harder solution closest to the ``fixed`` ones that can stay beside them.

    Of every stored solution, turned, mirrored and with its colours swapped (the colours are
    interchangeable), the closest holds the most fixed pieces as they are; then it keeps the most
    pieces (none on a fixed piece's squares, none that is a piece the player has placed elsewhere);
    then its hole lies closest to the fixed pieces (:func:`_scatter`). The swaps are counted, not
    built: only the finalists are recoloured."""
    wanted = {p.cells: p.piece for p in fixed}
    taken = {cell for p in fixed for cell in p.cells}
    used = {(p.piece.colour, p.piece.name) for p in fixed}
    best: tuple[int, int] = (-1, -1)
    finalists: list[tuple[tuple[Placement, ...], dict[str, str]]] = []
    for turned in _turned_solutions(spec.id):
        # (stored colour, player's colour) of each fixed piece this solution holds, shape and squares alike
        pairs = Counter(
            (p.piece.colour, wanted[p.cells].colour)
            for p in turned
            if p.cells in wanted and wanted[p.cells].name == p.piece.name
        )
        clear = [p.piece for p in turned if not p.cells & taken]
        for recolour in _RECOLOURINGS:
            agreeing = sum(count for (old, new), count in pairs.items() if recolour[old] == new)
            kept = sum((recolour[piece.colour], piece.name) not in used for piece in clear)
            if (agreeing, kept) > best:
                best, finalists = (agreeing, kept), []
            if (agreeing, kept) == best:
                finalists.append((turned, recolour))
    candidates = [
        [
            Placement(PuzzlePiece(recolour[p.piece.colour], p.piece.name), p.cells)
            for p in turned
            if not p.cells & taken and (recolour[p.piece.colour], p.piece.name) not in used
        ]
        for turned, recolour in finalists
    ]
    return min(candidates, key=lambda kept: _scatter(spec, fixed, kept), default=[])


COLOURED_REPAIR_STEPS = tuple(range(0, 48, 4))  # stored pieces taken out, nearest the hole first
COLOURED_REPAIR_NODES = 1_200  # nodes per attempt
COLOURED_REPAIR_TOTAL = 4_000  # nodes for all attempts (about half a second of one core)


def coloured_repair(
    spec: PuzzleSpec, fixed: Sequence[Placement], budget: Budget, seed: int = 0, total: int = COLOURED_REPAIR_TOTAL
) -> tuple[Placement, ...] | None:
    """Harder frames: a solution made from the stored one closest to the ``fixed`` pieces, with its
    colours kept.

    The stored solution closest to the position (:func:`_closest_stored`: turned, mirrored, colours swapped,
    holding the most fixed pieces as they are) is the base; its pieces that clash with the fixed ones go, and so
    does its own copy of a piece the player has put elsewhere. The hole, widened by the stored pieces nearest it
    a few at a time, is refilled by the coloured search (each piece keeps the colour that is left for it, beside
    stored pieces that keep theirs) with a small node allowance. Found where :func:`repair_frame` (tiling first,
    recolouring everything) is not: a stray piece among stored ones needs its neighbourhood rebuilt in colour
    (the bench's boards 66, 67 and 127: 1,400–5,200 nodes; the recolouring found no colourable tiling in
    100,000). A failure proves nothing.
    """
    compatible = _closest_stored(spec, fixed)
    if not compatible:
        return None
    cells = {(x, y) for x in range(spec.width) for y in range(spec.height)}
    taken = {cell for p in fixed for cell in p.cells}
    nearest_first = _nearest_hole_first(cells - taken, compatible)
    stop = budget.nodes + total
    for step in COLOURED_REPAIR_STEPS:
        if budget.nodes >= stop or step >= len(nearest_first):
            return None  # taking every stored piece out is the whole-frame search's job
        kept = nearest_first[step:]
        search = BitSearch(spec, (*fixed, *kept), pin_colour=True)
        budget.node_limit = min(budget.nodes + COLOURED_REPAIR_NODES, stop)
        try:
            options = search.run(budget, random.Random(seed * 7919 + step), "scarce")
        except NodeLimitReached:
            options = None
        finally:
            budget.node_limit = None
        if options is not None:
            return (*fixed, *kept, *search.placements(options, []))
    return None
