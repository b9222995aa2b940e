"""The analysis of a Blokus game: chances per seat, turning points, a planted blunder found, the same
answer for a seed in the pool as in process, and a stop that frees every worker at once."""

from __future__ import annotations

import math
import time

from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.blokus import ai, analysis, heuristics, mcts, pool
from bauhausbox.games.blokus.bitboard import Placement, placement_at
from bauhausbox.games.blokus.rules import GAME, BlokusState
from bauhausbox.games.blokus.variants import DUO, JUNIOR


def medium_game(seed: int, blunder: int | None = None) -> tuple[list[BlokusState], list[Placement]]:
    """A Duo game of two medium players; at ply ``blunder`` the mover plays the move that leaves its
    colour the fewest corners (a small piece smothering its own growth)."""
    state = GAME.new_game(2, seed, variant=DUO)
    bots = [ai.MediumBot(seed * 10 + seat) for seat in range(2)]
    smother = heuristics.Weights(size=3.0, own_corners=10.0, taken_corners=0.0, centre=0.0)
    states, moves = [state], []
    while state.to_play is not None:
        legal = GAME.legal_moves(state)
        if len(moves) == blunder:
            values = heuristics.move_values(state, legal, smother)
            move = legal[min(range(len(legal)), key=values.__getitem__)]
        else:
            move = bots[state.to_play].choose(GAME, state, state.to_play, None)  # type: ignore[arg-type]
        moves.append(move)
        state = GAME.apply(state, move)
        states.append(state)
    return states, moves


def estimate(position: int, seat: int | None, chance: float, preferred: int | None = 0) -> analysis.Estimate:
    chances = (chance, 1 - chance) if seat != 1 else (1 - chance, chance)
    return analysis.Estimate(position, seat, chances, preferred, 10, 10)


def test_the_final_position_gives_the_result_itself() -> None:
    states, _moves = medium_game(1)
    end = states[-1]
    scores = GAME.scores(end)
    chances = analysis.final_chances(end)
    expected = (0.5, 0.5) if scores[0] == scores[1] else (1.0, 0.0) if scores[0] > scores[1] else (0.0, 1.0)
    assert chances == expected
    found = analysis.estimate(lambda: False, end, len(states) - 1, 1000, 1)
    assert found.seat is None and found.chances == expected and found.preferred is None


def test_a_position_s_chances_add_up_to_one_and_follow_a_lost_game() -> None:
    states, _moves = medium_game(2)
    # Two moves before the end the game is decided: the winner's chance is (nearly) certain.
    late = next(i for i in range(len(states) - 1, 0, -1) if states[i].to_play is not None)
    winner = GAME.winners(states[-1])
    found = analysis.estimate(lambda: False, states[late], late, 2000, 5)
    assert abs(sum(found.chances) - 1) < 1e-9
    if len(winner) == 1:
        assert found.chances[winner[0]] > 0.9
    assert found.work >= analysis.work_for(states[late], 2000)
    assert found.preferred in [m.index for m in GAME.legal_moves(states[late])]


def test_duo_and_junior_search_a_third_of_the_work_the_classic_board_whole() -> None:
    # Their tree runs in Python: the whole work made a hint (the same search) take 4-15 s on two busy
    # cores. Decided by the variant, so every computer (compiled core or not) gives the same estimate.
    asked = 6_000
    for variant, share in ((DUO, 3), (JUNIOR, 3), ("classic", 1)):
        start = GAME.new_game(2, 4, variant=variant)
        found = analysis.estimate(lambda: False, start, 0, asked, 7)
        assert asked // share <= found.work < asked // share + 100, (variant, found.work)  # one playout over at most


def test_four_seats_share_their_chances_and_team_mates_win_together() -> None:
    state = GAME.new_game(4, 3, teams=True)
    found = analysis.estimate(lambda: False, state, 0, 1500, 2)
    assert len(found.chances) == 4
    # Each seat's chance is its team's: the mates' are equal, and the two teams' add up to one.
    assert found.chances[0] == found.chances[2] and found.chances[1] == found.chances[3]
    assert abs(found.chances[0] + found.chances[1] - 1) < 1e-9
    alone = analysis.estimate(lambda: False, GAME.new_game(4, 3), 0, 1500, 2)
    assert abs(sum(alone.chances) - 1) < 1e-9 and len(set(alone.chances)) > 1


def test_turning_points_are_the_three_biggest_drops_between_a_seat_s_own_turns() -> None:
    # Seat 0 moves at 0, 2, 4, 6; seat 1 at 1, 3, 5. Seat 0 falls 0.6 -> 0.5 -> 0.2 -> 0.17 -> end 0;
    # seat 1 (its own view) 0.5 -> 0.45 -> 0.9 -> end 1.
    estimates = [
        estimate(0, 0, 0.6),
        estimate(1, 1, 0.5),
        estimate(2, 0, 0.5),
        estimate(3, 1, 0.45),
        estimate(4, 0, 0.2),
        estimate(5, 1, 0.9),
        estimate(6, 0, 0.17),
        analysis.Estimate(7, None, (0.0, 1.0), None, 0, 0),
    ]
    played = [placement_at(i + 1) for i in range(7)]  # never the preferred move (index 0)
    points = analysis.turning_points(played, estimates)
    assert [(p.position, p.seat) for p in points] == [(0, 0), (2, 0), (6, 0)]  # drops 0.1, 0.3, 0.17
    assert abs(points[1].before - 0.5) < 1e-9 and abs(points[1].after - 0.2) < 1e-9
    assert points[1].preferred == placement_at(0)
    # The search's own move is never a turning point: the drop was not the mover's choice.
    played[2] = placement_at(0)
    assert [p.position for p in analysis.turning_points(played, estimates)] == [0, 1, 6]


def test_a_planted_blunder_is_a_turning_point_with_a_better_move() -> None:
    states, moves = medium_game(3, blunder=6)
    estimates = analysis.analyse(states, work=3000, seed=3)
    assert [e.position for e in estimates] == list(range(len(states)))
    points = analysis.turning_points(moves, estimates)
    found = next(point for point in points if point.position == 6)
    assert found.seat == states[6].to_play
    assert found.drop > 0.2
    assert found.preferred != moves[6] and found.preferred in GAME.legal_moves(states[6])


def test_a_seed_gives_the_same_analysis_in_the_pool_and_a_stop_frees_every_worker() -> None:
    states, _moves = medium_game(4)
    tail = states[-6:]
    alone = analysis.analyse(tail, work=1500, seed=9)
    workers = pool.SearchPool(2)
    try:
        assert [warm.result(timeout=60) for warm in workers.warmed] == [False, False]
        assert analysis.analyse(tail, work=1500, seed=9, workers=workers) == alone
        # An analysis that would run for hours, stopped after half a second ...
        endless = analysis.Analysis(states, work=1 << 40, seed=1, workers=workers)
        endless.start()
        time.sleep(0.5)
        started = time.perf_counter()
        endless.stop()
        assert time.perf_counter() - started < 1.5 and not endless.running
        # ... every search it started ends within a simulation, the queued ones never start ...
        for future in endless.futures:
            assert future.cancelled() or future.result(timeout=3.0).work < 1 << 40
        assert endless.done <= 1  # only the final position, which costs nothing
        # ... and both workers are free for the next search at once.
        quick = [mcts.Settings(work=300)] * 2
        started = time.perf_counter()
        assert len(workers.run(states[3], quick, [1, 2], Budget(math.inf))) == 2
        assert time.perf_counter() - started < 2.0
    finally:
        workers.shutdown()
    assert all(not process.is_alive() for process in (workers.executor._processes or {}).values())


def test_a_pool_shut_down_under_the_analysis_ends_it_quietly() -> None:
    states, _moves = medium_game(5)
    workers = pool.SearchPool(2)
    try:
        endless = analysis.Analysis(states, work=1 << 40, seed=1, workers=workers)
        endless.start()
        time.sleep(0.3)
    finally:
        workers.shutdown()  # as the app does when its window closes
    assert endless.thread is not None
    endless.thread.join(5.0)
    assert not endless.running and endless.failed and not endless.finished


class _Alive:
    """Stands in for the analysis's running thread."""

    def is_alive(self) -> bool:
        return True


def test_the_time_left_follows_the_pace_of_the_run_going_on() -> None:
    # A Duo game's analysis takes minutes (its tree search runs in Python): the progress says how long.
    start = GAME.new_game(2, 0)
    work = analysis.Analysis([start] * 7)
    assert work.seconds_left(now=10.0) is None  # not running
    work.thread = _Alive()  # type: ignore[assignment]
    work.started_at, work.searched_at_start = 100.0, 0
    work.estimates[6] = estimate(6, None, 1.0, None)  # the final position: no search, no pace
    assert work.seconds_left(now=110.0) is None
    work.estimates[0] = estimate(0, 0, 0.5)
    assert work.seconds_left(now=110.0) is None  # one search says little
    work.estimates[1] = estimate(1, 1, 0.5)
    assert math.isclose(work.seconds_left(now=110.0) or 0.0, 4 * 10.0 / 2)  # 2 searched in 10 s, 4 left
    # A run resumed after a stop keeps its own pace, not the earlier run's.
    work.started_at, work.searched_at_start = 200.0, 2
    work.estimates[2] = estimate(2, 0, 0.5)
    work.estimates[3] = estimate(3, 1, 0.5)
    assert math.isclose(work.seconds_left(now=230.0) or 0.0, 2 * 30.0 / 2)


def test_the_time_left_in_words() -> None:
    from bauhausbox.games.blokus.screen.analysis_view import time_left

    assert time_left(200) == "about 3 min left"
    assert time_left(34) == "about 30 s left"
    assert time_left(2) == "about 10 s left"
