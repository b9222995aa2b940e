"""History: play, undo, redo, replay, undo plans with computer seats and reveal barriers."""

import itertools
from pathlib import Path

import pytest

from bauhausbox.engine.api import IllegalMoveError, InvalidMoveError, join_seat, split_seat
from bauhausbox.engine.history import History, SeatSpec, Setup, turns_between
from tests.engine.toy import GAME


def _setup(seed: int = 3) -> Setup:
    return Setup("toy", 2, seed, (SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")))


def test_play_undo_redo_and_the_redo_tail_is_dropped_by_a_new_move() -> None:
    history = History(GAME, _setup().new_state(GAME))
    history.play("draw")
    history.play("pass")
    assert history.cursor == 2 and history.move_texts() == ["draw", "pass"]
    history.go_to(1)
    assert history.can_redo and history.state.ply == 1
    history.play("draw")
    assert history.move_texts() == ["draw", "draw"] and not history.can_redo


def test_illegal_move_leaves_history_untouched() -> None:
    history = History(GAME, _setup().new_state(GAME))
    history.play("draw")
    with pytest.raises(IllegalMoveError):
        history.play("shout")  # seat 1 to play: shouting is only out of turn
    assert history.cursor == 1 and len(history.states) == 2


def test_out_of_turn_moves_are_recorded_with_their_seat_and_replay() -> None:
    history = History(GAME, _setup().new_state(GAME))
    history.play("draw")  # seat 0
    history.play("pass")  # seat 1
    history.play("shout", seat=1)  # seat 0 to play, seat 1 shouts
    assert history.move_texts()[-1] == "@1 shout"
    again = History.replay(GAME, _setup(), history.move_texts())
    assert again.state == history.state


def test_replay_reports_the_bad_move_number() -> None:
    with pytest.raises(InvalidMoveError, match="move 2"):
        History.replay(GAME, _setup(), ["draw", "fly"])


def test_undo_goes_back_to_the_human_decision_and_notes_reveals() -> None:
    history = History(GAME, _setup().new_state(GAME))
    history.play("pass")  # human (seat 0), no reveal
    history.play("draw")  # computer, reveals a card
    plan = history.undo_target(humans=[0])
    assert plan is not None
    # Back over the computer move and the human's move: the human decides again at ply 0.
    assert plan.index == 0
    assert plan.crosses_reveal
    history.go_to(plan.index)
    assert history.state.ply == 0
    assert history.redo_target([0]) == 2  # redo replays the human move and the computer reply


def test_undo_with_only_humans_is_one_move() -> None:
    history = History(GAME, _setup().new_state(GAME))
    history.play("pass")
    history.play("pass")
    plan = history.undo_target(humans=[0, 1])
    assert plan is not None and plan.index == 1 and not plan.crosses_reveal
    assert History(GAME, _setup().new_state(GAME)).undo_target([0]) is None


def test_seat_prefix_round_trip() -> None:
    assert split_seat(join_seat(2, "power:shared e4")) == (2, "power:shared e4")
    assert split_seat("card1:walls c3N") == (None, "card1:walls c3N")
    with pytest.raises(InvalidMoveError):
        split_seat("@x shout")


def test_seat_spec_text() -> None:
    assert SeatSpec.from_text("ai:hard", "C").level == "hard"
    assert SeatSpec.from_text("human", "A").is_human
    assert SeatSpec.from_text("ai", "C").to_text() == "ai:medium"
    with pytest.raises(ValueError):
        SeatSpec.from_text("ai:godlike", "C")
    with pytest.raises(ValueError):
        SeatSpec.from_text("robot", "C")


def test_view_hides_hands_and_deck() -> None:
    state = GAME.apply(_setup().new_state(GAME), "draw")
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert mine.hands[0] == state.hands[0] and theirs.hands[0] == (0,)
    assert set(theirs.deck) == {0}
    assert GAME.revealed(_setup().new_state(GAME), state)


def test_nothing_to_undo_when_only_a_computer_has_moved() -> None:
    """Against a computer who opens the game, undo before the human's first move would take back
    the computer's opening, which it plays again at once: nothing would change, so there is no undo."""
    computer_first = Setup("toy", 2, 3, (SeatSpec("Bot", "ai", "easy"), SeatSpec("Ann")))
    opened = History(GAME, computer_first.new_state(GAME))
    opened.play("draw")  # the computer (seat 0) opens
    assert opened.state.to_play == 1
    assert opened.undo_target(humans=[1]) is None
    opened.play("pass")  # now the human has decided something: that can be undone
    plan = opened.undo_target(humans=[1])
    assert plan is not None and plan.index == 1


def test_turns_between_counts_a_seats_run_of_decisions_once() -> None:
    setup = Setup("toy", 2, 11, (SeatSpec("Ann"), SeatSpec("Bob")))
    history = History.replay(GAME, setup, ["draw", "pass", "@1 shout", "draw"])
    assert [step.seat for step in history.steps] == [0, 1, 1, 0]
    assert turns_between(history.steps) == 3
    assert turns_between(history.steps[1:3]) == 1
    assert turns_between([]) == 0


def test_the_turn_follows_each_move_of_a_player_playing_on_alone() -> None:
    """Blokus Duo: once one colour has passed the other places piece after piece; each is a turn,
    so the count at the end agrees with the replay's and Load's (it said 32 for 33 pieces)."""
    from bauhausbox import games
    from tests.golden.playthrough import Playthrough

    text = (Path(__file__).parents[1] / "data" / "blokus" / "duo.txt").read_text()
    played = Playthrough.from_text(text)
    game = games.load("blokus")
    setup = Setup("blokus", 2, 601, (SeatSpec("Ann"), SeatSpec("Bob")), game.normalize_options(2, {"variant": "duo"}))
    history = History.replay(game, setup, played.moves)
    seats = [step.seat for step in history.steps]
    assert any(a == b for a, b in itertools.pairwise(seats))  # the same player twice in a row
    assert history.game.is_over(history.state)
    assert turns_between(history.steps) == len(history.steps)
    counted = []
    for cursor in range(len(history.steps) + 1):
        history.go_to(cursor)
        counted.append(history.turn)
    # The turn being played goes up by one with each piece and the last stands for the turns played.
    assert counted == [*range(1, len(history.steps) + 1), len(history.steps)]


def test_a_bauhaus_card_chosen_and_carried_out_is_one_turn() -> None:
    from bauhausbox import games

    game = games.load("bauhaus")
    setup = Setup("bauhaus", 2, 5, (SeatSpec("Ann"), SeatSpec("Bob")), game.normalize_options(2, {}))
    history = History(game, setup.new_state(game))
    while history.state.phase != "choose":  # the opening round: one token each, one turn each
        history.play(game.legal_moves(history.state)[0])
    assert history.turn == 3
    chooser = history.state.to_play
    history.play(game.legal_moves(history.state)[0])  # a card chosen: carrying it out is the same turn
    assert history.state.to_play == chooser and history.turn == 3
    while history.state.phase == "resolve":
        history.play(game.legal_moves(history.state)[0])
    assert history.state.to_play != chooser and history.turn == 4
