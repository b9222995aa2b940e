"""Load: the saved games, newest first, in three tabs. "In progress" resumes a game; "Finished games"
(the newest 50 of each game, with date, players and scores) opens the replay viewer; "Game files"
lists the files of other programs a game reads (Blokus: Pentobi's ``.blksgf``, from the game files
folder of the data directory, where the Blokus screen's Export puts them) and opens one to replay or
to continue. A file dropped on the window opens the same way, from wherever it is. Any row can be
deleted. Broken files are set aside and explained; a dropped file that cannot be opened is only
explained (it is not ours to move). The screen opens on the tab of the most recent save, so it never
opens on an empty tab while another has games."""

from __future__ import annotations

import contextlib
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import Any

import pygame

from bauhausbox import games
from bauhausbox.engine.api import Words
from bauhausbox.i18n import N_, _, counted, fill, translate
from bauhausbox.match import Match
from bauhausbox.persistence import paths, saves
from bauhausbox.persistence.store import BrokenFileError
from bauhausbox.scenes.common import ClosesOnEscape, game_title, poster_background
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.flow import open_match, open_saved, report_broken
from bauhausbox.scenes.replay import ReplayScene, open_replay
from bauhausbox.ui import draw, theme
from bauhausbox.ui.app import App
from bauhausbox.ui.text import date_and_time
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button, TextField

PAGE_SIZE = 7


class LoadScene(ClosesOnEscape):
    name = "load"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.summaries: list[saves.SaveSummary] = []  # the rows of the tab shown
        self.all_summaries: list[saves.SaveSummary] = []
        self.finished_tab = False
        self.files_tab = False  # the game files of other programs (then finished_tab is False)
        self.files_folders = ""  # where they are looked for (read when the tab is shown)
        self.files_count = 0
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
        self.files_tab_button = self.widgets.add(
            Button(
                N_("Game files"),
                self.show_files,
                tooltip=N_("Blokus games of Pentobi (.blksgf): drop one on the window, or put it in the folder shown"),
            )
        )
        # The Game files tab also opens a file named by its path (from anywhere on the disk).
        self.path_field = self.widgets.add(
            PathField("", lambda text: None, 1000, tooltip=N_("The path of a .blksgf file (Enter opens it)"))
        )
        self.open_path_button = self.widgets.add(
            Button(N_("Open the file"), self.open_path, tooltip=N_("Open the .blksgf file at this path"))
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
        self.files_count = 0
        for module in games.game_files():  # counted by name only: each is read when its tab is shown
            with contextlib.suppress(OSError):
                self.files_count += sum(1 for _ in module.folder().glob(f"*{module.SUFFIX}"))
        if self.files_tab:
            self.summaries = []
            self.files_folders = ", ".join(str(module.folder()) for module in games.game_files())
            for module in games.game_files():
                found, broken = module.list_files()
                self.summaries += found
                problems += broken
            self.summaries.sort(key=lambda s: s.updated, reverse=True)
            self.files_count = len(self.summaries)
        self.page = min(self.page, max(0, (len(self.summaries) - 1) // PAGE_SIZE))
        if problems and report:
            report_broken(self.app, problems)
        self._sync_buttons()

    def show_tab(self, finished: bool) -> None:
        """Show the finished games (``True``) or the games in progress."""
        if finished != self.finished_tab or self.files_tab:
            self.finished_tab = finished
            self.files_tab = False
            self.page = 0
            self.refresh()

    def show_files(self) -> None:
        """Show the game files of other programs (broken ones are set aside and explained)."""
        if not self.files_tab:
            self.files_tab, self.finished_tab = True, False
            self.page = 0
            self.refresh(report=True)

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
                open_button.label = N_("Replay") if summary.finished else N_("Open") if self.files_tab else N_("Resume")
                open_button.kind = "plain" if summary.finished else "primary"
        finished = sum(s.finished for s in self.all_summaries)
        self.progress_tab.label = Words("In progress ({count})", count=len(self.all_summaries) - finished)
        self.finished_tab_button.label = Words("Finished games ({count})", count=finished)
        self.files_tab_button.label = Words("Game files ({count})", count=self.files_count)
        self.progress_tab.selected = not self.finished_tab and not self.files_tab
        self.finished_tab_button.selected = self.finished_tab
        self.files_tab_button.selected = self.files_tab
        self.path_field.visible = self.open_path_button.visible = self.files_tab
        self.prev_button.visible = self.page > 0
        self.next_button.visible = (self.page + 1) * PAGE_SIZE < len(self.summaries)

    def open(self, index: int) -> None:
        visible = self._visible()
        if index >= len(visible):
            return
        summary = visible[index]
        if self.files_tab:
            opened = open_game_file(self.app, summary.path)
        else:
            opened = open_replay(self.app, summary.path) if summary.finished else open_saved(self.app, summary.path)
        if not opened:
            self.refresh()

    def open_path(self) -> None:
        """Open the file whose path is typed in the field (a file elsewhere is only read)."""
        text = self.path_field.value.strip().strip('"')
        if text:
            self.path_field.focused = False
            open_game_file(self.app, Path(text).expanduser())

    def handle_event(self, event: pygame.event.Event) -> bool:
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and self.path_field.focused:
            self.open_path()
            return True
        if event.type == pygame.DROPFILE:
            open_game_file(self.app, Path(event.file))
            return True
        return super().handle_event(event)

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
        # The tabs sit right of the title, or under it when the players' language makes them too wide.
        tabs = []
        for tab, name in (
            (self.files_tab_button, "Game files ({count})"),
            (self.finished_tab_button, "Finished games ({count})"),
            (self.progress_tab, "In progress ({count})"),
        ):
            label = tab.label
            tab.label = Words(name, count="000")  # room for the count
            tabs.append((tab, tab.natural_width(metrics)))
            tab.label = label
        tabs_w = sum(width for _tab, width in tabs) + u(2) * (len(tabs) - 1)
        title_w = draw.heading(pygame.Surface((1, 1)), _("Saved games"), (0, 0), self.title_size(metrics)).width
        below = u(10) + title_w + u(3) > metrics.width - u(10) - tabs_w
        tabs_y = u(13.5) if below else u(6)
        list_top = tabs_y + bh + u(2) if below else u(16)
        self.list_rect = pygame.Rect(u(10), list_top, metrics.width - u(20), PAGE_SIZE * (bh + u(3)))
        # Every button as wide as its longest label needs in the players' language.
        delete_w = max(u(16), self.row_buttons[0][1].natural_width(metrics))
        labels = (N_("Replay"), N_("Resume"), N_("Open"))
        open_w = max(u(20), *(widest(self.row_buttons[0][0], label, metrics) for label in labels))
        for index, (open_button, delete_button) in enumerate(self.row_buttons):
            y = self.list_rect.top + index * (bh + u(3)) + u(1)
            # Inside the row's frame with their shadows: at the right edge they hung past it.
            right = self.row_rect(index).right - u(1.5)
            delete_button.rect = pygame.Rect(right - delete_w, y, delete_w, bh)
            open_button.rect = pygame.Rect(delete_button.rect.left - u(2) - open_w, y, open_w, bh)
        if below:  # under the title: from the page's margin, as the title and the list
            x = self.list_rect.left
            for tab, width in reversed(tabs):
                tab.rect = pygame.Rect(x, tabs_y, width, bh)
                x = tab.rect.right + u(2)
        else:  # beside the title: against the page's right margin
            x = self.list_rect.right
            for tab, width in tabs:
                tab.rect = pygame.Rect(x - width, tabs_y, width, bh)
                x = tab.rect.left - u(2)
        bottom = metrics.height - u(4) - bh
        self.back_button.rect = pygame.Rect(u(10), bottom, max(u(16), self.back_button.natural_width(metrics)), bh)
        next_w = max(u(16), self.next_button.natural_width(metrics))
        prev_w = max(u(16), self.prev_button.natural_width(metrics))
        self.next_button.rect = pygame.Rect(metrics.width - u(10) - next_w, bottom, next_w, bh)
        self.prev_button.rect = pygame.Rect(self.next_button.rect.left - u(2) - prev_w, bottom, prev_w, bh)
        # The path field and its button across the page, above Back and the pages' buttons.
        open_w = self.open_path_button.natural_width(metrics)
        row_y = bottom - bh - u(2.5)
        self.open_path_button.rect = pygame.Rect(self.list_rect.right - open_w, row_y, open_w, bh)
        field_w = self.open_path_button.rect.left - u(1.5) - self.list_rect.left
        self.path_field.rect = pygame.Rect(self.list_rect.left, row_y, field_w, bh)

    def row_rect(self, index: int) -> pygame.Rect:
        """The framed box of the page's row ``index`` (its buttons stand inside it)."""
        m = self.metrics
        y = self.list_rect.top + index * (m.button_height + m.u(3))
        return pygame.Rect(self.list_rect.left, y, self.list_rect.width, m.button_height + m.u(2))

    def draw_static(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        poster_background(surface, m)
        draw.heading(surface, _("Saved games"), (u(10), u(7)), self.title_size(m))

    @staticmethod
    def title_size(metrics: Metrics) -> int:
        return metrics.title // 2 + metrics.u(1)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        self.blit_static(surface)
        if self.files_tab:
            self._draw_files_note(surface, m)
        elif not self.summaries:
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
        for index, summary in enumerate(self._visible()):
            row = self.row_rect(index)
            pygame.draw.rect(surface, theme.WHITE, row)
            pygame.draw.rect(surface, theme.INK, row, 2)
            accent = theme.YELLOW if not summary.finished else theme.LIGHT_GREY
            pygame.draw.rect(surface, accent, (row.left, row.top, u(1.25), row.height))
            title = game_title(summary.game_id, summary.options)
            words = draw.text(surface, title, (row.left + u(3), row.top + u(1)), m.body, theme.INK, "bold")
            draw.keep_clear(surface, words)  # a tab's tooltip must not hide the row it is about
            when = date_and_time(summary.updated)
            turns = turns_words(summary)
            said = _("{players}  ·  {turns}  ·  {when}") if turns else _("{players}  ·  {when}")
            # The players give way (cut with "…") so that the turns and the date stay left of the buttons.
            room = self.row_buttons[index][0].rect.left - u(2) - (row.left + u(3))
            rest = draw.render_text(said.format(players="", turns=", ".join(turns), when=when), m.small).get_width()
            players = draw.cut_to(players_line(summary), room - rest, m.small)
            draw.text(
                surface,
                said.format(players=players, turns=", ".join(turns), when=when),
                (row.left + u(3), row.bottom - u(1)),
                m.small,
                theme.GREY,
                "regular",
                "bottomleft",
            )
        super().draw(surface)

    def _draw_files_note(self, surface: pygame.Surface, m: Metrics) -> None:
        """Where the game files are looked for, under the list (or in its place when it is empty)."""
        bh = m.button_height
        shown = min(len(self._visible()), PAGE_SIZE)
        y = self.list_rect.top + shown * (bh + m.u(3)) + m.u(2)
        width = self.list_rect.width
        if not self.summaries:
            draw.text(surface, _("No game files yet."), (self.list_rect.left, y), m.body, theme.GREY)
            y += round(m.body * 1.6)
        if y + 2 * m.small > self.path_field.rect.top:
            return  # a full page: the tab's tooltip says where the files come from
        note = _("Blokus games exported here, and Pentobi files (.blksgf) put in: {folder}")
        note = note.format(folder=self.files_folders)
        draw.paragraph(surface, note, pygame.Rect(self.list_rect.left, y, width, 3 * m.small * 2), m.small, theme.GREY)


def open_game_file(app: App, path: Path) -> bool:
    """Open a game file of another program (a dropped file, or a row of the Game files tab): a
    finished game in the replay viewer; an unfinished one asks whether to continue it or replay it.
    A file that cannot be opened is explained in one sentence; in the game files folder it is also
    set aside, elsewhere it is left as it is."""
    module = next((m for m in games.game_files() if path.name.lower().endswith(m.SUFFIX)), None)
    try:
        if module is None:
            raise BrokenFileError(path, Words("only Blokus files of Pentobi (.blksgf) open this way"))
        loaded = module.load(path)
    except BrokenFileError as error:
        ours = module is not None and path.resolve().parent == module.folder().resolve()
        if ours or path.resolve().parent == paths.saves_dir().resolve():
            report_broken(app, [error])
        else:
            said = _("{file}: {reason}").format(file=path.name, reason=translate(error.reason))
            app.push(DialogScene(app, N_("This file could not be opened"), said, [(N_("OK"), None, "primary")]))
        return False
    history = loaded.history
    if history.game.is_over(history.state):
        app.push(ReplayScene(app, loaded.setup, history))
        return True

    def play_on(loaded: Any = loaded) -> None:
        open_match(app, Match.from_loaded(module.to_continue(loaded)))

    def replay_it() -> None:
        app.push(ReplayScene(app, loaded.setup, history))

    app.push(
        DialogScene(
            app,
            N_("Open a game file"),
            _("{file}: an unfinished game. Continue it as a new saved game, or replay it?").format(file=path.name),
            [
                (N_("Continue"), play_on, "primary"),
                (N_("Replay"), replay_it, "plain"),
                (N_("Cancel"), None, "plain"),
            ],
        )
    )
    return True


class PathField(TextField):
    """A text field for a file's path: a path longer than the field shows its end (the file's name)."""

    def draw(self, surface: pygame.Surface, metrics: Metrics) -> None:
        if not self.visible:
            return
        room = self.rect.width - 2 * metrics.u(1.5) - 4
        if not self.value and not self.focused:  # what to type, in grey, until the field is used
            super().draw(surface, metrics)
            hint = _("Or type the path of a .blksgf file here")
            size = draw.fitting_size(hint, metrics.body, room)
            draw.text(
                surface,
                hint,
                (self.rect.left + metrics.u(1.5), self.rect.centery + 1),
                size,
                theme.GREY,
                "regular",
                "midleft",
            )
            return
        full = self.value
        self.value = self._tail(full, room, metrics.body)  # drawn from its end; the whole path is kept
        try:
            super().draw(surface, metrics)
        finally:
            self.value = full

    @staticmethod
    @lru_cache(maxsize=64)
    def _tail(text: str, room: int, size: int) -> str:
        """The longest end of ``text`` that fits ``room`` pixels (found by halving, once per text)."""
        low, high = 0, len(text)  # the first character shown
        while low < high:
            middle = (low + high) // 2
            if draw.render_text(text[middle:], size).get_width() <= room:
                high = middle
            else:
                low = middle + 1
        return text[low:]


def widest(button: Button, label: str, metrics: Metrics) -> int:
    """How wide ``button`` must be to hold ``label`` (its own label stays)."""
    kept, button.label = button.label, label
    width = button.natural_width(metrics)
    button.label = kept
    return width


@cache
def _seat_words(game_id: str) -> frozenset[str]:
    """The names a game gives its seats itself ("You" for a puzzle): a save keeps them in English."""
    try:
        return frozenset(games.load(game_id).info.seat_names)
    except KeyError:  # a save of a game this version does not know
        return frozenset()


def players_line(summary: saves.SaveSummary) -> str:
    """The players, with each one's final score once the game is over ("Anni: 34, Josef: 28"); a
    seat named by the game is said in the players' language ("Vous : 20"), a player's name as typed."""
    words = _seat_words(summary.game_id)
    names = [_(name) if name in words else name for name in summary.players]
    if summary.scores is None:
        if summary.guests is not None and not summary.finished:  # Continue reopens its table for them
            hosted = fill(_("hosted, waiting for {names}"), names=", ".join(summary.guests))
            return f"{', '.join(names)} · {hosted}"
        return ", ".join(names)
    if summary.computer_finished:  # its points are the computer's, not the player's
        return fill(_("{players}: solved by the computer"), players=", ".join(names))
    said = _("{who}: {score}")
    return ", ".join(said.format(who=name, score=score) for name, score in zip(names, summary.scores, strict=True))


def turns_words(summary: saves.SaveSummary) -> list[str]:
    """How far the game went, in the words of the game's own screen: "turn 13" for a game in
    progress (the status bar's turn being played, the pause menu's), "12 turns" for a finished one,
    counted as players count them (a card chosen and carried out is one turn, not two moves);
    nothing for an older save that did not record them."""
    if summary.turns is None:
        return []
    if summary.finished:
        return [counted("{n} turn", "{n} turns", summary.turns)]
    # An older save knows only the turns played: the next one is being played.
    turn = summary.turn if summary.turn is not None else summary.turns + 1
    return [_("turn {n}").format(n=turn)]
