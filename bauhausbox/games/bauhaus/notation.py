"""Bauhaus as text: move notation, whole positions on one line, and board pictures.

Moves: ``place d4``, ``card2``, ``discard card2``, ``wall c3N``, ``walls c3N,c3E``, ``move-wall b2E>f6N``,
``move e5>a1``, ``swap c3,f6``, ``power:mind``, ``power:shared e4``, ``power:mimetic:forced e4``
(``docs/rules/bauhaus.md``, "Notation"). Saves, replays and the golden playthroughs hold these texts,
so they never change.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable

from bauhausbox.engine.api import InvalidMoveError, InvalidPositionError
from bauhausbox.games.bauhaus.board import Board, bits
from bauhausbox.games.bauhaus.cards import (
    DISPLAY_SIZE,
    NO_CARD,
    TOKENS_PER_PLAYER,
    TOTAL_WALLS,
    card_name,
    deck_for,
    parse_card,
)
from bauhausbox.games.bauhaus.state import (
    CHOOSE,
    COLOURS,
    FORCED,
    MIMETIC,
    MIND,
    OPENING,
    OVER,
    RESOLVE,
    SHARED,
    TOKEN_LETTERS,
    BauhausState,
    Move,
    MoveKind,
)

_SEP = re.compile(r"\s+")


# ==== moves =========================================================================================
def format_move(b: Board, move: Move) -> str:
    """The one canonical text of ``move``."""
    sq = b.square_name
    if move.kind == MoveKind.CARD:
        return f"card{move.slot}"
    if move.kind == MoveKind.DISCARD:
        return f"discard card{move.slot}"
    if move.kind == MoveKind.PLACE:
        return f"place {sq(move.squares[0])}"
    if move.kind in (MoveKind.WALL, MoveKind.WALLS):
        return f"{move.kind} {','.join(b.edge_name(e) for e in move.edges)}"
    if move.kind == MoveKind.MOVE_WALL:
        return f"move-wall {b.edge_name(move.edges[0])}>{b.edge_name(move.edges[1])}"
    if move.kind == MoveKind.MOVE_TOKEN:
        return f"move {sq(move.squares[0])}>{sq(move.squares[1])}"
    if move.kind == MoveKind.SWAP:
        return f"swap {sq(move.squares[0])},{sq(move.squares[1])}"
    if move.kind == MoveKind.POWER:
        target = f" {sq(move.squares[0])}" if move.squares else ""
        return f"power:{move.power}{target}"
    raise InvalidMoveError(f"unknown move kind {move.kind!r}")


def parse_move(b: Board, text: str, closed_regions: Callable[[], Iterable[int]]) -> Move:
    """Read a move text; ``closed_regions`` gives the closed regions of the position (a Shared Control
    target is named by any square of its zone, and written as its lowest square)."""
    text = text.strip()
    head, _, rest = text.partition(" ")
    rest = rest.strip()
    head_lower = head.lower()
    try:
        if re.fullmatch(r"card\d", head_lower) and not rest:
            return Move(MoveKind.CARD, slot=_slot(head_lower))
        if head_lower == "discard":
            return Move(MoveKind.DISCARD, slot=_slot(rest.lower()))
        if head_lower == "place":
            return Move(MoveKind.PLACE, squares=(b.parse_square(rest),))
        if head_lower == "wall":
            return Move(MoveKind.WALL, edges=(b.parse_edge(rest),))
        if head_lower == "walls":
            edges = [b.parse_edge(part) for part in rest.split(",") if part.strip()]
            if len(set(edges)) != len(edges) or not edges:
                raise InvalidMoveError("list each edge once")
            return Move(MoveKind.WALLS, edges=tuple(sorted(edges)))
        if head_lower == "move-wall":
            source, _, target = rest.partition(">")
            return Move(MoveKind.MOVE_WALL, edges=(b.parse_edge(source), b.parse_edge(target)))
        if head_lower == "move":
            source, _, target = rest.partition(">")
            return Move(MoveKind.MOVE_TOKEN, squares=(b.parse_square(source), b.parse_square(target)))
        if head_lower == "swap":
            first, _, second = rest.partition(",")
            pair = sorted((b.parse_square(first), b.parse_square(second)))
            return Move(MoveKind.SWAP, squares=(pair[0], pair[1]))
        if head_lower.startswith("power:"):
            return _parse_power(b, head_lower[len("power:") :], rest, closed_regions)
    except (KeyError, ValueError) as error:
        raise InvalidMoveError(f"cannot read move {text!r}") from error
    raise InvalidMoveError(f"cannot read move {text!r}")


def _slot(text: str) -> int:
    match = re.fullmatch(r"card(\d)", text)
    if not match or int(match.group(1)) >= DISPLAY_SIZE:
        raise InvalidMoveError(f"{text!r} is not a card place (card0..card3)")
    return int(match.group(1))


def _parse_power(b: Board, power: str, rest: str, closed_regions: Callable[[], Iterable[int]]) -> Move:
    effect = power.rpartition(":")[2]
    if power not in (MIND, SHARED, FORCED) and power not in (f"{MIMETIC}:{p}" for p in (MIND, SHARED, FORCED)):
        raise InvalidMoveError(f"unknown power {power!r}")
    if effect == MIND:
        if rest:
            raise InvalidMoveError("Mind Control takes no square")
        return Move(MoveKind.POWER, power=power)
    square = b.parse_square(rest)
    if effect == SHARED:
        # Any square of the zone names it; the canonical one is its lowest square.
        for region in closed_regions():
            if region >> square & 1:
                square = (region & -region).bit_length() - 1
                break
    return Move(MoveKind.POWER, squares=(square,), power=power)


# ==== positions ====================================================================================
def position_text(b: Board, state: BauhausState) -> str:
    """A whole position as one line of ``key=value`` fields."""
    fields = [
        f"bauhaus size={state.size} players={state.players} powers={'on' if state.powers else 'off'}",
        f"first={state.first} phase={state.phase} turn={state.turn}",
        f"to_play={'-' if state.to_play is None else state.to_play}",
        f"chosen={state.chosen} placed={state.placed} supply={state.supply}",
        f"reserve={','.join(map(str, state.reserve))}",
        f"used={''.join('x' if u else '-' for u in state.used)}",
        f"walls={','.join(b.edge_name(e) for e in bits(state.walls)) or '-'}",
    ]
    for seat in range(state.players):
        tokens = [b.square_name(s) for s in bits(state.deployed[seat])]
        tokens += [b.square_name(s) + "*" for s in bits(state.control[seat])]
        fields.append(f"{COLOURS[seat]}={','.join(tokens) or '-'}")
    for key, cards in (("display", state.display), ("deck", state.deck), ("discard", state.discard)):
        fields.append(f"{key}={','.join(card_name(c) for c in cards) or '-'}")
    zones = ["+".join(b.square_name(s) for s in bits(zone)) for zone in state.locked]
    fields.append(f"locked={'/'.join(zones) or '-'}")
    return " ".join(fields)


def read_position(b: Board, text: str) -> BauhausState:
    """The position written by :func:`position_text`; :class:`InvalidPositionError` when it cannot be read."""
    try:
        return _read_position(b, text)
    except InvalidPositionError:
        raise
    except (KeyError, ValueError, IndexError, InvalidMoveError) as error:
        raise InvalidPositionError(f"cannot read Bauhaus position: {error}") from error


def _read_position(b: Board, text: str) -> BauhausState:
    parts = _SEP.split(text.strip())
    if not parts or parts[0] != "bauhaus":
        raise InvalidPositionError("a Bauhaus position starts with 'bauhaus'")
    fields = dict(part.split("=", 1) for part in parts[1:])
    if int(fields["size"]) != b.size:
        raise InvalidPositionError(f"this rules object plays on {b.size}×{b.size}")
    players = int(fields["players"])

    def listing(key: str) -> list[str]:
        value = fields[key]
        return [] if value == "-" else value.split(",")

    walls = 0
    for name in listing("walls"):
        walls |= 1 << b.parse_edge(name)
    deployed, control = [], []
    for seat in range(players):
        d = c = 0
        for name in listing(COLOURS[seat]):
            if name.endswith("*"):
                c |= 1 << b.parse_square(name[:-1])
            else:
                d |= 1 << b.parse_square(name)
        deployed.append(d)
        control.append(c)
    locked = []
    if fields["locked"] != "-":
        for zone in fields["locked"].split("/"):
            mask = 0
            for name in zone.split("+"):
                mask |= 1 << b.parse_square(name)
            locked.append(mask)
    to_play = None if fields["to_play"] == "-" else int(fields["to_play"])
    state = BauhausState(
        size=b.size,
        players=players,
        powers={"on": True, "off": False}[fields["powers"]],
        first=int(fields["first"]),
        phase=fields["phase"],
        turn=int(fields["turn"]),
        to_play=to_play,
        walls=walls,
        deployed=tuple(deployed),
        control=tuple(control),
        reserve=tuple(int(r) for r in fields["reserve"].split(",")),
        supply=int(fields["supply"]),
        deck=tuple(parse_card(c) for c in listing("deck")),
        display=tuple(parse_card(c) for c in listing("display")),
        discard=tuple(parse_card(c) for c in listing("discard")),
        chosen=int(fields["chosen"]),
        placed=int(fields["placed"]),
        used=tuple(ch == "x" for ch in fields["used"]),
        locked=tuple(sorted(locked)),
    )
    if state.phase not in (OPENING, CHOOSE, RESOLVE, OVER) or len(state.display) != DISPLAY_SIZE:
        raise InvalidPositionError("bad phase or display")
    if len(state.reserve) != players or len(state.used) != players or not 2 <= players <= 4:
        raise InvalidPositionError("reserve and used need one entry per player")
    return state


# ==== board pictures (tests, debugging) =============================================================
def picture(b: Board, state: BauhausState) -> str:
    """The board as text: ``+-+`` rows of horizontal walls, ``|`` vertical walls, tokens as
    ``b y r k`` (upper case: control face), ``.`` an empty square; top row first."""
    n = b.size
    lines = []
    for line in range(n, -1, -1):
        lines.append(
            "+" + "+".join("-" if state.walls >> (line * b.stride + col) & 1 else " " for col in range(n)) + "+"
        )
        if line == 0:
            break
        row = line - 1
        chars = []
        for x in range(n + 1):
            edge = b.v_offset + row * b.stride + x
            chars.append("|" if state.walls >> edge & 1 else " ")
            if x < n:
                chars.append(_token_char(state, b.square(x, row)))
        lines.append("".join(chars))
    return "\n".join(lines)


def _token_char(state: BauhausState, square: int) -> str:
    for seat in range(state.players):
        if state.deployed[seat] >> square & 1:
            return TOKEN_LETTERS[seat]
        if state.control[seat] >> square & 1:
            return TOKEN_LETTERS[seat].upper()
    return "."


def picture_position(
    b: Board,
    picture: str,
    players: int = 2,
    *,
    display: tuple[str, ...] = ("place", "free", "move-wall", "move"),
    deck: tuple[str, ...] | None = None,
    phase: str = CHOOSE,
    turn: int = 0,
    powers: bool = False,
    used: tuple[bool, ...] | None = None,
) -> BauhausState:
    """A position from a board picture (see :func:`picture`), with the rest filled in sensibly:
    reserves and supply from what is on the board, the deck from the cards not shown. Zones are not
    settled yet (the rules do that)."""
    n = b.size
    # Only trailing blanks may go: a leading blank is a missing wall on the left border.
    lines = [line.rstrip() for line in textwrap.dedent(picture).split("\n") if line.strip()]
    if len(lines) != 2 * n + 1:
        raise InvalidPositionError(f"a {n}×{n} picture has {2 * n + 1} lines")
    walls = 0
    deployed = [0] * players
    control = [0] * players
    for index, text in enumerate(lines):
        text = text.ljust(2 * n + 1)
        if index % 2 == 0:
            line = n - index // 2
            for col in range(n):
                if text[2 * col + 1] == "-":
                    walls |= 1 << (line * b.stride + col)
        else:
            row = n - 1 - index // 2
            for x in range(n + 1):
                if text[2 * x] == "|":
                    walls |= 1 << (b.v_offset + row * b.stride + x)
            for col in range(n):
                ch = text[2 * col + 1]
                if ch in ". ":
                    continue
                seat = TOKEN_LETTERS.index(ch.lower())
                if seat >= players:
                    raise InvalidPositionError(f"token {ch!r} needs more players")
                target = control if ch.isupper() else deployed
                target[seat] |= 1 << b.square(col, row)
    shown = [parse_card(c) for c in display]
    if deck is None:
        rest = Counter(deck_for(players)) - Counter(c for c in shown if c != NO_CARD)
        deck_cards = tuple(sorted(rest.elements()))
        discard: tuple[int, ...] = ()
    else:
        deck_cards = tuple(parse_card(c) for c in deck)
        rest = Counter(deck_for(players)) - Counter(deck_cards) - Counter(c for c in shown if c != NO_CARD)
        discard = tuple(sorted(rest.elements()))
    return BauhausState(
        size=n,
        players=players,
        powers=powers,
        first=0,
        phase=phase,
        turn=turn,
        to_play=None if phase == OVER else turn,
        walls=walls,
        deployed=tuple(deployed),
        control=tuple(control),
        reserve=tuple(TOKENS_PER_PLAYER - (d | c).bit_count() for d, c in zip(deployed, control, strict=True)),
        supply=TOTAL_WALLS - walls.bit_count(),
        deck=deck_cards,
        display=tuple(shown),
        discard=discard,
        used=used if used is not None else (False,) * players,
    )
