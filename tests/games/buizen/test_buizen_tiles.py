"""The Buizen tile set and the compatibility table against ``docs/rules/buizen.md``."""

from __future__ import annotations

from collections import Counter

import pytest

from bauhausbox.games.buizen.tiles import (
    BAG_CONTENTS,
    COMPATIBLE,
    DISTINCT_ORIENTATIONS,
    MANHOLE,
    MATERIALS,
    OPEN_PIT,
    PIPE_TILES,
    REAL_CONNECTION,
    TILE_BY_NUMBER,
    parse_sides,
    rotate,
    sides_of,
)

EAVES = [f"E:{m}" for m in MATERIALS]
KERBS = [f"R:{m}" for m in MATERIALS]


def test_forty_double_sided_tiles_and_a_bag_of_48() -> None:
    assert [tile.number for tile in PIPE_TILES] == list(range(1, 41))
    assert len(BAG_CONTENTS) == 48
    counts = Counter(BAG_CONTENTS)
    assert counts[OPEN_PIT] == 4 and counts[MANHOLE] == 4


def test_table_rows_read_as_printed() -> None:
    # Row 2 and row 40 of ``docs/rules/buizen.md``, word for word.
    front, back = TILE_BY_NUMBER[2].faces
    assert front.code == "B1 FH" and front.sides == ("FH", "FH", "-", "-")
    assert back.code == "C2 PP/PE" and back.sides == ("PP", "PE", "PP", "R:PE")
    front, back = TILE_BY_NUMBER[40].faces
    assert front.sides == ("GAS",) * 4
    assert back.code == "T PP" and back.sides == ("PP", "PP", "PP", "-")


def test_every_material_has_the_same_ends_roads_and_eaves() -> None:
    per_material: dict[str, Counter[str]] = {m: Counter() for m in MATERIALS}
    for tile in PIPE_TILES:
        for face in tile.faces:
            for side in face.sides:
                if side == "-":
                    continue
                kind, _, material = side.rpartition(":")
                per_material[material][kind or "pipe"] += 1
    first = per_material["PP"]
    assert first == Counter({"pipe": 48, "R": 9, "E": 5})
    assert all(counts == first for counts in per_material.values())


def test_rotation_turns_clockwise() -> None:
    sides = ("E:FH", "-", "FH", "-")
    assert rotate(sides, 1) == ("-", "E:FH", "-", "FH")  # the eave moved from north to east
    assert rotate(sides, 4) == sides
    assert sides_of(3, 0, 3) == parse_sides("[-, FH, -, E:FH]")


def test_symmetric_faces_have_fewer_orientations() -> None:
    # Tile 37: X PP (one orientation) / T PE (four).
    assert len(DISTINCT_ORIENTATIONS[37]) == 5
    # Tile 1: S1 FH (two) / C1 PP/PE (two).
    assert len(DISTINCT_ORIENTATIONS[1]) == 4


@pytest.mark.parametrize("a", EAVES)
@pytest.mark.parametrize("b", EAVES)
def test_eaves_never_touch(a: str, b: str) -> None:
    assert (a, b) not in COMPATIBLE


@pytest.mark.parametrize("a", KERBS)
@pytest.mark.parametrize("b", KERBS)
def test_two_road_connections_never_face(a: str, b: str) -> None:
    assert (a, b) not in COMPATIBLE


def test_compatibility_table_of_the_rules_page() -> None:
    yes = [
        ("FH", "FH"),
        ("R:FH", "ROAD"),
        ("E:GAS", "PUMP"),
        ("-", "-"),
        ("-", "ROAD"),
        ("-", "PUMP"),
        ("ROAD", "ROAD"),
        ("ROAD", "PUMP"),
        ("PUMP", "PUMP"),
    ]
    no = [
        ("FH", "PP"),
        ("FH", "R:FH"),
        ("FH", "E:FH"),
        ("FH", "-"),
        ("FH", "ROAD"),
        ("FH", "PUMP"),
        ("R:PP", "E:PP"),
        ("R:PP", "-"),
        ("R:PP", "PUMP"),
        ("E:PP", "-"),
        ("E:PP", "ROAD"),
    ]
    for a, b in yes:
        assert (a, b) in COMPATIBLE and (b, a) in COMPATIBLE, (a, b)
    for a, b in no:
        assert (a, b) not in COMPATIBLE and (b, a) not in COMPATIBLE, (a, b)


def test_real_connections() -> None:
    assert ("PE", "PE") in REAL_CONNECTION
    assert ("R:PE", "ROAD") in REAL_CONNECTION
    assert ("E:PE", "PUMP") in REAL_CONNECTION
    for plain in [("-", "-"), ("-", "PUMP"), ("ROAD", "-"), ("PUMP", "ROAD")]:
        assert plain not in REAL_CONNECTION
