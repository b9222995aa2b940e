"""The game-over screen: winner(s), how a tie on points was decided (the rules' ``tie_break``), the
game's score table, play again, review the game, see the board, back to the menu."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from bauhausbox.engine.api import Seat
from bauhausbox.i18n import N_, _, counted, translate
from bauhausbox.match import Match
from bauhausbox.scenes.common import ClosesOnEscape, overlay_panel
from bauhausbox.scenes.rematch import offer_rematch
from bauhausbox.scenes.replay import ReplayScene
from bauhausbox.table import Table
from bauhausbox.ui import draw, theme
from bauhausbox.ui.app import App
from bauhausbox.ui.text import shown
from bauhausbox.ui.theme import Colour, Metrics
from bauhausbox.ui.widgets import Button


class FinishedTable(Protocol):
    """What the game-over table needs of the game screen under it (``GameScene`` is one)."""

    match: Match
    analysable: bool  # the replay viewer can analyse the game (an "Analyse" button here)
    table: Table[Any, Any]  # across computers, where another player may ask for a new game

    def restart(self) -> None: ...

    def seat_style(self, seat: Seat) -> tuple[Colour, str]: ...


def winners_line(names: list[str], winners: list[int], scores: list[int]) -> str:
    """The headline of the final table, in the players' language."""
    if len(names) == 1:  # a solo game has no winner to name, only a result
        return _("{name}: {points}").format(name=names[0], points=counted("{n} point", "{n} points", scores[0]))
    if len(winners) == 1:
        return _("{name} wins!").format(name=names[winners[0]])
    return _("Shared win: {names} and {last}").format(
        names=", ".join(names[w] for w in winners[:-1]), last=names[winners[-1]]
    )


class GameOverScene(ClosesOnEscape):
    opaque = False
    name = "game_over"

    def __init__(self, app: App, game_scene: FinishedTable) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        match = game_scene.match
        self.names = [seat.name for seat in match.setup.seats]
        self.winners = match.game.winners(match.state)
        self.scores = match.game.scores(match.state)
        self.rows = match.game.score_table(match.state)
        self.tie_break = match.game.tie_break(match.state, self.names)
        self.tie_lines: list[str] = []
        self.again_button = self.widgets.add(Button(N_("Play again"), self.play_again, "primary"))
        self.board_button = self.widgets.add(
            Button(N_("See the board"), lambda: self.app.pop(self), tooltip=N_("Close this table; Esc opens the menu"))
        )
        self.review_button = self.widgets.add(
            Button(N_("Review the game"), self.review, tooltip=N_("Step through every move, with the log in words"))
        )
        self.analyse_button = self.widgets.add(
            Button(N_("Analyse"), self.analyse, tooltip=N_("The replay with each position's winning chances"))
        )
        self.analyse_button.visible = game_scene.analysable
        self.menu_button = self.widgets.add(Button(N_("Main menu"), self.to_menu))
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.row_lines: list[list[list[str]]] = []  # each row's cells, wrapped to their column (layout)

    def update(self, dt: float) -> None:
        offer_rematch(self.app, self.game_scene.table)  # another player asked for a new game (across computers)

    def play_again(self) -> None:
        self.app.pop(self)
        self.game_scene.restart()

    def review(self) -> None:
        """The replay viewer over this table; closing it comes back here."""
        self.app.push(ReplayScene.of_match(self.app, self.game_scene.match))

    def analyse(self) -> None:
        """The replay viewer at the end of the game, its analysis started."""
        replay = ReplayScene.of_match(self.app, self.game_scene.match)
        self.app.push(replay)
        replay.go_to(replay.moves)
        replay.analyse()

    def to_menu(self) -> None:
        self.app.go_home()

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        u = metrics.u
        row_h = round(metrics.body * 1.7)
        # One row of buttons, each as wide as its label needs, the spare room shared out evenly.
        buttons = tuple(
            b
            for b in (self.again_button, self.review_button, self.analyse_button, self.board_button, self.menu_button)
            if b.visible
        )
        needs = [b.natural_width(metrics) for b in buttons]
        row_w = sum(needs) + u(2) * (len(buttons) - 1)
        width = min(metrics.width - u(6), max(u(80), u(24) + len(self.names) * u(18), row_w + u(8)))
        self.tie_lines = (
            draw.wrap(translate(self.tie_break), metrics.body, width - u(8)) if self.tie_break is not None else []
        )
        self.row_lines = self._row_lines(metrics, width)
        height = (
            u(24)
            + self._tie_room(metrics)
            + row_h
            + sum(self._row_height(metrics, lines) for lines in self.row_lines)
            + self.below_table_height(metrics)
            + metrics.button_height
            + u(4)
        )
        self.panel = pygame.Rect(0, 0, width, min(metrics.height - u(4), height))
        self.panel.center = (metrics.width // 2, metrics.height // 2)
        spare = max(0, self.panel.width - u(8) - row_w) // len(buttons)
        x = self.panel.left + u(4)
        y = self.panel.bottom - u(3) - metrics.button_height
        for button, need in zip(buttons, needs, strict=True):
            button.rect = pygame.Rect(x, y, need + spare, metrics.button_height)
            x = button.rect.right + u(2)

    def _column_width(self, metrics: Metrics, panel_width: int) -> int:
        """The width of one seat's column of the table."""
        return (panel_width - metrics.u(8) - self.label_width(metrics)) // max(1, len(self.names))

    def _row_lines(self, metrics: Metrics, panel_width: int) -> list[list[list[str]]]:
        """Each row's cells as lines: a long cell ("6 + 4 + 3 + 2 + 1") wraps in its column at the
        row's one size, rather than being set smaller than its neighbours."""
        room = self._column_width(metrics, panel_width) - metrics.u(1.5)
        return [[draw.wrap(shown(cell), metrics.body, room) or [""] for cell in row.cells] for row in self.rows]

    def _row_height(self, metrics: Metrics, lines: list[list[str]]) -> int:
        """A row one line high, and a line more for each line its longest cell wraps to."""
        extra = max((len(cell) for cell in lines), default=1) - 1
        return round(metrics.body * 1.7) + extra * round(metrics.body * 1.2)

    def label_width(self, metrics: Metrics) -> int:
        """The width of the table's label column (a game drawing pictures there wants more)."""
        return metrics.u(22)

    def draw_label(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        """Row ``index``'s label in ``rect`` (a game may add pictures: the Bits round's goal cards)."""
        label = shown(self.rows[index].label)
        draw.text(surface, label, (rect.left, rect.centery), self.metrics.body, theme.INK, "semibold", "midleft")

    def below_table_height(self, metrics: Metrics) -> int:
        """Room a game wants under the table (the Bits solo bests); none by default."""
        return 0

    def draw_below_table(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What a game shows in that room."""

    def _tie_room(self, metrics: Metrics) -> int:
        """The height of the tie-break lines under the headline (none without a tie)."""
        return len(self.tie_lines) * round(metrics.body * 1.3)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        overlay_panel(surface, self.panel, m, N_("Game over"), theme.YELLOW)
        draw.text(
            surface,
            winners_line(self.names, self.winners, self.scores),
            (self.panel.left + u(4), self.panel.top + u(10)),
            m.heading + 6,
            theme.INK,
            "black",
        )
        top = self.panel.top + u(19)
        if self.tie_break is not None:
            room = pygame.Rect(self.panel.left + u(4), top - u(1), self.panel.width - u(8), self._tie_room(m))
            draw.paragraph(surface, translate(self.tie_break), room, m.body, line_gap=1.3)
            top += room.height
        # The table: a label column, then one column per seat.
        label_w = self.label_width(m)
        col_w = self._column_width(m, self.panel.width)
        row_h = round(m.body * 1.7)
        x0 = self.panel.left + u(4)
        for i, name in enumerate(self.names):
            cx = x0 + label_w + col_w * i + col_w // 2
            colour, shape = self.game_scene.seat_style(i)
            draw.seat_shape(
                surface,
                shape,
                (cx - u(1) - draw.render_text(name, m.body, weight="bold").get_width() // 2 - u(1.5), top + row_h // 2),
                u(1.2),
                colour,
            )
            size = draw.fitting_size(name, m.body, col_w - u(1.5), "bold")
            draw.text(surface, name, (cx, top + row_h // 2), size, theme.INK, "bold", "center")
            if i in self.winners:
                pygame.draw.rect(
                    surface, theme.YELLOW, (x0 + label_w + col_w * i + u(1), top + row_h - u(0.6), col_w - u(2), u(0.6))
                )
        pygame.draw.line(surface, theme.INK, (x0, top + row_h), (self.panel.right - u(4), top + row_h), 2)
        y = top + row_h
        step = round(m.body * 1.2)
        for index, lines in enumerate(self.row_lines):
            height = self._row_height(m, lines)
            if index % 2:
                pygame.draw.rect(surface, theme.PAPER, (x0, y, self.panel.width - u(8), height))
            self.draw_label(surface, index, pygame.Rect(x0 + u(1), y, label_w - u(1), height))
            for i, cell in enumerate(lines):
                cx = x0 + label_w + col_w * i + col_w // 2
                # Every cell at the row's one size; a long one wraps, its lines centred in the row.
                first = y + height // 2 - (len(cell) - 1) * step // 2
                for k, line in enumerate(cell):
                    draw.text(surface, line, (cx, first + k * step), m.body, theme.INK, "regular", "center")
            y += height
        below = self.below_table_height(m)
        if below:
            self.draw_below_table(surface, pygame.Rect(x0, y + u(1), self.panel.width - u(8), below - u(1)))
        super().draw(surface)
