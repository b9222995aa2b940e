"""Blokus's how-to-play pages and their diagrams (``docs/rules/blokus.md``), for the screen's "?" and F1."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pygame

from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.grid import Cell, parse_cell
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.ai import make_bot
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.rules import (
    GAME,
    BlokusState,
)
from bauhausbox.games.blokus.screen.board_view import (
    BoardView,
    draw_cells,
    draw_ghost,
    draw_shape,
)
from bauhausbox.games.blokus.screen.colours import RGB, SHAPES, START_MARKS, start_marks
from bauhausbox.games.blokus.screen.piece_widgets import HeldPiece
from bauhausbox.games.blokus.variants import DUO, JUNIOR_PIECES, VARIANTS
from bauhausbox.i18n import N_, _
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.ui import draw, icons, theme
from bauhausbox.ui.theme import Colour, Metrics


def _diagram_board(
    surface: pygame.Surface,
    rect: pygame.Rect,
    metrics: Metrics,
    columns: int,
    rows: int,
    pieces: list[tuple[list[str], int]],
    marks: Sequence[tuple[list[str], bool]] = (),
    corners: dict[Cell, Colour] | None = None,
    origin: Cell = (0, 0),
) -> BoardView:
    """A small board: ``pieces`` as (cell names, colour); ``marks`` as (cells, legal) ghosts."""
    board = BoardView(columns, rows, labels=False)
    board.layout(rect.inflate(-metrics.u(2), -metrics.u(2)))
    board.draw(surface, metrics, corners)

    def local(names: list[str]) -> list[Cell]:
        return [(c - origin[0], r - origin[1]) for c, r in (parse_cell(name) for name in names)]

    for names, colour in pieces:
        draw_cells(surface, board.cell_rect, local(names), RGB[colour], (SHAPES[colour], False))
    for names, legal in marks:
        draw_ghost(surface, board, local(names), RGB[0], legal)
    return board


@cache
def _sample_game() -> BlokusState:
    """A mid-game position for the first page: 40 moves of medium computer players."""
    state = GAME.new_game(4, 3)
    bots = [make_bot("medium", seat) for seat in range(4)]
    for _move in range(40):
        if state.to_play is None:
            break
        state = GAME.apply(state, bots[state.to_play].choose(GAME, state, state.to_play, Budget(1.0)))
    return state


def _diagram_overview(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    state = _sample_game()
    board = BoardView(bb.SIZE, bb.SIZE, labels=False)
    board.layout(rect.inflate(-metrics.u(2), -metrics.u(2)))
    board.draw(surface, metrics, START_MARKS)
    for colour, bits in enumerate(state.boards):
        draw_cells(surface, board.cell_rect, bb.cells_of(bits), RGB[colour], (SHAPES[colour], False))


def _diagram_corner(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    # The top-left 7 × 7 of the board: blue's first piece covers a20.
    _diagram_board(
        surface,
        rect,
        metrics,
        7,
        7,
        [(["a20", "b20", "b19", "c19", "c18"], 0)],
        marks=[(["e17", "e16", "f16"], False)],
        corners={(0, 6): RGB[0]},
        origin=(0, 13),
    )


def _diagram_touch(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    _diagram_board(
        surface,
        rect,
        metrics,
        8,
        7,
        [(["b6", "c6", "d6", "d5"], 0)],
        marks=[(["e4", "f4", "g4", "g3"], True), (["b5", "b4", "b3"], False)],
    )


def _diagram_others(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    _diagram_board(
        surface,
        rect,
        metrics,
        8,
        7,
        [
            (["a6", "b6", "c6", "c5", "c4"], 0),
            (["d5", "d4", "e4", "f4"], 1),
            (["d6", "e6", "f6", "f5"], 2),
            (["b3", "c3", "c2", "d2"], 3),
        ],
    )


def _diagram_scores(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """The rules' example: what each colour kept, and its points."""
    kept = {0: [], 1: ["I4", "O"], 2: ["I3", "I4", "L4", "O", "T4", "F"], 3: ["V3", "L4", "O", "Z4", "X"]}
    points = {0: "+20", 1: "−8", 2: "−24", 3: "−20"}
    by_name = {piece.name: piece for piece in PIECES}
    row_h = rect.height // 4
    for colour in range(4):
        row = pygame.Rect(rect.left, rect.top + colour * row_h, rect.width, row_h)
        draw.text(
            surface,
            points[colour],
            (row.left + metrics.u(1), row.centery),
            metrics.heading,
            RGB[colour],
            "black",
            "midleft",
        )
        x = row.left + metrics.u(11)
        cell = min(row_h / 5, metrics.u(2.2))
        if not kept[colour]:
            draw.text(
                surface,
                _("all 21 placed, the monomino last"),
                (x, row.centery),
                metrics.small,
                theme.INK,
                "semibold",
                "midleft",
            )
        for name in kept[colour]:
            shape = by_name[name].shape
            width = max(a for a, _ in shape) + 1
            box = pygame.Rect(x, row.centery - row_h // 3, round(width * cell), 2 * row_h // 3)
            draw_shape(surface, shape, box, RGB[colour], max_cell=cell)
            x = box.right + round(cell)


def _diagram_duo(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """The 14 × 14 board with its coordinates and two starting dots, blue's covered by a first piece."""
    board = BoardView(14, 14)
    board.layout(rect.inflate(-metrics.u(2), -metrics.u(2)))
    board.draw(surface, metrics, start_marks(VARIANTS[DUO].starts))
    cells = [parse_cell(name) for name in ("e9", "d10", "e10", "f10", "e11")]
    draw_cells(surface, board.cell_rect, cells, RGB[0], (SHAPES[0], False))


def _diagram_junior(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """Junior's twelve pieces, each with its "×2"."""
    by_name = {piece.name: piece for piece in PIECES}
    columns, rows = 4, 3
    slot_w, slot_h = rect.width // columns, rect.height // rows
    cell = min(slot_w / 6, slot_h / 4.5, metrics.u(3))
    for index, name in enumerate(JUNIOR_PIECES):
        col, row = index % columns, index // columns
        slot = pygame.Rect(rect.left + col * slot_w, rect.top + row * slot_h, slot_w, slot_h)
        box = pygame.Rect(slot.left, slot.top, slot.width, slot.height - metrics.small - metrics.u(1))
        draw_shape(surface, by_name[name].shape, box, RGB[1], (SHAPES[1], False), max_cell=cell)
        draw.text(
            surface,
            f"{name} ×2",
            (slot.centerx, slot.bottom - metrics.u(0.5)),
            metrics.small,
            theme.GREY,
            "semibold",
            "midbottom",
        )


def _diagram_controls(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """The three tool buttons with their keys, and one piece as it is rotated and flipped."""
    u = metrics.u
    size = u(7)
    rows = (
        (icons.rotate, N_("Rotate: R, right-click or wheel")),
        (icons.flip, N_("Flip: F")),
        (icons.eye, N_("Corners: C")),
    )
    for i, (painter, label) in enumerate(rows):
        box = pygame.Rect(rect.left + u(2), rect.top + u(2) + i * (size + u(2.5)), size, size)
        pygame.draw.rect(surface, theme.WHITE, box)
        pygame.draw.rect(surface, theme.INK, box, 3)
        painter(surface, box.inflate(-size // 3, -size // 3), theme.INK)
        draw.text(surface, _(label), (box.right + u(2), box.centery), metrics.body, theme.INK, "semibold", "midleft")
    held = HeldPiece("F", PIECES[9].shape, RGB[1])
    top = rect.top + u(2) + 3 * (size + u(2.5)) + u(2)
    slot_w = (rect.width - u(4)) // 4
    for i, step in enumerate((N_("picked"), "R", N_("R again"), "F")):
        if step.startswith("R"):
            held.rotate()
        elif step == "F":
            held.flip()
        box = pygame.Rect(rect.left + u(2) + i * slot_w, top, slot_w - u(2), min(slot_w, rect.bottom - top - u(4)))
        draw_shape(surface, held.shape, box, RGB[1], max_cell=u(3))
        caption = step if step in ("R", "F") else _(step)  # the keys themselves are not words
        draw.text(surface, caption, (box.centerx, box.bottom + u(1.5)), metrics.small, theme.GREY, "semibold", "center")


def how_to_pages() -> list[HowToPage]:
    return [
        HowToPage(
            _("Claim the board"),
            [
                _(
                    "Four colours — blue, yellow, red and green — each have the same 21 pieces: one of every "
                    "shape made of 1 to 5 squares (89 squares in all)."
                ),
                _(
                    "Colours take turns in the order blue, yellow, red, green, each placing one piece on the "
                    "20 × 20 board. Pieces may be turned and flipped, and never move again."
                ),
                _("Place as many of your squares as you can: the fewer you keep, the better you score."),
            ],
            _diagram_overview,
            _("A game after 40 moves."),
        ),
        HowToPage(
            _("Start in your corner"),
            [
                _(
                    "Each colour's first piece must cover its own corner of the board: blue a20 (top left), "
                    "yellow t20 (top right), red t1 (bottom right), green a1 (bottom left)."
                ),
                _("The corners are marked on the board in their colours."),
                _(
                    "Each colour also has a shape, drawn on each of its pieces and beside its name: blue a circle, "
                    "yellow a triangle, red a square, green a cross. Settings can make them bold."
                ),
            ],
            _diagram_corner,
            _("Blue's first piece covers a20; a piece elsewhere is refused."),
        ),
        HowToPage(
            _("Corners, never sides"),
            [
                _("Every later piece must touch at least one piece of its own colour at a corner."),
                _("It must never touch a piece of its own colour along a side."),
                _("Press C (or Corners) to see every square where your colour can still attach."),
            ],
            _diagram_touch,
            _("Ticked: touches only at a corner (legal). Crossed: touches along a side (refused)."),
        ),
        HowToPage(
            _("Block the others"),
            [
                _("Pieces of different colours may touch in any way, sides included."),
                _(
                    "So the way to win is to spread towards the centre early with big pieces, keep corners open "
                    "for yourself, and take the corners the others need."
                ),
                _(
                    "A colour that can no longer place any piece passes for the rest of the game (the panel shows "
                    "\u201cpassed\u201d). The game ends when no colour can place."
                ),
            ],
            _diagram_others,
            _("Colours touch freely; each colour only meets itself at corners."),
        ),
        HowToPage(
            _("Scoring"),
            [
                _("Each colour loses 1 point per square of the pieces it could not place."),
                _("Placing all 21 pieces scores +15, and +5 more if the last one was the single square."),
                _("The highest score wins; equal scores share the win."),
            ],
            _diagram_scores,
            _("The rules' example: blue +20, yellow −8, red −24, green −20."),
        ),
        HowToPage(
            _("Two, three or four players"),
            [
                _(
                    "• 4 players: one colour each. With the Teams option, blue + red play against yellow + green "
                    "and each team scores the sum of its colours."
                ),
                _("• 2 players: one plays blue and red, the other yellow and green; each scores both colours."),
                _(
                    "• 3 players: one colour each; green is shared and placed by each player in turn. Its points "
                    "count for nobody."
                ),
                _("Any seat can be a person or a computer player (easy, medium, hard or expert)."),
            ],
        ),
        HowToPage(
            _("Blokus Duo"),
            [
                _(
                    "Blokus Duo is for two players on a smaller board of 14 × 14 squares, one colour each: blue "
                    "moves first, then yellow (choose Duo as the board in the game's setup)."
                ),
                _(
                    "Blue's first piece must cover e10 and yellow's j5, the two squares marked with a dot, so the "
                    "colours meet near the middle from the start."
                ),
                _(
                    "Each player has the 21 pieces and scores as in the classic game: −1 per square left, +15 "
                    "when all are placed, +5 more if the single square came last."
                ),
            ],
            _diagram_duo,
            _("Blue's first piece covers e10; yellow's must cover j5, the yellow dot."),
        ),
        HowToPage(
            _("Blokus Junior"),
            [
                _(
                    "Blokus Junior is played on the Duo board, with the same starting squares, but each player has "
                    "twelve of the pieces, each in two copies: 24 pieces, 88 squares."
                ),
                _(
                    "The tray shows “×2” while the second copy is still in hand; both copies follow the same "
                    "rules as every other piece."
                ),
                _("Scoring: −1 per square left and no bonus, so a player who places everything scores 0."),
            ],
            _diagram_junior,
            _("Junior's twelve pieces, each twice."),
        ),
        HowToPage(
            _("Controls"),
            [
                _(
                    "• Drag a piece from the tray onto the board, or click it and then click the board. Letter keys "
                    "pick pieces too (I cycles I5, I4, I3; 1 and 2 are the small ones)."
                ),
                _(
                    "• R, right-click or the wheel rotates the held piece (Shift+R the other way); F flips it. "
                    "The Rotate and Flip buttons do the same."
                ),
                _(
                    "• The ghost shows a tick and a solid outline where the piece may go, a cross and a dashed "
                    "outline where it may not; a refused drop says why."
                ),
                _("• Esc, or a drop off the board, puts the piece back. H shows a good move. Ctrl+Z undoes."),
                _(
                    "• M (or Numbers) shows on each piece the number of the move that placed it. Export saves a "
                    "picture of the board (Ctrl+P) or the game as a Pentobi file (Ctrl+S), which the Load screen "
                    "opens again."
                ),
            ],
            _diagram_controls,
        ),
    ]
