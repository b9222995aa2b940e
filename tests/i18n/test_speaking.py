"""``i18n.speaking``: a thread (the server in the host's app) writes in a guest's language while every
other thread (the window) keeps the players' own, even where ``BAUHAUSBOX_LANG`` sets the players'."""

from __future__ import annotations

import threading

import pytest

from bauhausbox import i18n

FRENCH = "Rejoindre une table"


def test_speaking_changes_this_thread_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BAUHAUSBOX_LANG", "en")
    before = i18n.language()
    i18n.set_language("en")
    try:
        inside = threading.Event()
        leave = threading.Event()
        seen: dict[str, str] = {}

        def server() -> None:
            with i18n.speaking("fr"):
                seen["server"] = i18n._("Join a table")
                seen["server language"] = i18n.language()
                seen["filled"] = i18n.fill(
                    i18n._("Waiting for {names} to join: table {code} at {address}"),
                    names="Anni",
                    code="K7QX2M",
                    address="x",
                )
                inside.set()
                leave.wait(5)
            seen["after"] = i18n._("Join a table")

        thread = threading.Thread(target=server)
        thread.start()
        assert inside.wait(5)
        # The window, meanwhile, in the players' language.
        assert i18n._("Join a table") == "Join a table" and i18n.language() == "en"
        leave.set()
        thread.join(5)
        assert seen["server"] == FRENCH and seen["server language"] == "fr"
        assert "Anni" in seen["filled"] and seen["filled"] != "Waiting for Anni to join: table K7QX2M at x"
        assert seen["after"] == "Join a table"
        with i18n.speaking("xx"):  # an unknown language: the players' own
            assert i18n.language() == "en"
    finally:
        monkeypatch.delenv("BAUHAUSBOX_LANG")
        i18n.set_language(before)
