"""Bauhaus moves in words (the engine contract's ``describe_move``).

A turn is several engine moves (choose a card, then carry it out), and each gets its sentence:
"Anni chose Move wall", "Anni moved the wall right of b3 to above a6", "Marianne used Forced
Control on the red token on f1". Squares are named as on the board (columns from ``a``, rows from
``1`` at the bottom); an edge is named by the square beside it ("above c3", "right of b2", and on
the bottom and left borders "below c1", "left of a5"). Display places are never named: a card is
named by what it does. What the rules do on their own within the move is added: zones that close
and lock, a choice made void by a power, the end of the game.

Bauhaus hides only the order of the deck, and no sentence mentions the card that refills the
display, so a sentence is the same for every viewer.
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.api import Seat
from bauhausbox.games.bauhaus.board import bits
from bauhausbox.games.bauhaus.cards import CARDS, PATTERN
from bauhausbox.games.bauhaus.rules import (
    CHOOSE,
    COLOURS,
    MIMETIC,
    OVER,
    POWER_TITLES,
    RESOLVE,
    BauhausRules,
    BauhausState,
    Move,
    MoveKind,
)


def card_title(card: int) -> str:
    """What a card is called in sentences: "Move wall", "Pattern walls L3 (long L)"."""
    info = CARDS[card]
    if info.kind == PATTERN and info.pattern is not None:
        return f"Pattern walls {info.pattern.id} ({info.pattern.title})"
    return info.title


def edge_words(rules: BauhausRules, edge: int) -> str:
    """``above c3``, ``right of b2``; on the bottom and left borders ``below c1``, ``left of a5``."""
    b = rules.board
    horizontal, line, pos = b.edge_line(edge)
    if horizontal:
        if line > 0:
            return f"above {b.square_name(b.square(pos, line - 1))}"
        return f"below {b.square_name(b.square(pos, 0))}"
    if line > 0:
        return f"right of {b.square_name(b.square(line - 1, pos))}"
    return f"left of {b.square_name(b.square(0, pos))}"


def _list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _squares(count: int) -> str:
    return "1 square" if count == 1 else f"{count} squares"


def _owner(state: BauhausState, square: int) -> int:
    return next(seat for seat in range(state.players) if (state.deployed[seat] | state.control[seat]) >> square & 1)


def _token(rules: BauhausRules, state: BauhausState, square: int) -> str:
    """``the red token on c3``."""
    return f"the {COLOURS[_owner(state, square)]} token on {rules.board.square_name(square)}"


def describe_move(
    rules: BauhausRules,
    state: BauhausState,
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
    sentence = f"{who} {_action(rules, state, move, seat, names)}"
    after = rules.apply(state, move, seat)
    return sentence + "".join(_consequences(rules, state, after, move, names))


def _action(rules: BauhausRules, state: BauhausState, move: Move, seat: Seat, names: Sequence[str] | None) -> str:
    """The verb phrase: what the mover did."""
    sq = rules.board.square_name
    if move.kind == MoveKind.CARD:
        return f"chose {card_title(state.display[move.slot])}"
    if move.kind == MoveKind.DISCARD:
        return f"could carry out no card and discarded {card_title(state.display[move.slot])}"
    if move.kind == MoveKind.PLACE:
        # Under Mind Control the token placed is the chooser's, not the mover's.
        if state.turn == seat:
            return f"placed a token on {sq(move.squares[0])}"
        return f"placed a {COLOURS[state.turn]} token on {sq(move.squares[0])}"
    if move.kind == MoveKind.WALL:
        which = "the second wall" if state.placed else "the first of two walls"
        return f"built {which} {edge_words(rules, move.edges[0])}"
    if move.kind == MoveKind.WALLS:
        pattern = CARDS[rules.chosen_card(state)].name
        return f"built the {pattern} walls {_list([edge_words(rules, e) for e in move.edges])}"
    if move.kind == MoveKind.MOVE_WALL:
        source, target = move.edges
        return f"moved the wall {edge_words(rules, source)} to {edge_words(rules, target)}"
    if move.kind == MoveKind.MOVE_TOKEN:
        source, target = move.squares
        return f"moved {_token(rules, state, source)} to {sq(target)}"
    if move.kind == MoveKind.SWAP:
        first, second = move.squares
        return f"swapped {_token(rules, state, first)} with {_token(rules, state, second)}"
    # A power: "mind", "shared", "forced", or Black's "mimetic:<one of those>".
    effect = move.power.rpartition(":")[2]
    used = POWER_TITLES[effect]
    if move.power.startswith(MIMETIC):
        used = f"{POWER_TITLES[MIMETIC]} as {used}"
    if not move.squares:
        chooser = rules.mover_name(state, state.turn, names)
        return f"used {used} to carry out {chooser}'s {card_title(rules.chosen_card(state))}"
    square = move.squares[0]
    if effect == "forced":
        return f"used {used} on {_token(rules, state, square)}"
    zone = next(r for r in rules.analysis(state).closed_regions if r >> square & 1)
    return f"used {used} on the zone of {_squares(zone.bit_count())} at {sq(square)}"


def _consequences(
    rules: BauhausRules, state: BauhausState, after: BauhausState, move: Move, names: Sequence[str] | None
) -> list[str]:
    """Clauses for what the rules did on their own: zones locked, a void choice, the end."""
    clauses = []
    if not move.power.endswith("shared"):  # Shared Control says itself which zone it locks
        for zone in sorted(set(after.locked) - set(state.locked)):
            inside = [s for s in range(after.players) if (after.deployed[s] | after.control[s]) & zone]
            first = rules.board.square_name(next(iter(bits(zone))))
            owners = " and ".join(rules.mover_name(after, s, names) for s in inside)
            owned = "owns" if len(inside) == 1 else "share"
            clauses.append(f"; {owners} now {owned} the closed zone of {_squares(zone.bit_count())} at {first}")
    if state.phase == RESOLVE and after.phase == CHOOSE and move.kind == MoveKind.POWER:
        chooser = rules.mover_name(state, state.turn, names)
        clauses.append(f"; {chooser}'s card can no longer be carried out, so {chooser} chooses again")
    if after.phase == OVER:
        clauses.append("; no card is left: the game is over")
    return clauses
