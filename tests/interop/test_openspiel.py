"""meeple.interop.openspiel: OpenSpiel's random_sim_test on every game, player count and
variant; OpenSpiel's MCTS and ISMCTS bots play whole games; ISMCTS against meeple's mcts."""

import copy
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed (uv sync --extra rl)")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import meeple  # noqa: E402
import meeple.agents  # noqa: E402
from meeple.interop import openspiel as mo  # noqa: E402

from .conftest import CONFIGS, GAMES, IDS  # noqa: E402


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    assert {
        "python_meeple_magnum_sal",
        "python_meeple_lignum",
        "python_meeple_solomon",
        "python_meeple_klondike",
    } <= names
    t = pyspiel.load_game("python_meeple_solomon").get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.provides_information_state_string and t.provides_observation_tensor


@pytest.mark.parametrize("game,n,variant", CONFIGS, ids=IDS)
def test_random_sim_test(game, n, variant):
    g = mo.load(game, num_players=n, variant=variant, seed=n)
    assert g.num_players() == n and g.num_distinct_actions() == len(g.space)
    # serialising every state of a long game costs (its whole save, each step): the smallest
    # player count of each game checks it
    serialize = n == meeple.load_game(game).min_players
    pyspiel.random_sim_test(g, num_sims=1 if game == "magnum-sal" else 2, serialize=serialize, verbose=False)


def _chance(state, rng):
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probs)))


def test_the_root_chance_node_picks_the_seed():
    g = mo.load("lignum", num_players=2, seed=5)
    s = g.new_initial_state()
    assert s.is_chance_node() and len(s.chance_outcomes()) == mo.CHANCE_OUTCOMES == 1024
    s.apply_action(7)
    assert s.meeple_state.seed == 5 * 1024 + 7
    ref = meeple.load_game("lignum").new_initial_state(2, 5 * 1024 + 7)
    assert s.meeple_state.to_dict() == ref.to_dict()
    assert s.current_player() == ref.current_player


def test_clone_uses_the_cheap_meeple_clone_and_is_independent(monkeypatch):
    g = mo.load("klondike", num_players=3, seed=1)
    s = g.new_initial_state()
    s.apply_action(3)
    for _ in range(5):
        s.apply_action(s.legal_actions()[0])
    calls = []
    real_deepcopy = copy.deepcopy

    def spy(x, memo=None):
        calls.append(type(x).__name__)
        return real_deepcopy(x, memo)

    monkeypatch.setattr(copy, "deepcopy", spy)
    c = s.clone()
    monkeypatch.undo()
    assert "KlondikeState" not in calls and set(calls) <= {"_Holder"}
    assert str(c) == str(s) and c.history() == s.history()
    c.apply_action(c.legal_actions()[-1])
    assert str(c) != str(s) and len(c.history()) == len(s.history()) + 1


def test_observations_come_from_the_seat_observation():
    g = mo.load("solomon", num_players=3, seed=2)
    s = g.new_initial_state()
    s.apply_action(0)
    ms = s.meeple_state
    vec = g._vector(ms.observation(1), 3, "standard")
    assert np.array_equal(np.asarray(s.observation_tensor(1), np.float32), np.asarray(vec, np.float32))
    assert '"hand":null' in s.observation_string(0).split('"players"')[1]  # others' hands hidden
    info = s.information_state_string(0)
    assert info.startswith(s.observation_string(0)) and info.endswith("mine: 0:")
    p = s.current_player()
    s.apply_action(s.legal_actions()[0])  # the seat to act commits a card
    acted = [q for q in range(3) if not s.information_state_string(q).endswith("mine: 0:")]
    assert acted == [p] and s.own_actions(p) == [s.history()[-1]]


def test_resample_from_infostate_keeps_what_the_seat_sees():
    g = mo.load("solomon", num_players=3, seed=4)
    s = g.new_initial_state()
    s.apply_action(1)
    rng = random.Random(0)
    for _ in range(4):
        s.apply_action(rng.choice(s.legal_actions()))
    p = s.current_player()
    r = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert r.information_state_string(p) == s.information_state_string(p)
    assert r.legal_actions() == s.legal_actions()
    assert r.meeple_state.to_dict()["state"] != s.meeple_state.to_dict()["state"]  # others' hands re-dealt
    assert r.meeple_state.observation(p) == s.meeple_state.observation(p)


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_mcts_and_ismcts_bots_play_a_whole_game(game):
    g = mo.load(game, num_players=2, seed=3)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=10)
    bots = [
        mcts.MCTSBot(g, 2.0, 3, evaluator, random_state=rng, solve=False),
        ismcts.ISMCTSBot(g, evaluator, 2.0, 3, random_state=rng),
    ]
    s = g.new_initial_state()
    while not s.is_terminal():
        _chance(s, rng)
        s.apply_action(bots[s.current_player()].step(s))
    assert s.meeple_state.is_terminal()
    returns = s.returns()
    assert returns == s.meeple_state.returns() and sum(returns) == 1.0


def test_openspiel_ismcts_against_meeple_mcts():
    g = mo.load("solomon", num_players=2, seed=8)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    os_bot = ismcts.ISMCTSBot(g, evaluator, 2.0, 20, random_state=rng)
    ours = meeple.agents.make("mcts:50", seed=3)
    s = g.new_initial_state()
    _chance(s, rng)
    moves = [0, 0]
    while not s.is_terminal():
        p = s.current_player()
        if p == 0:
            a = os_bot.step(s)
        else:
            a = g.space.to_index(ours.choose(s.meeple_state))
        assert a in s.legal_actions()
        s.apply_action(a)
        moves[p] += 1
    assert min(moves) > 0
    assert sorted(s.returns()) in ([0.0, 1.0], [0.5, 0.5])


def test_bad_parameters_raise():
    with pytest.raises(meeple.InvalidConfigError):
        mo.load("solomon", num_players=9)
    with pytest.raises(meeple.InvalidConfigError):
        mo.load("klondike", variant="chess")
    s = mo.load("solomon", num_players=2).new_initial_state()
    s.apply_action(0)
    before = str(s)
    illegal = next(i for i in range(len(s.get_game().space)) if i not in s.legal_actions())
    with pytest.raises(meeple.IllegalActionError):
        s.apply_action(illegal)
    assert str(s) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_resample_has_the_same_information_state_and_legal_actions(game):
    """What ISMCTS relies on, at states along a random game of every game."""
    g = mo.load(game, num_players=3, seed=6)
    rng = np.random.RandomState(6)
    s = g.new_initial_state()
    _chance(s, rng)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    while not s.is_terminal() and checked < 12:
        if s.move_number() % 9 == 4:
            p = s.current_player()
            r = s.resample_from_infostate(p, sampler)
            assert r.information_state_string(p) == s.information_state_string(p)
            assert r.observation_tensor(p) == s.observation_tensor(p)
            assert r.legal_actions() == s.legal_actions()
            checked += 1
        legal = s.legal_actions()
        s.apply_action(legal[rng.randint(len(legal))])
    assert checked > 0
