"""Further Magnum Sal rule tests with values from RULES.md / components.json."""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.games.magnum_sal import components as C
from meeple.games.magnum_sal import heuristics, text

from .test_examples import (
    BLACK,
    GAME,
    ORANGE,
    PURPLE,
    SP,
    arrive,
    assert_illegal,
    chamber,
    cubes,
    give_tools,
    legal,
    new,
    play,
    put,
    rested,
    tired,
    turn,
)


# ------------------------------------------------------------------ setup (MS-3, MS-4, MS-23)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_MS_3_setup_numbers(n):
    s = GAME.new_initial_state(num_players=n, seed=11)
    assert [s.money[(s.start + i) % n] for i in range(n)] == [10, 12, 14, 16][:n]  # MS-3.3
    assert s.owned == [5 if n == 2 else 4] * n and s.supply == s.owned
    assert s.salt == [[1, 0, 0]] * n
    assert s.market == [2, 1, 0]  # MS-3.4 RULING: brown on 4 and 5, green on 6
    assert len(s.orders_up) == (4 if n == 4 else 3) and all(o.startswith("O1-") for o in s.orders_up)
    assert len(s.order_stack) == 8 - len(s.orders_up)
    assert s.inn == {4: 0, 3: 2, 2: 4}[n]  # MS-4.2
    assert all(s.display) and len(s.pile) == 4 and len(s.deck) == 14  # MS-4.3
    assert sorted(s.display + s.pile + s.deck) == sorted(k for k in C.TOOL_KINDS for _ in range(3))
    for lvl, chambers in C.LEVEL_CHAMBERS.items():  # MS-3.1: each level's tiles on that level
        assert sorted(s.tile[c] for c in chambers) == sorted(C.TILES_BY_LEVEL[lvl])
    assert not any(s.revealed) and s.current_player == s.start and s.actions_left == 1
    # MS-3.3: the start player is drawn at random, so every seat starts in some game
    assert {GAME.new_initial_state(num_players=n, seed=k).start for k in range(40)} == set(range(n))


def test_MS_1_component_data():
    assert len(C.TILES) == 18 and len(C.ORDERS) == 24
    assert [C.tool_end_value(k) for k in range(11)] == [0, 2, 2, 6, 6, 10, 10, 14, 14, 20, 20]
    assert [C.pump_cost(m) for m in range(1, 6)] == [0, 2, 5, 9, 14]
    assert [C.sell_price(0, c) for c in range(5)] == [5, 4, 3, 3, None]
    assert [C.buy_price(1, c) for c in range(4)] == [None, 6, 5, 4]
    assert [C.sell_price(2, c) for c in range(3)] == [8, 7, None]
    assert C.INN_TRACK == (5, 5, 5, 6, 6, 7, 8)
    assert C.TILES["I-7"].water == 2  # MS-27 data ruling
    assert [C.SPACE_IDS[p] for p in C.PATH[SP["II.R3"]]] == ["II.R2", "II.R1", "S4", "S3", "S2", "S1"]
    assert len(C.PATH[SP["III.L2"]]) == 7 and len(C.PATH[SP["I.R4"]]) == 5
    assert [C.SPACE_IDS[x] for x in C.BUCKET_ADJ[SP["I.L1"]]] == ["I.L2"]  # MS-2.7: not I.R1


# ------------------------------------------------------------------ actions and turn flow
def test_MS_5_3_same_action_twice():
    s = new(3)
    play(s, "place", "from supply", "to S1", "place", "from supply", "to S2")
    assert rested(s, "S1", ORANGE) == 1 and rested(s, "S2", ORANGE) == 1 and s.current_player == 1


def test_MS_15_1_tool_usable_same_turn():
    s = new(3)
    s.display = ["rope", "cart", "food"]
    play(s, "workshop 3 rope", "place", "from supply", "to S1")
    assert legal(s) == {"rope", "done"}
    play(s, "rope", "from supply", "to S2")
    assert s.current_player == 1


def test_MS_12_2_assistant_moves_between_buildings():
    s = new(3)
    s.assist[0] = ORANGE
    s.owned[ORANGE] += 1
    play(s, "assist market", "from @workshop")
    assert s.assist == [-1, -1, ORANGE, -1]


def test_MS_19_2_castle_miner_from_mine_obeys_chain_rule():
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE)
    s.supply[ORANGE] = 0
    s.owned[ORANGE] = 2
    play(s, "castle")
    assert legal(s) == {"from S2"}  # the S1 miner would cut S2 off
    play(s, "from S2")
    assert s.q_right[ORANGE] == 1 and s.occ[SP["S2"]] == 0


def test_MS_19_2_no_second_castle_visit():
    s = new(3)
    play(s, "castle", "from supply")
    assert "castle" not in legal(s)
    assert_illegal(s, "castle", "MS-13.2")


def test_MS_11_3_tools_do_not_cancel_rest():
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE, 0, tired=2)
    give_tools(s, ORANGE, "food")
    play(s, "pass", "food S2", "done", "pass")
    assert rested(s, "S2", ORANGE) == 2 and tired(s, "S2", ORANGE) == 0


def test_MS_5_4_outside_tools_after_last_action():
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE, 0, tired=1)
    give_tools(s, ORANGE, "food")
    play(s, "square", "square" if False else "inn")
    assert s.current_player == ORANGE and legal(s) == {"done", "food S2"}
    assert_illegal(s, "pass", "MS-5.2")
    play(s, "done")
    assert s.current_player == BLACK


def test_MS_17_5_first_transaction_funds_second():
    s = new(3)
    s.money[ORANGE] = 0
    s.salt[ORANGE] = [1, 0, 0]
    s.market = [0, 2, 0]
    play(s, "market")
    assert "buy green" not in legal(s)
    play(s, "sell brown", "buy green")  # +5, then -5
    assert s.salt[ORANGE] == [0, 1, 0] and s.money[ORANGE] == 0 and s.market == [1, 1, 0]


def test_MS_17_4_market_buy_prices():
    s = new(3)
    s.money[ORANGE] = 50
    s.market = [4, 3, 2]
    play(s, "market", "buy brown", "buy white")
    assert s.money[ORANGE] == 50 - 3 - 7 and s.market == [3, 3, 1]


def test_MS_10_6_empty_space_on_path():
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "I.R2", ORANGE)  # nobody on S2 / I.R1: the salt cannot travel
    chamber(s, "I.R2", brown=2)
    assert "extract I.R2" not in legal(s)


def test_MS_10_3_own_miner_anywhere_on_space_makes_it_free():
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S1", ORANGE, 0, tired=1)
    put(s, "S2", BLACK)
    put(s, "I.R1", ORANGE, 1)
    chamber(s, "I.R1", brown=1)
    m = s.money[BLACK]
    play(s, "extract I.R1", "take brown", "done")
    assert s.money[BLACK] == m + 1  # only S2 is paying


def test_MS_14_1_hire_adds_miner():
    s = new(4)
    m = s.money[ORANGE]
    play(s, "inn")
    assert s.owned[ORANGE] == 5 and s.supply[ORANGE] == 5 and s.money[ORANGE] == m - 5 and s.inn == 1


def test_MS_18_1_square():
    s = new(3)
    m = s.money[ORANGE]
    play(s, "square")
    assert s.money[ORANGE] == m + 1
    assert_illegal(s, "square", "MS-13.2")


def test_MS_20_8_royal_privilege_skips_right_space():
    s = new(3)
    give_tools(s, ORANGE, "royal_privilege")
    play(s, "castle royal", "from supply")
    assert s.q_left[ORANGE] == 1 and s.q_right[ORANGE] == 0 and s.tools_used[ORANGE] == [True]
    assert "castle royal" not in legal(turn(s, ORANGE))


def test_MS_20_5_cart_needed_to_afford():
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    put(s, "I.R1", ORANGE)
    chamber(s, "I.R1", brown=1)
    s.money[ORANGE] = 0
    give_tools(s, ORANGE, "cart")
    play(s, "extract I.R1")
    # one cart must cover both paying spaces; a cube may be taken before the cart is declared
    assert legal(s) == {"take brown", "cart S2+S1"}
    play(s, "take brown")
    assert legal(s) == {"cart S2+S1"}
    play(s, "cart S2+S1", "done")
    assert s.money[ORANGE] == 0 and s.salt[ORANGE][0] == 2


def test_MS_24_mapped_mine_observation_and_standard_hiding():
    s = new(3)
    obs = s.observation(1)
    assert obs["tile"] == [None] * 18
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE)
    play(s, "place", "from supply", "to I.L1")
    obs = s.observation(2)
    assert obs["tile"][SP["I.L1"] - 6] == s.tile[SP["I.L1"] - 6]
    assert sum(t is not None for t in obs["tile"]) == 1


def test_MS_26_hidden_information_absent():
    s = GAME.new_initial_state(num_players=3, seed=4)
    obs = s.observation(0)
    assert obs["order_stack"] == len(s.order_stack) and obs["pile"] == 4 and obs["deck"] == 14
    dump = json.dumps(s.observation(None))
    assert "order_stack" in dump and "rng" not in obs


def _hidden_variant(s):
    """The same position with every hidden part changed."""
    t = s.clone()
    if s.variant == "mapped-mine":
        t.order_stack = t.order_stack[::-1]
        t.deck = t.deck[::-1]
        return t
    t.order_stack = t.order_stack[::-1]
    t.deck = t.deck[::-1]
    t.pile = t.pile[1:] + t.pile[:1]
    tile = t.tile[:]
    for lvl, chambers in C.LEVEL_CHAMBERS.items():
        hidden = [c for c in chambers if not t.revealed[c]]
        vals = [tile[c] for c in hidden]
        for c, v in zip(hidden, vals[1:] + vals[:1]):
            tile[c] = v
    t.tile = tile
    return t


@pytest.mark.parametrize("variant", ["standard", "mapped-mine"])
def test_MS_26_resample_depends_only_on_observation(variant):
    s = GAME.new_initial_state(num_players=3, seed=9, variant=variant)
    r = random.Random(0)
    for _ in range(40):
        s.apply_action(r.choice(s.legal_actions()))
    t = _hidden_variant(s)
    assert json.dumps(s.observation(1), sort_keys=True) == json.dumps(t.observation(1), sort_keys=True)
    a = s.resample_hidden(1, random.Random(5))
    b = t.resample_hidden(1, random.Random(5))
    assert json.dumps(a.to_dict(), sort_keys=True) == json.dumps(b.to_dict(), sort_keys=True)
    assert json.dumps(a.observation(1), sort_keys=True) == json.dumps(s.observation(1), sort_keys=True)
    assert sorted(a.pile + a.deck + a.gone_hidden) == sorted(s.pile + s.deck + s.gone_hidden)


def test_state_dict_round_trip_and_rejects_malformed():
    s = GAME.new_initial_state(num_players=4, seed=2)
    r = random.Random(1)
    for _ in range(200):
        s.apply_action(r.choice(s.legal_actions()))
    d = json.loads(json.dumps(s.to_dict()))
    t = GAME.state_from_dict(d)
    assert json.dumps(t.to_dict(), sort_keys=True) == json.dumps(s.to_dict(), sort_keys=True)
    assert [a.text for a in t.legal_actions()] == [a.text for a in s.legal_actions()]
    for key, bad in (
        ("money", [1, 2]),
        ("stage", "nowhere"),
        ("tile", ["X"] * 18),
        ("occ", [9] * 24),
        ("salt", [[1, 0]] * 4),
        ("turn", 7),
        ("ctx", [[1]]),
        ("actions_left", -1),
        ("round", 0),
        ("capped", -1),
        ("order_counter", -1),
        ("rounds_total", -1),
        ("order_counter", 9),
        ("actions_left", 3),
        ("arrivals", -2),
        ("tile", ["I-1"] * 8 + list(C.TILES_BY_LEVEL["II"]) + list(C.TILES_BY_LEVEL["III"])),
    ):
        e = json.loads(json.dumps(d))
        e["state"][key] = bad
        with pytest.raises(meeple.InvalidRecordError):
            GAME.state_from_dict(e)


def test_options_checked():
    with pytest.raises(meeple.InvalidConfigError):
        GAME.new_initial_state(num_players=3, cart_max_cubes=0)
    with pytest.raises(meeple.InvalidConfigError):
        GAME.new_initial_state(num_players=3, max_rounds=-1)
    with pytest.raises(meeple.InvalidConfigError):
        GAME.new_initial_state(num_players=5)
    s = GAME.new_initial_state(num_players=2, cart_max_cubes=2, max_rounds=0)
    assert s.options == {"cart_max_cubes": 2, "max_rounds": 0}


def test_max_rounds_safety_cap_ends_phase():
    s = GAME.new_initial_state(num_players=2, seed=1, max_rounds=2)
    first = s.start
    for _ in range(5):  # round 1: 1 action each, round 2: 2 each
        s.apply_action("pass")
    assert s.phase == 0
    s.apply_action("pass")
    assert s.phase == 1 and s.start == 1 - first and any("max_rounds" in e for e in s.events)


def test_why_illegal_names_rules():
    s = new(3)
    e = assert_illegal(s, "fly away", "MS-7.1")
    assert "not a Magnum Sal action" in str(e)
    assert_illegal(s, "take brown", "MS-5.4")  # not in an extraction
    assert_illegal(s, "extract I.R1")
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE)
    put(s, "I.R1", ORANGE, 0, tired=1)
    chamber(s, "I.R1", brown=1)
    assert_illegal(s, "extract I.R1", "MS-11.2")


def test_MS_22_game_ends_after_phase_three():
    s = GAME.new_initial_state(num_players=2, seed=3, max_rounds=1)
    p = s.start  # he begins with 10 groše (MS-3.3)
    while not s.is_terminal():
        s.apply_action("pass")
    assert s.phase == 2 and s.over and s.current_player == meeple.TERMINAL
    assert s.scores()[p] == 10 + 3 and s.scores()[1 - p] == 12 + 3
    assert s.ranking() == [1 - p, p]


def test_text_render_and_heuristics():
    from rich.console import Console

    s = GAME.new_initial_state(num_players=4, seed=6, variant="mapped-mine")
    r = random.Random(2)
    for _ in range(150):
        s.apply_action(r.choice(s.legal_actions()))
    con = Console(width=100, record=True)
    con.print(text.render(s, 1))
    out = con.export_text()
    assert "Mine" in out and "Orders" in out and "III.R" in out and "Inn" in out
    assert max(len(line) for line in out.splitlines()) <= 100
    std = GAME.new_initial_state(num_players=3, seed=6)
    con = Console(width=100, record=True)
    con.print(text.render(std, None))
    assert "??" in con.export_text()
    for seat in range(4):
        v = heuristics.evaluate(s, seat)
        assert isinstance(v, float)
    a = heuristics.rollout_action(s, s.legal_actions(), random.Random(0))
    assert a in s.legal_actions()


def test_MS_10_5_two_shared_spaces_paid_in_travel_order():
    s = new(3)
    for sp in ("S1", "S2"):
        put(s, sp, BLACK)
        put(s, sp, PURPLE)
    put(s, "I.R1", ORANGE, 2)
    chamber(s, "I.R1", brown=2)
    s.money = [10, 0, 0]
    play(s, "extract I.R1", "take brown", "take brown", "done")
    assert s.ctx == [[SP["S2"], 2], [SP["S1"], 2]] and s.money[ORANGE] == 6
    play(s, "pay black", "pay purple", "pay purple")
    assert s.ctx == [[SP["S1"], 1]]
    play(s, "pay purple")
    assert s.money == [6, 1, 3] and s.stage == "main"


def test_MS_20_5_two_capped_carts_on_one_space():
    s = new(3, cart_max_cubes=2)
    put(s, "S1", BLACK)
    put(s, "S2", ORANGE)
    put(s, "I.R1", ORANGE, 4)
    chamber(s, "I.R1", brown=3, green=1)
    give_tools(s, ORANGE, "cart", "cart")
    s.money[ORANGE] = 20
    play(s, "extract I.R1", "take brown", "take brown", "take brown", "take green", "cart S1", "cart S1", "done")
    assert s.money[ORANGE] == 20  # 2 + 2 cubes carried free through S1
    s = new(3, cart_max_cubes=2)
    put(s, "S1", BLACK)
    put(s, "S2", ORANGE)
    put(s, "I.R1", ORANGE, 4)
    chamber(s, "I.R1", brown=3, green=1)
    give_tools(s, ORANGE, "cart")
    s.money[ORANGE] = 20
    play(s, "extract I.R1", "take brown", "take brown", "take brown", "cart S1", "done")
    assert s.money[ORANGE] == 19  # 3 cubes, 2 carried free


def test_MS_9_3_rope_reveals_each_chamber():
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE)
    give_tools(s, ORANGE, "rope")
    play(s, "place", "from supply", "to I.L1", "rope", "from supply", "to I.R1")
    assert s.revealed[SP["I.L1"] - 6] and s.revealed[SP["I.R1"] - 6]
    assert sum(s.revealed) == 2


def test_MS_19_5_castle_assistant_paid_per_completion():
    s = new(3)
    s.orders_up = ["O1-1", "O1-5", "O1-6"]
    s.order_stack = ["O1-2"]
    s.assist[3] = PURPLE
    s.money[PURPLE] = 0
    s.salt[BLACK] = [2, 0, 0]
    arrive(s, BLACK)
    assert s.money[PURPLE] == 1 and s.orders_up == ["O1-2", "O1-5", "O1-6"] and s.order_stack == []


# ------------------------------------------------------------------ tester's report (round 2)
def test_MS_13_2_building_twice_named_not_inn_rule():
    s = new(3)
    s.money[ORANGE] = 30
    play(s, "inn")
    assert_illegal(s, "inn", "MS-13.2")  # same building twice, not MS-14.3
    assert_illegal(s, "inn inn", "MS-7.1")  # no such notation
    assert_illegal(s, "square x", "MS-7.1")
    play(s, "square")
    assert s.money[ORANGE] == 30 - 5 + 1 and s.current_player == 1


def test_MS_14_3_inn_unaffordable_and_MS_14_2_closed():
    s = new(3)
    s.money[ORANGE] = 4  # the inn marker is on index 2 (3 players): 5 groše
    assert_illegal(s, "inn", "MS-14.3")
    s.money[ORANGE] = 20
    s.inn = len(C.INN_TRACK)
    assert_illegal(s, "inn", "MS-14.2")


def test_MS_13_2_pump_more_after_the_visit():
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE)
    put(s, "I.R1", ORANGE)
    chamber(s, "I.R1", brown=1, water=3)
    s.money[ORANGE] = 10
    play(s, "pump I.R1", "pump more", "done")
    assert cubes(s, "I.R1") == ((1, 0, 0), 1) and s.money[ORANGE] == 8  # 2 cubes: 0 + 2
    assert [e for e in s.events if "pump" in e] == ["orange pumps 2 water from I.R1 at the pump house (2 groše)"]
    assert_illegal(s, "pump more", "MS-13.2")
    assert_illegal(s, "pump I.R1", "MS-13.2")


def test_event_wording_uses_groš_and_no_plural_brackets():
    s, _ = play_random_game(3, 5)
    text_all = "\n".join(s.events)
    assert "grosz" not in text_all and "cents" not in text_all and "(s)" not in text_all
    assert "groš" in text_all


def play_random_game(n, seed):
    s = GAME.new_initial_state(num_players=n, seed=seed)
    r = random.Random(seed)
    k = 0
    while not s.is_terminal():
        s.apply_action(r.choice(s.legal_actions()))
        k += 1
    return s, k


def test_MS_22_final_scoring_events():
    s, _ = play_random_game(2, 3)
    ev = s.events
    i = next(k for k, e in enumerate(ev) if e.startswith("Game over. Final scoring"))
    lines = ev[i + 1 : i + 3]
    for seat, line in enumerate(lines):
        name = C.SEAT_COLOURS[seat]
        nt = len(s.tools[seat])
        assert line == (
            f"{name}: money {s.money[seat]} + salt {sum(s.salt[seat])} x 3 + tools ({nt}) "
            f"{C.tool_end_value(nt)} = {s.scores()[seat]} groše; orders {len(s.orders_done[seat])}, "
            f"miners {s.owned[seat]}, tools {nt}"
        )
    r = s.ranking()
    assert (
        ev[i + 3]
        == f"Ranking: 1. {C.SEAT_COLOURS[r[0]]} {s.scores()[r[0]]}, 2. {C.SEAT_COLOURS[r[1]]} {s.scores()[r[1]]}"
    )


def test_render_80_columns_compact_and_game_over():
    from rich.console import Console

    s = GAME.new_initial_state(num_players=4, seed=3)
    r = random.Random(1)
    for _ in range(300):
        s.apply_action(r.choice(s.legal_actions()))
    con = Console(width=80, record=True)
    con.print(text.render(s, 0))
    out = con.export_text()
    lines = out.splitlines()
    assert max(len(x) for x in lines) <= 80 and len(lines) <= 40
    assert "entering" in out and "flipped" in out and "owned/free" in out  # the legend
    assert "grosz" not in out and "…" not in out  # nothing truncated
    while not s.is_terminal():
        s.apply_action(r.choice(s.legal_actions()))
    s.triggered = True
    con = Console(width=80, record=True)
    con.print(text.render(s, None))
    out = con.export_text()
    assert "phase ends after this round" not in out and "Ranking: 1." in out
    assert "*" not in out.split("Mine")[1].split("O orange")[0]  # no start marker after the game


def test_MS_20_5_no_pointless_two_space_cart():
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    put(s, "I.R1", ORANGE)
    put(s, "I.R2", ORANGE)
    chamber(s, "I.R2", brown=2)
    give_tools(s, ORANGE, "cart")
    s.money[ORANGE] = 10
    play(s, "extract I.R2", "take brown")
    got = legal(s)
    assert "cart S2+S1" in got and "cart S2" in got and "cart S1" in got
    assert "cart I.R1+S2" not in got and "cart I.R1" not in got  # I.R1 holds orange's own miner


def test_render_in_the_play_panel_at_80_columns_cuts_no_label():
    """`meeple play` draws the board in a panel: at 80 columns III.L/III.R and 'ord' stay whole."""
    from rich.console import Console
    from rich.panel import Panel

    s = GAME.new_initial_state(num_players=4, seed=3)
    con = Console(width=80, record=True)
    con.print(Panel(text.render(s, 0)))
    out = con.export_text()
    assert "…" not in out and "III.L" in out and "III.R" in out and " ord " in out


def test_MS_10_3_status_line_previews_the_transport_fee():
    from rich.console import Console

    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    put(s, "I.R1", ORANGE)
    put(s, "I.R2", ORANGE, k=2)
    chamber(s, "I.R2", brown=2)
    s.money[ORANGE] = 10
    play(s, "extract I.R2", "take brown", "take brown")
    con = Console(width=200, record=True)
    con.print(text.render(s, 0))
    assert "taken b2, pickaxes 0, carts 0; fee so far 4 groše (2 paying spaces, MS-10.3)" in con.export_text()


def test_status_line_when_only_a_tool_is_left():
    from rich.console import Console

    s = new(3)
    give_tools(s, ORANGE, "food")
    put(s, "S1", ORANGE, tired=1)
    s.actions_left = 0
    con = Console(width=100, record=True)
    con.print(text.render(s, 0))
    out = con.export_text()
    assert "no action left; use a tool (bucket, food) or 'done'" in out and "0 action" not in out


# ------------------------------------------------------------------ heuristics (greedy)
def test_heuristics_value_a_resting_pass_above_the_town_square():
    """MS-11.3: with tired miners, a first 'pass' (to rest) is worth more than +1 groš."""
    s = new(2)
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE)
    put(s, "I.R1", ORANGE, tired=3)
    chamber(s, "I.R1", brown=2, green=1)
    after_pass = s.clone()
    after_pass.apply_action("pass")
    after_square = s.clone()
    after_square.apply_action("square")
    assert heuristics.evaluate(after_pass, ORANGE) > heuristics.evaluate(after_square, ORANGE) + 1
    from meeple.agents import make

    assert make("greedy", 0).choose(s).text == "pass"


def _deep_white_orders():
    """Phase III, 2 players: the face-up orders all need white salt (MS-19.4); orange holds
    S1-S4, level II is dug out, the white lies in III.L1 behind the empty shaft sections S5
    and S6."""
    s = new(2)
    s.phase = 2
    s.orders_up = ["O3-4", "O3-8", "O3-6"]
    for space in ("S1", "S2", "S3", "S4"):
        put(s, space, ORANGE)
    for space in ("II.L1", "II.L2", "II.L3", "II.R1", "II.R2", "II.R3"):
        chamber(s, space)  # level II dug out
    chamber(s, "III.L1", white=3)
    return s


def test_heuristics_count_the_way_to_the_orders_salt():
    """MS-21.1 ends a phase only by royal orders: each space filled on the way to the salt
    they need brings the order an action nearer (heuristics._ways), and that counts more the
    longer the phase lasts (heuristics._urgency), so idling at the town square (MS-18) stops
    being the best move in a phase that drags on."""
    s = _deep_white_orders()
    # S5 and S6 to fill, a miner of orange's own in III.L1, the extraction (no water)
    assert heuristics._ways(s, ORANGE)[2][0][:3] == (4, 1, 3)
    filled = s.clone()
    put(filled, "S5", ORANGE)
    assert heuristics._ways(filled, ORANGE)[2][0][:3] == (3, 1, 3)
    s.round = filled.round = 3
    assert heuristics._urgency(s, ORANGE) == 0.0
    early = heuristics.evaluate(filled, ORANGE) - heuristics.evaluate(s, ORANGE)
    s.round = filled.round = 20
    assert heuristics._urgency(s, ORANGE) == heuristics.URGENCY_MAX
    late = heuristics.evaluate(filled, ORANGE) - heuristics.evaluate(s, ORANGE)
    assert late == pytest.approx(early + heuristics.URGENCY_MAX * heuristics.REACH)
    s.triggered = True  # the phase ends this round: no order starts any more
    assert heuristics._urgency(s, ORANGE) == 0.0


def test_heuristics_value_a_whole_turn_at_one_urgency():
    """MS-5.1: one turn a player a round. Black starts; orange's turn is the round's last, so
    its last action starts round 13. heuristics._urgency counts the round of the seat's last
    turn, so orange's whole turn is valued at the urgency of round 12, and the action that
    ends the round gains nothing from the new round alone. Counted by the round number, a
    second 'pass' (its last action, MS-11.3) was worth more than the first by the urgency's
    step: 0.2 x 4 groše for each of the 11 actions the way to the white is shorter than 16."""
    s = _deep_white_orders()
    s.start = 1
    turn(s, ORANGE, actions=2, round_=12)
    assert heuristics._urgency(s, ORANGE) == pytest.approx(1.4)
    once = s.clone()
    once.apply_action("pass")
    assert (once.round, once.turn) == (12, ORANGE)
    twice = once.clone()
    twice.apply_action("pass")
    assert (twice.round, twice.turn) == (13, BLACK)
    assert heuristics._urgency(twice, ORANGE) == pytest.approx(1.4)  # orange's next turn is to come
    assert heuristics._urgency(twice, BLACK) == pytest.approx(1.6)
    assert heuristics.evaluate(twice, ORANGE) == pytest.approx(heuristics.evaluate(once, ORANGE))


def test_heuristics_count_no_miner_twice_on_the_way_to_the_salt():
    """MS-10.1/MS-14: orange's only rested miner stands in III.L1 (shared with black) over the
    white an order needs, and the supply is empty. That miner is the strength there (1 cube an
    extraction), not a free miner to send: a further cube takes a hire at the inn and a
    placement (2 actions a cube, heuristics._ways). After a hire it is 1 action a cube."""
    s = _deep_white_orders()
    for space in ("S5", "S6"):
        put(s, space, ORANGE, k=0, tired=1)
    put(s, "III.L1", ORANGE)
    put(s, "III.L1", BLACK)
    s.supply[ORANGE] = 0
    s.owned[ORANGE] = 7  # S1-S6 and III.L1: the inn has miners to hire (MS-14.3)
    assert heuristics._ways(s, ORANGE)[2][0] == (1, 1, 3, 2)
    hired = s.clone()
    hired.apply_action("inn")
    assert hired.supply[ORANGE] == 1
    assert heuristics._ways(hired, ORANGE)[2][0] == (1, 1, 3, 1)


def test_MS_16_1_greedy_values_a_pump_visit_by_the_water_it_removes():
    """MS-16.1/MS-10.1: orange's 2 rested miners stand in III.L1 over the white the orders
    need, behind 3 water; round 20. The first cube is free, the 2nd costs 2, the 3rd 3: only
    all three let the miners extract. Valued cube by cube, a cube that leaves water opens
    nothing, so the visit stopped after the free cube and greedy placed a miner instead. The
    visit is now valued by where it stops (heuristics._best_pumping): all 3 cubes, 5 groše."""
    from meeple.agents import make

    s = _deep_white_orders()
    for space in ("S5", "S6"):
        put(s, space, ORANGE)
    put(s, "III.L1", ORANGE, k=2)
    chamber(s, "III.L1", white=3, water=3)
    turn(s, ORANGE, round_=20)
    pumped = heuristics._complete(play(s.clone(), "pump III.L1"), ORANGE)
    assert pumped.stage == "main"
    assert cubes(pumped, "III.L1") == ((0, 0, 3), 0)
    assert pumped.money[ORANGE] == s.money[ORANGE] - 5
    assert make("greedy", 0).choose(s).text == "pump III.L1"


def test_MS_19_4_a_completed_order_keeps_the_way_to_it():
    """MS-19.4: orange's miner reaches the castle at the start of its next turn with the 2
    brown of O1-1 in its supply; it is round 20 (urgency 2). Met with a miner queued, the
    order is the end of the way (heuristics._reach: 16 actions x 4 groše x 2); the
    completion takes the salt and the order away, so on the static value alone it looked no
    better than selling the salt now and paying the MS-19.6 penalty. Seen from the bot's
    root, the completed order keeps that value (heuristics.banked), so keeping the salt for
    the delivery is worth the most."""
    from meeple.agents import base

    s = new(2)
    s.orders_up = ["O1-1", "O1-5", "O1-6"]
    s.order_stack = ["O1-2", "O1-7"]
    s.salt[ORANGE] = [2, 0, 0]
    put(s, "S1", ORANGE)
    put(s, "S1", BLACK)
    turn(s, ORANGE, round_=20)
    s.q_left[ORANGE] = 1
    s.owned[ORANGE] += 1
    assert heuristics._urgency(s, ORANGE) == heuristics.URGENCY_MAX
    kept = play(s.clone(), "square", "pass", "square", "pass")
    assert kept.orders_done[ORANGE] == ["O1-1"] and kept.turn == ORANGE
    sold = play(s.clone(), "market", "sell brown", "done", "pass", "square", "pass")
    assert sold.orders_done[ORANGE] == [] and sold.salt[ORANGE] == [1, 0, 0]
    full = heuristics.URGENCY_MAX * heuristics.REACH * heuristics.REACH_STEPS
    assert heuristics.banked(kept, ORANGE, s) == full == 128
    assert heuristics.banked(sold, ORANGE, s) == 0.0
    assert heuristics.banked(kept, BLACK, s) == 0.0
    assert base.evaluate(kept, ORANGE, s) == pytest.approx(base.evaluate(kept, ORANGE) + full)
    assert base.evaluate(kept, ORANGE, s) > base.evaluate(s, ORANGE, s) > base.evaluate(sold, ORANGE, s)


def test_MS_8_1_greedy_values_a_placement_by_the_miner_that_goes():
    """MS-8.1: a placement takes *one available miner* and puts it on a space; with no miner in
    the supply, which board miner goes matters as much as where. The evaluation of 'place'
    (the greedy completion of the whole action) is that of the best miner with its best
    space: the miner of the dug-out II.R1 to S5, on the way to the white of III.L1, not the
    first one listed (II.L1, whose brown it would leave)."""
    s = _deep_white_orders()
    chamber(s, "II.L1", brown=2)
    put(s, "II.L1", ORANGE)
    put(s, "II.R1", ORANGE)
    s.supply[ORANGE] = 0
    s.round = 20  # the phase drags on: the way to the orders' salt counts (heuristics._urgency)

    def after(*actions):
        c = s.clone()
        for a in actions:
            c.apply_action(a)
        return heuristics.static_value(c, ORANGE)

    placing = s.clone()
    placing.apply_action("place")
    assert [a.text for a in placing.legal_actions()] == ["from II.L1", "from II.R1"]
    best = after("place", "from II.R1", "to S5")
    assert best > after("place", "from II.L1", "to S5") > after("place", "from II.L1", "to S1")
    assert heuristics.evaluate(placing, ORANGE) == best
    square = s.clone()
    square.apply_action("square")
    assert best > heuristics.evaluate(square, ORANGE)
    from meeple.agents import make

    bot = make("greedy", 0)
    chosen = []
    for _ in range(3):
        a = bot.choose(s)
        chosen.append(a.text)
        s.apply_action(a)
    assert chosen == ["place", "from II.R1", "to S5"]


def test_MS_22_1_last_turn_tool_is_money_lost():
    """Last turn of the game: a second tool keeps the table value at 2 (MS-22.1), so buying
    it for 4 lowers the value by exactly 4; greedy does not buy it."""
    s = new(2)
    s.phase = 2
    s.triggered = True
    s.start = 0
    turn(s, BLACK, actions=1)
    s.money[BLACK] = 20
    give_tools(s, BLACK, "rope")
    s.display = ["rope", "food", "cart"]
    before = heuristics.evaluate(s, BLACK)
    assert before == s.scores()[BLACK] == 20 + 3 + 2
    bought = s.clone()
    bought.apply_action("workshop 4 food")
    assert bought.over and heuristics.evaluate(bought, BLACK) == before - 4
    from meeple.agents import make

    assert make("greedy", 0).choose(s).text == "square"


def _placing_from_supply():
    """Orange, with 10 groše, placing a miner from the supply: the destination is asked next."""
    s = new(2)
    s.money[ORANGE] = 10
    play(s, "place", "from supply")
    return s


def test_MS_5_4_refusal_names_the_step_in_words():
    s = _placing_from_supply()
    with pytest.raises(meeple.IllegalActionError) as e:
        s.apply_action("square")
    assert "finish the current step first (placing a miner: where to?)" in str(e.value)
    assert "place_to" not in str(e.value)


def test_MS_2_a_space_that_does_not_exist_is_named_as_such():
    s = _placing_from_supply()
    with pytest.raises(meeple.IllegalActionError) as e:
        s.apply_action("to S9")
    assert e.value.rule == "MS-2" and "there is no space 'S9' in the mine" in str(e.value)
    with pytest.raises(meeple.IllegalActionError) as e:
        s.apply_action("to S2")  # a real space the chain rule forbids keeps its rule
    assert e.value.rule == "MS-8.3"


def test_MS_14_MS_17_legend_explains_the_bracket_markers_of_inn_and_market():
    """The town's ``[ ]`` marks are explained by the legend and mean what the rules charge: the
    inn's bracket is the next hire's cost (MS-14.1); a market column's brackets are its cubes,
    the cheapest bought first (MS-17.4) and a sale paid the dearest empty space (MS-17.3)."""
    import re

    from rich.console import Console

    assert "Inn [6]: the next miner's cost" in text.LEGEND
    assert "Market [4]: a cube on that space" in text.LEGEND and "cheapest [ ]" in text.LEGEND
    s = GAME.new_initial_state(num_players=3, seed=5)
    s.market = [2, 1, 0]
    con = Console(width=100, record=True)
    con.print(text.render(s, 0))
    out = con.export_text()
    inn = next(x for x in out.splitlines() if x.startswith("Inn"))
    assert re.search(r"\[(\d)\]", inn).group(1) == str(C.INN_TRACK[s.inn])
    market = next(x for x in out.splitlines() if x.startswith("Market"))
    for col, letter in enumerate("bgw"):
        cells = re.search(rf" {letter} ((?:\s?\[?\d\]?\s?)+)", market).group(1)
        marks = re.findall(r"(\[?)(\d)\]?", cells)
        held = [int(p) for b, p in marks if b]
        free = [int(p) for b, p in marks if not b]
        assert len(held) == s.market[col]
        assert (min(held) if held else None) == C.buy_price(col, s.market[col])
        assert (max(free) if free else None) == C.sell_price(col, s.market[col])
