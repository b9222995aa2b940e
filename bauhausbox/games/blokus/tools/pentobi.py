"""Our Blokus levels against Pentobi's engine (``pentobi-gtp``), a yardstick from outside the project.

A measuring tool, not part of the game: it needs ``pentobi-gtp`` on ``PATH`` (Pentobi's GTP engine,
built from Pentobi's sources with ``-DPENTOBI_BUILD_GTP=ON``; nothing of Pentobi ships with us).

    python -m bauhausbox.games.blokus.tools.pentobi --pentobi 5 --ours hard --games 20 --seed 100 \
        --book PATH/TO/book_classic_2.blksgf [--scale 1.0] [--timeout 600]

plays two-player classic Blokus (each side two colours). Game ``g`` uses seed ``SEED + g``: our side
takes Blue and Red when ``g`` is even and Yellow and Green when it is odd, our bot is made from that
seed at its fixed match work (:data:`ai.LEVEL_WORK` times ``--scale``, shards one after the other in
this process) and Pentobi gets the same seed (``set_random_seed``; its search is single-threaded, so
its moves repeat too). Each game is printed as it ends, then the result with its 95 % Wilson interval.

:class:`Gtp` is the engine's pipe, also used by the test that has Pentobi read our ``.blksgf`` files.
The engine ends with this process however it ends: its standard input closes (the GTP loop then
stops), the Linux kernel kills it when we die (``PR_SET_PDEATHSIG``, set between fork and exec), a
command that takes longer than the timeout kills it, and :meth:`Gtp.close` ends it at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bauhausbox.engine import parent_watch
from bauhausbox.engine.bots.arena import DuelResult, Endless
from bauhausbox.games.blokus import ai
from bauhausbox.games.blokus.rules import COLOUR_NAMES, GAME, BlokusState

EXECUTABLE = "pentobi-gtp"
#: Pentobi's names of the colours in GTP and ``.blksgf`` (four colours: ``1``–``4``, in our order).
CLASSIC_KEYS = ("1", "2", "3", "4")


class GtpError(RuntimeError):
    """The engine refused a command, answered something we cannot read, took too long or ended."""


def available() -> str | None:
    """The path of ``pentobi-gtp`` on ``PATH``, or ``None``."""
    return shutil.which(EXECUTABLE)


class Gtp:
    """A running ``pentobi-gtp`` and its pipe: :meth:`send` a command, get the answer's text."""

    def __init__(self, arguments: Sequence[str], timeout: float = 600.0, executable: str | None = None) -> None:
        path = executable or available()
        if path is None:
            raise GtpError(f"{EXECUTABLE} is not on PATH")
        self.timeout = timeout
        self.process = subprocess.Popen(
            [path, "--quiet", *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
            # Set in the child before exec: the kernel kills the engine when this thread ends.
            preexec_fn=parent_watch.die_with_parent if sys.platform.startswith("linux") else None,
        )

    def send(self, command: str) -> str:
        """The answer to ``command`` (without the ``=``); :class:`GtpError` on ``?``, a timeout or an end."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        watchdog = threading.Timer(self.timeout, self.process.kill)  # a hung engine must not hang the match
        watchdog.start()
        try:
            stdin.write(command + "\n")
            stdin.flush()
            lines: list[str] = []
            while True:
                line = stdout.readline()
                if not line:
                    raise GtpError(f"{EXECUTABLE} ended during {command!r}")
                line = line.rstrip("\r\n")
                if not line and lines:
                    break  # an answer ends with an empty line
                if line or lines:
                    lines.append(line)
        except (BrokenPipeError, OSError) as error:
            raise GtpError(f"{EXECUTABLE} ended during {command!r}: {error}") from None
        finally:
            watchdog.cancel()
        answer = "\n".join(lines)
        if answer.startswith("?"):
            raise GtpError(f"{EXECUTABLE} refused {command!r}: {answer[1:].strip()}")
        if not answer.startswith("="):
            raise GtpError(f"{EXECUTABLE} answered {command!r} with {answer[:80]!r}")
        return answer[1:].strip()

    def close(self) -> None:
        """Ask the engine to quit, and end it if it does not."""
        if self.process.poll() is None:
            with contextlib.suppress(GtpError):
                self.send("quit")
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()

    def __enter__(self) -> Gtp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass
class GameRecord:
    """One game of a match: its seed, our seat, the points per seat, and the moves as our texts."""

    seed: int
    our_seat: int
    scores: list[int]
    winners: list[int]
    moves: list[str] = field(default_factory=list)
    our_seconds: list[float] = field(default_factory=list)  # CPU seconds per move of our bot
    pentobi_seconds: float = 0.0  # the engine's CPU over the game


def play_game(engine: Gtp, level: str, seed: int, our_seat: int, scale: float = 1.0) -> GameRecord:
    """One two-player classic game: our ``level`` in ``our_seat`` (0: Blue and Red), the engine in the other.
    Pentobi's moves go through our rules (an illegal one raises :class:`GtpError`), and at the end its
    score must agree with ours."""
    from bauhausbox.games.blokus.tools.bench import strength_bot

    bot = strength_bot(level, seed * 10 + our_seat, scale)
    engine.send("clear_board")
    engine.send(f"set_random_seed {seed}")
    cpu_before = float(engine.send("cputime"))
    state: BlokusState = GAME.new_game(2, seed)
    record = GameRecord(seed, our_seat, [], [])
    while state.to_play is not None:
        key = CLASSIC_KEYS[state.colour]
        if state.to_play == our_seat:
            started = time.process_time()
            move = bot.choose(GAME, GAME.view(state, our_seat), our_seat, Endless())  # type: ignore[attr-defined]
            record.our_seconds.append(time.process_time() - started)
            engine.send(f"play {key} {move.text}")
        else:
            answer = engine.send(f"genmove {key}")
            if answer.lower() in ("pass", "resign"):
                raise GtpError(
                    f"{EXECUTABLE} answered {answer} for {COLOUR_NAMES[state.colour]}, which can still place"
                )
            move = GAME.parse_move(state, answer)
            reason = GAME.check(state, move)
            if reason is not None:
                raise GtpError(f"{EXECUTABLE} played {answer}, which our rules refuse: {reason}")
        record.moves.append(move.text)
        state = GAME.apply(state, move)
    record.pentobi_seconds = float(engine.send("cputime")) - cpu_before
    record.scores = GAME.scores(state)
    record.winners = list(GAME.winners(state))
    theirs = engine.send("final_score")
    margin = record.scores[0] - record.scores[1]
    ours = "0" if margin == 0 else f"{'B' if margin > 0 else 'W'}+{abs(margin)}"
    if theirs != ours:
        raise GtpError(f"{EXECUTABLE} scores the game {theirs}, we score it {ours}")
    return record


def engine_arguments(pentobi_level: int, book: str | None) -> list[str]:
    """The command line of the engine: two-player classic, the level, the book (or none), no resigning."""
    return [
        "--game",
        "classic_2",
        "--level",
        str(pentobi_level),
        *(["--book", book] if book else ["--nobook"]),
        "--noresign",
        "--threads",
        "1",
    ]


def match(
    level: str,
    pentobi_level: int,
    games: int,
    seed: int,
    book: str | None = None,
    scale: float = 1.0,
    timeout: float = 600.0,
    progress: bool = True,
) -> DuelResult:
    """``games`` games of our ``level`` against Pentobi at ``pentobi_level``, sides alternating."""
    result = DuelResult()
    with Gtp(engine_arguments(pentobi_level, book), timeout=timeout) as engine:
        for number in range(games):
            our_seat = number % 2
            record = play_game(engine, level, seed + number, our_seat, scale)
            result.games += 1
            result.seeds.append(record.seed)
            if our_seat in record.winners:
                result.wins += 1 / len(record.winners)
            result.candidate_points += record.scores[our_seat]
            result.yardstick_points += record.scores[1 - our_seat]
            result.candidate_times.extend(record.our_seconds)
            if progress:
                print(describe(record, level, pentobi_level), flush=True)
                low, high = result.interval()
                print(
                    f"  after {result.games}: ours {result.wins:g} of {result.games}"
                    f" ({100 * result.win_rate():.1f} %, 95 % interval {100 * low:.0f}–{100 * high:.0f} %)",
                    flush=True,
                )
    return result


def describe(record: GameRecord, level: str, pentobi_level: int) -> str:
    """One line per game: seed, who held which colours, the points, the winner, thinking times."""
    sides = {record.our_seat: f"ours ({level})", 1 - record.our_seat: f"Pentobi {pentobi_level}"}
    colours = {0: "Blue+Red", 1: "Yellow+Green"}
    parts = [f"{sides[seat]} {colours[seat]} {record.scores[seat]}" for seat in (0, 1)]
    if len(record.winners) == 2:
        outcome = "tie"
    else:
        outcome = "ours wins" if record.winners[0] == record.our_seat else "Pentobi wins"
    times = sorted(record.our_seconds)
    median = times[len(times) // 2] if times else math.nan
    return (
        f"seed {record.seed}: {' – '.join(parts)}: {outcome}; ours {median:.2f} s CPU/move median,"
        f" Pentobi {record.pentobi_seconds:.1f} s CPU in all"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bauhausbox.games.blokus.tools.pentobi",
        description="Play one of our Blokus levels against pentobi-gtp (two-player classic, sides alternating).",
    )
    parser.add_argument("--pentobi", type=int, required=True, metavar="LEVEL", help="Pentobi's level, 1-9")
    parser.add_argument("--ours", default="hard", choices=["easy", "medium", *ai.LEVEL_WORK], help="our level")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0, help="game g uses seed SEED + g")
    parser.add_argument("--book", help="Pentobi's opening book book_classic_2.blksgf (without it: no book)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies our work budget (0.125: an eighth)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds one engine command may take")
    options = parser.parse_args(argv)
    if available() is None:
        print(f"{EXECUTABLE} is not on PATH: build Pentobi's GTP engine and put it there.", file=sys.stderr)
        return 2
    try:
        result = match(
            options.ours, options.pentobi, options.games, options.seed, options.book, options.scale, options.timeout
        )
    except GtpError as error:
        print(f"stopped: {error}", file=sys.stderr)
        return 1
    low, high = result.interval()
    summary = result.summary()
    print(
        f"{options.ours} vs Pentobi level {options.pentobi}, seeds {summary['seeds']}, scale {options.scale:g}:"
        f" ours {result.wins:g} of {result.games} ({100 * result.win_rate():.1f} %,"
        f" 95 % Wilson interval {100 * low:.0f}–{100 * high:.0f} %);"
        f" average points ours {summary['candidate_average_score']}, Pentobi {summary['yardstick_average_score']};"
        f" our CPU per move median {summary['candidate_cpu_s_per_decision']['median']} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
