"""A game in progress: its setup, the states it went through, and undo / redo / replay.

:class:`Setup` is everything needed to start a game again (game id, seats, options, seed);
:class:`History` is the list of states and the moves between them with a cursor, so undo and redo
are just cursor moves and a save file is ``Setup`` + move texts. Nothing here knows about screens.

Undo rules shared by every game (the screen and the CLI use them through :meth:`History.undo_target`):
- against computer players one undo goes back to the last position where a human had to decide;
- a move that revealed hidden information (a draw) is an "undo barrier": going back past it needs
  every human's agreement, because the players have already seen what was drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from bauhausbox.engine.api import (
    GameError,
    GameRules,
    HasToPlay,
    IllegalMoveError,
    OptionValue,
    Seat,
    join_seat,
    split_seat,
)

S = TypeVar("S", bound=HasToPlay)

HUMAN = "human"
# Every level name any game may offer; each game's ``GameInfo.levels`` says which it has.
LEVELS = ("random", "easy", "medium", "hard", "expert")


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in a seat: a human with a name, or a computer player of some level."""

    name: str
    kind: str = HUMAN  # "human" or "ai"
    level: str = "medium"

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_text(self) -> str:
        return HUMAN if self.is_human else f"ai:{self.level}"

    @classmethod
    def from_text(cls, text: str, name: str) -> SeatSpec:
        """``human`` or ``ai:LEVEL`` (``ai`` alone means medium)."""
        text = text.strip().lower()
        if text in (HUMAN, "h"):
            return cls(name=name)
        kind, _, level = text.partition(":")
        if kind not in ("ai", "cpu", "computer"):
            raise ValueError(f"seat {text!r} must be 'human' or 'ai:LEVEL'")
        level = level or "medium"
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
        return cls(name=name, kind="ai", level=level)


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything that, with the move list, determines a game exactly."""

    game_id: str
    players: int
    seed: int
    seats: tuple[SeatSpec, ...]
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    @property
    def humans(self) -> tuple[Seat, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)

    def new_state(self, game: GameRules[Any, Any]) -> Any:
        return game.new_game(self.players, self.seed, **dict(self.options))


@dataclass(frozen=True, slots=True)
class Step:
    """One applied move: who made it, the move value and its canonical text (with ``@seat`` when
    the seat was not the one to play), whether it revealed hidden information, and whether it began
    a turn as players count them (``GameRules.opens_turn``; ``None`` where only the text is known, as
    on a client across computers: then a seat's run of steps counts as one turn)."""

    seat: Seat
    move: Any
    text: str
    revealed: bool
    opens_turn: bool | None = None


def _opens(steps: Sequence[Step], index: int) -> bool:
    step = steps[index]
    if step.opens_turn is not None:
        return step.opens_turn
    return index == 0 or steps[index - 1].seat != step.seat


def turns_between(steps: Sequence[Step]) -> int:
    """How many turns ``steps`` hold, counted as players count them: the steps that began a turn
    (a Bauhaus card chosen and then carried out is one turn; each Blokus piece is one, even when the
    other colours have passed and the same player places again)."""
    return sum(1 for index in range(len(steps)) if _opens(steps, index))


def turns_from(steps: Sequence[Step], start: int) -> int:
    """The turns that the steps from ``start`` on touch, counted as players count them: those they
    begin, and the turn under way at ``start`` when they start inside one (a Bauhaus card chosen and
    not yet carried out) or with a move outside the turns (a power). What redo gives back after an
    undo to ``start``: never "0 turns" while something can be redone."""
    begun = sum(1 for index in range(start, len(steps)) if _opens(steps, index))
    return begun + (start < len(steps) and not _opens(steps, start))


def turn_number(steps: Sequence[Step], next_opens: bool | None) -> int:
    """The turn being played after ``steps``, counted as players count them (1 before any move):
    ``next_opens`` says whether the next move begins a turn (False: a seat still carrying out its
    turn); ``None`` once the game is over, giving the number of turns played."""
    played = turns_between(steps)
    return played + 1 if next_opens else played


@dataclass(frozen=True, slots=True)
class UndoPlan:
    """Where an undo would go and whether it crosses a draw that every human must agree to forget."""

    index: int
    crosses_reveal: bool


@dataclass(frozen=True, slots=True)
class Prepared(Generic[S]):
    """A move applied to a position, not yet in any history: the position before, the one after and
    the step between them (:func:`prepare`, :meth:`History.commit`)."""

    before: S
    after: S
    step: Step


def prepare(game: GameRules[S, Any], before: S, move: Any, seat: Seat | None = None) -> Prepared[S]:
    """Apply ``move`` for ``seat`` (default: the seat to play) to ``before`` and describe the step,
    touching no history: pure, so it may run on any thread (a computer's move is applied where it
    was computed, and the window only commits the result). Raises the game's ``IllegalMoveError``."""
    mover = before.to_play if seat is None else seat
    if mover is None:
        raise IllegalMoveError("the game is over")
    after = game.apply(before, move, mover)
    text = game.format_move(before, move)
    out_of_turn = mover != before.to_play
    step = Step(
        mover,
        move,
        join_seat(mover if out_of_turn else None, text),
        game.revealed(before, after),
        game.opens_turn(before, move),
    )
    return Prepared(before, after, step)


class History(Generic[S]):
    """States ``states[0..]`` with ``steps[i]`` leading from ``states[i]`` to ``states[i+1]``.

    The cursor marks the current position; :meth:`play` after an undo drops the redo tail.
    """

    def __init__(self, game: GameRules[S, Any], initial: S) -> None:
        self.game = game
        self.states: list[S] = [initial]
        self.steps: list[Step] = []
        self.cursor = 0

    # -- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> S:
        return self.states[self.cursor]

    @property
    def turn(self) -> int:
        """The turn being played at the cursor, counted as players count them (:func:`turn_number`);
        once the game is over, the turns played."""
        state = self.state
        next_opens = None if state.to_play is None else self.game.opens_turn(state, None)
        return turn_number(self.steps[: self.cursor], next_opens)

    @property
    def last_step(self) -> Step | None:
        return self.steps[self.cursor - 1] if self.cursor else None

    def move_texts(self, upto_cursor: bool = True) -> list[str]:
        end = self.cursor if upto_cursor else len(self.steps)
        return [step.text for step in self.steps[:end]]

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.steps)

    # -- changing ----------------------------------------------------------------------------
    def play(self, move: Any, seat: Seat | None = None) -> S:
        """Apply ``move`` for ``seat`` (default: the seat to play) at the cursor and advance.

        Raises the game's ``IllegalMoveError`` and leaves the history untouched when illegal.
        """
        return self.commit(prepare(self.game, self.state, move, seat))

    def commit(self, prepared: Prepared[S]) -> S:
        """Advance by a move :func:`prepare` applied to the current position (on another thread,
        perhaps): the history only takes the result. Raises ``ValueError`` when the position is
        no longer the one it was applied to."""
        if prepared.before is not self.state:
            raise ValueError("the move was applied to another position")
        del self.states[self.cursor + 1 :]
        del self.steps[self.cursor :]
        self.states.append(prepared.after)
        self.steps.append(prepared.step)
        self.cursor += 1
        return prepared.after

    def play_text(self, text: str) -> S:
        seat, body = split_seat(text)
        return self.play(self.game.parse_move(self.state, body, seat), seat)

    def undo_target(self, humans: Sequence[Seat]) -> UndoPlan | None:
        """Where one "undo" goes: back past the last human decision, then further back over any
        computer moves, so a human is to play again. ``None`` when nothing can be undone."""
        if self.cursor == 0:
            return None
        human_set = set(humans)
        index = self.cursor - 1
        crosses = self.steps[index].revealed
        if human_set:
            # Step back until we undo a move a human made (or reach the start).
            while index > 0 and self.steps[index].seat not in human_set:
                index -= 1
                crosses = crosses or self.steps[index].revealed
            # Then keep going back over moves where a human was not the one to decide.
            while index > 0 and self.states[index].to_play not in human_set:
                index -= 1
                crosses = crosses or self.steps[index].revealed
            if not any(step.seat in human_set for step in self.steps[index : self.cursor]):
                # Only computers have moved (they opened the game): undoing them would change
                # nothing, since they would play the same moves again at once.
                return None
        return UndoPlan(index, crosses)

    def own_undo_target(self, seat: Seat) -> UndoPlan | None:
        """Where ``seat``'s own undo goes across computers (as on Board Game Arena): back before that
        player's last move, every move made after it going with it; ``None`` when they have made
        none (another player's move is never theirs to take back)."""
        index = next((i for i in range(self.cursor - 1, -1, -1) if self.steps[i].seat == seat), None)
        if index is None:
            return None
        return UndoPlan(index, any(step.revealed for step in self.steps[index : self.cursor]))

    def redo_target(self, humans: Sequence[Seat]) -> int | None:
        """Mirror of :meth:`undo_target`: forward past a human move and the computer replies."""
        if not self.can_redo:
            return None
        human_set = set(humans)
        index = self.cursor + 1
        if human_set:
            while index < len(self.steps) and self.states[index].to_play not in human_set:
                index += 1
        return index

    def forget_redo(self) -> None:
        """Drop the moves after the cursor: nothing is left to redo."""
        del self.states[self.cursor + 1 :]
        del self.steps[self.cursor :]

    def go_to(self, index: int) -> S:
        if not 0 <= index < len(self.states):
            raise IndexError(index)
        self.cursor = index
        return self.state

    # -- replay ------------------------------------------------------------------------------
    @classmethod
    def replay(cls, game: GameRules[S, Any], setup: Setup, texts: Sequence[str]) -> History[S]:
        """Rebuild a history from a setup and move texts, validating every move.

        Raises ``GameError`` (with the move number in the message) at the first bad move.
        """
        history = cls(game, setup.new_state(game))
        for number, text in enumerate(texts, start=1):
            try:
                history.play_text(text)
            except GameError as error:
                raise type(error)(f"move {number} ({text!r}): {error}") from error
        return history
