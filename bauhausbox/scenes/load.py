"""Load: the saved games, newest first, in two tabs. "In progress" resumes a game; "Finished games"
(the newest 50 of each game, with date, players and scores) opens the replay viewer. Either can be
deleted. Broken files are set aside and explained. The screen opens on the tab of the most recent
game, so it never opens on an empty tab while the other has games."""

from __future__ import annotations

from functools import partial

import pygame

from bauhausbox.engine.api import Words
from bauhausbox.i18n import N_, _, counted
from bauhausbox.persistence import saves
from bauhausbox.scenes.common import ClosesOnEscape, game_title, poster_background
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.flow import open_saved, report_broken
from bauhausbox.scenes.replay import open_replay
from bauhausbox.ui import draw, theme
from bauhausbox.ui.app import App
from bauhausbox.ui.text import date_and_time
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button

PAGE_SIZE = 7


class LoadScene(ClosesOnEscape):
    name = "load"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.summaries: list[saves.SaveSummary] = []  # the rows of the tab shown
        self.all_summaries: list[saves.SaveSummary] = []
        self.finished_tab = False
        self.page = 0
        self.row_buttons: list[tuple[Button, Button]] = []
        self.back_button = self.widgets.add(Button(N_("Back"), lambda: self.app.pop(self), tooltip=N_("Esc")))
        self.prev_button = self.widgets.add(Button(N_("Newer"), lambda: self.turn(-1)))
        self.next_button = self.widgets.add(Button(N_("Older"), lambda: self.turn(1)))
        self.progress_tab = self.widgets.add(
            Button(N_("In progress"), lambda: self.show_tab(False), tooltip=N_("Games to resume"))
        )
        self.finished_tab_button = self.widgets.add(
            Button(N_("Finished games"), lambda: self.show_tab(True), tooltip=N_("Replay a finished game move by move"))
        )
        for index in range(PAGE_SIZE):
            open_button = self.widgets.add(Button("", partial(self.open, index)))
            delete_button = self.widgets.add(
                Button(N_("Delete"), partial(self.delete, index), tooltip=N_("Delete this save"))
            )
            self.row_buttons.append((open_button, delete_button))

    def on_enter(self) -> None:
        self.refresh(report=True)
        if self.all_summaries:
            # Open where the most recent game is (a finished one: its replay), never on an empty tab.
            self.show_tab(self.all_summaries[0].finished)

    def refresh(self, report: bool = False) -> None:
        self.all_summaries, problems = saves.list_saves()  # newest first
        self.summaries = [s for s in self.all_summaries if s.finished == self.finished_tab]
        self.page = min(self.page, max(0, (len(self.summaries) - 1) // PAGE_SIZE))
        if problems and report:
            report_broken(self.app, problems)
        self._sync_buttons()

    def show_tab(self, finished: bool) -> None:
        """Show the finished games (``True``) or the games in progress."""
        if finished != self.finished_tab:
            self.finished_tab = finished
            self.page = 0
            self.refresh()

    def turn(self, delta: int) -> None:
        self.page = max(0, min((len(self.summaries) - 1) // PAGE_SIZE, self.page + delta))
        self._sync_buttons()

    def _visible(self) -> list[saves.SaveSummary]:
        return self.summaries[self.page * PAGE_SIZE : (self.page + 1) * PAGE_SIZE]

    def _sync_buttons(self) -> None:
        visible = self._visible()
        for index, (open_button, delete_button) in enumerate(self.row_buttons):
            shown = index < len(visible)
            open_button.visible = delete_button.visible = shown
            if shown:
                summary = visible[index]
                open_button.label = N_("Replay") if summary.finished else N_("Resume")
                open_button.kind = "plain" if summary.finished else "primary"
        finished = sum(s.finished for s in self.all_summaries)
        self.progress_tab.label = Words("In progress ({count})", count=len(self.all_summaries) - finished)
        self.finished_tab_button.label = Words("Finished games ({count})", count=finished)
        self.progress_tab.selected = not self.finished_tab
        self.finished_tab_button.selected = self.finished_tab
        self.prev_button.visible = self.page > 0
        self.next_button.visible = (self.page + 1) * PAGE_SIZE < len(self.summaries)

    def open(self, index: int) -> None:
        visible = self._visible()
        if index >= len(visible):
            return
        summary = visible[index]
        opened = open_replay(self.app, summary.path) if summary.finished else open_saved(self.app, summary.path)
        if not opened:
            self.refresh()

    def delete(self, index: int) -> None:
        visible = self._visible()
        if index >= len(visible):
            return
        summary = visible[index]

        def confirmed() -> None:
            summary.path.unlink(missing_ok=True)
            self.refresh()

        turns = turns_words(summary)
        said = (
            _("{game} with {players}, {turns}. This cannot be undone.")
            if turns
            else _("{game} with {players}. This cannot be undone.")
        ).format(
            game=game_title(summary.game_id, summary.options),
            players=", ".join(summary.players),
            turns=", ".join(turns),
        )
        self.app.push(
            DialogScene(
                self.app,
                N_("Delete this save?"),
                said,
                [(N_("Delete"), confirmed, "red"), (N_("Keep it"), None, "plain")],
            )
        )

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        u = metrics.u
        bh = metrics.button_height
        self.list_rect = pygame.Rect(u(10), u(16), metrics.width - u(20), PAGE_SIZE * (bh + u(3)))
        # Every button as wide as its longest label needs in the players' language.
        delete_w = max(u(16), self.row_buttons[0][1].natural_width(metrics))
        open_w = max(u(20), *(widest(self.row_buttons[0][0], label, metrics) for label in (N_("Replay"), N_("Resume"))))
        for index, (open_button, delete_button) in enumerate(self.row_buttons):
            y = self.list_rect.top + index * (bh + u(3)) + u(1)
            delete_button.rect = pygame.Rect(self.list_rect.right - delete_w, y, delete_w, bh)
            open_button.rect = pygame.Rect(delete_button.rect.left - u(2) - open_w, y, open_w, bh)
        x = self.list_rect.right
        for tab, name in (
            (self.finished_tab_button, "Finished games ({count})"),
            (self.progress_tab, "In progress ({count})"),
        ):
            label = tab.label
            tab.label = Words(name, count="000")  # room for the count
            tab_w = tab.natural_width(metrics)
            tab.label = label
            tab.rect = pygame.Rect(x - tab_w, u(6), tab_w, bh)
            x = tab.rect.left - u(2)
        bottom = metrics.height - u(4) - bh
        self.back_button.rect = pygame.Rect(u(10), bottom, max(u(16), self.back_button.natural_width(metrics)), bh)
        next_w = max(u(16), self.next_button.natural_width(metrics))
        prev_w = max(u(16), self.prev_button.natural_width(metrics))
        self.next_button.rect = pygame.Rect(metrics.width - u(10) - next_w, bottom, next_w, bh)
        self.prev_button.rect = pygame.Rect(self.next_button.rect.left - u(2) - prev_w, bottom, prev_w, bh)

    def draw_static(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        poster_background(surface, m)
        draw.heading(surface, _("Saved games"), (u(10), u(7)), m.title // 2 + u(1))

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        self.blit_static(surface)
        if not self.summaries:
            empty = (
                _("No finished games yet. The last 50 of each game are kept to replay.")
                if self.finished_tab
                else _("No games in progress. Every game is saved after each move.")
            )
            draw.text(
                surface,
                empty,
                (self.list_rect.left, self.list_rect.top + u(2)),
                m.body,
                theme.GREY,
            )
        bh = m.button_height
        for index, summary in enumerate(self._visible()):
            y = self.list_rect.top + index * (bh + u(3))
            row = pygame.Rect(self.list_rect.left, y, self.list_rect.width, bh + u(2))
            pygame.draw.rect(surface, theme.WHITE, row)
            pygame.draw.rect(surface, theme.INK, row, 2)
            accent = theme.YELLOW if not summary.finished else theme.LIGHT_GREY
            pygame.draw.rect(surface, accent, (row.left, row.top, u(1.25), row.height))
            title = game_title(summary.game_id, summary.options)
            draw.text(surface, title, (row.left + u(3), row.top + u(1)), m.body, theme.INK, "bold")
            when = date_and_time(summary.updated)
            turns = turns_words(summary)
            draw.text(
                surface,
                (_("{players}  ·  {turns}  ·  {when}") if turns else _("{players}  ·  {when}")).format(
                    players=players_line(summary), turns=", ".join(turns), when=when
                ),
                (row.left + u(3), row.bottom - u(1)),
                m.small,
                theme.GREY,
                "regular",
                "bottomleft",
            )
        super().draw(surface)


def widest(button: Button, label: str, metrics: Metrics) -> int:
    """How wide ``button`` must be to hold ``label`` (its own label stays)."""
    kept, button.label = button.label, label
    width = button.natural_width(metrics)
    button.label = kept
    return width


def players_line(summary: saves.SaveSummary) -> str:
    """The players, with each one's final score once the game is over ("Anni: 34, Josef: 28")."""
    if summary.scores is None:
        return ", ".join(summary.players)
    return ", ".join(f"{name}: {score}" for name, score in zip(summary.players, summary.scores, strict=True))


def turns_words(summary: saves.SaveSummary) -> list[str]:
    """ "12 turns", counted as players count them (a card chosen and carried out is one turn, not
    two moves); nothing for an older save that did not record them."""
    if summary.turns is None:
        return []
    return [counted("{n} turn", "{n} turns", summary.turns)]
