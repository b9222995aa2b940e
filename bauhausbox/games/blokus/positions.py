"""Blokus positions as text (``docs/rules/blokus.md``, "Notation"): the board field of the position
text, the hands read back from a board, and the board drawn for logs and test failures. Pure.

Boards are as many rows as the variant's board has (20, or 14 for Duo and Junior), top row first.
"""

from __future__ import annotations

from bauhausbox.engine.api import InvalidPositionError
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.variants import JUNIOR, take_piece, variant_of

COLOUR_LETTERS = "byrg"
Four = tuple[int, int, int, int]


def board_text(boards: tuple[int, ...], size: int = bb.SIZE) -> str:
    rows = []
    for row in range(size - 1, -1, -1):
        text = ""
        empty = 0
        for col in range(size):
            bit = 1 << bb.bit_index((col, row))
            owner = next((c for c in range(4) if boards[c] & bit), None)
            if owner is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += COLOUR_LETTERS[owner]
        if empty:
            text += str(empty)
        rows.append(text)
    return "/".join(rows)


def parse_board_text(text: str, size: int = bb.SIZE) -> Four:
    rows = text.split("/")
    if len(rows) != size:
        raise InvalidPositionError(f"the board needs {size} rows separated by '/'")
    boards = [0, 0, 0, 0]
    for number, row_text in enumerate(rows):
        row = size - 1 - number
        col = 0
        digits = ""
        for ch in row_text + "/":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                col += int(digits)
                digits = ""
            if ch == "/":
                break
            if ch not in COLOUR_LETTERS or col >= size:
                raise InvalidPositionError(f"bad square {ch!r} in board row {row + 1}")
            boards[COLOUR_LETTERS.index(ch)] |= 1 << bb.bit_index((col, row))
            col += 1
        if col != size:
            raise InvalidPositionError(f"board row {row + 1} has {col} squares, not {size}")
    return boards[0], boards[1], boards[2], boards[3]


def hand_from_board(bits: int, name: str, variant: str, colour: int) -> tuple[int, int]:
    """The pieces a colour still holds, given its squares, as (hand, spare): each side-connected
    group is one piece (pieces of one colour never share a side)."""
    rules = variant_of(variant)
    playing = colour in rules.colours
    hand, spare = (rules.hand, rules.spare) if playing else (0, 0)
    for group in bb.components(bits):
        placement = bb.PLACEMENT_BY_MASK.get(group)
        if placement is None:
            raise InvalidPositionError(f"{name} has a group of squares that is not a Blokus piece")
        if not (hand | spare) >> placement.piece & 1:
            twice = "three times" if variant == JUNIOR else "twice"
            if not playing or not rules.hand >> placement.piece & 1:
                raise InvalidPositionError(f"{name} has a {PIECES[placement.piece].name} piece it does not own")
            raise InvalidPositionError(f"{name} has its {PIECES[placement.piece].name} piece {twice}")
        hand, spare = take_piece(hand, spare, placement.piece)
    return hand, spare


def letters(bits: int) -> str:
    return "".join(COLOUR_LETTERS[c] for c in range(4) if bits >> c & 1) or "-"


def parse_letters(text: str) -> int:
    if text == "-":
        return 0
    bits = 0
    for ch in text:
        if ch not in COLOUR_LETTERS:
            raise InvalidPositionError(f"bad colour letter {ch!r}")
        bits |= 1 << COLOUR_LETTERS.index(ch)
    return bits


def board_picture(boards: tuple[int, ...], size: int = bb.SIZE) -> str:
    """The board as lines of ``. b y r g`` with coordinates, for logs, the CLI and test failures."""
    lines = []
    for row in range(size - 1, -1, -1):
        marks = []
        for col in range(size):
            bit = 1 << bb.bit_index((col, row))
            owner = next((c for c in range(4) if boards[c] & bit), None)
            marks.append("." if owner is None else COLOUR_LETTERS[owner])
        lines.append(f"{row + 1:>2} {' '.join(marks)}")
    lines.append("   " + " ".join(chr(ord("a") + col) for col in range(size)))
    return "\n".join(lines)
