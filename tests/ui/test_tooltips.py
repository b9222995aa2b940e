"""Tooltips keep off their neighbours, go when their screen is covered, and follow the pointer after
the window changes size."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from bauhausbox.ui import layout_probe
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import tooltip
from tests.ui.helpers import click, frames, key, move, open_game, window_size
from tests.ui.layout_check import NEAR, problems


def _drawn_tooltips(app: Any) -> list[layout_probe.TooltipDraw]:
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    return record.tooltips


def _rest_on(app: Any, widget: Any) -> None:
    """The pointer on ``widget`` (or at a point), long enough for its tooltip."""
    move(app, widget if isinstance(widget, tuple) else widget.rect.center)
    app.top.widgets._hover_since = time.monotonic() - 5


def test_a_tooltip_goes_beside_its_control_when_neighbours_sit_above_and_below() -> None:
    surface = pygame.Surface((1280, 800))
    metrics = Metrics(1280, 800)
    above, control, below = (pygame.Rect(700, y, 500, 88) for y in (300, 400, 500))
    with layout_probe.recording(surface.get_size()) as record:
        tooltip(surface, "Blokus: 2-4 players", control.center, metrics, control, [above, below])
    (drawn,) = record.tooltips
    assert not drawn.rect.colliderect(control)
    assert not drawn.rect.colliderect(above) and not drawn.rect.colliderect(below), tuple(drawn.rect)


def test_a_tooltip_goes_below_its_control_when_nothing_is_there() -> None:
    surface = pygame.Surface((1280, 800))
    control = pygame.Rect(100, 100, 120, 48)
    with layout_probe.recording(surface.get_size()) as record:
        tooltip(surface, "Esc", control.center, Metrics(1280, 800), control, [pygame.Rect(600, 600, 100, 40)])
    (drawn,) = record.tooltips
    assert drawn.rect.top > control.bottom and drawn.rect.left > control.centerx


def test_no_tooltip_stays_after_the_screen_opened_from_it_closes(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "blokus", 2, ["human", "ai:easy"], seed=7)
    scene.open_pause()
    pause = fresh_app.top
    _rest_on(fresh_app, pause.help_button)
    assert [tip.content for tip in _drawn_tooltips(fresh_app)] == ["F1"]
    click(fresh_app, pause.help_button.rect.center)  # How to play opens over the pause menu
    assert fresh_app.top is not pause
    key(fresh_app, pygame.K_ESCAPE)  # and closes; the pointer has not moved since
    assert fresh_app.top is pause
    assert _drawn_tooltips(fresh_app) == []


def test_after_a_resize_no_tooltip_is_drawn_where_the_pointer_was(fresh_app: Any) -> None:
    menu = fresh_app.top
    card = menu.cards[-1]
    _rest_on(fresh_app, card)
    assert len(_drawn_tooltips(fresh_app)) == 1
    with window_size(fresh_app, (1920, 1080)):
        # The card moved with the layout; the pointer is where it was until it moves again.
        assert _drawn_tooltips(fresh_app) == []
        _rest_on(fresh_app, card)
        (drawn,) = _drawn_tooltips(fresh_app)
        assert drawn.control == card.rect
        assert abs(drawn.rect.centery - card.rect.centery) <= card.rect.height, "the tooltip is by the pointer"


def test_no_tooltip_shows_where_the_window_opened_under_a_resting_pointer(fresh_app: Any) -> None:
    menu = fresh_app.top
    card = menu.cards[-1]
    # What SDL sends when the window opens under the pointer: it enters, then one motion to where it is.
    fresh_app.frame([pygame.event.Event(pygame.WINDOWENTER)], 1 / 60)
    _rest_on(fresh_app, card)
    assert _drawn_tooltips(fresh_app) == [], "the player pointed at nothing yet"
    _rest_on(fresh_app, (card.rect.centerx + 3, card.rect.centery))
    (drawn,) = _drawn_tooltips(fresh_app)
    assert drawn.control == card.rect, "once the pointer moves, the tooltip comes"


def test_the_greyed_next_button_of_the_last_how_to_page_shows_no_tooltip(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "bits", 2, ["human", "ai:easy"], seed=7)
    scene.open_pause()
    click(fresh_app, fresh_app.top.help_button.rect.center)
    howto = fresh_app.top
    assert len(howto.pages) > 1
    _rest_on(fresh_app, howto.next_button)
    assert [tip.content for tip in _drawn_tooltips(fresh_app)] == ["Right arrow"]
    while howto.index < len(howto.pages) - 1:  # clicked through, the pointer staying on Next
        click(fresh_app, howto.next_button.rect.center)
    howto.widgets._hover_since = time.monotonic() - 5  # long enough for a tooltip
    frames(fresh_app, 1)
    assert not howto.next_button.enabled
    assert _drawn_tooltips(fresh_app) == []


def test_the_seat_choice_tooltip_keeps_off_the_record_panel(fresh_app: Any) -> None:
    """The record box right of the seats is content to read: a seat choice's tooltip goes elsewhere."""
    from bauhausbox.scenes.setup import SetupScene

    for game in ("buizen", "blokus"):
        setup = SetupScene(fresh_app, game)
        fresh_app.push(setup)
        frames(fresh_app, 1)
        for field in (setup.kind_fields[0], setup.kind_fields[1]):
            _rest_on(fresh_app, field)
            with layout_probe.recording(fresh_app.screen.get_size()) as record:
                frames(fresh_app, 1)
            (drawn,) = record.tooltips
            box = setup.record_box
            assert box.width > 0, "the record box is shown at this size"
            assert not drawn.rect.colliderect(box), (game, tuple(drawn.rect), tuple(box))
        fresh_app.pop(setup)


def test_the_page_buttons_tooltips_keep_off_the_illustration(fresh_app: Any) -> None:
    from bauhausbox.games.blokus.screen.scene import BlokusScene
    from bauhausbox.scenes.howto import HowToScene

    for size in ((1024, 700), (1280, 800), (1920, 1080)):
        with window_size(fresh_app, size):
            howto = HowToScene(fresh_app, "Blokus", BlokusScene.how_to_play())
            fresh_app.push(howto)
            frames(fresh_app, 1)
            # A page with an illustration and both page buttons usable.
            middle = range(1, len(howto.pages) - 1)
            howto.index = next(i for i in middle if howto.pages[i].diagram)
            frames(fresh_app, 1)
            for button in (howto.prev_button, howto.next_button):
                _rest_on(fresh_app, button)
                (drawn,) = _drawn_tooltips(fresh_app)
                assert not drawn.rect.colliderect(howto.diagram_rect), (size, tuple(drawn.rect))
            fresh_app.pop(howto)


def test_the_load_tabs_tooltips_keep_off_the_first_rows_title(fresh_app: Any) -> None:
    from bauhausbox import i18n
    from bauhausbox.persistence import paths
    from bauhausbox.scenes.load import LoadScene
    from tests.ui.helpers import seeded_game

    finished = paths.saves_dir() / "blokus-finished-tooltip.json"
    try:
        assert seeded_game("blokus", 2, seed=4, save_path=finished).over
        for language, size in (("en", (1280, 800)), ("fr", (1280, 800)), ("fr", (1024, 700)), ("en", (1920, 1080))):
            i18n.set_language(language)
            with window_size(fresh_app, size):
                load = LoadScene(fresh_app)
                fresh_app.push(load)
                frames(fresh_app, 1)
                load.show_tab(True)
                frames(fresh_app, 1)
                for tab in (load.progress_tab, load.finished_tab_button, load.files_tab_button):
                    _rest_on(fresh_app, tab)
                    with layout_probe.recording(fresh_app.screen.get_size()) as record:
                        frames(fresh_app, 1)
                    (drawn,) = record.tooltips
                    titles = [t.rect for t in record.texts if t.content == "Blokus" and load.list_rect.contains(t.rect)]
                    assert titles, [t.content for t in record.texts]
                    assert not any(drawn.rect.colliderect(title) for title in titles), (
                        language,
                        size,
                        drawn.content,
                        tuple(drawn.rect),
                        [tuple(t) for t in titles],
                    )
    finally:
        i18n.set_language("en")
        finished.unlink(missing_ok=True)


def test_a_tooltip_belongs_to_the_control_under_the_pointer_now(fresh_app: Any) -> None:
    """From one seat's choice to the next: the first one's tooltip goes at once, the next one's comes
    by its own control."""
    from bauhausbox.scenes.setup import SetupScene

    setup = SetupScene(fresh_app, "bits")
    fresh_app.push(setup)
    frames(fresh_app, 1)
    setup._set_players(3)
    frames(fresh_app, 1)
    third, second = setup.kind_fields[2], setup.kind_fields[1]
    _rest_on(fresh_app, third)
    (drawn,) = _drawn_tooltips(fresh_app)
    assert drawn.control == third.rect
    move(fresh_app, second.rect.center)
    assert _drawn_tooltips(fresh_app) == [], "the third seat's tooltip left with the pointer"
    _rest_on(fresh_app, second)
    (drawn,) = _drawn_tooltips(fresh_app)
    assert drawn.control == second.rect
    # By its own control, as the layout check's rule has it (the window's size is whatever the suite left).
    away = max(second.rect.top - drawn.rect.bottom, drawn.rect.top - second.rect.bottom)
    assert away <= NEAR * fresh_app.screen.get_height(), "by its control"
    fresh_app.pop(setup)


def test_a_tooltip_leaves_with_the_pointer_even_when_the_scene_keeps_the_motion(fresh_app: Any) -> None:
    """A game screen keeps the pointer's motions over its board (a drag): the Undo tooltip still goes."""
    scene = open_game(fresh_app, "blokus", 2, ["human", "ai:easy"], seed=7)
    _rest_on(fresh_app, scene.undo_button)
    assert len(_drawn_tooltips(fresh_app)) == 1
    original = scene.handle_event

    def keeps_motions(event: pygame.event.Event) -> bool:
        return True if event.type == pygame.MOUSEMOTION else original(event)

    scene.handle_event = keeps_motions
    try:
        move(fresh_app, scene.game_rect.center)
        assert _drawn_tooltips(fresh_app) == []
    finally:
        del scene.handle_event


def test_a_tooltip_goes_when_its_control_moves_from_under_the_pointer(fresh_app: Any) -> None:
    menu = fresh_app.top
    card = menu.cards[-1]
    _rest_on(fresh_app, card)
    assert len(_drawn_tooltips(fresh_app)) == 1
    card.rect = card.rect.move(0, card.rect.height * 3)  # a new layout moved it; the pointer stayed
    assert _drawn_tooltips(fresh_app) == []


@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "buizen", "blokus"])
def test_the_top_bar_tooltips_keep_off_the_log_lines(fresh_app: Any, game_id: str) -> None:
    """Seen: "Play the hinted move (Enter)" covered the log's first line. The log's lines are words to
    read (draw.keep_clear): no tooltip of the top bar lies on one, nor (pushed off the log) on another
    button's label, at three sizes, in French."""
    from bauhausbox import games, i18n
    from tests.ui.helpers import seeded_game

    i18n.set_language("fr")
    match = seeded_game(game_id, 2, seed=3, stop_after=30)
    covered = []
    for size in ((1024, 640), (1280, 800), (1920, 1080)):
        with window_size(fresh_app, size):
            scene = games.scene_class(game_id)(fresh_app, match)
            fresh_app.push(scene)
            frames(fresh_app, 2)
            if not fresh_app.settings.log_open:
                key(fresh_app, pygame.K_TAB)
                frames(fresh_app, 1)
            for button in (
                scene.hint_button,
                scene.log_button,
                scene.undo_button,
                scene.redo_button,
                scene.help_button,
            ):
                if not button.visible:
                    continue
                _rest_on(fresh_app, button)
                with layout_probe.recording(fresh_app.screen.get_size()) as record:
                    frames(fresh_app, 1)
                tips = [tip.content for tip in record.tooltips]
                lines = [  # the log's words (not the tooltip's own, drawn over it)
                    t for t in record.texts if scene.log.body.contains(t.rect) and not any(t.content in w for w in tips)
                ]
                assert lines, "the log shows lines"
                covered += [
                    (size, tip.content, line.content)
                    for tip in record.tooltips
                    for line in lines
                    if tip.rect.colliderect(line.rect)
                ]
                # Nor, to keep off the log, over another button's label (the layout check's tooltip rules).
                covered += [(size, found) for found in problems(record, False) if found.startswith("tooltip")]
            fresh_app.pop(scene)
    assert not covered, covered


def test_a_tooltip_leaves_on_click_until_the_pointer_leaves_its_control(fresh_app: Any) -> None:
    """A new player clicked Anni's greyed BAUHAUS! button: its tooltip stayed over the cards'
    titles and the Deck/Walls line. A click sends it away, moving on the button does not bring it
    back; leaving the button and coming back does."""
    from bauhausbox.games.bauhaus.screen.scene import BauhausScene

    scene = open_game(fresh_app, "bauhaus", 2, ["human", "human"], seed=3, options={"powers": True})
    assert isinstance(scene, BauhausScene)
    button = next(b for b in scene.power_buttons if b.visible and not b.enabled)
    _rest_on(fresh_app, button)
    assert _drawn_tooltips(fresh_app), "no tooltip on the greyed button"
    click(fresh_app, button.rect.center)
    fresh_app.top.widgets._hover_since = time.monotonic() - 5
    assert not _drawn_tooltips(fresh_app)
    _rest_on(fresh_app, (button.rect.centerx + 2, button.rect.centery))  # still on it
    assert not _drawn_tooltips(fresh_app)
    move(fresh_app, scene.geo.rect.center)
    _rest_on(fresh_app, button)
    assert _drawn_tooltips(fresh_app)
