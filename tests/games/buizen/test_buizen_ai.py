"""Buizen computer players: legal, quick, closing their own networks, pits on others, manholes on their own."""

from __future__ import annotations

import random
import time

import pytest

from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.buizen.ai import Judge, Knowledge, _after, make_bot
from bauhausbox.games.buizen.rules import GAME, BuizenState, Place, Table

# ``docs/rules/buizen.md``'s worked example: a closed fire-hose network ending at the road 5,2.
WORKED = "0,1 pump; 1,1 3f r270; 2,1 38b r90; 3,1 2f r180; 2,2 17f r0; 3,2 38b r270; 4,2 18f r90; 5,2 road"


def position(board: str, hand0: str, colours: str, players: int = 4) -> BuizenState:
    hands = "\n".join(f"hand {s}: {'5 6 7 8' if s else hand0}" for s in range(players))
    return GAME.from_text(
        f"buizen players={players} to_play=0 pumps=9 roads=9\ncolours: {colours}\n{hands}\nbag: 9 10 11 pit\n"
        f"board: {board}"
    )


def choose(level: str, state: BuizenState) -> str:
    bot = make_bot(level, 7)
    move = bot.choose(GAME, GAME.view(state, 0), 0, Budget(1.0))
    return GAME.format_move(state, move)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_closes_its_own_network(level: str) -> None:
    # Without L2 and its road the fire hose is open at 3,2's east side. Tile 18 (RS FH, into a road) and
    # tile 3 (ES FH, into a pump room) both close it for 12; the other placements of the hand do not.
    board = WORKED.replace("; 4,2 18f r90; 5,2 road", "")
    state = position(board, "18 3 7", "FH PP GAS PE")
    assert GAME.scores(state)[0] == 0
    after = GAME.apply(state, GAME.parse_move(state, choose(level, state)))
    assert GAME.scores(after)[0] == 12


def test_hard_prefers_the_pump_room_that_no_pit_can_open() -> None:
    board = WORKED.replace("; 4,2 18f r90; 5,2 road", "")
    state = position(board, "18 3", "FH PP GAS PE")
    assert choose("hard", state) == "3f r90 at 4,2"


def test_hard_digs_an_open_pit_under_an_opponents_network() -> None:
    state = position(WORKED, "pit 3", "PP FH GAS PE")
    assert choose("hard", state) == "pit at 5,2"


def test_hard_protects_its_own_road_end_with_a_manhole() -> None:
    state = position(WORKED, "manhole 3", "FH PP GAS PE")
    assert choose("hard", state) == "manhole at 5,2"


def test_hard_does_not_dig_a_pit_under_its_own_network() -> None:
    state = position(WORKED, "pit 3", "FH PP GAS PE")
    assert choose("hard", state) != "pit at 5,2"


def test_incremental_judgement_equals_the_full_one() -> None:
    rnd = random.Random(4)
    checked = 0
    for seed in range(3):
        state = GAME.new_game(2 + seed, seed)
        while state.to_play is not None:
            seat = state.to_play
            view = GAME.view(state, seat)
            table = Table(view)
            judge = Judge(Knowledge(view, seat))
            judge.start(table)
            for move in GAME.legal_moves(state)[:40]:
                after, _, changed = _after(table, view, move, seat)
                placed = move.cell if isinstance(move, Place) else None
                assert judge.evaluate_after(after, changed, placed) == pytest.approx(judge.evaluate(after))
                checked += 1
            state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    assert checked > 500


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_a_whole_game_legally_and_quickly(level: str) -> None:
    state = GAME.new_game(3, 21)
    bot = make_bot(level, 1)
    slowest = 0.0
    while state.to_play is not None:
        seat = state.to_play
        # CPU time of this process: other processes on a shared CI machine cannot inflate it.
        started = time.process_time()
        move = bot.choose(GAME, GAME.view(state, seat), seat, Budget(1.0))
        slowest = max(slowest, time.process_time() - started)
        assert move in GAME.legal_moves(state)
        state = GAME.apply(state, move)
    assert slowest < 1.5  # the budget is 1 s; a loaded test machine gets some slack
