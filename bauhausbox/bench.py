"""Benchmarks: app start-up, frame times, memory, and each game's engine numbers. Prints, never fails.

``bauhausbox bench [--quick] [SECTION ...] [--game GAME ...]`` (or ``scripts/bench``). Sections: ``app``
(start-up to the first menu frame, menu/setup frame times, resident memory, and the frames while hard
computers think, a whole game of each game, or of the games named with ``--game``: each frame's own
work apart from the interval between frames), ``net`` (play across computers under load: 200 tables
of four clients, the server in its own process, ``bauhausbox/net/load.py``) and one per game module that
provides ``bench.run(quick) -> [(label, value, unit, target), ...]``, named by the game's registry entry
(``bauhaus``, ``bits``, ``buizen``, ``blokus``, ``blokus-puzzles``).
"""

from __future__ import annotations

import importlib
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from bauhausbox import games
from bauhausbox.engine.measure import resident_mb as _rss_mb

Measurement = tuple[str, float, str, str]

# Each game's benchmark module, as its registry entry names it; the section is the game id.
GAME_BENCHES = {game_id: games.bench_module(game_id) for game_id in games.GAME_IDS if games.bench_module(game_id)}
SECTIONS: tuple[str, ...] = ("app", "net", *GAME_BENCHES)
# A frame over this much CPU time misses the frame-work target (docs/performance.md).
SLOW_FRAME = 0.008

# The games whose frames are measured while hard computers think (the puzzles have no opponents).
THINKING_GAMES: tuple[str, ...] = ("bauhaus", "bits", "buizen", "blokus")


def _headless_env(home: str) -> dict[str, str]:
    """The environment of a measured child process; ``home`` is its settings folder unless one is set."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.setdefault("BAUHAUSBOX_HOME", home)
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


def time_to_first_frame(command: Sequence[str], home: str, runs: int = 5) -> float:
    """Median wall time from process start to the first rendered menu frame (seconds)."""
    env = _headless_env(home)
    env["BAUHAUSBOX_EXIT_AFTER_FIRST_FRAME"] = "1"
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        process = subprocess.Popen(list(command), env=env, stdout=subprocess.PIPE, text=True)
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip() == "first-frame":
                times.append(time.perf_counter() - started)
                break
        process.wait(timeout=60)
    return statistics.median(times) if times else float("nan")


def app_measurements(quick: bool, thinking: Sequence[str] = (), at_once: bool = False) -> list[Measurement]:
    """The app's rows; the frames while computers think in the games ``thinking`` (default: all);
    ``at_once``: every changed part repainted in its frame (the layers' spreading off, to compare)."""
    # The children's settings and saves go to a folder removed afterwards, even when a child fails.
    with tempfile.TemporaryDirectory(prefix="bauhausbox-bench-", ignore_cleanup_errors=True) as home:
        return _app_measurements(quick, home, thinking, at_once)


def _app_measurements(quick: bool, home: str, thinking: Sequence[str] = (), at_once: bool = False) -> list[Measurement]:
    results: list[Measurement] = []
    first = time_to_first_frame([sys.executable, "-m", "bauhausbox", "--windowed"], home, 3 if quick else 7)
    results.append(("start-up to first menu frame (from source)", first * 1000, "ms", "≤ 1000 ms"))
    # Frame times and memory are measured in a fresh process so nothing else is loaded.
    code = "from bauhausbox.bench import _frames_child; _frames_child()"
    output = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "quick" if quick else "full",
            ",".join(thinking or THINKING_GAMES),
            "at-once" if at_once else "spread",
        ],
        env=_headless_env(home),
        capture_output=True,
        text=True,
        timeout=300 if quick else 1500,
    )
    for line in output.stdout.splitlines():
        if line.startswith("M\t"):
            _, label, value, unit, target = line.split("\t")
            results.append((label, float(value), unit, target))
    if output.returncode:
        print(output.stderr, file=sys.stderr)
    return results


def _frames_child() -> None:
    """Runs in a child process: frame times of the menu and setup scenes, and resident memory."""
    quick = len(sys.argv) > 1 and sys.argv[1] == "quick"
    thinking = sys.argv[2].split(",") if len(sys.argv) > 2 else list(THINKING_GAMES)
    import pygame

    from bauhausbox.ui import layer

    layer.spreading = not (len(sys.argv) > 3 and sys.argv[3] == "at-once")

    from bauhausbox.app_main import open_app
    from bauhausbox.scenes.setup import SetupScene

    app = open_app(windowed=True, size=(1280, 800))
    app.go_home()
    count = 120 if quick else 600
    for _ in range(10):
        app.frame([], 1 / 60)
    rss_menu = _rss_mb()
    for name, scene in (("main menu", None), ("setup (Bauhaus)", "bauhaus"), ("setup (Bits)", "bits")):
        if scene:
            app.push(SetupScene(app, scene))
        app.frame_times.clear()
        for i in range(count):
            # Move the mouse across the buttons so hover states are part of the work measured.
            pos = (700 + (i * 7) % 500, 100 + (i * 13) % 600)
            app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))], 1 / 60)
        times = sorted(app.frame_times)
        median = times[len(times) // 2] * 1000
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
        print(f"M\t{name}: median frame time\t{median:.2f}\tms\t≤ 8 ms", flush=True)
        print(f"M\t{name}: 99th percentile frame time\t{p99:.2f}\tms\t≤ 16 ms", flush=True)
        if scene:
            app.pop()
    print(f"M\tresident memory with the menu open\t{rss_menu:.1f}\tMB\t≤ 120 MB", flush=True)
    _long_log_frames(app, count)
    _thinking_fps(app, 4.0 if quick else 240.0, thinking)


def _long_log_frames(app: object, count: int) -> None:
    """Frame times of a game screen with a 200-move log open, the pointer moving over the log
    (every line in words, hovered lines outlined on the board)."""
    import pygame

    from bauhausbox import games
    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.match import Match
    from bauhausbox.ui.app import App

    assert isinstance(app, App)
    game = games.load("bits")
    seats = (SeatSpec("Anni"), *(SeatSpec(f"CPU {i}", "ai", "easy") for i in range(1, 4)))
    setup = Setup("bits", 4, 3, seats, game.normalize_options(4, {}))
    history: History[Any] = History(game, setup.new_state(game))
    while len(history.steps) < 200 and history.state.to_play is not None:
        history.play(game.legal_moves(history.state)[0])
    kept = app.settings.log_open
    for log_open in (True, False):  # the same screen with the log hidden, for comparison
        app.settings.log_open = log_open
        scene = games.scene_class("bits")(app, Match(setup, history, autosave=False))
        app.push(scene)
        app.frame([], 1 / 60)  # the sentences are made once, then remembered
        area = scene.log_rect if log_open else scene.game_rect
        app.frame_times.clear()
        cpu: list[float] = []  # the window thread's CPU time, which other programs disturb less
        for i in range(count):
            pos = (area.left + area.width // 2, area.top + (i * 17) % max(1, area.height))
            before = time.thread_time()
            app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 1), buttons=(0, 0, 0))], 1 / 60)
            cpu.append(time.thread_time() - before)
        times = sorted(app.frame_times)
        median = times[len(times) // 2] * 1000
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
        label = "game screen (Bits), 200-move log " + ("open" if log_open else "hidden")
        print(f"M\t{label}: median frame time\t{median:.2f}\tms\t≤ 8 ms", flush=True)
        print(f"M\t{label}: 99th percentile frame time\t{p99:.2f}\tms\t≤ 16 ms", flush=True)
        print(f"M\t{label}: CPU time, median\t{percentile(cpu, 0.5) * 1000:.2f}\tms\t≤ 8 ms", flush=True)
        print(f"M\t{label}: CPU time, 99th percentile\t{percentile(cpu, 0.99) * 1000:.2f}\tms\t≤ 16 ms", flush=True)
        app.pop()
    app.settings.log_open = kept


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank: the 99th percentile of 100
    values is the 99th smallest); 0 when there are none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = math.ceil(share * len(ordered))
    return ordered[min(len(ordered), max(1, rank)) - 1]


def thinking_rows(
    game_id: str, whole: str, work: Sequence[float], cpu: Sequence[float], intervals: Sequence[float]
) -> list[Measurement]:
    """The rows for one game's frames while computers think: each frame's own work (events, update,
    draw: wall time, and the CPU time of the window's thread, which other programs on the machine
    disturb less) apart from the interval between frames, which also holds the wait for the next
    60 Hz tick. Times in seconds; rows in ms."""
    fps = len(intervals) / sum(intervals) if intervals else 0.0
    # The longest frame's own CPU time tells work (its code was slow) from waiting (the window's
    # thread had no core, or waited for a lock or the disk): that frame's wall time minus this.
    longest_cpu = cpu[max(range(len(work)), key=work.__getitem__)] if work and len(cpu) == len(work) else 0.0
    return [
        (f"{game_id}: frames per second while computers think ({whole})", fps, "fps", "≥ 30 fps"),
        (f"{game_id}: frame work, median", percentile(work, 0.5) * 1000, "ms", "—"),
        (f"{game_id}: frame work, 99th percentile", percentile(work, 0.99) * 1000, "ms", "≤ 8 ms"),
        (f"{game_id}: frame work, longest", max(work, default=0.0) * 1000, "ms", "—"),
        (f"{game_id}: the longest frame's own CPU time", longest_cpu * 1000, "ms", "—"),
        (f"{game_id}: frame work in CPU time, 99th percentile", percentile(cpu, 0.99) * 1000, "ms", "≤ 8 ms"),
        (f"{game_id}: interval between frames, 99th percentile", percentile(intervals, 0.99) * 1000, "ms", "≤ 20 ms"),
        (f"{game_id}: interval between frames, longest", max(intervals, default=0.0) * 1000, "ms", "≤ 20 ms"),
    ]


def _thinking_fps(app: object, seconds: float, game_ids: Sequence[str] = THINKING_GAMES) -> None:
    """Frames while hard computer players think, over a whole game of each (or ``seconds`` of it), as
    the app's loop makes them (a frame, its housekeeping, then the wait for the next tick), from the
    frame after the one that opens the game's screen: see :func:`thinking_rows`.
    The computers think as in the app: in the thinker process (Blokus: its own search processes). The
    machine's load is printed before and after, since other programs stretch the wall times."""
    from bauhausbox import games
    from bauhausbox.engine.history import SeatSpec
    from bauhausbox.scenes.flow import start_match
    from bauhausbox.scenes.game_scene import GameScene
    from bauhausbox.ui import layer
    from bauhausbox.ui.app import FPS, App

    assert isinstance(app, App)
    app.settings.computer_delay = 0.0
    _print_load("before the games")
    for game_id in game_ids:
        try:
            games.scene_class(game_id)
        except (ImportError, AttributeError):
            continue
        game = games.load(game_id)
        if "hard" not in game.info.levels or game.info.max_players < 2:
            continue  # the puzzles: one player, no computer opponents
        players = max(2, game.info.default_players)
        seats = [SeatSpec(f"CPU {i}", "ai", "hard") for i in range(players)]
        start_match(app, game_id, players, seats, {}, seed=3)
        scene = app.top
        assert isinstance(scene, GameScene)
        # The screen opens in a frame of its own, not counted (in the app it is the frame of the click
        # on "Start", late anyway: rules loaded, the screen built, the heap settled after it).
        app.frame([], 1 / 60)
        app.after_frame()
        work: list[float] = []
        cpu: list[float] = []
        intervals: list[float] = []
        slow_repaints: list[float] = []
        started = last = time.perf_counter()
        while time.perf_counter() - started < seconds and not scene.match.over:
            if app.top is not scene:
                app.pop()  # a round's score table waits for a click: the bench clicks it away
            cpu_before, before = time.thread_time(), time.perf_counter()
            app.frame([], 1 / 60)
            work.append(time.perf_counter() - before)
            cpu.append(time.thread_time() - cpu_before)
            if cpu[-1] > SLOW_FRAME:  # what of it was repainting the parts that changed (ui/layer.py)
                slow_repaints.append(sum(part.cost for part in scene.layers if part.painted_in == layer.frame_number()))
            app.after_frame()  # the app's loop (App.run): frame, housekeeping, wait for the tick
            app.clock.tick(FPS)
            now = time.perf_counter()
            intervals.append(now - last)
            last = now
        moves = scene.match.history.cursor
        whole = "whole game" if scene.match.over else f"first {moves} moves"
        for label, value, unit, target in thinking_rows(game_id, whole, work, cpu, intervals):
            print(f"M\t{label}\t{value:.1f}\t{unit}\t{target}", flush=True)
        print(f"M\t{game_id}: frames over 8 ms of CPU (of {len(cpu)})\t{len(slow_repaints)}\t\t—", flush=True)
        repaint = percentile(slow_repaints, 0.5) * 1000
        print(f"M\t{game_id}: repaint of changed parts in those frames, median\t{repaint:.1f}\tms\t—", flush=True)
        scene.runner.cancel()
        app.go_home()
    _print_load("after the games")


def _print_load(when: str) -> None:
    """The machine's load (1-minute average of runnable processes; the bench itself adds up to 2)."""
    if hasattr(os, "getloadavg"):
        print(f"M\tmachine load (1-minute average), {when}\t{os.getloadavg()[0]:.2f}\t\tquiet: near 0", flush=True)


def net_measurements(quick: bool) -> list[Measurement]:
    """Play across computers under load: tables of four scripted clients, each table a random legal
    move every 5 s (about a person's pace) and then every second, the server in its own process
    (bauhausbox/net/load.py)."""
    from bauhausbox.net.load import run_load

    tables = 50 if quick else 200
    rows: list[Measurement] = []
    for interval in (1.0,) if quick else (5.0, 1.0):
        result = run_load(tables=tables, seconds=10.0 if quick else 30.0, interval=interval)
        latencies = result.latencies_ms
        pace = f"{tables} tables × 4 clients, a move every {interval:g} s"
        rows += [
            (f"{pace}: moves per second (offered {tables / interval:g})", result.moves_per_second, "moves/s", ""),
            ("  intent → every client's view, median", statistics.median(latencies) if latencies else 0.0, "ms", ""),
            ("  intent → every client's view, 99th percentile", percentile(latencies, 0.99), "ms", "< 50 ms"),
            ("  views not received within 30 s", result.late, "", "0"),
            ("  server resident memory, every client seated", result.server_mb_seated, "MB", ""),
            ("  server resident memory, after playing", result.server_mb_end, "MB", "< 300 MB"),
            ("  server CPU per move", result.server_cpu / max(1, result.moves) * 1000, "ms", ""),
            ("  server CPU while playing (share of one core)", result.server_cpu / result.seconds * 100, "%", ""),
            ("  clients' CPU while playing (share of one core)", result.clients_cpu / result.seconds * 100, "%", ""),
            ("  machine load (1-minute average) after playing", result.load[0], "", "quiet: near 0"),
        ]
    return rows


def print_table(section: str, rows: list[Measurement]) -> None:
    print(f"\n== {section}")
    for label, value, unit, target in rows:
        print(f"  {label:<62} {value:>12.2f} {unit:<8} target {target}")


def main(quick: bool = False, only: Sequence[str] = (), thinking: Sequence[str] = (), at_once: bool = False) -> int:
    """Print the sections ``only`` (default: all); ``thinking``: the games whose frames the app section
    measures while computers think (default: all of them); ``at_once``: see :func:`app_measurements`."""
    unknown = [section for section in only if section not in SECTIONS]
    if unknown:  # the command line refuses these already; a caller from Python gets an error, not a skip
        raise ValueError(f"unknown bench section {unknown[0]!r}; choose from {', '.join(SECTIONS)}")
    sections = list(only) or list(SECTIONS)
    print(
        f"bauhausbox benchmarks ({'quick' if quick else 'full'}), {os.cpu_count()} CPUs, Python "
        f"{sys.version.split()[0]}"
    )
    for section in sections:
        started = time.perf_counter()
        try:
            if section == "app":
                rows = app_measurements(quick, thinking, at_once)
            elif section == "net":
                rows = net_measurements(quick)
            else:
                module = importlib.import_module(GAME_BENCHES[section])
                rows = module.run(quick)
        except Exception as error:  # benchmarks report, they never fail the build
            print(f"\n== {section}: could not run ({type(error).__name__}: {error})")
            continue
        print_table(f"{section} ({time.perf_counter() - started:.1f} s)", rows)
    return 0
