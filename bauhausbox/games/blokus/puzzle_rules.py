"""The Blokus solo puzzles as a game of the engine (``docs/rules/puzzles.md``): one seat, six puzzles.

The game ``blokus-puzzles`` has one option, ``puzzle`` (one of the six ids of ``puzzles.py``). A move
puts a piece down (``"blue I4 b1,c1,d1,e1"``) or, in the frames, picks a placed piece up again
(``"lift blue I4"``). The game is over when the puzzle is solved or when no piece left fits anywhere;
the score is the number of pieces placed, and the puzzle counts as solved when that is all of them.
The rules themselves (what fits where) live in ``puzzles.py``; this module only speaks the contract
of ``bauhausbox/engine/api.py``, so the history, saves, undo, the conformance suite and the screens
treat the puzzles like every other game.
"""

from __future__ import annotations

from collections import Counter

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
from bauhausbox.games.blokus.describe import YOU
from bauhausbox.games.blokus.puzzles import (
    PUZZLE_BY_ID,
    PUZZLES,
    Lift,
    Placement,
    PuzzleMove,
    PuzzleState,
    is_complete,
    is_piece_shape,
    legal_placements,
    lifts,
    parse_move,
    place,
    remove,
    same_colour_contacts,
)
from bauhausbox.i18n import N_

GAME_ID = "blokus-puzzles"
EMPTY = "-"


class PuzzleRules(GameRules[PuzzleState, PuzzleMove]):
    describer = "bauhausbox.games.blokus.puzzle_describe:move_sentence"  # moves in words
    info = GameInfo(
        id=GAME_ID,
        title=N_("Blokus puzzles"),
        tagline=N_("Six solo puzzles: fill the board, the frames"),
        min_players=1,
        max_players=1,
        default_players=1,
        options=(
            OptionSpec(
                "puzzle",
                N_("Puzzle"),
                tuple((spec.id, spec.title) for spec in PUZZLES),
                "tetromino",
                N_("Which of the six puzzles to play"),
            ),
        ),
        seat_names=(YOU,),
        # The solver plays (and hints) as the one computer level.
        levels=("hard",),
        think_seconds={"hard": 2.0},
        # A random game of the pentomino frame lists tens of thousands of placements per move.
        conformance_scale=0.15,
    )

    def new_game(self, players: int, seed: int, **options: OptionValue) -> PuzzleState:
        chosen = self.normalize_options(players, options)
        return PuzzleState(str(chosen["puzzle"]))

    # -- playing ----------------------------------------------------------------------------------
    def legal_moves(self, state: PuzzleState, seat: Seat | None = None) -> list[PuzzleMove]:
        if self.seat_or_to_play(state, seat) is None:
            return []
        return [*legal_placements(state), *lifts(state)]

    def apply(self, state: PuzzleState, move: PuzzleMove, seat: Seat | None = None) -> PuzzleState:
        self.seat_or_to_play(state, seat)
        if state.to_play is None:
            raise IllegalMoveError(
                Words("the puzzle is solved") if is_complete(state) else Words("no piece left fits anywhere")
            )
        if isinstance(move, Lift):
            if not state.spec.movable:
                raise IllegalMoveError(Words("on the full board placed pieces stay put (Undo takes back the last one)"))
            return remove(state, move.piece)
        if isinstance(move, Placement):
            return place(state, move)
        raise InvalidMoveError(Words("{move} is not a move of the puzzles", move=repr(move)))

    def format_move(self, state: PuzzleState, move: PuzzleMove) -> str:
        return move.text

    def parse_move(self, state: PuzzleState, text: str, seat: Seat | None = None) -> PuzzleMove:
        self.seat_or_to_play(state, seat)
        spec = state.spec
        return parse_move(text.strip(), spec.width, spec.height)

    # -- the end ----------------------------------------------------------------------------------
    def scores(self, state: PuzzleState) -> list[int]:
        """The pieces on the board: all of them when the puzzle is solved."""
        return [len(state.placements)]

    def winners(self, state: PuzzleState) -> list[Seat]:
        return [0]

    def score_table(self, state: PuzzleState) -> list[ScoreRow]:
        placed = f"{len(state.placements)} / {len(state.spec.pieces)}"
        solved = Words("yes") if is_complete(state) else Words("no")
        return [ScoreRow(Words("Pieces placed"), (placed,)), ScoreRow(Words("Solved"), (solved,))]

    def invariant_errors(self, state: PuzzleState) -> list[str]:
        spec = state.spec
        errors = []
        pieces = Counter(placement.piece for placement in state.placements)
        errors += [f"{piece.label} is placed {count} times" for piece, count in pieces.items() if count > 1]
        errors += [f"{piece.label} is not part of {spec.id}" for piece in pieces if piece not in spec.pieces]
        squares = Counter(cell for placement in state.placements for cell in placement.cells)
        errors += [f"square {cell} is covered twice" for cell, count in squares.items() if count > 1]
        for placement in state.placements:
            if not is_piece_shape(placement.piece.name, placement.cells):
                errors.append(f"{placement.text} is not the shape of its piece")
            if any(not (0 <= col < spec.width and 0 <= row < spec.height) for col, row in placement.cells):
                errors.append(f"{placement.text} lies off the board")
        if spec.hard and spec.movable and same_colour_contacts(state):
            errors.append("two pieces of one colour touch along a side")
        return errors

    # -- positions as text ------------------------------------------------------------------------
    def to_text(self, state: PuzzleState) -> str:
        """``<puzzle>: <placement>; <placement>; ...`` in the order they were placed (``-`` for none)."""
        placed = "; ".join(placement.text for placement in state.placements)
        return f"{state.puzzle}: {placed or EMPTY}"

    def from_text(self, text: str) -> PuzzleState:
        puzzle, colon, placed = text.partition(":")
        puzzle = puzzle.strip()
        if not colon or puzzle not in PUZZLE_BY_ID:
            raise InvalidPositionError(f"a puzzle position starts with one of {', '.join(PUZZLE_BY_ID)} and ':'")
        state = PuzzleState(puzzle)
        placed = placed.strip()
        if placed == EMPTY:
            return state
        spec = state.spec
        for part in placed.split(";"):
            try:
                move = parse_move(part.strip(), spec.width, spec.height)
                if not isinstance(move, Placement):
                    raise InvalidMoveError(f"{part.strip()!r} is not a placement")
                state = place(state, move)
            except (InvalidMoveError, IllegalMoveError) as error:
                raise InvalidPositionError(f"{part.strip()!r}: {error}") from None
        return state


GAME = PuzzleRules()
