"""Buizen Wir-War rules (``docs/rules/buizen.md``): lay pipe tiles, close networks of your secret material.

Pure Python, no pygame. The components (materials, edges, the 40 double-sided pipe tiles) live in
:mod:`bauhausbox.games.buizen.tiles`, the position and moves in ``state.py``, the networks and their
points in ``networks.py``, reading and writing texts in ``notation.py``; this module holds legal
placement, automatic roads and pump rooms, draws, the special road tiles, the end of the game, hidden
information and the :class:`GameRules` object.

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
from dataclasses import replace
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
from bauhausbox.games.buizen.networks import material_scores, networks
from bauhausbox.games.buizen.notation import cell_key, cell_text, parse_move_text, read_position, tiles_text
from bauhausbox.games.buizen.state import (
    HIDDEN,
    UNKNOWN_COLOUR,
    BuizenState,
    Cell,
    Draw,
    LaidPipe,
    Move,
    Outcome,
    Pass,
    Place,
    Special,
    Table,
)
from bauhausbox.games.buizen.tiles import (
    BAG_CONTENTS,
    CANONICAL_ROTATION,
    COMPATIBLE,
    DISTINCT_ORIENTATIONS,
    EAVE_END,
    EDGE_KIND,
    FACE_LETTERS,
    HAND_SIZE,
    MANHOLE,
    MATERIAL_NAMES,
    MATERIALS,
    MAX_DRAW,
    OPEN_PIT,
    PUMP_ROOMS,
    REAL_CONNECTION,
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
    outcome_describer = "bauhausbox.games.buizen.describe:outcome_sentence"  # a closed network, its own entry
    info = GameInfo(
        id="buizen",
        title=N_("Buizen Wir-War"),
        tagline=N_("Lay pipes, close the networks of your secret material"),
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

    def watcher_view(self, state: BuizenState) -> BuizenState:
        """Every hand and colour hidden, as a seat sees the others'; all shown at the end."""
        if state.to_play is None:
            return state if state.viewer is None else replace(state, viewer=None)
        hands = tuple((HIDDEN,) * len(h) for h in state.hands)
        colours = (UNKNOWN_COLOUR,) * len(state.colours)
        return replace(state, hands=hands, bag=(HIDDEN,) * len(state.bag), colours=colours, viewer=None)

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
            lines.append(f"hand {seat}: {tiles_text(hand)}".rstrip())
        lines.append(f"bag: {tiles_text(state.bag)}".rstrip())
        entries = [f"{cell_text(cell)} pump" for cell in state.pumps]
        for cell, laid in state.pipes:
            by = f" by {laid.seat}" if laid.seat >= 0 else ""
            entries.append(f"{cell_text(cell)} {laid.number}{FACE_LETTERS[laid.face]} r{90 * laid.rotation}{by}")
        for cell, stack in state.roads:
            entries.append(f"{cell_text(cell)} road" + "".join(f"+{SPECIAL_NAMES[k]}" for k in stack))
        entries.extend(f"{cell_text(cell)} blocked" for cell in state.blocked)
        entries.sort(key=lambda text: cell_key(text.split()[0]))
        lines.append("board: " + "; ".join(entries))
        return "\n".join(lines)

    def from_text(self, text: str) -> BuizenState:
        try:
            return read_position(text)
        except (ValueError, KeyError, IndexError) as error:
            raise InvalidPositionError(f"bad Buizen position: {error}") from error


# -- text helpers ---------------------------------------------------------------------------------------

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


GAME = BuizenRules()
