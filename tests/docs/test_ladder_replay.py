"""The committed ladder results follow from their seeds with the code as it is: the first
games of each game's greedy-against-random file (docs/ladder/GAME-greedy-random.parquet,
`meeple ladder GAME --bots random,greedy -n 100 --seed 1`) are played again with
`--resume` and must come out move for move the same (score, length, cap). A change that
alters the rules or the bots' moves, even one meant to keep them, fails here (as commit
f53bdd7 would have: it broke Magnum Sal's rope chain, MS-20.2, in games 11 and 14)."""

from __future__ import annotations

from pathlib import Path

import pytest

LADDER = Path(__file__).resolve().parents[2] / "docs" / "ladder"
REPLAYED = 16  # the first 8 paired deals


def _key(row: dict) -> tuple:
    return row["index"], row["seat"]


@pytest.mark.parametrize("game", ["magnum-sal", "lignum", "solomon", "klondike"])
def test_the_first_greedy_against_random_games_replay_exactly(game, tmp_path):
    import pyarrow.compute as pc
    import pyarrow.parquet as pq
    from typer.testing import CliRunner

    from meeple.cli.main import app

    committed = pq.read_table(LADDER / f"{game}-greedy-random.parquet")
    assert committed.num_rows == 200  # 100 games, two rows each
    copy = tmp_path / "replay.parquet"
    pq.write_table(committed.filter(pc.greater_equal(committed["index"], REPLAYED)), copy)
    r = CliRunner().invoke(
        app,
        [
            "ladder",
            game,
            "--bots",
            "random,greedy",
            "-n",
            "100",
            "--seed",
            "1",
            "--workers",
            "1",
            "--out",
            str(copy),
            "--resume",
        ],
    )
    assert r.exit_code == 0, r.output
    fields = ("bot", "score", "place", "steps", "truncated")
    before = {_key(row): tuple(row[f] for f in fields) for row in committed.to_pylist()}
    after = {_key(row): tuple(row[f] for f in fields) for row in pq.read_table(copy).to_pylist()}
    assert sorted(after) == sorted(before)
    replayed = [k for k in before if k[0] < REPLAYED]
    assert len(replayed) == 2 * REPLAYED
    assert [k for k in replayed if after[k] != before[k]] == []
