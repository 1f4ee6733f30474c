"""The package as a user installs it: `uv build` makes the sdist and, from it, the wheel; the
wheel goes into a fresh virtual environment (dependencies from the package index, or uv's
cache), and the installed `meeple` plays a bots' game and serves the lobby, run from a folder
outside the source tree, so nothing is read from the clone: the wheel carries the static
files, each game's RULES.md and components.json, and the database migrations. The sdist
carries no CI script and no ladder results (Parquet)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _uv() -> list[str]:
    """The uv command: uv in this Python, on the PATH, or in the system's python3."""
    for cmd in ([sys.executable, "-m", "uv"], [shutil.which("uv") or "uv"], ["python3", "-m", "uv"]):
        try:
            if subprocess.run([*cmd, "--version"], capture_output=True, timeout=60).returncode == 0:
                return cmd
        except (OSError, subprocess.TimeoutExpired):
            continue
    pytest.skip("uv is not installed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.status, r.read()


def _build_and_install(tmp: Path) -> dict:
    """``{"sdist", "wheel", "venv", "home", "cwd"}`` (paths): the package built and installed
    into a fresh venv under ``tmp``."""
    uv = _uv()
    dist = tmp / "dist"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "UV_PROJECT"))}
    r = subprocess.run(
        [*uv, "build", "--quiet", "--out-dir", str(dist), str(ROOT)],
        cwd=tmp,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr
    (sdist,) = dist.glob("meeple-*.tar.gz")
    (wheel,) = dist.glob("meeple-*.whl")
    venv = tmp / "venv"
    r = subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stderr
    r = subprocess.run(
        [*uv, "pip", "install", "--quiet", "--python", str(venv / "bin" / "python"), str(wheel)],
        cwd=tmp,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr
    home = tmp / "home"  # the installed meeple's data folder (its SQLite database), not the user's
    home.mkdir()
    return {"sdist": sdist, "wheel": wheel, "venv": venv, "home": home, "cwd": tmp}


def _run_env(built: dict) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env.update(HOME=str(built["home"]), XDG_DATA_HOME=str(built["home"] / "data"), COLUMNS="100")
    return env


def _check_the_sdist(built: dict) -> None:
    with tarfile.open(built["sdist"]) as tar:
        names = [n.split("/", 1)[1] for n in tar.getnames() if "/" in n]
    assert "LICENSE" in names and "README.md" in names and "src/meeple/cli/main.py" in names
    assert "docs/ladder/solomon.md" in names  # the pages stay
    assert [n for n in names if n.startswith(".ci") or n.endswith(".parquet")] == []


def _check_the_wheel_files(built: dict) -> None:
    import zipfile

    names = zipfile.ZipFile(built["wheel"]).namelist()
    for game in ("magnum_sal", "lignum", "solomon", "klondike"):
        assert f"meeple/games/{game}/RULES.md" in names and f"meeple/games/{game}/components.json" in names
    assert "meeple/server/static/index.html" in names
    assert any(n.startswith("meeple/server/migrations/versions/") for n in names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def _check_play(built: dict) -> None:
    meeple = built["venv"] / "bin" / "meeple"
    r = subprocess.run(
        [str(meeple), "play", "solomon", "--seats", "greedy,greedy", "--seed", "3"],
        cwd=built["cwd"],
        env=_run_env(built),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    assert "No human seat: watching the bots play." in r.stdout
    assert "King Solomon's Treasury" in r.stdout
    assert "Traceback" not in r.stderr


def _check_serve(built: dict) -> None:
    meeple = built["venv"] / "bin" / "meeple"
    port = _free_port()
    db = f"sqlite:///{built['cwd'] / 'games.db'}"
    server = subprocess.Popen(
        [str(meeple), "serve", "--port", str(port), "--db", db, "--bot-workers", "1"],
        cwd=built["cwd"],
        env=_run_env(built),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                status, page = _get(base + "/")
                break
            except OSError:
                assert server.poll() is None, server.stdout.read()
                assert time.monotonic() < deadline, "the server did not answer in 120 s"
                time.sleep(0.3)
        assert status == 200 and b"<html" in page.lower()
        status, body = _get(base + "/api/catalog")
        assert status == 200
        assert sorted(g["id"] for g in json.loads(body)["games"]) == ["klondike", "lignum", "magnum-sal", "solomon"]
        status, body = _get(base + "/api/rules/lignum")  # the packaged RULES.md, by section
        assert status == 200 and json.loads(body)["sections"]
        status, body = _get(base + "/static/game.js")
        assert status == 200 and body
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_the_wheel_installs_and_runs_outside_the_source_tree(tmp_path):
    """One test (one build, whichever test worker runs it): the sdist's and the wheel's files,
    then `meeple play` with bots only and `meeple serve` from the installed package."""
    built = _build_and_install(tmp_path)
    _check_the_sdist(built)
    _check_the_wheel_files(built)
    _check_play(built)
    _check_serve(built)
