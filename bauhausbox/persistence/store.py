"""Atomic JSON files of pydantic models, and what to do with a file that cannot be read.

Writes go to a temporary file in the same directory, are flushed to disk, then renamed over the
target, so a crash mid-write leaves the old file intact. A file that cannot be read (truncated, not
JSON, wrong schema) is moved aside to ``<name>.broken`` so nothing is lost and the app carries on.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

ModelT = TypeVar("ModelT", bound=BaseModel)


class BrokenFileError(Exception):
    """A file exists but cannot be used; ``str(error)`` says why, in words for players."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path.name}: {reason}")
        self.path = path
        self.reason = reason


def atomic_write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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


def write_model(path: Path, model: BaseModel) -> None:
    atomic_write_text(path, model.model_dump_json(indent=2) + "\n")


def read_model(path: Path, model_type: type[ModelT]) -> ModelT:
    """Read and validate; raises :class:`BrokenFileError` with a readable reason."""
    try:
        raw = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BrokenFileError(path, "the file is not text") from None
    if not raw.strip():
        raise BrokenFileError(path, "the file is empty")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise BrokenFileError(path, f"the file is not valid JSON (cut short?) at line {error.lineno}") from None
    try:
        return model_type.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the top level"
        raise BrokenFileError(path, f"unexpected content at {where}: {first['msg']}") from None


def move_aside(path: Path) -> Path:
    """Rename a broken file to ``<name>.broken`` (``.broken2``… if taken); returns the new path."""
    target = path.with_name(path.name + ".broken")
    number = 2
    while target.exists():
        target = path.with_name(f"{path.name}.broken{number}")
        number += 1
    os.replace(path, target)
    return target
