"""Buizen Wir-War's networks and their points (``docs/rules/buizen.md``, "Scoring").

A network is a connected pipe of one material across tiles; it is closed when no end is left open, and
a closed network scores for its material. Pure Python, no pygame.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from bauhausbox.games.buizen.state import PUMP_SIDES, BuizenState, Cell, Table
from bauhausbox.games.buizen.tiles import (
    EDGE_KIND,
    EDGE_MATERIAL,
    MATERIALS,
    OPEN_PIT,
    PIPE,
    ROAD_END,
    STEPS,
    Sides,
)


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
