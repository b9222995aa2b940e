"""The compiled core of Blokus's hot loops, and the switch between it and the pure-Python reference.

``_core.c`` is a C twin of the hottest code: legal placements (:func:`bitboard.generate`), "can this
colour still place?" (:func:`bitboard.can_place_at`), the one-move evaluation
(:func:`heuristics.move_values`), the sampled playout with its final scores
(:func:`heuristics.playout`) and the tree search of :class:`mcts.Search`. ``pip install .``
compiles it when a C compiler is present (an optional extension in ``setup.py``); without one the
package installs all the same and the pure-Python code runs, with the same results, several times
slower. ``bauhausbox --version`` says which one runs.

The Python modules stay the definition: the compiled core builds its tables from
:data:`bitboard.PLACEMENTS` (piece, orientation and mask of each placement), gives the same moves in
the same order, and draws from the caller's random function exactly as the Python playout does, so a
seed gives the same game on either path (``tests/games/blokus/test_blokus_core.py`` holds the two
side by side). ``BAUHAUSBOX_BLOKUS_CORE=python`` runs the pure-Python path even where the core is
built; :func:`pure` does the same for a block of code (tests, benchmarks).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Protocol

from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.bitboard import Placement
from bauhausbox.games.blokus.pieces import OPENING_PIECES

#: The version of ``_core.c`` this module speaks to (a module built from another version is ignored).
ABI = 3
#: Set to ``python`` to run the pure-Python path even where the compiled core is built.
ENVIRONMENT = "BAUHAUSBOX_BLOKUS_CORE"


class Native(Protocol):
    """What ``_core`` offers (its stub, ``_core.pyi``, has the details)."""

    def generate(self, blocked: int, attach: int, /) -> list[Placement]: ...

    def can_place(self, closed: int, attach: int, hand: int, /) -> bool: ...

    def move_values(
        self,
        moves: list[Placement],
        attach: int,
        occupied: int,
        forbidden: int,
        rivals: int,
        opening: bool,
        size: float,
        own_corners: float,
        taken_corners: float,
        centre: float,
        /,
    ) -> list[float]: ...

    def playout(
        self,
        hands: tuple[int, int, int, int],
        forbidden: tuple[int, int, int, int],
        attach: tuple[int, int, int, int],
        occupied: int,
        out: int,
        monomino_last: int,
        colour: int,
        rnd: Callable[[], float],
        record: list[int] | None,
        policy: int,
        /,
    ) -> list[int]: ...

    def search(
        self,
        hands: tuple[int, int, int, int],
        forbidden: tuple[int, int, int, int],
        attach: tuple[int, int, int, int],
        occupied: int,
        out: int,
        monomino_last: int,
        colour: int,
        seat: int,
        players: int,
        teams: bool,
        knobs: tuple[int | float, ...],
        rnd: Callable[[], float],
        stop: Callable[[], bool],
        outcomes: bool = False,
        shortcut: bool = True,
        /,
    ) -> tuple[list[tuple[int, int, float]], int, int, list[list[float]] | None]: ...

    def placement_bits(self, index: int, /) -> tuple[int, int, int, int, float]: ...

    def candidates(self, blocked: int, square: int, /) -> list[int]: ...


_built_module: Native | None
try:  # built by `pip install .` where a C compiler exists; the pure-Python path runs without it
    from bauhausbox.games.blokus import _core

    _built_module = _core
except ImportError:
    _built_module = None


def _load() -> tuple[Native | None, str]:
    """The compiled core set up with this process's placements, or ``None`` and why not."""
    if _built_module is None:
        return None, "not built (no C compiler when the package was installed)"
    if getattr(_built_module, "ABI", None) != ABI:
        return None, "built from another version of _core.c (reinstall the package)"
    _core.setup(bb.PLACEMENTS, OPENING_PIECES)
    return _built_module, ""


#: The compiled core, whether or not it is in use (``None`` where it was not built).
BUILT, WHY_NOT = _load()
#: The compiled core in use, or ``None`` on the pure-Python path. The hot code reads it at each call.
native: Native | None = BUILT if os.environ.get(ENVIRONMENT, "").lower() != "python" else None


def compiled() -> bool:
    """Whether the compiled core runs."""
    return native is not None


def status() -> str:
    """One line for ``bauhausbox --version``."""
    return "Blokus core: compiled" if native is not None else "Blokus core: pure Python (slower)"


@contextmanager
def pure() -> Iterator[None]:
    """Run the block on the pure-Python path (the reference), then go back to what ran before."""
    global native
    saved = native
    native = None
    try:
        yield
    finally:
        native = saved


@contextmanager
def compiled_core() -> Iterator[None]:
    """Run the block on the compiled core (``RuntimeError`` where it is not built)."""
    global native
    if BUILT is None:
        raise RuntimeError(f"the compiled Blokus core is {WHY_NOT}")
    saved = native
    native = BUILT
    try:
        yield
    finally:
        native = saved


#: The jobs of :func:`native_for`.
MOVE_VALUES, PLAYOUT, SEARCH = "move values", "playout", "search"
# What the compiled core does for each variant besides the classic board. Legal moves and "can it
# still place?" take the closed squares as given, so they serve Duo and Junior as they are (the squares
# beyond the 14 x 14 board are closed to every colour). The one-move evaluation pulls toward the
# classic board's centre, and the playout keeps one copy of each piece and scores the classic bonuses:
# Duo's playouts are classic ones, the rest runs on the pure path. The tree search (mcts.Search) needs
# all three, classic only.
_COMPILED_JOBS: dict[str, frozenset[str]] = {
    "classic": frozenset({MOVE_VALUES, PLAYOUT, SEARCH}),
    "duo": frozenset({PLAYOUT}),
    "junior": frozenset(),
}


def native_for(variant: str, job: str) -> Native | None:
    """The compiled core for ``job`` in ``variant``, or ``None`` where the pure path must run."""
    if native is None or job not in _COMPILED_JOBS.get(variant, frozenset()):
        return None
    return native


def generate(blocked: int, attach: int) -> list[Placement]:
    """:func:`bitboard.generate` into a new list, compiled when the core runs."""
    if native is not None:
        return native.generate(blocked, attach)
    return bb.generate(blocked, attach, [])


def can_place_at(closed: int, attach: int, hand: int) -> bool:
    """:func:`bitboard.can_place_at`, compiled when the core runs."""
    if native is not None:
        return native.can_place(closed, attach, hand)
    return bb.can_place_at(closed, attach, hand)


def as_list(moves: Sequence[Placement]) -> list[Placement]:
    return moves if isinstance(moves, list) else list(moves)
