"""Computer players thinking in a process of their own, so the window never waits for them.

Python threads share one interpreter lock: a search on a thread of the app's process takes the lock
back every millisecond, and a frame that needs a few hundred turns of it stretches from 15 to 80 ms
(measured with hard computers in Bauhaus and Bits). So the app's computer players think in one
*thinker* process, spawned on first use, niced below the window, and reused for every move.

:func:`make_player` gives the screen a :class:`RemoteBot`: the same bot (``games.make_bot`` with the
same level and seed) lives in the thinker, which keeps it from move to move, so a seat plays exactly
the moves it would play on a thread. ``choose`` and ``interject`` send the seat's *view* (never the
full state) and wait for the move; cancelling (undo, leaving the game, closing) moves a shared
generation number on, and the thinker drops the search within a few milliseconds.

The thinker ends with the app however it ends, even killed (``engine/parent_watch.py``).

Bots that already think on several processes (the Blokus tree search and its pool) stay in the app's
process. With ``BAUHAUSBOX_SEARCH_PROCESSES=0`` (the tests), or if the thinker cannot start or dies,
bots think on a thread as before: the same moves, only the frames are less smooth.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import multiprocessing
import os
import queue
import threading
import time
import traceback
from typing import Any

from bauhausbox import games
from bauhausbox.engine import parent_watch
from bauhausbox.engine.api import GameRules, Seat
from bauhausbox.engine.bots.base import Bot, Budget, Cancelled
from bauhausbox.engine.bots.runner import on_close

PROCESSES_VARIABLE = "BAUHAUSBOX_SEARCH_PROCESSES"
_POLL = 0.01  # seconds between checks of a cancel flag (in the app and in the thinker)


# -- in the thinker process ----------------------------------------------------------------------
def _serve(requests: Any, replies: Any, generation: Any) -> None:
    """The thinker's loop: one request at a time, each bot kept by its id for the next move."""
    parent_watch.watch_parent()  # the thinker ends with the app, even a killed one
    if hasattr(os, "nice"):
        os.nice(5)  # the window's process comes first
    bots: dict[int, Bot] = {}
    while True:
        request = requests.get()
        if request is None:
            return
        kind = request[0]
        if kind == "forget":
            bots.pop(request[1], None)
            continue
        _, number, bot_id, game_id, level, seed, method, view, seat, seconds, ticket, submitted = request
        cancel = threading.Event()
        done = threading.Event()

        def watch(ticket: int = ticket, cancel: threading.Event = cancel, done: threading.Event = done) -> None:
            while not done.wait(_POLL):
                if generation.value != ticket:
                    cancel.set()
                    return

        threading.Thread(target=watch, daemon=True).start()
        try:
            bot = bots.get(bot_id)
            if bot is None:
                bot = bots[bot_id] = games.make_bot(game_id, level, seed)
            rules = games.load(game_id)
            # The move's time runs from when it was asked for (``time.time``: every process reads it alike).
            budget = Budget(max(0.0, seconds - max(0.0, time.time() - submitted)), cancel)
            move = getattr(bot, method)(rules, view, seat, budget)
            replies.put((number, "move", move))
        except Cancelled:
            replies.put((number, "cancelled", None))
        except Exception:  # reported to the screen, which plays a legal move instead
            replies.put((number, "error", traceback.format_exc(limit=4)))
        finally:
            done.set()


# -- in the app's process ------------------------------------------------------------------------
class _Thinker:
    """The thinker process and the pipes to it; one request at a time."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.generation = context.Value("q", 0, lock=False)
        self.requests = context.Queue()
        self.replies = context.Queue()
        self.process = context.Process(
            target=_serve, args=(self.requests, self.replies, self.generation), name="bauhausbox-thinker"
        )
        self.process.daemon = True
        self.process.start()
        self.lock = threading.Lock()
        self.numbers = itertools.count(1)

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    def ask(self, bot: RemoteBot, method: str, view: Any, seat: Seat, budget: Budget) -> Any:
        """Ask for ``bot``'s move and wait for it; :class:`Cancelled` when the budget is cancelled."""
        with self.lock:
            number = next(self.numbers)
            ticket = self.generation.value + 1
            self.generation.value = ticket
            self.requests.put(
                (
                    "think",
                    number,
                    bot.bot_id,
                    bot.game_id,
                    bot.level,
                    bot.seed,
                    method,
                    view,
                    seat,
                    budget.remaining(),
                    ticket,
                    time.time(),
                )
            )
            while True:
                if budget.cancelled:
                    self.generation.value = ticket + 1  # the thinker drops the search
                    raise Cancelled()
                try:
                    answer, kind, value = self.replies.get(timeout=_POLL)
                except queue.Empty:
                    if not self.alive:
                        raise ThinkerGone() from None
                    continue
                if answer != number:
                    continue  # the answer to a search cancelled earlier
                if kind == "move":
                    return value
                if kind == "cancelled":
                    raise Cancelled()
                raise RuntimeError(value)

    def forget(self, bot_id: int) -> None:
        if self.alive:
            self.requests.put(("forget", bot_id))

    def close(self) -> None:
        self.generation.value += 1
        if self.alive:
            self.requests.put(None)
            self.process.join(1.0)
            if self.process.is_alive():
                self.process.terminate()


class ThinkerGone(Exception):
    """The thinker process died: the bot goes on thinking on a thread."""


_thinker: _Thinker | None = None
_thinker_failed = False
_start_lock = threading.Lock()
_ids = itertools.count(1)


def _shared() -> _Thinker | None:
    global _thinker, _thinker_failed
    with _start_lock:
        if _thinker is None and not _thinker_failed:
            try:
                _thinker = parent_watch.launch(_Thinker)  # on Linux the thinker dies with the thread that starts it
            except (OSError, RuntimeError, ValueError):
                _thinker_failed = True  # no processes here (a sandbox): threads it is
        return _thinker


def shutdown() -> None:
    """Stop the thinker (the app's exit); a later move starts a new one."""
    global _thinker
    with _start_lock:
        thinker, _thinker = _thinker, None
    if thinker is not None:
        thinker.close()


atexit.register(shutdown)


class RemoteBot:
    """A computer player whose bot lives in the thinker process (see the module's docstring)."""

    def __init__(self, game_id: str, level: str, seed: int, name: str) -> None:
        self.game_id, self.level, self.seed, self.name = game_id, level, seed, name
        self.bot_id = next(_ids)
        self._local: Bot | None = None  # the same bot on a thread, if the thinker is gone

    def _think(self, method: str, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any:
        thinker = _shared() if self._local is None else None
        if thinker is not None:
            try:
                return thinker.ask(self, method, view, seat, budget)
            except ThinkerGone:
                shutdown()
        if self._local is None:
            self._local = games.make_bot(self.game_id, self.level, self.seed)
        return getattr(self._local, method)(game, view, seat, budget)

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any:
        return self._think("choose", game, view, seat, budget)

    def interject(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any | None:
        return self._think("interject", game, view, seat, budget)

    def __del__(self) -> None:
        thinker = _thinker
        if thinker is not None:
            with contextlib.suppress(OSError, ValueError, AssertionError):  # the queue closes with the app
                thinker.forget(self.bot_id)


def processes_allowed() -> bool:
    return os.environ.get(PROCESSES_VARIABLE, "").strip() != "0"


def make_player(game_id: str, level: str, seed: int) -> Bot:
    """The computer player for a seat of the app: its bot in the thinker process, or the bot itself
    when it runs its own processes (``parallel``) or when processes are off."""
    bot = games.make_bot(game_id, level, seed)
    if not processes_allowed() or getattr(bot, "parallel", False) or level == "random":
        return bot
    return RemoteBot(game_id, level, seed, getattr(bot, "name", level))


on_close(shutdown)
