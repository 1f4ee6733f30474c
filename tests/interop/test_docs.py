"""docs/research.md says what the bindings do: its size table is the encodings' sizes, it
names the OpenSpiel registrations, and its training loop runs (tests/docs runs every
Python block of the docs; here the loop runs once more with the check that it learns)."""

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (uv sync --extra rl)")

import meeple  # noqa: E402
from meeple.interop.spaces import encoding_of  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
TEXT = DOC.read_text(encoding="utf-8")


def test_the_size_table_is_the_encodings():
    rows = re.findall(r"^\| (\S+) \| (\S+) \| ([\d /]+) \| ([\d /]+) \|$", TEXT, flags=re.M)
    assert len(rows) == 11
    for game, variant, actions, obs in rows:
        g = meeple.load_game(game)
        enc = encoding_of(game)
        want_a, want_o = [], []
        for n in range(g.min_players, g.max_players + 1):
            st = g.new_initial_state(n, 0, variant)
            want_a.append(len(enc.action_notations(n, variant)))
            want_o.append(len(enc.observation_vector(st.observation(0), n, variant)))
        assert [int(x) for x in actions.split(" / ")] == want_a, (game, variant)
        assert [int(x) for x in obs.split(" / ")] == want_o, (game, variant)


def test_the_registration_names_are_documented():
    from meeple.interop import openspiel

    for game in ("magnum-sal", "lignum", "solomon", "klondike"):
        assert f"`{openspiel.short_name(game)}`" in TEXT


def test_the_training_loop_runs_and_updates_the_policy(capsys):
    block = re.search(r"## A training loop.*?```python\n(.*?)```", TEXT, flags=re.S).group(1)
    loop_lines = [line for line in block.splitlines() if line.strip()]
    assert len(loop_lines) <= 30
    namespace = {"__name__": "research"}
    exec(compile(block, "docs/research.md training loop", "exec"), namespace)
    assert namespace["W"].any()  # the rewards moved the policy
    assert capsys.readouterr().out.count("decisions") == 3


def test_the_ten_line_loop_is_ten_lines_and_runs(capsys):
    block = re.search(r"## The loop in ten lines.*?```python\n(.*?)```", TEXT, flags=re.S).group(1)
    assert len(block.strip().splitlines()) <= 10
    exec(compile(block, "docs/research.md ten-line loop", "exec"), {"__name__": "research"})
    out = capsys.readouterr().out
    assert sorted(re.findall(r"player_\d reward (\S+)", out)) in (["0.0", "1.0"], ["0.5", "0.5"])
