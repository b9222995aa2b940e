"""The server listens on IPv6 and IPv4 on one port (``::``: a dual-stack socket), falls back to
IPv4 alone where the machine has no IPv6, counts an IPv4 peer as one computer however it came,
and the invitation writes an IPv6 address as ``[addr]:port``. Over loopback, bounded in time."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from bauhausbox.engine.history import SeatSpec, Setup
from bauhausbox.net import background
from bauhausbox.net import server as server_module
from bauhausbox.net.client import create_table
from bauhausbox.net.remote import Invitation, join_table
from bauhausbox.net.scripted import STEP_SECONDS, legal_texts
from tests.net.helpers import hosting, run, seated


def _has_ipv6() -> bool:
    """Whether this machine has IPv6 at all (its loopback ``::1`` can be bound)."""
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


needs_ipv6 = pytest.mark.skipif(not _has_ipv6(), reason="this machine has no IPv6 at all")


@needs_ipv6
def test_one_port_for_both_families(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path, host="::") as server:
            assert server.ipv6 and server.address is not None
            port = server.address[1]
            over_v6, over_v4 = f"ws://[::1]:{port}", f"ws://127.0.0.1:{port}"
            code = await create_table(over_v6, "blokus", ["human", "human"])
            (first,) = await seated(over_v6, code, 1)
            (second,) = await seated(over_v4, code, 1)
            # The IPv4 peer is counted under its IPv4 address (one computer), not as ::ffff:127.0.0.1.
            assert set(server.connections) == {"::1", "127.0.0.1"}
            await first.wait_for(lambda seen: all(seen.connected), STEP_SECONDS)
            await first.play(legal_texts(first)[0])
            await second.wait_for(lambda seen: len(seen.moves) == 1, STEP_SECONDS)
            await first.close()
            await second.close()

    run(scenario(), 60.0)


def test_ipv4_alone_where_the_machine_has_no_ipv6(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "dual_stack", lambda port: None)

    async def scenario() -> None:
        async with hosting(tmp_path, host="::") as server:
            assert not server.ipv6 and server.address is not None
            assert server.address[0] == "0.0.0.0"
            code = await create_table(f"ws://127.0.0.1:{server.address[1]}", "bits", ["human", "ai:random"])
            assert code in server.tables

    run(scenario(), 60.0)


@needs_ipv6
def test_the_apps_own_server_is_joined_over_ipv6(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app hosts on ``::`` (``background.LISTEN_ON``): a guest joins over ``::1``, and the
    invitation lists the IPv6 addresses in brackets."""
    monkeypatch.setattr(background, "LISTEN_ON", "::")
    monkeypatch.setattr(
        background, "lan_addresses", lambda ipv6=False: ["192.0.2.7", *(["2001:db8::7"] if ipv6 else [])]
    )
    host = background.LocalHost(tmp_path, 0.0)
    host.start(0)
    try:
        assert host.server.ipv6
        assert host.addresses() == ["192.0.2.7", "2001:db8::7"]
        invitation = Invitation(tuple(host.addresses()), host.port, "ABC234")
        assert invitation.where() == f"192.0.2.7:{host.port} or [2001:db8::7]:{host.port}"
        code = host.create_table(Setup("bits", 2, 3, (SeatSpec("Anni"), SeatSpec("Bert")), {}))
        guest = join_table(f"ws://[::1]:{host.port}", code, [1], name="Bert")
        assert guest.plays_here(1) and guest.match.setup.seats[1].name == "Bert"
        guest.close()
    finally:
        host.close()
