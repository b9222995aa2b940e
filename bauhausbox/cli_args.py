"""Argument checking shared by every ``bauhausbox`` command (the main CLI and ``bauhausbox puzzle``).

Bad input is refused where it is parsed, before anything is built, with one line on stderr and exit
status 2: :class:`OneLineParser` prints argparse's errors as one line, and the typed converters below
(whole numbers in a range, finite positive seconds, level lists, output files) are what every
subcommand uses instead of bare ``int``/``float``. Checks that need the chosen game (its player
range, its levels) raise :class:`UsageError` after parsing; ``cli.main`` prints it the same way.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

# Seeds are stored in saves and shown to players: keep them to what every JSON reader handles exactly.
MAX_SEED = 2**53 - 1
_MAX_LINE = 300  # an error line never grows with the input (a 10 MB argument stays one short line)


class UsageError(Exception):
    """Bad command-line input found after parsing (for example a player count the game does not allow)."""


def one_line(text: str, limit: int = _MAX_LINE) -> str:
    """``text`` with every run of whitespace (newlines included) made one space, cut to ``limit`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def shown(text: str) -> str:
    """A user's argument quoted for an error message, shortened when long."""
    return repr(text) if len(text) <= 40 else repr(text[:37]) + "…"


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line (argparse prints the usage block first)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {one_line(message)} (see {self.prog} --help)\n")


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """A converter accepting whole numbers from ``low`` to ``high`` (no upper limit when ``None``)."""
    wanted = f"a whole number from {low} to {high}" if high is not None else f"a whole number of at least {low}"

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # also a number of more than 4,300 digits
            raise argparse.ArgumentTypeError(f"must be {wanted}, not {shown(text)}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be {wanted}, not {shown(text)}")
        return value

    return convert


def positive_int(high: int | None = None) -> Callable[[str], int]:
    """A converter for counts: whole numbers from 1 (to ``high``)."""
    return whole_number(1, high)


seed_number = whole_number(0, MAX_SEED)


def finite_positive_float(high: float) -> Callable[[str], float]:
    """A converter for durations in seconds: finite, above 0 and at most ``high`` (``nan``/``inf`` refused)."""
    wanted = f"a number of seconds above 0 and at most {high:g}"

    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {wanted}, not {shown(text)}") from None
        if not math.isfinite(value) or not 0 < value <= high:
            raise argparse.ArgumentTypeError(f"must be {wanted}, not {shown(text)}")
        return value

    return convert


def level_list(text: str) -> tuple[str, ...]:
    """``easy,hard,...``: computer levels from the engine's list, none empty (the chosen game checks later)."""
    from bauhausbox.engine.history import LEVELS

    levels = tuple(part.strip().lower() for part in text.split(","))
    for level in levels:
        if not level:
            raise argparse.ArgumentTypeError(f"needs a level between every comma, not {shown(text)}")
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(f"unknown level {shown(level)}; choose from {', '.join(LEVELS)}")
    return levels


def output_file(text: str) -> Path:
    """A file the command may create or replace: not a folder, in an existing folder it can write to."""
    if not text.strip() or "\0" in text:
        raise argparse.ArgumentTypeError(f"needs a file name, not {shown(text)}")
    path = Path(text)
    folder = path.parent
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{shown(text)} is a folder, not a file")
    if path.exists() and not path.is_file():  # a FIFO or device would block or be clobbered
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a regular file")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"folder {shown(str(folder))} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"cannot write {shown(text)} (permission denied)")
    return path
