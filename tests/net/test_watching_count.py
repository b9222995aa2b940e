"""The footer's "1 watching" follows the server's presence: once the table closed (or the
connection dropped), a screen no longer says anyone watches (loopback, bounded in time)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest

from bauhausbox.net import background
from bauhausbox.net.client import RemoteTable
from bauhausbox.net.remote import join_table
from tests.net.helpers import hosted_elsewhere, on_loopback

SECONDS = 10.0


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    on_loopback(monkeypatch)
    yield
    background.stop_hosting()


def _until(condition: Callable[[], bool]) -> bool:
    end = time.monotonic() + SECONDS
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def test_no_watcher_is_counted_once_the_table_has_closed() -> None:
    host, code = hosted_elsewhere("bits", ("Anni", "Bert"), 5)
    loop = host.loop
    host.server.tables[code].allow_watchers = True  # as the setup's "Allow watchers" does
    table = join_table(host.local_url, code, [0], name="Anni")
    watcher = RemoteTable(host.local_url, code, watch=True)
    loop.run(watcher.start(SECONDS), SECONDS + 1)
    try:
        assert _until(lambda: table.watching() == 1)
        hosted = host.server.tables[code]

        async def close() -> None:
            await host.server._close_table(hosted)

        loop.run(close(), SECONDS)
        remote = table.remotes[0]
        assert _until(lambda: remote.ended is not None)
        assert remote.view is not None and remote.view.watching == 1  # the last word heard
        assert table.watching() == 0
    finally:
        table.close()
        loop.run(watcher.close(), SECONDS)
