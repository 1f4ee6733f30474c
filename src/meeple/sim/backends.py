"""Where the games of a simulation run: ``local`` worker processes or a ``ray`` cluster.

Both backends play the same tasks with :func:`meeple.sim.runner.play_game` and report each
finished game as it ends; a game's seed comes from the run seed and its number
(``simulation_jobs``), never from the worker that plays it, so the results are the same
whatever the backend and the number of workers (all but the ``seconds`` of each game).

* ``local``: one process (``workers=1``) or a pool of ``workers`` processes on this machine.
* ``ray``: Ray tasks, at most ``workers`` at a time. With no ``address`` a private Ray is
  started on this machine (``num_cpus=workers``, bound to 127.0.0.1, no dashboard, no usage
  reporting, ``RAY_AUTH_MODE=disabled`` unless set) and shut down at the end; with an
  ``address`` (``ray://host:10001`` for a cluster's Ray client server, ``host:6379`` on a
  cluster node, or ``auto``) the run joins that cluster, ships this meeple to it
  (``runtime_env`` ``py_modules``) and disconnects at the end. A Ray already initialised in
  this process (a test's, an embedding program's) is used as it is and left running.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from ..core.errors import MeepleError

BACKENDS = ("local", "ray")
"""The names ``--backend`` takes."""

_ADDRESS = re.compile(r"^(auto|local|ray://[A-Za-z0-9._\-\[\]:]+:\d{1,5}|[A-Za-z0-9._\-\[\]:]+:\d{1,5})$")


class WorkerDiedError(MeepleError, RuntimeError):
    """A worker process of :func:`meeple.sim.run_games` ended abruptly (killed by a signal, or by
    the system when memory ran short); the games it was playing are lost, those reported to
    ``progress`` before are not. A :class:`meeple.MeepleError`; exported as
    ``meeple.sim.WorkerDiedError`` (and ``meeple.sim.runner.WorkerDiedError``)."""


class BackendError(Exception):
    """A backend cannot be used: an unknown name, Ray not installed, a bad or unreachable
    cluster address. Raised as :class:`meeple.InvalidConfigError` (see :func:`check_backend`)."""


def check_backend(backend: str, address: str | None = None) -> tuple[str, str | None]:
    """``(backend, address)`` checked: the backend is ``local`` or ``ray``; an ``address``
    only with ``ray`` and of the form ``ray://HOST:PORT``, ``HOST:PORT``, ``auto`` or
    ``local``.

    Raises:
        meeple.InvalidConfigError: an unknown backend, an address with ``local``, or an
            address of another form.
    """
    from ..core import InvalidConfigError

    if backend not in BACKENDS:
        raise InvalidConfigError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if address is not None:
        if backend != "ray":
            raise InvalidConfigError("--address names a Ray cluster: give it with --backend ray")
        if not _ADDRESS.match(address):
            raise InvalidConfigError(
                f"bad Ray address {address!r}: give ray://HOST:PORT (a cluster's client "
                "server, port 10001 by default), HOST:PORT (from a cluster node) or auto"
            )
    return backend, address


def import_ray():
    """The ``ray`` module.

    Raises:
        meeple.InvalidConfigError: Ray is not installed (with how to install it).
    """
    from ..core import InvalidConfigError

    try:
        import ray
    except ImportError as e:
        raise InvalidConfigError(
            "--backend ray needs Ray: install meeple's ray extra (uv sync --extra ray, or pip install 'meeple[ray]')"
        ) from e
    return ray


CONNECT_TIMEOUT = 30.0
"""Seconds to wait for a cluster address to answer before the run stops with ``cannot start
or reach Ray at ...`` (the environment variable ``MEEPLE_RAY_CONNECT_TIMEOUT`` overrides it)."""


def _connect_timeout() -> float:
    """``MEEPLE_RAY_CONNECT_TIMEOUT`` in seconds (> 0), else :data:`CONNECT_TIMEOUT`."""
    raw = os.environ.get("MEEPLE_RAY_CONNECT_TIMEOUT", "")
    try:
        value = float(raw)
    except ValueError:
        return CONNECT_TIMEOUT
    return value if value > 0 else CONNECT_TIMEOUT


def probe_address(address: str, timeout: float | None = None) -> None:
    """Check that something answers at a cluster ``address`` (``ray://HOST:PORT`` or
    ``HOST:PORT``; ``auto`` and ``local`` are not probed) within ``timeout`` seconds (default
    :func:`_connect_timeout`), before Ray is asked to join it: Ray itself waits minutes on a
    ``HOST:PORT`` where nothing listens, retrying, and names the host by another of the
    machine's addresses in its messages.

    Raises:
        meeple.InvalidConfigError: ``cannot start or reach Ray at ADDRESS: ...``, with the
            address as given, when the TCP connection is refused, fails or times out.
    """
    import socket

    from ..core import InvalidConfigError

    if address in ("auto", "local"):
        return
    hostport = address[len("ray://") :] if address.startswith("ray://") else address
    host, _, port = hostport.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host  # [::1]
    wait = _connect_timeout() if timeout is None else timeout
    try:
        with socket.create_connection((host, int(port)), timeout=wait):
            pass
    except TimeoutError:
        raise InvalidConfigError(
            f"cannot start or reach Ray at {address}: no answer from {hostport} within {wait:g} s"
        ) from None
    except OSError as e:
        reason = e.strerror or str(e)
        raise InvalidConfigError(
            f"cannot start or reach Ray at {address}: nothing answers at {hostport} ({reason})"
        ) from None


def start_ray(workers: int, address: str | None = None) -> bool:
    """Start (or join, with ``address``) the Ray this run uses; True when this call
    initialised Ray (then :func:`stop_ray` shuts it down), False when one was already running
    in this process. A cluster ``address`` is first probed (:func:`probe_address`), so an
    address where nothing answers stops the run within the connect timeout (30 s, or
    ``MEEPLE_RAY_CONNECT_TIMEOUT``), for every address form.

    Raises:
        meeple.InvalidConfigError: Ray missing, or the cluster at ``address`` cannot be reached.
    """
    import sys

    from ..core import InvalidConfigError

    local = address is None or address == "local"
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no reporting home
    # Ray's uv hook: a driver started by `uv run` (make test, `uv run meeple simulate`) has
    # its workers started by `uv run` too, in a copy of the working directory, whose new
    # environment lacks the ray extra: every worker died at start ("No module named 'ray'")
    # and the run waited on them. Workers run this interpreter instead (a cluster gets
    # meeple as py_modules below); RAY_ENABLE_UV_RUN_RUNTIME_ENV=1 turns the hook back on.
    os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
    if local and "ray" not in sys.modules:
        # Ray turns a node address of 127.0.0.1 into the machine's outward one (and its
        # servers then listen on every interface) unless it runs as a single-machine Ray,
        # as on macOS and Windows: so, and everything listens on 127.0.0.1 only
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    ray = import_ray()
    if ray.is_initialized():
        return False
    if not local:
        probe_address(address)
    from ray._private import ray_constants

    # (ray imported before this call read the variable then: the same, now)
    ray_constants.RAY_ENABLE_UV_RUN_RUNTIME_ENV = os.environ["RAY_ENABLE_UV_RUN_RUNTIME_ENV"].lower() in ("1", "true")
    try:
        if local:
            single = ray_constants.ENABLE_RAY_CLUSTER
            ray_constants.ENABLE_RAY_CLUSTER = False  # (ray imported before: the same, for this start)
            try:
                # address="local": a new private Ray, never one found running on the machine
                ray.init(
                    address="local",
                    num_cpus=workers,
                    include_dashboard=False,
                    _node_ip_address="127.0.0.1",
                    log_to_driver=False,
                    configure_logging=False,
                )
            finally:
                ray_constants.ENABLE_RAY_CLUSTER = single
        else:
            import meeple

            ray.init(
                address=address,
                log_to_driver=False,
                configure_logging=False,
                runtime_env={"py_modules": [os.path.dirname(meeple.__file__)]},
            )
    except (ConnectionError, TimeoutError, RuntimeError, ValueError) as e:
        raise InvalidConfigError(f"cannot start or reach Ray{' at ' + address if address else ''}: {e}") from e
    return True


def stop_ray(started: bool) -> None:
    """Shut down (or disconnect from) the Ray that :func:`start_ray` started (``started``)."""
    if started:
        import ray

        ray.shutdown()


def run_on_ray(job: Callable, tasks: list, workers: int, address: str | None, done: Callable[[dict], None]) -> None:
    """Run ``job(task)`` for every task as Ray tasks, at most ``workers`` at a time, and call
    ``done`` with each result (a dict) in the order they finish.

    On any error (a failed game, Ctrl-C) the tasks still running are cancelled and the error
    raised; the Ray this call started is shut down in every case.

    Raises:
        meeple.InvalidConfigError: Ray missing or unreachable (:func:`start_ray`).
        WorkerDiedError: a Ray worker process died, or Ray could not start one.
        the game's own error (e.g. GameNotEndingError), as :func:`play_game` raised it.
    """
    started = start_ray(workers, address)
    import ray
    from ray.exceptions import OutOfMemoryError, RaySystemError, RayTaskError, WorkerCrashedError

    pending: list = []
    try:
        remote = ray.remote(num_cpus=1, max_retries=0)(job)
        queue = iter(tasks)
        for task in queue:
            pending.append(remote.remote(task))
            if len(pending) >= max(1, workers):
                break
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                try:
                    result = ray.get(ref)
                except RayTaskError as e:  # the game's own error, unwrapped
                    cause = getattr(e, "cause", None)
                    if isinstance(cause, BaseException):
                        raise cause from None
                    raise
                except OutOfMemoryError:
                    raise WorkerDiedError(
                        "Ray stopped a worker: the machine ran low on memory (Ray's memory "
                        "monitor); the games it was playing are lost"
                    ) from None
                except RaySystemError as e:
                    raise WorkerDiedError(
                        f"Ray could not start a worker process ({e}); its log: "
                        "raylet.err in the Ray session's logs folder "
                        "(/tmp/ray/session_latest/logs on this machine)"
                    ) from None
                except WorkerCrashedError:
                    raise WorkerDiedError(
                        "a Ray worker process ended abruptly (killed by a signal, or by "
                        "the system when memory ran short); the games it was playing "
                        "are lost"
                    ) from None
                task = next(queue, None)
                if task is not None:
                    pending.append(remote.remote(task))
                done(result)
    except BaseException:
        for ref in pending:
            try:  # not force=True: killing the worker processes left a shared Ray unable to
                ray.cancel(ref)  # start new ones (seen here); the task is interrupted instead
            except Exception:  # already finished or gone
                pass
        raise
    finally:
        stop_ray(started)
