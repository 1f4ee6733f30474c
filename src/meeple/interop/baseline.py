"""The published baseline: MaskablePPO (sb3-contrib) trained against ``random`` at two
players, evaluated on paired deals against ``random`` and ``greedy``
(``pip install meeple[baseline]``; the table is in docs/research.md).

Run (every game, the budget of docs/research.md; one line of JSON per game on stdout and in
``--out``; ``--table FILE`` prints the Markdown table of such a file)::

    python -m meeple.interop.baseline --games solomon,lignum --steps 40000 --deals 100 --out results.jsonl

What it does, per game:

1. Train: ``MaskablePPO("MlpPolicy")`` on ``N_ENVS`` copies of
   :class:`meeple.interop.gym.MeepleGymEnv` (2 players, ``opponents="random"``, the agent's
   seat drawn at each reset, ``reward="ranking"``), observations normalised by
   ``VecNormalize`` (running mean and variance, clipped at 10; rewards left as they are), for
   a fixed budget of agent steps, with ``seed``; torch on one thread.
2. Evaluate: ``deals`` deals against each opponent bot, every deal played twice with the
   seats swapped (the same game seed; the bots' seeds from the deal too), the policy acting
   greedily (``deterministic=True``) on the mask. Wins count 1, ties 1/2; the interval is
   Wilson's 95% (:func:`meeple.sim.stats.wilson_interval`) over the ``2 * deals`` games.

The test suite runs :func:`run` with a few thousand steps and two deals (the pipeline, not
the strength).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

try:
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize
except ImportError as e:  # pragma: no cover - depends on the install
    raise ImportError(
        "meeple.interop.baseline needs the baseline extra: pip install meeple[baseline] "
        f"(or uv sync --extra baseline); missing: {e.name}"
    ) from e

import meeple
from meeple.core.checks import whole_number
from meeple.core.errors import InvalidConfigError
from meeple.interop.gym import ENV_IDS, MeepleGymEnv
from meeple.sim.stats import wilson_interval

N_ENVS = 4
"""Environments stepped together in training (``DummyVecEnv``, one process)."""

PPO_KWARGS = {
    "n_steps": 512,
    "batch_size": 256,
    "n_epochs": 4,
    "learning_rate": 3e-4,
    "gamma": 1.0,
    "gae_lambda": 0.95,
    "ent_coef": 0.01,
    "policy_kwargs": {"net_arch": [256, 256]},
}
"""MaskablePPO's settings (``n_steps`` per environment and update; gamma 1: the reward comes
once, at the end of the game)."""

EVAL_OPPONENTS = ("random", "greedy")


def train(
    game: str, steps: int, seed: int = 0, num_players: int = 2, opponent: str = "random", ppo_kwargs: dict | None = None
):
    """Train MaskablePPO on ``game`` for ``steps`` agent steps (see the module docstring).

    Returns:
        ``(model, vecnormalize)``: the MaskablePPO model and the frozen observation
        normaliser (``vecnormalize.normalize_obs(obs)`` before ``model.predict``).
    Raises:
        InvalidConfigError: unknown game, bad player count or opponent spec, steps < 1.
    """
    steps = whole_number(steps, "steps")
    if steps < 1:
        raise InvalidConfigError(f"steps must be >= 1, not {steps}")
    torch.set_num_threads(1)
    kwargs = dict(PPO_KWARGS, **(ppo_kwargs or {}))

    def factory(i: int):
        return lambda: MeepleGymEnv(game, num_players=num_players, opponents=opponent)

    venv = DummyVecEnv([factory(i) for i in range(N_ENVS)])
    venv.seed(seed)
    venv = VecNormalize(venv, norm_obs=True, norm_reward=False, clip_obs=10.0)
    model = MaskablePPO("MlpPolicy", venv, seed=seed, verbose=0, device="cpu", **kwargs)
    model.learn(total_timesteps=steps)
    venv.training = False
    return model, venv


def evaluate(model, normalizer, game: str, opponent: str, deals: int, seed: int = 10_000, num_players: int = 2) -> dict:
    """Play ``deals`` paired deals of ``game`` against ``opponent`` (every deal with the seats
    swapped: ``2 * deals`` games at two players, each seat of the deal once at more).

    Returns:
        ``{"opponent", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_score_diff"}``:
        wins count ties as 1/2; the interval is Wilson's 95% over the games;
        ``mean_score_diff`` the agent's score minus the best other score, averaged.
    """
    wins = 0.0
    games = 0
    diffs = []
    envs = [MeepleGymEnv(game, num_players=num_players, opponents=opponent, seat=seat) for seat in range(num_players)]
    for d in range(deals):
        for seat, env in enumerate(envs):
            obs, info = env.reset(seed=seed + d)  # the same game seed for every seat of the deal
            done = False
            while not done:
                x = normalizer.normalize_obs(obs[None, :]) if normalizer is not None else obs[None, :]
                action, _ = model.predict(x, action_masks=env.action_masks()[None, :], deterministic=True)
                obs, reward, term, trunc, info = env.step(int(action[0]))
                done = term or trunc
            wins += reward
            games += 1
            scores = info["scores"]
            diffs.append(scores[seat] - max(s for o, s in enumerate(scores) if o != seat))
    lo, hi = wilson_interval(wins, games)
    return {
        "opponent": opponent,
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "ci_low": lo,
        "ci_high": hi,
        "mean_score_diff": float(np.mean(diffs)) if diffs else 0.0,
    }


def run(game: str, steps: int, deals: int, seed: int = 0, opponents=EVAL_OPPONENTS) -> dict:
    """Train then evaluate one game (see the module docstring).

    Returns:
        ``{"game", "steps", "seed", "train_seconds", "train_cpu_seconds", "eval_seconds",
        "eval_cpu_seconds", "eval": [evaluate(...) per opponent], "machine", "versions"}``
        (``*_seconds`` wall-clock, ``*_cpu_seconds`` CPU time of the process).
    """
    if game not in ENV_IDS:
        raise InvalidConfigError(f"unknown game {game!r}; one of {list(ENV_IDS)}")
    t0, c0 = time.perf_counter(), time.process_time()
    model, norm = train(game, steps, seed)
    t1, c1 = time.perf_counter(), time.process_time()
    results = [evaluate(model, norm, game, o, deals) for o in opponents]
    c2 = time.process_time()
    import sb3_contrib
    import stable_baselines3

    return {
        "game": game,
        "num_players": 2,
        "trained_against": "random",
        "steps": steps,
        "seed": seed,
        "deals": deals,
        "train_seconds": round(t1 - t0, 1),
        "train_cpu_seconds": round(c1 - c0, 1),
        "eval_seconds": round(time.perf_counter() - t1, 1),
        "eval_cpu_seconds": round(c2 - c1, 1),
        "eval": results,
        "machine": {
            "cpu": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "torch_threads": torch.get_num_threads(),
        },
        "versions": {
            "python": platform.python_version(),
            "torch": torch.__version__,
            "stable_baselines3": stable_baselines3.__version__,
            "sb3_contrib": sb3_contrib.__version__,
        },
        "ppo": {k: v for k, v in PPO_KWARGS.items()},
        "n_envs": N_ENVS,
    }


def table(rows: list[dict]) -> str:
    """The Markdown table of baseline results (rows as :func:`run` returns them, e.g. read
    from the JSON lines of ``--out``): one line per game and evaluation opponent, the win
    rate with its Wilson 95% interval, the mean score difference."""
    out = [
        "| game | trained | opponent | games | wins | win rate (95% interval) | mean score diff |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        name = meeple.load_game(row["game"]).title
        trained = f"{row['steps']:,} steps, {row['train_cpu_seconds']:.0f} CPU s"
        for e in row["eval"]:
            wins = f"{e['wins']:g}"
            rate = f"{100 * e['win_rate']:.1f}% ({100 * e['ci_low']:.1f}-{100 * e['ci_high']:.1f}%)"
            out.append(
                f"| {name} | {trained} | {e['opponent']} | {e['games']} | {wins} | {rate} | "
                f"{e['mean_score_diff']:+.1f} |"
            )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """The command line (``python -m meeple.interop.baseline --help``)."""
    p = argparse.ArgumentParser(prog="python -m meeple.interop.baseline", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default=",".join(ENV_IDS), help="comma-separated game ids")
    p.add_argument("--steps", type=int, default=40_000, help="training budget: agent steps per game")
    p.add_argument("--deals", type=int, default=100, help="paired deals per evaluation opponent")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default=None, help="append one JSON line per game to this file")
    p.add_argument(
        "--table", default=None, metavar="FILE", help="print the Markdown table of the JSON lines in FILE (no training)"
    )
    a = p.parse_args(argv)
    if a.table:
        with open(a.table, encoding="utf-8") as f:
            print(table([json.loads(line) for line in f if line.strip()]))
        return 0
    for game in a.games.split(","):
        result = run(game.strip(), a.steps, a.deals, a.seed)
        line = json.dumps(result)
        print(line, flush=True)
        if a.out:
            with open(a.out, "a", encoding="utf-8") as f:
                f.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
