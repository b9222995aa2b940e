"""A graph of chances along a game's moves (0–100 %), for the analysis of a game in the replay viewer.

Generic: it knows positions (0 is the start, ``positions`` the last) and values between 0 and 1, not
any game. Each :class:`GraphLine` is a seat's line in its colour and shape; the position shown is a
yellow band with a red edge (as the log's current row), the one under the pointer a grey rule, and
numbered :class:`GraphMark` badges stand above the points a screen wants to single out (the turning
points). :meth:`ChanceGraph.position_at` turns a click into a position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from bauhausbox.i18n import percent
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.theme import Colour, Metrics


@dataclass(frozen=True, slots=True)
class GraphLine:
    """One seat's line: its colour and shape, and its points as (position, value 0..1), in order; a
    value of ``None`` (not known yet) breaks the line there."""

    colour: Colour
    shape: str
    points: Sequence[tuple[int, float | None]]


@dataclass(frozen=True, slots=True)
class GraphMark:
    """A numbered badge above a point of the graph (``value`` places it on its line)."""

    position: int
    value: float
    label: str
    colour: Colour = field(default=theme.INK)


class ChanceGraph:
    """Where the graph is (``rect``, the frame with its scale) and how it turns a point into a position."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)  # the whole widget, the scale's labels included
        self.plot = pygame.Rect(0, 0, 0, 0)  # the framed area of the lines
        self.positions = 0
        self.mark_boxes: list[pygame.Rect] = []  # where the marks' badges went, last drawn (tests)

    def layout(self, rect: pygame.Rect, metrics: Metrics, positions: int) -> None:
        self.rect = rect.copy()
        self.positions = max(1, positions)
        scale_w = draw.render_text(percent(1.0), metrics.small).get_width() + metrics.u(1.5)
        pad = metrics.u(1.6)  # room for the badges and the points' marks inside the frame
        self.plot = pygame.Rect(rect.left + scale_w, rect.top + pad, rect.width - scale_w - pad, rect.height - 2 * pad)

    def x_of(self, position: int) -> int:
        return self.plot.left + round(self.plot.width * position / self.positions)

    def y_of(self, value: float) -> int:
        return self.plot.bottom - round(self.plot.height * max(0.0, min(1.0, value)))

    def position_at(self, pos: tuple[int, int]) -> int | None:
        """The position whose column is under the screen point ``pos`` (``None`` outside the graph)."""
        if not self.rect.collidepoint(pos) or self.plot.width <= 0:
            return None
        fraction = (pos[0] - self.plot.left) / self.plot.width
        return max(0, min(self.positions, round(fraction * self.positions)))

    def draw(
        self,
        surface: pygame.Surface,
        metrics: Metrics,
        lines: Sequence[GraphLine],
        current: int,
        marks: Sequence[GraphMark] = (),
        hovered: int | None = None,
    ) -> None:
        m = metrics
        plot = self.plot
        layout_probe.control("chance graph", self.rect)
        pygame.draw.rect(surface, theme.WHITE, plot)
        # The scale: 0, 50 and 100 %, the middle one a faint rule across.
        for value in (0.0, 0.5, 1.0):
            y = self.y_of(value)
            if value == 0.5:
                pygame.draw.line(surface, theme.PAPER_DARK, (plot.left, y), (plot.right, y), 2)
            draw.text(surface, percent(value), (plot.left - m.u(0.75), y), m.small, theme.GREY, "semibold", "midright")
        step = max(1, plot.width // self.positions)
        band = pygame.Rect(0, plot.top, max(3, step), plot.height)
        band.centerx = self.x_of(current)
        pygame.draw.rect(surface, theme.YELLOW, band.clip(plot))
        if hovered is not None and hovered != current:
            x = self.x_of(hovered)
            pygame.draw.line(surface, theme.GREY, (x, plot.top), (x, plot.bottom), 1)
        edge = self.x_of(current)
        pygame.draw.line(surface, theme.RED, (edge, plot.top), (edge, plot.bottom), 2)
        radius = max(3, m.u(0.55))
        for line in lines:
            segments: list[list[tuple[int, int]]] = [[]]
            for position, chance in line.points:
                if chance is None:
                    segments.append([])
                else:
                    segments[-1].append((self.x_of(position), self.y_of(chance)))
            for points in segments:
                if len(points) > 1:
                    pygame.draw.lines(surface, line.colour, False, points, max(2, m.u(0.3)))
            for points in segments:
                for point in points:
                    draw.seat_shape(surface, line.shape, point, radius, line.colour, theme.INK)
        badge = max(m.u(1.2), m.small // 2 + 3)
        self.mark_boxes = []
        for mark in marks:
            # Inside the plot: at the first position, a badge would cover the scale's "100%".
            x = max(plot.left + badge, self.x_of(mark.position))
            box = pygame.Rect(0, 0, 2 * badge + 2, 2 * badge + 2)
            box.center = (x, self.y_of(mark.value))
            # Marks of neighbouring moves (a narrow window) stand beside each other, never on top.
            while any(box.colliderect(other) for other in self.mark_boxes):
                box.left = max(other.right for other in self.mark_boxes if box.colliderect(other))
            self.mark_boxes.append(box)
            draw.badge(surface, box.center, badge, mark.colour, mark.label, m.small - 2)
        pygame.draw.rect(surface, theme.INK, plot, 2)
