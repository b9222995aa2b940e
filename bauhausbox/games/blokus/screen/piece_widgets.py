"""Reusable pieces for polyomino screens: a board view, trays of pieces, the held piece and its ghost,
rotate / flip buttons, and the controller that turns mouse and keys into "drop these cells".

Used by the Blokus game screen and the Blokus solo-puzzles screen. Nothing here knows a game's rules:
callers say which pieces exist, in which colours, and whether a drop is legal.

The board view and everything drawn on it live in ``board_view.py``, the trays in ``tray.py``; this
module holds the held piece, the rotate / flip buttons and the controller that ties them together.

Coordinates: a cell is ``(col, row)`` with row 0 at the **bottom** (as in the rules' ``a1``); shapes
are ``frozenset`` of ``(x, y)`` with y up, as :mod:`bauhausbox.engine.shapes` makes them.

API
---
``PIECE_COLOURS[name]`` / ``PIECE_MARKS[name]`` (board_view.py)
    RGB and seat shape (circle, triangle, square, cross: ``theme.SEAT_SHAPES``) for ``"blue" "yellow"
    "red" "green"`` (the palette of docs/contributing.md). A ``Mark`` is ``(shape, strong)``: the shape
    drawn on one square of each piece, quiet by default and ``strong`` with the colour-blind setting.

``BoardView(columns, rows, labels=True)`` (board_view.py)
    ``layout(rect)`` fits square cells (and the coordinate margins) in ``rect``; then ``rect`` (the
    grid), ``cell_px``, ``cell_at(pos) -> cell | None``, ``cell_rect(cell)``, ``contains(cell)`` and
    ``draw(surface, metrics, corners={cell: colour})`` (paper grid, thick frame, a–t / 1–20 labels,
    start corners marked with a coloured corner triangle and the colour along the frame, starting
    squares inside the board with a ringed dot).

``draw_cells(surface, cell_rect, cells, colour, mark=None, alpha=255, outline=INK)`` (board_view.py)
    Squares of one colour with an ink outline around each side-connected group and thin seams inside;
    ``mark`` puts the seat shape on the central square of each group (one per piece).
    ``cell_rect`` maps a cell to its screen rect (``BoardView.cell_rect`` or :func:`free_cell_rect`).

``outline_cells(surface, cell_rect, cells, colour, width, inset=0)`` (board_view.py)
    Just the outer outline of a group of cells (hints).

``frame_cells(surface, cell_rect, cells, width)`` (board_view.py)
    The neutral move marker of every game (``draw.move_band``) round a group of cells: a solid
    ink–white–ink band on the outer outline (last move, a log line under the pointer, the recap).

``draw_shape(surface, shape, rect, colour, mark=None, alpha=255, max_cell=None)`` (board_view.py)
    A shape centred in ``rect`` at the largest cell size that fits (``max_cell`` caps it); the picture
    comes from ``shape_picture(shape, colour, cell, mark, outline)``, an LRU-cached surface.

``draw_ghost(surface, board, cells, colour, legal, mark=None) -> Rect`` (board_view.py)
    The held piece snapped to the board, in its own colour (translucent): a solid ink outline and a
    ✓ when it may go there, a white-and-dashed outline and a ✗ when not (``draw.ghost_frame``'s look,
    so it never depends on hue); cells off the board are hatched. Returns the ghost's bounding rect.

``TrayItem(key, shape, colour, available=True, label="", mark=None, waiting=False)`` and ``PieceTray`` (tray.py)
    ``tray.set_items(items)``, ``tray.layout(rect, max_cell_px, label_px)`` (uniform slots in a grid
    sized to the items, each with a strip for its label above the piece), ``tray.item_at(pos)``,
    ``tray.slot_rect(key)``, ``tray.picture_rect(key)``, ``tray.square_at(key, shape, pos)`` (the
    square of the piece drawn under ``pos``: where a piece picked up is held), ``tray.draw(surface, metrics,
    selected=key, held=key, orientation=lambda key: shape, strong_marks=False)``. Unavailable items
    are drawn as grey outlines, waiting ones (not allowed yet) pale and cannot be picked; every slot
    that can be picked is reported to the layout probe as a control.

``HeldPiece(key, shape, colour, grab)``
    ``rotate(clockwise=True)``, ``flip()``, ``cells_at(cell)`` (the cells covered with the grabbed
    square on ``cell``), ``draw_floating(surface, pos, cell_px, mark)``.

``turn_buttons(on_rotate, on_flip) -> (Button, Button)``
    The visible rotate / flip buttons (icons, tooltips naming R / Shift+R / F / right-click / wheel).

``PieceController(board, tray, shape_of, colour_of, on_drop, verdict, can_pick=None, owner=None, snap_targets=None)``
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
    ``snap_targets(key)`` names the starting squares the held piece must still cover (a colour's
    first piece): within ``SNAP_REACH`` squares of one, the ghost (and the drop) snaps onto the
    nearest legal place that covers it; where two are as near, or none is legal, it stays put.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Sequence

import pygame

from bauhausbox.engine.grid import Cell
from bauhausbox.engine.shapes import Shape, normalize
from bauhausbox.games.blokus.screen.board_view import (
    BoardView,
    Mark,
    central_cell,
    draw_cells,
    draw_ghost,
    free_cell_rect,
    ghost_bounds,
    shape_size,
)
from bauhausbox.games.blokus.screen.tray import PieceTray
from bauhausbox.i18n import N_, _
from bauhausbox.ui import draw, theme
from bauhausbox.ui.theme import Colour, Metrics
from bauhausbox.ui.widgets import Button, flip_button, rotate_button


# -- the held piece ------------------------------------------------------------------------------------
def _transform(cells: Iterable[Cell], grab: Cell, step: Callable[[int, int], Cell]) -> tuple[Shape, Cell]:
    moved = [step(x, y) for x, y in cells]
    gx, gy = step(*grab)
    min_x = min(x for x, _ in moved)
    min_y = min(y for _, y in moved)
    return frozenset((x - min_x, y - min_y) for x, y in moved), (gx - min_x, gy - min_y)


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
    rotate = rotate_button(on_rotate, N_("Rotate the held piece (R, Shift+R back, right-click, wheel)"), "small")
    flip = flip_button(on_flip, N_("Flip the held piece over (F)"), "small")
    return rotate, flip


_BUTTON_SIZES = ("small", "body", "heading")  # a Button's sizes, smallest first


class ToolRow:
    """Tool buttons side by side (Rotate, Flip, Corners / Solve), each as wide as its icon and label
    need, the spare room shared out evenly; when even that does not fit, the icons go and the words
    stay (a label never touches its frame)."""

    def __init__(self, buttons: Sequence[Button], equal: bool = False) -> None:
        self.buttons = list(buttons)
        # One size of words for a row of buttons (the puzzles' Solve stood taller than Rotate and Flip):
        # the smallest any of them asks for.
        size = min((button.size for button in self.buttons), key=_BUTTON_SIZES.index, default="body")
        for button in self.buttons:
            button.size = size
        self.icons = [button.icon for button in self.buttons]
        self.equal = equal  # every button as wide as the widest (tabs: one size, whatever their words)

    def _needs(self, icons: bool, height: int, metrics: Metrics) -> list[int]:
        needs = [
            self._need(b, icons and i is not None, height, metrics)
            for b, i in zip(self.buttons, self.icons, strict=True)
        ]
        return [max(needs)] * len(needs) if self.equal else needs

    def _need(self, button: Button, icon: bool, height: int, metrics: Metrics) -> int:
        pad = max(10, metrics.u(1.5))  # the layout check wants at least 8 px beside a label
        size = {"body": metrics.body, "small": metrics.small, "heading": metrics.heading}[button.size]
        # Measured as drawn: the button shows its label in the players' language.
        words = draw.render_text(_(button.label).upper(), size, theme.INK, "bold", 0.08).get_width()
        return words + 2 * pad + (round(height * 0.55) + metrics.u(1) if icon else 0)

    def width_needed(self, height: int, gap: int, metrics: Metrics, icons: bool = False) -> int:
        """The narrowest row that keeps every label clear of its frame (with or without the icons)."""
        return sum(self._needs(icons, height, metrics)) + gap * (len(self.buttons) - 1)

    def layout(self, rect: pygame.Rect, gap: int, metrics: Metrics) -> int:
        """Lay the buttons out in ``rect`` (one row's height); returns the top of the buttons.

        When even the words alone are wider than ``rect``, the buttons take two or more rows stacked
        upward from ``rect``'s bottom, so none reaches past its side (into the log beside it)."""
        with_icons = self.width_needed(rect.height, gap, metrics, icons=True) <= rect.width
        needs = self._needs(with_icons, rect.height, metrics)
        lines = _balanced_lines(needs, gap, rect.width)
        top = rect.bottom - len(lines) * rect.height - (len(lines) - 1) * gap
        for number, line in enumerate(lines):
            y = top + number * (rect.height + gap)
            spare = max(0, rect.width - gap * (len(line) - 1) - sum(needs[i] for i in line)) // len(line)
            x = rect.left
            for index in line:
                button = self.buttons[index]
                button.icon = self.icons[index] if with_icons else None
                button.rect = pygame.Rect(x, y, needs[index] + spare, rect.height)
                x += needs[index] + spare + gap
        return top


def _balanced_lines(needs: list[int], gap: int, room: int) -> list[list[int]]:
    """The buttons (their widths ``needs``) in as few lines as fit ``room``, in order, shared out as
    evenly as they fit: 3 + 2 rather than 4 + 1 (French "EXPORTER" stood alone, stretched across the
    whole row, under four short buttons)."""

    def width(line: Sequence[int]) -> int:
        return sum(needs[i] for i in line) + gap * (len(line) - 1)

    count = len(needs)
    for lines in range(1, count + 1):
        best: list[list[int]] | None = None
        best_key: tuple[int, int] | None = None
        for cuts in itertools.combinations(range(1, count), lines - 1):
            bounds = (0, *cuts, count)
            split = [list(range(bounds[k], bounds[k + 1])) for k in range(lines)]
            if any(width(line) > room for line in split if len(line) > 1):
                continue  # a lone button wider than the room is drawn as wide as the room allows
            sizes = [len(line) for line in split]
            key = (max(sizes) - min(sizes), max(width(line) for line in split))
            if best_key is None or key < best_key:
                best, best_key = split, key
        if best is not None:
            return best
    return [[index] for index in range(count)]


# -- gestures -------------------------------------------------------------------------------------------
DRAG_THRESHOLD = 6  # pixels the pointer must travel before a press counts as a drag
SNAP_REACH = 2  # squares a held piece may be away from a starting square and still snap onto it


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
        snap_targets: Callable[[Hashable], Iterable[Cell]] | None = None,
    ) -> None:
        self.board = board
        self.tray = tray
        self.shape_of = shape_of
        self.colour_of = colour_of
        self.on_drop = on_drop
        self.verdict = verdict
        self.can_pick = can_pick or (lambda: True)
        self.owner: Callable[[], Hashable] = owner or (lambda: None)
        self.snap_targets: Callable[[Hashable], Iterable[Cell]] = snap_targets or (lambda key: ())
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
        """Where the held piece would go now (cells may hang off the board), or None off the board.
        Near a starting square it must cover, the piece snaps onto it (:meth:`snapped`)."""
        if self.held is None or not self.board.rect.collidepoint(self.pointer):
            return None
        return self.snapped(self.held.key, self.held.cells_at(self.board.cell_under(self.pointer)))

    def snapped(self, key: Hashable, cells: list[Cell]) -> list[Cell]:
        """``cells`` moved onto a starting square of ``snap_targets(key)`` (a colour's first piece must
        cover its start corner, which is fiddly to hit at the board's edge) when they are not a legal
        place themselves and one legal place within ``SNAP_REACH`` squares that covers a target is
        nearer than any other; else ``cells`` as they are. Never an illegal place: none, or two as
        near, and nothing moves."""
        targets = set(self.snap_targets(key))
        if not targets or self.verdict(key, cells) is None:
            return cells
        offsets = {
            (tx - x, ty - y)
            for tx, ty in targets
            for x, y in cells
            if abs(tx - x) <= SNAP_REACH and abs(ty - y) <= SNAP_REACH
        }
        # The legal places by how far they move the piece; only a nearest one that is alone snaps
        # (a square inside the board, as Duo's, may be covered from several sides: no guessing).
        found = sorted(
            (dx * dx + dy * dy, [(x + dx, y + dy) for x, y in cells])
            for dx, dy in offsets
            if self.verdict(key, [(x + dx, y + dy) for x, y in cells]) is None
        )
        if not found or (len(found) > 1 and found[1][0] == found[0][0]):
            return cells
        return found[0][1]

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
        return self.tray.square_at(key, self.orientation(key), pos)

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
