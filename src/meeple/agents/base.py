"""The bot interface and the helpers every bot shares."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core import Action, SearchDefaults, State

TURN_MARGIN = 0.1
"""Share of a turn's budget kept back for what a decision does after its deadline (the
search iteration under way, choosing among the root's actions, a busy machine's scheduling):
a turn of S seconds is shared out as ``(1 - TURN_MARGIN) * S``. With 5%, hard-against-hard
Solomon turns on a machine loaded 10 times over its 2 cores took up to 3.2 s of 3."""

FIRST_TURN_DECISIONS = 2.0
"""Decisions a turn is expected to take before the bot has seen a turn of its own (the first
decision of its first turn so gets half the turn's budget)."""


@dataclass
class TurnClock:
    """Where a bot stands in its turn (:attr:`Agent.turn_clock`): plain values, so a server
    that makes a fresh bot for each decision (or asks another process) can carry it over,
    ``bot.turn_clock = saved`` before ``choose`` and ``saved = bot.turn_clock`` after.

    Attributes:
        mark: (seat, ``state.move_number`` after the bot's last action, its notation), or None.
        spent: seconds the decisions of the current turn took.
        decisions: decisions of the current turn with more than one legal action.
        lengths: the bot's finished turns by their number of such decisions (length -> turns).
    """

    mark: tuple[int, int, str] | None = None
    spent: float = 0.0
    decisions: int = 0
    lengths: dict[int, int] = field(default_factory=dict)

    def expected_left(self, made: int) -> float:
        """Decisions a turn is expected still to take, this one included, when ``made``
        were made: the mean of ``length - made`` over the finished turns longer than
        ``made`` (a turn that has come this far is as long as those were), else
        :data:`FIRST_TURN_DECISIONS`."""
        turns = total = 0
        for length, count in self.lengths.items():
            if length > made:
                turns += count
                total += (length - made) * count
        return total / turns if turns else FIRST_TURN_DECISIONS

    def close(self) -> None:
        """End the current turn (a new one begins): count it, start its clock afresh."""
        if self.decisions:
            self.lengths[self.decisions] = self.lengths.get(self.decisions, 0) + 1
        self.spent = 0.0
        self.decisions = 0
        self.mark = None


class Agent:
    """A bot. ``choose(state) -> Action`` for ``state.current_player``.

    A bot never reads hidden information: it decides on ``state.observation(seat)`` or on
    ``state.resample_hidden(seat, rng)``, so the same bot with the same seed chooses the
    same action on a state and on any re-sample of its hidden parts.

    Per-turn thinking budget (``turn_budget``, spec option ``turn=S``): a turn is the run of
    consecutive decisions of one seat before another seat acts. The bot remembers where its
    last decision was (seat, ``state.move_number`` after its action and the action's notation):
    a decision continues the turn when the same seat decides again right after that action
    (:meth:`continues_turn`). Each decision of a turn gets a share of what is left of the
    budget (:meth:`decision_budget`): all of it when every action ends the turn; else what is
    left divided by the decisions the turn is expected still to take (over the bot's earlier
    turns that were at least as long as this one is now, the mean of their decisions still to
    come, counting decisions with more than one legal action; :data:`FIRST_TURN_DECISIONS`
    when none was), at most half of it, so the first decisions of a long turn never eat it
    all. The time is read from ``clock`` (a callable giving seconds,
    ``time.perf_counter``; a test injects a fake one) at the start and end of each ``choose``.

    Attributes:
        spec: the spec string it was made from (e.g. ``"mcts:1000"``).
        seed: its seed (int); its choices are deterministic given the seed and the states
            (unless a time cap or a turn budget cuts a search short).
        turn_budget: seconds of thinking for a whole turn (float > 0), or None (no budget).
        clock: the clock the budget and the time caps are read from (seconds, monotonic).
        turn_clock: its :class:`TurnClock` (reset by :meth:`reset`).
        decision_cap: seconds the next decision may take at most whatever its budget, set by
            a host before ``choose`` (the web server's share of a person's wait,
            :class:`meeple.server.bots.WaitBudget`), or None (no cap).
    """

    spec: str = ""
    turn_budget: float | None = None
    decision_cap: float | None = None

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.clock: Callable[[], float] = time.perf_counter
        self._reset_turns()

    def _reset_turns(self) -> None:
        self.turn_clock = TurnClock()

    FORCED_AT_ONCE = True
    """A single legal action is played without deciding (the random bot draws even then)."""

    def choose(self, state: State) -> Action:
        """The bot's action for ``state.current_player`` (one of ``state.legal_actions()``),
        within its share of the turn's budget (:meth:`decision_budget`) when it has one.

        Raises:
            ValueError: the game is over (there is nothing to choose).
        """
        legal = legal_actions_to_choose_from(state)
        started = self._start_decision(state)
        if len(legal) == 1 and self.FORCED_AT_ONCE:
            return self._end_decision(state, legal[0], started, False)
        share = self.decision_budget(state)
        if self.decision_cap is not None:
            share = self.decision_cap if share is None else min(share, self.decision_cap)
        action = self.decide(state, legal, None if share is None else started + share)
        return self._end_decision(state, action, started, True)

    def decide(self, state: State, legal: list[Action], deadline: float | None) -> Action:
        """The decision itself (bots implement it): one of ``legal`` (``state.legal_actions()``,
        more than one unless ``FORCED_AT_ONCE`` is False), by ``deadline`` (a ``clock`` value
        in seconds) where it is not None."""
        raise NotImplementedError

    def reset(self, seed: int | None = None) -> None:
        """Start afresh (for a new game), optionally with a new seed; forgets its turns."""
        if seed is not None:
            self.seed = seed
        self.rng = random.Random(self.seed)
        self._reset_turns()

    # ------------------------------------------------------------ the turn clock
    def continues_turn(self, state: State) -> bool:
        """True when a decision on ``state`` continues the turn of the bot's last decision:
        the same seat decides right after the bot's own last action (nothing else applied
        since). False for the first decision of a turn (a server pauses only before it)."""
        mark = self.turn_clock.mark
        if mark is None:
            return False
        seat, after, text = mark
        return state.current_player == seat and state.move_number == after and after > 0 and state.last_action() == text

    def turn_left(self, state: State) -> float | None:
        """Seconds left of the turn's budget for a decision on ``state`` (the whole budget
        at the first decision of a turn), less :data:`TURN_MARGIN` of it; None without a
        budget."""
        if self.turn_budget is None:
            return None
        spent = self.turn_clock.spent if self.continues_turn(state) else 0.0
        return max(0.0, (1.0 - TURN_MARGIN) * self.turn_budget - spent)

    def decision_budget(self, state: State) -> float | None:
        """Seconds the decision on ``state`` may take, from the turn's budget (see the class
        docstring): all that is left when every legal action passes the turn on
        (:func:`ends_turn`: the last decision of the turn), else ``left / max(2, expected)``
        where ``expected`` is :meth:`TurnClock.expected_left`, the decisions the turn is
        expected still to take after the ``made`` ones; 0.0 when the budget is spent (the bot then decides on the least it can do, one search iteration);
        None without a budget."""
        left = self.turn_left(state)
        if left is None:
            return None
        if not left or ends_turn(state):
            return left
        tc = self.turn_clock
        made = tc.decisions if self.continues_turn(state) else 0
        return left / max(2.0, tc.expected_left(made))

    def _start_decision(self, state: State) -> float:
        """Book-keeping at the start of ``choose``: a new turn closes the last one; the clock."""
        if not self.continues_turn(state):
            self.turn_clock.close()
        return self.clock()

    def _end_decision(self, state: State, action: Action, started: float, searched: bool) -> Action:
        """Book-keeping at the end of ``choose``: the time spent, where the turn now stands."""
        tc = self.turn_clock
        tc.spent += self.clock() - started
        if searched:
            tc.decisions += 1
        tc.mark = (state.current_player, state.move_number + 1, action.text)
        return action

    def __repr__(self) -> str:
        return f"<Agent {self.spec}>"


def ends_turn(state: State) -> bool:
    """True when every legal action of ``state`` passes the turn on: after it another seat
    decides, or the game is over. Decided on a re-sample of what the seat to move cannot see
    (drawn with a fixed generator, so no bot's own random stream is used), never on the
    hidden truth."""
    seat = state.current_player
    s = state.resample_hidden(seat, random.Random(0))
    for a in s.legal_actions_view():
        child = s.clone()
        child.apply_unchecked(a)
        if child.current_player == seat:
            return False
    return True


def legal_actions_to_choose_from(state: State) -> list[Action]:
    """``state.legal_actions()`` of a game still going (what every bot's ``choose`` starts from).

    Raises:
        ValueError: the game is over: there is nothing to choose.
    """
    legal = state.legal_actions()
    if not legal:
        raise ValueError("the game is over (state.is_terminal()): there is no action to choose")
    return legal


NO_SEARCH_DEFAULTS = SearchDefaults()
"""The search defaults of a game without heuristics (``game.heuristics`` None)."""


def search_defaults(state: State) -> SearchDefaults:
    """The search bots' defaults for ``state``'s game: its heuristics' ``search``
    (:class:`meeple.core.SearchDefaults`), else :data:`NO_SEARCH_DEFAULTS`."""
    h = state.game.heuristics
    return h.search if h is not None else NO_SEARCH_DEFAULTS


def evaluate(state: State, seat: int, root: State | None = None) -> float:
    """The game's evaluation of ``state`` for ``seat`` (score units); final score when over,
    or when the game has no heuristics (``game.heuristics`` None).

    ``root``: the state the bot decides from (the search's root, the greedy bot's state),
    passed on to the game's ``evaluate(state, seat, root)`` (:class:`meeple.core.parts.Evaluation`),
    which may value progress made since then (Magnum Sal: the royal orders completed,
    ``heuristics.banked``).
    """
    if state.is_terminal():
        return float(state.scores()[seat])
    h = state.game.heuristics
    if h is None:
        return float(state.scores()[seat])
    return float(h.evaluate(state, seat, root))


def _pairwise(vals: list[float], scale: float) -> list[float]:
    """Per seat: mean over the other seats of a logistic on the value difference / ``scale``."""
    n = len(vals)
    out = []
    for s in range(n):
        acc = 0.0
        for o in range(n):
            if o != s:
                x = (vals[s] - vals[o]) / scale
                acc += 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))
        out.append(acc / (n - 1) if n > 1 else 1.0)
    return out


MARGIN_WEIGHT = 0.25
"""Share of a finished game's value that rewards the score margin (the rest: the ranking)."""


def value_scale(state: State, vals: list[float]) -> float:
    """Points for one unit of the logistic in :func:`relative_values`.

    Half the game's ``value_scale`` (:func:`search_defaults`: a typical final score margin
    between two greedy bots, in the game's points) where the game gives one, so a lead of one
    typical margin is worth about 0.88; else a quarter of the spread of ``vals``.
    """
    typical = search_defaults(state).value_scale
    if typical:
        return typical / 2.0
    n = len(vals)
    return max(1.0, max(vals) - min(vals), sum(abs(v) for v in vals) / n / 4) / 4.0


def relative_values(state: State, root: State | None = None) -> list[float]:
    """Per-seat value in [0, 1] of a (maybe unfinished) state, for search back-ups.

    Finished: ``(1 - MARGIN_WEIGHT) * returns()`` plus ``MARGIN_WEIGHT`` times a logistic
    on score differences, so a search still prefers a bigger win (or a smaller loss).
    Unfinished: the game's evaluation per seat compared pairwise through a logistic on the
    difference (:func:`value_scale` points per unit), so a bigger lead is always worth more;
    ``root``: the state the search started from (:func:`evaluate`).
    """
    n = state.num_players
    if state.is_terminal():
        ret = state.returns()
        scores = [float(x) for x in state.scores()]
        margin = _pairwise(scores, value_scale(state, scores))
        return [(1.0 - MARGIN_WEIGHT) * r + MARGIN_WEIGHT * m for r, m in zip(ret, margin)]
    vals = [evaluate(state, s, root) for s in range(n)]
    return _pairwise(vals, value_scale(state, vals))
