"""Accented capitals sit on the line: "RÈGLES" drawn where "REGLES" is drawn has its letters on the
same baseline (the É of RÉGLAGES used to push the whole word down, in headings, buttons and banners)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox.ui import draw, theme
from bauhausbox.ui.widgets import Button


def _ink_bottom(surface: pygame.Surface) -> int:
    """The lowest row with ink: the baseline of capitals without descenders."""
    mask = pygame.mask.from_threshold(surface, theme.INK, (40, 40, 40, 255))
    rects = mask.get_bounding_rects()
    assert rects, "nothing was drawn"
    return max(rect.bottom for rect in rects)


def _drawn(words: str, how: str, size: int) -> pygame.Surface:
    surface = pygame.Surface((600, 200))
    surface.fill(theme.PAPER)
    if how == "heading":
        draw.heading(surface, words, (20, 60), size)
    elif how == "centred":
        draw.text(surface, words, (300, 100), size, theme.INK, "bold", "center", spacing=0.08)
    else:
        draw.text(surface, words, (20, 100), size, theme.INK, "regular", "midleft")
    return surface


@pytest.mark.parametrize("how", ["heading", "centred", "plain"])
@pytest.mark.parametrize("size", [14, 18, 24, 31, 44])
def test_an_accented_capital_keeps_the_baseline(app: Any, how: str, size: int) -> None:
    for plain, accented in (("REGLES", "RÈGLES"), ("REGLAGES", "RÉGLAGES"), ("TETROMINOS", "TÉTROMINOS")):
        assert _ink_bottom(_drawn(accented, how, size)) == _ink_bottom(_drawn(plain, how, size)), (accented, how)


def test_a_button_label_keeps_the_baseline(app: Any) -> None:
    bottoms = []
    for label in ("Reglages", "Réglages"):
        surface = pygame.Surface((400, 120))
        surface.fill(theme.PAPER)
        button = Button(label, lambda: None)
        button.rect = pygame.Rect(40, 30, 300, 56)
        button.draw(surface, app.metrics)
        inside = surface.subsurface(button.rect.inflate(-16, -16))
        bottoms.append(_ink_bottom(inside))
    assert bottoms[0] == bottoms[1]


def test_the_accents_are_still_drawn(app: Any) -> None:
    # Placed by its line, an accented word keeps its accent: more ink above the capitals than without.
    accented, plain = _drawn("RÈGLES", "heading", 31), _drawn("REGLES", "heading", 31)
    top = min(r.top for r in pygame.mask.from_threshold(accented, theme.INK, (40, 40, 40, 255)).get_bounding_rects())
    top_plain = min(r.top for r in pygame.mask.from_threshold(plain, theme.INK, (40, 40, 40, 255)).get_bounding_rects())
    assert top < top_plain
