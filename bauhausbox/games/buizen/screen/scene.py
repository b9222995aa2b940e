"""The Buizen Wir-War screen: an unbounded table of tiles seen from above, the hand, the secret colour.

Controls (docs/contributing.md): pick a tile from the hand (click, number keys or drag it onto the table), **R** or
right-click turns it a quarter clockwise (Shift+R the other way), **F** flips it to its other face; Esc or a
drag let go off the table puts it back in the hand. Cells where it fits in some turn are outlined; the ghost
under the pointer has a ✓ or a ✗, and a refused placement says why by the pointer and in the status bar.
The table pans with a right-drag or the arrow keys and zooms with the wheel or +/−; "Fit" shows the whole
layout. Press and hold your colour tile (or C) to peek at your material. When no tile can be played the
Draw / Pass button lights up (D).

Drawing is a function of the view and this scene's UI state (camera, held tile, animations).
"""

from __future__ import annotations

import pygame

from bauhausbox.engine.history import Step
from bauhausbox.games.buizen import marks
from bauhausbox.games.buizen.networks import networks
from bauhausbox.games.buizen.screen import howto, paint
from bauhausbox.games.buizen.state import BuizenState, Cell, Draw, Move, Pass, Place, Special
from bauhausbox.games.buizen.tiles import (
    CANONICAL_ROTATION,
    MATERIAL_NAMES,
    SPECIAL_NAMES,
    TILE_BY_NUMBER,
    Sides,
    sides_of,
)
from bauhausbox.i18n import N_, _, counted, fill
from bauhausbox.match import Match
from bauhausbox.scenes.game_scene import GameScene, MoveMark
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.ui import draw, icons, layout_probe, theme
from bauhausbox.ui.anim import Tween, ease_out_back
from bauhausbox.ui.app import App
from bauhausbox.ui.theme import Colour
from bauhausbox.ui.widgets import Button, IconPainter

# The zoom range in pixels per cell. Small enough that Fit shows the largest tables whole in the
# smallest window with the log open (tiles that small tell materials apart by colour and stripes).
MIN_CELL, MAX_CELL = 16.0, 160.0


def _stack_names(stack: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(SPECIAL_NAMES[k] for k in stack)


class BuizenScene(GameScene[BuizenState, Move]):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.camera = [0.0, 0.0]  # the world point (cells) at the centre of the table
        self.cell_px = 76.0
        self.selected: int | None = None  # a tile number or a special kind from the hand
        self.orientation: dict[int, tuple[int, int]] = {}  # tile number -> (face, rotation) the player chose
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.hand_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.colour_rect = pygame.Rect(0, 0, 0, 0)
        self.info_top = 0
        self.hand_slots: list[tuple[int, pygame.Rect]] = []
        self.right_down: tuple[int, int] | None = None
        self.right_camera = (0.0, 0.0)
        self.panning = False
        self.left_down: tuple[int, int] | None = None
        self.dragging_tile = False
        self.peeking = False
        self.key_peek = False
        self.appear: dict[Cell, Tween] = {}
        self._moves_key: object = None
        self._moves: list[Move] = []
        self._fitted: tuple[float, float, float] | None = None  # the view Fit made, while unchanged
        self.refused_cell: Cell | None = None
        self.hand_tile_px = 0
        self.rotate_button = self.widgets.add(
            Button(
                N_("Turn"), lambda: self.rotate(1), tooltip=N_("Turn the held tile (R, right-click)"), icon=icons.rotate
            )
        )
        self.flip_button = self.widgets.add(
            Button(N_("Flip"), self.flip, tooltip=N_("Show the tile's other face (F)"), icon=icons.flip)
        )
        self.fit_button = self.widgets.add(Button(N_("Fit"), self.fit, tooltip=N_("Show the whole table (0)")))
        self.zoom_in_button = self.widgets.add(Button("+", lambda: self.zoom(1.2), tooltip=N_("Zoom in (+, wheel)")))
        self.zoom_out_button = self.widgets.add(
            Button("−", lambda: self.zoom(1 / 1.2), tooltip=N_("Zoom out (−, wheel)"))
        )
        self.action_button = self.widgets.add(
            Button(N_("Draw a tile"), self.draw_or_pass, "primary", tooltip=N_("None of your tiles fits (D)"))
        )

    # ==== how to play =========================================================================
    @classmethod
    def how_to_play(cls) -> list[HowToPage]:
        return howto.pages()

    # ==== layout ==============================================================================
    def layout_game(self, rect: pygame.Rect) -> None:
        m = self.metrics
        panel_w = max(m.u(34), rect.width // 4)
        gap = m.u(2)
        self.panel_rect = pygame.Rect(rect.right - panel_w, rect.top, panel_w, rect.height)
        left = pygame.Rect(rect.left, rect.top, rect.width - panel_w - gap, rect.height)
        hand_h = m.u(17)
        self.hand_rect = pygame.Rect(left.left, left.bottom - hand_h, left.width, hand_h)
        self.board_rect = pygame.Rect(left.left, left.top, left.width, left.height - hand_h - m.u(1))
        # Panel: players, then the colour tile and piles, then the tool buttons at the bottom.
        bh = m.button_height
        x0 = self.panel_rect.left
        w = self.panel_rect.width
        y = self.panel_rect.bottom - bh
        space = m.u(1)
        self.action_button.rect = pygame.Rect(x0, y, w, bh)
        y -= bh + space
        self._share_row((self.rotate_button, icons.rotate), (self.flip_button, icons.flip), x0, y, w, space)
        y -= bh + space
        # The zoom buttons hold one sign each: Fit takes the rest of the row for its word.
        zoom = max(bh, self.zoom_in_button.natural_width(m), self.zoom_out_button.natural_width(m))
        zoom = min(zoom, (w - 2 * space) // 3)
        self.fit_button.rect = pygame.Rect(x0, y, w - 2 * (zoom + space), bh)
        self.zoom_out_button.rect = pygame.Rect(x0 + w - 2 * zoom - space, y, zoom, bh)
        self.zoom_in_button.rect = pygame.Rect(x0 + w - zoom, y, zoom, bh)
        self.info_top = y
        if self._fitted is None or self._fitted == (self.camera[0], self.camera[1], self.cell_px):
            self.fit()  # the first view, or a fitted one in a board of another size (the log, the window)

    def _share_row(
        self, left: tuple[Button, IconPainter], right: tuple[Button, IconPainter], x: int, y: int, w: int, space: int
    ) -> None:
        """Two tool buttons side by side: halves with their icons while both labels fit; in a language
        with longer words they give up the icons, then take smaller letters, rather than lose their
        words (the tooltips say the rest), and share the row by what each label needs."""
        pair = (left[0], right[0])
        room = w - space
        for with_icons, size in ((True, "body"), (False, "body"), (False, "small")):
            for button, icon in (left, right):
                button.icon = icon if with_icons else None
                button.size = size
            need = [button.natural_width(self.metrics) for button in pair]
            if max(need) <= room // 2 or sum(need) <= room:
                break
        first = room // 2 if max(need) <= room // 2 else need[0] + (room - sum(need)) // 2
        bh = self.metrics.button_height
        pair[0].rect = pygame.Rect(x, y, first, bh)
        pair[1].rect = pygame.Rect(x + first + space, y, room - first, bh)

    # ==== camera ==============================================================================
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
        """Zoom and pan so the layout and a ring of empty cells round it fill the table."""
        if self.board_rect.width <= 0:
            return
        cells = self.occupied(self.view)
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        lo_x, hi_x, lo_y, hi_y = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        self.camera = [(lo_x + hi_x) / 2, (lo_y + hi_y) / 2]
        span = max((hi_x - lo_x + 1) / self.board_rect.width, (hi_y - lo_y + 1) / self.board_rect.height)
        self.cell_px = max(MIN_CELL, min(MAX_CELL * 0.7, 1 / span))
        self._fitted = (self.camera[0], self.camera[1], self.cell_px)

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

    # ==== what the human may do ===============================================================
    def my_seat(self) -> int | None:
        seat = self.match.to_play
        return seat if self.match.is_human(seat) else None

    def legal(self) -> list[Move]:
        seat = self.my_seat()
        key = (self._token(), seat)
        if key != self._moves_key:
            self._moves_key = key
            self._moves = [] if seat is None else self.game.legal_moves(self.match.state, seat)
        return self._moves

    def hand(self) -> tuple[int, ...]:
        viewer = self.viewer
        view = self.view
        if viewer is None:
            return ()
        return tuple(n for n in view.hands[viewer] if n)

    def held_orientation(self) -> tuple[int, int]:
        if self.selected is None or self.selected not in TILE_BY_NUMBER:
            return (0, 0)
        return self.orientation.get(self.selected, (0, 0))

    def held_move(self, cell: Cell) -> Move | None:
        if self.selected is None:
            return None
        if self.selected in TILE_BY_NUMBER:
            face, rotation = self.held_orientation()
            return Place(self.selected, face, rotation, cell)
        return Special(self.selected, cell)

    def fitting_cells(self, number: int | None = None) -> tuple[set[Cell], set[Cell]]:
        """Cells where tile ``number`` (default: the held one) fits in some orientation, and those
        where it fits as turned now."""
        number = self.selected if number is None else number
        if number is None:
            return set(), set()
        anyhow: set[Cell] = set()
        exactly: set[Cell] = set()
        face, rotation = self.orientation.get(number, (0, 0)) if number in TILE_BY_NUMBER else (0, 0)
        for move in self.legal():
            if isinstance(move, Place) and move.number == number:
                anyhow.add(move.cell)
                if (move.face, move.rotation) == (face, CANONICAL_ROTATION[(move.number, face, rotation)]):
                    exactly.add(move.cell)
            elif isinstance(move, Special) and move.kind == number:
                anyhow.add(move.cell)
                exactly.add(move.cell)
        return anyhow, exactly

    def hovered_tile(self) -> int | None:
        """The tile of the hand under the pointer (its places show on the table before it is picked)."""
        if not self.hand_rect.collidepoint(self.mouse):
            return None
        return next((number for number, box in self.hand_slots if box.collidepoint(self.mouse)), None)

    def reason_at(self, cell: Cell) -> str | None:
        move = self.held_move(cell)
        if move is None:
            return None
        return self.check(move)

    def rotate(self, turns: int) -> None:
        if self.selected in TILE_BY_NUMBER:
            face, rotation = self.held_orientation()
            self.orientation[self.selected] = (face, (rotation + turns) % 4)
            self.app.sound.play("flip", 0.5)

    def flip(self) -> None:
        if self.selected in TILE_BY_NUMBER:
            face, rotation = self.held_orientation()
            self.orientation[self.selected] = (1 - face, rotation)
            self.app.sound.play("flip", 0.5)

    def draw_or_pass(self) -> None:
        moves = self.legal()
        if moves and isinstance(moves[0], Draw | Pass):
            self.submit(moves[0])

    def select(self, number: int | None) -> None:
        self.selected = number
        if number is not None:
            self.app.sound.play("click", 0.4)

    def place_at(self, pos: tuple[int, int]) -> None:
        cell = self.to_cell(pos)
        move = self.held_move(cell)
        if move is None:
            return
        self.refused_cell = cell  # what a refusal's note must leave in view
        if self.submit(move):
            self.selected = None
            self.refused_cell = None

    def put_back(self) -> None:
        """The held tile goes back to the hand (Esc, or a drag let go off the table)."""
        self.selected = None
        self.left_down = None
        self.dragging_tile = False

    def refusal_area(self) -> pygame.Rect | None:
        if self.refused_cell is None:
            return None
        return self.to_screen(self.refused_cell).clip(self.board_rect) or None

    # ==== events ==============================================================================
    def handle_game_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._mouse_down(event)
        if event.type == pygame.MOUSEBUTTONUP:
            return self._mouse_up(event)
        if event.type == pygame.MOUSEMOTION:
            return self._mouse_motion(event)
        if event.type == pygame.MOUSEWHEEL:
            if self.board_rect.collidepoint(self.mouse):
                self.zoom(1.15 if event.y > 0 else 1 / 1.15, self.mouse)
                return True
            return False
        if event.type == pygame.KEYUP and event.key == pygame.K_c:
            self.key_peek = False
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        step = 60 / self.cell_px
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.selected is None:
                return False  # nothing held: the pause menu opens
            self.put_back()
        elif key == pygame.K_r:
            self.rotate(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_f:
            self.flip()
        elif key == pygame.K_LEFT:
            self.pan(-step, 0)
        elif key == pygame.K_RIGHT:
            self.pan(step, 0)
        elif key == pygame.K_UP:
            self.pan(0, -step)
        elif key == pygame.K_DOWN:
            self.pan(0, step)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom(1.2)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom(1 / 1.2)
        elif key in (pygame.K_0, pygame.K_HOME):
            self.fit()
        elif key == pygame.K_d:
            self.draw_or_pass()
        elif key == pygame.K_c:
            self.key_peek = True
        elif pygame.K_1 <= key <= pygame.K_9:
            hand = self.hand()
            index = key - pygame.K_1
            if index < len(hand):
                self.select(hand[index])
        else:
            return False
        return True

    def _mouse_down(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        if event.button == 3:
            self.right_down = pos
            self.right_camera = (self.camera[0], self.camera[1])
            self.panning = False
            return True
        if event.button != 1:
            return False
        if self.colour_rect.collidepoint(pos):
            self.peeking = True
            return True
        for number, rect in self.hand_slots:
            if rect.collidepoint(pos):
                if self.input_allowed():
                    self.select(number)
                    self.left_down = pos
                    self.dragging_tile = False
                return True
        if self.board_rect.collidepoint(pos):
            self.left_down = pos
            self.dragging_tile = False
            return True
        return False

    def _mouse_motion(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        if self.right_down is not None:
            dx, dy = pos[0] - self.right_down[0], pos[1] - self.right_down[1]
            if self.panning or abs(dx) + abs(dy) > 6:
                self.panning = True
                self.camera = [self.right_camera[0] - dx / self.cell_px, self.right_camera[1] - dy / self.cell_px]
            return True
        if self.left_down is not None and self.selected is not None:
            dx, dy = pos[0] - self.left_down[0], pos[1] - self.left_down[1]
            if abs(dx) + abs(dy) > 8:
                self.dragging_tile = True
        return False

    def _mouse_up(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        if event.button == 3:
            was_panning = self.panning
            self.right_down = None
            self.panning = False
            if not was_panning:
                self.rotate(1)
            return True
        if event.button != 1:
            return False
        if self.peeking:
            self.peeking = False
            return True
        started = self.left_down
        dragged = self.dragging_tile
        self.left_down = None
        self.dragging_tile = False
        if started is None:
            return False
        on_board = self.board_rect.collidepoint(pos)
        started_on_board = self.board_rect.collidepoint(started)
        if dragged and not on_board:
            self.put_back()  # let go off the table: the tile returns to the hand
        elif on_board and self.selected is not None and (dragged or started_on_board) and self.input_allowed():
            self.place_at(pos)
        return True

    # ==== moves and animation =================================================================
    def on_move(self, before: BuizenState, after: BuizenState, step: Step) -> None:
        old = set(self.occupied(before))
        new_cells = [cell for cell in self.occupied(after) if cell not in old]
        self.appear = {}
        placed: list[Cell] = []
        if isinstance(step.move, Place | Special):
            placed = [step.move.cell]
        for cell in placed:
            self.appear[cell] = self.tween(0.22, ease=ease_out_back)
        for index, cell in enumerate(c for c in new_cells if c not in placed):
            self.appear[cell] = self.tween(0.3, ease=ease_out_back, delay=0.12 + 0.06 * index)
        if isinstance(step.move, Pass):
            self.banner(_("{name} passes").format(name=self.match.seat_name(step.seat)))
        allowed, viewer = self.story_viewer()
        if allowed:  # the move in words, for the seat on screen (the log keeps it whole)
            self.say(self.status_line(self.match.describe_step(self.match.history.cursor - 1, viewer)))
        if self.selected is not None and self.viewer is not None and self.selected not in self.hand():
            self.selected = None
        if self.match.over:
            self.fit()  # the final table is the result: show all of it
            return
        for cell in new_cells:
            if not self.board_rect.contains(self.to_screen(cell)):
                self.fit()
                break

    def on_history_jump(self) -> None:
        self.selected = None
        self.refused_cell = None
        self.appear = {}
        self.left_down = None
        self.dragging_tile = False

    def on_veil(self) -> None:
        # The next player must not inherit a held tile or a peek at the colour (its key-up went
        # to the curtain).
        self.selected = None
        self.refused_cell = None
        self.peeking = self.key_peek = False
        self.left_down = None
        self.dragging_tile = False

    def animating(self) -> bool:
        return any(not tween.done for tween in self.appear.values())

    def update_game(self, dt: float) -> None:
        moves = self.legal()
        stuck = bool(moves) and isinstance(moves[0], Draw | Pass) and self.input_allowed()
        self.action_button.visible = stuck
        self.action_button.label = N_("Pass") if moves and isinstance(moves[0], Pass) else N_("Draw a tile")
        holding_pipe = self.selected in TILE_BY_NUMBER
        self.rotate_button.enabled = holding_pipe
        self.flip_button.enabled = holding_pipe

    def aim_at(self, move: Move) -> None:
        # Hold the hinted tile as the hint turns it: a click on the hinted cell plays the same move.
        if isinstance(move, Place):
            self.selected = move.number
            self.orientation[move.number] = (move.face, move.rotation)
        elif isinstance(move, Special):
            self.selected = move.kind
        if isinstance(move, Place | Special):
            self.scroll_into_view(move.cell)

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

    def status_line(self, sentence: str, tail: str = "") -> str:
        """``sentence`` (then ``tail``) cut with an ellipsis to the status bar's room for a message."""
        m = self.metrics
        room = self.status_room()
        if draw.render_text(sentence + tail, m.body, weight="semibold").get_width() <= room:
            return sentence + tail
        words = sentence.split()
        while words and draw.render_text(" ".join(words) + "…" + tail, m.body, weight="semibold").get_width() > room:
            words.pop()
        return " ".join(words).rstrip(",;:") + "…" + tail

    def idle_status(self) -> str:
        return _("Click a tile, R turn, F flip, click a cell  ·  right-drag / arrows pan  ·  wheel zoom  ·  H hint")

    def turn_text(self) -> str:
        text = super().turn_text()
        view = self.view
        if view.to_play is not None and view.hands and self.match.is_human(view.to_play):
            moves = self.legal()
            if moves and isinstance(moves[0], Draw):
                return _("{turn} — no tile fits: draw").format(turn=text)
            if moves and isinstance(moves[0], Pass):
                return _("{turn} — no tile fits: pass").format(turn=text)
        return text

    # ==== drawing =============================================================================
    def draw_game(self, surface: pygame.Surface) -> None:
        view: BuizenState = self.view
        self._draw_table(surface, view)
        self._draw_hand(surface, view)
        self._draw_panel(surface, view)

    def _draw_table(self, surface: pygame.Surface, view: BuizenState) -> None:
        m = self.metrics
        rect = self.board_rect
        pygame.draw.rect(surface, theme.PAPER_DARK, rect)
        previous_clip = surface.get_clip()
        surface.set_clip(rect)
        size = max(8, round(self.cell_px))
        over = view.to_play is None
        # The places of the tile the pointer rests on in the hand, else of the tile in hand.
        anyhow, exactly = self.fitting_cells(self.hovered_tile()) if not over else (set(), set())
        for cell in anyhow:
            box = self.to_screen(cell)
            strong = cell in exactly
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            layer.fill((*theme.LEGAL, 70 if strong else 30))
            surface.blit(layer, box)
            pygame.draw.rect(surface, theme.LEGAL, box, max(2, m.u(0.3)) if strong else 1)
        for cell in view.blocked:
            self._blit_tile(surface, cell, paint.blocked(size))
        for cell in view.pumps:
            self._blit_tile(surface, cell, paint.pump_room(size, start=cell == (0, 0)))
        for cell, stack in view.roads:
            self._blit_tile(surface, cell, paint.road(size, _stack_names(stack)))
        for cell, laid in view.pipes:
            self._blit_tile(surface, cell, paint.pipe_face(laid.sides, size, self.label_px))
            self._report_tags(surface, laid.sides, self.to_screen(cell))
        if over:
            self._draw_closed_networks(surface, view)
        surface.set_clip(previous_clip)
        pygame.draw.rect(surface, theme.INK, rect, m.rule)

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
            return paint.pipe_face(sides_of(self.selected, face, rotation), size, self.label_px)
        stack = dict(self.view.roads).get(cell, ()) if cell is not None else ()
        return paint.road(size, (*_stack_names(stack), SPECIAL_NAMES[self.selected]))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        # The held tile goes above everything the scene drew (buttons, marks, the hint), under
        # the refusal note and the tooltips.
        self._draw_held(surface)
        super().draw_overlay(surface)

    def _draw_held(self, surface: pygame.Surface) -> None:
        """On the table, the ghost at the cell under the pointer with its ✓ or ✗; while dragged off
        the table, the tile under the pointer."""
        if self.selected is None or self.veiled() or not self.input_allowed() or self.right_down is not None:
            return
        m = self.metrics
        hint = self.hint_move
        if isinstance(hint, Place | Special) and self.held_move(hint.cell) == hint and not self.dragging_tile:
            return  # the tile is held as the hint aimed it: the hint's ghost alone shows where it goes
        if self.board_rect.collidepoint(self.mouse):
            cell = self.to_cell(self.mouse)
            box = self.to_screen(cell)
            legal = self.reason_at(cell) is None
            picture = self.held_picture(box.width, cell).copy()
            overlay = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
            overlay.fill((*(theme.LEGAL if legal else theme.ILLEGAL), 50))
            picture.blit(overlay, (0, 0))
            picture.set_alpha(225)
            previous_clip = surface.get_clip()
            surface.set_clip(self.board_rect)
            surface.blit(picture, box)
            draw.ghost_frame(surface, box.inflate(4, 4), legal, max(m.u(1), box.width // 8))
            surface.set_clip(previous_clip)
        elif self.dragging_tile and self.left_down is not None:
            size = self.hand_tile_px or m.u(10)
            picture = self.held_picture(size)
            box = picture.get_rect(center=self.mouse)
            draw.shadow_rect(surface, box, m.u(0.75))
            surface.blit(picture, box)

    def _draw_closed_networks(self, surface: pygame.Surface, view: BuizenState) -> None:
        """The end: each closed network with an owner outlined in the owner's seat colour, with points."""
        m = self.metrics
        owners = {view.colours[s]: s for s in range(view.players)}
        for network in networks(view):
            if not network.closed or network.links == 0:
                continue
            seat = owners.get(network.material)
            colour = self.seat_style(seat)[0] if seat is not None else theme.GREY
            for cell, points in network.points:
                box = self.to_screen(cell)
                pygame.draw.rect(surface, colour, box.inflate(-4, -4), max(3, m.u(0.6)))
                if points and seat is not None:
                    # One corner per seat, so a tile in two players' networks shows both numbers.
                    corner_x = box.right - m.u(2) if seat in (0, 1) else box.left + m.u(2)
                    corner_y = box.top + m.u(2) if seat in (0, 3) else box.bottom - m.u(2)
                    centre = (corner_x, corner_y)
                    pygame.draw.circle(surface, colour, centre, m.u(1.6))
                    pygame.draw.circle(surface, theme.INK, centre, m.u(1.6), 2)
                    ink = theme.readable_on(colour)
                    draw.text(surface, str(points), (centre[0], centre[1] + 1), m.small, ink, "bold", "center")

    def _draw_hand(self, surface: pygame.Surface, view: BuizenState) -> None:
        m = self.metrics
        rect = self.hand_rect
        pygame.draw.rect(surface, theme.WHITE, rect)
        pygame.draw.rect(surface, theme.INK, rect, m.rule)
        self.hand_slots = []
        viewer = self.viewer
        title = _("Your tiles") if viewer is not None else _("Tiles")
        if viewer is not None and view.to_play is not None and view.to_play != viewer:
            title = fill(_("{name}'s tiles (waiting)"), name=self.match.seat_name(viewer))
        with layout_probe.box(rect):
            draw.heading(surface, title, (rect.left + m.u(2), rect.top + m.u(1.2)), m.small)
            if viewer is None:
                words = _("Computer players' tiles stay hidden.")
                draw.text(surface, words, (rect.left + m.u(2), rect.centery), m.body, theme.GREY, anchor="midleft")
                return
            hand = self.hand()
            layout_probe.private(viewer, "hand")
            gap = m.u(2)
            room = rect.width - 2 * m.u(2) - gap * (len(hand) - 1)
            # As large as the strip allows, smaller when the hand grows: every tile stays in view.
            size = min(rect.height - m.u(7), m.u(11), room // max(1, len(hand)))
            self.hand_tile_px = size
            x = rect.left + m.u(2)
            y = rect.top + m.u(4.2)
            for index, number in enumerate(hand):
                box = pygame.Rect(x, y, size, size)
                if number == self.selected:
                    box.y -= m.u(0.75)  # lifted: the tile in hand
                if number in TILE_BY_NUMBER:
                    sides = sides_of(number, *self.orientation.get(number, (0, 0)))
                    picture = paint.pipe_face(sides, size, self.label_px)
                    self._report_tags(surface, sides, box)
                else:
                    picture = paint.road(size, (SPECIAL_NAMES[number],))
                if number == self.selected and self.dragging_tile:
                    picture = picture.copy()
                    picture.set_alpha(90)  # it travels with the pointer; its place stays marked
                surface.blit(picture, box)
                if number == self.selected:
                    pygame.draw.rect(surface, theme.INK, box.inflate(8, 8), max(3, m.u(0.5)))
                if index < 9:  # its key
                    caption = (box.centerx, box.bottom + m.u(0.4))
                    draw.text(surface, str(index + 1), caption, m.small - 2, theme.GREY, "semibold", "midtop")
                self.hand_slots.append((number, box))
                x += size + gap
            if not hand:
                draw.text(surface, _("No tiles left."), (x, rect.centery), m.body, theme.GREY, anchor="midleft")

    def score_visible(self, seat: int) -> bool:
        """A live score would give a secret colour away: only the viewer's own shows before the end."""
        return seat == self.viewer

    def _draw_players(self, surface: pygame.Surface, rect: pygame.Rect, view: BuizenState) -> int:
        """The shared players panel, with tile counts (and each material once the game is over), each
        line as full as the panel's width allows beside the score."""
        m = self.metrics
        over = view.to_play is None
        room = rect.width - m.u(6) - draw.render_text("00", m.heading, weight="bold").get_width() - m.u(2.5)
        lines = []
        for seat, spec in enumerate(self.match.setup.seats):
            held = len(view.hands[seat])
            tiles = counted("{n} tile", "{n} tiles", held)
            first = _(MATERIAL_NAMES[view.colours[seat]]) if over else ""
            level = _(spec.level)
            who = [_("human")] if spec.is_human else [_("computer · {level}").format(level=level), _("computer"), level]
            options = [" · ".join(part for part in (first, kind, "" if over else tiles) if part) for kind in who]
            fits = (o for o in options if draw.render_text(o, m.small).get_width() <= room)
            lines.append(next(fits, options[-1]))
        return self.draw_players(surface, rect, extra=lines)

    def _draw_panel(self, surface: pygame.Surface, view: BuizenState) -> None:
        rect = self.panel_rect
        with layout_probe.box(pygame.Rect(rect.left, rect.top, rect.width, self.info_top - rect.top)):
            self._draw_panel_texts(surface, view, rect)

    def _draw_panel_texts(self, surface: pygame.Surface, view: BuizenState, rect: pygame.Rect) -> None:
        m = self.metrics
        over = view.to_play is None
        y = self._draw_players(surface, rect, view) + m.u(1.5)
        bottom = self.info_top - m.u(1)
        step = round(m.small * 1.25)

        def lines(words: str, x: int, top: int, colour: theme.Colour, weight: str = "regular") -> int:
            """``words`` wrapped to the panel from ``x``, as far as there is room; returns the y below."""
            for line in draw.wrap(words, m.small, rect.right - x, weight):
                if top + m.small > bottom:
                    break
                draw.text(surface, line, (x, top), m.small, colour, weight)
                top += step
            return top

        # The secret colour tile.
        viewer = self.viewer
        tile = m.u(8)
        self.colour_rect = pygame.Rect(rect.left, y, tile, tile)
        if viewer is not None:
            material = view.colours[viewer]
            show = over or self.peeking or self.key_peek
            if show:
                layout_probe.private(viewer, "colour")
            surface.blit(paint.colour_tile(tile, material if show and material != "?" else None), self.colour_rect)
            x = rect.left + tile + m.u(1.5)
            heading = _("Your colour") if not over else _("Your colour (revealed)")
            below = lines(heading, x, y + m.u(0.5), theme.INK, "semibold")
            hint = _(MATERIAL_NAMES[material]) if show and material in MATERIAL_NAMES else ""
            hint = hint if show else _("hold to peek (C)")
            below = lines(hint, x, below, theme.GREY)
            y = max(y + tile, below)
        else:
            self.colour_rect = pygame.Rect(0, 0, 0, 0)
        y += m.u(1.5)
        texts = [
            counted("Bag: {n} tile", "Bag: {n} tiles", len(view.bag)),
            _("Pump rooms left: {pumps}  ·  roads left: {roads}").format(pumps=view.pump_pile, roads=view.road_pile),
        ]
        if over:
            texts.append(_("Closed networks are outlined in their owner's colour; numbers are points per tile."))
        for words in texts:
            y = lines(words, rect.left, y, theme.INK) + m.u(0.5)
