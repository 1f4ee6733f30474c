"""The state's cached legal actions are used in every game (issue 34, part 3): one public step,
``legal_actions()`` twice then ``apply_action(a)``, lists the legal actions at most once (Lignum's
rules may leave the list in the cache as they settle a turn, issue 34 part 4)."""

import pytest

import meeple
from meeple.core.state import State

GAMES = [g for g in meeple.game_names() if g != "toy"]


@pytest.mark.parametrize("name", GAMES)
def test_no_game_shadows_the_cache(name):
    state = meeple.load_game(name).new_initial_state(num_players=2 if name != "solomon" else 3, seed=1)
    assert type(state)._legal is State._legal


@pytest.mark.parametrize("name", GAMES)
def test_a_public_step_lists_the_legal_actions_once(name, monkeypatch):
    game = meeple.load_game(name)
    state = game.new_initial_state(num_players=game.max_players, seed=3)
    calls = []
    real = type(state)._legal_actions

    def counted(self):
        calls.append(1)
        return real(self)

    monkeypatch.setattr(type(state), "_legal_actions", counted)
    for _ in range(40):
        if state.is_terminal():
            break
        before = len(calls)
        first = state.legal_actions()
        again = state.legal_actions()
        assert [a.text for a in first] == [a.text for a in again] and first is not again
        state.apply_action(first[-1])
        assert len(calls) - before <= 1  # listed once (or not at all: Lignum's _settle lists them)
    assert calls
    # a caller changing its copy never changes the state's list
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions()
