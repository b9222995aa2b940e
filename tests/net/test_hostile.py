"""Hostile clients: whatever a client sends, the server answers with a clear refusal or closes the
connection, never crashes, and another table plays on undisturbed.

The message models are checked property-based (any JSON a client might send is refused cleanly or
reads back as the same message), then a real server on loopback gets junk frames, floods, moves out
of turn, another seat's moves, replayed intents and a client that stops in the middle of a frame.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import ClientConnection, connect

from bauhausbox.net import protocol
from bauhausbox.net.background import NetLoop
from bauhausbox.net.client import RemoteTable, create_table
from bauhausbox.net.protocol import (
    MAX_MOVE_TEXT,
    MAX_NAME,
    PROTOCOL_VERSION,
    Create,
    Hello,
    Intent,
    Join,
    Look,
    ProtocolError,
    Refusal,
    Welcome,
)
from bauhausbox.net.server import Server
from bauhausbox.persistence.models import name_problem
from tests.net.helpers import STEP_SECONDS, hosting, my_moves, play_out, run, seated

# -- the message models, property-based -----------------------------------------------------------
_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
_TYPES = st.sampled_from(["hello", "create", "join", "intent", "look", "view", "error", "welcome"]) | st.text(
    max_size=8
)
_FIELDS = [
    "protocol",
    "app",
    "language",
    "game",
    "seats",
    "names",
    "options",
    "code",
    "seat",
    "token",
    "name",
    "action",
    "text",
]
_PLAUSIBLE = {
    "protocol": st.integers(-3, 3) | _JSON,
    "action": st.sampled_from(["move", "undo", "redo", "hint", "agree", "refuse", "present", "jump"]) | _JSON,
    "seat": st.integers(-2, 5) | _JSON,
    "seats": st.lists(st.sampled_from(["human", "ai:easy", "ai:random", "ai:x"]), max_size=6) | _JSON,
}
# Objects shaped like client messages: a type, some of the fields (plausible values or any JSON),
# sometimes an unknown field.
_MESSAGE_LIKE = st.builds(
    lambda kind, fields, extra: {"type": kind, **fields, **extra},
    _TYPES,
    st.dictionaries(st.sampled_from(_FIELDS), _JSON, max_size=5).flatmap(
        lambda chosen: st.fixed_dictionaries(
            {key: _PLAUSIBLE.get(key, st.just(value)) for key, value in chosen.items()}
        )
    ),
    st.dictionaries(st.text(max_size=6), _SCALARS, max_size=1),
)


def _refused_or_round_trips(frame: str | bytes) -> None:
    try:
        message = protocol.read_client(frame)
    except ProtocolError:
        return
    again = protocol.encode(message)
    assert protocol.read_client(again) == message
    assert protocol.encode(protocol.read_client(again)) == again  # the same message, the same bytes
    if isinstance(frame, str) and isinstance(decoded := json.loads(frame), dict):
        assert decoded["type"] == message.type


@settings(max_examples=400, deadline=None)
@given(_JSON | _MESSAGE_LIKE)
def test_any_json_is_refused_cleanly_or_read_back_as_the_same_message(value: Any) -> None:
    _refused_or_round_trips(json.dumps(value))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=64) | st.text(max_size=64))
def test_any_bytes_are_refused_cleanly_or_read_back(frame: bytes | str) -> None:
    _refused_or_round_trips(frame)


_OPTIONS = st.dictionaries(st.text(max_size=10), st.text(max_size=10) | st.integers() | st.booleans(), max_size=8)
_CLIENT_MESSAGES = st.one_of(
    st.builds(Hello, protocol=st.integers(), app=st.text(max_size=40), language=st.text(max_size=10)),
    st.builds(
        Create,
        game=st.text(max_size=40),
        seats=st.lists(st.text(max_size=12), min_size=1, max_size=4),
        names=st.lists(st.text(max_size=MAX_NAME), max_size=4),
        options=_OPTIONS,
    ),
    st.builds(
        Join,
        code=st.text(max_size=16),
        seat=st.none() | st.integers(0, 3),
        token=st.none() | st.text(max_size=100),
        # Only names a Join can hold (the model refuses the rest: the other tests send those raw).
        name=st.text(max_size=MAX_NAME).filter(lambda name: not name or name_problem(name) is None),
    ),
    st.builds(
        Intent,
        action=st.sampled_from(["move", "undo", "redo", "hint", "agree", "refuse", "present"]),
        text=st.text(max_size=MAX_MOVE_TEXT),
    ),
    st.builds(Look, code=st.text(max_size=16)),
)


@settings(max_examples=300, deadline=None)
@given(_CLIENT_MESSAGES)
def test_every_client_message_reads_back_as_itself(message: Any) -> None:
    assert protocol.read_client(protocol.encode(message)) == message


@pytest.mark.parametrize("depth", [100, 10_000, 200_000])
def test_deeply_nested_json_is_refused_cleanly(depth: int) -> None:
    with pytest.raises(ProtocolError):
        protocol.read_client("[" * depth + "]" * depth)
    with pytest.raises(ProtocolError):
        protocol.read_client('{"type": "intent", "action": "move", "text": ' + "[" * depth + "]" * depth + "}")


# -- a real server --------------------------------------------------------------------------------
@asynccontextmanager
async def spoken(url: str, language: str = "en") -> AsyncIterator[ClientConnection]:
    """A raw connection that has said hello."""
    async with connect(url, max_size=None) as raw:
        await raw.send(protocol.encode(Hello(protocol=PROTOCOL_VERSION, app="test", language=language)))
        assert isinstance(protocol.read_server(await raw.recv()), Welcome)
        yield raw


async def answer(raw: ClientConnection, seconds: float = STEP_SECONDS) -> Any:
    return protocol.read_server(await asyncio.wait_for(raw.recv(), seconds))


@pytest.fixture(scope="module")
def shared_server() -> Iterator[tuple[NetLoop, Server, str]]:
    """One server for every drawn example, on its own loop: it must survive them all."""
    net = NetLoop()
    with tempfile.TemporaryDirectory(prefix="bauhausbox-hostile-") as folder:

        async def start() -> tuple[Server, str]:
            server = Server(Path(folder), computer_delay=0.0, hint_level="random", connections_per_address=1000)
            await server.start("127.0.0.1", 0)
            return server, await create_table(server.url, "bits", ["human", "human"])

        server, code = net.run(start(), 30)
        yield net, server, code
        net.run(server.close(), 30)
    net.loop.call_soon_threadsafe(net.loop.stop)


_FRAMES = st.one_of(
    _MESSAGE_LIKE.map(json.dumps),
    _JSON.map(json.dumps),
    st.binary(max_size=40),
    st.text(max_size=40),
    _CLIENT_MESSAGES.map(protocol.encode),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(frames=st.lists(_FRAMES, max_size=12), join=st.booleans())
def test_whatever_a_client_sends_the_server_answers_or_closes_and_serves_on(
    shared_server: tuple[NetLoop, Server, str], frames: list[str | bytes], join: bool
) -> None:
    net, server, code = shared_server

    async def scenario() -> None:
        async with connect(server.url, max_size=None) as raw:
            await raw.send(protocol.encode(Hello(protocol=PROTOCOL_VERSION, app="test")))
            await raw.recv()
            if join:  # a seat at a real table: moves and undos reach the rules
                await raw.send(protocol.encode(Join(code=code)))
            for frame in frames:
                try:
                    await raw.send(frame)
                except Exception:  # the server closed the connection: allowed
                    break
            # Everything that comes back is a message of the protocol, until a quiet moment.
            while True:
                try:
                    frame = await asyncio.wait_for(raw.recv(), 0.3)
                except (TimeoutError, Exception):
                    break
                protocol.read_server(frame)
            if join:  # give the seat back so the next example finds one
                await raw.close()
        # The server is still there and the table still answers.
        async with spoken(server.url) as fresh:
            await fresh.send(protocol.encode(Look(code=code)))
            seen = await answer(fresh, 5)
            assert seen.type == "table" and seen.code == code
        assert server._ticker is not None and not server._ticker.done()

    net.run(scenario(), 60)


def test_hostile_clients_leave_another_table_undisturbed(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path) as server:
            url = server.url
            quiet_code = await create_table(url, "bauhaus", ["human", "human", "human", "human"])
            quiet = await seated(url, quiet_code, 4)
            quiet_game = asyncio.ensure_future(play_out(quiet, random.Random(1)))

            code = await create_table(url, "buizen", ["human", "human"])
            first, second = await seated(url, code, 2)
            hosted = server.tables[code]
            view = first.view
            assert view is not None and view.to_play == 0

            # Malformed JSON, an unknown type, a server's message, a binary frame that is not UTF-8.
            async with spoken(url, "fr") as raw:
                for junk in [
                    '{"type": "intent", "action":',
                    '{"type": "teleport"}',
                    '{"type": "welcome", "protocol": 1, "app": "x"}',
                    b"\xff\xfe\x00",
                ]:
                    await raw.send(junk)
                    refused = await answer(raw)
                    assert isinstance(refused, Refusal) and refused.reason == "bad_message" and not refused.fatal
                    assert refused.sentence == "L’hôte n’a pas pu lire un message de cet ordinateur."
                # A second hello is out of place, not a new conversation.
                await raw.send(protocol.encode(Hello(protocol=PROTOCOL_VERSION, app="x")))
                assert (await answer(raw)).reason == "bad_message"

            # Far too large a frame: the WebSocket layer closes the connection (1009, too big).
            async with spoken(url) as huge:
                await huge.send("x" * (4 * protocol.MAX_MESSAGE_BYTES))
                await asyncio.wait_for(huge.wait_closed(), STEP_SECONDS)
                assert huge.close_code == 1009

            # Out of turn: seat 1 plays a move that is legal for seat 0, with and without "@0".
            legal = my_moves(first)
            await second.play(legal[0])
            assert (await second.wait_refusal(1)).reason == "not_your_turn"
            await second.play(f"@0 {legal[0]}")
            assert (await second.wait_refusal(2)).reason == "not_your_turn"
            # Seat 1's token is seat 1's, whatever seat the joiner asks for.
            usurper = RemoteTable(url, code, seat=0, token=second.token)
            await usurper.start()
            assert usurper.seat == 1
            await usurper.play(f"@0 {legal[0]}")
            assert (await usurper.wait_refusal(1)).reason == "not_your_turn"
            await usurper.close()
            assert hosted.match.history.cursor == 0

            # A replayed move: the same intent twice is played once.
            await first.wait_for(lambda seen: seen.connected[1], STEP_SECONDS)
            version = first.view.version if first.view else 0
            async with spoken(url) as replay:
                await replay.send(protocol.encode(Join(code=code, token=first.token)))
                intent = protocol.encode(Intent(action="move", text=legal[0]))
                await replay.send(intent)
                await replay.send(intent)
                reasons = []
                for _ in range(20):
                    message = await answer(replay)
                    if isinstance(message, Refusal):
                        reasons.append(message.reason)
                        break
                assert reasons and reasons[0] in ("not_your_turn", "illegal_move")
            assert hosted.match.history.cursor == 1
            assert [step.text for step in hosted.match.history.steps] == [legal[0]]
            await first.wait_for(lambda seen: seen.version > version and first.connected, STEP_SECONDS)

            # A flood: hundreds of frames as fast as possible; refused as too fast, never answered late.
            async with spoken(url) as flood:
                started = asyncio.get_running_loop().time()
                for _ in range(500):
                    await flood.send('{"type": "intent", "action": "present"}')
                answers = [await answer(flood) for _ in range(500)]
                seconds = asyncio.get_running_loop().time() - started
                assert {a.reason for a in answers} == {"not_joined", "too_fast"}
                allowed = protocol.RATE_BURST + protocol.RATE_PER_SECOND * seconds + 1
                assert sum(a.reason == "not_joined" for a in answers) <= allowed

            final = await asyncio.wait_for(quiet_game, 60)
            assert final.over
            for client in [*quiet, first, second]:
                await client.close()

    run(scenario())


async def _upgrade(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A bare TCP connection that has done the WebSocket opening handshake by hand."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
    assert head.startswith(b"HTTP/1.1 101")
    return reader, writer


async def _closed(reader: asyncio.StreamReader, seconds: float) -> bool:
    """Whether the server closes the connection within ``seconds`` (whatever it says before)."""
    async with asyncio.timeout(seconds):
        while await reader.read(4096):
            pass
    return True


def _frame(payload: bytes) -> bytes:
    """A masked text frame as a client sends it (payloads under 64 KiB)."""
    mask = os.urandom(4)
    size = bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    return bytes([0x81]) + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_a_client_that_stops_mid_frame_is_closed_and_others_play_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path, keepalive_seconds=0.3) as server:
            assert server.address is not None
            code = await create_table(server.url, "bits", ["human", "human"])
            clients = await seated(server.url, code, 2)
            # It says hello, then sends the start of a frame announcing 1000 bytes, and stops.
            reader, writer = await _upgrade(server.address[1])
            writer.write(_frame(protocol.encode(Hello(protocol=PROTOCOL_VERSION, app="test")).encode()))
            writer.write(bytes([0x81, 0x80 | 126]) + (1000).to_bytes(2, "big") + os.urandom(4) + b"0123456789")
            await writer.drain()
            assert server.connections["127.0.0.1"] == 3
            game = asyncio.ensure_future(play_out(clients, random.Random(2)))
            assert await _closed(reader, 5)
            final = await asyncio.wait_for(game, 60)
            assert final.over
            writer.close()
            for client in clients:
                await client.close()
            for _ in range(100):
                if not server.connections:
                    break
                await asyncio.sleep(0.05)
            assert not server.connections

    run(scenario())


def test_a_connection_that_never_says_hello_is_closed(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosting(tmp_path, hello_seconds=0.3) as server:
            async with connect(server.url) as silent:  # answers pings, says nothing
                await asyncio.wait_for(silent.wait_closed(), 5)
                assert silent.close_code == 1008
            async with spoken(server.url) as talker:  # one who speaks in time stays
                await asyncio.sleep(0.6)
                await talker.send(protocol.encode(Look(code="ZZZZZZ")))
                assert (await answer(talker)).reason == "wrong_code"

    run(scenario())
