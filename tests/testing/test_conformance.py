"""meeple.testing.conformance on the test game, and on planted bugs it must find (so that a
clean run means something). tests/core/test_contract.py runs the same checks on every game
on positions hypothesis draws."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import meeple
from meeple.testing import ConformanceError, check_game, check_state, conformance
from tests.support.toy import ToyState


def _mid_game(game, moves=3, seed=2):
    state = game.new_initial_state(num_players=3, seed=seed)
    r = random.Random(seed)
    for _ in range(moves):
        state.apply_action(r.choice(state.legal_actions()))
    return state


class _SharedCloneToy(ToyState):
    """A clone shares the hands with the original."""

    def _copy(self):
        new = _SharedCloneToy.__new__(_SharedCloneToy)
        self._copy_base(new)
        new.deck, new.hands, new.stopped, new.turn = self.deck[:], self.hands, self.stopped[:], self.turn
        return new


class _PeekingToy(ToyState):
    """Re-samples the deck with a generator seeded by the true top card (a bot could peek)."""

    def _copy(self):
        new = _PeekingToy.__new__(_PeekingToy)
        self._copy_base(new)
        new.deck, new.hands = self.deck[:], [h[:] for h in self.hands]
        new.stopped, new.turn = self.stopped[:], self.turn
        return new

    def _resample(self, seat, rng):
        top = self.deck[-1] if self.deck else 0
        super()._resample(seat, random.Random(top))


class _CountingToy(ToyState):
    """Counts the rejected notations in the state (a refusal that changes the state)."""

    def _why_illegal(self, text):
        self.stopped = self.stopped + []
        self.hands[0] = self.hands[0] + [0]
        return super()._why_illegal(text)


class _LenientToy(ToyState):
    """Reads any notation of digits as 'stop'."""

    def parse_action(self, text):
        if isinstance(text, str) and text.isdigit():
            text = "stop"
        return super().parse_action(text)


def test_the_test_game_keeps_the_contract():
    report = check_game("toy", seeds=2, every=1)
    assert report.game == "toy" and report.games == 2 * 2  # 2 and 3 players, 2 seeds
    assert report.states > report.games and report.steps > 0


def test_check_state_changes_nothing():
    state = _mid_game(meeple.load_game("toy"))
    before = conformance.dump(state)
    check_state(state, seed=3)
    assert conformance.dump(state) == before


def test_a_clone_sharing_a_list_is_found(planted):
    game = planted(_SharedCloneToy, "toy-shared")
    with pytest.raises(ConformanceError, match="to a clone changed the original"):
        conformance.check_clone_independence(_mid_game(game))
    with pytest.raises(ConformanceError, match="toy-shared standard 2p seed 0 move 0: applying draw to a clone"):
        check_game(game, seeds=1, every=1)


def test_a_resample_that_peeks_is_found(planted):
    game = planted(_PeekingToy, "toy-peeking")
    with pytest.raises(ConformanceError, match="depends on what seat . cannot see"):
        for seed in range(20):
            conformance.check_observations(_mid_game(game, seed=seed), seed=seed)


def test_a_refusal_that_changes_the_state_is_found(planted):
    game = planted(_CountingToy, "toy-counting")
    with pytest.raises(ConformanceError, match="rejected notation 'this-is-no-action' changed the state"):
        conformance.check_illegal_action_changes_nothing(_mid_game(game))


def test_nonsense_read_as_an_action_is_found(planted):
    game = planted(_LenientToy, "toy-lenient")
    with pytest.raises(ConformanceError, match="the notation '99999': accepted, expected IllegalActionError"):
        conformance.check_illegal_action_changes_nothing(_mid_game(game, moves=0))


def test_metadata_and_malformed_saves_of_the_test_game():
    conformance.check_metadata("toy")
    conformance.check_malformed_saves("toy")
    conformance.check_determinism("toy", 5)
    conformance.check_conservation("toy", 5)


def test_python_dash_m_meeple_testing(capsys):
    assert conformance.main(["toy", "1"]) == 0
    assert "toy: 2 random games" in capsys.readouterr().out
    assert conformance.main(["chess"]) == 1
    assert "FAIL unknown game 'chess'" in capsys.readouterr().out
    assert conformance.main([]) == 2
    proc = subprocess.run(
        [sys.executable, "-m", "meeple.testing", "chess"], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 1 and "FAIL unknown game 'chess'" in proc.stdout, proc.stderr


def test_the_options_other_than_the_defaults_are_played_too():
    """A contributor's game passed with a broken option value: each other choice of an option
    (and the other value of a True/False option) is now played once in every variant."""
    from meeple.testing.conformance import check_game, option_cases

    assert option_cases(meeple.load_game("klondike")) == [
        {"layout": "choose"},
        {"layout": "identical"},
        {"secret_rubies": True},
        {"edge_rule": "one_edge_per_tile"},
    ]
    assert option_cases(meeple.load_game("lignum")) == [{"easy_winter": True}, {"hidden_products": True}]
    # solomon: 2 variants x 4 player counts, then allow_upward_moves=True in each variant
    assert check_game("solomon", 1).games == 2 * 4 + 2
