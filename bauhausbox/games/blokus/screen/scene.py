"""The Blokus screen: the 20 × 20 board with the start corners, every colour's tray, the held piece.

Controls (docs/contributing.md): press a piece in the tray and drag it onto the board, or click it (or press its
letter: I cycles I5 / I4 / I3, 1 and 2 are the monomino and domino) and click on the board. **R** or
right-click or the wheel rotates (Shift+R back), **F** flips; the Rotate / Flip buttons do the same.
The ghost snaps to the grid in the piece's own colour, with a solid outline and a tick where it may
go, a dashed outline and a cross where it may not; a colour's first piece held near its starting
square snaps onto it (the one nearest legal place covering it: ``PieceController.snapped``); a
refused drop says why (one note by the ghost and the status bar) and changes nothing. Esc, or a
drop off the board, puts the piece back in its tray.
**C** (or the Corners button) marks every square where the colour to play could still attach a
piece. Hint (H) outlines a good move and frames its piece in the tray. The piece in hand is drawn
over everything (``draw_overlay``).
**M** (or the Numbers button) shows on each piece the number of the move that placed it, as Pentobi
does (remembered in the settings); the Export button, **Ctrl+P** and **Ctrl+S** save a picture of the
board and the game as a Pentobi file (``exports.py``). The replay viewer offers the same three
(``viewer_tools``).

The panel lists the four colours (who plays them, live score, remaining pieces, "passed"), then the
pieces of the colour to play. Every piece carries its colour's seat shape (circle, triangle, square,
cross) on one square, quietly; the colour-blind setting makes it bold. Drawing is a function
of the view and this scene's UI state (held piece, animations, caches keyed by the position).
The how-to-play pages are in ``howto.py``, the board, trays and held piece in the piece widgets, the
panel's colour rows in ``colour_rows.py``.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from bauhausbox import i18n
from bauhausbox.engine.grid import Cell
from bauhausbox.engine.history import History, Step
from bauhausbox.engine.shapes import Shape
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.describe import colour_list, piece_words, squares_span, word_list
from bauhausbox.games.blokus.pieces import COLOURS, PIECES
from bauhausbox.games.blokus.rules import (
    COLOUR_NAMES,
    GREEN,
    BlokusState,
    piece_label,
    pieces_down,
    seat_colours,
)
from bauhausbox.games.blokus.screen.analysis_view import BlokusAnalysisView
from bauhausbox.games.blokus.screen.board_view import (
    BoardView,
    Mark,
    draw_cells,
    draw_pieces,
    frame_cells,
    outline_cells,
)
from bauhausbox.games.blokus.screen.colour_rows import TAGS, ColourRows
from bauhausbox.games.blokus.screen.colours import RGB, SHAPES, start_marks
from bauhausbox.games.blokus.screen.exports import save_game_file, save_picture
from bauhausbox.games.blokus.screen.howto import how_to_pages
from bauhausbox.games.blokus.screen.picture import draw_move_numbers, number_cell, numbered_pieces
from bauhausbox.games.blokus.screen.piece_widgets import PieceController, ToolRow, turn_buttons
from bauhausbox.games.blokus.screen.tray import PieceTray, TrayItem
from bauhausbox.games.blokus.variants import variant_of
from bauhausbox.i18n import N_, _, counted, ngettext
from bauhausbox.match import Match
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.game_hooks import Said, ViewerTool
from bauhausbox.scenes.game_scene import GameScene, MoveMark
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.ui import draw, icons, layout_probe, theme
from bauhausbox.ui.anim import Tween
from bauhausbox.ui.app import App
from bauhausbox.ui.text import UNDER_WAY
from bauhausbox.ui.theme import Colour, Metrics
from bauhausbox.ui.widgets import Button, Widget

SHAPES_OF = tuple(piece.shape for piece in PIECES)  # Piece.shape parses its picture on every call

# Letter keys pick pieces; a letter shared by several pieces cycles through them, largest first.
PIECES_BY_KEY: dict[str, tuple[int, ...]] = {}
for _index in sorted(range(len(PIECES)), key=lambda i: -PIECES[i].size):
    PIECES_BY_KEY.setdefault(PIECES[_index].name[0].lower(), ())
    PIECES_BY_KEY[PIECES[_index].name[0].lower()] += (_index,)


def cells_of(bits: int) -> list[Cell]:
    return bb.cells_of(bits)


class BlokusScene(ColourRows, GameScene[BlokusState, bb.Placement]):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        # The board's size and the colours that play come with the variant (Duo and Junior: 14 x 14, two).
        self.variant = variant_of(self.view.variant)
        self.board = BoardView(self.variant.size, self.variant.size)
        self.tray = PieceTray()
        self.mini_trays = [PieceTray(interactive=False) for _ in COLOURS]
        self.mini_trays_shown = True
        self.controller = PieceController(
            self.board,
            self.tray,
            shape_of=self._shape_of,
            colour_of=lambda key: RGB[self.view.colour],
            on_drop=self._drop,
            verdict=self._verdict,
            can_pick=self.input_allowed,
            owner=lambda: self.view.colour,  # each colour's pieces keep their own turns
            snap_targets=self._start_to_cover,
        )
        self.rotate_button, self.flip_button = turn_buttons(self.controller.rotate, self.controller.flip)
        self.widgets.add(self.rotate_button)
        self.widgets.add(self.flip_button)
        self.corners_button = self.widgets.add(
            Button(
                N_("Corners"),
                self.toggle_corners,
                tooltip=N_("Mark where this colour can still attach (C)"),
                icon=icons.eye,
                size="small",
            )
        )
        self.numbers_button = self.widgets.add(
            Button(
                N_("Numbers"),
                self.toggle_numbers,
                tooltip=N_("Show the number of the move that placed each piece (M)"),
                size="small",
            )
        )
        self.export_button = self.widgets.add(
            Button(
                N_("Export"),
                self.ask_export,
                tooltip=N_("Save a picture of the board (Ctrl+P) or the game as a Pentobi file (Ctrl+S)"),
                size="small",
            )
        )
        self.tool_row = ToolRow(
            [self.rotate_button, self.flip_button, self.corners_button, self.numbers_button, self.export_button]
        )
        self.show_corners = False
        self.tools_below = False  # the tool buttons under the board, not at the panel's foot (layout)
        self.short_who = False  # the colour rows say who plays in short (a narrow panel; layout)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[pygame.Rect] = []
        self.row_split = (0, 0)  # where a colour row's name column ends, and its score column's width
        self.totals_rect = pygame.Rect(0, 0, 0, 0)
        self.tray_title = (0, 0)
        self.board_outer = pygame.Rect(0, 0, 0, 0)
        self.appear: tuple[bb.Placement, Colour, Tween] | None = None
        self._attach_key: object = None
        self._attach: list[Cell] = []
        self._trays_key: object = None

    # ==== how to play =========================================================================
    @classmethod
    def how_to_play(cls) -> list[HowToPage]:
        return how_to_pages()

    # ==== layout ==============================================================================
    def layout_game(self, rect: pygame.Rect) -> None:
        # The board is the hero: it takes the whole height when the panel beside it still shows
        # each colour's row and a tray whose pieces are large enough to pick; otherwise it gives up
        # one square's width at a time (a small window, the log open) until the panel has that room.
        m = self.metrics
        columns = self.variant.size + 1.4  # the squares and the coordinates' margin (BoardView.layout)
        # The replay viewer's tray is only looked at (nothing is picked there): its pieces may be
        # smaller, so the board keeps its squares beside the analysis on a short window.
        least_tray_cell = max(8.0, m.u(1.25)) if not self.replaying() else 4.5
        side = min(rect.height, rect.width - m.u(3))
        earlier = min(rect.height, int(rect.width * 0.56))  # the board's share before it could grow
        self._refresh_trays()  # the tray's pieces decide how large it can draw them
        # The largest board that leaves each colour's pieces room in its row, when it is no smaller
        # than the board used to be; else the largest that leaves names, scores and the tray room.
        # When no board fits with each row's full "who" line ("Marianne · computer · easy"), the rows
        # say it shorter ("Marianne · easy") and the search runs again: the board keeps its room.
        first = side
        for short in (False, True):
            self.short_who = short
            chosen: int | None = None
            largest: int | None = None
            side = first
            while side > rect.width * 0.5:
                self._layout_with(rect, side)
                if self.tray.cell_px >= least_tray_cell and self.panel_rect.width >= self._row_need():
                    if self.mini_trays_shown:
                        chosen = side
                        break
                    largest = largest or side
                    if side <= earlier:
                        chosen = largest
                        break
                side = int(side - columns)
            if chosen or largest:
                break
        self._layout_with(rect, chosen or largest or side)
        self._refresh_trays()

    def replaying(self) -> bool:
        """Whether the replay viewer shows this screen (with its own tools); a watcher's screen
        across computers keeps the look tools (corners, numbers, export)."""
        return self.spectating and not self.table.on_server

    def _row_need(self) -> int:
        """The narrowest panel that keeps a colour's name, player and score apart (no mini tray) and
        the tool buttons on one row (their words without icons; else they take two rows)."""
        m = self.metrics
        text_right, score_w = self.row_split
        names = text_right + score_w + m.u(1)
        if self.replaying() or self.tools_below:  # the replay viewer shows its own tools, not these
            return names
        return max(names, self.tool_row.width_needed(m.button_height, m.u(1.5), m))

    def _layout_with(self, rect: pygame.Rect, side: int) -> None:
        """The board in a square of ``side`` at the left of ``rect``, the panel in the rest."""
        m = self.metrics
        self.board.layout(pygame.Rect(rect.left, rect.top, side, side))
        margin = self.board.cell_px * 2
        self.board_outer = self.board.rect.inflate(2 * margin, 2 * margin).clip(rect)
        left = rect.left + side + m.u(3)
        self.panel_rect = pygame.Rect(left, rect.top, rect.right - left, rect.height)
        panel = self.panel_rect
        # A short window (1024 x 640) gives the colour rows only the height their two lines need,
        # and the rest to the tray.
        row_h = m.u(7.5) if rect.height >= m.u(90) else max(m.u(6), m.body + m.small + m.u(1.5))
        self.rows = [
            pygame.Rect(panel.left, panel.top + i * (row_h + m.u(0.75)), panel.width, row_h)
            for i in self.variant.colours
        ]
        y = self.rows[-1].bottom + m.u(0.75)
        self.totals_rect = pygame.Rect(panel.left, y, panel.width, m.u(4) if self._has_totals() else 0)
        y = self.totals_rect.bottom + m.u(1.5)
        self.tray_title = (panel.left, y)
        bh, gap = m.button_height, m.u(1.5)
        # A board narrower than the window is tall (a small window, the log open) leaves a strip under
        # it: the tool buttons go there when they fit (on one row or two, a longer language), and the
        # tray keeps the panel's height.
        self.tools_below = False
        if not self.replaying() and rect.height - side >= bh + gap:
            top = self.tool_row.layout(pygame.Rect(rect.left, rect.bottom - bh, side, bh), gap, m)
            self.tools_below = top >= rect.top + side + gap // 2
        if self.tools_below:
            buttons_y = panel.bottom + m.u(2)
        else:
            row = pygame.Rect(panel.left, panel.bottom - bh, panel.width, bh)
            buttons_y = self.tool_row.layout(row, gap, m)  # higher when the buttons take two rows
            if self.replaying():  # the replay viewer shows its own tools, not these: the tray keeps its room
                buttons_y = row.top
        tray_top = y + m.u(4.5)
        self.tray.layout(
            pygame.Rect(panel.left, tray_top, panel.width, buttons_y - m.u(2) - tray_top),
            max_cell_px=m.u(3),
            label_px=self._tag_px(),
        )
        # The mini trays start right of the longest name / who-plays line, and stop before the score.
        colours = self.variant.colours
        texts = [draw.render_text(_(COLOUR_NAMES[c]), m.body, theme.INK, "bold").get_width() for c in colours]
        texts += [draw.render_text(self._who(self.view, c, longest=True), m.small).get_width() for c in colours]
        text_right = m.u(1.75) + m.u(3.5) + m.u(1.5) + max(texts) + m.u(2)
        # The score column is as wide as the widest score or tag under it ("ALL PLACED").
        score_w = max(
            draw.render_text("-89", m.heading, theme.INK, "bold").get_width(),
            *(draw.render_text(_(tag).upper(), self._tag_px(), theme.INK, "bold", 0.08).get_width() for tag in TAGS),
        ) + m.u(3)
        self.row_split = (text_right, score_w)
        # A narrow panel (a small window, the replay viewer beside its log) has no room for them: the
        # names and scores matter more, and the pieces left show in the tray below.
        room = min(row.width for row in self.rows) - text_right - score_w
        self.mini_trays_shown = room >= m.u(10)
        for colour, row in enumerate(self.rows):
            width = max(0, row.width - text_right - score_w - m.u(1))
            area = pygame.Rect(row.left + text_right, row.top + m.u(0.75), width, row.height - m.u(1.5))
            self.mini_trays[colour].layout(area, max_cell_px=m.u(1))

    # ==== what the player holds ===============================================================
    def _refresh_trays(self) -> None:
        """Tray contents follow the position (rebuilt only when it changed)."""
        state: BlokusState = self.view
        key = (state.colour, state.hands, state.spare)
        if key == self._trays_key:
            return
        self._trays_key = key
        colour = state.colour
        self.tray.set_items(
            [
                TrayItem(
                    index,
                    SHAPES_OF[index],
                    RGB[colour],
                    bool(state.hands[colour] >> index & 1),
                    self._piece_label(state, colour, index),
                    SHAPES[colour],
                )
                for index, piece in enumerate(PIECES)
                if self.variant.hand >> index & 1  # Junior's set has 12 of the 21
            ]
        )
        for other, tray in enumerate(self.mini_trays):
            tray.set_items(
                [
                    TrayItem(index, SHAPES_OF[index], RGB[other], bool(state.hands[other] >> index & 1))
                    for index in range(len(PIECES))
                    if self.variant.hand >> index & 1
                ]
            )

    @staticmethod
    def _piece_label(state: BlokusState, colour: int, index: int) -> str:
        """The piece's name in the tray, with "×2" while Junior's second copy is still in hand."""
        name = PIECES[index].name
        return f"{name} ×2" if state.spare[colour] >> index & 1 else name

    @staticmethod
    def _shape_of(key: Hashable) -> Shape:
        assert isinstance(key, int)  # the tray's keys are piece indices (see _refresh_trays)
        return SHAPES_OF[key]

    def _placement(self, cells: list[Cell]) -> bb.Placement | None:
        if not all(self.board.contains(cell) for cell in cells):
            return None
        return bb.PLACEMENT_BY_MASK.get(bb.bits_of(cells))

    def _verdict(self, key: Hashable, cells: list[Cell]) -> str | None:
        """Why dropping here would be refused (the rules' answers are remembered by ``check``)."""
        placement = self._placement(cells)
        if placement is None:
            return _("the piece must lie on the board")
        if not self.input_allowed():
            return _("wait for your turn")
        return self.check(placement)

    def _start_to_cover(self, key: Hashable) -> tuple[Cell, ...]:
        """The starting square the colour to play must still cover: its first piece snaps onto it."""
        state: BlokusState = self.view
        start = self.variant.starts[state.colour]
        return () if start is None or state.boards[state.colour] else (start,)

    def _drop(self, key: Hashable, cells: list[Cell]) -> bool:
        placement = self._placement(cells)
        if placement is None:
            self.refuse(_("the piece must lie on the board"))
            return False
        return self.submit(placement)

    def pick_by_letter(self, letter: str) -> bool:
        choices = PIECES_BY_KEY.get(letter)
        if not choices or not self.input_allowed():
            return False
        hand = self.view.hands[self.view.colour]
        available = [index for index in choices if hand >> index & 1]
        if not available:
            names = " / ".join(i18n.translate(piece_label(PIECES[i].name)) for i in choices)
            colour = _(COLOUR_NAMES[self.view.colour])
            self.say(_("{colour} has already placed its {pieces}.").format(colour=colour, pieces=names))
            return True
        held = self.controller.held
        if held is not None and held.key in available:
            index = available[(available.index(held.key) + 1) % len(available)]
        else:
            index = available[0]
        self.controller.pick(index)
        return True

    def toggle_corners(self) -> None:
        self.show_corners = not self.show_corners

    # ==== move numbers and exports ============================================================
    @property
    def show_numbers(self) -> bool:
        return bool(getattr(self.app.settings, "move_numbers", False))

    def toggle_numbers(self) -> Said | None:
        """Move numbers on the pieces, on or off; remembered in the settings."""
        self.app.settings.move_numbers = not self.show_numbers
        self.app.save_settings()
        return None

    def export_picture(self) -> Said:
        return save_picture(self.match, self.view, self.show_numbers)

    def export_game(self) -> Said:
        # The replay viewer's game is the whole game it shows; a game being played stops at its cursor.
        return save_game_file(self.match, whole=self.spectating)

    def _say(self, said: Said | None) -> None:
        if said is not None:
            self.say(said[0], said[1], seconds=8.0)

    def ask_export(self) -> None:
        """The Export button: a picture or the game file, each also on its own key."""
        self.controller.cancel()
        self.app.push(
            DialogScene(
                self.app,
                N_("Export"),
                _(
                    "A picture of the board as it is now (PNG), or the game so far as a Pentobi file "
                    "(.blksgf) that Pentobi and the Load screen open."
                ),
                [
                    (N_("Picture"), lambda: self._say(self.export_picture()), "primary"),
                    (N_("Pentobi file"), lambda: self._say(self.export_game()), "primary"),
                    (N_("Cancel"), None, "plain"),
                ],
            )
        )

    def viewer_tools(self) -> list[ViewerTool]:
        return [
            ViewerTool(
                N_("Numbers"),
                N_("Show the number of the move that placed each piece (M)"),
                self.toggle_numbers,
                pygame.K_m,
                selected=lambda: self.show_numbers,
            ),
            ViewerTool(
                N_("Picture"), N_("Save a picture of this position (Ctrl+P)"), self.export_picture, pygame.K_p, True
            ),
            ViewerTool(
                N_("Pentobi file"), N_("Save the game as a .blksgf file (Ctrl+S)"), self.export_game, pygame.K_s, True
            ),
        ]

    def attach_cells(self) -> list[Cell]:
        """Squares where the colour to play could attach a piece right now (some legal move covers them)."""
        key = self._token()
        if key != self._attach_key:
            self._attach_key = key
            state: BlokusState = self.view
            if state.to_play is None:
                self._attach = []
            else:
                covered = 0
                for move in self.game.legal_moves(state):
                    covered |= move.mask
                attach = state.attach[state.colour]  # kept by the rules, whatever the board
                self._attach = cells_of(covered & attach)
        return self._attach

    # ==== events ==============================================================================
    def handle_game_event(self, event: pygame.event.Event) -> bool:
        if self.controller.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            exports = {pygame.K_p: self.export_picture, pygame.K_s: self.export_game}
            if event.key in exports:
                self._say(exports[event.key]())
                return True
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            name = pygame.key.name(event.key)
            if name == "c":
                self.toggle_corners()
                return True
            if name == "m":
                self.toggle_numbers()
                return True
            if name in PIECES_BY_KEY:
                return self.pick_by_letter(name)
        return False

    def update_game(self, dt: float) -> None:
        self._refresh_trays()
        held = self.controller.held is not None
        self.rotate_button.enabled = held
        self.flip_button.enabled = held
        self.corners_button.selected = self.show_corners
        self.corners_button.enabled = not self.match.over
        self.numbers_button.selected = self.show_numbers
        if self.controller.held is not None and not self.input_allowed():
            self.controller.cancel()

    def animating(self) -> bool:
        return self.appear is not None and not self.appear[2].done

    def on_move(self, before: BlokusState, after: BlokusState, step: Step) -> None:
        self.controller.cancel()
        move: bb.Placement = step.move
        self.appear = (move, RGB[before.colour], self.tween(0.3))
        self._refresh_trays()
        newly_out = after.out & ~before.out
        if newly_out and after.to_play is not None:
            finished = [c for c in range(4) if newly_out >> c & 1 and not after.hands[c]]
            stuck = [c for c in range(4) if newly_out >> c & 1 and after.hands[c]]
            parts = []
            if finished:
                said = ngettext("{colours} placed every piece", "{colours} placed every piece", len(finished))
                parts.append(said.format(colours=colour_list(finished)))
            if stuck:
                parts.append(
                    ngettext("{colours} passes", "{colours} pass", len(stuck)).format(colours=colour_list(stuck))
                )
            self.banner(" · ".join(parts))
            if stuck:
                said = ngettext(
                    "{colours} cannot place any piece and is out.",
                    "{colours} cannot place any piece and are out.",
                    len(stuck),
                )
                self.say(said.format(colours=colour_list(stuck)))

    def on_history_jump(self) -> None:
        self.controller.cancel()
        self.appear = None
        self._refresh_trays()

    def draw_hint(self, surface: pygame.Surface, move: bb.Placement) -> None:
        state: BlokusState = self.view
        if state.to_play is None:
            return
        self.draw_suggestion(surface, state, move)
        # The piece the hint places is marked in the tray too (the board's outline alone leaves
        # the player searching the tray for it).
        self.tray.draw_hint_mark(surface, move.piece, self._hint_ink(), self.metrics.u(0.5))

    analysable = True

    def analysis_view(self, history: History[BlokusState]) -> BlokusAnalysisView:
        names = [seat.name for seat in self.match.setup.seats]
        return BlokusAnalysisView(history, names, self.draw_suggestion)

    def draw_suggestion(self, surface: pygame.Surface, state: BlokusState, move: bb.Placement) -> None:
        """A move advised for ``state``'s colour to play (the hint, the analysis's better move): its
        squares in the colour, see-through, inside a pulsing outline."""
        pulse = self._pulse()
        cells = move.cells
        draw_cells(surface, self.board.cell_rect, cells, RGB[state.colour], alpha=round(90 + 80 * pulse), outline=None)
        outline_cells(surface, self.board.cell_rect, cells, self._hint_ink(), max(3, self.board.cell_px // 6))

    @staticmethod
    def _pulse() -> float:
        """0..1 and back every 1.2 s: the beat of an advised move's outline."""
        return 0.5 + 0.5 * abs((pygame.time.get_ticks() % 1200) / 600 - 1)

    def _hint_ink(self) -> Colour:
        """An advised move's outline, pulsing between ink and yellow (the board's and the tray's mark)."""
        return theme.mix(theme.INK, theme.YELLOW, self._pulse())

    def outline_move(self, surface: pygame.Surface, mark: MoveMark[bb.Placement]) -> None:
        # The neutral marker of every game; only the recap's numbered disc is in the mover's colour.
        cells = mark.move.cells
        frame_cells(surface, self.board.cell_rect, cells, max(3, self.board.cell_px // 8))
        if mark.label:
            first = min((self.board.cell_rect(cell) for cell in cells), key=lambda rect: (rect.top, rect.left))
            if self.show_numbers:
                # The piece shows its move number: the badge (the same number, recap_number) goes over it.
                first = self.board.cell_rect(number_cell(cells))
            m = self.metrics
            # Wide enough for its number (and to cover the piece's own number under it), and kept on
            # the board: on a corner square (a20) of a small board the disc reached over the row labels.
            digits = draw.render_text(mark.label, m.small, weight="bold").get_width()
            radius = max(m.u(1.5), self.board.cell_px // 2, digits // 2 + 3)
            grid = self.board.rect
            x = min(max(first.centerx, grid.left + radius), grid.right - radius)
            y = min(max(first.centery, grid.top + radius), grid.bottom - radius)
            draw.badge(surface, (x, y), radius, mark.colour, mark.label, m.small)

    def recap_number(self, index: int, order: int) -> int:
        # The recap's badges and log lines say the move's own number, as the pieces (M) and the
        # status bar's "move N" do: one move, one number.
        return index + 1

    def step_style(self, index: int) -> tuple[Colour, str]:
        # A seat may play several colours (two players, the shared green): a move is marked by its piece's.
        colour = self.match.history.states[index].colour
        return RGB[colour], SHAPES[colour]

    @classmethod
    def setup_marker(cls, seat: int, players: int) -> tuple[Colour, str]:
        colour = seat_colours(players, seat)[0]
        return RGB[colour], SHAPES[colour]

    def seat_style(self, seat: int) -> tuple[Colour, str]:
        state: BlokusState = self.view
        colour = state.colour if seat == state.to_play else seat_colours(state.players, seat)[0]
        return RGB[colour], SHAPES[colour]

    def move_controls(self) -> tuple[Widget, ...]:
        return (self.rotate_button, self.flip_button)

    def turn_text(self) -> str:
        state: BlokusState = self.view
        seat = state.to_play
        if seat is None:
            return _("Game over")
        name = self.match.seat_name(seat)
        colour = _(COLOUR_NAMES[state.colour])
        if state.players == 3 and state.colour == GREEN:
            colour = _("{colour} (shared)").format(colour=colour)
        if self.match.is_human(seat):
            return _("{name} places {colour}").format(name=name, colour=colour)
        return _("{name} is placing {colour}").format(name=name, colour=colour) + UNDER_WAY

    def idle_status(self) -> str:
        if self.controller.held is not None:
            return _("Click the board to place  ·  R rotate  ·  F flip  ·  right-click / wheel rotate  ·  Esc put back")
        return _("Drag or click a piece (or press its letter)  ·  C corners  ·  M numbers  ·  H hint  ·  Esc menu")

    def hint_text(self, move: bb.Placement) -> str:
        """ "Hint: place the red L5 on k10–m12": the advice written whole, so each language says it
        in its own words (not a move's sentence bent into advice)."""
        state: BlokusState = self.view
        seat = state.to_play
        if seat is None:
            return ""
        piece = piece_words(self.match.seat_name(seat), COLOUR_NAMES[state.colour], PIECES[move.piece].name)
        advice = _("Hint: place the {piece} on {squares}").format(piece=piece, squares=squares_span(move.cells))
        return _("{hint}  ·  Enter plays it").format(hint=advice)

    def hint_short(self, move: bb.Placement) -> str:
        """The piece without its squares (the ghost on the board shows them): "Hint: place the red L5"."""
        state: BlokusState = self.view
        if state.to_play is None:
            return ""
        piece = piece_words(self.match.seat_name(state.to_play), COLOUR_NAMES[state.colour], PIECES[move.piece].name)
        return _("{hint}  ·  Enter plays it").format(hint=_("Hint: place the {piece}").format(piece=piece))

    # ==== drawing =============================================================================
    @property
    def colour_blind(self) -> bool:
        return bool(getattr(self.app.settings, "colour_blind", False))

    def mark(self, colour: int) -> Mark:
        """The colour's seat shape on its pieces: quiet, or bold with the colour-blind setting."""
        return SHAPES[colour], self.colour_blind

    def refusal_area(self) -> pygame.Rect | None:
        return self.controller.ghost_rect()

    def draw_game(self, surface: pygame.Surface) -> None:
        state: BlokusState = self.view
        m = self.metrics
        self._draw_board_layer(surface, state)
        self._draw_last_move(surface, state)
        if self.show_corners and state.to_play is not None:
            colour = RGB[state.colour]
            # A third of a square across, never under 6 px: at 1024 × 700 a fifth (3 px) was a speck.
            radius = max(6, round(self.board.cell_px * 0.32))
            for cell in self.attach_cells():
                rect = self.board.cell_rect(cell)
                points = [
                    (rect.centerx, rect.centery - radius),
                    (rect.centerx + radius, rect.centery),
                    (rect.centerx, rect.centery + radius),
                    (rect.centerx - radius, rect.centery),
                ]
                pygame.draw.polygon(surface, colour, points)
                pygame.draw.polygon(surface, theme.INK, points, max(1, radius // 4))
        self._draw_panel(surface, state, m)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        # The piece in hand goes over everything, the tool buttons included; the refusal note and
        # the tooltips over it.
        self.controller.draw(surface, self.metrics, self.mark(self.view.colour))
        self._draw_shape_tooltip(surface)
        super().draw_overlay(surface)

    def _draw_board_layer(self, surface: pygame.Surface, state: BlokusState) -> None:
        """Board and placed pieces, painted again only when the position or its numbers change
        (ui/layer.py: its repaint counts in the frame's budget like the panel's)."""
        history = self.match.history
        numbers = (history.cursor, len(history.steps)) if self.show_numbers else None
        key = (state.boards, tuple(self.board.rect), self.board.cell_px, self.colour_blind, numbers)

        def board(target: pygame.Surface) -> None:
            self.board.draw(target, self.metrics, start_marks(self.variant.starts))
            for colour, bits in enumerate(state.boards):
                if bits:
                    draw_pieces(target, self.board, cells_of(bits), RGB[colour], self.mark(colour))
            if numbers is not None:
                draw_move_numbers(
                    target, self.board.cell_rect, self.board.cell_px, numbered_pieces(history), self.board.rect
                )

        # The layer owns its rectangle: the margin's strip under the panel is left to the panel.
        area, panel = self.board_outer, self.panel_rect
        if panel.width and area.left < panel.left < area.right:
            area = pygame.Rect(area.left, area.top, panel.left - area.left, area.height)
        self.layers.show("board", surface, area, key, board)

    def _draw_last_move(self, surface: pygame.Surface, state: BlokusState) -> None:
        """The flash of a piece just placed (its outline in the mover's colour comes from ``outline_move``)."""
        step = self.match.history.last_step
        if step is None:
            return
        move: bb.Placement = step.move
        appear = self.appear
        if appear is not None and not appear[2].done and appear[0] is move:
            fade = 1 - appear[2].value
            flash = pygame.Surface((self.board.cell_px, self.board.cell_px), pygame.SRCALPHA)
            flash.fill((*theme.WHITE, round(220 * fade)))
            for cell in move.cells:
                surface.blit(flash, self.board.cell_rect(cell))

    def _draw_panel(self, surface: pygame.Surface, state: BlokusState, m: Metrics) -> None:
        # Painted again only when what it shows changes (ui/layer.py): the position, the piece in
        # hand and how each is turned, the piece under the pointer.
        controller = self.controller
        held = (controller.held.key, controller.held.shape) if controller.held else None
        turned = tuple(controller.orientation(item.key) for item in self.tray.items)
        hovered = controller.hovered if self.input_allowed() else None
        looks = (self.colour_blind, self.mini_trays_shown, self.short_who)
        rows_key = (state, looks, self.seats_key())  # seats: names and who is connected
        tray_key = (state, tuple(self.tray.items), held, turned, hovered, looks, self.seats_key())
        # Two parts, the colour rows and the tray under them, so that a move's repaint of the panel
        # (3-5 ms of CPU under load) is spread over two frames like the other parts (ui/layer.py).
        panel = self.panel_rect
        # Split in the gap above the tray's heading (an accented capital rises above its line).
        split = min(max(self.totals_rect.bottom, panel.top), panel.bottom)
        rows = pygame.Rect(panel.left, panel.top, panel.width, split - panel.top)
        tray = pygame.Rect(panel.left, split, panel.width, panel.bottom - split)

        def paint_rows(target: pygame.Surface) -> None:
            with layout_probe.box(panel):
                self._draw_rows(target, state, m)

        def paint_tray(target: pygame.Surface) -> None:
            with layout_probe.box(panel):
                self._draw_tray(target, state, m)

        self.layers.show("panel rows", surface, rows, rows_key, paint_rows)
        self.layers.show("panel tray", surface, tray, tray_key, paint_tray)

    def _draw_rows(self, surface: pygame.Surface, state: BlokusState, m: Metrics) -> None:
        """The colour rows and the totals under them."""
        for colour, row in enumerate(self.rows):
            self._draw_colour_row(surface, state, colour, row, m)
        if self.totals_rect.height:
            self._draw_totals(surface, state, m)

    def _draw_tray(self, surface: pygame.Surface, state: BlokusState, m: Metrics) -> None:
        """The pieces of the colour to play (at the end, who won), with their heading."""
        x, y = self.tray_title
        if state.to_play is None:
            title = draw.heading(surface, _("Game over"), (x, y), m.heading - 6, theme.INK)
            names = [self.match.seat_name(seat) for seat in range(state.players)]
            winners = self.game.winners(state)
            line = (
                _("{name} wins").format(name=names[winners[0]])
                if len(winners) == 1
                else _("Shared win: {names}").format(names=word_list([names[w] for w in winners]))
            )
            draw.text(surface, line, (x, title.bottom + m.u(1.5)), m.body, theme.INK, "semibold")
            return
        colour = state.colour
        whose = self.match.seat_name(state.to_play)
        title = draw.heading(
            surface, _("{colour}'s pieces").format(colour=_(COLOUR_NAMES[colour])), (x, y), m.heading - 6, RGB[colour]
        )
        left = self.variant.piece_count - pieces_down(state, colour)
        pieces_left = counted("{n} left", "{n} left", left)
        line = f"{whose}  ·  {pieces_left}"
        room = self.panel_rect.right - title.right - m.u(2)
        if draw.render_text(line, m.small, theme.GREY, "semibold").get_width() > room:
            line = pieces_left  # a long name (or a longer language): the name is in its colour's row above
        draw.text(
            surface,
            line,
            (title.right + m.u(2), title.centery + 1),
            m.small,
            theme.GREY,
            "semibold",
            "midleft",
        )
        held = self.controller.held
        self.tray.draw(
            surface,
            m,
            held=held.key if held else None,
            orientation=self.controller.orientation,
            strong_marks=self.colour_blind,
            hovered=self.controller.hovered if self.input_allowed() else None,
        )


# ==== how to play pages =========================================================================
