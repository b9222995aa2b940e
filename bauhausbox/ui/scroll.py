"""A list longer than its box: which of its items show, the wheel, the keys, and a scroll bar that
can be dragged or clicked.

The list counts in whatever its items are (rows of equal height, or pixels): :class:`Scroll` keeps
``first`` (the first item shown) within range as the list grows and shrinks, and the scene draws
items ``first`` to ``first + shown``. :func:`draw_bar` is the house's thin bar (the game log's too),
so every list's bar looks alike.
"""

from __future__ import annotations

import pygame

from bauhausbox.ui import theme
from bauhausbox.ui.theme import Metrics

#: The keys a list answers to, and how far each moves: a number of items, a page, or to an end.
KEYS: dict[int, int | str] = {
    pygame.K_UP: -1,
    pygame.K_DOWN: 1,
    pygame.K_PAGEUP: "page up",
    pygame.K_PAGEDOWN: "page down",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
}


def draw_bar(surface: pygame.Surface, track: pygame.Rect, shown: int, total: int, first: int, m: Metrics) -> None:
    """A thin bar in ``track``: its thumb says which part (``shown`` of ``total``, from ``first``)
    is in view. Nothing when everything shows."""
    thumb = bar_thumb(track, shown, total, first, m)
    if thumb is None:
        return
    pygame.draw.rect(surface, theme.PAPER_DARK, track)
    pygame.draw.rect(surface, theme.GREY, thumb)


def bar_thumb(track: pygame.Rect, shown: int, total: int, first: int, m: Metrics) -> pygame.Rect | None:
    """Where :func:`draw_bar` draws the thumb (``None``: no bar, everything shows)."""
    if total <= shown or total <= 0 or track.height <= 0:
        return None
    length = min(track.height, max(m.u(3), round(track.height * shown / total)))
    top = track.top + round((track.height - length) * first / max(1, total - shown))
    return pygame.Rect(track.left, top, track.width, length)


class Scroll:
    """Which items of a list show (see the module's docstring). ``area`` is where the wheel works
    (the list's box) and ``track`` where the bar is; the scene sets both when it lays the list out."""

    def __init__(self) -> None:
        self.first = 0
        self.shown = 0
        self.total = 0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.track = pygame.Rect(0, 0, 0, 0)
        self._mouse = (-1, -1)
        self._drag: tuple[int, int] | None = None  # (pointer y, first) when the thumb was taken

    @property
    def needed(self) -> bool:
        """Whether the list is longer than its box (then the bar shows)."""
        return self.total > self.shown

    def resize(self, shown: int, total: int) -> None:
        """The box holds ``shown`` items of ``total`` now; the first shown stays where it can."""
        self.shown, self.total = max(0, shown), max(0, total)
        self.first = max(0, min(self.first, self.total - self.shown))

    def by(self, items: int) -> bool:
        """Scroll ``items`` down (up when negative); True when the view moved."""
        before = self.first
        self.first = max(0, min(self.first + items, self.total - self.shown))
        return self.first != before

    def key(self, key: int) -> bool:
        """Up/Down an item, Page Up/Page Down a box, Home/End to either end; True when the view moved."""
        move = KEYS.get(key)
        if move is None or not self.needed:
            return False
        page = max(1, self.shown - 1)  # a page keeps one item of the last in view
        steps = {"page up": -page, "page down": page, "home": -self.total, "end": self.total}
        return self.by(steps[move] if isinstance(move, str) else move)

    def thumb(self, m: Metrics) -> pygame.Rect | None:
        return bar_thumb(self.track, self.shown, self.total, self.first, m)

    def handle_event(self, event: pygame.event.Event, m: Metrics) -> bool:
        """The wheel over the list, the thumb dragged, a click on the bar's track (a page towards
        it). True when the event was the list's."""
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            thumb = self.thumb(m)
            if self._drag is not None and thumb is not None:
                start_y, start_first = self._drag
                room = max(1, self.track.height - thumb.height)
                self.first = start_first
                self.by(round((event.pos[1] - start_y) * (self.total - self.shown) / room))
                return True
            return False
        if event.type == pygame.MOUSEWHEEL and self.needed and self.area.collidepoint(self._mouse):
            self.by(-event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.needed:
            thumb = self.thumb(m)
            if thumb is not None and thumb.inflate(m.u(1), 0).collidepoint(event.pos):
                self._drag = (event.pos[1], self.first)
                return True
            if self.track.inflate(m.u(1), 0).collidepoint(event.pos) and thumb is not None:
                self.key(pygame.K_PAGEUP if event.pos[1] < thumb.top else pygame.K_PAGEDOWN)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        return False

    def draw(self, surface: pygame.Surface, m: Metrics) -> None:
        draw_bar(surface, self.track, self.shown, self.total, self.first, m)
