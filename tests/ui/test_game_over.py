"""The end of a game: the final table, the board after "See the board", and the pause menu then."""

from __future__ import annotations

import re
from typing import Any

import pygame

from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.games.bauhaus.rules import GAME
from bauhausbox.games.bauhaus.screen.panel import prompt_text
from bauhausbox.games.bauhaus.screen.scene import BauhausScene
from bauhausbox.match import Match
from bauhausbox.scenes.flow import open_match
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import click, frames, key, wait_until, window_size
from tests.ui.scenarios.bauhaus import game_over_long_sum, game_over_tie
from tests.ui.test_status import drawn_texts


def finished_bauhaus(app: Any, monkeypatch: Any) -> tuple[BauhausScene, GameOverScene]:
    """Two humans play a Bauhaus game with the powers on to its last move, nobody having used one."""
    monkeypatch.setattr(app.settings, "ask_reactions", "never")  # no decision window on the way
    setup = Setup("bauhaus", 2, 5, (SeatSpec("Anni"), SeatSpec("Bo")), GAME.normalize_options(2, {"powers": True}))
    history: History[Any] = History(GAME, setup.new_state(GAME))
    state = history.state
    moves = []
    while state.to_play is not None:
        moves.append(next(m for m in GAME.legal_moves(state) if m.kind.name != "POWER"))
        state = GAME.apply(state, moves[-1])
    assert not any(state.used)  # both powers still unused at the end
    for played in moves[:-1]:
        history.play(played)
    open_match(app, Match(setup, history, autosave=False))
    frames(app, 2)
    scene = app.top
    assert isinstance(scene, BauhausScene) and scene.submit(moves[-1])
    assert wait_until(app, lambda: isinstance(app.top, GameOverScene), 300)
    table = app.top
    assert isinstance(table, GameOverScene)
    return scene, table


def visible_labels(scene: Any) -> list[str]:
    return [w.label for w in scene.widgets.widgets if w.visible and getattr(w, "label", "")]


def test_after_see_the_board_the_menu_offers_the_table_and_menu_not_undo(fresh_app: Any, monkeypatch: Any) -> None:
    app = fresh_app
    scene, table = finished_bauhaus(app, monkeypatch)
    click(app, table.board_button.rect.center)  # "See the board"
    assert app.top is scene
    assert not any(button.visible for button in scene.power_buttons)  # no BAUHAUS! after the end
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"
    labels = visible_labels(app.top)
    assert "Undo" not in labels and "Redo" not in labels and "Restart" not in labels
    assert "Final scores" in labels and "Main menu" in labels and "Play again" in labels
    primary = [w.label for w in app.top.widgets.widgets if w.visible and getattr(w, "kind", "") == "primary"]
    assert primary == ["Final scores"], primary  # the review: two yellow buttons, one way on
    scores = next(w for w in app.top.widgets.widgets if getattr(w, "label", "") == "Final scores")
    click(app, scores.rect.center)
    assert isinstance(app.top, GameOverScene)


def test_during_play_the_menu_still_offers_undo_and_restart(fresh_app: Any) -> None:
    app = fresh_app
    setup = Setup("bauhaus", 2, 5, (SeatSpec("Anni"), SeatSpec("Bo")), GAME.normalize_options(2, {"powers": True}))
    open_match(app, Match(setup, autosave=False))
    frames(app, 2)
    scene = app.top
    assert isinstance(scene, BauhausScene)
    assert any(button.visible for button in scene.power_buttons)
    key(app, pygame.K_ESCAPE)
    labels = visible_labels(app.top)
    assert "Undo" in labels and "Restart" in labels and "Final scores" not in labels
    key(app, pygame.K_ESCAPE)


def test_the_final_table_says_how_the_tie_was_broken_and_how_the_points_add_up(fresh_app: Any) -> None:
    game_over_tie(fresh_app)
    table = fresh_app.top
    assert isinstance(table, GameOverScene)
    texts = drawn_texts(fresh_app)
    assert any("decided by the number of zones" in t for t in texts), texts
    assert "4 + 4" in texts  # Anni's two tokens in one 4-square zone


def test_the_side_panel_names_the_winner_as_the_final_table_does(fresh_app: Any, monkeypatch: Any) -> None:
    scene, table = finished_bauhaus(fresh_app, monkeypatch)
    winners = [table.names[w] for w in table.winners]
    said = prompt_text(scene, scene.state)
    assert all(name in said for name in winners) and "Blue" not in said and "Yellow" not in said, said


def test_a_long_sum_wraps_at_the_size_of_its_row(fresh_app: Any) -> None:
    """Blue's "7 + 5 + 4 + 3 + 2 + 1" is longer than its column at 1024 wide: it wraps onto a second
    line at the size of every other cell, never set smaller; Red's five 1-point tokens read "1 + 1 + 1 + 1 + 1"."""
    with window_size(fresh_app, (1024, 640)):
        game_over_long_sum(fresh_app)
        table = fresh_app.top
        assert isinstance(table, GameOverScene)
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        top = max(t.layer for t in record.texts)  # the table, not the side panel's points under it
        cells = [t for t in record.texts if t.layer == top and re.fullmatch(r"[0-9 +-]+", t.content)]
        assert {t.size for t in cells} == {table.metrics.body}, [(t.content, t.size) for t in cells]
        label = next(t.rect for t in record.texts if t.content == "Each token's points")
        row = [t for t in cells if abs(t.rect.centery - label.centery) <= table.metrics.body * 1.5]
        red = max((t.rect for t in row if t.content.startswith("1")), key=lambda r: r.left)  # the last column
        pieces = [
            t.content for t in sorted(row, key=lambda t: t.rect.top) if t.rect.right < red.left and t.content != "-"
        ]
        assert len(pieces) > 1, pieces  # wrapped at this width: the check is about something
        assert " ".join(pieces) == "7 + 5 + 4 + 3 + 2 + 1", pieces
