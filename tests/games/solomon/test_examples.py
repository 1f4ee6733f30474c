"""Every scenario of shared/games/solomon/EXAMPLES.md, named after its rule ids."""

from __future__ import annotations

from collections import Counter

import pytest

import meeple
from meeple.games.solomon import rules
from meeple.games.solomon.actions import NCELLS, orientations, parse_cell
from meeple.games.solomon.components import load
from meeple.games.solomon.scoring import breakdown, majority_bonus, scroll_sets

GAME = meeple.load_game("solomon")
C = load()
FILL = "S3"  # identity of '?' tiles (never dug in these scenarios)


# ----------------------------------------------------------------- helpers
def set_board(s, rows=None, stacks=None, fill=FILL):
    """Set the board from a height map (six strings, row 6 first) and explicit stacks
    ({cell: [bottom..top]}, '?' = filler). Only top tiles count as seen."""
    heights = [4] * NCELLS
    if rows is not None:
        for r, line in enumerate(rows):
            y = 5 - r
            for x, h in enumerate(line.split()):
                heights[y * 6 + x] = int(h)
    stacks = {parse_cell(k): v for k, v in (stacks or {}).items()}
    for i, st in stacks.items():
        if rows is None:
            heights[i] = len(st)
        assert len(st) == heights[i], f"stack {i} does not match the height map"
    s.stacks = [
        [fill if t == "?" else t for t in stacks[i]] if i in stacks else [fill] * heights[i] for i in range(NCELLS)
    ]
    s.hid = [max(len(st) - 1, 0) for st in s.stacks]
    s._derive()


def turn_state(n=2, seat=0, card=1, variant="standard", coins=None, pub=None, sec=None, **board):
    """A state in which ``seat`` has just revealed ``card`` and takes the first turn; the
    other seats follow in seat order (their cards taken from their hands)."""
    s = GAME.new_initial_state(num_players=n, seed=0, variant=variant)
    if card not in s.hands[seat]:  # swap it for one of the seat's cards: hand sizes stay right
        where = next((h for h in s.hands if card in h), s.box)
        where.remove(card)
        where.append(s.hands[seat].pop())
        where.sort()
    else:
        s.hands[seat].remove(card)
    s.choices = [0] * n
    s.choices[seat] = card
    for p in range(n):
        if p != seat:
            s.choices[p] = s.hands[p].pop()
    s.order = [seat] + [p for p in range(n) if p != seat]
    s.tidx = 0
    s.phase = rules.TURN
    s.chooser = -1
    if coins is not None:
        s.coins[seat] = coins
    if pub is not None:
        s.pub[seat] = list(pub)
    if sec is not None:  # unknown tiles, as if dealt by a seat that failed (SO-10.3)
        s.sec[seat] = list(sec)
        s.hidden_log = [["deal", -1, [list(sec) if p == seat else [] for p in range(n)], []]]
    s.item_count = [sum(t in ("MI", "PX", "SE", "AM") for t in a + b) for a, b in zip(s.pub, s.sec)]
    set_board(s, **board)
    s._legal_cache = None
    return s


def texts(s, kind=None):
    return [a.text for a in s.legal_actions() if kind is None or a.kind == kind]


def move_texts(s):
    """The tile moves legal now (behind the 'move' decision), or [] if 'move' is not offered."""
    if "move" not in texts(s):
        return []
    c = s.clone()
    c.apply_action("move")
    return texts(c, "move")


def mv(s, move):
    """Make one tile move: the 'move' decision, then the move itself (SO-6)."""
    s.apply_action("move")
    s.apply_action(move)


def height(s, cell):
    return s.hgt[parse_cell(cell)]


def holdings(s, seat):
    return sorted(s.pub[seat] + s.sec[seat])


def assert_rejected(s, text, rule):
    before = s.to_dict()
    with pytest.raises(meeple.IllegalActionError) as e:
        s.apply_action(text)
    assert e.value.rule == rule, e.value
    assert s.to_dict() == before


# ------------------------------------------------------------------- EX-1
@pytest.mark.parametrize("n,coins,cards,box", [(2, 10, 12, 8), (3, 10, 8, 8), (4, 10, 6, 8), (5, 8, 5, 7)])
def test_SO_3_setup_by_player_count_ex1(n, coins, cards, box):
    s = GAME.new_initial_state(num_players=n, seed=3)
    assert s.coins == [coins] * n
    assert [len(h) for h in s.hands] == [cards] * n
    assert len(s.box) == box
    assert s.hgt == [4] * 36
    assert Counter(st[3] for st in s.stacks) == Counter({k: v for k, v in C.mix_gold.items() if v})
    assert Counter(t for st in s.stacks for t in st[:3]) == Counter({k: v for k, v in C.mix_brown.items() if v})
    assert Counter(t for st in s.stacks for t in st) == Counter({k: v for k, v in C.mix_total.items() if v})
    assert sum(s.hgt) == 144
    # SO-4.1: as many rounds as cards
    rounds = 0
    while not s.is_terminal():
        if s.phase == rules.CHOOSE and s.chooser == 0:
            rounds += 1
        s.apply_action(s.legal_actions()[0] if s.phase == rules.CHOOSE else "decline")
    assert rounds == cards


# ------------------------------------------------------------------- EX-2
def test_SO_4_3_turn_order_ex2():
    s = GAME.new_initial_state(num_players=3, seed=1)
    s.hands = [[17, 1, 2, 3, 5, 6, 7, 8], [4, 9, 10, 11, 12, 13, 14, 15], [29, 16, 18, 19, 20, 21, 22, 23]]
    s.hands = [sorted(h) for h in s.hands]
    s.box = [24, 25, 26, 27, 28, 30, 31, 32]
    s._legal_cache = None
    s.apply_action("play 17")
    s.apply_action("play 4")
    obs1 = s.observation(1)
    assert obs1["players"][0]["choice"] is None and obs1["players"][0]["committed"]
    s.apply_action("play 29")
    assert s.order == [1, 0, 2]  # Ben (4), Ana (17), Cyd (29)
    assert s.current_player == 1
    for _ in range(3):
        s.apply_action("decline")
    s.apply_action("play 1")
    s.apply_action("play 15")
    s.apply_action("play 16")
    assert s.order == [0, 1, 2]


# ------------------------------------------------------------------- EX-3
@pytest.mark.parametrize("variant,count", [("standard", 9), ("children", 13)])
def test_SO_6_8_opening_turn_first_moves_ex3(variant, count):
    s = turn_state(
        n=2,
        seat=1,
        card=1,
        variant=variant,
        coins=10,
        stacks={"a1": ["?", "?", "?", "C2"], "b1": ["?", "?", "?", "T1"], "c1": ["?", "?", "?", "S1"]},
    )
    assert move_texts(s) == []
    s.apply_action("dig a1,b1,c1")
    assert [height(s, c) for c in ("a1", "b1", "c1")] == [3, 3, 3]
    assert holdings(s, 1) == ["C2", "S1", "T1"]
    assert s.coins[1] == 8  # due = 0 moves + curse 2
    assert s.current_player == 0
    moves = sorted(move_texts(s))
    expected = ["a2-a1", "a2-b1", "b2-a1", "b2-b1", "b2-c1", "c2-b1", "c2-c1", "d1-c1", "d2-c1"]
    if variant == "children":
        expected += ["a1-b1", "b1-a1", "b1-c1", "c1-b1"]
    assert len(moves) == count
    assert moves == sorted(expected)
    if variant == "standard":
        assert_rejected(s, "a1-b1", "SO-6.2")


# ------------------------------------------------------------------- EX-4
EX4_ROWS = ["4 4 4 4 4 4", "4 4 4 4 4 4", "4 3 4 4 4 4", "4 2 2 3 2 4", "4 4 2 2 4 4", "4 4 4 4 4 4"]
EX4_STACKS = {
    "c2": ["?", "S1"],
    "d2": ["?", "S2"],
    "c3": ["?", "T2"],
    "d3": ["?", "T5", "S3"],
    "c4": ["?", "C2", "S4", "T1"],
}


def test_SO_6_SO_7_SO_8_card15_dig_costing_5_ex4():
    s = turn_state(n=3, seat=0, card=15, coins=10, rows=EX4_ROWS, stacks=EX4_STACKS)
    assert sum(s.hgt) == 132
    mv(s, "d3-e3")
    assert s.stacks[parse_cell("e3")][-1] == "S3" and height(s, "e3") == 3
    assert s.stacks[parse_cell("d3")][-1] == "T5"
    mv(s, "c4-b4")
    assert height(s, "b4") == 4
    mv(s, "c4-b3")
    assert s.stacks[parse_cell("c4")][-1] == "C2"
    s.apply_action("dig c2,d2,c3,d3,c4")
    assert holdings(s, 0) == sorted(["S1", "S2", "T2", "T5", "C2"])
    assert [height(s, c) for c in ("c2", "d2", "c3", "d3", "c4")] == [1] * 5
    assert s.coins[0] == 5  # due = 3 moves + 2 curse
    assert any("pays 5" in e for e in s.events)


def test_SO_6_2_SO_8_2_card15_illegal_alternatives_ex4():
    s = turn_state(n=3, seat=0, card=15, coins=10, rows=EX4_ROWS, stacks=EX4_STACKS)
    assert_rejected(s, "d3-d4", "SO-6.2")
    assert_rejected(s, "dig c2,d2,c3,d3,c4", "SO-8.2")


# ------------------------------------------------------------------- EX-5
def test_SO_7_4_SO_8_6_change_and_declining_ex5():
    s = turn_state(n=2, seat=0, card=5, coins=0, pub=["T5"], rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"])
    mv(s, "a2-a1")
    mv(s, "b2-a2")
    s.apply_action("decline")
    assert s.coins[0] == 3
    assert holdings(s, 0) == []
    assert s.discard == [5]
    assert s.spent == ["T5"]


# ------------------------------------------------------------------- EX-6
def test_SO_2_6_card3_orientations_ex6():
    o = orientations(C.cards[3].cells, True)
    assert [set(x) for x in o] == [
        {(0, 0), (1, 0), (0, 1)},
        {(0, 0), (1, 0), (1, 1)},
        {(1, 0), (0, 1), (1, 1)},
        {(0, 0), (0, 1), (1, 1)},
    ]


def test_SO_11_5_mirror_ex6():
    s = turn_state(
        n=2,
        seat=0,
        card=3,
        coins=10,
        pub=["MI"],
        stacks={"d4": ["?", "?", "T5"], "e4": ["?", "?", "T4"], "e5": ["?", "?", "T3"]},
    )
    assert_rejected(s, "dig d4,e4,e5", "SO-8.2")
    s.apply_action("use MI")
    s.apply_action("dig d4,e4,e5")
    assert holdings(s, 0) == ["T3", "T4", "T5"]
    assert s.used == ["MI"]
    assert s.coins[0] == 10


# ------------------------------------------------------------------- EX-7
EX7 = {"a1": ["?", "?", "?", "T3"], "b1": ["?", "?", "C1"], "a2": ["?", "S2"], "b2": ["T4"]}


def test_SO_11_6_pickaxe_ex7():
    s = turn_state(n=2, seat=0, card=8, coins=0, pub=["PX"], stacks=EX7)
    assert_rejected(s, "dig a1,b1,a2,b2", "SO-8.2")
    s.apply_action("use PX")
    s.apply_action("dig a1,b1,a2,b2")
    assert s.coins[0] == 2
    assert holdings(s, 0) == ["C1", "S2", "T4"]
    assert s.used == ["PX"]
    assert [height(s, c) for c in ("a1", "b1", "a2", "b2")] == [3, 2, 1, 0]


def test_SO_11_6_pickaxe_empty_space_ex7():
    stacks = dict(EX7)
    stacks["b2"] = []
    s = turn_state(n=2, seat=0, card=8, coins=0, pub=["PX"], stacks=stacks)
    s.apply_action("use PX")
    assert "dig a1,b1,a2,b2" not in texts(s)
    assert_rejected(s, "dig a1,b1,a2,b2", "SO-8.2")


# ------------------------------------------------------------------- EX-8
EX8_ROWS = ["3 2 4 1 3 2", "1 3 2 4 2 3", "2 4 2 2 1 4", "3 1 2 3 2 1", "4 2 3 2 4 2", "2 3 1 4 3 3"]
EX8_STACKS = {
    "c3": ["?", "T4"],
    "c4": ["?", "S1"],
    "c5": ["?", "S2"],
    "d4": ["?", "T3"],
    "e3": ["?", "C1"],
    "d2": ["?", "T5"],
}


def test_SO_11_7_card32_no_dig_without_seal_ex8():
    s = turn_state(n=2, seat=0, card=32, coins=0, pub=["SE", "MI"], rows=EX8_ROWS, stacks=EX8_STACKS)
    assert sum(s.hgt) == 90
    assert texts(s, "dig") == []
    s.apply_action("use MI")
    assert texts(s, "dig") == []


def test_SO_11_7_seal_card32_ex8():
    s = turn_state(n=2, seat=0, card=32, coins=0, pub=["SE"], rows=EX8_ROWS, stacks=EX8_STACKS)
    s.apply_action("use SE")
    for c in ("c3", "c4", "c5", "d4", "e3"):
        s.apply_action(f"pick {c}")
    assert "pick a1" not in texts(s)
    assert "pick d3" not in texts(s)  # height 3
    assert_rejected(s, "pick a1", "SO-11.7")
    s.apply_action("pick d2")
    assert s.coins[0] == 2
    assert holdings(s, 0) == sorted(["T4", "S1", "S2", "C1", "T5"])
    assert s.used == ["SE"]


def test_SO_11_7_seal_with_pickaxe_ex8():
    s = turn_state(n=2, seat=0, card=32, coins=0, pub=["SE", "PX"], rows=EX8_ROWS, stacks=EX8_STACKS)
    s.apply_action("use SE")
    s.apply_action("use PX")
    for c in ("c3", "c4", "c5", "d4", "e3"):
        s.apply_action(f"pick {c}")
    assert "pick d3" in texts(s)
    assert "pick a1" not in texts(s)


# ------------------------------------------------------------------- EX-9
EX9 = {"b5": ["?", "?", "?", "C3"], "c5": ["?", "T2"], "d5": ["?", "?", "C2"], "c6": ["S1"]}


def test_SO_11_4_SO_11_8_amulet_with_pickaxe_ex9():
    s = turn_state(n=2, seat=0, card=10, coins=0, pub=["AM", "PX"], stacks=EX9)
    s.apply_action("use PX")
    s.apply_action("use AM")
    s.apply_action("dig b5,c5,d5,c6")
    assert s.coins[0] == 0
    assert holdings(s, 0) == sorted(["C3", "T2", "C2", "S1"])
    assert sorted(s.used) == ["AM", "PX"]
    assert breakdown(s)[0]["curses"] == 5


def test_SO_11_6_pickaxe_only_cannot_pay_ex9():
    s = turn_state(n=2, seat=0, card=10, coins=0, pub=["AM", "PX"], stacks=EX9)
    s.apply_action("use PX")
    s.apply_action("dig b5,c5,d5,c6")
    assert "P1 cannot pay 5" in s.events and "wealth" not in " ".join(s.events)  # SO-13.3
    assert s.notes[0][-1] == "you could not pay 5: your wealth was 2"
    assert s.coins[0] == 0
    assert holdings(s, 0) == ["AM"]
    assert s.used == ["PX"]  # SO-10.2: items used stay spent
    assert sorted(s.sec[1]) == sorted(["C3", "T2", "C2", "S1"])  # one opponent: all 4 tiles
    assert s.coins[1] == 10


def test_SO_11_8_amulet_only_rejected_ex9():
    s = turn_state(n=2, seat=0, card=10, coins=0, pub=["AM", "PX"], stacks=EX9)
    s.apply_action("use AM")
    assert_rejected(s, "dig b5,c5,d5,c6", "SO-8.2")


# ------------------------------------------------------------------- EX-10
def test_SO_10_3_unable_to_pay_more_tiles_than_opponents_ex10():
    s = turn_state(
        n=4,
        seat=1,
        card=17,
        coins=1,
        rows=["4 4 4 4 4 4"] * 5 + ["4 4 4 4 3 3"],
        stacks={
            "a1": ["?", "?", "?", "C3"],
            "b1": ["?", "?", "?", "C1"],
            "c1": ["?", "?", "?", "S2"],
            "d1": ["?", "?", "?", "T1"],
            "a2": ["?", "?", "?", "MI"],
        },
    )
    before = [s.coins[p] for p in range(4)]
    mv(s, "e2-e1")
    mv(s, "f2-f1")
    s.apply_action("dig a1,b1,c1,d1,a2")
    assert "P2 cannot pay 6" in s.events and "wealth" not in " ".join(s.events)  # SO-13.3
    assert s.notes[1][-1] == "you could not pay 6: your wealth was 2"
    assert s.coins[1] == 1 and holdings(s, 1) == []
    assert [len(s.sec[p]) for p in (2, 3, 0)] == [1, 1, 1]
    assert len(s.removed) == 2
    got = Counter(s.sec[0] + s.sec[2] + s.sec[3] + s.removed)
    assert got == Counter(["C3", "C1", "S2", "T1", "MI"])
    assert [s.coins[p] for p in (0, 2, 3)] == [before[p] for p in (0, 2, 3)]
    assert (height(s, "e1"), height(s, "f1"), height(s, "e2"), height(s, "f2")) == (4, 4, 3, 3)
    # SO-10.6: others see only counts
    obs = s.observation(0)
    assert obs["players"][2]["secret_tiles"] is None and obs["players"][2]["unknown_tiles"] == 1


# ------------------------------------------------------------------- EX-11
def test_SO_10_3_fewer_tiles_than_opponents_5p_ex11a():
    s = turn_state(
        n=5,
        seat=2,
        card=1,
        coins=2,
        pub=["S2", "T1"],
        stacks={"a1": ["?", "?", "?", "T5"], "b1": ["?", "?", "?", "C3"], "c1": ["?", "?", "?", "S1"]},
    )
    s.moves = 6  # six moves already made this turn
    s.apply_action("dig a1,b1,c1")
    assert "P3 cannot pay 9" in s.events and "wealth" not in " ".join(s.events)  # SO-13.3
    assert s.notes[2][-1] == "you could not pay 9: your wealth was 8"
    assert [len(s.sec[p]) for p in (3, 4, 0)] == [1, 1, 1]
    assert Counter(s.sec[3] + s.sec[4] + s.sec[0]) == Counter(["T5", "C3", "S1"])
    assert s.phase == rules.GIVE_PHASE and s.current_player == 2
    assert sorted(texts(s)) == ["give S2", "give T1"]
    s.apply_action("give T1")
    assert s.sec[1] == ["T1"]
    assert holdings(s, 2) == ["S2"] and s.coins[2] == 2
    assert s.removed == []
    assert s.phase == rules.TURN and s.current_player == s.order[1]
    assert [s.coins[p] for p in (0, 1, 3, 4)] == [8, 8, 8, 8]


def test_SO_10_5_declined_dig_cannot_pay_4p_ex11b():
    s = turn_state(n=4, seat=3, card=9, coins=0, pub=["S3", "C1"])
    s.moves = 3
    s.apply_action("decline")
    assert s.phase == rules.GIVE_PHASE and s.gives == [0, 1, 2]
    s.apply_action("give C1")
    assert s.sec[0] == ["C1"]
    s.apply_action("give S3")
    assert s.sec[1] == ["S3"]
    assert s.sec[2] == []
    assert holdings(s, 3) == [] and s.coins[3] == 0
    assert s.coins[0] == 10  # the recipient of C1 pays nothing
    assert s.phase == rules.TURN and s.current_player == 0


# ------------------------------------------------------------------- EX-12
def test_SO_12_final_scoring_anna_bruno_carlo_david_ex12():
    s = GAME.new_initial_state(num_players=4, seed=0)
    s.coins = [14, 6, 9, 3]
    scrolls = [(2, 3, 2, 2), (2, 2, 2, 2), (2, 1, 0, 3), (1, 1, 1, 2)]
    treasures = [["T5"] * 5 + ["T2"], ["T5"] * 6 + ["T3"], ["T5"] * 4, ["T5"] * 5]
    curses = [
        ["C3", "C2", "C2", "C1", "C1"],
        ["C2", "C1", "C1", "C1"],
        ["C3", "C3"] + ["C2"] * 5,
        ["C3"] * 4 + ["C2"] * 2,
    ]
    items = [["SE", "AM"], ["MI", "PX", "PX", "SE", "AM"], ["MI"], []]
    for p in range(4):
        sc = [f"S{i + 1}" for i in range(4) for _ in range(scrolls[p][i])]
        s.pub[p] = treasures[p] + sc + curses[p] + items[p]
        s.sec[p] = []
    rows = breakdown(s)
    assert [r["money"] for r in rows] == [41, 39, 29, 28]
    assert [r["scrolls"] for r in rows] == [20, 20, 0, 10]
    assert [r["curses"] for r in rows] == [9, 5, 16, 16]
    assert [r["curse_bonus"] for r in rows] == [0, 0, 18, 18]
    assert [r["item_bonus"] for r in rows] == [0, 16, 0, 0]
    assert s.scores() == [61, 75, 47, 56]
    assert s.ranking()[0] == 1 and s.winners() == [1]


# ------------------------------------------------------------------- EX-13
@pytest.mark.parametrize(
    "measures,fs,expected",
    [
        ([16, 16, 9], (24, 12), [18, 18, 0]),
        ([4, 4, 1], (16, 8), [12, 12, 0]),
        ([10, 5, 5], (24, 12), [24, 6, 6]),
        ([4, 2, 2], (16, 8), [16, 4, 4]),
        ([7, 7, 7], (24, 12), [12, 12, 12]),
        ([3, 3, 3], (16, 8), [8, 8, 8]),
        ([29, 13], (24, 12), [24, 0]),
        ([29, 15], (24, 12), [24, 12]),
        ([29, 14], (24, 12), [24, 0]),
        ([16, 8], (24, 12), [24, 12]),
        ([5, 2], (16, 8), [16, 0]),
    ],
)
def test_SO_12_5_to_12_8_majority_ties_and_threshold_ex13(measures, fs, expected):
    assert majority_bonus(measures, *fs) == expected


# ------------------------------------------------------------------- EX-14
def test_SO_6_6_filling_a_hole_ex14():
    s = turn_state(
        n=2,
        seat=0,
        card=9,
        coins=10,
        rows=["4 4 4 4 4 4"] * 4 + ["4 4 3 4 4 4", "3 3 2 3 4 4"],
        stacks={"c2": ["?", "?", "T3"], "a1": ["?", "?", "C2"], "b1": ["?", "?", "S1"], "d1": ["?", "?", "T4"]},
    )
    assert "dig a1,b1,c1,d1" not in texts(s)
    mv(s, "c2-c1")
    assert height(s, "c1") == 3
    s.apply_action("dig a1,b1,c1,d1")
    assert holdings(s, 0) == sorted(["C2", "S1", "T3", "T4"])
    assert s.coins[0] == 7  # due = 1 move + 2 curse


# ------------------------------------------------------------------- EX-15
def test_SO_11_2_item_dug_this_turn_not_usable_ex15():
    s = turn_state(
        n=2,
        seat=0,
        card=1,
        coins=10,
        stacks={"a1": ["?", "?", "?", "MI"], "b1": ["?", "?", "?", "T1"], "c1": ["?", "?", "?", "T2"]},
    )
    assert "use MI" not in texts(s)
    assert_rejected(s, "use MI", "SO-11.1")
    s.apply_action("dig a1,b1,c1")
    assert "MI" in s.pub[0]
    guard = 0
    while not (s.phase == rules.TURN and s.current_player == 0):
        guard += 1
        assert guard < 10
        s.apply_action("decline" if s.phase == rules.TURN else s.legal_actions()[0])
    assert "use MI" in texts(s)


def test_SO_11_2_item_dug_then_unable_to_pay_ex15():
    s = turn_state(
        n=2,
        seat=0,
        card=1,
        coins=0,
        stacks={"a1": ["?", "?", "?", "MI"], "b1": ["?", "?", "?", "C3"], "c1": ["?", "?", "?", "S1"]},
    )
    s.apply_action("dig a1,b1,c1")
    assert holdings(s, 0) == []
    assert sorted(s.sec[1]) == ["C3", "MI", "S1"]
    assert s.item_count == [0, 1]


# ------------------------------------------------------------------- EX-16
@pytest.mark.parametrize("counts,points", [((3, 2, 2, 5), 20), ((4, 4, 4, 0), 0), ((1, 1, 1, 1), 10)])
def test_SO_12_2_scroll_sets_ex16(counts, points):
    tiles = [f"S{i + 1}" for i in range(4) for _ in range(counts[i])]
    assert 10 * scroll_sets(tiles) == points
    s = GAME.new_initial_state(num_players=2, seed=0)
    s.pub[0] = tiles
    assert breakdown(s)[0]["scrolls"] == points


# ------------------------------------------------------------------- EX-17
@pytest.mark.parametrize(
    "measures,fs,expected",
    [
        ([0, 0, 0], (16, 8), [0, 0, 0]),
        ([1, 0, 0], (16, 8), [16, 0, 0]),
        ([6, 0, 0], (24, 12), [24, 0, 0]),
    ],
)
def test_SO_12_7_nobody_or_one_holder_ex17(measures, fs, expected):
    assert majority_bonus(measures, *fs) == expected


# ------------------------------------------------------------------- EX-18
@pytest.mark.parametrize(
    "card,plain,mirror", [(1, 24, 48), (2, 24, 48), (3, 25, 100), (8, 25, 25), (15, 20, 80), (32, 12, 48)]
)
def test_SO_8_7_legal_dig_counts_full_board_ex18(card, plain, mirror):
    s = turn_state(n=2, seat=0, card=card, pub=["MI"])
    assert len(texts(s, "dig")) == plain
    s.apply_action("use MI")
    assert len(texts(s, "dig")) == mirror


def _seal_sets(n_card):
    """All dig areas reachable by Seal picks on a full board (distinct sets)."""
    s = turn_state(n=2, seat=0, card=n_card, pub=["SE"])
    s.apply_action("use SE")
    size = len(C.cards[n_card].cells)
    level = {frozenset([a.args[0]]) for a in s.legal_actions() if a.kind == "pick"}
    for _ in range(size - 1):
        nxt = set()
        for st in level:
            s.picks = sorted(st)
            for c in rules.seal_picks(s):
                nxt.add(st | {c.args[0]})
        level = nxt
    return len(level)


@pytest.mark.parametrize("card,count", [(1, 420), (8, 1747), (15, 7484)])
def test_SO_8_7_seal_counts_full_board_ex18(card, count):
    assert _seal_sets(card) == count


def test_SO_8_7_seal_count_six_full_board_ex18():
    assert _seal_sets(32) == 31992
