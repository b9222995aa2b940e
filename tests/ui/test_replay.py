"""The replay viewer: stepping, jumping, autoplay, what it reveals, and the ways to open it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame
import pytest

from bauhausbox import games
from bauhausbox.engine.history import History
from bauhausbox.engine.rng import Rng
from bauhausbox.match import Match
from bauhausbox.persistence import paths, saves
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.scenes.load import LoadScene
from bauhausbox.scenes.replay import AUTOPLAY_SECONDS, ReplayScene
from tests.ui.helpers import click, frames, key, open_game, seeded_game, wait_until


def _open(app: Any, match: Match) -> ReplayScene:
    scene = ReplayScene.of_match(app, match)
    app.push(scene)
    frames(app, 1)
    return scene


def _shows(scene: ReplayScene, match: Match, position: int) -> bool:
    return scene.position == position and scene.board.match.state is match.history.states[position]


def test_stepping_jumping_and_autoplay_reach_the_right_positions(fresh_app: Any) -> None:
    app = fresh_app
    match = seeded_game("blokus", 4, seed=11)
    moves = len(match.history.steps)
    scene = _open(app, match)
    assert scene.moves == moves and _shows(scene, match, 0)  # a replay starts at the start
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert _shows(scene, match, 3)
    key(app, pygame.K_LEFT)
    assert _shows(scene, match, 2)
    click(app, scene.forward_button.rect.center)
    assert _shows(scene, match, 3)
    click(app, scene.back_button.rect.center)
    assert _shows(scene, match, 2)
    # A click on a move's line in the log shows the position after that move.
    click(app, scene.row_rect(scene.rows[6]).center)
    assert _shows(scene, match, 6)
    key(app, pygame.K_END)
    assert _shows(scene, match, moves)
    key(app, pygame.K_RIGHT)  # nothing after the end
    assert _shows(scene, match, moves)
    # The log follows the position: the last move's line is in view and can be clicked.
    click(app, scene.row_rect(scene.rows[moves - 1]).center)
    assert _shows(scene, match, moves - 1)
    key(app, pygame.K_HOME)
    assert _shows(scene, match, 0)
    # Autoplay: one move per pause, until paused; Space at the end starts again from the start.
    key(app, pygame.K_SPACE)
    app.frame([], AUTOPLAY_SECONDS)
    assert _shows(scene, match, 1)
    app.frame([], AUTOPLAY_SECONDS)
    assert _shows(scene, match, 2)
    click(app, scene.play_button.rect.center)  # pause
    app.frame([], AUTOPLAY_SECONDS)
    assert _shows(scene, match, 2) and not scene.playing
    key(app, pygame.K_END)
    key(app, pygame.K_SPACE)
    assert _shows(scene, match, 0) and scene.playing
    scene.go_to(moves - 1)
    app.frame([], AUTOPLAY_SECONDS)
    app.frame([], AUTOPLAY_SECONDS)
    assert _shows(scene, match, moves) and not scene.playing  # it stops at the end
    # Everything is revealed in a finished game, and the game's own history never moved.
    assert scene.board.view is match.history.states[moves]
    assert match.history.cursor == moves
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


def _render(app: Any, scene: ReplayScene) -> bytes:
    app.reset_to(scene)
    frames(app, 1)
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize(("game_id", "players", "position"), [("buizen", 3, 14), ("bits", 3, 8)])
def test_an_unfinished_game_shows_only_what_the_first_human_saw(
    fresh_app: Any, game_id: str, players: int, position: int
) -> None:
    app = fresh_app
    match = seeded_game(game_id, players, seed=4, stop_after=position)
    game = match.game
    real = match.history.state
    scene = ReplayScene.of_match(app, match)
    scene.go_to(position)
    assert "Anni" in scene.seen_as()
    assert scene.board.view == game.view(real, 0)
    seen = _render(app, scene)
    # A position Anni cannot tell from the real one, every secret drawn again: the same picture.
    other = game.determinize(real, 0, Rng.from_seed(99))
    assert other != real and game.view(other, 0) == game.view(real, 0)
    history: History[Any] = History(game, match.history.states[0])
    history.states = [*match.history.states[:-1], other]
    history.steps = list(match.history.steps)
    history.cursor = position
    twin = ReplayScene(app, match.setup, history)
    twin.go_to(position)
    assert _render(app, twin) == seen


def test_review_the_game_from_the_game_over_table(fresh_app: Any) -> None:
    app = fresh_app
    scene = open_game(app, "bits", 2, seats=["human", "ai:easy"], seed=3)
    scene.runner.cancel()
    for _ in range(5000):
        if scene.match.over:
            break
        seat = scene.match.to_play
        scene.match.play(scene.game.legal_moves(scene.match.state, seat)[0], seat)
    assert wait_until(app, lambda: isinstance(app.top, GameOverScene), 400)
    table = app.top
    cursor = scene.match.history.cursor
    click(app, table.review_button.rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.moves == cursor and replay.seat is None
    key(app, pygame.K_RIGHT)
    assert scene.match.history.cursor == cursor  # the game itself did not move
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_finished_games_open_the_replay_from_their_load_tab(fresh_app: Any) -> None:
    app = fresh_app
    path = paths.saves_dir() / "blokus-finished-for-load.json"
    match = seeded_game("blokus", 2, seed=9, save_path=path)
    unfinished = seeded_game("bits", 2, seed=9, stop_after=4, save_path=paths.saves_dir() / "bits-open.json")
    assert match.over and not unfinished.over
    app.push(LoadScene(app))
    frames(app, 1)
    load = app.top
    assert isinstance(load, LoadScene)
    assert path not in [s.path for s in load.summaries]  # in progress first: finished games have their tab
    click(app, load.finished_tab_button.rect.center)
    assert all(s.finished for s in load.summaries)
    index = [s.path for s in load.summaries].index(path)
    summary = load.summaries[index]
    assert summary.scores == tuple(match.game.scores(match.state))
    load.turn(index // len(load.row_buttons))
    click(app, load.row_buttons[index % len(load.row_buttons)][0].rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.moves == len(match.history.steps)
    key(app, pygame.K_ESCAPE)
    assert app.top is load
    saves_now = {s.path for s in saves.list_saves()[0]}
    assert path in saves_now  # looking at a replay changes no file
    path.unlink()
    (paths.saves_dir() / "bits-open.json").unlink()


def test_the_log_is_in_words_for_every_game(fresh_app: Any) -> None:
    for game_id, players in (("bauhaus", 3), ("buizen", 2)):
        match = seeded_game(game_id, players, seed=2)
        scene = ReplayScene.of_match(fresh_app, match)
        names = [seat.name for seat in match.setup.seats]
        history = match.history
        expected = []
        for i, step in enumerate(history.steps):
            before = history.states[i]
            expected.append((i, games.describe_move(game_id, before, step.move, mover=step.seat, names=names)))
            # What the rules brought about on their own (a Buizen network closed) follows its move.
            if outcome := history.game.describe_outcome(before, step.move, mover=step.seat, names=names):
                expected.append((i, outcome))
        assert scene.lines == expected
        if game_id == "buizen":  # the seeded game closes networks: their entries are in the list
            assert len(scene.lines) > len(history.steps)


LIVE_PLAY_WORDS = ("thinking", "H hint", "point at", "drag", "Drag", "click", "Click", "to decide", "Your turn")


@pytest.mark.parametrize("game_id", [g for g in games.GAME_IDS if g != "blokus-puzzles"])
def test_the_replay_never_speaks_of_live_play(fresh_app: Any, game_id: str) -> None:
    """A replay shows positions: nobody thinks, points or drags in it, at any step."""
    from bauhausbox.ui import layout_probe

    match = seeded_game(game_id, games.load(game_id).info.default_players, seed=4)
    scene = _open(fresh_app, match)
    for position in (0, len(match.history.steps) // 2, len(match.history.steps) - 1):
        scene.go_to(position)
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        said = [
            t.content
            for t in record.texts
            if any(word in t.content for word in LIVE_PLAY_WORDS) and not scene.status_rect.contains(t.rect)
        ]
        assert not said, f"{game_id} at step {position}: {said}"


@pytest.mark.parametrize("game_id", ["blokus", "bauhaus"])
def test_the_move_shown_is_marked_on_the_board_with_its_number(fresh_app: Any, game_id: str) -> None:
    from bauhausbox.ui import layout_probe

    app = fresh_app
    match = seeded_game(game_id, 2, seed=5)
    scene = _open(app, match)

    def numbers_on_board() -> list[str]:
        with layout_probe.recording(app.screen.get_size()) as record:
            frames(app, 1)
        return [t.content for t in record.texts if scene.board_rect.contains(t.rect) and t.content.isdigit()]

    labels = Counter(numbers_on_board())  # the start: no move yet, only the board's own labels
    # The first move from the third on that leaves something on the board (a Bauhaus card choice does not).
    shown = next(n for n in range(3, scene.moves) if getattr(match.history.steps[n - 1].move, "squares", True))
    for _ in range(shown):
        key(app, pygame.K_RIGHT)
    turn = saves.turns_between(match.history.steps[:shown])  # numbered by turn, as players count them
    assert Counter(numbers_on_board()) - labels == Counter([str(turn)])  # numbered as its line in the log
    # The log numbers the line that began that turn (a Bauhaus card carried out goes on its choice's turn).
    numbered = [row.lines[0] for row in scene.rows[1 : shown + 1] if row.lines[0].split(".")[0].isdigit()]
    assert numbered[-1].startswith(f"{turn}. ")


def test_a_clicked_move_is_no_longer_marked_once_home_or_end_goes_elsewhere(fresh_app: Any) -> None:
    """Click a move in the list, then End (the pointer still on that line): only the last move is marked."""
    from bauhausbox.scenes.story import MoveMark

    app = fresh_app
    match = seeded_game("blokus", 2, seed=5)
    scene = _open(app, match)
    marked: list[list[int]] = []
    real = scene.board.draw_marks

    def spy(surface: Any, marks: list[MoveMark[Any]]) -> None:
        marked.append([mark.index for mark in marks])
        real(surface, marks)

    scene.board.draw_marks = spy  # type: ignore[method-assign]
    row = next(row for row in scene.rows if row.position == 5)
    click(app, scene.row_rect(row).center)
    assert scene.position == 5
    frames(app, 1)
    assert marked[-1] == [4]
    key(app, pygame.K_END)
    frames(app, 1)
    assert scene.position == scene.moves and marked[-1] == [scene.moves - 1]
    key(app, pygame.K_HOME)
    frames(app, 1)
    assert scene.position == 0 and marked[-1] == []


def test_the_replay_counts_turns_as_the_status_bar_and_load_do(fresh_app: Any) -> None:
    """Blokus Duo said "turn 32" on the table and "move 33 of 33" in the replay; a Bauhaus card is
    chosen and then carried out, two moves in one turn."""
    match = seeded_game("bauhaus", 2, seed=5)
    scene = _open(fresh_app, match)
    total = match.history.turn  # the status bar's count once the game is over
    assert total < len(match.history.steps)
    assert total == saves.turns_between(match.history.steps)  # what Load says
    key(fresh_app, pygame.K_END)
    assert scene.counter() == f"turn {total} of {total}"
    key(fresh_app, pygame.K_HOME)
    assert scene.counter() == f"{total} turns"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_first_and_the_last_row_keep_clear_of_the_list_frame(fresh_app: Any, size: tuple[int, int]) -> None:
    """The current row's yellow never touches the list's 2-px frame: "Start of the game" did."""
    from tests.ui.helpers import window_size

    with window_size(fresh_app, size) as app:
        scene = _open(app, seeded_game("blokus", 2, seed=5))
        frames(app, 1)
        first = scene.row_rect(scene.rows[0])
        assert first.top >= scene.list_rect.top + 4, (first, scene.list_rect)
        key(app, pygame.K_END)
        frames(app, 1)
        last = scene.row_rect(scene.rows[-1])
        assert last.bottom <= scene.list_rect.bottom - 4, (last, scene.list_rect)
