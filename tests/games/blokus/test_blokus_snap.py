"""A colour's first piece snaps onto its starting square: near it, the ghost and the drop go to the
one legal place that covers it (the controller, the Blokus screen on a corner and on Duo's squares,
the full-board puzzle); never to an illegal place, never when two places are as near."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame
import pytest

from bauhausbox.engine.grid import Cell
from bauhausbox.engine.shapes import Shape, parse_picture
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.puzzles.screen import menu as puzzle_menu
from bauhausbox.games.blokus.puzzles.screen import scene as puzzle_scene
from bauhausbox.games.blokus.puzzles.screen.menu import PuzzleMenuScene
from bauhausbox.games.blokus.puzzles.screen.scene import PuzzleScene
from bauhausbox.games.blokus.puzzles.specs import PuzzlePiece
from bauhausbox.games.blokus.rules import BlokusState
from bauhausbox.games.blokus.screen import board_view as bv
from bauhausbox.games.blokus.screen import piece_widgets as pw
from bauhausbox.games.blokus.screen import tray as pw_tray
from bauhausbox.games.blokus.screen.scene import BlokusScene
from bauhausbox.persistence import paths
from tests.ui.helpers import click, frames, move, open_game

O4 = parse_picture("##/##")
INDEX = {piece.name: i for i, piece in enumerate(PIECES)}


def _controller(
    shape: Shape, targets: Iterable[Cell], legal: Any, columns: int = 8, rows: int = 10
) -> tuple[pw.PieceController, bv.BoardView]:
    view = bv.BoardView(columns, rows, labels=False)
    view.layout(pygame.Rect(0, 0, 400, 500))
    tray = pw_tray.PieceTray()
    tray.layout(pygame.Rect(420, 0, 200, 200), max_cell_px=12)
    tray.set_items([pw_tray.TrayItem("piece", shape, (0, 0, 255))])
    wanted = tuple(targets)
    controller = pw.PieceController(
        view,
        tray,
        lambda key: shape,
        lambda key: (0, 0, 255),
        on_drop=lambda key, cells: True,
        verdict=lambda key, cells: None if legal(cells) else "no",
        snap_targets=lambda key: wanted,
    )
    controller.pick("piece", grab=(0, 0))  # held by its bottom-left square
    return controller, view


def _on_board(view: bv.BoardView, cells: list[Cell]) -> bool:
    return all(view.contains(cell) for cell in cells)


def _hover(controller: pw.PieceController, view: bv.BoardView, cell: Cell) -> list[Cell] | None:
    controller.pointer = view.cell_rect(cell).center
    cells = controller.hover_cells()
    return sorted(cells) if cells is not None else None


def test_near_its_corner_a_first_piece_snaps_onto_the_one_place_covering_it() -> None:
    corner = (0, 9)  # top-left, as blue's a20
    view_holder: list[bv.BoardView] = []

    def legal(cells: list[Cell]) -> bool:
        return _on_board(view_holder[0], cells) and corner in cells

    controller, view = _controller(O4, [corner], legal)
    view_holder.append(view)
    covering = [(0, 8), (0, 9), (1, 8), (1, 9)]
    # One or two squares off, to the side, below, diagonally, and hanging off the board: snapped.
    for pointer in ((1, 8), (2, 7), (1, 7), (0, 6), (2, 8), (0, 9)):
        assert _hover(controller, view, pointer) == covering, pointer
    # Further away, the ghost stays under the pointer (an ordinary illegal ghost).
    assert _hover(controller, view, (4, 4)) == [(4, 4), (4, 5), (5, 4), (5, 5)]
    assert _hover(controller, view, (3, 8)) == [(3, 8), (3, 9), (4, 8), (4, 9)]


def test_a_piece_never_snaps_to_an_illegal_place_nor_guesses_between_two() -> None:
    corner = (0, 9)
    controller, view = _controller(O4, [corner], lambda cells: False)  # nowhere legal (a closed corner)
    assert _hover(controller, view, (1, 7)) == [(1, 7), (1, 8), (2, 7), (2, 8)]
    # A starting square inside the board (Duo's) may be covered from several sides. A V3 whose
    # corner square is diagonally below-left of it reaches it from the left or from below, one
    # square either way: no guess. A domino right above it has one nearest place: it snaps.
    inside = (4, 4)
    holder: list[bv.BoardView] = []

    def covers(cells: list[Cell]) -> bool:
        return _on_board(holder[0], cells) and inside in cells

    controller, view = _controller(parse_picture("#./##"), [inside], covers)
    holder.append(view)
    assert _hover(controller, view, (3, 3)) == [(3, 3), (3, 4), (4, 3)]
    controller, view = _controller(parse_picture("##"), [inside], covers)
    holder[0] = view
    assert _hover(controller, view, (4, 5)) == [(4, 4), (5, 4)]
    # Without targets (a colour already down) nothing ever moves.
    controller.snap_targets = lambda key: ()
    assert _hover(controller, view, (4, 5)) == [(4, 5), (5, 5)]


def test_blue_s_first_piece_snaps_into_a20_and_is_placed_there(fresh_app: Any) -> None:
    app = fresh_app
    scene = open_game(app, "blokus", 4, seats=["human"] * 4, seed=1)
    assert isinstance(scene, BlokusScene)
    frames(app, 2)
    scene.controller.pick(INDEX["O"], grab=(0, 0))
    pointer = scene.board.cell_rect((2, 16)).center  # two squares off the corner both ways
    move(app, pointer)
    covering = [(0, 18), (0, 19), (1, 18), (1, 19)]
    assert sorted(scene.controller.hover_cells() or []) == covering
    click(app, pointer)
    state: BlokusState = scene.match.state
    assert scene.match.history.cursor == 1
    assert sorted(scene.match.history.steps[0].move.cells) == covering
    # Yellow's turn: its corner is t20; the same pointer by blue's corner no longer snaps anywhere.
    assert state.colour == 1
    scene.controller.pick(INDEX["O"], grab=(0, 0))
    move(app, scene.board.cell_rect((3, 13)).center)
    assert sorted(scene.controller.hover_cells() or []) == [(3, 13), (3, 14), (4, 13), (4, 14)]
    move(app, scene.board.cell_rect((17, 17)).center)
    assert sorted(scene.controller.hover_cells() or []) == [(18, 18), (18, 19), (19, 18), (19, 19)]


def test_a_duo_first_piece_snaps_onto_its_starting_square_when_one_place_is_nearest(fresh_app: Any) -> None:
    app = fresh_app
    scene = open_game(app, "blokus", 2, seats=["human", "human"], seed=1, options={"variant": "duo"})
    assert isinstance(scene, BlokusScene)
    frames(app, 2)
    start = scene.variant.starts[scene.view.colour]
    assert start is not None
    scene.controller.pick(INDEX["O"], grab=(0, 0))
    # Straight above the starting square, two rows up: the square drops onto it from above.
    col, row = start
    move(app, scene.board.cell_rect((col, row + 2)).center)
    cells = sorted(scene.controller.hover_cells() or [])
    assert start in cells and scene._verdict(INDEX["O"], cells) is None


@pytest.fixture()
def _puzzle_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzle_scene, "default_directory", lambda: tmp_path)
    monkeypatch.setattr(puzzle_menu, "default_directory", lambda: tmp_path)
    for path in paths.saves_dir().glob("blokus-puzzles-*.json"):
        path.unlink()


def test_the_full_board_puzzle_snaps_a_colour_s_first_piece_into_its_corner(
    fresh_app: Any, tmp_path: Path, _puzzle_files: None
) -> None:
    app = fresh_app
    menu = PuzzleMenuScene(app, directory=tmp_path)
    app.push(menu)
    frames(app, 1)
    click(app, menu.cards["fullboard"].center)
    frames(app, 1)
    scene = app.top
    assert isinstance(scene, PuzzleScene)
    piece = next(p for p in scene.spec.pieces if p.colour == "blue" and p.name == "O")
    assert isinstance(piece, PuzzlePiece)
    scene.controller.pick(piece, grab=(0, 0))
    move(app, scene.board.cell_rect((1, 17)).center)
    assert sorted(scene.controller.hover_cells() or []) == [(0, 18), (0, 19), (1, 18), (1, 19)]
