"""HTTP and websocket tests of every endpoint and every error (docs/web.md)."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.server.app import create_app
from meeple.server.db import GameRow, hash_token, open_db
from meeple.server.service import SEEDED_NOTE

from .conftest import TEST_HOSTS, create, wait_for


def test_pages_and_static(client):
    r = client.get("/")
    assert r.status_code == 200 and "Set up a table" in r.text and "/static/lobby.js" in r.text
    r = client.get("/game/anything")  # no such game: a page in plain words (tests/server/test_lobby_api.py)
    assert r.status_code == 404 and "There is no game at this link" in r.text
    for name in ("lobby.js", "lobby.css", "chat.js", "game.js", "common.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200


def test_meta_lists_the_four_games_from_their_game_objects(client):
    meta = client.get("/api/meta").json()
    games = {g["id"]: g for g in meta["games"]}
    assert {"magnum-sal", "lignum", "solomon", "klondike"} <= set(games)
    assert games["solomon"]["min_players"] == 2 and games["solomon"]["max_players"] == 5
    assert games["klondike"]["variants"] == ["family", "square", "race"]
    assert games["lignum"]["variants"] == ["basic", "advanced", "basic-tactical", "advanced-tactical"]
    layout = next(o for o in games["klondike"]["options"] if o["name"] == "layout")
    assert layout["choices"] == ["random", "choose", "identical"] and layout["default"] == "random"
    assert meta["bot_levels"] == ["easy", "medium", "hard", "random", "greedy"]


def test_create_returns_seat_links_and_stores_only_token_hashes(client, db_url):
    made = create(client, game="solomon", seats=["human", "human"], seed=5)
    assert [s["name"] for s in made["seats"]] == ["P1", "P2"]
    assert made["spectator"] == f"/game/{made['id']}"
    tokens = [s["token"] for s in made["seats"]]
    assert len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)
    assert made["seats"][0]["link"] == f"/game/{made['id']}?token={tokens[0]}"
    with open_db(db_url)() as s:
        row = s.get(GameRow, made["id"])
        assert row.seed == 5 and row.actions == [] and row.game == "solomon"
        assert [x.token_hash for x in row.seats] == [hash_token(t) for t in tokens]
        assert all(t not in str(vars(x)) for x in row.seats for t in tokens)


@pytest.mark.parametrize(
    "config, message",
    [
        ({"game": "chess", "seats": ["human", "easy"]}, "unknown game 'chess'"),
        ({"game": "solomon", "seats": ["human"]}, "takes 2 to 5 players, not 1"),
        ({"game": "solomon", "seats": ["human", "easy"], "variant": "nope"}, "unknown variant 'nope'"),
        ({"game": "solomon", "seats": ["human", "easy"], "options": {"nope": 1}}, "unknown option 'nope'"),
        (
            {"game": "magnum-sal", "seats": ["human", "easy"], "options": {"cart_max_cubes": "x"}},
            "option cart_max_cubes must be an integer",
        ),
        (
            {"game": "solomon", "seats": ["human", "wizard"]},
            "seat 2 must be 'human' or a bot level (easy, medium, hard, random, greedy), not 'wizard'",
        ),
        (
            {"game": "lignum", "seats": ["mcts:10000000", "human"]},
            "seat 1 must be 'human' or a bot level (easy, medium, hard, random, greedy), not 'mcts:10000000'",
        ),
        ({"game": "solomon", "seats": ["human", "easy"], "timer_seconds": 0}, "timer_seconds must be"),
        ({"game": "solomon", "seats": ["human", "easy"], "num_players": 3}, "num_players is 3 but 2 seats"),
        ({"game": "solomon", "seats": ["human", "easy"], "colour": "red"}, "unknown configuration key(s): colour"),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_create_refuses_a_bad_config_with_400_and_stores_nothing(client, config, message):
    r = client.post("/api/games", json=config)
    assert r.status_code == 400
    assert message in r.json()["error"]
    assert r.json()["error"].count(message) == 1  # said once ("unknown game 'chess'" was said twice)
    assert client.get("/api/games").json()["games"] == []


def test_create_refuses_a_body_that_is_not_json(client):
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "the request body must be JSON"


def test_view_of_a_seat_a_spectator_and_the_errors(client):
    made = create(client, game="solomon", seats=["human", "human"], seed=5)
    gid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    p0 = client.get(f"/api/games/{gid}", params={"token": t0}).json()
    assert p0["seat"] == 0 and p0["your_turn"] and p0["version"] == 0 and p0["current_name"] == "P1"
    assert [a["action"] for a in p0["legal"]][:3] == ["play 7", "play 9", "play 10"]
    assert p0["board_kind"] in ("svg", "text") and p0["board"]
    p1 = client.get(f"/api/games/{gid}", params={"token": t1}).json()
    assert p1["seat"] == 1 and not p1["your_turn"] and p1["legal"] == []
    spectator = client.get(f"/api/games/{gid}").json()
    assert spectator["seat"] is None and spectator["legal"] == []
    r = client.get(f"/api/games/{gid}", params={"token": "not-a-token"})
    assert r.status_code == 403 and "not a seat of this game" in r.json()["error"]
    r = client.get("/api/games/nosuchgame")
    assert r.status_code == 404 and r.json()["error"] == "no game 'nosuchgame'"
    assert client.get("/api/games/nosuchgame/summary").status_code == 404


def test_moves_and_their_errors(client):
    made = create(client, game="solomon", seats=["human", "human"], seed=5)
    gid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    url = f"/api/games/{gid}/moves"
    # 403: no token, a wrong token
    r = client.post(url, json={"action": "play 7", "version": 0})
    assert r.status_code == 403 and r.json()["error"] == "a move needs the seat's token"
    assert client.post(url, json={"token": "x" * 32, "action": "play 7", "version": 0}).status_code == 403
    # 404: unknown game
    assert client.post("/api/games/nope/moves", json={"token": t0, "action": "play 7"}).status_code == 404
    # 422: illegal, with the engine's rule id; not your turn
    r = client.post(url, json={"token": t0, "action": "dig a1,b1,c1", "version": 0})
    assert r.status_code == 422 and r.json()["rule"] == "SO-4.2"
    assert r.json()["error"].startswith("SO-4.2: first every player secretly chooses a card")
    r = client.post(url, json={"token": t1, "action": "play 7", "version": 0})
    assert r.status_code == 422 and r.json()["error"] == "it is not your turn: P1 is to play"
    # 400: an action that is not a string
    assert client.post(url, json={"token": t0, "action": 3, "version": 0}).status_code == 400
    # a legal move
    r = client.post(url, json={"token": t0, "action": "play 7", "version": 0})
    assert r.status_code == 200 and r.json()["version"] == 1 and r.json()["current_name"] == "P2"
    # 409: the same move again with the old version is not applied twice
    r = client.post(url, json={"token": t0, "action": "play 7", "version": 0})
    assert r.status_code == 409
    body = r.json()
    assert body["version"] == 1 and body["state"]["version"] == 1 and body["state"]["seat"] == 0
    assert "stale version 0" in body["error"]
    assert client.get(f"/api/games/{gid}").json()["version"] == 1
    # the secret card choice is not in P2's payload
    p1 = client.get(f"/api/games/{gid}", params={"token": t1}).json()
    assert "play 7" not in str(p1["events"]) and p1["events"][-1] == "P1 chooses a card"


def test_public_list_and_summary_show_no_tokens(client):
    made = create(client, game="klondike", seats=["human", "greedy"], variant="square", seed=2)
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [made["id"]]
    assert (
        listed[0]["seats"] == [{"name": "Blue", "kind": "human"}, {"name": "Green", "kind": "greedy"}]
        or listed[0]["seats"][1]["kind"] == "greedy"
    )
    assert made["seats"][0]["token"] not in str(listed)
    summary = client.get(f"/api/games/{made['id']}/summary").json()
    assert summary["spectator"] == f"/game/{made['id']}" and summary["terminal"] is False


def test_bots_play_server_side_until_a_person_is_to_act(client):
    made = create(client, game="magnum-sal", seats=["greedy", "human"], seed=5)
    tok = made["seats"][1]["token"]
    p = wait_for(client, made["id"], tok, lambda p: p["your_turn"])
    assert p["version"] >= 1 and p["current_player"] == 1


def test_undo_within_the_bga_policy(client):
    made = create(client, game="magnum-sal", seats=["human", "human"], seed=5)
    gid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    undo = f"/api/games/{gid}/undo"
    r = client.post(undo, json={"token": t0, "version": 0})
    assert r.status_code == 422 and r.json()["error"] == "you have taken no decision this turn"
    p = client.post(f"/api/games/{gid}/moves", json={"token": t0, "action": "market", "version": 0}).json()
    assert [a["action"] for a in p["legal"]] == ["sell brown", "buy brown", "buy green"] and p["can_undo"]
    assert client.post(undo, json={"token": t1, "version": 1}).status_code == 422  # not P2's turn
    assert client.post(undo, json={"token": t0, "version": 0}).status_code == 409  # stale
    p = client.post(undo, json={"token": t0, "version": 1}).json()
    assert p["version"] == 2 and [a["action"] for a in p["legal"]][:3] == ["pass", "place", "assist workshop"]
    assert p["notes"] == [[0, SEEDED_NOTE], [len(p["events"]), f"{p['seat_names'][0]} took back a decision"]]
    # after 'pass' it is P2's turn: P1's turn is over, nothing of it is taken back
    p = client.post(f"/api/games/{gid}/moves", json={"token": t0, "action": "pass", "version": 2}).json()
    assert p["current_player"] == 1 and not p["can_undo"]
    r = client.post(undo, json={"token": t0, "version": 3})
    assert r.status_code == 422 and "only your own decisions while it is your turn" in r.json()["error"]


def test_a_forced_step_is_taken_for_the_person_with_a_notice(client):
    """Magnum Sal, seed 5: after 'place' (a miner, MS-7) the one legal action is 'from supply',
    then 'to S1' (the view's ``forced``); the server takes both for P1, notes each in the log
    and tells P1's page; the turn passes to P2."""
    made = create(client, game="magnum-sal", seats=["human", "human"], seed=5)
    gid, t0 = made["id"], made["seats"][0]["token"]
    p = client.post(f"/api/games/{gid}/moves", json={"token": t0, "action": "place", "version": 0}).json()
    assert p["version"] == 3 and p["current_player"] == 1 and p["legal"] == []
    name = p["seat_names"][0]
    first, second = p["forced"].removeprefix("Only one choice, taken for you: ").split("; then ")
    assert [t for _at, t in p["notes"] if t != SEEDED_NOTE] == [
        f"{name} had one choice, taken for them: {first}",
        f"{name} had one choice, taken for them: {second}",
    ]
    assert p["notes"][-1][0] == len(p["events"])
    other = client.get(f"/api/games/{gid}", params={"token": made["seats"][1]["token"]}).json()
    assert other["forced"] is None and other["your_turn"] and len(other["legal"]) == 13


def test_a_bot_seat_gets_no_forced_notice_and_labels_are_sent(client):
    made = create(client, game="magnum-sal", seats=["human", "greedy"], seed=5)
    gid, t0 = made["id"], made["seats"][0]["token"]
    p = client.get(f"/api/games/{gid}", params={"token": t0}).json()
    assert [set(a) for a in p["legal"]] == [{"action", "label", "help", "note"}] * 13
    assert all(a["label"] for a in p["legal"]) and isinstance(p["status"], str) and p["status"]
    assert p["highlights"] == [[], []] and len(p["seat_colours"]) == 2


def test_highlights_are_the_places_a_seats_last_turn_changed(client, monkeypatch):
    """With a view whose place keys are the seats' money (Magnum Sal, seed 5): P1 buys salt at
    the market (MS-12), so P1's money place is highlighted for P1's turn, P2's nothing yet;
    after P2's turn P1's highlight stays, as the last turn of P1."""
    from meeple.core import load_game

    view_class = type(load_game("magnum-sal").view)
    monkeypatch.setattr(
        view_class,
        "place_keys",
        lambda self, obs: {f"money-{i}": str(m) for i, m in enumerate(obs["money"])},
        raising=False,
    )
    made = create(client, game="magnum-sal", seats=["human", "human"], seed=5)
    gid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    p = client.post(f"/api/games/{gid}/moves", json={"token": t0, "action": "market", "version": 0}).json()
    assert p["highlights"] == [[], []]
    p = client.post(f"/api/games/{gid}/moves", json={"token": t0, "action": "buy brown", "version": 1}).json()
    assert p["highlights"][0] == ["money-0"] and p["highlights"][1] == []
    while p["current_player"] == 0:  # P1's turn may go on; end it as the engine allows
        p = client.post(
            f"/api/games/{gid}/moves", json={"token": t0, "action": p["legal"][0]["action"], "version": p["version"]}
        ).json()
    p1 = client.get(f"/api/games/{gid}", params={"token": t1}).json()
    p = client.post(f"/api/games/{gid}/moves", json={"token": t1, "action": "pass", "version": p1["version"]}).json()
    assert p["highlights"][0] == ["money-0"] and p["highlights"][1] == []  # a pass changes no place


def test_the_rules_of_every_game_by_section(client):
    r = client.get("/api/rules/lignum").json()
    assert r["title"] == "Lignum" and any("LG-19.3" in s["ids"] for s in r["sections"])
    assert client.get("/api/rules/chess").status_code == 404


def test_undo_is_not_offered_once_a_card_was_revealed(client):
    """BGA policy: nothing hidden revealed since. P2 chose the lowest card second; the reveal
    then makes P2 the first to dig (SO-4.3): P2 acted last and is to act, yet may not take
    back the card, so the page offers no undo (and the server refuses one)."""
    made = create(client, game="solomon", seats=["human", "human"], seed=5)
    gid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    p0 = client.get(f"/api/games/{gid}", params={"token": t0}).json()
    high = max((a["action"] for a in p0["legal"]), key=lambda a: int(a.split()[1]))
    client.post(f"/api/games/{gid}/moves", json={"token": t0, "action": high, "version": 0})
    p1 = client.get(f"/api/games/{gid}", params={"token": t1}).json()
    low = min((a["action"] for a in p1["legal"]), key=lambda a: int(a.split()[1]))
    p = client.post(f"/api/games/{gid}/moves", json={"token": t1, "action": low, "version": 1}).json()
    assert p["current_player"] == 1 and p["your_turn"] and p["can_undo"] is False
    r = client.post(f"/api/games/{gid}/undo", json={"token": t1, "version": p["version"]})
    assert r.status_code == 422 and r.json()["error"].startswith("cannot take back:")


def test_the_timer_counts_down_in_every_payload(client):
    """A reload (a new GET) shows the seconds left now, not those of the first payload."""
    made = create(client, game="solomon", seats=["human", "greedy"], seed=5, timer_seconds=30)
    gid, t0 = made["id"], made["seats"][0]["token"]
    first = client.get(f"/api/games/{gid}", params={"token": t0}).json()["timer"]["left"]
    time.sleep(1.2)
    later = client.get(f"/api/games/{gid}", params={"token": t0}).json()["timer"]["left"]
    assert first <= 30 and later <= first - 1.0


def test_websocket_state_move_stale_illegal_sync(client):
    made = create(client, game="solomon", seats=["human", "human"], seed=5)
    gid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    with (
        client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws0,
        client.websocket_connect(f"/ws/games/{gid}") as spectator,
    ):
        first = ws0.receive_json()
        assert first["type"] == "state" and first["seat"] == 0 and first["version"] == 0
        assert first["connected"] == [True, False]
        assert spectator.receive_json()["seat"] is None
        ws0.send_json({"type": "move", "action": "dig a1,b1,c1", "version": 0})
        err = ws0.receive_json()
        assert err["type"] == "error" and err["rule"] == "SO-4.2" and err["status"] == 422
        ws0.send_json({"type": "move", "action": "play 7", "version": 0})
        msg = ws0.receive_json()
        assert msg["type"] == "state" and msg["version"] == 1 and not msg["your_turn"]
        ws0.send_json({"type": "move", "action": "play 9", "version": 0})
        resync = ws0.receive_json()  # a stale move: the page is resynchronised, no error shown to people
        assert resync["type"] == "state" and resync["version"] == 1
        ws0.send_json({"type": "sync"})
        assert ws0.receive_json()["version"] == 1
        ws0.send_json({"type": "dance"})
        err = ws0.receive_json()
        assert err["type"] == "error" and "unknown message type 'dance'" in err["message"]
        ws0.send_text("not json")
        assert ws0.receive_json()["message"] == "messages are JSON objects"
        # the spectator got the move as it happened, without the secret card
        while (s := spectator.receive_json())["version"] != 1:
            pass
        assert s["events"][-1] == "P1 chooses a card" and s["legal"] == []
        # P2's move over HTTP reaches P1's websocket
        p1 = client.get(f"/api/games/{gid}", params={"token": t1}).json()
        r = client.post(f"/api/games/{gid}/moves", json={"token": t1, "action": p1["legal"][0]["action"], "version": 1})
        assert r.status_code == 200, r.text
        while (m := ws0.receive_json())["version"] != 2:
            pass
        assert m["events"][-1].startswith("cards revealed")


def test_websocket_refuses_a_bad_token_and_an_unknown_game(client):
    made = create(client, game="solomon", seats=["human", "easy"], seed=5)
    with client.websocket_connect(f"/ws/games/{made['id']}?token=wrong") as ws:
        err = ws.receive_json()
        assert err["type"] == "error" and err["status"] == 403
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4403
    with client.websocket_connect("/ws/games/nope") as ws:
        assert ws.receive_json()["status"] == 404


def test_a_restarted_app_resumes_the_game_from_its_record(db_url):
    with TestClient(
        create_app(db_url, bot_delay=0.0, allowed_hosts=TEST_HOSTS, bots="thread"), base_url="http://127.0.0.1"
    ) as c:
        made = create(c, game="magnum-sal", seats=["human", "greedy"], seed=11)  # rules edition 2
        tok = made["seats"][0]["token"]
        for _ in range(3):
            p = wait_for(c, made["id"], tok, lambda p: p["your_turn"])
            c.post(
                f"/api/games/{made['id']}/moves",
                json={"token": tok, "action": p["legal"][0]["action"], "version": p["version"]},
            )
        before = wait_for(c, made["id"], tok, lambda p: p["your_turn"])
    with TestClient(
        create_app(db_url, bot_delay=0.0, allowed_hosts=TEST_HOSTS, bots="thread"), base_url="http://127.0.0.1"
    ) as c:
        after = c.get(f"/api/games/{made['id']}", params={"token": tok}).json()
    for key in ("version", "legal", "board", "events", "current_player", "scores"):
        assert after[key] == before[key], key


def test_timer_expiry_hands_the_decision_to_the_stand_in_bot(client):
    made = create(client, game="magnum-sal", seats=["human", "human"], seed=5, timer_seconds=1, bot_level="greedy")
    gid, t0 = made["id"], made["seats"][0]["token"]
    p = client.get(f"/api/games/{gid}", params={"token": t0}).json()
    assert p["timer"]["seconds"] == 1 and 0 < p["timer"]["left"] <= 1
    p = wait_for(client, gid, t0, lambda p: p["version"] >= 1, timeout=10)
    assert any(f"the greedy bot plays for {p['seat_names'][0]} (time ran out)" == n[1] for n in p["notes"])


def test_a_player_who_leaves_is_played_by_the_bot_until_they_return(client):
    made = create(client, game="magnum-sal", seats=["human", "human"], seed=5, bot_level="random")
    gid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={t1}") as stays:  # P2 stays at the table
        assert stays.receive_json()["seat"] == 1
        with client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws:
            assert ws.receive_json()["seat"] == 0
        # P1 left (grace 0.2 s in the fixture): the random bot plays P1's decisions
        p = wait_for(client, gid, t1, lambda p: p["current_player"] == 1, timeout=10)
        assert p["players"][0]["away"] and any(
            n[1] == f"{p['seat_names'][0]} left: the random bot plays for them until they return" for n in p["notes"]
        )
        with client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws:
            back = ws.receive_json()
            while back["players"][0]["away"]:
                back = ws.receive_json()
            assert any(n[1] == f"{back['seat_names'][0]} is back" for n in back["notes"])


def test_a_game_everyone_left_waits_for_its_people(client):
    """No stand-in plays while no person is at the table: a game people walked away from is
    not finished by bots (one note says a stand-in plays, not one a decision)."""
    made = create(client, game="magnum-sal", seats=["human", "human"], seed=5, bot_level="random")
    gid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    for tok in (t0, t1):
        with client.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws:
            ws.receive_json()
    p = wait_for(client, gid, t1, lambda p: p["players"][0]["away"] and p["players"][1]["away"], timeout=10)
    time.sleep(1.0)  # the ticker runs every 0.1 s in the fixture: a stand-in would have played
    later = client.get(f"/api/games/{gid}", params={"token": t1}).json()
    assert later["version"] == p["version"] == 0
    assert not any("bot plays for" in n[1] and "(away)" in n[1] for n in later["notes"])


def test_undo_needs_the_seat_token_and_a_known_game(client):
    made = create(client, game="magnum-sal", seats=["human", "human"], seed=5)
    r = client.post(f"/api/games/{made['id']}/undo", json={"version": 0})
    assert r.status_code == 403 and r.json()["error"] == "an undo needs the seat's token"
    assert client.post(f"/api/games/{made['id']}/undo", json={"token": "bad", "version": 0}).status_code == 403
    assert client.post("/api/games/nope/undo", json={"token": "bad"}).status_code == 404
    r = client.post(f"/api/games/{made['id']}/undo", content=b"[]", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "the request body must be a JSON object"


def test_an_in_memory_database_works_across_threads():
    with TestClient(
        create_app("sqlite://", bot_delay=0.0, allowed_hosts=TEST_HOSTS, bots="thread"), base_url="http://127.0.0.1"
    ) as c:
        made = create(c, game="solomon", seats=["human", "greedy"], seed=1)
        tok = made["seats"][0]["token"]
        first = c.get(f"/api/games/{made['id']}", params={"token": tok}).json()["legal"][0]["action"]
        p = c.post(f"/api/games/{made['id']}/moves", json={"token": tok, "action": first, "version": 0})
        assert p.status_code == 200 and p.json()["version"] == 1, p.text
        assert c.get(f"/api/games/{made['id']}/summary").json()["id"] == made["id"]


def test_two_servers_on_one_database_never_lose_a_move(tmp_path):
    """A second server on the same database moved meanwhile: this one refuses its own move
    (409, nothing stored) and reads the stored game again at the next request."""
    import asyncio

    from meeple.server.db import open_db
    from meeple.server.service import Service, Stale

    url = f"sqlite:///{tmp_path / 'shared.db'}"

    async def main():
        a, b = Service(open_db(url)), Service(open_db(url))
        await a.start()
        await b.start()
        made = await a.create({"game": "magnum-sal", "seats": ["human", "human"], "seed": 5})
        gid = made["id"]
        tokens = [s["token"] for s in made["seats"]]
        await b.get(gid)  # both hold the game live
        first = (await a.view(gid, tokens[0]))["current_player"]
        await a.move(gid, tokens[first], "pass", 0)
        with pytest.raises(Stale, match="changed by another server on the same database"):
            await b.move(gid, tokens[first], "inn", 0)
        again = await b.view(gid, tokens[0])  # read from the database again
        await a.stop()
        await b.stop()
        return again

    again = asyncio.run(main())
    assert again["version"] == 1  # the other server's move, not a lost or a doubled one
