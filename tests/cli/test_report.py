"""The reports of a results table (``simulate --report``, ``ladder --report``)."""

from __future__ import annotations

from tests.cli.helpers import run, stop_after


def test_a_report_of_one_game_says_one_game(tmp_path):
    out = tmp_path / "one.csv"
    assert run("simulate", "toy", "--seats", "random,greedy", "-n", "1", "--out", str(out)).exit_code == 0
    r = run("simulate", "toy", "--out", str(out), "--report")
    assert r.exit_code == 0 and f"1 game in {out}" in " ".join(r.output.split()), r.output
    assert run("simulate", "toy", "--seats", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    assert f"2 games in {out}" in " ".join(run("simulate", "toy", "--out", str(out), "--report").output.split())


def test_ladder_report_prints_the_tables_of_the_games_so_far(tmp_path, monkeypatch):
    """--report plays nothing: on a finished ladder it gives the run's own tables; on a stopped
    one the tables of its games so far; the bots are read from the file (not --bots)."""
    args = ["ladder", "toy", "--bots", "random,greedy,flatmc:2", "-n", "4", "--seed", "3"]
    whole = tmp_path / "whole.csv"
    r = run(*args, "--out", str(whole))
    assert r.exit_code == 0, r.output
    tables = r.output[r.output.index("head to head") : r.output.index("results written")]
    before = whole.read_text()
    r = run("ladder", "toy", "--out", str(whole), "--report")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "12 games in" in out and "bots random, greedy, flatmc:2" in out
    assert r.output[r.output.index("head to head") :] == tables
    assert "mcts:1000" not in r.output  # the default --bots play no part
    assert whole.read_text() == before
    part = tmp_path / "part.csv"
    undo = stop_after(monkeypatch, 5)
    assert run(*args, "--out", str(part)).exit_code == 130
    undo()
    r = run("ladder", "toy", "--out", str(part), "--report")
    assert r.exit_code == 0 and "5 games in" in " ".join(r.output.split())
    r = run("ladder", "toy", "--out", str(tmp_path / "none.csv"), "--report")
    assert r.exit_code == 2 and "does not exist (yet" in " ".join(r.output.split())
    r = run("ladder", "solomon", "--out", str(whole), "--report")
    assert r.exit_code == 2 and "it holds games of toy, not solomon" in " ".join(r.output.split())
    notes = tmp_path / "notes.md"
    notes.write_text("# my notes\n\nnot a results table\n")
    for command in ("ladder", "simulate"):
        r = run(command, "toy", "--out", str(notes), "--report")
        assert r.exit_code == 2 and "ending in .csv or .parquet, not 'notes.md'" in " ".join(r.output.split())
    assert notes.read_text() == "# my notes\n\nnot a results table\n"


def test_ladder_report_says_what_it_ignores_and_refuses_a_simulation_file(tmp_path):
    lad = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(lad)).exit_code == 0
    r = run("ladder", "toy", "--out", str(lad), "--report", "--bots", "random,flatmc:3", "-n", "8", "--players", "3")
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and "--bots, -n/--games, --players not used" in out and "2 games in" in out
    r = run("ladder", "toy", "--out", str(lad), "--report", "--players", "2", "--seed", "0")  # the defaults, given
    assert r.exit_code == 0 and "--seed, --players not used" in " ".join(r.output.split())
    r = run("ladder", "toy", "--out", str(lad), "--report")
    assert r.exit_code == 0 and "not used" not in r.output
    sim = tmp_path / "s.csv"
    assert run("simulate", "toy", "--seats", "random,greedy,flatmc:2", "-n", "3", "--out", str(sim)).exit_code == 0
    before = sim.read_text()
    r = run("ladder", "toy", "--out", str(sim), "--report")
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "is not a ladder's file" in out and "3 different bots" in out
    assert sim.read_text() == before
    same = tmp_path / "g.csv"
    assert run("simulate", "toy", "--seats", "greedy,greedy", "-n", "2", "--out", str(same)).exit_code == 0
    r = run("ladder", "toy", "--out", str(same), "--report")
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "seats only greedy in every seat" in out
