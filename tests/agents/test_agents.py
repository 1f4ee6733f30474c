"""Bots: the spec language, determinism, and the no-peek rule on every game."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.agents import FlatMCAgent, GreedyAgent, MCTSAgent, RandomAgent, make

GAMES = sorted(set(meeple.game_names()) | {"toy"})
CHEAP_BOTS = ["random", "greedy", "flatmc:2:depth=20", "mcts:25:depth=20", "mcts:40:depth=0:guard=0.1"]


def test_make_parses_specs():
    assert isinstance(make("random"), RandomAgent)
    assert isinstance(make("greedy"), GreedyAgent)
    f = make("flatmc:7:depth=5:rollout=random", 1)
    assert isinstance(f, FlatMCAgent) and f.playouts == 7 and f.depth == 5 and f.rollout == "random"
    m = make("mcts:300:time=1.5:c=1.2", 2)
    assert isinstance(m, MCTSAgent) and m.iterations == 300 and m.time_cap == 1.5 and m.c == 1.2
    m = make("mcts:50:depth=0:widen=0.5:guard=0.05:bias=3", 2)
    assert (m.depth, m.widen, m.guard, m.bias) == (0, 0.5, 0.05, 3.0)
    assert make("mcts:50:prior=5").prior == 5 and make("mcts:50").prior is None
    assert make("flatmc:4:depth=end").depth is None and make("flatmc:4").depth == 10
    assert isinstance(make("hard"), MCTSAgent) and make("hard").spec == "hard"
    # a budget is named without leading zeros (results files and the ladder's bot names)
    assert make("mcts:050:c=0.3").spec == "mcts:50:c=0.3" and make(" MCTS:1000 ").spec == "mcts:1000"
    assert make("flatmc:007").spec == "flatmc:7" and make("mcts:time=1").spec == "mcts:time=1"
    for bad in (
        "robot",
        "mcts:x",
        "mcts:0",
        "flatmc:3:speed=9",
        "random:3",
        "mcts:10:depth=deep",
        "mcts:100:c=-1",
        "mcts:100:depth=-1",
        "mcts:100:time=0",
        "mcts:abc",
        "mcts:100:guard=-0.1",
        "mcts:100:widen=-1",
        "mcts:100:prior=-1",
        "mcts:100:prior=x",
        "greedy:guard=0.1",
        "flatmc:5:widen=1",
        "mcts:10:guard=1.5",
        "mcts:10000001",
        "flatmc:10000001",
        "mcts:10:takeback=first",
        "flatmc:5:takeback=root",
    ):
        with pytest.raises(meeple.InvalidConfigError):
            make(bad)


def test_playouts_end_even_when_the_game_would_not():
    """Magnum Sal without its safety cap can go on for ever under random play: a playout
    stops after MAX_PLAYOUT actions and values the position by the evaluation."""
    from meeple.agents.search import MAX_PLAYOUT, playout

    state = meeple.load_game("magnum-sal").new_initial_state(num_players=2, seed=1, max_rounds=0)
    before = len(state.history)
    values = playout(state, random.Random(0), None, "random")
    assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
    assert len(state.history) - before <= MAX_PLAYOUT


def test_flatmc_time_cap_cuts_a_pass_short():
    """The time cap is checked after every playout, not only after a pass over all actions."""
    state = meeple.load_game("magnum-sal").new_initial_state(num_players=2, seed=1, max_rounds=0)
    bot = make("flatmc:50:depth=end:time=0.01", 0)
    values = bot.action_values(state)
    assert len(values) == len(state.legal_actions())
    assert 1 <= bot.last_playouts < len(values)  # the cap came before every action had a playout


def _positions(name, count=3):
    game = meeple.load_game(name)
    out = []
    for seed in range(count):
        state = game.new_initial_state(num_players=game.min_players, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 60)):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        if not state.is_terminal():
            out.append(state)
    return out


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("spec", CHEAP_BOTS)
def test_bots_never_peek(name, spec):
    """Same seed, same choice on a state and on a re-sample of its hidden parts."""
    for i, state in enumerate(_positions(name)):
        seat = state.current_player
        chosen = make(spec, 100 + i).choose(state)
        assert chosen in state.legal_actions()
        for k in range(2):
            resampled = state.resample_hidden(seat, random.Random(k))
            assert make(spec, 100 + i).choose(resampled) == chosen


@pytest.mark.parametrize("name", GAMES)
def test_bots_are_deterministic_and_finish_a_game(name):
    game = meeple.load_game(name)
    finals = []
    for _ in range(2):
        state = game.new_initial_state(num_players=game.min_players, seed=5)
        bots = [make("greedy", 1), make("random", 2)][: game.min_players]
        bots += [make("random", 3 + s) for s in range(game.min_players - len(bots))]
        while not state.is_terminal():
            state.apply_action(bots[state.current_player].choose(state))
        finals.append(state.record()["actions"])
    assert finals[0] == finals[1]


def _winning_stop_position():
    """Fifteen (toy): seat 0 holds 14, seat 1 is bust and stopped: 'stop' wins for sure."""
    state = meeple.load_game("toy").new_initial_state(num_players=2, seed=1)
    state.hands = [[9, 5], [8, 9]]
    state.stopped = [False, True]
    state.deck = [1, 2, 3, 4, 6, 7]
    state.turn = 0
    return state


def test_mcts_finds_the_winning_stop_in_toy():
    """Fifteen: with 14 in hand and the opponent bust, stopping wins for sure."""
    state = _winning_stop_position()
    for spec in ("mcts:200", "flatmc:20", "greedy"):
        assert make(spec, 0).choose(state) == "stop", spec


@pytest.mark.parametrize("name", sorted(meeple.game_names()))
def test_guard_one_plays_the_evaluation_favourite(name):
    """guard=1: the search never overrules the evaluation's favourite (the greedy choice)."""
    for i, state in enumerate(_positions(name, 2)):
        if len(state.legal_actions()) < 2:
            continue
        bot = make("mcts:30:depth=0:guard=1", i)
        chosen = bot.choose(state)
        assert chosen.text == bot.last_favourite


def test_relative_values_grade_a_lead_by_the_game_scale(monkeypatch):
    """A bigger lead is worth more (no saturation); value_scale points is worth about 0.88."""
    from meeple.agents import base

    state = meeple.load_game("solomon").new_initial_state(num_players=2, seed=0)
    scale = state.game.heuristics.search.value_scale
    values = []
    for lead in (1, scale, 3 * scale):
        monkeypatch.setattr(base, "evaluate", lambda st, s, root=None, lead=lead: 50.0 + (lead if s == 0 else 0))
        values.append(base.relative_values(state))
    assert values[0][0] < values[1][0] < values[2][0] < 1.0
    assert values[1][0] == pytest.approx(0.881, abs=0.001)
    assert values[1][0] + values[1][1] == pytest.approx(1.0)


def test_one_ply_priors_rank_like_the_greedy_bot():
    """The winning stop of the toy position gets prior 1.0; the state is not changed."""
    from meeple.agents.search import one_ply_priors

    state = _winning_stop_position()
    before = state.to_dict()
    priors = one_ply_priors(state, state.legal_actions())
    assert priors["stop"] == 1.0 and min(priors.values()) == 0.0
    assert state.to_dict() == before


@pytest.mark.parametrize("name", sorted(meeple.game_names()))
def test_nodes_below_the_root_get_priors_after_enough_visits(name):
    """prior=T: a node below the root visited T times ranks its actions by the one-ply
    evaluation and expands its best-ranked action first; prior=0 keeps priors at the root."""

    def walk(node, depth=0):
        yield node, depth
        for ch in node.children.values():
            yield from walk(ch, depth + 1)

    game = meeple.load_game(name)
    starts = [game.new_initial_state(num_players=game.min_players, seed=0)] + _positions(name, 4)
    state = next(st for st in reversed(starts) if len(st.legal_actions()) > 1)
    root = make("mcts:200:prior=2", 3).search(state)
    inner = [nd for nd, d in walk(root) if d > 0 and nd.priors]
    assert inner, "no node below the root got priors"
    for nd in inner:
        assert nd.visits >= 2
        assert nd.ranked[0] in nd.children  # the best-ranked action was expanded
        assert nd.priors[nd.ranked[0]] == 1.0 or len(set(nd.priors.values())) == 1
    root0 = make("mcts:200:prior=0", 3).search(state)
    assert not [nd for nd, d in walk(root0) if d > 0 and nd.priors]


@pytest.mark.parametrize("name", sorted(meeple.game_names()))
def test_prior_comes_from_the_game_unless_given(name):
    from meeple.agents.search import DEFAULT_PRIOR

    state = meeple.load_game(name).new_initial_state(num_players=2, seed=0)
    h = state.game.heuristics
    expected = h.search.prior if h is not None else DEFAULT_PRIOR
    assert make("mcts:10", 0).prior_visits(state) == expected
    assert make("mcts:10:prior=3", 0).prior_visits(state) == 3


@pytest.mark.parametrize("name, c", [("klondike", 0.7), ("lignum", 0.1), ("magnum-sal", 0.7), ("solomon", 0.7)])
def test_exploration_comes_from_the_game_unless_given(name, c):
    state = meeple.load_game(name).new_initial_state(num_players=2, seed=0)
    assert make("mcts:10", 0).exploration(state) == c
    assert make("mcts:10:c=0.4", 0).exploration(state) == 0.4


@pytest.mark.parametrize("spec", ["random", "greedy", "flatmc:2", "mcts:5", "hard"])
def test_a_bot_asked_to_move_in_a_finished_game_says_so(spec):
    state = meeple.load_game("toy").new_initial_state(2, seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    bot = make(spec, 1)
    with pytest.raises(ValueError, match="the game is over"):
        bot.choose(state)
    if hasattr(bot, "action_values"):
        with pytest.raises(ValueError, match="the game is over"):
            bot.action_values(state)


@pytest.mark.parametrize("seed", [None, 1.5, "7", True])
def test_a_bot_seed_is_an_int(seed):
    from meeple.core import InvalidConfigError

    with pytest.raises(InvalidConfigError, match="a bot's seed must be an int"):
        make("greedy", seed)


def _solomon_choosing_a_move():
    """Solomon, 2 players, seed 3: seat 0 has typed ``move`` (a1-b1 made earlier this turn);
    ``back`` and the token moves are legal (the position of a person following hints)."""
    state = meeple.load_game("solomon").new_initial_state(num_players=2, seed=3)
    easy = make("easy", 3)
    todo = ["play 29", "dig b1,a2,b2,c2,b3,b4", "play 31", "dig c1,d1,e1,d2,e2,f2", "play 20", "move", "a1-b1", "move"]
    while todo:
        state.apply_action(todo.pop(0) if state.current_player == 0 else easy.choose(state))
    assert state.current_player == 0 and "back" in [a.text for a in state.legal_actions()]
    return state


def _backs_below_the_root(root, seat):
    """How many ``back`` nodes the tree holds below its first level, on lines where ``seat``
    made every action before them (its own turn)."""
    count = 0
    stack = [ch for ch in root.children.values() if ch.player == seat]
    while stack:
        nd = stack.pop()
        for t, ch in nd.children.items():
            if ch.player == seat:
                count += t == "back"
                stack.append(ch)
    return count


def test_takeback_root_keeps_solomons_back_to_the_first_action():
    """``takeback=root`` (the hint's search): ``back`` (the search default ``takebacks``) is searched only
    as the line's first action and ``move`` is not searched right after it; the
    default search tries ``back`` deeper (not ``move`` right after it, since issue 45)."""
    state = _solomon_choosing_a_move()

    def deep(spec):
        root = make(spec, 1).search(state)
        moves_after_back = "back" in root.children and "move" in root.children["back"].children
        return root, _backs_below_the_root(root, 0), moves_after_back

    root, backs_below, moves_after_back = deep("mcts:400:takeback=root")
    assert "back" in root.children and root.children["back"].visits > 0  # still weighed first
    assert backs_below == 0 and not moves_after_back
    _, backs_below, moves_after_back = deep("mcts:400")
    # the default search tries 'back' deeper too, but never 'move' right after it (it would
    # only go round: heuristics.reversals, issue 45)
    assert backs_below > 0 and not moves_after_back


def test_takeback_option_and_settings():
    from meeple.agents import settings
    from meeple.cli.play import hint_bot

    state = _solomon_choosing_a_move()
    assert make("mcts:10:takeback=root").takebacks(state) == {"back": "move"}
    assert make("mcts:10").takebacks(state) == {} == make("mcts:10:takeback=any").takebacks(state)
    assert settings(make("mcts:10:takeback=root"), state) != settings(make("mcts:10"), state)
    assert hint_bot() == "mcts:2000:turn=3:takeback=root"
    klondike = meeple.load_game("klondike").new_initial_state(num_players=2, seed=1)
    assert make("mcts:10:takeback=root").takebacks(klondike) == {}  # a game without take-backs
