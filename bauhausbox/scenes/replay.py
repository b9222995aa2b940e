"""The replay viewer: a game played again move by move, with the log in words beside the board.

Opened from the game-over table ("Review the game"), from the Load screen's finished games and from
``bauhausbox replay FILE --view``. The board is the game's own screen in its read-only mode
(``GameScene.spectate``): the viewer keeps its own copy of the history, moves its cursor, tells the
board as the game would (``on_history_jump``, then ``on_move`` for the move that led here, so it
animates) and draws it with ``layout_game`` / ``draw_game`` beside the log and the controls; the move
that led to the position is outlined on the board with its number, as in the log (``outline_move``).
A game with an analysis (Blokus: ``GameHooks.analysis_view``) adds an "Analyse" toggle (key A) and,
once on, a strip under the board with its chances along the moves (``scenes/analysis_view.py``).
Nothing here plays a move or writes a file; a game's screen may offer its own commands beside the
Close button (``viewer_tools``: Blokus's move numbers, picture and Pentobi file), each with its key,
and what they say shows in the status bar. Playing (Space, or the play button) goes at ½×, 1×, 2×
or 4× (the speed button in the top bar, or + and -).

A finished game is shown whole: every hand and hidden colour, at every step. An unfinished one is
shown only as its first human seat saw it (the screen says so), and its log is told to that seat,
because the game may still be continued (``match.replay_seat``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import pygame

from bauhausbox import games
from bauhausbox.engine.api import Seat
from bauhausbox.engine.history import History, Setup, Step, turns_between
from bauhausbox.i18n import N_, _, counted, translate
from bauhausbox.match import Match, move_log, replay_seat
from bauhausbox.persistence import saves
from bauhausbox.persistence.store import BrokenFileError
from bauhausbox.scenes.analysis_view import AnalysisView
from bauhausbox.scenes.flow import report_broken
from bauhausbox.scenes.game_hooks import ViewerTool
from bauhausbox.scenes.story import MoveMark
from bauhausbox.ui import draw, icons, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.log_panel import whole_lines
from bauhausbox.ui.theme import Colour, Metrics
from bauhausbox.ui.widgets import Button

AUTOPLAY_SECONDS = 1.2  # between two moves while playing at 1x (after the move's animation)
#: The playing speeds, slowest first, and how each is written on its button.
SPEEDS: tuple[tuple[float, str], ...] = ((0.5, "½×"), (1.0, "1×"), (2.0, "2×"), (4.0, "4×"))


class ReplayBoard(Protocol):
    """What the viewer needs of a game's screen (``GameScene`` is one): its read-only mode, its
    board drawing and its reactions to the history moving."""

    metrics: Metrics
    game_rect: pygame.Rect

    def spectate(self, seat: Seat | None) -> None: ...

    def layout_game(self, rect: pygame.Rect) -> None: ...

    def draw_game(self, surface: pygame.Surface) -> None: ...

    def update_game(self, dt: float) -> None: ...

    def animating(self) -> bool: ...

    def on_move(self, before: Any, after: Any, step: Step) -> None: ...

    def on_history_jump(self) -> None: ...

    def seat_style(self, seat: Seat) -> tuple[Colour, str]: ...

    def step_style(self, index: int) -> tuple[Colour, str]: ...

    def draw_marks(self, surface: pygame.Surface, marks: list[MoveMark[Any]]) -> None: ...

    def viewer_tools(self) -> list[ViewerTool]: ...
    def analysis_view(self, history: History[Any]) -> AnalysisView | None: ...


@dataclass(frozen=True, slots=True)
class LogRow:
    """One entry of the log as laid out: the position it jumps to (0 is the start), its wrapped lines."""

    position: int
    top: int
    height: int
    lines: tuple[str, ...]


def played_part(history: History[Any]) -> History[Any]:
    """A copy of ``history`` up to its cursor (the game as it stands; undone moves are not part of
    it). The viewer moves the copy's cursor, never the game's."""
    copy: History[Any] = History(history.game, history.states[0])
    copy.states = list(history.states[: history.cursor + 1])
    copy.steps = list(history.steps[: history.cursor])
    copy.cursor = history.cursor
    return copy


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app: App, setup: Setup, history: History[Any]) -> None:
        super().__init__(app)
        self.setup = setup
        self.history = played_part(history)
        self.game = self.history.game
        self.title = self.game.info.title
        self.moves = len(self.history.steps)
        # The turns played after each position, counted as the status bar and Load count them.
        self.turns = [turns_between(self.history.steps[:position]) for position in range(self.moves + 1)]
        self.finished = self.game.is_over(self.history.state)
        self.seat = replay_seat(setup, self.game, self.history.state)
        self.lines = move_log(setup, self.history, self.seat)
        self.names = [spec.name for spec in setup.seats]
        board: ReplayBoard = games.scene_class(setup.game_id)(app, Match(setup, self.history, autosave=False))
        self.board = board
        # The game's analysis (Blokus): chances along the moves, under the board once asked for.
        self.analysis = board.analysis_view(self.history)
        self.analysis_shown = False
        self.history.go_to(0)
        board.spectate(self.seat)
        self.position = 0
        self.playing = False
        self.speed = 1  # an index into SPEEDS: 1x
        self.wait = 0.0
        self.scroll = 0
        self.hovered: int | None = None
        self.mouse = (0, 0)
        self.rows: list[LogRow] = []
        self.list_pad = 0  # the gap inside the list frame, above the first row (_layout_rows)
        self.top_rect = self.board_rect = self.log_rect = self.list_rect = self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.close_button = self.widgets.add(Button(N_("Close"), self.close, tooltip=N_("Back (Esc)")))
        self.speed_button = self.widgets.add(
            Button(SPEEDS[self.speed][1], self.cycle_speed, tooltip=N_("Playing speed: faster (+), slower (-)"))
        )
        self.start_button = self.widgets.add(
            Button("", lambda: self.go_to(0, pause=True), tooltip=N_("To the start (Home)"), icon=icons.to_start)
        )
        self.back_button = self.widgets.add(
            Button("", lambda: self.step(-1), tooltip=N_("One move back (Left)"), icon=icons.step_back)
        )
        self.play_button = self.widgets.add(
            Button("", self.toggle_play, "primary", tooltip=N_("Play / pause (Space)"), icon=icons.play)
        )
        self.forward_button = self.widgets.add(
            Button("", lambda: self.step(1), tooltip=N_("One move forward (Right)"), icon=icons.step_forward)
        )
        self.end_button = self.widgets.add(
            Button("", lambda: self.go_to(self.moves, pause=True), tooltip=N_("To the end (End)"), icon=icons.to_end)
        )
        # The game's own commands (a hook of its screen), left of Close; what they say goes in the status bar.
        self.tools = board.viewer_tools()
        self.tool_buttons = [
            self.widgets.add(Button(tool.label, partial(self.use, tool), tooltip=tool.tooltip, size="small"))
            for tool in self.tools
        ]
        self.message = ("", "info")
        self.message_until = 0.0
        for button in self.analysis.buttons if self.analysis is not None else ():
            self.widgets.add(button)

    @classmethod
    def of_match(cls, app: App, match: Match) -> ReplayScene:
        """The replay of a game on screen (its own copy: the game's history is not touched)."""
        return cls(app, match.setup, match.history)

    # -- moving through the game ------------------------------------------------------------------
    def go_to(self, position: int, pause: bool = False) -> None:
        """Show the position after ``position`` moves (0: the start), marking the move that led there."""
        position = max(0, min(self.moves, position))
        if pause:
            self.playing = False
        self.wait = 0.0
        if position == self.position:
            return
        self.position = position
        if pause:
            # A jump (a click, a key): the line under the pointer is marked again once the pointer
            # moves, or a move clicked, then End, would stay outlined beside the last one.
            self.hovered = None
        self.history.go_to(position)
        self.board.on_history_jump()
        if position:
            history = self.history
            self.board.on_move(history.states[position - 1], history.states[position], history.steps[position - 1])
        self._scroll_to_current()

    def step(self, delta: int) -> None:
        self.go_to(self.position + delta, pause=True)

    def toggle_play(self) -> None:
        if not self.playing and self.position >= self.moves:
            self.go_to(0)  # play again from the start
        self.playing = not self.playing
        self.wait = 0.0

    def change_speed(self, delta: int) -> None:
        """Play faster (``delta`` > 0) or slower, within ``SPEEDS``."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        self.speed_button.label = SPEEDS[self.speed][1]

    def cycle_speed(self) -> None:
        """The speed button: the next speed, back to the slowest after the fastest."""
        self.change_speed(1 if self.speed < len(SPEEDS) - 1 else -self.speed)

    def close(self) -> None:
        self.app.pop(self)

    def use(self, tool: ViewerTool) -> None:
        said = tool.action()
        if said is not None:
            self.message, self.message_until = said, time.monotonic() + 8.0

    def on_exit(self) -> None:
        if self.analysis is not None:
            self.analysis.close()  # no search goes on for a screen that is gone

    def analyse(self) -> None:
        """Show the analysis under the board and start it (the game-over table's "Analyse")."""
        if self.analysis is not None and not self.analysis.shown:
            self.analysis.toggle()

    # -- layout -----------------------------------------------------------------------------------
    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        m = metrics
        u = m.u
        width, height = m.width, m.height
        top_h, status_h, pad = u(8), u(5.5), u(2)
        self.top_rect = pygame.Rect(0, 0, width, top_h)
        self.status_rect = pygame.Rect(0, height - status_h, width, status_h)
        log_w = max(u(40), round(width * 0.25))
        body = pygame.Rect(pad, top_h + pad, width - 2 * pad, height - top_h - status_h - 2 * pad)
        self.log_rect = pygame.Rect(body.right - log_w, body.top, log_w, body.height)
        self.board_rect = pygame.Rect(body.left, body.top, body.width - log_w - u(3), body.height)
        strip = pygame.Rect(0, 0, 0, 0)
        if self.analysis is not None and self.analysis.shown:  # the graph takes the bottom of the board's room
            strip_h = self.analysis.strip_height(m)
            strip = pygame.Rect(self.board_rect.left, self.board_rect.bottom - strip_h, self.board_rect.width, strip_h)
            self.board_rect.height -= strip_h + u(2)
        # The controls under the log: five buttons in one row.
        bh = m.button_height
        gap = u(1)
        bw = (log_w - 4 * gap) // 5
        y = self.log_rect.bottom - bh
        for index, button in enumerate(
            (self.start_button, self.back_button, self.play_button, self.forward_button, self.end_button)
        ):
            button.rect = pygame.Rect(self.log_rect.left + index * (bw + gap), y, bw, bh)
        header = u(5)
        self.list_rect = pygame.Rect(
            self.log_rect.left, self.log_rect.top + header, log_w, y - u(2) - self.log_rect.top - header
        )
        close_w = max(u(14), self.close_button.natural_width(m))
        size = top_h - u(2.5)
        self.close_button.rect = pygame.Rect(width - pad - close_w, (top_h - size) // 2 - u(0.25), close_w, size)
        speed_w = max(self.speed_button.natural_width(m, label) for _speed, label in SPEEDS)
        self.speed_button.rect = self.close_button.rect.move(-speed_w - u(1.5), 0)
        self.speed_button.rect.width = speed_w
        right = self.speed_button.rect.left - u(1.5)
        for button in reversed(self.tool_buttons):
            tool_w = button.natural_width(m)
            button.rect = pygame.Rect(right - tool_w, self.close_button.rect.top, tool_w, size)
            right = button.rect.left - u(1)
        if self.analysis is not None:
            self.analysis.layout(m, strip, right, self.close_button.rect)
        self._layout_rows()
        self.board.metrics = metrics
        self.board.game_rect = self.board_rect.copy()
        self.board.layout_game(self.board_rect.copy())
        self._scroll_to_current()

    def _layout_rows(self) -> None:
        m = self.metrics
        text_w = self.list_rect.width - m.u(7)
        line_h = round(m.body * 1.25)
        rows: list[LogRow] = []
        # A gap inside the list's frame above the first row and below the last: the current row's
        # yellow never touches the frame ("Start of the game" did).
        y = self.list_pad = m.u(0.75)
        entries = [(_("Start of the game"), 0)]
        told = -1
        for index, line in self.lines:
            # A line is numbered with the turn its move began; what followed it on its own (a round's
            # end) and the rest of a turn (a chosen card carried out) are not.
            opens = index != told and self.turns[index + 1] > self.turns[index]
            entries.append((f"{self.turns[index + 1]}. {line}" if opens else line, index + 1))
            told = index
        for text, position in entries:
            lines = tuple(draw.wrap(text, m.body, text_w, "semibold")) or ("",)  # fits the current row's weight
            height = len(lines) * line_h + m.u(1)
            rows.append(LogRow(position, y, height, lines))
            y += height
        self.rows = rows

    def _content_height(self) -> int:
        return self.rows[-1].top + self.rows[-1].height + self.list_pad if self.rows else 0

    def _clamp_scroll(self) -> None:
        self.scroll = max(0, min(self.scroll, self._content_height() - self.list_rect.height))

    def _scroll_to_current(self) -> None:
        if not self.rows or self.list_rect.height <= 0:
            return
        row, pad = self.rows[self.position], self.list_pad  # the row with the gap around it in view
        if row.top - pad < self.scroll:
            self.scroll = row.top - pad
        elif row.top + row.height + pad > self.scroll + self.list_rect.height:
            self.scroll = row.top + row.height + pad - self.list_rect.height
        self._clamp_scroll()

    def row_at(self, pos: tuple[int, int]) -> LogRow | None:
        """The log row under the screen point ``pos`` (``None`` outside the list)."""
        if not self.list_rect.collidepoint(pos):
            return None
        y = pos[1] - self.list_rect.top + self.scroll
        return next((row for row in self.rows if row.top <= y < row.top + row.height), None)

    def row_rect(self, row: LogRow) -> pygame.Rect:
        """Where ``row`` is on screen now (it may lie outside the list when scrolled away)."""
        return pygame.Rect(
            self.list_rect.left, self.list_rect.top + row.top - self.scroll, self.list_rect.width, row.height
        )

    # -- events and frames ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            row = self.row_at(event.pos)
            self.hovered = None if row is None else row.position
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            actions = {
                pygame.K_LEFT: lambda: self.step(-1),
                pygame.K_RIGHT: lambda: self.step(1),
                pygame.K_UP: lambda: self.step(-1),
                pygame.K_DOWN: lambda: self.step(1),
                pygame.K_HOME: lambda: self.go_to(0, pause=True),
                pygame.K_END: lambda: self.go_to(self.moves, pause=True),
                pygame.K_SPACE: self.toggle_play,
                pygame.K_ESCAPE: self.close,
                pygame.K_PLUS: lambda: self.change_speed(1),
                pygame.K_EQUALS: lambda: self.change_speed(1),  # + without Shift on many keyboards
                pygame.K_KP_PLUS: lambda: self.change_speed(1),
                pygame.K_MINUS: lambda: self.change_speed(-1),
                pygame.K_KP_MINUS: lambda: self.change_speed(-1),
            }
            if self.analysis is not None:
                actions[pygame.K_a] = self.analysis.toggle
            action = actions.get(event.key)
            if action is not None:
                action()
                return True
            ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
            tool = next((t for t in self.tools if t.key == event.key and t.ctrl == ctrl), None)
            if tool is not None:
                self.use(tool)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None:
                self.go_to(row.position, pause=True)
                return True
            point = self.analysis.position_at(event.pos) if self.analysis is not None else None
            if point is not None:
                self.go_to(point, pause=True)
                return True
        if event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(self.mouse):
            self.scroll -= event.y * round(self.metrics.body * 2.5)
            self._clamp_scroll()
            return True
        return False

    def update(self, dt: float) -> None:
        self.board.update_game(dt)
        if self.analysis is not None:
            self.analysis.update(dt)
            if self.analysis.shown != self.analysis_shown:  # the graph came or went: the board's room changes
                self.analysis_shown = self.analysis.shown
                self.layout(self.metrics)
        self.play_button.icon = icons.pause if self.playing else icons.play
        self.back_button.enabled = self.start_button.enabled = self.position > 0
        self.forward_button.enabled = self.end_button.enabled = self.position < self.moves
        for tool, button in zip(self.tools, self.tool_buttons, strict=True):
            button.selected = tool.selected is not None and tool.selected()
        if not self.playing or self.board.animating():
            return
        self.wait += dt
        if self.wait >= AUTOPLAY_SECONDS / SPEEDS[self.speed][0]:
            self.go_to(self.position + 1)
            if self.position >= self.moves:
                self.playing = False

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PAPER)
        previous_clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        self.board.draw_game(surface)
        self._mark_moves(surface)
        if self.analysis is not None:
            self.analysis.draw_on_board(surface, self.position)
        surface.set_clip(previous_clip)
        if self.analysis is not None:
            self.analysis.draw(surface, self.position, self.graph_hovered())
        self._draw_top_bar(surface)
        self._draw_log(surface)
        m = self.metrics
        idle = _(
            "Left / Right step  ·  Space play / pause  ·  + / - speed  ·  Home / End  ·  click a move to jump there"
            "  ·  Esc close"
        )
        said, kind = self.message if time.monotonic() < self.message_until else ("", "info")
        draw.status_bar(surface, self.status_rect, m, translate(said), kind, idle)
        super().draw(surface)

    def graph_hovered(self) -> int | None:
        return self.analysis.position_at(self.mouse) if self.analysis is not None else None

    def _mark_moves(self, surface: pygame.Surface) -> None:
        """The move that led to the position shown, outlined on the board with its number (as in the
        log), and the move of the log line under the pointer when it has been played."""
        marks = []
        for position in dict.fromkeys((self.position, self.hovered)):
            if position and position <= self.position:
                index = position - 1
                step = self.history.steps[index]
                colour, _shape = self.board.step_style(index)
                marks.append(MoveMark(index, step.seat, step.move, colour, str(self.turns[position])))  # its turn
        self.board.draw_marks(surface, marks)

    def seen_as(self) -> str:
        """Whose eyes the replay sees through, for the top bar."""
        if self.seat is None:
            return _("Game over: everything is shown")
        return _("Not finished: shown as {name} saw it").format(name=self.names[self.seat])

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        m = self.metrics
        rect = self.top_rect
        pygame.draw.rect(surface, theme.PAPER, rect)
        draw.bottom_rule(surface, rect, m.rule)
        x = m.u(2.5)
        s = m.u(2.2)
        pygame.draw.rect(surface, theme.RED, (x, rect.centery - s // 2, s, s))
        title = draw.heading(
            surface,
            _("Replay · {game}").format(game=_(self.title)),
            (x + s * 1.6, rect.centery + 2),
            m.heading,
            anchor="midleft",
        )
        note = self.seen_as()
        if self.analysis is not None:
            left_of = self.analysis.buttons[0]
        else:
            left_of = self.tool_buttons[0] if self.tool_buttons else self.speed_button
        room = left_of.rect.left - m.u(3) - (title.right + m.u(4))
        if draw.render_text(note, m.body, weight="semibold").get_width() > room:
            note = (
                _("Everything shown") if self.seat is None else _("As {name} saw it").format(name=self.names[self.seat])
            )
        if draw.render_text(note, m.body, weight="semibold").get_width() > room:
            return  # a narrow window with the game's commands: the title and the buttons matter more
        colour = theme.INK if self.seat is None else theme.RED
        draw.text(surface, note, (title.right + m.u(4), rect.centery + 2), m.body, colour, "semibold", "midleft")

    def counter(self) -> str:
        """The list's heading: the turns played so far of all (the status bar's and Load's count);
        nothing where the game is not counted in turns."""
        if not self.game.info.counts_turns:  # a puzzle: its numbered lines say enough
            return ""
        total = self.turns[-1]
        if self.position == 0:
            return counted("{n} turn", "{n} turns", total)
        return _("turn {n} of {total}").format(n=self.turns[self.position], total=total)

    def _draw_log(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        header = pygame.Rect(
            self.log_rect.left, self.log_rect.top, self.log_rect.width, self.list_rect.top - self.log_rect.top
        )
        draw.heading(surface, _("Moves"), (header.left, header.centery), m.body, anchor="midleft")
        draw.text(
            surface,
            self.counter(),
            (header.right, header.centery),
            m.body,
            theme.GREY,
            "semibold",
            "midright",
        )
        box = self.list_rect
        pygame.draw.rect(surface, theme.WHITE, box)
        previous_clip = surface.get_clip()
        line_h = round(m.body * 1.25)
        line_tops = (
            self.row_rect(row).top + u(0.5) + index * line_h for row in self.rows for index in range(len(row.lines))
        )
        inside = box.inflate(0, -4)  # within the list's 2-pixel frame, drawn over the lines
        shown_part = whole_lines(inside, line_tops, line_h)  # no line half hidden under the heading
        surface.set_clip(shown_part)
        for row in self.rows:
            rect = self.row_rect(row)
            if rect.bottom < box.top or rect.top > box.bottom:
                continue
            current = row.position == self.position
            if current:
                pygame.draw.rect(surface, theme.YELLOW, rect)
                pygame.draw.rect(surface, theme.RED, (rect.left, rect.top, u(0.75), rect.height))
            elif row.position == self.hovered:
                pygame.draw.rect(surface, theme.PAPER, rect)
            if row.position:
                colour, shape = self.board.step_style(row.position - 1)  # a seat may play several colours
                draw.seat_shape(surface, shape, (rect.left + u(3), rect.top + u(0.5) + line_h // 2), u(1.2), colour)
            ink = theme.INK if row.position <= self.position else theme.GREY
            y = rect.top + u(0.5)
            for line in row.lines:
                if shown_part.top <= y and y + line_h <= shown_part.bottom:
                    draw.text(surface, line, (rect.left + u(5.5), y), m.body, ink, "semibold" if current else "regular")
                y += line_h
        surface.set_clip(previous_clip)
        pygame.draw.rect(surface, theme.INK, box, 2)
        content = self._content_height()
        if content > box.height:  # a thin scroll bar: where the visible part lies in the whole log
            bar_h = max(u(3), box.height * box.height // content)
            bar_y = box.top + (box.height - bar_h) * self.scroll // max(1, content - box.height)
            pygame.draw.rect(surface, theme.INK, (box.right - u(1), bar_y, u(0.75), bar_h))


def open_replay(app: App, path: Path) -> bool:
    """Show the replay of a saved game; a broken file is moved aside and explained. Returns success."""
    try:
        loaded = saves.load_game(path)
    except BrokenFileError as error:
        report_broken(app, [error])
        return False
    app.push(ReplayScene(app, loaded.setup, loaded.history))
    return True
