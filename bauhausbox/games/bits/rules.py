"""Bits (Reiner Knizia): the rules engine, as ``docs/rules/bits.md`` describes it.

Each player slides two-square tiles down their own 6 × 6 ramp to build the shapes on the round's goal
cards. Every player places the *same* tile "at the same time": the engine asks each seat still in the
round in turn (``to_play`` is the lowest seat that has not placed the current tile yet), keeps their
choices in ``pending`` and applies them together once all have placed; a seat's view hides the others'
pending choices, so nobody's decision can depend on another's. Then the next tile card is turned up
(``revealed``). A seat whose ramp has no room left plays ``pass`` and is done for the round; the round
ends when nobody can place. Rounds 1–3 (4 in the advanced game) each add a goal card; the round-3 card
is redrawn while its shape equals the round-2 card's.

All chance (goal piles, tile-card deck, start cards) comes from the seeded :class:`Rng` in the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

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
from bauhausbox.engine.rng import Rng
from bauhausbox.games.bits.board import EMPTY_BOARD, Spot, drop, has_room, landing, open_spots
from bauhausbox.games.bits.cards import (
    CARD_BY_ID,
    CELLS,
    COLOUR_NAMES,
    COLOURS,
    EMPTY,
    NEUTRAL,
    NEUTRAL_TILE,
    SIZE,
    START_TILES,
    TILES,
    CardScore,
    pile,
    score_board,
    solo_rank,
)
from bauhausbox.i18n import N_

STANDARD_ROUNDS = 3
ADVANCED_ROUNDS = 4
# The shapes on the seats' markers; marked for the catalogs (the setup shows them in the players' language).
SEAT_NAMES = (N_("Circle"), N_("Triangle"), N_("Square"), N_("Cross"))


# -- moves -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Place:
    """Drop a tile: ``colours`` as placed (left-to-right when horizontal, top-to-bottom when
    vertical; ``NN`` is the neutral tile), ``column`` 0-based (the left column when horizontal)."""

    colours: str
    vertical: bool
    column: int

    @property
    def spot(self) -> Spot:
        return Spot(self.vertical, self.column)

    @property
    def neutral(self) -> bool:
        return self.colours == NEUTRAL_TILE


@dataclass(frozen=True, slots=True)
class Pass:
    """A seat whose ramp has no room left stops for the round."""


@dataclass(frozen=True, slots=True)
class Hidden:
    """In a view: another seat has already placed the current tile, but where is secret."""


PASS = Pass()
HIDDEN = Hidden()
Move = Place | Pass
Pending = Place | Pass | Hidden | None


# -- state -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BitsState:
    """A whole game. Boards are 36-character strings (see :mod:`.board`); ``pending[s]`` is seat s's
    choice for the current tile (``None`` = not yet, or done); ``finished`` keeps every finished
    round's final boards so its scoring can be shown and recomputed (round r scores ``goals[:r]``)."""

    players: int
    advanced: bool
    round: int
    goals: tuple[str, ...]
    set_aside: tuple[str, ...]
    piles: tuple[tuple[str, ...], ...]
    start_tiles: tuple[str, ...]
    shown: tuple[str, ...]
    deck: tuple[str, ...]
    boards: tuple[str, ...]
    neutral_used: tuple[bool, ...]
    done: tuple[bool, ...]
    pending: tuple[Pending, ...]
    finished: tuple[tuple[str, ...], ...]
    rng: Rng
    to_play: Seat | None

    @property
    def rounds_total(self) -> int:
        return ADVANCED_ROUNDS if self.advanced else STANDARD_ROUNDS

    @property
    def over(self) -> bool:
        return len(self.finished) >= self.rounds_total

    @property
    def start_phase(self) -> bool:
        """Whether the players are placing their start tiles (no tile card turned up yet)."""
        return not self.shown

    @property
    def tile_card(self) -> str | None:
        """The tile card face up (everyone places this tile), or ``None`` in the start phase."""
        return self.shown[-1] if self.shown else None

    def tile_for(self, seat: Seat) -> str:
        """The tile ``seat`` has to place now (its start tile, or the tile card's)."""
        return self.shown[-1] if self.shown else self.start_tiles[seat]

    def waiting(self, seat: Seat) -> bool:
        """Whether ``seat`` still has to decide on the current tile."""
        return not self.over and not self.done[seat] and self.pending[seat] is None

    def active_goals(self, round_number: int | None = None) -> tuple[str, ...]:
        """The goal cards that score in ``round_number`` (default: the current round)."""
        return self.goals[: round_number or self.round]


def _first_waiting(players: int, done: tuple[bool, ...], pending: tuple[Pending, ...]) -> Seat | None:
    for seat in range(players):
        if not done[seat] and pending[seat] is None:
            return seat
    return None


# -- the rules object --------------------------------------------------------------------------
class BitsRules(GameRules[BitsState, Move]):
    describer = "bauhausbox.games.bits.describe:move_sentence"  # moves in words
    outcome_describer = "bauhausbox.games.bits.describe:outcome_sentence"  # a round's end, its own entry
    info = GameInfo(
        id="bits",
        title=N_("Bits"),
        tagline=N_("Slide tiles down your ramp to match the goal cards"),
        min_players=1,
        max_players=4,
        default_players=1,
        options=(
            OptionSpec(
                "advanced",
                N_("Rounds"),
                ((False, N_("3 rounds")), (True, N_("4 rounds (advanced)"))),
                False,
                help=N_("The advanced game adds a fourth round with a card from goal pile 4."),
                players=(2, 3, 4),
            ),
        ),
        seat_names=SEAT_NAMES,
        levels=(N_("easy"), N_("medium"), N_("hard")),
        hidden_information=True,
        conformance_scale=0.4,
    )

    # -- setting up -------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, **options: OptionValue) -> BitsState:
        advanced = bool(self.normalize_options(players, options).get("advanced", False))
        rng = Rng.from_seed(seed)
        piles = []
        for number in range(1, (ADVANCED_ROUNDS if advanced else STANDARD_ROUNDS) + 1):
            order, rng = rng.shuffle([card.id for card in pile(number)])
            piles.append(order)
        empty = BitsState(
            players=players,
            advanced=advanced,
            round=0,
            goals=(),
            set_aside=(),
            piles=tuple(piles),
            start_tiles=(),
            shown=(),
            deck=(),
            boards=(),
            neutral_used=(),
            done=(),
            pending=(),
            finished=(),
            rng=rng,
            to_play=None,
        )
        return _start_round(empty)

    # -- playing ----------------------------------------------------------------------------
    def legal_moves(self, state: BitsState, seat: Seat | None = None) -> list[Move]:
        seat = self.seat_or_to_play(state, seat)
        if seat is None or not state.waiting(seat):
            return []
        board = state.boards[seat]
        spots = open_spots(board)
        if not spots:
            return [PASS]
        tile = state.tile_for(seat)
        orders = (tile,) if tile[0] == tile[1] else (tile, tile[::-1])
        moves: list[Move] = [Place(colours, s.vertical, s.column) for s in spots for colours in orders]
        if not state.start_phase and not state.neutral_used[seat]:
            moves += [Place(NEUTRAL_TILE, s.vertical, s.column) for s in spots]
        return moves

    def forced(self, state: BitsState) -> Move | None:
        # A full ramp has no room left: its pass decides nothing and shows nothing.
        return PASS if self.legal_moves(state) == [PASS] else None

    def check(self, state: BitsState, move: Move, seat: Seat | None = None) -> Words | None:
        seat = self.seat_or_to_play(state, seat)
        if seat is None or state.over:
            return Words("the game is over")
        if state.done[seat]:
            return Words("you are done for this round: your ramp has no room left")
        if state.pending[seat] is not None:
            return Words("you have already placed this tile")
        board = state.boards[seat]
        if isinstance(move, Pass):
            return Words("you can still place the tile, so you may not pass") if has_room(board) else None
        if not isinstance(move, Place):
            return Words("that is not a Bits move")
        tile = state.tile_for(seat)
        if move.neutral:
            if state.start_phase:
                return Words("the neutral tile cannot replace your start tile")
            if state.neutral_used[seat]:
                return Words("you have already used your neutral tile this round")
        elif sorted(move.colours) != sorted(tile):
            return Words(
                "the tile to place is {tile} ({first}–{second})",
                tile=tile,
                first=Words(COLOUR_NAMES[tile[0]]),
                second=Words(COLOUR_NAMES[tile[1]]),
            )
        return _spot_problem(board, move.spot)

    def apply(self, state: BitsState, move: Move, seat: Seat | None = None) -> BitsState:
        if not isinstance(move, (Place, Pass)):
            raise InvalidMoveError(Words("{move} is not a Bits move", move=repr(move)))
        seat = self.seat_or_to_play(state, seat)
        problem = self.check(state, move, seat)
        if problem is not None:
            raise IllegalMoveError(problem)
        assert seat is not None
        pending = (*state.pending[:seat], move, *state.pending[seat + 1 :])
        to_play = _first_waiting(state.players, state.done, pending)
        if to_play is not None:
            return replace(state, pending=pending, to_play=to_play)
        return _commit(state, pending)

    # -- notation ---------------------------------------------------------------------------
    def format_move(self, state: BitsState, move: Move) -> str:
        return move_text(move)

    def parse_move(self, state: BitsState, text: str, seat: Seat | None = None) -> Move:
        self.seat_or_to_play(state, seat)
        return parse_move_text(text)

    # -- the end ----------------------------------------------------------------------------
    def scores(self, state: BitsState) -> list[int]:
        totals = [sum(row) for row in zip(*round_totals(state), strict=True)] if state.finished else [0] * state.players
        if not state.over:
            goals = state.active_goals()
            totals = [
                t + sum(c.points for c in score_board(b, goals)) for t, b in zip(totals, state.boards, strict=True)
            ]
        return totals

    def winners(self, state: BitsState) -> list[Seat]:
        """Highest total; a tie goes to the best single round; still tied, a shared win."""
        totals = self.scores(state)
        rounds = round_totals(state)
        best_round = [max((r[seat] for r in rounds), default=0) for seat in range(state.players)]
        key = [(totals[s], best_round[s]) for s in range(state.players)]
        best = max(key)
        return [seat for seat in range(state.players) if key[seat] == best]

    def tie_break(self, state: BitsState, names: Sequence[str]) -> Words | None:
        """ "Equal on points (26); decided by the best single round: Josef 11, Marianne 10" when a
        player who lost had the winner's total; ``None`` otherwise (a win still shared says so itself)."""
        winners = self.winners(state)
        totals = self.scores(state)
        tied = [seat for seat in range(state.players) if totals[seat] == totals[winners[0]]]
        if len(tied) == len(winners):
            return None
        rounds = round_totals(state)
        best = {seat: max((r[seat] for r in rounds), default=0) for seat in tied}
        tied.sort(key=lambda seat: -best[seat])  # the winner first, as the words read
        details = ", ".join(f"{self.mover_name(state, seat, names)} {best[seat]}" for seat in tied)
        return Words(
            "Equal on points ({points}); decided by the best single round: {details}.",
            points=totals[winners[0]],
            details=details,
        )

    def score_table(self, state: BitsState) -> list[ScoreRow]:
        rows = []
        # One row per round; the screen draws the round's goal cards beside it (codes like "1b 2d"
        # mean nothing to players).
        for number, totals in enumerate(round_totals(state), start=1):
            rows.append(ScoreRow(Words("Round {number}", number=number), tuple(map(str, totals))))
        rows.append(ScoreRow(Words("Total"), tuple(str(t) for t in self.scores(state))))
        if state.players == 1 and state.over:
            rows.append(ScoreRow(Words("Rank"), (Words(solo_rank(solo_total(state))),)))
        return rows

    # -- hidden information -----------------------------------------------------------------
    def view(self, state: BitsState, seat: Seat) -> BitsState:
        """Hides the order of the tile deck and the goal piles, the random generator (it would tell
        the future), and the other seats' choices for the current tile."""
        self.seat_or_to_play(state, seat)
        return replace(
            state,
            deck=tuple(sorted(state.deck)),
            piles=tuple(tuple(sorted(p)) for p in state.piles),
            pending=tuple(p if s == seat or p is None else HIDDEN for s, p in enumerate(state.pending)),
            rng=Rng(0),
        )

    def watcher_view(self, state: BitsState) -> BitsState:
        """A seat's view without even that seat's own choice for the current tile."""
        return replace(
            state,
            deck=tuple(sorted(state.deck)),
            piles=tuple(tuple(sorted(p)) for p in state.piles),
            pending=tuple(None if p is None else HIDDEN for p in state.pending),
            rng=Rng(0),
        )

    def determinize(self, state: BitsState, seat: Seat, rng: Rng) -> BitsState:
        """Reshuffles the deck and the goal piles, draws a fresh generator, and gives the other seats
        random legal choices for the current tile where they have already chosen."""
        self.seat_or_to_play(state, seat)
        deck, rng = rng.shuffle(state.deck)
        piles = []
        for cards in state.piles:
            order, rng = rng.shuffle(cards)
            piles.append(order)
        future, rng = rng.split()
        pending = list(state.pending)
        for other, choice in enumerate(state.pending):
            if other != seat and choice is not None:
                options = self.legal_moves(replace(state, pending=(None,) * state.players), other)
                pending[other], rng = rng.choice(options)
        return replace(state, deck=deck, piles=tuple(piles), pending=tuple(pending), rng=future)

    def revealed(self, before: BitsState, after: BitsState) -> bool:
        """True when the placements were shown together and a new tile card (or round) turned up."""
        return (before.round, before.shown, before.over) != (after.round, after.shown, after.over)

    def public_since(self, before: BitsState, now: BitsState) -> bool:
        """A placement made from ``before`` is shown once everybody has placed that tile: a new tile
        card, round or the end has come by ``now``."""
        return self.revealed(before, now)

    def invariant_errors(self, state: BitsState) -> list[str]:
        errors = []
        if not state.over and sorted(state.shown + state.deck) != sorted(TILES):
            errors.append("shown tile cards + deck are not the 20 tile cards")
        if len(state.goals) != state.round:
            errors.append(f"{len(state.goals)} goal cards face up in round {state.round}")
        if len(state.finished) not in (state.round - 1, state.round):
            errors.append("finished rounds do not match the round number")
        for seat, board in enumerate(state.boards):
            filled = sum(1 for ch in board if ch != EMPTY)
            if filled % 2:
                errors.append(f"seat {seat}'s board has an odd number of filled cells")
            if board.count(NEUTRAL) != (2 if state.neutral_used[seat] else 0):
                errors.append(f"seat {seat}'s neutral tile record does not match its board")
        if state.to_play != (None if state.over else _first_waiting(state.players, state.done, state.pending)):
            errors.append("to_play is not the first seat still to place")
        return errors

    # -- positions as text ------------------------------------------------------------------
    def to_text(self, state: BitsState) -> str:
        fields = [
            ("players", str(state.players)),
            ("advanced", "yes" if state.advanced else "no"),
            ("round", str(state.round)),
            ("goals", _join(state.goals)),
            ("aside", _join(state.set_aside)),
            ("piles", "/".join(_join(p) for p in state.piles) or "-"),
            ("start", _join(state.start_tiles)),
            ("shown", _join(state.shown)),
            ("deck", _join(state.deck)),
            ("boards", "/".join(state.boards)),
            ("neutral", "".join("1" if u else "0" for u in state.neutral_used)),
            ("done", "".join("1" if d else "0" for d in state.done)),
            ("pending", "/".join(_pending_text(p) for p in state.pending)),
            ("finished", ",".join("/".join(boards) for boards in state.finished) or "-"),
            ("rng", state.rng.to_text()),
        ]
        return "bits " + " ".join(f"{key}={value}" for key, value in fields)

    def from_text(self, text: str) -> BitsState:
        try:
            return _read_text(text)
        except InvalidPositionError:
            raise
        except (ValueError, KeyError, IndexError, InvalidMoveError) as error:
            raise InvalidPositionError(f"not a Bits position: {error}") from error


# -- flow --------------------------------------------------------------------------------------
def _spot_problem(board: str, spot: Spot) -> Words | None:
    if not 0 <= spot.column < SIZE:
        return Words("there is no such column")
    if not spot.vertical and spot.column == SIZE - 1:
        return Words("a horizontal tile in column {column} would stick out of the board on the right", column=SIZE)
    if landing(board, spot) is not None:
        return None
    if spot.vertical:
        return Words("column {column} has no room for a vertical tile", column=spot.column + 1)
    return Words(
        "columns {left}–{right} have no room for a horizontal tile", left=spot.column + 1, right=spot.column + 2
    )


def _commit(state: BitsState, pending: tuple[Pending, ...]) -> BitsState:
    """Everyone has decided: apply the choices together, then turn up the next tile card or end the round."""
    boards = list(state.boards)
    neutral = list(state.neutral_used)
    done = list(state.done)
    for seat, choice in enumerate(pending):
        if isinstance(choice, Place):
            placed = drop(boards[seat], choice.colours, choice.spot)
            assert placed is not None, "a pending placement was checked when it was made"
            boards[seat] = placed
            neutral[seat] = neutral[seat] or choice.neutral
        elif isinstance(choice, Pass):
            done[seat] = True
    still_in = [seat for seat in range(state.players) if not done[seat]]
    if not state.deck or not any(has_room(boards[seat]) for seat in still_in):
        return _end_round(state, tuple(boards), tuple(neutral))
    tile, deck = state.deck[0], state.deck[1:]
    done_tuple = tuple(done)
    cleared: tuple[Pending, ...] = (None,) * state.players
    return replace(
        state,
        shown=(*state.shown, tile),
        deck=deck,
        boards=tuple(boards),
        neutral_used=tuple(neutral),
        done=done_tuple,
        pending=cleared,
        to_play=_first_waiting(state.players, done_tuple, cleared),
    )


def _end_round(state: BitsState, boards: tuple[str, ...], neutral: tuple[bool, ...]) -> BitsState:
    finished = (*state.finished, boards)
    ended = replace(
        state,
        boards=boards,
        neutral_used=neutral,
        done=(True,) * state.players,
        pending=(None,) * state.players,
        finished=finished,
        to_play=None,
    )
    if len(finished) >= state.rounds_total:
        return ended
    return _start_round(ended)


def _start_round(state: BitsState) -> BitsState:
    """Turn up the next goal card, shuffle the tile and start cards, deal start tiles, clear boards."""
    number = state.round + 1
    rng = state.rng
    remaining = state.piles[number - 1]
    card, remaining = remaining[0], remaining[1:]
    set_aside = state.set_aside
    if number == 3:
        # A round-3 card with the round-2 card's shape (colour aside) is set aside and redrawn.
        while remaining and CARD_BY_ID[card].shape == CARD_BY_ID[state.goals[1]].shape:
            set_aside = (*set_aside, card)
            card, remaining = remaining[0], remaining[1:]
    piles = (*state.piles[: number - 1], remaining, *state.piles[number:])
    deck, rng = rng.shuffle(TILES)
    starts, rng = rng.shuffle(START_TILES)
    players = state.players
    return replace(
        state,
        round=number,
        goals=(*state.goals, card),
        set_aside=set_aside,
        piles=piles,
        start_tiles=starts[:players],
        shown=(),
        deck=deck,
        boards=(EMPTY_BOARD,) * players,
        neutral_used=(False,) * players,
        done=(False,) * players,
        pending=(None,) * players,
        rng=rng,
        to_play=0,
    )


# -- scoring helpers for the screens and the AI ------------------------------------------------
def round_end(state: BitsState, round_number: int) -> BitsState:
    """The position as round ``round_number`` (finished in ``state``) ended, before the next round
    began: its boards, its goal cards, everybody done, its points live on the boards (what the
    screen shows behind that round's scoring)."""
    return replace(
        state,
        round=round_number,
        boards=state.finished[round_number - 1],
        finished=state.finished[: round_number - 1],
        done=(True,) * state.players,
        pending=(None,) * state.players,
        to_play=None,
    )


def round_breakdown(state: BitsState, round_number: int, seat: Seat) -> list[CardScore]:
    """Per-card scoring of ``seat`` in a finished round (1-based): each card's points and the areas
    that made them (the screen outlines these)."""
    return score_board(state.finished[round_number - 1][seat], state.active_goals(round_number))


def live_breakdown(state: BitsState, seat: Seat) -> list[CardScore]:
    """Per-card scoring of ``seat``'s current board as if the round ended now."""
    return score_board(state.boards[seat], state.active_goals())


def round_totals(state: BitsState) -> list[list[int]]:
    """``[round][seat]`` points of every finished round."""
    return [
        [sum(c.points for c in score_board(board, state.active_goals(number))) for board in boards]
        for number, boards in enumerate(state.finished, start=1)
    ]


def solo_total(state: BitsState) -> int:
    """Seat 0's total over rounds 1–3 (what the solo rank is read from)."""
    return sum(r[0] for r in round_totals(state)[:STANDARD_ROUNDS])


# -- notation ----------------------------------------------------------------------------------
def move_text(move: Move | Hidden) -> str:
    """``RB H2``, ``BR V5``, ``neutral H4`` or ``pass`` (``docs/rules/bits.md``, "Notation")."""
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Hidden):
        return "?"
    tile = "neutral" if move.neutral else move.colours
    return f"{tile} {'V' if move.vertical else 'H'}{move.column + 1}"


def parse_move_text(text: str) -> Move:
    words = text.strip().split()
    if len(words) == 1 and words[0].lower() == "pass":
        return PASS
    if len(words) != 2:
        raise InvalidMoveError(Words("{text} is not a Bits move like 'RB H2', 'neutral V4' or 'pass'", text=repr(text)))
    tile, where = words[0].upper(), words[1].upper()
    if tile in ("NEUTRAL", NEUTRAL_TILE):
        tile = NEUTRAL_TILE
    elif len(tile) != 2 or any(ch not in COLOURS for ch in tile):
        raise InvalidMoveError(
            Words("{text} is not a tile: write two colour letters from R Y B P K, or 'neutral'", text=repr(words[0]))
        )
    if len(where) != 2 or where[0] not in "HV" or not where[1].isdigit() or not 1 <= int(where[1]) <= SIZE:
        raise InvalidMoveError(Words("{text} is not a placement like H2 or V5 (columns 1 to 6)", text=repr(words[1])))
    return Place(tile, where[0] == "V", int(where[1]) - 1)


# -- text positions ----------------------------------------------------------------------------
def _join(items: tuple[str, ...]) -> str:
    return ".".join(items) or "-"


def _split(text: str) -> tuple[str, ...]:
    return () if text == "-" else tuple(text.split("."))


def _pending_text(choice: Pending) -> str:
    return "-" if choice is None else move_text(choice).replace(" ", ".")


def _read_pending(text: str) -> Pending:
    if text == "-":
        return None
    if text == "?":
        return HIDDEN
    return parse_move_text(text.replace(".", " "))


def _read_board(text: str) -> str:
    if len(text) != CELLS or any(ch not in COLOURS and ch not in (EMPTY, NEUTRAL) for ch in text):
        raise InvalidPositionError(f"a board is {CELLS} cells of . R Y B P K N, not {text!r}")
    return text


def _read_text(text: str) -> BitsState:
    words = text.split()
    if not words or words[0] != "bits":
        raise InvalidPositionError("a Bits position starts with 'bits'")
    fields = dict(word.split("=", 1) for word in words[1:])
    players = int(fields["players"])
    if not 1 <= players <= 4:
        raise InvalidPositionError("Bits is for 1 to 4 players")

    boards = tuple(_read_board(b) for b in fields["boards"].split("/"))
    neutral = tuple(ch == "1" for ch in fields["neutral"])
    done = tuple(ch == "1" for ch in fields["done"])
    pending = tuple(_read_pending(p) for p in fields["pending"].split("/"))
    start = _split(fields["start"])
    if {len(boards), len(neutral), len(done), len(pending), len(start)} != {players}:
        raise InvalidPositionError("boards, neutral, done, pending and start need one entry per seat")
    finished = tuple(tuple(_read_board(b) for b in group.split("/")) for group in _split_groups(fields["finished"]))
    goals = _split(fields["goals"])
    for card in (*goals, *_split(fields["aside"])):
        if card not in CARD_BY_ID:
            raise InvalidPositionError(f"unknown goal card {card!r}")
    shown, deck = _split(fields["shown"]), _split(fields["deck"])
    if any(t not in TILES for t in shown + deck):
        raise InvalidPositionError("unknown tile card")
    state = BitsState(
        players=players,
        advanced=fields["advanced"] == "yes",
        round=int(fields["round"]),
        goals=goals,
        set_aside=_split(fields["aside"]),
        piles=tuple(_split(p) for p in fields["piles"].split("/")) if fields["piles"] != "-" else (),
        start_tiles=start,
        shown=shown,
        deck=deck,
        boards=boards,
        neutral_used=neutral,
        done=done,
        pending=pending,
        finished=finished,
        rng=Rng.from_text(fields["rng"]),
        to_play=None,
    )
    return replace(state, to_play=None if state.over else _first_waiting(players, done, pending))


def _split_groups(text: str) -> list[str]:
    return [] if text == "-" else text.split(",")


GAME = BitsRules()
