"""The fuzz harness and the leak check (issue 35): CI's bounded slice of them on every game,
hypothesis driving the same save and record mutations, and planted bugs the harness must
find (so that a clean run means something)."""

from __future__ import annotations

import json
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.testing.fuzz import (
    _accepted_state_ok,
    fuzz,
    information_set_key,
    leak_check,
    mutate_json,
    mutate_record,
    mutate_text,
)
from tests.support.planted import SloppyToy
from tests.support.toy import ToyState

BUNDLED = ["klondike", "lignum", "magnum-sal", "solomon"]
SLICE = 3_000
"""CI's slice of the fuzz run a game (the long run is in docs/hardening.md)."""


@pytest.mark.parametrize("name", BUNDLED + ["toy"])
def test_fuzz_slice_finds_nothing_and_throws_every_kind(name):
    report = fuzz(name, SLICE, seed=35)
    assert report.failures == [] and report.failures_total == 0, [f.to_dict() for f in report.failures[:2]]
    assert report.steps == SLICE
    kinds = {k.split(":")[0] for k in report.rejections}
    assert {"elsewhere", "typo", "garbage", "unicode", "long", "not_str", "foreign_action", "seat", "save"} <= kinds
    assert report.rejections["not_str"] > 0 and report.full_checks > 0
    assert report.games_finished >= 1 and report.max_game_length > 0
    # every step is one input: a legal action, a refusal (or a typo that was legal), or a load
    thrown = (
        report.legal_steps
        + sum(report.rejections.values())
        + sum(report.loads_accepted.values())
        + report.accepted_variants
    )
    assert thrown == SLICE


def test_fuzz_is_reproducible_from_its_seed():
    a = fuzz("lignum", 1_500, seed=9).to_dict()
    b = fuzz("lignum", 1_500, seed=9).to_dict()
    c = fuzz("lignum", 1_500, seed=10).to_dict()
    for d in (a, b, c):
        d.pop("seconds")
    assert a == b
    assert a != c


def test_fuzz_refuses_a_bad_configuration():
    with pytest.raises(meeple.InvalidConfigError, match="takes 2 to 5 players"):
        fuzz("solomon", 10, num_players=9)
    with pytest.raises(meeple.InvalidConfigError, match="steps must be"):
        fuzz("solomon", -1)
    with pytest.raises(meeple.InvalidConfigError, match="unknown game"):
        fuzz("chess", 10)


# ---------------------------------------------------------------- planted bugs
class _LeakyToy(ToyState):
    """Shows everyone the order of the deck (a leak)."""

    def _observation(self, seat):
        obs = super()._observation(seat)
        obs["deck_top"] = self.deck[-1] if self.deck else None
        return obs


class _EndlessToy(ToyState):
    """'stop' never stops: the game has no end."""

    def _legal_actions(self):
        return [meeple.Action("stop", "stop")]

    def _apply(self, action):
        self.turn = (self.turn + 1) % self.num_players


class _HangingToy(ToyState):
    """Waits for a valid seat to move when loading: a save edited to another seat hangs."""

    def _load_state_dict(self, d):
        super()._load_state_dict(d)
        while not 0 <= self.turn < self.num_players:
            time.sleep(0.01)


def test_fuzz_finds_a_refusal_that_changes_the_state_and_a_python_error(planted):
    game = planted(SloppyToy, "toy-sloppy")
    report = fuzz(game, 4_000, seed=1, check_every=1)
    kinds = {f.kind for f in report.failures}
    assert report.failures_total > 0
    assert "long" in kinds  # the KeyError
    problems = {f.problem.splitlines()[-1] for f in report.failures}
    assert any("KeyError" in p for p in problems)
    assert any("changed to_dict()" in p for p in problems)
    # a reproducer: the record so far replays to the position where the input was thrown
    f = next(f for f in report.failures if "changed to_dict()" in f.problem)
    state = meeple.replay(f.record)
    assert state.history == f.record["actions"]
    json.dumps(f.to_dict())  # the reproducer file of 'meeple fuzz' is JSON


def test_fuzz_finds_a_game_without_an_end(planted):
    game = planted(_EndlessToy, "toy-endless")
    report = fuzz(game, 2_000, seed=1, step_cap=300)
    assert report.games_finished == 0
    assert report.failures and report.failures[0].kind == "no_end"
    assert report.failures[0].problem == "no end after 300 legal actions"
    assert len(report.failures[0].record["actions"]) == 301


def test_fuzz_finds_a_load_that_hangs(planted):
    game = planted(_HangingToy, "toy-hanging")
    report = fuzz(game, 1500, seed=4, save_every=2, record_every=10**9, load_timeout=0.3)
    slow = [f for f in report.failures if f.kind.startswith("save:") and f.kind.endswith(":slow")]
    assert slow, report.to_dict()
    assert slow[0].problem == "no answer in 0.3 s"
    assert slow[0].input["path"] == "state.turn"
    assert slow[0].input["save"]["state"]["turn"] not in range(slow[0].num_players)


def test_leak_check_finds_a_leak(planted):
    game = planted(_LeakyToy, "toy-leaky")
    report = leak_check(game, 60, seed=2, every=1)
    assert report.leaks_total > 0
    assert "changed seat" in report.leaks[0] and "information-set key" in report.leaks[0]


class _DeckTopToy(ToyState):
    """Shows everyone the top card of the deck, and re-samples nothing (so a re-sample cannot
    tell): only a state built with the deck's order shuffled (the hook) shows the leak."""

    def _observation(self, seat):
        obs = super()._observation(seat)
        obs["deck_top"] = self.deck[-1] if self.deck else None
        return obs

    def _copy(self):
        new = super()._copy()
        new.__class__ = type(self)  # ToyState._copy makes a ToyState
        return new

    def _resample(self, seat, rng):
        pass


class _DeckTopToyUndeclared(_DeckTopToy):
    hidden_orders = ()


def test_leak_check_shuffles_the_orders_a_game_declares_hidden(planted):
    report = leak_check(planted(_DeckTopToy, "toy-decktop"), 60, seed=2, every=1)
    assert report.independent > 0 and report.leaks_total > 0
    assert "shuffling a hidden order (deck) changed the observation of seat 0" in report.leaks[0]
    undeclared = leak_check(planted(_DeckTopToyUndeclared, "toy-decktop-undeclared"), 60, seed=2, every=1)
    assert undeclared.independent == 0 and undeclared.leaks_total == 0  # nothing declared: not seen


@pytest.mark.parametrize("name", BUNDLED)
def test_every_game_declares_its_hidden_orders(name):
    state = meeple.load_game(name).new_initial_state(3, seed=1)
    r = random.Random(1)
    for _ in range(20):
        state.apply_action(r.choice(state.legal_actions()))
    saved = state.to_dict()["state"]
    kept = json.dumps(saved, sort_keys=True)
    shuffled = state.shuffle_hidden_orders(saved, random.Random(3))
    assert shuffled and json.dumps(saved, sort_keys=True) != kept
    assert json.dumps(state.to_dict()["state"], sort_keys=True) == kept  # the state itself is left alone


# ------------------------------------------------------------------ leak check
LEAK_OPTIONS = {
    "lignum": {"advanced": {"hidden_products": True}},
    "klondike": {"family": {"secret_rubies": True}},
}


@pytest.mark.parametrize("name", BUNDLED)
def test_leak_check_slice(name):
    """CI's slice: some hundreds of states a game (the 10^5 run: docs/hardening.md)."""
    report = leak_check(name, 300, seed=35, options_by_variant=LEAK_OPTIONS.get(name))
    assert report.leaks == [] and report.leaks_total == 0
    assert report.states == 300
    assert report.resamples >= 2 * 300
    assert report.independent > 100  # states with a hidden order shuffled, built from to_dict


@pytest.mark.parametrize("name", BUNDLED)
def test_information_set_key_is_kept_by_resample_hidden(name):
    game = meeple.load_game(name)
    state = game.new_initial_state(3, seed=4)
    r = random.Random(4)
    for _ in range(60):
        state.apply_action(r.choice(state.legal_actions()))
    seat = state.current_player
    key = information_set_key(state, seat)
    assert key == json.dumps(state.observation(seat), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    for i in range(5):
        assert information_set_key(state.resample_hidden(seat, random.Random(i)), seat) == key
    with pytest.raises(ValueError, match="is not a seat"):
        information_set_key(state, 3)


# ------------------------------------------------- hypothesis: the same mutations
MUTATIONS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_POSITIONS: dict = {}


def _position(name: str, moves: int):
    """A mid-game state of ``name`` (cached: the mutations copy it, never change it)."""
    key = (name, moves)
    if key not in _POSITIONS:
        state = meeple.load_game(name).new_initial_state(3, seed=moves)
        r = random.Random(moves)
        for _ in range(moves):
            if state.is_terminal():
                break
            state.apply_action(r.choice(state.legal_actions()))
        _POSITIONS[key] = state
    return _POSITIONS[key]


@pytest.mark.parametrize("name", BUNDLED)
@MUTATIONS
@given(seed=st.integers(0, 2**32), moves=st.sampled_from([0, 7, 40]))
def test_a_mutated_save_is_refused_with_its_field_or_loads_a_sound_state(name, seed, moves):
    state = _position(name, moves)
    game = state.game
    before = json.dumps(state.to_dict(), sort_keys=True)
    r = random.Random(seed)
    op, where, mutated = mutate_json(state.to_dict(), r)
    try:
        loaded = game.state_from_dict(mutated)
    except meeple.InvalidRecordError as e:
        assert isinstance(e.field, str)
        if e.field:
            assert e.field in str(e)
    else:
        assert _accepted_state_ok(game, loaded, r) == "", (op, where)
    assert json.dumps(state.to_dict(), sort_keys=True) == before


@pytest.mark.parametrize("name", BUNDLED)
@MUTATIONS
@given(seed=st.integers(0, 2**32), moves=st.sampled_from([7, 40]))
def test_a_mutated_record_is_refused_with_its_field_or_replays_soundly(name, seed, moves):
    state = _position(name, moves)
    r = random.Random(seed)
    op, where, mutated = mutate_record(state.record(), r)
    try:
        loaded = meeple.replay(mutated)
    except meeple.InvalidRecordError as e:
        assert isinstance(e.field, str)
        if op in ("edit_action", "swap_actions", "drop_action") and e.field.startswith("actions["):
            assert 0 <= int(e.field[len("actions[") : -1]) < len(mutated["actions"])
    else:
        assert _accepted_state_ok(loaded.game, loaded, r) == "", (op, where)


@pytest.mark.parametrize("name", BUNDLED)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_mutated_save_text_is_refused_cleanly_and_the_file_is_kept(name, seed, tmp_path_factory):
    from meeple.cli.play import load_save

    state = _position(name, 7)
    op, text = mutate_text(json.dumps(state.to_dict(), sort_keys=True), random.Random(seed))
    path = tmp_path_factory.mktemp("save") / "save.json"
    path.write_text(text, encoding="latin-1")
    raw, mtime = path.read_bytes(), path.stat().st_mtime_ns
    try:
        load_save(path)
    except meeple.InvalidRecordError:
        pass
    assert path.read_bytes() == raw and path.stat().st_mtime_ns == mtime
