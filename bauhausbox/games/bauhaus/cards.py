"""The Bauhaus action cards and wall patterns, defined once as data (``docs/rules/bauhaus.md``, "our edition").

A card is stored in game states as a small int (its index in :data:`CARDS`); its text name is what
positions and logs show. Patterns are given as edges in a local frame (``H(c, r)`` is the top edge of
square ``(c, r)``, ``V(c, r)`` its left edge) and expanded here into every rotation and reflection, as
sets of edge midpoints in doubled coordinates, independent of any board.

The local frame counts rows *downwards*. ``docs/rules/bauhaus.md``'s U3 "cup" (``V(0,0) V(1,0) H(0,1)``) is only
a cup — three sides of one square — in that reading; every other pattern reads the same either way,
and since all rotations and reflections are allowed the choice changes nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

from bauhausbox.engine.api import Words
from bauhausbox.i18n import N_

# An edge midpoint in doubled coordinates: square (c, r) spans x in [2c, 2c+2], y in [2r, 2r+2], so a
# horizontal edge has odd x and even y, a vertical edge even x and odd y.
Point = tuple[int, int]
Orientation = frozenset[Point]

# The dihedral group of the square acting on (x, y): (a*x + b*y, c*x + d*y).
_TRANSFORMS: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1),
    (0, -1, 1, 0),
    (-1, 0, 0, -1),
    (0, 1, -1, 0),
    (-1, 0, 0, 1),
    (0, 1, 1, 0),
    (1, 0, 0, -1),
    (0, -1, -1, 0),
)


def top_edge(col: int, row: int) -> Point:
    """``H(col, row)``: the top edge of a square of the local frame (rows counted downwards)."""
    return 2 * col + 1, 2 * row


def left_edge(col: int, row: int) -> Point:
    """``V(col, row)``: the left edge of a square of the local frame."""
    return 2 * col, 2 * row + 1


def normalize(points: frozenset[Point] | set[Point]) -> Orientation:
    """Translate by whole squares (even steps, so edge directions survive) to touch the origin."""
    dx = min(x for x, _ in points) // 2 * 2
    dy = min(y for _, y in points) // 2 * 2
    return frozenset((x - dx, y - dy) for x, y in points)


def transformed(points: frozenset[Point], quarter_turns: int, mirrored: bool) -> Orientation:
    """The pattern turned ``quarter_turns`` × 90° (after mirroring when ``mirrored``), normalised:
    what the screen's R (rotate) and F (flip) keys produce."""
    a, b, c, d = _TRANSFORMS[quarter_turns % 4 + (4 if mirrored else 0)]
    return normalize({(a * x + b * y, c * x + d * y) for x, y in points})


def orientations_of(points: frozenset[Point]) -> tuple[Orientation, ...]:
    """Every distinct rotation and reflection, first the pattern as printed."""
    seen: list[Orientation] = []
    for a, b, c, d in _TRANSFORMS:
        shape = normalize({(a * x + b * y, c * x + d * y) for x, y in points})
        if shape not in seen:
            seen.append(shape)
    return tuple(seen)


@dataclass(frozen=True, slots=True)
class Pattern:
    """A wall pattern printed on three Pattern-walls cards; ``title`` ("long L") is marked for the
    catalogs and translated where shown."""

    id: str
    title: str
    edges: frozenset[Point]

    @property
    def walls(self) -> int:
        return len(self.edges)

    @property
    def orientations(self) -> tuple[Orientation, ...]:
        return orientations_of(self.edges)


PATTERNS: tuple[Pattern, ...] = (
    Pattern("I2", N_("straight"), frozenset({top_edge(0, 0), top_edge(1, 0)})),
    Pattern("L2", N_("corner"), frozenset({top_edge(0, 0), left_edge(0, 0)})),
    Pattern("P2", N_("parallel"), frozenset({top_edge(0, 0), top_edge(0, 1)})),
    Pattern("I3", N_("straight"), frozenset({top_edge(0, 0), top_edge(1, 0), top_edge(2, 0)})),
    Pattern("U3", N_("cup"), frozenset({left_edge(0, 0), left_edge(1, 0), top_edge(0, 1)})),
    Pattern("L3", N_("long L"), frozenset({top_edge(0, 0), top_edge(1, 0), left_edge(0, 0)})),
    Pattern("T3", N_("tee"), frozenset({top_edge(0, 0), top_edge(1, 0), left_edge(1, 0)})),
)

# What a card does; the patterns are kind PATTERN with their own card entries.
PLACE, FREE_WALLS, MOVE_WALL, MOVE_TOKEN, SWAP, PATTERN = "place", "free", "move-wall", "move", "swap", "pattern"


@dataclass(frozen=True, slots=True)
class CardType:
    """One kind of action card: its text name (the notation's), what it does, how many are in the
    full deck. ``title`` is what players read, translatable :class:`Words` ("Move wall")."""

    name: str
    kind: str
    title: Words
    count: int
    walls: int = 0  # walls taken from the supply
    pattern: Pattern | None = None


CARDS: tuple[CardType, ...] = (
    CardType(PLACE, PLACE, Words("Place token"), 24),
    CardType(FREE_WALLS, FREE_WALLS, Words("Two walls"), 6, walls=2),
    CardType(MOVE_WALL, MOVE_WALL, Words("Move wall"), 8),
    CardType(MOVE_TOKEN, MOVE_TOKEN, Words("Move token"), 6),
    CardType(SWAP, SWAP, Words("Swap tokens"), 6),
    *(CardType(p.id, PATTERN, Words("Pattern {id}", id=p.id), 3, walls=p.walls, pattern=p) for p in PATTERNS),
)

CARD_INDEX: dict[str, int] = {card.name: index for index, card in enumerate(CARDS)}
PLACE_CARD = CARD_INDEX[PLACE]
PATTERN_BASE = CARD_INDEX[PATTERNS[0].id]  # card index of the first pattern; pattern i is card PATTERN_BASE + i
NO_CARD = -1  # an empty display slot

DISPLAY_SIZE = 4
TOTAL_WALLS = 66
TOKENS_PER_PLAYER = 8
# Place-token cards left in the box for 2 and 3 players.
REMOVED_PLACE_CARDS: dict[int, int] = {2: 12, 3: 6, 4: 0}


def deck_for(players: int) -> tuple[int, ...]:
    """The cards in play for a player count, in card order (shuffle before use)."""
    cards: list[int] = []
    for index, card in enumerate(CARDS):
        count = card.count - (REMOVED_PLACE_CARDS[players] if index == PLACE_CARD else 0)
        cards += [index] * count
    return tuple(cards)


def card_name(card: int) -> str:
    return "-" if card == NO_CARD else CARDS[card].name


def parse_card(name: str) -> int:
    """Card index from its name (``-`` is an empty slot); raises ``KeyError`` when unknown."""
    name = name.strip()
    return NO_CARD if name == "-" else CARD_INDEX[name]
