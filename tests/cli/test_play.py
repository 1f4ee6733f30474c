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
    r = run("play", "solomon", "--seats", "human,human,greedy", "--seed", "8", "--save", str(tmp_path / "g.json"),
            input="\nplay 13\n\nplay 4\ndig d1,e1,e2\n\ndig a1,b1,b2,c2\nplay 2\n\nquit\n")
    assert r.exit_code == 0, r.output
    last = r.output.rsplit("Pass the keyboard to P2 (human)", 1)[1]
    recap = last.split("Since your last turn:", 1)[1].split("P2 (human) >", 1)[0]
    assert [line.strip() for line in recap.strip().splitlines()] == [
        "P2 digs d1,e1,e2: SE T5 T4",  # P2's own last move: its tiles were cleared with the hand-over
        "P1 digs a1,b1,b2,c2: C1 T3 C1 S2", "P1 pays 2 (2 coins)",
        "P3 digs a5,b5,c5,b6,c6,d6: T1 T5 S1 PX C3 C2", "P3 pays 5 (5 coins)",
        "P1 chooses a card"]
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
            chunks.append((piece[len("@@PROMPT "):], screen))  # all on the screen so far was seen
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
    r = run("play", "solomon", "--seats", "human,human", "--seed", "14", "--save", str(tmp_path / "g.json"),
            input="quit\n")
    assert r.exit_code == 0, r.output
    assert "Pass the keyboard to P1 (human)" in r.output and "to play" not in r.output
    r = run("play", "solomon", "--seats", "human,human", "--seed", "14", "--save", str(tmp_path / "h.json"),
            input="\nquit\n")
    assert r.output.index("Pass the keyboard to P1 (human)") < r.output.index("P1 (human) to play")


def test_a_loaded_hot_seat_game_asks_for_the_keyboard_before_the_hand(tmp_path):
    """After --load the next person's hand waits for Enter too, and then their screen lists
    what happened since their last turn before the save (here: the game so far)."""
    save = tmp_path / "g.json"
    r = run("play", "solomon", "--seats", "human,human", "--seed", "14", "--save", str(save),
            input="\nplay 2\nquit\n")
    assert r.exit_code == 0 and json.loads(save.read_text())["record"]["actions"] == ["play 2"], r.output
    r = run("play", "solomon", "--load", str(save), input="quit\n")
    assert r.exit_code == 0, r.output
    assert "Pass the keyboard to P2 (human)" in r.output and "to play" not in r.output
    r = run("play", "solomon", "--load", str(save), input="\nquit\n")
    after = r.output.split("Pass the keyboard to P2 (human)", 1)[1]
    assert "P2 (human) to play" in after
    assert "Since the game began: P1 chooses a card" in flat(after)


def test_one_person_gets_no_hand_over_prompt(tmp_path):
    r = run("play", "solomon", "--seats", "human,greedy", "--seed", "14", "--save", str(tmp_path / "g.json"),
            input="quit\n")
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
    first = subprocess.run([str(meeple_bin), "play", "solomon", "--seats", "human,greedy", "--seed", "3",
                            "--save", "g.json"], cwd=tmp_path / "here", env=env, input="quit\n",
                           capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    command = first.stdout.split("Resume with: ", 1)[1].strip()
    assert str(tmp_path / "here" / "g.json") in command and "uv run" not in command
    again = subprocess.run(["/bin/sh", "-c", command], cwd=tmp_path / "there", env=env, input="quit\n",
                           capture_output=True, text=True, timeout=120)
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
    assert seen == [("hand-over", []), ("P1", []), ("P1", ["help"]),
                    ("hand-over", []), ("P2", []),
                    ("hand-over", []), ("P1", ["help", "play 2"])]
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
    r = run("play", "lignum", "--seats", "human,greedy", "--seed", "11", "--save", str(tmp_path / "g.json"),
            input="quit\n")
    assert r.exit_code == 0, r.output
    assert "set-up: start player" in flat(r.output) and "LG-23.2" in flat(r.output)


@pytest.mark.parametrize("typed", ["log\n", "Quit\n", "exit\n", "q\n", "", "7\n"])
def test_nothing_but_enter_at_the_hand_over_shows_the_next_hand(tmp_path, typed):
    """After P1's card, whatever the one still at the keyboard types at 'Pass the keyboard to
    P2' (a command, a number, the end of input) never draws P2's hand: quit words save and
    leave, the end of input too, and any other line is refused and the prompt asked again."""
    save = tmp_path / "g.json"
    r = run("play", "solomon", "--seats", "human,human,greedy", "--seed", "8", "--save", str(save),
            input="\nplay 13\n" + typed)
    assert r.exit_code == 0, r.output
    assert "P2 (human) to play" not in r.output and "hand 4 8 9" not in r.output
    assert json.loads(save.read_text())["record"]["actions"][:1] == ["play 13"]
    assert r.output.count("Pass the keyboard to P2") == (2 if typed in ("log\n", "7\n") else 1)


def test_a_quit_file_that_cannot_be_saved_at_the_hand_over_stays_there(tmp_path):
    """'quit FILE' refused (a file is in the way of its folder) keeps the hand-over prompt: the
    next hand is drawn only after Enter."""
    (tmp_path / "in_the_way").write_text("x")
    r = run("play", "solomon", "--seats", "human,human,greedy", "--seed", "8", "--save", str(tmp_path / "g.json"),
            input=f"\nplay 13\nquit {tmp_path / 'in_the_way' / 'x.json'}\n\nquit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    refused = out.index("cannot save")
    assert out.index("P2 (human) to play") > out.index("Pass the keyboard to P2", refused)


def test_a_hint_whose_search_tried_no_listed_action_says_so(tmp_path, monkeypatch):
    """A hint on a busy machine whose search ran out of time before it tried an action shows a
    message, not an empty table, and the game goes on."""
    from meeple.agents import MCTSAgent

    monkeypatch.setattr(MCTSAgent, "action_values", lambda self, state: [(a, 0.0, 0) for a in state.legal_actions()])
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(tmp_path / "g.json"),
            input="hint\ndraw\nquit\n")
    assert r.exit_code == 0, r.output
    assert "No estimate" in r.output and "Type hint again" in " ".join(r.output.split())
    assert json.loads((tmp_path / "g.json").read_text())["record"]["actions"][:1] == ["draw"]
