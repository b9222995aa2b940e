"""Drawing helpers shared by every screen: cached text, headings, seat shapes, hatching, patterns.

Text surfaces are cached (rendering text is the most expensive thing a menu frame does), so
calling :func:`text` every frame costs a dictionary look-up.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from bauhausbox.ui import theme
from bauhausbox.ui.assets import font
from bauhausbox.ui.theme import Colour

_TEXT_CACHE: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
_TEXT_CACHE_SIZE = 1500


def render_text(
    content: str, size: int, colour: Colour = theme.INK, weight: str = "regular", spacing: float = 0.0
) -> pygame.Surface:
    """A cached surface of ``content``; ``spacing`` adds letter spacing in ems (for headings)."""
    key = (content, size, colour, weight, spacing)
    surface = _TEXT_CACHE.get(key)
    if surface is not None:
        _TEXT_CACHE.move_to_end(key)
        return surface
    face = font(size, weight)
    if spacing and content:
        extra = round(size * spacing)
        glyphs = [face.render(ch, True, colour) for ch in content]
        width = sum(g.get_width() for g in glyphs) + extra * (len(glyphs) - 1)
        surface = pygame.Surface((max(1, width), face.get_height()), pygame.SRCALPHA)
        x = 0
        for glyph in glyphs:
            surface.blit(glyph, (x, 0))
            x += glyph.get_width() + extra
    else:
        surface = face.render(content, True, colour)
    _TEXT_CACHE[key] = surface
    if len(_TEXT_CACHE) > _TEXT_CACHE_SIZE:
        _TEXT_CACHE.popitem(last=False)
    return surface


def text(
    surface: pygame.Surface,
    content: str,
    pos: tuple[float, float],
    size: int,
    colour: Colour = theme.INK,
    weight: str = "regular",
    anchor: str = "topleft",
    spacing: float = 0.0,
) -> pygame.Rect:
    """Draw text with its ``anchor`` (a pygame.Rect attribute name) at ``pos``; returns its rect."""
    rendered = render_text(content, size, colour, weight, spacing)
    rect = rendered.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(rendered, rect)
    return rect


def heading(
    surface: pygame.Surface,
    content: str,
    pos: tuple[float, float],
    size: int,
    colour: Colour = theme.INK,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Capitals with generous letter spacing (docs/contributing.md, "Look and controls")."""
    return text(surface, content.upper(), pos, size, colour, "bold", anchor, spacing=0.12)


def wrap(content: str, size: int, width: int, weight: str = "regular") -> list[str]:
    """Break ``content`` into lines no wider than ``width`` pixels (paragraphs split on newlines)."""
    face = font(size, weight)
    lines: list[str] = []
    for paragraph in content.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            candidate = f"{line} {word}"
            if face.size(candidate)[0] <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def paragraph(
    surface: pygame.Surface,
    content: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = theme.INK,
    weight: str = "regular",
    line_gap: float = 1.3,
) -> int:
    """Draw wrapped text inside ``rect``; returns the y just below the last line."""
    y = rect.top
    step = round(size * line_gap)
    for line in wrap(content, size, rect.width, weight):
        if line:
            text(surface, line, (rect.left, y), size, colour, weight)
        y += step
    return y


def seat_shape(
    surface: pygame.Surface,
    shape: str,
    center: tuple[float, float],
    radius: float,
    colour: Colour,
    outline: Colour | None = None,
    width: int = 0,
) -> None:
    """A seat marker: circle, triangle, square or cross (the Bauhaus token shapes)."""
    cx, cy = center
    r = radius
    if shape == "circle":
        pygame.draw.circle(surface, colour, (round(cx), round(cy)), round(r), width)
        if outline:
            pygame.draw.circle(surface, outline, (round(cx), round(cy)), round(r), max(1, round(r / 8)))
        return
    if shape == "triangle":
        points = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.8), (cx - r * 0.95, cy + r * 0.8)]
    elif shape == "square":
        s = r * 0.85
        points = [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    elif shape == "cross":
        a, b = r * 0.95, r * 0.32
        points = [
            (cx - b, cy - a),
            (cx + b, cy - a),
            (cx + b, cy - b),
            (cx + a, cy - b),
            (cx + a, cy + b),
            (cx + b, cy + b),
            (cx + b, cy + a),
            (cx - b, cy + a),
            (cx - b, cy + b),
            (cx - a, cy + b),
            (cx - a, cy - b),
            (cx - b, cy - b),
        ]
        # Rotate 45° so it reads as a cross "✖".
        points = [
            (
                cx + (x - cx) * math.cos(math.pi / 4) - (y - cy) * math.sin(math.pi / 4),
                cy + (x - cx) * math.sin(math.pi / 4) + (y - cy) * math.cos(math.pi / 4),
            )
            for x, y in points
        ]
    else:
        raise ValueError(f"unknown seat shape {shape!r}")
    pygame.draw.polygon(surface, colour, points, width)
    if outline:
        pygame.draw.polygon(surface, outline, points, max(1, round(r / 8)))


def badge(
    surface: pygame.Surface, center: tuple[float, float], radius: int, colour: Colour, label: str, size: int
) -> None:
    """A numbered disc in a seat's colour with an ink rim (the recap's numbers, on the board and in the log)."""
    centre = (round(center[0]), round(center[1]))
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, theme.INK, centre, radius, max(2, radius // 6))
    text(surface, label, (centre[0], centre[1] + 1), size, theme.readable_on(colour), "bold", "center")


def move_outline(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int) -> None:
    """A move's marker around ``rect``: a band in the mover's colour between two thin ink lines, so it
    shows on pieces of the same colour and on paper alike."""
    pygame.draw.rect(surface, theme.INK, rect.inflate(2, 2), width + 2)
    pygame.draw.rect(surface, colour, rect.inflate(-1, -1), max(1, width - 2))


def hatch(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, gap: int = 10, width: int = 2) -> None:
    """Diagonal hatching clipped to ``rect`` (unowned zones, disabled areas)."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for offset in range(-rect.height, rect.width, max(3, gap)):
        pygame.draw.line(
            surface, colour, (rect.left + offset, rect.bottom), (rect.left + offset + rect.height, rect.top), width
        )
    surface.set_clip(clip)


PATTERNS = ("dots", "stripes", "grid", "diagonal", "rings", "plain")


def pattern(surface: pygame.Surface, rect: pygame.Rect, kind: str, colour: Colour) -> None:
    """A colour-blind marker inside ``rect``: each player colour also gets a pattern."""
    size = min(rect.width, rect.height)
    if size < 6 or kind == "plain":
        return
    cx, cy = rect.center
    w = max(1, size // 10)
    if kind == "dots":
        pygame.draw.circle(surface, colour, (cx, cy), max(2, size // 6))
    elif kind == "stripes":
        for dx in (-size // 4, 0, size // 4):
            pygame.draw.line(surface, colour, (cx + dx, rect.top + size // 5), (cx + dx, rect.bottom - size // 5), w)
    elif kind == "grid":
        inner = rect.inflate(-size // 2, -size // 2)
        pygame.draw.rect(surface, colour, inner, w)
    elif kind == "diagonal":
        pygame.draw.line(
            surface,
            colour,
            (rect.left + size // 5, rect.bottom - size // 5),
            (rect.right - size // 5, rect.top + size // 5),
            w + 1,
        )
    elif kind == "rings":
        pygame.draw.circle(surface, colour, (cx, cy), max(3, size // 4), w)


def shadow_rect(surface: pygame.Surface, rect: pygame.Rect, offset: int) -> None:
    """The flat offset shadow of the poster style (no blur)."""
    pygame.draw.rect(surface, theme.INK, rect.move(offset, offset))


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: Colour = theme.WHITE, border: int = 3) -> None:
    pygame.draw.rect(surface, fill, rect)
    if border:
        pygame.draw.rect(surface, theme.INK, rect, border)


def veil(surface: pygame.Surface, alpha: int = 150, colour: Colour = theme.PAPER) -> None:
    """A translucent wash over everything (behind overlays and dialogs)."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.fill((*colour, alpha))
    surface.blit(layer, (0, 0))


def status_bar(
    surface: pygame.Surface, rect: pygame.Rect, m: theme.Metrics, message: str, kind: str, idle: str
) -> None:
    """The ink status bar of the play screens: the current message (errors flagged in red and set in
    yellow), or the idle reminder of the controls in grey."""
    pygame.draw.rect(surface, theme.INK, rect)
    if message:
        error = kind == "error"
        if error:
            pygame.draw.rect(surface, theme.RED, (rect.left, rect.top, m.u(1), rect.height))
        colour = theme.YELLOW if error else theme.WHITE
        text(surface, message, (rect.left + m.u(3), rect.centery + 1), m.body, colour, "semibold", "midleft")
    else:
        text(surface, idle, (rect.left + m.u(3), rect.centery + 1), m.body, theme.LIGHT_GREY, "regular", "midleft")


def banner(surface: pygame.Surface, area: pygame.Rect, words: str, progress: float, size: int, edge: int) -> None:
    """A passing banner across the middle of ``area`` (an ink band with a red edge), fading out over
    the last quarter of its ``progress`` (0 to 1); ``edge`` is the red edge's width and the padding."""
    alpha = 1.0 if progress < 0.75 else max(0.0, 1 - (progress - 0.75) / 0.25)
    label = render_text(words.upper(), size, theme.WHITE, "black", 0.1)
    band = pygame.Rect(0, 0, area.width, label.get_height() + 2 * edge)
    band.center = area.center
    layer = pygame.Surface(band.size, pygame.SRCALPHA)
    layer.fill((*theme.INK, round(230 * alpha)))
    pygame.draw.rect(layer, (*theme.RED, round(255 * alpha)), (0, 0, edge, band.height))
    surface.blit(layer, band)
    label.set_alpha(round(255 * alpha))
    surface.blit(label, label.get_rect(center=band.center))
