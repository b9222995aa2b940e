"""The Buizen Wir-War screen: an unbounded table of tiles seen from above, the hand, the secret colour.

Controls (docs/contributing.md): pick a tile from the hand (click, number keys or drag it onto the table), **R** or
right-click turns it a quarter clockwise (Shift+R the other way), **F** flips it to its other face; Esc or a
drag let go off the table puts it back in the hand. Cells where it fits on the face it shows in some turn
are outlined, and over one the app turns the held tile to fit (clicked or dragged alike); the ghost
under the pointer has a ✓ or a ✗, and a refused placement says why by the pointer and in the status bar.
The table pans with a right-drag or the arrow keys and zooms with the wheel or +/−; "Fit" shows the whole
layout, and a fitted view is fitted again after every move (one the player zoomed or panned keeps the
newest tile in view). Press and hold your colour tile (or C) to peek at your material. When no tile can be played the
Draw / Pass button lights up (D).

Drawing is a function of the view and this scene's UI state (camera, held tile, animations). This module
holds the scene's state, layout, gestures and turn logic; the table's camera and drawing are in
``table_view.py``, the hand strip and the side panel in ``hand_panel.py``.
"""

from __future__ import annotations

import pygame

from bauhausbox.engine.history import Step
from bauhausbox.games.buizen.describe import short_sentence
from bauhausbox.games.buizen.rules import GAME
from bauhausbox.games.buizen.screen import howto, paint
from bauhausbox.games.buizen.screen.hand_panel import BuizenHandPanel
from bauhausbox.games.buizen.screen.table_view import MAX_CELL as MAX_CELL
from bauhausbox.games.buizen.screen.table_view import MIN_CELL as MIN_CELL
from bauhausbox.games.buizen.screen.table_view import BuizenTableView
from bauhausbox.games.buizen.state import BuizenState, Cell, Draw, Move, Pass, Place, Special
from bauhausbox.games.buizen.tiles import CANONICAL_ROTATION, SPECIAL_NAMES, TILE_BY_NUMBER, sides_of
from bauhausbox.i18n import N_, _, fill, ngettext, signed
from bauhausbox.match import Match
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.scenes.outcome import MoveOutcome, Picture
from bauhausbox.ui import draw, icons, theme
from bauhausbox.ui.anim import Tween, ease_out_back
from bauhausbox.ui.app import App
from bauhausbox.ui.text import advice, sentence, shown
from bauhausbox.ui.theme import Colour
from bauhausbox.ui.widgets import Button, Widget, flip_button, rotate_button


class BuizenScene(BuizenTableView, BuizenHandPanel, GameScene[BuizenState, Move]):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.camera = [0.0, 0.0]  # the world point (cells) at the centre of the table
        self.cell_px = 76.0
        self.selected: int | None = None  # a tile number or a special kind from the hand
        self.selected_slot: int | None = None  # which of equal tiles (two manholes) was picked
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
        # The hand's playable tiles (playable), made once per position and orientation.
        self._playable_key: object = None
        self._playable: dict[int, str] = {}
        # Where a tile fits on one face, with its turns (``_turns``), made once per position.
        self._turns_key: object = None
        self._turns_cache: dict[Cell, set[int]] = {}
        self._fitted: tuple[float, float, float] | None = None  # the view Fit made, while unchanged
        self.refused_cell: Cell | None = None
        self.hand_tile_px = 0
        self.rotate_button = self.widgets.add(
            rotate_button(lambda: self.rotate(1), N_("Rotate the held tile (R, right-click; Shift+R back)"))
        )
        self.flip_button = self.widgets.add(flip_button(self.flip, N_("Flip the held tile to its other face (F)")))
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
        # The hand grows with the room: a quarter of the height beside the panel (its tiles were 98 px
        # in a strip 1300 px wide at 1920 × 1080), never less than the strip the smallest window needs.
        hand_h = max(m.u(17), left.height // 4)
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
        y = self._share_row((self.rotate_button, icons.rotate), (self.flip_button, icons.flip), x0, y, w, space)
        y -= bh + space
        # The zoom buttons hold one sign each: Fit takes the rest of the row for its word.
        zoom = max(bh, self.zoom_in_button.natural_width(m), self.zoom_out_button.natural_width(m))
        zoom = min(zoom, (w - 2 * space) // 3)
        self.fit_button.rect = pygame.Rect(x0, y, w - 2 * (zoom + space), bh)
        self.zoom_out_button.rect = pygame.Rect(x0 + w - 2 * zoom - space, y, zoom, bh)
        self.zoom_in_button.rect = pygame.Rect(x0 + w - zoom, y, zoom, bh)
        self.info_top = y
        if self._fitted is None or self.following():
            self.fit()  # the first view, or a fitted one in a board of another size (the log, the window)

    # ==== what the human may do ===============================================================
    def my_seat(self) -> int | None:
        seat = self.match.to_play
        # A player at another computer: this screen knows nothing of their tiles.
        return seat if self.table.plays_here(seat) else None

    def legal(self) -> list[Move]:
        seat = self.my_seat()
        key = (self._token(), seat)
        if key != self._moves_key:
            self._moves_key = key
            self._moves = [] if seat is None else self.game.legal_moves(self.match.state, seat)
        return self._moves

    def playable(self) -> dict[int, str] | None:
        """While the human on screen is to play: each tile of the hand with a legal place, ``"fits"``
        (on the face it shows, in some turn) or ``"other face"`` (only once flipped); a tile not
        listed fits nowhere. From the rules' legal moves, kept per position and orientation."""
        seat = self.my_seat()
        if seat is None or seat != self.viewer or self.spectating:  # a replay asks nobody to play
            return None
        key = (self._token(), seat, tuple(sorted(self.orientation.items())))
        if key != self._playable_key:
            faces: dict[int, set[int]] = {}
            for move in self.legal():
                if isinstance(move, Place):
                    faces.setdefault(move.number, set()).add(move.face)
                elif isinstance(move, Special):
                    faces.setdefault(move.kind, set()).add(0)
            shown = {n: self.orientation.get(n, (0, 0))[0] for n in faces}
            self._playable_key = key
            self._playable = {n: "fits" if shown[n] in f else "other face" for n, f in faces.items()}
        return self._playable

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
        """The move the held tile makes on ``cell``: turned as the app shows it there (``turn_at``)."""
        if self.selected is None:
            return None
        if self.selected in TILE_BY_NUMBER:
            return Place(self.selected, self.held_orientation()[0], self.turn_at(cell), cell)
        return Special(self.selected, cell)

    def _turns(self, number: int, face: int) -> dict[Cell, set[int]]:
        """Where tile ``number`` fits on ``face``: each cell with its fitting turns (as the rules
        write them, the smallest of equal ones), from the legal moves, kept per position."""
        key = (self._moves_key, number, face)
        if key != self._turns_key:
            turns: dict[Cell, set[int]] = {}
            for move in self.legal():
                if isinstance(move, Place) and move.number == number and move.face == face:
                    turns.setdefault(move.cell, set()).add(move.rotation)
            self._turns_key, self._turns_cache = key, turns
        return self._turns_cache

    def turn_at(self, cell: Cell, direction: int = 1, start: int | None = None) -> int:
        """How the held pipe tile is turned on ``cell``: as the player turned it (``start``, default
        the held turn) when it fits there so, else the next turn of the same face, going round in
        ``direction``, that fits there (the app turns it, dragged or clicked alike: one truth for the
        ghost, the green places and the move); as turned when no turn of this face fits."""
        assert self.selected in TILE_BY_NUMBER
        face, rotation = self.held_orientation()
        rotation = rotation if start is None else start
        fitting = self._turns(self.selected, face).get(cell, set())
        for step in range(4):
            turned = (rotation + direction * step) % 4
            if CANONICAL_ROTATION[(self.selected, face, turned)] in fitting:
                return turned
        return rotation % 4

    def fitting_cells(self, number: int | None = None) -> tuple[set[Cell], set[Cell]]:
        """Cells where tile ``number`` (default: the held one) fits on the face it shows, turned as
        it is or as the app turns it there (``turn_at``), and those where it fits as turned now. A
        tile that fits only on its other face has no places until flipped (the status bar says F)."""
        number = self.selected if number is None else number
        if number is None:
            return set(), set()
        if number not in TILE_BY_NUMBER:
            cells = {move.cell for move in self.legal() if isinstance(move, Special) and move.kind == number}
            return cells, set(cells)
        face, rotation = self.orientation.get(number, (0, 0))
        turns = self._turns(number, face)
        canonical = CANONICAL_ROTATION[(number, face, rotation)]
        return set(turns), {cell for cell, fitting in turns.items() if canonical in fitting}

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
        """A quarter turn of the held tile; over a place where it fits, from how it shows there to
        the next turn that fits (R goes through the fitting turns, never to a refused one)."""
        if self.selected in TILE_BY_NUMBER:
            face, rotation = self.held_orientation()
            if self.board_rect.collidepoint(self.mouse):
                cell = self.to_cell(self.mouse)
                rotation = self.turn_at(cell, turns, self.turn_at(cell) + turns)
            else:
                rotation += turns
            self.orientation[self.selected] = (face, rotation % 4)
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

    def select(self, number: int | None, slot: int | None = None) -> None:
        self.selected, self.selected_slot = number, slot
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
        elif pygame.K_1 <= key <= pygame.K_9:  # the first nine tiles (hand_panel.KEYED)
            hand = self.hand()
            index = key - pygame.K_1
            if index < len(hand):
                self.select(hand[index], index)
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
        for slot, (number, rect) in enumerate(self.hand_slots):
            if rect.collidepoint(pos):
                if self.input_allowed():
                    self.select(number, slot)
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
        if allowed:  # the move in words, for the seat on screen; shorter when the bar has no room
            who = self.match.seat_name(step.seat)
            self.say(
                self.status_words(
                    self.match.describe_step(self.match.history.cursor - 1, viewer),
                    short_sentence(GAME, before, step.move, seat=step.seat, who=who, viewer=viewer),
                    _("{who} has moved: the log says how").format(who=who),
                )
            )
        if self.selected is not None and self.viewer is not None and self.selected not in self.hand():
            self.selected = None
        if self.match.over:
            self.fit()  # the final table is the result: show all of it
            return
        if self.following():
            self.fit()  # a fitted view follows the growing layout, after every move, whoever made it
        elif placed:
            self.scroll_into_view(placed[0])  # one the player zoomed or panned stays, the newest move in view

    def move_outcome(self, before: BuizenState, after: BuizenState, step: Step) -> MoveOutcome | None:
        """What the move brought its maker, before the device passes: the move in words as they know
        it, the tiles it drew (pictured) and their secret colour's points."""
        seat = step.seat
        if isinstance(step.move, Pass):
            return None  # nothing happened
        left = list(before.hands[seat])
        move = step.move
        played = move.number if isinstance(move, Place) else move.kind if isinstance(move, Special) else None
        if played in left:
            left.remove(played)
        drawn = list(after.hands[seat])
        for number in left:
            drawn.remove(number)
        said = self.match.describe_step(self.match.history.cursor - 1, seat)
        worth = self._points_said(seat, before, after)
        return MoveOutcome(
            seat,
            fill(_("Your move, {name}"), name=self.match.seat_name(seat)),
            (said, worth),
            ngettext("You drew this tile:", "You drew these tiles:", len(drawn)) if drawn else "",
            tuple(self._hand_picture(number) for number in drawn),
            self.seat_style(seat)[0],
        )

    def _points_said(self, seat: int, before: BuizenState, after: BuizenState) -> str:
        """The mover's points and how they changed: by this move, or since the player last saw them
        (after their previous move, or at the start), when others closed the player's network between."""
        history = self.match.history
        cursor = history.cursor - 1  # this move's step
        previous = next((i for i in range(cursor - 1, -1, -1) if history.steps[i].seat == seat), None)
        seen = history.states[previous + 1] if previous is not None else history.states[0]
        points = self.game.scores(after)[seat]
        by_move, since = points - self.game.scores(before)[seat], points - self.game.scores(seen)[seat]
        if not since:
            return _("Your points: {points} (unchanged)").format(points=points)
        if since == by_move:
            return _("Your points: {points} ({change})").format(points=points, change=signed(by_move))
        return _("Your points: {points} ({change} since your last turn)").format(points=points, change=signed(since))

    def _hand_picture(self, number: int) -> Picture:
        """A tile of the hand as the hand shows it (its first face, unturned)."""
        if number in TILE_BY_NUMBER:
            return lambda size: paint.pipe_face(sides_of(number, 0, 0), size, self.label_px)
        return lambda size: paint.road(size, (SPECIAL_NAMES[number],))

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

    def draw(self, surface: pygame.Surface) -> None:
        # While the device passes the table is empty: its tools go with it (they stood alone beside
        # the move's outcome, which is drawn over this screen without updating it).
        table_shown = not self.veiled()
        for button in (self.rotate_button, self.flip_button, self.fit_button, self.zoom_in_button):
            button.visible = table_shown
        self.zoom_out_button.visible = table_shown
        super().draw(surface)

    def aim_at(self, move: Move) -> None:
        # Hold the hinted tile as the hint turns it: a click on the hinted cell plays the same move.
        if isinstance(move, Place):
            self.selected = move.number
            self.orientation[move.number] = (move.face, move.rotation)
        elif isinstance(move, Special):
            self.selected = move.kind
        if isinstance(move, Place | Special) and not self.following():  # a fitted view shows every place
            self.scroll_into_view(move.cell)

    def hint_short(self, move: Move) -> str:
        """The hinted tile by its short name, not where it goes (the ghost shows that), as the
        computer's moves are said when the bar has no room: "Hint: lay a gas bend and draw 1 tile"."""
        seat = self.match.to_play
        if seat is None:
            return ""
        name = self.match.seat_name(seat)
        said = short_sentence(GAME, self.match.state, move, seat=seat, who=name)
        return _("Hint: {advice}  ·  Enter plays it").format(advice=advice(said, name))

    def move_controls(self) -> tuple[Widget, ...]:
        return (self.rotate_button, self.flip_button, self.action_button)

    def status_message(self) -> str:
        """A red ghost says why in the status bar while the pointer rests on it (the how-to
        promises it; it used to wait for a click), before any older message; once a click refused the
        move, the note by the pointer says it, and only there. While a hint is shown its line wins:
        the hint holds its tile, and a cell under the pointer refusing it is not news."""
        hint = self.hint_line()
        return super().status_message() if hint else self.hover_reason() or super().status_message()

    def hover_reason(self) -> str:
        """Why the held tile cannot go on the cell under the pointer (``""`` when it can, or nothing is held there)."""
        if self.selected is None or not self.input_allowed() or self.veiled() or self.refusal() is not None:
            return ""
        if not self.board_rect.collidepoint(self.mouse):
            return ""
        cell = self.to_cell(self.mouse)
        reason = self.reason_at(cell)
        if (
            reason
            and self.selected in TILE_BY_NUMBER
            and cell in self._turns(self.selected, 1 - self.held_orientation()[0])
        ):
            # The app turns a tile, never flips it: say the one key that makes this place fit.
            return _("This tile fits here on its other face: press F to flip it")
        return sentence(shown(reason)) if reason else ""

    def idle_status(self) -> str:
        hovered, playable = self.hovered_tile(), self.playable()
        if hovered is not None and playable is not None:
            # The hand's marks in words, for the tile under the pointer.
            if hovered not in playable:
                return _("This tile fits nowhere now  ·  pick another, or draw (D) when none fits")
            if playable[hovered] == "other face":
                return _("This tile fits only on its other face: pick it and press F to flip it")
        return _("Click a tile, R rotate, F flip, click a cell  ·  right-drag / arrows pan  ·  wheel zoom  ·  H hint")

    def seat_style(self, seat: int) -> tuple[Colour, str]:
        return paint.SEAT_COLOURS[seat % 4], theme.SEAT_SHAPES[seat % 4]

    @classmethod
    def setup_marker(cls, seat: int, players: int) -> tuple[Colour, str]:
        return paint.SEAT_COLOURS[seat % 4], theme.SEAT_SHAPES[seat % 4]

    def turn_text(self) -> str:
        text = super().turn_text()
        view = self.view
        if view.to_play is not None and view.hands and self.table.plays_here(view.to_play):
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

    def score_visible(self, seat: int) -> bool:
        """A live score would give a secret colour away: only the viewer's own shows before the end."""
        return seat == self.viewer
