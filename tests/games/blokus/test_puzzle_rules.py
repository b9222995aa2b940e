"""The six solo puzzles as ``docs/rules/puzzles.md`` defines them, and the live checks of a puzzle position."""

from __future__ import annotations

import pytest

from bauhausbox.engine.api import IllegalMoveError
from bauhausbox.games.blokus.puzzles.rules import (
    CheckResult,
    PuzzleState,
    check,
    is_complete,
    new_puzzle,
    place,
    remove,
    replay,
    same_colour_contacts,
)
from bauhausbox.games.blokus.puzzles.specs import PUZZLES, Placement, PuzzlePiece, get_puzzle, parse_placement, render


def cells(*names: str) -> frozenset[tuple[int, int]]:
    return frozenset((ord(n[0]) - ord("a"), int(n[1:]) - 1) for n in names)


def put(colour: str, name: str, *squares: str) -> Placement:
    return Placement(PuzzlePiece(colour, name), cells(*squares))


def test_six_puzzles_with_the_rules_page_sizes() -> None:
    assert [p.id for p in PUZZLES] == [
        "fullboard",
        "fullboard-hard",
        "tetromino",
        "tetromino-hard",
        "pentomino",
        "pentomino-hard",
    ]
    full, tetro, pento = get_puzzle("fullboard"), get_puzzle("tetromino"), get_puzzle("pentomino")
    assert (full.width, full.height, len(full.pieces)) == (20, 20, 84)
    assert (tetro.width * tetro.height, len(tetro.pieces)) == (80, 20)
    assert {tetro.width, tetro.height} == {8, 10}
    assert sorted({p.name for p in tetro.pieces}) == ["I4", "L4", "O", "T4", "Z4"]
    assert (pento.width * pento.height, len(pento.pieces)) == (240, 48)
    assert {pento.width, pento.height} == {15, 16}
    assert all(p.size == 5 for p in pento.pieces)
    # Areas match exactly: the frames are filled, with nothing left over.
    assert sum(p.size for p in tetro.pieces) == 80 and sum(p.size for p in pento.pieces) == 240
    assert tetro.movable and pento.movable and not full.movable


def test_frame_placement_reasons() -> None:
    state = new_puzzle("tetromino")
    o_piece = put("blue", "O", "a1", "b1", "a2", "b2")
    state = place(state, o_piece)
    assert check(state, put("red", "O", "b2", "c2", "b3", "c3")).reason == "overlaps a piece already placed"
    assert check(state, put("red", "I4", "j5", "j6", "j7", "j8")).ok
    assert "entirely on the board" in (check(state, put("red", "I4", "j6", "j7", "j8", "j9")).reason or "")
    assert "not the shape" in (check(state, put("red", "T4", "c1", "d1", "e1", "f1")).reason or "")
    assert "already on the board" in (check(state, put("blue", "O", "e1", "f1", "e2", "f2")).reason or "")
    assert "not part of this puzzle" in (check(state, put("blue", "X", "d2", "c3", "d3", "e3", "d4")).reason or "")
    # The plain frame lets colours touch.
    assert check(state, put("blue", "I4", "c1", "d1", "e1", "f1")).ok
    with pytest.raises(IllegalMoveError, match="overlaps"):
        place(state, put("red", "O", "b2", "c2", "b3", "c3"))


def test_harder_frame_refuses_same_colour_side_contact_and_names_the_contacts() -> None:
    state = place(new_puzzle("tetromino-hard"), put("blue", "O", "a1", "b1", "a2", "b2"))
    result = check(state, put("blue", "I4", "c1", "c2", "c3", "c4"))
    assert result.reason == "touches another blue piece along a side"
    assert set(result.contacts) == {((1, 0), (2, 0)), ((1, 1), (2, 1))}  # b1|c1 and b2|c2
    # Corner contact is fine, and other colours may touch.
    assert check(state, put("blue", "I4", "c3", "d3", "e3", "f3")).ok
    assert check(state, put("red", "I4", "c1", "c2", "c3", "c4")).ok


def test_same_colour_contacts_lists_every_offending_edge() -> None:
    # Built directly (the plain puzzle allows it), then inspected as the harder rule sees it.
    state = PuzzleState(
        "tetromino-hard",
        (put("blue", "O", "a1", "b1", "a2", "b2"), put("blue", "I4", "a3", "b3", "c3", "d3")),
    )
    assert same_colour_contacts(state) == [((0, 1), (0, 2)), ((1, 1), (1, 2))]


def test_pieces_can_be_moved_in_frames_but_not_on_the_full_board() -> None:
    first = put("blue", "O", "a1", "b1", "a2", "b2")
    second = put("red", "O", "c1", "d1", "c2", "d2")
    state = place(place(new_puzzle("tetromino"), first), second)
    assert remove(state, PuzzlePiece("blue", "O")).placements == (second,)
    board = place(new_puzzle("fullboard"), put("green", "1", "a1"))
    board = place(board, put("blue", "1", "a20"))
    with pytest.raises(IllegalMoveError, match="stay put"):
        remove(board, PuzzlePiece("green", "1"))
    assert remove(board, PuzzlePiece("blue", "1")).placements == (put("green", "1", "a1"),)


def test_full_board_follows_the_blokus_placement_rules() -> None:
    state = new_puzzle("fullboard")
    assert "corner a20" in (check(state, put("blue", "2", "a1", "a2")).reason or "")
    state = place(state, put("blue", "V3", "a20", "a19", "b20"))
    assert "along a side" in (check(state, put("blue", "2", "c20", "d20")).reason or "")
    assert "corner to corner" in (check(state, put("blue", "2", "c18", "d18")).reason or "")
    assert check(state, put("blue", "2", "b18", "c18")).ok
    # Another colour may touch blue along a side, but starts in its own corner (yellow: t20).
    assert "corner t20" in (check(state, put("yellow", "2", "c20", "d20")).reason or "")
    assert check(state, put("yellow", "2", "s20", "t20")).ok
    assert check(state, put("red", "1", "t1")).ok and check(state, put("green", "1", "a1")).ok
    state = place(state, put("yellow", "2", "s20", "t20"))
    assert check(state, put("yellow", "I3", "r19", "r18", "r17")).ok
    assert check(state, put("blue", "I3", "c19", "c18", "c17")).ok  # corner to corner with b20


def test_full_board_harder_version_wants_the_largest_pieces_first() -> None:
    state = new_puzzle("fullboard-hard")
    reason = check(state, put("blue", "O", "a20", "b20", "a19", "b19")).reason
    assert reason is not None and "pentominoes" in reason and "48" in reason
    assert check(state, put("blue", "I5", "a20", "b20", "c20", "d20", "e20")).ok


def test_completion_needs_every_piece() -> None:
    rows = [
        "blue I4 a1,b1,c1,d1",
        "yellow I4 e1,f1,g1,h1",
        "red O i1,j1,i2,j2",
    ]
    state = replay("tetromino", rows)
    assert not is_complete(state)
    assert len(state.remaining()) == 17


def test_render_and_placement_text_round_trip() -> None:
    placement = put("blue", "T4", "a1", "b1", "c1", "b2")
    assert placement.text == "blue T4 a1,b1,c1,b2"
    assert parse_placement(placement.text) == placement
    picture = render(3, 2, [placement])
    assert picture.splitlines()[0] == " 2 .. BT .."
    assert picture.splitlines()[1] == " 1 BT BT BT"


def test_check_result_ok_flag() -> None:
    assert CheckResult(None).ok and not CheckResult("no").ok


def test_the_pure_puzzle_modules_do_not_import_pygame() -> None:
    import subprocess
    import sys

    modules = [
        "puzzles.specs",
        "puzzles.rules",
        "puzzles.solver.search",
        "puzzles.records.best_times",
        "puzzles.tools.cli",
        "puzzles.tools.bench",
    ]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module('bauhausbox.games.blokus.' + name)\n"
        "print('pygame' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
