"""Joining a table hosted on another computer: your name, its address and code, a free seat, play.

The tables hosts advertise on the local network are listed beside the form, live (``net/discovery.py``,
listening on its own thread while this screen is open): one row per table, in the order they were heard
of, a full table that lets people watch marked so; a list longer than the window scrolls (wheel, keys,
its bar: ``ui/scroll.py``). Picking one fills the address, and the player types the code the host's
screen shows (it is not advertised). "Find the table" asks the host who sits
at the table (``net.client.look_table``); the seats come back with the free ones to choose from,
and are asked for again in the background every few seconds while shown (a seat taken, a table that
closed, a host who left: the list follows, or gives way to the sentence that says why).
Sitting down (under the name typed here, remembered in the settings) opens the game's screen on the
table (``net/remote.py``), where this computer sees only what its seat may see. Where the host lets
people watch, "Watch" opens the screen from no seat: every seat's secrets hidden, nothing to play.
A seat taken here is kept with its token (``persistence/guest.py``): until its game is over the screen
offers it again ("Your seat: Bert at Bits — Return"), so a player who left the table sits down again.
Whatever goes wrong is said in one sentence: nothing answers at that address, a wrong code, a full
table, an old version, no watchers allowed. That line, the fields' labels and the seats are words to
read: the fields' tooltips keep off them (``draw.keep_clear``).
"""

from __future__ import annotations

import time
from concurrent.futures import Future
from functools import partial

import pygame
from websockets.exceptions import InvalidURI
from websockets.uri import parse_uri

from bauhausbox import games, i18n
from bauhausbox.i18n import N_, _, counted, fill
from bauhausbox.net.background import shared_loop
from bauhausbox.net.client import Ended, look_table
from bauhausbox.net.discovery import Browser, OpenTable
from bauhausbox.net.protocol import CODE_LENGTH, SENTENCES, TableSeen
from bauhausbox.net.remote import GONE, JOIN_SECONDS, join_table
from bauhausbox.persistence import guest
from bauhausbox.persistence.models import MAX_NAME_LENGTH, GuestSeat, name_problem, own_name
from bauhausbox.scenes.common import game_title, poster_background
from bauhausbox.scenes.game_hooks import seat_marker
from bauhausbox.scenes.host import open_remote
from bauhausbox.scenes.table_chrome import LEVEL_WORDS
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.scroll import Scroll
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button, TextField

DEFAULT_PORT = 8765  # bauhausbox serve's port, when the address names none
MAX_SEATS = 4
MAX_RETURNS = 3  # the seats kept at other tables offered at once (the newest)
LOOK_AGAIN_SECONDS = 3.0  # a table's seats shown are asked again this often: they change, or it goes


def refusal_words(error: BaseException, address: str) -> str:
    """One sentence for a failed join at ``address`` (as the player reads it: no scheme)."""
    if isinstance(error, Ended):
        template = SENTENCES[error.refusal.reason]
        # Said from this computer's catalog where the sentence carries no detail from the host.
        return _(template) if "{detail}" not in template else error.refusal.sentence
    return fill(_("Nothing answers at {address}: check the address and that the table is hosted."), address=address)


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


# What joining may raise: a refusal, nothing answering, no answer in time, an address that is none.
FAILURES = (Ended, OSError, TimeoutError, ValueError, InvalidURI)


def shown_address(url: str) -> str:
    """``192.168.1.20:51234`` for ``ws://192.168.1.20:51234``: an address as players type it (the
    scheme is the app's business; a ``wss://`` one, typed on purpose, stays whole)."""
    return url.removeprefix("ws://")


def why(error: BaseException, url: str) -> str:
    """One sentence for a failed attempt (``error`` one of :data:`FAILURES`)."""
    if isinstance(error, InvalidURI):  # "ws://" alone, say: no host to ask
        return fill(_("“{address}” is not an address: type it like 192.168.1.20:51234."), address=url)
    return refusal_words(error, shown_address(url))


def return_to_seat(app: App, kept: GuestSeat) -> str:
    """Sit again in a seat taken here before, with its token, and open its table's screen; the one
    path of Join's Return and the main menu's Continue. Returns why it failed (one sentence; empty
    when the table opened); a seat whose table no longer knows it is forgotten."""
    try:
        table = join_table(kept.url, kept.code, [kept.seat], language=i18n.language(), tokens={kept.seat: kept.token})
    except FAILURES as error:
        if isinstance(error, Ended) and error.refusal.reason in GONE:
            guest.forget_seat(kept.url, kept.code, kept.seat)
        return why(error, kept.url)
    table.keep_seats()
    open_remote(app, table)
    return ""


def return_words(kept: GuestSeat) -> str:
    """ "Return to Bits at Anni's table": the main menu's Continue for a seat at another computer."""
    game = game_title(kept.game_id)
    if kept.host:
        return fill(_("Return to {game} at {host}'s table"), game=game, host=kept.host)
    return fill(_("Return to your seat at {game}"), game=game)


class JoinScene(Scene):
    """See the module's docstring."""

    name = "join"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        add = self.widgets.add
        settings = app.settings
        self.name = settings.join_name or own_name(settings)  # never the setup's first seat ("Anni" on every new copy)
        self.address = settings.join_address
        self.code = ""
        self.said_y = 0  # where the line under the form goes (``layout``)
        self.name_field = add(
            TextField(self.name, self._set_name, MAX_NAME_LENGTH, tooltip=N_("Your name at the table"))
        )
        self.address_field = add(
            TextField(self.address, self._set_address, 60, tooltip=N_("The host's address and port"))
        )
        self.code_field = add(TextField("", self._set_code, CODE_LENGTH, tooltip=N_("The table's code")))
        self.find_button = add(Button(N_("Find the table"), self.find, "primary", tooltip=N_("Enter")))
        self.back_button = add(Button(N_("Back"), lambda: self.app.pop(self), tooltip=N_("Esc")))
        self.seat_buttons = [
            add(Button(N_("Sit here"), partial(self.sit, seat), "primary")) for seat in range(MAX_SEATS)
        ]
        self.watch_button = add(
            Button(
                N_("Watch"), self.watch, tooltip=N_("See the table from no seat: every player's secrets stay hidden")
            )
        )
        self.return_buttons = [
            add(Button(N_("Return"), partial(self.return_to, index), "primary", tooltip=N_("Back to your seat")))
            for index in range(MAX_RETURNS)
        ]
        self.kept: list[GuestSeat] = guest.kept_seats()[:MAX_RETURNS]  # seats to return to
        self.table: TableSeen | None = None
        self.problem = ""  # one sentence: why the last attempt failed
        self.rows: list[tuple[int, int]] = []  # (seat, centre y) of the seats shown
        self.browser: Browser | None = None  # listening for tables on the local network while shown
        self.found: list[OpenTable] = []  # the tables heard of, as last drawn
        self.found_rects: list[tuple[pygame.Rect, OpenTable]] = []  # the rows in view
        self.found_area = pygame.Rect(0, 0, 0, 0)
        self.found_scroll = Scroll()  # which rows of the list are in view
        self.picked = ""  # the identity of the table picked from the list
        self.pick_lines: list[str] = []  # "Pick a table…", wrapped to the list's width
        # The seats shown are asked for again in the background while they are shown, so a seat
        # taken, a table that closed or a host who left is seen (the list never goes stale).
        self._looking: tuple[str, str, Future[TableSeen]] | None = None
        self._looked = 0.0  # when the seats shown were last asked for (time.monotonic)
        self._show_seats()

    def on_enter(self) -> None:
        self.browser = Browser()

    def on_exit(self) -> None:
        if self.browser is not None:
            self.browser.close(timeout=0.0)  # its thread ends by itself; the window never waits
            self.browser = None

    def update(self, dt: float) -> None:
        found = self.browser.found() if self.browser is not None else []
        if found != self.found:  # only the list's rows move: the form stays as it is
            self.found = found
            self._layout_found(self.metrics)
        self._look_again()

    def _look_again(self) -> None:
        """Ask again who sits at the table shown (every :data:`LOOK_AGAIN_SECONDS`, never waiting
        for the answer) and show what came: new seats, or why there are none now."""
        if self._looking is not None:
            url, code, future = self._looking
            if not future.done():
                return
            self._looking = None
            if self.table is None or code != self.table.code:
                return  # the player found another table meanwhile (or none)
            try:
                seen = future.result()
            except FAILURES as error:
                self.table, self.problem = None, why(error, url)
            else:
                self.table = seen
                full = not seen.free and not seen.watchers
                self.problem = _(SENTENCES["table_full"]) if full else ""
            self._show_seats()
            self.layout(self.metrics)
            return
        if self.table is None or time.monotonic() - self._looked < LOOK_AGAIN_SECONDS:
            return
        self._looked = time.monotonic()
        url = server_url(self.address)
        look = look_table(url, self.table.code, language=i18n.language(), timeout=JOIN_SECONDS)
        self._looking = (url, self.table.code, shared_loop().submit(look))

    # -- changes -----------------------------------------------------------------------------
    def _set_name(self, value: str) -> None:
        self.name = value

    def pick(self, table: OpenTable) -> None:
        """A table heard of on the network: its address goes in the form; the code is typed."""
        self.address = self.address_field.value = table.address
        self.picked = table.identity
        self.table, self.problem = None, ""
        self.code_field.focused = True
        self.name_field.focused = self.address_field.focused = False
        pygame.key.start_text_input()
        self._show_seats()
        self.layout(self.metrics)

    def _set_address(self, value: str) -> None:
        self.address = value

    def _set_code(self, value: str) -> None:
        self.code = value.strip().upper()
        self.code_field.value = self.code

    def _show_seats(self) -> None:
        free = set(self.table.free) if self.table is not None else set()
        for seat, button in enumerate(self.seat_buttons):
            button.visible = seat in free
        for index, button in enumerate(self.return_buttons):
            button.visible = self.table is None and index < len(self.kept)
        self.watch_button.visible = self.table is not None and self.table.watchers

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
                parse_uri(url)  # an address that names no computer is said so, before asking anyone
                self.table = shared_loop().run(
                    look_table(url, self.code, language=i18n.language(), timeout=JOIN_SECONDS), JOIN_SECONDS + 1.0
                )
            except FAILURES as error:
                self.problem = why(error, url)
            if self.table is not None and not self.table.free and not self.table.watchers:
                self.problem = _(SENTENCES["table_full"])
        self._looked = time.monotonic()
        self._show_seats()
        self.layout(self.metrics)

    def watch(self) -> None:
        """Watch the table from no seat (where its host allows it)."""
        url = server_url(self.address)
        try:
            parse_uri(url)
            table = join_table(url, self.code, [], language=i18n.language(), watch=True)
        except FAILURES as error:
            self.problem = why(error, url)
            self.find_again_later()
            return
        open_remote(self.app, table)

    def sit(self, seat: int) -> None:
        name = self.name.strip()
        if name_problem(name):
            self.problem = _("Type your name first: a short name, with letters you can see.")
            return
        self.app.settings.join_name = name
        self.app.settings.own_name = self.app.settings.own_name or name
        self.app.save_settings()
        url = server_url(self.address)
        try:
            parse_uri(url)
            table = join_table(url, self.code, [seat], name=name, language=i18n.language())
        except FAILURES as error:
            self.problem = why(error, url)
            self.find_again_later()
            return
        table.keep_seats()  # its token kept: the player may leave and come back
        open_remote(self.app, table)

    def return_to(self, index: int) -> None:
        """Back into a seat taken here before, with its token; a table that no longer knows it is
        forgotten (one sentence says why)."""
        self.problem = return_to_seat(self.app, self.kept[index])
        if self.problem:
            self.kept = guest.kept_seats()[:MAX_RETURNS]
            self._show_seats()
            self.layout(self.metrics)

    def find_again_later(self) -> None:
        """A seat taken meanwhile: the seats shown are stale; the player finds the table again."""
        self.table = None
        self._show_seats()
        self.layout(self.metrics)  # the line that says why may take more lines than the last one

    # -- layout and drawing ------------------------------------------------------------------------
    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        u, bh = metrics.u, metrics.button_height
        left = u(10)
        x = left + u(24)
        self.name_field.rect = pygame.Rect(x, u(20), u(30), bh)
        self.address_field.rect = pygame.Rect(x, u(20) + bh + u(1.5), u(44), bh)
        self.code_field.rect = pygame.Rect(x, u(20) + 2 * (bh + u(1.5)), u(20), bh)
        find_w = max(u(22), self.find_button.natural_width(metrics))
        self.find_button.rect = pygame.Rect(self.code_field.rect.right + u(2), self.code_field.rect.top, find_w, bh)
        # Under the form, room for a field's tooltip (one line, as they all are) before the line that
        # says why joining failed or what the table is: the code's tooltip has nowhere else to go when
        # seats kept at other tables fill the rows under it (it covered "Code" or the typed address).
        tip_h = round(metrics.small * 1.25) + 2 * u(1)
        self.said_y = self.code_field.rect.bottom + max(u(5), 2 * u(1) + tip_h + u(2.5))
        sit_w = max(u(16), self.seat_buttons[0].natural_width(metrics))
        bottom = metrics.height - u(4) - bh
        # The tables on the network: a column on the right, one card per table, past where a field's
        # tooltip shows beside its field (else it would lie on the list's words).
        fields = (self.name_field, self.address_field, self.code_field)
        tip_room = max(draw.render_text(shown(_(f.tooltip)), metrics.small).get_width() for f in fields) + u(4)
        area_left = max(x + u(40) + sit_w + u(6), self.address_field.rect.right + tip_room)
        self.found_area = pygame.Rect(area_left, u(20), metrics.width - u(10) - area_left, bottom - u(2) - u(20))
        y = self.said_y + max(0, len(self._said_lines()) - 1) * self._line_h() + u(5.5)
        self.rows = []
        if self.table is not None:
            for seat in range(len(self.table.seats)):
                self.rows.append((seat, y + bh // 2))
                self.seat_buttons[seat].rect = pygame.Rect(x + u(40), y, sit_w, bh)
                y += bh + u(1.5)
            watch_w = max(u(16), self.watch_button.natural_width(metrics))
            self.watch_button.rect = pygame.Rect(x + u(40) + sit_w - watch_w, y + u(1), watch_w, bh)
        else:  # the seats kept at other tables, where a found table's seats would be
            y += u(4)
            return_w = max(sit_w, self.return_buttons[0].natural_width(metrics))
            for index in range(len(self.kept)):
                self.rows.append((index, y + bh // 2))
                self.return_buttons[index].rect = pygame.Rect(x + u(40) + sit_w - return_w, y, return_w, bh)
                y += bh + u(1.5)
        back_w = max(u(16), self.back_button.natural_width(metrics))
        self.back_button.rect = pygame.Rect(left, bottom, back_w, bh)
        self.pick_lines = draw.wrap(
            _("Pick a table, then type the code its host shows."), metrics.small, self.found_area.width
        )
        self._layout_found(metrics)

    def _layout_found(self, metrics: Metrics) -> None:
        """The rows of the list in view: whole rows only; a bar on the right when some are not."""
        u = metrics.u
        area, scroll = self.found_area, self.found_scroll
        card_h, gap = u(7.5), u(1)
        top = area.top + u(6) + len(self.pick_lines) * round(metrics.small * 1.3)
        # No room beside the form (the list is not drawn): no rows to click or scroll either.
        listed = len(self.found) if area.width >= u(24) else 0
        scroll.resize(max(1, (area.bottom - top + gap) // (card_h + gap)), listed)
        width = area.width - (u(2.5) if scroll.needed else 0)
        scroll.area = pygame.Rect(area.left, top, area.width, max(0, area.bottom - top))
        scroll.track = pygame.Rect(area.right - u(1), top, u(1), scroll.shown * (card_h + gap) - gap)
        self.found_rects = []
        for table in self.found[:listed][scroll.first : scroll.first + scroll.shown]:
            self.found_rects.append((pygame.Rect(area.left, top, width, card_h), table))
            top += card_h + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.found_scroll.handle_event(event, self.metrics):
            self._layout_found(self.metrics)
            return True
        # Page Up/Down scroll the list even while a field is being typed in (they type nothing).
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            if self.found_scroll.key(event.key):
                self._layout_found(self.metrics)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, table in self.found_rects:
                if rect.collidepoint(event.pos) and table.compatible:
                    self.pick(table)
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for field in (self.name_field, self.address_field, self.code_field):
                field.focused = False
            self.find()
            return True
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.widgets.focused_text:
            self.app.pop(self)
            return True
        if event.type == pygame.KEYDOWN and not self.widgets.focused_text and self.found_scroll.key(event.key):
            self._layout_found(self.metrics)  # Up/Down, Home/End: the list (the fields take them while typed in)
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
        fields = (
            (N_("Your name"), self.name_field),
            (N_("Address"), self.address_field),
            (N_("Code"), self.code_field),
        )
        for label, field in fields:
            words = draw.text(
                surface, _(label), (label_x, field.rect.centery), m.body, theme.INK, "semibold", "midleft"
            )
            draw.keep_clear(surface, words)
        # Why joining failed (the line the player reads next), or what the table is: no tooltip over it.
        colour = theme.RED if self.problem else theme.INK
        for index, line in enumerate(self._said_lines()):
            at = (label_x, self.said_y + index * self._line_h())
            draw.keep_clear(surface, draw.text(surface, line, at, m.body, colour, "semibold", "midleft"))
        if self.table is None and self.kept:
            self._draw_kept(surface)
        if self.table is not None:
            for seat, cy in self.rows:
                kind = self.table.seats[seat]
                # The colours the game gives its seats (Buizen's second seat is purple, not yellow).
                colour, shape = seat_marker(self.table.game, seat, len(self.table.seats))
                draw.seat_shape(surface, shape, (label_x + u(2), cy), u(1.6), colour)
                # A free seat is nobody's yet: the host's placeholder name would read as a player there.
                free = seat in self.table.free and not kind.startswith("ai")
                name = draw.text(
                    surface,
                    _("open seat") if free else shown(self.table.names[seat]),
                    (label_x + u(5), cy),
                    m.body,
                    theme.INK,
                    "semibold",
                    "midleft",
                )
                draw.keep_clear(surface, name)
                if kind.startswith("ai"):
                    level = kind.partition(":")[2] or "medium"
                    status = _("computer · {level}").format(level=_(LEVEL_WORDS.get(level, level)))
                elif seat in self.table.free:
                    status = _("free")
                else:
                    status = _("taken")
                draw.text(surface, status, (label_x + u(24), cy), m.body, theme.GREY, "regular", "midleft")
        self._draw_found(surface)
        super().draw(surface)

    def _said(self) -> str:
        """The words under the form: why joining failed, else what the table found is, else none."""
        if self.problem or self.table is None:
            return self.problem
        title = games.REGISTRY[self.table.game].title if self.table.game in games.REGISTRY else self.table.game
        if self.table.free:
            return fill(_("Table {code}: {game}. Choose a free seat."), code=self.table.code, game=_(title))
        # Full, but open to watchers.
        return fill(_("Table {code}: {game}. Every seat is taken: you may watch."), code=self.table.code, game=_(title))

    def _said_lines(self) -> list[str]:
        """:meth:`_said` in lines left of the list of tables (it ran under the list's cards)."""
        said = self._said()
        if not said:
            return []
        m = self.metrics
        right = self.found_area.left - m.u(4) if self.found_area.width >= m.u(24) else m.width - m.u(10)
        return draw.wrap(said, m.body, right - m.u(10), "semibold")

    def _line_h(self) -> int:
        return round(self.metrics.body * 1.3)

    def _draw_kept(self, surface: pygame.Surface) -> None:
        """The seats this computer took at other tables: "Your seat: Bert at Bits · table K7QX2M"."""
        m = self.metrics
        u = m.u
        label_x = u(10)
        top = self.rows[0][1] - m.button_height // 2 - u(3.5)
        draw.keep_clear(
            surface, draw.heading(surface, _("Your seats at other tables"), (label_x, top - u(1.5)), m.body)
        )
        for index, cy in self.rows:
            kept = self.kept[index]
            title = games.REGISTRY[kept.game_id].title
            said = fill(_("Your seat: {name} at {game} · table {code}"), name=kept.name, game=_(title), code=kept.code)
            room = self.return_buttons[index].rect.left - u(2) - label_x
            size = draw.fitting_size(shown(said), m.body, room, "semibold", smallest=14)
            words = draw.text(surface, shown(said), (label_x, cy), size, theme.INK, "semibold", "midleft")
            draw.keep_clear(surface, words)

    def _draw_lines(self, surface: pygame.Surface, lines: list[str]) -> None:
        """The list's sentence under its heading (words to read: tooltips keep off them)."""
        m = self.metrics
        for index, line in enumerate(lines):
            y = self.found_area.top + m.u(5) + index * round(m.small * 1.3)
            draw.keep_clear(surface, draw.text(surface, line, (self.found_area.left, y), m.small, theme.GREY))

    def _draw_found(self, surface: pygame.Surface) -> None:
        """The tables advertised on the local network, or one calm sentence why there are none."""
        m = self.metrics
        u = m.u
        area = self.found_area
        if area.width < u(24):
            return  # no room beside the form: typing the address still works
        with layout_probe.box(area):
            draw.heading(surface, _("On this network"), (area.left, area.top), m.body)
            if self.found_rects:
                self._draw_lines(surface, self.pick_lines)
            else:
                if self.browser is not None and self.browser.problem:
                    said = _("Tables on this network cannot be looked for here: type the host's address.")
                else:
                    said = _("No table found on this network yet: it appears here when a host opens one.")
                self._draw_lines(surface, draw.wrap(said, m.small, area.width))
            for rect, table in self.found_rects:
                chosen = table.identity == self.picked and table.address == self.address.strip()
                frame = 3 if chosen else 2
                draw.panel(surface, rect, theme.WHITE if table.compatible else theme.PAPER_DARK, frame)
                if chosen:  # the table picked stands out as the players panel's seat to play does
                    pygame.draw.rect(surface, theme.BLUE, rect, frame)
                    pygame.draw.rect(surface, theme.RED, (rect.left, rect.top, u(0.75), rect.height))
                self._draw_card(surface, rect, table, frame)
                layout_probe.control(f"table:{table.key}", rect)
            self.found_scroll.draw(surface, m)

    def _draw_card(self, surface: pygame.Surface, rect: pygame.Rect, table: OpenTable, frame: int) -> None:
        """One table of the list: its game and host, then how many play, what is free, where."""
        m = self.metrics
        u = m.u
        pad = u(1.5)
        # The card's words keep its margin on the right as on the left: the layout check sees a line
        # that runs up to the frame ("2 joueurs · complète : vous pouvez regarder" touched it).
        with layout_probe.box(
            pygame.Rect(rect.left + pad, rect.top + frame, rect.width - 2 * pad, rect.height - 2 * frame)
        ):
            self._card_words(surface, rect, table, pad)

    def _card_words(self, surface: pygame.Surface, rect: pygame.Rect, table: OpenTable, pad: int) -> None:
        m = self.metrics
        u = m.u
        title = games.REGISTRY[table.game].title if table.game in games.REGISTRY else table.game
        head = fill(_("{game} · {host}"), game=_(title), host=table.host)
        size = draw.fitting_size(head, m.body, rect.width - 2 * pad, "semibold", smallest=14)
        words = draw.text(surface, head, (rect.left + pad, rect.top + u(2.2)), size, theme.INK, "semibold", "midleft")
        draw.keep_clear(surface, words)
        if not table.compatible:
            sub = _("another version of bauhausbox")
        elif table.free:
            sub = counted("{n} free seat", "{n} free seats", table.free)
        elif table.watchable:  # every seat taken, but the host lets people watch
            sub = _("full: you may watch")
        else:
            sub = _("full")
        what = sub
        if table.compatible and table.seats:  # what tells two tables of one name apart
            players = counted("{n} player", "{n} players", table.seats)
            sub = fill(_("{players} · {what}"), players=players, what=sub)
        # Longest first, the first that fits whole at the smallest reading size: a narrow
        # window drops the address (picking the table shows it in the form), then the count.
        room = rect.width - 2 * pad
        said = [fill(_("{what} · {address}"), what=sub, address=table.address), sub, what]
        where = next((w for w in said if draw.render_text(w, 14).get_width() <= room), None)
        where = where or draw.cut_to(what, room, 14)
        size = draw.fitting_size(where, m.small, room, smallest=14)
        words = draw.text(surface, where, (rect.left + pad, rect.top + u(5.4)), size, theme.GREY, "regular", "midleft")
        draw.keep_clear(surface, words)
