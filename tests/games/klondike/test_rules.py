"""Further rule tests for Klondike 1896 with values from RULES.md and components.json."""

import json
import random
import re

import pytest

from meeple.core import TERMINAL, IllegalActionError, InvalidConfigError, InvalidRecordError
from meeple.games.klondike import rules
from meeple.games.klondike.components import D2, KINDS, REQ_CARDS, SQUARE_SHAPE
from meeple.games.klondike.scoring import family_penalty, missing_zones, square_penalty, zone_path

from .test_examples import (
    GAME,
    act,
    family,
    illegal_rule,
    lay,
    legal_texts,
    race,
    to_place,
)


def play_random(st, rng, limit=100_000):
    k = 0
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
        k += 1
        assert k < limit
    return st


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("n", [2, 3, 4])
def test_KL_10_setup_numbers(n):
    st = GAME.new_initial_state(num_players=n, seed=5)
    assert st.rubies == [3] * n and st.fresh == [0] * n and st.score == [0] * n
    assert len(st.rows) == 6 and all(len(r) == n and len(set(r)) == n for r in st.rows)
    assert len(st.pool) == 100 - 6 * n and st.dominoes == 16
    assert D2 not in st.pool and all(D2 not in r for r in st.rows)
    for s in range(n):
        assert sorted(f for f, _ in st.layouts[s]) == [0, 1, 2, 3]
        assert all(0 <= r < 4 for _, r in st.layouts[s])
    assert st.phase == "auction" and st.cur == st.start


def test_KL_21_1_identical_layout_and_choose():
    st = GAME.new_initial_state(num_players=3, seed=2, layout="identical")
    assert st.layouts[0] == st.layouts[1] == st.layouts[2]
    st = GAME.new_initial_state(num_players=2, seed=2, layout="choose")
    assert st.phase == "layout" and st.cur == 0 and len(st.legal_actions()) == 16
    for t in ("tile D1", "tile C0", "tile B2"):
        st.apply_action(t)
    assert legal_texts(st) == ["tile A0", "tile A1", "tile A2", "tile A3"]
    assert illegal_rule(st, "tile D0") == "KL-10.2"
    st.apply_action("tile A3")
    assert st.cur == 1 and st.layouts[0] == [[3, 1], [2, 0], [1, 2], [0, 3]]
    for t in ("tile A0", "tile B0", "tile C0", "tile D0"):
        st.apply_action(t)
    assert st.phase == "auction"


@pytest.mark.parametrize("variant", ["family", "square"])
def test_KL_10_5_rows_never_repeat_a_kind(variant):
    """KL-10.5 / KL-17.2: on every state of 10 random games a variant (2 to 4 players), each row
    of the queue holds one claim per player, never two of the same kind and never a domino
    (D2); at most six rows; the rows dealt again mid-game (the refill) keep it too."""
    refilled = 0  # rows dealt by a refill after the set-up
    for seed in range(10):
        n = 2 + seed % 3
        st = GAME.new_initial_state(num_players=n, seed=seed, variant=variant)
        rng = random.Random(seed)
        before = len(st.rows)
        while True:
            assert len(st.rows) <= 6
            for row in st.rows:
                assert len(row) == n, (seed, st.move_number, row)
                assert len(set(row)) == n, f"seed {seed} move {st.move_number}: a kind twice in {row}"
                assert D2 not in row
            refilled += max(0, len(st.rows) - before)
            before = len(st.rows)
            if st.is_terminal():
                break
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
            assert st.move_number < 100_000
    assert refilled > 0  # the refills were seen, not only the rows of the set-up


# ------------------------------------------------------------------ auction
def test_KL_12_3_free_claim_any_bid_up_to_available():
    st = family(n=2)
    st.start, st.rubies = 0, [2, 5]
    rules.start_round(st)
    assert legal_texts(st) == ["bid 0 0", "bid 0 1", "bid 0 2", "bid 1 0", "bid 1 1", "bid 1 2"]
    st.apply_action("bid 0 2")
    assert legal_texts(st) == ["bid 0 3"] + [f"bid 1 {x}" for x in range(6)]
    st.apply_action("bid 0 3")
    assert st.cur == 0  # displaced: can only move (a raise to 4 is unaffordable)
    assert legal_texts(st) == ["bid 1 0", "bid 1 1", "bid 1 2"]
    assert illegal_rule(st, "bid 0 4") == "KL-12.6"  # the right amount (3 + 1), unaffordable
    st.apply_action("bid 1 1")
    assert st.phase == "place" and st.rubies == [1, 2]


def test_KL_12_3_wrong_amount_on_a_held_claim_is_refused_before_affordability():
    st = family(n=2)
    st.start, st.rubies = 0, [2, 5]
    rules.start_round(st)
    st.apply_action("bid 0 2")  # P1 holds slot 0 with 2; P2 (5 rubies) must bid exactly 3
    before = st.to_dict()
    with pytest.raises(IllegalActionError) as e:
        st.apply_action("bid 0 7")  # wrong amount and more than P2 has: KL-12.3 is broken first
    assert e.value.rule == "KL-12.3" and "exactly 3" in str(e.value)
    assert st.to_dict() == before
    assert illegal_rule(st, "bid 0 4") == "KL-12.3"  # wrong amount, affordable
    assert illegal_rule(st, "bid 1 7") == "KL-12.6"  # a free claim: any amount he has


def test_KL_12_4_displaced_chain_and_return():
    st = family(n=3)
    st.start, st.rubies = 1, [5, 5, 5]
    rules.start_round(st)
    st.apply_action("bid 0 0")  # seat 1
    st.apply_action("bid 0 1")  # P3 displaces P2
    assert st.cur == 1
    st.apply_action("bid 0 2")  # P2 raises, displaces P3
    assert st.cur == 2
    st.apply_action("bid 0 3")  # P3 comes back
    st.apply_action("bid 1 4")  # P2 moves, bid replaces his 2
    assert st.cur == 0  # seat 0's normal turn
    st.apply_action("bid 1 5")  # displaces seat 1
    assert st.cur == 1
    st.apply_action("bid 2 0")
    assert st.phase == "place"
    assert st.rubies == [0, 5, 2] and st.pq == [1, 2, 0]


def test_KL_16_6_finished_players_do_not_bid():
    st = family(n=3)
    st.finished = [False, True, False]
    st.rubies = [6, 9, 6]
    st.start = 1
    rules.start_supp(st)
    st._legal_cache = None
    assert st.cur == 2
    st.apply_action("sbid 4")
    assert st.cur == 0
    st.apply_action("pass")
    assert st.phase in ("splace", "end") or st.current_player == TERMINAL
    assert st.rubies == [6, 9, 2]


def test_KL_16_1_no_domino_no_auction():
    st = family(n=2)
    st.dominoes = 0
    st.start = 0
    st.won = [-1, -1]
    rules.start_supp(st)
    assert st.phase == "auction" and st.round == 2 and st.start == 1


def test_KL_15_4_ruby_supply_limit():
    st = family(n=2, ruby_supply_limit=32)
    assert st.supply == 26
    st.supply = 1
    lay(st, 0, "place O4 0 2 0")  # covers one ruby on L1
    assert st.fresh[0] == 1 and st.supply == 0
    to_place(st, 1, "O4")
    st.apply_action("place O4 0 2 0")
    assert st.fresh[1] == 0 and st.supply == 0


def test_KL_17_1_start_player_rotates_and_rows_shrink():
    st = GAME.new_initial_state(num_players=2, seed=3)
    s0 = st.start
    rng = random.Random(0)
    while st.round == 1:
        st.apply_action(rng.choice(st.legal_actions()))
    assert st.start == (s0 + 1) % 2 and len(st.rows) == 5


def test_KL_17_3_exhausted_pool_ends_game():
    st = family(n=4)
    st.pool = []
    st.rows = []
    rules.start_round(st)
    assert st.current_player == TERMINAL


def test_KL_18_game_ends_after_round_of_goal():
    st = family(n=2)
    from .test_examples import EX9

    for t, _ in EX9[:8]:
        lay(st, 0, t)
    st.start = 1
    st.won = [-1, -1]
    to_place(st, 0, "T4")
    st.pq = [0, 1]
    st.won[1] = KINDS[0].index
    st.rubies[1] = 4
    st.apply_action("place T4 1 3 22")
    assert st.finished[0] and st.cur == 1
    st.apply_action(legal_texts(st)[0])
    assert st.phase == "sauction" and st.cur == 1  # P1 may not bid (KL-16.6)
    st.apply_action("sbid 4")
    assert st.phase == "splace" and st.cur == 1
    st.apply_action(legal_texts(st)[0])
    assert st.current_player == TERMINAL and st.penalty[0] == 0


def test_KL_19_penalty_values():
    assert family_penalty(0, False) == 48
    assert family_penalty(0, True) == 0


# ------------------------------------------------------------------ square
def test_KL_21_3_square_first_claim_anywhere_and_zones():
    st = family(n=2, variant="square")
    assert st.shapes[0] is SQUARE_SHAPE
    to_place(st, 0, "O4")
    assert len(st.legal_actions()) == 121  # an O4 anywhere on 12 x 12
    st.apply_action("place O4 0 5 5")
    assert missing_zones(st.cov[0]) == [0, 1, 2, 3]
    # KL-21.3 RULING: one path from the O4 through N (0,5), W (5,0), S (11,6), E (6,11): 5+5+6+5
    assert zone_path(st.cov[0], st.cov[0]) == 21
    assert square_penalty(st.cov[0], False, st.cov[0]) == 42
    assert not st.finished[0]


def test_KL_21_3_square_task_complete():
    st = family(n=2, variant="square")
    route = [
        "place I4 1 0 5",
        "place I3 1 4 5",
        "place I4 0 6 1",
        "place I3 1 5 0",
        "place I4 1 7 1",
        "place I4 0 11 2",
        "place I4 0 11 6",
        "place I4 1 7 10",
        "place I3 1 4 11",
    ]
    for i, t in enumerate(route):
        lay(st, 0, t)
        assert st.finished[0] == (i == len(route) - 1)
    assert missing_zones(st.cov[0]) == [] and zone_path(st.cov[0], SQUARE_SHAPE.mask[st.claims[0][-1]]) == 0
    assert st.finished[0]


def _cells(*cells):
    return SQUARE_SHAPE.cell_mask(list(cells))


def test_KL_21_3_penalty_counts_one_path_from_the_last_claim():
    # the spec's example: a straight west-centre-east line of 12 cells on row 5, the last claim
    # at its east end; one route: 5 cells up to north (0,6), 11 down to south (11,6) = 16
    line = _cells(*((5, c) for c in range(12)))
    last = _cells((5, 9), (5, 10), (5, 11))
    assert missing_zones(line) == [0, 1]
    assert zone_path(line, last) == 16
    assert square_penalty(line, False, last) == 32  # the earlier ruling charged 2 x (5 + 6) = 22
    assert square_penalty(line, True, last) == 0  # a finisher loses nothing
    # the path goes on from the last claim: two I3 on row 5, cols 5-10 (centre covered); ended
    # at the east, (5,8)-(5,10): E (5,11) 1, N (0,6) 5, W (5,0) 5, S (11,5) 6 = 17; ended at
    # the centre, (5,5)-(5,7): E (5,11) 4, N (0,6) 5, W (5,0) 5, S (11,5) 6 = 20
    east, centre = _cells((5, 8), (5, 9), (5, 10)), _cells((5, 5), (5, 6), (5, 7))
    assert missing_zones(east | centre) == [0, 1, 2, 3]
    assert zone_path(east | centre, east) == 17 and zone_path(east | centre, centre) == 20
    # no claim laid: N (0,5), W (5,0), C (6,5), S (11,6), E (6,11) = 5+5+5+5 steps, plus 1 for
    # the starting cell
    assert zone_path(0, 0) == 21 and square_penalty(0, False, 0) == 42


def test_KL_21_3_end_of_game_penalty_from_the_last_claim_laid():
    st = family(n=2, variant="square")
    for t in ("place I4 0 5 0", "place I4 0 5 4", "place I4 0 5 8"):  # row 5, west to east
        lay(st, 0, t)
    for t in ("place I4 0 5 8", "place I4 0 5 4", "place I4 0 5 0"):  # the same row, east to west
        lay(st, 1, t)
    rules.end_game(st)
    # seat 0 ends at the east zone: N (0,6) 5 + S (11,6) 11; seat 1 at the west: N (0,5) 5 + 11
    assert st.penalty == [32, 32]
    st = family(n=2, variant="square")
    for t in ("place I3 0 5 5", "place I3 0 5 8"):  # centre, then east: 17 cells
        lay(st, 0, t)
    for t in ("place I3 0 5 8", "place I3 0 5 5"):  # the same cells, ending at the centre: 20
        lay(st, 1, t)
    rules.end_game(st)
    assert st.penalty == [34, 40]
    assert st.is_terminal()


# ------------------------------------------------------------------ hidden information
def test_KL_50_2_family_pool_hidden_and_resample():
    st = GAME.new_initial_state(num_players=3, seed=9)
    obs = json.dumps(st.observation(1))
    assert "pool_size" in obs and '"pool"' not in obs
    other = st.clone()
    other.pool = list(reversed(other.pool))
    assert json.dumps(other.observation(1)) == obs
    a = st.resample_hidden(1, random.Random(4))
    b = other.resample_hidden(1, random.Random(4))
    assert a.to_dict()["state"] == b.to_dict()["state"]
    assert json.dumps(a.observation(1)) == obs


def test_KL_21_2_secret_rubies():
    st = GAME.new_initial_state(num_players=3, seed=9, secret_rubies=True)
    obs = st.observation(0)
    assert obs["players"][0]["rubies"] == 3 and obs["players"][1]["rubies"] is None
    other = st.clone()
    other.rubies[2] = 7
    assert other.observation(0) == obs
    # the start rubies, covered rubies, bids and payments are public (the log names them): a
    # seat that remembers the game knows every count, so a re-sample keeps them
    rng = random.Random(1)
    while not st.is_terminal() and st.move_number < 60:
        st.apply_action(rng.choice(st.legal_actions()))
    assert any(" pays " in e for e in st.events) and any(" covers " in e for e in st.events)
    again = st.resample_hidden(0, random.Random(1))
    assert again.rubies == st.rubies and again.fresh == st.fresh
    assert again.observation(0) == st.observation(0)


def test_KL_40_1_race_boards_and_commitments_hidden():
    st = race(n=3)
    for _ in (0, 1, 2):
        st.apply_action("tile A0")
        st.apply_action("build")
    act(st, "place O4 0 2 0")  # seat 0
    st.apply_action("done")  # P2, hidden until the tick ends
    obs2 = st.observation(2)
    text = json.dumps(obs2)
    assert "O4" not in text and obs2["players"][0].get("claims") is None
    assert obs2["players"][1]["status"] == "racing"
    other = st.clone()
    other.tdone = []
    # a state differing only in hidden parts: P1 laid nothing, P2 did not say done
    other.claims[0].pop()
    other.cov[0] = 0
    other.used[0] = 0
    other.gold[0] = other.ruby[0] = 0
    assert other.observation(2) == obs2
    a = st.resample_hidden(2, random.Random(11))
    b = other.resample_hidden(2, random.Random(11))
    assert a.to_dict()["state"] == b.to_dict()["state"]
    assert a.observation(2) == obs2
    act(st, "place O4 0 2 0")  # P3 ends the tick
    assert st.observation(2)["players"][1]["status"] == "finished"


def test_KL_40_1_move_number_counts_a_secret_commitment_once():
    """A rival's commitment shows as one move whatever number of actions it took."""
    long_, short = race(n=3), race(n=3)
    for t in ("A0", "B0", "C0", "D0"):  # P1: four tiles (the 4th lays the landscape)...
        long_.apply_action(f"tile {t}")
    short.apply_action("tile A0")  # ... or one tile and 'build'
    short.apply_action("build")
    for st in (long_, short):
        for _ in (1, 2):
            st.apply_action("tile A0")
            st.apply_action("build")
    assert long_.observation(1)["move_number"] == short.observation(1)["move_number"] == 3
    for text in ("claim O4", "back", "claim O4", "place O4 0 2 0"):  # tick 1, seat 0
        long_.apply_action(text)
    short.apply_action("done")
    for st in (long_, short):
        for text in ("relayout", "tile A0", "build"):  # P2 lays a new landscape
            st.apply_action(text)
    assert long_.move_number == 15 and short.move_number == 10
    assert long_.observation(2) == short.observation(2)
    assert long_.observation(2)["move_number"] == 5
    assert long_.observation(0)["move_number"] == 5  # the seat's own count is the same


# ------------------------------------------------------------------ game 2
def test_KL_30_race_setup():
    st = GAME.new_initial_state(num_players=4, seed=1, variant="race")
    colours = sorted(REQ_CARDS[c].colour for c in st.req_seen + st.req_deck)
    assert colours == ["black"] * 3 + ["grey"] * 3 + ["white"] * 3
    assert st.tracks == [[4, 4, 4, 4]] * 4
    assert len(st.display) == 4 and len(st.fav_deck) == 28
    st2 = GAME.new_initial_state(num_players=2, seed=1, variant="race")
    assert len(st2.display) == 3
    assert st.phase == "build" and st.prio == st.s0


def test_KL_40_1_all_done_same_tick_last_is_last_player():
    st = race(n=3, prio=2)
    for _ in (2, 0, 1):
        st.apply_action("tile A0")
        st.apply_action("build")
    for seat in (2, 0, 1):
        assert st.cur == seat
        st.apply_action("done")
    assert st.finish_order == [2, 0] and st.lastp == 1 and st.cur == 2


def test_KL_40_1_tick_cap():
    st = race(n=2, tick_cap=2)
    for _ in (0, 1):
        st.apply_action("tile A0")
        st.apply_action("build")
    act(st, "place O4 0 2 0")
    act(st, "place O4 0 2 0")
    assert st.tick == 2
    st.apply_action("undo")
    assert st.gold[0] == 0 and st.claims[0] == []
    act(st, "place I3 0 1 2")
    assert st.finish_order == [0] and st.lastp == 1 and st.phase == "pick"


def test_KL_40_1_relayout_and_undo():
    st = race(n=2)
    st.apply_action("tile A0")
    st.apply_action("build")
    st.apply_action("tile B0")
    st.apply_action("tile C1")
    assert "build" in legal_texts(st)
    st.apply_action("build")
    assert st.shapes[1].cols == 12
    assert legal_texts(st)[-2:] == ["relayout", "done"]
    assert len(legal_texts(st)) == 13  # claim X for the 11 kinds, relayout, done
    st.apply_action("relayout")
    assert st.cur == 0 and len(legal_texts(st)) == 16 and st.layouts[0] == []
    st.apply_action("tile D3")
    st.apply_action("build")
    assert st.cur == 1 and st.layouts[0] == [[3, 3]]
    act(st, "place O4 0 2 0")
    act(st, "place I3 1 1 0")
    assert "relayout" not in legal_texts(st) and "undo" in legal_texts(st)
    assert illegal_rule(st, "claim O4") == "KL-31.3"  # P2 laid his O4 already
    assert illegal_rule(st, "place I3 0 4 0") == "KL-40.1"  # take the claim first
    st.apply_action("claim I3")
    texts = legal_texts(st)
    assert texts[-1] == "back" and all(t.startswith("place I3") for t in texts[:-1])
    assert illegal_rule(st, "undo") == "KL-40.1"
    assert illegal_rule(st, "relayout") == "KL-40.1"


def test_KL_30_5_priority_rotates():
    st = GAME.new_initial_state(num_players=3, seed=4, variant="race")
    seen = [st.prio]
    rng = random.Random(0)
    r = st.rround
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
        if st.rround != r and not st.is_terminal():
            r = st.rround
            seen.append(st.prio)
    assert seen == [(seen[0] + i) % 3 for i in range(9)]


def test_KL_35_favour_cards_conserved_and_reshuffled():
    st = GAME.new_initial_state(num_players=4, seed=8, variant="race")
    rng = random.Random(3)
    while not st.is_terminal():
        cards = st.fav_deck + st.fav_discard + st.display + [p for p in st.picks if p >= 0 and p not in st.fav_discard]
        assert sorted(cards) == list(range(32))
        st.apply_action(rng.choice(st.legal_actions()))
    assert st.rround == 10


def test_KL_37_race_winner_tie_break():
    st = race(n=2)
    st.tracks = [[5, 5, 0, 0], [4, 4, 1, 1]]  # 8+8+6+6 and 6+6+8+8; totals 10 = 10 -> 3 each
    assert st.scores() == [31, 31] and st.winners() == [0, 1]
    st = race(n=3)
    st.tracks = [[9, 0, 0, 0], [0, 9, 0, 0], [0, 0, 5, 5]]
    # celebrity points: 8+4+4+4=20, 4+8+4+4=20, 4+4+8+8=24; totals 9, 9, 10 -> 2, 2, 4
    assert st.scores() == [22, 22, 28]
    assert st.winners() == [0, 1, 2][2:] and st._rank_key(0) == (22, 9)
    st.tracks = [[9, 0, 0, 0], [0, 8, 0, 0], [0, 0, 5, 5]]  # totals 9, 8, 10 -> 3, 2, 4
    assert st.scores() == [23, 22, 28] and st.ranking() == [2, 0, 1]


# ------------------------------------------------------------------ config / records
def test_options_checked():
    with pytest.raises(InvalidConfigError):
        GAME.new_initial_state(num_players=2, variant="race", children=[5])
    with pytest.raises(InvalidConfigError):
        GAME.new_initial_state(num_players=2, layout="spiral")
    with pytest.raises(InvalidConfigError):
        GAME.new_initial_state(num_players=5)
    with pytest.raises(InvalidConfigError):
        GAME.new_initial_state(num_players=2, variant="game2")  # expert, family-square: the spec's names


def test_KL_39_children_are_named_by_seat_or_by_the_boards_name():
    """children=[P2] is seat 1, as the boards name players; a bad entry is refused with both forms."""
    st = GAME.new_initial_state(num_players=3, variant="race", children=["p3", 0])
    assert st.options["children"] == [0, 2]
    for bad, shown in (("P4", "'P4'"), ("P0", "'P0'"), ("x", "'x'"), (3, "3"), (True, "True")):
        with pytest.raises(
            InvalidConfigError, match=re.escape(f"children must list seats 0..2 (or P1..P3), not {shown}")
        ):
            GAME.new_initial_state(num_players=3, variant="race", children=[bad])
    with pytest.raises(InvalidConfigError, match="children lists a seat twice"):
        GAME.new_initial_state(num_players=3, variant="race", children=["P2", 1])


def test_bad_saves_rejected():
    st = GAME.new_initial_state(num_players=2, seed=1)
    d = st.to_dict()
    bad = json.loads(json.dumps(d))
    bad["state"]["claims"] = [["place O4 0 9 9"], []]
    with pytest.raises(InvalidRecordError):
        GAME.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["rubies"] = [3]
    with pytest.raises(InvalidRecordError):
        GAME.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["phase"] = "party"
    with pytest.raises(InvalidRecordError):
        GAME.state_from_dict(bad)
    # KL-12.3: in the auction a held claim's bid is at most its holder's rubies (paid at KL-13),
    # a free claim has none (a bid of 999 left a later seat without a legal action)
    st = GAME.new_initial_state(num_players=3, seed=11)
    st.apply_action("bid 0 1")
    d = json.loads(json.dumps(st.to_dict()))
    assert d["state"]["phase"] == "auction" and d["state"]["slot_holder"][0] == st.start
    assert GAME.state_from_dict(d).slot_bid == d["state"]["slot_bid"] == [1, 0, 0]
    for slot, bid, why in ((0, 999, "more than its holder P"), (1, 2, "which nobody holds")):
        bad = json.loads(json.dumps(d))
        bad["state"]["slot_bid"][slot] = bid
        with pytest.raises(InvalidRecordError, match=f"a bid of {bid} on claim {slot}, {why}"):
            GAME.state_from_dict(bad)
    # KL-12.2-12.5: the auction's counters agree; a reset normal_done gave the start player a
    # second turn though he holds a figure
    for key, value, why in (
        ("normal_done", 0, r"normal_done 0: the seats from the start player on"),
        ("cur", st.start, r"cur must be P"),
        ("fig", [-1, -1, -1], r"fig and slot_holder must point at each other"),
    ):
        bad = json.loads(json.dumps(d))
        bad["state"][key] = value
        with pytest.raises(InvalidRecordError, match=why):
            GAME.state_from_dict(bad)


def test_determinism_and_claim_conservation():
    for variant in ("family", "square"):
        a = play_random(GAME.new_initial_state(num_players=3, seed=21, variant=variant), random.Random(2))
        b = play_random(GAME.new_initial_state(num_players=3, seed=21, variant=variant), random.Random(2))
        assert a.to_dict() == b.to_dict()
        laid = sum(1 for s in range(3) for p in a.claims[s] if a.shapes[s].kind[p] != D2)
        gone = sum(1 for k in a.removed if k != D2)
        assert len(a.pool) + sum(map(len, a.rows)) + laid + gone == 100
        dom = sum(1 for s in range(3) for p in a.claims[s] if a.shapes[s].kind[p] == D2)
        assert 16 - a.dominoes == dom + a.removed.count(D2)


def test_render_shows_boards_without_leaks():
    from rich.console import Console

    from meeple.games.klondike.text import render

    st = GAME.new_initial_state(num_players=3, seed=1, variant="race")
    rng = random.Random(0)
    for _ in range(25):
        st.apply_action(rng.choice(st.legal_actions()))
    con = Console(width=100, record=True)
    con.print(render(st, 0))
    out = con.export_text()
    assert "Card" in out and "your board" in out
    st = GAME.new_initial_state(num_players=4, seed=1)
    con = Console(width=100, record=True)
    con.print(render(st, None))
    out = con.export_text()
    assert out.count(" <") == 8 and "slot 3" in out  # goal rows 2 and 3 of 4 boards


def test_KL_40_1_build_commitments_hidden():
    st = race(n=3)
    st.apply_action("tile A0")
    st.apply_action("build")  # P1 committed A0
    st.apply_action("tile C2")  # P2 is half-way
    other = race(n=3)
    other.apply_action("tile B1")
    other.apply_action("build")
    other.apply_action("tile A3")
    assert st.layouts != other.layouts
    for seat in (2,):
        assert st.observation(seat) == other.observation(seat)
        a = st.resample_hidden(seat, random.Random(5))
        b = other.resample_hidden(seat, random.Random(5))
        assert a.to_dict()["state"] == b.to_dict()["state"]


@pytest.mark.parametrize("variant", ["family", "race"])
def test_greedy_same_choice_on_resample(variant):
    from meeple.agents import make

    st = GAME.new_initial_state(num_players=3, seed=6, variant=variant)
    rng = random.Random(6)
    for step in range(120):
        if st.is_terminal():
            break
        if step % 15 == 0:
            seat = st.current_player
            re = st.resample_hidden(seat, random.Random(step))
            assert make("greedy", 3).choose(st).text == make("greedy", 3).choose(re).text
        st.apply_action(rng.choice(st.legal_actions()))


@pytest.mark.parametrize(
    "variant,opts",
    [
        ("family", {"layout": "choose", "secret_rubies": True}),
        ("square", {"ruby_supply_limit": 32}),
        ("race", {"children": [1]}),
    ],
)
def test_save_round_trip_every_step(variant, opts):
    st = GAME.new_initial_state(num_players=3, seed=12, variant=variant, **opts)
    rng = random.Random(12)
    for _ in range(300):
        if st.is_terminal():
            break
        d = json.loads(json.dumps(st.to_dict()))
        again = GAME.state_from_dict(d)
        assert again.to_dict() == st.to_dict()
        assert [a.text for a in again.legal_actions()] == [a.text for a in st.legal_actions()]
        st.apply_action(rng.choice(st.legal_actions()))


def test_KL_50_4_the_spec_variant_names_are_accepted():
    """family-square and expert (KL-50.4) name the variants square and race."""
    from meeple.core import InvalidConfigError

    assert GAME.new_initial_state(2, seed=1, variant="expert").variant == "race"
    assert GAME.new_initial_state(2, seed=1, variant="family-square").variant == "square"
    assert (
        GAME.new_initial_state(2, seed=1, variant="expert").to_dict()
        == GAME.new_initial_state(2, seed=1, variant="race").to_dict()
    )
    with pytest.raises(
        InvalidConfigError,
        match=r"variants: family, square \(also family-square\), "
        r"race \(also expert\)",
    ):
        GAME.new_initial_state(2, seed=1, variant="game2")


def test_KL_40_1_move_number_counted_on_from_the_last_count():
    """The public count is carried by clones and extended, equal to a count from scratch."""
    import copy

    st = GAME.new_initial_state(3, seed=4, variant="race")
    rng = random.Random(4)
    for _ in range(120):
        st.apply_action(rng.choice(st.legal_actions()))
        if rng.random() < 0.3:
            st.observation(0)  # counts so far, kept
        if rng.random() < 0.2:
            st = st.clone()
    fresh = GAME.state_from_dict(copy.deepcopy(st.to_dict()))  # no count kept: from scratch
    assert st.observation(1)["move_number"] == fresh.observation(1)["move_number"] < st.move_number


def test_refusals_of_a_negative_bid_and_a_race_claim_not_in_hand_name_their_rules():
    import meeple

    s = meeple.load_game("klondike").new_initial_state(num_players=3, seed=1)
    with pytest.raises(meeple.IllegalActionError) as e:
        s.apply_action("bid 1 -1")
    assert e.value.rule == "KL-12.3" and "0 or more" in str(e.value)
    s = meeple.load_game("klondike").new_initial_state(num_players=2, seed=1, variant="race")
    r = random.Random(0)
    while not (s.phase == "tick" and s.pend[s.current_player] >= 0):
        s.apply_action(r.choice(s.legal_actions()))
    held = KINDS[s.pend[s.current_player]].id
    other = next(k.id for k in KINDS if k.id != held)
    with pytest.raises(meeple.IllegalActionError) as e:
        s.apply_action(f"place {other} 0 1 1")
    assert e.value.rule == "KL-40.1" and f"you have a {held} to lay, not a {other}" in str(e.value)


def test_KL_32_edited_race_round_refused_at_load():
    """A race save whose round records disagree is refused at load (the display emptied, a
    seat marked finished that is not in finish_order, a racing seat with a favour card)."""
    st = GAME.new_initial_state(num_players=3, seed=4, variant="race")
    r = random.Random(4)
    while not st.finish_order:
        st.apply_action(r.choice(st.legal_actions()))
    d = json.loads(json.dumps(st.to_dict()))
    assert GAME.state_from_dict(d).to_dict() == st.to_dict()
    racing = next(s for s in range(3) if st.status[s] == 0)
    for key, edit, why in (
        ("display", lambda v: [], r"display: \d favour cards a round, less the \d taken, not 0"),
        (
            "status",
            lambda v: [1 if s == racing else x for s, x in enumerate(v)],
            r"the finished seats \(1\) are those of finish_order",
        ),
        (
            "picks",
            lambda v: [st.display[0] if s == racing else x for s, x in enumerate(v)],
            r"a seat still racing has taken no favour card",
        ),
    ):
        bad = json.loads(json.dumps(d))
        bad["state"][key] = edit(bad["state"][key])
        with pytest.raises(InvalidRecordError, match=why):
            GAME.state_from_dict(bad)


def test_rules_edition_2_refuses_an_edition_1_record():
    from meeple import replay

    assert GAME.rules_edition == 2 and "KL-21.3" in GAME.rules_changes[2]
    record = GAME.new_initial_state(num_players=2, seed=3, variant="square").record()
    record["rules"] = 1
    with pytest.raises(InvalidRecordError, match="edition 2: .*last claim"):
        replay(record)
