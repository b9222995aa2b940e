"""The engine contract: what every game's rules object provides, and the errors it raises.

Tests, bots, the CLI and the screens talk to a game only through this contract (see ``docs/architecture.md``).
States are immutable values; every function here is pure. A seat is an ``int`` from 0.

Hidden information is modelled by :meth:`GameRules.view` (what one seat may know) and
:meth:`GameRules.determinize` (a full state consistent with that knowledge, with the unknown parts
resampled). The first feeds computer players and the screen; the second feeds search bots and the
conformance suite's "views hide what they must" check.

Moves made by a seat that is not ``state.to_play`` (Bauhaus powers) are ordinary moves of that seat:
``legal_moves(state, seat=s)`` lists them and ``apply(state, move, seat=s)`` plays them.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import ClassVar, Generic, Protocol, TypeVar

from bauhausbox.engine.rng import Rng
from bauhausbox.i18n import _

Seat = int
# The viewer of a sentence written for someone watching a table from no seat (``describe_move``):
# it tells no more than :meth:`GameRules.watcher_view` shows.
WATCHER: Seat = -1
OptionValue = str | int | bool


class Words(str):
    """A text for players made by the rules, kept translatable: it reads as the English sentence
    (it *is* that string), and also carries its ``template`` (marked with ``N_`` for the catalogs)
    and the ``values`` that fill it, so a screen can say it in the players' language
    (``bauhausbox.i18n.translate``). Values may be :class:`Words` themselves ("blue")."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, /, **values: object) -> Words:
        words = super().__new__(cls, template.format(**values) if values else template)
        words.template = template
        words.values = values
        return words


class GameError(Exception):
    """Base class of the errors a rules module raises for bad moves or positions. Raised with
    :class:`Words`, its message stays translatable (``error.args[0]``)."""


class InvalidMoveError(GameError):
    """The move text or value is malformed: it does not describe a move of this game at all."""


class IllegalMoveError(GameError):
    """The move is well formed but the rules forbid it here; ``str(error)`` says why, for players."""


class InvalidPositionError(GameError):
    """A position text (``from_text``) could not be read."""


class NoSuchSeatError(GameError):
    """A seat number the game does not have (``seat 7`` in a 2-player game, or a negative one)."""


class HasToPlay(Protocol):
    """Every state exposes the seat whose decision it is (``None`` once the game is over) and its
    number of seats."""

    @property
    def to_play(self) -> Seat | None: ...

    @property
    def players(self) -> int: ...


S = TypeVar("S", bound=HasToPlay)
M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A variant option offered at game setup; values must be JSON-friendly (str, int, bool)."""

    key: str
    label: str
    choices: tuple[tuple[OptionValue, str], ...]
    default: OptionValue
    help: str = ""
    # Player counts for which this option is meaningful (empty = all).
    players: tuple[int, ...] = ()
    # How a game's title names a chosen value that makes it another game ("Blokus Duo" for a Duo board):
    # saved games, Continue and the statistics say it where the choice's long label would not fit.
    titles: tuple[tuple[OptionValue, str], ...] = ()

    def applies_to(self, players: int) -> bool:
        return not self.players or players in self.players


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One line of a game-over or round-over table: a label and the cells that follow it."""

    label: str
    cells: tuple[str, ...]


# Seconds per move of each computer level, unless a game says otherwise (``GameInfo.think_seconds``).
THINK_SECONDS: Mapping[str, float] = {"random": 0.05, "easy": 0.3, "medium": 1.0, "hard": 2.0, "expert": 8.0}


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about a game, for the registry, the menus and the setup screen."""

    id: str
    title: str
    tagline: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[OptionSpec, ...] = ()
    seat_names: tuple[str, ...] = ()  # what a seat is called on screen ("Blue", "Player 1"...)
    levels: tuple[str, ...] = ("easy", "medium", "hard")
    #: Hands, colours or draws are secret: two humans at one screen pass the device behind a curtain.
    hidden_information: bool = False
    #: The sole winner of a game starts the next one in the same session (``Match.restart``).
    winner_starts: bool = False
    #: Seconds per move for each computer level, where a game's differ from ``THINK_SECONDS``
    #: (the app and ``bauhausbox selfplay`` both ask :meth:`think_time`).
    think_seconds: Mapping[str, float] = field(default_factory=dict)
    #: How many of the conformance suite's seeded games this game plays (slow games play fewer).
    conformance_scale: float = 1.0
    #: A line the setup screen shows under the player count it explains (Blokus: the shared green
    #: of three players), marked for translation (``N_``).
    player_count_notes: Mapping[int, str] = field(default_factory=dict)
    #: Whether players count this game in turns; a solo puzzle's moves (placing and lifting pieces)
    #: are not turns, so its screens and the Load list give no turn count.
    counts_turns: bool = True

    def think_time(self, level: str) -> float:
        """Seconds a computer player of ``level`` may think per move in this game."""
        return self.think_seconds.get(level, THINK_SECONDS.get(level, 1.0))


class GameRules(ABC, Generic[S, M]):
    """Base class of a game's rules object. Subclasses implement the abstract methods.

    The defaults fit games with perfect information and no out-of-turn moves; games with hidden
    information override :meth:`view`, :meth:`determinize` and :meth:`revealed`.
    """

    info: GameInfo

    # -- setting up -------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, players: int, seed: int, **options: OptionValue) -> S:
        """A fresh game. All chance later in the game comes from an :class:`Rng` kept in the state."""

    def normalize_options(self, players: int, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        """Reject a player count outside the game's range and unknown option keys or values, and fill
        in defaults (the same rules for CLI, saves, setup, and every game's ``new_game``)."""
        info = self.info
        if not info.min_players <= players <= info.max_players:
            raise InvalidMoveError(
                f"{info.title} is for {info.min_players} to {info.max_players} players, not {players}"
            )
        known = {spec.key: spec for spec in self.info.options}
        result: dict[str, OptionValue] = {}
        for key, value in options.items():
            if key not in known:
                raise InvalidMoveError(f"{self.info.title} has no option {key!r}")
            spec = known[key]
            allowed = [choice for choice, _ in spec.choices]
            coerced = _coerce_option(value, allowed)
            if coerced is None:
                raise InvalidMoveError(f"option {key} must be one of {', '.join(map(str, allowed))}")
            result[key] = coerced
        for spec in self.info.options:
            if spec.applies_to(players):
                result.setdefault(spec.key, spec.default)
            else:
                result.pop(spec.key, None)
        return result

    # -- playing ----------------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self, state: S, seat: Seat | None = None) -> list[M]:
        """The legal moves of ``seat`` (default: the seat to play). Empty for a seat with none."""

    def forced(self, state: S) -> M | None:
        """The move the seat to play makes without deciding anything (a Bits full ramp's pass), or
        ``None``. The table plays it for a human at once: nobody is called to the screen for it."""
        return None

    @abstractmethod
    def apply(self, state: S, move: M, seat: Seat | None = None) -> S:
        """A new state after ``seat`` (default: the seat to play) makes ``move``.

        Raises :class:`IllegalMoveError` with a reason for players when the rules forbid it.
        """

    def check(self, state: S, move: M, seat: Seat | None = None) -> str | None:
        """Why ``move`` is illegal, or ``None`` when it is legal (used by screens for previews)."""
        try:
            self.apply(state, move, seat)
        except IllegalMoveError as error:
            reason = error.args[0] if error.args else ""
            # The rules' Words, kept as they are, so a screen can say them in the players' language.
            return reason if isinstance(reason, str) else str(error)
        return None

    @abstractmethod
    def format_move(self, state: S, move: M) -> str:
        """The one canonical text of ``move`` in ``state`` (the position it is played from)."""

    @abstractmethod
    def parse_move(self, state: S, text: str, seat: Seat | None = None) -> M:
        """Read a move text; raises :class:`InvalidMoveError` when malformed."""

    # -- moves in words ----------------------------------------------------------------------
    #: The game's own sentences, ``"module:function"`` (its ``describe.py``), imported the first time a
    #: move is described: that module builds on the rules, so the rules cannot import it. The function
    #: says what the mover did, ``(rules, state, move, *, seat, who, viewer, names) -> str``, after
    #: :meth:`describe_move` has found the mover (``seat``, called ``who``). Empty: the notation stands in.
    describer: ClassVar[str] = ""
    # True where describe_move writes the same sentence for every viewer (nothing in it depends on
    # what a seat can see): the server then writes each move's sentence once for all seats.
    describes_alike: ClassVar[bool] = False

    def describe_move(
        self,
        state: S,
        move: M,
        *,
        mover: Seat | None = None,
        viewer: Seat | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """One short sentence in plain words saying what ``move`` does, for the game log and replays
        ("Blue placed the L5 on k10–m12", "Circle laid a gas bend right of the start pump room and
        drew 2").

        ``state`` is the position *before* the move; ``mover`` is the seat making it, as in
        :meth:`apply` (default: ``state.to_play``). ``viewer`` is the seat the sentence is written
        for: it reveals nothing that seat's :meth:`view` does not show, before or after the move (a
        draw says "drew 2", not which tiles); :data:`WATCHER` writes it for someone at no seat, who
        knows what :meth:`watcher_view` shows. ``None`` means an observer who sees everything, such as
        the replay of a finished game. ``names`` gives the players' names per seat; without it the
        game's seat names are used (:meth:`mover_name`). Effects the rules carry out on their own
        within the move (automatic passes, a round ending and its points) are part of the sentence.
        No internal codes: no slot numbers, no turns like ``r90``, no coordinates of an unbounded
        table. Each game writes its sentences in its own ``describe.py`` (:attr:`describer`); a game
        without one falls back to its notation.
        """
        seat = state.to_play if mover is None else mover
        if seat is None:
            return _("The game is over")
        who = self.mover_name(state, seat, names)
        if not self.describer:
            return f"{who} played {self.format_move(state, move)}"
        sentence = _sentence_function(self.describer)
        return sentence(self, state, move, seat=seat, who=who, viewer=viewer, names=names)

    #: What the rules brought about on their own after a move that stands as its own entry in the
    #: log, ``"module:function"`` with :attr:`describer`'s arguments, returning ``""`` when nothing did
    #: (Bits: "Round 2 ends: Anni +7, Josef +3"). Empty: a move is one entry.
    outcome_describer: ClassVar[str] = ""

    def describe_outcome(
        self,
        state: S,
        move: M,
        *,
        mover: Seat | None = None,
        viewer: Seat | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """The log's entry after the sentence of ``move`` for what followed it on its own (a round's end
        and its points), in the same terms as :meth:`describe_move`; ``""`` when the move is all."""
        seat = state.to_play if mover is None else mover
        if seat is None or not self.outcome_describer:
            return ""
        sentence = _sentence_function(self.outcome_describer)
        return sentence(
            self, state, move, seat=seat, who=self.mover_name(state, seat, names), viewer=viewer, names=names
        )

    def public_since(self, before: S, now: S) -> bool:
        """Whether everything about the move made from ``before`` may be told to every seat in ``now``, a
        later position of the same game: the move was secret when made and has been shown since (a Bits
        placement, shown once everybody has placed the tile). Its sentence then says everything, on the
        mover's own line of the log. Default: a move's secrets stay secret."""
        return False

    def mover_name(self, state: S, seat: Seat, names: Sequence[str] | None = None) -> str:
        """The name a sentence uses for ``seat``: ``names[seat]`` when given, else the seat's name."""
        if names is not None and 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return self.seat_name(seat, self.players(state))

    # -- the end --------------------------------------------------------------------------
    def is_over(self, state: S) -> bool:
        return state.to_play is None

    @abstractmethod
    def scores(self, state: S) -> list[int]:
        """Points per seat (at any moment: what each seat would score if the game ended now)."""

    def winners(self, state: S) -> list[Seat]:
        """Seats sharing the best score. Games with tie-breaks override this."""
        points = self.scores(state)
        best = max(points)
        return [seat for seat, value in enumerate(points) if value == best]

    def score_table(self, state: S) -> list[ScoreRow]:
        """Rows for the game-over screen; the default is one row of totals."""
        return [ScoreRow("Points", tuple(str(p) for p in self.scores(state)))]

    def tie_break(self, state: S, names: Sequence[str]) -> Words | None:
        """How a tie on points was decided, for players ("Equal on 8 points; more zones: ..."), naming
        seats by ``names``; ``None`` when nobody who lost had the winner's points. Games whose
        ``winners`` break ties override this."""
        return None

    def players(self, state: S) -> int:
        """Number of seats in this game."""
        return state.players

    # -- hidden information -----------------------------------------------------------------
    def view(self, state: S, seat: Seat) -> S:
        """What ``seat`` may know. Perfect-information games return the state itself."""
        self.seat_or_to_play(state, seat)
        return state

    def watcher_view(self, state: S) -> S:
        """What someone watching from no seat may know: no more than any seat's :meth:`view` shows
        (``watcher_view(determinize(s, seat, r)) == watcher_view(s)`` for every seat). A game
        without hidden information shows the state itself; a game with it must say what to hide."""
        if self.info.hidden_information:
            raise NotImplementedError(f"{self.info.title} does not say what a watcher may see")
        return state

    def determinize(self, state: S, seat: Seat, rng: Rng) -> S:
        """A full state that ``seat`` cannot tell apart from ``state``: every hidden part resampled.

        ``view(determinize(s, seat, r), seat) == view(s, seat)`` must hold.
        """
        self.seat_or_to_play(state, seat)
        return state

    def revealed(self, before: S, after: S) -> bool:
        """Whether going from ``before`` to ``after`` showed some seat information it lacked
        (a draw from a bag or deck). Undo past such a move needs every human's agreement."""
        return False

    def opens_turn(self, before: S, move: M | None) -> bool:
        """Whether ``move`` played from ``before`` begins a turn as players count turns (``None``: the
        seat to play's next move). Every move is a turn unless a game splits its turns into several
        decisions (a Bauhaus card chosen, then carried out) or has moves outside the turns."""
        return True

    def invariant_errors(self, state: S) -> list[str]:
        """Game-specific invariants the conformance suite checks after every move (e.g. walls on the
        board + supply = 66). Returns the violated ones, described; empty when all hold."""
        return []

    # -- positions as text ------------------------------------------------------------------
    @abstractmethod
    def to_text(self, state: S) -> str:
        """A compact, human-readable position (like FEN); ``from_text`` reads it back."""

    @abstractmethod
    def from_text(self, text: str) -> S:
        """Read a position written by :meth:`to_text`; raises :class:`InvalidPositionError`."""

    # -- conveniences shared by all games ----------------------------------------------------
    @staticmethod
    def seat_or_to_play(state: S, seat: Seat | None) -> Seat | None:
        """``seat``, or the seat to play when it is ``None``. Every method taking a seat calls this
        first, so a seat the game does not have is one clear :class:`NoSuchSeatError` in every game
        (not an ``IndexError`` from deep inside, nor a quiet empty answer)."""
        if seat is None:
            return state.to_play
        return GameRules.check_seat(seat, state.players)

    @staticmethod
    def check_seat(seat: Seat, players: int) -> Seat:
        """``seat`` when a game of ``players`` has it, else :class:`NoSuchSeatError`."""
        if type(seat) is not int or not 0 <= seat < players:
            raise NoSuchSeatError(f"no seat {seat} in a {players}-player game")
        return seat

    def seat_name(self, seat: Seat, players: int, options: Mapping[str, OptionValue] | None = None) -> str:
        """What ``seat`` is called on screen; ``options`` (normalized) when the game's options change
        it (a Blokus Duo seat owns one colour, a classic two-player seat two)."""
        self.check_seat(seat, players)
        names = self.info.seat_names
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    def play_texts(self, state: S, texts: Sequence[str]) -> S:
        """Apply a sequence of move texts (``@seat text`` for out-of-turn moves)."""
        for text in texts:
            seat, body = split_seat(text)
            move = self.parse_move(state, body, seat)
            state = self.apply(state, move, seat)
        return state


def split_seat(text: str) -> tuple[Seat | None, str]:
    """Split ``"@2 power:shared e4"`` into ``(2, "power:shared e4")``; plain texts give ``None``."""
    text = text.strip()
    if text.startswith("@"):
        head, _, body = text.partition(" ")
        try:
            return int(head[1:]), body.strip()
        except ValueError as error:
            raise InvalidMoveError(f"bad seat prefix in {text!r}") from error
    return None, text


def join_seat(seat: Seat | None, text: str) -> str:
    """Inverse of :func:`split_seat`."""
    return text if seat is None else f"@{seat} {text}"


def _coerce_option(value: object, allowed: Sequence[OptionValue]) -> OptionValue | None:
    if value in allowed and isinstance(value, bool) == any(isinstance(a, bool) for a in allowed):
        return value  # type: ignore[return-value]
    text = str(value).strip().lower()
    for choice in allowed:
        if str(choice).lower() == text:
            return choice
        if isinstance(choice, bool) and text in (("yes", "on", "1", "true") if choice else ("no", "off", "0", "false")):
            return choice
    return None


@cache
def _sentence_function(reference: str) -> Callable[..., str]:
    """The function a :attr:`GameRules.describer` reference names, imported once."""
    module, _colon, name = reference.partition(":")
    function: Callable[..., str] = getattr(importlib.import_module(module), name)
    return function
