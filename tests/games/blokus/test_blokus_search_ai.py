"""The Blokus tree search (hard, expert): deterministic at a fixed work budget, within its time,
cancellable at once, with the same answers in the process pool as in process."""

from __future__ import annotations

import math
import random
import threading
import time
from pathlib import Path

import pytest

from bauhausbox.engine.bots.base import Budget, Cancelled
from bauhausbox.games.blokus import ai, core, heuristics, mcts, pool
from bauhausbox.games.blokus.rules import GAME, BlokusState


def position(players: int, plies: int, seed: int) -> BlokusState:
    rnd = random.Random(seed)
    state = GAME.new_game(players, seed)
    for _ in range(plies):
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    return state


def fixed(seed: int, work: int = 1500) -> ai.SearchBot:
    return ai.SearchBot(seed, seconds=math.inf, work=work, parallel=False)


def test_the_same_seed_gives_the_same_moves_at_a_fixed_work_budget() -> None:
    states = [position(2, plies, seed=plies) for plies in (0, 12, 30)]
    first, second = fixed(7), fixed(7)
    for state in states:
        seat = state.to_play
        assert seat is not None
        a = first.choose(GAME, GAME.view(state, seat), seat, Budget(math.inf))
        b = second.choose(GAME, GAME.view(state, seat), seat, Budget(math.inf))
        assert a is b
        assert a in GAME.legal_moves(state)
    assert first.last_work >= 1500  # the whole budget was spent, by both shards


def test_a_shard_spends_its_work_and_widens_its_root_slowly() -> None:
    state = position(2, 8, seed=3)
    search = mcts.Search(state, mcts.Settings(work=4000), seed=1)
    stats = search.run()
    assert search.work >= 4000
    root_visits = sum(visits for visits, _ in stats.values())
    assert root_visits == search.simulations
    settings = search.settings
    allowed = int(settings.widen_base * root_visits**settings.widen_power)
    # Progressive widening: only the moves let in so far have statistics, far fewer than all.
    assert len(stats) <= allowed + 1 < len(GAME.legal_moves(state))
    # The first moves let in are the prior's favourites.
    values = heuristics.move_values(state, GAME.legal_moves(state), settings.weights)
    best = GAME.legal_moves(state)[max(range(len(values)), key=values.__getitem__)]
    assert best.index in stats


def test_amaf_statistics_are_filed_only_for_the_colour_of_the_node() -> None:
    state = position(4, 8, seed=5)
    search = mcts.Search(state, mcts.Settings(work=3000), seed=2)
    with core.pure():  # the Python tree, the reference (the compiled one keeps its nodes to itself)
        search.run()
    nodes = [search.root]
    checked = 0
    while nodes:
        node = nodes.pop()
        for key, (count, reward) in node.amaf.items():
            assert key & 3 == node.colour
            assert 0 <= reward <= count
            checked += 1
        nodes.extend(node.children.values())
    assert checked > 100


def test_rewards_follow_the_result_of_each_seat() -> None:
    search = mcts.Search(GAME.new_game(2, 0), mcts.Settings(work=1), seed=0)
    # Seat 0 plays blue and red, seat 1 yellow and green: 10 + 3 against -5 - 20.
    win, loss = search._rewards([10, -5, 3, -20])
    assert win > 0.8 > 0.2 > loss
    assert search._rewards([0, 0, 0, 0]) == [0.5, 0.5]


def test_merge_adds_the_shards_root_statistics() -> None:
    merged = mcts.merge([{1: (3, 2.0), 2: (5, 1.0)}, {2: (4, 3.0), 9: (1, 1.0)}])
    assert merged == {1: (3, 2.0), 2: (9, 4.0), 9: (1, 1.0)}
    assert mcts.best_move(merged) == 2


def test_a_search_stops_at_once_when_cancelled_from_another_thread() -> None:
    state = GAME.new_game(2, 0)
    cancel = threading.Event()
    bot = ai.SearchBot(1, seconds=30.0, parallel=False)
    threading.Timer(0.2, cancel.set).start()
    started = time.perf_counter()
    with pytest.raises(Cancelled):
        bot.choose(GAME, state, 0, Budget(30.0, cancel))
    assert time.perf_counter() - started < 1.0


def test_the_move_time_stays_within_the_budget_given() -> None:
    state = position(2, 6, seed=1)
    seat = state.to_play
    assert seat is not None
    bot = ai.make_bot("expert", 3)  # 6.5 s of its own, but the budget allows 0.5 s
    started = time.perf_counter()
    move = bot.choose(GAME, state, seat, Budget(0.5))
    # The budget wins over the level's own 6.5 s. The bound leaves room for a loaded machine (a test
    # worker beside this one): the search stops at the first simulation after the deadline, and under
    # load one simulation can take a few tenths of a second of wall time.
    assert time.perf_counter() - started < 2.0
    assert move in GAME.legal_moves(state)


def test_the_pool_gives_the_in_process_answer_and_frees_its_workers_on_cancel() -> None:
    state = position(2, 10, seed=4)
    settings = [mcts.Settings(work=1200)] * 2
    seeds = [11, 12]
    workers = pool.SearchPool(2)
    try:
        assert [warm.result(timeout=60) for warm in workers.warmed] == [False, False]  # no pygame in workers
        parallel = pool.search(state, settings, seeds, Budget(math.inf), workers)
        alone = pool.search(state, settings, seeds, Budget(math.inf), None)
        assert parallel == alone
        # A search that would run for minutes, cancelled after 0.3 s: the call returns at once ...
        cancel = threading.Event()
        threading.Timer(0.3, cancel.set).start()
        endless = [mcts.Settings(work=1 << 40, seconds=5.0)] * 2
        started = time.perf_counter()
        with pytest.raises(Cancelled):
            pool.search(state, endless, seeds, Budget(600.0, cancel), workers)
        assert time.perf_counter() - started < 1.5
        # ... the workers drop it within a simulation, even with no search after it ...
        for future in workers.latest:
            future.result(timeout=2.0)
        # ... and the workers drop it too: the next search does not wait for it (given up after 10 s).
        give_up = threading.Event()
        timer = threading.Timer(10.0, give_up.set)
        timer.start()
        try:
            assert pool.search(state, settings, seeds, Budget(math.inf, give_up), workers) == alone
        finally:
            timer.cancel()
    finally:
        workers.shutdown()
    assert all(not process.is_alive() for process in (workers.executor._processes or {}).values())


def test_a_move_asked_for_while_the_workers_start_is_thought_here_in_its_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first move of a game can come before the pool's workers have started: it must not wait for
    them (hard's first move once took 3.8 s of its 3 s that way), but search in process, in its time."""

    class Starting:
        def ready(self) -> bool:
            return False

        def run(self, *args: object) -> list[pool.ShardResult]:
            raise AssertionError("a search handed to workers that are still starting")

    monkeypatch.setattr(pool, "shared", lambda: Starting())
    state = position(2, 4, seed=2)
    seat = state.to_play
    assert seat is not None
    bot = ai.SearchBot(3, seconds=0.6, name="hard")
    started = time.perf_counter()
    move = bot.choose(GAME, state, seat, Budget(3.0))
    assert time.perf_counter() - started < 1.5  # both shards, one after the other, share the 0.6 s
    assert move in GAME.legal_moves(state) and bot.last_simulations > 2


def test_without_processes_the_shared_pool_is_not_started(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(pool.PROCESSES_VARIABLE, "0")
    monkeypatch.setattr(pool, "_shared", None)
    monkeypatch.setattr(pool, "_shared_failed", False)
    assert pool.shared() is None
    # The bot still answers, searching in process.
    move = ai.make_bot("hard", 1).choose(GAME, GAME.new_game(2, 0), 0, Budget(0.3))
    assert move in GAME.legal_moves(GAME.new_game(2, 0))


def test_expert_is_offered_only_by_games_with_a_search_for_it() -> None:
    from bauhausbox import games

    assert "expert" in GAME.info.levels
    # Bits and the puzzles have no expert player: their levels must not offer one.
    without = [games.load(game_id).info.levels for game_id in ("bits", "blokus-puzzles")]
    assert all("expert" not in levels for levels in without)


@pytest.mark.parametrize(("game_id", "accepted"), [("blokus", True), ("bits", False)])
def test_the_cli_and_saves_take_expert_from_the_game_s_levels(game_id: str, accepted: bool, tmp_path: Path) -> None:
    from bauhausbox import cli, games
    from bauhausbox.cli_args import UsageError, level_list
    from bauhausbox.engine.history import SeatSpec, Setup
    from bauhausbox.persistence.models import SavedGame
    from bauhausbox.persistence.saves import BrokenFileError, check_setup

    game = games.load(game_id)
    assert level_list("hard,expert") == ("hard", "expert")
    seats = (SeatSpec("Ann"), SeatSpec.from_text("ai:expert", "Bot"))
    setup = Setup(game_id, 2, 5, seats, game.normalize_options(2, {}))
    saved = SavedGame.model_validate_json(SavedGame.from_setup(setup, "test").model_dump_json())
    assert saved.seats[1].level == "expert"
    if accepted:
        cli._check_levels(game, ["expert"])
        assert check_setup(saved, tmp_path / "save.json").seats[1].level == "expert"
    else:
        with pytest.raises(UsageError, match="no level 'expert'"):
            cli._check_levels(game, ["expert"])
        with pytest.raises(BrokenFileError, match="unknown level"):
            check_setup(saved, tmp_path / "save.json")


def test_a_shard_with_no_time_left_still_names_a_move() -> None:
    state = position(2, 4, seed=2)
    stats, simulations, _ = mcts.search_shard(state, mcts.Settings(work=10**9, seconds=0.0), seed=1)
    assert simulations == 1
    assert len(stats) == 1


def test_the_yardstick_at_a_fixed_work_budget_answers_in_the_last_moves_of_a_game() -> None:
    """Near the end, playouts make no moves at all: the budget must still run out (it once looped)."""
    from tests.yardstick.blokus_hard_v1 import HardBot

    state = GAME.new_game(2, 0)
    last = state
    medium = ai.MediumBot(1)
    while state.to_play is not None:
        last = state
        state = GAME.apply(state, medium.choose(GAME, state, state.to_play, Budget(1.0)))
    seat = last.to_play
    assert seat is not None
    give_up = threading.Event()  # a loop that never ends raises Cancelled after 10 s instead of hanging
    timer = threading.Timer(10.0, give_up.set)
    timer.start()
    try:
        move = HardBot(3, work=400).choose(GAME, last, seat, Budget(math.inf, give_up))
    finally:
        timer.cancel()
    assert move in GAME.legal_moves(last)
