"""``meeple play`` at the table: hot seat hand-overs, line editing, the resume command and
cancelling a hint (the game loop of :mod:`meeple.cli.play`)."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli import play as play_mod
from meeple.cli.main import app
from tests.cli.helpers import BUNDLED, _variants

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces made single spaces (rich wraps lines)."""
    return " ".join(text.split())


# ------------------------------------------------------------------ hot seat: what happened meanwhile
def test_hot_seat_shows_each_person_what_happened_since_their_last_turn(tmp_path):
    """The user's report: P2's screen after the hand-over lists P1's and P3's digs (cleared
    from the screen with P1's hand), starting where P2 last chose."""
    r = run(
        "play",
        "solomon",
        "--seats",
        "human,human,greedy",
        "--seed",
        "8",
        "--save",
        str(tmp_path / "g.json"),
        input="\nplay 13\n\nplay 4\ndig d1,e1,e2\n\ndig a1,b1,b2,c2\nplay 2\n\nquit\n",
    )
    assert r.exit_code == 0, r.output
    last = r.output.rsplit("Pass the keyboard to P2 (human)", 1)[1]
    recap = last.split("Since your last turn:", 1)[1].split("P2 (human) >", 1)[0]
    assert [line.strip() for line in recap.strip().splitlines()] == [
        "P2 digs d1,e1,e2: SE T5 T4",  # P2's own last move: its tiles were cleared with the hand-over
        "P1 digs a1,b1,b2,c2: C1 T3 C1 S2",
        "P1 pays 2 (2 coins)",
        "P3 digs a5,b5,c5,b6,c6,d6: T1 T5 S1 PX C3 C2",
        "P3 pays 5 (5 coins)",
        "P1 chooses a card",
    ]
    assert "hand 2 5 6" not in flat(last) and "cards revealed" not in recap  # P2 saw that one live


def _screens(out: str) -> list[tuple[str, list[str]]]:
    """The play's output cut at each 'Pass the keyboard' and prompt marker: ``(who, lines)``,
    the indented lines (events) on the screen of ``who`` (a seat label) before their prompt."""
    pieces = re.split(r"(@@PASS|@@PROMPT [^\n]*)\n", out)
    chunks, screen = [], []
    for piece in pieces:
        if piece.startswith("@@PASS"):
            screen = []  # the screen was cleared for the next person
        elif piece.startswith("@@PROMPT "):
            chunks.append((piece[len("@@PROMPT ") :], screen))  # all on the screen so far was seen
            screen = []
        else:
            screen.extend(line.strip() for line in piece.splitlines() if line.startswith("  "))
    return chunks


@pytest.mark.parametrize("game, variant", [("solomon", None), ("lignum", None), ("klondike", "race")])
def test_every_event_reaches_every_person_in_a_hot_seat_game(game, variant, tmp_path, monkeypatch, capsys):
    """Each person, at each of their prompts, has seen every event of the game so far, in
    order: the ones printed while they were at the keyboard, and the rest in the 'Since your
    last turn' block after the keyboard came to them (nothing is lost with a cleared screen)."""
    g = meeple.load_game(game)
    state = g.new_initial_state(3, seed=8, **({"variant": variant} if variant else {}))
    seats = ["human", "human", "greedy"]
    monkeypatch.setattr(play_mod.console, "_width", 400)  # an event is one line
    counts = {}  # person's seat label -> the number of events at each of their prompts
    prompts = iter(range(40))

    def answer(prompt: str) -> str:
        if prompt.startswith("Pass the keyboard to "):
            print("@@PASS")
            return ""
        label = re.sub(r"\[/?bold\]", "", prompt).rstrip(" >")
        print("@@PROMPT " + label)
        counts.setdefault(label, []).append(len(state.events))
        return "1" if next(prompts, None) is not None else "quit"

    play_mod.play_loop(state, seats, tmp_path / "g.json", 8, input_fn=answer)
    chunks = _screens(capsys.readouterr().out)
    for label in counts:
        seen = [line for who, lines in chunks if who == label for line in lines]
        for n in counts[label]:
            events, k = state.events[:n], 0
            for line in seen:  # the events so far are a subsequence of what this person saw
                if k < len(events) and line == events[k]:
                    k += 1
            assert k == len(events), (label, n, events[k] if k < len(events) else None)
    assert len(counts) == 2 and state.move_number > 10


def test_hot_seat_asks_for_the_keyboard_before_the_first_hand(tmp_path):
    """A new hot-seat game opens with 'Pass the keyboard to P1', not on P1's hand; 'quit'
    there leaves without showing it."""
    r = run(
        "play", "solomon", "--seats", "human,human", "--seed", "14", "--save", str(tmp_path / "g.json"), input="quit\n"
    )
    assert r.exit_code == 0, r.output
    assert "Pass the keyboard to P1 (human)" in r.output and "to play" not in r.output
    r = run(
        "play",
        "solomon",
        "--seats",
        "human,human",
        "--seed",
        "14",
        "--save",
        str(tmp_path / "h.json"),
        input="\nquit\n",
    )
    assert r.output.index("Pass the keyboard to P1 (human)") < r.output.index("P1 (human) to play")


def test_a_loaded_hot_seat_game_asks_for_the_keyboard_before_the_hand(tmp_path):
    """After --load the next person's hand waits for Enter too, and then their screen lists
    what happened since their last turn before the save (here: the game so far)."""
    save = tmp_path / "g.json"
    r = run("play", "solomon", "--seats", "human,human", "--seed", "14", "--save", str(save), input="\nplay 2\nquit\n")
    assert r.exit_code == 0 and json.loads(save.read_text())["record"]["actions"] == ["play 2"], r.output
    r = run("play", "solomon", "--load", str(save), input="quit\n")
    assert r.exit_code == 0, r.output
    assert "Pass the keyboard to P2 (human)" in r.output and "to play" not in r.output
    r = run("play", "solomon", "--load", str(save), input="\nquit\n")
    after = r.output.split("Pass the keyboard to P2 (human)", 1)[1]
    assert "P2 (human) to play" in after
    assert "Since the game began: P1 chooses a card" in flat(after)


def test_one_person_gets_no_hand_over_prompt(tmp_path):
    r = run(
        "play", "solomon", "--seats", "human,greedy", "--seed", "14", "--save", str(tmp_path / "g.json"), input="quit\n"
    )
    assert r.exit_code == 0 and "Pass the keyboard" not in r.output and "P1 (human) to play" in r.output


# ------------------------------------------------------------------ Ctrl-C during a hint
def test_ctrl_c_during_a_hint_cancels_the_hint_and_the_game_goes_on(tmp_path, monkeypatch):
    """The hint's search is stopped, the prompt comes back, the next move is played; Ctrl-C at
    the prompt still saves and leaves (exit 130)."""
    import signal

    from meeple.agents import MCTSAgent

    def ctrl_c(self, state):
        signal.raise_signal(signal.SIGINT)
        raise AssertionError("Ctrl-C stops the search")

    monkeypatch.setattr(MCTSAgent, "action_values", ctrl_c)
    save = tmp_path / "g.json"
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save), input="hint\ndraw\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Hint cancelled." in r.output and "Hint (hard bot)" not in r.output
    assert json.loads(save.read_text())["record"]["actions"][:1] == ["draw"]

    def ctrl_c_at_the_prompt(prompt):
        raise KeyboardInterrupt

    monkeypatch.setattr(play_mod.console, "input", ctrl_c_at_the_prompt)
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(tmp_path / "h.json"))
    assert r.exit_code == 130 and "Game saved to" in r.output, r.output


def test_a_kill_during_a_hint_still_saves_and_stops_the_game(tmp_path, monkeypatch):
    """Only Ctrl-C cancels a hint: SIGTERM (a kill) while it thinks saves the game and exits 143."""
    import os
    import signal

    from meeple.agents import MCTSAgent

    def killed(self, state):
        os.kill(os.getpid(), signal.SIGTERM)
        raise AssertionError("the signal stops the search")

    monkeypatch.setattr(MCTSAgent, "action_values", killed)
    save = tmp_path / "g.json"
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save), input="draw\nhint\ndraw\n")
    assert r.exit_code == 128 + signal.SIGTERM, r.output
    assert "Hint cancelled" not in r.output and "Game saved to" in r.output
    assert json.loads(save.read_text())["record"]["actions"][:1] == ["draw"]


# ------------------------------------------------------------------ the resume command
def _program(folder, name="meeple"):
    """An executable file named like the meeple command in ``folder`` (made)."""
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / name
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    return program


def test_meeple_command_is_the_bare_name_only_when_the_path_finds_this_meeple(tmp_path, monkeypatch):
    """A meeple installed for good (pipx, uv tool) is 'meeple'; one in a virtual environment
    (which 'uv run' puts on the PATH of this process only) or not on the PATH is its absolute
    path; 'python -m meeple' (or another program) is this Python with -m meeple."""
    import sys
    import sysconfig

    installed = _program(tmp_path / "bin")
    monkeypatch.setattr(sys, "argv", [str(installed), "play"])
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert play_mod.meeple_command() == "meeple"
    monkeypatch.setattr(sysconfig, "get_path", lambda name, *a, **k: str(tmp_path / "bin"))  # a venv's scripts
    assert play_mod.meeple_command() == str(installed)
    monkeypatch.undo()
    other = _program(tmp_path / "elsewhere")  # another meeple first on the PATH
    monkeypatch.setattr(sys, "argv", [str(installed), "play"])
    monkeypatch.setenv("PATH", str(tmp_path / "elsewhere"))
    assert play_mod.meeple_command() == str(installed) != str(other)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["bin/meeple", "play"])  # started by a relative path
    assert play_mod.meeple_command() == str(installed)
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "my games" / "src" / "meeple" / "__main__.py")])
    assert play_mod.meeple_command() == f"{sys.executable} -m meeple"


def test_quit_prints_a_resume_command_that_works_from_any_folder(tmp_path):
    """The installed command, started by its path from one folder with a save path relative
    to it: the printed command, run by a shell in another folder (with only the system on
    the PATH, as after 'uv run'), resumes the game."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    meeple_bin = Path(sys.executable).parent / "meeple"
    if not meeple_bin.exists():
        pytest.skip("no meeple command beside this Python")
    (tmp_path / "here").mkdir()
    (tmp_path / "there").mkdir()
    env = {**os.environ, "PATH": "/usr/bin:/bin"}
    env.pop("VIRTUAL_ENV", None)
    first = subprocess.run(
        [str(meeple_bin), "play", "solomon", "--seats", "human,greedy", "--seed", "3", "--save", "g.json"],
        cwd=tmp_path / "here",
        env=env,
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert first.returncode == 0, first.stderr
    command = first.stdout.split("Resume with: ", 1)[1].strip()
    assert str(tmp_path / "here" / "g.json") in command and "uv run" not in command
    again = subprocess.run(
        ["/bin/sh", "-c", command],
        cwd=tmp_path / "there",
        env=env,
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.returncode == 0, again.stdout + again.stderr
    assert f"Game saved to {tmp_path / 'here' / 'g.json'}" in again.stdout


# ------------------------------------------------------------------ line editing at the prompt
class _Tty:
    """A stream that says it is a terminal."""

    def isatty(self):
        return True


def test_line_editing_only_when_a_person_types_at_a_terminal(monkeypatch):
    """readline for the prompt at a terminal; piped input (tests, scripts) is read as before,
    and a Python without readline plays on without it."""
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert play_mod.line_editing() is None
    monkeypatch.setattr(sys, "stdin", _Tty())
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert play_mod.line_editing() is None  # output to a file or a pipe
    monkeypatch.setattr(sys, "stdout", _Tty())
    readline = pytest.importorskip("readline")
    assert play_mod.line_editing() is readline
    monkeypatch.setitem(sys.modules, "readline", None)  # as on Windows: no such module
    assert play_mod.line_editing() is None


def test_the_readline_prompt_marks_its_colour_codes_as_taking_no_room():
    import io

    from rich.console import Console

    where = Console(file=io.StringIO(), force_terminal=True, color_system="standard")
    text = play_mod.readline_prompt("[bold]P1 (human)[/] > ", where)
    assert "\x01\x1b[1m\x02" in text
    assert re.sub("\x01[^\x02]*\x02", "", text) == "P1 (human) > "
    assert play_mod.readline_prompt("[bold]P1 (human)[/] > ", Console(file=io.StringIO())) == "P1 (human) > "


class _FakeReadline:
    """The parts of Python's readline that the game uses, with the history as a list."""

    def __init__(self, history):
        self.history = list(history)
        self.auto = True

    def set_auto_history(self, enabled):
        self.auto = enabled

    def clear_history(self):
        self.history = []

    def add_history(self, line):
        self.history.append(line)

    def get_current_history_length(self):
        return len(self.history)

    def get_history_item(self, i):
        return self.history[i - 1]


def test_each_person_has_their_own_prompt_history(tmp_path, monkeypatch):
    """Hot seat with readline: the up arrow brings back only your own lines (P2 must not find
    the card P1 chose), the hand-over prompt has none, Enter there is not kept, and the
    history from before the game is put back after it."""
    import builtins

    fake = _FakeReadline(["from before"])
    monkeypatch.setattr(play_mod, "line_editing", lambda: fake)
    typed = {"P1": iter(["help", "play 2", "quit"]), "P2": iter(["play 3", "quit"])}
    seen = []

    def typing(prompt):
        assert fake.auto is False
        who = "hand-over" if prompt.startswith("Pass the keyboard") else prompt[:2]
        seen.append((who, list(fake.history)))
        return "" if who == "hand-over" else next(typed[who])

    monkeypatch.setattr(builtins, "input", typing)
    state = meeple.load_game("solomon").new_initial_state(2, seed=14)
    play_mod.play_loop(state, ["human", "human"], tmp_path / "g.json", 14)
    assert seen == [
        ("hand-over", []),
        ("P1", []),
        ("P1", ["help"]),
        ("hand-over", []),
        ("P2", []),
        ("hand-over", []),
        ("P1", ["help", "play 2"]),
    ]
    assert fake.history == ["from before"] and fake.auto is True
    assert state.history == ["play 2", "play 3"]


def test_a_typed_number_plays_the_action_listed_under_it_in_display_order(tmp_path):
    """Solomon lists tile moves by cell (a display order, not the legal order): the number a
    person types is looked up in the list as shown."""
    import random

    from meeple.cli.common import listed_actions

    game = meeple.load_game("solomon")
    st = game.new_initial_state(num_players=2, seed=3)
    r = random.Random(3)
    while "move" not in [a.text for a in st.legal_actions()]:
        st.apply_action(r.choice(st.legal_actions()))
    st.apply_action("move")
    first_listed, first_legal = listed_actions(st)[0].text, st.legal_actions()[0].text
    assert first_listed != first_legal
    seats = ["random", "random"]
    seats[st.current_player] = "human"
    save = tmp_path / "g.json"
    save.write_text(json.dumps({"meeple_save": 1, "seats": seats, "record": st.record(), "state": st.to_dict()}))
    out = run("play", "solomon", "--load", str(save), input="1\nquit\n")
    assert out.exit_code == 0, out.output
    actions = json.loads(save.read_text())["record"]["actions"]
    assert actions[len(st.history)] == first_listed


def test_a_new_game_shows_its_set_up_events(tmp_path):
    """The first screen of a new game shows what the set-up decided (Lignum: the start player
    and the first felling areas, LG-3.8, LG-23.2), as later screens show each move's events."""
    r = run(
        "play", "lignum", "--seats", "human,greedy", "--seed", "11", "--save", str(tmp_path / "g.json"), input="quit\n"
    )
    assert r.exit_code == 0, r.output
    assert "set-up: start player" in flat(r.output) and "LG-23.2" in flat(r.output)


@pytest.mark.parametrize("typed", ["log\n", "Quit\n", "exit\n", "q\n", "", "7\n"])
def test_nothing_but_enter_at_the_hand_over_shows_the_next_hand(tmp_path, typed):
    """After P1's card, whatever the one still at the keyboard types at 'Pass the keyboard to
    P2' (a command, a number, the end of input) never draws P2's hand: quit words save and
    leave, the end of input too, and any other line is refused and the prompt asked again."""
    save = tmp_path / "g.json"
    r = run(
        "play",
        "solomon",
        "--seats",
        "human,human,greedy",
        "--seed",
        "8",
        "--save",
        str(save),
        input="\nplay 13\n" + typed,
    )
    assert r.exit_code == 0, r.output
    assert "P2 (human) to play" not in r.output and "hand 4 8 9" not in r.output
    assert json.loads(save.read_text())["record"]["actions"][:1] == ["play 13"]
    assert r.output.count("Pass the keyboard to P2") == (2 if typed in ("log\n", "7\n") else 1)


def test_a_quit_file_that_cannot_be_saved_at_the_hand_over_stays_there(tmp_path):
    """'quit FILE' refused (a file is in the way of its folder) keeps the hand-over prompt: the
    next hand is drawn only after Enter."""
    (tmp_path / "in_the_way").write_text("x")
    r = run(
        "play",
        "solomon",
        "--seats",
        "human,human,greedy",
        "--seed",
        "8",
        "--save",
        str(tmp_path / "g.json"),
        input=f"\nplay 13\nquit {tmp_path / 'in_the_way' / 'x.json'}\n\nquit\n",
    )
    assert r.exit_code == 0, r.output
    out = r.output
    refused = out.index("cannot save")
    assert out.index("P2 (human) to play") > out.index("Pass the keyboard to P2", refused)


def test_a_hint_whose_search_tried_no_listed_action_says_so(tmp_path, monkeypatch):
    """A hint on a busy machine whose search ran out of time before it tried an action shows a
    message, not an empty table, and the game goes on."""
    from meeple.agents import MCTSAgent

    monkeypatch.setattr(MCTSAgent, "action_values", lambda self, state: [(a, 0.0, 0) for a in state.legal_actions()])
    r = run(
        "play",
        "toy",
        "--seats",
        "human,greedy",
        "--seed",
        "4",
        "--save",
        str(tmp_path / "g.json"),
        input="hint\ndraw\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert "No estimate" in r.output and "Type hint again" in " ".join(r.output.split())
    assert json.loads((tmp_path / "g.json").read_text())["record"]["actions"][:1] == ["draw"]


# ---------------------------------------------------------- moved from test_cli.py
def test_play_toy_to_the_end_by_number_and_notation(tmp_path):
    save = tmp_path / "g.json"
    # seat 0 human: draw (by number), then 'stop' by notation; greedy plays seat 1
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save), input="help\nfoo\n1\nstop\n")
    assert r.exit_code == 0, r.output
    assert "Not allowed" in r.output and "TOY-1" in r.output
    assert "final ranking" in r.output
    assert "Seat 1 (greedy) plays" in r.output
    # the finished game is saved and replays to the same end
    data = json.loads(save.read_text())
    assert data["record"]["actions"][:2] == ["draw", "stop"] or data["record"]["actions"][0] == "draw"
    assert meeple.replay(data["record"]).is_terminal()


@pytest.mark.parametrize("name", BUNDLED)
def test_every_game_plays_to_the_end_with_bots_only(name, tmp_path):
    game = meeple.load_game(name)
    seats = ",".join(["random"] * game.min_players)
    r = run("play", name, "--seats", seats, "--seed", "1", "--save", str(tmp_path / "s.json"))
    assert r.exit_code == 0, r.output
    assert "final ranking" in r.output


def test_hint_shows_three_actions_with_win_chances(tmp_path):
    r = run(
        "play",
        "toy",
        "--seats",
        "human,human",
        "--seed",
        "4",
        "--save",
        str(tmp_path / "h.json"),
        input="\nhint\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert "Hint (hard bot)" in r.output and "est. win chance" in r.output
    assert "draw" in r.output.split("Hint (hard bot)")[1] and "%" in r.output
    assert "Ranked as the bot chooses: most visits first" in " ".join(r.output.split())


def test_play_switches_simulation_caps_off_for_people(tmp_path):
    """Magnum Sal's max_rounds safety cap (not a rule) is off when a person plays."""
    save = tmp_path / "ms.json"
    r = run("play", "magnum-sal", "--seats", "human,random", "--seed", "1", "--save", str(save), input="quit\n")
    assert r.exit_code == 0, r.output
    assert json.loads(save.read_text())["record"]["options"]["max_rounds"] == 0
    save = tmp_path / "ms2.json"  # (a new game does not replace the save of another)
    r = run(
        "play",
        "magnum-sal",
        "--seats",
        "human,random",
        "--seed",
        "1",
        "--save",
        str(save),
        "--option",
        "max_rounds=30",
        input="quit\n",
    )
    assert json.loads(save.read_text())["record"]["options"]["max_rounds"] == 30
    r = run("play", "magnum-sal", "--seats", "random,random", "--seed", "1", "--save", str(tmp_path / "ms3.json"))
    assert r.exit_code == 0 and "final ranking" in r.output
    assert "safety cap off" not in r.output


def test_bots_alone_on_a_game_without_its_safety_cap_are_warned(tmp_path, monkeypatch):
    """A person's Magnum Sal game (max_rounds=0) resumed by bots alone may never end: a note says so."""
    from meeple.cli import play as play_module

    save = tmp_path / "ms.json"
    assert (
        run(
            "play", "magnum-sal", "--seats", "human,human", "--seed", "4", "--save", str(save), input="quit\n"
        ).exit_code
        == 0
    )
    monkeypatch.setattr(play_module, "play_loop", lambda state, *a, **k: state)  # (random bots might not end it)
    r = run(
        "play",
        "magnum-sal",
        "--load",
        str(save),
        "--seats",
        "random,random",
        "--save",
        str(tmp_path / "bots.json"),
        input="",
    )
    out = " ".join(r.output.split())
    assert "this game has its safety cap off (max_rounds=0" in out and "Ctrl-C saves it" in out, r.output


def test_notation_forgives_spaces_and_capitals():
    state = meeple.load_game("toy").new_initial_state(2, seed=1)
    state.apply_action("  DRAW ")
    assert state.history == ["draw"]


def test_bots_secret_choices_are_not_shown_to_people(tmp_path):
    """Solomon SO-4: a bot's card choice is announced as secret, not named."""
    r = run(
        "play", "solomon", "--seats", "random,human", "--seed", "3", "--save", str(tmp_path / "s.json"), input="quit\n"
    )
    assert r.exit_code == 0, r.output
    assert "makes a secret choice" in r.output
    assert "plays play " not in r.output


def _secret_runs(record, seat):
    """How many secret decisions ``seat`` made in ``record``, and in how many runs of
    consecutive ones (another seat's move, or a public one, ends a run)."""
    game = meeple.load_game(record["game"])
    st = game.new_initial_state(
        num_players=record["num_players"], seed=record["seed"], variant=record["variant"], **record["options"]
    )
    decisions = runs = 0
    inside = False
    for text in record["actions"]:
        mine = st.current_player == seat and st.is_secret_decision()
        decisions += mine
        runs += mine and not inside
        inside = mine
        st.apply_action(text)
    return decisions, runs


def test_klondike_race_hides_how_many_decisions_a_bot_takes(tmp_path):
    """KL-40.1 / KL-50.2: a claim and its placement (or tiles and 'build') are one secret
    commitment: one line per run of a bot's secret decisions, not one per decision."""
    save = tmp_path / "r.json"
    r = run(
        "play",
        "klondike",
        "--seats",
        "human,greedy",
        "--variant",
        "race",
        "--seed",
        "1",
        "--save",
        str(save),
        input="1\n" * 12 + "quit\n",
    )
    assert r.exit_code == 0, r.output
    record = json.loads(save.read_text())["record"]
    decisions, runs = _secret_runs(record, 1)
    claims = [t for t in record["actions"] if t.startswith("claim ")]
    assert len(claims) >= 4 and runs >= 3  # the bot laid claims over several ticks
    assert decisions >= 2 * runs  # claim + place, tiles + build: 2 or more a run
    assert r.output.count("P2 (greedy) makes a secret choice") == runs
    assert "plays claim" not in r.output and "plays place" not in r.output
    # between two of the person's prompts, the bot is announced at most once
    for chunk in r.output.split("P1 (human) >"):
        assert chunk.count("makes a secret choice") <= 1


def test_solomon_bots_card_choices_still_one_line_each(tmp_path):
    """SO-4: every bot's card choice is one line, named by seat (one decision a run)."""
    save = tmp_path / "s.json"
    r = run("play", "solomon", "--seats", "human,greedy,greedy", "--seed", "2", "--save", str(save), input="1\nquit\n")
    assert r.exit_code == 0, r.output
    record = json.loads(save.read_text())["record"]
    for seat in (1, 2):
        decisions, runs = _secret_runs(record, seat)
        assert decisions == runs == 1
        assert r.output.count(f"P{seat + 1} (greedy) makes a secret choice") == 1


def test_hot_seat_hands_the_keyboard_over(tmp_path):
    r = run(
        "play",
        "toy",
        "--seats",
        "human,human",
        "--seed",
        "9",
        "--save",
        str(tmp_path / "g.json"),
        input="\n1\n\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert "Pass the keyboard to Seat 1 (human)" in r.output


def test_quit_at_the_hand_over_leaves_without_showing_the_next_hand(tmp_path):
    """Solomon hot seat: 'quit' typed where only Enter was asked saves and leaves at once, and
    P2's hand is not drawn for the person leaving; another line is named, not played."""
    save = tmp_path / "g.json"
    r = run("play", "solomon", "--seats", "human,human", "--seed", "14", "--save", str(save), input="\nplay 2\nquit\n")
    assert r.exit_code == 0, r.output
    assert "P2 (human) to play" not in r.output and "Game saved" in r.output
    assert json.loads(save.read_text())["record"]["actions"] == ["play 2"]
    r = run(
        "play",
        "solomon",
        "--seats",
        "human,human",
        "--seed",
        "14",
        "--save",
        str(tmp_path / "h.json"),
        input="\nplay 2\nplay 4\n\nquit\n",
    )
    assert "(only Enter is read here: 'play 4' was not played; Enter shows P2 (human)'s screen" in " ".join(
        r.output.split()
    )
    assert json.loads((tmp_path / "h.json").read_text())["record"]["actions"] == ["play 2"]


def test_hint_shows_only_searched_actions(tmp_path, monkeypatch):
    """With progressive widening some actions are never tried: the hint does not list them as 0%."""
    import re

    from meeple import agents

    # a small budget: the root widens to 2 of Solomon's opening actions only
    monkeypatch.setitem(agents.LEVELS, "hard", "mcts:8")
    r = run(
        "play",
        "solomon",
        "--seats",
        "human,human",
        "--seed",
        "2",
        "--save",
        str(tmp_path / "s.json"),
        input="\nhint\nquit\n",
    )
    assert r.exit_code == 0, r.output
    table = r.output.split("Hint (hard bot)")[1].split("Game saved")[0]
    rows = [line for line in table.splitlines() if re.search(r"\d+%", line)]
    assert len(rows) == 2
    for line in rows:
        visits = int(re.findall(r"(\d+)\s*│?\s*$", line.strip())[0])
        assert visits > 0, line


def test_hint_refuses_an_argument(tmp_path):
    r = run(
        "play",
        "toy",
        "--seats",
        "human,human",
        "--seed",
        "4",
        "--save",
        str(tmp_path / "h.json"),
        input="\nhint 5\nquit\n",
    )
    assert r.exit_code == 0 and "hint takes no argument" in r.output and "Hint (hard bot)" not in r.output


def test_hint_with_more_players_is_labelled_as_rivals_beaten(tmp_path):
    r = run(
        "play",
        "toy",
        "--seats",
        "human,human,human",
        "--seed",
        "4",
        "--save",
        str(tmp_path / "h.json"),
        input="\nhint\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert "est. share of rivals beaten" in r.output and "est. win chance" not in r.output


def test_play_reads_negative_numbers_home_folders_and_quotes_paths(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    save = tmp_path / "my game.json"
    r = run(
        "play",
        "toy",
        "--seats",
        "human,greedy",
        "--seed",
        "4",
        "--save",
        str(save),
        input="-1\nsave ~/home.json\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert "No action number -1" in r.output
    assert (tmp_path / "home.json").exists()
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save), input="quit\n")
    assert "--load '" in r.output.replace("\n", "")  # a path with a space, quoted for the shell


def test_hint_with_one_legal_action_says_so_without_a_search(monkeypatch, capsys):
    from meeple.cli import play

    state = meeple.load_game("toy").new_initial_state(num_players=2, seed=4)
    only = state.legal_actions()[:1]
    monkeypatch.setattr(type(state), "legal_actions", lambda self: only)
    monkeypatch.setattr(play, "make", lambda *a: pytest.fail("no bot is needed for one action"))
    play.show_hint(state, 1)
    assert f"Only one action is legal now: {only[0].text}" in capsys.readouterr().out


@pytest.mark.parametrize("name, variant", [x for g in BUNDLED for x in _variants(g)])
def test_action_notes_depend_only_on_what_the_seat_sees(name, variant):
    """The notes on listed actions (Lignum's loans) are the same on a state and on re-samples
    of what the seat to move cannot see: they tell nothing hidden."""
    import random

    from meeple.cli.common import action_notes

    game = meeple.load_game(name)
    noted = 0
    for seed in (16, 17):  # Lignum: random lines on which loans are taken
        st = game.new_initial_state(num_players=min(2 + seed % 3, game.max_players), seed=seed, variant=variant)
        r = random.Random(seed)
        for k in range(800):
            if st.is_terminal():
                break
            seat = st.current_player
            legal = st.legal_actions()
            notes = action_notes(st, legal)
            other = st.resample_hidden(seat, random.Random(k))
            assert action_notes(other, other.legal_actions()) == notes, (name, st.move_number)
            noted += any(notes[0])
            st.apply_action(r.choice(legal))
    assert (name, variant) != ("lignum", "basic") or noted > 0  # loans are noted on these lines


def test_typed_text_and_file_names_with_brackets_print_as_typed(tmp_path):
    """Square brackets are not read as the terminal library's markup: no crash, no text lost."""
    odd = tmp_path / "g[x].json"
    r = run(
        "play",
        "toy",
        "--seats",
        "human,human",
        "--seed",
        "9",
        "--save",
        str(tmp_path / "a.json"),
        input=f"\nzz[/]\n[red]hello\nsave {odd}\nquit\n",
    )
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "zz[/]" in out and "[red]hello" in out and "g[x].json" in out and odd.exists()


def test_a_game_cut_by_a_safety_cap_says_so_at_its_end(tmp_path):
    """Magnum Sal's max_rounds (not a rule) ends a phase: play and replay say the scores are
    those of a game cut short; a finished game of the rules says nothing of it."""
    save = tmp_path / "ms.json"
    r = run(
        "play", "magnum-sal", "--seats", "greedy,greedy", "--seed", "2", "--option", "max_rounds=1", "--save", str(save)
    )
    note = "a safety option (not a rule of the game; see 'meeple games') cut this game short"
    assert r.exit_code == 0 and note in " ".join(r.output.split()), r.output
    r = run("replay", str(save), "--no-events")
    assert r.exit_code == 0 and note in " ".join(r.output.split()), r.output
    toy = tmp_path / "toy.json"
    assert run("play", "toy", "--seats", "greedy,greedy", "--seed", "2", "--save", str(toy)).exit_code == 0
    assert "safety option" not in run("replay", str(toy), "--no-events").output
