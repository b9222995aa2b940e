"""Decision windows: when a human holds a power that can answer the card just chosen, play pauses
with one dialog before anybody goes on; "Not now" is not asked again at the same moment, and the
setting "never" does not ask."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.games.bauhaus.positions import EMPTY_BOARD
from bauhausbox.games.bauhaus.rules import GAME, RESOLVE, Move, MoveKind
from bauhausbox.games.bauhaus.screen.panel import prompt_text
from bauhausbox.games.bauhaus.screen.scene import BauhausScene
from bauhausbox.match import Match
from bauhausbox.persistence.models import Settings
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.ui.text import shown
from tests.games.bauhaus.test_bauhaus_scene import square_point, with_tokens
from tests.ui.helpers import click, frames, wait_until

BLUE, YELLOW = 0, 1


def yellow_has_chosen(app: Any, yellow: str = "ai:random", ask: str = "always") -> BauhausScene:
    """Blue (human, Mind Control unused) watches Yellow, who has just chosen the Place-token card;
    ``ask``: the setting "Ask me when I can react" (the decision windows' tests turn it on)."""
    app.settings.ask_reactions = ask
    state = GAME.from_picture(EMPTY_BOARD, display=("place", "move", "I2", "swap"), powers=True, turn=YELLOW)
    state = with_tokens(state, ("c3",), ("f6",))
    state = GAME.apply(state, Move(MoveKind.CARD, slot=0))
    assert state.phase == RESOLVE and state.to_play == YELLOW
    seats = (SeatSpec("Anni"), SeatSpec.from_text(yellow, "Computer"))
    scene = BauhausScene(
        app, Match(Setup("bauhaus", 2, 1, seats, {"powers": True}), History(GAME, state), autosave=False)
    )
    app.push(scene)
    frames(app, 2)
    return scene


def button(dialog: DialogScene, label: str) -> tuple[int, int]:
    return next(b for b in dialog.buttons if shown(b.label) == label).rect.center


def test_a_computer_turn_pauses_while_blue_could_answer_with_mind_control(fresh_app: Any) -> None:
    scene = yellow_has_chosen(fresh_app)
    dialog = fresh_app.top
    assert isinstance(dialog, DialogScene)
    assert dialog.title == "Blue (Anni): use Mind Control now?"
    frames(fresh_app, 30)
    assert fresh_app.top is dialog and not scene.runner.busy  # the computer waits for the answer
    assert scene.match.history.cursor == 0


def test_not_now_lets_the_computer_go_on_and_is_not_asked_again(fresh_app: Any) -> None:
    scene = yellow_has_chosen(fresh_app)
    dialog = fresh_app.top
    assert isinstance(dialog, DialogScene)
    click(fresh_app, button(dialog, "Not now"))
    assert fresh_app.top is scene
    frames(fresh_app, 2)
    assert fresh_app.top is scene  # same moment: not asked again
    assert wait_until(fresh_app, lambda: scene.match.history.cursor > 0)
    assert scene.match.history.steps[0].seat == YELLOW
    assert scene.match.state.used == (False, False)


def test_use_lets_blue_take_over_the_card(fresh_app: Any) -> None:
    scene = yellow_has_chosen(fresh_app)
    dialog = fresh_app.top
    assert isinstance(dialog, DialogScene)
    click(fresh_app, button(dialog, "Use"))
    assert fresh_app.top is scene
    assert scene.match.state.to_play == BLUE and scene.match.state.used == (True, False)


def test_by_default_play_goes_on_and_the_lit_button_offers_the_power(fresh_app: Any) -> None:
    """The review: a question after nearly every card, for every human. A fresh player's settings
    ask nothing; Yellow places at once, Blue's Bauhaus! button is lit with a cue beside the board."""
    scene = yellow_has_chosen(fresh_app, yellow="human", ask=Settings().ask_reactions)
    frames(fresh_app, 3)
    assert fresh_app.top is scene, "a question went up"
    assert scene.input_allowed()  # Yellow may carry out the card: nobody waits
    blue = scene.power_buttons[BLUE]
    assert blue.visible and blue.enabled
    assert "Blue may use Mind Control now: press Bauhaus!" in prompt_text(scene, scene.match.state)
    click(fresh_app, blue.rect.center)
    assert scene.match.state.to_play == BLUE and scene.match.state.used == (True, False)


def test_by_default_a_computer_waits_for_blue_to_answer(fresh_app: Any) -> None:
    """The new player: against a computer the lit button came too late (its card landed within
    moments). A fresh player's settings ask when a computer is to play, and the computer waits."""
    scene = yellow_has_chosen(fresh_app, yellow="ai:random", ask=Settings().ask_reactions)
    dialog = fresh_app.top
    assert isinstance(dialog, DialogScene), "no question while a computer was about to play"
    frames(fresh_app, 30)
    assert fresh_app.top is dialog and scene.match.history.cursor == 0


def test_a_game_of_computers_never_waits(fresh_app: Any) -> None:
    """Only humans at this computer are asked: a computers-only game is as fast as before."""
    fresh_app.settings.ask_reactions = Settings().ask_reactions
    state = GAME.from_picture(EMPTY_BOARD, display=("place", "move", "I2", "swap"), powers=True, turn=YELLOW)
    state = with_tokens(state, ("c3",), ("f6",))
    state = GAME.apply(state, Move(MoveKind.CARD, slot=0))
    seats = (SeatSpec.from_text("ai:random", "A"), SeatSpec.from_text("ai:random", "B"))
    scene = BauhausScene(
        fresh_app, Match(Setup("bauhaus", 2, 1, seats, {"powers": True}), History(GAME, state), autosave=False)
    )
    fresh_app.push(scene)
    assert wait_until(fresh_app, lambda: scene.match.history.cursor > 0)
    assert fresh_app.top is scene


def test_the_setting_never_does_not_ask(fresh_app: Any) -> None:
    scene = yellow_has_chosen(fresh_app, ask="never")
    assert fresh_app.top is scene
    assert wait_until(fresh_app, lambda: scene.match.history.cursor > 0)
    assert scene.match.history.steps[0].seat == YELLOW


def test_another_human_goes_on_only_after_the_answer(fresh_app: Any) -> None:
    scene = yellow_has_chosen(fresh_app, yellow="human")
    assert isinstance(fresh_app.top, DialogScene)  # Yellow cannot place before Blue has answered
    assert not scene.input_allowed()


def test_a_greyed_power_button_says_when_it_becomes_usable(fresh_app: Any) -> None:
    state = GAME.from_picture(EMPTY_BOARD, display=("place", "move", "I2", "swap"), powers=True, turn=YELLOW)
    seats = (SeatSpec("Anni"), SeatSpec("Bert"))
    scene = BauhausScene(
        fresh_app, Match(Setup("bauhaus", 2, 1, seats, {"powers": True}), History(GAME, state), autosave=False)
    )
    fresh_app.push(scene)
    frames(fresh_app, 2)
    blue = scene.power_buttons[BLUE]
    assert not blue.enabled  # Yellow has not chosen a card yet
    assert "right after another player chooses a card" in blue.tooltip
    assert "Mind Control" in blue.tooltip


def test_the_decision_window_stands_beside_the_board_and_says_what_the_power_does(fresh_app: Any) -> None:
    scene = yellow_has_chosen(fresh_app)
    dialog = fresh_app.top
    assert isinstance(dialog, DialogScene)
    frames(fresh_app, 1)
    board = scene.geo.outer_rect()
    assert not dialog.panel.colliderect(board), (dialog.panel, board)  # the position stays in view
    assert fresh_app.screen.get_rect().contains(dialog.panel)
    # The power's effect (docs/rules/bauhaus.md), not only its name: Blue carries out Yellow's card.
    assert "Yellow's card" in dialog.message and "turn is spent" in dialog.message
    assert "You can answer what just happened" not in dialog.message


def test_stop_asking_leaves_a_cue_and_the_button_uses_the_power(fresh_app: Any) -> None:
    """The review: the question came after every opponent card. "Stop asking" ends the windows for
    this seat, play goes on, and a cue beside the board with the Bauhaus! button stays."""
    scene = yellow_has_chosen(fresh_app, yellow="human")
    dialog = fresh_app.top
    assert isinstance(dialog, DialogScene)
    click(fresh_app, button(dialog, "Stop asking"))
    frames(fresh_app, 3)
    assert fresh_app.top is scene  # not asked again, and Yellow may place
    assert scene.input_allowed()
    assert "Blue may use Mind Control now: press Bauhaus!" in prompt_text(scene, scene.match.state)
    blue = scene.power_buttons[BLUE]
    assert blue.enabled
    click(fresh_app, blue.rect.center)
    assert scene.match.state.to_play == BLUE and scene.match.state.used == (True, False)


def test_after_stop_asking_the_next_opponent_card_does_not_stop_play(fresh_app: Any) -> None:
    scene = yellow_has_chosen(fresh_app)
    dialog = fresh_app.top
    assert isinstance(dialog, DialogScene)
    click(fresh_app, button(dialog, "Stop asking"))
    # Yellow (a computer) places; Blue plays a whole turn; Yellow chooses and carries out a card again.
    assert wait_until(fresh_app, lambda: scene.match.state.to_play == BLUE)
    while scene.match.state.to_play == BLUE:
        assert scene.submit(GAME.legal_moves(scene.match.state)[0])
        frames(fresh_app, 1)
    chosen_again = scene.match.history.cursor + 2  # Yellow's card, then what it does
    for _frame in range(600):
        frames(fresh_app, 1)
        assert not isinstance(fresh_app.top, DialogScene), "asked again after Stop asking"
        if scene.match.history.cursor >= chosen_again:
            break
    assert scene.match.history.cursor >= chosen_again
    assert scene.match.state.used == (False, False)


def test_black_chooses_which_power_to_copy_in_the_one_question(fresh_app: Any) -> None:
    """Black (Mimetic Control) could answer Yellow's card with two powers: the window asks once, with
    one button per power, says what each does, and a button starts that power at once."""
    state = GAME.from_picture(EMPTY_BOARD, players=4, display=("place", "move", "I2", "swap"), powers=True, turn=YELLOW)
    squares = [GAME.board.parse_square(name) for name in ("c3", "f6", "a8", "h1")]
    state = replace(state, deployed=tuple(1 << square for square in squares), reserve=(7, 7, 7, 7))
    state = GAME.apply(state, Move(MoveKind.CARD, slot=0))
    seats = (*(SeatSpec.from_text("ai:random", f"Computer {i}") for i in range(3)), SeatSpec("Walter"))
    setup = Setup("bauhaus", 4, 1, seats, {"powers": True})
    fresh_app.settings.ask_reactions = "always"
    scene = BauhausScene(fresh_app, Match(setup, History(GAME, state), autosave=False))
    fresh_app.push(scene)
    frames(fresh_app, 2)
    dialog = fresh_app.top
    assert isinstance(dialog, DialogScene), "Black is asked"
    labels = [shown(b.label) for b in dialog.buttons]
    assert "Use Mind Control" in labels and "Use Forced Control" in labels, labels
    message = shown(dialog.message)
    assert "Mind Control:" in message and "Forced Control:" in message, message
    click(fresh_app, button(dialog, labels[labels.index("Use Forced Control")]))
    assert fresh_app.top is scene, "no second question"
    assert scene.power_mode == (3, "mimetic:forced")
    # Play waits while Black picks the token: the position aimed at stays the one answered.
    cursor = scene.match.history.cursor
    frames(fresh_app, 30)
    assert scene.match.history.cursor == cursor and not scene.runner.busy
    click(fresh_app, square_point(scene, "c3"))
    assert scene.match.history.cursor == cursor + 1
    assert scene.match.history.steps[cursor].seat == 3 and scene.match.state.used[3]
