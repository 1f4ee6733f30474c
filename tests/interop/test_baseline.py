"""The MaskablePPO baseline pipeline, tiny: a few thousand steps of training and two paired
deals of evaluation (the pipeline, not the strength). Needs the baseline extra; CI sets
MEEPLE_REQUIRE_BASELINE=1, which makes a missing extra a failure, not a skip."""

import json
from pathlib import Path

import pytest

from .conftest import require

require("sb3_contrib")

from meeple.interop import baseline  # noqa: E402


def test_train_updates_the_policy_and_evaluate_plays_paired_deals():
    model, norm = baseline.train("lignum", 2048, seed=1)
    assert model.num_timesteps >= 2048 and model._n_updates >= 1  # one rollout of 4 x 512, then an update
    assert norm.training is False and norm.obs_rms.count > 2048  # the normaliser saw the rollout, then froze
    result = baseline.evaluate(model, norm, "lignum", "random", deals=2)
    assert result["games"] == 4  # 2 deals, each with the seats swapped
    assert 0 <= result["wins"] <= 4 and result["win_rate"] == result["wins"] / 4
    assert result["ci_low"] <= result["win_rate"] <= result["ci_high"]


def test_the_command_line_writes_one_json_line_per_game(tmp_path, capsys):
    out = tmp_path / "results.jsonl"
    assert baseline.main(["--games", "solomon", "--steps", "2048", "--deals", "1", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 1 and json.loads(capsys.readouterr().out) == rows[0]
    row = rows[0]
    assert (row["game"], row["steps"], row["num_players"], row["trained_against"]) == ("solomon", 2048, 2, "random")
    assert [e["opponent"] for e in row["eval"]] == ["random", "greedy"]
    assert all(e["games"] == 2 for e in row["eval"])
    assert row["machine"]["torch_threads"] == 1
    assert baseline.main(["--table", str(out)]) == 0
    table = capsys.readouterr().out
    assert "| King Solomon's Treasury | 2,048 steps, " in table and table.count("\n") == 4  # header, rule, 2 rows


ROOT = Path(__file__).resolve().parents[2]


def test_the_docs_table_is_the_committed_results():
    """docs/research.md's baseline table is what ``--table`` makes of the committed results
    (docs/baseline/maskableppo.jsonl): every game, the same budget, 100 paired deals."""
    path = ROOT / "docs" / "baseline" / "maskableppo.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    assert sorted(r["game"] for r in rows) == ["klondike", "lignum", "magnum-sal", "solomon"]
    assert {(r["steps"], r["deals"], r["seed"], r["num_players"]) for r in rows} == {(rows[0]["steps"], 100, 0, 2)}
    assert all(e["games"] == 200 for r in rows for e in r["eval"])
    assert baseline.table(rows) in (ROOT / "docs" / "research.md").read_text(encoding="utf-8")


def test_bad_budget_raises():
    import meeple

    with pytest.raises(meeple.InvalidConfigError, match="steps"):
        baseline.train("solomon", 0)
    with pytest.raises(meeple.InvalidConfigError, match="game"):
        baseline.run("chess", 10, 1)
