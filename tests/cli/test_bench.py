"""``meeple bench``."""

from __future__ import annotations

from tests.cli.helpers import run


def test_bench_runs():
    r = run("bench", "toy", "--seconds", "0.2")
    assert r.exit_code == 0, r.output
    assert "steps/s" in r.output and "apply_action()" in r.output and "standard" in r.output
    r = run("bench", "toy", "--seconds", "0.2", "--unchecked", "--variant", "Standard")
    assert r.exit_code == 0, r.output
    assert "apply_unchecked()" in r.output


def test_bench_public_and_unchecked_play_the_same_games():
    from meeple.sim.bench import random_game

    for name, variant in (("lignum", "advanced-tactical"), ("klondike", "race")):
        a, k = random_game(name, 3, 5, variant)
        b, m = random_game(name, 3, 5, variant, public=False)
        assert k == m > 0 and a.history == b.history and a.variant == variant


def test_bench_search_measures_the_bots():
    from meeple.sim.bench import bench_search

    r = bench_search("toy", 2, 0, iterations=50)
    assert set(r) == {"iterations_per_s", "mcts_s", "easy_s", "medium_s", "hard_s"}
    assert r["iterations_per_s"] > 0 and all(v > 0 for v in r.values())
    out = run("bench", "toy", "--search")
    assert out.exit_code == 0, out.output
    assert "it/s" in out.output and "hard" in out.output
