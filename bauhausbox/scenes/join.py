"""Joining a table hosted on another computer: type its address and code, pick a free seat, play.

"Find the table" asks the host who sits at the table (``net.client.look_table``); the seats come
back with the free ones to choose from. Sitting down opens the game's screen on the table
(``net/remote.py``), where this computer sees only what its seat may see. Whatever goes wrong is
said in one sentence: nothing answers at that address, a wrong code, a full table, an old version.
"""

from __future__ import annotations

from functools import partial

import pygame

from bauhausbox import games, i18n
from bauhausbox.i18n import N_, _, fill
from bauhausbox.net.background import shared_loop
from bauhausbox.net.client import Ended, look_table
from bauhausbox.net.protocol import CODE_LENGTH, SENTENCES, TableSeen
from bauhausbox.net.remote import JOIN_SECONDS, join_table, refusal_words
from bauhausbox.scenes.common import poster_background
from bauhausbox.scenes.host import open_remote
from bauhausbox.scenes.table_chrome import LEVEL_WORDS
from bauhausbox.ui import draw, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button, TextField

DEFAULT_PORT = 8765  # bauhausbox serve's port, when the address names none
MAX_SEATS = 4


def server_url(address: str) -> str:
    """``ws://HOST:PORT`` from what a player typed: ``192.168.1.20:51234``, a bare host (the
    default port), an IPv6 address in brackets, or a full ``ws://`` / ``wss://`` address."""
    text = address.strip()
    if text.startswith(("ws://", "wss://")):
        return text
    host, port = text, DEFAULT_PORT
    if text.startswith("["):  # [::1]:8765
        host, _sep, rest = text[1:].partition("]")
        host = f"[{host}]"
        if rest.startswith(":") and rest[1:].isdigit():
            port = int(rest[1:])
    elif text.count(":") == 1:
        name, _sep, number = text.partition(":")
        if number.isdigit():
            host, port = name, int(number)
    elif text.count(":") > 1:  # a bare IPv6 address
        host = f"[{text}]"
    return f"ws://{host}:{port}"


class JoinScene(Scene):
    """See the module's docstring."""

    name = "join"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        add = self.widgets.add
        self.address = app.settings.join_address
        self.code = ""
        self.address_field = add(
            TextField(self.address, self._set_address, 60, tooltip=N_("The host's address and port"))
        )
        self.code_field = add(TextField("", self._set_code, CODE_LENGTH, tooltip=N_("The table's code")))
        self.find_button = add(Button(N_("Find the table"), self.find, "primary", tooltip=N_("Enter")))
        self.back_button = add(Button(N_("Back"), lambda: self.app.pop(self), tooltip=N_("Esc")))
        self.seat_buttons = [
            add(Button(N_("Sit here"), partial(self.sit, seat), "primary")) for seat in range(MAX_SEATS)
        ]
        self.table: TableSeen | None = None
        self.problem = ""  # one sentence: why the last attempt failed
        self.rows: list[tuple[int, int]] = []  # (seat, centre y) of the seats shown
        self._show_seats()

    # -- changes -----------------------------------------------------------------------------
    def _set_address(self, value: str) -> None:
        self.address = value

    def _set_code(self, value: str) -> None:
        self.code = value.strip().upper()
        self.code_field.value = self.code

    def _show_seats(self) -> None:
        free = set(self.table.free) if self.table is not None else set()
        for seat, button in enumerate(self.seat_buttons):
            button.visible = seat in free

    def find(self) -> None:
        """Ask the host who sits at the table."""
        self.table, self.problem = None, ""
        url = server_url(self.address)
        if not self.address.strip() or len(self.code) != CODE_LENGTH:
            self.problem = _("Type the host's address and the table's code.")
        else:
            self.app.settings.join_address = self.address.strip()
            self.app.save_settings()
            try:
                self.table = shared_loop().run(
                    look_table(url, self.code, language=i18n.language(), timeout=JOIN_SECONDS), JOIN_SECONDS + 1.0
                )
            except (Ended, OSError, TimeoutError, ValueError) as error:
                self.problem = refusal_words(error, url)
            if self.table is not None and not self.table.free:
                self.problem = _(SENTENCES["table_full"])
        self._show_seats()
        self.layout(self.metrics)

    def sit(self, seat: int) -> None:
        url = server_url(self.address)
        try:
            table = join_table(url, self.code, [seat], language=i18n.language())
        except (Ended, OSError, TimeoutError, ValueError) as error:
            self.problem = refusal_words(error, url)
            self.find_again_later()
            return
        open_remote(self.app, table)

    def find_again_later(self) -> None:
        """A seat taken meanwhile: the seats shown are stale; the player finds the table again."""
        self.table = None
        self._show_seats()

    # -- layout and drawing ------------------------------------------------------------------------
    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        u, bh = metrics.u, metrics.button_height
        left = u(10)
        x = left + u(24)
        self.address_field.rect = pygame.Rect(x, u(20), u(44), bh)
        self.code_field.rect = pygame.Rect(x, u(20) + bh + u(1.5), u(20), bh)
        find_w = max(u(22), self.find_button.natural_width(metrics))
        self.find_button.rect = pygame.Rect(self.code_field.rect.right + u(2), self.code_field.rect.top, find_w, bh)
        y = self.code_field.rect.bottom + u(9)
        self.rows = []
        sit_w = max(u(16), self.seat_buttons[0].natural_width(metrics))
        if self.table is not None:
            for seat in range(len(self.table.seats)):
                self.rows.append((seat, y + bh // 2))
                self.seat_buttons[seat].rect = pygame.Rect(x + u(40), y, sit_w, bh)
                y += bh + u(1.5)
        bottom = metrics.height - u(4) - bh
        back_w = max(u(16), self.back_button.natural_width(metrics))
        self.back_button.rect = pygame.Rect(left, bottom, back_w, bh)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for field in (self.address_field, self.code_field):
                field.focused = False
            self.find()
            return True
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.widgets.focused_text:
            self.app.pop(self)
            return True
        return False

    def draw_static(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        poster_background(surface, m)
        draw.heading(surface, _("Join a table"), (u(10), u(6)), m.title // 2 + u(1))
        draw.text(surface, _("Play at a table hosted on another computer."), (u(10), u(12.5)), m.body, theme.GREY)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        self.blit_static(surface)
        label_x = u(10)
        for label, field in ((N_("Address"), self.address_field), (N_("Code"), self.code_field)):
            draw.text(surface, _(label), (label_x, field.rect.centery), m.body, theme.INK, "semibold", "midleft")
        top = self.code_field.rect.bottom + u(3)
        if self.problem:
            draw.text(surface, self.problem, (label_x, top + u(2)), m.body, theme.RED, "semibold", "midleft")
        elif self.table is not None:
            title = games.REGISTRY[self.table.game].title if self.table.game in games.REGISTRY else self.table.game
            said = fill(_("Table {code}: {game}. Choose a free seat."), code=self.table.code, game=_(title))
            draw.text(surface, said, (label_x, top + u(2)), m.body, theme.INK, "semibold", "midleft")
        if self.table is not None:
            for seat, cy in self.rows:
                kind = self.table.seats[seat]
                colour, shape = theme.SEAT_COLOURS[seat % 4], theme.SEAT_SHAPES[seat % 4]
                draw.seat_shape(surface, shape, (label_x + u(2), cy), u(1.6), colour)
                draw.text(
                    surface,
                    shown(self.table.names[seat]),
                    (label_x + u(5), cy),
                    m.body,
                    theme.INK,
                    "semibold",
                    "midleft",
                )
                if kind.startswith("ai"):
                    level = kind.partition(":")[2] or "medium"
                    status = _("computer · {level}").format(level=_(LEVEL_WORDS.get(level, level)))
                elif seat in self.table.free:
                    status = _("free")
                else:
                    status = _("taken")
                draw.text(surface, status, (label_x + u(24), cy), m.body, theme.GREY, "regular", "midleft")
        super().draw(surface)
