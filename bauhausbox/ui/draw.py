"""Drawing helpers shared by every screen: cached text, headings, seat shapes, hatching, patterns.

Text surfaces and wrapped lines are cached (rendering and measuring text are the most expensive
things a menu frame does), so calling :func:`text` or :func:`wrap` every frame costs a dictionary
look-up.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache

import pygame

from bauhausbox import i18n
from bauhausbox.engine.grid import column_letter
from bauhausbox.ui import layout_probe, theme
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
        # Accented capitals (É, À) come out taller than the line, grown at the top as a whole line
        # is: the line grows to the tallest glyph and every glyph sits on the same baseline (their
        # bottoms line up). ``line_box`` places the line, not the accents above it.
        height = max([face.get_height(), *(g.get_height() for g in glyphs)])
        surface = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        x = 0
        for glyph in glyphs:
            surface.blit(glyph, (x, height - glyph.get_height()))
            x += glyph.get_width() + extra
    else:
        surface = face.render(content, True, colour)
    _TEXT_CACHE[key] = surface
    if len(_TEXT_CACHE) > _TEXT_CACHE_SIZE:
        _TEXT_CACHE.popitem(last=False)
    return surface


def line_box(rendered: pygame.Surface, size: int, weight: str = "regular", **anchor: tuple[int, int]) -> pygame.Rect:
    """Where a line of text goes: the rect of the font's line (its height whatever the words), with
    ``anchor`` (``center=(x, y)``) applied. A rendered text with an accented capital (RÈGLES) is
    taller, grown at the top, than one without (REGLES): anchoring the surface itself would set its
    baseline lower. Blit it with :func:`blit_line`, the accents rising above the box."""
    box = pygame.Rect(0, 0, rendered.get_width(), min(rendered.get_height(), font(size, weight).get_height()))
    for name, pos in anchor.items():
        setattr(box, name, pos)
    return box


def blit_line(surface: pygame.Surface, rendered: pygame.Surface, box: pygame.Rect) -> None:
    """Draw ``rendered`` so that its line fills ``box`` (from :func:`line_box`)."""
    surface.blit(rendered, (box.left, box.bottom - rendered.get_height()))


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
    rect = line_box(rendered, size, weight, **{anchor: (round(pos[0]), round(pos[1]))})
    blit_line(surface, rendered, rect)
    layout_probe.text(content, rect, size, surface.get_size())
    return rect


@lru_cache(maxsize=64)
def cut_to(text: str, room: int, size: int, weight: str = "regular") -> str:
    """``text`` whole if it fits ``room`` pixels, else its longest start that fits with "…" after it."""
    if render_text(text, size, weight=weight).get_width() <= room:
        return text
    low, high = 0, len(text)  # how many characters are kept
    while low < high:
        middle = (low + high + 1) // 2
        if render_text(text[:middle].rstrip(" ,") + "…", size, weight=weight).get_width() <= room:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip(" ,") + "…"


def fitting_size(
    content: str, size: int, width: int, weight: str = "regular", spacing: float = 0.0, smallest: int = 12
) -> int:
    """The largest font size up to ``size`` at which ``content`` fits in ``width`` pixels (never below
    ``smallest``): a heading or a caption that a longer language would push out of its box."""
    while size > smallest and render_text(content, size, theme.INK, weight, spacing).get_width() > width:
        size -= 1
    return size


# The titles (headings) the scene being drawn put on the window this frame: a tooltip keeps off them
# as it keeps off the other controls (widgets.tooltip). The app empties the list before each scene
# draws; a part shown from a copy (a layer, a cached background) tells its titles again.
_titles: list[pygame.Rect] = []
_window = (0, 0)  # the size of the surface the app draws its frames on


def titles_drawn() -> list[pygame.Rect]:
    """Where the titles of the scene being drawn are, this frame."""
    return list(_titles)


def forget_titles(window: tuple[int, int]) -> None:
    """A new scene starts drawing on a window of size ``window``: the titles of the one before are
    no longer its own."""
    global _window
    _titles.clear()
    _window = window


def tell_titles(rects: Sequence[pygame.Rect]) -> None:
    """Titles shown again from a copy (drawn in an earlier frame, see :func:`titles_drawn`)."""
    _titles.extend(pygame.Rect(rect) for rect in rects)


def keep_clear(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A panel's content (a record box, a row's words, an illustration) that tooltips keep off as
    they keep off titles: a tooltip must not hide what the player came to read."""
    if surface.get_size() == _window:  # in the window's coordinates
        _titles.append(pygame.Rect(rect))
        layout_probe.content(rect)


def heading(
    surface: pygame.Surface,
    content: str,
    pos: tuple[float, float],
    size: int,
    colour: Colour = theme.INK,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Capitals with generous letter spacing (docs/contributing.md, "Look and controls"). A title:
    tooltips keep off it, and the layout probe records it as one."""
    with layout_probe.role("title"):
        rect = text(surface, content.upper(), pos, size, colour, "bold", anchor, spacing=0.12)
    if surface.get_size() == _window:  # in the window's coordinates (not on a button's picture)
        _titles.append(rect)
    return rect


# A word that is a number (3, 10, 12,5, 3/4, 40%, -2, a count in brackets) or a lone separator
# ("·", "—", "–", and "×" of a size): it stays on the line of the word before it, so a label is never
# parted from its number ("routes : 10"), a size stays whole ("20 × 20") and no line starts with a
# lone number or a dot.
_GLUED = re.compile(r"^[(\[]?[-+−]?\d[\d.,/%]*[)\]]?[.,;:!?…)]*$|^[·—–:;!?×]$")


def break_units(paragraph: str) -> list[str]:
    """The pieces a line may be broken between: the words at ordinary spaces, with each number and
    separator joined to the word before it (no-break spaces, as French puts before ":", are never
    breaks: they are inside a word)."""
    units: list[str] = []
    for word in paragraph.split(" "):
        if not word:
            continue
        bare = word.strip(i18n.PSEUDO_OPEN + i18n.PSEUDO_CLOSE)
        if units and _GLUED.match(bare):
            units[-1] = f"{units[-1]} {word}"
        else:
            units.append(word)
    return units


def heading_lines(content: str, size: int, width: int, smallest: int) -> tuple[int, list[str]]:
    """A heading fitted to ``width``: its size and lines. One line at ``size`` if it fits, else one
    line at a smaller size down to ``smallest``, else broken into lines at ``size`` (a title that a
    longer language makes half as long again)."""
    words = content.upper()
    fitted = fitting_size(words, size, width, "bold", 0.12, smallest)
    if render_text(words, fitted, theme.INK, "bold", 0.12).get_width() <= width:
        return fitted, [words]
    lines: list[str] = []
    for word in break_units(words):
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and render_text(candidate, size, theme.INK, "bold", 0.12).get_width() <= width:
            lines[-1] = candidate
        else:
            lines.append(word)
    return size, lines


def carry_marks(lines: list[str]) -> list[str]:
    """In the pseudo-language (tests), a text wrapped in ⟦…⟧ keeps its marks on every line it is
    broken into, so each line drawn still shows it went through the catalogs."""
    if not any(i18n.PSEUDO_OPEN in line for line in lines):
        return lines
    carried, depth = [], 0
    for line in lines:
        start = depth
        for char in line:
            if char == i18n.PSEUDO_OPEN:
                depth += 1
            elif char == i18n.PSEUDO_CLOSE:
                depth = max(0, depth - 1)
        carried.append(i18n.PSEUDO_OPEN * start + line + i18n.PSEUDO_CLOSE * depth if line else line)
    return carried


def wrap(content: str, size: int, width: int, weight: str = "regular") -> list[str]:
    """Break ``content`` into lines no wider than ``width`` pixels (paragraphs split on newlines).
    Remembered, like rendered text: screens wrap the same texts every frame."""
    return list(_wrap_remembered(content, size, width, weight))


@lru_cache(maxsize=_TEXT_CACHE_SIZE)
def _wrap_remembered(content: str, size: int, width: int, weight: str) -> tuple[str, ...]:
    return tuple(carry_marks(_wrap(content, size, width, weight)))


def _wrap(content: str, size: int, width: int, weight: str) -> list[str]:
    face = font(size, weight)
    lines: list[str] = []
    for paragraph in content.split("\n"):
        # Break at ordinary spaces only: a French no-break space before ; : ! ? never starts a line
        # (nor does a lone mark after an ordinary space: break_units); a number stays with its label.
        words = break_units(paragraph)
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
    with layout_probe.role("body"):
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
    """A numbered disc in a seat's colour with an ink rim (the recap's numbers, on the board and in the
    log). The layout probe records it as a picture no other text may cover (nor lie under it)."""
    centre = (round(center[0]), round(center[1]))
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, theme.INK, centre, radius, max(2, radius // 6))
    text(surface, label, (centre[0], centre[1] + 1), size, theme.readable_on(colour), "bold", "center")
    layout_probe.figure(BADGE, pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius))


BADGE = "badge"  # the layout probe's name for a recap number (its own number is drawn on it)


def dashed_rect(
    surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int, dash: int, gap: int | None = None
) -> None:
    """A rectangle outline in dashes of ``dash`` pixels (``gap`` between them, ``dash`` by default)."""
    gap = dash if gap is None else gap
    step = max(2, dash + gap)
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    for start in range(x0, x1, step):
        end = min(start + dash, x1)
        pygame.draw.line(surface, colour, (start, y0), (end, y0), width)
        pygame.draw.line(surface, colour, (start, y1), (end, y1), width)
    for start in range(y0, y1, step):
        end = min(start + dash, y1)
        pygame.draw.line(surface, colour, (x0, start), (x0, end), width)
        pygame.draw.line(surface, colour, (x1, start), (x1, end), width)


def move_band(width: int) -> list[tuple[Colour, int]]:
    """The layers of the last-move band of every game, drawn in this order centred on one line: a
    solid ink band, then white over its middle, so it reads ink–white–ink. Solid and unbroken on
    purpose: a dashed outline means "not here" (``ghost_frame``), and the mark never uses a seat's
    colour or red. Games drawing it round polygons or cells use these layers."""
    width = max(2, width)
    return [(theme.INK, width + 4), (theme.WHITE, width)]


def move_outline(surface: pygame.Surface, rect: pygame.Rect, width: int) -> None:
    """The last-move marker of every game (``move_band``) inside ``rect``."""
    layers = move_band(width)
    outer = layers[0][1]
    for colour, band in layers:
        inset = (outer - band) // 2
        pygame.draw.rect(surface, colour, rect.inflate(-2 * inset, -2 * inset), band)


def verdict_mark(surface: pygame.Surface, center: tuple[float, float], radius: int, legal: bool) -> pygame.Rect:
    """A ✓ (legal) or ✗ (refused) disc, drawn with lines so it never depends on a font's glyphs. The
    shape carries the meaning; the colours only help (white disc with an ink tick / ink disc with a
    white cross), so it reads the same on every seat's colour and for every eye."""
    cx, cy = round(center[0]), round(center[1])
    r = max(5, radius)
    line = max(2, round(r / 3.5))
    disc, ink = (theme.WHITE, theme.INK) if legal else (theme.INK, theme.WHITE)
    pygame.draw.circle(surface, disc, (cx, cy), r)
    pygame.draw.circle(surface, theme.INK, (cx, cy), r, max(1, line // 2))
    if legal:
        points = [(cx - r * 0.5, cy + r * 0.02), (cx - r * 0.12, cy + r * 0.42), (cx + r * 0.52, cy - r * 0.4)]
        pygame.draw.lines(surface, ink, False, points, line)
    else:
        d = r * 0.42
        pygame.draw.line(surface, ink, (cx - d, cy - d), (cx + d, cy + d), line)
        pygame.draw.line(surface, ink, (cx - d, cy + d), (cx + d, cy - d), line)
    return pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)


def ghost_frame(surface: pygame.Surface, rect: pygame.Rect, legal: bool, unit: int) -> None:
    """What every game draws around a preview (a ghost) of the held piece: a solid ink outline and a
    ✓ when it may go there, a dashed outline and a ✗ when it may not. Nothing here depends on hue."""
    width = max(2, unit // 3)
    if legal:
        pygame.draw.rect(surface, theme.INK, rect, width)
    else:
        pygame.draw.rect(surface, theme.WHITE, rect, width)
        dashed_rect(surface, rect, theme.INK, width, dash=max(4, unit))
    verdict_mark(surface, (rect.right, rect.top), max(7, round(unit * 1.1)), legal)


def seat_mark(surface: pygame.Surface, shape: str, cell: pygame.Rect, colour: Colour, strong: bool = False) -> None:
    """A seat's shape (circle, triangle, square, cross) on a square of its piece or tile, so what
    belongs to whom never depends on colour alone. By default it is a quiet, darker outline of the
    shape; with the colour-blind setting (``strong``) a bold ink shape with a white rim."""
    size = min(cell.width, cell.height)
    if size < 8:
        return
    centre = cell.center
    if strong:
        seat_shape(surface, shape, centre, size * 0.3, theme.INK, outline=theme.WHITE)
    else:
        shade = theme.mix(colour, theme.INK, 0.35) if colour != theme.INK else theme.GREY
        seat_shape(surface, shape, centre, size * 0.22, shade, width=max(1, size // 14))


def coordinate_size(cell: float, metrics: theme.Metrics) -> int:
    """The size of a board's column letters and row numbers for squares of ``cell`` pixels."""
    return max(14, min(metrics.small, round(cell * 0.55)))


def coordinates(
    surface: pygame.Surface, grid: pygame.Rect, columns: int, rows: int, metrics: theme.Metrics, clearance: int = 0
) -> pygame.Rect:
    """A board's coordinates in the house style: column letters a… under ``grid`` and row numbers
    1… left of it, row 1 at the bottom, so every square the log, the recap and the hints name can be
    found. ``clearance``: the pixels the board draws beyond ``grid`` (its frame, its shadow), which
    the labels keep off. Returns the rect of the grid with its labels."""
    cell = grid.width // columns  # boards here have a whole number of pixels per square
    size = coordinate_size(cell, metrics)
    gap = clearance + max(3, cell // 5)
    ink = theme.GREY
    for col in range(columns):
        x = grid.left + col * cell + cell // 2
        text(surface, column_letter(col), (x, grid.bottom + gap), size, ink, "semibold", "midtop")
    for row in range(rows):
        y = grid.bottom - row * cell - cell // 2
        text(surface, str(row + 1), (grid.left - gap, y + 1), size, ink, "semibold", "midright")
    return coordinates_rect(grid, columns, metrics, clearance)


def coordinates_rect(grid: pygame.Rect, columns: int, metrics: theme.Metrics, clearance: int = 0) -> pygame.Rect:
    """``grid`` with the room :func:`coordinates` draws its labels in (left and below)."""
    cell = grid.width // columns
    size = coordinate_size(cell, metrics)
    gap = clearance + max(3, cell // 5)
    # A row number is at most two digits here; a line of text is about the size tall.
    room = gap + round(size * 1.4)
    return pygame.Rect(grid.left - room, grid.top, grid.width + room, grid.height + room)


def hatch(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, gap: int = 10, width: int = 2) -> None:
    """Diagonal hatching clipped to ``rect`` (unowned zones, disabled areas)."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for offset in range(-rect.height, rect.width, max(3, gap)):
        pygame.draw.line(
            surface, colour, (rect.left + offset, rect.bottom), (rect.left + offset + rect.height, rect.top), width
        )
    surface.set_clip(clip)


def shadow_rect(surface: pygame.Surface, rect: pygame.Rect, offset: int) -> None:
    """The flat offset shadow of the poster style (no blur)."""
    pygame.draw.rect(surface, theme.INK, rect.move(offset, offset))


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: Colour = theme.WHITE, border: int = 3) -> None:
    pygame.draw.rect(surface, fill, rect)
    if border:
        pygame.draw.rect(surface, theme.INK, rect, border)


def fade_down(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = theme.PAPER) -> None:
    """``rect`` washed with ``colour``, strongly at its top and less towards its bottom: what is drawn
    there fades into the panel (a list's lines that go on above its top edge)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    wash = pygame.Surface(rect.size, pygame.SRCALPHA)
    for row in range(rect.height):
        wash.fill((*colour, round(215 - 95 * row / max(1, rect.height - 1))), (0, row, rect.width, 1))
    surface.blit(wash, rect)


def veil(surface: pygame.Surface, alpha: int = 150, colour: Colour = theme.PAPER) -> None:
    """A translucent wash over everything (behind overlays and dialogs)."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.fill((*colour, alpha))
    surface.blit(layer, (0, 0))


def status_room(rect: pygame.Rect, m: theme.Metrics, right: int = 0) -> int:
    """The width :func:`status_bar` gives its message when its right end keeps ``right`` pixels."""
    return rect.width - 2 * m.u(3) - (right + m.u(2) if right else 0)


def bottom_rule(surface: pygame.Surface, rect: pygame.Rect, thickness: int) -> None:
    """The ink rule along a bar's bottom edge, inside the bar: a bar shown from its copy (``ui/layer``)
    keeps the whole rule (a line centred on the edge spilled a row below the bar, lost from the copy)."""
    pygame.draw.rect(surface, theme.INK, (rect.x, rect.bottom - thickness, rect.width, thickness))


def status_bar(
    surface: pygame.Surface,
    rect: pygame.Rect,
    m: theme.Metrics,
    message: str,
    kind: str,
    idle: str,
    right: int = 0,
) -> None:
    """The ink status bar of the play screens: the current message (errors flagged in red and set in
    yellow), or the idle reminder of the controls in grey. ``right``: the width its right end keeps
    for the caller's own text; a line too long for the rest is set smaller rather than run under it."""
    pygame.draw.rect(surface, theme.INK, rect)
    room = status_room(rect, m, right)
    if message:
        error = kind == "error"
        if error:
            pygame.draw.rect(surface, theme.RED, (rect.left, rect.top, m.u(1), rect.height))
        colour = theme.YELLOW if error else theme.WHITE
        size = fitting_size(message, m.body, room, "semibold")
        text(surface, message, (rect.left + m.u(3), rect.centery + 1), size, colour, "semibold", "midleft")
    else:
        size = fitting_size(idle, m.body, room, "regular")
        text(surface, idle, (rect.left + m.u(3), rect.centery + 1), size, theme.LIGHT_GREY, "regular", "midleft")


# A banner's words shrink no further than the house's smallest secondary text (the layout check's 14 px).
BANNER_LEAST_SIZE = 14


def banner_least_width(words: str, edge: int) -> int:
    """The narrowest band :func:`banner` can draw ``words`` in whole (smallest size, no spacing)."""
    label = render_text(words.upper(), BANNER_LEAST_SIZE, theme.WHITE, "black", 0.0)
    return line_box(label, BANNER_LEAST_SIZE, "black").height + 2 * edge + label.get_width() + 12


def banner(
    surface: pygame.Surface,
    area: pygame.Rect,
    words: str,
    progress: float,
    size: int,
    edge: int,
    colour: Colour = theme.RED,
    shape: str | None = None,
) -> pygame.Rect:
    """A passing banner ("Your turn, Anni", "Blue passes", "Round over") across the middle of
    ``area``: a solid ink band as wide as its words need, a block in the seat's ``colour`` at its
    left with the seat's ``shape`` in it, white capitals. It fades out over the last quarter of its
    ``progress`` (0 to 1); ``edge`` is the padding. Returns the band's rect."""
    alpha = 1.0 if progress < 0.75 else max(0.0, 1 - (progress - 0.75) / 0.25)
    spacing, pad = 0.1, edge
    label = render_text(words.upper(), size, theme.WHITE, "black", spacing)
    block = line_box(label, size, "black").height + 2 * edge
    while block + label.get_width() + 4 * pad > area.width and (size > BANNER_LEAST_SIZE or spacing > 0 or pad > 3):
        # A long name makes the words smaller, then closer, then the padding thinner; never cut
        # (a narrow window's top bar, a longer language).
        if size > BANNER_LEAST_SIZE:
            size -= 1
        elif spacing > 0:
            spacing = 0.0
        else:
            pad = 3
        label = render_text(words.upper(), size, theme.WHITE, "black", spacing)
        block = line_box(label, size, "black").height + 2 * edge
    width = min(area.width, block + label.get_width() + 4 * pad)
    band = pygame.Rect(0, 0, width, block)
    band.center = area.center
    layer = pygame.Surface(band.size, pygame.SRCALPHA)
    layer.fill(theme.INK)
    pygame.draw.rect(layer, colour, (0, 0, block, block))
    if shape:
        ink = theme.WHITE if colour != theme.WHITE else theme.INK
        seat_shape(layer, shape, (block / 2, block / 2), block * 0.3, ink)
    blit_line(layer, label, line_box(label, size, "black", midleft=(block + 2 * pad, block // 2 + 1)))
    pygame.draw.rect(layer, theme.WHITE, layer.get_rect(), max(2, edge // 4))
    layer.set_alpha(round(255 * alpha))
    surface.blit(layer, band)
    with layout_probe.role("banner"):  # on its own band: it may cover the game's title for its moment
        layout_probe.text(
            words.upper(),
            # Where the words show: the band cuts off what the smallest size still could not fit.
            pygame.Rect(band.left + block + 2 * pad, band.top, label.get_width(), block).clip(band),
            size,
            surface.get_size(),
        )
    return band
