"""Bauhaus position checks (``docs/rules/bauhaus.md``): which walls, tokens and cards a position allows, and why not.

The analysis of a position (its closed regions, locked zones and free squares, cached per position)
and every "may this be done here?" question the rules ask while listing and applying moves: walls laid,
moved and patterns, tokens placed, moved and swapped, and which display cards can be carried out.
:class:`PositionChecks` is the part of :class:`~bauhausbox.games.bauhaus.rules.BauhausRules` that
answers them; ``rules.py`` runs the turn (legal moves, applying, powers, the end). Pure Python, no pygame.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from bauhausbox.engine.api import Words
from bauhausbox.games.bauhaus.board import Board, bits
from bauhausbox.games.bauhaus.cards import (
    CARDS,
    FREE_WALLS,
    MOVE_TOKEN,
    MOVE_WALL,
    NO_CARD,
    PATTERN,
    PATTERN_BASE,
    PATTERNS,
    PLACE,
    SWAP,
)
from bauhausbox.games.bauhaus.state import (
    RESOLVE,
    SEAT_NAMES,
    BauhausState,
    Zone,
)

BOARD_SIZE = 8

# What the rules answer when a piece is to go back where it stands. A screen probes the piece a player
# is about to pick up with such a move: the rules check the piece itself before its destination, so
# when this is their only complaint the piece may be picked up.
SAME_EDGE = Words("the wall must move to another edge")
SAME_SQUARE = Words("the token must move to another square")
SAME_TOKEN = Words("pick two different tokens")


@dataclass(frozen=True, slots=True)
class Analysis:
    """Facts about a position that legality checks share (cached per state)."""

    closed_regions: tuple[int, ...]
    closed: int  # squares in closed regions
    locked: int  # squares in locked zones
    tokens: int
    deployed: int
    free: int  # squares a token may be placed on or moved to
    forbidden_edges: int  # edges with a side in a locked zone


class PositionChecks:
    """The board of a game of Bauhaus and the legality questions about its positions (the rules' own part)."""

    def __init__(self, size: int = BOARD_SIZE) -> None:
        self.board = Board(size)
        self.size = size
        self._ends = self.board.corner_ends
        self._closed_regions = lru_cache(maxsize=16384)(self._compute_closed_regions)
        self._labels = lru_cache(maxsize=16384)(self.board.wall_labels)
        self._analysis_of = lru_cache(maxsize=4096)(self._analyse)

    # -- analysis -----------------------------------------------------------------------------
    def _compute_closed_regions(self, walls: int) -> tuple[int, ...]:
        return tuple(self.board.closed_regions(walls))

    def _analysis(self, state: BauhausState) -> Analysis:
        return self._analysis_of(state.walls, state.deployed, state.control, state.locked)

    def _analyse(
        self, walls: int, deployed_by_seat: tuple[int, ...], control_by_seat: tuple[int, ...], zones: tuple[int, ...]
    ) -> Analysis:
        b = self.board
        regions = self._closed_regions(walls)
        closed = 0
        for region in regions:
            closed |= region
        locked = 0
        for zone in zones:
            locked |= zone
        deployed = 0
        tokens = 0
        for d, c in zip(deployed_by_seat, control_by_seat, strict=True):
            deployed |= d
            tokens |= d | c
        forbidden = 0
        for square in bits(locked):
            forbidden |= b.square_edges[square]
        return Analysis(
            closed_regions=regions,
            closed=closed,
            locked=locked,
            tokens=tokens,
            deployed=deployed,
            free=b.all_squares & ~tokens & ~locked,
            forbidden_edges=forbidden,
        )

    def analysis(self, state: BauhausState) -> Analysis:
        return self._analysis(state)

    def zones(self, state: BauhausState) -> list[Zone]:
        """Every region of the board with its status (for screens and bots)."""
        closed = set(self._closed_regions(state.walls))
        locked = set(state.locked)
        result = []
        for region in self.board.regions(state.walls):
            colours = tuple(
                seat for seat in range(state.players) if (state.deployed[seat] | state.control[seat]) & region
            )
            result.append(Zone(region, region in closed, region in locked, colours))
        return result

    def region_of(self, state: BauhausState, square: int) -> int:
        return self.board.flood(1 << square, state.walls)

    # -- wall legality --------------------------------------------------------------------------
    def _wall_reason(self, state: BauhausState, a: Analysis, edge: int) -> Words | None:
        """Why a single wall cannot go on ``edge`` now, or None."""
        if state.walls >> edge & 1:
            return Words("that edge already has a wall")
        if a.forbidden_edges >> edge & 1:
            return Words("that edge borders a locked zone")
        if self.board.closes_empty_after(state.walls, self._labels(state.walls), (edge,), a.tokens):
            return Words("that would close an empty zone")
        return None

    def _legal_wall_edges(self, state: BauhausState, a: Analysis) -> Iterator[int]:
        candidates = self.board.all_edges & ~state.walls & ~a.forbidden_edges
        for edge in bits(candidates):
            if not self.board.closes_empty_after(state.walls, self._labels(state.walls), (edge,), a.tokens):
                yield edge

    def _has_second_wall(self, state: BauhausState, a: Analysis, first: int) -> bool:
        """After a first Free wall on ``first``, can a second one still go somewhere?"""
        candidates = self.board.all_edges & ~state.walls & ~a.forbidden_edges & ~(1 << first)
        return any(
            not self.board.closes_empty_after(state.walls, self._labels(state.walls), (first, edge), a.tokens)
            for edge in bits(candidates)
        )

    def _first_free_walls(self, state: BauhausState, a: Analysis) -> Iterator[int]:
        for edge in self._legal_wall_edges(state, a):
            if self._has_second_wall(state, a, edge):
                yield edge

    def _pattern_reason(self, state: BauhausState, a: Analysis, pattern: int, mask: int) -> Words | None:
        if mask not in self.board.pattern_lookup[pattern]:
            return Words("those walls do not form the {pattern} pattern of the card", pattern=PATTERNS[pattern].id)
        if mask & state.walls:
            return Words("an edge of the pattern already has a wall")
        if mask & a.forbidden_edges:
            return Words("the pattern touches a locked zone")
        if self.board.closes_empty_after(state.walls, self._labels(state.walls), tuple(bits(mask)), a.tokens):
            return Words("that would close an empty zone")
        return None

    def _legal_patterns(self, state: BauhausState, a: Analysis, pattern: int) -> Iterator[int]:
        blocked = state.walls | a.forbidden_edges
        for mask, edges in zip(self.board.pattern_placements[pattern], self.board.pattern_edges[pattern], strict=True):
            if not mask & blocked and not self.board.closes_empty_after(
                state.walls, self._labels(state.walls), edges, a.tokens
            ):
                yield mask

    def movable_walls(self, state: BauhausState) -> int:
        """Walls none of whose sides lies in a closed zone, as an edge mask."""
        a = self._analysis(state)
        sides = self.board.edge_sides
        mask = 0
        for edge in bits(state.walls):
            if not sides[edge] & a.closed:
                mask |= 1 << edge
        return mask

    def _move_wall_reason(self, state: BauhausState, a: Analysis, source: int, target: int) -> Words | None:
        if not state.walls >> source & 1:
            return Words("there is no wall there to move")
        if self.board.edge_sides[source] & a.closed:
            return Words("that wall belongs to a closed zone")
        if source == target:
            return SAME_EDGE
        walls = state.walls & ~(1 << source)
        if walls >> target & 1:
            return Words("that edge already has a wall")
        if a.forbidden_edges >> target & 1:
            return Words("that edge borders a locked zone")
        # The labels of the full wall set are a superset's: valid for the test (see Board.closes_empty_after).
        if self.board.closes_empty_after(walls, self._labels(state.walls), (target,), a.tokens):
            return Words("that would close an empty zone")
        return None

    def _legal_wall_moves(self, state: BauhausState, a: Analysis) -> Iterator[tuple[int, int]]:
        ends = self._ends
        labels = self._labels(state.walls)
        targets = list(bits(self.board.all_edges & ~state.walls & ~a.forbidden_edges))
        # Targets whose ends are apart in the full wall network stay apart once a wall is lifted.
        safe = [t for t in targets if labels[ends[t][0]] != labels[ends[t][1]]]
        risky = [t for t in targets if labels[ends[t][0]] == labels[ends[t][1]]]
        for source in bits(self.movable_walls(state)):
            walls = state.walls & ~(1 << source)
            ok = set(safe)
            for target in risky:
                if not self.board.closes_empty(walls | (1 << target), self.board.edge_sides[target], a.tokens):
                    ok.add(target)
            for target in sorted(ok):
                yield source, target

    # -- token legality -------------------------------------------------------------------------
    def _square_reason(self, a: Analysis, square: int) -> Words | None:
        """Why a token cannot arrive on ``square``, or None."""
        if a.tokens >> square & 1:
            return Words("that square is taken")
        if a.locked >> square & 1:
            return Words("that square is in a locked zone")
        return None

    def _leaves_empty(self, a: Analysis, source: int, target: int) -> bool:
        """Whether moving the token on ``source`` to ``target`` empties its closed region."""
        if not a.closed >> source & 1:
            return False
        for region in a.closed_regions:
            if region >> source & 1:
                return not region >> target & 1 and not (a.tokens & region & ~(1 << source))
        return False

    def _move_token_reason(self, state: BauhausState, a: Analysis, source: int, target: int) -> Words | None:
        if not a.tokens >> source & 1:
            return Words("there is no token there")
        if not a.deployed >> source & 1:
            return Words("that token shows its control face and cannot move")
        if source == target:
            return SAME_SQUARE
        reason = self._square_reason(a, target)
        if reason:
            return reason
        if self._leaves_empty(a, source, target):
            return Words("that would leave a closed zone empty")
        return None

    def _legal_token_moves(self, state: BauhausState, a: Analysis) -> Iterator[tuple[int, int]]:
        for source in bits(a.deployed):
            for target in bits(a.free):
                if not self._leaves_empty(a, source, target):
                    yield source, target

    def _seat_at(self, state: BauhausState, square: int) -> int | None:
        for seat in range(state.players):
            if (state.deployed[seat] | state.control[seat]) >> square & 1:
                return seat
        return None

    def _swap_reason(self, state: BauhausState, a: Analysis, first: int, second: int) -> Words | None:
        for square in (first, second):
            if not a.tokens >> square & 1:
                return Words("pick two tokens to swap")
            if not a.deployed >> square & 1:
                return Words("a token showing its control face cannot be swapped")
        if first == second:
            return SAME_TOKEN
        if self._seat_at(state, first) == self._seat_at(state, second):
            return Words("the two tokens must be of different colours")
        return None

    def _legal_swaps(self, state: BauhausState) -> Iterator[tuple[int, int]]:
        for seat, mine in enumerate(state.deployed):
            others = 0
            for other in range(seat + 1, state.players):
                others |= state.deployed[other]
            for first in bits(mine):
                for second in bits(others):
                    yield (first, second) if first < second else (second, first)

    # -- cards ----------------------------------------------------------------------------------
    def card_playable(self, state: BauhausState, card: int, chooser: int) -> bool:
        """Whether ``card`` can be carried out now for ``chooser`` (a whole resolution exists)."""
        return self.card_reason(state, card, chooser) is None

    def card_reason(self, state: BauhausState, card: int, chooser: int) -> Words | None:
        """Why ``card`` cannot be carried out now for ``chooser``, in words for players; ``None`` when
        a whole resolution of it exists."""
        a = self._analysis(state)
        info = CARDS[card]
        if state.supply < info.walls:
            # One sentence per count (none, one, several), so that no language has to agree a fragment.
            if state.supply == 0:
                return Words("no walls are left in the supply (the card needs {needed})", needed=info.walls)
            if state.supply == 1:
                return Words("only 1 wall is left in the supply (the card needs {needed})", needed=info.walls)
            return Words(
                "only {left} walls are left in the supply (the card needs {needed})",
                left=state.supply,
                needed=info.walls,
            )
        if info.kind == PLACE:
            if state.reserve[chooser] == 0:
                return Words("{seat}'s reserve is empty", seat=Words(SEAT_NAMES[chooser]))
            return None if a.free != 0 else Words("no square is free")
        if info.kind == FREE_WALLS:
            found = next(self._first_free_walls(state, a), None) is not None
            return None if found else Words("two more walls fit nowhere on the board")
        if info.kind == PATTERN:
            found = next(self._legal_patterns(state, a, card - PATTERN_BASE), None) is not None
            return None if found else Words("the pattern fits nowhere on the board")
        if info.kind == MOVE_WALL:
            return self._move_wall_card_reason(state, a)
        if info.kind == MOVE_TOKEN:
            # The reason that fits the position: no token to move at all, or none with a free square.
            if a.deployed == 0:
                return Words("no token showing its deployed face is on the board")
            found = next(self._legal_token_moves(state, a), None) is not None
            return None if found else Words("no token showing its deployed face can move")
        if info.kind == SWAP:
            found = next(self._legal_swaps(state), None) is not None
            return None if found else Words("there are no two deployed tokens of different colours")
        raise AssertionError(info.kind)

    def _move_wall_card_reason(self, state: BauhausState, a: Analysis) -> Words | None:
        """Why no wall can be moved, said as the position is: no wall at all, every wall held by a
        closed zone, or no edge for the movable ones (``None`` when a wall can move)."""
        if state.walls == 0:
            return Words("there is no wall on the board yet")
        if self.movable_walls(state) == 0:
            return Words("every wall on the board belongs to a closed zone")
        found = next(self._legal_wall_moves(state, a), None) is not None
        return None if found else Words("no movable wall has an allowed edge to go to")

    def playable_slots(self, state: BauhausState) -> list[int]:
        seen: dict[int, bool] = {}
        slots = []
        for slot, card in enumerate(state.display):
            if card == NO_CARD:
                continue
            if card not in seen:
                seen[card] = self.card_playable(state, card, state.turn)
            if seen[card]:
                slots.append(slot)
        return slots

    def chosen_card(self, state: BauhausState) -> int:
        return state.display[state.chosen] if state.phase == RESOLVE else NO_CARD
