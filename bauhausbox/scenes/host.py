"""Hosting a table for play across computers, from the setup screen.

The app starts its own server (``net/background.py``: a background thread, a port the system picks
or the one in the settings, ending with the app), creates the table there, sits this computer's
human seats at it through the server like any other player, and opens the game's screen on that
table with the invitation: the addresses, the port and the table's code. Seats played on another
computer wait for their player (the status bar says so); computer seats play on the server.

The table is saved like any game (``LocalHost.keep``: the app's server writes the host's save after
every change). Continue or Load of that save (:func:`reopen_hosted`) starts the app's server on the
same port (the guests' screens reconnect to it by themselves), sits this computer's seats again with
their tokens and opens the screen with the invitation.

"Play again" at a finished table across computers is in ``scenes/rematch.py``.
"""

from __future__ import annotations

from typing import Any

from bauhausbox import games, i18n
from bauhausbox.engine.api import Seat
from bauhausbox.engine.history import SeatSpec, Setup
from bauhausbox.i18n import N_, _, fill
from bauhausbox.match import new_seed
from bauhausbox.net import background
from bauhausbox.net.client import Ended
from bauhausbox.net.remote import Invitation, RemoteTableAdapter, join_table
from bauhausbox.persistence import paths, saves
from bauhausbox.persistence.saves import LoadedGame
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.ui.app import App

# The ports a player may choose: above the ones only the system's services may take.
LOWEST_PORT = 1024
HIGHEST_PORT = 65535


def port_choice(text: str) -> int | None:
    """The port typed in the setup screen: 0 (the system picks one) when empty, the number when it
    is one a table may listen on, else ``None``."""
    text = text.strip()
    if not text:
        return 0
    if not text.isdigit() or not text.isascii() or len(text) > 5:
        return None
    port = int(text)
    return port if LOWEST_PORT <= port <= HIGHEST_PORT else None


def open_remote(app: App, table: RemoteTableAdapter) -> None:
    """Show the game's screen on a table across computers, over a fresh main menu."""
    scene_type = games.scene_class(table.match.setup.game_id)
    app.go_home()
    app.push(scene_type(app, table.match))


def reopened_words(invitation: Invitation) -> str:
    """The "Table reopened" dialog's words: those who sat there come back by themselves (their
    apps keep trying, or Continue / Join take them back); only new players need the address and code."""
    return fill(
        _("The others come back by themselves; new players can join with the address {address} and the code {code}."),
        address=invitation.where(),
        code=invitation.code,
    )


def invitation_words(invitation: Invitation) -> str:
    return fill(
        _(
            "On the other computers, choose Join a table in the main menu, type the address {address} "
            "and the code {code}."
        ),
        address=invitation.where(),
        code=invitation.code,
    )


def host_table(
    app: App,
    game_id: str,
    players: int,
    seats: list[SeatSpec],
    options: dict[str, Any],
    remote: set[Seat],
    watchers: bool = False,
) -> RemoteTableAdapter | None:
    """Host a table with these seats (``remote``: humans at other computers; ``watchers``: others
    may watch from no seat) and open its screen; ``None`` (and a dialog saying why) when it cannot
    be hosted."""
    try:
        host = background.local_host(paths.data_dir() / "tables", app.settings.computer_delay, app.settings.host_port)
        setup = Setup(game_id, players, new_seed(), tuple(seats), options)
        code = host.create_table(setup, watchers)
        invitation = Invitation(tuple(host.addresses()), host.port, code)
        here: list[Seat | None] = [seat for seat, spec in enumerate(seats) if spec.is_human and seat not in remote]
        if not here:  # this computer only hosts: the others play
            host.advertise(code)
            app.push(DialogScene(app, N_("Table hosted"), invitation_words(invitation)))
            return None
        table = join_table(host.local_url, code, here, language=i18n.language(), invitation=invitation)
        host.keep(code, saves.new_save_path(game_id), tokens_of(table))
        host.advertise(code)
    except (OSError, TimeoutError, Ended) as error:
        message = fill(_("The table could not be hosted: {reason}"), reason=_failure_reason(error))
        app.push(DialogScene(app, N_("Host a table"), message))
        return None
    open_remote(app, table)
    app.push(DialogScene(app, N_("Table hosted"), invitation_words(invitation)))
    return table


def _failure_reason(error: OSError | TimeoutError | Ended) -> str:
    """Why the app's server or its table could not be reached, in one phrase: the server's refusal,
    else the system's words."""
    if isinstance(error, Ended):
        return error.refusal.sentence or _("no answer")
    return getattr(error, "strerror", None) or str(error) or _("no answer")


def tokens_of(table: RemoteTableAdapter) -> dict[Seat, str]:
    """This computer's seats at ``table`` and their tokens (what the host's save keeps)."""
    return {seat: remote.token for seat, remote in table.remotes.items() if remote.token is not None}


def reopen_hosted(app: App, loaded: LoadedGame) -> bool:
    """Continue a table this computer hosted (its save says where: code, port, tokens): the app's
    server on the same port, this computer's seats back with their tokens, the game's screen with the
    invitation. One sentence, and nothing opened, when it cannot be (the port is taken, the table is
    gone from the server's store). Returns success."""
    hosted = loaded.saved.hosted
    assert hosted is not None
    running = background.hosting()
    if running is not None and running.port != hosted.port:
        message = fill(
            _(
                "This table was hosted on port {port}, but this app now hosts on port {now}: restart the "
                "app to reopen it."
            ),
            port=hosted.port,
            now=running.port,
        )
        app.push(DialogScene(app, N_("Continue"), message))
        return False
    try:
        host = background.local_host(paths.data_dir() / "tables", app.settings.computer_delay, hosted.port)
    except (OSError, TimeoutError):
        message = fill(_("Port {port} is used by another program, so the table cannot be reopened."), port=hosted.port)
        app.push(DialogScene(app, N_("Continue"), message))
        return False
    invitation = Invitation(tuple(host.addresses()), host.port, hosted.code)
    host.resume(hosted.code)  # left with Leave the table while the app ran: open to its players again
    tokens: dict[Seat, str] = dict(hosted.tokens)
    try:
        table = join_table(
            host.local_url, hosted.code, list(tokens), language=i18n.language(), invitation=invitation, tokens=tokens
        )
    except (OSError, TimeoutError, Ended) as error:
        message = fill(_("The table could not be reopened: {reason}"), reason=_failure_reason(error))
        app.push(DialogScene(app, N_("Continue"), message))
        return False
    host.keep(hosted.code, loaded.path, tokens, loaded.saved.created)
    host.advertise(hosted.code)
    open_remote(app, table)
    if table.status_note() is not None:  # someone is still to come back: how they do
        app.push(DialogScene(app, N_("Table reopened"), reopened_words(invitation)))
    return True
