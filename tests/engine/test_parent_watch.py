"""A child process ends soon after its parent is killed (bauhausbox/engine/parent_watch.py), by the
watch thread alone (every platform) and by the Linux death signal alone; and a child started through
the launcher outlives the thread that asked for it."""

from __future__ import annotations

import multiprocessing
import sys
import threading
import time

import pytest

from bauhausbox.engine import parent_watch
from tests import processes

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process tree from /proc")

# A parent that starts one spawned child running ``processes.<target>``, says its pid, then waits.
PARENT = """
import multiprocessing, sys, time
from tests import processes
if __name__ == "__main__":
    child = multiprocessing.get_context("spawn").Process(target=getattr(processes, {target!r}))
    child.start()
    print(child.pid, flush=True)
    time.sleep(120)
"""


def orphan_survivors(target: str) -> list[str]:
    """Start a parent whose child runs ``target``, kill the parent once the child is ready, and list
    what is still running 3 s later: the child, and the resource tracker the spawn started."""
    parent = processes.python(PARENT.format(target=target))
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    assert parent.stdout.readline().strip() == b"ready"
    family = processes.descendants(parent.pid)
    assert child in family and len(family) == 2, [processes.command_line(pid) for pid in family]
    return processes.kill_and_list_survivors(parent, family, seconds=3.0)


def test_the_watch_thread_alone_ends_an_orphan() -> None:
    assert orphan_survivors("child_with_thread_only") == []


def test_the_death_signal_alone_ends_an_orphan() -> None:
    assert orphan_survivors("child_with_death_signal_only") == []


def test_a_worker_ends_with_its_killed_parent() -> None:
    assert orphan_survivors("child_watching") == []


def test_a_child_started_through_the_launcher_outlives_the_thread_that_asked() -> None:
    # Linux sends the death signal when the starting *thread* ends: a computer player's thread ends
    # after its move, and the workers it started must not die with it.
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    child = context.Process(target=processes.child_watching, args=(ready,))

    def start() -> None:
        parent_watch.launch(child.start)
        # The asking thread lives on until the child watches (a computer's move takes seconds); a
        # thread ended before that would leave the child to another thread of this process.
        assert ready.wait(30)

    asker = threading.Thread(target=start)
    asker.start()
    asker.join()
    try:
        time.sleep(1.0)  # a death signal comes at once
        assert child.is_alive()
    finally:
        child.kill()
        child.join(5)


def test_launch_hands_back_the_result_and_the_error() -> None:
    assert parent_watch.launch(lambda: threading.current_thread().name) == "bauhausbox-launcher"
    with pytest.raises(ZeroDivisionError):
        parent_watch.launch(lambda: 1 // 0)
    assert parent_watch.launch(lambda: parent_watch.launch(lambda: 7)) == 7  # a start that starts more
