"""The game registry: game id -> everything about a game, each part imported lazily.

One :class:`GameEntry` per game names, in its package (pure modules at its root, the pygame ones in
``screen/``, the benchmarks in ``tools/``, its own files on disk in ``records/``):
- ``rules.py`` with ``GAME``, an instance of :class:`bauhausbox.engine.api.GameRules` (pure Python),
  whose class names its moves in words (``describer``: the ``move_sentence`` of its ``describe.py``);
- ``ai.py`` with ``make_bot(level: str, seed: int) -> Bot`` for the levels in ``GAME.info.levels``;
- ``screen/scene.py`` with the pygame scene class named below, and optionally its own setup screen;
- ``screen/emblem.py`` with the main menu's emblem (an ``Emblem``: painter and accent colour), named
  as ``"module:NAME"`` because this module cannot import pygame: the main menu resolves it;
- optionally ``tools/bench.py`` with ``run(quick)`` for ``scripts/bench`` (its section is the game id);
- ``text_board.py`` with ``board_text(state, names) -> str``: the position drawn in text for a person
  (``bauhausbox replay``), from whatever ``state`` it is given (a seat's view hides what it hides).
The Blokus puzzles are a package of their own inside Blokus's (``blokus/puzzles/``), laid out the same way.
Importing this module imports no game and no pygame, so start-up stays fast.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from bauhausbox.engine.api import GameRules, Seat
from bauhausbox.engine.bots.base import Bot, RandomBot
from bauhausbox.i18n import N_

#: The level a screen asks its hints at: the game's own hint bot (``GameEntry.hint``), else its hard level.
HINT = "hint"


@dataclass(frozen=True, slots=True)
class GameEntry:
    id: str
    package: str
    scene: str  # "module:Class", relative to the package ("screen.scene:BauhausScene")
    # Menu text (English, marked for the catalogs; screens translate it when they draw), kept here
    # so the main menu shows without importing any rules module (start-up time);
    # a test checks that ``title`` matches the rules' GameInfo.
    title: str = ""
    blurb: str = ""
    players: str = ""
    # The game's modules inside ``package`` (see the module docstring).
    rules: str = "rules"
    ai: str = "ai"
    emblem: str = "screen.emblem:EMBLEM"  # "module:NAME" of the menu's emblem, resolved by the screens
    bench: str = "tools.bench"  # "" for a game without benchmarks
    # The game's own setup screen ("module:Class"), when the shared one does not fit (the puzzles
    # show their six cards with records); empty for the shared setup screen.
    setup: str = ""
    # The game's own part of the statistics screen ("module:Class" with ``refresh()`` and ``draw(surface,
    # x, y, width, bottom, metrics)``: the Bits solo bests); empty for none.
    statistics: str = ""
    # "module:function" drawing a position in text (``board_text(state, names) -> str``), pure Python.
    text_board: str = "text_board:board_text"
    # Whether a seat's score tells a secret before the end (Buizen's hidden colours): then a replay
    # of an unfinished game shows only the viewing seat's score, as the game's screen does.
    secret_scores: bool = False
    # The game's own game files (Blokus: Pentobi's .blksgf), a module of its ``records/`` with ``SUFFIX``,
    # ``folder()``, ``list_files()``, ``load(path)`` and ``to_continue(loaded)``: the Load screen lists
    # and opens them. Empty for none.
    files: str = ""
    # The game's own hint ("module:Class" of a bot, made with its seed) for the level ``HINT``; empty:
    # a hint is the hard level's move. (Blokus: the move its analysis calls best.)
    hint: str = ""

    def import_module(self, name: str) -> Any:
        return importlib.import_module(f"{self.package}.{name}")


REGISTRY: dict[str, GameEntry] = {
    entry.id: entry
    for entry in (
        GameEntry(
            "bauhaus",
            "bauhausbox.games.bauhaus",
            "screen.scene:BauhausScene",
            N_("Bauhaus"),
            N_("Build walls, close zones, own them"),
            N_("2–4 players"),
        ),
        GameEntry(
            "bits",
            "bauhausbox.games.bits",
            "screen.scene:BitsScene",
            N_("Bits"),
            N_("Slide tiles down your ramp to match the goal cards"),
            N_("1–4 players"),
            statistics="screen.solo_bests:SoloBestsSection",
        ),
        GameEntry(
            "buizen",
            "bauhausbox.games.buizen",
            "screen.scene:BuizenScene",
            N_("Buizen Wir-War"),
            N_("Lay pipes, close the networks of your secret material"),
            N_("2–4 players"),
            secret_scores=True,
        ),
        GameEntry(
            "blokus",
            "bauhausbox.games.blokus",
            "screen.scene:BlokusScene",
            N_("Blokus"),
            N_("Corner to corner: claim the board with your pieces"),
            N_("2–4 players"),
            files="records.files",
            hint="hint:HintBot",
        ),
        GameEntry(
            "blokus-puzzles",
            "bauhausbox.games.blokus.puzzles",
            "screen.scene:PuzzleScene",
            N_("Blokus puzzles"),
            N_("Six solo puzzles: fill the board, the frames"),
            N_("1 player"),
            setup="screen.menu:PuzzleMenuScene",
        ),
    )
}

GAME_IDS: tuple[str, ...] = tuple(REGISTRY)


def entry(game_id: str) -> GameEntry:
    try:
        return REGISTRY[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; choose from {', '.join(GAME_IDS)}") from None


@cache
def load(game_id: str) -> GameRules[Any, Any]:
    """The rules object of a game (``bauhausbox.games.load("blokus")``)."""
    found = entry(game_id)
    game: GameRules[Any, Any] = found.import_module(found.rules).GAME
    return game


def make_bot(game_id: str, level: str, seed: int = 0) -> Bot:
    """A computer player of ``level`` ("random" is shared by every game)."""
    if level == "random":
        return RandomBot(seed)
    game = entry(game_id)
    if level == HINT:
        if game.hint:
            hint_bot: Bot = _import_object(f"{game.package}.{game.hint}")(seed)
            return hint_bot
        level = "hard"
    maker = game.import_module(game.ai).make_bot
    bot: Bot = maker(level, seed)
    return bot


def _import_object(path: str) -> Any:
    # Screens are imported on demand: the main menu must not pay for every game's screen and rules
    # at start-up, and the screens sit above the shared scenes that open them (docs/architecture.md).
    module_name, _, class_name = path.partition(":")
    return getattr(importlib.import_module(module_name), class_name)


def scene_class(game_id: str) -> Any:
    """The game's screen class (a ``GameScene`` subclass; typed ``Any`` so this module stays pygame-free)."""
    game = entry(game_id)
    return _import_object(f"{game.package}.{game.scene}")


def emblem(game_id: str) -> Any:
    """The game's emblem on the main menu (a ``bauhausbox.scenes.common.Emblem``; typed ``Any`` so
    this module stays pygame-free)."""
    game = entry(game_id)
    return _import_object(f"{game.package}.{game.emblem}")


def bench_module(game_id: str) -> str:
    """The dotted name of the game's benchmark module (``run(quick)``), or "" when it has none."""
    game = entry(game_id)
    return f"{game.package}.{game.bench}" if game.bench else ""


def setup_class(game_id: str) -> Any | None:
    """The game's own setup screen class, or ``None`` for the shared setup screen."""
    game = entry(game_id)
    return _import_object(f"{game.package}.{game.setup}") if game.setup else None


def statistics_section(game_id: str) -> Any | None:
    """A new object for the game's own part of the statistics screen, or ``None`` (a screen module:
    typed ``Any`` so this module stays pygame-free)."""
    game = entry(game_id)
    return _import_object(f"{game.package}.{game.statistics}")() if game.statistics else None


def game_files() -> list[Any]:
    """The modules of every game that has game files of its own (``GameEntry.files``)."""
    return [entry.import_module(entry.files) for entry in REGISTRY.values() if entry.files]


def text_board(game_id: str, state: Any, names: Sequence[str]) -> str:
    """``state`` drawn in text for a person: the board with its coordinates and what else the position
    holds (pass a seat's view to show only what that seat may know)."""
    game = entry(game_id)
    board_text = _import_object(f"{game.package}.{game.text_board}")
    text: str = board_text(state, names)
    return text


def describe_move(
    game_id: str,
    state: Any,
    move: Any,
    *,
    mover: Seat | None = None,
    viewer: Seat | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """One short sentence in plain words saying what ``move`` does (``GameRules.describe_move``
    explains the arguments)."""
    return load(game_id).describe_move(state, move, mover=mover, viewer=viewer, names=names)
