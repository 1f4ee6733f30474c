"""The generic, game-agnostic property suite: every registered game gets it automatically.

DESIGN.md, "Testing": legal actions always apply; an illegal action raises and changes
nothing; determinism; clone independence; round trips; observations that do not depend
on hidden parts; resample_hidden that cannot peek.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple

GAMES = sorted(set(meeple.game_names()) | {"toy"})
BUNDLED = [g for g in meeple.game_names() if g != "toy"]
PROPS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dump(state) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


@st.composite
def positions(draw, game_name):
    """A (state, choices) pair: a random configuration walked a random number of steps."""
    game = meeple.load_game(game_name)
    n = draw(st.integers(game.min_players, game.max_players))
    variant = draw(st.sampled_from(list(game.variants)))
    seed = draw(st.integers(0, 2**40))
    steps = draw(st.integers(0, 400))
    walk = draw(st.integers(0, 2**32))
    try:
        state = game.new_initial_state(num_players=n, seed=seed, variant=variant)
    except meeple.InvalidConfigError:
        state = game.new_initial_state(num_players=game.max_players, seed=seed, variant=variant)
    rng = random.Random(walk)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("name", GAMES)
def test_contract_game_metadata(name):
    game = meeple.load_game(name)
    assert game.name == name
    assert 1 <= game.min_players <= game.max_players
    assert game.variants and all(isinstance(v, str) for v in game.variants)
    with pytest.raises(meeple.InvalidConfigError):
        game.new_initial_state(num_players=game.max_players + 1, seed=0)
    with pytest.raises(meeple.InvalidConfigError):
        game.new_initial_state(num_players=game.min_players - 1 or -1, seed=0)
    with pytest.raises(meeple.InvalidConfigError):
        game.new_initial_state(num_players=game.min_players, seed=0, variant="no-such-variant")
    with pytest.raises(meeple.InvalidConfigError):
        game.new_initial_state(num_players=game.min_players, seed=0, no_such_option=1)


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data())
def test_contract_legal_actions_apply_and_notation_round_trips(name, data):
    state = data.draw(positions(name))
    if state.is_terminal():
        assert state.legal_actions() == []
        return
    legal = state.legal_actions()
    assert legal, "non-terminal state without legal actions"
    texts = [a.text for a in legal]
    assert len(set(texts)) == len(texts), "two legal actions share a notation"
    for a in legal:
        assert state.parse_action(str(a)) == a
        child = state.clone()
        child.apply_action(str(a))  # by notation
        assert child.move_number == state.move_number + 1


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data())
def test_contract_illegal_action_changes_nothing(name, data):
    state = data.draw(positions(name))
    before = dump(state)
    for bad in ("this-is-no-action", "", "done done", "99999"):
        with pytest.raises(meeple.IllegalActionError):
            state.apply_action(bad)
        assert dump(state) == before
    # an action legal elsewhere but not here
    if not state.is_terminal():
        other = state.clone()
        legal_here = set(a.text for a in state.legal_actions())
        rng = random.Random(7)
        for _ in range(30):
            if other.is_terminal():
                break
            foreign = [a for a in other.legal_actions() if a.text not in legal_here]
            if foreign:
                with pytest.raises(meeple.IllegalActionError):
                    state.apply_action(foreign[0])
                assert dump(state) == before
                break
            other.apply_action(rng.choice(other.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data())
def test_contract_mutating_the_legal_actions_list_changes_nothing(name, data):
    """legal_actions() hands out a new list: a caller that empties or reverses it leaves the
    state's own list, its notation parsing and its saved form as they were."""
    state = data.draw(positions(name))
    if state.is_terminal():
        return
    before = dump(state)
    texts = [a.text for a in state.legal_actions()]
    mine = state.legal_actions()
    mine.reverse()
    last = mine.pop(0)
    mine.clear()
    assert [a.text for a in state.legal_actions()] == texts
    assert state.legal_actions() is not state.legal_actions()
    assert dump(state) == before
    state.apply_action(last.text)  # still found by its notation
    assert state.history[-1] == texts[-1]


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data())
def test_contract_clone_independence(name, data):
    state = data.draw(positions(name))
    snapshot = dump(state)
    early = state.clone()
    early_snapshot = dump(early)
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        grandchild = child.clone()
        if not grandchild.is_terminal():
            grandchild.apply_action(grandchild.legal_actions()[-1])
        assert dump(state) == snapshot, f"applying {a} to a clone changed the original"
        assert dump(early) == early_snapshot
    assert dump(state.clone()) == snapshot


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data())
def test_contract_round_trips(name, data):
    state = data.draw(positions(name))
    game = state.game
    d = json.loads(json.dumps(state.to_dict()))
    again = game.state_from_dict(d)
    assert dump(again) == dump(state)
    assert again.legal_actions() == state.legal_actions()
    record = json.loads(json.dumps(state.record()))
    replayed = meeple.replay(record)
    assert dump(replayed) == dump(state)
    if record["actions"]:
        record["actions"][len(record["actions"]) // 2] = "this-is-no-action"
        with pytest.raises(meeple.InvalidRecordError):
            meeple.replay(record)


@pytest.mark.parametrize("name", GAMES)
def test_contract_malformed_saves_are_rejected(name):
    game = meeple.load_game(name)
    state = game.new_initial_state(num_players=game.min_players, seed=3)
    good = state.to_dict()
    for bad in (None, [], {"game": name}, dict(good, state={}), dict(good, num_players="two"),
                dict(good, variant="nope"), dict(good, game="other"), dict(good, history=[1, 2])):
        with pytest.raises(meeple.InvalidRecordError):
            game.state_from_dict(bad)
    for bad_record in ({}, dict(state.record(), seed="x"), dict(state.record(), actions="a"),
                       dict(state.record(), num_players=99)):
        with pytest.raises(meeple.InvalidRecordError):
            meeple.replay(bad_record)


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data(), k=st.integers(0, 2**31))
def test_contract_observation_ignores_hidden_parts(name, data, k):
    state = data.draw(positions(name))
    for seat in range(state.num_players):
        obs = json.dumps(state.observation(seat), sort_keys=True)
        resampled = state.resample_hidden(seat, random.Random(k))
        # the re-sample differs only in what seat cannot see: seat's observation is equal
        assert json.dumps(resampled.observation(seat), sort_keys=True) == obs
        # and the re-sample depends on nothing seat cannot see (no peeking through it)
        again = resampled.resample_hidden(seat, random.Random(k))
        assert dump(again) == dump(state.resample_hidden(seat, random.Random(k)))
        # a re-sample is a playable state
        if not resampled.is_terminal():
            resampled.apply_action(resampled.legal_actions()[0])
    json.dumps(state.observation(None))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_contract_determinism(name, seed):
    game = meeple.load_game(name)
    runs = []
    for _ in range(2):
        state = game.new_initial_state(num_players=game.max_players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        runs.append(dump(state))
    assert runs[0] == runs[1]
    assert len(state.scores()) == game.max_players
    assert sorted(state.ranking()) == list(range(game.max_players))


SCRIPT = """
import json, random, sys, hashlib
sys.path.insert(0, {root!r})
import meeple
out = {{}}
for name in meeple.game_names():
    g = meeple.load_game(name)
    s = g.new_initial_state(num_players=g.max_players, seed=11)
    r = random.Random(5)
    for _ in range(3000):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply_action(legal[r.randrange(len(legal))])
    out[name] = hashlib.sha256(json.dumps(s.to_dict(), sort_keys=True).encode()).hexdigest()
print(json.dumps(out))
"""


def test_contract_determinism_across_hash_seeds():
    if not BUNDLED:
        pytest.skip("no game registered")
    root = os.path.dirname(os.path.dirname(os.path.dirname(__file__)))
    outputs = []
    for hs in ("1", "2", "31337"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        proc = subprocess.run([sys.executable, "-c", SCRIPT.format(root=root)], env=env,
                              capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr
        outputs.append(json.loads(proc.stdout))
    assert outputs[0] == outputs[1] == outputs[2]
    assert sorted(outputs[0]) == BUNDLED


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [3, 4])
def test_contract_conservation(name, seed):
    """Limited components (tools, tiles, cards, tokens: State.conserved) never change in number."""
    game = meeple.load_game(name)
    for n in (game.min_players, game.max_players):
        for variant in game.variants:
            try:
                state = game.new_initial_state(num_players=n, seed=seed, variant=variant)
            except meeple.InvalidConfigError:
                continue
            start = state.conserved()
            rng = random.Random(seed)
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                assert state.conserved() == start, (variant, n, state.move_number)


@pytest.mark.parametrize("name,key,total", [
    ("magnum-sal", "tool cards", 21),   # MS-1.4: 3 each of 7 tools
    ("magnum-sal", "chamber tiles", 18),  # MS-1.2
    ("solomon", "dig cards", 32),       # SO-1
    ("lignum", "saw tokens", 18),       # LG-2.4
    ("lignum", "raft tokens", 12),
    ("klondike", "claims", 116),        # KL-1: components.json claims.total
])
def test_conserved_totals_match_the_components(name, key, total):
    game = meeple.load_game(name)
    for n in range(game.min_players, game.max_players + 1):
        assert game.new_initial_state(num_players=n, seed=1).conserved()[key] == total
