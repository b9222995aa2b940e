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
from bauhausbox.ui import draw, icons, layout_probe, theme
from bauhausbox.ui.widgets import Button, IconPainter

if TYPE_CHECKING:
    from typing import Any

    from bauhausbox.match import Match
    from bauhausbox.table import Table
    from bauhausbox.ui.layer import Layers
    from bauhausbox.ui.theme import Metrics


#: The tiles of the hand that have a key (1 to 9); 0 is Fit.
KEYED = 9


class BuizenHandPanel:
    """Drawing of the hand strip and the side panel; the scene owns the rects and the state."""

    if TYPE_CHECKING:  # provided by BuizenScene / GameScene
        metrics: Metrics
        match: Match
        selected: int | None
        selected_slot: int | None
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
        spectating: bool
        layers: Layers
        table: Table[Any, Any]

        @property
        def viewer(self) -> int | None: ...
        @property
        def label_px(self) -> int: ...
        def hand(self) -> tuple[int, ...]: ...
        def playable(self) -> dict[int, str] | None: ...
        def _report_tags(self, surface: pygame.Surface, sides: Sides, box: pygame.Rect) -> None: ...
        def draw_players(self, surface: pygame.Surface, rect: pygame.Rect, extra: list[str] | None = None) -> int: ...
        def seats_key(self) -> tuple[tuple[str, ...], tuple[bool | None, ...]]: ...
        def seat_kind(self, seat: int) -> str: ...

    def _share_row(
        self, left: tuple[Button, IconPainter], right: tuple[Button, IconPainter], x: int, y: int, w: int, space: int
    ) -> int:
        """Two tool buttons, each with the icon that says what it does at a glance: side by side
        (halves, else shared by what each label needs, in smaller letters if need be) while both fit;
        in a language with longer words ("Tourner", "Retourner") one above the other, the whole row
        each, rather than losing their icons or their words. Returns the top of what they took."""
        pair = (left[0], right[0])
        for button, icon in (left, right):
            button.icon = icon
        room = w - space
        bh = self.metrics.button_height
        for size in ("body", "small"):
            for button in pair:
                button.size = size
            need = [button.natural_width(self.metrics) for button in pair]
            if max(need) <= room // 2 or sum(need) <= room:
                first = room // 2 if max(need) <= room // 2 else need[0] + (room - sum(need)) // 2
                pair[0].rect = pygame.Rect(x, y, first, bh)
                pair[1].rect = pygame.Rect(x + first + space, y, room - first, bh)
                return y
        for button in pair:
            button.size = "body"
        pair[0].rect = pygame.Rect(x, y - bh - space, w, bh)
        pair[1].rect = pygame.Rect(x, y, w, bh)
        return y - bh - space

    def _draw_hand(self, surface: pygame.Surface, view: BuizenState) -> None:
        # Painted again only when what it shows changes (ui/layer.py): the position as this seat sees
        # it, how each tile is turned, the tile held (and whether dragged), where each fits. The hand
        # is a seat's secret and its slots are what the pointer picks (``hand_slots``, set by the
        # paint): its copy is never shown late, and the curtain drops it.
        hand = self.hand()
        turned = tuple(self.orientation.get(number) for number in hand)
        looks = (hand, turned, self.held_slot(hand), self.dragging_tile, self.playable(), self.spectating)
        key = (view, self.viewer, looks, self.seats_key())
        self.layers.show("hand", surface, self.hand_rect, key, lambda into: self._paint_hand(into, view), on_time=True)

    def _paint_hand(self, surface: pygame.Surface, view: BuizenState) -> None:
        m = self.metrics
        rect = self.hand_rect
        pygame.draw.rect(surface, theme.WHITE, rect)
        pygame.draw.rect(surface, theme.INK, rect, m.rule)
        self.hand_slots = []
        viewer = self.viewer
        title = _("Your tiles") if viewer is not None else _("Tiles")
        if viewer is not None and self.spectating:
            # A replay shows a seat's view, not the reader's own tiles.
            title = fill(_("{name}'s tiles"), name=self.match.seat_name(viewer))
        elif viewer is not None and view.to_play is not None and view.to_play != viewer:
            title = fill(_("{name}'s tiles (waiting)"), name=self.match.seat_name(viewer))
        with layout_probe.box(rect):
            if viewer is None and self.spectating and not self.table.on_server:  # a watcher sees no hand
                self._draw_every_hand(surface, view)
                return
            draw.heading(surface, title, (rect.left + m.u(2), rect.top + m.u(1.2)), m.small)
            if viewer is None:
                # Nobody's view: only computers play here, or this screen watches a table across computers.
                words = (
                    _("The players' tiles stay hidden.")
                    if self.match.humans
                    else _("Computer players' tiles stay hidden.")
                )
                draw.text(surface, words, (rect.left + m.u(2), rect.centery), m.body, theme.GREY, anchor="midleft")
                return
            hand = self.hand()
            layout_probe.private(viewer, "hand")
            if len(hand) > KEYED:  # tiles without a number under them: say why, lest they look forgotten
                note = _("keys 1–9 pick the first nine; click the others")
                draw.text(
                    surface, note, (rect.right - m.u(2), rect.top + m.u(1.2)), m.small, theme.GREY, anchor="topright"
                )
            gap = m.u(2)
            room = rect.width - 2 * m.u(2) - gap * (len(hand) - 1)
            # As large as the strip allows, smaller when the hand grows: every tile stays in view.
            # Below the heading with room for the picked tile's lift and frame, above the key numbers.
            size = min(rect.height - m.u(8), room // max(1, len(hand)))
            self.hand_tile_px = size
            x = rect.left + m.u(2)
            y = rect.top + m.u(5.2)
            playable = self.playable()
            held = self.held_slot(hand)
            for index, number in enumerate(hand):
                box = pygame.Rect(x, y, size, size)
                if index == held:
                    box.y -= m.u(0.75)  # lifted: the tile in hand
                if number in TILE_BY_NUMBER:
                    sides = sides_of(number, *self.orientation.get(number, (0, 0)))
                    picture = paint.pipe_face(sides, size, self.label_px)
                    self._report_tags(surface, sides, box)
                else:
                    picture = paint.road(size, (SPECIAL_NAMES[number],))
                if index == held and self.dragging_tile:
                    picture = picture.copy()
                    picture.set_alpha(90)  # it travels with the pointer; its place stays marked
                surface.blit(picture, box)
                if playable is not None:
                    self._draw_fit_mark(surface, box, playable.get(number))
                if index == held:
                    pygame.draw.rect(surface, theme.INK, box.inflate(8, 8), max(3, m.u(0.5)))
                if index < KEYED:  # its key
                    caption = (box.centerx, box.bottom + m.u(0.4))
                    draw.text(surface, str(index + 1), caption, m.small - 2, theme.GREY, "semibold", "midtop")
                self.hand_slots.append((number, box))
                x += size + gap
            if not hand:
                draw.text(surface, _("No tiles left."), (x, rect.centery), m.body, theme.GREY, anchor="midleft")

    def held_slot(self, hand: tuple[int, ...]) -> int | None:
        """Where in ``hand`` the held tile is: the very slot picked when it is still that tile, else the
        first equal one (a hint or a drag picks a tile, not a slot), so one tile of a pair looks held."""
        if self.selected is None or self.selected not in hand:
            return None
        slot = self.selected_slot
        if slot is not None and slot < len(hand) and hand[slot] == self.selected:
            return slot
        return hand.index(self.selected)

    def _draw_every_hand(self, surface: pygame.Surface, view: BuizenState) -> None:
        """A replay that shows everything (a finished game): each seat's tiles at the position shown,
        one row per seat after its name, so the panel agrees with the board and the players panel
        (it said "Computer players' tiles stay hidden" under "everything is shown")."""
        m = self.metrics
        rect = self.hand_rect
        draw.heading(surface, _("Tiles in hand"), (rect.left + m.u(2), rect.top + m.u(1.2)), m.small)
        top = rect.top + m.u(4)
        names = [self.match.seat_name(seat) for seat in range(view.players)]
        widest = max(draw.render_text(n, m.small, weight="semibold").get_width() for n in names)
        longest = max(1, max(sum(1 for n in hand if n) for hand in view.hands))
        gap = m.u(0.5)

        def shape(columns: int) -> tuple[int, int, int, int]:
            """(tile size, rows, column width, name width) with the seats in ``columns`` columns:
            every tile of the longest hand fits its row."""
            rows = -(-view.players // columns)
            column_w = (rect.width - m.u(2)) // columns
            name_w = min(column_w // 3, widest)
            across = (column_w - m.u(3) - name_w) // longest - gap
            return max(8, min((rect.bottom - m.u(1) - top) // rows - gap, across)), rows, column_w, name_w

        # Three or four seats in two columns when that makes the tiles larger.
        size, rows, column_w, name_w = max(shape(1), shape(2) if view.players > 2 else shape(1))
        row_h = size + gap
        for seat, name in enumerate(names):
            left = rect.left + m.u(2) + (seat // rows) * column_w
            right = left + column_w - m.u(2)
            y = top + (seat % rows) * row_h
            fitted = draw.fitting_size(name, m.small, name_w, "semibold", smallest=14)
            draw.text(surface, name, (left, y + size // 2), fitted, theme.INK, "semibold", "midleft")
            x = left + m.u(1) + name_w
            tiles = [n for n in view.hands[seat] if n]
            if not tiles:
                draw.text(surface, _("no tiles"), (x, y + size // 2), m.small, theme.GREY, anchor="midleft")
            for number in tiles:
                if x + size > right:
                    break
                if number in TILE_BY_NUMBER:
                    picture = paint.pipe_face(sides_of(number, 0, 0), size, 0)
                else:
                    picture = paint.road(size, (SPECIAL_NAMES[number],))
                surface.blit(picture, (x, y))
                self.hand_slots.append((number, pygame.Rect(x, y, size, size)))  # what is shown, for tests
                x += size + m.u(0.5)

    def _draw_fit_mark(self, surface: pygame.Surface, box: pygame.Rect, fit: str | None) -> None:
        """Whether a tile of the hand has a place, before it is picked: a ✓ in its corner when it fits
        as it shows, the flip sign when it fits only on its other face (F), and washed out with a ✗
        when it fits nowhere. Shapes carry the meaning, never hue alone."""
        radius = max(7, round(box.width * 0.16))
        # On the tile's corner, off its material letters; the strip leaves room above for it.
        corner = (box.right - radius // 2, box.top + radius // 2)
        if fit is None:
            wash = pygame.Surface(box.size, pygame.SRCALPHA)
            wash.fill((*theme.PAPER, 150))
            surface.blit(wash, box)
            draw.verdict_mark(surface, corner, radius, False)
        elif fit == "fits":
            draw.verdict_mark(surface, corner, radius, True)
        else:
            pygame.draw.circle(surface, theme.WHITE, corner, radius)
            pygame.draw.circle(surface, theme.INK, corner, radius, max(1, radius // 5))
            icon = pygame.Rect(0, 0, round(radius * 1.3), round(radius * 1.1))
            icon.center = corner
            icons.flip(surface, icon, theme.INK)

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
            if self.table.open_seat(seat):  # nobody sits there yet: the line says so, shorter where narrow
                options = [self.seat_kind(seat), _("open seat")]
            if over:
                options.append(first)  # at the end the material matters most; who played it the name says
            fits = (o for o in options if draw.render_text(o, m.small).get_width() <= room)
            lines.append(next(fits, None) or draw.cut_to(options[-1], room, m.small))
        return self.draw_players(surface, rect, extra=lines)

    def _draw_panel(self, surface: pygame.Surface, view: BuizenState) -> None:
        rect = self.panel_rect
        area = pygame.Rect(rect.left, rect.top, rect.width, self.info_top - rect.top)
        # Painted again only when what it shows changes (ui/layer.py): the position as this seat sees
        # it, whether the secret colour is peeked at, who is at their screen across computers.
        key = (view, self.match.state, self.viewer, self.peeking or self.key_peek, self.seats_key())

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
                    # Not drawn, but told to the layout check where it would have gone: a cut line is a fault.
                    layout_probe.text(line, pygame.Rect(x, top, rect.right - x, m.small), m.small, surface.get_size())
                    top += step
                    continue
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
            heading = _("Your colour")
            if self.spectating or over:  # at the end, with several humans, "your" would be nobody's
                heading = fill(_("{name}'s colour"), name=self.match.seat_name(viewer))
            below = lines(heading, x, y + m.u(0.5), theme.INK, "semibold")
            # The tile names the material already: the line says what it means, not its name again.
            hint = _("Closed pipes of this material score for you") if show else _("hold to peek (C)")
            if over:  # every colour tile is turned face up: say so plainly
                hint = _("Every player's colour now shows beside their name")
            elif self.spectating:
                hint = ""  # the replay's seat: its tile says it all
            below = lines(hint, x, below, theme.GREY)
            y = max(y + tile, below)
        else:
            self.colour_rect = pygame.Rect(0, 0, 0, 0)
        y += m.u(1.5)
        texts = [
            counted("Bag: {n} tile", "Bag: {n} tiles", len(view.bag)),
            _("Pump rooms left: {pumps}  ·  roads left: {roads}").format(pumps=view.pump_pile, roads=view.road_pile),
        ]
        if over:  # what is left in the piles no longer matters: the room goes to reading the table
            texts = [_("Closed networks are outlined in their owner's colour; numbers are points per tile.")]
        for words in texts:
            y = lines(words, rect.left, y, theme.INK) + m.u(0.5)
