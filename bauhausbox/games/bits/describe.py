"""Bits moves in words (the engine contract's ``describe_move`` and ``describe_outcome``).

"Anni placed the red–blue tile lying flat on columns 2–3, red on the left", "Josef placed the
neutral tile standing in column 5", "Circle's ramp is full: done for this round". Columns are
numbered 1–6 from the left, as on the ramp. Every player places the same tile "at the same time":
until everybody has placed, where a seat put its tile is secret, so a sentence for another seat
says only "Circle placed the tile". Once the tile is shown (``BitsRules.public_since``), the log
tells each placement on its mover's own line, saying where. A round's end is an entry of its own
after the move that ended it: "Round 2 ends: Anni +7, Josef +3".
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.api import Seat
from bauhausbox.games.bits.cards import COLOUR_NAMES, SIZE
from bauhausbox.games.bits.rules import BitsRules, BitsState, Move, Pass, Place, round_totals
from bauhausbox.i18n import _, fill, translate


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
    if isinstance(move, Pass):
        return fill(_("{who}'s ramp is full: done for this round"), who=who)
    if viewer is not None and viewer != seat and not rules.revealed(state, rules.apply(state, move, seat)):
        # Where, and whether neutral, is secret until all have placed.
        secret = _("{who} placed the start tile") if state.start_phase else _("{who} placed the tile")
        return secret.format(who=who)
    return _placed(rules, state, seat, move, names)


def outcome_sentence(
    rules: BitsRules,
    state: BitsState,
    move: Move,
    *,
    seat: Seat,
    who: str,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """The round's end and its points when ``move`` ended a round ("Round 2 ends: Anni +7, Josef +3"),
    its own entry in the log; ``""`` otherwise. Everybody sees the boards then, so ``viewer`` changes
    nothing."""
    after = rules.apply(state, move, seat)
    if len(after.finished) == len(state.finished):
        return ""
    totals = round_totals(after)[-1]
    points = ", ".join(f"{rules.mover_name(after, s, names)} {_points(totals[s])}" for s in range(state.players))
    if after.over and state.players > 1:  # the result, as the final table tells it
        return _("Round {round} ends: {points}. The game is over: {result}").format(
            round=state.round, points=points, result=result_words(rules, after, names)
        )
    if after.over:
        return _("Round {round} ends: {points}. The game is over.").format(round=state.round, points=points)
    return _("Round {round} ends: {points}").format(round=state.round, points=points)


def result_words(rules: BitsRules, state: BitsState, names: Sequence[str] | None) -> str:
    """ "Josef wins.", "Anni and Josef share the win.", and how a tie on points was decided: "Josef
    wins. Equal on points (26); decided by the best single round: Josef 11, Marianne 10." """
    who = [rules.mover_name(state, seat, names) for seat in rules.winners(state)]
    if len(who) > 1:
        said = _("{names} and {last} share the win.").format(names=", ".join(who[:-1]), last=who[-1])
    else:
        said = fill(_("{name} wins."), name=who[0])
    players = [rules.mover_name(state, seat, names) for seat in range(state.players)]
    tie = rules.tie_break(state, players)
    return said if tie is None else f"{said} {translate(tie)}"


def _placed(rules: BitsRules, state: BitsState, seat: Seat, move: Place, names: Sequence[str] | None) -> str:
    """``Josef placed the red–blue tile standing in column 5``."""
    return _("{who} placed {what} {where}").format(
        who=rules.mover_name(state, seat, names), what=_what(state, seat, move), where=spot_words(move)
    )


assert SIZE == 6  # the sentences number the ramp's columns 1–6
