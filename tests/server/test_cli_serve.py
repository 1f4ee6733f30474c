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
