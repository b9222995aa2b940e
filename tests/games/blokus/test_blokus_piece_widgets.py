"""The reusable piece widgets (shared with the puzzles screen): board geometry, held-piece turns,
tray layout and hit tests, the tool row, and the gestures of the drag controller."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from bauhausbox.engine.shapes import flip, parse_picture, rotate
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.screen import board_view as bv
from bauhausbox.games.blokus.screen import piece_widgets as pw
from bauhausbox.games.blokus.screen import tray as pw_tray
from bauhausbox.ui import theme
from bauhausbox.ui.widgets import Button

L4 = parse_picture("#../###")


def board(columns: int = 8, rows: int = 10) -> bv.BoardView:
    view = bv.BoardView(columns, rows, labels=False)
    view.layout(pygame.Rect(0, 0, 400, 500))
    return view


def test_board_cells_have_row_zero_at_the_bottom() -> None:
    view = board()
    assert view.cell_px == 50
    assert view.cell_rect((0, 0)).bottomleft == (view.rect.left, view.rect.bottom)
    assert view.cell_rect((7, 9)).topright == (view.rect.right, view.rect.top)
    assert view.cell_at(view.cell_rect((3, 4)).center) == (3, 4)
    assert view.cell_at((view.rect.left - 5, view.rect.top)) is None
    assert view.cell_under((view.rect.left - 5, view.rect.bottom - 5)) == (-1, 0)


def test_held_piece_turns_about_the_grabbed_square() -> None:
    held = pw.HeldPiece("L4", L4, theme.BLUE, grab=(2, 0))
    assert held.cells_at((5, 5)) == [(5 + x - 2, 5 + y) for x, y in held.shape]
    held.rotate()  # clockwise: three anticlockwise quarter turns
    assert held.shape == rotate(L4, 3)
    assert (5, 5) in held.cells_at((5, 5)), "the grabbed square stays under the pointer"
    held.rotate(clockwise=False)
    assert held.shape == L4 and held.grab == (2, 0)
    held.flip()
    assert held.shape == flip(L4)
    assert (5, 5) in held.cells_at((5, 5))


def test_a_piece_picked_without_a_grab_is_held_by_its_central_square() -> None:
    plus = PIECES[18].shape  # X
    assert pw.HeldPiece("X", plus, theme.RED).grab == (1, 1)


def test_tray_lays_out_every_item_and_finds_them_by_position() -> None:
    tray = pw_tray.PieceTray()
    tray.layout(pygame.Rect(10, 10, 300, 200), max_cell_px=12)
    items = [pw_tray.TrayItem(i, piece.shape, theme.GREEN, available=i != 3) for i, piece in enumerate(PIECES)]
    tray.set_items(items)
    assert set(tray.slots) == set(range(21))
    rects = list(tray.slots.values())
    assert all(pygame.Rect(10, 10, 300, 200).contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert tray.item_at(tray.slots[5].center) == 5
    assert tray.item_at(tray.slots[3].center) is None  # used pieces cannot be picked


def test_controller_press_drag_release_drops_on_the_board() -> None:
    pygame.init()
    view = bv.BoardView(6, 6, labels=False)
    view.layout(pygame.Rect(0, 0, 300, 300))
    tray = pw_tray.PieceTray()
    tray.layout(pygame.Rect(320, 0, 200, 300))
    tray.set_items([pw_tray.TrayItem("L4", L4, theme.BLUE)])
    drops: list[tuple[object, list[tuple[int, int]]]] = []
    controller = pw.PieceController(
        view,
        tray,
        lambda key: L4,
        lambda key: theme.BLUE,
        on_drop=lambda key, cells: drops.append((key, cells)) or True,
        verdict=lambda key, cells: None,
    )
    start = tray.slots["L4"].center
    controller.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    assert controller.held is not None
    target = view.cell_rect((2, 2)).center
    controller.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)))
    controller.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    assert drops and drops[0][0] == "L4"
    assert (2, 2) in drops[0][1] and len(drops[0][1]) == 4
    assert controller.held is None


def test_draw_cells_paints_the_colour_and_an_outline() -> None:
    surface = pygame.Surface((100, 100))
    surface.fill(theme.PAPER)
    rect_of = bv.free_cell_rect((0, 0), 20, 2)
    bv.draw_cells(surface, rect_of, [(0, 0), (1, 0), (0, 1)], theme.RED)
    assert tuple(surface.get_at((10, 30)))[:3] == theme.RED  # inside (0, 0), drawn in the lower row
    assert tuple(surface.get_at((0, 30)))[:3] == theme.INK  # its outer edge
    assert tuple(surface.get_at((30, 10)))[:3] == theme.PAPER  # (1, 1) is not part of it


def test_a_piece_dragged_outside_the_window_draws_without_error() -> None:
    """The floating piece (with its translucent shadow) follows the pointer anywhere, also wholly
    outside the surface (negative or beyond-size coordinates), and only its visible part is drawn."""
    surface = pygame.Surface((200, 150))
    held = pw.HeldPiece("L4", L4, theme.BLUE)
    for pos in [(-500, -500), (-60, 75), (100, -60), (260, 75), (100, 210), (5000, 5000), (-1, -1), (200, 150)]:
        surface.fill(theme.PAPER)
        held.draw_floating(surface, pos, 20)
        assert tuple(surface.get_at((100, 75)))[:3] == theme.PAPER
    # Hanging half off the left edge: the part still on the surface is drawn, shadow included.
    surface.fill(theme.PAPER)
    held.draw_floating(surface, (0, 75), 20)
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 40) for y in range(40, 120)}
    assert theme.BLUE in colours
    assert any(c not in (theme.BLUE, theme.PAPER, theme.INK) for c in colours), "no translucent shadow"


def test_translucent_cells_off_the_surface_draw_nothing() -> None:
    surface = pygame.Surface((100, 100))
    surface.fill(theme.PAPER)
    before = pygame.image.tobytes(surface, "RGB")
    for origin in [(-300, -300), (150, 20), (20, 150), (-80, 20)]:
        bv.draw_cells(surface, bv.free_cell_rect(origin, 20, 2), [(0, 0), (1, 0), (0, 1)], theme.RED, alpha=120)
    assert pygame.image.tobytes(surface, "RGB") == before


def test_tool_row_too_wide_for_one_row_takes_two_and_keeps_inside(app: object) -> None:
    """(``app``: the session's window, so fonts are ready.) Buttons wider together than the panel
    go on two rows, stacked up from the bottom, instead of running past the panel's side."""
    metrics = theme.Metrics(1280, 800)
    labels = ["Rotate", "Flip", "Corners", "Numbers", "Export"]
    row = pw.ToolRow([Button(label, lambda: None, size="small") for label in labels])
    wide = pygame.Rect(100, 500, row.width_needed(40, 10, metrics) + 50, 40)
    assert row.layout(wide, 10, metrics) == 500  # room enough: one row at the rect
    assert {button.rect.top for button in row.buttons} == {500}
    narrow = pygame.Rect(100, 500, row.width_needed(40, 10, metrics) * 2 // 3, 40)
    top = row.layout(narrow, 10, metrics)
    assert top == 500 - 40 - 10  # two rows, the second at the rect, a gap between
    assert {button.rect.top for button in row.buttons} == {top, 500}
    for button in row.buttons:
        assert narrow.left <= button.rect.left and button.rect.right <= narrow.right, button.label
    rects = [button.rect for button in row.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


@pytest.mark.parametrize("share", [0.7, 0.8, 0.9])
def test_a_tool_row_on_two_rows_shares_its_buttons_evenly(app: object, share: float) -> None:
    """Wrapped, the rows hold as many buttons as they can share: 3 + 2, never 4 + 1 (French Export
    stood alone under four short buttons, stretched across the whole row)."""
    metrics = theme.Metrics(1024, 700)
    labels = ["Rotate", "Flip", "Corners", "Numbers", "Export"]
    row = pw.ToolRow([Button(label, lambda: None, size="small") for label in labels])
    rect = pygame.Rect(20, 600, round(row.width_needed(40, 10, metrics) * share), 40)
    row.layout(rect, 10, metrics)
    counts = Counter(button.rect.top for button in row.buttons)
    assert len(counts) == 2, counts
    assert max(counts.values()) - min(counts.values()) <= 1, counts
    for button in row.buttons:
        assert rect.left <= button.rect.left and button.rect.right <= rect.right, button.label
    order = sorted(row.buttons, key=lambda b: (b.rect.top, b.rect.left))
    assert [b.label for b in order] == labels  # in their order, row after row
