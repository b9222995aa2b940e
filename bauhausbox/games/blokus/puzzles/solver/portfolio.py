"""The portfolio of the frame search: several runs of one position (``frame.BitSearch``), in
different value orders, some restarted with Luby node allowances, take turns a slice of nodes at a
time, each paused where it was; the first solution wins, and a run that ends proves "none" when it
says so. ``solver.solve_frame`` builds the lanes (``solver.FrameLanes``) and may run some of them in
a pool worker (``solver.frame_part``). Pure Python, no pygame.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass

from bauhausbox.engine.bots.base import Budget, NodeLimitReached, OutOfTime
from bauhausbox.games.blokus.puzzles.solver.frame import BitSearch, Option, ValueOrder


def luby(index: int) -> int:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (index from 1): restart lengths that waste little."""
    power = 1
    while power - 1 < index:
        power *= 2
    while True:
        if index == power - 1:
            return power // 2
        power //= 2
        if index >= power:
            index -= power - 1


@dataclass(slots=True)
class Run:
    """One of the searches the portfolio takes turns with: the search, what it asks of a complete
    tiling (None: nothing), and whether a run that ends without one proves "none"."""

    search: BitSearch
    accept: Callable[[list[Option]], bool] | None = None
    proves: Callable[[], bool] = lambda: True


# A run's style: its value order (see ``frame.ValueOrder``) and whether ties go to the highest square.
Style = tuple[ValueOrder, bool]


@dataclass(frozen=True, slots=True)
class Lane:
    """One lane of the portfolio (:func:`portfolio`): a search and the styles it runs.

    A lane that ``restarts`` starts over with a new shuffle and the next of its ``styles`` after each
    Luby allowance (the orders that the shuffle changes: finding a first tiling is heavy-tailed). A
    lane that does not runs its one style to the end, paused and resumed: the scarce and fewest
    orders barely depend on the shuffle (few ties), so restarting them would only redo the same run."""

    run: Run
    styles: tuple[Style, ...]
    restarts: bool = False
    share: float = 1.0  # its part of a slice per turn: a lane with dearer nodes runs fewer
    first_nodes: int = 0  # a restarting lane's first run: this many nodes (0: the first Luby allowance)


# The plain frames' lanes. Measured on the hint bench's boards, each hard board is finished quickly by
# one or two styles only, always the same ones whatever the shuffle (board 133: scarce from the top,
# some 1,800 nodes; 58: scarce from the bottom; 64: fewest from the bottom; 62: awkward from the top),
# and a style that misses a board misses it for tens of thousands of nodes.
# From positions players make, though (four to eight random pieces scattered over the frame), the same
# orders are heavy-tailed: a new shuffle of their rare ties can finish in a few thousand nodes a board
# that the first run misses for 50,000. So a fifth lane restarts them (SCARCE_STYLES): on 100 such
# boards, 141,700 nodes in all against 195,200, and 1 left after 40,000 nodes against 3.
SCARCE_STYLES: tuple[Style, ...] = (("scarce", False), ("scarce", True), ("fewest", False))
PLAIN_LANES: tuple[tuple[tuple[Style, ...], bool], ...] = (
    ((("scarce", False),), False),
    ((("scarce", True),), False),
    ((("fewest", False),), False),
    ((("awkward", True), ("none", False), ("awkward", False), ("fewest", True), ("none", True)), True),
    (SCARCE_STYLES, True),
)
# The harder frames: the coloured search and the tiling search (tiles first, colours second), each
# taking awkward first and no order in turn with restarts, and a third lane, the tiling search in the
# scarce order from the top (boards 140 and 142 of the bench: from over 2.4 s to about 1 s). That lane
# runs on for HARDER_SCARCE_FIRST nodes (about the hint's 2 s), then restarts in the scarce and fewest
# orders: on 30 fresh positions (1-3 random pieces) its run on missed two boards in 60,000 nodes, and
# the restarts finish every one (383,000 nodes in all, against 468,000).
HARDER_STYLES: tuple[Style, ...] = (("awkward", False), ("none", False), ("awkward", True), ("none", True))
HARDER_SCARCE_STYLES: tuple[Style, ...] = (("scarce", True), ("scarce", False), ("fewest", False))
HARDER_SCARCE_FIRST = 6_000

# A coloured node fits every shape in four colours' free squares: it costs 1.3-1.5 times a tiling
# node, so the coloured lane runs half a slice per turn and the lanes get about the same CPU time
# (harder board 63 of the bench: 22,500 nodes → 19,400; with no coloured lane at all, board 138 took
# 114,000 instead of 9,400).
COLOURED_SHARE = 0.5
SLICE_NODES = 50  # nodes a lane runs before the next one takes its turn (switching costs next to nothing)
BASE_NODES = 250  # the restarting lanes' Luby allowances are multiples of this


# The portfolio's answer: the run that found a solution and its options, or "none", "timeout", "stopped".
PortfolioResult = tuple[Run, list[Option]] | str


def portfolio(
    lanes: Sequence[Lane],
    budget: Budget,
    seed: int,
    slice_nodes: int = SLICE_NODES,
    base_nodes: int = BASE_NODES,
    own: Iterable[int] | None = None,
    stop: Callable[[], bool] | None = None,
) -> PortfolioResult:
    """First solution (which run found it, and its options), or ``"none"`` (a run that proves it
    finished without one) or ``"timeout"``.

    The lanes take turns, ``slice_nodes`` nodes each, every lane paused where it was (its own copy of
    the search: :meth:`BitSearch.fork`), so a board that only one style finishes quickly gets its
    answer after about as many nodes as that style needs times the number of lanes — not after the
    restarts of every other style. Every run is a complete search, so one that ends is a proof of
    "none" (when its run says so; a tiling search whose colourings ran out of steps proves nothing
    and leaves the turns).

    ``own``: the lanes to run here (all by default; the others run in a pool worker, each lane keeping
    its number so it runs as it would here). ``stop`` is asked after every slice: when it says so, the
    answer is ``"stopped"`` (the worker has decided)."""
    live = list(range(len(lanes))) if own is None else list(own)
    searches = {k: lanes[k].run.search.fork() for k in live}
    runs: list[Generator[None, None, list[Option] | None] | None] = [None] * len(lanes)
    restarts = [0] * len(lanes)
    used = [0] * len(lanes)  # nodes of the lane's current run
    # Per lane, each Luby allowance takes the styles in turn on its own: with one turn for all, the
    # rare long runs (at restarts 2, 6, 14, 30, ...) would all fall to the same style.
    turns: list[Counter[int]] = [Counter() for _ in lanes]

    def allowance(k: int) -> int:
        """The nodes of a restarting lane's current run."""
        if restarts[k] == 0 and lanes[k].first_nodes:
            return lanes[k].first_nodes
        return base_nodes * luby(restarts[k] + 1)

    def start(k: int) -> Generator[None, None, list[Option] | None]:
        lane = lanes[k]
        attempt = restarts[k]
        length = luby(attempt + 1)
        order, from_top = lane.styles[turns[k][length] % len(lane.styles)]
        turns[k][length] += 1
        # With seed 0, each lane's first run takes the options in their natural order; then shuffles.
        fixed_order = seed == 0 and (attempt == 0 or not lane.restarts)
        rng = None if fixed_order else random.Random(seed * 7919 + attempt * 31 + k)
        used[k] = 0
        return searches[k].steps(rng, order, from_top, lane.run.accept)

    try:
        while live:
            for k in list(live):
                lane = lanes[k]
                steps = runs[k] or start(k)
                runs[k] = steps
                try:
                    for _ in range(round(slice_nodes * lane.share)):
                        next(steps)
                        budget.tick()
                        used[k] += 1
                except StopIteration as done:
                    runs[k] = None
                    if done.value is not None:
                        return lane.run, done.value
                    if lane.run.proves():
                        return "none"
                    live.remove(k)  # the same complete run again would only turn down the same tilings
                    continue
                if lane.restarts and used[k] >= allowance(k):
                    steps.close()
                    runs[k] = None
                    restarts[k] += 1
                if stop is not None and stop():
                    return "stopped"
        return "timeout"
    except (OutOfTime, NodeLimitReached):
        return "timeout"
    finally:
        for paused in runs:
            if paused is not None:
                paused.close()
