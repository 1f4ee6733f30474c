"""meeple.interop.pettingzoo: PettingZoo's api_test and seed_test on every game, player count
and variant, its render_test and state_test (the AEC parts) on every game; the action mask
and observation space at random states; state(); rewards and end infos; errors."""

import importlib
import random
import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (uv sync --extra rl)")
pytest.importorskip("hypothesis")

import numpy as np  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

pz_state = importlib.import_module(
    "pettingzoo.test.state_test"
)  # the module (the package exports a function of that name)

import meeple  # noqa: E402
from meeple.interop.pettingzoo import env, observation_layout, raw_env  # noqa: E402

from .conftest import CONFIGS, GAMES, IDS  # noqa: E402


@pytest.mark.parametrize("game,n,variant", CONFIGS, ids=IDS)
def test_api_test(game, n, variant):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its notes on Dict observations (as its own classic games)
        api_test(env(game, num_players=n, variant=variant), num_cycles=100)


@pytest.mark.parametrize("game,n,variant", CONFIGS, ids=IDS)
def test_seed_test(game, n, variant):
    seed_test(lambda: env(game, num_players=n, variant=variant), num_cycles=100)


def _walk(e, rng, steps):
    """Take up to ``steps`` random legal actions (by the mask); returns the steps taken."""
    for k in range(steps):
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            return k
        mask = e.observe(agent)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    return steps


@settings(max_examples=25, deadline=None)
@given(config=hs.sampled_from(CONFIGS), seed=hs.integers(0, 2**31), steps=hs.integers(0, 400))
def test_action_mask_and_observation_space_at_random_states(config, seed, steps):
    game, n, variant = config
    e = raw_env(game, num_players=n, variant=variant)
    e.reset(seed=seed)
    _walk(e, np.random.default_rng(seed), steps)
    st = e.game_state
    for agent in e.agents:
        obs = e.observe(agent)
        space = e.observation_space(agent)
        assert obs["observation"].shape == space["observation"].shape and obs["observation"].dtype == np.float32
        assert obs["action_mask"].dtype == np.int8
        assert space.contains(obs), "observation outside its space (a NaN, or out of bounds)"
        ones = set(np.flatnonzero(obs["action_mask"]).tolist())
        seat = e.possible_agents.index(agent)
        if not st.is_terminal() and st.current_player == seat:
            assert ones == {e.action_index(a) for a in st.legal_actions()}
            assert sorted(e.notation(i) for i in ones) == sorted(a.text for a in st.legal_actions())
        else:
            assert ones == set()


def _play_out(e, seed):
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
        else:
            assert reward == 0.0  # rewards come at the end only
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return final


def test_rewards_at_the_end_are_the_ranking_returns():
    e = raw_env("solomon", num_players=3)
    final = _play_out(e, 5)
    st = e.game_state
    assert st.is_terminal()
    assert final == {f"player_{s}": r for s, r in enumerate(st.returns())}
    assert sum(final.values()) == pytest.approx(1.5)  # each pair shares one point: n/2
    assert sorted(final.values()) in ([0.0, 0.5, 1.0], [0.25, 0.25, 1.0], [0.0, 0.75, 0.75], [0.5, 0.5, 0.5])


def test_score_diff_rewards():
    e = raw_env("klondike", num_players=3, reward="score_diff")
    final = _play_out(e, 2)
    scores = e.game_state.scores()
    for s in range(3):
        assert final[f"player_{s}"] == scores[s] - max(scores[o] for o in range(3) if o != s)


def test_same_seed_same_game_and_resets_follow_the_seed():
    a, b = raw_env("lignum", 2), raw_env("lignum", 2)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.game_state.to_dict() == b.game_state.to_dict()
    a.reset()
    b.reset()
    assert a.game_state.seed == b.game_state.seed


def test_an_illegal_or_bad_action_raises_and_changes_nothing():
    e = raw_env("magnum-sal", 2)
    e.reset(seed=1)
    before = e.game_state.to_dict()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        e.step(len(mask))
    with pytest.raises(ValueError, match="integer index"):
        e.step("pass")
    assert e.game_state.to_dict() == before


def test_bad_configuration_raises():
    with pytest.raises(meeple.InvalidConfigError):
        env("solomon", num_players=7)
    with pytest.raises(meeple.InvalidConfigError):
        env("lignum", variant="nope")
    with pytest.raises(meeple.InvalidConfigError, match="reward"):
        env("lignum", reward="money")
    with pytest.raises(meeple.InvalidConfigError, match="render_mode"):
        env("lignum", render_mode="rgb_array")
    with pytest.raises(meeple.InvalidConfigError, match="illegal"):
        env("lignum", illegal="skip")


@pytest.mark.parametrize("game", GAMES)
def test_ansi_render_is_the_text_view_of_the_seat_to_act(game):
    e = env(game, num_players=2, render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert isinstance(text, str) and "\x1b[" not in text
    title = {"magnum-sal": "Phase I", "lignum": "Lignum", "solomon": "Solomon", "klondike": "Klondike"}[game]
    assert title in text
    quiet = raw_env(game, 2)
    quiet.reset(seed=3)
    assert quiet.render() is None


def test_observation_layout_names_the_slices():
    layout = observation_layout("lignum", 3, "basic")
    names = [name for name, _, _ in layout]
    assert names[:3] == ["seat", "current_player", "money"]
    assert layout[0] == ("seat", 0, 3) and layout[1] == ("current_player", 3, 6)
    e = raw_env("lignum", 3)
    assert layout[-1][2] == e.observation_space("player_0")["observation"].shape[0]


def test_the_seat_to_act_is_the_agent_selection():
    e = raw_env("solomon", 4)
    e.reset(seed=0)
    rng = random.Random(0)
    for _ in range(60):
        if e.game_state.is_terminal():
            break
        assert e.agent_selection == f"player_{e.game_state.current_player}"
        legal = e.game_state.legal_actions()
        e.step(e.action_index(rng.choice(legal)))


@pytest.mark.parametrize(
    "game,options",
    [("lignum", {"hidden_products": True}), ("klondike", {"secret_rubies": True}), ("lignum", {"easy_winter": True})],
)
def test_options_that_hide_holdings_pass_the_api_test(game, options):
    """Options that keep holdings face down (Lignum's hidden_products, LG-8.4.4: a rival's
    tokens read -1; Klondike's secret_rubies) give observations of the same fixed shape."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game, num_players=3, **options), num_cycles=60)
    e = env("lignum", num_players=3, hidden_products=True)
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)["observation"]
    assert obs.shape == e.observation_space(e.agent_selection)["observation"].shape


@pytest.mark.parametrize("game", GAMES)
def test_render_test(game, capsys):
    """PettingZoo's render_test: "human" prints the text view and returns None, "ansi" returns it."""
    render_test(lambda render_mode=None: env(game, num_players=2, render_mode=render_mode))
    title = {"magnum-sal": "Phase I", "lignum": "Lignum", "solomon": "Solomon", "klondike": "Klondike"}[game]
    assert title in capsys.readouterr().out


@pytest.mark.parametrize("game", GAMES)
def test_state_test(game):
    """PettingZoo's state_test without its parallel part (no parallel API: docs/research.md).
    It steps unmasked samples, so the environment ends the game as a forfeit (illegal="lose")."""
    e = env(game, num_players=3, illegal="lose")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # its notes (NaN, infinity, shape changes) would be failures
        pz_state.test_state_space(e)
        pz_state.test_state(e, num_cycles=50)


def test_state_is_every_seats_observation_vector():
    e = raw_env("solomon", num_players=3)
    e.reset(seed=4)
    _walk(e, np.random.default_rng(4), 30)
    state = e.state()
    L = e.observation_space("player_0")["observation"].shape[0]
    assert state.shape == (3 * L,) == e.state_space.shape and state.dtype == np.float32
    for s in range(3):
        assert np.array_equal(state[s * L : (s + 1) * L], e.observation_vector(s))
    seat = e.game_state.current_player
    assert np.array_equal(e.observe(f"player_{seat}")["observation"], e.observation_vector(seat))


def test_legal_action_indices_without_an_observation():
    e = env("klondike", num_players=3)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(200):
        agent = e.agent_selection
        if e.terminations[agent]:
            break
        idx = e.unwrapped.legal_action_indices()
        assert idx.dtype == np.int64
        assert idx.tolist() == [e.unwrapped.action_index(a) for a in e.unwrapped.game_state.legal_actions()]
        assert np.array_equal(np.flatnonzero(e.observe(agent)["action_mask"]), np.sort(idx))
        others = [a for a in e.agents if a != agent]
        assert all(len(e.unwrapped.legal_action_indices(a)) == 0 for a in others)
        e.step(int(rng.choice(idx)))


def test_end_infos_hold_the_final_scores_and_ranking():
    e = raw_env("lignum", num_players=3)
    e.reset(seed=6)
    rng = np.random.default_rng(6)
    infos_during = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            break
        infos_during.append(info)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    st = e.game_state
    assert all(i == {} for i in infos_during)
    for agent in e.agents:
        assert e.infos[agent] == {
            "scores": st.scores(),
            "ranking": st.ranking(),
            "places": st.places(),
            "capped": False,
        }


def test_illegal_lose_ends_the_game_with_the_offender_last():
    e = raw_env("lignum", num_players=3, illegal="lose")
    e.reset(seed=1)
    offender = e.agent_selection
    illegal = int(np.flatnonzero(e.observe(offender)["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e._cumulative_rewards[offender] == 0.0
    assert e.infos[offender]["illegal_action"] == {"agent": offender, "index": illegal, "notation": e.notation(illegal)}
    # the others beat the offender (1 point each) and share the rest by their standing now
    others = [a for a in e.agents if a != offender]
    total = sum(e._cumulative_rewards[a] for a in others)
    assert total == pytest.approx(1.5)  # n/2 in all, the offender's share 0
    assert all(e._cumulative_rewards[a] >= 0.5 for a in others)


def test_a_safety_cap_ends_the_game_as_truncations():
    e = raw_env("magnum-sal", num_players=2, max_rounds=1)
    final = _play_out(e, 0)
    assert e.game_state.is_truncated()
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert final == {f"player_{s}": r for s, r in enumerate(e.game_state.returns())}
