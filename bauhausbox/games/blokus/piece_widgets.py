"""Reusable pieces for polyomino screens: a board view, trays of pieces, the held piece and its ghost,
rotate / flip buttons, and the controller that turns mouse and keys into "drop these cells".

Used by the Blokus game screen and the Blokus solo-puzzles screen. Nothing here knows a game's rules:
callers say which pieces exist, in which colours, and whether a drop is legal.

Coordinates: a cell is ``(col, row)`` with row 0 at the **bottom** (as in the rules' ``a1``); shapes
are ``frozenset`` of ``(x, y)`` with y up, as :mod:`bauhausbox.engine.shapes` makes them.

API
---
``PIECE_COLOURS[name]`` / ``PIECE_MARKS[name]``
    RGB and seat shape (circle, triangle, square, cross: ``theme.SEAT_SHAPES``) for ``"blue" "yellow"
    "red" "green"`` (the palette of docs/contributing.md). A ``Mark`` is ``(shape, strong)``: the shape
    drawn on one square of each piece, quiet by default and ``strong`` with the colour-blind setting.

``BoardView(columns, rows, labels=True)``
    ``layout(rect)`` fits square cells (and the coordinate margins) in ``rect``; then ``rect`` (the
    grid), ``cell_px``, ``cell_at(pos) -> cell | None``, ``cell_rect(cell)``, ``contains(cell)`` and
    ``draw(surface, metrics, corners={cell: colour})`` (paper grid, thick frame, a–t / 1–20 labels,
    start corners marked with a coloured corner triangle).

``draw_cells(surface, cell_rect, cells, colour, mark=None, alpha=255, outline=INK)``
    Squares of one colour with an ink outline around each side-connected group and thin seams inside;
    ``mark`` puts the seat shape on the central square of each group (one per piece).
    ``cell_rect`` maps a cell to its screen rect (``BoardView.cell_rect`` or :func:`free_cell_rect`).

``outline_cells(surface, cell_rect, cells, colour, width, inset=0)``
    Just the outer outline of a group of cells (hints).

``frame_cells(surface, cell_rect, cells, width)``
    The neutral move marker of every game (``draw.move_band``) round a group of cells: a solid
    ink–white–ink band on the outer outline (last move, a log line under the pointer, the recap).

``draw_shape(surface, shape, rect, colour, mark=None, alpha=255, max_cell=None)``
    A shape centred in ``rect`` at the largest cell size that fits (``max_cell`` caps it); the picture
    comes from ``shape_picture(shape, colour, cell, mark, outline)``, an LRU-cached surface.

``draw_ghost(surface, board, cells, colour, legal, mark=None) -> Rect``
    The held piece snapped to the board, in its own colour (translucent): a solid ink outline and a
    ✓ when it may go there, a white-and-dashed outline and a ✗ when not (``draw.ghost_frame``'s look,
    so it never depends on hue); cells off the board are hatched. Returns the ghost's bounding rect.

``TrayItem(key, shape, colour, available=True, label="", mark=None, waiting=False)`` and ``PieceTray``
    ``tray.set_items(items)``, ``tray.layout(rect, max_cell_px)`` (uniform slots in a grid sized to
    the items), ``tray.item_at(pos)``, ``tray.slot_rect(key)``, ``tray.draw(surface, metrics,
    selected=key, held=key, orientation=lambda key: shape, strong_marks=False)``. Unavailable items
    are drawn as grey outlines, waiting ones (not allowed yet) pale and cannot be picked; every slot
    that can be picked is reported to the layout probe as a control.

``HeldPiece(key, shape, colour, grab)``
    ``rotate(clockwise=True)``, ``flip()``, ``cells_at(cell)`` (the cells covered with the grabbed
    square on ``cell``), ``draw_floating(surface, pos, cell_px, mark)``.

``turn_buttons(on_rotate, on_flip) -> (Button, Button)``
    The visible rotate / flip buttons (icons, tooltips naming R / Shift+R / F / right-click / wheel).

``PieceController(board, tray, shape_of, colour_of, on_drop, verdict, can_pick=None, owner=None)``
    The gestures of docs/contributing.md: press on a tray piece and drag it onto the board, or click to pick and
    click to drop; right-click or the wheel rotates while holding; keys R (Shift+R back), F, Esc.
    ``handle_event(event) -> bool``; ``pick(key)`` (e.g. for letter keys); ``rotate()`` / ``flip()``
    (for the buttons); ``drop_here()``; ``cancel()``; ``held``; ``hover_cells()`` (cells under the
    pointer, or None); ``ghost_rect()`` (where the ghost is, for a refusal's note to avoid);
    ``draw(surface, metrics, mark)`` draws the ghost or the floating piece (callers draw it last,
    over everything). A drag released off the board, or a click off the board and the tray, puts
    the held piece back in its tray.
    ``on_drop(key, cells) -> bool`` makes the move (True: placed, the piece is let go; False: refused,
    it stays in hand). ``verdict(key, cells) -> str | None`` is the refusal reason for the ghost
    (callers cache it). ``orientation(key)`` remembers how each piece was last turned, per
    ``owner()`` (e.g. the colour to play, whose pieces share their keys with the other colours').
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from bauhausbox.engine.grid import Cell, column_letter
from bauhausbox.engine.shapes import Shape, normalize
from bauhausbox.i18n import N_, _
from bauhausbox.ui import draw, icons, layout_probe, theme
from bauhausbox.ui.theme import Colour, Metrics
from bauhausbox.ui.widgets import Button

PIECE_COLOURS: dict[str, Colour] = {
    "blue": theme.BLUE,
    "yellow": theme.YELLOW,
    "red": theme.RED,
    "green": theme.GREEN,
}
PIECE_MARKS: dict[str, str] = dict(zip(PIECE_COLOURS, theme.SEAT_SHAPES, strict=True))
#: A seat shape on a piece: ``(shape, strong)``; strong with the colour-blind setting (``draw.seat_mark``).
Mark = tuple[str, bool]
GRID_LINE: Colour = theme.mix(theme.PAPER, theme.INK, 0.16)
BOARD_FILL: Colour = theme.mix(theme.PAPER, theme.WHITE, 0.55)

CellRect = Callable[[Cell], pygame.Rect]


# -- the board ---------------------------------------------------------------------------------------
class BoardView:
    """A grid of square cells laid out in a rect, with row 0 at the bottom."""

    def __init__(self, columns: int, rows: int, labels: bool = True) -> None:
        self.columns = columns
        self.rows = rows
        self.labels = labels
        self.rect = pygame.Rect(0, 0, 0, 0)  # the grid itself (labels sit outside it)
        self.cell_px = 1

    def layout(self, rect: pygame.Rect, max_cell_px: int | None = None) -> None:
        """Largest square cells that fit ``rect`` with a label margin; the grid is centred."""
        margin_cells = 1.4 if self.labels else 0.0
        cell = int(min(rect.width / (self.columns + margin_cells), rect.height / (self.rows + margin_cells)))
        if max_cell_px:
            cell = min(cell, max_cell_px)
        self.cell_px = max(4, cell)
        width, height = self.cell_px * self.columns, self.cell_px * self.rows
        margin = round(self.cell_px * margin_cells / 2)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = rect.center
        if self.labels:
            # Labels take the left and bottom margins: shift so the whole block is centred.
            self.rect.move_ip(margin // 2, -margin // 2)

    def contains(self, cell: Cell) -> bool:
        col, row = cell
        return 0 <= col < self.columns and 0 <= row < self.rows

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        col, row = cell
        size = self.cell_px
        return pygame.Rect(self.rect.left + col * size, self.rect.bottom - (row + 1) * size, size, size)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        cell = self.cell_under(pos)
        return cell if self.contains(cell) else None

    def cell_under(self, pos: tuple[float, float]) -> Cell:
        """The cell position under ``pos``, also outside the board (for pieces hanging off it)."""
        x, y = pos
        return math.floor((x - self.rect.left) / self.cell_px), math.floor((self.rect.bottom - y) / self.cell_px)

    def draw(self, surface: pygame.Surface, metrics: Metrics, corners: Mapping[Cell, Colour] | None = None) -> None:
        """Paper grid, start-corner marks, thick frame and coordinate labels."""
        pygame.draw.rect(surface, BOARD_FILL, self.rect)
        size = self.cell_px
        for cell, colour in (corners or {}).items():
            self._corner_mark(surface, cell, colour)
        for col in range(1, self.columns):
            x = self.rect.left + col * size
            pygame.draw.line(surface, GRID_LINE, (x, self.rect.top), (x, self.rect.bottom - 1), 1)
        for row in range(1, self.rows):
            y = self.rect.top + row * size
            pygame.draw.line(surface, GRID_LINE, (self.rect.left, y), (self.rect.right - 1, y), 1)
        frame = max(2, metrics.rule)
        pygame.draw.rect(surface, theme.INK, self.rect.inflate(2 * frame, 2 * frame), frame)
        if self.labels:
            font_px = max(11, min(metrics.small, round(size * 0.55)))
            gap = frame + max(3, size // 5)
            for col in range(self.columns):
                x = self.rect.left + col * size + size // 2
                draw.text(
                    surface, column_letter(col), (x, self.rect.bottom + gap), font_px, theme.GREY, "semibold", "midtop"
                )
            for row in range(self.rows):
                y = self.rect.bottom - row * size - size // 2
                draw.text(
                    surface, str(row + 1), (self.rect.left - gap, y + 1), font_px, theme.GREY, "semibold", "midright"
                )

    def _corner_mark(self, surface: pygame.Surface, cell: Cell, colour: Colour) -> None:
        """A start corner: a pale wash of the colour and a solid triangle in the board's corner."""
        rect = self.cell_rect(cell)
        pygame.draw.rect(surface, theme.mix(BOARD_FILL, colour, 0.35), rect)
        col, row = cell
        left = col == 0
        bottom = row == 0
        corner_x = rect.left if left else rect.right - 1
        corner_y = rect.bottom - 1 if bottom else rect.top
        leg = rect.width * 0.55
        dx = leg if left else -leg
        dy = -leg if bottom else leg
        pygame.draw.polygon(
            surface, colour, [(corner_x, corner_y), (corner_x + dx, corner_y), (corner_x, corner_y + dy)]
        )


# -- drawing pieces ------------------------------------------------------------------------------------
def free_cell_rect(origin: tuple[float, float], cell_px: float, height: int) -> CellRect:
    """Cell rects for a shape drawn anywhere: ``origin`` is the top-left of its bounding box and
    ``height`` its number of rows (so row ``height - 1`` is drawn at the top)."""
    ox, oy = origin

    def rect(cell: Cell) -> pygame.Rect:
        x, y = cell
        left = round(ox + x * cell_px)
        top = round(oy + (height - 1 - y) * cell_px)
        return pygame.Rect(left, top, round(ox + (x + 1) * cell_px) - left, round(oy + (height - y) * cell_px) - top)

    return rect


def draw_cells(
    surface: pygame.Surface,
    cell_rect: CellRect,
    cells: Iterable[Cell],
    colour: Colour,
    mark: Mark | None = None,
    alpha: int = 255,
    outline: Colour | None = theme.INK,
    outline_px: int | None = None,
) -> None:
    """Filled squares with an outline around each group of side-touching cells and thin seams inside;
    ``mark`` draws the seat shape once per group (a piece), on its most central square."""
    cell_set = set(cells)
    if not cell_set:
        return
    rects = {cell: cell_rect(cell) for cell in cell_set}
    first, *rest = rects.values()
    # Only the part on the surface is drawn; a piece dragged wholly off it (outside the window)
    # draws nothing, and the translucent layer below must never cut a piece outside the surface.
    bounds = first.unionall(rest).clip(surface.get_rect())
    if bounds.width <= 0 or bounds.height <= 0:
        return
    px = next(iter(rects.values())).width
    thick = outline_px if outline_px is not None else max(1, round(px / 11))
    layer = surface if alpha >= 255 else pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    seam = theme.mix(colour, theme.INK, 0.28)
    for rect in rects.values():
        pygame.draw.rect(layer, colour, rect)
    if mark is not None:
        for group in side_groups(cell_set):
            draw.seat_mark(layer, mark[0], rects[central_cell(group)], colour, strong=mark[1])
    for (x, y), rect in rects.items():
        for neighbour, edge in (
            ((x, y + 1), pygame.Rect(rect.left, rect.top, rect.width, 1)),
            ((x, y - 1), pygame.Rect(rect.left, rect.bottom - 1, rect.width, 1)),
            ((x - 1, y), pygame.Rect(rect.left, rect.top, 1, rect.height)),
            ((x + 1, y), pygame.Rect(rect.right - 1, rect.top, 1, rect.height)),
        ):
            if neighbour in cell_set:
                pygame.draw.rect(layer, seam, edge)
            elif outline is not None:
                # Thicken the outer edge inwards so neighbouring pieces keep a crisp shared border.
                if edge.width == 1:
                    edge.width = thick
                    if neighbour[0] > x:
                        edge.left = rect.right - thick
                else:
                    edge.height = thick
                    if neighbour[1] < y:
                        edge.top = rect.bottom - thick
                pygame.draw.rect(layer, outline, edge)
    if layer is not surface:
        piece = layer.subsurface(bounds).copy()
        piece.set_alpha(alpha)
        surface.blit(piece, bounds)


def side_groups(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """The groups of side-touching cells (in Blokus a colour's pieces never share a side, so each
    group is one piece), in a stable order."""
    left = set(cells)
    groups: list[frozenset[Cell]] = []
    for start in sorted(left):
        if start not in left:
            continue
        group, todo = {start}, [start]
        left.discard(start)
        while todo:
            x, y = todo.pop()
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in left:
                    left.discard(near)
                    group.add(near)
                    todo.append(near)
        groups.append(frozenset(group))
    return groups


def outline_cells(
    surface: pygame.Surface, cell_rect: CellRect, cells: Iterable[Cell], colour: Colour, width: int, inset: int = 0
) -> None:
    """Only the outer outline of a group of cells (a hint), ``inset`` pixels inside."""
    cell_set = set(cells)
    for x, y in cell_set:
        rect = cell_rect((x, y)).inflate(-2 * inset, -2 * inset) if inset else cell_rect((x, y))
        full = cell_rect((x, y))
        if (x, y + 1) not in cell_set:
            pygame.draw.rect(surface, colour, (full.left, rect.top, full.width, width))
        if (x, y - 1) not in cell_set:
            pygame.draw.rect(surface, colour, (full.left, rect.bottom - width, full.width, width))
        if (x - 1, y) not in cell_set:
            pygame.draw.rect(surface, colour, (rect.left, full.top, width, full.height))
        if (x + 1, y) not in cell_set:
            pygame.draw.rect(surface, colour, (rect.right - width, full.top, width, full.height))


Edge = tuple[tuple[int, int], tuple[int, int]]


def outer_edges(cell_rect: CellRect, cells: Iterable[Cell]) -> list[Edge]:
    """The sides of a group of cells that face no cell of the group, as screen lines (start, end)."""
    cell_set = set(cells)
    edges: list[Edge] = []
    for x, y in cell_set:
        rect = cell_rect((x, y))
        right, bottom = rect.right - 1, rect.bottom - 1
        for neighbour, start, end in (
            ((x, y + 1), (rect.left, rect.top), (right, rect.top)),
            ((x, y - 1), (rect.left, bottom), (right, bottom)),
            ((x - 1, y), (rect.left, rect.top), (rect.left, bottom)),
            ((x + 1, y), (right, rect.top), (right, bottom)),
        ):
            if neighbour not in cell_set:
                edges.append((start, end))
    return edges


def _line(surface: pygame.Surface, colour: Colour, edge: Edge, width: int, dash: int = 0) -> None:
    """An axis-aligned line, square-ended (so corners close), dashed when ``dash``: the dashes follow
    the screen's coordinates, so they run on unbroken from one square's side to the next."""
    (x0, y0), (x1, y1) = edge
    half = width // 2
    horizontal = y0 == y1
    lo, hi = (x0, x1) if horizontal else (y0, y1)
    lo, hi = lo - half, hi + width - half
    pieces = [(lo, hi)]
    if dash:
        pieces = []
        start = lo - lo % (2 * dash)
        for a in range(start, hi, 2 * dash):
            a0, a1 = max(a, lo), min(a + dash, hi)
            if a1 > a0:
                pieces.append((a0, a1))
    for a0, a1 in pieces:
        if horizontal:
            pygame.draw.rect(surface, colour, (a0, y0 - half, a1 - a0, width))
        else:
            pygame.draw.rect(surface, colour, (x0 - half, a0, width, a1 - a0))


def frame_cells(surface: pygame.Surface, cell_rect: CellRect, cells: Iterable[Cell], width: int) -> None:
    """A move's mark, the same as every game's (``draw.move_band``): a solid ink–white–ink band
    centred on the outer outline of a group of cells. Neutral on purpose: it shows on a piece of any
    colour and never reads as a seat's colour or as "illegal" (dashed)."""
    edges = outer_edges(cell_rect, cells)
    for colour, band in draw.move_band(width):
        for edge in edges:
            _line(surface, colour, edge, band)


def shape_size(shape: Iterable[Cell]) -> tuple[int, int]:
    cells = list(shape)
    return max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1


def draw_shape(
    surface: pygame.Surface,
    shape: Shape,
    rect: pygame.Rect,
    colour: Colour,
    mark: Mark | None = None,
    alpha: int = 255,
    max_cell: float | None = None,
    outline: Colour | None = theme.INK,
) -> float:
    """Draw ``shape`` centred in ``rect`` at the largest cell size that fits; returns that size.
    The picture is cached (trays draw dozens of pieces every frame)."""
    width, height = shape_size(shape)
    cell = min(rect.width / width, rect.height / height)
    if max_cell:
        cell = min(cell, max_cell)
    cell = round(cell * 4) / 4  # a few sizes only, so the cache stays small
    picture = shape_picture(shape, colour, cell, mark, outline)
    if alpha < 255:
        picture = picture.copy()
        picture.set_alpha(alpha)
    surface.blit(picture, (round(rect.centerx - width * cell / 2), round(rect.centery - height * cell / 2)))
    return cell


@lru_cache(maxsize=4096)
def shape_picture(
    shape: Shape, colour: Colour, cell: float, mark: Mark | None = None, outline: Colour | None = theme.INK
) -> pygame.Surface:
    """A transparent picture of ``shape`` with ``cell``-pixel squares (cached)."""
    width, height = shape_size(shape)
    picture = pygame.Surface((math.ceil(width * cell) + 1, math.ceil(height * cell) + 1), pygame.SRCALPHA)
    draw_cells(picture, free_cell_rect((0, 0), cell, height), shape, colour, mark, 255, outline)
    return picture


def draw_ghost(
    surface: pygame.Surface,
    board: BoardView,
    cells: Iterable[Cell],
    colour: Colour,
    legal: bool,
    mark: Mark | None = None,
) -> pygame.Rect:
    """The held piece snapped to the board, in its own colour and translucent, framed as every game
    frames a ghost (``draw.ghost_frame``): a solid ink outline and a ✓ where it may go, a dashed ink
    outline on white and a ✗ where it may not. Cells off the board are hatched. Nothing depends on
    hue, so a red piece reads the same as a blue one. Returns the rect the ghost covers."""
    cell_list = list(cells)
    draw_cells(surface, board.cell_rect, cell_list, colour, mark, alpha=165, outline=None)
    for cell in cell_list:
        if not board.contains(cell):
            draw.hatch(surface, board.cell_rect(cell), theme.INK, gap=max(4, board.cell_px // 4), width=2)
    width = max(2, board.cell_px // 8)
    edges = outer_edges(board.cell_rect, cell_list)
    if legal:
        for edge in edges:
            _line(surface, theme.INK, edge, width)
    else:
        for edge in edges:
            _line(surface, theme.WHITE, edge, width + 2)
        for edge in edges:
            _line(surface, theme.INK, edge, width, dash=max(4, board.cell_px // 3))
    draw.verdict_mark(surface, _verdict_centre(board, cell_list), _verdict_radius(board), legal)
    return ghost_bounds(board, cell_list)


def _verdict_radius(board: BoardView) -> int:
    return max(7, round(board.cell_px * 0.45))


def _verdict_centre(board: BoardView, cells: Sequence[Cell]) -> tuple[int, int]:
    """The ✓ / ✗ sits on the top-right corner of the piece's top-right square (on the piece, not
    out in its bounding box)."""
    top = max(y for _, y in cells)
    return board.cell_rect(max(cell for cell in cells if cell[1] == top)).topright


def ghost_bounds(board: BoardView, cells: Sequence[Cell]) -> pygame.Rect:
    """The screen rect a ghost on ``cells`` covers, its ✓ / ✗ disc included."""
    first, *rest = (board.cell_rect(cell) for cell in cells)
    radius = _verdict_radius(board)
    x, y = _verdict_centre(board, cells)
    return first.unionall(rest).union(pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius))


# -- trays ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TrayItem:
    key: Hashable
    shape: Shape  # how it is laid out in the tray (slots are sized from these)
    colour: Colour
    available: bool = True
    label: str = ""
    mark: str | None = None  # the seat shape drawn on the piece (quiet, or strong: see PieceTray.draw)
    waiting: bool = False  # not allowed yet (largest first): drawn pale, not picked up


class PieceTray:
    """Pieces in a grid of equal slots; each slot fits the largest item's bounding box."""

    def __init__(self, interactive: bool = True) -> None:
        self.interactive = interactive  # a player picks from it (its slots are controls), or it only shows
        self.items: list[TrayItem] = []
        self.slots: dict[Hashable, pygame.Rect] = {}
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cell_px = 1.0
        self._area = pygame.Rect(0, 0, 0, 0)
        self._max_cell: float = 24.0

    def set_items(self, items: Sequence[TrayItem]) -> None:
        if list(items) != self.items:
            self.items = list(items)
            self.layout(self._area, self._max_cell)

    def layout(self, rect: pygame.Rect, max_cell_px: float = 24.0) -> None:
        """Choose the column count that gives the largest cells, then place the slots (top-left)."""
        self._area, self._max_cell = rect.copy(), max_cell_px
        self.slots = {}
        if not self.items or rect.width <= 0 or rect.height <= 0:
            self.rect = pygame.Rect(rect.topleft, (0, 0))
            return
        slot_w = max(shape_size(item.shape)[0] for item in self.items)
        slot_h = max(shape_size(item.shape)[1] for item in self.items)
        gap = 1.0  # in cells
        count = len(self.items)
        best = (0.0, 1)
        for columns in range(1, count + 1):
            rows = math.ceil(count / columns)
            cell = min(rect.width / (columns * (slot_w + gap)), rect.height / (rows * (slot_h + gap)))
            if cell > best[0]:
                best = (cell, columns)
        cell, columns = best
        self.cell_px = min(cell, max_cell_px)
        pitch_x = (slot_w + gap) * self.cell_px
        pitch_y = (slot_h + gap) * self.cell_px
        for index, item in enumerate(self.items):
            row, col = divmod(index, columns)
            self.slots[item.key] = pygame.Rect(
                round(rect.left + col * pitch_x),
                round(rect.top + row * pitch_y),
                round((slot_w + gap * 0.6) * self.cell_px),
                round((slot_h + gap * 0.6) * self.cell_px),
            )
        first, *rest = self.slots.values()
        self.rect = first.unionall(rest)

    def item_at(self, pos: tuple[int, int]) -> Hashable | None:
        for item in self.items:
            pickable = item.available and not item.waiting
            if pickable and self.slots.get(item.key, pygame.Rect(0, 0, 0, 0)).collidepoint(pos):
                return item.key
        return None

    def slot_rect(self, key: Hashable) -> pygame.Rect | None:
        return self.slots.get(key)

    def draw(
        self,
        surface: pygame.Surface,
        metrics: Metrics,
        selected: Hashable | None = None,
        held: Hashable | None = None,
        orientation: Callable[[Hashable], Shape] | None = None,
        strong_marks: bool = False,
        hovered: Hashable | None = None,
    ) -> None:
        """Available pieces in colour (turned as ``orientation`` says) with their seat shape (quiet,
        or ``strong_marks`` with the colour-blind setting), used ones as grey outlines; the held
        piece leaves a dashed gap, the hovered one is lifted."""
        label_px = max(14, metrics.small - 2)
        for item in self.items:
            slot = self.slots.get(item.key)
            if slot is None:
                continue
            if item.available and self.interactive and not item.waiting:
                layout_probe.control(f"tray {item.label or item.key}", slot)
            shape = orientation(item.key) if orientation and item.available else item.shape
            inner = slot.inflate(-round(self.cell_px * 0.3), -round(self.cell_px * 0.3))
            if not item.available:
                draw_shape(surface, shape, inner, theme.PAPER_DARK, max_cell=self.cell_px, outline=theme.LIGHT_GREY)
                continue
            if item.waiting:  # still to come: its own colour, faded, so it is told apart from a placed one
                faded = theme.mix(item.colour, theme.PAPER, 0.7)
                draw_shape(surface, shape, inner, faded, max_cell=self.cell_px, outline=theme.LIGHT_GREY)
                continue
            if item.key == held:
                # An empty place with a dashed frame: the piece is in the player's hand.
                draw_shape(
                    surface,
                    shape,
                    inner,
                    theme.mix(theme.PAPER, item.colour, 0.25),
                    max_cell=self.cell_px,
                    outline=theme.GREY,
                )
                draw.dashed_rect(surface, slot, theme.GREY, max(1, metrics.rule // 2), dash=max(4, slot.width // 12))
                continue
            if item.key == selected or item.key == hovered:
                pygame.draw.rect(surface, theme.WHITE, slot)
                pygame.draw.rect(
                    surface, theme.INK if item.key == selected else theme.GREY, slot, max(1, metrics.rule // 2)
                )
            mark = (item.mark, strong_marks) if item.mark else None
            draw_shape(surface, shape, inner, item.colour, mark, max_cell=self.cell_px)
            if item.label:
                draw.text(surface, item.label, (slot.right - 2, slot.top), label_px, theme.GREY, "semibold", "topright")


# -- the held piece ------------------------------------------------------------------------------------
def _transform(cells: Iterable[Cell], grab: Cell, step: Callable[[int, int], Cell]) -> tuple[Shape, Cell]:
    moved = [step(x, y) for x, y in cells]
    gx, gy = step(*grab)
    min_x = min(x for x, _ in moved)
    min_y = min(y for _, y in moved)
    return frozenset((x - min_x, y - min_y) for x, y in moved), (gx - min_x, gy - min_y)


def central_cell(shape: Shape) -> Cell:
    """The square nearest the shape's centre: where a piece picked by key is held."""
    cx = sum(x for x, _ in shape) / len(shape)
    cy = sum(y for _, y in shape) / len(shape)
    return min(sorted(shape), key=lambda c: (c[0] - cx) ** 2 + (c[1] - cy) ** 2)


class HeldPiece:
    """A piece in hand: its current orientation and the square of it under the pointer."""

    def __init__(self, key: Hashable, shape: Shape, colour: Colour, grab: Cell | None = None) -> None:
        self.key = key
        self.shape: Shape = normalize(shape)
        self.colour = colour
        self.grab: Cell = grab if grab is not None and grab in self.shape else central_cell(self.shape)

    def rotate(self, clockwise: bool = True) -> None:
        """A quarter turn about the grabbed square (y is up, so clockwise sends (x, y) to (y, −x))."""
        step: Callable[[int, int], Cell] = (lambda x, y: (y, -x)) if clockwise else (lambda x, y: (-y, x))
        self.shape, self.grab = _transform(self.shape, self.grab, step)

    def flip(self) -> None:
        """Mirror left–right."""
        self.shape, self.grab = _transform(self.shape, self.grab, lambda x, y: (-x, y))

    def cells_at(self, cell: Cell) -> list[Cell]:
        col, row = cell
        gx, gy = self.grab
        return [(col + x - gx, row + y - gy) for x, y in self.shape]

    def draw_floating(
        self, surface: pygame.Surface, pos: tuple[int, int], cell_px: float, mark: Mark | None = None
    ) -> None:
        """The piece following the pointer (off the board), with a flat poster shadow."""
        _, height = shape_size(self.shape)
        gx, gy = self.grab
        origin = (pos[0] - (gx + 0.5) * cell_px, pos[1] - (height - 1 - gy + 0.5) * cell_px)
        shadow = max(2, round(cell_px / 6))
        draw_cells(
            surface,
            free_cell_rect((origin[0] + shadow, origin[1] + shadow), cell_px, height),
            self.shape,
            theme.INK,
            alpha=70,
            outline=None,
        )
        draw_cells(surface, free_cell_rect(origin, cell_px, height), self.shape, self.colour, mark)


def turn_buttons(on_rotate: Callable[[], object], on_flip: Callable[[], object]) -> tuple[Button, Button]:
    """The visible rotate and flip buttons (their tooltips name the keys and mouse gestures)."""
    rotate = Button(
        N_("Rotate"),
        on_rotate,
        tooltip=N_("Rotate the held piece (R, Shift+R back, right-click, wheel)"),
        icon=icons.rotate,
        size="small",
    )
    flip = Button(N_("Flip"), on_flip, tooltip=N_("Flip the held piece over (F)"), icon=icons.flip, size="small")
    return rotate, flip


class ToolRow:
    """Tool buttons side by side (Rotate, Flip, Corners / Solve), each as wide as its icon and label
    need, the spare room shared out evenly; when even that does not fit, the icons go and the words
    stay (a label never touches its frame)."""

    def __init__(self, buttons: Sequence[Button]) -> None:
        self.buttons = list(buttons)
        self.icons = [button.icon for button in self.buttons]

    def _need(self, button: Button, icon: bool, height: int, metrics: Metrics) -> int:
        pad = max(10, metrics.u(1.5))  # the layout check wants at least 8 px beside a label
        size = {"body": metrics.body, "small": metrics.small, "heading": metrics.heading}[button.size]
        # Measured as drawn: the button shows its label in the players' language.
        words = draw.render_text(_(button.label).upper(), size, theme.INK, "bold", 0.08).get_width()
        return words + 2 * pad + (round(height * 0.55) + metrics.u(1) if icon else 0)

    def width_needed(self, height: int, gap: int, metrics: Metrics, icons: bool = False) -> int:
        """The narrowest row that keeps every label clear of its frame (with or without the icons)."""
        widths = [
            self._need(b, icons and i is not None, height, metrics)
            for b, i in zip(self.buttons, self.icons, strict=True)
        ]
        return sum(widths) + gap * (len(self.buttons) - 1)

    def layout(self, rect: pygame.Rect, gap: int, metrics: Metrics) -> None:
        with_icons = self.width_needed(rect.height, gap, metrics, icons=True) <= rect.width
        needs = [
            self._need(button, with_icons and icon is not None, rect.height, metrics)
            for button, icon in zip(self.buttons, self.icons, strict=True)
        ]
        spare = max(0, rect.width - gap * (len(self.buttons) - 1) - sum(needs)) // len(self.buttons)
        x = rect.left
        for button, icon, width in zip(self.buttons, self.icons, needs, strict=True):
            button.icon = icon if with_icons else None
            button.rect = pygame.Rect(x, rect.top, width + spare, rect.height)
            x += width + spare + gap


# -- gestures -------------------------------------------------------------------------------------------
DRAG_THRESHOLD = 6  # pixels the pointer must travel before a press counts as a drag


class PieceController:
    """Pick, carry, turn and drop pieces between a :class:`PieceTray` and a :class:`BoardView`."""

    def __init__(
        self,
        board: BoardView,
        tray: PieceTray,
        shape_of: Callable[[Hashable], Shape],
        colour_of: Callable[[Hashable], Colour],
        on_drop: Callable[[Hashable, list[Cell]], bool],
        verdict: Callable[[Hashable, list[Cell]], str | None],
        can_pick: Callable[[], bool] | None = None,
        owner: Callable[[], Hashable] | None = None,
    ) -> None:
        self.board = board
        self.tray = tray
        self.shape_of = shape_of
        self.colour_of = colour_of
        self.on_drop = on_drop
        self.verdict = verdict
        self.can_pick = can_pick or (lambda: True)
        self.owner: Callable[[], Hashable] = owner or (lambda: None)
        self.held_owner: Hashable = None  # whose piece is in hand: the turn may pass before it is put back
        self.held: HeldPiece | None = None
        self.pointer = (0, 0)
        self.pressed_at: tuple[int, int] | None = None  # where the left button went down while holding
        self.dragging = False
        self.hovered: Hashable | None = None
        self._orientations: dict[tuple[Hashable, Hashable], Shape] = {}  # (owner, key) -> shape

    # -- state -------------------------------------------------------------------------------
    def orientation(self, key: Hashable) -> Shape:
        """How the owner's ``key`` is turned: as last held, else its tray shape."""
        held = self.held
        owner = self.owner()
        if held is not None and held.key == key and self.held_owner == owner:
            return held.shape
        return self._orientations.get((owner, key)) or self.shape_of(key)

    def forget_orientations(self) -> None:
        self._orientations.clear()

    def ghost_rect(self) -> pygame.Rect | None:
        """Where the ghost of the held piece is on screen (its ✓ / ✗ included), or None."""
        cells = self.hover_cells()
        return ghost_bounds(self.board, cells) if cells else None

    def hover_cells(self) -> list[Cell] | None:
        """Where the held piece would go now (cells may hang off the board), or None off the board."""
        if self.held is None or not self.board.rect.collidepoint(self.pointer):
            return None
        return self.held.cells_at(self.board.cell_under(self.pointer))

    # -- commands ------------------------------------------------------------------------------
    def pick(self, key: Hashable, grab: Cell | None = None) -> None:
        if not self.can_pick():
            return
        self._remember()
        self.held = HeldPiece(key, self.orientation(key), self.colour_of(key), grab)
        self.held_owner = self.owner()

    def cancel(self) -> None:
        self._remember()
        self.held = None
        self.dragging = False
        self.pressed_at = None

    def rotate(self, clockwise: bool = True) -> None:
        if self.held is not None:
            self.held.rotate(clockwise)

    def flip(self) -> None:
        if self.held is not None:
            self.held.flip()

    def drop_here(self) -> bool:
        """Try to place the held piece where the pointer is; True when it was placed."""
        cells = self.hover_cells()
        held = self.held
        if held is None or cells is None:
            return False
        if self.on_drop(held.key, cells):
            self._remember()
            self.held = None
            return True
        return False

    def _remember(self) -> None:
        if self.held is not None:
            self._orientations[(self.held_owner, self.held.key)] = self.held.shape

    # -- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.hovered = self.tray.item_at(event.pos)
            if self.pressed_at is not None and not self.dragging:
                dx, dy = event.pos[0] - self.pressed_at[0], event.pos[1] - self.pressed_at[1]
                self.dragging = dx * dx + dy * dy > DRAG_THRESHOLD * DRAG_THRESHOLD
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pointer = event.pos
            if event.button == 1:
                return self._press(event.pos)
            if event.button == 3 and self.held is not None:
                self.rotate()
                return True
            if event.button in (4, 5) and self.held is not None:
                self.rotate(clockwise=event.button == 5)
                return True
            return False
        if event.type == pygame.MOUSEWHEEL and self.held is not None:
            self.rotate(clockwise=event.y < 0)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pointer = event.pos
            return self._release(event.pos)
        if event.type == pygame.KEYDOWN and self.held is not None:
            if event.key == pygame.K_r:
                self.rotate(clockwise=not event.mod & pygame.KMOD_SHIFT)
                return True
            if event.key == pygame.K_f:
                self.flip()
                return True
            if event.key == pygame.K_ESCAPE:
                self.cancel()
                return True
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        key = self.tray.item_at(pos)
        if key is not None:
            if self.held is not None and self.held.key == key:
                self.cancel()  # clicking the held piece's slot puts it back
                return True
            if not self.can_pick():
                return False
            self.pick(key, self._grab_in_slot(key, pos))
            self.pressed_at = pos
            self.dragging = False
            return True
        if self.held is not None:
            if self.board.rect.collidepoint(pos):
                self.pressed_at = pos
                self.dragging = False
                return True
            self.cancel()  # a click off the board and the tray drops the piece: back to its tray
            return True
        return False

    def _release(self, pos: tuple[int, int]) -> bool:
        pressed, dragged = self.pressed_at, self.dragging
        self.pressed_at = None
        self.dragging = False
        if self.held is None or pressed is None:
            return False
        if self.board.rect.collidepoint(pos):
            # A drag released over the board, or a click on the board while holding: try to place.
            started_on_board = self.board.rect.collidepoint(pressed)
            if dragged or started_on_board:
                self.drop_here()
            return True
        if dragged:
            self.cancel()  # a drag released off the board: the piece goes back to its tray
        return True  # a click on the tray keeps the piece in hand (click to pick, click to drop)

    def _grab_in_slot(self, key: Hashable, pos: tuple[int, int]) -> Cell | None:
        """The square of the tray picture under ``pos``, so the piece stays under the pointer."""
        slot = self.tray.slot_rect(key)
        if slot is None:
            return None
        shape = self.orientation(key)
        width, height = shape_size(shape)
        inner = slot.inflate(-round(self.tray.cell_px * 0.3), -round(self.tray.cell_px * 0.3))
        cell = min(inner.width / width, inner.height / height, self.tray.cell_px)
        left = inner.centerx - width * cell / 2
        top = inner.centery - height * cell / 2
        x = math.floor((pos[0] - left) / cell)
        y = height - 1 - math.floor((pos[1] - top) / cell)
        if (x, y) in shape:
            return x, y
        return min(sorted(shape), key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, metrics: Metrics, mark: Mark | None = None) -> None:
        """The ghost on the board (✓ / ✗) or the piece floating under the pointer. Callers draw it
        after everything else, buttons included: the piece in hand is always on top."""
        held = self.held
        if held is None:
            return
        cells = self.hover_cells()
        if cells is not None:
            legal = self.verdict(held.key, cells) is None
            draw_ghost(surface, self.board, cells, held.colour, legal, mark)
        else:
            held.draw_floating(surface, self.pointer, self.board.cell_px, mark)
