"""The smoke check's game across computers (``bauhausbox smoke``, also run by the packaged app):
a server on loopback, two of the app's own clients, a whole game checked against the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from bauhausbox.net import scripted
from bauhausbox.net.client import RemoteTable
from tests.net.helpers import run


def test_the_smoke_check_hosts_joins_and_plays_a_whole_game(tmp_path: Path) -> None:
    line = run(scripted.host_and_play(tmp_path, "bits", 2), 120)
    assert line.startswith("bits across 2 clients on ws://127.0.0.1:")
    moves = int(line.split(": ")[1].split()[0])
    assert moves > 20  # a whole game of Bits, not a few moves
    assert (tmp_path / "tables.sqlite3").exists()


def test_the_smoke_check_fails_when_a_client_ends_on_another_position(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = RemoteTable._receive

    async def garbled(self: RemoteTable, text: str) -> None:
        await real(self, text)
        if self.view is not None and self.view.over and self.seat == 1:
            self.view = self.view.model_copy(update={"position": self.view.position + " "})

    monkeypatch.setattr(RemoteTable, "_receive", garbled)
    with pytest.raises(AssertionError, match="seat 1 ended on another position"):
        run(scripted.host_and_play(tmp_path, "bits", 2), 120)
