"""The application window and its scenes: the scene stack, the 60 fps loop, toasts, crash guards.

The app keeps a stack of :class:`Scene` objects. Events go to the top scene only (it may pass them
down by returning False when it is not ``modal``); every frame the top scene is updated and the
scenes are drawn bottom-up from the highest ``opaque`` one, so overlays (pause menu, dialogs) show
the game underneath.

Lifecycle of a scene, in order:
1. ``__init__(app, ...)`` — build widgets; do not assume a window size yet.
2. ``on_enter()`` — pushed on the stack; ``layout(metrics)`` follows at once.
3. ``layout(metrics)`` — place everything for the window size; called again on every resize.
4. per frame: ``handle_event(event)`` for each event (top scene), ``update(dt)``, ``draw(surface)``.
5. ``on_cover()`` / ``on_uncover()`` — another scene was pushed on top / popped off.
6. ``on_exit()`` — popped or replaced; release timers, cancel background work.
Scenes never change game state themselves: they turn gestures into moves and ask the rules.

The window knows no particular scene: whoever builds the :class:`App` hands it ``home``, the
factory of the first scene (the main menu), which :meth:`App.go_home` shows again ("back to the
menu"). ``bauhausbox.app_main.run_app()`` is what the ``bauhausbox`` command calls. Tests and the
smoke check build an :class:`App` once (dummy video driver) and drive it with :meth:`App.frame` and
synthetic events. A bug in a scene never closes the window: the error is logged, a toast says so,
and the app carries on (the game itself is safe in its autosave).
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from typing import Any

import pygame

from bauhausbox import __version__, i18n
from bauhausbox.engine.api import Words
from bauhausbox.engine.bots.base import FOREGROUND_IDLE
from bauhausbox.persistence import saves, store, writer
from bauhausbox.persistence.models import Settings
from bauhausbox.ui import draw, layer, layout_probe, theme
from bauhausbox.ui.layer import Layers
from bauhausbox.ui.sound import SoundManager
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import WidgetGroup
from bauhausbox.ui.window_fit import at_least_minimum, centred, fit_size, fit_window, kept_on

log = logging.getLogger(__name__)

# The smallest window every screen is laid out for (tests/ui/test_layout.py checks this size).
MIN_SIZE = (1024, 640)
FPS = 60


def settle_heap() -> None:
    """Collect the garbage now and freeze what survives, so the collector's full passes leave it alone.

    A full pass of Python's cycle collector walks every object (30,000 to 70,000 with a game open)
    and took 18 to 38 ms, in whichever frame it fell: a dropped frame. Objects frozen here (rules
    tables, fonts, the screen and its caches) are never walked again; the passes during the game see
    only what was made since. The next new screen unfreezes them first, so what has become garbage
    by then is collected, not kept. The app calls it between frames (:meth:`App.after_frame`)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


class Scene:
    opaque = True  # draws the whole window (scenes below need not be drawn)
    modal = True  # events never fall through to the scene below
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets = WidgetGroup()
        self.metrics = app.metrics
        self._static: pygame.Surface | None = None
        self._static_key: object = None
        self._static_titles: list[pygame.Rect] = []  # the titles drawn on the cached background
        self.layers = Layers()  # parts of the screen shown from a copy until they change (ui/layer.py)

    # -- lifecycle --------------------------------------------------------------------------
    def on_enter(self) -> None: ...

    def on_exit(self) -> None: ...

    def on_cover(self) -> None: ...

    def on_uncover(self) -> None: ...

    def layout(self, metrics: Metrics) -> None:
        self.metrics = metrics

    # -- per frame --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used. The base class feeds the widgets."""
        return self.widgets.handle_event(event)

    def update(self, dt: float) -> None: ...

    def begin_frame(self) -> None:
        """A frame starts (before its events), for every scene on the stack: a scene showing what
        another thread changes takes its one look at it here (a table across computers)."""

    def end_frame(self) -> None:
        """The frame is drawn."""

    def draw(self, surface: pygame.Surface) -> None:
        self.widgets.draw(surface, self.metrics)

    def draw_static(self, surface: pygame.Surface) -> None:
        """Draw what does not change between frames (backgrounds, posters, headings). Cached per
        window size by :meth:`blit_static`; call :meth:`invalidate_static` when it must change."""

    def blit_static(self, surface: pygame.Surface) -> None:
        key = (self.metrics.width, self.metrics.height)
        if self._static is None or self._static_key != key:
            self._static = pygame.Surface(key).convert()
            titles = len(draw.titles_drawn())
            self.draw_static(self._static)
            self._static_titles = draw.titles_drawn()[titles:]
            self._static_key = key
        else:
            draw.tell_titles(self._static_titles)  # its titles are on the screen again, from the copy
        surface.blit(self._static, (0, 0))

    def invalidate_static(self) -> None:
        self._static = None
        self.layers.forget()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after ``draw`` (tooltips)."""
        self.widgets.draw_tooltip(surface, self.metrics)


class Toast:
    def __init__(self, message: str, kind: str, seconds: float) -> None:
        self.message = message
        self.kind = kind
        self.until = time.monotonic() + seconds


#: Builds the app's first scene (the main menu) for a given app.
SceneFactory = Callable[["App"], Scene]


class App:
    """The window and its scene stack. Whoever builds it does the app's start-up first (cleaning up
    the saves, loading the settings, choosing the language: ``bauhausbox.app_main.open_app``) and
    hands it the ``settings``, which the app then owns: every change goes through
    :meth:`save_settings`. ``size`` opens the window at exactly that size (tests, the smoke check,
    benchmarks); without it the remembered size and position are used where they fit the desktop."""

    def __init__(
        self, home: SceneFactory, settings: Settings, windowed: bool = False, size: tuple[int, int] | None = None
    ) -> None:
        self.home = home
        self.settings = settings
        # Hand the interpreter lock back and forth every 1 ms instead of 5 ms, so the window gets it
        # promptly while a computer player thinks on its thread (measured: 39 -> 45+ fps, Blokus).
        sys.setswitchinterval(0.001)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(f"bauhausbox {__version__}")
        self.fullscreen = self.settings.fullscreen and not windowed
        position: tuple[int, int] | None = None
        if size is not None:
            self.windowed_size = size
        else:
            x, y = self.settings.window_x, self.settings.window_y
            width, height = self.settings.window_width, self.settings.window_height
            placement = fit_window(
                self.desktop_size(),
                (width, height) if width is not None and height is not None else None,  # remembered wins
                (x, y) if x is not None and y is not None else None,
                MIN_SIZE,
            )
            self.windowed_size, position = placement.size, placement.position
        self.screen = self._open_window(position)
        self.metrics = Metrics(*self.screen.get_size())
        self.sound = SoundManager(self.settings)
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.toasts: list[Toast] = []
        self.running = True
        self.frame_times: list[float] = []  # seconds of work per frame (without the wait), for benchmarks
        self.frames = 0
        self._settings_dirty = False
        self._new_screen = False

    # -- window ------------------------------------------------------------------------------
    @staticmethod
    def desktop_size() -> tuple[int, int]:
        """The size of the primary desktop (where SDL opens the window and counts positions from)."""
        sizes = pygame.display.get_desktop_sizes()
        return sizes[0] if sizes else MIN_SIZE

    def _open_window(self, position: tuple[int, int] | None) -> pygame.Surface:
        """(Re)open the window: fullscreen, or windowed at ``windowed_size`` and ``position`` (None:
        centred on the desktop)."""
        if self.fullscreen:
            # Without a window manager to place it (a bare X server), a fullscreen window stays
            # where the window was: put it at the desktop's corner first.
            self._place((0, 0))
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        if position is None:
            position = centred(self.windowed_size, self.desktop_size())
        # SDL reads the position when it creates the window, so it appears in place at once; later
        # (leaving fullscreen, a size from the settings) the window is moved.
        previous = os.environ.get("SDL_VIDEO_WINDOW_POS")
        os.environ["SDL_VIDEO_WINDOW_POS"] = f"{position[0]},{position[1]}"
        try:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        finally:
            if previous is None:
                os.environ.pop("SDL_VIDEO_WINDOW_POS", None)
            else:
                os.environ["SDL_VIDEO_WINDOW_POS"] = previous
        self._place(position)
        return screen

    @staticmethod
    def _place(position: tuple[int, int]) -> None:
        """Move the window, if there is one and the video driver lets the app place it."""
        if pygame.display.get_surface() is None:
            return
        try:
            pygame.display.set_window_position(position)
        except pygame.error:  # some video drivers (Wayland) place windows themselves
            log.info("the window cannot be moved on this video driver")

    def toggle_fullscreen(self) -> None:
        """F11 and the settings: into fullscreen, or back to a window that fits the desktop, centred."""
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        if not self.fullscreen:
            self.windowed_size = fit_size(self.windowed_size, self.desktop_size(), MIN_SIZE)
        self.save_settings()
        self.screen = self._open_window(None)
        self._relayout()

    def set_window_size(self, size: tuple[int, int], anchor: Callable[[], tuple[int, int]] | None = None) -> None:
        """A window of ``size`` (one the settings offer); leaves fullscreen. ``anchor`` gives a point
        of the window (the control being clicked) before and after the change: the window moves so
        that it stays where it was on the desktop, under the pointer; without one the window keeps
        its top-left corner. Either way it stays whole on the desktop."""
        was_fullscreen = self.fullscreen
        self.fullscreen = self.settings.fullscreen = False
        desktop = self.desktop_size()
        self.windowed_size = fit_size(size, desktop, MIN_SIZE)
        self.settings.window_width, self.settings.window_height = self.windowed_size
        corner = None if was_fullscreen else self._window_position()
        before = anchor() if anchor is not None and corner is not None else None
        self.screen = self._open_window(None if corner is None else kept_on(self.windowed_size, corner, desktop))
        self._relayout()
        if corner is not None and before is not None and anchor is not None:
            after = anchor()
            wanted = (corner[0] + before[0] - after[0], corner[1] + before[1] - after[1])
            self._place(kept_on(self.windowed_size, wanted, desktop))
        self.save_settings()

    def _window_position(self) -> tuple[int, int] | None:
        """Where the window is on the desktop, when the video driver says (else ``None``)."""
        try:
            x, y = pygame.display.get_window_position()
        except (pygame.error, AttributeError):
            return None
        return (x, y)

    def set_language(self, code: str) -> None:
        """Speak ``code`` ("system", "en", "fr") from the next frame on, and remember it. Screens
        translate as they draw; layouts are redone because the words' widths changed."""
        self.settings.language = code  # type: ignore[assignment]  # a choice of the settings screen
        self.save_settings()
        i18n.set_language(code)
        self._relayout()
        for scene in self.stack:
            scene.invalidate_static()

    def _relayout(self) -> None:
        self.metrics = Metrics(*self.screen.get_size())
        for scene in self.stack:
            # Widgets move: a tooltip shown for where the pointer was would be drawn far from it.
            scene.widgets.forget_hover()
            self._guard(scene, scene.layout, self.metrics)

    def _resized(self, width: int, height: int) -> None:
        if self.fullscreen:
            return
        self.windowed_size = at_least_minimum((width, height), self.desktop_size(), MIN_SIZE)
        if self.windowed_size != (width, height):  # dragged below what every layout supports
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface() or self.screen
        self.settings.window_width, self.settings.window_height = self.windowed_size
        self._settings_dirty = True
        self._relayout()

    def _moved(self, x: int, y: int) -> None:
        if self.fullscreen:
            return
        self.settings.window_x, self.settings.window_y = x, y
        self._settings_dirty = True

    def save_settings(self) -> None:
        try:
            saves.save_settings(self.settings)
            self._settings_dirty = False
        except OSError as error:
            self.toast(Words("Could not save settings: {reason}", reason=error.strerror or str(error)), "error")

    # -- scene stack -------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        if self.stack:
            # The pointer now works on the new scene: the covered one's tooltip must not come back
            # when it is uncovered (the pointer will be somewhere else by then).
            self.stack[-1].widgets.forget_hover()
            self._guard(self.stack[-1], self.stack[-1].on_cover)
        self.stack.append(scene)
        self._guard(scene, scene.on_enter)
        self._guard(scene, scene.layout, self.metrics)
        if scene.opaque:
            self._new_screen = True  # settled after this frame: see after_frame
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        """Pop the top scene (or, when given, ``scene`` and everything above it)."""
        if scene is not None and scene not in self.stack:
            return
        target = scene or self.top
        while self.stack:
            current = self.stack.pop()
            self._guard(current, current.on_exit)
            if current is target:
                break
        if self.top:
            self.top.widgets.forget_hover()
            self._guard(self.top, self.top.on_uncover)
            self._guard(self.top, self.top.layout, self.metrics)

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            current = self.stack.pop()
            self._guard(current, current.on_exit)
        return self.push(scene)

    def reset_to(self, scene: Scene) -> Scene:
        """Clear the stack (e.g. back to the main menu) and show ``scene``."""
        while self.stack:
            current = self.stack.pop()
            self._guard(current, current.on_exit)
        return self.push(scene)

    def go_home(self) -> Scene:
        """Clear the stack and show a fresh first scene (the main menu) from the ``home`` factory."""
        return self.reset_to(self.home(self))

    def quit(self) -> None:
        self.running = False

    # -- messages ------------------------------------------------------------------------------
    def toast(self, message: str, kind: str = "info", seconds: float = 4.0) -> None:
        """A short message at the bottom of the window (kind: info, error). ``message`` is shown in
        the players' language when drawn (:func:`~bauhausbox.ui.text.shown`): a marked constant, a
        :class:`~bauhausbox.engine.api.Words`, or a text already translated."""
        log.info("toast: %s", message)
        self.toasts.append(Toast(message, kind, seconds))
        del self.toasts[:-3]

    # -- the loop ------------------------------------------------------------------------------
    def frame(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame: events to the top scene, update, draw bottom-up from the top opaque scene."""
        started = time.perf_counter()
        FOREGROUND_IDLE.clear()  # thinking computer players pause until this frame is drawn
        try:
            self._frame(events, dt)
        finally:
            FOREGROUND_IDLE.set()
        self.frame_times.append(time.perf_counter() - started)
        if len(self.frame_times) > 2000:
            del self.frame_times[:1000]

    def after_frame(self) -> None:
        """The loop's housekeeping between a frame and the wait for the next tick (:meth:`run`, and the
        benchmark's loop): settings changed by a resize are saved once a second, and after the frame
        that opened a new screen (a scene that draws the whole window) the heap is settled
        (:func:`settle_heap`) — that frame was late anyway, the ones after it are not."""
        if self._settings_dirty and self.frames % 60 == 0:
            self.save_settings()
        if self._new_screen:
            self._new_screen = False
            settle_heap()

    def report_set_aside(self) -> None:
        """Tell the player, in one message, about every unreadable file set aside since the last
        frame (settings, statistics, puzzle records, bests: whoever read it)."""
        notices = store.take_notices()
        if notices:
            self.toast(store.notices_message(notices), "error", 12)

    def _frame(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        layer.new_frame()  # the frame's CPU budget, before a part waits for the next (ui/layer.py)
        scenes = list(self.stack)
        for scene in scenes:
            self._guard(scene, scene.begin_frame)
        try:
            self._frame_body(events, dt)
        finally:
            for scene in scenes:
                self._guard(scene, scene.end_frame)

    def _frame_body(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        self.report_set_aside()
        for event in events:
            self._dispatch(event)
            if not self.running:
                return
        top = self.top
        if top is None:
            self.running = False
            return
        self._guard(top, top.update, dt)
        self._draw()
        self.frames += 1

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self._resized(event.w, event.h)
            return
        if event.type == pygame.WINDOWMOVED:
            self._moved(event.x, event.y)
            return
        if event.type == pygame.WINDOWLEAVE:  # the pointer left the window: no tooltip stays behind
            for scene in self.stack:
                scene.widgets.forget_hover()
            return
        if event.type == pygame.WINDOWENTER:  # it came in (or the window opened under it): no tooltip yet
            for scene in self.stack:
                scene.widgets.pointer_entered()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and self.top:  # a key pressed: no tooltip until the pointer moves
            self.top.widgets.key_pressed()
        if event.type == pygame.MOUSEMOTION and self.top:
            # The tooltip follows the pointer whatever the scene does with the motion (a drag keeps it).
            self.top.widgets.pointer_at(event.pos)
        for scene in reversed(list(self.stack)):
            used = self._guard(scene, scene.handle_event, event)
            if used or scene.modal:
                break

    def _draw(self) -> None:
        surface = self.screen
        start = 0
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index].opaque:
                start = index
                break
        else:
            surface.fill(theme.PAPER)
        for scene in self.stack[start:]:
            layout_probe.next_layer()
            draw.forget_titles(surface.get_size())  # the tooltips of the top scene keep off its own titles
            self._guard(scene, scene.draw, surface)
        if self.top:
            self._guard(self.top, self.top.draw_overlay, surface)
        layout_probe.next_layer()  # toasts float above every scene, for a few seconds
        self._draw_toasts(surface)
        pygame.display.flip()

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        now = time.monotonic()
        self.toasts = [t for t in self.toasts if t.until > now]
        m = self.metrics
        y = surface.get_height() - m.u(10)
        for toast in reversed(self.toasts):
            width = min(surface.get_width() - m.u(8), m.u(90))
            lines = draw.wrap(shown(toast.message), m.body, width - m.u(4))
            height = len(lines) * round(m.body * 1.3) + m.u(3)
            box = pygame.Rect(0, 0, width, height)
            box.midbottom = (surface.get_width() // 2, y)
            fill = theme.RED if toast.kind == "error" else theme.INK
            draw.shadow_rect(surface, box, m.u(0.75))
            pygame.draw.rect(surface, fill, box)
            ty = box.top + m.u(1.5)
            for line in lines:
                draw.text(surface, line, (box.centerx, ty), m.body, theme.WHITE, "semibold", "midtop")
                ty += round(m.body * 1.3)
            y = box.top - m.u(1.5)

    def _guard(self, scene: Scene, function: Any, *args: Any) -> Any:
        """Call a scene method; on a bug, log it and tell the player instead of crashing."""
        try:
            return function(*args)
        except Exception as error:  # the app must never crash on a click
            log.error(
                "error in %s.%s:\n%s", type(scene).__name__, getattr(function, "__name__", "?"), traceback.format_exc()
            )
            what = f"{type(error).__name__}: {error}"
            self.toast(Words("Something went wrong ({error}). Your game is saved.", error=what), "error", 6)
            if os.environ.get("BAUHAUSBOX_RAISE"):  # tests want the traceback
                raise
            return True

    def run(self) -> None:
        exit_after_first = bool(os.environ.get("BAUHAUSBOX_EXIT_AFTER_FIRST_FRAME"))
        dt = 0.0
        while self.running:
            self.frame(pygame.event.get(), dt)
            if exit_after_first and self.frames == 1:
                print("first-frame", flush=True)
                break
            self.after_frame()
            dt = self.clock.tick(FPS) / 1000.0
        while self.stack:
            scene = self.stack.pop()
            self._guard(scene, scene.on_exit)
        if self._settings_dirty:
            self.save_settings()
        writer.flush()  # the window closes once the last move's save is on disk
