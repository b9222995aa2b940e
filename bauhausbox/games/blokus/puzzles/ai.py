"""The Blokus puzzles' computer player and hint: the solver (``blokus/puzzles/solver/``) behind the bot interface.

:class:`PuzzleSolverBot` is the one level, ``hard``: it asks the solver for a hint within its
:class:`~bauhausbox.engine.bots.base.Budget` and plays that hint's move — the next piece of a
solution, or, when the search proved the board cannot be finished, the piece to lift. The screen
runs the same search on its hint runner through :class:`PuzzleAdvisor`, whose answer is the whole
:class:`~bauhausbox.games.blokus.puzzles.solver.search.Hint` (its words, whether time ran out), and
:class:`SolutionFinder`, whose answer is a whole solution for "Solve". Pure: no pygame.
"""

from __future__ import annotations

from typing import Any

from bauhausbox.engine.api import GameRules, Seat
from bauhausbox.engine.bots.base import Budget
from bauhausbox.games.blokus.puzzles.rules import PuzzleState, new_puzzle
from bauhausbox.games.blokus.puzzles.solver.search import Hint, SearchResult, hint, solve
from bauhausbox.games.blokus.puzzles.specs import Lift, PuzzleMove


def hint_move(state: PuzzleState, advice: Hint) -> PuzzleMove | None:
    """The one move a hint stands for: the piece to place, or (in the frames) the piece to lift."""
    if advice.placement is not None:
        return advice.placement
    if advice.remove is not None and state.spec.movable and state.placement_of(advice.remove) is not None:
        return Lift(advice.remove)
    return None


def advise(state: PuzzleState, budget: Budget) -> Hint:
    """The solver's hint for ``state`` within ``budget`` (cancelled with it)."""
    return hint(state, budget.remaining(), budget.cancel_event)


class PuzzleSolverBot:
    """Plays the puzzle as the solver's hints say; when they say nothing it plays the first legal move."""

    name = "solver"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any:
        move = hint_move(view, advise(view, budget))
        if move is not None and game.check(view, move, seat) is None:
            return move
        return game.legal_moves(view, seat)[0]

    def interject(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Any | None:
        return None


class PuzzleAdvisor(PuzzleSolverBot):
    """For the screen's hint runner: the answer is the solver's whole :class:`Hint`, not only its move,
    so the screen can say when time ran out ("keep looking?") or that a board cannot be finished."""

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> Hint:
        return advise(view, budget)


class SolutionFinder(PuzzleSolverBot):
    """For "Solve": the answer is a whole :class:`SearchResult` extending the player's pieces (or, in
    the frames, where placed pieces may be lifted, one from an empty board when none is found). On the
    full board pieces stay put, so the whole budget goes to the player's position."""

    def choose(self, game: GameRules[Any, Any], view: Any, seat: Seat, budget: Budget) -> SearchResult:
        state: PuzzleState = view
        if not state.spec.movable:
            return solve(state, budget.remaining(), budget.cancel_event)
        half = budget.fraction(0.5) if state.placements else budget
        result = solve(state, half.remaining(), budget.cancel_event)
        if result.status != "found" and state.placements:
            return solve(new_puzzle(state.puzzle), budget.remaining(), budget.cancel_event)
        return result


def make_bot(level: str, seed: int = 0) -> PuzzleSolverBot:
    if level != "hard":
        raise ValueError(f"unknown level {level!r} for the puzzles")
    return PuzzleSolverBot(seed)
