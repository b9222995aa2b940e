"""The one writer of the app's files during play: saves go to disk on a thread of their own.

Writing a save after every move means a JSON file written, flushed, synced to disk and renamed
(``store.atomic_write_text``): about a millisecond of work, then 5 to 100 ms waiting for the disk
on a busy machine. Done in the frame in which a move arrives, that wait is a dropped frame. So
the window hands each write to :func:`submit`, and one writer thread carries them out in the
order given:

- **one owner**: every write, removal and read-modify-write of a saved game or the statistics
  during play goes through this thread, so no two writers ever race on a file;
- **the latest wins**: a write queued for a file that is still waiting replaces the waiting one
  (its position in the queue is kept), so a burst of moves costs one write, never a stale one
  after a newer one;
- **nothing lost on exit**: :func:`flush` waits until everything queued is on disk; the app calls
  it when it closes (and ``atexit`` does, for any other clean end), and every reader of saves or
  statistics calls it first, so Load, Continue and Statistics see the last move;
- **a crash leaves the last complete file**: each write is still atomic, so a kill at any moment
  leaves the previous complete save or the new one, never half of one.

A write that fails (a full disk) is remembered per file (:func:`error_for`) for the screen to say
in one sentence; the game goes on.
"""

from __future__ import annotations

import atexit
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

log = logging.getLogger(__name__)

Job = Callable[[], None]


class Writer:
    """One thread that runs file jobs in order; jobs with the same key replace one another."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._pending: OrderedDict[Hashable, Job] = OrderedDict()
        self._running = False  # a job is being carried out now
        self._errors: dict[Hashable, OSError] = {}
        self._thread: threading.Thread | None = None
        self._anonymous = 0
        #: The thread that last ran a job (tests check that it is not the window's).
        self.last_thread: threading.Thread | None = None

    def submit(self, job: Job, key: Hashable | None = None) -> None:
        """Queue ``job``; a job still waiting under the same ``key`` is dropped for it (``None``:
        never replaced, for changes that must each happen, like a result added to the statistics)."""
        with self._condition:
            if key is None:
                self._anonymous += 1
                key = ("job", self._anonymous)
            self._pending[key] = job
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="bauhausbox-writer", daemon=True)
                self._thread.start()
            self._condition.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job queued so far is done; False if ``timeout`` ran out first."""
        if self._thread is threading.current_thread():
            return True  # a job that reads saves must not wait for itself
        with self._condition:
            return self._condition.wait_for(lambda: not self._pending and not self._running, timeout)

    def error_for(self, key: Hashable) -> OSError | None:
        """The error of the last job under ``key`` (``None``: it succeeded, or none ran yet)."""
        with self._condition:
            return self._errors.get(key)

    def _loop(self) -> None:
        while True:
            with self._condition:
                self._condition.wait_for(lambda: bool(self._pending))
                key, job = self._pending.popitem(last=False)
                self._running = True
            error: OSError | None = None
            try:
                self.last_thread = threading.current_thread()
                job()
            except OSError as failure:  # a full disk, a folder in the file's place: the screen says it
                error = failure
                log.warning("could not write (%s): %s", key, failure)
            except Exception:  # a bug in a job must not stop the writer: later saves still matter
                log.exception("a file job failed (%s)", key)
            with self._condition:
                if error is None:
                    self._errors.pop(key, None)
                else:
                    self._errors[key] = error
                self._running = False
                self._condition.notify_all()


_writer = Writer()


def submit(job: Job, key: Hashable | None = None) -> None:
    """Queue ``job`` on the app's writer (see :meth:`Writer.submit`)."""
    _writer.submit(job, key)


def flush(timeout: float | None = None) -> bool:
    """Wait until everything queued on the app's writer is on disk (see :meth:`Writer.flush`)."""
    return _writer.flush(timeout)


def error_for(key: Hashable) -> OSError | None:
    return _writer.error_for(key)


def writer() -> Writer:
    """The app's writer (tests look at it)."""
    return _writer


# A clean end of the process (a script, the CLI, an exception in the window's loop) waits for the
# last save too; the app flushes explicitly when its window closes.
atexit.register(flush)
