"""Whole Lignum games to the end: every player count and variant, many seeds."""
import json
import random

import pytest

import meeple

GAME = meeple.load_game("lignum")
VARIANTS = ("basic", "advanced", "basic-tactical", "advanced-tactical")


def _play_random(n, variant, seed):
    s = GAME.new_initial_state(num_players=n, seed=seed, variant=variant)
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal, "no legal action in a non-terminal state"
        s.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 20_000
    return s


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end(n, variant):
    for seed in range(60):
        s = _play_random(n, variant, seed)
        assert s.round == 7 and s.phase == "over"
        assert len(s.scores()) == n and sorted(s.ranking()) == list(range(n))
        # LG-22.2: everything sellable was sold; nothing left in sales room or dryers but HW
        for seat in range(n):
            for loc in s.mill[seat]:
                assert sum(loc) - loc[2] == 0
            assert s.loans[seat] <= 2
            assert s.equip[seat][0] <= 4


@pytest.mark.parametrize("variant", VARIANTS)
def test_replay_round_trip(variant):
    s = _play_random(3, variant, 11)
    again = meeple.replay(json.loads(json.dumps(s.record())))
    assert again.to_dict() == s.to_dict()


def test_product_stack_used_up_in_four_player_game():
    # EC-19: 18 product tokens = 3 x 6 rounds; LG-6.3 all 15 placement cards in a 4-player game
    s = _play_random(4, "basic", 3)
    assert s.pstack == [] and s.pdeck == [] and len(s.pused) == 15


@pytest.mark.parametrize("n,used", [(2, 5), (3, 10)])
def test_placement_cards_used(n, used):
    s = _play_random(n, "basic-tactical", 5)
    assert len(s.pused) == used


def test_greedy_games_end():
    agents = pytest.importorskip("meeple.agents")
    for variant in VARIANTS:
        for n in (2, 3, 4):
            s = GAME.new_initial_state(num_players=n, seed=n, variant=variant, hidden_products=(n == 3))
            bots = [agents.make("greedy", seed=i) for i in range(n)]
            steps = 0
            while not s.is_terminal():
                s.apply_action(bots[s.current_player].choose(s))
                steps += 1
                assert steps < 5000


def test_greedy_beats_random_two_players():
    agents = pytest.importorskip("meeple.agents")
    wins = 0
    for i in range(10):
        s = GAME.new_initial_state(num_players=2, seed=100 + i, variant="basic")
        g = i % 2
        bots = {g: agents.make("greedy", seed=i), 1 - g: agents.make("random", seed=i)}
        while not s.is_terminal():
            s.apply_action(bots[s.current_player].choose(s))
        wins += s.scores()[g] > s.scores()[1 - g]
    assert wins >= 8
