"""Blokus games as Pentobi's game files (``.blksgf``), both ways. Pure: no pygame, no files.

The format is Pentobi's SGF dialect (Pentobi-SGF.md in Pentobi's sources): a game tree of nodes with
properties. ``GM`` names the variant (``Blokus``, ``Blokus Two-Player``, ``Blokus Three-Player``,
``Blokus Duo``, ``Blokus Junior``); a move is a property named after its colour (``1``–``4``, or
``B`` and ``W`` in Duo and Junior) whose value lists the squares the piece covers, ``a1`` at the
bottom left as in our notation (``B[f9,e10,f10,g10,f11]``). Setup properties (``AB``, ``AW``,
``A1``–``A4``) place pieces without moves.

:func:`write` gives the file of a game (finished or not): ``GM``, the players' names, the date, the
result once it is over, and every move with its colour. :func:`read` takes the main line of a file
(the first variation at every branch) back to a game: players, options, names and move texts, each
move checked by the rules. A bad file raises :class:`SgfError` with one sentence naming the problem
and, for a move, its number; nothing is half-loaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bauhausbox.engine.api import GameError, Words
from bauhausbox.games.blokus.rules import COLOUR_NAMES, GAME, BlokusState
from bauhausbox.games.blokus.variants import CLASSIC, DUO, JUNIOR

#: Pentobi's ``GM`` for each (players, variant) we play, and back.
GAME_NAMES: dict[tuple[int, str], str] = {
    (4, CLASSIC): "Blokus",
    (2, CLASSIC): "Blokus Two-Player",
    (3, CLASSIC): "Blokus Three-Player",
    (2, DUO): "Blokus Duo",
    (2, JUNIOR): "Blokus Junior",
}
_BY_NAME: dict[str, tuple[int, str]] = {name: key for key, name in GAME_NAMES.items()}
#: The largest file read: Pentobi's biggest opening book is a few hundred kilobytes.
MAX_BYTES = 4_000_000


class SgfError(ValueError):
    """A file that is not a Blokus game we can open; ``args[0]`` is one sentence (:class:`Words`)."""


@dataclass
class SgfGame:
    """What a ``.blksgf`` holds for us: the setup and the main line's moves, already checked."""

    players: int
    options: dict[str, str] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # our move texts, in order
    date: str = ""


def _colour_keys(variant: str) -> tuple[str, ...]:
    """The property naming each colour's moves (and, with ``A``, its setup)."""
    return ("B", "W") if variant != CLASSIC else ("1", "2", "3", "4")


def _shown(text: str, limit: int) -> str:
    """A piece of the file quoted in a refusal: on one line, nothing unprintable, at most ``limit`` long."""
    flat = " ".join(text.split())
    return "".join(ch if ch.isprintable() else "?" for ch in flat)[:limit]


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


# -- writing ------------------------------------------------------------------------------------------
def write(
    players: int,
    options: dict[str, object],
    names: Sequence[str],
    moves: Sequence[str],
    date: str = "",
    application: str = "",
) -> str:
    """The ``.blksgf`` text of a game: its setup, the players' ``names`` per seat, our move texts
    replayed through the rules (so each move gets its colour), ``date`` as ``YYYY-MM-DD`` and, once
    the game is over, its result. A team game is written as plain four-player Blokus (Pentobi has no
    teams; the moves are the same)."""
    variant = str(options.get("variant", CLASSIC)) if players == 2 else CLASSIC
    state: BlokusState = GAME.new_game(players, 0, **({"variant": variant} if players == 2 else {}))
    keys = _colour_keys(variant)
    root = [f"GM[{GAME_NAMES[(players, variant)]}]", "FF[4]", "CA[UTF-8]"]
    if application:
        root.append(f"AP[{_escape(application)}]")
    seat_keys = ("PB", "PW") if players == 2 else tuple(f"P{n}" for n in range(1, players + 1))
    root += [f"{key}[{_escape(name)}]" for key, name in zip(seat_keys, names, strict=False)]
    if date:
        root.append(f"DT[{_escape(date)}]")
    body = []
    for text in moves:
        move = GAME.parse_move(state, text)
        body.append(f";{keys[state.colour]}[{move.text}]")
        state = GAME.apply(state, move)
    if state.to_play is None:
        root.append(_result(state, players, variant))
    lines = ["(;" + "".join(root), *body, ")"]
    return "\n".join(lines) + "\n"


def _result(state: BlokusState, players: int, variant: str) -> str:
    """``RE`` for two players (``B+3``, ``W+1``, ``0``), else the points per colour in ``GC``."""
    scores = GAME.scores(state)
    if players == 2:
        margin = scores[0] - scores[1]
        return "RE[0]" if margin == 0 else f"RE[{'B' if margin > 0 else 'W'}+{abs(margin)}]"
    points = ", ".join(f"{COLOUR_NAMES[seat]} {score}" for seat, score in enumerate(scores))
    return f"GC[Final points: {points}]"


# -- reading ------------------------------------------------------------------------------------------
Node = dict[str, list[str]]


def read(data: bytes | str) -> SgfGame:
    """The game in a ``.blksgf`` (its main line), checked move by move; :class:`SgfError` otherwise."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise SgfError(
                Words("the file is too large for a Blokus game (over {limit} MB)", limit=MAX_BYTES // 1_000_000)
            )
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise SgfError(Words("the file is not UTF-8 text (byte {at})", at=error.start + 1)) from None
    else:
        text = data
    nodes = main_line(text)
    if not nodes:
        raise SgfError(Words("the game tree has no nodes"))
    root = nodes[0]
    gm = root.get("GM", [""])[0].strip()
    if gm not in _BY_NAME:
        known = ", ".join(GAME_NAMES.values())
        raise SgfError(
            Words("GM[{gm}] is not a game bauhausbox plays (it reads {known})", gm=_shown(gm, 40), known=known)
        )
    players, variant = _BY_NAME[gm]
    options = {"variant": variant} if players == 2 else {}
    keys = _colour_keys(variant)
    seat_keys = ("PB", "PW") if players == 2 else tuple(f"P{n}" for n in range(1, players + 1))
    names = [root.get(key, [""])[0].strip()[:40] for key in seat_keys]
    state: BlokusState = GAME.new_game(players, 0, **options)
    game = SgfGame(players, options, names, [], root.get("DT", [""])[0][:40])
    for number, node in enumerate(nodes):
        state = _setup(state, node, keys, game, number)
        for key in [key for key in node if key in keys]:
            for value in node[key]:
                state = _play(state, keys.index(key), value, game, Words("move {number}", number=len(game.moves) + 1))
    return game


def _setup(state: BlokusState, node: Node, keys: tuple[str, ...], game: SgfGame, number: int) -> BlokusState:
    """Setup properties as moves: each colour's pieces placed in the order of play. A position that
    the order of play cannot reach (or ``AE``, which takes pieces off) is refused."""
    if "AE" in node:
        raise SgfError(Words("node {number} takes pieces off the board (AE), which a game cannot do", number=number))
    pending = {keys.index(key[1:]): list(node[key]) for key in node if key[:1] == "A" and key[1:] in keys}
    while any(pending.values()):
        colour = state.colour
        values = pending.get(colour, [])
        if state.to_play is None or not values:
            raise SgfError(Words("the setup of node {number} cannot be reached by playing in turn", number=number))
        for index, value in enumerate(values):
            try:
                move = GAME.parse_move(state, _squares(value))
            except GameError:
                continue
            if GAME.check(state, move) is None:
                state = _play(state, colour, value, game, Words("setup piece {number}", number=len(game.moves) + 1))
                del values[index]
                break
        else:
            raise SgfError(Words("the setup of node {number} cannot be reached by playing in turn", number=number))
    if "PL" in node:
        wanted = node["PL"][0].strip()
        if wanted in keys and state.to_play is not None and keys.index(wanted) != state.colour:
            raise SgfError(
                Words("node {number} gives the turn (PL) to a colour that is not next in turn", number=number)
            )
    return state


def _squares(value: str) -> str:
    return value.strip().lower()


def _play(state: BlokusState, colour: int, value: str, game: SgfGame, what: Words) -> BlokusState:
    """``state`` after ``colour`` places the piece ``value``; :class:`SgfError` naming ``what`` otherwise."""
    if state.to_play is None:
        raise SgfError(Words("{what}: the game is already over", what=what))
    if colour != state.colour:
        raise SgfError(
            Words(
                "{what} is {colour}'s, but {mover} is to play",
                what=what,
                colour=Words(COLOUR_NAMES[colour]),
                mover=Words(COLOUR_NAMES[state.colour]),
            )
        )
    try:
        move = GAME.parse_move(state, _squares(value))
        after = GAME.apply(state, move)
    except GameError as error:
        reason = error.args[0] if error.args else str(error)
        raise SgfError(
            Words("{what} ({squares}) is not allowed: {reason}", what=what, squares=_shown(value, 60), reason=reason)
        ) from None
    game.moves.append(move.text)
    return after


def main_line(text: str) -> list[Node]:
    """The nodes of the first game tree's main line (the first variation at every branch).

    Read without recursion (a hostile file may nest deeply): a variation other than the first is
    skipped by counting brackets."""
    at = 0
    length = len(text)
    nodes: list[Node] = []

    def skip_space(i: int) -> int:
        while i < length and text[i].isspace():
            i += 1
        return i

    at = skip_space(at)
    if at >= length or text[at] != "(":
        raise SgfError(Words("the file is not a game tree: it does not start with '('"))
    took_first = [False]  # per open bracket: whether its first child variation has been taken
    at += 1
    depth = 1
    while True:
        at = skip_space(at)
        if at >= length:
            raise SgfError(Words("the game tree is not closed: a ')' is missing at the end"))
        ch = text[at]
        if ch == ";":
            if took_first[-1]:
                # A node after a variation inside the same tree is not SGF.
                raise SgfError(Words("the game tree is broken: a node follows a variation (byte {at})", at=at + 1))
            node, at = _node(text, at + 1)
            nodes.append(node)
            if len(nodes) > 10_000:
                raise SgfError(Words("the main line is too long for a Blokus game"))
        elif ch == "(":
            if took_first[-1]:
                at = _skip_tree(text, at)  # a later variation: not the main line
                continue
            took_first[-1] = True
            took_first.append(False)
            depth += 1
            at += 1
        elif ch == ")":
            depth -= 1
            at += 1
            took_first.pop()
            if depth == 0:
                return nodes
            # Back in a tree whose first child is done: its other children are skipped, then it closes.
        else:
            raise SgfError(
                Words("the game tree is broken: unexpected '{char}' at byte {at}", char=_shown(ch, 1), at=at + 1)
            )


def _skip_tree(text: str, at: int) -> int:
    """The position after the variation starting at ``at`` (its brackets balanced, values skipped)."""
    depth = 0
    length = len(text)
    while at < length:
        ch = text[at]
        if ch == "[":
            at = _value(text, at)[1]
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return at + 1
        at += 1
    raise SgfError(Words("the game tree is not closed: a ')' is missing at the end"))


def _node(text: str, at: int) -> tuple[Node, int]:
    """The properties of the node starting at ``at`` (after its ``;``), and where it ends."""
    node: Node = {}
    length = len(text)
    while True:
        while at < length and text[at].isspace():
            at += 1
        start = at
        while at < length and (text[at].isalnum() and text[at].isascii()):
            at += 1
        name = text[start:at]
        if not name:
            return node, at
        while at < length and text[at].isspace():
            at += 1
        if at >= length or text[at] != "[":
            raise SgfError(Words("property {name} has no value (byte {at})", name=name[:20], at=at + 1))
        values = node.setdefault(name.upper() if not name.isdigit() else name, [])
        while at < length and text[at] == "[":
            value, at = _value(text, at)
            values.append(value)
            while at < length and text[at].isspace():
                at += 1


def _value(text: str, at: int) -> tuple[str, int]:
    """The value in brackets at ``at`` (escapes undone) and the position after its ``]``."""
    out = []
    at += 1
    length = len(text)
    while at < length:
        ch = text[at]
        if ch == "\\" and at + 1 < length:
            out.append(text[at + 1])
            at += 2
            continue
        if ch == "]":
            return "".join(out), at + 1
        out.append(ch)
        at += 1
    raise SgfError(Words("a property value is not closed: a ']' is missing"))
