"""Buizen Wir-War's position and moves (``docs/rules/buizen.md``), and the table as lookups.

A :class:`BuizenState` is immutable: hands, bag, seat colours, the laid pipes, pump rooms, roads and
blocked ends as sorted tuples; :class:`Table` builds the dictionaries a placement check reads. Cells are
``(x, y)`` from the start pump room at ``0,0``, x to the right and y down. Pure Python, no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from bauhausbox.engine.api import Seat
from bauhausbox.games.buizen.tiles import (
    COMPATIBLE,
    PUMP,
    ROAD,
    STEPS,
    Sides,
    opposite,
    sides_of,
)

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
