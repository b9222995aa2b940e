"""The tree search's opening pieces (``heuristics.opening_pieces``, after Pentobi's choice for the
classic board): which pieces are searched as the board fills, and that the search keeps to them."""

from __future__ import annotations

import math
import random

from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.blokus import ai, heuristics, mcts
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.rules import GAME, BlokusState

PENTOMINOES = {"F", "I5", "L5", "N", "P", "T5", "U", "V5", "W", "X", "Y", "Z5"}


def names(pieces: int | None) -> set[str] | None:
    return None if pieces is None else {piece.name for number, piece in enumerate(PIECES) if pieces >> number & 1}


def after(pieces_down: int, players: int = 2, seed: int = 1, **options: str) -> BlokusState:
    """A position with ``pieces_down`` pieces on the board (random legal moves)."""
    rnd = random.Random(seed)
    state = GAME.new_game(players, 0, **options)
    for _ in range(pieces_down):
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    return state


def test_the_pieces_searched_widen_as_the_board_fills() -> None:
    # Pentobi's table for the classic board (four colours): the first piece of each colour a V5 or Z5,
    # then pentominoes without the F, P, T5, U and X, then without the P and U, then from the
    # tetrominoes up, then from the triominoes up, then everything.
    assert names(heuristics.opening_pieces(after(0))) == {"V5", "Z5"}
    assert names(heuristics.opening_pieces(after(3))) == {"V5", "Z5"}
    assert names(heuristics.opening_pieces(after(4))) == {"I5", "L5", "N", "V5", "W", "Y", "Z5"}
    assert names(heuristics.opening_pieces(after(11))) == PENTOMINOES - {"P", "U"}
    assert names(heuristics.opening_pieces(after(12))) == PENTOMINOES | {"I4", "L4", "O", "T4", "Z4"}
    assert names(heuristics.opening_pieces(after(27))) == PENTOMINOES | {"I4", "L4", "O", "T4", "Z4", "I3", "V3"}
    assert heuristics.opening_pieces(after(28)) is None
    assert heuristics.opening_pieces(after(0, 4)) is not None  # every classic game, by pieces on the board
    assert heuristics.opening_pieces(after(0, 2, variant="duo")) is None


def test_the_search_keeps_to_the_opening_pieces_and_falls_back_to_all() -> None:
    settings = mcts.Settings(work=3000, opening_pieces=True)
    stats, _, _ = mcts.search_shard(after(0), settings, seed=3)
    assert {PIECES[bb.placement_at(index).piece].name for index in stats} <= {"V5", "Z5"}
    assert len(stats) > 1
    # Off by default (the levels choose it in LEVEL_SETTINGS): the same search sees other pieces.
    plain, _, _ = mcts.search_shard(after(0), mcts.Settings(work=3000), seed=3)
    assert {PIECES[bb.placement_at(index).piece].name for index in plain} - {"V5", "Z5"}
    # A colour holding none of the opening pieces still has its moves searched (two pieces down: the
    # first colour's V5 and Z5, taken from its hand, so V5 or Z5 is still the choice).
    state = after(0)
    without = state.hands[0] & ~sum(1 << n for n, piece in enumerate(PIECES) if piece.name in ("V5", "Z5"))
    state = state._replace(hands=(without, *state.hands[1:]))
    assert names(heuristics.opening_pieces(state)) == {"V5", "Z5"}
    bot = ai.SearchBot(1, seconds=math.inf, work=2000, parallel=False, settings=settings)
    move = bot.choose(GAME, state, 0, Budget(math.inf))
    assert move in GAME.legal_moves(state)
