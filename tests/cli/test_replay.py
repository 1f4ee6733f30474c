"""``meeple replay``: tampered and malformed files, ``--at``, ``--step``, records and results
tables."""

from __future__ import annotations

import json

import pytest

import meeple
from tests.cli.helpers import _record_file, run


def test_replay_rejects_tampered_and_malformed_files(tmp_path):
    save = tmp_path / "g.json"
    run("play", "toy", "--seats", "human,human", "--seed", "9", "--save", str(save), input="\n1\n1\nquit\n")
    data = json.loads(save.read_text())
    data["state"]["state"]["deck"] = []
    (tmp_path / "edited.json").write_text(json.dumps(data))
    r = run("replay", str(tmp_path / "edited.json"))
    assert r.exit_code == 2 and "does not match" in r.output
    data = json.loads(save.read_text())
    data["record"]["actions"][0] = "fly"
    (tmp_path / "bad.json").write_text(json.dumps(data))
    r = run("replay", str(tmp_path / "bad.json"))
    assert r.exit_code == 2 and "cannot be replayed" in r.output
    (tmp_path / "junk.json").write_text("{not json")
    r = run("replay", str(tmp_path / "junk.json"))
    assert r.exit_code == 2 and "not a JSON" in r.output
    r = run("replay", str(tmp_path / "missing.json"))
    assert r.exit_code == 2
    r = run("play", "toy", "--load", str(tmp_path / "bad.json"))
    assert r.exit_code == 2 and "Traceback" not in r.output
    data = json.loads(save.read_text())
    data["record"]["game"] = "solomon"  # the record's game edited, not the state's
    (tmp_path / "other.json").write_text(json.dumps(data))
    r = run("play", "toy", "--load", str(tmp_path / "other.json"))
    assert r.exit_code == 2 and "its record is a game of 'solomon' but its saved state one of 'toy'" in " ".join(
        r.output.split()
    )
    data = json.loads(save.read_text())
    data["seats"] = None  # not a default pair of players: the save's own are gone
    (tmp_path / "noseats.json").write_text(json.dumps(data))
    r = run("play", "toy", "--load", str(tmp_path / "noseats.json"))
    assert r.exit_code == 2 and "'seats' must list one player per seat, not None" in " ".join(r.output.split())


def test_replay_of_a_results_table_says_what_it_is(tmp_path):
    out = tmp_path / "l.parquet"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    r = run("replay", str(out))
    assert r.exit_code == 2 and "results table" in " ".join(r.output.split()) and "codec" not in r.output


def test_replay_reads_a_bare_state_dict_and_refuses_an_edited_one(tmp_path):
    import random

    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=5)
    r = random.Random(5)
    for _ in range(30):
        st.apply_action(r.choice(st.legal_actions()))
    good = tmp_path / "state.json"
    good.write_text(json.dumps(st.to_dict()))
    out = run("replay", str(good), "--no-events")
    assert out.exit_code == 0, out.output
    assert "30 actions replayed; game in progress" in out.output
    edited = st.to_dict()
    edited["state"]["coins"] = [999] + edited["state"]["coins"][1:]
    bad = tmp_path / "edited.json"
    bad.write_text(json.dumps(edited))
    out = run("replay", str(bad))
    assert out.exit_code == 2 and "does not match its replayed record" in out.output


def early_name(st, k):
    """The name of the seat that took action ``k`` (0-based) of ``st``'s game."""
    return meeple.replay({**st.record(), "actions": st.history[:k]}).seat_name(
        meeple.replay({**st.record(), "actions": st.history[:k]}).current_player
    )


def test_replay_at_shows_the_board_a_seat_saw_and_the_next_action(tmp_path):
    path, st = _record_file(tmp_path, "magnum-sal")
    r = run("replay", str(path), "--at", "12", "--seat", "1", "--no-events")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    early = meeple.replay({**st.record(), "actions": st.history[:12]})
    name = early.seat_name(1)
    assert f"after 12 of 40 actions, as {name} sees it" in out
    assert f"After 12 of 40 actions; next: 13. {early.seat_name(early.current_player)}: {st.history[12]}" in out
    r = run("replay", str(path), "--at", "12", "--seat", "1")  # the actions numbered, with their events
    lines = r.output.splitlines()
    assert any(x.strip() == f"12. {early_name(st, 11)}: {st.history[11]}" for x in lines), r.output
    # the seat can be named as the game prints it; 0 is the initial position
    r = run("replay", str(path), "--at", "0", "--seat", name.upper(), "--no-events")
    assert r.exit_code == 0 and "after 0 of 40 actions" in " ".join(r.output.split())
    # a view shows no scores before the end: they count holdings hidden from it
    assert "scores now" not in r.output and "scores now" in run("replay", str(path)).output


def test_replay_at_hides_a_secret_next_action_from_other_views(tmp_path):
    """Solomon: a seat's face-down card choice is not named to a spectator or another seat."""
    path, st = _record_file(tmp_path, "solomon", actions=30)
    line = meeple.replay({**st.record(), "actions": []})
    k = next(i for i, a in enumerate(st.history) if line.is_secret_decision() or line.apply_action(a))
    mover = meeple.replay({**st.record(), "actions": st.history[:k]}).current_player
    other = (mover + 1) % 3
    r = run("replay", str(path), "--at", str(k), "--seat", str(other), "--no-events")
    assert r.exit_code == 0, r.output
    assert "(a secret choice)" in r.output and st.history[k] not in r.output.split("actions; next:")[1]
    r = run("replay", str(path), "--at", str(k + 1), "--seat", str(other))  # the numbered list hides it too
    assert f"{k + 1}. {st.seat_name(mover)}: (a secret choice)" in r.output
    r = run("replay", str(path), "--at", str(k), "--seat", str(mover), "--no-events")
    assert f"{st.seat_name(mover)}: {st.history[k]}" in " ".join(r.output.split())


@pytest.mark.parametrize(
    "args, message",
    [
        (("--at", "41"), "--at must be 0 to 40"),
        (("--at", "-1"), "--at must be 0 to 40"),
        (("--seat", "7"), "is not a seat of this game"),
        (("--seat", "nobody"), "is not a seat of this game"),
        (("--seat", "\u00b2"), "is not a seat of this game"),  # a digit to str.isdigit, not to int()
    ],
)
def test_replay_refuses_a_bad_move_number_or_seat(tmp_path, args, message):
    path, _st = _record_file(tmp_path, "magnum-sal")
    r = run("replay", str(path), *args)
    assert r.exit_code == 2 and message in " ".join(r.output.split()), r.output


def test_a_csv_results_table_points_to_replay_game_and_records(tmp_path):
    out = tmp_path / "r.csv"
    assert run("simulate", "solomon", "--seats", "random,random", "-n", "1", "--out", str(out)).exit_code == 0
    r = run("replay", str(out))
    text = " ".join(r.output.split())
    assert r.exit_code == 2 and "is a results table of 1 game: pick one with --game N (N from 0 to 0" in text
    r = run("play", "solomon", "--load", str(out))
    text = " ".join(r.output.split())
    assert r.exit_code == 2 and "is a CSV file, not a JSON save file" in text and "--records DIR" in text
    assert "'meeple replay FILE --game N' plays its game N again" in text


def test_a_record_error_numbers_the_action_as_replay_lists_it(tmp_path):
    path, st = _record_file(tmp_path, "magnum-sal", actions=5)
    data = json.loads(path.read_text())
    data["actions"][2] = "fly away"
    path.write_text(json.dumps(data))
    r = run("replay", str(path))
    assert r.exit_code == 2 and "action 3 ('fly away') cannot be replayed" in " ".join(r.output.split())


def test_replay_step_walks_the_game_action_by_action(tmp_path):
    """--step: Enter plays the next action (a rival's secret one unnamed), a number jumps,
    a wrong answer is explained, the end shows the result."""
    path, st = _record_file(tmp_path, "solomon", actions=30)
    r = run("replay", str(path), "--step", "--seat", "0", input="\n\nx\n29\n\n")
    assert r.exit_code == 0, r.output
    out = r.output
    line = meeple.replay({**st.record(), "actions": []})
    names = []
    for text in st.history[:2]:
        p = line.current_player
        names.append(f"{line.seat_name(p)}: " + ("(a secret choice)" if line.is_secret_decision() and p != 0 else text))
        line.apply_action(text)
    assert f"1. {names[0]}" in out and f"2. {names[1]}" in out
    assert "Type a number of actions from 0 to 30" in out
    assert "30. " in out and "after 30 of 30 actions" in out and "End of the record." in out
    r = run("replay", str(path), "--step", "--at", "31")
    assert r.exit_code == 2 and "--at must be 0 to 30" in r.output
    # from the end a number still jumps back; --no-events leaves the events out
    r = run("replay", str(path), "--step", "--at", "30", "--no-events", input="28\n\n\nq\n")
    assert r.exit_code == 0 and "after 28 of 30 actions" in r.output and "29. " in r.output
    assert r.output.count("End of the record.") == 2 and "    " + st.events[-1] not in r.output


def test_a_save_naming_its_game_in_another_spelling_loads(tmp_path):
    """ "Solomon" or "Magnum_Sal" in a save file's record and state is that game, as load_game
    reads the name (the save check compared the raw text and called the file edited)."""
    r = run(
        "simulate",
        "magnum-sal",
        "--seats",
        "random,random",
        "-n",
        "1",
        "--records",
        str(tmp_path),
        "--option",
        "max_rounds=1",
    )
    assert r.exit_code == 0, r.output
    path = next(tmp_path.glob("magnum-sal-*.json"))
    data = json.loads(path.read_text())
    data["record"]["game"], data["state"]["game"] = "Magnum_Sal", "MAGNUM-SAL"
    path.write_text(json.dumps(data))
    r = run("replay", str(path))
    assert r.exit_code == 0 and "Magnum Sal:" in r.output, r.output
    data["state"]["game"] = "solomon"
    path.write_text(json.dumps(data))
    r = run("replay", str(path))
    assert r.exit_code == 2 and "its record is a game of 'Magnum_Sal' but its saved state one of 'solomon'" in " ".join(
        r.output.split()
    )
