"""How Blokus and its puzzles look and answer (the shared visual language): ghosts that differ by
outline and tick / cross rather than hue, seat shapes on every piece, the neutral move marker, the
piece in hand over everything, one refusal note beside the ghost, drops off the board, Esc, R,
Shift+R and F, and panels that fit (four players and the log at 1024 × 700, long puzzle titles)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from bauhausbox.engine.grid import Cell
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.engine.shapes import parse_picture
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.puzzles.screen.scene import PuzzleScene
from bauhausbox.games.blokus.puzzles.specs import PUZZLES, PuzzlePiece
from bauhausbox.games.blokus.rules import GAME
from bauhausbox.games.blokus.screen import board_view as bv
from bauhausbox.games.blokus.screen import piece_widgets as pw
from bauhausbox.games.blokus.screen import tray as pw_tray
from bauhausbox.games.blokus.screen.scene import BlokusScene
from bauhausbox.match import Match
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.ui import layout_probe, theme
from tests.ui.helpers import click, drag, frames, key, move, window_size
from tests.ui.scenarios.puzzles import open_puzzle

INDEX = {piece.name: i for i, piece in enumerate(PIECES)}
RED = theme.RED
# An L of four squares, y up: three in a row and one above the left end.
L_SHAPE = parse_picture("#../###")


def _board() -> bv.BoardView:
    view = bv.BoardView(8, 8, labels=False)
    view.layout(pygame.Rect(0, 0, 320, 320))
    return view


def _rgb(surface: pygame.Surface, pos: tuple[int, int]) -> tuple[int, int, int]:
    r, g, b, *_ = surface.get_at(pos)
    return r, g, b


def _ghost(legal: bool) -> tuple[pygame.Surface, bv.BoardView, list[Cell]]:
    view = _board()
    surface = pygame.Surface((320, 320))
    surface.fill(theme.PAPER)
    cells = [(2, 2), (3, 2), (4, 2), (2, 3)]
    bv.draw_ghost(surface, view, cells, RED, legal)
    return surface, view, cells


def _marked_cells(surface: pygame.Surface, rects: list[pygame.Rect], colour: tuple[int, int, int]) -> list[int]:
    """Which of ``rects`` show something other than ``colour`` inside (a seat mark)."""
    marked = []
    for index, rect in enumerate(rects):
        inner = rect.inflate(-rect.width // 3, -rect.height // 3)
        if any(
            _rgb(surface, (x, y)) != colour
            for x in range(inner.left, inner.right)
            for y in range(inner.top, inner.bottom)
        ):
            marked.append(index)
    return marked


# ---- ghosts -----------------------------------------------------------------------------------------
def test_a_ghost_keeps_its_colour_and_differs_by_outline_and_tick_or_cross() -> None:
    legal, view, _ = _ghost(True)
    refused, _, _ = _ghost(False)
    body = view.cell_rect((3, 2)).center  # a square without the seat mark or the disc
    assert _rgb(legal, body) == _rgb(refused, body), "legal and refused ghosts have the same fill"
    fill = _rgb(legal, body)
    assert fill[0] > fill[1] + 60 and fill[0] > fill[2] + 60, f"a red piece's ghost stays red, got {fill}"
    # The bottom edge: solid ink when legal, dashes (ink and white) when refused.
    bottom = view.cell_rect((2, 2)).bottom - 1
    span = range(view.cell_rect((2, 2)).left + 2, view.cell_rect((4, 2)).right - 2)
    legal_edge = {_rgb(legal, (x, bottom)) for x in span}
    refused_edge = {_rgb(refused, (x, bottom)) for x in span}
    assert legal_edge == {theme.INK}
    assert refused_edge == {theme.INK, theme.WHITE}
    # The tick sits in a white disc, the cross in an ink one, at the top right of the top-right square.
    corner = view.cell_rect((2, 3)).topright
    radius = round(view.cell_px * 0.45)
    beside_the_lines = (corner[0], corner[1] - round(radius * 0.7))
    assert _rgb(legal, beside_the_lines) == theme.WHITE
    assert _rgb(refused, beside_the_lines) == theme.INK


# ---- seat shapes --------------------------------------------------------------------------------------
def test_every_piece_carries_one_seat_shape_quiet_by_default_and_bold_when_asked() -> None:
    view = _board()
    # Two red pieces that meet only at a corner (as Blokus allows), drawn in one call.
    first = [(0, 0), (1, 0), (2, 0)]
    second = [(3, 1), (3, 2), (4, 2)]
    for strong in (False, True):
        surface = pygame.Surface((320, 320))
        surface.fill(theme.PAPER)
        bv.draw_cells(surface, view.cell_rect, first + second, RED, (theme.SEAT_SHAPES[2], strong))
        rects = [view.cell_rect(cell) for cell in first + second]
        marked = _marked_cells(surface, rects, RED)
        assert len([i for i in marked if i < 3]) == 1 and len([i for i in marked if i >= 3]) == 1, marked
        inks = {
            _rgb(surface, (x, y))
            for i in marked
            for r in [rects[i].inflate(-rects[i].width // 3, -rects[i].height // 3)]
            for x in range(r.left, r.right)
            for y in range(r.top, r.bottom)
        }
        assert (theme.INK in inks) == strong, "the strong mark is ink; the quiet one a darker red"


def _scene_at(app: Any, texts: list[str], seats: list[str] | None = None) -> BlokusScene:
    seats = seats or ["human"] * 4
    specs = tuple(SeatSpec.from_text(seat, f"P{i + 1}") for i, seat in enumerate(seats))
    setup = Setup("blokus", len(seats), 1, specs, GAME.normalize_options(len(seats), {}))
    history = History(GAME, setup.new_state(GAME))
    for text in texts:
        history.play_text(text)
    scene = BlokusScene(app, Match(setup, history, autosave=False))
    app.push(scene)
    frames(app, 2)
    return scene


def test_placed_and_tray_pieces_show_their_seat_shape_by_default(fresh_app: Any) -> None:
    app = fresh_app
    app.settings.log_open = False
    scene = _scene_at(app, ["a18,a19,a20,b20,c20", "t20", "t1", "a1"])
    blue = theme.BLUE
    rects = [scene.board.cell_rect(cell) for cell in [(0, 17), (0, 18), (0, 19), (1, 19), (2, 19)]]
    assert len(_marked_cells(app.screen, rects, blue)) == 1, "one circle on blue's piece"
    assert {item.mark for item in scene.tray.items} == {theme.SEAT_SHAPES[0]}, "blue's tray pieces: circles"


def test_a_tray_draws_the_seat_shape_on_its_pieces(fresh_app: Any) -> None:
    pictures = []
    for mark in (None, "triangle"):
        tray = pw_tray.PieceTray()
        tray.set_items([pw_tray.TrayItem(0, parse_picture("###"), theme.YELLOW, mark=mark)])
        tray.layout(pygame.Rect(0, 0, 200, 100), max_cell_px=40)
        surface = pygame.Surface((200, 100))
        surface.fill(theme.PAPER)
        tray.draw(surface, fresh_app.metrics)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    assert pictures[0] != pictures[1]


# ---- the move marker ----------------------------------------------------------------------------------
def test_the_last_move_is_framed_in_neutral_white_and_ink(fresh_app: Any) -> None:
    app = fresh_app
    scene = _scene_at(app, ["a20", "t20", "t1"], ["human"] * 4)  # red (bottom right) moved last
    scene.recap = []
    frames(app, 1)
    rect = scene.board.cell_rect((19, 0))
    # Every game's mark (``draw.move_band``): unbroken white along the side, never dashed...
    edge = {_rgb(app.screen, (rect.left, y)) for y in range(rect.top + 2, rect.bottom - 2)}
    assert edge == {theme.WHITE}, edge
    # ... between two lines of ink across it.
    line = [_rgb(app.screen, (x, rect.centery)) for x in range(rect.left - 10, rect.left + 11)]
    runs = [c for k, c in enumerate(line) if k == 0 or c != line[k - 1]]
    assert [theme.INK, theme.WHITE, theme.INK] in [runs[k : k + 3] for k in range(len(runs))], runs


@pytest.mark.parametrize("size", [(1024, 640), (1024, 700), (1920, 1080)])
def test_the_corners_marks_are_readable_at_every_size(fresh_app: Any, size: tuple[int, int]) -> None:
    # Corners (C) marks where the colour to play may attach: at 1024 × 700 they were specks of 3 px.
    app = fresh_app
    with window_size(app, size):
        scene = _scene_at(app, ["a18,a19,a20,b20,c20", "t20", "t1", "a1"])
        key(app, pygame.K_c)
        frames(app, 1)
        cells = scene.attach_cells()
        assert cells
        for cell in cells:
            rect = scene.board.cell_rect(cell)
            filled = sum(
                _rgb(app.screen, (x, y)) == theme.BLUE
                for x in range(rect.left, rect.right)
                for y in range(rect.top, rect.bottom)
            )
            assert filled >= rect.width * rect.height // 10, (cell, filled, rect.size)


# ---- the piece in hand ------------------------------------------------------------------------------------
def _hold(app: Any, scene: BlokusScene | PuzzleScene, key_: object) -> None:
    slot = scene.tray.slot_rect(key_)
    assert slot is not None
    click(app, slot.center)
    assert scene.controller.held is not None and scene.controller.held.key == key_


def test_the_held_piece_is_drawn_over_the_tool_buttons(fresh_app: Any) -> None:
    app = fresh_app
    scene = _scene_at(app, [])
    _hold(app, scene, INDEX["O"])
    spot = scene.rotate_button.rect.center
    move(app, spot)
    assert _rgb(app.screen, spot) == theme.BLUE


def test_a_drag_released_off_the_board_puts_the_piece_back(fresh_app: Any) -> None:
    app = fresh_app
    scene = _scene_at(app, [])
    slot = scene.tray.slot_rect(INDEX["T5"])
    assert slot is not None
    drag(app, slot.center, (scene.panel_rect.centerx, scene.rows[0].centery))
    assert scene.controller.held is None
    _hold(app, scene, INDEX["T5"])  # click to pick...
    click(app, (scene.panel_rect.centerx, scene.rows[1].centery))  # ... and click off the board: back
    assert scene.controller.held is None
    _hold(app, scene, INDEX["T5"])
    click(app, scene.tray.rect.bottomright)  # a click in the tray between pieces keeps nothing either
    assert scene.controller.held is None
    assert scene.match.history.cursor == 0


def _turn_keys(app: Any, scene: BlokusScene | PuzzleScene) -> None:
    held = scene.controller.held
    assert held is not None
    scene.controller.held = pw.HeldPiece(held.key, L_SHAPE, held.colour)
    key(app, pygame.K_r)
    assert scene.controller.held.shape == parse_picture("##/#./#."), "R: a quarter turn clockwise"
    key(app, pygame.K_r, mod=pygame.KMOD_SHIFT)
    key(app, pygame.K_r, mod=pygame.KMOD_SHIFT)
    assert scene.controller.held.shape == parse_picture(".#/.#/##"), "Shift+R: anticlockwise"
    key(app, pygame.K_f)
    assert scene.controller.held.shape == parse_picture("#./#./##"), "F: mirrored"
    key(app, pygame.K_ESCAPE)
    assert scene.controller.held is None and app.top is scene, "Esc lets go before it opens the menu"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)


def test_r_shift_r_f_and_esc_in_blokus(fresh_app: Any) -> None:
    app = fresh_app
    scene = _scene_at(app, [])
    _hold(app, scene, INDEX["L4"])
    _turn_keys(app, scene)


def test_r_shift_r_f_and_esc_in_the_puzzles(fresh_app: Any) -> None:
    app = fresh_app
    scene = open_puzzle(app, "tetromino")
    _hold(app, scene, PuzzlePiece("blue", "L4"))
    _turn_keys(app, scene)


def test_a_drop_off_the_board_in_the_puzzles_puts_the_piece_back(fresh_app: Any) -> None:
    app = fresh_app
    scene = open_puzzle(app, "tetromino")
    slot = scene.tray.slot_rect(PuzzlePiece("red", "T4"))
    assert slot is not None
    drag(app, slot.center, (scene.panel_rect.centerx, scene.panel_rect.top + 4))
    assert scene.controller.held is None and not scene.state.placements


# ---- refusals -------------------------------------------------------------------------------------------
def test_the_refusal_note_stays_off_the_ghost_it_explains(fresh_app: Any) -> None:
    app = fresh_app
    scene = _scene_at(app, [])
    _hold(app, scene, INDEX["I5"])
    key(app, pygame.K_r)  # upright: five squares above and below the pointer
    click(app, scene.board.cell_rect((10, 10)).center)
    assert scene.pointer_note is not None and scene.controller.held is not None
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    notes = [
        text.rect
        for text in record.texts
        if text.content == scene.pointer_note[0] and not scene.status_rect.contains(text.rect)
    ]
    ghost = scene.controller.ghost_rect()
    assert len(notes) == 1 and ghost is not None
    assert not notes[0].colliderect(ghost), f"the note {notes[0]} covers the ghost {ghost}"


# ---- fitting ----------------------------------------------------------------------------------------------
@pytest.fixture()
def small_app(fresh_app: Any) -> Iterator[Any]:
    with window_size(fresh_app, (1024, 700)):
        yield fresh_app


def _rows_keep_apart(app: Any) -> BlokusScene:
    """Four colours, the log open: each row's words stay in their columns, clear of its pieces."""
    app.settings.log_open = True
    seats = ["human", "ai:easy", "ai:easy", "ai:easy"]
    scene = _scene_at(app, ["a20", "t20", "t1", "a1"], seats)
    scene.layout(scene.metrics)
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    for colour, row in enumerate(scene.rows):
        inside = [t for t in record.texts if row.contains(t.rect)]
        assert len(inside) >= 3, "name, player and score"
        assert all(t.box is not None and t.box.contains(t.rect) for t in inside)
        if scene.mini_trays_shown:
            tray = scene.mini_trays[colour].rect
            assert not any(t.rect.colliderect(tray) for t in inside), f"{colour}: the pieces run into the words"
    return scene


def test_colour_rows_keep_names_pieces_and_scores_apart_at_1024_by_700(small_app: Any) -> None:
    _rows_keep_apart(small_app)


def test_colour_rows_keep_names_pieces_and_scores_apart_at_1280_by_800(fresh_app: Any) -> None:
    assert _rows_keep_apart(fresh_app).mini_trays_shown


def test_a_long_puzzle_title_leaves_the_clock_clear_of_the_top_buttons(small_app: Any) -> None:
    app = small_app
    longest = max(PUZZLES, key=lambda spec: len(spec.title))
    scene = open_puzzle(app, longest.id)
    scene.match.seconds_played = 3 * 3600 + 59 * 60 + 59
    scene.match.hints_taken = 12
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    top = [
        t.rect
        for t in record.texts
        if t.rect.bottom <= scene.top_rect.bottom and t.rect.left > app.screen.get_width() // 5
    ]
    buttons = [w.rect for w in scene.widgets.widgets if w.visible and w.rect.bottom <= scene.top_rect.bottom]
    assert top and buttons
    assert all(not text.colliderect(button) for text in top for button in buttons)
    assert any(t.content == longest.title and scene.panel_rect.contains(t.rect) for t in record.texts)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_pentomino_colour_tabs_are_one_size(fresh_app: Any, size: tuple[int, int], language: str) -> None:
    """The review: the tabs were each as wide as their words ("Blue" narrower than "Yellow")."""
    from bauhausbox import i18n

    i18n.set_language(language)
    with window_size(fresh_app, size):
        scene = open_puzzle(fresh_app, "pentomino")
        frames(fresh_app, 1)
        tabs = [button.rect for button in scene.tab_buttons]
        assert scene.uses_tabs and all(button.visible for button in scene.tab_buttons)
        assert max(t.width for t in tabs) - min(t.width for t in tabs) <= 1, tabs
        assert all(t.height == tabs[0].height for t in tabs)
