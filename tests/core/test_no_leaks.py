"""What a person at the table is told must not depend on what they cannot see: the legal
actions of the seat to move and the refusal of an action they type (its rule and message)
are the same on a state and on re-samples of its hidden parts, in every game, with the
options that hide more (Lignum's hidden products, Klondike's secret rubies)."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.core import IllegalActionError

CASES = [
    ("magnum-sal", "standard", {}),
    ("magnum-sal", "mapped-mine", {}),
    ("lignum", "advanced", {"hidden_products": True}),
    ("solomon", "standard", {}),
    ("klondike", "family", {"secret_rubies": True}),
    ("klondike", "race", {}),
]


def _refusal(state, text):
    try:
        state.parse_action(text)
    except IllegalActionError as e:
        return e.rule, str(e)
    return "legal"


@pytest.mark.parametrize("name, variant, options", CASES)
def test_legal_actions_and_refusals_tell_nothing_hidden(name, variant, options):
    seen: set[str] = set()
    compared = 0
    for seed in range(2):
        st = meeple.load_game(name).new_initial_state(num_players=3, seed=seed, variant=variant, **options)
        r = random.Random(seed)
        for i in range(200):
            if st.is_terminal():
                break
            seat = st.current_player
            other = st.resample_hidden(seat, random.Random(i))
            legal = [a.text for a in st.legal_actions()]
            assert [a.text for a in other.legal_actions()] == legal, (name, seed, st.move_number)
            seen.update(legal)
            for text in r.sample(sorted(seen - set(legal)), min(6, len(seen - set(legal)))):
                assert _refusal(st, text) == _refusal(other, text), (name, seed, st.move_number, text)
                compared += 1
            st.apply_action(r.choice(st.legal_actions()))
    assert compared > 100


@pytest.mark.parametrize("name, variant, options", CASES)
def test_the_board_a_seat_sees_shows_nothing_hidden(name, variant, options):
    """``meeple play`` draws the board for the seat to move (and ``replay --seat``): the same
    text on a state and on re-samples of what that seat cannot see."""
    import io

    from rich.console import Console

    from meeple.cli.common import render

    def text(state, seat):
        c = Console(width=120, record=True, file=io.StringIO())
        c.print(render(state, seat))
        return c.export_text()

    st = meeple.load_game(name).new_initial_state(num_players=3, seed=3, variant=variant, **options)
    r = random.Random(3)
    for i in range(150):
        if st.is_terminal():
            break
        seat = st.current_player
        if i % 5 == 0:
            assert text(st, seat) == text(st.resample_hidden(seat, random.Random(i)), seat), (name, st.move_number)
            assert text(st, None) == text(st.resample_hidden(seat, random.Random(i)), None)
        st.apply_action(r.choice(st.legal_actions()))


def test_a_resample_keeps_no_trace_of_the_true_game():
    """Its history, record and seed would replay the true deal and the rivals' secret choices."""
    game = meeple.load_game("solomon")
    st = game.new_initial_state(3, seed=7)
    st.apply_action("play 9")  # P1's secret card
    true_hand = st.hands[2][:]
    r = st.resample_hidden(1, random.Random(0))
    assert r.history == ["?"] and r.record()["actions"] == ["?"] and r.to_dict()["history"] == ["?"]
    assert r.seed != st.seed and r.record()["seed"] == r.seed
    assert game.new_initial_state(3, seed=r.seed).hands[2] != true_hand
    with pytest.raises(meeple.InvalidRecordError, match="action 1 is '\\?': this is the record of a re-sample"):
        meeple.replay(r.record())
    later = r.clone()
    action = later.legal_actions()[0]  # P2 chooses a card on the re-sample
    later.apply_action(action)
    assert later.history == ["?", action.text]
    assert later.move_number == 2 and r.history == ["?"] and st.history == ["play 9"]
    # the same for every bot's view: equal observations, nothing of the true history
    assert r.observation(1) == st.observation(1)


@pytest.mark.parametrize("rng", [5, None, "seed"])
def test_resample_takes_a_random_generator(rng):
    st = meeple.load_game("solomon").new_initial_state(3, seed=7)
    with pytest.raises(TypeError, match="takes a random.Random as rng"):
        st.resample_hidden(0, rng)
