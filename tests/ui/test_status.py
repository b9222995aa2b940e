"""The status bar and the banners say what is happening: a computer thinking, a decision window
waiting, the curtain, game over; "Your turn" when a human's turn begins after others moved; and the
final table can be opened again after "See the board".

What is checked is what the frame drew (the layout probe's record of every text), not the screen's
own bookkeeping.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.match import Match
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.flow import open_match
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import click, frames, open_game, wait_until


def drawn_texts(app: Any) -> list[str]:
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    return [text.content for text in record.texts]


def status_text(app: Any, scene: GameScene) -> str:
    """The words drawn inside the status bar in the next frame."""
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    inside = [t.content for t in record.texts if scene.status_rect.contains(t.rect)]
    return "  ".join(inside)


@pytest.fixture()
def slow_computers(fresh_app: Any) -> Iterator[Any]:
    """Computers that take their time (the minimum delay of a computer move), so a test can look."""
    before = fresh_app.settings.computer_delay
    fresh_app.settings.computer_delay = 30.0
    yield fresh_app
    fresh_app.settings.computer_delay = before


def nearly_finished_match(game_id: str) -> Match:
    """Two computers, one move before the end: the screen plays it and the final table comes up."""
    game = games.load(game_id)
    seats = (SeatSpec("Anni", "ai", "random"), SeatSpec("Bo", "ai", "random"))
    setup = Setup(game_id, 2, 5, seats, game.normalize_options(2, {}))
    history: History[Any] = History(game, setup.new_state(game))
    moves = []
    state = history.state
    while state.to_play is not None:
        moves.append(game.legal_moves(state)[0])
        state = game.apply(state, moves[-1])
    for move in moves[:-1]:
        history.play(move)
    return Match(setup, history, autosave=False)


def test_while_a_computer_thinks_the_status_bar_says_so(slow_computers: Any) -> None:
    app = slow_computers
    scene = open_game(app, "blokus", 2, ["ai:easy", "human"], seed=3)
    frames(app, 2)
    status = status_text(app, scene)
    assert "P1 is thinking" in status
    assert "H hint" not in status  # no controls of a human's turn while a computer plays


def test_a_decision_window_is_waited_for_not_thought_about(
    slow_computers: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = slow_computers
    monkeypatch.setattr(app.settings, "ask_reactions", "always")  # the question is opt-in (Settings)
    scene = open_game(app, "bauhaus", 2, ["ai:easy", "human"], seed=3)
    monkeypatch.setattr(scene, "reactions", lambda seat: ["Mind Control"] if seat == 1 else [])
    assert wait_until(app, lambda: isinstance(app.top, DialogScene), 60)
    texts = drawn_texts(app)
    assert any("Waiting for" in t and "to decide" in t for t in texts), texts
    assert not any("thinking" in t for t in texts), texts


def test_game_over_is_said_and_the_table_opens_again_after_see_the_board(fresh_app: Any) -> None:
    app = fresh_app
    open_match(app, nearly_finished_match("blokus"))
    scene = app.top
    assert isinstance(scene, GameScene)
    scene.say("Hint: place the blue monomino on r10")  # said just before the last move
    assert wait_until(app, lambda: scene.match.over, 200)
    assert "Game over" in status_text(app, scene)  # not the old hint
    assert wait_until(app, lambda: isinstance(app.top, GameOverScene), 200)
    table = app.top
    click(app, table.board_button.rect.center)  # "See the board"
    assert app.top is scene
    assert "Game over" in status_text(app, scene)
    assert scene.hint_button.label == "Scores" and scene.hint_button.enabled
    click(app, scene.hint_button.rect.center)
    assert isinstance(app.top, GameOverScene)


def test_your_turn_is_announced_after_the_computers_moved(fresh_app: Any) -> None:
    app = fresh_app
    scene = open_game(app, "blokus", 2, ["ai:random", "human"], seed=3)
    assert wait_until(app, lambda: scene.match.to_play == 1 and scene.match.history.cursor > 0, 300)
    frames(app, 2)
    assert "YOUR TURN, P2" in drawn_texts(app)


def test_no_your_turn_between_the_parts_of_one_turn(fresh_app: Any) -> None:
    """A Bauhaus turn is a card, then its action: the banner comes once, not after the card."""
    app = fresh_app
    scene = open_game(app, "bauhaus", 2, ["human", "ai:random"], seed=3)
    assert scene.submit(scene.game.legal_moves(scene.match.state)[0])  # the opening token
    assert wait_until(app, lambda: scene.match.to_play == 0 and scene.match.history.cursor >= 2, 300)
    frames(app, 2)
    scene.banner_text = ""
    before = scene.match.history.cursor
    moves = scene.game.legal_moves(scene.match.state)
    assert scene.submit(moves[0])
    frames(app, 3)
    assert scene.match.history.cursor == before + 1
    assert scene.match.to_play == 0  # the same seat goes on with its card's action
    assert "YOUR TURN, P1" not in drawn_texts(app)


def test_the_curtain_shows_the_seat_it_passes_to(fresh_app: Any) -> None:
    app = fresh_app
    open_game(app, "buizen", 2, ["human", "human"], seed=3)
    assert wait_until(app, lambda: isinstance(app.top, CurtainScene), 60)
    scene = next(s for s in app.stack if isinstance(s, GameScene))
    curtain = app.top
    assert (curtain.colour, curtain.shape) == scene.seat_style(0) != scene.seat_style(1)
    assert "P1" in drawn_texts(app)
