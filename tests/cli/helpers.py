"""Helpers shared by the tests of the meeple command end to end (typer's runner, in-process),
on every game: ``run``, the bundled games, stopping a run after some games, results rows."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import meeple
from meeple.cli.main import app

runner = CliRunner()
BUNDLED = [g for g in meeple.game_names() if g != "toy"]


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def stop_after(monkeypatch, games: int, error=KeyboardInterrupt):
    """Make a run stop (raise ``error``) once its checkpoint holds ``games`` games; returns a
    function that undoes it."""
    from meeple.cli import common

    real_add = common.Checkpoint.add

    def add(self, result):
        real_add(self, result)
        if len(self.results) == games:
            raise error

    monkeypatch.setattr(common.Checkpoint, "add", add)
    return lambda: monkeypatch.setattr(common.Checkpoint, "add", real_add)


def _rows_without_time(path):
    from meeple.sim.io import read_rows

    return [{k: v for k, v in r.items() if k != "seconds"} for r in read_rows(path)]


def _variants(name):
    return [(name, v) for v in meeple.load_game(name).variants]


def _record_file(tmp_path, name, variant=None, actions=40, seed=2):
    import random

    st = meeple.load_game(name).new_initial_state(num_players=3, seed=seed, variant=variant)
    r = random.Random(seed)
    for _ in range(actions):
        st.apply_action(r.choice(st.legal_actions()))
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(st.record()))
    return path, st
