"""``meeple play``'s ``takeback``: back to the person's last choice, refused where another
person moved or something hidden was shown since."""

from __future__ import annotations

import json

import pytest

import meeple
from tests.cli.helpers import BUNDLED, _variants, run


def test_takeback_goes_back_to_the_persons_last_move(tmp_path):
    """Magnum Sal: 'square' (+1 groš, nothing hidden shown) and the bot's reply are taken
    back; the saved game is the one before the move."""
    save = tmp_path / "tb.json"
    r = run(
        "play",
        "magnum-sal",
        "--seats",
        "human,random",
        "--seed",
        "5",
        "--save",
        str(save),
        input="square\ntakeback\ntakeback\nquit\n",
    )
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())  # the console wraps long lines
    assert "You took back 4 actions: square, place, from supply, to S1." in out
    assert "Cannot take back: you have no move to take back." in out
    assert json.loads(save.read_text())["record"]["actions"] == []


def test_takeback_refuses_when_another_person_moved_since(tmp_path):
    save = tmp_path / "tb.json"
    r = run(
        "play",
        "magnum-sal",
        "--seats",
        "human,human",
        "--seed",
        "2",
        "--save",
        str(save),
        input="\nsquare\n\nsquare\n\ntakeback\nquit\n",
    )
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())  # the console wraps long lines
    assert "black (human) has moved since; only moves that no other person has answered can be taken back" in out
    assert json.loads(save.read_text())["record"]["actions"] == ["square", "square"]


def test_takeback_refuses_after_something_hidden_was_shown():
    """Fifteen: seat 0 saw the card it drew, so it may not draw again instead; nothing changes."""
    from meeple.cli.play import hidden_shown, takeback

    st = meeple.load_game("toy").new_initial_state(num_players=2, seed=3)
    before = st.clone()
    st.apply_action("draw")
    st.apply_action("stop")  # seat 1 stops: seat 0 to play again
    assert st.current_player == 0
    assert hidden_shown(before, st, 0) == "draw"
    history = st.history
    earlier, why = takeback(st, ["human", "random"])
    assert earlier is None and why.startswith("'draw' told you something that was hidden before it")
    assert st.history == history
    # seat 1 stopping showed seat 0 nothing: from seat 1's view only its stop is new
    assert hidden_shown(st.clone(), st, 1) is None


def test_takeback_skips_forced_steps_back_to_the_last_choice(tmp_path):
    """Magnum Sal: 'place' then the only source 'from supply' and the only destination
    'to S1': one takeback undoes the whole placement (and the bot's reply)."""
    save = tmp_path / "tb.json"
    r = run(
        "play",
        "magnum-sal",
        "--seats",
        "human,random",
        "--seed",
        "5",
        "--save",
        str(save),
        input="place\nfrom supply\nto S1\ntakeback\nquit\n",
    )
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "You took back 6 actions: place, from supply, to S1, market, sell brown, buy green." in out
    assert json.loads(save.read_text())["record"]["actions"] == []


@pytest.mark.parametrize("name, variant", [x for g in BUNDLED for x in _variants(g)])
def test_takeback_restores_exactly_the_position_the_person_saw(name, variant):
    """On random 3-player lines of every game and variant: an allowed takeback gives the very
    state (hidden parts and chance included) of the person's last choice, with no rival's
    secret choice undone; a refusal names no rival's secret choice (the person has not seen it)."""
    import random

    from meeple.cli.play import takeback

    game = meeple.load_game(name)
    st = game.new_initial_state(num_players=min(3, game.max_players), seed=5, variant=variant)
    r = random.Random(1)
    seen = []  # (seat to move, a secret decision, legal actions, state) before each action
    allowed = 0
    for _ in range(150):
        if st.is_terminal():
            break
        seat = st.current_player
        seats = ["random"] * st.num_players
        seats[seat] = "human"
        earlier, message = takeback(st, seats)
        own = [i for i, x in enumerate(seen) if x[0] == seat]
        choices = [i for i in own if seen[i][2] > 1] or own[:1]  # forced steps go back with a choice
        start = choices[-1] if choices else len(seen)
        nameable = [
            st.history[i] for i in range(start, len(seen)) if not (seen[i][0] != seat and seen[i][1])
        ]  # public or the person's own
        if earlier is not None:
            allowed += 1
            before = seen[start][3]
            assert earlier.history == before.history and earlier.current_player == seat
            a, b = earlier.to_dict(), before.to_dict()
            assert {k: v for k, v in a.items() if k != "events"} == {k: v for k, v in b.items() if k != "events"}
            assert not any(x[0] != seat and x[1] for x in seen[start:]), message
        elif "'" in message:
            named = message.split("'")[1]
            assert named in nameable, message
        seen.append((seat, st.is_secret_decision(), len(st.legal_actions()), st.clone()))
        st.apply_action(r.choice(st.legal_actions()))
    assert allowed >= 3


def test_takeback_stops_where_a_game_went_on_from_a_loaded_position(tmp_path):
    """After --at or with other players, the moves before were not the person's: takeback
    refuses them; in a resumed game (same players) a person takes back their own."""
    a = tmp_path / "a.json"
    assert (
        run(
            "play", "magnum-sal", "--seats", "human,random", "--seed", "5", "--save", str(a), input="square\nquit\n"
        ).exit_code
        == 0
    )
    assert json.loads(a.read_text())["record"]["actions"] == ["square", "place", "from supply", "to S1"]
    r = run("play", "magnum-sal", "--load", str(a), "--at", "3", input="takeback\nquit\n")
    assert "since this game went on from the loaded position" in " ".join(r.output.split()), r.output
    r = run("play", "magnum-sal", "--load", str(a), input="takeback\nquit\n")
    assert "You took back 4 actions: square, place, from supply, to S1." in " ".join(r.output.split()), r.output
