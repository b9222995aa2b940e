"""The main menu: a Bauhaus poster with the four games, the Blokus puzzles, Continue, Load, Settings, Quit.

It imports no rules module (menu text comes from the registry, each emblem from the game's small
``emblem.py`` the registry names), so the first frame shows fast.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from bauhausbox import __version__, games
from bauhausbox.engine.api import Words
from bauhausbox.games import GAME_IDS, REGISTRY
from bauhausbox.i18n import N_, _
from bauhausbox.persistence import guest, saves
from bauhausbox.persistence.models import GuestSeat
from bauhausbox.scenes.common import game_title
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.flow import open_saved, report_broken
from bauhausbox.scenes.join import JoinScene, return_to_seat, return_words
from bauhausbox.scenes.load import LoadScene, open_game_file, players_line, turns_words
from bauhausbox.scenes.settings import SettingsScene
from bauhausbox.scenes.setup import SetupScene
from bauhausbox.scenes.statistics import StatisticsScene
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button


def resume_words(summary: saves.SaveSummary) -> str:
    """ "Resume Blokus Duo with Anni, Josef (12 turns)", in the players' language, named and counted
    as the Load screen's row of the same game."""
    turns = turns_words(summary)
    said = _("Resume {game} with {players} ({turns})") if turns else _("Resume {game} with {players}")
    return said.format(
        game=game_title(summary.game_id, summary.options), players=players_line(summary), turns=", ".join(turns)
    )


def continue_lines(summary: saves.SaveSummary) -> list[str]:
    """What Continue resumes, said under it without hovering, longest first: "Bits · Anni, Marianne,
    Josef · turn 55", then without the players (a narrow window)."""
    game, turns = game_title(summary.game_id, summary.options), turns_words(summary)
    return [" · ".join([game, players_line(summary), *turns]), " · ".join([game, *turns])]


class GameCard(Button):
    """A large menu button: emblem field, title, one line about the game."""

    def __init__(self, key: str, title: str, blurb: str, players: str, on_click: Callable[[], None]) -> None:
        super().__init__(title, on_click, tooltip=Words("{game}: {players}", game=Words(title), players=Words(players)))
        self.key = key
        self.emblem = games.emblem(key)  # the game's emblem module draws with pygame only, no rules
        self.blurb = blurb
        self.players = players

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
        m = metrics
        rect = rect.copy()
        depth = m.u(0.6)
        if self.pressed:
            rect.move_ip(depth, depth)
        else:
            draw.shadow_rect(surface, rect, depth + (m.u(0.4) if self.hovered else 0))
        fill = theme.mix(theme.WHITE, theme.YELLOW, 0.25) if self.hovered else theme.WHITE
        pygame.draw.rect(surface, fill, rect)
        painter, accent = self.emblem
        box = pygame.Rect(rect.left, rect.top, rect.height, rect.height)
        pygame.draw.rect(surface, theme.PAPER, box)
        painter(surface, box.inflate(-m.u(1.5), -m.u(1.5)))
        pygame.draw.line(surface, theme.INK, (box.right, rect.top), (box.right, rect.bottom - 1), m.rule - 1)
        pygame.draw.rect(surface, accent, (rect.right - m.u(1.25), rect.top, m.u(1.25), rect.height))
        pygame.draw.rect(surface, theme.INK, rect, m.rule - 1)
        x = box.right + m.u(2.5)
        draw.heading(surface, _(self.label), (x, rect.top + rect.height * 0.36), m.heading - 4, theme.INK, "midleft")
        draw.text(
            surface, _(self.blurb), (x, rect.top + rect.height * 0.72), m.small + 1, theme.INK, "regular", "midleft"
        )
        draw.text(
            surface,
            _(self.players),
            (rect.right - m.u(3), rect.top + rect.height * 0.36),
            m.small,
            theme.GREY,
            "semibold",
            "midright",
        )


class MainMenuScene(Scene):
    name = "main_menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.cards: list[GameCard] = []
        for game_id in GAME_IDS:
            entry = REGISTRY[game_id]
            self.cards.append(
                self.widgets.add(
                    GameCard(game_id, entry.title, entry.blurb, entry.players, partial(self.open_setup, game_id))
                )
            )
        self.continue_button = self.widgets.add(
            Button(N_("Continue"), self.continue_game, "primary", tooltip=N_("Resume your last unfinished game"))
        )
        self.load_button = self.widgets.add(Button(N_("Load"), self.open_load, tooltip=N_("All saved games")))
        self.statistics_button = self.widgets.add(
            Button(N_("Statistics"), self.open_statistics, tooltip=N_("Games played and won, scores, bests"))
        )
        self.settings_button = self.widgets.add(Button(N_("Settings"), self.open_settings))
        self.join_button = self.widgets.add(
            Button(N_("Join a table"), self.open_join, tooltip=N_("Play at a table hosted on another computer"))
        )
        self.quit_button = self.widgets.add(
            Button(N_("Quit"), self.app.quit, tooltip=N_("Games are saved after every move"))
        )
        self.latest: saves.SaveSummary | None = None
        # A seat at another computer's table played more recently than any unfinished save here:
        # Continue returns to it, as Join's Return does (a guest keeps no save; the host does).
        self.seat_away: GuestSeat | None = None

    def on_enter(self) -> None:
        # Scanning the saves reads every file: leave it to the frame after the first one, so the
        # window shows at once (start-up target), and Continue lights up a frame later.
        self.refreshed = False
        self.continue_button.enabled = False

    def update(self, dt: float) -> None:
        if not self.refreshed and self.app.frames >= 1:
            self.refresh()

    def on_uncover(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.refreshed = True
        summaries, problems = saves.list_saves()
        self.latest = next((s for s in summaries if not s.finished), None)
        if problems:  # set aside and named in one dialog; Continue offers the newest good save
            report_broken(self.app, problems)
        kept = guest.kept_seats()
        away = kept[0] if kept else None
        newer = away is not None and (self.latest is None or away.joined >= self.latest.updated)
        self.seat_away = away if newer else None
        self.continue_button.enabled = self.latest is not None or self.seat_away is not None
        if self.seat_away is not None:
            self.continue_button.tooltip = return_words(self.seat_away)
        elif self.latest:
            self.continue_button.tooltip = resume_words(self.latest)

    # -- actions -----------------------------------------------------------------------------
    def open_setup(self, game_id: str) -> None:
        own = games.setup_class(game_id)
        self.app.push((own or SetupScene)(self.app, game_id))

    def continue_game(self) -> None:
        if self.seat_away is not None:
            problem = return_to_seat(self.app, self.seat_away)
            if problem:  # said in one sentence; a seat gone for good is forgotten, so refreshed
                self.refresh()
                self.app.push(DialogScene(self.app, N_("Continue"), problem))
            return
        if self.latest is None:
            return
        if not open_saved(self.app, self.latest.path):
            self.refresh()

    def open_load(self) -> None:
        self.app.push(LoadScene(self.app))

    def open_statistics(self) -> None:
        self.app.push(StatisticsScene(self.app))

    def open_join(self) -> None:
        self.app.push(JoinScene(self.app))

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    # -- layout and drawing ------------------------------------------------------------------------
    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        u = metrics.u
        w, h = metrics.width, metrics.height
        self.poster = pygame.Rect(0, 0, round(w * 0.42), h)
        left = self.poster.right + u(5)
        width = w - left - u(6)
        top = u(12)
        bottom_bar = metrics.button_height
        gap = u(1.5)
        card_h = min(u(11), (h - top - u(6) - bottom_bar - u(4) - gap * 4) // 5)
        y = top
        for card in self.cards:
            card.rect = pygame.Rect(left, y, width, card_h)
            y += card_h + gap
        y += u(2)
        buttons = [self.continue_button, self.load_button, self.settings_button, self.quit_button]
        bw = (width - 3 * u(1.5)) // 4
        for i, button in enumerate(buttons):
            button.rect = pygame.Rect(left + i * (bw + u(1.5)), y, bw, bottom_bar)
        # On the poster, under its words (the row below the cards has no room for a fifth button).
        title_size = round(metrics.title * 1.15)
        stats_w = max(u(20), self.statistics_button.natural_width(metrics))
        self.statistics_button.rect = pygame.Rect(
            self.poster.left + u(5), self.poster.top + u(8) + round(title_size * 1.95) + u(6), stats_w, bottom_bar
        )
        join_w = max(u(20), self.join_button.natural_width(metrics))
        stats = self.statistics_button.rect
        self.join_button.rect = pygame.Rect(stats.left, stats.bottom + u(1.5), join_w, bottom_bar)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.DROPFILE:  # a Blokus file of Pentobi's dropped on the window
            open_game_file(self.app, Path(event.file))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.quit()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_c) and self.continue_button.enabled:
                self.continue_game()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_static(surface)
        super().draw(surface)
        self._draw_continue_line(surface)

    def _draw_continue_line(self, surface: pygame.Surface) -> None:
        """Under the row of buttons, which game Continue resumes (its tooltip says it in a sentence)."""
        if self.seat_away is not None:
            lines = [return_words(self.seat_away)]
        elif self.latest is not None and self.continue_button.enabled:
            lines = continue_lines(self.latest)
        else:
            return
        m = self.metrics
        row = self.continue_button.rect.union(self.quit_button.rect)
        # The longest that fits at 14 px or more; the shortest, set smaller, when none does.
        for line in lines:
            size = draw.fitting_size(line, m.small, row.width, "semibold", smallest=14)
            if draw.render_text(line, size, weight="semibold").get_width() <= row.width:
                break
        else:
            size = draw.fitting_size(line, m.small, row.width, "semibold", smallest=12)
        with layout_probe.box(pygame.Rect(row.left, row.bottom, row.width, m.height - row.bottom)):
            draw.text(surface, line, (row.left, row.bottom + m.u(1)), size, theme.GREY, "semibold")

    def draw_static(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        surface.fill(theme.PAPER)
        p = self.poster
        # The poster: flat primaries on a strong grid, title set in heavy capitals.
        pygame.draw.rect(surface, theme.INK, p)
        pygame.draw.circle(
            surface, theme.RED, (p.left + round(p.width * 0.62), p.top + round(p.height * 0.3)), round(p.width * 0.3)
        )
        pygame.draw.rect(surface, theme.BLUE, (p.left, round(p.height * 0.62), round(p.width * 0.45), p.height))
        draw.seat_shape(
            surface, "triangle", (p.left + p.width * 0.74, p.top + p.height * 0.74), p.width * 0.19, theme.YELLOW
        )
        pygame.draw.rect(surface, theme.PAPER, (p.left + round(p.width * 0.45), round(p.height * 0.62), u(1), p.height))
        title_size = round(m.title * 1.15)
        # The app's name, the same in every language (marked so the pseudo-language check sees it).
        draw.text(surface, _("BAUHAUS"), (p.left + u(5), p.top + u(8)), title_size, theme.WHITE, "black", spacing=0.04)
        draw.text(
            surface,
            _("BOX"),
            (p.left + u(5), p.top + u(8) + round(title_size * 0.92)),
            title_size,
            theme.YELLOW,
            "black",
            spacing=0.04,
        )
        draw.text(
            surface,
            _("four abstract games and the Blokus puzzles"),
            (p.left + u(5), p.top + u(8) + round(title_size * 1.95)),
            m.body,
            theme.WHITE,
            "regular",
        )
        draw.text(
            surface, f"v{__version__}", (p.left + u(2), p.bottom - u(2)), m.small, theme.WHITE, "regular", "bottomleft"
        )
        pygame.draw.rect(surface, theme.INK, (p.right, 0, m.rule, m.height))
        play = draw.heading(surface, _("Play"), (self.cards[0].rect.left, u(6)), m.heading)
        draw.text(
            surface,
            _("Pick a game, then choose players and computer opponents."),
            (max(self.cards[0].rect.left + u(12), play.right + u(2)), u(6) + m.heading // 2 - 2),
            m.small,
            theme.GREY,
            "regular",
            "midleft",
        )
