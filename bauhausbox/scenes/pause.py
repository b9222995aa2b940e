"""The in-game pause menu: resume, undo, redo, restart, how to play, settings, save and quit.

Across computers nothing pauses for the others: the menu is titled "Menu", says the game goes on
meanwhile, and Leave the table asks first, saying what follows (the host's table waits for them
until Continue; a guest's seat waits for them, and Continue or Join a table takes them back to it). At the host, a
seat whose player is not at the table may be given to a computer player ("Give Marie's seat to a
computer", the level asked), so a guest who never comes back does not stop the game for good.

Once the game is over, play does not go on: the menu offers the final table, a new game with the same
players, how to play, settings and the main menu, and no Undo, Redo or Restart."""

from __future__ import annotations

from functools import partial
from typing import Any, Protocol

import pygame

from bauhausbox.i18n import N_, _, fill
from bauhausbox.match import Match
from bauhausbox.net.protocol import SENTENCES
from bauhausbox.net.server import Refused
from bauhausbox.scenes.common import game_title, overlay_panel, stack_vertically, title_lines
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.settings import SettingsScene
from bauhausbox.scenes.table_chrome import LEVEL_WORDS
from bauhausbox.table import Table
from bauhausbox.ui import draw, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button


class PausedTable(Protocol):
    """What the pause menu needs of the game screen under it (``GameScene`` is one)."""

    match: Match
    table: Table[Any, Any]

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def restart(self) -> None: ...

    def open_help(self) -> None: ...

    def game_over_scene(self) -> Scene: ...


class PauseScene(Scene):
    opaque = False
    name = "pause"

    def __init__(self, app: App, game_scene: PausedTable, curtained: bool = False) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        add = self.widgets.add
        self.resume_button = add(Button(N_("Resume"), self.resume, "primary", tooltip=N_("Esc")))
        self.undo_button = add(Button(N_("Undo"), self.undo, tooltip=N_("Ctrl+Z")))
        self.redo_button = add(Button(N_("Redo"), self.redo, tooltip=N_("Ctrl+Y")))
        self.restart_button = add(Button(N_("Restart"), self.restart, tooltip=N_("A new game with the same players")))
        self.scores_button = add(
            Button(N_("Final scores"), self.scores, "primary", tooltip=N_("The final table again"))
        )
        self.again_button = add(
            Button(N_("Play again"), self.play_again, tooltip=N_("A new game with the same players"))
        )
        self.help_button = add(Button(N_("How to play"), self.help, tooltip="F1"))
        self.settings_button = add(Button(N_("Settings"), self.settings))
        # At the host: a seat whose player is not at the table goes to a computer player, so the game
        # need not wait for them for ever (the first such seat; the next one the next time).
        table: Any = game_scene.table
        absent = table.absent_seats() if table.on_server and hasattr(table, "absent_seats") else []
        self.absent: int | None = absent[0] if absent else None
        self.give_button = add(
            Button(
                fill(_("Give {name}'s seat to a computer"), name=game_scene.match.seat_name(absent[0]))
                if absent
                else "",
                self.give_seat,
                tooltip=N_("The game goes on with a computer player in that seat"),
            )
        )
        self.give_button.visible = self.absent is not None
        self.quit_button = add(
            Button(
                N_("Save and quit to menu"),
                self.quit_to_menu,
                "red",
                tooltip=N_("The game is saved after every move; Continue resumes it"),
            )
        )
        self.home_button = add(Button(N_("Main menu"), self.quit_to_menu, "red"))
        # Across computers the game goes on for the others while this menu is open: no "Paused".
        # A finished game is not paused: the menu says it is over.
        if game_scene.match.over:
            self.title = N_("Game over")
        else:
            self.title = N_("Menu") if game_scene.table.on_server else N_("Paused")
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.subtitle_y = 0  # below the panel's top
        over = game_scene.match.over
        for button in (self.undo_button, self.redo_button, self.restart_button, self.quit_button):
            button.visible = not over
        for button in (self.scores_button, self.again_button, self.home_button):
            button.visible = over
        # The same items in every game: Restart is greyed where it cannot be used, its tooltip saying
        # why. A table across computers is the server's: nobody restarts it from one screen.
        if game_scene.table.on_server:
            self.restart_button.enabled = False
            self.restart_button.tooltip = N_("A game across computers cannot be restarted from one screen")
            # The host's saves keep it (Continue reopens the table); a guest's are not where it is.
            self.quit_button.label = N_("Leave the table")
            hosted_here = getattr(game_scene.table, "invitation", None) is not None
            self.quit_button.tooltip = (
                N_("The table stays in Continue and Load: the others come back when you reopen it")
                if hosted_here
                else N_("This game is kept by its host: Continue or Join a table takes you back to your seat")
            )
        if curtained or (game_scene.table.on_server and game_scene.table.spectating):
            # Over the pass-the-device curtain, or a watcher's screen (across computers, from no
            # seat: it plays nothing): nothing that moves the game (and would show it).
            for button in (self.undo_button, self.redo_button, self.restart_button):
                button.visible = False
        if over:
            # One primary button: after the end the final table is the way on, the board a look back.
            self.resume_button.label = N_("Back to the board")
            self.resume_button.kind = "plain"

    def resume(self) -> None:
        self.app.pop(self)

    def undo(self) -> None:
        self.app.pop(self)
        self.game_scene.undo()

    def redo(self) -> None:
        self.app.pop(self)
        self.game_scene.redo()

    def restart(self) -> None:
        def confirmed() -> None:
            self.app.pop(self)
            self.game_scene.restart()

        self.app.push(
            DialogScene(
                self.app,
                N_("Restart?"),
                N_("Start a new game with the same players and options? This game stays in Load until you delete it."),
                [(N_("Restart"), confirmed, "red"), (N_("Cancel"), None, "plain")],
            )
        )

    def scores(self) -> None:
        self.app.pop(self)
        self.app.push(self.game_scene.game_over_scene())

    def play_again(self) -> None:
        """A finished game has nothing to lose: a new one starts at once, no question asked."""
        self.app.pop(self)
        self.game_scene.restart()

    def help(self) -> None:
        self.game_scene.open_help()

    def settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def give_seat(self) -> None:
        """Ask which computer player takes the absent player's seat (the game's levels, as in setup)."""
        seat = self.absent
        if seat is None:
            return
        name = self.game_scene.match.seat_name(seat)
        info = self.game_scene.match.game.info
        levels = [level for level in LEVEL_WORDS if level != "random" and level in info.levels]
        self.app.push(
            DialogScene(
                self.app,
                fill(_("Give {name}'s seat to a computer"), name=name),
                fill(
                    _("Which computer player takes {name}'s seat? If {name} comes back, it stays the computer's."),
                    name=name,
                ),
                [
                    *(
                        (_(LEVEL_WORDS[level]).capitalize(), partial(self._give, seat, level), "primary")
                        for level in levels
                    ),
                    (N_("Cancel"), None, "plain"),
                ],
            )
        )

    def _give(self, seat: int, level: str) -> None:
        try:
            self.game_scene.table.give_seat(seat, level)  # type: ignore[attr-defined]
        except Refused as refused:  # the player came back meanwhile
            self.app.push(DialogScene(self.app, N_("Menu"), _(SENTENCES[refused.reason])))
            return
        self.app.pop(self)

    def quit_to_menu(self) -> None:
        table = self.game_scene.table
        if table.on_server and not self.game_scene.match.over and not table.spectating:
            self.app.push(
                DialogScene(
                    self.app,
                    N_("Leave the table?"),
                    leaving_words(getattr(table, "invitation", None) is not None),
                    [(N_("Leave the table"), self.leave, "red"), (N_("Stay"), None, "plain")],
                )
            )
            return
        self.leave()

    def leave(self) -> None:
        self.game_scene.match.save()
        self.app.go_home()

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        u = metrics.u
        buttons = [button for button in self.widgets.widgets if isinstance(button, Button) and button.visible]
        bh = metrics.button_height
        # The game and turn sit on their own line under the title: beside it, a long game name or a
        # longer language ran into the title ("PAUSE" and "Buizen Wir-War · partie terminée").
        subtitle_w = draw.render_text(self.subtitle(), metrics.small).get_width()
        width = max(u(52), max(button.natural_width(metrics) for button in buttons) + u(8), subtitle_w + u(8))
        title_size, title = title_lines(self.title, width, metrics)
        self.subtitle_y = u(4) + round(title_size * 1.15) * len(title) + u(0.5)
        buttons_top = self.subtitle_y + metrics.small + u(3)
        height = buttons_top + len(buttons) * (bh + u(1.5)) + u(2)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (metrics.width // 2, metrics.height // 2)
        stack_vertically(buttons, self.panel.left + u(4), self.panel.top + buttons_top, width - u(8), bh, u(1.5))

    def subtitle(self) -> str:
        """The game and how far it went: "Bauhaus · turn 12", counted as players count turns."""
        match = self.game_scene.match
        title = game_title(match.setup.game_id, match.setup.options)
        if match.over:  # the title says it is over
            return title
        if not match.game.info.counts_turns:  # a puzzle's moves are not turns
            return title
        said = _("{game} · turn {n}").format(game=title, n=match.history.turn)
        if self.game_scene.table.on_server:  # nothing pauses for the others
            return fill(_("{table} · the game goes on meanwhile"), table=said)
        return said

    def update(self, dt: float) -> None:
        match = self.game_scene.match
        if match.over:
            return
        self.undo_button.enabled = match.undo_plan() is not None
        self.redo_button.enabled = match.history.can_redo

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        overlay_panel(surface, self.panel, m, self.title, theme.BLUE)
        draw.text(
            surface, self.subtitle(), (self.panel.left + m.u(4), self.panel.top + self.subtitle_y), m.small, theme.GREY
        )
        super().draw(surface)


def leaving_words(hosted_here: bool) -> str:
    """What follows when a player leaves a table across computers before its end (the confirmation's
    sentence): at the host the table waits for them; a guest's seat waits too, and Continue and the
    Join screen offer it again (its token is kept: ``persistence/guest.py``)."""
    if hosted_here:
        return _("The others wait until you reopen the table with Continue; their screens say you have left.")
    return _("You can come back to your seat with Continue in the main menu; the others wait for you meanwhile.")
