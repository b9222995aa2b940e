"""The Buizen table seen from above: the camera (pan, zoom, Fit, screen ↔ cell) and what lies on it.

:class:`BuizenTableView` is the part of :class:`~bauhausbox.games.buizen.screen.scene.BuizenScene` that maps
cells to the screen and back and draws the table: the laid tiles (with their appear animation), the cells
where a tile fits, the closed networks at the end, the held tile's picture, the hint's ghost and the
recap's outlines and numbered badges. The scene owns the state (camera, held tile, rects) and the gestures.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from bauhausbox.games.buizen import marks
from bauhausbox.games.buizen.networks import networks
from bauhausbox.games.buizen.screen import paint
from bauhausbox.games.buizen.state import BuizenState, Cell, Move, Place, Special
from bauhausbox.games.buizen.tiles import SPECIAL_NAMES, TILE_BY_NUMBER, Sides, sides_of
from bauhausbox.scenes.game_scene import MoveMark
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.theme import Colour

if TYPE_CHECKING:
    from bauhausbox.match import Match
    from bauhausbox.ui.anim import Tween
    from bauhausbox.ui.layer import Layers
    from bauhausbox.ui.theme import Metrics

# The zoom range in pixels per cell. Small enough that Fit shows the largest tables whole in the
# smallest window with the log open (tiles that small tell materials apart by colour and pattern).
MIN_CELL, MAX_CELL = 16.0, 160.0


def _stack_names(stack: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(SPECIAL_NAMES[k] for k in stack)


class BuizenTableView:
    """The camera and the table's drawing; the scene owns the state they read."""

    if TYPE_CHECKING:  # provided by BuizenScene / GameScene
        metrics: Metrics
        match: Match
        mouse: tuple[int, int]
        camera: list[float]
        cell_px: float
        selected: int | None
        board_rect: pygame.Rect
        hand_rect: pygame.Rect
        appear: dict[Cell, Tween]
        recap: tuple[int, ...]
        _fitted: tuple[float, float, float] | None
        orientation: dict[int, tuple[int, int]]
        layers: Layers

        @property
        def view(self) -> BuizenState: ...
        def held_orientation(self) -> tuple[int, int]: ...
        def turn_at(self, cell: Cell, direction: int = 1, start: int | None = None) -> int: ...
        def fitting_cells(self, number: int | None = None) -> tuple[set[Cell], set[Cell]]: ...
        def hovered_tile(self) -> int | None: ...
        def seat_style(self, seat: int) -> tuple[Colour, str]: ...
        def step_style(self, index: int) -> tuple[Colour, str]: ...
        def story_viewer(self) -> tuple[bool, int | None]: ...
        def my_seat(self) -> int | None: ...
        def _token(self) -> int: ...
        def seats_key(self) -> tuple[tuple[str, ...], tuple[bool | None, ...]]: ...

    def to_screen(self, cell: Cell) -> pygame.Rect:
        s = self.cell_px
        cx, cy = self.board_rect.center
        left = cx + (cell[0] - self.camera[0] - 0.5) * s
        top = cy + (cell[1] - self.camera[1] - 0.5) * s
        return pygame.Rect(round(left), round(top), round(left + s) - round(left), round(top + s) - round(top))

    def to_cell(self, pos: tuple[int, int]) -> Cell:
        cx, cy = self.board_rect.center
        x = (pos[0] - cx) / self.cell_px + self.camera[0] + 0.5
        y = (pos[1] - cy) / self.cell_px + self.camera[1] + 0.5
        return int(x // 1), int(y // 1)

    def occupied(self, state: BuizenState) -> list[Cell]:
        cells = [cell for cell, _laid in state.pipes] + list(state.pumps) + [cell for cell, _stack in state.roads]
        return cells + list(state.blocked)

    def fit(self) -> None:
        """Zoom and pan so the layout and a ring of empty cells round it fill the table, with half a
        cell to spare on every side; once the game is over, the laid network alone (no tile can go
        on the ring any more, and an empty ring only shrinks the result)."""
        if self.board_rect.width <= 0:
            return
        cells = self.occupied(self.view)
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        ring = 0 if self.match.over else 1
        lo_x, hi_x, lo_y, hi_y = min(xs) - ring, max(xs) + ring, min(ys) - ring, max(ys) + ring
        self.camera = [(lo_x + hi_x) / 2, (lo_y + hi_y) / 2]
        # Half a cell of table beyond the ring on every side: the ring's cells (where tiles may go,
        # and the held tile's ghost) never touch the frame.
        # (Two pixels more on each side: rounding cells to whole pixels never eats the half cell.)
        room = self.board_rect.inflate(-4, -4)
        span = max((hi_x - lo_x + 2) / room.width, (hi_y - lo_y + 2) / room.height)
        self.cell_px = max(MIN_CELL, min(MAX_CELL, 1 / span))  # the layout uses the whole frame
        self._fitted = (self.camera[0], self.camera[1], self.cell_px)

    def following(self) -> bool:
        """Whether the view is the one Fit made (the player has not zoomed or panned since): it
        follows the layout as it grows and the board's frame as it changes."""
        return self._fitted == (self.camera[0], self.camera[1], self.cell_px)

    def zoom(self, factor: float, around: tuple[int, int] | None = None) -> None:
        around = around or self.board_rect.center
        cx, cy = self.board_rect.center
        before = ((around[0] - cx) / self.cell_px, (around[1] - cy) / self.cell_px)
        self.cell_px = max(MIN_CELL, min(MAX_CELL, self.cell_px * factor))
        after = ((around[0] - cx) / self.cell_px, (around[1] - cy) / self.cell_px)
        # Keep the world point under the pointer where it was.
        self.camera[0] += before[0] - after[0]
        self.camera[1] += before[1] - after[1]

    def pan(self, dx_cells: float, dy_cells: float) -> None:
        self.camera[0] += dx_cells
        self.camera[1] += dy_cells

    def scroll_into_view(self, cell: Cell) -> None:
        """Pan so ``cell`` and a ring of half a cell round it lie on the table (centred if not)."""
        margin = round(self.cell_px / 2)
        if not self.board_rect.contains(self.to_screen(cell).inflate(2 * margin, 2 * margin)):
            self.camera = [float(cell[0]), float(cell[1])]

    def outline_move(self, surface: pygame.Surface, mark: MoveMark[Move]) -> None:
        move = mark.move
        previous_clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        if isinstance(move, Place | Special):  # a draw or a pass leaves nothing on the table
            box = self.to_screen(move.cell)
            draw.move_outline(surface, box.inflate(4, 4), max(2, min(self.metrics.u(0.6), box.width // 8)))
        if mark.label and mark.label == str(len(self.recap)):
            self._draw_recap_badges(surface)  # after the last recap outline: no outline covers a badge
        surface.set_clip(previous_clip)

    def recap_badges(self) -> list[tuple[str, Colour, pygame.Rect, tuple[int, int]]]:
        """The recap's numbered badges on the table: (number, mover's colour, cell, badge centre),
        placed so that none covers another at any zoom."""
        items = []
        for number, index in enumerate(self.recap, start=1):
            move = self.match.history.steps[index].move
            if isinstance(move, Place | Special):
                items.append((str(number), self.step_style(index)[0], self.to_screen(move.cell)))
        boxes = [(b.left, b.top, b.width, b.height) for _label, _colour, b in items]
        centres = marks.place_badges(boxes, self.badge_radius())
        return [(label, colour, box, centre) for (label, colour, box), centre in zip(items, centres, strict=True)]

    def badge_radius(self) -> int:
        m = self.metrics
        return max(m.u(1.5), draw.render_text("8", m.small, weight="bold").get_height() // 2 + m.u(0.5))

    def _draw_recap_badges(self, surface: pygame.Surface) -> None:
        m = self.metrics
        badges = self.recap_badges()
        for _label, _colour, box, centre in badges:
            end = marks.leader((box.left, box.top, box.width, box.height), centre)
            if end is not None:
                pygame.draw.line(surface, theme.WHITE, centre, end, max(4, m.u(0.6)))
                pygame.draw.line(surface, theme.INK, centre, end, max(2, m.u(0.25)))
        for label, colour, _box, centre in badges:
            draw.badge(surface, centre, self.badge_radius(), colour, label, m.small)

    def draw_hint(self, surface: pygame.Surface, move: Move) -> None:
        if not isinstance(move, Place | Special):
            return  # drawing or passing: the status line says it
        size = max(8, round(self.cell_px))
        if isinstance(move, Place):
            picture = paint.pipe_face(sides_of(move.number, move.face, move.rotation), size, self.label_px).copy()
        else:
            stack = dict(self.view.roads).get(move.cell, ())
            picture = paint.road(size, (*_stack_names(stack), SPECIAL_NAMES[move.kind])).copy()
        box = self.to_screen(move.cell)
        previous_clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        picture.set_alpha(170)
        surface.blit(picture, box)
        pygame.draw.rect(surface, theme.YELLOW, box.inflate(8, 8), max(4, self.metrics.u(0.75)))
        if self.recap and self.story_viewer()[0]:
            self._draw_recap_badges(surface)  # the hint's frame never hides what the others did
        surface.set_clip(previous_clip)

    def _draw_table(self, surface: pygame.Surface, view: BuizenState) -> None:
        # Painted again only when what it shows changes (ui/layer.py): the position, the camera, the
        # places of the tile held or under the pointer in the hand (its moves: the position and
        # whose screen this is). The tiles still appearing are left out of the copy and drawn over it
        # each frame as they grow, as the held tile's ghost follows the pointer over it (``_draw_held``).
        number = self.hovered_tile()
        number = self.selected if number is None else number
        turned = self.orientation.get(number) if number is not None else None
        growing = frozenset(cell for cell, tween in self.appear.items() if not tween.done)
        looks = (number, turned, self._token(), self.my_seat(), growing, self.seats_key())
        key = (view, tuple(self.camera), self.cell_px, looks)
        self.layers.show("table", surface, self.board_rect, key, lambda into: self._paint_table(into, view, growing))
        if growing:
            previous_clip = surface.get_clip()
            surface.set_clip(self.board_rect)
            for cell, picture, _sides in self._tiles(view):
                if cell in growing:
                    self._blit_tile(surface, cell, picture)
            surface.set_clip(previous_clip)

    def _tiles(self, view: BuizenState) -> Iterator[tuple[Cell, pygame.Surface, Sides | None]]:
        """Every tile on the table with its picture (and a pipe's sides), in the order they are drawn."""
        size = max(8, round(self.cell_px))
        for cell in view.blocked:
            yield cell, paint.blocked(size), None
        for cell in view.pumps:
            yield cell, paint.pump_room(size, start=cell == (0, 0)), None
        for cell, stack in view.roads:
            yield cell, paint.road(size, _stack_names(stack)), None
        for cell, laid in view.pipes:
            yield cell, paint.pipe_face(laid.sides, size, self.label_px), laid.sides

    def _paint_table(self, surface: pygame.Surface, view: BuizenState, growing: frozenset[Cell]) -> None:
        m = self.metrics
        rect = self.board_rect
        pygame.draw.rect(surface, theme.PAPER_DARK, rect)
        previous_clip = surface.get_clip()
        surface.set_clip(rect)
        over = view.to_play is None
        for cell, picture, sides in self._tiles(view):
            if cell not in growing:
                self._blit_tile(surface, cell, picture)
            if sides is not None:
                self._report_tags(surface, sides, self.to_screen(cell))
        if over:
            self._draw_closed_networks(surface, view)
        else:
            self._draw_places(surface)
        surface.set_clip(previous_clip)
        pygame.draw.rect(surface, theme.INK, rect, m.rule)

    def _draw_places(self, surface: pygame.Surface) -> None:
        """Where the tile the pointer rests on in the hand (else the tile in hand) may go, drawn over
        the tiles: an open pit's or a manhole's places are roads already on the table. Only places on
        the face the tile shows (the app turns it there, never flips it: a tile that fits only on its
        other face has none until F). A green wash,
        and for a place it fits as turned now a solid ink frame (only turned: a thin one),
        so the marks never rest on hue alone. No ✓ here: a ✓ belongs to the one ghost under the
        pointer (or the hint's), never to every place."""
        m = self.metrics
        anyhow, exactly = self.fitting_cells(self.hovered_tile())
        for cell in anyhow:
            box = self.to_screen(cell)
            strong = cell in exactly
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            layer.fill((*theme.LEGAL, 90 if strong else 40))
            surface.blit(layer, box)
            pygame.draw.rect(surface, theme.INK, box, max(2, m.u(0.3)) if strong else 1)

    @property
    def label_px(self) -> int:
        """The size of the material tags on tiles: fixed by the window, not by the zoom."""
        return self.metrics.small - 1

    def _report_tags(self, surface: pygame.Surface, sides: Sides, box: pygame.Rect) -> None:
        """Tell the layout check about the material tags painted on a tile (a cached picture)."""
        if not layout_probe.active() or not self.board_rect.union(self.hand_rect).contains(box):
            return
        for text, tag in paint.pipe_labels(sides, box.width, self.label_px):
            layout_probe.text(text, tag.move(box.topleft), self.label_px, surface.get_size())

    def _blit_tile(self, surface: pygame.Surface, cell: Cell, picture: pygame.Surface) -> None:
        box = self.to_screen(cell)
        if not box.colliderect(self.board_rect):
            return
        tween = self.appear.get(cell)
        if tween is not None and not tween.done:
            scale = max(0.05, tween.value)
            width = max(1, round(box.width * scale))
            scaled = pygame.transform.smoothscale(picture, (width, width))
            scaled.set_alpha(round(255 * min(1.0, tween.progress * 2)))
            surface.blit(scaled, scaled.get_rect(center=box.center))
            return
        if picture.get_width() != box.width:
            picture = pygame.transform.scale(picture, box.size)
        surface.blit(picture, box)

    def held_picture(self, size: int, cell: Cell | None = None) -> pygame.Surface:
        """The held tile as it would lie (on ``cell``'s road, for an open pit or a manhole)."""
        assert self.selected is not None
        if self.selected in TILE_BY_NUMBER:
            face, rotation = self.held_orientation()
            if cell is not None:  # turned as it would be laid there
                rotation = self.turn_at(cell)
            return paint.pipe_face(sides_of(self.selected, face, rotation), size, self.label_px)
        stack = dict(self.view.roads).get(cell, ()) if cell is not None else ()
        return paint.road(size, (*_stack_names(stack), SPECIAL_NAMES[self.selected]))

    def _draw_closed_networks(self, surface: pygame.Surface, view: BuizenState) -> None:
        """The end: each closed network with an owner outlined in the owner's seat colour, with points."""
        m = self.metrics
        owners = {view.colours[s]: s for s in range(view.players)}
        scored: dict[Cell, list[tuple[int, Colour]]] = {}  # per tile, the points of each network through it
        for network in networks(view):
            if not network.closed or network.links == 0:
                continue
            seat = owners.get(network.material)
            colour = self.seat_style(seat)[0] if seat is not None else theme.GREY
            for cell, points in network.points:
                pygame.draw.rect(surface, colour, self.to_screen(cell).inflate(-4, -4), max(3, m.u(0.6)))
                if points and seat is not None:
                    scored.setdefault(cell, []).append((points, colour))
        for cell, badges in scored.items():
            box = self.to_screen(cell)
            radius, centres = self.score_badges(box, len(badges))
            for (points, colour), centre in zip(badges, centres, strict=True):
                draw.badge(surface, centre, radius, colour, str(points), m.small)

    def score_badges(self, box: pygame.Rect, count: int) -> tuple[int, list[tuple[int, int]]]:
        """The end board's point badges of one tile (a double pipe in two scored networks has two):
        their radius and centres, in the tile's corners (no pipe or material tag runs there), opposite
        corners first (top right, bottom left, then top left, bottom right), never on each other. They
        used to sit in one corner per seat a fixed distance in: on the small tiles of a fitted end
        board two corners met and one badge hid the other."""
        # Never smaller than its number; on small tiles (a fitted end board) the two come nearer the
        # tile's edges, up to over them, rather than on each other: their centres stay a diameter apart.
        radius = max(math.ceil(self.metrics.small * 0.6), min(self.metrics.u(1.6), (box.width - 4) // 4))
        inset = min(radius + 2, max(2, math.floor((box.width - 1.42 * radius) / 2)))
        left, right = box.left + inset, box.right - inset
        top, bottom = box.top + inset, box.bottom - inset
        return radius, [(right, top), (left, bottom), (left, top), (right, bottom)][:count]
