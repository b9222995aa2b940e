"""Bits components as data: colours, the 20 tiles, the start tiles, the 16 goal cards, the solo ranks,
and the scoring of a board against goal cards (``docs/rules/bits.md``, "Components" and "Goal cards and scoring").

Everything here is defined once; the rules, the computer players and the screen derive from it.
A *board* is a 36-character string, row-major from the bottom row of the ramp (index ``row * 6 + col``,
both 0-based), ``.`` for an empty cell or hole, a colour letter otherwise (see :mod:`.board`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bauhausbox.engine.api import Words
from bauhausbox.engine.shapes import canonical, parse_picture
from bauhausbox.i18n import N_

SIZE = 6
CELLS = SIZE * SIZE
EMPTY = "."
NEUTRAL = "N"

# Colour letter -> (name, symbol shown on the tile for colour-blind players). The names are English
# message ids: a screen shows ``Words(COLOUR_NAMES[letter])`` translated.
COLOURS: tuple[str, ...] = ("R", "Y", "B", "P", "K")
COLOUR_NAMES: dict[str, str] = {
    "R": N_("red"),
    "Y": N_("yellow"),
    "B": N_("blue"),
    "P": N_("purple"),
    "K": N_("black"),
    NEUTRAL: N_("neutral"),
}
COLOUR_SYMBOLS: dict[str, str] = {"R": "circle", "Y": "triangle", "B": "square", "P": "diamond", "K": "cross", "N": ""}

# The 10 two-colour pairs once each and each single-colour tile twice (★ our edition).
PAIRS: tuple[str, ...] = ("RY", "RB", "RP", "RK", "YB", "YP", "YK", "BP", "BK", "PK")
TILES: tuple[str, ...] = PAIRS + tuple(c + c for c in COLOURS for _ in range(2))
START_TILES: tuple[str, ...] = tuple(c + c for c in COLOURS)
NEUTRAL_TILE = NEUTRAL + NEUTRAL

# Named polyominoes the goal cards use; pictures are rows top first, "#" a cell (engine.shapes).
SHAPE_PICTURES: dict[str, str] = {
    "single": "#",
    "domino": "##",
    "I3": "###",
    "L3": "#./##",
    "O": "##/##",
    "I4": "####",
    "L4": "#../###",
    "T4": ".#./###",
}
SHAPE_TITLES: dict[str, str] = {
    "single": N_("single square"),
    "domino": N_("domino"),
    "I3": N_("straight three"),
    "L3": N_("corner three"),
    "O": N_("square"),
    "I4": N_("straight four"),
    "L4": N_("L of four"),
    "T4": N_("T of four"),
}


@dataclass(frozen=True, slots=True)
class GoalCard:
    """One goal card: areas of exactly ``shape`` (and ``colour``, when given) score ``points`` each;
    ``other_four`` is what any *other* area of exactly four cells scores (pile 1 only)."""

    id: str
    pile: int
    shape: str
    colour: str | None
    points: int
    other_four: int = 0

    @property
    def picture(self) -> str:
        return SHAPE_PICTURES[self.shape]

    @property
    def size(self) -> int:
        return self.picture.count("#")

    def describe(self) -> Words:
        """What the card scores, in words ("+2 per blue corner three"); translatable, whole
        sentences only (a colour's place and agreement differ between languages)."""
        points, shape = f"{self.points:+d}", Words(SHAPE_TITLES[self.shape])
        if self.other_four:
            assert self.colour is None  # only pile 1 scores other areas of four, and its cards have no colour
            other = f"{self.other_four:+d}"
            return Words("{points} per {shape}, {other} per other area of 4", points=points, shape=shape, other=other)
        if self.colour:
            colour = Words(COLOUR_NAMES[self.colour])
            return Words("{points} per {colour} {shape}", points=points, colour=colour, shape=shape)
        return Words("{points} per {shape}", points=points, shape=shape)


GOAL_CARDS: tuple[GoalCard, ...] = (
    GoalCard("1a", 1, "O", None, 2, other_four=1),
    GoalCard("1b", 1, "I4", None, 2, other_four=1),
    GoalCard("1c", 1, "L4", None, 2, other_four=1),
    GoalCard("1d", 1, "T4", None, 2, other_four=1),
    GoalCard("2a", 2, "L3", "B", 2),
    GoalCard("2b", 2, "I3", "Y", 2),
    GoalCard("2c", 2, "L3", "R", 2),
    GoalCard("2d", 2, "domino", "P", 2),
    GoalCard("3a", 3, "domino", None, -2),
    GoalCard("3b", 3, "I3", None, -2),
    GoalCard("3c", 3, "L3", None, -2),
    GoalCard("3d", 3, "single", None, -1),
    GoalCard("4a", 4, "I3", "B", 3),
    GoalCard("4b", 4, "L3", "R", -3),
    GoalCard("4c", 4, "O", "K", 3),
    GoalCard("4d", 4, "domino", "Y", -3),
)
CARD_BY_ID: dict[str, GoalCard] = {card.id: card for card in GOAL_CARDS}


def pile(number: int) -> tuple[GoalCard, ...]:
    return tuple(card for card in GOAL_CARDS if card.pile == number)


# Solo ranks: (lowest total, name), best first (``docs/rules/bits.md``, "Game end"). The names are
# English message ids (the French are the rulebook's: Architecte ... Boucheur de trous).
RANKS: tuple[tuple[int, str], ...] = (
    (31, N_("Architect")),
    (26, N_("Engineer")),
    (21, N_("Mason")),
    (16, N_("Paver")),
    (11, N_("Stone-breaker")),
    (6, N_("Joint-cleaner")),
)
LOWEST_RANK = N_("Hole-filler")


def solo_rank(total: int) -> str:
    """The rank name for a solo total over rounds 1–3."""
    for lowest, name in RANKS:
        if total >= lowest:
            return name
    return LOWEST_RANK


def rank_ladder() -> list[tuple[str, str]]:
    """Every solo rank, best first, with the totals that reach it in words: ("Architect", "over
    30"), ("Engineer", "26–30"), ..., ("Hole-filler", "5 or less"); translatable
    (:class:`~bauhausbox.engine.api.Words`)."""
    lows = [lowest for lowest, _ in RANKS]
    spans: list[str] = [Words("over {points}", points=lows[0] - 1)]
    spans += [f"{low}–{above - 1}" for low, above in zip(lows[1:], lows, strict=False)]
    spans.append(Words("{points} or less", points=lows[-1] - 1))
    names = [Words(name) for _, name in RANKS] + [Words(LOWEST_RANK)]
    return list(zip(names, spans, strict=True))


# -- shapes ------------------------------------------------------------------------------------
@cache
def shape_key(cells: frozenset[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The canonical form of a set of (col, row) cells: equal for shapes equal up to rotation and
    reflection (cached: boards only ever hold a few hundred distinct small shapes)."""
    return canonical(cells)


SHAPE_KEYS: dict[str, tuple[tuple[int, int], ...]] = {
    name: shape_key(parse_picture(pic)) for name, pic in SHAPE_PICTURES.items()
}


def shape_name(cells: frozenset[tuple[int, int]]) -> str | None:
    """The goal-card name of an area's shape, or ``None`` when no card uses that shape."""
    if len(cells) > 4:
        return None
    key = shape_key(_normal(cells))
    for name, known in SHAPE_KEYS.items():
        if known == key:
            return name
    return None


def _normal(cells: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    # Normalising first makes the cache hit for the same shape anywhere on the board.
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return frozenset((x - min_x, y - min_y) for x, y in cells)


# -- areas -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Area:
    """A maximal orthogonally connected set of cells of one colour (board indices, sorted)."""

    colour: str
    cells: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def coords(self) -> frozenset[tuple[int, int]]:
        return frozenset((i % SIZE, i // SIZE) for i in self.cells)

    @property
    def shape(self) -> str | None:
        return shape_name(self.coords)


def _neighbour_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for index in range(CELLS):
        col, row = index % SIZE, index // SIZE
        near = []
        if col > 0:
            near.append(index - 1)
        if col < SIZE - 1:
            near.append(index + 1)
        if row > 0:
            near.append(index - SIZE)
        if row < SIZE - 1:
            near.append(index + SIZE)
        table.append(tuple(near))
    return tuple(table)


NEIGHBOURS: tuple[tuple[int, ...], ...] = _neighbour_table()


def areas(board: str) -> list[Area]:
    """Every colour area of ``board``; neutral cells and holes belong to none and separate them."""
    seen = [False] * CELLS
    found: list[Area] = []
    for start in range(CELLS):
        colour = board[start]
        if seen[start] or colour in (EMPTY, NEUTRAL):
            continue
        seen[start] = True
        stack = [start]
        cells = [start]
        while stack:
            here = stack.pop()
            for there in NEIGHBOURS[here]:
                if not seen[there] and board[there] == colour:
                    seen[there] = True
                    stack.append(there)
                    cells.append(there)
        found.append(Area(colour, tuple(sorted(cells))))
    return found


# -- scoring -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AreaScore:
    """One area that scored on a card, with its points (``exact``: it has the card's shape)."""

    area: Area
    points: int
    exact: bool


@dataclass(frozen=True, slots=True)
class CardScore:
    """A goal card's points on one board and the areas that made them (for outlining on screen)."""

    card: GoalCard
    points: int
    scored: tuple[AreaScore, ...]


def area_points(card: GoalCard, area: Area) -> tuple[int, bool]:
    """What ``area`` scores on ``card``, and whether it has the card's exact shape."""
    if area.size == card.size and (card.colour is None or card.colour == area.colour) and area.shape == card.shape:
        return card.points, True
    if card.other_four and area.size == 4:
        return card.other_four, False
    return 0, False


def score_card(card: GoalCard, board_areas: Sequence[Area]) -> CardScore:
    scored = []
    for area in board_areas:
        points, exact = area_points(card, area)
        if points:
            scored.append(AreaScore(area, points, exact))
    return CardScore(card, sum(s.points for s in scored), tuple(scored))


def score_board(board: str, card_ids: Sequence[str]) -> list[CardScore]:
    """Each active goal card scored on its own (one area may score on several cards)."""
    board_areas = areas(board)
    return [score_card(CARD_BY_ID[card_id], board_areas) for card_id in card_ids]


def board_points(board: str, card_ids: Sequence[str]) -> int:
    return sum(card.points for card in score_board(board, card_ids))
