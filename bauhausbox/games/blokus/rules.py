"""Blokus rules (``docs/rules/blokus.md``): states, legal placements, scoring, variants, notation.

Seats and colours: the four colours always move in the order blue, yellow, red, green; a *seat* is a
player. With 4 players each seat has one colour (in the team variant blue+red play against
yellow+green, and each seat scores its team's total); with 2 players seat 0 plays blue and red and
seat 1 yellow and green; with 3 players seats 0–2 play blue, yellow and red, and the shared green is
played by seat 0, 1, 2, 0, … in turn (its points count for nobody). ``state.to_play`` is the seat
deciding now and ``state.colour`` the colour it is placing.

Passes are automatic: after every placement the turn moves to the next colour that can still place.
A colour found without a legal placement is marked in ``state.out`` for good (the board only fills
up), which is how the screen shows "passes"; ``pass`` is therefore never a legal move. The game ends
when every colour is out.

A move is a :class:`~bauhausbox.games.blokus.bitboard.Placement`; its text is the sorted list of the
squares it covers (``a18,a19,a20,b20,c20``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

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
from bauhausbox.engine.grid import cell_name, parse_cells
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus import core
from bauhausbox.games.blokus.bitboard import Placement
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.i18n import N_

BLUE, YELLOW, RED, GREEN = range(4)
#: The colours as names (a seat, a row of the panel) and as words inside a sentence ("the red L5").
COLOUR_NAMES: tuple[str, ...] = (N_("Blue"), N_("Yellow"), N_("Red"), N_("Green"))
COLOUR_WORDS: tuple[str, ...] = (N_("blue"), N_("yellow"), N_("red"), N_("green"))
COLOUR_LETTERS = "byrg"
ALL_OUT = 0b1111
ALL_PLACED_BONUS = 15
MONOMINO_LAST_BONUS = 5


Four = tuple[int, int, int, int]  # one value per colour


class BlokusState(NamedTuple):
    """A Blokus position. Boards and hands are bit sets; ``forbidden`` and ``attach`` are kept up to
    date move by move (:func:`make_state` derives them for a position built from scratch).

    A named tuple rather than a frozen dataclass: just as immutable, and four times cheaper to make,
    which counts when every move of every playout makes one."""

    players: int  # 2, 3 or 4 seats
    teams: bool  # 4 players as two teams (blue+red against yellow+green)
    boards: Four  # squares of each colour, as bitboards (see bitboard.py)
    hands: Four  # pieces each colour still holds: bit i = PIECES[i]
    colour: int  # the colour placing next (0 once the game is over)
    to_play: Seat | None  # the seat placing it; None once no colour can place
    out: int  # colours that can no longer place (bit per colour): they pass from now on
    monomino_last: int  # colours whose latest piece was the monomino (bit per colour)
    forbidden: Four  # squares beside each colour's pieces: closed to that colour
    attach: Four  # free squares where each colour's next piece may touch it (see bitboard.attach_cells)

    @property
    def occupied(self) -> int:
        blue, yellow, red, green = self.boards
        return blue | yellow | red | green


def make_state(
    players: int,
    teams: bool,
    boards: Four,
    hands: Four,
    colour: int,
    to_play: Seat | None,
    out: int = 0,
    monomino_last: int = 0,
) -> BlokusState:
    """A state from its boards and hands, with the forbidden and attach squares worked out."""
    blue, yellow, red, green = boards
    occupied = blue | yellow | red | green
    forbidden = (bb.side_ring(blue), bb.side_ring(yellow), bb.side_ring(red), bb.side_ring(green))
    attach = (
        bb.attach_cells(blue, occupied, BLUE),
        bb.attach_cells(yellow, occupied, YELLOW),
        bb.attach_cells(red, occupied, RED),
        bb.attach_cells(green, occupied, GREEN),
    )
    return BlokusState(players, teams, boards, hands, colour, to_play, out, monomino_last, forbidden, attach)


# -- seats and colours -------------------------------------------------------------------------------
def seat_of_colour(players: int, colour: int, green_placed: int = 0) -> Seat | None:
    """The seat that places ``colour`` now; for the shared green of 3 players it depends on how many
    green pieces are already down (player 1, 2, 3, 1, …). ``None`` for no one."""
    if players == 4:
        return colour
    if players == 2:
        return colour % 2
    if colour < GREEN:
        return colour
    return green_placed % 3


def seat_colours(players: int, seat: Seat) -> tuple[int, ...]:
    """The colours a seat owns (3 players: the shared green belongs to no seat)."""
    if players == 2:
        return (seat, seat + 2)
    return (seat,)


def scoring_colours(players: int, teams: bool, seat: Seat) -> tuple[int, ...]:
    """The colours whose points make up a seat's score (its own, or its team's)."""
    if players == 4 and teams:
        return (seat % 2, seat % 2 + 2)
    return seat_colours(players, seat)


def pieces_placed(hand: int) -> int:
    return (bb.FULL_HAND & ~hand).bit_count()


def squares_left(hand: int) -> int:
    return sum(bb.PIECE_SIZES[i] for i in range(bb.PIECE_COUNT) if hand >> i & 1)


def colour_score(state: BlokusState, colour: int) -> int:
    """−1 per square still in hand; +15 when all 21 pieces are down, +5 more if the last was the monomino."""
    hand = state.hands[colour]
    if hand:
        return -squares_left(hand)
    return ALL_PLACED_BONUS + (MONOMINO_LAST_BONUS if state.monomino_last >> colour & 1 else 0)


def colour_scores(state: BlokusState) -> list[int]:
    return [colour_score(state, colour) for colour in range(4)]


def piece_label(name: str) -> str:
    """How a piece is called in sentences: "monomino", "domino", else its name ("L5"); translatable
    (:class:`Words`) when it is a word."""
    if name == "1":
        return Words("monomino")
    if name == "2":
        return Words("domino")
    return name


def colour_name(colour: int) -> Words:
    """A colour as a name ("Blue"), translatable."""
    return Words(COLOUR_NAMES[colour])


def placement_error(state: BlokusState, colour: int, placement: Placement) -> Words | None:
    """Why ``colour`` may not make ``placement`` here, in words for players; ``None`` when it may."""
    piece = PIECES[placement.piece]
    if not state.hands[colour] >> placement.piece & 1:
        return Words(
            "{colour} has already placed its {piece}", colour=colour_name(colour), piece=piece_label(piece.name)
        )
    taken = placement.mask & state.occupied
    if taken:
        return Words("square {square} is already taken", square=cell_name(bb.cells_of(taken)[0]))
    if placement.mask & state.forbidden[colour]:
        return Words("touches your own piece along a side")
    if not placement.mask & state.attach[colour]:
        if not state.boards[colour]:
            return Words("must cover your corner {square}", square=cell_name(bb.START_CELLS[colour]))
        return Words("must touch one of your own pieces corner to corner")
    return None


def _replace(values: Four, index: int, value: int) -> Four:
    a, b, c, d = values
    if index == 0:
        return value, b, c, d
    if index == 1:
        return a, value, c, d
    if index == 2:
        return a, b, value, d
    return a, b, c, value


def _advance(
    players: int,
    teams: bool,
    boards: Four,
    hands: Four,
    forbidden: Four,
    attach: Four,
    after: int,
    out: int,
    monomino_last: int,
) -> BlokusState:
    """The state where the colour after ``after`` that can still place is to move; colours found
    unable to place are marked out on the way (automatic passes)."""
    occupied = boards[0] | boards[1] | boards[2] | boards[3]
    colour = after
    for _ in range(4):
        colour = (colour + 1) % 4
        if out >> colour & 1:
            continue
        if core.can_place_at(occupied | forbidden[colour], attach[colour], hands[colour]):
            seat = colour if players == 4 else seat_of_colour(players, colour, pieces_placed(hands[GREEN]))
            return BlokusState(players, teams, boards, hands, colour, seat, out, monomino_last, forbidden, attach)
        out |= 1 << colour
    return BlokusState(players, teams, boards, hands, 0, None, ALL_OUT, monomino_last, forbidden, attach)


# -- the rules object --------------------------------------------------------------------------------
TEAMS_OPTION = OptionSpec(
    key="teams",
    label=N_("Teams"),
    choices=((False, N_("Every colour for itself")), (True, N_("Blue + Red against Yellow + Green"))),
    default=False,
    help=N_("Four players in two teams; a team scores the sum of its two colours."),
    players=(4,),
)


class BlokusRules(GameRules[BlokusState, Placement]):
    describer = "bauhausbox.games.blokus.describe:move_sentence"  # moves in words
    info = GameInfo(
        id="blokus",
        title=N_("Blokus"),
        tagline=N_("Claim the board, corner to corner."),
        min_players=2,
        max_players=4,
        default_players=4,
        options=(TEAMS_OPTION,),
        seat_names=COLOUR_NAMES,
        levels=(N_("easy"), N_("medium"), N_("hard"), N_("expert")),
        hidden_information=False,
        conformance_scale=0.5,
        think_seconds={"hard": 3.0, "expert": 8.0},
        player_count_notes={
            3: N_("With three players green is shared: you take turns placing its pieces; its points count for nobody.")
        },
    )

    # -- setting up -------------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, **options: OptionValue) -> BlokusState:
        """A fresh board (Blokus has no chance, so ``seed`` changes nothing)."""
        chosen = self.normalize_options(players, options)
        teams = bool(chosen.get("teams", False))
        hands = (bb.FULL_HAND, bb.FULL_HAND, bb.FULL_HAND, bb.FULL_HAND)
        return make_state(players, teams, (0, 0, 0, 0), hands, BLUE, seat_of_colour(players, BLUE))

    def seat_name(self, seat: Seat, players: int) -> str:
        self.check_seat(seat, players)
        colours = [Words(COLOUR_NAMES[colour]) for colour in seat_colours(players, seat)]
        if len(colours) == 1:
            return colours[0]
        # Two colours for one player (2 players): "Blue & Red", translatable like any text of the rules.
        return Words("{first} & {second}", first=colours[0], second=colours[1])

    def mover_name(self, state: BlokusState, seat: Seat, names: Sequence[str] | None = None) -> str:
        # Without names a seat is called by the colour it places now (a 2-player seat owns two colours).
        if names is None:
            return COLOUR_NAMES[state.colour]
        return super().mover_name(state, seat, names)

    # -- playing ----------------------------------------------------------------------------------
    def legal_moves(self, state: BlokusState, seat: Seat | None = None) -> list[Placement]:
        mover = self.seat_or_to_play(state, seat)
        if mover is None or mover != state.to_play:
            return []
        colour = state.colour
        blocked = bb.blocked_by(state.occupied | state.forbidden[colour], state.hands[colour])
        return core.generate(blocked, state.attach[colour])

    def check(self, state: BlokusState, move: Placement, seat: Seat | None = None) -> Words | None:
        self.seat_or_to_play(state, seat)
        if state.to_play is None:
            return Words("the game is over")
        if seat is not None and seat != state.to_play:
            return Words("it is {colour}'s turn", colour=colour_name(state.colour))
        return placement_error(state, state.colour, move)

    def apply(self, state: BlokusState, move: Placement, seat: Seat | None = None) -> BlokusState:
        if not isinstance(move, Placement):
            raise InvalidMoveError(Words("{move} is not a Blokus placement", move=repr(move)))
        self.seat_or_to_play(state, seat)
        colour = state.colour
        # The quick test of legality (the state keeps forbidden and attach squares); the reason in
        # words only when it fails.
        if (
            state.to_play is None
            or (seat is not None and seat != state.to_play)
            or not state.hands[colour] >> move.piece & 1
            or move.mask & (state.occupied | state.forbidden[colour])
            or not move.mask & state.attach[colour]
        ):
            raise IllegalMoveError(self.check(state, move, seat) or Words("that placement is not allowed"))
        boards = _replace(state.boards, colour, state.boards[colour] | move.mask)
        hands = _replace(state.hands, colour, state.hands[colour] & ~(1 << move.piece))
        occupied = state.occupied | move.mask
        closed, attach = bb.after_placement(state.forbidden[colour], state.attach, colour, move, occupied)
        forbidden = _replace(state.forbidden, colour, closed)
        if move.piece == bb.MONOMINO:
            monomino_last = state.monomino_last | 1 << colour
        else:
            monomino_last = state.monomino_last & ~(1 << colour)
        return _advance(state.players, state.teams, boards, hands, forbidden, attach, colour, state.out, monomino_last)

    def format_move(self, state: BlokusState, move: Placement) -> str:
        return move.text

    def parse_move(self, state: BlokusState, text: str, seat: Seat | None = None) -> Placement:
        self.seat_or_to_play(state, seat)
        text = text.strip().lower()
        if text == "pass":
            mover = colour_name(state.colour) if state.to_play is not None else Words("nobody")
            raise IllegalMoveError(Words("passes are automatic: {colour} can still place a piece", colour=mover))
        cells = parse_cells(text, bb.SIZE, bb.SIZE)
        placement = bb.PLACEMENT_BY_MASK.get(bb.bits_of(cells))
        if placement is None:
            raise InvalidMoveError(Words("{move} is not the shape of a Blokus piece", move=text))
        return placement

    # -- the end ----------------------------------------------------------------------------------
    def scores(self, state: BlokusState) -> list[int]:
        per_colour = colour_scores(state)
        return [
            sum(per_colour[colour] for colour in scoring_colours(state.players, state.teams, seat))
            for seat in range(state.players)
        ]

    def score_table(self, state: BlokusState) -> list[ScoreRow]:
        """Rows whose cells are one per seat (the game-over table's columns are the players).

        One colour per seat: pieces placed, squares left, bonus and points of that colour, then the
        team totals (teams) or a line for the shared green (3 players). Two colours per seat: each
        colour's points under its player, then the totals."""
        seats = range(state.players)
        per_colour = colour_scores(state)
        totals = self.scores(state)
        if state.players == 2:
            rows = [
                ScoreRow(
                    colour_name(colour),
                    tuple(_colour_cell(state, colour) if colour % 2 == seat else "" for seat in seats),
                )
                for colour in range(4)
            ]
            rows.append(ScoreRow(Words("Total"), tuple(str(total) for total in totals)))
            return rows
        rows = [
            ScoreRow(Words("Pieces placed"), tuple(str(pieces_placed(state.hands[seat])) for seat in seats)),
            ScoreRow(Words("Squares left"), tuple(str(squares_left(state.hands[seat])) for seat in seats)),
            ScoreRow(Words("Bonus"), tuple(_bonus_text(state, seat) for seat in seats)),
            ScoreRow(Words("Points"), tuple(str(per_colour[seat]) for seat in seats)),
        ]
        if state.teams:
            team_total = Words("Team total (Blue + Red, Yellow + Green)")
            rows.append(ScoreRow(team_total, tuple(str(total) for total in totals)))
        if state.players == 3:
            shared = Words("Green (shared): {points} points, counting for nobody", points=per_colour[GREEN])
            rows.append(ScoreRow(shared, ("", "", "")))
        return rows

    # -- positions as text ------------------------------------------------------------------------
    def to_text(self, state: BlokusState) -> str:
        """``<players>[t] <colour to move or -> <board> <out colours> <monomino-last colours>``.

        The board lists rows 20 down to 1 separated by ``/``; ``b y r g`` are the colours' squares and
        a number counts empty squares (as in chess FEN). ``-`` stands for none.
        """
        variant = f"{state.players}{'t' if state.teams else ''}"
        mover = "-" if state.to_play is None else COLOUR_LETTERS[state.colour]
        return " ".join((variant, mover, board_text(state.boards), _letters(state.out), _letters(state.monomino_last)))

    def from_text(self, text: str) -> BlokusState:
        parts = text.split()
        if len(parts) != 5:
            raise InvalidPositionError("a Blokus position has 5 fields: players, mover, board, out, monomino-last")
        variant, mover, board, out_text, mono_text = parts
        teams = variant.endswith("t")
        try:
            players = int(variant.rstrip("t"))
        except ValueError as error:
            raise InvalidPositionError(f"bad player count {variant!r}") from error
        if players not in (2, 3, 4) or (teams and players != 4):
            raise InvalidPositionError(f"bad variant {variant!r}")
        boards = parse_board_text(board)
        blue, yellow, red, green = (_hand_from_board(bits, COLOUR_NAMES[colour]) for colour, bits in enumerate(boards))
        hands = (blue, yellow, red, green)
        out = _parse_letters(out_text)
        monomino_last = _parse_letters(mono_text)
        for colour in range(4):
            if monomino_last >> colour & 1 and hands[colour] & 1:
                raise InvalidPositionError(f"{COLOUR_NAMES[colour]} cannot have played its monomino last")
        if mover == "-":
            if out != ALL_OUT:
                raise InvalidPositionError("the game is over only when every colour is out")
            return make_state(players, teams, boards, hands, 0, None, out, monomino_last)
        if mover not in COLOUR_LETTERS or len(mover) != 1:
            raise InvalidPositionError(f"bad colour to move {mover!r}")
        colour = COLOUR_LETTERS.index(mover)
        if out >> colour & 1:
            raise InvalidPositionError("the colour to move cannot be out")
        seat = seat_of_colour(players, colour, pieces_placed(hands[GREEN]))
        return make_state(players, teams, boards, hands, colour, seat, out, monomino_last)

    def invariant_errors(self, state: BlokusState) -> list[str]:
        errors = []
        seen = 0
        for colour, bits in enumerate(state.boards):
            if bits & ~bb.BOARD:
                errors.append(f"{COLOUR_NAMES[colour]} has squares off the board")
            if bits & seen:
                errors.append(f"{COLOUR_NAMES[colour]} overlaps another colour")
            seen |= bits
            try:
                if _hand_from_board(bits, COLOUR_NAMES[colour]) != state.hands[colour]:
                    errors.append(f"{COLOUR_NAMES[colour]}'s hand does not match its pieces on the board")
            except InvalidPositionError as error:
                errors.append(str(error))
        occupied = state.occupied
        derived = make_state(state.players, state.teams, state.boards, state.hands, 0, None)
        if state.forbidden != derived.forbidden:
            errors.append("the squares beside each colour's pieces are not up to date")
        if state.attach != derived.attach:
            errors.append("the attach squares are not up to date")
        for colour in range(4):
            movable = bb.can_place(state.boards[colour], occupied, state.hands[colour], colour)
            if state.out >> colour & 1 and movable:
                errors.append(f"{COLOUR_NAMES[colour]} is marked out but can still place")
        if state.to_play is None:
            if state.out != ALL_OUT:
                errors.append("the game ended while a colour could still place")
        else:
            if state.out >> state.colour & 1:
                errors.append("the colour to move is out")
            expected = seat_of_colour(state.players, state.colour, pieces_placed(state.hands[GREEN]))
            if state.to_play != expected:
                errors.append(f"seat {state.to_play} is to play but {COLOUR_NAMES[state.colour]} belongs to {expected}")
        return errors


def _bonus_text(state: BlokusState, colour: int) -> str:
    points = colour_score(state, colour)
    return f"+{points}" if not state.hands[colour] else ""


def _colour_cell(state: BlokusState, colour: int) -> str:
    """``-8 (8 squares left)`` or ``+20 (all placed, monomino last)``."""
    points = colour_score(state, colour)
    left = squares_left(state.hands[colour])
    if left == 1:  # the monomino alone: "1 square", in both languages
        return Words("{points} ({squares} square left)", points=points, squares=left)
    if left:
        return Words("{points} ({squares} squares left)", points=points, squares=left)
    if points > ALL_PLACED_BONUS:
        return Words("+{points} (all placed, monomino last)", points=points)
    return Words("+{points} (all placed)", points=points)


def board_text(boards: tuple[int, ...]) -> str:
    rows = []
    for row in range(bb.SIZE - 1, -1, -1):
        text = ""
        empty = 0
        for col in range(bb.SIZE):
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


def parse_board_text(text: str) -> Four:
    rows = text.split("/")
    if len(rows) != bb.SIZE:
        raise InvalidPositionError(f"the board needs {bb.SIZE} rows separated by '/'")
    boards = [0, 0, 0, 0]
    for number, row_text in enumerate(rows):
        row = bb.SIZE - 1 - number
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
            if ch not in COLOUR_LETTERS or col >= bb.SIZE:
                raise InvalidPositionError(f"bad square {ch!r} in board row {row + 1}")
            boards[COLOUR_LETTERS.index(ch)] |= 1 << bb.bit_index((col, row))
            col += 1
        if col != bb.SIZE:
            raise InvalidPositionError(f"board row {row + 1} has {col} squares, not {bb.SIZE}")
    return boards[0], boards[1], boards[2], boards[3]


def _hand_from_board(bits: int, name: str) -> int:
    """The pieces a colour still holds, given its squares: each side-connected group is one piece."""
    hand = bb.FULL_HAND
    for group in bb.components(bits):
        placement = bb.PLACEMENT_BY_MASK.get(group)
        if placement is None:
            raise InvalidPositionError(f"{name} has a group of squares that is not a Blokus piece")
        if not hand >> placement.piece & 1:
            raise InvalidPositionError(f"{name} has its {PIECES[placement.piece].name} piece twice")
        hand &= ~(1 << placement.piece)
    return hand


def _letters(bits: int) -> str:
    return "".join(COLOUR_LETTERS[c] for c in range(4) if bits >> c & 1) or "-"


def _parse_letters(text: str) -> int:
    if text == "-":
        return 0
    bits = 0
    for ch in text:
        if ch not in COLOUR_LETTERS:
            raise InvalidPositionError(f"bad colour letter {ch!r}")
        bits |= 1 << COLOUR_LETTERS.index(ch)
    return bits


def board_picture(state: BlokusState) -> str:
    """The board as 20 lines of ``. b y r g`` with coordinates, for logs, the CLI and test failures."""
    lines = []
    for row in range(bb.SIZE - 1, -1, -1):
        marks = []
        for col in range(bb.SIZE):
            bit = 1 << bb.bit_index((col, row))
            owner = next((c for c in range(4) if state.boards[c] & bit), None)
            marks.append("." if owner is None else COLOUR_LETTERS[owner])
        lines.append(f"{row + 1:>2} {' '.join(marks)}")
    lines.append("   " + " ".join(chr(ord("a") + col) for col in range(bb.SIZE)))
    return "\n".join(lines)


GAME = BlokusRules()
