"""Buizen Wir-War components as data: materials, edge kinds, the compatibility table and the 40 pipe tiles.

Everything here comes from ``docs/rules/buizen.md`` (our edition, ★): the pipe-tile table is written
once below, exactly as ``docs/rules/buizen.md`` prints it, and every other fact (rotated sides, which sides form one
pipe, the canonical rotation of a symmetric face) is derived from it.

An *edge* (one side of a tile) is a short string, the same spelling as ``docs/rules/buizen.md``:
``"FH"`` a pipe that continues, ``"R:FH"`` a pipe ending in a road connection (kerb), ``"E:FH"`` a pipe
ending under a pump-room eave, ``"-"`` plain ground, and ``"ROAD"`` / ``"PUMP"`` for every side of a road
or pump-room tile. Sides are listed N, E, S, W; a rotation is a number of clockwise quarter turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bauhausbox.engine.api import Words
from bauhausbox.i18n import N_

Edge = str
Sides = tuple[Edge, Edge, Edge, Edge]

MATERIALS: tuple[str, ...] = ("PP", "PE", "FH", "GAS")
# Names shown to players, marked for the catalogs and translated where they are drawn (the French
# ones are short, as the log's words for a pipe: PP, PE100, incendie, gaz).
MATERIAL_NAMES: dict[str, str] = {"PP": N_("PP"), "PE": N_("PE100"), "FH": N_("fire hose"), "GAS": N_("gas")}
# A pipe of each material with its article, as refusals name it ("a gas pipe would meet a fire hose").
PIPE_NAMES: dict[str, str] = {
    "PP": N_("a PP pipe"),
    "PE": N_("a PE100 pipe"),
    "FH": N_("a fire hose"),
    "GAS": N_("a gas pipe"),
}

GROUND: Edge = "-"
ROAD: Edge = "ROAD"
PUMP: Edge = "PUMP"

# Directions: index into a Sides tuple; (dx, dy) with x to the right and y down (``docs/rules/buizen.md``'s axes).
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
# TRANSLATORS: a side of a tile, as in "north side" ("côté nord").
DIRECTION_NAMES: tuple[str, ...] = (N_("north"), N_("east"), N_("south"), N_("west"))
STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def opposite(direction: int) -> int:
    return (direction + 2) % 4


# -- edges ---------------------------------------------------------------------------------------------
PIPE, ROAD_END, EAVE_END, PLAIN, ROAD_TILE, PUMP_TILE = "pipe", "road end", "eave", "ground", "road", "pump"


def _edge_kind(edge: Edge) -> str:
    if edge == GROUND:
        return PLAIN
    if edge == ROAD:
        return ROAD_TILE
    if edge == PUMP:
        return PUMP_TILE
    if edge.startswith("R:"):
        return ROAD_END
    if edge.startswith("E:"):
        return EAVE_END
    return PIPE


ALL_EDGES: tuple[Edge, ...] = (
    GROUND,
    ROAD,
    PUMP,
    *MATERIALS,
    *(f"R:{m}" for m in MATERIALS),
    *(f"E:{m}" for m in MATERIALS),
)
EDGE_KIND: dict[Edge, str] = {edge: _edge_kind(edge) for edge in ALL_EDGES}
# The material a side carries (None for ground, road and pump sides).
EDGE_MATERIAL: dict[Edge, str | None] = {
    edge: (edge[2:] if edge[1:2] == ":" else edge) if edge in MATERIALS or edge[1:2] == ":" else None
    for edge in ALL_EDGES
}


def _compatible(a: Edge, b: Edge) -> bool:
    """``docs/rules/buizen.md``'s compatibility table (symmetric)."""
    kind_a, kind_b = EDGE_KIND[a], EDGE_KIND[b]
    if kind_a == PIPE or kind_b == PIPE:
        return a == b  # a pipe continues only into the same material
    pair = {kind_a, kind_b}
    if ROAD_END in pair:
        return pair == {ROAD_END, ROAD_TILE}
    if EAVE_END in pair:
        return pair == {EAVE_END, PUMP_TILE}  # eaves never touch each other
    return True  # ground, road and pump sides all fit one another


def _real_connection(a: Edge, b: Edge) -> bool:
    kinds = {EDGE_KIND[a], EDGE_KIND[b]}
    return (a == b and EDGE_KIND[a] == PIPE) or kinds == {ROAD_END, ROAD_TILE} or kinds == {EAVE_END, PUMP_TILE}


COMPATIBLE: frozenset[tuple[Edge, Edge]] = frozenset((a, b) for a in ALL_EDGES for b in ALL_EDGES if _compatible(a, b))
REAL_CONNECTION: frozenset[tuple[Edge, Edge]] = frozenset(
    (a, b) for a in ALL_EDGES for b in ALL_EDGES if _real_connection(a, b)
)


@cache
def incompatibility_reason(mine: Edge, theirs: Edge) -> Words:
    """Why a side ``mine`` cannot touch ``theirs`` (for refusal messages; translatable)."""
    kind_mine, kind_theirs = EDGE_KIND[mine], EDGE_KIND[theirs]
    kinds = {kind_mine, kind_theirs}
    if kinds == {EAVE_END}:
        return Words("two pump-room eaves would touch")
    if kinds == {ROAD_END}:
        return Words("two road connections would face each other")
    if kind_mine == PIPE and kind_theirs == PIPE:
        return Words("{mine} would meet {theirs}", mine=describe_edge(mine), theirs=describe_edge(theirs))
    return Words("{mine} cannot touch {theirs}", mine=describe_edge(mine), theirs=describe_edge(theirs))


@cache
def describe_edge(edge: Edge) -> Words:
    """A side in words, with its article: "a gas pipe", "a road connection (PE100)", "plain ground"."""
    kind = EDGE_KIND[edge]
    material = EDGE_MATERIAL[edge]
    if kind == PIPE:
        return Words(PIPE_NAMES[edge])
    if kind == ROAD_END:
        return Words("a road connection ({material})", material=Words(MATERIAL_NAMES[material or ""]))
    if kind == EAVE_END:
        return Words("a pump-room eave ({material})", material=Words(MATERIAL_NAMES[material or ""]))
    if kind == ROAD_TILE:
        return Words("a road")
    if kind == PUMP_TILE:
        return Words("a pump room")
    return Words("plain ground")


# Why a placement is refused, as the rules find it (cheap: move generation judges thousands of faces);
# placement_refusal puts it in words only when a player is told. ("road" | "pump", direction, where) where an
# automatic tile would not fit, ("side", direction, mine, theirs), ("apart",) or ("unreal",).
Reason = tuple[str | int, ...]


def placement_refusal(reason: Reason) -> Words:
    """Why a placement is refused (a :data:`Reason`) in words, for players (translatable)."""
    what = reason[0]
    if what == "apart":
        return Words("the tile must be laid next to the layout")
    if what == "unreal":
        return Words("the tile needs at least one real connection (pipe to pipe, kerb to road or eave to pump room)")
    side = Words(DIRECTION_NAMES[int(reason[1])])
    if what == "side":
        return Words("{side} side: {reason}", side=side, reason=incompatibility_reason(str(reason[2]), str(reason[3])))
    where = str(reason[2])  # the direction from the empty cell, then the side it faces there
    touch = Words(
        "{edge} on its {side} side", edge=describe_edge(where[1:]), side=Words(DIRECTION_NAMES[int(where[0])])
    )
    if what == "road":
        return Words("the road for the {side} connection would touch {what}", side=side, what=touch)
    return Words("the pump room for the {side} eave would touch {what}", side=side, what=touch)


# -- the 40 pipe tiles -----------------------------------------------------------------------------------
# Copied from ``docs/rules/buizen.md``: number, front code and sides N E S W, back code and sides N E S W.
_TABLE = """
 1  S1 FH      FH     -      FH     -      | C1 PP/PE    PP     PE     PP     PE
 2  B1 FH      FH     FH     -      -      | C2 PP/PE    PP     PE     PP     R:PE
 3  ES FH      E:FH   -      FH     -      | C3 PP/PE    PE     PP     PE     R:PP
 4  S1 GAS     GAS    -      GAS    -      | D1 PP/PE    PP     PP     PE     PE
 5  B1 GAS     GAS    GAS    -      -      | D2 PP/PE    PP     R:PP   PE     E:PE
 6  ES GAS     E:GAS  -      GAS    -      | D3 PP/PE    PE     R:PE   PP     E:PP
 7  S1 PE      PE     -      PE     -      | C1 PP/FH    PP     FH     PP     FH
 8  B1 PE      PE     PE     -      -      | C2 PP/FH    PP     FH     PP     R:FH
 9  ES PE      E:PE   -      PE     -      | C3 PP/FH    FH     PP     FH     R:PP
10  S2 GAS     GAS    -      GAS    -      | D1 PP/FH    PP     PP     FH     FH
11  B2 GAS     GAS    GAS    -      -      | D2 PP/FH    PP     R:PP   FH     E:FH
12  RS GAS     R:GAS  -      GAS    -      | D3 PP/FH    FH     R:FH   PP     E:PP
13  S2 PE      PE     -      PE     -      | C1 PP/GAS   PP     GAS    PP     GAS
14  B2 PE      PE     PE     -      -      | C2 PP/GAS   PP     GAS    PP     R:GAS
15  RS PE      R:PE   -      PE     -      | C3 PP/GAS   GAS    PP     GAS    R:PP
16  S2 FH      FH     -      FH     -      | D1 PP/GAS   PP     PP     GAS    GAS
17  B2 FH      FH     FH     -      -      | D2 PP/GAS   PP     R:PP   GAS    E:GAS
18  RS FH      R:FH   -      FH     -      | D3 PP/GAS   GAS    R:GAS  PP     E:PP
19  S1 PP      PP     -      PP     -      | C1 PE/FH    PE     FH     PE     FH
20  B1 PP      PP     PP     -      -      | C2 PE/FH    PE     FH     PE     R:FH
21  ES PP      E:PP   -      PP     -      | C3 PE/FH    FH     PE     FH     R:PE
22  EB GAS     E:GAS  GAS    -      -      | D1 PE/FH    PE     PE     FH     FH
23  RB GAS     R:GAS  GAS    -      -      | D2 PE/FH    PE     R:PE   FH     E:FH
24  RT GAS     GAS    R:GAS  GAS    -      | D3 PE/FH    FH     R:FH   PE     E:PE
25  S2 PP      PP     -      PP     -      | C1 PE/GAS   PE     GAS    PE     GAS
26  B2 PP      PP     PP     -      -      | C2 PE/GAS   PE     GAS    PE     R:GAS
27  RS PP      R:PP   -      PP     -      | C3 PE/GAS   GAS    PE     GAS    R:PE
28  EB FH      E:FH   FH     -      -      | D1 PE/GAS   PE     PE     GAS    GAS
29  RB FH      R:FH   FH     -      -      | D2 PE/GAS   PE     R:PE   GAS    E:GAS
30  RT FH      FH     R:FH   FH     -      | D3 PE/GAS   GAS    R:GAS  PE     E:PE
31  EB PP      E:PP   PP     -      -      | C1 FH/GAS   FH     GAS    FH     GAS
32  RB PP      R:PP   PP     -      -      | C2 FH/GAS   FH     GAS    FH     R:GAS
33  RT PP      PP     R:PP   PP     -      | C3 FH/GAS   GAS    FH     GAS    R:FH
34  EB PE      E:PE   PE     -      -      | D1 FH/GAS   FH     FH     GAS    GAS
35  RB PE      R:PE   PE     -      -      | D2 FH/GAS   FH     R:FH   GAS    E:GAS
36  RT PE      PE     R:PE   PE     -      | D3 FH/GAS   GAS    R:GAS  FH     E:FH
37  X PP       PP     PP     PP     PP     | T PE        PE     PE     PE     -
38  X PE       PE     PE     PE     PE     | T FH        FH     FH     FH     -
39  X FH       FH     FH     FH     FH     | T GAS       GAS    GAS    GAS    -
40  X GAS      GAS    GAS    GAS    GAS    | T PP        PP     PP     PP     -
"""

FRONT, BACK = 0, 1
FACE_LETTERS: tuple[str, str] = ("f", "b")


@dataclass(frozen=True, slots=True)
class Face:
    """One printed side of a pipe tile: its code on ``docs/rules/buizen.md`` ("C2 PP/PE") and its sides N E S W."""

    code: str
    sides: Sides

    @property
    def materials(self) -> tuple[str, ...]:
        """The materials of the pipes on this face, in MATERIALS order."""
        present = {EDGE_MATERIAL[side] for side in self.sides}
        return tuple(m for m in MATERIALS if m in present)


@dataclass(frozen=True, slots=True)
class PipeTile:
    number: int
    faces: tuple[Face, Face]


def _parse_table(text: str) -> tuple[PipeTile, ...]:
    tiles = []
    for line in text.strip().splitlines():
        front_text, back_text = line.split("|")
        front_words = front_text.split()
        back_words = back_text.split()
        number = int(front_words[0])
        front = Face(" ".join(front_words[1:-4]), tuple(front_words[-4:]))  # type: ignore[arg-type]
        back = Face(" ".join(back_words[:-4]), tuple(back_words[-4:]))  # type: ignore[arg-type]
        for side in (*front.sides, *back.sides):
            if side not in EDGE_KIND:
                raise ValueError(f"tile {number}: unknown edge {side!r}")
        tiles.append(PipeTile(number, (front, back)))
    return tuple(tiles)


PIPE_TILES: tuple[PipeTile, ...] = _parse_table(_TABLE)
TILE_BY_NUMBER: dict[int, PipeTile] = {tile.number: tile for tile in PIPE_TILES}
TILE_NUMBERS: tuple[int, ...] = tuple(TILE_BY_NUMBER)

# Special road tiles travel in the bag beside the pipe tiles; in hands and the bag they are these numbers.
OPEN_PIT, MANHOLE = 41, 42
# The notation's names ("pit at 5,2"), never translated; players read SPECIAL_TITLES.
SPECIAL_NAMES: dict[int, str] = {OPEN_PIT: "pit", MANHOLE: "manhole"}
SPECIAL_TITLES: dict[int, str] = {OPEN_PIT: N_("an open pit"), MANHOLE: N_("a manhole")}
SPECIAL_COUNT = 4  # of each kind
PUMP_ROOMS = 10  # one of them is the start tile
ROADS = 10
HAND_SIZE = 4
MAX_DRAW = 3

BAG_CONTENTS: tuple[int, ...] = (*TILE_NUMBERS, *([OPEN_PIT] * SPECIAL_COUNT), *([MANHOLE] * SPECIAL_COUNT))


def rotate(sides: Sides, rotation: int) -> Sides:
    """Sides after ``rotation`` clockwise quarter turns: what faced north now faces east, and so on."""
    r = rotation % 4
    if r == 0:
        return sides
    return sides[-r:] + sides[:-r]  # type: ignore[return-value]


# ORIENTED[number][face][rotation] -> sides N E S W as laid on the table.
ORIENTED: dict[int, tuple[tuple[Sides, ...], ...]] = {
    tile.number: tuple(tuple(rotate(face.sides, r) for r in range(4)) for face in tile.faces) for tile in PIPE_TILES
}

# The smallest rotation showing the same sides (a straight turned 180° is the same straight).
CANONICAL_ROTATION: dict[tuple[int, int, int], int] = {
    (number, face, r): min(q for q in range(4) if ORIENTED[number][face][q] == ORIENTED[number][face][r])
    for number in TILE_NUMBERS
    for face in (FRONT, BACK)
    for r in range(4)
}

# The distinct (face, rotation) orientations of each tile, for move generation.
DISTINCT_ORIENTATIONS: dict[int, tuple[tuple[int, int], ...]] = {
    number: tuple((face, r) for face in (FRONT, BACK) for r in range(4) if CANONICAL_ROTATION[(number, face, r)] == r)
    for number in TILE_NUMBERS
}


def sides_of(number: int, face: int, rotation: int) -> Sides:
    return ORIENTED[number][face][rotation % 4]


def parse_sides(text: str) -> Sides:
    """``"[-, FH, FH, FH]"`` or ``"- FH FH FH"`` -> sides N E S W (how test positions write a face)."""
    words = text.replace("[", " ").replace("]", " ").replace(",", " ").split()
    if len(words) != 4 or any(word not in EDGE_KIND for word in words):
        raise ValueError(f"{text!r} is not four sides N E S W")
    return (words[0], words[1], words[2], words[3])
