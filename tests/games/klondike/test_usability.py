"""Tester report fixes: placement order, screens (legend, coordinates, zones, race screens),
the 'back' action, automatic passes, option checks, rules help, error rule ids."""

import random
import re

import pytest
from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel

import meeple
from meeple.core import InvalidConfigError
from meeple.games.klondike import RULES_HELP
from meeple.games.klondike.components import SQUARE_SHAPE
from meeple.games.klondike.text import KEY, render, shape_legend

from .test_examples import GAME, act, family, illegal_rule, legal_texts, race, to_place


def screen(st, seat):
    con = Console(width=100, color_system=None, record=True)
    with con.capture() as cap:
        con.print(render(st, seat))
    return cap.get()


# ------------------------------------------------------------------ item 3: square variant
def test_KL_1_6_placements_listed_by_row_then_column():
    st = family(n=2, variant="square")
    to_place(st, 0, "U5")
    acts = st.legal_actions()
    keys = [(SQUARE_SHAPE.anchor[a.args[0]], SQUARE_SHAPE.orient[a.args[0]]) for a in acts]
    assert keys == sorted(keys)
    # KL-21.3: the first claim goes anywhere: U5 has 4 orientations, 2x3 or 3x2 boxes on 12x12
    assert len(acts) == 4 * 10 * 11
    assert [a.text for a in acts[:5]] == [
        "place U5 0 0 0",
        "place U5 1 0 0",
        "place U5 2 0 0",
        "place U5 3 0 0",
        "place U5 0 0 1",
    ]


def test_shape_legend_draws_every_orientation():
    lines = [t.plain.rstrip() for t in shape_legend(["U5"])]
    assert lines[0].split("(")[0].split() == ["U5", "0", "U5", "1", "U5", "2", "U5", "3"]
    # U5 0 is #.# over ###; U5 1 is ## / #. / ## (one clockwise quarter turn, KL-1.5)
    assert lines[1].split() == ["#.#", "##", "###", "##"]
    assert lines[2].split() == ["###", "#.", "#.#", ".#"]
    assert lines[3].split() == ["##", "##"]


def test_square_screen_legend_coordinates_and_zones():
    st = family(n=2, variant="square")
    to_place(st, 0, "U5")
    text = screen(st, 0)
    assert "U5 0" in text and "U5 3" in text and "laying claims" in text
    assert "auctioned now" not in text
    assert ("zone cells (underlined): N (0,5)(0,6) S (11,5)(11,6) W (5,0)(6,0) E (5,11)(6,11) C (5-6,5-6)") in text
    lines = text.splitlines()
    # the own board two characters a cell, the other one; both with column numbers
    assert "     0 1 2 3 4 5  6 7 8 9 0 1       012345 678901" in lines
    assert "    covered -                       covered -" in lines  # no zone yet
    assert lines[lines.index("     0 1 2 3 4 5  6 7 8 9 0 1       012345 678901") + 1] == (
        " 0   1 . 2 . R 3  3 . 1 2 . 3    0  1.2.R3 3.12.3"
    )
    st.apply_action("place U5 0 0 4")  # covers (0,4), (0,6): north zone
    lines = screen(st, 0).splitlines()
    at = lines.index("     0 1 2 3 4 5  6 7 8 9 0 1       012345 678901")
    # claim A (the last, so a capital) with what it covers: the ruby, 3 gold, three meadows
    assert lines[at - 1].startswith("a3 = claim a on 3 gold")
    assert lines[at + 1] == " 0   1 . 2 .AR 3 A3 . 1 2 . 3    0  1.2.R3 3.12.3"
    assert lines[at + 2] == " 1   . 3 . 1A.A. A. R . . R .    1  .3.1.. .R..R."
    assert "    covered N                       covered -" in lines
    assert "P1 (you): 3 pts," in lines[1] and lines[2].startswith("3 rubies +1 fresh")


def test_family_screen_phase_names_and_rows():
    st = family(n=2)
    text = screen(st, 0)
    assert "main auction" in text and "auctioned now" in text
    st.phase = "sauction"
    st.s_high, st.s_bid, st.s_passed = -1, 0, [False, False]
    text = screen(st, 0)
    assert "sauction" not in text and "domino auction" in text
    assert "auctioned now" not in text and "D2 0" in text


def test_KL_15_log_grammar():
    from meeple.games.klondike.components import FAMILY_SHAPE, RUBY_OF

    st = family(n=2)
    to_place(st, 0, "X5")
    one = [a for a in st.legal_actions() if sum(RUBY_OF[st.boards[0][i]] for i in FAMILY_SHAPE.cells[a.args[0]]) == 1]
    assert one
    st.apply_action(one[0])
    assert st.fresh[0] == 1
    assert st.events[-1] == f"P1 lays X5 and covers {st.score[0]} gold, 1 ruby"


# ------------------------------------------------------------------ item 4: race screens
def test_race_screen_favour_cards_finish_order_and_tiles():
    st = race(n=3, card="W07", display=("RD7", "BL3", "GN1"))
    text = screen(st, 0)
    assert "RD7 (red 4), BL3 (blue 2), GN1 (green 1)" in text
    assert "finished:" not in text  # nobody finishes while laying tiles
    assert "your board: no tiles laid yet" in text
    assert "tiles you may lay" in text and "A0     A1     A2     A3" in text and "D3" in text
    act(st, "tile A0")
    text = screen(st, 0)
    assert "A0     A1" not in text and "B0     B1     B2     B3" in text  # face A is laid
    act(st, "build")
    for _ in range(2):
        act(st, "tile C1")
        act(st, "build")
    assert st.phase == "tick"
    text = screen(st, st.cur)
    assert "finished: nobody yet" in text and "tick 1" in text


def test_race_final_breakdown_logged_and_shown():
    st = GAME.new_initial_state(num_players=3, seed=3, variant="race")
    rng = random.Random(2)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    lines = st.events[-3:]
    scores = st.scores()
    for s in range(3):
        assert lines[s].startswith(f"P{s + 1}: red {st.tracks[s][0]} -> ")
        assert lines[s].endswith(f"; {scores[s]} points")
    text = screen(st, 0)
    assert "final scoring" in text and "total favour" in text
    takes = [e for e in st.events if " takes " in e]
    assert takes and all(re.fullmatch(r"P\d takes [A-Z]{2}\d \((red|black|blue|green) [1-4]\)", e) for e in takes)


def test_KL_13_payment_log_grammar():
    st = family(n=2)
    st.start = 0
    from meeple.games.klondike import rules

    rules.start_round(st)
    st.apply_action("bid 0 1")
    st.apply_action("bid 1 0")
    assert any(e.startswith("P1 pays 1 ruby for ") for e in st.events)
    assert any(e.startswith("P2 takes ") and e.endswith(" for nothing") for e in st.events)


def test_KL_40_1_back_after_claim_once_per_tick():
    st = race(n=2, card="W07")
    for s in range(2):
        st.apply_action("tile A0")
        st.apply_action("build")
    assert st.phase == "tick"
    seat = st.cur
    st.apply_action("claim O4")
    assert legal_texts(st)[-1] == "back"
    st.apply_action("back")
    assert st.cur == seat and st.pend[seat] == -1 and "claim O4" in legal_texts(st)
    st.apply_action("claim I3")
    assert "back" not in legal_texts(st)  # only once per tick
    assert illegal_rule(st, "back") == "KL-40.1"
    st.apply_action(legal_texts(st)[0])
    assert st.cur != seat and st.backs[seat] == 0
    assert illegal_rule(st, "back") == "KL-40.1"  # holds no claim


def test_KL_31_2_race_build_errors_cite_game_2():
    st = race(n=2)
    assert illegal_rule(st, "tile E0") == "KL-31.2"
    st.apply_action("tile B1")
    assert illegal_rule(st, "tile B2") == "KL-31.2"
    st = GAME.new_initial_state(num_players=2, seed=1, layout="choose")
    assert illegal_rule(st, "tile E0") == "KL-10.2"


# ------------------------------------------------------------------ item 5: options, help
@pytest.mark.parametrize(
    "variant,opts",
    [
        ("family", {"tick_cap": 10}),
        ("square", {"children": [0]}),
        ("family", {"children": [1]}),
        ("race", {"layout": "choose"}),
        ("race", {"secret_rubies": True}),
        ("race", {"ruby_supply_limit": 32}),
        ("race", {"edge_rule": "one_edge_per_tile"}),
        ("square", {"edge_rule": "one_edge_per_tile"}),
    ],
)
def test_KL_50_4_options_of_the_other_game_rejected(variant, opts):
    with pytest.raises(InvalidConfigError):
        GAME.new_initial_state(num_players=2, variant=variant, **opts)


@pytest.mark.parametrize("n,bad", [(2, 0), (2, 5), (3, 8), (4, -1), (4, 11)])
def test_KL_15_4_ruby_supply_limit_holds_the_starting_rubies(n, bad):
    """KL-10.4: each player starts with 3 rubies, so a supply limit below 3 per player is refused."""
    with pytest.raises(
        InvalidConfigError,
        match=rf"option ruby_supply_limit must be at least {3 * n} "
        rf"with {n} players .* or null \(unlimited\), not {bad}$",
    ):
        GAME.new_initial_state(num_players=n, ruby_supply_limit=bad)
    st = GAME.new_initial_state(num_players=n, ruby_supply_limit=3 * n)
    assert st.rubies == [3] * n and st.supply == 0
    assert GAME.new_initial_state(num_players=4, ruby_supply_limit=32).supply == 32 - 12


@pytest.mark.parametrize("bad", [0, -3])
def test_KL_40_1_tick_cap_at_least_one(bad):
    with pytest.raises(InvalidConfigError, match=rf"option tick_cap must be at least 1, not {bad}$"):
        GAME.new_initial_state(num_players=2, variant="race", tick_cap=bad)


def test_KL_50_4_defaults_accepted_everywhere():
    for v in ("family", "square", "race"):
        GAME.new_initial_state(num_players=2, variant=v, tick_cap=40, children=[], layout="random")


def test_rules_help_explains_shapes_and_is_wrapped():
    assert max(len(line) for line in RULES_HELP.splitlines()) <= 78
    flat = " ".join(RULES_HELP.split())
    for words in (
        "U5 U",
        "P5 P",
        "V3 corner of three",
        "clockwise quarter turns",
        "never flipped",
        "top-left corner",
        "'back'",
    ):
        assert words in flat


def test_rules_help_names_the_domino_ban_and_the_two_player_last_round():
    flat = " ".join(RULES_HELP.split())
    assert "a player whose route is complete may not bid (KL-16.6)" in flat
    assert (
        "in round 9 only the first finisher's favour counts, the last player's card has no effect (KL-38.2)"
    ) in flat


@pytest.mark.parametrize(
    "variant,opts",
    [("family", {"layout": "choose"}), ("square", {}), ("race", {}), ("family", {"secret_rubies": True})],
)
def test_screens_render_in_every_phase(variant, opts):
    st = GAME.new_initial_state(num_players=3, seed=4, variant=variant, **opts)
    rng = random.Random(4)
    phases = set()
    k = 0
    while not st.is_terminal():
        if k % 5 == 0 or st.phase not in phases:
            phases.add(st.phase)
            for seat in (None, st.current_player):
                text = screen(st, seat)
                assert "sauction" not in text and "lastpick" not in text
        st.apply_action(rng.choice(st.legal_actions()))
        k += 1
    assert "game over" in screen(st, 0)


# ------------------------------------------------------------------ user test: compact boards
def play_screen_height(st, seat, width=100):
    """Lines of what ``meeple play`` shows a person: the boxed board, the numbered legal
    actions and the prompt line."""
    con = Console(width=width, color_system=None, record=True)
    with con.capture() as cap:
        con.print(Panel(render(st, seat), title="Klondike 1896"))
        items = [f"{i + 1:>3} {a.text}" for i, a in enumerate(st.legal_actions())]
        con.print(Columns(items, equal=True, column_first=True, padding=(0, 2)))
    out = cap.get()
    assert max(len(line) for line in out.splitlines()) <= width
    return len(out.splitlines()) + 1


@pytest.mark.parametrize("variant", ["family", "square", "race"])
def test_screens_fit_45_lines_with_four_players(variant):
    """The README promises 100 x 45: with four players every screen fits, except the square
    board's placements (the first claim goes anywhere, KL-21.3: hundreds of actions) and the
    race's tile laying (the boards of the last check and the faces: at most 46)."""
    st = GAME.new_initial_state(num_players=4, seed=1, variant=variant)
    rng = random.Random(1)
    worst = {}
    k = 0
    while not st.is_terminal():
        if k % 3 == 0 or st.phase not in worst:
            h = play_screen_height(st, st.current_player)
            worst[st.phase] = max(worst.get(st.phase, 0), h)
        st.apply_action(rng.choice(st.legal_actions()))
        k += 1
    for phase, h in worst.items():
        limit = {("square", "place"): 160, ("race", "build"): 46}.get((variant, phase), 45)
        assert h <= limit, (phase, h)
    assert set(worst) >= ({"build", "tick", "pick"} if variant == "race" else {"auction", "place"})


def test_board_key_and_covered_values_on_the_own_board():
    """The key explains the letters and the capital; the seat's own board shows what lies
    under each claim (a letter and the cell's value), the others one character a cell."""
    st = family(n=2)
    to_place(st, 0, "I3")
    first = next(a for a in st.legal_actions() if a.text.startswith("place I3 1 "))  # upright
    st.apply_action(first)
    _, _, r, c = first.text.split()[1:]
    r, c = int(r), int(c)
    lines = screen(st, 0).splitlines()
    assert KEY in lines
    assert KEY == ("key: . meadow, 1-3 gold, R ruby; claims a b c.. as laid, capital = the last (touch it next)")
    head = next(i for i, line in enumerate(lines) if line.startswith("     0 1 2 3 4 5  6 7 8 9"))
    assert lines[head - 1].startswith("a3 = claim a on 3 gold")
    from meeple.games.klondike.components import CODE_CHAR, board_cells

    cells = board_cells(st.layouts[0])
    for dr in range(3):  # I3 upright: rows r..r+2 of column c
        row = lines[head + 1 + r + dr]
        at = 4 + 2 * c + c // 6  # two characters a cell, a space between tiles
        assert row[at : at + 2] == "A" + CODE_CHAR[cells[(r + dr) * 24 + c]], row
    # the opponent's board, one character a cell, beside it, with no claim yet
    assert lines[head].endswith("012345 678901 234567 890123")


def test_auction_slots_and_bids_sit_next_to_the_prompt():
    """With four players the slots of row 1, who holds them and at which bid (KL-12) are
    the panel's last lines, right above the actions, with every board on the screen."""
    st = family(n=4)
    st.start = 0
    from meeple.games.klondike import rules

    rules.start_round(st)
    kinds = [k for k in st.observation(0)["rows"][0]]
    st.apply_action("bid 0 1")
    st.apply_action("bid 2 0")
    text = screen(st, st.cur)
    lines = [line.rstrip() for line in text.splitlines()]
    at = next(i for i, line in enumerate(lines) if line.startswith("auctioned now"))
    assert lines[at - 1].split() == ["row", "1", "slot", "0", "slot", "1", "slot", "2", "slot", "3"]
    assert lines[at].split("  ")[0] == "auctioned now"
    cells = [c for c in lines[at][len("auctioned now") :].split("  ") if c.strip()]
    assert [c.strip() for c in cells] == [
        f"{kinds[0]}: P1 bids 1",
        f"{kinds[1]}: free",
        f"{kinds[2]}: P2 bids 0",
        f"{kinds[3]}: free",
    ]
    assert lines[at + 1].startswith("later rows: 2) ") and lines[at + 2].startswith("pool ")
    assert at + 3 == len(lines)  # the last line of the board
    assert sum(len(re.findall(r"\bP[1-4]\b", line)) for line in lines[:at] if ": 0 pts" in line) == 4


def test_game_over_boards_line_up_and_the_penalty_reads_as_a_sum():
    """KL-19 penalties: 'P2: 52 - 2 penalty = 50 pts'; labels of different lengths side by
    side do not shift one board a row below the other."""
    import random

    from rich.console import Console

    import meeple
    from meeple.games.klondike import text as T

    st = meeple.load_game("klondike").new_initial_state(num_players=2, seed=3)
    r = random.Random(3)
    while not st.is_terminal():
        st.apply_action(r.choice(st.legal_actions()))
    con = Console(width=100, record=True)
    con.print(T.render(st, 0))
    out = con.export_text()
    sc, pen = st.observation(0)["players"][1]["score"], st.observation(0)["players"][1]["penalty"]
    assert pen > 0 and f"{sc} - {pen} penalty = {sc - pen} pts" in out
    heads = [line for line in out.splitlines() if "0 1 2 3 4 5" in line]
    assert heads and "012345" in heads[0]  # both boards' column numbers on one line


def test_KL_33_2_fate_names_the_player_as_the_boards_do():
    """'fate 2' (seats from 0, the saved notation) is listed as joining P3's fate, and 'fate P3'
    is read as it; a refusal says both forms."""
    from meeple.cli.common import action_notes
    from meeple.core import IllegalActionError

    st = GAME.new_initial_state(num_players=3, seed=2, variant="race")
    rng = random.Random(0)
    while st.phase != "fate":
        st.apply_action(rng.choice(st.legal_actions()))
    legal = st.legal_actions()
    notes, footnote = action_notes(st, legal)
    assert [(a.text, n) for a, n in zip(legal, notes)] == [
        (f"fate {s}", f"join P{s + 1}'s fate") for s in range(3) if s != st.lastp
    ]
    # KL-33.2 before KL-34.1: the finishers' boards are checked after the choice, and the
    # footnote says why they are not shown (they are hidden from the others until then, KL-40)
    assert "before the boards are shown" in footnote and "KL-34.1" in footnote
    other = next(s for s in range(3) if s != st.lastp)
    assert st.parse_action(f"fate P{other + 1}").text == f"fate {other}"
    assert st.parse_action(f"FATE p{other + 1}").text == f"fate {other}"
    with pytest.raises(IllegalActionError, match=r"'fate P3' \(or the listed 'fate 2'"):
        st.apply_action(f"fate P{st.lastp + 1}")


# ------------------------------------------------------------------ what a placement covers
@pytest.mark.parametrize("variant", ["family", "square", "race"])
def test_KL_1_8_KL_15_1_each_placement_says_what_it_covers(variant):
    """The placement list says what each placement covers ('5g 1R', and the footnote in words:
    5 gold, 1 ruby), and it is what laying it scores (KL-15.1: points and fresh rubies) or adds
    to the race board's count (KL-31.4); random games."""
    from meeple.cli.common import action_notes

    st = GAME.new_initial_state(num_players=2, seed=4, variant=variant)
    rng = random.Random(4)
    checked = 0
    while not st.is_terminal() and checked < 400:
        legal = st.legal_actions()
        notes, footnote = action_notes(st, legal)
        seat = st.current_player
        for a, note in zip(legal, notes):
            if a.kind != "place":
                assert not re.fullmatch(r"\d+g \d+R", note), (a.text, note)
                continue
            t = st.clone()
            t.apply_action(a)
            if variant == "race":
                g, r = t.gold[seat] - st.gold[seat], t.ruby[seat] - st.ruby[seat]
            else:
                held = [st.rubies[seat] + st.fresh[seat], t.rubies[seat] + t.fresh[seat]]  # fresh join at round end
                g, r = t.score[seat] - st.score[seat], held[1] - held[0]
            assert note == f"{g}g {r}R", (a.text, note)
            checked += 1
        if any(a.kind == "place" for a in legal):
            assert footnote.startswith("(5g 1R) = what a placement covers: 5 gold, 1 ruby (KL-1.8)")
        else:
            assert footnote == ""
        st.apply_action(rng.choice(legal))
    assert checked >= 50


def test_text_that_is_no_action_cites_no_rule_but_says_what_is_expected():
    """An unknown first word is not an action of the game at all: rule "" (as the core's
    IllegalActionError documents), the phase's expectation still given; capitals in a known
    word are read as such (KL-12.1 names the bad slot)."""
    s = meeple.load_game("klondike").new_initial_state(num_players=2, seed=1)
    with pytest.raises(meeple.IllegalActionError) as e:
        s.parse_action("xyzzy")
    assert e.value.rule == ""
    assert str(e.value) == "'xyzzy' is not an action of Klondike; in the main auction you bid: 'bid SLOT N' (KL-12.2)"
    with pytest.raises(meeple.IllegalActionError) as e:
        s.parse_action("BID 9 9")
    assert str(e.value) == "KL-12.1: the row has slots 0..1"


def test_race_board_columns_stay_under_their_numbers_once_claims_are_laid():
    """The race's own board (drawn alone): every cell, covered ones (letter and value)
    included, takes the same two characters as its column number, a separator before it
    ('|' where a tile begins), so no column slides once claims are laid."""
    st = race(n=2)
    seat = st.cur
    for _ in range(2):  # both lay the four tiles A-D unturned
        for t in ("tile A0", "tile B0", "tile C0", "tile D0"):
            st.apply_action(t)
    for t in ("claim I3", "place I3 1 2 0", "claim O4", "place O4 0 4 1"):
        while st.cur != seat:  # the other seat lays claims of its own
            st.apply_action(next(a for a in st.legal_actions() if a.kind in ("claim", "place")))
        st.apply_action(t)
    from meeple.games.klondike.components import CODE_CHAR, board_cells

    cells = board_cells(st.layouts[seat])
    lines = screen(st, seat).splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("     0  1  2"))
    assert lines[head] == "   " + "".join(f" {c:>2d}" for c in range(24))  # one header line
    covered = {(2, 0): "a", (3, 0): "a", (4, 0): "a", (4, 1): "B", (4, 2): "B", (5, 1): "B", (5, 2): "B"}
    for r in range(6):
        row = lines[head + 1 + r]
        assert len(row.rstrip()) <= len(lines[head])
        for c in range(24):
            at = 3 + 3 * c  # separator, then the cell under the number
            assert row[at] == ("|" if c % 6 == 0 and c else " "), (r, c, row)
            assert lines[head][at + 1 : at + 3] == f"{c:>2d}"
            value = CODE_CHAR[cells[r * 24 + c]]
            assert row[at + 1 : at + 3] == covered.get((r, c), " ") + value, (r, c, row)
