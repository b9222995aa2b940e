"""The setup screen's seat choice: a click on it lists every kind of player, one click picks any of
them (Human from a computer never passes the seat on another computer); stepping between Human and
the computers never lands on a seat played on another computer (which hosts a table that waits for
its player), and that choice's words are set at a readable size."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.i18n import _ as translate
from bauhausbox.persistence.models import GameStatistics
from bauhausbox.scenes.choice_list import ChoiceListScene
from bauhausbox.scenes.setup import REMOTE, SetupScene
from bauhausbox.ui import draw, layout_probe
from bauhausbox.ui.text import shown
from bauhausbox.ui.widgets import choice_lines
from tests.ui.helpers import click, frames, key, window_size


def _walk(field: Any, start: str, delta: int) -> list[str]:
    """The values met stepping from ``start`` by ``delta`` until the choice comes back to it."""
    field.value = start
    seen = []
    for _ in range(len(field.choices)):
        field.step(delta)
        seen.append(field.value)
    return seen


def test_stepping_between_human_and_the_computers_never_meets_the_other_computer(fresh_app: Any) -> None:
    app = fresh_app
    setup = SetupScene(app, "buizen")
    app.push(setup)
    frames(app, 1)
    field = setup.kind_fields[1]
    values = [value for value, _label in field.choices]
    assert REMOTE in values and values[-1] == REMOTE  # offered, after every computer
    # Left from a computer level: the levels below it, then Human, before anything else.
    left = _walk(field, "ai:medium", -1)
    assert left[: left.index("human") + 1] == ["ai:easy", "ai:random", "human"], left
    # Right from Human: a computer first.
    assert _walk(field, "human", 1)[0].startswith("ai:")
    # Stepping ends on a computer or Human unless the other computer is chosen on purpose: the start
    # button only hosts then.
    field.value = "ai:random"
    field.step(-1)
    assert field.value == "human" and setup.start_button.label == "Start" and not setup.remote


@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "buizen", "blokus"])
def test_the_computers_are_listed_from_the_weakest_to_the_strongest(fresh_app: Any, game_id: str) -> None:
    app = fresh_app
    setup = SetupScene(app, game_id)
    app.push(setup)
    frames(app, 1)
    computers = [value.split(":")[1] for value, _label in setup.kind_fields[1].choices if value.startswith("ai:")]
    # Random moves first, then the game's levels in their own order (easy ... its strongest).
    assert computers == ["random", *setup.game.info.levels], computers
    app.pop(setup)


def test_long_choices_take_two_readable_lines(fresh_app: Any) -> None:
    app = fresh_app
    setup = SetupScene(app, "blokus")
    app.push(setup)
    frames(app, 1)
    m = app.metrics
    field = setup.kind_fields[1]
    room = field.rect.width - 2 * field.rect.height
    # "Player on another computer" does not fit one line: two, each fitting at the small size.
    lines = choice_lines("Player on another computer", m, room)
    assert len(lines) == 2 and " ".join(lines) == "Player on another computer", lines
    assert all(draw.render_text(line, m.small).get_width() <= room for line in lines)
    # A variant with its detail: the name above, the detail below (French keeps its spaced colon).
    assert choice_lines("Blokus Junior : 14 × 14, 12 pièces en deux exemplaires", m, room) == [
        "Blokus Junior",
        "14 × 14, 12 pièces en deux exemplaires",
    ]
    assert choice_lines("Human", m, room) == ["Human"]


def test_a_click_on_a_seat_lists_every_kind_and_one_more_click_picks_human(fresh_app: Any) -> None:
    app = fresh_app
    setup = SetupScene(app, "bauhaus")
    app.push(setup)
    frames(app, 1)
    field = setup.kind_fields[1]
    field.value = "ai:medium"
    click(app, field.rect.center)
    listing = app.top
    assert isinstance(listing, ChoiceListScene), "a click on the middle opens the list"
    assert [row.label for row in listing.rows] == [label for _value, label in field.choices]
    for row in listing.rows:  # every row on screen, under or over the choice, none on it
        assert app.screen.get_rect().contains(row.rect) and not row.rect.colliderect(field.rect)
    human = next(row for row in listing.rows if field.choices[row.index][0] == "human")
    click(app, human.rect.center)
    assert app.top is setup and field.value == "human"
    assert setup.seat_prefs[1].kind == "human" and not setup.remote and setup.start_button.label == "Start"
    # The keyboard: Down twice from Human then Enter picks the second computer level; Escape keeps it.
    click(app, field.rect.center)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert field.value == field.choices[2][0] and app.top is setup
    click(app, field.rect.center)
    key(app, pygame.K_ESCAPE)
    assert field.value == field.choices[2][0] and app.top is setup
    # The arrows still step, without a list.
    click(app, (field.rect.right - 4, field.rect.centery))
    assert field.value == field.choices[3][0] and app.top is setup


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_kind_of_player_reads_at_the_body_size_and_its_list_keeps_to_its_box(
    fresh_app: Any, language: str, size: tuple[int, int]
) -> None:
    """French 1024×700: "Ordinateur moyen" took two small lines, and the list opened wider than its
    choice, over the YOUR RECORD box. Every computer level now reads on one line at the body size,
    and the list is as wide as its choice, its rows' words at the body size, inside the window."""
    app = fresh_app
    i18n.set_language(language)
    with window_size(app, size):
        setup = SetupScene(app, "bauhaus")
        app.push(setup)
        setup.record = GameStatistics(started=1)  # the record box shows, at its place
        frames(app, 1)
        m = setup.metrics
        field = setup.kind_fields[1]
        room = field.rect.width - 2 * field.rect.height  # between the arrows (widgets.Choice.draw)
        for value, label in field.choices:
            if value != REMOTE:
                assert choice_lines(shown(translate(label)), m, room) == [shown(translate(label))], label
        click(app, field.rect.center)
        listing = app.top
        assert isinstance(listing, ChoiceListScene)
        assert listing.panel.width == field.rect.width
        assert not listing.panel.colliderect(setup.record_box), (listing.panel, setup.record_box)
        with layout_probe.recording(app.screen.get_size()) as record:
            frames(app, 1)
        words = [t for t in record.texts if listing.panel.contains(t.rect)]
        assert len(words) >= len(field.choices)
        assert all(t.size == m.body for t in words), [(t.content, t.size) for t in words if t.size != m.body]
        assert app.screen.get_rect().contains(listing.panel)
        key(app, pygame.K_ESCAPE)
        app.pop()
