"""Golden playthroughs: the file format, and the replay that checks a file against today's rules.

A golden file (``tests/data/<game>/<variant>.txt``, described in ``tests/data/README.md``) holds a
header (game, players, seed, options, who played), the move texts one per line in the game's
notation (the texts a save file stores), after each move a short digest of the position and how many
legal moves each seat has, the final position text and the result. :func:`replay` plays the moves
again from the setup and reports the first place where today's rules disagree with the file.

The Blokus solo puzzles are not a game of the registry yet: their files use the game id
``blokus-puzzles``, the placement texts a puzzle's saved progress stores, and the puzzle's text grid as
the position. Both kinds go through the same :class:`Subject` interface, so the replay is written once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from bauhausbox import games
from bauhausbox.engine.api import GameError, GameRules, OptionValue, join_seat, split_seat
from bauhausbox.engine.history import Setup
from bauhausbox.games.blokus.puzzles import rules as puzzle_rules
from bauhausbox.games.blokus.puzzles import specs as puzzle_specs

DATA = Path(__file__).resolve().parent.parent / "data"
PUZZLES_ID = "blokus-puzzles"
REGENERATE = "scripts/golden"
DIGEST_LENGTH = 12
SECTIONS = ("[moves]", "[digests]", "[position]", "[result]")


def digest(position_text: str) -> str:
    """A short fingerprint of a position text (enough to tell two positions apart in practice)."""
    return hashlib.sha256(position_text.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


def fingerprint(subject: Subject, state: Any) -> str:
    """The ``[digests]`` line of a position: its digest, then the legal-move counts when recorded."""
    return " ".join(part for part in (digest(subject.position(state)), subject.choices(state)) if part)


# -- the file ------------------------------------------------------------------------------------------
@dataclass
class Playthrough:
    """One golden file: ``header`` is the ``key: value`` lines in their order; the rest are its sections."""

    header: dict[str, str]
    moves: list[str]
    digests: list[str]
    position: str
    result: list[str]
    comments: list[str] = field(default_factory=list)

    @property
    def game_id(self) -> str:
        return self.header["game"]

    def to_text(self) -> str:
        lines = [f"# {comment}" for comment in self.comments]
        lines += [f"{key}: {value}" for key, value in self.header.items()]
        lines += ["", "[moves]", *self.moves, "", "[digests]", *self.digests]
        lines += ["", "[position]", self.position, "", "[result]", *self.result]
        return "\n".join(kept_lines("\n".join(lines))) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Playthrough:
        lines = kept_lines(text)
        header: dict[str, str] = {}
        comments: list[str] = []
        sections: dict[str, list[str]] = {}
        current: list[str] | None = None
        for number, line in enumerate(lines, start=1):
            if line in SECTIONS:
                current = sections.setdefault(line, [])
            elif current is not None:
                current.append(line)
            elif line.startswith("#"):
                comments.append(line[1:].strip())
            elif line.strip():
                key, colon, value = line.partition(":")
                if not colon:
                    raise ValueError(f"line {number}: expected 'key: value' in the header, got {line!r}")
                header[key.strip()] = value.strip()
        missing = [name for name in SECTIONS if name not in sections]
        if missing or "game" not in header:
            raise ValueError(f"missing {', '.join(missing) or 'game:'}")
        # A blank line closes each section except the position, whose own blank lines are kept.
        position = sections["[position]"]
        while position and not position[-1]:
            position.pop()
        return cls(
            header,
            [line for line in sections["[moves]"] if line],
            [line for line in sections["[digests]"] if line],
            "\n".join(position),
            [line for line in sections["[result]"] if line],
            comments,
        )


def kept_lines(text: str) -> list[str]:
    """Lines as a golden file keeps them: trailing spaces dropped (editors strip them)."""
    return [line.rstrip() for line in text.splitlines()]


def format_options(options: dict[str, OptionValue]) -> str:
    return " ".join(f"{key}={str(value).lower()}" for key, value in sorted(options.items())) or "-"


def parse_options(text: str) -> dict[str, str]:
    if text.strip() == "-":
        return {}
    return dict(pair.split("=", 1) for pair in text.split())


# -- what is being replayed --------------------------------------------------------------------------------
class Subject(Protocol):
    """A game or a puzzle seen through what a golden file records."""

    def start(self) -> Any: ...

    def legality(self, state: Any, text: str) -> tuple[Any, str | None]:
        """The move a text means and why it is not legal here (``None`` when legal); raises
        :class:`GameError` when the text is not a move at all."""
        ...

    def canonical(self, state: Any, move: Any, text: str) -> str: ...

    def apply(self, state: Any, move: Any, text: str) -> Any: ...

    def position(self, state: Any) -> str: ...

    def choices(self, state: Any) -> str:
        """How many legal moves each seat has, as ``"31/0"`` (empty when not recorded)."""
        ...

    def result(self, state: Any) -> list[str]: ...


@dataclass
class GameSubject:
    """A registered game, set up from a golden header exactly as a saved game is."""

    game: GameRules[Any, Any]
    setup: Setup

    @classmethod
    def from_header(cls, header: dict[str, str]) -> GameSubject:
        game = games.load(header["game"])
        players = int(header["players"])
        options = game.normalize_options(players, parse_options(header.get("options", "-")))
        return cls(game, Setup(header["game"], players, int(header["seed"]), (), options))

    def start(self) -> Any:
        return self.setup.new_state(self.game)

    def legality(self, state: Any, text: str) -> tuple[Any, str | None]:
        seat, body = split_seat(text)
        mover = state.to_play if seat is None else seat
        if mover is None:
            return None, "the game is already over"
        move = self.game.parse_move(state, body, seat)
        if move not in self.game.legal_moves(state, mover):
            return move, self.game.check(state, move, mover) or "not among the legal moves"
        return move, None

    def canonical(self, state: Any, move: Any, text: str) -> str:
        seat, _ = split_seat(text)
        return join_seat(seat, self.game.format_move(state, move))

    def apply(self, state: Any, move: Any, text: str) -> Any:
        seat, _ = split_seat(text)
        return self.game.apply(state, move, seat)

    def position(self, state: Any) -> str:
        return self.game.to_text(state)

    def choices(self, state: Any) -> str:
        return "/".join(str(len(self.game.legal_moves(state, seat))) for seat in range(self.setup.players))

    def result(self, state: Any) -> list[str]:
        lines = [
            f"over: {'yes' if self.game.is_over(state) else 'no'}",
            "scores: " + " ".join(map(str, self.game.scores(state))),
            "winners: " + " ".join(map(str, self.game.winners(state))),
        ]
        lines += [f"table {row.label}: {' | '.join(row.cells)}" for row in self.game.score_table(state)]
        return lines


@dataclass
class PuzzleSubject:
    """A Blokus solo puzzle: placements checked and made by ``blokus/puzzles/rules.py``."""

    puzzle: str

    def start(self) -> puzzle_rules.PuzzleState:
        return puzzle_rules.new_puzzle(self.puzzle)

    def legality(self, state: Any, text: str) -> tuple[Any, str | None]:
        spec = state.spec
        placement = puzzle_specs.parse_placement(text, spec.width, spec.height)
        return placement, puzzle_rules.check(state, placement).reason

    def canonical(self, state: Any, move: Any, text: str) -> str:
        return str(move.text)

    def apply(self, state: Any, move: Any, text: str) -> Any:
        return puzzle_rules.place(state, move)

    def position(self, state: Any) -> str:
        return puzzle_specs.render(state.spec.width, state.spec.height, state.placements)

    def choices(self, state: Any) -> str:
        return ""  # every placement of every piece would be slow to list; each move is checked instead

    def result(self, state: Any) -> list[str]:
        return [
            f"complete: {'yes' if puzzle_rules.is_complete(state) else 'no'}",
            f"placed: {len(state.placements)} of {len(state.spec.pieces)}",
        ]


def subject_for(header: dict[str, str]) -> Subject:
    if header["game"] == PUZZLES_ID:
        return PuzzleSubject(header["puzzle"])
    return GameSubject.from_header(header)


# -- replay ----------------------------------------------------------------------------------------
class Divergence(AssertionError):
    """Today's rules disagree with a golden file; the message says where and how to regenerate."""


def regenerate_hint(path: Path) -> str:
    game = path.parent.name
    return (
        f"If the change is intended, regenerate the golden files with `{REGENERATE} {game}` "
        f"(or `{REGENERATE}` for all) and review the diff of {path.parent.name}/{path.name}."
    )


def _diff(expected: Sequence[str], actual: Sequence[str]) -> str:
    import difflib

    return "\n".join(difflib.unified_diff(list(expected), list(actual), "recorded", "today", lineterm="", n=1))


def replay(playthrough: Playthrough, where: str = "") -> Any:
    """Play the file's moves again; raise :class:`Divergence` at the first disagreement.

    Checked at every move: the text still reads as a move, the move is legal, its canonical text is
    the recorded one, and the position after it has the recorded digest and legal-move counts. At the end: the position
    text and the result lines.
    """
    subject = subject_for(playthrough.header)
    if len(playthrough.digests) != len(playthrough.moves):
        raise Divergence(f"{where}: {len(playthrough.moves)} moves but {len(playthrough.digests)} digests")
    state = subject.start()
    for number, (text, recorded) in enumerate(zip(playthrough.moves, playthrough.digests, strict=True), start=1):
        at = f"{where}: move {number} {text!r}"
        try:
            move, reason = subject.legality(state, text)
        except (GameError, ValueError) as error:
            raise Divergence(f"{at} no longer reads as a move: {error}") from error
        if reason is not None:
            raise Divergence(f"{at} is no longer legal: {reason}")
        canonical = subject.canonical(state, move, text)
        if canonical != text:
            raise Divergence(f"{at} is now written {canonical!r}")
        try:
            state = subject.apply(state, move, text)
        except GameError as error:
            raise Divergence(f"{at} was judged legal but does not apply: {error}") from error
        now = fingerprint(subject, state)
        if now == recorded:
            continue
        position = subject.position(state)
        if now.split()[0] != recorded.split()[0]:
            raise Divergence(
                f"{at} leads to a different position than recorded (digest {now.split()[0]}, "
                f"recorded {recorded.split()[0]}). The position is now:\n{position}"
            )
        raise Divergence(
            f"{at}: the seats now have {now.split()[-1]} legal moves, recorded {recorded.split()[-1]} "
            f"(the move generation changed). The position:\n{position}"
        )
    recorded_lines, final_lines = kept_lines(playthrough.position), kept_lines(subject.position(state))
    if final_lines != recorded_lines:
        raise Divergence(f"{where}: the final position differs:\n{_diff(recorded_lines, final_lines)}")
    result = kept_lines("\n".join(subject.result(state)))
    if result != playthrough.result:
        raise Divergence(f"{where}: the result differs:\n{_diff(playthrough.result, result)}")
    return state
