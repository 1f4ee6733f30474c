"""A fuzz harness and a leak check for any registered game, through the public contract only
(``meeple.testing.fuzz``; ``meeple fuzz`` runs it from the command line).

It knows no game: what it needs of one comes from the contract and from the state's hook
:meth:`meeple.core.state.State.shuffle_hidden_orders` (which saved orders nobody sees; a game
declares them in ``hidden_orders``), so a new game registered with
:func:`meeple.core.registry.register` is fuzzed as the bundled ones are.

:func:`fuzz` plays random legal games and, between the legal actions, throws at the state
what a careless or hostile caller would: notations legal elsewhere, typos of legal
notations, garbage and unicode strings, very long strings, values that are not actions,
observations and re-samples for seats that do not exist, and mutated saves and records. It
checks the contract's promises (DESIGN.md, "The contract" and principle 7):

* an illegal ``str``/``Action`` raises :class:`IllegalActionError`; anything else raises
  ``TypeError``; either way ``to_dict()`` is unchanged (compared in full on a sample of the
  rejections, every ``check_every``-th; on the others the move number, the seat to move and
  the generator state are compared);
* ``observation(seat)`` and ``resample_hidden(seat, rng)`` with a seat that is not one raise
  ``ValueError`` (``resample_hidden`` with an rng that is not a ``random.Random``: ``TypeError``);
* a mutated ``to_dict()`` (a key deleted, a value of another type, an int out of range, a list
  shuffled or cut, the JSON text truncated or with a byte changed) given to
  ``Game.state_from_dict`` and a mutated ``record()`` given to :func:`meeple.replay` raise
  :class:`InvalidRecordError` (with its ``field``) or give a state that passes the game's own
  checks again (its ``to_dict()`` loads back to the same dict and a few random legal actions
  apply); never another exception;
* every game ends within ``step_cap`` legal actions.

A *step* is one input thrown at the engine: a legal action, an illegal input, a wrong-seat
call or a mutated save or record. Everything is drawn from ``random.Random(seed)``, so a run
is reproducible, and each failure carries a reproducer (game, variant, players, options,
game seed, the record so far and the input).

:func:`leak_check` samples states of whole games and checks that what a seat may see does not
depend on what it cannot: re-samples (``resample_hidden``) and states built independently
with a hidden order changed (a draw deck shuffled in ``to_dict``) give that seat, and for the
shared deck orders every seat and a spectator, the same :func:`information_set_key`.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.action import Action
from ..core.errors import IllegalActionError, InvalidConfigError, InvalidRecordError
from ..core.rng import derive_seed

DEFAULT_STEP_CAP = 200_000
"""Legal actions after which a game counts as one without an end (a failure): the longest
bundled game of random play is Magnum Sal's, some thousands of actions."""


def information_set_key(state, seat) -> str:
    """The information-set key of ``seat`` (``None``: a spectator) in ``state``: the canonical
    JSON text (sorted keys, no spaces) of ``state.observation(seat)``. Two states a seat cannot
    tell apart have the same key; ``resample_hidden(seat, rng)`` keeps it (checked by
    :func:`leak_check`). The observation includes the move number and the seat to move, and
    what the public event log has shown (as each game documents in its ``_observation``).

    Raises:
        ValueError: ``seat`` is not a seat of the game nor None.
    """
    return json.dumps(state.observation(seat), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass
class Failure:
    """One broken promise, with what it takes to reproduce it.

    Attributes:
        kind: what was thrown (``"garbage"``, ``"save:delete_key"``, ``"no_end"`` ...).
        problem: what went wrong (the unexpected exception's traceback, or the change seen).
        game, variant, num_players, options, seed: the game (``seed``: its own seed).
        record: ``state.record()`` just before the input (replay it to get the position).
        input: the input thrown (its ``repr``, or the mutated save/record as JSON-safe data).
    """

    kind: str
    problem: str
    game: str
    variant: str
    num_players: int
    options: dict
    seed: int
    record: dict
    input: Any

    def to_dict(self) -> dict:
        """The failure as JSON-safe data (the reproducer file of ``meeple fuzz``)."""
        return {
            "kind": self.kind,
            "problem": self.problem,
            "game": self.game,
            "variant": self.variant,
            "num_players": self.num_players,
            "options": self.options,
            "seed": self.seed,
            "record": self.record,
            "input": self.input,
        }


@dataclass
class FuzzReport:
    """What a :func:`fuzz` run did.

    Attributes:
        game: the game id.
        seed: the run's seed.
        steps: inputs thrown (legal actions, illegal inputs, wrong-seat calls, mutated loads).
        legal_steps: legal actions applied.
        games_started / games_finished: games begun, and played to their end.
        max_game_length: the most legal actions one finished game took.
        rejections: per kind of input, how many were refused as the contract says.
        full_checks: rejections after which ``to_dict()`` was compared in full.
        loads_accepted: mutated saves/records that still loaded (and passed the checks).
        accepted_variants: illegal-looking notations the game read as a legal action (e.g.
            Klondike's ``fate P3``), a few examples kept in ``examples``.
        failures_total: broken promises seen; ``failures`` keeps the first ``max_failures``.
        seconds: wall time of the run.
    """

    game: str
    seed: int
    steps: int = 0
    legal_steps: int = 0
    games_started: int = 0
    games_finished: int = 0
    max_game_length: int = 0
    rejections: Counter = field(default_factory=Counter)
    full_checks: int = 0
    loads_accepted: Counter = field(default_factory=Counter)
    accepted_variants: int = 0
    examples: list = field(default_factory=list)
    failures_total: int = 0
    failures: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """True when no promise was broken."""
        return self.failures_total == 0

    def to_dict(self) -> dict:
        """The report as JSON-safe data."""
        return {
            "game": self.game,
            "seed": self.seed,
            "steps": self.steps,
            "legal_steps": self.legal_steps,
            "games_started": self.games_started,
            "games_finished": self.games_finished,
            "max_game_length": self.max_game_length,
            "rejections": dict(sorted(self.rejections.items())),
            "full_checks": self.full_checks,
            "loads_accepted": dict(sorted(self.loads_accepted.items())),
            "accepted_variants": self.accepted_variants,
            "examples": self.examples,
            "failures_total": self.failures_total,
            "failures": [f.to_dict() for f in self.failures],
            "seconds": round(self.seconds, 3),
        }


# ------------------------------------------------------------------------ inputs
_UNICODE = [
    "\u00e9",
    "\u0301",
    "\u200b",
    "\u202e",
    "\ufeff",
    "\U0001f3b2",
    "\u4e2d",
    "\x00",
    "\n",
    "\t",
    "\ud800",
    "\uffff",
    "\u00a0",
    "\u2028",
    "\u0130",
    "\u00df",
    "\u212a",
    "\ufb01",
]
_NOT_STR = [
    None,
    0,
    1,
    -1,
    3.5,
    float("nan"),
    True,
    False,
    b"done",
    bytearray(b"pass"),
    ["done"],
    ("done",),
    {"action": "done"},
    object(),
    2**100,
    complex(1, 2),
    Ellipsis,
]
_BAD_SEATS = [-1, -4, 4, 5, 99, 2**64, "0", "1", 1.0, 0.0, True, False, [0], (1,), b"\x00", float("nan")]


def _typo(text: str, r: random.Random) -> str:
    """``text`` with one small change: a character inserted, deleted, replaced or swapped, a
    number changed, or a word dropped or repeated."""
    op = r.randrange(7)
    if not text:
        return r.choice("ax1 ")
    i = r.randrange(len(text))
    if op == 0:
        return text[:i] + r.choice("abcxyz0123456789 .-_#?") + text[i:]
    if op == 1:
        return text[:i] + text[i + 1 :]
    if op == 2:
        return text[:i] + r.choice("abcxyz0123456789.-") + text[i + 1 :]
    if op == 3 and len(text) > 1:
        j = min(i + 1, len(text) - 1)
        return text[:i] + text[j] + text[i] + text[j + 1 :] if j > i else text[::-1]
    if op == 4:
        digits = [k for k, c in enumerate(text) if c.isdigit()]
        if digits:
            k = r.choice(digits)
            return text[:k] + str(r.choice([0, 5, 9, 10, 99, -1, 1000])) + text[k + 1 :]
    words = text.split()
    if op == 5 and len(words) > 1:
        del words[r.randrange(len(words))]
        return " ".join(words)
    if words:
        k = r.randrange(len(words))
        return " ".join(words[: k + 1] + [words[k]] + words[k + 1 :])
    return text + "x"


def _garbage(r: random.Random) -> str:
    n = r.choice([0, 1, 2, 5, 12, 40])
    return "".join(chr(r.randrange(32, 127)) for _ in range(n))


def _unicode(r: random.Random, seen: list[str]) -> str:
    base = r.choice(seen) if seen and r.random() < 0.5 else _garbage(r)
    chars = list(base)
    for _ in range(r.randint(1, 4)):
        chars.insert(
            r.randint(0, len(chars)), r.choice(_UNICODE) if r.random() < 0.7 else chr(r.randrange(0x80, 0x10FFFF))
        )
    return "".join(chars)


def _long(r: random.Random, seen: list[str]) -> str:
    n = r.choice([1_000, 10_000, 100_000])
    base = (r.choice(seen) if seen else "done") + " "
    return (base * (n // len(base) + 1))[:n] if r.random() < 0.5 else "x" * n


# --------------------------------------------------------------------- mutations
def _paths(value, prefix=()) -> list[tuple]:
    """Every path (tuple of keys/indices) into a JSON value, the root excluded."""
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            out.append(prefix + (k,))
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.append(prefix + (i,))
            out.extend(_paths(v, prefix + (i,)))
    return out


def _path_text(path: tuple) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (("." if out else "") + str(p))
    return out


def _get(value, path):
    for p in path:
        value = value[p]
    return value


_OTHER_TYPE = ["3", 3, -3, 2.5, None, True, [], {}, [1, 2], {"x": 1}, "", "\ud800x", 2**64]


def mutate_json(data: Any, r: random.Random, prefer: tuple = ()) -> tuple[str, str, Any]:
    """A mutated deep copy of the JSON value ``data``: ``(operation, path, new_data)``.

    Operations (one drawn among those that apply to a random path): ``delete_key``,
    ``rename_key``, ``swap_keys`` (two keys' values exchanged), ``change_type``,
    ``out_of_range`` (an int to -1, a large or a huge one), ``nudge_int`` (an int +-1: a
    hand edit), ``shuffle_list``, ``cut_list``, ``extend_list`` (an element repeated),
    ``edit_string`` (a typo). ``path`` is the JSON path changed (``""`` for the root). The copy
    is made through JSON text, so ``data`` is never changed.

    ``prefer``: top-level keys whose fields are changed 7 times in 10 (a save's ``"state"``:
    else the long ``history`` and ``events`` lists would take most of the changes)."""
    new = json.loads(json.dumps(data))
    paths = _paths(new)
    if prefer and isinstance(new, dict) and r.random() < 0.7:
        preferred = [p for p in paths if p[0] in prefer]
        paths = preferred or paths
    if not paths:
        return "change_type", "", r.choice(_OTHER_TYPE)
    for _ in range(20):
        path = r.choice(paths)
        parent = _get(new, path[:-1])
        key = path[-1]
        value = parent[key]
        ops = ["change_type"]
        if isinstance(parent, dict):
            ops += ["delete_key", "rename_key"] + (["swap_keys"] if len(parent) > 1 else [])
        if isinstance(value, int) and not isinstance(value, bool):
            ops += ["out_of_range", "nudge_int", "nudge_int"]
        if isinstance(value, str):
            ops += ["edit_string", "edit_string"]
        if isinstance(value, list) and value:
            ops += ["cut_list", "extend_list"] + (["shuffle_list"] if len(value) > 1 else [])
        op = r.choice(ops)
        if op == "delete_key":
            del parent[key]
        elif op == "rename_key":
            parent[str(key) + r.choice(["_", "x", " ", "S"])] = parent.pop(key)
        elif op == "change_type":
            parent[key] = r.choice([v for v in _OTHER_TYPE if type(v) is not type(value)])
        elif op == "out_of_range":
            parent[key] = r.choice([-1, -value - 1, value + 7, 10**6, 2**63, -(2**63) - 1])
        elif op == "nudge_int":
            parent[key] = value + r.choice([-1, 1])
        elif op == "edit_string":
            parent[key] = _typo(value, r)
            if parent[key] == value:
                continue
        elif op == "shuffle_list":
            before = value[:]
            r.shuffle(value)
            if value == before:
                value.reverse()
            if value == before:
                continue
        elif op == "cut_list":
            del value[r.randrange(len(value)) :]
        elif op == "extend_list":
            value.insert(r.randrange(len(value) + 1), json.loads(json.dumps(r.choice(value))))
        elif op == "swap_keys":
            other = r.choice([k for k in parent if k != key])
            if parent[other] == value:
                continue
            parent[key], parent[other] = parent[other], value
        return op, _path_text(path), new
    parent[key] = None
    return "change_type", _path_text(path), new


def mutate_record(record: dict, r: random.Random) -> tuple[str, str, dict]:
    """A mutated copy of a game record: half the time one of its actions is edited (a typo,
    ``drop_action``, ``swap_actions``, ``cut_actions``), else :func:`mutate_json`."""
    actions = record.get("actions")
    if not isinstance(actions, list) or len(actions) < 2 or r.random() < 0.5:
        return mutate_json(record, r, tuple(k for k in record if k != "actions"))
    new = json.loads(json.dumps(record))
    acts = new["actions"]
    op = r.choice(["edit_action", "drop_action", "swap_actions", "cut_actions"])
    i = r.randrange(len(acts))
    if op == "edit_action":
        acts[i] = _typo(acts[i], r)
    elif op == "drop_action":
        del acts[i]
    elif op == "swap_actions":
        j = r.randrange(len(acts))
        acts[i], acts[j] = acts[j], acts[i]
    else:
        del acts[i:]
    return op, f"actions[{i}]", new


def mutate_text(text: str, r: random.Random) -> tuple[str, str]:
    """``(operation, text)``: the JSON text ``text`` truncated, with one byte changed, or with
    a stretch of random bytes in it (as latin-1 characters)."""
    op = r.choice(["truncate", "flip_byte", "random_bytes"])
    if op == "truncate" or len(text) < 2:
        return "truncate", text[: r.randrange(max(1, len(text)))]
    i = r.randrange(len(text))
    if op == "flip_byte":
        return op, text[:i] + chr(r.randrange(256)) + text[i + 1 :]
    junk = "".join(chr(r.randrange(256)) for _ in range(r.randint(1, 64)))
    return op, text[:i] + junk + text[i:]


class _TooSlow(BaseException):
    """Raised by :func:`_deadline` in the main thread when one input takes too long (a
    BaseException, so that no ``except Exception`` of the engine swallows it)."""


@contextlib.contextmanager
def _deadline(seconds: float | None):
    """Raise :class:`_TooSlow` inside the block after ``seconds`` of wall time (Unix main
    thread only; elsewhere, or with None, no limit)."""
    usable = (
        seconds is not None and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def ring(signum, frame):
        raise _TooSlow()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _canon(d) -> str:
    return json.dumps(d, sort_keys=True)


def _fingerprint(state) -> tuple:
    return state.move_number, state.current_player, state.rng.state, len(state.events)


# -------------------------------------------------------------------------- fuzz
def fuzz(
    game,
    steps: int,
    seed: int = 0,
    variant: str | None = None,
    num_players: int | None = None,
    options: dict | None = None,
    *,
    illegal_every: int = 3,
    check_every: int = 50,
    seat_every: int = 40,
    save_every: int = 400,
    record_every: int = 2_000,
    step_cap: int = DEFAULT_STEP_CAP,
    max_failures: int = 20,
    progress: Callable[[int], None] | None = None,
    tmp_dir: str | None = None,
    time_limit: float | None = None,
    load_timeout: float | None = 30.0,
) -> FuzzReport:
    """Fuzz ``game`` (a :class:`meeple.core.game.Game` or its id) for ``steps`` inputs.

    Args:
        game: the game or its id.
        steps: inputs to throw (see the module docstring; at least 0).
        seed: the run's seed: everything drawn derives from ``random.Random(seed)``; game ``k``
            has the seed ``derive_seed(seed, k)``.
        variant, num_players, options: the games' configuration; a variant or player count not
            given is drawn per game among the game's (options: the game's defaults, whose
            safety caps keep random games finite).
        illegal_every: on average one illegal input every this many steps.
        check_every: every this-many-th rejection, ``to_dict()`` and the legal actions are
            compared in full (the others compare a cheap fingerprint).
        seat_every, save_every, record_every: on average one wrong-seat call, one mutated
            save (every fourth as mutated JSON text through ``meeple play``'s loader) and one
            mutated record every this many steps.
        step_cap: legal actions after which a game is a failure (``no_end``).
        max_failures: failures kept in the report (all are counted).
        progress: called with the number of steps done, every 1000 steps and at the end.
        tmp_dir: where the mutated save files of the text mutations are written (default: a
            new temporary directory, removed afterwards).
        time_limit: stop after this many seconds even if fewer steps ran (the report's
            ``steps`` says how many did).
        load_timeout: a mutated save or record whose loading (and the checks of the state it
            gives) takes longer than this many seconds is a failure (``...:slow``): a hand-edited
            value must not make the engine hang. Enforced with SIGALRM in the main thread on
            Unix; None: no limit.
    Returns:
        a :class:`FuzzReport`.
    Raises:
        InvalidConfigError: unknown game, a variant/player count/options the game refuses,
            or steps < 0.
    """
    from ..core import registry

    if isinstance(game, str):
        game = registry.load_game(game)
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
        raise InvalidConfigError(f"steps must be a whole number 0 or more, not {steps!r}")
    options = dict(options or {})
    if variant is not None or num_players is not None or options:  # refuse a bad configuration at once
        game.new_state(num_players or game.max_players, 0, variant, options)
    r = random.Random(seed)
    report = FuzzReport(game=game.name, seed=seed)
    seen: list[str] = []  # notations legal somewhere (a pool for "legal elsewhere" inputs)
    seen_set: set[str] = set()
    rejections = 0
    own_tmp = None
    if tmp_dir is None:
        own_tmp = tempfile.TemporaryDirectory(prefix="meeple-fuzz-")
        tmp_dir = own_tmp.name
    t0 = time.perf_counter()
    state = None
    game_len = 0
    game_seed = 0
    config = ("", 0)

    def fail(kind: str, problem: str, thrown: Any, record: dict | None = None) -> None:
        report.failures_total += 1
        if len(report.failures) < max_failures:
            try:
                json.dumps(thrown)
            except (TypeError, ValueError):
                thrown = repr(thrown)
            report.failures.append(
                Failure(
                    kind,
                    problem,
                    game.name,
                    config[0],
                    config[1],
                    options,
                    game_seed,
                    record if record is not None else state.record(),
                    thrown,
                )
            )

    def new_game():
        nonlocal state, game_len, game_seed, config
        for _ in range(100):
            game_seed = derive_seed(seed, report.games_started)
            report.games_started += 1
            v = variant if variant is not None else r.choice(game.variants)
            n = num_players if num_players is not None else r.randint(game.min_players, game.max_players)
            try:
                state = game.new_state(n, game_seed, v, options)
            except InvalidConfigError:
                continue  # a variant may not take every player count
            config = (state.variant, state.num_players)
            game_len = 0
            return
        raise InvalidConfigError(
            f"no configuration of {game.name} could be made from variant={variant!r}, "
            f"num_players={num_players!r}, options={options!r}"
        )

    new_game()
    done = 0
    try:
        while done < steps:
            done += 1
            if done % 1000 == 0:
                if progress is not None:
                    progress(done)
                if time_limit is not None and time.perf_counter() - t0 > time_limit:
                    break
            if state.is_terminal():
                report.games_finished += 1
                report.max_game_length = max(report.max_game_length, game_len)
                new_game()
            roll = r.random()
            if roll < 1.0 / save_every:
                _fuzz_save(game, state, r, report, fail, tmp_dir, load_timeout)
                continue
            if roll < 1.0 / save_every + 1.0 / record_every:
                _fuzz_record(state, r, report, fail, load_timeout)
                continue
            if roll < 1.0 / save_every + 1.0 / record_every + 1.0 / seat_every:
                _fuzz_seat(state, r, report, fail)
                continue
            if roll < 1.0 / save_every + 1.0 / record_every + 1.0 / seat_every + 1.0 / illegal_every:
                rejections += 1
                full = rejections % check_every == 0
                if not _fuzz_illegal(state, r, report, fail, seen, full):
                    new_game()  # the state may be broken: go on with a fresh game
                continue
            legal = state.legal_actions()
            if not legal:
                fail("no_legal_action", "a state that is not terminal has no legal action", None)
                new_game()
                continue
            action = legal[r.randrange(len(legal))]
            if action.text not in seen_set and len(seen) < 50_000:
                seen_set.add(action.text)
                seen.append(action.text)
            try:
                state.apply_action(action)
            except Exception:  # noqa: BLE001  (a legal action must apply)
                fail("legal_action", traceback.format_exc(), action.text)
                new_game()
                continue
            report.legal_steps += 1
            game_len += 1
            if game_len > step_cap:
                fail("no_end", f"no end after {step_cap} legal actions", None)
                new_game()
    finally:
        report.steps = done
        report.seconds = time.perf_counter() - t0
        if progress is not None:
            progress(done)
        if own_tmp is not None:
            own_tmp.cleanup()
    return report


def _expect(call, expected: tuple, kind: str, thrown, report: FuzzReport, fail) -> bool:
    """Run ``call``; True when it raised one of ``expected`` (counted as a rejection of
    ``kind``); a failure when it raised another exception or none."""
    try:
        call()
    except expected:
        report.rejections[kind] += 1
        return True
    except Exception:  # noqa: BLE001
        fail(kind, traceback.format_exc(), thrown)
        return False
    fail(kind, f"accepted; expected {' or '.join(e.__name__ for e in expected)}", thrown)
    return False


def _fuzz_illegal(state, r: random.Random, report: FuzzReport, fail, seen: list[str], full: bool) -> bool:
    """Throw one illegal input at ``state.apply_action``; False when the state may have been
    changed (a failure was recorded)."""
    legal = state.legal_actions_view()  # the state's own list: read only
    loose = {a.text.lower() for a in legal}
    kind = r.choice(
        ["elsewhere", "elsewhere", "typo", "typo", "garbage", "unicode", "long", "not_str", "foreign_action"]
    )
    if kind == "elsewhere":
        pool = [t for t in (r.choice(seen) for _ in range(8)) if t.lower() not in loose] if seen else []
        thrown = pool[0] if pool else _garbage(r)
    elif kind == "typo":
        thrown = _typo(r.choice(legal).text if legal else "done", r)
    elif kind == "garbage":
        thrown = _garbage(r)
    elif kind == "unicode":
        thrown = _unicode(r, seen)
    elif kind == "long":
        thrown = _long(r, seen)
    elif kind == "not_str":
        thrown = r.choice(_NOT_STR)
    else:  # an Action not legal here (or one built by the caller with a notation not legal)
        text = r.choice(seen) if seen and r.random() < 0.7 else _garbage(r)
        thrown = Action(text, "x", (1, 2))
    if isinstance(thrown, (str, Action)):
        text = thrown if isinstance(thrown, str) else thrown.text
        if " ".join(text.split()).lower() in loose:
            # legal after all (a typo that reads as another legal action): not an illegal input
            report.rejections["skipped_legal"] += 1
            return True
        expected: tuple = (IllegalActionError,)
    else:
        expected = (TypeError,)
    before = _canon(state.to_dict()) if full else None
    legal_before = [a.text for a in legal] if full else None
    mark = _fingerprint(state)
    record = state.record() if full else None
    try:
        state.apply_action(thrown)
    except expected as e:
        report.rejections[kind] += 1
        if isinstance(e, IllegalActionError) and not isinstance(e.rule, str):
            fail(kind, f"IllegalActionError.rule is not a str: {e.rule!r}", thrown, record)
    except Exception:  # noqa: BLE001
        fail(kind, traceback.format_exc(), thrown, record)
        return _fingerprint(state) == mark
    else:
        if state.history and state.history[-1].lower() in loose and not isinstance(thrown, Action):
            # the game reads this notation as a legal action (e.g. Klondike's "fate P3"): fine
            report.accepted_variants += 1
            if len(report.examples) < 10:
                report.examples.append(f"{text!r} read as {state.history[-1]!r}")
            return True
        fail(kind, f"accepted; expected {expected[0].__name__}", thrown, record)
        return False
    if _fingerprint(state) != mark:
        fail(
            kind, "a rejected input changed the state (move number, seat to move, generator or events)", thrown, record
        )
        return False
    if full:
        report.full_checks += 1
        if _canon(state.to_dict()) != before or [a.text for a in state.legal_actions_view()] != legal_before:
            fail(kind, "a rejected input changed to_dict() or the legal actions", thrown, record)
            return False
    return True


def _fuzz_seat(state, r: random.Random, report: FuzzReport, fail) -> None:
    """observation/resample_hidden/seat_name with a seat that is not one (or a bad rng)."""
    n = state.num_players
    seat = r.choice(_BAD_SEATS + [n, n + 1, -n])
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n:
        seat = n
    what = r.randrange(4)
    if what == 0:
        _expect(lambda: state.observation(seat), (ValueError,), "seat:observation", seat, report, fail)
    elif what == 1:
        _expect(
            lambda: state.resample_hidden(seat, random.Random(1)),
            (ValueError,),
            "seat:resample_hidden",
            seat,
            report,
            fail,
        )
    elif what == 2:
        _expect(lambda: state.seat_name(seat), (ValueError,), "seat:seat_name", seat, report, fail)
    else:
        good = 0 if state.is_terminal() else state.current_player
        rng = r.choice([None, 7, "seed", random, object()])
        _expect(lambda: state.resample_hidden(good, rng), (TypeError,), "seat:resample_rng", repr(rng), report, fail)


def _accepted_state_ok(game, loaded, r: random.Random) -> str:
    """'' when a state a mutated save or record gave passes the checks again: its to_dict()
    loads back to the same dict, and a few random legal actions apply on a clone (with
    IllegalActionError never raised for a listed action); else what went wrong."""
    try:
        d = loaded.to_dict()
        text = _canon(d)
        again = game.state_from_dict(json.loads(text))
        if _canon(again.to_dict()) != text:
            return "a loaded state's to_dict() does not load back to itself"
        walk = loaded.clone()
        for _ in range(8):
            if walk.is_terminal():
                break
            legal = walk.legal_actions()
            if not legal:
                return "a loaded state that is not terminal has no legal action"
            walk.apply_action(legal[r.randrange(len(legal))])
    except InvalidRecordError as e:
        return f"a loaded state's own to_dict() is refused: {e}"
    except Exception:  # noqa: BLE001
        return traceback.format_exc()
    return ""


def _fuzz_save(
    game, state, r: random.Random, report: FuzzReport, fail, tmp_dir: str, load_timeout: float | None = None
) -> None:
    """A mutated to_dict() into state_from_dict (or, every fourth, mutated JSON text of a save
    file into ``meeple play``'s loader, whose file must stay as it was)."""
    d = state.to_dict()
    if r.random() < 0.25:
        from ..front import load_save  # the loader of 'meeple play --load' and 'meeple replay'

        op, text = mutate_text(_canon(d), r)
        kind = f"save_text:{op}"
        path = os.path.join(tmp_dir, "save.json")
        with open(path, "w", encoding="latin-1") as f:
            f.write(text)
        raw = open(path, "rb").read()
        try:
            with _deadline(load_timeout):
                load_save(path)
        except InvalidRecordError:
            report.rejections[kind] += 1
        except _TooSlow:
            fail(kind + ":slow", f"no answer in {load_timeout} s", text[:2000])
        except Exception:  # noqa: BLE001
            fail(kind, traceback.format_exc(), text[:2000])
        else:
            report.loads_accepted[kind] += 1
        if open(path, "rb").read() != raw:
            fail(kind, "loading the file changed it", text[:2000])
        return
    op, where, mutated = mutate_json(d, r, ("state",))
    kind = f"save:{op}"
    try:
        with _deadline(load_timeout):
            loaded = game.state_from_dict(mutated)
            problem = _accepted_state_ok(game, loaded, r)
    except InvalidRecordError as e:
        report.rejections[kind] += 1
        if not isinstance(e.field, str):
            fail(kind, f"InvalidRecordError.field is not a str: {e.field!r}", {"path": where, "save": mutated})
        return
    except _TooSlow:
        fail(kind + ":slow", f"no answer in {load_timeout} s", {"path": where, "save": mutated})
        return
    except Exception:  # noqa: BLE001
        fail(kind, traceback.format_exc(), {"path": where, "save": mutated})
        return
    report.loads_accepted[kind] += 1
    if problem:
        fail(kind + ":accepted", problem, {"path": where, "save": mutated})


def _fuzz_record(state, r: random.Random, report: FuzzReport, fail, load_timeout: float | None = None) -> None:
    """A mutated record() into meeple.replay."""
    from ..core.registry import replay

    rec = state.record()
    op, where, mutated = mutate_record(rec, r)
    kind = f"record:{op}"
    try:
        with _deadline(load_timeout):
            loaded = replay(mutated)
            problem = _accepted_state_ok(loaded.game, loaded, r)
    except InvalidRecordError:
        report.rejections[kind] += 1
        return
    except _TooSlow:
        fail(kind + ":slow", f"no answer in {load_timeout} s", {"path": where, "record": mutated})
        return
    except Exception:  # noqa: BLE001
        fail(kind, traceback.format_exc(), {"path": where, "record": mutated})
        return
    report.loads_accepted[kind] += 1
    if problem:
        fail(kind + ":accepted", problem, {"path": where, "record": mutated})


# --------------------------------------------------------------------- leak check
@dataclass
class LeakReport:
    """What a :func:`leak_check` run did.

    Attributes:
        game: the game id.
        states: states sampled.
        resamples: re-samples compared (each against the seat it was made for).
        independent: states built with a hidden order shuffled in to_dict() and compared for
            every seat and a spectator.
        leaks: the first problems found (text), at most ``max_leaks``; ``leaks_total`` all.
        seconds: wall time.
    """

    game: str
    states: int = 0
    resamples: int = 0
    independent: int = 0
    leaks_total: int = 0
    leaks: list = field(default_factory=list)
    seconds: float = 0.0

    def to_dict(self) -> dict:
        """The report as JSON-safe data."""
        return {
            "game": self.game,
            "states": self.states,
            "resamples": self.resamples,
            "independent": self.independent,
            "leaks_total": self.leaks_total,
            "leaks": self.leaks,
            "seconds": round(self.seconds, 3),
        }


def leak_check(
    game,
    states: int,
    seed: int = 0,
    *,
    variant: str | None = None,
    num_players: int | None = None,
    options: dict | None = None,
    every: int = 7,
    resamples: int = 2,
    greedy_share: float = 0.25,
    options_by_variant: dict | None = None,
    max_leaks: int = 20,
    progress: Callable[[int], None] | None = None,
    time_limit: float | None = None,
) -> LeakReport:
    """Sample ``states`` states of whole games of ``game`` and compare what seats see.

    Games are played by random bots (and, in ``greedy_share`` of the games, greedy bots), over
    every variant and player count in turn; about one state in ``every`` is sampled. For each
    sampled state: ``resamples`` re-samples for the seat to move and one for a random other
    seat must keep that seat's :func:`information_set_key`; and, where the game has hidden
    orders (:data:`HIDDEN_ORDERS`), a state built from ``to_dict()`` with those orders shuffled
    must give every seat and a spectator the same key as the true state.

    Args:
        variant, num_players, options: only this variant / player count, these options for
            every game (default: every variant and player count in turn, default options).
        options_by_variant: extra options per variant (e.g. ``{"advanced": {"hidden_products": True}}``).
        time_limit: stop after about this many seconds (``states`` in the report: how many were).
    Raises:
        InvalidConfigError: unknown game or ``states`` < 0.
    """
    from ..agents import make
    from ..core import registry

    if isinstance(game, str):
        game = registry.load_game(game)
    if isinstance(states, bool) or not isinstance(states, int) or states < 0:
        raise InvalidConfigError(f"states must be a whole number 0 or more, not {states!r}")
    r = random.Random(seed)
    report = LeakReport(game=game.name)
    configs = [
        (v, n)
        for v in ([game.canonical_variant(variant)] if variant is not None else game.variants)
        for n in ([num_players] if num_players is not None else range(game.min_players, game.max_players + 1))
    ]
    if variant is not None or num_players is not None or options:  # refuse a bad configuration at once
        game.new_state(num_players or game.max_players, 0, variant, dict(options or {}))
    t0 = time.perf_counter()
    k = 0
    while report.states < states:
        v, n = configs[k % len(configs)]
        opts = {**(options or {}), **(options_by_variant or {}).get(v, {})}
        game_seed = derive_seed(seed, k)
        k += 1
        try:
            st = game.new_state(n, game_seed, v, opts)
        except InvalidConfigError:
            continue
        greedy = make("greedy", game_seed) if r.random() < greedy_share else None
        if time_limit is not None and time.perf_counter() - t0 > time_limit:
            break
        while not st.is_terminal() and report.states < states:
            if r.randrange(every) == 0:
                _leak_sample(game, st, r, resamples, report, max_leaks, (v, n, game_seed))
                if progress is not None and report.states % 100 == 0:
                    progress(report.states)
            if greedy is not None and r.random() < 0.5:
                st.apply_action(greedy.choose(st))
            else:
                legal = st.legal_actions()
                st.apply_action(legal[r.randrange(len(legal))])
    report.seconds = time.perf_counter() - t0
    if progress is not None:
        progress(report.states)
    return report


def _leak_sample(game, st, r: random.Random, resamples: int, report: LeakReport, max_leaks: int, where) -> None:
    report.states += 1

    def leak(text: str) -> None:
        report.leaks_total += 1
        if len(report.leaks) < max_leaks:
            report.leaks.append(f"{game.name} {where[0]} {where[1]}p seed {where[2]} move {st.move_number}: {text}")

    seats = [st.current_player] if not st.is_terminal() else [0]
    others = [s for s in range(st.num_players) if s not in seats]
    if others:
        seats.append(r.choice(others))
    for i, seat in enumerate(seats):
        key = information_set_key(st, seat)
        for _ in range(resamples if i == 0 else 1):
            re = st.resample_hidden(seat, random.Random(r.getrandbits(32)))
            report.resamples += 1
            if information_set_key(re, seat) != key:
                leak(f"resample_hidden({seat}) changed seat {seat}'s information-set key")
            if (
                not st.is_terminal()
                and [a.text for a in re.legal_actions_view()] != [a.text for a in st.legal_actions_view()]
                and seat == st.current_player
            ):
                leak(f"resample_hidden({seat}) changed the legal actions of the seat to move")
    d = st.to_dict()
    shuffled = st.shuffle_hidden_orders(d["state"], r)
    if not shuffled:
        return
    try:
        other = game.state_from_dict(d)
    except InvalidRecordError as e:
        leak(f"a state with a hidden order shuffled does not load: {e}")
        return
    report.independent += 1
    for seat in [*range(st.num_players), None]:
        if information_set_key(other, seat) != information_set_key(st, seat):
            leak(
                f"shuffling a hidden order ({shuffled}) changed the observation of "
                f"{'a spectator' if seat is None else f'seat {seat}'}"
            )
