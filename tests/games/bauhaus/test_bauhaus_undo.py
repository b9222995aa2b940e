"""Undo at a Bauhaus table: the count of turns that redo can give back matches what Redo does, when
the undo takes back half a turn (the card's action, the card still chosen) or a whole one."""

from __future__ import annotations

from typing import Any

from bauhausbox.engine.history import SeatSpec
from bauhausbox.games.bauhaus.rules import CHOOSE, OPENING, MoveKind
from bauhausbox.match import Match
from bauhausbox.table import Table


def _two_humans_after_the_opening(seed: int = 4) -> Table[Any, Any]:
    specs = [SeatSpec.from_text("human", name) for name in ("Anni", "Josef")]
    table: Table[Any, Any] = Table(Match.start("bauhaus", 2, specs, {}, seed, autosave=False))
    while table.match.state.phase == OPENING:
        table.play(table.game.legal_moves(table.match.state)[0])
    return table


def _whole_turn(table: Table[Any, Any]) -> None:
    """A card chosen, then carried out (the first legal action)."""
    state = table.match.state
    assert state.phase == CHOOSE
    table.play(next(m for m in table.game.legal_moves(state) if m.kind == MoveKind.CARD))
    while table.match.state.phase != CHOOSE and table.match.state.turn == state.turn:
        table.play(table.game.legal_moves(table.match.state)[0])


def _undo(table: Table[Any, Any]) -> None:
    plan = table.undo_plan()
    assert plan is not None and table.undo(plan)


def test_undoing_half_a_turn_leaves_one_turn_to_redo_and_redo_brings_it_back() -> None:
    table = _two_humans_after_the_opening()
    _whole_turn(table)  # Anni
    _whole_turn(table)  # Josef
    played = table.match.history.cursor
    _undo(table)  # Josef's action goes, his card stays chosen
    assert table.match.state.phase != CHOOSE
    assert table.turns_ahead() == 1  # was "0 turns can be redone" while Redo brought the action back
    assert table.redo() and table.match.history.cursor == played
    assert table.turns_ahead() == 0


def test_undoing_whole_turns_counts_each_turn_once() -> None:
    table = _two_humans_after_the_opening()
    _whole_turn(table)  # Anni
    _whole_turn(table)  # Josef
    counts = []
    for _ in range(4):  # Josef's action, his card, Anni's action, her card
        _undo(table)
        counts.append(table.turns_ahead())
    assert counts == [1, 1, 2, 2]
    redos = 0
    while table.redo():
        redos += 1
    assert redos >= 2 and table.turns_ahead() == 0
