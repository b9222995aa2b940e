"""A guest's screen while play is on hold (the host left the table): no move prompt in the top bar,
no move controls, no hint, undo or redo, and the reason said once, in the status bar; back to the
prompt when the host returns. Every game, over loopback, each wait bounded."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox import i18n
from bauhausbox.net import background
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import join_table
from bauhausbox.net.scripted import legal_texts
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.host import open_remote
from tests.net.helpers import framed_until, hosted_elsewhere, on_loopback
from tests.ui.helpers import frames

SECONDS = 10.0


def _rules_text(scene: Any) -> str | None:
    """The words a game's panel says about the step to play, where it has them (Bauhaus), else None."""
    if scene.game.info.id != "bauhaus":
        return None
    from bauhausbox.games.bauhaus.screen.panel import prompt_text

    return prompt_text(scene, scene.match.state)


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    on_loopback(monkeypatch)
    yield
    background.stop_hosting()


@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "buizen", "blokus"])
def test_while_the_host_is_away_the_guest_is_asked_for_no_move(fresh_app: Any, game_id: str) -> None:
    app = fresh_app
    host, code = hosted_elsewhere(game_id, ("Anni", "Bert"), 11)
    loop = host.loop
    anni = RemoteTable(host.local_url, code, seat=0, name="Anni")  # the host's player, headless
    loop.run(anni.start(SECONDS), SECONDS + 1)
    rng = random.Random(5)
    try:
        guest = join_table(host.local_url, code, [1], name="Bert")
        open_remote(app, guest)
        scene = app.top
        assert isinstance(scene, GameScene) and scene.table is guest
        # Anni plays until it is Bert's turn, so Bert's screen asks him for a move.
        while anni.view is not None and anni.view.to_play == 0:
            count = len(anni.view.moves)
            loop.run(anni.play(rng.choice(legal_texts(anni))), SECONDS)
            loop.run(anni.wait_for(lambda seen, count=count: len(seen.moves) > count, SECONDS), SECONDS + 1)
        assert framed_until(app, lambda: guest.match.to_play == 1 and not scene.animating())
        prompt = scene.top_words()
        assert "on hold" not in prompt
        rules = _rules_text(scene)

        loop.run(host.server.leave(code, [0]), SECONDS)  # the host leaves the table
        assert framed_until(app, lambda: guest.host_away() is not None)
        frames(app, 2)
        words = scene.top_words()
        # Bert's own turn is said to him as his ("Au tour de Bert · en attente" read as someone else's),
        # and what play waits for: the host.
        assert words == "Your turn · waiting for the host", words
        i18n.set_language("fr")
        try:
            assert scene.top_words() == "À vous · en attente de l’hôte"
        finally:
            i18n.set_language("en")
        situation = scene.situation()
        assert situation.startswith("Anni (the host) left the table")
        assert words not in situation  # said once: the reason below, whose turn above
        assert not any(control.visible for control in scene.move_controls())
        assert not scene.hint_button.enabled and not scene.undo_button.enabled and not scene.redo_button.enabled
        assert not scene.input_allowed(1)
        # The step's rules stay beside the board (Bauhaus's panel): only the move is on hold.
        assert rules is None or (rules and _rules_text(scene) == rules), (rules, _rules_text(scene))

        loop.run(_resume(host, code), SECONDS)  # the host reopens the table: Bert comes back
        assert framed_until(app, lambda: guest.host_away() is None and not guest.held(), 15.0)
        frames(app, 2)
        assert scene.top_words() == prompt
    finally:
        app.go_home()
        loop.run(anni.close(), SECONDS)


async def _resume(host: Any, code: str) -> None:
    host.server.resume(code)
