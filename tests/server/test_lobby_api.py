"""The lobby's endpoints (issue 44 part 5): the catalog in words, the rules, seat names, the
table chat, and the plain-language pages for bad links."""

from __future__ import annotations

import pytest

from meeple.agents import LEVELS
from meeple.core import load_game
from meeple.server.db import ChatRow, GameRow, open_db
from meeple.server.service import RateLimit, TooMany

from .conftest import TEST_HOSTS, create, wait_for

HTML = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}  # what Chromium sends


def test_catalog_gives_each_game_its_words_and_only_real_choices(client):
    cat = client.get("/api/catalog").json()
    games = {g["id"]: g for g in cat["games"]}
    assert {"magnum-sal", "lignum", "solomon", "klondike"} <= set(games)
    for g in (games[n] for n in ("magnum-sal", "lignum", "solomon", "klondike")):
        game = load_game(g["id"])
        assert g["description"] and g["picture"] == f"/static/img/{g['id']}.png"
        assert (g["min_players"], g["max_players"]) == (game.min_players, game.max_players)
        assert [v["id"] for v in g["variants"]] == list(game.variants)
        for v in g["variants"]:  # each variant lists the options its view says apply to it
            assert v["options"] == [o["name"] for o in g["options"] if game.view.option_applies(o["name"], v["id"])]
        for o in g["options"]:
            assert o["control"] in ("checkbox", "select", "number", "seats")  # never a JSON text box
            assert (o["label"], o["help"]) == game.view.option_text(o["name"])
    kl = {o["name"]: o for o in games["klondike"]["options"]}
    assert kl["children"]["control"] == "seats"  # KL-39: a checkbox a seat, not '[]'
    assert kl["layout"]["control"] == "select" and [c["value"] for c in kl["layout"]["choices"]] == [
        "random",
        "choose",
        "identical",
    ]
    assert kl["edge_rule"]["choices"][1]["text"] == "one edge per tile"
    assert "race_mode" not in kl  # one choice only (ticks): nothing to choose
    assert kl["ruby_supply_limit"]["control"] == "number" and kl["ruby_supply_limit"]["empty"] == "no limit"
    ms = {o["name"]: o for o in games["magnum-sal"]["options"]}
    assert ms["max_rounds"]["default"] == 0  # the safety cap is off when people play (human_default)
    assert [v["id"] for v in games["solomon"]["variants"]] == ["standard", "children"]  # children: a variant


def test_bot_levels_are_explained_from_the_levels_the_bots_use(client):
    levels = {b["id"]: b for b in client.get("/api/catalog").json()["bot_levels"]}
    assert [b for b in levels if not levels[b]["test"]] == ["easy", "medium", "hard"]
    assert LEVELS["easy"] == "greedy:turn=0.5"  # budgets a turn (issue 45): 0.5, 1.5 and 3 s
    assert levels["easy"]["text"].startswith("Plays the move that looks best right now")
    assert "(the 'greedy' bot)" in levels["easy"]["text"]
    assert levels["easy"]["think"] == "thinks at most about 0.5 s a turn"
    assert "up to 300 possible lines" in levels["medium"]["text"]
    assert levels["medium"]["think"] == "thinks at most about 1.5 s a turn"
    assert (
        "up to 2,000 possible lines" in levels["hard"]["text"]
        and levels["hard"]["think"] == "thinks at most about 3 s a turn"
    )
    assert levels["greedy"]["label"] == "Greedy (Easy without its time limit)" and levels["random"]["test"] is True


def test_rules_give_how_to_play_and_every_section_with_its_rule_ids(client):
    r = client.get("/api/rules/lignum").json()
    view = load_game("lignum").view
    assert r["title"] == "Lignum" and r["how_to_play"] == view.how_to_play
    assert len(r["sections"]) == len(view.rules())
    lg19 = next(s for s in r["sections"] if s["id"] == "LG-19")
    assert lg19["ids"][0] == "LG-19" and "LG-19.3" in lg19["ids"] and lg19["text"]
    assert client.get("/api/rules/magnum_sal").json()["game"] == "magnum-sal"
    bad = client.get("/api/rules/chess")
    assert bad.status_code == 404 and bad.json()["error"] == "no game 'chess'"


def test_seat_names_are_cleaned_length_limited_stored_and_shown(client, db_url):
    made = create(
        client, game="solomon", seats=["human", "human", "easy"], names=["  Anna\u202e  Maria ", "<b>Bo</b>", None]
    )
    assert [s["name"] for s in made["seats"]] == ["Anna Maria (P1)", "<b>Bo</b> (P2)", "P3"]
    p = client.get(f"/api/games/{made['id']}", params={"token": made["seats"][0]["token"]}).json()
    assert [(x["name"], x["person"]) for x in p["players"]] == [
        ("Anna Maria (P1)", "Anna Maria"),
        ("<b>Bo</b> (P2)", "<b>Bo</b>"),
        ("P3", None),
    ]
    assert p["seat_names"] == ["P1", "P2", "P3"]  # the game's own names stay for the log and the board
    with open_db(db_url)() as s:
        assert [x.name for x in s.get(GameRow, made["id"]).seats] == ["Anna Maria", "<b>Bo</b>", None]
    too_long = client.post(
        "/api/games", json={"game": "solomon", "seats": ["human", "easy"], "names": ["x" * 25, None]}
    )
    assert too_long.status_code == 400 and "at most 24" in too_long.json()["error"]
    wrong = client.post("/api/games", json={"game": "solomon", "seats": ["human", "easy"], "names": ["A"]})
    assert wrong.status_code == 400 and "one name (or null) for each of the 2 seats" in wrong.json()["error"]


def test_a_table_with_a_person_gets_the_options_human_default(client):
    made = create(client, game="magnum-sal", seats=["human", "easy"], seed=1)
    with_cap = create(client, game="magnum-sal", seats=["easy", "easy"], seed=1)
    given = create(client, game="magnum-sal", seats=["human", "easy"], seed=1, options={"max_rounds": 25})
    state = client.app.state.service.games
    assert state[made["id"]].state.options["max_rounds"] == 0  # off when a person plays (as meeple play)
    assert state[with_cap["id"]].state.options["max_rounds"] == 30
    assert state[given["id"]].state.options["max_rounds"] == 25


def test_chat_is_stored_escaped_by_the_page_not_the_server_and_sent_to_seats_and_spectators(client, db_url):
    made = create(client, game="solomon", seats=["human", "human"], seed=5, names=["Anna", None])
    gid, t0 = made["id"], made["seats"][0]["token"]
    with (
        client.websocket_connect(f"/ws/games/{gid}") as spectator,
        client.websocket_connect(f"/ws/games/{gid}?only=chat") as chat_only,
    ):
        assert spectator.receive_json()["type"] == "state"
        assert chat_only.receive_json() == {"type": "hello", "seat": None}
        r = client.post(f"/api/games/{gid}/chat", json={"token": t0, "text": "  <b>x</b>\n hi "})
        assert r.status_code == 201
        m = r.json()
        assert (m["seat"], m["name"], m["text"]) == (0, "Anna (P1)", "<b>x</b> hi")
        while (got := spectator.receive_json())["type"] != "chat":
            pass
        assert got["message"] == m
        assert chat_only.receive_json() == {"type": "chat", "message": m}  # no states on a chat socket
    r = client.post(f"/api/games/{gid}/chat", json={"text": "watching"})  # a spectator may chat too
    assert r.status_code == 201 and r.json()["name"] == "Spectator" and r.json()["seat"] is None
    history = client.get(f"/api/games/{gid}/chat").json()["messages"]
    assert [x["text"] for x in history] == ["<b>x</b> hi", "watching"]
    assert history[0]["at"].endswith("+00:00")
    with open_db(db_url)() as s:
        assert [x.text for x in s.query(ChatRow).order_by(ChatRow.id)] == ["<b>x</b> hi", "watching"]


@pytest.mark.parametrize(
    "body, status, message",
    [
        ({"text": ""}, 400, "cannot be empty"),
        ({"text": " \n\t "}, 400, "cannot be empty"),
        ({"text": 5}, 400, "a chat message is text"),
        ({"text": "x" * 501}, 400, "at most 500 characters (this one has 501)"),
        ({"text": "hi", "token": "wrong"}, 403, "not a seat of this game"),
    ],
)
def test_chat_refuses_bad_messages_and_stores_nothing(client, body, status, message):
    gid = create(client, game="solomon", seats=["human", "easy"], seed=5)["id"]
    r = client.post(f"/api/games/{gid}/chat", json=body)
    assert r.status_code == status and message in r.json()["error"]
    assert client.get(f"/api/games/{gid}/chat").json()["messages"] == []
    assert client.post("/api/games/nope/chat", json={"text": "hi"}).status_code == 404
    assert client.get("/api/games/nope/chat").status_code == 404


def test_chat_is_rate_limited_per_connection_over_the_websocket(client):
    made = create(client, game="solomon", seats=["human", "human"], seed=5)
    gid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    with (
        client.websocket_connect(f"/ws/games/{gid}?token={t0}&only=chat") as ws0,
        client.websocket_connect(f"/ws/games/{gid}?token={t1}&only=chat") as ws1,
    ):
        assert ws0.receive_json() == {"type": "hello", "seat": 0}
        assert ws1.receive_json() == {"type": "hello", "seat": 1}
        for i in range(6):
            ws0.send_json({"type": "chat", "text": f"m{i}"})
        got = [ws0.receive_json() for _ in range(6)]
        assert [g["message"]["text"] for g in got[:5]] == ["m0", "m1", "m2", "m3", "m4"]
        assert got[5]["type"] == "error" and got[5]["status"] == 429 and got[5]["chat"] is True
        assert got[5]["message"].startswith("slow down: at most 5 messages in 10 seconds")
        ws1.send_json({"type": "chat", "text": "mine"})  # another connection has its own allowance
        while ws1.receive_json()["message"]["text"] != "mine":
            pass
    assert len(client.get(f"/api/games/{gid}/chat").json()["messages"]) == 6


def test_rate_limit_window_slides():
    limit = RateLimit(5, 10.0)
    for t in range(5):
        limit.check("a", now=100.0 + t)
    with pytest.raises(TooMany, match="try again in 6 s"):
        limit.check("a", now=104.0)
    limit.check("b", now=104.0)  # another sender
    limit.check("a", now=110.0)  # the first message is 10 s old: out of the window
    with pytest.raises(TooMany):
        limit.check("a", now=110.5)


def test_a_browser_gets_plain_pages_for_bad_links_and_an_api_client_json(client):
    made = create(client, game="solomon", seats=["human", "easy"], seed=5)
    gid, token = made["id"], made["seats"][0]["token"]
    ok = client.get(f"/game/{gid}", params={"token": token}, headers=HTML)
    assert ok.status_code == 200 and "/static/game.js" in ok.text
    assert client.get(f"/game/{gid}", headers=HTML).status_code == 200  # a spectator's link
    assert client.get(f"/game/{gid}?token=", headers=HTML).status_code == 200  # cut short: watched (game.js says so)
    bad = client.get("/game/no-such-game<script>", headers=HTML)
    assert bad.status_code == 404 and bad.headers["content-type"].startswith("text/html")
    assert "There is no game at this link" in bad.text and 'href="/"' in bad.text and "<script>" not in bad.text
    wrong = client.get(f"/game/{gid}", params={"token": "wrong"}, headers=HTML)
    assert wrong.status_code == 403 and "This link does not open a seat" in wrong.text
    assert f'href="/game/{gid}"' in wrong.text  # watch instead
    for path in ("/game/", "/game", "/no/such/page"):
        page = client.get(path, headers=HTML)
        assert page.status_code == 404 and "There is no page here" in page.text and 'href="/"' in page.text
    api = client.get("/game/nope", headers={"accept": "application/json"})
    assert api.status_code == 404 and api.json() == {"error": "no game 'nope'", "rule": ""}
    assert client.get("/api/nothing", headers=HTML).json() == {"detail": "Not Found"}
    assert client.get("/api/games/nope", headers=HTML).json()["error"] == "no game 'nope'"


def test_a_stale_move_over_the_websocket_resyncs_without_an_error_text(client):
    made = create(client, game="solomon", seats=["human", "human"], seed=5)
    gid, t0 = made["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws:
        assert ws.receive_json()["version"] == 0
        ws.send_json({"type": "move", "action": "play 7", "version": 0})
        assert ws.receive_json()["version"] == 1
        ws.send_json({"type": "move", "action": "play 9", "version": 0})  # a double click
        again = ws.receive_json()
        assert again["type"] == "state" and again["version"] == 1  # no "stale version ..." for people
    wait_for(client, gid, t0, lambda p: p["version"] == 1)


def test_a_database_of_the_first_schema_is_migrated_and_its_games_go_on(tmp_path):
    """Migration 0002 on a database made by 0001: the seats get an empty name, the chat table
    is created, and the stored game is played on."""
    from importlib import resources

    from alembic import command
    from alembic.config import Config
    from fastapi.testclient import TestClient
    from sqlalchemy import inspect, text

    from meeple.server.app import create_app
    from meeple.server.db import make_engine

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("meeple.server").joinpath("migrations")))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(
            text(
                "INSERT INTO games VALUES ('old1', 'solomon', 1, 2, 'standard', '{}', 5, '[]', 0, 'easy', "
                "NULL, '[]', 0, '2026-12-01 10:00:00', '2026-12-01 10:00:00')"
            )
        )
        conn.execute(
            text("INSERT INTO seats VALUES ('old1', 0, NULL, :h), ('old1', 1, NULL, :h2)"),
            {"h": "0" * 64, "h2": "1" * 64},
        )
    assert "chat_messages" not in inspect(engine).get_table_names()
    engine.dispose()
    with TestClient(
        create_app(url, grace=0.2, bot_delay=0.0, tick=0.05, allowed_hosts=TEST_HOSTS, bots="thread"),
        base_url="http://127.0.0.1",
    ) as client:
        p = client.get("/api/games/old1").json()
        assert [x["name"] for x in p["players"]] == ["P1", "P2"] and p["version"] == 0
        assert client.post("/api/games/old1/chat", json={"text": "still here"}).status_code == 201
        assert [m["text"] for m in client.get("/api/games/old1/chat").json()["messages"]] == ["still here"]
