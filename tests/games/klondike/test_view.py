"""Klondike 1896's view (meeple.games.klondike.view.KlondikeView): actions in words, status
sentences, forced steps, the lobby's texts and the board as the interface."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import meeple
from meeple.core.view import RULE_ID
from meeple.games.klondike import rules
from meeple.games.klondike.components import KIND_INDEX, KINDS

from .test_examples import L2, _tick, family, lay, race, to_place

NS = "{http://www.w3.org/2000/svg}"

CONFIGS = [
    ("family", 2, {}),
    ("family", 3, {"secret_rubies": True}),
    ("family", 4, {"layout": "choose"}),
    ("square", 2, {"layout": "choose"}),
    ("square", 3, {}),
    ("square", 4, {}),
    ("race", 2, {}),
    ("race", 3, {"children": [1]}),
    ("race", 4, {}),
]
"""Every variant with 2, 3 and 4 players (and the options that change what is shown)."""


def _game():
    return meeple.load_game("klondike")


def _state(variant: str, n: int, seed: int = 1, **options):
    return _game().new_initial_state(num_players=n, seed=seed, variant=variant, **options)


def _walk(variant, n, opts, seed, steps):
    """The states of a seeded random game (every state to decide in, up to ``steps``)."""
    s = _state(variant, n, seed, **opts)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            return
        yield s
        s.apply_action(rng.choice(s.legal_actions()))


def _is_words(label: str, notation: str) -> bool:
    """Words, not notation: differs from it, starts with a capital, no rule id, and does not
    quote a notation of several words (``bid 0 2``; a word like "done" may be said)."""
    return (
        label != notation
        and label[:1].isupper()
        and not RULE_ID.search(label)
        and (" " not in notation or notation not in label)
    )


# ----------------------------------------------------------------------------- words
@pytest.mark.parametrize("variant,n,opts", CONFIGS)
def test_every_legal_action_has_a_distinct_label_in_words(variant, n, opts):
    view = _game().view
    kinds = set()
    for seed in (1, 2):
        for s in _walk(variant, n, opts, seed, 300):
            legal = s.legal_actions()
            labels = [view.action_label(s, a) for a in legal]
            for a, lab in zip(legal, labels):
                assert _is_words(lab, a.text), (a.text, lab)
                help_ = view.action_help(s, a)
                assert help_ and RULE_ID.search(help_), (a.text, help_)
                kinds.add(a.kind)
            assert len(set(labels)) == len(labels), [x for x in labels if labels.count(x) > 1]
    expected = {
        "family": {"bid", "place"},
        "square": {"bid", "place"},
        "race": {"tile", "build", "claim", "place", "done", "pick"} | ({"fate"} if n > 2 else set()),
    }[variant]
    assert expected <= kinds, kinds


def test_auction_example_words():
    """EX-6 (the rulebook's auction): Jirka bids 0 on the cross; Honza must bid exactly 1 and
    his label names whom he outbids; Jirka, displaced, raises to 2."""
    view = _game().view
    st = family(n=4, seed=0)
    st.rows = [[KIND_INDEX[k] for k in ("X5", "O4", "L4", "Z4")]] + st.rows[1:]
    st.start = 0
    rules.start_round(st)
    by = {a.text: a for a in st.legal_actions()}
    assert view.action_label(st, by["bid 0 0"]) == "Set your figure at the cross claim for no rubies"
    assert view.action_label(st, by["bid 1 2"]) == "Bid 2 rubies on the square claim"
    assert (
        view.status(st, 0)
        == "Your turn in the auction: set your figure at a claim of the front row (3 rubies to bid with)."
    )
    st.apply_action("bid 0 0")
    by = {a.text: a for a in st.legal_actions()}
    assert view.action_label(st, by["bid 0 1"]) == "Outbid P1: 1 ruby on the cross claim"
    assert "bid 0 2" not in by  # KL-12.3: exactly one more
    st.apply_action("bid 0 1")
    assert view.status(st, 0).startswith("You were outbid")
    assert view.status(st, 2) == "Waiting for P1, who is outbid and must raise or move."
    by = {a.text: a for a in st.legal_actions()}
    assert view.action_label(st, by["bid 0 2"]) == "Outbid P2: 2 rubies on the cross claim"


def test_scoring_example_words():
    """EX-5 (rulebook figure 6: "4 points and 2 rubies"): on landscape L2 the O4 at the start
    covers 4 gold; later the X5 at rows 1-3, columns 2-4 covers 4 gold and 2 rubies."""
    view = _game().view
    st = family(n=2, layout=L2)
    to_place(st, 0, "O4")
    by = {a.text: a for a in st.legal_actions()}
    assert view.action_label(st, by["place O4 0 2 0"]) == "Lay the square claim on rows 2-3, columns 0-1: 4 gold"
    st.apply_action("place O4 0 2 0")
    to_place(st, 0, "X5")
    by = {a.text: a for a in st.legal_actions()}
    assert (
        view.action_label(st, by["place X5 0 1 2"])
        == "Lay the cross claim on rows 1-3, columns 2-4: 4 gold and 2 rubies"
    )
    to_place(st, 0, "L4")
    by = {a.text: a for a in st.legal_actions()}
    labels = [view.action_label(st, a) for a in by.values()]
    assert any(lab.startswith("Lay the L claim, upside down, on ") for lab in labels)
    assert view.status(st, 0) == "Lay the L claim on your landscape, touching the claim you laid last."
    assert view.status(st, 1) == "Waiting for P1, who is laying the L claim."


def _to_place(s):
    rng = random.Random(0)
    while s.phase != "place":
        s.apply_action(rng.choice(s.legal_actions()))
    return s


def test_place_label_names_cells_turn_and_yield():
    """A placement's label: the claim, how it is turned, the rows and columns it covers and its
    yield (KL-1.8) counted from the acting seat's landscape."""
    view = _game().view
    s = _to_place(_state("family", 2, seed=5))
    seat = s.current_player
    board = s.boards[seat]
    for a in s.legal_actions():
        if a.kind != "place":
            continue
        lab = view.action_label(s, a)
        cells = s.shapes[seat].cells[a.args[0]]
        cols = s.shapes[seat].cols
        g = sum(meeple.games.klondike.components.GOLD_OF[board[i]] for i in cells)
        r = sum(meeple.games.klondike.components.RUBY_OF[board[i]] for i in cells)
        rows = sorted({i // cols for i in cells})
        assert (f"row {rows[0]}" if len(rows) == 1 else f"rows {rows[0]}-{rows[-1]}") in lab
        if g:
            assert f"{g} gold" in lab
        if r:
            assert f"{r} rub" in lab
        if not g and not r:
            assert lab.endswith("covers nothing")


def test_domino_example_words():
    """EX-7 (KL-16.2): S0 bids at least 4 of his 5 rubies; after his bid S2 may bid 5 to 7;
    the winner lays the domino."""
    view = _game().view
    st = family(n=4)
    lay(st, 2, "place O4 0 2 0")
    st.start = 0
    st.rubies = [5, 4, 7, 2]
    st.fresh = [0, 0, 0, 3]
    st.won = [-1] * 4
    rules.start_supp(st)
    st._legal_cache = None
    labels = [view.action_label(st, a) for a in st.legal_actions()]
    assert labels == ["Bid 4 rubies for the domino", "Bid 5 rubies for the domino", "Pass on the domino"]
    assert view.status(st, 0) == "Bid at least 4 rubies for the domino, or pass."
    assert view.status(st, 1) == "Waiting for P1, who is deciding on the domino."
    st.apply_action("sbid 4")  # P2 cannot bid 5 and passes automatically (KL-16.2)
    labels = [view.action_label(st, a) for a in st.legal_actions()]
    assert labels == [f"Bid {n} rubies for the domino" for n in (5, 6, 7)] + ["Pass on the domino"]
    assert view.status(st, 2) == "Bid more than 4 rubies for the domino, or pass."
    st.apply_action("sbid 6")
    assert st.phase == "splace" and view.status(st, 2).startswith("Lay the domino on your landscape")
    assert all(
        view.action_label(st, a).startswith(("Lay the domino", "Give up the domino")) for a in st.legal_actions()
    )


def test_race_example_words():
    """EX-14 (the rulebook's round, card W07: 10 gold, 1 ruby): Michal's claims with what
    they add and the running count, his 'done', the favour cards RD7, BL3, GN1 and Pavel's
    fate."""
    view = _game().view
    st = race(n=3)
    assert view.status(st, 0) == (
        "Lay out your landscape for 10 gold and 1 ruby: 1 to 4 tiles (secret until the check)."
    )
    by = {a.text: a for a in st.legal_actions()}
    assert view.action_label(st, by["tile A0"]) == "Lay landscape tile A, as printed, as your first tile"
    for seat, tiles in ((0, ["A0"]), (1, ["A0"]), (2, ["B0", "C0"])):
        for t in tiles:
            _tick(st, seat, "tile " + t)
        if seat == 0:
            assert (
                view.action_label(st, next(a for a in st.legal_actions() if a.kind == "build"))
                == "Start with this landscape of 1 tile"
            )
        _tick(st, seat, "build")
    assert view.status(st, 1) == "Waiting for P1, who is choosing a secret move for turn 1."
    by = {a.text: a for a in st.legal_actions()}
    assert view.action_label(st, by["claim O4"]) == "Take the square claim to lay it"
    st.apply_action("claim O4")
    by = {a.text: a for a in st.legal_actions()}
    assert (
        view.action_label(st, by["place O4 0 2 0"])
        == "Lay the square claim on rows 2-3, columns 0-1: 6 gold and 1 ruby (then 6 gold, 1 ruby)"
    )
    assert view.action_label(st, by["back"]) == "Put the square claim back and choose another move"
    st.apply_action("place O4 0 2 0")
    ticks = [
        (None, "place O4 0 2 0", "place O4 0 2 0"),
        ("place I3 0 1 2", "place I3 0 1 0", "place I3 0 1 2"),
        ("place V3 1 2 2", "place T4 3 2 2", "place I4 1 2 5"),
    ]
    for row in ticks:
        for seat, text in enumerate(row):
            if text:
                _tick(st, seat, text)
    by = {a.text: a for a in st.legal_actions()}
    assert (
        view.action_label(st, by["done"]) == "Say done: you cover 10 gold and 1 ruby, the card asks 10 gold and 1 ruby"
    )
    assert view.action_label(st, by["undo"]) == "Take back the corner three claim you laid last"
    for seat, text in enumerate(("done", "done", "place X5 0 1 6")):
        _tick(st, seat, text)
    assert view.status(st, 0) == "You finished first: take a favour card."
    labels = sorted(view.action_label(st, a) for a in st.legal_actions())
    assert labels == [
        "Take the horse trader's favour card worth 1",
        "Take the madam's favour card worth 4",
        "Take the mayor's favour card worth 2",
    ]
    _tick(st, 0, "pick RD7")
    _tick(st, 1, "pick BL3")
    assert view.status(st, 2) == "Choose whose fate you join: that player's check decides your favour card."
    assert [view.action_label(st, a) for a in st.legal_actions()] == [
        "Join P1's fate: that check decides your card",
        "Join P2's fate: that check decides your card",
    ]


def test_favour_card_words_and_identical_cards():
    view = _game().view
    from meeple.games.klondike.view import favour_words

    assert favour_words("RD7") == "the madam's favour card worth 4"
    assert favour_words("BL3") == "the mayor's favour card worth 2"
    assert favour_words("GN1") == "the horse trader's favour card worth 1"
    # two cards alike in the display (values 1, 1, 2, 2, ... per colour, KL-30.4): distinct labels
    st = race(n=2, display=("RD1", "RD2", "GN1"))
    for seat, t in ((0, "A0"), (1, "A0")):
        _tick(st, seat, "tile " + t)
        _tick(st, seat, "build")
    st.phase, st.pq, st.cur = "pick", [0], 0
    st._legal_cache = None
    labels = [view.action_label(st, a) for a in st.legal_actions()]
    assert labels == [
        "Take the madam's favour card worth 1 (first in the display)",
        "Take the madam's favour card worth 1 (second in the display)",
        "Take the horse trader's favour card worth 1",
    ]


# ----------------------------------------------------------------------------- status
@pytest.mark.parametrize("variant,n,opts", CONFIGS)
def test_status_sentences_for_actor_other_and_spectator(variant, n, opts):
    view = _game().view
    for s in _walk(variant, n, opts, 3, 200):
        cur = s.current_player
        mine = view.status(s, cur)
        other = view.status(s, (cur + 1) % n)
        spect = view.status(s, None)
        name = s.seat_name(cur)
        assert mine[:1].isupper() and mine.endswith(".") and not mine.startswith("Waiting")
        assert other.startswith(f"Waiting for {name}, who is ") and other.endswith(".")
        assert spect.startswith(f"{name} is ") and spect.endswith(".")
        if variant == "race" and s.phase in ("build", "tick"):
            assert "secret" in other or "secret" in spect  # KL-40.1: nothing of the move is told


def test_status_never_tells_secret_rubies():
    """KL-21.2: with secret rubies, the others' status says nothing of the amount."""
    view = _game().view
    s = _state("family", 3, seed=1, secret_rubies=True)
    cur = s.current_player
    assert "3 rubies" in view.status(s, cur)
    assert "rub" not in view.status(s, (cur + 1) % 3) and "rub" not in view.status(s, None)


def test_status_at_the_end_names_the_winners():
    view = _game().view
    s = _state("family", 2, seed=1)
    rng = random.Random(1)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    win = s.winners()
    assert view.status(s, 0) == view.status(s, None)
    assert view.status(s, None).startswith("The game is over: " + s.seat_name(win[0]))


# ----------------------------------------------------------------------------- forced
def test_forced_is_none_for_secret_moves_and_choices():
    view = _game().view
    for variant, n, opts in CONFIGS:
        for s in _walk(variant, n, opts, 7, 200):
            f = view.forced(s)
            legal = s.legal_actions()
            if s.is_secret_decision() or len(legal) > 1:
                assert f is None
            elif legal[0].kind == "pass" and s.options.get("secret_rubies"):
                assert f is None  # KL-21.2: the lone pass is made by the person
            else:
                assert f == legal[0]


def test_forced_discard():
    """EX-13 / KL-14.2: a claim with no placement leaves a lone 'discard', taken for the person."""
    view = _game().view
    rng = random.Random(11)
    for seed in range(1, 40):
        s = _state("family", 2, seed=seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            if len(legal) == 1 and legal[0].kind == "discard":
                assert view.forced(s) == legal[0]
                assert view.action_label(s, legal[0]).startswith("Give up the ")
                return
            s.apply_action(rng.choice(legal))
    pytest.skip("no discard met in 40 random games")


# ----------------------------------------------------------------------------- lobby texts
def test_lobby_texts():
    g = _game()
    view = g.view
    assert len(view.description) > 200 and view.length
    words = len(view.how_to_play.split())
    assert 150 <= words <= 300, words
    assert not RULE_ID.search(view.how_to_play)
    for v in g.variants:
        assert view.variant_text(v)[:1].isupper()
    for o in g.options:
        label, help_ = view.option_text(o.name)
        assert label[:1].isupper() and "_" not in label and not RULE_ID.search(label) and help_
    applies = {v: {o.name for o in g.options if view.option_applies(o.name, v)} for v in g.variants}
    assert applies["family"] == {"layout", "secret_rubies", "ruby_supply_limit", "edge_rule"}
    assert applies["square"] == {"layout", "secret_rubies", "ruby_supply_limit"}  # KL-21.3: no edge rule
    assert applies["race"] == {"tick_cap", "children"}


def test_rules_sections_are_there():
    view = _game().view
    assert view.rule("KL-12.3") is not None and view.rule("KL-12.3").id.startswith("KL-12")


# ----------------------------------------------------------------------------- the board
NO_PLACE = {"pass", "discard", "build", "undo", "relayout", "done", "back"}
"""Action kinds with no place on the board (the client lists them only)."""


def _svg(s, seat):
    view = _game().view
    legal = [a.text for a in s.legal_actions()] if seat is not None and seat == s.current_player else []
    obs = s.observation(seat)
    return view.board_svg(obs, legal, [s.seat_name(i) for i in range(s.num_players)], seat), legal


def _inside_hit(place, hit) -> None:
    """What a confirm place shows outside its preview lies inside its hit area, so its box is
    the hit area (a tap at its centre lands on it; the ghost is display:none until shown)."""
    x, y = float(hit.get("x")), float(hit.get("y"))
    w, h = float(hit.get("width")), float(hit.get("height"))

    def walk(e, dx, dy):
        if e.get("class") == "ghost" or e is hit:
            return
        t = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", e.get("transform") or "translate(0,0)")
        dx, dy = dx + float(t.group(1)), dy + float(t.group(2))
        if e.tag == NS + "circle":
            cx, cy, r = float(e.get("cx")) + dx, float(e.get("cy")) + dy, float(e.get("r"))
            assert x <= cx - r and cx + r <= x + w and y <= cy - r and cy + r <= y + h
        elif e.tag == NS + "rect":
            ex, ey = float(e.get("x")) + dx, float(e.get("y")) + dy
            assert x <= ex + 0.01 and ex + float(e.get("width")) <= x + w + 0.01
            assert y <= ey + 0.01 and ey + float(e.get("height")) <= y + h + 0.01
        for c in e:
            walk(c, dx, dy)

    walk(place, 0.0, 0.0)


def _check_board(svg: str, legal: list[str]) -> dict:
    """Checks the kit's conventions; returns facts for the caller's asserts."""
    root = ET.fromstring(svg)
    acts, places, layers, shows = [], set(), set(), set()
    for el in root.iter():
        fs = el.get("font-size")
        if fs is not None:
            assert float(fs) >= 12, ET.tostring(el)[:200]
        if el.get("class") == "hit":
            assert float(el.get("width")) >= 28 and float(el.get("height")) >= 28
        a = el.get("data-action")
        if a is not None:
            assert el.tag == NS + "g" and el.get("class") == "act"
            hits = [c for c in el if c.get("class") == "hit"]
            assert len(hits) == 1, a
            if el.get("data-confirm") is not None:
                assert any(c.get("class") == "ghost" for c in el.iter()), a  # a preview to confirm
                _inside_hit(el, hits[0])
            acts.append(a)
        if el.get("data-place") is not None:
            places.add(el.get("data-place"))
        if el.get("data-layer") is not None:
            layers.add(el.get("data-layer"))
        if el.get("data-show-layer") is not None:
            shows.add(el.get("data-show-layer"))

    def sizes(el, inherited):  # every text's font size, inherited from its groups
        fs = float(el.get("font-size") or inherited)
        if el.tag == NS + "text":
            assert fs >= 12, ET.tostring(el)[:200]
        for c in el:
            sizes(c, fs)

    sizes(root, 0)
    assert set(acts) <= set(legal)
    assert shows <= layers and layers <= shows | set()  # every layer can be shown, every chooser shows one
    return {"acts": acts, "places": places, "layers": layers}


@pytest.mark.parametrize("variant,n,opts", CONFIGS)
def test_board_is_the_interface(variant, n, opts):
    """Over a seeded random game: every legal action with a place is on the main board, once
    (placements once in their orientation's layer), nothing else is clickable, hit areas are at
    least 28 x 28, text at least 12; spectators and waiting seats get no action; the place keys
    are ``data-place`` values of the spectator's board."""
    view = _game().view
    seen = set()
    for i, s in enumerate(_walk(variant, n, opts, 5, 250)):
        svg, legal = _svg(s, s.current_player)
        facts = _check_board(svg, legal)
        with_place = [a for a in legal if a.split()[0] not in NO_PLACE]
        counted = sorted(a for a in facts["acts"] if not a.startswith("bid ") or facts["acts"].count(a) == 1)
        assert set(facts["acts"]) == set(with_place), set(with_place) ^ set(facts["acts"])
        if not any(a.startswith("bid ") for a in legal):
            assert counted == sorted(with_place)  # each exactly once (a bid may be on its card too)
        seen.update(a.split()[0] for a in facts["acts"])
        if i % 10 == 0:
            spect, _ = _svg(s, None)
            sf = _check_board(spect, [])
            assert sf["acts"] == []
            assert set(view.place_keys(s.observation(None))) <= sf["places"]
            other, _ = _svg(s, (s.current_player + 1) % n)
            assert _check_board(other, [])["acts"] == []
    assert {"bid", "place"} <= seen or variant == "race"
    if variant == "race":
        assert {"tile", "claim", "place"} <= seen


def test_placement_layers_follow_the_pointer():
    """KL-1.6, KL-1.5: one layer per orientation with legal placements; each placement is a
    confirm place at its anchor cell (the covered cell nearest the claim's centre) whose ghost
    covers exactly its cells; the Rotate chooser of each layer shows the next orientation."""
    from meeple.games.klondike.svg import OWN_CS, handle

    st = family(n=2, layout=L2)
    to_place(st, 0, "O4")
    st.apply_action("place O4 0 2 0")
    to_place(st, 0, "L4")
    svg, legal = _svg(st, 0)
    root = ET.fromstring(svg)
    layers = [el for el in root.iter() if el.get("data-layer-group") == "kl-place"]
    orients = sorted({int(a.split()[2]) for a in legal if a.startswith("place ")})
    assert [el.get("data-layer") for el in layers] == [f"kl-o{o}" for o in orients]
    assert [el.get("visibility") for el in layers] == [None] + ["hidden"] * (len(orients) - 1)
    for j, layer in enumerate(layers):
        rotate = [
            c
            for c in layer.iter()
            if c.get("data-show-layer") and any((t.text or "") == "Rotate" for t in c.iter(NS + "text"))
        ]
        assert rotate and rotate[0].get("data-show-layer") == f"kl-o{orients[(j + 1) % len(orients)]}"
        for g in layer.iter(NS + "g"):
            a = g.get("data-action")
            if not a:
                continue
            _, kid, o, r0, c0 = a.split()
            offs = KINDS[KIND_INDEX[kid]].orientations[int(o)]
            hr, hc = handle(kid, int(o))
            assert (hr, hc) in offs
            hit = next(c for c in g if c.get("class") == "hit")
            ghost = next(c for c in g.iter() if c.get("class") == "ghost")
            d = next(e for e in ghost.iter(NS + "path") if e.get("class") == "kl-cells").get("d")
            squares = re.findall(r"M([-\d.]+) ([-\d.]+)h28v28h-28z", d)
            assert len(squares) == len(offs) == d.count("M")
            cells = {(round(float(yy)), round(float(xx))) for xx, yy in squares}
            x0 = float(hit.get("x")) - (int(c0) + hc) * OWN_CS
            y0 = float(hit.get("y")) - (int(r0) + hr) * OWN_CS
            want = {(round(y0 + (int(r0) + dr) * OWN_CS), round(x0 + (int(c0) + dc) * OWN_CS)) for dr, dc in offs}
            assert cells == want, a
            assert float(hit.get("width")) == OWN_CS == 28
            # the preview says what the claim covers, as its label does (KL-1.8)
            covers = next(t.text for t in ghost.iter(NS + "text")).removeprefix("covers ")
            label = _game().view.action_label(st, st.parse_action(a))
            assert label.endswith(covers.replace(", ", " and ") if covers != "nothing" else "covers nothing"), (
                label,
                covers,
            )


def test_tiles_are_chosen_in_the_landscape_slot():
    """KL-10.2 layout=choose: the next tile position shows each face in each rotation, one
    layer each; after face B is laid, 12 layers for A, C and D remain, each a confirm place
    over the second tile position."""
    s = _state("family", 2, seed=1, layout="choose")
    s.apply_action("tile B2")
    svg, legal = _svg(s, s.current_player)
    facts = _check_board(svg, legal)
    assert sorted(facts["layers"]) == sorted(f"kl-t{f}{r}" for f in "ACD" for r in range(4))
    assert sorted(facts["acts"]) == sorted(legal)


def test_bid_chips_are_28_units():
    """KL-12.3: each legal bid is a chip with a 28 x 28 hit area (the issue: chips were 7 x 7)."""
    s = _state("family", 3, seed=1)
    svg, legal = _svg(s, s.current_player)
    root = ET.fromstring(svg)
    chips = [g for g in root.iter(NS + "g") if (g.get("data-action") or "").startswith("bid ")]
    assert len(chips) == 12
    for g in chips:
        c = next(g.iter(NS + "circle"))
        assert float(c.get("r")) * 2 >= 28
