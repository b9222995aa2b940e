"""``bauhausbox replay FILE`` draws the final position for a person, checked against the rules pages
(``docs/rules/<game>.md``): squares where the notation names them, and nothing an unfinished game's
first human seat may not see."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.cli import main
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.persistence import saves
from tests.ui.helpers import seeded_game

BLOKUS_CORNERS = {"B": "a20", "Y": "t20", "R": "t1", "G": "a1"}  # docs/rules/blokus.md, starting corners


def _replay(path: Path, capsys: pytest.CaptureFixture[str], *options: str) -> str:
    assert main(["replay", str(path), *options]) == 0
    return capsys.readouterr().out


def _grid(lines: list[str], width: int = 1, header: int | None = None) -> tuple[dict[str, str], list[str], list[str]]:
    """Read a printed board: its squares by name (``a20``), its column labels left to right and its
    row labels top to bottom. The column labels are the first line made of single letters only."""
    if header is None:
        header = next(i for i, line in enumerate(lines) if re.fullmatch(r"\s+(?:[a-z]\s+)+[a-z]\s*", line))
    columns = {match.start(): match.group() for match in re.finditer(r"[a-z]", lines[header])}
    squares: dict[str, str] = {}
    rows: list[str] = []
    for line in lines[header + 1 :]:
        label = re.match(r"\s*(\d+) ", line)
        if line.strip() == lines[header].strip():
            break
        if not label:
            continue
        rows.append(label.group(1))
        for position, letter in columns.items():
            squares[letter + label.group(1)] = line[position : position + width]
    return squares, list(columns.values()), rows


# -- Blokus -----------------------------------------------------------------------------------------
def test_blokus_first_moves_cover_their_corners_on_a_lettered_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = seeded_game("blokus", 4, seed=11, stop_after=4, save_path=tmp_path / "game.json")
    out = _replay(tmp_path / "game.json", capsys)
    squares, columns, rows = _grid(out.splitlines())
    assert columns == list("abcdefghijklmnopqrst")
    assert rows == [str(n) for n in range(20, 0, -1)]  # row 20 at the top, row 1 at the bottom
    for letter, corner in BLOKUS_CORNERS.items():
        assert squares[corner] == letter, corner
    # Each colour's letters are exactly the squares its move text names (the notation lists them).
    for step, letter in zip(match.history.steps, "BYRG", strict=True):
        named = set(step.text.split(","))
        assert {name for name, mark in squares.items() if mark == letter} == named
    assert set(squares.values()) == {"B", "Y", "R", "G", "."}
    assert out.count("\n   a b c") == 2  # the letters above and below the board


def test_position_prints_the_coded_text_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = seeded_game("blokus", 2, seed=4, stop_after=3, save_path=tmp_path / "game.json")
    out = _replay(tmp_path / "game.json", capsys, "--position")
    assert out.splitlines() == [match.game.to_text(match.state)]
    assert "--position" in Path("README.md").read_text(encoding="utf-8")


# -- Bauhaus ----------------------------------------------------------------------------------------
def _first_step(game_id: str, players: int, seed: int, wanted: str) -> int:
    match = seeded_game(game_id, players, seed=seed)
    return next(i for i, step in enumerate(match.history.steps) if step.text.startswith(wanted))


def test_bauhaus_tokens_and_walls_stand_where_the_moves_named_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The opening: each seat places a token, Blue's b and Yellow's y (docs/rules/bauhaus.md).
    match = seeded_game("bauhaus", 2, seed=5, stop_after=2, save_path=tmp_path / "opening.json")
    squares, columns, rows = _grid(_replay(tmp_path / "opening.json", capsys).splitlines(), header=None)
    assert columns == list("abcdefgh") and rows == [str(n) for n in range(8, 0, -1)]
    for step in match.history.steps:
        assert step.text.startswith("place ")
        assert squares[step.text.split()[1]] == "by"[step.seat]
    assert sorted(mark for mark in squares.values() if mark != ".") == ["b", "y"]

    # A wall: `c3N` is the side between c3 and c4, `c3E` between c3 and d3.
    index = _first_step("bauhaus", 2, 5, "wall")
    match = seeded_game("bauhaus", 2, seed=5, stop_after=index + 1, save_path=tmp_path / "wall.json")
    lines = _replay(tmp_path / "wall.json", capsys).splitlines()
    header = next(i for i, line in enumerate(lines) if line.strip().startswith("a b c"))
    positions = {match.group(): match.start() for match in re.finditer(r"[a-z]", lines[header])}
    row_line = {re.match(r"\s*(\d+)", line).group(1): i for i, line in enumerate(lines) if re.match(r"\s*\d+ ", line)}
    edges = match.history.steps[index].text.split()[1].split(",")
    for edge in edges:
        column, row, side = edge[0], edge[1:-1], edge[-1]
        line = row_line[row]
        if side == "N":
            assert lines[line - 1][positions[column]] == "-", edge
        elif side == "S":
            assert lines[line + 1][positions[column]] == "-", edge
        elif side == "E":
            assert lines[line][positions[column] + 1] == "|", edge
        else:
            assert lines[line][positions[column] - 1] == "|", edge


# -- Bits -------------------------------------------------------------------------------------------
def _ramp(out: str, name: str) -> dict[tuple[int, int], str]:
    """A seat's ramp as (column, row) -> letter, columns and rows from 1 (docs/rules/bits.md)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(name + " ("))
    header = lines[start + 1]
    assert header.split() == ["1", "2", "3", "4", "5", "6"]
    columns = {int(match.group()): match.start() for match in re.finditer(r"\d", header)}
    ramp = {}
    labels = []
    for line in lines[start + 2 : start + 8]:
        row = int(line.split()[0])
        labels.append(row)
        ramp.update({(column, row): line[at] for column, at in columns.items()})
    assert labels == [6, 5, 4, 3, 2, 1]  # the bottom of the ramp at the bottom
    return ramp


def test_bits_start_tiles_slide_to_the_bottom_of_each_ramp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = seeded_game("bits", 3, seed=2, stop_after=3, save_path=tmp_path / "game.json")
    out = _replay(tmp_path / "game.json", capsys)
    assert "Round 1 of 3" in out
    names = [seat.name for seat in match.setup.seats]
    for step in match.history.steps:
        colours, spot = step.text.split()
        ramp = _ramp(out, names[step.seat])
        column = int(spot[1:])
        # An empty ramp: a vertical tile lands on rows 1 and 2, its first colour on top; a horizontal
        # one on row 1, its first colour on the left.
        cells = [(column, 2), (column, 1)] if spot[0] == "V" else [(column, 1), (column + 1, 1)]
        assert [ramp[cell] for cell in cells] == list(colours)
        assert sum(mark != "." for mark in ramp.values()) == 2


def _bits_history(moves: list[tuple[int, Any]]) -> tuple[Setup, History[Any]]:
    game = games.load("bits")
    seats = (SeatSpec("Anni"), SeatSpec("Bert", "ai", "easy"), SeatSpec("Cleo", "ai", "easy"))
    setup = Setup("bits", 3, 9, seats, game.normalize_options(3, {}))
    history = History(game, setup.new_state(game))
    for seat, move in moves:
        history.play(move, seat)
    return setup, history


def test_an_unfinished_bits_game_keeps_another_seats_placement_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The others' choices for the tile shown stay secret until everybody has placed: two games that
    differ only in Bert's choice print the same thing for Anni."""
    game = games.load("bits")
    _, history = _bits_history([])
    moves: list[tuple[int, Any]] = []
    while len(moves) < 4:  # the three start tiles, then Anni's tile
        seat = history.state.to_play
        move = game.legal_moves(history.state, seat)[0]
        history.play(move, seat)
        moves.append((seat, move))
    seat = history.state.to_play
    assert seat == 1  # Bert places after Anni, Cleo still has to
    choices = game.legal_moves(history.state, seat)
    outs = []
    for choice in (choices[0], choices[-1]):
        setup, played = _bits_history([*moves, (seat, choice)])
        assert played.state.to_play == 2
        saves.write_game(tmp_path / "game.json", setup, played)
        outs.append(_replay(tmp_path / "game.json", capsys))
    assert choices[0] != choices[-1] and outs[0] == outs[1]
    assert "has placed" in outs[0]


# -- Buizen -----------------------------------------------------------------------------------------
MATERIAL_WORDS = ("PP", "PE100", "fire hose", "gas")  # docs/rules/buizen.md, components


def _seat_lines(out: str, names: list[str]) -> dict[str, str]:
    return {name: next(line for line in out.splitlines() if line.startswith(f"  {name}: ")) for name in names}


def test_an_unfinished_buizen_game_shows_only_the_first_humans_secrets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = seeded_game("buizen", 4, seed=3, stop_after=12, save_path=tmp_path / "game.json")
    out = _replay(tmp_path / "game.json", capsys)
    state = match.state
    names = [seat.name for seat in match.setup.seats]
    lines = _seat_lines(out, names)
    mine = lines["Anni"]
    assert f"{len(state.hands[0])} tiles in hand" in mine or f"{len(state.hands[0])} tile in hand" in mine
    for number in state.hands[0]:
        assert str(number) in mine or number > 40  # 41 and 42 are the special road tiles, named in words
    assert sum(word in mine for word in MATERIAL_WORDS) >= 1  # Anni knows her own colour
    for seat, name in enumerate(names[1:], 1):
        line = lines[name]
        assert line.endswith(f"{len(state.hands[seat])} tiles in hand") or line.endswith("1 tile in hand")
        assert not any(word in line for word in MATERIAL_WORDS), line  # another seat's colour stays secret
        assert f"{name}: hidden until the end" in out  # a score would tell their colour
    assert "Bag: " in out and f"{len(state.bag)} tiles" in out


def test_a_finished_buizen_game_names_every_colour_and_the_start_pump_room(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = seeded_game("buizen", 3, seed=6, save_path=tmp_path / "game.json")
    assert match.over
    out = _replay(tmp_path / "game.json", capsys)
    names = [seat.name for seat in match.setup.seats]
    for line in _seat_lines(out, names).values():
        assert any(word in line for word in MATERIAL_WORDS), line
    # The start tile, a pump room, at 0,0: columns are x and rows y (y down), three lines per cell.
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if re.fullmatch(r"\s*(-?\d+\s+)+-?\d+\s*", line))
    column = next(m.end() - 1 for m in re.finditer(r"-?\d+", lines[header]) if m.group() == "0")
    middle = next(i for i, line in enumerate(lines) if re.match(r"\s*0 ", line))
    assert lines[middle][column] == "@"
    footer = next(i for i in range(header + 1, len(lines)) if lines[i] == lines[header])
    ys = [int(line.split()[0]) for line in lines[header + 1 : footer] if re.match(r"\s*-?\d+ ", line)]
    assert ys == sorted(ys) and 0 in ys  # smallest y at the top


# -- Blokus puzzles ---------------------------------------------------------------------------------
def test_a_puzzle_shows_its_pieces_where_they_were_placed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = seeded_game("blokus-puzzles", 1, seed=1, stop_after=2, save_path=tmp_path / "game.json")
    out = _replay(tmp_path / "game.json", capsys)
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.strip().startswith("a  b  c"))
    squares: dict[str, str] = {}
    rows: list[str] = []
    columns = {m.group(): m.start() for m in re.finditer(r"[a-z]", lines[header])}
    for line in lines[:header]:
        label = re.match(r"\s*(\d+) ", line)
        if label:
            rows.append(label.group(1))
            squares.update({c + label.group(1): line[at : at + 2] for c, at in columns.items()})
    assert rows == sorted(rows, key=int, reverse=True) and rows[-1] == "1"
    for step in match.history.steps:
        colour, piece, cells = step.text.split()  # "blue T4 a1,b1,c1,b2" (docs/rules/puzzles.md)
        for cell in cells.split(","):
            assert squares[cell] == colour[0].upper() + piece[0], cell
    assert "2 pieces placed of" in out
