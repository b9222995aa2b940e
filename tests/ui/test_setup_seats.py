"""The setup screen's seat choice: a click on it lists every kind of player, one click picks any of
them (Human from a computer never passes the seat on another computer); stepping between Human and
the computers never lands on a seat played on another computer (which hosts a table that waits for
its player), and that choice's words are set at a readable size."""

from __future__ import annotations

from typing import Any

import pygame

from bauhausbox.scenes.choice_list import ChoiceListScene
from bauhausbox.scenes.setup import REMOTE, SetupScene
from bauhausbox.ui import draw
from bauhausbox.ui.widgets import choice_lines
from tests.ui.helpers import click, frames, key


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
    assert left[: left.index("human") + 1] == ["ai:easy", "human"], left
    # Right from Human: a computer first.
    assert _walk(field, "human", 1)[0].startswith("ai:")
    # Stepping ends on a computer or Human unless the other computer is chosen on purpose: the start
    # button only hosts then.
    field.value = "ai:easy"
    field.step(-1)
    assert field.value == "human" and setup.start_button.label == "Start" and not setup.remote


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
