"""The harder frames tiled first and coloured second: the colouring, the tilings a check turns down,
and boards of the hint bench that got no answer in 2 s before (node budgets, not clocks)."""

from __future__ import annotations

from collections import Counter

import pytest

from bauhausbox.games.blokus.pieces import COLOURS
from bauhausbox.games.blokus.puzzles.rules import replay
from bauhausbox.games.blokus.puzzles.solver.frame import BitSearch, colour_tiling, frame_tables
from bauhausbox.games.blokus.puzzles.solver.search import shipped_fit, shipped_solutions, solve
from bauhausbox.games.blokus.puzzles.specs import Placement, get_puzzle
from tests.games.blokus.test_puzzle_solutions import (
    NODES_IN_2_SECONDS,
    SHAPES,
    assert_finishes,
    check_frame_solution,
)

Cell = tuple[int, int]

# Boards of the hint bench (``puzzle_bench.hint_positions``, positions 135, 138, 144 and 145 of the
# harder pentomino frame): a few random pieces, alone or with a few of a stored solution. The coloured
# search found nothing from any of them in 2 CPU seconds (20,000 nodes and more).
HARDER_MISSED_BEFORE = [
    [
        "blue Y d11,d12,c13,d13,d14",
        "red U c10,d10,e10,c11,e11",
        "yellow V5 e12,e13,e14,f14,g14",
        "green F i13,h14,i14,j14,j15",
    ],
    ["green F e5,d6,e6,f6,d7", "blue Z5 f13,g13,f14,e15,f15"],
    ["yellow I5 c12,d12,e12,f12,g12", "green Z5 k3,l3,l4,l5,m5", "red U a5,b5,a6,a7,b7"],
    ["green P o2,p2,o3,p3,o4", "green Y d7,d8,d9,e9,d10"],
    # Positions 140 and 142: the tiling search found them in 2.4-2.6 CPU seconds alone, 3.4-5.2 s
    # taking turns with the coloured search (23,000-35,000 nodes); the tiling search in the scarce
    # order from the top, as a third lane, finishes them in 6,000-10,000.
    ["yellow I5 h11,h12,h13,h14,h15", "green P m5,m6,n6,m7,n7", "blue T5 f1,g1,h1,g2,g3"],
    ["green U n6,o6,n7,n8,o8", "red W b3,c3,a4,b4,a5"],
]
# Position 63: 22,500 nodes with every lane taking 50 nodes a turn, the dearer coloured nodes included;
# with the coloured lane's turns halved (the lanes then share the CPU time alike), some 19,500. In
# process the coloured repair's 4,000 nodes now come first (some 23,400 in all); with two cores the
# pool worker runs that repair while the calling thread runs its lanes, and the hint comes in 1.4-1.9 s.
STRAY_63 = ["red L5 j14,k14,l14,m14,j15", "yellow P p5,o6,p6,o7,p7", "green Z5 d4,b5,c5,d5,b6"]


@pytest.mark.parametrize(
    ("texts", "nodes"), [*((texts, NODES_IN_2_SECONDS) for texts in HARDER_MISSED_BEFORE), (STRAY_63, 24_000)]
)
def test_harder_boards_that_missed_the_hint_are_finished_within_its_budget(texts: list[str], nodes: int) -> None:
    state = replay("pentomino-hard", texts)
    assert shipped_fit(state.spec, state.placements) is None  # no stored solution holds these pieces
    result = solve(state, 20)
    assert_finishes(state, result, nodes)


def _loose(solution: tuple[Placement, ...], keep: set[int]) -> tuple[list[tuple[int, int, int]], list[int]]:
    """A stored harder solution as colour_tiling's pieces: colours kept for ``keep``, the rest to colour."""
    tables = frame_tables("pentomino-hard")
    shape = {name: index for index, name in enumerate(tables.shapes)}
    free = [0] * len(tables.shapes)
    pieces = []
    for index, p in enumerate(solution):
        colour = COLOURS.index(p.piece.colour)
        if index in keep:
            pieces.append((shape[p.piece.name], tables.mask_of(p.cells), colour))
        else:
            pieces.append((shape[p.piece.name], tables.mask_of(p.cells), -1))
            free[shape[p.piece.name]] |= 1 << colour
    return pieces, free


def test_colour_tiling_colours_a_stored_tiling_afresh_around_fixed_pieces() -> None:
    solution = shipped_solutions("pentomino-hard")[1]
    keep = {0, 7, 30}
    pieces, free = _loose(solution, keep)
    colours = colour_tiling(frame_tables("pentomino-hard"), pieces, free)
    assert isinstance(colours, list)
    coloured = [(COLOURS[c], p.piece.name, p.cells) for p, c in zip(solution, colours, strict=True)]
    check_frame_solution("pentomino", True, coloured)
    assert all(coloured[i][0] == solution[i].piece.colour for i in keep)


def test_colour_tiling_proves_a_piece_hemmed_in_and_says_unknown_when_out_of_steps() -> None:
    solution = shipped_solutions("pentomino-hard")[0]
    tables = frame_tables("pentomino-hard")
    target = 5
    name = solution[target].piece.name
    # The three other pieces of its shape keep their colours, so it can only take its own colour;
    # a neighbour of another piece fixed in that colour hems it in.
    same_shape = {i for i, p in enumerate(solution) if p.piece.name == name and i != target}
    pieces, free = _loose(solution, same_shape)
    own = solution[target].piece.colour
    ring = tables.spread(tables.mask_of(solution[target].cells))
    neighbour = next(i for i, p in enumerate(pieces) if i != target and i not in same_shape and p[1] & ring)
    shape, mask, _ = pieces[neighbour]
    pieces[neighbour] = (shape, mask, COLOURS.index(own))
    free[shape] &= ~(1 << COLOURS.index(own))
    assert colour_tiling(tables, pieces, free) is False  # proved: no colouring at all
    assert colour_tiling(tables, _loose(solution, set())[0], _loose(solution, set())[1], node_limit=3) is True


def _all_tilings(cells: set[Cell], counts: Counter[str]) -> set[frozenset[tuple[str, frozenset[Cell]]]]:
    """Every tiling of ``cells`` by at most ``counts`` pieces of each shape (a plain recursion)."""
    if not cells:
        return {frozenset()}
    corner = min(cells, key=lambda c: (c[1], c[0]))
    found = set()
    for name, left in counts.items():
        if not left:
            continue
        for shape in SHAPES[name]:
            low = min(shape, key=lambda c: (c[1], c[0]))
            placed = frozenset((x - low[0] + corner[0], y - low[1] + corner[1]) for x, y in shape)
            if placed <= cells:
                rest = counts.copy()
                rest[name] -= 1
                found |= {tiling | {(name, placed)} for tiling in _all_tilings(cells - placed, rest)}
    return found


def test_a_tiling_turned_down_is_no_dead_end_for_the_other_tilings() -> None:
    # A tetromino frame with its top rows empty: the search, every tiling turned down, meets each
    # tiling of them exactly once, as the plain recursion does.
    spec = get_puzzle("tetromino", False)
    stored = list(solve(replay("tetromino", []), 30, use_shipped=True).placements)  # shipped data: fixed
    fixed = [p for p in stored if max(y for _, y in p.cells) < 5]
    cells = {(x, y) for x in range(10) for y in range(8)} - {c for p in fixed for c in p.cells}
    counts = Counter(piece.name for piece in spec.pieces) - Counter(p.piece.name for p in fixed)
    search = BitSearch(spec, fixed)
    seen: list[frozenset[tuple[str, frozenset[Cell]]]] = []

    def accept(options: list[tuple[int, int, int]]) -> bool:
        seen.append(frozenset((name, cells) for _, name, cells in search.pieces(options)))
        return False

    class Endless:
        def tick(self) -> None:
            pass

    assert search.run(Endless(), None, "awkward", accept=accept) is None
    expected = _all_tilings(cells, counts)
    assert len(expected) > 1
    assert len(seen) == len(set(seen)) and set(seen) == expected
