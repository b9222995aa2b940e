"""What one frame put where: a record of every text, widget and tooltip drawn, for the layout check.

The drawing helpers (:mod:`bauhausbox.ui.draw`, :mod:`bauhausbox.ui.widgets`) report here what they
draw, and the screens report whose secrets they draw (:func:`private`). Nothing is kept unless a
recording is on (one ``None`` test per draw otherwise), so the app pays nothing for it. The layout
test (``tests/ui/test_layout.py``) turns it on for one frame of every scene and state and checks the
record: text inside its box, button labels with room, no two controls on top of each other, tooltips
inside the window and off their control and the other controls' labels, text large enough, and no
text over a picture that must stay clear (:func:`figure`: a tray's pieces).

A scene says where its texts must stay with :func:`box` (``with layout_probe.box(panel_rect): ...``)
and names its own interactive areas (a tray slot, a card) with :func:`control`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

import pygame


@dataclass(frozen=True)
class TextDraw:
    """A piece of text: where it went, its font size, and the box it had to stay in (if any)."""

    content: str
    rect: pygame.Rect
    size: int
    box: pygame.Rect | None
    role: str  # "body" (prose a player reads), "secondary" (captions, labels) or "label" (on a control)
    layer: int = 0  # which scene of the stack drew it


@dataclass(frozen=True)
class ControlDraw:
    """Something the player clicks: a widget, or an area a scene names (a card, a tray slot)."""

    name: str
    rect: pygame.Rect
    label: pygame.Rect | None = None  # where its words went, for the padding rule
    layer: int = 0  # which scene of the stack drew it: a dialog may cover the scene below


@dataclass(frozen=True)
class TooltipDraw:
    content: str
    rect: pygame.Rect
    control: pygame.Rect
    layer: int = 0  # the scene that drew it: it must keep off the labels of that scene's controls


@dataclass(frozen=True)
class FigureDraw:
    """A picture no text may be drawn over (a piece in a tray): its label goes beside it."""

    name: str
    rect: pygame.Rect
    layer: int = 0


@dataclass(frozen=True)
class PanelDraw:
    """A scene's panel over the screen (a dialog's box): that scene's controls must lie inside it."""

    rect: pygame.Rect
    layer: int = 0


@dataclass(frozen=True)
class PrivateDraw:
    """A seat's private material drawn (its hand, secret colour, hint, pending choice): the privacy
    check fails a frame that shows it while another seat holds the device."""

    seat: int
    what: str


@dataclass
class Record:
    """Everything drawn while the recording was on (the last frame's, normally)."""

    surface_size: tuple[int, int] = (0, 0)
    texts: list[TextDraw] = field(default_factory=list)
    controls: list[ControlDraw] = field(default_factory=list)
    tooltips: list[TooltipDraw] = field(default_factory=list)
    figures: list[FigureDraw] = field(default_factory=list)
    privates: list[PrivateDraw] = field(default_factory=list)
    panels: list[PanelDraw] = field(default_factory=list)
    # Content a tooltip must keep off (draw.keep_clear: a record box, a row's title, an illustration).
    contents: list[PanelDraw] = field(default_factory=list)
    layer: int = 0
    _boxes: list[pygame.Rect] = field(default_factory=list)
    _canvases: list[tuple[tuple[int, int], tuple[int, int]]] = field(default_factory=list)
    _roles: list[str] = field(default_factory=list)

    def clear(self) -> None:
        self.texts.clear()
        self.controls.clear()
        self.tooltips.clear()
        self.figures.clear()
        self.privates.clear()
        self.panels.clear()
        self.contents.clear()


_record: Record | None = None
#: How many times a seat's private material was drawn since the start, recorded or not.
told_privates = 0


@contextmanager
def recording(surface_size: tuple[int, int]) -> Iterator[Record]:
    """Record what is drawn on a window of ``surface_size`` inside the ``with`` block (the layout
    test, not the app)."""
    global _record
    previous, _record = _record, Record(surface_size)
    try:
        yield _record
    finally:
        _record = previous


def active() -> bool:
    return _record is not None


def next_layer() -> None:
    """The next scene of the stack starts drawing (over the ones before it)."""
    if _record is not None:
        _record.layer += 1


@contextmanager
def box(rect: pygame.Rect, role: str | None = None) -> Iterator[None]:
    """Texts drawn inside the block must stay inside ``rect`` (a panel, a card, a caption's space);
    ``role`` sets the kind of text they are ("body", "secondary", "label")."""
    record = _record
    if record is None:
        yield
        return
    record._boxes.append(pygame.Rect(rect))
    if role:
        record._roles.append(role)
    try:
        yield
    finally:
        record._boxes.pop()
        if role:
            record._roles.pop()


@contextmanager
def canvas(size: tuple[int, int], at: tuple[int, int]) -> Iterator[None]:
    """Texts drawn inside the block on a surface of ``size`` (a widget's cached picture) land in
    the window at ``at``: they are recorded where they will show."""
    record = _record
    if record is None:
        yield
        return
    record._canvases.append((size, at))
    try:
        yield
    finally:
        record._canvases.pop()


@contextmanager
def role(kind: str) -> Iterator[None]:
    """Texts drawn inside the block are of this kind ("body" prose, by default "secondary")."""
    record = _record
    if record is None:
        yield
        return
    record._roles.append(kind)
    try:
        yield
    finally:
        record._roles.pop()


@dataclass(frozen=True)
class Drawn:
    """What was recorded while one part of the screen was drawn (see :func:`since`)."""

    texts: tuple[TextDraw, ...]
    controls: tuple[ControlDraw, ...]
    tooltips: tuple[TooltipDraw, ...]
    privates: tuple[PrivateDraw, ...]
    contents: tuple[PanelDraw, ...] = ()  # words kept clear (a log's lines): still to read from a copy


def mark() -> tuple[int, int, int, int, int] | None:
    """Where the record stands now (``None`` when nothing is recorded), for :func:`since`."""
    record = _record
    if record is None:
        return None
    return len(record.texts), len(record.controls), len(record.tooltips), len(record.privates), len(record.contents)


def since(start: tuple[int, int, int, int, int] | None) -> Drawn | None:
    """What was recorded after :func:`mark` gave ``start``: a part of the screen drawn once and shown
    again from a copy (:mod:`bauhausbox.ui.layer`) tells it again with :func:`replay`."""
    record = _record
    if record is None or start is None:
        return None
    texts, controls, tooltips, privates, contents = start
    return Drawn(
        tuple(record.texts[texts:]),
        tuple(record.controls[controls:]),
        tuple(record.tooltips[tooltips:]),
        tuple(record.privates[privates:]),
        tuple(record.contents[contents:]),
    )


def replay(drawn: Drawn) -> None:
    """Record ``drawn`` again: the same pixels are on the screen in this frame, from a copy."""
    record = _record
    if record is None:
        return
    record.texts.extend(drawn.texts)
    record.controls.extend(replace(control, layer=record.layer) for control in drawn.controls)
    record.tooltips.extend(replace(tip, layer=record.layer) for tip in drawn.tooltips)
    record.privates.extend(drawn.privates)
    record.contents.extend(replace(content, layer=record.layer) for content in drawn.contents)


def text(content: str, rect: pygame.Rect, size: int, surface_size: tuple[int, int]) -> None:
    """A text was drawn. Only texts on a window-sized surface (the screen, or a full-size layer or
    cached background) are kept: elsewhere (a button's cached picture) the coordinates are not the
    window's, and the owner reports its text itself (see :func:`control`)."""
    record = _record
    if record is None or not content.strip():
        return
    if surface_size != record.surface_size:
        canvas = record._canvases[-1] if record._canvases else None
        if canvas is None or canvas[0] != surface_size:
            return
        rect = rect.move(canvas[1])
    record.texts.append(
        TextDraw(
            content,
            pygame.Rect(rect),
            size,
            pygame.Rect(record._boxes[-1]) if record._boxes else None,
            record._roles[-1] if record._roles else "secondary",
            record.layer,
        )
    )


def control(name: str, rect: pygame.Rect, label: pygame.Rect | None = None) -> None:
    record = _record
    if record is None or rect.width <= 0 or rect.height <= 0:
        return
    record.controls.append(ControlDraw(name, pygame.Rect(rect), pygame.Rect(label) if label else None, record.layer))


# The name of an action card's picture (a figure): the layout check holds it to a least size.
CARD_PICTURE = "card picture"


def figure(name: str, rect: pygame.Rect) -> None:
    """A picture was drawn that no text of its scene may cover (a tray's piece, under its label)."""
    record = _record
    if record is None or rect.width <= 0 or rect.height <= 0:
        return
    record.figures.append(FigureDraw(name, pygame.Rect(rect), record.layer))


def panel(rect: pygame.Rect) -> None:
    """A scene drew its panel (a dialog's box): every control of that scene belongs inside it."""
    record = _record
    if record is None or rect.width <= 0 or rect.height <= 0:
        return
    record.panels.append(PanelDraw(pygame.Rect(rect), record.layer))


def content(rect: pygame.Rect) -> None:
    """Words or a picture to read (``draw.keep_clear``): no tooltip of the same scene may cover it."""
    record = _record
    if record is None or rect.width <= 0 or rect.height <= 0:
        return
    record.contents.append(PanelDraw(pygame.Rect(rect), record.layer))


def tooltip(content: str, rect: pygame.Rect, control_rect: pygame.Rect) -> None:
    record = _record
    if record is None:
        return
    record.tooltips.append(TooltipDraw(content, pygame.Rect(rect), pygame.Rect(control_rect), record.layer))


def private(seat: int, what: str) -> None:
    """``seat``'s private material was drawn ("hand", "colour", "hint", ...): the drawers of secrets
    say whose secret they draw, so that a test can check every frame against who may look."""
    global told_privates
    told_privates += 1  # counted even unrecorded: a layer with secrets never lags (ui/layer.py)
    record = _record
    if record is None:
        return
    record.privates.append(PrivateDraw(seat, what))
