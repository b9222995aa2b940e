"""Child processes that end with the app, however the app ends.

The app's helper processes (the thinker, the Blokus search pool, the puzzles' thinking ahead, the
workers of ``selfplay --jobs``) must not outlive it. A normal quit shuts them down, but an app killed
outright (``kill -9``, a crash of the interpreter, a killed session) runs no clean-up: its workers
would wait on their queues for ever, each holding its memory and, through them, the multiprocessing
resource tracker (which ends only once every process holding its pipe has ended).

Two halves, both here so every process uses the same mechanism:

- in the child, :func:`watch_parent` (first thing in every worker's initializer): on Linux the kernel
  kills the child when its parent dies (``prctl(PR_SET_PDEATHSIG, SIGKILL)``), and on every platform
  a daemon thread checks every :data:`POLL_SECONDS` whether the parent is still there and ends the
  process (``os._exit``) when it is not;
- in the parent, :func:`launch`: start child processes on one long-lived *launcher* thread. Linux
  sends the death signal when the **thread** that started the child ends, not the process, and the
  app starts its workers from a computer player's thread, which ends after its move: started there,
  the workers would be killed after the first move.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

POLL_SECONDS = 0.5  # how often a child's watch looks for its parent
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
T = TypeVar("T")


# -- in the child --------------------------------------------------------------------------------
def watch_parent() -> None:
    """End this process soon after its parent ends (see the module's docstring). Call it first in a
    child started by ``multiprocessing``; it returns at once."""
    parent_gone = _parent_check()
    die_with_parent()
    if parent_gone():  # the parent died before the death signal was set: nobody would send it now
        os._exit(0)
    exit_when_orphaned(parent_gone)


def die_with_parent() -> bool:
    """Linux: ask the kernel to kill this process when the thread that started it ends. False where
    that does not exist (other systems, a C library without ``prctl``)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return False
    return bool(prctl(PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL), 0, 0, 0) == 0)


def exit_when_orphaned(parent_gone: Callable[[], bool] | None = None) -> threading.Thread:
    """Every platform: a daemon thread that ends this process (``os._exit``, nothing to clean up
    and nobody waiting) once ``parent_gone()`` turns true; by default, once the parent has ended."""
    check = parent_gone if parent_gone is not None else _parent_check()

    def watch() -> None:
        while not check():
            time.sleep(POLL_SECONDS)
        os._exit(0)

    thread = threading.Thread(target=watch, name="bauhausbox-parent-watch", daemon=True)
    thread.start()
    return thread


def _parent_check() -> Callable[[], bool]:
    """A check that is true once the parent has ended. On Windows a process keeps its parent's id
    after the parent ends, so there the check waits on the handle multiprocessing keeps of the
    parent; elsewhere an orphan is handed to another parent, so its parent's id changes."""
    parent = multiprocessing.parent_process()
    if sys.platform == "win32":
        if parent is None:
            return lambda: False  # nothing to wait on; only multiprocessing's children are watched
        return lambda: not parent.is_alive()
    parent_id = parent.pid if parent is not None and parent.pid is not None else os.getppid()
    return lambda: os.getppid() != parent_id


# -- in the parent -------------------------------------------------------------------------------
_requests: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]] | None = None
_launcher: threading.Thread | None = None
_lock = threading.Lock()


def launch(start: Callable[[], T]) -> T:
    """Run ``start()`` (which starts child processes) on the launcher thread, which lives as long as
    this process, and return what it returns (or raise what it raises)."""
    global _requests, _launcher
    with _lock:
        if _requests is None or _launcher is None:
            _requests = queue.SimpleQueue()
            _launcher = threading.Thread(target=_serve, args=(_requests,), name="bauhausbox-launcher", daemon=True)
            _launcher.start()
        requests, launcher = _requests, _launcher
    if threading.current_thread() is launcher:
        return start()  # already there (a start that starts more): waiting on itself would never end
    done: Future[T] = Future()
    requests.put((done, start))
    return done.result()


def _serve(requests: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]]) -> None:
    while True:
        done, start = requests.get()
        try:
            done.set_result(start())
        except BaseException as error:  # handed to the caller, who raises it on its own thread
            done.set_exception(error)


def _forget_launcher() -> None:
    """In a forked child: the launcher thread was not copied, so the next :func:`launch` starts one."""
    global _requests, _launcher, _lock
    _requests, _launcher, _lock = None, None, threading.Lock()


if hasattr(os, "register_at_fork"):  # not on Windows, which never forks
    os.register_at_fork(after_in_child=_forget_launcher)
