"""``meeple ladder``: tables, bots, stops, checkpoints and ``--resume``."""

from __future__ import annotations

import json

import pytest

import meeple
from tests.cli.helpers import _rows_without_time, run, stop_after


def test_ladder_table_and_parquet(tmp_path):
    out = tmp_path / "l.parquet"
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "10", "--out", str(out), "--markdown")
    assert r.exit_code == 0, r.output
    assert "OpenSkill" in r.output and (
        "| random | greedy | 10 |" in r.output or "| greedy | random | 10 |" in r.output
    )
    import pyarrow.parquet as pq

    assert pq.read_table(out).num_rows == 20


@pytest.mark.parametrize(
    "bots, same",
    [
        ("greedy,random,greedy", "greedy and greedy"),
        ("greedy,easy", "greedy and easy"),
        ("hard,mcts:2000:turn=3", "hard and mcts"),
        ("mcts,mcts:1000", "mcts and mcts:1000"),
        ("flatmc,flatmc:20", "flatmc and flatmc"),
        ("mcts:10,mcts:010", "mcts:10 and mcts:010"),
        ("mcts:10,mcts:10:bias=2:widen=0.25", "mcts:10 and mcts:10:bias"),
    ],
)
def test_ladder_refuses_one_bot_under_two_names(tmp_path, bots, same):
    r = run("ladder", "toy", "--bots", bots, "-n", "2", "--out", str(tmp_path / "a.parquet"))
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and same in out and "name each bot once" in out
    assert not (tmp_path / "a.parquet").exists()


def test_ladder_says_when_it_rounds_the_games_up(tmp_path):
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "3", "--out", str(tmp_path / "a.parquet"))
    assert r.exit_code == 0, r.output
    assert "4 games a pair, not 3" in r.output
    import pyarrow.parquet as pq

    assert pq.read_table(tmp_path / "a.parquet").num_rows == 8


def test_ladder_explains_wins_two_and_three_players(tmp_path):
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(tmp_path / "a.parquet"))
    assert r.exit_code == 0, r.output
    assert "1 a game won, 0.5 a tie" in r.output
    r = run(
        "ladder", "toy", "--bots", "random,greedy", "-n", "4", "--players", "3", "--out", str(tmp_path / "b.parquet")
    )
    assert r.exit_code == 0, r.output
    assert "(3 players" in r.output and "share of other seats" in " ".join(r.output.split())


@pytest.mark.parametrize("ext", ["parquet", "csv"])
def test_a_stopped_ladder_resumes_to_the_unbroken_result(tmp_path, monkeypatch, ext):
    """Ctrl-C keeps the finished games in --out (exit 130); --resume plays only the missing
    ones, and file and tables come out as in one unbroken run."""
    args = ["ladder", "toy", "--bots", "random,greedy,flatmc:2", "-n", "4", "--seed", "3"]
    whole = tmp_path / f"whole.{ext}"
    r = run(*args, "--out", str(whole))
    assert r.exit_code == 0, r.output
    tables = r.output[r.output.index("head to head") : r.output.index("results written")]

    part = tmp_path / f"part.{ext}"
    undo = stop_after(monkeypatch, 5)
    r = run(*args, "--out", str(part))
    assert r.exit_code == 130
    out = " ".join(r.output.split())
    assert "5 of 12 games kept" in out and "'meeple ladder toy --out" in out  # (a long path may wrap)
    assert "--report' shows their tables" in out
    assert len(_rows_without_time(part)) == 10  # 5 games x 2 seats
    undo()

    r = run(*args, "--out", str(part), "--resume")
    assert r.exit_code == 0, r.output
    assert "resuming: 5 of 12 games" in r.output
    assert r.output[r.output.index("head to head") : r.output.index("results written")] == tables
    assert _rows_without_time(part) == _rows_without_time(whole)


def test_resume_refuses_another_ladder_and_changes_nothing(tmp_path):
    out = tmp_path / "l.parquet"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    before = out.read_bytes()
    # (two bots in the other order play the very same games: that file is accepted)
    for args in (["--bots", "random,flatmc:2"], ["--seed", "9"], ["--players", "3"]):
        r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", *args, "--out", str(out), "--resume")
        assert r.exit_code == 2, (args, r.output)
        assert "another ladder" in " ".join(r.output.split())
        assert out.read_bytes() == before


def test_a_two_bot_ladder_grows_with_resume(tmp_path):
    """With two bots the first games of -n 4 are the games of -n 2: --resume adds the rest."""
    small, big = tmp_path / "small.csv", tmp_path / "big.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(small)).exit_code == 0
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(small), "--resume")
    assert r.exit_code == 0 and "resuming: 2 of 4 games" in r.output, r.output
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(big)).exit_code == 0
    assert _rows_without_time(small) == _rows_without_time(big)


def test_resume_without_a_file_plays_everything(tmp_path):
    out = tmp_path / "new.csv"
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out), "--resume")
    assert r.exit_code == 0, r.output
    assert "nothing to resume" in " ".join(r.output.split())
    assert len(_rows_without_time(out)) == 4


def test_ladder_checkpoints_while_it_runs(tmp_path, monkeypatch):
    """The results file is rewritten during the run (every 30 s; here every game)."""
    from meeple.cli import common

    sizes = []
    real_save = common.Checkpoint.save

    def save(self):
        sizes.append(len(self.results))
        return real_save(self)

    monkeypatch.setattr(common.Checkpoint, "save", save)
    real_init = common.Checkpoint.__init__

    def init(self, path, game, variant, results=(), every=30.0, **kw):
        real_init(self, path, game, variant, results, every=0.0, **kw)

    monkeypatch.setattr(common.Checkpoint, "__init__", init)
    out = tmp_path / "l.parquet"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(out)).exit_code == 0
    assert sizes == [1, 2, 3, 4, 4]  # after each game, and once at the end


def test_sigterm_stops_a_ladder_like_ctrl_c(tmp_path, monkeypatch):
    """A batch system's kill (SIGTERM) keeps the finished games too, ready for --resume."""
    import os
    import signal

    from meeple.cli import common

    real_add = common.Checkpoint.add

    def killed_after_three(self, result):
        real_add(self, result)
        if len(self.results) == 3:
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(common.Checkpoint, "add", killed_after_three)
    before = signal.getsignal(signal.SIGTERM)
    out = tmp_path / "l.csv"
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "8", "--out", str(out))
    assert r.exit_code == 128 + signal.SIGTERM  # as a shell reports a kill
    assert len(_rows_without_time(out)) == 6
    assert signal.getsignal(signal.SIGTERM) is before  # the handler is put back


def test_resume_refuses_games_played_with_other_options(tmp_path):
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    before = out.read_bytes()
    r = run(
        "ladder", "toy", "--bots", "random,greedy", "-n", "4", "--option", "limit=12", "--out", str(out), "--resume"
    )
    assert r.exit_code == 2 and "options" in r.output, r.output
    assert out.read_bytes() == before


def test_a_ladder_stopped_before_its_first_game_writes_nothing(tmp_path, monkeypatch):
    """No empty file that a later run would refuse; an earlier file stays as it was."""
    from meeple.cli import common

    def stop_at_once(self, result):
        raise KeyboardInterrupt

    monkeypatch.setattr(common.Checkpoint, "add", stop_at_once)
    out = tmp_path / "l.parquet"
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out))
    assert r.exit_code == 130 and "nothing saved" in r.output and not out.exists()


def test_a_cut_csv_is_a_clean_resume_error(tmp_path):
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(out)).exit_code == 0
    text = out.read_text()
    out.write_text(text[: len(text) - 40])  # cut in the middle of the last row
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(out), "--resume")
    assert r.exit_code == 2 and "line 9: not as many values" in " ".join(r.output.split()), r.output
    out.write_text(text.replace(",False,", ",yes,", 1))  # a hand-edited value
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(out), "--resume")
    assert r.exit_code == 2 and "'truncated'" in r.output, r.output


def test_a_failed_save_after_a_failed_game_does_not_hide_the_game_error(tmp_path, monkeypatch):
    """A ladder whose game fails saves the finished games; if that save fails too (disk
    full), it says so and the game's own error is the one raised."""
    from meeple.cli import common

    real_add = common.Checkpoint.add

    def fail_on_third(self, result):
        real_add(self, result)
        if len(self.results) == 3:
            raise RuntimeError("the third game broke")

    def no_space(self):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(common.Checkpoint, "add", fail_on_third)
    monkeypatch.setattr(common.Checkpoint, "save", no_space)
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(tmp_path / "l.parquet"))
    assert isinstance(r.exception, RuntimeError) and "third game broke" in str(r.exception)
    assert "could not be saved" in " ".join(r.output.split()) and "No space left" in r.output
    assert not (tmp_path / "l.parquet").exists()


def test_ladder_players_0_means_the_most_players(tmp_path):
    """As in ``bench`` and the library, 0 players means the game's maximum (toy: 3)."""
    import pyarrow.parquet as pq

    out = tmp_path / "l.parquet"
    r = run("ladder", "toy", "--players", "0", "--bots", "random,greedy", "-n", "2", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert set(pq.read_table(out).column("num_players").to_pylist()) == {3}


def test_ladder_refuses_a_human_and_too_many_games(tmp_path):
    r = run("ladder", "toy", "--bots", "random,greedy,human", "-n", "2", "--out", str(tmp_path / "a.csv"))
    assert r.exit_code == 2 and "bots only" in r.output
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2000000", "--out", str(tmp_path / "a.csv"))
    assert r.exit_code == 2 and "100000" in r.output.replace(",", "")
    r = run("ladder", "toy", "--bots", "", "-n", "2")
    assert r.exit_code == 2 and "--bots random,greedy" in " ".join(r.output.split())
    assert not (tmp_path / "a.csv").exists()


def test_resume_takes_an_option_given_at_its_default(tmp_path):
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    r = run(
        "ladder", "toy", "--bots", "random,greedy", "-n", "4", "--option", "limit=15", "--out", str(out), "--resume"
    )
    assert r.exit_code == 0, r.output
    assert "resuming: 2 of 4" in r.output
    assert len(_rows_without_time(out)) == 8


def test_resume_with_a_smaller_n_says_which_n_to_give(tmp_path):
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(out)).exit_code == 0
    before = out.read_bytes()
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out), "--resume")
    text = " ".join(r.output.split())
    assert r.exit_code == 2 and "is no game of this ladder" in text and "-n of the run" in text
    assert out.read_bytes() == before


@pytest.mark.parametrize(
    "change, says",
    [
        (("--bots", "random,greedy", "--seed", "5"), "another --seed"),
        (("--bots", "random,flatmc:2"), "another ladder: it has greedy, not in this ladder's --bots"),
        (("--bots", "random,greedy", "--players", "3"), "another ladder: its games have 2 players, this ladder's 3"),
    ],
)
def test_resume_refusal_names_what_differs(tmp_path, change, says):
    """A --resume on another run's file names the difference (seed, bot order, bots, players)."""
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    before = out.read_bytes()
    r = run("ladder", "toy", *change, "-n", "2", "--out", str(out), "--resume")
    text = " ".join(r.output.split())
    assert r.exit_code == 2 and "is no game of this ladder" in text and says in text, text
    assert out.read_bytes() == before


def test_a_long_ladder_of_search_bots_warns_about_the_time(tmp_path):
    r = run("ladder", "toy", "--bots", "random,mcts:200", "-n", "52", "--out", str(tmp_path / "a.csv"))
    assert r.exit_code == 0 and "may take hours" in " ".join(r.output.split())
    r = run("ladder", "toy", "--bots", "random,greedy,mcts:10", "-n", "52", "--out", str(tmp_path / "b.csv"))
    assert r.exit_code == 0 and "may take hours" not in " ".join(r.output.split())


def test_ladder_records_saves_the_games_it_plays(tmp_path):
    folder = tmp_path / "games"
    r = run(
        "ladder",
        "toy",
        "--bots",
        "random,greedy",
        "-n",
        "4",
        "--seed",
        "2",
        "--out",
        str(tmp_path / "l.csv"),
        "--records",
        str(folder),
    )
    assert r.exit_code == 0, r.output
    files = sorted(p.name for p in folder.iterdir())
    assert files == [f"toy-{i:05d}.json" for i in range(4)]
    from meeple.sim.io import read_rows

    rows = read_rows(tmp_path / "l.csv")
    for i, name in enumerate(files):
        data = json.loads((folder / name).read_text())
        final = meeple.replay(data["record"])
        assert final.scores() == [
            int(x["score"]) for x in sorted((x for x in rows if int(x["index"]) == i), key=lambda x: int(x["seat"]))
        ]


def test_ladder_and_report_warn_about_games_cut_short(tmp_path):
    out = tmp_path / "ms.csv"
    # 14 games: since greedy works toward the royal orders (heuristics._reach) and pumps a
    # chamber dry when that opens the salt (heuristics._best_pumping), the first 12 of seed 1
    # end by the rules; game 13 ends a phase on the cap (docs/ladder/magnum-sal-greedy-random.parquet)
    r = run("ladder", "magnum-sal", "--bots", "random,greedy", "-n", "14", "--seed", "1", "--out", str(out))
    assert r.exit_code == 0, r.output
    from meeple.sim.io import read_rows

    cut = len({row["index"] for row in read_rows(out) if str(row["truncated"]).lower() in ("true", "1")})
    assert cut > 0  # games with random in them often end on the max_rounds cap
    assert f"{cut} of 14 games were cut short by a safety option" in " ".join(r.output.split())
    r = run("ladder", "magnum-sal", "--out", str(out), "--report")
    assert f"{cut} of 14 games were cut short" in " ".join(r.output.split())


def test_a_ladder_of_three_bots_grows_by_a_bot_and_by_n_with_resume(tmp_path):
    """Games are matched by seating and deal, not by number: adding a fourth bot or a larger
    -n to a three-bot ladder keeps the games played, and gives the unbroken run's tables."""
    whole = tmp_path / "whole.csv"
    big = ["ladder", "toy", "--bots", "random,greedy,flatmc:2,mcts:5", "-n", "4", "--seed", "2"]
    r = run(*big, "--out", str(whole))
    assert r.exit_code == 0, r.output
    tables = r.output[r.output.index("head to head") : r.output.index("results written")]
    grown = tmp_path / "grown.csv"
    assert (
        run(
            "ladder", "toy", "--bots", "random,greedy,flatmc:2", "-n", "2", "--seed", "2", "--out", str(grown)
        ).exit_code
        == 0
    )
    r = run(*big, "--out", str(grown), "--resume")
    assert r.exit_code == 0, r.output
    assert "resuming: 6 of 24 games" in r.output
    assert r.output[r.output.index("head to head") : r.output.index("results written")] == tables
    assert _rows_without_time(grown) == _rows_without_time(whole)


def test_a_ladder_of_three_players_shows_shares_not_win_rates(tmp_path):
    r = run(
        "ladder",
        "toy",
        "--bots",
        "random,greedy",
        "-n",
        "4",
        "--players",
        "3",
        "--markdown",
        "--out",
        str(tmp_path / "l.csv"),
    )
    assert r.exit_code == 0, r.output
    assert "A share" in r.output and "A win rate" not in r.output
    assert "| bot A | bot B | games | A share | 95% CI |" in r.output
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--markdown", "--out", str(tmp_path / "m.csv"))
    assert "| bot A | bot B | games | A win rate | 95% CI |" in r.output


def test_resume_refuses_games_of_another_rules_edition(tmp_path, monkeypatch):
    """A results file from before a rules fix (its rows say rules edition 1, or say nothing)
    is not continued by a meeple that plays edition 2: its games are of another game."""
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    assert {r["rules"] for r in _rows_without_time(out)} == {1}
    before = out.read_bytes()
    toy = type(meeple.load_game("toy"))
    monkeypatch.setattr(toy, "rules_edition", 2)
    monkeypatch.setattr(toy, "rules_changes", {2: "a rule was fixed"})
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out), "--resume")
    assert r.exit_code == 2, r.output
    text = " ".join(r.output.split())
    assert "rules edition 1" in text and "edition 2 of toy (a rule was fixed)" in text
    assert out.read_bytes() == before
    r = run("ladder", "toy", "--out", str(out), "--report")  # shown, with a warning
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert f"2 games in {out}" in text
    assert "warning: games of this file were played under rules edition 1 of toy" in text
