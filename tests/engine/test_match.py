"""The match controller: a finished Bauhaus game's winner starts the next game (``docs/rules/bauhaus.md``)."""

from __future__ import annotations

import random

from bauhausbox import games
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.match import Match


def _finished_match(game_id: str, players: int, seed: int) -> Match:
    game = games.load(game_id)
    setup = Setup(
        game_id,
        players,
        seed,
        tuple(SeatSpec(f"P{i}", "ai", "random") for i in range(players)),
        game.normalize_options(players, {}),
    )
    history = History(game, setup.new_state(game))
    rnd = random.Random(seed)
    while not game.is_over(history.state):
        history.play(rnd.choice(game.legal_moves(history.state)))
    return Match(setup, history, autosave=False)


def test_the_winner_of_a_bauhaus_game_starts_the_next() -> None:
    checked = 0
    for seed in range(1, 12):
        match = _finished_match("bauhaus", 3, seed)
        winners = match.game.winners(match.state)
        if len(winners) != 1:
            continue
        again = match.restart()
        assert again.state.to_play == winners[0]
        assert again.setup.seed != match.setup.seed
        # The new game is still fully determined by its seed.
        assert match.game.new_game(3, again.setup.seed, **dict(again.setup.options)) == again.state
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_games_without_the_rule_start_as_their_seed_says() -> None:
    match = _finished_match("blokus", 4, 3)
    assert match.next_starter() is None
