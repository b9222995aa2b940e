"""The duel runner behind the strength figures: seeded, the candidate's seat rotating, no clock deciding."""

from __future__ import annotations

import json
import math

from bauhausbox.engine.bots.arena import Endless, duel, duel_command
from bauhausbox.engine.bots.base import RandomBot
from tests.engine.test_ismcts import RULES


def test_a_duel_is_seeded_rotates_the_candidate_and_counts_every_game() -> None:
    seats: list[int] = []
    first = duel(RULES, RandomBot, RandomBot, 6, 2, seed=40, progress=lambda n, s, w, mine: seats.append(mine))
    again = duel(RULES, RandomBot, RandomBot, 6, 2, seed=40)
    assert seats == [0, 1, 0, 1, 0, 1]
    assert first.seeds == list(range(40, 46))
    assert first.summary() == again.summary()
    assert 0.0 <= first.wins <= 6.0
    low, high = first.interval()
    assert low <= first.win_rate() <= high


def test_a_candidate_that_always_wins_has_a_high_interval() -> None:
    class Racer(RandomBot):
        """Always moves to a count of 7 when it can, else to 4 (the losing count for the other seat)."""

        def choose(self, game, view, seat, budget):  # type: ignore[no-untyped-def]
            moves = game.legal_moves(view, seat)
            for move in moves:
                if game.apply(view, move).to_play is None or game.apply(view, move).count % 3 == 1:
                    return move
            return moves[0]

    result = duel(RULES, Racer, RandomBot, 10, 2, seed=1)
    assert result.win_rate() >= 0.7
    assert result.interval()[0] > 0.3


def test_the_endless_budget_never_expires_but_can_be_cancelled() -> None:
    budget = Endless()
    assert not budget.expired() and budget.remaining() == math.inf and budget.fraction(0.1) is budget
    budget.cancel_event.set()
    assert budget.expired()


def test_the_duel_command_plays_the_yardstick_it_is_given(capsys) -> None:  # type: ignore[no-untyped-def]
    # The engine ships no yardstick: the command plays whatever factory the caller passes in.
    made: list[int] = []

    def yardstick(seed: int) -> RandomBot:
        made.append(seed)
        return RandomBot(seed)

    duel_command(RULES, RandomBot, yardstick, ["--duel", "3", "--players", "2", "--seed", "5"])
    summary = json.loads(capsys.readouterr().out.split("\n", 3)[-1])
    assert summary["games"] == 3 and summary["seeds"] == "5..7"
    assert made == [51, 60, 71]  # the seat the candidate leaves free, seed * 10 + seat
