"""The server's memory: every hosted table's setup, seat tokens and moves in one SQLite file.

A move is acknowledged to the players only once it is committed (:meth:`Store.write_together`, the
server's group commit: the moves of many tables share one sync to disk), so a
server killed at any moment restarts (:meth:`Store.tables`) with every table at its last
acknowledged move: the setup and the move texts are replayed through the rules. The file uses
write-ahead logging with full sync, so a commit survives the process and the machine stopping.

Seat tokens are kept only as SHA-256 digests: someone who reads the file cannot sit in a seat.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from bauhausbox.engine.history import SeatSpec, Setup

FILE_NAME = "tables.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,     -- JSON: [[kind, name], ...] with kind "human" or "ai:LEVEL"
    options TEXT NOT NULL,   -- JSON object
    cursor INTEGER NOT NULL, -- how many of the steps are played (the rest can be redone)
    start TEXT,              -- the starting position (to_text), when it is not the seed's
    created REAL NOT NULL,
    opened INTEGER NOT NULL DEFAULT 0, -- how many times a server reopened it (its views' numbers start above)
    closed REAL,             -- when the finished game's table closed (kept as a record; never reopened)
    watchers INTEGER NOT NULL DEFAULT 0, -- 1: the host lets people watch from no seat
    rematch TEXT,            -- the finished game's new game: that table's code (once asked for)
    rematch_by INTEGER,      -- the seat that asked for it
    public TEXT              -- the table's public name on the local network (random; never the code)
);
CREATE TABLE IF NOT EXISTS tokens (
    code TEXT NOT NULL REFERENCES tables(code),
    seat INTEGER NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS steps (
    code TEXT NOT NULL REFERENCES tables(code),
    idx INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (code, idx)
);
"""


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


Write = Callable[[sqlite3.Connection], None]


def write_move(code: str, index: int, text: str) -> Write:
    """Step ``index`` of table ``code`` is ``text`` and the game stands after it (the redo tail beyond goes)."""

    def write(db: sqlite3.Connection) -> None:
        db.execute("DELETE FROM steps WHERE code = ? AND idx >= ?", (code, index))
        db.execute("INSERT INTO steps (code, idx, text) VALUES (?, ?, ?)", (code, index, text))
        db.execute("UPDATE tables SET cursor = ? WHERE code = ?", (index + 1, code))

    return write


def write_cursor(code: str, cursor: int) -> Write:
    """Undo or redo at table ``code``: the same steps, another position."""

    def write(db: sqlite3.Connection) -> None:
        db.execute("UPDATE tables SET cursor = ? WHERE code = ?", (cursor, code))

    return write


def _seats_text(setup: Setup) -> str:
    return json.dumps([[spec.to_text(), spec.name] for spec in setup.seats])


@dataclass
class StoredTable:
    """A table as the file keeps it: enough to play it again up to its last acknowledged move."""

    code: str
    setup: Setup
    texts: list[str] = field(default_factory=list)  # every step, the redo tail included
    cursor: int = 0
    start: str | None = None  # the starting position's text, when the table did not start from its seed
    digests: dict[int, str] = field(default_factory=dict)  # seat -> SHA-256 of its token
    watchers: bool = False  # whether the host lets people watch
    rematch: tuple[str, int] | None = None  # the new game asked for at the end: its code, who asked
    # Its name on the local network (discovery's record): random, kept across restarts, so a host
    # that comes back is heard as the same table, never as a second one; it tells nothing of the code.
    public: str = ""


class Store:
    """One SQLite file in ``folder``; every write is one transaction."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / FILE_NAME
        self.db = self._connect()
        self.db.executescript(_SCHEMA)
        self._writer: sqlite3.Connection | None = None  # the group commits' own connection
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        for column, kind in (
            ("opened", "INTEGER NOT NULL DEFAULT 0"),
            ("closed", "REAL"),
            ("watchers", "INTEGER NOT NULL DEFAULT 0"),
            ("rematch", "TEXT"),
            ("rematch_by", "INTEGER"),
            ("public", "TEXT"),
        ):
            if column not in columns:  # a file written before the column existed
                self.db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
        # Tables of an older file get their public name once, kept from then on.
        self.db.execute("UPDATE tables SET public = lower(hex(randomblob(4))) WHERE public IS NULL")

    def _connect(self) -> sqlite3.Connection:
        # Autocommit mode: each write opens its own transaction explicitly. Another connection's
        # write in progress (the group commit) is waited for, not an error.
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30.0)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def create(self, code: str, setup: Setup, start: str | None = None, watchers: bool = False) -> str:
        """A new table; returns its public name (``StoredTable.public``)."""
        seats = _seats_text(setup)
        options = json.dumps(dict(setup.options))
        public = secrets.token_hex(4)
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables"
                " (code, game, players, seed, seats, options, cursor, start, created, watchers, public)"
                " VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                (
                    code,
                    setup.game_id,
                    setup.players,
                    setup.seed,
                    seats,
                    options,
                    start,
                    time.time(),
                    int(watchers),
                    public,
                ),
            )
        return public

    def set_names(self, code: str, setup: Setup) -> None:
        """A player who sat down chose their name: the seats as they are now."""
        seats = _seats_text(setup)
        with self._transaction() as db:
            db.execute("UPDATE tables SET seats = ? WHERE code = ?", (seats, code))

    def record_move(self, code: str, index: int, text: str) -> None:
        """Step ``index`` is ``text`` and the game stands after it; a redo tail beyond it goes."""
        with self._transaction() as db:
            write_move(code, index, text)(db)

    def set_cursor(self, code: str, cursor: int) -> None:
        """Undo or redo: the same steps, another position."""
        with self._transaction() as db:
            write_cursor(code, cursor)(db)

    def write_together(self, writes: Sequence[Write]) -> list[BaseException | None]:
        """Group commit: every write in one transaction, one sync to disk for all of them (from a
        thread of its own, on a connection of its own: the server's loop goes on meanwhile). Each
        write's error, or None; if the commit itself fails, every write has that error."""
        if self._writer is None:
            self._writer = self._connect()
        db = self._writer
        errors: list[BaseException | None] = []
        db.execute("BEGIN IMMEDIATE")
        try:
            for write in writes:
                db.execute("SAVEPOINT one")
                try:
                    write(db)
                    db.execute("RELEASE one")
                    errors.append(None)
                except sqlite3.Error as error:  # this write only: the others stand
                    db.execute("ROLLBACK TO one")
                    db.execute("RELEASE one")
                    errors.append(error)
            db.execute("COMMIT")
        except BaseException as error:
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            return [error] * len(writes)
        return errors

    def reopened(self, code: str) -> int:
        """A server opens the table again: how many times that has happened now. The views it sends
        are numbered above every view of the earlier openings, so players never take a new view for
        one they already have."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET opened = opened + 1 WHERE code = ?", (code,))
            (opened,) = db.execute("SELECT opened FROM tables WHERE code = ?", (code,)).fetchone()
        return int(opened)

    def set_token(self, code: str, seat: int, digest: str) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO tokens (code, seat, digest) VALUES (?, ?, ?)",
                (code, seat, digest),
            )

    def set_rematch(self, code: str, again: str, asked_by: int) -> None:
        """The finished table ``code`` leads to table ``again`` (its new game, asked for by a seat):
        kept, so that a player who reconnects after a restart still finds it."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET rematch = ?, rematch_by = ? WHERE code = ?", (again, asked_by, code))

    def close_table(self, code: str) -> None:
        """The finished game's table closes: its moves stay as the game's record."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET closed = ? WHERE code = ?", (time.time(), code))

    def is_closed(self, code: str) -> bool:
        row = self.db.execute("SELECT closed FROM tables WHERE code = ?", (code,)).fetchone()
        return row is not None and row[0] is not None

    def tables(self, code: str | None = None) -> list[StoredTable]:
        """Every open table, oldest first, with its steps and tokens (only table ``code`` when
        given, closed or not)."""
        found: dict[str, StoredTable] = {}
        where, arguments = ("WHERE code = ?", (code,)) if code is not None else ("WHERE closed IS NULL", ())
        rows = self.db.execute(
            "SELECT code, game, players, seed, seats, options, cursor, start, watchers, rematch, rematch_by, public"
            f" FROM tables {where} ORDER BY created, code",
            arguments,
        ).fetchall()
        for key, game, players, seed, seats, options, cursor, start, watchers, again, asker, public in rows:
            specs = tuple(SeatSpec.from_text(kind, name) for kind, name in json.loads(seats))
            setup = Setup(game, players, seed, specs, json.loads(options))
            rematch = (str(again), int(asker)) if again is not None and asker is not None else None
            found[key] = StoredTable(
                key, setup, cursor=cursor, start=start, watchers=bool(watchers), rematch=rematch, public=public or ""
            )
        only = "WHERE code = ?" if code is not None else ""
        steps = self.db.execute(f"SELECT code, idx, text FROM steps {only} ORDER BY code, idx", arguments)
        for key, _index, text in steps:
            if key in found:
                found[key].texts.append(text)
        for key, seat, digest in self.db.execute(f"SELECT code, seat, digest FROM tokens {only}", arguments):
            if key in found:
                found[key].digests[seat] = digest
        return list(found.values())

    def close(self) -> None:
        self.db.close()
        if self._writer is not None:
            self._writer.close()
