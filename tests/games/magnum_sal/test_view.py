"""Magnum Sal's view (meeple.games.magnum_sal.view): words for every action, the status
sentence, forced steps, lobby texts, place keys, and the board as the interface (svg.py).

Positions come from the helpers of test_examples.py; costs are the rulebook examples' of
shared/games/magnum_sal/EXAMPLES.md (EX-n, EC-n).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import meeple
from meeple.core.svgkit import MIN_HIT, MIN_TEXT
from meeple.core.view import RULE_ID
from meeple.games.magnum_sal import components as C

from .test_examples import BLACK, GAME, ORANGE, PURPLE, arrive, chamber, give_tools, new, play, put, turn

VIEW = GAME.view
NS = "{http://www.w3.org/2000/svg}"
NO_PLACE = {"pass", "done"}
"""Action kinds with no place on the board: the page lists them only ..."""
DONE_PLACED = ("extract", "pump", "market")
"""... but for ``done`` where it ends an extraction (Finish), pumping (Stop) or a market visit
(Leave)."""


def labels(s):
    """``{notation: label}`` of the legal actions of ``s``."""
    return {a.text: VIEW.action_label(s, a) for a in s.legal_actions()}


def board_of(s, seat="turn"):
    """The board SVG of ``s`` for ``seat`` ("turn": the seat to act, with its legal actions)."""
    if seat == "turn":
        seat = s.current_player
    acting = not s.is_terminal() and seat == s.current_player
    legal = [a.text for a in s.legal_actions()] if acting else []
    names = [s.seat_name(i) for i in range(s.num_players)]
    return VIEW.board_svg(s.observation(seat), legal, names, seat)


def unplaced(s):
    """The notations of ``s``'s legal actions that have no place on the board."""
    return {
        a.text for a in s.legal_actions() if a.kind in NO_PLACE and not (a.kind == "done" and s.stage in DONE_PLACED)
    }


def check_board(svg, legal_actions, unplaced_=frozenset()):
    """The board's contract (svgkit): every ``data-action`` is legal and sits on ``g.act``;
    every legal action with a place (all but ``unplaced_``) is on the board; every hit
    area is at least MIN_HIT each way; every font-size at least MIN_TEXT; 1 unit = 1 px."""
    root = ET.fromstring(svg)
    w, h = root.get("width"), root.get("height")
    assert root.get("viewBox") == f"0 0 {w} {h}"
    legal = {a.text for a in legal_actions}
    found = set()
    for el in root.iter():
        if "data-action" in el.attrib:
            assert "act" in el.get("class", "").split(), el.attrib
            assert el.get("data-action") in legal, el.get("data-action")
            found.add(el.get("data-action"))
            hits = [r for r in el.iter(NS + "rect") if r.get("class") == "hit"]
            assert hits, el.attrib
            for r in hits:
                assert float(r.get("width")) >= MIN_HIT and float(r.get("height")) >= MIN_HIT
        if el.tag == NS + "rect" and el.get("class") == "hit":
            assert float(el.get("width")) >= MIN_HIT and float(el.get("height")) >= MIN_HIT
        if el.get("data-confirm") is not None and "act" in el.get("class", ""):  # a preview, then confirm
            assert any("ghost" in g.get("class", "").split() for g in el.iter()), el.attrib
        if "font-size" in el.attrib:
            assert float(el.get("font-size")) >= MIN_TEXT, (el.get("font-size"), el.text)
    pieces = [el.get("data-piece") for el in root.iter() if "data-piece" in el.attrib]
    assert len(pieces) == len(set(pieces)), pieces  # a piece is drawn once
    for m in re.finditer(r"font-size:\s*([\d.]+)", svg):
        assert float(m.group(1)) >= MIN_TEXT
    placed = {a.text for a in legal_actions} - set(unplaced_)
    assert placed <= found, sorted(placed - found)
    # two places the viewer may tap now never share a point of their hit areas
    boxes = [
        (el.get("data-action"), *(float(r.get(k)) for k in ("x", "y", "width", "height")))
        for el in root.iter()
        if "data-action" in el.attrib
        for r in el.findall(NS + "rect")
        if r.get("class") == "hit"
    ]
    for i, (a, x, y, w, h) in enumerate(boxes):
        for b, x2, y2, w2, h2 in boxes[i + 1 :]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y, (a, b)
    return found


# ----------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "n,variant,seed",
    [
        (2, "standard", 1),
        (3, "standard", 2),
        (4, "standard", 3),
        (2, "mapped-mine", 4),
        (3, "mapped-mine", 5),
        (4, "mapped-mine", 6),
    ],
)
def test_random_games_labels_status_and_board(n, variant, seed):
    """A few hundred decisions of a seeded game (greedy bots mixed with random moves) in
    every variant and player count: every legal action has a label in words (not its
    notation, no rule id, a capital first) and help with a rule id; the labels of one state
    are distinct; the status has a sentence for the acting seat, another seat and a
    spectator; every few decisions the board meets its contract (:func:`check_board`)."""
    opts = {"cart_max_cubes": 2} if seed % 2 else {}
    s = GAME.new_initial_state(num_players=n, seed=seed, variant=variant, **opts)
    rng = random.Random(seed)
    bots = [meeple.agents.make("greedy", seed=seed + i) for i in range(n)]
    kinds = set()
    for step in range(400):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        words = labels(s)
        assert len(set(words.values())) == len(words), words
        for a in legal:
            w = words[a.text]
            assert w != a.text and not RULE_ID.search(w) and w[0].isupper(), (a.text, w)
            assert RULE_ID.search(VIEW.action_help(s, a)), a.text
            kinds.add(a.kind)
        cur = s.current_player
        other = (cur + 1) % n
        mine, theirs, spectator = VIEW.status(s, cur), VIEW.status(s, other), VIEW.status(s, None)
        assert mine != theirs != spectator
        assert f"waiting for {s.seat_name(cur)}" in theirs and s.seat_name(cur) in spectator
        assert "waiting" not in mine
        check_board(board_of(s), legal, unplaced(s))
        if step % 7 == 0:
            check_board(board_of(s, other), [])
            shown = board_of(s, None)
            keys = re.findall(r'data-place="([^"]*)"', shown)
            assert len(keys) == len(set(keys)) and set(keys) == set(VIEW.place_keys(s.observation(None)))
        s.apply_action(bots[cur].choose(s) if rng.random() < 0.7 else rng.choice(legal))
    assert {"place", "from", "to", "extract", "take"} <= kinds


def test_a_whole_game_ends_with_the_winner_in_words():
    s = GAME.new_initial_state(num_players=3, seed=5)
    bots = [meeple.agents.make("greedy", seed=i) for i in range(3)]
    while not s.is_terminal():
        s.apply_action(bots[s.current_player].choose(s))
    (winner,) = s.winners()
    want = f"The game is over: {s.seat_name(winner)} wins with {s.scores()[winner]} groše."
    assert VIEW.status(s, None) == VIEW.status(s, 0) == want
    assert VIEW.forced(s) is None
    check_board(board_of(s, None), [])


# ----------------------------------------------------------------- the rulebook's costs
def ex4():
    """EX-4: black in S1, S2, I.R1; orange in S2 and twice in I.R2 (1 brown, 1 green)."""
    s = new(3)
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    put(s, "S2", ORANGE)
    put(s, "I.R1", BLACK)
    put(s, "I.R2", ORANGE, 2)
    chamber(s, "I.R1", brown=1, green=1, water=1)
    chamber(s, "I.R2", brown=1, green=1)
    return turn(s, ORANGE)


def test_ex4_transport_fee_in_the_labels():
    """EX-4: I.R1 and S1 are paying spaces, 2 groše a cube; 2 cubes cost 4 (MS-10.3)."""
    s = ex4()
    assert labels(s)["extract I.R2"] == "Extract salt in chamber I.R2: 1 brown, 1 green there"
    play(s, "extract I.R2")
    assert labels(s)["take brown"] == "Take a brown salt cube: 2 groše more transport"
    play(s, "take brown")
    assert labels(s)["take green"] == "Take a green salt cube: 2 groše more transport"
    assert labels(s)["done"] == "Finish extracting 1 brown: pay 2 groše transport"
    play(s, "take green")
    assert labels(s)["done"] == "Finish extracting 1 brown, 1 green: pay 4 groše transport"
    assert VIEW.status(s, ORANGE).startswith(
        "Extracting salt in chamber I.R2: taking 1 brown, 1 green, transport 4 groše so far"
    )
    assert VIEW.status(s, BLACK) == "Phase I, round 2: waiting for orange, who is extracting salt in chamber I.R2."
    assert VIEW.status(s, None) == "Phase I, round 2: orange is extracting salt in chamber I.R2."


def test_ex5_choosing_whom_to_pay():
    """EX-5: purple extracts 3 cubes from II.R1; only S2 pays, 3 groše to orange or black."""
    s = new(3)
    for space, seats in (
        ("S1", (BLACK, ORANGE, PURPLE)),
        ("S2", (BLACK, ORANGE)),
        ("I.R1", (BLACK,)),
        ("S3", (PURPLE, BLACK)),
        ("S4", (PURPLE,)),
    ):
        for q in seats:
            put(s, space, q)
    put(s, "II.R1", PURPLE, 4)
    chamber(s, "II.R1", brown=1, green=2, white=1, water=1)
    turn(s, PURPLE)
    play(s, "extract II.R1", "take brown", "take green", "take green")
    assert labels(s)["done"] == "Finish extracting 1 brown, 2 green: pay 3 groše transport"
    play(s, "done")
    assert labels(s) == {
        "pay orange": "Give 1 groš of the shaft section S2 fee to orange (3 groše of it left to give)",
        "pay black": "Give 1 groš of the shaft section S2 fee to black (3 groše of it left to give)",
    }
    assert VIEW.status(s, PURPLE) == "Choose who gets each groš of the shaft section S2 fee: 3 groše left [MS-10.3]."


def test_ex6_pump_costs():
    """EX-6: removing 3 water costs 0 + 2 + 3 = 5 groše (MS-16.1)."""
    s = new(3)
    for space in ("S1", "S2", "S3", "S4"):
        put(s, space, BLACK)
    put(s, "II.L1", BLACK, 3)
    chamber(s, "II.L1", green=2, white=1, water=3)
    s.money[BLACK] = 12
    turn(s, BLACK)
    assert labels(s)["pump II.L1"] == (
        "Pump water out of chamber II.L1 at the pump house: the first cube is free (3 there)"
    )
    play(s, "pump II.L1")
    assert labels(s) == {
        "pump more": "Pump one more water cube: 2 groše",
        "done": "Stop pumping: 1 water cube removed for free",
    }
    play(s, "pump more")
    assert labels(s) == {
        "pump more": "Pump one more water cube: 3 groše",
        "done": "Stop pumping: 2 water cubes removed for 2 groše",
    }
    play(s, "pump more")
    assert s.money[BLACK] == 7


def test_ex7_and_ec8_market_prices():
    """EX-7: green sold for 5, then brown bought for 3; EC-8: with the commercial privilege
    a brown costs 4 - 1 = 3 and a green sells for 5 + 1 = 6 (MS-17, MS-20.7)."""
    s = new(3)
    s.market = [4, 1, 0]
    s.salt[PURPLE] = [2, 1, 0]
    s.money[PURPLE] = 4
    turn(s, PURPLE)
    play(s, "market")
    assert labels(s)["sell green"] == "Sell a green salt cube: you get 5 groše"
    play(s, "sell green")
    assert labels(s)["buy brown"] == "Buy a brown salt cube: 3 groše"
    s = new(3)
    s.market = [2, 1, 0]
    s.salt[ORANGE] = [0, 1, 0]
    give_tools(s, ORANGE, "commercial_privilege")
    turn(s, ORANGE)
    play(s, "market")
    assert labels(s)["buy brown"] == "Buy a brown salt cube: 4 groše"
    play(s, "commercial")
    assert labels(s)["buy brown"] == "Buy a brown salt cube: 3 groše"
    assert labels(s)["sell green"] == "Sell a green salt cube: you get 6 groše"


def test_ec4_inn_prices():
    """EC-4: with 4 players the inn's miners cost 5, 5, 5, 6, 6, 7, 8 (MS-14.1)."""
    s = new(4)
    s.money = [100] * 4
    seen = []
    for seat in [0, 1, 2, 3, 0, 1, 2]:
        turn(s, seat)
        seen.append(labels(s)["inn"])
        play(s, "inn")
    assert seen == [f"Hire a miner at the inn: {k} groše" for k in (5, 5, 5, 6, 6, 7, 8)]
    turn(s, 3)
    assert "inn" not in labels(s)


def test_castle_orders_penalty_and_identical_orders():
    """MS-19.4: two face-up orders that ask the same salt get distinct labels by their slot;
    MS-19.6: the penalty's two kinds."""
    s = new(3)
    s.orders_up = ["O1-1", "O1-2", "O1-3"]
    s.salt[ORANGE] = [2, 1, 0]
    arrive(s, ORANGE)
    assert labels(s) == {
        "deliver O1-1": "Complete the first royal order: 2 brown for 9 groše",
        "deliver O1-2": "Complete the second royal order: 2 brown for 9 groše",
        "deliver O1-3": "Complete the third royal order: 1 brown, 1 green for 11 groše",
    }
    assert VIEW.status(s, ORANGE) == "Your miner reached the castle: choose the royal order it completes [MS-19.4]."
    s = new(3)
    s.salt[ORANGE] = [0, 0, 1]
    s.money[ORANGE] = 5
    arrive(s, ORANGE)
    assert labels(s) == {
        "penalty money": "Pay the penalty: 3 groše",
        "penalty white": "Give a white salt cube as the penalty",
    }


def test_main_menu_words():
    s = new(3)
    put(s, "S1", ORANGE, 2)
    put(s, "S2", BLACK)
    put(s, "I.R1", ORANGE, 0, tired=1)
    give_tools(s, ORANGE, "royal_privilege", "food")
    turn(s, ORANGE)
    w = labels(s)
    assert w["pass"] == "Pass: if you pass the whole turn, your 1 tired miner stands up"
    assert w["square"] == "Take 1 groš at the town square"
    assert w["castle royal"] == "Send a miner to the castle with the royal privilege: it delivers at your next turn"
    assert w["assist market"] == "Put a miner as assistant at the market: 1 groš for each visit"
    assert w["assist castle"] == "Put a miner as assistant at the castle: 1 groš for each royal order completed"
    assert w["food I.R1"] == "Use food: stand up a tired miner in chamber I.R1"
    assert w[f"workshop 3 {C.TOOL_SHORT[s.display[0]]}"].startswith("Buy the ")
    assert VIEW.action_help(s, s.legal_actions()[0]).endswith("[MS-11.3].")
    listed = s.legal_actions()
    notes = dict(zip((a.text for a in listed), VIEW.action_notes(s, listed)[0]))
    assert notes["castle royal"] == "uses your royal privilege (once a phase)"
    assert notes["food I.R1"] == "uses your food (once a phase)"
    assert notes["castle"] == notes["square"] == ""
    play(s, "place")
    assert labels(s) == {
        "from supply": "Take a miner from your supply (4 there) into the mine",
        "from S1": "Move a rested miner from shaft section S1",
    }
    play(s, "from supply")
    assert labels(s)["to I.R2"] == "Put the miner in chamber I.R2 and reveal it"
    assert labels(s)["to S1"] == "Put the miner in shaft section S1"


def test_mapped_mine_destination_words():
    """MS-24.2: in the mapped mine a chamber's tile is known; entering it puts its cubes on it."""
    s = new(2, variant="mapped-mine")
    play(s, "place", "from supply")
    assert labels(s) == {"to S1": "Put the miner in shaft section S1"}
    s = new(2, variant="mapped-mine")
    put(s, "S1", BLACK)
    put(s, "S2", BLACK)
    turn(s, ORANGE)
    play(s, "place", "from supply")
    assert labels(s)["to I.L1"] == "Put the miner in chamber I.L1 and put its cubes on it"


def test_forced_single_choice_only():
    """A sole legal step is forced (the only available miner is in the supply); a real choice
    is not."""
    s = new(3)
    play(s, "castle")
    assert [a.text for a in s.legal_actions()] == ["from supply"]
    assert VIEW.forced(s).text == "from supply"
    assert VIEW.forced(new(3)) is None


# ----------------------------------------------------------------- lobby and rules
def test_lobby_texts_and_rules():
    assert 80 < len(VIEW.description) < 700
    words = len(VIEW.how_to_play.split())
    assert 150 <= words <= 300, words
    assert not RULE_ID.search(VIEW.how_to_play)
    for v in GAME.variants:
        assert VIEW.variant_text(v)
    for o in GAME.options:
        label, help_ = VIEW.option_text(o.name)
        assert label[0].isupper() and not RULE_ID.search(label) and "_" not in label and help_
        assert all(VIEW.option_applies(o.name, v) for v in GAME.variants)
    assert VIEW.length
    assert VIEW.rule("MS-14.1").id == "MS-14"


# ----------------------------------------------------------------- place keys
def test_place_keys_name_the_boards_places_and_change_with_a_move():
    s = new(3)
    before = VIEW.place_keys(s.observation(None))
    svg = board_of(s, None)
    keys = set(re.findall(r'data-place="([^"]*)"', svg))
    assert set(before) == keys
    play(s, "inn")
    after = VIEW.place_keys(s.observation(None))
    changed = {k for k in before if before[k] != after[k]}
    assert changed == {"inn", "seat:0:money", "seat:0:miners"}
