"""Bad arguments to the State API get a clear error and change nothing."""

import random

import pytest

import meeple


@pytest.mark.parametrize("game", ["magnum-sal", "lignum", "solomon", "klondike"])
def test_apply_action_refuses_an_index_or_none_and_changes_nothing(game):
    st = meeple.load_game(game).new_initial_state(num_players=2, seed=1)
    before = st.to_dict()
    for bad in (3, None, 1.5):
        with pytest.raises(TypeError, match=r"legal_actions\(\)\[i\]"):
            st.apply_action(bad)
    assert st.to_dict() == before
    st.apply_action(st.legal_actions()[0])  # an Action still works
    assert st.move_number == 1


@pytest.mark.parametrize("seat", [2, -1, True, "0", 1.0])
def test_observation_and_resample_refuse_what_is_not_a_seat(seat):
    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=1)
    with pytest.raises(ValueError, match="is not a seat of this 2-player game"):
        st.observation(seat)
    with pytest.raises(ValueError, match="is not a seat of this 2-player game"):
        st.resample_hidden(seat, random.Random(0))
    assert st.observation(None)["seat"] is None and st.observation(1)["seat"] == 1


def test_observation_and_resample_accept_the_same_seats():
    """An int subclass (not bool), such as an IntEnum seat, is a seat to both."""
    import enum

    class Seat(enum.IntEnum):
        FIRST = 0
        SECOND = 1

    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=1)
    assert st.observation(Seat.SECOND)["players"] == st.observation(1)["players"]
    a = st.resample_hidden(Seat.SECOND, random.Random(5))
    b = st.resample_hidden(1, random.Random(5))
    assert a.to_dict() == b.to_dict()
