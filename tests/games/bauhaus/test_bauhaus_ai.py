"""Bauhaus computer players: legal moves in every phase, a few tactics (close a pocket, spoil one,
use powers at a good moment), and the time limit."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.bauhaus.ai import make_bot
from bauhausbox.games.bauhaus.positions import choose, zones_picture
from bauhausbox.games.bauhaus.rules import CHOOSE, GAME, BauhausState

BLUE, YELLOW, RED = 0, 1, 2


def sq(name: str) -> int:
    return GAME.board.parse_square(name)


def pocket_position(owner_tokens: str, display: tuple[str, ...], players: int = 2, deck: int | None = None,
                    powers: bool = False) -> BauhausState:  # fmt: skip
    """A 2×2 pocket b2-c3 walled all round but for b2S, holding ``owner_tokens`` (letters on b2, c2, b3, c3)."""
    picture = zones_picture([(["b2", "c2", "b3", "c3"], owner_tokens)])
    state = GAME.from_picture(picture, players=players, display=display, powers=powers)
    walls = state.walls & ~(1 << GAME.board.parse_edge("b2S"))
    # Reopened, the pocket is no zone: its tokens show their deployed face again.
    deployed = tuple(d | c for d, c in zip(state.deployed, state.control, strict=True))
    control = (0,) * players
    state = replace(state, walls=walls, supply=66 - walls.bit_count(), deployed=deployed, control=control, locked=())
    assert GAME.invariant_errors(state) == []
    if deck is not None:
        state = replace(state, deck=state.deck[:deck])
    return state


def play_turn(state: BauhausState, level: str, seed: int = 1) -> BauhausState:
    """Let the bot of the seat to play make decisions until the turn passes."""
    bot = make_bot(level, seed)
    seat = state.to_play
    assert seat is not None
    while state.to_play == seat:
        move = bot.choose(GAME, GAME.view(state, seat), seat, Budget(2.0))
        assert move in GAME.legal_moves(state)
        state = GAME.apply(state, move)
    return state


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_legal_moves_through_whole_games(level: str) -> None:
    rnd = random.Random(4)
    for seed in range(1):
        state = GAME.new_game(3, seed=seed, powers=True)
        bot = make_bot(level, seed)
        while state.to_play is not None:
            seat = state.to_play
            if seat == 0:
                move = bot.choose(GAME, GAME.view(state, seat), seat, Budget(2.0))
                assert move in GAME.legal_moves(state)
            else:
                move = rnd.choice(GAME.legal_moves(state))
            state = GAME.apply(state, move, seat)
            if state.to_play not in (None, 0):
                extra = bot.interject(GAME, GAME.view(state, 0), 0, Budget(1.0))
                if extra is not None:
                    assert extra in GAME.legal_moves(state, seat=0)
                    state = GAME.apply(state, extra, seat=0)
        assert GAME.invariant_errors(state) == []


def test_hard_closes_a_pocket_around_its_own_tokens() -> None:
    state = pocket_position("bb..", ("free", "move", "swap", "place"))
    after = play_turn(state, "hard")
    assert GAME.scores(after)[BLUE] == 8  # two tokens in a closed 4-square zone


def test_hard_spoils_an_opponents_nearly_closed_pocket() -> None:
    state = pocket_position("yy..", ("place", "swap", "move", "free"))
    state = replace(state, deployed=(1 << sq("g7"), state.deployed[YELLOW]), reserve=(7, 6))
    after = play_turn(state, "hard")
    pocket = sum(1 << sq(c) for c in ("b2", "c2", "b3", "c3"))
    # A blue token now stands in Yellow's pocket (placed, moved or swapped in): closing it pays nobody.
    assert after.deployed[BLUE] & pocket
    assert GAME.scores(after)[YELLOW] == 0


def test_hard_uses_shared_control_when_it_gains_most_late_in_the_game() -> None:
    picture = zones_picture([(["a1", "b1", "c1", "d1", "e1"], "yyb")])
    state = GAME.from_picture(picture, players=2, display=("place", "move", "swap", "free"), powers=True)
    state = replace(state, deck=state.deck[:3])
    move = make_bot("hard", 1).interject(GAME, GAME.view(state, YELLOW), YELLOW, Budget(2.0))
    assert move is not None and GAME.format_move(state, move) == "power:shared a1"
    assert make_bot("medium", 1).interject(GAME, GAME.view(state, YELLOW), YELLOW, Budget(2.0)) is None


def test_hard_uses_forced_control_on_its_token_in_an_unowned_zone_late() -> None:
    picture = zones_picture([(["a1", "b1", "c1", "d1"], "rb")])
    state = GAME.from_picture(picture, players=3, display=("place", "move", "swap", "free"), powers=True)
    state = replace(state, deck=state.deck[:3])
    move = make_bot("hard", 1).interject(GAME, GAME.view(state, RED), RED, Budget(2.0))
    assert move is not None and GAME.format_move(state, move) == "power:forced a1"


def test_hard_takes_over_a_card_that_would_close_the_opponents_pocket() -> None:
    state = pocket_position("yy..", ("free", "move", "swap", "place"), deck=3, powers=True)
    state = replace(state, turn=YELLOW, to_play=YELLOW)
    chosen = choose(state, "free")
    move = make_bot("hard", 1).interject(GAME, GAME.view(chosen, BLUE), BLUE, Budget(2.0))
    assert move is not None and move.power == "mind"


def test_bots_answer_within_two_seconds() -> None:
    rnd = random.Random(9)
    state = GAME.new_game(4, seed=9, powers=True)
    positions = []
    while state.to_play is not None:
        if state.phase == CHOOSE and rnd.random() < 0.2:
            positions.append(state)
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    bot = make_bot("hard", 3)
    for position in positions[:6]:
        started = time.process_time()
        bot.choose(GAME, GAME.view(position, position.to_play), position.to_play, Budget(2.0))
        assert time.process_time() - started < 2.0
