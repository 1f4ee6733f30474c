"""The server refuses hostile or careless requests before doing work for them (issue 45).

Each test names the finding it covers; each fails on the server before the guard.
"""

from __future__ import annotations

import json
import sqlite3
import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.server.app import MAX_JSON_DEPTH, create_app, parse_json
from meeple.server.db import redact
from meeple.server.guard import CSP, RateLimit
from meeple.server.service import SEEDED_NOTE

from .conftest import TEST_HOSTS, create


# 1. sizes before work, body caps, JSON only as application/json, foreign origins
def test_a_huge_player_count_is_refused_before_any_work(client):
    t0 = time.process_time()
    r = client.post("/api/games", json={"game": "lignum", "num_players": 1_000_000})
    assert r.status_code == 400
    assert r.json()["error"] == "Lignum takes 2 to 4 players, not 1000000"
    assert time.process_time() - t0 < 1.0  # was 10.9 s: a seat list and a bot per seat first
    r = client.post("/api/games", json={"game": "lignum", "seats": ["hard"] * 5_000})
    assert r.status_code == 400 and r.json()["error"] == "Lignum takes 2 to 4 players, not 5000"
    r = client.post("/api/games", json={"game": "lignum", "seats": ["human"] * 100_000})
    assert r.status_code == 413  # over the body cap: not even parsed


def test_zero_players_and_a_zero_bot_level_get_plain_messages(client):
    r = client.post("/api/games", json={"game": "solomon", "num_players": 0})
    assert r.status_code == 400 and r.json()["error"] == "King Solomon's Treasury takes 2 to 5 players, not 0"
    r = client.post("/api/games", json={"game": "solomon", "seats": ["human", "easy"], "bot_level": 0})
    assert r.status_code == 400 and "bot_level must be 'human' or a bot level" in r.json()["error"]


def test_a_body_over_the_cap_is_refused_with_413(client):
    big = json.dumps({"game": "solomon", "pad": "x" * 70_000})
    r = client.post("/api/games", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "larger than 65536 bytes" in r.json()["error"]


def test_a_streamed_body_over_the_cap_is_refused_with_413(client):
    def chunks():
        for _ in range(100):
            yield b" " * 1024

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_json_sent_as_text_plain_is_refused(client):
    body = json.dumps({"game": "solomon", "seats": ["human", "easy"]})
    r = client.post("/api/games", content=body, headers={"content-type": "text/plain"})
    assert r.status_code == 415 and "application/json" in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_a_page_of_another_site_cannot_post_or_open_a_websocket(client):
    body = {"game": "solomon", "seats": ["human", "easy"]}
    r = client.post("/api/games", json=body, headers={"origin": "https://evil.example"})
    assert r.status_code == 403 and r.json()["error"] == "requests from pages of other sites are refused"
    ok = client.post("/api/games", json=body, headers={"origin": "http://127.0.0.1"})
    assert ok.status_code == 201
    with pytest.raises(WebSocketDisconnect) as e:
        with client.websocket_connect(f"/ws/games/{ok.json()['id']}", headers={"origin": "https://evil.example"}) as ws:
            ws.receive_json()
    assert e.value.code == 4403


def test_an_allowed_origin_may_post(db_url):
    app = create_app(
        db_url, bot_delay=0.0, allowed_hosts=TEST_HOSTS, bots="thread", allowed_origins=("https://games.example.org",)
    )
    with TestClient(app, base_url="http://127.0.0.1") as c:
        r = c.post(
            "/api/games",
            json={"game": "solomon", "seats": ["human", "easy"]},
            headers={"origin": "https://games.example.org"},
        )
        assert r.status_code == 201


# 2. a creator-chosen seed reveals every hidden card
def test_a_seed_chosen_by_the_creator_is_shown_to_every_seat_of_a_table_of_people(client):
    made = create(client, game="solomon", seats=["human", "human"], seed=42)
    for seat in made["seats"]:
        p = client.get(f"/api/games/{made['id']}", params={"token": seat["token"]}).json()
        assert p["notes"] == [[0, SEEDED_NOTE]]
    spectator = client.get(f"/api/games/{made['id']}").json()
    assert spectator["notes"] == [[0, SEEDED_NOTE]]
    alone = create(client, game="solomon", seats=["human", "easy"], seed=42)  # only the creator plays
    assert client.get(f"/api/games/{alone['id']}").json()["notes"] == []
    dealt = create(client, game="solomon", seats=["human", "human"])
    assert client.get(f"/api/games/{dealt['id']}").json()["notes"] == []


# 7. one bad stored row must not stop the server
def test_a_bad_stored_row_is_skipped_at_start_up_and_logged(db_url, caplog, tmp_path):
    with TestClient(
        create_app(db_url, bot_delay=0.0, allowed_hosts=TEST_HOSTS, bots="thread"), base_url="http://127.0.0.1"
    ) as c:
        good = create(c, game="solomon", seats=["human", "easy"], seed=3)
        bad = create(c, game="solomon", seats=["human", "easy"], seed=4)
    con = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    con.execute("UPDATE games SET actions = ? WHERE id = ?", ('["place", ', bad["id"]))
    con.commit()
    con.close()
    with caplog.at_level("ERROR", logger="meeple.server"):
        with TestClient(
            create_app(db_url, bot_delay=0.0, allowed_hosts=TEST_HOSTS, bots="thread"), base_url="http://127.0.0.1"
        ) as c:
            assert c.get(f"/api/games/{good['id']}").status_code == 200
            r = c.get(f"/api/games/{bad['id']}")
            assert r.status_code == 404 and r.json()["error"] == f"game {bad['id']!r} is stored but cannot be read"
            page = c.get(f"/game/{bad['id']}", headers={"accept": "text/html"})
            assert page.status_code == 404 and "This game cannot be read" in page.text
            assert "is stored" in page.text and "mistyped" not in page.text
    assert any(bad["id"] in rec.getMessage() for rec in caplog.records)


# 8. deep nesting and huge integers
def test_deep_json_and_huge_integers_get_a_400_not_a_500(client):
    deep = "[" * 100_000 + "]" * 100_000
    r = client.post("/api/games", content=deep, headers={"content-type": "application/json"})
    assert r.status_code in (400, 413)
    deep = '{"a":' * 1000 + "1" + "}" * 1000
    r = client.post("/api/games", content=deep, headers={"content-type": "application/json"})
    assert r.status_code == 400 and f"deeper than {MAX_JSON_DEPTH}" in r.json()["error"]
    r = client.post(
        "/api/games",
        content='{"game": "solomon", "seed": ' + "9" * 4300 + "}",
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 400 and "more than 30 digits" in r.json()["error"]


def test_a_websocket_answers_malformed_input_and_stays_open(client):
    made = create(client, game="solomon", seats=["human", "easy"], seed=1)
    tok = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{made['id']}?token={tok}") as ws:
        first = ws.receive_json()
        ws.send_text('{"a":' * 1000 + "1" + "}" * 1000)
        assert ws.receive_json()["type"] == "error"
        ws.send_text('{"type": "move", "version": ' + "9" * 4300 + "}")
        assert "more than 30 digits" in ws.receive_json()["message"]
        ws.send_text("not json")
        assert ws.receive_json()["type"] == "error"
        ws.send_text(json.dumps({"type": "sync"}))
        assert ws.receive_json()["version"] == first["version"]


def test_parse_json_counts_brackets_inside_strings_as_text():
    assert parse_json('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\\\\\""}') == {"a": "[" * 38 + '\\"'}


# 9. rate limit on game creation
def test_game_creation_is_rate_limited_per_address(db_url):
    app = create_app(db_url, bot_delay=0.0, allowed_hosts=TEST_HOSTS, bots="thread", create_rate=(3, 60.0))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        for _ in range(3):
            create(c, game="solomon", seats=["human", "easy"])
        r = c.post("/api/games", json={"game": "solomon", "seats": ["human", "easy"]})
        assert r.status_code == 429 and "too many games" in r.json()["error"]


def test_rate_limit_refills_with_time():
    now = [0.0]
    rl = RateLimit(2, 10.0, clock=lambda: now[0])
    assert rl.allow("a") and rl.allow("a") and not rl.allow("a")
    assert rl.allow("b")
    now[0] = 5.0
    assert rl.allow("a") and not rl.allow("a")
    assert rl.retry_after("a") == pytest.approx(5.0)


# 10. a game that does not replay shows nothing of its record
def test_a_game_that_does_not_replay_shows_no_action(db_url, caplog):
    with TestClient(
        create_app(db_url, bot_delay=0.0, allowed_hosts=TEST_HOSTS, bots="thread"), base_url="http://127.0.0.1"
    ) as c:
        made = create(c, game="solomon", seats=["human", "easy"], seed=3)
    con = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    con.execute("UPDATE games SET actions = ? WHERE id = ?", ('["play 99"]', made["id"]))
    con.commit()
    con.close()
    with caplog.at_level("ERROR", logger="meeple.server"):
        with TestClient(
            create_app(db_url, bot_delay=0.0, allowed_hosts=TEST_HOSTS, bots="thread"), base_url="http://127.0.0.1"
        ) as c:
            for _ in range(3):
                r = c.get(f"/api/games/{made['id']}")
                assert r.status_code == 404
                assert (
                    r.json()["error"]
                    == f"game {made['id']!r} is stored but does not replay with this version of meeple"
                )
                assert "play" not in r.text.replace("replay", "")
            page = c.get(f"/game/{made['id']}", headers={"accept": "text/html"})
            assert "This game cannot be read" in page.text
    # logged once for the operator, not once a request
    assert sum("does not replay" in rec.getMessage() for rec in caplog.records) == 1


# 11. the database password stays secret
def test_the_database_password_is_redacted():
    assert redact("postgresql+psycopg://me:sekrit@db.example/games") == "postgresql+psycopg://me:***@db.example/games"
    assert "sekrit" not in redact("postgresql+psycopg://me:sekrit@[bad")


# 13. headers, hosts, the API docs
def test_pages_carry_a_content_security_policy_and_refuse_framing(client):
    r = client.get("/")
    assert r.headers["content-security-policy"] == CSP and "frame-ancestors 'none'" in CSP
    assert r.headers["x-frame-options"] == "DENY" and r.headers["x-content-type-options"] == "nosniff"
    assert client.get("/api/games").headers["referrer-policy"] == "no-referrer"


def test_an_unknown_host_header_is_refused(db_url):
    with TestClient(
        create_app(db_url, bot_delay=0.0, allowed_hosts=TEST_HOSTS, bots="thread"), base_url="http://rebind.example"
    ) as c:
        r = c.get("/api/meta")
        assert r.status_code == 400 and "host 'rebind.example'" in r.json()["error"]
    with TestClient(
        create_app(db_url, bot_delay=0.0, allowed_hosts=TEST_HOSTS, bots="thread"), base_url="http://localhost:8000"
    ) as c:
        assert c.get("/api/meta").status_code == 200


def test_the_api_docs_are_not_served(client):
    for path in ("/docs", "/redoc", "/openapi.json"):
        assert client.get(path).status_code == 404
