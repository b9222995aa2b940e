"""Widgets with one look: buttons (hover / pressed / disabled), choices, toggles, sliders, text fields.

Every widget has a ``rect`` set by its scene's layout, handles pygame events (returning True when
it used one) and draws itself. :class:`WidgetGroup` dispatches events, draws, and shows tooltips.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from bauhausbox.i18n import N_
from bauhausbox.ui import draw, icons, layout_probe, theme
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Colour, Metrics

IconPainter = Callable[[pygame.Surface, pygame.Rect, Colour], None]

BUTTON_FILLS: dict[str, Colour] = {
    "plain": theme.WHITE,
    "primary": theme.YELLOW,
    "red": theme.RED,
    "blue": theme.BLUE,
    "ink": theme.INK,
}


class Widget:
    tooltip: str = ""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.hovered = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        raise NotImplementedError

    def _track_hover(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.visible and self.rect.collidepoint(event.pos)


class Button(Widget):
    """A flat poster-style button: colour field, heavy ink border, offset shadow that collapses when
    pressed. ``hotkey`` is shown in the tooltip so keys are discoverable."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], Any],
        kind: str = "plain",
        tooltip: str = "",
        icon: IconPainter | None = None,
        size: str = "body",
        sound: str = "click",
    ) -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.kind = kind
        self.tooltip = tooltip
        self.icon = icon
        self.size = size
        self.sound = sound
        self.pressed = False
        self.selected = False  # a toggled-on look (tool buttons, seat choices)
        self.clicked_hook: Callable[[Button], None] | None = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if not self.enabled:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed = self.pressed
            self.pressed = False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.click()
                return True
        return False

    def click(self) -> None:
        if self.clicked_hook:
            self.clicked_hook(self)
        self.on_click()

    def natural_width(self, metrics: Metrics, label: str | None = None) -> int:
        """As wide as the label (and icon) need, with room on both sides (at least 12 px, so the
        label keeps clear of the heavy frame at every size: docs/contributing.md). ``label``: measure
        another label this button may show instead of its current one."""
        size = {"body": metrics.body, "small": metrics.small, "heading": metrics.heading}[self.size]
        text = self.label if label is None else label
        label_w = draw.render_text(shown(text).upper(), size, weight="bold", spacing=0.08).get_width() if text else 0
        icon = round(metrics.button_height * 0.55) + metrics.u(1) if self.icon else 0
        return label_w + icon + 2 * max(12, metrics.u(2.5))

    def cache_key(self, metrics: Metrics) -> tuple[object, ...]:
        """Everything the button's look depends on; subclasses with more state extend it."""
        return (
            self.rect.size,
            self.enabled,
            self.hovered,
            self.pressed,
            self.selected,
            shown(self.label),
            self.kind,
            self.size,
            metrics.scale,
            self.icon,
        )

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        """Blit a cached picture of the button; it is repainted only when its look changes."""
        if not self.visible or self.rect.width <= 0:
            return
        margin = max(2, metrics.u(0.5)) + metrics.u(0.5) + 2
        key = self.cache_key(metrics)
        if key != getattr(self, "_cache_key", None):
            picture = pygame.Surface((self.rect.width + 2 * margin, self.rect.height + 2 * margin), pygame.SRCALPHA)
            at = (self.rect.left - margin, self.rect.top - margin)
            with layout_probe.canvas(picture.get_size(), at), layout_probe.box(self.rect, "label"):
                self.paint(picture, pygame.Rect(margin, margin, self.rect.width, self.rect.height), metrics)
            self._cache_picture = picture
            self._cache_key = key
        surface.blit(self._cache_picture, (self.rect.left - margin, self.rect.top - margin))
        if layout_probe.active():
            label = getattr(self, "_label_box", None)
            at = (self.rect.left - margin, self.rect.top - margin)
            name = self.label or self.tooltip or "button"
            layout_probe.control(name, self.rect, label.move(at) if label else None)

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
        depth = max(2, metrics.u(0.5))
        rect = rect.copy()
        fill = BUTTON_FILLS.get(self.kind, theme.WHITE)
        border = max(2, metrics.rule - 1)
        if not self.enabled:
            fill = theme.PAPER_DARK
            pygame.draw.rect(surface, fill, rect)
            pygame.draw.rect(surface, theme.LIGHT_GREY, rect, border)
            label_colour: Colour = theme.GREY
        else:
            if self.selected:
                fill = theme.mix(fill, theme.INK, 0.0) if self.kind != "plain" else theme.YELLOW
            if self.pressed:
                rect.move_ip(depth, depth)
            else:
                lift = depth + (1 if self.hovered else 0)
                draw.shadow_rect(surface, rect, lift)
                if self.hovered:
                    rect.move_ip(-1, -1)
            if self.hovered and not self.pressed:
                fill = (
                    theme.mix(fill, theme.WHITE, 0.18) if self.kind != "plain" else theme.mix(fill, theme.YELLOW, 0.3)
                )
            pygame.draw.rect(surface, fill, rect)
            pygame.draw.rect(surface, theme.INK, rect, border)
            label_colour = theme.readable_on(fill)
        size = {"body": metrics.body, "small": metrics.small, "heading": metrics.heading}[self.size]
        if self.icon and self.label:
            icon_box = pygame.Rect(0, 0, rect.height * 0.55, rect.height * 0.55)
            label_surface = draw.render_text(shown(self.label).upper(), size, label_colour, "bold", 0.08)
            gap = metrics.u(1)
            total = icon_box.width + gap + label_surface.get_width()
            icon_box.midleft = (rect.centerx - total // 2, rect.centery)
            self.icon(surface, icon_box, label_colour)
            label_rect = draw.line_box(label_surface, size, "bold", midleft=(icon_box.right + gap, rect.centery + 1))
            draw.blit_line(surface, label_surface, label_rect)
            self._label_box: pygame.Rect | None = icon_box.union(label_rect)
        elif self.icon:
            box = rect.inflate(-rect.height * 0.4, -rect.height * 0.4)
            self.icon(surface, box, label_colour)
            self._label_box = None
        else:
            self._label_box = draw.text(
                surface,
                shown(self.label).upper(),
                (rect.centerx, rect.centery + 1),
                size,
                label_colour,
                "bold",
                "center",
                spacing=0.08,
            )


# One word per action in every game: "Turn" beside a player's turn read as "end my turn".
ROTATE = N_("Rotate")
FLIP = N_("Flip")


def rotate_button(on_click: Callable[[], Any], tooltip: str, size: str = "body") -> Button:
    """The held piece or tile's rotate button, with the house's one label and icon."""
    return Button(ROTATE, on_click, tooltip=tooltip, icon=icons.rotate, size=size)


def flip_button(on_click: Callable[[], Any], tooltip: str, size: str = "body") -> Button:
    """The held piece or tile's flip button (its other face), with the house's one label and icon."""
    return Button(FLIP, on_click, tooltip=tooltip, icon=icons.flip, size=size)


class Choice(Widget):
    """A value picked by stepping through choices: ‹ value ›. Click the halves or use the wheel.
    With ``on_open``, a click on the middle calls it instead (it shows every value to pick from:
    ``scenes/choice_list.py``); the arrows and the wheel still step."""

    def __init__(
        self,
        choices: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], None],
        tooltip: str = "",
        on_open: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.choices = list(choices)
        self.value = value
        self.on_change = on_change
        self.tooltip = tooltip
        self.on_open = on_open

    @property
    def index(self) -> int:
        for i, (value, _label) in enumerate(self.choices):
            if value == self.value:
                return i
        return 0

    def step(self, delta: int) -> None:
        if not self.choices:
            return
        self.value = self.choices[(self.index + delta) % len(self.choices)][0]
        self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button == 1:
                arrows = (
                    event.pos[0] < self.rect.left + self.rect.height
                    or event.pos[0] >= self.rect.right - self.rect.height
                )
                if self.on_open is not None and not arrows:
                    self.on_open()
                else:
                    self.step(-1 if event.pos[0] < self.rect.left + self.rect.height else 1)
                return True
            if event.button == 3:
                self.step(-1)
                return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        if not self.visible:
            return
        rect = self.rect
        fill = theme.WHITE if self.enabled else theme.PAPER_DARK
        if self.hovered and self.enabled:
            fill = theme.mix(fill, theme.YELLOW, 0.15)
        pygame.draw.rect(surface, fill, rect)
        pygame.draw.rect(surface, theme.INK if self.enabled else theme.LIGHT_GREY, rect, max(2, metrics.rule - 1))
        arrow = rect.height // 4
        colour = theme.INK if self.enabled else theme.GREY
        lx, rx, cy = rect.left + rect.height // 2, rect.right - rect.height // 2, rect.centery
        pygame.draw.polygon(
            surface, colour, [(lx + arrow // 2, cy - arrow), (lx + arrow // 2, cy + arrow), (lx - arrow // 2, cy)]
        )
        pygame.draw.polygon(
            surface, colour, [(rx - arrow // 2, cy - arrow), (rx - arrow // 2, cy + arrow), (rx + arrow // 2, cy)]
        )
        label = shown(self.choices[self.index][1]) if self.choices else ""
        room = rx - lx - rect.height  # between the arrows, with a margin
        lines = choice_lines(label, metrics, room)
        if len(lines) == 1:
            size = draw.fitting_size(label, metrics.body, room, "semibold")
            draw.text(surface, label, (rect.centerx, cy + 1), size, colour, "semibold", "center")
            return
        # Two lines: the choice's name, and its detail under it, smaller; or its words in two lines alike.
        head, rest = lines
        head_size = draw.fitting_size(head, metrics.body - 2, room, "semibold")
        rest_size = draw.fitting_size(rest, metrics.small, room)
        rest_weight = "regular"
        if f"{head} {rest}" == label:  # one phrase broken in two: both lines the same
            head_size = rest_size = min(head_size, draw.fitting_size(rest, metrics.body - 2, room, "semibold"))
            rest_weight = "semibold"
        gap = round(rect.height * 0.02)
        top = cy - (round(head_size * 1.1) + gap + round(rest_size * 1.1)) // 2
        draw.text(surface, head, (rect.centerx, top), head_size, colour, "semibold", "midtop")
        under = top + round(head_size * 1.1) + gap
        draw.text(surface, rest, (rect.centerx, under), rest_size, colour, rest_weight, "midtop")


def choice_lines(label: str, metrics: Metrics, room: int) -> list[str]:
    """A choice's words as drawn between its arrows: one line when it fits at the body size, else two
    (its name, then the detail after its colon or dot: "Blokus Junior" / "14 × 14, …"; or its words
    broken in two) rather than one line set so small it touches the arrows."""
    if draw.render_text(label, metrics.body, theme.INK, "semibold").get_width() <= room:
        return [label]
    for mark in (" : ", ": ", " · "):  # French puts a space before its colon
        head, found, rest = label.partition(mark)
        if found and head and rest:
            return draw.carry_marks([head, rest])
    words = label.split()
    if len(words) < 2:
        return [label]
    # The break that leaves the wider line narrowest.
    cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    head, rest = min(cuts, key=lambda cut: max(draw.render_text(part, metrics.body).get_width() for part in cut))
    return draw.carry_marks([head, rest])


class Toggle(Widget):
    """An on/off switch drawn as a square that fills with ink."""

    def __init__(self, label: str, value: bool, on_change: Callable[[bool], None], tooltip: str = "") -> None:
        super().__init__()
        self.label = label
        self.value = value
        self.on_change = on_change
        self.tooltip = tooltip

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if (
            self.enabled
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.value = not self.value
            self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        if not self.visible:
            return
        box = pygame.Rect(self.rect.left, 0, self.rect.height, self.rect.height)
        box.centery = self.rect.centery
        pygame.draw.rect(surface, theme.WHITE, box)
        if self.value:
            pygame.draw.rect(surface, theme.INK, box.inflate(-box.width // 3, -box.height // 3))
        pygame.draw.rect(surface, theme.INK, box, max(2, metrics.rule - 1))
        colour = theme.INK if self.enabled else theme.GREY
        draw.text(
            surface,
            shown(self.label),
            (box.right + metrics.u(1.5), self.rect.centery + 1),
            metrics.body,
            colour,
            "regular",
            "midleft",
        )
        if self.hovered:
            pygame.draw.line(
                surface,
                theme.YELLOW,
                (box.right + metrics.u(1.5), self.rect.bottom),
                (self.rect.right, self.rect.bottom),
                2,
            )


class Slider(Widget):
    """A value from 0 to 1, dragged along a thick rule."""

    def __init__(self, value: float, on_change: Callable[[float], None], tooltip: str = "") -> None:
        super().__init__()
        self.value = value
        self.on_change = on_change
        self.tooltip = tooltip
        self.dragging = False

    def _set_from(self, x: int) -> None:
        value = min(1.0, max(0.0, (x - self.rect.left) / max(1, self.rect.width)))
        if abs(value - self.value) > 1e-6:
            self.value = round(value, 2)
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        self._track_hover(event)
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.inflate(0, 16).collidepoint(event.pos)
        ):
            self.dragging = True
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.KEYDOWN and self.hovered and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.value = min(1.0, max(0.0, self.value + (0.05 if event.key == pygame.K_RIGHT else -0.05)))
            self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        if not self.visible:
            return
        y = self.rect.centery
        pygame.draw.line(surface, theme.LIGHT_GREY, (self.rect.left, y), (self.rect.right, y), metrics.rule)
        x = self.rect.left + round(self.value * self.rect.width)
        pygame.draw.line(surface, theme.INK, (self.rect.left, y), (x, y), metrics.rule)
        knob = pygame.Rect(0, 0, self.rect.height // 2, self.rect.height)
        knob.center = (x, y)
        pygame.draw.rect(surface, theme.RED if self.hovered or self.dragging else theme.INK, knob)


class TextField(Widget):
    """A one-line text input (player names). Click to edit, Enter or click elsewhere to finish."""

    def __init__(self, value: str, on_change: Callable[[str], None], max_length: int = 16, tooltip: str = "") -> None:
        super().__init__()
        self.value = value
        self.on_change = on_change
        self.max_length = max_length
        self.tooltip = tooltip
        self.focused = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            if self.focused:
                pygame.key.start_text_input()
            return self.focused or was
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            if len(self.value) < self.max_length:
                self.value += "".join(ch for ch in event.text if ch.isprintable())
                self.value = self.value[: self.max_length]
                self.on_change(self.value)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                self.on_change(self.value)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.focused = False
            return True  # typing never triggers shortcuts
        return False

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        if not self.visible:
            return
        fill = theme.WHITE if self.enabled else theme.PAPER_DARK
        pygame.draw.rect(surface, fill, self.rect)
        border = theme.BLUE if self.focused else theme.INK
        pygame.draw.rect(surface, border, self.rect, max(2, metrics.rule - (0 if self.focused else 1)))
        pad = metrics.u(1.5)
        label_rect = draw.text(
            surface,
            self.value,
            (self.rect.left + pad, self.rect.centery + 1),
            metrics.body,
            theme.INK,
            "regular",
            "midleft",
        )
        if self.value:  # typed words are read like a label: tooltips (another field's) keep off them
            draw.keep_clear(surface, label_rect)
        if self.focused and int(time.monotonic() * 2) % 2 == 0:
            x = label_rect.right + 2 if self.value else self.rect.left + pad
            pygame.draw.line(surface, theme.INK, (x, self.rect.top + pad), (x, self.rect.bottom - pad), 2)


class WidgetGroup:
    """The widgets of one scene: events top-most first, drawing in order, tooltips after a pause."""

    TOOLTIP_DELAY = 0.45

    def __init__(self) -> None:
        self.widgets: list[Widget] = []
        self._hover_widget: Widget | None = None
        self._hover_since = 0.0
        self._mouse = (-1, -1)
        self._resting = False  # the next motion only says where a pointer at rest is (no tooltip)
        # The control clicked: its tooltip leaves with the click (it hid what the click changed) and
        # comes back only once the pointer has left that control.
        self._clicked: Widget | None = None

    def add(self, widget: Widget) -> Any:
        self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        self.widgets.clear()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            pos = getattr(event, "pos", self._mouse)
            self._clicked = next((w for w in reversed(self.widgets) if w.visible and w.rect.collidepoint(pos)), None)
            self._hover_widget = None
        used = False
        for widget in reversed(self.widgets):
            if widget.handle_event(event) and event.type != pygame.MOUSEMOTION:
                used = True
                break
        if event.type == pygame.MOUSEMOTION:
            self.pointer_at(event.pos)
        return used

    def pointer_at(self, pos: tuple[int, int]) -> None:
        """The pointer moved to ``pos``: the tooltip is now that of the control under it, or none.
        The app tells the top scene's group of every motion before the scene sees it, so a scene
        that keeps a motion for itself (a drag over the board) cannot leave a tooltip behind; told
        twice of the same place, nothing changes."""
        if pos == self._mouse and not self._resting:
            return
        self._mouse = pos
        hovered = next((w for w in reversed(self.widgets) if w.visible and w.rect.collidepoint(pos)), None)
        if self._resting:
            # The window learns where the pointer already was (it opened under it): the
            # player asked for nothing, so no tooltip until the pointer really moves.
            self._resting = False
            self._hover_widget = None
            return
        if hovered is not self._clicked:
            self._clicked = None  # the pointer left the clicked control: its tooltip may come again
        elif hovered is not None:
            return
        if hovered is not self._hover_widget:
            self._hover_widget = hovered
            self._hover_since = time.monotonic()

    def key_pressed(self) -> None:
        """A key was pressed: the player is typing or acting, not reading, and what the key does may
        put words where the tooltip stands (Enter in the Join form shows the seats under the code
        field). The tooltip goes until the pointer moves again."""
        self._hover_widget = None

    def pointer_entered(self) -> None:
        """The pointer came into the window (or the window opened under it): SDL then reports where
        it is with one motion, which must not count as the player pointing at something."""
        self.forget_hover()
        self._resting = True

    def forget_hover(self) -> None:
        """Forget what the pointer was on (another scene covers this one, the layout moved, the
        pointer left the window): no tooltip until the pointer moves over a widget again."""
        self._hover_widget = None
        for widget in self.widgets:
            widget.hovered = False
            if isinstance(widget, Button):
                widget.pressed = False

    @property
    def focused_text(self) -> bool:
        return any(isinstance(w, TextField) and w.focused for w in self.widgets)

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        recording = layout_probe.active()
        for widget in self.widgets:
            if not recording:
                widget.draw(surface, metrics)
            elif isinstance(widget, Button):
                widget.draw(surface, metrics)  # a button reports itself and its label
            elif widget.visible and widget.rect.width > 0:
                with layout_probe.box(widget.rect, "label"):
                    widget.draw(surface, metrics)
                layout_probe.control(type(widget).__name__, widget.rect)

    def draw_tooltip(self, surface: pygame.Surface, metrics: Metrics) -> None:
        widget = self._hover_widget
        if not widget or not widget.visible or not widget.tooltip:
            return
        if not widget.rect.collidepoint(self._mouse):
            return  # the control moved away from the pointer (a new layout): its tooltip goes with it
        if time.monotonic() - self._hover_since < self.TOOLTIP_DELAY:
            return
        others = [w.rect for w in self.widgets if w is not widget and w.visible and w.rect.width > 0]
        # A panel's title ("GAME LOG") and content kept clear (a record box) are read like a control's label.
        tooltip(surface, shown(widget.tooltip), self._mouse, metrics, widget.rect, others, draw.titles_drawn())


def tooltip(
    surface: pygame.Surface,
    content: str,
    mouse: tuple[int, int],
    metrics: Metrics,
    control: pygame.Rect | None = None,
    keep_clear: Sequence[pygame.Rect] = (),
    to_read: Sequence[pygame.Rect] = (),
) -> None:
    """An ink box of words for what the pointer is on. It goes below ``control``, else above it,
    else beside it, never over it: a tooltip must not hide the label it explains, nor (as far as
    the window allows) the neighbours in ``keep_clear``, and still less the titles and content in
    ``to_read``. Without a control it goes by the pointer."""
    size = metrics.small
    pad = metrics.u(1)
    window = surface.get_rect()
    avoid = pygame.Rect(control) if control is not None else pygame.Rect(mouse[0], mouse[1], 1, 1)
    # Where one line covers what must stay in sight (a crowded corner: a name below, the log beside),
    # the words in a narrower column may fit between them.
    best: tuple[int, pygame.Rect, list[str]] | None = None
    for column in (metrics.u(40), metrics.u(18)):
        lines = draw.wrap(content, size, column)
        width = max(draw.render_text(line, size).get_width() for line in lines) + 2 * pad
        height = len(lines) * round(size * 1.25) + 2 * pad
        box = _tooltip_place((width, height), mouse, avoid, window, keep_clear, metrics.u(1), to_read)
        cover = _cover(box, keep_clear, to_read)
        if best is None or cover < best[0]:
            best = (cover, box, lines)
        if cover == 0:
            break
    assert best is not None
    _cover_left, box, lines = best
    pygame.draw.rect(surface, theme.INK, box)
    pygame.draw.rect(surface, theme.PAPER, box, 1)  # its edge shows on dark fields (the menu's poster)
    layout_probe.tooltip(content, box, avoid)
    y = box.top + pad
    for line in lines:
        draw.text(surface, line, (box.left + pad, y), size, theme.WHITE)
        y += round(size * 1.25)


#: How far (in gaps) a tooltip may stand from its control: past a small title, never past a row.
NEAR = 10
#: Covering words to read costs this much more than covering a control's frame.
READ_WEIGHT = 50


def _cover(box: pygame.Rect, keep_clear: Sequence[pygame.Rect], to_read: Sequence[pygame.Rect]) -> int:
    """How much of what must stay in sight ``box`` covers: the area over controls, and
    ``READ_WEIGHT`` times the area over words to read."""
    cover = sum(box.clip(other).width * box.clip(other).height for other in keep_clear)
    return cover + READ_WEIGHT * sum(box.clip(other).width * box.clip(other).height for other in to_read)


def _distance(box: pygame.Rect, control: pygame.Rect) -> int:
    """The gap between two rectangles that do not overlap (the larger of the two axes' gaps)."""
    dx = max(control.left - box.right, box.left - control.right, 0)
    dy = max(control.top - box.bottom, box.top - control.bottom, 0)
    return max(dx, dy)


def _tooltip_place(
    size: tuple[int, int],
    mouse: tuple[int, int],
    avoid: pygame.Rect,
    window: pygame.Rect,
    keep_clear: Sequence[pygame.Rect],
    gap: int,
    to_read: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Where a tooltip of ``size`` goes: the first of below, above, right of, left of ``avoid``
    that stays in the window (a ``gap`` from its edges), off ``avoid`` and off every rect of
    ``keep_clear``; when none is clear, below again past what it would cover or beside the words to
    read it would cover, else the place covering the least of them — always next to ``avoid`` (at
    most ``NEAR`` gaps away). Below
    or above, it starts just right of the pointer, else it ends just left of it (a record box right
    of a seat's choice stays readable; a panel's title under a top bar's button too)."""
    width, height = size
    # A gap from the window's edges too: a box flush with the edge reads as cut off.
    window = window.inflate(-2 * gap, -2 * gap)
    right, left = mouse[0] + gap * 2, mouse[0] - gap * 2 - width
    candidates = [
        pygame.Rect(right, avoid.bottom + gap, width, height),
        pygame.Rect(left, avoid.bottom + gap, width, height),
        pygame.Rect(right, avoid.top - gap - height, width, height),
        pygame.Rect(left, avoid.top - gap - height, width, height),
        pygame.Rect(avoid.right + gap, mouse[1] - height // 2, width, height),
        pygame.Rect(avoid.left - gap - width, mouse[1] - height // 2, width, height),
        # Below or above, flush with one of the control's ends: clear of a neighbour's label beside it.
        pygame.Rect(avoid.left, avoid.bottom + gap, width, height),
        pygame.Rect(avoid.right - width, avoid.bottom + gap, width, height),
        pygame.Rect(avoid.left, avoid.top - gap - height, width, height),
        pygame.Rect(avoid.right - width, avoid.top - gap - height, width, height),
    ]
    pushed_past = to_read or keep_clear  # the titles to read when told apart, else every neighbour
    keep_clear = [*keep_clear, *to_read]
    for box in candidates[:2]:  # below, pushed down past what it would cover (a title under a top bar)
        # Or first beside the words it would cover (a log under a top bar's button, as tall as the list).
        hit = [other for other in to_read if box.colliderect(other)]
        beside = [box]
        if hit:
            beside.append(box.move(min(other.left for other in hit) - gap - box.right, 0))
            beside.append(box.move(max(other.right for other in hit) + gap - box.left, 0))
        for place in beside:
            lower = place.clamp(window)
            for _attempt in range(3):
                hit = [other for other in pushed_past if lower.colliderect(other)]
                if not hit:
                    break
                lower.top = max(other.bottom for other in hit) + gap
            candidates.extend((place, lower) if place is not box else (lower,))
    best: pygame.Rect | None = None
    best_cover = -1
    for box in candidates:
        box.clamp_ip(window)
        if box.colliderect(avoid) or _distance(box, avoid) > NEAR * gap:
            continue  # a tooltip far from its control reads as another control's (the next row's)
        cover = sum(box.clip(other).width * box.clip(other).height for other in keep_clear)
        cover += READ_WEIGHT * sum(box.clip(other).width * box.clip(other).height for other in to_read)
        if cover == 0:
            return box
        if best is None or cover < best_cover:
            best, best_cover = box, cover
    return best if best is not None else candidates[0]
