"""The game-agnostic base of every game state (the public contract; docs/python.md).

A game's state subclasses :class:`State` and implements the small set of ``_``-prefixed
hooks listed in the class docstring (abstract methods: a state class that misses one cannot
be registered nor made, and the error names it). The base class supplies the public contract
around them: action parsing and checking, the action history and record, the event log,
rankings and returns, (de)serialisation and observation checks.
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

from .action import Action
from .errors import IllegalActionError, InvalidRecordError
from .fields import Fields
from .rng import Rng

if TYPE_CHECKING:
    from typing import Self

    from .game import Game

TERMINAL = -4
"""``current_player`` of a finished game (the value OpenSpiel uses)."""

RECORD_VERSION = 1

REDACTED = "?"
"""The notation a re-sample's history shows for each action before it (resample_hidden)."""


def _read_only(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(
        "a state's options are read-only (its clones share them): make a new state "
        "with other options, game.new_initial_state(..., NAME=value)"
    )


class _Shared:
    """Mixin of a value every copy of a state shares: copying it gives itself."""

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


class ReadOnlyList(_Shared, list[Any]):
    """A list option's value (e.g. a list of seats) as :class:`Options` holds it: a
    ``list`` for reading, comparing and JSON, that refuses any change in place.

    Raises:
        TypeError: on any change (``append``, ``x[0] = v``, ``sort`` ...).
    """

    __slots__ = ()

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only
    append = extend = insert = remove = pop = clear = sort = reverse = _read_only

    def __reduce__(self) -> tuple[type[ReadOnlyList], tuple[list[Any]]]:
        return (ReadOnlyList, (list(self),))


class Options(_Shared, dict[str, Any]):
    """A state's game options (name -> value): read-only, since a state and its clones and
    re-samples share them (changing them would change the rules of every copy). A ``dict``
    for reading, JSON and pickling (a list value is a :class:`ReadOnlyList`); to play with
    other options, make a new state.

    Raises:
        TypeError: on any change (``options[k] = v``, ``update``, ``pop`` ..., or a list
            value's ``append`` ...).
    """

    __slots__ = ()

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = __ior__ = _read_only

    def __init__(self, options: Mapping[str, Any] | Iterable[tuple[str, Any]] = ()) -> None:
        # a list value is held read-only too: changed in place, it would change every copy
        dict.__init__(self, {k: (ReadOnlyList(v) if isinstance(v, list) else v) for k, v in dict(options).items()})

    def __reduce__(self) -> tuple[type[Options], tuple[dict[str, Any]]]:
        return (Options, (dict(self),))


def _options_copy(options: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the options for a record or save: list values copied too (an option whose
    value is a list), so editing the copy never changes the game's rules."""
    return {k: (list(v) if isinstance(v, list) else v) for k, v in options.items()}


class State(ABC):
    """One position of one game.

    Public contract: ``current_player``, ``legal_actions()``,
    ``apply_action(a)``, ``clone()``, ``is_terminal()``, ``scores()``, ``ranking()``,
    ``returns()``, ``observation(seat)``, ``resample_hidden(seat, rng)``, ``to_dict()``,
    ``record()``, ``parse_action(text)``, ``events``.

    A game implements (abstract methods):

    * ``_setup()``: the set-up of a new game (its fields, from ``self.rng`` and the options).
    * ``current_player`` (property): seat ``0..n-1`` to decide, or :data:`TERMINAL`.
    * ``_legal_actions() -> list[Action]``: never empty unless terminal.
    * ``_apply(action)``: apply a legal action (already checked; must not fail). Where it
      lists the legal actions of the position it leaves anyway, it may store that list in
      ``self._legal_cache`` (the base clears the cache just before ``_apply``), so that it is
      not listed twice.
    * ``FIELDS``: the game's own fields, declared once (a :class:`meeple.core.fields.Fields`:
      name, JSON type, list sizes, bounds, how deep a clone copies each). From it the base
      makes ``clone()`` (a copy function generated for the class), the ``state`` part of
      ``to_dict()`` and the type, shape and bound checks of loading it. A game whose fields
      differ by variant overrides ``_fields()`` to pick one declaration.
      (A game may instead write ``_copy() -> State``, calling ``self._copy_base(new)``, and
      ``_state_dict() -> dict`` / ``_load_state_dict(d)`` itself.)
    * ``_after_load(d)``: after the declared fields are loaded and checked: rebuild the
      derived fields and check what the rules require of the saved values together (component
      totals, fields that must agree), raising ValueError naming the rule (``d``: the saved
      ``to_dict()["state"]``).
    * ``_observation(seat) -> dict``: what ``seat`` sees (``None``: a spectator).
    * ``_resample(seat, rng)``: re-draw, in place on a copy, every part ``seat`` cannot see,
      as a function of what ``seat`` sees and ``rng`` only (never of the true hidden values).
    * ``scores() -> list[int]``.

    and where the defaults do not fit:

    * ``_rank_key(seat) -> tuple`` (bigger is better, after the rulebook's tie-breaks; equal
      keys share a place; default: the score).
    * ``_why_illegal(text) -> (rule_id, message)`` to explain a rejected notation (default: the
      game's :attr:`~meeple.core.game.Game.explain` part where it has one, else the legal
      actions listed).
    * ``_observed_move_number()``, ``_seat_name(seat)``, ``is_secret_decision()``,
      ``conserved()``, ``is_truncated()`` (see each).
    * :attr:`hidden_orders` (or :meth:`shuffle_hidden_orders`): the saved lists whose order
      nobody sees, for the leak check of :mod:`meeple.testing`.

    Attributes:
        game: the :class:`meeple.core.game.Game` this state belongs to.
        num_players: seats in the game (int).
        seed: the seed the game was created with (int; a re-sample's own, see
            :meth:`resample_hidden`).
        variant: the variant name (str).
        options: the game options (:class:`Options`, a read-only dict of JSON-safe values,
            shared by clones).
        rng: the state's :class:`Rng`, the only source of chance.
        start_player: the seat the set-up drew to start the game (int), whatever the start
            player marker does later; None where the rules have no start player (a game
            or variant whose seats all act in every round). Seats then play clockwise, seat
            ``(start_player + k) % num_players`` k-th. A save from before it was kept gets it
            from its seed (None for such a save of a re-sample, whose seed is its own).
    """

    # Fields of the base; games add their own (a plain __dict__ keeps subclassing simple).
    FIELDS: ClassVar[Fields | None] = None
    """The game's own fields (see the class docstring and :mod:`meeple.core.fields`)."""
    game: Game
    num_players: int
    seed: int
    variant: str
    options: Options
    rng: Rng
    _redacted: int = 0  # the first actions of the history that read "?" (a re-sample's)
    start_player: int | None = None  # set by a game's set-up where it draws a start player

    def _init_base(self, game: Game, num_players: int, seed: int, variant: str, options: dict) -> None:
        """Set the base fields of a fresh state (called by ``Game.new_initial_state``)."""
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.variant = variant
        self.options = options if isinstance(options, Options) else Options(options)
        self.rng = Rng(seed)
        self._history: list[str] = []
        self._events: list[str] = []
        self._shared = False  # history/events lists shared with a clone (copy on write)
        self._legal_cache: list[Action] | None = None

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def _setup(self) -> None:
        """Set up a new game: the game's fields, drawn with ``self.rng`` (called once, by
        ``Game.new_initial_state``, after the base fields are set)."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """The legal actions of ``current_player`` now (never empty unless terminal; the base
        caches the list until the next action)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply ``action``, one of this very state's legal actions (checked already: must
        not fail)."""

    @abstractmethod
    def _observation(self, seat: int | None) -> dict:
        """What ``seat`` (a checked seat, or None: a spectator) sees, as a JSON-safe dict."""

    @abstractmethod
    def _resample(self, seat: int, rng: random.Random) -> None:
        """Re-draw, in place on a copy, every part ``seat`` cannot see, as a function of what
        ``seat`` sees and ``rng`` only."""

    # ------------------------------------------------------------------ contract
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat whose decision it is (0 .. num_players - 1), or ``meeple.TERMINAL`` when the
        game is over. Chance (dice, draws, shuffles) is resolved inside ``apply_action`` by the
        state's own seeded generator, so no seat stands for chance."""

    def seat_name(self, seat: int) -> str:
        """How the game names ``seat`` to people (e.g. a colour or "P1"; games override
        :meth:`_seat_name`).

        Raises:
            ValueError: ``seat`` is not a seat of this game (an int 0..n-1, a numpy integer too).
        """
        index = _seat(seat, self.num_players)
        if index is None:
            raise ValueError(
                f"seat {seat!r} is not a seat of this {self.num_players}-player game (an int 0..{self.num_players - 1})"
            )
        return self._seat_name(index)

    def _seat_name(self, seat: int) -> str:
        """The name of ``seat`` (0..n-1, checked): games override it."""
        return f"Seat {seat}"

    def is_secret_decision(self) -> bool:
        """True when the current decision is a secret commitment (hidden from the other seats
        until revealed, e.g. a simultaneous card choice). Search bots must not branch on
        another seat's secret choice. Games with secret choices override this."""
        return False

    def conserved(self) -> dict[str, int]:
        """Totals of the game's limited components that no action may change
        (e.g. ``{"tool cards": 21}``); the generic property suite checks them over whole games.
        Games with a limited component override this."""
        return {}

    def is_truncated(self) -> bool:
        """True when a documented safety option (not a rule) cut the game short somewhere."""
        return False

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.current_player == TERMINAL

    def legal_actions(self) -> list[Action]:
        """The legal actions of ``current_player`` (empty only when terminal).

        A new list each call (the state keeps its own until the next ``apply_action``), so the
        caller may sort, shuffle or trim it without touching the state.
        """
        return self._legal()[:]

    def legal_actions_view(self) -> list[Action]:
        """The legal actions of ``current_player`` as the state's own cached list, not a copy
        (the hot path of searches and RL bindings): READ ONLY, and valid until the next action
        is applied; empty only when terminal. Sort, shuffle or keep a list of your own from
        :meth:`legal_actions` instead."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = [] if self.is_terminal() else self._legal_actions()
        return cache

    _legal = legal_actions_view  # the same method under the name the core and the games use

    def apply_action(self, action: Action | str) -> None:
        """Apply one action (an :class:`Action` or its notation) of ``current_player``.

        Raises:
            IllegalActionError: the action is not legal now; its ``rule`` names the rule
                id it breaks. The state is unchanged.
            TypeError: ``action`` is neither (an index is not an action: use
                ``legal_actions()[i]``). The state is unchanged.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        elif not isinstance(action, Action):
            raise TypeError(
                f"apply_action takes an Action from legal_actions() or its notation (a str), "
                f"not {type(action).__name__} {action!r}; for the i-th legal action give "
                "state.legal_actions()[i]"
            )
        else:
            legal = self._legal()
            for a in legal:  # the usual case: one of the listed objects (identity only: fast)
                if a is action:
                    break
            else:
                text = action.text
                for a in legal:
                    if a.text == text:
                        action = a
                        break
                else:  # read as its notation: forgiven as a typed string is, else explained
                    action = self.parse_action(text)
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action taken from ``legal_actions()`` of this very state, unchecked (hot path).

        For bots and simulations only: a caller passing anything else corrupts the state.
        """
        self._legal_cache = None  # before: a game's _apply may leave the next position's list there
        self._apply(action)
        if self._shared:
            self._unshare()
        self._history.append(action.text)

    def parse_action(self, text: str) -> Action:
        """The legal action whose notation is ``text`` (surrounding spaces ignored).

        Raises:
            IllegalActionError: no legal action has that notation; the message names the
                rule that forbids it (when the game can tell) and nothing changes.
            TypeError: ``text`` is not a str.
        """
        if not isinstance(text, str):
            raise TypeError(f"parse_action takes an action's notation (a str), not {type(text).__name__} {text!r}")
        text = text.strip()
        legal = self._legal()
        for a in legal:
            if a.text == text:
                return a
        loose = " ".join(text.split()).lower()  # forgive extra spaces and capitals
        for a in legal:
            if a.text.lower() == loose:
                return a
        self._raise_illegal(text)

    def _raise_illegal(self, text: str) -> NoReturn:
        if self.is_terminal():
            raise IllegalActionError("the game is over; no action is legal", "", text)
        rule, message = self._why_illegal(text)
        raise IllegalActionError(message, rule, text)

    def _why_illegal(self, text: str) -> tuple[str, str]:
        """``(rule_id, message)`` explaining why ``text`` is not legal now: the game's
        :attr:`~meeple.core.game.Game.explain` where it has one, else the legal actions."""
        explain = self.game.explain
        if explain is not None:
            return explain(self, text)
        legal = self._legal()
        sample = ", ".join(a.text for a in legal[:8])
        return "", f"'{text}' is not a legal action now (legal: {sample}{' ...' if len(legal) > 8 else ''})"

    def clone(self) -> State:
        """An independent copy: applying actions to it never changes this state."""
        return self._copy()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A class declaring ``FIELDS`` (and picking no other declaration in ``_fields``) gets
        the copy function generated from it as its ``_copy``, called without indirection."""
        super().__init_subclass__(**kwargs)
        fields = cls.__dict__.get("FIELDS")
        if fields is not None and "_copy" not in cls.__dict__ and cls._fields is State._fields:
            setattr(cls, "_copy", fields.copy)  # noqa: B010 - mypy refuses `cls._copy = ...` (a method)

    def _fields(self) -> Fields:
        """The declaration of this state's own fields: ``FIELDS`` (games whose fields differ by
        variant override it).

        Raises:
            NotImplementedError: the game declares no fields (it then writes ``_copy``,
                ``_state_dict`` and ``_load_state_dict`` itself).
        """
        if self.FIELDS is None:
            raise NotImplementedError(f"{type(self).__name__} declares no FIELDS")
        return self.FIELDS

    def _copy(self) -> State:
        """An independent copy (the function generated from the declared fields)."""
        return self._fields().copy(self)

    def _copy_base(self, new: State) -> None:
        """Copy the base fields into ``new`` (cheap: history and events are copy-on-write); for a
        game that writes its own ``_copy`` (the copy generated from ``FIELDS`` does the same)."""
        new.game = self.game
        new.num_players = self.num_players
        new.seed = self.seed
        new.variant = self.variant
        new.options = self.options
        new.rng = self.rng.clone()
        new._history = self._history
        new._redacted = self._redacted
        new.start_player = self.start_player
        new._events = self._events
        new._shared = True
        self._shared = True
        new._legal_cache = None

    def _unshare(self) -> None:
        self._history = list(self._history)
        self._events = list(self._events)
        self._shared = False

    def log(self, message: str) -> None:
        """Append a human-readable line to ``events``."""
        if self._shared:
            self._unshare()
        self._events.append(message)

    @property
    def events(self) -> list[str]:
        """What happened so far, one human-readable line per event (read-only view)."""
        return list(self._events)

    @property
    def history(self) -> list[str]:
        """The notations of every action applied since the initial state (a re-sample's
        actions before it read ``"?"``: see :meth:`resample_hidden`)."""
        history = list(self._history)
        if self._redacted:
            history[: self._redacted] = [REDACTED] * self._redacted
        return history

    @property
    def move_number(self) -> int:
        """How many actions have been applied."""
        return len(self._history)

    def last_action(self) -> str | None:
        """The notation of the last action applied (``"?"`` where :attr:`history` hides it,
        before a re-sample), or None at the start; no copy of the history (a bot's turn clock
        asks it at every decision)."""
        if not self._history:
            return None
        return REDACTED if len(self._history) <= self._redacted else self._history[-1]

    # ----------------------------------------------------------------- results
    @abstractmethod
    def scores(self) -> list[int]:
        """Per seat, the final score as the rules count it, as it stands now (list of int):
        the rulebook's money or points."""

    def _rank_key(self, seat: int) -> tuple[Any, ...]:
        return (self.scores()[seat],)

    def ranking(self) -> list[int]:
        """Seats best first after the rulebook's tie-breaks (an exact tie keeps seat order;
        :meth:`places` gives tied seats the same place)."""
        keys = [self._rank_key(s) for s in range(self.num_players)]
        return sorted(range(self.num_players), key=lambda s: keys[s], reverse=True)

    def places(self) -> list[int]:
        """Per seat its place, 1 = first, after the rulebook's tie-breaks; seats still tied
        share a place and the next place is skipped (scores 5, 7, 7: places 3, 1, 1)."""
        keys = [self._rank_key(s) for s in range(self.num_players)]
        return [1 + sum(1 for k in keys if k > mine) for mine in keys]

    def winners(self) -> list[int]:
        """The seats sharing first place (after all tie-breaks)."""
        keys = [self._rank_key(s) for s in range(self.num_players)]
        best = max(keys)
        return [s for s in range(self.num_players) if keys[s] == best]

    def returns(self) -> list[float]:
        """Per-seat reward in [0, 1]: the share of other seats this seat beats (ties half).

        A sole winner gets 1.0, a sole loser 0.0; in two-player games this is win/draw/loss.
        Before the end it is the standing now (the same rank keys), not a prediction.
        """
        n = self.num_players
        keys = [self._rank_key(s) for s in range(n)]
        out = []
        for s in range(n):
            beat = 0.0
            for o in range(n):
                if o != s:
                    if keys[s] > keys[o]:
                        beat += 1.0
                    elif keys[s] == keys[o]:
                        beat += 0.5
            out.append(beat / (n - 1) if n > 1 else 1.0)
        return out

    # ---------------------------------------------------------- information
    def observation(self, seat: int | None) -> dict:
        """A JSON-safe dict of all that ``seat`` may see (``None``: a spectator).

        Raises:
            ValueError: ``seat`` is not ``None`` nor a seat of this game.
        """
        index = None if seat is None else _seat(seat, self.num_players)
        if seat is not None and index is None:
            raise ValueError(
                f"seat {seat!r} is not a seat of this {self.num_players}-player game "
                f"(an int 0..{self.num_players - 1}, or None for a spectator)"
            )
        seat = index
        obs = self._observation(seat)
        obs["game"] = self.game.name
        obs["seat"] = seat
        obs["current_player"] = self.current_player
        obs["move_number"] = self._observed_move_number()
        return obs

    def observed_move_number(self) -> int:
        """The ``move_number`` of :meth:`observation`: the actions so far, where a secret
        commitment taking several actions counts once (so the count does not tell what a seat
        chose)."""
        return self._observed_move_number()

    def _observed_move_number(self) -> int:
        """The ``move_number`` of observations: the number of actions so far. A game whose
        secret commitments take a varying number of actions overrides it to count each
        commitment once, so the count does not tell what a seat chose (hidden information is
        never leaked, not even as a count)."""
        return len(self._history)

    def resample_hidden(self, seat: int, rng: random.Random) -> State:
        """A copy equal to this state in all ``seat`` can see, hidden parts re-drawn.

        The result depends only on what ``seat`` has seen, ``observation(seat)`` and the public
        ``events``, and on ``rng`` (a ``random.Random``), never on the true hidden values, so bots
        that decide on it cannot peek. Options that test people's memory (a game's option
        that hides what was once shown face up) leave out of the observation what the
        public events have shown (each token face up when taken; bids and payments): a
        re-sample keeps those values, as a player who counted would. The copy's
        own chance generator is re-seeded from ``rng`` too (future chance is unknown), and
        so is its ``seed`` (the game's would deal the hidden parts again). Its ``history``
        (and so ``record()`` and ``to_dict()``) reads ``"?"`` for every action before the
        re-sample (a rival's secret choice is among them); the actions applied to the copy
        afterwards are listed as usual. The copy is a guess at the position, not a game
        with a record: its record does not replay.

        Raises:
            ValueError: ``seat`` is not a seat of this game (an int 0..num_players-1).
            TypeError: ``rng`` is not a ``random.Random``.
        """
        index = _seat(seat, self.num_players)  # the same check as observation()
        if index is None:
            raise ValueError(
                f"seat {seat!r} is not a seat of this {self.num_players}-player game (an int 0..{self.num_players - 1})"
            )
        seat = index
        if not isinstance(rng, random.Random):
            raise TypeError(
                f"resample_hidden takes a random.Random as rng, not {type(rng).__name__} "
                f"{rng!r} (e.g. random.Random(7))"
            )
        new = self._copy()
        new._resample(seat, rng)
        chance = rng.getrandbits(64)
        new.rng = Rng(chance)
        new.seed = chance - (1 << 64) if chance >> 63 else chance  # the same generator, as a signed 64-bit seed
        new._redacted = len(new._history)
        return new

    hidden_orders: tuple[str, ...] = ()
    """Names of the fields of ``to_dict()["state"]`` (lists) whose order no seat and no
    spectator sees: face-down draw piles, things removed unseen. A game sets it on its state
    class; read by the default :meth:`shuffle_hidden_orders`. Default: none."""

    def shuffle_hidden_orders(self, saved: dict, rng: random.Random) -> str:
        """Shuffle, in place in ``saved`` (a copy of this state's ``to_dict()["state"]`` that
        the caller owns), the orders that no seat and no spectator sees. A state loaded from
        the result must give every seat and a spectator the same observation as this one (the
        leak check of :mod:`meeple.testing.fuzz` checks it).

        Default: every field named in :attr:`hidden_orders` that is a list of two or more
        elements is shuffled with ``rng.shuffle``, in the order named. A game whose hidden
        orders are not whole fields (the face-down bottoms of stacks) overrides it.

        Returns:
            what was shuffled, in words for a report (the default: the names of
            :attr:`hidden_orders`, comma-separated), or ``""`` when no order changed.
        """
        changed = False
        for name in self.hidden_orders:
            value = saved.get(name)
            if isinstance(value, list) and len(value) > 1:
                before = value[:]
                rng.shuffle(value)
                changed |= value != before
        return ", ".join(self.hidden_orders) if changed else ""

    # ------------------------------------------------------------ persistence
    def record(self) -> dict:
        """The game record: ``{"game","version","rules","num_players","variant","options","seed","actions"}``
        (``rules``: the game's rules edition, :attr:`meeple.core.game.Game.rules_edition`)."""
        return {
            "game": self.game.name,
            "version": RECORD_VERSION,
            "rules": self.game.rules_edition,
            "num_players": self.num_players,
            "variant": self.variant,
            "options": _options_copy(self.options),
            "seed": self.seed,
            "actions": self.history,
        }

    def to_dict(self) -> dict:
        """The full state, hidden parts included, as JSON-safe values: the save format.

        Top-level keys: ``game``, ``version``, ``rules`` (the game's rules edition),
        ``num_players``, ``variant``, ``options``, ``seed``, ``rng`` (generator state),
        ``start_player`` (:attr:`start_player`), ``history`` (notations), ``events`` and
        ``state`` (the game's own fields, documented in its ``state.py``).
        """
        return {
            "game": self.game.name,
            "version": RECORD_VERSION,
            "rules": self.game.rules_edition,
            "num_players": self.num_players,
            "variant": self.variant,
            "options": _options_copy(self.options),
            "seed": self.seed,
            "rng": self.rng.state,
            "start_player": self.start_player,
            "history": self.history,
            "events": list(self._events),
            "state": self._state_dict(),
        }

    def _state_dict(self) -> dict:
        """The game's own fields as fresh JSON-safe values, as declared (``to_dict()["state"]``)."""
        return self._fields().save(self)

    def _load_state_dict(self, d: dict) -> None:
        """Set the game's own fields from ``d`` (``to_dict()["state"]``): the declared type,
        shape and bound checks, then the game's rule checks (:meth:`_after_load`).

        Raises:
            InvalidRecordError: a field that does not fit its declaration (naming it).
            ValueError, TypeError ...: a rule check of ``_after_load`` (``Game.state_from_dict``
                turns it into InvalidRecordError naming the field at fault).
        """
        self._fields().load(self, d)
        self._after_load(d)

    def _after_load(self, d: dict) -> None:
        """Rebuild derived fields and check the rules once the declared fields are loaded
        (games override it; ``d`` is the saved ``to_dict()["state"]``)."""

    def __repr__(self) -> str:
        return (
            f"<{self.game.name} state: {self.num_players} players, move {len(self._history)}, "
            f"current player {self.current_player}>"
        )


def _seat(seat: Any, n: int) -> int | None:
    """``seat`` as a plain int when it is an integer in 0..n-1 (an int, an IntEnum or a numpy
    integer: anything with ``__index__``, but not a bool); else None."""
    if isinstance(seat, bool):
        return None
    try:
        i = operator.index(seat)
    except TypeError:
        return None
    return i if 0 <= i < n else None


def game_key(name: Any) -> str | None:
    """The game id a name stands for, as :func:`meeple.load_game` reads it: case, outer spaces
    and ``_``/``-`` aside (``"Some_Game"`` -> ``"some-game"``); None for a non-string."""
    return name.strip().lower().replace("_", "-") if isinstance(name, str) else None


def check_record_header(d: Any, game_name: str, edition: int = 1, changes: Mapping[int, str] | None = None) -> None:
    """Raise :class:`InvalidRecordError` unless ``d`` is a dict naming ``game_name`` (read as
    :func:`meeple.load_game` reads a name: case, spaces and ``_``/``-`` aside) in this version
    and the game's rules ``edition`` (``d["rules"]``, absent = 1; ``changes`` says what each
    later edition changed)."""
    if not isinstance(d, dict):
        raise InvalidRecordError(f"a saved game must be a JSON object, not {type(d).__name__}", "")
    if game_key(d.get("game")) != game_name:
        raise InvalidRecordError(f"this record is for game {d.get('game')!r}, not {game_name!r}", "game")
    if d.get("version") != RECORD_VERSION or isinstance(d.get("version"), bool):
        raise InvalidRecordError(
            f"unsupported record version {d.get('version')!r} (expected {RECORD_VERSION})", "version"
        )
    rules = d.get("rules", 1)
    if type(rules) is int and rules > edition:
        raise InvalidRecordError(
            f"this {game_name} game was saved by a newer meeple, under rules edition {rules}; "
            f"this one plays edition {edition}: update meeple to load it",
            "rules",
        )
    if rules != edition or type(rules) is not int:
        what = "; ".join(
            f"edition {k}: {v}"
            for k, v in sorted((changes or {}).items())
            if isinstance(rules, int) and rules < k <= edition
        )
        raise InvalidRecordError(
            f"this {game_name} game was saved under rules edition {rules!r}; this meeple plays edition "
            f"{edition}" + (f" ({what})" if what else "") + ": its seed and moves mean another game now, "
            "so it cannot be loaded or replayed",
            "rules",
        )


def saved_int(v: Any, name: str = "a value") -> int:
    """``v`` when it is an int (not a bool); else TypeError. For the games' ``_load_state_dict``:
    a saved state holds ints, not 1.5 or "3"."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"{name} must be an integer, not {v!r}")
    return v


def saved_in_range(name: str, values: Iterable[int], low: int, high: int) -> None:
    """ValueError unless every value is in ``low..high``: a saved state is refused at load, not
    with an IndexError later."""
    for v in values:
        if not low <= v <= high:
            raise ValueError(f"{name} must hold values {low}..{high}, not {v}")


_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def ranking_with_ties(state: State, value: Callable[[int], object], rule: str, wins: str) -> str:
    """The final ranking, best first, for games whose rules give no tie-break (tied players
    share the place): ``1. P3 66, 2. P1 27 (WINS; a tie would be shared, RULE)``, or with a
    tie ``1. P1 40, 1. P2 40 (P1 and P2 tie on 40 and share 1st place: no tie-break, RULE)``.
    ``value(seat) -> str`` shows a seat's total (``$31``, ``66``)."""
    places = state.places()
    name = state.seat_name
    text = ", ".join(f"{places[s]}. {name(s)} {value(s)}" for s in state.ranking())
    ties = []
    for place in sorted(set(places)):
        tied = [s for s in range(state.num_players) if places[s] == place]
        if len(tied) > 1:
            who = ", ".join(name(s) for s in tied[:-1]) + " and " + name(tied[-1])
            ties.append(f"{who} tie on {value(tied[0])} and share {_ORDINALS[place - 1]} place")
    if ties:
        return text + " (" + "; ".join(ties) + f": no tie-break, {rule})"
    return text + f" ({wins}; a tie would be shared, {rule})"
