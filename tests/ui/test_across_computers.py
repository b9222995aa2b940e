"""Play across computers, the screens: the app hosts a table with one seat on another computer, a
headless client (``net.client``) sits there and plays, and the host's screen follows; the Join
screen's refusals (a wrong code, a full table, nothing at the address) in one sentence.

Everything runs over loopback with real WebSockets; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.games import REGISTRY
from bauhausbox.net import background, discovery, scripted
from bauhausbox.net.client import RemoteTable, create_table
from bauhausbox.net.protocol import SENTENCES
from bauhausbox.net.remote import RemoteTableAdapter, join_table
from bauhausbox.net.server import Server
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.join import JoinScene, server_url
from bauhausbox.scenes.rematch import RematchOffer, RematchWait, play_again_across
from bauhausbox.scenes.setup import REMOTE, SetupScene
from bauhausbox.ui import draw
from tests.ui.helpers import click, frames, key, type_text, wait_until


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])
    monkeypatch.setattr(discovery, "REFRESH_SECONDS", 0.2)


def host_blokus(app: Any) -> GameScene[Any, Any]:
    """Through the setup screen: two players, the second on another computer; Host the table."""
    setup = SetupScene(app, "blokus")
    app.push(setup)
    frames(app, 1)
    setup.players_choice.on_change(2)
    setup._set_players(2)
    setup.kind_fields[0].on_change("human")
    setup.kind_fields[1].on_change(REMOTE)
    assert setup.start_button.label == "Host the table"
    setup.start_button.on_click()
    frames(app, 2)
    dialog = app.top
    assert isinstance(dialog, DialogScene)  # the invitation
    scene = app.stack[-2]
    assert isinstance(scene, GameScene) and isinstance(scene.table, RemoteTableAdapter)
    assert scene.table.invitation is not None and scene.table.invitation.code in dialog.message
    app.pop(dialog)
    return scene


def guest_sits(code: str) -> tuple[RemoteTable, Any]:
    """A headless client on another "computer" sits at the app's hosted table as Bert, seat 1: the
    client and its first view."""
    host = background.hosting()
    assert host is not None
    guest = RemoteTable(host.local_url, code, seat=1, name="Bert")
    return guest, background.shared_loop().run(guest.start(5.0), 6.0)


def test_host_sees_the_remote_players_moves(fresh_app: Any) -> None:
    app = fresh_app
    scene = host_blokus(app)
    table = scene.table
    assert isinstance(table, RemoteTableAdapter)
    invitation = table.invitation
    assert invitation is not None
    frames(app, 1)
    assert "Waiting for" in scene.situation() and invitation.code in scene.situation()
    assert table.connected(1) is False

    # The host plays first (blue), on its own screen, through its own server.
    move = scene.game.legal_moves(scene.view)[0]
    assert scene.submit(move)
    assert len(scene.match.history.steps) == 1

    # The guest: a headless client on another "computer" sits down and plays its move.
    guest, view = guest_sits(invitation.code)
    loop = background.shared_loop()
    assert view.seat == 1 and view.to_play == 1
    assert wait_until(app, lambda: table.connected(1) is True, 300)
    assert "Waiting for" not in scene.situation()
    guest_state = guest.state()
    text = scene.game.format_move(guest_state, scene.game.legal_moves(guest_state)[0])
    loop.run(guest.play(text), 5.0)
    assert wait_until(app, lambda: len(scene.match.history.steps) == 2, 300)
    assert scene.match.history.steps[1].text == text
    # The story, as the server wrote it for the host's seat.
    assert scene.match.said[1].startswith(f"{scene.match.seat_name(1)} placed")
    assert scene.match.to_play == 0 and scene.input_allowed()

    # The guest leaves: the host's players panel says so.
    loop.run(guest.close(), 5.0)
    assert wait_until(app, lambda: table.connected(1) is False, 300)
    table.close()


def test_undo_of_ones_own_move_is_asked_of_the_others_too(fresh_app: Any) -> None:
    """Across computers every undo that changes the shared table asks every other human, on their
    own screen, even of the asker's own move in a game without draws (Blokus undid it at once)."""
    app = fresh_app
    scene = host_blokus(app)
    table = scene.table
    assert isinstance(table, RemoteTableAdapter) and table.invitation is not None
    loop = background.shared_loop()
    guest, _view = guest_sits(table.invitation.code)
    assert scene.submit(scene.game.legal_moves(scene.view)[0])
    guest_state = loop.run(guest.wait_for(lambda v: v.to_play == 1), 5.0) and guest.state()
    loop.run(guest.play(scene.game.format_move(guest_state, scene.game.legal_moves(guest_state)[0])), 5.0)
    assert wait_until(app, lambda: len(scene.match.history.steps) == 2, 300)
    guest_move = scene.match.said[1]
    loop.run(guest.undo(), 5.0)  # Bert takes back his own move
    assert wait_until(app, lambda: isinstance(app.top, DialogScene), 300)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.title == "Bert asks to take back 1 turn"
    # The body says what goes; who asks is the title's, said once (the body repeated it).
    assert dialog.message.startswith(f"It takes back: {guest_move}. "), dialog.message
    assert "asks" not in dialog.message, dialog.message
    frames(app, 5)
    assert len(scene.match.history.steps) == 2  # nothing is undone before the host agrees
    dialog.buttons[0].on_click()  # Agree
    assert wait_until(app, lambda: len(scene.match.history.steps) == 1, 300)
    loop.run(guest.close(), 5.0)
    table.close()


def test_undo_of_another_players_move_is_asked_on_each_screen(fresh_app: Any) -> None:
    app = fresh_app
    scene = host_blokus(app)
    table = scene.table
    assert isinstance(table, RemoteTableAdapter) and table.invitation is not None
    host = background.hosting()
    assert host is not None
    loop = background.shared_loop()
    guest = RemoteTable(host.local_url, table.invitation.code, seat=1)
    loop.run(guest.start(5.0), 6.0)
    assert scene.submit(scene.game.legal_moves(scene.view)[0])
    guest_state = loop.run(guest.wait_for(lambda v: v.to_play == 1), 5.0) and guest.state()
    loop.run(guest.play(scene.game.format_move(guest_state, scene.game.legal_moves(guest_state)[0])), 5.0)
    assert wait_until(app, lambda: len(scene.match.history.steps) == 2, 300)
    assert scene.submit(scene.game.legal_moves(scene.view)[0])
    loop.run(guest.wait_for(lambda v: len(v.moves) == 3), 5.0)
    guest_move = scene.match.said[1]  # the guest's move as the host's own log tells it
    assert guest_move.startswith(scene.match.seat_name(1))
    # The guest asks to undo: as on Board Game Arena a player takes back their own last move, and
    # the host's move made after it goes with it: the host is asked, in a dialog that names both.
    loop.run(guest.undo(), 5.0)
    assert wait_until(app, lambda: isinstance(app.top, DialogScene), 300)
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    assert dialog.title == f"{scene.match.seat_name(1)} asks to take back 2 turns"
    assert dialog.message.startswith(f"It takes back: {guest_move}, then 1 more move. "), dialog.message
    assert len(scene.match.history.steps) == 3  # nothing is undone before everyone agrees
    dialog.buttons[0].on_click()  # Agree
    assert wait_until(app, lambda: len(scene.match.history.steps) == 1, 300)  # back before the guest's move
    app.pop(dialog)

    # The host asks in turn (in French): its own move goes; the host's screen says which.
    own_move = scene.match.said[0]
    i18n.set_language("fr")
    try:
        assert wait_until(app, lambda: scene.match.said[0] != own_move, 300)  # said again in French
        said_fr = scene.match.said[0]
        assert said_fr.startswith(scene.match.seat_name(0))
        # A bar with no room for the move (French at 1024 px): fewer words, never a cut sentence.
        whole = f"En attente de l’accord de {scene.match.seat_name(1)} pour défaire 1 tour : {said_fr}…"
        short = f"En attente de l’accord de {scene.match.seat_name(1)} pour défaire 1 tour…"
        width = draw.render_text(short, scene.metrics.body, weight="semibold").get_width()
        assert draw.render_text(whole, scene.metrics.body, weight="semibold").get_width() > width + 40
        scene.status_room = lambda: width + 20  # type: ignore[method-assign]
        scene.undo()
        assert str(scene.message) == short
    finally:
        i18n.set_language("en")
    request = loop.run(guest.wait_for(lambda v: v.undo_request is not None), 5.0).undo_request
    assert request is not None and request.back_to == 0
    loop.run(guest.refuse(), 5.0)
    loop.run(guest.close(), 5.0)
    table.close()


def test_join_screen_says_why_it_cannot_join(fresh_app: Any) -> None:
    app = fresh_app
    scene = host_blokus(app)
    table = scene.table
    assert isinstance(table, RemoteTableAdapter) and table.invitation is not None
    port, code = table.invitation.port, table.invitation.code
    join = JoinScene(app)
    app.push(join)
    frames(app, 1)
    join._set_address(f"127.0.0.1:{port}")
    join._set_code("ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY")
    join.find()
    assert join.problem == SENTENCES["wrong_code"] and join.table is None

    join._set_code(code.lower())
    join.find()
    assert join.problem == "" and join.table is not None and join.table.free == [1]
    assert join.seat_buttons[1].visible and not join.seat_buttons[0].visible
    assert REGISTRY[join.table.game].title == "Blokus"

    # Someone else sits down first: the table is full.
    loop = background.shared_loop()
    other = RemoteTable(server_url(f"127.0.0.1:{port}"), code, seat=1)
    loop.run(other.start(5.0), 6.0)
    join.sit(1)
    assert join.problem == SENTENCES["table_full"]
    join.find()
    assert join.problem == SENTENCES["table_full"] and not any(button.visible for button in join.seat_buttons)

    join._set_address("127.0.0.1:1")  # nothing listens there
    join.find()
    # The address as the player typed it: "ws://" is the app's business, not theirs.
    assert join.problem.startswith("Nothing answers at 127.0.0.1:1:"), join.problem
    loop.run(other.close(), 5.0)
    app.pop(join)
    table.close()


def test_join_screen_sits_and_plays(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = fresh_app
    host_scene = host_blokus(app)
    host_table = host_scene.table
    assert isinstance(host_table, RemoteTableAdapter) and host_table.invitation is not None
    # The host's screen stands for another computer's: the guest's screen replacing it here does not
    # make the host leave the table.
    monkeypatch.setattr(host_table, "close", lambda: None)
    join = JoinScene(app)
    app.push(join)
    join._set_address(f"127.0.0.1:{host_table.invitation.port}")
    join._set_code(host_table.invitation.code)
    join.find()
    join.sit(1)
    scene = app.top
    assert isinstance(scene, GameScene) and isinstance(scene.table, RemoteTableAdapter)
    assert scene.match.to_play == 0 and not scene.input_allowed()  # the host plays first
    # The host moves (its table lives on, though its screen was replaced by the guest's here).
    host_table.play(scene.game.legal_moves(host_table.view)[0])
    assert wait_until(app, lambda: scene.match.to_play == 1, 300)
    assert scene.submit(scene.game.legal_moves(scene.view)[0])
    assert wait_until(app, lambda: len(host_table.match.history.steps) == 2 or bool(host_table.run_computers(0)), 300)
    scene.table.close()
    RemoteTableAdapter.close(host_table)


def test_join_screen_finds_the_table_on_the_network_and_sits_under_the_name_typed(fresh_app: Any) -> None:
    app = fresh_app
    host_scene = host_blokus(app)
    host_table = host_scene.table
    assert isinstance(host_table, RemoteTableAdapter) and host_table.invitation is not None
    port, code = host_table.invitation.port, host_table.invitation.code
    join = JoinScene(app)
    app.push(join)
    join._set_address("")

    # The host's table is heard of on the (loopback) network and listed; a click fills the address.
    # (The app's server may still host an earlier test's table on the same port: this one has two seats.)
    def ours(table: Any) -> bool:
        return bool(table.address.endswith(f":{port}") and table.seats == 2)

    assert wait_until(app, lambda: any(ours(t) for t in join.found), 2000), join.browser and join.browser.problem
    hosting = background.hosting()
    assert hosting is not None and hosting.advertiser is not None
    advertiser = hosting.advertiser
    assert wait_until(app, lambda: code in advertiser.advertised(), 2000)
    # The card is looked up in the frame just drawn: other tests' tables may come and go meanwhile
    # and stand before it in the list, which then scrolls (Down) until it is in view.
    frames(app, 1)
    for _row in range(len(join.found)):
        if any(ours(t) for _r, t in join.found_rects):
            break
        key(app, pygame.K_DOWN)
    rect, found = next((r, t) for r, t in join.found_rects if ours(t))
    assert (found.game, found.free) == ("blokus", 1)
    assert found.host == host_scene.match.seat_name(0)
    click(app, rect.center)
    assert join.address == found.address and join.address_field.value == found.address
    assert join.code_field.focused  # the code is not advertised: the player types it
    type_text(app, code.lower())
    assert join.code == code
    # A name that is no name is refused before anything is sent; then the name typed is the seat's.
    join.name_field.value = ""
    join._set_name("   ")
    join.find()
    join.sit(1)
    assert "name" in join.problem and app.top is join
    join._set_name("Bert")
    join.sit(1)
    scene = app.top
    assert isinstance(scene, GameScene) and isinstance(scene.table, RemoteTableAdapter)
    assert scene.match.seat_name(1) == "Bert" and app.settings.join_name == "Bert"
    # The host's side hears the name too, and its players panel says it.
    assert wait_until(app, lambda: bool(host_table.run_computers(0)) or host_table.match.seat_name(1) == "Bert", 300)
    assert host_table.match.seat_name(1) == "Bert"
    assert join.browser is None  # the Join screen is gone, and its listening with it
    # The table's last seat is taken: it is no longer advertised.
    assert wait_until(app, lambda: code not in advertiser.advertised(), 600)
    scene.table.close()
    host_table.close()


def test_server_url_reads_what_players_type() -> None:
    assert server_url("192.168.1.20:51234") == "ws://192.168.1.20:51234"
    assert server_url(" example.org ") == "ws://example.org:8765"
    assert server_url("[::1]:9000") == "ws://[::1]:9000"
    assert server_url("fe80::1") == "ws://[fe80::1]:8765"
    assert server_url("wss://example.org:443") == "wss://example.org:443"


del asyncio


def test_play_again_waits_for_the_others_and_a_refusal_is_said(fresh_app: Any) -> None:
    """At the end the guest asks for a new game: no table exists until the host's player agrees.
    The host's screen asks ("Bert asks for a new game"); "Not now" tells the guest in one sentence
    and the watcher was never asked. The host asks in turn: it waits ("Waiting for Bert to
    accept…"), the guest refuses, the host's screen says so. Asked once more and agreed: every
    screen lands at the new table, in the same seat, and the watcher is asked to watch it."""
    app = fresh_app
    scene = host_blokus(app)
    table = scene.table
    assert isinstance(table, RemoteTableAdapter) and table.invitation is not None
    host = background.hosting()
    assert host is not None
    loop = background.shared_loop()
    guest = join_table(host.local_url, table.invitation.code, [1], name="Bert")
    clients = [table.remotes[0], guest.remotes[1]]
    loop.run(scripted.play_out(clients, random.Random(2), 3000, 5.0), 120.0)
    assert wait_until(app, lambda: isinstance(app.top, GameOverScene), 600)
    anni = table.match.seat_name(0)

    guest.ask_rematch()  # the guest asks: it waits on the finished table
    assert guest.rematch_state() == "asked" and guest.rematch_waiting() == [anni]
    assert wait_until(app, lambda: isinstance(app.top, RematchOffer), 300)
    guest.answer_rematch(agree=False)  # the guest withdraws: the host's question goes, said why
    assert wait_until(app, lambda: type(app.top) is DialogScene, 300)
    assert app.top.message == "Bert no longer asks for a new game."
    app.pop(app.top)
    guest.ask_rematch()  # asked again: asked again
    assert wait_until(app, lambda: isinstance(app.top, RematchOffer), 300)
    offer = app.top
    assert isinstance(offer, RematchOffer) and offer.title == "Bert asks for a new game"
    assert table.rematch_state() == "asked"  # no new table yet
    heard = guest.refusals_heard()
    offer.buttons[1].on_click()  # Not now
    assert wait_until(app, lambda: guest.rematch_state() == "none", 300)
    assert wait_until(app, lambda: guest.rematch_refusal(heard) is not None, 300)
    assert guest.rematch_refusal(heard) == f"{anni} does not want a new game now."
    assert isinstance(app.top, GameOverScene)

    # The host asks: its screen waits, the guest refuses, the host is told.
    app.top.again_button.on_click()
    assert wait_until(app, lambda: isinstance(app.top, RematchWait), 300)
    assert app.top.message == "Waiting for Bert to accept…"
    assert guest.rematch_offer() == anni
    guest.answer_rematch(agree=False)
    assert wait_until(app, lambda: type(app.top) is DialogScene, 300)
    assert app.top.message == "Bert does not want a new game now."
    app.pop(app.top)

    # Asked again by the guest, agreed to on the host's screen: both land at the new table.
    guest.ask_rematch()
    assert wait_until(app, lambda: isinstance(app.top, RematchOffer), 300)
    app.top.buttons[0].on_click()  # Play again
    assert wait_until(app, lambda: isinstance(app.top, GameScene) and app.top is not scene, 300)
    landed = app.top
    assert isinstance(landed, GameScene) and isinstance(landed.table, RemoteTableAdapter)
    assert guest.rematch_state() == "made"
    again = guest.play_again()
    new_code = again.remotes[1].code
    assert again.remotes[1].seat == 1 and new_code != table.invitation.code and not again.match.over
    assert landed.table.invitation is not None and landed.table.invitation.code == new_code
    assert sorted(landed.table.remotes) == [0] and landed.match.history.cursor == 0
    assert wait_until(app, lambda: landed.table.connected(1) is True, 300)
    again.close()
    landed.table.close()


def test_a_watcher_is_asked_only_once_the_new_table_exists(tmp_path: Path) -> None:
    """A watcher's screen is not asked while the new game waits for agreement, nor after it is
    refused; once the new table exists, it is asked (once) to watch it."""
    loop = background.shared_loop()
    server = Server(tmp_path, computer_delay=0.0)
    loop.run(server.start("127.0.0.1", 0), 5.0)
    code = loop.run(create_table(server.url, "bits", ["human", "human"], names=["Anni", "Bert"], watchers=True), 5.0)
    anni = join_table(server.url, code, [0], name="Anni")
    bert = join_table(server.url, code, [1], name="Bert")
    watcher = join_table(server.url, code, [], watch=True)
    loop.run(scripted.play_out([anni.remotes[0], bert.remotes[1]], random.Random(5), 3000, 5.0), 120.0)

    def settled(check: Any) -> bool:
        for _ in range(100):
            if check():
                return True
            time.sleep(0.05)
        return False

    bert.ask_rematch()
    assert settled(lambda: watcher.rematch_state() == "asked" and anni.rematch_state() == "asked")
    assert watcher.rematch_offer() is None  # nothing to watch yet
    assert anni.rematch_offer() == "Bert" and anni.rematch_offer() is None  # asked once
    anni.answer_rematch(agree=False)
    assert settled(lambda: watcher.rematch_state() == "none")
    assert watcher.rematch_offer() is None
    bert.ask_rematch()
    assert settled(lambda: anni.rematch_state() == "asked")
    assert anni.rematch_offer() == "Bert"  # a new request is asked again
    anni.ask_rematch()  # agreed
    assert settled(lambda: watcher.rematch_state() == "made")
    assert watcher.rematch_offer() == "Bert" and watcher.rematch_offer() is None
    for one in (anni, bert, watcher):
        one.close()
    loop.run(server.close(), 10.0)


def test_play_again_after_the_host_left_says_so(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    loop = background.shared_loop()
    server = Server(tmp_path, computer_delay=0.0)
    loop.run(server.start("127.0.0.1", 0), 5.0)
    code = loop.run(create_table(server.url, "bits", ["human", "human"]), 5.0)
    guest = join_table(server.url, code, [1], name="Bert")
    loop.run(server.close(), 10.0)  # the host's app closes
    assert wait_until(app, lambda: guest.remotes[1].ended is not None, 300)
    play_again_across(app, guest)
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    assert dialog.message == "The host has left: there is no new game to join."
    guest.close()


def test_the_log_is_said_again_when_the_language_changes(fresh_app: Any) -> None:
    app = fresh_app
    scene = host_blokus(app)
    table = scene.table
    assert isinstance(table, RemoteTableAdapter)
    assert scene.submit(scene.game.legal_moves(scene.view)[0])
    english = scene.match.said[0]
    first = scene.match.setup.seats[0].name  # the setup's names (the settings another test wrote may differ)
    assert english.startswith(f"{first} placed"), english
    i18n.set_language("fr")
    assert wait_until(app, lambda: scene.match.said[0] != english, 300)
    assert scene.match.said[0].startswith(f"{first} a posé"), scene.match.said[0]
    assert scene.match.said_version > 0  # the log is laid out again with the new words
    table.close()


def test_a_hint_goes_once_the_position_moves_on(fresh_app: Any) -> None:
    """A hint played (or overtaken by the other player's move) is gone from the screen across
    computers too: it never comes back on the next turn, where it could not be played."""
    app = fresh_app
    scene = host_blokus(app)
    table = scene.table
    assert isinstance(table, RemoteTableAdapter) and table.invitation is not None
    guest, _view = guest_sits(table.invitation.code)
    loop = background.shared_loop()
    scene.request_hint()
    assert wait_until(app, lambda: scene.hint_move is not None, 3000), "the hint came"
    assert scene.accept_hint()
    assert wait_until(app, lambda: len(scene.match.history.steps) == 1, 300)
    frames(app, 2)
    assert scene.hint_move is None, "the hint was played: it is gone"
    assert wait_until(app, lambda: guest.view is not None and guest.view.to_play == 1, 300)
    state = guest.state()
    loop.run(guest.play(scene.game.format_move(state, scene.game.legal_moves(state)[0])), 5.0)
    assert wait_until(app, lambda: len(scene.match.history.steps) == 2, 300)
    frames(app, 2)
    assert scene.hint_move is None and table.hint_for(0) is None, "no old hint on the next turn"
    assert "Hint:" not in scene.situation()
    loop.run(guest.close(), 5.0)
    table.close()


def test_a_hint_asked_for_always_ends(fresh_app: Any) -> None:
    """Hint, played with Enter, undone, hint again: the same hint comes again (it was taken as
    "already shown"); a hint asked for and overtaken by a move made by hand ends, and the Hint
    button comes back."""
    app = fresh_app
    scene = host_blokus(app)
    table = scene.table
    assert isinstance(table, RemoteTableAdapter) and table.invitation is not None
    guest, _view = guest_sits(table.invitation.code)
    loop = background.shared_loop()
    scene.request_hint()
    assert wait_until(app, lambda: scene.hint_move is not None, 3000), "the hint came"
    first = scene.game.format_move(scene.match.state, scene.hint_move)
    assert scene.accept_hint()
    assert wait_until(app, lambda: len(scene.match.history.steps) == 1, 300)
    scene.undo()
    if guest.view is not None and guest.view.undo_request is not None:  # asked of the other player
        loop.run(guest.agree(), 5.0)
    assert wait_until(app, lambda: len(scene.match.history.steps) == 0, 300)
    scene.request_hint()
    assert wait_until(app, lambda: scene.hint_move is not None, 3000), "the hint came again"
    assert scene.game.format_move(scene.match.state, scene.hint_move) == first
    assert not scene.hint_runner.busy
    scene.hint_move = None
    assert table.request_hint()  # asked, and a move made by hand at once
    assert scene.hint_runner.busy
    state = scene.match.state
    scene.submit(scene.game.legal_moves(state)[-1])
    assert wait_until(app, lambda: not scene.hint_runner.busy, 300), "the hint asked for was dropped"
    frames(app, 2)
    assert "Looking for a good move" not in scene.situation()
    loop.run(guest.close(), 5.0)
    table.close()
