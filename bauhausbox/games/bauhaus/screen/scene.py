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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from bauhausbox.engine.api import Words
from bauhausbox.engine.history import Step
from bauhausbox.games.bauhaus.board import bits
from bauhausbox.games.bauhaus.cards import (
    CARDS,
    FREE_WALLS,
    MOVE_TOKEN,
    MOVE_WALL,
    PATTERN,
    PLACE,
    Orientation,
    transformed,
)
from bauhausbox.games.bauhaus.checks import SAME_EDGE, SAME_SQUARE, SAME_TOKEN
from bauhausbox.games.bauhaus.describe import power_name
from bauhausbox.games.bauhaus.rules import (
    CHOOSE,
    OPENING,
    POWER_OF_SEAT,
    POWER_TITLES,
    RESOLVE,
    SEAT_NAMES,
    BauhausRules,
    BauhausState,
    Move,
    MoveKind,
)
from bauhausbox.games.bauhaus.screen.howto import how_to_play_pages
from bauhausbox.games.bauhaus.screen.paint import Geometry, Pos, draw_board, draw_token, fit_board, token_at
from bauhausbox.games.bauhaus.screen.panel import (
    POWER_EFFECTS,
    POWER_PROMPTS,
    POWER_WHEN,
    clauses,
    draw_card_tooltip,
    draw_panel,
    layout_panel,
    seat_word,
    step_status,
)
from bauhausbox.i18n import N_, _, fill
from bauhausbox.match import Match
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.game_scene import GameScene, MoveMark
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.ui import draw, icons, theme
from bauhausbox.ui.anim import Tween
from bauhausbox.ui.app import App
from bauhausbox.ui.widgets import Button


@dataclass
class Held:
    """What the player is in the middle of: a token being dragged, a wall picked, a first swap token."""

    kind: str  # "token", "reserve", "wall", "swap"
    source: int = -1  # square or edge
    dragging: bool = False
    start: Pos = (0, 0)


@dataclass(frozen=True)
class Intent:
    """What a click at the pointer would do: play ``move`` (for ``seat``, when out of turn), pick a
    piece up, put the held one down, or say why nothing happens (``refusal``)."""

    move: Move | None = None
    seat: int | None = None
    pick: Held | None = None
    drop: bool = False
    refusal: str | None = None  # the rules' Words, or the screen's own (shown translated)


# The side panel's least width in spacing units: four cards in a row with their titles readable.
PANEL_LEAST_UNITS = 44


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
        takes the rest."""
        m = self.metrics
        label_room = m.small + m.u(1.5)  # the a–h and 1–8 labels
        gap = m.u(4)
        board_width = rect.width - label_room - gap - m.u(PANEL_LEAST_UNITS)
        area = pygame.Rect(rect.left + label_room, rect.top, board_width, rect.height - label_room)
        self.geo = fit_board(self.rules.board, area, "topleft")
        left = self.geo.outer_rect().right + gap
        layout_panel(self, pygame.Rect(left, rect.top, rect.right - left, rect.height))

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
            and step.move.kind == MoveKind.CARD
            and self.match.is_human(step.seat)
            and self.input_allowed()
        )

    # -- commands ------------------------------------------------------------------------------------
    def rotate(self, clockwise: int = 1) -> None:
        """Turn the pattern ``clockwise`` quarter turns on screen (R; Shift+R is -1). ``self.turns``
        counts the cards' quarter turns, which go anticlockwise (y up)."""
        if self.card_kind() == PATTERN:
            self.turns = (self.turns - clockwise) % 4
            self._preview_key = None

    def flip(self) -> None:
        if self.card_kind() == PATTERN:
            self.mirrored = not self.mirrored
            self._preview_key = None

    def cancel_card(self) -> None:
        if not self.can_cancel():
            return
        self.step_back()
        self.say(N_("Card choice cancelled: choose again."))

    def _power_clicker(self, seat: int) -> Callable[[], None]:
        def clicked() -> None:
            self.start_power(seat)

        return clicked

    def power_moves(self, seat: int) -> list[Move]:
        if not self.match.is_human(seat):
            return []
        return [m for m in self.rules.legal_moves(self.match.state, seat) if m.kind == MoveKind.POWER]

    def reactions(self, seat: int) -> list[str]:
        """The powers ``seat`` could use now to answer a card another player has just chosen (before
        anything of it is done). While a card is being chosen a power answers nothing yet, so
        play is not paused then (it would be before nearly every turn); the button still works."""
        state = self.match.state
        if state.phase != RESOLVE or state.placed or seat == state.turn:
            return []
        powers = sorted({m.power for m in self.power_moves(seat)})
        return [Words(POWER_TITLES[p.rpartition(":")[2]]) for p in powers]

    def react(self, seat: int) -> None:
        self.start_power(seat)

    def reaction_effect(self, seat: int) -> Words:
        """What each power ``seat`` could use now would do (Black lists the powers it may copy)."""
        chooser = Words(SEAT_NAMES[self.match.state.turn])
        effects = sorted({m.power.rpartition(":")[2] for m in self.power_moves(seat)})
        said = [Words(POWER_EFFECTS[effect], seat=chooser) for effect in effects]
        if not said:
            return super().reaction_effect(seat)
        if len(said) == 1:
            return said[0]
        text = Words("Copy one power. {effect}", effect=said[0])
        for effect in said[1:]:
            text = Words("{earlier} {later}", earlier=text, later=effect)
        return text

    def decision_area(self) -> pygame.Rect:
        """The board with its coordinates: a decision window stands beside the position it is about."""
        label_room = self.metrics.small + self.metrics.u(1.5)
        outer = self.geo.outer_rect()
        return outer.inflate(2 * label_room, 2 * label_room)

    def seat_title(self, seat: int) -> str:
        return f"{seat_word(seat)} ({self.match.seat_name(seat)})"

    def power_tooltip(self, seat: int) -> str:
        """The power button's tooltip: what the power does, and while greyed, when it becomes usable."""
        state = self.match.state
        title = _(POWER_TITLES[POWER_OF_SEAT[seat]])
        if self.power_buttons[seat].enabled:
            return _("{power} (once per game): click to use it now").format(power=title)
        if not self.match.is_human(seat):
            return _("{power}: a computer plays this seat and uses it itself").format(power=title)
        effects = [p.rpartition(":")[2] for p in self.rules.powers_of(state, seat)]
        if not effects:
            return _("{power}: no unused power is left to copy").format(power=title)
        when = clauses([_(POWER_WHEN[e]) for e in dict.fromkeys(effects)])
        return _("{power} (once per game). Usable {when}.").format(power=title, when=when)

    def start_power(self, seat: int) -> None:
        moves = self.power_moves(seat)
        if not moves or not self.input_allowed(seat):
            self.refuse(Words("no power can be used right now"))
            return
        powers = sorted({m.power for m in moves})
        if len(powers) > 1:
            choices = [(POWER_TITLES[p.rpartition(":")[2]], self._power_chooser(seat, p), "primary") for p in powers]
            self.app.push(
                DialogScene(
                    self.app,
                    N_("Mimetic Control"),
                    N_("Copy which power? Its owner keeps theirs."),
                    [*choices, (N_("Not now"), None, "plain")],
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
                self.banner(
                    Words("Bauhaus! {seat}: {power}", seat=Words(SEAT_NAMES[seat]), power=Words(POWER_TITLES[effect]))
                )
            return
        self.held = None
        self.power_mode = (seat, power)
        self.say(
            Words(
                "{seat}: {prompt} (Esc to give up)", seat=Words(SEAT_NAMES[seat]), prompt=Words(POWER_PROMPTS[effect])
            )
        )

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
        if event.key == pygame.K_ESCAPE and (self.power_mode or self.held):
            # Esc lets go of what is held, and only that: the chosen card stays chosen (taking it back
            # is the "Cancel card" button's job), so the next Esc opens the menu.
            self.say(N_("Power not used.") if self.power_mode else N_("Let go: nothing was played."))
            self.power_mode = None
            self.held = None
            return True
        return False

    def _press(self, pos: Pos) -> bool:
        if self.power_mode is not None:
            self._act(self.intent(pos))  # a power's target, anywhere on the screen
            return True
        seat = self.actor()
        if seat is None:
            return False
        state = self.match.state
        for slot, rect in enumerate(self.card_rects):
            if rect.collidepoint(pos):
                self._press_card(state, slot)
                return True
        placer = seat if state.phase == OPENING else state.turn
        if self.placing_kind() == PLACE and self._reserve_hit(pos, placer):
            self.held = Held("reserve", -1, False, pos)
            return True
        if not self.geo.rect.inflate(self.geo.cell * 0.6, self.geo.cell * 0.6).collidepoint(pos):
            return False
        self._act(self.intent(pos))
        return True

    def _press_card(self, state: BauhausState, slot: int) -> None:
        if state.phase == CHOOSE:
            discarding = any(m.kind == MoveKind.DISCARD for m in self.rules.legal_moves(state))
            self.submit(Move(MoveKind.DISCARD if discarding else MoveKind.CARD, slot=slot))
            self.turns, self.mirrored = 0, False
        elif slot == state.chosen and self.can_cancel():
            self.cancel_card()
        elif state.phase == RESOLVE:
            reason = self.check(Move(MoveKind.CARD, slot=slot)) or ""
            if self.can_cancel():
                reason = Words("{reason} (Cancel card takes the card back)", reason=reason)
            self.refuse(reason)

    def placing_kind(self) -> str | None:
        state = self.match.state
        if state.phase == OPENING:
            return PLACE
        return self.card_kind()

    def _reserve_hit(self, pos: Pos, seat: int) -> bool:
        return seat < len(self.reserve_rects) and self.reserve_rects[seat].collidepoint(pos)

    def intent(self, pos: Pos) -> Intent:
        """What the pointer at ``pos`` means now: the one mapping from the pointer (and the card being
        carried out, the piece held, the pattern's turn) to a move. Clicks, drops and the green/red
        preview all read it, so what the preview shows is what a click plays. Why a move is refused
        is the rules' business (``check``/``submit``); the screen only explains its own gestures."""
        state = self.match.state
        square = self.geo.square_at(pos)
        edge = self.geo.edge_at(pos)
        held = self.held
        if self.power_mode is not None:
            seat, power = self.power_mode
            if square is None:
                return Intent(drop=True)
            text = f"power:{power} {self.rules.board.square_name(square)}"
            return Intent(self.rules.parse_move(state, text, seat), seat=seat)
        kind = self.placing_kind()
        if kind is None:
            # Between turns the board takes nothing; the rules say what to do instead.
            probe = Move(MoveKind.PLACE, squares=(square,)) if square is not None else None
            return Intent(refusal=self.check(probe) if probe is not None and state.phase == CHOOSE else None)
        if kind == PLACE:
            if square is None or (held is not None and held.kind != "reserve"):
                return Intent()
            return Intent(Move(MoveKind.PLACE, squares=(square,)))
        if kind == FREE_WALLS:
            if edge is None:
                return Intent(refusal=Words("click on an edge, the line between two squares"))
            return Intent(Move(MoveKind.WALL, edges=(edge,)))
        if kind == PATTERN:
            near = self.geo.rect.inflate(self.geo.cell, self.geo.cell).collidepoint(pos)
            edges = self.ghost_edges(pos) if near else None
            if edges is None:
                return Intent(refusal=Words("the pattern must lie on the board"))
            return Intent(Move(MoveKind.WALLS, edges=edges))
        if kind == MOVE_WALL:
            if held is not None and held.kind == "wall":
                if edge is None:
                    return Intent(refusal=Words("click the edge the wall moves to"))
                if edge == held.source:
                    return Intent(drop=True)
                return Intent(Move(MoveKind.MOVE_WALL, edges=(held.source, edge)))
            if edge is None:
                return Intent(refusal=Words("click a wall to move first (the marked ones can move)"))
            return self._pick(Move(MoveKind.MOVE_WALL, edges=(edge, edge)), SAME_EDGE, Held("wall", edge, False, pos))
        if square is None:
            return Intent(drop=held is not None and kind == MOVE_TOKEN)
        if kind == MOVE_TOKEN:
            if held is not None and held.kind == "token":
                if square == held.source:
                    return Intent(drop=True)
                return Intent(Move(MoveKind.MOVE_TOKEN, squares=(held.source, square)))
            return self._pick(
                Move(MoveKind.MOVE_TOKEN, squares=(square, square)), SAME_SQUARE, Held("token", square, False, pos)
            )
        # Swap tokens.
        if held is not None and held.kind == "swap":
            if square == held.source:
                return Intent(drop=True)
            return Intent(Move(MoveKind.SWAP, squares=(min(square, held.source), max(square, held.source))))
        return self._pick(Move(MoveKind.SWAP, squares=(square, square)), SAME_TOKEN, Held("swap", square, False, pos))

    def _pick(self, probe: Move, in_place: str, held: Held) -> Intent:
        """Pick up the piece ``probe`` would move onto its own place, if the rules find nothing wrong
        with the piece itself (they check it before the destination, so their only complaint is then
        ``in_place``); otherwise pass on the rules' reason."""
        reason = self.check(probe)
        return Intent(pick=held) if reason == in_place else Intent(refusal=reason)

    def _act(self, intent: Intent) -> None:
        """Carry out what a click means."""
        if intent.refusal:
            self.refuse(intent.refusal)
        elif intent.pick is not None:
            self.held = intent.pick
        elif intent.move is not None:
            power = self.power_mode
            if self.submit(intent.move, intent.seat) and power is not None:
                self.power_mode = None
                title = Words(POWER_TITLES[power[1].rpartition(":")[2]])
                seat = Words(SEAT_NAMES[power[0]])
                self.banner(Words("Bauhaus! {seat}: {power}", seat=seat, power=title))
        elif intent.drop:
            if self.power_mode is not None:
                self.say(N_("Power not used."))
            self.held = None
            self.power_mode = None

    def _release(self, pos: Pos) -> bool:
        held = self.held
        if held is None or self.actor() is None:
            return False
        if not (held.kind == "reserve" or (held.dragging and held.kind in ("token", "wall"))):
            return False
        move = self.intent(pos).move
        self.held = None
        if move is not None:
            self.submit(move)
        return True

    # -- previews ------------------------------------------------------------------------------------
    def preview(self) -> tuple[Move | None, str | None]:
        """The move the pointer would make now and why it would be refused (None = legal)."""
        seat = self.actor()
        pos = self.mouse
        key = (
            self.match.history.cursor,
            len(self.match.history.steps),
            pos,
            self.placing_kind(),
            self.turns,
            self.mirrored,
            self.held.kind if self.held else None,
            self.held.source if self.held else None,
            seat,
        )
        if key == self._preview_key:
            return self._preview
        if self.built and self.geo.edge_at(pos) not in self.built:
            self.built = frozenset()  # the pointer has left the walls just built
        move = self.intent(pos).move if seat is not None and self.power_mode is None else None
        if move is not None and self.built and set(move.edges) & self.built:
            move = None  # the pointer still rests on the wall it just built: nothing to explain there
        self._preview_key = key
        self._preview = (move, self.check(move) if move is not None else None)
        return self._preview

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

    def outline_move(self, surface: pygame.Surface, mark: MoveMark[Move]) -> None:
        """What a move changed, outlined: where a token or wall *is now* (a moved one's old place
        gets a faint ghost and an arrow to the new one); a card choice leaves no mark. The number
        goes at ``badge_at``."""
        origin, rects = self._changed(mark.move)
        if origin is not None and rects:
            self._draw_origin(surface, origin, rects[0], mark.move.kind == MoveKind.MOVE_TOKEN)
        for rect in rects:
            draw.move_outline(surface, rect, self._mark_width())

    def badge_at(self, mark: MoveMark[Move]) -> tuple[int, int] | None:
        """Inside the board, in the destination's corner: never on the coordinates beside the board,
        where a number between two rows would read as a row's number."""
        _origin, rects = self._changed(mark.move)
        if not rects:
            return None
        width, radius = self._mark_width(), self.metrics.u(1.6)
        spot = pygame.Rect(rects[0].left + width, rects[0].top + width, 2 * radius, 2 * radius)
        spot.clamp_ip(self.geo.rect)
        return spot.center

    def _mark_width(self) -> int:
        return max(3, self.metrics.u(0.5))

    def _changed(self, move: Move) -> tuple[pygame.Rect | None, list[pygame.Rect]]:
        """Where a move's tokens and walls are now, and where a moved one came from (or ``None``)."""
        geo, m, width = self.geo, self.metrics, self._mark_width()
        squares, edges = list(move.squares), list(move.edges)
        origin: pygame.Rect | None = None
        if move.kind == MoveKind.MOVE_TOKEN and len(squares) == 2:
            origin, squares = geo.square_rect(squares[0]), squares[1:]
        elif move.kind == MoveKind.MOVE_WALL and len(edges) == 2:
            origin, edges = geo.edge_rect(edges[0], geo.wall_thickness()), edges[1:]
        rects = [geo.square_rect(square).inflate(-m.u(0.5), -m.u(0.5)) for square in squares]
        rects += [geo.edge_rect(edge, geo.wall_thickness() + 2 * width) for edge in edges]
        return origin, rects

    def _draw_origin(self, surface: pygame.Surface, origin: pygame.Rect, target: pygame.Rect, token: bool) -> None:
        """Where a moved token or wall came from: its faint ghost, and a thin arrow to where it went."""
        geo = self.geo
        faint = theme.mix(theme.GREY, theme.WHITE, 0.35)
        line = max(2, self.metrics.u(0.3))
        if token:
            pygame.draw.circle(surface, faint, origin.center, geo.cell * 0.34, line)
        else:
            pygame.draw.rect(surface, faint, origin, line)
        start, end = pygame.Vector2(origin.center), pygame.Vector2(target.center)
        if start.distance_to(end) < geo.cell * 0.5:
            return
        direction = (end - start).normalize()
        start += direction * geo.cell * 0.36
        end -= direction * geo.cell * 0.4
        pygame.draw.line(surface, faint, start, end, line)
        side = pygame.Vector2(-direction.y, direction.x) * geo.cell * 0.12
        back = end - direction * geo.cell * 0.18
        pygame.draw.polygon(surface, faint, [end, back + side, back - side])

    def needs_curtain(self) -> bool:
        # Nothing is private in Bauhaus (only the deck order, which nobody knows): no curtain.
        return False

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
        draw_board(surface, self.geo, self.rules, state, m, hide_tokens=frozenset(hide), flips=flips, strong=strong)
        self._draw_placed(surface)
        self._draw_marks(surface, state)
        self._draw_preview(surface, state)
        draw_panel(self, surface, state)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """What is held follows the pointer above everything, buttons included; a greyed card under
        the pointer says why it cannot be taken."""
        if not self.spectating:
            self._draw_held(surface, self.state)
            draw_card_tooltip(self, surface)
        super().draw_overlay(surface)

    def draw_hint(self, surface: pygame.Surface, move: Move) -> None:
        if not isinstance(move, Move):
            return
        geo = self.geo
        width = max(3, self.metrics.u(0.5))
        if move.kind in (MoveKind.CARD, MoveKind.DISCARD):
            pygame.draw.rect(surface, theme.BLUE, self.card_rects[move.slot].inflate(width * 2, width * 2), width)
        for square in move.squares:
            pygame.draw.rect(surface, theme.BLUE, geo.square_rect(square).inflate(-width, -width), width)
        for edge in move.edges:
            pygame.draw.rect(surface, theme.BLUE, geo.edge_rect(edge, geo.wall_thickness() + width * 2), width)

    def _draw_placed(self, surface: pygame.Surface) -> None:
        """A ring closing in on a token just placed: neutral ink, like every last-move mark."""
        geo = self.geo
        if self.placed_tween:
            square, tween = self.placed_tween
            ring = geo.cell * (0.34 + 0.3 * (1 - tween.value))
            pygame.draw.circle(surface, theme.INK, geo.square_center(square), ring, 2)

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
        """The ghost of the move under the pointer, framed the shared way: a solid outline and ✓ where
        it may go, a dashed outline and ✗ where it may not (so the tint is never the only sign)."""
        if self.actor() is None:
            return
        move, reason = self.preview()
        if move is None:
            return
        geo = self.geo
        m = self.metrics
        legal = reason is None
        tint = theme.mix(theme.INK, theme.LEGAL if legal else theme.ILLEGAL, 0.55)
        thick = geo.wall_thickness()
        if move.kind in (MoveKind.WALL, MoveKind.WALLS, MoveKind.MOVE_WALL):
            edges = move.edges[1:] if move.kind == MoveKind.MOVE_WALL else move.edges
            for edge in edges:
                pygame.draw.rect(surface, tint, geo.edge_rect(edge, thick))
        elif move.kind == MoveKind.PLACE and legal and (self.held is None or not self.held.dragging):
            # Only where it may go: over a token already there it would blend the two into one blob.
            ghost = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            draw_token(ghost, geo.square_center(move.squares[0]), geo.cell * 0.34, state.turn, False)
            ghost.set_alpha(140)
            surface.blit(ghost, (0, 0))
        area = self.ghost_area(move)
        if area is not None:
            draw.ghost_frame(surface, area, legal, m.u(1))

    def ghost_area(self, move: Move) -> pygame.Rect | None:
        """The screen rectangle of what ``move`` would change: its walls, or its target squares."""
        geo = self.geo
        pad = self.metrics.u(0.5)
        if move.kind in (MoveKind.WALL, MoveKind.WALLS, MoveKind.MOVE_WALL):
            edges = move.edges[1:] if move.kind == MoveKind.MOVE_WALL else move.edges
            rects = [geo.edge_rect(edge, geo.wall_thickness()) for edge in edges]
        elif move.kind in (MoveKind.PLACE, MoveKind.SWAP):
            rects = [geo.square_rect(square) for square in move.squares]
        elif move.kind == MoveKind.MOVE_TOKEN:
            rects = [geo.square_rect(move.squares[-1])]
        else:
            return None
        if not rects:
            return None
        # Inside the board, like the walls: a frame round a border square or wall stays off the coordinates.
        return rects[0].unionall(rects[1:]).inflate(2 * pad, 2 * pad).clip(geo.rect)

    def refusal_area(self) -> pygame.Rect | None:
        move, reason = self.preview()
        return self.ghost_area(move) if move is not None and reason is not None else None

    def _draw_held(self, surface: pygame.Surface, state: BauhausState) -> None:
        """A token or wall being dragged, at the pointer."""
        held = self.held
        if held is None or self.actor() is None:
            return
        geo = self.geo
        if held.dragging and held.kind == "token":
            token = token_at(state, held.source)
            if token:
                draw_token(surface, self.mouse, geo.cell * 0.38, token[0], False)
        if held.kind == "reserve":
            draw_token(surface, self.mouse, geo.cell * 0.38, state.turn, False)
        if held.dragging and held.kind == "wall":
            thick = geo.wall_thickness()
            bar = pygame.Rect(0, 0, round(geo.cell), thick)
            if not geo.board.is_horizontal(held.source):
                bar = pygame.Rect(0, 0, thick, round(geo.cell))
            bar.center = self.mouse
            pygame.draw.rect(surface, theme.INK, bar)
