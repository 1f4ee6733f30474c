"""A real PostgreSQL for the tests: a private cluster in a temporary folder on 127.0.0.1.

Debian's ``postgresql`` package gives the binaries (``.ci/run`` installs it); the cluster is
made with ``initdb`` (as the ``postgres`` user when the tests run as root: PostgreSQL refuses
root), listens on a free port of 127.0.0.1 only, trusts local connections and is stopped
and removed at the end. Without the binaries the tests are skipped, unless
MEEPLE_REQUIRE_POSTGRES=1 (CI), which makes that a failure.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile

import pytest

from .support import free_port


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


class Postgres:
    """A running cluster: ``url(dbname)`` gives a SQLAlchemy URL; ``create(dbname)`` a fresh
    database."""

    def __init__(self):
        initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
        if initdb is None or pg_ctl is None:
            if os.environ.get("MEEPLE_REQUIRE_POSTGRES") == "1":
                pytest.fail("MEEPLE_REQUIRE_POSTGRES=1 but PostgreSQL's initdb is missing (apt-get install postgresql)")
            pytest.skip("no PostgreSQL binaries (apt-get install postgresql)")
        self.pg_ctl = pg_ctl
        self.root = tempfile.mkdtemp(prefix="meeple-pg-")
        self.data = os.path.join(self.root, "data")
        self.port = free_port()
        self.as_user = os.geteuid() == 0
        if self.as_user:
            shutil.chown(self.root, "postgres")
            os.chmod(self.root, 0o700)
        self._run([initdb, "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
        self._run(
            [
                pg_ctl,
                "-D",
                self.data,
                "-w",
                "-l",
                os.path.join(self.root, "log"),
                "-o",
                f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c fsync=off",
                "start",
            ]
        )

    def _run(self, cmd: list[str]) -> None:
        if self.as_user:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{dbname}"

    def create(self, dbname: str) -> str:
        import psycopg

        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True) as c:
            c.execute(f'CREATE DATABASE "{dbname}"')
        return self.url(dbname)

    def stop(self) -> None:
        try:
            self._run([self.pg_ctl, "-D", self.data, "-m", "immediate", "stop"])
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
