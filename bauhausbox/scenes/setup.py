"""Game setup: number of players, each seat human or computer (with a level), names, variant options.
A click on a seat's choice lists every kind of player to pick from; its arrows step through them.

The last choices per game and the names typed are remembered in the settings. When a seat is played on
another computer, Start hosts the table and a port field beside it says where it listens (empty: a
port the system picks; remembered as ``host_port``; fixed once this app hosts).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from bauhausbox import games
from bauhausbox.engine.api import GameRules
from bauhausbox.engine.history import SeatSpec
from bauhausbox.i18n import N_, _, counted, fill
from bauhausbox.net import background
from bauhausbox.persistence import saves
from bauhausbox.persistence.models import (
    DEFAULT_NAMES,
    GamePreference,
    GameStatistics,
    SeatPreference,
    clean_name,
    own_name,
)
from bauhausbox.scenes.choice_list import ChoiceListScene
from bauhausbox.scenes.common import poster_background
from bauhausbox.scenes.flow import start_match
from bauhausbox.scenes.host import HIGHEST_PORT, LOWEST_PORT, host_table, port_choice
from bauhausbox.scenes.howto import HowToScene
from bauhausbox.scenes.results import result_with_points
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button, Choice, TextField, Toggle

REMOTE = "remote"  # a human playing on another computer (the table is hosted: scenes/host.py)
# The seat played on another computer comes last, after the computers: stepping between Human and
# the computers must never land on it by accident (it hosts a table that waits for someone to join).
# The computers go from the weakest to the strongest, random moves first, as the selfplay and the
# games' pages list them.
SEAT_KINDS = [
    ("human", N_("Human")),
    ("ai:random", N_("Computer · random")),
    ("ai:easy", N_("Computer · easy")),
    ("ai:medium", N_("Computer · medium")),
    ("ai:hard", N_("Computer · hard")),
    ("ai:expert", N_("Computer · expert")),
    (REMOTE, N_("Player on another computer")),
]


START_LABELS = (N_("Start"), N_("Host the table"))
NAMES_THEMSELVES = N_("they name themselves")


def generic_name(seat: int) -> str:
    """The name of a seat nobody named ("Player 2"), in the players' language."""
    return _("Player {number}").format(number=seat + 1)


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.game: GameRules[Any, Any] = games.load(game_id)
        self.scene_type = games.scene_class(game_id)
        info = self.game.info
        remembered = app.settings.last_setups.get(game_id)
        if remembered is not None:
            # Only what this game offers: an unknown level or option must not make Start fail.
            remembered = remembered.fitted(info.min_players, info.max_players, info.levels, info.options)
        self.players = remembered.players if remembered else info.default_players
        names = list(app.settings.player_names)
        self.seat_prefs: list[SeatPreference] = []
        for seat in range(info.max_players):
            if remembered and seat < len(remembered.seats):
                self.seat_prefs.append(remembered.seats[seat])
            else:
                name = names[seat] if seat < len(names) else generic_name(seat)
                self.seat_prefs.append(SeatPreference(name=name, kind="human" if seat == 0 else "ai", level="medium"))
        self.options: dict[str, str | int | bool] = dict(remembered.options) if remembered else {}
        levels = {"random", *info.levels}
        self.kind_choices = [
            (value, label) for value, label in SEAT_KINDS if ":" not in value or value.split(":")[1] in levels
        ]
        # The seats played on other computers, remembered like the other kinds.
        self.remote: set[int] = {
            seat for seat, pref in enumerate(self.seat_prefs) if pref.remote and pref.kind == "human"
        }
        add = self.widgets.add
        self.players_choice = add(
            Choice(
                self._player_counts(),
                self.players,
                self._set_players,
            )
        )
        self.name_fields: list[TextField] = []
        self.kind_fields: list[Choice] = []
        for seat in range(info.max_players):
            pref = self.seat_prefs[seat]
            self.name_fields.append(
                add(TextField(pref.name, partial(self._set_name, seat), tooltip=N_("Click to type a name")))
            )
            kind_value = REMOTE if seat in self.remote else "human" if pref.kind == "human" else f"ai:{pref.level}"
            self.kind_fields.append(
                add(
                    Choice(
                        self.kind_choices,
                        kind_value,
                        partial(self._set_kind, seat),
                        tooltip=N_("Who plays this seat: click for the list"),
                        on_open=partial(self._open_kinds, seat),
                    )
                )
            )
        self.option_fields: list[tuple[str, Choice]] = []
        for spec in info.options:
            value = self.options.get(spec.key, spec.default)
            if value not in [v for v, _label in spec.choices]:
                value = spec.default
            self.options[spec.key] = value
            field = add(Choice(list(spec.choices), value, partial(self._set_option, spec.key), tooltip=spec.help))
            self.option_fields.append((spec.label, field))
        self.back_button = add(Button(N_("Back"), lambda: self.app.pop(self), tooltip=N_("Esc")))
        self.help_button = add(Button(N_("How to play"), self.open_help, tooltip="F1"))
        port = app.settings.host_port
        self.port_field = add(
            TextField(str(port) if port else "", self._set_port, 5, tooltip=N_("Empty: a port the system picks"))
        )
        self.port_text = self.port_field.value
        self.port_problem = ""  # why the port typed cannot be used
        # Hosting: may others watch the table from no seat? As the last table hosted had it.
        self.watchers_toggle = add(
            Toggle(
                N_("Allow watchers"),
                app.settings.host_watchers,
                lambda _value: None,
                tooltip=N_("Others may join to watch from no seat: they see no player's secrets and cannot play"),
            )
        )
        self.start_button = add(Button(N_("Start"), self.start, "primary", tooltip=N_("Enter")))
        self.start_button.label = START_LABELS[1] if self.remote else START_LABELS[0]  # a remembered host's seat
        self.rows: list[tuple[str, int]] = []
        self.note_lines: list[str] = []  # the player count's note, wrapped to its room
        self.note_top = 0
        self.record: GameStatistics | None = None
        self.record_box = pygame.Rect(0, 0, 0, 0)  # where the record was drawn last (none: empty)
        self._update_visibility()

    def _player_counts(self) -> list[tuple[int, str]]:
        """ "2 players"… in the players' language (made again at each layout: a change of language
        lays every screen out again)."""
        info = self.game.info
        return [(n, counted("{n} player", "{n} players", n)) for n in range(info.min_players, info.max_players + 1)]

    def on_enter(self) -> None:
        self.refresh_record()

    def on_uncover(self) -> None:
        self.refresh_record()

    def refresh_record(self) -> None:
        """Read the record from disk each time the screen shows (no copy that could go stale)."""
        self.record = saves.load_statistics().games.get(self.game_id)

    # -- changes -----------------------------------------------------------------------------
    def _set_players(self, value: int) -> None:
        self.players = value
        self._update_visibility()
        self.layout(self.metrics)

    def _set_name(self, seat: int, value: str) -> None:
        self.seat_prefs[seat].name = value

    def _set_kind(self, seat: int, value: str) -> None:
        pref = self.seat_prefs[seat]
        self.remote.discard(seat)
        pref.remote = value == REMOTE
        if value in ("human", REMOTE):
            pref.kind = "human"
            if value == REMOTE:
                self.remote.add(seat)
        else:
            pref.kind = "ai"
            pref.level = value.split(":", 1)[1]
        self.start_button.label = START_LABELS[1] if self.remote else START_LABELS[0]
        if value == REMOTE:
            self._ask_own_name()
        self._update_visibility()

    def _here(self) -> int | None:
        """The first seat played by a human at this computer (the host's own), if any."""
        return next(
            (s for s in range(self.players) if self.seat_prefs[s].kind == "human" and s not in self.remote), None
        )

    def _ask_own_name(self) -> None:
        """Hosting for the first time: the host's seat still has the setup's default name ("Anni" on
        every new copy), which the others would read as theirs; it takes the host's own name (the
        computer's user name at first) and its field is open for typing, to be checked."""
        seat = self._here()
        if seat is None or self.app.settings.own_name or self.seat_prefs[seat].name not in DEFAULT_NAMES:
            return
        name = own_name(self.app.settings)
        if name:
            self.seat_prefs[seat].name = self.name_fields[seat].value = name
        for index, field in enumerate(self.name_fields):
            field.focused = index == seat
        pygame.key.start_text_input()

    def _open_kinds(self, seat: int) -> None:
        """Every kind of player at once, to pick one directly (stepping to Human passed the seat
        played on another computer, which turns Start into "Host the table")."""
        self.app.push(ChoiceListScene(self.app, self.kind_fields[seat]))

    def _set_port(self, value: str) -> None:
        self.port_text = value
        self.port_problem = ""

    def _set_option(self, key: str, value: str | int | bool) -> None:
        self.options[key] = value

    def _update_visibility(self) -> None:
        for seat in range(self.game.info.max_players):
            visible = seat < self.players
            self.name_fields[seat].visible = visible
            self.kind_fields[seat].visible = visible
            # A seat at another computer has no name here: its player names themselves on joining.
            box = self.name_fields[seat]
            box.enabled = seat not in self.remote
            box.value = self.seat_prefs[seat].name if box.enabled else ""
            box.tooltip = N_("Click to type a name") if box.enabled else NAMES_THEMSELVES
            box.focused = box.focused and box.enabled
        for spec, (_label, field) in zip(self.game.info.options, self.option_fields, strict=True):
            field.visible = spec.applies_to(self.players)
        self.port_field.visible = any(seat < self.players for seat in self.remote)
        self.watchers_toggle.visible = self.port_field.visible
        hosting = background.hosting()
        if hosting is not None:  # the app's server already listens: its port is the table's
            self.port_field.value = self.port_text = str(hosting.port)
            self.port_field.enabled = False
            self.port_field.tooltip = N_("This app already hosts tables on this port")

    def seats(self) -> list[SeatSpec]:
        result = []
        for seat in range(self.players):
            pref = self.seat_prefs[seat]
            # A seat at another computer is "Player 2" until its player sits down and names themselves.
            name = generic_name(seat) if seat in self.remote else clean_name(pref.name, generic_name(seat))
            result.append(SeatSpec(name, pref.kind, pref.level))
        return result

    def start(self) -> None:
        seats = self.seats()
        for number, pref in enumerate(self.seat_prefs, 1):  # remembered as they will be read back
            pref.name = clean_name(pref.name, generic_name(number - 1))
        settings = self.app.settings
        settings.last_setups[self.game_id] = GamePreference(
            players=self.players, seats=self.seat_prefs, options=dict(self.options)
        )
        humans = [s.name for s in seats if s.is_human]
        settings.player_names = (humans + [n for n in settings.player_names if n not in humans])[:8]
        self.app.save_settings()
        options = self.game.normalize_options(self.players, self.options)
        remote = {seat for seat in self.remote if seat < self.players}
        if remote:  # someone plays on another computer: the table is hosted here
            port = port_choice(self.port_text) if self.port_field.enabled else settings.host_port
            if port is None:
                self.port_problem = fill(
                    _("The port is a number from {lowest} to {highest}, or empty for one the system picks."),
                    lowest=LOWEST_PORT,
                    highest=HIGHEST_PORT,
                )
                return
            settings.host_port, settings.host_watchers = port, self.watchers_toggle.value
            here = self._here()
            if here is not None:  # the host's own name, remembered for the next table and for joining
                settings.own_name = seats[here].name
            self.app.save_settings()
            host_table(self.app, self.game_id, self.players, seats, options, remote, self.watchers_toggle.value)
        else:
            start_match(self.app, self.game_id, self.players, seats, options)

    def open_help(self) -> None:
        self.app.push(HowToScene(self.app, self.game.info.title, self.scene_type.how_to_play()))

    # -- layout and drawing ------------------------------------------------------------------------
    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        u = metrics.u
        bh = metrics.button_height
        left = u(10)
        label_w = u(24)
        x = left + label_w
        self.rows = []
        y = u(20)
        self.players_choice.choices = self._player_counts()
        self.players_choice.rect = pygame.Rect(x, y, u(34), bh)
        self.rows.append((N_("Players"), y + bh // 2))
        y += bh + u(1)
        self.note_lines = []
        note = self.game.info.player_count_notes.get(self.players)
        if note:  # what this player count means (the shared green of three-player Blokus)
            kind_right = x + u(5) + u(30) + u(2) + u(34)  # the seat rows' right end (below)
            record_shown = metrics.width - u(48) >= kind_right + u(4)  # the record box's test (_draw_record)
            right = metrics.width - (u(50) if record_shown else u(6))
            self.note_lines = draw.wrap(_(note), metrics.small, max(u(30), right - x))
            self.note_top = y
            y += len(self.note_lines) * round(metrics.small * 1.3) + u(1)
        y += u(2)
        # The seat's kind reads on one line at the body size ("Ordinateur · difficile" took two small
        # lines in French at 1024): its field takes what it needs from the name's, the row as long.
        words = max(
            draw.render_text(shown(_(label)), metrics.body, weight="semibold").get_width()
            for value, label in SEAT_KINDS
            if value != REMOTE  # the longest, and rare: it may take two lines
        )
        kind_w = max(u(34), min(u(40), words + 2 * bh + u(1)))
        name_w = u(64) - kind_w
        for seat in range(self.game.info.max_players):
            if seat < self.players:
                self.name_fields[seat].rect = pygame.Rect(x + u(5), y, name_w, bh)
                self.kind_fields[seat].rect = pygame.Rect(x + u(5) + name_w + u(2), y, kind_w, bh)
                self.rows.append((f"seat:{seat}", y + bh // 2))
                y += bh + u(1.5)
        y += u(2)
        for label, field in self.option_fields:
            if field.visible:
                field.rect = pygame.Rect(x, y, u(52), bh)  # room for a variant's name and its detail
                self.rows.append((label, y + bh // 2))
                y += bh + u(1.5)
        # The box (as wide as tall), its gap and the words (ui/widgets.py's Toggle).
        words_w = draw.render_text(_(self.watchers_toggle.label), metrics.body, weight="regular").get_width()
        self.watchers_toggle.rect = pygame.Rect(x, y, bh + u(2.5) + words_w, bh)
        bottom = metrics.height - u(4) - bh
        back_w = max(u(16), self.back_button.natural_width(metrics))
        self.back_button.rect = pygame.Rect(left, bottom, back_w, bh)
        help_w = max(u(22), self.help_button.natural_width(metrics))
        self.help_button.rect = pygame.Rect(left + back_w + u(2), bottom, help_w, bh)
        start_w = max(u(24), *(self.start_button.natural_width(metrics, label) for label in START_LABELS))
        self.start_button.rect = pygame.Rect(metrics.width - u(10) - start_w, bottom, start_w, bh)
        # The port sits beside "Host the table", which it belongs to; its label left of it.
        port_w = max(u(12), draw.render_text("65535", metrics.body).get_width() + u(4))
        self.port_field.rect = pygame.Rect(self.start_button.rect.left - u(2) - port_w, bottom, port_w, bh)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and not self.widgets.focused_text:
            if event.key == pygame.K_ESCAPE:
                self.app.pop(self)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return True
            if event.key == pygame.K_F1:
                self.open_help()
                return True
        return False

    def draw_static(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        poster_background(surface, m)
        draw.heading(surface, _(self.game.info.title), (u(10), u(6)), m.title // 2 + u(1))
        draw.text(surface, _(self.game.info.tagline), (u(10), u(12.5)), m.body, theme.GREY)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        self.blit_static(surface)
        label_x = u(10)
        for label, cy in self.rows:
            if label.startswith("seat:"):
                seat = int(label[5:])
                # The rules call a seat nobody named "Player 2" (in English): the generic name here.
                # The options may change the name (Blokus Duo and Junior: one colour per player).
                options = self.game.normalize_options(self.players, self.options)
                named = self.game.seat_name(seat, self.players, options)
                generic = generic_name(seat)
                role = generic if named == f"Player {seat + 1}" else shown(named)
                draw.text(
                    surface,
                    generic,
                    (label_x, cy - (u(1.2) if role != generic else 0)),
                    m.body,
                    theme.INK,
                    "semibold",
                    "midleft",
                )
                if role != generic:
                    draw.text(surface, role, (label_x, cy + u(1.5)), m.small, theme.GREY, "regular", "midleft")
                colour, shape = self.scene_type.setup_marker(seat, self.players)
                draw.seat_shape(surface, shape, (label_x + u(26.5), cy), u(1.6), colour)
            else:
                draw.text(surface, shown(label), (label_x, cy), m.body, theme.INK, "semibold", "midleft")
        x = self.players_choice.rect.left
        for index, line in enumerate(self.note_lines):
            draw.text(surface, line, (x, self.note_top + index * round(m.small * 1.3)), m.small, theme.GREY)
        self._draw_record(surface)
        if self.port_field.visible:
            self._draw_port(surface)
        super().draw(surface)
        for seat in self.remote:  # the empty name box says why it is empty
            field = self.name_fields[seat]
            if field.visible:
                at = (field.rect.left + u(1.5), field.rect.centery + 1)
                words = _(NAMES_THEMSELVES)  # kept inside the box: smaller in a longer language
                size = draw.fitting_size(words, m.small, field.rect.width - u(3), "regular", smallest=10)
                draw.text(surface, words, at, size, theme.GREY, "regular", "midleft")

    def _draw_port(self, surface: pygame.Surface) -> None:
        """The port field's label, and above it why the port typed cannot be used."""
        m = self.metrics
        u = m.u
        field = self.port_field.rect
        draw.text(surface, _("Port"), (field.left - u(1.5), field.centery), m.body, theme.INK, "semibold", "midright")
        if self.port_problem:
            right = self.start_button.rect.right
            lines = draw.wrap(self.port_problem, m.small, right - self.help_button.rect.right - u(4))
            line_h = round(m.small * 1.3)
            for index, line in enumerate(lines):
                y = field.top - u(1.5) - (len(lines) - index) * line_h
                draw.text(surface, line, (right, y), m.small, theme.RED, "semibold", "topright")

    def _draw_record(self, surface: pygame.Surface) -> None:
        """The player's record for this game: played, finished, recent results. Every line stays in
        the box: a long result (a shared win, long names, French) wraps and the box grows with it."""
        m = self.metrics
        u = m.u
        stats = self.record
        results = stats.results[-5:] if stats else []
        box = pygame.Rect(m.width - u(48), u(20), u(38), u(12))
        words_w = box.width - u(5)
        line_h = round(m.small * 1.3)
        empty = _("No games yet. Every game is saved after each move, so you can stop any time.")
        started = bool(stats and stats.started)
        if not started:
            lines = [draw.wrap(empty, m.small, words_w)]
        else:
            lines = [draw.wrap(result_with_points(self.game_id, result), m.small, words_w) for result in results]
        # The heading and the tally above, then each result's lines and a gap between results.
        box.height += sum(len(part) * line_h + u(1) for part in lines) + (u(4) if started else 0)
        self.record_box = pygame.Rect(0, 0, 0, 0)
        if box.left < self.kind_fields[0].rect.right + u(4):
            return  # a narrow window: the setup itself matters more
        self.record_box = box
        draw.panel(surface, box, theme.WHITE, 3)
        draw.keep_clear(surface, box)  # the seat choice's tooltip goes elsewhere
        pygame.draw.rect(surface, theme.BLUE, (box.left, box.top, box.width, u(1)))
        with layout_probe.box(box):
            draw.heading(surface, _("Your record"), (box.left + u(2.5), box.top + u(3)), m.body)
            y = box.top + u(8)
            if stats and started:
                # Each count with its own plural ("1 terminée", "2 terminées"), hence two texts.
                tally = _("{started}  ·  {finished}").format(
                    started=counted("{n} started", "{n} started", stats.started),
                    finished=counted("{n} finished", "{n} finished", stats.finished),
                )
                draw.text(surface, tally, (box.left + u(2.5), y), m.small)
                y += u(4)
                lines.reverse()  # the newest result first
            for part in lines:
                for line in part:
                    draw.text(surface, line, (box.left + u(2.5), y), m.small, theme.INK)
                    y += line_h
                y += u(1)
