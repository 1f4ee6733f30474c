"""Several server processes on one real PostgreSQL (issue 45): moves reach every process's
websockets (LISTEN/NOTIFY), exactly one process drives a game's bots (an advisory lock that
passes on when its holder goes), and ``meeple serve --workers 2`` serves one game from two
processes. The cluster is a private one on 127.0.0.1 (tests/server/postgres.py)."""

from __future__ import annotations

import asyncio
import json
import time

import httpx2
import pytest

from meeple.server.bots import ThreadBots
from meeple.server.db import open_db
from meeple.server.peers import PostgresPeers
from meeple.server.service import Service

from .postgres import Postgres
from .support import Server


@pytest.fixture(scope="module")
def pg():
    cluster = Postgres()
    yield cluster
    cluster.stop()


class CountingBots(ThreadBots):
    """Counts the decisions this process's bots made."""

    def __init__(self):
        super().__init__(1)
        self.decisions = 0

    async def _run(self, job):
        self.decisions += 1
        return await super()._run(job)


def _service(url: str) -> Service:
    return Service(open_db(url), grace=30.0, bot_delay=0.0, tick=0.05, bots=CountingBots(), peers=PostgresPeers(url))


async def _until(check, timeout: float = 20.0):
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)


def test_a_move_made_through_one_process_reaches_the_pages_of_another(pg):
    url = pg.create("notify")

    async def main():
        a, b = _service(url), _service(url)
        await a.start()
        await b.start()
        made = await a.create({"game": "solomon", "seats": ["human", "human"], "seed": 1})
        tokens = [s["token"] for s in made["seats"]]
        seen_on_b = []
        await b.connect(made["id"], tokens[1], seen_on_b.append)
        assert seen_on_b[-1]["version"] == 0
        first = (await a.view(made["id"], tokens[0]))["legal"][0]["action"]
        await a.move(made["id"], tokens[0], first, 0)
        await _until(lambda: seen_on_b[-1]["version"] == 1)
        assert b.games[made["id"]].state.history == a.games[made["id"]].state.history == [first]
        await a.stop()
        await b.stop()

    asyncio.run(main())


def test_exactly_one_process_drives_a_games_bots_and_the_lock_passes_on(pg):
    url = pg.create("lead")

    async def main():
        a, b = _service(url), _service(url)
        await a.start()
        await b.start()
        made = await a.create({"game": "solomon", "seats": ["random", "random"]})
        gid = made["id"]
        pages_a, pages_b = [], []
        await a.connect(gid, None, pages_a.append)  # a spectator on each process: both may drive
        await b.connect(gid, None, pages_b.append)
        await _until(lambda: b.games[gid].version >= 12 and a.games[gid].version >= 12)
        # both processes hold the same record, and every decision was made once
        played = len(a.games[gid].state.history)
        assert a.bots.decisions + b.bots.decisions <= played + 2
        leader = a if a.bots.decisions >= b.bots.decisions else b
        other = b if leader is a else a
        before = other.bots.decisions
        await leader.stop()  # its connection closes: PostgreSQL frees the lock
        await _until(lambda: other.bots.decisions > before + 3)
        await other.stop()

    asyncio.run(main())


def test_two_servers_with_workers_serve_one_game(pg, tmp_path):
    """``meeple serve --workers 2`` on PostgreSQL, and a second server on the same --db: a
    move posted to one reaches a websocket opened on another."""
    from websockets.sync.client import connect

    url = pg.create("serve")
    one = Server(url, extra_args=["--workers", "2"]).start()
    two = Server(url).start()
    try:
        made = httpx2.post(one.url + "/api/games", json={"game": "solomon", "seats": ["human", "human"]}).json()
        tok0, tok1 = made["seats"][0]["token"], made["seats"][1]["token"]
        with connect(f"ws://127.0.0.1:{two.port}/ws/games/{made['id']}?token={tok1}") as ws:
            assert json.loads(ws.recv(timeout=10))["version"] == 0
            p = httpx2.get(one.url + f"/api/games/{made['id']}", params={"token": tok0}).json()
            r = httpx2.post(
                one.url + f"/api/games/{made['id']}/moves",
                json={"token": tok0, "action": p["legal"][0]["action"], "version": 0},
            )
            assert r.status_code == 200, r.text
            while True:
                msg = json.loads(ws.recv(timeout=10))
                if msg.get("version") == 1:
                    break
    finally:
        one.kill()
        two.kill()


def test_workers_need_postgresql(tmp_path):
    import subprocess
    import sys

    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "meeple",
            "serve",
            "--workers",
            "2",
            "--db",
            f"sqlite:///{tmp_path / 'x.db'}",
            "--port",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode != 0 and "--workers 2 needs a PostgreSQL database" in out.stdout + out.stderr
