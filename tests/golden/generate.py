"""Write the golden playthroughs (``tests/data/<game>/<variant>.txt``) from seeded games of the computer levels.

``scripts/golden`` runs this: ``scripts/golden`` rewrites every file, ``scripts/golden blokus bits``
only those games' files, ``--out DIR`` writes somewhere else (to compare), ``--list`` names the
variants. Running it twice gives identical files:

* every seat's computer player is made with the seed ``10 × game seed + seat`` (as ``bauhausbox
  selfplay`` does) and thinks with :class:`Unlimited`, a budget that never runs out, so each level
  searches exactly as far as its own widths allow and no clock decides a move. Only levels whose
  search is bounded that way are used (Blokus "hard" plays Monte Carlo until a deadline, so it is left
  out);
* the puzzles are solved by the live solver with a fixed seed, which restarts on node counts, not
  on time.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bauhausbox import games
from bauhausbox.engine.api import OptionValue
from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.history import History
from bauhausbox.games.blokus.pieces import COLOURS
from bauhausbox.games.blokus.puzzles import rules as puzzle_rules
from bauhausbox.games.blokus.puzzles import specs as puzzle_specs
from bauhausbox.games.blokus.puzzles.solver.search import solve
from tests.golden.playthrough import (
    DATA,
    PUZZLES_ID,
    REGENERATE,
    GameSubject,
    Playthrough,
    PuzzleSubject,
    Subject,
    fingerprint,
    format_options,
    kept_lines,
)

PUZZLE_SECONDS = 300.0  # far more than any puzzle needs; a timeout is an error, never a different file


class Unlimited(Budget):
    """A thinking budget that never expires, so a bot's choice depends on its seed and view only."""

    def __init__(self) -> None:
        super().__init__(math.inf)

    def expired(self) -> bool:
        return False

    def remaining(self) -> float:
        return math.inf

    def fraction(self, share: float) -> Budget:
        return self


@dataclass(frozen=True)
class Variant:
    """One golden file: a game, its player count, options, the level of each seat and a seed."""

    game: str
    name: str
    seed: int
    levels: tuple[str, ...] = ()
    options: dict[str, OptionValue] = field(default_factory=dict)
    puzzle: str = ""
    # Place the solution colour by colour (each colour keeps its own order, so it stays legal): on the
    # plain full board that puts small pieces before large ones, which only the harder version forbids.
    by_colour: bool = False

    @property
    def path(self) -> Path:
        return DATA / self.game / f"{self.name}.txt"


def _game(game: str, name: str, seed: int, levels: str, **options: OptionValue) -> Variant:
    return Variant(game, name, seed, tuple(levels.split()), options)


VARIANTS: tuple[Variant, ...] = (
    _game("blokus", "2-players", 201, "easy medium"),
    _game("blokus", "3-players", 508, "medium medium medium"),
    _game("blokus", "4-players", 401, "easy medium easy medium"),
    _game("blokus", "4-players-medium", 532, "medium medium medium medium"),
    _game("blokus", "4-players-teams", 403, "medium easy medium easy", teams=True),
    _game("blokus", "duo", 601, "medium easy", variant="duo"),
    _game("blokus", "junior", 602, "easy medium", variant="junior"),
    _game("bits", "solo", 101, "hard"),
    _game("bits", "solo-easy", 102, "easy"),
    _game("bits", "2-players", 201, "easy hard"),
    _game("bits", "3-players", 301, "medium easy hard"),
    _game("bits", "4-players", 401, "easy medium hard medium"),
    _game("bits", "2-players-advanced", 202, "medium hard", advanced=True),
    _game("bits", "3-players-advanced", 302, "hard easy medium", advanced=True),
    _game("bits", "4-players-advanced", 402, "hard medium easy hard", advanced=True),
    _game("buizen", "2-players", 201, "easy hard"),
    _game("buizen", "3-players", 301, "medium hard easy"),
    _game("buizen", "4-players", 401, "easy medium hard medium"),
    _game("buizen", "3-players-random-start", 302, "hard easy medium", start="random"),
    _game("bauhaus", "2-players", 201, "easy medium"),
    _game("bauhaus", "3-players", 301, "medium easy medium"),
    _game("bauhaus", "4-players", 401, "easy medium easy medium"),
    _game("bauhaus", "2-players-powers", 202, "hard medium", powers=True),
    _game("bauhaus", "3-players-powers", 304, "hard medium hard", powers=True),
    _game("bauhaus", "4-players-powers", 402, "hard easy medium hard", powers=True),
    Variant(PUZZLES_ID, "fullboard", 3, puzzle="fullboard", by_colour=True),
    *(Variant(PUZZLES_ID, spec.id, 0, puzzle=spec.id) for spec in puzzle_specs.PUZZLES if spec.id != "fullboard"),
)


# -- playing -----------------------------------------------------------------------------------------------
def play_game(variant: Variant) -> tuple[GameSubject, list[str]]:
    """A whole game between the variant's levels; the move texts as a save file stores them."""
    game = games.load(variant.game)
    players = len(variant.levels)
    header = {"game": variant.game, "players": str(players), "seed": str(variant.seed)}
    header["options"] = format_options(game.normalize_options(players, variant.options))
    subject = GameSubject.from_header(header)
    bots = [games.make_bot(variant.game, level, 10 * variant.seed + seat) for seat, level in enumerate(variant.levels)]
    history: History[Any] = History(game, subject.start())
    while not game.is_over(history.state):
        # Out-of-turn moves first (Bauhaus powers, Bits' simultaneous placing), seat by seat, as
        # `bauhausbox selfplay` does; then the seat to play.
        for seat, bot in enumerate(bots):
            state = history.state
            if game.is_over(state) or seat == state.to_play or not game.legal_moves(state, seat):
                continue
            move = bot.interject(game, game.view(state, seat), seat, Unlimited())
            if move is not None:
                history.play(move, seat)
        state = history.state
        if game.is_over(state):
            break
        seat = state.to_play
        history.play(bots[seat].choose(game, game.view(state, seat), seat, Unlimited()))
    return subject, history.move_texts()


def solve_puzzle(variant: Variant) -> list[str]:
    """The live solver's solution (never the shipped ones), placed in the order the solver gives
    (or colour by colour)."""
    result = solve(puzzle_rules.new_puzzle(variant.puzzle), PUZZLE_SECONDS, use_shipped=False, seed=variant.seed)
    if result.status != "found":
        raise RuntimeError(f"the solver found no solution for {variant.puzzle}: {result.status}")
    placements = list(result.placements)
    if variant.by_colour:
        placements.sort(key=lambda placement: COLOURS.index(placement.piece.colour))
    return [placement.text for placement in placements]


def build(variant: Variant) -> Playthrough:
    """The golden file of ``variant``: played (or solved) now, then every position recorded."""
    subject: Subject
    if variant.puzzle:
        spec = puzzle_specs.PUZZLE_BY_ID[variant.puzzle]
        header = {"game": PUZZLES_ID, "puzzle": spec.id, "title": spec.title, "seed": str(variant.seed)}
        header["solver"] = "live search, " + ("placed colour by colour" if variant.by_colour else "placed in its order")
        subject, moves = PuzzleSubject(spec.id), solve_puzzle(variant)
        comment = f"Blokus solo puzzle {spec.id!r}: a solution placed piece by piece."
    else:
        game_subject, moves = play_game(variant)
        subject = game_subject
        game = game_subject.game
        header = {
            "game": variant.game,
            "title": game.info.title,
            "players": str(len(variant.levels)),
            "seed": str(variant.seed),
            "options": format_options(dict(game_subject.setup.options)),
            "seats": " ".join(variant.levels),
            "bot seeds": " ".join(str(10 * variant.seed + seat) for seat in range(len(variant.levels))),
        }
        comment = f"{game.info.title}: a seeded game of the computer levels."
    state = subject.start()
    digests = []
    for text in moves:
        move, reason = subject.legality(state, text)
        assert reason is None, f"{variant.path.name}: {text!r} refused while generating: {reason}"
        state = subject.apply(state, move, text)
        digests.append(fingerprint(subject, state))
    comments = [comment, f"Replayed by tests/golden/test_golden.py; regenerate with `{REGENERATE} {variant.game}`."]
    comments.append("The format is described in tests/data/README.md.")
    position = "\n".join(kept_lines(subject.position(state)))
    result = kept_lines("\n".join(subject.result(state)))
    playthrough = Playthrough(header, moves, digests, position, result, comments)
    text = playthrough.to_text()
    assert Playthrough.from_text(text) == playthrough, f"{variant.path.name} does not read back as written"
    return playthrough


# -- the command -------------------------------------------------------------------------------------------
def selected(names: Sequence[str]) -> list[Variant]:
    known = sorted({variant.game for variant in VARIANTS})
    unknown = [name for name in names if name not in known]
    if unknown:
        raise SystemExit(f"golden: unknown game {', '.join(unknown)}; choose from {', '.join(known)}")
    return [variant for variant in VARIANTS if not names or variant.game in names]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=REGENERATE, description="Regenerate the golden playthroughs.")
    parser.add_argument("games", nargs="*", help="only these games (default: all)")
    parser.add_argument("--out", type=Path, help="write under this folder instead of tests/data")
    parser.add_argument("--list", action="store_true", help="list the variants and exit")
    args = parser.parse_args(argv)
    variants = selected(args.games)
    if args.list:
        for variant in variants:
            print(variant.path.relative_to(DATA))
        return 0
    for variant in variants:
        started = time.perf_counter()
        text = build(variant).to_text()
        path = variant.path if args.out is None else args.out / variant.path.relative_to(DATA)
        path.parent.mkdir(parents=True, exist_ok=True)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        status = "unchanged" if old == text else "new" if old is None else "changed"
        print(f"{path.relative_to(path.parent.parent)}: {status} ({time.perf_counter() - started:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
