"""What a designer reads off simulations: who started (``State.start_player``, the set-up's
draw: MS-3.3, LG-3.8, KL-10.6; none in Solomon, SO-3.6, and in Klondike's race), the results
columns ``start_player``, ``turn_order`` and ``options``, and the summary of ``simulate`` and
``simulate --report`` (turn order, game length, winning margin, uneven seating, games cut
short)."""

from __future__ import annotations

import random

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.main import app
from meeple.sim.io import read_rows, write_rows
from meeple.sim.runner import GameResult, play_game, results_from_rows
from meeple.sim.stats import summarize


def play_out(state, seed=0, limit=3000):
    r = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal():
            break
        state.apply_action(r.choice(state.legal_actions()))
    return state


def test_MS_3_3_the_drawn_start_player_is_kept_when_the_marker_passes():
    g = meeple.load_game("magnum-sal")
    starts = set()
    for seed in range(12):
        st = g.new_initial_state(num_players=3, seed=seed)
        # the start player moves first and got the 10 groše (MS-3.3)
        assert st.start_player == st.current_player == st.start
        assert st.money[st.start_player] == 10
        assert st.money[(st.start_player + 1) % 3] == 12
        starts.add(st.start_player)
        first = st.start_player
        play_out(st, seed)
        assert st.phase > 0  # a phase ended, so the marker passed on (MS-21.3)
        assert st.start_player == first
    assert starts == {0, 1, 2}  # drawn, not always seat 0


def test_LG_3_8_and_KL_10_6_the_start_player_is_the_first_in_order():
    lg = meeple.load_game("lignum")
    kl = meeple.load_game("klondike")
    for seed in range(8):
        st = lg.new_initial_state(num_players=4, seed=seed)
        assert st.start_player == st.order[0]
        assert st.order == [(st.start_player + i) % 4 for i in range(4)]
        st = kl.new_initial_state(num_players=3, seed=seed, variant="family")
        assert st.start_player == st.start == st.current_player


def test_SO_3_6_solomon_and_the_klondike_race_have_no_start_player():
    assert meeple.load_game("solomon").new_initial_state(num_players=3, seed=1).start_player is None
    race = meeple.load_game("klondike").new_initial_state(num_players=3, seed=1, variant="race")
    assert race.start_player is None


def test_start_player_survives_clone_resample_save_and_load():
    g = meeple.load_game("lignum")
    st = play_out(g.new_initial_state(num_players=3, seed=5), 5, limit=60)
    start = st.start_player
    assert st.clone().start_player == start
    assert st.resample_hidden(1, random.Random(3)).start_player == start
    d = st.to_dict()
    assert d["start_player"] == start
    assert g.state_from_dict(d).start_player == start


def test_a_save_from_before_the_key_loads_and_a_bad_value_is_refused():
    g = meeple.load_game("magnum-sal")
    st = g.new_initial_state(num_players=2, seed=9)
    st.apply_action(st.legal_actions()[0])
    d = st.to_dict()
    del d["start_player"]
    assert g.state_from_dict(d).start_player == st.start_player  # from its seed
    r = st.resample_hidden(0, random.Random(2)).to_dict()
    del r["start_player"]
    assert g.state_from_dict(r).start_player is None  # a re-sample's seed is its own
    for bad in (2, -1, "0", True, 1.0):
        d["start_player"] = bad
        with pytest.raises(meeple.InvalidRecordError, match="start_player"):
            g.state_from_dict(d)


def test_results_rows_carry_start_player_and_turn_order(tmp_path):
    r = play_game("klondike", ["random", "random", "random"], seed=11, variant="family")
    start = meeple.load_game("klondike").new_initial_state(num_players=3, seed=11, variant="family").start_player
    assert r.start_player == start
    rows = r.rows()
    assert [row["start_player"] for row in rows] == [start] * 3
    assert rows[start]["turn_order"] == 1
    assert rows[(start + 1) % 3]["turn_order"] == 2
    assert rows[(start + 2) % 3]["turn_order"] == 3
    so = play_game("solomon", ["random", "random"], seed=2)
    so_rows = so.rows()
    assert [(x["start_player"], x["turn_order"]) for x in so_rows] == [(None, None)] * 2
    for ext in ("csv", "parquet"):
        path = write_rows(rows + [dict(x, index=1) for x in so_rows], tmp_path / f"r.{ext}")
        back = read_rows(path)
        assert [(x["start_player"], x["turn_order"]) for x in back] == [
            (start, 1 + (s - start) % 3) for s in range(3)
        ] + [(None, None)] * 2
        games = results_from_rows(back)
        assert [x.start_player for x in games] == [start, None]


def _result(index, winners, start, n=3):
    return GameResult(
        index=index,
        seed=index,
        bots=["a", "b", "c"][:n],
        scores=[10 * (s in winners) for s in range(n)],
        ranking=list(range(n)),
        returns=[1.0 if s in winners else 0.0 for s in range(n)],
        winners=list(winners),
        steps=1,
        seconds=0.0,
        start_player=start,
    )


def test_summarize_counts_wins_by_turn_order():
    results = [
        _result(0, [0], start=0),  # the start player wins
        _result(1, [2], start=2),  # the start player wins
        _result(2, [0], start=2),  # 2nd in turn order wins
        _result(3, [1, 2], start=1),  # 1st and 2nd share it
        _result(4, [1], start=None),  # no start player: not counted by turn order
    ]
    s = summarize(results)
    order = s["turn_order"]
    assert sorted(order) == [1, 2, 3]
    assert order[1]["games"] == 4 and order[1]["wins"] == 2.5
    assert order[2]["games"] == 4 and order[2]["wins"] == 1.5
    assert order[3]["games"] == 4 and order[3]["wins"] == 0.0
    assert order[1]["win_rate"] == 2.5 / 4
    assert order[1]["mean_score"] == (10 + 10 + 0 + 10) / 4
    assert summarize([_result(0, [0], None)])["turn_order"] == {}


def test_simulate_prints_the_turn_order_table_from_the_games_it_writes(tmp_path):
    out = tmp_path / "r.parquet"
    res = CliRunner().invoke(
        app, ["simulate", "klondike", "-n", "6", "--seats", "greedy,random", "--seed", "4", "--out", str(out)]
    )
    assert res.exit_code == 0, res.output
    rows = read_rows(out)
    first = [x for x in rows if x["turn_order"] == 1]
    assert len(first) == 6
    wins = sum(x["win"] for x in first)
    text = " ".join(res.output.split())
    assert "by turn order" in text
    shown = f"{wins:.0f}" if wins == int(wins) else f"{wins:.1f}"  # a shared win counts half
    assert f"1st (start player) │ 6 │ {shown} │ {wins / 6:.1%}" in text
    solo = CliRunner().invoke(app, ["simulate", "solomon", "-n", "2", "--seats", "random,random"])
    assert solo.exit_code == 0 and "by turn order" not in solo.output


def test_resume_of_a_file_from_before_the_column_fills_it_from_the_seed(tmp_path):
    out = tmp_path / "r.parquet"
    args = ["simulate", "magnum-sal", "-n", "3", "--seats", "random,random", "--seed", "2", "--out", str(out)]
    res = CliRunner().invoke(app, args[:3] + ["2"] + args[4:])
    assert res.exit_code == 0, res.output
    table = pq.read_table(out)
    old = table.drop(["start_player", "turn_order"])
    pq.write_table(old, out)
    res = CliRunner().invoke(app, args + ["--resume"])
    assert res.exit_code == 0, res.output
    rows = read_rows(out)
    g = meeple.load_game("magnum-sal")
    for x in rows:
        assert x["start_player"] == g.new_initial_state(num_players=2, seed=x["seed"]).start_player
    assert {x["index"] for x in rows} == {0, 1, 2}
    assert pa.Table.from_pylist(rows).num_rows == 6


def test_simulate_report_summarises_a_file_as_the_run_did(tmp_path):
    """'simulate --report --out FILE' plays nothing and prints the run's own summary tables;
    a file from before the start_player column gets its turn order from the seeds."""
    out = tmp_path / "r.csv"
    run = CliRunner().invoke(
        app, ["simulate", "lignum", "-n", "4", "--seats", "greedy,random", "--seed", "6", "--out", str(out)]
    )
    assert run.exit_code == 0, run.output
    tables = run.output[run.output.index("Lignum: 4 games") : run.output.index("game length")]
    report = CliRunner().invoke(app, ["simulate", "lignum", "--report", "--out", str(out)])
    assert report.exit_code == 0, report.output
    assert "4 games in" in report.output and tables in report.output
    assert "by turn order" in report.output
    rows = read_rows(out)
    write_rows([{k: v for k, v in x.items() if k not in ("start_player", "turn_order")} for x in rows], out)
    again = CliRunner().invoke(app, ["simulate", "lignum", "--report", "--out", str(out)])
    assert again.exit_code == 0 and tables in again.output
    for args, why in (
        (["--report"], "give it with --out"),
        (["--report", "--out", str(tmp_path / "none.csv")], "does not exist"),
        (["--report", "--out", str(out), "--variant", "advanced"], "not advanced"),
    ):
        bad = CliRunner().invoke(app, ["simulate", "lignum", *args])
        assert bad.exit_code == 2 and why in " ".join(bad.output.split()), bad.output


def _game(index, bots, scores, steps, truncated=False):
    top = max(scores)
    winners = [s for s, x in enumerate(scores) if x == top]
    returns = [1.0 if s in winners and len(winners) == 1 else 0.5 if s in winners else 0.0 for s in range(2)]
    return GameResult(
        index=index,
        seed=100 + index,
        bots=bots,
        scores=scores,
        ranking=[0, 1],
        returns=returns,
        winners=winners,
        steps=steps,
        seconds=0.01,
        truncated=truncated,
    )


def test_summary_gives_length_spread_margin_uneven_seats_and_finished_games(tmp_path):
    """The summary's lines beyond the tables, on five hand-made Solomon games: actions
    (mean, median, range), the winner's lead, the uneven seating of 5 games on 2 seats, and
    the win rates of the games that ended by the rules apart from those cut short."""
    games = [
        _game(0, ["greedy", "random"], [30, 10], 70),  # greedy by 20
        _game(1, ["random", "greedy"], [12, 20], 80),  # greedy by 8
        _game(2, ["greedy", "random"], [15, 15], 90, truncated=True),  # shared: 0
        _game(3, ["random", "greedy"], [25, 5], 60, truncated=True),  # random by 20
        _game(4, ["greedy", "random"], [40, 1], 100),  # greedy by 39
    ]
    s = summarize(games)
    assert s["steps"] == (60, 80, 100)
    assert s["margin"] == ((20 + 8 + 0 + 20 + 39) / 5, 20, 39)
    assert s["seatings"] == {"greedy": {0: 3, 1: 2}, "random": {0: 2, 1: 3}}
    out = tmp_path / "hand.parquet"
    write_rows([row for g in games for row in g.rows("solomon", "standard", {})], out)
    r = CliRunner().invoke(app, ["simulate", "solomon", "--report", "--out", str(out)])
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert "game length: 80.0 actions on average (median 80, 60-100)" in text
    assert "winning margin (the best score over the second best): 17.4 on average (median 20, at most 39)" in text
    assert "(greedy: seat 0 in 3, seat 1 in 2)" in text
    assert "2 of 5 games were cut short" in text
    assert (
        "the 3 games that ended by the rules: greedy won 3 of 3 (100.0%, 43.8%-100.0%); "
        "random won 0 of 3 (0.0%, 0.0%-56.2%)"
    ) in text
    assert "by turn order" not in text  # Solomon has no start player (SO-3.6)


def test_the_options_column_holds_the_canonical_non_default_options(tmp_path):
    """One setup, one options text: defaults left out (Python and command line alike), and a
    value as the state holds it (Klondike's children=[P2] is seat [1], KL-39), so grouping a
    results table by options never splits identical games; --resume accepts a file that
    wrote the other spelling."""
    plain = play_game("klondike", ["random", "random", "random"], seed=3, variant="race")
    assert {row["options"] for row in plain.rows()} == {"{}"}
    named = play_game("klondike", ["random", "random", "random"], seed=3, variant="race", options={"children": ["P2"]})
    assert {row["options"] for row in named.rows()} == {'{"children": [1]}'}
    texts = set()
    for spelling in ("children=[P2]", "children=[1]"):
        out = tmp_path / f"{spelling[-3]}.csv"
        r = CliRunner().invoke(
            app,
            [
                "simulate",
                "klondike",
                "--variant",
                "race",
                "-n",
                "1",
                "--seats",
                "random,random,random",
                "-o",
                spelling,
                "--out",
                str(out),
            ],
        )
        assert r.exit_code == 0, r.output
        texts |= {row["options"] for row in read_rows(out)}
    assert texts == {'{"children": [1]}'}
    out = tmp_path / "old.csv"
    args = [
        "simulate",
        "klondike",
        "--variant",
        "race",
        "--seats",
        "random,random,random",
        "--seed",
        "3",
        "-o",
        "children=[1]",
        "--out",
        str(out),
    ]
    assert CliRunner().invoke(app, args + ["-n", "1"]).exit_code == 0
    write_rows([dict(x, options='{"children": ["P2"]}') for x in read_rows(out)], out)  # an older spelling
    r = CliRunner().invoke(app, args + ["-n", "2", "--resume"])
    assert r.exit_code == 0, r.output
    assert "resuming: 1 of 2 games" in r.output
    assert sorted({x["index"] for x in read_rows(out)}) == [0, 1]


def test_simulate_players_repeats_the_seats_list(tmp_path):
    out = tmp_path / "p.csv"
    r = CliRunner().invoke(
        app, ["simulate", "solomon", "--seats", "greedy,random", "--players", "3", "-n", "3", "--out", str(out)]
    )
    assert r.exit_code == 0, r.output
    rows = read_rows(out)
    assert [x["bot"] for x in rows if x["index"] == 0] == ["greedy", "random", "greedy"]
    assert {x["num_players"] for x in rows} == {3}
    bad = CliRunner().invoke(app, ["simulate", "solomon", "--seats", "greedy,random,random", "--players", "2"])
    assert bad.exit_code == 2 and "--players 2 is fewer than the 3 --seats given" in bad.output


def test_replay_plays_a_game_of_a_results_table_again(tmp_path):
    """'replay FILE --game N' re-plays game N of a results table with its bots and seed (the
    bots are deterministic), shows it as a record's replay, and refuses a game this meeple
    plays otherwise (here: a score edited in the file)."""
    out = tmp_path / "r.csv"
    r = CliRunner().invoke(
        app, ["simulate", "lignum", "-n", "3", "--seats", "greedy,random", "--seed", "2", "--out", str(out)]
    )
    assert r.exit_code == 0, r.output
    rows = [x for x in read_rows(out) if x["index"] == 1]
    rep = CliRunner().invoke(app, ["replay", str(out), "--game", "1", "--no-events"])
    assert rep.exit_code == 0, rep.output
    text = " ".join(rep.output.split())
    assert f"playing game 1 of {out} again: random v greedy" in text
    assert f"{rows[0]['steps']} actions replayed; game over" in text
    for x in rows:
        assert f"{x['bot']}{' (winner)' if x['place'] == 1 else ''} │ {x['score']} │" in text
    rest = CliRunner().invoke(app, ["replay", str(out)])
    assert rest.exit_code == 2 and "pick one with --game N (N from 0 to 2" in " ".join(rest.output.split())
    edited = [dict(x, score=x["score"] + 1) if x["index"] == 1 and x["seat"] == 0 else x for x in read_rows(out)]
    write_rows(edited, out)
    bad = CliRunner().invoke(app, ["replay", str(out), "--game", "1"])
    assert (
        bad.exit_code == 2
        and "or the bots of this meeple play otherwise than those that wrote the file" in " ".join(bad.output.split())
    )


def test_a_save_file_from_before_the_key_loads_on_the_command_line(tmp_path):
    """'meeple replay' and 'meeple play --load' take a save written before start_player was
    kept (they check the saved state against its replayed record)."""
    import json

    for name in ("solomon", "lignum"):
        folder = tmp_path / name
        r = CliRunner().invoke(app, ["simulate", name, "--seats", "greedy,random", "-n", "1", "--records", str(folder)])
        assert r.exit_code == 0, r.output
        path = folder / f"{name}-00000.json"
        save = json.loads(path.read_text())
        del save["state"]["start_player"]
        path.write_text(json.dumps(save))
        rep = CliRunner().invoke(app, ["replay", str(path), "--no-events"])
        assert rep.exit_code == 0 and "game over" in rep.output, rep.output
        load = CliRunner().invoke(app, ["play", name, "--load", str(path), "--seats", "random,random"])
        assert "does not match" not in load.output, load.output


def test_the_winning_margin_of_a_tie_for_first_is_zero():
    """Three seats, two tied for the best score: the margin is 0, not the lead over the third
    (the shared win of the helper's 68-68-12 Magnum Sal game)."""
    tie = GameResult(
        index=0,
        seed=0,
        bots=["greedy", "greedy", "random"],
        scores=[68, 68, 12],
        ranking=[0, 1, 2],
        returns=[0.75, 0.75, 0.0],
        winners=[0, 1],
        steps=10,
        seconds=0.0,
    )
    lead = GameResult(
        index=1,
        seed=1,
        bots=["greedy", "greedy", "random"],
        scores=[40, 55, 12],
        ranking=[1, 0, 2],
        returns=[0.5, 1.0, 0.0],
        winners=[1],
        steps=10,
        seconds=0.0,
    )
    assert summarize([tie, lead])["margin"] == (7.5, 7.5, 15)


def test_edited_start_players_in_a_results_file_are_refused(tmp_path):
    """--report (and --resume, which reads files the same way) refuses a game whose rows
    disagree on start_player or name no seat; a seat written as 2.0 (pandas) is read as 2."""
    out = tmp_path / "k.csv"
    r = CliRunner().invoke(
        app, ["simulate", "klondike", "--seats", "greedy,random", "--players", "4", "-n", "4", "--out", str(out)]
    )
    assert r.exit_code == 0, r.output
    rows = read_rows(out)
    ok = [dict(x, start_player=f"{x['start_player']}.0") for x in rows]
    write_rows(ok, out)
    assert CliRunner().invoke(app, ["simulate", "klondike", "--report", "--out", str(out)]).exit_code == 0
    for edit in ({"start_player": 9}, {"start_player": -1}):
        bad = [dict(x, **edit) if x["index"] == 2 else x for x in rows]
        write_rows(bad, out)
        rep = CliRunner().invoke(app, ["simulate", "klondike", "--report", "--out", str(out)])
        assert rep.exit_code == 2 and "game 2: its start_player is not one seat 0..3 on all its rows" in " ".join(
            rep.output.split()
        ), rep.output
    vary = [dict(x, start_player=x["seat"]) if x["index"] == 1 else x for x in rows]
    write_rows(vary, out)
    rep = CliRunner().invoke(app, ["simulate", "klondike", "--report", "--out", str(out)])
    assert rep.exit_code == 2 and "game 1: its start_player" in " ".join(rep.output.split())


def test_report_of_an_old_file_keeps_an_older_editions_start_player_unknown(tmp_path):
    """A file without the start_player column is given its start players from the seeds only
    when its games are of today's rules edition (Magnum Sal's first edition had seat 0 start
    every game, MS-3.3 changed that), and bad options in it are a clean error."""
    out = tmp_path / "old.csv"
    r = CliRunner().invoke(app, ["simulate", "klondike", "--seats", "greedy,random", "-n", "2", "--out", str(out)])
    assert r.exit_code == 0
    rows = [{k: v for k, v in x.items() if k not in ("start_player", "turn_order")} for x in read_rows(out)]
    write_rows(rows, out)
    assert "by turn order" in CliRunner().invoke(app, ["simulate", "klondike", "--report", "--out", str(out)]).output
    write_rows([dict(x, options="{") if x["index"] == 1 else x for x in rows], out)
    rep = CliRunner().invoke(app, ["simulate", "klondike", "--report", "--out", str(out)])
    assert rep.exit_code == 2 and "game 1: its options '{' are not JSON" in " ".join(rep.output.split()), rep.output
    ms = tmp_path / "ms.csv"
    r = CliRunner().invoke(
        app, ["simulate", "magnum-sal", "--seats", "random,random", "-n", "1", "-o", "max_rounds=2", "--out", str(ms)]
    )
    assert r.exit_code == 0, r.output
    old = [
        {k: v for k, v in x.items() if k not in ("start_player", "turn_order")} | {"rules": 1} for x in read_rows(ms)
    ]
    write_rows(old, ms)
    rep = CliRunner().invoke(app, ["simulate", "magnum-sal", "--report", "--out", str(ms)])
    assert rep.exit_code == 0 and "by turn order" not in rep.output and "rules edition 1" in rep.output


def test_replay_game_of_a_missing_table_and_report_notes_unused_options(tmp_path):
    missing = CliRunner().invoke(app, ["replay", str(tmp_path / "nope.parquet"), "--game", "0"])
    assert missing.exit_code == 2 and "nope.parquet does not exist" in missing.output
    out = tmp_path / "r.csv"
    assert CliRunner().invoke(app, ["simulate", "solomon", "-n", "2", "--out", str(out)]).exit_code == 0
    r = CliRunner().invoke(app, ["simulate", "solomon", "--report", "--out", str(out), "-n", "7", "--seed", "3"])
    assert r.exit_code == 0
    assert "--report plays nothing and reads the bots and games from the file: -n/--games, --seed not used" in " ".join(
        r.output.split()
    )


def test_a_csv_saved_again_by_a_spreadsheet_reads_back_or_says_what_was_rounded(tmp_path):
    """A spreadsheet adds a byte-order mark, writes TRUE/FALSE and may turn 2 into 2.0: the
    rows read back as written; a seed it rounded to 3.76755E+18 is refused, not misread."""
    big = 3767551794706613575  # a seed as the ladder draws them (64 bits)
    r = play_game("solomon", ["random", "random"], seed=big)
    path = write_rows(r.rows(), tmp_path / "r.csv")
    text = path.read_text(encoding="utf-8")
    assert ",False," in text and f",{big}," in text and ",2," in text
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("\ufeff" + text.replace(",False,", ",FALSE,").replace(",2,", ",2.0,"), encoding="utf-8")
    assert read_rows(sheet) == read_rows(path)
    assert read_rows(sheet)[0]["truncated"] is False
    assert read_rows(path)[0]["seed"] == big
    rounded = tmp_path / "rounded.csv"
    rounded.write_text(text.replace(f",{big},", ",3.76755E+18,"), encoding="utf-8")
    with pytest.raises(ValueError, match=r"line 2, column 'seed': .* is rounded"):
        read_rows(rounded)


class _KilledWorker(meeple.agents.Agent):
    """A bot whose worker process is killed at its first move (as by the out-of-memory killer)."""

    spec = "killed"

    def choose(self, state):
        import os
        import signal

        os.kill(os.getpid(), signal.SIGKILL)


def test_a_killed_worker_is_a_clear_error_not_a_traceback():
    """run_games with workers: a worker killed from outside raises WorkerDiedError (a
    MeepleError the CLI reports in one line), after the games finished before were reported."""
    from meeple.sim import WorkerDiedError, run_games

    done = []
    jobs = [(["random", "random"], 1, 0), ([_KilledWorker(), "random"], 2, 1)]
    with pytest.raises(WorkerDiedError, match="worker process ended abruptly"):
        run_games("solomon", jobs, workers=2, progress=done.append)
    assert isinstance(WorkerDiedError("x"), meeple.MeepleError)
    assert [r.index for r in done] in ([], [0])  # a game that ended first is reported


def test_results_files_are_read_and_written_only_by_a_csv_or_parquet_name(tmp_path):
    from meeple.sim.io import read_rows, results_suffix, write_rows

    assert [results_suffix(n) for n in ("a.csv", "b.PARQUET")] == [".csv", ".parquet"]
    notes = tmp_path / "notes.md"
    notes.write_text("game,variant\nnot,a table\n")
    with pytest.raises(ValueError, match="must end in .csv or .parquet, not 'notes.md'"):
        read_rows(notes)
    with pytest.raises(ValueError, match="must end in .csv or .parquet, not 'notes.md'"):
        write_rows([{"game": "toy"}], notes)
    assert notes.read_text() == "game,variant\nnot,a table\n"
