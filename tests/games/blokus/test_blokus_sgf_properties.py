"""Properties of the .blksgf reader (``bauhausbox/games/blokus/sgf.py``) and of its file boundary
(``blokus/records/files.py``), with Hypothesis: any bytes, and valid files damaged at random, never
crash the reader (a bad file is one :class:`SgfError` sentence) and never load half a game (a file cut
anywhere before its last bracket is refused, and whatever loads replays through the rules); every
variant's games, finished or not, with any names, come back as they were written."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bauhausbox.engine.api import Words
from bauhausbox.games.blokus import sgf
from bauhausbox.games.blokus.records import files
from bauhausbox.games.blokus.rules import GAME
from bauhausbox.persistence.store import BrokenFileError

SETUPS = [(4, {}), (2, {"variant": "classic"}), (3, {}), (2, {"variant": "duo"}), (2, {"variant": "junior"})]
DATA = Path(__file__).parents[2] / "data" / "blokus-sgf"
SAMPLES = [path.read_bytes() for path in sorted(DATA.glob("*.blksgf"))]

FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def played(players: int, options: dict[str, str], seed: int, limit: int) -> list[str]:
    """Random legal moves from the start (``limit`` of them, or to the end of the game)."""
    state = GAME.new_game(players, 0, **options)
    rnd = random.Random(seed)
    texts: list[str] = []
    while state.to_play is not None and len(texts) < limit:
        move = rnd.choice(GAME.legal_moves(state))
        texts.append(move.text)
        state = GAME.apply(state, move)
    return texts


def read_or_refuse(data: bytes | str) -> sgf.SgfGame | None:
    """The reader's answer: the game, or ``None`` after checking the refusal is one sentence."""
    try:
        return sgf.read(data)
    except sgf.SgfError as error:
        said = error.args[0]
        assert isinstance(said, Words) and said.template, "a refusal is a translatable sentence"
        assert said and said.isprintable(), "one sentence on one line"
        return None


def assert_replays(game: sgf.SgfGame) -> None:
    """A loaded game is whole: its setup is one we play and every move is legal in turn."""
    assert (game.players, game.options.get("variant", "classic")) in sgf.GAME_NAMES
    state = GAME.new_game(game.players, 0, **game.options)
    for text in game.moves:
        move = GAME.parse_move(state, text)
        assert GAME.check(state, move) is None
        state = GAME.apply(state, move)


# SGF's own signs come often: a name with "]" or "\\" must be escaped to survive.
name_letters = st.one_of(st.sampled_from("]\\[;()"), st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")))
names = st.text(name_letters, min_size=1, max_size=12).filter(lambda name: name.strip() == name)
games = st.tuples(st.sampled_from(SETUPS), st.integers(0, 10**6), st.integers(0, 90), st.lists(names, min_size=4))


@FEW
@given(st.binary(max_size=400))
def test_any_bytes_never_crash_the_reader(data: bytes) -> None:
    game = read_or_refuse(data)
    if game is not None:
        assert_replays(game)


@FEW
@given(st.sampled_from(SAMPLES), st.data())
def test_damaged_files_are_refused_in_one_sentence_or_load_whole(sample: bytes, data: st.DataObject) -> None:
    damaged = bytearray(sample)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(damaged)))
        kind = data.draw(st.sampled_from(["delete", "insert", "replace", "duplicate"]))
        if kind == "delete":
            del damaged[at : at + data.draw(st.integers(1, 8))]
        elif kind == "insert":
            damaged[at:at] = data.draw(
                st.sampled_from([b"(", b")", b"[", b"]", b";", b"\\", b"B[a1]", b"\xff", b"AE[a1]"])
            )
        elif kind == "replace" and at < len(damaged):
            damaged[at] = data.draw(st.integers(0, 255))
        else:
            damaged[at:at] = damaged[at : at + data.draw(st.integers(1, 30))]
    game = read_or_refuse(bytes(damaged))
    if game is not None:
        assert_replays(game)


@FEW
@given(games, st.data())
def test_a_file_cut_short_never_loads_part_of_the_game(setup: tuple, data: st.DataObject) -> None:
    (players, options), seed, limit, who = setup
    text = sgf.write(players, options, who[:players], played(players, options, seed, limit))
    cut = data.draw(st.integers(0, text.rindex(")") - 1))
    assert read_or_refuse(text[:cut]) is None
    assert read_or_refuse(text[:cut].encode()) is None


@FEW
@given(games)
def test_every_variant_comes_back_as_written(setup: tuple) -> None:
    (players, options), seed, limit, who = setup
    moves = played(players, options, seed, limit)
    text = sgf.write(players, options, who[:players], moves, date="2026-11-28")
    game = sgf.read(text.encode())
    assert (game.players, game.options, game.moves, game.date) == (players, options, moves, "2026-11-28")
    assert game.names == [name[:40] for name in who[:players]]
    assert sgf.write(players, options, game.names, game.moves, date=game.date) == text


@settings(max_examples=25, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.sampled_from(SAMPLES)))
def test_the_file_boundary_refuses_with_one_sentence(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("files") / "game.blksgf"
    path.write_bytes(data)
    try:
        loaded = files.load(path)
    except BrokenFileError as error:
        assert error.reason and error.reason.isprintable()
        return
    assert loaded.history.move_texts() == sgf.read(data).moves
