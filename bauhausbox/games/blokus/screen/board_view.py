"""The board and the pieces drawn on it, for polyomino screens: the board view, squares of a colour,
outlines, shapes, the held piece's ghost with its verdict. Part of the piece widgets (``piece_widgets.py``
explains them all and the controller that uses them); nothing here knows a game's rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache

import pygame

from bauhausbox.engine.grid import Cell
from bauhausbox.engine.shapes import Shape
from bauhausbox.ui import draw, theme
from bauhausbox.ui.theme import Colour, Metrics

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
        for cell, colour in (corners or {}).items():
            self._corner_bracket(surface, cell, colour, frame)
        if self.labels:
            draw.coordinates(surface, self.rect, self.columns, self.rows, metrics, frame)

    def _inside(self, cell: Cell) -> bool:
        col, row = cell
        return 0 < col < self.columns - 1 and 0 < row < self.rows - 1

    def _corner_mark(self, surface: pygame.Surface, cell: Cell, colour: Colour) -> None:
        """A starting square: a strong wash of the colour, and a solid triangle in the board's corner
        (a dot ringed in ink for a square inside the board, as Duo's and Junior's boards print it).
        Sized by the square, never below what reads on the smallest board (docs/rules/blokus.md)."""
        rect = self.cell_rect(cell)
        pygame.draw.rect(surface, theme.mix(BOARD_FILL, colour, 0.5), rect)
        if self._inside(cell):
            radius = max(5, round(rect.width * 0.4))
            pygame.draw.circle(surface, theme.INK, rect.center, radius + max(1, rect.width // 16))
            pygame.draw.circle(surface, colour, rect.center, radius)
            return
        col, row = cell
        left, bottom = col == 0, row == 0
        corner_x = rect.left if left else rect.right - 1
        corner_y = rect.bottom - 1 if bottom else rect.top
        leg = rect.width * 0.8
        dx = leg if left else -leg
        dy = -leg if bottom else leg
        pygame.draw.polygon(
            surface, colour, [(corner_x, corner_y), (corner_x + dx, corner_y), (corner_x, corner_y + dy)]
        )

    def _corner_bracket(self, surface: pygame.Surface, cell: Cell, colour: Colour, frame: int) -> None:
        """A start corner's colour along the frame, two and a half squares each way: it shows from
        across the table at any size (the square alone is small on a 20 × 20 board at 1024 × 700).
        Drawn over the frame and just outside it, short of the coordinates."""
        if self._inside(cell):
            return
        col, row = cell
        outer = self.rect.inflate(2 * frame, 2 * frame)
        thick = frame + 2  # the coordinates keep at least 3 px beyond the frame (draw.coordinates)
        reach = round(self.cell_px * 2.5) + frame
        x = outer.left - 2 if col == 0 else outer.right + 2 - reach
        y = outer.top - 2 if row != 0 else outer.bottom + 2 - thick
        pygame.draw.rect(surface, colour, (x, y, reach, thick))
        x = outer.left - 2 if col == 0 else outer.right + 2 - thick
        y = outer.top - 2 if row != 0 else outer.bottom + 2 - reach
        pygame.draw.rect(surface, colour, (x, y, thick, reach))


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


def draw_pieces(surface: pygame.Surface, board: BoardView, cells: Iterable[Cell], colour: Colour, mark: Mark) -> None:
    """A colour's pieces on the board, each from its cached picture (:func:`shape_picture`): what
    ``draw_cells`` draws, in a few blits instead of hundreds of rectangles, so a board with dozens of
    pieces is painted again in a fraction of the time."""
    size = board.cell_px
    for shape, left, top_row in _pieces(frozenset(cells)):
        topleft = (board.rect.left + left * size, board.rect.bottom - top_row * size)
        surface.blit(shape_picture(shape, colour, float(size), mark), topleft)


@lru_cache(maxsize=64)
def _pieces(cells: frozenset[Cell]) -> tuple[tuple[Shape, int, int], ...]:
    """Each group of side-touching ``cells`` (one piece: a colour's pieces never share a side) as its
    shape moved to the origin, with its leftmost column and the row above its top (kept per colour's
    squares: only the colour that moved is split again)."""
    pieces = []
    for group in side_groups(cells):
        left = min(x for x, _ in group)
        bottom = min(y for _, y in group)
        shape = frozenset((x - left, y - bottom) for x, y in group)
        pieces.append((shape, left, bottom + shape_size(shape)[1]))
    return tuple(pieces)


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


def central_cell(shape: Shape) -> Cell:
    """The square nearest the shape's centre: where a piece picked by key is held."""
    cx = sum(x for x, _ in shape) / len(shape)
    cy = sum(y for _, y in shape) / len(shape)
    return min(sorted(shape), key=lambda c: (c[0] - cx) ** 2 + (c[1] - cy) ** 2)
