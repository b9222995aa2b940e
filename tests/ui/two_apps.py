"""One copy of the app in a two-copies game across computers, driven without a person: the host or
the guest.

``python -m tests.ui.two_apps host GAME OUT`` opens the app, hosts a four-player table of GAME
(Anni here, a seat for a player at another computer, two random computers) through the setup's own
path (``scenes.host.host_table``) and prints ``{"code": ..., "port": ...}``;
``python -m tests.ui.two_apps guest GAME OUT --address A --code C`` opens another copy, which joins
through the Join screen as "Bérénice" and sits in the free seat. Each then plays random legal moves
from its own seat's view until the table has played ``--steps`` moves, saves its window to
``OUT/<role>-GAME.png``, prints what its screen shows (names, moves, language, status line) as one
JSON line and waits for a line on its input before leaving (the other copy would hear that this one
left). With ``--watchers`` the host lets people watch; ``python -m tests.ui.two_apps watcher GAME OUT
--address A --code C`` opens a copy that watches through the Join screen's Watch button (it says
``watching`` on a line of its own once its screen is open), follows the table until it has played
``--steps`` moves and reports like the others. The language and the window come from the
environment (``BAUHAUSBOX_LANG``, ``SDL_VIDEODRIVER``, ``DISPLAY``), so the same driver runs
headless in ``tests/ui/test_two_apps.py`` and on a real display in ``scripts/two-apps``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from bauhausbox import games, i18n
from bauhausbox.app_main import open_app
from bauhausbox.engine.history import SeatSpec
from bauhausbox.net import background, discovery
from bauhausbox.net.remote import RemoteTableAdapter
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.host import host_table
from bauhausbox.scenes.join import JoinScene
from bauhausbox.ui.app import App

FRAME = 1 / 60
GUEST_NAME = "Bérénice"


def _frames(app: App, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(pygame.event.get(), FRAME)
        time.sleep(0.005)


def host(app: App, game_id: str, watchers: bool = False) -> GameScene[Any, Any]:
    game = games.load(game_id)
    seats = [SeatSpec("Anni"), SeatSpec("Bert"), SeatSpec("Cleo", "ai", "random"), SeatSpec("Dirk", "ai", "random")]
    table = host_table(app, game_id, 4, seats, game.normalize_options(4, {}), remote={1}, watchers=watchers)
    assert table is not None and table.invitation is not None, "the table could not be hosted"
    app.pop(app.top)  # the invitation (its words are what the script prints)
    print(json.dumps({"code": table.invitation.code, "port": table.invitation.port}), flush=True)
    scene = app.top
    assert isinstance(scene, GameScene)
    return scene


def _looked_up(app: App, address: str, code: str, name: str | None = None) -> JoinScene:
    """The Join screen with ``address`` and ``code`` typed (and ``name``, if given) and the table looked up."""
    join = JoinScene(app)
    app.push(join)
    _frames(app, 0.2)
    if name is not None:
        join._set_name(name)
        join.name_field.value = name
    join._set_address(address)
    join.address_field.value = address
    join._set_code(code)
    join.find()
    return join


def guest(app: App, address: str, code: str) -> GameScene[Any, Any]:
    join = _looked_up(app, address, code, GUEST_NAME)
    assert join.table is not None and join.table.free, join.problem
    join.sit(join.table.free[0])
    scene = app.top
    assert isinstance(scene, GameScene), join.problem
    return scene


def watcher(app: App, address: str, code: str) -> GameScene[Any, Any]:
    join = _looked_up(app, address, code)
    assert join.table is not None and join.watch_button.visible, join.problem
    join.watch_button.on_click()
    scene = app.top
    assert isinstance(scene, GameScene), join.problem
    print("watching", flush=True)
    return scene


def play(app: App, scene: GameScene[Any, Any], steps: int, seconds: float, rng: random.Random) -> None:
    """Random legal moves from this screen's seats until the table has played ``steps`` moves."""
    table = scene.table
    assert isinstance(table, RemoteTableAdapter)
    end = time.monotonic() + seconds
    while time.monotonic() < end and len(scene.match.history.steps) < steps and not scene.match.over:
        app.frame(pygame.event.get(), FRAME)
        for seat in table.remotes:
            # On its turn only: the rules' moves out of turn (Bauhaus's powers) are the player's choice.
            if seat != scene.match.to_play or not scene.input_allowed(seat):
                continue
            try:
                moves = scene.game.legal_moves(scene.view, seat=seat)
            except Exception:  # a view that does not list this seat's moves now
                moves = []
            if moves:
                scene.submit(rng.choice(moves), seat=seat)
                break
        time.sleep(0.01)
    _frames(app, 0.5)  # the last moves' views, animations and banners settle


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=("host", "guest", "watcher"))
    parser.add_argument("game")
    parser.add_argument("out", type=Path)
    parser.add_argument("--address", default="")
    parser.add_argument("--code", default="")
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--watchers", action="store_true", help="the host lets people watch")
    args = parser.parse_args(argv)
    width, height = (int(part) for part in args.size.split("x"))
    # Both copies run on this computer: the table is served and found on loopback only.
    background.LISTEN_ON = "127.0.0.1"
    discovery.INTERFACES = ["127.0.0.1"]
    app = open_app(windowed=True, size=(width, height))
    app.settings.computer_delay = 0.05
    app.settings.animation_speed = "off"
    if args.role == "host":
        scene = host(app, args.game, args.watchers)
    elif args.role == "guest":
        scene = guest(app, args.address, args.code)
    else:
        scene = watcher(app, args.address, args.code)
    play(app, scene, args.steps, args.seconds, random.Random(args.role + args.game))
    args.out.mkdir(parents=True, exist_ok=True)
    shot = args.out / f"{args.role}-{args.game}.png"
    pygame.image.save(app.screen, str(shot))
    table = scene.table
    assert isinstance(table, RemoteTableAdapter)
    report = {
        "role": args.role,
        "language": i18n.language(),
        "seats": sorted(table.remotes),
        "names": [spec.name for spec in scene.match.setup.seats],
        "steps": len(scene.match.history.steps),
        "said": scene.match.said[-3:],
        "situation": scene.situation(),
        "connected": [table.connected(seat) for seat in range(len(scene.match.setup.seats))],
        "watching": table.watching(),
        "count": scene._move_count()[0],
        "may_act": table.may_act(),
        "shot": str(shot),
    }
    print(json.dumps(report, ensure_ascii=False), flush=True)
    sys.stdin.readline()  # both copies have said what they show: now they may leave
    table.close()
    hosted = background.hosting()
    if hosted is not None:
        hosted.close()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
