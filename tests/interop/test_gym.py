"""meeple.interop.gym: the single-agent Gymnasium env per game against meeple's bots:
registration, Gymnasium's and SB3's check_env, the agent seat's observation only, opponents
as bots decide, rewards and end infos, illegal actions, seeds and paired deals."""

import warnings

import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed (uv sync --extra rl)")

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402

import meeple  # noqa: E402
from meeple.agents import make as make_bot  # noqa: E402
from meeple.interop.gym import ENV_IDS, MeepleGymEnv, make_env  # noqa: E402
from meeple.interop.pettingzoo import raw_env  # noqa: E402

from .conftest import GAMES, require  # noqa: E402


def _play(env, seed, rng=None):
    """Play the agent at random (by the mask) to the end; returns (steps, reward, info)."""
    rng = rng or np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    steps = 0
    while True:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        steps += 1
        if term or trunc:
            return steps, reward, info


@pytest.mark.parametrize("game", GAMES)
def test_registered_and_spaces_are_the_pettingzoo_ones(game):
    env = gym.make(ENV_IDS[game], num_players=3, opponents="random")
    aec = raw_env(game, num_players=3)
    assert env.observation_space == aec.observation_space("player_0")["observation"]
    assert env.action_space.n == aec.action_space("player_0").n
    obs, info = env.reset(seed=4)
    assert obs.dtype == np.float32 and env.observation_space.contains(obs)
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].sum() > 0
    # the wrapped env's masks (sb3-contrib reaches them through the wrappers)
    assert (env.get_wrapper_attr("action_masks")() == info["action_mask"].astype(bool)).all()


def test_the_module_path_form_imports_and_registers():
    env = gym.make("meeple.interop.gym:meeple/Lignum-v0")
    assert env.unwrapped.game.name == "lignum" and env.unwrapped.num_players == 2


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env_passes_with_illegal_lose(game, capsys):
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its notes on the wide Box bounds (raw counts)
        check_env(gym.make(ENV_IDS[game], illegal="lose").unwrapped)


@pytest.mark.parametrize("game", GAMES)
def test_sb3_check_env_passes_with_illegal_lose(game):
    require("stable_baselines3")
    from stable_baselines3.common.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(make_env(game, illegal="lose"), warn=False)


@pytest.mark.parametrize("game", GAMES)
def test_the_observation_is_the_agent_seats_only(game):
    """At every decision of a whole game the observation is the vector of
    ``state.observation(seat)`` (nothing else), and the mask the seat's legal actions."""
    env = make_env(game, num_players=2, opponents="greedy", seat=1)
    aec = raw_env(game, num_players=2)
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(3000):
        st = env.state
        assert st.current_player == 1
        expected = aec._vector_array(st.observation(1))
        assert np.array_equal(obs, expected)
        legal = {aec.action_index(a) for a in st.legal_actions()}
        assert set(np.flatnonzero(info["action_mask"]).tolist()) == legal
        # a re-sample of everything seat 1 cannot see gives the same observation
        other = st.resample_hidden(1, __import__("random").Random(3))
        assert np.array_equal(aec._vector_array(other.observation(1)), obs)
        obs, reward, term, trunc, info = env.step(int(rng.choice(sorted(legal))))
        if term or trunc:
            break
    else:
        pytest.fail("the game did not end")


def test_bot_opponents_decide_as_meeple_bots():
    """The opponent's moves are those of ``meeple.agents.make("greedy", seed)`` on the same
    states: replaying the record with a fresh bot of the seed gives the same moves."""
    env = make_env("lignum", num_players=2, opponents="greedy", seat=0)
    _play(env, 5)
    st = env.state
    record = st.history
    seed = env._opponents[0].seed
    bot = make_bot("greedy", seed=seed)
    replay = meeple.load_game("lignum").new_initial_state(2, st.seed, st.variant)
    for text in record:
        if replay.current_player == 1:
            assert bot.choose(replay).text == text
        replay.apply_action(text)
    assert replay.is_terminal()


def test_a_callable_opponent_sees_its_own_observation_and_mask():
    seen = []

    def policy(obs, mask):
        seen.append((obs.copy(), mask.copy()))
        return int(np.flatnonzero(mask)[0])

    env = make_env("solomon", num_players=2, opponents=policy, seat=0)
    aec = raw_env("solomon", num_players=2)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(40):
        before = len(seen)
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if term or trunc:
            break
        if len(seen) > before:  # the opponent acted: its first view is of seat 1
            assert seen[before][1].sum() > 0
            assert seen[before][0][:2].tolist() == [0.0, 1.0]  # the "seat" one-hot field: seat 1
    assert seen, "the opponent never acted"
    assert len(seen[0][0]) == aec.observation_space("player_0")["observation"].shape[0]


def test_ranking_reward_and_end_infos():
    env = make_env("solomon", num_players=3, opponents=["random", "greedy"], seat=2)
    steps, reward, info = _play(env, 7)
    st = env.state
    assert st.is_terminal()
    assert reward == st.returns()[2]
    assert info["scores"] == st.scores() and info["ranking"] == st.ranking() and info["places"] == st.places()
    assert info["seat"] == 2 and info["capped"] is False
    assert info["action_mask"].sum() == 0 and not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_score_diff_reward():
    env = make_env("klondike", num_players=2, opponents="random", seat=0, reward="score_diff")
    _, reward, info = _play(env, 3)
    s = info["scores"]
    assert reward == s[0] - s[1]


def test_a_safety_cap_is_a_truncation():
    """Magnum Sal's max_rounds (a safety option, not a rule) ends the game as truncated."""
    env = make_env("magnum-sal", num_players=2, opponents="random", max_rounds=1)
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    while True:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if term or trunc:
            break
    assert trunc and not term and info["capped"] is True
    assert reward == env.state.returns()[env.seat]


def test_an_illegal_action_raises_and_changes_nothing_by_default():
    env = make_env("magnum-sal", num_players=2)
    env.reset(seed=1)
    before = env.state.to_dict()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(env.action_space.n)
    with pytest.raises(ValueError, match="integer index"):
        env.step("pass")
    assert env.state.to_dict() == before
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # still playable


@pytest.mark.parametrize("reward,expected", [("ranking", 0.0), ("score_diff", None)])
def test_illegal_lose_ends_the_game_as_a_forfeit(reward, expected):
    env = make_env("solomon", num_players=2, seat=0, illegal="lose", reward=reward)
    env.reset(seed=1)
    scores = env.state.scores()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    obs, r, term, trunc, info = env.step(illegal)
    assert term and not trunc
    assert info["illegal_action"] == {"index": illegal, "notation": env.notation(illegal)}
    if expected is None:  # the forfeiting seat's score counts one below the lowest
        expected = (min(scores) - 1) - scores[1]
    assert r == expected
    assert not env.action_masks().any()


def test_same_seed_same_game_and_paired_deals_share_the_deal():
    a = make_env("lignum", opponents="greedy")
    b = make_env("lignum", opponents="greedy")
    (sa, ra, ia), (sb, rb, ib) = _play(a, 11), _play(b, 11)
    assert (sa, ra, ia["scores"]) == (sb, rb, ib["scores"])
    assert a.state.history == b.state.history and a.seat == b.seat
    seats = {make_env("lignum", seat=None).reset(seed=s)[1]["seat"] for s in range(20)}
    assert seats == {0, 1}  # drawn at each reset
    p0, p1 = make_env("lignum", seat=0), make_env("lignum", seat=1)
    p0.reset(seed=3)
    p1.reset(seed=3)
    assert p0.state.seed == p1.state.seed  # the same deal, the seats swapped


def test_bad_configuration_raises():
    with pytest.raises(meeple.InvalidConfigError, match="seat"):
        make_env("solomon", seat=2)
    with pytest.raises(meeple.InvalidConfigError, match="opponents"):
        make_env("solomon", num_players=3, opponents=["random"])
    with pytest.raises(meeple.InvalidConfigError):
        make_env("solomon", opponents="nope")
    with pytest.raises(meeple.InvalidConfigError, match="illegal"):
        make_env("solomon", illegal="ignore")
    with pytest.raises(meeple.InvalidConfigError, match="render_mode"):
        make_env("solomon", render_mode="rgb_array")
    with pytest.raises(meeple.InvalidConfigError, match="opponent"):
        make_env("solomon", opponents=[3])


def test_callable_opponent_choosing_an_illegal_index_is_named():
    env = make_env("lignum", seat=1, opponents=lambda obs, mask: int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ValueError, match="opponent policy of seat 0 chose"):
        _play(env, 0)  # at reset or at the agent's first step, whoever starts


def test_render_modes(capsys):
    env = make_env("solomon", render_mode="ansi")
    env.reset(seed=0)
    assert "Solomon" in env.render()
    human = make_env("solomon", render_mode="human")
    human.reset(seed=0)
    assert human.render() is None
    assert "Solomon" in capsys.readouterr().out
    assert MeepleGymEnv("solomon").render() is None
