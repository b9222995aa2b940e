"""The game tells its story: the log in words beside the board, the recap since a human's last turn,
notices, the last move and the hint marked on the board, for the seat in front of the screen.

Sentences are compared with ``games.describe_move`` for the seat that should be looking, taken
here from the seats the test itself put in front of the screen, never from the screen's bookkeeping.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from bauhausbox import games
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.games.blokus.pieces import COLOURS
from bauhausbox.match import Match
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.game_scene import GameScene, MoveMark
from bauhausbox.scenes.story import badge_spots
from bauhausbox.ui import draw
from bauhausbox.ui.text import advice
from tests.ui.helpers import click, close_outcome, frames, key, move, open_game, wait_until


@pytest.fixture()
def story_app(fresh_app: Any) -> Iterator[Any]:
    """The session app with the log open; the setting is put back afterwards."""
    before = fresh_app.settings.log_open
    fresh_app.settings.log_open = True
    yield fresh_app
    fresh_app.settings.log_open = before


def _sentence(scene: GameScene, index: int, viewer: int | None) -> str:
    history = scene.match.history
    step = history.steps[index]
    names = [seat.name for seat in scene.match.setup.seats]
    return games.describe_move(
        scene.match.setup.game_id, history.states[index], step.move, mover=step.seat, viewer=viewer, names=names
    )


def _until_human_turn(app: Any, scene: GameScene, seat: int = 0) -> None:
    def ready() -> bool:
        return scene.match.to_play == seat and scene.input_allowed() and not scene.interjections

    assert wait_until(app, ready, 2000)
    frames(app, 2)
    assert wait_until(app, ready, 2000)


def _record_marks(monkeypatch: pytest.MonkeyPatch, scene: GameScene) -> list[MoveMark[Any]]:
    marks: list[MoveMark[Any]] = []
    monkeypatch.setattr(scene, "outline_move", lambda surface, mark: marks.append(mark))
    return marks


def test_the_log_lists_every_move_in_words_for_the_seat_on_screen(story_app: Any) -> None:
    """Bits hides where the others put the tile until all have placed: the log must say only
    "Computer placed the tile" to the human until then, and once the tiles are shown, tell each
    placement on its mover's own line, saying where; a round's end is an entry of its own, marked
    by no seat."""
    app = story_app
    scene = open_game(app, "bits", 3, ["ai:easy", "human", "ai:easy"], seed=4)
    history = scene.match.history
    for _ in range(40):
        wait_until(app, lambda: app.top is not scene or (scene.match.to_play == 1 and scene.input_allowed()), 2000)
        if scene.match.state.finished:
            break
        assert scene.submit(scene.game.legal_moves(scene.match.state)[0])
    assert scene.match.state.finished, "a round should have ended"
    if app.top is not scene:
        key(app, pygame.K_RETURN)  # the round's scores
    _until_human_turn(app, scene, seat=1)
    lines = scene.log.lines
    texts = [line.text for line in lines]
    moves = [line for line in lines if line.shape]
    assert len(moves) == history.cursor
    ends = [line for line in lines if not line.shape]
    assert [line.text.split(":")[0] for line in ends] == ["Round 1 ends"]
    assert not any("ends" in line.text for line in moves), "no move's line carries the round's end"
    # A placement is shown once a later step (or itself) showed the tiles.
    shown = [any(step.revealed for step in history.steps[i : history.cursor]) for i in range(history.cursor)]
    for index, line in enumerate(moves):
        everything = _sentence(scene, index, None)
        if shown[index] or history.steps[index].seat == 1:
            assert line.text == everything
        else:
            assert line.text == _sentence(scene, index, 1) != everything
            assert "column" not in line.text
    assert not all(shown), "the computer before the human has placed the current tile in secret"
    assert sum(1 for i in range(history.cursor) if history.steps[i].seat != 1 and shown[i]) >= 4
    # The round's end follows the move that ended it.
    end = texts.index(ends[0].text)
    ender = sum(1 for line in lines[:end] if line.shape) - 1
    assert not history.states[ender].finished and history.states[ender + 1].finished


def _long_match(game_id: str, plies: int, seats: tuple[SeatSpec, ...]) -> Match:
    game = games.load(game_id)
    setup = Setup(game_id, len(seats), 3, seats, game.normalize_options(len(seats), {}))
    history: History[Any] = History(game, setup.new_state(game))
    while len(history.steps) < plies and history.state.to_play is not None:
        history.play(game.legal_moves(history.state)[-1])
    return Match(setup, history, autosave=False)


def _push(app: Any, match: Match) -> GameScene:
    scene = games.scene_class(match.setup.game_id)(app, match)
    app.push(scene)
    frames(app, 2)
    assert isinstance(scene, GameScene)
    return scene


def test_the_log_collapses_and_expands_and_remembers_it(story_app: Any) -> None:
    app = story_app
    scene = open_game(app, "blokus", 2, ["human", "ai:easy"], seed=2)
    open_width = scene.game_rect.width
    assert scene.log_rect.width > 0
    assert not scene.log_rect.colliderect(scene.game_rect)
    key(app, pygame.K_TAB)
    assert app.settings.log_open is False
    assert scene.log_rect.width == 0 and scene.game_rect.width > open_width
    click(app, scene.log_button.rect.center)
    assert app.settings.log_open is True
    assert scene.log_rect.width > 0 and scene.game_rect.width == open_width
    # A new game screen opens the way the player left it.
    key(app, pygame.K_TAB)
    again = open_game(app, "bits", 2, ["human", "ai:easy"], seed=2)
    assert again.log_rect.width == 0


def test_the_log_scrolls_with_the_wheel_and_by_dragging(story_app: Any) -> None:
    app = story_app
    scene = _push(app, _long_match("blokus", 60, (SeatSpec("Anni"), SeatSpec("Bo", "ai", "easy"))))
    log = scene.log
    assert len(log.lines) == scene.match.history.cursor
    last = len(log.lines) - 1
    assert log.body.top <= log.line_rect(last).top and log.line_rect(last).bottom <= log.body.bottom  # newest shows
    assert log.line_rect(0).bottom < log.body.top  # the first moves are scrolled away
    move(app, log.body.center)
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0)], 1 / 60)
    assert log.offset > 0
    wheel_offset = log.offset
    start = (log.body.centerx, log.body.top + 10)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 1 / 60)
    move(app, (start[0], start[1] + 3000), (1, 0, 0))
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] + 3000), button=1)], 1 / 60)
    assert log.offset == log.max_offset > wheel_offset
    assert log.line_rect(0).top == log.body.top  # dragged all the way to the first move
    # Hovering a line outlines that move on the board.
    marks = _record_marks(pytest.MonkeyPatch(), scene)
    move(app, log.line_rect(0).center)
    frames(app, 1)
    assert log.hovered == 0
    assert any(mark.index == 0 and mark.label is None for mark in marks)


def test_the_recap_numbers_the_computer_moves_until_the_human_acts(
    story_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = story_app
    scene = open_game(app, "blokus", 4, ["human", "ai:random", "ai:random", "ai:random"], seed=6)
    _until_human_turn(app, scene)
    assert scene.submit(scene.game.legal_moves(scene.match.state)[0])
    _until_human_turn(app, scene)
    cursor = scene.match.history.cursor
    assert scene.recap == (cursor - 3, cursor - 2, cursor - 1)
    recap_lines = [line for line in scene.log.lines if line.highlight]
    # Blokus numbers its moves on the pieces (M) and in the status bar: the recap says the same
    # numbers (the cursor-th move is the last one), not a second count 1, 2, 3.
    assert [line.number for line in recap_lines] == [cursor - 2, cursor - 1, cursor]
    assert recap_lines[0].caption == "Since your last turn"
    assert [line.text for line in recap_lines] == [_sentence(scene, i, 0) for i in scene.recap]
    marks = _record_marks(monkeypatch, scene)
    frames(app, 1)
    assert [(mark.index, mark.label) for mark in marks] == [
        (cursor - 3, str(cursor - 2)),
        (cursor - 2, str(cursor - 1)),
        (cursor - 1, str(cursor)),
    ]
    assert scene.submit(scene.game.legal_moves(scene.match.state)[0])
    frames(app, 1)
    assert scene.recap == ()
    assert not any(line.highlight for line in scene.log.lines)


@pytest.mark.parametrize("game_id", ["blokus", "bits", "buizen"])
def test_undo_then_redo_brings_the_recap_back(story_app: Any, game_id: str) -> None:
    # After an undo then a redo against the computer, "Since your last turn" and the numbered moves
    # had gone for good: the turn now in play gets its recap again.
    app = story_app
    scene = open_game(app, game_id, 2, ["human", "ai:random"], seed=4)
    for _turn in range(2):
        _until_human_turn(app, scene)
        assert scene.submit(scene.game.legal_moves(scene.match.state)[0])
    _until_human_turn(app, scene)
    recap = scene.recap
    assert recap, "the computer moved since the human's last turn"
    cursor = scene.match.history.cursor
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    frames(app, 2)
    assert scene.match.history.cursor < cursor
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    frames(app, 2)
    assert scene.match.history.cursor == cursor and scene.match.to_play == 0
    assert scene.recap == recap
    assert [line.caption for line in scene.log.lines if line.caption] == ["Since your last turn"]


def test_a_notice_stays_until_dismissed_or_the_player_acts(story_app: Any) -> None:
    app = story_app
    scene = open_game(app, "blokus", 2, ["human", "ai:easy"], seed=2)
    _until_human_turn(app, scene)
    scene.announce("Round 1 is over")
    frames(app, 30)
    assert scene.notice == "Round 1 is over" and scene.notice_rect.width > 0
    click(app, scene.notice_rect.center)
    assert scene.notice == ""
    scene.announce("A power was used")
    assert scene.submit(scene.game.legal_moves(scene.match.state)[0])
    assert scene.notice == ""


def test_the_recap_waits_for_the_curtain_and_tells_only_what_that_seat_may_see(story_app: Any) -> None:
    """Buizen with two humans: nothing is described for the second player before they take the
    device, and then only in their own words (a draw says how many, never which)."""
    app = story_app
    open_game(app, "buizen", 2, ["human", "human"], seed=5)
    scene = next(s for s in app.stack if isinstance(s, GameScene))
    assert isinstance(app.top, CurtainScene) or wait_until(app, lambda: isinstance(app.top, CurtainScene), 20)
    click(app, app.top.ready_button.rect.center)
    frames(app, 2)
    first = scene.match.to_play
    assert first is not None
    assert scene.submit(scene.game.legal_moves(scene.match.state)[0])
    frames(app, 2)
    close_outcome(app)  # the first player saw what their move drew
    frames(app, 2)
    assert isinstance(app.top, CurtainScene)
    second = 1 - first
    assert scene.log.lines == () and scene.recap == ()  # nothing told for anyone while the device passes
    click(app, app.top.ready_button.rect.center)
    frames(app, 2)
    assert scene.viewer == second
    assert scene.recap == (0,)
    assert [line.text for line in scene.log.lines] == [_sentence(scene, 0, second)]


def test_the_last_move_is_marked_in_its_movers_colour(story_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Blokus with two players: the second seat plays Yellow and Green, so its moves are marked in
    the colour of the piece placed, and a Buizen move in the mover's seat colour."""
    app = story_app
    scene = _push(app, _long_match("blokus", 4, (SeatSpec("Anni"), SeatSpec("Bo"))))
    marks = _record_marks(monkeypatch, scene)
    frames(app, 1)
    last = scene.match.history.cursor - 1
    assert [mark.index for mark in marks] == [last]
    placed = scene.match.history.states[last].colour  # the colour to play before the move
    assert scene.match.history.steps[last].seat == 1 and COLOURS[placed] == "green"
    assert marks[0].colour == scene.step_style(last)[0] != scene.seat_style(0)[0]
    from bauhausbox.games.blokus.screen.colours import RGB

    assert marks[0].colour == RGB[placed]

    buizen = _push(app, _long_match("buizen", 3, (SeatSpec("Anni"), SeatSpec("Bo", "ai"), SeatSpec("Cy", "ai"))))
    marks = _record_marks(monkeypatch, buizen)
    frames(app, 1)
    seat = buizen.match.history.steps[-1].seat
    assert marks and marks[-1].colour == buizen.seat_style(seat)[0]


def test_the_hint_speaks_in_words_and_buizen_brings_its_cell_into_view(story_app: Any) -> None:
    app = story_app
    scene = open_game(app, "blokus", 2, ["human", "ai:easy"], seed=2)
    _until_human_turn(app, scene)
    hint = max(scene.game.legal_moves(scene.match.state), key=lambda placement: len(placement.cells))
    scene.show_hint(hint)
    notation = scene.game.format_move(scene.match.state, hint)
    assert "," in notation  # the notation lists every square
    assert scene.status_message().startswith("Hint: place the blue ")
    assert notation not in scene.status_message() and "," not in scene.status_message()

    buizen = open_game(app, "buizen", 2, ["human", "ai:easy"], seed=5)
    _until_human_turn(app, buizen, buizen.match.to_play if buizen.match.is_human(buizen.match.to_play) else 0)
    places = [m for m in buizen.game.legal_moves(buizen.match.state) if hasattr(m, "cell")]
    assert places
    buizen.camera = [60.0, 60.0]  # the player looked far away
    buizen.show_hint(places[0])
    assert buizen.board_rect.contains(buizen.to_screen(places[0].cell))


def test_advice_turns_a_sentence_into_what_to_do() -> None:
    assert advice("Anni placed the blue L5 on k10–m12", "Anni") == "place the blue L5 on k10–m12"
    assert advice("Jo laid a gas bend right of the start pump room and drew 2", "Jo") == (
        "lay a gas bend right of the start pump room and draw 2"
    )
    assert advice("Jo chose Move wall", "Jo") == "choose Move wall"
    assert advice("Jo placed the red tile standing in column 2; round 1 ends: Jo +3", "Jo") == (
        "place the red tile standing in column 2"
    )
    assert advice("Jo's ramp is full: done for this round", "Jo") == "Jo's ramp is full: done for this round"


def _apart(spots: list[tuple[int, int]], distance: int) -> bool:
    return all(
        (ax - bx) ** 2 + (ay - by) ** 2 >= distance * distance
        for i, (ax, ay) in enumerate(spots)
        for bx, by in spots[i + 1 :]
    )


def test_badges_that_would_overlap_are_set_side_by_side() -> None:
    radius, gap = 12, 4
    # Two marks on one square: a row of two, centred where they wanted to be, in their order.
    (a, b) = badge_spots([(100, 100), (100, 100)], radius, gap)
    assert a[1] == b[1] == 100 and a[0] < 100 < b[0] and a[0] + b[0] == 200
    assert b[0] - a[0] >= 2 * radius + gap
    # Three on neighbouring spots, and one far away that stays where it is.
    spots = badge_spots([(100, 100), (110, 104), (96, 98), (300, 300)], radius, gap)
    assert _apart(spots, 2 * radius + gap)
    assert spots[3] == (300, 300)
    # A row pressed against the board's edge stays inside it.
    inside = badge_spots([(5, 50), (5, 50), (5, 50)], radius, gap, pygame.Rect(0, 0, 400, 400))
    assert _apart(inside, 2 * radius + gap)
    assert all(x - radius >= 0 for x, _y in inside)
    # Marks already apart are left alone.
    assert badge_spots([(0, 0), (100, 0)], radius, gap) == [(0, 0), (100, 0)]


def test_two_recap_numbers_on_one_square_stay_readable(story_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The review: two marks on one Bauhaus square drew one number over the other. The shared story
    lays out every game's badges (Bauhaus and Bits give their spots with ``badge_at``)."""
    scene = _push(story_app, _long_match("bauhaus", 6, (SeatSpec("Anni"), SeatSpec("Bo"))))
    index = next(i for i in range(scene.match.history.cursor - 1, -1, -1) if scene.badge_at(scene.step_mark(i, "1")))
    drawn: list[tuple[int, int]] = []
    monkeypatch.setattr(draw, "badge", lambda surface, centre, radius, *rest, **kw: drawn.append(centre))
    scene.draw_marks(story_app.screen, [scene.step_mark(index, "1"), scene.step_mark(index, "2")])
    assert len(drawn) == 2
    assert _apart(drawn, 2 * scene.metrics.u(1.6))
