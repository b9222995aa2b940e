"""The layout check: every scene and the key states of every game, at 1024×640 (the smallest window,
``MIN_SIZE``), 1280×800 and 1920×1080, in English and in French (about a fifth longer), drawn once
with the layout probe on (tests/ui/layout_check.py says what it checks).

Every frame must also paint the whole window: no part of it is left as it was (black bars).

The window of the session stays as it is (switching display modes under the dummy driver can crash):
each case draws on an off-screen surface of its size, which the app treats as its window.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.ui import layout_probe
from tests.ui.helpers import frames, redraw_everything, window_size
from tests.ui.layout_check import problems
from tests.ui.scenarios import all_scenarios

SIZES = ((1024, 640), (1280, 800), (1920, 1080))
LANGUAGES = ("en", "fr")
SCENARIOS = all_scenarios()
# Cases still being fixed: each must leave this list (an entry that passes fails the test).
PENDING: frozenset[str] = frozenset()


@pytest.fixture()
def sized_app(fresh_app: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    with window_size(fresh_app, request.param):
        yield fresh_app


#: A colour no screen paints: the window is filled with it before the frame, and what is left of it
#: after the frame is window the scene did not fill (black bars in a real window).
UNPAINTED = (1, 254, 3)


def draw_recorded(app: Any) -> layout_probe.Record:
    """One frame with the probe on; cached backgrounds are redrawn so their texts are seen too."""
    redraw_everything(app)
    app.screen.fill(UNPAINTED)
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    return record


def seat_names(app: Any) -> set[str]:
    """The players' names of the games on the screen's stack (no tooltip may cover them)."""
    return {spec.name for scene in app.stack if (match := getattr(scene, "match", None)) for spec in match.setup.seats}


def unpainted_pixels(app: Any) -> int:
    """How many pixels of the window the last frame left as they were (still ``UNPAINTED``)."""
    return int(pygame.mask.from_threshold(app.screen, UNPAINTED, (1, 1, 1, 255)).count())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("sized_app", SIZES, indirect=True, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_layout(sized_app: Any, name: str, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language(language)
    sized_app._relayout()
    SCENARIOS[name](sized_app)
    frames(sized_app, 2)
    record = draw_recorded(sized_app)
    assert record.texts, "the probe saw no text: the scene drew nothing, or the probe is off"
    size = sized_app.screen.get_size()
    found = problems(record, check_sizes=size == (1280, 800), names=seat_names(sized_app))
    if unpainted := unpainted_pixels(sized_app):
        found.append(f"the scene left {unpainted} pixels of the window unpainted")
    case = f"{name}-{size[0]}x{size[1]}"
    if case in PENDING:
        assert found, f"{case} passes now: take it off PENDING"
        return
    assert not found, f"{name} at {size[0]}×{size[1]} ({language}):\n" + "\n".join(found)
