"""Load: every saved game, newest first, to resume or delete. Broken files are set aside and explained."""

from __future__ import annotations

from functools import partial

import pygame

from bauhausbox.games import REGISTRY
from bauhausbox.persistence import saves
from bauhausbox.scenes.common import poster_background
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.flow import open_saved, report_broken
from bauhausbox.ui import draw, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.text import plural
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button

PAGE_SIZE = 7


class LoadScene(Scene):
    name = "load"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.summaries: list[saves.SaveSummary] = []
        self.page = 0
        self.row_buttons: list[tuple[Button, Button]] = []
        self.back_button = self.widgets.add(Button("Back", lambda: self.app.pop(self), tooltip="Esc"))
        self.prev_button = self.widgets.add(Button("Newer", lambda: self.turn(-1)))
        self.next_button = self.widgets.add(Button("Older", lambda: self.turn(1)))
        for index in range(PAGE_SIZE):
            open_button = self.widgets.add(Button("", partial(self.open, index)))
            delete_button = self.widgets.add(Button("Delete", partial(self.delete, index), tooltip="Delete this save"))
            self.row_buttons.append((open_button, delete_button))

    def on_enter(self) -> None:
        self.refresh(report=True)

    def refresh(self, report: bool = False) -> None:
        summaries, problems = saves.list_saves()
        # Unfinished games first, each group newest first.
        self.summaries = [s for s in summaries if not s.finished] + [s for s in summaries if s.finished]
        self.page = min(self.page, max(0, (len(self.summaries) - 1) // PAGE_SIZE))
        if problems and report:
            report_broken(self.app, problems)
        self._sync_buttons()

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
                open_button.label = "See result" if summary.finished else "Resume"
                open_button.kind = "plain" if summary.finished else "primary"
        self.prev_button.visible = self.page > 0
        self.next_button.visible = (self.page + 1) * PAGE_SIZE < len(self.summaries)

    def open(self, index: int) -> None:
        visible = self._visible()
        if index < len(visible) and not open_saved(self.app, visible[index].path):
            self.refresh()

    def delete(self, index: int) -> None:
        visible = self._visible()
        if index >= len(visible):
            return
        summary = visible[index]

        def confirmed() -> None:
            summary.path.unlink(missing_ok=True)
            self.refresh()

        title = REGISTRY[summary.game_id].title if summary.game_id in REGISTRY else summary.game_id
        self.app.push(
            DialogScene(
                self.app,
                "Delete this save?",
                f"{title} with {', '.join(summary.players)}, {plural(summary.moves, 'move', 'moves')}. "
                "This cannot be undone.",
                [("Delete", confirmed, "red"), ("Keep it", None, "plain")],
            )
        )

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        u = metrics.u
        bh = metrics.button_height
        self.list_rect = pygame.Rect(u(10), u(16), metrics.width - u(20), PAGE_SIZE * (bh + u(3)))
        for index, (open_button, delete_button) in enumerate(self.row_buttons):
            y = self.list_rect.top + index * (bh + u(3)) + u(1)
            delete_button.rect = pygame.Rect(self.list_rect.right - u(16), y, u(16), bh)
            open_button.rect = pygame.Rect(delete_button.rect.left - u(2) - u(20), y, u(20), bh)
        bottom = metrics.height - u(4) - bh
        self.back_button.rect = pygame.Rect(u(10), bottom, u(16), bh)
        self.next_button.rect = pygame.Rect(metrics.width - u(10) - u(16), bottom, u(16), bh)
        self.prev_button.rect = pygame.Rect(self.next_button.rect.left - u(18), bottom, u(16), bh)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
        return True

    def draw_static(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        poster_background(surface, m)
        draw.heading(surface, "Saved games", (u(10), u(7)), m.title // 2 + u(1))

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        self.blit_static(surface)
        if not self.summaries:
            draw.text(
                surface,
                "No saved games yet. Every game is saved after each move.",
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
            title = REGISTRY[summary.game_id].title if summary.game_id in REGISTRY else summary.game_id
            draw.text(surface, title, (row.left + u(3), row.top + u(1)), m.body, theme.INK, "bold")
            when = summary.updated.astimezone().strftime("%d %b %Y, %H:%M")
            state = "finished" if summary.finished else plural(summary.moves, "move", "moves")
            draw.text(
                surface,
                f"{', '.join(summary.players)}  ·  {state}  ·  {when}",
                (row.left + u(3), row.bottom - u(1)),
                m.small,
                theme.GREY,
                "regular",
                "bottomleft",
            )
        super().draw(surface)
