"""Buizen tiles tell their materials apart without hue, and their material tags stay legible, at
every zoom the table allows."""

from __future__ import annotations

import pygame
import pytest

from bauhausbox.games.buizen.screen import paint
from bauhausbox.games.buizen.screen.scene import MAX_CELL, MIN_CELL
from bauhausbox.games.buizen.tiles import MATERIALS, Sides

SIZES = sorted({int(MIN_CELL), 16, 20, 28, 36, 44, 52, 60, 76, 100, 130, int(MAX_CELL)})
LEGIBLE = 14  # the smallest text at 1280×800 (tests/ui/layout_check.py)


def _straight(material: str) -> Sides:
    return (material, "-", material, "-")  # north to south


def _grey_profile(material: str, size: int) -> list[int]:
    """The luminance along the band's centre line, north to south, as a colour-blind eye sees it."""
    tile = paint.pipe_face(_straight(material), size, LEGIBLE)
    x = size // 2
    values = []
    for y in range(size):
        r, g, b, _ = tile.get_at((x, y))
        values.append(round(0.299 * r + 0.587 * g + 0.114 * b))
    return values


@pytest.mark.parametrize("size", SIZES)
def test_every_pair_of_materials_differs_in_grey_alone(app: object, size: int) -> None:
    profiles = {material: _grey_profile(material, size) for material in MATERIALS}
    for index, first in enumerate(MATERIALS):
        for second in MATERIALS[index + 1 :]:
            a, b = profiles[first], profiles[second]
            # Either the bands differ in lightness, or one of them has a pattern the other lacks.
            apart = sum(abs(p - q) > 40 for p, q in zip(a, b, strict=True))
            assert apart >= size // 6, f"{first} and {second} look alike without colour at {size} px"


@pytest.mark.parametrize("size", SIZES)
def test_tags_stay_on_their_tile_and_apart(app: object, size: int) -> None:
    crossings = [(a, b, a, b) for a in MATERIALS for b in MATERIALS if a != b]
    bends = [(a, a, b, b) for a in MATERIALS for b in MATERIALS if a != b]
    for sides in crossings + bends:
        tags = paint.pipe_labels(sides, size, LEGIBLE)
        for index, (text, tag) in enumerate(tags):
            assert pygame.Rect(0, 0, size, size).contains(tag), f"the {text} tag leaves a {size} px tile"
            assert not any(tag.colliderect(other) for _, other in tags[index + 1 :]), f"tags overlap on {sides}"


def test_large_tiles_carry_their_tags(app: object) -> None:
    for material in MATERIALS:
        texts = [text for text, _ in paint.pipe_labels(_straight(material), 76, LEGIBLE)]
        assert texts == [paint.MATERIAL_MARKS[material]], "a tile at the default zoom names its material"


def _pattern(sides: Sides, size: int) -> list[bool]:
    """The band's pixels as light or dark against the band's own middle grey: what is left of a
    material once its colour *and* its lightness are taken away (a plain band is all one)."""
    tile = paint.pipe_face(sides, size, 0)
    directions = [d for d in range(4) if sides[d] != "-"]
    width = paint._band_width(size)
    band = pygame.Surface((size, size), pygame.SRCALPHA)
    paint._band(band, directions, max(1, width - 2), (255, 255, 255), size)  # inside the band's ink rim
    greys = []
    for y in range(size):
        for x in range(size):
            if band.get_at((x, y)).a:
                r, g, b, _ = tile.get_at((x, y))
                greys.append(0.299 * r + 0.587 * g + 0.114 * b)
    low, high = min(greys), max(greys)
    if high - low < 30:
        return [False] * len(greys)
    return [grey > (low + high) / 2 for grey in greys]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("shape", ["straight", "bend"])
def test_every_material_has_a_pattern_of_its_own_at_every_zoom(app: object, size: int, shape: str) -> None:
    """Small tiles have no letters; colour and lightness alone left PP, PE100 and gas apart (a
    colour-blind player, a dim screen). Each material's band must differ from every other's in its
    pattern of light and dark, whichever way round."""
    patterns = {m: _pattern(_straight(m) if shape == "straight" else (m, m, "-", "-"), size) for m in MATERIALS}
    for index, first in enumerate(MATERIALS):
        for second in MATERIALS[index + 1 :]:
            a, b = patterns[first], patterns[second]
            differ = sum(p != q for p, q in zip(a, b, strict=True))
            apart = min(differ, len(a) - differ) / len(a)
            assert apart >= 0.1, f"{first} and {second} share one pattern at {size} px ({shape}): {apart:.2f}"
