"""Each colour's seat shape is explained where it shows: the mark beside the colour's name tells, under
the pointer, which shape it is and that it is on each of the colour's pieces; the how-to-play says it
too."""

from __future__ import annotations

from typing import Any

from bauhausbox.games.blokus.screen.howto import how_to_pages
from bauhausbox.games.blokus.screen.scene import BlokusScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import frames, move, open_game


def test_pointing_at_a_colours_mark_names_its_shape(fresh_app: Any) -> None:
    app = fresh_app
    scene = open_game(app, "blokus", 4, seats=["human"] * 4, seed=1)
    assert isinstance(scene, BlokusScene)
    frames(app, 2)
    for row, shape in zip(scene.rows, ("circle", "triangle", "square", "cross"), strict=True):
        move(app, scene._swatch(row).center)
        with layout_probe.recording(app.screen.get_size()) as record:
            frames(app, 1)
        said = " ".join(tip.content for tip in record.tooltips)
        assert shape in said and "piece" in said, f"the {shape} is explained: {said!r}"
    move(app, (scene.board.rect.centerx, scene.board.rect.centery))
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    assert not record.tooltips, "nothing is said when the pointer is elsewhere"


def test_how_to_play_names_every_colours_shape() -> None:
    words = " ".join(" ".join(page.paragraphs) for page in how_to_pages())
    for colour, shape in (("blue", "circle"), ("yellow", "triangle"), ("red", "square"), ("green", "cross")):
        assert f"{colour} a {shape}" in words
