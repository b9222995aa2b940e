"""The messages of "Play across computers": versioned pydantic models sent as JSON text frames.

A client opens with :class:`Hello`, then either creates a table (:class:`Create`) or joins one
(:class:`Join`: a table code with the seat it wants, or the seat's token to come back). The server
answers a join with :class:`SeatGiven` (the token, a secret only that client knows) and from then on
sends a :class:`SeatView` after every change: what that seat may see, never more (from protocol
2, with only the moves the client has not had yet, after a first whole view). The client's
:class:`Intent` messages are wishes; the server's rules decide. Anything refused comes back as one
:class:`Refusal` sentence in the client's language, with a stable ``reason`` code.

Every frame is at most :data:`MAX_MESSAGE_BYTES`; a client sends at most :data:`RATE_PER_SECOND`
messages per second on average (bursts of :data:`RATE_BURST`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bauhausbox.i18n import N_
from bauhausbox.persistence.models import name_problem

# 2: a view may carry only the moves since the client's last view (``SeatView.first``).
# 3: a move says when it does not begin a turn (``MoveSeen.opens``): every screen counts turns alike.
# 4: a view may send again moves the client has (``first`` below its count) whose sentence says
#    more now (a Bits placement shown since); an undo request says where it goes back to.
# 5: a new game at the end is asked for first (``SeatView.rematch_asked``) and made only once every
#    other human agreed ("agree"/"refuse" with the text "rematch"); older clients get it at once.
PROTOCOL_VERSION = 6
# The oldest client version the server still speaks with (version 1 clients get whole views).
OLDEST_PROTOCOL = 1
DELTA_PROTOCOL = 2
TURNS_PROTOCOL = 3
REVEAL_PROTOCOL = 4
REMATCH_PROTOCOL = 5
REPLACED_PROTOCOL = 6  # "table_replaced" (older clients hear "host_left")
MAX_MESSAGE_BYTES = 64 * 1024
RATE_PER_SECOND = 20.0
RATE_BURST = 40.0
MAX_NAME = 40
MAX_MOVE_TEXT = 400
# Per address (one computer): open connections at once, and tables created per hour.
CONNECTIONS_PER_ADDRESS = 32
TABLES_PER_ADDRESS = 30
# Watchers at one table at most (each also counts as a connection of its address).
WATCHERS_PER_TABLE = 16
CODE_LENGTH = 6
# Table codes avoid letters and digits that read alike (0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

Action = Literal["move", "undo", "redo", "hint", "agree", "refuse", "present", "rematch", "language"]
LANGUAGES = ("en", "fr")  # the languages the server writes its sentences in


def _joining_name(name: str) -> str:
    """A name a joining player chose: none (keep the host's), or a player name as the app keeps
    them (not blank, short, nothing that cannot be shown: no control characters)."""
    if name:
        problem = name_problem(name)
        if problem:
            raise ValueError(problem)
    return name.strip()


JoiningName = Annotated[str, AfterValidator(_joining_name)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- from the client ------------------------------------------------------------------------------
class Hello(_Message):
    """The first message: which protocol the client speaks, its app version, its players' language."""

    type: Literal["hello"] = "hello"
    protocol: int
    app: str = Field(max_length=40)
    language: str = Field(default="en", max_length=10)


class Create(_Message):
    """Host a new table: the game, its seats (``human`` or ``ai:LEVEL``), names and options. The
    server draws the seed: whoever chose it would know every deal."""

    type: Literal["create"] = "create"
    game: str = Field(max_length=40)
    seats: list[str] = Field(min_length=1, max_length=4)
    names: list[str] = Field(default_factory=list, max_length=4)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=8)
    # Whether people may watch the table from no seat (left out of the frame when not).
    watchers: bool = False


class Join(_Message):
    """Sit at table ``code``: in ``seat`` (``None``: the first free human seat), or back in the seat
    whose ``token`` this client was given."""

    type: Literal["join"] = "join"
    code: str = Field(max_length=16)
    seat: int | None = Field(default=None, ge=0, lt=4)
    token: str | None = Field(default=None, max_length=100)
    # The joining player's name for the seat (empty: the name the host gave it); refused as a bad
    # message when it is no player name (``persistence.models.name_problem``).
    name: JoiningName = Field(default="", max_length=MAX_NAME)
    # Watch from no seat instead (where the host allows it): no token, no seat, no moves.
    watch: bool = False


class Intent(_Message):
    """What the player at this seat wants: a move in the game's notation (``text``), undo, redo, a
    hint, to agree to or refuse an undo others asked for, "present" (I am here and looking),
    "rematch" at a finished table (a new table, the same seats and players), or "language" (the
    players here now read ``text``, ``en`` or ``fr``: the whole view comes again in it)."""

    type: Literal["intent"] = "intent"
    action: Action
    text: str = Field(default="", max_length=MAX_MOVE_TEXT)


class Look(_Message):
    """Before joining: who sits at table ``code`` and which seats are free."""

    type: Literal["look"] = "look"
    code: str = Field(max_length=16)


ClientMessage = Annotated[Hello | Create | Join | Intent | Look, Field(discriminator="type")]


# -- from the server ------------------------------------------------------------------------------
class Welcome(_Message):
    type: Literal["welcome"] = "welcome"
    protocol: int
    app: str


class Created(_Message):
    """A table was made; join it with this code."""

    type: Literal["created"] = "created"
    code: str


class TableSeen(_Message):
    """The answer to :class:`Look`: the table's game, its seats (``human`` / ``ai:LEVEL``) and
    names, the human seats nobody has taken yet, and who is connected."""

    type: Literal["table"] = "table"
    code: str
    game: str
    seats: list[str]
    names: list[str]
    free: list[int]
    connected: list[bool]
    watchers: bool = False  # whether the host allows watching
    watching: int = 0


class SeatGiven(_Message):
    """You sit at ``seat`` of table ``code``; ``token`` brings you back to it, and only you."""

    type: Literal["seat"] = "seat"
    code: str
    seat: int
    token: str


class Watching(_Message):
    """You watch table ``code`` from no seat: views follow, each seat's secrets hidden."""

    type: Literal["watching"] = "watching"
    code: str


class MoveSeen(_Message):
    """One played move as this seat may know it: who made it, its notation (only where the seat
    may know it: its own moves, every move of a game without secrets, all once the game is over)
    and the sentence the rules write for this seat."""

    seat: int
    text: str | None
    said: str
    # Whether the move began a turn as players count them (``GameRules.opens_turn``: a Bauhaus card
    # chosen does, carrying it out does not). Left out of the frame when it does (from protocol 3).
    opens: bool = True


class UndoRequest(_Message):
    """An undo past a draw, waiting for every human's agreement."""

    asked_by: int
    agreed: list[int]
    waiting_for: list[int]
    # The moves from this index on are taken back (protocol 4; left out of the frame when unknown).
    back_to: int | None = Field(default=None, ge=0)


class Rematch(_Message):
    """A new game asked for at a finished table: table ``code``, the same seats, each player's
    token the same as here; ``asked_by`` the seat that asked."""

    code: str
    asked_by: int


class RematchAsked(_Message):
    """A new game asked for at a finished table, not made yet: ``waiting_for`` the humans at other
    screens who have not agreed (protocol 5)."""

    asked_by: int
    waiting_for: list[int]
    number: int = Field(default=0, ge=0)  # which request at this table (a new one is asked again)


class SeatView(_Message):
    """What one seat may see now. ``position`` is the game's ``to_text`` of ``view(state, seat)``:
    ``from_text`` reads it back. ``version`` grows with every change at the table. A watcher's view
    has no ``seat`` and the game's ``watcher_view``."""

    type: Literal["view"] = "view"
    code: str
    game: str
    seat: int | None
    version: int
    position: str
    to_play: int | None
    over: bool
    moves: list[MoveSeen]
    hint: str | None
    undo_request: UndoRequest | None
    can_undo: bool
    can_redo: bool
    names: list[str]
    humans: list[bool]
    connected: list[bool]
    seed: int | None = None  # told once the game is over: the finished game can be replayed anywhere
    # The seats as ``human`` / ``ai:LEVEL`` and the table's options (public facts of the setup).
    seats: list[str] = Field(default_factory=list)
    options: dict[str, str | int | bool] = Field(default_factory=dict)
    # ``moves`` starts at this index: the earlier ones are those of the client's previous view
    # (protocol 2), or from protocol 4 some of them, sent again (they say more now). 0, a whole
    # view, is left out of the frame: the same bytes as protocol 1.
    first: int = Field(default=0, ge=0)
    watching: int = Field(default=0, ge=0)  # how many watch the table (left out of the frame when none)
    rematch: Rematch | None = None  # once asked for at the end (left out of the frame until then)
    rematch_asked: RematchAsked | None = None  # asked for, waiting for the others (protocol 5)


Reason = Literal[
    "protocol_too_old",
    "protocol_too_new",
    "bad_message",
    "too_large",
    "too_fast",
    "not_joined",
    "wrong_code",
    "table_full",
    "seat_taken",
    "bad_token",
    "bad_setup",
    "illegal_move",
    "not_your_turn",
    "nothing_to_undo",
    "nothing_to_redo",
    "no_hint",
    "no_request",
    "undo_refused",
    "host_left",
    "not_stored",
    "table_closed",
    "too_many_connections",
    "too_many_tables",
    "no_watchers",
    "too_many_watchers",
    "watching",
    "no_rematch",
    "rematch_refused",
    "rematch_withdrawn",
    "host_away",
    "seat_given",
    "table_replaced",
]

# The sentence for each reason (``{detail}`` filled from the refusal); marked for the catalogs.
SENTENCES: dict[str, str] = {
    "protocol_too_old": N_("This copy of bauhausbox is too old to play at that table: please update it."),
    "protocol_too_new": N_("The host's copy of bauhausbox is older than yours: the host needs to update it."),
    "bad_message": N_("The host could not read a message from this computer."),
    "too_large": N_("A message from this computer was too large."),
    "too_fast": N_("Too many messages at once: wait a moment."),
    "not_joined": N_("Join a table first."),
    "wrong_code": N_("There is no table with that code: check the code."),
    "table_full": N_("That table is full: every seat is taken."),
    "seat_taken": N_("Someone already sits in that seat: choose another one."),
    "bad_token": N_("This computer's place at that table is not valid any more: join again."),
    "bad_setup": N_("That table cannot be set up: {detail}"),
    "illegal_move": N_("That move is not allowed: {detail}"),
    "not_your_turn": N_("It is not your turn."),
    "nothing_to_undo": N_("There is nothing to undo."),
    "nothing_to_redo": N_("There is nothing to redo."),
    "no_hint": N_("No hint can be given now."),
    "no_request": N_("Nobody has asked to undo."),
    "undo_refused": N_("{detail} does not want to undo the move."),
    "host_left": N_("The host has left: the game has stopped."),
    "not_stored": N_("The host could not store the move, so it was not played."),
    "table_closed": N_("That game is over and its table has closed."),
    "too_many_connections": N_("Too many connections from this computer: close some games and try again."),
    "too_many_tables": N_("This computer has opened too many tables lately: try again in an hour."),
    "no_watchers": N_("The host does not let anyone watch that table."),
    "too_many_watchers": N_("That table has as many watchers as it can take: try again later."),
    "watching": N_("You are watching: only the players can play."),
    "no_rematch": N_("A new game can be asked for only once this one is over."),
    "rematch_refused": N_("{detail} does not want a new game now."),
    "rematch_withdrawn": N_("{detail} no longer asks for a new game."),
    # Not fatal: the table waits for its host, and the client keeps trying (``Refusal.seats``: the
    # host's seats, whose names the screen says).
    "host_away": N_("The host has left the table; it goes on when they reopen it."),
    "seat_given": N_("Your seat was given to a computer player: the game went on without you."),
    # The host left this table and then started (or reopened) another one: ``{detail}``, their names.
    "table_replaced": N_("{detail}'s table is closed: {detail} started another game."),
}

# A refusal that ends the connection (the client does not try again on its own).
FATAL: frozenset[str] = frozenset(
    {
        "protocol_too_old",
        "protocol_too_new",
        "wrong_code",
        "table_full",
        "bad_token",
        "seat_given",
        "table_replaced",
        "host_left",
        "too_large",
        "table_closed",
        "too_many_connections",
        "no_watchers",
        "too_many_watchers",
    }
)


class Refusal(_Message):
    """Something was refused or went wrong: ``sentence`` is for players, in their language."""

    type: Literal["error"] = "error"
    reason: Reason
    sentence: str
    fatal: bool = False
    # ``host_away`` only: the seats played at the host's computer (left out of the frame when empty).
    seats: list[int] = Field(default_factory=list, max_length=4)


ServerMessage = Annotated[
    Welcome | Created | TableSeen | SeatGiven | Watching | SeatView | Refusal, Field(discriminator="type")
]

_CLIENT: TypeAdapter[Hello | Create | Join | Intent | Look] = TypeAdapter(ClientMessage)
_SERVER: TypeAdapter[Welcome | Created | TableSeen | SeatGiven | Watching | SeatView | Refusal] = TypeAdapter(
    ServerMessage
)


class ProtocolError(Exception):
    """A frame that is not a valid message."""


# Fields added after a message's first version, left out of the frame while they hold their default:
# a frame without them is the same bytes as before they existed (and an older peer reads it).
_LATER_FIELDS: dict[type[_Message], tuple[tuple[str, object], ...]] = {
    Create: (("watchers", False),),
    Join: (("watch", False),),
    TableSeen: (("watchers", False), ("watching", 0)),
    SeatView: (("first", 0), ("watching", 0), ("rematch", None), ("rematch_asked", None)),
    Refusal: (("seats", []),),
}


MessageT = TypeVar("MessageT", bound=_Message)


def unchecked(cls: type[MessageT], values: dict[str, Any]) -> MessageT:
    """A message made from the server's own values, without validation: ``values`` holds every
    field of ``cls``. A quarter of ``model_construct``'s cost (which fills defaults field by field):
    the server makes one view per seat per move."""
    if values.keys() != cls.model_fields.keys():
        raise ValueError(f"{cls.__name__} needs every field: {sorted(cls.model_fields.keys() ^ values.keys())}")
    message = cls.__new__(cls)
    object.__setattr__(message, "__dict__", values)
    object.__setattr__(message, "__pydantic_fields_set__", set(values))
    object.__setattr__(message, "__pydantic_extra__", None)
    object.__setattr__(message, "__pydantic_private__", None)
    return message


def encode(message: _Message) -> str:
    """The JSON text of a message (compact, fields in their declared order: the same message is
    always the same bytes)."""
    later = _LATER_FIELDS.get(type(message))
    if later:
        left_out: dict[str, Any] = {name: True for name, default in later if getattr(message, name) == default}
        if isinstance(message, SeatView):
            # A move that begins a turn (most of them) leaves ``opens`` out: the bytes of protocol 2.
            steps = {index: {"opens"} for index, move in enumerate(message.moves) if move.opens}
            if steps:
                left_out["moves"] = steps
            if message.undo_request is not None and message.undo_request.back_to is None:
                left_out["undo_request"] = {"back_to"}
        if left_out:
            return message.model_dump_json(exclude=left_out)
    return message.model_dump_json()


def read_client(text: str | bytes) -> Hello | Create | Join | Intent | Look:
    try:
        return _CLIENT.validate_json(text)
    except ValidationError as error:
        raise ProtocolError(str(error).splitlines()[0]) from None


def read_server(text: str | bytes) -> Welcome | Created | TableSeen | SeatGiven | Watching | SeatView | Refusal:
    try:
        return _SERVER.validate_json(text)
    except ValidationError as error:
        raise ProtocolError(str(error).splitlines()[0]) from None


class RateLimit:
    """A token bucket: ``allow`` is False once a connection sends faster than the rate for long."""

    def __init__(self, per_second: float = RATE_PER_SECOND, burst: float = RATE_BURST) -> None:
        self.per_second = per_second
        self.burst = burst
        self.tokens = burst
        self.last: float | None = None

    def allow(self, now: float) -> bool:
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def wait(self) -> float:
        """Seconds until the next message is allowed (0 when one is allowed now)."""
        return max(0.0, (1.0 - self.tokens) / self.per_second)
