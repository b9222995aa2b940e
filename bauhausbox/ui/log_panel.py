"""A scrollable list of short sentences, newest at the bottom: the game log beside the board.

Each line carries a seat mark (colour and shape), an optional number badge, a highlight and an
optional caption above it. The panel scrolls with the wheel or by dragging its text, keeps the
newest line in view unless the player has scrolled away, and tells which line the pointer is over.
It knows nothing of games: the screen hands it the lines (``bauhausbox/scenes/game_scene.py``).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from bauhausbox import i18n
from bauhausbox.i18n import N_
from bauhausbox.ui import draw, layout_probe, scroll, theme
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Colour, Metrics

HIGHLIGHT: Colour = theme.mix(theme.PAPER, theme.YELLOW, 0.35)
FADED = 2  # lines of an entry cut by the list's top edge that fade into the panel


@dataclass(frozen=True, slots=True)
class LogLine:
    """One sentence of the log with the mark of the seat it is about."""

    text: str
    colour: Colour
    shape: str  # "": an entry no seat made (a round's end), drawn without a mark
    number: int | None = None  # a badge, matching a numbered mark on the board
    highlight: bool = False
    caption: str = ""  # a small heading drawn above the line ("Since your last turn")


@dataclass(frozen=True, slots=True)
class _Row:
    top: int  # from the top of the content
    height: int
    caption_height: int
    wrapped: tuple[str, ...]


class LogPanel:
    """The log's lines inside ``rect`` (a title on top, the lines below, a thin scroll bar)."""

    def __init__(self, title: str = N_("Game log"), empty: str = N_("No moves yet.")) -> None:
        self.title = title
        self.empty = empty
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        self.lines: tuple[LogLine, ...] = ()
        self.offset = 0  # pixels scrolled up from the newest line (0: the newest line shows)
        self.hovered: int | None = None
        self.metrics: Metrics | None = None
        self._rows: list[_Row] = []
        self._tops: list[int] = []  # each row's top, for finding rows by height
        self._content_height = 0
        self._rows_key: object = None
        self._drag: tuple[int, int] | None = None  # (pointer y, offset) when the drag began
        self._mouse = (-1, -1)
        self._lines_moved = False

    # -- contents and size --------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, metrics: Metrics) -> None:
        self.rect = rect.copy()
        self.metrics = metrics
        top = rect.top + metrics.u(4.5)
        self.body = pygame.Rect(rect.left, top, rect.width, max(0, rect.bottom - top))
        self._rows_key = None
        self._lines_moved = True

    def set_lines(self, lines: tuple[LogLine, ...]) -> None:
        """New contents. Lines added at the end keep a scrolled-away view where it was."""
        if lines == self.lines:
            return
        old_height = self._content_height
        grew = len(lines) > len(self.lines) and lines[: len(self.lines)] == self.lines
        self.lines = lines
        self._rows_key = None
        if self.offset and grew:
            self._measure()
            self.offset += self._content_height - old_height
        self.offset = min(self.offset, self.max_offset)
        self._lines_moved = True  # the hover frame follows at the next follow_pointer

    @property
    def max_offset(self) -> int:
        self._measure()
        return max(0, self._content_height - self.body.height)

    def scroll_by(self, pixels: int) -> None:
        """Scroll towards older lines (positive) or newer ones (negative)."""
        self.offset = max(0, min(self.max_offset, self.offset + pixels))
        self._hover(self._mouse)

    def _measure(self) -> None:
        m = self.metrics
        key = (self.lines, self.body.width, m)
        if key == self._rows_key or m is None:
            return
        self._rows_key = key
        size = m.small
        step = round(size * 1.25)
        text_width = max(m.u(8), self.body.width - self._text_left(m) - m.u(2.5))
        rows: list[_Row] = []
        y = 0
        for line in self.lines:
            caption_height = step if line.caption else 0
            wrapped = tuple(draw.wrap(line.text, size, text_width))
            height = caption_height + len(wrapped) * step + m.u(1)
            rows.append(_Row(y, height, caption_height, wrapped))
            y += height
        self._rows = rows
        self._tops = [row.top for row in rows]
        self._content_height = y

    @staticmethod
    def _text_left(m: Metrics) -> int:
        return m.u(5)

    def _content_top(self) -> int:
        """Screen y of the content's top: the newest line sits at the bottom of the body."""
        self._measure()
        if self._content_height <= self.body.height:
            return self.body.top
        return self.body.bottom - self._content_height + self.offset

    # -- input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel and drag scroll the lines; the pointer's line is ``hovered``. True when used."""
        if self.metrics is None or self.rect.width == 0:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            if self._drag is not None:
                start_y, start_offset = self._drag
                self.offset = max(0, min(self.max_offset, start_offset + event.pos[1] - start_y))
            self._hover(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if not self.rect.collidepoint(self._mouse):
                return False
            self.scroll_by(round(event.y * round(self.metrics.small * 1.25) * 2))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.body.collidepoint(event.pos):
            self._drag = (event.pos[1], self.offset)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hovered = self.line_at(pos)

    def follow_pointer(self) -> None:
        """After the lines moved under a pointer that did not (a move came in, a new layout), the hover
        frame, and the board's mark of its move, go to the line now under the pointer. Called between
        frames: a frame whose board was drawn with one hovered line keeps it to its end."""
        if self._lines_moved:
            self._lines_moved = False
            self._hover(self._mouse)

    def line_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the line at screen position ``pos``, if any."""
        if not self.body.collidepoint(pos):
            return None
        y = pos[1] - self._content_top()
        index = bisect.bisect_right(self._tops, y) - 1
        if 0 <= index < len(self._rows) and y < self._rows[index].top + self._rows[index].height:
            return index
        return None

    def line_rect(self, index: int) -> pygame.Rect:
        """Where line ``index`` is drawn now (it may lie outside the body when scrolled away)."""
        self._measure()
        row = self._rows[index]
        return pygame.Rect(self.body.left, self._content_top() + row.top, self.body.width, row.height)

    # -- drawing ----------------------------------------------------------------------------
    def key(self) -> object:
        """Everything :meth:`draw` draws from: a copy of the panel is good while it is the same
        (``bauhausbox/ui/layer.py``). The empty log's words too: "No moves yet." becomes nothing
        while the device passes."""
        return (self.lines, self.empty, self.offset, self.hovered, tuple(self.rect), tuple(self.body), self.metrics)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        if m is None or self.rect.width == 0:
            return
        self._measure()
        with layout_probe.box(self.rect):
            self._draw(surface, m)

    def _draw(self, surface: pygame.Surface, m: Metrics) -> None:
        title = shown(self.title)
        size = draw.fitting_size(title.upper(), m.small + 1, self.rect.width, "bold", 0.12)
        draw.heading(surface, title, (self.rect.left, self.rect.top + m.u(0.5)), size)
        pygame.draw.line(
            surface, theme.INK, (self.rect.left, self.body.top - m.u(1)), (self.rect.right, self.body.top - m.u(1)), 2
        )
        if not self.lines:
            if self.empty:  # "" says nothing (the story is not told now): never a false "No moves yet."
                draw.text(surface, shown(self.empty), (self.body.left, self.body.top), m.small, theme.GREY)
            return
        clip = surface.get_clip()
        top = self._content_top()
        step = round(m.small * 1.25)
        first = max(0, bisect.bisect_right(self._tops, self.body.top - top) - 1)
        last = bisect.bisect_right(self._tops, self.body.bottom - top)
        line_tops = (
            top + row.top + offset
            for row in self._rows[first:last]
            for offset in range(0, row.caption_height + len(row.wrapped) * step, step)
        )
        shown_part = whole_lines(self.body, line_tops, step)
        # Whole entries at the bottom: an entry cut there waits for a scroll. At the top an entry cut
        # by the edge shows its last whole lines fading into the panel, so they read as "more above"
        # (a whole-entries rule there left a hole up to an entry tall above the newest lines, and a
        # "…" before its last words read as clipped text). One entry taller than the list keeps its
        # whole lines, the best there is.
        spans = ((top + row.top, row.caption_height + len(row.wrapped) * step) for row in self._rows[first:last])
        entries = whole_items(self.body, spans)
        if entries.height >= step:
            shown_part.height = max(0, min(shown_part.bottom, entries.bottom) - shown_part.top)
        surface.set_clip(shown_part.clip(clip) if clip else shown_part)
        draw.keep_clear(surface, shown_part)  # words to read: tooltips (the hint button's) keep off them
        for index in range(first, min(last, len(self._rows))):
            line, row = self.lines[index], self._rows[index]
            y = top + row.top
            wrapped = row.wrapped
            if y < shown_part.top and entries.height >= step:  # the entry cut by the top edge
                room = sum(1 for k in range(len(wrapped)) if y + row.caption_height + k * step >= shown_part.top)
                # Only its caption cut: the whole entry shows, without the caption.
                tail = wrapped[len(wrapped) - room :] if room < len(wrapped) else wrapped
                if not tail:
                    continue
                y += row.caption_height + (len(wrapped) - len(tail)) * step
                self._draw_entry(surface, m, line, index, y, tail, row.height - (y - top - row.top), shown_part)
                if len(tail) < len(wrapped):
                    width = self.body.width - m.u(1.5)
                    draw.fade_down(surface, pygame.Rect(self.body.left, y, width, min(len(tail), FADED) * step))
                continue
            if line.caption:
                caption = shown(line.caption).upper()
                size = draw.fitting_size(caption, m.small - 2, self.body.width - m.u(1.5), "bold", 0.08)
                draw.text(surface, caption, (self.body.left, y), size, theme.RED, "bold", spacing=0.08)
                y += row.caption_height
            self._draw_entry(surface, m, line, index, y, wrapped, row.height - row.caption_height, shown_part)
        surface.set_clip(clip)
        self._draw_scroll_bar(surface, m)

    def _draw_entry(
        self,
        surface: pygame.Surface,
        m: Metrics,
        line: LogLine,
        index: int,
        y: int,
        wrapped: tuple[str, ...],
        height: int,
        shown_part: pygame.Rect,
    ) -> None:
        """One entry's highlight, seat mark and lines, its first line at ``y``."""
        step = round(m.small * 1.25)
        box = pygame.Rect(self.body.left, y, self.body.width - m.u(1.5), height - m.u(0.5))
        if line.highlight:
            pygame.draw.rect(surface, HIGHLIGHT, box)
        if index == self.hovered:
            pygame.draw.rect(surface, theme.WHITE, box)
            pygame.draw.rect(surface, line.colour, box, 2)
        mark = (self.body.left + m.u(2.2), y + step // 2 + 1)
        if line.number is not None:
            draw.badge(surface, mark, m.u(1.5), line.colour, str(line.number), max(14, m.small - 2))
        elif line.shape:  # no shape: an entry about nobody (a round's end)
            draw.seat_shape(surface, line.shape, mark, m.u(1.1), line.colour, theme.INK)
        text_left = self.body.left + self._text_left(m)
        for words in wrapped:
            if shown_part.top <= y and y + step <= shown_part.bottom:  # lines scrolled out are not drawn
                draw.text(surface, words, (text_left, y), m.small, theme.INK)
            y += step

    def _draw_scroll_bar(self, surface: pygame.Surface, m: Metrics) -> None:
        track = pygame.Rect(self.body.right - m.u(0.6), self.body.top, m.u(0.6), self.body.height)
        total, shown = self._content_height, self.body.height
        scroll.draw_bar(surface, track, shown, total, max(0, total - shown - self.offset), m)


def whole_lines(body: pygame.Rect, line_tops: Iterable[int], height: int) -> pygame.Rect:
    """The part of a scrolled list's ``body`` that shows whole lines only (lines ``height`` tall at the
    screen ``line_tops``): a line cut by the top or the bottom edge is left out, never shown half
    under the list's heading."""
    return whole_items(body, ((y, height) for y in line_tops))


def whole_items(body: pygame.Rect, spans: Iterable[tuple[int, int]]) -> pygame.Rect:
    """The part of ``body`` that shows whole items only, given each item's (screen top, height): an
    item cut by the top or the bottom edge is left out (a line, or a log entry of several lines)."""
    top, bottom = body.top, body.bottom
    for y, height in spans:
        if y < body.top < y + height:
            top = max(top, y + height)
        if y < body.bottom < y + height:
            bottom = min(bottom, y)
    return pygame.Rect(body.left, top, body.width, max(0, bottom - top))


class NoticeWords:
    """The words of a notice that stays until dismissed (a round's end, a power used): wrapped once
    per text and width, and drawn as an ink box with a red edge and a closing ×."""

    def __init__(self) -> None:
        self._key: object = None
        self._lines: list[str] = []

    def lines(self, text: str, width: int, metrics: Metrics) -> list[str]:
        key = (text, width, metrics, i18n.language())
        if key != self._key:
            self._key = key
            self._lines = draw.wrap(shown(text), metrics.small, width - metrics.u(6), "semibold")
        return self._lines

    def height(self, text: str, width: int, metrics: Metrics) -> int:
        return len(self.lines(text, width, metrics)) * round(metrics.small * 1.25) + metrics.u(2.5)

    def draw(self, surface: pygame.Surface, text: str, rect: pygame.Rect, metrics: Metrics) -> None:
        m = metrics
        pygame.draw.rect(surface, theme.INK, rect)
        pygame.draw.rect(surface, theme.RED, (rect.left, rect.top, m.u(1), rect.height))
        y = rect.top + m.u(1.25)
        for line in self.lines(text, rect.width, m):
            draw.text(surface, line, (rect.left + m.u(2.5), y), m.small, theme.WHITE, "semibold")
            y += round(m.small * 1.25)
        cross = (rect.right - m.u(2), rect.top + m.u(2))
        draw.text(surface, "×", cross, m.body, theme.WHITE, "bold", "center")
