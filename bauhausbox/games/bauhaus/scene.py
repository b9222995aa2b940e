"""The Bauhaus screen: a poster that plays.

The board is the hero on the left: white squares, heavy black walls on the edges, owned zones filled
in their owner's colour, unowned closed zones hatched, the last turn outlined in red. On the right:
the four face-up action cards, large, with their icon or pattern; the deck, discard and wall supply;
the players with their reserves (token shapes), live points and "Bauhaus!" power buttons; and a
prompt saying what to do now.

Gestures turn into moves and the rules decide (``self.submit``): click a card to choose it (Esc or
"Cancel card" takes the choice back while nothing is placed); walls — hover an edge (green / red),
click to build; patterns follow the pointer as a ghost (R or right-click rotates, F flips); move a
wall by clicking a marked (movable) wall, then its new edge, or by dragging it; tokens are dragged
from the reserve or between squares (or clicked, then clicked again); swaps take two clicks.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from bauhausbox.engine.history import Step
from bauhausbox.games.bauhaus.board import Board, bits
from bauhausbox.games.bauhaus.cards import (
    CARD_INDEX,
    CARDS,
    FREE_WALLS,
    MOVE_TOKEN,
    MOVE_WALL,
    NO_CARD,
    PATTERN,
    PATTERNS,
    PLACE,
    SWAP,
    Orientation,
    transformed,
)
from bauhausbox.games.bauhaus.positions import zones_picture
from bauhausbox.games.bauhaus.rules import (
    CHOOSE,
    GAME,
    OPENING,
    POWER_OF_SEAT,
    POWER_TITLES,
    RESOLVE,
    SEAT_NAMES,
    BauhausRules,
    BauhausState,
    Move,
)
from bauhausbox.match import Match
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.ui import draw, icons, theme
from bauhausbox.ui.anim import Tween
from bauhausbox.ui.app import App
from bauhausbox.ui.theme import Colour, Metrics
from bauhausbox.ui.widgets import Button

Pos = tuple[int, int]

CARD_ACCENTS: dict[str, Colour] = {
    PLACE: theme.BLUE,
    FREE_WALLS: theme.RED,
    PATTERN: theme.RED,
    MOVE_WALL: theme.YELLOW,
    MOVE_TOKEN: theme.BLUE,
    SWAP: theme.YELLOW,
}
CARD_LABELS: dict[str, str] = {
    PLACE: "Place token",
    FREE_WALLS: "Two walls",
    PATTERN: "Pattern",
    MOVE_WALL: "Move wall",
    MOVE_TOKEN: "Move token",
    SWAP: "Swap tokens",
}


def _fit(text: str, size: int, width: int, weight: str = "semibold") -> str:
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
        (x1, y1), (x2, y2) = self.edge_ends(edge)
        half = thickness / 2
        left, right = min(x1, x2) - half, max(x1, x2) + half
        top, bottom = min(y1, y2) - half, max(y1, y2) + half
        return pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))

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
        return max(4, round(self.cell * 0.15))


# ==== drawing helpers shared by the screen and the how-to-play diagrams ==================================
def draw_token(
    surface: pygame.Surface, center: tuple[float, float], radius: float, seat: int, control: bool, squash: float = 1.0
) -> None:
    """A token: deployed face = white disc with the seat's shape; control face = solid colour with a
    white shape. ``squash`` < 1 narrows it (the flip animation)."""
    colour = seat_colour(seat)
    size = max(4, math.ceil(radius * 2 + 4))
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    mid = (size / 2, size / 2)
    r = radius
    if control:
        pygame.draw.circle(layer, colour, mid, r)
        pygame.draw.circle(layer, theme.INK, mid, r, max(1, round(r / 9)))
        mark = theme.WHITE if seat % 4 != 1 else theme.INK
        draw.seat_shape(layer, seat_shape(seat), mid, r * 0.5, mark)
    else:
        pygame.draw.circle(layer, theme.WHITE, mid, r)
        pygame.draw.circle(layer, colour, mid, r * 0.92, max(2, round(r / 5)))
        pygame.draw.circle(layer, theme.INK, mid, r, max(1, round(r / 12)))
        draw.seat_shape(layer, seat_shape(seat), mid, r * 0.5, colour, outline=theme.INK if seat % 4 == 1 else None)
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
) -> None:
    """The board: squares, zones (owned filled, unowned hatched), walls, tokens, coordinates."""
    rect = geo.rect
    draw.shadow_rect(surface, rect, max(3, metrics.u(0.75)))
    pygame.draw.rect(surface, theme.WHITE, rect)
    for zone in rules.zones(state):
        if not zone.closed:
            continue
        for square in bits(zone.squares):
            cell = geo.square_rect(square)
            if zone.status == "owned":
                pygame.draw.rect(surface, theme.mix(seat_colour(zone.colours[0]), theme.WHITE, 0.55), cell)
            elif zone.status == "shared":
                pygame.draw.rect(surface, theme.PAPER_DARK, cell)
                draw.hatch(surface, cell, theme.mix(theme.INK, theme.WHITE, 0.55), max(5, cell.width // 6), 2)
            else:
                draw.hatch(surface, cell, theme.LIGHT_GREY, max(5, cell.width // 6), 2)
    # The grid: thin lines; the border is not a wall, so it is drawn thin too.
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
        small = max(12, round(metrics.small * 0.85))
        for i in range(n):
            x, _ = geo.corner(i, 0)
            draw.text(
                surface,
                "abcdefghijklmnopqrstuvwxyz"[i],
                (round(x + geo.cell / 2), rect.bottom + metrics.u(0.5)),
                small,
                theme.GREY,
                "semibold",
                "midtop",
            )
            _, y = geo.corner(0, i)
            draw.text(
                surface,
                str(i + 1),
                (rect.left - metrics.u(1), round(y - geo.cell / 2)),
                small,
                theme.GREY,
                "semibold",
                "midright",
            )


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
    r = min(rect.width, rect.height) * 0.2
    token_seat = seat if seat is not None else 3
    if info.kind == PATTERN and info.pattern is not None:
        draw_orientation(surface, rect, transformed(info.pattern.edges, 0, False))
    elif info.kind == PLACE:
        draw_token(surface, (cx, cy + r * 0.2), r * 1.3, token_seat, False)
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


def draw_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    card: int,
    metrics: Metrics,
    *,
    state: str = "normal",  # "normal", "chosen", "disabled", "hover"
    seat: int | None = None,
) -> None:
    """A face-up action card: coloured band, icon or pattern, title; chosen cards are lifted."""
    if card == NO_CARD:
        pygame.draw.rect(surface, theme.PAPER_DARK, rect)
        pygame.draw.rect(surface, theme.LIGHT_GREY, rect, 2)
        return
    info = CARDS[card]
    lift = metrics.u(1) if state in ("chosen", "hover") else 0
    body = rect.move(0, -lift)
    draw.shadow_rect(surface, body, metrics.u(0.75) + lift // 2)
    pygame.draw.rect(surface, theme.WHITE, body)
    band = pygame.Rect(body.left, body.top, body.width, max(6, body.height // 9))
    pygame.draw.rect(surface, CARD_ACCENTS[info.kind], band)
    title_h = max(metrics.small + metrics.u(1), body.height // 5)
    picture = pygame.Rect(body.left, band.bottom, body.width, body.height - band.height - title_h).inflate(
        -metrics.u(1.5), -metrics.u(1.5)
    )
    draw_card_icon(surface, picture, card, seat)
    label = CARD_LABELS[info.kind]
    if info.kind == PATTERN:
        label = f"Pattern {info.name}"
    size = metrics.small
    while size > 11 and draw.render_text(label.upper(), size, theme.INK, "bold", 0.06).get_width() > body.width - 8:
        size -= 1
    draw.text(
        surface, label.upper(), (body.centerx, body.bottom - title_h // 2), size, theme.INK, "bold", "center", 0.06
    )
    if info.walls:
        badge = draw.render_text(str(info.walls), max(12, metrics.small - 2), theme.WHITE, "bold")
        box = badge.get_rect().inflate(metrics.u(1), metrics.u(0.25))
        box.topright = (body.right - metrics.u(0.5), band.bottom + metrics.u(0.5))
        pygame.draw.rect(surface, theme.INK, box)
        surface.blit(badge, badge.get_rect(center=box.center))
    border = 5 if state == "chosen" else 3
    pygame.draw.rect(surface, theme.RED if state == "chosen" else theme.INK, body, border)
    if state == "disabled":
        veil = pygame.Surface(body.size, pygame.SRCALPHA)
        veil.fill((*theme.PAPER, 150))
        surface.blit(veil, body)


# ==== the scene =====================================================================================
@dataclass
class Held:
    """What the player is in the middle of: a token being dragged, a wall picked, a first swap token."""

    kind: str  # "token", "reserve", "wall", "swap"
    source: int = -1  # square or edge
    dragging: bool = False
    start: Pos = (0, 0)


class BauhausScene(GameScene[BauhausState, Move]):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        rules = self.game
        assert isinstance(rules, BauhausRules)
        self.rules = rules
        self.geo = Geometry(self.rules.board, pygame.Rect(0, 0, 8, 8))
        self.card_rects: list[pygame.Rect] = []
        self.player_rects: list[pygame.Rect] = []
        self.reserve_rects: list[pygame.Rect] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.held: Held | None = None
        self.turns = 0
        self.mirrored = False
        self.power_mode: tuple[int, str] | None = None  # (seat, power) waiting for a target
        self.flips: dict[int, Tween] = {}
        self.placed_tween: tuple[int, Tween] | None = None
        self.last_squares: set[int] = set()
        self.last_edges: set[int] = set()
        self.last_lifted: set[int] = set()
        self.last_text = ""
        self._preview_key: Any = None
        self._preview: tuple[Move | None, str | None] = (None, None)
        self.rotate_button = self.widgets.add(
            Button("", lambda: self.rotate(1), tooltip="Rotate (R, right-click)", icon=icons.rotate)
        )
        self.flip_button = self.widgets.add(Button("", self.flip, tooltip="Flip (F)", icon=icons.flip))
        self.cancel_button = self.widgets.add(
            Button("Cancel card", self.cancel_card, tooltip="Take the card back (Esc)")
        )
        self.power_buttons: list[Button] = []
        for seat in range(self.rules.players(match.state)):
            button = Button(
                "Bauhaus!",
                self._power_clicker(seat),
                "primary",
                size="small",
                tooltip=f"{POWER_TITLES[POWER_OF_SEAT[seat]]} (once per game)",
            )
            self.power_buttons.append(self.widgets.add(button))
        self._refresh_last()

    # -- how to play -------------------------------------------------------------------------------
    @classmethod
    def how_to_play(cls) -> list[HowToPage]:
        return how_to_play_pages()

    # -- layout ------------------------------------------------------------------------------------
    def layout_game(self, rect: pygame.Rect) -> None:
        m = self.metrics
        label_room = m.u(3)
        side = min(rect.height - label_room - m.u(1), int(rect.width * 0.52))
        side -= side % self.rules.board.size
        board_rect = pygame.Rect(rect.left + label_room + m.u(1), rect.top + m.u(0.5), side, side)
        self.geo = Geometry(self.rules.board, board_rect)
        left = board_rect.right + m.u(5)
        self.panel_rect = pygame.Rect(left, rect.top, rect.right - left, rect.height)
        panel = self.panel_rect
        gap = m.u(1.5)
        card_w = (panel.width - 3 * gap) // 4
        card_h = min(round(card_w * 1.3), panel.height // 3)
        top = panel.top + m.u(4.5)
        self.card_rects = [pygame.Rect(panel.left + i * (card_w + gap), top, card_w, card_h) for i in range(4)]
        self.info_rect = pygame.Rect(panel.left, top + card_h + m.u(1.5), panel.width, m.u(4))
        players = self.rules.players(self.match.state)
        row_h = m.u(7)
        y = self.info_rect.bottom + m.u(1.5)
        self.player_rects = []
        self.reserve_rects = []
        button_w = draw.render_text("BAUHAUS!", m.small, theme.INK, "bold", 0.08).get_width() + m.u(3)
        for seat in range(players):
            row = pygame.Rect(panel.left, y, panel.width, row_h)
            self.player_rects.append(row)
            button = self.power_buttons[seat]
            button.rect = pygame.Rect(row.right - button_w - m.u(1), row.centery - m.u(2.25), button_w, m.u(4.5))
            # Name column, then the reserve, then the points (and the power button when powers are on).
            reserve_left = row.left + self._name_width()
            points_room = m.u(6)
            right = (button.rect.left if self.match.state.powers else row.right) - points_room
            self.reserve_rects.append(
                pygame.Rect(reserve_left, row.top + m.u(1), max(m.u(8), right - reserve_left), row.height - m.u(2))
            )
            y += row_h + m.u(0.75)
        self.prompt_rect = pygame.Rect(panel.left, y + m.u(1), panel.width, max(m.u(8), rect.bottom - y - m.u(1)))
        bh = m.u(5)
        cancel_w = draw.render_text("CANCEL CARD", m.body, theme.INK, "bold", 0.08).get_width() + m.u(4)
        self.cancel_button.rect = pygame.Rect(
            self.prompt_rect.right - cancel_w, self.prompt_rect.bottom - bh, cancel_w, bh
        )
        self.rotate_button.rect = pygame.Rect(self.prompt_rect.left, self.prompt_rect.bottom - bh, bh, bh)
        self.flip_button.rect = pygame.Rect(self.prompt_rect.left + bh + m.u(1), self.prompt_rect.bottom - bh, bh, bh)

    def _name_width(self) -> int:
        return max(self.metrics.u(19), round(self.panel_rect.width * 0.36))

    # -- reading the position ------------------------------------------------------------------------
    @property
    def state(self) -> BauhausState:
        view: BauhausState = self.view
        return view

    def actor(self) -> int | None:
        """The human who decides now, or None."""
        seat = self.match.to_play
        return seat if seat is not None and self.input_allowed() else None

    def card_kind(self) -> str | None:
        state = self.state
        if state.phase != RESOLVE:
            return None
        return CARDS[self.rules.chosen_card(state)].kind

    def pattern_shape(self) -> Orientation | None:
        state = self.state
        if self.card_kind() != PATTERN:
            return None
        pattern = CARDS[self.rules.chosen_card(state)].pattern
        assert pattern is not None
        return transformed(pattern.edges, self.turns, self.mirrored)

    def ghost_edges(self, pos: Pos) -> tuple[int, ...] | None:
        """The edges of the pattern ghost placed near ``pos`` (None when it cannot sit on the board)."""
        shape = self.pattern_shape()
        if shape is None:
            return None
        fx, fy = self.geo.fractional(pos)
        cx = sum(x for x, _ in shape) / len(shape)
        cy = sum(y for _, y in shape) / len(shape)
        col, row = round((fx * 2 - cx) / 2), round((fy * 2 - cy) / 2)
        board = self.rules.board
        for dc, dr in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            mask = board.place_orientation(shape, col + dc, row + dr)
            if mask is not None:
                return tuple(bits(mask))
        return None

    def can_cancel(self) -> bool:
        state = self.match.state
        step = self.match.history.last_step
        return (
            state.phase == RESOLVE
            and state.placed == 0
            and step is not None
            and step.move.kind == "card"
            and self.match.is_human(step.seat)
            and self.input_allowed()
        )

    # -- commands ------------------------------------------------------------------------------------
    def rotate(self, turns: int = 1) -> None:
        if self.card_kind() == PATTERN:
            self.turns = (self.turns + turns) % 4
            self._preview_key = None

    def flip(self) -> None:
        if self.card_kind() == PATTERN:
            self.mirrored = not self.mirrored
            self._preview_key = None

    def cancel_card(self) -> None:
        if not self.can_cancel():
            return
        self.step_back()
        self.say("Card choice cancelled: choose again.")

    def _power_clicker(self, seat: int) -> Callable[[], None]:
        def clicked() -> None:
            self.start_power(seat)

        return clicked

    def power_moves(self, seat: int) -> list[Move]:
        if not self.match.is_human(seat):
            return []
        return [m for m in self.rules.legal_moves(self.match.state, seat) if m.kind == "power"]

    def start_power(self, seat: int) -> None:
        moves = self.power_moves(seat)
        if not moves or not self.input_allowed(seat):
            self.refuse("no power can be used right now")
            return
        powers = sorted({m.power for m in moves})
        if len(powers) > 1:
            choices = [(POWER_TITLES[p.rpartition(":")[2]], self._power_chooser(seat, p), "primary") for p in powers]
            self.app.push(
                DialogScene(
                    self.app,
                    "Mimetic Control",
                    "Copy which power? Its owner keeps theirs.",
                    [*choices, ("Not now", None, "plain")],
                )
            )
            return
        self.choose_power(seat, powers[0])

    def _power_chooser(self, seat: int, power: str) -> Callable[[], None]:
        def chosen() -> None:
            self.choose_power(seat, power)

        return chosen

    def choose_power(self, seat: int, power: str) -> None:
        effect = power.rpartition(":")[2]
        if effect == "mind":
            move = next((m for m in self.power_moves(seat) if m.power == power), None)
            if move is not None and self.submit(move, seat):
                self.banner(f"Bauhaus! {SEAT_NAMES[seat]}: Mind Control")
                self.say(f"{SEAT_NAMES[seat]} took over the chosen card.")
            return
        self.held = None
        self.power_mode = (seat, power)
        self.say(f"{SEAT_NAMES[seat]}: {POWER_PROMPTS[effect]} (Esc to give up)")

    # -- events --------------------------------------------------------------------------------------
    def handle_game_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                if self.card_kind() == PATTERN and self.actor() is not None:
                    self.rotate(1)
                    return True
                if self.held or self.power_mode:
                    self.held = None
                    self.power_mode = None
                    return True
                return False
            if event.button == 1:
                return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEMOTION and self.held and not self.held.dragging and event.buttons[0]:
            start = self.held.start
            if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > self.metrics.u(1):
                self.held.dragging = True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_r:
            if self.card_kind() == PATTERN:
                self.rotate(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            return False
        if event.key == pygame.K_f:
            if self.card_kind() == PATTERN:
                self.flip()
                return True
            return False
        if event.key == pygame.K_ESCAPE:
            if self.power_mode or self.held:
                self.power_mode = None
                self.held = None
                self.say("Put down.")
                return True
            if self.can_cancel():
                self.cancel_card()
                return True
        return False

    def _press(self, pos: Pos) -> bool:
        if self.power_mode is not None:
            return self._press_power(pos)
        seat = self.actor()
        if seat is None:
            return False
        state = self.match.state
        for slot, rect in enumerate(self.card_rects):
            if rect.collidepoint(pos):
                if state.phase != CHOOSE:
                    if slot == state.chosen and self.can_cancel():
                        self.cancel_card()
                    elif state.phase == RESOLVE:
                        self.refuse("a card is already chosen: carry it out (Esc to take it back)")
                    return True
                moves = self.rules.legal_moves(state)
                discarding = any(m.kind == "discard" for m in moves)
                self.submit(Move("discard" if discarding else "card", slot=slot))
                self.turns, self.mirrored = 0, False
                return True
        kind = self._placing_kind()
        if kind == PLACE and self._reserve_hit(pos, seat if state.phase == OPENING else state.turn):
            self.held = Held("reserve", -1, False, pos)
            return True
        if not self.geo.rect.inflate(self.geo.cell * 0.6, self.geo.cell * 0.6).collidepoint(pos):
            if state.phase == CHOOSE and self.geo.rect.collidepoint(pos):
                self.refuse("choose a card first")
            return False
        return self._press_board(pos, kind)

    def _placing_kind(self) -> str | None:
        state = self.match.state
        if state.phase == OPENING:
            return PLACE
        return self.card_kind()

    def _reserve_hit(self, pos: Pos, seat: int) -> bool:
        return seat < len(self.reserve_rects) and self.reserve_rects[seat].collidepoint(pos)

    def _press_board(self, pos: Pos, kind: str | None) -> bool:
        state = self.match.state
        square = self.geo.square_at(pos)
        edge = self.geo.edge_at(pos)
        if kind is None:
            if state.phase == CHOOSE:
                self.refuse("choose a card first")
            return True
        if kind == PLACE:
            if square is not None:
                self.submit(Move("place", squares=(square,)))
            return True
        if kind == FREE_WALLS:
            if edge is not None:
                self.submit(Move("wall", edges=(edge,)))
            else:
                self.refuse("click on an edge, the line between two squares")
            return True
        if kind == PATTERN:
            edges = self.ghost_edges(pos)
            if edges is None:
                self.refuse("the pattern must lie on the board")
            else:
                self.submit(Move("walls", edges=edges))
            return True
        if kind == MOVE_WALL:
            if self.held and self.held.kind == "wall":
                if edge is None:
                    self.refuse("click the edge the wall moves to")
                elif edge == self.held.source or self.submit(Move("move-wall", edges=(self.held.source, edge))):
                    self.held = None
                return True
            if edge is not None and state.walls >> edge & 1:
                if self.rules.movable_walls(state) >> edge & 1:
                    self.held = Held("wall", edge, False, pos)
                else:
                    self.refuse("that wall belongs to a closed zone")
            else:
                self.refuse("click a wall to move first (the marked ones can move)")
            return True
        if kind == MOVE_TOKEN:
            if self.held and self.held.kind == "token":
                if square is not None and square != self.held.source:
                    if self.submit(Move("move", squares=(self.held.source, square))):
                        self.held = None
                else:
                    self.held = None
                return True
            if square is not None:
                token = token_at(state, square)
                if token is None:
                    self.refuse("pick up a token first")
                elif token[1]:
                    self.refuse("that token shows its control face and cannot move")
                else:
                    self.held = Held("token", square, False, pos)
            return True
        if kind == SWAP and square is not None:
            token = token_at(state, square)
            if token is None:
                self.refuse("click a token")
            elif token[1]:
                self.refuse("a token showing its control face cannot be swapped")
            elif self.held and self.held.kind == "swap":
                if square == self.held.source:
                    self.held = None
                else:
                    first = self.held.source
                    if self.submit(Move("swap", squares=(min(first, square), max(first, square)))):
                        self.held = None
            else:
                self.held = Held("swap", square, False, pos)
            return True
        return True

    def _release(self, pos: Pos) -> bool:
        held = self.held
        if held is None or self.actor() is None:
            return False
        if held.kind == "reserve":
            self.held = None
            square = self.geo.square_at(pos)
            if square is not None:
                self.submit(Move("place", squares=(square,)))
            return True
        if not held.dragging:
            return False
        square = self.geo.square_at(pos)
        edge = self.geo.edge_at(pos)
        if held.kind == "token":
            if square is not None and square != held.source:
                self.submit(Move("move", squares=(held.source, square)))
            self.held = None
            return True
        if held.kind == "wall":
            if edge is not None and edge != held.source:
                self.submit(Move("move-wall", edges=(held.source, edge)))
            self.held = None
            return True
        return False

    def _press_power(self, pos: Pos) -> bool:
        assert self.power_mode is not None
        seat, power = self.power_mode
        square = self.geo.square_at(pos)
        if square is None:
            self.power_mode = None
            self.say("Power not used.")
            return True
        move = self.rules.parse_move(self.match.state, f"power:{power} {self.rules.board.square_name(square)}", seat)
        if self.submit(move, seat):
            self.power_mode = None
            title = POWER_TITLES[power.rpartition(":")[2]]
            self.banner(f"Bauhaus! {SEAT_NAMES[seat]}: {title}")
            self.say(f"{SEAT_NAMES[seat]} used {title}.")
        return True

    # -- previews ------------------------------------------------------------------------------------
    def preview(self) -> tuple[Move | None, str | None]:
        """The move the pointer would make now and why it would be refused (None = legal)."""
        seat = self.actor()
        pos = self.mouse
        kind = self._placing_kind()
        key = (
            self.match.history.cursor,
            len(self.match.history.steps),
            pos,
            kind,
            self.turns,
            self.mirrored,
            self.held.kind if self.held else None,
            self.held.source if self.held else None,
            seat,
        )
        if key == self._preview_key:
            return self._preview
        move: Move | None = None
        if seat is not None and self.power_mode is None:
            square = self.geo.square_at(pos)
            edge = self.geo.edge_at(pos)
            if kind == PLACE and square is not None and (self.held is None or self.held.kind == "reserve"):
                move = Move("place", squares=(square,))
            elif kind == FREE_WALLS and edge is not None:
                move = Move("wall", edges=(edge,))
            elif kind == PATTERN and self.geo.rect.inflate(self.geo.cell, self.geo.cell).collidepoint(pos):
                edges = self.ghost_edges(pos)
                move = Move("walls", edges=edges) if edges else None
            elif self.held is not None and kind == MOVE_WALL and self.held.kind == "wall":
                if edge is not None and edge != self.held.source:
                    move = Move("move-wall", edges=(self.held.source, edge))
            elif self.held is not None and kind == MOVE_TOKEN and self.held.kind == "token":
                if square is not None and square != self.held.source:
                    move = Move("move", squares=(self.held.source, square))
            elif self.held is not None and kind == SWAP and self.held.kind == "swap" and square is not None:
                pair = (min(square, self.held.source), max(square, self.held.source))
                move = Move("swap", squares=pair) if square != self.held.source else None
        reason = self.check(move) if move is not None else None
        self._preview_key = key
        self._preview = (move, reason)
        return self._preview

    # -- animation and history -----------------------------------------------------------------------
    def on_move(self, before: BauhausState, after: BauhausState, step: Step) -> None:
        self.held = None
        self._preview_key = None
        if step.move.kind != "power":
            self.power_mode = None
        # Tokens that turned to their control face flip; a token placed drops in.
        flipped = 0
        for seat in range(after.players):
            flipped |= before.deployed[seat] & after.control[seat]
        for square in bits(flipped):
            self.flips[square] = self.tween(0.35)
        if flipped:
            self.app.sound.play("flip")
        if step.move.kind == "place":
            self.placed_tween = (step.move.squares[0], self.tween(0.25))
        if step.move.kind == "card":
            self.turns, self.mirrored = 0, False
        self._refresh_last()

    def on_history_jump(self) -> None:
        self.held = None
        self.power_mode = None
        self.flips.clear()
        self.placed_tween = None
        self._preview_key = None
        self._refresh_last()

    def animating(self) -> bool:
        return any(not t.done for t in self.flips.values())

    def update_game(self, dt: float) -> None:
        for square in [s for s, t in self.flips.items() if t.done]:
            del self.flips[square]
        if self.placed_tween and self.placed_tween[1].done:
            self.placed_tween = None
        busy = self.actor() is not None
        self.rotate_button.visible = busy and self.card_kind() == PATTERN
        self.flip_button.visible = self.rotate_button.visible
        self.cancel_button.visible = self.can_cancel()
        state = self.match.state
        for seat, button in enumerate(self.power_buttons):
            button.visible = state.powers and not state.used[seat]
            button.enabled = bool(self.power_moves(seat)) and self.input_allowed(seat)

    def _refresh_last(self) -> None:
        """Collect what the last turn did (from its card choice on), for the red outline."""
        history = self.match.history
        self.last_squares, self.last_edges, self.last_lifted = set(), set(), set()
        self.last_text = ""
        index = history.cursor - 1
        texts = []
        while index >= 0:
            step = history.steps[index]
            move = step.move
            if move.kind in ("place", "move", "swap"):
                self.last_squares.update(move.squares)
            elif move.kind in ("wall", "walls"):
                self.last_edges.update(move.edges)
            elif move.kind == "move-wall":
                self.last_lifted.add(move.edges[0])
                self.last_edges.add(move.edges[1])
            elif move.kind == "power":
                self.last_squares.update(move.squares)
            texts.append(step.text.partition(" ")[2] if step.text.startswith("@") else step.text)
            if move.kind in ("card", "discard", "power") or (
                move.kind == "place" and history.states[index].phase == OPENING
            ):
                break
            index -= 1
        if texts:
            seat = history.steps[history.cursor - 1].seat
            self.last_text = f"{SEAT_NAMES[seat]}: " + ", ".join(reversed(texts))

    def hint_text(self, move: Move) -> str:
        # The move itself is outlined in blue on the board or the cards (see draw_hint).
        return f"Hint: {self.rules.format_move(self.match.state, move)} (outlined in blue)  ·  Enter plays it"

    def needs_curtain(self) -> bool:
        # Nothing is private in Bauhaus (only the deck order, which nobody knows): no curtain.
        return False

    def turn_text(self) -> str:
        state = self.match.state
        seat = self.match.to_play
        if seat is None:
            return "Game over"
        name = f"{SEAT_NAMES[seat]} ({self.match.seat_name(seat)})"
        if state.phase == RESOLVE and seat != state.turn:
            return f"{name} resolves {SEAT_NAMES[state.turn]}'s card (Mind Control)"
        if self.match.is_human(seat):
            return f"{name} to play"
        return f"{name} is thinking" + "." * (1 + int(time.monotonic() * 3) % 3)

    def idle_status(self) -> str:
        return "Click a card, then act on the board. R / right-click rotates a pattern, F flips, Esc cancels."

    # -- drawing -------------------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        state = self.state
        m = self.metrics
        hide: set[int] = set()
        if self.held and self.held.kind == "token" and self.held.dragging:
            hide.add(self.held.source)
        flips = {square: tween.value for square, tween in self.flips.items()}
        draw_board(surface, self.geo, self.rules, state, m, hide_tokens=frozenset(hide), flips=flips)
        self._draw_last(surface)
        self._draw_marks(surface, state)
        self._draw_preview(surface, state)
        self._draw_panel(surface, state)

    def draw_hint(self, surface: pygame.Surface, move: Move) -> None:
        if not isinstance(move, Move):
            return
        geo = self.geo
        width = max(3, self.metrics.u(0.5))
        if move.kind in ("card", "discard"):
            pygame.draw.rect(surface, theme.BLUE, self.card_rects[move.slot].inflate(width * 2, width * 2), width)
        for square in move.squares:
            pygame.draw.rect(surface, theme.BLUE, geo.square_rect(square).inflate(-width, -width), width)
        for edge in move.edges:
            pygame.draw.rect(surface, theme.BLUE, geo.edge_rect(edge, geo.wall_thickness() + width * 2), width)

    def _draw_last(self, surface: pygame.Surface) -> None:
        geo = self.geo
        m = self.metrics
        thick = geo.wall_thickness()
        for edge in self.last_lifted:
            rect = geo.edge_rect(edge, thick)
            pygame.draw.rect(surface, theme.RED, rect, 2)
        for edge in self.last_edges:
            if self.state.walls >> edge & 1:
                pygame.draw.rect(surface, theme.RED, geo.edge_rect(edge, thick).inflate(-thick // 2, -thick // 2))
        for square in self.last_squares:
            rect = geo.square_rect(square).inflate(-m.u(0.5), -m.u(0.5))
            pygame.draw.rect(surface, theme.RED, rect, max(2, m.u(0.4)))
        if self.placed_tween:
            square, tween = self.placed_tween
            ring = geo.cell * (0.34 + 0.3 * (1 - tween.value))
            pygame.draw.circle(surface, theme.RED, geo.square_center(square), ring, 2)

    def _draw_marks(self, surface: pygame.Surface, state: BauhausState) -> None:
        """Movable walls during a Move-wall card; the picked wall or token; power targets."""
        geo = self.geo
        m = self.metrics
        if self.actor() is not None and self.card_kind() == MOVE_WALL:
            movable = self.rules.movable_walls(state)
            stripe = max(2, geo.wall_thickness() // 3)
            for edge in bits(movable):
                (x1, y1), (x2, y2) = geo.edge_ends(edge)
                length = geo.cell * 0.6
                if geo.board.is_horizontal(edge):
                    mark = pygame.Rect(0, 0, round(length), stripe)
                else:
                    mark = pygame.Rect(0, 0, stripe, round(length))
                mark.center = (round((x1 + x2) / 2), round((y1 + y2) / 2))
                pygame.draw.rect(surface, theme.YELLOW, mark)
        held = self.held
        if held and held.kind == "wall":
            rect = geo.edge_rect(held.source, geo.wall_thickness() + m.u(1))
            pygame.draw.rect(surface, theme.YELLOW, rect, max(2, m.u(0.4)))
        if held and held.kind in ("token", "swap") and not held.dragging:
            pygame.draw.rect(surface, theme.YELLOW, geo.square_rect(held.source).inflate(-2, -2), max(3, m.u(0.5)))
        if self.power_mode is not None:
            seat, power = self.power_mode
            targets = [mv for mv in self.power_moves(seat) if mv.power == power]
            for move in targets:
                if power.endswith("shared"):
                    zone = self.rules.region_of(state, move.squares[0])
                    for square in bits(zone):
                        pygame.draw.rect(surface, theme.YELLOW, geo.square_rect(square).inflate(-2, -2), 3)
                else:
                    pygame.draw.circle(surface, theme.YELLOW, geo.square_center(move.squares[0]), geo.cell * 0.45, 3)

    def _draw_preview(self, surface: pygame.Surface, state: BauhausState) -> None:
        seat = self.actor()
        if seat is None:
            return
        move, reason = self.preview()
        geo = self.geo
        colour = theme.LEGAL if reason is None else theme.ILLEGAL
        thick = geo.wall_thickness()
        if move is not None:
            if move.kind in ("wall", "walls"):
                for edge in move.edges:
                    pygame.draw.rect(surface, colour, geo.edge_rect(edge, thick + 2))
            elif move.kind == "move-wall":
                pygame.draw.rect(surface, colour, geo.edge_rect(move.edges[1], thick + 2))
            elif move.kind == "place" and (self.held is None or not self.held.dragging):
                target_seat = state.turn
                center = geo.square_center(move.squares[0])
                ghost = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                draw_token(ghost, center, geo.cell * 0.34, target_seat, False)
                ghost.set_alpha(140)
                surface.blit(ghost, (0, 0))
                pygame.draw.rect(surface, colour, geo.square_rect(move.squares[0]).inflate(-3, -3), 3)
            elif move.kind in ("move", "swap"):
                pygame.draw.rect(surface, colour, geo.square_rect(move.squares[-1]).inflate(-3, -3), 3)
                if move.kind == "swap":
                    pygame.draw.rect(surface, colour, geo.square_rect(move.squares[0]).inflate(-3, -3), 3)
        held = self.held
        if held and held.dragging and held.kind == "token":
            token = token_at(state, held.source)
            if token:
                draw_token(surface, self.mouse, geo.cell * 0.38, token[0], False)
        if held and held.kind == "reserve":
            draw_token(surface, self.mouse, geo.cell * 0.38, state.turn, False)
        if held and held.dragging and held.kind == "wall":
            x, y = self.mouse
            bar = pygame.Rect(0, 0, round(geo.cell), thick)
            if not geo.board.is_horizontal(held.source):
                bar = pygame.Rect(0, 0, thick, round(geo.cell))
            bar.center = (x, y)
            pygame.draw.rect(surface, theme.INK, bar)

    def _draw_panel(self, surface: pygame.Surface, state: BauhausState) -> None:
        m = self.metrics
        panel = self.panel_rect
        draw.heading(surface, "Action cards", (panel.left, panel.top + m.u(0.5)), m.small, theme.INK)
        actor = self.actor()
        playable: set[int] = set()
        if state.phase == CHOOSE and actor is not None:
            playable = {mv.slot for mv in self.rules.legal_moves(self.match.state) if mv.kind in ("card", "discard")}
        hover = next((i for i, r in enumerate(self.card_rects) if r.collidepoint(self.mouse)), None)
        for slot, rect in enumerate(self.card_rects):
            card = state.display[slot]
            look = "normal"
            if state.phase == RESOLVE and slot == state.chosen:
                look = "chosen"
            elif state.phase in (RESOLVE, OPENING):
                look = "disabled"  # nothing to choose now (the opening round places tokens only)
            elif actor is not None and state.phase == CHOOSE:
                look = "hover" if slot == hover and slot in playable else ("normal" if slot in playable else "disabled")
            draw_card(surface, rect, card, m, state=look, seat=state.turn)
        self._draw_info(surface, state)
        self._draw_players(surface, state)
        self._draw_prompt(surface, state)

    def _draw_info(self, surface: pygame.Surface, state: BauhausState) -> None:
        m = self.metrics
        rect = self.info_rect
        x = rect.left
        cy = rect.centery
        for label, value in (("Deck", len(state.deck)), ("Discard", len(state.discard)), ("Walls", state.supply)):
            if label == "Walls":
                bar = pygame.Rect(x, cy - m.u(0.4), m.u(3), m.u(0.8))
                pygame.draw.rect(surface, theme.INK, bar)
                x = bar.right + m.u(1)
            else:
                card = pygame.Rect(x, cy - m.u(1.4), m.u(2), m.u(2.8))
                pygame.draw.rect(surface, theme.WHITE if label == "Deck" else theme.PAPER_DARK, card)
                pygame.draw.rect(surface, theme.INK, card, 2)
                x = card.right + m.u(1)
            r = draw.text(surface, f"{label} {value}", (x, cy), m.body, theme.INK, "semibold", "midleft")
            x = r.right + m.u(3)

    def _draw_players(self, surface: pygame.Surface, state: BauhausState) -> None:
        m = self.metrics
        scores = self.rules.scores(state)
        to_play = self.match.to_play
        for seat, row in enumerate(self.player_rects):
            if seat == to_play:
                pygame.draw.rect(surface, theme.WHITE, row)
                pygame.draw.rect(surface, theme.INK, row, 2)
                pygame.draw.rect(surface, theme.RED, (row.left, row.top, m.u(0.75), row.height))
            spec = self.match.setup.seats[seat]
            colour = seat_colour(seat)
            draw.seat_shape(
                surface,
                seat_shape(seat),
                (row.left + m.u(3.5), row.centery),
                m.u(1.8),
                colour,
                outline=theme.INK if seat % 4 == 1 else None,
            )
            name = _fit(f"{SEAT_NAMES[seat]} · {spec.name}", m.body, self._name_width() - m.u(8))
            draw.text(surface, name, (row.left + m.u(7), row.top + m.u(1.75)), m.body, theme.INK, "semibold", "midleft")
            who = "human" if spec.is_human else f"computer · {spec.level}"
            draw.text(surface, who, (row.left + m.u(7), row.top + m.u(4.75)), m.small, theme.GREY, "regular", "midleft")
            # The reserve: one small token per token left.
            reserve = self.reserve_rects[seat]
            step = min(m.u(3.5), reserve.width // 8)
            for i in range(state.reserve[seat]):
                center = (reserve.left + step // 2 + i * step, reserve.centery)
                draw_token(surface, center, step * 0.42, seat, False)
            if self._placing_kind() == PLACE and self.actor() is not None:
                placer = state.turn
                if seat == placer and state.reserve[seat]:
                    hint = pygame.Rect(reserve.left - 2, reserve.top, step * state.reserve[seat] + 4, reserve.height)
                    pygame.draw.rect(surface, theme.YELLOW, hint, 2)
            button = self.power_buttons[seat]
            points_right = button.rect.left - m.u(2) if state.powers else row.right - m.u(2)
            draw.text(surface, str(scores[seat]), (points_right, row.centery), m.heading, theme.INK, "bold", "midright")
            if state.powers and state.used[seat]:
                draw.text(surface, "power used", button.rect.center, m.small, theme.GREY, "regular", "center")

    def _draw_prompt(self, surface: pygame.Surface, state: BauhausState) -> None:
        m = self.metrics
        rect = self.prompt_rect
        pygame.draw.line(surface, theme.INK, rect.topleft, rect.topright, m.rule)
        y = rect.top + m.u(1.5)
        draw.heading(surface, self._prompt_title(state), (rect.left, y), m.small, theme.RED)
        y += m.small + m.u(1)
        text_rect = pygame.Rect(rect.left, y, rect.width, rect.height)
        y = draw.paragraph(surface, self._prompt_text(state), text_rect, m.body, theme.INK)
        _, reason = self.preview()
        if reason and self.actor() is not None:
            draw.text(
                surface, reason[:1].upper() + reason[1:], (rect.left, y + m.u(0.5)), m.small, theme.ILLEGAL, "semibold"
            )
            y += m.small + m.u(1)
        if self.last_text:
            last_y = (
                max(y + m.u(1), rect.bottom - m.u(5) - m.small - m.u(1)) if self.cancel_button.visible else y + m.u(1)
            )
            if not self.cancel_button.visible and not self.rotate_button.visible:
                last_y = max(y + m.u(1), rect.bottom - m.small - m.u(0.5))
            text = self.last_text if len(self.last_text) < 70 else self.last_text[:67] + "…"
            draw.text(surface, "Last: " + text, (rect.left, last_y), m.small, theme.GREY, "regular")

    def _prompt_title(self, state: BauhausState) -> str:
        if self.match.over:
            return "Game over"
        if self.power_mode is not None:
            return f"Bauhaus! {SEAT_NAMES[self.power_mode[0]]}"
        seat = self.match.to_play
        assert seat is not None
        if state.phase == OPENING:
            return f"Opening round · {SEAT_NAMES[seat]}"
        if state.phase == CHOOSE:
            return f"{SEAT_NAMES[seat]} chooses a card"
        card = CARDS[self.rules.chosen_card(state)]
        title = CARD_LABELS[card.kind] if card.kind != PATTERN else f"Pattern {card.name}"
        return f"{SEAT_NAMES[seat]} · {title}"

    def _prompt_text(self, state: BauhausState) -> str:
        if self.match.over:
            winners = self.rules.winners(self.match.state)
            return "Winner: " + " and ".join(SEAT_NAMES[w] for w in winners) + "."
        if self.power_mode is not None:
            _, power = self.power_mode
            return POWER_PROMPTS[power.rpartition(":")[2]] + " Esc gives up."
        seat = self.match.to_play
        if seat is not None and not self.match.is_human(seat):
            return f"{SEAT_NAMES[seat]} ({self.match.seat_name(seat)}) is thinking…"
        if state.phase == OPENING:
            return "Place one token on any free square: click it, or drag a token from your reserve."
        if state.phase == CHOOSE:
            if any(m.kind == "discard" for m in self.rules.legal_moves(self.match.state)):
                return "No face-up card can be carried out: click one to discard it (everyone sees it)."
            return "Click a face-up card to carry it out. Greyed cards cannot be carried out now."
        kind = self.card_kind()
        prefix = ""
        if state.to_play != state.turn:
            prefix = f"Mind Control: you resolve {SEAT_NAMES[state.turn]}'s card. "
        if kind == PLACE:
            return (
                prefix
                + f"Place a {SEAT_NAMES[state.turn].lower()} token: click a free square or drag one from the reserve."
            )
        if kind == FREE_WALLS:
            return prefix + f"Build wall {state.placed + 1} of 2: hover an edge (green = allowed), click to build."
        if kind == PATTERN:
            return prefix + "Move the pattern over the board; R or right-click rotates, F flips; click to build."
        if kind == MOVE_WALL:
            if self.held and self.held.kind == "wall":
                return prefix + "Now click the edge it moves to (or drag it there). Click it again to put it down."
            return prefix + "Click a movable wall (yellow mark), then the edge it moves to; or drag it."
        if kind == MOVE_TOKEN:
            return prefix + "Drag any deployed token to a free square (or click it, then the square)."
        return prefix + "Click two deployed tokens of different colours to swap them."


POWER_PROMPTS = {
    "mind": "Mind Control: you resolve the chosen card.",
    "shared": "Shared Control: click a hatched (unowned) closed zone.",
    "forced": "Forced Control: click a token showing its deployed face.",
}


# ==== how to play ===================================================================================
def _diagram_state(
    zones: list[tuple[list[str], str]], players: int = 3, extra_walls: tuple[str, ...] = ()
) -> BauhausState:
    state = GAME.from_picture(zones_picture(zones), players=players)
    walls = state.walls
    for name in extra_walls:
        walls |= 1 << GAME.board.parse_edge(name)
    from dataclasses import replace

    return replace(state, walls=walls, supply=66 - walls.bit_count())


def _diagram_board(state: BauhausState) -> Callable[[pygame.Surface, pygame.Rect, Metrics], None]:
    def paint(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
        side = min(rect.width, rect.height) - metrics.u(4)
        side -= side % 8
        board_rect = pygame.Rect(0, 0, side, side)
        board_rect.center = rect.center
        draw_board(surface, Geometry(GAME.board, board_rect), GAME, state, metrics, labels=False)

    return paint


def _diagram_cards(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    kinds = [PLACE, FREE_WALLS, "T3", MOVE_WALL, MOVE_TOKEN, SWAP]
    gap = metrics.u(2)
    w = (rect.width - 2 * gap) // 3
    h = min(round(w * 1.3), (rect.height - gap) // 2)
    for i, name in enumerate(kinds):
        card = CARD_INDEX[name]
        r = pygame.Rect(rect.left + (i % 3) * (w + gap), rect.top + (i // 3) * (h + gap), w, h)
        draw_card(surface, r, card, metrics, seat=0)


def _diagram_turn(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """Four face-up cards, one chosen, and what it did on the board (outlined in red)."""
    gap = metrics.u(1.5)
    w = (rect.width - 3 * gap) // 4
    h = round(w * 1.3)
    for i, name in enumerate(("I2", PLACE, SWAP, MOVE_WALL)):
        card = pygame.Rect(rect.left + i * (w + gap), rect.top + metrics.u(1), w, h)
        draw_card(surface, card, CARD_INDEX[name], metrics, state="chosen" if i == 1 else "disabled", seat=0)
    state = _diagram_state([(["a1"], "y")], 2)
    state = GAME.play_texts(state, ["card0", "place c3"])
    area = pygame.Rect(rect.left, rect.top + h + metrics.u(3), rect.width, rect.height - h - metrics.u(3))
    side = min(area.width, area.height) - metrics.u(1)
    side -= side % 8
    board_rect = pygame.Rect(0, 0, side, side)
    board_rect.midtop = (area.centerx, area.top)
    geo = Geometry(GAME.board, board_rect)
    draw_board(surface, geo, GAME, state, metrics, labels=False)
    square = geo.square_rect(GAME.board.parse_square("c3")).inflate(-metrics.u(0.5), -metrics.u(0.5))
    pygame.draw.rect(surface, theme.RED, square, max(2, metrics.u(0.4)))


def _diagram_patterns(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    gap = metrics.u(2)
    cols = 4
    w = (rect.width - (cols - 1) * gap) // cols
    h = w
    for i, pattern in enumerate(PATTERNS):
        box = pygame.Rect(rect.left + (i % cols) * (w + gap), rect.top + (i // cols) * (h + gap + metrics.u(3)), w, h)
        draw.panel(surface, box, theme.WHITE, 3)
        draw_orientation(surface, box.inflate(-metrics.u(2), -metrics.u(2)), transformed(pattern.edges, 0, False))
        draw.text(
            surface,
            f"{pattern.id} · {pattern.title}",
            (box.centerx, box.bottom + metrics.u(0.5)),
            metrics.small,
            theme.INK,
            "semibold",
            "midtop",
        )
    # The eight ways to lay L3.
    l3 = PATTERNS[5]
    y = rect.top + 2 * (h + gap + metrics.u(3)) + metrics.u(1)
    small = (rect.width - 7 * metrics.u(1)) // 8
    for k in range(8):
        box = pygame.Rect(rect.left + k * (small + metrics.u(1)), y, small, small)
        pygame.draw.rect(surface, theme.WHITE, box)
        draw_orientation(surface, box.inflate(-4, -4), transformed(l3.edges, k % 4, k >= 4), dots=False)
    draw.text(
        surface,
        "L3 in its 8 orientations (R rotates, F flips)",
        (rect.left, y + small + metrics.u(0.5)),
        metrics.small,
        theme.GREY,
    )


def _diagram_scoring(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    state = _diagram_state([(["a8", "b8", "c8", "d8", "e8"], "b"), (["a1", "b1", "c1", "d1", "e1", "f1"], "bb")], 2)
    _diagram_board(state)(surface, rect, metrics)
    draw.text(
        surface,
        "Blue: 5 + 6 + 6 = 17 points",
        (rect.centerx, rect.bottom - metrics.u(1)),
        metrics.body,
        theme.INK,
        "bold",
        "midbottom",
    )


def how_to_play_pages() -> list[HowToPage]:
    zones = _diagram_state(
        [(["a1", "b1", "a2", "b2"], "bb"), (["f6", "g6", "h6", "f7", "g7", "h7"], "r.y")],
        extra_walls=("d4N", "d4E", "d4S"),
    )
    powers = _diagram_state([(["a1", "b1", "c1"], "byk"), (["f5", "g5"], "r")], 4)
    return [
        HowToPage(
            "Close zones in your colour",
            [
                "Walls stand on the edges between squares (the board's border is not a wall). Squares that cannot "
                "reach the outside of the board without crossing a wall form a closed zone.",
                "• A closed zone holding tokens of one colour only is owned: its tokens flip to their solid control "
                "face and the zone is locked for the rest of the game (filled in its owner's colour).",
                "• A closed zone with several colours is unowned (hatched): its walls are frozen, but tokens may "
                "still be placed into it, moved in or out or swapped, and walls added inside it.",
                "• No action may ever close a zone without a token in it.",
            ],
            _diagram_board(zones),
            "Blue owns the zone bottom left; the zone top right is unowned (red and yellow).",
        ),
        HowToPage(
            "A turn",
            [
                "Opening round: in turn, everyone places one token on any free square.",
                "Then, on your turn, click one of the four face-up cards that can be carried out and do what it "
                "says on the board. The card is discarded and a new one turned up.",
                "• If none of the four cards can be carried out, you discard one of your choice instead.",
                "• You may take a card back (Esc or \u201cCancel card\u201d) as long as nothing of it is on the board.",
                "The game ends when the deck and the face-up cards are used up.",
            ],
            _diagram_turn,
            "Blue chose Place token and put a token on c3 (the last turn is outlined in red).",
        ),
        HowToPage(
            "The six cards",
            [
                "• Place token: one of your tokens from your reserve onto a free square (click, or drag it from "
                "the reserve).",
                "• Two walls: build two walls, one after the other, each on any allowed free edge.",
                "• Pattern: build the walls exactly as drawn, all at once, turned or flipped as you like.",
                "• Move wall: move one wall that does not touch a closed zone (marked yellow) to another edge.",
                "• Move token: move any deployed token, of any colour, to a free square.",
                "• Swap tokens: exchange two deployed tokens of different colours.",
                "Walls may not go on edges of a locked zone; tokens may not enter or leave one.",
            ],
            _diagram_cards,
        ),
        HowToPage(
            "The seven patterns",
            [
                "Each pattern card shows walls to build at once. Move the ghost over the board: green means it fits, "
                "red means it does not (the reason shows under the prompt).",
                "R or right-click rotates the pattern, F flips it; the round buttons do the same.",
                "A wall card needs enough walls in the supply (66 in all).",
            ],
            _diagram_patterns,
        ),
        HowToPage(
            "Scoring",
            [
                "At the end each token on its control face in a closed zone scores the zone's number of squares.",
                "Example: one token in a 5-square zone and two in a 6-square zone score 5 + 6 + 6 = 17.",
                "Ties: most owned zones, then the larger largest zone, then the second largest, and so on; "
                "still tied, the win is shared.",
            ],
            _diagram_scoring,
        ),
        HowToPage(
            "Special powers (optional)",
            [
                "With powers on, each colour may shout \u201cBauhaus!\u201d once per game, before a card is chosen, "
                "right after, or after it resolves, on anyone's turn:",
                "• Blue, Mind Control: resolve the card another player just chose, your way.",
                "• Yellow, Shared Control: every token of an unowned closed zone flips and scores.",
                "• Red, Forced Control: flip any deployed token; it scores if its zone is closed at the end.",
                "• Black, Mimetic Control: use one of the other powers its owner has not used yet.",
            ],
            _diagram_board(powers),
            "An unowned zone (blue, yellow, black): a target for Shared Control.",
        ),
    ]
