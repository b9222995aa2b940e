"""Painting Buizen tiles seen from above (pygame): pipe faces, pump rooms, roads, open pits, manholes.

Pipes are thick bands in their material's colour; a bend is a quarter circle round its corner so two
bends on one face never seem to join, and each band has a sand-coloured halo so crossing pipes read as a
bridge, not a junction. A material never depends on hue or lightness alone (colour-blind play, and tiles
too small for letters): each has its own pattern along the band, drawn at every size (``PATTERNS``):
fire-hose bands carry white stripes across, PP a white line along its middle, gas ink dashes along its
middle, PE100 none (the only plain band, and the only dark one); where a tile is large enough each
band also carries its material's letters in a white tag, at a
size given by the screen (``label_px``), never shrunk with the tile; a tile too small for a legible tag
shows none rather than an unreadable one. A road connection ends in a kerb
(grey stones across the pipe end), a pump-room connection under a terracotta eave.
Painted tiles are cached per (what, size).
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from bauhausbox.games.buizen.tiles import (
    EAVE_END,
    EDGE_KIND,
    EDGE_MATERIAL,
    MATERIALS,
    ROAD_END,
    Sides,
)
from bauhausbox.i18n import N_, _, language
from bauhausbox.ui import draw, theme
from bauhausbox.ui.theme import Colour

SAND: Colour = (225, 205, 160)
SAND_EDGE: Colour = (196, 172, 122)
ASPHALT: Colour = (78, 78, 84)
ASPHALT_LIGHT: Colour = (112, 112, 118)
KERB: Colour = (214, 212, 206)
TERRACOTTA: Colour = (186, 86, 56)
TERRACOTTA_DARK: Colour = (150, 62, 40)
TERRACOTTA_LIGHT: Colour = (210, 112, 80)
PIT: Colour = (58, 38, 26)
HAZARD: Colour = (242, 140, 36)

MATERIAL_COLOURS: dict[str, Colour] = {
    "PP": theme.GREEN,
    "PE": (36, 36, 38),
    "FH": theme.RED,
    "GAS": theme.YELLOW,
}
# TRANSLATORS: a material's letters on the tiles (two or three capitals, as short as "GAS").
MATERIAL_MARKS: dict[str, str] = {"PP": N_("PP"), "PE": N_("PE"), "FH": N_("FH"), "GAS": N_("GAS")}
# Each material's pattern along its band, so that no two materials differ by colour and lightness only
# (the letters need a tile of some size; the pattern is drawn at every size, down to MIN_CELL).
PATTERNS: dict[str, str] = {"FH": "stripes", "PP": "line", "GAS": "dashes", "PE": "plain"}
# The seats' markers (panel, log, banners, recap numbers, closed networks at the end): their shape
# (circle, triangle, square, cross) in a muted palette far from every material's colour, so a seat
# never reads as a pipe (the app's seat yellow, red and black are gas, fire hose and PE100 here).
SEAT_COLOURS: tuple[Colour, ...] = ((52, 86, 146), (126, 84, 152), (140, 112, 84), (96, 96, 120))

_CACHE: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
_CACHE_SIZE = 600

# Side midpoints and corners in unit coordinates (x right, y down), by direction N E S W.
_MIDPOINTS = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
_CORNERS = {frozenset((0, 1)): (1.0, 0.0), frozenset((1, 2)): (1.0, 1.0), frozenset((2, 3)): (0.0, 1.0)}
_CORNERS[frozenset((3, 0))] = (0.0, 0.0)


def _cached(key: tuple[object, ...], make: object) -> pygame.Surface:
    surface = _CACHE.get(key)
    if surface is None:
        surface = make()  # type: ignore[operator]
        _CACHE[key] = surface
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return surface


def pipe_face(sides: Sides, size: int, label_px: int = 0) -> pygame.Surface:
    """A laid pipe tile of ``size`` pixels; material tags at ``label_px`` (0: none) where they fit."""
    # The language is in the key: the tags are words, and the language can change while the app runs.
    key = ("pipe", sides, size, label_px, language() if label_px > 0 else "")
    return _cached(key, lambda: _paint_pipe_face(sides, size, label_px))


def pipe_labels(sides: Sides, size: int, label_px: int) -> list[tuple[str, pygame.Rect]]:
    """The material tags a tile of ``size`` carries (text, tag rect on the tile): each band's letters
    where a tag of ``label_px`` fits on the band without touching another tag or leaving the tile."""
    if label_px <= 0:
        return []
    marks = {material: _(text) for material, text in MATERIAL_MARKS.items()}
    widest = max((_tag_rect(text, label_px) for text in marks.values()), key=lambda tag: tag.width)
    if widest.width > size * 0.62 or widest.height > size * 0.34:
        return []  # tiles too small for every tag: none has one, the colours and stripes tell them apart
    placed: list[tuple[str, pygame.Rect]] = []
    for material in MATERIALS:
        directions = [d for d in range(4) if EDGE_MATERIAL[sides[d]] == material]
        if not directions:
            continue
        tag = _tag_rect(marks[material], label_px)
        for point in _label_points(directions, size):
            tag.center = point
            inside = pygame.Rect(0, 0, size, size).inflate(-4, -4).contains(tag)
            if inside and not any(tag.colliderect(other.inflate(4, 4)) for _text, other in placed):
                placed.append((marks[material], tag.copy()))
                break
    return placed


def pump_room(size: int, start: bool = False) -> pygame.Surface:
    return _cached(("pump", start, size), lambda: _paint_pump(size, start))


def road(size: int, stack: tuple[str, ...] = ()) -> pygame.Surface:
    """A road; ``stack`` lists what lies on it, bottom first ("pit", "manhole")."""
    return _cached(("road", stack, size), lambda: _paint_road(size, stack))


def blocked(size: int) -> pygame.Surface:
    return _cached(("blocked", size), lambda: _paint_blocked(size))


def back_of_tile(size: int) -> pygame.Surface:
    """A face-down tile (another player's hand)."""
    return _cached(("back", size), lambda: _paint_back(size))


def colour_tile(size: int, material: str | None) -> pygame.Surface:
    """A secret colour tile: "?" on the front, the material on the back."""
    return _cached(("colour", material, size, language()), lambda: _paint_colour(size, material))


# -- painting ------------------------------------------------------------------------------------------
def _outline(surface: pygame.Surface, colour: Colour = theme.INK) -> None:
    size = surface.get_width()
    pygame.draw.rect(surface, colour, (0, 0, size, size), max(1, size // 40))


def _band_width(size: int) -> int:
    return max(4, round(size * 0.2))


def _straight(layer: pygame.Surface, a: int, b: int, width: int, colour: Colour, size: int) -> None:
    """A straight band between the midpoints of sides a and b (opposite sides)."""
    if a % 2 == 0:  # north-south
        pygame.draw.rect(layer, colour, (round(size / 2 - width / 2), 0, width, size))
    else:
        pygame.draw.rect(layer, colour, (0, round(size / 2 - width / 2), size, width))


def _stub(layer: pygame.Surface, direction: int, width: int, colour: Colour, size: int) -> None:
    """A band from side ``direction`` to just past the centre."""
    half = size / 2
    reach = half + width / 2
    rect: tuple[float, float, float, float]
    if direction == 0:
        rect = (half - width / 2, 0, width, reach)
    elif direction == 2:
        rect = (half - width / 2, half - width / 2, width, reach)
    elif direction == 1:
        rect = (half - width / 2, half - width / 2, reach, width)
    else:
        rect = (0, half - width / 2, reach, width)
    pygame.draw.rect(layer, colour, tuple(round(v) for v in rect))


def _arc(layer: pygame.Surface, corner: tuple[float, float], width: int, colour: Colour, size: int) -> None:
    """A quarter ring of radius size/2 round ``corner`` (a bend joining two neighbouring sides)."""
    ring = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (round(corner[0] * size), round(corner[1] * size))
    pygame.draw.circle(ring, colour, centre, round(size / 2 + width / 2))
    pygame.draw.circle(ring, (0, 0, 0, 0), centre, max(0, round(size / 2 - width / 2)))
    layer.blit(ring, (0, 0))


def _band(layer: pygame.Surface, directions: list[int], width: int, colour: Colour, size: int) -> None:
    if len(directions) == 2 and (directions[0] - directions[1]) % 2 == 0:
        _straight(layer, directions[0], directions[1], width, colour, size)
    elif len(directions) == 2:
        _arc(layer, _CORNERS[frozenset(directions)], width, colour, size)
    else:
        for direction in directions:
            _stub(layer, direction, width, colour, size)


def _label_points(directions: list[int], size: int) -> list[tuple[int, int]]:
    """Where a material tag may sit on a band, best first: along the band, clear of its ends."""
    if len(directions) == 2 and (directions[0] - directions[1]) % 2 == 1:
        cx, cy = _CORNERS[frozenset(directions)]
        # Along the quarter ring of radius size/2 round the corner: its middle first.
        points = []
        for share in (0.5, 0.3, 0.7):
            dx, dy = (0.5 - cx) * 2, (0.5 - cy) * 2  # unit steps away from the corner, x then y
            angle = share * math.pi / 2
            x, y = cx + dx * 0.5 * math.cos(angle), cy + dy * 0.5 * math.sin(angle)
            points.append((round(x * size), round(y * size)))
        return points
    points = []
    for reach in (0.62, 0.4, 0.8):
        for direction in directions:
            mx, my = _MIDPOINTS[direction]
            points.append((round((mx + (0.5 - mx) * reach) * size), round((my + (0.5 - my) * reach) * size)))
    return points


def _tag_rect(text: str, label_px: int) -> pygame.Rect:
    width, height = draw.render_text(text, label_px, theme.INK, "bold").get_size()
    return pygame.Rect(0, 0, width + max(6, label_px // 2), height + 2)


def _paint_pipe_face(sides: Sides, size: int, label_px: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill(SAND)
    pygame.draw.rect(surface, SAND_EDGE, (0, 0, size, size), max(1, size // 24))
    width = _band_width(size)
    edge = max(1, size // 36)
    for material in MATERIALS:
        directions = [d for d in range(4) if EDGE_MATERIAL[sides[d]] == material]
        if not directions:
            continue
        colour = MATERIAL_COLOURS[material]
        _band(surface, directions, width + 6 * edge, SAND, size)  # a halo: crossings read as bridges
        _band(surface, directions, width + 2 * edge, theme.INK, size)
        _band(surface, directions, width, colour, size)
        _pattern(surface, PATTERNS[material], directions, width, size)
    for direction in range(4):
        kind = EDGE_KIND[sides[direction]]
        if kind == ROAD_END:
            _kerb(surface, direction, width, size)
        elif kind == EAVE_END:
            _eave(surface, direction, width, size)
    for text, tag in pipe_labels(sides, size, label_px):
        _tag(surface, text, tag, label_px)
    _outline(surface)
    return surface


def _pattern(surface: pygame.Surface, pattern: str, directions: list[int], width: int, size: int) -> None:
    """A material's pattern on its band (``PATTERNS``), following the band's shape at any size."""
    if pattern == "stripes":
        _stripes(surface, directions, width, size)
    elif pattern == "line":
        _band(surface, directions, max(2, round(width * 0.28)), theme.WHITE, size)
    elif pattern == "dashes":
        line = pygame.Surface((size, size), pygame.SRCALPHA)
        _band(line, directions, max(2, round(width * 0.4)), theme.INK, size)
        # A checkerboard of transparent squares cuts the line into dashes, straight or bent alike.
        step = max(3, round(width * 0.9))
        for row in range(0, size, step):
            for col in range((row // step) % 2 * step, size, 2 * step):
                line.fill((0, 0, 0, 0), (col, row, step, step))
        surface.blit(line, (0, 0))


def _stripes(surface: pygame.Surface, directions: list[int], width: int, size: int) -> None:
    """White stripes across a band (the fire hose), cut to the band's shape at any size."""
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    _band(mask, directions, width, (255, 255, 255), size)
    stripes = pygame.Surface((size, size), pygame.SRCALPHA)
    gap = max(5, round(width * 1.1))
    draw.hatch(stripes, pygame.Rect(0, 0, size, size), theme.WHITE, gap, max(2, round(width * 0.3)))
    stripes.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # keep the stripes on the band only
    surface.blit(stripes, (0, 0))


def _edge_rect(direction: int, along: float, depth: float, size: int) -> pygame.Rect:
    """A rectangle centred on side ``direction``'s midpoint: ``along`` the side, ``depth`` into the tile."""
    if direction == 0:
        return pygame.Rect(round(size / 2 - along / 2), 0, round(along), round(depth))
    if direction == 2:
        return pygame.Rect(round(size / 2 - along / 2), round(size - depth), round(along), round(depth))
    if direction == 1:
        return pygame.Rect(round(size - depth), round(size / 2 - along / 2), round(depth), round(along))
    return pygame.Rect(0, round(size / 2 - along / 2), round(depth), round(along))


def _kerb(surface: pygame.Surface, direction: int, width: int, size: int) -> None:
    """Kerb stones across the pipe end: where it meets a road."""
    rect = _edge_rect(direction, width * 2.2, size * 0.13, size)
    pygame.draw.rect(surface, ASPHALT, rect)
    stones = 4
    for i in range(stones):
        if i % 2:
            continue
        if direction % 2 == 0:
            part = pygame.Rect(rect.left + i * rect.width // stones, rect.top, rect.width // stones, rect.height)
        else:
            part = pygame.Rect(rect.left, rect.top + i * rect.height // stones, rect.width, rect.height // stones)
        pygame.draw.rect(surface, KERB, part)
    pygame.draw.rect(surface, theme.INK, rect, max(1, size // 48))


def _eave(surface: pygame.Surface, direction: int, width: int, size: int) -> None:
    """A terracotta roof eave over the pipe end: where it enters a pump room."""
    rect = _edge_rect(direction, width * 2.6, size * 0.16, size)
    inset = rect.width * 0.22 if direction % 2 == 0 else rect.height * 0.22
    points: list[tuple[float, float]]
    if direction == 0:
        points = [rect.topleft, rect.topright, (rect.right - inset, rect.bottom), (rect.left + inset, rect.bottom)]
    elif direction == 2:
        points = [rect.bottomleft, rect.bottomright, (rect.right - inset, rect.top), (rect.left + inset, rect.top)]
    elif direction == 1:
        points = [rect.topright, rect.bottomright, (rect.left, rect.bottom - inset), (rect.left, rect.top + inset)]
    else:
        points = [rect.topleft, rect.bottomleft, (rect.right, rect.bottom - inset), (rect.right, rect.top + inset)]
    pygame.draw.polygon(surface, TERRACOTTA, points)
    pygame.draw.polygon(surface, theme.INK, points, max(1, size // 48))


def _tag(surface: pygame.Surface, text: str, tag: pygame.Rect, label_px: int) -> None:
    """A material's letters in a white tag with an ink rim."""
    pygame.draw.rect(surface, theme.WHITE, tag, border_radius=tag.height // 2)
    pygame.draw.rect(surface, theme.INK, tag, max(1, label_px // 12), border_radius=tag.height // 2)
    label = draw.render_text(text, label_px, theme.INK, "bold")
    surface.blit(label, label.get_rect(center=(tag.centerx, tag.centery + 1)))


def _paint_pump(size: int, start: bool) -> pygame.Surface:
    """A hipped terracotta roof seen from above."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    ridge = size * 0.18
    left, right = (c - ridge, c), (c + ridge, c)
    shades = (TERRACOTTA_LIGHT, TERRACOTTA, TERRACOTTA_DARK, TERRACOTTA)
    corners = ((0, 0), (size, 0), (size, size), (0, size))
    polygons = (
        [corners[0], corners[1], right, left],
        [corners[1], corners[2], right],
        [corners[2], corners[3], left, right],
        [corners[3], corners[0], left],
    )
    for shade, points in zip(shades, polygons, strict=True):
        pygame.draw.polygon(surface, shade, points)
    line = max(1, size // 50)
    for points in polygons:
        pygame.draw.polygon(surface, TERRACOTTA_DARK, points, line)
    pygame.draw.line(surface, theme.INK, left, right, max(1, size // 30))
    if start:
        pygame.draw.circle(surface, theme.YELLOW, (round(c), round(c)), round(size * 0.14))
        pygame.draw.circle(surface, theme.INK, (round(c), round(c)), round(size * 0.14), max(1, size // 40))
    _outline(surface)
    return surface


def _paint_road(size: int, stack: tuple[str, ...]) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill(ASPHALT)
    margin = max(2, size // 12)
    pygame.draw.rect(surface, KERB, (0, 0, size, size), margin)  # the pavement edge
    dash = max(2, size // 10)
    thick = max(1, size // 30)
    for x in range(margin + dash // 2, size - margin, dash * 2):
        pygame.draw.rect(surface, theme.WHITE, (x, size // 2 - thick // 2, dash, thick))
    top = stack[-1] if stack else None
    if top == "pit":
        hole = pygame.Rect(0, 0, round(size * 0.62), round(size * 0.5))
        hole.center = (size // 2, size // 2)
        pygame.draw.rect(surface, HAZARD, hole.inflate(size // 8, size // 8))
        step = max(4, size // 8)
        barrier = hole.inflate(size // 8, size // 8)
        for x in range(barrier.left - barrier.height, barrier.right, step * 2):
            pygame.draw.line(
                surface, theme.WHITE, (x, barrier.bottom), (x + barrier.height, barrier.top), max(2, size // 20)
            )
        pygame.draw.rect(surface, PIT, hole)
        pygame.draw.rect(surface, theme.INK, hole, max(1, size // 40))
        pygame.draw.rect(surface, theme.INK, barrier, max(1, size // 40))
    elif top == "manhole":
        centre = (size // 2, size // 2)
        radius = round(size * 0.3)
        pygame.draw.circle(surface, ASPHALT_LIGHT, centre, radius)
        pygame.draw.circle(surface, theme.INK, centre, radius, max(2, size // 30))
        for offset in (-0.5, 0.0, 0.5):
            dy = round(offset * radius)
            half = round((radius**2 - dy**2) ** 0.5 * 0.85)
            pygame.draw.line(
                surface, theme.INK, (centre[0] - half, centre[1] + dy), (centre[0] + half, centre[1] + dy), 1
            )
        if "pit" in stack:  # a closed pit: a hint of the hazard paint under the cover
            pygame.draw.rect(surface, HAZARD, (margin, margin, size // 6, size // 6))
    _outline(surface)
    return surface


def _paint_blocked(size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill((*theme.PAPER_DARK, 255))
    draw.hatch(surface, pygame.Rect(0, 0, size, size), theme.GREY, max(6, size // 7), max(1, size // 40))
    pygame.draw.rect(surface, theme.GREY, (0, 0, size, size), max(1, size // 30))
    return surface


def _paint_back(size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill(SAND_EDGE)
    pygame.draw.rect(surface, SAND, (size // 6, size // 6, size * 2 // 3, size * 2 // 3))
    _outline(surface)
    return surface


def _paint_colour(size: int, material: str | None) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    if material is None:
        surface.fill(theme.WHITE)
        draw.text(surface, "?", (size // 2, size // 2 + size // 20), round(size * 0.6), theme.INK, "black", "center")
    else:
        surface.fill(MATERIAL_COLOURS[material])
        ink = theme.readable_on(MATERIAL_COLOURS[material])
        mark = _(MATERIAL_MARKS[material])
        draw.text(surface, mark, (size // 2, size * 2 // 5), round(size * 0.3), ink, "black", "center")
        # The material's pattern across the foot of the tile, as its pipes carry it on the table.
        strip = pygame.Surface((size, size), pygame.SRCALPHA)
        width = _band_width(size)
        _pattern(strip, PATTERNS[material], [1, 3], width, size)
        surface.blit(strip, (0, round(size * 0.3)))
    _outline(surface)
    return surface
