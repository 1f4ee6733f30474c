"""The generic, game-agnostic property suite: every registered game gets it automatically.

DESIGN.md, "Testing": legal actions always apply; an illegal action raises and changes
nothing; determinism; clone independence; round trips; observations that do not depend
on hidden parts; resample_hidden that cannot peek. The checks are those of
:mod:`meeple.testing.conformance` (a game's author runs them on their own game); here
hypothesis draws the positions.
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
from meeple.testing import conformance

GAMES = sorted(set(meeple.game_names()) | {"toy"})
BUNDLED = [g for g in meeple.game_names() if g != "toy"]
PROPS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
    conformance.check_metadata(game)


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data())
def test_contract_legal_actions_apply_and_notation_round_trips(name, data):
    conformance.check_legal_actions(data.draw(positions(name)))


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data())
def test_contract_illegal_action_changes_nothing(name, data):
    conformance.check_illegal_action_changes_nothing(data.draw(positions(name)), seed=7)


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data())
def test_contract_mutating_the_legal_actions_list_changes_nothing(name, data):
    """legal_actions() hands out a new list: a caller that empties or reverses it leaves the
    state's own list, its notation parsing and its saved form as they were."""
    conformance.check_legal_actions_list_is_a_copy(data.draw(positions(name)))


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data())
def test_contract_clone_independence(name, data):
    conformance.check_clone_independence(data.draw(positions(name)))


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data())
def test_contract_round_trips(name, data):
    conformance.check_round_trips(data.draw(positions(name)))


@pytest.mark.parametrize("name", GAMES)
def test_contract_malformed_saves_are_rejected(name):
    conformance.check_malformed_saves(meeple.load_game(name))


@pytest.mark.parametrize("name", GAMES)
@PROPS
@given(data=st.data(), k=st.integers(0, 2**31))
def test_contract_observation_ignores_hidden_parts(name, data, k):
    conformance.check_observations(data.draw(positions(name)), seed=k)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_contract_determinism(name, seed):
    conformance.check_determinism(meeple.load_game(name), seed)


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
        proc = subprocess.run(
            [sys.executable, "-c", SCRIPT.format(root=root)], env=env, capture_output=True, text=True, timeout=600
        )
        assert proc.returncode == 0, proc.stderr
        outputs.append(json.loads(proc.stdout))
    assert outputs[0] == outputs[1] == outputs[2]
    assert sorted(outputs[0]) == BUNDLED


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [3, 4])
def test_contract_conservation(name, seed):
    """Limited components (tools, tiles, cards, tokens: State.conserved) never change in number."""
    conformance.check_conservation(meeple.load_game(name), seed)


@pytest.mark.parametrize(
    "name,key,total",
    [
        ("magnum-sal", "tool cards", 21),  # MS-1.4: 3 each of 7 tools
        ("magnum-sal", "chamber tiles", 18),  # MS-1.2
        ("solomon", "dig cards", 32),  # SO-1
        ("lignum", "saw tokens", 18),  # LG-2.4
        ("lignum", "raft tokens", 12),
        ("klondike", "claims", 116),  # KL-1: components.json claims.total
    ],
)
def test_conserved_totals_match_the_components(name, key, total):
    game = meeple.load_game(name)
    for n in range(game.min_players, game.max_players + 1):
        assert game.new_initial_state(num_players=n, seed=1).conserved()[key] == total
