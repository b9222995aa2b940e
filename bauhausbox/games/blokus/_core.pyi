"""Types of the compiled core (``_core.c``); core.py describes it and chooses between it and the
pure-Python code."""

from collections.abc import Callable

from bauhausbox.games.blokus.bitboard import Placement

ABI: int

def setup(placements: tuple[Placement, ...], opening: tuple[tuple[int, int], ...], /) -> None: ...
def generate(blocked: int, attach: int, /) -> list[Placement]: ...
def can_place(closed: int, attach: int, hand: int, /) -> bool: ...
def move_values(
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
def placement_bits(index: int, /) -> tuple[int, int, int, int, float]: ...
def candidates(blocked: int, square: int, /) -> list[int]: ...
