"""Move digests: the engine plays exactly as before an optimisation (issue 34, parts 3 and 4).

For every game and variant, 50 random games (public ``legal_actions`` + ``apply_action``,
player counts cycling from the minimum to the maximum) and 10 greedy games are hashed: every
legal-action list offered, every action taken, and the final ``to_dict()`` (events and
hidden parts included). A change to the engine's speed must leave these SHA-256 digests as
they are; a rules change that alters play must say so and update them (``python -m
tests.games.test_digest`` prints the current ones). What changed shows, in words, in the
playthroughs beside them (test_playthroughs.py, ``scripts/playthroughs.py``).
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import meeple
from meeple.agents import make

RANDOM_GAMES = 50
GREEDY_GAMES = 10

EXPECTED = {  # computed on main at c935353, before issue 34; Lignum after its part 2 (below)
    # Klondike rules edition 2 (issue 47: the square variant's KL-21.3 penalty is one path on
    # from the last claim laid): square scores and greedy square play changed; family and race
    # play as before, their digests moved only by to_dict()'s "rules", which reads 2. Before it:
    # family ef52c3e7..., square 9cd32b51..., race b752a217...
    "klondike/family": "3140bc527845e88cf04103d7f8c2313e580ed5713692bac4f41193b07bd78c2d",
    "klondike/square": "eb5ff2e3e531129f4a78d2371f2ce4cc27ef337848f16fc8a152701ac68e5810",
    "klondike/race": "2337fb10cf5948f6afd5497e2a88968ad2de484f85ce4cfe4c7eddab57d4261f",
    # Lignum rules edition 2 (issue 34 part 2: a seat whose hut would open a decision gets its
    # turn): seats decide where 'done' was automatic, and to_dict()'s "rules" reads 2. Before it,
    # on main and after parts 3 and 4: basic a69fa099..., advanced a7fadb91..., basic-tactical
    # 5fd7266b..., advanced-tactical 2fb1a96a... Edition 3 (issue 47: a seat with any usable hut,
    # a drying or food-store hut or huts it could build and use, says 'done' itself; the greedy
    # values a hut at nothing once no spring-fall round is left). Under edition 2: basic
    # 9cb4b22d..., advanced 1c79cc34..., basic-tactical 6fb04f6d..., advanced-tactical b0059980...
    "lignum/basic": "cf44ae35f6e0ef39579565623bd5f163abfdbae0185ef02304853250ca75001e",
    "lignum/advanced": "559b26a03474e783b941bca6669fbe91289b9c4d70ea51fb57c466f590bcb3ac",
    "lignum/basic-tactical": "ed30279e96075abf06778230f354fda9c2ce54bea88d58078ca408f88d315e58",
    "lignum/advanced-tactical": "18c8ee20bd9b9165f199ccbd639bb80cf69ee7325882ab0693ac7d96876e6ded",
    # Magnum Sal: the greedy games changed on purpose when its evaluation began to count the way
    # to the face-up orders' salt (issue 34 part 1, heuristics._reach; the rules and the random
    # games are as before). Before it: standard d5eca026..., mapped-mine 00ddb478... Again with
    # three fixes to that evaluation: the greedy completion of a placement values which miner
    # goes (heuristics._best_placement), the way to the salt no longer counts the seat's miners
    # in a chamber as free to send there (heuristics._ways), and a seat's turn is valued at one
    # urgency (heuristics._urgency); before these: standard c35575a6..., mapped-mine bffdc916...
    "magnum-sal/standard": "11f44ea1a379559f1e64247b9b186718e9528d7fd77bc1e771efe9cb0bf3994f",
    "magnum-sal/mapped-mine": "53b65e08ebf75c9cb5cc6fa8db102c98ec2cee28c50e7e7f28a5d864db2850ec",
    "solomon/standard": "168f8f318fae9d8d7a01a0067bb231258921062ee6edb7c0cbef8a0799c56e9b",
    "solomon/children": "c7f5ae5c625eb5878c38d6a95d5476ab6f83e43218b236469dc70541520aeef9",
}


def _players(game, k: int) -> int:
    span = game.max_players - game.min_players + 1
    return game.min_players + k % span


def digest(name: str, variant: str, random_games: int = RANDOM_GAMES, greedy_games: int = GREEDY_GAMES) -> str:
    """SHA-256 (hex) of the legal-action lists, actions and final ``to_dict()`` of
    ``random_games`` uniformly random games and ``greedy_games`` greedy ones of ``name`` in
    ``variant`` (seeds 0.., players cycling min..max)."""
    game = meeple.load_game(name)
    h = hashlib.sha256()
    for k in range(random_games + greedy_games):
        n = _players(game, k)
        state = game.new_initial_state(num_players=n, seed=k, variant=variant)
        greedy = k >= random_games
        bots = [make("greedy", 100 * k + s) for s in range(n)] if greedy else None
        rng = random.Random(k)
        while not state.is_terminal():
            legal = state.legal_actions()
            h.update("|".join(a.text for a in legal).encode())
            if greedy:
                action = bots[state.current_player].choose(state)
            else:
                action = legal[rng.randrange(len(legal))]
            h.update(b">" + action.text.encode() + b"\n")
            state.apply_action(action)
        h.update(json.dumps(state.to_dict(), sort_keys=True).encode())
    return h.hexdigest()


CASES = [(g, v) for g in meeple.game_names() if g != "toy" for v in meeple.load_game(g).variants]


@pytest.mark.slow
@pytest.mark.parametrize("name,variant", CASES)
def test_moves_unchanged(name, variant):
    key = f"{name}/{variant}"
    if key not in EXPECTED:  # a new game or variant: record its digest once
        pytest.fail(
            f"no digest recorded for {key}: run `uv run python -m tests.games.test_digest` and add its "
            "line to EXPECTED (CONTRIBUTING.md, adding a game)"
        )
    assert digest(name, variant) == EXPECTED[key]


if __name__ == "__main__":
    import time

    for name, variant in CASES:
        t = time.perf_counter()
        print(f'    "{name}/{variant}": "{digest(name, variant)}",  # {time.perf_counter() - t:.1f} s', flush=True)
