"""The Buizen hand and side panel: the strip of tiles in hand and the panel beside the table (the
players, the secret colour tile with its peek, the bag and the piles, and the layout of the tool buttons'
shared row).

:class:`BuizenHandPanel` is the part of :class:`~bauhausbox.games.buizen.screen.scene.BuizenScene` that
draws them; the scene owns the rects (``layout_game``), the state and the gestures that read what is
drawn here (``hand_slots``, ``colour_rect``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bauhausbox.games.buizen.screen import paint
from bauhausbox.games.buizen.state import BuizenState
from bauhausbox.games.buizen.tiles import MATERIAL_NAMES, SPECIAL_NAMES, TILE_BY_NUMBER, Sides, sides_of
from bauhausbox.i18n import _, counted, fill
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.widgets import Button, IconPainter

if TYPE_CHECKING:
    from typing import Any

    from bauhausbox.match import Match
    from bauhausbox.table import Table
    from bauhausbox.ui.layer import Layers
    from bauhausbox.ui.theme import Metrics


class BuizenHandPanel:
    """Drawing of the hand strip and the side panel; the scene owns the rects and the state."""

    if TYPE_CHECKING:  # provided by BuizenScene / GameScene
        metrics: Metrics
        match: Match
        selected: int | None
        orientation: dict[int, tuple[int, int]]
        hand_rect: pygame.Rect
        panel_rect: pygame.Rect
        colour_rect: pygame.Rect
        info_top: int
        hand_slots: list[tuple[int, pygame.Rect]]
        hand_tile_px: int
        dragging_tile: bool
        peeking: bool
        key_peek: bool
        layers: Layers
        table: Table[Any, Any]

        @property
        def viewer(self) -> int | None: ...
        @property
        def label_px(self) -> int: ...
        def hand(self) -> tuple[int, ...]: ...
        def _report_tags(self, surface: pygame.Surface, sides: Sides, box: pygame.Rect) -> None: ...
        def draw_players(self, surface: pygame.Surface, rect: pygame.Rect, extra: list[str] | None = None) -> int: ...

    def _share_row(
        self, left: tuple[Button, IconPainter], right: tuple[Button, IconPainter], x: int, y: int, w: int, space: int
    ) -> None:
        """Two tool buttons side by side: halves with their icons while both labels fit; in a language
        with longer words they give up the icons, then take smaller letters, rather than lose their
        words (the tooltips say the rest), and share the row by what each label needs."""
        pair = (left[0], right[0])
        room = w - space
        for with_icons, size in ((True, "body"), (False, "body"), (False, "small")):
            for button, icon in (left, right):
                button.icon = icon if with_icons else None
                button.size = size
            need = [button.natural_width(self.metrics) for button in pair]
            if max(need) <= room // 2 or sum(need) <= room:
                break
        first = room // 2 if max(need) <= room // 2 else need[0] + (room - sum(need)) // 2
        bh = self.metrics.button_height
        pair[0].rect = pygame.Rect(x, y, first, bh)
        pair[1].rect = pygame.Rect(x + first + space, y, room - first, bh)

    def _draw_hand(self, surface: pygame.Surface, view: BuizenState) -> None:
        m = self.metrics
        rect = self.hand_rect
        pygame.draw.rect(surface, theme.WHITE, rect)
        pygame.draw.rect(surface, theme.INK, rect, m.rule)
        self.hand_slots = []
        viewer = self.viewer
        title = _("Your tiles") if viewer is not None else _("Tiles")
        if viewer is not None and view.to_play is not None and view.to_play != viewer:
            title = fill(_("{name}'s tiles (waiting)"), name=self.match.seat_name(viewer))
        with layout_probe.box(rect):
            draw.heading(surface, title, (rect.left + m.u(2), rect.top + m.u(1.2)), m.small)
            if viewer is None:
                words = _("Computer players' tiles stay hidden.")
                draw.text(surface, words, (rect.left + m.u(2), rect.centery), m.body, theme.GREY, anchor="midleft")
                return
            hand = self.hand()
            layout_probe.private(viewer, "hand")
            gap = m.u(2)
            room = rect.width - 2 * m.u(2) - gap * (len(hand) - 1)
            # As large as the strip allows, smaller when the hand grows: every tile stays in view.
            size = min(rect.height - m.u(7), m.u(11), room // max(1, len(hand)))
            self.hand_tile_px = size
            x = rect.left + m.u(2)
            y = rect.top + m.u(4.2)
            for index, number in enumerate(hand):
                box = pygame.Rect(x, y, size, size)
                if number == self.selected:
                    box.y -= m.u(0.75)  # lifted: the tile in hand
                if number in TILE_BY_NUMBER:
                    sides = sides_of(number, *self.orientation.get(number, (0, 0)))
                    picture = paint.pipe_face(sides, size, self.label_px)
                    self._report_tags(surface, sides, box)
                else:
                    picture = paint.road(size, (SPECIAL_NAMES[number],))
                if number == self.selected and self.dragging_tile:
                    picture = picture.copy()
                    picture.set_alpha(90)  # it travels with the pointer; its place stays marked
                surface.blit(picture, box)
                if number == self.selected:
                    pygame.draw.rect(surface, theme.INK, box.inflate(8, 8), max(3, m.u(0.5)))
                if index < 9:  # its key
                    caption = (box.centerx, box.bottom + m.u(0.4))
                    draw.text(surface, str(index + 1), caption, m.small - 2, theme.GREY, "semibold", "midtop")
                self.hand_slots.append((number, box))
                x += size + gap
            if not hand:
                draw.text(surface, _("No tiles left."), (x, rect.centery), m.body, theme.GREY, anchor="midleft")

    def _draw_players(self, surface: pygame.Surface, rect: pygame.Rect, view: BuizenState) -> int:
        """The shared players panel, with tile counts (and each material once the game is over), each
        line as full as the panel's width allows beside the score."""
        m = self.metrics
        over = view.to_play is None
        room = rect.width - m.u(6) - draw.render_text("00", m.heading, weight="bold").get_width() - m.u(2.5)
        lines = []
        for seat, spec in enumerate(self.match.setup.seats):
            held = len(view.hands[seat])
            tiles = counted("{n} tile", "{n} tiles", held)
            first = _(MATERIAL_NAMES[view.colours[seat]]) if over else ""
            level = _(spec.level)
            who = [_("human")] if spec.is_human else [_("computer · {level}").format(level=level), _("computer"), level]
            options = [" · ".join(part for part in (first, kind, "" if over else tiles) if part) for kind in who]
            fits = (o for o in options if draw.render_text(o, m.small).get_width() <= room)
            lines.append(next(fits, options[-1]))
        return self.draw_players(surface, rect, extra=lines)

    def _draw_panel(self, surface: pygame.Surface, view: BuizenState) -> None:
        rect = self.panel_rect
        area = pygame.Rect(rect.left, rect.top, rect.width, self.info_top - rect.top)
        # Painted again only when what it shows changes (ui/layer.py): the position as this seat sees
        # it, whether the secret colour is peeked at, who is at their screen across computers.
        connected = tuple(self.table.connected(seat) for seat in range(len(self.match.setup.seats)))
        key = (view, self.match.state, self.viewer, self.peeking or self.key_peek, connected)

        def panel(target: pygame.Surface) -> None:
            with layout_probe.box(area):
                self._draw_panel_texts(target, view, rect)

        self.layers.show("panel", surface, area, key, panel)

    def _draw_panel_texts(self, surface: pygame.Surface, view: BuizenState, rect: pygame.Rect) -> None:
        m = self.metrics
        over = view.to_play is None
        y = self._draw_players(surface, rect, view) + m.u(1.5)
        bottom = self.info_top - m.u(1)
        step = round(m.small * 1.25)

        def lines(words: str, x: int, top: int, colour: theme.Colour, weight: str = "regular") -> int:
            """``words`` wrapped to the panel from ``x``, as far as there is room; returns the y below."""
            for line in draw.wrap(words, m.small, rect.right - x, weight):
                if top + m.small > bottom:
                    break
                draw.text(surface, line, (x, top), m.small, colour, weight)
                top += step
            return top

        # The secret colour tile.
        viewer = self.viewer
        tile = m.u(8)
        self.colour_rect = pygame.Rect(rect.left, y, tile, tile)
        if viewer is not None:
            material = view.colours[viewer]
            show = over or self.peeking or self.key_peek
            if show:
                layout_probe.private(viewer, "colour")
            surface.blit(paint.colour_tile(tile, material if show and material != "?" else None), self.colour_rect)
            x = rect.left + tile + m.u(1.5)
            heading = _("Your colour") if not over else _("Your colour (revealed)")
            below = lines(heading, x, y + m.u(0.5), theme.INK, "semibold")
            hint = _(MATERIAL_NAMES[material]) if show and material in MATERIAL_NAMES else ""
            hint = hint if show else _("hold to peek (C)")
            below = lines(hint, x, below, theme.GREY)
            y = max(y + tile, below)
        else:
            self.colour_rect = pygame.Rect(0, 0, 0, 0)
        y += m.u(1.5)
        texts = [
            counted("Bag: {n} tile", "Bag: {n} tiles", len(view.bag)),
            _("Pump rooms left: {pumps}  ·  roads left: {roads}").format(pumps=view.pump_pile, roads=view.road_pile),
        ]
        if over:
            texts.append(_("Closed networks are outlined in their owner's colour; numbers are points per tile."))
        for words in texts:
            y = lines(words, rect.left, y, theme.INK) + m.u(0.5)
