"""Drawing Bauhaus: board geometry (squares and edges to pixels and back), the board with its zones,
walls and tokens, wall patterns, and the action cards. Used by the game screen and the how-to-play
diagrams; pure functions of a position and a rectangle, no screen state."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from bauhausbox import i18n
from bauhausbox.games.bauhaus.board import Board, bits
from bauhausbox.games.bauhaus.cards import (
    CARDS,
    FREE_WALLS,
    MOVE_TOKEN,
    MOVE_WALL,
    NO_CARD,
    PATTERN,
    PLACE,
    SWAP,
    Orientation,
    transformed,
)
from bauhausbox.games.bauhaus.rules import BauhausRules, BauhausState
from bauhausbox.i18n import translate
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.layout_probe import CARD_PICTURE
from bauhausbox.ui.theme import Colour, Metrics

Pos = tuple[int, int]

CARD_ACCENTS: dict[str, Colour] = {
    PLACE: theme.BLUE,
    FREE_WALLS: theme.RED,
    PATTERN: theme.RED,
    MOVE_WALL: theme.YELLOW,
    MOVE_TOKEN: theme.BLUE,
    SWAP: theme.YELLOW,
}


def card_label(card: int) -> str:
    """The name printed on ``card`` in the players' language: "Move wall", "Pattern L3"."""
    info = CARDS[card]
    return translate(info.title)


# Labels and secondary words on paper: a dark grey that stays legible (light grey means "disabled").
LABEL: Colour = theme.mix(theme.INK, theme.PAPER, 0.3)
# The board's flat offset shadow: light, so that no dark band along the edge reads as a wall.
BOARD_SHADOW: Colour = theme.LIGHT_GREY


def fit_text(text: str, size: int, width: int, weight: str = "semibold") -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if draw.render_text(text, size, theme.INK, weight).get_width() <= width:
        return text
    while len(text) > 1 and draw.render_text(text + "…", size, theme.INK, weight).get_width() > width:
        text = text[:-1]
    return text + "…"


def seat_colour(seat: int) -> Colour:
    return theme.SEAT_COLOURS[seat % 4]


def seat_shape(seat: int) -> str:
    return theme.SEAT_SHAPES[seat % 4]


# ==== board geometry ================================================================================
@dataclass
class Geometry:
    """Where the board sits on screen; converts squares and edges to pixels and back."""

    board: Board
    rect: pygame.Rect

    @property
    def cell(self) -> float:
        return self.rect.width / self.board.size

    def square_rect(self, square: int) -> pygame.Rect:
        col, row = self.board.cell(square)
        c = self.cell
        left = self.rect.left + round(col * c)
        top = self.rect.top + round((self.board.size - 1 - row) * c)
        right = self.rect.left + round((col + 1) * c)
        bottom = self.rect.top + round((self.board.size - row) * c)
        return pygame.Rect(left, top, right - left, bottom - top)

    def square_center(self, square: int) -> tuple[float, float]:
        col, row = self.board.cell(square)
        c = self.cell
        return self.rect.left + (col + 0.5) * c, self.rect.top + (self.board.size - row - 0.5) * c

    def corner(self, x: int, y: int) -> tuple[float, float]:
        """A lattice point (x right, y up from the bottom-left corner) in pixels."""
        return self.rect.left + x * self.cell, self.rect.bottom - y * self.cell

    def edge_ends(self, edge: int) -> tuple[tuple[float, float], tuple[float, float]]:
        horizontal, line, pos = self.board.edge_line(edge)
        if horizontal:
            return self.corner(pos, line), self.corner(pos + 1, line)
        return self.corner(line, pos), self.corner(line, pos + 1)

    def edge_rect(self, edge: int, thickness: float) -> pygame.Rect:
        """The bar of ``thickness`` pixels along ``edge``: centred on it inside the board, pushed in
        on the border, so that a border wall (and its highlight) stays inside the board's frame."""
        (x1, y1), (x2, y2) = self.edge_ends(edge)
        half = thickness / 2
        left, right = min(x1, x2) - half, max(x1, x2) + half
        top, bottom = min(y1, y2) - half, max(y1, y2) + half
        rect = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
        return rect.clamp(self.rect)

    def fractional(self, pos: Pos) -> tuple[float, float]:
        """Board coordinates in squares (x right, y up)."""
        return (pos[0] - self.rect.left) / self.cell, (self.rect.bottom - pos[1]) / self.cell

    def square_at(self, pos: Pos) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        fx, fy = self.fractional(pos)
        n = self.board.size
        col, row = min(n - 1, max(0, int(fx))), min(n - 1, max(0, int(fy)))
        return self.board.square(col, row)

    def edge_at(self, pos: Pos, reach: float = 0.3) -> int | None:
        """The edge nearest to ``pos`` when it is within ``reach`` squares of it."""
        fx, fy = self.fractional(pos)
        n = self.board.size
        if not (-reach <= fx <= n + reach and -reach <= fy <= n + reach):
            return None
        x_line, y_line = round(fx), round(fy)
        dx, dy = abs(fx - x_line), abs(fy - y_line)
        col, row = min(n - 1, max(0, math.floor(fx))), min(n - 1, max(0, math.floor(fy)))
        b = self.board
        if dy <= dx and dy <= reach and 0 <= y_line <= n and 0 <= fx <= n:
            return y_line * b.stride + col
        if dx <= reach and 0 <= x_line <= n and 0 <= fy <= n:
            return b.v_offset + row * b.stride + x_line
        return None

    def wall_thickness(self) -> int:
        return wall_thickness(self.cell)

    def outer_rect(self) -> pygame.Rect:
        """The board (its walls stay inside it) and its shadow."""
        return self.rect.union(self.rect.move(shadow_offset(self.cell), shadow_offset(self.cell)))

    def labelled_rect(self, metrics: Metrics) -> pygame.Rect:
        """Everything :func:`draw_board` draws: the board, its shadow and its coordinates."""
        labels = draw.coordinates_rect(self.rect, self.board.size, metrics, shadow_offset(self.cell))
        return self.outer_rect().union(labels)


def wall_thickness(cell: float) -> int:
    return max(4, round(cell * 0.15))


def shadow_offset(cell: float) -> int:
    return max(2, round(cell * 0.06))


def fit_board(board: Board, area: pygame.Rect, anchor: str = "center") -> Geometry:
    """The largest board (a whole number of pixels per square) that stays in ``area`` with its shadow."""
    side = min(area.width, area.height)
    side -= side % board.size
    while side > board.size and side + shadow_offset(side / board.size) > min(area.width, area.height):
        side -= board.size
    offset = shadow_offset(side / board.size)
    outer = pygame.Rect(0, 0, side + offset, side + offset)
    setattr(outer, anchor, getattr(area, anchor))
    return Geometry(board, pygame.Rect(outer.topleft, (side, side)))


def fit_labelled_board(board: Board, area: pygame.Rect, metrics: Metrics, anchor: str = "center") -> Geometry:
    """The largest board that stays in ``area`` with its shadow and its coordinates (left and below)."""
    room = metrics.small + metrics.u(1.5)  # a first guess at the labels' room
    geo = fit_board(board, area, anchor)
    for _attempt in range(2):
        # The labels' room depends on the squares' size: fit once, then again with the room the
        # labels of that board take (smaller squares never need more).
        inner = pygame.Rect(area.left + room, area.top, area.width - room, area.height - room)
        geo = fit_board(board, inner, anchor)
        labelled = geo.labelled_rect(metrics)
        room = max(geo.rect.left - labelled.left, labelled.bottom - geo.rect.bottom)
    return geo


# ==== drawing helpers shared by the screen and the how-to-play diagrams ==================================
def draw_token(
    surface: pygame.Surface, center: tuple[float, float], radius: float, seat: int, control: bool, squash: float = 1.0
) -> None:
    """A token: deployed face = white disc with a coloured rim and the seat's shape drawn open (a
    line); control face = solid colour, the shape only outlined on it. At a glance: light and open
    (may still move) against full colour (fixed), as the how-to says. ``squash`` < 1 narrows it
    (the flip animation)."""
    colour = seat_colour(seat)
    size = max(4, math.ceil(radius * 2 + 4))
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    mid = (size / 2, size / 2)
    r = radius
    if control:
        pygame.draw.circle(layer, colour, mid, r)
        pygame.draw.circle(layer, theme.INK, mid, r, max(1, round(r / 9)))
        if colour == theme.INK:  # black: a white shape (a thin white outline on black was hard to read)
            draw.seat_shape(layer, seat_shape(seat), mid, r * 0.5, theme.WHITE)
        else:  # the shape in the same colour, outlined: the face stays solid and the shape readable
            draw.seat_shape(layer, seat_shape(seat), mid, r * 0.5, colour, outline=theme.INK)
    else:
        pygame.draw.circle(layer, theme.WHITE, mid, r)
        pygame.draw.circle(layer, colour, mid, r * 0.95, max(2, round(r / 9)))
        pygame.draw.circle(layer, theme.INK, mid, r, max(1, round(r / 12)))
        # Yellow on white needs an ink edge to be seen; the others show in their own colour.
        width = max(2, round(r / 7))
        if seat % 4 == 1:
            draw.seat_shape(layer, seat_shape(seat), mid, r * 0.55, theme.INK, width=width + 2)
        draw.seat_shape(layer, seat_shape(seat), mid, r * 0.55, colour, width=width)
    if squash < 0.999:
        width = max(1, round(size * max(0.02, squash)))
        layer = pygame.transform.smoothscale(layer, (width, size))
    surface.blit(layer, layer.get_rect(center=(round(center[0]), round(center[1]))))


def draw_wall(surface: pygame.Surface, geo: Geometry, edge: int, colour: Colour, thickness: int) -> None:
    pygame.draw.rect(surface, colour, geo.edge_rect(edge, thickness))


def token_at(state: BauhausState, square: int) -> tuple[int, bool] | None:
    """``(seat, control face?)`` of the token on ``square``, if any."""
    for seat in range(state.players):
        if state.deployed[seat] >> square & 1:
            return seat, False
        if state.control[seat] >> square & 1:
            return seat, True
    return None


def draw_board(
    surface: pygame.Surface,
    geo: Geometry,
    rules: BauhausRules,
    state: BauhausState,
    metrics: Metrics,
    *,
    hide_tokens: frozenset[int] = frozenset(),
    flips: dict[int, float] | None = None,
    labels: bool = True,
    strong: bool = False,
) -> None:
    """The board: squares, zones (owned filled in a tint of the owner's colour, with its shape small
    in the corner of every empty square; unowned hatched), walls, tokens, coordinates. ``strong``: the colour-blind
    setting's bolder seat shapes."""
    rect = geo.rect
    offset = shadow_offset(geo.cell)
    # Only the shadow's two visible strips (right and below): filling all of it under the white
    # board took a tenth of a frame.
    pygame.draw.rect(surface, BOARD_SHADOW, (rect.right, rect.top + offset, offset, rect.height))
    pygame.draw.rect(surface, BOARD_SHADOW, (rect.left + offset, rect.bottom, rect.width, offset))
    pygame.draw.rect(surface, theme.WHITE, rect)
    occupied = 0
    for seat in range(state.players):
        occupied |= state.deployed[seat] | state.control[seat]
    for zone in rules.zones(state):
        if not zone.closed:
            continue
        for square in bits(zone.squares):
            cell = geo.square_rect(square)
            if zone.status == "owned":
                draw_owned_square(surface, cell, zone.colours[0], not occupied >> square & 1, strong)
            elif zone.status == "shared":
                pygame.draw.rect(surface, theme.PAPER_DARK, cell)
                draw.hatch(surface, cell, theme.mix(theme.INK, theme.WHITE, 0.55), max(5, cell.width // 6), 2)
            else:
                draw.hatch(surface, cell, theme.LIGHT_GREY, max(5, cell.width // 6), 2)
    # The grid: thin lines. The border is not a wall: a thin grey frame, never a heavy ink line, so
    # that a wall built on it (a heavy ink bar across the frame) is unmistakable.
    grid = theme.mix(theme.LIGHT_GREY, theme.WHITE, 0.3)
    n = rules.board.size
    for i in range(n + 1):
        pygame.draw.line(surface, grid, geo.corner(i, 0), geo.corner(i, n), 1)
        pygame.draw.line(surface, grid, geo.corner(0, i), geo.corner(n, i), 1)
    pygame.draw.rect(surface, theme.GREY, rect, 1)
    thickness = geo.wall_thickness()
    for edge in bits(state.walls):
        draw_wall(surface, geo, edge, theme.INK, thickness)
    radius = geo.cell * 0.34
    for square in rules.board.squares:
        if square in hide_tokens:
            continue
        token = token_at(state, square)
        if token is None:
            continue
        seat, control = token
        squash = 1.0
        if flips and square in flips:
            # The flip: the deployed face narrows to nothing, then the control face widens.
            progress = flips[square]
            control = progress >= 0.5
            squash = abs(1 - 2 * progress)
        draw_token(surface, geo.square_center(square), radius, seat, control, squash)
    if labels:
        draw.coordinates(surface, rect, n, n, metrics, offset)


# Black's owned ground: a mid slate, darker than the light greys of disabled things and of the
# unowned zones' hatching (hatching always means "unowned", a flat field "owned"), yet light enough
# that black tokens stand out on it (a dark slate hid them).
BLACK_OWNED = theme.mix(theme.INK, theme.WHITE, 0.7)


def owned_ground(seat: int) -> Colour:
    """The flat colour of a square in a zone ``seat`` owns: a light tint of the seat's colour, and
    for black (whose light tint would be the grey of disabled things) a mid slate."""
    colour = seat_colour(seat)
    return BLACK_OWNED if colour == theme.INK else theme.mix(colour, theme.WHITE, 0.55)


def owned_mark_colour(seat: int) -> Colour:
    """The owner's corner mark on its ground: a darker shade of the seat's colour (ink on black's slate)."""
    colour = seat_colour(seat)
    return theme.INK if colour == theme.INK else theme.mix(colour, theme.INK, 0.35)


def draw_owned_square(surface: pygame.Surface, cell: pygame.Rect, seat: int, empty: bool, strong: bool) -> None:
    """A square of a zone ``seat`` owns: its owner's flat ground (never hatched: hatching is for
    unowned zones) and, on an empty square, the owner's shape small in the top-left corner, so
    ownership never rests on colour alone. Never a shape in the middle: a centred shape the size of
    a token's read as a token (a blue ring on an empty square looked like a deployed blue token)."""
    pygame.draw.rect(surface, owned_ground(seat), cell)
    size = min(cell.width, cell.height)
    if not empty or size < 12:
        return
    radius = size * (0.13 if strong else 0.1)
    # Clear of a wall along the square's top or left side (half a wall's thickness lies inside).
    inset = wall_thickness(size) / 2 + radius + max(2, size * 0.04)
    centre = (cell.left + inset, cell.top + inset)
    outline = theme.WHITE if strong else None
    draw.seat_shape(surface, seat_shape(seat), centre, radius, owned_mark_colour(seat), outline=outline)


def draw_orientation(
    surface: pygame.Surface, rect: pygame.Rect, shape: Orientation, colour: Colour = theme.INK, dots: bool = True
) -> None:
    """A pattern drawn centred in ``rect`` (edge midpoints in doubled coordinates, y up), on a faint
    grid of the corner points around it."""
    xs = [x + d for x, y in shape for d in ((-1, 1) if x % 2 else (0,))]
    ys = [y + d for x, y in shape for d in ((0,) if x % 2 else (-1, 1))]
    min_x, max_x, min_y, max_y = min(xs), max(xs), min(ys), max(ys)
    span = max(max_x - min_x, max_y - min_y, 2) / 2 + 1
    unit = min(rect.width, rect.height) / span
    cx = rect.centerx - (min_x + max_x) / 4 * unit
    cy = rect.centery + (min_y + max_y) / 4 * unit

    def at(x: float, y: float) -> tuple[float, float]:
        return cx + x / 2 * unit, cy - y / 2 * unit

    thick = max(3, round(unit * 0.16))
    if dots:
        for x in range(min_x - 2, max_x + 3, 2):
            for y in range(min_y - 2, max_y + 3, 2):
                point = at(x, y)
                if rect.collidepoint(point):
                    pygame.draw.circle(surface, theme.LIGHT_GREY, point, max(2, thick // 2))
    for x, y in shape:
        px, py = at(x, y)
        if x % 2 == 1:  # horizontal edge
            bar = pygame.Rect(0, 0, round(unit + thick), thick)
        else:
            bar = pygame.Rect(0, 0, thick, round(unit + thick))
        bar.center = (round(px), round(py))
        pygame.draw.rect(surface, colour, bar)


def _arrow(
    surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float], colour: Colour, w: int
) -> None:
    pygame.draw.line(surface, colour, start, end, w)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    size = w * 3
    left = (end[0] - size * math.cos(angle - 0.5), end[1] - size * math.sin(angle - 0.5))
    right = (end[0] - size * math.cos(angle + 0.5), end[1] - size * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, colour, [end, left, right])


def draw_card_icon(surface: pygame.Surface, rect: pygame.Rect, card: int, seat: int | None = None) -> None:
    """The picture on a card: a pattern, or an icon for the action."""
    info = CARDS[card]
    w = max(3, rect.width // 18)
    cx, cy = rect.center
    # As large as the widest icon (two tokens side by side, about 4.4 r) allows: a narrow card's
    # icons shrank to specks at a fifth of the picture.
    r = min(rect.width / 4.4, rect.height * 0.28)
    token_seat = seat if seat is not None else 3
    if info.kind == PATTERN and info.pattern is not None:
        draw_orientation(surface, rect, transformed(info.pattern.edges, 0, False))
    elif info.kind == PLACE:
        draw_token(surface, (cx - r * 0.35, cy + r * 0.2), r * 1.3, token_seat, False)
        plus = round(r * 0.55)
        px, py = rect.right - plus * 2, rect.top + plus * 2
        pygame.draw.line(surface, theme.INK, (px - plus, py), (px + plus, py), w)
        pygame.draw.line(surface, theme.INK, (px, py - plus), (px, py + plus), w)
    elif info.kind == FREE_WALLS:
        # Two separate walls, anywhere: one lying, one standing, apart.
        bar = round(r * 1.9)
        pygame.draw.rect(surface, theme.INK, (cx - r * 1.7, cy - r * 0.9 - w, bar, w * 2))
        pygame.draw.rect(surface, theme.INK, (cx + r * 1.1 - w, cy - r * 0.3, w * 2, bar))
        for x, y in (
            (cx - r * 1.7, cy - r * 0.9),
            (cx - r * 1.7 + bar, cy - r * 0.9),
            (cx + r * 1.1, cy - r * 0.3),
            (cx + r * 1.1, cy - r * 0.3 + bar),
        ):
            pygame.draw.circle(surface, theme.LIGHT_GREY, (round(x), round(y)), max(2, w // 2))
    elif info.kind == MOVE_WALL:
        bar = round(r * 1.8)
        pygame.draw.rect(surface, theme.INK, (cx - r * 1.6 - w, cy - bar // 2, w * 2, bar))
        dashed = theme.GREY
        for i in range(0, bar, w * 3):
            pygame.draw.rect(surface, dashed, (cx + r * 1.6 - w, cy - bar // 2 + i, w * 2, w * 2))
        _arrow(surface, (cx - r * 1.1, cy), (cx + r * 1.05, cy), theme.INK, max(2, w // 2 + 1))
    elif info.kind == MOVE_TOKEN:
        draw_token(surface, (cx - r * 1.2, cy), r * 0.9, token_seat, False)
        _arrow(surface, (cx - r * 0.1, cy), (cx + r * 1.7, cy), theme.INK, max(2, w // 2 + 1))
    elif info.kind == SWAP:
        draw_token(surface, (cx - r * 1.2, cy + r * 0.5), r * 0.8, 0, False)
        draw_token(surface, (cx + r * 1.2, cy + r * 0.5), r * 0.8, 2, False)
        arc = pygame.Rect(0, 0, round(r * 2.4), round(r * 1.8))
        arc.center = (cx, round(cy - r * 0.2))
        pygame.draw.arc(surface, theme.INK, arc, 0.3, math.pi - 0.3, max(2, w // 2 + 1))
        left_tip = (arc.left + arc.width * 0.12, arc.centery - arc.height * 0.22)
        right_tip = (arc.right - arc.width * 0.12, arc.centery - arc.height * 0.22)
        for tip, sign in ((left_tip, 1), (right_tip, -1)):
            s = w * 2.2
            pygame.draw.polygon(
                surface,
                theme.INK,
                [
                    (tip[0], tip[1] + s),
                    (tip[0] - s * 0.8 * sign, tip[1] - s * 0.2),
                    (tip[0] + s * 0.9 * sign, tip[1] - s * 0.1),
                ],
            )


def _title_fits(lines: Sequence[str], size: int, width: int) -> bool:
    return all(draw.render_text(line, size, theme.INK, "bold", 0.04).get_width() <= width for line in lines)


TITLE_LINES = 3  # a title wraps on up to three lines ("INVERSER / DEUX / PIONS" on a narrow card)


def _title_lines(label: str, size: int, width: int) -> list[str] | None:
    """``label`` on as few lines as fit at ``size`` (at most ``TITLE_LINES``), measured as drawn
    (bold, letter-spaced); ``None`` when none do."""
    lines: list[str] = []
    for word in label.split():
        if lines and _title_fits([f"{lines[-1]} {word}"], size, width):
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return draw.carry_marks(lines) if len(lines) <= TITLE_LINES and _title_fits(lines, size, width) else None


@functools.lru_cache(maxsize=64)
def _deck_title(labels: tuple[str, ...], width: int, largest: int, least: int) -> tuple[int, int]:
    for size in range(largest, least - 1, -1):
        fitted = [_title_lines(label, size, width) for label in labels]
        if all(lines is not None for lines in fitted):
            return size, max((len(lines) for lines in fitted if lines is not None), default=1)
    return least, max((len(label.split()) for label in labels), default=1)


def _deck_labels() -> tuple[str, ...]:
    return _labels_in(i18n.language())


@functools.lru_cache(maxsize=4)
def _labels_in(language: str) -> tuple[str, ...]:
    """Every card name of the deck, as printed, in ``language`` (the one in use: the key of the cache)."""
    return tuple(sorted({translate(info.title).upper() for info in CARDS}))


def _least_title(metrics: Metrics) -> int:
    return max(11, round(14 * metrics.scale))


def card_least_width(metrics: Metrics) -> int:
    """The narrowest card whose every title fits at the least size, each word whole on its line,
    inside the frame with the margin ("DÉPLACER" on a card 68 px wide touched both edges)."""
    return _least_width(_deck_labels(), _least_title(metrics), title_margin(metrics))


@functools.lru_cache(maxsize=16)
def _least_width(labels: tuple[str, ...], size: int, margin: int) -> int:
    words = {word for label in labels for word in label.split()}
    widest = max(draw.render_text(word, size, theme.INK, "bold", 0.04).get_width() for word in words)
    return widest + 2 * margin


def title_margin(metrics: Metrics) -> int:
    """From a card's side to its title: the thickest frame and a margin."""
    return CARD_BORDER + metrics.u(0.5)


def card_title(width: int, metrics: Metrics) -> tuple[int, int]:
    """The one title size of every card at a card width, and the rows the longest title takes: the
    largest size at which every title of the deck fits (``TITLE_LINES`` at most), so that a card's
    name is laid out the same whatever its neighbours and whether it is greyed ("MOVE WALL" was one
    line beside long names and two beside short ones). Never below 14 px at 1280 × 800 (the layout
    check's floor), scaled down with smaller windows."""
    return _deck_title(_deck_labels(), width, metrics.small, _least_title(metrics))


CARD_BORDER = 5  # the chosen card's frame, the thickest: the title keeps clear of it on every card


def card_title_width(rect: pygame.Rect, metrics: Metrics) -> int:
    """The width a title has on a card drawn in ``rect``: inside its frame, with a margin."""
    return rect.width - 2 * title_margin(metrics)


def _card_parts(width: int, metrics: Metrics) -> tuple[int, int, int, int]:
    """A card's band height, title size, title step and the title block's height at ``width``."""
    size, rows = card_title(width - 2 * title_margin(metrics), metrics)
    step = round(size * 1.1)
    return max(6, width // 8), size, step, rows * step + metrics.u(1.25)


def card_height(width: int, metrics: Metrics) -> int:
    """The least height of a card ``width`` wide: its band, a picture at least ``PICTURE_SHARE`` of
    the width tall (a narrow card's icons shrank to specks) and its title's rows."""
    band, _size, _step, title_h = _card_parts(width, metrics)
    return band + round(width * PICTURE_SHARE) + metrics.u(1.5) + title_h


PICTURE_SHARE = 0.55  # a card's picture is at least this share of the card's width tall


def draw_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    card: int,
    metrics: Metrics,
    *,
    state: str = "normal",  # "normal", "chosen", "disabled", "hover"
    seat: int | None = None,
) -> None:
    """A face-up action card: coloured band, icon or pattern, title; chosen cards are lifted. Its
    title has the size and the rows of every card of that width (``card_title``)."""
    if card == NO_CARD:
        pygame.draw.rect(surface, theme.PAPER_DARK, rect)
        pygame.draw.rect(surface, theme.LIGHT_GREY, rect, 2)
        return
    info = CARDS[card]
    lift = metrics.u(1) if state in ("chosen", "hover") else 0
    body = rect.move(0, -lift)
    draw.shadow_rect(surface, body, metrics.u(0.75) + lift // 2)
    pygame.draw.rect(surface, theme.WHITE, body)
    band_h, size, step, title_h = _card_parts(body.width, metrics)
    band = pygame.Rect(body.left, body.top, body.width, band_h)
    pygame.draw.rect(surface, CARD_ACCENTS[info.kind], band)
    label = card_label(card).upper()
    width = card_title_width(body, metrics)
    lines = _title_lines(label, size, width) or draw.carry_marks(label.split())
    picture = pygame.Rect(body.left, band.bottom, body.width, body.height - band.height - title_h).inflate(
        -metrics.u(1.5), -metrics.u(1.5)
    )
    if info.walls:
        # The walls' number in the picture's top right corner, the pattern left of it: never on it.
        badge = draw.render_text(str(info.walls), metrics.small, theme.WHITE, "bold")
        box = badge.get_rect().inflate(metrics.u(1), metrics.u(0.25))
        box.topright = (body.right - metrics.u(0.5), band.bottom + metrics.u(0.5))
        pygame.draw.rect(surface, theme.INK, box)
        surface.blit(badge, badge.get_rect(center=box.center))
        picture.width = box.left - metrics.u(0.5) - picture.left
    draw_card_icon(surface, picture, card, seat)
    layout_probe.figure(CARD_PICTURE, picture)
    # A title shorter than the longest sits on the same last line as the others'.
    y = body.bottom - metrics.u(0.75) - len(lines) * step
    with layout_probe.box(body.inflate(-2 * title_margin(metrics), 0)):
        for line in lines:
            draw.text(surface, line, (body.centerx, y), size, theme.INK, "bold", "midtop", 0.04)
            y += step
    border = 5 if state == "chosen" else 3
    pygame.draw.rect(surface, theme.RED if state == "chosen" else theme.INK, body, border)
    if state == "disabled":
        veil = pygame.Surface(body.size, pygame.SRCALPHA)
        veil.fill((*theme.PAPER, 150))
        surface.blit(veil, body)
