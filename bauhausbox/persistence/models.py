"""The pydantic models of everything bauhausbox stores: settings, saved games, statistics.

Every file is hostile until these models accept it. Unknown fields are ignored (a newer version's
extra field does not break an older reader) but a saved game with an unknown ``schema_version`` is
refused, because its moves may mean something else. Beyond types, the models check what the screens
rely on: player names are short printable text, dates carry a time zone, a save's seats match its
player count, a result lists one score per player. Settings are forgiving: a bad remembered name,
level or player count is replaced by the default (and reported as a repair) instead of refusing the
whole file, since losing every setting over one name would be worse.
"""

from __future__ import annotations

import getpass
from datetime import UTC, datetime
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from bauhausbox.engine.history import LEVELS, SeatSpec, Setup
from bauhausbox.games import REGISTRY

SAVE_SCHEMA_VERSION = 1
STATS_SCHEMA_VERSION = 1

MAX_NAME_LENGTH = 24
# Bounds far beyond any real game, so that nothing read from a file overflows a screen or a sum.
MAX_COUNT = 10**9
MAX_SCORE = 10**6
SEED_LIMIT = 2**63

AnimationSpeed = Literal["off", "fast", "normal", "slow"]
# "computers": ask only while a computer is to play, whose move would otherwise land before
# anybody could press a button.
AskReactions = Literal["always", "computers", "never"]
Language = Literal["system", "en", "fr"]  # "system": the system's language (bauhausbox/i18n.py)
ANIMATION_FACTORS: dict[str, float] = {"off": 0.0, "fast": 0.6, "normal": 1.0, "slow": 1.6}
DEFAULT_NAMES = ("Anni", "Josef", "Marianne", "Walter")


def now() -> datetime:
    return datetime.now(UTC)


# -- checked values ----------------------------------------------------------------------------------
def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player name (``None`` when it can)."""
    if not name.strip():
        return "a player name is empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"a player name is longer than {MAX_NAME_LENGTH} characters"
    # isprintable() is False for control characters, NUL, and lone surrogates (which cannot be drawn).
    if not name.isprintable():
        return "a player name holds characters that cannot be shown"
    return None


def _check_name(name: str) -> str:
    problem = name_problem(name)
    if problem:
        raise ValueError(problem)
    return name


def clean_name(name: str, fallback: str) -> str:
    """``name`` made a valid player name: unprintable characters dropped, cut to the maximum length;
    ``fallback`` when nothing is left."""
    kept = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME_LENGTH].strip()
    return kept or fallback


# Accounts that are no person's name: a first-time player is not greeted as "Root".
_ACCOUNT_WORDS = {"root", "admin", "administrator", "user", "guest", "owner", "default", "pi"}


def computer_user_name() -> str:
    """The name this computer knows its user by, as a first-time player's own name: the first word of
    the account's full name, else the login name capitalised; "" for a system account or none."""
    try:
        login = getpass.getuser()
    except (OSError, KeyError, ImportError):  # no login name in the environment nor the account database
        return ""
    full = ""
    try:
        import pwd  # POSIX only

        full = pwd.getpwnam(login).pw_gecos.split(",")[0].strip()
    except (ImportError, KeyError, OSError):
        pass
    name = full.split()[0] if full.split() else login.capitalize()
    if name.lower() in _ACCOUNT_WORDS or name_problem(name):
        return ""
    return name


def own_name(settings: Settings) -> str:
    """The player's own name at a table across computers: the one given before, else the computer's
    user name; never another seat's default ("Anni" is the setup's first seat, not everyone)."""
    return settings.own_name or settings.join_name or computer_user_name()


def _aware(value: datetime) -> datetime:
    """Dates without a time zone (older files, hand edits, ``datetime.now()``) are read as local
    time and given its offset, so every date compares with every other and sorting never fails."""
    # The range check first: it also keeps astimezone() from overflowing, here and when shown.
    if not 1971 <= value.year <= 9000:
        raise ValueError(f"the date {value.date()} is not one bauhausbox wrote")
    if value.tzinfo is None or value.utcoffset() is None:
        value = value.replace(tzinfo=None).astimezone()
    return value


PlayerName = Annotated[str, AfterValidator(_check_name)]
Timestamp = Annotated[datetime, AfterValidator(_aware)]


def _known_game(value: str) -> str:
    if value not in REGISTRY:
        raise ValueError(f"unknown game {value[:40]!r}")
    return value


GameId = Annotated[str, AfterValidator(_known_game)]
Level = Literal["random", "easy", "medium", "hard", "expert"]
OptionValues = dict[str, str | int | bool]


def _repaired(info: ValidationInfo, what: str) -> None:
    """Note a repair in the validation context (see ``store.read_model``), so the player is told."""
    if isinstance(info.context, dict) and isinstance(info.context.get("repairs"), list):
        info.context["repairs"].append(what)


class _Model(BaseModel):
    # defer_build: validators are built on first use, not at import (start-up time).
    model_config = ConfigDict(extra="ignore", defer_build=True)


# -- settings ------------------------------------------------------------------------------------------
class SeatPreference(_Model):
    """A remembered seat at the setup screen (repaired, not refused: see the module docstring)."""

    name: str = "Player"
    kind: Literal["human", "ai"] = "human"
    level: str = "medium"
    remote: bool = False  # a human seat played on another computer (the setup hosts the table)

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, str) and not value.strip():
            return "Player"  # a field left empty at the setup screen: nothing to report
        if not isinstance(value, str) or name_problem(value):
            _repaired(info, "a remembered player name could not be used")
            return "Player"
        return value

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, value: Any, info: ValidationInfo) -> Any:
        if value not in ("human", "ai"):
            _repaired(info, "a remembered seat was neither human nor computer")
            return "human"
        return value

    @field_validator("level", mode="before")
    @classmethod
    def _level(cls, value: Any, info: ValidationInfo) -> Any:
        if value not in LEVELS:
            _repaired(info, "a remembered computer level is unknown")
            return "medium"
        return value


class GamePreference(_Model):
    """The last setup chosen for one game, offered again next time."""

    players: int = Field(ge=1, le=8)
    seats: list[SeatPreference] = Field(default_factory=list, max_length=8)
    options: OptionValues = Field(default_factory=dict)

    def fitted(self, min_players: int, max_players: int, levels: tuple[str, ...], options: Any) -> GamePreference:
        """A copy that the setup screen of a game can use as it is: a player count in range, levels
        the game offers, and only the options (``OptionSpec``\\ s) it knows, with allowed values."""
        known = {spec.key: [value for value, _ in spec.choices] for spec in options}
        allowed_levels = {"random", *levels}
        return GamePreference(
            players=self.players if min_players <= self.players <= max_players else min_players,
            seats=[
                seat.model_copy(update={"level": seat.level if seat.level in allowed_levels else "medium"})
                for seat in self.seats
            ],
            options={key: value for key, value in self.options.items() if value in known.get(key, [])},
        )


def _default_names() -> list[str]:
    return list(DEFAULT_NAMES)


class Settings(_Model):
    volume: float = Field(0.7, ge=0.0, le=1.0)
    muted: bool = False
    fullscreen: bool = False
    # The window's size as the player left it; None until they choose one (drag, settings): the
    # app then takes a share of the desktop (bauhausbox/ui/window_fit.py, first_size).
    window_width: int | None = Field(None, ge=640, le=10000)
    window_height: int | None = Field(None, ge=480, le=10000)
    # Where the window was last (SDL's screen coordinates); None: centred. The app checks it still
    # fits the desktop before using it (bauhausbox/ui/window_fit.py).
    window_x: int | None = Field(None, ge=-100000, le=100000)
    window_y: int | None = Field(None, ge=-100000, le=100000)
    colour_blind: bool = False
    animation_speed: AnimationSpeed = "normal"
    computer_delay: float = Field(0.6, ge=0.0, le=3.0)  # minimum seconds a computer move stays "thinking"
    log_open: bool = True  # the game log beside the board (Tab or the "Log" button hides it)
    move_numbers: bool = False  # Blokus: each piece shows the number of the move that placed it (M)
    # Whether play pauses to ask a human who could answer the moment out of turn (a Bauhaus power).
    # By default only while a computer is to play: its move comes within
    # moments, before a lit button could be pressed. Between humans at this computer the mover
    # waits anyway, so the lit Bauhaus! button and the cue beside the board are enough; asking
    # there would stop play nearly every turn. Games without humans never pause.
    ask_reactions: AskReactions = "computers"
    language: Language = "system"
    player_names: list[str] = Field(default_factory=_default_names)
    last_setups: dict[str, GamePreference] = Field(default_factory=dict)
    # Play across computers: the port a hosted table listens on (0: one the system picks) and the
    # address last typed to join one.
    host_port: int = Field(0, ge=0, le=65535)
    host_watchers: bool = False  # "Allow watchers" as the last table hosted had it
    join_address: str = Field("", max_length=200)
    join_name: str = Field("", max_length=MAX_NAME_LENGTH)  # the name last given when joining a table
    # The player's own name across computers, remembered once given (hosting or joining): "" until then.
    own_name: str = Field("", max_length=MAX_NAME_LENGTH)

    @field_validator("player_names", mode="before")
    @classmethod
    def _names(cls, value: Any, info: ValidationInfo) -> Any:
        if not isinstance(value, list):
            return value  # the type check refuses it
        good = [name for name in value if isinstance(name, str) and not name_problem(name)][:8]
        if len(good) != len(value):
            _repaired(info, "a remembered player name could not be used")
        return good or _default_names()

    @field_validator("join_name", "own_name", mode="before")
    @classmethod
    def _join_name(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, str) and value and name_problem(value):
            _repaired(info, "a remembered name for tables across computers could not be used")
            return ""
        return value

    @field_validator("last_setups", mode="before")
    @classmethod
    def _setups(cls, value: Any, info: ValidationInfo) -> Any:
        if not isinstance(value, dict):
            return value
        kept: dict[str, GamePreference] = {}
        for key, setup in value.items():
            try:
                if key in REGISTRY:
                    kept[key] = GamePreference.model_validate(setup, context=info.context)
            except ValidationError:
                pass
        if len(kept) != len(value):
            _repaired(info, "a remembered game setup could not be used")
        return kept

    @property
    def animation_factor(self) -> float:
        return ANIMATION_FACTORS[self.animation_speed]


# -- saved games ---------------------------------------------------------------------------------------
class SavedSeat(_Model):
    name: PlayerName
    kind: Literal["human", "ai"] = "human"
    level: Level = "medium"


HOSTED_VERSION = 1
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"  # a seat's token (``secrets.token_urlsafe``: URL-safe text)
MAX_GUEST_SEATS = 10  # the seats kept at tables hosted elsewhere: the newest ones


class HostedSave(_Model):
    """A game this computer hosts for players at other computers (``SavedGame.hosted``): where its
    table lives (the code on the app's own server, the port the guests reconnect to) and the tokens
    of this computer's seats, the only way back into them. Kept in this computer's own save file,
    under the same data folder as the server's store of those tokens (same trust)."""

    version: Literal[1] = 1  # HOSTED_VERSION: a later version is refused (and the file set aside)
    code: str = Field(pattern=r"^[A-Z2-9]{6}$")
    port: int = Field(ge=1, le=65535)
    # This computer's seats and their tokens (``secrets.token_urlsafe``: URL-safe text).
    tokens: dict[Annotated[int, Field(ge=0, lt=8)], Annotated[str, Field(pattern=TOKEN_PATTERN)]] = Field(
        min_length=1, max_length=8
    )


class GuestSeat(_Model):
    """A seat this computer took at a table hosted on another computer (``guest-seats.json``): where
    the table is (the server's address and the table's code), the seat and its token (the only way
    back into it), the name it took and the game, to offer it again on the Join screen."""

    url: str = Field(max_length=200, pattern=r"^wss?://\S+$")
    code: str = Field(pattern=r"^[A-Z2-9]{6}$")
    seat: int = Field(ge=0, lt=8)
    token: str = Field(pattern=TOKEN_PATTERN)
    name: PlayerName
    game_id: GameId
    joined: Timestamp = Field(default_factory=now)
    # The table's first other player, whose table it is said to be ("Return to Bits at Anni's table");
    # empty in a record from before it was kept.
    host: str = Field("", max_length=MAX_NAME_LENGTH)


class GuestSeats(_Model):
    """Every seat kept at tables hosted elsewhere, the newest first (one owner: ``persistence/guest.py``)."""

    version: Literal[1] = 1  # a later version is refused (and the file set aside)
    seats: list[GuestSeat] = Field(default_factory=list, max_length=MAX_GUEST_SEATS)


class SavedGame(_Model):
    """A game as setup + seed + move texts; loading replays and validates every move.

    The model checks what needs no rules (seats match players, names, levels, the seed); the game's own
    player range, levels and options are checked by ``saves.replay`` through the rules."""

    schema_version: int = SAVE_SCHEMA_VERSION
    app_version: str = Field("", max_length=100)
    game_id: GameId
    players: int = Field(ge=1, le=8)
    seed: int = Field(gt=-SEED_LIMIT, lt=SEED_LIMIT)
    options: OptionValues = Field(default_factory=dict)
    seats: list[SavedSeat]
    moves: list[str] = Field(default_factory=list)
    # Moves undone but still redoable when the game was saved (kept so nothing is lost).
    redo: list[str] = Field(default_factory=list)
    created: Timestamp = Field(default_factory=now)
    updated: Timestamp = Field(default_factory=now)
    finished: bool = False
    # Time spent playing and hints asked for (the puzzles' clock and records; other games may show them).
    seconds_played: float = Field(default=0.0, ge=0, le=10**7, allow_inf_nan=False)
    hints_taken: int = Field(default=0, ge=0, le=10**6)
    # The final points per seat, written once the game is over, so the Load list can show the result
    # without replaying every finished game (older saves have none).
    scores: list[Annotated[int, Field(ge=-MAX_SCORE, le=MAX_SCORE)]] | None = None
    # The turns played up to the cursor, counted as players count them (``history.turns_between``): the
    # move texts alone do not say whose each decision was (older saves have none).
    turns: int | None = Field(default=None, ge=0)
    # The turn being played at the cursor as the status bar and the pause menu say it
    # (``History.turn``: the turns played plus one, unless a seat is still carrying out its turn);
    # once the game is over, the turns played (older saves have none).
    turn: int | None = Field(default=None, ge=0)
    # The computer played this game to its end (a puzzle the player asked it to solve): no result is
    # recorded for anyone, and the Load list says so instead of showing points.
    computer_finished: bool = False
    # Bits solo: the player undid past a tile card already seen, so the game counts for no best (the
    # solo bests, the best score of the statistics). Older saves have none: False.
    looked_ahead: bool = False
    # A game hosted here for players at other computers: Continue and Load reopen its table on the
    # app's server (older saves, and games at one computer, have none).
    hosted: HostedSave | None = None

    @field_validator("schema_version")
    @classmethod
    def _known_schema(cls, value: int) -> int:
        if value != SAVE_SCHEMA_VERSION:
            raise ValueError(
                f"saved by a different version of bauhausbox (schema {value}, expected {SAVE_SCHEMA_VERSION})"
            )
        return value

    @model_validator(mode="after")
    def _seats_match_players(self) -> SavedGame:
        if len(self.seats) != self.players:
            raise ValueError(f"the game is for {self.players} players but lists {len(self.seats)} seats")
        if self.hosted is not None and any(seat >= self.players for seat in self.hosted.tokens):
            raise ValueError("the hosted table names a seat the game does not have")
        return self

    def setup(self) -> Setup:
        return Setup(
            game_id=self.game_id,
            players=self.players,
            seed=self.seed,
            seats=tuple(SeatSpec(s.name, s.kind, s.level) for s in self.seats),
            options=dict(self.options),
        )

    @classmethod
    def from_setup(cls, setup: Setup, app_version: str = "") -> SavedGame:
        return cls(
            app_version=app_version,
            game_id=setup.game_id,
            players=setup.players,
            seed=setup.seed,
            options=dict(setup.options),
            seats=[SavedSeat(name=s.name, kind="human" if s.is_human else "ai", level=s.level) for s in setup.seats],
        )


# -- statistics ----------------------------------------------------------------------------------------
class ResultRecord(_Model):
    """One finished game in the statistics: one name, kind and score per seat; winners are seats."""

    date: Timestamp = Field(default_factory=now)
    players: list[PlayerName] = Field(min_length=1, max_length=8)
    kinds: list[str]  # "human" or "ai:LEVEL" per seat
    scores: list[Annotated[int, Field(ge=-MAX_SCORE, le=MAX_SCORE)]]
    winners: list[int]
    options: OptionValues = Field(default_factory=dict)
    seed: int = Field(0, gt=-SEED_LIMIT, lt=SEED_LIMIT)
    # Played after looking ahead (Bits solo, undone past a seen tile card): no best score from it.
    looked_ahead: bool = False
    # Hints taken: a solo game played with hints sets no best either, and its line says so.
    hints: int = Field(0, ge=0, le=10**6)

    @model_validator(mode="after")
    def _one_entry_per_seat(self) -> ResultRecord:
        seats = len(self.players)
        if len(self.kinds) != seats or len(self.scores) != seats:
            raise ValueError("a result does not list one kind and one score per player")
        if any(not 0 <= winner < seats for winner in self.winners):
            raise ValueError("a result names a winner who did not play")
        return self


class GameStatistics(_Model):
    started: int = Field(0, ge=0, le=MAX_COUNT)
    finished: int = Field(0, ge=0, le=MAX_COUNT)
    results: list[ResultRecord] = Field(default_factory=list)  # newest last, capped

    def best_score(self) -> int | None:
        return max((max(r.scores) for r in self.results), default=None)


class Statistics(_Model):
    schema_version: int = STATS_SCHEMA_VERSION
    games: dict[str, GameStatistics] = Field(default_factory=dict)

    MAX_RESULTS: ClassVar[int] = 200

    def started(self, game_id: str) -> None:
        stats = self.games.setdefault(game_id, GameStatistics())
        stats.started = min(MAX_COUNT, stats.started + 1)

    def record(self, game_id: str, result: ResultRecord) -> None:
        stats = self.games.setdefault(game_id, GameStatistics())
        stats.finished = min(MAX_COUNT, stats.finished + 1)
        stats.results.append(result)
        del stats.results[: -self.MAX_RESULTS]
