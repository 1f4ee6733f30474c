"""``meeple simulate``: results and summary, seats, records, stops and ``--resume``."""

from __future__ import annotations

import json

import pytest

import meeple
from tests.cli.helpers import _rows_without_time, run, stop_after


@pytest.mark.parametrize("ext", ["csv", "parquet"])
def test_simulate_writes_results_and_summary(tmp_path, ext):
    out = tmp_path / f"r.{ext}"
    r = run("simulate", "toy", "--seats", "greedy,random", "-n", "20", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert "greedy" in r.output and "by seat" in r.output
    if ext == "parquet":
        k = run("simulate", "klondike", "--seats", "random,random", "-n", "2", "--seed", "1")
        assert k.exit_code == 0 and "│ 0 (P1) │" in k.output and "│ 1 (P2) │" in k.output, k.output
        import pyarrow.parquet as pq

        table = pq.read_table(out)
        assert table.num_rows == 40
        assert set(table.column("bot").to_pylist()) == {"greedy", "random"}
    else:
        lines = out.read_text().splitlines()
        assert len(lines) == 41 and lines[0].startswith("game,variant,index,seed")


def test_simulate_is_reproducible_and_rotates_seats(tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    run("simulate", "toy", "--seats", "greedy,random", "-n", "6", "--seed", "3", "--out", str(a))
    run("simulate", "toy", "--seats", "greedy,random", "-n", "6", "--seed", "3", "--out", str(b), "--workers", "2")
    assert _rows_without_time(a) == _rows_without_time(b)
    rows = a.read_text().splitlines()[1:]
    firsts = [r.split(",")[6] for r in rows if r.split(",")[5] == "0"]
    assert firsts[:2] == ["greedy", "random"]


def test_simulate_warns_about_games_cut_short(tmp_path):
    """Magnum Sal's random games end on the max_rounds safety cap: the summary says so."""
    r = run("simulate", "magnum-sal", "--seats", "random,random", "-n", "2", "--option", "max_rounds=3")
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())
    assert "2 of 2 games were cut short by a safety option (max_rounds, 100.0% of the games; not a rule" in said


def test_a_game_that_never_ends_gives_a_clean_error(monkeypatch, capsys):
    """simulate/ladder with the safety options off: exit 1 with a message, no traceback."""
    import sys

    import meeple.sim.runner as runner
    from meeple.cli.main import main

    state = meeple.load_game("toy").new_initial_state(num_players=2, seed=0)
    assert not state.is_terminal()
    with pytest.raises(runner.GameNotEndingError, match="no end after 3 actions"):
        runner.play_game("toy", ["random", "random"], 0, max_steps=3)

    def never(*args, **kwargs):
        raise runner.GameNotEndingError("toy seed 0: no end after 3 actions")

    import meeple.sim as sim

    monkeypatch.setattr(runner, "run_games", never)
    monkeypatch.setattr(sim, "run_games", never)
    monkeypatch.setattr(sys, "argv", ["meeple", "simulate", "toy", "-n", "2"])
    with pytest.raises(SystemExit) as e:
        main()
    assert e.value.code == 1
    err = capsys.readouterr().err
    assert "no end after 3 actions" in err and "Traceback" not in err


def test_interrupted_parallel_games_stop_the_workers():
    """Ctrl-C during a run with worker processes stops them and reaches the caller."""
    from meeple.sim.runner import run_games, simulation_jobs

    def interrupt(result):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_games("toy", simulation_jobs(["random", "greedy"], 50, 1), workers=2, progress=interrupt)


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_a_stopped_simulation_reports_and_keeps_the_games_it_finished(tmp_path, monkeypatch, sig):
    import os
    import signal

    from meeple.cli import main

    real = main.Progress.advance
    count = []

    def stop_after_three(self, task, advance=1):
        real(self, task, advance)
        count.append(1)
        if len(count) == 3:
            os.kill(os.getpid(), getattr(signal, sig))

    monkeypatch.setattr(main.Progress, "advance", stop_after_three)
    out = tmp_path / "s.csv"
    r = run("simulate", "toy", "-n", "10", "--out", str(out))
    assert r.exit_code == 128 + getattr(signal, sig), r.output
    assert "stopped: 3 of 10 games finished" in r.output and "(test game): 3 games" in r.output
    assert len(_rows_without_time(out)) == 6  # 3 games, 2 seats each


def test_simulate_records_saves_every_game_for_replay_and_play(tmp_path):
    folder = tmp_path / "games"
    out = tmp_path / "r.csv"
    r = run(
        "simulate",
        "klondike",
        "--seats",
        "greedy,random",
        "-n",
        "3",
        "--seed",
        "4",
        "--out",
        str(out),
        "--records",
        str(folder),
    )
    assert r.exit_code == 0, r.output
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["klondike-00000.json", "klondike-00001.json", "klondike-00002.json"]
    import csv

    rows = list(csv.DictReader(out.open()))
    for i in range(3):
        data = json.loads((folder / files[i]).read_text())
        game_rows = sorted((row for row in rows if int(row["index"]) == i), key=lambda row: int(row["seat"]))
        assert data["seats"] == [row["bot"] for row in game_rows]  # the seats rotate game by game
        final = meeple.replay(data["record"])
        assert final.is_terminal() and final.scores() == [int(row["score"]) for row in game_rows]
        assert str(final.seed) == game_rows[0]["seed"]
    r = run("replay", str(folder / files[1]), "--no-events")
    assert r.exit_code == 0 and "game over" in r.output
    # a second run replaces its own saves, never another file
    (folder / "klondike-00003.json").write_text("my notes")
    r = run("simulate", "klondike", "--seats", "greedy,random", "-n", "4", "--records", str(folder))
    assert r.exit_code == 2 and "klondike-00003.json is in the way: it is not a meeple save" in "".join(
        r.output.split("\n")
    )
    assert (folder / "klondike-00003.json").read_text() == "my notes"
    r = run("simulate", "klondike", "--seats", "greedy,random", "-n", "2", "--records", str(out))
    assert r.exit_code == 2 and "not a folder" in " ".join(r.output.split())


def test_a_stopped_simulation_resumes_to_the_unbroken_result(tmp_path, monkeypatch):
    """simulate --out keeps the finished games after Ctrl-C; --resume plays only the others and
    gives the same file and tables as one unbroken run; a larger -n grows it; another
    simulation's file is refused."""
    args = ["simulate", "toy", "--seats", "random,greedy", "-n", "8", "--seed", "5"]
    whole = tmp_path / "whole.csv"
    r = run(*args, "--out", str(whole))
    assert r.exit_code == 0, r.output
    tables = r.output[r.output.index("Fifteen") : r.output.index("game length")]

    part = tmp_path / "part.csv"
    undo = stop_after(monkeypatch, 3)
    r = run(*args, "--out", str(part))
    assert r.exit_code == 130
    assert "the same command with --resume plays the other 5 games" in " ".join(r.output.split())
    assert len(_rows_without_time(part)) == 6  # 3 games x 2 seats
    undo()

    r = run(*args, "--out", str(part), "--resume")
    assert r.exit_code == 0, r.output
    assert "resuming: 3 of 8 games" in r.output
    assert r.output[r.output.index("Fifteen") : r.output.index("game length")] == tables
    assert _rows_without_time(part) == _rows_without_time(whole)

    r = run("simulate", "toy", "--seats", "random,greedy", "-n", "10", "--seed", "5", "--out", str(part), "--resume")
    assert r.exit_code == 0 and "resuming: 8 of 10 games" in r.output
    before = part.read_text()
    r = run("simulate", "toy", "--seats", "greedy,random", "-n", "10", "--seed", "5", "--out", str(part), "--resume")
    assert r.exit_code == 2 and "another simulation" in " ".join(r.output.split())
    assert part.read_text() == before
    r = run("simulate", "toy", "--seats", "greedy,random", "--resume")
    assert r.exit_code == 2 and "give it with --out" in " ".join(r.output.split())


def test_simulate_resume_names_other_seats_before_the_game_count(tmp_path):
    out = tmp_path / "r.csv"
    assert run("simulate", "toy", "--seats", "random,greedy", "-n", "6", "--out", str(out)).exit_code == 0
    r = run("simulate", "toy", "--seats", "greedy,greedy", "-n", "4", "--out", str(out), "--resume")
    assert r.exit_code == 2 and "another simulation: it has random, not in this simulation's --seats" in " ".join(
        r.output.split()
    )


def test_resumed_records_count_their_own_games_as_their_own(tmp_path, monkeypatch):
    out, folder = tmp_path / "r.csv", tmp_path / "games"
    args = ["simulate", "toy", "--seats", "random,greedy", "-n", "5", "--out", str(out), "--records", str(folder)]
    undo = stop_after(monkeypatch, 2)
    assert run(*args).exit_code == 130
    undo()
    r = run(*args, "--resume")
    assert r.exit_code == 0, r.output
    assert "earlier run" not in r.output and "3 games saved" in r.output
    assert len(list(folder.glob("toy-*.json"))) == 5


def test_simulate_writes_its_file_before_the_tables(tmp_path, monkeypatch):
    """A closed pipe (``| head``, a pager quit early) while the tables print loses no result."""
    from meeple.cli import main

    def closed_pipe(g, results):
        raise BrokenPipeError

    monkeypatch.setattr(main, "_simulation_report", closed_pipe)
    out = tmp_path / "s.csv"
    r = run("simulate", "toy", "-n", "3", "--out", str(out))
    assert r.exit_code != 0
    assert len(_rows_without_time(out)) == 6  # 3 games, 2 seats each


def test_a_variant_alias_names_the_same_runs(tmp_path):
    out = tmp_path / "k.csv"
    r = run("simulate", "klondike", "--seats", "random,random", "-n", "2", "--variant", "expert", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert {row["variant"] for row in _rows_without_time(out)} == {"race"}
    r = run(
        "simulate",
        "klondike",
        "--seats",
        "random,random",
        "-n",
        "3",
        "--variant",
        "race",
        "--out",
        str(out),
        "--resume",
    )
    assert r.exit_code == 0 and "resuming: 2 of 3 games" in r.output, r.output
    assert "race (also expert)" in run("games").output


def test_a_bot_budget_with_leading_zeros_is_named_without_them_in_results(tmp_path):
    """``mcts:010`` plays as ``mcts:10`` and results files name it so (one bot, one name)."""
    out = tmp_path / "r.csv"
    r = run("simulate", "toy", "--seats", "mcts:010,random", "-n", "2", "--seed", "1", "--out", str(out))
    assert r.exit_code == 0, r.output
    names = {row.split(",")[6] for row in out.read_text().splitlines()[1:]}
    assert names == {"mcts:10", "random"}
