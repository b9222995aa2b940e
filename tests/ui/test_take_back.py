"""Taking a move back before the next player unveils: the curtain that passes the device offers the
player who just moved "take back my move" when nobody has seen anything new (no draw undone, no
other human's move), in every game with a curtain. It undoes without asking anyone, shows nobody's
secret, and calls the mover back to the screen behind their own curtain."""

from __future__ import annotations

from typing import Any

import pygame

from bauhausbox.games.bits.rules import HIDDEN
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.ui.text import shown
from tests.games.bits.test_bits_scene import air_point
from tests.ui.helpers import click, frames, key, open_game


def _curtain(app: Any) -> CurtainScene:
    assert isinstance(app.top, CurtainScene), app.top
    return app.top


def test_the_mover_takes_a_placement_back_from_the_next_players_curtain(fresh_app: Any) -> None:
    open_game(fresh_app, "bits", 2, ["human", "human"], seed=9)
    frames(fresh_app, 2)
    scene = next(s for s in fresh_app.stack if hasattr(s, "match"))
    assert _curtain(fresh_app).take_back_button is None  # nobody has moved yet
    key(fresh_app, pygame.K_RETURN)  # P1 at the screen
    frames(fresh_app, 1)
    click(fresh_app, air_point(scene, 3.0))  # P1 places the start tile
    frames(fresh_app, 2)
    curtain = _curtain(fresh_app)
    assert curtain.player == "P2" and curtain.take_back_button is not None
    assert "P1" in shown(curtain.take_back_button.label)
    curtain.take_back_button.click()
    frames(fresh_app, 2)
    assert scene.match.history.cursor == 0 and scene.match.state.to_play == 0  # undone, nobody asked
    # P1 is called back to the screen: whoever holds the device sees nothing until then.
    again = _curtain(fresh_app)
    assert again.player == "P1" and again.take_back_button is None
    key(fresh_app, pygame.K_RETURN)
    frames(fresh_app, 1)
    assert fresh_app.top is scene and scene.viewer == 0
    assert scene.view.pending[1] is None  # P2 had placed nothing
    click(fresh_app, air_point(scene, 5.5))  # placed again, elsewhere
    frames(fresh_app, 2)
    assert _curtain(fresh_app).player == "P2" and scene.match.history.cursor == 1


def test_no_take_back_once_a_draw_came_or_for_another_players_move(fresh_app: Any) -> None:
    """P2's placement completes the start tiles and turns up the first tile card (a draw): taking it
    back would need everyone's agreement, so the curtain does not offer it."""
    open_game(fresh_app, "bits", 2, ["human", "human"], seed=9)
    frames(fresh_app, 2)
    scene = next(s for s in fresh_app.stack if hasattr(s, "match"))
    key(fresh_app, pygame.K_RETURN)
    frames(fresh_app, 1)
    click(fresh_app, air_point(scene, 3.0))
    frames(fresh_app, 2)
    key(fresh_app, pygame.K_RETURN)  # P2 at the screen
    frames(fresh_app, 1)
    assert scene.view.pending[0] == HIDDEN
    click(fresh_app, air_point(scene, 3.0))
    frames(fresh_app, 2)
    assert scene.match.state.tile_card is not None  # the draw
    curtain = _curtain(fresh_app)
    assert curtain.player == "P1" and curtain.take_back_button is None
