"""The starting squares read at every size: on the 20 × 20 board at 1024 × 640 a square is under
20 px, so each start corner also carries its colour along the frame, and Duo's and Junior's squares
a large ringed dot. Counted in the colour's own paint around each starting square, on the game
screen as drawn, in the three window sizes of the layout check."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox.games.blokus.screen.colours import RGB
from bauhausbox.games.blokus.screen.scene import BlokusScene
from tests.ui.helpers import frames, open_game, window_size

SIZES = ((1024, 640), (1280, 800), (1920, 1080))
#: Pixels of a colour's own paint a starting square's mark shows at least: a solid 16 × 16 patch.
#: (Before, a corner showed 50-ish at 1024 × 640: a triangle half a square wide.)
LEAST = 256


def _paint_near(surface: pygame.Surface, scene: BlokusScene, cell: tuple[int, int], colour: Any) -> int:
    around = scene.board.cell_rect(cell).inflate(6 * scene.board.cell_px, 6 * scene.board.cell_px)
    area = around.clip(surface.get_rect())
    mask = pygame.mask.from_threshold(surface.subsurface(area), (*colour, 255), (1, 1, 1, 255))
    return int(mask.count())


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("variant", ["classic", "duo", "junior"])
def test_every_starting_square_shows_a_mark_of_readable_size(fresh_app: Any, size: Any, variant: str) -> None:
    with window_size(fresh_app, size) as app:
        players = 4 if variant == "classic" else 2
        scene = open_game(app, "blokus", players, seats=["human"] * players, seed=1, options={"variant": variant})
        assert isinstance(scene, BlokusScene)
        frames(app, 2)
        starts = [(colour, cell) for colour, cell in enumerate(scene.variant.starts) if cell is not None]
        assert len(starts) == players
        for colour, cell in starts:
            # No other mark in this colour near the square at the start: the tray and the rows are
            # beside the board, well away from it.
            painted = _paint_near(app.screen, scene, cell, RGB[colour])
            assert painted >= LEAST, (variant, size, colour, painted, scene.board.cell_px)
