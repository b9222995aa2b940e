"""``bauhausbox serve``: bad arguments refused in one line, and TLS with a certificate and key."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

from bauhausbox.cli import main
from bauhausbox.net.client import create_table
from bauhausbox.net.server import Server, tls_context
from tests.net.helpers import STEP_SECONDS, run, seated


@pytest.mark.parametrize("argv", [["serve", "--cert", "c.pem"], ["serve", "--port", "70000"], ["serve", "--port", "x"]])
def test_bad_serve_arguments_are_refused_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_certificate_that_cannot_be_read_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "c.pem").write_text("not a certificate")
    argv = ["serve", "--port", "0", "--data", str(tmp_path), "--cert", str(tmp_path / "c.pem"), "--key", "k"]
    assert main(argv) == 1
    assert capsys.readouterr().err.startswith("bauhausbox serve: cannot use the certificate and key")


def test_players_connect_over_tls_with_the_hosts_certificate(tmp_path: Path) -> None:
    openssl = shutil.which("openssl")
    assert openssl, "the test needs the openssl command to make a certificate"
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    trust = ssl.create_default_context(cafile=str(cert))

    async def scenario() -> None:
        secure = Server(tmp_path / "data", computer_delay=0.0)
        await secure.start("127.0.0.1", 0, tls_context(cert, key))
        try:
            assert secure.url.startswith("wss://")
            code = await create_table(secure.url, "blokus", ["human", "ai:random"], tls=trust)
            (client,) = await seated(secure.url, code, 1, tls=trust)
            view = await client.wait_for(lambda seen: seen.to_play == 0, STEP_SECONDS)
            assert view.seat == 0
            await client.close()
        finally:
            await secure.close()

    run(scenario())
