"""Bad saved input (issue 35, part 4): a corrupted, truncated, version-mismatched or
hand-edited save or record gets InvalidRecordError naming the field at fault (its ``field``
attribute), through the Python API and through ``meeple play --load`` and ``meeple replay``
(one clear line, exit 2, no traceback), and the user's file is never changed by a failed load."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.main import app
from meeple.cli.play import load_save, save_game

BUNDLED = ["klondike", "lignum", "magnum-sal", "solomon"]
COUNT_FIELD = {"klondike": "score", "lignum": "loans", "magnum-sal": "money", "solomon": "coins"}
"""Per game, a per-seat list of counts in ``to_dict()["state"]`` that its loader range-checks."""


def _position(name: str):
    game = meeple.load_game(name)
    state = game.new_initial_state(3, seed=5)
    r = random.Random(5)
    for _ in range(30):
        state.apply_action(r.choice(state.legal_actions()))
    return state


def _refused(call, field: str, *words: str) -> meeple.InvalidRecordError:
    with pytest.raises(meeple.InvalidRecordError) as info:
        call()
    e = info.value
    assert e.field == field, (e.field, str(e))
    assert field in str(e)
    for w in words:
        assert w in str(e)
    return e


# ---------------------------------------------------------------- Python API
@pytest.mark.parametrize("name", BUNDLED)
def test_state_from_dict_names_the_field_at_fault(name):
    state = _position(name)
    game = state.game
    good = state.to_dict()
    k = COUNT_FIELD[name]

    def edited(change):
        d = json.loads(json.dumps(good))
        change(d)
        return lambda: game.state_from_dict(d)

    _refused(edited(lambda d: d.__setitem__("version", 2)), "version", "unsupported record version 2")
    _refused(edited(lambda d: d.__setitem__("rules", game.rules_edition + 1)), "rules", "newer meeple")
    _refused(edited(lambda d: d.__setitem__("rules", "1")), "rules", "rules edition '1'")
    _refused(edited(lambda d: d.__setitem__("game", "chess")), "game", "'chess'")
    _refused(edited(lambda d: d.__setitem__("num_players", 9)), "num_players", "not 9")
    _refused(edited(lambda d: d.__setitem__("variant", "nope")), "variant", "unknown variant 'nope'")
    _refused(edited(lambda d: d.__setitem__("seed", "7")), "seed", "'7'")
    _refused(edited(lambda d: d.__setitem__("rng", -1)), "rng", "0..2**64-1")
    _refused(edited(lambda d: d["history"].__setitem__(3, 5)), "history[3]")
    _refused(edited(lambda d: d.__delitem__("events")), "events", "missing")
    # hand-edited values of the game's own fields: a wrong type, out of range, a key gone
    _refused(edited(lambda d: d["state"][k].__setitem__(1, "7")), f"state.{k}[1]", "'7'")
    _refused(edited(lambda d: d["state"][k].__setitem__(2, -9)), f"state.{k}[2]", "-9")
    _refused(edited(lambda d: d["state"].__delitem__(k)), f"state.{k}")
    _refused(edited(lambda d: d.__setitem__("state", [1, 2])), "state", "list")
    assert state.to_dict() == good  # nothing was changed by the refusals


@pytest.mark.parametrize("name", BUNDLED)
def test_replay_names_the_field_at_fault(name):
    state = _position(name)
    good = state.record()

    def edited(change):
        d = json.loads(json.dumps(good))
        change(d)
        return lambda: meeple.replay(d)

    _refused(edited(lambda d: d.__setitem__("version", 0)), "version", "unsupported record version 0")
    _refused(edited(lambda d: d.__setitem__("rules", state.game.rules_edition + 1)), "rules", "newer meeple")
    _refused(
        edited(lambda d: d["actions"].__setitem__(3, "no such move")),
        "actions[3]",
        "action 4 ('no such move') cannot be replayed",
    )
    _refused(edited(lambda d: d["actions"].__setitem__(5, None)), "actions[5]", "None")
    _refused(edited(lambda d: d.__setitem__("actions", "pass")), "actions")
    _refused(edited(lambda d: d.__setitem__("seed", 2.5)), "seed", "2.5")
    _refused(edited(lambda d: d.__setitem__("num_players", 0)), "num_players")
    _refused(edited(lambda d: d.__setitem__("num_players", 9)), "num_players", "not 9")
    _refused(edited(lambda d: d.__delitem__("variant")), "variant", "no 'variant'")
    _refused(edited(lambda d: d.__setitem__("options", {"nonsense": 1})), "options.nonsense", "unknown option")
    _refused(edited(lambda d: d.__setitem__("game", "chess")), "game", "unknown game 'chess'")
    _refused(lambda: meeple.replay([good]), "", "JSON object")
    assert meeple.replay(good).to_dict() == state.to_dict()


# --------------------------------------------------------------------- files
def _bad_files(state, folder) -> dict:
    """name -> (file text or bytes, the field InvalidRecordError must name)."""
    save = {
        "meeple_save": 1,
        "seats": ["greedy"] * state.num_players,
        "record": state.record(),
        "state": state.to_dict(),
    }
    text = json.dumps(save, indent=1)
    k = COUNT_FIELD[state.game.name]
    r = random.Random(35)
    files = {
        "corrupted.json": (bytes(r.randrange(256) for _ in range(600)), ""),
        "truncated.json": (text[: len(text) // 2], ""),
        "empty.json": ("", ""),
    }

    def edit(change):
        d = json.loads(text)
        change(d)
        return json.dumps(d, indent=1)

    files["version.json"] = (edit(lambda d: d["record"].__setitem__("version", 2)), "record.version")
    files["rules.json"] = (edit(lambda d: d["record"].__setitem__("rules", 99)), "record.rules")
    files["format.json"] = (edit(lambda d: d.__setitem__("meeple_save", 7)), "meeple_save")
    files["hand-edited-state.json"] = (
        edit(lambda d: d["state"]["state"][k].__setitem__(1, d["state"]["state"][k][1] + 1)),
        f"state.state.{k}[1]",
    )
    files["hand-edited-action.json"] = (
        edit(lambda d: d["record"]["actions"].__setitem__(4, "nonsense")),
        "record.actions[4]",
    )
    files["bare-record.json"] = (json.dumps({**state.record(), "actions": state.history[:6] + ["x y z"]}), "actions[6]")
    files["bare-state.json"] = (json.dumps({**state.to_dict(), "version": "1"}), "version")
    out = {}
    for fname, (content, field) in files.items():
        path = folder / fname
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        out[path] = field
    return out


@pytest.mark.parametrize("name", BUNDLED)
def test_bad_save_files_are_refused_with_their_field(name, tmp_path):
    state = _position(name)
    good = tmp_path / "good.json"
    save_game(state, ["greedy"] * 3, good)
    assert load_save(good)[0].to_dict() == state.to_dict()
    for path, field in _bad_files(state, tmp_path).items():
        raw, mtime = path.read_bytes(), path.stat().st_mtime_ns
        with pytest.raises(meeple.InvalidRecordError) as info:
            load_save(path)
        assert info.value.field == field, (path.name, info.value.field, str(info.value))
        assert str(path) in str(info.value)
        assert path.read_bytes() == raw and path.stat().st_mtime_ns == mtime


@pytest.mark.parametrize("name", BUNDLED)
def test_cli_refuses_bad_files_in_one_line_and_keeps_them(name, tmp_path):
    state = _position(name)
    runner = CliRunner()
    for path, field in _bad_files(state, tmp_path).items():
        raw, mtime = path.read_bytes(), path.stat().st_mtime_ns
        for args in (["replay", str(path)], ["play", name, "--load", str(path)]):
            r = runner.invoke(app, args, input="quit\n")
            assert r.exit_code == 2, (args, r.output)
            assert isinstance(r.exception, SystemExit), r.exception  # no other exception escaped
            lines = [line for line in r.output.splitlines() if line.strip()]
            assert len(lines) == 1 and lines[0].startswith("error: "), (path.name, r.output)
            assert "Traceback" not in r.output
            if field:
                assert field in r.output
            assert path.read_bytes() == raw and path.stat().st_mtime_ns == mtime, (args, path.name)
        assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(path.stem + "-")) == []


def test_no_traceback_from_the_real_command(tmp_path):
    """The installed entry point (not typer's runner): a clean line on stderr, exit 2."""
    state = _position("solomon")
    files = _bad_files(state, tmp_path)
    env = {**os.environ, "COLUMNS": "200"}
    for path in [p for p in files if p.name in ("corrupted.json", "truncated.json", "hand-edited-state.json")]:
        raw, mtime = path.read_bytes(), path.stat().st_mtime_ns
        for args in (["replay", str(path)], ["play", "solomon", "--load", str(path)]):
            p = subprocess.run(
                [sys.executable, "-m", "meeple", *args],
                capture_output=True,
                text=True,
                env=env,
                input="quit\n",
                timeout=120,
            )
            assert p.returncode == 2, p.stderr
            assert "Traceback" not in p.stderr and "Traceback" not in p.stdout
            assert p.stderr.startswith("error: ") and len(p.stderr.strip().splitlines()) == 1, p.stderr
            assert path.read_bytes() == raw and path.stat().st_mtime_ns == mtime


def test_invalid_record_error_keeps_its_field_across_processes():
    import pickle

    e = meeple.InvalidRecordError("bad money", "state.money[2]")
    again = pickle.loads(pickle.dumps(e))
    assert again.field == "state.money[2]" and str(again) == str(e) == "bad money (field state.money[2])"
    assert meeple.InvalidRecordError("plain").field == ""


# ------------------------------------------- bugs the fuzzer found (loader bounds)
def _edited(name, change):
    state = _position(name)
    d = state.to_dict()
    change(d["state"])
    return lambda: state.game.state_from_dict(d)


def test_LG_16_2_a_dryer_holds_at_most_two_sticks_and_the_drying_hut_moves():
    """A save with 2**63 pieces in a dryer made loading (the search of legal drying moves,
    LG-16.3) endless; now a count over 1000, or a dryer over 2 + one piece a hut token (LG-16.2,
    LG-19.4, LG-19.1: 18 product tokens), is refused."""
    from meeple.games.lignum.state import MAX_DRYER

    assert MAX_DRYER == 20
    _refused(_edited("lignum", lambda s: s["mill"][1][2].__setitem__(4, 2**63)), "state.mill[1][2][4]", "0..1000")
    _refused(
        _edited("lignum", lambda s: s["mill"][1][3].__setitem__(4, 21)),
        "state.mill[1][3]",
        "dryer 3 of seat 1 holds 21 pieces",
        "LG-16.2",
        "at most 20",
    )
    _refused(_edited("lignum", lambda s: s["woodpile"][0].__setitem__(0, 1001)), "state.woodpile[0][0]")
    _refused(_edited("lignum", lambda s: s["food"].__setitem__(2, -1)), "state.food[2]")
    # the bound is far above play: a dryer of 20 pieces still loads
    meeple_ok = _edited("lignum", lambda s: s["mill"][0][1].__setitem__(3, 20) or s["mill"][0][1].__setitem__(0, 0))
    assert meeple_ok().mill[0][1][3] == 20


def test_MS_1_7_at_most_ten_miners_a_colour():
    """A save with 2**63 miners in a castle queue (MS-6.2 moves them one by one) made every
    turn endless; miner counts are 0..10 (MS-1.7)."""
    _refused(_edited("magnum-sal", lambda s: s["q_left"].__setitem__(2, 2**63)), "state.q_left[2]", "MS-1.7")
    _refused(_edited("magnum-sal", lambda s: s["q_right"].__setitem__(0, 11)), "state.q_right[0]", "0..10")
    _refused(_edited("magnum-sal", lambda s: s["owned"].__setitem__(1, 11)), "state.owned[1]")


def test_MS_20_8_a_castle_visit_with_the_royal_privilege_needs_an_unused_one():
    """Found by the 10**7-step fuzz run: a save in the middle of a castle visit (stage
    castle_from) with its ctx nudged from 0 to 1, "with the royal privilege", loaded, and the
    next action raised AssertionError ("no unused royal_privilege")."""
    state, d = _at_stage("magnum-sal", 2, "castle_from", 8, 200, lambda s: s["ctx"] == [0])
    game = state.game
    seat = d["state"]["turn"]
    assert "royal_privilege" not in [
        t for t, used in zip(d["state"]["tools"][seat], d["state"]["tools_used"][seat]) if not used
    ]
    d["state"]["ctx"] = [1]
    _refused(lambda: game.state_from_dict(d), "state.ctx", "royal privilege", "MS-20.8")
    d["state"]["ctx"] = [0]
    assert game.state_from_dict(d).to_dict() == state.to_dict()


def test_KL_15_4_rubies_are_unlimited_but_a_seat_holds_at_most_1000():
    """A save with 10**6 rubies made every auction decision list a million bids (KL-12); rubies,
    fresh rubies and bids are 0..1000 (KL-15.4: an unlimited supply, a few a round)."""
    _refused(_edited("klondike", lambda s: s["rubies"].__setitem__(1, 10**6)), "state.rubies[1]", "0..1000")
    _refused(_edited("klondike", lambda s: s["fresh"].__setitem__(2, 1001)), "state.fresh[2]")


def _at_stage(name, players, stage, rng_seed, tries, ok=lambda s: True):
    """``(state, state.to_dict())`` of the first game (seeds 0..tries-1, random play from one
    ``random.Random(rng_seed)``) that reaches ``stage`` with ``ok(to_dict()["state"])`` true."""
    game = meeple.load_game(name)
    r = random.Random(rng_seed)
    for seed in range(tries):
        state = game.new_initial_state(players, seed=seed)
        while not state.is_terminal() and state.to_dict()["state"]["stage"] != stage:
            state.apply_action(r.choice(state.legal_actions()))
        d = state.to_dict()
        if not state.is_terminal() and ok(d["state"]):
            return state, d
    raise AssertionError(f"no {name} game of {tries} reached stage {stage!r}")


def _walk_to(name, variant, phase, seed=3):
    """A state of ``name`` in ``phase`` (random play from ``seed``)."""
    game = meeple.load_game(name)
    state = game.new_initial_state(3, seed=seed, variant=variant)
    r = random.Random(seed)
    while state.to_dict()["state"]["phase"] != phase or state.move_number < 3:
        state.apply_action(r.choice(state.legal_actions()))
    return state


def test_KL_10_2_a_board_is_four_tiles_after_the_layout():
    """A save with a board cut to 2 tiles loaded and crashed at the next placement."""
    state = _position("klondike")
    d = state.to_dict()
    d["state"]["layouts"][2] = d["state"]["layouts"][2][:2]
    _refused(lambda: state.game.state_from_dict(d), "state.layouts[2]", "P3 has 2 tiles, not 4", "KL-10.2")


def test_KL_40_1_the_tick_order_holds_each_racing_seat_once():
    """Saves with a tick order edited ([0, 0], or emptied) loaded and crashed at the check of the
    boards (the last player's fate had no result)."""
    state = _walk_to("klondike", "race", "tick")
    for tq, words in (([0, 0], "each once"), ([], "still racing")):
        d = state.to_dict()
        d["state"]["tq"] = tq
        _refused(lambda: state.game.state_from_dict(d), "state.tq", words, "KL-40.1")
    d = state.to_dict()
    d["state"]["tpos"] = len(d["state"]["tq"]) + 1
    _refused(lambda: state.game.state_from_dict(d), "state.tpos")


def test_LG_8_6_1_on_the_path_the_clearing_holds_the_foremen_at_space_21():
    """A save with a foreman moved to space 21 but not listed in the clearing loaded, and the
    next arrival took a fifth slot of four (IndexError)."""
    state = _walk_to("lignum", "basic", "travel")
    d = state.to_dict()
    out = next(s for s in range(3) if d["state"]["pos"][s] != 21)
    d["state"]["pos"][out] = 21
    _refused(lambda: state.game.state_from_dict(d), "state.pos", "LG-8.6.1")


def test_LG_8_6_the_foreman_to_move_is_the_next_not_in_the_clearing():
    """Found by the 10**7-step fuzz run: a save on the path with ``actor`` nudged to a seat whose
    foreman is already in the clearing loaded, and that foreman entered it a second time
    (IndexError at the fifth slot of four)."""
    state = _walk_to("lignum", "basic", "travel")
    d = state.to_dict()
    for seat in range(3):
        if seat != d["state"]["actor"]:
            d["state"]["actor"] = seat
            _refused(lambda: state.game.state_from_dict(d), "state.actor", "LG-8.6")
    d = state.to_dict()
    d["state"]["ti"] = 3
    _refused(lambda: state.game.state_from_dict(d), "state.ti", "0..2")


def test_LG_2_4_the_supply_holds_at_most_the_games_tokens():
    """Found by the 10**7-step fuzz run: a save with 2**63 x tokens in the supply loaded, and the
    next refill of the path raised OverflowError."""
    state = _position("lignum")
    for v, words in ((2**63, "LG-2.4"), (-1, "LG-2.4"), ("3", "an integer")):
        d = state.to_dict()
        d["state"]["supply"]["x_token"] = v
        _refused(lambda: state.game.state_from_dict(d), "state.supply.x_token", words)


def test_KL_31_2_a_built_race_landscape_has_a_tile():
    """Found by the 10**7-step fuzz run: race saves with a seat's layout made a string ("") or
    the layouts shuffled loaded, and a seat that had built a landscape of no tile broke the
    next listing of the legal actions (AttributeError)."""
    state = _walk_to("klondike", "race", "tick")
    d = state.to_dict()
    built = next(s for s in range(3) if not d["state"]["building"][s])
    d["state"]["layouts"][built] = ""
    _refused(lambda: state.game.state_from_dict(d), f"state.layouts[{built}]", "list of 0..4 tiles")
    d["state"]["layouts"][built] = []
    _refused(lambda: state.game.state_from_dict(d), f"state.layouts[{built}]", "KL-31.2")


def test_KL_15_4_the_ruby_supply_limit_is_bounded():
    """Found by the 10**7-step fuzz run: a record with ruby_supply_limit 2**64 replayed, and the
    state it gave could not be loaded from its own to_dict()."""
    state = _position("klondike")
    rec = state.record()
    rec["options"]["ruby_supply_limit"] = 2**64
    _refused(lambda: meeple.replay(rec), "options.ruby_supply_limit", "at most 1,000,000")
    rec["options"]["ruby_supply_limit"] = 10**6  # the most: its game saves and loads back
    d = meeple.replay(rec).to_dict()
    assert 0 < d["state"]["supply"] <= 10**6
    assert state.game.state_from_dict(d).to_dict() == d


def test_LG_8_4_1_a_market_visit_has_a_dollar_to_spend_or_a_product_to_sell():
    """Found by the second 10**7-step fuzz run: a save at the market (no purchase yet) with the
    money of its seat set to -2**63-1 loaded; after its two loans the seat had no legal action
    and the game no end. Money is -1000..1000 (negative only by LG-21.6), and a market visit
    needs means (LG-8.4.1, LG-8.5)."""
    state, d = _at_stage("lignum", 2, "market", 4, 100, lambda s: not s["acted"] and not any(s["products"][s["actor"]]))
    game = state.game
    seat = d["state"]["actor"]
    d["state"]["money"][seat] = -(2**63) - 1
    _refused(lambda: game.state_from_dict(d), f"state.money[{seat}]", "-1000..1000")
    d["state"]["money"][seat] = -9
    _refused(lambda: game.state_from_dict(d), f"state.money[{seat}]", "LG-8.4.1")
    d["state"]["money"][seat] = -7  # with two loans of $4 open: $1 to spend
    assert game.state_from_dict(d).legal_actions()


def test_LG_8_6_2_after_the_path_the_clearing_holds_every_seat():
    """Found by the third 10**7-step fuzz run: a save after the path (phase transport) with the
    clearing cut to 3 of 4 seats loaded; at the round's end it became a player order of 3
    seats and the next traveller was looked up out of range (IndexError)."""
    state = _walk_to("lignum", "basic", "fell")
    d = state.to_dict()
    assert sorted(d["state"]["clearing"]) == [0, 1, 2]
    for clearing, words in ((d["state"]["clearing"][:2], "LG-8.6.2"), ([], "LG-8.6.2"), ([0, 0, 1], "twice")):
        d["state"]["clearing"] = clearing
        _refused(lambda: state.game.state_from_dict(d), "state.clearing", words)


def test_LG_4_1_LG_8_4_rounds_path_supply_and_pending_pieces_are_checked():
    """Found by the fourth 10**7-step fuzz run: saves with the round nudged into a winter during
    the felling (IndexError at the next season), a path supply of -1 carriers at the carriers
    space (no action left after the loans) and a pending piece count of -2**63 in the drying
    (a load that never ended) loaded."""
    state = _walk_to("lignum", "basic", "fell")
    d = state.to_dict()
    d["state"]["round"] = 3
    _refused(lambda: state.game.state_from_dict(d), "state.round", "LG-4.1")
    d = state.to_dict()
    d["state"]["path_w"][0] = -1
    _refused(lambda: state.game.state_from_dict(d), "state.path_w[0]", "0..1000")
    d = state.to_dict()
    d["state"]["pend"] = [0, 0, -(2**63)]
    _refused(lambda: state.game.state_from_dict(d), "state.pend[2]", "0..1000")
    st, d = _at_stage("lignum", 3, "space4", 6, 100)  # a foreman at the carriers space ...
    game = st.game
    d["state"]["path_w"][0] = 0
    _refused(lambda: game.state_from_dict(d), "state.stage", "LG-8.4")
