"""Buizen Wir-War's "how to play" pages and their diagrams, painted with the game's own tiles."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from bauhausbox.games.buizen.screen import paint
from bauhausbox.games.buizen.state import Cell
from bauhausbox.games.buizen.tiles import sides_of
from bauhausbox.i18n import _, pgettext
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.ui import draw, theme
from bauhausbox.ui.theme import Metrics


def pages() -> list[HowToPage]:
    """The pages of the reader, in the order a new player needs them, in the players' language."""
    return [
        HowToPage(
            _("Lay pipes, close your material"),
            [
                _(
                    "Each player secretly draws a colour tile: one of four pipe materials — PP (green, a white "
                    "line along it), PE100 (black, plain), fire hose (red, striped) or gas (yellow, dashed). Only "
                    "closed networks of your material score."
                ),
                _(
                    "On your turn lay one tile from your hand next to the layout. Tiles are double-sided: lay "
                    "either face up (F turns the tile over), turned any way (R). Every side that touches a tile "
                    "must fit, and at least one must really connect."
                ),
                _("Then draw as many tiles as the tiles your new one touches (1 to 3)."),
                _("If none of your tiles fits, draw one instead (or pass when the bag is empty)."),
            ],
            _diagram_turn,
            _("A fire hose laid against the start pump room: its eave rests on the roof."),
        ),
        HowToPage(
            _("The edges of a tile"),
            [
                _("• Pipe: continues only into a pipe of the same material."),
                _("• Kerb (grey stones): the pipe ends at a road. Two kerbs never face each other."),
                _("• Eave (terracotta): the pipe ends in a pump room. Two eaves never touch."),
                _("• Plain ground: touches ground, roads and pump rooms."),
                _("A real connection is pipe to pipe, kerb to road, or eave to pump room."),
            ],
            _diagram_edges,
            _("Real connections (top); sides that never touch (bottom)."),
        ),
        HowToPage(
            _("Automatic roads and pump rooms"),
            [
                _(
                    "A kerb facing an empty cell gets a road from the road pile, an eave a pump room from the "
                    "pump pile — at once. They must fit their other neighbours too, or the tile cannot go there."
                ),
                _(
                    "When a pile is empty nothing is put there: that pipe end stays open for good and the cell "
                    "(hatched) can never be filled."
                ),
            ],
            _diagram_automatic,
            _("Left: the kerb brought a road, the eave a pump room. Right: no road was left."),
        ),
        HowToPage(
            _("Open pits and manholes"),
            [
                _(
                    "The bag also holds 4 open pits and 4 manholes. Play one instead of a pipe tile, on a road, "
                    "and draw one tile."
                ),
                _("• Open pit, on a plain road: every pipe ending at that road is open again."),
                _("• Manhole, on a plain road (protecting it for good) or on an open pit (closing it again)."),
                _("Nothing goes on top of a manhole."),
            ],
            _diagram_specials,
            _("Road, open pit, manhole."),
        ),
        HowToPage(
            pgettext("buizen", "Scoring"),
            [
                _("When the bag is empty, play on until nobody can lay a tile. Then the colour tiles are revealed."),
                _(
                    "A network is closed when every end reaches a pipe, a road (not an open pit) or a pump "
                    "room. Each tile of a closed network of your material scores 1 point per pipe side that "
                    "links to a neighbouring pipe tile: the example scores 1+3+2+3+2+1 = 12."
                ),
                _("Highest score wins; ties share the win."),
            ],
            _diagram_scoring,
            _("A closed fire-hose network worth 12 points."),
        ),
        HowToPage(
            _("Controls"),
            [
                _("• Click a tile in your hand (or press 1–9), then click a highlighted cell — or drag it there."),
                _(
                    "• R or right-click turns it, F flips it; green ghost = fits; "
                    "over a red one the status bar says why."
                ),
                _("• Pan: right-drag or the arrow keys. Zoom: wheel or + / −. Fit shows the whole table."),
                _("• Press and hold your colour tile (or C) to peek at your material."),
                _("• D draws (or passes) when none of your tiles fits."),
            ],
        ),
    ]


# ==== how-to-play diagrams =====================================================================
# A diagram's tile, painted at the size the diagram gives it: (size, label_px) -> picture.
Painter = Callable[[int, int], pygame.Surface]


def _pipe(number: int, face: int, rotation: int) -> Painter:
    return lambda size, label_px: paint.pipe_face(sides_of(number, face, rotation), size, label_px)


def _pump(start: bool = False) -> Painter:
    return lambda size, label_px: paint.pump_room(size, start)


def _road(*stack: str) -> Painter:
    return lambda size, label_px: paint.road(size, stack)


def _blocked(size: int, label_px: int) -> pygame.Surface:
    return paint.blocked(size)


def _diagram_cells(
    surface: pygame.Surface, rect: pygame.Rect, cells: list[tuple[Cell, Painter | None]], label_px: int
) -> tuple[int, int, int]:
    """Paint tiles on a grid centred in ``rect``, at the size the grid gives them (tags at ``label_px``,
    so they stay legible); returns (cell size, left, top) of cell (min x, min y)."""
    xs = [c[0] for c, _painter in cells]
    ys = [c[1] for c, _painter in cells]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    size = int(min(rect.width / (cols + 0.5), rect.height / (rows + 0.8), 120))
    left = rect.centerx - cols * size // 2
    top = rect.top + max(0, (rect.height - rows * size) // 2 - size // 4)
    for (x, y), painter in cells:
        if painter is not None:
            surface.blit(painter(size, label_px), (left + (x - min(xs)) * size, top + (y - min(ys)) * size))
    return size, left, top


def _diagram_turn(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    _diagram_cells(
        surface,
        rect,
        [((0, 0), _pump(True)), ((1, 0), _pipe(3, 0, 3))],
        metrics.small - 1,
    )


def _diagram_edges(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """Top: the three real connections. Bottom: three sides that never touch, crossed out."""
    cells: list[tuple[Cell, Painter | None]] = [
        ((0, 0), _pipe(1, 0, 0)),
        ((0, 1), _pipe(1, 0, 0)),
        ((2, 0), _pipe(18, 0, 2)),
        ((2, 1), _road()),
        ((4, 0), _pipe(3, 0, 2)),
        ((4, 1), _pump()),
        ((0, 3), _pipe(1, 0, 0)),
        ((0, 4), _pipe(4, 0, 0)),
        ((2, 3), _pipe(18, 0, 2)),
        ((2, 4), _pipe(18, 0, 0)),
        ((4, 3), _pipe(3, 0, 2)),
        ((4, 4), _pipe(3, 0, 0)),
    ]
    size, left, top = _diagram_cells(surface, rect, cells, metrics.small - 1)
    arm = size // 5
    for column in (0, 2, 4):
        cx, cy = left + (column + 1) * size + arm + size // 10, top + 4 * size  # beside the seam, not on it
        for sign in (-1, 1):
            pygame.draw.line(surface, theme.WHITE, (cx - arm, cy - sign * arm), (cx + arm, cy + sign * arm), 12)
            pygame.draw.line(surface, theme.ILLEGAL, (cx - arm, cy - sign * arm), (cx + arm, cy + sign * arm), 7)


def _diagram_automatic(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    _diagram_cells(
        surface,
        rect,
        [
            ((0, 0), _pump()),
            ((1, 0), _pipe(11, 1, 0)),  # D2 PP/FH: kerb east, eave west
            ((2, 0), _road()),
            ((3, 0), None),
            ((4, 0), _pipe(18, 0, 1)),  # RS FH: kerb east, but the road pile was empty
            ((5, 0), _blocked),
        ],
        metrics.small - 1,
    )


def _diagram_specials(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    _diagram_cells(
        surface,
        rect,
        [
            ((0, 0), _road()),
            ((1, 0), None),
            ((2, 0), _road("pit")),
            ((3, 0), None),
            ((4, 0), _road("manhole")),
        ],
        metrics.small - 1,
    )


def _diagram_scoring(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    layout: list[tuple[Cell, Painter | None]] = [
        ((0, 1), _pump()),
        ((1, 1), _pipe(3, 0, 3)),
        ((2, 1), _pipe(38, 1, 1)),
        ((3, 1), _pipe(2, 0, 2)),
        ((2, 2), _pipe(17, 0, 0)),
        ((3, 2), _pipe(38, 1, 3)),
        ((4, 2), _pipe(18, 0, 1)),
        ((5, 2), _road()),
    ]
    size, left, top = _diagram_cells(surface, rect, layout, metrics.small - 1)
    points = {(1, 1): 1, (2, 1): 3, (3, 1): 2, (2, 2): 2, (3, 2): 3, (4, 2): 1}
    for (x, y), value in points.items():
        centre = (left + x * size + size - metrics.u(2), top + (y - 1) * size + metrics.u(2))  # rows start at y=1
        pygame.draw.circle(surface, paint.SEAT_COLOURS[0], centre, metrics.u(1.6))  # as at the end: the seat's marker
        pygame.draw.circle(surface, theme.INK, centre, metrics.u(1.6), 2)
        draw.text(surface, str(value), (centre[0], centre[1] + 1), metrics.small, theme.WHITE, "bold", "center")
