"""Bits moves in words (the engine contract's ``describe_move``).

"Anni placed the red–blue tile lying flat on columns 2–3, red on the left", "Josef placed the
neutral tile standing in column 5", "Circle's ramp is full: done for this round". Columns are
numbered 1–6 from the left, as on the ramp. Every player places the same tile "at the same time":
until everybody has placed, where a seat put its tile is secret, so a sentence for another seat
says only "Circle placed the tile". The last placement of a tile shows everybody's, so its sentence
says where it went and where the placements the viewer could not see went ("Josef placed the
blue tile standing in column 5; Circle: columns 2–3"), once, at
the reveal; when it ends the round, the sentence adds the round's points ("round 2 ends: Anni +7,
Josef +3").
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.api import Seat
from bauhausbox.games.bits.cards import COLOUR_NAMES, SIZE
from bauhausbox.games.bits.rules import BitsRules, BitsState, Move, Pass, Place, round_totals
from bauhausbox.i18n import _, fill


def tile_words(colours: str) -> str:
    """``red–blue``, ``black`` (a single-colour tile), ``neutral``, in the players' language: what the
    screen and the log call a tile, its colours in the tile card's order (however it was turned)."""
    first, second = _(COLOUR_NAMES[colours[0]]), _(COLOUR_NAMES[colours[1]])
    return first if first == second else f"{first}–{second}"


def spot_words(move: Place) -> str:
    """``lying flat on columns 2–3, red on the left`` / ``standing in column 5, blue on top``."""
    colour = _(COLOUR_NAMES[move.colours[0]])
    single = move.colours[0] == move.colours[1]
    column = move.column + 1
    if move.vertical:
        if single:
            return _("standing in column {column}").format(column=column)
        return _("standing in column {column}, {colour} on top").format(column=column, colour=colour)
    if single:
        return _("lying flat on columns {left}–{right}").format(left=column, right=column + 1)
    return _("lying flat on columns {left}–{right}, {colour} on the left").format(
        left=column, right=column + 1, colour=colour
    )


def short_spot_words(move: Place) -> str:
    """``columns 2–3, red on the left`` / ``column 5, blue on top`` / ``the neutral tile, column 4``: one
    column means standing, two lying flat, so a line naming several players' spots stays short."""
    colour = _(COLOUR_NAMES[move.colours[0]])
    column = move.column + 1
    if move.vertical:
        where = _("column {column}").format(column=column)
        turned = _("{where}, {colour} on top")
    else:
        where = _("columns {left}–{right}").format(left=column, right=column + 1)
        turned = _("{where}, {colour} on the left")
    if move.neutral:
        return _("the neutral tile, {where}").format(where=where)
    if move.colours[0] == move.colours[1]:
        return where
    return turned.format(where=where, colour=colour)


def _points(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def _what(state: BitsState, seat: Seat, move: Place) -> str:
    """``the neutral tile``, ``the red–blue tile``, ``the black start tile``: named as its card shows
    it, not in the order it was turned to (that is the spot's words: "red on the left")."""
    if move.neutral:
        return _("the neutral tile")
    tile = tile_words(state.tile_for(seat))
    if state.start_phase:
        return _("the {tile} start tile").format(tile=tile)
    return _("the {tile} tile").format(tile=tile)


def move_sentence(
    rules: BitsRules,
    state: BitsState,
    move: Move,
    *,
    seat: Seat,
    who: str,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """What ``seat`` (called ``who``) did (``GameRules.describe_move`` finds the mover and explains the rest)."""
    after = rules.apply(state, move, seat)
    if isinstance(move, Pass):
        sentence = fill(_("{who}'s ramp is full: done for this round"), who=who)
    elif viewer is not None and viewer != seat and not rules.revealed(state, after):
        # Where, and whether neutral, is secret until all have placed.
        secret = _("{who} placed the start tile") if state.start_phase else _("{who} placed the tile")
        sentence = secret.format(who=who)
    else:
        sentence = _placed(rules, state, seat, move, names)
    if rules.revealed(state, after):
        # The tiles are shown now: say, once, where the placements this viewer could not see went.
        for other, placed in enumerate(state.pending):
            if other not in (seat, viewer) and isinstance(placed, Place) and viewer is not None:
                sentence = _("{sentence}; {who}: {where}").format(
                    sentence=sentence, who=rules.mover_name(state, other, names), where=short_spot_words(placed)
                )
    if len(after.finished) > len(state.finished):
        totals = round_totals(after)[-1]
        points = ", ".join(f"{rules.mover_name(after, s, names)} {_points(totals[s])}" for s in range(state.players))
        sentence = _("{sentence}; round {round} ends: {points}").format(
            sentence=sentence, round=state.round, points=points
        )
        if after.over:
            sentence = _("{sentence}; the game is over").format(sentence=sentence)
    return sentence


def _placed(rules: BitsRules, state: BitsState, seat: Seat, move: Place, names: Sequence[str] | None) -> str:
    """``Josef placed the red–blue tile standing in column 5``."""
    return _("{who} placed {what} {where}").format(
        who=rules.mover_name(state, seat, names), what=_what(state, seat, move), where=spot_words(move)
    )


assert SIZE == 6  # the sentences number the ramp's columns 1–6
