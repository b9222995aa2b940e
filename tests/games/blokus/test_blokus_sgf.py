"""Blokus games as Pentobi's game files (``bauhausbox/games/blokus/sgf.py``): reading Pentobi's own
opening books (tests/data/blokus-sgf/), writing every variant and reading it back, and one sentence for
every kind of bad file."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from bauhausbox.engine.api import Words
from bauhausbox.games.blokus import sgf
from bauhausbox.games.blokus.rules import GAME

DATA = Path(__file__).parents[2] / "data" / "blokus-sgf"
SETUPS = [(4, {}), (2, {"variant": "classic"}), (3, {}), (2, {"variant": "duo"}), (2, {"variant": "junior"})]


def random_moves(players: int, options: dict[str, str], seed: int, limit: int | None = None) -> list[str]:
    state = GAME.new_game(players, 0, **options)
    rnd = random.Random(seed)
    texts = []
    while state.to_play is not None and (limit is None or len(texts) < limit):
        move = rnd.choice(GAME.legal_moves(state))
        texts.append(move.text)
        state = GAME.apply(state, move)
    return texts


def test_pentobi_junior_book_main_line() -> None:
    game = sgf.read((DATA / "book_junior.blksgf").read_bytes())
    assert (game.players, game.options) == (2, {"variant": "junior"})
    assert game.moves == ["f9,e10,f10,e11,f11"]  # the first of the two variations


def test_pentobi_two_player_book_main_line() -> None:
    game = sgf.read((DATA / "book_classic_2-excerpt.blksgf").read_bytes())
    assert (game.players, game.options) == (2, {"variant": "classic"})
    assert game.moves == [
        "a17,b17,a18,a19,a20",
        "s17,t17,t18,t19,t20",
        "t1,t2,s3,t3,s4",
        "a1,b1,c1,d1,d2",
        "d14,e14,d15,c16,d16",
        "p14,q14,q15,q16,r16",
        "r5,p6,q6,r6,p7",
        "e3,e4,f4,g4,g5",
        "h11,g12,h12,f13,g13",
        "o11,p11,n12,o12,o13",
    ]


# Pentobi's books for the square boards, whole: the players, the variant and the main line (the first
# variation at each fork), as the files write them.
BOOKS = {
    "book_classic.blksgf": (4, "classic", ["a17,b17,a18,a19,a20", "s17,t17,t18,t19,t20", "t1,t2,t3,s4,t4"]),
    "book_classic_3.blksgf": (3, "classic", ["a17,b17,a18,a19,a20", "s17,t17,t18,t19,t20", "t1,t2,t3,s4,t4"]),
    "book_duo.blksgf": (2, "duo", ["f9,e10,f10,g10,f11", "i4,h5,i5,j5,i6", "h7,g8,h8,h9,i9", "f5,e6,f6,g6,e7"]),
}


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_pentobi_books_main_lines(name: str) -> None:
    players, variant, moves = BOOKS[name]
    game = sgf.read((DATA / name).read_bytes())
    assert (game.players, game.options.get("variant", "classic")) == (players, variant)
    # Cells as sets: the file lists a piece's squares in its own order.
    assert [set(move.split(",")) for move in game.moves] == [set(move.split(",")) for move in moves]


def test_own_duo_file_with_names_escapes_and_a_comment() -> None:
    game = sgf.read((DATA / "duo-own.blksgf").read_bytes())
    assert game.names == ["Anni", "Bő ] Nó"]
    assert game.date == "2024-05-01"
    assert game.moves == ["e9,d10,e10,f10,e11", "j5,j6,i7,j7,k7", "g6,g7,f8,g8,h8"]


def test_setup_properties_are_played_in_turn() -> None:
    game = sgf.read((DATA / "four-players-setup.blksgf").read_bytes())
    assert game.players == 4 and game.names == ["Ann", "Ben", "Cy", "Dee"]
    assert game.moves == ["a20", "t20", "t1", "a1", "b19,c19"]


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_write_then_read_gives_the_same_moves(players: int, options: dict[str, str]) -> None:
    for seed, limit in ((1, None), (2, 7)):  # a finished game and an unfinished one
        moves = random_moves(players, options, seed, limit)
        names = [f"P{n} [x]" for n in range(players)]
        text = sgf.write(players, options, names, moves, date="2025-01-02")
        game = sgf.read(text.encode())
        assert game.moves == moves
        assert game.names == names
        assert (game.players, game.options) == (players, options if players == 2 else {})
        assert ("RE[" in text or "GC[" in text) == (limit is None)


def test_written_files_follow_pentobi() -> None:
    moves = random_moves(2, {"variant": "duo"}, 4)
    text = sgf.write(2, {"variant": "duo"}, ["Anni", "Ben"], moves, date="2025-01-02")
    assert text.startswith("(;GM[Blokus Duo]FF[4]CA[UTF-8]PB[Anni]PW[Ben]DT[2025-01-02]")
    assert "\n;B[" + moves[0] + "]\n;W[" + moves[1] + "]" in text
    state = GAME.new_game(2, 0, variant="duo")
    for move in moves:
        state = GAME.apply(state, GAME.parse_move(state, move))
    blue, yellow = GAME.scores(state)
    expected = "RE[0]" if blue == yellow else f"RE[{'B' if blue > yellow else 'W'}+{abs(blue - yellow)}]"
    assert expected in text
    four = sgf.write(4, {}, ["A", "B", "C", "D"], random_moves(4, {}, 1, 4))
    assert "\n;1[" in four and "\n;4[" in four and "P4[D]" in four


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\xff(;GM[Blokus])", "the file is not UTF-8 text (byte 1)"),
        (b"(;GM[Go])", "GM[Go] is not a game bauhausbox plays"),
        (b"GM[Blokus]", "the file is not a game tree: it does not start with '('"),
        (b"(;GM[Blokus Duo];B[e10]", "the game tree is not closed: a ')' is missing at the end"),
        (b"(;GM[Blokus Duo];B[e10", "a property value is not closed: a ']' is missing"),
        (b"(;GM[Blokus Duo];B[e10];W[j5];B[a1,a2])", "move 3 (a1,a2) is not allowed: must touch one"),
        (b"(;GM[Blokus Duo];B[e10];W[j5];B[e10,e11])", "move 3 (e10,e11) is not allowed: square e10 is already taken"),
        (b"(;GM[Blokus Duo];W[j5])", "move 1 is Yellow's, but Blue is to play"),
        (b"(;GM[Blokus Duo];B[e10,z99])", "move 1 (e10,z99) is not allowed"),
        (b"(;GM[Blokus Duo](;B[e10]);W[j5])", "the game tree is broken: a node follows a variation"),
        (b"(;GM[Blokus Duo];B[e10]?)", "the game tree is broken: unexpected '?' at byte 24"),
        (b"(;GM[Blokus]A2[t20])", "the setup of node 0 cannot be reached by playing in turn"),
        (b"(;GM[Blokus]AE[a1])", "node 0 takes pieces off the board (AE)"),
    ],
)
def test_a_bad_file_gets_one_sentence(data: bytes, said: str) -> None:
    with pytest.raises(sgf.SgfError) as caught:
        sgf.read(data)
    sentence = caught.value.args[0]
    assert isinstance(sentence, Words)
    assert str(sentence).startswith(said)
    assert "\n" not in str(sentence)


def test_deep_nesting_is_no_crash() -> None:
    data = b"(;GM[Blokus Duo]" + b"(;C[x]" * 5_000 + b")" * 5_001
    assert sgf.read(data).moves == []


def test_command_line_writes_and_reads_blksgf(tmp_path: Path) -> None:
    source = tmp_path / "duo.blksgf"
    source.write_text(sgf.write(2, {"variant": "duo"}, ["Anni", "Ben"], random_moves(2, {"variant": "duo"}, 3, 9)))
    out = tmp_path / "again.blksgf"
    run = subprocess.run(
        [sys.executable, "-m", "bauhausbox", "replay", str(source), "--position", "--sgf", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("duo ")
    assert sgf.read(out.read_bytes()).moves == sgf.read(source.read_bytes()).moves
    bad = tmp_path / "bad.blksgf"
    bad.write_bytes(b"(;GM[Blokus Duo];B[a1])")
    run = subprocess.run(
        [sys.executable, "-m", "bauhausbox", "replay", str(bad)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 1
    assert run.stderr.strip().endswith("move 1 (a1) is not allowed: must cover your starting square e10")
    assert "Traceback" not in run.stderr
