"""The host's table is saved like any game, and Continue reopens it: on the same port, at the last
acknowledged move, and the guests' clients come back by themselves (loopback only, bounded in time)."""

from __future__ import annotations

import json
import random
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bauhausbox import games
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.match import Match
from bauhausbox.net import background, discovery, scripted
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import Invitation, RemoteTableAdapter
from bauhausbox.net.scripted import legal_texts
from bauhausbox.persistence import saves, writer
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.flow import open_saved
from bauhausbox.scenes.host import host_table
from bauhausbox.scenes.load import players_line
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.scenes.replay import ReplayScene, open_replay

SECONDS = 10.0


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(background, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])
    monkeypatch.setattr(background, "_host", None)  # this test's own server, whatever ran before
    yield
    background.stop_hosting()


def _until(condition: Callable[[], bool], seconds: float = SECONDS) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


async def _one_move(clients: list[RemoteTable], rng: random.Random) -> None:
    """One random legal move from whichever client may play (the seat to play first)."""
    first = clients[0]
    view = first.view
    assert view is not None and not view.over
    for client in clients:
        await client.wait_for(lambda seen: seen.version >= view.version, SECONDS)
    for client in sorted(clients, key=lambda client: client.seat != view.to_play):
        texts = legal_texts(client)
        if texts:
            await client.play(rng.choice(texts))
            await first.wait_for(lambda seen: len(seen.moves) > len(view.moves), SECONDS)
            return
    raise AssertionError("nobody could move")


def _acknowledged(host: background.LocalHost, code: str) -> list[str]:
    async def texts() -> list[str]:
        return host.server.tables[code].match.history.move_texts()

    return host.loop.run(texts(), SECONDS)


def _host_bits(app: Any) -> tuple[RemoteTableAdapter, RemoteTable]:
    app.settings.host_port = 0  # a free port the system picks (another test may have chosen one)
    seats = [SeatSpec("Anni"), SeatSpec("Bert")]
    table = host_table(app, "bits", 2, seats, games.load("bits").normalize_options(2, {}), remote={1})
    assert table is not None, getattr(app.top, "message", None)
    assert table.invitation is not None
    host = background.hosting()
    assert host is not None
    guest = RemoteTable(host.local_url, table.invitation.code, seat=1, name="Bert")
    host.loop.run(guest.start(SECONDS), SECONDS + 1)
    return table, guest


def test_continue_reopens_the_hosted_table_and_the_guest_comes_back(fresh_app: Any) -> None:
    app = fresh_app
    table, guest = _host_bits(app)
    host = background.hosting()
    assert host is not None and table.invitation is not None
    loop, port, code = host.loop, host.port, table.invitation.code
    rng = random.Random(5)
    try:
        for _ in range(4):
            loop.run(_one_move([table.remotes[0], guest], rng), SECONDS)
        played = _acknowledged(host, code)
        assert len(played) >= 4
        background.stop_hosting()  # the host's app closes
        assert _until(lambda: not guest.connected)
        assert guest.ended is None  # not told the host left for good: it keeps trying
        assert guest.away is not None and guest.away.seats == [0]  # told the host (seat 0) is away
        writer.flush()

        # The host's save: the normal format, the moves in full, where the table lives.
        summary = next(s for s in saves.list_saves()[0] if s.guests is not None)
        assert summary.guests == ("Bert",) and summary.moves == len(played) and not summary.finished
        assert players_line(summary) == "Anni, Bert · hosted, waiting for Bert"  # as Load and Continue say it
        loaded = saves.load_game(summary.path)
        assert loaded.history.move_texts() == played
        hosted = loaded.saved.hosted
        assert hosted is not None and hosted.code == code and hosted.port == port and list(hosted.tokens) == [0]

        # Continue: the same port, the last acknowledged move, the guest back by itself.
        app.go_home()
        assert open_saved(app, summary.path)
        again = background.hosting()
        assert again is not None and again.port == port
        scene = next(scene for scene in app.stack if isinstance(getattr(scene, "table", None), RemoteTableAdapter))
        reopened = scene.table
        assert isinstance(reopened, RemoteTableAdapter) and reopened.invitation is not None
        assert reopened.invitation.code == code and reopened.invitation.port == port
        assert reopened.match.history.cursor == len(played)
        # With the invitation while the guest is still to come back (the guest's next try may come
        # first: at most 2 s apart).
        if isinstance(app.top, DialogScene):
            assert app.top.title == "Table reopened"
            assert code in app.top.message and str(port) in app.top.message
            assert app.top.message.startswith("The others come back by themselves; new players can join")
        else:
            assert guest.connections == 2 and reopened.status_note() is None
        assert _until(lambda: guest.connected and guest.connections == 2)
        assert guest.ended is None and guest.away is None and guest.returns == 1
        for _ in range(2):  # and play goes on
            loop.run(_one_move([reopened.remotes[0], guest], rng), SECONDS)
        now = _acknowledged(again, code)
        assert now[: len(played)] == played and len(now) == len(played) + 2
        writer.flush()
        loaded = saves.load_game(summary.path)
        assert loaded.history.move_texts() == now
        replay = ReplayScene(app, loaded.setup, loaded.history)  # the replay viewer's model
        assert replay.moves == len(now) and len(replay.lines) >= len(now)
        reopened.close()
    finally:
        loop.submit(guest.close())
        table.close()


def test_a_finished_hosted_game_replays_like_any(fresh_app: Any) -> None:
    app = fresh_app
    table, guest = _host_bits(app)
    host = background.hosting()
    assert host is not None and table.invitation is not None
    try:
        final = host.loop.run(scripted.play_out([table.remotes[0], guest], random.Random(8)), 120.0)
        assert final.over
        writer.flush()
        summary = next(s for s in saves.list_saves()[0] if s.guests is not None and s.finished)
        assert summary.scores is not None and len(summary.scores) == 2
        assert players_line(summary) == "Anni: {}, Bert: {}".format(*summary.scores)  # no "waiting" once over
        texts = [move.text for move in final.moves]
        assert saves.load_game(summary.path).history.move_texts() == texts
        app.go_home()
        assert open_replay(app, summary.path)  # Load's Replay
        replay = app.top
        assert isinstance(replay, ReplayScene) and replay.finished and replay.moves == len(texts)
    finally:
        host.loop.run(guest.close(), SECONDS)
        table.close()


def test_a_taken_port_is_said_and_nothing_opens(fresh_app: Any) -> None:
    app = fresh_app
    table, guest = _host_bits(app)
    host = background.hosting()
    assert host is not None
    port = host.port
    host.loop.run(_one_move([table.remotes[0], guest], random.Random(2)), SECONDS)
    background.stop_hosting()
    host.loop.run(guest.close(), SECONDS)
    table.close()
    writer.flush()
    summary = next(s for s in saves.list_saves()[0] if s.guests is not None and s.updated)
    with socket.socket() as squatter:  # another program takes the port meanwhile
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        squatter.bind(("127.0.0.1", port))
        squatter.listen(1)
        app.go_home()
        assert not open_saved(app, summary.path)
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    assert dialog.message == f"Port {port} is used by another program, so the table cannot be reopened."
    assert background.hosting() is None
    assert summary.path.exists()  # nothing is wrong with the file: it waits for the port
    saves.remove_game(summary.path)


@pytest.mark.parametrize(
    "hosted",
    [
        {"code": "no", "port": 51234, "tokens": {"0": "A" * 32}},
        {"code": "ABCDEF", "port": 0, "tokens": {"0": "A" * 32}},
        {"code": "ABCDEF", "port": 51234, "tokens": {}},
        {"code": "ABCDEF", "port": 51234, "tokens": {"5": "A" * 32}},
        {"version": 2, "code": "ABCDEF", "port": 51234, "tokens": {"0": "A" * 32}},
        [[[[[["deep"]]]]]],
    ],
)
def test_a_broken_hosted_field_is_set_aside(fresh_app: Any, tmp_path: Path, hosted: Any) -> None:
    app = fresh_app
    game = games.load("bits")
    setup_seats = (SeatSpec("Anni"), SeatSpec("Bert"))
    setup = Setup("bits", 2, 9, setup_seats, game.normalize_options(2, {}))
    history: Any = History(game, setup.new_state(game))
    history.play(game.legal_moves(history.state)[0])
    path = saves.new_save_path("bits")
    saves.write_game(path, setup, history)
    data = json.loads(path.read_text())
    data["hosted"] = hosted
    path.write_text(json.dumps(data))
    app.go_home()
    assert not open_saved(app, path)
    assert not path.exists() and path.with_name(path.name + ".broken").exists()
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.title == "A saved game could not be opened"
    assert background.hosting() is None


def test_an_old_save_has_no_hosted_field_and_opens_as_before(fresh_app: Any) -> None:
    game = games.load("bits")
    setup = Setup("bits", 2, 9, (SeatSpec("Anni"), SeatSpec("Bert")), game.normalize_options(2, {}))
    history: Any = History(game, setup.new_state(game))
    history.play(game.legal_moves(history.state)[0])
    path = saves.new_save_path("bits")
    saves.write_game(path, setup, history)
    data = json.loads(path.read_text())
    assert "hosted" not in data or data["hosted"] is None
    data.pop("hosted", None)
    path.write_text(json.dumps(data))
    summary = next(s for s in saves.list_saves()[0] if s.path == path)
    assert summary.guests is None
    assert saves.load_game(path).saved.hosted is None
    saves.remove_game(path)


def test_leaving_says_the_host_keeps_the_table_in_continue_and_a_guest_does_not(fresh_app: Any) -> None:
    game = games.load("bits")
    setup = Setup("bits", 2, 9, (SeatSpec("Anni"), SeatSpec("Bert")), game.normalize_options(2, {}))
    match = Match(setup, History(game, setup.new_state(game)), autosave=False)
    invitation = Invitation(("192.0.2.20",), 51234, "ABCDEF")
    for invited, said in ((invitation, "The table stays in Continue and Load"), (None, "kept by its host")):
        table = SimpleNamespace(on_server=True, spectating=False, invitation=invited)
        pause = PauseScene(fresh_app, SimpleNamespace(match=match, table=table))  # type: ignore[arg-type]
        assert said in pause.quit_button.tooltip and pause.quit_button.label == "Leave the table"
