"""Blokus games as Pentobi files (``.blksgf``) on disk: export, the folder the Load screen lists,
and opening one as a game to replay or to continue.

The text of a file is ``blokus/sgf.py``'s (pure); this module reads and writes it at the boundary:
a file is read through ``persistence.store.read_bytes`` (no folder, FIFO or huge file), its main
line checked move by move, and a bad one refused whole as a :class:`BrokenFileError` whose reason
is ``sgf.py``'s one sentence naming the move. Exports go to the game files folder of the data
directory (``paths.game_files_dir``) unless a path is given, written atomically.

A file opened to continue becomes an ordinary saved game (a new save in the saves folder): the
``.blksgf`` itself is never written over.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from bauhausbox import __version__
from bauhausbox.engine.history import Setup
from bauhausbox.games.blokus import sgf
from bauhausbox.persistence import paths
from bauhausbox.persistence.models import SavedGame, SavedSeat, name_problem, now
from bauhausbox.persistence.saves import LoadedGame, SaveSummary, new_save_path, replay
from bauhausbox.persistence.store import BrokenFileError, atomic_write_text, read_bytes

log = logging.getLogger(__name__)

SUFFIX = ".blksgf"


def folder() -> Path:
    """Where exported games go and where the Load screen looks for Pentobi files."""
    return paths.game_files_dir()


def sgf_text(setup: Setup, moves: Sequence[str], date: datetime | None = None) -> str:
    """The ``.blksgf`` text of a Blokus game (finished or not) from its setup and move texts."""
    return sgf.write(
        setup.players,
        dict(setup.options),
        [seat.name for seat in setup.seats],
        list(moves),
        date=(date or now()).date().isoformat(),
        application=f"bauhausbox:{__version__}",
    )


def export(setup: Setup, moves: Sequence[str], date: datetime | None = None, path: Path | None = None) -> Path:
    """Write the game as a ``.blksgf`` (in :func:`folder`, named by the time, unless ``path``);
    returns where. ``OSError`` when it cannot be written."""
    if path is None:
        path = folder() / f"blokus-{now().strftime('%Y%m%d-%H%M%S-%f')}{SUFFIX}"
    atomic_write_text(path, sgf_text(setup, moves, date))
    return path


def load(path: Path) -> LoadedGame:
    """The game in a ``.blksgf``, every move checked, every seat a human named as in the file
    (a missing or unusable name becomes "Player n"); :class:`BrokenFileError` otherwise."""
    data = read_bytes(path)
    try:
        game = sgf.read(data)
    except sgf.SgfError as error:
        raise BrokenFileError(path, error.args[0]) from None
    names = [name if name and not name_problem(name) else f"Player {n}" for n, name in enumerate(game.names, 1)]
    saved = SavedGame(
        game_id="blokus",
        players=game.players,
        seed=0,
        options=game.options,
        seats=[SavedSeat(name=name) for name in names],
        moves=list(game.moves),
    )
    loaded = replay(saved, path)
    saved.finished = loaded.history.game.is_over(loaded.history.state)
    with contextlib.suppress(OSError, ValueError, OverflowError):  # the file's date is only shown
        saved.created = saved.updated = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    return loaded


def to_continue(loaded: LoadedGame) -> LoadedGame:
    """A game read from a file, as a new save to play on (the file stays as it is)."""
    return LoadedGame(new_save_path("blokus"), loaded.saved, loaded.history, loaded.setup)


def list_files() -> tuple[list[SaveSummary], list[BrokenFileError]]:
    """The ``.blksgf`` files of :func:`folder`, newest first, and those that cannot be opened."""
    summaries: list[SaveSummary] = []
    problems: list[BrokenFileError] = []
    try:
        candidates = sorted(folder().glob(f"*{SUFFIX}"))
    except OSError as error:
        log.warning("could not list the game files: %s", error)
        return [], []
    for path in candidates:
        try:
            loaded = load(path)
        except BrokenFileError as error:
            problems.append(error)
            continue
        history = loaded.history
        finished = history.game.is_over(history.state)
        summaries.append(
            SaveSummary(
                path,
                "blokus",
                [seat.name for seat in loaded.setup.seats],
                len(history.steps),
                loaded.saved.updated,
                finished,
                dict(loaded.setup.options),
                tuple(history.game.scores(history.state)) if finished else None,
                len(history.steps),  # one move per turn in Blokus
            )
        )
    summaries.sort(key=lambda s: s.updated, reverse=True)
    return summaries, problems
