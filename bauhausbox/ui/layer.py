"""Parts of a screen drawn once and shown again from a copy until what they show changes.

Most of a game's screen looks the same from one frame to the next: the side panel, the players'
rows, the log, the board between moves. Drawing them again every frame (texts laid out, polygons
filled, a game's scores counted) is what made frames slow while computers think. A :class:`Layer`
draws its part once, on the window itself, keeps a copy of that rectangle, and from then on puts the
copy back, until the *key* it is shown with changes: the key names everything the part is drawn
from (the position, the seat whose view it is, what the pointer is over, the colour-blind setting);
the rectangle, the window's size and the players' language are added to it here.

What is drawn does not change, only how often:

- the layer owns its rectangle: it is painted over the background colour, clipped to the rectangle,
  and nothing drawn before it in the frame may overlap it (what moves over it — a held piece, the
  last move's outline, a hover — is drawn after it, every frame);
- what the layout probe (:mod:`bauhausbox.ui.layout_probe`) saw while the layer was painted (texts,
  controls, and whose secrets it drew) is told again each time the copy is shown, so the layout and
  privacy checks see every frame as it is; so are its titles, which tooltips keep off;
- a seat's secrets are safe when the seat is part of the key; and the curtain drops every layer of
  the screen (:meth:`Layers.forget`), so no copy of a hand outlives the player's turn at the screen.

When a computer's move arrives, several parts change in the same frame (the board, the panel, the
log, the bars), and painting them all at once was what made that frame slow. So the repaints are
spread over frames: once the frame has used :data:`FRAME_BUDGET` of CPU — its events, its update (a
move taken in, the log's new lines) and what it drew so far, counted from :func:`new_frame` — a
changed part that would go over it shows its old copy for this frame and is painted in a later one —
never more than :data:`MOST_LAG` frames late (33 ms at 60 Hz). The first repaint of a frame is always made, and
a part that has ever drawn a seat's secrets (:func:`layout_probe.private`), a part shown
``on_time`` (the bars: whose turn it is, a hint's words), a part never painted (the curtain dropped
it), or one whose rectangle, window or language changed is never late: a stale copy may only show
public things, only for a frame or two, and never contradicts the bars for longer.

``tests/ui/test_layers.py`` draws the games' screens with and without the copies, frame after
frame through whole games, and finds the same pixels (with the spreading off; with it on, the same
pixels once the late parts caught up).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pygame

from bauhausbox import i18n
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.theme import Colour

#: Off: every layer is painted every frame, as without them (the tests compare both ways).
caching = True
#: Off: every changed layer is painted in the frame it changed (no part shown late).
spreading = True
#: The frame's CPU time (from its start: events and update included) past which the next changed
#: parts wait for a later frame: under half of the frame's 8 ms, the rest being the copies, the
#: moving marks, the controls, and a part that must be painted now whatever it costs.
FRAME_BUDGET = 0.003
#: The most frames a changed part may be shown from its old copy.
MOST_LAG = 2

_frame = 0  # the app's frame number (new_frame)
_started = 0.0  # the window thread's CPU time when the frame began
_repaints = 0  # parts painted in this frame


def new_frame() -> None:
    """A frame starts (the app, before its events and update): its budget is whole again."""
    global _frame, _started, _repaints
    _frame += 1
    _started = time.thread_time()
    _repaints = 0


def frame_cpu() -> float:
    """CPU seconds the window's thread has used since the frame began (:func:`new_frame`)."""
    return time.thread_time() - _started


def frame_number() -> int:
    """The number of the frame being drawn (benchmarks: which layers were painted in it)."""
    return _frame


Painter = Callable[[pygame.Surface], object]


class Layer:
    """One part of a screen, in one rectangle, shown from a copy while its key stays the same."""

    def __init__(self, background: Colour = theme.PAPER) -> None:
        self.background = background
        self.paints = 0  # how many times it was painted (tests, benchmarks)
        self.area = pygame.Rect(0, 0, 0, 0)  # where it was last shown
        self._copy: pygame.Surface | None = None
        self._key: object = None
        self._seen: layout_probe.Drawn | None = None
        self._titles: list[pygame.Rect] = []  # the titles it drew, told again with the copy
        self.private = False  # it once drew a seat's secrets: never shown late
        self.cost = 0.0  # CPU seconds of its last paint
        self.painted_in = -1  # the frame of its last paint (new_frame)
        self.waited = 0  # frames it has been shown late in a row

    def forget(self) -> None:
        """Drop the copy: the next :meth:`show` paints again."""
        self._copy, self._key, self._seen = None, None, None

    def show(
        self, surface: pygame.Surface, rect: pygame.Rect, key: object, paint: Painter, on_time: bool = False
    ) -> None:
        """Show the part drawn by ``paint(surface)`` inside ``rect``: painted now when ``key`` (or
        the rectangle, the window's size, the language) differs from the last time, else copied.
        ``on_time``: never shown late (what it says is read as this moment's: the bars, a hint's words)."""
        area = self.area = pygame.Rect(rect).clip(surface.get_rect())
        clip = surface.get_clip()
        if not caching or area.width <= 0 or area.height <= 0 or not clip.contains(area):
            paint(surface)  # nothing to keep (or a caller's clip would cut the copy short)
            return
        full_key = (key, tuple(area), surface.get_size(), surface.get_bitsize(), i18n.language())
        recording = layout_probe.active()
        if self._copy is not None and (self._seen is not None or not recording):
            late = self._key != full_key
            if not late or (not on_time and self._may_wait(full_key)):
                self.waited = self.waited + 1 if late else 0
                surface.blit(self._copy, area)
                draw.tell_titles(self._titles)
                if self._seen is not None:
                    layout_probe.replay(self._seen)
                return
        global _repaints
        started, secrets = time.thread_time(), layout_probe.told_privates
        surface.set_clip(area)
        try:
            surface.fill(self.background, area)
            start = layout_probe.mark()
            titles = len(draw.titles_drawn())
            paint(surface)
            self._seen = layout_probe.since(start)
            self._titles = draw.titles_drawn()[titles:]
        finally:
            surface.set_clip(clip)
        self.private = self.private or layout_probe.told_privates != secrets
        self.cost = time.thread_time() - started
        _repaints += 1
        self.painted_in, self.waited = _frame, 0
        copy = self._copy
        if copy is None or copy.get_size() != area.size or copy.get_bitsize() != surface.get_bitsize():
            self._copy = copy = pygame.Surface(area.size, 0, surface)
        copy.blit(surface, (0, 0), area)
        self._key = full_key
        self.paints += 1

    def _may_wait(self, full_key: tuple[object, ...]) -> bool:
        """Whether this changed part may show its old copy once more (see the module's text)."""
        return (
            spreading
            and not self.private
            and self.waited < MOST_LAG
            and isinstance(self._key, tuple)
            and self._key[1:] == full_key[1:]  # the same place, window and language: only what it shows
            and _repaints > 0  # the frame's first repaint is made whatever it costs
            and frame_cpu() + self.cost > FRAME_BUDGET
        )


class Layers:
    """A screen's layers by name: ``self.layers.show("panel", surface, rect, key, paint)``."""

    def __init__(self) -> None:
        self._layers: dict[str, Layer] = {}

    def __getitem__(self, name: str) -> Layer:
        layer = self._layers.get(name)
        if layer is None:
            layer = self._layers[name] = Layer()
        return layer

    def __iter__(self) -> Iterator[Layer]:
        return iter(self._layers.values())

    def named(self) -> Iterator[tuple[str, Layer]]:
        """The layers with their names (benchmarks)."""
        return iter(self._layers.items())

    def show(
        self, name: str, surface: pygame.Surface, rect: pygame.Rect, key: object, paint: Painter, on_time: bool = False
    ) -> None:
        self[name].show(surface, rect, key, paint, on_time)

    def forget(self) -> None:
        """Drop every copy (the device passes to another player; the screen is left)."""
        for layer in self._layers.values():
            layer.forget()
