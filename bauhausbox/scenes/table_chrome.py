"""What a game's screen says around the board: the top bar, the status bar, banners and notes.

The part of :class:`~bauhausbox.scenes.game_scene.GameScene` that tells the players things: the
game's title and whose turn it is (top bar), the latest message, the hint or the situation and the
move count (status bar), a refusal's note by the pointer, brief banners in the top bar ("Your
turn, Anni", where the turn text stands: never over the position), and the shared players panel.
Each thing is said in one place: a refusal in the note by the pointer, a hint in the status bar,
and the status bar otherwise says what happens now.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from bauhausbox import i18n
from bauhausbox.engine.api import Seat
from bauhausbox.i18n import N_, _, counted, fill
from bauhausbox.scenes.game_hooks import GameHooks
from bauhausbox.ui import draw, icons, layout_probe, theme
from bauhausbox.ui.anim import Tween
from bauhausbox.ui.app import App
from bauhausbox.ui.presence import presence_mark
from bauhausbox.ui.text import bar_words, sentence, shown
from bauhausbox.ui.theme import Colour, Metrics
from bauhausbox.ui.widgets import Button

if TYPE_CHECKING:
    from bauhausbox.engine.api import GameRules
    from bauhausbox.engine.bots.runner import BotRunner
    from bauhausbox.engine.history import UndoPlan
    from bauhausbox.table import Table

#: The computer players' levels as players read them (the setup screen and the players panel).
LEVEL_WORDS = {
    "random": N_("random"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}


def undo_question(plan: UndoPlan) -> tuple[str, str]:
    """The title and question of the "everyone agrees" dialog, for what ``plan`` takes back: a draw
    the players saw, or another player's move (``Table.undo_needs_agreement``)."""
    if plan.crosses_reveal:
        return N_("Undo past a draw?"), N_(
            "This goes back before a draw (cards or tiles) that players have already seen. "
            "Undo only if every player at the table agrees."
        )
    return N_("Take back another player's move?"), N_(
        "This takes back a move made by another player at the table. Undo only if every player agrees."
    )


class TableChrome(GameHooks[Any, Any]):
    """The bars, banners and notes of a game's screen (``GameScene`` inherits them)."""

    if TYPE_CHECKING:  # provided by GameScene
        table: Table[Any, Any]
        game: GameRules[Any, Any]
        menu_button: Button
        help_button: Button
        hint_button: Button
        log_button: Button
        redo_button: Button
        undo_button: Button
        mouse: tuple[int, int]
        HINT_LABELS: tuple[str, ...]

        @property
        def viewer(self) -> Seat | None: ...
        def curtained(self) -> bool: ...
        def veiled(self) -> bool: ...

        game_over_shown: bool
        hint_move: Any
        hint_runner: BotRunner

        def seat_title(self, seat: Seat) -> str: ...
        def aiming(self) -> Seat | None: ...
        def open_pause(self) -> None: ...
        def open_help(self) -> None: ...
        def _hint_clicked(self) -> None: ...
        def undo(self) -> None: ...
        def redo(self) -> None: ...
        def toggle_log(self) -> None: ...

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.message = ""
        self.message_kind = "info"
        self.message_until = 0.0
        self.pointer_note: tuple[str, tuple[int, int], float] | None = None
        self.banner_text = ""
        self.banner_style: tuple[Colour, str | None] = (theme.RED, None)
        self.banner_tween: Tween | None = None
        self.top_rect = pygame.Rect(0, 0, 0, 0)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.game_rect = pygame.Rect(0, 0, 0, 0)
        self.banner_area = pygame.Rect(0, 0, 0, 0)  # the top bar's room for the turn text and banners
        self._hint_words: tuple[object, str] = (None, "")
        button = self.widgets.add
        self.menu_button = button(
            Button("", self.open_pause, tooltip=N_("Menu: undo, restart, save (Esc)"), icon=icons.menu)
        )
        self.help_button = button(Button("", self.open_help, tooltip=N_("How to play (F1)"), icon=icons.question))
        self.hint_button = button(Button(N_("Hint"), self._hint_clicked, tooltip=N_("Show a good move (H)")))
        self.redo_button = button(Button("", self.redo, tooltip=N_("Redo (Ctrl+Y)"), icon=icons.redo))
        self.undo_button = button(Button("", self.undo, tooltip=N_("Undo (Ctrl+Z)"), icon=icons.undo))
        self.log_button = button(Button(N_("Log"), self.toggle_log, tooltip=N_("Show or hide the game log (Tab)")))

    def layout_bars(self, metrics: Metrics) -> None:
        """The top bar with its buttons, the status bar, and the room for the game between them."""
        width, height = metrics.width, metrics.height
        top_h = metrics.u(8)
        status_h = metrics.u(5.5)
        self.top_rect = pygame.Rect(0, 0, width, top_h)
        self.status_rect = pygame.Rect(0, height - status_h, width, status_h)
        pad = metrics.u(2)
        self.game_rect = pygame.Rect(pad, top_h + pad, width - 2 * pad, height - top_h - status_h - 2 * pad)
        size = top_h - metrics.u(2.5)
        x = width - pad
        # Wide enough for the longest label it may show, so that it never jumps or clips.
        hint_w = max(metrics.u(11), *(self.hint_button.natural_width(metrics, text) for text in self.HINT_LABELS))
        log_w = self.log_button.natural_width(metrics)
        for button, w in (
            (self.menu_button, size),
            (self.help_button, size),
            (self.hint_button, hint_w),
            (self.log_button, log_w),
            (self.redo_button, size),
            (self.undo_button, size),
        ):
            button.rect = pygame.Rect(x - w, (top_h - size) // 2 - metrics.u(0.25), w, size)
            x -= w + metrics.u(1.25)

    def watcher_screen(self) -> bool:
        """Whether this screen watches a table across computers from no seat: it says so, and shows
        no prompt, hint, undo or move control (it plays nothing)."""
        return self.spectating and self.table.on_server

    def watched_text(self) -> str:
        """The top bar's line on a watcher's screen: what it is and who plays, never what to do."""
        seat = self.match.to_play
        if seat is None:
            return _("Watching: the game is over")
        return fill(_("Watching: {name} to play"), name=self.seat_title(seat))

    def held_text(self) -> str:
        """The top bar's line while play is on hold across computers (``Table.held``): whose turn
        it is, never what to do; the status bar says why (the host left, reconnecting)."""
        seat = self.match.to_play
        waiting = self.table.host_away() is not None  # else the connection is down (the bar says so)
        if self.table.plays_here(seat):  # this screen's own turn is said to it, never in the third person
            return _("Your turn · waiting for the host") if waiting else _("Your turn · on hold")
        name = self.seat_title(seat) if seat is not None else ""
        return fill(_("{name} to play · waiting for the host") if waiting else _("{name} to play · on hold"), name=name)

    def top_words(self) -> str:
        """The top bar's turn line: a watcher's, play on hold's, or the game's prompt."""
        if self.watcher_screen():
            return bar_words(self.watched_text())
        return bar_words(self.held_text() if self.table.held() else self.turn_text())

    def _refresh_buttons(self) -> None:
        watcher = self.watcher_screen()
        held = self.table.held()
        # A watcher asks for no hint and undoes nothing; the final table again, it may see.
        self.undo_button.visible = self.redo_button.visible = not watcher
        self.hint_button.visible = not watcher or (self.match.over and self.game_over_shown)
        if watcher or held:  # the game's own move buttons too (each game shows them again as it needs them)
            for control in self.move_controls():
                control.visible = False
        # Once the game is over, play does not go on: no undo or redo (the pause menu agrees).
        self.undo_button.enabled = not self.match.over and not held and self.table.undo_plan() is not None
        # Across computers a player takes back only their own move: before their first, nothing.
        own = self.table.on_server and not self.match.over and not held and not self.undo_button.enabled
        self.undo_button.tooltip = N_("You have no move of your own to take back") if own else N_("Undo (Ctrl+Z)")
        self.redo_button.enabled = not self.match.over and not held and self.match.history.can_redo
        if self.match.over and self.game_over_shown:
            # After "See the board" the hint's place opens the final table again.
            self.hint_button.enabled, self.hint_button.label = True, N_("Scores")
            self.hint_button.tooltip = N_("Show the final table again")
            return
        self.hint_button.enabled = self.table.plays_here(self.match.to_play) and not self.hint_runner.busy and not held
        hinted = self.hint_move is not None
        self.hint_button.label = N_("Play hint") if hinted else N_("Hint")
        self.hint_button.tooltip = N_("Play the hinted move (Enter)") if hinted else N_("Show a good move (H)")

    def hint_line(self) -> str:
        """The status line of the hint on the board, or "" (none, or the device is passing)."""
        hint = self.table.hint_for(self.viewer) if self.viewer is not None else self.hint_move
        if self.veiled():
            return ""
        if hint is None:  # a long search (a Blokus Duo hint) keeps saying so after its first message
            return _("Looking for a good move…") if self.table.hint_runner.busy else ""
        self._record_hint()
        # Its words are made once per position, hint, language and room, not every frame.
        key = (self.match.state, hint, i18n.language(), self.status_room())
        if self._hint_words[0] != key:
            self._hint_words = (key, self.status_words(*self.hint_words(hint)))
        return self._hint_words[1]

    def _record_hint(self) -> None:
        if self.match.to_play is not None:
            layout_probe.private(self.match.to_play, "hint")  # made from its seat's hand and secrets

    def seats_key(self) -> tuple[tuple[str, ...], tuple[bool | None, ...]]:
        """What a players panel shows of the seats beyond the position, for its layer's key
        (ui/layer.py): their names (a player joining across computers names their seat) and who is
        connected."""
        seats = range(len(self.match.setup.seats))
        return tuple(self.match.seat_name(seat) for seat in seats), tuple(self.table.connected(seat) for seat in seats)

    def draw_bars(self, surface: pygame.Surface) -> None:
        # Both bars are shown from a copy until their words change (ui/layer.py), never late (they
        # say whose turn it is, and a hint's words); the buttons on them are drawn after, every frame.
        seat = self.match.to_play
        turn = self.top_words()
        style = self.seat_style(seat) if seat is not None else None
        # Asked once a frame: the bar and the banner agree even when the banner ends mid-frame.
        busy = self.banner_busy()
        top = (seat, style, turn, self.undo_button.rect.left, busy)  # a banner takes the turn's place
        self.layers.show(
            "top bar", surface, self.top_rect, top, lambda target: self._draw_top_bar(target, turn, busy), on_time=True
        )
        words = (bar_words(self.status_message()), self.message_kind, bar_words(self.situation()), self._move_count())
        self.layers.show(
            "status bar",
            surface,
            self.status_rect,
            words,
            lambda target: self._draw_status_bar(target, *words),
            on_time=True,
        )
        if busy:
            self._draw_banner(surface)

    def refuse(self, reason: str) -> None:
        """A move was refused: the reason goes in one note by the pointer, never over what it
        explains (docs/contributing.md, "Look and controls"), and nowhere else, so it is said once.
        ``reason`` is the rules' :class:`~bauhausbox.engine.api.Words`: it is said in the players'
        language."""
        self.app.sound.play("invalid")
        self.message_until = 0.0  # an older message would now be stale
        self.pointer_note = (sentence(shown(reason)), self.mouse, time.monotonic() + 3.0)

    def refusal(self) -> str | None:
        """The refusal being said now (by the pointer), or ``None``."""
        note = self.pointer_note
        return note[0] if note is not None and time.monotonic() < note[2] else None

    def say(self, message: str, kind: str = "info", seconds: float = 5.0) -> None:
        """Put ``message`` in the status bar for ``seconds``: a marked constant (``N_``), a
        :class:`~bauhausbox.engine.api.Words` or a text already translated; the status bar shows it
        in the players' language when it draws."""
        self.message, self.message_kind, self.message_until = message, kind, time.monotonic() + seconds

    def banner(self, message: str, seat: Seat | None = None) -> None:
        """A brief banner in the top bar, in the turn text's place ("Your turn, Anni", "Blue passes",
        "Round over"): seen at a glance, and the position under it stays in sight;
        with ``seat``'s colour and shape when it is about one seat. ``message`` is shown in the
        players' language when drawn (a marked constant, :class:`~bauhausbox.engine.api.Words`, or
        a text already translated)."""
        self.banner_text = message
        self.banner_style = self.seat_style(seat) if seat is not None else (theme.RED, None)
        self.banner_tween = Tween(1.0, max(0.5, self.app.settings.animation_factor or 0.5))  # a glance

    def banner_busy(self) -> bool:
        """A banner is up, in the turn text's place (a pass or a power says more than "your turn"
        would). It stands whole for its glance and then the turn text is back at once: a banner
        fading out over an empty place left the top bar saying nothing."""
        return bool(self.banner_tween and not self.banner_tween.done and self.banner_text)

    def tween(self, seconds: float, **kwargs: Any) -> Tween:
        """A tween respecting the animation-speed setting ("off" finishes at once)."""
        return Tween(seconds, self.app.settings.animation_factor, **kwargs)

    def seat_kind(self, seat: Seat) -> str:
        """Who plays ``seat``, in the players panel's words: "human", "computer · hard", or, at a
        table across computers, "open seat · waiting for a player" until someone sits in it."""
        spec = self.match.setup.seats[seat]
        if self.table.open_seat(seat):
            return _("open seat · waiting for a player")
        if self.table.seat_away(seat):  # the host left the table: nothing of theirs goes on meanwhile
            return _("human · away")
        if spec.is_human:
            return _("human")
        return _("computer · {level}").format(level=_(LEVEL_WORDS.get(spec.level, spec.level)))

    def draw_players(self, surface: pygame.Surface, rect: pygame.Rect, extra: list[str] | None = None) -> int:
        """A shared players panel: marker, name, level, live score; the seat to play highlighted.
        Returns the y below the panel."""
        m = self.metrics
        scores = self.game.scores(self.match.state)
        row_h = m.u(6)
        y = rect.top
        for seat, spec in enumerate(self.match.setup.seats):
            row = pygame.Rect(rect.left, y, rect.width, row_h)
            if seat == self.match.to_play:
                pygame.draw.rect(surface, theme.WHITE, row)
                pygame.draw.rect(surface, theme.INK, row, 2)
                pygame.draw.rect(surface, theme.RED, (row.left, row.top, m.u(0.75), row.height))
            colour, shape = self.seat_style(seat)
            draw.seat_shape(surface, shape, (row.left + m.u(3), row.centery), m.u(1.6), colour)
            connected = self.table.connected(seat) if spec.is_human else None
            presence_mark(surface, (row.left + m.u(3), row.centery), m.u(1.6), connected)
            name = draw.text(
                surface,
                spec.name,
                (row.left + m.u(6), row.centery - m.u(1.2)),
                m.body,
                theme.INK,
                "semibold",
                "midleft",
            )
            draw.keep_clear(surface, name)  # who is who: tooltips (the top bar's) keep off the names
            sub = self.seat_kind(seat)
            # Across computers: who is at their screen now (an open seat or an away host says so already).
            if connected is not None and not self.table.open_seat(seat) and not self.table.seat_away(seat):
                sub = _("human · connected") if connected else _("human · not connected")
            if extra and seat < len(extra) and extra[seat]:
                sub = extra[seat]  # the game's own words (the marker still says who is connected)
            score = str(scores[seat]) if self.match.over or self.viewer is None or self.score_visible(seat) else "?"
            # The words keep left of the score: the layout check sees a line that runs into it.
            score_left = row.right - m.u(2) - draw.render_text(score, m.heading, weight="bold").get_width()
            with layout_probe.box(pygame.Rect(row.left, row.top, score_left - row.left, row.height)):
                draw.text(
                    surface,
                    sub,
                    (row.left + m.u(6), row.centery + m.u(1.5)),
                    m.small,
                    theme.GREY if connected is not False or self.table.open_seat(seat) else theme.RED,
                    "regular",
                    "midleft",
                )
            draw.text(
                surface,
                score,
                (row.right - m.u(1.5), row.centery + 1),
                m.heading,
                theme.INK,
                "bold",
                "midright",
            )
            y += row_h + m.u(0.5)
        return y

    def note_room(self, pointer: tuple[int, int]) -> pygame.Rect:
        """Where a refusal's note made at ``pointer`` may stand (default: the whole game area); a
        screen whose panel has words to read beside the board keeps board notes on the board."""
        return self.game_rect

    def draw_overlay(self, surface: pygame.Surface) -> None:
        note = self.pointer_note
        if note and time.monotonic() < note[2] and self.app.top is self:
            m = self.metrics
            label = draw.render_text(shown(note[0]), m.small, theme.WHITE, "semibold")
            box = label.get_rect().inflate(m.u(3), m.u(1.5))
            x, y = note[1]
            avoid = self.refusal_area() or pygame.Rect(x - m.u(1), y - m.u(1), m.u(2), m.u(2))
            avoid = avoid.union(pygame.Rect(x - m.u(1), y - m.u(1), m.u(2), m.u(2)))
            gap = m.u(1.5)
            room = self.note_room((x, y))  # never over words to read beside it (a panel's titles)
            box.midbottom = (x, avoid.top - gap)  # above what it explains, else below it
            if box.top < room.top:
                box.midtop = (x, avoid.bottom + gap)
            box.clamp_ip(room)
            if box.colliderect(avoid):  # no room above or below: beside it
                box.left = (
                    avoid.right + gap if avoid.right + gap + box.width <= room.right else avoid.left - gap - box.width
                )
            elif any(box.colliderect(title) for title in draw.titles_drawn()):  # a title above it: beside it
                right = avoid.right + gap + box.width <= room.right
                box.midleft = (avoid.right + gap, avoid.centery)
                if not right:
                    box.midright = (avoid.left - gap, avoid.centery)
            pygame.draw.rect(surface, theme.INK, box)
            pygame.draw.rect(surface, theme.ILLEGAL, (box.left, box.top, m.u(0.75), box.height))
            surface.blit(label, label.get_rect(center=(box.centerx + m.u(0.4), box.centery)))
            with layout_probe.role("note"):
                layout_probe.text(shown(note[0]), box, m.small, surface.get_size())
        super().draw_overlay(surface)

    def _draw_top_bar(self, surface: pygame.Surface, turn: str, busy: bool) -> None:
        m = self.metrics
        rect = self.top_rect
        pygame.draw.rect(surface, theme.PAPER, rect)
        draw.bottom_rule(surface, rect, m.rule)
        # A small poster mark: red square, yellow triangle, blue circle.
        s = m.u(2.2)
        cy = rect.centery
        x = m.u(2.5)
        pygame.draw.rect(surface, theme.RED, (x, cy - s // 2, s, s))
        draw.seat_shape(surface, "triangle", (x + s * 1.9, cy), s * 0.62, theme.YELLOW)
        pygame.draw.circle(surface, theme.BLUE, (round(x + s * 3.2), cy), s // 2)
        title_rect = draw.heading(
            surface, _(self.game.info.title), (x + s * 4.2, cy + 2), m.heading, theme.INK, "midleft"
        )
        seat = self.match.to_play
        tx = title_rect.right + m.u(5)
        self.banner_area = pygame.Rect(tx, rect.top + m.u(0.75), self.undo_button.rect.left - m.u(2) - tx, rect.height)
        self.banner_area.height -= m.u(1.5) + m.rule
        if busy:
            return  # the banner takes the turn text's place for its moment
        if seat is not None and self.turn_marker:
            colour, shape = self.seat_style(seat)
            draw.seat_shape(surface, shape, (tx + m.u(1.5), cy), m.u(1.5), colour)
            tx += m.u(4)
        # The turn text takes the room left of the buttons: a narrow window or a longer language
        # makes it smaller rather than run under them.
        room = self.undo_button.rect.left - m.u(2) - tx
        size = draw.fitting_size(turn, m.body + 2, room, "semibold")
        draw.text(surface, turn, (tx, cy + 2), size, theme.INK, "semibold", "midleft")

    def _move_count(self) -> tuple[str, int]:
        """The status bar's right end — the turn, counted as players count them, and whether the game
        is saved — and its width."""
        turn = self.match.history.turn
        counts = self.game.info.counts_turns  # a puzzle's moves are not turns: no count at all
        if self.table.on_server:  # every move is stored by the host before anyone hears of it
            if self.table.hosted_here():  # the host's own screen: the table is kept right here
                words = _("turn {n}  ·  you are hosting").format(n=turn) if counts else _("you are hosting")
            elif host := self.table.host_player():  # whose computer keeps the game (it is saved there)
                template = _("turn {n}  ·  hosted by {name}") if counts else _("hosted by {name}")
                words = fill(template, n=turn, name=host)
            else:
                words = _("turn {n}  ·  hosted elsewhere").format(n=turn) if counts else _("hosted elsewhere")
            if watching := self.table.watching():
                words = fill(
                    _("{words}  ·  {watching}"), words=words, watching=counted("{n} watching", "{n} watching", watching)
                )
        elif self.match.save_error:
            words = _("turn {n}  ·  not saved!").format(n=turn) if counts else _("not saved!")
        else:
            words = _("turn {n}  ·  saved").format(n=turn) if counts else _("saved")
        return words, draw.render_text(words, self.metrics.small, weight="regular").get_width()

    def status_room(self) -> int:
        """The width the status bar gives a message, left of the move count (measured, not guessed)."""
        return draw.status_room(self.status_rect, self.metrics, self._move_count()[1])

    def status_words(self, *sentences: str) -> str:
        """The first of ``sentences`` (longest first) whole in the status bar's room for a message at
        its own size, else the last: never a sentence cut short or set below the house's reading
        size (the log keeps every move whole)."""
        room, size = self.status_room(), self.metrics.body
        fits = (s for s in sentences if draw.render_text(bar_words(s), size, weight="semibold").get_width() <= room)
        return next(fits, sentences[-1])

    def status_message(self) -> str:
        """What the status bar says now: the latest message while it lasts, else the hint on the
        board, else nothing (the bar then tells the situation)."""
        return shown(self.message) if time.monotonic() < self.message_until else self.hint_line()

    def _draw_status_bar(
        self, surface: pygame.Surface, message: str, kind: str, situation: str, count: tuple[str, int]
    ) -> None:
        m = self.metrics
        rect = self.status_rect
        right, right_w = count
        draw.status_bar(surface, rect, m, message, kind, situation, right_w)
        draw.text(
            surface, right, (rect.right - m.u(3), rect.centery + 1), m.small, theme.LIGHT_GREY, "regular", "midright"
        )

    def situation(self) -> str:
        """The status line when there is no message: what is happening now. Only on a human's turn
        does it list the controls (``idle_status``); otherwise it says who the table waits for."""
        match = self.match
        note = self.table.status_note()  # a table across computers: reconnecting, the host left
        if note:
            return note
        if match.over:
            return _("Game over  ·  Scores: the final table again  ·  Esc menu")
        deciding = self.deciding
        if deciding is not None and deciding == self.aiming():
            return self.idle_status()  # the player aiming an answer here needs its controls, not "waiting for"
        if deciding is not None:
            return fill(_("Waiting for {name} to decide"), name=self.seat_title(deciding))
        if self.curtained() and (self.table.unveiled is None or self.table.veiled()):
            if self.app.top is not self:  # a question to everyone at the screen: nobody passes it yet
                return ""
            seat = match.viewer()
            return fill(_("Pass the device to {name}"), name=match.seat_name(seat)) if seat is not None else ""
        seat = match.to_play
        if seat is not None and not match.is_human(seat):
            return fill(_("{name} is thinking  ·  Esc menu  ·  Ctrl+Z undo"), name=match.seat_name(seat))
        if seat is not None and not self.table.plays_here(seat):  # at another computer
            return fill(_("{name} is playing at another computer  ·  Esc menu"), name=match.seat_name(seat))
        return self.idle_status()

    def _draw_banner(self, surface: pygame.Surface) -> None:
        tween, m = self.banner_tween, self.metrics
        if tween and self.banner_text:
            colour, shape = self.banner_style
            # As tall as the bar allows, centred where the turn text stands.
            size = m.body + 2
            edge = max(4, (self.banner_area.height - draw.font(size, "black").get_height()) // 2)
            area = self.banner_area
            words = bar_words(shown(self.banner_text))
            if draw.banner_least_width(words, edge) > area.width:
                # A narrow window and a long title: for its glance the banner may cover the title
                # too (it never changes), rather than be cut.
                area = pygame.Rect(m.u(2), area.top, area.right - m.u(2), area.height)
            draw.banner(surface, area, words, 0.0, size, edge, colour, shape)  # 0.0: whole, never faded
