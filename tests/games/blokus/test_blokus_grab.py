"""A piece taken from the Blokus tray keeps the square it was taken by under the pointer, and drops
where it is seen; the tray's names never lie on its pieces.

The squares are found on the screen itself (the piece's pixels in its slot), not from the tray's
own arithmetic, so a tray that draws a piece in one place and picks it up from another fails."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.rules import BLUE
from bauhausbox.games.blokus.screen.colours import RGB
from bauhausbox.games.blokus.screen.scene import BlokusScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import click, drag, frames, key, open_game

I5 = next(index for index, piece in enumerate(PIECES) if piece.name == "I5")


def _drawn_piece(app: Any, scene: BlokusScene, key: int) -> pygame.Rect:
    """The bounding box of the piece's colour inside its slot, read from the window."""
    slot = scene.tray.slot_rect(key)
    assert slot is not None
    frames(app, 1)
    blue = pygame.Color(*RGB[BLUE])
    points = [
        (x, y)
        for x in range(slot.left, slot.right)
        for y in range(slot.top, slot.bottom)
        if app.screen.get_at((x, y)) == blue
    ]
    assert points, "the piece shows in its slot"
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@pytest.mark.parametrize("end", ["left", "right"])
def test_a_piece_dragged_by_one_end_drops_with_that_end_under_the_pointer(fresh_app: Any, end: str) -> None:
    app = fresh_app
    scene = open_game(app, "blokus", 4, seats=["human"] * 4, seed=1)
    assert isinstance(scene, BlokusScene)
    frames(app, 2)
    picture = _drawn_piece(app, scene, I5)
    assert picture.width > 3 * picture.height, "I5 lies flat in the tray"
    square = picture.width / 5
    x = round(picture.left + square / 2) if end == "left" else round(picture.right - square / 2)
    # Blue starts on a20 (column 0, top row): by its left end the I5 covers a20-e20, by its right
    # end, dropped on e20, the same squares. Taken by any other square, it would not fit there.
    target = (0, 19) if end == "left" else (4, 19)
    drag(app, (x, picture.centery), scene.board.cell_rect(target).center, steps=8)
    frames(app, 2)
    assert scene.match.history.cursor == 1, "the piece was placed where the pointer let it go"
    placed = {(col, row) for col in range(5) for row in (19,)}
    assert set(scene.match.history.steps[0].move.cells) == placed


@pytest.mark.parametrize("name", ["V5", "F", "N", "T4"])
def test_a_piece_is_taken_by_the_square_under_the_pointer(fresh_app: Any, name: str) -> None:
    app = fresh_app
    scene = open_game(app, "blokus", 4, seats=["human"] * 4, seed=1)
    assert isinstance(scene, BlokusScene)
    frames(app, 2)
    index = next(i for i, piece in enumerate(PIECES) if piece.name == name)
    shape = PIECES[index].shape  # as the tray shows it before any turn
    columns = max(x for x, _ in shape) + 1
    rows = max(y for _, y in shape) + 1
    picture = _drawn_piece(app, scene, index)
    width, height = picture.width / columns, picture.height / rows
    for x, y in sorted(shape):
        point = (round(picture.left + (x + 0.5) * width), round(picture.top + (rows - 1 - y + 0.5) * height))
        click(app, point)
        held = scene.controller.held
        assert held is not None and held.grab == (x, y), f"{name} taken by its square {(x, y)}"
        key(app, pygame.K_ESCAPE)
        assert scene.controller.held is None


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_tray_names_never_lie_on_a_piece(fresh_app: Any, size: tuple[int, int]) -> None:
    from tests.ui.helpers import window_size

    with window_size(fresh_app, size) as app:
        scene = open_game(app, "blokus", 4, seats=["human"] * 4, seed=1)
        assert isinstance(scene, BlokusScene)
        frames(app, 2)
        with layout_probe.recording(app.screen.get_size()) as record:
            frames(app, 1)
        pieces = [figure.rect for figure in record.figures]
        assert len(pieces) >= 21, "every piece of the tray is reported"
        # The tray's names (drawn in the tray's box); the board's row numbers "1" and "2" are not.
        names = [t for t in record.texts if t.content in {piece.name for piece in PIECES} and t.box is not None]
        assert len(names) == 21
        for text in names:
            for piece in pieces:
                overlap = text.rect.clip(piece)
                assert overlap.width <= 1 or overlap.height <= 1, f"{text.content} lies on a piece at {size}"
