"""Further rule tests for King Solomon's Treasury with values from RULES.md."""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.games.solomon import rules
from meeple.games.solomon.actions import parse_cell
from meeple.games.solomon.heuristics import evaluate, rollout_action
from meeple.games.solomon.text import render

from .test_examples import (
    GAME,
    assert_rejected,
    height,
    holdings,
    move_texts,
    mv,
    texts,
    turn_state,
)


def play_random(s, steps, seed=0):
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_action(r.choice(s.legal_actions()))
    return s


# ---------------------------------------------------------------- config
def test_SO_15_1_option_default_and_check():
    s = GAME.new_initial_state(num_players=2, seed=0)
    assert s.options["max_moves_per_turn"] == 36
    for bad in (-1, 0):
        with pytest.raises(
            meeple.InvalidConfigError,
            match=r"option max_moves_per_turn must be at "
            rf"least 1 .*, not {bad}$",
        ):
            GAME.new_initial_state(num_players=2, seed=0, max_moves_per_turn=bad)
    assert GAME.new_initial_state(num_players=2, seed=0, max_moves_per_turn=1).max_moves == 1
    with pytest.raises(meeple.InvalidConfigError):
        GAME.new_initial_state(num_players=6, seed=0)
    with pytest.raises(meeple.InvalidConfigError):
        GAME.new_initial_state(num_players=2, seed=0, variant="expert")


def test_SO_15_1_move_cap():
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=["4 4 4 4 4 4"] * 5 + ["1 1 1 1 1 1"])
    s.max_moves = 2
    mv(s, "a2-a1")
    mv(s, "b2-b1")
    assert move_texts(s) == []
    assert_rejected(s, "c2-c1", "SO-15.1")
    s.apply_action("decline")
    assert s.coins[0] == 8


# ----------------------------------------------------------------- setup
def test_SO_3_4_cards_dealt_are_32_distinct():
    for n in (2, 3, 4, 5):
        s = GAME.new_initial_state(num_players=n, seed=n)
        cards = sorted(s.box + [c for h in s.hands for c in h])
        assert cards == list(range(1, 33))


def test_SO_4_2_card_choice_hidden_until_all_chose():
    s = GAME.new_initial_state(num_players=3, seed=4)
    c0 = s.hands[0][2]
    s.apply_action(f"play {c0}")
    obs1 = s.observation(1)
    assert obs1["players"][0]["committed"] is True
    assert obs1["players"][0]["choice"] is None
    assert s.observation(0)["players"][0]["choice"] == c0
    assert s.observation(None)["players"][0]["choice"] is None
    assert obs1["players"][0]["hand"] is None and obs1["players"][0]["hand_size"] == 7
    import io

    from rich.console import Console

    from meeple.games.solomon.text import render

    board = Console(width=160, record=True, file=io.StringIO())
    board.print(render(s, 1))
    assert "7 cards" in board.export_text()  # a count, not to be read as card 7
    s.apply_action(f"play {s.hands[1][0]}")
    s.apply_action(f"play {s.hands[2][0]}")
    assert s.observation(1)["players"][0]["choice"] == c0


def test_SO_4_2_play_card_not_in_hand_rejected():
    s = GAME.new_initial_state(num_players=2, seed=1)
    other = s.hands[1][0]
    assert_rejected(s, f"play {other}", "SO-4.2")
    assert_rejected(s, "a1-a2", "SO-4.2")


def test_SO_4_2_unknown_word_at_the_card_choice_is_not_an_action():
    s = GAME.new_initial_state(num_players=2, seed=1)
    before = s.to_dict()
    with pytest.raises(meeple.IllegalActionError) as e:
        s.apply_action("fnord")
    # what the other games say: not an action of the game (rule id ""), then what is expected
    assert e.value.rule == ""
    assert (
        str(e.value)
        == "'fnord' is not an action of Solomon; first every player secretly chooses a card: 'play N' (SO-4.2)"
    )
    assert s.to_dict() == before
    assert_rejected(s, "dig a1", "SO-4.2")  # a word of the game, at the wrong time: the rule
    s.apply_action(f"play {s.hands[0][0]}")
    s.apply_action(f"play {s.hands[1][0]}")
    with pytest.raises(
        meeple.IllegalActionError, match=r"^'fnord' is not an action of Solomon now \(legal: dig a1,b1,c1"
    ):
        s.apply_action("fnord")


# ------------------------------------------------------------------ moves
def test_SO_6_1_non_adjacent_and_empty_rejected():
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=["4 4 4 4 4 4"] * 5 + ["0 2 4 4 4 4"])
    assert_rejected(s, "a3-a1", "SO-6.1")
    assert_rejected(s, "a1-b1", "SO-6.1")
    assert "b2-a1" in move_texts(s)
    assert "b1-a1" in move_texts(s)  # level 2 -> level 1 (deeper)


def test_SO_14_1_children_upward_but_max_four():
    s = turn_state(n=2, seat=0, card=9, coins=10, variant="children", rows=["4 4 4 4 4 4"] * 5 + ["1 3 4 4 4 4"])
    assert "a1-b1" in move_texts(s)  # level 1 tile rises to level 4
    assert "b1-c1" not in move_texts(s)
    assert_rejected(s, "b1-c1", "SO-6.3")
    mv(s, "a1-b1")
    assert height(s, "a1") == 0 and height(s, "b1") == 4


def test_SO_6_7_revealed_tile_is_public():
    s = turn_state(
        n=2,
        seat=0,
        card=9,
        coins=10,
        rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"],
        stacks={"a2": ["C1", "C2", "C3", "T5"]},
    )
    obs = s.observation(1)
    assert obs["board"][parse_cell("a2")]["seen"] == ["T5"]
    assert obs["board"][parse_cell("a2")]["unseen"] == 3
    assert "C3" not in json.dumps(obs["board"][parse_cell("a2")])
    mv(s, "a2-a1")
    obs = s.observation(1)
    assert obs["board"][parse_cell("a2")]["seen"] == ["C3"]
    assert obs["board"][parse_cell("a1")]["seen"][-1] == "T5"


# ---------------------------------------------------------------- items
def test_SO_11_4_one_item_of_each_kind():
    s = turn_state(n=2, seat=0, card=3, coins=10, pub=["MI", "MI"])
    s.apply_action("use MI")
    assert "use MI" not in texts(s)
    assert_rejected(s, "use MI", "SO-11.4")


def test_SO_11_3_declaring_ends_moves_and_decline_spends_nothing():
    s = turn_state(n=2, seat=0, card=3, coins=10, pub=["PX"], rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"])
    assert "a2-a1" in move_texts(s)
    s.apply_action("use PX")
    assert move_texts(s) == []
    assert_rejected(s, "a2-a1", "SO-11.3")
    s.apply_action("decline")
    assert holdings(s, 0) == ["PX"]
    assert s.used == []
    assert s.coins[0] == 10


def test_SO_10_4_received_item_usable_later_same_round():
    s = turn_state(
        n=2,
        seat=0,
        card=1,
        coins=0,
        stacks={"a1": ["?", "?", "?", "MI"], "b1": ["?", "?", "?", "C3"], "c1": ["?", "?", "?", "S1"]},
    )
    s.apply_action("dig a1,b1,c1")
    assert s.current_player == 1
    assert "use MI" in texts(s)
    s.apply_action("use MI")
    assert s.declared == ["MI"]


def test_SO_11_7_seal_picks_and_no_decline_midway():
    s = turn_state(n=2, seat=0, card=1, coins=10, pub=["SE"])
    s.apply_action("use SE")
    assert texts(s, "dig") == []
    assert len(texts(s, "pick")) == 36
    assert_rejected(s, "dig a1,b1,c1", "SO-11.7")
    assert_rejected(s, "pick a9", "SO-2.1")  # no such cell: not a connectivity matter
    s.apply_action("pick a1")
    assert sorted(texts(s)) == ["pick a2", "pick b1", "pick b2"]
    s.apply_action("pick b2")
    s.apply_action("pick c3")
    assert holdings(s, 0) == sorted(["S3", "S3", "S3"])
    assert s.current_player == 1


# ------------------------------------------------------------- digging
def test_SO_8_1_wrong_size_rejected():
    s = turn_state(n=2, seat=0, card=9, coins=10)
    assert_rejected(s, "dig a1,b1,c1", "SO-8.1")
    assert "dig a1,b1,c1,d1" in texts(s)


def test_SO_8_2_empty_space_never_dug():
    s = turn_state(n=2, seat=0, card=1, coins=10, rows=["0 0 0 0 0 0"] * 6)
    assert texts(s) == ["decline"]
    s.apply_action("decline")
    assert s.coins[0] == 10


def test_SO_7_7_pays_coins_first_then_lowest_treasure():
    s = turn_state(
        n=2,
        seat=0,
        card=1,
        coins=1,
        pub=["T4", "T2"],
        stacks={"a1": ["?", "?", "?", "C3"], "b1": ["?", "?", "?", "C1"], "c1": ["?", "?", "?", "S2"]},
    )
    s.apply_action("dig a1,b1,c1")
    # due 4: the coin, then T2 (lowest), then T4; 1 + 2 + 4 = 7, change 3 coins
    assert s.spent == ["T2", "T4"]
    assert s.coins[0] == 3
    assert holdings(s, 0) == ["C1", "C3", "S2"]


# ----------------------------------------------------- hidden information
def _played(n=3, seed=5, rounds=3):
    """A random game stopped in the middle of a turn of round ``rounds + 1``, after a move."""
    s = GAME.new_initial_state(num_players=n, seed=seed)
    r = random.Random(seed)
    while not (s.round > rounds and s.phase == rules.TURN and s.moves):
        legal = s.legal_actions()
        if s.round > rounds and "move" in legal:
            s.apply_action("move")
            continue
        s.apply_action(r.choice(legal))
    assert not s.is_terminal()
    return s


def test_SO_13_observation_hides_hands_bottoms_and_secret_tiles():
    s = _played()
    s.sec[1] = ["T5", "C3"]
    obs = s.observation(0)
    assert obs["players"][1]["hand"] is None
    assert obs["players"][1]["secret_tiles"] is None
    assert obs["players"][1]["unknown_tiles"] == 2
    assert "box" not in obs and obs["box_size"] == len(s.box)
    for i, cell in enumerate(obs["board"]):
        assert cell["seen"] == s.stacks[i][s.hid[i] :]
        assert cell["height"] == len(s.stacks[i])


def test_SO_13_resample_keeps_observation_and_ignores_hidden_truth():
    s = _played()
    for seat in range(3):
        r = s.resample_hidden(seat, random.Random(9))
        assert json.dumps(r.observation(seat), sort_keys=True) == json.dumps(s.observation(seat), sort_keys=True)
    # a twin differing only in what seat 0 cannot see
    t = s.clone()
    a, b = next(
        (i, j)
        for i in range(36)
        for j in range(i + 1, 36)
        if t.hid[i] and t.hid[j] and t.stacks[i][0] != t.stacks[j][0]
    )
    ta, tb = t.stacks[a], t.stacks[b]  # rows are shared with s: replace them, never change them
    t.stacks[a], t.stacks[b] = [tb[0]] + ta[1:], [ta[0]] + tb[1:]
    h1 = t.hands[1]
    assert h1 and t.box
    h1[0], t.box[0] = t.box[0], h1[0]
    t.hands[1] = sorted(h1)
    t.box.sort()
    assert json.dumps(t.observation(0), sort_keys=True) == json.dumps(s.observation(0), sort_keys=True)
    assert t.to_dict() != s.to_dict()
    ra = s.resample_hidden(0, random.Random(3))
    rb = t.resample_hidden(0, random.Random(3))
    assert ra.to_dict()["state"] == rb.to_dict()["state"]


def test_SO_13_4_resample_redraws_unrevealed_choices():
    s = GAME.new_initial_state(num_players=3, seed=8)
    s.apply_action(f"play {s.hands[0][0]}")
    s.apply_action(f"play {s.hands[1][0]}")
    seen = {s.resample_hidden(2, random.Random(k)).choices[0] for k in range(30)}
    assert len(seen) > 1
    assert all(s.resample_hidden(0, random.Random(k)).choices[0] == s.choices[0] for k in range(5))


def test_SO_12_1_holdings_revealed_at_end():
    s = GAME.new_initial_state(num_players=2, seed=2)
    play_random(s, 100000, 2)
    assert s.is_terminal()
    obs = s.observation(0)
    assert obs["players"][1]["secret_tiles"] == sorted(s.sec[1])


# --------------------------------------------------------- persistence
def test_state_dict_round_trip_and_rejects_bad_input():
    s = _played()
    d = json.loads(json.dumps(s.to_dict()))
    again = GAME.state_from_dict(d)
    assert again.to_dict() == s.to_dict()
    assert again.legal_actions() == s.legal_actions()
    bad = json.loads(json.dumps(d))
    bad["state"]["stacks"][0] = ["XX"]
    with pytest.raises(meeple.InvalidRecordError):
        GAME.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["hands"][0].append(bad["state"]["hands"][1][0] if bad["state"]["hands"][1] else 99)
    with pytest.raises(meeple.InvalidRecordError):
        GAME.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    del bad["state"]["coins"]
    with pytest.raises(meeple.InvalidRecordError):
        GAME.state_from_dict(bad)


def test_determinism_same_seed_same_actions():
    a = _played(4, 11, 3)
    play_random(a, 50, 1)
    b = GAME.new_initial_state(num_players=4, seed=11)
    for t in a.history:
        b.apply_action(t)
    assert a.to_dict() == b.to_dict()
    assert meeple.replay(a.record()).to_dict() == a.to_dict()


# ------------------------------------------------------ bots and text
def test_heuristics_and_render_run():
    s = _played(3, 4, 2)
    for seat in range(3):
        assert isinstance(evaluate(s, seat), float)
    r = random.Random(1)
    a = rollout_action(s, s.legal_actions(), r)
    assert a in s.legal_actions()

    from rich.console import Console

    c = Console(width=100, record=True)
    c.print(render(s, 0))
    out = c.export_text()
    assert "cave entrance" in out and "P3" in out
    # nothing hidden of seat 1 is printed for seat 0
    s.sec[0] = []
    s.sec[1] = ["T5"]
    c = Console(width=100, record=True)
    c.print(render(s, 0))
    assert "+secret" not in c.export_text()
    c = Console(width=100, record=True)
    c.print(render(s, 1))
    assert "+secret: T5" in c.export_text()


# ------------------------------------------------- notation, wording, display (issue 4 fixes)
def test_SO_4_2_play_notation_forgiving_and_clear_refusal():
    s = GAME.new_initial_state(num_players=2, seed=0)
    hand = s.hands[0]
    c = hand[0]
    assert s.parse_action(f"PLAY {c}").text == f"play {c}"
    assert s.parse_action(f"play 0{c}").text == f"play {c}"
    assert s.parse_action(f"  play   00{c} ").text == f"play {c}"
    other = next(x for x in range(1, 33) if x not in hand)
    with pytest.raises(meeple.IllegalActionError) as e:
        s.apply_action(f"play 0{other}")
    assert e.value.rule == "SO-4.2"
    assert f"card {other} is not in your hand ({', '.join(map(str, hand))})" in str(e.value)
    split = f"{str(c)[0]}_{str(c)[1:]}" if c >= 10 else f"+{c}"  # int() reads both as {c}
    with pytest.raises(meeple.IllegalActionError, match="play needs one card number from your hand"):
        s.apply_action(f"play {split}")
    assert s.move_number == 0


def test_SO_8_2_dig_cells_any_order_and_spacing():
    # card 24 = a1,b1,a2,b2 square plus c3 (the listed notation is row by row)
    s = turn_state(n=2, seat=0, card=24, coins=10)
    assert "dig a1,b1,a2,b2,c3" in texts(s, "dig")
    for typed in ("dig b2,a1,a2,b1,c3", "dig a1, b1, a2, b2, c3", "DIG c3 b2 a2 b1 a1", "dig  A1 ,B1,a2 , b2,c3"):
        assert s.parse_action(typed).text == "dig a1,b1,a2,b2,c3"
    assert_rejected(s, "dig a1,b1,a2,b2,c2", "SO-8.2")  # not the card's shape
    assert_rejected(s, "dig a1,a1,a2,b2,c3", "SO-8.1")  # a cell twice: 4 cells


def test_SO_5_move_typed_at_the_first_choice_explained():
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"])
    with pytest.raises(meeple.IllegalActionError) as e:
        s.apply_action("a2-a1")
    assert e.value.rule == "SO-5"
    assert "type 'move' first, then 'a2-a1'" in str(e.value)
    assert_rejected(s, "a2-a1", "SO-5")
    assert s.parse_action("move").kind == "gate"


def test_SO_6_1_two_moves_typed_as_one_explained():
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=["4 4 4 4 4 4"] * 4 + ["3 4 4 4 4 4"] * 2)
    for typed in ("b3-a2 a2-a1", "move b3-a2 a2-a1"):
        with pytest.raises(meeple.IllegalActionError) as e:
            s.apply_action(typed)
        assert e.value.rule == "SO-6.1" and "one move at a time" in str(e.value), typed
        assert_rejected(s, typed, "SO-6.1")
    s.apply_action("move")
    assert_rejected(s, "b3-a2 a2-a1", "SO-6.1")
    assert s.moves == 0 and s.moving


def test_SO_6_5_back_from_move_costs_nothing():
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"])
    before = s.stacks
    s.apply_action("move")
    assert "back" in texts(s) and "a2-a1" in texts(s)
    s.apply_action("back")
    assert s.moving is False and s.moves == 0 and s.backs == 1
    assert s.stacks == before
    assert "move" in texts(s) and "decline" in texts(s)
    assert_rejected(s, "back", "SO-5")  # nothing to go back from
    s.apply_action("decline")
    assert s.coins[0] == 10  # no move made, nothing paid
    assert s.backs == 0  # reset for the next turn


def test_SO_15_1_back_is_bounded():
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"])
    s.max_moves = 1
    s.apply_action("move")
    s.apply_action("back")
    s.apply_action("move")
    assert "back" not in texts(s)  # at most max_moves backs a turn
    assert_rejected(s, "back", "SO-15.1")
    s.apply_action("a2-a1")
    assert s.moves == 1


def test_SO_8_6_decline_with_words_explained():
    s = turn_state(n=2, seat=0, card=9, coins=10)
    with pytest.raises(meeple.IllegalActionError) as e:
        s.apply_action("decline please")
    assert e.value.rule == "SO-8.6"
    assert "takes nothing after it" in str(e.value)


def test_seat_names_match_the_board():
    s = GAME.new_initial_state(num_players=5, seed=1)
    assert [s.seat_name(p) for p in range(5)] == ["P1", "P2", "P3", "P4", "P5"]
    s.apply_action(f"play {s.hands[0][0]}")
    assert s.events[-1] == "P1 chooses a card"


def test_SO_7_4_payment_wording_with_change():
    s = turn_state(
        n=2,
        seat=0,
        card=1,
        coins=1,
        pub=["T4", "T2"],
        stacks={"a1": ["?", "?", "?", "C3"], "b1": ["?", "?", "?", "C1"], "c1": ["?", "?", "?", "S2"]},
    )
    s.apply_action("dig a1,b1,c1")
    assert "P1 pays 4 (1 coin + T2 T4 worth 6, 3 coins change)" in s.events
    s2 = turn_state(
        n=2,
        seat=0,
        card=1,
        coins=10,
        stacks={"a1": ["?", "?", "?", "C1"], "b1": ["?", "?", "?", "T1"], "c1": ["?", "?", "?", "S2"]},
    )
    s2.apply_action("dig a1,b1,c1")
    assert "P1 pays 1 (1 coin)" in s2.events


def test_SO_10_6_gift_logged_without_the_tile():
    s = turn_state(n=3, seat=0, card=9, coins=0, pub=["S4"], rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"])
    mv(s, "a2-a1")
    s.apply_action("decline")  # owes 1, has 0: SO-10.5
    assert s.phase == rules.GIVE_PHASE
    s.apply_action("give S4")
    assert s.events[-1] == "P1 gives a tile of his choice to P2 (only the two of them know which)"
    assert "S4" not in " ".join(s.events)


def test_SO_12_final_breakdown_logged():
    s = turn_state(n=2, seat=0, card=1, coins=5, pub=["T3", "S1", "S2", "S3", "S4", "C2", "MI"])
    s.coins[1] = 7
    s.pub[1] = ["C1", "T5"]
    s.item_count = [1, 0]
    s.hands = [[], []]
    s.tidx = 1  # seat 1 plays the game's last turn
    s.apply_action("decline")
    assert s.is_terminal()
    assert s.events[-3:] == [
        "final P1: 8 coins+treasures + 10 scrolls (1 set) + 24 curse bonus (2 in curses) + 16 item bonus (1 item) = 58",
        "final P2: 12 coins+treasures + 0 scrolls (0 sets) + 12 curse bonus (1 in curses)"
        " + 0 item bonus (0 items) = 24",
        "winner: P1 with 58",
    ]
    assert s.scores() == [58, 24]


def test_SO_14_1_allow_upward_moves_option():
    rows = ["4 4 4 4 4 4"] * 5 + ["1 3 4 4 4 4"]
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=rows)
    assert s.options["allow_upward_moves"] is False
    assert "a1-b1" not in move_texts(s)
    assert_rejected(s, "a1-b1", "SO-6.2")
    g = GAME.new_initial_state(num_players=2, seed=0, allow_upward_moves=True)
    assert g.variant == "standard" and g.upward is True
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=rows)
    s.options = dict(s.options, allow_upward_moves=True)
    s._set_options()
    s._legal_cache = None
    assert "a1-b1" in move_texts(s)  # level 1 rises to level 4
    assert_rejected(s, "b1-c1", "SO-6.3")  # stacks still at most 4
    mv(s, "a1-b1")
    assert height(s, "a1") == 0 and height(s, "b1") == 4
    c = GAME.new_initial_state(num_players=2, seed=0, variant="children")
    assert c.upward is True and c.options["allow_upward_moves"] is False


def test_card_shapes_drawn_in_the_hand():

    from rich.console import Console

    from meeple.games.solomon.text import card_lines

    assert card_lines(7) == ["#.#", ".#.", " v "]  # chevron, point to the entrance
    assert card_lines(29) == [".#.", ".#.", "###", ".#.", " v "]
    assert card_lines(1) == ["###", " v "]
    s = GAME.new_initial_state(num_players=2, seed=3)
    mine = Console(width=100, record=True)
    mine.print(render(s, 0))
    out = mine.export_text()
    assert "your cards" in out and " v " in out
    assert " ".join(map(str, s.hands[0])) in out
    spectator = Console(width=100, record=True)
    spectator.print(render(s, None))
    assert "your cards" not in spectator.export_text()
    assert all(len(line) <= 100 for line in out.splitlines())


def test_hand_title_stays_on_one_line_with_a_small_hand():
    from rich.console import Console

    from meeple.games.solomon.text import HAND_TITLE

    s = GAME.new_initial_state(num_players=2, seed=3)
    s.hands[0] = s.hands[0][:1]  # the last round: one card left
    con = Console(width=100, record=True)
    con.print(render(s, 0))
    lines = con.export_text().splitlines()
    title = [line for line in lines if "your cards" in line]
    assert len(title) == 1 and title[0].strip() == HAND_TITLE
    at = lines.index(title[0])
    assert lines[at + 1].strip() == str(s.hands[0][0])  # the card's number right under it


def test_rules_help_wrapped():
    lines = GAME.rules_help.splitlines()
    assert max(len(x) for x in lines) <= 78
    assert "allow_upward_moves" in GAME.rules_help and "'back'" in GAME.rules_help


def test_rollout_after_moves_ends_in_a_dig():
    # every top tile a curse: a dig is worth less than nothing, but after a move the
    # playout policy still digs (the move must not have been paid for nothing)
    s = turn_state(n=2, seat=0, card=1, coins=10, rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"], fill="C1")
    assert rollout_action(s, s.legal_actions(), random.Random(0)).text == "decline"
    mv(s, "a2-a1")
    a = rollout_action(s, s.legal_actions(), random.Random(0))
    assert a.kind == "dig"


def test_SO_10_6_a_bystander_cannot_tell_which_kind_of_tile_was_given():
    """Giving a known tile or an unknown one looks the same to the others: the giver's tiles
    all become unknown either way (before, giving the unknown one kept the known ones known)."""
    seen = {}
    for gift in ("S4", "C2"):
        s = turn_state(
            n=4, seat=0, card=9, coins=0, pub=["S4", "C1"], sec=["C2"], rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"]
        )
        mv(s, "a2-a1")
        s.apply_action("decline")  # owes 1, has 0: SO-10.5
        s.apply_action(f"give {gift}")
        seen[gift] = s.observation(2)
        assert seen[gift]["players"][0]["known_tiles"] == [] and seen[gift]["players"][0]["unknown_tiles"] == 2
        assert sorted(s.pub[0] + s.sec[0]) == sorted({"S4", "C1", "C2"} - {gift})
    assert seen["S4"] == seen["C2"]


def test_SO_10_6_giver_and_recipient_told_privately():
    s = turn_state(n=3, seat=0, card=9, coins=0, pub=["S4"], rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"])
    mv(s, "a2-a1")
    s.apply_action("decline")
    assert s.is_secret_decision()  # SO-10.6: the gift is secret
    s.apply_action("give S4")
    assert s.observation(0)["notes"] == ["you could not pay 1: your wealth was 0", "you gave S4 to P2"]
    assert s.observation(1)["notes"] == ["P1 gave you S4"]
    assert s.observation(2)["notes"] == [] and s.observation(None)["notes"] == []
    r = s.resample_hidden(2, random.Random(1))
    assert r.notes[0] == [] and r.notes[1] == []
    assert r.observation(2) == s.observation(2)
    d = json.loads(json.dumps(s.to_dict()))
    assert GAME.state_from_dict(d).notes == s.notes


def test_the_action_list_warns_of_moves_beyond_the_wealth_SO_7_SO_10():
    """meeple play's list: a move the seat could no longer pay for, and a decline it cannot
    pay, are marked; the footnote gives the turn's cost so far against the wealth."""
    from meeple.games.solomon import text

    s = meeple.load_game("solomon").new_initial_state(num_players=2, seed=14)
    r = random.Random(1)
    while not (s.phase == "turn" and any(a.kind == "move" for a in s.legal_actions())):
        s.apply_action(r.choice(s.legal_actions()))
    p = s.current_player
    s.coins[p], s.pub[p], s.sec[p] = 1, [], []  # wealth 1
    s._legal_cache = None
    assert text.action_notes(s, s.legal_actions()) == ([""] * len(s.legal_actions()), "")
    for expected in (2, 3):
        s.apply_action([a for a in s.legal_actions() if a.kind == "move"][0])
        notes, foot = text.action_notes(s, s.legal_actions())
        marked = {a.text: x for a, x in zip(s.legal_actions(), notes) if x}
        assert marked["move"] == f"you cannot pay for it: {expected} moves, wealth 1 (SO-10)"
        assert foot.startswith(f"This turn owes {expected - 1} for moves so far")
        if expected == 3:
            assert marked["decline"].startswith("you cannot pay 2: wealth 1")
        else:
            assert "decline" not in marked
        s.apply_action("move")


def test_a_give_without_its_tile_says_how_to_write_it_SO_10_3():
    from meeple.games.solomon.components import TREASURE

    s = meeple.load_game("solomon").new_initial_state(num_players=2, seed=14)
    r = random.Random(1)
    while not (s.phase == "turn" and any(a.kind == "move" for a in s.legal_actions())):
        s.apply_action(r.choice(s.legal_actions()))
    p = s.current_player
    t1 = min(k for k, v in TREASURE.items() if v == 1)
    s.coins[p], s.pub[p], s.sec[p] = 0, [t1], []  # wealth 1
    s._legal_cache = None
    s.apply_action([a for a in s.legal_actions() if a.kind == "move"][0])
    s.apply_action("move")
    s.apply_action([a for a in s.legal_actions() if a.kind == "move"][0])
    s.apply_action("decline")  # owes 2: SO-10.5, one tile to the rival
    assert [a.text for a in s.legal_actions()] == [f"give {t1}"]
    for text, words in (("give", "write the tile to give, e.g. 'give T2'"), ("give X9", "you hold no such tile")):
        with pytest.raises(meeple.IllegalActionError) as e:
            s.apply_action(text)
        assert e.value.rule == "SO-10.3" and words in str(e.value) and f"give {t1}" in str(e.value)


# ------------------------------------------- origins of the unknown tiles (SO-10.6, SO-13)
def _random_until(n, seed, text):
    """Random play from a fixed deal until an event containing ``text`` is logged."""
    s = GAME.new_initial_state(num_players=n, seed=seed)
    r = random.Random(seed)
    while not any(text in e for e in s.events[-3:]):
        s.apply_action(r.choice(s.legal_actions()))
    return s


def _bottoms(s):
    return sorted(t for i in range(36) for t in s.stacks[i][: s.hid[i]])


def test_SO_10_6_resample_deals_dealt_tiles_only_among_their_places():
    """P1 dug C3 C2 C3 and could not pay: one went to each opponent, one was removed unseen.
    P2 knows its C3; to P2 the other two are P3's tile and the removed one, in either order,
    never a tile from the unseen stack bottoms."""
    s = _random_until(3, 181, "dug tiles are dealt")
    assert s.events[-3:] == [
        "P1 digs e4,d5,e5: C3 C2 C3",
        "P1 cannot pay 8",
        "P1's 3 dug tiles are dealt: 1 to each opponent, 1 removed unseen",
    ]
    assert (s.sec, s.removed) == ([[], ["C3"], ["C3"]], ["C2"])
    seen = set()
    for k in range(40):
        r = s.resample_hidden(1, random.Random(k))
        assert r.sec[1] == ["C3"] and r.sec[0] == []
        assert sorted(r.sec[2] + r.removed) == ["C2", "C3"]
        assert _bottoms(r) == _bottoms(s)
        seen.add((tuple(r.sec[2]), tuple(r.removed)))
        r0 = s.resample_hidden(0, random.Random(k))  # P1 saw all three dug
        assert sorted(r0.sec[1] + r0.sec[2] + r0.removed) == ["C2", "C3", "C3"]
    assert seen == {(("C3",), ("C2",)), (("C2",), ("C3",))}


def test_SO_10_3_two_players_the_failing_player_knows_what_his_rival_received():
    s = _random_until(2, 66, "dug tiles are dealt")
    assert s.events[-3] == "P1 digs b3,a4,b4,c4,b5: C1 S3 S1 S2 C2"
    assert sorted(s.sec[1]) == ["C1", "C2", "S1", "S2", "S3"]
    for k in range(20):
        r = s.resample_hidden(0, random.Random(k))
        assert r.sec[1] == ["C1", "C2", "S1", "S2", "S3"]
        assert _bottoms(r) == _bottoms(s)


def test_SO_10_5_gifts_of_choice_stay_among_the_givers_holdings():
    """P1 (S4, C1 known, C2 unknown) cannot pay and gives S4 to P2 and C1 to P3. P1 knows
    where each went; P2 knows its S4, and that P1 and P3 hold C1 and C2 between them."""
    s = turn_state(
        n=3, seat=0, card=9, coins=0, pub=["S4", "C1"], sec=["C2"], rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"]
    )
    mv(s, "a2-a1")
    s.apply_action("decline")
    s.apply_action("give S4")
    s.apply_action("give C1")
    assert s.sec == [["C2"], ["S4"], ["C1"]] and s.pub == [[], [], []]
    for k in range(20):
        assert s.resample_hidden(0, random.Random(k)).sec == [["C2"], ["S4"], ["C1"]]
    two = {tuple(map(tuple, s.resample_hidden(1, random.Random(k)).sec)) for k in range(30)}
    assert two == {(("C2",), ("S4",), ("C1",)), (("C1",), ("S4",), ("C2",))}
    three = {tuple(map(tuple, s.resample_hidden(2, random.Random(k)).sec)) for k in range(30)}
    assert three == {(("C2",), ("S4",), ("C1",)), (("S4",), ("C2",), ("C1",))}


def test_SO_13_resample_of_a_resample_is_the_same_guess():
    """Two states P2 cannot tell apart give the same re-sample (what it knows of each
    origin group, not which tile truly lies where, decides it)."""
    s = _random_until(3, 181, "dug tiles are dealt")
    t = s.resample_hidden(1, random.Random(5))
    for k in range(10):
        a = s.resample_hidden(1, random.Random(k)).to_dict()["state"]
        b = t.resample_hidden(1, random.Random(k)).to_dict()["state"]
        assert a == b


def test_SO_10_6_a_gift_after_a_deal_keeps_the_deal_apart():
    """P1 digs C1 C1 C3 and cannot pay: P2 and P3 get one each, one is removed unseen. Then
    P3 cannot pay and gives P1 and P2 a tile each of his choice (SO-10.5). To P2 the removed
    tile is still one of the deal's (C1 or C3), never one of P3's own known tiles."""
    s = turn_state(
        n=3,
        seat=0,
        card=1,
        coins=0,
        stacks={"a1": ["?", "?", "?", "C1"], "b1": ["?", "?", "?", "C1"], "c1": ["?", "?", "?", "C3"]},
    )
    s.pub[2], s.coins[2] = ["S1", "S2"], 0
    s.apply_action("dig a1,b1,c1")  # cannot pay 5: one each, one removed
    assert s.events[-1] == "P1's 3 dug tiles are dealt: 1 to each opponent, 1 removed unseen"
    s.apply_action("decline")  # P2: no moves, nothing to pay
    assert s.current_player == 2
    s.apply_action("move")
    s.apply_action(next(a for a in s.legal_actions() if a.kind == "move"))
    s.apply_action("decline")  # P3 owes 1, has nothing to pay with
    while s.phase == "give":
        s.apply_action(next(a for a in s.legal_actions() if a.text != "give S1"))
    assert s.hidden_log[-1][0] == "give" and len(s.removed) == 1
    dealt = sorted(s.hidden_log[0][2][1] + s.hidden_log[0][2][2] + s.hidden_log[0][3])
    assert dealt == ["C1", "C1", "C3"]
    for seat in range(3):
        for k in range(30):
            r = s.resample_hidden(seat, random.Random(k))
            assert r.removed[0] in ("C1", "C3"), (seat, k, r.removed)
            assert r.sec[seat] == sorted(s.sec[seat])
            assert sorted(r.sec[0] + r.sec[1] + r.sec[2] + r.removed) == sorted(
                s.sec[0] + s.sec[1] + s.sec[2] + s.removed
            )


def _failing_game(n, seed, moves=0.7):
    """Random play that prefers tile moves, so that seats often cannot pay (SO-10)."""
    s = GAME.new_initial_state(num_players=n, seed=seed)
    r = random.Random(seed)
    while not s.is_terminal():
        acts = s.legal_actions()
        pick = [a for a in acts if a.kind in ("gate", "move")] if r.random() < moves else []
        s.apply_action(r.choice(pick or acts))
        yield s


def test_SO_13_resample_tells_nothing_the_seat_does_not_know():
    """From a state S and a world W that seat q cannot tell from S (a re-sample of S for q),
    the same action leads to states whose re-samples for q are the same; S's hidden log
    plays back to S's unknown tiles; saves round-trip. Over games with many failures to pay."""
    checked = 0
    for n, seed in ((3, 10), (3, 17), (4, 3), (2, 5)):
        for s in _failing_game(n, seed):
            if not s.hidden_log or s.is_terminal() or s.phase == "over":
                continue
            q = (s.move_number * 7) % n
            w = s.resample_hidden(q, random.Random(s.move_number))
            if s.move_number % 5 == 0:  # the copy's log is the history it drew: it loads, and
                held, removed = w._replay_hidden(None, None)  # plays back to the copy's tiles
                assert [sorted(h) for h in held] == w.sec and sorted(removed) == w.removed
                GAME.state_from_dict(json.loads(json.dumps(w.to_dict())))
                other = w.resample_hidden((q + 1) % n, random.Random(1))
                assert sorted(sum(other.sec, []) + other.removed) == sorted(sum(s.sec, []) + s.removed)
            acts = [a.text for a in s.legal_actions()]
            if q != s.current_player or not acts:
                continue
            a = acts[s.move_number % len(acts)]
            s2, w2 = s.clone(), w.clone()
            s2.apply_action(a)
            w2.apply_action(a)
            if s2.events[-3:] != w2.events[-3:] or s2.observation(q) != w2.observation(q):
                continue  # chance told them apart (a deal's shuffle is drawn afresh)
            if s2.is_terminal():
                continue
            for k in range(3):
                x = s2.resample_hidden(q, random.Random(k)).to_dict()["state"]
                y = w2.resample_hidden(q, random.Random(k)).to_dict()["state"]
                assert x == y, (n, seed, s.move_number, a)
            checked += 1
    assert checked > 20
    for n, seed in ((3, 10), (4, 3)):
        for s in _failing_game(n, seed):
            held, removed = s._replay_hidden(None, None)
            assert [sorted(h) for h in held] == [sorted(x) for x in s.sec] and sorted(removed) == sorted(s.removed)
            if s.hidden_log and s.move_number % 11 == 0:
                again = GAME.state_from_dict(json.loads(json.dumps(s.to_dict())))
                assert again.hidden_log == s.hidden_log


def test_SO_13_hidden_log_saved_checked_and_optional():
    s = _random_until(3, 181, "dug tiles are dealt")
    d = json.loads(json.dumps(s.to_dict()))
    assert d["state"]["hidden_log"] == [["deal", 0, [[], ["C3"], ["C3"]], ["C2"]]]
    assert GAME.state_from_dict(d).hidden_log == s.hidden_log
    old = json.loads(json.dumps(d))  # a save from before the log
    del old["state"]["hidden_log"]
    o = GAME.state_from_dict(old)
    assert o.hidden_log == [["deal", -1, [[], ["C3"], ["C3"]], ["C2"]]]
    r = o.resample_hidden(1, random.Random(0))
    assert r.sec[1] == ["C3"] and sorted(r.sec[2] + r.removed) == ["C2", "C3"]
    for value, why in (
        ([["deal", 0, [[], ["C3"], ["C2"]], ["C3"]]], "does not lead to the unknown tiles"),
        ([["deal", 0, [[], ["C3"]], ["C2"]]], "the tiles each seat received"),
        ([["steal", 0]], "is not a deal, give or take event"),
        ([["take", 7, "C3"]], "seat 7 is not a seat"),
        ([["deal", 0, [[], ["XX"], ["C3"]], ["C2"]]], "unknown tile code"),
    ):
        bad = json.loads(json.dumps(d))
        bad["state"]["hidden_log"] = value
        with pytest.raises(meeple.InvalidRecordError, match=why):
            GAME.state_from_dict(bad)


def test_SO_4_edited_round_refused_at_load():
    """Edits that contradict the round (SO-4) are refused at load, not left to fail later:
    choices swapped after the reveal, a card moved between hands, a card taken off the
    discard, a chosen card undone in the choose phase."""
    s = _played()
    assert s.phase == "turn" and s.tidx >= 0
    d = json.loads(json.dumps(s.to_dict()))
    assert GAME.state_from_dict(d).to_dict() == s.to_dict()

    def refused(edit, match):
        bad = json.loads(json.dumps(d))
        edit(bad["state"])
        with pytest.raises(meeple.InvalidRecordError, match=match):
            GAME.state_from_dict(bad)

    def swap_choices(st):
        a, b = st["order"][0], st["order"][-1]
        st["choices"][a], st["choices"][b] = st["choices"][b], st["choices"][a]

    refused(swap_choices, r"turn order must follow the card numbers chosen \(SO-4.3\)")

    def move_card(st):
        st["hands"][1].append(st["hands"][0].pop())

    refused(move_card, r"seat 0 holds .* cards, not .*\(SO-3.4\)")

    def unplay(st):
        st["box"].append(st["discard"].pop(0))

    refused(unplay, r"cards played, not .*\(SO-4.4\)")

    c = GAME.new_initial_state(num_players=3, seed=8)
    c.apply_action(f"play {c.hands[0][0]}")
    e = json.loads(json.dumps(c.to_dict()))
    e["state"]["hands"][0].append(e["state"]["choices"][0])
    e["state"]["choices"][0] = 0
    with pytest.raises(meeple.InvalidRecordError, match=r"before the chooser have chosen"):
        GAME.state_from_dict(e)


def test_SO_11_3_an_item_declared_from_unknown_tiles_becomes_known():
    """P2 received MI face down (SO-10.3) and declares it: the table has seen it, so it is a
    known tile until spent, and no re-sample for P1 takes it away before the dig (a re-sample
    without it could not play the dig)."""
    s = turn_state(
        n=2,
        seat=0,
        card=1,
        coins=0,
        stacks={"a1": ["?", "?", "?", "MI"], "b1": ["?", "?", "?", "C3"], "c1": ["?", "?", "?", "S1"]},
    )
    s.apply_action("dig a1,b1,c1")  # P1 cannot pay 3: all to P2
    assert "MI" in s.sec[1] and s.current_player == 1
    s.apply_action("use MI")
    assert "MI" in s.pub[1] and "MI" not in s.sec[1] and len(s.sec[1]) == 2
    assert s.hidden_log[-1] == ["take", 1, "MI"]
    for k in range(20):
        r = s.resample_hidden(0, random.Random(k))
        assert r.pub[1] == ["MI"] and r.declared == ["MI"]
        dig = next(a for a in r.legal_actions() if a.kind == "dig")
        r.apply_action(dig)
        assert "MI" in r.used


def test_SO_11_3_an_older_save_with_a_declared_unknown_item_loads_with_it_known():
    """Saves made before declared items became known tiles hold one among the unknown tiles
    (and no hidden_log): it is moved to the known ones at load, so no re-sample can take it
    away before the dig; a declared item the seat does not hold is refused."""
    s = turn_state(
        n=2,
        seat=0,
        card=1,
        coins=0,
        stacks={"a1": ["?", "?", "?", "MI"], "b1": ["?", "?", "?", "C3"], "c1": ["?", "?", "?", "S1"]},
    )
    s.apply_action("dig a1,b1,c1")
    s.apply_action("use MI")
    d = json.loads(json.dumps(s.to_dict()))
    old = json.loads(json.dumps(d))
    del old["state"]["hidden_log"]
    old["state"]["pub"][1].remove("MI")
    old["state"]["sec"][1].append("MI")
    o = GAME.state_from_dict(old)
    assert "MI" in o.pub[1] and "MI" not in o.sec[1]
    for k in range(10):
        r = o.resample_hidden(0, random.Random(k))
        r.apply_action(next(a for a in r.legal_actions() if a.kind == "dig"))
    bad = json.loads(json.dumps(d))
    bad["state"]["pub"][1].remove("MI")
    bad["state"]["sec"][1].append("MI")  # a new save: the log says MI was taken
    with pytest.raises(meeple.InvalidRecordError, match="declared item MI is not among the known tiles"):
        GAME.state_from_dict(bad)


def test_SO_13_token_draws_fit_every_later_payment():
    """Where whole draws seldom fit (many failures to pay, 4-5 players), a re-sample draws
    with tokens: each result keeps the seat's own tiles and all tile counts, and the history
    it drew plays back to it (so every payment and gift in it was possible)."""
    ok = 0
    for n, seed in ((5, 3), (4, 7), (5, 8)):
        for s in _failing_game(n, seed):
            if not s.hidden_log or s.phase == "over" or s.move_number % 4:
                continue
            q = s.move_number % n
            drawn = []
            held, removed = s._replay_tokens(q, random.Random(s.move_number), drawn)
            if held is None:
                continue
            ok += 1
            assert sorted(held[q]) == sorted(s.sec[q])
            assert sorted(sum(held, []) + removed) == sorted(sum(s.sec, []) + s.removed)
            w = s.clone()
            w.hidden_log = drawn
            back, gone = w._replay_hidden(None, None)
            assert [sorted(h) for h in back] == [sorted(h) for h in held] and sorted(gone) == sorted(removed)
    assert ok > 30


@pytest.mark.parametrize("coins, ok", [([-5, 10], False), ([10**30, 10], False), ([155, 10], False), ([154, 0], True)])
def test_SO_7_4_coins_out_of_range_refused_at_load(coins, ok):
    """Coins come from the 10 dealt (2 players, SO-3.3) and from change (SO-7.4), which never
    adds wealth: 0..10 + 144 (all treasures' printed value). A hand-edited save outside that
    is refused at load, not scored as 10**30 at the end."""
    s = GAME.new_initial_state(num_players=2, seed=5)
    d = json.loads(json.dumps(s.to_dict()))
    d["state"]["coins"] = coins
    if ok:
        assert GAME.state_from_dict(d).coins == coins
    else:
        with pytest.raises(meeple.InvalidRecordError, match=r"coins must hold values 0\.\.154"):
            GAME.state_from_dict(d)
