"""A game declares its parts on its Game (meeple.core.parts); the State hooks are abstract;
callers use public names only (issue 46, items 1 and 5)."""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path

import pytest

import meeple
from meeple.core import Game, Heuristics, SearchDefaults, register
from meeple.core.parts import PART_NAMES

GAMES = [g for g in meeple.game_names() if g != "toy"]
SHIPPED = ("magnum-sal", "lignum", "solomon", "klondike")
"""The games this package ships, which declare all four parts (a new game may leave parts out:
docs/architecture.md)."""
SRC = Path(meeple.__file__).parent


@pytest.mark.parametrize("name", SHIPPED)
def test_every_game_declares_its_four_parts(name):
    game = meeple.load_game(name)
    h = game.heuristics
    assert isinstance(h, Heuristics) and isinstance(h.search, SearchDefaults)
    assert callable(h.evaluate) and callable(h.rollout_action)
    assert callable(game.encoding.action_notations) and callable(game.encoding.observation_vector)
    assert game.encoding.OBSERVATION_LAYOUT
    assert callable(game.stats.game_stats) and game.stats.STATS
    assert callable(game.explain)
    assert game.heuristics is h  # loaded once


@pytest.mark.parametrize("name", SHIPPED)
def test_evaluate_has_one_signature(name):
    """``evaluate(state, seat, root=None)`` in every game: no caller guesses by argument count."""
    state = meeple.load_game(name).new_initial_state(2, seed=3)
    h = state.game.heuristics
    for seat in range(state.num_players):
        assert h.evaluate(state, seat) == h.evaluate(state, seat, None)
        assert isinstance(h.evaluate(state, seat, state.clone()), float | int)


def test_a_game_without_parts_has_none():
    toy = meeple.load_game("toy")
    assert all(getattr(toy, part) is None for part in PART_NAMES)
    state = toy.new_initial_state(2, seed=1)
    bot = meeple.agents.make("mcts:20", 1)
    assert bot.choose(state) in state.legal_actions()  # the score stands in for an evaluation
    with pytest.raises(meeple.IllegalActionError, match="TOY-1"):
        state.apply_action("jump")  # the state's own _why_illegal


def test_search_defaults_are_one_frozen_value():
    d = SearchDefaults(value_scale=20, prior=0, depth=3, takebacks={"back": "move"})
    with pytest.raises(AttributeError):
        d.c = 0.1  # type: ignore[misc]
    with pytest.raises(TypeError):
        d.takebacks["x"] = "y"  # type: ignore[index]
    assert d == SearchDefaults(value_scale=20, prior=0, depth=3, takebacks={"back": "move"})
    assert hash(d) == hash(SearchDefaults(value_scale=20, prior=0, depth=3, takebacks={"back": "move"}))
    assert meeple.load_game("solomon").heuristics.search.takebacks == {"back": "move"}


def test_a_state_with_parts_loaded_still_pickles():
    game = meeple.load_game("solomon")
    assert game.heuristics is not None and game.encoding is not None  # modules: they do not pickle
    state = game.new_initial_state(3, seed=2)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.to_dict() == state.to_dict() and copy.game.heuristics is not None


def test_a_state_class_missing_a_hook_is_refused_by_name():
    class NoScores(meeple.core.State):
        def _setup(self) -> None: ...

    with pytest.raises(TypeError, match=r"NoScores does not implement the State hooks _apply, .*, scores \("):

        @register
        class Broken(Game):
            name = "broken-test-game"
            state_class = NoScores

    assert "broken-test-game" not in meeple.game_names()


def test_a_state_class_without_fields_is_refused_at_registration():
    class NoFields(meeple.core.State):
        def _setup(self) -> None: ...
        def _legal_actions(self): ...
        def _apply(self, action) -> None: ...
        def _observation(self, seat): ...
        def _resample(self, seat, rng) -> None: ...
        def scores(self): ...

        @property
        def current_player(self) -> int:
            return 0

    with pytest.raises(TypeError, match=r"NoFields declares no FIELDS: declare its fields once"):

        @register
        class Broken(Game):
            name = "broken-test-game-2"
            state_class = NoFields

    assert "broken-test-game-2" not in meeple.game_names()


def test_the_hooks_are_abstract_methods():
    # copying, saving and loading come from the declared FIELDS (meeple.core.fields), not hooks
    assert meeple.core.State.__abstractmethods__ == {
        "_setup",
        "_legal_actions",
        "_apply",
        "_observation",
        "_resample",
        "current_player",
        "scores",
    }


@pytest.mark.parametrize("name", GAMES)
def test_public_names_for_the_hot_path(name):
    state = meeple.load_game(name).new_initial_state(2, seed=5)
    rng = random.Random(0)
    for _ in range(30):
        view = state.legal_actions_view()
        assert view is state.legal_actions_view()  # the state's own list, no copy
        copy = state.legal_actions()
        assert copy == view and copy is not view
        for seat in range(state.num_players):
            assert state.observation(seat)["move_number"] == state.observed_move_number()
        if state.is_terminal():
            break
        state.apply_action(view[rng.randrange(len(view))])


LOOKUPS = re.compile(
    r"import_module\(|__import__\(|find_spec\(|[\"']meeple\.games\.|\._legal\(\)|"
    r"_observed_move_number\(\)|\._history\b|\._events\b|\._redacted\b"
)


def test_no_layer_looks_a_part_up_by_name_nor_calls_a_private_hook():
    """Outside core and the games, nothing imports a game's module by a built name, and the
    state's private hooks and fields are not used (``legal_actions_view``,
    ``observed_move_number``, ``move_number``, ``last_action``)."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith(("core/", "games/")):
            continue
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if LOOKUPS.search(line):
                found.append(f"{rel}:{i}: {line.strip()}")
    assert not found, "\n".join(found)
