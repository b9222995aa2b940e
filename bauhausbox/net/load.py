"""The load benchmark of "Play across computers" (``scripts/bench net``): many tables on one server,
four scripted clients at each, every table playing a random legal move at a steady pace.

The server runs in a process of its own, as ``bauhausbox serve`` would; the clients (the app's own
:class:`~bauhausbox.net.client.RemoteTable`) run in ``workers`` other processes. Each client notes
when every view arrives; a move's latency is from just before its intent is sent to the moment each
of the table's clients received the view with it (four latencies per move). The server reports its
resident memory and CPU time. ``BAUHAUSBOX_NET_PROFILE=FILE`` profiles the server's CPU while the tables
play (``python -m pstats FILE``).
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from bauhausbox.engine.measure import resident_mb
from bauhausbox.net.client import RemoteTable, create_table
from bauhausbox.net.protocol import SeatView
from bauhausbox.net.scripted import random_text
from bauhausbox.net.server import Server

PROFILE_ENV = "BAUHAUSBOX_NET_PROFILE"
GAME = "bauhaus"  # four human seats, moves cheap to list from a view: the clients cost little
SEATS = 4
WAIT_SECONDS = 30.0  # the longest wait for one view (a server far behind is a result, not a hang)


@dataclass
class LoadResult:
    tables: int
    seconds: float
    moves: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    late: int = 0  # views that never came within WAIT_SECONDS
    server_mb_seated: float = 0.0  # resident memory once every client sits at its table
    server_mb_end: float = 0.0
    server_cpu: float = 0.0  # CPU seconds the server used while the tables played
    clients_cpu: float = 0.0  # ... and the clients' processes together
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0


# -- the server's process -------------------------------------------------------------------------
def server_child() -> None:
    """``python -c 'from bauhausbox.net.load import server_child; server_child()' FOLDER``: prints
    ``url URL``, then answers ``stats`` (resident MB and CPU seconds) and ``play`` (profiling starts
    when asked for) on stdin, and stops at ``quit``."""
    asyncio.run(_serve(Path(sys.argv[1])))


async def _serve(folder: Path) -> None:
    # The benchmark's clients all come from loopback: no per-address limits.
    server = Server(
        folder, computer_delay=0.0, hint_level="random", connections_per_address=10**6, tables_per_address=10**6
    )
    await server.start("127.0.0.1", 0)
    print(f"url {server.url}", flush=True)
    profile = os.environ.get(PROFILE_ENV)
    profiler = cProfile.Profile(time.process_time) if profile else None  # CPU, not waiting
    try:
        while True:
            line = (await asyncio.to_thread(sys.stdin.readline)).strip()
            if line == "stats":
                print(f"stats {resident_mb():.1f} {time.process_time():.3f}", flush=True)
            elif line == "play" and profiler is not None:
                profiler.enable()
            elif line in ("quit", ""):
                break
    finally:
        if profiler is not None and profile:
            profiler.disable()
            profiler.dump_stats(profile)
        await server.close()


# -- the clients' processes -----------------------------------------------------------------------
class TimedSeat(RemoteTable):
    """A seat that notes when it first saw each number of moves."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.arrived: dict[int, float] = {}

    async def _receive(self, text: str) -> None:
        now = time.perf_counter()
        await super()._receive(text)
        if self.view is not None:
            self.arrived.setdefault(len(self.view.moves), now)


def clients_child() -> None:
    """``... clients_child()' URL TABLES SECONDS INTERVAL SEED``: seats the tables' clients, prints
    ``ready``, plays from ``go`` on stdin for SECONDS, prints the results as one JSON line."""
    url, tables, seconds, interval, seed = sys.argv[1:6]
    asyncio.run(_clients(url, int(tables), float(seconds), float(interval), int(seed)))


async def _clients(url: str, tables: int, seconds: float, interval: float, seed: int) -> None:
    rng = random.Random(seed)
    seated: list[list[TimedSeat]] = []
    for _ in range(tables):
        code = await create_table(url, GAME, ["human"] * SEATS)
        clients = [TimedSeat(url, code, seat=seat) for seat in range(SEATS)]
        await asyncio.gather(*(client.start(WAIT_SECONDS) for client in clients))
        seated.append(clients)
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    latencies: list[float] = []
    counts = {"moves": 0, "late": 0}
    started, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(
        *(_play(clients, random.Random(rng.random()), deadline, interval, latencies, counts) for clients in seated)
    )
    elapsed = time.perf_counter() - started
    report = {"seconds": elapsed, "cpu": time.process_time() - cpu, "latencies": latencies, **counts}
    print(json.dumps(report), flush=True)
    await asyncio.gather(*(client.close() for clients in seated for client in clients))


def _past(played: int) -> Callable[[SeatView], bool]:
    return lambda seen: len(seen.moves) > played


async def _play(
    clients: list[TimedSeat],
    rng: random.Random,
    deadline: float,
    interval: float,
    latencies: list[float],
    counts: dict[str, int],
) -> None:
    loop = asyncio.get_running_loop()
    next_move = loop.time() + rng.random() * interval  # the tables do not all move at once
    while True:
        await asyncio.sleep(max(0.0, min(next_move, deadline) - loop.time()))
        next_move += interval
        if loop.time() >= deadline:
            return
        view = clients[0].view
        if view is None or view.over:
            return
        played = len(view.moves)
        mover = next((c for c in clients if c.seat == view.to_play), None)
        text = random_text(mover, rng) if mover is not None else None
        if mover is None or text is None:
            return
        sent = time.perf_counter()
        await mover.play(text)
        try:
            for client in clients:
                await client.wait_for(_past(played), WAIT_SECONDS)
        except TimeoutError:
            counts["late"] += 1
            return
        counts["moves"] += 1
        latencies.extend((client.arrived[played + 1] - sent) * 1000 for client in clients)


# -- the parent -----------------------------------------------------------------------------------
def _child(code: str, *arguments: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code, *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "BAUHAUSBOX_SEARCH_PROCESSES": "0"},
    )


def _line(stream: IO[str] | None, prefix: str) -> str:
    assert stream is not None
    for line in stream:
        if line.startswith(prefix):
            return line.strip()
    raise RuntimeError(f"a benchmark process ended before saying {prefix!r}")


def _tell(process: subprocess.Popen[str], line: str) -> None:
    assert process.stdin is not None
    process.stdin.write(line + "\n")
    process.stdin.flush()


def run_load(tables: int = 200, seconds: float = 30.0, interval: float = 1.0, workers: int = 2) -> LoadResult:
    """Play ``tables`` tables of four clients for ``seconds``, each table a move every ``interval``
    seconds, the clients spread over ``workers`` processes."""
    result = LoadResult(tables, seconds)
    with tempfile.TemporaryDirectory(prefix="bauhausbox-load-", ignore_cleanup_errors=True) as folder:
        server = _child("from bauhausbox.net.load import server_child; server_child()", folder)
        children: list[subprocess.Popen[str]] = []
        try:
            url = _line(server.stdout, "url ").split()[1]
            share = [tables // workers + (1 if index < tables % workers else 0) for index in range(workers)]
            for index, count in enumerate(share):
                code = "from bauhausbox.net.load import clients_child; clients_child()"
                children.append(_child(code, url, str(count), str(seconds), str(interval), str(index)))
            for child in children:
                _line(child.stdout, "ready")
            _tell(server, "stats")
            result.server_mb_seated, cpu_before = map(float, _line(server.stdout, "stats ").split()[1:])
            _tell(server, "play")
            for child in children:
                _tell(child, "go")
            elapsed = 0.0
            for child in children:
                report = json.loads(_line(child.stdout, "{"))
                elapsed = max(elapsed, report["seconds"])
                result.moves += report["moves"]
                result.late += report["late"]
                result.clients_cpu += report["cpu"]
                result.latencies_ms += report["latencies"]
            result.seconds = elapsed
            _tell(server, "stats")
            result.server_mb_end, cpu_after = map(float, _line(server.stdout, "stats ").split()[1:])
            result.server_cpu = cpu_after - cpu_before
            if hasattr(os, "getloadavg"):
                result.load = os.getloadavg()
            _tell(server, "quit")
            server.wait(60)
        finally:
            for process in [*children, server]:
                with contextlib.suppress(Exception):
                    if process.poll() is None:
                        process.kill()
                    process.wait(10)
    return result
