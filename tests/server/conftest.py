"""Fixtures of the web server tests: an app on a temporary SQLite file, a TestClient."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.guard import DEFAULT_HOSTS

TEST_HOSTS = (*DEFAULT_HOSTS, "testserver")
"""The loopback names and Starlette's TestClient host (its websockets always use it)."""


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url):
    app = create_app(db_url, grace=0.2, bot_delay=0.0, tick=0.05, allowed_hosts=TEST_HOSTS, bots="thread")
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def create(client, **config) -> dict:
    r = client.post("/api/games", json=config)
    assert r.status_code == 201, r.text
    return r.json()


def wait_for(client, game_id: str, token: str | None, check, timeout: float = 30.0) -> dict:
    """Poll the payload until ``check(payload)`` (bots play in the background)."""
    end = time.monotonic() + timeout
    while True:
        p = client.get(f"/api/games/{game_id}", params={"token": token} if token else {}).json()
        if check(p):
            return p
        if time.monotonic() > end:
            raise AssertionError(
                f"timed out waiting; last payload version {p.get('version')}, current {p.get('current_name')}"
            )
        time.sleep(0.02)
