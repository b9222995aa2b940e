"""Bauhaus rules (our edition: 8×8 board, 144 edges, 66 walls, 71 action cards, 7 wall patterns).

Pure Python, no pygame. The state machine splits a card turn into decisions, so that "a card was
chosen and is being resolved" is a position of its own (the moment Mind Control acts on):

- ``opening``: each seat in turn places one token (``place d4``);
- ``choose``: the seat to play picks a performable display card (``card2``), or, when none can be
  carried out, discards one (``discard card2``, our clogged-display rule);
- ``resolve``: the chosen card is carried out by ``to_play`` (the chooser, or Blue after Mind
  Control): ``place d4``, ``wall c3N`` (Free walls: one move per wall, two moves), ``walls c3N,c3E``
  (a pattern, all at once), ``move-wall b2E>f6N``, ``move e5>a1``, ``swap c3,f6``. Then the card is
  discarded, the slot refilled from the deck and the turn passes;
- ``over``: the deck and the display are empty.

Powers (option ``powers``) are out-of-turn moves of their owner, ``power:mind``, ``power:shared e4``,
``power:forced e4`` and, for Black, ``power:mimetic:mind`` etc.; they are legal in ``choose`` and in
``resolve`` before anything of the card has been placed.

Zones are recomputed after every action: closed regions holding one colour turn their tokens to the
control face; a closed region whose tokens all show the control face is *locked* (kept in
``state.locked`` so that the invariant check can tell if one ever changes).
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from functools import lru_cache

from bauhausbox.engine.api import (
    GameInfo,
    GameRules,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    OptionSpec,
    OptionValue,
    ScoreRow,
    Seat,
)
from bauhausbox.engine.rng import Rng
from bauhausbox.games.bauhaus.board import Board, bits
from bauhausbox.games.bauhaus.cards import (
    CARDS,
    DISPLAY_SIZE,
    FREE_WALLS,
    MOVE_TOKEN,
    MOVE_WALL,
    NO_CARD,
    PATTERN,
    PATTERN_BASE,
    PATTERNS,
    PLACE,
    SWAP,
    TOKENS_PER_PLAYER,
    TOTAL_WALLS,
    card_name,
    deck_for,
    parse_card,
)

BOARD_SIZE = 8

COLOURS: tuple[str, ...] = ("blue", "yellow", "red", "black")
SEAT_NAMES: tuple[str, ...] = ("Blue", "Yellow", "Red", "Black")
TOKEN_LETTERS = "byrk"  # board pictures: lower case = deployed face, upper case = control face

OPENING, CHOOSE, RESOLVE, OVER = "opening", "choose", "resolve", "over"

MIND, SHARED, FORCED, MIMETIC = "mind", "shared", "forced", "mimetic"
POWER_OF_SEAT: tuple[str, ...] = (MIND, SHARED, FORCED, MIMETIC)
POWER_TITLES = {MIND: "Mind Control", SHARED: "Shared Control", FORCED: "Forced Control", MIMETIC: "Mimetic Control"}


@dataclass(frozen=True, slots=True)
class BauhausState:
    """A whole Bauhaus position. Squares and edges are bits (see :mod:`board`); cards are indices
    into :data:`cards.CARDS`, ``-1`` being an empty display slot."""

    size: int
    players: int
    powers: bool
    first: int  # who placed the first opening token and played the first card
    phase: str
    turn: int  # the seat whose turn it is (placing in the opening, choosing a card afterwards)
    to_play: int | None  # who decides now: ``turn``, or Blue resolving under Mind Control
    walls: int
    deployed: tuple[int, ...]  # per seat: squares of its tokens showing the deployed face
    control: tuple[int, ...]  # per seat: squares of its tokens showing the control face
    reserve: tuple[int, ...]
    supply: int
    deck: tuple[int, ...]  # top card first; hidden (views sort it)
    display: tuple[int, ...]
    discard: tuple[int, ...]
    chosen: int = -1  # the display slot being resolved
    placed: int = 0  # Free walls placed so far for the chosen card
    used: tuple[bool, ...] = ()  # powers used, per seat
    locked: tuple[int, ...] = ()  # locked zones (square masks), ascending

    # Deeply immutable (ints and tuples of ints), so a copy is the object itself.
    def __copy__(self) -> BauhausState:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> BauhausState:
        return self


_STATE_FIELDS = tuple(f.name for f in fields(BauhausState))
_set = object.__setattr__


def _evolve(state: BauhausState, **changes: object) -> BauhausState:
    """``dataclasses.replace`` without its checks: a few times faster, and bots call it a lot."""
    new = object.__new__(BauhausState)
    for name in _STATE_FIELDS:
        _set(new, name, changes[name] if name in changes else getattr(state, name))
    return new


@dataclass(frozen=True, slots=True, repr=False)
class Move:
    """One decision. ``kind`` is card, discard, place, wall, walls, move-wall, move, swap or power."""

    kind: str
    slot: int = -1
    squares: tuple[int, ...] = ()
    edges: tuple[int, ...] = ()
    power: str = ""  # "mind", "shared", "forced" or "mimetic:<one of those>"

    def __repr__(self) -> str:
        # Plain f-string: the dataclass repr is slow and move lists run to thousands.
        return f"Move({self.kind!r}, {self.slot}, {self.squares}, {self.edges}, {self.power!r})"


@dataclass(frozen=True, slots=True)
class Zone:
    """A region of the board as players see it."""

    squares: int
    closed: bool
    locked: bool
    colours: tuple[int, ...]  # seats with a token inside

    @property
    def status(self) -> str:
        """``open``, ``unowned`` (closed, mixed), ``owned`` or ``shared`` (locked, mixed)."""
        if not self.closed:
            return "open"
        if not self.locked:
            return "unowned"
        return "owned" if len(self.colours) == 1 else "shared"

    @property
    def size(self) -> int:
        return self.squares.bit_count()


@dataclass(frozen=True, slots=True)
class _Analysis:
    """Facts about a position that legality checks share (cached per state)."""

    closed_regions: tuple[int, ...]
    closed: int  # squares in closed regions
    locked: int  # squares in locked zones
    tokens: int
    deployed: int
    free: int  # squares a token may be placed on or moved to
    forbidden_edges: int  # edges with a side in a locked zone


_SEP = re.compile(r"\s+")


class BauhausRules(GameRules[BauhausState, Move]):
    def __init__(self, size: int = BOARD_SIZE) -> None:
        self.board = Board(size)
        self.size = size
        self.info = GameInfo(
            id="bauhaus",
            title="Bauhaus",
            tagline="Close zones with walls, fill them with your colour.",
            min_players=2,
            max_players=4,
            default_players=2,
            options=(
                OptionSpec(
                    "powers",
                    "Special powers",
                    ((False, "Off"), (True, "On")),
                    False,
                    help="Each colour may shout Bauhaus! once: Mind, Shared, Forced or Mimetic Control.",
                ),
            ),
            seat_names=SEAT_NAMES,
            levels=("easy", "medium", "hard"),
            hidden_information=True,
            # ``docs/rules/bauhaus.md``: "Starting seat: random, or the winner of the previous game in
            # the same session" (Match.restart picks a seed whose random starter is that winner).
            winner_starts=True,
            conformance_scale=0.25,
            # Bots answer in well under a second; the selfplay budgets only guard against a loaded machine.
            think_seconds={"easy": 1.0, "medium": 1.5, "hard": 2.0},
        )
        b = self.board
        n1 = size + 1
        # The two corner points at the ends of each edge (corner id = y * (size + 1) + x).
        ends: dict[int, tuple[int, int]] = {}
        for edge in b.edges:
            horizontal, line, pos = b.edge_line(edge)
            if horizontal:
                ends[edge] = (line * n1 + pos, line * n1 + pos + 1)
            else:
                ends[edge] = (pos * n1 + line, (pos + 1) * n1 + line)
        self._ends = ends
        self._corners = n1 * n1
        self._closed_regions = lru_cache(maxsize=16384)(self._compute_closed_regions)
        self._labels = lru_cache(maxsize=16384)(self._compute_labels)
        self._analysis_of = lru_cache(maxsize=4096)(self._analyse)
        self._moves_of = lru_cache(maxsize=256)(self._compute_turn_moves)

    # -- setting up ---------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, **options: OptionValue) -> BauhausState:
        opts = self.normalize_options(players, options)
        rng = Rng.from_seed(seed)
        deck, rng = rng.shuffle(deck_for(players))
        first, rng = rng.below(players)
        return BauhausState(
            size=self.size,
            players=players,
            powers=bool(opts["powers"]),
            first=first,
            phase=OPENING,
            turn=first,
            to_play=first,
            walls=0,
            deployed=(0,) * players,
            control=(0,) * players,
            reserve=(TOKENS_PER_PLAYER,) * players,
            supply=TOTAL_WALLS,
            deck=deck[DISPLAY_SIZE:],
            display=deck[:DISPLAY_SIZE],
            discard=(),
            used=(False,) * players,
        )

    # -- analysis -----------------------------------------------------------------------------
    def _compute_closed_regions(self, walls: int) -> tuple[int, ...]:
        return tuple(self.board.closed_regions(walls))

    def _compute_labels(self, walls: int) -> tuple[int, ...]:
        """Label each corner with its component in the graph of walls (corners joined by walls).

        A new wall closes off a new region exactly when its two ends already share a label: by
        planar duality a cycle of walls (border walls included) is what separates squares.
        """
        parent = list(range(self._corners))
        ends = self._ends
        for edge in bits(walls):
            p, q = ends[edge]
            while parent[p] != p:
                p = parent[p]
            while parent[q] != q:
                q = parent[q]
            if p != q:
                parent[p] = q
        labels = []
        for x in range(self._corners):
            while parent[x] != x:
                x = parent[x]
            labels.append(x)
        return tuple(labels)

    def _analysis(self, state: BauhausState) -> _Analysis:
        return self._analysis_of(state.walls, state.deployed, state.control, state.locked)

    def _analyse(
        self, walls: int, deployed_by_seat: tuple[int, ...], control_by_seat: tuple[int, ...], zones: tuple[int, ...]
    ) -> _Analysis:
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
        return _Analysis(
            closed_regions=regions,
            closed=closed,
            locked=locked,
            tokens=tokens,
            deployed=deployed,
            free=b.all_squares & ~tokens & ~locked,
            forbidden_edges=forbidden,
        )

    def analysis(self, state: BauhausState) -> _Analysis:
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
    def _closes_empty(self, walls: int, labels: tuple[int, ...], new_edges: tuple[int, ...], tokens: int) -> bool:
        """Whether adding ``new_edges`` to ``walls`` leaves some closed region without a token.

        ``labels`` are corner components of ``walls`` or of any superset of it: if the new walls
        make no cycle there, they make none in ``walls`` either, and no region can have closed.
        """
        ends = self._ends
        if len(new_edges) == 1:
            p, q = ends[new_edges[0]]
            if labels[p] != labels[q]:
                return False
        else:
            # Merge the new walls' ends on top of the labels, looking for a cycle.
            joined: dict[int, int] = {}
            cycle = False
            for edge in new_edges:
                p, q = ends[edge]
                rp, rq = labels[p], labels[q]
                while rp in joined:
                    rp = joined[rp]
                while rq in joined:
                    rq = joined[rq]
                if rp == rq:
                    cycle = True
                    break
                joined[rp] = rq
            if not cycle:
                return False
        sides = self.board.edge_sides
        around = 0
        mask = 0
        for edge in new_edges:
            around |= sides[edge]
            mask |= 1 << edge
        return self.board.closes_empty(walls | mask, around, tokens)

    def _wall_reason(self, state: BauhausState, a: _Analysis, edge: int) -> str | None:
        """Why a single wall cannot go on ``edge`` now, or None."""
        if state.walls >> edge & 1:
            return "that edge already has a wall"
        if a.forbidden_edges >> edge & 1:
            return "that edge borders a locked zone"
        if self._closes_empty(state.walls, self._labels(state.walls), (edge,), a.tokens):
            return "that would close an empty zone"
        return None

    def _legal_wall_edges(self, state: BauhausState, a: _Analysis) -> Iterator[int]:
        candidates = self.board.all_edges & ~state.walls & ~a.forbidden_edges
        for edge in bits(candidates):
            if not self._closes_empty(state.walls, self._labels(state.walls), (edge,), a.tokens):
                yield edge

    def _has_second_wall(self, state: BauhausState, a: _Analysis, first: int) -> bool:
        """After a first Free wall on ``first``, can a second one still go somewhere?"""
        candidates = self.board.all_edges & ~state.walls & ~a.forbidden_edges & ~(1 << first)
        return any(
            not self._closes_empty(state.walls, self._labels(state.walls), (first, edge), a.tokens)
            for edge in bits(candidates)
        )

    def _first_free_walls(self, state: BauhausState, a: _Analysis) -> Iterator[int]:
        for edge in self._legal_wall_edges(state, a):
            if self._has_second_wall(state, a, edge):
                yield edge

    def _pattern_reason(self, state: BauhausState, a: _Analysis, pattern: int, mask: int) -> str | None:
        if mask not in self.board.pattern_lookup[pattern]:
            return f"those walls do not form the {PATTERNS[pattern].id} pattern of the card"
        if mask & state.walls:
            return "an edge of the pattern already has a wall"
        if mask & a.forbidden_edges:
            return "the pattern touches a locked zone"
        if self._closes_empty(state.walls, self._labels(state.walls), tuple(bits(mask)), a.tokens):
            return "that would close an empty zone"
        return None

    def _legal_patterns(self, state: BauhausState, a: _Analysis, pattern: int) -> Iterator[int]:
        blocked = state.walls | a.forbidden_edges
        for mask, edges in zip(self.board.pattern_placements[pattern], self.board.pattern_edges[pattern], strict=True):
            if not mask & blocked and not self._closes_empty(state.walls, self._labels(state.walls), edges, a.tokens):
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

    def _move_wall_reason(self, state: BauhausState, a: _Analysis, source: int, target: int) -> str | None:
        if not state.walls >> source & 1:
            return "there is no wall there to move"
        if self.board.edge_sides[source] & a.closed:
            return "that wall belongs to a closed zone"
        if source == target:
            return "the wall must move to another edge"
        walls = state.walls & ~(1 << source)
        if walls >> target & 1:
            return "that edge already has a wall"
        if a.forbidden_edges >> target & 1:
            return "that edge borders a locked zone"
        # The labels of the full wall set are a superset's: valid for the test (see _closes_empty).
        if self._closes_empty(walls, self._labels(state.walls), (target,), a.tokens):
            return "that would close an empty zone"
        return None

    def _legal_wall_moves(self, state: BauhausState, a: _Analysis) -> Iterator[tuple[int, int]]:
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
    def _square_reason(self, a: _Analysis, square: int) -> str | None:
        """Why a token cannot arrive on ``square``, or None."""
        if a.tokens >> square & 1:
            return "that square is taken"
        if a.locked >> square & 1:
            return "that square is in a locked zone"
        return None

    def _leaves_empty(self, a: _Analysis, source: int, target: int) -> bool:
        """Whether moving the token on ``source`` to ``target`` empties its closed region."""
        if not a.closed >> source & 1:
            return False
        for region in a.closed_regions:
            if region >> source & 1:
                return not region >> target & 1 and not (a.tokens & region & ~(1 << source))
        return False

    def _move_token_reason(self, state: BauhausState, a: _Analysis, source: int, target: int) -> str | None:
        if not a.tokens >> source & 1:
            return "there is no token there"
        if not a.deployed >> source & 1:
            return "that token shows its control face and cannot move"
        if source == target:
            return "the token must move to another square"
        reason = self._square_reason(a, target)
        if reason:
            return reason
        if self._leaves_empty(a, source, target):
            return "that would leave a closed zone empty"
        return None

    def _legal_token_moves(self, state: BauhausState, a: _Analysis) -> Iterator[tuple[int, int]]:
        for source in bits(a.deployed):
            for target in bits(a.free):
                if not self._leaves_empty(a, source, target):
                    yield source, target

    def _seat_at(self, state: BauhausState, square: int) -> int | None:
        for seat in range(state.players):
            if (state.deployed[seat] | state.control[seat]) >> square & 1:
                return seat
        return None

    def _swap_reason(self, state: BauhausState, a: _Analysis, first: int, second: int) -> str | None:
        for square in (first, second):
            if not a.tokens >> square & 1:
                return "pick two tokens to swap"
            if not a.deployed >> square & 1:
                return "a token showing its control face cannot be swapped"
        if self._seat_at(state, first) == self._seat_at(state, second):
            return "the two tokens must be of different colours"
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
        a = self._analysis(state)
        info = CARDS[card]
        if state.supply < info.walls:
            return False
        if info.kind == PLACE:
            return state.reserve[chooser] > 0 and a.free != 0
        if info.kind == FREE_WALLS:
            return next(self._first_free_walls(state, a), None) is not None
        if info.kind == PATTERN:
            return next(self._legal_patterns(state, a, card - PATTERN_BASE), None) is not None
        if info.kind == MOVE_WALL:
            return next(self._legal_wall_moves(state, a), None) is not None
        if info.kind == MOVE_TOKEN:
            return next(self._legal_token_moves(state, a), None) is not None
        if info.kind == SWAP:
            return next(self._legal_swaps(state), None) is not None
        raise AssertionError(info.kind)

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

    # -- legal moves ----------------------------------------------------------------------------
    def legal_moves(self, state: BauhausState, seat: Seat | None = None) -> list[Move]:
        mover = self.seat_or_to_play(state, seat)
        if state.to_play is None or mover is None:
            return []
        moves = self._turn_moves(state) if mover == state.to_play else []
        return moves + self._power_moves(state, mover)

    def _turn_moves(self, state: BauhausState) -> list[Move]:
        # Cached without the deck, so a view (sorted deck) shares its moves with the real state.
        return list(self._moves_of(_evolve(state, deck=(), discard=())))

    def _compute_turn_moves(self, state: BauhausState) -> tuple[Move, ...]:
        return tuple(self._list_turn_moves(state))

    def _list_turn_moves(self, state: BauhausState) -> list[Move]:
        a = self._analysis(state)
        if state.phase == OPENING:
            return [Move("place", squares=(s,)) for s in bits(a.free)]
        if state.phase == CHOOSE:
            slots = self.playable_slots(state)
            if slots:
                return [Move("card", slot=slot) for slot in slots]
            return [Move("discard", slot=slot) for slot, card in enumerate(state.display) if card != NO_CARD]
        info = CARDS[self.chosen_card(state)]
        if info.kind == PLACE:
            return [Move("place", squares=(s,)) for s in bits(a.free)]
        if info.kind == FREE_WALLS:
            edges = self._first_free_walls(state, a) if state.placed == 0 else self._legal_wall_edges(state, a)
            return [Move("wall", edges=(e,)) for e in edges]
        if info.kind == PATTERN:
            pattern = self.chosen_card(state) - PATTERN_BASE
            return [Move("walls", edges=tuple(bits(m))) for m in self._legal_patterns(state, a, pattern)]
        if info.kind == MOVE_WALL:
            return [Move("move-wall", edges=pair) for pair in self._legal_wall_moves(state, a)]
        if info.kind == MOVE_TOKEN:
            return [Move("move", squares=pair) for pair in self._legal_token_moves(state, a)]
        return [Move("swap", squares=pair) for pair in sorted(self._legal_swaps(state))]

    # -- applying -------------------------------------------------------------------------------
    def apply(self, state: BauhausState, move: Move, seat: Seat | None = None) -> BauhausState:
        mover = self.seat_or_to_play(state, seat)
        if state.to_play is None or mover is None:
            raise IllegalMoveError("the game is over")
        if move.kind == "power":
            return self._apply_power(state, mover, move)
        if mover != state.to_play:
            raise IllegalMoveError(f"it is {SEAT_NAMES[state.to_play]}'s turn to decide")
        if state.phase == OPENING:
            return self._apply_opening(state, move)
        if state.phase == CHOOSE:
            return self._apply_choice(state, move)
        return self._apply_resolution(state, move)

    def _apply_opening(self, state: BauhausState, move: Move) -> BauhausState:
        if move.kind != "place":
            raise IllegalMoveError("in the opening round each player places one token")
        square = self._one(move.squares)
        reason = self._square_reason(self._analysis(state), square)
        if reason:
            raise IllegalMoveError(reason)
        state = self._put_token(state, state.turn, square)
        following = (state.turn + 1) % state.players
        if following == state.first:
            return _evolve(state, phase=CHOOSE, turn=following, to_play=following)
        return _evolve(state, turn=following, to_play=following)

    def _apply_choice(self, state: BauhausState, move: Move) -> BauhausState:
        if move.kind not in ("card", "discard"):
            raise IllegalMoveError("choose one of the face-up cards first")
        if not 0 <= move.slot < DISPLAY_SIZE or state.display[move.slot] == NO_CARD:
            raise IllegalMoveError("there is no card in that place")
        playable = self.playable_slots(state)
        if move.kind == "discard":
            if playable:
                raise IllegalMoveError("a card can still be carried out; you may discard only when none can")
            return self._finish_card(_evolve(state, chosen=move.slot))
        if move.slot not in playable:
            raise IllegalMoveError("that card cannot be carried out now")
        return _evolve(state, phase=RESOLVE, chosen=move.slot, placed=0)

    def _apply_resolution(self, state: BauhausState, move: Move) -> BauhausState:
        a = self._analysis(state)
        card = self.chosen_card(state)
        info = CARDS[card]
        expected = {
            PLACE: "place",
            FREE_WALLS: "wall",
            PATTERN: "walls",
            MOVE_WALL: "move-wall",
            MOVE_TOKEN: "move",
            SWAP: "swap",
        }[info.kind]
        if move.kind != expected:
            raise IllegalMoveError(f"carry out the chosen card: {info.title}")
        if info.kind == PLACE:
            square = self._one(move.squares)
            if state.reserve[state.turn] == 0:
                raise IllegalMoveError("no tokens left in the reserve")
            reason = self._square_reason(a, square)
            if reason:
                raise IllegalMoveError(reason)
            return self._finish_card(self._settle(self._put_token(state, state.turn, square)))
        if info.kind == FREE_WALLS:
            edge = self._one(move.edges)
            self._need_walls(state, 2 - state.placed)
            reason = self._wall_reason(state, a, edge)
            if reason is None and state.placed == 0 and not self._has_second_wall(state, a, edge):
                reason = "then the second wall could go nowhere"
            if reason:
                raise IllegalMoveError(reason)
            after = self._settle(_evolve(state, walls=state.walls | (1 << edge), supply=state.supply - 1))
            if state.placed == 0:
                return _evolve(after, placed=1)
            return self._finish_card(after)
        if info.kind == PATTERN:
            self._need_walls(state, info.walls)
            mask = 0
            for edge in move.edges:
                mask |= 1 << edge
            if mask.bit_count() != len(move.edges):
                raise InvalidMoveError("an edge is listed twice")
            reason = self._pattern_reason(state, a, card - PATTERN_BASE, mask)
            if reason:
                raise IllegalMoveError(reason)
            after = _evolve(state, walls=state.walls | mask, supply=state.supply - info.walls)
            return self._finish_card(self._settle(after))
        if info.kind == MOVE_WALL:
            source, target = self._two(move.edges)
            reason = self._move_wall_reason(state, a, source, target)
            if reason:
                raise IllegalMoveError(reason)
            after = _evolve(state, walls=(state.walls & ~(1 << source)) | (1 << target))
            return self._finish_card(self._settle(after))
        if info.kind == MOVE_TOKEN:
            source, target = self._two(move.squares)
            reason = self._move_token_reason(state, a, source, target)
            if reason:
                raise IllegalMoveError(reason)
            owner = self._seat_at(state, source)
            assert owner is not None
            deployed = list(state.deployed)
            deployed[owner] = (deployed[owner] & ~(1 << source)) | (1 << target)
            return self._finish_card(self._settle(_evolve(state, deployed=tuple(deployed))))
        first, second = self._two(move.squares)
        reason = self._swap_reason(state, a, first, second)
        if reason:
            raise IllegalMoveError(reason)
        one, two = self._seat_at(state, first), self._seat_at(state, second)
        assert one is not None and two is not None
        deployed = list(state.deployed)
        both = (1 << first) | (1 << second)
        deployed[one] ^= both
        deployed[two] ^= both
        return self._finish_card(self._settle(_evolve(state, deployed=tuple(deployed))))

    @staticmethod
    def _one(values: tuple[int, ...]) -> int:
        if len(values) != 1:
            raise InvalidMoveError("expected exactly one square or edge")
        return values[0]

    @staticmethod
    def _two(values: tuple[int, ...]) -> tuple[int, int]:
        if len(values) != 2:
            raise InvalidMoveError("expected exactly two squares or edges")
        return values[0], values[1]

    @staticmethod
    def _need_walls(state: BauhausState, count: int) -> None:
        if state.supply < count:
            raise IllegalMoveError("not enough walls left in the supply")

    def _put_token(self, state: BauhausState, seat: int, square: int) -> BauhausState:
        deployed = list(state.deployed)
        deployed[seat] |= 1 << square
        reserve = list(state.reserve)
        reserve[seat] -= 1
        return _evolve(state, deployed=tuple(deployed), reserve=tuple(reserve))

    def _settle(self, state: BauhausState) -> BauhausState:
        """Re-evaluate zones: one-colour closed regions flip to control; all-control ones lock."""
        locked = set(state.locked)
        deployed = list(state.deployed)
        control = list(state.control)
        for region in self._closed_regions(state.walls):
            if region in locked:
                continue
            present = [seat for seat in range(state.players) if (deployed[seat] | control[seat]) & region]
            if len(present) == 1:
                seat = present[0]
                control[seat] |= deployed[seat] & region
                deployed[seat] &= ~region
            if present and not any(d & region for d in deployed):
                locked.add(region)
        new_locked = tuple(sorted(locked))
        if new_locked == state.locked and tuple(deployed) == state.deployed:
            return state
        return _evolve(state, deployed=tuple(deployed), control=tuple(control), locked=new_locked)

    def _finish_card(self, state: BauhausState) -> BauhausState:
        """Discard the chosen card, refill its slot, pass the turn; the game ends when no card is left."""
        slot = state.chosen
        display = list(state.display)
        discard = (*state.discard, display[slot])
        if state.deck:
            display[slot], deck = state.deck[0], state.deck[1:]
        else:
            display[slot], deck = NO_CARD, ()
        following = (state.turn + 1) % state.players
        over = not deck and all(card == NO_CARD for card in display)
        return _evolve(
            state,
            display=tuple(display),
            deck=deck,
            discard=discard,
            chosen=-1,
            placed=0,
            phase=OVER if over else CHOOSE,
            turn=following,
            to_play=None if over else following,
        )

    # -- powers ---------------------------------------------------------------------------------
    def power_window(self, state: BauhausState) -> bool:
        """Whether the game is at a point where powers may be used."""
        return state.powers and (state.phase == CHOOSE or (state.phase == RESOLVE and state.placed == 0))

    def powers_of(self, state: BauhausState, seat: int) -> list[str]:
        """The power effects ``seat`` could still use in this game (ignoring the moment)."""
        if not state.powers or state.used[seat]:
            return []
        own = POWER_OF_SEAT[seat]
        if own != MIMETIC:
            return [own]
        return [f"{MIMETIC}:{p}" for owner, p in enumerate(POWER_OF_SEAT[:3]) if not state.used[owner]]

    def _power_targets(self, state: BauhausState, seat: int, effect: str) -> list[tuple[int, ...]]:
        """The squares a power may name now: none for Mind Control (when it applies), the first square
        of each unowned closed zone for Shared Control, each deployed token for Forced Control."""
        a = self._analysis(state)
        if effect == MIND:
            ok = state.phase == RESOLVE and state.placed == 0 and state.to_play == state.turn and state.turn != seat
            return [()] if ok else []
        if effect == SHARED:
            return [((r & -r).bit_length() - 1,) for r in a.closed_regions if not r & a.locked]
        return [(s,) for s in bits(a.deployed)]

    def _power_moves(self, state: BauhausState, seat: int) -> list[Move]:
        if not self.power_window(state):
            return []
        moves = []
        for power in self.powers_of(state, seat):
            effect = power.rpartition(":")[2]
            moves += [Move("power", squares=target, power=power) for target in self._power_targets(state, seat, effect)]
        return moves

    def _apply_power(self, state: BauhausState, seat: int, move: Move) -> BauhausState:
        if not state.powers:
            raise IllegalMoveError("special powers are not in use in this game")
        if state.used[seat]:
            raise IllegalMoveError("that power has already been used")
        if not self.power_window(state):
            raise IllegalMoveError("powers are used before a card is chosen, right after, or after it resolves")
        effect = move.power.rpartition(":")[2]
        if move.power not in self.powers_of(state, seat):
            if move.power.startswith(MIMETIC):
                raise IllegalMoveError(f"Mimetic Control can copy only a power that is still unused ({move.power})")
            raise IllegalMoveError(f"{SEAT_NAMES[seat]} does not have {POWER_TITLES.get(effect, move.power)}")
        a = self._analysis(state)
        used = tuple(u or s == seat for s, u in enumerate(state.used))
        if effect == MIND:
            if (state.phase, state.placed) != (RESOLVE, 0) or state.to_play != state.turn or state.turn == seat:
                raise IllegalMoveError("Mind Control is used right after another player chooses a card")
            return _evolve(state, used=used, to_play=seat)
        square = self._one(move.squares)
        if effect == SHARED:
            region = next((r for r in a.closed_regions if r >> square & 1), 0)
            if not region or region & a.locked:
                raise IllegalMoveError("choose an unowned closed zone")
            control = tuple(c | (d & region) for c, d in zip(state.control, state.deployed, strict=True))
            deployed = tuple(d & ~region for d in state.deployed)
        elif effect == FORCED:
            if not a.deployed >> square & 1:
                raise IllegalMoveError("choose a token showing its deployed face")
            control = tuple(c | (d & (1 << square)) for c, d in zip(state.control, state.deployed, strict=True))
            deployed = tuple(d & ~(1 << square) for d in state.deployed)
        else:
            raise InvalidMoveError(f"unknown power {move.power!r}")
        after = self._settle(_evolve(state, used=used, control=control, deployed=deployed))
        if after.phase == RESOLVE and not self.card_playable(after, self.chosen_card(after), after.turn):
            # The power made the chosen card impossible: the choice is void and the player chooses again.
            after = _evolve(after, phase=CHOOSE, chosen=-1, to_play=after.turn)
        return after

    # -- notation -------------------------------------------------------------------------------
    def format_move(self, state: BauhausState, move: Move) -> str:
        b = self.board
        sq = b.square_name
        if move.kind == "card":
            return f"card{move.slot}"
        if move.kind == "discard":
            return f"discard card{move.slot}"
        if move.kind == "place":
            return f"place {sq(move.squares[0])}"
        if move.kind in ("wall", "walls"):
            return f"{move.kind} {','.join(b.edge_name(e) for e in move.edges)}"
        if move.kind == "move-wall":
            return f"move-wall {b.edge_name(move.edges[0])}>{b.edge_name(move.edges[1])}"
        if move.kind == "move":
            return f"move {sq(move.squares[0])}>{sq(move.squares[1])}"
        if move.kind == "swap":
            return f"swap {sq(move.squares[0])},{sq(move.squares[1])}"
        if move.kind == "power":
            target = f" {sq(move.squares[0])}" if move.squares else ""
            return f"power:{move.power}{target}"
        raise InvalidMoveError(f"unknown move kind {move.kind!r}")

    def parse_move(self, state: BauhausState, text: str, seat: Seat | None = None) -> Move:
        self.seat_or_to_play(state, seat)
        b = self.board
        text = text.strip()
        head, _, rest = text.partition(" ")
        rest = rest.strip()
        head_lower = head.lower()
        try:
            if re.fullmatch(r"card\d", head_lower) and not rest:
                return Move("card", slot=self._slot(head_lower))
            if head_lower == "discard":
                return Move("discard", slot=self._slot(rest.lower()))
            if head_lower == "place":
                return Move("place", squares=(b.parse_square(rest),))
            if head_lower == "wall":
                return Move("wall", edges=(b.parse_edge(rest),))
            if head_lower == "walls":
                edges = [b.parse_edge(part) for part in rest.split(",") if part.strip()]
                if len(set(edges)) != len(edges) or not edges:
                    raise InvalidMoveError("list each edge once")
                return Move("walls", edges=tuple(sorted(edges)))
            if head_lower == "move-wall":
                source, _, target = rest.partition(">")
                return Move("move-wall", edges=(b.parse_edge(source), b.parse_edge(target)))
            if head_lower == "move":
                source, _, target = rest.partition(">")
                return Move("move", squares=(b.parse_square(source), b.parse_square(target)))
            if head_lower == "swap":
                first, _, second = rest.partition(",")
                pair = sorted((b.parse_square(first), b.parse_square(second)))
                return Move("swap", squares=(pair[0], pair[1]))
            if head_lower.startswith("power:"):
                return self._parse_power(state, head_lower[len("power:") :], rest)
        except (KeyError, ValueError) as error:
            raise InvalidMoveError(f"cannot read move {text!r}") from error
        raise InvalidMoveError(f"cannot read move {text!r}")

    @staticmethod
    def _slot(text: str) -> int:
        match = re.fullmatch(r"card(\d)", text)
        if not match or int(match.group(1)) >= DISPLAY_SIZE:
            raise InvalidMoveError(f"{text!r} is not a card place (card0..card3)")
        return int(match.group(1))

    def _parse_power(self, state: BauhausState, power: str, rest: str) -> Move:
        effect = power.rpartition(":")[2]
        if power not in (MIND, SHARED, FORCED) and power not in (f"{MIMETIC}:{p}" for p in (MIND, SHARED, FORCED)):
            raise InvalidMoveError(f"unknown power {power!r}")
        if effect == MIND:
            if rest:
                raise InvalidMoveError("Mind Control takes no square")
            return Move("power", power=power)
        square = self.board.parse_square(rest)
        if effect == SHARED:
            # Any square of the zone names it; the canonical one is its lowest square.
            for region in self._closed_regions(state.walls):
                if region >> square & 1:
                    square = (region & -region).bit_length() - 1
                    break
        return Move("power", squares=(square,), power=power)

    # -- the end --------------------------------------------------------------------------------
    def scoring_zones(self, state: BauhausState) -> list[list[int]]:
        """Per seat, the sizes of the closed zones where it has a control-face token, largest first."""
        result: list[list[int]] = [[] for _ in range(state.players)]
        for region in self._closed_regions(state.walls):
            for seat in range(state.players):
                if state.control[seat] & region:
                    result[seat].append(region.bit_count())
        for sizes in result:
            sizes.sort(reverse=True)
        return result

    def scores(self, state: BauhausState) -> list[int]:
        """Each control-face token standing in a closed zone scores the zone's number of squares."""
        points = [0] * state.players
        for region in self._closed_regions(state.walls):
            size = region.bit_count()
            for seat in range(state.players):
                points[seat] += size * (state.control[seat] & region).bit_count()
        return points

    def standing(self, state: BauhausState, seat: int) -> tuple[int, ...]:
        """The tie-break key: points, then number of zones, then zone sizes largest first."""
        sizes = self.scoring_zones(state)[seat]
        return (self.scores(state)[seat], len(sizes), *sizes)

    def winners(self, state: BauhausState) -> list[Seat]:
        keys = [self.standing(state, seat) for seat in range(state.players)]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def score_table(self, state: BauhausState) -> list[ScoreRow]:
        zones = self.scoring_zones(state)
        return [
            ScoreRow("Points", tuple(str(p) for p in self.scores(state))),
            ScoreRow("Zones", tuple(str(len(z)) for z in zones)),
            ScoreRow("Zone sizes", tuple(" ".join(map(str, z)) or "-" for z in zones)),
            ScoreRow("Tokens left", tuple(str(r) for r in state.reserve)),
        ]

    # -- hidden information -------------------------------------------------------------------
    def view(self, state: BauhausState, seat: Seat) -> BauhausState:
        """Everyone sees everything but the deck order, which views sort."""
        self.seat_or_to_play(state, seat)
        return replace(state, deck=tuple(sorted(state.deck)))

    def determinize(self, state: BauhausState, seat: Seat, rng: Rng) -> BauhausState:
        self.seat_or_to_play(state, seat)
        deck, _ = rng.shuffle(sorted(state.deck))
        return replace(state, deck=deck)

    def revealed(self, before: BauhausState, after: BauhausState) -> bool:
        return len(after.deck) < len(before.deck)

    def invariant_errors(self, state: BauhausState) -> list[str]:
        b = self.board
        errors = []
        if state.walls & ~b.all_edges:
            errors.append("a wall stands off the board")
        if state.walls.bit_count() + state.supply != TOTAL_WALLS:
            errors.append(f"walls on board {state.walls.bit_count()} + supply {state.supply} != {TOTAL_WALLS}")
        seen = 0
        for seat in range(state.players):
            d, c = state.deployed[seat], state.control[seat]
            if d & c or (d | c) & seen or (d | c) & ~b.all_squares:
                errors.append(f"{COLOURS[seat]} tokens overlap or stand off the board")
            seen |= d | c
            if (d | c).bit_count() + state.reserve[seat] != TOKENS_PER_PLAYER:
                errors.append(f"{COLOURS[seat]} has not {TOKENS_PER_PLAYER} tokens in all")
        regions = self._closed_regions(state.walls)
        for region in regions:
            present = [s for s in range(state.players) if (state.deployed[s] | state.control[s]) & region]
            if not present:
                errors.append(f"closed zone {b.square_name((region & -region).bit_length() - 1)} is empty")
            elif len(present) == 1 and region not in state.locked:
                errors.append("a one-colour closed zone was not taken over")
            deployed_inside = any(d & region for d in state.deployed)
            if region in state.locked and deployed_inside:
                errors.append("a locked zone holds a deployed token")
            if present and not deployed_inside and region not in state.locked:
                errors.append("an all-control closed zone is not locked")
        for zone in state.locked:
            if zone not in regions:
                errors.append("a locked zone changed shape")
        cards = Counter(state.deck) + Counter(state.discard) + Counter(c for c in state.display if c != NO_CARD)
        if cards != Counter(deck_for(state.players)):
            errors.append("cards went missing or appeared")
        return errors

    # -- positions as text ----------------------------------------------------------------------
    def to_text(self, state: BauhausState) -> str:
        b = self.board
        fields = [
            f"bauhaus size={state.size} players={state.players} powers={'on' if state.powers else 'off'}",
            f"first={state.first} phase={state.phase} turn={state.turn}",
            f"to_play={'-' if state.to_play is None else state.to_play}",
            f"chosen={state.chosen} placed={state.placed} supply={state.supply}",
            f"reserve={','.join(map(str, state.reserve))}",
            f"used={''.join('x' if u else '-' for u in state.used)}",
            f"walls={','.join(b.edge_name(e) for e in bits(state.walls)) or '-'}",
        ]
        for seat in range(state.players):
            tokens = [b.square_name(s) for s in bits(state.deployed[seat])]
            tokens += [b.square_name(s) + "*" for s in bits(state.control[seat])]
            fields.append(f"{COLOURS[seat]}={','.join(tokens) or '-'}")
        for key, cards in (("display", state.display), ("deck", state.deck), ("discard", state.discard)):
            fields.append(f"{key}={','.join(card_name(c) for c in cards) or '-'}")
        zones = ["+".join(b.square_name(s) for s in bits(zone)) for zone in state.locked]
        fields.append(f"locked={'/'.join(zones) or '-'}")
        return " ".join(fields)

    def from_text(self, text: str) -> BauhausState:
        try:
            return self._from_text(text)
        except InvalidPositionError:
            raise
        except (KeyError, ValueError, IndexError, InvalidMoveError) as error:
            raise InvalidPositionError(f"cannot read Bauhaus position: {error}") from error

    def _from_text(self, text: str) -> BauhausState:
        b = self.board
        parts = _SEP.split(text.strip())
        if not parts or parts[0] != "bauhaus":
            raise InvalidPositionError("a Bauhaus position starts with 'bauhaus'")
        fields = dict(part.split("=", 1) for part in parts[1:])
        if int(fields["size"]) != self.size:
            raise InvalidPositionError(f"this rules object plays on {self.size}×{self.size}")
        players = int(fields["players"])

        def listing(key: str) -> list[str]:
            value = fields[key]
            return [] if value == "-" else value.split(",")

        walls = 0
        for name in listing("walls"):
            walls |= 1 << b.parse_edge(name)
        deployed, control = [], []
        for seat in range(players):
            d = c = 0
            for name in listing(COLOURS[seat]):
                if name.endswith("*"):
                    c |= 1 << b.parse_square(name[:-1])
                else:
                    d |= 1 << b.parse_square(name)
            deployed.append(d)
            control.append(c)
        locked = []
        if fields["locked"] != "-":
            for zone in fields["locked"].split("/"):
                mask = 0
                for name in zone.split("+"):
                    mask |= 1 << b.parse_square(name)
                locked.append(mask)
        to_play = None if fields["to_play"] == "-" else int(fields["to_play"])
        state = BauhausState(
            size=self.size,
            players=players,
            powers={"on": True, "off": False}[fields["powers"]],
            first=int(fields["first"]),
            phase=fields["phase"],
            turn=int(fields["turn"]),
            to_play=to_play,
            walls=walls,
            deployed=tuple(deployed),
            control=tuple(control),
            reserve=tuple(int(r) for r in fields["reserve"].split(",")),
            supply=int(fields["supply"]),
            deck=tuple(parse_card(c) for c in listing("deck")),
            display=tuple(parse_card(c) for c in listing("display")),
            discard=tuple(parse_card(c) for c in listing("discard")),
            chosen=int(fields["chosen"]),
            placed=int(fields["placed"]),
            used=tuple(ch == "x" for ch in fields["used"]),
            locked=tuple(sorted(locked)),
        )
        if state.phase not in (OPENING, CHOOSE, RESOLVE, OVER) or len(state.display) != DISPLAY_SIZE:
            raise InvalidPositionError("bad phase or display")
        if len(state.reserve) != players or len(state.used) != players or not 2 <= players <= 4:
            raise InvalidPositionError("reserve and used need one entry per player")
        return state

    # -- board pictures (tests, debugging) ------------------------------------------------------
    def picture(self, state: BauhausState) -> str:
        """The board as text: ``+-+`` rows of horizontal walls, ``|`` vertical walls, tokens as
        ``b y r k`` (upper case: control face), ``.`` an empty square; top row first."""
        b = self.board
        n = self.size
        lines = []
        for line in range(n, -1, -1):
            lines.append(
                "+" + "+".join("-" if state.walls >> (line * b.stride + col) & 1 else " " for col in range(n)) + "+"
            )
            if line == 0:
                break
            row = line - 1
            chars = []
            for x in range(n + 1):
                edge = b.v_offset + row * b.stride + x
                chars.append("|" if state.walls >> edge & 1 else " ")
                if x < n:
                    chars.append(self._token_char(state, b.square(x, row)))
            lines.append("".join(chars))
        return "\n".join(lines)

    def _token_char(self, state: BauhausState, square: int) -> str:
        for seat in range(state.players):
            if state.deployed[seat] >> square & 1:
                return TOKEN_LETTERS[seat]
            if state.control[seat] >> square & 1:
                return TOKEN_LETTERS[seat].upper()
        return "."

    def from_picture(
        self,
        picture: str,
        players: int = 2,
        *,
        display: tuple[str, ...] = ("place", "free", "move-wall", "move"),
        deck: tuple[str, ...] | None = None,
        phase: str = CHOOSE,
        turn: int = 0,
        powers: bool = False,
        used: tuple[bool, ...] | None = None,
    ) -> BauhausState:
        """A position from a board picture (see :meth:`picture`), with the rest filled in sensibly:
        reserves and supply from what is on the board, the deck from the cards not shown, and zones
        settled (one-colour closed regions taken over and locked)."""
        b = self.board
        n = self.size
        # Only trailing blanks may go: a leading blank is a missing wall on the left border.
        lines = [line.rstrip() for line in textwrap.dedent(picture).split("\n") if line.strip()]
        if len(lines) != 2 * n + 1:
            raise InvalidPositionError(f"a {n}×{n} picture has {2 * n + 1} lines")
        walls = 0
        deployed = [0] * players
        control = [0] * players
        for index, text in enumerate(lines):
            text = text.ljust(2 * n + 1)
            if index % 2 == 0:
                line = n - index // 2
                for col in range(n):
                    if text[2 * col + 1] == "-":
                        walls |= 1 << (line * b.stride + col)
            else:
                row = n - 1 - index // 2
                for x in range(n + 1):
                    if text[2 * x] == "|":
                        walls |= 1 << (b.v_offset + row * b.stride + x)
                for col in range(n):
                    ch = text[2 * col + 1]
                    if ch in ". ":
                        continue
                    seat = TOKEN_LETTERS.index(ch.lower())
                    if seat >= players:
                        raise InvalidPositionError(f"token {ch!r} needs more players")
                    target = control if ch.isupper() else deployed
                    target[seat] |= 1 << b.square(col, row)
        shown = [parse_card(c) for c in display]
        if deck is None:
            rest = Counter(deck_for(players)) - Counter(c for c in shown if c != NO_CARD)
            deck_cards = tuple(sorted(rest.elements()))
            discard: tuple[int, ...] = ()
        else:
            deck_cards = tuple(parse_card(c) for c in deck)
            rest = Counter(deck_for(players)) - Counter(deck_cards) - Counter(c for c in shown if c != NO_CARD)
            discard = tuple(sorted(rest.elements()))
        state = BauhausState(
            size=n,
            players=players,
            powers=powers,
            first=0,
            phase=phase,
            turn=turn,
            to_play=None if phase == OVER else turn,
            walls=walls,
            deployed=tuple(deployed),
            control=tuple(control),
            reserve=tuple(TOKENS_PER_PLAYER - (d | c).bit_count() for d, c in zip(deployed, control, strict=True)),
            supply=TOTAL_WALLS - walls.bit_count(),
            deck=deck_cards,
            display=tuple(shown),
            discard=discard,
            used=used if used is not None else (False,) * players,
        )
        # Settling takes over one-colour closed zones and locks all-control ones (as after Shared Control).
        return self._settle(state)


GAME = BauhausRules()
