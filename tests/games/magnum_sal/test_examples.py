"""Every scenario of shared/games/magnum_sal/EXAMPLES.md, one test each, named after its rule id.

The position helpers at the top (edit state fields directly) are reused by test_rules.py.
"""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.games.magnum_sal import components as C
from meeple.games.magnum_sal import rules

GAME = meeple.load_game("magnum-sal")
ORANGE, BLACK, PURPLE, WHITE = range(4)
SP = C.SPACE_INDEX


def new(n=3, seed=0, variant="standard", **opts):
    """A fresh game with an empty mine, positioned at ``seat`` 0's turn of round 2; orange
    (seat 0) is the start player with 10 groše (MS-3.3 draws him at random)."""
    s = GAME.new_initial_state(num_players=n, seed=seed, variant=variant, **opts)
    s.start = 0
    s.money = list(C.STARTING_MONEY[:n])
    turn(s, 0)
    return s


def turn(s, seat, actions=2, round_=2):
    """Make it ``seat``'s turn, in the main menu, with ``actions`` actions left."""
    s.turn = seat
    s.round = round_
    s.stage = "main"
    s.ctx = []
    s.actions_left = actions
    s.visited = []
    s.acted = False
    s.arrivals = 0
    s._legal_cache = None
    return s


def put(s, space, seat, k=1, tired=0):
    """Add ``k`` rested and ``tired`` tired miners of ``seat`` on ``space`` (owned grows)."""
    i = SP[space]
    n = s.num_players
    s.rested[i * n + seat] += k
    s.tired[i * n + seat] += tired
    s.occ[i] += k + tired
    s.owned[seat] += k + tired
    s._legal_cache = None


def chamber(s, space, brown=0, green=0, white=0, water=0):
    """Make ``space`` a revealed chamber holding exactly these cubes."""
    c = SP[space] - C.FIRST_CHAMBER
    s.revealed[c] = True
    s.csalt[c] = [brown, green, white]
    s.water[c] = water
    s._legal_cache = None


def cubes(s, space):
    c = SP[space] - C.FIRST_CHAMBER
    return tuple(s.csalt[c]), s.water[c]


def give_tools(s, seat, *kinds):
    for k in kinds:
        s.tools[seat].append(k)
        s.tools_used[seat].append(False)
    s._legal_cache = None


def arrive(s, seat, k=1):
    """Start ``seat``'s turn with ``k`` of its miners reaching the castle (MS-6.2)."""
    turn(s, seat)
    s.q_left[seat] = k
    s.owned[seat] += k
    rules._begin_turn(s)
    s._legal_cache = None


def legal(s):
    return {a.text for a in s.legal_actions()}


def assert_illegal(s, text, rule=None):
    """The action is rejected (with ``rule`` if given) and the state is unchanged."""
    before = json.dumps(s.to_dict(), sort_keys=True)
    with pytest.raises(meeple.IllegalActionError) as e:
        s.apply_action(text)
    if rule is not None:
        assert e.value.rule == rule, str(e.value)
    assert json.dumps(s.to_dict(), sort_keys=True) == before
    return e.value


def play(s, *texts):
    for t in texts:
        s.apply_action(t)
    return s


def rested(s, space, seat):
    return s.rested[SP[space] * s.num_players + seat]


def tired(s, space, seat):
    return s.tired[SP[space] * s.num_players + seat]


# =====================================================================================
# Part A - the rulebook's worked examples
# =====================================================================================
def ex1_board(seat):
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    put(s, "S2", ORANGE)
    put(s, "I.R1", BLACK)
    chamber(s, "I.R1", brown=1, green=1, water=1)
    put(s, "I.R2", ORANGE)
    chamber(s, "I.R2", brown=1, green=2, water=2)
    put(s, "S3", ORANGE)
    chamber(s, "II.R1", brown=1, green=2, white=1, water=2)
    return turn(s, seat)


def test_MS_8_3_chain_rule_ex1():
    # row 1: Orange S2 -> I.L1 legal, I.L1 revealed
    s = play(ex1_board(ORANGE), "place", "from S2", "to I.L1")
    assert rested(s, "I.L1", ORANGE) == 1 and s.revealed[SP["I.L1"] - 6]
    # row 2: Orange I.R2 -> I.R3 illegal
    s = play(ex1_board(ORANGE), "place", "from I.R2")
    assert_illegal(s, "to I.R3", "MS-8.3")
    # row 3: Orange I.R2 -> S4 legal
    s = play(ex1_board(ORANGE), "place", "from I.R2", "to S4")
    assert rested(s, "S4", ORANGE) == 1 and rested(s, "I.R2", ORANGE) == 0
    # row 4: Orange S3 -> I.R3 legal
    s = play(ex1_board(ORANGE), "place", "from S3", "to I.R3")
    assert rested(s, "I.R3", ORANGE) == 1
    # row 5: Orange S3 -> S4 illegal
    s = play(ex1_board(ORANGE), "place", "from S3")
    assert_illegal(s, "to S4", "MS-8.3")
    # row 6: Black's S1 miner cannot move anywhere
    s = play(ex1_board(BLACK), "place")
    assert "from S1" not in legal(s)
    assert_illegal(s, "from S1", "MS-7.3")
    # row 7: Black S2 -> I.L1 legal
    s = play(ex1_board(BLACK), "place", "from S2", "to I.L1")
    assert rested(s, "I.L1", BLACK) == 1
    # row 8: Black I.R1 -> S4 illegal (Orange in I.R2 cut off, I.R1 still has salt)
    s = play(ex1_board(BLACK), "place")
    assert "from I.R1" not in legal(s)
    # every Orange miner may be moved
    s = play(ex1_board(ORANGE), "place")
    assert {"from S2", "from I.R2", "from S3"} <= legal(s)


def test_MS_8_3_placement_connected_ex2():
    s = play(ex1_board(ORANGE), "place", "from supply")
    assert_illegal(s, "to II.R1", "MS-8.3")
    play(s, "to S4", "place", "from supply", "to II.R1")
    assert rested(s, "II.R1", ORANGE) == 1


def ex3_board(seat):
    s = new(3)
    put(s, "S1", PURPLE)
    put(s, "S2", PURPLE)
    chamber(s, "I.L1", brown=1, water=1)
    put(s, "I.R1", BLACK)
    chamber(s, "I.R1", brown=1, green=1, water=1)
    put(s, "I.R2", PURPLE)
    chamber(s, "I.R2")
    put(s, "I.R3", BLACK)
    chamber(s, "I.R3")
    put(s, "I.R4", BLACK)
    chamber(s, "I.R4")
    return turn(s, seat)


def test_MS_8_4_exhausted_corridor_ex3():
    s = play(ex3_board(PURPLE), "place", "from I.R2")
    assert "to I.L2" not in legal(s)
    play(s, "to I.L1")
    assert rested(s, "I.R2", PURPLE) == 0 and rested(s, "I.L1", PURPLE) == 1
    assert rested(s, "I.R3", BLACK) == 1 and rested(s, "I.R4", BLACK) == 1  # stay, unconnected
    assert cubes(s, "I.L1") == ((1, 0, 0), 1)  # nothing new placed
    after = s.to_dict()
    # Black moves its I.R1 miner to S3 -> legal (MS-8.5)
    s1 = GAME.state_from_dict(after)
    turn(s1, BLACK)
    play(s1, "place", "from I.R1", "to S3")
    assert rested(s1, "S3", BLACK) == 1
    # Black moves its I.R4 miner to S3 -> legal
    s2 = GAME.state_from_dict(after)
    turn(s2, BLACK)
    play(s2, "place", "from I.R4", "to S3")
    assert rested(s2, "S3", BLACK) == 1
    # Purple places from supply on I.R3 -> illegal
    s3 = GAME.state_from_dict(after)
    turn(s3, PURPLE)
    play(s3, "place", "from supply")
    assert_illegal(s3, "to I.R3", "MS-8.3")
    # before Purple's move: Black's I.R1 miner may not leave (Purple in I.R2 would be cut off)
    s4 = play(ex3_board(BLACK), "place")
    assert_illegal(s4, "from I.R1", "MS-7.3")


def ex4_board(orange_money=10):
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    put(s, "S2", ORANGE)
    put(s, "I.R1", BLACK)
    chamber(s, "I.R1", brown=1, green=1, water=1)
    put(s, "I.R2", ORANGE, 2)
    chamber(s, "I.R2", brown=1, green=1)
    s.money[ORANGE] = orange_money
    s.money[BLACK] = 10
    return turn(s, ORANGE)


def test_MS_10_3_transport_fees_ex4():
    s = ex4_board()
    salt = s.salt[ORANGE][:]
    play(s, "extract I.R2", "take brown", "take green", "done")
    assert s.money[ORANGE] == 6 and s.money[BLACK] == 14
    assert s.salt[ORANGE] == [salt[0] + 1, salt[1] + 1, 0]
    assert cubes(s, "I.R2") == ((0, 0, 0), 0)
    assert tired(s, "I.R2", ORANGE) == 2 and rested(s, "I.R2", ORANGE) == 0
    # with 3 groše: 2 cubes illegal, 1 cube costs 2 and tires 1 miner
    s = play(ex4_board(3), "extract I.R2", "take brown")
    assert_illegal(s, "take green", "MS-10.1")
    play(s, "done")
    assert s.money[ORANGE] == 1 and s.money[BLACK] == 12
    assert tired(s, "I.R2", ORANGE) == 1 and rested(s, "I.R2", ORANGE) == 1


def ex5_board():
    s = new(3)
    for seat in (BLACK, ORANGE, PURPLE):
        put(s, "S1", seat)
    put(s, "S2", BLACK)
    put(s, "S2", ORANGE)
    put(s, "I.R1", BLACK)
    put(s, "S3", PURPLE)
    put(s, "S3", BLACK)
    put(s, "S4", PURPLE)
    put(s, "II.R1", PURPLE, 4)
    chamber(s, "II.R1", brown=1, green=2, white=1, water=1)
    s.money = [10, 10, 10]
    return turn(s, PURPLE)


def test_MS_10_5_choosing_whom_to_pay_ex5():
    s = play(ex5_board(), "extract II.R1", "take brown", "take green", "take green")
    assert "take white" not in legal(s)  # strength 4 - 1 = 3
    play(s, "done")
    assert s.stage == "pay" and s.ctx == [[SP["S2"], 3]]
    assert legal(s) == {"pay orange", "pay black"}
    assert_illegal(s, "pay purple", "MS-10.5")
    play(s, "pay orange", "pay orange", "pay orange")
    assert s.money == [13, 10, 7]
    assert tired(s, "II.R1", PURPLE) == 4
    # a split 2 + 1 is possible too
    s = play(
        ex5_board(),
        "extract II.R1",
        "take brown",
        "take green",
        "take green",
        "done",
        "pay orange",
        "pay black",
        "pay orange",
    )
    assert s.money == [12, 11, 7]


def ex6_board(black_money=12, water=3):
    s = new(3)
    for sp in ("S1", "S2", "S3", "S4"):
        put(s, sp, BLACK)
    put(s, "II.L1", BLACK, 3)
    chamber(s, "II.L1", green=2, white=1, water=water)
    s.assist[1] = ORANGE
    s.money[BLACK] = black_money
    s.money[ORANGE] = 0
    return turn(s, BLACK)


def test_MS_16_1_pump_then_extract_ex6():
    s = ex6_board()
    play(s, "pump II.L1", "pump more", "pump more")
    assert s.money[BLACK] == 7 and s.money[ORANGE] == 1 and cubes(s, "II.L1")[1] == 0
    assert s.stage == "main" and s.actions_left == 1
    salt = s.salt[BLACK][:]
    play(s, "extract II.L1", "take green", "take green", "take white", "done")
    assert s.money[BLACK] == 7
    assert s.salt[BLACK] == [salt[0], salt[1] + 2, salt[2] + 1]
    assert tired(s, "II.L1", BLACK) == 3
    # 4 water cost 0 + 2 + 3 + 4 = 9
    s = play(ex6_board(water=4), "pump II.L1", "pump more", "pump more", "pump more")
    assert s.money[BLACK] == 12 - 9
    # without pumping, strength 0
    s = ex6_board()
    assert "extract II.L1" not in legal(s)
    assert_illegal(s, "extract II.L1", "MS-10.1")
    # pump 1 (free), then 1 cube, all 3 miners tired
    s = play(ex6_board(), "pump II.L1", "done", "extract II.L1", "take green")
    assert "take green" not in legal(s) and "take white" not in legal(s)
    play(s, "done")
    assert s.money[BLACK] == 12 and tired(s, "II.L1", BLACK) == 3
    # with 4 groše: 3 cubes (cost 5) impossible, 2 cubes (cost 2) fine
    s = play(ex6_board(black_money=4), "pump II.L1", "pump more")
    assert s.money[BLACK] == 2 and s.stage == "main"  # the 3rd cube costs 3: visit ends
    assert s.money[ORANGE] == 1
    # Black owning the assistant: the +1 does not help pay
    s = ex6_board(black_money=4)
    s.assist[1] = BLACK
    play(s, "pump II.L1", "pump more")
    assert s.stage == "main" and s.money[BLACK] == 3


def test_MS_10_extraction_leaves_a_clone_alone():
    """Chamber salt rows are shared between clones (copy on write): extracting in one copy
    changes neither the other copy nor the original."""
    s = play(ex6_board(), "pump II.L1", "pump more", "pump more")
    salt, water = cubes(s, "II.L1")
    other = s.clone()
    play(s, "extract II.L1", "take green", "take green", "take white", "done")
    assert cubes(other, "II.L1") == (salt, water)
    assert cubes(s, "II.L1")[0] == (salt[0], salt[1] - 2, salt[2] - 1)


def test_MS_17_market_two_transactions_ex7():
    s = new(3)
    s.market = [4, 1, 0]
    s.salt[PURPLE] = [2, 1, 0]
    s.money[PURPLE] = 4
    s.assist[2] = ORANGE
    m0 = s.money[ORANGE]
    turn(s, PURPLE)
    play(s, "market", "sell green")
    assert s.money[PURPLE] == 9 and s.market[1] == 2 and s.money[ORANGE] == m0
    play(s, "buy brown")
    assert s.salt[PURPLE] == [3, 0, 0] and s.money[PURPLE] == 6 and s.market == [3, 2, 0]
    assert s.money[ORANGE] == m0 + 1


# =====================================================================================
# Part B - edge cases
# =====================================================================================
def test_MS_5_2_one_action_first_round_ec1():
    s = GAME.new_initial_state(num_players=3, seed=1)
    p = s.start
    assert s.round == 1 and s.actions_left == 1 and s.current_player == p
    s.apply_action("square")
    assert s.current_player == (p + 1) % 3  # no second action
    s.apply_action("square")
    s.apply_action("square")
    assert s.current_player == p and s.round == 2 and s.actions_left == 2
    s.apply_action("square")
    assert s.current_player == p and s.actions_left == 1


def test_MS_13_2_same_building_twice_ec2():
    s = new(3)
    play(s, "inn")
    assert_illegal(s, "inn", "MS-13.2")
    s = new(3)
    s.salt[ORANGE] = [1, 0, 0]
    m = s.money[ORANGE]
    play(s, "assist market", "from supply", "market", "sell brown", "done")
    # sold for 3 (brown column on 4 and 5: next empty space is 3) and +1 from the own assistant
    assert s.money[ORANGE] == m + 3 + 1 and s.assist[2] == ORANGE


def test_MS_13_3_own_assistant_does_not_finance_ec3():
    s = new(3)
    s.assist[0] = ORANGE
    s.money[ORANGE] = 2
    s.display = ["rope", "cart", "food"]
    assert not any(t.startswith("workshop") for t in legal(s))
    assert_illegal(s, "workshop 3 rope", "MS-15.3")


def test_MS_14_inn_prices_ec4():
    for n, costs in ((4, [5, 5, 5, 6, 6, 7, 8]), (3, [5, 6, 6, 7, 8]), (2, [6, 7, 8])):
        s = new(n)
        paid = []
        for i in range(len(costs)):
            turn(s, i % n)
            s.money[i % n] = 50
            play(s, "inn")
            paid.append(50 - s.money[i % n])
        assert paid == costs
        turn(s, 0)
        assert "inn" not in legal(s)
        assert_illegal(s, "inn", "MS-14.2")
        rules._end_phase(s)
        assert s.inn == C.INN_START[n]
    s = new(3)
    s.owned[ORANGE] = 10
    assert "inn" not in legal(s)


def test_MS_15_2_workshop_sliding_ec5():
    s = new(3)
    s.display = ["rope", "cart", "food"]
    s.pile = ["bucket", "cart", "food", "pickaxe"]
    s.money[ORANGE] = 20
    play(s, "workshop 3 rope")
    assert s.display == ["cart", "food", "pickaxe"] and len(s.pile) == 3
    assert s.money[ORANGE] == 17 and s.tools[ORANGE] == ["rope"]
    s = new(3)
    s.display = ["cart", "food", "bucket"]
    s.pile = []
    play(s, "workshop 4 food")
    assert s.display == ["cart", "bucket", None]
    s = new(3)
    s.display = [None, None, None]
    assert not any(t.startswith("workshop") for t in legal(s))


def test_MS_16_2_pump_legality_ec6():
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE)
    put(s, "I.R1", ORANGE)
    chamber(s, "I.R1", brown=1)
    assert not any(t.startswith("pump") for t in legal(s))
    assert_illegal(s, "pump I.R1", "MS-16.2")
    put(s, "I.L1", ORANGE, 0, tired=1)
    chamber(s, "I.L1", brown=1, water=2)
    chamber(s, "I.R1", brown=1, water=1)
    assert {"pump I.L1", "pump I.R1"} <= legal(s)
    play(s, "pump I.L1")
    assert legal(s) == {"pump more", "done"}
    assert_illegal(s, "pump I.R1")


def test_MS_20_7_market_full_column_ec7():
    s = new(3)
    s.market = [4, 1, 0]
    s.salt[ORANGE] = [1, 0, 1]
    m = s.money[ORANGE]
    play(s, "market")
    assert "sell brown" not in legal(s)
    s = new(3)
    s.market = [4, 1, 0]
    s.salt[ORANGE] = [1, 0, 1]
    give_tools(s, ORANGE, "commercial_privilege")
    play(s, "market", "commercial", "sell brown")
    assert s.money[ORANGE] == m + 3 and s.market[0] == 4
    play(s, "sell white")
    assert s.money[ORANGE] == m + 3 + 9 and s.market[2] == 1


def test_MS_20_7_privilege_both_transactions_ec8():
    s = new(3)
    s.market = [2, 1, 0]
    s.salt[ORANGE] = [0, 1, 0]
    s.money[ORANGE] = 10
    give_tools(s, ORANGE, "commercial_privilege")
    play(s, "market", "commercial", "buy brown")
    assert s.money[ORANGE] == 7
    play(s, "sell green")
    assert s.money[ORANGE] == 13 and s.tools_used[ORANGE] == [True]


def test_MS_17_6_same_colour_twice_ec9():
    s = new(3)
    s.market = [0, 3, 0]
    s.salt[ORANGE] = [2, 0, 0]
    s.money[ORANGE] = 10
    play(s, "market", "sell brown", "sell brown")
    assert s.money[ORANGE] == 19 and s.market[0] == 2
    s = new(3)
    s.market = [2, 3, 0]
    s.money[ORANGE] = 10
    play(s, "market", "buy green", "buy green")
    assert s.money[ORANGE] == 1 and s.market[1] == 1
    s = new(3)
    s.market = [2, 1, 0]
    s.salt[ORANGE] = [1, 0, 0]
    s.money[ORANGE] = 10
    play(s, "market", "sell brown")
    assert_illegal(s, "buy brown", "MS-17.6")
    s = new(3)
    s.market = [2, 1, 0]
    s.salt[ORANGE] = [1, 0, 0]
    s.money[ORANGE] = 10
    play(s, "market", "buy brown")
    assert_illegal(s, "sell brown", "MS-17.6")


def test_MS_17_3_17_4_market_refusals_say_which_rule_stops_them():
    s = new(3)
    s.market = [0, 3, 1]  # brown column empty, green full, one white cube
    s.salt[ORANGE] = [0, 1, 1]
    s.money[ORANGE] = 3
    play(s, "market")
    assert "you have no brown salt to sell" in str(assert_illegal(s, "sell brown", "MS-17.3"))
    assert "the green column of the market is full" in str(assert_illegal(s, "sell green", "MS-17.3"))
    assert "the brown column of the market is empty" in str(assert_illegal(s, "buy brown", "MS-17.4"))
    # the last white cube costs 8 (MS-17.4: white c=1 -> 8)
    assert "white salt costs 8 groše here and you have 3" in str(assert_illegal(s, "buy white", "MS-17.4"))


def test_MS_12_2_assistant_refusals_say_which_rule_stops_them():
    s = new(3)
    s.assist[2] = BLACK
    assert "the market assistant space is taken by black" in str(assert_illegal(s, "assist market", "MS-12.2"))
    s.assist[2] = ORANGE
    assert "taken by your own miner" in str(assert_illegal(s, "assist market", "MS-12.2"))


def _pass_round(s):
    for _ in range(s.num_players):
        for _ in range(s.actions_left):
            s.apply_action("pass")


def test_MS_19_3_castle_timeline_ec10():
    for royal in (False, True):
        s = GAME.new_initial_state(num_players=4, seed=3)
        p = s.start  # 10 groše (MS-3.3)
        s.orders_up = ["O1-1", "O1-5", "O1-6", "O1-7"]
        s.salt[p] = [2, 0, 0]
        _pass_round(s)  # round 1
        assert s.round == 2 and s.current_player == p
        if royal:
            give_tools(s, p, "royal_privilege")
        play(s, "castle royal" if royal else "castle", "from supply", "pass")
        assert (s.q_left[p], s.q_right[p]) == ((1, 0) if royal else (0, 1))
        for _ in range(3):
            play(s, "pass", "pass")
        assert s.round == 3 and s.current_player == p
        if royal:
            assert s.orders_done[p] == ["O1-1"] and s.money[p] == 10 + 9 and s.supply[p] == 4
            continue
        assert s.q_left[p] == 1 and s.orders_done[p] == []
        _pass_round(s)
        assert s.round == 4 and s.orders_done[p] == ["O1-1"] and s.money[p] == 19
        assert s.supply[p] == 4
        play(s, "place", "from supply", "to S1")  # usable at once


def _penalty_case(money, salt):
    s = new(3)
    s.orders_up = ["O1-1", "O1-5", "O1-6"]
    s.money[ORANGE] = money
    s.salt[ORANGE] = salt
    s.assist[3] = BLACK
    s.money[BLACK] = 0
    arrive(s, ORANGE)
    return s


def test_MS_19_6_castle_penalties_ec11():
    s = _penalty_case(7, [0, 1, 0])
    assert s.stage == "penalty" and legal(s) == {"penalty money", "penalty green"}
    s2 = s.clone()
    play(s, "penalty money")
    assert s.money[ORANGE] == 4 and s.salt[ORANGE] == [0, 1, 0]
    play(s2, "penalty green")
    assert s2.money[ORANGE] == 7 and s2.salt[ORANGE] == [0, 0, 0]
    s = _penalty_case(7, [0, 0, 0])
    assert s.money[ORANGE] == 4 and s.stage == "main"
    s = _penalty_case(2, [1, 0, 0])
    assert s.money[ORANGE] == 2 and s.salt[ORANGE] == [0, 0, 0]
    s = _penalty_case(2, [0, 0, 0])
    assert s.money[ORANGE] == 0
    s = _penalty_case(0, [0, 0, 0])
    assert s.money[ORANGE] == 0
    for case in (s, s2):
        assert case.order_counter == 0 and case.money[BLACK] == 0 and case.supply[ORANGE] >= 1


def test_MS_19_4_compulsory_completion_ec12():
    s = new(3)
    s.orders_up = ["O1-1", "O1-3", "O1-6"]
    s.order_stack = ["O1-8", "O1-4"]
    s.salt[ORANGE] = [2, 1, 0]
    s.assist[3] = BLACK
    mb, mo = s.money[BLACK], s.money[ORANGE]
    arrive(s, ORANGE)
    assert s.stage == "deliver" and legal(s) == {"deliver O1-1", "deliver O1-3"}
    assert_illegal(s, "penalty money", "MS-19.4")
    play(s, "deliver O1-3")
    assert s.salt[ORANGE] == [1, 0, 0] and s.money[ORANGE] == mo + 11
    assert s.order_counter == 1 and s.orders_up == ["O1-1", "O1-4", "O1-6"]
    assert s.money[BLACK] == mb + 1
    # white never substitutes for green
    s = new(3)
    s.orders_up = ["O1-3", "O1-5", "O1-6"]
    s.salt[ORANGE] = [1, 0, 1]
    arrive(s, ORANGE)
    assert s.orders_done[ORANGE] == [] and s.stage == "penalty"


def test_MS_6_3_double_arrival_ec13():
    s = new(4)
    s.orders_up = ["O1-1", "O1-5", "O1-6", "O1-7"]
    s.order_stack = ["O1-8", "O1-2"]
    s.salt[ORANGE] = [4, 0, 0]
    m = s.money[ORANGE]
    arrive(s, ORANGE, 2)
    assert legal(s) == {"deliver O1-1", "deliver O1-6"}
    play(s, "deliver O1-1")
    assert s.orders_done[ORANGE] == ["O1-1", "O1-2"]  # Y = O1-2 revealed, then completed
    assert s.money[ORANGE] == m + 18 and s.salt[ORANGE] == [0, 0, 0]
    assert s.supply[ORANGE] == s.owned[ORANGE]


def _finish_turn(s):
    for _ in range(s.actions_left):
        s.apply_action("pass")


def test_MS_21_1_phase_end_mid_round_ec14():
    for trigger_seat in (BLACK, 3):
        s = new(4)
        s.order_counter = 4
        s.orders_up = ["O1-1", "O1-5", "O1-6", "O1-7"]
        s.salt[trigger_seat] = [2, 0, 0]
        arrive(s, trigger_seat)
        assert s.triggered and s.order_counter == 5
        for seat in range(trigger_seat, 4):
            assert s.phase == 0 and s.current_player == seat
            _finish_turn(s)
        assert s.phase == 1 and s.start == 1 and s.current_player == 1 and s.actions_left == 1
    # two players: the 4th order triggers
    s = new(2)
    s.order_counter = 3
    s.orders_up = ["O1-1", "O1-5", "O1-6"]
    s.salt[ORANGE] = [2, 0, 0]
    arrive(s, ORANGE)
    assert s.triggered
    _finish_turn(s)
    assert s.phase == 0
    _finish_turn(s)
    assert s.phase == 1


def test_MS_21_3_phase_cleanup_ec15():
    s = new(4)
    put(s, "S1", ORANGE)
    put(s, "S2", BLACK, 0, tired=1)
    chamber(s, "I.R1", brown=1, water=2)
    s.assist[2] = PURPLE
    s.owned[PURPLE] += 1
    s.supply[PURPLE] += 0
    s.q_right[3] = 1
    s.owned[3] += 1
    give_tools(s, BLACK, "rope", "food")
    s.tools_used[BLACK] = [True, False]
    s.market = [0, 2, 1]
    s.salt[3] = [2, 0, 0]
    s.orders_up = ["O1-1", "O1-5", "O1-6", "O1-7"]
    s.display = ["cart", "food", None]
    pile = s.pile[:]
    s.triggered = True
    turn(s, 3)
    _finish_turn(s)
    assert s.phase == 1 and s.start == 1 and s.current_player == 1 and s.actions_left == 1
    assert s.supply == s.owned and sum(s.occ) == 0 and sum(s.tired) == 0
    assert s.assist == [-1, -1, -1, -1] and s.q_right == [0] * 4 and s.q_left == [0] * 4
    assert s.orders_done[3] == []  # queued miners do not deliver
    assert s.tools_used[BLACK] == [False, False]
    assert s.gone_seen == ["cart", "food"] and s.gone_hidden == pile
    assert s.market == [1, 2, 1]
    assert cubes(s, "I.R1") == ((1, 0, 0), 2)
    assert all(o in C.ORDERS_BY_PHASE[1] for o in s.orders_up) and s.order_counter == 0
    s = new(3)
    s.market = [1, 0, 0]
    rules._end_phase(s)
    assert s.market == [1, 1, 0]


def test_MS_22_scoring_and_ties_ec16():
    s = new(3)
    s.money = [80, 85, 89]
    s.salt = [[1, 1, 1], [0, 0, 0], [0, 0, 1]]
    s.tools = [["rope"] * 5, ["cart"] * 3, ["food"] * 9]
    s.tools_used = [[False] * 5, [True] * 3, [False] * 9]
    assert s.scores() == [99, 91, 112]
    s.over = True
    assert s.ranking()[0] == 2 and s.winners() == [2]
    # ties at 100
    s = new(2)
    s.money = [100, 100]
    s.salt = [[0, 0, 0], [0, 0, 0]]
    s.over = True
    s.orders_done = [["O1-1"], []]
    assert s.winners() == [0]
    s.orders_done = [["O1-1"], ["O1-2"]]
    s.owned = [6, 5]
    assert s.winners() == [1]
    s.owned = [5, 5]
    s.tools = [["rope"], []]
    s.tools_used = [[False], []]
    s.money = [98, 100]  # 98 + 2 for one tool = 100
    assert s.scores() == [100, 100] and s.winners() == [1]
    s.tools = [[], []]
    s.tools_used = [[], []]
    s.money = [100, 100]
    assert s.winners() == [0, 1]


def ec17_board(picks=0, miners=2, water=1, white=3):
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE)
    put(s, "I.R1", ORANGE, miners)
    chamber(s, "I.R1", white=white, water=water)
    give_tools(s, ORANGE, *["pickaxe"] * picks)
    return s


def test_MS_10_2_pickaxe_and_fatigue_ec17():
    s = play(ec17_board(), "extract I.R1", "take white")
    assert "take white" not in legal(s)
    play(s, "done")
    assert tired(s, "I.R1", ORANGE) == 2
    s = play(ec17_board(1), "extract I.R1", "pickaxe", "take white", "take white", "done")
    assert tired(s, "I.R1", ORANGE) == 2 and s.salt[ORANGE][2] == 2
    s = play(ec17_board(1), "extract I.R1", "pickaxe", "take white", "done")
    assert tired(s, "I.R1", ORANGE) == 1 and rested(s, "I.R1", ORANGE) == 1
    s = play(
        ec17_board(2, miners=1, water=0),
        "extract I.R1",
        "pickaxe",
        "pickaxe",
        "take white",
        "take white",
        "take white",
        "done",
    )
    assert tired(s, "I.R1", ORANGE) == 1 and s.salt[ORANGE][2] == 3 and s.tools_used[ORANGE] == [True, True]


def test_MS_11_2_tired_miners_ec18():
    s = play(ex4_board(), "extract I.R2", "take brown", "take green", "done")
    turn(s, ORANGE)
    assert "extract I.R2" not in legal(s)
    for verb in ("place", "castle", "assist market"):
        if verb in legal(s):
            t = s.clone()
            play(t, verb)
            assert "from I.R2" not in legal(t)
    # Black extracts from I.R3: I.R2 is a paying space paid to Orange (tired miners)
    put(s, "I.R3", BLACK)
    chamber(s, "I.R3", brown=1)
    turn(s, BLACK)
    mo, mb = s.money[ORANGE], s.money[BLACK]
    play(s, "extract I.R3", "take brown", "done")
    assert s.money[ORANGE] == mo + 1 and s.money[BLACK] == mb - 1


def test_MS_11_3_rest_by_double_pass_ec19():
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE, 0, tired=1)
    put(s, "I.R1", ORANGE, 0, tired=2)
    play(s, "pass", "pass")
    assert tired(s, "S2", ORANGE) == 0 and rested(s, "I.R1", ORANGE) == 2
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE, 0, tired=1)
    put(s, "I.R1", ORANGE, 0, tired=2)
    play(s, "pass", "square")
    assert tired(s, "I.R1", ORANGE) == 2
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "S2", ORANGE, 0, tired=1)
    put(s, "I.R1", ORANGE, 0, tired=2)
    give_tools(s, ORANGE, "food")
    play(s, "food S2", "food I.R1")
    assert tired(s, "S2", ORANGE) == 0 and tired(s, "I.R1", ORANGE) == 1 and s.actions_left == 2


def ec20_board(**opts):
    s = new(3, **opts)
    put(s, "S1", ORANGE)
    put(s, "S1", BLACK)
    for sp in ("S2", "S3", "S5", "S6", "III.R1"):
        put(s, sp, BLACK)
    put(s, "S4", ORANGE)
    put(s, "III.R2", ORANGE, 4)
    chamber(s, "III.R2", white=4)
    give_tools(s, ORANGE, "cart", "cart")
    s.money[ORANGE] = 30
    s.money[BLACK] = 0
    return s


def _cart_cost(cubes_, carts, **opts):
    s = play(ec20_board(**opts), "extract III.R2", *["take white"] * cubes_, *carts, "done")
    assert s.money[BLACK] == 30 - s.money[ORANGE]
    return 30 - s.money[ORANGE]


def test_MS_20_5_cart_segments_ec20():
    assert _cart_cost(2, []) == 10
    assert _cart_cost(2, ["cart III.R1+S6"]) == 6
    s = play(ec20_board(), "extract III.R2", "take white", "take white")
    assert "cart S5+S3" not in legal(s)
    assert_illegal(s, "cart S5+S3", "MS-20.5")
    assert _cart_cost(2, ["cart S5"]) == 8
    assert _cart_cost(2, ["cart III.R1+S6", "cart S3+S2"]) == 2
    assert _cart_cost(4, ["cart III.R1+S6"]) == 12
    assert _cart_cost(4, ["cart III.R1+S6"], cart_max_cubes=2) == 16
    assert _cart_cost(4, []) == 20


def test_MS_20_4_bucket_adjacency_ec21():
    s = new(3)
    for sp in ("S1", "S2", "S3", "S4"):
        put(s, sp, ORANGE)
    put(s, "II.R1", ORANGE)
    chamber(s, "II.R1", brown=1, water=2)
    s.tile[SP["II.R2"] - 6] = "II-1"  # tile with 2 printed water
    give_tools(s, ORANGE, "bucket")
    buckets = {t for t in legal(s) if t.startswith("bucket")}
    assert buckets == {"bucket II.R1>II.R2"}
    for bad in ("bucket II.R1>II.L1", "bucket II.R1>S4", "bucket II.R1>I.R1"):
        assert_illegal(s, bad, "MS-20.4")
    turn(s, BLACK)
    give_tools(s, BLACK, "bucket")
    assert not any(t.startswith("bucket") for t in legal(s))
    turn(s, ORANGE)
    play(s, "bucket II.R1>II.R2")
    assert cubes(s, "II.R1")[1] == 1 and cubes(s, "II.R2") == ((0, 0, 0), 1)
    play(s, "place", "from supply", "to II.R2")
    assert cubes(s, "II.R2") == ((3, 1, 0), 3)


def test_MS_20_2_rope_chains_ec22():
    s = new(3)
    give_tools(s, ORANGE, "rope", "rope")
    play(s, "place", "from supply")
    assert_illegal(s, "to S2", "MS-8.3")
    play(s, "to S1", "rope", "from supply", "to S2", "rope", "from supply")
    assert all(t.startswith("to ") for t in legal(s))  # mine spaces only, never buildings
    play(s, "to I.L1")
    assert [rested(s, x, ORANGE) for x in ("S1", "S2", "I.L1")] == [1, 1, 1]
    assert s.actions_left == 1 and s.tools_used[ORANGE] == [True, True]


def test_MS_20_2_rope_moves_another_miner_not_the_one_just_placed():
    # "Lano umožňuje hráči umístit nebo přesunout do dolu jednoho dalšího horníka": a rope
    # adds one more miner to the action; the miner just placed is not moved a second time.
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    give_tools(s, ORANGE, "rope", "rope")
    play(s, "place", "from supply", "to I.L1", "rope")
    assert legal(s) == {"from supply"}  # the lone orange miner in I.L1 was just placed
    e = assert_illegal(s, "from I.L1", "MS-20.2")
    assert "just put in I.L1" in str(e)
    # beside an older miner of his in the same chamber, one of the two may go on
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    put(s, "I.L1", ORANGE)
    give_tools(s, ORANGE, "rope", "rope")
    play(s, "place", "from supply", "to I.L1", "rope")
    assert legal(s) == {"from supply", "from I.L1"}
    play(s, "from I.L1")
    assert s.ctx == [SP["I.L1"], [SP["I.L1"]]]  # the placed spaces go on through the rope chain
    play(s, "to I.L2")
    assert s.stage == "rope" and s.ctx == [[SP["I.L1"], SP["I.L2"]]]
    play(s, "rope")
    assert legal(s) == {"from supply"}  # neither the miner left in I.L1 nor the one in I.L2
    s.supply[ORANGE] = 0
    s._legal_cache = None
    assert_illegal(s, "from I.L2", "MS-20.2")
    # with no other miner available, no rope is offered and the action ends
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    give_tools(s, ORANGE, "rope")
    s.supply[ORANGE] = 1
    play(s, "place", "from supply", "to I.L1")
    assert s.stage == "main" and s.actions_left == 1 and s.tools_used[ORANGE] == [False]


def test_MS_20_2_refusals_and_saved_rope_steps():
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    give_tools(s, ORANGE, "rope", "rope")
    play(s, "place", "from supply", "to I.L1")
    assert s.stage == "rope" and s.ctx == [[SP["I.L1"]]]
    e = assert_illegal(s, "from I.L1", "MS-20.2")  # before 'rope': the miner just placed
    assert "just put in I.L1" in str(e)
    e = assert_illegal(s, "from supply", "MS-20.2")
    assert "say 'rope' first" in str(e)
    # a saved rope step loads as it was; one that no longer fits the board is refused at once
    d = s.to_dict()
    assert GAME.state_from_dict(d).to_dict() == d
    for stage, ctx in (
        ("rope", [[SP["I.L1"], SP["I.L1"]]]),  # two placed, one miner there
        ("place_from", [[SP["I.L2"]]]),  # placed where the seat has no miner
        ("place_to", [SP["I.L1"], [SP["I.L1"]]]),
    ):  # moving the miner just placed
        bad = json.loads(json.dumps(d))
        bad["state"]["stage"], bad["state"]["ctx"] = stage, ctx
        with pytest.raises(meeple.InvalidRecordError, match="MS-20.2|rested miners"):
            GAME.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["tools_used"][ORANGE] = [True, True]
    with pytest.raises(meeple.InvalidRecordError, match="without an unused rope"):
        GAME.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["supply"][ORANGE] = 0  # nothing left to place
    bad["state"]["owned"][ORANGE] -= s.supply[ORANGE]
    with pytest.raises(meeple.InvalidRecordError, match="no miner left to place"):
        GAME.state_from_dict(bad)


def test_MS_9_1_reveal_on_entry_ec23():
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    s.tile[SP["I.R1"] - 6] = "I-7"
    play(s, "place", "from supply", "to I.R1")
    assert cubes(s, "I.R1") == ((1, 2, 0), 2)
    play(s, "place", "from supply", "to I.R1")
    assert cubes(s, "I.R1") == ((1, 2, 0), 2)


def test_MS_8_3_shaft_cannot_be_emptied_ec24():
    s = new(3)
    put(s, "S1", ORANGE)
    assert "place" in legal(s)
    play(s, "place")
    assert "from S1" not in legal(s)
    play(s, "from supply", "to S2")
    turn(s, ORANGE)
    play(s, "place")
    assert "from S1" not in legal(s)
    play(s, "from S2")
    assert legal(s) == {"to S1"}
    assert_illegal(s, "to I.R1", "MS-8.3")


def test_MS_12_4_assistant_leaving_ec25():
    s = new(3)
    s.assist[2] = ORANGE
    s.owned[ORANGE] += 1
    play(s, "place", "from @market", "to S1")
    assert s.assist[2] == -1
    turn(s, BLACK)
    play(s, "assist market", "from supply")
    assert s.assist[2] == BLACK
    s.assist[1] = ORANGE
    turn(s, ORANGE)
    assert "assist pump" not in legal(s)
    assert_illegal(s, "assist pump", "MS-12.2")


def test_MS_10_1_strength_own_rested_only_ec26():
    s = new(3)
    put(s, "S1", ORANGE)
    put(s, "S1", BLACK)
    put(s, "S2", ORANGE)
    put(s, "S2", BLACK)
    put(s, "I.R1", ORANGE, 1, tired=1)
    put(s, "I.R1", BLACK, 3)
    chamber(s, "I.R1", green=3, water=1)
    assert "extract I.R1" not in legal(s)
    turn(s, BLACK)
    play(s, "extract I.R1", "take green", "take green")
    assert "take green" not in legal(s)


def test_MS_23_two_player_game_ec27():
    s = GAME.new_initial_state(num_players=2, seed=5)
    assert s.owned == [5, 5] and s.supply == [5, 5]
    assert s.salt == [[1, 0, 0], [1, 0, 0]] and s.money == [10, 12]
    assert len(s.orders_up) == 3 and s.inn == 4 and C.ORDERS_TO_END_PHASE[2] == 4
    assert [C.INN_TRACK[i] for i in range(s.inn, 7)] == [6, 7, 8]


def test_MS_24_mapped_mine_ec28():
    s = new(3, variant="mapped-mine")
    obs = s.observation(1)
    assert all(t is not None for t in obs["tile"]) and not any(s.revealed)
    assert all(c == [0, 0, 0] for c in s.csalt)
    for sp in ("S1", "S2"):
        put(s, sp, ORANGE)
    for sp in ("I.L1", "I.L2"):
        chamber(s, sp)
        put(s, sp, ORANGE)
    s.tile[SP["I.L3"] - 6] = "I-8"  # 2 brown, 0 water
    play(s, "place", "from supply", "to I.L3")
    assert cubes(s, "I.L3") == ((2, 0, 0), 0) and not s.flipped[SP["I.L3"] - 6]
    s.tile[SP["I.L4"] - 6] = "I-6"
    play(s, "place", "from supply", "to I.L4")
    put(s, "I.L3", ORANGE)
    turn(s, ORANGE)
    play(s, "extract I.L3", "take brown", "take brown", "done")
    assert s.flipped[SP["I.L3"] - 6] and s.revealed[SP["I.L3"] - 6]
    # I.L4 still holds salt: the exception does not apply yet
    turn(s, ORANGE)
    play(s, "place")
    assert "from I.L2" not in legal(s)
    chamber(s, "I.L4")  # now empty too: I.L3 counts as revealed and empty (MS-8.4)
    assert "from I.L2" in legal(s)


def test_MS_10_4_extraction_at_least_one_paid_cube_ec29():
    s = play(ec17_board(), "extract I.R1")
    assert "done" not in legal(s)
    assert_illegal(s, "done")
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    put(s, "I.R1", ORANGE)
    chamber(s, "I.R1", brown=2)
    s.money[ORANGE] = 1
    assert "extract I.R1" not in legal(s)
    assert_illegal(s, "extract I.R1", "MS-10.4")


def test_MS_21_2_order_stack_exhausted_ec30():
    s = new(4)
    s.orders_up = ["O1-1", "O1-2", "O1-6", "O1-7"]
    s.order_stack = ["O1-5", "O1-4", "O1-3", "O1-8"]
    for k in range(5):
        s.salt[ORANGE] = [2, 0, 0] if k != 4 else [3, 0, 0]
        up = [o for o in s.orders_up if o]
        # complete the first face-up order the player can meet with brown only / give salt for it
        o = next(x for x in up if C.ORDERS[x].requires[0] <= 3)
        s.salt[ORANGE] = list(C.ORDERS[o].requires)
        s.orders_up = [o] + [x for x in s.orders_up if x != o]
        arrive(s, ORANGE)
        if s.stage == "deliver":
            play(s, "deliver " + o)
        if k == 3:
            assert s.order_stack == []
    assert s.order_counter == 5 and s.orders_up.count(None) == 1
    assert len([x for x in s.orders_up if x]) == 3
    s.salt[ORANGE] = [0, 0, 0]
    m = s.money[ORANGE]
    s.triggered = False
    arrive(s, ORANGE)
    assert s.money[ORANGE] == m - 3 and s.order_counter == 5
