"""Pieces of layout shared by the menu-like scenes: the poster frame, centred panels, button columns."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

import pygame

from bauhausbox import games
from bauhausbox.games import REGISTRY
from bauhausbox.i18n import _
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import Scene
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Colour, Metrics
from bauhausbox.ui.widgets import Widget


class ClosesOnEscape(Scene):
    """A screen on top of the others that keeps every event to itself: its widgets first, then Esc
    closes it (the settings, the Load screen, the game-over table)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
        return True  # nothing reaches the scenes underneath


class Emblem(NamedTuple):
    """A game's emblem on the main menu: what paints its square field, and the accent of its card."""

    paint: Callable[[pygame.Surface, pygame.Rect], None]
    accent: Colour


def game_title(game_id: str, options: Mapping[str, object] | None = None) -> str:
    """A game's title as players read it (the id of a game this version does not know). Given a saved
    game's ``options``, a variant that is a game of its own is named ("Blokus Duo", from its option's
    ``titles``), and a solo game also names what was chosen ("Blokus puzzles · Pentominoes"): its
    saves differ only in that."""
    if game_id not in REGISTRY:
        return game_id
    title = _(REGISTRY[game_id].title)
    if not options:
        return title
    info = games.load(game_id).info
    for spec in info.options:
        named = [name for value, name in spec.titles if spec.key in options and options[spec.key] == value]
        if named:
            return _(named[0])
    if info.max_players != 1:
        return title
    chosen = [
        _(label)
        for spec in info.options
        for value, label in spec.choices
        if spec.key in options and options[spec.key] == value
    ]
    return "  ·  ".join([title, *chosen])


def poster_background(surface: pygame.Surface, metrics: Metrics, accent: str = "default") -> None:
    """Paper with the poster's flat geometry along the edges (never under text). Nothing runs along
    the top edge: a dark band there read as a fault of the window under its title bar."""
    surface.fill(theme.PAPER)
    w, h = metrics.width, metrics.height
    u = metrics.u
    pygame.draw.circle(surface, theme.YELLOW, (w - u(6), h - u(4)), u(16))
    pygame.draw.rect(surface, theme.BLUE, (0, h - u(5), u(40), u(5)))
    pygame.draw.rect(surface, theme.RED, (w - u(3), 0, u(3), h // 3))


def centered_panel(metrics: Metrics, width_units: float, height_units: float) -> pygame.Rect:
    rect = pygame.Rect(
        0,
        0,
        min(metrics.width - metrics.u(4), metrics.u(width_units)),
        min(metrics.height - metrics.u(4), metrics.u(height_units)),
    )
    rect.center = (metrics.width // 2, metrics.height // 2)
    return rect


def stack_vertically(widgets: Sequence[Widget], left: int, top: int, width: int, height: int, gap: int) -> int:
    """Place widgets in a column; returns the y below the last one."""
    y = top
    for widget in widgets:
        widget.rect = pygame.Rect(left, y, width, height)
        y += height + gap
    return y


#: How much of the paper colour washes the screen behind a modal window (of 255). Strong enough that
#: what the window half covers (the ends of the log's lines, a row of buttons) reads as background,
#: not as something to act on, and that no words behind can be read (the hand-off's white words on
#: its ink curtain read through a sixth, and still through a seventeenth): a thirty-second of each
#: colour's contrast is left, a faint shape of what is behind.
MODAL_VEIL = 248


def overlay_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    metrics: Metrics,
    title: str,
    accent: theme.Colour = theme.RED,
    unveiled: pygame.Rect | None = None,
) -> None:
    """A dialog panel over a veiled scene: white field, heavy border, a coloured bar, a title (shown
    in the players' language: a marked constant, :class:`~bauhausbox.engine.api.Words` or a text
    already translated; made smaller, then broken into lines, when the panel is too narrow for it,
    see :func:`title_lines`). ``unveiled``: an area of the scene left clear (what the dialog asks about)."""
    if unveiled is None:
        draw.veil(surface, MODAL_VEIL)
    else:
        clip = surface.get_clip()
        for strip in _around(surface.get_rect(), unveiled):
            surface.set_clip(strip)
            draw.veil(surface, MODAL_VEIL)
        surface.set_clip(clip)
    draw.shadow_rect(surface, rect, metrics.u(1.25))
    layout_probe.panel(rect)
    pygame.draw.rect(surface, theme.WHITE, rect)
    pygame.draw.rect(surface, theme.INK, rect, metrics.rule)
    pygame.draw.rect(surface, accent, (rect.left, rect.top, rect.width, metrics.u(1.25)))
    size, lines = title_lines(title, rect.width, metrics)
    y = rect.top + metrics.u(4)
    for line in lines:
        draw.heading(surface, line, (rect.left + metrics.u(4), y), size)
        y += round(size * 1.15)


def title_lines(title: str, panel_width: int, metrics: Metrics) -> tuple[int, list[str]]:
    """The size and lines of a panel's title: one line at the heading size when it fits, else smaller
    (down to the body size), else broken into lines."""
    return draw.heading_lines(shown(title), metrics.heading, panel_width - metrics.u(8), metrics.body)


def _around(window: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``window`` outside ``hole``: above, below, left and right of it."""
    hole = hole.clip(window)
    return [
        pygame.Rect(window.left, window.top, window.width, hole.top - window.top),
        pygame.Rect(window.left, hole.bottom, window.width, window.bottom - hole.bottom),
        pygame.Rect(window.left, hole.top, hole.left - window.left, hole.height),
        pygame.Rect(hole.right, hole.top, window.right - hole.right, hole.height),
    ]
