"""Privacy at the table: every frame drawn, whatever led to it, shows a seat's secrets only to that seat.

Pass-and-play games with hidden information are driven with two humans and a computer, through
every handover: human to human, human to computer to human, a hint asked and played, undo and redo
across seats, Continue, Load and Play again, with animations on (a computer's move animates while
the next human waits). Every frame the window draws is recorded (``layout_probe``): the screens say
whose hand, secret colour, placement or hint they draw (``layout_probe.private``) and which texts
they write. The test keeps its own account of who may look, from the curtains it dismisses and the
turns it sees, never from the screen's bookkeeping:

- a seat may look once its curtain was dismissed, until the turn passes to another human;
- from the moment the turn passes to another human, nobody may look until that human's curtain
  is dismissed; nor while a computer plays between two humans (the next one may come to the
  screen), nor while everyone is asked a question (an undo past a draw);
- except the player who has just moved, in the moment that shows them what their move brought
  them (``scenes/outcome.py``: the tiles a Buizen move drew), from the move until they close it:
  then only that seat, the one that held the device, may look, and the moment must be about its
  own move.

A frame fails when it draws a seat's private material while that seat may not look, or a hint's
words after the hint's position was left.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pygame
import pytest

from bauhausbox import games
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.load import PAGE_SIZE, LoadScene
from bauhausbox.scenes.outcome import OutcomeScene
from bauhausbox.ui import layer, layout_probe
from bauhausbox.ui.app import App
from tests.ui.helpers import click, close_outcome, frames, key, open_game, quit_to_menu, wait_until

NAMES = ["P1", "P2", "P3"]  # the names open_game gives
SEATS = ["human", "human", "ai:easy"]


def _keeps_secrets(game_id: str) -> bool:
    """Whether one seat knows what another does not (Bauhaus hides its deck order from everyone)."""
    game = games.load(game_id)
    if not game.info.hidden_information or game.info.max_players < 3:
        return False
    state = game.new_game(players=3, seed=7)
    for _ in range(30):  # Bits: the seats' placements differ only once some are made
        if any(game.view(state, seat) != game.view(state, 0) for seat in (1, 2)):
            return True
        if state.to_play is None:
            return False
        state = game.apply(state, game.legal_moves(state)[0])
    return False


SECRET_GAMES = [g for g in games.GAME_IDS if _keeps_secrets(g)]


def test_the_games_with_secrets_are_found() -> None:
    assert set(SECRET_GAMES) == {"bits", "buizen"}


@dataclass
class Watch:
    """Checks every frame the window draws against the seat that may look."""

    allowed: int | None = None
    holder: int | None = None  # the seat whose curtain was dismissed last: it holds the device
    moment: bool = False  # the mover's own outcome is up in this frame
    moment_frames: int = 0
    frames: int = 0
    private_frames: int = 0
    leaks: list[str] = field(default_factory=list)
    hint_words: set[str] = field(default_factory=set)  # said for a hint whose position was left

    def scene(self, app: App) -> GameScene | None:
        return next((s for s in reversed(app.stack) if isinstance(s, GameScene)), None)

    def before_draw(self, app: App) -> None:
        scene = self.scene(app)
        if scene is None or scene.spectating:
            return
        match = scene.match
        seat = match.to_play
        if not match.over and match.is_human(seat) and seat != self.allowed:
            self.allowed = None  # the turn passed to another human: nobody looks until their curtain
        if isinstance(app.top, DialogScene) and len(match.humans) > 1:
            self.allowed = None  # everyone at the table is asked to look (an undo past a draw)
        if not match.over and not match.is_human(seat):
            self.allowed = None  # a computer plays: the next human may come to take the device
        top = app.top
        self.moment = isinstance(top, OutcomeScene)
        if isinstance(top, OutcomeScene):
            last = match.history.steps[match.history.cursor - 1] if match.history.cursor else None
            if last is None or last.seat != self.holder or top.outcome.seat != self.holder:
                self.leaks.append(f"a move's outcome for seat {top.outcome.seat} while seat {self.holder} holds it")

    def after_draw(self, app: App, record: layout_probe.Record) -> None:
        scene = self.scene(app)
        if scene is None or scene.spectating:
            return
        self.frames += 1
        where = f"frame {self.frames}, move {scene.match.history.cursor}, top {app.top.name}"
        if scene.match.over:
            return  # at the end every hand is shown
        if record.privates:
            self.private_frames += 1
        may_look = self.holder if self.moment else self.allowed
        self.moment_frames += self.moment and bool(record.privates)
        for drawn in record.privates:
            if drawn.seat != may_look:
                self.leaks.append(f"{where}: seat {drawn.seat}'s {drawn.what} while seat {may_look} may look")
        for text in record.texts:
            if any(words and words in text.content for words in self.hint_words):
                self.leaks.append(f"{where}: an old hint is still said: {text.content!r}")


@pytest.fixture()
def watch(fresh_app: App, monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    watcher = Watch()
    real_draw = App._draw
    # No repaint budget: every changed part after a frame's first is shown late when it may be
    # (ui/layer.py), so the frames hold as many old copies as the spreading can ever show.
    monkeypatch.setattr(layer, "spreading", True)
    monkeypatch.setattr(layer, "FRAME_BUDGET", 0.0)

    def recorded(self: App) -> None:
        watcher.before_draw(self)
        with layout_probe.recording(self.screen.get_size()) as record:
            real_draw(self)
        watcher.after_draw(self, record)

    monkeypatch.setattr(App, "_draw", recorded)
    # Moves animate, as at a real table: a computer's move plays out while the next human waits.
    monkeypatch.setattr(fresh_app.settings, "animation_speed", "normal")
    yield watcher


def _scene(app: App) -> GameScene:
    found = next(s for s in reversed(app.stack) if isinstance(s, GameScene))
    assert isinstance(found, GameScene)
    return found


def _settle(app: App, watch: Watch) -> None:
    """Run frames until a curtain is up or a human may act; dismiss the curtain as its player."""
    scene = _scene(app)

    def waiting_for_a_human() -> bool:
        top = app.top
        if isinstance(top, CurtainScene | OutcomeScene):
            return True
        return top is scene and scene.match.is_human(scene.match.to_play) and not scene.runner.busy

    for _ in range(8):
        assert wait_until(app, waiting_for_a_human, 900), "the table never came back to a human"
        if isinstance(app.top, OutcomeScene):
            frames(app, 10)  # the mover looks at what their move drew, then closes it
            close_outcome(app)
            continue
        if not isinstance(app.top, CurtainScene):
            frames(app, 30)  # half a second: whatever animates, animates
            if not isinstance(app.top, CurtainScene):
                return
        curtain = app.top
        assert isinstance(curtain, CurtainScene)
        seat = NAMES.index(curtain.player)
        watch.allowed = watch.holder = seat  # that player now holds the device
        click(app, curtain.ready_button.rect.center)
        frames(app, 3)
    raise AssertionError("curtains kept coming")


def _hint_and_play(app: App, watch: Watch) -> None:
    """The human to play asks for a hint and plays it with Enter: its words go with it."""
    scene = _scene(app)
    assert wait_until(app, lambda: scene.input_allowed(), 300), "the human never got the table back"
    key(app, pygame.K_h, unicode="h")
    assert wait_until(app, lambda: scene.hint_move is not None, 600), (
        f"no hint came {scene.message!r} {scene.hint_runner.busy} {scene.match.to_play} {scene.viewer} {app.top.name}"
    )
    frames(app, 2)
    hint = scene.hint_move
    words = scene.hint_text(hint)
    assert words
    # What the bar said: the whole hint or its fewer words (not the same "shown on the board" of every hint).
    shown = scene.status_message() if scene.status_message() != scene.hint_words(hint)[-1] else ""
    seat = scene.match.to_play
    key(app, pygame.K_RETURN)
    assert scene.match.history.cursor > 0 and scene.hint_move is None
    # From now on the hint's words belong to a position that is gone (whole, or in fewer words).
    watch.hint_words.update(said.split("  ·  ")[0] for said in (words, shown) if said)
    assert scene.match.to_play != seat or scene.match.history.steps[-1].seat == seat


def _play_turn(app: App) -> None:
    """The human to play plays until the turn leaves them."""
    scene = _scene(app)
    start = scene.match.to_play
    for _ in range(40):
        assert wait_until(app, lambda: scene.input_allowed(), 300), "the human never got the table back"
        moves = scene.game.legal_moves(scene.match.state)
        assert scene.submit(moves[0])
        frames(app, 1)
        if scene.match.over or scene.match.to_play != start:
            return
    raise AssertionError("the turn never passed")


@pytest.mark.parametrize("game_id", SECRET_GAMES)
def test_no_frame_shows_a_secret_to_another_seat(fresh_app: App, watch: Watch, game_id: str) -> None:
    app = fresh_app
    open_game(app, game_id, 3, SEATS, seed=7)
    scene = _scene(app)
    _settle(app, watch)

    # Human to human (or human to computer to human), a hint asked and played on the way.
    for _ in range(3):
        _hint_and_play(app, watch)
        _settle(app, watch)
        _play_turn(app)
        _settle(app, watch)

    # Undo and redo across seats (past a draw, everybody agrees).
    for _ in range(2):
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        if app.top.name == "dialog":
            click(app, app.top.buttons[0].rect.center)
        _settle(app, watch)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    _settle(app, watch)

    # Continue.
    quit_to_menu(app)
    watch.allowed = watch.holder = None  # the menu: whoever comes next goes through the curtain
    click(app, app.top.continue_button.rect.center)
    _settle(app, watch)

    # Load.
    _play_turn(app)
    _settle(app, watch)
    scene = _scene(app)
    path = scene.match.save_path
    quit_to_menu(app)
    watch.allowed = watch.holder = None
    click(app, app.top.load_button.rect.center)
    load = app.top
    assert isinstance(load, LoadScene)
    index = [s.path for s in load.summaries].index(path)
    load.turn(index // PAGE_SIZE)
    click(app, load.row_buttons[index % PAGE_SIZE][0].rect.center)
    _settle(app, watch)

    # Play again.
    scene = _scene(app)
    for _ in range(5000):
        if scene.match.over:
            break
        scene.match.play(scene.game.legal_moves(scene.match.state)[0])
    assert wait_until(app, lambda: isinstance(app.top, GameOverScene), 600)
    click(app, app.top.again_button.rect.center)
    watch.allowed = watch.holder = None
    _settle(app, watch)
    _play_turn(app)
    _settle(app, watch)

    assert watch.frames > 100 and watch.private_frames > 5  # the watch saw secrets drawn
    if game_id == "buizen":  # a move's outcome was shown to its maker, and checked
        assert watch.moment_frames > 5
    assert not watch.leaks, watch.leaks[:8]
