"""Hidden information: hands, colour tiles (used and unused) and the bag order stay with their owner."""

from __future__ import annotations

import random
from collections import Counter

from bauhausbox.engine.rng import Rng
from bauhausbox.games.buizen.rules import GAME
from bauhausbox.games.buizen.state import HIDDEN, BuizenState
from bauhausbox.games.buizen.tiles import BAG_CONTENTS


def _midgame(players: int, seed: int, plies: int) -> BuizenState:
    state = GAME.new_game(players, seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        if state.to_play is None:
            break
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    return state


def test_a_view_shows_only_the_own_hand_and_colour() -> None:
    state = _midgame(4, 3, 12)
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view.hands[seat] == state.hands[seat]
        assert view.colours[seat] == state.colours[seat]
        for other in range(4):
            if other != seat:
                assert view.colours[other] == "?"
                assert set(view.hands[other]) <= {HIDDEN}
                assert len(view.hands[other]) == len(state.hands[other])
        assert set(view.bag) <= {HIDDEN} and len(view.bag) == len(state.bag)
        text = GAME.to_text(view)
        for other in range(4):
            if other != seat:
                assert state.colours[other] not in text.splitlines()[1]


def test_unused_colour_tiles_stay_secret() -> None:
    state = GAME.new_game(2, 11)
    view = GAME.view(state, 0)
    assert view.colours[2:] == ("?", "?")
    assert GAME.view(state, 1).colours == ("?", state.colours[1], "?", "?")


def test_views_do_not_depend_on_what_the_seat_cannot_know() -> None:
    state = _midgame(3, 5, 9)
    for seat in range(3):
        for sample in range(5):
            other = GAME.determinize(state, seat, Rng(sample))
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert GAME.invariant_errors(other) == []


def test_determinize_resamples_hands_colours_and_bag() -> None:
    state = _midgame(3, 8, 6)
    samples = [GAME.determinize(GAME.view(state, 0), 0, Rng(n)) for n in range(20)]
    assert len({s.bag for s in samples}) > 1
    assert len({s.hands[1] for s in samples}) > 1
    assert len({s.colours[1] for s in samples}) > 1
    for sample in samples:
        assert sample.hands[0] == state.hands[0] and sample.colours[0] == state.colours[0]
        assert sorted(sample.colours) == sorted(state.colours)
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        everything = Counter(sample.bag) + Counter(n for h in sample.hands for n in h)
        everything.update(laid.number for _, laid in sample.pipes)
        everything.update(k for _, stack in sample.roads for k in stack)
        assert everything == Counter(BAG_CONTENTS)


def test_legal_moves_from_a_view_match_the_full_state() -> None:
    state = _midgame(4, 9, 15)
    seat = state.to_play
    assert seat is not None
    assert GAME.legal_moves(GAME.view(state, seat), seat) == GAME.legal_moves(state)


def test_revealed_when_tiles_are_drawn() -> None:
    state = GAME.new_game(2, 4)
    move = next(m for m in GAME.legal_moves(state))
    after = GAME.apply(state, move)
    assert after.drawn >= 1 and GAME.revealed(state, after)


def test_everything_is_shown_at_the_end() -> None:
    state = _midgame(2, 2, 500)
    assert state.to_play is None
    assert GAME.view(state, 0) == state == GAME.view(state, 1)
