"""The contract checks (DESIGN.md, "The contract" and "Testing") for any game, as functions.

Each ``check_*`` function tests one promise of the ``Game``/``State`` contract on a game or on
one position and raises :class:`ConformanceError` (an ``AssertionError``, so pytest shows it as
a failed assertion) naming the promise and the position when it is broken. None of them
changes the state it is given (they work on clones). They know no game: a game registered
with :func:`meeple.core.registry.register` is checked as the bundled ones are.

* :func:`check_metadata`: the game's id, player counts and variants; a bad configuration is
  refused with ``InvalidConfigError``.
* :func:`check_legal_actions`: the legal actions apply, by object and by notation, and
  ``parse_action(str(a)) == a``; notations are unique; a terminal state has none.
* :func:`check_illegal_action_changes_nothing`: nonsense notations and an action legal
  elsewhere raise ``IllegalActionError`` and change nothing (principle 7).
* :func:`check_legal_actions_list_is_a_copy`: a caller changing the list it was given leaves
  the state as it was.
* :func:`check_clone_independence`: acting on a clone (and a clone of a clone) leaves the
  original as it was.
* :func:`check_round_trips`: ``to_dict``/``state_from_dict`` and ``record``/``replay`` give
  the same state; a tampered record is refused with ``InvalidRecordError``.
* :func:`check_malformed_saves`: malformed saves and records are refused with
  ``InvalidRecordError``.
* :func:`check_observations`: observations are JSON-safe; ``resample_hidden(seat, rng)``
  keeps ``seat``'s observation, depends on nothing ``seat`` cannot see, and is playable.
* :func:`check_results`: ``scores()`` has a value per seat and ``ranking()`` lists every seat.
* :func:`check_determinism`, :func:`check_conservation`: whole random games: the same seed
  gives the same game; ``State.conserved()`` never changes.

:func:`check_state` runs every per-position check; :func:`check_game` plays random games of
every variant and player count and runs them on a sample of the positions (what
``python -m meeple.testing GAME`` does). The fuzz harness and the leak check
are in :mod:`meeple.testing.fuzz`.

Example (in a game's own tests)::

    from meeple.testing import conformance

    def test_my_game_keeps_the_contract():
        conformance.check_game("my-game", seeds=2)
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass

from ..core.errors import IllegalActionError, InvalidConfigError, InvalidRecordError

NONSENSE = ("this-is-no-action", "", "done done", "99999")
"""Notations no game reads as an action (:func:`check_illegal_action_changes_nothing`)."""


class ConformanceError(AssertionError):
    """A broken promise of the contract; the message names it and the position (game,
    variant, players, seed, move number)."""


def dump(state) -> str:
    """The canonical text of ``state.to_dict()`` (sorted keys): two states are the same when
    their dumps are."""
    return json.dumps(state.to_dict(), sort_keys=True)


def where(state) -> str:
    """The position in words: ``"game variant Np seed S move M"``."""
    return f"{state.game.name} {state.variant} {state.num_players}p seed {state.seed} move {state.move_number}"


def _fail(state, text: str) -> None:
    raise ConformanceError(f"{where(state)}: {text}")


def _load(game):
    if isinstance(game, str):
        from ..core.registry import load_game

        return load_game(game)
    return game


def _refused(call, error: type, what: str, state=None, game=None) -> None:
    """Run ``call``; a ConformanceError unless it raises ``error``."""
    try:
        call()
    except error:
        return
    except Exception as e:  # noqa: BLE001
        text = f"{what}: raised {type(e).__name__}: {e}, not {error.__name__}"
    else:
        text = f"{what}: accepted, expected {error.__name__}"
    if state is not None:
        _fail(state, text)
    raise ConformanceError(f"{game.name}: {text}")


# ------------------------------------------------------------------------ the game
def check_metadata(game) -> None:
    """The game's id, player counts and variants, and the refusal of a bad configuration
    (too many or too few players, an unknown variant, an unknown option) with
    ``InvalidConfigError``.

    Args:
        game: a :class:`meeple.core.game.Game` or a registered game's id.
    Raises:
        ConformanceError: a promise broken.
    """
    game = _load(game)
    if not isinstance(game.name, str) or not game.name:
        raise ConformanceError(f"a game's name must be a non-empty str, not {game.name!r}")
    if not 1 <= game.min_players <= game.max_players:
        raise ConformanceError(f"{game.name}: players {game.min_players}..{game.max_players} is no range of 1 or more")
    if not game.variants or not all(isinstance(v, str) for v in game.variants):
        raise ConformanceError(f"{game.name}: variants must be a non-empty list of str, not {game.variants!r}")
    n = game.min_players
    _refused(
        lambda: game.new_initial_state(num_players=game.max_players + 1, seed=0),
        InvalidConfigError,
        f"{game.max_players + 1} players",
        game=game,
    )
    _refused(
        lambda: game.new_initial_state(num_players=n - 1 or -1, seed=0),
        InvalidConfigError,
        f"{n - 1 or -1} players",
        game=game,
    )
    _refused(
        lambda: game.new_initial_state(num_players=n, seed=0, variant="no-such-variant"),
        InvalidConfigError,
        "an unknown variant",
        game=game,
    )
    _refused(
        lambda: game.new_initial_state(num_players=n, seed=0, no_such_option=1),
        InvalidConfigError,
        "an unknown option",
        game=game,
    )


def check_malformed_saves(game) -> None:
    """Malformed saves (``None``, a list, a save without its state, with an empty state, a
    wrong player count, variant, game or history) given to ``state_from_dict`` and malformed
    records given to :func:`meeple.replay` are refused with ``InvalidRecordError``.

    Raises:
        ConformanceError: one is accepted or refused with another exception.
    """
    from ..core.registry import replay

    game = _load(game)
    state = game.new_initial_state(num_players=game.min_players, seed=3)
    good = state.to_dict()
    for bad in (
        None,
        [],
        {"game": game.name},
        dict(good, state={}),
        dict(good, num_players="two"),
        dict(good, variant="nope"),
        dict(good, game="other"),
        dict(good, history=[1, 2]),
    ):
        _refused(lambda: game.state_from_dict(bad), InvalidRecordError, f"the save {str(bad)[:60]}...", state)
    for bad_record in (
        {},
        dict(state.record(), seed="x"),
        dict(state.record(), actions="a"),
        dict(state.record(), num_players=99),
    ):
        _refused(lambda: replay(bad_record), InvalidRecordError, f"the record {str(bad_record)[:60]}...", state)


# ---------------------------------------------------------------- one position
def check_legal_actions(state) -> None:
    """A terminal state lists no legal action; any other lists some, with unique notations;
    each reads back from its notation (``parse_action(str(a)) == a``) and applies on a
    clone by notation, moving the move number on by one.

    Raises:
        ConformanceError: a promise broken.
    """
    if state.is_terminal():
        if state.legal_actions() != []:
            _fail(state, "a terminal state lists legal actions")
        return
    legal = state.legal_actions()
    if not legal:
        _fail(state, "a state that is not terminal has no legal action")
    texts = [a.text for a in legal]
    if len(set(texts)) != len(texts):
        _fail(state, f"two legal actions share a notation: {sorted(t for t in set(texts) if texts.count(t) > 1)}")
    for a in legal:
        if state.parse_action(str(a)) != a:
            _fail(state, f"parse_action({str(a)!r}) is not the legal action {a!r}")
        child = state.clone()
        child.apply_action(str(a))  # by notation
        if child.move_number != state.move_number + 1:
            _fail(state, f"applying {str(a)!r} moved the move number from {state.move_number} to {child.move_number}")


def check_illegal_action_changes_nothing(state, seed: int = 7) -> None:
    """The notations of :data:`NONSENSE`, and an action legal in a later position of a random
    walk from a clone (``random.Random(seed)``, 30 steps at most) but not here, raise
    ``IllegalActionError`` and leave ``to_dict()`` as it was.

    Raises:
        ConformanceError: a promise broken.
    """
    before = dump(state)
    for bad in NONSENSE:
        _refused(lambda: state.apply_action(bad), IllegalActionError, f"the notation {bad!r}", state)
        if dump(state) != before:
            _fail(state, f"the rejected notation {bad!r} changed the state")
    if state.is_terminal():
        return
    other = state.clone()
    legal_here = set(a.text for a in state.legal_actions())
    rng = random.Random(seed)
    for _ in range(30):
        if other.is_terminal():
            break
        foreign = [a for a in other.legal_actions() if a.text not in legal_here]
        if foreign:
            _refused(
                lambda: state.apply_action(foreign[0]),
                IllegalActionError,
                f"the action {foreign[0].text!r} of another position",
                state,
            )
            if dump(state) != before:
                _fail(state, f"the rejected action {foreign[0].text!r} of another position changed the state")
            break
        other.apply_action(rng.choice(other.legal_actions()))


def check_legal_actions_list_is_a_copy(state) -> None:
    """``legal_actions()`` hands out a new list: a caller that empties or reverses it leaves
    the state's own list, its notation parsing and its saved form as they were (checked on a
    clone, on which the last legal action is then applied by its notation).

    Raises:
        ConformanceError: a promise broken.
    """
    if state.is_terminal():
        return
    state = state.clone()
    before = dump(state)
    texts = [a.text for a in state.legal_actions()]
    mine = state.legal_actions()
    mine.reverse()
    last = mine.pop(0)
    mine.clear()
    if [a.text for a in state.legal_actions()] != texts:
        _fail(state, "changing the list legal_actions() gave changed the state's legal actions")
    if state.legal_actions() is state.legal_actions():
        _fail(state, "legal_actions() gives the same list object twice")
    if dump(state) != before:
        _fail(state, "changing the list legal_actions() gave changed the state")
    state.apply_action(last.text)  # still found by its notation
    if state.history[-1] != texts[-1]:
        _fail(state, f"the notation {last.text!r} applied as {state.history[-1]!r}")


def check_clone_independence(state) -> None:
    """Every legal action applied to a clone (and one more to a clone of that clone) leaves
    the original and an earlier clone as they were.

    Raises:
        ConformanceError: a promise broken.
    """
    snapshot = dump(state)
    early = state.clone()
    early_snapshot = dump(early)
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        grandchild = child.clone()
        if not grandchild.is_terminal():
            grandchild.apply_action(grandchild.legal_actions()[-1])
        if dump(state) != snapshot:
            _fail(state, f"applying {a} to a clone changed the original")
        if dump(early) != early_snapshot:
            _fail(state, f"applying {a} to a clone changed another clone")
    if dump(state.clone()) != snapshot:
        _fail(state, "a clone differs from the original")


def check_round_trips(state) -> None:
    """``state_from_dict(to_dict())`` (through JSON text) gives the same state and legal
    actions; ``replay(record())`` gives the same state; a record with an action replaced by
    nonsense is refused with ``InvalidRecordError``.

    Raises:
        ConformanceError: a promise broken.
    """
    from ..core.registry import replay

    game = state.game
    again = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    if dump(again) != dump(state):
        _fail(state, "to_dict()/state_from_dict round trip differs")
    if again.legal_actions() != state.legal_actions():
        _fail(state, "a state loaded from to_dict() has other legal actions")
    record = json.loads(json.dumps(state.record()))
    if dump(replay(record)) != dump(state):
        _fail(state, "replay(record()) differs from the game")
    if record["actions"]:
        record["actions"][len(record["actions"]) // 2] = "this-is-no-action"
        _refused(lambda: replay(record), InvalidRecordError, "a tampered record", state)


def check_observations(state, seed: int = 0) -> None:
    """Every seat's observation and a spectator's are JSON-safe; for every seat,
    ``resample_hidden(seat, random.Random(seed))`` keeps that seat's observation, a re-sample
    of the re-sample equals a re-sample of the state (it depends on nothing the seat cannot
    see), and a re-sample that is not terminal takes its first legal action.

    Raises:
        ConformanceError: a promise broken.
    """
    for seat in range(state.num_players):
        obs = json.dumps(state.observation(seat), sort_keys=True)
        resampled = state.resample_hidden(seat, random.Random(seed))
        if json.dumps(resampled.observation(seat), sort_keys=True) != obs:
            _fail(state, f"resample_hidden({seat}) changed what seat {seat} can see")
        again = resampled.resample_hidden(seat, random.Random(seed))
        if dump(again) != dump(state.resample_hidden(seat, random.Random(seed))):
            _fail(state, f"resample_hidden({seat}) depends on what seat {seat} cannot see")
        if not resampled.is_terminal():
            resampled.apply_action(resampled.legal_actions()[0])
    json.dumps(state.observation(None))


def check_results(state) -> None:
    """``scores()`` has one value per seat and ``ranking()`` (a terminal state's) lists every
    seat once.

    Raises:
        ConformanceError: a promise broken.
    """
    scores = state.scores()
    if len(scores) != state.num_players:
        _fail(state, f"scores() has {len(scores)} values for {state.num_players} seats: {scores}")
    if state.is_terminal():
        ranking = state.ranking()
        if sorted(ranking) != list(range(state.num_players)):
            _fail(state, f"ranking() is no order of the seats: {ranking}")


def check_state(state, seed: int = 0) -> None:
    """Every per-position check above on ``state`` (``seed``: for the random parts).

    Raises:
        ConformanceError: a promise broken.
    """
    check_legal_actions(state)
    check_illegal_action_changes_nothing(state, seed)
    check_legal_actions_list_is_a_copy(state)
    check_clone_independence(state)
    check_round_trips(state)
    check_observations(state, seed)
    check_results(state)


# ------------------------------------------------------------------ whole games
def _random_game(game, num_players: int, seed: int, variant: str | None = None, on_step=None):
    state = game.new_initial_state(num_players=num_players, seed=seed, variant=variant)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        if on_step is not None:
            on_step(state)
    return state


def check_determinism(game, seed: int, num_players: int | None = None) -> None:
    """Two random games with the same seeds (game and moves: ``seed``) end in the same state;
    the end has a score per seat and a ranking of every seat.

    Args:
        num_players: default the game's most.
    Raises:
        ConformanceError: a promise broken.
    """
    game = _load(game)
    n = num_players or game.max_players
    first = _random_game(game, n, seed)
    second = _random_game(game, n, seed)
    if dump(first) != dump(second):
        _fail(first, "the same seeds played twice end in different states")
    check_results(first)


def check_conservation(game, seed: int) -> None:
    """In a random game of each variant with the fewest and the most players,
    ``State.conserved()`` (the counts of limited components) never changes.

    Raises:
        ConformanceError: a count changed.
    """
    game = _load(game)
    for n in (game.min_players, game.max_players):
        for variant in game.variants:
            try:
                state = game.new_initial_state(num_players=n, seed=seed, variant=variant)
            except InvalidConfigError:
                continue
            start = state.conserved()
            rng = random.Random(seed)
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                now = state.conserved()
                if now != start:
                    _fail(state, f"conserved() changed from {start} to {now}")


@dataclass
class ConformanceReport:
    """What :func:`check_game` did: ``games`` played to their end, ``states`` checked with
    :func:`check_state`, ``steps`` (legal actions applied)."""

    game: str
    games: int = 0
    states: int = 0
    steps: int = 0


def option_cases(game) -> list[dict]:
    """Options other than the defaults to play once each: every other value of an option with
    ``choices``, the other value of a ``True``/``False`` option (one option changed at a
    time; options of other kinds need values only the game knows)."""
    cases = []
    for o in game.options:
        if o.choices:
            cases += [{o.name: v} for v in o.choices if v != o.default]
        elif isinstance(o.default, bool):
            cases.append({o.name: not o.default})
    return cases


def _play_checked(state, rng: random.Random, every: int, max_steps: int, report: ConformanceReport) -> None:
    """A random game from ``state`` to its end, :func:`check_state` on every ``every``-th
    position and on the end, counted in ``report``."""
    k = 0
    while not state.is_terminal():
        if k % every == 0:
            check_state(state, k)
            report.states += 1
        k += 1
        if k > max_steps:
            _fail(state, f"no end after {max_steps} legal actions")
        legal = state.legal_actions()
        if not legal:
            _fail(state, "a state that is not terminal has no legal action")
        state.apply_action(legal[rng.randrange(len(legal))])
    check_state(state, k)
    report.states += 1
    report.steps += k
    report.games += 1


def check_game(game, seeds: int = 3, *, every: int = 97, max_steps: int = 200_000) -> ConformanceReport:
    """Play a random game for every variant, player count and seed ``0..seeds-1``, and one
    for every variant with each of :func:`option_cases`, run :func:`check_state` on every
    ``every``-th position and on the end, and :func:`check_metadata`,
    :func:`check_malformed_saves` and :func:`check_conservation`.

    Args:
        game: a :class:`meeple.core.game.Game` or a registered game's id.
        seeds: games per variant and player count.
        every: check one position in this many (1: all).
        max_steps: a game longer than this many legal actions is a failure.
    Returns:
        a :class:`ConformanceReport`.
    Raises:
        ConformanceError: the first promise broken.
    """
    game = _load(game)
    check_metadata(game)
    check_malformed_saves(game)
    report = ConformanceReport(game.name)
    for variant in game.variants:
        for n in range(game.min_players, game.max_players + 1):
            for seed in range(seeds):
                try:
                    state = game.new_initial_state(num_players=n, seed=seed, variant=variant)
                except InvalidConfigError:
                    continue  # a variant may not allow every player count
                _play_checked(state, random.Random(seed), every, max_steps, report)
        for options in option_cases(game):
            try:
                state = game.new_initial_state(num_players=game.min_players, seed=0, variant=variant, **options)
            except InvalidConfigError:
                continue  # an option of another variant
            _play_checked(state, random.Random(0), every, max_steps, report)
    if report.games == 0:
        raise ConformanceError(f"{game.name}: no game could be created")
    check_conservation(game, 0)
    return report


def main(argv: list[str] | None = None) -> int:
    """``python -m meeple.testing GAME [SEEDS]``: :func:`check_game`; prints one
    line; exit status 1 on a failure."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m meeple.testing GAME [SEEDS]")
        return 2
    try:
        report = check_game(args[0], int(args[1]) if len(args) > 1 else 3)
    except (ConformanceError, InvalidConfigError) as e:
        print(f"FAIL {e}")
        return 1
    print(f"{report.game}: {report.games} random games, {report.states} positions checked, contract ok")
    return 0
