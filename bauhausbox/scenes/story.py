"""The story of a game on its screen: the log in words beside the board, the last move outlined, the
moves since a human's last turn numbered on the board and highlighted in the log until that human
acts, and notices (round ends, powers) that stay until dismissed or the player acts. Every sentence
is made for the seat whose view is on screen (docs/architecture.md).

:class:`GameStory` is the part of a game's screen that tells it; :class:`GameScene` inherits it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame

from bauhausbox import i18n
from bauhausbox.engine.api import Seat
from bauhausbox.i18n import N_
from bauhausbox.ui import draw, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.log_panel import LogLine, LogPanel, NoticeWords
from bauhausbox.ui.theme import Colour

if TYPE_CHECKING:
    from bauhausbox.match import Match
    from bauhausbox.table import Table
    from bauhausbox.ui.widgets import Button

MoveT = TypeVar("MoveT")


@dataclass(frozen=True, slots=True)
class MoveMark(Generic[MoveT]):
    """A played move to mark on the board: step ``index`` of the history (the position before it
    is ``match.history.states[index]``), by ``seat``, in ``colour``, with an optional ``label``
    (the recap's number)."""

    index: int
    seat: Seat
    move: MoveT
    colour: Colour
    label: str | None = None


def badge_spots(
    spots: list[tuple[int, int]], radius: int, gap: int, bounds: pygame.Rect | None = None
) -> list[tuple[int, int]]:
    """Where the recap's badges go so that each stays readable: badges that would touch (two marks
    on one square, or on neighbouring ones) are set side by side in a row, in their order, centred
    where they wanted to be; rows that then touch are merged, and a row is kept inside ``bounds``."""
    step = 2 * radius + gap
    groups: list[list[int]] = [[i] for i in range(len(spots))]

    def layout(group: list[int]) -> list[tuple[int, int]]:
        cx = sum(spots[i][0] for i in group) / len(group)
        cy = round(sum(spots[i][1] for i in group) / len(group))
        width = (len(group) - 1) * step
        left = cx - width / 2
        if bounds is not None and bounds.width > width + 2 * radius:
            left = min(max(left, bounds.left + radius), bounds.right - radius - width)
        return [(round(left + k * step), cy) for k in range(len(group))]

    def touch(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> bool:
        return any((ax - bx) ** 2 + (ay - by) ** 2 < step * step for ax, ay in a for bx, by in b)

    merged = True
    while merged:  # each pass merges two rows, so this ends after at most len(spots) passes
        merged = False
        rows = [layout(group) for group in groups]
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                if touch(rows[i], rows[j]):
                    groups[i] = sorted(groups[i] + groups.pop(j))
                    merged = True
                    break
            if merged:
                break
    result: list[tuple[int, int]] = list(spots)
    for group in groups:
        for index, spot in zip(group, layout(group), strict=True):
            result[index] = spot
    return result


def _apart(a: tuple[int, int], b: tuple[int, int], distance: int) -> bool:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 >= distance * distance


class GameStory(Scene):
    """The log, the recap, the move marks and the notices of a game's screen."""

    if TYPE_CHECKING:  # provided by GameScene
        match: Match
        table: Table
        unveiled: Seat | None
        game_rect: pygame.Rect
        log_button: Button

        @property
        def viewer(self) -> Seat | None: ...
        def curtained(self) -> bool: ...
        def veiled(self) -> bool: ...
        def step_style(self, index: int) -> tuple[Colour, str]: ...
        def step_words(self, index: int, viewer: Seat | None) -> str: ...
        def outline_move(self, surface: pygame.Surface, mark: MoveMark[Any]) -> None: ...
        def badge_at(self, mark: MoveMark[Any]) -> tuple[int, int] | None: ...
        def badge_choices(self, mark: MoveMark[Any]) -> list[tuple[int, int]]: ...
        def recap_number(self, index: int, order: int) -> int: ...

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.log = LogPanel()
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self._log_key: object = None
        self._line_steps: list[int] = []  # the step each line of the log tells
        # The recap: the steps played since the human to play last acted, shown until they act.
        self.recap: tuple[int, ...] = ()
        # A notice that stays until dismissed or the player acts (a round's end, a power).
        self.notice = ""
        self.notice_rect = pygame.Rect(0, 0, 0, 0)
        self.notice_words = NoticeWords()

    def toggle_log(self) -> None:
        """Show or hide the log beside the board (remembered in the settings)."""
        self.app.settings.log_open = not self.app.settings.log_open
        self.app.save_settings()
        self.layout(self.metrics)

    def announce(self, message: str) -> None:
        """A notice that stays until dismissed or the player acts ("Round 2 ends", a power used)."""
        self.notice = message
        self._log_key = None

    def clear_story_marks(self) -> None:
        """The player acted (or the history jumped): the recap and the notice go."""
        self.recap = ()
        self.notice = ""
        self._log_key = None

    def recap_after_jump(self) -> None:
        """The history jumped (undo, redo): the notice goes, and the player to play at this screen
        sees the recap of the turn now in play, as when it began — clearing it left an undo then a
        redo against the computer without "Since your last turn" and the numbered moves. The replay
        viewer numbers nothing."""
        self.clear_story_marks()
        seat = self.match.to_play
        if seat is not None and self.table.plays_here(seat) and not self.table.spectating:
            self._start_recap(seat)

    def story_viewer(self) -> tuple[bool, Seat | None]:
        """Whether the story may be told now, and for which seat. Nothing is told for a seat before
        its curtain: while nobody has taken the device, or while it passes, the log stays empty."""
        if self.curtained() and (self.unveiled is None or self.veiled()):
            return False, None
        return True, self.viewer

    def _start_recap(self, seat: Seat) -> None:
        """``seat``'s turn begins: number what the other seats did since its last move."""
        steps = self.match.steps_since_turn(seat)
        history = self.match.history.steps
        self.recap = tuple(steps) if any(history[i].seat != seat for i in steps) else ()
        self._log_key = None

    def _layout_log(self) -> None:
        """The log takes a column on the right of the game area when open; the game gets the rest."""
        m = self.metrics
        if not self.app.settings.log_open:
            self.log_rect = pygame.Rect(0, 0, 0, 0)
        else:
            width = min(max(m.u(28), round(self.game_rect.width * 0.2)), m.u(46))
            gap = m.u(2.5)
            self.log_rect = pygame.Rect(self.game_rect.right - width, self.game_rect.top, width, self.game_rect.height)
            self.game_rect = pygame.Rect(
                self.game_rect.left, self.game_rect.top, self.game_rect.width - width - gap, self.game_rect.height
            )
        self.log_button.selected = self.app.settings.log_open
        self._log_key = None

    def _refresh_log(self, between_frames: bool = False) -> None:
        """The log's lines for the seat on screen, rebuilt only when the history, the viewer, the
        recap or the notice changed (each sentence is remembered by the match). Between frames (the
        update) the hover frame also follows lines that moved under the pointer."""
        if between_frames:
            self.log.follow_pointer()
        allowed, viewer = self.story_viewer()
        history = self.match.history
        key = (
            history.cursor,
            len(history.steps),
            allowed,
            viewer,
            self.recap,
            self.notice,
            self.log_rect.size,
            i18n.language(),  # the sentences are said again after a change of language
            self.match.said_version,  # ... and come again from the server across computers
        )
        if key == self._log_key:
            return
        self._log_key = key
        m = self.metrics
        self.notice_rect = pygame.Rect(0, 0, 0, 0)
        panel = self.log_rect.copy()
        if self.notice and panel.width and allowed:
            height = self.notice_words.height(self.notice, panel.width, m)
            self.notice_rect = pygame.Rect(panel.left, panel.top, panel.width, height)
            panel.top += height + m.u(1.5)
            panel.height -= height + m.u(1.5)
        if self.log.rect != panel:
            self.log.layout(panel, m)
        lines: list[LogLine] = []
        self._line_steps = []
        recap = set(self.recap)
        first_recap = min(recap) if recap else -1
        if allowed:
            for index in range(history.cursor):
                words = self.step_words(index, viewer)
                if not words:  # told with the step after it (a puzzle's piece lifted and put down: moved)
                    continue
                colour, shape = self.step_style(index)
                number = self.recap_number(index, self.recap.index(index) + 1) if index in recap else None
                lines.append(
                    LogLine(
                        words,
                        colour,
                        shape,
                        number,
                        index in recap,
                        N_("Since your last turn") if index == first_recap else "",
                    )
                )
                self._line_steps.append(index)
                # What the rules did on their own after the move (a round's end) stands on its own,
                # marked by no seat: nobody moved.
                outcome = self.match.describe_outcome(index, viewer)
                if outcome:
                    lines.append(LogLine(outcome, theme.INK, "", highlight=index in recap))
                    self._line_steps.append(index)
        self.log.set_lines(tuple(lines))
        # While the device passes nothing is told, and the empty log must not say "No moves yet.".
        self.log.empty = N_("No moves yet.") if allowed else ""

    def _handle_story_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.toggle_log()
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.notice
            and self.notice_rect.collidepoint(event.pos)
        ):
            self.notice = ""  # a click on the notice dismisses it
            self._log_key = None
            return True
        if not self.log_rect.width:
            return False
        return self.log.handle_event(event)

    def _draw_move_marks(self, surface: pygame.Surface) -> None:
        """The recap's numbered moves, or else the last move, and the log line under the pointer."""
        allowed, _ = self.story_viewer()
        history = self.match.history
        if not allowed or not history.cursor:
            return
        if self.recap:
            marks = [
                self.step_mark(index, str(self.recap_number(index, order)))
                for order, index in enumerate(self.recap, start=1)
            ]
        else:
            marks = [self.step_mark(history.cursor - 1, None)]
        line = self.log.hovered if self.log_rect.width else None
        hovered = self._line_steps[line] if line is not None and line < len(self._line_steps) else None
        if hovered is not None and hovered < history.cursor:
            marks.append(self.step_mark(hovered, None))
        # Across computers a move this seat may not know has no value to outline (net/remote.py).
        self.draw_marks(surface, [mark for mark in marks if mark.move is not None])

    def step_mark(self, index: int, label: str | None) -> MoveMark[Any]:
        """The mark of step ``index`` of the history, in its colour, numbered ``label``."""
        step = self.match.history.steps[index]
        colour, _ = self.step_style(index)
        return MoveMark(index, step.seat, step.move, colour, label)

    def draw_marks(self, surface: pygame.Surface, marks: list[MoveMark[Any]]) -> None:
        """Outline ``marks`` on the board, then their numbers where the game puts them
        (``badge_at``): no later outline covers an earlier number."""
        for mark in marks:
            self.outline_move(surface, mark)
        radius, gap = self.metrics.u(1.6), self.metrics.u(0.5)
        placed: list[tuple[MoveMark[Any], tuple[int, int]]] = []
        for mark in marks:
            choices = self.badge_choices(mark) if mark.label else []
            # The first spot clear of the badges already placed; none clear: side by side (badge_spots).
            clear = [c for c in choices if all(_apart(c, spot, 2 * radius + gap) for _m, spot in placed)]
            if choices:
                placed.append((mark, (clear or choices)[0]))
        spots = badge_spots([spot for _mark, spot in placed], radius, gap, self.game_rect)
        for (mark, _spot), spot in zip(placed, spots, strict=True):
            draw.badge(surface, spot, radius, mark.colour, mark.label or "", self.metrics.small - 2)

    def _draw_log(self, surface: pygame.Surface) -> None:
        self._refresh_log()  # a move played in this frame's update shows at once (only the panel changes)
        if not self.log_rect.width:
            return
        # Shown from a copy until a line, the scrolling or the line under the pointer changes (its
        # heading's rule ends a pixel past the panel).
        self.layers.show("log", surface, self.log.rect.inflate(2, 2), self.log.key(), self.log.draw)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        """The notice: at the top of the log, or, with the log hidden, over the top of the game area."""
        allowed, _ = self.story_viewer()
        if not self.notice or not allowed:
            return
        m = self.metrics
        rect = self.notice_rect
        if not self.log_rect.width:
            width = min(self.game_rect.width, m.u(60))
            rect = pygame.Rect(0, self.game_rect.top, width, self.notice_words.height(self.notice, width, m))
            rect.centerx = self.game_rect.centerx
            self.notice_rect = rect
        if rect.width:
            self.notice_words.draw(surface, self.notice, rect, m)
