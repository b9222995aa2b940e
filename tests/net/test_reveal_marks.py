"""Across computers, another player's Bits placement, once shown, is marked on a remote screen as at
one computer: its value reaches the screen with its notation (the server tells it once no secret),
so the recap numbers and outlines it. Loopback, each wait bounded."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from bauhausbox.net import background
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import join_table
from bauhausbox.net.scripted import legal_texts
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.host import open_remote
from tests.net.helpers import framed_until, hosted_elsewhere, on_loopback

SECONDS = 10.0


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    on_loopback(monkeypatch)
    yield
    background.stop_hosting()


def test_a_shown_placement_is_outlined_and_numbered_on_a_remote_screen(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = fresh_app
    host, code = hosted_elsewhere("bits", ("Anni", "Bert", "Cleo"), 8)
    loop = host.loop
    anni = RemoteTable(host.local_url, code, seat=0, name="Anni")
    cleo = RemoteTable(host.local_url, code, seat=2, name="Cleo")
    for player in (anni, cleo):
        loop.run(player.start(SECONDS), SECONDS + 1)
    guest = join_table(host.local_url, code, [1], name="Bert")
    open_remote(app, guest)
    scene = app.top
    assert isinstance(scene, GameScene)
    bert = guest.remotes[1]

    def place(player: RemoteTable, count: int) -> None:
        loop.run(player.play(legal_texts(player)[0]), SECONDS)
        assert framed_until(app, lambda: len(guest.match.history.steps) == count and not scene.animating())

    try:
        place(anni, 1)  # secret to Bert: no value on his screen yet
        assert guest.match.history.steps[0].move is None
        place(bert, 2)
        place(cleo, 3)  # everybody has placed: the three tiles are shown
        steps = guest.match.history.steps
        assert framed_until(app, lambda: steps[0].move is not None), "Anni's shown placement has no value"
        assert anni.view is not None and steps[0].text == anni.view.moves[0].text
        assert steps[2].move is not None  # Cleo's came already shown
        place(anni, 4)  # the next tile: secret again; Bert's turn begins with the recap
        assert guest.match.history.steps[3].move is None
        drawn: list[Any] = []
        monkeypatch.setattr(scene, "outline_move", lambda surface, mark: drawn.append(mark))
        assert framed_until(app, lambda: bool(scene.recap))
        scene.draw(pygame.Surface(app.screen.get_size()))
        assert {(mark.index, mark.seat, mark.label) for mark in drawn} == {(2, 2, "1")}, drawn
    finally:
        app.go_home()
        for player in (anni, cleo):
            loop.run(player.close(), SECONDS)
