"""meeple.interop.vector: N games stepped together give the stacked arrays of N single
environments seeded alike, reset finished games in the same step, and refuse bad actions
before stepping any game."""

import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed (uv sync --extra rl)")

import numpy as np  # noqa: E402

import meeple  # noqa: E402
from meeple.interop.gym import MeepleGymEnv  # noqa: E402
from meeple.interop.vector import MeepleVectorEnv  # noqa: E402


def _first_legal(masks):
    return np.argmax(masks, axis=1)


def test_stacked_arrays_are_those_of_single_envs_seeded_alike():
    n = 4
    venv = MeepleVectorEnv("lignum", n, num_players=2, opponents="random")
    singles = [MeepleGymEnv("lignum", num_players=2, opponents="random") for _ in range(n)]
    obs, info = venv.reset(seed=10)
    assert obs.shape == (n, 677) and obs.dtype == np.float32
    assert info["action_mask"].shape == (n, 292) and info["action_mask"].dtype == np.int8
    single_obs = [e.reset(seed=10 + i)[0] for i, e in enumerate(singles)]
    assert np.array_equal(obs, np.stack(single_obs))
    ended = 0
    for _ in range(400):
        masks = venv.action_masks()
        assert masks.dtype == bool and masks.any(axis=1).all()
        actions = _first_legal(masks)
        obs, rewards, term, trunc, info = venv.step(actions)
        assert obs.shape == (n, 677) and rewards.shape == (n,) and rewards.dtype == np.float32
        for i, e in enumerate(singles):
            o, r, te, tr, inf = e.step(int(actions[i]))
            assert (r, te, tr) == (rewards[i], term[i], trunc[i])
            if te or tr:
                ended += 1
                assert info["_final_obs"][i] and np.array_equal(info["final_obs"][i], o)
                assert info["final_info"][i]["scores"] == inf["scores"]
                o = e.reset()[0]
            assert np.array_equal(obs[i], o)
            assert np.array_equal(info["action_mask"][i], e.action_masks().astype(np.int8))
    assert ended >= 1  # a game ended and was reset within the step


def test_bad_actions_change_nothing():
    venv = MeepleVectorEnv("solomon", 3)
    with pytest.raises(RuntimeError, match="reset"):
        venv.step(np.zeros(3, int))
    venv.reset(seed=0)
    before = [e.state.to_dict() for e in venv.envs]
    masks = venv.action_masks()
    actions = _first_legal(masks)
    actions[2] = int(np.flatnonzero(~masks[2])[0])
    with pytest.raises(ValueError, match="environment 2"):
        venv.step(actions)
    with pytest.raises(ValueError, match="3 integer indices"):
        venv.step(actions[:2])
    with pytest.raises(ValueError, match="action space"):
        venv.step(np.full(3, 10**6))
    assert [e.state.to_dict() for e in venv.envs] == before


def test_illegal_lose_ends_only_that_game():
    venv = MeepleVectorEnv("magnum-sal", 2, illegal="lose", seat=0)
    venv.reset(seed=0)
    masks = venv.action_masks()
    actions = _first_legal(masks)
    actions[1] = int(np.flatnonzero(~masks[1])[0])
    obs, rewards, term, trunc, info = venv.step(actions)
    assert term.tolist() == [False, True] and rewards[1] == 0.0
    assert "illegal_action" in info["final_info"][1]
    assert venv.action_masks()[1].any()  # the next game has started


def test_bad_configuration_raises():
    with pytest.raises(meeple.InvalidConfigError, match="num_envs"):
        MeepleVectorEnv("solomon", 0)
    with pytest.raises(meeple.InvalidConfigError):
        MeepleVectorEnv("solomon", 2, seat=9)
