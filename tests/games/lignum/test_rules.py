"""Further Lignum rule tests with values from the spec (RULES.md, components.json, EXAMPLES.md EC-xx)."""

import io
import json
import random
import re

import pytest

from meeple import IllegalActionError, InvalidConfigError, InvalidRecordError
from meeple.games.lignum.components import BASE_PRICE, BONUS, SAW_YIELD, START_MONEY
from meeple.games.lignum.rules import flow, rounds

from .test_examples import (
    GAME,
    H,
    J,
    N,
    V,
    discs,
    empty_players,
    goto,
    legal,
    new,
    pieces,
    play,
    set_winter,
    start_travel,
)


def test_component_values_LG_15_2_LG_13_2():
    assert BASE_PRICE == (3, 4, None, 1, 2, 5)
    assert BONUS == (0, 0, 1, 2)
    assert SAW_YIELD == (4, 3, 1)
    assert START_MONEY == {"basic": 4, "advanced": 5}


def test_variants_and_config():
    assert GAME.variants == ("basic", "advanced", "basic-tactical", "advanced-tactical")
    assert new(2, "advanced-tactical").money == [5, 5]
    assert new(3, "basic-tactical").money == [4, 4, 4]
    with pytest.raises(InvalidConfigError):
        GAME.new_initial_state(num_players=5)
    with pytest.raises(InvalidConfigError):
        GAME.new_initial_state(num_players=2, variant="expert")
    assert "expert game" in GAME.rules_help and "NOT available" in GAME.rules_help


def test_LG_1_3_space_8_never_usable():
    for variant in GAME.variants:
        for seed in range(3):
            s = new(4, variant, seed)
            assert "go 8" not in legal(s)
            assert ("go 13" in legal(s)) == variant.startswith("advanced")


def test_LG_8_1_2_illegal_action_changes_nothing():
    s = new(4)
    before = json.dumps(s.to_dict(), sort_keys=True)
    for text in ("go 8", "go 0", "done", "fell FW", "nonsense"):
        with pytest.raises(IllegalActionError):
            s.apply_action(text)
        assert json.dumps(s.to_dict(), sort_keys=True) == before
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("go 8")
    assert e.value.rule == "LG-1.3"


def test_EC_01_EC_02_must_move_clearing_always_legal():
    s = new(4)
    start_travel(s, [H, N, J, V])
    assert "go C" in legal(s) and "done" not in legal(s)
    s.path_tok = [""] * 21
    s.money = [0] * 4
    s.loans = [2] * 4
    s._legal_cache = None
    # nothing can be activated: only free spaces (16 sawyer free) and the clearing
    assert [t for t in legal(s) if t.startswith("go")] == ["go 16", "go C"]


def test_EC_03_space_6_holds_two():
    s = new(4)
    start_travel(s, [H, N, J, V])
    play(s, "go 6", "go 6")
    assert "go 6" not in legal(s)


def test_EC_04_saw_limit():
    s = new(4)
    tok = [""] * 21
    tok[2] = "saw"
    s.path_tok = tok
    s.equip[H][0] = 4
    start_travel(s, [H, N, J, V])
    assert "go 2" not in legal(s)
    play(s, "go 19")
    assert "buy saw" not in legal(s) and "buy food" in legal(s)


def test_EC_05_hardwood_never_sold_nor_sales_room():
    s = new(4)
    empty_players(s)
    s.workers[H][1] = 1
    s.woodpile[H] = discs("HW")
    goto(s, "transport", clearing=[H, N, J, V])
    play(s, "carry")
    assert legal(s) == ["HW saw", "loan"]


def test_EC_06_saw_room_not_sellable():
    s = new(4)
    empty_players(s)
    s.sawroom[H] = discs("FW SW")
    s.mill[H][0] = pieces("FW")
    goto(s, "sell", clearing=[H, N, J, V])
    assert [t for t in legal(s) if t.startswith("sell")] == ["sell FW sales"]


def test_EC_09_dryer_capacity():
    s = new(4)
    empty_players(s)
    s.mill[H] = [pieces("FW sFW"), pieces("sSW"), pieces("FW"), pieces("")]
    goto(s, "dry", clearing=[H, N, J, V])
    # LG-16.3: every open move is offered at once, in any order; d2 holds a disc, so d1's stick
    # can move only together with the disc moving on to d3
    assert legal(s)[:4] == ["dry FW sales", "dry sFW sales", "dry sSW d1", "dry FW d2"]
    play(s, "dry sFW sales")  # EC-09: a dryer with one stick accepts a second stick
    assert s.mill[H][1] == pieces("sFW sSW")
    assert "dry FW sales" not in legal(s)  # ... but no disc while it keeps a stick
    play(s, "done")
    assert s.mill[H] == [pieces("FW"), pieces("sFW sSW"), pieces("FW"), pieces("")]


def test_EC_11_leftover_food_returned_heat_kept():
    s = new(4)
    empty_players(s, money=20)
    set_winter(s, 1, "W1", 0)
    s.food = [9, 6, 6, 6]
    s.heat = [[5, 0, 0], [3, 0, 0], [3, 0, 0], [3, 0, 0]]
    goto(s, "feed", clearing=[H, N, J, V], round=3)
    assert s.food == [0, 0, 0, 0] and s.heat[H] == [2, 0, 0]
    assert s.money == [20] * 4 and s.round == 4


def test_EC_14_two_loans_sell_at_once():
    s = new(4)
    empty_players(s, money=0)
    set_winter(s, 1, "W1", 0)  # 6 food, 3 heating
    s.loans[H] = 2
    s.food = [6, 6, 6, 6]
    s.heat = [[0, 0, 0], [3, 0, 0], [3, 0, 0], [3, 0, 0]]
    s.sawroom[H] = discs("SW HW")
    s.mill[H] = [pieces("FW"), pieces(""), pieces("sHW"), pieces("")]
    s.heat[H] = [0, 0, 0]
    goto(s, "heat", clearing=[H, N, J, V], round=3)
    assert s.stage == "forced" and s.debt == 9 and s.loans[H] == 2
    assert sorted(legal(s)) == ["sell FW sales", "sell SW saw", "sell sHW d2"]
    play(s, "sell sHW d2")  # 5 + 1
    assert s.debt == 3 and "done" not in legal(s)
    play(s, "sell SW saw")  # 4: debt settled, $1 kept
    assert s.debt == 0 and s.money[H] == 1
    assert "done" in legal(s)
    play(s, "done")
    assert s.mill[H][0] == pieces("FW")


def test_LG_21_6_negative_cash_when_nothing_to_sell():
    s = new(4)
    empty_players(s, money=2)
    set_winter(s, 1, "W1", 0)
    s.loans[H] = 2
    s.food = [6, 6, 6, 6]
    s.heat = [[0, 0, 0], [3, 0, 0], [3, 0, 0], [3, 0, 0]]
    s.food[H] = 4  # 2 food missing: $6; 3 sticks missing: $9
    goto(s, "feed", clearing=[H, N, J, V], round=3)
    assert s.money[H] == 2 - 6 - 9
    # negative cash cannot buy anything
    start_travel(s, [H, N, J, V])
    s.round = 4
    assert not [t for t in legal(s) if t in ("go 4", "go 10", "go 19")]


def test_EC_15_relocation_costs_and_no_food():
    s = new(4)
    empty_players(s, money=0)
    s.loans = [2] * 4
    s.areas_wood = [discs("FW"), discs("FW"), discs("FW"), discs("FW"), discs("FW FW"), discs("FW")]
    s.area = [5, 5, 1, 2]
    s.workers[H][0] = 1
    s.workers[N][0] = 1
    s.mill_free = [False] * 4
    goto(s, "fell", clearing=[H, N, J, V])
    play(s, "fell FW")
    assert s.current_player == N
    assert not [t for t in legal(s) if t.startswith("relocate")]  # no money


def test_EC_16_empty_area_gets_firewood_even_with_food():
    s = new(4)
    s.areas_wood = [discs("")] + [discs("FW") for _ in range(5)]
    s.areas_wood = [w[:] for w in s.areas_wood]
    s.areas_food = [2, 0, 0, 0, 0, 0]
    s.pdeck = [1]  # PC02: HW in A3, 2 FW in A5, food in A1 and A4
    s.round = 1
    rounds.start_nonwinter(s)
    assert s.areas_wood[0] == discs("FW") and s.areas_food[0] == 3


def test_EC_21_fodder_value2_used_first_and_discarded():
    s = new(4)
    empty_players(s)
    s.workers[H][1] = 1
    s.equip[H][2] = 1
    s.fodder2[H] = 1
    s.woodpile[H] = discs("FW FW FW")
    goto(s, "transport", clearing=[H, N, J, V])
    play(s, "wagon", "FW sales", "done")
    assert s.fodder2[H] == 0 and s.fodder3[H] == 0 and s.woodpile[H] == discs("FW FW")


def test_EC_22_y1_spring_no_food_no_arrival():
    s = new(4)
    assert s.phase == "travel" and s.round == 0 and s.areas_food == [0] * 6


def test_EC_13_no_carriers_in_winter():
    s = new(4)
    empty_players(s)
    s.workers[H][1] = 3
    s.equip[H] = [0, 3, 3, 0]
    s.fodder3[H] = 1
    s.woodpile[H] = discs("FW FW")
    goto(s, "w_sled", clearing=[H, N, J, V], round=3)
    assert s.phase != "w_sled" or s.current_player != H


def test_EC_20_only_one_extra_sawyer():
    s = new(4)
    start_travel(s, [H, N, J, V])
    play(s, "go 16", "extra")
    play(s, "go 16")
    assert s.current_player == J  # N got her free sawyer, no extra decision


def test_LG_20_bonus_and_winter_felling_order():
    s = new(2)
    empty_players(s)
    s.clearing = [1, 0]
    goto(s, "w_bonus", round=3)
    assert s.current_player == 1 and legal(s) == ["bonus FW", "bonus SW", "bonus HW", "loan"]


def test_LG_19_4_drying_hut_in_winter_raises_final_sale():
    s = new(2)
    empty_players(s, money=0)
    s.huts[H] = [1, 0, 0]
    s.mill[H][2] = pieces("sHW")
    s.food = [9, 9]
    s.heat = [[9, 0, 0], [9, 0, 0]]
    goto(s, "w_fell", clearing=[H, N], round=7)
    assert "dryhut sHW d2" in legal(s)
    play(s, "dryhut sHW d2")
    while not s.is_terminal():
        s.apply_action(legal(s)[-1] if "done" not in legal(s) else "done")
    assert s.money[H] == 7


# ------------------------------------------------------------- hidden information
def test_LG_7_1_secret_choice_hidden_from_others():
    s = new(3, seed=2)
    s.clearing = [0, 1, 2]
    rounds.end_round(s)
    flow.run(s)
    first = s.current_player
    s.apply_action("area 4")
    others = [x for x in range(3) if x != first]
    for o in others:
        obs = s.observation(o)
        assert obs["secret"][first] == 0 and obs["committed"][first] is True
    assert s.observation(first)["secret"][first] == 4
    assert s.observation(None)["secret"] == [0, 0, 0]


def test_observation_has_no_deck_order():
    s = new(4, "advanced", seed=5)
    o = s.observation(0)
    assert o["pstack"] == sorted(s.pstack) and o["pdeck"] == sorted(s.pdeck)
    assert o["tdeck"] == sorted(s.tdeck) and o["wrest"] == sorted(s.wrest)


def test_resample_keeps_observation_and_hides_truth():
    s = new(3, "advanced", seed=8)
    s.clearing = [0, 1, 2]
    rounds.end_round(s)
    flow.run(s)
    s.apply_action("area 2")
    seat = s.current_player
    re = s.resample_hidden(seat, random.Random(1))
    assert json.dumps(re.observation(seat), sort_keys=True) == json.dumps(s.observation(seat), sort_keys=True)
    # two states differing only in hidden parts resample identically
    t = s.clone()
    t.pstack = t.pstack[::-1]
    t.pdeck = t.pdeck[::-1]
    t.tdeck = t.tdeck[::-1]
    first = s.order[0]
    t.secret[first] = 6 if s.secret[first] != 6 else 5
    a = s.resample_hidden(seat, random.Random(7))
    b = t.resample_hidden(seat, random.Random(7))
    assert json.dumps(a.to_dict(), sort_keys=True) == json.dumps(b.to_dict(), sort_keys=True)


def test_determinism_same_seed_same_game():
    def run():
        s = new(4, "advanced-tactical", seed=42)
        r = random.Random(3)
        while not s.is_terminal():
            s.apply_action(r.choice(s.legal_actions()))
        return s.to_dict()

    assert run() == run()


def test_load_rejects_malformed():
    s = new(2)
    d = json.loads(json.dumps(s.to_dict()))
    d["state"]["money"] = [1]
    with pytest.raises(InvalidRecordError):
        GAME.state_from_dict(d)
    d = json.loads(json.dumps(s.to_dict()))
    del d["state"]["mill"]
    with pytest.raises(InvalidRecordError):
        GAME.state_from_dict(d)
    # a path token that is none of LG-5.3's (it failed only at the round's clean-up, LG-17.2)
    d = json.loads(json.dumps(s.to_dict()))
    sp = next(i for i, t in enumerate(d["state"]["path_tok"]) if t)
    assert GAME.state_from_dict(d).path_tok[sp] == d["state"]["path_tok"][sp]
    d["state"]["path_tok"][sp] = "x"
    with pytest.raises(InvalidRecordError, match="unknown path token 'x' in path_tok"):
        GAME.state_from_dict(d)
    # card indexes and a winter card's half (LG-3.6: 0 harder, 1 easier): checked at load,
    # not when the card is used (the Y2 winter failed with an IndexError)
    for field, at, value, message in (
        ("winter", (1, 1), 7, "winter halves must hold values 0..1, not 7"),
        ("winter", (0, 0), 99, "winter cards must hold values"),
        ("pdeck", (0,), -1, "pdeck must hold values"),
    ):
        d = json.loads(json.dumps(s.to_dict()))
        target = d["state"][field]
        for i in at[:-1]:
            target = target[i]
        target[at[-1]] = value
        with pytest.raises(InvalidRecordError, match=re.escape(message)):
            GAME.state_from_dict(d)


def test_LG_22_4_ties_shared():
    s = new(3)
    s.money = [10, 10, 3]
    s.phase = "over"
    assert s.winners() == [0, 1]
    assert s.returns() == [0.75, 0.75, 0.0]


def test_text_render_whole_board():
    from rich.console import Console

    from meeple.games.lignum.text import render

    s = new(4, "advanced", seed=1)
    console = Console(width=100, record=True)
    console.print(render(s, 0))
    out = console.export_text()
    for word in ("supply path", "felling areas", "P1 (you)", "P4", "saw room", "d3", "market"):
        assert word in out


def test_heuristics_evaluate_prefers_money():
    from meeple.games.lignum.heuristics import evaluate

    s = new(2)
    scarce = evaluate(s, 0)
    s.money[0] += 5
    # with little cash a dollar is worth more than a dollar (it spares a loan, LG-21.3)
    assert evaluate(s, 0) >= scarce + 5
    s.money[0] = 40
    rich = evaluate(s, 0)
    s.money[0] += 5
    assert evaluate(s, 0) == pytest.approx(rich + 5)
    # LG-21.3: a loan ($4 now, $7 back) is worth less than nothing to a rich player
    s.money[0] += 4
    s.loans[0] = 1
    assert evaluate(s, 0) == pytest.approx(rich + 5 + 4 - 7)


def test_LG_8_4_4_hidden_products_option():
    s = new(3, seed=4, hidden_products=True)
    s.products = [[1, 0, 0, 0, 1], [0, 2, 0, 0, 0], [0, 0, 0, 1, 0]]
    s.pstack = s.pstack[:6]
    o = s.observation(0)
    assert o["products"][0] == [1, 0, 0, 0, 1] and o["products"][1] is None and o["products"][2] is None
    assert o["product_counts"] == [2, 2, 1] and o["pstack"] == 6
    assert "products" in json.dumps(o)
    t = s.clone()
    t.products[1], t.products[2] = [0, 1, 0, 1, 0], [0, 1, 0, 0, 0]  # the same pool, other hands
    assert json.dumps(t.observation(0), sort_keys=True) == json.dumps(o, sort_keys=True)
    # every token was face up on the path when taken, and sales are public: a seat that
    # remembers the game knows the others' tokens, so a re-sample keeps them
    a = s.resample_hidden(0, random.Random(3))
    assert a.products == s.products and sorted(a.pstack) == sorted(s.pstack)
    assert json.dumps(a.observation(0), sort_keys=True) == json.dumps(o, sort_keys=True)
    # default (RULING LG-8.4.4): holdings are public
    assert new(3, seed=4).observation(0)["products"][1] == [0, 0, 0, 0, 0]


def test_why_illegal_names_rule_ids():
    s = new(4)
    start_travel(s, [H, N, J, V])
    cases = {
        "dryhut SW d1": "LG-19.4",
        "foodhut 2": "LG-19.5",
        "build": "LG-19.1",
        "fell FW": "LG-10.1",
        "relocate 2": "LG-10.2",
        "sell FW sales": "LG-9.1",
        "dry SW d1": "LG-9.1",
        "buy saw": "LG-8.3",
    }
    for text, rule in cases.items():
        with pytest.raises(IllegalActionError) as e:
            s.apply_action(text)
        assert e.value.rule == rule, text


def test_LG_3_6_winter_cards_easy_option():
    from meeple.games.lignum.components import WINTER_CARDS

    for seed in range(5):
        s = new(4, seed=seed, easy_winter=True)
        assert [half for _c, half in s.winter] == [1, 1]
        assert s.winter[0][0] != s.winter[1][0] and len(s.wrest) == len(WINTER_CARDS) - 2
    halves = {tuple(h for _c, h in new(4, seed=seed).winter) for seed in range(20)}
    assert len(halves) > 1


def test_LG_24_5_tactical_food_taken_after_placement():
    s = new(2, variant="basic-tactical", seed=3)
    s.clearing = [0, 1]
    rounds.end_round(s)
    flow.run(s)
    card = s.prevealed[0]
    from meeple.games.lignum.components import PLACEMENT_CARDS

    food_areas = [a for a, item, c in PLACEMENT_CARDS[card][1] if item == 3]
    first = s.current_player
    s.areas_food = [0] * 6
    s.apply_action(f"area {food_areas[0]}")
    other = [x for x in (0, 1) if x != first][0]
    assert f"area {food_areas[0]}" not in legal(s)
    s.apply_action(f"area {food_areas[1]}")
    assert s.round == 1 and s.phase == "travel"
    assert s.food[first] == 1 and s.food[other] == 1
    assert s.areas_food[food_areas[0] - 1] == 0


def _random_play(s, seed, on_step=None):
    rng = random.Random(seed)
    while not s.is_terminal():
        legal_now = s.legal_actions()
        before = (s.round, s.prevealed[:], len(s.pused))
        s.apply_action(legal_now[rng.randrange(len(legal_now))])
        if on_step:
            on_step(before, s)
    return s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_LG_24_2_tactical_cards_revealed_one_round_ahead(n):
    """Audit LG-24.2/24.5 RULING: the cards shown during a round are exactly the ones placed at
    the start of the next spring/summer/fall round (across the winter too); none are shown
    during Y2 fall; per round 3/2/1 cards for 4/3/2 players (LG-23.1)."""
    k = {4: 3, 3: 2, 2: 1}[n]
    for seed in range(3):
        s = new(n, variant="advanced-tactical", seed=seed)
        assert s.round == 0 and len(s.prevealed) == k  # Y1 summer's cards, at setup
        seen = []

        def check(before, s, seen=seen):
            r0, shown, used = before
            if s.round != r0 and s.round not in (3, 7) and s.phase != "over":
                seen.append(s.round)
                assert s.pused[used:] == shown  # placed = shown last round
                if s.round == 6:
                    assert s.prevealed == []  # nothing after Y2 fall
                else:
                    assert len(s.prevealed) == k

        _random_play(s, seed, check)
        assert seen == [1, 2, 4, 5, 6]


def test_LG_20_8_second_winter_uses_year_two_card():
    """Audit LG-3.6/LG-20.8/20.9: the Y1 winter demands come from the year-1 card, the Y2 winter
    demands from the year-2 card (the visible half of each)."""
    from meeple.games.lignum.components import WINTER_CARDS

    for seed in range(4):
        s = _random_play(new(3, seed=seed), seed)
        shown = [e for e in s.events if e.startswith("winter card:")]
        want = [WINTER_CARDS[c][1 + half] for c, half in s.winter]
        assert shown == [f"winter card: {f} food, {h} heating" for f, h in want]
        feeds = [e for e in s.events if " feeds " in e]
        assert len(feeds) == 6  # 3 players x 2 winters


# ---------------------------------------------------------------- tester findings (follow-up of issue 3)
def _dry_setup(sales, d1="", d2="", d3="", seat=H, **kw):
    s = new(4, seed=1)
    empty_players(s)
    s.mill[seat] = [pieces(sales), pieces(d1), pieces(d2), pieces(d3)]
    for k, v in kw.items():
        setattr(s, k, v)
    goto(s, "dry", clearing=[seat] + [x for x in range(4) if x != seat], round=1)
    return s


def test_LG_16_2_EC_09_dryer_with_a_staying_stick_takes_a_second_stick():
    # tester's repro: Y1 summer drying, sales = FW + sFW, d1 = sFW that stays in d1
    s = _dry_setup("FW sFW", d1="sFW")
    assert s.current_player == H and "dry sFW sales" in legal(s)
    play(s, "dry sFW sales")
    assert s.mill[H][1] == pieces("sFW sFW")
    assert "dry FW sales" not in legal(s)  # the disc cannot join two sticks (LG-16.2)
    play(s, "done")
    assert s.mill[H] == [pieces("FW"), pieces("sFW sFW"), pieces(""), pieces("")]


def test_LG_16_3_stick_stuck_behind_a_disc_does_not_block_sales_room():
    # d2 holds a disc that stays: the d1 stick cannot move, but the sales stick may still join it
    s = _dry_setup("sFW", d1="sFW", d2="SW")
    assert legal(s)[:3] == ["dry sFW sales", "dry sFW d1", "dry SW d2"]
    play(s, "dry sFW sales", "done")
    assert s.mill[H] == [pieces(""), pieces("sFW sFW"), pieces("SW"), pieces("")]


def test_LG_16_3_final_positions_any_order():
    # EC-23 in the other order: d1 -> d2 first (d2 momentarily holds 3 sticks), then d2 -> d3
    s = _dry_setup("", d1="sSW", d2="sSW sSW")
    play(s, "dry sSW d1")
    assert legal(s) == ["dry sSW d2", "loan"]  # only the move that makes room remains
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("done")
    assert e.value.rule == "LG-16.3" and "d2" in str(e.value)
    assert s.to_dict() == before
    play(s, "dry sSW d2")
    assert "dry sSW d2" in legal(s)  # the other, unmoved stick may still move
    play(s, "done")
    assert s.mill[H] == [pieces(""), pieces(""), pieces("sSW sSW"), pieces("sSW")]


def test_LG_16_1_each_piece_moves_once_and_disc_needs_an_empty_dryer():
    s = _dry_setup("sFW sFW")
    play(s, "dry sFW sales")
    assert legal(s) == ["dry sFW sales", "done", "loan"]  # the moved stick dries no further
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("dry sFW d1")
    assert e.value.rule == "LG-16.1" and "already moved" in str(e.value)
    # a disc never enters a dryer whose stick stays; the refusal explains the final position
    s = _dry_setup("FW sSW", d1="sFW", d2="HW", d3="SW")  # d3 kept by a drying hut: d1 stays full
    assert legal(s) == ["dry sSW sales", "done", "loan"] and s.current_player == H
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("dry FW sales")
    assert e.value.rule == "LG-16.2" and "1 FW, 1 sFW" in str(e.value)


def test_LG_16_4_overfull_dryer_keeps_pieces_but_takes_no_more():
    # 3 sticks in d1 through drying huts: they stay; nothing enters d1 unless enough leave
    s = _dry_setup("sFW", d1="sSW sSW sSW")
    assert "dry sFW sales" in legal(s)  # possible if two d1 sticks move on to d2
    play(s, "dry sFW sales")
    with pytest.raises(IllegalActionError):
        s.apply_action("done")
    play(s, "dry sSW d1")
    with pytest.raises(IllegalActionError):
        s.apply_action("done")
    play(s, "dry sSW d1")  # now only 'done' is left: H's drying ends
    assert s.mill[H] == [pieces(""), pieces("sFW sSW"), pieces("sSW sSW"), pieces("")]
    assert not (s.phase == "dry" and s.current_player == H)
    s = _dry_setup("", d1="sSW sSW sSW")
    play(s, "done")  # LG-16.4: the over-full dryer keeps its pieces
    assert s.mill[H][1] == pieces("sSW sSW sSW")


def test_LG_19_4_drying_hut_during_drying_ignores_capacity():
    s = _dry_setup("sFW", d1="sSW sSW")
    s.huts[H] = [1, 0, 0]
    s._legal_cache = None
    play(s, "dryhut sFW sales")  # a third stick into d1, ignoring capacity
    assert s.mill[H][1] == pieces("sFW sSW sSW")
    assert "done" in legal(s) and "dry sFW d1" in legal(s)  # the hut piece may still dry normally
    play(s, "dry sSW d1", "done")
    assert s.mill[H][1] == pieces("sFW sSW") and s.mill[H][2] == pieces("sSW")


def test_LG_16_4_the_exemption_of_a_hut_piece_leaves_with_it():
    # a hut puts SW into d1, SW dries on to d2: d1 holds no hut piece, so LG-16.2 holds there again
    s = _dry_setup("SW FW sFW")
    s.huts[H] = [1, 0, 0]
    s._legal_cache = None
    play(s, "dryhut SW sales", "dry SW d1", "dry FW sales")
    # a stick never joins the disc (it did: an old count), so only 'done' was left: H's drying ended
    assert not (s.phase == "dry" and s.current_player == H)
    assert s.mill[H] == [pieces("sFW"), pieces("FW"), pieces("SW"), pieces("")]
    # pieces alike: of two SW in d1 the one the hut did not bring dries on, the hut SW keeps d1
    s = _dry_setup("SW sFW", d1="SW")
    s.huts[H] = [1, 0, 0]
    s._legal_cache = None
    play(s, "dryhut SW sales", "dry SW d1")
    assert s.mill[H][1] == pieces("SW") and s.pend[21] == 1  # one disc in d1 still a hut piece
    # the engine's reading of LG-16.4: the hut SW ignores capacity, the pieces dried in must fit
    assert s.current_player == H and "dry sFW sales" in legal(s)
    # a hut piece moved on by a second hut takes its exemption along (d1 -> d2)
    s = _dry_setup("SW", d1="sSW sSW")
    s.huts[H] = [2, 0, 0]
    s._legal_cache = None
    play(s, "dryhut SW sales")
    assert s.pend[21] == 1 and "done" in legal(s)  # SW with two sticks: kept by the hut
    play(s, "dryhut SW d1")
    assert s.pend[21] == 0 and s.pend[22] == 1 and s.mill[H][1] == pieces("sSW sSW")


def test_LG_2_4_market_saws_come_from_the_limited_supply():
    s = new(4)
    start_travel(s, [H, N, J, V])
    supply = s.supply["saw"]
    play(s, "go 19", "buy saw")
    assert s.equip[H][0] == 1 and s.supply["saw"] == supply - 1
    play(s, "done")
    # LG-2.6: tokens are limited by their count; with none left in the supply no saw is sold
    s = new(4)
    start_travel(s, [H, N, J, V])
    s.supply["saw"] = 0
    play(s, "go 19")
    assert "buy saw" not in legal(s) and "buy food" in legal(s)
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("buy saw")
    assert e.value.rule == "LG-2.4"


def test_LG_21_1_loan_at_every_decision_of_ones_own_turn():
    # "at any time during his own turn" (LG-21.1): also in sub-decisions
    s = new(4)
    empty_players(s, money=4)
    s.areas_wood[4] = discs("SW FW FW")
    s.area = [5, 1, 2, 3]
    start_travel(s, [H, N, J, V])
    play(s, "go 10")
    assert s.stage == "space10" and "loan" in legal(s)
    play(s, "loan")
    assert s.loans[H] == 1 and s.money[H] == 8 and s.stage == "space10" and s.current_player == H
    play(s, "cutters 3")
    # piece destination after a carrier trip
    s = new(4)
    empty_players(s)
    s.workers[H][1] = 1
    s.woodpile[H] = discs("FW")
    goto(s, "transport", clearing=[H, N, J, V])
    play(s, "carry")
    assert s.stage == "move" and "loan" in legal(s)
    # heat / sales of a new stick
    s = new(4)
    empty_players(s)
    s.workers[H][2] = 1
    s.equip[H][0] = 1
    s.sawroom[H] = discs("SW")
    goto(s, "saw", clearing=[H, N, J, V])
    play(s, "saw SW", "heat")
    assert s.stage == "split" and "loan" in legal(s)
    play(s, "loan", "sales", "heat")
    assert s.loans[H] == 1 and s.heat[H] == [0, 2, 0]
    assert s.events[-1] == "P1 puts sSW: 2 in the heating store, 1 in the sales room"  # one line a saw
    # the extra sawyer at space 16
    s = new(4)
    start_travel(s, [H, N, J, V])
    play(s, "go 16")
    assert legal(s) == ["extra", "done", "loan"]


def test_LG_21_loan_refusals_explained():
    # the secret felling-area choice is no turn (LG-7.1): not LG-21.2 for a player with 0 loans
    s = new(4)
    s.round = 1
    s.phase = "choose"
    s.pi = 0
    s.stage = ""
    flow.run(s)
    s._legal_cache = None
    assert s.stage == "choose" and s.loans[s.current_player] == 0
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("loan")
    assert e.value.rule == "LG-21.1" and "2 loans" not in str(e.value)
    # with 2 loans: LG-21.2
    s = new(4)
    start_travel(s, [H, N, J, V])
    play(s, "loan", "loan")
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("loan")
    assert e.value.rule == "LG-21.2"


def test_LG_8_5_product_sale_refusal_cites_product_rule():
    s = new(4)
    empty_players(s, money=4)
    start_travel(s, [H, N, J, V])
    play(s, "go 19")
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("sell 2stake")
    assert e.value.rule == "LG-8.5.1" and "no product tokens" in str(e.value)
    s.products[H] = [1, 0, 0, 0, 0]
    s._legal_cache = None
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("sell 1stake")
    assert e.value.rule == "LG-8.5.1" and "single token" in str(e.value)


def test_LG_9_1_wood_sale_outside_selling_phase():
    s = new(4)
    empty_players(s)
    s.workers[H][1] = 1
    s.woodpile[H] = discs("FW")
    s.mill[H][0] = pieces("FW")
    goto(s, "transport", clearing=[H, N, J, V])
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("sell FW sales")
    assert e.value.rule == "LG-9.1" and "not the selling phase" in str(e.value)
    # in winter: LG-20.11
    s = new(4)
    empty_players(s)
    s.mill_free = [True] * 4
    s.mill[H][0] = pieces("FW")
    goto(s, "w_fell", clearing=[H, N, J, V], round=3)
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("sell FW sales")
    assert e.value.rule == "LG-20.11"


def test_LG_8_2_each_refused_go_names_its_reason():
    s = new(4)
    empty_players(s, money=0)
    tok = [""] * 21
    tok[1], tok[2], tok[3], tok[5], tok[7] = "raft", "saw", "x_token", "wagon", ""
    s.path_tok = tok
    s.areas_wood = [[0, 0, 0] for _ in range(6)]
    s.area = [1, 2, 3, 4]
    start_travel(s, [H, N, J, V])
    s.loans = [2, 2, 2, 2]
    s.equip[N][0] = 4
    play(s, "go 1")  # H takes the raft
    s.money[N] = 0

    def why(text):
        with pytest.raises(IllegalActionError) as e:
            s.apply_action(text)
        return e.value.rule, str(e.value)

    assert s.current_player == N
    assert why("go 1")[0] == "LG-8.2.2" and "full" in why("go 1")[1]
    assert why("go 2")[0] == "LG-8.4.1"  # N holds 4 saws
    assert why("go 3")[0] == "LG-23.3"  # X token
    assert why("go 7")[0] == "LG-8.2.4" and "no token" in why("go 7")[1]
    assert why("go 4") == ("LG-8.3.1", why("go 4")[1]) and "cannot pay $1" in why("go 4")[1]
    assert why("go 10")[0] == "LG-8.3" and "holds no wood" in why("go 10")[1]
    assert why("go 8")[0] == "LG-1.3"
    assert why("go 13")[0] == "LG-1.3"
    assert why("go 19")[0] == "LG-8.2.4"
    play(s, "go 5")
    assert s.current_player == J
    assert why("go 5")[0] == "LG-8.2.2"
    s.fodder3[J] = 1
    s.money[J] = 5
    s.loans[J] = 0
    s._legal_cache = None
    assert why("go 6")[0] == "LG-12.4"
    play(s, "go 16", "done")
    assert s.current_player == V
    play(s, "go C")
    assert s.current_player == H and s.pos[H] == 1
    assert why("go 1")[0] == "LG-8.1.3"  # a foreman never stays or moves back


def test_LG_7_3_food_log_grammar():
    s = new(4, seed=2)
    s.areas_food = [2, 0, 3, 0, 0, 0]
    s.secret = [1, 3, 3, 5]
    s.food = [0, 0, 0, 0]
    rounds.reveal_choices(s)
    assert "P1 takes 2 food from area 1" in s.events  # seat 0 is P1
    sharers = [e for e in s.events if "area 3" in e and "food" in e]
    assert sharers and " take 1 food each from area 3 (1 stays there)" in sharers[0]
    assert " and " in sharers[0] and "takes" not in sharers[0]
    assert not any(e.startswith("P1 take ") for e in s.events)


def test_LG_7_1_is_secret_decision():
    s = new(4)
    assert s.phase == "travel" and not s.is_secret_decision()  # Y1 spring: no choice (LG-4.3)
    s.phase, s.pi, s.stage = "choose", 0, ""
    flow.run(s)
    s._legal_cache = None
    seen = 0
    while s.phase == "choose":
        assert s.stage == "choose" and s.is_secret_decision()
        play(s, "area 2")
        seen += 1
    assert seen == 4 and not s.is_secret_decision() and s.phase == "travel"
    # the tactical pick is open (LG-24.3), and a finished game has no secret decision
    t = new(3, "basic-tactical")
    h, n, v = 0, 1, 2
    t.clearing = [v, h, n]
    rounds.end_round(t)
    flow.run(t)
    t._legal_cache = None
    assert t.stage == "tact" and not t.is_secret_decision()
    t.phase = "over"
    flow.run(t)
    assert not t.is_secret_decision()


def test_text_shows_tasks_placement_cards_and_sticks_left():
    from rich.console import Console

    from meeple.games.lignum.components import PLACEMENT_CARDS, TASK_CARDS
    from meeple.games.lignum.text import render

    def out(s, seat=0):
        c = Console(width=100, record=True, file=io.StringIO())
        c.print(render(s, seat))
        return c.export_text()

    s = new(4, "advanced-tactical", seed=1)
    text = out(s)
    t = s.tdisplay[0]
    cid, _reqs, reward = TASK_CARDS[t]
    # LG-25.2 each displayed task with what it needs and pays
    assert f"{cid} " in text and f"→ ${reward}" in text
    assert f"{['sFW', 'sSW', 'sHW', 'FW', 'SW', 'HW'][0]}" in text
    # LG-24.2 the placement cards shown ahead, with their contents
    c = s.prevealed[0]
    pid, items = PLACEMENT_CARDS[c]
    a, item, k = items[0]
    assert f"{pid}: A{a}+{k}{('FW', 'SW', 'HW', 'food')[item]}" in text
    # LG-13.3 the stick split says how many sticks are left to place
    s = new(4)
    empty_players(s)
    s.workers[H][2] = 1
    s.equip[H][0] = 1
    s.sawroom[H] = discs("FW")
    goto(s, "saw", clearing=[H, N, J, V])
    play(s, "saw FW", "heat")
    assert "3 new sFW stick(s) left to place" in out(s)


def test_text_four_player_board_fits_45_lines():
    from rich.console import Console

    from meeple.games.lignum.text import render

    s = new(4, "advanced-tactical", seed=3)
    for seat in range(4):  # a busy position: every store filled, two tasks each
        s.money[seat] = 12
        s.equip[seat] = [4, 3, 2, 1]
        s.products[seat] = [1, 1, 1, 1, 1]
        s.huts[seat] = [1, 1, 1]
        s.woodpile[seat] = [3, 2, 1]
        s.river[seat] = [2, 1, 0]
        s.sawroom[seat] = [1, 1, 1]
        s.heat[seat] = [3, 1, 1]
        s.mill[seat] = [pieces("FW SW sFW sSW"), pieces("sFW sSW"), pieces("SW"), pieces("sHW sHW")]
        s.tasks[seat] = [[0, 1, 0], [1, 0, 0]]
    c = Console(width=100, record=True, file=io.StringIO())
    c.print(render(s, 0))
    lines = c.export_text().splitlines()
    assert len(lines) <= 45, len(lines)
    assert max(len(x) for x in lines) <= 100


def test_an_unknown_action_lists_ten_legal_ones_and_says_how_many_there_are():
    """A cut list of legal actions says so (no action looks illegal for being left out)."""
    from meeple import load_game

    state = load_game("lignum").new_initial_state(2, seed=3)
    legal = state.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        state.apply_action("foo")
    assert len(legal) > 10 and f"... {len(legal)} in all)" in str(e.value)
    assert ", ".join(a.text for a in legal[:10]) in str(e.value)


def test_LG_20_8_no_food_store_hut_after_feeding():
    """Food left after feeding goes back to the supply: a food-store hut is not offered in the
    forced sales that follow (its food would otherwise last into the next year)."""
    s = new(4)
    empty_players(s, money=0)
    set_winter(s, 1, "W1", 0)  # 6 food, 3 heating
    s.loans[H] = 2
    s.food = [6, 6, 6, 6]
    s.food[H] = 0
    s.heat = [[0, 0, 0], [3, 0, 0], [3, 0, 0], [3, 0, 0]]
    s.huts[H] = [0, 1, 0]
    s.areas_food = [3, 0, 0, 0, 0, 0]
    s.mill[H] = [pieces("FW FW FW"), pieces(""), pieces(""), pieces("")]
    goto(s, "feed", clearing=[H, N, J, V], round=3)
    assert s.stage == "forced" and s.debt > 0 and s.food[H] == 0
    assert "sell FW sales" in legal(s) and not any(a.startswith("foodhut") for a in legal(s))
    with pytest.raises(IllegalActionError, match="food left after feeding goes back to the supply") as e:
        s.apply_action("foodhut 1")
    assert e.value.rule == "LG-20.8"
    # before the winter's feeding the hut is offered as usual (LG-19.5)
    t = new(4)
    empty_players(t, money=0)
    t.huts[H] = [0, 1, 0]
    t.areas_food = [3, 0, 0, 0, 0, 0]
    start_travel(t, [H, N, J, V])
    assert "foodhut 1" in legal(t)


def _refusal(s, text):
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as e:
        s.apply_action(text)
    assert s.to_dict() == before
    return e.value.rule, str(e.value)


def test_felling_refusals_give_the_actual_reason_LG_10():
    s = new(4)
    empty_players(s)
    s.areas_wood = [discs("FW"), discs(""), discs("FW FW FW"), discs("FW"), discs("SW FW FW FW"), discs("")]
    s.area[H], s.area[J], s.area[N], s.area[V] = 5, 5, 1, 4
    s.workers[J][0] = 1
    s.workers[H][0] = 2
    s.money[H] = 2
    s.workers[N][0] = 1
    s.mill_free = [True] * 4
    s.mill_free[V] = False  # V has no worker: skipped
    goto(s, "fell", clearing=[V, J, H, N])
    assert s.current_player == J
    assert _refusal(s, "fell HW")[0] == "LG-10.1" and "holds no HW" in _refusal(s, "fell HW")[1]
    assert "'fell FW', 'fell SW' or 'fell HW'" in _refusal(s, "fell XX")[1]
    assert _refusal(s, "fell FW mill")[0] == "LG-18.2"  # his hired woodcutter fells first
    assert "relocate" not in " ".join(legal(s))
    rule, msg = _refusal(s, "relocate 3")
    assert rule == "LG-10.2" and "no player before you fells in area 5" in msg
    play(s, "fell SW")  # his one woodcutter
    rule, msg = _refusal(s, "fell FW")
    assert rule == "LG-10.1" and "no hired woodcutter is left: fell with 'fell FW mill'" in msg
    play(s, "fell FW mill")  # his last worker: the felling passes on
    assert s.current_player == H  # a later player in the shared area 5
    assert "area 5 already" in _refusal(s, "relocate 5")[1]
    assert "holds a felling token" in _refusal(s, "relocate 1")[1]
    assert "N = 1..6" in _refusal(s, "relocate 7")[1]
    play(s, "fell FW")
    assert "before felling" in _refusal(s, "relocate 3")[1]


def test_task_refusals_in_the_basic_game_name_the_variant_LG_1_3():
    s = new(2)
    for text in ("task T04", "fill T01 2"):
        rule, msg = _refusal(s, text)
        assert rule == "LG-1.3" and "only in the advanced game" in msg
