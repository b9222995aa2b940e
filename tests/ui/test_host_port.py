"""The port field of the setup screen: shown only when a seat is played on another computer,
validated before anything is hosted, remembered, and the port the hosted table listens on; once the
app hosts, the field shows that port and cannot change it."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from bauhausbox.net import background, discovery
from bauhausbox.scenes.host import port_choice
from bauhausbox.scenes.setup import REMOTE, SetupScene
from tests.ui.helpers import frames


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])


def test_port_choice() -> None:
    assert port_choice("") == 0 and port_choice("  ") == 0  # the system picks one
    assert port_choice("51234") == 51234 and port_choice(" 1024 ") == 1024 and port_choice("65535") == 65535
    for bad in ("80", "1023", "65536", "0", "-5", "12a4", "1e4", "٥١٢٣٤", "123456", "99999999999999"):
        assert port_choice(bad) is None, bad


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_port_field_hosts_on_the_port_typed(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = fresh_app
    monkeypatch.setattr(background, "_host", None)  # this test's own server, whatever ran before
    setup = SetupScene(app, "bits")
    app.push(setup)
    setup._set_players(2)
    assert not setup.port_field.visible  # nothing is hosted at one computer
    setup.kind_fields[1].on_change(REMOTE)
    frames(app, 1)
    assert setup.port_field.visible and setup.port_field.enabled
    setup.port_field.value = "80"
    setup._set_port("80")
    setup.start()
    assert "1024" in setup.port_problem and app.top is setup and background.hosting() is None
    port = _free_port()
    setup._set_port(str(port))
    assert setup.port_problem == ""
    setup.start()
    host = background.hosting()
    assert host is not None
    try:
        assert host.port == port and app.settings.host_port == port
        # Once hosting, a new setup shows the port in use, and it cannot be changed.
        app.go_home()
        again = SetupScene(app, "blokus")
        app.push(again)
        again._set_players(2)
        again.kind_fields[1].on_change(REMOTE)
        assert again.port_field.visible and not again.port_field.enabled
        assert again.port_field.value == str(port)
        app.go_home()
    finally:
        host.close()
