"""The frame search's restarting lanes (``solver_portfolio``): from positions a player makes — a few
pieces scattered over an open frame — the scarce and fewest orders are heavy-tailed, so a lane restarts
them with new shuffles. Boards the lanes that only ran on missed for tens of thousands of nodes are
finished within a node budget (not a clock: the same on any machine)."""

from __future__ import annotations

import pytest

from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.blokus.puzzles.rules import replay
from bauhausbox.games.blokus.puzzles.solver.portfolio import luby
from bauhausbox.games.blokus.puzzles.solver.search import solve_frame
from tests.games.blokus.test_puzzle_solutions import assert_finishes

# Fresh position 24 of ``puzzle_bench.fresh_positions("pentomino-hard", 30, 11)``: one piece. With the
# tiling lane in the scarce order only running on, 57,900 nodes; restarting after its first 6,000,
# about 16,500.
HARDER_ONE_PIECE = ["blue P b12,c12,a13,b13,c13"]
# Four to eight random pieces on the plain pentomino frame, ``puzzle_bench.scattered_positions("pentomino",
# 100, 5)[85]``: the four lanes that do not restart the scarce order found nothing in 60,000 nodes; about
# 9,200 now.
PLAIN_SCATTERED = [
    "green N k11,l11,m11,j12,k12",
    "red N b5,b6,a7,b7,a8",
    "yellow P p7,o8,p8,o9,p9",
    "blue P e1,e2,f2,e3,f3",
    "green Z5 m5,n5,m6,l7,m7",
    "red I5 k4,k5,k6,k7,k8",
    "red L5 j7,j8,j9,i10,j10",
    "blue L5 l14,i15,j15,k15,l15",
]


@pytest.mark.parametrize(
    ("puzzle", "texts", "nodes"),
    [("pentomino-hard", HARDER_ONE_PIECE, 25_000), ("pentomino", PLAIN_SCATTERED, 15_000)],
)
def test_scattered_pieces_are_finished_by_restarting_the_scarce_orders(
    puzzle: str, texts: list[str], nodes: int
) -> None:
    state = replay(puzzle, texts)
    budget = Budget(120.0)
    budget.node_limit = nodes
    result = solve_frame(state.spec, state.placements, budget, repair=False)
    assert_finishes(state, result, nodes)


def test_the_luby_allowances_waste_little() -> None:
    assert [luby(index) for index in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
