"""Buizen Wir-War rules (``docs/rules/buizen.md``): lay pipe tiles, close networks of your secret material.

Pure Python, no pygame. The components (materials, edges, the 40 double-sided pipe tiles) live in
:mod:`bauhausbox.games.buizen.tiles`; this module holds the state, legal placement, automatic roads and
pump rooms, draws, the special road tiles, the end of the game, networks and scoring, hidden information
and the notation.

Coordinates: a cell is ``(x, y)`` relative to the start pump room at ``0,0``, x to the right and y down
(``docs/rules/buizen.md``'s axes). The table is unbounded.

Move notation (one canonical text per move):
- ``17b r90 at 2,-1`` — pipe tile 17, back face (``f`` front, ``b`` back), turned 90° clockwise (r0, r90,
  r180, r270; symmetric faces are written with their smallest equivalent turn), laid on cell x=2, y=-1;
- ``pit at 5,2`` / ``manhole at 5,2`` — a special road tile from your hand on the road at 5,2;
- ``draw`` — none of your tiles can be played: take one from the bag;
- ``pass`` — none of your tiles can be played and the bag is empty.

Position text (``to_text``), one ``key: value`` per line::

    buizen players=2 to_play=0 drawn=1 pumps=8 roads=10
    colours: FH PP GAS PE          (seat colours first, then the unused ones; ? when hidden)
    hand 0: 3 17 pit               (pipe numbers, pit, manhole; ?*4 for a hidden hand)
    hand 1: ?*4
    bag: 5 9 12 manhole ...        (top first; ?*31 when hidden)
    board: 0,0 pump; 1,0 3f r270 by 0; 2,0 road+pit; 3,3 blocked

A view adds ``view=<seat>`` to the first line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
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
    Words,
)
from bauhausbox.engine.rng import Rng
from bauhausbox.games.buizen.tiles import (
    BAG_CONTENTS,
    CANONICAL_ROTATION,
    COMPATIBLE,
    DISTINCT_ORIENTATIONS,
    EAVE_END,
    EDGE_KIND,
    EDGE_MATERIAL,
    FACE_LETTERS,
    HAND_SIZE,
    MANHOLE,
    MATERIAL_NAMES,
    MATERIALS,
    MAX_DRAW,
    OPEN_PIT,
    PIPE,
    PUMP,
    PUMP_ROOMS,
    REAL_CONNECTION,
    ROAD,
    ROAD_END,
    ROADS,
    SPECIAL_NAMES,
    STEPS,
    TILE_BY_NUMBER,
    Reason,
    Sides,
    opposite,
    placement_refusal,
    sides_of,
)
from bauhausbox.i18n import N_

Cell = tuple[int, int]
HIDDEN = 0  # a tile (in a hand or the bag) the viewer cannot see
UNKNOWN_COLOUR = "?"
PUMP_SIDES: Sides = (PUMP, PUMP, PUMP, PUMP)
ROAD_SIDES: Sides = (ROAD, ROAD, ROAD, ROAD)


# -- state ----------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LaidPipe:
    """A pipe tile on the table: which tile, which face up, turned how far, laid by whom (-1: unknown)."""

    number: int
    face: int
    rotation: int
    seat: int = -1

    @property
    def sides(self) -> Sides:
        return sides_of(self.number, self.face, self.rotation)


@dataclass(frozen=True, slots=True)
class BuizenState:
    players: int
    to_play: Seat | None
    hands: tuple[tuple[int, ...], ...]  # sorted; HIDDEN entries in a view
    bag: tuple[int, ...]  # draw order, top first
    colours: tuple[str, ...]  # 4 entries: seat colours, then the unused ones
    pipes: tuple[tuple[Cell, LaidPipe], ...]  # sorted by cell
    pumps: tuple[Cell, ...]  # sorted, the start tile included
    roads: tuple[tuple[Cell, tuple[int, ...]], ...]  # sorted; the special tiles stacked on each road
    blocked: tuple[Cell, ...]  # sorted; open pipe ends whose pile was empty: never filled
    pump_pile: int
    road_pile: int
    drawn: int = 0  # tiles the last move drew (shown on screen)
    viewer: Seat | None = None  # set in a view


@dataclass(frozen=True, slots=True)
class Place:
    number: int
    face: int
    rotation: int
    cell: Cell


@dataclass(frozen=True, slots=True)
class Special:
    """An open pit or a manhole from the hand, laid on a road."""

    kind: int  # OPEN_PIT or MANHOLE
    cell: Cell


@dataclass(frozen=True, slots=True)
class Draw:
    pass


@dataclass(frozen=True, slots=True)
class Pass:
    pass


Move = Place | Special | Draw | Pass


# -- the table as lookups ------------------------------------------------------------------------------
class Table:
    """Fast lookups over a state's layout (built per call; states stay plain tuples)."""

    __slots__ = ("_codes", "blocked", "pipes", "road_stacks", "sides")

    def __init__(self, state: BuizenState | None = None) -> None:
        self.pipes: dict[Cell, LaidPipe] = {}
        self.road_stacks: dict[Cell, tuple[int, ...]] = {}
        self.sides: dict[Cell, Sides] = {}
        self.blocked: frozenset[Cell] = frozenset()
        self._codes: dict[Cell, str] = {}  # empty cell -> code, see _empty_code
        if state is not None:
            self.pipes = dict(state.pipes)
            self.road_stacks = dict(state.roads)
            self.sides = {cell: laid.sides for cell, laid in state.pipes}
            for cell in state.pumps:
                self.sides[cell] = PUMP_SIDES
            for cell in self.road_stacks:
                self.sides[cell] = ROAD_SIDES
            self.blocked = frozenset(state.blocked)

    def copy(self) -> Table:
        other = Table()
        other.pipes = dict(self.pipes)
        other.road_stacks = dict(self.road_stacks)
        other.sides = dict(self.sides)
        other.blocked = self.blocked
        return other

    def with_pipe(self, cell: Cell, laid: LaidPipe, outcome: Outcome) -> Table:
        """A copy with ``laid`` on ``cell`` and the outcome's automatic tiles and blocked cells."""
        other = self.copy()
        other.pipes[cell] = laid
        other.sides[cell] = laid.sides
        for road in outcome.roads:
            other.road_stacks[road] = ()
            other.sides[road] = ROAD_SIDES
        for pump in outcome.pumps:
            other.sides[pump] = PUMP_SIDES
        if outcome.blocked:
            other.blocked = self.blocked | set(outcome.blocked)
        return other

    def with_special(self, cell: Cell, kind: int) -> Table:
        other = self.copy()
        other.road_stacks[cell] = (*self.road_stacks[cell], kind)
        return other

    def frontier(self) -> list[Cell]:
        """Empty, fillable cells next to the layout, sorted."""
        cells = set()
        for x, y in self.sides:
            for dx, dy in STEPS:
                cell = (x + dx, y + dy)
                if cell not in self.sides and cell not in self.blocked:
                    cells.add(cell)
        return sorted(cells)

    def road_top(self, cell: Cell) -> int | None:
        """The special tile on top of a road (None for a plain road)."""
        stack = self.road_stacks[cell]
        return stack[-1] if stack else None

    def _empty_code(self, cell: Cell) -> str:
        """For an empty neighbour: ``#`` when blocked, else ``.`` + flags ``r``/``p`` when an automatic road /
        pump room would fit its other neighbours, then the reasons they would not (``|``-separated)."""
        code = self._codes.get(cell)
        if code is None:
            if cell in self.blocked:
                code = "#"
            else:
                road_reason = pump_reason = ""
                x, y = cell
                for direction, (dx, dy) in enumerate(STEPS):
                    theirs = self.sides.get((x + dx, y + dy))
                    if theirs is None:
                        continue
                    facing = theirs[opposite(direction)]
                    where = f"{direction}{facing}"  # said in words only for a refusal (placement_refusal)
                    if not road_reason and (ROAD, facing) not in COMPATIBLE:
                        road_reason = where
                    if not pump_reason and (PUMP, facing) not in COMPATIBLE:
                        pump_reason = where
                flags = ("" if road_reason else "r") + ("" if pump_reason else "p")
                code = f".{flags}|{road_reason}|{pump_reason}"
            self._codes[cell] = code
        return code

    def context(self, cell: Cell) -> tuple[str, ...]:
        """What each side of an empty cell faces: an edge, or for an empty neighbour its code (above)."""
        x, y = cell
        sides = self.sides
        result = []
        for direction, (dx, dy) in enumerate(STEPS):
            neighbour = (x + dx, y + dy)
            theirs = sides.get(neighbour)
            result.append(self._empty_code(neighbour) if theirs is None else theirs[(direction + 2) % 4])
        return tuple(result)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What laying a face on a cell does: tiles touched, automatic tiles, cells that become blocked."""

    touched: int
    roads: tuple[Cell, ...]
    pumps: tuple[Cell, ...]
    blocked: tuple[Cell, ...]


@lru_cache(maxsize=200_000)
def _judge(context: tuple[str, ...], sides: Sides, roads_left: int, pumps_left: int) -> tuple[Reason | None, int]:
    """(reason or None, tiles touched) for a face ``sides`` on a cell whose sides face ``context``."""
    touched = 0
    real = False
    for direction in range(4):
        mine = sides[direction]
        theirs = context[direction]
        if theirs[0] in ".#":
            if theirs[0] == "#":
                continue
            kind = EDGE_KIND[mine]
            flags, road_reason, pump_reason = theirs.split("|")
            if kind == ROAD_END and roads_left > 0:
                roads_left -= 1
                if "r" not in flags:
                    return ("road", direction, road_reason), 0
            elif kind == EAVE_END and pumps_left > 0:
                pumps_left -= 1
                if "p" not in flags:
                    return ("pump", direction, pump_reason), 0
            continue
        touched += 1
        if (mine, theirs) not in COMPATIBLE:
            return ("side", direction, mine, theirs), 0
        if (mine, theirs) in REAL_CONNECTION:
            real = True
    if touched == 0:
        return ("apart",), 0
    if not real:
        return ("unreal",), 0
    return None, touched


@lru_cache(maxsize=200_000)
def fitting_orientations(
    context: tuple[str, ...], number: int, roads_left: int, pumps_left: int
) -> tuple[tuple[int, int], ...]:
    """The distinct (face, rotation) of tile ``number`` that may be laid on a cell facing ``context``
    (piles counted up to 4: a tile has only four sides)."""
    return tuple(
        (face, rotation)
        for face, rotation in DISTINCT_ORIENTATIONS[number]
        if _judge(context, sides_of(number, face, rotation), roads_left, pumps_left)[0] is None
    )


def placement_outcome(table: Table, state: BuizenState, sides: Sides, cell: Cell) -> Outcome:
    """The effect of laying ``sides`` on ``cell``; raises IllegalMoveError with the reason when illegal."""
    if cell in table.sides:
        raise IllegalMoveError(Words("that cell is already taken"))
    if cell in table.blocked:
        raise IllegalMoveError(Words("that cell is an open pipe end that can never be filled"))
    reason, touched = _judge(table.context(cell), sides, state.road_pile, state.pump_pile)
    if reason is not None:
        raise IllegalMoveError(placement_refusal(reason))
    roads: list[Cell] = []
    pumps: list[Cell] = []
    blocked: list[Cell] = []
    roads_left, pumps_left = state.road_pile, state.pump_pile
    x, y = cell
    for direction, (dx, dy) in enumerate(STEPS):
        neighbour = (x + dx, y + dy)
        if neighbour in table.sides or neighbour in table.blocked:
            continue
        kind = EDGE_KIND[sides[direction]]
        if kind == ROAD_END:
            if roads_left > 0:
                roads_left -= 1
                roads.append(neighbour)
            else:
                blocked.append(neighbour)
        elif kind == EAVE_END:
            if pumps_left > 0:
                pumps_left -= 1
                pumps.append(neighbour)
            else:
                blocked.append(neighbour)
    return Outcome(touched, tuple(roads), tuple(pumps), tuple(blocked))


# -- networks and scoring -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Network:
    """A connected pipe of one material across tiles."""

    material: str
    points: tuple[tuple[Cell, int], ...]  # per tile: its pipe sides that link to a neighbouring pipe tile
    open_ends: tuple[tuple[Cell, int], ...]  # (tile, direction) of sides not closed
    closed: bool

    @property
    def cells(self) -> tuple[Cell, ...]:
        return tuple(cell for cell, _ in self.points)

    @property
    def score(self) -> int:
        return sum(points for _, points in self.points) if self.closed else 0

    @property
    def links(self) -> int:
        return sum(points for _, points in self.points) // 2


def networks(state: BuizenState) -> list[Network]:
    """Every network on the table, by material then by first cell."""
    return table_networks(Table(state))


def table_networks(table: Table, materials: Iterable[str] = MATERIALS) -> list[Network]:
    """The networks of ``materials`` laid out on ``table``."""
    result: list[Network] = []
    ordered = sorted(table.pipes)
    for material in materials:
        seen: set[Cell] = set()
        for start in ordered:
            if start not in seen and material in materials_of(table.sides[start]):
                result.append(trace_network(table, start, material, seen))
    return result


def trace_network(table: Table, start: Cell, material: str, seen: set[Cell] | None = None) -> Network:
    """The network of ``material`` through the pipe tile on ``start`` (its cells are added to ``seen``)."""
    seen = set() if seen is None else seen
    seen.add(start)
    stack = [start]
    points: dict[Cell, int] = {}
    open_ends: list[tuple[Cell, int]] = []
    sides, pipes = table.sides, table.pipes
    while stack:
        cell = stack.pop()
        own = sides[cell]
        count = 0
        for direction in range(4):
            edge = own[direction]
            if EDGE_MATERIAL[edge] != material:
                continue
            dx, dy = STEPS[direction]
            neighbour = (cell[0] + dx, cell[1] + dy)
            kind = EDGE_KIND[edge]
            if kind == PIPE:
                if neighbour in pipes and sides[neighbour][(direction + 2) % 4] == edge:
                    count += 1
                    if neighbour not in seen:
                        seen.add(neighbour)
                        stack.append(neighbour)
                else:
                    open_ends.append((cell, direction))
            elif kind == ROAD_END:
                if neighbour not in table.road_stacks or table.road_top(neighbour) == OPEN_PIT:
                    open_ends.append((cell, direction))
            elif sides.get(neighbour) != PUMP_SIDES:  # an eave
                open_ends.append((cell, direction))
        points[cell] = count
    return Network(material, tuple(sorted(points.items())), tuple(sorted(open_ends)), not open_ends)


@lru_cache(maxsize=4096)
def materials_of(sides: Sides) -> frozenset[str]:
    return frozenset(m for m in (EDGE_MATERIAL[s] for s in sides) if m is not None)


def material_scores(state: BuizenState) -> dict[str, int]:
    """Points each material's closed networks are worth."""
    totals = dict.fromkeys(MATERIALS, 0)
    for network in networks(state):
        totals[network.material] += network.score
    return totals


# -- the game -------------------------------------------------------------------------------------------
START_OPTION = OptionSpec(
    "start",
    N_("Starting player"),
    (("first", N_("first seat (the youngest)")), ("random", N_("drawn at random"))),
    "first",
    help=N_("The rules let the youngest player start."),
)


class BuizenRules(GameRules[BuizenState, Move]):
    describer = "bauhausbox.games.buizen.describe:move_sentence"  # moves in words
    info = GameInfo(
        id="buizen",
        title=N_("Buizen Wir-War"),
        tagline=N_("Lay pipes, close networks of your secret material."),
        min_players=2,
        max_players=4,
        default_players=3,
        options=(START_OPTION,),
        seat_names=(N_("Circle"), N_("Triangle"), N_("Square"), N_("Cross")),
        levels=(N_("easy"), N_("medium"), N_("hard"), N_("expert")),
        hidden_information=True,
        conformance_scale=0.25,
        # Hard's search stops at 1 s and expert's at 3 s (``ai.HARD_SEARCH``, ``ai.EXPERT_SEARCH``).
        think_seconds={"hard": 2.0, "expert": 3.5},
    )

    # -- setting up -------------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, **options: OptionValue) -> BuizenState:
        settings = self.normalize_options(players, options)
        rng = Rng.from_seed(seed)
        bag, rng = rng.shuffle(BAG_CONTENTS)
        colours, rng = rng.shuffle(MATERIALS)
        hands = tuple(tuple(sorted(bag[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(players))
        first = 0
        if settings["start"] == "random":
            first, rng = rng.below(players)
        return BuizenState(
            players=players,
            to_play=first,
            hands=hands,
            bag=bag[players * HAND_SIZE :],
            colours=colours,
            pipes=(),
            pumps=((0, 0),),
            roads=(),
            blocked=(),
            pump_pile=PUMP_ROOMS - 1,
            road_pile=ROADS,
        )

    # -- moves ------------------------------------------------------------------------------------
    def legal_moves(self, state: BuizenState, seat: Seat | None = None) -> list[Move]:
        mover = self.seat_or_to_play(state, seat)
        if mover is None or mover != state.to_play:
            return []
        table = Table(state)
        moves = self._placements(state, table, state.hands[mover])
        if moves:
            return moves
        return [Draw()] if state.bag else [Pass()]

    def _placements(self, state: BuizenState, table: Table, hand: Iterable[int]) -> list[Move]:
        tiles = sorted({n for n in hand if n in TILE_BY_NUMBER})
        specials = sorted({n for n in hand if n in SPECIAL_NAMES})
        moves: list[Move] = []
        if tiles:
            roads_left, pumps_left = min(state.road_pile, 4), min(state.pump_pile, 4)
            for cell in table.frontier():
                context = table.context(cell)
                for number in tiles:
                    for face, rotation in fitting_orientations(context, number, roads_left, pumps_left):
                        moves.append(Place(number, face, rotation, cell))
        for kind in specials:
            for cell, stack in state.roads:
                if _special_reason(kind, stack) is None:
                    moves.append(Special(kind, cell))
        return moves

    def can_place(self, state: BuizenState, hand: Iterable[int], table: Table | None = None) -> bool:
        """Whether some tile of ``hand`` can be played now (stops at the first one found)."""
        table = table or Table(state)
        specials = {n for n in hand if n in SPECIAL_NAMES}
        for kind in specials:
            if any(_special_reason(kind, stack) is None for _, stack in state.roads):
                return True
        tiles = sorted({n for n in hand if n in TILE_BY_NUMBER})
        if not tiles:
            return False
        roads_left, pumps_left = min(state.road_pile, 4), min(state.pump_pile, 4)
        for cell in table.frontier():
            context = table.context(cell)
            for number in tiles:
                if fitting_orientations(context, number, roads_left, pumps_left):
                    return True
        return False

    def check(self, state: BuizenState, move: Move, seat: Seat | None = None) -> str | None:
        try:
            self._validate(state, move, seat, Table(state))
        except IllegalMoveError as error:
            return error.args[0]  # the Words themselves: the screen says them in the players' language
        return None

    def _validate(self, state: BuizenState, move: Move, seat: Seat | None, table: Table) -> Outcome | None:
        """Raise IllegalMoveError when ``move`` is forbidden; the placement outcome for a pipe tile."""
        mover = self.seat_or_to_play(state, seat)
        if mover is None or state.to_play is None:
            raise IllegalMoveError(Words("the game is over"))
        if mover != state.to_play:
            raise IllegalMoveError(Words("it is not your turn"))
        hand = state.hands[mover]
        if isinstance(move, Place):
            if move.number not in hand:
                raise IllegalMoveError(Words("you do not hold tile {number}", number=move.number))
            return placement_outcome(table, state, sides_of(move.number, move.face, move.rotation), move.cell)
        if isinstance(move, Special):
            if move.kind not in hand:
                raise IllegalMoveError(_NOT_HELD[move.kind])
            stack = table.road_stacks.get(move.cell)
            if stack is None:
                raise IllegalMoveError(_ON_A_ROAD[move.kind])
            reason = _special_reason(move.kind, stack)
            if reason:
                raise IllegalMoveError(reason)
            return None
        if isinstance(move, Draw | Pass):
            if self.can_place(state, hand, table):
                raise IllegalMoveError(Words("you can play a tile, so you must"))
            if isinstance(move, Draw) and not state.bag:
                raise IllegalMoveError(Words("the bag is empty: pass"))
            if isinstance(move, Pass) and state.bag:
                raise IllegalMoveError(Words("you cannot play: draw a tile from the bag"))
            return None
        raise InvalidMoveError(f"not a Buizen Wir-War move: {move!r}")

    def apply(self, state: BuizenState, move: Move, seat: Seat | None = None) -> BuizenState:
        table = Table(state)
        outcome = self._validate(state, move, seat, table)
        mover = state.to_play
        assert mover is not None
        hand = list(state.hands[mover])
        pipes, pumps, roads, blocked = state.pipes, state.pumps, state.roads, state.blocked
        pump_pile, road_pile = state.pump_pile, state.road_pile
        draws = 0
        if isinstance(move, Place):
            assert outcome is not None
            hand.remove(move.number)
            rotation = CANONICAL_ROTATION[(move.number, move.face, move.rotation % 4)]
            laid = LaidPipe(move.number, move.face, rotation, mover)
            pipes = tuple(sorted((*pipes, (move.cell, laid))))
            if outcome.pumps:
                pumps = tuple(sorted((*pumps, *outcome.pumps)))
                pump_pile -= len(outcome.pumps)
            if outcome.roads:
                roads = tuple(sorted((*roads, *((cell, ()) for cell in outcome.roads))))
                road_pile -= len(outcome.roads)
            if outcome.blocked:
                blocked = tuple(sorted({*blocked, *outcome.blocked}))
            draws = min(outcome.touched, MAX_DRAW)
        elif isinstance(move, Special):
            hand.remove(move.kind)
            roads = tuple((cell, (*stack, move.kind) if cell == move.cell else stack) for cell, stack in roads)
            draws = 1
        elif isinstance(move, Draw):
            draws = 1
        draws = min(draws, len(state.bag))
        hand.extend(state.bag[:draws])
        hands = tuple(tuple(sorted(hand)) if s == mover else h for s, h in enumerate(state.hands))
        after = replace(
            state,
            hands=hands,
            bag=state.bag[draws:],
            pipes=pipes,
            pumps=pumps,
            roads=roads,
            blocked=blocked,
            pump_pile=pump_pile,
            road_pile=road_pile,
            drawn=draws,
        )
        return replace(after, to_play=self._next_to_play(after, mover))

    def _next_to_play(self, state: BuizenState, mover: Seat) -> Seat | None:
        order = [(mover + step) % state.players for step in range(1, state.players + 1)]
        if state.bag:
            return order[0]
        holders = [seat for seat in order if state.hands[seat]]
        if not holders:
            return None  # every tile is played
        table = Table(state)
        if not any(self.can_place(state, state.hands[seat], table) for seat in holders):
            return None  # a full round would pass with nobody playing
        return holders[0]

    # -- notation ---------------------------------------------------------------------------------
    def format_move(self, state: BuizenState, move: Move) -> str:
        if isinstance(move, Place):
            rotation = CANONICAL_ROTATION.get((move.number, move.face, move.rotation % 4), move.rotation % 4)
            return f"{move.number}{FACE_LETTERS[move.face]} r{90 * rotation} at {cell_text(move.cell)}"
        if isinstance(move, Special):
            return f"{SPECIAL_NAMES[move.kind]} at {cell_text(move.cell)}"
        if isinstance(move, Draw):
            return "draw"
        if isinstance(move, Pass):
            return "pass"
        raise InvalidMoveError(f"not a Buizen Wir-War move: {move!r}")

    def parse_move(self, state: BuizenState, text: str, seat: Seat | None = None) -> Move:
        self.seat_or_to_play(state, seat)
        return parse_move_text(text)

    # -- the end ----------------------------------------------------------------------------------
    def scores(self, state: BuizenState) -> list[int]:
        by_material = material_scores(state)
        return [by_material.get(state.colours[seat], 0) for seat in range(state.players)]

    def score_table(self, state: BuizenState) -> list[ScoreRow]:
        found = networks(state)
        rows = [ScoreRow(Words("Material"), tuple(_colour_name(state.colours[s]) for s in range(state.players)))]
        closed = []
        for seat in range(state.players):
            mine = [n for n in found if n.material == state.colours[seat] and n.closed]
            closed.append(str(len(mine)))
        rows.append(ScoreRow(Words("Closed networks"), tuple(closed)))
        rows.append(ScoreRow(Words("Points"), tuple(str(p) for p in self.scores(state))))
        return rows

    # -- hidden information ---------------------------------------------------------------------
    def view(self, state: BuizenState, seat: Seat) -> BuizenState:
        self.seat_or_to_play(state, seat)
        if state.to_play is None:
            return state if state.viewer is None else replace(state, viewer=None)  # all revealed at the end
        hands = tuple(h if s == seat else (HIDDEN,) * len(h) for s, h in enumerate(state.hands))
        colours = tuple(c if s == seat else UNKNOWN_COLOUR for s, c in enumerate(state.colours))
        return replace(state, hands=hands, bag=(HIDDEN,) * len(state.bag), colours=colours, viewer=seat)

    def determinize(self, state: BuizenState, seat: Seat, rng: Rng) -> BuizenState:
        self.seat_or_to_play(state, seat)
        if state.to_play is None:
            return replace(state, viewer=None)
        own_hand = state.hands[seat]
        unknown = Counter(BAG_CONTENTS)
        unknown.subtract(laid.number for _, laid in state.pipes)
        unknown.subtract(kind for _, stack in state.roads for kind in stack)
        unknown.subtract(own_hand)
        pool = sorted(unknown.elements())
        pool_shuffled, rng = rng.shuffle(pool)
        pool_iter = iter(pool_shuffled)
        hands = tuple(
            own_hand if s == seat else tuple(sorted(next(pool_iter) for _ in h)) for s, h in enumerate(state.hands)
        )
        bag = tuple(next(pool_iter) for _ in state.bag)
        own_colour = state.colours[seat]
        others, rng = rng.shuffle([m for m in MATERIALS if m != own_colour])
        other_iter = iter(others)
        colours = tuple(own_colour if s == seat else next(other_iter) for s in range(len(state.colours)))
        return replace(state, hands=hands, bag=bag, colours=colours, viewer=None)

    def revealed(self, before: BuizenState, after: BuizenState) -> bool:
        return len(after.bag) < len(before.bag) or (before.to_play is not None and after.to_play is None)

    def invariant_errors(self, state: BuizenState) -> list[str]:
        errors = []
        held = [n for hand in state.hands for n in hand]
        everything = Counter(held + list(state.bag))
        everything.update(laid.number for _, laid in state.pipes)
        everything.update(kind for _, stack in state.roads for kind in stack)
        if HIDDEN not in everything and everything != Counter(BAG_CONTENTS):
            errors.append("the 48 bag tiles are not all accounted for (hands + bag + table)")
        if len(state.pumps) + state.pump_pile != PUMP_ROOMS:
            errors.append("pump rooms on the table + pile != 10")
        if len(state.roads) + state.road_pile != ROADS:
            errors.append("roads on the table + pile != 10")
        table = Table(state)
        for (x, y), sides in table.sides.items():
            for direction in (1, 2):  # east and south: each touching pair once
                dx, dy = STEPS[direction]
                theirs = table.sides.get((x + dx, y + dy))
                if theirs is not None and (sides[direction], theirs[opposite(direction)]) not in COMPATIBLE:
                    errors.append(f"incompatible sides between {cell_text((x, y))} and {cell_text((x + dx, y + dy))}")
        for cell in state.blocked:
            if cell in table.sides:
                errors.append(f"blocked cell {cell_text(cell)} is filled")
        for _, stack in state.roads:
            if stack not in ((), (OPEN_PIT,), (MANHOLE,), (OPEN_PIT, MANHOLE)):
                errors.append(f"impossible road stack {stack}")
        return errors

    # -- positions as text ----------------------------------------------------------------------
    def to_text(self, state: BuizenState) -> str:
        head = (
            f"buizen players={state.players} to_play={'-' if state.to_play is None else state.to_play}"
            f" drawn={state.drawn} pumps={state.pump_pile} roads={state.road_pile}"
        )
        if state.viewer is not None:
            head += f" view={state.viewer}"
        lines = [head, "colours: " + " ".join(state.colours)]
        for seat, hand in enumerate(state.hands):
            lines.append(f"hand {seat}: {_tiles_text(hand)}".rstrip())
        lines.append(f"bag: {_tiles_text(state.bag)}".rstrip())
        entries = [f"{cell_text(cell)} pump" for cell in state.pumps]
        for cell, laid in state.pipes:
            by = f" by {laid.seat}" if laid.seat >= 0 else ""
            entries.append(f"{cell_text(cell)} {laid.number}{FACE_LETTERS[laid.face]} r{90 * laid.rotation}{by}")
        for cell, stack in state.roads:
            entries.append(f"{cell_text(cell)} road" + "".join(f"+{SPECIAL_NAMES[k]}" for k in stack))
        entries.extend(f"{cell_text(cell)} blocked" for cell in state.blocked)
        entries.sort(key=lambda text: _cell_key(text.split()[0]))
        lines.append("board: " + "; ".join(entries))
        return "\n".join(lines)

    def from_text(self, text: str) -> BuizenState:
        try:
            return _read_position(text)
        except (ValueError, KeyError, IndexError) as error:
            raise InvalidPositionError(f"bad Buizen position: {error}") from error


# -- text helpers ---------------------------------------------------------------------------------------
def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def parse_cell(text: str) -> Cell:
    parts = text.strip().split(",")
    if len(parts) != 2:
        raise InvalidMoveError(f"{text!r} is not a cell like 2,-1")
    try:
        return int(parts[0]), int(parts[1])
    except ValueError as error:
        raise InvalidMoveError(f"{text!r} is not a cell like 2,-1") from error


def _cell_key(text: str) -> tuple[int, int]:
    x, y = parse_cell(text)
    return y, x


# Whole sentences per kind (not "you hold no {kind} tile"): each language words them its own way.
_NOT_HELD: dict[int, Words] = {OPEN_PIT: Words("you hold no pit tile"), MANHOLE: Words("you hold no manhole tile")}
_ON_A_ROAD: dict[int, Words] = {
    OPEN_PIT: Words("an open pit goes on a road"),
    MANHOLE: Words("a manhole goes on a road"),
}
_ON_A_MANHOLE = Words("nothing goes on top of a manhole")
_ON_A_PIT = Words("that road is already an open pit")


def _special_reason(kind: int, stack: tuple[int, ...]) -> Words | None:
    top = stack[-1] if stack else None
    if top == MANHOLE:
        return _ON_A_MANHOLE
    if kind == OPEN_PIT and top == OPEN_PIT:
        return _ON_A_PIT
    return None


def _colour_name(colour: str) -> str:
    """A seat's material for the score table (translatable), the hidden "?" as it is."""
    return Words(MATERIAL_NAMES[colour]) if colour in MATERIAL_NAMES else colour


_SPECIAL_BY_NAME = {name: kind for kind, name in SPECIAL_NAMES.items()}


def _tile_token(number: int) -> str:
    return SPECIAL_NAMES.get(number, str(number))


def _tiles_text(tiles: tuple[int, ...]) -> str:
    known = [_tile_token(n) for n in tiles if n != HIDDEN]
    hidden = sum(1 for n in tiles if n == HIDDEN)
    return " ".join(known + ([f"?*{hidden}"] if hidden else []))


def _read_tiles(text: str) -> tuple[int, ...]:
    tiles: list[int] = []
    for word in text.split():
        if word.startswith("?"):
            tiles.extend([HIDDEN] * (int(word[2:]) if word.startswith("?*") else 1))
        elif word in _SPECIAL_BY_NAME:
            tiles.append(_SPECIAL_BY_NAME[word])
        else:
            number = int(word)
            if number not in TILE_BY_NUMBER:
                raise ValueError(f"no pipe tile {number}")
            tiles.append(number)
    return tuple(tiles)


def parse_move_text(text: str) -> Move:
    words = text.strip().lower().split()
    if words in (["draw"], ["pass"]):
        return Draw() if words[0] == "draw" else Pass()
    if len(words) == 3 and words[0] in _SPECIAL_BY_NAME and words[1] == "at":
        return Special(_SPECIAL_BY_NAME[words[0]], parse_cell(words[2]))
    if len(words) == 4 and words[2] == "at":
        tile_word, turn_word = words[0], words[1]
        if len(tile_word) < 2 or tile_word[-1] not in FACE_LETTERS or not tile_word[:-1].isdigit():
            raise InvalidMoveError(f"{tile_word!r} is not a tile and face like 17b")
        number = int(tile_word[:-1])
        if number not in TILE_BY_NUMBER:
            raise InvalidMoveError(f"there is no pipe tile {number}")
        if not turn_word.startswith("r") or turn_word[1:] not in ("0", "90", "180", "270"):
            raise InvalidMoveError(f"{turn_word!r} is not a turn like r90")
        return Place(number, FACE_LETTERS.index(tile_word[-1]), int(turn_word[1:]) // 90, parse_cell(words[3]))
    raise InvalidMoveError(f"{text!r} is not a Buizen move (e.g. '17b r90 at 2,-1', 'pit at 5,2', 'draw')")


def _read_position(text: str) -> BuizenState:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    head = lines[0].split()
    if head[0] != "buizen":
        raise ValueError("a position starts with 'buizen'")
    fields = dict(word.split("=", 1) for word in head[1:])
    players = int(fields["players"])
    body = {}
    for line in lines[1:]:
        key, _, value = line.partition(":")
        body[key.strip()] = value.strip()
    colours = tuple(body["colours"].split())
    if len(colours) != len(MATERIALS) or any(c not in (*MATERIALS, UNKNOWN_COLOUR) for c in colours):
        raise ValueError("colours lists the 4 colour tiles (or ?)")
    hands = tuple(tuple(sorted(_read_tiles(body.get(f"hand {s}", "")))) for s in range(players))
    pipes: list[tuple[Cell, LaidPipe]] = []
    pumps: list[Cell] = []
    roads: list[tuple[Cell, tuple[int, ...]]] = []
    blocked: list[Cell] = []
    for entry in body.get("board", "").split(";"):
        words = entry.split()
        if not words:
            continue
        cell = parse_cell(words[0])
        what = words[1]
        if what == "pump":
            pumps.append(cell)
        elif what == "blocked":
            blocked.append(cell)
        elif what.startswith("road"):
            stack = tuple(_SPECIAL_BY_NAME[name] for name in what.split("+")[1:])
            roads.append((cell, stack))
        else:
            move = parse_move_text(f"{what} {words[2]} at {words[0]}")
            assert isinstance(move, Place)
            seat = int(words[4]) if len(words) >= 5 and words[3] == "by" else -1
            rotation = CANONICAL_ROTATION[(move.number, move.face, move.rotation)]
            pipes.append((cell, LaidPipe(move.number, move.face, rotation, seat)))
    to_play_text = fields.get("to_play", "0")
    viewer_text = fields.get("view")
    return BuizenState(
        players=players,
        to_play=None if to_play_text == "-" else int(to_play_text),
        hands=hands,
        bag=_read_tiles(body.get("bag", "")),
        colours=colours,
        pipes=tuple(sorted(pipes)),
        pumps=tuple(sorted(pumps)),
        roads=tuple(sorted(roads)),
        blocked=tuple(sorted(blocked)),
        pump_pile=int(fields.get("pumps", PUMP_ROOMS - len(pumps))),
        road_pile=int(fields.get("roads", ROADS - len(roads))),
        drawn=int(fields.get("drawn", 0)),
        viewer=None if viewer_text is None else int(viewer_text),
    )


GAME = BuizenRules()
