"""A match being played in the app: setup + history + who sits where + autosave + statistics.

The screens and the CLI both drive games through :class:`Match`. It applies moves through the
rules, writes the save file atomically after every change, records the result once when the game
ends, and answers the shared questions: whose view is on screen, what one undo does, whether it
crosses a draw that needs every human's agreement.
"""

from __future__ import annotations

import logging
import random
from datetime import datetime
from pathlib import Path
from typing import Any

from bauhausbox import games, i18n
from bauhausbox.engine.api import GameRules, Seat, Words
from bauhausbox.engine.history import History, Prepared, SeatSpec, Setup, Step, UndoPlan
from bauhausbox.persistence import saves, writer
from bauhausbox.persistence.models import ResultRecord, now

log = logging.getLogger(__name__)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


# -- a game told again: the replay viewer and ``bauhausbox replay --log`` --------------------------
def replay_seat(setup: Setup, game: GameRules[Any, Any], final: Any) -> Seat | None:
    """Whose eyes a replay sees through: nobody's once the game is over (everything is revealed:
    ``None``), else the first human seat's (seat 1 when only computers played), because the game may
    still be continued and must not be spoilt."""
    if game.is_over(final):
        return None
    return setup.humans[0] if setup.humans else 0


def move_log(setup: Setup, history: History[Any], viewer: Seat | None) -> list[tuple[int, str]]:
    """Every move up to the history's cursor in words, as ``viewer`` may know it now (``None``:
    everything), each as (step index, sentence); what the rules brought about on their own after a
    move (a round's end) follows it as an entry of its own with the same index."""
    names = [seat.name for seat in setup.seats]
    game = history.game
    present = history.states[history.cursor]
    entries: list[tuple[int, str]] = []
    for index, step in enumerate(history.steps[: history.cursor]):
        before = history.states[index]
        told = told_to(game, before, present, step.seat, viewer)
        entries.append((index, game.describe_move(before, step.move, mover=step.seat, viewer=told, names=names)))
        outcome = game.describe_outcome(before, step.move, mover=step.seat, viewer=told, names=names)
        if outcome:
            entries.append((index, outcome))
    return entries


def told_to(game: GameRules[Any, Any], before: Any, present: Any, mover: Seat, viewer: Seat | None) -> Seat | None:
    """The viewer a move's sentence is written for in the position ``present``: ``viewer``, or ``None``
    (everything) once the move is no secret to anyone any more (``GameRules.public_since``) or the game
    is over: then the device is everybody's, nobody in particular reads, and the log names every seat
    ("Anni's gas branch", not "your gas branch")."""
    if viewer is not None and game.is_over(present):
        return None
    if viewer is not None and viewer != mover and game.public_since(before, present):
        return None
    return viewer


class Match:
    def __init__(
        self,
        setup: Setup,
        history: History[Any] | None = None,
        save_path: Path | None = None,
        created: datetime | None = None,
        autosave: bool = True,
    ) -> None:
        self.game: GameRules[Any, Any] = games.load(setup.game_id)
        self.setup = setup
        self.history: History[Any] = history or History(self.game, setup.new_state(self.game))
        self.save_path = save_path or saves.new_save_path(setup.game_id)
        # The game's start, kept across every save, Continue and Load.
        self.created = created or now()
        self.autosave = autosave
        self.result_recorded = self.game.is_over(self.history.state)
        self._last_human: Seat | None = None
        # Sentences of played moves per (step index, viewer), with the step they describe: a step
        # replaced after an undo is described again.
        self._described: dict[tuple[int, Seat | None, str, bool], tuple[Step, str]] = {}
        # Kept in the save: the time spent playing (the screen's clock) and the hints asked for.
        self.seconds_played = 0.0
        self.hints_taken = 0
        # The computer played the game to its end (a puzzle solved by "Solve"): it counts for nobody.
        self.computer_finished = False
        # Bits solo: undone past a tile card already seen; kept in the save, so no best comes of it.
        self.looked_ahead = False

    @classmethod
    def start(
        cls,
        game_id: str,
        players: int,
        seats: list[SeatSpec],
        options: dict[str, Any],
        seed: int | None = None,
        autosave: bool = True,
    ) -> Match:
        game = games.load(game_id)
        normalized = game.normalize_options(players, options)
        setup = Setup(game_id, players, new_seed() if seed is None else seed, tuple(seats), normalized)
        match = cls(setup, autosave=autosave)
        match.save()
        return match

    @classmethod
    def from_loaded(cls, loaded: saves.LoadedGame) -> Match:
        match = cls(loaded.setup, loaded.history, loaded.path, loaded.saved.created)
        match.seconds_played = loaded.saved.seconds_played
        match.hints_taken = loaded.saved.hints_taken
        match.computer_finished = loaded.saved.computer_finished
        match.looked_ahead = loaded.saved.looked_ahead
        return match

    # -- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.history.state

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def humans(self) -> tuple[Seat, ...]:
        return self.setup.humans

    def is_human(self, seat: Seat | None) -> bool:
        return seat is not None and self.setup.seats[seat].is_human

    def seat_name(self, seat: Seat) -> str:
        return self.setup.seats[seat].name

    @property
    def to_play(self) -> Seat | None:
        seat: Seat | None = self.state.to_play
        return seat

    def viewer(self) -> Seat | None:
        """The seat whose view the screen shows: the human to play, else the last human who
        played (so a computer's turn does not reveal anything), ``None`` if nobody is human."""
        seat = self.to_play
        if self.is_human(seat):
            self._last_human = seat
            return seat
        if self._last_human is not None:
            return self._last_human
        return self.humans[0] if self.humans else None

    def view(self) -> Any:
        seat = self.viewer()
        return self.state if seat is None else self.game.view(self.state, seat)

    # -- the story in words ------------------------------------------------------------------
    # Grows when sentences written elsewhere change under the same moves (a table across
    # computers says them again in another language): the log's key (scenes/story.py).
    said_version = 0

    def describe_step(self, index: int, viewer: Seat | None) -> str:
        """Step ``index`` of the history in words for ``viewer`` (``None``: an observer who sees
        everything) as it may be told now (a secret shown since is told), with the players' names, in
        the players' language; remembered (per language), so a long log costs nothing per frame."""
        return self._tell(index, viewer, outcome=False)

    def describe_outcome(self, index: int, viewer: Seat | None) -> str:
        """What the rules brought about on their own after step ``index`` (a round's end), an entry of
        its own in the log; ``""`` when nothing did. Remembered like :meth:`describe_step`."""
        return self._tell(index, viewer, outcome=True)

    def _tell(self, index: int, viewer: Seat | None, outcome: bool) -> str:
        step = self.history.steps[index]
        before = self.history.states[index]
        told = told_to(self.game, before, self.history.states[self.history.cursor], step.seat, viewer)
        key = (index, told, i18n.language(), outcome)
        known = self._described.get(key)
        if known is not None and known[0] is step:
            return known[1]
        names = [seat.name for seat in self.setup.seats]
        describe = self.game.describe_outcome if outcome else self.game.describe_move
        sentence = describe(before, step.move, mover=step.seat, viewer=told, names=names)
        self._described[key] = (step, sentence)
        return sentence

    def steps_since_turn(self, seat: Seat) -> range:
        """The steps played since ``seat``'s own last move (from the start if it has not moved),
        up to the cursor: what happened at the table while that player waited."""
        steps = self.history.steps
        start = self.history.cursor
        while start > 0 and steps[start - 1].seat != seat:
            start -= 1
        return range(start, self.history.cursor)

    # -- changing ----------------------------------------------------------------------------
    def play(self, move: Any, seat: Seat | None = None) -> Step:
        """Apply a move (raises ``IllegalMoveError`` with the reason, leaving everything as it was)."""
        self.history.play(move, seat)
        self.after_change()
        step = self.history.last_step
        assert step is not None
        return step

    def commit(self, prepared: Prepared[Any]) -> Step:
        """Advance by a move already applied to the current position (:func:`history.prepare`, run
        where a computer's move was computed), then save as :meth:`play` does."""
        self.history.commit(prepared)
        self.after_change()
        step = self.history.last_step
        assert step is not None
        return step

    def undo_plan(self) -> UndoPlan | None:
        return self.history.undo_target(self.humans)

    def undo(self, plan: UndoPlan | None = None) -> bool:
        """Go back to the last human decision (or to ``plan``, from :meth:`undo_plan`)."""
        plan = plan or self.undo_plan()
        if plan is None:
            return False
        self.history.go_to(plan.index)
        self.after_change()
        return True

    def step_back(self) -> bool:
        """Take back exactly the last move, whoever made it (unlike :meth:`undo`), as if it had never
        been made: it cannot be redone (a Bauhaus card choice cancelled is not an undo)."""
        if self.history.cursor == 0:
            return False
        self.history.go_to(self.history.cursor - 1)
        self.history.forget_redo()
        self.after_change()
        return True

    def redo(self) -> bool:
        target = self.history.redo_target(self.humans)
        if target is None:
            return False
        self.history.go_to(target)
        self.after_change()
        return True

    def undo_needs_agreement(self, plan: UndoPlan, asker: Seat | None = None) -> bool:
        """With two or more humans at the table, everyone agrees to undo past a draw they have seen,
        or to take back another human's move (their secret placement included): ``asker`` is who
        asks (at one computer: the player to play, when human)."""
        if len(self.humans) < 2:
            return False
        if plan.crosses_reveal:
            return True
        if asker is None and self.is_human(self.to_play):
            asker = self.to_play
        steps = self.history.steps[plan.index : self.history.cursor]
        return any(step.seat != asker and self.is_human(step.seat) for step in steps)

    def restart(self, same_seed: bool = False) -> Match:
        """A new game with the same seats and options. In games whose rules let the previous
        winner start (``info.winner_starts``), the seed is drawn until its starting seat is
        that winner, so the game still replays from its seed alone."""
        seed = self.setup.seed if same_seed else new_seed()
        starter = self.next_starter()
        if starter is not None and not same_seed:
            options = dict(self.setup.options)
            for _ in range(1000):  # each try succeeds with probability 1/players
                if self.game.new_game(self.setup.players, seed, **options).to_play == starter:
                    break
                seed = new_seed()
        return Match.start(
            self.setup.game_id,
            self.setup.players,
            list(self.setup.seats),
            dict(self.setup.options),
            seed,
            self.autosave,
        )

    def next_starter(self) -> Seat | None:
        """Who starts the next game: the sole winner of this one, where the rules say so."""
        if not self.game.info.winner_starts or not self.over:
            return None
        winners = self.game.winners(self.state)
        return winners[0] if len(winners) == 1 else None

    def after_change(self) -> None:
        self.save()
        if self.over and not self.result_recorded:
            self.result_recorded = True
            self.record_result()

    def save(self) -> None:
        """The autosave: the game as it stands is copied here and written on the writer thread
        (``persistence/writer.py``), so the window never waits for the disk. A failed write is
        told by :attr:`save_error` from the next frame on."""
        if not self.autosave:
            return
        saved = saves.saved_game(
            self.setup,
            self.history,
            self.created,
            self.seconds_played,
            self.hints_taken,
            self.computer_finished,
            self.looked_ahead,
        )
        saves.queue_game(self.save_path, saved, prune=self.over)

    @property
    def save_error(self) -> Words | None:
        """Why the last write of this game's save failed, or ``None``."""
        if not self.autosave:
            return None
        error = writer.error_for(self.save_path)
        if error is None:
            return None
        return Words("Could not save the game: {reason}", reason=error.strerror or str(error))

    def forget_if_unplayed(self) -> None:
        """Remove the save of a game left before anyone moved (it was written when the game opened):
        there is nothing to continue, so neither Continue nor Load should offer it."""
        if self.autosave and not self.history.steps:
            saves.remove_game(self.save_path)

    def record_result(self) -> None:
        if not self.autosave or self.computer_finished:  # a game the computer finished is nobody's result
            return
        self.queue_result()

    def queue_result(self) -> None:
        """The finished game's result into the statistics (on the writer thread); also the host's
        record of a game played across computers (``net/background.py``), whose match is the server's."""
        result = ResultRecord(
            players=[s.name for s in self.setup.seats],
            kinds=[s.to_text() for s in self.setup.seats],
            scores=self.game.scores(self.state),
            winners=self.game.winners(self.state),
            options=dict(self.setup.options),
            seed=self.setup.seed,
            looked_ahead=self.looked_ahead,
            hints=self.hints_taken,
        )
        game_id = self.setup.game_id
        saves.queue_statistics(lambda stats: stats.record(game_id, result))
