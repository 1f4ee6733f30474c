"""The SVG board of Klondike 1896 (meeple.games.klondike.svg.render_svg) for the web client."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import meeple
from meeple.games.klondike.components import KIND_INDEX, KINDS
from meeple.games.klondike.svg import render_svg

NS = "{http://www.w3.org/2000/svg}"


def _game():
    return meeple.load_game("klondike")


def _state(variant: str, n: int, seed: int, **options):
    return _game().new_initial_state(num_players=n, seed=seed, variant=variant, **options)


def _names(n: int) -> list[str]:
    return [f"P{i + 1}" for i in range(n)]


def _legal(s) -> list[str]:
    return [] if s.is_terminal() else [str(a) for a in s.legal_actions()]


def _view(s, seat):
    """The SVG a seat (or a spectator, None) is shown, as the server renders it."""
    obs = s.observation(seat)
    legal = _legal(s) if seat is not None and seat == s.current_player else []
    return render_svg(obs, legal, [s.seat_name(i) for i in range(s.num_players)]), legal


def _clickable(svg: str) -> list[str]:
    """data-action values of the drawing, each checked to sit on an element of class act."""
    root = ET.fromstring(svg)
    out = []
    for el in root.iter():
        a = el.get("data-action")
        if a is not None:
            assert el.get("class") == "act", el.attrib
            assert el.tag in (NS + "g", NS + "rect", NS + "circle", NS + "path")
            out.append(a)
    return out


def _check_wellformed(svg: str) -> None:
    """Parses; self-contained: a viewBox, no script, image, link, event attribute or url()."""
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    vb = root.get("viewBox").split()
    assert len(vb) == 4 and float(vb[2]) > 100 and float(vb[3]) > 100
    assert not re.search(r"<(script|image|a|foreignObject)[\s>]", svg)
    assert not re.search(r"\s(on\w+|href|xlink:href)=", svg)
    assert "url(" not in svg and "http://" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")


_ACT = re.compile(r'<(\w+) class="act" data-action="([^"]*)"')


def _fast_clickable(svg: str) -> list[str]:
    """data-action values read with a regex (the whole-game test renders hundreds)."""
    assert svg.count("data-action=") == len(_ACT.findall(svg))
    return [a for _, a in _ACT.findall(svg)]


def _advance(s, until, bots, limit=5000):
    """Plays greedy moves until ``until(s)`` holds."""
    for _ in range(limit):
        if until(s):
            return s
        s.apply_action(bots[s.current_player].choose(s))
    raise AssertionError("position not reached")


def _bots(n):
    return [meeple.agents.make("greedy", seed=i) for i in range(n)]


# ----------------------------------------------------------------------------- fixed positions
def test_first_auction_turn_every_bid_is_a_chip():
    """KL-10.4: 3 rubies each; KL-12.3: any bid 0..3 on a free claim; the front row has one
    claim per player (KL-12.1), so 3 x 4 = 12 bids, each one chip on the board."""
    s = _state("family", 3, seed=1)
    svg, legal = _view(s, s.current_player)
    assert sorted(legal) == sorted(f"bid {slot} {n}" for slot in range(3) for n in range(4))
    acts = _clickable(svg)
    assert sorted(acts) == sorted(legal)  # every bid once, nothing else
    assert "3 rubies" in svg
    kid = s.observation(None)["rows"][0][0]
    assert f"({kid})</text>" in svg  # the front row's first claim card names its kind


def test_a_challenge_is_one_amount_on_the_slot_card_and_its_chip():
    """KL-12.3: at a held claim only exactly one more is legal; the card and its chip carry it."""
    s = _state("family", 3, seed=1)
    s.apply_action(s.parse_action("bid 0 1"))  # the start player holds slot 0 with 1
    svg, legal = _view(s, s.current_player)
    assert "bid 0 2" in legal and not any(a.startswith("bid 0 ") and a != "bid 0 2" for a in legal)
    acts = _clickable(svg)
    assert acts.count("bid 0 2") == 2
    assert set(acts) == set(legal)
    assert sorted(set(legal)) == sorted({"bid 0 2", *(f"bid {slot} {n}" for slot in (1, 2) for n in range(4))})


def test_placements_are_on_the_own_landscape_discard_and_pass_are_not():
    """KL-1.6: every placement once, as a confirm place in its orientation's layer over the
    viewer's own landscape (no thumbnails)."""
    s = _advance(_state("family", 2, seed=5), lambda s: s.observation(None)["phase"] == "place", _bots(2))
    svg, legal = _view(s, s.current_player)
    places = [a for a in legal if a.startswith("place ")]
    assert places
    acts = _clickable(svg)
    assert sorted(acts) == sorted(places)  # each placement exactly once
    # KL-2.1: the first claim covers a start cell (2,0) or (3,0); the won claim's kind
    won = s.observation(None)["players"][s.current_player]["won"]
    assert all(a.split()[1] == won for a in acts)
    name = "the domino" if won == "D2" else f"the {KINDS[KIND_INDEX[won]].name} claim"
    assert f"Lay {name}:" in svg
    assert svg.count('data-layer-group="kl-place"') == len({a.split()[2] for a in places})


def test_square_first_claim_goes_anywhere():
    """KL-21.3: the first claim may go anywhere on the 12 x 12 board: every placement is a dot."""
    s = _advance(_state("square", 2, seed=3), lambda s: s.observation(None)["phase"] == "place", _bots(2))
    svg, legal = _view(s, s.current_player)
    assert len(legal) > 60
    assert sorted(_clickable(svg)) == sorted(legal)
    assert "zones -" in svg  # nothing covered yet (the plate's zone list)


def test_domino_auction_chips_and_no_pass():
    bots = _bots(2)
    s = _advance(
        _state("family", 2, seed=1),
        lambda s: s.observation(None)["phase"] == "sauction" and "sbid 4" in _legal(s),
        bots,
    )
    svg, legal = _view(s, s.current_player)
    sbids = {a for a in legal if a.startswith("sbid ")}
    assert "pass" in legal and min(int(a.split()[1]) for a in sbids) == 4  # KL-16.2: at least 4
    assert set(_clickable(svg)) == sbids
    assert "Domino auction" in svg


def test_layout_choose_tiles_are_clickable_previews():
    """KL-10.2 layout=choose: 4 faces x 4 rotations, then the used face disappears."""
    s = _state("family", 2, seed=1, layout="choose")
    svg, legal = _view(s, s.current_player)
    assert sorted(_clickable(svg)) == sorted(f"tile {f}{r}" for f in "ABCD" for r in range(4)) == sorted(legal)
    s.apply_action(s.parse_action("tile B2"))
    svg, legal = _view(s, s.current_player)
    assert s.current_player == 0  # the same player lays his next tile
    assert sorted(_clickable(svg)) == sorted(f"tile {f}{r}" for f in "ACD" for r in range(4))


def test_race_phases_clickable_subsets():
    """Race: tiles while building ('build' listed only), claims of the set in a tick
    ('done', 'relayout', 'undo' listed only), placements after 'claim', picks, fate."""
    bots = _bots(3)
    s = _state("race", 3, seed=2)  # with 2 players the last player's fate is forced (KL-38.1)
    seen = set()
    for _ in range(3000):
        if s.is_terminal():
            break
        svg, legal = _view(s, s.current_player)
        acts = _fast_clickable(svg)
        expect = sorted(a for a in legal if a.split()[0] in ("tile", "claim", "place", "pick", "fate"))
        assert sorted(acts) == expect, (legal, acts)
        seen.update(a.split()[0] for a in acts)
        s.apply_action(bots[s.current_player].choose(s))
    assert {"tile", "claim", "place", "pick", "fate"} <= seen


def test_no_legal_no_action():
    s = _state("family", 4, seed=2)
    svg = render_svg(s.observation(s.current_player), [], _names(4))
    assert "data-action" not in svg and 'class="act"' not in svg
    s = _state("race", 3, seed=2)
    svg = render_svg(s.observation(s.current_player), [], _names(3))
    assert "data-action" not in svg and 'class="act"' not in svg


def test_only_given_notations_are_clickable():
    """A notation missing from ``legal`` is never drawn as an action, even if the state allows it."""
    s = _state("family", 3, seed=1)
    svg = render_svg(s.observation(s.current_player), ["bid 1 2"], _names(3))
    assert _clickable(svg) == ["bid 1 2", "bid 1 2"]  # the slot card (its only amount) and its chip


# ----------------------------------------------------------------------------- whole games
@pytest.mark.parametrize(
    "variant,n,seed,opts",
    [
        ("family", 2, 1, {}),
        ("family", 4, 2, {"secret_rubies": True}),
        ("square", 2, 3, {}),
        ("square", 4, 4, {"layout": "choose"}),
        ("race", 2, 5, {}),
        ("race", 4, 6, {}),
    ],
)
def test_whole_games_every_view_renders(variant, n, seed, opts):
    """Every step: the seat to act with its legal actions; at every phase change (and at the
    end) every seat and a spectator. Drawings parse, are self-contained, and only legal
    notations are clickable."""
    s = _state(variant, n, seed, **opts)
    bots = _bots(n)
    last_phase = None
    phases = set()
    while True:
        phase = s.observation(None)["phase"]
        phases.add(phase)
        if phase != last_phase or s.is_terminal():
            for seat in [None, *range(n)]:
                svg, legal = _view(s, seat)
                _check_wellformed(svg)
                acts = _clickable(svg)
                assert set(acts) <= set(legal)
                if seat is None or seat != s.current_player:
                    assert acts == []
            last_phase = phase
        if s.is_terminal():
            break
        svg, legal = _view(s, s.current_player)
        assert set(_fast_clickable(svg)) <= set(legal)
        s.apply_action(bots[s.current_player].choose(s))
    assert "end" in phases


def test_terminal_family_shows_final_scores():
    """KL-19: score - penalty = final points, as the engine's scores(); the winner is named."""
    s = _advance(_state("family", 3, seed=7), lambda s: s.is_terminal(), _bots(3))
    svg, _ = _view(s, None)
    obs = s.observation(None)
    final = s.scores()
    for seat, p in enumerate(obs["players"]):
        assert f"{s.seat_name(seat)}: {p['score']} - {p['penalty']} = {final[seat]} points" in svg
    assert "Final scores" in svg and "WINNER" in svg
    assert "to act" not in svg and "game over" in svg


def test_terminal_race_shows_final_scores():
    """KL-36: celebrity points + total-favour points, equal to the engine's scores()."""
    s = _advance(_state("race", 3, seed=8), lambda s: s.is_terminal(), _bots(3))
    svg, _ = _view(s, 1)
    texts = "\n".join(el.text or "" for el in ET.fromstring(svg).iter(NS + "text"))
    final = s.scores()
    for seat in range(3):
        m = re.search(
            re.escape(s.seat_name(seat)) + r": celebrities \d+ \+ total favour \d+ -> \d+ = (-?\d+) points", texts
        )
        assert m and int(m.group(1)) == final[seat]
    assert "Final scoring" in texts and "WINNER" in texts


# ----------------------------------------------------------------------------- hidden information
def test_race_seat_view_does_not_depend_on_hidden_boards():
    """KL-50.2: the others' landscapes and claims are hidden until the check. A re-sample
    for seat 0 redraws them; seat 0's drawing stays the same byte for byte."""
    bots = _bots(3)
    s = _advance(_state("race", 3, seed=11), lambda s: s.observation(None)["phase"] == "tick" and s.tick >= 3, bots)
    names = _names(3)
    rng = random.Random(4)
    svg0 = render_svg(s.observation(0), [], names)
    differs = 0
    for _ in range(5):
        r = s.resample_hidden(0, rng)
        differs += (r.layouts[1], r.claims[1], r.layouts[2], r.claims[2]) != (
            s.layouts[1],
            s.claims[1],
            s.layouts[2],
            s.claims[2],
        )
        assert render_svg(r.observation(0), [], names) == svg0
    assert differs  # the hidden parts really changed
    # the only tiles drawn in a tick are the viewer's own (one cell group per tile); none for
    # a spectator
    tiles = '<g stroke="#6d6d5a" stroke-width="0.4">'
    assert svg0.count(tiles) == len(s.layouts[0]) >= 1
    assert render_svg(s.observation(None), [], names).count(tiles) == 0


def test_secret_rubies_are_a_question_mark():
    """KL-21.2: with secret_rubies the others' rubies show as '?', the viewer's own as a count."""
    s = _state("family", 3, seed=1, secret_rubies=True)
    svg = render_svg(s.observation(0), [], _names(3))
    root = ET.fromstring(svg)
    texts = [el.text for el in root.iter(NS + "text") if el.text]
    plates = [t for t in texts if "points," in t]
    assert plates == ["0 points, 3 rubies", "0 points, ? rubies (secret)", "0 points, ? rubies (secret)"]


def test_family_spectator_equals_for_obs_equal_states():
    """The undealt pool order is hidden (KL-50.2): re-sampled states draw the same."""
    s = _advance(_state("family", 4, seed=3), lambda s: s.observation(None)["round"] == 3, _bots(4))
    r = s.resample_hidden(2, random.Random(1))
    assert r.pool != s.pool
    assert render_svg(r.observation(2), [], _names(4)) == render_svg(s.observation(2), [], _names(4))


# ----------------------------------------------------------------------------- text
def test_seat_names_are_escaped():
    name = '<b>Ann & "Bo"</b>'
    s = _state("family", 2, seed=1)
    svg = render_svg(s.observation(0), _legal(s), [name, "x<y"])
    assert "<b>" not in svg and "x<y" not in svg
    root = ET.fromstring(svg)
    texts = [el.text or "" for el in root.iter(NS + "text")]
    assert any(name in t for t in texts) and any("x<y" in t for t in texts)
    s = _state("race", 2, seed=1)
    svg = render_svg(s.observation(None), [], [name, "x<y"])
    assert "<b>" not in svg
    assert any(name in (el.text or "") for el in ET.fromstring(svg).iter(NS + "text"))


def test_turn_and_viewer_are_marked():
    s = _state("family", 3, seed=1)
    cur = s.current_player
    svg, _ = _view(s, cur)
    assert f"{s.seat_name(cur)} to act" in svg and f"{s.seat_name(cur)} (you)" in svg
    spect, _ = _view(s, None)
    assert "(you)" not in spect and f"{s.seat_name(cur)} to act" in spect


def test_limited_ruby_supply_is_shown():
    """KL-15.4 option ruby_supply_limit=32: 3 players take 3 rubies each (KL-10.4), 23 remain;
    KL-10.5: six rows of 3 claims leave 100 - 18 = 82 in the pool, the 16 dominoes apart."""
    s = _state("family", 3, seed=1, ruby_supply_limit=32)
    svg, _ = _view(s, None)
    assert "pool 82 claims, dominoes 16, ruby supply 23" in svg
    assert "ruby supply" not in _view(_state("family", 3, seed=1), None)[0]  # unlimited by default
