"""``bauhausbox smoke``: open every scene of every registered game headless, render, click around.

Used by the packaged-executable check and the test suite: it exercises fonts, sounds and images
from wherever the app is installed, every game's scene with computer players, the pause menu, the
how-to-play pages and the menus, then plays a game across computers on loopback (a server and two
of the app's own headless clients, :func:`~bauhausbox.net.scripted.host_and_play`), and exits 0
only when nothing raised.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

import pygame

from bauhausbox import games
from bauhausbox.app_main import open_app
from bauhausbox.engine.history import SeatSpec
from bauhausbox.net.scripted import host_and_play
from bauhausbox.scenes.flow import start_match
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.howto import HowToScene
from bauhausbox.scenes.load import LoadScene
from bauhausbox.scenes.settings import SettingsScene
from bauhausbox.scenes.setup import SetupScene
from bauhausbox.scenes.statistics import StatisticsScene


def _events(clicks: Iterable[tuple[int, int]]) -> list[pygame.event.Event]:
    events: list[pygame.event.Event] = []
    for pos in clicks:
        events += [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    return events


_ENVIRONMENT = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "BAUHAUSBOX_HOME", "BAUHAUSBOX_RAISE")


def run_smoke(frames_per_scene: int = 6) -> int:
    """Run the check with settings and saves in a temporary folder (unless ``BAUHAUSBOX_HOME`` names one).

    The folder is removed and the environment restored afterwards, whether the check passed or raised.
    """
    saved = {name: os.environ.get(name) for name in _ENVIRONMENT}
    with tempfile.TemporaryDirectory(prefix="bauhausbox-smoke-", ignore_cleanup_errors=True) as home:
        try:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
            os.environ.setdefault("BAUHAUSBOX_HOME", home)
            os.environ["BAUHAUSBOX_RAISE"] = "1"  # a smoke run must fail loudly
            return _smoke(frames_per_scene)
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def _smoke(frames_per_scene: int) -> int:
    started = time.perf_counter()
    app = open_app(windowed=True, size=(1280, 800))
    checked: list[str] = []

    def run(frames: int = frames_per_scene, clicks: Iterable[tuple[int, int]] = ()) -> None:
        app.frame(_events(clicks), 1 / 60)
        for _ in range(frames):
            app.frame([], 1 / 60)
            time.sleep(0.005)

    app.go_home()
    run()
    print(f"first frame after {time.perf_counter() - started:.2f} s", flush=True)
    checked.append("main menu")
    for scene in (SettingsScene(app), LoadScene(app), StatisticsScene(app)):
        app.push(scene)
        run()
        app.pop(scene)
        checked.append(scene.name)
    for game_id in games.GAME_IDS:
        game = games.load(game_id)
        setup = (games.setup_class(game_id) or SetupScene)(app, game_id)
        app.push(setup)
        run()
        app.pop(setup)
        howto = HowToScene(app, game.info.title, games.scene_class(game_id).how_to_play())
        app.push(howto)
        for _ in range(3):
            run(2)
            howto.turn(1)
        app.pop()
        players = game.info.default_players
        seats = [SeatSpec("Smoke", "human")] + [SeatSpec(f"CPU {i}", "ai", "easy") for i in range(1, players)]
        start_match(app, game_id, players, seats, {}, seed=7)
        w, h = app.screen.get_size()
        run(clicks=[(w // 3, h // 2), (w // 2, h // 2), (2 * w // 3, h // 3)])
        table = app.top
        assert isinstance(table, GameScene)
        table.open_pause()
        run()
        app.pop()
        checked.append(game_id)
    pygame.quit()
    # Play across computers from the installed (or packaged) app: a server on loopback, two of the
    # app's own headless clients, a whole game.
    with tempfile.TemporaryDirectory(prefix="bauhausbox-smoke-net-", ignore_cleanup_errors=True) as folder:
        print(f"network ok: {asyncio.run(host_and_play(Path(folder)))}", flush=True)
    checked.append("network")
    print(f"smoke ok: {', '.join(checked)} in {time.perf_counter() - started:.1f} s")
    return 0
