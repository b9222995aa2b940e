""" "Allow watchers" is remembered for the next table hosted, as the port is (loopback)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox.net import background
from bauhausbox.net.remote import RemoteTableAdapter
from bauhausbox.scenes.setup import REMOTE, SetupScene
from tests.net.helpers import on_loopback
from tests.ui.helpers import frames


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    on_loopback(monkeypatch)
    yield
    background.stop_hosting()


def _setup(app: Any) -> SetupScene:
    setup = SetupScene(app, "bits")
    app.push(setup)
    setup._set_players(2)
    setup.kind_fields[0].on_change("human")
    setup.kind_fields[1].on_change(REMOTE)
    frames(app, 1)
    return setup


def test_allow_watchers_is_remembered_for_the_next_table(fresh_app: Any) -> None:
    app = fresh_app
    app.settings.host_port, app.settings.host_watchers = 0, False
    try:
        setup = _setup(app)
        assert setup.watchers_toggle.value is False
        setup.watchers_toggle.value = True
        setup.start()
        hosted = next(s.table for s in app.stack if isinstance(getattr(s, "table", None), RemoteTableAdapter))
        host = background.hosting()
        assert host is not None and hosted.invitation is not None
        assert host.server.tables[hosted.invitation.code].allow_watchers
        app.go_home()
        assert _setup(app).watchers_toggle.value is True  # the next table's setup
    finally:
        app.settings.host_watchers = False
        app.save_settings()
        app.go_home()
