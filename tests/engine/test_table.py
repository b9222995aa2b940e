"""The table without a screen: turns, computers, hints, undo, and who may see what.

These run with no pygame at all (the first test proves it in a fresh interpreter). The privacy
rules are checked on the seat views the table gives: a hint, a hand or a secret colour never reaches
a seat view it does not belong to, and nothing private is given while the device passes.
"""

from __future__ import annotations

import subprocess
import sys
import time
from typing import Any

from bauhausbox import games
from bauhausbox.engine.history import SeatSpec
from bauhausbox.match import Match
from bauhausbox.table import Failed, Played, Table


def _table(game_id: str, seats: list[str], seed: int = 5) -> Table[Any, Any]:
    specs = [SeatSpec.from_text(text, f"P{i + 1}") for i, text in enumerate(seats)]
    return Table(Match.start(game_id, len(specs), specs, {}, seed, autosave=False))


def _wait(condition: Any, seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return bool(condition())


def test_a_whole_game_at_the_table_loads_no_pygame() -> None:
    code = (
        "import sys\n"
        "from bauhausbox.engine.history import SeatSpec\n"
        "from bauhausbox.match import Match\n"
        "from bauhausbox.table import Table\n"
        "seats = [SeatSpec('A'), SeatSpec('B', 'ai', 'random')]\n"
        "table = Table(Match.start('buizen', 2, seats, {}, 3, autosave=False))\n"
        "table.present(0)\n"
        "for _ in range(400):\n"
        "    if table.match.over: break\n"
        "    if table.match.to_play == 0: table.play(table.game.legal_moves(table.match.state)[0])\n"
        "    else: table.run_computers(0.0)\n"
        "print('pygame' in sys.modules)\n"
    )
    env = {"BAUHAUSBOX_SEARCH_PROCESSES": "0", "PATH": ""}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_a_hint_reaches_only_its_own_seat_and_never_while_the_device_passes() -> None:
    table = _table("buizen", ["human", "human"])
    game = table.game
    assert table.wants_curtain and table.veiled()
    first = table.match.to_play
    assert first is not None
    other = 1 - first
    # Nobody has come to the screen: every seat view is veiled and no hint may be asked.
    assert all(table.seat_view(seat).veiled for seat in (0, 1))
    assert not table.request_hint() and not table.may_act()
    table.present(first)
    assert not table.veiled() and table.may_act() and not table.may_act(other)
    assert table.request_hint("random")
    assert _wait(lambda: table.hint_answer() is not None or table.hint_move is not None)
    table.hint_move = game.legal_moves(table.match.state)[0]
    mine, theirs = table.seat_view(first), table.seat_view(other)
    assert mine.hint == table.hint_move and not mine.veiled
    assert theirs.hint is None and theirs.veiled
    # Each seat's view is the rules' view for that seat: the other seat's hand and colour are hidden.
    state = table.match.state
    assert mine.state == game.view(state, first) and theirs.state == game.view(state, other)
    assert mine.state.hands[other] != state.hands[other] or not state.hands[other]
    assert mine.state.colours[other] != state.colours[other]
    # Playing the hint ends it; the turn passes to the other human: the device passes.
    move = table.hint_move
    while table.match.to_play == first:
        table.play(move)
        move = game.legal_moves(table.match.state)[0]
    assert table.hint_move is None and table.veiled()
    assert all(table.seat_view(seat).hint is None and table.seat_view(seat).veiled for seat in (0, 1))
    assert not table.request_hint()


def test_a_hint_goes_when_the_position_moves() -> None:
    table = _table("blokus", ["human", "ai:random"])
    seat = table.match.to_play
    if seat != 0:
        assert _wait(lambda: any(isinstance(e, Played) for e in table.run_computers(0.0)))
    table.hint_move = table.game.legal_moves(table.match.state)[0]
    assert table.seat_view(0).hint == table.hint_move
    table.play(table.game.legal_moves(table.match.state)[-1])
    assert table.hint_move is None and table.seat_view(0).hint is None


def test_computers_play_their_turns_from_their_own_view_and_report_each_move() -> None:
    table = _table("buizen", ["human", "ai:random", "ai:random"], seed=9)
    table.present(0)
    played: list[Played] = []
    for _ in range(2000):
        if table.match.over or len(played) >= 6:
            break
        if table.match.to_play == 0:
            before = table.match.state
            event = table.play(table.game.legal_moves(before)[0])
            assert event.before is before and event.step.seat == 0
        else:
            events = table.run_computers(0.0)
            assert not [e for e in events if isinstance(e, Failed)]
            played += [e for e in events if isinstance(e, Played) and e.step.seat != 0]
            time.sleep(0.002)
    assert len(played) >= 6 and {e.step.seat for e in played} == {1, 2}


def test_undo_counts_turns_as_players_do_and_never_lies() -> None:
    table = _table("blokus", ["human", "human"], seed=2)
    assert table.undo_plan() is None  # nothing played yet
    for _ in range(4):
        table.play(table.game.legal_moves(table.match.state)[0])
    plan = table.undo_plan()
    assert plan is not None and table.undo(plan)
    assert table.turns_ahead() == 1 and table.match.history.cursor == 3
    plan = table.undo_plan()
    assert plan is not None and table.undo(plan)
    assert table.turns_ahead() == 2
    assert table.redo() and table.turns_ahead() == 1


def test_a_seats_own_secret_is_never_in_another_seats_view_over_a_whole_game() -> None:
    """Bits and Buizen, played to the end with random moves: at every position each seat view
    equals the rules' view for that seat, and differs from another seat's where the rules' do."""
    for game_id in ("bits", "buizen"):
        table = _table(game_id, ["human", "human", "human"], seed=4)
        game = games.load(game_id)
        for _ in range(3000):
            state = table.match.state
            if table.match.over:
                break
            for seat in range(3):
                assert table.seat_view(seat).state == game.view(state, seat)
            table.present(table.match.to_play)
            table.play(game.legal_moves(state)[-1])
        assert table.match.over


def test_taking_back_another_humans_move_needs_their_agreement() -> None:
    """Bits with Anni and Josef at one computer: Josef cannot take back Anni's hidden placement
    alone (he could make her place again, or step through it); Anni may take back her own move, and
    against computers alone an undo never asks."""
    table = _table("bits", ["human", "human", "ai:random"])
    match = table.match
    anni = match.to_play
    assert anni is not None and match.is_human(anni)
    assert match.play(table.game.legal_moves(match.state)[0])
    josef = match.to_play
    assert josef is not None and josef != anni and match.is_human(josef)
    plan = table.undo_plan()
    assert plan is not None and not plan.crosses_reveal
    assert table.undo_needs_agreement(plan)  # asked at the screen by Josef, whose turn it is
    assert table.undo_needs_agreement(plan, josef)  # across computers: Josef's own screen
    assert not table.undo_needs_agreement(plan, anni)  # Anni taking back her own move
    alone = _table("bits", ["human", "ai:random"])
    assert alone.match.play(alone.game.legal_moves(alone.match.state)[0])
    plan = alone.undo_plan()
    assert plan is None or not alone.undo_needs_agreement(plan)
