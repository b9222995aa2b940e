"""The log's hover frame follows the pointer when the lines move under it (the review of issue 25:
after the log scrolled by itself, the frame, and its tile on the Buizen board, stayed on an entry
the mouse was no longer over)."""

from __future__ import annotations

import pygame

from bauhausbox.ui import theme
from bauhausbox.ui.log_panel import LogLine, LogPanel


def _lines(count: int) -> tuple[LogLine, ...]:
    return tuple(LogLine(f"Anni laid a gas bend, move {i}", theme.BLUE, "circle") for i in range(count))


def _pointer_on(panel: LogPanel, index: int) -> None:
    centre = panel.line_rect(index).center
    panel.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    assert panel.hovered == index


def test_a_new_entry_moves_the_hover_to_the_line_now_under_the_pointer() -> None:
    panel = LogPanel()
    panel.layout(pygame.Rect(10, 10, 360, 300), theme.Metrics(1280, 800))
    panel.set_lines(_lines(30))
    assert panel.offset == 0 and panel.max_offset > 0  # the newest lines show: new ones push the rest up
    _pointer_on(panel, 27)
    where = panel.line_rect(27).center
    panel.set_lines(_lines(31))  # a move came in: the log scrolled by itself, the mouse stayed
    assert panel.hovered == 27  # not within the frame: its board was drawn with that line's mark
    panel.follow_pointer()  # the next frame
    assert panel.hovered == panel.line_at(where) != 27


def test_a_new_layout_moves_the_hover_too() -> None:
    panel = LogPanel()
    panel.layout(pygame.Rect(10, 10, 360, 300), theme.Metrics(1280, 800))
    panel.set_lines(_lines(30))
    _pointer_on(panel, 25)
    where = panel.line_rect(25).center
    panel.layout(pygame.Rect(10, 10, 360, 200), theme.Metrics(1280, 800))  # the panel got shorter
    panel.follow_pointer()
    assert panel.hovered == panel.line_at(where) != 25
