"""What the Bauhaus screen draws on and over the board besides the position itself.

:class:`BauhausBoardMarks` is the part of :class:`~bauhausbox.games.bauhaus.screen.scene.BauhausScene` that
draws the played moves' outlines and their badges' places (``outline_move``, ``badge_at``), the
ring of a token just placed, the movable walls and the picked piece, the power targets, the ghost of the
move under the pointer with its refusal area, and the piece held at the pointer. The board itself is
``paint.draw_board``; the scene owns the state drawn here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bauhausbox.games.bauhaus.board import bits
from bauhausbox.games.bauhaus.cards import MOVE_WALL
from bauhausbox.games.bauhaus.rules import BauhausState, Move, MoveKind
from bauhausbox.games.bauhaus.screen.paint import draw_token, token_at
from bauhausbox.scenes.game_scene import MoveMark
from bauhausbox.ui import draw, theme

if TYPE_CHECKING:
    from bauhausbox.games.bauhaus.rules import BauhausRules
    from bauhausbox.games.bauhaus.screen.gestures import Held
    from bauhausbox.games.bauhaus.screen.paint import Geometry
    from bauhausbox.match import Match
    from bauhausbox.ui.anim import Tween
    from bauhausbox.ui.theme import Metrics


def _distance_to_segment(point: pygame.Vector2, start: pygame.Vector2, end: pygame.Vector2) -> float:
    along = end - start
    if along.length_squared() == 0:
        return point.distance_to(start)
    t = max(0.0, min(1.0, (point - start).dot(along) / along.length_squared()))
    return point.distance_to(start + along * t)


class BauhausBoardMarks:
    """Drawing of the marks, ghosts and held pieces on the board; the scene owns the state."""

    if TYPE_CHECKING:  # provided by BauhausScene / GameScene
        metrics: Metrics
        mouse: tuple[int, int]
        rules: BauhausRules
        match: Match
        spectating: bool
        geo: Geometry
        game_rect: pygame.Rect
        card_rects: list[pygame.Rect]
        held: Held | None
        power_mode: tuple[int, str] | None
        placed_tween: tuple[int, Tween] | None

        @property
        def state(self) -> BauhausState: ...
        def actor(self) -> int | None: ...
        def card_kind(self) -> str | None: ...
        def power_moves(self, seat: int) -> list[Move]: ...
        def preview(self) -> tuple[Move | None, str | None]: ...

    def outline_move(self, surface: pygame.Surface, mark: MoveMark[Move]) -> None:
        """What a move changed, outlined: where a token or wall *is now*; a card choice leaves no mark.
        A numbered mark (the recap, the replay) also shows where a moved token or wall came from
        (``origin_shown``). The number goes at ``badge_at``."""
        origin, rects = self._changed(mark.move)
        if origin is not None and rects and self.origin_shown(mark):
            self._draw_origin(surface, origin, rects[0])
        for rect in rects:
            draw.move_outline(surface, rect, self._mark_width())

    def origin_shown(self, mark: MoveMark[Move]) -> bool:
        """Whether the way a moved token or wall went is drawn: only on a numbered mark, and never on
        the end board of a game just played (the replay numbers its moves and may show it there).
        The plain last-move outline says only where it is now, so nothing crosses the board for good."""
        return mark.label is not None and (self.spectating or not self.match.over)

    def badge_at(self, mark: MoveMark[Move]) -> tuple[int, int] | None:
        """The number's first choice (``badge_choices``)."""
        return next(iter(self.badge_choices(mark)), None)

    def badge_choices(self, mark: MoveMark[Move]) -> list[tuple[int, int]]:
        """Where the number may go, best first: on a lattice point inside the board, at a corner of
        the square a token went to or at an end of the wall that was set (for a border wall, at
        the corners of the square beside it). A lattice point lies between four tokens, clear of
        each (a badge in a square's corner covered its token), and never on the coordinates
        beside the board, where a number between two rows would read as a row's number."""
        squares, edges = self._destination(mark.move)
        board = self.rules.board
        size = board.size
        points: list[tuple[int, int]] = []
        for square in squares:
            col, row = board.cell(square)
            points += [(col, row + 1), (col + 1, row + 1), (col, row), (col + 1, row)]  # y up: top first
        for edge in edges:
            horizontal, line, pos = board.edge_line(edge)
            if horizontal:
                inward = 1 if line == 0 else size - 1 if line == size else line
                points += [(pos, line), (pos + 1, line), (pos, inward), (pos + 1, inward)]
            else:
                inward = 1 if line == 0 else size - 1 if line == size else line
                points += [(line, pos + 1), (line, pos), (inward, pos + 1), (inward, pos)]
        inside = dict.fromkeys(p for p in points if 0 < p[0] < size and 0 < p[1] < size)
        return [(round(x), round(y)) for x, y in (self.geo.corner(*p) for p in inside)]

    def _destination(self, move: Move) -> tuple[list[int], list[int]]:
        """The squares and edges a move's tokens and walls are on now (a moved one's old place aside)."""
        squares, edges = list(move.squares), list(move.edges)
        if move.kind == MoveKind.MOVE_TOKEN and len(squares) == 2:
            squares = squares[1:]
        elif move.kind == MoveKind.MOVE_WALL and len(edges) == 2:
            edges = edges[1:]
        return squares, edges

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

    def _draw_origin(self, surface: pygame.Surface, origin: pygame.Rect, target: pygame.Rect) -> None:
        """Where a moved token or wall came from, in the last-move band's ink and white (``draw.move_band``):
        a dot on its old place and an arrow to where it went, drawn under the tokens it passes."""
        geo = self.geo
        layers = draw.move_band(max(2, self.metrics.u(0.3)))
        inner = layers[-1][1]
        start, end = pygame.Vector2(origin.center), pygame.Vector2(target.center)
        far = start.distance_to(end) >= geo.cell * 0.5
        head: list[pygame.Vector2] = []
        if far:
            direction = (end - start).normalize()
            end -= direction * geo.cell * 0.42
            side = pygame.Vector2(-direction.y, direction.x) * geo.cell * 0.14
            back = end - direction * geo.cell * 0.22
            head = [end, back + side, back - side]
        middle = sum(head, pygame.Vector2()) / 3 if head else start
        for colour, width in layers:
            grow = (width - inner) / 2  # the ink layer stands out round the white one
            pygame.draw.circle(surface, colour, origin.center, geo.cell * 0.1 + grow)
            if far:
                pygame.draw.line(surface, colour, start, back, width)
                scale = 1 + grow / (geo.cell * 0.12)
                pygame.draw.polygon(surface, colour, [middle + (point - middle) * scale for point in head])
        if far:
            self._tokens_over(surface, start, back)

    def _tokens_over(self, surface: pygame.Surface, start: pygame.Vector2, end: pygame.Vector2) -> None:
        """Draw again, above the arrow, the tokens whose squares it crosses (it never hides a token)."""
        geo, state = self.geo, self.state
        for square in geo.board.squares:
            token = token_at(state, square)
            if token is None:
                continue
            centre = pygame.Vector2(geo.square_center(square))
            if _distance_to_segment(centre, start, end) < geo.cell * 0.4:
                draw_token(surface, (centre.x, centre.y), geo.cell * 0.34, token[0], token[1])

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

    def note_room(self, pointer: tuple[int, int]) -> pygame.Rect:
        """A refusal on the board keeps its note on the board's squares: beside it the panel's card
        titles and prompt are words to read ("That would close an empty zone" sat on "The card's
        walls go on…"), and the coordinates too."""
        board = self.geo.rect
        return board if board.collidepoint(pointer) else self.game_rect

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
