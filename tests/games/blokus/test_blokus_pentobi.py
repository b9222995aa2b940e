"""Our Blokus against Pentobi's GTP engine (``bauhausbox/games/blokus/tools/pentobi.py``).

Pentobi reads the ``.blksgf`` files our writer makes for every variant, and must see the same board,
the same legal moves for every colour and the same points; the match tool plays whole games through
our rules and ends the engine with itself. These tests need ``pentobi-gtp`` on ``PATH`` (Pentobi's
GTP engine, built from its sources with ``-DPENTOBI_BUILD_GTP=ON``) and are skipped where it is not.
"""

from __future__ import annotations

import itertools
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bauhausbox.engine.grid import cell_name
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus import core, sgf
from bauhausbox.games.blokus.rules import GAME, BlokusState, colour_scores
from bauhausbox.games.blokus.tools import pentobi
from bauhausbox.games.blokus.variants import CLASSIC, DUO, JUNIOR

needs_pentobi = pytest.mark.skipif(
    pentobi.available() is None,
    reason="pentobi-gtp is not on PATH: these tests compare our Blokus with Pentobi's GTP engine"
    " (build it from Pentobi's sources with -DPENTOBI_BUILD_GTP=ON and put it on PATH to run them)",
)

#: (players, variant, Pentobi's --game)
SETUPS = [
    (4, CLASSIC, "classic"),
    (3, CLASSIC, "classic_3"),
    (2, CLASSIC, "classic_2"),
    (2, DUO, "duo"),
    (2, JUNIOR, "junior"),
]
#: Pentobi's letters for the colours on its text board, in our colour order (two colours: X and O).
LETTERS = {"X": 0, "O": 1, "#": 2, "@": 3}


def new_game(players: int, variant: str) -> BlokusState:
    return GAME.new_game(players, 0, **({"variant": variant} if players == 2 else {}))


def random_game(players: int, variant: str, seed: int) -> list[BlokusState]:
    """Every position of a random game, from the empty board to the end (mostly big pieces, so the
    games look like real ones and end with pieces left)."""
    rnd = random.Random(seed)
    state = new_game(players, variant)
    states = [state]
    while state.to_play is not None:
        moves = GAME.legal_moves(state)
        largest = max(move.size for move in moves)
        state = GAME.apply(state, rnd.choice([move for move in moves if move.size >= largest - rnd.randrange(3)]))
        states.append(state)
    return states


def our_legal(state: BlokusState, colour: int) -> set[str]:
    """Our legal placements for ``colour`` in ``state``, whoever is to play (none once it is out)."""
    if state.out & (1 << colour):
        return set()
    blocked = bb.blocked_by(state.occupied | state.forbidden[colour], state.hands[colour])
    return {move.text for move in core.generate(blocked, state.attach[colour])}


def their_board(text: str, size: int) -> dict[str, int]:
    """The squares Pentobi's ``showboard`` shows taken, and by which colour (``a1`` bottom left)."""
    taken: dict[str, int] = {}
    for line in text.splitlines():
        head = line[:3].strip()
        if not head.isdigit():
            continue
        row = int(head)
        cells = line[3 : 3 + 2 * size : 2]
        for column, char in enumerate(cells):
            if char in LETTERS:
                taken[f"{chr(ord('a') + column)}{row}"] = LETTERS[char]
    return taken


def their_points(text: str) -> list[int]:
    """The points per colour that ``showboard`` writes beside the board (``Blue(X): 5``), in colour order."""
    return [int(points) for points in re.findall(r"\(.\): (\d+)", text)]


def our_board(state: BlokusState) -> dict[str, int]:
    taken = {}
    for colour, board in enumerate(state.boards):
        while board:
            low = board & -board
            taken[cell_name(bb.cell_of(low.bit_length() - 1))] = colour
            board ^= low
    return taken


def colours_of(players: int, variant: str) -> range:
    return range(4) if variant == CLASSIC else range(2)


@needs_pentobi
@pytest.mark.parametrize(("players", "variant", "name"), SETUPS)
def test_pentobi_reads_our_files_as_we_do(players: int, variant: str, name: str, tmp_path: Path) -> None:
    """Pentobi loads our file of a whole game and, at positions along it, shows the same board, the
    same legal moves for each colour and, at the end, the same score differences."""
    size = 20 if variant == CLASSIC else 14
    with pentobi.Gtp(["--game", name, "--nobook", "--level", "1"]) as engine:
        for seed in (1, 2):
            states = random_game(players, variant, seed * 100 + players)
            moves = [_move_between(before, after) for before, after in itertools.pairwise(states)]
            path = tmp_path / f"{name}-{seed}.blksgf"
            path.write_text(sgf.write(players, {"variant": variant}, [], moves), encoding="utf-8")
            checked = sorted({0, 1, 5, len(moves) // 3, len(moves) // 2, len(moves) - 1, len(moves)})
            for count in checked:
                # loadsgf N: the position before move N (1-based), so N = count + 1 after `count` moves.
                engine.send(f"loadsgf {path}" + (f" {count + 1}" if count < len(moves) else ""))
                state = states[count]
                board = engine.send("showboard")
                assert their_board(board, size) == our_board(state), (name, seed, count)
                for colour in colours_of(players, variant):
                    key = pentobi.CLASSIC_KEYS[colour] if variant == CLASSIC else "BW"[colour]
                    theirs = set(engine.send(f"all_legal {key}").split())
                    assert theirs == our_legal(state, colour), (name, seed, count, colour)
            # The finished game: its points per colour, up to one constant (Pentobi counts squares
            # placed, we count squares left; both add the same bonuses).
            theirs = their_points(engine.send("showboard"))
            ours = colour_scores(states[-1])[: len(theirs)]
            assert len(theirs) == len(colours_of(players, variant))
            assert [point - theirs[0] for point in theirs] == [point - ours[0] for point in ours], (name, seed)
            if players == 2:
                scores = GAME.scores(states[-1])
                margin = scores[0] - scores[1]
                assert engine.send("final_score") == ("0" if not margin else f"{'BW'[margin < 0]}+{abs(margin)}")


def _move_between(before: BlokusState, after: BlokusState) -> str:
    """The text of the placement that turned ``before`` into ``after`` (the new squares)."""
    added = after.occupied & ~before.occupied
    return bb.PLACEMENT_BY_MASK[added].text


@needs_pentobi
def test_a_match_game_repeats_for_its_seed_and_agrees_with_pentobi() -> None:
    """Two runs of one seeded game (our medium, Pentobi's level 1) play the same moves to the end."""
    runs = []
    for _ in range(2):
        with pentobi.Gtp(pentobi.engine_arguments(1, None)) as engine:
            runs.append(pentobi.play_game(engine, "medium", 7, our_seat=1))
    first, second = runs
    assert first.moves == second.moves
    assert len(first.moves) > 20
    assert first.scores == second.scores and len(first.scores) == 2


@needs_pentobi
def test_match_alternates_sides_and_reports_an_interval(capsys: pytest.CaptureFixture[str]) -> None:
    result = pentobi.match("easy", 1, 2, seed=3)
    assert result.games == 2 and result.seeds == [3, 4]
    out = capsys.readouterr().out
    assert "ours (easy) Blue+Red" in out and "ours (easy) Yellow+Green" in out
    low, high = result.interval()
    assert 0 <= low <= result.win_rate() <= high <= 1


@needs_pentobi
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process table from /proc")
def test_the_engine_ends_when_the_tool_is_killed() -> None:
    script = (
        "import time\n"
        "from bauhausbox.games.blokus.tools import pentobi\n"
        "engine = pentobi.Gtp(['--nobook'])\n"
        "print(engine.process.pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    tool = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert tool.stdout is not None
    engine_pid = int(tool.stdout.readline())
    assert _alive(engine_pid)
    tool.send_signal(signal.SIGKILL)
    tool.wait()
    deadline = time.monotonic() + 10
    while _alive(engine_pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(engine_pid)


def _alive(pid: int) -> bool:
    """Running (not ended, not a zombie waiting for its reaper)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def test_without_pentobi_the_tool_says_so(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PATH", os.devnull)
    assert pentobi.main(["--pentobi", "5", "--games", "1"]) == 2
    assert "pentobi-gtp is not on PATH" in capsys.readouterr().err
