"""The Settings screen's Back button stays off the poster's blue bar along the bottom and, with its
shadow, off the window's edge, at every window size, below the last setting."""

from __future__ import annotations

from typing import Any

import pygame

from bauhausbox.scenes.settings import SettingsScene
from tests.ui.helpers import frames, window_size


def test_back_sits_above_the_blue_bar(fresh_app: Any) -> None:
    for size in ((1024, 700), (1280, 800), (1920, 1080)):
        with window_size(fresh_app, size):
            scene = SettingsScene(fresh_app)
            fresh_app.push(scene)
            frames(fresh_app, 1)
            m = fresh_app.metrics
            u = m.u
            bar = pygame.Rect(0, m.height - u(5), u(40), u(5))  # as the poster draws it
            back = scene.back.rect
            with_shadow = back.inflate(u(2), u(2))  # its shadow and a little air
            assert not with_shadow.colliderect(bar), (size, tuple(back), tuple(bar))
            assert with_shadow.bottom < m.height, size
            last_row = scene.rows[-1][1]
            assert back.top >= last_row.bottom, (size, tuple(back), tuple(last_row))
