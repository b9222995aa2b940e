"""The Bits screen: your ramp, large and tilted in perspective; the other players' boards as live
thumbnails; the round's goal cards; the tile card; and the end-of-round scoring with its areas outlined.

Controls (docs/contributing.md, the shared ones): move the pointer over a column — the tile waits above
the top of the ramp there and a ghost shows exactly where it will land, framed solid with a ✓ or
dashed with a ✗ and the reason. **R** or right-click turns it a quarter turn clockwise (Shift+R
anticlockwise): a tile is a domino whose two coloured halves lie left-right, stand, lie right-left and
stand the other way; turned, it stays under the pointer (or where the keys aimed it). Every new tile
comes to hand lying flat, first colour on the left. Click a column (or Space / down arrow) to drop it
exactly where it is shown — with no tile shown, Space or Down first shows it over column 3; Enter
never drops it (Enter plays a hint that is shown) — or drag it there from the ramp or the tile card and let go; let go
anywhere else and it stays in hand; Esc puts it back (and the neutral tile, if chosen) before it
opens the menu, and the next click on the ramp only picks it up again. **N** or the button takes
the neutral tile instead (once per round). The left/right arrow keys move the tile between columns. A click on another
player's thumbnail shows that ramp large in place of yours, as your view has it (a click on it again,
on the ramp, or Esc brings yours back; so does the next tile card).

Everybody places the same tile; in pass-and-play each human places it in turn behind the curtain, and
nobody sees where the others put it until all have placed. Drawing is a function of the view and this
scene's UI state (held orientation, pointer column, slide animation).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import pygame

from bauhausbox.engine.api import Words
from bauhausbox.engine.history import Step
from bauhausbox.games.bits.board import drop, has_room, landing
from bauhausbox.games.bits.cards import NEUTRAL_TILE, SIZE, CardScore, score_board
from bauhausbox.games.bits.describe import tile_words
from bauhausbox.games.bits.records import bests
from bauhausbox.games.bits.rules import BitsState, Move, Pass, Place, round_breakdown, round_end, round_totals
from bauhausbox.games.bits.screen import paint
from bauhausbox.games.bits.screen.final_table import BitsGameOverScene, load_bests
from bauhausbox.games.bits.screen.howto import how_to_play_pages
from bauhausbox.games.bits.screen.panel import BitsPanel, tile_heading_words
from bauhausbox.games.bits.screen.round_scene import BitsRoundScene
from bauhausbox.i18n import N_, _, counted, fill, translate
from bauhausbox.match import Match
from bauhausbox.persistence.paths import data_dir
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.game_scene import GameScene, MoveMark
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.anim import Tween
from bauhausbox.ui.app import App
from bauhausbox.ui.text import UNDER_WAY, sentence
from bauhausbox.ui.widgets import Button, Widget, rotate_button

AIR_Y = SIZE + 0.45  # where a waiting tile's lower edge hovers, in cells up the ramp


@dataclass
class Slide:
    """A tile sliding down the ramp after it was dropped."""

    colours: str
    vertical: bool
    column: int
    to_row: int
    board_before: str
    cells: tuple[int, int]
    tween: Tween


def orientations(tile: str) -> list[tuple[str, bool]]:
    """The four quarter turns of a tile, clockwise from lying flat with ``tile[0]`` on the left:
    (colours left-to-right or top-to-bottom, vertical). Turning clockwise takes the left half to the
    top, the top half to the right, and so on, so the list is a real rotation (a double tile repeats)."""
    return [(tile, False), (tile, True), (tile[::-1], False), (tile[::-1], True)]


class BitsScene(BitsPanel, GameScene[BitsState, Move]):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.quarter = 0  # quarter turns clockwise of the tile in hand (every new tile starts at 0)
        self.tile_key: tuple[object, ...] | None = None  # which tile is in hand, to know a new one
        self.use_neutral = False
        self.column: int | None = None  # the column under the pointer (left column when horizontal)
        self.dragging = False  # the left button went down on the ramp or the tile card and is held
        self.parked = False  # Esc put the tile back: it waits on its card until the pointer moves off the ramp
        self.keyed_at: tuple[int, int] | None = None  # the pointer when the keys (or a hint) last aimed the tile
        self.refused: Place | None = None  # the last drop refused: its reason was said, not again above the tile
        self.slide: Slide | None = None
        self.round_to_show: int | None = None
        # The round whose scoring is being shown: the screen behind it shows that round's end (its
        # boards, cards and points), not the next round the rules have already begun.
        self.scoring_round: int | None = None
        self.recorded_best = False
        self.best_place: int | None = None
        self.thumb_rects: dict[int, pygame.Rect] = {}  # each other seat's board in the players panel
        self.peek: int | None = None  # another seat whose ramp is shown large (a click on its thumbnail)
        self.fresh: dict[int, tuple[int, ...]] = {}  # cells new on each board since the last reveal
        self.fresh_until = 0.0
        self.personal_best = self._load_best() if len(match.setup.seats) == 1 else None
        self.ramp = paint.Ramp(pygame.Rect(0, 0, 100, 100))
        self.ramp_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.cards_rect = pygame.Rect(0, 0, 0, 0)
        self.tile_rect = pygame.Rect(0, 0, 0, 0)
        self.players_rect = pygame.Rect(0, 0, 0, 0)
        self.card_rects: list[tuple[str, pygame.Rect]] = []
        self.turn_button = self.widgets.add(
            rotate_button(lambda: self.turn(1), N_("Rotate the tile (R, right-click; Shift+R back)"))
        )
        self.neutral_button = self.widgets.add(
            Button(
                N_("Neutral"), self.toggle_neutral, tooltip=N_("Place your neutral tile instead, once per round (N)")
            )
        )
        self._scoring_again()

    def _scoring_again(self) -> None:
        """A game left as a round ended (the app closed over its scoring) opens on that scoring again
        (Continue, Load): the round's end behind it, the next round after it."""
        history = self.match.history
        if self.table.on_server or not history.cursor or self.match.over:
            return
        before, now = history.states[history.cursor - 1], history.states[history.cursor]
        if len(now.finished) > len(before.finished):
            self.round_to_show = self.scoring_round = len(now.finished)

    def game_over_scene(self) -> BitsGameOverScene:
        """The shared final table with the rounds' goal cards drawn, and the solo bests after a solo game."""
        return BitsGameOverScene(self.app, self, self.best_place, why_not_counted=self.why_not_counted())

    @property
    def looked_ahead(self) -> bool:
        """Solo: undone past a tile card already seen, or played with hints, so not for the bests
        (both kept in the save)."""
        return bool(self.match.looked_ahead) or (self.state.players == 1 and self.match.hints_taken > 0)

    def why_not_counted(self) -> str | None:
        """Why this solo game stays off the bests, for its final table (``None``: it counts)."""
        if self.match.looked_ahead:
            return _("This game does not count: it was undone after a tile card had been seen.")
        if self.looked_ahead:
            hints = self.match.hints_taken
            return counted(
                "This game does not count: {n} hint was taken.",
                "This game does not count: {n} hints were taken.",
                hints,
            )
        return None

    def undo(self) -> None:
        """Solo: undoing past a tile card already seen would let the player replan knowing the next
        tile, so it asks first, and the game then no longer counts for the solo bests."""
        plan = None if self.table.on_server else self.table.undo_plan()
        if plan is None or not plan.crosses_reveal or self.state.players != 1 or self.looked_ahead:
            super().undo()
            return

        def undo_anyway() -> None:
            self.match.looked_ahead = True  # saved with the undo: a reload keeps the game off the bests
            self._undo(plan)

        answers = [(N_("Undo, not for the bests"), undo_anyway, "primary"), (N_("Keep playing"), None, "plain")]
        question = N_(
            "You have already seen the next tile card. You may undo, but this game will then no longer "
            "count for your solo bests."
        )
        self.app.push(DialogScene(self.app, N_("Undo past a tile card?"), question, answers))

    # ==== how to play =========================================================================
    @classmethod
    def how_to_play(cls) -> list[HowToPage]:
        return how_to_play_pages()

    # ==== layout ==============================================================================
    def layout_game(self, rect: pygame.Rect) -> None:
        m = self.metrics
        gap = m.u(3)
        panel_w = max(m.u(46), int(rect.width * 0.38))
        self.panel_rect = pygame.Rect(rect.right - panel_w, rect.top, panel_w, rect.height)
        self.ramp_rect = pygame.Rect(rect.left, rect.top, rect.width - panel_w - gap, rect.height)
        self.ramp = paint.Ramp(self.ramp_rect.inflate(-m.u(2), -m.u(2)))
        x, w = self.panel_rect.left, self.panel_rect.width
        heading = m.u(4)
        _card_w, card_h = self.card_size(w)
        self.cards_rect = pygame.Rect(x, rect.top, w, heading + card_h + m.u(1))
        self.card_rects = []
        tile_h = max(m.u(12), m.button_height * 2 + m.u(1))
        tile_heading = self.heading_room(*tile_heading_words(), w)[0]  # a line more for a note without room beside it
        self.tile_rect = pygame.Rect(x, self.cards_rect.bottom + m.u(2), w, tile_heading + tile_h)
        bw = max(m.u(15), (w - round(tile_h * 1.7) - m.u(3)) // 1)
        bw = min(bw, m.u(20))
        by = self.turn_button_top()
        self.turn_button.rect = pygame.Rect(self.tile_rect.right - bw, by, bw, m.button_height)
        self.neutral_button.rect = pygame.Rect(
            self.tile_rect.right - bw, by + m.button_height + m.u(1), bw, m.button_height
        )
        top = self.tile_rect.bottom + m.u(2)
        self.players_rect = pygame.Rect(x, top, w, rect.bottom - top)

    # ==== what is on screen ===================================================================
    @property
    def state(self) -> BitsState:
        state: BitsState = self.view
        if self.scoring_round is not None and self.scoring_round <= len(state.finished) and not state.over:
            return round_end(state, self.scoring_round)
        return state

    def scoring_closed(self) -> None:
        """The round's scoring was closed: the next round shows, and its prompt."""
        self.scoring_round = None

    def seat_shown(self) -> int:
        """The seat whose ramp is drawn large: the human in front of the screen."""
        viewer = self.viewer
        if viewer is not None:
            return viewer
        return self.match.to_play if self.match.to_play is not None else 0

    def shown_board(self, state: BitsState, seat: int) -> str:
        """A seat's board including its own placement of the current tile (others' stay hidden)."""
        board = state.boards[seat]
        choice = state.pending[seat] if state.pending else None
        if isinstance(choice, Place):
            layout_probe.private(seat, "placement")
            placed = drop(board, choice.colours, choice.spot)
            if placed is not None:
                return placed
        return board

    def my_turn(self) -> int | None:
        """The human seat that may place now, if any."""
        seat = self.match.to_play
        if seat is None or not self.table.plays_here(seat) or not self.input_allowed():
            return None
        return seat

    def held(self) -> tuple[str, bool] | None:
        """The colours and orientation of the tile in hand (for the seat to play), or None."""
        seat = self.match.to_play
        if seat is None or self.spectating or not self.table.plays_here(seat) or self.peek is not None:
            return None
        state = self.state
        if state.over or not state.waiting(seat) or not has_room(state.boards[seat]):
            return None
        tile = NEUTRAL_TILE if self.use_neutral and self.neutral_available(seat) else state.tile_for(seat)
        return orientations(tile)[self.quarter % 4]

    def card_pose(self, state: BitsState, seat: int) -> tuple[str, bool]:
        """The tile card's tile as the panel shows it: turned as the tile in hand is (the neutral
        tile in hand turns the card's tile with it), lying flat when nothing is held."""
        tile = state.tile_for(seat)
        return orientations(tile)[self.quarter % 4] if self.held() is not None else (tile, False)

    def neutral_available(self, seat: int) -> bool:
        state = self.state
        return not state.over and not state.start_phase and not state.neutral_used[seat]

    def held_move(self) -> Place | None:
        held = self.held()
        if held is None or self.column is None:
            return None
        colours, vertical = held
        column = self.column if vertical else min(self.column, SIZE - 2)
        return Place(colours, vertical, column)

    def reason(self, move: Place) -> str | None:
        return self.check(move)

    # ==== input ===============================================================================
    def turn(self, step: int) -> None:
        """A quarter turn of the tile in hand. The column it waits over is then worked out again for
        the new orientation, as a press there would (a flat tile's column is its left one, centred
        on the pointer): what is shown is always what a click, Space or Down drops."""
        held = self.held()
        if held is None:
            return
        self.quarter = (self.quarter + step) % 4
        if self.column is not None:
            self.column = self.pointer_column(self.mouse)
        self.app.sound.play("flip", 0.5)

    def toggle_neutral(self) -> None:
        seat = self.match.to_play
        if seat is None or not self.table.plays_here(seat) or not self.neutral_available(seat):
            self.refuse(
                Words("you have already used your neutral tile this round")
                if seat is not None and self.state.neutral_used[seat]
                else Words("the neutral tile is not available now")
            )
            return
        self.use_neutral = not self.use_neutral
        self.app.sound.play("click", 0.6)

    def column_at(self, pos: tuple[int, int]) -> int | None:
        if not self.ramp_rect.collidepoint(pos):
            return None
        bx, by = self.ramp.board_xy(pos)
        if not (-0.8 <= bx <= SIZE + 0.8 and -1.0 <= by <= SIZE + 3.5):
            return None
        held = self.held()
        if held is not None and not held[1]:
            return max(0, min(SIZE - 2, math.floor(bx - 0.5)))
        return max(0, min(SIZE - 1, math.floor(bx)))

    def pointer_column(self, pos: tuple[int, int]) -> int | None:
        """The column the tile in hand goes to for a pointer at ``pos``: the one the keys or a hint
        aimed it at while the pointer has not moved since (its last column clamped to the tile's
        width), else the one under the pointer. The one answer for the tile shown and the drop."""
        if self.keyed_at == pos and self.column is not None:
            held = self.held()
            return min(self.column, SIZE - 1 if held is None or held[1] else SIZE - 2)
        return self.column_at(pos)

    def drop_held(self) -> None:
        move = self.held_move()
        if move is None:
            return
        if self.submit(move):
            self.use_neutral = False
        elif self.input_allowed():
            self.refused = move

    def _follow_pointer(self) -> None:
        """The tile waits above the pointer's column only while the pointer is on the ramp: the
        pointer can leave it without a motion the ramp sees (out of the window, over the log). Keys
        and hints aim it wherever the pointer is, until the pointer moves."""
        if self.keyed_at is not None and self.keyed_at != self.mouse:
            self.keyed_at = None
        if self.column is None or self.keyed_at is not None:
            return
        if not pygame.mouse.get_focused() or self.column_at(self.mouse) is None:
            self.column = None

    def put_back(self) -> bool:
        """Esc: the tile leaves the pointer and waits on its card (no ghost), and a chosen neutral
        tile goes back too (it stays unused); True if there was something to put back."""
        if not self.dragging and self.column is None and not self.use_neutral:
            return False
        self.dragging = False
        self.column = None
        self.use_neutral = False
        self.parked = True
        return True

    def toggle_peek(self, seat: int) -> None:
        """Show ``seat``'s ramp large in place of yours, or yours again (its thumbnail clicked again,
        or your own). Drawn from your view: a tile it placed that you may not see yet stays hidden."""
        self.peek = None if seat in (self.peek, self.seat_shown()) else seat
        self.column, self.dragging = None, False
        self.app.sound.play("click", 0.5)

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            seat = next((s for s, r in self.thumb_rects.items() if r.collidepoint(event.pos)), None)
            if seat is not None:
                self.toggle_peek(seat)
                return True
            if self.peek is not None and self.ramp_rect.collidepoint(event.pos):
                self.peek = None  # a click on the large ramp: yours again, ready to place
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.peek is not None:
            self.peek = None  # back to your own ramp before Esc opens the menu
            return True
        if event.type == pygame.MOUSEMOTION:
            column = self.pointer_column(event.pos)
            if column is None:
                self.parked = False  # off the ramp: the next visit picks the tile up again
            if not self.parked:
                if column != self.column:
                    self.refused = None  # another column: a fresh verdict above the tile
                self.column = column
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.turn(1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # A press picks the tile up (on the ramp, or from its card); it drops where the button
            # is let go, so a click on a column and a drag to a column both place it.
            if self.held() is None:
                return False
            column = self.pointer_column(event.pos)
            if column is None and not self.tile_card_rect().collidepoint(event.pos):
                return False
            if self.parked and column is not None:
                # Put back with Esc: this press only picks it up again, so its ghost shows before
                # any drop (a click never drops a tile the player cannot see).
                self.parked, self.column = False, column
                return True
            self.dragging, self.parked, self.column = True, False, column
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            self.column = self.pointer_column(event.pos)
            if self.column is not None:
                self.drop_held()
            return True  # let go off the ramp: the tile stays in hand
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.put_back()  # the next Esc opens the menu
            if event.key == pygame.K_r:
                self.turn(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key == pygame.K_n:
                self.toggle_neutral()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                held = self.held()
                last = SIZE - 1 if held is None or held[1] else SIZE - 2
                start = self.column if self.column is not None else 2
                self.parked = False
                self.keyed_at = self.mouse
                self.column = max(0, min(last, start + (1 if event.key == pygame.K_RIGHT else -1)))
                return True
            if event.key in (pygame.K_SPACE, pygame.K_DOWN):
                # Enter is not a drop key: it plays a hint that is shown (the shared screen) and
                # calls the next player from the curtain, so a second press must not play a move.
                # Nor does a drop key drop a tile nobody sees: the first press shows it mid-ramp.
                shown = self.column is not None and not self.parked
                if self.column is None:
                    self.column = 2
                self.keyed_at = self.mouse
                self.parked = False
                if shown:
                    self.drop_held()
                return True
        return False

    # ==== moves and animation ==================================================================
    def on_move(self, before: BitsState, after: BitsState, step: Step) -> None:
        move = step.move
        if isinstance(move, Place) and step.seat == self.seat_shown():
            board_before = self.shown_board(before, step.seat)
            cells = landing(board_before, move.spot)
            if cells is not None:
                to_row = min(cells) // SIZE
                distance = AIR_Y - to_row
                self.slide = Slide(
                    move.colours,
                    move.vertical,
                    move.column,
                    to_row,
                    board_before,
                    cells,
                    self.tween(0.16 + 0.03 * distance, ease=paint.ease_slide),
                )
                self.app.sound.play("slide")
        elif isinstance(move, Pass) and self.match.is_human(step.seat):
            self.banner(_("{name}: ramp full, done for this round").format(name=self.match.seat_name(step.seat)))
        committed = after.shown != before.shown or len(after.finished) > len(before.finished)
        if committed:
            # Everybody's choices show together: mark what is new on each thumbnail for a moment.
            ends = after.finished[-1] if len(after.finished) > len(before.finished) else after.boards
            self.fresh = {
                seat: tuple(i for i in range(SIZE * SIZE) if ends[seat][i] != before.boards[seat][i])
                for seat in range(after.players)
            }
            self.fresh_until = time.monotonic() + 2.0
        if len(after.finished) > len(before.finished):
            # The scoring overlay that comes next says the round is over (and the log does): no notice
            # too, which stayed over the goal cards' heading and stuck out around the dialogs.
            self.round_to_show = len(after.finished)
            if not self.spectating:  # a replay steps on without the scoring dialog
                self.scoring_round = self.round_to_show
            self._record_solo(after)
        elif after.shown != before.shown and after.shown:
            self.app.sound.play("draw", 0.7)

    def _load_best(self) -> int | None:
        results = load_bests()
        return results[0].score if results else None

    def _record_solo(self, state: BitsState) -> None:
        if state.players != 1 or not state.over or self.recorded_best or self.looked_ahead:
            return
        self.recorded_best = True
        try:
            result = bests.make_result(self.match.setup.seed, [r[0] for r in round_totals(state)])
            self.best_place = bests.record(data_dir(), result)
        except OSError:  # no writable data directory: the game goes on without the list
            self.best_place = None

    def on_history_jump(self) -> None:
        self.peek = None
        self.slide = None
        self.fresh = {}
        self.round_to_show = self.scoring_round = None
        self.quarter = 0
        self.dragging = False
        self.use_neutral = False

    def on_veil(self) -> None:
        self.peek = None  # the next player at the screen sees their own ramp
        self.column = None
        self.quarter = 0
        self.dragging = False
        self.use_neutral = False

    def animating(self) -> bool:
        return self.slide is not None and not self.slide.tween.done

    def update_game(self, dt: float) -> None:
        if self.slide is not None and self.slide.tween.done:
            self.slide = None
        seat = self.match.to_play
        state = self.match.state
        tile_key = (seat, state.round, len(state.shown), state.start_phase, self.match.history.cursor)
        if tile_key != self.tile_key:  # a new tile (or another seat's turn): it comes to hand lying flat
            if tile_key[1:4] != (self.tile_key or (None,) * 5)[1:4]:
                self.peek = None  # a new tile card: your own ramp comes back
            self.tile_key = tile_key
            self.quarter = 0
            self.dragging = False
            self.refused = None
        self._follow_pointer()
        held_ok = seat is not None and self.table.plays_here(seat)
        self.turn_button.enabled = held_ok and self.held() is not None
        self.neutral_button.enabled = held_ok and seat is not None and self.neutral_available(seat)
        self.neutral_button.selected = self.use_neutral and self.neutral_button.enabled
        if self.use_neutral and not self.neutral_button.enabled:
            self.use_neutral = False
        # The scoring comes before the device passes (a curtain would come first while the last
        # tile still slides), so everybody sees it together.
        if self.round_to_show is not None and self.app.top is self and self.table.veiled():
            self.slide = None
        if self.animating() or self.app.top is not self:
            return
        if self.round_to_show is not None:
            number = self.round_to_show
            self.round_to_show = None
            self.app.push(BitsRoundScene(self.app, self, number))

    # ==== texts ===============================================================================
    def move_controls(self) -> tuple[Widget, ...]:
        return (self.turn_button, self.neutral_button)

    def turn_text(self) -> str:
        state = self.match.state
        seat = state.to_play
        if self.scoring_round is not None and not state.over:  # the next round's prompt waits for the scoring
            return _("Round {number} is over").format(number=self.scoring_round)
        if seat is None:
            return _("Game over")
        name = self.match.seat_name(seat)
        if not self.table.plays_here(seat):
            return _("{name} is placing").format(name=name) + UNDER_WAY
        if state.start_phase:
            return _("{name}: place your start tile").format(name=name)
        tile = NEUTRAL_TILE if self.use_neutral and self.held() is not None else state.tile_for(seat)
        return _("{name}: place the {tile} tile").format(name=name, tile=tile_words(tile))

    def curtain_note(self) -> str:
        """Bits has no hands: what the curtain hides is where each player put the tile."""
        return _("Everyone else: look away. Where each player puts the tile stays hidden until all have placed.")

    def idle_status(self) -> str:
        if self.spectating or self.held() is None:
            return super().idle_status()
        return _("Point at a column, click to drop  ·  R / Shift+R rotate  ·  N neutral  ·  Esc puts back, menu")

    def aim_at(self, move: Move) -> None:
        """Hold the tile as the hint places it: the orientation is looked up among the ways to
        hold the tile in hand (its own colour order), then checked against the move."""
        seat = self.match.to_play
        if not isinstance(move, Place) or seat is None:
            return
        self.use_neutral = move.neutral
        tile = NEUTRAL_TILE if move.neutral else self.state.tile_for(seat)
        options = orientations(tile)
        if (move.colours, move.vertical) in options:
            self.quarter = options.index((move.colours, move.vertical))
        self.column = move.column
        self.keyed_at = self.mouse
        if self.held_move() != move:  # a tile that cannot be held so: the ghost alone shows it
            self.column = None

    def draw_hint(self, surface: pygame.Surface, move: Move) -> None:
        if not isinstance(move, Place) or self.slide is not None or self.peek is not None:
            return
        cells = landing(self.shown_board(self.state, self.seat_shown()), move.spot)
        if cells is not None:
            colour_blind = bool(getattr(self.app.settings, "colour_blind", False))
            paint.draw_ghost(surface, self.ramp, cells, move.colours, True, colour_blind)

    def outline_move(self, surface: pygame.Surface, mark: MoveMark[Move]) -> None:
        """The shown seat's own tiles are outlined on its ramp (while they lie there, in this round);
        another seat's move outlines that seat's board in the players panel: where it placed the
        tile is its secret until everybody has placed. The outline is the shared neutral one (solid
        ink–white–ink, never a seat colour or red); only the recap's numbers wear the mover's colour,
        at ``badge_at`` (the story sets numbers that would touch side by side)."""
        m = self.metrics
        box = self._thumb_marked(mark)
        if box is not None:
            draw.move_outline(surface, box.inflate(m.u(1), m.u(1)), max(3, m.u(0.5)))
            return
        cells = self._ramp_marked(mark)
        if cells is not None:
            paint.move_outline(surface, paint.tile_quad(self.ramp, cells), max(3, round(self.ramp.cell * 0.06)))

    def badge_at(self, mark: MoveMark[Move]) -> tuple[int, int] | None:
        """A recap number: on the top right corner of another seat's board (its score sits left of
        the board, at the top), or above the shown seat's tile."""
        box = self._thumb_marked(mark)
        if box is not None:
            return box.topright
        cells = self._ramp_marked(mark)
        if cells is None:
            return None
        top = max(cells, key=lambda i: i // SIZE)
        x, y = self.ramp.point(top % SIZE + 0.5, top // SIZE + 1.0)
        return round(x), round(y)

    def _thumb_marked(self, mark: MoveMark[Move]) -> pygame.Rect | None:
        """Another seat's move: its board in the players panel (``None`` for the shown seat's, and for
        a move of an earlier round: its tile is gone from the board, and a recap number on a fresh
        board would read as "already placed")."""
        if mark.seat == self.seat_shown():
            return None
        before: BitsState = self.match.history.states[mark.index]
        if before.round != self.state.round:
            return None
        return self.thumb_rects.get(mark.seat)

    def _ramp_marked(self, mark: MoveMark[Move]) -> list[int] | None:
        """The shown seat's tile of ``mark`` on its ramp, while it lies there in this round."""
        before: BitsState = self.match.history.states[mark.index]
        shown = self.seat_shown()
        if (
            mark.seat != shown
            or not isinstance(mark.move, Place)
            or self.slide is not None
            or before.round != self.state.round
            or self.peek is not None
        ):
            return None
        board = self.shown_board(self.state, shown)
        cells = landing(self.shown_board(before, shown), mark.move.spot)
        if cells is None or any(board[i] == "." for i in cells):
            return None  # gone: the round's boards were cleared
        return list(cells)

    def refusal_area(self) -> pygame.Rect | None:
        """The tile in hand above the ramp and the cells it would land on: a refusal's note stays off them."""
        move = self.held_move()
        return None if move is None else self._held_area(move)

    def _held_area(self, move: Place) -> pygame.Rect:
        """The screen rect of the tile waiting above ``move``'s column and of its ghost below."""
        points = self._air_quad(move)
        cells = landing(self.shown_board(self.state, self.seat_shown()), move.spot)
        if cells is not None:
            points += paint.tile_quad(self.ramp, cells, 0.0)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        left, top = math.floor(min(xs)), math.floor(min(ys))
        return pygame.Rect(left, top, math.ceil(max(xs)) - left, math.ceil(max(ys)) - top)

    def _air_quad(self, move: Place) -> list[tuple[float, float]]:
        """The top face of the tile waiting above the ramp for ``move``."""
        width, height = (1, 2) if move.vertical else (2, 1)
        return self.ramp.quad(move.column, AIR_Y, move.column + width, AIR_Y + height, self.ramp.thickness)

    # ==== drawing =============================================================================
    def ramp_board(self, state: BitsState) -> str:
        """The board drawn on the large ramp: yours with your own placement, or the peeked seat's as
        your view has it (its placement of the current tile is secret until everybody has placed)."""
        if self.peek is not None:
            return state.boards[self.peek]
        slide = self.slide
        if slide is not None and not slide.tween.done:
            return slide.board_before
        return self.shown_board(state, self.seat_shown())

    def draw(self, surface: pygame.Surface) -> None:
        # With the board blanked (curtain, a question to everyone) the tile's buttons go too, and
        # once the game is over ("See the board") there is no tile to hold; set here, as the scene is
        # drawn under a dialog but not updated.
        shown = not self.veiled() and not self.match.over and self.scoring_round is None
        self.turn_button.visible = self.neutral_button.visible = shown
        super().draw(surface)

    def draw_game(self, surface: pygame.Surface) -> None:
        state = self.state
        seat = self.seat_shown() if self.peek is None else self.peek
        colour_blind = bool(getattr(self.app.settings, "colour_blind", False))
        slide = self.slide if self.peek is None else None
        board = self.ramp_board(state)
        held = self.held()
        move = self.held_move() if slide is None else None
        lane: tuple[int, ...] = ()
        if move is not None and held is not None:
            lane = (move.column,) if move.vertical else (move.column, move.column + 1)
        hidden = slide.cells if slide and not slide.tween.done else ()

        def ramp(target: pygame.Surface) -> None:
            self._draw_ramp_title(target, state, seat)
            paint.draw_ramp(target, self.ramp, board, lane)
            paint.draw_board_tiles(target, self.ramp, board, colour_blind, hidden)

        # The ramp, its title and its tiles are painted again only when one of them changes.
        looks = (state, seat, board, lane, hidden, colour_blind)
        self.layers.show("ramp", surface, self.ramp_rect, (looks, self.seats_key()), ramp)  # the ramp names its player
        if held is not None:
            layout_probe.control("ramp", self.ramp_rect)
        if slide is not None:
            y = AIR_Y + (slide.to_row - AIR_Y) * slide.tween.value
            paint.draw_domino(surface, self.ramp, slide.colours, slide.vertical, slide.column, y, colour_blind)
        elif move is not None:
            cells = landing(board, move.spot)
            if cells is not None:
                paint.draw_ghost(surface, self.ramp, cells, move.colours, self.reason(move) is None, colour_blind)
        elif held is not None and self.column is None and not self.dragging:
            x, y = self.ramp.point(SIZE / 2, AIR_Y + 1.2)
            with layout_probe.box(self.ramp_rect):
                draw.text(
                    surface,
                    _("point at a column, or drag the tile from its card"),
                    (round(x), round(y)),
                    self.metrics.small,
                    theme.GREY,
                    "semibold",
                    "midbottom",
                )
        self.draw_panel(surface, state, colour_blind)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The tile in hand, above everything (buttons, notices, the log): waiting above the column
        it will drop into, or, dragged off the ramp, under the pointer."""
        held = self.held()
        if held is not None and self.slide is None and self.app.top is self and not self.veiled():
            move = self.held_move()
            colour_blind = bool(getattr(self.app.settings, "colour_blind", False))
            if move is not None:
                self._draw_waiting_tile(surface, move, colour_blind)
            elif self.dragging:
                cell = max(self.metrics.u(3), round(self.ramp.cell * 0.7))
                face = pygame.Rect(0, 0, cell * (1 if held[1] else 2), cell * (2 if held[1] else 1))
                face.center = self.mouse
                paint.draw_tile_face(surface, face, held[0], held[1], colour_blind)
        super().draw_overlay(surface)

    def _draw_waiting_tile(self, surface: pygame.Surface, move: Place, colour_blind: bool) -> None:
        """The tile above its column; when it cannot go there, a ✗ frame when no ghost shows it, and
        the reason above it (unless the tile was just dropped there: the refusal said it)."""
        reason = self.reason(move)
        reason = None if reason is None else sentence(translate(reason))  # as the refusal's note says it
        paint.draw_domino(surface, self.ramp, move.colours, move.vertical, move.column, AIR_Y, colour_blind)
        if reason is None:
            return
        if landing(self.shown_board(self.state, self.seat_shown()), move.spot) is None:
            paint.ghost_frame(surface, self._air_quad(move), False, max(6, round(self.ramp.cell * 0.12)))
        if move == self.refused:
            return  # this very drop was refused, and the refusal said why: one place only
        x, y = self.ramp.point(move.column + (0.5 if move.vertical else 1.0), AIR_Y + (2 if move.vertical else 1))
        self._note(surface, reason, (round(x), round(y - self.ramp.cell * 0.25)))

    def _note(self, surface: pygame.Surface, reason: str, pos: tuple[int, int]) -> None:
        """Why the tile cannot go where it waits, above it (the look of the shared refusal note)."""
        m = self.metrics
        label = draw.render_text(reason, m.small, theme.WHITE, "semibold")
        box = label.get_rect().inflate(m.u(3), m.u(1.5))
        box.midbottom = pos
        box.clamp_ip(self.ramp_rect)
        pygame.draw.rect(surface, theme.INK, box)
        pygame.draw.rect(surface, theme.ILLEGAL, (box.left, box.top, m.u(0.75), box.height))
        with layout_probe.box(box):
            draw.text(
                surface, reason, (box.centerx + m.u(0.4), box.centery), m.small, theme.WHITE, "semibold", "center"
            )

    def _draw_ramp_title(self, surface: pygame.Surface, state: BitsState, seat: int) -> None:
        m = self.metrics
        colour, shape = self.seat_style(seat)
        x, y = self.ramp_rect.left + m.u(1), self.ramp_rect.top + m.u(1)
        draw.seat_shape(surface, shape, (x + m.u(1.5), y + m.u(1.6)), m.u(1.4), colour)
        name = self.match.seat_name(seat)
        rounds = state.rounds_total
        label = fill(_("{name}'s ramp"), name=name) if len(self.match.setup.seats) > 1 else _("Your ramp")
        rect = draw.heading(surface, label, (x + m.u(4), y + m.u(0.2)), m.body + 2)
        live = sum(c.points for c in _live(state, seat))
        draw.text(
            surface,
            _("Round {number} of {total}  ·  this round {points}").format(
                number=min(state.round, rounds), total=rounds, points=f"{live:+d}"
            ),
            (rect.left, rect.bottom + m.u(0.5)),
            m.small,
            theme.GREY,
            "semibold",
        )
        if self.peek is not None:  # not your ramp: the way back, under whose it is
            back = _("Esc, or a click on its picture: back to yours")
            room = self.ramp_rect.right - rect.left - m.u(1)
            draw.text(
                surface,
                back,
                (rect.left, rect.bottom + m.u(0.75) + m.small + m.u(0.5)),
                draw.fitting_size(back, m.small, room, "semibold", smallest=14),
                theme.BLUE,
                "semibold",
            )


def _live(state: BitsState, seat: int) -> list[CardScore]:
    """The per-card points of ``seat``'s board this round (the last round's once the game is over)."""
    if state.over:
        return round_breakdown(state, len(state.finished), seat)
    return score_board(state.boards[seat], state.active_goals())
