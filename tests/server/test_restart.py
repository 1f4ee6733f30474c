"""Restart test: kill -9 ``meeple serve`` mid-game, start it again; the game goes on, nothing lost."""

from __future__ import annotations

import json
import time

import httpx2
from websockets.sync.client import connect

from .support import Server


def _wait_turn(base, gid, token, timeout=60.0) -> dict:
    end = time.monotonic() + timeout
    while True:
        p = httpx2.get(f"{base}/api/games/{gid}", params={"token": token}, timeout=10).json()
        if p["your_turn"] or p["terminal"]:
            return p
        assert time.monotonic() < end, "the bot did not move"
        time.sleep(0.05)


def _same(a: dict, b: dict) -> None:
    for key in ("version", "legal", "board", "events", "current_player", "scores", "notes", "can_undo"):
        assert a[key] == b[key], key


def test_kill_9_mid_game_and_the_game_continues_to_the_end(tmp_path):
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    server = Server(db).start()
    try:
        base = server.url
        made = httpx2.post(
            f"{base}/api/games", json={"game": "klondike", "variant": "family", "seats": ["human", "random"], "seed": 4}
        ).json()
        gid, tok = made["id"], made["seats"][0]["token"]
        for _ in range(3):  # moves over HTTP
            p = _wait_turn(base, gid, tok)
            r = httpx2.post(
                f"{base}/api/games/{gid}/moves",
                json={"token": tok, "action": p["legal"][-1]["action"], "version": p["version"]},
            )
            assert r.status_code == 200, r.text
        p = _wait_turn(base, gid, tok)
        with connect(f"ws://127.0.0.1:{server.port}/ws/games/{gid}?token={tok}") as ws:  # and one over the websocket
            first = json.loads(ws.recv(10))
            assert first["version"] == p["version"]
            ws.send(json.dumps({"type": "move", "action": p["legal"][0]["action"], "version": p["version"]}))
            while json.loads(ws.recv(10))["version"] == p["version"]:
                pass
        before = _wait_turn(base, gid, tok)
        assert before["version"] >= 4 and not before["terminal"]
        server.kill()
        server.start()
        after = httpx2.get(f"{base}/api/games/{gid}", params={"token": tok}).json()
        _same(before, after)
        spectator = httpx2.get(f"{base}/api/games/{gid}").json()
        assert spectator["version"] == before["version"] and spectator["legal"] == []
        while not (p := _wait_turn(base, gid, tok))["terminal"]:
            r = httpx2.post(
                f"{base}/api/games/{gid}/moves",
                json={"token": tok, "action": p["legal"][0]["action"], "version": p["version"]},
            )
            # 409: a forced step was taken for the seat between our look and our move (the
            # server settles it just after the bot's move): look again
            assert r.status_code in (200, 409), r.text
        assert p["final"]["ranking"] and sorted(p["final"]["ranking"]) == [0, 1]
        assert httpx2.get(f"{base}/api/games/{gid}/summary").json()["terminal"] is True
    finally:
        server.kill()
