"""The one file boundary of bauhausbox: every file the app writes or reads goes through here.

Writing: :func:`write_model` writes a temporary file in the same folder, flushes and fsyncs it,
renames it over the target and fsyncs the folder, so a crash or a kill leaves either the old file or
the new one, never half of one. Temporary files a kill left behind are removed at start
(:func:`remove_leftover_temp_files`).

Reading: :func:`read_model` treats every file as hostile. Whatever is found under the name (a
truncated file, not text, not JSON, JSON nested thousands deep, a 5,000-digit number, a folder, a
FIFO, a broken link or a loop of links, a file too large or not readable, content the model refuses)
it raises :class:`BrokenFileError` with a reason in words for players, and nothing else.

An unreadable file is never lost: :func:`set_aside` renames it to ``<name>.broken`` and queues a
notice that the app shows to the player (:func:`take_notices`), so loaders deep inside a game (puzzle
records, Bits bests) need no screen of their own to tell the player.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
import shutil
import stat
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from bauhausbox import i18n
from bauhausbox.engine.api import Words

log = logging.getLogger(__name__)

ModelT = TypeVar("ModelT", bound=BaseModel)

# No file of bauhausbox comes near this (a long Blokus save is ~20 kB); anything larger is not ours.
MAX_FILE_BYTES = 4 * 1024 * 1024

# ``.<name>.json.<random>.tmp`` from write_model, and ``<name>.json<random>.tmp`` from older versions.
_TEMP_NAME = re.compile(r"^(\..+\.json\..+|.+\.json.+)\.tmp$")


class BrokenFileError(Exception):
    """A file exists but cannot be used; ``str(error)`` says why, in words for players. ``reason``
    is :class:`~bauhausbox.engine.api.Words` when this module made it, so screens can translate it."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path.name}: {reason}")
        self.path = path
        self.reason = reason


# -- writing ---------------------------------------------------------------------------------------
def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash at any moment leaves the old or the new file."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); folders cannot be opened or fsynced everywhere."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_model(path: Path, model: BaseModel) -> None:
    atomic_write_text(path, model.model_dump_json(indent=2) + "\n")


def remove_leftover_temp_files(folder: Path) -> int:
    """Delete the temporary files a kill during a save left in ``folder``; returns how many."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not _TEMP_NAME.match(entry.name):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed += 1
    return removed


# -- reading ---------------------------------------------------------------------------------------
def read_bytes(path: Path) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_FILE_BYTES`; else :class:`BrokenFileError`."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer. The type is checked on the open
    # descriptor (fstat), so nothing can swap the file between the check and the read.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise BrokenFileError(path, _os_reason(error)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise BrokenFileError(path, Words("it is a folder, not a file"))
        if not stat.S_ISREG(info.st_mode):
            raise BrokenFileError(path, Words("it is not an ordinary file"))
        if info.st_size > MAX_FILE_BYTES:
            raise BrokenFileError(path, Words("the file is too large ({size} kB)", size=info.st_size // 1024))
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_FILE_BYTES:  # it grew while we read
            raise BrokenFileError(path, Words("the file is too large"))
        return b"".join(chunks)
    except OSError as error:
        raise BrokenFileError(path, _os_reason(error)) from None
    finally:
        os.close(fd)


def _os_reason(error: OSError) -> Words:
    reasons = {
        errno.ENOENT: Words("the file is missing (or a link to nowhere)"),
        errno.ELOOP: Words("it is a loop of links"),
        errno.EACCES: Words("permission to read it was denied"),
        errno.EPERM: Words("permission to read it was denied"),
        errno.EISDIR: Words("it is a folder, not a file"),
        errno.ENAMETOOLONG: Words("the name is too long"),
    }
    return reasons.get(error.errno or 0, Words("it could not be read ({error})", error=error.strerror or str(error)))


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a file of bauhausbox holds")


def parse_json(path: Path, raw: bytes) -> Any:
    """Decoded JSON of ``raw``; every way it can fail becomes :class:`BrokenFileError`."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BrokenFileError(path, Words("the file is not text")) from None
    if not text.strip():
        raise BrokenFileError(path, Words("the file is empty"))
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise BrokenFileError(
            path, Words("the file is not valid JSON (cut short?) at line {line}", line=error.lineno)
        ) from None
    except RecursionError:
        raise BrokenFileError(path, "the file is nested too deeply") from None
    except ValueError as error:  # e.g. an integer longer than Python converts (sys.get_int_max_str_digits)
        raise BrokenFileError(
            path, Words("the file holds a value that cannot be read ({error})", error=_short(error))
        ) from None


def read_model(path: Path, model_type: type[ModelT], repairs: list[str] | None = None) -> ModelT:
    """Read and validate; raises :class:`BrokenFileError` (and only that) with a readable reason.

    Models may repair small things instead of refusing the whole file (a bad remembered name in the
    settings); they say so in ``repairs`` (passed to validators as the validation context).
    """
    data = parse_json(path, read_bytes(path))
    context: dict[str, Any] = {"repairs": repairs if repairs is not None else []}
    try:
        return model_type.model_validate(data, context=context)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or Words("the top level")
        raise BrokenFileError(
            path, Words("unexpected content at {where}: {error}", where=where, error=_short(first["msg"]))
        ) from None
    except RecursionError:
        raise BrokenFileError(path, "the file is nested too deeply") from None
    except (ValueError, TypeError, ArithmeticError) as error:  # a validator that met something odd
        raise BrokenFileError(path, Words("unexpected content: {error}", error=_short(error))) from None


def _short(error: object, limit: int = 120) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- setting aside ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class SetAside:
    """A file that could not be used, where it was kept, and why (one line for the player)."""

    path: Path
    kept_as: Path | None
    reason: str
    partly: bool = False  # the file was read with repairs; the original is kept as a copy

    @property
    def message(self) -> Words:
        """The notice in English, translatable (each sentence whole, so word order may change)."""
        values = {"file": self.path.name, "reason": self.reason}
        if self.kept_as is not None:
            values["kept"] = self.kept_as.name
            if self.partly:
                return Words("{file} was read in part ({reason}). It was kept as {kept}.", **values)
            return Words("{file} could not be read ({reason}). It was kept as {kept}.", **values)
        if self.partly:
            return Words("{file} was read in part ({reason}).", **values)
        return Words("{file} could not be read ({reason}).", **values)


_pending: list[SetAside] = []
_pending_lock = threading.Lock()


def _free_name(path: Path) -> Path:
    target = path.with_name(path.name + ".broken")
    number = 2
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.broken{number}")
        number += 1
    return target


def move_aside(path: Path) -> Path:
    """Rename whatever is at ``path`` (file, folder, FIFO, link) to ``<name>.broken`` (``.broken2``…
    if taken); returns the new path. Renaming never copies, so nothing is lost."""
    target = _free_name(path)
    os.rename(path, target)
    return target


def set_aside(error: BrokenFileError, notify: bool = True) -> SetAside | None:
    """Move the file of ``error`` aside and (``notify``) queue a notice for the player.

    Returns ``None`` when the file vanished meanwhile. When it cannot be moved (a read-only folder),
    the notice says it stayed where it was."""
    path = error.path
    if not os.path.lexists(path):
        return None
    try:
        kept: Path | None = move_aside(path)
        reason = error.reason
    except OSError as move_error:
        log.warning("could not move %s aside: %s", path, move_error)
        kept = None
        reason = Words("{reason}; it could not be moved aside and was left as it is", reason=error.reason)
    notice = SetAside(path, kept, reason)
    if notify:
        _notify(notice)
    return notice


def keep_copy(path: Path, reason: str) -> SetAside:
    """A file read with repairs: copy the original to ``<name>.broken`` and queue a notice."""
    try:
        kept: Path | None = _free_name(path)
        assert kept is not None
        shutil.copyfile(path, kept)
    except OSError:
        kept = None
    notice = SetAside(path, kept, reason, partly=True)
    _notify(notice)
    return notice


def _notify(notice: SetAside) -> None:
    log.warning("%s", notice.message)
    with _pending_lock:
        _pending.append(notice)


def take_notices() -> list[SetAside]:
    """Notices queued since the last call (the app shows them as one message)."""
    with _pending_lock:
        taken = list(_pending)
        _pending.clear()
    return taken


def notices_message(notices: list[SetAside], limit: int = 3) -> str:
    """One message for the player naming every file in ``notices`` (the first few in full), in the
    players' language at the moment it is made (it is shown at once)."""
    lines = [i18n.translate(notice.message) for notice in notices[:limit]]
    more = len(notices) - limit
    if more > 0:
        lines.append(
            i18n.counted(
                "And {n} more file; it was kept as <name>.broken.",
                "And {n} more files; each was kept as <name>.broken.",
                more,
            )
        )
    return " ".join([*lines, i18n._("Everything else is fine.")])


# -- the one owner of a file: read (setting a broken file aside), change, write ------------------------
def load_or_default(path: Path, model_type: type[ModelT], default: Callable[[], ModelT]) -> ModelT:
    """The model in ``path``; no file gives ``default()``; a broken file is set aside (the player is
    told) and gives ``default()``; a file read with repairs keeps a copy of the original."""
    if not os.path.lexists(path):
        return default()
    repairs: list[str] = []
    try:
        model = read_model(path, model_type, repairs)
    except BrokenFileError as error:
        set_aside(error)
        return default()
    if repairs:
        keep_copy(path, "; ".join(repairs))
    return model


def update_model(
    path: Path, model_type: type[ModelT], default: Callable[[], ModelT], change: Callable[[ModelT], None]
) -> ModelT:
    """Read ``path`` fresh, apply ``change`` and write it back atomically, as one step (so no stale
    copy held elsewhere is ever written over a newer file). Returns what was written."""
    model = load_or_default(path, model_type, default)
    change(model)
    write_model(path, model)
    return model
