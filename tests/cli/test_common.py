"""What the commands share (``meeple.cli.common``): bot specs and seat lists, option values,
results files (``--out``: refused, replaced, kept as ``.prev``, a spare file), ``--records``,
time-capped bots and runs stopped by a dead worker."""

from __future__ import annotations

import json

import pytest

import meeple
from tests.cli.helpers import _rows_without_time, run, stop_after


@pytest.mark.parametrize(
    "spec, reason",
    [
        ("mcts:100:guard=-1", "must be >= 0"),
        ("mcts:10:foo=1", "unknown option foo=1"),
        ("mcts:200:widen", "expected key=value"),
        ("mcts:0", "at least 1"),
        ("mcts:10:time=0", "time must be > 0"),
        ("mcts:10:c=nan", "finite"),
        ("mcts:10:time=inf", "finite"),
        ("mcts:10:c=x", "budgets and options are numbers"),
        ("mcts:10:prior=2.5", "prior is a whole number"),
        ("mcts:10:prior=-1", "prior is a whole number"),
        ("mcts:10:depth=1.5", "depth is a whole number of actions"),
        ("flatmc:10:depth=-1", "depth is a whole number of actions"),
        ("mcts:10:rollout=foo", "rollout is random or greedy"),
        ("mcts:10:time=1:time=2", "option 'time' twice"),
        ("mcts:1_0", "digits 0-9"),
        ("mcts:+20", "digits 0-9"),
        ("flatmc:\u0665", "digits 0-9"),
        ("flatmc:5:c=0.3", "(flatmc takes :time=S"),
        ("c=0.3", "options follow it after colons"),
    ],
)
def test_bad_bot_specs_say_what_is_wrong(spec, reason):
    """The specific reason reaches the user, printed literally (no emoji for ':100:')."""
    r = run("ladder", "toy", "--bots", f"greedy,{spec}", "-n", "2")
    assert r.exit_code == 2, r.output
    assert reason in r.output and spec in r.output and "Traceback" not in r.output


def test_empty_bot_list_names_the_right_option():
    r = run("ladder", "toy", "--bots", "", "-n", "2")
    assert r.exit_code == 2 and "--bots" in r.output and "--seats" not in r.output


@pytest.mark.parametrize(
    "command", [("ladder", "toy", "--bots", "random,greedy", "-n", "2"), ("simulate", "toy", "-n", "2")]
)
def test_unwritable_results_file_is_refused_before_any_game(tmp_path, command):
    folder = tmp_path / "taken.parquet"
    folder.mkdir()
    r = run(*command, "--out", str(folder))
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "is a directory" in out and "Traceback" not in out
    assert "head to head" not in out and "wins" not in out  # no game was played


@pytest.mark.parametrize(
    "command",
    [
        ("ladder", "toy", "--bots", "random,greedy", "-n", "2"),
        ("simulate", "toy", "-n", "2"),
        ("ladder", "toy", "--report"),
        ("simulate", "toy", "--report"),
    ],
)
def test_a_folder_as_results_file_is_named_a_folder(tmp_path, command):
    """--out naming a folder (with or without a results suffix) says it is a folder, not that
    the name lacks .csv/.parquet or that the file holds no game."""
    for name in ("runs", "runs.parquet"):
        (tmp_path / name).mkdir()
        r = run(*command, "--out", str(tmp_path / name))
        out = " ".join(r.output.split())
        assert r.exit_code == 2 and f"{tmp_path / name} is a directory" in out, out
        assert "holds no game" not in out and "Traceback" not in out


@pytest.mark.parametrize(
    "command", [("ladder", "toy", "--bots", "random,greedy", "-n", "2"), ("simulate", "toy", "-n", "2")]
)
def test_results_file_replaces_only_a_results_file(tmp_path, command):
    mine = tmp_path / "mine.csv"
    mine.write_text("name,score\nana,3\n")
    r = run(*command, "--out", str(mine))
    assert r.exit_code == 2 and "not a meeple results file" in " ".join(r.output.split())
    assert mine.read_text() == "name,score\nana,3\n"
    for name in ("r.csv", "r.parquet"):  # a results file of ours is replaced
        for _ in range(2):
            r = run(*command, "--out", str(tmp_path / name))
            assert r.exit_code == 0, r.output
    import pyarrow.parquet as pq

    assert pq.read_table(tmp_path / "r.parquet").num_rows == 4
    assert (tmp_path / "r.csv").read_text().startswith("game,variant,index,seed,")


def test_results_file_link_to_nowhere_is_refused(tmp_path):
    link = tmp_path / "gone.csv"
    link.symlink_to(tmp_path / "missing" / "x.csv")
    r = run("simulate", "toy", "-n", "2", "--out", str(link))
    assert r.exit_code == 2 and "link to a missing file" in " ".join(r.output.split())


def test_results_are_kept_when_the_file_fails_at_the_end(tmp_path, monkeypatch):
    """A write that fails after the games (disk full, folder gone) goes to a spare file."""
    import meeple.sim.io as io

    monkeypatch.chdir(tmp_path)
    real = io.write_rows
    calls = []

    def flaky(rows, path):
        calls.append(str(path))
        if len(calls) == 1:
            raise OSError(28, "No space left on device")
        return real(rows, path)

    monkeypatch.setattr(io, "write_rows", flaky)
    r = run("simulate", "toy", "-n", "2", "--out", str(tmp_path / "out.csv"))
    assert r.exit_code == 0, r.output
    assert "No space left" in " ".join(r.output.split()) and (tmp_path / "meeple-results-toy.csv").exists()
    assert (tmp_path / "meeple-results-toy.csv").read_text().count("\n") == 5  # header + 2 games x 2 seats


def test_a_killed_worker_stops_a_run_with_one_line_and_keeps_the_games(tmp_path, monkeypatch):
    """A worker process killed from outside (WorkerDiedError): ladder and simulate keep the
    games finished before, say so in one line with the --resume command, and exit 1; no
    traceback."""
    from meeple.sim import WorkerDiedError

    died = WorkerDiedError("a worker process ended abruptly (killed by a signal)")
    lad = tmp_path / "l.parquet"
    undo = stop_after(monkeypatch, 3, died)
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "8", "--out", str(lad))
    out = " ".join(r.output.split())
    assert r.exit_code == 1 and "Traceback" not in out
    assert "stopped: a worker process ended abruptly" in out
    assert "3 of 8 games kept" in out and "--resume plays the rest" in out
    assert len(_rows_without_time(lad)) == 6
    sim = tmp_path / "s.csv"
    r = run("simulate", "toy", "--seats", "random,greedy", "-n", "8", "--out", str(sim))
    out = " ".join(r.output.split())
    assert r.exit_code == 1 and "stopped: a worker process ended abruptly" in out
    assert "3 of 8 games finished (summarised below)" in out
    assert "the same command with --resume plays the other 5 games" in out
    undo()


def test_rerunning_without_resume_keeps_the_earlier_file_as_prev(tmp_path):
    """Nothing the user made is lost: a new run at an earlier run's --out moves that file to
    NAME.prev.EXT (an older .prev is replaced), in ladder and simulate alike."""
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    first = out.read_text()
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--seed", "9", "--out", str(out))
    assert r.exit_code == 0 and "moved to" in " ".join(r.output.split()), r.output
    assert str(tmp_path / "l.prev.csv") in "".join(r.output.split())  # a long path may wrap
    assert (tmp_path / "l.prev.csv").read_text() == first
    assert "older" not in r.output  # no .prev before this run
    second = out.read_text()
    assert second != first and len(second.splitlines()) == 1 + 4 * 2  # header + 4 games of 2 seats
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--seed", "5", "--out", str(out))
    said = "".join(r.output.split())  # a long path may wrap
    assert r.exit_code == 0 and f"theolder{tmp_path / 'l.prev.csv'}thereisreplaced" in said, r.output
    assert (tmp_path / "l.prev.csv").read_text() == second
    sim = tmp_path / "s.parquet"
    assert run("simulate", "toy", "--seats", "random,greedy", "-n", "3", "--out", str(sim)).exit_code == 0
    before = sim.read_bytes()
    assert run("simulate", "toy", "--seats", "greedy,greedy", "-n", "2", "--out", str(sim)).exit_code == 0
    assert (tmp_path / "s.prev.parquet").read_bytes() == before and sim.read_bytes() != before
    r = run("simulate", "toy", "--seats", "random,random", "-n", "2", "--out", str(sim))
    assert r.exit_code == 0 and "thereisreplaced" in "".join(r.output.split()), r.output


def test_a_foreign_file_at_the_prev_name_stops_a_run_before_it_starts(tmp_path):
    out, prev = tmp_path / "l.csv", tmp_path / "l.prev.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    first = out.read_text()
    prev.write_text("my own notes\n")
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--seed", "3", "--out", str(out))
    assert r.exit_code == 2 and "is not a meeple results file" in " ".join(r.output.split()), r.output
    assert out.read_text() == first and prev.read_text() == "my own notes\n"


def test_a_run_stopped_before_its_first_game_leaves_the_earlier_file_alone(tmp_path, monkeypatch):
    out = tmp_path / "l.csv"
    assert run("simulate", "toy", "--seats", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    first = out.read_text()
    from meeple.cli import common

    def stop(self, result):  # Ctrl-C as the first game ends, before it is counted
        raise KeyboardInterrupt

    monkeypatch.setattr(common.Checkpoint, "add", stop)
    r = run("simulate", "toy", "--seats", "greedy,greedy", "-n", "3", "--out", str(out))
    assert r.exit_code == 130, r.output
    assert out.read_text() == first and not (tmp_path / "l.prev.csv").exists()


def test_a_new_folder_for_out_is_announced(tmp_path):
    out = tmp_path / "new" / "deeper" / "l.csv"
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out))
    assert r.exit_code == 0 and "created the folder" in r.output and out.exists()


def test_records_never_replace_a_persons_saved_game(tmp_path):
    """--records replaces only saves of bots' games (an earlier run's records); a person's
    save at a record's name stops the run before its first game, in simulate and ladder."""
    folder = tmp_path / "games"
    folder.mkdir()
    mine = folder / "solomon-00001.json"
    assert run("play", "solomon", "--seats", "human,greedy", "--save", str(mine), input="quit\n").exit_code == 0
    saved = mine.read_text()
    assert json.loads(saved)["seats"] == ["human", "greedy"]
    for args in (
        ("simulate", "solomon", "--seats", "greedy,random", "-n", "2"),
        ("ladder", "solomon", "--bots", "greedy,random", "-n", "2", "--out", str(tmp_path / "l.csv")),
    ):
        r = run(*args, "--records", str(folder))
        assert r.exit_code == 2 and "a person's seat" in " ".join(r.output.split()), r.output
        assert mine.read_text() == saved and sorted(p.name for p in folder.iterdir()) == ["solomon-00001.json"]
    # a bots' game there (an earlier run's record) is replaced, with a note
    assert (
        run(
            "simulate", "solomon", "--seats", "random,random", "-n", "2", "--records", str(folder), "--seed", "5"
        ).exit_code
        == 2
    )  # the person's save is still in the way
    mine.unlink()
    assert run("simulate", "solomon", "--seats", "random,random", "-n", "2", "--records", str(folder)).exit_code == 0
    r = run("simulate", "solomon", "--seats", "greedy,random", "-n", "2", "--records", str(folder))
    assert r.exit_code == 0 and "2 of them are replaced" in " ".join(r.output.split()), r.output
    assert json.loads(mine.read_text())["seats"] == ["random", "greedy"]


def test_a_yes_no_option_says_true_or_false(tmp_path):
    r = run("simulate", "lignum", "--seats", "random,random", "-n", "1", "-o", "easy_winter=yes")
    assert r.exit_code == 2 and "option easy_winter must be true or false, not 'yes'" in " ".join(r.output.split())


def test_a_comma_inside_a_bot_spec_says_where_options_go():
    from meeple.core import InvalidConfigError

    with pytest.raises(InvalidConfigError, match="options follow it after colons, e.g. mcts:200:c=0.3"):
        meeple.agents.make("mcts:200,c=0.3")
    r = run("play", "toy", "--seats", "human,mcts:200,c=0.3")  # split into two seats at the comma
    assert r.exit_code == 2 and "'c=0.3'" in r.output and "after colons" in r.output


def test_an_empty_seats_list_is_refused_in_play():
    r = run("play", "toy", "--seats", "")
    assert r.exit_code == 2 and "--seats needs at least one entry" in r.output


def test_time_capped_bots_are_said_not_to_be_reproducible(tmp_path):
    r = run("simulate", "toy", "--seats", "greedy,mcts:5:time=1", "-n", "2")
    assert r.exit_code == 0 and "mcts:5:time=1 stops searching at a time cap" in " ".join(r.output.split())
    r = run("ladder", "toy", "--bots", "random,medium,hard", "-n", "2", "--out", str(tmp_path / "l.csv"))
    assert r.exit_code == 0 and "medium, hard stop searching at a time cap" in " ".join(r.output.split())
    r = run("ladder", "toy", "--bots", "random,mcts:5", "-n", "2", "--out", str(tmp_path / "m.csv"))
    assert r.exit_code == 0 and "time cap" not in r.output


def test_option_values_none_true_false_read_in_any_case():
    """--option cart_max_cubes=None means null (no limit), as the refusal of 0 suggests."""
    from meeple.cli.common import parse_options

    assert parse_options(["cart_max_cubes=None", "a=TRUE", "b=false", "c=null", "d=2", "e=[1, 2]", "f=random"]) == {
        "cart_max_cubes": None,
        "a": True,
        "b": False,
        "c": None,
        "d": 2,
        "e": [1, 2],
        "f": "random",
    }
    assert parse_options(["children=[P2, 0]", "g=[]", "h=[x"]) == {"children": ["P2", 0], "g": [], "h": "[x"}
    r = run("play", "magnum-sal", "--seats", "human,greedy", "--option", "cart_max_cubes=0", input="quit\n")
    assert r.exit_code == 2 and "must be null (no limit) or 1 or more, not 0" in " ".join(r.output.split())


def test_an_out_path_under_a_file_names_that_file(tmp_path):
    """--out under a file (not a folder) names the file in the way, and nothing is made."""
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    for flag in ("--out", "--records"):
        target = notes / "sub" / ("r.csv" if flag == "--out" else "games")
        r = run("simulate", "solomon", "--seats", "random,random", "-n", "1", flag, str(target))
        assert r.exit_code == 2, r.output
        assert f"{notes} is a file, not a folder" in "".join(r.output.split("\n")), r.output
    assert notes.read_text() == "mine"
