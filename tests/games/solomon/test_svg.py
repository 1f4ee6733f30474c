"""The SVG board of King Solomon's Treasury for the web client (``svg.render_svg``): it
parses, is self-contained, puts exactly the located legal actions on the board (digs on
their anchor space with a ghost, Mirror orientations as layers, tiles then their targets),
hides what the viewer may not see, escapes seat names and shows the final scores."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import meeple
from meeple.games.solomon import svg
from meeple.games.solomon.actions import CELL_NAMES, H, W

from .test_examples import GAME, mv, turn_state

NS = "{http://www.w3.org/2000/svg}"


def names(s):
    return [s.seat_name(p) for p in range(s.num_players)]


def draw(s, seat, seat_names=None):
    """(svg text, legal notations passed) for ``seat`` as the server does it."""
    legal = [str(a) for a in s.legal_actions()] if seat is not None and seat == s.current_player else []
    return svg.render_svg(s.observation(seat), legal, seat_names or names(s)), legal


def actions_of(text):
    """The data-action values of the drawing (text or parsed root), checking each sits on a
    class="act" element and every class="act" element has one."""
    root = ET.fromstring(text) if isinstance(text, str) else text
    out = []
    for el in root.iter():
        act = el.get("data-action")
        assert (act is not None) == (el.get("class") == "act"), ET.tostring(el)[:120]
        if act is not None:
            assert el.tag in (NS + "rect", NS + "path", NS + "circle", NS + "g")
            out.append(act)
    return out


def texts(text):
    return ["".join(el.itertext()) for el in ET.fromstring(text).iter(NS + "text")]


def panel(text, seat):
    """The texts of ``seat``'s panel."""
    g = next(g for g in ET.fromstring(text).iter(NS + "g") if g.get("data-seat") == str(seat))
    return ["".join(el.itertext()) for el in g.iter(NS + "text")]


def panel_tiles(text, seat):
    """The names of the tiles drawn in ``seat``'s panel (each tile's tooltip)."""
    g = next(g for g in ET.fromstring(text).iter(NS + "g") if g.get("data-seat") == str(seat))
    return {"".join(el.itertext()) for el in g.iter(NS + "title")}


def check_self_contained(text):
    """Parses; <svg ...> with the SVG namespace and a viewBox; no script, event attribute,
    link, external image or font. Returns the parsed root."""
    assert text.startswith("<svg") and text.endswith("</svg>")
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    assert re.fullmatch(r"0 0 [\d.]+ [\d.]+", root.get("viewBox"))
    assert root.get("viewBox").split()[2:] == [root.get("width"), root.get("height")]  # 1 unit = 1 CSS px
    for el in root.iter():
        assert el.tag not in (NS + "script", NS + "image", NS + "foreignObject", NS + "a", NS + "use")
        for k in el.attrib:
            assert not k.lower().startswith("on"), k
            assert "href" not in k, k
    assert "url(" not in text and "@import" not in text
    return root


# ------------------------------------------------------------- located actions
def place(root, act):
    """The clickable group of ``act``."""
    return next(el for el in root.iter(NS + "g") if el.get("data-action") == act)


def spaces_under(el):
    """The treasury spaces whose area holds the rects of ``el`` (the spaces a place or its
    ghost covers)."""
    out = set()
    for r in el.iter(NS + "rect"):
        x, y = float(r.get("x")), float(r.get("y"))
        for i in range(W * H):
            sx, sy = svg.cell_xy(i)
            if sx <= x < sx + svg.CELL and sy <= y < sy + svg.CELL:
                out.add(CELL_NAMES[i])
    return out


def ghost_cells(root, act):
    """The spaces of the preview of ``act``: the ``g.ghost`` right after its place (a sibling,
    so the place's box is its hit area)."""
    for parent in root.iter():
        kids = list(parent)
        for k, el in enumerate(kids):
            if el.get("data-action") == act:
                assert k + 1 < len(kids) and kids[k + 1].get("class") == "ghost"
                assert not any(g.get("class") == "ghost" for g in el.iter())
                return spaces_under(kids[k + 1])
    raise AssertionError(f"no place {act}")


def test_SO_8_digs_are_chosen_on_the_treasury_with_their_shape_as_preview():
    """Card 1 (three squares across, SO-1.2) on the start board (all heights 4): 4 x 6 = 24
    digs, each a confirmed place on the space of the card's middle square, its ghost the three
    spaces; 'use MI' on the viewer's Mirror tile; 'move' is not legal (SO-6.8) and 'decline'
    has no place (left to the client's list)."""
    s = turn_state(n=2, seat=0, card=1, coins=10, pub=["MI", "T2"])
    text, legal = draw(s, 0)
    root = check_self_contained(text)
    digs = {a for a in legal if a.startswith("dig ")}
    assert len(digs) == 24 and "dig a1,b1,c1" in digs and "dig d6,e6,f6" in digs
    acts = actions_of(text)
    assert sorted(acts) == sorted(digs | {"use MI"})  # each exactly once
    assert set(legal) - set(acts) == {"decline"}
    for dig in digs:
        cells = dig[4:].split(",")
        g = place(root, dig)
        assert g.get("data-confirm") == ""
        hit = next(r for r in g.iter(NS + "rect") if r.get("class") == "hit")
        assert spaces_under_rect(hit) == {cells[1]}  # the middle square anchors it
        assert ghost_cells(root, dig) == set(cells)


def spaces_under_rect(r):
    x, y = float(r.get("x")) + float(r.get("width")) / 2, float(r.get("y")) + float(r.get("height")) / 2
    return {
        CELL_NAMES[i]
        for i in range(W * H)
        if svg.cell_xy(i)[0] <= x < svg.cell_xy(i)[0] + svg.CELL
        and svg.cell_xy(i)[1] <= y < svg.cell_xy(i)[1] + svg.CELL
    }


def test_SO_11_5_with_the_mirror_each_orientation_is_a_layer_chosen_by_its_turned_card():
    """EX-6's card 3 (L of three) with the Mirror on a full board: 100 digs (EX-18), four
    orientations of 25 digs, each a layer of the group "dig" shown by a chooser (the turned
    card); the printed orientation is shown first; a space anchors one dig per layer."""
    s = turn_state(n=2, seat=0, card=3, coins=10, pub=["MI"])
    s.apply_action("use MI")
    text, legal = draw(s, 0)
    root = check_self_contained(text)
    assert len([a for a in legal if a.startswith("dig ")]) == 100
    layers = [g for g in root.iter(NS + "g") if g.get("data-layer-group") == "dig"]
    assert [g.get("data-layer") for g in layers] == ["dig-0", "dig-1", "dig-2", "dig-3"]
    assert [g.get("visibility") for g in layers] == [None, "hidden", "hidden", "hidden"]
    choosers = [g.get("data-show-layer") for g in root.iter(NS + "g") if g.get("class") == "choose"]
    assert choosers == ["dig-0", "dig-1", "dig-2", "dig-3"]
    for g in layers:
        acts = [el.get("data-action") for el in g.iter(NS + "g") if el.get("data-action")]
        assert len(acts) == 25
        anchors = [
            spaces_under_rect(next(r for r in place(g, a).iter(NS + "rect") if r.get("class") == "hit")) for a in acts
        ]
        assert len({frozenset(a) for a in anchors}) == 25
    # EX-6: d4, e4, e5 is the 90-degree orientation (the card turned once)
    dig = "dig d4,e4,e5"
    layer = next(g for g in layers if any(el.get("data-action") == dig for el in g.iter(NS + "g")))
    assert layer.get("data-layer") == "dig-1" and ghost_cells(root, dig) == {"d4", "e4", "e5"}


def test_SO_6_1_a_tile_is_tapped_then_its_target():
    """a1 at height 3, the rest 4: only the tiles of a2, b1, b2 may go down onto a1 (SO-6.2).
    Before 'move' the treasury carries the digs and 'move' is the turn area's button; after
    it each movable tile is a chooser showing its layer, whose one place is a1."""
    s = turn_state(n=2, seat=0, card=9, coins=10, rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"])
    text, legal = draw(s, 0)
    # card 9 is four squares across: 3 placements per row, but not a1-d1 (two levels, SO-8.2)
    digs = [f"dig {','.join(f'{c}{r}' for c in cols)}" for r in range(1, 7) for cols in ("abcd", "bcde", "cdef")]
    digs.remove("dig a1,b1,c1,d1")
    assert sorted(actions_of(text)) == sorted(digs + ["move"]) == sorted(set(legal) - {"decline"})
    assert "Move a tile: 1 coin" in texts(text)
    s.apply_action("move")
    text, legal = draw(s, 0)
    assert sorted(legal) == ["a2-a1", "b1-a1", "b2-a1", "back"]
    assert sorted(actions_of(text)) == ["a2-a1", "b1-a1", "b2-a1"]
    root = ET.fromstring(text)
    choosers = {g.get("data-show-layer"): spaces_under(g) for g in root.iter(NS + "g") if g.get("class") == "choose"}
    assert choosers == {"from-a2": {"a2"}, "from-b1": {"b1"}, "from-b2": {"b2"}}
    for g in root.iter(NS + "g"):
        if g.get("data-layer-group") == "move":
            src = g.get("data-layer")[5:]
            assert g.get("visibility") == "hidden"
            acts = [el.get("data-action") for el in g.iter(NS + "g") if el.get("data-action")]
            assert acts == [f"{src}-a1"]
            hit = next(r for r in place(g, acts[0]).iter(NS + "rect") if r.get("class") == "hit")
            assert spaces_under_rect(hit) == {"a1"}


def test_SO_11_7_seal_picks_are_the_spaces():
    """With the Seal declared every space may start the area (36 picks); after 'pick a1' only
    a2, b1, b2 can follow (connected, SO-2.7), and a1 is drawn as picked."""
    s = turn_state(n=2, seat=0, card=1, coins=10, pub=["SE", "PX"])
    s.apply_action("use SE")
    text, legal = draw(s, 0)
    assert sorted(actions_of(text)) == sorted([f"pick {c}" for c in CELL_NAMES] + ["use PX"])
    s.apply_action("pick a1")
    s.apply_action("pick b1")
    text, legal = draw(s, 0)
    assert sorted(actions_of(text)) == ["pick a2", "pick b2", "pick c1", "pick c2"] == sorted(legal)
    assert "Seal: tap the next space of the area." in texts(text)
    root = ET.fromstring(text)
    for a in legal:  # the third pick digs: confirmed, the whole area as ghost
        assert place(root, a).get("data-confirm") == ""
        assert ghost_cells(root, a) == {"a1", "b1", a[5:]}


def test_SO_4_2_cards_in_hand_are_clickable_for_the_chooser_only():
    s = GAME.new_initial_state(num_players=3, seed=4)
    chooser = s.current_player
    text, legal = draw(s, chooser)
    assert sorted(actions_of(text)) == sorted(legal) == sorted(f"play {c}" for c in s.hands[chooser])
    for seat in (None, *(p for p in range(3) if p != chooser)):
        text, legal = draw(s, seat)
        assert legal == [] and actions_of(text) == []


def test_SO_10_3_gifts_are_the_givers_own_tiles():
    """P1 cannot pay for a move (SO-10.5) and gives a tile of his choice: one click target per
    kind he holds, known (C1, PX, S4) or only his (C2)."""
    s = turn_state(
        n=4, seat=0, card=9, coins=0, pub=["S4", "C1", "PX"], sec=["C2"], rows=["4 4 4 4 4 4"] * 5 + ["3 4 4 4 4 4"]
    )
    mv(s, "a2-a1")
    s.apply_action("decline")
    text, legal = draw(s, 0)
    assert sorted(actions_of(text)) == ["give C1", "give C2", "give PX", "give S4"] == sorted(legal)
    assert "Could not pay: tap a tile to give to P2." in texts(text)
    assert "Could not pay: gives a tile to P2." in texts(draw(s, 3)[0])
    assert "Only you see: you could not pay 1: your wealth was 0" in texts(text)
    # the others see C2 only as a count
    _mine, other = panel(text, 0), panel(draw(s, 1)[0], 0)
    assert panel_tiles(text, 0) == {"curse 1", "curse 2", "Magic Pickaxe", "scroll 4"}
    assert panel_tiles(draw(s, 1)[0], 0) == {"curse 1", "Magic Pickaxe", "scroll 4"}
    assert any("1 tile only its owner knows" in t for t in other)


def test_an_action_not_legal_is_never_drawn_and_foreign_notations_are_ignored():
    s = turn_state(n=2, seat=0, card=1, coins=10, pub=["MI"])
    obs = s.observation(0)
    text = svg.render_svg(obs, ["dig a1,b1,c1", "use AM", "z9-a1", "play 99", "decline"], names(s))
    assert actions_of(text) == ["dig a1,b1,c1"]  # AM not held, z9 no cell, 99 not in hand
    assert actions_of(svg.render_svg(obs, [], names(s))) == []


# ------------------------------------------------------------- whole games
@pytest.mark.parametrize(
    "n,variant,seed", [(2, "standard", 1), (5, "standard", 2), (2, "children", 3), (5, "children", 4)]
)
def test_every_seat_and_spectator_render_every_position(n, variant, seed):
    """Whole greedy games: at every position the spectator's and each seat's drawings parse,
    are self-contained, carry only legal notations (all of them for the located kinds), mark
    the seat to act, and the last one shows the final scores."""
    s = GAME.new_initial_state(num_players=n, seed=seed, variant=variant)
    bots = [meeple.agents.make("greedy", seed=i) for i in range(n)]
    located = re.compile(r"^(play |dig |pick |use |give |move$|[a-f][1-6]-)")
    steps = 0
    while True:
        for seat in [None, *range(n)]:
            text, legal = draw(s, seat)
            root = check_self_contained(text)
            acts = actions_of(root)
            assert len(acts) == len(set(acts))
            assert set(acts) == {a for a in legal if located.match(a)}
            to_act = [g.get("data-seat") for g in root.iter(NS + "g") if "\u25b6 to act" in "".join(g.itertext())]
            assert to_act == ([] if s.is_terminal() else [str(s.current_player)])
        if s.is_terminal():
            break
        s.apply_action(bots[s.current_player].choose(s))
        steps += 1
    assert steps > 20
    totals = [int(el.text) for el in ET.fromstring(text).iter(NS + "text") if el.get("data-score") == "total"]
    assert totals == s.scores()
    assert [r["total"] for r in svg.final_scores(s.observation(None))] == s.scores()


def test_SO_12_final_scores_table_matches_the_breakdown():
    """A 5-player greedy game (seed 1) ends 45, 17, 29, 55, 35: P4 is the winner, and each
    column of the table equals the scoring breakdown (SO-12.2 .. SO-12.5)."""
    from meeple.games.solomon.scoring import breakdown

    s = GAME.new_initial_state(num_players=5, seed=1)
    bots = [meeple.agents.make("greedy", seed=i) for i in range(5)]
    while not s.is_terminal():
        s.apply_action(bots[s.current_player].choose(s))
    assert s.scores() == [45, 17, 29, 55, 35]
    rows = svg.final_scores(s.observation(2))
    for r, b in zip(rows, breakdown(s)):
        assert (r["money"], r["scrolls"], r["curses"], r["curse_bonus"], r["items"], r["item_bonus"], r["total"]) == (
            b["money"],
            b["scrolls"],
            b["curses"],
            b["curse_bonus"],
            b["items"],
            b["item_bonus"],
            b["total"],
        )
    text, legal = draw(s, 2)
    assert legal == [] and actions_of(text) == []
    assert "P4  \u2605 winner" in texts(text)
    assert sum("winner" in t for t in texts(text)) == 1
    with pytest.raises(ValueError, match="finished game"):
        svg.final_scores(GAME.new_initial_state(num_players=5, seed=1).observation(None))


# ------------------------------------------------------------- hidden information
def test_SO_13_a_seat_sees_the_same_drawing_of_any_position_it_cannot_tell_apart():
    """Re-sampled states (other hands, stack bottoms, unrevealed choices, unknown tiles drawn
    anew, SO-13) give the seat the very same SVG; the true position's hidden parts differ."""
    rng = random.Random(7)
    for n, seed in ((3, 11), (5, 12)):
        s = GAME.new_initial_state(num_players=n, seed=seed)
        bots = [meeple.agents.make("greedy", seed=i) for i in range(n)]
        checked = 0
        while not s.is_terminal() and checked < 12:
            if s.phase in ("choose", "turn") and s.round >= 2:
                for seat in range(n):
                    r = s.resample_hidden(seat, rng)
                    assert draw(r, seat)[0] == draw(s, seat)[0]
                checked += 1
            s.apply_action(bots[s.current_player].choose(s))
        assert checked == 12


def test_SO_4_2_a_secret_choice_is_a_card_back_to_the_others():
    s = GAME.new_initial_state(num_players=3, seed=4)
    s.apply_action(f"play {s.hands[0][0]}")
    card = s.choices[0]
    mine, other, spectator = (panel(draw(s, seat)[0], 0) for seat in (0, 1, None))
    assert str(card) in mine and "secret" not in mine
    assert str(card) not in other and "secret" in other
    assert other == spectator


def test_seat_names_are_escaped():
    s = turn_state(n=2, seat=0, card=1, coins=10)
    evil = ['<script>alert("x")</script> & Co', "Bob's \"]]>"]
    text, _ = draw(s, 0, evil)
    check_self_contained(text)
    assert "<script" not in text
    assert any(t.startswith(evil[0]) for t in texts(text))  # shown as written
    assert any(t.startswith(evil[1]) for t in texts(text))
