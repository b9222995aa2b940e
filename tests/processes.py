"""Process trees for the tests that kill a parent and look for the children it left behind.

Linux only: the tree is read from ``/proc`` (each process's parent id), so a test needs no process
library. A zombie counts as ended: it has exited and only waits for whoever adopted it to reap it.
The small ``child_*`` functions are the targets of the processes those tests start (spawned children
import them from here).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bauhausbox.engine import parent_watch

REPOSITORY = Path(__file__).resolve().parents[1]


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent id, or ``None`` once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()  # the name, in brackets, may hold spaces
    return fields[0], int(fields[1])


def alive(pid: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")


def descendants(pid: int) -> list[int]:
    """Every living process below ``pid``: its children, their children, and so on."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat is not None and stat[0] not in ("Z", "X"):
                children.setdefault(stat[1], []).append(int(entry))
    found: list[int] = []
    waiting = [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "(gone)"


def wait_for_descendants(process: subprocess.Popen[bytes], count: int, seconds: float) -> list[int]:
    """The descendants of ``process`` once there are at least ``count`` of them (fails after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        found = descendants(process.pid)
        if len(found) >= count:
            return found
        if process.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"{count} descendants expected, found {found} (exit status {process.poll()})")
        time.sleep(0.05)


def kill_and_list_survivors(process: subprocess.Popen[bytes], watched: Sequence[int], seconds: float) -> list[str]:
    """``kill -9`` the process, then wait up to ``seconds`` for every watched process to end; the
    command lines of those still running (which are then killed, so no test leaves them behind)."""
    process.send_signal(signal.SIGKILL)
    process.wait()
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in watched) and time.monotonic() < deadline:
        time.sleep(0.05)
    survivors = [pid for pid in watched if alive(pid)]
    lines = [f"{pid}: {command_line(pid)}" for pid in survivors]
    for pid in survivors:
        with contextlib.suppress(OSError):  # it may end on its own meanwhile
            os.kill(pid, signal.SIGKILL)
    return lines


def python(code: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """A Python process running ``code``, able to import this package and these tests."""
    environment = dict(os.environ if env is None else env)
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPOSITORY), environment.get("PYTHONPATH")]))
    return subprocess.Popen([sys.executable, "-c", code], env=environment, stdout=subprocess.PIPE, cwd=REPOSITORY)


# -- targets of the spawned children --------------------------------------------------------------
def _ready_then_sleep() -> None:
    print("ready", flush=True)
    time.sleep(120)


def child_with_thread_only() -> None:
    """The watch every platform has, alone."""
    parent_watch.exit_when_orphaned()
    _ready_then_sleep()


def child_with_death_signal_only() -> None:
    """The Linux death signal, alone."""
    assert parent_watch.die_with_parent()
    _ready_then_sleep()


def child_watching(ready: Any = None) -> None:
    """What every worker does; then sets the ``ready`` event, if given."""
    parent_watch.watch_parent()
    if ready is not None:
        ready.set()
    _ready_then_sleep()
