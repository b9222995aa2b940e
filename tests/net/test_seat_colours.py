"""One source for seat colours: the Join screen's seat list marks each seat in the colour and shape
the game itself gives it (Buizen's second seat is purple in the game; the list drew the house's
yellow), for every game; the guest's game screen then shows the same."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import games
from bauhausbox.engine.history import SeatSpec, Setup
from bauhausbox.net import background, discovery
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.join import JoinScene


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])


def _marker_colours(app: Any, join: JoinScene) -> dict[int, set[tuple[int, int, int]]]:
    """The colours drawn by each seat row's marker (a small box at the row's start)."""
    app.frame([], 1 / 60)
    u = join.metrics.u
    colours: dict[int, set[tuple[int, int, int]]] = {}
    for seat, cy in join.rows:
        box = pygame.Rect(0, 0, u(1.2), u(1.2))
        box.center = (u(10) + u(2), cy + u(0.3))
        colours[seat] = {
            tuple(app.screen.get_at((x, y)))[:3] for x in range(box.left, box.right) for y in range(box.top, box.bottom)
        }  # type: ignore[misc]
    return colours


@pytest.mark.parametrize("game_id", ["buizen", "bits", "blokus", "bauhaus"])
def test_the_join_list_marks_seats_in_the_games_own_colours(fresh_app: Any, tmp_path: Any, game_id: str) -> None:
    app = fresh_app
    game = games.load(game_id)
    host = background.local_host(tmp_path, 0.0)
    seats = (SeatSpec("Anni"), SeatSpec("Bert"), SeatSpec("Josef"))
    code = host.create_table(Setup(game_id, 3, 7, seats, game.normalize_options(3, {})))
    join = JoinScene(app)
    app.push(join)
    try:
        join._set_address(f"127.0.0.1:{host.port}")
        join._set_code(code)
        join.find()
        seen = _marker_colours(app, join)
        assert sorted(seen) == [0, 1, 2]
        join._set_name("Bert")  # a first guest's name field may start empty
        join.sit(1)
        scene = app.top
        assert isinstance(scene, GameScene)
        for seat in (0, 1, 2):
            colour = tuple(scene.seat_style(seat)[0])[:3]  # what the game screen marks the seat with
            assert colour in seen[seat], (game_id, seat, colour, seen[seat])
        scene.table.close()
    finally:
        app.go_home()
