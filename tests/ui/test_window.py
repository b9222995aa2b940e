"""The window fits the desktop: where it opens, how large, what it remembers, and the sizes the
settings offer (bauhausbox/ui/window_fit.py decides; the app follows).

The session's window is never reopened (switching display modes under the dummy driver can crash):
the tests through the app build a second ``App`` with ``set_mode`` replaced by a recorder.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from bauhausbox.persistence import saves
from bauhausbox.persistence.models import Settings
from bauhausbox.scenes.main_menu import MainMenuScene
from bauhausbox.scenes.settings import SettingsScene
from bauhausbox.ui.app import MIN_SIZE, App
from bauhausbox.ui.window_fit import FRAME, TITLE_BAR, fit_window, offered_sizes

MINIMUM = (1024, 640)


def _shows_whole(size: tuple[int, int], position: tuple[int, int], desktop: tuple[int, int]) -> bool:
    """The window's inside and its title bar lie on the desktop."""
    x, y = position
    return x >= 0 and y - TITLE_BAR >= 0 and x + size[0] <= desktop[0] and y + size[1] <= desktop[1]


# -- the decision, on desktops of any size ----------------------------------------------------------
def test_a_window_remembered_from_a_larger_screen_shrinks_to_the_desktop_and_is_centred() -> None:
    placement = fit_window((1024, 700), (1280, 800), (-128, -50), MINIMUM)
    assert placement.size == (1024, 640)
    assert _shows_whole(placement.size, placement.position, (1024, 700))


def test_a_remembered_size_and_place_that_fit_are_kept() -> None:
    placement = fit_window((1920, 1080), (1280, 800), (200, 100), MINIMUM)
    assert placement.size == (1280, 800) and placement.position == (200, 100)


def test_a_remembered_place_off_the_desktop_gives_a_centred_window() -> None:
    placement = fit_window((1920, 1080), (1280, 800), (1500, 900), MINIMUM)
    x, y = placement.position
    assert placement.size == (1280, 800)
    assert abs((x + 1280 / 2) - 1920 / 2) <= 1, "centred across"
    assert _shows_whole(placement.size, placement.position, (1920, 1080))
    assert abs((y + 800 / 2) - (TITLE_BAR + (1080 - FRAME[1]) / 2)) <= 1, "centred down, title bar included"


@pytest.mark.parametrize(
    ("desktop", "expected"),
    [
        # 90 % of the room a 1920 x 1080 desktop leaves (1920 x 1020): far more than 1280 x 800.
        ((1920, 1080), (1728, 918)),
        ((2560, 1440), (2304, 1242)),
        # A desktop about the window's size: all of its room, not 90 % of it (the board needs it).
        ((1280, 800), (1280, 740)),
        ((1024, 700), (1024, 640)),
    ],
)
def test_a_first_window_takes_most_of_a_big_desktop(desktop: tuple[int, int], expected: tuple[int, int]) -> None:
    placement = fit_window(desktop, None, None, MINIMUM)
    assert placement.size == expected
    assert _shows_whole(placement.size, placement.position, desktop)


def test_a_remembered_size_wins_over_the_desktops_share() -> None:
    assert fit_window((1920, 1080), (1280, 800), None, MINIMUM).size == (1280, 800)


def test_no_window_is_smaller_than_every_layout_supports_while_the_desktop_allows_it() -> None:
    assert fit_window((1920, 1080), (700, 500), None, MINIMUM).size == MINIMUM


def test_a_desktop_smaller_than_the_minimum_still_shows_the_whole_window() -> None:
    placement = fit_window((800, 600), (1280, 800), None, MINIMUM)
    assert _shows_whole(placement.size, placement.position, (800, 600))


@pytest.mark.parametrize("desktop", [(1024, 700), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440)])
def test_every_size_offered_fits_the_desktop_and_the_minimum(desktop: tuple[int, int]) -> None:
    sizes = offered_sizes(desktop, MINIMUM, (1100, 660))
    assert (1100, 660) in sizes, "the size the window has now is among the choices"
    others = [size for size in sizes if size != (1100, 660)]
    assert others, "something to choose"
    for size in others:
        assert size[0] >= MINIMUM[0] and size[1] >= MINIMUM[1]
        assert size[0] <= desktop[0] and size[1] + FRAME[1] <= desktop[1]


def test_the_minimum_is_a_size_the_layout_check_draws() -> None:
    from tests.ui.test_layout import SIZES

    assert MIN_SIZE in SIZES


# -- through the app, on a stubbed desktop ------------------------------------------------------------
class FakeDisplay:
    """What the app asked of the display: the modes it set and where it put the window."""

    def __init__(self, desktop: tuple[int, int]) -> None:
        self.desktop = desktop
        self.modes: list[tuple[tuple[int, int], int]] = []
        self.positions: list[tuple[int, int]] = []

    def set_mode(self, size: tuple[int, int] = (0, 0), flags: int = 0, *args: Any, **kwargs: Any) -> pygame.Surface:
        self.modes.append((tuple(size), flags))  # type: ignore[arg-type]
        return pygame.Surface(self.desktop if tuple(size) == (0, 0) else size)

    def set_window_position(self, position: tuple[int, int]) -> None:
        self.positions.append(tuple(position))  # type: ignore[arg-type]


@pytest.fixture()
def small_desktop(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, app: Any) -> Iterator[FakeDisplay]:
    """A 1024×700 desktop; the settings file of the test is its own."""
    display = FakeDisplay((1024, 700))
    monkeypatch.setenv("BAUHAUSBOX_HOME", str(tmp_path))
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [display.desktop])
    monkeypatch.setattr(pygame.display, "set_mode", display.set_mode)
    monkeypatch.setattr(pygame.display, "set_window_position", display.set_window_position)
    yield display


def test_the_app_opens_a_window_remembered_at_1280x800_inside_a_1024x700_desktop(small_desktop: FakeDisplay) -> None:
    settings = Settings(window_width=1280, window_height=800, window_x=-128, window_y=-50)
    window = App(home=MainMenuScene, settings=settings)
    (size, flags), position = small_desktop.modes[-1], small_desktop.positions[-1]
    assert flags & pygame.RESIZABLE and not flags & pygame.FULLSCREEN
    assert size == (1024, 640) == window.screen.get_size()
    assert _shows_whole(size, position, small_desktop.desktop)


def test_leaving_fullscreen_gives_a_window_that_fits_centred(small_desktop: FakeDisplay) -> None:
    settings = Settings(window_width=1024, window_height=640, window_x=0, window_y=40, fullscreen=True)
    window = App(home=MainMenuScene, settings=settings)
    assert small_desktop.modes[-1][1] & pygame.FULLSCREEN
    small_desktop.desktop = (1920, 1080)  # the player's screen changed meanwhile
    window.toggle_fullscreen()
    (size, flags), position = small_desktop.modes[-1], small_desktop.positions[-1]
    assert not flags & pygame.FULLSCREEN and size == (1024, 640)
    assert position == ((1920 - 1024) // 2, TITLE_BAR + (1080 - FRAME[1] - 640) // 2)
    assert not window.settings.fullscreen


def test_the_window_remembers_its_place_and_size_between_runs(small_desktop: FakeDisplay) -> None:
    small_desktop.desktop = (1920, 1080)
    first = App(home=MainMenuScene, settings=saves.load_settings())
    first.frame(
        [
            pygame.event.Event(pygame.VIDEORESIZE, w=1300, h=820, size=(1300, 820)),
            pygame.event.Event(pygame.WINDOWMOVED, x=150, y=90),
        ],
        1 / 60,
    )
    first.save_settings()
    App(home=MainMenuScene, settings=saves.load_settings())
    assert small_desktop.modes[-1] == ((1300, 820), pygame.RESIZABLE)
    assert small_desktop.positions[-1] == (150, 90)


def test_a_first_start_on_a_big_desktop_opens_a_big_window(small_desktop: FakeDisplay) -> None:
    small_desktop.desktop = (1920, 1080)
    window = App(home=MainMenuScene, settings=Settings())
    (size, _flags), position = small_desktop.modes[-1], small_desktop.positions[-1]
    assert size == window.screen.get_size() and size[0] > 1280 and size[1] > 800
    assert _shows_whole(size, position, small_desktop.desktop)


def test_a_window_dragged_below_the_minimum_is_set_back_to_it(small_desktop: FakeDisplay) -> None:
    small_desktop.desktop = (1920, 1080)
    window = App(home=MainMenuScene, settings=Settings())
    window.frame([pygame.event.Event(pygame.VIDEORESIZE, w=800, h=500, size=(800, 500))], 1 / 60)
    assert small_desktop.modes[-1] == (MIN_SIZE, pygame.RESIZABLE)
    assert window.screen.get_size() == MIN_SIZE


def test_settings_offer_window_sizes_that_fit_and_choosing_one_opens_it(small_desktop: FakeDisplay) -> None:
    small_desktop.desktop = (1920, 1080)
    window = App(home=MainMenuScene, settings=Settings(window_width=1280, window_height=800))
    scene = window.push(SettingsScene(window))
    sizes = [value for value, _label in scene.window_size.choices]  # type: ignore[attr-defined]
    assert (1280, 800) in sizes and (1920, 1080) not in sizes  # 1080 high does not fit under a title bar
    assert all(width <= 1920 and height + FRAME[1] <= 1080 for width, height in sizes)
    scene.window_size.step(1)  # type: ignore[attr-defined]
    chosen = sizes[sizes.index((1280, 800)) + 1]
    assert small_desktop.modes[-1] == (chosen, pygame.RESIZABLE)
    assert window.screen.get_size() == chosen
    assert saves.load_settings().window_width == chosen[0]


def test_a_size_chosen_in_the_settings_keeps_its_control_under_the_pointer(
    small_desktop: FakeDisplay, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Clicking the size selector's right arrow twice: the window grows around the arrow, which stays
    where it was on the desktop (the window was centred again, so the second click missed it)."""
    small_desktop.desktop = (1920, 1080)
    window = App(
        home=MainMenuScene, settings=Settings(window_width=1024, window_height=640, window_x=300, window_y=150)
    )
    monkeypatch.setattr(pygame.display, "get_window_position", lambda: small_desktop.positions[-1])
    scene = window.push(SettingsScene(window))
    for _click in range(2):
        arrow = (scene.window_size.rect.right - 6, scene.window_size.rect.centery)
        before = small_desktop.positions[-1]
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda at=arrow: at)
        scene.window_size.step(1)  # type: ignore[attr-defined]
        after = small_desktop.positions[-1]
        assert window.screen.get_size() != (1024, 640)
        now = (scene.window_size.rect.right - 6, scene.window_size.rect.centery)
        assert (after[0] + now[0], after[1] + now[1]) == (before[0] + arrow[0], before[1] + arrow[1])
        assert _shows_whole(window.screen.get_size(), after, small_desktop.desktop)


def test_the_size_selector_is_greyed_while_fullscreen(small_desktop: FakeDisplay) -> None:
    small_desktop.desktop = (1920, 1080)
    window = App(home=MainMenuScene, settings=Settings(window_width=1280, window_height=800))
    scene = window.push(SettingsScene(window))
    scene.update(0.0)
    assert scene.window_size.enabled
    window.toggle_fullscreen()
    scene.update(0.0)
    assert not scene.window_size.enabled
