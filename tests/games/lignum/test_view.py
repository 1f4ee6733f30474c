"""The Lignum view (meeple.games.lignum.view): every action in words, the status sentence, the
forced step, the lobby texts, and the board as the interface (every located legal action on the
main board, hit areas of 28 units and text of 12, place keys), over seeded games of every
variant and player count; the rulebook examples' costs in the labels (EXAMPLES.md)."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

import meeple
from meeple.core.view import RULE_ID
from meeple.games.lignum.rules import flow

from .test_examples import (
    GAME,
    H,
    J,
    N,
    V,
    _sell_setup,
    _winter,
    discs,
    empty_players,
    goto,
    new,
    pieces,
    play,
    start_travel,
)

NS = "{http://www.w3.org/2000/svg}"
VIEW = GAME.view
NAMES = ["Hana", "Nils", "Jana", "Vera"]
NO_PLACE = {"done"}
"""The action kinds with no place on the board (only in the list): ``done`` ends a step."""


def labels(s):
    return {a.text: VIEW.action_label(s, a) for a in s.legal_actions()}


def board(s, seat):
    leg = [a.text for a in s.legal_actions()] if seat is not None and seat == s.current_player else []
    return VIEW.board_svg(s.observation(seat), leg, NAMES[: s.num_players], seat), leg


def check_board(svg, leg):
    """The board's contract: every data-action legal, every hit area >= 28 x 28, every text
    >= 12 units; returns the notations on the board."""
    root = ET.fromstring(svg)
    on = set()
    for el in root.iter():
        a = el.get("data-action")
        if a is not None:
            assert a in leg, a
            on.add(a)
        if el.get("class") == "hit":
            assert float(el.get("width")) >= 28 and float(el.get("height")) >= 28, el.attrib
        if el.get("font-size") is not None:
            assert float(el.get("font-size")) >= 12, el.attrib
        if el.get("data-layer"):  # a chooser's panel: its buttons say different things
            tips = [x.find(NS + "title").text for x in el.iter() if x.get("data-action")]
            assert len(tips) == len(set(tips)) >= 1, tips
    return on


# ------------------------------------------------------------------ seeded games, every variant
@pytest.mark.parametrize("variant", GAME.variants)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_words_status_and_board_over_seeded_games(variant, n):
    """Greedy seat 0 and random others, up to 300 decisions: each legal action's label is words
    (not the notation, no rule id, a capital first), distinct within the state; the help names
    a rule; the board holds every legal action but ``done``, all legal, hits >= 28, text >= 12;
    status sentences for the seat to act, another seat and a spectator; the keys of
    place_keys are exactly the board's data-place values."""
    s = GAME.new_initial_state(num_players=n, seed=10 * n, variant=variant, hidden_products=(n == 3))
    greedy = meeple.agents.make("greedy", seed=1)
    rng = random.Random(n)
    kinds = set()
    for step in range(300):
        if s.is_terminal():
            break
        cur = s.current_player
        acts = s.legal_actions()
        words = labels(s)
        assert len(set(words.values())) == len(words), words
        for a in acts:
            w = words[a.text]
            assert w != a.text and w[0].isupper() and not RULE_ID.search(w), (a.text, w)
            assert RULE_ID.search(VIEW.action_help(s, a)), a.text
            kinds.add(a.kind)
        svg, leg = board(s, cur)
        on = check_board(svg, leg)
        assert {a for a in leg if a not in on} <= {"done"}, (s.stage, sorted(set(leg) - on))
        mine = VIEW.status(s, cur)
        assert mine.startswith("Your turn: ") and mine.endswith(".")
        other = (cur + 1) % n
        assert VIEW.status(s, other).startswith(f"Waiting for {s.seat_name(cur)}") or VIEW.status(s, other).startswith(
            "You chose felling area"
        )
        assert VIEW.status(s, None).startswith(f"Waiting for {s.seat_name(cur)}: ")
        if step % 40 == 0:
            for seat in [None, other]:
                svg2, leg2 = board(s, seat)
                assert check_board(svg2, leg2) == set()
            keys = VIEW.place_keys(s.observation(None))
            got = set(re.findall(r'data-place="([^"]+)"', board(s, None)[0]))
            assert set(keys) == got
        s.apply_action(greedy.choose(s) if cur == 0 else rng.choice(acts))
    assert {"go", "loan"} <= kinds


def test_status_never_tells_a_secret_area_LG_7_1():
    """The secret felling-area choice (LG-7.1, LG-27.2): the chooser is told his own area,
    the others and a spectator read the same sentence whatever it is; no forced step."""
    s = new(3, seed=4)
    bot = meeple.agents.make("greedy", seed=0)
    while not (s.phase == "choose" and any(s.secret)):
        s.apply_action(bot.choose(s))
    chooser = next(i for i in range(3) if s.secret[i])
    other = s.current_player
    assert VIEW.forced(s) is None
    assert VIEW.status(s, other) == "Your turn: choose your felling area in secret (Y1 summer)."
    seen = set()
    for alt in range(1, 7):
        t = s.clone()
        t.secret[chooser] = alt
        assert VIEW.status(t, chooser) == (
            f"You chose felling area {alt}. Waiting for {t.seat_name(other)}: "
            "choosing a felling area in secret (Y1 summer)."
        )
        seen.add((VIEW.status(t, None), VIEW.status(t, 3 - chooser - other)))
    assert len(seen) == 1


def test_forced_step_only_when_one_action():
    """A single legal action is taken for the person (LG-20.9: the one heating-stick kind),
    never when there is a choice."""
    s = new(4, seed=0)
    assert len(s.legal_actions()) > 1 and VIEW.forced(s) is None
    s = _winter(round_=3)
    empty_players(s, money=9)
    s.loans = [2] * 4
    s.heat[H] = [3, 0, 0]
    s.clearing = [H, N, J, V]
    s.stage, s.phase, s.pend, s.actor = "burn", "heat", [2, 0], H
    s._legal_cache = None
    assert [a.text for a in s.legal_actions()] == ["burn sFW"]
    assert VIEW.action_label(s, VIEW.forced(s)) == "Burn a sawn firewood stick from the heating store"
    # a foreman with only the clearing ahead goes there: a loan beside it is no choice (LG-8.3.1)
    s = new(4, seed=0)
    start_travel(s, [H, N, J, V])
    s.pos[H] = 20
    s._legal_cache = None
    assert [a.text for a in s.legal_actions()] == ["go C", "loan"]
    assert VIEW.forced(s).text == "go C"
    play(s, "loan")
    assert VIEW.forced(s).text == "go C"


# ------------------------------------------------------------------ the rulebook examples' costs
def test_ex07_carriers_and_fodder_costs_LG_8_3():
    s = new(4)
    tok = [""] * 21
    tok[1], tok[2], tok[3], tok[5] = "raft", "saw", "food_token", "wagon"
    s.path_tok = tok
    start_travel(s, [H, N, J, V])
    w = labels(s)
    assert w["go 4"] == "Move your foreman to space 4: buy carriers, $1 each"
    assert w["go 6"] == "Move your foreman to space 6: buy a fodder for $1"
    assert w["go 3"] == "Move your foreman to space 3: take the food token (+1 food)"
    assert w["go 5"] == "Move your foreman to space 5: take the wagon"
    assert w["go C"] == "Move your foreman into the clearing (slot A)"
    assert w["loan"] == "Take a loan: +$4 now, $7 at the end"
    play(s, "go 4")
    assert VIEW.status(s, H) == "Your turn: buy carriers at space 4 (Y1 spring)."
    assert labels(s)["carriers 2"] == "Buy 2 carriers: $2"
    assert labels(s)["carriers 1"] == "Buy 1 carrier: $1"
    # the count is chosen in the panel of space 4, open at once (its decision is due now)
    svg, leg = board(s, H)
    root = ET.fromstring(svg)
    panel = next(e for e in root.iter() if e.get("data-layer"))
    assert panel.get("visibility") is None
    assert sorted(e.get("data-action") for e in panel.iter() if e.get("data-action")) == sorted(
        a for a in leg if a.startswith("carriers ")
    )


def test_ex08_extra_sawyer_LG_8_3():
    s = new(4)
    start_travel(s, [H, N, V, J])
    play(s, "go 16")
    assert labels(s) == {
        "extra": "Buy the extra sawyer: $1",
        "done": "Take no extra sawyer",
        "loan": "Take a loan: +$4 now, $7 at the end",
    }


def test_ex10_market_sets_and_purchases_LG_8_5():
    s = new(4)
    s.money[V] = 3
    s.products[V] = [2, 0, 0, 1, 1]
    s.equip[V][0] = 3
    start_travel(s, [V, H, N, J])
    play(s, "go 19")
    w = labels(s)
    assert w["sell 2stake+1J"] == "Sell 2 stakes and a joker: +$4"
    assert w["sell 2stake"] == "Sell 2 stakes: +$2"
    assert w["buy saw"] == "Buy a saw: $1" and w["buy food"] == "Buy a food cube: $1"
    play(s, "sell 2stake+1J")
    assert labels(s)["done"] == "Leave the market"


def test_ex13_relocation_costs_a_dollar_LG_10_2():
    s = new(4)
    empty_players(s)
    s.areas_wood = [discs("FW"), discs(""), discs("FW FW FW"), discs("FW"), discs("SW FW FW"), discs("")]
    s.area[H], s.area[J], s.area[N], s.area[V] = 5, 5, 1, 4
    s.workers[J][0] = 2
    s.workers[H][0] = 3
    s.mill_free = [False] * 4
    goto(s, "fell", clearing=[V, J, H, N])
    assert labels(s)["fell SW"] == "Fell a softwood disc with a woodcutter"
    play(s, "fell SW", "fell FW")
    w = labels(s)
    assert w["relocate 3"] == "Pay $1: move your felling token to area 3 and fell there"
    assert w["done"] == "End felling"


def test_ex19_sawing_yield_LG_13():
    s = new(4)
    empty_players(s)
    s.workers[H][2] = 1
    s.equip[H][0] = 1
    s.sawroom[H] = discs("FW")
    goto(s, "saw", clearing=[H, N, J, V])
    assert labels(s)["saw FW"] == "Saw a firewood disc into 4 sticks with a sawyer and a saw"
    play(s, "saw FW")
    w = labels(s)
    assert w["heat"] == "Put a sawn firewood stick into the heating store"
    assert w["sales"] == "Put a sawn firewood stick into the sales room"
    assert VIEW.status(s, H) == (
        "Your turn: put each of 4 sawn firewood sticks into the heating store or the sales room (Y1 spring)."
    )


def test_ex22_selling_17_dollars_prices_in_labels_LG_15_2():
    """EX-22: FW $3, sSW $2, sFW $1 from the sales room, SW $4 + $1 in dryer 2, sFW $1 + $2 in
    dryer 3: the labels add up to the example's $17."""
    s = _sell_setup(V, "FW sSW sFW", d2="SW", d3="sFW sFW")
    w = labels(s)
    assert w == {
        "sell FW sales": "Sell a firewood disc from the sales room: +$3",
        "sell sSW sales": "Sell a sawn softwood stick from the sales room: +$2",
        "sell sFW sales": "Sell a sawn firewood stick from the sales room: +$1",
        "sell SW d2": "Sell a softwood disc from dryer 2: +$5",
        "sell sFW d3": "Sell a sawn firewood stick from dryer 3: +$3",
        "loan": "Take a loan: +$4 now, $7 at the end",
    }
    total = sum(int(x.rsplit("$", 1)[1]) for a, x in w.items() if a.startswith("sell"))
    assert total + 3 == 17  # dryer 3 holds two sFW


def test_ex24_drying_labels_LG_16():
    s = new(4)
    empty_players(s)
    s.mill[J] = [pieces("SW sFW"), pieces("sSW sSW"), pieces("FW"), pieces("")]
    s.huts[J] = [1, 0, 0]
    goto(s, "dry", clearing=[J, H, N, V])
    w = labels(s)
    assert w["dry sSW d1"] == "Dry a sawn softwood stick: from dryer 1 to dryer 2"
    assert w["dryhut FW d2"] == "Use a drying hut: a firewood disc from dryer 2 to dryer 3"
    assert w["done"] == "End drying"


def test_ex35_loans_LG_21():
    s = new(4)
    start_travel(s, [H, N, J, V])
    assert labels(s)["loan"] == "Take a loan: +$4 now, $7 at the end"
    play(s, "loan")
    assert labels(s)["loan"] == "Take a second loan: +$4 now, $16 for both at the end"


def test_ex36_final_sale_river_kind_LG_22_1():
    s = _winter(round_=7)
    s.river[N] = discs("FW FW SW HW")
    s.clearing = [N, H, J, V]
    s.round, s.phase, s.pi = 7, "final", 0
    flow.run(s)
    s._legal_cache = None
    assert labels(s) == {
        "river FW": "Sell the firewood on your river: 2 discs × $3 = $6",
        "river SW": "Sell the softwood on your river: 1 disc × $4 = $4",
    }
    assert VIEW.status(s, N) == "Your turn: choose the river wood to sell in the final sale (Y2 winter)."


def test_new_huts_and_done_in_every_stage_LG_19_2():
    s = new(4)
    empty_players(s)
    s.products[H] = [1, 1, 0, 1, 1]
    start_travel(s, [H, N, J, V])
    assert labels(s)["build"] == "Build 3 huts from a stake, a board and a shingle"
    play(s, "build")
    assert labels(s) == {
        "hut 1": "Put a new hut on field 1: drying hut",
        "hut 2": "Put a new hut on field 2: food-store hut",
        "hut 3": "Put a new hut on field 3: workers' lodging",
    }
    assert VIEW.status(s, H) == "Your turn: put your 3 new huts on the hut fields (Y1 spring)."
    assert VIEW.status(s, N) == f"Waiting for {s.seat_name(H)}: placing new huts (Y1 spring)."
    # ``done`` is a sentence in any stage, also one the rules may newly open (issue 47)
    from meeple.games.lignum.actions import DONE

    for stage in (
        "space16",
        "market",
        "fell",
        "transport",
        "saw",
        "w_saw",
        "tasks",
        "sell",
        "dry",
        "w_fell",
        "w_sled",
        "travel",
        "burn",
        "split",
        "arrive",
        "tact",
        "river",
        "w_bonus",
    ):
        t = s.clone()
        t.stage = stage
        w = VIEW.action_label(t, DONE)
        assert w[0].isupper() and w != "done" and not RULE_ID.search(w)
        assert RULE_ID.search(VIEW.action_help(t, DONE))


# ------------------------------------------------------------------ lobby and rules
def test_lobby_texts():
    words = len(VIEW.how_to_play.split())
    assert 150 <= words <= 300, words
    assert "LG-" not in VIEW.how_to_play and "LG-" not in VIEW.description and VIEW.length
    for v in GAME.variants:
        assert VIEW.variant_text(v)[0].isupper()
    assert "Tactical" in VIEW.variant_text("basic-tactical") and "task" in VIEW.variant_text("advanced")
    for o in GAME.options:
        label, help_ = VIEW.option_text(o.name)
        assert label[0].isupper() and "_" not in label and not RULE_ID.search(label) and help_
        assert all(VIEW.option_applies(o.name, v) for v in GAME.variants)
    assert VIEW.option_text("easy_winter")[0] == "Easier winters"
    assert VIEW.rule("LG-19.4").id == "LG-19"


def test_pieces_keep_their_ids_for_animations():
    """Each foreman, felling token and player-order marker is drawn once with its data-piece
    id; a foreman keeps his id from the path into the clearing (LG-8.6)."""
    s = new(4, seed=0)
    bot = meeple.agents.make("greedy", seed=0)
    while s.phase == "travel":
        svg = board(s, None)[0]
        ids = re.findall(r'data-piece="([^"]+)"', svg)
        assert len(ids) == len(set(ids))
        assert {f"foreman-{k}" for k in range(4)} <= set(ids) and {f"order-{k}" for k in range(4)} <= set(ids)
        s.apply_action(bot.choose(s))
    assert {f"foreman-{k}" for k in range(4)} <= set(re.findall(r'data-piece="([^"]+)"', board(s, None)[0]))
    while not s.is_terminal():  # and never twice: in winter the foremen are back on space 0
        ids = re.findall(r'data-piece="([^"]+)"', board(s, None)[0])
        assert len(ids) == len(set(ids)), (s.phase, sorted(ids))
        for _ in range(7):
            if not s.is_terminal():
                s.apply_action(bot.choose(s))


def test_workers_choosers_LG_18_2_LG_19_6():
    """No hired woodcutter left: each disc of the area, the mill worker and the lodging-hut
    field open a panel of the fellings they can do, in different words (LG-18.2, LG-19.6)."""
    s = new(4)
    empty_players(s)
    s.areas_wood = [discs(""), discs(""), discs(""), discs(""), discs("SW FW FW"), discs("")]
    s.area[H], s.area[J], s.area[N], s.area[V] = 1, 5, 2, 4
    s.huts[J] = [0, 0, 1]
    goto(s, "fell", clearing=[J, H, N, V])
    svg, leg = board(s, J)
    assert sorted(a for a in leg if a.startswith("fell")) == [
        "fell FW lodge",
        "fell FW mill",
        "fell SW lodge",
        "fell SW mill",
    ]
    check_board(svg, leg)
    root = ET.fromstring(svg)
    layers = {e.get("data-layer"): e for e in root.iter() if e.get("data-layer")}
    panels = {}
    for e in root.iter():
        if e.get("data-show-layer"):
            title = e.find(NS + "title").text
            panels[title] = sorted(
                (x.get("data-action"), x.find(NS + "title").text)
                for x in layers[e.get("data-show-layer")].iter()
                if x.get("data-action")
            )
    assert panels["mill worker: free this round"] == [
        ("fell FW mill", "fell firewood (mill worker)"),
        ("fell SW mill", "fell softwood (mill worker)"),
    ]
    assert panels["hut field 3 lodging: 1 hut"] == [
        ("fell FW lodge", "fell firewood (lodging hut)"),
        ("fell SW lodge", "fell softwood (lodging hut)"),
    ]
    assert panels["2 firewood discs"] == [
        ("fell FW lodge", "fell firewood (lodging hut)"),
        ("fell FW mill", "fell firewood (mill worker)"),
    ]
    assert labels(s)["fell SW lodge"] == "Fell a softwood disc with a lodging hut"
