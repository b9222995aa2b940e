"""Play across computers: the Join screen (empty, a table found with its seats and tables listed
from the local network, a refusal), the setup screen hosting a table, the invitation, and the host's
table waiting for a player, and a table gone (closed) on a watcher's screen."""

from __future__ import annotations

import time

from bauhausbox import games
from bauhausbox.engine.history import SeatSpec, Setup
from bauhausbox.i18n import _, fill
from bauhausbox.net import background, discovery
from bauhausbox.net.discovery import PROTOCOL_VERSION, OpenTable
from bauhausbox.net.protocol import SENTENCES
from bauhausbox.net.remote import RemoteTableAdapter
from bauhausbox.persistence import paths
from bauhausbox.persistence.models import GuestSeat
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.join import JoinScene
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.scenes.rematch import table_gone
from bauhausbox.scenes.setup import REMOTE, SetupScene
from bauhausbox.ui.app import App
from tests.ui.helpers import frames
from tests.ui.scenarios import scenario

background.LISTEN_ON = "127.0.0.1"  # the tests' servers listen on loopback only
discovery.INTERFACES = ["127.0.0.1"]

# What the network says in the scenarios (the live list depends on what else runs on the machine).
# (Tables of this version, and one of another; a full table of two open to watchers, the longest row.)
HEARD = [
    OpenTable("a", "192.168.100.200:51234", "blokus", "Anni-Charlotte, Bérénice", 2, 4, PROTOCOL_VERSION),
    OpenTable("b", "192.168.100.201:40000", "buizen", "Bert", 1, 3, PROTOCOL_VERSION),
    OpenTable("d", "192.168.100.203:51234", "bits", "Sophie", 0, 2, PROTOCOL_VERSION, True),
    OpenTable("c", "192.168.100.202:8765", "bits", "Dana", 1, 2, 99),
]


def _heard(scene: JoinScene, tables: list[OpenTable]) -> None:
    assert scene.browser is not None
    scene.browser.found = lambda: list(tables)  # type: ignore[method-assign]


def _setup_with_guest(app: App, game_id: str = "blokus", players: int = 4) -> SetupScene:
    setup = SetupScene(app, game_id)
    app.push(setup)
    setup._set_players(players)
    setup.kind_fields[0].on_change("human")
    setup.kind_fields[1].on_change(REMOTE)
    setup.kind_fields[2].on_change("ai:hard")
    frames(app, 1)
    return setup


def _hosted(app: App, watchers: bool = False, game_id: str = "blokus", players: int = 4) -> RemoteTableAdapter:
    """A hosted table (the invitation still up), seat 2 on another computer."""
    setup = _setup_with_guest(app, game_id, players)
    setup.watchers_toggle.value = watchers
    setup.start()
    host = background.hosting()
    if host is not None:  # one server for the whole session: its scenarios' seats stay connected
        host.server.connections_per_address = 10**6
    frames(app, 1)
    scene = app.stack[-2]
    assert isinstance(scene, GameScene) and isinstance(scene.table, RemoteTableAdapter)
    return scene.table


@scenario("join")
def join(app: App) -> None:
    scene = JoinScene(app)
    app.push(scene)
    _heard(scene, [])
    frames(app, 1)


@scenario("join_many")
def join_many(app: App) -> None:
    """14 tables (the last full but open to watchers), scrolled down three rows: the scroll bar."""
    scene = JoinScene(app)
    app.push(scene)
    hosts = ["Anni", "Bert", "Cleo", "Dana", "Emil", "Fynn", "Gret", "Hugo", "Ines", "Jona", "Kurt", "Lene", "Mara"]
    many = [
        OpenTable(f"t{i}", f"192.168.100.{i}:8765", "bits", host, 1, 2, PROTOCOL_VERSION, public=f"{i:08x}")
        for i, host in enumerate(hosts)
    ]
    many.append(
        OpenTable(
            "full",
            "192.168.100.99:8765",
            "blokus",
            "Anni-Charlotte, Bérénice",
            0,
            2,
            PROTOCOL_VERSION,
            True,
            "000000ff",
        )
    )
    _heard(scene, many)
    frames(app, 1)
    scene.found_scroll.by(3)
    scene.layout(scene.metrics)
    frames(app, 1)


@scenario("join_return")
def join_return(app: App) -> None:
    """Three seats kept at other tables (the longest game name and a long player name), and the
    sentence of a Return that found nobody: the offer's rows under it."""
    scene = JoinScene(app)
    app.push(scene)
    _heard(scene, HEARD)
    token = "abcdefghijklmnop0123456789"
    scene.kept = [
        GuestSeat(
            url="ws://192.168.100.200:51234", code="K7QX2M", seat=1, token=token, name="Bérénice", game_id="bits"
        ),
        GuestSeat(
            url="ws://192.168.100.201:8765", code="ABCDEF", seat=3, token=token, name="Anni-Charlotte", game_id="buizen"
        ),
        GuestSeat(url="ws://[fd00::2]:8765", code="Q2W3E4", seat=0, token=token, name="Bert", game_id="blokus"),
    ]
    scene.problem = "Nothing answers at 192.168.100.200:51234: check the address and that the table is hosted."
    scene._show_seats()
    scene.layout(scene.metrics)
    frames(app, 1)


@scenario("join_no_multicast")
def join_no_multicast(app: App) -> None:
    scene = JoinScene(app)
    app.push(scene)
    _heard(scene, [])
    assert scene.browser is not None
    scene.browser.problem = "multicast is not available here"
    frames(app, 1)


@scenario("join_refused")
def join_refused(app: App) -> None:
    table = _hosted(app)
    assert table.invitation is not None
    scene = JoinScene(app)
    app.push(scene)
    scene._set_address(f"127.0.0.1:{table.invitation.port}")
    scene._set_code("ZZZZZ2")
    _heard(scene, HEARD[:1])
    scene.find()
    frames(app, 1)


@scenario("join_seats")
def join_seats(app: App) -> None:
    table = _hosted(app)
    assert table.invitation is not None
    scene = JoinScene(app)
    app.push(scene)
    scene._set_address(f"127.0.0.1:{table.invitation.port}")
    scene._set_code(table.invitation.code)
    _heard(scene, HEARD)
    scene.find()
    frames(app, 2)


def _join_watchable(app: App) -> JoinScene:
    table = _hosted(app, watchers=True)
    assert table.invitation is not None
    scene = JoinScene(app)
    app.push(scene)
    scene._set_address(f"127.0.0.1:{table.invitation.port}")
    scene._set_code(table.invitation.code)
    scene.find()
    return scene


@scenario("join_watchable")
def join_watchable(app: App) -> None:
    _join_watchable(app)
    frames(app, 2)


@scenario("watching")
def watching(app: App) -> None:
    """The screen of someone watching the table from no seat (the host lets people watch). The
    table is hosted on this app's server with no seat at this screen: the host's own screen would
    close when the watcher's opens (one app), and the watcher would see the host gone instead."""
    host = background.local_host(paths.data_dir() / "tables", 0.0, 0)
    host.server.connections_per_address = 10**6  # one server for the session (see ``_hosted``)
    names = ("Anni-Charlotte", "Bérénice", "Bert", "Dana")
    setup = Setup(
        "blokus", 4, 3, tuple(SeatSpec(name) for name in names), games.load("blokus").normalize_options(4, {})
    )
    scene = JoinScene(app)
    app.push(scene)
    scene._set_address(f"127.0.0.1:{host.port}")
    scene._set_code(host.create_table(setup, watchers=True))
    scene.find()
    scene.watch()
    # The server's news of this watcher (the count, who is connected) comes on the network's thread:
    # settled before the screen is looked at, so no picture changes under it from elsewhere.
    shown = app.top
    assert isinstance(shown, GameScene) and isinstance(shown.table, RemoteTableAdapter)
    table = shown.table
    end = time.monotonic() + 10.0
    while not (table.watching() == 1 and all(r.connected for r in table.remotes.values())):
        assert time.monotonic() < end, "the watcher's screen never heard that it watches"
        frames(app, 1)
        time.sleep(0.02)
    frames(app, 2)


@scenario("setup_host")
def setup_host(app: App) -> None:
    _setup_with_guest(app)


@scenario("setup_host_port_refused")
def setup_host_port_refused(app: App) -> None:
    setup = _setup_with_guest(app)
    if setup.port_field.enabled:  # before this app hosts: a port that cannot be used
        setup._set_port("80")
        setup.start()
    frames(app, 1)


@scenario("host_invitation")
def host_invitation(app: App) -> None:
    _hosted(app)
    frames(app, 1)


@scenario("host_waiting")
def host_waiting(app: App) -> None:
    _hosted(app)
    app.pop(app.top)  # the invitation read: the table waits, the status bar says for whom
    frames(app, 2)


def _waiting(app: App, game_id: str) -> None:
    """``game_id`` hosted, nobody in the second seat yet: its panel says it is an open seat, in words
    that fit (the long words ran under Buizen's score)."""
    _hosted(app, game_id=game_id, players=3)
    app.pop(app.top)
    frames(app, 2)


@scenario("host_waiting_bits")
def host_waiting_bits(app: App) -> None:
    _waiting(app, "bits")


@scenario("host_waiting_buizen")
def host_waiting_buizen(app: App) -> None:
    _waiting(app, "buizen")


@scenario("host_menu")
def host_menu(app: App) -> None:
    """The menu across computers: "Menu", the game goes on meanwhile."""
    _hosted(app)
    app.pop(app.top)
    scene = app.top
    assert isinstance(scene, GameScene)
    scene.open_pause()
    frames(app, 2)


@scenario("host_leave_question")
def host_leave_question(app: App) -> None:
    """Leave the table asks first, saying the others wait until Continue."""
    host_menu(app)
    pause = app.top
    assert isinstance(pause, PauseScene)
    pause.quit_to_menu()
    frames(app, 2)


@scenario("table_closed")
def table_closed(app: App) -> None:
    """A watcher's (or guest's) table is gone: one sentence and the way out (here the host started
    another game; a long name)."""
    watching(app)
    table_gone(app, fill(_(SENTENCES["table_replaced"]), detail="Anni-Charlotte"))
    frames(app, 2)
