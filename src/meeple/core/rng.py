"""The state's own random number generator: one 64-bit integer of state.

A state's randomness (shuffles, draws) comes only from its :class:`Rng`, so the same
seed and the same actions give the same game on every machine and Python version.
The whole generator state is one ``int``: copying it is free (``clone``) and it is
JSON-safe (``to_dict``). The algorithm is SplitMix64 (Steele, Lea & Flood 2014).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

_T = TypeVar("_T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 generator. ``Rng(seed)`` with any int seed; ``.state`` is the whole state."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Next raw 64-bit value."""
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform int in ``[0, n)``; ``n`` must be >= 1 (bias < 2**-40 for n < 2**24)."""
        return self.next64() % n

    def randint(self, a: int, b: int) -> int:
        """A uniform int in ``[a, b]`` inclusive."""
        return a + self.next64() % (b - a + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[_T]) -> _T:
        """A uniform element of a non-empty sequence."""
        return seq[self.next64() % len(seq)]

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Rng:
        """An independent generator in the same state."""
        r = Rng.__new__(Rng)
        r.state = self.state
        return r


def derive_seed(seed: int, index: int) -> int:
    """A well-mixed 63-bit seed for game ``index`` of a series started from ``seed``."""
    r = Rng(seed * 1_000_003 + index)
    r.next64()
    return r.next64() >> 1
