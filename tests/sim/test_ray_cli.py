"""``meeple simulate --backend ray`` as a command of its own: it starts a private Ray, plays,
writes the same results as the local backend and shuts Ray down: no process of its Ray
session (named after the command's process id) is left afterwards."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import pytest

from meeple.sim.io import read_rows

pytest.importorskip("ray")

pytestmark = pytest.mark.ray  # (-m "not ray" leaves them out)


def _session_processes(driver_pid: int) -> list[str]:
    """The command lines of processes of the Ray session started by process ``driver_pid``
    (Ray names a session ``session_<date>_<time>_<driver pid>``)."""
    pattern = re.compile(rf"session_\d{{4}}-\d\d-\d\d_\d\d-\d\d-\d\d_\d+_{driver_pid}\b")
    found = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/cmdline", "rb") as f:
                    text = f.read().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if pattern.search(text):
                found.append(text[:120])
    return found


def test_simulate_backend_ray_starts_and_stops_its_own_ray(one_ray_at_a_time, tmp_path):
    cmd = [
        sys.executable,
        "-m",
        "meeple",
        "simulate",
        "lignum",
        "-n",
        "3",
        "--seats",
        "greedy,random",
        "--seed",
        "9",
        "--workers",
        "2",
    ]
    local = subprocess.run(cmd + ["--out", str(tmp_path / "local.csv")], capture_output=True, text=True, timeout=600)
    assert local.returncode == 0, local.stderr
    proc = subprocess.Popen(
        cmd + ["--backend", "ray", "--out", str(tmp_path / "ray.csv")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    deadline = time.monotonic() + 30
    while _session_processes(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert _session_processes(proc.pid) == []
    plain = lambda path: [{k: v for k, v in r.items() if k != "seconds"} for r in read_rows(path)]  # noqa: E731
    assert plain(tmp_path / "ray.csv") == plain(tmp_path / "local.csv")
    assert len(plain(tmp_path / "local.csv")) == 6
