"""The statistics screen, from the main menu: per game, each player name's games played and won,
average and best score; the recent results; and for Bits the solo bests.

Everything is read fresh from disk each time the screen shows, through the persistence layer
(``saves.load_statistics`` for ``statistics.json``); a game adds its own part through its registry
entry (``statistics``: the Bits solo bests, read by their owner). Nothing here keeps a copy that
could go stale or writes a file.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from bauhausbox import games
from bauhausbox.games import GAME_IDS, REGISTRY
from bauhausbox.i18n import N_, _, counted, decimal, fill
from bauhausbox.persistence import saves
from bauhausbox.persistence.models import Statistics
from bauhausbox.persistence.tally import PlayerTally, player_tallies
from bauhausbox.scenes.common import poster_background
from bauhausbox.scenes.results import named, result_headline
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button

RECENT = 6  # results listed


class StatisticsScene(Scene):
    name = "statistics"

    def __init__(self, app: App, game_id: str | None = None) -> None:
        """Open on ``game_id`` (the game the player comes from), else on the game played last."""
        super().__init__(app)
        self.stats = saves.load_statistics()
        self.game_id = game_id if game_id in REGISTRY else last_played(self.stats)
        self.extra: Any = None  # what the game adds (Bits: its solo bests), from its registry entry
        self.tabs = {
            key: self.widgets.add(Button(REGISTRY[key].title, partial(self.show, key), size="small"))
            for key in GAME_IDS
        }
        self.back_button = self.widgets.add(Button(N_("Back"), self.app.pop, tooltip=N_("Back to the main menu (Esc)")))
        self.table_rect = self.recent_rect = pygame.Rect(0, 0, 0, 0)
        self.show(self.game_id)

    def refresh(self) -> None:
        self.stats = saves.load_statistics()
        self.show(self.game_id)

    def on_uncover(self) -> None:
        self.refresh()

    def show(self, game_id: str) -> None:
        self.game_id = game_id
        for key, button in self.tabs.items():
            button.selected = key == game_id
        self.extra = games.statistics_section(game_id)
        if self.extra is not None:
            self.extra.refresh()

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        m = metrics
        u = m.u
        left, right = u(6), m.width - u(8)
        gap = u(1.5)
        # Each tab as wide as its label needs, the room left shared out evenly: equal tabs left
        # "CASSE-TÊTE BLOKUS" edge to edge in its tab at 1024 wide while "BITS" floated in space.
        needs = [button.natural_width(m) for button in self.tabs.values()]
        spare = max(0, right - left - gap * (len(needs) - 1) - sum(needs)) // len(needs)
        x = left
        for button, need in zip(self.tabs.values(), needs, strict=True):
            button.rect = pygame.Rect(x, u(12), need + spare, u(5))
            x = button.rect.right + gap
        top = u(24)
        bottom = m.height - u(12)
        split = left + round((right - left) * 0.55)
        self.table_rect = pygame.Rect(left, top, split - left - u(2), bottom - top)
        self.recent_rect = pygame.Rect(split + u(1), top, right - split - u(1), bottom - top)
        self.back_button.rect = pygame.Rect(
            left, m.height - u(9.5), max(u(16), self.back_button.natural_width(m)), m.button_height
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        poster_background(surface, m)
        draw.heading(surface, _("Statistics"), (m.u(6), m.u(5)), m.title // 2 + m.u(1))
        game = self.stats.games.get(self.game_id)
        started = game.started if game else 0
        finished = game.finished if game else 0
        tally = _("{started}  ·  {finished}").format(
            started=counted("{n} started", "{n} started", started),
            finished=counted("{n} finished", "{n} finished", finished),
        )
        draw.text(surface, tally, (m.u(6), m.u(18.5)), m.body, theme.GREY, "semibold")
        with layout_probe.box(self.table_rect):
            self._draw_players(surface)
        with layout_probe.box(self.recent_rect):
            self._draw_recent(surface)
        super().draw(surface)

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect, title: str, accent: theme.Colour) -> int:
        """A white panel with its heading; returns the y below the heading."""
        m = self.metrics
        draw.panel(surface, rect, theme.WHITE, 3)
        pygame.draw.rect(surface, accent, (rect.left, rect.top, rect.width, m.u(1)))
        draw.heading(surface, title, (rect.left + m.u(2.5), rect.top + m.u(3)), m.body)
        return rect.top + m.u(8)

    def _draw_players(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        rect = self.table_rect
        y = self._panel(surface, rect, _("Players"), theme.BLUE)
        game = self.stats.games.get(self.game_id)
        tallies, solo = player_tallies(game), player_tallies(game, solo=True)
        if not tallies and not solo:
            words = _("No finished games yet.")
            draw.paragraph(surface, words, pygame.Rect(rect.left + u(2.5), y, rect.width - u(5), u(10)), m.small)
            return
        if tallies:
            y = self._draw_tallies(surface, y, tallies)
        if solo:  # a solo score is another measure (the Bits solo bests): counted apart, never won
            if tallies:
                y += u(2)
                draw.text(surface, _("Solo games"), (rect.left + u(2.5), y), m.small, theme.INK, "bold")
                y += u(4)
            self._draw_tallies(surface, y, solo, solo=True)

    def _draw_tallies(self, surface: pygame.Surface, y: int, tallies: list[PlayerTally], solo: bool = False) -> int:
        """The column headings and a line per player from ``y`` (``solo``: no "Won"); the y below them."""
        m = self.metrics
        u = m.u
        rect = self.table_rect
        inner = rect.width - u(5)
        # Name, then four figures in equal columns, right-aligned (a solo game is never won: no "Won").
        name_w = round(inner * 0.36)
        column_w = (inner - name_w) // 4
        columns = [rect.left + u(2.5) + name_w + column_w * (i + 1) for i in range(4)]
        headings = (_("Played"), "" if solo else _("Won"), _("Average"), _("Best"))
        for x, heading in zip(columns, headings, strict=True):
            if heading:
                draw.text(surface, heading, (x, y), m.small, theme.GREY, "semibold", "topright")
        y += u(4)
        line_h = u(3.5)
        smallest = max(14, m.small - 2)
        room = name_w - u(1)
        for tally in tallies:
            # A name with its level that does not fit gets smaller, then the level goes under the
            # name ("Marianne" / "(computer · medium)"), whole; only a name too long alone loses its end.
            words = player_words(tally)
            size = draw.fitting_size(words, m.small, room, "semibold", smallest=smallest)
            lines = [words]
            if draw.render_text(words, size, theme.INK, "semibold").get_width() > room and tally.computer_level:
                size = draw.fitting_size(tally.name, m.small, room, "semibold", smallest=smallest)
                lines = [tally.name, level_words(tally.computer_level)]
            if y + line_h * len(lines) > rect.bottom - u(1):
                break
            name = draw.cut_to(lines[0], room, size, "semibold")
            draw.text(surface, name, (rect.left + u(2.5), y), size, theme.INK, "semibold")
            if len(lines) == 2:
                level_size = draw.fitting_size(lines[1], m.small, room, smallest=smallest)
                level = draw.cut_to(lines[1], room, level_size)
                draw.text(surface, level, (rect.left + u(2.5), y + line_h - u(0.5)), level_size, theme.GREY)
            figures = (str(tally.played), "" if solo else str(tally.won), decimal(tally.average), str(tally.best))
            for x, figure in zip(columns, figures, strict=True):
                if figure:
                    draw.text(surface, figure, (x, y), m.small, theme.INK, "regular", "topright")
            y += line_h * len(lines)
        return y

    def _draw_recent(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        rect = self.recent_rect
        y = self._panel(surface, rect, _("Recent results"), theme.RED)
        game = self.stats.games.get(self.game_id)
        results = list(reversed(game.results[-RECENT:])) if game else []
        x, width = rect.left + u(2.5), rect.width - u(5)
        if not results:
            # The players' panel beside it already says there are no finished games: said once.
            draw.paragraph(surface, _("No results yet."), pygame.Rect(x, y, width, u(10)), m.small)
            y += u(5)
        # What the game adds below (the Bits solo bests) keeps room for its title and two lines.
        bottom = rect.bottom - u(1) - (u(13.5) if self.extra is not None else 0)
        for result in results:
            # The date, the variant when it is not the tab's game, and who won; then the scores.
            headline = draw.wrap(result_headline(self.game_id, result), m.small, width, "semibold")
            # "Anni: 8", as on the Load screen ("Player 1 8" read as "Player 18"); "Anni : 8" in French.
            said = _("{who}: {score}")
            scores = ", ".join(
                said.format(who=name, score=score) for name, score in zip(result.players, result.scores, strict=False)
            )
            lines = draw.wrap(scores, m.small, width)  # many long names take two lines
            if y + (len(headline) + len(lines)) * u(3) > bottom:
                break  # the older results another time: never one cut in half
            for part in headline:
                draw.text(surface, part, (x, y), m.small, theme.INK, "semibold")
                y += u(3)
            for part in lines:
                draw.text(surface, part, (x, y), m.small, theme.INK)
                y += u(3)
            y += u(1)
        if self.extra is not None:
            self.extra.draw(surface, x, y + u(2), width, rect.bottom, m)


def last_played(stats: Statistics) -> str:
    """The game with the newest finished result, else the game of the newest save, else the first."""
    newest = [(game.results[-1].date, game_id) for game_id, game in stats.games.items() if game.results]
    if newest:
        return max(newest)[1]
    summaries, _problems = saves.list_saves()
    return summaries[0].game_id if summaries and summaries[0].game_id in REGISTRY else GAME_IDS[0]


def player_words(tally: PlayerTally) -> str:
    """A player as the table names them: a computer is marked with its level ("Josef (computer ·
    hard)"), so that it is never taken for the human of the same name."""
    return named(tally.name, tally.computer_level)


def level_words(level: str) -> str:
    """ "(computer · hard)": a computer's mark, on its own line under its name when both do not fit."""
    return "({})".format(fill(_("computer · {level}"), level=_(level)))
