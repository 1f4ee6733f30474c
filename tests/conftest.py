import pytest

import tests.support.toy  # noqa: F401  registers the test game "toy"
from tests.support import planted as _planted


@pytest.fixture
def planted():
    """``planted(state_class, name)`` registers a copy of the test game with a planted bug
    (tests/support/planted.py) and returns it; the games are removed after the test."""
    made = []

    def make(state_class, name):
        made.append(name)
        return _planted.register(state_class, name)

    yield make
    for name in made:
        _planted.unregister(name)
