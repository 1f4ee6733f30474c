"""Checks of whole numbers given by callers: seeds, player counts, integer options.

Any integer type is taken (``int``, an ``IntEnum``, a numpy integer: anything with
``__index__``), never a bool, and returned as a plain ``int``.
"""

from __future__ import annotations

import operator
from typing import Any

from .errors import InvalidConfigError

SEED_MIN = -(2**63)
SEED_MAX = 2**63 - 1
"""Seeds are signed 64-bit integers: each one deals its own game (the generator keeps 64 bits,
so 0 and 2**64 would deal the same one) and fits an int64 column of a results file."""


def whole_number(value: Any, what: str, error: type[Exception] = InvalidConfigError) -> int:
    """``value`` as a plain int.

    Raises:
        ``error`` (InvalidConfigError by default): a bool, a float, a string or any other
            non-integer, named as ``what`` in the message.
    """
    if isinstance(value, bool):
        raise error(f"{what} must be an int, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise error(f"{what} must be an int, not {value!r}") from None


def check_seed(value: Any, what: str = "seed", error: type[Exception] = InvalidConfigError) -> int:
    """``value`` as a plain int seed in ``SEED_MIN..SEED_MAX`` (a signed 64-bit integer).

    Raises:
        ``error`` (InvalidConfigError by default): not an integer, or out of that range.
    """
    seed = whole_number(value, what, error)
    if not SEED_MIN <= seed <= SEED_MAX:
        raise error(f"{what} must be a signed 64-bit integer (-2**63 .. 2**63-1), not {seed}")
    return seed
