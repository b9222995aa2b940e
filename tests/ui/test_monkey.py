"""A UI monkey: thousands of seeded random events sent through the real event path to every game
screen (with the usual seat mixes, two humans included for the pass-the-device curtain) and to the
puzzle screen, while computer players move: clicks, drags (also out of the window: negative and
beyond-size coordinates), motion, the wheel and the keys the screens use. No event may raise, and no
computer player or search may fail on its thread.

A failure names the seed, the case and the event index, and lists the last events, so it reproduces
(computer players think on threads, so their timing can differ from run to run).

``MONKEY_EVENTS`` (events per case, default below) and ``MONKEY_SEEDS`` (comma-separated) make a
longer soak run, e.g. ``MONKEY_EVENTS=3000 MONKEY_SEEDS=1,2,3,4``.
"""

from __future__ import annotations

import os
import random
import threading
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.engine.bots import runner as runner_module
from bauhausbox.engine.history import SeatSpec
from bauhausbox.match import Match
from bauhausbox.scenes.flow import open_match
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.main_menu import MainMenuScene
from bauhausbox.ui.app import App
from tests.ui.helpers import open_game


@dataclass(frozen=True)
class Case:
    name: str
    game_id: str
    seats: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    endgame: int = 0  # open this many plies before the end of a random game (the game-over paths)


CASES = [
    Case("bauhaus-2", "bauhaus", ("human", "ai:easy")),
    Case("bauhaus-3-powers-2-humans", "bauhaus", ("human", "human", "ai:random"), {"powers": True}),
    Case("bauhaus-4-powers", "bauhaus", ("human", "ai:random", "ai:easy", "ai:random"), {"powers": True}),
    Case("bits-solo", "bits", ("human",)),
    Case("bits-2-humans", "bits", ("human", "human")),
    Case("bits-3-advanced", "bits", ("human", "ai:easy", "ai:random"), {"advanced": True}),
    Case("buizen-2", "buizen", ("human", "ai:easy")),
    Case("buizen-2-humans", "buizen", ("human", "human")),
    Case("buizen-4", "buizen", ("human", "human", "ai:random", "ai:easy"), {"start": "random"}),
    Case("blokus-2", "blokus", ("human", "ai:easy")),
    Case("blokus-3", "blokus", ("human", "ai:random", "ai:easy")),
    Case("blokus-4-teams-2-humans", "blokus", ("human", "human", "ai:random", "ai:easy"), {"teams": True}),
    Case("bauhaus-endgame-2-humans", "bauhaus", ("human", "human"), {"powers": True}, endgame=4),
    Case("bits-endgame", "bits", ("human", "ai:random"), endgame=6),
    Case("buizen-endgame-2-humans", "buizen", ("human", "human", "ai:random"), endgame=4),
    Case("blokus-endgame", "blokus", ("human", "ai:random", "human", "ai:random"), endgame=3),
    Case("puzzle-tetromino", "blokus-puzzles", ("human",), {"puzzle": "tetromino"}),
    Case("puzzle-fullboard", "blokus-puzzles", ("human",), {"puzzle": "fullboard"}),
]
TOTAL_EVENTS = 5000  # across all cases, in CI
EVENTS = int(os.environ.get("MONKEY_EVENTS", str(-(-TOTAL_EVENTS // len(CASES)))))
SEEDS = [int(s) for s in os.environ.get("MONKEY_SEEDS", "20250").split(",")]
FRAME_EVERY = 10  # a frame after at most this many events (and after every click and drag step)
AWAY_LIMIT = 25  # events spent off the case's screen (menus, setup...) before it is opened again

KEYS: list[tuple[int, int, str]] = [
    (pygame.K_ESCAPE, 0, ""),
    (pygame.K_r, 0, "r"),
    (pygame.K_r, pygame.KMOD_SHIFT, "R"),
    (pygame.K_f, 0, "f"),
    (pygame.K_h, 0, "h"),
    (pygame.K_z, pygame.KMOD_CTRL, ""),
    (pygame.K_y, pygame.KMOD_CTRL, ""),
    (pygame.K_SPACE, 0, " "),
    (pygame.K_RETURN, 0, "\r"),
    (pygame.K_KP_ENTER, 0, "\r"),
    (pygame.K_LEFT, 0, ""),
    (pygame.K_RIGHT, 0, ""),
    (pygame.K_UP, 0, ""),
    (pygame.K_DOWN, 0, ""),
    (pygame.K_PLUS, pygame.KMOD_SHIFT, "+"),
    (pygame.K_EQUALS, 0, "="),
    (pygame.K_MINUS, 0, "-"),
    (pygame.K_KP_PLUS, 0, "+"),
    (pygame.K_KP_MINUS, 0, "-"),
    (pygame.K_F1, 0, ""),
    (pygame.K_TAB, 0, "\t"),
    (pygame.K_BACKSPACE, 0, ""),
    (pygame.K_c, 0, "c"),
    *((pygame.K_1 + i, 0, str(i + 1)) for i in range(6)),
    *((pygame.K_a + i, 0, chr(ord("a") + i)) for i in range(26)),
]
F11 = (pygame.K_F11, 0, "")


class Monkey:
    """Random gestures for one case; ``run`` sends them and fails with the seed and event index."""

    def __init__(self, app: App, case: Case, seed: int, directory: Path) -> None:
        self.app = app
        self.case = case
        self.seed = seed
        self.rnd = random.Random(seed)
        self.directory = directory
        self.batch: list[pygame.event.Event] = []
        self.index = 0
        self.sent = 0  # pygame events, counted one by one
        self.frames = 0
        self.reopened = 0
        self.recent: list[str] = []
        self.away = 0
        self.pointer = (0, 0)
        self.visited: set[str] = set()  # names of the screens seen on top

    # -- the case's screen --------------------------------------------------------------------
    def open(self) -> None:
        for scene in list(self.app.stack):
            _stop_thinking(scene)
        self.app.running = True
        case = self.case
        if case.endgame:
            self._open_near_the_end()
        else:
            seed = self.rnd.randrange(1000)
            open_game(self.app, case.game_id, len(case.seats), list(case.seats), seed, dict(case.options))
        self.away = 0

    def _open_near_the_end(self) -> None:
        case = self.case
        specs = [SeatSpec.from_text(text, f"P{i + 1}") for i, text in enumerate(case.seats)]
        match = Match.start(case.game_id, len(specs), specs, dict(case.options), self.rnd.randrange(1000))
        game, state, moves = match.game, match.state, []
        while not game.is_over(state):
            move = self.rnd.choice(game.legal_moves(state))
            moves.append(move)
            state = game.apply(state, move)
        for move in moves[: -case.endgame]:
            match.history.play(move)
        open_match(self.app, match)

    def on_case_screen(self) -> bool:
        kind = GameScene
        return self.app.running and any(isinstance(scene, kind) for scene in self.app.stack)

    # -- positions -----------------------------------------------------------------------------
    def position(self) -> tuple[int, int]:
        width, height = self.app.screen.get_size()
        roll = self.rnd.random()
        top = self.app.top
        targets = [w.rect for w in top.widgets.widgets if w.visible and w.rect.w > 0] if top else []
        if roll < 0.2 and targets:
            rect = self.rnd.choice(targets)
            return rect.x + self.rnd.randrange(max(1, rect.w)), rect.y + self.rnd.randrange(max(1, rect.h))
        if roll < 0.35:  # outside the window: left, right, above, below, or far away
            x = self.rnd.choice([self.rnd.randrange(-2 * width, 0), self.rnd.randrange(width, 3 * width)])
            y = self.rnd.randrange(-height, 2 * height)
            return (x, y) if self.rnd.random() < 0.5 else (y * width // height, x * height // width)
        return self.rnd.randrange(width), self.rnd.randrange(height)

    # -- sending ---------------------------------------------------------------------------------
    def add(self, event: pygame.event.Event) -> None:
        self.batch.append(event)
        self.sent += 1

    def frame(self) -> None:
        events, self.batch = self.batch, []
        self.app.frame(events, 1 / 60)
        self.frames += 1
        if self.app.top is not None:
            self.visited.add(self.app.top.name)

    def motion(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        rel = (pos[0] - self.pointer[0], pos[1] - self.pointer[1])
        self.pointer = pos
        self.add(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons))

    def click(self) -> str:
        pos = self.position()
        button = self.rnd.choices([1, 3, 2, 4, 5], [20, 5, 1, 1, 1])[0]
        self.motion(pos)
        self.add(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        self.add(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frame()
        return f"click {button} at {pos}"

    def drag(self) -> str:
        start, end = self.position(), self.position()
        steps = self.rnd.randrange(1, 6)
        self.motion(start)
        self.add(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.frame()
        for step in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * step // steps, start[1] + (end[1] - start[1]) * step // steps)
            self.motion(pos, (1, 0, 0))
            if self.rnd.random() < 0.2:  # turn the piece in flight
                self.add(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=self.rnd.choice([-1, 1]), flipped=False))
            self.frame()
        self.add(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frame()
        return f"drag {start} -> {end} in {steps}"

    def key(self) -> str:
        key, mod, text = F11 if self.rnd.random() < 0.004 else self.rnd.choice(KEYS)
        if self.rnd.random() < 0.05:
            mod |= pygame.KMOD_SHIFT
        self.add(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0))
        if text.isprintable() and text and not mod & pygame.KMOD_CTRL:
            self.add(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.add(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0))
        return f"key {pygame.key.name(key)} mod {mod}"

    def wheel(self) -> str:
        y = self.rnd.choice([-3, -1, 1, 2])
        self.add(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
        return f"wheel {y}"

    def move(self) -> str:
        pos = self.position()
        self.motion(pos)
        return f"motion to {pos}"

    def wait(self) -> str:
        """Let computer players and searches get on (a player pausing to think)."""
        time.sleep(self.rnd.choice([0.01, 0.05, 0.2]))
        self.frame()
        return "pause"

    def play(self) -> str:
        """A legal move for the human to play, as a finished gesture would make it: random clicks
        seldom make one, and the game must move on for later positions, curtains and the end."""
        scene = self.app.top
        if not isinstance(scene, GameScene) or not scene.input_allowed():
            return "play (not now)"
        state = scene.match.state
        move = self.rnd.choice(scene.game.legal_moves(state))
        scene.submit(move)
        self.frame()
        return f"play {scene.game.format_move(state, move)}"

    def run(self, count: int) -> None:
        actions = [self.click, self.drag, self.move, self.key, self.wheel, self.wait, self.play]
        weights = [30, 14, 20, 28, 5, 3, 6]
        self.open()
        for self.index in range(count):
            action = self.rnd.choices(actions, weights)[0]
            try:
                self.recent = [*self.recent[-7:], action()]
                if len(self.batch) >= FRAME_EVERY or self.rnd.random() < 1 / FRAME_EVERY:
                    self.frame()
                if not self.on_case_screen():
                    self.away += 1
                    if self.away > AWAY_LIMIT or not self.app.running:
                        self.frame()
                        self.open()
                        self.reopened += 1
            except Exception as error:
                raise AssertionError(self.report(f"{type(error).__name__}: {error}", traceback.format_exc())) from error
        self.frame()

    def report(self, what: str, details: str = "") -> str:
        return (
            f"monkey case {self.case.name}, seed {self.seed}, event {self.index}: {what}\n"
            f"last events: {'; '.join(self.recent)}\n{details}"
        )


def _stop_thinking(scene: Any) -> None:
    for name in ("runner", "hint_runner"):
        worker = getattr(scene, name, None)
        if worker is not None:
            worker.cancel()


@pytest.fixture()
def thread_errors(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Exceptions raised on the computer players' and the searches' threads (the screens show those
    as a message and carry on, so the monkey records them to fail on them)."""
    errors: list[str] = []

    class Recorder:
        @staticmethod
        def format_exc(limit: int | None = None) -> str:
            errors.append(traceback.format_exc())
            return traceback.format_exc(limit=limit)

    monkeypatch.setattr(runner_module, "traceback", Recorder())
    monkeypatch.setattr(threading, "excepthook", lambda hook: errors.append(repr(hook.exc_value)))
    yield errors


@pytest.fixture()
def monkey_app(fresh_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The session app with its own data folder; settings, statistics and the window are put back
    afterwards (the monkey changes them through the settings screen and F11)."""
    app = fresh_app
    monkeypatch.setenv("BAUHAUSBOX_HOME", str(tmp_path / "home"))
    settings = app.settings.model_copy(deep=True)
    statistics = getattr(app, "statistics", None)
    statistics_copy = statistics.model_copy(deep=True) if statistics is not None else None
    yield app
    for scene in list(app.stack):
        _stop_thinking(scene)
    if app.fullscreen:
        app.toggle_fullscreen()
    for name in type(settings).model_fields:
        setattr(app.settings, name, getattr(settings, name))
    i18n.set_language(settings.language)  # the monkey may have picked another language in the settings
    if statistics_copy is not None:
        app.statistics = statistics_copy
    app.reset_to(MainMenuScene(app))
    app.running = True


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_random_events_raise_nothing(
    monkey_app: Any, thread_errors: list[str], tmp_path: Path, case: Case, seed: int
) -> None:
    app = monkey_app
    monkey = Monkey(app, case, seed + CASES.index(case), tmp_path / "puzzles")
    monkey.run(EVENTS)
    # Searches still running get a moment to finish and report.
    deadline = time.monotonic() + 0.5
    while time.monotonic() < deadline and any(getattr(getattr(s, "runner", None), "busy", False) for s in app.stack):
        monkey.frame()
        time.sleep(0.01)
    assert not thread_errors, monkey.report("an error on a computer player's or search's thread", thread_errors[0])
    played = [len(s.match.history.steps) for s in app.stack if isinstance(s, GameScene)]
    print(  # shown with -s: what a run covered
        f"{case.name} seed {monkey.seed}: {EVENTS} events ({monkey.sent} pygame events), {monkey.frames} frames, "
        f"screen opened again {monkey.reopened} times, moves in the last game {played}, "
        f"screens seen: {', '.join(sorted(monkey.visited))}"
    )
    assert monkey.sent >= EVENTS and monkey.frames >= EVENTS // FRAME_EVERY
