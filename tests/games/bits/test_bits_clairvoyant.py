"""The clairvoyant solo yardstick (``bauhausbox/games/bits/tools/clairvoyant.py``): with a beam wide
enough to keep every board it finds the best ending of a round, as an exhaustive search through the
rules finds it, and its whole games replay through the rules with the points it promised."""

from __future__ import annotations

from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.bits.ai import make_bot
from bauhausbox.games.bits.rules import GAME, BitsState, round_totals
from bauhausbox.games.bits.tools import clairvoyant


def near_round_end(seed: int, tiles_left: int) -> BitsState:
    """A solo game played by medium until ``tiles_left`` tiles of round 1 remain to be placed."""
    state = GAME.new_game(1, seed)
    bot = make_bot("medium", seed)
    while True:
        free = state.boards[0].count(".")
        if free <= 2 * tiles_left and state.shown:
            return state
        state = GAME.apply(state, bot.choose(GAME, GAME.view(state, 0), 0, Budget(10.0)))


def exhaustive_best(state: BitsState) -> int:
    """The best points of the current round over every way to play its remaining tiles (the rules
    deal the tiles in their hidden order; a state is copied, never changed)."""
    round_number = state.round
    if GAME.is_over(state) or state.round != round_number:
        raise AssertionError("not inside a round")
    best = -1000
    stack = [state]
    while stack:
        current = stack.pop()
        for move in GAME.legal_moves(current):
            after = GAME.apply(current, move)
            if GAME.is_over(after) or after.round != round_number:
                best = max(best, round_totals(after)[round_number - 1][0])
            else:
                stack.append(after)
    return best


def test_a_wide_beam_finds_the_best_ending_of_a_round() -> None:
    for seed in (1, 4, 17):  # seeds where a line needs both orders of a tile, or the neutral tile
        state = near_round_end(seed, tiles_left=3)
        tiles = (state.tile_card, *state.deck)
        assert tiles[0] is not None
        found, line = clairvoyant.best_round(
            state.active_goals(),
            tiles,
            state.boards[0],
            width=10**6,
            neutral_used=state.neutral_used[0],
            start_tile=False,
        )
        assert found == exhaustive_best(state), seed
        assert line


def test_a_whole_game_replays_with_the_points_searched() -> None:
    points = clairvoyant.play_game(5, width=3)  # raises if the rules score a round differently
    assert len(points) == 3
    assert all(0 <= p <= 30 for p in points)
