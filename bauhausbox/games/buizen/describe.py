"""Buizen Wir-War moves in words (the engine contract's ``describe_move``).

"Circle laid a gas bend right of the start pump room and drew 2 tiles", "Square laid an open pit on the
road below Circle's fire-hose straight ending in a road and drew 1 tile". The table has no edge and its
coordinates mean nothing to players, so a cell is named by a neighbour: the start pump room when it
touches it, else a pipe tile it touches (by what it shows and who laid it), else a pump room or a
road. Tile numbers, faces and turns are never named: a face is called by its pipes ("a PP–PE100
crossing with a road end"). Automatic roads and pump rooms, pipe ends left open for good and the
end of the game are added. A network the move closes (or an open pit reopens), and its points, is an
entry of its own (``outcome_sentence``): whose it is is said only to that player (the colours are secret).

Hands, colour tiles and the bag are secret: a sentence names a tile only once it lies on the
table, and a draw says how many tiles, never which.

Sentences are said in the players' language: each is one whole template with named places
("{who} laid {tile} {where}"), and what fills a place is a whole phrase too ("right of {place}",
"{name}'s {tile}"), so a translation orders its words freely and never glues fragments.
"""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.api import Seat
from bauhausbox.games.buizen.networks import material_scores
from bauhausbox.games.buizen.rules import BuizenRules
from bauhausbox.games.buizen.state import BuizenState, Cell, Draw, LaidPipe, Move, Place, Special
from bauhausbox.games.buizen.tiles import MATERIALS, OPEN_PIT, SPECIAL_TITLES, STEPS, TILE_BY_NUMBER
from bauhausbox.i18n import N_, _, fill, ngettext, npgettext, signed

# TRANSLATORS: a pipe material as an adjective, before a tile's name ("a fire-hose bend").
MATERIAL_WORDS: dict[str, str] = {"PP": N_("PP"), "PE": N_("PE100"), "FH": N_("fire-hose"), "GAS": N_("gas")}

# Face codes of the tile table in docs/rules/buizen.md, in words: what a laid tile is called, and the shorter
# name it goes by when it serves as a landmark. {material} is the face's material; {first} and {second}
# are a two-pipe face's materials.
FACE_WORDS: dict[str, tuple[str, str]] = {
    "S1": (N_("{material} straight"), N_("{material} straight")),
    "S2": (N_("{material} straight"), N_("{material} straight")),
    "B1": (N_("{material} bend"), N_("{material} bend")),
    "B2": (N_("{material} bend"), N_("{material} bend")),
    "ES": (N_("{material} straight ending in an eave"), N_("{material} straight")),
    "RS": (N_("{material} straight ending in a road"), N_("{material} straight")),
    "EB": (N_("{material} bend ending in an eave"), N_("{material} bend")),
    "RB": (N_("{material} bend ending in a road"), N_("{material} bend")),
    "RT": (N_("{material} straight with a branch to a road"), N_("{material} branch")),
    "X": (N_("{material} four-way"), N_("{material} four-way")),
    "T": (N_("{material} three-way"), N_("{material} three-way")),
    "C1": (N_("{first}–{second} crossing"), N_("{first}–{second} crossing")),
    "C2": (N_("{first}–{second} crossing with a road end"), N_("{first}–{second} crossing")),
    "C3": (N_("{first}–{second} crossing with a road end"), N_("{first}–{second} crossing")),
    "D1": (N_("{first}–{second} double bend"), N_("{first}–{second} double bend")),
    "D2": (N_("{first}–{second} double pipe ending in a road and an eave"), N_("{first}–{second} double pipe")),
    "D3": (N_("{first}–{second} double pipe ending in a road and an eave"), N_("{first}–{second} double pipe")),
}

# Where a cell lies seen from its neighbour in direction d (north, east, south, west of it); {place}
# is that neighbour ("the start pump room", "Circle's gas bend", "a road").
# TRANSLATORS: where a tile was laid, by the neighbour {place} it touches ("right of Circle's gas bend").
BESIDE: tuple[str, ...] = (N_("below {place}"), N_("left of {place}"), N_("above {place}"), N_("right of {place}"))
# Where a neighbour in direction d lies, seen from the cell.
TOWARDS: tuple[str, ...] = (N_("above it"), N_("to its right"), N_("below it"), N_("to its left"))


def _face_template(number: int, face: int, short: bool) -> tuple[str, dict[str, str]]:
    """The English template naming a face and its materials in English (untranslated)."""
    kind, _space, materials = TILE_BY_NUMBER[number].faces[face].code.partition(" ")
    words = [MATERIAL_WORDS[m] for m in materials.split("/")]
    return FACE_WORDS[kind][short], {"material": words[0], "first": words[0], "second": words[-1]}


def face_words(number: int, face: int, short: bool = False) -> str:
    """``gas bend ending in a road``, ``PP–PE100 crossing with a road end``; ``short``: ``gas bend``
    (in the players' language)."""
    template, materials = _face_template(number, face, short)
    return _(template).format(**{key: _(word) for key, word in materials.items()})


def _a(number: int, face: int, short: bool = False) -> str:
    """The face with its indefinite article: ``a gas bend`` (``an`` before an English vowel)."""
    template, materials = _face_template(number, face, short)
    english = template.format(**materials)
    # TRANSLATORS: {tile} is a pipe tile's name ("gas bend", "PP–PE100 crossing"); English says "an"
    # before a vowel.
    article = N_("an {tile}") if english[0] in "aeiouAEIOU" else N_("a {tile}")
    return _(article).format(tile=face_words(number, face, short))


def _landmark(
    rules: BuizenRules, state: BuizenState, cell: Cell, names: Sequence[str] | None, viewer: Seat | None
) -> str:
    """Where ``cell`` lies, by a neighbour: ``right of the start pump room``, ``below Circle's gas bend``."""
    pipes = dict(state.pipes)
    roads = dict(state.roads)
    x, y = cell
    neighbours = [(direction, (x + dx, y + dy)) for direction, (dx, dy) in enumerate(STEPS)]

    def beside(direction: int, place: str) -> str:
        return _(BESIDE[direction]).format(place=place)

    for direction, other in neighbours:
        if other == (0, 0):
            return beside(direction, _("the start pump room"))
    for direction, other in neighbours:
        laid = pipes.get(other)
        if laid is not None:
            return beside(direction, _pipe(rules, state, laid, names, viewer))
    for direction, other in neighbours:
        if other in state.pumps:
            by, alone = N_("the pump room by {pipe}"), N_("a pump room")
        elif other in roads:
            by, alone = N_("the road by {pipe}"), N_("a road")
        else:
            continue
        # A road or pump room is named by the pipe tile it serves.
        ox, oy = other
        served = [pipes[c] for c in ((ox + dx, oy + dy) for dx, dy in STEPS) if c in pipes and c != cell]
        if served:
            return beside(direction, _(by).format(pipe=_pipe(rules, state, served[0], names, viewer)))
        return beside(direction, _(alone))
    return _("apart from the layout")  # not reached: every tile is laid next to the layout


def _pipe(
    rules: BuizenRules, state: BuizenState, laid: LaidPipe, names: Sequence[str] | None, viewer: Seat | None
) -> str:
    """``Circle's gas bend`` (``the gas bend`` when who laid it is unknown, ``your gas bend`` to its
    layer: a player reading of their own tile under their own name would look for someone else)."""
    words = face_words(laid.number, laid.face, short=True)
    if laid.seat < 0:
        # TRANSLATORS: {tile} is a pipe tile's name ("gas bend"), the tile a new one is laid against.
        return _("the {tile}").format(tile=words)
    if viewer is not None and laid.seat == viewer:
        # TRANSLATORS: {tile} is a pipe tile's name ("gas bend") that the reader laid.
        return _("your {tile}").format(tile=words)
    # TRANSLATORS: {name} is the player who laid the pipe tile {tile} ("gas bend").
    return fill(_("{name}'s {tile}"), name=rules.mover_name(state, laid.seat, names), tile=words)


def move_sentence(
    rules: BuizenRules,
    state: BuizenState,
    move: Move,
    *,
    seat: Seat,
    who: str,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """What ``seat`` (called ``who``) did (``GameRules.describe_move`` finds the mover and explains the rest)."""
    after = rules.apply(state, move, seat)
    # The reader's own move speaks to the reader ("You laid …"), as the puzzles' "You placed …": at a
    # shared device the reader is the seat unveiled, who looks for their own moves (docs/architecture.md).
    you = viewer is not None and viewer == seat
    if isinstance(move, Place):
        where = _landmark(rules, state, move.cell, names, viewer)
        template = _("You laid {tile} {where}") if you else _("{who} laid {tile} {where}")
        sentence = template.format(who=who, tile=_a(move.number, move.face), where=where)
    elif isinstance(move, Special):
        top = dict(state.roads)[move.cell]
        road = _("the open pit") if top and top[-1] == OPEN_PIT else _("the road")
        template = _("You laid {special} on {road} {where}") if you else _("{who} laid {special} on {road} {where}")
        sentence = template.format(
            who=who,
            special=_(SPECIAL_TITLES[move.kind]),
            road=road,
            where=_landmark(rules, state, move.cell, names, viewer),
        )
    elif isinstance(move, Draw):
        sentence = (_("You could play no tile") if you else _("{who} could play no tile")).format(who=who)
    else:
        sentence = (_("You could play no tile and passed") if you else _("{who} could play no tile and passed")).format(
            who=who
        )
    if after.drawn:
        sentence = _drew(sentence, after.drawn, you)
    if isinstance(move, Place):
        sentence = _automatic(state, after, move.cell, sentence)
    if after.to_play is None:
        sentence = _("{sentence}; nobody can play any more: the game is over").format(sentence=sentence)
    return sentence


def _drew(sentence: str, drawn: int, you: bool) -> str:
    """``… and drew 2 tiles``: how many, never which (the tiles are secret); the noun is said (a bare
    "drew 1" read as unfinished), and French says it to the reader in another form ("avez pioché")."""
    if you:
        # TRANSLATORS: the reader ("You laid …") drew {n} tiles.
        drew = npgettext("you", "{sentence} and drew {n} tile", "{sentence} and drew {n} tiles", drawn)
    else:
        drew = ngettext("{sentence} and drew {n} tile", "{sentence} and drew {n} tiles", drawn)
    return drew.format(sentence=sentence, n=drawn)


def short_sentence(
    rules: BuizenRules, state: BuizenState, move: Move, *, seat: Seat, who: str, viewer: Seat | None = None
) -> str:
    """The move in the fewest words, for a status bar with no room for the whole sentence: the tile
    by its short name, not where it went ("Anni laid a gas bend and drew 1 tile", "You laid …" to its
    mover, as in the log); the log says it all."""
    you = viewer is not None and viewer == seat
    if isinstance(move, Place):
        template = _("You laid {tile}") if you else _("{who} laid {tile}")
        sentence = template.format(who=who, tile=_a(move.number, move.face, short=True))
    elif isinstance(move, Special):
        template = _("You laid {special}") if you else _("{who} laid {special}")
        sentence = template.format(who=who, special=_(SPECIAL_TITLES[move.kind]))
    else:  # a draw or a pass is short already
        return move_sentence(rules, state, move, seat=seat, who=who, viewer=viewer)
    drawn = rules.apply(state, move, seat).drawn
    return _drew(sentence, drawn, you) if drawn else sentence


def _automatic(state: BuizenState, after: BuizenState, cell: Cell, sentence: str) -> str:
    """``…; the rules put a road to its right`` — the roads and pump rooms the rules added, and open
    ends, said after ``sentence``."""
    x, y = cell
    new_roads = {c for c, _tiles in after.roads} - {c for c, _tiles in state.roads}
    new_pumps = set(after.pumps) - set(state.pumps)
    new_blocked = set(after.blocked) - set(state.blocked)
    added = []
    left_open = []
    for direction, (dx, dy) in enumerate(STEPS):
        neighbour = (x + dx, y + dy)
        towards = _(TOWARDS[direction])
        if neighbour in new_roads:
            added.append(_("a road {where}").format(where=towards))
        elif neighbour in new_pumps:
            added.append(_("a pump room {where}").format(where=towards))
        elif neighbour in new_blocked:
            left_open.append(towards)
    if added:
        sentence = _("{sentence}; the rules put {tiles}").format(sentence=sentence, tiles=_join(added))
    if left_open:
        sentence = _("{sentence}; the pile was empty, so the pipe end {where} stays open for good").format(
            sentence=sentence, where=_join(left_open)
        )
    return sentence


def _join(words: Sequence[str]) -> str:
    if len(words) == 1:
        return words[0]
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def outcome_sentence(
    rules: BuizenRules,
    state: BuizenState,
    move: Move,
    *,
    seat: Seat,
    who: str,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """The networks ``move`` closed or reopened and the points they brought or took (``""`` when none):
    "Your PE100 network is closed: +6", "A PP network is reopened: −4 for whoever has PP as colour".
    A colour is secret, so whose network it is is said only to its owner (and to an observer who sees
    everything); the others read for whom the points count, not who."""
    after = rules.apply(state, move, seat)
    before, now = material_scores(state), material_scores(after)
    owners = {state.colours[s]: s for s in range(state.players)}
    said = []
    for material in MATERIALS:
        points = now[material] - before[material]
        owner = owners.get(material)
        if not points or (viewer is None and owner is None):  # a colour nobody holds scores for nobody
            continue
        # An open pit laid on a road a closed network ends in opens it again: its points go.
        reopened = points < 0
        words, change = _(MATERIAL_WORDS[material]), signed(points)
        if owner is not None and owner == viewer:
            template = (
                N_("Your {material} network is reopened: {points}")
                if reopened
                else N_("Your {material} network is closed: {points}")
            )
            said.append(_(template).format(material=words, points=change))
        elif viewer is None and owner is not None:
            # TRANSLATORS: {name}'s network of the pipe material {material} closed (or opened again by an
            # open pit); {points} is the change of points with its sign ("+6", "−2").
            template = (
                N_("{name}'s {material} network is reopened: {points}")
                if reopened
                else N_("{name}'s {material} network is closed: {points}")
            )
            said.append(fill(_(template), name=rules.mover_name(state, owner, names), material=words, points=change))
        else:
            # TRANSLATORS: the network's owner is secret: the points ("+6", "−2") go to whoever has {material}
            # as colour.
            template = (
                N_("A {material} network is reopened: {points} for whoever has {material} as colour")
                if reopened
                else N_("A {material} network is closed: {points} for whoever has {material} as colour")
            )
            said.append(_(template).format(material=words, points=change))
    sentence = ""
    for clause in said:
        # TRANSLATORS: two closed networks said one after the other.
        sentence = _("{first}; {second}").format(first=sentence, second=clause) if sentence else clause
    return sentence
