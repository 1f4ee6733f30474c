"""The game-agnostic base of every game: configuration, creation and loading of states."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any

from .checks import check_seed, whole_number
from .errors import InvalidConfigError, InvalidRecordError
from .parts import PART_NAMES, Encoding, Explanation, GameStats, Heuristics
from .state import REDACTED, State, check_record_header
from .view import View


@dataclass(frozen=True)
class Option:
    """One game option of ``new_initial_state(**options)``.

    Attributes:
        name: keyword name (snake_case).
        default: value when not given (JSON-safe).
        help: one line for people.
        choices: allowed values, or ``None`` for any value of ``default``'s type.
        kind: the Python type the value must have (``bool``, ``int``, ``str``, ``list``);
            ``None`` means the default's type. ``int`` options also accept ``None`` when the
            default is ``None``.
        human_default: the value ``meeple play`` uses when a person sits at the table and
            the option was not given (e.g. ``0`` to switch a simulation safety cap off);
            ``None``: same as ``default``.
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    kind: type | None = None
    human_default: Any = None


_PARAMETERS = ("self", "num_players", "seed", "variant")
"""Names of new_initial_state's own parameters: never game options."""


class Game:
    """A game: its name, player counts, variants and options; makes and loads states.

    Class attributes a game sets: ``name`` (id, e.g. ``"some-game"``), ``title``,
    ``min_players``, ``max_players``, ``variants`` (tuple of names, the first is the
    default), ``options`` (tuple of :class:`Option`), ``state_class`` (its State subclass),
    ``package`` (the module path holding ``components.json``), ``rules_help`` (text),
    ``view_class`` (its :class:`~meeple.core.view.View` subclass; ``game.view`` is the one
    instance that every front end uses).

    Its optional parts (:mod:`meeple.core.parts`): a game declares each by overriding
    :meth:`load_heuristics`, :meth:`load_encoding`, :meth:`load_stats` or
    :meth:`load_explain` (importing it from the game's folder); callers reach them as
    :attr:`heuristics`, :attr:`encoding`, :attr:`stats` and :attr:`explain` (loaded once, on
    first use; None where the game has none).
    """

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 4
    variants: tuple[str, ...] = ("standard",)
    variant_aliases: dict[str, str] = {}
    """Other names of variants, e.g. the rules spec's (``{"expert": "race"}``: ``expert`` names
    the variant ``race``)."""
    options: tuple[Option, ...] = ()
    option_hints: dict[str, str] = {}
    """What to use instead of an option the rules spec names but the engine has in another form."""
    state_class: type[State] = State  # type: ignore[type-abstract]  # abstract: every game sets its own
    package: str = ""
    rules_help: str = ""
    view_class: type[View] = View
    """How the game is shown to people (labels, status, board, rules); see :attr:`view`."""
    rules_edition: int = 1
    """Raised by one when a rules fix changes what a seed or a list of actions means. Records,
    saves and results rows carry it (``"rules"``; absent = 1), and one of another edition is
    refused with :attr:`rules_changes` instead of replaying as another game."""
    rules_changes: dict[int, str] = {}
    """Edition -> what changed from the edition before (shown when an older record is refused)."""
    safety_options: tuple[str, ...] = ()
    """Options that are no rule of the game but a safety net that may cut a game short
    (:meth:`meeple.core.state.State.is_truncated`), e.g. a ``max_rounds`` option: results,
    warnings and reports name them beside the games they cut short."""

    def __init__(self) -> None:
        self._components: dict[str, Any] | None = None
        self._view: View | None = None

    @property
    def view(self) -> View:
        """The game's :class:`~meeple.core.view.View` (made once): words, board and rules for
        the terminal and the web."""
        if self._view is None:
            self._view = self.view_class(self)
        return self._view

    # ----------------------------------------------------------------- parts
    def load_heuristics(self) -> Heuristics | None:
        """The game's :class:`~meeple.core.parts.Heuristics` for the bots (a game overrides
        it, importing them from its folder); None: the bots value a position by its scores."""
        return None

    def load_encoding(self) -> Encoding | None:
        """The game's :class:`~meeple.core.parts.Encoding` for reinforcement learning (a game
        overrides it); None: the game has no RL binding."""
        return None

    def load_stats(self) -> GameStats | None:
        """The game's :class:`~meeple.core.parts.GameStats` for simulation reports (a game
        overrides it); None: results files hold no statistics of it."""
        return None

    def load_explain(self) -> Explanation | None:
        """The game's :class:`~meeple.core.parts.Explanation` of refused actions (a game
        overrides it); None: a refused action's message lists the legal ones."""
        return None

    @cached_property
    def heuristics(self) -> Heuristics | None:
        """The game's heuristics (:meth:`load_heuristics`, loaded once), or None."""
        return self.load_heuristics()

    @cached_property
    def encoding(self) -> Encoding | None:
        """The game's RL encoding (:meth:`load_encoding`, loaded once), or None."""
        return self.load_encoding()

    @cached_property
    def stats(self) -> GameStats | None:
        """The game's statistics (:meth:`load_stats`, loaded once), or None."""
        return self.load_stats()

    @cached_property
    def explain(self) -> Explanation | None:
        """The game's explanation of refused actions (:meth:`load_explain`, loaded once), or None."""
        return self.load_explain()

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (with a state, to another process) without its loaded parts: modules do
        not pickle, and the other process loads them again on first use."""
        return {k: v for k, v in self.__dict__.items() if k not in PART_NAMES}

    # ------------------------------------------------------------ components
    @property
    def components(self) -> dict[str, Any]:
        """The game's ``components.json`` (parsed once, shared, never mutate it)."""
        if self._components is None:
            text = resources.files(self.package).joinpath("components.json").read_text(encoding="utf-8")
            self._components = json.loads(text)
        return self._components

    # ---------------------------------------------------------------- config
    def check_config(self, num_players: Any, variant: Any, options: dict[str, Any]) -> dict[str, Any]:
        """Validate a configuration; return the full options dict (defaults filled in).

        Raises:
            InvalidConfigError: wrong player count, unknown variant, unknown option or a
                value of the wrong type or out of its choices.
        """
        num_players = whole_number(num_players, "num_players")
        if not self.min_players <= num_players <= self.max_players:
            raise InvalidConfigError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {num_players}"
            )
        variant = self.canonical_variant(variant)
        if variant not in self.variants:
            raise InvalidConfigError(f"unknown variant {variant!r} for {self.name}; variants: {self.variants_text()}")
        known = {o.name: o for o in self.options}
        out: dict[str, Any] = {}
        for key in options:
            if key not in known:
                names = ", ".join(known) or "none"
                hint = f" ({self.option_hints[key]})" if key in self.option_hints else ""
                raise InvalidConfigError(f"unknown option {key!r} for {self.name}{hint}; options: {names}")
        for o in self.options:
            value = options.get(o.name, o.default)
            kind = o.kind or type(o.default)
            if value is None and o.default is None:
                pass
            elif kind is int:
                try:
                    value = whole_number(value, f"option {o.name}")  # a numpy integer too
                except InvalidConfigError:
                    either = " or null" if o.default is None else ""
                    raise InvalidConfigError(f"option {o.name} must be an integer{either}, not {value!r}") from None
            elif kind is not int and o.default is not None and not isinstance(value, kind):
                if kind is bool:
                    raise InvalidConfigError(f"option {o.name} must be true or false, not {value!r}")
                raise InvalidConfigError(f"option {o.name} must be of type {kind.__name__}, not {value!r}")
            if o.choices is not None and isinstance(value, str) and value not in o.choices:
                value = next(
                    (c for c in o.choices if isinstance(c, str) and c.lower() == value.strip().lower()), value
                )  # in any case, as variant names: layout=Random
            if o.choices is not None and value not in o.choices:
                raise InvalidConfigError(f"option {o.name} must be one of {list(o.choices)}, not {value!r}")
            out[o.name] = list(value) if isinstance(value, (tuple, list)) else value  # our own copy
        self.check_options(num_players, variant, out)
        return out

    def non_default_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """``options`` (name -> value) without those at this game's default: how results files
        and ``--resume`` write and compare a run's options (``-o NAME=DEFAULT`` is no option).
        A value equal to the default but of another kind (``1`` for ``True``) is kept; list
        values (a state's read-only ones too) are plain lists."""
        defaults = {o.name: o.default for o in self.options}
        out: dict[str, Any] = {}
        for k, v in (options or {}).items():
            if isinstance(v, list):
                v = list(v)
            if k not in defaults or v != defaults[k] or type(v) is not type(defaults[k]):
                out[k] = v
        return out

    def canonical_variant(self, variant: Any) -> Any:
        """The variant's own name: the default one for None, the variant an alias names (in
        any case: ``Advanced`` is ``advanced``); any other value unchanged (:meth:`check_config`
        refuses an unknown one)."""
        if variant is None:
            return self.variants[0]
        if not isinstance(variant, str):
            return variant
        if variant not in self.variants and variant not in self.variant_aliases:
            low = variant.strip().lower()
            if low in self.variants or low in self.variant_aliases:
                variant = low
        return self.variant_aliases.get(variant, variant)

    def variants_text(self) -> str:
        """``"family, square (also family-square), race (also expert)"``: for messages and help."""
        also: dict[str, list[str]] = {}
        for alias, v in self.variant_aliases.items():
            also.setdefault(v, []).append(alias)
        return ", ".join(v + (f" (also {', '.join(also[v])})" if v in also else "") for v in self.variants)

    def check_options(self, num_players: int, variant: str, options: dict[str, Any]) -> None:
        """Game-specific checks across options (raise :class:`InvalidConfigError`)."""

    # --------------------------------------------------------------- states
    def new_initial_state(
        self, num_players: int = 0, seed: int = 0, variant: str | None = None, **options: Any
    ) -> State:
        """A new game.

        Args:
            num_players: seats (``min_players..max_players``); 0 means ``max_players``.
            seed: a signed 64-bit integer (any integer type); all chance in the game derives from it.
            variant: one of ``variants`` or ``variant_aliases`` (default: the first variant).
            **options: game options (see ``options``).
        Raises:
            InvalidConfigError: a bad configuration; nothing is created.
        """
        num_players = whole_number(num_players, "num_players")  # a numpy integer too, never a bool
        if num_players == 0:
            num_players = self.max_players
        variant = self.canonical_variant(variant)
        seed = check_seed(seed)
        opts = self.check_config(num_players, variant, options)
        state = self.state_class.__new__(self.state_class)
        state._init_base(self, num_players, seed, variant, opts)
        state._setup()
        return state

    def new_state(
        self, num_players: int = 0, seed: int = 0, variant: str | None = None, options: dict[str, Any] | None = None
    ) -> State:
        """:meth:`new_initial_state` with the options given as a dict (read from a file or a
        command line), where a key named like a parameter (``seed``, ``num_players``,
        ``variant``) is an unknown option, not a second value for that parameter.

        Raises:
            InvalidConfigError: a bad configuration; nothing is created.
        """
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise InvalidConfigError(f"options must be a dict of NAME: value, not {type(options).__name__}")
        for key in options:
            if key in _PARAMETERS:
                names = ", ".join(o.name for o in self.options) or "none"
                flag = {"num_players": "--players (or as many --seats)", "seed": "--seed", "variant": "--variant"}.get(
                    key
                )
                hint = (
                    (
                        f" ({key} is not an option: give it with {flag} on the command line, or as "
                        f"new_initial_state's {key} argument)"
                    )
                    if flag
                    else ""
                )
                raise InvalidConfigError(f"unknown option {key!r} for {self.name}{hint}; options: {names}")
        return self.new_initial_state(num_players, seed, variant, **options)

    def state_from_dict(self, d: dict[str, Any]) -> State:
        """The state saved by ``State.to_dict()``, values taken as they are (tests and studies
        set up positions by editing them; the game's checks catch malformed values, not a
        position the history could not reach, and the loaded state is then probed: its
        scores, every seat's observation, and its first and last legal action on clones).
        ``meeple play --load`` and ``meeple replay`` replay the history and refuse a file
        whose state does not match it.

        Raises:
            InvalidRecordError: not a saved state of this game, or malformed.
        """
        check_record_header(d, self.name, self.rules_edition, self.rules_changes)
        field = ""  # the top-level key being read: the field at fault if it fails
        try:
            field = "variant"
            variant = self.canonical_variant(d["variant"])
            field = "num_players"
            num_players = d["num_players"]
            whole_number(num_players, "num_players")
            field = "options"
            options = d.get("options") or {}
            if not isinstance(options, dict):
                raise InvalidRecordError(f"options must be an object (NAME: value), not {options!r}", "options")
            field = ""
            try:
                opts = self.check_config(num_players, variant, options)
            except InvalidConfigError as e:
                field = _config_field(str(e))
                raise
            state = self.state_class.__new__(self.state_class)
            for key in ("seed", "rng"):
                field = key
                v = d[key]
                if isinstance(v, bool) or not isinstance(v, int):
                    raise InvalidRecordError(f"{key} must be an integer, not {v!r}", key)
            if not 0 <= d["rng"] < 2**64:
                raise InvalidRecordError(f"rng must be a generator state 0..2**64-1, not {d['rng']}", "rng")
            field = "seed"
            try:
                check_seed(d["seed"], "seed")
            except InvalidConfigError as e:
                raise InvalidRecordError(str(e), "seed") from None
            state._init_base(self, num_players, d["seed"], variant, opts)
            state.rng.state = d["rng"]
            field = "history"
            history = d["history"]
            if "start_player" in d:
                field = "start_player"
                start = d["start_player"]
                if start is not None and (
                    isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < state.num_players
                ):
                    raise InvalidRecordError(
                        f"start_player must be a seat 0..{state.num_players - 1} or null, not {start!r}", "start_player"
                    )
            elif isinstance(history, list) and REDACTED not in history:
                # a save from before the key: the set-up's draw follows from the seed
                start = self.new_state(num_players, d["seed"], variant, opts).start_player
            else:
                start = None  # an old save of a re-sample: its seed is not the game's
            state.start_player = start
            field = "events"
            events = d["events"]
            if not isinstance(history, list):
                raise InvalidRecordError("history must be a list of action notations", "history")
            for i, x in enumerate(history):
                if not isinstance(x, str):
                    raise InvalidRecordError(f"history must be a list of action notations, not {x!r}", f"history[{i}]")
            if not isinstance(events, list):
                raise InvalidRecordError("events must be a list of strings", "events")
            for i, x in enumerate(events):
                if not isinstance(x, str):
                    raise InvalidRecordError(f"events must be a list of strings, not {x!r}", f"events[{i}]")
            state._history = list(history)
            state._events = list(events)
            field = "state"
            if not isinstance(d["state"], dict):
                raise InvalidRecordError(
                    f"state must be an object of the game's fields, not {type(d['state']).__name__}", "state"
                )
            try:
                state._load_state_dict(d["state"])
            except InvalidRecordError:
                raise  # a declared field's check: it names the field itself
            except (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError) as e:
                field = self._field_at_fault(d, e)
                raise
            field = "state"
            _probe(state)
        except InvalidRecordError:
            raise
        except InvalidConfigError as e:
            raise InvalidRecordError(f"saved game has a bad configuration: {e}", field or "options") from e
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError, RecursionError) as e:
            if (
                isinstance(e, KeyError)
                and field in ("variant", "num_players", "seed", "rng", "history", "events", "state")
                and e.args
                and e.args[0] == field
            ):
                raise InvalidRecordError(
                    f"malformed saved {self.name} state: the key {field!r} is missing", field
                ) from e
            raise InvalidRecordError(
                f"malformed saved {self.name} state: {type(e).__name__}: {e}", field or "state"
            ) from e
        return state

    def _field_at_fault(self, d: dict[str, Any], error: Exception) -> str:
        """The JSON path (``"state.money"``, ``"state.money[2]"``) of the game field whose
        loading raised ``error`` in ``_load_state_dict``: a missing key, else a key the message
        names, else the first field whose JSON type differs from that of the same field of a
        new game of this configuration; inside a list, the first element whose type differs
        from its siblings' (or the reference's). ``"state"`` when none can be told."""
        fields = d["state"]
        if isinstance(error, KeyError) and error.args and isinstance(error.args[0], str):
            if error.args[0] not in fields:
                return f"state.{error.args[0]}"
        text = str(error)
        named = [k for k in fields if isinstance(k, str) and re.search(rf"(?<![\w.]){re.escape(k)}(?![\w])", text)]
        try:
            ref = self.new_state(
                d["num_players"], 0, self.canonical_variant(d["variant"]), d.get("options") or {}
            ).to_dict()["state"]
        except Exception:  # noqa: BLE001  (a locator only: the error itself is raised anyway)
            ref = {}
        for k in ref:
            if k not in fields:
                return f"state.{k}"
        if named:
            # the key the message starts with first ("mill: dryer 3 ..."), then the longest
            # ("tools_used" rather than "tools")
            named.sort(key=lambda k: (not re.match(rf"{re.escape(k)}\b", text), -len(k)))
            for k in named:
                inner = _odd_element(fields[k], ref.get(k))
                if inner:
                    return "state." + k + inner
            m = re.search(r"\bnot (-?\d+|'[^']*')\W*$", text)
            if m:  # the key holding the value the message names ("money, supply ... not 11")
                target = json.loads(m.group(1).replace("'", '"'))
                for k in named:
                    if isinstance(fields[k], list):
                        inner = _path_of(fields[k], target)
                        if inner:
                            return "state." + k + inner
                    elif fields[k] == target and _kind(fields[k]) == _kind(target):
                        return "state." + k
            return "state." + named[0]
        for k, v in fields.items():
            if k in ref and _kind(v) != _kind(ref[k]) and v is not None and ref[k] is not None:
                return f"state.{k}"
        for k, v in fields.items():
            inner = _odd_element(v, ref.get(k))
            if inner:
                return f"state.{k}{inner}"
        return "state"

    def __repr__(self) -> str:
        return f"<Game {self.name}: {self.title}, {self.min_players}-{self.max_players} players>"


def _config_field(text: str) -> str:
    """The record field an :class:`InvalidConfigError` of ``check_config`` is about."""
    m = re.match(r"(?:unknown option '([^']*)'|option (\w+) )", text)
    if m:
        return f"options.{m.group(1) or m.group(2)}"
    if text.startswith("unknown variant"):
        return "variant"
    if "players" in text.split(";")[0] and not text.startswith("option"):
        return "num_players"
    return "options"


def _kind(v: object) -> str:
    """A JSON value's type name, ints and bools apart (for :meth:`Game._field_at_fault`)."""
    return "bool" if isinstance(v, bool) else type(v).__name__


def _odd_element(value: object, ref: object) -> str:
    """``"[i]"`` (nested: ``"[i][j]"``) of the first element of the list ``value`` whose JSON
    type differs from the most common one among its siblings and the reference list ``ref``;
    ``""`` when there is none or ``value`` is no list."""
    if not isinstance(value, list) or not value:
        return ""
    kinds = [_kind(x) for x in value if x is not None]
    if isinstance(ref, list):
        kinds += [_kind(x) for x in ref if x is not None] * 2
    if not kinds:
        return ""
    common = max(set(kinds), key=kinds.count)
    for i, x in enumerate(value):
        if x is not None and _kind(x) != common:
            return f"[{i}]"
    for i, x in enumerate(value):
        inner = _odd_element(x, ref[i] if isinstance(ref, list) and i < len(ref) else None)
        if inner:
            return f"[{i}]{inner}"
    return ""


def _path_of(value: list[Any], target: object) -> str:
    """``"[i]"`` (nested: ``"[i][j]"``) of the first leaf of the list ``value`` equal to
    ``target`` (of the same JSON type); ``""`` if none."""
    for i, x in enumerate(value):
        if isinstance(x, list):
            inner = _path_of(x, target)
            if inner:
                return f"[{i}]{inner}"
        elif x == target and _kind(x) == _kind(target):
            return f"[{i}]"
    return ""


def _probe(state: State) -> None:
    """Touch a loaded state as a user will at once: its scores, legal actions, every seat's
    observation, and the first and last legal action played on clones. A malformed value the
    game's own checks missed then fails here, at load, as a clear InvalidRecordError, not
    later with a Python error (the state itself is not changed)."""
    state.scores()
    for seat in [*range(state.num_players), None]:
        state.observation(seat)
    if state.is_terminal():
        return
    legal = state.legal_actions()
    for action in {id(a): a for a in (legal[0], legal[-1])}.values():
        state.clone().apply_action(action)
