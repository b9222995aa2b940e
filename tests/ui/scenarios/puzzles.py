"""The key states of the Blokus puzzles' screen for the layout test and the screenshots: each of the
six puzzles (every frame kind, easy and hard) opened from the menu (the menu itself is
``blokus-puzzles_setup``), a piece held over the board, a refusal, a hint, the solved celebration
(and the dialog after Solve, and the one when Solve ran out of time), and the longest title with an
hour on the clock and hints taken."""

from __future__ import annotations

import pygame

from bauhausbox.games.blokus.puzzles.rules import new_puzzle
from bauhausbox.games.blokus.puzzles.screen.menu import PuzzleCompleteScene, PuzzleMenuScene
from bauhausbox.games.blokus.puzzles.screen.scene import PuzzleScene
from bauhausbox.games.blokus.puzzles.solver.search import solve
from bauhausbox.games.blokus.puzzles.specs import PUZZLES, Placement, PuzzlePiece
from bauhausbox.persistence import paths
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.ui.app import App
from tests.ui.helpers import click, frames, key, move, wait_until
from tests.ui.scenarios import scenario


def open_puzzle(app: App, puzzle: str) -> PuzzleScene:
    """Open ``puzzle`` from its card on the puzzles' menu, as a player does (afresh: an unfinished
    one from an earlier scenario would be continued)."""
    for path in paths.saves_dir().glob("blokus-puzzles-*.json"):
        path.unlink()
    menu = app.push(PuzzleMenuScene(app))
    assert isinstance(menu, PuzzleMenuScene)
    frames(app, 1)
    click(app, menu.cards[puzzle].center)
    frames(app, 1)
    scene = app.top
    assert isinstance(scene, PuzzleScene) and scene.spec.id == puzzle
    for _ in range(120):  # the board's opening moment (and a slow machine's frames) before input
        if scene.input_allowed():
            break
        frames(app, 1)
    assert scene.input_allowed(), (app.top is scene, scene.animating(), scene.table.may_act())
    return scene


def _hold(app: App, scene: PuzzleScene, piece: PuzzlePiece) -> None:
    slot = scene.tray.slot_rect(piece)
    assert slot is not None
    click(app, slot.center)
    assert scene.controller.held is not None


def _register(puzzle: str) -> None:
    @scenario(f"puzzles_{puzzle}")
    def opened(app: App) -> None:
        open_puzzle(app, puzzle)


for _spec in PUZZLES:
    _register(_spec.id)


@scenario("puzzles_holding")
def holding(app: App) -> None:
    scene = open_puzzle(app, "pentomino")
    _hold(app, scene, PuzzlePiece("blue", "L5"))
    move(app, scene.board.cell_rect((3, 3)).center)


@scenario("puzzles_refusal")
def refusal(app: App) -> None:
    scene = open_puzzle(app, "tetromino-hard")
    assert scene.submit(Placement(PuzzlePiece("blue", "O"), frozenset({(0, 0), (1, 0), (0, 1), (1, 1)})))
    frames(app, 1)
    _hold(app, scene, PuzzlePiece("blue", "I4"))
    key(app, pygame.K_r)  # upright, beside the blue O: the sides touch
    # Where the piece hangs from the pointer depends on where the tray was clicked (and so on the
    # window's size): aim it at c1-c4 by the cells it would cover.
    move(app, scene.board.cell_rect((2, 1)).center)
    cells = scene.controller.hover_cells()
    assert cells
    click(app, scene.board.cell_rect((2, 1 - min(row for _column, row in cells))).center)
    assert scene.pointer_note is not None and scene.contacts


@scenario("puzzles_hint")
def hint(app: App) -> None:
    scene = open_puzzle(app, "tetromino")
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.hint_move is not None, limit=900)


@scenario("puzzles_solved")
def solved(app: App) -> None:
    scene = open_puzzle(app, "tetromino")
    for placement in solve(new_puzzle("tetromino"), 30).placements:
        assert scene.submit(placement)
    assert wait_until(app, lambda: isinstance(app.top, PuzzleCompleteScene), limit=300)


@scenario("puzzles_solved_by_computer")
def solved_by_computer(app: App) -> None:
    # "Solve": the dialog says at length why this one sets no record (French wraps it).
    scene = open_puzzle(app, "tetromino")
    click(app, scene.solve_button.rect.center)
    answer_solve_question(app)
    assert wait_until(app, lambda: isinstance(app.top, PuzzleCompleteScene), limit=3000)
    assert app.top.puzzle.solved_by_computer


@scenario("puzzles_solve_question")
def solve_question(app: App) -> None:
    # Solve asks first: the puzzle will not count as solved by the player.
    scene = open_puzzle(app, "fullboard")
    click(app, scene.solve_button.rect.center)
    assert isinstance(app.top, DialogScene)


@scenario("puzzles_solve_out_of_time")
def solve_out_of_time(app: App) -> None:
    # Solve ran out of time on the largest-first board: the dialog says so and offers to look longer.
    scene = open_puzzle(app, "fullboard-hard")
    scene._solve_failed(proved=False)
    assert isinstance(app.top, DialogScene) and len(app.top.buttons) == 2


def answer_solve_question(app: App) -> None:
    """Say yes to "Show a solution?", as a player does (its first button)."""
    dialog = app.top
    assert isinstance(dialog, DialogScene), dialog
    click(app, dialog.buttons[0].rect.center)


@scenario("puzzles_long_title")
def long_title(app: App) -> None:
    longest = max(PUZZLES, key=lambda spec: len(spec.title))
    scene = open_puzzle(app, longest.id)
    scene.match.seconds_played = 3 * 3600 + 59 * 60 + 59
    scene.match.hints_taken = 12


@scenario("puzzles_fullboard_yellow")
def fullboard_yellow(app: App) -> None:
    # The full board's yellow tab, a yellow piece in hand (the top bar keeps the clock alone).
    scene = open_puzzle(app, "fullboard")
    click(app, scene.tab_buttons[1].rect.center)
    _hold(app, scene, PuzzlePiece("yellow", "L5"))
    move(app, scene.board.cell_rect((10, 10)).center)
