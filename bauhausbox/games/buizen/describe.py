"""Buizen Wir-War moves in words (the engine contract's ``describe_move``).

"Circle laid a gas bend right of the start pump room and drew 2", "Square laid an open pit on the
road below Circle's fire-hose straight ending in a road and drew 1". The table has no edge and its
coordinates mean nothing to players, so a cell is named by a neighbour: the start pump room when it
touches it, else a pipe tile it touches (by what it shows and who laid it), else a pump room or a
road. Tile numbers, faces and turns are never named: a face is called by its pipes ("a PP–PE100
crossing with a road end"). Automatic roads and pump rooms, pipe ends left open for good and the
end of the game are added.

Hands, colour tiles and the bag are secret: a sentence names a tile only once it lies on the
table, and a draw says how many tiles, never which.
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.api import Seat
from bauhausbox.games.buizen.rules import (
    BuizenRules,
    BuizenState,
    Cell,
    Draw,
    LaidPipe,
    Move,
    Place,
    Special,
)
from bauhausbox.games.buizen.tiles import OPEN_PIT, STEPS, TILE_BY_NUMBER

# A material as an adjective ("a fire-hose bend").
MATERIAL_WORDS: dict[str, str] = {"PP": "PP", "PE": "PE100", "FH": "fire-hose", "GAS": "gas"}

# Face codes of the tile table in docs/rules/buizen.md, in words: what a laid tile is called, and the shorter
# name it goes by when it serves as a landmark. {0} and {1} are the face's materials.
FACE_WORDS: dict[str, tuple[str, str]] = {
    "S1": ("{0} straight", "{0} straight"),
    "S2": ("{0} straight", "{0} straight"),
    "B1": ("{0} bend", "{0} bend"),
    "B2": ("{0} bend", "{0} bend"),
    "ES": ("{0} straight ending in an eave", "{0} straight"),
    "RS": ("{0} straight ending in a road", "{0} straight"),
    "EB": ("{0} bend ending in an eave", "{0} bend"),
    "RB": ("{0} bend ending in a road", "{0} bend"),
    "RT": ("{0} straight with a branch to a road", "{0} branch"),
    "X": ("{0} four-way", "{0} four-way"),
    "T": ("{0} three-way", "{0} three-way"),
    "C1": ("{0}–{1} crossing", "{0}–{1} crossing"),
    "C2": ("{0}–{1} crossing with a road end", "{0}–{1} crossing"),
    "C3": ("{0}–{1} crossing with a road end", "{0}–{1} crossing"),
    "D1": ("{0}–{1} double bend", "{0}–{1} double bend"),
    "D2": ("{0}–{1} double pipe ending in a road and an eave", "{0}–{1} double pipe"),
    "D3": ("{0}–{1} double pipe ending in a road and an eave", "{0}–{1} double pipe"),
}

# Where a cell lies seen from its neighbour in direction d (north, east, south, west of it).
BESIDE: tuple[str, ...] = ("below", "left of", "above", "right of")
# Where a neighbour in direction d lies, seen from the cell.
TOWARDS: tuple[str, ...] = ("above it", "to its right", "below it", "to its left")


def face_words(number: int, face: int, short: bool = False) -> str:
    """``gas bend ending in a road``, ``PP–PE100 crossing with a road end``; ``short``: ``gas bend``."""
    kind, _, materials = TILE_BY_NUMBER[number].faces[face].code.partition(" ")
    words = [MATERIAL_WORDS[m] for m in materials.split("/")]
    return FACE_WORDS[kind][short].format(*words)


def _a(words: str) -> str:
    return f"{'an' if words[0] in 'aeiouAEIOU' else 'a'} {words}"


def _landmark(rules: BuizenRules, state: BuizenState, cell: Cell, names: Sequence[str] | None) -> str:
    """Where ``cell`` lies, by a neighbour: ``right of the start pump room``, ``below Circle's gas bend``."""
    pipes = dict(state.pipes)
    roads = dict(state.roads)
    x, y = cell
    neighbours = [(direction, (x + dx, y + dy)) for direction, (dx, dy) in enumerate(STEPS)]
    for direction, other in neighbours:
        if other == (0, 0):
            return f"{BESIDE[direction]} the start pump room"
    for direction, other in neighbours:
        laid = pipes.get(other)
        if laid is not None:
            return f"{BESIDE[direction]} {_pipe(rules, state, laid, names)}"
    for direction, other in neighbours:
        kind = "pump room" if other in state.pumps else "road" if other in roads else None
        if kind is None:
            continue
        # A road or pump room is named by the pipe tile it serves.
        ox, oy = other
        served = [pipes[c] for c in ((ox + dx, oy + dy) for dx, dy in STEPS) if c in pipes and c != cell]
        if served:
            return f"{BESIDE[direction]} the {kind} by {_pipe(rules, state, served[0], names)}"
        return f"{BESIDE[direction]} a {kind}"
    return "apart from the layout"  # not reached: every tile is laid next to the layout


def _pipe(rules: BuizenRules, state: BuizenState, laid: LaidPipe, names: Sequence[str] | None) -> str:
    """``Circle's gas bend`` (``the gas bend`` when who laid it is unknown)."""
    words = face_words(laid.number, laid.face, short=True)
    if laid.seat < 0:
        return f"the {words}"
    return f"{rules.mover_name(state, laid.seat, names)}'s {words}"


def describe_move(
    rules: BuizenRules,
    state: BuizenState,
    move: Move,
    *,
    mover: Seat | None = None,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    seat = state.to_play if mover is None else mover
    if seat is None:
        return "The game is over"
    who = rules.mover_name(state, seat, names)
    after = rules.apply(state, move, seat)
    extra = ""
    if isinstance(move, Place):
        sentence = f"{who} laid {_a(face_words(move.number, move.face))} {_landmark(rules, state, move.cell, names)}"
        extra = _automatic(state, after, move.cell)
    elif isinstance(move, Special):
        top = dict(state.roads)[move.cell]
        road = "the open pit" if top and top[-1] == OPEN_PIT else "the road"
        what = "an open pit" if move.kind == OPEN_PIT else "a manhole"
        sentence = f"{who} laid {what} on {road} {_landmark(rules, state, move.cell, names)}"
    elif isinstance(move, Draw):
        sentence = f"{who} could play no tile"
    else:
        sentence = f"{who} could play no tile and passed"
    if after.drawn:
        sentence += f" and drew {after.drawn}"  # how many, never which: the tiles are secret
    if after.to_play is None:
        extra += "; nobody can play any more: the game is over"
    return sentence + extra


def _automatic(state: BuizenState, after: BuizenState, cell: Cell) -> str:
    """``; a road was put to its right`` — the roads and pump rooms the rules added, and open ends."""
    x, y = cell
    new_roads = {c for c, _ in after.roads} - {c for c, _ in state.roads}
    new_pumps = set(after.pumps) - set(state.pumps)
    new_blocked = set(after.blocked) - set(state.blocked)
    added = []
    left_open = []
    for direction, (dx, dy) in enumerate(STEPS):
        neighbour = (x + dx, y + dy)
        if neighbour in new_roads:
            added.append(f"a road {TOWARDS[direction]}")
        elif neighbour in new_pumps:
            added.append(f"a pump room {TOWARDS[direction]}")
        elif neighbour in new_blocked:
            left_open.append(TOWARDS[direction])
    clauses = ""
    if added:
        clauses += f"; the rules put {_join(added)}"
    if left_open:
        clauses += f"; the pile was empty, so the pipe end {_join(left_open)} stays open for good"
    return clauses


def _join(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
