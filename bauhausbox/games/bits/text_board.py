"""A Bits position drawn in text for a person (``bauhausbox replay``): the round, the goal cards and
the tile card in words, then each player's ramp with its colour letters.

A ramp is drawn in the shared frame of :mod:`bauhausbox.engine.text_board`, with the columns 1–6 and
the rows 1–6 from the bottom of the ramp that ``docs/rules/bits.md`` names. The state given may be a
seat's view: another seat's choice for the current tile is then only "placed" (it is secret until
everybody has placed), and the order of the deck and the piles is never shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.grid import Cell
from bauhausbox.engine.text_board import draw_grid, legend, plural
from bauhausbox.games.bits.cards import CARD_BY_ID, COLOUR_NAMES, COLOURS, EMPTY, NEUTRAL, SIZE, score_board
from bauhausbox.games.bits.rules import SEAT_NAMES, BitsState, Hidden, Pass, move_text


def board_text(state: BitsState, names: Sequence[str]) -> str:
    """The round and its cards, a key to the letters, then one ramp per player."""
    rounds = state.rounds_total
    lines = ["The game is over." if state.over else f"Round {state.round} of {rounds}."]
    lines.append("Goal cards:")
    lines += [f"  {card_id}: {CARD_BY_ID[card_id].describe()}" for card_id in state.goals]
    if state.tile_card is not None and not state.over:
        lines.append(f"Tile card: {_tile_words(state.tile_card)}; {plural(len(state.deck), 'card', 'cards')} to come.")
    elif not state.over:
        lines.append("Start tiles: each player places their start tile.")
    marks = [(letter, COLOUR_NAMES[letter]) for letter in (*COLOURS, NEUTRAL)]
    lines.append(legend([*marks, (EMPTY, "empty or a hole")]))
    for seat in range(state.players):
        lines.append("")
        lines.append(_seat_heading(state, seat, names))
        lines.append(_ramp(state.boards[seat]))
    return "\n".join(lines)


def _ramp(board: str) -> str:
    def square(cell: Cell) -> str:
        col, row = cell
        return board[row * SIZE + col]

    return draw_grid(SIZE, SIZE, square, column_labels=[str(col + 1) for col in range(SIZE)])


def _seat_heading(state: BitsState, seat: int, names: Sequence[str]) -> str:
    points = score_board(state.boards[seat], state.active_goals())
    cards = ", ".join(f"{score.card.id} {score.points:+d}" for score in points)
    when = "last round" if state.over else "this round"
    heading = f"{names[seat]} ({SEAT_NAMES[seat]}): {when} {cards} = {sum(s.points for s in points)}"
    if state.neutral_used[seat]:
        heading += "; neutral tile used"
    choice = state.pending[seat]
    if state.over:
        return heading
    if state.done[seat] or isinstance(choice, Pass):
        return heading + "; done for the round"
    if isinstance(choice, Hidden):
        return heading + "; has placed (where stays secret until everybody has)"
    if choice is not None:
        return heading + f"; has placed {move_text(choice)} (shown on the ramp once everybody has)"
    return heading + f"; to place {'the start tile ' + state.start_tiles[seat] if state.start_phase else 'the tile'}"


def _tile_words(tile: str) -> str:
    colours = "–".join(dict.fromkeys(COLOUR_NAMES[letter] for letter in tile))
    return f"{tile} ({colours})"
