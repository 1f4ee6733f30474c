"""The web client's SVG board of Magnum Sal (meeple.games.magnum_sal.svg.render_svg).

Positions are built with the helpers of test_examples.py; each test names the exact set of
notations that must be clickable (``data-action``) and checks that nothing else is.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from xml.sax.saxutils import unescape

import pytest

import meeple
from meeple.games.magnum_sal import components as C
from meeple.games.magnum_sal.svg import render_svg

from .test_examples import BLACK, GAME, ORANGE, PURPLE, arrive, chamber, give_tools, legal, new, play, put, turn

NS = "{http://www.w3.org/2000/svg}"
NO_PLACE = {"pass", "done"}  # listed as buttons by the page, never on the board ...
DONE_PLACED = ("extract", "pump", "market")  # ... but for done where it ends a visit or an extraction


def unplaced(s):
    """The notations of ``s``'s legal actions the page lists only (no place on the board)."""
    return {
        a.text for a in s.legal_actions() if a.kind in NO_PLACE and not (a.kind == "done" and s.stage in DONE_PLACED)
    }


def names(s):
    return [s.seat_name(i) for i in range(s.num_players)]


def draw(s, seat="turn", seat_names=None):
    """The SVG of ``s`` for ``seat`` ("turn": the seat to act, with its legal actions)."""
    if seat == "turn":
        seat = s.current_player
    obs = s.observation(seat)
    acting = not s.is_terminal() and seat == s.current_player
    notations = [str(a) for a in s.legal_actions()] if acting else []
    return render_svg(obs, notations, seat_names or names(s))


def parse(svg):
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    return ET.fromstring(svg)


def actions(svg):
    """data-action values; each must sit on an element of class act, and appear once."""
    found = []
    for el in parse(svg).iter():
        if "data-action" in el.attrib:
            assert el.get("class") == "act", el.attrib
            found.append(el.get("data-action"))
        elif el.get("class") == "act":
            raise AssertionError(f"class act without data-action: {el.attrib}")
    assert len(found) == len(set(found)), sorted(found)
    return set(found)


ACT = re.compile(r'<g class="act" data-action="([^"]*)"')


def quick_actions(svg):
    """:func:`actions` by pattern (whole games render thousands of positions)."""
    found = [unescape(a, {"&quot;": '"'}) for a in ACT.findall(svg)]
    assert svg.count("data-action=") == len(found) == len(set(found)) and svg.count('"act"') == len(found)
    return set(found)


def element(svg, notation):
    (el,) = [e for e in parse(svg).iter() if e.get("data-action") == notation]
    return el


def texts(el):
    return [t.text for t in el.iter(NS + "text")]


def board():
    """Orange (seat 0) to play with 2 rested miners in I.R2 (2 brown, 1 green); black in S1
    and S2, purple in I.R1: every space of I.R2's way up is paid (MS-10.3)."""
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    put(s, "I.R1", PURPLE)
    put(s, "I.R2", ORANGE, 2)
    chamber(s, "I.R1", brown=1)
    chamber(s, "I.R2", brown=2, green=1)
    give_tools(s, ORANGE, "cart", "pickaxe", "commercial_privilege")
    return turn(s, ORANGE)


# ----------------------------------------------------------------- the contract
def test_self_contained_svg():
    svg = draw(board())
    root = parse(svg)
    assert root.tag == NS + "svg"
    # svgkit: 1 unit = 1 CSS px, the size equals the viewBox
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert root.get("width") == "1300"
    for el in root.iter():
        assert el.tag.split("}")[1] not in ("script", "image", "foreignObject", "a", "use")
        for k in el.attrib:
            assert not k.lower().startswith("on") and "href" not in k, (el.tag, k)
    assert "url(" not in svg and "@import" not in svg


def test_main_menu_places_every_action_but_pass():
    s = board()
    assert legal(s) == {
        "assist castle",
        "assist market",
        "assist pump",
        "assist workshop",
        "castle",
        "extract I.R2",
        "inn",
        "market",
        "pass",
        "place",
        "square",
        "workshop 3 pickaxe",
        "workshop 4 food",
        "workshop 5 cart",
    }
    svg = draw(s)
    assert actions(svg) == legal(s) - {"pass"}
    assert "Inn" in texts(element(svg, "inn"))
    assert texts(element(svg, "workshop 4 food")) == ["food", "4 groše"]
    assert texts(element(svg, "extract I.R2")) == ["Extract"]
    assert texts(element(svg, "castle")) == ["entering", "send here"]  # the queue's entry space (MS-6.1)
    assert texts(element(svg, "place")) == ["place a miner"]  # the mine entrance


def test_bucket_food_and_royal_privilege_in_the_main_menu():
    s = board()
    put(s, "I.R2", ORANGE, 0, tired=1)
    chamber(s, "I.R2", brown=2, green=1, water=1)
    give_tools(s, ORANGE, "bucket", "food", "royal_privilege")
    turn(s, ORANGE)
    want = {
        "assist castle",
        "assist market",
        "assist pump",
        "assist workshop",
        "bucket I.R2>I.R1",
        "bucket I.R2>I.R3",
        "castle",
        "castle royal",
        "extract I.R2",
        "food I.R2",
        "inn",
        "market",
        "pump I.R2",
        "square",
        "workshop 3 pickaxe",
        "workshop 4 food",
        "workshop 5 cart",
    }
    assert legal(s) - {"pass", "place"} == want
    svg = draw(s)
    assert actions(svg) == want | {"place"}
    assert texts(element(svg, "bucket I.R2>I.R3")) == ["\u25b6"]  # I.R3 lies right of I.R2
    assert texts(element(svg, "bucket I.R2>I.R1")) == ["\u25c0"]
    assert element(svg, "bucket I.R2>I.R1").get("data-confirm") == ""  # a ghost water cube, then confirm
    # the royal privilege sends the miner to the queue space next to the castle (MS-20.8)
    assert texts(element(svg, "castle royal")) == ["next: delivers", "send here"]


def test_extraction_cubes_pickaxe_and_carts():
    s = play(board(), "extract I.R2")
    want = {"cart I.R1", "cart I.R1+S2", "cart S1", "cart S2", "cart S2+S1", "pickaxe", "take brown", "take green"}
    assert legal(s) == want
    svg = draw(s)
    assert actions(svg) == want
    assert len(list(element(svg, "take brown").iter(NS + "rect"))) == 2 + 1  # the 2 brown cubes + hit area
    assert texts(element(svg, "cart I.R1+S2")) == ["Cart \u21c4"] and texts(element(svg, "cart S2")) == ["Cart"]
    assert texts(element(svg, "cart S2+S1")) == ["Cart \u21c5"]
    play(s, "take brown", "take green")
    svg = draw(s)
    assert actions(svg) == {"cart I.R1", "cart I.R1+S2", "cart S1", "cart S2", "cart S2+S1", "pickaxe", "done"}
    assert texts(element(svg, "done")) == ["Finish: 6 groše"]  # in the chamber: take the cubes, pay
    # transport so far: 2 cubes through 3 spaces without an orange miner (MS-10.3)
    assert "extracting in I.R2: taking 1 brown, 1 green, transport 6 groše" in texts(parse(svg))


def test_pay_stage_on_the_receivers_panels():
    s = board()
    put(s, "S1", PURPLE)
    play(s, "extract I.R2", "take brown", "done")
    assert s.stage == "pay" and legal(s) == {"pay black", "pay purple"}
    svg = draw(s)
    assert actions(svg) == {"pay black", "pay purple"}
    assert texts(element(svg, "pay purple")) == ["1"]  # purple's miner in S1, the paying space
    assert element(svg, "pay purple").find(NS + "g/" + NS + "circle").get("fill") == "#8e3fb3"


def test_placing_a_miner_from_and_to():
    s = play(board(), "place")
    assert legal(s) == {"from I.R2", "from supply"}
    svg = draw(s)
    assert actions(svg) == {"from I.R2", "from supply"}
    assert texts(element(svg, "from supply")) == ["4 in supply"]  # MS-3.2: 4 miners with 3 players
    play(s, "from supply")
    want = {"to I.L1", "to I.R1", "to I.R2", "to I.R3", "to S1", "to S2", "to S3"}
    assert legal(s) == want and actions(draw(s)) == want
    assert texts(element(draw(s), "to S3"))[0] == "S3"  # the whole shaft section
    assert element(draw(s), "to S3").get("data-confirm") == ""  # a ghost miner, then confirm


def test_market_columns_and_commercial_privilege():
    s = play(board(), "market")
    assert "at the market: 0 of 2 transactions" in texts(parse(draw(s)))
    want = {"buy brown", "buy green", "commercial", "sell brown"}
    assert legal(s) == want
    svg = draw(s)
    assert actions(svg) == want
    assert texts(element(svg, "buy brown")) == ["4"]  # 2 brown cubes: the cheapest is on 4 (MS-17.4)
    assert texts(element(svg, "sell brown")) == ["3"]  # the dearest empty brown space (MS-17.3)
    assert texts(element(svg, "buy green")) == ["6"]
    assert texts(element(svg, "commercial")) == ["commercial", "privilege"]


def test_castle_delivery_and_penalty():
    s = new(3)
    s.salt[ORANGE] = [2, 1, 0]
    arrive(s, ORANGE)
    assert s.stage == "deliver" and legal(s) == {"deliver O1-2", "deliver O1-4"}
    svg = draw(s)
    assert actions(svg) == {"deliver O1-2", "deliver O1-4"}
    order = C.ORDERS["O1-4"]
    assert texts(element(svg, "deliver O1-4")) == [f"{order.reward} groše"]
    s = new(3)
    s.salt[ORANGE] = [0, 0, 1]
    s.money[ORANGE] = 5
    arrive(s, ORANGE)
    assert s.stage == "penalty" and legal(s) == {"penalty money", "penalty white"}
    svg = draw(s)
    assert actions(svg) == {"penalty money", "penalty white"}
    assert texts(element(svg, "penalty money")) == ["5 groše"]


def test_no_actions_without_legal_and_for_other_seats():
    for s in (board(), play(board(), "extract I.R2"), play(board(), "market")):
        svg = render_svg(s.observation(ORANGE), [], names(s))
        assert actions(svg) == set()
        assert actions(draw(s, None)) == set()  # the spectator
        assert actions(draw(s, BLACK)) == set()


def test_only_legal_notations_become_clickable():
    s = board()
    svg = render_svg(s.observation(ORANGE), ["inn", "square", "no such action"], names(s))
    assert actions(svg) == {"inn", "square"}


# ----------------------------------------------------------------- what is shown
def test_seat_names_are_escaped():
    s = board()
    svg = draw(s, seat_names=['<b>&"x"', "black", "purple"])
    assert '<b>&"x"' not in svg and "&lt;b&gt;&amp;" in svg
    assert '<b>&"x" (orange) (you)' in texts(parse(svg))  # the viewer's panel, with its colour
    assert '<b>&"x"' in texts(parse(svg))  # the status bar: the seat to play


def test_hidden_tiles_and_order_stack_stay_hidden():
    s = GAME.new_initial_state(num_players=4, seed=7)
    bots = [meeple.agents.make("greedy", seed=i) for i in range(4)]
    for _ in range(40):
        s.apply_action(bots[s.current_player].choose(s))
    hidden_tiles = {s.tile[c] for c in range(C.NCHAMBERS) if not s.revealed[c]}
    assert hidden_tiles
    for seat in (None, 0, 1, 2, 3):
        svg = draw(s, seat)
        words = {w for t in texts(parse(svg)) if t for w in t.split()}
        assert not words & hidden_tiles
        assert not words & set(s.order_stack)
        assert f"face down: {len(s.order_stack)}" in texts(parse(svg))
        # a state that differs only in what the seat cannot see draws the same picture
        other = s.resample_hidden(0 if seat is None else seat, random.Random(3))
        assert other.tile != s.tile or other.order_stack != s.order_stack
        assert draw(other, seat) == svg


def test_mapped_mine_shows_the_tiles():
    s = GAME.new_initial_state(num_players=2, seed=1, variant="mapped-mine")
    svg = draw(s, None)
    words = " ".join(texts(parse(svg)))
    for c in range(C.NCHAMBERS):
        assert f"map {s.tile[c]}" in words
    assert "mapped: cubes placed on entry" in words


def test_terminal_state_shows_final_scores_and_winner():
    s = GAME.new_initial_state(num_players=3, seed=5)
    bots = [meeple.agents.make("greedy", seed=i) for i in range(3)]
    while not s.is_terminal():
        s.apply_action(bots[s.current_player].choose(s))
    scores = s.scores()
    (winner,) = s.winners()
    for seat in (None, 0, 1, 2):
        svg = draw(s, seat)
        assert actions(svg) == set()
        words = texts(parse(svg))
        for k in range(3):
            assert f"final score: {scores[k]}" in words
        assert f"Game over. Winner: {s.seat_name(winner)} ({scores[winner]} groše)" in words
        assert sorted(w for w in words if w.startswith("place ")) == ["place 1", "place 2", "place 3"]


# ----------------------------------------------------------------- whole games
@pytest.mark.parametrize(
    "n,variant,seed,opts",
    [
        (2, "standard", 1, {}),
        (4, "standard", 2, {}),
        (2, "mapped-mine", 3, {}),
        (4, "mapped-mine", 4, {"cart_max_cubes": 2}),
    ],
)
def test_whole_greedy_games_render_for_every_viewer(n, variant, seed, opts):
    """Positions of a greedy game for the seat to act (every sub-decision and every other
    menu): the clickable places are exactly its legal actions but pass and the list-only done, each on one
    element; every seat and the spectator, parsed in full, at every 8th position and the end."""
    s = GAME.new_initial_state(num_players=n, seed=seed, variant=variant, **opts)
    bots = [meeple.agents.make("greedy", seed=seed + i) for i in range(n)]
    step = 0
    stages = set()
    while True:
        if s.is_terminal():
            for seat in [None, *range(n)]:
                assert actions(draw(s, seat)) == set()
            break
        stages.add(s.stage)
        if s.stage != "main" or step % 2 == 0:
            notations = {str(a) for a in s.legal_actions()}
            assert quick_actions(draw(s)) == notations - unplaced(s)
        if step % 8 == 0:
            for seat in [None, *range(n)]:
                want = {str(a) for a in s.legal_actions()} - unplaced(s) if seat == s.current_player else set()
                assert actions(draw(s, seat)) == want
        s.apply_action(bots[s.current_player].choose(s))
        step += 1
    assert {"main", "place_to", "extract", "market", "castle_from", "deliver"} <= stages
