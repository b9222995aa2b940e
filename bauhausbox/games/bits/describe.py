"""Bits moves in words (the engine contract's ``describe_move``).

"Anni placed the red–blue tile lying flat on columns 2–3, red on the left", "Josef placed the
neutral tile standing in column 5", "Circle's ramp is full: done for this round". Columns are
numbered 1–6 from the left, as on the ramp. Every player places the same tile "at the same time":
until everybody has placed, where a seat put its tile is secret, so a sentence for another seat
says only "Circle placed the tile". The last placement of a tile shows everybody's; when it ends
the round, the sentence adds the round's points ("round 2 ends: Anni +7, Josef +3").
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.api import Seat
from bauhausbox.games.bits.cards import COLOUR_NAMES, SIZE
from bauhausbox.games.bits.rules import BitsRules, BitsState, Move, Pass, Place, round_totals


def tile_words(colours: str) -> str:
    """``red–blue``, ``black`` (a single-colour tile), ``neutral``."""
    first, second = COLOUR_NAMES[colours[0]], COLOUR_NAMES[colours[1]]
    return first if first == second else f"{first}–{second}"


def spot_words(move: Place) -> str:
    """``lying flat on columns 2–3, red on the left`` / ``standing in column 5, blue on top``."""
    first, second = COLOUR_NAMES[move.colours[0]], COLOUR_NAMES[move.colours[1]]
    column = move.column + 1
    if move.vertical:
        where = f"standing in column {column}"
        return where if first == second else f"{where}, {first} on top"
    where = f"lying flat on columns {column}–{column + 1}"
    return where if first == second else f"{where}, {first} on the left"


def _points(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def describe_move(
    rules: BitsRules,
    state: BitsState,
    move: Move,
    *,
    mover: Seat | None = None,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    seat = state.to_play if mover is None else mover
    if seat is None:
        return "The game is over"
    who = rules.mover_name(state, seat, names)
    start = "start " if state.start_phase else ""
    if isinstance(move, Pass):
        sentence = f"{who}'s ramp is full: done for this round"
    elif viewer is not None and viewer != seat:
        sentence = f"{who} placed the {start}tile"  # where, and whether neutral, is secret until all have placed
    else:
        what = "the neutral tile" if move.neutral else f"the {tile_words(move.colours)} {start}tile"
        sentence = f"{who} placed {what} {spot_words(move)}"
    after = rules.apply(state, move, seat)
    if len(after.finished) > len(state.finished):
        totals = round_totals(after)[-1]
        points = ", ".join(f"{rules.mover_name(after, s, names)} {_points(totals[s])}" for s in range(state.players))
        sentence += f"; round {state.round} ends: {points}"
        if after.over:
            sentence += "; the game is over"
    elif after.shown != state.shown and any(p is not None for s, p in enumerate(state.pending) if s != seat):
        sentence += "; everybody's tiles are shown"
    return sentence


assert SIZE == 6  # the sentences number the ramp's columns 1–6
