"""The Bauhaus position and move types, with the names of seats, phases and powers (pure data, no rules).

:mod:`.rules` plays them; :mod:`.notation` writes and reads them as text.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum

from bauhausbox.i18n import N_

# Colours as words in sentences ("the red token"), marked for the catalogs.
COLOURS: tuple[str, ...] = (N_("blue"), N_("yellow"), N_("red"), N_("black"))
# Marked for the catalogs: screens and the rules' refusals show them as ``Words(SEAT_NAMES[seat])``.
SEAT_NAMES: tuple[str, ...] = (N_("Blue"), N_("Yellow"), N_("Red"), N_("Black"))
TOKEN_LETTERS = "byrk"  # board pictures: lower case = deployed face, upper case = control face

OPENING, CHOOSE, RESOLVE, OVER = "opening", "choose", "resolve", "over"

MIND, SHARED, FORCED, MIMETIC = "mind", "shared", "forced", "mimetic"
POWER_OF_SEAT: tuple[str, ...] = (MIND, SHARED, FORCED, MIMETIC)
# The powers' names in the rulebook (Contrôle Mental, Partagé, Forcé, Mimétique in French).
POWER_TITLES = {
    MIND: N_("Mind Control"),
    SHARED: N_("Shared Control"),
    FORCED: N_("Forced Control"),
    MIMETIC: N_("Mimetic Control"),
}


@dataclass(frozen=True, slots=True)
class BauhausState:
    """A whole Bauhaus position. Squares and edges are bits (see :mod:`board`); cards are indices
    into :data:`cards.CARDS`, ``-1`` being an empty display slot."""

    size: int
    players: int
    powers: bool
    first: int  # who placed the first opening token and played the first card
    phase: str
    turn: int  # the seat whose turn it is (placing in the opening, choosing a card afterwards)
    to_play: int | None  # who decides now: ``turn``, or Blue resolving under Mind Control
    walls: int
    deployed: tuple[int, ...]  # per seat: squares of its tokens showing the deployed face
    control: tuple[int, ...]  # per seat: squares of its tokens showing the control face
    reserve: tuple[int, ...]
    supply: int
    deck: tuple[int, ...]  # top card first; hidden (views sort it)
    display: tuple[int, ...]
    discard: tuple[int, ...]
    chosen: int = -1  # the display slot being resolved
    placed: int = 0  # Free walls placed so far for the chosen card
    used: tuple[bool, ...] = ()  # powers used, per seat
    locked: tuple[int, ...] = ()  # locked zones (square masks), ascending

    # Deeply immutable (ints and tuples of ints), so a copy is the object itself.
    def __copy__(self) -> BauhausState:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> BauhausState:
        return self


_FIELDS = tuple(f.name for f in fields(BauhausState))
_set = object.__setattr__


def evolve(state: BauhausState, **changes: object) -> BauhausState:
    """``dataclasses.replace`` without its checks: a few times faster, and bots call it a lot."""
    new = object.__new__(BauhausState)
    for name in _FIELDS:
        _set(new, name, changes[name] if name in changes else getattr(state, name))
    return new


class MoveKind(StrEnum):
    """The kinds of decision. A move's text begins with its kind's value (``card2``, ``place d4``,
    ``power:mind``): the notation in saves and replays is spelled by these values."""

    CARD = "card"  # choose the face-up card in ``slot``
    DISCARD = "discard"  # discard the card in ``slot`` (no face-up card can be carried out)
    PLACE = "place"  # a token from the reserve onto ``squares[0]``
    WALL = "wall"  # one Free wall on ``edges[0]``
    WALLS = "walls"  # a pattern's walls, ``edges`` ascending
    MOVE_WALL = "move-wall"  # the wall on ``edges[0]`` to ``edges[1]``
    MOVE_TOKEN = "move"  # the token on ``squares[0]`` to ``squares[1]``
    SWAP = "swap"  # the tokens on ``squares`` (ascending) change places
    POWER = "power"  # ``power``, with its target square in ``squares`` (none for Mind Control)


@dataclass(frozen=True, slots=True, repr=False)
class Move:
    """One decision: its ``kind`` says which of the other fields it uses."""

    kind: MoveKind
    slot: int = -1
    squares: tuple[int, ...] = ()
    edges: tuple[int, ...] = ()
    power: str = ""  # "mind", "shared", "forced" or "mimetic:<one of those>"

    def __repr__(self) -> str:
        # Plain f-string: the dataclass repr is slow and move lists run to thousands.
        return f"Move({self.kind.value!r}, {self.slot}, {self.squares}, {self.edges}, {self.power!r})"


@dataclass(frozen=True, slots=True)
class Zone:
    """A region of the board as players see it."""

    squares: int
    closed: bool
    locked: bool
    colours: tuple[int, ...]  # seats with a token inside

    @property
    def status(self) -> str:
        """``open``, ``unowned`` (closed, mixed), ``owned`` or ``shared`` (locked, mixed)."""
        if not self.closed:
            return "open"
        if not self.locked:
            return "unowned"
        return "owned" if len(self.colours) == 1 else "shared"

    @property
    def size(self) -> int:
        return self.squares.bit_count()
