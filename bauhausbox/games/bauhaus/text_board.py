"""A Bauhaus position drawn in text for a person (``bauhausbox replay``): the board with its walls and
tokens, then the turn, the display, the deck and each player's reserve.

The board is the picture notation of ``docs/rules/bauhaus.md`` (``+-+`` and ``|`` for walls, tokens
``b y r k`` by colour, in capitals once they show their control face) inside the shared frame of
:mod:`bauhausbox.engine.text_board`: columns from ``a``, rows from 1 at the bottom. The deck's order
is never shown, only its size.
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.grid import Cell
from bauhausbox.engine.text_board import Walls, draw_grid, legend, plural
from bauhausbox.games.bauhaus.board import Board
from bauhausbox.games.bauhaus.cards import CARDS, NO_CARD
from bauhausbox.games.bauhaus.state import COLOURS, OVER, POWER_OF_SEAT, SEAT_NAMES, TOKEN_LETTERS, BauhausState

EMPTY = "."
PHASES = {"opening": "opening (each player places a first token)", "choose": "choose a card", "resolve": "carry out"}


def board_text(state: BauhausState, names: Sequence[str]) -> str:
    """The board, a key to its marks, then what else the position holds."""
    board = Board(state.size)

    def square(cell: Cell) -> str:
        at = board.square(*cell)
        for seat in range(state.players):
            if state.deployed[seat] >> at & 1:
                return TOKEN_LETTERS[seat]
            if state.control[seat] >> at & 1:
                return TOKEN_LETTERS[seat].upper()
        return EMPTY

    # Edge numbering (board.py): the south side of square (col, row) is bit ``square(col, row)`` and
    # its west side ``v_offset + square(col, row)``; one past the last column or row is the border.
    walls = Walls(
        west=lambda col, row: bool(state.walls >> (board.v_offset + board.square(col, row)) & 1),
        south=lambda col, row: bool(state.walls >> board.square(col, row) & 1),
    )
    colours = [(TOKEN_LETTERS[seat], f"{COLOURS[seat]} token") for seat in range(state.players)]
    lines = [
        draw_grid(state.size, state.size, square, walls=walls),
        legend(
            [
                *colours,
                ("B", "a token showing its control face (capitals)"),
                ("-", "a wall between two rows"),
                ("|", "a wall between two columns"),
                (EMPTY, "empty square"),
            ]
        ),
        _turn_line(state, names),
        "Display: " + ", ".join(_card_title(card) for card in state.display),
        f"Deck: {plural(len(state.deck), 'card', 'cards')}; discard pile: "
        f"{plural(len(state.discard), 'card', 'cards')}; walls in the supply: {state.supply}",
    ]
    for seat in range(state.players):
        line = f"  {SEAT_NAMES[seat]} ({names[seat]}): {plural(state.reserve[seat], 'token', 'tokens')} in reserve"
        if state.powers:
            used = state.used[seat] if seat < len(state.used) else False
            line += f", power {POWER_OF_SEAT[seat]} {'used' if used else 'not used yet'}"
        lines.append(line)
    return "\n".join(lines)


def _turn_line(state: BauhausState, names: Sequence[str]) -> str:
    if state.phase == OVER:
        return "The game is over."
    line = f"Turn: {names[state.turn]} ({SEAT_NAMES[state.turn]}), {PHASES.get(state.phase, state.phase)}"
    if state.chosen != NO_CARD and 0 <= state.chosen < len(state.display):
        line += f" the card {_card_title(state.display[state.chosen])}"
    if state.to_play is not None and state.to_play != state.turn:
        line += f"; {names[state.to_play]} decides (Mind Control)"
    return line


def _card_title(card: int) -> str:
    return "(empty)" if card == NO_CARD else f"{CARDS[card].title} [{CARDS[card].name}]"
