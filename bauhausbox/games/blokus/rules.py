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

from collections.abc import Mapping, Sequence
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
from bauhausbox.games.blokus import core, positions
from bauhausbox.games.blokus.bitboard import Placement
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.positions import (
    COLOUR_LETTERS,
    board_text,
    hand_from_board,
    letters,
    parse_board_text,
    parse_letters,
)
from bauhausbox.games.blokus.variants import CLASSIC, DUO, JUNIOR, off_board, start_bits, take_piece, variant_of
from bauhausbox.i18n import N_

BLUE, YELLOW, RED, GREEN = range(4)
#: The colours as names (a seat, a row of the panel) and as words inside a sentence ("the red L5").
COLOUR_NAMES: tuple[str, ...] = (N_("Blue"), N_("Yellow"), N_("Red"), N_("Green"))
COLOUR_WORDS: tuple[str, ...] = (N_("blue"), N_("yellow"), N_("red"), N_("green"))
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
    variant: str = CLASSIC  # classic, duo or junior (variants.py)
    spare: Four = (0, 0, 0, 0)  # Junior: the pieces each colour still holds a second copy of

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
    variant: str = CLASSIC,
    spare: Four = (0, 0, 0, 0),
) -> BlokusState:
    """A state from its boards and hands, with the forbidden and attach squares worked out."""
    blue, yellow, red, green = boards
    occupied = blue | yellow | red | green
    if variant == CLASSIC:
        forbidden = (bb.side_ring(blue), bb.side_ring(yellow), bb.side_ring(red), bb.side_ring(green))
        attach = (
            bb.attach_cells(blue, occupied, BLUE),
            bb.attach_cells(yellow, occupied, YELLOW),
            bb.attach_cells(red, occupied, RED),
            bb.attach_cells(green, occupied, GREEN),
        )
    else:
        forbidden, attach = _small_board_squares(boards, occupied, variant)
    return BlokusState(
        players, teams, boards, hands, colour, to_play, out, monomino_last, forbidden, attach, variant, spare
    )


def _small_board_squares(boards: Four, occupied: int, variant: str) -> tuple[Four, Four]:
    """Forbidden and attach squares on a 14 x 14 board: the squares beyond it are closed to every
    colour, and each colour starts from its own starting square."""
    closed = off_board(variant)
    starts = start_bits(variant)
    forbidden = [bb.side_ring(own) | closed for own in boards]
    attach = []
    for colour, own in enumerate(boards):
        if own:
            attach.append(bb.attach_cells(own, occupied, colour) & ~forbidden[colour])
        else:
            attach.append(starts[colour] & ~occupied)
    return (forbidden[0], forbidden[1], forbidden[2], forbidden[3]), (attach[0], attach[1], attach[2], attach[3])


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


def seat_colours(players: int, seat: Seat, variant: str = CLASSIC) -> tuple[int, ...]:
    """The colours a seat owns (3 players: the shared green belongs to no seat; Duo and Junior: one each)."""
    if players == 2 and variant == CLASSIC:
        return (seat, seat + 2)
    return (seat,)


def scoring_colours(players: int, teams: bool, seat: Seat, variant: str = CLASSIC) -> tuple[int, ...]:
    """The colours whose points make up a seat's score (its own, or its team's)."""
    if players == 4 and teams:
        return (seat % 2, seat % 2 + 2)
    return seat_colours(players, seat, variant)


def pieces_placed(hand: int) -> int:
    """Classic pieces placed, from a hand of the 21 (see :func:`pieces_down` for any variant)."""
    return (bb.FULL_HAND & ~hand).bit_count()


def squares_left(hand: int) -> int:
    return sum(bb.PIECE_SIZES[i] for i in range(bb.PIECE_COUNT) if hand >> i & 1)


def pieces_down(state: BlokusState, colour: int) -> int:
    """How many pieces ``colour`` has placed (Junior's copies counted)."""
    variant = variant_of(state.variant)
    held = state.hands[colour].bit_count() + state.spare[colour].bit_count()
    return (variant.piece_count if colour in variant.colours else 0) - held


def colour_squares_left(state: BlokusState, colour: int) -> int:
    return squares_left(state.hands[colour]) + squares_left(state.spare[colour])


def colour_score(state: BlokusState, colour: int) -> int:
    """−1 per square still in hand; when all pieces are down, +15 and +5 more if the last was the
    monomino (Junior: no bonus)."""
    if state.hands[colour] or state.spare[colour]:
        return -colour_squares_left(state, colour)
    if state.variant == CLASSIC:  # the classic bonuses without a look-up: playouts score often
        return ALL_PLACED_BONUS + (MONOMINO_LAST_BONUS if state.monomino_last >> colour & 1 else 0)
    variant = variant_of(state.variant)
    return variant.all_placed_bonus + (variant.monomino_bonus if state.monomino_last >> colour & 1 else 0)


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
    if state.variant != CLASSIC:
        outside = placement.mask & off_board(state.variant)
        if outside:
            return Words("square {square} is off the board", square=cell_name(bb.cells_of(outside)[0]))
        if not variant_of(state.variant).hand >> placement.piece & 1:
            return Words("there is no {piece} in Blokus Junior", piece=piece_label(piece.name))
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
        if not state.boards[colour] and state.variant != CLASSIC:
            start = variant_of(state.variant).starts[colour]
            return Words("must cover your starting square {square}", square=cell_name(start or (0, 0)))
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
    variant: str = CLASSIC,
    spare: Four = (0, 0, 0, 0),
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
            return BlokusState(
                players, teams, boards, hands, colour, seat, out, monomino_last, forbidden, attach, variant, spare
            )
        out |= 1 << colour
    return BlokusState(
        players, teams, boards, hands, 0, None, ALL_OUT, monomino_last, forbidden, attach, variant, spare
    )


# -- the rules object --------------------------------------------------------------------------------
TEAMS_OPTION = OptionSpec(
    key="teams",
    label=N_("Teams"),
    choices=((False, N_("Every colour for itself")), (True, N_("Blue + Red against Yellow + Green"))),
    default=False,
    help=N_("Four players in two teams; a team scores the sum of its two colours."),
    players=(4,),
)
VARIANT_OPTION = OptionSpec(
    key="variant",
    label=N_("Board"),
    choices=(
        (CLASSIC, N_("Classic: 20 × 20, two colours each")),
        (DUO, N_("Blokus Duo: 14 × 14, one colour each")),
        (JUNIOR, N_("Blokus Junior: 14 × 14, 12 pieces in two copies")),
    ),
    default=CLASSIC,
    help=N_("Two players on the classic board, or on Blokus Duo's small board with the 21 pieces or Junior's set."),
    players=(2,),
    titles=((DUO, N_("Blokus Duo")), (JUNIOR, N_("Blokus Junior"))),
)


class BlokusRules(GameRules[BlokusState, Placement]):
    describer = "bauhausbox.games.blokus.describe:move_sentence"  # moves in words
    describes_alike = True  # Blokus hides nothing
    info = GameInfo(
        id="blokus",
        title=N_("Blokus"),
        tagline=N_("Corner to corner: claim the board with your pieces"),
        min_players=2,
        max_players=4,
        default_players=4,
        options=(TEAMS_OPTION, VARIANT_OPTION),
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
        name = str(chosen.get("variant", CLASSIC))
        if name == CLASSIC:
            hands = (bb.FULL_HAND, bb.FULL_HAND, bb.FULL_HAND, bb.FULL_HAND)
            return make_state(players, teams, (0, 0, 0, 0), hands, BLUE, seat_of_colour(players, BLUE))
        return small_board_start(name)

    def seat_name(self, seat: Seat, players: int, options: Mapping[str, OptionValue] | None = None) -> str:
        self.check_seat(seat, players)
        variant = str((options or {}).get("variant", CLASSIC))
        colours = [Words(COLOUR_NAMES[colour]) for colour in seat_colours(players, seat, variant)]
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
        if state.variant == JUNIOR:
            hand, spare = take_piece(state.hands[colour], state.spare[colour], move.piece)
            hands = _replace(state.hands, colour, hand)
            spares = _replace(state.spare, colour, spare)
        else:
            hands = _replace(state.hands, colour, state.hands[colour] & ~(1 << move.piece))
            spares = state.spare
        occupied = state.occupied | move.mask
        closed, attach = bb.after_placement(state.forbidden[colour], state.attach, colour, move, occupied)
        forbidden = _replace(state.forbidden, colour, closed)
        if move.piece == bb.MONOMINO:
            monomino_last = state.monomino_last | 1 << colour
        else:
            monomino_last = state.monomino_last & ~(1 << colour)
        return _advance(
            state.players,
            state.teams,
            boards,
            hands,
            forbidden,
            attach,
            colour,
            state.out,
            monomino_last,
            state.variant,
            spares,
        )

    def format_move(self, state: BlokusState, move: Placement) -> str:
        return move.text

    def parse_move(self, state: BlokusState, text: str, seat: Seat | None = None) -> Placement:
        self.seat_or_to_play(state, seat)
        text = text.strip().lower()
        if text == "pass":
            mover = colour_name(state.colour) if state.to_play is not None else Words("nobody")
            raise IllegalMoveError(Words("passes are automatic: {colour} can still place a piece", colour=mover))
        size = variant_of(state.variant).size
        cells = parse_cells(text, size, size)
        placement = bb.PLACEMENT_BY_MASK.get(bb.bits_of(cells))
        if placement is None:
            raise InvalidMoveError(Words("{move} is not the shape of a Blokus piece", move=text))
        return placement

    # -- the end ----------------------------------------------------------------------------------
    def scores(self, state: BlokusState) -> list[int]:
        per_colour = colour_scores(state)
        return [
            sum(per_colour[colour] for colour in scoring_colours(state.players, state.teams, seat, state.variant))
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
        if state.players == 2 and state.variant == CLASSIC:
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
            ScoreRow(Words("Pieces placed"), tuple(str(pieces_down(state, seat)) for seat in seats)),
            ScoreRow(Words("Squares left"), tuple(str(colour_squares_left(state, seat)) for seat in seats)),
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
        a number counts empty squares (as in chess FEN). ``-`` stands for none. Blokus Duo and Junior
        write ``duo`` or ``junior`` instead of the player count, and their board has 14 rows.
        """
        if state.variant != CLASSIC:
            variant = state.variant
        else:
            variant = f"{state.players}{'t' if state.teams else ''}"
        mover = "-" if state.to_play is None else COLOUR_LETTERS[state.colour]
        size = variant_of(state.variant).size
        board = board_text(state.boards, size)
        return " ".join((variant, mover, board, letters(state.out), letters(state.monomino_last)))

    def from_text(self, text: str) -> BlokusState:
        parts = text.split()
        if len(parts) != 5:
            raise InvalidPositionError("a Blokus position has 5 fields: players, mover, board, out, monomino-last")
        variant, mover, board, out_text, mono_text = parts
        name = variant if variant in (DUO, JUNIOR) else CLASSIC
        teams = variant.endswith("t")
        try:
            players = 2 if name != CLASSIC else int(variant.rstrip("t"))
        except ValueError as error:
            raise InvalidPositionError(f"bad player count {variant!r}") from error
        if players not in (2, 3, 4) or (teams and players != 4):
            raise InvalidPositionError(f"bad variant {variant!r}")
        boards = parse_board_text(board, variant_of(name).size)
        held = [hand_from_board(bits, COLOUR_NAMES[colour], name, colour) for colour, bits in enumerate(boards)]
        hands = (held[0][0], held[1][0], held[2][0], held[3][0])
        spare = (held[0][1], held[1][1], held[2][1], held[3][1])
        out = parse_letters(out_text)
        monomino_last = parse_letters(mono_text)
        for colour in range(4):
            if monomino_last >> colour & 1 and not boards[colour] & _monomino_squares(boards[colour]):
                raise InvalidPositionError(f"{COLOUR_NAMES[colour]} cannot have played its monomino last")
        if name != CLASSIC:
            for colour in range(4):
                if colour not in variant_of(name).colours and not out >> colour & 1:
                    raise InvalidPositionError(f"{COLOUR_NAMES[colour]} does not play in {name} and must be out")
        if mover == "-":
            if out != ALL_OUT:
                raise InvalidPositionError("the game is over only when every colour is out")
            return make_state(players, teams, boards, hands, 0, None, out, monomino_last, name, spare)
        if mover not in COLOUR_LETTERS or len(mover) != 1:
            raise InvalidPositionError(f"bad colour to move {mover!r}")
        colour = COLOUR_LETTERS.index(mover)
        if out >> colour & 1:
            raise InvalidPositionError("the colour to move cannot be out")
        seat = seat_of_colour(players, colour, pieces_placed(hands[GREEN]))
        return make_state(players, teams, boards, hands, colour, seat, out, monomino_last, name, spare)

    def invariant_errors(self, state: BlokusState) -> list[str]:
        errors = []
        seen = 0
        board = variant_of(state.variant).board
        for colour, bits in enumerate(state.boards):
            if bits & ~board:
                errors.append(f"{COLOUR_NAMES[colour]} has squares off the board")
            if bits & seen:
                errors.append(f"{COLOUR_NAMES[colour]} overlaps another colour")
            seen |= bits
            try:
                held = hand_from_board(bits, COLOUR_NAMES[colour], state.variant, colour)
                if held != (state.hands[colour], state.spare[colour]):
                    errors.append(f"{COLOUR_NAMES[colour]}'s hand does not match its pieces on the board")
            except InvalidPositionError as error:
                errors.append(str(error))
        occupied = state.occupied
        derived = make_state(
            state.players, state.teams, state.boards, state.hands, 0, None, variant=state.variant, spare=state.spare
        )
        if state.forbidden != derived.forbidden:
            errors.append("the squares beside each colour's pieces are not up to date")
        if state.attach != derived.attach:
            errors.append("the attach squares are not up to date")
        for colour in range(4):
            closed = occupied | derived.forbidden[colour]
            movable = bb.can_place_at(closed, derived.attach[colour], state.hands[colour])
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


def small_board_start(name: str) -> BlokusState:
    """A fresh game of Blokus Duo or Junior: two colours of one seat each, the other two out."""
    rules = variant_of(name)
    hands = tuple(rules.hand if colour in rules.colours else 0 for colour in range(4))
    spare = tuple(rules.spare if colour in rules.colours else 0 for colour in range(4))
    out = sum(1 << colour for colour in range(4) if colour not in rules.colours)
    return make_state(
        2,
        False,
        (0, 0, 0, 0),
        (hands[0], hands[1], hands[2], hands[3]),
        BLUE,
        0,
        out,
        0,
        name,
        (spare[0], spare[1], spare[2], spare[3]),
    )


def _monomino_squares(bits: int) -> int:
    """The squares of a colour's monominoes (a lone square among its pieces)."""
    return sum(group for group in bb.components(bits) if group & (group - 1) == 0)


def _bonus_text(state: BlokusState, colour: int) -> str:
    points = colour_score(state, colour)
    # "0" without the bonus, as the other rows show a number in every cell.
    return f"+{points}" if not state.hands[colour] and not state.spare[colour] else "0"


def _colour_cell(state: BlokusState, colour: int) -> str:
    """``-8 (8 squares left)`` or ``+20 (all placed, monomino last)``."""
    points = colour_score(state, colour)
    left = colour_squares_left(state, colour)
    if left == 1:  # the monomino alone: "1 square", in both languages
        return Words("{points} ({squares} square left)", points=points, squares=left)
    if left:
        return Words("{points} ({squares} squares left)", points=points, squares=left)
    if points > ALL_PLACED_BONUS:
        return Words("+{points} (all placed, monomino last)", points=points)
    return Words("+{points} (all placed)", points=points)


def board_picture(state: BlokusState) -> str:
    """The board as lines of ``. b y r g`` with coordinates, for logs, the CLI and test failures."""
    return positions.board_picture(state.boards, variant_of(state.variant).size)


GAME = BlokusRules()
