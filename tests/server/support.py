"""A real ``meeple serve`` process on a free 127.0.0.1 port, for the restart and browser tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

import httpx2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``python -m meeple serve --port PORT --db URL`` as a subprocess (``start``/``kill``)."""

    def __init__(self, db_url: str, port: int | None = None, bot_delay: float = 0.0, extra_args=()):
        self.db_url = db_url
        self.extra_args = list(extra_args)
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.bot_delay = bot_delay
        self.log = tempfile.TemporaryFile("w+")  # the server's output (a pipe nobody reads would fill and stall it)

    def output(self) -> str:
        """What the server printed so far (its log)."""
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def start(self, timeout: float = 180.0) -> Server:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "meeple",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db_url,
                "--bot-delay",
                str(self.bot_delay),
                "--create-limit",
                "0",
                *self.extra_args,
            ],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"meeple serve exited: {self.output()}")
            try:
                if httpx2.get(self.url + "/api/meta", timeout=1).status_code == 200:
                    return self
            except httpx2.HTTPError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("meeple serve did not answer in time")

    def kill(self) -> None:
        """kill -9: no shutdown of any kind."""
        if self.proc is not None and self.proc.poll() is None:
            try:  # the whole group: --workers N forks server processes of its own
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:  # pragma: no cover
                pass
            self.proc.wait(10)
        self.proc = None
