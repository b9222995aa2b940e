"""Helpers to build and drive Bauhaus positions by name: tests, the how-to-play diagrams and debugging.

Positions are board pictures (see :meth:`BauhausRules.picture`); :func:`zones_picture` draws one
from a list of walled zones; :func:`choose` and :func:`play` make card turns by card name and move text.
"""

from __future__ import annotations

from bauhausbox.games.bauhaus.cards import CARD_INDEX
from bauhausbox.games.bauhaus.rules import GAME, BauhausState

EMPTY_BOARD = """
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
 . . . . . . . .
+ + + + + + + + +
"""


def sq(name: str) -> int:
    return GAME.board.parse_square(name)


def edge(name: str) -> int:
    return GAME.board.parse_edge(name)


def choose(state: BauhausState, card: str) -> BauhausState:
    """Pick the first display slot holding ``card`` (by the seat to play)."""
    slot = state.display.index(CARD_INDEX[card])
    return GAME.play_texts(state, [f"card{slot}"])


def play(state: BauhausState, *texts: str) -> BauhausState:
    return GAME.play_texts(state, list(texts))


def reason(state: BauhausState, text: str, seat: int | None = None) -> str | None:
    """Why the move text is refused (None when legal)."""
    return GAME.check(state, GAME.parse_move(state, text, seat), seat)


def zones_picture(zones: list[tuple[list[str], str]], size: int = 8) -> str:
    """A picture with each listed zone walled all round and its tokens, given as
    ``(["a1", "b1"], "bb.")`` -- the squares, then one token letter (or ``.``) per square."""
    b = GAME.board
    walls = 0
    tokens: dict[int, str] = {}
    for cells, letters in zones:
        squares = [b.parse_square(c) for c in cells]
        for s in squares:
            walls ^= b.square_edges[s]  # shared inner edges cancel out
        for s, letter in zip(squares, letters.ljust(len(squares), "."), strict=True):
            tokens[s] = letter
    lines = []
    for line in range(size, -1, -1):
        lines.append("+" + "+".join("-" if walls >> (line * b.stride + col) & 1 else " " for col in range(size)) + "+")
        if line == 0:
            break
        row = line - 1
        chars = []
        for x in range(size + 1):
            chars.append("|" if walls >> (b.v_offset + row * b.stride + x) & 1 else " ")
            if x < size:
                chars.append(tokens.get(b.square(x, row), "."))
        lines.append("".join(chars))
    return "\n".join(lines)
