"""Painting Buizen tiles seen from above (pygame): pipe faces, pump rooms, roads, open pits, manholes.

Pipes are thick bands in their material's colour with a material letter mark (colour-blind play); a
bend is a quarter circle round its corner so two bends on one face never seem to join, and each band has
a sand-coloured halo so crossing pipes read as a bridge, not a junction. A road connection ends in a kerb
(grey stones across the pipe end), a pump-room connection under a terracotta eave.
Painted tiles are cached per (what, size).
"""

from __future__ import annotations

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
MATERIAL_MARKS: dict[str, str] = {"PP": "PP", "PE": "PE", "FH": "FH", "GAS": "GAS"}
MATERIAL_LABELS: dict[str, str] = {"PP": "PP", "PE": "PE100", "FH": "Fire hose", "GAS": "Gas"}

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


def pipe_face(sides: Sides, size: int) -> pygame.Surface:
    return _cached(("pipe", sides, size), lambda: _paint_pipe_face(sides, size))


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
    return _cached(("colour", material, size), lambda: _paint_colour(size, material))


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


def _label_point(directions: list[int], size: int) -> tuple[int, int]:
    """Where the material mark sits on a band: along the band, clear of crossings and ends."""
    if len(directions) == 2 and (directions[0] - directions[1]) % 2 == 1:
        cx, cy = _CORNERS[frozenset(directions)]
        # The middle of the quarter ring: from the corner towards the tile centre, radius size/2.
        dx, dy = 0.5 - cx, 0.5 - cy
        scale = 0.5 / (dx * dx + dy * dy) ** 0.5
        return round((cx + dx * scale) * size), round((cy + dy * scale) * size)
    first = directions[0]
    mx, my = _MIDPOINTS[first]
    return round((mx + (0.5 - mx) * 0.62) * size), round((my + (0.5 - my) * 0.62) * size)


def _paint_pipe_face(sides: Sides, size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill(SAND)
    pygame.draw.rect(surface, SAND_EDGE, (0, 0, size, size), max(1, size // 24))
    width = _band_width(size)
    edge = max(1, size // 36)
    marks = []
    for material in MATERIALS:
        directions = [d for d in range(4) if EDGE_MATERIAL[sides[d]] == material]
        if not directions:
            continue
        colour = MATERIAL_COLOURS[material]
        _band(surface, directions, width + 6 * edge, SAND, size)  # a halo: crossings read as bridges
        _band(surface, directions, width + 2 * edge, theme.INK, size)
        _band(surface, directions, width, colour, size)
        marks.append((material, _label_point(directions, size)))
    for direction in range(4):
        kind = EDGE_KIND[sides[direction]]
        if kind == ROAD_END:
            _kerb(surface, direction, width, size)
        elif kind == EAVE_END:
            _eave(surface, direction, width, size)
    if size >= 44:
        for material, point in marks:
            _mark(surface, material, point, size)
    _outline(surface)
    return surface


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


def _mark(surface: pygame.Surface, material: str, point: tuple[int, int], size: int) -> None:
    """The material's letters in a small white disc: readable without colour."""
    text = MATERIAL_MARKS[material]
    font_size = max(9, round(size * (0.15 if len(text) < 3 else 0.13)))
    label = draw.render_text(text, font_size, theme.INK, "bold")
    radius = max(label.get_width(), label.get_height()) // 2 + 2
    pygame.draw.circle(surface, theme.WHITE, point, radius)
    pygame.draw.circle(surface, theme.INK, point, radius, max(1, size // 60))
    surface.blit(label, label.get_rect(center=(point[0], point[1] + 1)))


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
        draw.text(surface, MATERIAL_MARKS[material], (size // 2, size // 2), round(size * 0.3), ink, "black", "center")
    _outline(surface)
    return surface
