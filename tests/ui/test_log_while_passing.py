"""While the device passes (the curtain), the log tells nothing, and says nothing false either: no
"No moves yet." over a game that has moves. Once the next player is at the screen, the moves are
told again."""

from __future__ import annotations

from typing import Any

from bauhausbox import games
from bauhausbox.engine.bots.base import Budget, RandomBot
from bauhausbox.engine.history import SeatSpec, Setup
from bauhausbox.match import Match
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.flow import open_match
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import click, frames, wait_until


def _two_humans_after(game_id: str, moves: int) -> Match:
    game = games.load(game_id)
    setup = Setup(game_id, 2, 11, (SeatSpec("Anni"), SeatSpec("Bert")), game.normalize_options(2, {}))
    match = Match(setup, autosave=False)
    bot = RandomBot(11)
    while match.history.cursor < moves:
        seat = match.to_play
        match.play(bot.choose(game, game.view(match.state, seat), seat, Budget(1.0)))
    return match


def test_the_log_says_nothing_false_while_the_device_passes(fresh_app: Any) -> None:
    app = fresh_app
    app.settings.log_open = True
    match = _two_humans_after("bits", 4)
    open_match(app, match)
    assert wait_until(app, lambda: isinstance(app.top, CurtainScene), 60)
    scene = app.stack[-2]
    assert isinstance(scene, GameScene)
    scene.update(0.0)
    with layout_probe.recording(app.screen.get_size()) as record:
        scene.draw(app.screen)  # what the table under the curtain would show
    said = [text.content for text in record.texts]
    assert "No moves yet." not in said, "the game has moves"
    assert scene.log.lines == (), "nothing is told while the device passes"
    click(app, app.top.ready_button.rect.center)
    frames(app, 2)
    assert len(scene.log.lines) == match.history.cursor, "at the screen, the moves are told again"
