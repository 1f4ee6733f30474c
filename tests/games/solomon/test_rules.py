"""Further rule tests for King Solomon's Treasury with values from RULES.md."""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.games.solomon import rules
from meeple.games.solomon.actions import parse_cell
from meeple.games.solomon.heuristics import evaluate, rollout_action
from meeple.games.solomon.text import render

from .test_examples import (
    GAME,
    assert_rejected,
    height,
    holdings,
    move_texts,
    mv,
    texts,
    turn_state,
)


def play_random(s, steps, seed=0):
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_action(r.choice(s.legal_actions()))
    return s


# ---------------------------------------------------------------- config
def test_SO_15_1_option_default_and_check():
    s = GAME.new_initial_state(num_players=2, seed=0)
    assert s.options["max_moves_per_turn"] == 36
    with pytest.raises(meeple.InvalidConfigError):
        GAME.new_initial_state(num_players=2, seed=0, max_moves_per_turn=-1)
    with pytest.raises(meeple.InvalidConfigError):
        GAME.new_initial_state(num_players=6, seed=0)
    with pytest.raises(meeple.InvalidConfigError):
        GAME.new_initial_state(num_players=2, seed=0, variant="expert")


def test_SO_15_1_move_cap():
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=["4 4 4 4 4 4"] * 5 + ["1 1 1 1 1 1"])
    s.max_moves = 2
    mv(s, "a2-a1")
    mv(s, "b2-b1")
    assert move_texts(s) == []
    assert_rejected(s, "c2-c1", "SO-15.1")
    s.apply_action("decline")
    assert s.coins[0] == 8


# ----------------------------------------------------------------- setup
def test_SO_3_4_cards_dealt_are_32_distinct():
    for n in (2, 3, 4, 5):
        s = GAME.new_initial_state(num_players=n, seed=n)
        cards = sorted(s.box + [c for h in s.hands for c in h])
        assert cards == list(range(1, 33))


def test_SO_4_2_card_choice_hidden_until_all_chose():
    s = GAME.new_initial_state(num_players=3, seed=4)
    c0 = s.hands[0][2]
    s.apply_action(f"play {c0}")
    obs1 = s.observation(1)
    assert obs1["players"][0]["committed"] is True
    assert obs1["players"][0]["choice"] is None
    assert s.observation(0)["players"][0]["choice"] == c0
    assert s.observation(None)["players"][0]["choice"] is None
    assert obs1["players"][0]["hand"] is None and obs1["players"][0]["hand_size"] == 7
    s.apply_action(f"play {s.hands[1][0]}")
    s.apply_action(f"play {s.hands[2][0]}")
    assert s.observation(1)["players"][0]["choice"] == c0


def test_SO_4_2_play_card_not_in_hand_rejected():
    s = GAME.new_initial_state(num_players=2, seed=1)
    other = s.hands[1][0]
    assert_rejected(s, f"play {other}", "SO-4.2")
    assert_rejected(s, "a1-a2", "SO-4.2")


# ------------------------------------------------------------------ moves
def test_SO_6_1_non_adjacent_and_empty_rejected():
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=["4 4 4 4 4 4"] * 5 + ["0 2 4 4 4 4"])
    assert_rejected(s, "a3-a1", "SO-6.1")
    assert_rejected(s, "a1-b1", "SO-6.1")
    assert "b2-a1" in move_texts(s)
    assert "b1-a1" in move_texts(s)  # level 2 -> level 1 (deeper)


def test_SO_14_1_children_upward_but_max_four():
    s = turn_state(n=2, seat=0, card=9, coins=10, variant="children",
                   rows=["4 4 4 4 4 4"] * 5 + ["1 3 4 4 4 4"])
    assert "a1-b1" in move_texts(s)   # level 1 tile rises to level 4
    assert "b1-c1" not in move_texts(s)
    assert_rejected(s, "b1-c1", "SO-6.3")
    mv(s, "a1-b1")
    assert height(s, "a1") == 0 and height(s, "b1") == 4


def test_SO_6_7_revealed_tile_is_public():
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"],
                   stacks={"a2": ["C1", "C2", "C3", "T5"]})
    obs = s.observation(1)
    assert obs["board"][parse_cell("a2")]["seen"] == ["T5"]
    assert obs["board"][parse_cell("a2")]["unseen"] == 3
    assert "C3" not in json.dumps(obs["board"][parse_cell("a2")])
    mv(s, "a2-a1")
    obs = s.observation(1)
    assert obs["board"][parse_cell("a2")]["seen"] == ["C3"]
    assert obs["board"][parse_cell("a1")]["seen"][-1] == "T5"


# ---------------------------------------------------------------- items
def test_SO_11_4_one_item_of_each_kind():
    s = turn_state(n=2, seat=0, card=3, coins=10, pub=["MI", "MI"])
    s.apply_action("use MI")
    assert "use MI" not in texts(s)
    assert_rejected(s, "use MI", "SO-11.4")


def test_SO_11_3_declaring_ends_moves_and_decline_spends_nothing():
    s = turn_state(n=2, seat=0, card=3, coins=10, pub=["PX"], rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"])
    assert "a2-a1" in move_texts(s)
    s.apply_action("use PX")
    assert move_texts(s) == []
    assert_rejected(s, "a2-a1", "SO-11.3")
    s.apply_action("decline")
    assert holdings(s, 0) == ["PX"]
    assert s.used == []
    assert s.coins[0] == 10


def test_SO_10_4_received_item_usable_later_same_round():
    s = turn_state(n=2, seat=0, card=1, coins=0,
                   stacks={"a1": ["?", "?", "?", "MI"], "b1": ["?", "?", "?", "C3"], "c1": ["?", "?", "?", "S1"]})
    s.apply_action("dig a1,b1,c1")
    assert s.current_player == 1
    assert "use MI" in texts(s)
    s.apply_action("use MI")
    assert s.declared == ["MI"]


def test_SO_11_7_seal_picks_and_no_decline_midway():
    s = turn_state(n=2, seat=0, card=1, coins=10, pub=["SE"])
    s.apply_action("use SE")
    assert texts(s, "dig") == []
    assert len(texts(s, "pick")) == 36
    assert_rejected(s, "dig a1,b1,c1", "SO-11.7")
    s.apply_action("pick a1")
    assert sorted(texts(s)) == ["pick a2", "pick b1", "pick b2"]
    s.apply_action("pick b2")
    s.apply_action("pick c3")
    assert holdings(s, 0) == sorted(["S3", "S3", "S3"])
    assert s.current_player == 1


# ------------------------------------------------------------- digging
def test_SO_8_1_wrong_size_rejected():
    s = turn_state(n=2, seat=0, card=9, coins=10)
    assert_rejected(s, "dig a1,b1,c1", "SO-8.1")
    assert "dig a1,b1,c1,d1" in texts(s)


def test_SO_8_2_empty_space_never_dug():
    s = turn_state(n=2, seat=0, card=1, coins=10, rows=["0 0 0 0 0 0"] * 6)
    assert texts(s) == ["decline"]
    s.apply_action("decline")
    assert s.coins[0] == 10


def test_SO_7_7_pays_coins_first_then_lowest_treasure():
    s = turn_state(n=2, seat=0, card=1, coins=1, pub=["T4", "T2"],
                   stacks={"a1": ["?", "?", "?", "C3"], "b1": ["?", "?", "?", "C1"], "c1": ["?", "?", "?", "S2"]})
    s.apply_action("dig a1,b1,c1")
    # due 4: the coin, then T2 (lowest), then T4; 1 + 2 + 4 = 7, change 3 coins
    assert s.spent == ["T2", "T4"]
    assert s.coins[0] == 3
    assert holdings(s, 0) == ["C1", "C3", "S2"]


# ----------------------------------------------------- hidden information
def _played(n=3, seed=5, rounds=3):
    """A random game stopped in the middle of a turn of round ``rounds + 1``, after a move."""
    s = GAME.new_initial_state(num_players=n, seed=seed)
    r = random.Random(seed)
    while not (s.round > rounds and s.phase == rules.TURN and s.moves):
        legal = s.legal_actions()
        if s.round > rounds and "move" in legal:
            s.apply_action("move")
            continue
        s.apply_action(r.choice(legal))
    assert not s.is_terminal()
    return s


def test_SO_13_observation_hides_hands_bottoms_and_secret_tiles():
    s = _played()
    s.sec[1] = ["T5", "C3"]
    obs = s.observation(0)
    assert obs["players"][1]["hand"] is None
    assert obs["players"][1]["secret_tiles"] is None
    assert obs["players"][1]["unknown_tiles"] == 2
    assert "box" not in obs and obs["box_size"] == len(s.box)
    for i, cell in enumerate(obs["board"]):
        assert cell["seen"] == s.stacks[i][s.hid[i]:]
        assert cell["height"] == len(s.stacks[i])


def test_SO_13_resample_keeps_observation_and_ignores_hidden_truth():
    s = _played()
    for seat in range(3):
        r = s.resample_hidden(seat, random.Random(9))
        assert json.dumps(r.observation(seat), sort_keys=True) == json.dumps(s.observation(seat), sort_keys=True)
    # a twin differing only in what seat 0 cannot see
    t = s.clone()
    a, b = next((i, j) for i in range(36) for j in range(i + 1, 36) if t.hid[i] and t.hid[j]
                and t.stacks[i][0] != t.stacks[j][0])
    t.stacks[a][0], t.stacks[b][0] = t.stacks[b][0], t.stacks[a][0]
    h1 = t.hands[1]
    assert h1 and t.box
    h1[0], t.box[0] = t.box[0], h1[0]
    t.hands[1] = sorted(h1)
    t.box.sort()
    assert json.dumps(t.observation(0), sort_keys=True) == json.dumps(s.observation(0), sort_keys=True)
    assert t.to_dict() != s.to_dict()
    ra = s.resample_hidden(0, random.Random(3))
    rb = t.resample_hidden(0, random.Random(3))
    assert ra.to_dict()["state"] == rb.to_dict()["state"]


def test_SO_13_4_resample_redraws_unrevealed_choices():
    s = GAME.new_initial_state(num_players=3, seed=8)
    s.apply_action(f"play {s.hands[0][0]}")
    s.apply_action(f"play {s.hands[1][0]}")
    seen = {s.resample_hidden(2, random.Random(k)).choices[0] for k in range(30)}
    assert len(seen) > 1
    assert all(s.resample_hidden(0, random.Random(k)).choices[0] == s.choices[0] for k in range(5))


def test_SO_12_1_holdings_revealed_at_end():
    s = GAME.new_initial_state(num_players=2, seed=2)
    play_random(s, 100000, 2)
    assert s.is_terminal()
    obs = s.observation(0)
    assert obs["players"][1]["secret_tiles"] == sorted(s.sec[1])


# --------------------------------------------------------- persistence
def test_state_dict_round_trip_and_rejects_bad_input():
    s = _played()
    d = json.loads(json.dumps(s.to_dict()))
    again = GAME.state_from_dict(d)
    assert again.to_dict() == s.to_dict()
    assert again.legal_actions() == s.legal_actions()
    bad = json.loads(json.dumps(d))
    bad["state"]["stacks"][0] = ["XX"]
    with pytest.raises(meeple.InvalidRecordError):
        GAME.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["hands"][0].append(bad["state"]["hands"][1][0] if bad["state"]["hands"][1] else 99)
    with pytest.raises(meeple.InvalidRecordError):
        GAME.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    del bad["state"]["coins"]
    with pytest.raises(meeple.InvalidRecordError):
        GAME.state_from_dict(bad)


def test_determinism_same_seed_same_actions():
    a = _played(4, 11, 3)
    play_random(a, 50, 1)
    b = GAME.new_initial_state(num_players=4, seed=11)
    for t in a.history:
        b.apply_action(t)
    assert a.to_dict() == b.to_dict()
    assert meeple.replay(a.record()).to_dict() == a.to_dict()


# ------------------------------------------------------ bots and text
def test_heuristics_and_render_run():
    s = _played(3, 4, 2)
    for seat in range(3):
        assert isinstance(evaluate(s, seat), float)
    r = random.Random(1)
    a = rollout_action(s, s.legal_actions(), r)
    assert a in s.legal_actions()
    from rich.console import Console
    c = Console(width=100, record=True)
    c.print(render(s, 0))
    out = c.export_text()
    assert "cave entrance" in out and "P3" in out
    # nothing hidden of seat 1 is printed for seat 0
    s.sec[0] = []
    s.sec[1] = ["T5"]
    c = Console(width=100, record=True)
    c.print(render(s, 0))
    assert "+secret" not in c.export_text()
    c = Console(width=100, record=True)
    c.print(render(s, 1))
    assert "+secret: T5" in c.export_text()
