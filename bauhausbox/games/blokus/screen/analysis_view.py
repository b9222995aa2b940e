"""The analysis of a Blokus game in the replay viewer: a strip under the board with each seat's winning
chance along the moves, the progress and Stop while the search works, the three turning points, and
at a turning point the move the search preferred, drawn on the board as the hint is, with a sentence.

The graph (``ui/chance_graph.py``) draws one line per seat through every position, each point that
position's estimate of the seat's chance (with two players, blue and red are one seat's points), and
ends at the result. All the lines at one position come from the same estimate, so they add up to
100 %: two seats' lines mirror each other (the seat's chance only at its own turns, as before, set a
65 % against a 45 % at the same stage, each from another search). The progress counts the positions
searched as the replay's list counts moves: a finished game of 32 moves has 32 to analyse. The
search runs in the background (``games/blokus/analysis.py``: the search pool's workers, both cores);
closing the viewer or hiding the strip stops it at once.
"""

from __future__ import annotations

from typing import Any

import pygame

from bauhausbox.engine.history import History
from bauhausbox.games.blokus import analysis, pool
from bauhausbox.games.blokus.describe import piece_words, squares_span
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.rules import COLOUR_NAMES, BlokusState, seat_colours
from bauhausbox.games.blokus.screen.colours import RGB, SHAPES
from bauhausbox.i18n import N_, _, ngettext
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.chance_graph import ChanceGraph, GraphLine, GraphMark, percent
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button


def time_left(seconds: float) -> str:
    """A rough time left in words: "about 40 s left" (to 10 s), "about 3 min left" (from 90 s)."""
    if seconds >= 90:
        return _("about {minutes} min left").format(minutes=round(seconds / 60))
    return _("about {seconds} s left").format(seconds=max(10, 10 * round(seconds / 10)))


class BlokusAnalysisView:
    """One game's analysis on screen (the replay viewer's ``AnalysisView``)."""

    def __init__(self, history: History[Any], names: list[str], draw_move: Any) -> None:
        self.states: list[BlokusState] = list(history.states[: history.cursor + 1])
        self.moves = [step.move for step in history.steps[: history.cursor]]
        self.names = names
        self.draw_move = draw_move  # (surface, state, placement): the hint's look, from the Blokus screen
        self.analysis: analysis.Analysis | None = None
        self.points: list[analysis.TurningPoint] = []
        self.points_of: analysis.Analysis | None = None
        self.visible = False
        self.graph = ChanceGraph()
        self.metrics: Metrics | None = None
        self.strip = self.header = self.note_rect = self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.toggle_button = Button(
            N_("Analyse"), self.toggle, tooltip=N_("Each position's winning chances and the turning points (A)")
        )
        self.stop_button = Button(N_("Stop"), self.stop_or_resume, "danger", tooltip=N_("Stop the analysis"))
        self.buttons = [self.toggle_button, self.stop_button]
        self.stop_button.visible = False
        # The same game analysed earlier in this run (the viewer closed and opened again): its
        # analysis shows at once, finished or where it was stopped (Resume goes on from there).
        earlier = analysis.kept(self.states)
        if earlier is not None and earlier.done:
            self.analysis, self.visible = earlier, True

    # -- the analysis ----------------------------------------------------------------------------------
    @property
    def shown(self) -> bool:
        return self.visible

    def toggle(self) -> None:
        if self.visible:
            self.visible = False
            self.close()
            return
        self.visible = True
        if self.analysis is None:
            self.analysis = analysis.Analysis(self.states, analysis.DEFAULT_WORK, workers=pool.shared())
        analysis.keep(self.analysis)
        if not self.analysis.finished:
            self.analysis.start()

    def stop_or_resume(self) -> None:
        if self.analysis is None:
            return
        if self.analysis.running:
            self.analysis.stop()
        else:
            self.analysis.start()

    def close(self) -> None:
        if self.analysis is not None:
            self.analysis.stop()

    def update(self, dt: float) -> None:
        work = self.analysis
        self.toggle_button.selected = self.visible
        running = work is not None and work.running
        self.stop_button.visible = self.visible and work is not None and not work.finished
        self.stop_button.label = N_("Stop") if running else N_("Resume")
        self.stop_button.tooltip = N_("Stop the analysis") if running else N_("Go on with the analysis")
        if work is not None and work.finished and self.points_of is not work:
            estimates = [e for e in work.estimates if e is not None]
            self.points = analysis.turning_points(self.moves, estimates)
            self.points_of = work  # found once (a game may have none)

    # -- layout and drawing ----------------------------------------------------------------------------
    def strip_height(self, metrics: Metrics) -> int:
        # The graph takes a seventh of the window's height from 800 px up, less below it: on a short
        # window every pixel it takes is taken from the board (it had 15-px squares at 1024 x 640, now 17).
        graph = max(metrics.u(7), metrics.height // 7 - max(0, 800 - metrics.height) // 8)
        return metrics.u(5) + graph + round(metrics.body * 1.6)

    def layout(self, metrics: Metrics, strip: pygame.Rect, toggle_right: int, toggle_box: pygame.Rect) -> None:
        self.metrics = metrics
        u = metrics.u
        width = max(u(14), self.toggle_button.natural_width(metrics))
        self.toggle_button.rect = pygame.Rect(toggle_right - width, toggle_box.top, width, toggle_box.height)
        self.strip = strip.copy()
        self.header = pygame.Rect(strip.left, strip.top, strip.width, u(5))
        note_h = round(metrics.body * 1.6)
        self.note_rect = pygame.Rect(strip.left, strip.bottom - note_h, strip.width, note_h)
        graph = pygame.Rect(strip.left, self.header.bottom, strip.width, self.note_rect.top - self.header.bottom)
        self.graph.layout(graph, metrics, len(self.states) - 1)
        bh = min(metrics.button_height, u(4.5))
        label = self.stop_button.label
        widths = []
        for words in (N_("Stop"), N_("Resume")):  # the button keeps its width when its label changes
            self.stop_button.label = words
            widths.append(self.stop_button.natural_width(metrics))
        self.stop_button.label = label
        stop_w = max(u(12), *widths)
        self.stop_button.rect = pygame.Rect(strip.right - stop_w, self.header.centery - bh // 2, stop_w, bh)
        bar_w = min(u(24), strip.width // 4)
        self.bar_rect = pygame.Rect(
            self.stop_button.rect.left - u(2) - bar_w, self.header.centery - u(0.75), bar_w, u(1.5)
        )

    def lines(self) -> list[GraphLine]:
        work = self.analysis
        if work is None:
            return []
        players = self.states[0].players
        lines = []
        for seat in range(players):
            colour = seat_colours(players, seat, self.states[0].variant)[0]
            # Every position (one estimate gives every seat's chance there); one not estimated yet
            # leaves a gap in the line.
            points = [(position, None if e is None else e.chances[seat]) for position, e in enumerate(work.estimates)]
            lines.append(GraphLine(RGB[colour], SHAPES[colour], points))
        return lines

    def turning_point_at(self, position: int) -> tuple[int, analysis.TurningPoint] | None:
        for number, point in enumerate(self.points, start=1):
            if point.position == position:
                return number, point
        return None

    def sentence(self, position: int) -> str:
        """At a turning point, the better move and the two chances; elsewhere how to read the graph."""
        found = self.turning_point_at(position)
        if found is None:
            if self.points:
                return _("Each line: a player's chance, together 100%  ·  1–3: turning points  ·  click to jump")
            return _("Each line: a player's chance, together 100%  ·  click a point to jump there")
        number, point = found
        state = self.states[point.position]
        name = self.names[point.seat]
        piece = piece_words(name, COLOUR_NAMES[state.colour], PIECES[point.preferred.piece].name)
        return _(
            "Turning point {n}, {name}. Better: the {piece} on {squares} (chance {better} instead of {played})"
        ).format(
            n=number,
            name=name,
            piece=piece,
            squares=squares_span(point.preferred.cells),
            better=percent(point.before),
            played=percent(point.after),
        )

    def draw(self, surface: pygame.Surface, position: int, hovered: int | None) -> None:
        m = self.metrics
        work = self.analysis
        if not self.visible or m is None or work is None:
            return
        with layout_probe.box(self.strip):
            title = draw.heading(
                surface, _("Winning chances"), (self.header.left, self.header.centery), m.body, anchor="midleft"
            )
            if not work.finished:
                self._draw_progress(surface, m, work, title.right + m.u(2))
            marks = [
                GraphMark(point.position, point.before, str(number), theme.WHITE)
                for number, point in enumerate(self.points, start=1)
            ]
            self.graph.draw(surface, m, self.lines(), position, marks, hovered)
            note = self.sentence(position)
            found = self.turning_point_at(position)
            size = draw.fitting_size(note, m.body, self.note_rect.width, "semibold" if found else "regular")
            colour = theme.INK if found else theme.GREY
            weight = "semibold" if found else "regular"
            draw.text(surface, note, (self.note_rect.left, self.note_rect.centery), size, colour, weight, "midleft")

    def progress_words(self, work: analysis.Analysis) -> str:
        """ "Analysed: 7 of 32 moves" (or "Stopped at …"): the positions searched, counted as the
        replay's list counts moves (the final position of a finished game needs no search)."""
        done, total = work.searched, sum(state.to_play is not None for state in self.states)
        if work.running:
            words = ngettext("Analysed: {done} of {total} move", "Analysed: {done} of {total} moves", total)
        else:
            words = ngettext("Stopped at {done} of {total} move", "Stopped at {done} of {total} moves", total)
        return words.format(done=done, total=total)

    def _draw_progress(self, surface: pygame.Surface, m: Metrics, work: analysis.Analysis, left: int) -> None:
        """The bar and its words left of Stop: how many moves are analysed (the positions a move is
        played from, as the replay's list counts them), and while it runs roughly how long is left.
        Longer words (French, the time left) take room from the bar, never from the heading; when
        even a short bar would not leave them room, the time left goes."""
        words = self.progress_words(work)
        if work.running and (seconds := work.seconds_left()) is not None:  # a Duo game takes minutes: say how long
            timed = _("{words}  ·  {left}").format(words=words, left=time_left(seconds))
            if left + draw.render_text(timed, m.small, weight="semibold").get_width() + m.u(9.5) <= self.bar_rect.right:
                words = timed
        gap = m.u(1.5)
        width = draw.render_text(words, m.small, weight="semibold").get_width()
        bar = self.bar_rect.copy()
        bar.left = max(bar.left, min(left + width + gap, bar.right - m.u(8)))
        bar.width = self.bar_rect.right - bar.left
        pygame.draw.rect(surface, theme.WHITE, bar)
        pygame.draw.rect(surface, theme.BLUE, (bar.left, bar.top, round(bar.width * work.progress), bar.height))
        pygame.draw.rect(surface, theme.INK, bar, 2)
        draw.text(surface, words, (bar.left - gap, bar.centery), m.small, theme.INK, "semibold", "midright")

    def draw_on_board(self, surface: pygame.Surface, position: int) -> None:
        found = self.turning_point_at(position) if self.visible else None
        if found is not None:
            self.draw_move(surface, self.states[position], found[1].preferred)

    def position_at(self, pos: tuple[int, int]) -> int | None:
        if not self.visible or self.analysis is None:
            return None
        return self.graph.position_at(pos)
