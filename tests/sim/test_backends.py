"""The local and Ray backends of ``run_games`` / ``meeple simulate --backend``: the same
results for the same run seed whatever the backend and worker count; an interrupted run
resumed without a duplicate or a missing game; clear errors for bad options; Ray bound to
127.0.0.1 and shut down, no process left.

One private Ray (2 CPUs) serves the whole module: starting one takes seconds."""

from __future__ import annotations

import os
import re
import subprocess

import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.main import app
from meeple.sim.backends import check_backend, start_ray, stop_ray
from meeple.sim.io import read_rows

pytestmark = pytest.mark.ray  # (-m "not ray" leaves them out)

from meeple.sim.runner import run_games, simulation_jobs

pytest.importorskip("ray")


def _descendants(pid: int) -> set[int]:
    """``pid``'s processes and all their children, from /proc."""
    parent = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    parent[int(d)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    out, todo = set(), [pid]
    while todo:
        p = todo.pop()
        out.add(p)
        todo += [c for c, pp in parent.items() if pp == p and c not in out]
    return out


@pytest.fixture(scope="module")
def ray_session(one_ray_at_a_time):
    started = start_ray(2)
    import ray

    node = ray._private.worker._global_node
    procs = [info.process for infos in node.all_processes.values() for info in infos]
    yield ray
    stop_ray(started)
    assert not ray.is_initialized()
    for p in procs:  # the raylet, the GCS and the rest: all gone
        p.wait(timeout=30)
        assert p.poll() is not None


def _plain(results):
    """The results without their timing."""
    return [{k: v for k, v in r.__dict__.items() if k != "seconds"} for r in results]


def _rows(path):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in read_rows(path)]


@pytest.mark.parametrize("game", ["solomon", "klondike"])
def test_local_and_ray_give_the_same_games_with_one_and_two_workers(ray_session, game):
    jobs = simulation_jobs(["greedy", "random"], 6, seed=11)
    runs = {
        (backend, w): run_games(game, jobs, workers=w, backend=backend) for backend in ("local", "ray") for w in (1, 2)
    }
    first = _plain(runs[("local", 1)])
    assert [r["index"] for r in first] == list(range(6))
    assert len({r["seed"] for r in first}) == 6
    for key, results in runs.items():
        assert _plain(results) == first, key
    assert all(r.stats for r in runs[("ray", 2)])
    assert ray_session.is_initialized()  # a Ray this process had started is left running


def test_workers_run_this_interpreter_not_a_uv_run_copy(ray_session):
    """Under ``uv run`` (make test, ``uv run meeple simulate``) Ray's uv hook started every
    worker with ``uv run`` in a copy of the working directory, whose environment had no Ray:
    the workers died at start and the run waited. start_ray turns the hook off."""
    import sys

    env = ray_session.get_runtime_context().runtime_env
    assert "py_executable" not in env and "working_dir" not in env, env

    @ray_session.remote(num_cpus=1)
    def where():
        import sys as s

        return s.executable, s.prefix

    assert ray_session.get([where.remote() for _ in range(4)], timeout=120) == [(sys.executable, sys.prefix)] * 4


def test_ray_listens_on_127_0_0_1_only(ray_session):
    ours = _descendants(os.getpid())
    out = subprocess.run(["ss", "-ltnpH"], capture_output=True, text=True, check=True).stdout
    seen = 0
    for line in out.splitlines():
        pids = {int(p) for p in re.findall(r"pid=(\d+)", line)}
        if pids & ours:
            seen += 1
            local = line.split()[3]
            assert local.rsplit(":", 1)[0] in ("127.0.0.1", "[::ffff:127.0.0.1]"), line
    assert seen >= 3  # the GCS, the raylet, a worker at least


def test_simulate_on_ray_writes_the_same_file_as_local(ray_session, tmp_path):
    args = ["simulate", "solomon", "-n", "4", "--seats", "greedy,random", "--seed", "3"]
    a, b = tmp_path / "local.parquet", tmp_path / "ray.parquet"
    r = CliRunner().invoke(app, args + ["--out", str(a), "--workers", "2"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(app, args + ["--out", str(b), "--backend", "ray", "--workers", "2"])
    assert r.exit_code == 0, r.output
    assert _rows(a) == _rows(b)
    assert len(_rows(a)) == 8 and all(x["stats"] for x in _rows(a))


class _StopAfter:
    """A test hook: Ctrl-C (KeyboardInterrupt) once ``k`` games have been recorded."""

    def __init__(self, monkeypatch, k):
        from meeple.cli import main

        original = main.Checkpoint.add
        count = [0]

        def add(checkpoint, result):
            original(checkpoint, result)
            count[0] += 1
            if count[0] == k:
                raise KeyboardInterrupt

        monkeypatch.setattr(main.Checkpoint, "add", add)


@pytest.mark.parametrize("backend", ["local", "ray"])
def test_an_interrupted_run_resumes_without_duplicate_or_missing_games(ray_session, tmp_path, monkeypatch, backend):
    args = ["simulate", "klondike", "-n", "8", "--seats", "greedy,random", "--seed", "5", "--workers", "2"]
    whole = tmp_path / "whole.parquet"
    assert CliRunner().invoke(app, args + ["--out", str(whole)]).exit_code == 0
    out = tmp_path / "stopped.parquet"
    with monkeypatch.context() as m:
        _StopAfter(m, 3)
        r = CliRunner().invoke(app, args + ["--out", str(out), "--backend", backend])
    assert r.exit_code == 130, r.output
    assert "--resume" in r.output
    stopped = read_rows(out)
    assert len({x["index"] for x in stopped}) == 3 and len(stopped) == 6
    r = CliRunner().invoke(app, args + ["--out", str(out), "--backend", backend, "--resume"])
    assert r.exit_code == 0, r.output
    assert "resuming: 3 of 8 games" in " ".join(r.output.split())
    rows = _rows(out)
    assert sorted((x["index"], x["seat"]) for x in rows) == [(i, s) for i in range(8) for s in range(2)]
    assert rows == _rows(whole)


def test_bad_backend_options_are_refused_clearly(tmp_path):
    with pytest.raises(meeple.InvalidConfigError, match="unknown backend 'dask'"):
        check_backend("dask")
    with pytest.raises(meeple.InvalidConfigError, match="with --backend ray"):
        check_backend("local", "ray://head:10001")
    with pytest.raises(meeple.InvalidConfigError, match="bad Ray address"):
        check_backend("ray", "http://head")
    assert check_backend("ray", "ray://head.example:10001") == ("ray", "ray://head.example:10001")
    assert check_backend("ray", "10.0.0.5:6379") == ("ray", "10.0.0.5:6379")
    with pytest.raises(meeple.InvalidConfigError, match="unknown backend"):
        run_games("solomon", simulation_jobs(["random", "random"], 1, 0), backend="spark")
    out = tmp_path / "r.parquet"
    for extra, message in (
        (["--backend", "spark"], "unknown backend 'spark'"),
        (["--address", "ray://h:10001"], "give it with --backend ray"),
        (["--backend", "ray", "--address", "not an address"], "bad Ray address"),
    ):
        r = CliRunner().invoke(app, ["simulate", "solomon", "-n", "1", "--out", str(out)] + extra)
        assert r.exit_code == 2, r.output
        assert message in " ".join(r.output.split())
    assert not out.exists()  # nothing played, nothing written


def test_an_address_where_nothing_answers_fails_in_bounded_time_with_the_documented_message(tmp_path):
    """docs/simulation.md: an unreachable cluster stops the run with 'cannot start or reach Ray
    at ...' (exit 2) within the connect timeout, for every address form; Ray alone waited over
    200 s on a HOST:PORT where nothing listens and named 127.0.0.1 by another address."""
    import sys
    import time

    from meeple.sim.backends import CONNECT_TIMEOUT, _connect_timeout, probe_address

    for address in ("127.0.0.1:1", "ray://127.0.0.1:1"):
        t0 = time.monotonic()
        with pytest.raises(meeple.InvalidConfigError) as e:
            probe_address(address, timeout=2)
        assert time.monotonic() - t0 < 5
        assert str(e.value).startswith(f"cannot start or reach Ray at {address}: nothing answers at 127.0.0.1:1")
    probe_address("auto")  # found by Ray on this machine: not probed
    assert CONNECT_TIMEOUT == 30.0
    os.environ["MEEPLE_RAY_CONNECT_TIMEOUT"] = "1.5"
    try:
        assert _connect_timeout() == 1.5
    finally:
        del os.environ["MEEPLE_RAY_CONNECT_TIMEOUT"]
    # the command line, in a process of its own so that a hang fails the test instead of
    # stalling it (importing and setting up Ray takes some seconds on a busy machine)
    out = tmp_path / "r.parquet"
    t0 = time.monotonic()
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "meeple",
            "simulate",
            "solomon",
            "-n",
            "4",
            "--seats",
            "random,random",
            "--backend",
            "ray",
            "--address",
            "127.0.0.1:1",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "MEEPLE_RAY_CONNECT_TIMEOUT": "5"},
    )
    said = " ".join((p.stdout + p.stderr).split())
    assert p.returncode == 2, said
    assert "cannot start or reach Ray at 127.0.0.1:1: nothing answers at 127.0.0.1:1" in said
    assert set(re.findall(r"\d+\.\d+\.\d+\.\d+", said)) == {"127.0.0.1"}  # no other address of the machine
    assert time.monotonic() - t0 < 100
    assert not out.exists()
