"""The Bauhaus screen: a poster that plays.

The board is the hero on the left: white squares, heavy black walls on the edges, owned zones filled
in their owner's colour, unowned closed zones hatched, the last turn outlined in red. On the right:
the four face-up action cards, large, with their icon or pattern; the deck, discard and wall supply;
the players with their reserves (token shapes), live points and "Bauhaus!" power buttons; and a
prompt saying what to do now.

Gestures turn into moves and the rules decide (``self.submit``): click a card to choose it (clicking it
again or "Cancel card" takes the choice back while nothing is placed; Esc never does: it lets go of
what is held, then opens the menu); walls — hover an edge (green / red),
click to build; patterns follow the pointer as a ghost (R or right-click rotates, F flips); move a
wall by clicking a marked (movable) wall, then its new edge, or by dragging it; tokens are dragged
from the reserve or between squares (or clicked, then clicked again); swaps take two clicks.

This module holds the scene's state, layout, turn logic and animations; the gestures and the held piece
are in ``gestures.py``, the whole-turn hint in ``hint.py``, the powers and their decision windows in
``powers.py``, the marks, ghosts and held pieces drawn on the board in ``board_marks.py``, and the side
panel in ``panel.py``.
"""

from __future__ import annotations

from typing import Any

import pygame

from bauhausbox.engine.api import Words
from bauhausbox.engine.history import Step
from bauhausbox.games.bauhaus.board import bits
from bauhausbox.games.bauhaus.cards import CARDS, PATTERN, Orientation, transformed
from bauhausbox.games.bauhaus.describe import power_name
from bauhausbox.games.bauhaus.rules import (
    POWER_OF_SEAT,
    POWER_TITLES,
    RESOLVE,
    BauhausRules,
    BauhausState,
    Move,
    MoveKind,
)
from bauhausbox.games.bauhaus.screen.board_marks import BauhausBoardMarks
from bauhausbox.games.bauhaus.screen.gestures import BauhausGestures, Held
from bauhausbox.games.bauhaus.screen.hint import BauhausHint
from bauhausbox.games.bauhaus.screen.howto import how_to_play_pages
from bauhausbox.games.bauhaus.screen.paint import Geometry, Pos, draw_board
from bauhausbox.games.bauhaus.screen.panel import draw_card_tooltip, draw_panel, layout_table, seat_word, step_status
from bauhausbox.games.bauhaus.screen.powers import BauhausPowers
from bauhausbox.i18n import N_, _, fill
from bauhausbox.match import Match
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.ui import icons
from bauhausbox.ui.anim import Tween
from bauhausbox.ui.app import App
from bauhausbox.ui.widgets import Button, Widget

# The side panel's least width in spacing units: four cards in a row with their titles readable.


class BauhausScene(BauhausHint, BauhausGestures, BauhausPowers, BauhausBoardMarks, GameScene[BauhausState, Move]):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        rules = self.game
        assert isinstance(rules, BauhausRules)
        self.rules = rules
        self.table.hint_whole_turn = True  # a hint is the card and what it does (screen/hint.py)
        self.geo = Geometry(self.rules.board, pygame.Rect(0, 0, 8, 8))
        self.card_rects: list[pygame.Rect] = []
        self.player_rects: list[pygame.Rect] = []
        self.reserve_rects: list[pygame.Rect] = []
        self.compact = False  # the players' rows put the power button under the name (panel.layout_panel)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.held: Held | None = None
        self.turns = 0
        self.mirrored = False
        self.power_mode: tuple[int, str] | None = None  # (seat, power) waiting for a target
        self.flips: dict[int, Tween] = {}
        self.placed_tween: tuple[int, Tween] | None = None
        self._preview_key: Any = None
        # Walls a human just built: while the pointer stays on them, the preview stays quiet (it
        # would say "that edge already has a wall" about the wall just built).
        self.built: frozenset[int] = frozenset()
        self._preview: tuple[Move | None, str | None] = (None, None)
        # The recap's numbers of this frame, drawn after the last numbered outline (outline_move).
        self.rotate_button = self.widgets.add(
            Button("", lambda: self.rotate(1), tooltip=N_("Rotate (R, right-click)"), icon=icons.rotate)
        )
        self.flip_button = self.widgets.add(Button("", self.flip, tooltip=N_("Flip (F)"), icon=icons.flip))
        self.cancel_button = self.widgets.add(
            Button(N_("Cancel card"), self.cancel_card, tooltip=N_("Take the card back and choose again"))
        )
        self.power_buttons: list[Button] = []
        for seat in range(self.rules.players(match.state)):
            button = Button(
                N_("Bauhaus!"),
                self._power_clicker(seat),
                "primary",
                size="small",
                tooltip=Words("{power} (once per game)", power=Words(POWER_TITLES[POWER_OF_SEAT[seat]])),
            )
            self.power_buttons.append(self.widgets.add(button))

    # -- how to play -------------------------------------------------------------------------------
    @classmethod
    def how_to_play(cls) -> list[HowToPage]:
        return how_to_play_pages()

    # -- layout ------------------------------------------------------------------------------------
    def layout_game(self, rect: pygame.Rect) -> None:
        """The board as large as the room left beside the panel's least width allows; the panel
        takes the rest (``panel.layout_table``)."""
        layout_table(self, rect)

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
        cx = sum(x for x, _y in shape) / len(shape)
        cy = sum(y for _x, y in shape) / len(shape)
        col, row = round((fx * 2 - cx) / 2), round((fy * 2 - cy) / 2)
        board = self.rules.board
        for dc, dr in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            mask = board.place_orientation(shape, col + dc, row + dr)
            if mask is not None:
                return tuple(bits(mask))
        return None

    def hovered_card(self) -> int | None:
        """The display slot under the pointer, if any."""
        return next((i for i, r in enumerate(self.card_rects) if r.collidepoint(self.mouse)), None)

    def can_cancel(self) -> bool:
        state = self.match.state
        step = self.match.history.last_step
        return (
            state.phase == RESOLVE
            and state.placed == 0
            and step is not None
            and step.move is not None  # across computers a step may come without its value
            and step.move.kind == MoveKind.CARD
            and not self.table.on_server  # the server keeps the card: undo asks it instead
            and self.match.is_human(step.seat)
            and self.input_allowed()
        )

    # -- commands ------------------------------------------------------------------------------------
    def cancel_card(self) -> None:
        if not self.can_cancel():
            return
        self.step_back()
        self.say(N_("Card choice cancelled: choose again."))

    # -- animation and history -----------------------------------------------------------------------
    def on_move(self, before: BauhausState, after: BauhausState, step: Step) -> None:
        self.held = None
        self._preview_key = None
        built = step.move.edges[1:] if step.move.kind == MoveKind.MOVE_WALL else step.move.edges
        self.built = frozenset(built) if self.match.is_human(step.seat) else frozenset()
        if step.move.kind != MoveKind.POWER:
            self.power_mode = None
        # Tokens that turned to their control face flip; a token placed drops in.
        flipped = 0
        for seat in range(after.players):
            flipped |= before.deployed[seat] & after.control[seat]
        for square in bits(flipped):
            self.flips[square] = self.tween(0.35)
        if flipped:
            self.app.sound.play("flip")
        if step.move.kind == MoveKind.PLACE:
            self.placed_tween = (step.move.squares[0], self.tween(0.25))
        if step.move.kind == MoveKind.CARD:
            self.turns, self.mirrored = 0, False
        allowed, _viewer = self.story_viewer()
        if step.move.kind == MoveKind.POWER and allowed and not self.match.is_human(step.seat):
            # A computer's power, out of turn: a notice that stays until dismissed or the player
            # acts. It names the power only; what it did is the log's line (said once).
            power = power_name(step.move.power)
            self.announce(fill(_("Bauhaus! {seat} used {power}."), seat=self.seat_title(step.seat), power=power))

    def on_history_jump(self) -> None:
        self.drop_hint_rest()
        self.held = None
        self.power_mode = None
        self.flips.clear()
        self.placed_tween = None
        self._preview_key = None

    def animating(self) -> bool:
        return any(not t.done for t in self.flips.values())

    def update_game(self, dt: float) -> None:
        for square in [s for s, t in self.flips.items() if t.done]:
            del self.flips[square]
        if self.placed_tween and self.placed_tween[1].done:
            self.placed_tween = None
        self.play_hint_rest()
        busy = self.actor() is not None
        self.rotate_button.visible = busy and self.card_kind() == PATTERN
        self.flip_button.visible = self.rotate_button.visible
        self.cancel_button.visible = self.can_cancel()
        state = self.match.state
        for seat, button in enumerate(self.power_buttons):
            # Once the game is over no power is left to use: the buttons go with the game.
            button.visible = state.powers and not state.used[seat] and not self.match.over
            button.enabled = bool(self.power_moves(seat)) and self.input_allowed(seat)
            button.tooltip = self.power_tooltip(seat)

    def needs_curtain(self) -> bool:
        # Nothing is private in Bauhaus (only the deck order, which nobody knows): no curtain.
        return False

    def move_controls(self) -> tuple[Widget, ...]:
        return (self.rotate_button, self.flip_button, self.cancel_button, *self.power_buttons)

    def turn_text(self) -> str:
        state = self.match.state
        seat = self.match.to_play
        if seat is None:
            return _("Game over")
        name = self.seat_title(seat)
        if state.phase == RESOLVE and seat != state.turn:
            return fill(_("{name} resolves {seat}'s card (Mind Control)"), name=name, seat=seat_word(state.turn))
        if self.match.is_human(seat):
            return fill(_("{name} to play"), name=name)
        return self.thinking_text(name)

    def idle_status(self) -> str:
        if self.power_mode is not None and not self.spectating:  # the power's target, in or out of turn
            return step_status(self, self.match.state)
        if self.spectating or self.actor() is None:
            return super().idle_status()
        return step_status(self, self.match.state)

    # -- drawing -------------------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        state = self.state
        m = self.metrics
        hide: set[int] = set()
        if self.held and self.held.kind == "token" and self.held.dragging:
            hide.add(self.held.source)
        flips = {square: tween.value for square, tween in self.flips.items()}
        strong = self.app.settings.colour_blind
        # The board and the panel are painted again only when what they show changes (ui/layer.py).
        self.layers.show(
            "board",
            surface,
            self.geo.labelled_rect(m),
            (state, frozenset(hide), tuple(sorted(flips.items())), strong),
            lambda target: draw_board(
                target, self.geo, self.rules, state, m, hide_tokens=frozenset(hide), flips=flips, strong=strong
            ),
        )
        self._draw_placed(surface)
        self._draw_marks(surface, state)
        self._draw_preview(surface, state)
        held = self.held.kind if self.held else None
        looks = (self.hovered_card(), self.actor(), self.power_mode, self.placing_kind(), held, self.spectating)
        panel_key = (state, self.match.state, looks, strong, self.seats_key())
        self.layers.show("panel", surface, self.panel_rect, panel_key, lambda target: draw_panel(self, target, state))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """What is held follows the pointer above everything, buttons included; a greyed card under
        the pointer says why it cannot be taken."""
        if not self.spectating:
            self._draw_held(surface, self.state)
            draw_card_tooltip(self, surface)
        super().draw_overlay(surface)
