"""The analysis in the replay viewer and from the game-over table: A shows the graph under the board
and starts it, a click on the graph jumps there, a turning point shows the better move in words,
Stop and closing the viewer stop the search."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox.games.blokus import analysis
from bauhausbox.games.blokus.screen.analysis_view import BlokusAnalysisView
from bauhausbox.games.blokus.screen.scene import BlokusScene
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.scenes.replay import ReplayScene
from tests.ui.helpers import click, frames, key, seeded_game, wait_until


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "DEFAULT_WORK", 800)  # the tests run the searches on a thread here


def _view(scene: ReplayScene) -> BlokusAnalysisView:
    assert isinstance(scene.analysis, BlokusAnalysisView)
    return scene.analysis


def test_the_graph_comes_under_the_board_and_a_click_on_it_jumps_there(fresh_app: Any, quick: None) -> None:
    app = fresh_app
    match = seeded_game("blokus", 2, seed=5)
    scene = ReplayScene.of_match(app, match)
    app.push(scene)
    frames(app, 1)
    view = _view(scene)
    board_height = scene.board_rect.height
    assert not view.shown and view.analysis is None
    key(app, pygame.K_a)
    frames(app, 1)
    assert view.shown and scene.board_rect.height < board_height  # the strip took the bottom of the board's room
    assert view.graph.rect.top >= scene.board_rect.bottom and view.graph.rect.width > 0
    work = view.analysis
    assert work is not None
    assert wait_until(app, lambda: work.finished, limit=6000)
    frames(app, 1)
    assert 1 <= len(view.points) <= 3
    # A click on the graph over a position's column shows that position.
    target = scene.moves // 2
    click(app, (view.graph.x_of(target), view.graph.plot.centery))
    assert scene.position == target
    # At a turning point the sentence names the better move and both chances.
    point = view.points[0]
    scene.go_to(point.position, pause=True)
    sentence = view.sentence(point.position)
    assert sentence.startswith("Turning point 1") and f"{round(100 * point.before)}%" in sentence
    assert f"{round(100 * point.after)}%" in sentence
    # A again hides the graph and gives the board its room back.
    key(app, pygame.K_a)
    frames(app, 2)
    assert not view.shown and scene.board_rect.height == board_height
    key(app, pygame.K_ESCAPE)


def test_stop_and_closing_the_viewer_stop_the_analysis(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "DEFAULT_WORK", 1 << 40)  # it would never end by itself
    app = fresh_app
    scene = ReplayScene.of_match(app, seeded_game("blokus", 2, seed=6))
    app.push(scene)
    frames(app, 1)
    view = _view(scene)
    key(app, pygame.K_a)
    frames(app, 2)
    work = view.analysis
    assert work is not None and work.running
    click(app, view.stop_button.rect.center)
    assert not work.running and not work.finished
    frames(app, 1)
    assert view.stop_button.label == "Resume"
    click(app, view.stop_button.rect.center)
    assert work.running
    key(app, pygame.K_ESCAPE)  # closing the viewer stops it
    assert app.top is not scene and not work.running


def test_the_game_over_table_opens_the_analysed_replay_at_the_end(fresh_app: Any, quick: None) -> None:
    app = fresh_app
    match = seeded_game("blokus", 2, seed=7)
    table = GameOverScene(app, BlokusScene(app, match))  # the game's screen under its final table
    app.push(table)
    frames(app, 1)
    assert table.analyse_button.visible
    click(app, table.analyse_button.rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.position == replay.moves
    assert _view(replay).shown and _view(replay).analysis is not None
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_a_finished_analysis_shows_again_when_the_viewer_is_opened_again(fresh_app: Any, quick: None) -> None:
    app = fresh_app
    match = seeded_game("blokus", 2, seed=5)
    scene = ReplayScene.of_match(app, match)
    app.push(scene)
    frames(app, 1)
    key(app, pygame.K_a)
    work = _view(scene).analysis
    assert work is not None and wait_until(app, lambda: work.finished, limit=6000)
    frames(app, 1)
    points = list(_view(scene).points)
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene
    # Opened again on the same game: the strip is there with the same analysis, nothing to search.
    again = ReplayScene.of_match(app, match)
    app.push(again)
    frames(app, 2)
    view = _view(again)
    assert view.shown and view.analysis is work and work.finished and not work.running
    assert view.points == points and again.board_rect.height < scene.board_rect.height + 1
    key(app, pygame.K_ESCAPE)
    # Another game opens with no analysis.
    other = ReplayScene.of_match(app, seeded_game("blokus", 2, seed=6))
    app.push(other)
    frames(app, 1)
    assert not _view(other).shown and _view(other).analysis is None
    key(app, pygame.K_ESCAPE)


def test_the_lines_pass_every_position_and_two_players_add_up_to_all(app: Any) -> None:
    """Each line takes its seat's chance at every position from that position's one estimate, so two
    players' lines mirror each other (a seat's own turns only set 65 % against 45 % at one stage);
    the progress counts the moves to analyse as the replay's list does, not the positions."""
    match = seeded_game("blokus", 2, seed=5)
    history = match.history
    view = BlokusAnalysisView(history, ["Anni", "Josef"], lambda *_args: None)
    work = analysis.Analysis(view.states)
    moves = len(view.moves)
    for position, state in enumerate(view.states[:5]):
        mine = 0.2 + 0.1 * position  # made up: the mover's and the other's chances from one search
        chances = (mine, 1 - mine) if state.to_play in (0, None) else (1 - mine, mine)
        work.estimates[position] = analysis.Estimate(position, state.to_play, chances, None, 1, 1)
    view.analysis = work
    lines = view.lines()
    assert len(lines) == 2
    first, second = (dict(line.points) for line in lines)
    for position in range(5):
        assert first[position] is not None and second[position] is not None, position
        assert abs(first[position] + second[position] - 1) < 1e-9, position
    assert set(first) == set(range(len(view.states)))  # a point (or a gap) at every position
    assert view.progress_words(work) == f"Stopped at 5 of {moves} moves"


def test_turning_point_marks_of_neighbouring_moves_stand_apart(app: Any) -> None:
    """At 1024 x 700 a move is a few pixels of the graph: marks 1 and 2 of neighbouring moves overlapped."""
    from bauhausbox.ui.chance_graph import ChanceGraph, GraphMark
    from bauhausbox.ui.theme import Metrics

    metrics = Metrics(1024, 640)
    graph = ChanceGraph()
    graph.layout(pygame.Rect(0, 0, 600, 90), metrics, 60)
    surface = pygame.Surface((600, 90))
    marks = [GraphMark(20, 0.5, "1"), GraphMark(21, 0.55, "2"), GraphMark(22, 0.5, "3")]
    graph.draw(surface, metrics, [], 0, marks)
    boxes = graph.mark_boxes
    assert len(boxes) == 3
    for index, box in enumerate(boxes):
        assert not any(box.colliderect(other) for other in boxes[index + 1 :]), boxes


def test_on_a_short_window_the_board_keeps_usable_squares_beside_the_analysis(app: Any, monkeypatch: Any) -> None:
    """At 1024 x 640 the strip and a tray sized for picking left the board 15-px squares."""
    from tests.ui.helpers import window_size

    monkeypatch.setattr(BlokusAnalysisView, "toggle", lambda self: setattr(self, "visible", True))  # no search
    with window_size(app, (1024, 640)):
        app.go_home()
        scene = ReplayScene.of_match(app, seeded_game("blokus", 2, seed=5))
        app.push(scene)
        frames(app, 1)
        key(app, pygame.K_a)
        frames(app, 1)
        view = _view(scene)
        assert view.shown and view.graph.plot.height >= 40  # the graph stays readable
        assert isinstance(scene.board, BlokusScene)
        assert scene.board.board.cell_px >= 17, scene.board.board.cell_px
