"""Drawing Bits: the tilted ramp in perspective, tiles with their colour symbols, flat thumbnails with
scoring outlines, goal cards and tile cards. Used by the game screen and the how-to-play diagrams.

The ramp is a plane seen from the front and above: a board point ``(x, y)`` (columns and rows in cell
units, ``y`` up the ramp; ``y`` above 6 is the air above the top edge where a tile waits) maps to the
screen through a perspective transform (a homography of the 6 × 6 square onto a trapezoid), so rows
get shorter and narrower towards the top. Tiles have a little thickness: their front faces show.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

import pygame

from bauhausbox.engine.shapes import parse_picture
from bauhausbox.games.bits.board import heights
from bauhausbox.games.bits.cards import (
    COLOUR_SYMBOLS,
    EMPTY,
    NEUTRAL,
    SIZE,
    CardScore,
    GoalCard,
)
from bauhausbox.i18n import _
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.theme import Colour

Point = tuple[float, float]
CellRect = Callable[[int], pygame.Rect]  # board index -> its square on screen

TILE_COLOURS: dict[str, Colour] = {
    "R": (198, 30, 48),  # red, as the original rules name it (an orange one read as "orange")
    "Y": (242, 184, 36),
    "B": (29, 78, 158),
    "P": (124, 66, 156),
    "K": (36, 36, 38),
    NEUTRAL: (178, 173, 165),
}
RAMP_FACE: Colour = (250, 247, 240)
RAMP_GRID: Colour = (214, 207, 195)
RAMP_SIDE: Colour = (196, 189, 177)
RAMP_FRONT: Colour = (165, 158, 146)
HOLE: Colour = (222, 214, 200)


def front_colour(colour: Colour) -> Colour:
    return theme.mix(colour, theme.INK, 0.38)


def symbol_colour(colour: Colour, strong: bool) -> Colour:
    if colour == TILE_COLOURS["K"]:
        return theme.mix(colour, theme.WHITE, 0.75 if strong else 0.45)
    if colour == TILE_COLOURS["Y"]:
        return theme.mix(colour, theme.INK, 0.6 if strong else 0.3)
    return theme.mix(colour, theme.WHITE, 0.85 if strong else 0.45)


def symbol(surface: pygame.Surface, letter: str, centre: Point, radius: float, colour: Colour, width: int = 0) -> None:
    """The colour-blind mark of a tile colour (circle, triangle, square, diamond, cross; none for neutral)."""
    kind = COLOUR_SYMBOLS.get(letter, "")
    if not kind or radius < 2:
        return
    cx, cy = centre
    r = radius
    if kind == "circle":
        pygame.draw.circle(surface, colour, (round(cx), round(cy)), round(r * 0.85), width)
    elif kind == "triangle":
        pygame.draw.polygon(
            surface, colour, [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)], width
        )
    elif kind == "square":
        s = r * 0.75
        pygame.draw.rect(surface, colour, pygame.Rect(round(cx - s), round(cy - s), round(2 * s), round(2 * s)), width)
    elif kind == "diamond":
        pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], width)
    elif kind == "cross":
        w = max(2, round(r * 0.45))
        pygame.draw.line(surface, colour, (cx - r * 0.8, cy), (cx + r * 0.8, cy), w)
        pygame.draw.line(surface, colour, (cx, cy - r * 0.8), (cx, cy + r * 0.8), w)


# -- perspective -----------------------------------------------------------------------------------
class Homography:
    """A perspective map of the unit square onto a quadrilateral (Heckbert's square-to-quad), and back."""

    def __init__(self, corners: Sequence[Point]) -> None:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = corners  # (0,0) (1,0) (1,1) (0,1)
        sx, sy = x0 - x1 + x2 - x3, y0 - y1 + y2 - y3
        if abs(sx) < 1e-9 and abs(sy) < 1e-9:
            g = h = 0.0
        else:
            dx1, dx2, dy1, dy2 = x1 - x2, x3 - x2, y1 - y2, y3 - y2
            det = dx1 * dy2 - dx2 * dy1
            g = (sx * dy2 - dx2 * sy) / det
            h = (dx1 * sy - sx * dy1) / det
        self.m = (
            (x1 - x0 + g * x1, x3 - x0 + h * x3, x0),
            (y1 - y0 + g * y1, y3 - y0 + h * y3, y0),
            (g, h, 1.0),
        )
        self.inv = _inverse(self.m)

    def __call__(self, u: float, v: float) -> Point:
        (a, b, c), (d, e, f), (g, h, i) = self.m
        w = g * u + h * v + i
        return (a * u + b * v + c) / w, (d * u + e * v + f) / w

    def back(self, x: float, y: float) -> Point:
        (a, b, c), (d, e, f), (g, h, i) = self.inv
        w = g * x + h * y + i
        return (a * x + b * y + c) / w, (d * x + e * y + f) / w


def _inverse(m: tuple[tuple[float, float, float], ...]) -> tuple[tuple[float, float, float], ...]:
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return (
        ((e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det),
        ((f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det),
        ((d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det),
    )


QUADS_KEPT = 4096  # polygons a Ramp remembers (a 6 × 6 board and its tiles need a few hundred)


class Ramp:
    """Where the ramp is on screen: board cell units to pixels and back, with perspective."""

    TOP_RATIO = 0.66  # width of the top edge / width of the bottom edge
    HEIGHT_RATIO = 0.74  # screen height of the grid / width of its bottom edge
    AIR = 2.6  # cells of air above the top edge for the waiting tile

    def __init__(self, rect: pygame.Rect) -> None:
        # Fit the grid, the air above it (for the waiting tile) and the front edge with the column
        # numbers below it inside rect.
        below, above = 0.17, 0.30  # in bottom widths
        bottom = min(rect.width * 0.86, rect.height / (self.HEIGHT_RATIO + below + above))
        self.bottom_width = bottom
        height = bottom * self.HEIGHT_RATIO
        cx = rect.centerx
        base = rect.bottom - bottom * below
        top = base - height
        half_b, half_t = bottom / 2, bottom * self.TOP_RATIO / 2
        self.h = Homography([(cx - half_b, base), (cx + half_b, base), (cx + half_t, top), (cx - half_t, top)])
        self.cell = bottom / SIZE  # a cell's width at the bottom edge
        self.thickness = self.cell * 0.16
        self.rect = rect
        # Every frame asks for the same cells' polygons (hundreds of perspective points): keep them.
        self._quads: dict[tuple[float, float, float, float, float], list[Point]] = {}

    def point(self, x: float, y: float) -> Point:
        return self.h(x / SIZE, y / SIZE)

    def board_xy(self, pos: tuple[int, int]) -> Point:
        u, v = self.h.back(pos[0], pos[1])
        return u * SIZE, v * SIZE

    def scale_at(self, y: float) -> float:
        """How big things are at height ``y`` on the ramp compared with the bottom edge."""
        (x0, _y0), (x1, _y1) = self.point(0, y), self.point(SIZE, y)
        return (x1 - x0) / self.bottom_width

    def quad(self, x0: float, y0: float, x1: float, y1: float, lift: float = 0.0) -> list[Point]:
        """The screen polygon of the board rectangle [x0,x1]×[y0,y1], raised ``lift`` pixels (scaled)."""
        key = (x0, y0, x1, y1, lift)
        known = self._quads.get(key)
        if known is None:
            known = []
            for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
                sx, sy = self.point(x, y)
                known.append((sx, sy - lift * self.scale_at(y)))
            if len(self._quads) >= QUADS_KEPT:
                self._quads.clear()  # sliding tiles ask for ever new places: start again
            self._quads[key] = known
        return list(known)  # the caller's own list

    def lane(self, columns: Iterable[int], y_from: float, y_to: float) -> list[Point]:
        cols = list(columns)
        return self.quad(min(cols), y_from, max(cols) + 1, y_to)


def draw_ramp(surface: pygame.Surface, ramp: Ramp, board: str, highlight: Sequence[int] = ()) -> None:
    """The ramp as a wedge standing on the table, its face with the 6 × 6 grid, and the tiles on it."""
    margin = 0.32
    outer = ramp.quad(-margin, -margin, SIZE + margin, SIZE + margin)
    bl, br, tr, tl = outer
    front_drop = ramp.cell * 0.3
    # A flat poster shadow on the table, then the ramp's front edge (its thickness).
    offset = ramp.cell * 0.18
    shadow = [(x + offset, y + offset) for x, y in (bl, br, tr, tl)]
    shadow[0] = (shadow[0][0], shadow[0][1] + front_drop)
    shadow[1] = (shadow[1][0], shadow[1][1] + front_drop)
    pygame.draw.polygon(surface, theme.PAPER_DARK, shadow)
    front = [bl, br, (br[0], br[1] + front_drop), (bl[0], bl[1] + front_drop)]
    pygame.draw.polygon(surface, RAMP_FRONT, front)
    pygame.draw.polygon(surface, theme.INK, front, 2)
    pygame.draw.polygon(surface, theme.LIGHT_GREY, outer)
    face = ramp.quad(0, 0, SIZE, SIZE)
    pygame.draw.polygon(surface, RAMP_FACE, face)
    for col in highlight:
        pygame.draw.polygon(surface, theme.mix(RAMP_FACE, theme.YELLOW, 0.22), ramp.quad(col, 0, col + 1, SIZE))
    h = heights(board)
    for col in range(SIZE):
        for row in range(h[col]):
            if board[row * SIZE + col] == EMPTY:
                pygame.draw.polygon(surface, HOLE, ramp.quad(col, row, col + 1, row + 1))
                pygame.draw.aaline(
                    surface, theme.GREY, ramp.point(col + 0.2, row + 0.2), ramp.point(col + 0.8, row + 0.8)
                )
    for i in range(SIZE + 1):
        pygame.draw.aaline(surface, RAMP_GRID, ramp.point(i, 0), ramp.point(i, SIZE))
        pygame.draw.aaline(surface, RAMP_GRID, ramp.point(0, i), ramp.point(SIZE, i))
    pygame.draw.polygon(surface, theme.INK, outer, 3)
    # The stop bar along the bottom edge that tiles slide against.
    pygame.draw.polygon(surface, theme.INK, ramp.quad(-margin * 0.6, -margin * 0.75, SIZE + margin * 0.6, -0.04))
    # Column numbers below the ramp, row numbers on the left.
    size = max(14, round(ramp.cell * 0.26))
    for col in range(SIZE):
        x, y = ramp.point(col + 0.5, -margin)
        draw.text(surface, str(col + 1), (round(x), round(y + front_drop + 4)), size, theme.GREY, "semibold", "midtop")
    for row in range(SIZE):
        x, y = ramp.point(-margin, row + 0.5)
        draw.text(
            surface,
            str(row + 1),
            (round(x - 6), round(y)),
            max(14, round(size * ramp.scale_at(row + 0.5))),
            theme.GREY,
            "semibold",
            "midright",
        )


def draw_board_tiles(
    surface: pygame.Surface, ramp: Ramp, board: str, colour_blind: bool = False, skip: Iterable[int] = ()
) -> None:
    """Every tile cell on the ramp, far rows first so the near ones overlap them."""
    hidden = set(skip)
    for row in range(SIZE - 1, -1, -1):
        for col in range(SIZE):
            index = row * SIZE + col
            if board[index] != EMPTY and index not in hidden:
                draw_cell(surface, ramp, col, row, board[index], colour_blind)


def draw_cell(
    surface: pygame.Surface,
    ramp: Ramp,
    x: float,
    y: float,
    letter: str,
    colour_blind: bool = False,
    alpha: int = 255,
    outline: Colour | None = theme.INK,
) -> None:
    """One tile square at board position (x, y) (may be fractional while sliding)."""
    colour = TILE_COLOURS[letter]
    lift = ramp.thickness
    top = ramp.quad(x + 0.04, y + 0.04, x + 0.96, y + 0.96, lift)
    base = ramp.quad(x + 0.04, y + 0.04, x + 0.96, y + 0.96, 0)
    front = [base[0], base[1], top[1], top[0]]
    target = surface
    if alpha < 255:
        target = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(target, front_colour(colour), front)
    pygame.draw.polygon(target, colour, top)
    if outline:
        pygame.draw.polygon(target, outline, top, 1)
        pygame.draw.polygon(target, outline, front, 1)
    face_symbol(target, ramp, top, y, letter, symbol_colour(colour, colour_blind), colour_blind)
    if alpha < 255:
        target.set_alpha(alpha)
        surface.blit(target, (0, 0))


def face_symbol(
    surface: pygame.Surface,
    ramp: Ramp,
    face: Sequence[tuple[float, float]],
    row: float,
    letter: str,
    colour: Colour,
    colour_blind: bool,
) -> None:
    """A colour's symbol in the middle of a cell's face on the ramp (``face``: its four corners), sized
    for the ``row`` it is on; filled when colour-blind help is on, drawn in outline otherwise."""
    centre = (sum(p[0] for p in face) / 4, sum(p[1] for p in face) / 4)
    width = 0 if colour_blind else max(2, round(ramp.cell * 0.05))
    symbol(surface, letter, centre, ramp.cell * 0.2 * ramp.scale_at(row + 0.5), colour, width)


def draw_domino(
    surface: pygame.Surface,
    ramp: Ramp,
    colours: str,
    vertical: bool,
    x: float,
    y: float,
    colour_blind: bool = False,
    alpha: int = 255,
    outline: Colour | None = theme.INK,
) -> None:
    """A tile whose bottom-left cell is at (x, y): ``colours`` left-to-right or top-to-bottom."""
    if vertical:
        draw_cell(surface, ramp, x, y + 1, colours[0], colour_blind, alpha, outline)
        draw_cell(surface, ramp, x, y, colours[1], colour_blind, alpha, outline)
    else:
        draw_cell(surface, ramp, x, y, colours[0], colour_blind, alpha, outline)
        draw_cell(surface, ramp, x + 1, y, colours[1], colour_blind, alpha, outline)


def tile_quad(ramp: Ramp, cells: Sequence[int], lift: float | None = None) -> list[Point]:
    """The screen outline of a placed tile's top faces: the board rectangle its ``cells`` cover."""
    cols = [i % SIZE for i in cells]
    rows = [i // SIZE for i in cells]
    raise_by = ramp.thickness if lift is None else lift
    return ramp.quad(min(cols) + 0.04, min(rows) + 0.04, max(cols) + 0.96, max(rows) + 0.96, raise_by)


def dashed_polygon(surface: pygame.Surface, points: Sequence[Point], colour: Colour, width: int, dash: int) -> None:
    """A closed outline in dashes of ``dash`` pixels (the ramp's quads are not rectangles, so
    :func:`bauhausbox.ui.draw.dashed_rect` cannot draw them)."""
    for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1:
            continue
        steps = max(1, round(length / (2 * dash)))
        for k in range(steps):
            a, b = k / steps, (k + 0.5) / steps
            pygame.draw.line(
                surface,
                colour,
                (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                width,
            )


def move_outline(surface: pygame.Surface, points: Sequence[Point], width: int) -> None:
    """The shared last-move marker (:func:`bauhausbox.ui.draw.move_band`: a solid ink–white–ink
    band, no seat colour, never red) around a tile on the tilted ramp."""
    for colour, band in draw.move_band(width):
        pygame.draw.polygon(surface, colour, points, band)


def ghost_frame(surface: pygame.Surface, points: Sequence[Point], legal: bool, unit: int) -> pygame.Rect:
    """The shared ghost frame (:func:`bauhausbox.ui.draw.ghost_frame`) around a quad of the ramp: a
    solid ink outline and a ✓ when the tile may land there, a white band with dashed ink and a ✗
    when it may not. Returns the ✓/✗ disc's rect."""
    width = max(2, unit // 3)
    if legal:
        pygame.draw.polygon(surface, theme.INK, points, width)
    else:
        pygame.draw.polygon(surface, theme.WHITE, points, width + 2)
        dashed_polygon(surface, points, theme.INK, width, max(4, unit))
    top_right = max(points, key=lambda p: p[0] - p[1])
    return draw.verdict_mark(surface, top_right, max(7, round(unit * 1.1)), legal)


def draw_ghost(
    surface: pygame.Surface,
    ramp: Ramp,
    cells: Sequence[int],
    colours: str,
    legal: bool,
    colour_blind: bool = False,
) -> pygame.Rect:
    """Where the tile will land: its colours washed out but with their symbols (blue and black
    ghosts must not look alike), framed solid with a ✓ when legal, dashed with a ✗ when refused.
    Returns the screen rect the ghost covers (what a refusal's note must leave in view)."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for index, letter in zip(cells, colours, strict=True):
        col, row = index % SIZE, index // SIZE
        colour = TILE_COLOURS[letter]
        quad = ramp.quad(col + 0.04, row + 0.04, col + 0.96, row + 0.96)
        pygame.draw.polygon(layer, (*colour, 130), quad)
        face_symbol(layer, ramp, quad, row, letter, symbol_colour(colour, True), colour_blind)
    surface.blit(layer, (0, 0))
    outline = tile_quad(ramp, cells, 0.0)
    mark = ghost_frame(surface, outline, legal, max(6, round(ramp.cell * 0.12)))
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    area = pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
    return area.union(mark)


# -- flat boards (thumbnails, scoring) ---------------------------------------------------------------
def draw_flat_board(
    surface: pygame.Surface,
    rect: pygame.Rect,
    board: str,
    colour_blind: bool = False,
    scored: Sequence[tuple[Sequence[int], int]] = (),
    dim: bool = False,
    marked: Sequence[int] = (),
) -> None:
    """A board seen straight on (row 6 at the top), with holes marked and ``scored`` areas outlined:
    each ``(cells, points)`` gets a heavy outline (red when negative) and its points. ``marked`` cells
    (just placed) get the neutral last-move outline."""
    cell = min(rect.width, rect.height) / SIZE
    left, top = rect.left, rect.top
    pygame.draw.rect(surface, RAMP_FACE, (left, top, cell * SIZE, cell * SIZE))
    h = heights(board)

    def cell_rect(index: int) -> pygame.Rect:
        col, row = index % SIZE, index // SIZE
        x0 = round(left + col * cell)
        y0 = round(top + (SIZE - 1 - row) * cell)
        return pygame.Rect(x0, y0, round(left + (col + 1) * cell) - x0, round(top + (SIZE - row) * cell) - y0)

    for index, letter in enumerate(board):
        r = cell_rect(index)
        col, row = index % SIZE, index // SIZE
        if letter == EMPTY:
            if row < h[col]:
                pygame.draw.rect(surface, HOLE, r)
                pygame.draw.line(surface, theme.GREY, r.bottomleft, r.topright, 1)
            continue
        colour = TILE_COLOURS[letter]
        if dim:
            colour = theme.mix(colour, theme.PAPER, 0.55)
        pygame.draw.rect(surface, colour, r)
        if cell >= 14:
            symbol(
                surface,
                letter,
                r.center,
                cell * 0.22,
                symbol_colour(colour, colour_blind),
                0 if colour_blind else max(1, round(cell / 14)),
            )
    for i in range(SIZE + 1):
        x = round(left + i * cell)
        y = round(top + i * cell)
        pygame.draw.line(surface, RAMP_GRID, (x, top), (x, top + round(cell * SIZE)))
        pygame.draw.line(surface, RAMP_GRID, (left, y), (left + round(cell * SIZE), y))
    pygame.draw.rect(surface, theme.INK, (left, top, round(cell * SIZE), round(cell * SIZE)), 2)
    if marked:  # new since the last reveal: the neutral last-move band of every game
        for colour, band in draw.move_band(max(2, round(cell / 9))):
            outline_area(surface, marked, cell_rect, colour, band)
    for cells, points in scored:
        outline_area(surface, cells, cell_rect, theme.ILLEGAL if points < 0 else theme.INK, max(2, round(cell / 9)))
    for cells, points in scored:
        centre = _label_point(cells, cell_rect)
        badge(surface, f"{points:+d}", centre, max(13, round(cell * 0.42)), points < 0)


def outline_area(
    surface: pygame.Surface, cells: Sequence[int], cell_rect: CellRect, colour: Colour, width: int, dash: int = 0
) -> None:
    """A heavy line around the outside of a set of cells (only edges not shared by two of them),
    in dashes of ``dash`` pixels when given."""
    inside = set(cells)
    half = width // 2
    edges: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for index in inside:
        r = cell_rect(index)
        col, row = index % SIZE, index // SIZE
        if row == SIZE - 1 or index + SIZE not in inside:
            edges.append(((r.left - half, r.top), (r.right + half, r.top)))
        if row == 0 or index - SIZE not in inside:
            edges.append(((r.left - half, r.bottom), (r.right + half, r.bottom)))
        if col == 0 or index - 1 not in inside:
            edges.append(((r.left, r.top - half), (r.left, r.bottom + half)))
        if col == SIZE - 1 or index + 1 not in inside:
            edges.append(((r.right, r.top - half), (r.right, r.bottom + half)))
    for start, end in edges:
        if dash:
            dashed_polygon(surface, [start, end], colour, width, dash)
        else:
            pygame.draw.line(surface, colour, start, end, width)


def _label_point(cells: Sequence[int], cell_rect: CellRect) -> tuple[int, int]:
    rects = [cell_rect(i) for i in cells]
    cx = sum(r.centerx for r in rects) / len(rects)
    cy = sum(r.centery for r in rects) / len(rects)
    # Put the label on the area's cell nearest its centre (L shapes have their centre outside).
    best = min(rects, key=lambda r: (r.centerx - cx) ** 2 + (r.centery - cy) ** 2)
    return best.center


def badge(surface: pygame.Surface, label: str, centre: tuple[int, int], size: int, negative: bool = False) -> None:
    rendered = draw.render_text(label, size, theme.WHITE, "bold")
    box = rendered.get_rect().inflate(size // 2, size // 5)
    box.center = centre
    pygame.draw.rect(surface, theme.ILLEGAL if negative else theme.INK, box)
    surface.blit(rendered, rendered.get_rect(center=box.center))


def card_score_areas(scores: Sequence[CardScore], only: int | None = None) -> list[tuple[tuple[int, ...], int]]:
    """``(cells, points)`` per scoring area, summed over the cards (or card ``only``)."""
    totals: dict[tuple[int, ...], int] = {}
    for number, card in enumerate(scores):
        if only is not None and number != only:
            continue
        for area in card.scored:
            totals[area.area.cells] = totals.get(area.area.cells, 0) + area.points
    return [(cells, points) for cells, points in totals.items() if points]


# -- cards ----------------------------------------------------------------------------------------
def draw_goal_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    card: GoalCard,
    colour_blind: bool = False,
    highlight: bool = False,
    compact: bool = False,
) -> None:
    """A goal card: pile number, the shape in its colour (grey when any colour counts), the points.
    ``compact`` draws only the shape (for small icons next to a line of text). The card is laid out
    from the top (pile number) and the bottom (points, "other 4" line) inwards, and the shape takes
    what is left, so nothing overlaps on a small card."""
    if not compact:
        draw.shadow_rect(surface, rect, max(2, rect.width // 30))
    pygame.draw.rect(surface, theme.YELLOW if highlight else theme.WHITE, rect)
    pygame.draw.rect(surface, theme.INK, rect, 2 if not compact else 1)
    pad = max(3, rect.width // 12)
    shape = parse_picture(card.picture)
    width = max(x for x, _ in shape) + 1
    height = max(y for _, y in shape) + 1
    if compact:
        area = rect.inflate(-2 * pad, -2 * pad)
        cell = min(area.width / max(width, 2), area.height / max(height, 2))
    else:
        number = max(14, rect.width // 7)  # 14 px is the least any text may be (docs/contributing.md)
        points = max(16, rect.width // 4)
        caption = _("other 4: {points}").format(points=f"{card.other_four:+d}") if card.other_four else ""
        room = rect.width - 2 * pad  # inside the card's border, as the shape is
        caption_size = draw.fitting_size(caption, max(14, number - 3), room, "semibold", smallest=10) if caption else 0
        lines = [caption] if caption else []
        if caption and draw.render_text(caption, caption_size, theme.GREY, "semibold").get_width() > room:
            # Too long even small (a narrow card, a longer language): the points go under the words.
            head, _sep, tail = caption.rpartition(" ")
            lines = [head, tail]
            caption_size = draw.fitting_size(head, max(14, number - 3), room, "semibold", smallest=10)
        draw.text(surface, f"{card.pile}", (rect.left + pad, rect.top + pad // 2), number, theme.GREY, "bold")
        bottom = rect.bottom - pad // 2
        for line in reversed(lines):
            bottom = draw.text(
                surface, line, (rect.centerx, bottom), caption_size, theme.GREY, "semibold", "midbottom"
            ).top
        label = draw.text(
            surface,
            f"{card.points:+d}",
            (rect.centerx, bottom + round(points * 0.12)),
            points,
            theme.RED if card.points < 0 else theme.INK,
            "black",
            "midbottom",
        )
        area = pygame.Rect(rect.left + pad, rect.top + pad // 2 + number, rect.width - 2 * pad, 0)
        area.height = max(4, label.top + round(points * 0.15) - area.top - pad // 2)
        cell = min(area.width / max(width, 3), area.height / max(height, 2))
    box_w, box_h = cell * width, cell * height
    ox = area.centerx - box_w / 2
    oy = area.centery - box_h / 2
    fill = TILE_COLOURS[card.colour] if card.colour else theme.LIGHT_GREY
    for x, y in shape:
        r = pygame.Rect(round(ox + x * cell), round(oy + (height - 1 - y) * cell), round(cell), round(cell))
        pygame.draw.rect(surface, fill, r)
        pygame.draw.rect(surface, theme.INK, r, 1 if compact else 2)
        if card.colour and not compact:
            symbol(
                surface,
                card.colour,
                r.center,
                cell * 0.22,
                symbol_colour(fill, colour_blind),
                0 if colour_blind else max(1, round(cell / 12)),
            )


def draw_tile_face(
    surface: pygame.Surface, rect: pygame.Rect, colours: str, vertical: bool = False, colour_blind: bool = False
) -> None:
    """A flat tile (two squares) filling ``rect``."""
    if vertical:
        halves = [
            pygame.Rect(rect.left, rect.top, rect.width, rect.height // 2),
            pygame.Rect(rect.left, rect.top + rect.height // 2, rect.width, rect.height - rect.height // 2),
        ]
    else:
        halves = [
            pygame.Rect(rect.left, rect.top, rect.width // 2, rect.height),
            pygame.Rect(rect.left + rect.width // 2, rect.top, rect.width - rect.width // 2, rect.height),
        ]
    for half, letter in zip(halves, colours, strict=True):
        colour = TILE_COLOURS[letter]
        pygame.draw.rect(surface, colour, half)
        pygame.draw.rect(surface, theme.INK, half, 2)
        symbol(
            surface,
            letter,
            half.center,
            min(half.width, half.height) * 0.24,
            symbol_colour(colour, colour_blind),
            0 if colour_blind else max(1, half.width // 16),
        )


def ease_slide(t: float) -> float:
    """Sliding down the ramp: accelerating like a falling tile, with a tiny settle at the end."""
    if t < 0.85:
        return (t / 0.85) ** 2
    settle = (t - 0.85) / 0.15
    return 1 + 0.025 * math.sin(settle * math.pi)


def rank_row(
    surface: pygame.Surface, box: pygame.Rect, words: tuple[str, str], reached: bool, sizes: tuple[int, int], pad: int
) -> None:
    """One row of the solo ranks' ladder (the side panel and the round's table): the rank's name and
    its span of points (``words``, in ``sizes``) ``pad`` in from the sides; the rank reached on yellow."""
    name, span = words
    if reached:
        pygame.draw.rect(surface, theme.YELLOW, box)
        pygame.draw.rect(surface, theme.INK, box, 2)
    with layout_probe.box(box):
        draw.text(surface, name, (box.left + pad, box.centery), sizes[0], theme.INK, "semibold", "midleft")
        draw.text(
            surface,
            span,
            (box.right - pad, box.centery),
            sizes[1],
            theme.INK if reached else theme.GREY,  # grey on yellow does not read
            "semibold" if reached else "regular",
            "midright",
        )
