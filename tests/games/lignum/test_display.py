"""What a person sees of Lignum in the terminal: loan notes on the listed actions (LG-8.3.1),
the market options, the refusal of 'area N' outside its choice, and the clearing order."""

import io
import random
import re

import pytest
from rich.console import Console
from rich.text import Text

import meeple
from meeple import IllegalActionError
from meeple.games.lignum.rules import flow, rounds
from meeple.games.lignum.text import action_notes, render

from .test_examples import H, J, N, discs, empty_players, goto, legal, new, pieces, play, start_travel


def notes_of(s):
    acts = s.legal_actions()
    notes, footnote = action_notes(s, acts)
    return {a.text: n for a, n in zip(acts, notes) if n}, footnote


def board(s, seat):
    c = Console(width=100, record=True, file=io.StringIO())
    c.print(render(s, seat))
    return c.export_text()


# ------------------------------------------------------------------ 1. loans shown before choosing
def test_LG_8_3_1_loan_notes_at_zero_dollars():
    s = new(2)
    empty_players(s, money=0)
    s.area = [1, 2]
    s.areas_wood[0] = discs("FW FW SW")
    start_travel(s, [N, H])
    notes, footnote = notes_of(s)
    assert notes == {
        "go 6": "takes a loan: $1 short",  # fodder: $1 paid on entering
        "go 4": "buying there takes a loan: $1 short",  # a carrier must be bought (LG-8.2.4)
        "go 10": "buying there takes a loan: $1 short",
        "go 19": "buying there takes a loan: $1 short",  # nothing to sell
    }
    assert "$7 for one loan, $16 for two" in footnote and "LG-21.3" in footnote
    # the notation is unchanged: 'go 6' is still typed as 'go 6', and it does take the loan
    assert "go 6" in legal(s)
    play(s, "go 6")
    assert s.loans[N] == 1 and s.money[N] == 3 and s.fodder3[N] == 1
    assert s.events[-2:] == ["P2 takes loan 1 (+$4)", "P2 buys a fodder for $1"]


def test_LG_8_3_1_loan_notes_for_workers_second_loan_and_two_loans():
    s = new(2)
    empty_players(s, money=1)
    s.area = [1, 2]
    s.areas_wood[0] = discs("FW FW FW SW SW HW")
    start_travel(s, [H, N])
    play(s, "go 10")
    notes, _ = notes_of(s)
    assert "cutters 1" not in notes  # $1 in cash pays one
    assert notes["cutters 2"] == "takes a loan: $1 short"
    assert notes["cutters 3"] == "takes a loan: $2 short"
    assert notes["cutters 6"] == "takes 2 loans: $5 short"  # $1 + $4 < $6: a second loan
    assert "loan" not in notes
    # with one loan held, the next one is loan 2 and the footnote says so
    s.loans[H] = 1
    s.money[H] = 0
    s._legal_cache = None
    notes, footnote = notes_of(s)
    assert notes["cutters 1"] == "takes loan 2: $1 short" and "you hold 1 already" in footnote


def test_LG_8_3_1_loan_notes_at_the_market_and_none_when_selling_is_possible():
    s = new(2)
    empty_players(s, money=0)
    s.products[H] = [2, 0, 0, 0, 0]  # two stakes: a sale pays, no loan due
    start_travel(s, [H, N])
    assert "go 19" not in notes_of(s)[0]
    play(s, "go 19")
    notes, _ = notes_of(s)
    assert notes == {
        "buy saw": "$1 for a saw; takes a loan: $1 short",
        "buy food": "$1 for a food cube; takes a loan: $1 short",
        "sell 2stake": "+$2 for 2 tokens",
    }
    play(s, "sell 2stake")
    assert notes_of(s) == ({"buy saw": "$1 for a saw", "buy food": "$1 for a food cube"}, "")  # $2 in cash now


def random_positions(seeds):
    """Every position of random games, one a seed (2-4 players, basic and advanced)."""
    for seed in seeds:
        s = new(2 + seed % 3, ("basic", "advanced")[seed % 2], seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            yield s
            acts = s.legal_actions()
            s.apply_action(acts[rng.randrange(len(acts))])


def test_loan_notes_agree_with_the_loans_the_rules_take():
    """Each note's loan count is the loans the action takes when applied (random positions)."""
    counted = 0
    for s in random_positions(range(6)):
        notes, _ = notes_of(s)
        seat = s.current_player
        for a in s.legal_actions():
            if a.kind not in ("go", "carriers", "cutters", "task", "extra", "buy", "relocate"):
                continue
            note = notes.get(a.text, "")
            m = re.search(r"(?:^|; )takes (a loan|loan 2|2 loans): \$(\d+) short$", note)
            want = 0 if not m else (2 if m.group(1) == "2 loans" else 1)
            if m:
                cost = a.args[0] if a.kind in ("carriers", "cutters") else 1
                assert int(m.group(2)) == cost - s.money[seat]
            t = s.clone()
            before = t.loans[seat]
            t.apply_action(a)
            assert t.loans[seat] - before == want, (a.text, note)
            counted += bool(want)
    assert counted >= 10  # 12 with these seeds


def test_every_action_that_takes_a_loan_says_so():
    """Whatever action makes the seat take a loan at once has a note (the cost model's actions,
    and others such as a winter job of the free mill worker, tried on a re-sample): the 'loan'
    action itself excepted."""
    silent, winter = [], 0
    for s in random_positions(range(16, 22)):
        notes, _ = notes_of(s)
        seat = s.current_player
        for a in s.legal_actions():
            t = s.clone()
            t.apply_action(a)
            if t.loans[seat] > s.loans[seat] and a.kind != "loan":
                if not notes.get(a.text):
                    silent.append((s.seed, a.text))
                winter += a.kind == "wfell"
    assert silent == []
    assert winter >= 1  # seed 16: 'fell mill' in winter takes a loan


def test_other_games_get_no_notes():
    import meeple
    from meeple.cli.common import action_notes as cli_notes

    s = meeple.load_game("magnum-sal").new_initial_state(2, seed=1)
    acts = s.legal_actions()
    assert cli_notes(s, acts) == ([""] * len(acts), "")


def test_play_lists_the_loan_note_and_go_6_still_works(capsys, tmp_path):
    from meeple.cli import play as play_mod

    s = new(2)
    empty_players(s, money=0)
    start_travel(s, [H, N])
    lines = iter(["", "go 6", "", "quit"])  # "": the hot-seat hand-overs to P1, then P2
    play_mod.play_loop(s, ["human", "human"], tmp_path / "g.json", 1, input_fn=lambda p: next(lines))
    out = capsys.readouterr().out
    assert re.search(r"go 6\s+\(takes a loan: \$1 short\)", out)
    assert "$7 for one loan, $16 for two" in out
    assert s.loans[H] == 1 and s.fodder3[H] == 1


# ------------------------------------------------------------------ 2. the market's real options
def test_LG_8_3_market_status_lists_the_real_options():
    s = new(2)
    empty_players(s, money=3)
    s.equip[H][0] = 4  # 4 saws (LG-8.4.1), no product tokens
    start_travel(s, [H, N])
    play(s, "go 19")
    text = board(s, H)
    assert "P1 decides: the market at space 19: 'buy food'" in text
    assert "buy saw" not in text and "sell 2stake" not in text and "'done'" not in text
    play(s, "buy food")
    assert "the market at space 19: 'buy food', 'done'" in board(s, H)
    # with product tokens: the sets that can be sold
    s = new(2)
    empty_players(s, money=0)
    s.loans = [2, 2]
    s.products[H] = [3, 0, 0, 0, 1]
    start_travel(s, [H, N])
    play(s, "go 19")
    text = " ".join(board(s, N).split())  # the line wraps at 100 columns
    assert (
        "P1 decides: the market at space 19: 'sell 2stake', 'sell 1stake+1J', 'sell 3stake', "
        "'sell 2stake+1J', 'sell 3stake+1J' "
    ) in text
    assert "'buy" not in text  # $0 and 2 loans: nothing to buy


def test_LG_8_4_4_market_status_hides_face_down_tokens_from_others():
    s = new(2, hidden_products=True)
    empty_players(s, money=0)
    s.loans = [2, 2]
    s.products[H] = [2, 0, 0, 0, 0]
    start_travel(s, [H, N])
    play(s, "go 19")
    assert "the market at space 19: 'sell 2stake'" in board(s, H)
    other = board(s, N)
    assert "'sell" not in other and "P1 decides: the market at space 19: buy saws or food" in other


# ------------------------------------------------------------------ 3. 'area N' refused with its rule
def why(s, text):
    with pytest.raises(IllegalActionError) as e:
        s.apply_action(text)
    return e.value.rule, str(e.value)


def test_LG_7_1_area_during_travel_in_the_basic_game():
    s = new(2, "basic")
    s.round = 1
    start_travel(s, [H, N])
    rule, msg = why(s, "area 3")
    assert rule == "LG-7.1" and "LG-24" not in msg and "before the travel" in msg
    s.round = 0  # Y1 spring: areas set at setup
    assert why(s, "area 3")[0] == "LG-4.3"
    s = new(2, "basic")
    empty_players(s)
    goto(s, "w_bonus", clearing=[H, N], round=3)
    assert why(s, "area 3")[0] == "LG-4.4"  # no area choice in winter


def test_LG_24_area_refusals_in_the_tactical_variant():
    s = new(3, "basic-tactical")
    s.round = 1
    start_travel(s, [H, N, J])
    rule, msg = why(s, "area 3")
    assert rule == "LG-24.3" and "end of" in msg
    # the pick itself: an area holding another player's token (LG-24.4)
    t = new(3, "basic-tactical")
    t.clearing = [J, H, N]
    rounds.end_round(t)
    flow.run(t)
    t._legal_cache = None
    assert t.stage == "tact" and t.current_player == J
    play(t, "area 2")
    rule, msg = why(t, "area 2")
    assert rule == "LG-24.4" and "P3" in msg
    assert why(t, "area 9")[0] == "LG-24.3"


def test_LG_7_1_area_number_out_of_range_in_the_secret_choice():
    s = new(2)
    s.round, s.phase, s.pi, s.stage = 1, "choose", 0, ""
    flow.run(s)
    s._legal_cache = None
    assert why(s, "area 7")[0] == "LG-7.1"


# ------------------------------------------------------------------ 4. the clearing order
def test_LG_8_6_clearing_not_yet_known_during_the_secret_choice():
    s = new(2, seed=1)
    s.clearing = [N, H]  # last round's arrival
    s.round, s.phase, s.pi, s.stage = 1, "choose", 0, ""
    flow.run(s)
    s._legal_cache = None
    assert s.stage == "choose"
    text = board(s, s.current_player)
    assert "clearing not yet known" in text and "A:P2" not in text
    while s.phase == "choose":
        play(s, "area 1")
    assert s.phase == "travel" and "clearing -" in board(s, H)
    seat = s.current_player
    play(s, "go C")
    assert f"clearing A:P{seat + 1}" in board(s, H)
    # winter's turn order is the clearing order of the fall before (LG-20.2): shown
    w = new(2)
    empty_players(w)
    goto(w, "w_bonus", clearing=[N, H], round=3)
    assert "clearing A:P2 B:P1" in board(w, H)


def test_LG_8_4_path_tokens_named_in_words_in_the_log():
    texts = []
    for seed in range(6):
        s = new(2, "basic", seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            acts = s.legal_actions()
            s.apply_action(acts[rng.randrange(len(acts))])
        texts += [e for e in s.events if " and takes " in e]
    assert any(e.endswith("takes the dollar token (+$1)") for e in texts)
    assert any(e.endswith("takes the food token (+1 food)") for e in texts)
    assert not any("_token" in e for e in texts)


@pytest.mark.parametrize("width", [80, 100])
def test_all_six_felling_areas_are_drawn_at_80_columns(width):
    """A piped output or an 80-column terminal still shows every area (rich drops a table
    column that does not fit its minimum width, silently)."""
    s = new(4)
    s.areas_wood[5] = discs("FW FW SW")
    c = Console(width=width, record=True, file=io.StringIO())
    c.print(render(s, None))
    text = c.export_text()
    head = next(line for line in text.splitlines() if "A1" in line and "A2" in line)
    assert all(f"A{a}" in head for a in range(1, 7)), text
    assert "2FW 1SW" in text


@pytest.mark.parametrize("width", [60, 80, 120])
def test_a_mill_panel_wraps_between_its_pairs_never_inside_one(width):
    """At 80 columns a player's panel used to end a line with 'fodder' and put its value on the
    next; now each 'label value' pair stays on one line, and nothing of the board is lost."""
    s = new(2)
    c = Console(width=width, record=True, file=io.StringIO())
    c.print(render(s, 0))
    text = c.export_text()
    cells = [cell.strip() for line in text.splitlines() for cell in line.split("│")]
    for pair in ("fodder -", "mill worker free", "money $4", "sales -", "saw'r 0", "hired cut 0"):
        assert sum(cell.count(pair) for cell in cells) == 2, (pair, text)  # once in each mill panel
    assert not any(cell.endswith(("fodder", "mill", "worker", "loans")) for cell in cells), text


def test_negative_cash_reads_minus_dollars_LG_21_6():
    s = new(2)
    s.money[0] = -18
    text = " ".join(board(s, 0).split())
    assert "money -$18" in text and "$-18" not in text


# ------------------------------------------------------------------ the key under the board
def test_the_board_has_a_key_to_its_short_labels():
    """Every short label of the path and the mills is explained under the board (as Magnum
    Sal's legend does): X and (off) spaces, worker and fodder counts, the sawyers' 2+1, the
    wood names and the dryers."""
    from meeple.games.lignum.text import KEY, WOOD_KEY

    s = new(2, seed=11)  # 2 players: X tokens on the path (LG-23.3), spaces 8 and 13 off
    text = " ".join(board(s, 0).split())
    assert " ".join(KEY.split()) in text and "felling areas " + WOOD_KEY in text
    for label in ("X", "(off)", "saw'r 2+1", "fodd×1", "carr×6", "cut×8", "sales"):
        assert label in text, label  # on the board ...
    keys = KEY + " " + WOOD_KEY
    for label in (
        "X =",
        "(off) =",
        "saw'r 2+1 =",
        "fodd×1",
        "carr×6",
        "cut×8",
        "FW SW HW =",
        "sFW sSW sHW =",
        "d1-d3 =",
        "[P1] =",
        "· =",
        "+$0/+$1/+$2",
    ):
        assert label in keys, label  # ... and in the key
    c = Console(width=96, record=True, file=io.StringIO())  # inside the play panel's border
    c.print(Text(KEY))
    assert len(c.export_text().splitlines()) <= 2  # short: two lines in a 100-column panel


# ------------------------------------------------------------------ prices in the action list
def test_LG_8_3_LG_8_5_market_prices_are_listed_before_the_choice():
    """'buy saw', 'buy food' and a product sale say their price in the list (LG-8.3 space 19,
    LG-8.5.1), not only in the log after they are played."""
    s = new(2)
    empty_players(s, money=5)
    s.products[H] = [3, 0, 0, 0, 1]  # three stakes and a joker
    start_travel(s, [H, N])
    play(s, "go 19")
    notes, footnote = notes_of(s)
    assert notes["buy saw"] == "$1 for a saw" and notes["buy food"] == "$1 for a food cube"
    assert notes["sell 2stake"] == "+$2 for 2 tokens" and notes["sell 3stake"] == "+$4 for 3 tokens"
    assert notes["sell 3stake+1J"] == "+$6 for 4 tokens" and footnote == ""
    play(s, "sell 3stake+1J")
    assert s.money[H] == 11 and s.events[-1] == "P1 sells 4 stake tokens for $6"


def test_LG_15_2_wood_sale_prices_with_the_dryer_bonus():
    """In the selling phase each 'sell PIECE LOCATION' says what it pays: base price plus the
    dryer's bonus (LG-15.2): sFW from the sales room $1, SW from dryer 2 $4 + $1."""
    s = new(2)
    empty_players(s)
    s.mill[H][0] = pieces("sFW")
    s.mill[H][2] = pieces("SW")
    s.mill[H][3] = pieces("sHW")
    goto(s, "sell", clearing=[H, N])
    notes, _ = notes_of(s)
    assert notes["sell sFW sales"] == "+$1"
    assert notes["sell SW d2"] == "+$5 ($4 + $1 dryer bonus)"
    assert notes["sell sHW d3"] == "+$7 ($5 + $2 dryer bonus)"


def test_price_notes_agree_with_the_money_the_rules_move():
    """Each listed price is what playing the action pays or costs (random positions; loans
    taken to pay are counted back)."""
    seen = set()
    for s in random_positions(range(6)):
        notes, _ = notes_of(s)
        seat = s.current_player
        for a in s.legal_actions():
            m = re.match(r"(\+?)\$(\d+)(?: for| \(|,|;|$)", notes.get(a.text, ""))
            if not m:
                continue
            t = s.clone()
            before = t.money[seat] - 4 * t.loans[seat]  # a loan's $4 is not the price
            t.apply_action(a)
            if s.stage == "forced":  # paid to the debt first; the winter goes on at once
                assert (
                    f"must sell {a.text.split()[1]} from {a.text.split()[2]} for ${m.group(2)}"
                    in t.events[len(s.events)]
                ), (a.text, notes[a.text])
            else:
                after = t.money[seat] - 4 * t.loans[seat]
                assert after - before == (1 if m.group(1) else -1) * int(m.group(2)), (a.text, notes[a.text])
            seen.add((a.kind, s.stage))
    assert {("buy", "market"), ("psell", "market"), ("sell", "sell"), ("sell", "forced")} <= seen, seen


# ------------------------------------------------------------------ the examples of the notation
def test_LG_16_1_drying_and_selling_examples_are_the_listed_notation():
    """The prompt and 'meeple rules lignum' show drying and selling as the list writes them:
    'dry sFW sales', the piece and the location it lies in now (it moves one place right), and
    every example they quote is legal where its piece lies there."""
    from meeple.games.lignum import LignumGame
    from meeple.games.lignum.explain import STAGE_WHAT

    s = new(2)
    empty_players(s)
    s.mill[H][0] = pieces("sFW")
    s.mill[H][1] = pieces("SW")
    s.mill[H][3] = pieces("sHW")
    goto(s, "sell", clearing=[H, N])
    texts = {"prompt": STAGE_WHAT["dry"] + STAGE_WHAT["sell"], "rules": " ".join(LignumGame.rules_help.split())}
    for where, text in texts.items():
        assert "'dry sFW sales'" in text and "'dry SW d1'" in text, where
        assert "where it lies" in text and "one place right" in text, where
        sells = re.findall(r"'(sell \w+ (?:sales|d[123]))'", text)
        assert "sell sFW sales" in sells and set(sells) <= set(legal(s)) | {"sell SW d3"}, (where, sells)
    assert "sell sFW sales" in legal(s) and "sell sHW d3" in legal(s)
    play(s, "sell sHW d3", "done")  # to the drying phase: the examples are listed
    assert s.stage == "dry"
    for where, text in texts.items():
        dries = re.findall(r"'(dry \w+ (?:sales|d[123]))'", text)
        assert dries and set(dries) <= set(legal(s)), (where, dries, legal(s))
    assert "'dry sFW sales'" in " ".join(board(s, H).split())  # the prompt on the board


# ------------------------------------------------------------------ the first round's set-up, said
@pytest.mark.parametrize("n, variant", [(2, "basic"), (3, "advanced"), (4, "basic-tactical")])
def test_LG_3_7_LG_23_2_first_round_areas_are_said_in_the_log(n, variant):
    """The first spring has no area choice (LG-4.3): the set-up puts 3 firewood in one area a
    player and the felling tokens on them in player order (LG-3.7, LG-23.2). The log says so,
    naming the rule, so the first board's P1 in A5 is explained; the rules text says it too."""
    s = new(n, variant, seed=11)
    rule = "LG-3.7" if n == 4 else "LG-23.2"
    line = next(e for e in s.events if e.startswith("set-up of the first felling areas"))
    assert f"({rule}; no area choice in Y1 spring, LG-4.3)" in line
    three = [a + 1 for a in range(6) if s.areas_wood[a] == [3, 0, 0]]
    assert len(three) == n and sorted(s.area) == three  # the set-up the line reports
    assert all(f"A{a}" in line.split(";")[1] for a in three)
    assert ", ".join(f"P{p + 1} A{s.area[p]}" for p in s.order) in line
    assert f"start player P{s.order[0] + 1} (drawn at random, LG-3.8)" in " ".join(s.events)
    if n == 2:  # the tester's game: 'meeple play lignum --seats human,greedy --seed 11'
        assert "P2 A3, P1 A5" in line
    rules = " ".join(meeple.load_game("lignum").rules_help.split())
    assert "The first spring has neither (LG-4.3)" in rules and "LG-3.7" in rules and "LG-23.2" in rules
    assert meeple.replay(s.record()).events == s.events  # a replay shows it too


# ------------------------------------------------------------------ ties at the end (LG-22.4)
def test_LG_22_4_rules_text_and_final_ranking_say_ties_are_shared():
    """'meeple rules lignum' gives the tie rule (no tie-break, shared, LG-22.4); at game end the
    log and the board give the final ranking and say how a tie was settled."""
    rules = " ".join(meeple.load_game("lignum").rules_help.split())
    assert "Ties: the rules give no tie-break; tied players share the victory" in rules and "LG-22.4" in rules
    s = new(3, seed=2)
    r = random.Random(1)
    while not s.is_terminal():
        s.apply_action(r.choice(s.legal_actions()))
    order = s.ranking()
    assert s.events[-1].startswith(f"final ranking: 1. P{order[0] + 1} ")
    assert s.events[-1].endswith("(most dollars wins; a tie would be shared, LG-22.4)")
    s.money = [12, 9, 12]  # P1 and P3 tie for first
    text = " ".join(board(s, None).split())
    assert (
        "final ranking: 1. P1 $12, 1. P3 $12, 3. P2 $9 (P1 and P3 tie on $12 and share 1st place: "
        "no tie-break, LG-22.4)"
    ) in text
    s.money = [12, 9, 9]
    assert "(P2 and P3 tie on $9 and share 2nd place: no tie-break, LG-22.4)" in " ".join(board(s, 0).split())
