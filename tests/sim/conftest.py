"""Fixtures of the simulation tests."""

from __future__ import annotations

import fcntl
import tempfile
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def one_ray_at_a_time():
    """Hold a machine-wide lock while a module's tests run Ray: two Rays started at once by
    two xdist workers hung the suite here, so the modules that start one take turns."""
    path = Path(tempfile.gettempdir()) / "meeple-tests-ray.lock"
    with open(path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
