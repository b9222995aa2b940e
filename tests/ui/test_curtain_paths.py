"""The pass-the-device curtain, whatever path changes the seat in front of the screen.

For every hidden-information game with two humans, each path that can change the seat whose view
is on screen is driven through the real event path: a turn, undo (also past a draw, through
"Everyone agrees"), redo, Continue, Load, Restart and "Play again". A spy on each game screen's
``draw_game`` compares the view the drawing code reads (``scene.view`` / ``scene.viewer``) with
the rules' view for the seat whose curtain this test last dismissed: no frame may draw another
seat's secrets. The seat that may look is tracked here, from the curtains the test clicks away,
not from the screen's own bookkeeping.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from bauhausbox import games
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.load import PAGE_SIZE, LoadScene
from tests.ui.helpers import click, close_outcome, frames, key, open_game, quit_to_menu, wait_until

NAMES = ["P1", "P2"]  # the names open_game gives
HIDDEN_GAMES = [g for g in games.GAME_IDS if games.load(g).info.hidden_information]


@dataclass
class Spy:
    """Checks every drawn frame of a game screen against the seat allowed to look."""

    allowed: int | None = None  # the seat whose curtain was dismissed last (None: nobody yet)
    frames: int = 0
    leaks: list[str] = field(default_factory=list)

    def check(self, scene: GameScene) -> None:
        self.frames += 1
        state = scene.match.state
        game = scene.game
        drawn = scene.view
        seats = range(len(scene.match.setup.seats))
        if all(game.view(state, s) == game.view(state, 0) for s in seats):
            # Nothing differs between the seats' views (e.g. Bauhaus hides only the deck order,
            # from everyone; also every game once over): any seat's view may show, the full
            # position may not.
            if drawn != game.view(state, 0):
                self.leaks.append(f"frame {self.frames}: a view that no seat has (move {scene.match.history.cursor})")
            return
        if self.allowed is None or drawn != game.view(state, self.allowed) or scene.viewer != self.allowed:
            self.leaks.append(
                f"frame {self.frames}: drew seat {scene.viewer}'s view while seat {self.allowed} holds the device "
                f"(move {scene.match.history.cursor}, {scene.match.seat_name(state.to_play or 0)} to play)"
            )


@pytest.fixture()
def spy(monkeypatch: pytest.MonkeyPatch) -> Iterator[Spy]:
    watcher = Spy()
    for game_id in HIDDEN_GAMES:
        scene_type = games.scene_class(game_id)
        original = scene_type.draw_game

        def spied(self: GameScene, surface: pygame.Surface, _original: Any = original) -> None:
            watcher.check(self)
            _original(self, surface)

        monkeypatch.setattr(scene_type, "draw_game", spied)
    yield watcher


def _scene(app: Any) -> GameScene:
    found = next(s for s in reversed(app.stack) if isinstance(s, GameScene))
    assert isinstance(found, GameScene)
    return found


def _hands_over(app: Any, spy: Spy, expected: int | None) -> None:
    """Run frames; a curtain must come for ``expected`` (None: no curtain at all), and only
    after it is dismissed may that seat look."""
    scene = _scene(app)
    wait_until(app, lambda: isinstance(app.top, CurtainScene) or not scene.runner.busy, 200)
    frames(app, 3)
    if close_outcome(app):  # the last player saw what their move drew (only they looked)
        frames(app, 3)
    if not scene.needs_curtain() or expected is None:
        assert not isinstance(app.top, CurtainScene)
        return
    assert not spy.leaks, spy.leaks
    assert isinstance(app.top, CurtainScene), f"no curtain before {NAMES[expected]} looks"
    assert app.top.player == NAMES[expected]
    spy.allowed = expected  # the named player now holds the device
    click(app, app.top.ready_button.rect.center)
    assert app.top is scene
    frames(app, 2)
    assert scene.viewer == expected


def _expected(scene: GameScene) -> int | None:
    """The human who should look now: the seat to play (only humans play in these tests)."""
    return None if scene.match.over else scene.match.to_play


def _play_until_other_seat(app: Any, spy: Spy) -> None:
    scene = _scene(app)
    start = scene.match.to_play
    for _ in range(40):
        moves = scene.game.legal_moves(scene.match.state)
        assert scene.submit(moves[0])
        frames(app, 1)
        if scene.match.over or scene.match.to_play != start:
            return
        assert not isinstance(app.top, CurtainScene)  # the same player goes on: no curtain
    raise AssertionError("the turn never passed")


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_every_seat_change_goes_through_the_curtain(fresh_app: Any, spy: Spy, game_id: str) -> None:
    app = fresh_app
    open_game(app, game_id, 2, ["human", "human"], seed=5)
    scene = _scene(app)
    assert [s.name for s in scene.match.setup.seats] == NAMES
    _hands_over(app, spy, _expected(scene))

    # A turn.
    _play_until_other_seat(app, spy)
    _hands_over(app, spy, _expected(scene))
    second = scene.match.to_play

    # Undo (holding C, Buizen's peek at the secret material, as the player to move).
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0)], 1 / 60)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    if app.top.name == "dialog":  # undo past a draw: everyone agrees
        click(app, app.top.buttons[0].rect.center)
    assert scene.match.to_play != second
    _hands_over(app, spy, _expected(scene))

    # Redo.
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.match.to_play == second
    _hands_over(app, spy, _expected(scene))

    # Continue from the main menu.
    quit_to_menu(app)
    click(app, app.top.continue_button.rect.center)
    scene = _scene(app)
    _hands_over(app, spy, _expected(scene))

    # Load: one more turn first, then the game is opened from the Load list.
    _play_until_other_seat(app, spy)
    _hands_over(app, spy, _expected(scene))
    path = scene.match.save_path
    quit_to_menu(app)
    click(app, app.top.load_button.rect.center)
    load = app.top
    assert isinstance(load, LoadScene)
    index = [s.path for s in load.summaries].index(path)
    load.turn(index // PAGE_SIZE)
    click(app, load.row_buttons[index % PAGE_SIZE][0].rect.center)
    scene = _scene(app)
    assert scene.match.save_path == path
    _hands_over(app, spy, _expected(scene))

    # Restart from the pause menu.
    key(app, pygame.K_ESCAPE)
    click(app, app.top.restart_button.rect.center)
    click(app, app.top.buttons[0].rect.center)  # "Restart"
    scene = _scene(app)
    assert scene.match.history.cursor == 0
    _hands_over(app, spy, _expected(scene))

    # Play again after the end: the moves are played straight through the match (fast); the
    # game-over table comes, and "Play again" opens a new game behind a curtain.
    for _ in range(5000):
        if scene.match.over:
            break
        scene.match.play(scene.game.legal_moves(scene.match.state)[0])
    assert scene.match.over
    assert wait_until(app, lambda: isinstance(app.top, GameOverScene), 400)
    click(app, app.top.again_button.rect.center)
    scene = _scene(app)
    assert scene.match.history.cursor == 0
    _hands_over(app, spy, _expected(scene))

    assert spy.frames > 20
    assert not spy.leaks, spy.leaks


def test_out_of_turn_decisions_only_from_the_seat_on_screen(fresh_app: Any) -> None:
    """In a curtain game another human cannot decide out of turn while a different seat's view is
    on screen; in Bauhaus (no secrets) a human's power stays available out of turn."""
    app = fresh_app
    open_game(app, "buizen", 2, ["human", "human"], seed=5)
    _hands_over(app, Spy(), 0)
    scene = _scene(app)
    assert scene.viewer == 0 and scene.input_allowed(0)
    assert not scene.input_allowed(1)
    scene.runner.cancel()

    open_game(app, "bauhaus", 2, ["human", "human"], seed=5, options={"powers": True})
    frames(app, 2)
    scene = _scene(app)
    assert not scene.needs_curtain()
    other = 1 - (scene.match.to_play or 0)
    assert scene.input_allowed(other)
