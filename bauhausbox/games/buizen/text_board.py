"""A Buizen Wir-War position drawn in text for a person (``bauhausbox replay``): the laid tiles over
the table's bounding box, then whose turn it is, the tiles in each hand, the bag and the piles.

The table has no edge and its own coordinates (``docs/rules/buizen.md``, "Notation"): cells are
``x,y`` from the start pump room at ``0,0``, x to the right and y down, so the columns are labelled
with x and the rows with y, smallest y at the top, in the shared frame of
:mod:`bauhausbox.engine.text_board`. Each cell is a block of three lines of three characters: a
pipe's letter on each side it leaves by, the tile's material in the middle (the key below says it
all). The state given may be a seat's view: hidden hands are then only counted, hidden colours not
named, as the view leaves them.
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.grid import Cell
from bauhausbox.engine.text_board import draw_grid, legend, plural
from bauhausbox.games.buizen.rules import BuizenState
from bauhausbox.games.buizen.tiles import (
    EDGE_KIND,
    EDGE_MATERIAL,
    MANHOLE,
    MATERIAL_NAMES,
    MATERIALS,
    OPEN_PIT,
    PIPE,
    TILE_BY_NUMBER,
    Sides,
    sides_of,
)

#: One letter per material on the drawing; lower case where the pipe ends (in a road or a pump room).
LETTERS = {"PP": "P", "PE": "E", "FH": "F", "GAS": "G"}
CROSSING = "+"
PUMP_PICTURE = "###\n#@#\n###"
ROAD_MARKS = {(): "R", (OPEN_PIT,): "O", (MANHOLE,): "M", (OPEN_PIT, MANHOLE): "M"}
BLOCKED_PICTURE = "   \n x \n   "
EMPTY_PICTURE = "   \n . \n   "
HIDDEN_TILE = 0  # a tile of a hand or the bag that the view hides (rules: HIDDEN)


def board_text(state: BuizenState, names: Sequence[str]) -> str:
    """The table, a key to its marks, then turn, colours, hands, bag and piles."""
    lines = [_table(state), _key()]
    lines.append("The game is over." if state.to_play is None else f"To play: {names[state.to_play]}")
    for seat in range(state.players):
        lines.append(_seat_line(state, seat, names))
    lines.append(
        f"Bag: {plural(len(state.bag), 'tile', 'tiles')}; pump rooms left: {state.pump_pile}; roads left: "
        f"{state.road_pile}"
    )
    return "\n".join(lines)


def _table(state: BuizenState) -> str:
    pictures: dict[Cell, str] = {cell: PUMP_PICTURE for cell in state.pumps}
    pictures.update((cell, _road_picture(stack)) for cell, stack in state.roads)
    pictures.update((cell, BLOCKED_PICTURE) for cell in state.blocked)
    pictures.update(
        (cell, _pipe_picture(sides_of(laid.number, laid.face, laid.rotation))) for cell, laid in state.pipes
    )
    xs = [x for x, _ in pictures]
    ys = [y for _, y in pictures]
    left, top, bottom = min(xs), min(ys), max(ys)
    width, height = max(xs) - left + 1, bottom - top + 1

    # The shared frame counts rows from the bottom; the table's y grows downwards.
    def square(cell: Cell) -> str:
        col, row = cell
        return pictures.get((left + col, bottom - row), EMPTY_PICTURE)

    return draw_grid(
        width,
        height,
        square,
        square_width=3,
        square_height=3,
        column_labels=[f"{left + col:>2} " for col in range(width)],  # the digit over the middle
        row_labels=[str(bottom - row) for row in range(height)],
    )


def _pipe_picture(sides: Sides) -> str:
    """``.F.`` / ``F+E`` / ``.E.``: each side's letter where a pipe leaves, the material in the middle."""
    north, east, south, west = (_side_mark(side) for side in sides)
    materials = {EDGE_MATERIAL[side] for side in sides} - {None}
    middle = LETTERS[str(next(iter(materials)))] if len(materials) == 1 else CROSSING
    return f" {north} \n{west}{middle}{east}\n {south} "


def _side_mark(side: str) -> str:
    material = EDGE_MATERIAL[side]
    if material is None:
        return " "
    letter = LETTERS[material]
    return letter if EDGE_KIND[side] == PIPE else letter.lower()


def _road_picture(stack: tuple[int, ...]) -> str:
    return f"===\n={ROAD_MARKS.get(stack, 'R')}=\n==="


def _key() -> str:
    materials = [(LETTERS[m], f"{MATERIAL_NAMES[m]} pipe") for m in MATERIALS]
    return "\n".join(
        [
            legend(materials),
            "     (lower case: the pipe ends there in a road or under a pump room's eave; "
            f"{CROSSING} in the middle: pipes of two materials that do not join)",
            "     ### with @: a pump room; === with R: a road, O: an open pit on it, M: a manhole on it; "
            "x: a cell that can never be filled; .: an empty cell",
        ]
    )


def _seat_line(state: BuizenState, seat: int, names: Sequence[str]) -> str:
    hand = state.hands[seat]
    colour = state.colours[seat]
    line = f"  {names[seat]}: "
    if colour in MATERIAL_NAMES:
        line += f"{MATERIAL_NAMES[colour]}, "
    if hand and HIDDEN_TILE not in hand:
        return line + f"{plural(len(hand), 'tile', 'tiles')} in hand: " + ", ".join(_tile_words(t) for t in hand)
    return line + f"{plural(len(hand), 'tile', 'tiles')} in hand"


def _tile_words(number: int) -> str:
    if number == OPEN_PIT:
        return "an open pit"
    if number == MANHOLE:
        return "a manhole"
    front, back = TILE_BY_NUMBER[number].faces
    return f"{number} ({front.code} | {back.code})"
