"""A modal message with buttons (broken save, undo agreement, confirmations).

The title, the message and the button labels are shown in the players' language when drawn
(:func:`~bauhausbox.ui.text.shown`): pass marked constants (``N_``), :class:`~bauhausbox.engine.api.Words`
or texts already translated. A dialog about the position on screen (a decision window) is given
``keep_clear``, the area it must not cover (the board): it then stands beside it, in the widest room
the window leaves, instead of over the middle of the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from bauhausbox.i18n import N_
from bauhausbox.scenes.common import overlay_panel, title_lines
from bauhausbox.ui import draw, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button

ButtonSpec = tuple[str, Callable[[], None] | None, str]


class DialogScene(Scene):
    opaque = False
    name = "dialog"

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        buttons: Sequence[ButtonSpec] = ((N_("OK"), None, "primary"),),
        accent: theme.Colour = theme.RED,
        keep_clear: Callable[[], pygame.Rect | None] | None = None,
    ) -> None:
        super().__init__(app)
        self.keep_clear = keep_clear
        self.title = title
        self.message = message
        self.accent = accent
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title_room = 0
        self.buttons: list[Button] = []
        for label, action, kind in buttons:
            self.buttons.append(self.widgets.add(Button(label, self._closer(action), kind)))

    def _closer(self, action: Callable[[], None] | None) -> Callable[[], None]:
        def close() -> None:
            self.app.pop(self)
            if action:
                action()

        return close

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        # Wide enough for the title on one line (a question naming a player and a power is long).
        title = draw.render_text(shown(self.title).upper(), metrics.heading, weight="bold", spacing=0.12).get_width()
        # And for its buttons side by side, when the window has the room.
        side_by_side = sum(max(metrics.u(16), b.natural_width(metrics)) + metrics.u(2) for b in self.buttons)
        width = min(metrics.width - metrics.u(8), max(metrics.u(76), title + metrics.u(8), side_by_side + metrics.u(6)))
        window = pygame.Rect(0, 0, metrics.width, metrics.height)
        room = self._room_beside(window, metrics)
        if room is not None:
            width = min(width, room.width - metrics.u(4))
        lines = draw.wrap(shown(self.message), metrics.body, width - metrics.u(8))
        self.title_room = self._title_room(width, metrics)
        rows = self._button_rows(width - metrics.u(8), metrics)
        row_step = metrics.button_height + metrics.u(2)
        height = (
            metrics.u(13)
            + self.title_room
            + len(lines) * round(metrics.body * 1.35)
            + len(rows) * row_step
            - metrics.u(2)
            + metrics.u(3)
        )
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = window.center
        if room is not None:
            self.panel.center = room.center
            self.panel.clamp_ip(room)
        # Rows from the bottom up. One row: flush right. Buttons that do not fit side by side: one
        # per row, all as wide, centred ("Everyone agrees" over "Keep playing", not a ragged stack).
        y = self.panel.bottom - metrics.u(3) - metrics.button_height
        for row in reversed(rows):
            x = self.panel.right - metrics.u(4)
            if len(rows) > 1:
                x = self.panel.centerx + row[0][1] // 2
            for button, w in reversed(row):
                button.rect = pygame.Rect(x - w, y, w, metrics.button_height)
                x -= w + metrics.u(2)
            y -= row_step

    def _button_rows(self, room: int, metrics: Metrics) -> list[list[tuple[Button, int]]]:
        """The buttons with their widths, in rows that fit ``room``: one row when they fit side by
        side, else (beside the board, long French labels) one button a row, all as wide, rather than
        past the dialog's left edge."""
        widths = [min(room, max(metrics.u(16), button.natural_width(metrics))) for button in self.buttons]
        if sum(widths) + metrics.u(2) * (len(widths) - 1) <= room:
            return [list(zip(self.buttons, widths, strict=True))]
        # Not side by side: each on its own row, as wide as the widest.
        return [[(button, max(widths))] for button in self.buttons]

    def _title_room(self, width: int, metrics: Metrics) -> int:
        """The extra height of a title broken into lines (none for a title on one line)."""
        size, lines = title_lines(self.title, width, metrics)
        return round(size * 1.15) * (len(lines) - 1)

    def _room_beside(self, window: pygame.Rect, metrics: Metrics) -> pygame.Rect | None:
        """The widest strip of the window left or right of the area to keep clear (None: no such
        area, or no strip wide enough for a dialog, which then goes in the middle)."""
        clear = self.keep_clear() if self.keep_clear else None
        if clear is None:
            return None
        left = pygame.Rect(0, 0, max(0, clear.left), window.height)
        right = pygame.Rect(clear.right, 0, max(0, window.right - clear.right), window.height)
        room = max(left, right, key=lambda strip: strip.width)
        return room if room.width >= metrics.u(56) else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                # Escape means the last (safest) choice.
                self.buttons[-1].click()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.buttons[0].click()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        clear = self.keep_clear() if self.keep_clear else None
        overlay_panel(surface, self.panel, m, self.title, self.accent, unveiled=clear)
        top = self.panel.top + m.u(10) + self.title_room
        text_rect = pygame.Rect(self.panel.left + m.u(4), top, self.panel.width - m.u(8), 1000)
        draw.paragraph(surface, shown(self.message), text_rect, m.body, line_gap=1.35)
        super().draw(surface)
