"""The setup screen's seat choice: stepping between Human and the computers never lands on a seat
played on another computer (which hosts a table that waits for its player), and that choice's words
are set at a readable size."""

from __future__ import annotations

from typing import Any

from bauhausbox.scenes.setup import REMOTE, SetupScene
from bauhausbox.ui import draw
from bauhausbox.ui.widgets import choice_lines
from tests.ui.helpers import frames


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
