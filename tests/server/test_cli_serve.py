"""``meeple serve``: clear errors for a port in use and a bad database URL (nothing started)."""

from __future__ import annotations

import socket

from typer.testing import CliRunner

from meeple.cli.main import app


def test_serve_refuses_a_port_in_use():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", "sqlite://"])
    assert r.exit_code == 2
    assert f"port {port} on 127.0.0.1 is in use" in " ".join(r.output.split())


def test_serve_refuses_a_bad_database_url(tmp_path):
    r = CliRunner().invoke(app, ["serve", "--port", "1", "--db", "nosuchdb://x"])
    # port 1 needs root to bind: either error is clear and nothing starts
    out = " ".join(r.output.split())
    assert r.exit_code == 2
    assert "no driver for 'nosuchdb'" in out or "cannot listen on 127.0.0.1:1" in out


def test_serve_refuses_an_unreachable_postgres(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    r = CliRunner().invoke(app, ["serve", "--port", str(free), "--db", f"postgresql+psycopg://u:p@127.0.0.1:{free}/x"])
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "cannot open the database postgresql+psycopg://" in out


def _creations(server, addresses):
    import httpx2

    config = {"game": "solomon", "seats": ["human", "human"]}
    return [
        httpx2.post(server.url + "/api/games", json=config, headers={"X-Forwarded-For": a}, timeout=30).status_code
        for a in addresses
    ]


def test_serve_ignores_x_forwarded_for_unless_told_of_a_proxy(tmp_path):
    """A spoofed X-Forwarded-For does not lift the per-address creation limit (uvicorn's own default
    would believe it from 127.0.0.1); with ``--proxy 127.0.0.1`` it names the client."""
    from .support import Server

    spoofed = ["10.0.0.1", "10.0.0.2", "10.0.0.3"]
    server = Server(f"sqlite:///{tmp_path / 'a.db'}", extra_args=["--create-limit", "2", "--bot-workers", "1"]).start()
    try:
        assert _creations(server, spoofed) == [201, 201, 429]
    finally:
        server.kill()
    server = Server(
        f"sqlite:///{tmp_path / 'b.db'}",
        extra_args=["--create-limit", "2", "--bot-workers", "1", "--proxy", "127.0.0.1"],
    ).start()
    try:
        assert _creations(server, spoofed) == [201, 201, 201]
        assert _creations(server, ["10.0.0.1", "10.0.0.1"]) == [201, 429]
    finally:
        server.kill()
