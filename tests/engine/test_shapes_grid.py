"""Polyomino transforms and square names."""

import pytest

from bauhausbox.engine.api import InvalidMoveError
from bauhausbox.engine.grid import cell_name, cells_text, parse_cell, parse_cells
from bauhausbox.engine.shapes import canonical, flip, orientations, parse_picture, picture, rotate, same_shape


def test_orientation_counts_of_known_shapes() -> None:
    # Square 1, I 2, T 4, L 8, S/Z 4, X 1 (fixed polyominoes).
    assert len(orientations(parse_picture("##/##"))) == 1
    assert len(orientations(parse_picture("####"))) == 2
    assert len(orientations(parse_picture(".#./###"))) == 4
    assert len(orientations(parse_picture("#../###"))) == 8
    assert len(orientations(parse_picture(".##/##."))) == 4
    assert len(orientations(parse_picture(".#./###/.#."))) == 1
    assert len(orientations(parse_picture("#../###"), reflections=False)) == 4


def test_rotation_and_flip() -> None:
    l_shape = parse_picture("#../###")
    # Anticlockwise: the long arm stands up on the right, the foot points left at the bottom.
    assert picture(rotate(l_shape, 1)) == ".#/.#/##"
    assert rotate(l_shape, 4) == l_shape
    assert picture(flip(l_shape)) == "..#/###"
    assert flip(flip(l_shape)) == l_shape
    assert same_shape(l_shape, flip(l_shape))
    assert not same_shape(l_shape, flip(l_shape), reflections=False)
    assert canonical(rotate(l_shape, 3)) == canonical(l_shape)
    assert not same_shape(parse_picture("####"), parse_picture("##/##"))


def test_cell_names() -> None:
    assert cell_name((0, 0)) == "a1"
    assert cell_name((19, 19)) == "t20"
    assert parse_cell("t20", 20, 20) == (19, 19)
    assert cells_text([(1, 0), (0, 1), (0, 0)]) == "a1,b1,a2"
    assert parse_cells("a1, b1") == frozenset({(0, 0), (1, 0)})
    for bad in ("u1", "a21", "1a", ""):
        with pytest.raises(InvalidMoveError):
            parse_cell(bad, 20, 20)
    with pytest.raises(InvalidMoveError):
        parse_cells("a1,a1")
