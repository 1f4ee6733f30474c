"""Every worked example of shared/games/klondike/EXAMPLES.md, named after its rule ids.

Positions are set up by writing the state's plain fields (helpers below, also used by
test_rules.py)."""

import meeple
from meeple.games.klondike.components import FAVOUR_INDEX, KIND_INDEX, REQ_INDEX

GAME = meeple.load_game("klondike")
L1 = [[0, 0], [1, 0], [2, 0], [3, 0]]  # A B C D
L2 = [[2, 0], [0, 0], [1, 0], [3, 0]]  # C A B D


def family(n=4, seed=0, layout=L1, variant="family", **opts):
    """A fresh game-1 state whose every board is ``layout``."""
    st = GAME.new_initial_state(num_players=n, seed=seed, variant=variant, **opts)
    for s in range(n):
        st.layouts[s] = [list(t) for t in layout]
        st.set_board(s)
    st._legal_cache = None
    return st


def to_place(st, seat, kind):
    """Put ``seat`` in the placement phase with a ``kind`` claim to lay (it stays there)."""
    st.phase = "place"
    st.won[seat] = KIND_INDEX[kind]
    st.pq = [seat, seat]
    st.cur = seat
    st._legal_cache = None


def lay(st, seat, text):
    """Lay the claim of ``text`` on ``seat``'s board through the public API (checked)."""
    to_place(st, seat, text.split()[1])
    st.apply_action(text)


def legal_texts(st):
    return [a.text for a in st.legal_actions()]


def race(n=3, seed=0, card="W07", display=("RD7", "BL3", "GN1"), prio=0, rround=1, **opts):
    """A game-2 state at the start of a round (build phase) with the given card and display."""
    st = GAME.new_initial_state(num_players=n, seed=seed, variant="race", **opts)
    st.req = REQ_INDEX[card]
    st.req_seen = [st.req]
    st.req_deck = [c for c in st.req_deck if c != st.req][: 9 - rround]
    st.display = [FAVOUR_INDEX[c] for c in display]
    st.fav_deck = [c for c in st.fav_deck if c not in st.display]
    st.rround = rround
    st.prio = prio
    st.s0 = (prio - rround + 1) % n
    st.tq = [(prio + i) % n for i in range(n)]
    st.tpos = 0
    st.cur = st.tq[0]
    st._legal_cache = None
    return st


import pytest

from meeple.core import TERMINAL, IllegalActionError
from meeple.games.klondike import race as race_rules
from meeple.games.klondike import rules
from meeple.games.klondike.components import (
    CODE_CHAR,
    FACE_GRIDS,
    FAMILY_SHAPE,
    KINDS,
    REQ_CARDS,
)
from meeple.games.klondike.scoring import race_points, race_scores, tie_low_points


def illegal_rule(st, text):
    before = st.to_dict()
    with pytest.raises(IllegalActionError) as e:
        st.apply_action(text)
    assert st.to_dict() == before
    return e.value.rule


def place_yield(st, seat, text):
    """(gold, rubies) a legal placement adds, measured on a clone."""
    c = st.clone()
    g0, r0 = c.score[seat], c.fresh[seat]
    c.apply_action(text)
    return c.score[seat] - g0, c.fresh[seat] - r0


# ------------------------------------------------------------------ shared model
def test_KL_1_3_tile_rotation_ex1():
    want = {
        1: ["1.32.1", "..1R3.", "32...2", ".R.31.", "1.R2.R", ".21..3"],
        2: [".1.3.1", "2.R2..", "1R..13", ".23.R2", "..1.3.", "3R.2.1"],
        3: ["3..12.", "R.2R.1", ".13.R.", "2...23", ".3R1..", "1.23.1"],
    }
    for rot, rows in want.items():
        got = ["".join(CODE_CHAR[v] for v in row) for row in FACE_GRIDS[0][rot]]
        assert got == rows


def test_KL_1_5_orientations_no_flipping_ex2():
    counts = {k.id: len(k.orientations) for k in KINDS}
    assert counts == {"I3": 2, "V3": 4, "I4": 2, "O4": 1, "L4": 4, "T4": 4, "Z4": 2, "X5": 1, "P5": 4, "U5": 4, "D2": 2}
    sh = FAMILY_SHAPE

    def norm(cells):
        rs = [i // 24 for i in cells]
        cs = [i % 24 for i in cells]
        return frozenset((r - min(rs), c - min(cs)) for r, c in zip(rs, cs))

    z4 = {norm(sh.cells[p]) for m, p in sh.by_kind[KINDS[6].index]}
    assert z4 == {frozenset({(0, 0), (0, 1), (1, 1), (1, 2)}), frozenset({(0, 1), (1, 0), (1, 1), (2, 0)})}
    assert frozenset({(0, 1), (0, 2), (1, 0), (1, 1)}) not in z4  # S
    l4 = {norm(sh.cells[p]) for m, p in sh.by_kind[KINDS[4].index]}
    assert frozenset({(0, 1), (1, 1), (2, 0), (2, 1)}) not in l4  # J
    assert len(l4) == 4


def test_KL_2_1_first_claim_ex3():
    st = family()
    to_place(st, 0, "O4")
    legal = legal_texts(st)
    assert "place O4 0 2 0" in legal
    assert place_yield(st, 0, "place O4 0 2 0") == (6, 1)
    assert illegal_rule(st, "place O4 0 0 0") == "KL-2.1"
    to_place(st, 0, "I3")
    assert "place I3 1 1 0" in legal_texts(st)
    to_place(st, 0, "V3")
    assert illegal_rule(st, "place V3 0 0 0") == "KL-2.1"
    to_place(st, 0, "I4")
    assert illegal_rule(st, "place I4 1 3 0") == "KL-2.3"


def test_KL_2_2_touch_last_claim_ex4():
    st = family()
    lay(st, 0, "place O4 0 2 0")
    to_place(st, 0, "I3")
    assert place_yield(st, 0, "place I3 0 1 2") == (1, 0)
    assert place_yield(st, 0, "place I3 1 2 2") == (2, 0)
    st.apply_action("place I3 0 1 2")
    to_place(st, 0, "V3")
    assert illegal_rule(st, "place V3 0 4 0") == "KL-2.2"
    to_place(st, 0, "O4")
    assert illegal_rule(st, "place O4 0 3 1") == "KL-2.3"


def test_KL_15_scoring_a_claim_ex5():
    st = family(n=2, layout=L2)
    O4, X5 = KINDS[3].index, KINDS[7].index
    st.rows = [[O4, X5], [X5, O4]] + st.rows[2:]
    st.start = 0
    rules.start_round(st)
    st.apply_action("bid 0 0")  # P1: O4 for nothing
    st.apply_action("bid 1 0")  # seat 1
    st.apply_action("place O4 0 2 0")  # P1 covers . 1 3 .
    assert (st.score[0], st.rubies[0], st.fresh[0]) == (4, 3, 0)
    st.apply_action(legal_texts(st)[0])  # P2 lays somewhere
    while st.phase == "sauction":
        st.apply_action("pass")
    assert st.round == 2 and st.start == 1
    st.apply_action("bid 1 0")  # P2 (start) takes O4
    st.apply_action("bid 0 2")  # P1 pays 2 for X5
    assert st.rubies[0] == 1
    st.apply_action(legal_texts(st)[0])  # P2 lays first
    assert st.cur == 0
    assert place_yield(st, 0, "place X5 0 1 2") == (4, 2)
    st.apply_action("place X5 0 1 2")
    assert (st.score[0], st.rubies[0], st.fresh[0]) == (8, 1, 2)
    # P1 has 1 usable ruby (the 2 fresh ones do not count, KL-15.3): his only action
    # would be 'pass', so he passes automatically and the pass is logged (KL-16.2)
    assert st.phase == "sauction" and st.cur == 1  # P2 (start player, 3 rubies) is asked
    st.apply_action("pass")
    assert "P1 cannot bid 4 (has 1 ruby) and passes" in st.events
    while st.phase == "sauction":
        st.apply_action("pass")
    assert st.round == 3 and (st.rubies[0], st.fresh[0]) == (3, 0)


# ------------------------------------------------------------------ game 1
def test_KL_12_rulebook_auction_ex6():
    st = family(n=4)
    X5, O4, L4, Z4 = (KINDS[i].index for i in (7, 3, 4, 6))
    st.rows[0] = [X5, O4, L4, Z4]
    st.start = 0
    rules.start_round(st)
    assert st.cur == 0
    st.apply_action("bid 0 0")  # 1 Jirka
    assert st.cur == 1
    assert illegal_rule(st, "bid 0 2") == "KL-12.3"
    st.apply_action("bid 0 1")  # 2 Honza
    assert st.cur == 0  # Jirka displaced
    assert illegal_rule(st, "bid 0 3") == "KL-12.3"
    st.apply_action("bid 0 2")  # 3 Jirka raises
    assert st.cur == 1
    st.apply_action("bid 1 0")  # 4 Honza moves to O4
    assert st.cur == 2
    st.apply_action("bid 0 3")  # 5 Petr
    assert st.cur == 0
    st.apply_action("bid 1 1")  # 6 Jirka moves to O4
    assert st.cur == 1
    st.apply_action("bid 2 0")  # 7 Honza to L4
    assert st.cur == 3
    assert illegal_rule(st, "bid 0 4") == "KL-12.6"
    st.apply_action("bid 3 0")  # 8 Michal
    assert st.phase == "place"
    assert st.rubies == [2, 3, 0, 3]
    assert [KINDS[k].id for k in st.won] == ["O4", "L4", "X5", "Z4"]


def test_KL_16_supplementary_auction_ex7():
    st = family(n=4)
    lay(st, 2, "place O4 0 2 0")
    st.start = 0
    st.rubies = [5, 4, 7, 2]
    st.fresh = [0, 0, 0, 3]
    st.won = [-1] * 4
    dominoes = st.dominoes
    rules.start_supp(st)
    st._legal_cache = None
    alt = st.clone()
    assert st.cur == 0 and "sbid 4" in legal_texts(st)
    st.apply_action("sbid 4")
    # steps 2, 4, 5: a seat whose only legal action is 'pass' passes automatically, logged
    assert "P2 cannot bid 5 (has 4 rubies) and passes" in st.events
    assert st.cur == 2 and st.s_passed[1]
    assert legal_texts(st) == ["sbid 5", "sbid 6", "sbid 7", "pass"]
    st.apply_action("sbid 6")
    assert "P4 cannot bid 7 (has 2 rubies) and passes" in st.events
    assert "P1 cannot bid 7 (has 5 rubies) and passes" in st.events
    assert st.events[-1] == "P3 pays 6 rubies for the domino"
    assert st.phase == "splace" and st.cur == 2
    assert st.rubies == [5, 4, 1, 2] and st.fresh[3] == 3
    assert st.dominoes == dominoes - 1
    last = FAMILY_SHAPE.halo[st.claims[2][-1]]
    for a in st.legal_actions():
        assert FAMILY_SHAPE.mask[a.args[0]] & last
    # variant: nobody bids
    passes = 0
    while alt.phase == "sauction":
        alt.apply_action("pass")
        passes += 1
    assert passes == 3 and "P4 cannot bid 4 (has 2 rubies) and passes" in alt.events
    assert alt.dominoes == dominoes and alt.phase == "auction"


def test_KL_17_2_row_refill_timing_ex8():
    st = family(n=3)
    assert len(st.rows) == 6 and len(st.pool) == 82
    assert all(len(set(r)) == 3 for r in st.rows)
    for rnd in range(2, 12):
        old = st.rows[-1]
        st.rows.pop(0)
        st.round = rnd
        rules.start_round(st)
        if rnd == 6:
            assert len(st.rows) == 6 and st.rows[0] == old and len(st.pool) == 67
        elif rnd == 11:
            assert len(st.rows) == 6 and st.rows[0] == old and len(st.pool) == 52
        else:
            assert len(st.rows) == 6 - (rnd - 1 if rnd < 6 else rnd - 6)
        assert all(len(set(r)) == 3 for r in st.rows)


EX9 = [
    ("place I4 0 2 0", (5, 1)),
    ("place U5 2 0 4", (6, 1)),
    ("place P5 3 2 7", (4, 1)),
    ("place U5 2 4 10", (6, 0)),
    ("place T4 2 4 13", (4, 0)),
    ("place V3 3 2 15", (4, 1)),
    ("place X5 0 0 16", (3, 0)),
    ("place U5 0 2 19", (6, 1)),
    ("place T4 1 3 22", (6, 0)),
]


def test_KL_14_complete_route_ex9():
    st = family()
    for i, (text, y) in enumerate(EX9):
        to_place(st, 0, text.split()[1])
        assert text in legal_texts(st)
        assert place_yield(st, 0, text) == y
        st.apply_action(text)
        assert st.finished[0] == (i == 8)
    assert st.score[0] == 44 and st.fresh[0] == 5
    assert rules.edges_ok(st.cov[0], False)


def test_KL_14_3_goal_closed_until_edges_ex10():
    for loose in (False, True):
        opts = {"edge_rule": "one_edge_per_tile"} if loose else {}
        st = family(**opts)
        for text, _ in EX9[:6]:
            lay(st, 0, text)
        to_place(st, 0, "I4")
        assert place_yield(st, 0, "place I4 0 3 17") == (0, 1)
        st.apply_action("place I4 0 3 17")
        to_place(st, 0, "I3")
        if loose:
            assert "place I3 0 3 21" in legal_texts(st)
        else:
            assert illegal_rule(st, "place I3 0 3 21") == "KL-14.3"
            assert illegal_rule(st, "place I3 0 2 21") == "KL-14.3"
            assert "place I3 1 0 21" in legal_texts(st)


def test_KL_19_final_penalties_ex11():
    st = family(n=4)  # all four boards L1, as with option layout=identical
    routes = {
        0: [t for t, _ in EX9[:8]],
        1: [t for t, _ in EX9[:7]] + ["place I3 1 0 19"],
        2: [t for t, _ in EX9[:8]] + ["place V3 0 4 22"],
        3: [t for t, _ in EX9[:7]],
    }
    for s, texts in routes.items():
        for t in texts:
            lay(st, s, t)
    assert st.score == [38, 35, 43, 32]
    st.won = [-1] * 4
    to_place(st, 0, "T4")
    st.pq = [0]
    st.apply_action("place T4 1 3 22")
    assert st.finished == [True, False, False, False]
    # everyone holds 3 rubies: nobody can bid 4, so the domino auction passes by itself
    assert "P2 cannot bid 4 (has 3 rubies) and passes" in st.events
    while st.phase == "sauction":
        st.apply_action("pass")
    assert st.current_player == TERMINAL
    assert st.penalty == [0, 8, 2, 10]
    assert st.scores() == [44, 27, 41, 22]
    assert st.ranking() == [0, 2, 1, 3]


def test_KL_20_tie_break_ex12():
    st = family(n=2)
    st.score = [30, 30]
    st.rubies, st.fresh = [2, 4], [1, 0]
    assert st.ranking() == [1, 0] and st.winners() == [1]
    st.rubies, st.fresh = [3, 3], [0, 0]
    assert st.winners() == [0, 1]


def test_KL_14_2_unplaceable_claim_ex13():
    st = family()
    for t in ("place I4 0 2 0", "place L4 3 1 4", "place Z4 0 0 1"):
        lay(st, 0, t)
    assert st.score[0] == 11 and st.fresh[0] == 1
    st.rubies[0] = 1  # paid 2 of 3 for the X5
    to_place(st, 0, "X5")
    assert legal_texts(st) == ["discard"]
    to_place(st, 0, "U5")
    assert legal_texts(st) == ["discard"]
    to_place(st, 0, "I3")
    assert "place I3 0 0 3" in legal_texts(st)
    to_place(st, 0, "X5")
    removed = len(st.removed)
    st.apply_action("discard")
    assert st.removed[removed:] == [KINDS[7].index]
    assert st.score[0] == 11 and st.rubies[0] == 1 and len(st.claims[0]) == 3


# ------------------------------------------------------------------ game 2
def act(st, text):
    """Apply ``text``; in game 2 a ``place`` is preceded by its ``claim KIND`` decision."""
    if st.mode == "race" and text.startswith("place ") and st.pend[st.cur] < 0:
        st.apply_action("claim " + text.split()[1])
    st.apply_action(text)


def _tick(st, seat, text):
    assert st.cur == seat, (st.cur, seat, st.phase)
    act(st, text)


def test_KL_31_34_rulebook_round_ex14():
    st = race(n=3)
    for seat, tiles in ((0, ["A0"]), (1, ["A0"]), (2, ["B0", "C0"])):
        for t in tiles:
            _tick(st, seat, "tile " + t)
        _tick(st, seat, "build")
    ticks = [
        ("place O4 0 2 0", "place O4 0 2 0", "place O4 0 2 0"),
        ("place I3 0 1 2", "place I3 0 1 0", "place I3 0 1 2"),
        ("place V3 1 2 2", "place T4 3 2 2", "place I4 1 2 5"),
        ("done", "done", "place X5 0 1 6"),
    ]
    for i, row in enumerate(ticks):
        assert st.phase == "tick" and st.tick == i + 1
        for seat, text in enumerate(row):
            _tick(st, seat, text)
    assert (st.gold, st.ruby) == ([10, 11, 8], [1, 1, 2])
    assert st.phase == "pick" and st.cur == 0 and st.finish_order == [0, 1] and st.lastp == 2
    _tick(st, 0, "pick RD7")
    _tick(st, 1, "pick BL3")
    assert st.phase == "fate" and st.cur == 2 and st.picks[2] == 24  # GN1
    assert legal_texts(st) == ["fate 0", "fate 1"]
    _tick(st, 2, "fate 0")
    assert st.tracks == [[8, 4, 4, 4], [4, 4, 2, 4], [4, 4, 4, 5]]
    assert st.results[0] == [10, 1, True] and st.results[1] == [11, 1, False]
    assert st.rround == 2 and st.phase == "build"


def test_KL_36_rulebook_end_scoring_ex15():
    tracks = [[14, 5, 12, 9], [10, 9, 7, 11], [6, 5, 7, 3]]  # Blue, Brown, Green
    celeb, tot, totals = race_points(tracks)
    assert celeb == [26, 26, 16] and totals == [40, 37, 21] and tot == [4, 3, 2]
    assert race_scores(tracks) == [30, 29, 18]
    st = race(n=3)
    st.tracks = tracks
    assert st.scores() == [30, 29, 18] and st.winners() == [0]


def test_KL_34_3_favour_never_below_zero_ex16():
    st = race(n=2)
    st.tracks[0] = [1, 4, 4, 4]
    st.picks[0] = 4  # RD5, value 3
    race_rules._favour(st, 0, False)
    assert st.tracks[0][0] == 0
    st.picks[0] = 2  # RD3, value 2
    race_rules._favour(st, 0, True)
    assert st.tracks[0][0] == 2


def test_KL_38_two_players_ex17():
    st = race(n=2, card="W01", display=("BK7", "GN3", "RD1"), rround=3, prio=0)
    for seat in (0, 1):
        _tick(st, seat, "tile A0")
        _tick(st, seat, "build")
    _tick(st, 0, "place U5 2 3 0")  # witness of W01: 6 gold
    _tick(st, 1, "place O4 0 2 0")
    _tick(st, 0, "done")
    _tick(st, 1, "place I3 0 1 2")
    assert st.phase == "pick" and st.cur == 0
    _tick(st, 0, "pick BK7")
    assert st.phase == "lastpick" and st.cur == 1
    assert legal_texts(st) == ["pick GN3", "pick RD1"]
    _tick(st, 1, "pick GN3")
    assert "P2 joins fate with P1" in st.events
    assert st.tracks == [[4, 8, 4, 4], [4, 4, 4, 6]]
    assert 0 in st.fav_discard and 0 not in st.picks  # RD1 (index 0) discarded unused
    # round 9
    st = race(n=2, card="W01", display=("BL8", "RD3", "GN5"), rround=9, prio=1)
    for seat in (1, 0):
        _tick(st, seat, "tile A0")
        _tick(st, seat, "build")
    _tick(st, 1, "done")  # Ben finishes first with nothing: wrong
    _tick(st, 0, "place O4 0 2 0")
    _tick(st, 1, "pick BL8")
    _tick(st, 0, "pick RD3")
    assert st.tracks == [[4, 4, 4, 4], [4, 4, 0, 4]]
    assert st.current_player == TERMINAL


def test_KL_39_children_ex18():
    st = race(n=3, card="G05", children=[2])
    st.gold, st.ruby = [17, 17, 17], [3, 3, 3]
    assert race_rules.succeeded(st, 2)
    assert not race_rules.succeeded(st, 0)
    st.gold[2], st.ruby[2] = 16, 1
    assert not race_rules.succeeded(st, 2)
    for seed in range(5):
        s2 = GAME.new_initial_state(num_players=3, seed=seed, variant="race", children=[2])
        colours = [REQ_CARDS[c].colour for c in s2.req_seen + s2.req_deck]
        assert sorted(colours) == ["grey"] * 4 + ["white"] * 5


def test_KL_36_4_ties_four_players_ex19():
    P = (8, 6, 4, 2)
    assert tie_low_points([9, 9, 5, 5], P) == [6, 6, 2, 2]
    assert tie_low_points([4, 4, 4, 4], P) == [2, 2, 2, 2]
    assert tie_low_points([7, 3, 3, 3], P) == [8, 2, 2, 2]
    assert tie_low_points([0, 12, 5, 5], P) == [2, 8, 4, 4]
    assert tie_low_points([20, 20, 18, 11], (4, 3, 2, 1)) == [3, 3, 2, 1]


def test_KL_31_4_requirement_witnesses_ex20():
    for card in REQ_CARDS:
        st = race(n=2, card=card.id)
        for f, r in card.witness_layout:
            st.apply_action(f"tile {'ABCD'[f]}{r}")
        st.apply_action("build")
        st.apply_action("tile A0")
        st.apply_action("build")
        assert st.phase == "tick"
        used = set()
        for k, o, r, c in card.witness_claims:
            st.tq, st.tpos, st.cur = [0, 1], 0, 0
            st._legal_cache = None
            text = f"place {KINDS[k].id} {o} {r} {c}"
            assert k not in used
            used.add(k)
            act(st, text)
        assert (st.gold[0], st.ruby[0]) == (card.gold, card.rubies), card.id
        assert race_rules.succeeded(st, 0)
