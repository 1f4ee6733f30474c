"""Shared helpers of the research bindings: fixed action spaces and fixed-shape observation
vectors built from ``state.observation(seat)``.

Pure Python (no numpy): each game's ``encoding.py`` uses :class:`Writer` to lay out its
observation vector, and :class:`ActionSpace` maps notations to indices both ways. The
PettingZoo and OpenSpiel modules turn the lists into numpy arrays.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from itertools import chain

from meeple.core import Encoding, Game, InvalidConfigError, load_game
from meeple.core.action import Action


class Writer:
    """Appends the fields of one observation vector, and records their layout.

    Every field has a fixed size: a value list shorter than ``size`` is padded with
    ``pad``; a longer one raises ``ValueError`` (a cap that is too small is a bug in the
    game's encoding, never silently cut). Values are numbers (``True``/``False`` count as
    1/0); a field declared ``nullable`` turns ``None`` into -1 ("unknown / absent").
    Built for speed: whole lists are appended at once, the numpy conversion happens once
    at the end (``np.asarray(values, np.float32)``).

    With ``packed=True`` the writer builds the vector as packed float32 bytes
    (:meth:`to_bytes`, native byte order): the values written field by field are packed when
    a cached block (:meth:`block`, with its bytes packed once) comes, so a vector made mostly
    of cached blocks costs little to turn into an array. ``values`` then holds only the
    values since the last block.

    Attributes:
        values: the vector so far (list of numbers; with ``packed``, since the last block).
        layout: ``[(name, start, stop)]`` of the fields written, in order (only with
            ``record_layout=True``).
    """

    __slots__ = ("values", "layout", "_record", "_parts")

    def __init__(self, record_layout: bool = False, packed: bool = False):
        self.values: list = []
        self.layout: list[tuple[str, int, int]] = []
        self._record = record_layout
        self._parts: list | None = [] if packed else None

    def block(self, values: tuple, packed: bytes) -> None:
        """Append a cached block: its values, and the same values packed as float32
        (:func:`pack`). Only between fields (never inside one)."""
        parts = self._parts
        if parts is None:
            self.values.extend(values)
            return
        if self.values:
            parts.append(pack(self.values))
            self.values = []
        parts.append(packed)

    def to_bytes(self) -> bytes:
        """The whole vector as packed float32 bytes (native order; ``packed=True`` only).

        Raises:
            ValueError: the writer is not packed.
        """
        parts = self._parts
        if parts is None:
            raise ValueError("to_bytes needs a Writer(packed=True)")
        if self.values:
            parts.append(pack(self.values))
            self.values = []
        return b"".join(parts)

    def _close(self, name: str, start: int, size: int, pad: float) -> None:
        out = self.values
        got = len(out) - start
        if got != size:
            if got > size:
                del out[start:]
                raise ValueError(f"observation field {name!r} has {got} values, more than its {size} slots")
            out.extend([pad] * (size - got))
        if self._record:
            self.layout.append((name, start, len(out)))

    def scalar(self, name: str, v) -> None:
        """One number (int, float, bool; ``None`` -> -1)."""
        start = len(self.values)
        self.values.append(-1 if v is None else v)
        if self._record:
            self.layout.append((name, start, start + 1))

    def numbers(self, name: str, vs, size: int, pad: float = 0.0, nullable: bool = False) -> None:
        """A list of numbers in ``size`` slots (padded with ``pad``; ``None`` -> -1 when
        ``nullable``).

        Raises:
            ValueError: more than ``size`` values.
        """
        out = self.values
        start = len(out)
        if nullable:
            out.extend([-1 if v is None else v for v in vs])
        else:
            out.extend(vs)
        if len(out) - start != size or self._record:
            self._close(name, start, size, pad)

    def nested(self, name: str, v, size: int, pad: float = 0.0, words: dict | None = None, depth: int = 0) -> None:
        """The numbers of a nested list (depth first) in ``size`` slots (padded with ``pad``).
        ``depth=2`` / ``3``: a regular list of lists (of lists) of numbers, appended fast;
        ``depth=0``: any nesting, where a string is its index in ``words`` (-1 when not
        there) and ``None`` is -1.

        Raises:
            ValueError: more than ``size`` numbers.
        """
        out = self.values
        start = len(out)
        if depth == 2:
            out.extend(_chain(v))
        elif depth == 3:
            out.extend(_chain(_chain(v)))
        else:
            _flatten(v, out, words or {})
        if len(out) - start != size or self._record:
            self._close(name, start, size, pad)

    def onehot(self, name: str, v, index: dict) -> None:
        """``len(index)`` slots, 1 at ``index[v]`` (all zero when ``v`` is ``None`` or unknown)."""
        out = self.values
        start = len(out)
        out.extend(_ZEROS[len(index)])
        i = index.get(v)
        if i is not None:
            out[start + i] = 1
        if self._record:
            self.layout.append((name, start, len(out)))

    def onehots(self, name: str, vs, index: dict) -> None:
        """One :meth:`onehot` block per value of ``vs`` (fields ``name[0]``, ``name[1]`` ...);
        the blocks of a value list seen before come from a cache."""
        if self._record:
            for i, v in enumerate(vs):
                self.onehot(f"{name}[{i}]", v, index)
            return
        key = (id(index), tuple(vs))
        block = _ONEHOTS.get(key)
        if block is None:
            if len(_ONEHOTS) > 100_000:
                _ONEHOTS.clear()
            k = len(index)
            out = [0] * (k * len(key[1]))
            for i, v in enumerate(key[1]):
                j = index.get(v)
                if j is not None:
                    out[i * k + j] = 1
            block = _ONEHOTS[key] = (tuple(out), pack(out))
        self.block(*block)

    def counts(self, name: str, items, index: dict) -> None:
        """``len(index)`` slots: how many of ``items`` are each key of ``index``."""
        out = self.values
        start = len(out)
        out.extend(_ZEROS[len(index)])
        for it in items:
            i = index.get(it)
            if i is not None:
                out[start + i] += 1
        if self._record:
            self.layout.append((name, start, len(out)))


_chain = chain.from_iterable
_ZEROS = [(0,) * k for k in range(4096)]
_STRUCTS: dict = {}


def pack(values) -> bytes:
    """``values`` (a sequence of numbers) as packed float32 bytes in native order: the same
    bits as ``np.asarray(values, np.float32).tobytes()``.

    Raises:
        struct.error: a value that is not a number.
    """
    k = len(values)
    s = _STRUCTS.get(k)
    if s is None:
        s = _STRUCTS[k] = struct.Struct(f"={k}f")
    return s.pack(*values)


_ONEHOTS: dict = {}
"""(vocabulary id, values) -> their one-hot blocks (vocabularies are module constants)."""


def _flatten(v, out: list, words: dict) -> None:
    for x in v:
        if isinstance(x, (list, tuple)):
            _flatten(x, out, words)
        elif isinstance(x, str):
            out.append(words.get(x, -1))
        else:
            out.append(-1 if x is None else x)


def vocabulary(names: Sequence) -> dict:
    """``{name: i}`` for a one-hot or count field."""
    return {n: i for i, n in enumerate(names)}


def unique(notations: Iterable[str]) -> list[str]:
    """The notations in first-seen order, each once."""
    seen = set()
    out = []
    for t in notations:
        if t not in seen:
            seen.add(t)
            out.append(t)
    return out


def collect_actions(*tables) -> list[str]:
    """The notations of every :class:`Action` found in ``tables`` (actions, lists, tuples,
    dict values, nested, ``None`` skipped), in order, each once."""
    out: list[str] = []

    def walk(x):
        if x is None:
            return
        if isinstance(x, Action):
            out.append(x.text)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)
        else:
            raise TypeError(f"not an action table: {type(x).__name__}")

    for t in tables:
        walk(t)
    return unique(out)


class ActionSpace:
    """A fixed integer action space: index ``i`` is the notation ``notations[i]``.

    Attributes:
        notations: tuple of str, one per index.
        index: dict notation -> index.
    """

    __slots__ = ("notations", "index")

    def __init__(self, notations: Sequence[str]):
        self.notations = tuple(notations)
        self.index = {t: i for i, t in enumerate(self.notations)}
        if len(self.index) != len(self.notations):
            raise ValueError("an action space lists a notation twice")

    def __len__(self) -> int:
        return len(self.notations)

    def to_index(self, action) -> int:
        """The index of an action (an :class:`Action` or its notation).

        Raises:
            KeyError: the notation is not in this space (a bug of the game's encoding).
        """
        text = action.text if isinstance(action, Action) else action
        try:
            return self.index[text]
        except KeyError:
            raise KeyError(
                f"action {text!r} is not in this game's action space ({len(self.notations)} actions)"
            ) from None

    def to_notation(self, i: int) -> str:
        """The notation of index ``i``.

        Raises:
            IndexError: ``i`` is outside ``0..len-1``.
        """
        if not 0 <= i < len(self.notations):
            raise IndexError(f"action index {i} is outside this action space (0..{len(self.notations) - 1})")
        return self.notations[i]

    def legal_indices(self, legal: Iterable) -> list[int]:
        """The indices of the legal actions, in their order."""
        index = self.index
        return [index[a.text] for a in legal]


def encoding_of(game: str | Game) -> Encoding:
    """The RL encoding of a game (``game.encoding``, :class:`meeple.core.Encoding`), given as
    a game id or a :class:`meeple.core.Game`.

    Raises:
        InvalidConfigError: an unknown game, or a game without an encoding (e.g. a test game).
    """
    g = load_game(game) if isinstance(game, str) else game
    enc = g.encoding
    if enc is None:
        raise InvalidConfigError(f"{g.name} has no RL encoding (its Game declares no load_encoding)")
    return enc
