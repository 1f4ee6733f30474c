"""Bots for people think per turn (issue 45): a budget for the whole run of decisions of one
seat (``turn=S``), shared out over the turn's decisions; bots without a time budget choose
exactly as before; Solomon's search never undoes its own last step (the move/back loop).

No test here times anything: the bots read a fake clock that advances a fixed step at
each reading."""

from __future__ import annotations

import pytest

import meeple
from meeple.agents import LEVELS, make
from meeple.agents.base import FIRST_TURN_DECISIONS, TURN_MARGIN, TurnClock, ends_turn
from meeple.core import InvalidConfigError


class FakeClock:
    """A clock that advances ``step`` seconds at each reading (``now`` reads it unchanged)."""

    def __init__(self, step: float):
        self.step = step
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now


def test_levels_are_turn_budgets_for_people():
    """easy 0.5 s, medium 1.5 s, hard 3 s a turn (issue 45), not a cap per decision."""
    budgets = {level: make(level, 0).turn_budget for level in LEVELS}
    assert budgets == {"easy": 0.5, "medium": 1.5, "hard": 3.0}
    assert make("hard", 0).time_cap is None and make("hard", 0).iterations == 2000
    assert make("mcts:2000:turn=3", 1).turn_budget == 3.0
    assert make("greedy:turn=0.5").turn_budget == 0.5 and make("greedy").turn_budget is None
    assert make("flatmc:5:turn=2").turn_budget == 2.0 and make("mcts:50").turn_budget is None
    for bad in (
        "mcts:10:turn=0",
        "mcts:10:turn=-1",
        "mcts:10:turn=x",
        "mcts:10:turn=inf",
        "greedy:turn=nan",
        "greedy:time=1",
        "random:turn=1",
        "mcts:10:turn=1:turn=2",
    ):
        with pytest.raises(InvalidConfigError):
            make(bad)


def test_a_turn_is_the_run_of_one_seats_decisions():
    """The bot's turn goes on while the same seat decides right after its own action; any
    other action (another seat's, or one the bot did not choose) starts a new turn."""
    state = meeple.load_game("lignum").new_initial_state(num_players=2, seed=3)
    bot = make("greedy:turn=0.5", 1)
    assert not bot.continues_turn(state)
    seat = state.current_player
    action = bot.choose(state)
    state.apply_action(action)
    assert bot.turn_clock.mark == (seat, state.move_number, action.text)
    assert bot.continues_turn(state) == (state.current_player == seat)
    other = state.clone()
    other.apply_action(other.legal_actions()[0])  # an action the bot did not choose
    assert not bot.continues_turn(other)
    bot.reset()
    assert bot.turn_clock == TurnClock() and not bot.continues_turn(state)


def test_decision_budget_shares_what_is_left():
    """All that is left at the turn's last decision (every action passes the turn); else
    left / max(2, expected), expected = the mean of the decisions still to come in the earlier
    turns as long as this one so far (FIRST_TURN_DECISIONS before any); TURN_MARGIN kept."""
    state = meeple.load_game("lignum").new_initial_state(num_players=2, seed=1)
    state.apply_action(state.legal_actions()[0])
    while ends_turn(state):  # a decision the seat's turn goes on after
        state.apply_action(state.legal_actions()[0])
    bot = make("mcts:10:turn=3", 0)
    usable = 3.0 * (1 - TURN_MARGIN)
    assert bot.decision_budget(state) == pytest.approx(usable / FIRST_TURN_DECISIONS)
    bot.turn_clock = TurnClock(lengths={3: 1, 5: 1})  # 4 decisions a turn so far
    assert bot.decision_budget(state) == pytest.approx(usable / 4)
    bot.turn_clock = TurnClock(lengths={1: 2})  # 1 a turn so far: still at most half
    assert bot.decision_budget(state) == pytest.approx(usable / 2)
    # the same seat again right after the bot's own action, 1.0 s spent on 1 decision
    last = state.move_number
    bot.turn_clock = TurnClock(
        mark=(state.current_player, last, "x"), spent=1.0, decisions=1, lengths={1: 5, 3: 1, 5: 1}
    )
    assert not bot.continues_turn(state)  # the action before was not the bot's
    bot.turn_clock.mark = (state.current_player, last, state._history[-1])
    assert bot.continues_turn(state)
    # one made: the turns longer than 1 had 2 and 4 decisions still to come, 3 on average
    assert bot.decision_budget(state) == pytest.approx((usable - 1.0) / 3)
    bot.turn_clock.decisions = 4  # only the 5-decision turn was longer: 1 more, but at most half
    assert bot.decision_budget(state) == pytest.approx((usable - 1.0) / 2)
    bot.turn_clock.decisions = 6  # longer than any: FIRST_TURN_DECISIONS
    assert bot.decision_budget(state) == pytest.approx((usable - 1.0) / FIRST_TURN_DECISIONS)
    bot.turn_clock.spent = 5.0
    assert bot.decision_budget(state) == 0.0
    assert make("mcts:10", 0).decision_budget(state) is None
    # the turn's last decision: every action passes the turn, so all that is left
    end = meeple.load_game("klondike").new_initial_state(num_players=2, seed=1)
    while not ends_turn(end):
        end.apply_action(end.legal_actions()[0])
    assert not bot.continues_turn(end)
    assert make("mcts:10:turn=3", 0).decision_budget(end) == pytest.approx(usable)


def _play_turns(game: str, spec: str, step: float, actions: int, seed: int = 2):
    """Seat 0 plays ``spec`` on a fake clock, seat 1 greedy; per turn of seat 0 the fake
    seconds each decision took and its search iterations."""
    state = meeple.load_game(game).new_initial_state(num_players=2, seed=seed)
    bot, rival = make(spec, 1), make("greedy", 2)
    clock = bot.clock = FakeClock(step)
    turns, last = [], None
    for _ in range(actions):
        if state.is_terminal():
            break
        if state.current_player != 0:
            state.apply_action(rival.choose(state))
            last = None
            continue
        if last is None:
            last = []
            turns.append(last)
        before = clock.now
        forced = len(state.legal_actions()) == 1
        action = bot.choose(state)
        last.append((clock.now - before, None if forced else getattr(bot, "last_iterations", None)))
        state.apply_action(action)
    return turns


@pytest.mark.parametrize("game", ["magnum-sal", "lignum"])
def test_hard_keeps_to_its_turn_budget(game):
    """``mcts:100000:turn=3`` (hard's budget without its iteration cap, so only the clock
    stops it) never thinks longer than 3 s in a turn, and a turn of several decisions
    leaves time for each: the first does not take it all."""
    # a reading each 2 ms (an iteration takes about 0.5 ms here): a decision after the budget
    # is spent still costs a few readings, which TURN_MARGIN covers
    turns = _play_turns(game, "mcts:100000:turn=3", 0.002, 100)
    assert turns
    assert max(sum(t for t, _ in turn) for turn in turns) <= 3.0
    searched = [[(t, it) for t, it in turn if it] for turn in turns]
    long_turns = [turn for turn in searched if len(turn) >= 3]
    assert long_turns, "no turn of three searched decisions to share the budget over"
    for turn in long_turns:
        assert turn[0][0] < 0.6 * 3.0  # the first decision leaves most of the turn
    # once the bot has seen a turn as long, each decision of it gets a fair share: none
    # is starved to a single iteration
    learned = [
        turn
        for k, turn in enumerate(searched)
        if len(turn) >= 3 and any(len(before) >= len(turn) for before in searched[:k])
    ]
    for turn in learned:
        assert all(it >= 20 for _, it in turn)
    # nearly the whole budget is used by a turn (not the first decision's share alone)
    assert max(sum(t for t, _ in turn) for turn in turns) > 0.8 * 3.0


def test_easy_greedy_stops_valuing_when_its_share_runs_out():
    """``greedy:turn=0.5`` values actions until its share is spent (at least one), and keeps
    to 0.5 s a turn; without a budget it values every action (the clock is not read)."""
    turns = _play_turns("lignum", "greedy:turn=0.5", 0.002, 80)
    assert max(sum(t for t, _ in turn) for turn in turns) <= 0.5
    plain = make("greedy", 1)
    plain.clock = FakeClock(1.0)
    state = meeple.load_game("lignum").new_initial_state(num_players=2, seed=2)
    plain.choose(state)
    assert plain.clock.readings == 2  # only the turn's book-keeping, no deadline


def test_a_search_alone_is_capped_by_the_turn_budget():
    """``search`` called outside ``choose`` (the hint of ``meeple play``) stops at the turn's
    budget when there is no ``time`` cap: it never takes longer than a whole turn."""
    state = meeple.load_game("lignum").new_initial_state(num_players=2, seed=2)
    bot = make("mcts:100000:turn=3", 1)
    bot.clock = FakeClock(0.01)
    bot.search(state)
    assert 299 <= bot.last_iterations <= 302  # 3 s of iterations read 0.01 s apart


# mcts:60 self-play, seed 7, seats seeded 1 and 2, the first 40 actions: (length, sha256 prefix)
# of the actions, recorded with the bots before issue 45 (commit 743bf4e). The per-turn clock
# must not change what a bot without a time budget chooses.
PINNED = {
    ("klondike", "mcts:60"): (40, "788265dd48d1c51a"),
    ("lignum", "mcts:60"): (40, "33258db7c7049465"),
    ("magnum-sal", "mcts:60"): (40, "faa11e962e4e610f"),
    ("klondike", "flatmc:2:depth=20"): (40, "4bed657a396ce567"),
    ("klondike", "greedy"): (40, "98329a7ed33e8049"),
    ("solomon", "greedy"): (40, "c3d86206dfb104fb"),
    ("lignum", "random"): (40, "de60ab4af840eab0"),
}


def _selfplay_digest(game: str, spec: str, actions: int = 40) -> tuple[int, str]:
    import hashlib
    import json

    state = meeple.load_game(game).new_initial_state(num_players=2, seed=7)
    bots = [make(spec, 1), make(spec, 2)]
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(bots[state.current_player].choose(state))
    acts = state.record()["actions"]
    return len(acts), hashlib.sha256(json.dumps(acts).encode()).hexdigest()[:16]


@pytest.mark.parametrize("game,spec", sorted(PINNED))
def test_bots_without_a_time_budget_choose_as_before(game, spec):
    assert _selfplay_digest(game, spec) == PINNED[(game, spec)]


def _solomon_turns(spec0: str, spec1: str, seed: int = 502, actions: int = 400):
    """A 2-player Solomon game: per turn, the tile moves, reversals (a tile moved straight
    back: ``c4-d4`` right after ``d4-c4``), ``back`` and ``move`` right after ``back``."""
    state = meeple.load_game("solomon").new_initial_state(num_players=2, seed=seed)
    bots = [make(spec0, 1), make(spec1, 2)]
    tally = {"moves": 0, "reversals": 0, "backs": 0, "move after back": 0, "longest turn": 0}
    run, seat, last_move, prev = 0, None, None, None
    for _ in range(actions):
        if state.is_terminal():
            break
        p = state.current_player
        if p != seat:
            run, seat, last_move = 0, p, None
        action = bots[p].choose(state)
        run += 1
        tally["longest turn"] = max(tally["longest turn"], run)
        if action.kind == "move":
            src, dst = action.text.split("-")
            tally["moves"] += 1
            tally["reversals"] += last_move == (dst, src)
            last_move = (src, dst)
        elif action.kind == "back":
            tally["backs"] += 1
        elif action.text == "move" and prev == "back":
            tally["move after back"] += 1
        prev = action.text
        state.apply_action(action)
    return tally


def test_solomons_search_never_goes_round_its_own_moves():
    """Issue 45: on seed 502 the search went ``move``, ``back``, ``move``, ``back`` ... (36
    take-backs, SO-15.1's cap) and moved tiles straight back (``d4-c4`` then ``c4-d4``, a coin
    each, SO-6.5): before the fix, mcts:300 against mcts:300 (bots seeded 1 and 2) made a turn
    of 80 decisions with 36 take-backs from move 14, and one of 127 decisions (36 take-backs,
    27 tile moves, 2 straight back) from move 107. The search now never tries the reversal of
    its own last step (``heuristics.reversals``)."""
    tally = _solomon_turns("mcts:300", "mcts:300", seed=502, actions=100)
    assert tally["reversals"] == 0 and tally["move after back"] == 0
    assert tally["backs"] <= 3 and tally["longest turn"] <= 12


def test_solomons_reversals_name_the_tile_straight_back_and_move_after_back():
    """``heuristics.reversals``: after ``d4-c4`` and ``move`` the tile straight back
    (``c4-d4``); after ``back``, ``move``; nothing outside a turn's moves."""
    from meeple.games.solomon import heuristics

    state = meeple.load_game("solomon").new_initial_state(num_players=2, seed=3)
    easy = make("greedy", 3)
    todo = ["play 29", "dig b1,a2,b2,c2,b3,b4", "play 31", "dig c1,d1,e1,d2,e2,f2", "play 20", "move"]
    while todo:
        assert heuristics.reversals(state) == ()
        state.apply_action(todo.pop(0) if state.current_player == 0 else easy.choose(state))
    assert heuristics.reversals(state) == ()  # no tile moved yet this turn
    state.apply_action("a1-b1")
    assert heuristics.reversals(state) == ()  # the gate is not a tile move
    state.apply_action("move")
    assert heuristics.reversals(state) == ("b1-a1",)
    assert "b1-a1" in [a.text for a in state.legal_actions()]  # legal (SO-6.6), never searched
    root = make("mcts:200", 1).search(state)
    assert "b1-a1" not in root.children and root.children
    state.apply_action("back")
    assert heuristics.reversals(state) == ("move",)
