"""``meeple report``: built from small results files, its tables and the data behind its
figures are the values computed here independently (by hand for a hand-made file, from the
file's rows for a simulated one); the paired comparison of two runs; clear errors."""

from __future__ import annotations

import json
import math
import statistics

import pytest
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.sim.io import read_rows, write_rows
from meeple.sim.runner import options_text

pytest.importorskip("matplotlib")

BOTS = [["greedy", "random"], ["random", "greedy"], ["greedy", "random"], ["random", "greedy"]]
STARTS = [0, 1, 1, 0]
CLAIMS = [[10, 8], [9, 9], [7, 11], [6, 10]]


def _file(path, scores, wins, steps, options=None):
    """A hand-made Klondike results file: 4 games of 2 seats."""
    rows = []
    for i in range(4):
        stats = {
            "route_claims": CLAIMS[i],
            "reached_goal": [1, 0],
            "gold_covered": [50, 40],
            "rubies_covered": [3, 2],
            "rubies": [2, 1],
        }
        for s in range(2):
            rows.append(
                {
                    "game": "klondike",
                    "variant": "family",
                    "index": i,
                    "seed": 100 + i,
                    "num_players": 2,
                    "seat": s,
                    "bot": BOTS[i][s],
                    "start_player": STARTS[i],
                    "turn_order": 1 + (s - STARTS[i]) % 2,
                    "score": scores[i][s],
                    "place": 1 if wins[i][s] else 2,
                    "win": wins[i][s],
                    "return": wins[i][s],
                    "steps": steps[i],
                    "seconds": 0.01,
                    "truncated": False,
                    "options": options_text(options),
                    "rules": 1,
                    "stats": json.dumps(stats, sort_keys=True),
                }
            )
    return write_rows(rows, path)


A = dict(
    scores=[[30, 20], [25, 25], [10, 40], [15, 35]], wins=[[1, 0], [0.5, 0.5], [0, 1], [0, 1]], steps=[40, 50, 30, 60]
)
B = dict(scores=[[32, 20], [25, 28], [14, 40], [15, 39]], wins=[[1, 0], [0, 1], [0, 1], [0, 1]], steps=[42, 48, 30, 70])


def wilson(w, n, z=1.96):
    p = w / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return c - h, c + h


def _report(args):
    r = CliRunner().invoke(app, ["report"] + args)
    return r


def test_the_report_of_a_hand_made_file_has_the_numbers_counted_by_hand(tmp_path):
    a = _file(tmp_path / "a.parquet", **A)
    b = _file(tmp_path / "b.csv", **B, options={"edge_rule": "one_edge_per_tile"})
    out = tmp_path / "rep"
    r = _report(["klondike", "--in", str(a), "--out", str(out), "--compare", str(b)])
    assert r.exit_code == 0, r.output
    data = json.loads((out / "data.json").read_text())
    html = (out / "index.html").read_text()
    md = (out / "report.md").read_text()
    assert data["games"] == 4
    # turn order: the start player won games 0, 2 and half of 1 -> 2.5 of 4; scores 30, 25, 40, 15
    fig = data["figures"]["win_rate_by_turn_order.png"]
    assert fig["win_rate"] == [2.5 / 4, 1.5 / 4]
    lo, hi = wilson(2.5, 4)
    assert fig["ci_low"][0] == pytest.approx(lo) and fig["ci_high"][0] == pytest.approx(hi)
    rows = data["tables"]["turn_order"]["rows"]
    assert rows[0][:3] == ["1st (start)", 4, "2.50"] and rows[0][4] == "27.50"
    assert rows[1][4] == "22.50"
    assert f"{100 * 2.5 / 4:.1f}% ({100 * lo:.1f}%-{100 * hi:.1f}%)" in html
    # seats: seat 0 won 1 + 0.5 (scores 30 25 10 15), seat 1 won 2.5 (20 25 40 35)
    assert data["figures"]["win_rate_by_seat.png"]["win_rate"] == [1.5 / 4, 2.5 / 4]
    assert [x[4] for x in data["tables"]["seat"]["rows"]] == ["20.00", "30.00"]
    # bots: greedy won 1 + 0.5 + 0 + 1, random 0 + 0.5 + 1 + 0; both average 25 points
    assert data["figures"]["win_rate_by_bot.png"] == {
        **data["figures"]["win_rate_by_bot.png"],
        "labels": ["greedy", "random"],
        "win_rate": [0.625, 0.375],
    }
    assert [x[4] for x in data["tables"]["bot"]["rows"]] == ["25.00", "25.00"]
    # scores: greedy in seat 0 scored 30 and 10; random in seat 1 20 and 40
    sc = data["figures"]["scores.png"]
    i = sc["labels"].index("greedy / seat 0")
    assert (sc["min"][i], sc["median"][i], sc["max"][i]) == (10, 20, 30)
    j = sc["labels"].index("random / seat 1")
    assert (sc["min"][j], sc["median"][j], sc["max"][j]) == (20, 30, 40)
    # length: 30 40 50 60
    assert data["tables"]["length"]["rows"] == [[4, "45.0", "45", "30", "60", 0]]
    assert sum(data["figures"]["length.png"]["counts"]) == 4
    # route claims per seat: (10 + 9 + 7 + 6) / 4 and (8 + 9 + 11 + 10) / 4
    assert data["figures"]["stats_route_claims.png"]["mean"] == [8.0, 9.5]
    # and per bot: greedy sat in seats 0, 1, 0, 1 (10 9 7 10), random in 1, 0, 1, 0 (8 9 11 6)
    assert data["tables"]["stats.route_claims"]["rows"] == [
        ["seat 0", 4, "8.00"],
        ["seat 1", 4, "9.50"],
        ["bot greedy", 4, "9.00"],
        ["bot random", 4, "8.50"],
    ]
    # the paired comparison: seat 0 scores +2 0 +4 0, seat 1 0 +3 0 +4; lengths +2 -2 0 +10
    c = data["compare"]
    assert c["pairs"] == 4
    s0 = c["seat"]["0"]["score"]
    assert s0["mean"] == 1.5
    half = 1.96 * statistics.stdev([2, 0, 4, 0]) / 2
    assert (s0["ci_low"], s0["ci_high"]) == (pytest.approx(1.5 - half), pytest.approx(1.5 + half))
    assert c["seat"]["1"]["score"]["mean"] == 1.75
    assert c["seat"]["1"]["win"]["mean"] == 0.125  # game 1: a shared win became a win
    assert c["steps"]["mean"] == 2.5
    assert c["options"] == ["{}", '{"edge_rule": "one_edge_per_tile"}']
    assert data["figures"]["compare_scores.png"]["mean"] == [1.5, 1.75]
    assert f"+1.50 ({1.5 - half:+.2f} to {1.5 + half:+.2f})" in html
    for q in (
        "Is there a first-player advantage?",
        "Which strategies win?",
        "How long are games?",
        "Does the rule option matter?",
    ):
        assert q in html and q in md
    for name in data["figures"]:
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f'src="{name}"' in html and f"]({name})" in md


def test_the_report_of_a_simulation_matches_its_file(tmp_path):
    res = tmp_path / "r.parquet"
    r = CliRunner().invoke(
        app, ["simulate", "solomon", "-n", "6", "--seats", "greedy,random", "--seed", "2", "--out", str(res)]
    )
    assert r.exit_code == 0, r.output
    out = tmp_path / "rep"
    r = _report(["solomon", "--in", str(res), "--out", str(out)])
    assert r.exit_code == 0, r.output
    data = json.loads((out / "data.json").read_text())
    rows = read_rows(res)
    for s in (0, 1):
        mine = [x for x in rows if x["seat"] == s]
        assert data["figures"]["win_rate_by_seat.png"]["win_rate"][s] == pytest.approx(sum(x["win"] for x in mine) / 6)
        assert data["tables"]["seat"]["rows"][s][4] == f"{statistics.fmean(x['score'] for x in mine):.2f}"
    games = {x["index"]: x for x in rows}
    assert data["tables"]["length"]["rows"][0][1] == f"{statistics.fmean(x['steps'] for x in games.values()):.1f}"
    curses = [json.loads(x["stats"])["curses"] for x in games.values()]
    assert data["figures"]["stats_curses.png"]["mean"] == [
        pytest.approx(statistics.fmean(c[s] for c in curses)) for s in (0, 1)
    ]
    assert "win_rate_by_turn_order.png" not in data["figures"]  # Solomon has no start player
    assert "seat 0 (this game has no start player" in (out / "index.html").read_text()


def test_bad_report_input_gives_clear_errors(tmp_path):
    a = _file(tmp_path / "a.parquet", **A)
    r = _report(["klondike", "--in", str(tmp_path / "missing.parquet"), "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and "no results file" in r.output
    r = _report(["solomon", "--in", str(a), "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and "holds games of klondike, not solomon" in " ".join(r.output.split())
    other = _file(tmp_path / "b.parquet", **A)
    rows = [dict(x, seed=x["seed"] + 50) for x in read_rows(other)]
    write_rows(rows, other)
    r = _report(["klondike", "--in", str(a), "--out", str(tmp_path / "x"), "--compare", str(other)])
    assert r.exit_code == 2 and "share no game" in " ".join(r.output.split())
    (tmp_path / "file").write_text("")
    r = _report(["klondike", "--in", str(a), "--out", str(tmp_path / "file")])
    assert r.exit_code == 2 and "is a file" in r.output
    r = _report(["klondike", "--in", str(tmp_path / "x.txt"), "--out", str(tmp_path / "x")])
    assert r.exit_code == 2


def test_stat_summary_averages_per_label_and_per_seat_over_the_games_that_have_them():
    from meeple.sim.report import Game, stat_summary

    def game(stats):
        return Game(
            index=0,
            seed=0,
            bots=["a", "b"],
            scores=[0, 0],
            wins=[1, 0],
            turn_order=[1, 2],
            steps=1,
            truncated=False,
            options="{}",
            variant="basic",
            stats=stats,
        )

    spec = {"by": ["spring", "summer", "fall"], "per_seat": True, "doc": "money"}
    games = [game({"money": [[2, 4], [6, 8], [10, 0]]}), game({"money": [[4, 4], [2, 0]]}), game(None)]
    s = stat_summary(games, "money", spec)
    assert s["labels"] == ["spring", "summer", "fall"]
    assert s["games"] == [2, 2, 1]  # the second game stopped after two rounds
    assert s["by_seat"] == {0: [3.0, 4.0, 10.0], 1: [4.0, 4.0, 0.0]}
    assert s["mean"] == [3.5, 4.0, 5.0]
    flat = stat_summary([game({"n": 2}), game({"n": 5})], "n", {"by": None, "doc": "n"})
    assert flat["mean"] == [3.5] and flat["spread"]["max"] == 5


def test_games_cut_short_by_the_safety_cap_are_marked_in_every_figure_and_table(tmp_path):
    """Issue 47 item 6: Magnum Sal's max_rounds is no rule; the report states the share of the
    games it cut short at the top, names the cap, and marks them in every figure and table."""
    rows = []
    cut = [True, False, False, True]
    steps = [900, 400, 500, 900]
    scores = [[10, 4], [20, 30], [25, 5], [8, 9]]
    for i in range(4):
        stats = {
            "orders_by_phase": [1, 0, 0],
            "orders_by_seat": [1, 0],
            "salt_by_level": [3, 1, 0],
            "phases_capped": 1 if cut[i] else 0,
        }
        bots = BOTS[i]
        for s in range(2):
            win = 1.0 if scores[i][s] > scores[i][1 - s] else 0.0
            rows.append(
                {
                    "game": "magnum-sal",
                    "variant": "standard",
                    "index": i,
                    "seed": 7 + i,
                    "num_players": 2,
                    "seat": s,
                    "bot": bots[s],
                    "start_player": STARTS[i],
                    "turn_order": 1 + (s - STARTS[i]) % 2,
                    "score": scores[i][s],
                    "place": 1 if win else 2,
                    "win": win,
                    "return": win,
                    "steps": steps[i],
                    "seconds": 0.1,
                    "truncated": cut[i],
                    "options": "{}",
                    "rules": 2,
                    "stats": json.dumps(stats, sort_keys=True),
                }
            )
    path = write_rows(rows, tmp_path / "ms.parquet")
    out = tmp_path / "rep"
    r = _report(["magnum-sal", "--in", str(path), "--out", str(out)])
    assert r.exit_code == 0, r.output
    data = json.loads((out / "data.json").read_text())
    md = (out / "report.md").read_text()
    top = md.split("## ")[0]
    assert "2 of 4 games (50.0%) were cut short by the safety cap max_rounds (an option, not a rule of the game)" in top
    assert data["cut_short"] == {"games": 2, "share": 0.5, "cap": ["max_rounds"]}
    # every table has a 'cut short' column: per turn order and seat both cut games, per bot
    # greedy sat in games 0 and 3 once each (seats 0 and 1), random too
    for key, table in data["tables"].items():
        assert table["header"][-1] == "cut short" or key == "length", key
    assert [row[-1] for row in data["tables"]["turn_order"]["rows"]] == [2, 2]
    assert [row[-1] for row in data["tables"]["bot"]["rows"]] == [2, 2]
    assert data["tables"]["length"]["rows"] == [[4, "675.0", "700", "400", "900", 2]]
    assert data["tables"]["stats.phases_capped"]["rows"][0][-1] == 2
    # every figure: the titles say so; the length histogram has the cut games apart, the
    # score boxes the cut games' scores
    assert sum(data["figures"]["length.png"]["cut_short_counts"]) == 2
    assert sum(data["figures"]["length.png"]["counts"]) == 4
    sc = data["figures"]["scores.png"]
    assert sc["cut_short_scores"][sc["labels"].index("greedy / seat 0")] == [10]  # game 0
    assert sc["cut_short_scores"][sc["labels"].index("random / seat 0")] == [8]  # game 3
    for name in ("win_rate_by_turn_order.png", "win_rate_by_seat.png", "win_rate_by_bot.png"):
        assert data["figures"][name]["cut_short"] == 2
    assert "; 2 games (50.0%) were cut short by the safety cap max_rounds" in md  # the length section


def test_a_report_without_games_cut_short_says_so_for_a_game_with_a_safety_cap(tmp_path):
    res = tmp_path / "r.parquet"
    r = CliRunner().invoke(
        app, ["simulate", "magnum-sal", "-n", "2", "--seats", "greedy,greedy", "--seed", "1", "--out", str(res)]
    )
    assert r.exit_code == 0, r.output
    out = tmp_path / "rep"
    assert _report(["magnum-sal", "--in", str(res), "--out", str(out)]).exit_code == 0
    data = json.loads((out / "data.json").read_text())
    assert data["cut_short"]["games"] == 0
    assert "None of the 2 games was cut short by the safety cap max_rounds" in (out / "report.md").read_text()
    assert all(t["header"][-1] != "cut short" for k, t in data["tables"].items() if k != "length")
