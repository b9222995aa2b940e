"""The top bar always says whose turn it is or shows a whole banner, never nothing and never a banner
cut short; and the bars of every game follow one punctuation rule: no line ends with a full stop."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.engine.api import Words
from bauhausbox.i18n import N_
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.ui import draw, layout_probe, theme
from tests.ui.helpers import frames, open_game, wait_until, window_size

GAMES = ["bauhaus", "bits", "buizen", "blokus"]
SIZES = [(1024, 700), (1280, 800), (1920, 1080)]


@pytest.fixture(params=["en", "fr"])
def language(request: Any) -> Iterator[str]:
    before = i18n.language()
    i18n.set_language(request.param)
    try:
        yield request.param
    finally:
        i18n.set_language(before)


def _top_words(scene: GameScene, record: Any) -> list[Any]:
    """The texts drawn in the top bar's room for the turn text and banners."""
    return [text for text in record.texts if text.rect.colliderect(scene.banner_area) and text.content.strip()]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
def test_the_top_bar_shows_a_whole_banner_or_the_turn_text_at_every_moment(
    fresh_app: Any, game_id: str, size: tuple[int, int], language: str
) -> None:
    with window_size(fresh_app, size) as app:
        scene = open_game(app, game_id, 2, seats=["human", "ai:easy"], seed=3)
        assert isinstance(scene, GameScene)
        frames(app, 2)
        scene.banner(Words("Your turn, {name}", name="Marianne Brandt"), 0)
        tween = scene.banner_tween
        assert tween is not None
        for progress in (0.05, 0.5, 0.8, 0.9, 0.99, 1.0):
            tween.started = time.perf_counter() - tween.delay - progress * tween.duration
            with layout_probe.recording(app.screen.get_size()) as record:
                frames(app, 1)
            said = _top_words(scene, record)
            assert said, f"the top bar says nothing at {progress:.0%} of the banner"
            for text in said:
                if "MARIANNE" not in text.content:
                    continue
                # A banner is drawn whole: its band at full strength and its words not cut.
                inner = draw.render_text(text.content, text.size, theme.WHITE, "black", 0.0)
                assert text.rect.width >= inner.get_width(), f"{text.content!r} is cut at {size}"
                band = app.screen.get_at((text.rect.left - 2, text.rect.centery))
                assert tuple(band)[:3] == theme.INK, f"the banner fades over an empty place at {progress:.0%}"
            banner = [text for text in said if "MARIANNE" in text.content]
            if banner:  # the banner stands in the turn text's place, never over part of it
                assert len(banner) == len(said), [text.content for text in said]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_line_of_the_bars_ends_with_a_full_stop(fresh_app: Any, game_id: str, language: str) -> None:
    """One rule for every game: the top and status bars' lines are labels. Driven through the
    moments that fill them: a computer thinking, the human's turn, messages the screens say (most
    are written as sentences), the hint, a refusal of undo."""
    scene = open_game(fresh_app, game_id, 2, seats=["ai:easy", "human"], seed=5)
    assert isinstance(scene, GameScene)
    seen: list[str] = []

    def look() -> None:
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        for text in record.texts:
            if text.rect.colliderect(scene.top_rect) or text.rect.colliderect(scene.status_rect):
                seen.append(text.content)

    look()  # perhaps the computer thinking
    assert wait_until(fresh_app, lambda: scene.match.to_play is not None and scene.match.is_human(scene.match.to_play))
    look()
    for message in (N_("Nothing to redo."), N_("Redone."), N_("Card choice cancelled: choose again.")):
        scene.say(message)
        look()
    scene.request_hint()
    assert wait_until(fresh_app, lambda: scene.hint_move is not None or not scene.hint_runner.busy)
    look()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=pygame.KMOD_CTRL, unicode=""))
    look()
    assert seen
    stops = sorted({text for text in seen if text.rstrip().endswith(".")})
    assert not stops, stops
