"""The puzzle screens, driven by synthetic mouse and key events through the real event path."""

from __future__ import annotations

import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.engine.bots.base import Budget
from bauhausbox.engine.grid import cell_name
from bauhausbox.engine.shapes import normalize
from bauhausbox.games.blokus.puzzles import ai as puzzle_ai
from bauhausbox.games.blokus.puzzles.records.best_times import Completion, PuzzleRecord, load_records
from bauhausbox.games.blokus.puzzles.rules import GAME as PUZZLE_GAME
from bauhausbox.games.blokus.puzzles.rules import PuzzleState, new_puzzle
from bauhausbox.games.blokus.puzzles.screen import menu as puzzle_menu
from bauhausbox.games.blokus.puzzles.screen import scene as puzzle_scene
from bauhausbox.games.blokus.puzzles.screen.menu import PuzzleCompleteScene, PuzzleMenuScene, card_status
from bauhausbox.games.blokus.puzzles.screen.scene import PuzzleScene
from bauhausbox.games.blokus.puzzles.solver.search import Hint, SearchResult, solve
from bauhausbox.games.blokus.puzzles.specs import Placement, PuzzlePiece, parse_placement, start_corner
from bauhausbox.games.blokus.screen.board_view import PIECE_COLOURS
from bauhausbox.games.blokus.screen.piece_widgets import HeldPiece
from bauhausbox.match import Match
from bauhausbox.persistence import paths, saves, writer
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.howto import HowToScene
from bauhausbox.scenes.load import players_line
from bauhausbox.ui import layout_probe, theme
from tests.ui.helpers import click, frames, key, move, wait_until
from tests.ui.scenarios.puzzles import answer_solve_question


def _event(kind: int, **fields: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, **fields)


def _turns_to(held: HeldPiece, target: frozenset[tuple[int, int]]) -> tuple[int, int, tuple[int, int]]:
    """How many flips (0/1) and clockwise turns bring the held piece to ``target``'s orientation, and
    which square of it is then under the pointer."""
    wanted = normalize(target)
    for flips in (0, 1):
        for turns in range(4):
            trial = HeldPiece(held.key, held.shape, held.colour, held.grab)
            for _ in range(flips):
                trial.flip()
            for _ in range(turns):
                trial.rotate()
            if trial.shape == wanted:
                return flips, turns, trial.grab
    raise AssertionError(f"{held.key} cannot take the shape of {sorted(target)}")


def drag_piece(app: Any, scene: PuzzleScene, placement: Placement) -> None:
    """Press on the piece in the tray, turn it with F and R while holding, drag it to its squares, let go."""
    slot = scene.tray.slot_rect(placement.piece)
    assert slot is not None, f"{placement.piece} is in the tray"
    start = slot.center
    app.frame([_event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.frame([_event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 1 / 60)
    held = scene.controller.held
    assert held is not None and held.key == placement.piece
    flips, turns, grab = _turns_to(held, placement.cells)
    for _ in range(flips):
        key(app, pygame.K_f)
    for _ in range(turns):
        key(app, pygame.K_r)
    low_x = min(x for x, _ in placement.cells)
    low_y = min(y for _, y in placement.cells)
    end = scene.board.cell_rect((low_x + grab[0], low_y + grab[1])).center
    for step in range(1, 7):
        pos = (start[0] + (end[0] - start[0]) * step // 6, start[1] + (end[1] - start[1]) * step // 6)
        app.frame([_event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))], 1 / 60)
    app.frame([_event(pygame.MOUSEBUTTONUP, pos=end, button=1)], 1 / 60)


@pytest.fixture(autouse=True)
def _own_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records in this test's folder, and no puzzle game saved by an earlier test to continue."""
    monkeypatch.setattr(puzzle_scene, "default_directory", lambda: tmp_path)
    monkeypatch.setattr(puzzle_menu, "default_directory", lambda: tmp_path)
    for path in paths.saves_dir().glob("blokus-puzzles-*.json"):
        path.unlink()


def _unfinished(puzzle: str) -> list[saves.SaveSummary]:
    return [
        s
        for s in saves.list_saves()[0]
        if s.game_id == "blokus-puzzles" and s.options.get("puzzle") == puzzle and not s.finished
    ]


def _finished_results(stats: Any) -> tuple[int, int]:
    """The puzzles' finished count and results kept (the statistics of the whole test session)."""
    return (stats.finished, len(stats.results)) if stats is not None else (0, 0)


def _open(app: Any, tmp_path: Path, puzzle: str) -> PuzzleScene:
    menu = PuzzleMenuScene(app, directory=tmp_path)
    app.push(menu)
    frames(app, 1)
    click(app, menu.cards[puzzle].center)
    frames(app, 1)
    scene = app.top
    assert isinstance(scene, PuzzleScene) and scene.spec.id == puzzle
    return scene


def test_solving_the_tetromino_puzzle_by_dragging_shows_the_completion_screen(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "tetromino")
    solution = solve(new_puzzle("tetromino"), 30, use_shipped=False).placements
    for count, placement in enumerate(solution, start=1):
        drag_piece(app, scene, placement)
        assert placement in scene.state.placements, f"{placement.text} was placed by the drag"
        if count < len(solution):
            assert not isinstance(app.top, PuzzleCompleteScene)
    assert wait_until(app, lambda: isinstance(app.top, PuzzleCompleteScene), limit=600)
    assert not app.top.puzzle.solved_by_computer
    record = load_records(tmp_path).for_puzzle("tetromino")
    assert len(record.completions) == 1 and record.best_seconds is not None
    assert _unfinished("tetromino") == []  # a finished puzzle leaves no game to continue
    click(app, app.top.menu_button.rect.center)
    assert isinstance(app.top, PuzzleMenuScene)
    # The card's picture is the solved board (it was an empty frame): its squares in the pieces' colours.
    menu = app.top
    frames(app, 1)
    assert menu.solved.get("tetromino") == scene.state.placements
    picture = menu.previews["tetromino"]
    colours = {
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(picture.left, picture.right, 3)
        for y in range(picture.top, picture.bottom, 3)
    }
    assert {PIECE_COLOURS[colour] for colour in ("blue", "yellow", "red", "green")} <= colours


def test_a_refused_drop_says_why_and_shows_the_contacts(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "tetromino-hard")
    drag_piece(app, scene, Placement(PuzzlePiece("blue", "O"), frozenset({(0, 0), (1, 0), (0, 1), (1, 1)})))
    assert len(scene.state.placements) == 1
    beside = Placement(PuzzlePiece("blue", "I4"), frozenset({(2, 0), (2, 1), (2, 2), (2, 3)}))
    drag_piece(app, scene, beside)
    assert len(scene.state.placements) == 1, "the blue I4 may not touch the blue O along a side"
    assert "Touches another blue piece" in (scene.refusal() or "")
    assert scene.controller.held is not None  # still in hand, to be put elsewhere
    frames(app, 1)
    assert set(scene.contacts) == {((1, 0), (2, 0)), ((1, 1), (2, 1))}  # drawn in red on the board
    key(app, pygame.K_ESCAPE)  # Esc first lets go of the piece...
    assert scene.controller.held is None and app.top is scene


def test_a_placed_piece_can_be_dragged_elsewhere_in_a_frame(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "tetromino")
    first = Placement(PuzzlePiece("red", "I4"), frozenset({(0, 0), (1, 0), (2, 0), (3, 0)}))
    drag_piece(app, scene, first)
    assert scene.state.placements == (first,)
    start = scene.board.cell_rect((1, 0)).center
    end = scene.board.cell_rect((1, 5)).center
    app.frame([_event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    app.frame([_event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 1 / 60)
    assert scene.state.placements == ()  # lifted off the board
    for step in range(1, 7):
        pos = (start[0], start[1] + (end[1] - start[1]) * step // 6)
        app.frame([_event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))], 1 / 60)
    app.frame([_event(pygame.MOUSEBUTTONUP, pos=end, button=1)], 1 / 60)
    moved = Placement(PuzzlePiece("red", "I4"), frozenset({(0, 5), (1, 5), (2, 5), (3, 5)}))
    assert scene.state.placements == (moved,)
    # The log says it once: "moved … from … to …" (it said "took … off", then "placed").
    frames(app, 1)
    said = [line.text for line in scene.log.lines]
    assert said[-2:] == ["You placed the red I4 on a1–d1", "You moved the red I4 from a1–d1 to a6–d6"], said


def test_progress_is_autosaved_and_resumed_from_the_menu(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "pentomino")
    piece = Placement(PuzzlePiece("green", "X"), frozenset({(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)}))
    scene.set_tab(3)  # the pentomino tray shows one colour at a time
    frames(app, 1)
    drag_piece(app, scene, piece)
    assert scene.state.placements == (piece,)
    frames(app, 5)
    app.go_home()
    menu = PuzzleMenuScene(app, directory=tmp_path)
    app.push(menu)
    frames(app, 1)
    (saved,) = _unfinished("pentomino")
    assert saves.load_game(saved.path).saved.moves == ["green X b1,a2,b2,c2,b3"]
    assert saves.load_game(saved.path).saved.seconds_played > 0  # the clock is saved with the game
    click(app, menu.cards["pentomino"].center)
    resumed = app.top
    assert isinstance(resumed, PuzzleScene) and resumed.state.placements == (piece,)


def test_the_hint_button_shows_a_piece_of_a_solution(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "tetromino-hard")
    # The hint has a time budget: let the solver tables built on opening (this and earlier tests) finish first.
    for thread in threading.enumerate():
        if thread.name == "puzzle-warm-up":
            thread.join(60)
    click(app, scene.hint_button.rect.center)
    assert wait_until(app, lambda: scene.advice is not None, limit=2000)
    advice = scene.advice
    assert advice is not None and advice.kind == "place" and advice.placement is not None
    assert advice.placement in advice.solution
    assert scene.hints == 1


def test_full_board_pieces_follow_the_blokus_rules_on_screen(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "fullboard")
    wrong = Placement(PuzzlePiece("blue", "V3"), frozenset({(5, 5), (6, 5), (5, 6)}))
    drag_piece(app, scene, wrong)
    assert scene.state.placements == () and "corner a20" in (scene.refusal() or "")
    scene.controller.cancel()
    right = Placement(PuzzlePiece("blue", "V3"), frozenset({(0, 19), (1, 19), (0, 18)}))
    drag_piece(app, scene, right)
    assert scene.state.placements == (right,)
    app.frame([_event(pygame.MOUSEBUTTONDOWN, pos=scene.board.cell_rect((0, 19)).center, button=1)], 1 / 60)
    assert scene.state.placements == (right,), "pieces stay put on the full board"


def test_solve_fills_the_board_piece_by_piece_and_sets_no_record(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "tetromino")
    writer.flush()
    before = _finished_results(saves.load_statistics().games.get("blokus-puzzles"))
    mine = Placement(PuzzlePiece("red", "I4"), frozenset({(0, 0), (1, 0), (2, 0), (3, 0)}))
    drag_piece(app, scene, mine)
    click(app, scene.solve_button.rect.center)
    # Solve asks first; "Keep trying" leaves the puzzle as it was, and the player's.
    assert isinstance(app.top, DialogScene) and "not count as solved by you" in app.top.message
    click(app, app.top.buttons[1].rect.center)
    frames(app, 5)
    assert app.top is scene and not scene.solving and not scene.hint_runner.busy
    click(app, scene.solve_button.rect.center)
    answer_solve_question(app)
    assert wait_until(app, lambda: bool(scene.solving) or isinstance(app.top, PuzzleCompleteScene), limit=3000)
    counts = []
    assert wait_until(
        app, lambda: counts.append(len(scene.state.placements)) or isinstance(app.top, PuzzleCompleteScene), 200
    )
    assert len(set(counts)) > 3, "the pieces arrive one by one"
    assert app.top.puzzle.solved_by_computer
    assert mine in scene.state.placements  # the solution kept the player's piece
    assert load_records(tmp_path).for_puzzle("tetromino").completions == []
    assert _unfinished("tetromino") == []
    # Nothing counts for the player: no result in the statistics, and Load's finished list says who
    # solved it instead of giving "You" the points.
    writer.flush()
    after = saves.load_statistics().games.get("blokus-puzzles")
    assert _finished_results(after) == before, after
    (done,) = [s for s in saves.list_saves()[0] if s.path == scene.match.save_path]
    assert done.computer_finished and players_line(done) == "You: solved by the computer"
    # Continued from its save, it is still the computer's (the flag is kept in the file).
    assert Match.from_loaded(saves.load_game(done.path)).computer_finished
    # The log says who placed what: the player's own piece is "You placed", Solve's are the computer's.
    app.pop(app.top)
    frames(app, 1)
    # The end in puzzle words: no "Scores" for a solo puzzle; the button opens the result again.
    assert scene.situation().startswith("The computer showed a solution"), scene.situation()
    assert scene.hint_button.label == "Result"
    lines = [line.text for line in scene.log.lines]
    assert lines[0].startswith("You placed the"), lines[0]
    assert len(lines) > 3 and all(line.startswith("The computer placed the") for line in lines[1:]), lines
    i18n.set_language("fr")
    frames(app, 1)
    lines = [line.text for line in scene.log.lines]
    assert lines[0].startswith("Vous avez posé") and lines[1].startswith("L’ordinateur a posé"), lines[:2]


def test_the_hints_ghost_words_and_accepted_move_are_one_placement(
    fresh_app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "tetromino")
    for thread in threading.enumerate():
        if thread.name == "puzzle-warm-up":
            thread.join(60)
    lone = Placement(PuzzlePiece("blue", "I4"), frozenset({(1, 0), (2, 0), (3, 0), (4, 0)}))
    drag_piece(app, scene, lone)
    assert scene.state.placements == (lone,)
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.advice is not None, limit=2000)
    advice = scene.advice
    assert advice is not None and advice.kind == "place" and advice.placement is not None
    hinted = advice.placement
    # The ghost: the translucent cells drawn over the board are the hinted piece's squares, in its colour.
    ghosts: list[tuple[frozenset[tuple[int, int]], Any]] = []
    real_draw_cells = puzzle_scene.draw_cells

    def spy(surface: Any, cell_rect: Any, cells: Any, colour: Any, *args: Any, **kwargs: Any) -> None:
        if kwargs.get("alpha") is not None:
            ghosts.append((frozenset(cells), colour))
        real_draw_cells(surface, cell_rect, cells, colour, *args, **kwargs)

    move(app, (2, 2))  # the pointer off the tray: no piece is hovered
    monkeypatch.setattr(puzzle_scene, "draw_cells", spy)
    frames(app, 1)
    assert ghosts == [(hinted.cells, PIECE_COLOURS[hinted.piece.colour])]
    # The tray frames that piece's slot (in ink), and no other.
    slot = scene.tray.slot_rect(hinted.piece)
    assert slot is not None and tuple(app.screen.get_at((slot.left, slot.centery)))[:3] == theme.INK
    assert all(
        tuple(app.screen.get_at((rect.left, rect.centery)))[:3] != theme.INK
        for piece, rect in scene.tray.slots.items()
        if piece != hinted.piece
    )
    # The words: the status line names that piece and the corners of the box it covers.
    columns = [col for col, _ in hinted.cells]
    rows = [row for _, row in hinted.cells]
    corners = f"{cell_name((min(columns), min(rows)))}–{cell_name((max(columns), max(rows)))}"
    assert hinted.piece.colour in scene.status_message() and hinted.piece.name in scene.status_message()
    assert corners in scene.status_message(), (corners, scene.status_message())
    # The move: Enter plays exactly that placement (the key every game names).
    key(app, pygame.K_RETURN)
    assert scene.state.placements == (lone, hinted)
    # The log tells the hint's move from the player's own ("You placed" alone said it was theirs).
    assert scene.step_words(1, 0).endswith("as the hint showed"), scene.step_words(1, 0)
    assert "hint" not in scene.step_words(0, 0)


def test_a_hint_that_runs_out_of_time_offers_to_keep_looking_and_can_be_stopped(
    fresh_app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "tetromino")
    budgets: list[float] = []

    def slow_hint(state: Any, seconds: float, cancel: threading.Event) -> Hint:
        budgets.append(seconds)
        if len(budgets) == 1:
            return Hint("unknown", f"No way to finish was found in {round(seconds):g} s.", timed_out=True)
        while not cancel.is_set():  # a long search, until the player stops it
            time.sleep(0.005)
        return Hint("unknown", "stopped", timed_out=True)

    monkeypatch.setattr(puzzle_ai, "hint", slow_hint)
    taken = scene.hints  # a puzzle another test left in progress in the session's saves may count some
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.advice is not None, limit=600)
    assert "Keep looking" in scene.message and scene.hint_button.label == "Keep looking"
    assert "cannot be finished" not in scene.message
    click(app, scene.hint_button.rect.center)
    assert wait_until(app, lambda: len(budgets) == 2, limit=600)
    assert budgets[1] > budgets[0]
    # Frames keep coming while it looks; the button now stops the search.
    frames(app, 3)
    assert scene.hint_runner.busy and scene.hint_button.label == "Stop"
    key(app, pygame.K_h)
    assert not scene.hint_runner.busy
    frames(app, 2)
    assert scene.hint_button.label == "Keep looking" and scene.hints == taken  # no answer, no hint counted


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_hint_button_fits_every_label_it_may_show(
    fresh_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    # "Keep looking" overflowed the button laid out for "Play hint" (seen in the window).
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    before = i18n.language()
    i18n.set_language(lang)
    try:
        fresh_app._relayout()
        scene = _open(fresh_app, tmp_path, "pentomino")
        button = scene.hint_button
        assert "Keep looking" in scene.HINT_LABELS and "Stop" in scene.HINT_LABELS
        for label in scene.HINT_LABELS:
            assert button.natural_width(scene.metrics, label) <= button.rect.width, label
    finally:
        i18n.set_language(before)
        fresh_app._relayout()


def test_a_cards_record_line_calls_only_a_solve_without_hints_a_best_time() -> None:
    day = datetime(2026, 11, 26, 15, 0)
    never = PuzzleRecord()
    hinted = PuzzleRecord(completions=[Completion(when=day, seconds=300, hints=2)])
    clean = PuzzleRecord(completions=[Completion(when=day, seconds=192, hints=0)])
    assert card_status(never) == "Not solved yet"
    # The celebration's rule, said the same on the card: a hinted solve sets no best time.
    assert card_status(hinted) == "Solved with 2 hints in 05:00  ·  last solved 26 Nov 2026"
    assert "Best" not in card_status(hinted)
    assert card_status(clean) == "Best time 03:12  ·  last solved 26 Nov 2026"
    # A faster solve with a hint is no better than a clean one; fewer hints beat a faster time.
    later = Completion(when=datetime(2026, 12, 1), seconds=90, hints=1)
    assert (
        card_status(PuzzleRecord(completions=[*clean.completions, later]))
        == "Best time 03:12  ·  last solved 01 Dec 2026"
    )
    one_hint = Completion(when=day, seconds=400, hints=1)
    assert card_status(PuzzleRecord(completions=[*hinted.completions, one_hint])).startswith(
        "Solved with 1 hint in 06:40  ·"
    )
    i18n.set_language("fr")
    try:
        assert "Record" not in card_status(hinted) and card_status(clean).startswith("Record 03:12")
    finally:
        i18n.set_language("en")


def test_a_puzzle_left_before_its_first_move_leaves_no_game_to_continue(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    for puzzle in ("tetromino", "pentomino-hard", "fullboard"):
        _open(app, tmp_path, puzzle)
        key(app, pygame.K_ESCAPE)  # the pause menu
        app.go_home()
        assert _unfinished(puzzle) == [], puzzle
    latest = saves.latest_unfinished()  # other tests' games may be there; no puzzle is
    assert latest is None or latest.game_id != "blokus-puzzles"
    # A move made keeps the game, even once it is taken back (the redo is part of it).
    scene = _open(app, tmp_path, "tetromino")
    drag_piece(app, scene, Placement(PuzzlePiece("red", "I4"), frozenset({(0, 0), (1, 0), (2, 0), (3, 0)})))
    scene.undo()
    app.go_home()
    assert len(_unfinished("tetromino")) == 1


def test_largest_first_greys_out_the_pieces_not_allowed_yet(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "fullboard-hard")
    frames(app, 1)
    # docs/rules/puzzles.md: every pentomino before any tetromino, and so on down to the monomino.
    waiting = {item.key for item in scene.tray.items if item.waiting}
    assert waiting and all(piece.size < 5 for piece in waiting)
    assert {piece.size for piece in waiting} == {1, 2, 3, 4}
    small = PuzzlePiece("blue", "I4")
    slot = scene.tray.slot_rect(small)
    assert slot is not None and scene.tray.item_at(slot.center) is None  # it cannot be picked up
    assert scene.refusal() is None
    click(app, slot.center)
    assert scene.controller.held is None
    # The press says why, by the pointer, in the rule's words (it said nothing).
    said = scene.refusal()
    assert said is not None and "largest first" in said.lower() and "pentominoes" in said, said
    big = PuzzlePiece("blue", "I5")
    slot = scene.tray.slot_rect(big)
    assert slot is not None and scene.tray.item_at(slot.center) == big
    # The plain full board lets every piece be picked.
    app.go_home()
    plain = _open(app, tmp_path, "fullboard")
    assert not any(item.waiting for item in plain.tray.items)


def test_the_colour_tab_shown_is_marked_selected(fresh_app: Any, tmp_path: Path) -> None:
    scene = _open(fresh_app, tmp_path, "pentomino")
    for tab in (2, 0, 3):
        click(fresh_app, scene.tab_buttons[tab].rect.center)
        assert scene.tab == tab
        assert [button.selected for button in scene.tab_buttons] == [index == tab for index in range(4)]


def test_the_log_marks_each_move_in_its_pieces_colour(fresh_app: Any, tmp_path: Path) -> None:
    scene = _open(fresh_app, tmp_path, "tetromino")
    red = Placement(PuzzlePiece("red", "I4"), frozenset({(0, 0), (1, 0), (2, 0), (3, 0)}))
    yellow = Placement(PuzzlePiece("yellow", "O"), frozenset({(0, 1), (1, 1), (0, 2), (1, 2)}))
    drag_piece(fresh_app, scene, red)
    drag_piece(fresh_app, scene, yellow)
    assert scene.step_style(0)[0] == PIECE_COLOURS["red"]
    assert scene.step_style(1)[0] == PIECE_COLOURS["yellow"]
    assert scene.step_style(0)[1] != scene.step_style(1)[1]  # and a shape of its own


def test_the_saved_games_list_names_the_puzzle(fresh_app: Any, tmp_path: Path) -> None:
    from bauhausbox.scenes.load import LoadScene

    app = fresh_app
    scene = _open(app, tmp_path, "pentomino-hard")
    scene.set_tab(3)
    drag_piece(app, scene, Placement(PuzzlePiece("green", "X"), frozenset({(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)})))
    app.go_home()
    load = LoadScene(app)
    app.push(load)
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    # docs/rules/puzzles.md names the six puzzles; the harder pentomino frame keeps colours apart.
    titles = [text.content for text in record.texts if "Blokus puzzles" in text.content]
    assert any("Pentominoes" in title and "colours apart" in title for title in titles), titles


class RecordingPonderer:
    """Stands in for the solver's thinking ahead: records what it is asked to think about, and stops."""

    def __init__(self) -> None:
        self.thoughts: list[tuple[Placement, ...]] = []
        self.stops = 0
        self.thinking = False
        self.found = False

    def think(self, state: Any, seconds: float = 0.0) -> bool:
        self.thoughts.append(state.placements)
        return True

    def stop(self) -> None:
        self.stops += 1


def test_the_screen_thinks_ahead_once_a_position_stays_put_and_stops_for_a_hint_or_on_leaving(
    fresh_app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    app = fresh_app
    monkeypatch.setattr(puzzle_scene, "Ponderer", RecordingPonderer)
    monkeypatch.setattr(puzzle_scene, "PONDER_DELAY", 0.5)
    scene = _open(app, tmp_path, "tetromino")
    ponderer = scene.ponderer
    assert isinstance(ponderer, RecordingPonderer)
    frames(app, 1)
    assert ponderer.thoughts == []  # not at once: the position has to stay put for a moment
    time.sleep(0.55)
    frames(app, 2)
    assert ponderer.thoughts == [()]  # the opened puzzle, once
    lone = Placement(PuzzlePiece("blue", "I4"), frozenset({(1, 0), (2, 0), (3, 0), (4, 0)}))
    stops = ponderer.stops
    drag_piece(app, scene, lone)
    assert ponderer.stops > stops  # the thought about the old position stops with the move
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    time.sleep(0.55)
    frames(app, 2)
    assert ponderer.thoughts == [(), (lone,)]  # a burst of moves (place, undo, redo): one thought, the last position
    stops = ponderer.stops
    key(app, pygame.K_h)
    assert ponderer.stops > stops  # the hint has both cores (and first reads what the thought found)
    assert wait_until(app, lambda: scene.advice is not None, limit=2000)
    stops = ponderer.stops
    app.go_home()
    assert ponderer.stops > stops


def test_a_way_found_while_thinking_after_a_timed_out_hint_is_announced(
    fresh_app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    app = fresh_app
    monkeypatch.setattr(puzzle_scene, "Ponderer", RecordingPonderer)
    scene = _open(app, tmp_path, "tetromino")
    ponderer = scene.ponderer
    assert isinstance(ponderer, RecordingPonderer)
    budgets: list[float] = []

    def timed_out(state: Any, seconds: float, cancel: threading.Event) -> Hint:
        budgets.append(seconds)
        return Hint("unknown", f"No way to finish was found in {round(seconds):g} s.", timed_out=True)

    monkeypatch.setattr(puzzle_ai, "hint", timed_out)
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.advice is not None, limit=600)
    frames(app, 2)
    assert scene.hint_button.label == "Keep looking"
    assert "found meanwhile" not in scene.message  # nothing found yet: nothing said
    ponderer.found = True  # the thought that goes on finds a way
    frames(app, 1)
    assert "A way to finish has been found meanwhile" in scene.message
    assert scene.hint_button.label == "Hint"
    key(app, pygame.K_h)  # a plain hint again (answered from memory in the app), not a longer search
    assert wait_until(app, lambda: len(budgets) == 2, limit=600)
    assert all(puzzle_scene.HINT_SECONDS - 0.5 < budget <= puzzle_scene.HINT_SECONDS for budget in budgets)


def test_the_status_line_never_runs_under_the_move_count_in_french_at_1024(
    fresh_app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    from tests.ui.helpers import window_size

    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language("fr")
    with window_size(fresh_app, (1024, 640)):
        scene = _open(fresh_app, tmp_path, "pentomino-hard")
        frames(fresh_app, 2)
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        inside = [text for text in record.texts if scene.status_rect.contains(text.rect)]
        assert len(inside) == 2, [text.content for text in inside]  # the controls, and "coup 0 · sauvegardé"
        left, right = sorted(inside, key=lambda text: text.rect.left)
        assert "indice" in left.content and "sauvegardé" in right.content
        assert left.rect.right < right.rect.left, (tuple(left.rect), tuple(right.rect))


def test_a_puzzle_gives_no_turn_count_on_the_table_in_the_pause_menu_or_on_load(fresh_app: Any, tmp_path: Path) -> None:
    """Each piece placed or lifted is a move, not a turn: the footer said "turn 1" all along, Load "1 turn"."""
    from bauhausbox.persistence import writer

    scene = _open(fresh_app, tmp_path, "tetromino-hard")
    drag_piece(fresh_app, scene, Placement(PuzzlePiece("blue", "O"), frozenset({(0, 0), (1, 0), (0, 1), (1, 1)})))
    assert len(scene.state.placements) == 1
    assert scene._move_count()[0] == "saved"
    scene.open_pause()
    assert "turn" not in fresh_app.top.subtitle()  # the puzzle's title alone
    fresh_app.pop()
    writer.flush()
    (saved,) = _unfinished("tetromino-hard")
    assert saved.turns is None  # Load then says no turns


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1024, 700), (1280, 800), (1920, 1080)])
def test_every_card_shows_its_goal_and_a_thumbnail_apart(
    fresh_app: Any, tmp_path: Path, monkeypatch: Any, size: tuple[int, int], language: str
) -> None:
    # French at 1024 once drew the full board's harder card with no thumbnail, or one over its text.
    from tests.ui.helpers import window_size

    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language(language)
    with window_size(fresh_app, size):
        menu = fresh_app.push(PuzzleMenuScene(fresh_app, directory=tmp_path))
        frames(fresh_app, 1)
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        for puzzle, card in menu.cards.items():
            thumbnail = menu.previews[puzzle]
            assert thumbnail.height >= 60 and card.contains(thumbnail), (puzzle, thumbnail, card)
            texts = [text for text in record.texts if card.contains(text.rect)]
            assert len(texts) >= 3, (puzzle, [text.content for text in texts])  # name, goal, record line
            border = thumbnail.inflate(4, 4)  # the frame drawn round it
            touching = [text.content for text in texts if text.rect.colliderect(border)]
            assert not touching, (puzzle, touching)
        # One layout for every card: each thumbnail stands at the same place across its card, under
        # the goal on all of them or beside it on all (French at 1280 put card 2's beside, the rest under).
        across = {
            puzzle: (menu.previews[puzzle].centerx - card.left) / card.width for puzzle, card in menu.cards.items()
        }
        assert max(across.values()) - min(across.values()) < 0.08, across


def test_the_puzzle_menu_opens_the_how_to_pages(fresh_app: Any, tmp_path: Path) -> None:
    menu = fresh_app.push(PuzzleMenuScene(fresh_app, directory=tmp_path))
    frames(fresh_app, 1)
    click(fresh_app, menu.help_button.rect.center)
    assert isinstance(fresh_app.top, HowToScene) and fresh_app.top.pages[0].title == "Six puzzles"
    fresh_app.pop(fresh_app.top)
    key(fresh_app, pygame.K_F1)
    assert isinstance(fresh_app.top, HowToScene)


def _colour_pixels(app: Any, rect: pygame.Rect, colour: theme.Colour) -> int:
    area = app.screen.subsurface(rect)
    return int(pygame.mask.from_threshold(area, colour, (1, 1, 1, 255)).count())


def test_the_top_bar_shows_the_clock_with_no_seat_marker(fresh_app: Any, tmp_path: Path) -> None:
    # One seat plays every colour: a coloured dot beside the clock meant nothing (it followed the
    # last piece picked). No piece colour appears in the bar, whatever the tab or the piece in hand.
    scene = _open(fresh_app, tmp_path, "fullboard")
    m = scene.metrics
    # Right of the poster mark (its blue circle ends near u(11)), left of the buttons: the title (ink) and the clock.
    bar = pygame.Rect(m.u(12), scene.top_rect.top, scene.undo_button.rect.left - m.u(12), scene.top_rect.height)
    slot = scene.tray.slot_rect(PuzzlePiece("blue", "1"))
    assert slot is not None
    for tab in (0, 2, 3):
        click(fresh_app, scene.tab_buttons[tab].rect.center)
        frames(fresh_app, 1)
        assert all(_colour_pixels(fresh_app, bar, colour) == 0 for colour in PIECE_COLOURS.values()), tab
    click(fresh_app, scene.tab_buttons[0].rect.center)
    click(fresh_app, slot.center)
    frames(fresh_app, 1)
    assert scene.controller.held is not None
    assert all(_colour_pixels(fresh_app, bar, colour) == 0 for colour in PIECE_COLOURS.values())


class _Finished:
    """Stands in for the puzzle screen under the celebration."""

    def __init__(self, solved: bool, by_computer: bool) -> None:
        self.spec = new_puzzle("tetromino").spec
        self.solved, self.solved_by_computer = solved, by_computer
        self.seconds, self.hints = 61.0, 0

    def restart(self) -> None:
        pass

    def undo(self) -> None:
        pass


@pytest.mark.parametrize(
    ("solved", "by_computer", "celebrated"), [(True, False, True), (True, True, False), (False, False, False)]
)
def test_only_the_players_own_solve_rains_confetti(
    fresh_app: Any, solved: bool, by_computer: bool, celebrated: bool
) -> None:
    speed = fresh_app.settings.animation_speed
    fresh_app.settings.animation_speed = "normal"
    try:
        done = fresh_app.push(PuzzleCompleteScene(fresh_app, _Finished(solved, by_computer)))
        frames(fresh_app, 3)
        above = pygame.Rect(0, 0, fresh_app.screen.get_width(), done.panel.top)
        squares = sum(_colour_pixels(fresh_app, above, colour) for colour in (theme.GREEN, theme.RED))
        assert (squares > 0) == celebrated, squares
    finally:
        fresh_app.settings.animation_speed = speed


def test_the_clock_keeps_its_size_once_hints_are_taken(fresh_app: Any, tmp_path: Path, monkeypatch: Any) -> None:
    from tests.ui.helpers import redraw_everything, window_size

    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language("fr")
    with window_size(fresh_app, (1024, 640)):
        scene = _open(fresh_app, tmp_path, "pentomino-hard")

        def drawn() -> list[layout_probe.TextDraw]:
            redraw_everything(fresh_app)
            with layout_probe.recording(fresh_app.screen.get_size()) as record:
                frames(fresh_app, 1)
            return record.texts

        (clock,) = [text for text in drawn() if scene.top_rect.contains(text.rect) and ":" in text.content]
        scene.match.hints_taken = 4
        texts = drawn()
        (after,) = [text for text in texts if scene.top_rect.contains(text.rect) and ":" in text.content]
        assert after.size == clock.size, (clock, after)
        # The count is said in the panel instead.
        assert any("4 INDICES" in text.content and scene.panel_rect.contains(text.rect) for text in texts)


_CORNER_V5 = "blue V5 a18,a19,a20,b18,c18"  # one corner piece no stored board holds (the review's position)


def test_solve_on_the_full_board_keeps_the_players_pieces_and_its_whole_time() -> None:
    # Pieces stay put on the full board: a solution from an empty board could never be shown there,
    # so the whole budget goes to the player's position, and running out of it proves nothing.
    state = PuzzleState("fullboard-hard", (parse_placement(_CORNER_V5),))
    budget = Budget(0.4)
    result = puzzle_ai.SolutionFinder().choose(PUZZLE_GAME, state, 0, budget)
    assert result.status != "none"
    assert result.status == "timeout" or parse_placement(_CORNER_V5) in result.placements
    assert budget.remaining() < 0.05, "the whole budget was spent on the player's board"


def test_a_solve_that_runs_out_of_time_says_so_in_a_dialog_and_offers_to_look_longer(
    fresh_app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "fullboard-hard")
    drag_piece(app, scene, parse_placement(_CORNER_V5))
    budgets: list[float] = []
    answers = ["timeout", "none"]

    def no_solution(state: Any, seconds: float, cancel: threading.Event) -> SearchResult:
        budgets.append(seconds)
        return SearchResult(answers[len(budgets) - 1])  # type: ignore[arg-type]

    monkeypatch.setattr(puzzle_ai, "solve", no_solution)
    taken = scene.hints
    click(app, scene.solve_button.rect.center)
    answer_solve_question(app)
    assert wait_until(app, lambda: isinstance(app.top, DialogScene), limit=600)
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    # Out of time is not "no solution": it says so, stays until closed, and offers a longer search.
    assert dialog.title == "None found in the time" and "does not mean there is none" in dialog.message
    assert "take some back" not in dialog.message and "30 s" in dialog.message
    frames(app, 30)
    assert app.top is dialog
    click(app, dialog.buttons[0].rect.center)  # Keep looking
    assert wait_until(app, lambda: len(budgets) == 2 and isinstance(app.top, DialogScene), limit=600)
    assert budgets[1] > 4 * budgets[0]
    # Only a search that proved it says there is none.
    assert app.top.title == "No solution" and "take some back" in app.top.message
    click(app, app.top.buttons[0].rect.center)
    assert app.top is scene and scene.state.placements == (parse_placement(_CORNER_V5),)
    assert scene.hints == taken and not scene.solved_by_computer  # failed Solves are no hints


def test_a_solve_is_not_counted_as_a_hint(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "tetromino")
    click(app, scene.solve_button.rect.center)
    answer_solve_question(app)
    assert wait_until(app, lambda: isinstance(app.top, PuzzleCompleteScene), limit=3000)
    assert app.top.puzzle.solved_by_computer and scene.hints == 0


def test_h_stops_a_solve_that_is_looking(fresh_app: Any, tmp_path: Path, monkeypatch: Any) -> None:
    app = fresh_app
    scene = _open(app, tmp_path, "fullboard-hard")

    def endless(state: Any, seconds: float, cancel: threading.Event) -> SearchResult:
        while not cancel.is_set():
            time.sleep(0.005)
        return SearchResult("timeout")

    monkeypatch.setattr(puzzle_ai, "solve", endless)
    click(app, scene.solve_button.rect.center)
    answer_solve_question(app)
    frames(app, 3)
    assert scene.hint_runner.busy and scene.hint_button.label == "Stop"
    key(app, pygame.K_h)
    assert not scene.hint_runner.busy
    frames(app, 3)
    assert app.top is scene and not scene.solving


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_tool_buttons_words_are_one_size(fresh_app: Any, tmp_path: Path, monkeypatch: Any, lang: str) -> None:
    # TOURNER and RETOURNER were drawn smaller than RÉSOUDRE beside them: every word the row's buttons
    # draw, at the size it is drawn.
    from bauhausbox.ui import draw

    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    drawn: dict[str, set[int]] = {}
    render = draw.render_text

    def recorded(text: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.setdefault(text, set()).add(size)
        return render(text, size, *args, **kwargs)

    monkeypatch.setattr(draw, "render_text", recorded)
    i18n.set_language(lang)
    try:
        fresh_app._relayout()
        scene = _open(fresh_app, tmp_path, "tetromino")
        frames(fresh_app, 2)
        row = [scene.rotate_button, scene.flip_button, scene.solve_button]
        sizes = {button.label: drawn.get(i18n._(button.label).upper(), set()) for button in row}
        assert all(len(found) == 1 for found in sizes.values()), sizes
        assert len(set().union(*sizes.values())) == 1, sizes
    finally:
        i18n.set_language("en")
        fresh_app._relayout()


def _no_puzzles_in_progress() -> None:
    """No puzzle saved in progress by an earlier test (its card would show its pieces)."""
    for path in paths.saves_dir().glob("blokus-puzzles-*.json"):
        path.unlink()


def test_a_thumbnail_shows_pieces_only_for_a_puzzle_in_progress_and_marks_it(fresh_app: Any, tmp_path: Path) -> None:
    # The frames' thumbnails showed sample pieces on unsolved puzzles (read as saved progress).
    app = fresh_app
    _no_puzzles_in_progress()
    scene = _open(app, tmp_path, "tetromino")
    mine = Placement(PuzzlePiece("red", "I4"), frozenset({(0, 0), (1, 0), (2, 0), (3, 0)}))
    drag_piece(app, scene, mine)
    frames(app, 2)
    app.go_home()
    menu = app.push(PuzzleMenuScene(app, directory=tmp_path))
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    for puzzle, thumbnail in menu.previews.items():
        inked = {name: _colour_pixels(app, thumbnail, colour) for name, colour in PIECE_COLOURS.items()}
        frame = thumbnail.inflate(4, 4)
        red_frame = all(
            app.screen.get_at(point)[:3] == theme.RED[:3]
            for point in (frame.topleft, (frame.centerx, frame.bottom - 1))
        )
        card_texts = [text.content for text in record.texts if menu.cards[puzzle].contains(text.rect)]
        if puzzle == "tetromino":
            assert inked["red"] > 20 and red_frame, inked
            assert any(text.startswith("In progress") for text in card_texts), card_texts
        else:
            # The full board's start corners are its only colour; the frames are empty.
            corners_only = all(count <= (thumbnail.width // 20 + 1) ** 2 for count in inked.values())
            assert corners_only if puzzle.startswith("fullboard") else not any(inked.values()), (puzzle, inked)
            assert not red_frame and not any(text.startswith("In progress") for text in card_texts), puzzle


def test_a_held_piece_never_covers_the_panels_words(fresh_app: Any, tmp_path: Path) -> None:
    # Held near the board's top edge, the piece was drawn over "Tetrominoes / PIECES LEFT".
    app = fresh_app
    scene = _open(app, tmp_path, "tetromino")
    header = pygame.Rect(scene.panel_rect.left, scene.panel_rect.top, scene.panel_rect.width, 0)
    header.height = scene.tray_rect.top - header.top
    blue = PIECE_COLOURS["blue"]
    assert _colour_pixels(app, header, blue) == 0
    free = scene.tray_rect.inflate(-8, -8)
    corner = pygame.Rect(free.right - 40, free.bottom - 40, 40, 40)  # the tray's last slot is empty
    frames(app, 1)
    empty_corner = _colour_pixels(app, corner, blue)
    slot = scene.tray.slot_rect(PuzzlePiece("blue", "I4"))
    assert slot is not None
    click(app, slot.center)
    assert scene.controller.held is not None
    for spot in (header.center, (header.left + 10, header.top + 10), (scene.board.rect.right + 4, header.centery)):
        move(app, spot)
        assert _colour_pixels(app, header, blue) == 0, spot
    # Over the tray it still floats under the pointer.
    move(app, corner.center)
    assert _colour_pixels(app, corner, blue) > empty_corner + 50


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1920, 1080)])
def test_the_first_how_to_pictures_names_stand_on_one_line(fresh_app: Any, size: tuple[int, int]) -> None:
    # "Full board", "Tetrominoes" and "Pentominoes" stood each under its own board, at three heights.
    metrics = theme.Metrics(*size)
    page = puzzle_menu.how_to_pages()[0]
    assert page.diagram is not None
    surface = pygame.Surface(size)
    area = pygame.Rect(metrics.u(4), metrics.u(30), size[0] - metrics.u(8), size[1] // 3)
    with layout_probe.recording(size) as record:
        page.diagram(surface, area, metrics)
    names = [text for text in record.texts if text.content in ("Full board", "Tetrominoes", "Pentominoes")]
    assert len(names) == 3, [text.content for text in record.texts]
    assert len({text.rect.top for text in names}) == 1, [(text.content, text.rect.top) for text in names]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1024, 700), (1280, 800), (1920, 1080)])
def test_a_cards_words_stay_inside_it_and_apart_with_records_and_progress(
    fresh_app: Any, tmp_path: Path, monkeypatch: Any, size: tuple[int, int], language: str
) -> None:
    # French at 1024: "Résolu avec 17 indices en 01:39 · le 27 nov. 2026" ran past the card, and the
    # harder full board's goal ran into its "In progress" line.
    from bauhausbox.games.blokus.puzzles.records.best_times import PuzzleRecords, save_records
    from tests.ui.helpers import window_size

    day = datetime(2026, 11, 27, 10, 0)
    records = PuzzleRecords()
    for puzzle, hints in (("tetromino", 17), ("pentomino-hard", 0), ("fullboard-hard", 12)):
        records = records.with_completion(puzzle, 3599, day, hints)
    save_records(tmp_path, records)
    _no_puzzles_in_progress()
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language(language)
    try:
        with window_size(fresh_app, size):
            scene = _open(fresh_app, tmp_path, "fullboard-hard")
            slot = scene.tray.slot_rect(PuzzlePiece("blue", "V5"))
            assert slot is not None
            click(fresh_app, slot.center)
            click(fresh_app, scene.board.cell_rect(start_corner("blue")).center)  # snaps onto the corner
            assert scene.state.placements
            frames(fresh_app, 2)
            fresh_app.go_home()
            menu = fresh_app.push(PuzzleMenuScene(fresh_app, directory=tmp_path))
            frames(fresh_app, 1)
            with layout_probe.recording(fresh_app.screen.get_size()) as record:
                frames(fresh_app, 1)
            for puzzle, card in menu.cards.items():
                mine = [text for text in record.texts if card.collidepoint(text.rect.topleft)]
                outside = [text.content for text in mine if not card.contains(text.rect)]
                assert outside == [], (puzzle, outside)
                clash = [
                    (a.content, b.content)
                    for i, a in enumerate(mine)
                    for b in mine[i + 1 :]
                    if a.rect.colliderect(b.rect)
                ]
                assert clash == [], (puzzle, clash)
                if puzzle == "fullboard-hard":
                    assert any(text.content.startswith(("In progress", "En cours")) for text in mine)
    finally:
        i18n.set_language("en")
