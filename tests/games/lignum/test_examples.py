"""Every scenario of shared/games/lignum/EXAMPLES.md (planned work excepted), named after its rule id.

Positions are built through the state's fields (see state.py) with the helpers below.
"""

import pytest

import meeple
from meeple import IllegalActionError
from meeple.games.lignum.components import PIECE_INDEX, TASK_INDEX, WINTER_CARDS
from meeple.games.lignum.rules import flow, rounds, travel
from meeple.games.lignum.scoring import mill_sale_value, task_complete

GAME = meeple.load_game("lignum")
H, N, J, V = 0, 1, 2, 3


def new(n=4, variant="basic", seed=0, **opts):
    return GAME.new_initial_state(num_players=n, seed=seed, variant=variant, **opts)


def pieces(text):
    """'FW FW SW' -> counts[6]."""
    out = [0] * 6
    for t in text.split():
        out[PIECE_INDEX[t]] += 1
    return out


def discs(text):
    return pieces(text)[:3]


def empty_players(s, money=4):
    """Clear every seat's holdings (wood, workers, equipment) for a scenario."""
    n = s.num_players
    s.money = [money] * n
    s.loans = [0] * n
    s.food = [0] * n
    s.fodder3 = [0] * n
    s.fodder2 = [0] * n
    s.equip = [[0] * 4 for _ in range(n)]
    s.products = [[0] * 5 for _ in range(n)]
    s.huts = [[0] * 3 for _ in range(n)]
    s.workers = [[0] * 3 for _ in range(n)]
    s.woodpile = [[0] * 3 for _ in range(n)]
    s.river = [[0] * 3 for _ in range(n)]
    s.sawroom = [[0] * 3 for _ in range(n)]
    s.heat = [[0] * 3 for _ in range(n)]
    s.mill = [[[0] * 6 for _ in range(4)] for _ in range(n)]
    s.tasks = [[] for _ in range(n)]
    s.mill_free = [True] * n


def goto(s, phase, clearing=None, round=None):
    """Jump to the start of a per-player phase (clearing order given as seats)."""
    if round is not None:
        s.round = round
    if clearing is not None:
        s.clearing = list(clearing)
    s.phase = phase
    s.pi = 0
    s.stage = ""
    s.hut_left = 0
    s._legal_cache = None
    flow.run(s)
    s._legal_cache = None


def start_travel(s, order):
    s.order = list(order)
    s.pos = [0] * s.num_players
    s.phase = "travel"
    travel.start_travel(s)
    s._legal_cache = None


def legal(s):
    return [a.text for a in s.legal_actions()]


def play(s, *texts):
    for t in texts:
        s.apply_action(t)


def set_winter(s, year, card_id, half):
    idx = [c[0] for c in WINTER_CARDS].index(card_id)
    s.winter[year - 1] = [idx, half]


def task(tid):
    return TASK_INDEX[tid]


# ---------------------------------------------------------------- setup and start of round
def test_LG_3_7_four_player_setup_ex01():
    s = new(4)
    counts = sorted(w[0] for w in s.areas_wood)
    assert counts == [2, 2, 3, 3, 3, 3]
    assert all(w[1] == 0 and w[2] == 0 for w in s.areas_wood)
    token_areas = sorted(s.area)
    assert len(set(token_areas)) == 4
    assert all(s.areas_wood[a - 1][0] == 3 for a in token_areas)
    assert s.money == [4, 4, 4, 4]
    assert s.mill_free == [True] * 4 and s.pos == [0] * 4
    assert s.round == 0 and s.phase == "travel"
    assert s.areas_food == [0] * 6


def test_LG_3_8_initial_player_order_ex02():
    for seed in range(5):
        s = new(4, seed=seed)
        start = s.order[0]
        assert s.order == [(start + i) % 4 for i in range(4)]
        assert s.current_player == start


def test_LG_5_path_refill_four_players_ex03():
    s = new(4)
    assert s.path_w == [10, 2, 16, 4, 1]
    toks = sorted(t for t in s.path_tok if t)
    equip = sorted(t for t in toks if t[0] != "p")
    assert equip == sorted(["wagon"] * 2 + ["raft"] * 2 + ["saw"] * 2 + ["sled", "dollar_token"] + ["food_token"] * 2)
    assert len([t for t in toks if t[0] == "p"]) == 3
    assert {i for i, t in enumerate(s.path_tok) if t} == {1, 2, 3, 5, 7, 9, 11, 12, 14, 15, 17, 18, 20}
    texts = legal(s)
    assert "go 8" not in texts and "go 13" not in texts


def test_LG_6_placement_card_ex04():
    s = new(2)
    s.areas_wood = [discs(""), discs("FW FW"), discs("FW FW"), discs(""), discs("FW FW"), discs("FW FW")]
    s.areas_food = [0] * 6
    s.pdeck = [5, 3, 0]  # PC01 (index 0) on top
    s.round = 1
    rounds.start_nonwinter(s)
    assert s.areas_wood == [
        discs("SW"),
        discs("FW FW FW FW"),
        discs("FW FW"),
        discs("FW"),
        discs("FW FW"),
        discs("FW FW"),
    ]
    assert s.areas_food == [0, 0, 1, 0, 0, 1]
    assert s.pdeck == [5, 3] and s.phase == "choose"


def test_LG_7_3_taking_food_ex05():
    s = new(4)
    s.areas_food = [0, 2, 0, 1, 1, 0]
    s.order = [N, H, V, J]
    goto(s, "choose")
    play(s, "area 2", "area 4", "area 6", "area 5")
    assert s.phase == "travel"
    assert s.food[N] == 2 and s.food[H] == 1 and s.food[V] == 0 and s.food[J] == 1
    assert s.areas_food[1] == 0 and s.areas_food[3] == 0 and s.areas_food[4] == 0


@pytest.mark.parametrize(
    "players,food,each,left",
    [((N, H), 2, 1, 0), ((N, H), 1, 0, 1), ((N, H), 3, 1, 1), ((N, H, J), 2, 0, 2), ((N, H, J), 4, 1, 1)],
)
def test_LG_7_3_sharing_food_ex06(players, food, each, left):
    s = new(4)
    s.areas_food = [0, 0, 0, food, 0, 0]
    s.order = [N, H, J, V]
    goto(s, "choose")
    for seat in s.order:
        assert s.current_player == seat
        s.apply_action("area 4" if seat in players else "area 1")
    for seat in players:
        assert s.food[seat] == each
    assert s.areas_food[3] == left


# ---------------------------------------------------------------- travel
def test_LG_8_2_movement_legality_ex07():
    s = new(4)
    tok = [""] * 21
    tok[1], tok[2], tok[3], tok[5] = "raft", "saw", "food_token", "wagon"
    s.path_tok = tok
    start_travel(s, [H, N, J, V])
    play(s, "go 4", "carriers 2")
    assert s.money[H] == 2 and s.workers[H][1] == 2
    play(s, "go 2")
    assert s.equip[N][0] == 1
    assert "go 2" not in legal(s)
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("go 2")
    assert e.value.rule == "LG-8.2.2" and "full" in str(e.value)
    play(s, "go 3")
    assert s.food[J] == 1
    play(s, "go 6")
    assert s.money[V] == 3 and s.fodder3[V] == 1
    assert "go 3" not in legal(s) and "go 6" in legal(s)
    play(s, "go 6")
    assert s.money[H] == 1 and s.fodder3[H] == 1
    assert "go 6" not in legal(s)
    play(s, "go 5")
    assert s.equip[N][2] == 1
    assert s.current_player == J and "go 2" not in legal(s)


def test_LG_8_3_sawyers_ex08():
    s = new(4)
    start_travel(s, [H, N, V, J])
    play(s, "go 16", "extra")
    assert s.money[H] == 3 and s.workers[H][2] == 2
    for seat in (N, V, J):
        assert s.current_player == seat
        play(s, "go 16")
        assert s.workers[seat][2] == 1 and s.money[seat] == 4
    assert s.path_w[3] == 0 and s.path_w[4] == 0


def test_LG_8_3_woodcutter_limit_ex09():
    s = new(4)
    s.areas_wood[4] = discs("SW FW FW")
    s.area = [1, 5, 5, 2]
    start_travel(s, [N, H, J, V])
    play(s, "go 10")
    assert legal(s) == ["cutters 1", "cutters 2", "cutters 3", "loan"]
    with pytest.raises(IllegalActionError):
        s.apply_action("cutters 4")


def test_LG_8_5_market_ex10():
    s = new(4)
    s.money[V] = 3
    s.products[V] = [2, 0, 0, 1, 1]
    s.equip[V][0] = 3
    start_travel(s, [V, H, N, J])
    play(s, "go 19", "sell 2stake+1J", "buy saw", "buy food", "buy food")
    assert s.money[V] == 4 and s.equip[V][0] == 4 and s.food[V] == 2
    assert s.products[V] == [0, 0, 0, 1, 0]
    texts = legal(s)
    assert "buy saw" not in texts
    assert not [t for t in texts if t.startswith("sell")]


def test_LG_8_6_clearing_order_ex11():
    s = new(4)
    start_travel(s, [V, J, H, N])
    play(s, "go C", "go C", "go C", "go C")
    assert s.clearing == [V, J, H, N]
    rounds.end_round(s)
    assert s.order == [N, H, J, V]


# ---------------------------------------------------------------- wood work
def test_LG_10_1_felling_ex12():
    s = new(4)
    empty_players(s)
    s.areas_wood[1] = discs("SW FW FW FW")
    s.area = [1, 2, 3, 4]
    s.workers[N][0] = 2
    goto(s, "fell", clearing=[N, H, J, V])
    assert s.current_player == N
    play(s, "fell SW", "fell FW")
    assert s.woodpile[N] == discs("SW FW")
    assert s.areas_wood[1] == discs("FW FW")
    assert s.mill_free[N] is True
    assert sum(map(sum, s.mill[N])) == 0


def test_LG_10_2_shared_area_ex13():
    def setup():
        s = new(4)
        empty_players(s)
        s.areas_wood = [discs("FW"), discs(""), discs("FW FW FW"), discs("FW"), discs("SW FW FW"), discs("")]
        s.areas_food = [0, 0, 1, 0, 0, 0]
        s.area[H], s.area[J], s.area[N], s.area[V] = 5, 5, 1, 4
        s.workers[J][0] = 2
        s.workers[H][0] = 3
        s.money[H] = 2
        s.mill_free = [False] * 4
        s.workers[N][0] = 1  # keeps the felling phase open after H
        goto(s, "fell", clearing=[V, J, H, N])
        # V (slot A) has no workers: skipped; J fells first
        assert s.current_player == J
        assert not [t for t in legal(s) if t.startswith("relocate")]
        play(s, "fell SW", "fell FW")
        assert s.areas_wood[4] == discs("FW")
        assert s.current_player == H
        return s

    s = setup()
    play(s, "fell FW")  # (1)
    assert s.woodpile[H] == discs("FW") and s.workers[H][0] == 2 and s.current_player == N
    s = setup()
    assert "relocate 3" in legal(s) and "relocate 4" not in legal(s) and "relocate 1" not in legal(s)
    play(s, "relocate 3", "fell FW", "fell FW", "fell FW")  # (2)
    assert s.money[H] == 1 and s.area[H] == 3
    assert s.woodpile[H] == discs("FW FW FW")
    assert s.areas_food[2] == 1 and s.food[H] == 0


def test_LG_11_rafting_arrival_ex14():
    s = new(4)
    empty_players(s)
    s.river[N] = discs("FW FW SW HW")
    goto(s, "arrive", clearing=[N, H, J, V], round=2)
    assert s.sawroom[N] == discs("HW")
    assert "HW sales" not in legal(s)
    play(s, "FW sales", "FW sales", "SW sales")
    assert s.mill[N][0] == pieces("FW FW SW")
    assert s.river[N] == [0, 0, 0]
    assert s.phase != "arrive"


def test_LG_12_3_carriers_ex15():
    s = new(4)
    empty_players(s)
    s.workers[N][1] = 2
    s.woodpile[N] = discs("HW SW FW FW")
    goto(s, "transport", clearing=[N, H, J, V])
    play(s, "carry")
    assert "HW sales" not in legal(s)
    play(s, "HW saw", "carry", "SW sales")
    assert s.woodpile[N] == discs("FW FW")
    assert s.sawroom[N] == discs("HW") and s.mill[N][0] == pieces("SW")


def test_LG_12_4_wagon_ex16():
    s = new(4)
    empty_players(s)
    s.workers[N][1] = 1
    s.equip[N][2] = 1
    s.fodder3[N] = 1
    s.woodpile[N] = discs("FW FW FW SW")
    supply = s.supply["wagon"]
    goto(s, "transport", clearing=[N, H, J, V])
    play(s, "wagon", "FW sales", "SW sales", "FW saw")
    assert s.woodpile[N] == discs("FW")
    assert (s.fodder3[N], s.fodder2[N]) == (0, 1)
    assert s.equip[N][2] == 0 and s.supply["wagon"] == supply + 1
    assert s.mill[N][0] == pieces("FW SW") and s.sawroom[N] == discs("FW")


def test_LG_12_4_fodder_stable_ex17():
    s = new(4)
    empty_players(s)
    s.fodder3[J] = 1
    start_travel(s, [J, H, N, V])
    assert "go 6" not in legal(s)
    s = new(4)
    empty_players(s, money=1)
    s.fodder2[J] = 1
    start_travel(s, [J, H, N, V])
    play(s, "go 6")
    assert (s.fodder3[J], s.fodder2[J]) == (1, 1) and s.money[J] == 0
    # transport: 2 carriers, 2 wagons, 6 pieces
    s.workers[J][1] = 2
    s.equip[J][2] = 2
    s.woodpile[J] = discs("FW FW FW FW FW FW")
    goto(s, "transport", clearing=[J, H, N, V])
    play(s, "wagon")
    assert s.pend[0] == 2 and (s.fodder3[J], s.fodder2[J]) == (1, 0)
    play(s, "FW sales", "FW sales")
    play(s, "wagon")
    assert s.pend[0] == 3
    play(s, "FW sales", "FW sales", "FW sales")
    assert s.woodpile[J] == discs("FW")
    assert (s.fodder3[J], s.fodder2[J]) == (0, 1) and s.equip[J][2] == 0
    assert s.mill[J][0][0] == 5


def test_LG_12_5_raft_ex18():
    s = new(4)
    empty_players(s)
    s.workers[H][1] = 1
    s.equip[H][1] = 4
    s.woodpile[H] = discs("FW FW SW SW HW")
    goto(s, "transport", clearing=[H, N, J, V])
    play(s, "raft 4", "FW river", "FW river", "SW river", "SW river")
    assert s.river[H] == discs("FW FW SW SW")
    assert s.equip[H][1] == 0 and s.woodpile[H] == discs("HW")
    # nothing on the river can be sold this round
    assert "sell FW river" not in [a.text for a in s.legal_actions()]


def test_LG_13_sawing_ex19():
    s = new(4)
    empty_players(s)
    s.workers[H][2] = 1
    s.equip[H][0] = 1
    s.sawroom[H] = discs("FW")
    goto(s, "saw", clearing=[H, N, J, V])
    play(s, "saw FW", "heat", "heat", "heat", "sales")
    assert s.events[-2:] == ["P1 saws FW into 4 sFW", "P1 puts sFW: 3 in the heating store, 1 in the sales room"]
    assert s.sawroom[H] == [0, 0, 0]
    assert s.heat[H] == [3, 0, 0] and s.mill[H][0] == pieces("sFW")
    assert s.equip[H][0] == 0


def test_LG_13_4_value_of_sawing_ex20():
    assert mill_sale_value([pieces("FW"), [0] * 6, [0] * 6, [0] * 6]) == 3
    assert mill_sale_value([pieces("sFW sFW sFW sFW"), [0] * 6, [0] * 6, [0] * 6]) == 4


def _sell_setup(seat, sales, d1="", d2="", d3=""):
    s = new(4)
    empty_players(s, money=0)
    s.mill[seat] = [pieces(sales), pieces(d1), pieces(d2), pieces(d3)]
    goto(s, "sell", clearing=[seat] + [x for x in range(4) if x != seat])
    return s


def test_LG_15_selling_7_dollars_ex21():
    s = _sell_setup(J, "FW FW", d1="sFW")
    play(s, "sell FW sales", "sell FW sales", "sell sFW d1")
    assert s.money[J] == 7


def test_LG_15_selling_17_dollars_ex22():
    s = _sell_setup(V, "FW sSW sFW", d2="SW", d3="sFW sFW")
    play(s, "sell FW sales", "sell sSW sales", "sell sFW sales", "sell SW d2", "sell sFW d3", "sell sFW d3")
    assert s.money[V] == 17


def test_LG_15_3_dryer3_must_be_emptied_ex23():
    s = _sell_setup(V, "FW sSW sFW", d2="SW", d3="sFW sFW")
    play(s, "sell FW sales", "sell sSW sales", "sell sFW sales")
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("done")
    assert e.value.rule == "LG-15.3"
    assert s.to_dict() == before
    m = s.money[V]
    play(s, "sell sFW d3", "sell sFW d3")
    assert s.money[V] - m == 6


def test_LG_16_drying_ex24():
    s = new(4)
    empty_players(s)
    s.mill[J] = [pieces("SW sFW"), pieces("sSW sSW"), pieces("FW"), pieces("")]
    goto(s, "dry", clearing=[J, H, N, V])
    play(s, "dry FW d2", "dry sSW d1", "dry sSW d1", "dry SW sales")
    assert s.mill[J] == [pieces("sFW"), pieces("SW"), pieces("sSW sSW"), pieces("FW")]
    assert not (s.phase == "dry" and s.current_player == J)
    # alternative: sFW into d1, SW stays
    s = new(4)
    empty_players(s)
    s.mill[J] = [pieces("SW sFW"), pieces("sSW sSW"), pieces("FW"), pieces("")]
    goto(s, "dry", clearing=[J, H, N, V])
    play(s, "dry FW d2", "dry sSW d1", "dry sSW d1", "dry sFW sales")
    assert "dry SW sales" not in legal(s) or s.current_player != J
    assert s.mill[J][0] == pieces("SW") and s.mill[J][1] == pieces("sFW")


# ---------------------------------------------------------------- end of round
def test_LG_17_1_new_player_order_ex25():
    s = new(4)
    s.clearing = [V, J, H, N]
    s.pos = [21] * 4
    rounds.end_round(s)
    assert s.order == [N, H, J, V]
    assert s.pos == [0] * 4


def test_LG_17_2_cleanup_ex26():
    s = new(4)
    empty_players(s)
    for t in s.path_tok:  # put the dealt tokens back first
        if t and t[0] != "p":
            s.supply[t] += 1
    s.supply["raft"] -= 1
    tok = [""] * 21
    tok[1], tok[2], tok[3] = "raft", "pstake", "pboard"
    s.path_tok = tok
    raft_supply = s.supply["raft"]
    stack = len(s.pstack)
    s.workers[H][0] = 1
    s.equip[N][0] = 2
    s.products[N][0] = 1
    s.mill_free = [False] * 4
    s.clearing = [H, N, J, V]
    rounds.end_round(s)
    assert s.supply["raft"] == raft_supply + 1 - sum(1 for t in s.path_tok if t == "raft")
    assert s.workers[H] == [0, 0, 0] and s.mill_free == [True] * 4
    assert s.equip[N][0] == 2 and s.products[N][0] == 1
    assert s.round == 1 and s.phase == "choose"
    assert s.path_w == [10, 2, 16, 4, 1]
    assert len(s.pstack) == stack - 3  # 3 new products; the old 2 left the game
    assert len([t for t in s.path_tok if t]) == 13


# ---------------------------------------------------------------- huts
def test_LG_19_1_building_huts_ex27():
    s = new(4)
    empty_players(s)
    s.products[H] = [1, 1, 0, 1, 1]
    start_travel(s, [H, N, J, V])
    play(s, "build")
    assert legal(s) == ["hut 1", "hut 2", "hut 3"]
    play(s, "hut 1", "hut 1", "hut 2")
    assert s.huts[H] == [2, 1, 0]
    assert s.products[H] == [0, 0, 0, 1, 0]
    assert s.current_player == H and s.stage == "travel"


def test_LG_19_4_drying_hut_ex28():
    s = new(4)
    empty_players(s, money=0)
    s.mill[H] = [pieces(""), pieces(""), pieces("SW"), pieces("sFW sFW")]
    s.huts[H] = [1, 0, 0]
    goto(s, "sell", clearing=[H, N, J, V])
    play(s, "dryhut SW d2")
    assert s.mill[H][3] == pieces("SW sFW sFW")
    play(s, "sell sFW d3", "sell sFW d3", "sell SW d3")
    assert s.money[H] == 12 and s.huts[H] == [0, 0, 0]


def test_LG_19_5_food_store_hut_ex29():
    s = new(4)
    empty_players(s)
    s.areas_food = [0, 0, 2, 0, 3, 0]
    s.area = [1, 2, 5, 4]
    s.huts[H] = [0, 1, 0]
    start_travel(s, [H, N, J, V])
    assert "foodhut 3" in legal(s) and "foodhut 5" not in legal(s)
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("foodhut 5")
    assert e.value.rule == "LG-19.5"
    play(s, "foodhut 3")
    assert s.food[H] == 2 and s.areas_food[2] == 0 and s.huts[H] == [0, 0, 0]


def test_LG_19_6_lodging_hut_ex30():
    s = new(4)
    empty_players(s)
    s.workers[H][2] = 1
    s.huts[H] = [0, 0, 1]
    s.equip[H][0] = 3
    s.sawroom[H] = discs("FW SW HW")
    goto(s, "saw", clearing=[H, N, J, V], round=1)
    play(s, "saw FW", "heat", "heat", "sales", "sales")
    assert "saw SW mill" in legal(s) and "saw SW lodge" in legal(s)
    play(s, "saw SW mill", "sales", "sales", "sales", "saw HW lodge", "sales")
    assert s.heat[H] == [2, 0, 0] and s.mill[H][0] == pieces("sFW sFW sSW sSW sSW sHW")
    assert s.equip[H][0] == 0 and s.huts[H] == [0, 0, 0] and s.mill_free[H] is False


# ---------------------------------------------------------------- winter
def _winter(round_=3, clearing=(H, N, J, V)):
    s = new(4)
    empty_players(s)
    set_winter(s, 1, "W1", 0)  # 6 food, 3 heating
    set_winter(s, 2, "W1", 0)
    s.clearing = list(clearing)
    return s


def test_LG_20_8_winter_demands_ex31():
    s = _winter()
    s.food[J] = 7
    s.heat[J] = [3, 1, 0]
    s.money = [20] * 4
    goto(s, "feed", round=3)
    assert s.food == [0, 0, 0, 0]
    assert s.current_player == J and legal(s) == ["burn sFW", "burn sSW", "loan"]
    play(s, "burn sFW", "burn sFW", "burn sFW")
    assert s.heat[J] == [0, 1, 0] and s.money[J] == 20 and s.loans[J] == 0


def test_LG_20_5_sled_with_food_ex32():
    s = _winter()
    s.woodpile[H] = discs("FW FW SW")
    s.equip[H][3] = 1
    s.food[H] = 2
    goto(s, "w_bonus", round=3)
    play(s, "bonus HW")
    assert s.woodpile[H] == discs("FW FW SW HW")
    for _ in range(3):
        play(s, "bonus FW")
    assert s.phase == "w_fell" and s.current_player == H
    play(s, "done")
    for _ in range(3):
        if s.phase == "w_fell":
            play(s, "done")
    assert s.phase == "w_sled" and s.current_player == H
    play(s, "sled mill", "food", "food", "HW saw", "SW saw", "FW saw", "FW saw")
    assert s.woodpile[H] == [0, 0, 0] and s.sawroom[H] == discs("FW FW SW HW")
    assert s.equip[H][3] == 0 and s.food[H] == 0


def test_LG_20_4_winter_felling_lodging_ex33():
    s = _winter(clearing=(V, H, N, J))
    s.huts[V] = [0, 0, 1]
    goto(s, "w_bonus", round=3)
    play(s, "bonus SW")
    for _ in range(3):
        play(s, "bonus FW")
    assert s.phase == "w_fell" and s.current_player == V
    play(s, "fell mill", "fell lodge")
    assert s.woodpile[V] == discs("SW FW FW FW")
    assert s.mill_free[V] is False and s.huts[V] == [0, 0, 0]


def test_LG_21_4_winter_shortfall_loans_ex34():
    s = _winter()
    s.money = [20, 20, 5, 20]
    s.food = [6, 6, 4, 6]
    s.heat = [[3, 0, 0], [3, 0, 0], [1, 0, 0], [3, 0, 0]]
    goto(s, "feed", round=3)
    assert s.money[J] == 1 and s.loans[J] == 2
    assert s.heat[J] == [0, 0, 0] and s.food[J] == 0


def test_LG_21_loans_ex35():
    s = new(4)
    start_travel(s, [H, N, J, V])
    play(s, "loan")
    assert s.money[H] == 8 and s.loans[H] == 1
    play(s, "loan")
    assert s.money[H] == 12 and s.loans[H] == 2
    assert "loan" not in legal(s)
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("loan")
    assert e.value.rule == "LG-21.2"
    from meeple.games.lignum.components import LOAN_REPAY

    assert LOAN_REPAY[1] == 7 and LOAN_REPAY[2] == 16


def test_LG_22_final_sale_ex36():
    s = _winter(round_=7)
    s.money[N] = 10
    s.loans[N] = 1
    s.mill[N] = [pieces("sSW sSW"), pieces("FW"), pieces("sHW"), pieces("SW")]
    s.river[N] = discs("FW FW SW HW")
    s.sawroom[N] = discs("SW")
    s.heat[N] = [2, 0, 0]
    s.woodpile[N] = discs("FW")
    s.clearing = [N, H, J, V]
    s.round = 7
    s.phase = "final"
    s.pi = 0
    flow.run(s)
    s._legal_cache = None
    assert legal(s) == ["river FW", "river SW"]
    play(s, "river FW")
    assert s.is_terminal()
    assert s.money[N] == 28
    assert s.scores()[N] == 28


# ---------------------------------------------------------------- 2 and 3 players
def test_LG_23_three_players_ex37():
    s = new(3)
    assert sorted(w[0] for w in s.areas_wood) == [2, 2, 2, 3, 3, 3]
    assert all(s.areas_wood[a - 1][0] == 3 for a in s.area) and len(set(s.area)) == 3
    assert s.path_w == [8, 2, 12, 3, 1]
    toks = sorted(t for t in s.path_tok if t and t[0] != "p")
    assert toks == sorted(
        ["wagon", "raft", "raft", "saw", "sled", "dollar_token", "food_token", "food_token", "x_token", "x_token"]
    )
    assert len([t for t in s.path_tok if t.startswith("p")]) == 3
    for sp, t in enumerate(s.path_tok):
        if t == "x_token":
            assert f"go {sp}" not in legal(s)
    # two placement cards a round
    deck = len(s.pdeck)
    s.clearing = [0, 1, 2]
    rounds.end_round(s)
    assert len(s.pdeck) == deck - 2


def test_LG_23_two_players_ex38():
    s = new(2)
    assert sorted(w[0] for w in s.areas_wood) == [2, 2, 2, 2, 3, 3]
    assert s.path_w == [6, 1, 8, 2, 1]
    assert sorted(t for t in s.path_tok if t == "x_token") == ["x_token", "x_token"]
    assert len([t for t in s.path_tok if t]) == 13
    deck = len(s.pdeck)
    s.clearing = [0, 1]
    rounds.end_round(s)
    assert len(s.pdeck) == deck - 1


# ---------------------------------------------------------------- tactical variant
def test_LG_24_reverse_order_choice_ex39():
    s = new(3, variant="basic-tactical")
    assert len(s.prevealed) == 2 and len(s.pdeck) == 13
    h, n, v = 0, 1, 2
    s.clearing = [v, h, n]
    rounds.end_round(s)
    flow.run(s)
    assert s.order == [n, h, v]
    assert s.phase == "tact" and s.current_player == v
    play(s, "area 6")
    assert s.current_player == h
    play(s, "area 2")
    assert s.current_player == n
    assert legal(s) == ["area 1", "area 3", "area 4", "area 5", "loan"]
    with pytest.raises(IllegalActionError):
        s.apply_action("area 6")
    play(s, "area 4")
    assert s.round == 1 and s.area == [2, 4, 6]


# ---------------------------------------------------------------- advanced game
def test_LG_25_task_display_and_purchase_ex40():
    s = new(3, variant="advanced")
    assert s.money == [5, 5, 5]
    assert len(s.tdisplay) == 3 and len(s.tdeck) == 7
    first = s.order[0]
    play(s, "go 13")
    t = legal(s)[0]
    play(s, t)
    assert len(s.tasks[first]) == 1 and s.money[first] == 4
    assert len(s.tdisplay) == 2
    s.clearing = [0, 1, 2]
    rounds.end_round(s)
    assert len(s.tdisplay) == 3 and len(s.tdeck) == 6


def test_LG_25_4_filling_tasks_ex41():
    s = new(4, variant="advanced")
    empty_players(s)
    s.tasks[H] = [[task("T01"), 0, 0], [task("T02"), 0, 0]]
    s.mill[H] = [pieces("sSW"), pieces("FW"), pieces("sFW sSW"), pieces("sHW")]
    goto(s, "tasks", clearing=[H, N, J, V], round=1)
    assert sorted(t for t in legal(s) if t.startswith("fill")) == ["fill T01 2", "fill T02 1"]
    play(s, "fill T01 2", "fill T02 1")
    assert s.tasks[H] == [[task("T01"), 0, 1], [task("T02"), 1, 0]]
    assert s.mill[H] == [pieces("sSW"), pieces("FW"), pieces("sSW"), pieces("")]
    # completed both -> 17 + 18 at the end
    from meeple.games.lignum.components import TASK_CARDS

    s.tasks[H] = [[task("T01"), 1, 1], [task("T02"), 1, 1]]
    assert all(task_complete(t) for t in s.tasks[H])
    assert sum(TASK_CARDS[t[0]][2] for t in s.tasks[H]) == 35


def test_LG_25_7_incomplete_task_ex42():
    s = _winter(round_=7)
    s.tasks[H] = [[task("T02"), 1, 0]]
    s.money = [0] * 4
    s.round = 7
    s.phase = "final"
    s.pi = 0
    flow.run(s)
    assert s.is_terminal() and s.money[H] == 0


def test_LG_20_7_tasks_in_winter_ex43():
    s = new(4, variant="advanced")
    empty_players(s, money=50)
    set_winter(s, 1, "W1", 1)
    set_winter(s, 2, "W1", 1)
    s.tasks[J] = [[task("T01"), 0, 0]]
    s.mill[J][2] = pieces("sFW")
    s.food = [9] * 4
    s.heat = [[9, 0, 0] for _ in range(4)]
    goto(s, "w_saw", clearing=[J, H, N, V], round=3)
    assert s.phase != "w_tasks"
    assert s.tasks[J] == [[task("T01"), 0, 0]]
    assert s.round == 4  # Y1 winter over without a task phase
    s2 = new(4, variant="advanced")
    empty_players(s2, money=50)
    s2.tasks[J] = [[task("T01"), 0, 0]]
    s2.mill[J][2] = pieces("sFW")
    goto(s2, "w_saw", clearing=[J, H, N, V], round=7)
    assert s2.phase == "w_tasks" and s2.current_player == J
    play(s2, "fill T01 2")
    assert s2.tasks[J] == [[task("T01"), 0, 1]]
