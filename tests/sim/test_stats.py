"""Statistics and the ladder's pairing of seeds."""

import pytest

from meeple.core import Rng, derive_seed
from meeple.sim.ladder import ladder_jobs, pair_results
from meeple.sim.runner import GameResult, seat_rotation, simulation_jobs
from meeple.sim.stats import summarize, wilson_interval


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(80, 100)
    assert lo == pytest.approx(0.7112, abs=1e-4) and hi == pytest.approx(0.8666, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)


def test_ladder_pairs_every_deal_with_seats_swapped():
    jobs = ladder_jobs(["a", "b", "c"], 4, seed=1)
    assert len(jobs) == 3 * 4
    for k in range(0, len(jobs), 2):
        (s1, d1, _), (s2, d2, _) = jobs[k], jobs[k + 1]
        assert d1 == d2 and s1 == s2[::-1] and set(s1) != {s1[0]}
    assert len({d for _, d, _ in jobs}) == 6


def test_long_ladders_never_share_a_deal_between_pairs():
    """Beyond 100 deals a pair (-n above 200) its deals come from its own stream; the first
    100 keep the numbering of the committed ladders (docs/ladder)."""
    jobs = ladder_jobs(["a", "b", "c", "d"], 600, seed=1)
    deals = [d for _, d, _ in jobs]
    assert len(set(deals)) == len(deals) // 2 == 6 * 300
    assert jobs[0][1] == derive_seed(1, 100) and jobs[2 * 99][1] == derive_seed(1, 199)


def test_pair_results_count_ties_half():
    mk = lambda bots, ret: GameResult(0, 0, bots, [0, 0], [0, 1], ret, [0], 1, 0.0)
    res = [mk(["a", "b"], [1.0, 0.0]), mk(["b", "a"], [1.0, 0.0]), mk(["a", "b"], [0.5, 0.5])]
    (p,) = pair_results(res, ["a", "b"])
    assert (p.a, p.b, p.games, p.a_wins) == ("a", "b", 3, 1.5)


def test_simulation_jobs_rotate_and_derive_seeds():
    jobs = simulation_jobs(["x", "y", "z"], 4, 9)
    assert [j[0] for j in jobs] == [["x", "y", "z"], ["y", "z", "x"], ["z", "x", "y"], ["x", "y", "z"]]
    assert len({j[1] for j in jobs}) == 4 and jobs[0][1] == derive_seed(9, 0)
    assert seat_rotation(["a", "b"], 3) == ["b", "a"]


def test_summarize_splits_shared_wins():
    r = GameResult(0, 0, ["a", "b"], [5, 5], [0, 1], [0.5, 0.5], [0, 1], 10, 0.1)
    s = summarize([r])
    assert s["bots"]["a"]["wins"] == 0.5 and s["seats"][1]["mean_score"] == 5
    assert s["mean_steps"] == 10


def test_rng_is_reproducible_and_uniform_enough():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    # SplitMix64 reference value for seed 0 (first output)
    assert Rng(0).next64() == 0xE220A8397B1DCDAF
    r = Rng(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.randbelow(6)] += 1
    assert all(900 < c < 1100 for c in counts)
    items = list(range(10))
    r.shuffle(items)
    assert sorted(items) == list(range(10))


def test_pair_told_from_the_winner_side():
    from meeple.sim.ladder import PairResult

    p = PairResult("random", "greedy", 10, 2.5).winner_first()
    assert (p.a, p.b, p.a_wins) == ("greedy", "random", 7.5)
    assert p.interval[0] < 0.75 < p.interval[1]


def test_a_multiplayer_pair_tally_does_not_depend_on_the_bot_order():
    """3 seats, greedy twice: greedy's tally is the mean of its own seats' returns (here
    (1 + 0.5) / 2 in each game), not the games minus random's tally (2 - 0)."""
    from meeple.sim.ladder import pair_results

    games = [
        GameResult(
            index=0,
            seed=1,
            bots=["greedy", "random", "greedy"],
            scores=[3, 1, 2],
            ranking=[0, 2, 1],
            returns=[1.0, 0.0, 0.5],
            winners=[0],
            steps=1,
            seconds=0.0,
        ),
        GameResult(
            index=1,
            seed=2,
            bots=["random", "greedy", "greedy"],
            scores=[1, 3, 2],
            ranking=[1, 2, 0],
            returns=[0.0, 1.0, 0.5],
            winners=[1],
            steps=1,
            seconds=0.0,
        ),
    ]
    for order in (["greedy", "random"], ["random", "greedy"]):
        (p,) = [x.winner_first() for x in pair_results(games, order)]
        assert (p.a, p.b, p.games, p.a_wins, p.b_wins) == ("greedy", "random", 2, 1.5, 0.0)


def test_tied_seats_share_a_place_in_state_and_results_rows():
    """Exact ties after all tie-breaks share a place (1, 1, 3), in State.places and the
    results files' ``place`` column; ranking() still lists every seat once."""
    import random

    import meeple

    st = meeple.load_game("solomon").new_initial_state(num_players=3, seed=2)
    r = random.Random(2)
    while not st.is_terminal():
        st.apply_action(r.choice(st.legal_actions()))
    st._rank_key = lambda s: [(5,), (7,), (7,)][s]  # seats 1 and 2 tied
    assert st.places() == [3, 1, 1]
    assert st.winners() == [1, 2] and st.returns() == [0.0, 0.75, 0.75]
    assert st.ranking() == [1, 2, 0]
    res = GameResult(
        index=0,
        seed=2,
        bots=["a", "b", "c"],
        scores=[5, 7, 7],
        ranking=st.ranking(),
        returns=st.returns(),
        winners=st.winners(),
        steps=1,
        seconds=0.0,
    )
    assert [row["place"] for row in res.rows("solomon", "standard")] == [3, 1, 1]
    res4 = GameResult(
        index=0,
        seed=2,
        bots=list("abcd"),
        scores=[9, 4, 4, 1],
        ranking=[0, 1, 2, 3],
        returns=[1.0, 0.5, 0.5, 0.0],
        winners=[0],
        steps=1,
        seconds=0.0,
    )
    assert [row["place"] for row in res4.rows("x", "v")] == [1, 2, 2, 4]


def test_play_game_takes_an_agent_object_of_ones_own():
    """A researcher's own Agent plays through play_game beside a built-in spec."""
    import meeple
    from meeple.agents import Agent
    from meeple.sim import play_game

    class FirstLegal(Agent):
        def choose(self, state):
            return state.legal_actions()[0]

    mine = FirstLegal()
    res = play_game("solomon", [mine, "random"], seed=4)
    assert res.bots == ["FirstLegal", "random"]
    assert mine.seed == derive_seed(4, 1000)  # reset with its seat's seed
    # the same game, replayed by hand: the same scores
    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=4)
    other = meeple.agents.make("random", derive_seed(4, 1001))
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0] if st.current_player == 0 else other.choose(st))
    assert res.scores == st.scores() and res.steps == st.move_number


def test_wilson_interval_refuses_impossible_tallies():
    from meeple.sim.stats import wilson_interval

    low, high = wilson_interval(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    assert wilson_interval(0, 0) == (0.0, 1.0)
    for wins, n in ((11, 10), (-1, 10), (float("nan"), 10), (5, -3)):
        with pytest.raises(ValueError):
            wilson_interval(wins, n)
