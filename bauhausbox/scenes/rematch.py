"""Play again at a finished table across computers: asked for, agreed to, then joined.

"Play again" asks the server for a new game (:func:`play_again_across`); the asker waits on the
finished table (:class:`RematchWait`: "Waiting for Anni to accept…", cancellable) and moves to the
new table only once the server made it, which it does when every other human at a screen agreed.
Each other player is asked (:func:`offer_rematch`) on their own screen; their "Play again" agrees and
waits the same way, "Not now" refuses, and the asker hears it in one sentence. A watcher is asked
only once the new table exists. A request that goes (refused, withdrawn) takes its dialog with it.

When the table itself is gone before its end (closed, or its host started another game), the screen
says why in one dialog with the way out (:func:`table_gone`): the Join screen or the main menu.
"""

from __future__ import annotations

from typing import Any

from bauhausbox.i18n import N_, _, fill
from bauhausbox.net import background
from bauhausbox.net.client import Ended
from bauhausbox.net.remote import RemoteTableAdapter
from bauhausbox.persistence import saves
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.host import open_remote, tokens_of
from bauhausbox.table import Table
from bauhausbox.ui.app import App

TITLE = N_("Play again")


def play_again_across(app: App, table: Table[Any, Any]) -> None:
    """Ask for a new game at this finished table (or agree to the one asked for) and wait for it;
    join it at once when it exists; a dialog with one sentence when it cannot be."""
    if not isinstance(table, RemoteTableAdapter):
        return
    try:
        table.ask_rematch()
    except Ended as ended:
        app.push(DialogScene(app, TITLE, _(ended.refusal.sentence)))
        return
    if table.rematch_state() == "made":
        join_rematch(app, table)
    else:
        app.push(RematchWait(app, table))


def join_rematch(app: App, table: RemoteTableAdapter) -> None:
    """This computer's seats (or its watcher) at the new game that now exists."""
    try:
        again = table.play_again()
    except Ended as ended:
        app.push(DialogScene(app, TITLE, _(ended.refusal.sentence)))
        return
    except (OSError, TimeoutError):
        app.push(DialogScene(app, TITLE, _("The host does not answer: there is no new game to join.")))
        return
    hosting = background.hosting()
    if hosting is not None and again.invitation is not None:
        code = again.invitation.code
        hosting.keep(code, saves.new_save_path(again.match.setup.game_id), tokens_of(again))
        hosting.advertise(code)  # a seat nobody took at the end is free again
    again.keep_seats()  # a guest's way back to the new table (nothing at the host)
    open_remote(app, again)


class RematchWait(DialogScene):
    """The asker (or a player who agreed) waits on the finished table for the others' answer."""

    def __init__(self, app: App, table: RemoteTableAdapter) -> None:
        self.table = table
        self.since = table.refusals_heard()
        super().__init__(app, TITLE, self._words(), [(N_("Cancel"), self._cancel, "plain")])

    def _words(self) -> str:
        names = ", ".join(self.table.rematch_waiting())
        return fill(_("Waiting for {names} to accept…"), names=names) if names else _("Waiting for the new game…")

    def _cancel(self) -> None:
        self.table.answer_rematch(agree=False)

    def update(self, dt: float) -> None:
        super().update(dt)
        state = self.table.rematch_state()
        if state == "made":
            self.app.pop(self)
            join_rematch(self.app, self.table)
        elif state == "none" or self.table.gone():
            self.app.pop(self)
            said = self.table.rematch_refusal(self.since) or _("There is no new game to join.")
            self.app.push(DialogScene(self.app, TITLE, said))
        elif self._words() != self.message:
            self.message = self._words()
            self.layout(self.app.metrics)


class RematchOffer(DialogScene):
    """Another player asks for a new game: this screen's player answers; the dialog goes when the
    request does (refused by someone else, withdrawn), saying so in one sentence."""

    def __init__(self, app: App, table: RemoteTableAdapter, name: str) -> None:
        self.table = table
        self.since = table.refusals_heard()
        self.watching = table.watcher
        if table.watcher:
            question, label = _("The same players at a new table. Watch it?"), N_("Watch")
        else:
            question, label = _("The same players at a new table, each in the same seat. Play again?"), TITLE
        answers = [(label, lambda: play_again_across(app, table), "primary"), (N_("Not now"), self._decline, "plain")]
        super().__init__(app, fill(_("{name} asks for a new game"), name=name), question, answers)

    def _decline(self) -> None:
        if not self.watching and self.table.rematch_state() == "asked":
            self.table.answer_rematch(agree=False)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.table.rematch_state() == "none":
            self.app.pop(self)
            said = self.table.rematch_refusal(self.since)
            if said is not None:
                self.app.push(DialogScene(self.app, TITLE, said))


def table_gone(app: App, sentence: str) -> None:
    """The table of this screen is gone for good: ``sentence`` says why, and the player goes to the
    Join screen or the main menu (the game's screen, with nothing more to happen, stays under it)."""
    from bauhausbox.scenes.join import JoinScene  # the Join screen opens game screens: imported late

    def join() -> None:
        app.go_home()
        app.push(JoinScene(app))

    def home() -> None:
        app.go_home()

    answers = [(N_("Join a table"), join, "primary"), (N_("Main menu"), home, "plain")]
    app.push(DialogScene(app, N_("Table closed"), sentence, answers))


def offer_rematch(app: App, table: Table[Any, Any]) -> None:
    """Another player asked for a new game at this finished table: ask this screen's player, once."""
    name = table.rematch_offer() if isinstance(table, RemoteTableAdapter) else None
    if name is not None:
        assert isinstance(table, RemoteTableAdapter)
        app.push(RematchOffer(app, table, name))
