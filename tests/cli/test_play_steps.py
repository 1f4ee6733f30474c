"""``meeple play``'s actions of several steps: the first step offered, steps typed on one
line, and their refusals."""

from __future__ import annotations

import pytest

import meeple
from tests.cli.helpers import BUNDLED, run


@pytest.mark.parametrize(
    "game, example",
    [("magnum-sal", "'place from supply to S1'"), ("lignum", "'go 4 carriers 2'"), ("solomon", "'move b2-a1'")],
)
def test_help_shows_steps_on_one_line_of_the_game_played(tmp_path, game, example):
    r = run(
        "play", game, "--seats", "human,random", "--seed", "2", "--save", str(tmp_path / "g.json"), input="help\nquit\n"
    )
    assert r.exit_code == 0, r.output
    assert f"several steps on one line are played in turn, e.g. {example}" in " ".join(r.output.split())


def _solomon_at_move(seed=3):
    """A 2-player Solomon game played randomly to the first turn where 'move' (SO-5) is legal."""
    import random

    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=seed)
    r = random.Random(0)
    while "move" not in [a.text for a in st.legal_actions()]:
        st.apply_action(r.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("answer, played", [("y", True), ("n", False), ("save {}", False)])
def test_play_offers_the_first_step_of_a_two_step_action(tmp_path, answer, played):
    """Typing Solomon's 'a1-b1' without 'move' first: play asks, and plays both on 'y'; a
    command typed instead of an answer is not lost (here: 'save FILE' saves)."""
    from meeple.cli.play import first_step, play_loop

    st = _solomon_at_move()
    seat = st.current_player
    after = st.clone()
    after.apply_action("move")
    tile_move = after.legal_actions()[0].text
    assert first_step(st, tile_move).text == "move"
    assert first_step(st, "no such thing") is None
    before = list(st.history)
    assert first_step(st, "done") is None and first_step(st, "pass") is None  # never a second step
    answer = answer.format(tmp_path / "other.json")
    lines = iter([tile_move, answer, "quit"])
    seats = ["random", "random"]
    seats[seat] = "human"
    final = play_loop(st, seats, tmp_path / "s.json", 3, input_fn=lambda p: next(lines))
    new = final.history[len(before) :]
    assert new == (["move", tile_move] if played else [])
    assert (tmp_path / "other.json").exists() == answer.startswith("save")


def test_play_takes_both_steps_typed_on_one_line(tmp_path):
    """'move a1-b1' typed at once is played as 'move', then 'a1-b1'; the rules explain the
    two steps to an API caller instead of claiming no tile can move."""
    from meeple.cli.play import play_loop, split_steps
    from meeple.core import IllegalActionError

    st = _solomon_at_move()
    seat = st.current_player
    after = st.clone()
    after.apply_action("move")
    tile_move = after.legal_actions()[0].text
    first, rest = split_steps(st, f"  MOVE   {tile_move} ")
    assert first.text == "move" and rest.lower() == tile_move.lower()
    assert split_steps(st, "move z9-z8") is None and split_steps(st, tile_move) is None
    with pytest.raises(IllegalActionError, match="two actions: 'move', then the move itself"):
        st.apply_action(f"move {tile_move}")
    after_move = st.clone()
    after_move.apply_action("move")
    with pytest.raises(IllegalActionError) as refused:  # a bad move: the move's own reason
        st.apply_action("move z9-z8")
    assert "two actions" not in str(refused.value)
    with pytest.raises(IllegalActionError) as alone:
        after_move.apply_action("z9-z8")
    assert str(refused.value) == str(alone.value)
    before = list(st.history)
    lines = iter([f"move {tile_move}", "quit"])
    seats = ["random", "random"]
    seats[seat] = "human"
    final = play_loop(st, seats, tmp_path / "s.json", 3, input_fn=lambda p: next(lines))
    assert final.history[len(before) :] == ["move", tile_move]


def test_play_takes_three_steps_typed_on_one_line(tmp_path):
    """Magnum Sal's 'place from supply to S1' is three steps ('place', 'from supply', 'to S1')."""
    from meeple.cli.play import play_loop, split_steps

    st = meeple.load_game("magnum-sal").new_initial_state(2, seed=5)
    seat = st.current_player
    first, rest = split_steps(st, "place  from supply to S1")
    assert first.text == "place" and rest == "from supply to S1"
    assert split_steps(st, "place from supply to S3") is None  # S3 is not reachable now
    assert split_steps(st, "place to S1") is None
    seats = ["random", "random"]
    seats[seat] = "human"
    lines = iter(["place from supply to S1", "quit"])
    final = play_loop(st, seats, tmp_path / "s.json", 3, input_fn=lambda p: next(lines))
    assert final.history[:3] == ["place", "from supply", "to S1"]


def test_play_says_to_type_the_rest_when_a_played_step_is_typed_again(tmp_path, capsys):
    """After 'place', the whole 'place from supply to S1' is refused (MS-7.1) with a tip to
    type only 'from supply to S1'; that line then plays both steps."""
    from meeple.cli.play import play_loop, retyped_steps

    st = meeple.load_game("magnum-sal").new_initial_state(2, seed=5)
    seat = st.current_player
    st.apply_action("place")
    assert retyped_steps(st, "place  from supply to S1") == ("place", "from supply to S1")
    assert retyped_steps(st, "place from supply to S3") is None  # not playable now
    assert retyped_steps(st, "from supply") is None  # legal as it is
    seats = ["random", "random"]
    seats[seat] = "human"
    lines = iter(["place from supply to S1", "from supply to S1", "quit"])
    final = play_loop(st, seats, tmp_path / "s.json", 3, input_fn=lambda p: next(lines))
    out = " ".join(capsys.readouterr().out.split())
    assert "'place' is played already: type just 'from supply to S1'" in out
    assert final.history[:3] == ["place", "from supply", "to S1"]


@pytest.mark.parametrize("name", BUNDLED)
def test_the_first_step_offer_depends_only_on_what_the_seat_sees(name):
    """The 'needs X first: play both?' offer is the same on a state and on re-samples of what
    the seat cannot see (tried on the truth it told Magnum Sal players whether a face-down
    tile holds salt: 'extract I.L1' was offered with 'to I.L1' only on a salted tile)."""
    import random

    from meeple.cli.play import first_step, split_steps

    game = meeple.load_game(name)
    st = game.new_initial_state(num_players=3, seed=11)
    r = random.Random(4)
    checked = 0
    for _ in range(160):
        if st.is_terminal():
            break
        seat = st.current_player
        seconds = set()
        for a in st.legal_actions()[:12]:
            after = st.clone()
            after.apply_action(a)
            if not after.is_terminal() and after.current_player == seat:
                seconds.update(b.text for b in after.legal_actions()[:6])
        for text in sorted(seconds)[:6]:
            offer = first_step(st, text)
            probe = st.resample_hidden(seat, random.Random(checked))
            other = first_step(probe, text)
            assert (offer and offer.text) == (other and other.text), (name, st.move_number, text)
            if offer is not None:  # the same two steps typed on one line
                both = f"{offer.text} {text}"
                split, split_other = split_steps(st, both), split_steps(probe, both)
                assert (split and split[0].text) == (split_other and split_other[0].text) == offer.text
            checked += 1
        st.apply_action(r.choice(st.legal_actions()))
    assert checked >= 5


def test_ctrl_c_at_the_two_step_question_saves_and_stops(tmp_path):
    """Ctrl-C at 'needs X first: play both? (y/n)' saves the game and stops (exit 130 from the
    command line), as at the prompt; neither step is played."""
    import random
    import signal

    from meeple.cli.play import first_step, load_save, play_loop

    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=3)
    st.apply_action(random.Random(1).choice(st.legal_actions()))
    assert first_step(st, "dig a1,b1,c1").text == "play 1"  # SO: a card is played before the dig
    before = list(st.history)
    asked = []

    def answer(prompt):
        if prompt.startswith("Pass the keyboard"):
            return ""
        if "(y/n)" in prompt:
            asked.append(prompt)
            raise KeyboardInterrupt
        return "quit" if asked else "dig a1,b1,c1"

    save, stopped_by = tmp_path / "s.json", [0]
    final = play_loop(st, ["human", "human"], save, 3, stopped_by=stopped_by, input_fn=answer)
    assert len(asked) == 1 and "needs 'play 1' first" in asked[0]
    assert stopped_by == [signal.SIGINT] and final.history == before  # not a quit after a 'no'
    loaded, seats = load_save(save)
    assert loaded.history == before and seats == ["human", "human"]


def test_steps_on_one_line_refused_at_a_later_step_give_that_steps_rule(tmp_path):
    """'place from supply to S3': the first two steps are legal, S3 breaks MS-8.3's chain rule;
    the refusal says so (not 'not an action') and nothing is played."""
    from meeple.cli.play import failed_step, play_loop

    st = meeple.load_game("magnum-sal").new_initial_state(2, seed=5)
    played, rest, error = failed_step(st, "place  from supply to S3")
    assert played == ["place", "from supply"] and rest == "to S3" and error.rule == "MS-8.3"
    assert failed_step(st, "place from supply to S1") is None  # legal: no refusal
    assert failed_step(st, "no such thing") is None
    seats = ["random", "random"]
    seats[st.current_player] = "human"
    lines = iter(["place from supply to S3", "quit"])
    r_state = play_loop(st, seats, tmp_path / "s.json", 3, input_fn=lambda p: next(lines))
    assert r_state.history == []


def test_an_amount_after_loan_gets_the_games_reason_not_a_step_refusal(tmp_path):
    """Lignum 'loan 5': 'loan' is legal, '5' is no action; the game's reason for the whole
    line (LG-21.1: a loan is always $4) is shown, not "after 'loan', '5' is refused"."""
    from meeple.cli.play import failed_step

    st = meeple.load_game("lignum").new_initial_state(num_players=2, seed=1)
    with pytest.raises(meeple.IllegalActionError) as e:
        st.parse_action("loan 5")
    assert str(e.value) == "LG-21.1: write just 'loan': a loan is always $4 (a second one another $4, LG-21.2)"
    assert failed_step(st, "loan 5") is None
    r = run(
        "play",
        "lignum",
        "--seats",
        "human,random",
        "--seed",
        "1",
        "--save",
        str(tmp_path / "g.json"),
        input="loan 5\nquit\n",
    )
    out = " ".join(r.output.split())
    assert "Not allowed: LG-21.1: write just 'loan'" in out and "is refused" not in out, r.output


def test_more_steps_on_one_line_than_are_played_name_the_limit():
    """Six Solomon steps on one line (three moves, SO-6.1): the refusal names the limit of 4
    steps a line, not the notation of a move ('c1 move ...' is not a cell)."""
    import random

    from meeple.cli.play import MAX_STEPS_ON_A_LINE, failed_step

    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=3)
    r = random.Random(1)
    for _ in range(3):
        st.apply_action(r.choice(st.legal_actions()))
    assert MAX_STEPS_ON_A_LINE == 4
    assert failed_step(st, "move b1-c1 move a1-b1") is None  # 4 steps: legal
    played, rest, error = failed_step(st, "move b1-c1 move a1-b1 move c1-d1")
    assert played == ["move", "b1-c1", "move"] and rest == "a1-b1 move c1-d1"
    assert str(error) == "that makes more than 4 steps on one line; type at most 4, then the rest"


def test_steps_on_one_line_stop_before_a_new_secret_choice():
    """Solomon: a dig that ends the round, then the next round's card: the line is not played
    as steps (the person sees the round end first); the dig alone is still legal."""
    import random

    from meeple.cli.play import split_steps

    st = meeple.load_game("solomon").new_initial_state(2, seed=4)
    rng = random.Random(0)
    found = None
    while found is None and not st.is_terminal():
        seat = st.current_player
        if not st.is_secret_decision():
            for a in st.legal_actions():
                after = st.clone()
                after.apply_action(a)
                if not after.is_terminal() and after.current_player == seat and after.is_secret_decision():
                    found = (a, after.legal_actions()[0])
                    break
        if found is None:
            st.apply_action(rng.choice(st.legal_actions()))
    assert found is not None, "no round-ending move of a seat that then chooses the next card"
    first, card = found
    assert split_steps(st, f"{first.text} {card.text}") is None
    st.apply_action(first)  # typed alone it is played
