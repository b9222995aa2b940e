"""The optional special powers (``docs/rules/bauhaus.md``): out-of-turn moves of their owner, once per game, at the
decision points (before a card is chosen, right after, after it resolves)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bauhausbox.engine.api import IllegalMoveError
from bauhausbox.engine.history import History
from bauhausbox.games.bauhaus.positions import EMPTY_BOARD, choose, play, reason, sq, zones_picture
from bauhausbox.games.bauhaus.rules import CHOOSE, GAME, RESOLVE, BauhausState, MoveKind

BLUE, YELLOW, RED, BLACK = 0, 1, 2, 3


def position(zones: list[tuple[list[str], str]], players: int, turn: int = 0, **kw: object) -> BauhausState:
    display = kw.pop("display", ("place", "free", "move", "swap"))
    return GAME.from_picture(zones_picture(zones), players=players, turn=turn, powers=True, display=display, **kw)  # type: ignore[arg-type]


def texts(state: BauhausState, seat: int) -> list[str]:
    return [GAME.format_move(state, m) for m in GAME.legal_moves(state, seat=seat) if m.kind == MoveKind.POWER]


def test_powers_are_off_by_default() -> None:
    state = GAME.new_game(4, seed=1)
    assert not state.powers
    opened = GAME.play_texts(state, ["place a1", "place b1", "place c1", "place d1"])
    assert all(GAME.legal_moves(opened, seat=s) == [] for s in range(4) if s != opened.to_play)
    assert reason(opened, "power:forced a1", seat=RED) == "special powers are not in use in this game"


def test_no_power_during_the_opening_round() -> None:
    state = GAME.new_game(3, seed=2, powers=True)
    state = play(state, "place a1")
    assert texts(state, RED) == [] and texts(state, YELLOW) == []


def test_mind_control_blue_resolves_another_players_chosen_card() -> None:
    state = position([(["h8"], "y")], players=2, turn=YELLOW, display=("place", "free", "move", "swap"))
    assert texts(state, BLUE) == []  # not before a card is chosen
    chosen = choose(state, "place")  # Yellow chose Place token
    assert texts(chosen, BLUE) == ["power:mind"]
    assert "power:mind" not in texts(chosen, YELLOW)
    controlled = GAME.apply(chosen, GAME.parse_move(chosen, "power:mind", BLUE), seat=BLUE)
    assert controlled.to_play == BLUE and controlled.turn == YELLOW and controlled.used == (True, False)
    # Blue decides where Yellow's token goes; Yellow cannot act on its own card any more.
    with pytest.raises(IllegalMoveError):
        GAME.apply(controlled, GAME.parse_move(controlled, "place a1"), seat=YELLOW)
    done = play(controlled, "place a1")
    assert done.deployed[YELLOW] == 1 << sq("a1")  # (h8 is Yellow's walled zone: control face)
    assert done.reserve == (8, 6)
    # Yellow's turn is spent: play passes to the seat after Yellow.
    assert done.phase == CHOOSE and done.turn == BLUE
    yellow_again = choose(replace(done, turn=YELLOW, to_play=YELLOW), "free")
    assert texts(yellow_again, BLUE) == []  # used once only
    assert reason(yellow_again, "power:mind", seat=BLUE) == "that power has already been used"


def test_mind_control_on_wall_cards_and_its_limits() -> None:
    state = position([(["h8"], "y"), (["a1"], "b")], players=2, turn=YELLOW, display=("free", "I2", "move", "swap"))
    own = choose(replace(state, turn=BLUE, to_play=BLUE), "free")
    assert texts(own, BLUE) == []  # not on Blue's own card
    chosen = choose(state, "free")
    controlled = GAME.play_texts(chosen, ["@0 power:mind"])
    first = play(controlled, "wall d4N")
    assert first.to_play == BLUE and texts(first, YELLOW) == []  # no power between the two Free walls
    done = play(first, "wall d4E")
    assert done.turn == BLUE and done.supply == state.supply - 2


def test_shared_control_flips_an_unowned_zone_for_everyone_and_locks_it() -> None:
    state = position([(["a1", "b1", "c1"], "byy")], players=2, turn=BLUE)
    assert texts(state, BLUE) == []  # Blue's power is Mind Control
    assert texts(state, YELLOW) == ["power:shared a1"]
    after = GAME.apply(state, GAME.parse_move(state, "power:shared c1", YELLOW), seat=YELLOW)
    zone = next(z for z in GAME.zones(after) if z.closed)
    assert zone.locked and zone.status == "shared"
    assert GAME.scores(after) == [3, 6]
    assert after.deployed == (0, 0) and after.to_play == BLUE and after.phase == CHOOSE
    assert reason(after, "power:shared a1", seat=YELLOW) == "that power has already been used"
    # Locked: nothing may enter any more.
    assert reason(choose(after, "place"), "place a2") is None
    assert GAME.analysis(after).free >> sq("a1") & 1 == 0


def test_shared_control_needs_an_unowned_closed_zone() -> None:
    state = position([(["a1", "b1"], "b"), (["a3", "b3"], "y")], players=2)
    assert texts(state, YELLOW) == []
    assert reason(state, "power:shared a1", seat=YELLOW) == "choose an unowned closed zone"


def test_forced_control_flips_one_deployed_token_that_then_cannot_move() -> None:
    state = position([(["h8"], "r")], players=3, turn=BLUE, display=("move", "swap", "place", "free"))
    state = replace(state, deployed=(1 << sq("d4"), 1 << sq("e5"), state.deployed[RED]), reserve=(7, 7, 7))
    assert texts(state, RED) == ["power:forced d4", "power:forced e5"]
    chosen = choose(state, "move")  # right after a card is chosen is fine too
    after = GAME.play_texts(chosen, ["@2 power:forced d4"])
    assert after.control[BLUE] == 1 << sq("d4") and after.phase == RESOLVE
    assert reason(after, "move d4>a1") == "that token shows its control face and cannot move"
    # In the open it scores nothing; once its zone is closed it scores the zone's size.
    assert GAME.scores(after)[BLUE] == 0


def test_a_forced_token_in_an_unowned_closed_zone_scores_its_size() -> None:
    state = position([(["a1", "b1", "c1", "d1"], "by.r")], players=3)
    assert GAME.scores(state) == [0, 0, 0]
    after = GAME.play_texts(state, ["@2 power:forced a1"])
    assert GAME.scores(after) == [4, 0, 0]
    assert next(z for z in GAME.zones(after) if z.closed).status == "unowned"


def test_mimetic_control_copies_an_unused_power_and_the_owner_keeps_it() -> None:
    state = position([(["a1", "b1", "c1"], "byk")], players=4, turn=BLUE)
    assert texts(state, BLACK) == ["power:mimetic:shared a1", "power:mimetic:forced a1", "power:mimetic:forced b1",
                                   "power:mimetic:forced c1"]  # fmt: skip
    after = GAME.play_texts(state, ["@3 power:mimetic:shared a1"])
    assert after.used == (False, False, False, True)
    assert GAME.scores(after) == [3, 3, 0, 3]
    assert texts(after, BLACK) == []
    # Once the owner has used a power, Black can no longer copy it.
    other = GAME.play_texts(state, ["@2 power:forced a1"])
    assert all("forced" not in t for t in texts(other, BLACK))
    assert reason(other, "power:mimetic:forced b1", seat=BLACK).startswith("Mimetic Control can copy only")


def test_a_power_that_makes_the_chosen_card_impossible_voids_the_choice() -> None:
    state = position([(["h8"], "r")], players=3, turn=BLUE, display=("move", "swap", "place", "free"))
    state = replace(state, deployed=(0, 1 << sq("c3"), 0), control=(0, 0, 1 << sq("h8")), reserve=(8, 7, 7))
    chosen = choose(state, "move")  # the only deployed token is Yellow's c3
    after = GAME.play_texts(chosen, ["@2 power:forced c3"])
    assert after.phase == CHOOSE and after.to_play == BLUE and after.chosen == -1
    assert GAME.invariant_errors(after) == []


def test_powers_replay_through_history_texts() -> None:
    state = position([(["a1", "b1", "c1"], "byy")], players=2, turn=BLUE)
    history: History[BauhausState] = History(GAME, state)
    history.play(GAME.parse_move(state, "power:shared b1", YELLOW), YELLOW)
    assert history.move_texts() == ["@1 power:shared a1"]
    assert GAME.play_texts(state, history.move_texts()) == history.state


def test_power_moves_are_offered_to_their_owner_on_their_own_turn_too() -> None:
    state = position([(["a1", "b1", "c1"], "byy")], players=2, turn=YELLOW)
    moves = [GAME.format_move(state, m) for m in GAME.legal_moves(state)]
    assert "power:shared a1" in moves and "card0" in moves


def test_wrong_owner_is_refused() -> None:
    state = position([(["a1", "b1", "c1"], "byy")], players=3, turn=BLUE)
    assert reason(state, "power:shared a1", seat=RED) == "Red does not have Shared Control"
    assert reason(state, "power:forced a1", seat=YELLOW) == "Yellow does not have Forced Control"
    empty = GAME.from_picture(EMPTY_BOARD, players=2, powers=True)
    assert reason(empty, "power:mind", seat=BLUE) == "Mind Control is used right after another player chooses a card"
