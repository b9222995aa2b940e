"""Bauhaus moves in words (the engine contract's ``describe_move``).

A turn is several engine moves (choose a card, then carry it out), and each gets its sentence:
"Anni chose Move wall", "Anni moved the wall from the right side of b3 to the top side of a6",
"Marianne used Forced Control on the red token on f1". Squares are named as on the board (columns
from ``a``, rows from ``1`` at the bottom); a wall is named by a square and its side, never as a
neighbour's ("the top side of c3", "the left and bottom sides of c4"): the notation's square
(``c3N``) alone, the square they surround for walls built together. Display places are never named: a card is
named by what it does. What the rules do on their own within the move is added: zones that close
and lock, a choice made void by a power, the end of the game.

Bauhaus hides only the order of the deck, and no sentence mentions the card that refills the
display, so a sentence is the same for every viewer.

Sentences are in the players' language, each written whole in the catalogs (the mover's name is a
value of the sentence, never glued to a translated fragment); in English they read as they always did.
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
from bauhausbox.i18n import N_, _, counted, fill, ngettext, translate


def card_title(card: int) -> str:
    """What a card is called in sentences: the name printed on it ("Move wall", "Two walls"), a
    pattern's with the pattern's name ("Pattern L3 (long L)")."""
    info = CARDS[card]
    if info.kind == PATTERN and info.pattern is not None:
        return _("{card} ({pattern})").format(card=translate(info.title), pattern=_(info.pattern.title))
    return translate(info.title)


# The sides of a square in words, in the order a group lists them (top first, clockwise).
SIDE_ORDER = "NESW"
SIDE_WORDS = {"N": N_("top"), "E": N_("right"), "S": N_("bottom"), "W": N_("left")}


def edge_places(rules: BauhausRules, edge: int) -> list[tuple[int, str]]:
    """The ``(square, side)`` pairs that name ``edge``: the notation's canonical one first (the N or
    E side of the square below or left of it), then the square on its other side, if any."""
    b = rules.board
    horizontal, line, pos = b.edge_line(edge)
    if horizontal:
        pairs = [(b.square(pos, line - 1), "N")] if line > 0 else []
        return pairs + ([(b.square(pos, line), "S")] if line < b.size else [])
    pairs = [(b.square(line - 1, pos), "E")] if line > 0 else []
    return pairs + ([(b.square(line, pos), "W")] if line < b.size else [])


def edge_words(rules: BauhausRules, edge: int) -> str:
    """``the top side of c3``: one wall named by one square and its side, the way the notation
    names it (``c3N``)."""
    return walls_words(rules, [edge])


def walls_words(rules: BauhausRules, edges: Sequence[int]) -> str:
    """Walls named by their own squares and sides: ``the left and bottom sides of c4``, ``the top
    sides of c3 and d3``. Each wall is named by one of its two squares; the square that holds the
    most of them is taken first (so a pattern round one square names that square, never its
    neighbours), else the notation's own square. Squares with the same sides are listed together."""
    left = list(dict.fromkeys(edges))
    groups: list[tuple[int, list[str]]] = []
    while left:
        # Candidates in the order met, each wall's canonical square before its other one, so a tie
        # goes to the notation's square of the earliest wall still unnamed.
        counts: dict[int, int] = {}
        for edge in left:
            for square, _side in edge_places(rules, edge):
                counts[square] = counts.get(square, 0) + 1
        square = max(counts, key=lambda sq: counts[sq])
        sides = sorted(
            (side for edge in left for sq, side in edge_places(rules, edge) if sq == square), key=SIDE_ORDER.index
        )
        left = [edge for edge in left if all(sq != square for sq, _side in edge_places(rules, edge))]
        groups.append((square, sides))
    # Squares with the same sides in one phrase, in the order they came.
    merged: dict[tuple[str, ...], list[int]] = {}
    for square, sides in groups:
        merged.setdefault(tuple(sides), []).append(square)
    phrases = []
    for group_sides, squares in merged.items():
        words = and_list([_(SIDE_WORDS[side]) for side in group_sides])
        names = _square_run(rules, squares)
        template = ngettext(
            "the {sides} side of {squares}", "the {sides} sides of {squares}", len(group_sides) * len(squares)
        )
        phrases.append(template.format(sides=words, squares=names))
    return and_list(phrases)


def _square_run(rules: BauhausRules, squares: list[int]) -> str:
    """Squares said together: "c2 and d2", and three or more in a straight unbroken line as "c2 to
    e2" (as players read a row, and never a list of coordinates)."""
    b = rules.board
    names = [b.square_name(sq) for sq in squares]
    if len(squares) > 2:
        cells = sorted(b.cell(sq) for sq in squares)
        cols = {c for c, _r in cells}
        rows = {r for _c, r in cells}
        across = len(rows) == 1 and max(cols) - min(cols) == len(cells) - 1
        down = len(cols) == 1 and max(rows) - min(rows) == len(cells) - 1
        if across or down:
            first, last = cells[0], cells[-1]
            return _("{first} to {last}").format(
                first=b.square_name(b.square(*first)), last=b.square_name(b.square(*last))
            )
    return and_list(names)


def and_list(words: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c" in the players' language."""
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _squares(count: int) -> str:
    return counted("{n} square", "{n} squares", count)


def _owner(state: BauhausState, square: int) -> int:
    return next(seat for seat in range(state.players) if (state.deployed[seat] | state.control[seat]) >> square & 1)


def _token(rules: BauhausRules, state: BauhausState, square: int) -> str:
    """``the red token on c3``."""
    colour = _(COLOURS[_owner(state, square)])
    return _("the {colour} token on {square}").format(colour=colour, square=rules.board.square_name(square))


def move_sentence(
    rules: BauhausRules,
    state: BauhausState,
    move: Move,
    *,
    seat: Seat,
    who: str,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """What ``seat`` (called ``who``) did (``GameRules.describe_move`` finds the mover and explains the rest)."""
    sentence = _sentence(rules, state, move, seat, who, names)
    after = rules.apply(state, move, seat)
    return sentence + "".join(_consequences(rules, state, after, move, names))


def _sentence(
    rules: BauhausRules, state: BauhausState, move: Move, seat: Seat, who: str, names: Sequence[str] | None
) -> str:
    """What the mover did, as a whole sentence ("Anni moved the wall from the top side of c3 to the
    right side of b2")."""
    sq = rules.board.square_name
    if move.kind == MoveKind.CARD:
        return _("{who} chose {card}").format(who=who, card=card_title(state.display[move.slot]))
    if move.kind == MoveKind.DISCARD:
        return _("{who} could carry out no card and discarded {card}").format(
            who=who, card=card_title(state.display[move.slot])
        )
    if move.kind == MoveKind.PLACE:
        # Under Mind Control the token placed is the chooser's, not the mover's.
        if state.turn == seat:
            return _("{who} placed a token on {square}").format(who=who, square=sq(move.squares[0]))
        return _("{who} placed a {colour} token on {square}").format(
            who=who, colour=_(COLOURS[state.turn]), square=sq(move.squares[0])
        )
    if move.kind == MoveKind.WALL:
        edge = edge_words(rules, move.edges[0])
        if state.placed:
            return _("{who} built the second wall on {edge}").format(who=who, edge=edge)
        return _("{who} built the first of two walls on {edge}").format(who=who, edge=edge)
    if move.kind == MoveKind.WALLS:
        pattern = CARDS[rules.chosen_card(state)].name
        edges = walls_words(rules, move.edges)
        return _("{who} built the {pattern} walls on {edges}").format(who=who, pattern=pattern, edges=edges)
    if move.kind == MoveKind.MOVE_WALL:
        source, target = move.edges
        return _("{who} moved the wall from {source} to {target}").format(
            who=who, source=edge_words(rules, source), target=edge_words(rules, target)
        )
    if move.kind == MoveKind.MOVE_TOKEN:
        source, target = move.squares
        return _("{who} moved {token} to {square}").format(
            who=who, token=_token(rules, state, source), square=sq(target)
        )
    if move.kind == MoveKind.SWAP:
        first, second = move.squares
        return _("{who} swapped {first} with {second}").format(
            who=who, first=_token(rules, state, first), second=_token(rules, state, second)
        )
    # A power: "mind", "shared", "forced", or Black's "mimetic:<one of those>".
    effect = move.power.rpartition(":")[2]
    used = power_name(move.power)
    if not move.squares:
        chooser = rules.mover_name(state, state.turn, names)
        return fill(
            _("{who} used {power} to carry out {chooser}'s {card}"),
            who=who,
            power=used,
            chooser=chooser,
            card=card_title(rules.chosen_card(state)),
        )
    square = move.squares[0]
    if effect == "forced":
        return _("{who} used {power} on {token}").format(who=who, power=used, token=_token(rules, state, square))
    zone = next(r for r in rules.analysis(state).closed_regions if r >> square & 1)
    return _("{who} used {power} on the zone of {squares} at {square}").format(
        who=who, power=used, squares=_squares(zone.bit_count()), square=sq(square)
    )


def _consequences(
    rules: BauhausRules, state: BauhausState, after: BauhausState, move: Move, names: Sequence[str] | None
) -> list[str]:
    """Clauses for what the rules did on their own: zones locked, a void choice, the end."""
    clauses = []
    if not move.power.endswith("shared"):  # Shared Control says itself which zone it locks
        for zone in sorted(set(after.locked) - set(state.locked)):
            inside = [s for s in range(after.players) if (after.deployed[s] | after.control[s]) & zone]
            first = rules.board.square_name(next(iter(bits(zone))))
            owners = [rules.mover_name(after, s, names) for s in inside]
            size = _squares(zone.bit_count())
            if len(owners) == 1:
                clause = _("; {owner} now owns the closed zone of {squares} at {square}")
                clauses.append(clause.format(owner=owners[0], squares=size, square=first))
            else:
                clause = _("; {owners} now share the closed zone of {squares} at {square}")
                clauses.append(clause.format(owners=and_list(owners), squares=size, square=first))
    if state.phase == RESOLVE and after.phase == CHOOSE and move.kind == MoveKind.POWER:
        chooser = rules.mover_name(state, state.turn, names)
        clauses.append(
            fill(_("; {chooser}'s card can no longer be carried out, so {chooser} chooses again"), chooser=chooser)
        )
    if after.phase == OVER:
        clauses.append(_("; no card is left: the game is over"))
    return clauses


def power_name(power: str) -> str:
    """A power as players name it: "Forced Control", or Black's "Mimetic Control as Forced Control"."""
    used = _(POWER_TITLES[power.rpartition(":")[2]])
    if power.startswith(MIMETIC):
        used = _("{mimetic} as {power}").format(mimetic=_(POWER_TITLES[MIMETIC]), power=used)
    return used
