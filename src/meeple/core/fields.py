"""Declared state fields: a game lists its fields once, the core copies, saves and loads them.

A game's state class declares ``FIELDS``, a :class:`Fields` of one :class:`Field` per
attribute of its own, in the order the save format lists them::

    class ToyState(State):
        FIELDS = Fields(
            Field("deck", list[int], low=1, high=9),           # any length
            Field("hands", list[list[int]], (SEATS, None)),     # one list a seat
            Field("stopped", list[bool], (SEATS,)),
            Field("turn", int),
        )

From the declaration the core makes:

* ``clone()``: one function per declaration, generated once at class creation. It copies the
  instance ``__dict__`` (every scalar and shared value by reference) and then each mutable
  field as deep as its ``copy`` says (``x[:]``, ``[r[:] for r in x]`` ...): no
  ``copy.deepcopy``, no loop over field names.
* ``to_dict()["state"]``: the saved fields as fresh JSON-safe values, in declaration order.
* the type and shape checks of ``Game.state_from_dict``: each saved field must be there (or
  have a ``default``), of its type, its lists of their sizes, its integers within ``low`` ..
  ``high`` and its strings among its ``choices``. A value that is not is refused with
  :class:`~meeple.core.errors.InvalidRecordError` naming its exact place
  (``state.mill[1][2][4]``), its expected type and the rule the bound comes from (``why``).

The game keeps its rule checks, which no declaration can say (component totals, fields that
must agree with each other), in ``State._after_load``.

Types (``type``) are Python's own notation, read as JSON shapes:

* ``int`` (not a bool), ``str``, ``bool``, ``None``; unions of them, e.g. ``str | None``.
* ``list[T]``: a JSON list of T. ``list`` alone: a list of any JSON values.
* ``tuple[A, B]``: a record saved as a JSON list of fixed length (held as a list too).
* ``dict[str, T]``: a JSON object; ``keys`` names its keys (loaded in that order).
* ``object``: any JSON value; the game checks it in ``_after_load``.

Shapes (``shape``): one size per list level, outermost first; missing levels are free. A size
is an int, :data:`SEATS` (one entry per seat), a ``range`` of allowed lengths, a function of
the state giving the length, or None (any length).

Copy depth (``copy``): how many levels of the value a clone copies; the levels below are
shared between the clone and its original, so the rules must replace them, never change them
in place. :data:`DEEP` (the default) copies every list and dict; :data:`SHARED` copies nothing
(a deck the rules only ever replace); :data:`OUTER` the outer list only (rows replaced, never
changed in place); :data:`ROWS` the outer list and its rows. Scalars, and values of type
``object`` inside a copied value, are always shared.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NoReturn, TypeAlias

from .errors import InvalidRecordError

if TYPE_CHECKING:
    from .state import State

__all__ = ["Field", "Fields", "SEATS", "DEEP", "SHARED", "OUTER", "ROWS", "last_seat"]


class _Seats:
    """The size of a per-seat list: ``num_players`` entries."""

    def __repr__(self) -> str:
        return "SEATS"


SEATS = _Seats()
"""A list size: one entry per seat (``state.num_players``)."""

DEEP = None
"""Copy depth: every list and dict of the value (the default)."""
SHARED = 0
"""Copy depth: none; clones share the value (the rules only ever replace it)."""
OUTER = 1
"""Copy depth: the outer list; its rows are shared (replaced, never changed in place)."""
ROWS = 2
"""Copy depth: the outer list and each of its rows; what the rows hold is shared."""

_MISSING = object()

_Type: TypeAlias = Any
"""A field's type, a type expression in Python notation (``int``, ``list[int]``, ``str | None``,
``typing.Union[...]`` ...): mypy has no type for type expressions, hence Any."""
_Size: TypeAlias = "int | _Seats | range | Callable[[State], int] | None"
"""The size of one list level (see ``Field.shape``)."""
_Bound: TypeAlias = "int | Callable[[State], int] | None"
"""A bound of a field's integers (see ``Field.low``, ``Field.high``)."""


def last_seat(state: State) -> int:
    """``num_players - 1``: a bound for seat numbers (``high=last_seat``)."""
    return state.num_players - 1


class Field:
    """One declared field of a game's state (see the module docstring).

    Args:
        name: the attribute, and the key of ``to_dict()["state"]``.
        type: its JSON type in Python notation (``int``, ``list[list[int]]``, ``str | None`` ...).
        shape: sizes of its list levels, outermost first (int, :data:`SEATS`, ``range``, a
            function of the state, or None for any).
        low, high: bounds of every integer in it (an int, or a function of the state such as
            :func:`last_seat`); None: unbounded.
        choices: the strings it may hold (None too, where its type allows it); ``noun`` names
            one in messages ("unknown order 'X' in order_stack"). Without choices, ``noun``
            names its records (tuples) in messages ("a list of 0..4 tiles [an integer, ...]").
        keys: the keys of a ``dict`` field (all of them, no other).
        why: the rule behind the bounds or choices, added to their messages (``"MS-1.7"``).
        copy: copy depth of a clone (:data:`DEEP`, :data:`SHARED`, :data:`OUTER`, :data:`ROWS`).
        default: the value (or a function of the state giving it) for saves made before the field
            existed; without one a save lacking it is refused.
        saved: False for a field derived from the others: cloned, but neither saved nor loaded
            (the game's ``_after_load`` rebuilds it).
        save: a function ``(state) -> JSON value`` saving it where the attribute holds something
            else (e.g. pieces held as ids, saved as notations); loading then sets
            the checked JSON value and ``_after_load`` converts it.

    Raises:
        TypeError: a type the declarations do not know.
    """

    __slots__ = (
        "name",
        "type",
        "shape",
        "low",
        "high",
        "choices",
        "noun",
        "keys",
        "why",
        "copy",
        "default",
        "saved",
        "save",
    )

    def __init__(
        self,
        name: str,
        type: _Type,
        shape: Iterable[_Size] = (),
        *,
        low: _Bound = None,
        high: _Bound = None,
        choices: Iterable[str] | None = None,
        noun: str = "",
        keys: Iterable[str] | None = None,
        why: str = "",
        copy: int | None = DEEP,
        default: Any = _MISSING,
        saved: bool = True,
        save: Callable[[State], Any] | None = None,
    ) -> None:
        self.name = name
        self.type = _norm(type)
        self.shape: tuple[_Size, ...] = tuple(shape)
        self.low = low
        self.high = high
        self.choices: frozenset[str] | None = None if choices is None else frozenset(choices)
        self.noun = noun
        self.keys: tuple[str, ...] | None = None if keys is None else tuple(sorted(keys))
        self.why = why
        self.copy = copy
        self.default = default
        self.saved = saved
        self.save = save

    def __repr__(self) -> str:
        return f"Field({self.name!r}, {_name(self.type)})"


class Fields:
    """A state's declared fields, with the functions the core made from them.

    Attributes:
        fields: the :class:`Field` declarations, in save order.
        saved: the names saved in ``to_dict()["state"]``, in order.
        copy: ``copy(state) -> State``: the generated clone function (a new state of the same
            class: base fields as ``State._copy_base`` sets them, each field copied to its depth).
        save: ``save(state) -> dict``: the generated ``to_dict()["state"]``.
        copy_source, save_source: the generated code (for reading and debugging).

    Raises:
        ValueError: two fields of one name.
    """

    def __init__(self, *fields: Field) -> None:
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise ValueError(f"a field is declared twice: {sorted(n for n in names if names.count(n) > 1)}")
        self.fields = fields
        self.saved = tuple(f.name for f in fields if f.saved)
        self.copy, self.copy_source = _compile_copy(fields)
        self.save, self.save_source = _compile_save(fields)

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields)

    def load(self, state: State, d: Mapping[str, Any]) -> None:
        """Set ``state``'s saved fields from ``d`` (a saved ``to_dict()["state"]``), each a fresh
        value checked against its declaration; keys not declared are ignored.

        Raises:
            InvalidRecordError: a field missing (without a default), of another type or size,
                out of its bounds or choices; ``field`` is its JSON path (``state.money[2]``).
        """
        game = state.game.name
        for f in self.fields:
            if not f.saved:
                continue
            if f.name in d:
                value = _Loader(state, f, game).load(f.type, d[f.name], f.name, 0)
            elif f.default is not _MISSING:
                value = f.default(state) if callable(f.default) else _json(f.default)
            else:
                what = _describe(f.type, f.shape, 0, state, noun="" if f.choices else f.noun)
                raise InvalidRecordError(
                    f"malformed saved {game} state: {f.name} is missing ({what})", f"state.{f.name}"
                )
            state.__dict__[f.name] = value

    def describe(self, state: State | None = None) -> dict[str, str]:
        """Per saved field, its expected JSON value in words (``"a list of integers, one per
        seat"``): sizes that depend on the state are given for ``state`` when given."""
        return {
            f.name: _describe(f.type, f.shape, 0, state, noun="" if f.choices else f.noun)
            for f in self.fields
            if f.saved
        }


# ------------------------------------------------------------------ types
_SCALARS = (int, str, bool, type(None))


def _norm(t: _Type) -> _Type:
    """``t`` as the declarations read it (None -> NoneType, Optional -> union); TypeError for
    a type they do not know."""
    if t is None:
        return type(None)
    if t in _SCALARS or t is object or t is list:
        return t
    origin = typing.get_origin(t)
    args = typing.get_args(t)
    if origin in (typing.Union, types.UnionType):
        members = tuple(_norm(a) for a in args)
        if sum(1 for m in members if not _immutable(m)) > 1:
            raise TypeError(f"a union may hold one kind of container, not {t}")
        return typing.Union[members]  # noqa: UP007  (kept as a typing.Union to read its args)
    if origin is list and len(args) == 1:
        return types.GenericAlias(list, (_norm(args[0]),))  # list[T], T computed
    if origin is tuple and args and Ellipsis not in args:
        return types.GenericAlias(tuple, tuple(_norm(a) for a in args))
    if origin is dict and len(args) == 2 and args[0] is str:
        return types.GenericAlias(dict, (str, _norm(args[1])))
    raise TypeError(
        f"a field's type must be int, str, bool, None, object, list[T], tuple[A, B, ...], "
        f"dict[str, T] or a union of them, not {t!r}"
    )


def _kind(t: _Type) -> str:
    kind = _KINDS.get(t)
    if kind is None:
        if t in _SCALARS:
            kind = "scalar"
        elif t is object or t is list:
            kind = "object" if t is object else "list"
        elif typing.get_origin(t) is typing.Union:
            kind = "union"
        else:
            kind = _CONTAINERS[typing.get_origin(t)]
        _KINDS[t] = kind
    return kind


def _args(t: _Type) -> tuple[_Type, ...]:
    args = _ARGS.get(t)
    if args is None:
        args = _ARGS[t] = (object,) if t is list else typing.get_args(t)
    return args


_CONTAINERS: dict[Any, str] = {list: "list", tuple: "tuple", dict: "dict"}
"""The kind of each container type a field may have."""
_KINDS: dict[_Type, str] = {}
_ARGS: dict[_Type, tuple[_Type, ...]] = {}
"""Memos of _kind and _args (a type's parts, read once: loading walks them for every value)."""


def _immutable(t: _Type) -> bool:
    """True for a type whose values are never changed in place (scalars, unions of them)."""
    if t in _SCALARS:
        return True
    if _kind(t) == "union":
        return all(_immutable(m) for m in _args(t))
    return False


def _name(t: _Type) -> str:
    if t is type(None):
        return "None"
    if t in _SCALARS or t is object or t is list:
        return t.__name__
    if _kind(t) == "union":
        return " | ".join(_name(m) for m in _args(t))
    origin = typing.get_origin(t)
    return f"{origin.__name__}[{', '.join(_name(a) for a in _args(t))}]"


# ------------------------------------------------------------------ code generation
def _copy_expr(t: _Type, v: str, depth: int | None, level: int) -> str | None:
    """Python expression copying the value ``v`` of type ``t`` to ``depth`` levels; None when
    nothing is to be copied (immutable, or shared at this depth)."""
    if depth == 0 or _immutable(t) or t is object:
        return None
    kind = _kind(t)
    below = None if depth is None else depth - 1
    x = f"x{level}"
    if kind == "list":
        inner = _copy_expr(_args(t)[0], x, below, level + 1)
        if inner is None:
            return f"{v}[:]"
        if inner == f"{x}[:]":
            return f"[*map(_lcopy, {v})]"
        return f"[{inner} for {x} in {v}]"
    if kind == "dict":
        inner = _copy_expr(_args(t)[1], x, below, level + 1)
        return f"{v}.copy()" if inner is None else f"{{k{level}: {inner} for k{level}, {x} in {v}.items()}}"
    if kind == "tuple":
        parts = [_copy_expr(a, f"{v}[{i}]", below, level) or f"{v}[{i}]" for i, a in enumerate(_args(t))]
        return f"[{', '.join(parts)}]"
    # a union of scalars and one container kind
    container = next(m for m in _args(t) if not _immutable(m))
    inner = _copy_expr(container, v, depth, level)
    if inner is None:
        return None
    cls = "dict" if _kind(container) == "dict" else "list"
    return f"({inner} if {v}.__class__ is {cls} else {v})"


def _save_expr(t: _Type, v: str, level: int) -> str:
    """Python expression giving the JSON-safe save of the value ``v`` of type ``t`` (fresh
    lists and dicts all the way down)."""
    if _immutable(t):
        return v
    kind = _kind(t)
    x = f"x{level}"
    if t is object or t is list:
        return f"_json({v})"
    if kind == "list":
        inner = _save_expr(_args(t)[0], x, level + 1)
        if inner == x:
            return f"list({v})"
        if inner == f"list({x})":
            return f"[*map(list, {v})]"
        return f"[{inner} for {x} in {v}]"
    if kind == "dict":
        inner = _save_expr(_args(t)[1], x, level + 1)
        return f"dict({v})" if inner == x else f"{{k{level}: {inner} for k{level}, {x} in {v}.items()}}"
    if kind == "tuple":
        if all(_immutable(a) for a in _args(t)):
            return f"list({v})"
        return "[" + ", ".join(_save_expr(a, f"{v}[{i}]", level) for i, a in enumerate(_args(t))) + "]"
    container = next(m for m in _args(t) if not _immutable(m))
    cls = "dict" if _kind(container) == "dict" else "list"
    return f"({_save_expr(container, v, level)} if {v}.__class__ is {cls} else {v})"


def _compile_copy(fields: Iterable[Field]) -> tuple[Callable[[State], State], str]:
    lines = [
        "def copy(self):",
        "    s = self.__dict__",
        "    new = _new(self.__class__)",
        "    d = new.__dict__ = s.copy()  # every scalar and shared value by reference",
        "    d['rng'] = s['rng'].clone()  # the base fields, as State._copy_base sets them",
        "    s['_shared'] = d['_shared'] = True  # history and events: copy on write",
        "    d['_legal_cache'] = None",
    ]
    for f in fields:
        expr = _copy_expr(f.type, f"s[{f.name!r}]", f.copy, 0)
        if expr is not None:
            lines.append(f"    d[{f.name!r}] = {expr}")
    lines.append("    return new")
    source = "\n".join(lines) + "\n"
    namespace: dict[str, Any] = {"_new": object.__new__, "_lcopy": list.copy}
    exec(compile(source, "<meeple.core.fields copy>", "exec"), namespace)  # noqa: S102  (generated above)
    return namespace["copy"], source


def _compile_save(fields: Iterable[Field]) -> tuple[Callable[[State], dict[str, Any]], str]:
    lines = ["def save(self):", "    s = self.__dict__", "    return {"]
    namespace: dict[str, Any] = {"_json": _json}
    for f in fields:
        if not f.saved:
            continue
        if f.save is not None:
            namespace[f"_save_{f.name}"] = f.save
            lines.append(f"        {f.name!r}: _save_{f.name}(self),")
        else:
            lines.append(f"        {f.name!r}: {_save_expr(f.type, f's[{f.name!r}]', 0)},")
    lines.append("    }")
    source = "\n".join(lines) + "\n"
    exec(compile(source, "<meeple.core.fields save>", "exec"), namespace)  # noqa: S102  (generated above)
    return namespace["save"], source


def _json(v: Any) -> Any:
    """A fresh copy of the JSON value ``v``: lists and tuples as lists, dicts copied, the rest
    as it is (a saved value never shares a list with the state)."""
    if isinstance(v, (list, tuple)):
        return [_json(x) for x in v]
    if isinstance(v, dict):
        return {k: _json(x) for k, x in v.items()}
    return v


# ------------------------------------------------------------------ loading
_A = {int: "an integer", str: "a string", bool: "true or false", type(None): "null"}
_PLURAL = {int: "integers", str: "strings", bool: "true/false values", type(None): "nulls"}


def _describe(
    t: _Type, shape: tuple[_Size, ...], level: int, state: State | None, plural: bool = False, noun: str = ""
) -> str:
    """``t`` (with the sizes of ``shape`` from ``level``) in words: ``a list of 3 integers``;
    a record (tuple) is named ``noun`` when given (``a list of 0..4 tiles [an integer, ...]``)."""
    if t in _SCALARS:
        return (_PLURAL if plural else _A)[t]
    kind = _kind(t)
    if t is object:
        return "JSON values" if plural else "any JSON value"
    if kind == "union":
        return " or ".join(_describe(m, shape, level, state, plural, noun) for m in _args(t))
    if kind == "tuple":
        inner = ", ".join(_describe(a, (), 0, state) for a in _args(t))
        name = noun or "list"
        return f"{name}s [{inner}]" if plural else f"a {name} [{inner}]"
    if kind == "dict":
        inner = _describe(_args(t)[1], (), 0, state, True)
        return f"objects of {inner}" if plural else f"an object of {inner}"
    size = shape[level] if level < len(shape) else None
    inner = _describe(_args(t)[0], shape, level + 1, state, True, noun)
    head = "lists of" if plural else "a list of"
    if size is None:
        return f"{head} {inner}"
    if size is SEATS:
        return f"{head} {inner}, one per seat"
    if isinstance(size, range):
        return f"{head} {size.start}..{size.stop - 1} {inner}"
    if callable(size):
        return f"{head} {size(state)} {inner}" if state is not None else f"{head} {inner}"
    return f"{head} {size} {inner}"


def _short(v: object) -> str:
    text = repr(v)
    return text if len(text) <= 80 else text[:77] + "..."


class _Loader:
    """Checks one field's saved value against its declaration and copies it."""

    __slots__ = ("state", "field", "game", "low", "high")

    def __init__(self, state: State, field: Field, game: str) -> None:
        self.state = state
        self.field = field
        self.game = game
        self.low = field.low(state) if callable(field.low) else field.low
        self.high = field.high(state) if callable(field.high) else field.high

    def fail(self, message: str, path: str, rule: bool = False) -> NoReturn:
        why = f" ({self.field.why})" if rule and self.field.why else ""
        raise InvalidRecordError(f"malformed saved {self.game} state: {message}{why}", f"state.{path}")

    def wrong(self, t: _Type, v: Any, path: str, level: int) -> NoReturn:
        what = _describe(t, self.field.shape, level, self.state, noun=self._noun())
        self.fail(f"state.{path} must be {what}, not {_short(v)}", path)

    def _noun(self) -> str:
        return "" if self.field.choices is not None else self.field.noun

    def load(self, t: _Type, v: Any, path: str, level: int) -> Any:
        """``v`` checked against ``t`` (``level``: list levels above it, for the shape) and
        copied; InvalidRecordError naming ``path`` when it does not fit."""
        if t is int:
            if v.__class__ is not int:
                if isinstance(v, bool) or not isinstance(v, int):
                    self.wrong(t, v, path, level)
                v = int(v)
            low, high = self.low, self.high
            if (low is not None and v < low) or (high is not None and v > high):
                values = (
                    f"{low}..{high}"
                    if low is not None and high is not None
                    else f"{low} or more"
                    if low is not None
                    else f"{high} or less"
                )
                self.fail(f"{self.field.name} must hold values {values}, not {v}", path, True)
            return v
        if t is str and self.field.choices is not None:
            if not isinstance(v, str) or v not in self.field.choices:
                listed = sorted(self.field.choices)
                some = f"; one of {', '.join(map(repr, listed))}" if len(listed) <= 30 else ""
                self.fail(f"unknown {self.field.noun or 'value'} {_short(v)} in {path}{some}", path, True)
            return v
        if t is str or t is type(None) or t is bool:
            if not isinstance(v, t):
                self.wrong(t, v, path, level)
            return v
        if t is object:
            return _json(v)
        kind = _kind(t)
        if kind == "union":
            for m in _args(t):
                if _fits(m, v):
                    return self.load(m, v, path, level)
            if self.field.choices is not None and str in _args(t):
                return self.load(str, v, path, level)  # names the unknown choice
            self.wrong(t, v, path, level)
        if kind == "list":
            if not isinstance(v, list):
                self.wrong(t, v, path, level)
            shape = self.field.shape
            size = shape[level] if level < len(shape) else None
            if size is not None:
                self._size(t, v, size, path, level)
            inner = _args(t)[0]
            if inner in _SCALARS:
                if self._plain(inner, v):
                    return list(v)  # the usual case, checked in one pass
            elif _kind(inner) == "list" and _args(inner)[0] in _SCALARS:  # rows of scalars
                elem = _args(inner)[0]
                rows = shape[level + 1] if level + 1 < len(shape) else None
                if all(
                    x.__class__ is list and (rows is None or self._size_ok(x, rows)) and self._plain(elem, x) for x in v
                ):
                    return [*map(list, v)]
            return [self.load(inner, x, f"{path}[{i}]", level + 1) for i, x in enumerate(v)]
        if kind == "tuple":
            parts = _args(t)
            if not isinstance(v, list) or len(v) != len(parts):
                self.wrong(t, v, path, level)
            return [self.load(a, x, f"{path}[{i}]", level + 1) for i, (a, x) in enumerate(zip(parts, v))]
        # dict[str, T]
        if not isinstance(v, dict):
            self.wrong(t, v, path, level)
        keys = self.field.keys
        if keys is not None and set(v) != set(keys):
            self.fail(f"state.{path} must have the keys {', '.join(keys)}, not {_short(sorted(map(str, v)))}", path)
        inner = _args(t)[1]
        return {k: self.load(inner, v[k], f"{path}.{k}", level + 1) for k in (keys or v)}

    def _plain(self, t: _Type, v: list[Any]) -> bool:
        """True when every value of ``v`` is exactly of the scalar type ``t`` and within the
        field's bounds or choices (else the slow path names the first that is not)."""
        if t is int:
            if not all(x.__class__ is int for x in v):
                return False
            return not v or ((self.low is None or min(v) >= self.low) and (self.high is None or max(v) <= self.high))
        if t is str and self.field.choices is not None:
            choices = self.field.choices
            return all(x.__class__ is str and x in choices for x in v)
        return all(x.__class__ is t for x in v)

    def _size_ok(self, v: list[Any], size: _Size) -> bool:
        if size is SEATS:
            return len(v) == self.state.num_players
        if isinstance(size, range):
            return len(v) in size
        return len(v) == (size(self.state) if callable(size) else size)

    def _size(self, t: _Type, v: list[Any], size: _Size, path: str, level: int) -> None:
        if self._size_ok(v, size):
            return
        if size is SEATS:
            want, per = f"{self.state.num_players}", ", one per seat"
        elif isinstance(size, range):
            want, per = f"{size.start}..{size.stop - 1}", ""
        else:
            want, per = f"{size(self.state) if callable(size) else size}", ""
        inner = _describe(_args(t)[0], self.field.shape, level + 1, self.state, True, self._noun())
        self.fail(f"state.{path} must hold {want} {inner}{per}, not {len(v)}", path)


def _fits(t: _Type, v: Any) -> bool:
    """True when the JSON value ``v`` is of the kind of ``t`` (its contents aside)."""
    if t is int:
        return isinstance(v, int) and not isinstance(v, bool)
    if t in _SCALARS:
        return isinstance(v, t)
    if t is object:
        return True
    kind = _kind(t)
    if kind in ("list", "tuple"):
        return isinstance(v, list)
    if kind == "dict":
        return isinstance(v, dict)
    return any(_fits(m, v) for m in _args(t))
