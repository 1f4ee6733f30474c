"""The Lignum SVG board of the web client (meeple.games.lignum.svg): it parses, is self-contained,
puts exactly the located legal actions on the drawing (rule ids of the positions as named),
never shows what the viewing seat may not see, escapes seat names and shows the final scores."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

import meeple
from meeple.games.lignum.svg import render_svg

from .test_examples import GAME, H, J, N, V, discs, empty_players, goto, legal, new, pieces, play, start_travel

NS = "{http://www.w3.org/2000/svg}"
NAMES = ["Hana", "Nils", "Jana", "Vera"]


def names(n):
    return NAMES[:n]


def view(s, seat):
    """(svg, legal) as the server renders them for ``seat`` (None: spectator)."""
    leg = legal(s) if seat is not None and seat == s.current_player else []
    return render_svg(s.observation(seat), leg, names(s.num_players)), leg


def parse(svg):
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    return ET.fromstring(svg)


def acts(svg):
    """data-action value -> list of the tooltips (<title>) of the elements carrying it."""
    out = {}
    for el in parse(svg).iter():
        a = el.get("data-action")
        if a is not None:
            assert el.get("class") == "act"
            t = el.find(NS + "title")
            out.setdefault(a, []).append(t.text if t is not None else "")
    return out


def texts(svg):
    return ["".join(el.itertext()) for el in parse(svg).iter(NS + "text")]


def place_texts(svg, key):
    """The texts inside the place ``data-place=key``."""
    el = next(e for e in parse(svg).iter() if e.get("data-place") == key)
    return ["".join(t.itertext()) for t in el.iter(NS + "text")]


def choosers(svg):
    """title of each chooser (a place that opens a panel of several actions) -> the actions of
    its panel."""
    root = parse(svg)
    layers = {e.get("data-layer"): e for e in root.iter() if e.get("data-layer")}
    out = {}
    for e in root.iter():
        name = e.get("data-show-layer")
        if name:
            t = e.find(NS + "title")
            out[t.text if t is not None else ""] = sorted(
                x.get("data-action") for x in layers[name].iter() if x.get("data-action")
            )
    return out


def check_contract(svg, leg):
    """The fixed rules of the SVG: self-contained, no scripts/events/links, a viewBox, each
    data-action legal, clickable elements never nested."""
    root = parse(svg)
    assert root.tag == NS + "svg" and re.fullmatch(r"0 0 \d+(\.\d)? \d+(\.\d)?", root.get("viewBox"))
    _, _, w, h = root.get("viewBox").split()
    assert (root.get("width"), root.get("height")) == (w, h)  # 1 unit = 1 CSS px (svgkit)
    for el in root.iter():
        tag = el.tag.replace(NS, "")
        assert tag not in ("script", "image", "foreignObject", "a", "use"), tag
        if tag == "style":  # only the ghost-preview rule, nothing fetched
            assert "url(" not in el.text and "@import" not in el.text
        for k in el.attrib:
            assert not k.lower().startswith("on"), k
            assert "href" not in k, k
    seen = set()

    def walk(el, inside):
        a = el.get("data-action")
        if a is not None:
            assert not inside, f"{a} nested in a clickable element"
            assert a in leg, a
            seen.add(a)
        for c in el:
            walk(c, inside or a is not None)

    walk(root, False)
    return seen


# ------------------------------------------------------------------ every phase of whole games
@pytest.mark.parametrize("variant", GAME.variants)
@pytest.mark.parametrize("n", [2, 4])
def test_every_phase_every_viewer_whole_greedy_games(variant, n):
    """Spectator and every seat, at the first decision of each (phase, stage) and every 20th
    move of a whole greedy game, up to the terminal state: the contract holds; a viewer not to
    act (legal []) gets nothing clickable; and over the game every kind of located action
    became clickable somewhere (go, area, fell, sell, dry...)."""
    s = GAME.new_initial_state(num_players=n, seed=5, variant=variant, hidden_products=(n == 4))
    bots = [meeple.agents.make("greedy", seed=i) for i in range(n)]
    stages, clicked, move = set(), set(), 0
    while True:
        key = (s.phase, s.stage, s.hut_left > 0)
        if key not in stages or move % 20 == 0 or s.is_terminal():
            stages.add(key)
            for seat in [None] + list(range(n)):
                svg, leg = view(s, seat)
                got = check_contract(svg, leg)
                if not leg:
                    assert got == set()
                clicked |= {a.split()[0] for a in got}
        if s.is_terminal():
            break
        s.apply_action(bots[s.current_player].choose(s))
        move += 1
    # secret choice (LG-7.1) or tactical pick (LG-24.3), travel, felling, winter bonus (LG-20.3)
    assert {"go", "area", "fell", "bonus"} <= clicked, clicked


# ------------------------------------------------------------------ exact clickable subsets
def test_LG_8_travel_first_turn_every_go_on_its_space():
    """Y1 spring, first travel turn: the clickable set is exactly the legal 'go N' / 'go C'
    moves (not 'loan'), each on its own path space."""
    s = new(4, seed=0)
    svg, leg = view(s, s.current_player)
    a = acts(svg)
    assert set(a) == {x for x in leg if x.startswith("go ")} | {"loan"}
    assert "go C" in a and a["loan"] == ["take a loan: $4 now"]
    assert "go 8" not in a  # planned work: never usable (LG-26, LG-1.3)
    root = parse(svg)
    for x, tips in a.items():
        if x == "loan":
            continue
        sp = x.split()[1]
        assert tips == (["forest clearing: arrival slots A-D"] if sp == "C" else [f"space {sp}"])
        el = next(e for e in root.iter() if e.get("data-action") == x)
        # a foreman's move asks a second tap, its ghost foreman shows where he goes (LG-8.1)
        assert el.get("data-confirm") == "" and any(e.get("class") == "ghost" for e in el.iter())
        assert el.get("data-place") == ("clearing" if sp == "C" else f"space:{sp}")


def test_LG_15_selling_ex22_each_sale_on_its_piece():
    s = new(4)
    empty_players(s, money=0)
    s.mill[V] = [pieces("FW sSW sFW"), pieces(""), pieces("SW"), pieces("sFW sFW")]
    goto(s, "sell", clearing=[V, H, N, J])
    svg, leg = view(s, V)
    assert sorted(leg) == [
        "loan",
        "sell FW sales",
        "sell SW d2",
        "sell sFW d3",
        "sell sFW sales",
        "sell sSW sales",
    ]  # no "done" while dryer 3 holds wood (LG-15.3)
    a = acts(svg)
    assert a == {
        "sell FW sales": ["1 firewood disc in the sales room"],
        "sell sSW sales": ["1 sawn softwood in the sales room"],
        "sell sFW sales": ["1 sawn firewood in the sales room"],
        "sell SW d2": ["1 softwood disc in dryer 2"],
        "sell sFW d3": ["2 sawn firewood in dryer 3"],
        "loan": ["take a loan: $4 now"],
    }
    # another seat's page shows the same mill, nothing clickable
    assert acts(view(s, H)[0]) == {}


def test_LG_16_drying_ex24_and_LG_19_4_drying_hut_arrow():
    s = new(4)
    empty_players(s)
    s.mill[J] = [pieces("SW sFW"), pieces("sSW sSW"), pieces("FW"), pieces("")]
    s.huts[J] = [1, 0, 0]
    goto(s, "dry", clearing=[J, H, N, V])
    svg, leg = view(s, J)
    a = acts(svg)
    dry = {x for x in leg if x.startswith("dry ")}
    huts = {x for x in leg if x.startswith("dryhut ")}
    assert dry == {"dry SW sales", "dry sFW sales", "dry sSW d1", "dry FW d2"}
    assert huts == {"dryhut SW sales", "dryhut sFW sales", "dryhut sSW d1", "dryhut FW d2"}
    assert set(a) == dry | huts | {"loan"}
    # each piece can dry or use the hut: a tap on it opens a panel of the two (LG-16.1, LG-19.4)
    assert a["dry sSW d1"] == ["dry to dryer 2"]
    assert a["dryhut FW d2"] == ["drying hut to dryer 3"]
    assert choosers(svg) == {
        "1 softwood disc in the sales room": ["dry SW sales", "dryhut SW sales"],
        "1 sawn firewood in the sales room": ["dry sFW sales", "dryhut sFW sales"],
        "2 sawn softwood in dryer 1": ["dry sSW d1", "dryhut sSW d1"],
        "1 firewood disc in dryer 2": ["dry FW d2", "dryhut FW d2"],
    }


def test_LG_19_1_new_huts_on_the_hut_fields_ex27():
    s = new(4)
    empty_players(s)
    s.products[H] = [1, 1, 0, 1, 1]
    start_travel(s, [H, N, J, V])
    svg, leg = view(s, H)
    assert "build" in acts(svg) and acts(svg)["build"] == ["build 3 huts from a stake, a board and a shingle"]
    play(s, "build")
    svg, leg = view(s, H)
    assert leg == ["hut 1", "hut 2", "hut 3"]
    assert acts(svg) == {
        "hut 1": ["hut field 1 drying: 0 huts"],
        "hut 2": ["hut field 2 food store: 0 huts"],
        "hut 3": ["hut field 3 lodging: 0 huts"],
    }


def test_LG_10_felling_own_area_discs_and_relocate_ex13():
    s = new(4)
    empty_players(s)
    s.areas_wood = [discs("FW"), discs(""), discs("FW FW FW"), discs("FW"), discs("SW FW FW"), discs("")]
    s.areas_food = [0, 0, 1, 0, 0, 0]
    s.area[H], s.area[J], s.area[N], s.area[V] = 5, 5, 1, 4
    s.workers[J][0] = 2
    s.workers[H][0] = 3
    s.money[H] = 2
    s.mill_free = [False] * 4
    s.workers[N][0] = 1
    goto(s, "fell", clearing=[V, J, H, N])
    svg, leg = view(s, J)  # first in area 5: fells, no relocation
    assert acts(svg) == {
        "fell FW": ["2 firewood discs"],
        "fell SW": ["1 softwood disc"],
        "loan": ["take a loan: $4 now"],
    }
    play(s, "fell SW", "fell FW")
    svg, leg = view(s, H)  # second in area 5: fell what is left, or relocate to a free area
    assert sorted(x for x in leg if x.startswith(("fell", "relocate"))) == [
        "fell FW",
        "relocate 2",
        "relocate 3",
        "relocate 6",
    ]
    assert acts(svg) == {
        "fell FW": ["1 firewood disc"],
        "relocate 2": ["felling area 2"],
        "relocate 3": ["felling area 3"],
        "relocate 6": ["felling area 6"],
        "loan": ["take a loan: $4 now"],
    }


def test_LG_12_transport_methods_and_destination_markers():
    s = new(4)
    empty_players(s)
    s.workers[H][1] = 1
    s.equip[H][1] = 2  # two rafts: 'raft 1' and 'raft 2' share the token -> none
    s.equip[H][2] = 1
    s.fodder3[H] = 1
    s.woodpile[H] = discs("FW SW HW")
    goto(s, "transport", clearing=[H, N, J, V])
    svg, leg = view(s, H)
    assert {"carry", "wagon", "raft 1", "raft 2"} <= set(leg)
    a = acts(svg)
    assert set(a) == {"carry", "wagon", "raft 1", "raft 2", "loan"}
    assert a["carry"] == ["1 hired carriers"] and a["wagon"] == ["1 wagon token"]
    assert a["raft 1"] == ["1 raft"] and a["raft 2"] == ["2 rafts"]  # in the raft token's panel
    assert choosers(svg) == {"2 raft tokens": ["raft 1", "raft 2"]}
    play(s, "carry")
    svg, leg = view(s, H)
    moves = {x for x in leg if x.split()[0] in ("FW", "SW", "HW")}
    assert moves == {"FW saw", "FW sales", "SW saw", "SW sales", "HW saw"}
    # a disc on the woodpile opens its destinations; hardwood has one, the saw room (LG-12.2)
    assert acts(svg) == {
        "FW saw": ["to the saw room"],
        "FW sales": ["to the sales room"],
        "SW saw": ["to the saw room"],
        "SW sales": ["to the sales room"],
        "HW saw": ["1 hardwood disc on the woodpile card"],
        "loan": ["take a loan: $4 now"],
    }
    assert choosers(svg) == {
        "1 firewood disc on the woodpile card": ["FW sales", "FW saw"],
        "1 softwood disc on the woodpile card": ["SW sales", "SW saw"],
    }


def test_LG_13_sawing_and_new_sticks_to_heat_or_sales():
    s = new(4)
    empty_players(s)
    s.workers[H][2] = 1
    s.equip[H][0] = 1
    s.sawroom[H] = discs("FW")
    goto(s, "saw", clearing=[H, N, J, V])
    svg, leg = view(s, H)
    assert acts(svg) == {"saw FW": ["1 firewood disc in the saw room"], "loan": ["take a loan: $4 now"]}
    play(s, "saw FW")
    svg, leg = view(s, H)
    assert {"heat", "sales"} <= set(leg)
    # the new sticks go to the heating store or the sales room: the whole zone (LG-13.3)
    assert acts(svg) == {
        "heat": ["put the new stick into the heating store"],
        "sales": ["put the new stick into the sales room"],
        "loan": ["take a loan: $4 now"],
    }


def test_LG_7_1_secret_choice_every_area_clickable():
    s = new(4, seed=2)
    while s.phase != "choose":
        s.apply_action(meeple.agents.make("greedy", seed=0).choose(s))
    seat = s.current_player
    svg, leg = view(s, seat)
    assert set(acts(svg)) == {f"area {k}" for k in range(1, 7)} == set(leg)


def test_LG_25_task_display_and_filling_a_task():
    s = new(4, variant="advanced", seed=3)
    while s.stage != "space13":
        s.apply_action(meeple.agents.make("greedy", seed=0).choose(s))
    svg, leg = view(s, s.current_player)
    takes = {x for x in leg if x.startswith("task ")}
    assert takes and set(acts(svg)) == takes | {"loan"}
    # filling: a task needing sHW@d1 and sFW@d2 (T01-style), pieces in place
    from meeple.games.lignum.components import TASK_CARDS

    t = next(i for i, c in enumerate(TASK_CARDS) if len(c[1]) == 2)
    (p0, l0), (p1, l1) = TASK_CARDS[t][1]
    cid = TASK_CARDS[t][0]
    s = new(4, variant="advanced")
    empty_players(s)
    s.tasks[N] = [[t, 0, 0]]
    s.mill[N][1 + l0][p0] += 1
    s.mill[N][1 + l1][p1] += 1
    goto(s, "tasks", clearing=[N, H, J, V])
    svg, leg = view(s, N)
    fills = {x for x in leg if x.startswith("fill ")}
    assert fills == {f"fill {cid} 1", f"fill {cid} 2"}
    assert set(acts(svg)) == fills | {"loan"}


def test_empty_legal_means_nothing_clickable_even_for_the_seat_to_act():
    s = new(4, seed=0)
    seat = s.current_player
    svg = render_svg(s.observation(seat), [], names(4))
    assert acts(svg) == {}
    assert "data-action" not in svg


# ------------------------------------------------------------------ hidden information
def test_LG_27_2_secret_area_choice_never_shown_to_others():
    s = new(3, seed=4)
    bot = meeple.agents.make("greedy", seed=0)
    while not (s.phase == "choose" and any(s.secret)):
        s.apply_action(bot.choose(s))
    chooser = next(i for i in range(3) if s.secret[i])
    other = next(i for i in range(3) if i != chooser)
    for alt in range(1, 7):  # the chooser's committed area, changed: others see the same board
        t = s.clone()
        t.secret[chooser] = alt
        for viewer in (None, other):
            assert view(t, viewer)[0] == view(s, viewer)[0]
        own = view(t, chooser)[0]
        assert f"area chosen: {alt}" in texts(own)
        assert "your choice" in texts(own)
    assert "area chosen (hidden)" in texts(view(s, other)[0])
    # and a re-sample of everything hidden from 'other' draws the same page for 'other'
    r = s.resample_hidden(other, random.Random(9))
    assert view(r, other)[0] == view(s, other)[0]


def test_LG_8_4_4_hidden_products_only_counts_for_others():
    s = new(3, seed=1, hidden_products=True)
    empty_players(s)
    s.products[H] = [1, 0, 0, 0, 0]
    t = s.clone()
    t.products[H] = [0, 0, 0, 1, 0]
    # the stack holds the other token, so the unseen pool is the same
    s.pstack = sorted(s.pstack + [3])
    t.pstack = sorted(t.pstack + [0])
    assert view(s, N)[0] == view(t, N)[0]
    assert "1 face down" in place_texts(view(s, N)[0], f"{H}:products")
    assert view(s, H)[0] != view(t, H)[0]
    counts = ["product store", "{}", "stake", "{}", "board", "{}", "shingle", "{}", "reed", "{}", "joker"]
    assert place_texts(view(s, H)[0], f"{H}:products") == [
        x.format(k) if x == "{}" else x for x, k in zip(counts, [0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    ]
    assert place_texts(view(t, H)[0], f"{H}:products") == [
        x.format(k) if x == "{}" else x for x, k in zip(counts, [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0])
    ]


# ------------------------------------------------------------------ names, turn, end
def test_seat_names_are_escaped():
    s = new(2, seed=0)
    evil = ['<i>"x"</i> & co', "Bob's <b>"]
    svg = render_svg(s.observation(None), [], evil)
    assert "<i>" not in svg and "<b>" not in svg and "&lt;i&gt;" in svg
    t = texts(svg)
    assert f"1 · {evil[0]}" in t and f"2 · {evil[1]}" in t  # the mill boards' titles
    long = "<" * 40
    t = texts(render_svg(s.observation(None), [], [long, "B"]))
    assert "1 · " + "<" * 17 + "…" in t  # cut to fit, still escaped


def test_whose_turn_is_highlighted():
    s = new(4, seed=0)
    cur = s.current_player
    svg, _ = view(s, None)
    t = texts(svg)
    assert f"to act: {NAMES[cur]}" in t
    assert sum("◀ to act" in x for x in t) == 1
    assert any(x.endswith("◀ to act") for x in place_texts(svg, f"{cur}:money"))
    assert "spectator view" in t and f"you: {NAMES[cur]} (" not in " ".join(t)
    assert f"you: {NAMES[1]} (orange)" in texts(view(s, 1)[0])


def test_LG_22_terminal_state_shows_final_scores():
    s = GAME.new_initial_state(num_players=3, seed=4, variant="advanced-tactical")
    bots = [meeple.agents.make("greedy", seed=i) for i in range(3)]
    while not s.is_terminal():
        s.apply_action(bots[s.current_player].choose(s))
    money = s.scores()
    svg, leg = view(s, None)
    assert leg == [] and acts(svg) == {}
    t = texts(svg)
    assert "game over" in t
    for seat in range(3):
        place = 1 + sum(m > money[seat] for m in money)
        cash = f"-${-money[seat]}" if money[seat] < 0 else f"${money[seat]}"
        assert f"{place}. {NAMES[seat]}: {cash}" in t
        assert f"final: {cash}" in t
