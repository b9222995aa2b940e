"""The brief banners ("Your turn, Anni", "Blue passes") stand in the top bar, in every game and at
every size of the layout check: they never hide the position under them."""

from __future__ import annotations

from typing import Any

import pytest

from bauhausbox.engine.api import Words
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import frames, open_game, window_size


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "buizen", "blokus"])
def test_a_banner_stands_in_the_top_bar_not_over_the_game(fresh_app: Any, game_id: str, size: tuple[int, int]) -> None:
    with window_size(fresh_app, size) as app:
        scene = open_game(app, game_id, 2, seats=["human", "ai:easy"], seed=3)
        assert isinstance(scene, GameScene)
        frames(app, 2)
        scene.banner(Words("Your turn, {name}", name="Marianne Brandt"), 0)
        with layout_probe.recording(app.screen.get_size()) as record:
            frames(app, 1)
        shown = [text for text in record.texts if "MARIANNE BRANDT" in text.content]
        assert shown, "the banner is drawn"
        for text in shown:
            assert scene.top_rect.contains(text.rect), f"{text.content} at {tuple(text.rect)} leaves the top bar"
            assert not text.rect.colliderect(scene.game_rect), "the banner lies over the game"
