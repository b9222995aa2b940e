"""The Bauhaus gestures: what a click, a drag, a key or the pointer at rest means on the board.

:class:`BauhausGestures` is the part of :class:`~bauhausbox.games.bauhaus.screen.scene.BauhausScene` that turns
input into moves: the one mapping from the pointer to a move (``intent``: the card being carried out,
the piece held — :class:`Held` — and the pattern's turn), the clicks, drops and keys that act on it, and
the green / red preview that reads the same mapping. The rules decide (``check`` / ``submit``); the scene
owns the state these methods read and change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from bauhausbox.engine.api import Words
from bauhausbox.games.bauhaus.cards import FREE_WALLS, MOVE_TOKEN, MOVE_WALL, PATTERN, PLACE
from bauhausbox.games.bauhaus.checks import SAME_EDGE, SAME_SQUARE, SAME_TOKEN
from bauhausbox.games.bauhaus.rules import CHOOSE, OPENING, POWER_TITLES, RESOLVE, SEAT_NAMES, Move, MoveKind
from bauhausbox.games.bauhaus.screen.paint import Pos
from bauhausbox.i18n import N_

if TYPE_CHECKING:
    from bauhausbox.games.bauhaus.rules import BauhausRules, BauhausState
    from bauhausbox.games.bauhaus.screen.paint import Geometry
    from bauhausbox.match import Match
    from bauhausbox.ui.theme import Metrics


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


class BauhausGestures:
    """Input to moves, and the preview of the move under the pointer; the scene owns the state."""

    if TYPE_CHECKING:  # provided by BauhausScene / GameScene
        metrics: Metrics
        match: Match
        mouse: tuple[int, int]
        rules: BauhausRules
        geo: Geometry
        card_rects: list[pygame.Rect]
        reserve_rects: list[pygame.Rect]
        held: Held | None
        turns: int
        mirrored: bool
        power_mode: tuple[int, str] | None
        built: frozenset[int]
        _preview_key: Any
        _preview: tuple[Move | None, str | None]

        def actor(self) -> int | None: ...
        def card_kind(self) -> str | None: ...
        def ghost_edges(self, pos: Pos) -> tuple[int, ...] | None: ...
        def can_cancel(self) -> bool: ...
        def cancel_card(self) -> None: ...
        def check(self, move: Move, seat: int | None = None) -> str | None: ...
        def submit(self, move: Move, seat: int | None = None) -> bool: ...
        def refuse(self, reason: str) -> None: ...
        def say(self, message: str, kind: str = "info", seconds: float = 5.0) -> None: ...
        def banner(self, message: str, seat: int | None = None) -> None: ...

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
