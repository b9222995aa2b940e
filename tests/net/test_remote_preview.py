"""No move preview on a screen whose seat cannot move: across computers, while another computer's
player is to play, the pointer over the board draws nothing (Bits: no tile over the column; Blokus,
Buizen, Bauhaus: no ghost, even with a Buizen tile taken in hand), and on the seat's own turn the
Bits and Buizen tiles do follow the pointer (so the check can see a preview).

The other player is a headless client (``net.client``) at the app's own server, over loopback; the
guest's screen is the game's own screen on the session app.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import games
from bauhausbox.engine.history import SeatSpec, Setup
from bauhausbox.net import background, discovery
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import join_table
from bauhausbox.net.scripted import legal_texts
from bauhausbox.scenes.game_scene import GameScene
from tests.ui.helpers import wait_until


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])


def _board(scene: Any) -> pygame.Rect:
    """Where the game's moves are shown: the ramp, the table, the board."""
    for name in ("ramp_rect", "board_rect"):
        if hasattr(scene, name):
            return pygame.Rect(getattr(scene, name))
    if hasattr(scene, "geo"):
        return pygame.Rect(scene.geo.rect)
    return pygame.Rect(scene.board.rect)


def _pointed(app: Any, pos: tuple[int, int]) -> pygame.Surface:
    """The window after the pointer came to ``pos`` (a few frames: the screen settles)."""
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.frame([motion], 1 / 60)
    for _ in range(2):
        app.frame([], 1 / 60)
    return app.screen.copy()


def _take(app: Any, game_id: str) -> None:
    """Take something in hand the way a player would, where the game lets one choose first
    (Buizen: key 1, the hand's first tile); Bits holds its tile by itself."""
    if game_id == "buizen":
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0)
        app.frame([key], 1 / 60)


def _changes(app: Any, scene: Any, game_id: str) -> int:
    """How many points over the board change the board's pixels when the pointer is there."""
    _take(app, game_id)
    board = _board(scene)
    assert board.width > 50 and board.height > 50
    outside = (app.screen.get_width() - 2, app.screen.get_height() // 2)
    base = _pointed(app, outside).subsurface(board).copy()
    changed = 0
    for fx in (0.2, 0.35, 0.5, 0.65, 0.8):
        for fy in (0.2, 0.4, 0.6, 0.8):
            pos = (board.left + round(board.width * fx), board.top + round(board.height * fy))
            seen = _pointed(app, pos).subsurface(board)
            changed += pygame.image.tobytes(seen, "RGB") != pygame.image.tobytes(base, "RGB")
    _pointed(app, outside)
    return changed


def _open(app: Any, tmp_path: Any, game_id: str) -> tuple[Any, RemoteTable, Any, Any]:
    """A two-player table at the app's own server: the app's screen sits in the seat that does not
    open the game, a headless client in the other."""
    game = games.load(game_id)
    options = game.normalize_options(2, {})
    host = background.local_host(tmp_path, 0.0)
    seats = (SeatSpec("Anni"), SeatSpec("Bert"))
    code = host.create_table(Setup(game_id, 2, 7, seats, options), watchers=False)
    first = game.new_game(2, 7, **options).to_play
    loop = background.shared_loop()
    other = RemoteTable(host.local_url, code, seat=first)
    loop.run(other.start(5.0), 6.0)
    table = join_table(host.local_url, code, [1 - first])
    scene = games.scene_class(game_id)(app, table.match)
    app.push(scene)
    assert isinstance(scene, GameScene)
    return table, other, scene, loop


@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "blokus", "buizen"])
def test_no_move_preview_while_another_computer_plays(fresh_app: Any, tmp_path: Any, game_id: str) -> None:
    app = fresh_app
    table, other, scene, loop = _open(app, tmp_path, game_id)
    try:
        assert scene.match.to_play == other.seat and not table.plays_here(other.seat)
        assert _changes(app, scene, game_id) == 0
        if game_id in ("bits", "buizen"):  # the host moves: now the guest's own tile follows the pointer
            seen = len(scene.match.history.steps)
            loop.run(other.play(legal_texts(other)[0]), 5.0)
            assert wait_until(app, lambda: len(scene.match.history.steps) > seen, 300)
            assert table.plays_here(scene.match.to_play)
            assert _changes(app, scene, game_id) > 0
    finally:
        loop.run(other.close(), 5.0)
        table.close()
        app.go_home()
