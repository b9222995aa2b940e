"""Trays of pieces for polyomino screens: uniform slots in a grid, the pieces drawn in them, available,
used or waiting. Part of the piece widgets (``piece_widgets.py`` explains them all); the controller
picks pieces up from here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pygame

from bauhausbox.engine.shapes import Shape
from bauhausbox.games.blokus.screen.board_view import draw_shape, shape_size
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.theme import Colour, Metrics


# -- trays ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TrayItem:
    key: Hashable
    shape: Shape  # how it is laid out in the tray (slots are sized from these)
    colour: Colour
    available: bool = True
    label: str = ""
    mark: str | None = None  # the seat shape drawn on the piece (quiet, or strong: see PieceTray.draw)
    waiting: bool = False  # not allowed yet (largest first): drawn pale, not picked up


class PieceTray:
    """Pieces in a grid of equal slots; each slot fits the largest item's bounding box, and a strip
    above it for the items' labels ("Z4", "T5") when they have any, so a label never lies on a piece."""

    def __init__(self, interactive: bool = True) -> None:
        self.interactive = interactive  # a player picks from it (its slots are controls), or it only shows
        self.items: list[TrayItem] = []
        self.slots: dict[Hashable, pygame.Rect] = {}
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cell_px = 1.0
        self._area = pygame.Rect(0, 0, 0, 0)
        self._max_cell: float = 24.0
        self.label_px = 0  # the labels' font size; their strip is a little taller

    def set_items(self, items: Sequence[TrayItem]) -> None:
        if list(items) != self.items:
            self.items = list(items)
            self.layout(self._area, self._max_cell)

    def label_strip(self) -> int:
        """The height of the label strip on top of each slot (none when no item has a label)."""
        return round(self.label_px * 1.15) if self.label_px and any(item.label for item in self.items) else 0

    def layout(self, rect: pygame.Rect, max_cell_px: float = 24.0, label_px: int | None = None) -> None:
        """Choose the column count that gives the largest cells, then place the slots (top-left).
        ``label_px``: the labels' font size (the strip above each piece is sized from it)."""
        self._area, self._max_cell = rect.copy(), max_cell_px
        if label_px is not None:
            self.label_px = label_px
        self.slots = {}
        if not self.items or rect.width <= 0 or rect.height <= 0:
            self.rect = pygame.Rect(rect.topleft, (0, 0))
            return
        slot_w = max(shape_size(item.shape)[0] for item in self.items)
        slot_h = max(shape_size(item.shape)[1] for item in self.items)
        gap = 1.0  # in cells
        strip = self.label_strip()
        count = len(self.items)
        best = (0.0, 1)
        for columns in range(1, count + 1):
            rows = math.ceil(count / columns)
            cell = min(rect.width / (columns * (slot_w + gap)), (rect.height - rows * strip) / (rows * (slot_h + gap)))
            if cell > best[0]:
                best = (cell, columns)
        cell, columns = best
        self.cell_px = max(1.0, min(cell, max_cell_px))
        pitch_x = (slot_w + gap) * self.cell_px
        pitch_y = (slot_h + gap) * self.cell_px + strip
        for index, item in enumerate(self.items):
            row, col = divmod(index, columns)
            self.slots[item.key] = pygame.Rect(
                round(rect.left + col * pitch_x),
                round(rect.top + row * pitch_y),
                round((slot_w + gap * 0.6) * self.cell_px),
                round((slot_h + gap * 0.6) * self.cell_px) + strip,
            )
        first, *rest = self.slots.values()
        self.rect = first.unionall(rest)

    def item_at(self, pos: tuple[int, int]) -> Hashable | None:
        for item in self.items:
            pickable = item.available and not item.waiting
            if pickable and self.slots.get(item.key, pygame.Rect(0, 0, 0, 0)).collidepoint(pos):
                return item.key
        return None

    def slot_rect(self, key: Hashable) -> pygame.Rect | None:
        return self.slots.get(key)

    def picture_rect(self, key: Hashable) -> pygame.Rect | None:
        """Where the piece of ``key`` is drawn in its slot: below the label strip, a little inside."""
        slot = self.slots.get(key)
        if slot is None:
            return None
        strip = self.label_strip()
        inset = round(self.cell_px * 0.3)
        return pygame.Rect(slot.left, slot.top + strip, slot.width, slot.height - strip).inflate(-inset, -inset)

    def square_at(self, key: Hashable, shape: Shape, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The square of ``shape``, drawn in ``key``'s slot, under ``pos`` (or the nearest one), with
        the very geometry :meth:`draw` uses, so a piece picked up keeps that square under the pointer."""
        inner = self.picture_rect(key)
        if inner is None:
            return None
        width, height = shape_size(shape)
        drawn = _drawn_rect(shape, inner, self.cell_px)
        cell = max(0.25, round(min(inner.width / width, inner.height / height, self.cell_px) * 4) / 4)
        x = math.floor((pos[0] - drawn.left) / cell)
        y = height - 1 - math.floor((pos[1] - drawn.top) / cell)
        if (x, y) in shape:
            return x, y
        return min(sorted(shape), key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)

    def draw(
        self,
        surface: pygame.Surface,
        metrics: Metrics,
        selected: Hashable | None = None,
        held: Hashable | None = None,
        orientation: Callable[[Hashable], Shape] | None = None,
        strong_marks: bool = False,
        hovered: Hashable | None = None,
    ) -> None:
        """Available pieces in colour (turned as ``orientation`` says) with their seat shape (quiet,
        or ``strong_marks`` with the colour-blind setting), used ones as grey outlines; the held
        piece leaves a dashed gap, the hovered one stands on a white box inside its own slot."""
        label_px = self.label_px or max(14, metrics.small - 2)
        for item in self.items:
            slot = self.slots.get(item.key)
            if slot is None:
                continue
            if item.available and self.interactive and not item.waiting:
                layout_probe.control(f"tray {item.label or item.key}", slot)
            shape = orientation(item.key) if orientation and item.available else item.shape
            inner = self.picture_rect(item.key) or slot
            layout_probe.figure(f"piece {item.label or item.key}", _drawn_rect(shape, inner, self.cell_px))
            if not item.available:
                draw_shape(surface, shape, inner, theme.PAPER_DARK, max_cell=self.cell_px, outline=theme.LIGHT_GREY)
                continue
            if item.waiting:  # still to come: its own colour, faded, so it is told apart from a placed one
                faded = theme.mix(item.colour, theme.PAPER, 0.7)
                draw_shape(surface, shape, inner, faded, max_cell=self.cell_px, outline=theme.LIGHT_GREY)
                continue
            if item.key == held:
                # An empty place with a dashed frame: the piece is in the player's hand.
                draw_shape(
                    surface,
                    shape,
                    inner,
                    theme.mix(theme.PAPER, item.colour, 0.25),
                    max_cell=self.cell_px,
                    outline=theme.GREY,
                )
                draw.dashed_rect(surface, slot, theme.GREY, max(1, metrics.rule // 2), dash=max(4, slot.width // 12))
                continue
            if item.key == selected or item.key == hovered:
                pygame.draw.rect(surface, theme.WHITE, slot)
                pygame.draw.rect(
                    surface, theme.INK if item.key == selected else theme.GREY, slot, max(1, metrics.rule // 2)
                )
            mark = (item.mark, strong_marks) if item.mark else None
            draw_shape(surface, shape, inner, item.colour, mark, max_cell=self.cell_px)
            if item.label:
                # In the strip above the piece, clear of the slot's frame (hovered) and of the piece.
                strip = pygame.Rect(slot.left, slot.top, slot.width, self.label_strip())
                draw.text(
                    surface,
                    item.label,
                    (strip.right - 3, strip.centery + 1),
                    label_px,
                    theme.GREY,
                    "semibold",
                    "midright",
                )

    def draw_hint_mark(self, surface: pygame.Surface, key: Hashable, colour: Colour, width: int) -> pygame.Rect | None:
        """The frame that says "this piece" when a hint shows its move on the board: around the
        piece's own slot (inside it, so it never covers a neighbour), in the hint's outline colour.
        Returns the slot, or ``None`` when the piece is not in this tray (another tab)."""
        slot = self.slots.get(key)
        if slot is None:
            return None
        pygame.draw.rect(surface, colour, slot, max(2, width))
        return slot


def _drawn_rect(shape: Shape, rect: pygame.Rect, max_cell: float) -> pygame.Rect:
    """The rect ``draw_shape`` covers when it draws ``shape`` centred in ``rect`` (its own rounding)."""
    width, height = shape_size(shape)
    cell = round(min(rect.width / width, rect.height / height, max_cell) * 4) / 4
    left = round(rect.centerx - width * cell / 2)
    top = round(rect.centery - height * cell / 2)
    return pygame.Rect(left, top, math.ceil(width * cell), math.ceil(height * cell))
