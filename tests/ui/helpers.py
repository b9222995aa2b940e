"""Synthetic input for UI tests: clicks, drags, keys and frames sent through the real event path."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from bauhausbox.ui.app import App


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.frame([], 1 / 60)


def move(app: App, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)], 1 / 60)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ],
        1 / 60,
    )


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6, button: int = 1) -> None:
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button),
        ],
        1 / 60,
    )
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))], 1 / 60)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button)], 1 / 60)


def key(app: App, key_code: int, mod: int = 0, unicode: str = "") -> None:
    app.frame(
        [
            pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=mod, unicode=unicode, scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key_code, mod=mod, unicode=unicode, scancode=0),
        ],
        1 / 60,
    )


def close_outcome(app: App) -> bool:
    """The player who just moved closes what their move brought them (``scenes/outcome.py``), as they
    would at the table, so the handover goes on; False when no such moment is up."""
    from bauhausbox.scenes.outcome import OutcomeScene

    top = app.top
    if not isinstance(top, OutcomeScene):
        return False
    click(app, top.done_button.rect.center)
    return True


def quit_to_menu(app: App) -> None:
    """Esc, then the pause menu's "Main menu": back to the main menu from a game."""
    from bauhausbox.scenes.main_menu import MainMenuScene

    key(app, pygame.K_ESCAPE)
    assert app.top is not None and app.top.name == "pause"
    click(app, app.top.quit_button.rect.center)  # type: ignore[attr-defined]
    assert isinstance(app.top, MainMenuScene)


def type_text(app: App, text: str) -> None:
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=text)], 1 / 60)


def open_game(
    app: App,
    game_id: str,
    players: int,
    seats: list[str] | None = None,
    seed: int = 1,
    options: dict[str, Any] | None = None,
) -> Any:
    """Start a game the way the setup screen does and return its scene (top of the stack)."""
    from bauhausbox.engine.history import SeatSpec
    from bauhausbox.scenes.flow import start_match

    texts = seats or ["human"] + ["ai:easy"] * (players - 1)
    specs = [SeatSpec.from_text(text, f"P{i + 1}") for i, text in enumerate(texts)]
    start_match(app, game_id, players, specs, dict(options or {}), seed)
    frames(app, 1)
    return app.top


def wait_until(app: App, condition: Any, limit: int = 600) -> bool:
    """Run frames until ``condition()`` holds (computer players think on a thread)."""
    import time

    for _ in range(limit):
        if condition():
            return True
        app.frame([], 1 / 60)
        time.sleep(0.005)
    return bool(condition())


def seeded_game(game_id: str, players: int, seed: int, stop_after: int | None = None, save_path: Any = None) -> Any:
    """A game played by seeded random computer players through a ``Match`` (``stop_after`` moves, or to
    the end), with a human in seat 1 and its save written to ``save_path`` when given."""
    from bauhausbox import games
    from bauhausbox.engine.bots.base import Budget, RandomBot
    from bauhausbox.engine.history import SeatSpec, Setup
    from bauhausbox.match import Match
    from bauhausbox.persistence import writer

    game = games.load(game_id)
    seats = [SeatSpec("Anni")] + [SeatSpec(f"Computer {i + 1}", "ai", "easy") for i in range(1, players)]
    options = game.normalize_options(players, {})
    setup = Setup(game_id, players, seed, tuple(seats), options)
    match = Match(setup, save_path=save_path, autosave=False)
    bot = RandomBot(seed)
    while not match.over and (stop_after is None or match.history.cursor < stop_after):
        seat = match.to_play
        match.play(bot.choose(game, game.view(match.state, seat), seat, Budget(1.0)))
    if save_path is not None:  # written once at the end (as autosave leaves it), which keeps tests fast
        match.autosave = True
        match.save()
        writer.flush()  # the autosave is written on its own thread: on disk before the test reads it
    return match


def redraw_everything(app: App) -> None:
    """Make the next frame paint what it normally keeps from earlier frames (cached backgrounds,
    button pictures), so that a recording of it (bauhausbox.ui.layout_probe) sees every text."""
    for scene in app.stack:
        scene.invalidate_static()
        for widget in scene.widgets.widgets:
            if hasattr(widget, "_cache_key"):
                widget._cache_key = None


@contextmanager
def window_size(app: App, size: tuple[int, int]) -> Iterator[App]:
    """Draw the app on an off-screen window of ``size`` inside the block (the session's window
    stays: switching display modes under the dummy driver can crash); back to the menu, the window
    and the log setting afterwards."""
    window, log_open = app.screen, app.settings.log_open
    app.screen = pygame.Surface(size)
    app._relayout()
    try:
        yield app
    finally:
        app.go_home()
        app.screen = window
        app.settings.log_open = log_open
        app._relayout()


def spy_verdicts(monkeypatch: Any, outside: pygame.Rect | None = None) -> list[bool]:
    """Every ✓ (True) and ✗ (False) the screens draw from now on (``draw.verdict_mark``), in order;
    with ``outside``, only those drawn outside that rect (Buizen's hand marks its tiles with them)."""
    from bauhausbox.ui import draw

    verdicts: list[bool] = []
    real = draw.verdict_mark

    def spy(surface: pygame.Surface, center: tuple[float, float], radius: int, legal: bool) -> pygame.Rect:
        if outside is None or not outside.collidepoint(center):
            verdicts.append(legal)
        return real(surface, center, radius, legal)

    monkeypatch.setattr(draw, "verdict_mark", spy)
    return verdicts
