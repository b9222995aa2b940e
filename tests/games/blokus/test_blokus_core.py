"""The compiled Blokus core against the pure-Python reference, on the same positions: the same tables,
the same legal moves in the same order, the same move values, the same playouts from a seed (drawing
the random stream identically), and the same tree-search moves at a fixed work budget. Also the
switch itself: ``core.pure()``, the ``BAUHAUSBOX_BLOKUS_CORE`` variable and the ``--version`` line."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
from collections.abc import Callable
from typing import TypeVar

import pytest

from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.blokus import ai, analysis, core, heuristics, mcts
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.rules import GAME, BlokusState
from tests.games.blokus.core_paths import PATHS, on_path

T = TypeVar("T")
needs_compiled = pytest.mark.skipif(core.BUILT is None, reason=f"the compiled Blokus core is {core.WHY_NOT}")


def random_games(count: int, seed: int) -> list[BlokusState]:
    """Every position (the final one included) of ``count`` random games of every variant, played with
    the reference's legal moves."""
    rnd = random.Random(seed)
    variants = [(4, False), (4, True), (3, False), (2, False)]
    positions = []
    with core.pure():
        for number in range(count):
            players, teams = variants[number % len(variants)]
            state = GAME.new_game(players, number, teams=teams) if players == 4 else GAME.new_game(players, number)
            while state.to_play is not None:
                positions.append(state)
                state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
            positions.append(state)
    return positions


@pytest.fixture(scope="module")
def positions() -> list[BlokusState]:
    return random_games(12, seed=31)


def on_both(function: Callable[..., T], *args: object) -> tuple[T, T]:
    """``function(*args)`` on the reference, then on the compiled core."""
    with core.pure():
        reference = function(*args)
    with core.compiled_core():
        compiled = function(*args)
    return reference, compiled


@needs_compiled
def test_the_compiled_tables_are_the_placements() -> None:
    assert core.BUILT is not None
    for placement in bb.PLACEMENTS:
        # The core reads a placement's squares from its mask, in increasing bit order: the order of its cells.
        squares = [bb.bit_index(cell) for cell in placement.cells]
        assert squares == sorted(squares)
        mask, sides, corners, piece, centre = core.BUILT.placement_bits(placement.index)
        assert (mask, sides, corners, piece) == (placement.mask, placement.sides, placement.corners, placement.piece)
        assert centre == heuristics.min_distance_to_centre(placement)


@needs_compiled
def test_both_paths_list_the_same_moves_in_the_same_order(positions: list[BlokusState]) -> None:
    listed = 0
    for state in positions:
        reference, compiled = on_both(GAME.legal_moves, state)
        assert compiled == reference  # the same objects, in the same order (the search's priors keep it)
        listed += len(reference)
        for colour in range(4):  # "can this colour still place?", for every colour, out or not
            closed = state.occupied | state.forbidden[colour]
            assert (
                on_both(core.can_place_at, closed, state.attach[colour], state.hands[colour])
                == (bb.can_place_at(closed, state.attach[colour], state.hands[colour]),) * 2
            )
    assert listed > 20_000


@needs_compiled
def test_both_paths_file_the_same_candidates_at_every_square(positions: list[BlokusState]) -> None:
    """The playout draws from the candidates filed under a square's key, so both paths must file the
    same ones, in the same order (the top row, whose key reaches the piece bits, included)."""
    assert core.BUILT is not None
    for state in positions[::40]:
        for colour in range(4):
            blocked = bb.blocked_by(state.occupied | state.forbidden[colour], state.hands[colour])
            for index in range(bb.BITS):
                if bb.BOARD >> index & 1:
                    candidates, _ = bb.candidates_at(blocked, index)
                    assert core.BUILT.candidates(blocked, index) == [number for number, _ in candidates]


@needs_compiled
def test_both_paths_value_moves_alike(positions: list[BlokusState]) -> None:
    for state in positions[::5]:
        if state.to_play is None:
            continue
        moves = GAME.legal_moves(state)
        for weights in (heuristics.MEDIUM_WEIGHTS, heuristics.HARD_WEIGHTS):
            reference, compiled = on_both(heuristics.move_values, state, moves, weights)
            assert compiled == reference
        reference, compiled = on_both(heuristics.move_values, state, tuple(moves[:3]))  # any sequence
        assert compiled == reference


@needs_compiled
@pytest.mark.parametrize(
    "policy", [0, heuristics.LOCAL, heuristics.OPENING, heuristics.POLICY], ids=["plain", "local", "opening", "both"]
)
def test_a_seed_gives_the_same_playout_on_both_paths(positions: list[BlokusState], policy: int) -> None:
    """Same scores, same moves, and the random stream left in the same place, for each playout policy,
    drawing from a Python function and from the generator the compiled core runs itself."""
    for number, state in enumerate(positions[::9]):
        for random_stream in ("python", "splitmix"):
            results = []
            for path in ("python", "compiled"):
                python_rnd = random.Random(number)
                splitmix = heuristics.SplitMix(number)
                rnd = python_rnd.random if random_stream == "python" else splitmix
                # A few earlier moves in the record: the local policy answers the latest of them.
                record: list[int] = list(range(4 * number, 4 * number + 5))
                with on_path(path):
                    points = heuristics.playout(state, rnd, record, policy)
                results.append((points, record, python_rnd.getstate(), splitmix.state))
            assert results[0] == results[1]


@pytest.mark.parametrize("path", PATHS)
def test_a_finished_position_plays_out_to_its_scores(path: str, positions: list[BlokusState]) -> None:
    final = next(state for state in positions if state.to_play is None)
    with on_path(path):
        points = heuristics.playout(final, random.Random(0).random)
    assert points == [heuristics._final_score(final.hands[c], final.monomino_last >> c & 1) for c in range(4)]


@needs_compiled
@pytest.mark.parametrize(("players", "plies"), [(2, 0), (2, 14), (4, 9), (3, 21)])
def test_the_search_plays_the_same_move_on_both_paths(players: int, plies: int) -> None:
    """Work is counted in placements, not time: a seed gives the same search with or without the core."""
    rnd = random.Random(plies)
    state = GAME.new_game(players, 0)
    for _ in range(plies):
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    seat = state.to_play
    assert seat is not None
    outcomes = []
    for path in ("python", "compiled"):
        bot = ai.SearchBot(5, seconds=math.inf, work=2500, parallel=False)
        with on_path(path):
            move = bot.choose(GAME, GAME.view(state, seat), seat, Budget(math.inf))
            stats = mcts.search_shard(state, mcts.Settings(work=2500), seed=9)
        outcomes.append((move, bot.last_work, bot.last_simulations, stats))
    assert outcomes[0] == outcomes[1]


def played_out(players: int, plies: int, teams: bool = False, seed: int = 0) -> BlokusState:
    """The position after ``plies`` random placements (fewer when the game ends first)."""
    rnd = random.Random(seed)
    state = GAME.new_game(players, 0, teams=teams) if players == 4 else GAME.new_game(players, 0)
    for _ in range(plies):
        if state.to_play is None:
            break
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    return state


#: Knobs unlike the defaults, each different, so a knob read in the wrong place changes the search.
ODD_SETTINGS = mcts.Settings(
    work=12_000,
    widen_base=1.5,
    widen_power=0.45,
    explore=0.45,
    prior_bias=0.7,
    rave_equivalence=60.0,
    win_share=0.8,
    margin_scale=12.0,
    weights=heuristics.Weights(size=7.0, own_corners=3.25, taken_corners=1.75, centre=0.5, opening_plies=9),
    max_simulations=150,  # before the work runs out
    policy=heuristics.LOCAL,
    prior_visits=6.0,
    prior_value=0.3,
)


@needs_compiled
@pytest.mark.parametrize(
    ("players", "teams", "plies", "settings"),
    [
        (2, False, 0, mcts.Settings(work=30_000)),
        (2, False, 30, mcts.Settings(work=30_000)),
        (2, False, 46, mcts.Settings(work=30_000)),  # near the end: finished games inside the tree
        (4, True, 18, mcts.Settings(work=20_000)),
        (4, False, 44, mcts.Settings(work=20_000)),
        (2, False, 6, ODD_SETTINGS),
        (4, True, 24, ODD_SETTINGS),
        (2, False, 12, mcts.Settings(work=20_000, policy=0)),
        (2, False, 20, mcts.Settings(work=20_000, policy=heuristics.OPENING, prior_visits=20.0)),
    ],
)
def test_the_compiled_tree_gathers_the_same_statistics(
    players: int, teams: bool, plies: int, settings: mcts.Settings
) -> None:
    """The whole tree search in C (mcts.Search on the classic board with 2 or 4 seats) against the
    Python tree on the pure path: the same root statistics (visits and reward sums to the last bit),
    simulations and work, from thousands of simulations deep enough for widening and AMAF to count."""
    state = played_out(players, plies, teams, seed=plies)
    assert state.to_play is not None
    results = []
    for path in ("python", "compiled"):
        with on_path(path):
            results.append(mcts.search_shard(state, settings, seed=plies + 3))
    assert results[0] == results[1]
    assert results[1][1] > 100  # a real search, not the one-move shortcut
    assert results[1][1] <= settings.max_simulations


@needs_compiled
@pytest.mark.parametrize(("players", "teams", "plies"), [(2, False, 10), (2, False, 47), (4, True, 20), (4, False, 40)])
def test_the_analysis_estimates_alike_on_both_paths(players: int, teams: bool, plies: int) -> None:
    """The analysis's estimate (each seat's share of the wins after the preferred move, a single legal
    move searched too) from the compiled tree and from the Python tree."""
    state = played_out(players, plies, teams, seed=plies + 1)
    assert state.to_play is not None
    estimates = []
    for path in ("python", "compiled"):
        with on_path(path):
            estimates.append(analysis.estimate(lambda: False, state, plies, 15_000, seed=plies))
    assert estimates[0] == estimates[1]
    # Shares of the wins: they add up to 1, or to 2 with teams (each mate shows the team's share).
    assert estimates[1].simulations > 0 and abs(sum(estimates[1].chances) - (2 if teams else 1)) < 1e-9


@needs_compiled
def test_the_compiled_tree_refuses_a_colour_to_play_without_moves() -> None:
    """A made-up state whose colour to play has no attach square (the rules never make one): an error,
    never a read past the end of the node's empty move list."""
    start = GAME.new_game(2, 0)
    stuck = start._replace(attach=(0, *start.attach[1:]))
    with core.compiled_core(), pytest.raises(ValueError, match="no legal placement"):
        mcts.search_shard(stuck, mcts.Settings(work=1000), seed=1)


@needs_compiled
def test_the_compiled_tree_runs_where_it_can(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the compiled path a classic 2-player search never walks the Python tree, nor does the
    analysis's (which keeps per-move results); 3 players still do."""
    walked: list[int] = []
    python_simulate = mcts.Search.simulate

    def counted(search: mcts.Search) -> None:
        walked.append(1)
        python_simulate(search)

    monkeypatch.setattr(mcts.Search, "simulate", counted)
    with core.compiled_core():
        mcts.search_shard(played_out(2, 4), mcts.Settings(work=3000), seed=1)
        assert not walked
        mcts.search_shard(played_out(3, 4), mcts.Settings(work=3000), seed=1)
        assert walked
        walked.clear()
        search = mcts.Search(played_out(2, 4), mcts.Settings(work=3000), seed=1)
        search.results = {}  # the analysis's per-move results: compiled too
        stats = search.run()
        assert not walked and search.outcomes.keys() == stats.keys()


def test_pure_switches_to_the_reference_and_back() -> None:
    before = core.native
    with core.pure():
        assert core.native is None and not core.compiled()
        assert core.status() == "Blokus core: pure Python (slower)"
    assert core.native is before


def test_compiled_core_refuses_where_it_is_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "BUILT", None)
    with pytest.raises(RuntimeError, match="compiled Blokus core"), core.compiled_core():
        pass


@pytest.mark.parametrize("setting", ["python", ""])
def test_the_version_says_which_core_runs(setting: str) -> None:
    env = {**os.environ, core.ENVIRONMENT: setting}
    result = subprocess.run(
        [sys.executable, "-m", "bauhausbox", "--version"], capture_output=True, text=True, timeout=60, env=env
    )
    assert result.returncode == 0, result.stderr
    expected = "compiled" if setting == "" and core.BUILT is not None else "pure Python (slower)"
    assert result.stdout.splitlines()[1] == f"Blokus core: {expected}"
