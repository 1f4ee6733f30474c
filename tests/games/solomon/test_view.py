"""King Solomon's Treasury's view (``game.view``): every action in words, the status sentence,
forced steps, lobby texts, place keys, and the board as the interface (``svg.render_svg``)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from meeple.core.view import RULE_ID
from meeple.games.solomon.actions import CARD_SIZE

from .test_examples import GAME, mv, turn_state

VIEW = GAME.view
NS = "{http://www.w3.org/2000/svg}"
CONFIGS = [(n, v) for v in ("standard", "children") for n in range(2, 6)]


def names(s):
    return [s.seat_name(p) for p in range(s.num_players)]


def random_positions(n, variant, seed, steps=300):
    """Positions of a seeded random game (restarted when it ends), ``steps`` decisions."""
    rng = random.Random(seed)
    s = GAME.new_initial_state(num_players=n, seed=seed, variant=variant)
    for _ in range(steps):
        if s.is_terminal():
            yield s
            s = GAME.new_initial_state(num_players=n, seed=rng.randrange(10**6), variant=variant)
        yield s
        s.apply_action(rng.choice(s.legal_actions()))


def check_labels(s):
    legal = s.legal_actions()
    labels = [VIEW.action_label(s, a) for a in legal]
    for a, label in zip(legal, labels):
        assert label != a.text, label
        assert label[0].isupper(), label
        assert not RULE_ID.search(label), label
        assert a.text not in label, label  # never the notation itself
        helptext = VIEW.action_help(s, a)
        assert RULE_ID.search(helptext), helptext
    assert len(set(labels)) == len(labels), labels
    return legal, labels


# ------------------------------------------------------------------ words
@pytest.mark.parametrize("n,variant", CONFIGS)
def test_every_legal_action_has_distinct_words_in_every_variant_and_player_count(n, variant):
    """Seeded random games: each legal action's label is words (capital first, not the
    notation, no rule id), distinct within the state; each help names its rule."""
    kinds = set()
    for s in random_positions(n, variant, seed=10 * n + len(variant)):
        if s.is_terminal():
            continue
        legal, _ = check_labels(s)
        kinds |= {a.kind for a in legal}
    assert {"play", "gate", "move", "back", "dig", "decline"} <= kinds


def test_SO_6_labels_of_the_rulebook_example_card_15_costing_5():
    """EX-4: card 15, three moves, then the dig of c2, d2, c3, d3, c4 that owes 5 (3 moves +
    the 2-curse, SO-7.2)."""
    s = turn_state(
        n=2,
        seat=0,
        card=15,
        coins=10,
        rows=["4 4 4 4 4 4", "4 4 4 4 4 4", "4 3 4 4 4 4", "4 2 2 3 2 4", "4 4 2 2 4 4", "4 4 4 4 4 4"],
        stacks={
            "c2": ["?", "S1"],
            "d2": ["?", "S2"],
            "c3": ["?", "T2"],
            "d3": ["?", "T5", "S3"],
            "c4": ["?", "C2", "S4", "T1"],
        },
    )
    gate = next(a for a in s.legal_actions() if a.text == "move")
    assert VIEW.action_label(s, gate) == "Move a tile: 1 coin"
    s.apply_action("move")
    move = next(a for a in s.legal_actions() if a.text == "d3-e3")
    assert VIEW.action_label(s, move) == "Move scroll 3 from d3 to e3: 1 coin"
    assert "(level 3) goes onto e3 at level 3" in VIEW.action_help(s, move)
    back = next(a for a in s.legal_actions() if a.text == "back")
    assert VIEW.action_label(s, back) == "Back: move no tile"
    s.apply_action("d3-e3")
    mv(s, "c4-b4")
    mv(s, "c4-b3")
    dig = next(a for a in s.legal_actions() if a.text == "dig c2,d2,c3,d3,c4")
    assert VIEW.action_label(s, dig) == (
        "Dig c2, d2, c3, d3, c4 with card 15: scroll 1, scroll 2, treasure 2, treasure 5, curse 2; pay 5"
    )
    decline = next(a for a in s.legal_actions() if a.text == "decline")
    assert VIEW.action_label(s, decline) == "Dig nothing and end the turn; pay 3"
    assert VIEW.status(s, 0) == (
        "Your turn with card 15: move tiles (1 coin each) or dig the card's shape (3 moved so far, 3 coins to pay)."
    )
    assert VIEW.status(s, 1) == "Waiting for P1, who plays card 15: moving tiles (3 so far)."


def test_SO_11_item_labels_and_the_amulet_makes_curses_free():
    """EX-9: Pickaxe and Amulet with card 10 on b5, c5, d5, c6: C3, T2, C2, S1, nothing to pay
    (SO-11.8); the Pickaxe alone would owe 5."""
    s = turn_state(
        n=2,
        seat=0,
        card=10,
        coins=0,
        pub=["AM", "PX"],
        stacks={"b5": ["?", "?", "?", "C3"], "c5": ["?", "T2"], "d5": ["?", "?", "C2"], "c6": ["S1"]},
    )
    labels = {a.text: VIEW.action_label(s, a) for a in s.legal_actions()}
    assert labels["use PX"] == "Use the Pickaxe: dig on different levels"
    assert labels["use AM"] == "Use the Amulet: curses dug this turn cost nothing"
    s.apply_action("use PX")
    dig = next(a for a in s.legal_actions() if a.text == "dig b5,c5,d5,c6")
    assert VIEW.action_label(s, dig) == "Dig b5, c5, d5, c6 with card 10: curse 3, treasure 2, curse 2, scroll 1; pay 5"
    s.apply_action("use AM")
    dig = next(a for a in s.legal_actions() if a.text == "dig b5,c5,d5,c6")
    assert VIEW.action_label(s, dig) == (
        "Dig b5, c5, d5, c6 with card 10: curse 3, treasure 2, curse 2, scroll 1; nothing to pay"
    )
    assert VIEW.status(s, 0) == "Your turn with card 10: dig with the Pickaxe and Amulet, or dig nothing."


def test_SO_11_7_seal_pick_labels_end_with_the_dig():
    """EX-8 with card 32 and the Seal: picks add spaces; the sixth pick digs the area."""
    s = turn_state(
        n=2,
        seat=0,
        card=32,
        coins=0,
        pub=["SE"],
        rows=["3 2 4 1 3 2", "1 3 2 4 2 3", "2 4 2 2 1 4", "3 1 2 3 2 1", "4 2 3 2 4 2", "2 3 1 4 3 3"],
        stacks={
            "c3": ["?", "T4"],
            "c4": ["?", "S1"],
            "c5": ["?", "S2"],
            "d4": ["?", "T3"],
            "e3": ["?", "C1"],
            "d2": ["?", "T5"],
        },
    )
    s.apply_action("use SE")
    pick = next(a for a in s.legal_actions() if a.text == "pick c3")
    assert VIEW.action_label(s, pick) == "Add c3 to the Seal's dig area: treasure 4"
    for c in ("c3", "c4", "c5", "d4", "e3"):
        s.apply_action(f"pick {c}")
    assert VIEW.status(s, 0) == "Your turn with card 32: add 1 more space to the Seal's dig area."
    last = next(a for a in s.legal_actions() if a.text == "pick d2")
    assert VIEW.action_label(s, last) == (
        "Add d2 and dig d2, c3, e3, c4, d4, c5 with card 32: treasure 5, "
        "treasure 4, curse 1, scroll 1, treasure 3, scroll 2; pay 1"
    )


def test_SO_10_3_give_labels_name_the_tile_and_the_recipient():
    s = turn_state(
        n=4, seat=0, card=9, coins=0, pub=["S4", "C1", "PX"], sec=["C2"], rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"]
    )
    mv(s, "a2-a1")
    s.apply_action("decline")
    labels = sorted(VIEW.action_label(s, a) for a in s.legal_actions())
    assert labels == ["Give Pickaxe to P2", "Give curse 1 to P2", "Give curse 2 to P2", "Give scroll 4 to P2"]
    assert VIEW.status(s, 0) == "You could not pay: give a tile of your choice to P2."
    assert VIEW.status(s, 2) == "Waiting for P1, who could not pay, to give a tile to P2."


# ------------------------------------------------------------------ status
def test_SO_4_2_status_of_the_secret_card_choice_reveals_nothing():
    s = GAME.new_initial_state(num_players=3, seed=4)
    labels = [VIEW.action_label(s, a) for a in s.legal_actions()]
    first = s.hands[0][0]
    assert labels[0] == f"Choose dig card {first} ({CARD_SIZE[first]} squares)"
    assert VIEW.status(s, 0) == "Choose a dig card for round 1 of 8 (secret until all have chosen)."
    assert (
        VIEW.status(s, 1)
        == VIEW.status(s, None)
        == "Waiting for P1 to choose a dig card for round 1 (secret until all have chosen)."
    )
    card = s.hands[0][0]
    s.apply_action(f"play {card}")
    assert VIEW.status(s, 0) == (
        f"You chose card {card}. Waiting for P2 to choose a dig card (secret until all have chosen)."
    )
    assert str(card) not in VIEW.status(s, 2) and str(card) not in VIEW.status(s, None)
    assert VIEW.forced(s) is None  # a secret choice is never taken for you


@pytest.mark.parametrize("n,variant", [(2, "standard"), (5, "children")])
def test_status_is_a_sentence_for_the_acting_seat_another_seat_and_a_spectator(n, variant):
    for s in random_positions(n, variant, seed=3, steps=200):
        cur = s.current_player
        for seat in (None, *range(n)):
            line = VIEW.status(s, seat)
            assert line[0].isupper() and line.endswith("."), line
            if s.is_terminal():
                assert line.startswith("The game is over: ")
            elif seat == cur:
                assert not line.startswith("Waiting"), line
            elif s.phase != "choose" or seat is None or not s.choices[seat]:
                assert line.startswith(f"Waiting for {s.seat_name(cur)}"), line


def test_the_end_names_the_winner_with_the_points():
    s = GAME.new_initial_state(num_players=2, seed=5)
    rng = random.Random(1)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    best = max(s.scores())
    win = [s.seat_name(p) for p, v in enumerate(s.scores()) if v == best]
    line = VIEW.status(s, None)
    assert line == (
        f"The game is over: {win[0]} wins with {best} points."
        if len(win) == 1
        else f"The game is over: {win[0]} and {win[1]} share the victory with {best} points."
    )


def test_SO_8_6_a_lone_decline_is_forced_and_a_choice_is_not():
    """An empty cave (every tile dug): no move and no dig is possible, the only action is to
    dig nothing; it is taken for the person."""
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=["0 0 0 0 0 0"] * 6)
    assert [a.text for a in s.legal_actions()] == ["decline"]
    assert VIEW.forced(s).text == "decline"
    s = turn_state(n=2, seat=0, card=1, coins=10)
    assert VIEW.forced(s) is None


# ------------------------------------------------------------------ lobby
def test_lobby_texts():
    assert 150 <= len(VIEW.how_to_play.split()) <= 300
    assert VIEW.length == "45-60 minutes"  # SO-0.1
    assert len(VIEW.description.split()) > 40
    for v in GAME.variants:
        assert VIEW.variant_text(v)[0].isupper()
    for o in GAME.options:
        label, helptext = VIEW.option_text(o.name)
        assert not RULE_ID.search(label) and "_" not in label and RULE_ID.search(helptext)
    assert VIEW.option_applies("allow_upward_moves", "standard")
    assert not VIEW.option_applies("allow_upward_moves", "children")  # SO-14.1: always on there
    assert VIEW.option_applies("max_moves_per_turn", "children")
    with pytest.raises(KeyError):
        VIEW.option_text("nope")


def test_place_keys_change_where_a_turn_changed_the_board():
    """A dig of a1, b1, c1 changes those three spaces and the digger's panel, nothing else."""
    s = turn_state(n=2, seat=0, card=1, coins=10)
    before = VIEW.place_keys(s.observation(None))
    assert len(before) == 36 + 2 and before["a1"].startswith("4|3|")
    s.apply_action("dig a1,b1,c1")
    after = VIEW.place_keys(s.observation(None))
    assert sorted(k for k in before if before[k] != after[k]) == ["a1", "b1", "c1", "seat-0"]


# ------------------------------------------------------------------ the board
NO_PLACE = {"back", "decline"}
"""The action kinds with no place on the board (the client lists them as buttons)."""


def check_board(s, seat):
    """The drawing for ``seat``: every data-action legal, every located legal action on it,
    hit areas >= 28 x 28, text >= 12, every chooser's layer present. Returns the actions."""
    legal = [a.text for a in s.legal_actions()] if seat == s.current_player else []
    markup = VIEW.board_svg(s.observation(seat), legal, names(s), seat)
    root = ET.fromstring(markup)
    acts = [el.get("data-action") for el in root.iter() if el.get("data-action") is not None]
    assert set(acts) <= set(legal)
    assert len(acts) == len(set(acts))
    kinds = {a.text: a.kind for a in s.legal_actions()}
    assert {a for a in legal if kinds[a] not in NO_PLACE} == set(acts)
    for el in root.iter(NS + "rect"):
        if el.get("class") == "hit":
            assert float(el.get("width")) >= 28 and float(el.get("height")) >= 28
    for g in root.iter(NS + "g"):  # a place's box is its hit area: a click at its middle hits it
        if g.get("data-action") is None:
            continue
        hit = [r for r in g if r.get("class") == "hit"]
        assert len(hit) == 1
        x, y, w, h = (float(hit[0].get(k)) for k in ("x", "y", "width", "height"))
        for r in g.iter(NS + "rect"):
            assert x <= float(r.get("x")) and float(r.get("x")) + float(r.get("width")) <= x + w
            assert y <= float(r.get("y")) and float(r.get("y")) + float(r.get("height")) <= y + h
        for t in g.iter(NS + "text"):
            assert x <= float(t.get("x")) <= x + w and y <= float(t.get("y")) <= y + h
    for el in root.iter(NS + "text"):
        assert float(el.get("font-size")) >= 12, "".join(el.itertext())
    layers = [el.get("data-layer") for el in root.iter() if el.get("data-layer")]
    assert len(layers) == len(set(layers))
    shows = {el.get("data-show-layer") for el in root.iter() if el.get("data-show-layer")}
    assert shows <= set(layers)
    pieces = [el.get("data-piece") for el in root.iter() if el.get("data-piece")]
    assert len(pieces) == len(set(pieces))
    keys = {el.get("data-place") for el in root.iter() if el.get("data-place")}
    assert keys == set(VIEW.place_keys(s.observation(None)))
    return acts


@pytest.mark.parametrize("n,variant", CONFIGS)
def test_the_board_is_the_interface_in_every_variant_and_player_count(n, variant):
    """Seeded random games: the acting seat finds every legal action but 'back' and 'decline'
    on the board and nothing else; hit areas and text sizes hold for every seat's drawing and
    the spectator's."""
    seen = set()
    for k, s in enumerate(random_positions(n, variant, seed=7 * n + len(variant), steps=160)):
        seats = [s.current_player] if k % 10 else [None, *range(n)]
        for seat in seats:
            if seat is not None and seat < 0:
                continue
            for a in check_board(s, seat):
                seen.add(a.split()[0] if " " in a else "move-tile" if "-" in a else a)
    assert {"play", "dig", "move", "move-tile"} <= seen


def test_a_seats_last_turn_is_outlined_in_its_colour():
    """The server passes the place keys a seat's turn changed (place_keys before and after):
    P1's dig of a1, b1, c1 outlines those spaces and P1's panel in P1's red."""
    s = turn_state(n=2, seat=0, card=1, coins=10)
    before = VIEW.place_keys(s.observation(None))
    s.apply_action("dig a1,b1,c1")
    after = VIEW.place_keys(s.observation(None))
    changed = [k for k in after if after[k] != before[k]]
    root = ET.fromstring(VIEW.board_svg(s.observation(1), [], names(s), 1, highlights={0: changed}))
    outlined = {
        g.get("data-place")
        for g in root.iter(NS + "g")
        if g.get("data-place") and any(r.get("class") == "last-move" for r in g.iter(NS + "rect"))
    }
    assert outlined == {"a1", "b1", "c1", "seat-0"}
    colours = {r.get("stroke") for r in root.iter(NS + "rect") if r.get("class") == "last-move"}
    assert colours == {"#c0392b"}
    plain = ET.fromstring(VIEW.board_svg(s.observation(1), [], names(s), 1))
    assert not [r for r in plain.iter(NS + "rect") if r.get("class") == "last-move"]
