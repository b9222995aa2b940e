"""One frame of a remote table's screen reads one moment of the network: the network's thread may
change the table's state (the host leaves, the connection drops) while a frame is drawn, and the
players panel and the status bar of that frame must still say the same thing (loopback)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox.net import background
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import RemoteTableAdapter, join_table
from bauhausbox.scenes.host import open_remote
from tests.net.helpers import hosted_elsewhere, on_loopback
from tests.ui.helpers import frames

SECONDS = 10.0


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    on_loopback(monkeypatch)
    yield
    background.stop_hosting()


def _reads(table: RemoteTableAdapter) -> tuple[bool | None, bool, bool]:
    """What a frame's parts say of the table: the host's seat connected (the panel's mark; the guest's
    own stays present while the table waits for the host), play on hold (the top bar, the buttons),
    and whether the status bar says anything is wrong."""
    note = table.status_note() or ""
    return table.connected(0), table.held(), "left the table" in note or "reconnecting" in note


def test_the_panel_and_the_bars_of_one_frame_agree_when_the_host_leaves_mid_frame(fresh_app: Any) -> None:
    app = fresh_app
    host, code = hosted_elsewhere("bits", ("Anni", "Bert"), 5)
    anni = RemoteTable(host.local_url, code, seat=0, name="Anni")
    host.loop.run(anni.start(SECONDS), SECONDS + 1)
    table = join_table(host.local_url, code, [1], name="Bert")
    try:
        open_remote(app, table)
        scene = app.top
        frames(app, 2)
        remote = table.remotes[1]
        seen: dict[str, tuple[bool | None, bool, bool]] = {}
        draw_game, draw_bars = scene.draw_game, scene.draw_bars

        def game_then_host_leaves(surface: Any) -> None:
            draw_game(surface)
            seen["panel"] = _reads(table)
            # The network's thread hears the host leave between the panel and the bars.
            host.loop.run(host.server.leave(code, [0]), SECONDS)
            end = time.monotonic() + SECONDS
            while remote.connected or remote.away is None:
                assert time.monotonic() < end, "the guest never heard the host leave"
                time.sleep(0.01)

        def bars(surface: Any) -> None:
            seen["bars"] = _reads(table)
            draw_bars(surface)

        scene.draw_game, scene.draw_bars = game_then_host_leaves, bars
        frames(app, 1)
        assert seen["panel"] == (True, False, False)
        assert seen["bars"] == seen["panel"], "one frame said the table was both up and left"
        del scene.draw_game, scene.draw_bars
        frames(app, 1)  # the next frame reads the new moment: everywhere
        scene.draw_game = lambda surface: (draw_game(surface), seen.__setitem__("panel", _reads(table)))
        scene.draw_bars = lambda surface: (seen.__setitem__("bars", _reads(table)), draw_bars(surface))
        frames(app, 1)
        assert seen["panel"] == seen["bars"] == (False, True, True)
    finally:
        table.close()
        host.loop.submit(anni.close())
