"""``meeple play`` saves and loads: ``--save``/``--load``, ``save`` and ``quit`` in a game, saves
that never replace another file, and Ctrl-C, signals and a closed output saving the game."""

from __future__ import annotations

import json

import pytest

import meeple
from tests.cli.helpers import BUNDLED, _record_file, run


def test_quit_saves_and_load_resumes(tmp_path):
    save = tmp_path / "g.json"
    r = run("play", "toy", "--seats", "human,human", "--seed", "9", "--save", str(save), input="\n1\nquit\n")
    assert r.exit_code == 0, r.output
    data = json.loads(save.read_text())
    assert data["record"]["actions"] == ["draw"]
    assert data["seats"] == ["human", "human"]
    r = run("play", "toy", "--load", str(save), input="\nstop\n\nstop\n")
    assert r.exit_code == 0, r.output
    assert "final ranking" in r.output
    r = run("replay", str(save))
    assert r.exit_code == 0 and "3 actions replayed; game over" in r.output


@pytest.mark.parametrize("name", BUNDLED)
def test_every_game_human_can_save_and_resume(name, tmp_path):
    game = meeple.load_game(name)
    save = tmp_path / "s.json"
    seats = ",".join(["human"] + ["random"] * (game.min_players - 1))
    # keep simulation safety caps on: the game is resumed by bots only
    caps = [f"--option={o.name}={o.default}" for o in game.options if o.human_default is not None]
    r = run("play", name, "--seats", seats, "--seed", "2", "--save", str(save), *caps, input="help rules\n1\n1\nquit\n")
    assert r.exit_code == 0, r.output
    assert save.exists()
    r = run("replay", str(save))
    assert r.exit_code == 0, r.output
    r = run("play", name, "--load", str(save), "--seats", ",".join(["random"] * game.min_players))
    assert r.exit_code == 0, r.output
    assert "final ranking" in r.output


def test_a_resumed_game_goes_on_as_the_unbroken_game(tmp_path):
    """Bots are seeded by the move number, so save + resume does not change their choices."""
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    seats = ["--seats", "human,random", "--seed", "9"]
    assert run("play", "klondike", *seats, "--save", str(whole), input="1\n" * 20 + "quit\n").exit_code == 0
    assert run("play", "klondike", *seats, "--save", str(part), input="1\n" * 10 + "quit\n").exit_code == 0
    assert run("play", "klondike", "--load", str(part), input="1\n" * 10 + "quit\n").exit_code == 0
    a = json.loads(whole.read_text())["record"]["actions"]
    b = json.loads(part.read_text())["record"]["actions"]
    assert len(a) > 30 and a == b


def test_bad_seat_in_a_save_is_a_clean_error(tmp_path):
    save = tmp_path / "g.json"
    run("play", "toy", "--seats", "human,human", "--seed", "9", "--save", str(save), input="\n1\nquit\n")
    data = json.loads(save.read_text())
    data["seats"] = ["human", "bogus"]
    save.write_text(json.dumps(data))
    r = run("play", "toy", "--load", str(save))
    assert r.exit_code == 2 and "unknown bot" in r.output and "Traceback" not in r.output
    data["seats"] = ["human", "greedy"]
    data["meeple_save"] = 99
    save.write_text(json.dumps(data))
    r = run("replay", str(save))
    assert r.exit_code == 2 and "unknown save format" in r.output


def test_default_save_never_overwrites(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        r = run("play", "toy", "--seats", "human,human", "--seed", "5", input="quit\n")
        assert r.exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["meeple-toy-5-2.json", "meeple-toy-5.json"]


def test_load_refuses_new_configuration(tmp_path):
    save = tmp_path / "g.json"
    run("play", "toy", "--seats", "human,human", "--seed", "9", "--save", str(save), input="quit\n")
    r = run("play", "toy", "--load", str(save), "--variant", "standard")
    assert r.exit_code == 2 and "do not apply with --load" in r.output


def test_ctrl_c_while_a_bot_thinks_saves_the_game(tmp_path, monkeypatch):
    from meeple.agents.simple import GreedyAgent
    from meeple.cli.play import load_save, play_loop

    def interrupted(self, state):
        raise KeyboardInterrupt

    monkeypatch.setattr(GreedyAgent, "choose", interrupted)
    state = meeple.load_game("toy").new_initial_state(2, seed=4)
    state.apply_action("draw")
    save = tmp_path / "i.json"
    play_loop(state, ["human", "greedy"], save, 4, input_fn=lambda p: "quit")
    loaded, seats = load_save(save)
    assert loaded.history == ["draw"] and seats == ["human", "greedy"]


def test_save_without_state_is_refused(tmp_path):
    save = tmp_path / "g.json"
    run("play", "toy", "--seats", "human,human", "--seed", "9", "--save", str(save), input="quit\n")
    data = json.loads(save.read_text())
    del data["state"]
    save.write_text(json.dumps(data))
    r = run("replay", str(save))
    assert r.exit_code == 2 and "holds 'record', 'state' and 'seats'" in r.output


def test_a_game_never_replaces_the_save_of_another_game(tmp_path, monkeypatch):
    """--save and 'save FILE' refuse a save the game did not load or write (another deal, or
    another line of play), and leave it as it is; a game's own file is replaced."""
    monkeypatch.chdir(tmp_path)
    first = tmp_path / "k.json"
    assert (
        run(
            "play", "toy", "--seats", "human,human", "--seed", "3", "--save", str(first), input="\n1\n\nquit\n"
        ).exit_code
        == 0
    )
    kept = first.read_text()
    r = run("play", "toy", "--seats", "human,human", "--seed", "4", "--save", str(first), input="quit\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "holds another saved game (toy, seed 3, 1 action)" in out, r.output
    assert "--load" in out and first.read_text() == kept
    broken = tmp_path / "broken.json"  # a save that cannot be loaded is not offered
    data = json.loads(kept)
    del data["state"]
    broken.write_text(json.dumps(data))
    r = run("play", "toy", "--seats", "human,human", "--seed", "4", "--save", str(broken), input="quit\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "(toy, seed 3, 1 action)" in out and "cannot be resumed as it is" in out, r.output
    assert "--load" not in out and json.loads(broken.read_text()) == data
    r = run(
        "play",
        "toy",
        "--seats",
        "human,human",
        "--seed",
        "4",
        input=f'\nsave {first}\nsave "my game.json"\n1\n\nsave my game.json\nquit\n',
    )
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and "cannot save to" in out and "holds another saved game" in out, r.output
    assert first.read_text() == kept
    mine = json.loads((tmp_path / "my game.json").read_text())  # the quotes are not part of the name
    assert mine["record"]["seed"] == 4 and mine["record"]["actions"] == ["draw"]  # its own file: replaced
    r = run("play", "toy", "--load", str(first), "--save", str(first), input="\n1\n\nquit\n")
    assert r.exit_code == 0, r.output  # a loaded game saves back to its own file
    assert json.loads(first.read_text())["record"]["actions"] == ["draw", "draw"]


def test_quit_with_a_file_name_saves_there(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("play", "toy", "--seats", "human,human", "--seed", "5", input="\n1\n\nquit there.json\n")
    assert r.exit_code == 0 and "Game saved to there.json" in r.output, r.output
    assert "Saved to" not in r.output  # one line, one write
    assert json.loads((tmp_path / "there.json").read_text())["record"]["actions"] == ["draw"]
    assert not (tmp_path / "meeple-toy-5.json").exists()
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    r = run("play", "toy", "--seats", "human,human", "--seed", "5", input=f"quit {notes}\nquit\n")
    assert r.exit_code == 0 and "not a meeple save" in " ".join(r.output.split())  # refused: the game goes on
    assert notes.read_text() == "mine" and (tmp_path / "meeple-toy-5.json").exists()


def test_save_never_replaces_a_file_that_is_not_a_save(tmp_path, monkeypatch):
    """'save FILE' and --save refuse a foreign file; 'quit' falls back to a new save."""
    monkeypatch.chdir(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    r = run("play", "toy", "--seats", "human,human", "--seed", "3", "--save", str(notes), input="quit\n")
    assert r.exit_code == 2 and "not a meeple save" in " ".join(r.output.split())
    r = run(
        "play", "toy", "--seats", "human,human", "--seed", "3", input=f"\n1\n\nsave {notes}\nquit\n"
    )  # (Enter: the keyboard passes)
    assert r.exit_code == 0, r.output
    assert notes.read_text() == "my notes"
    assert "not a meeple save" in " ".join(r.output.split())
    saved = json.loads((tmp_path / "meeple-toy-3.json").read_text())
    assert saved["record"]["actions"] == ["draw"]


def test_quit_falls_back_when_the_save_folder_vanishes(tmp_path, monkeypatch):
    """The game is never lost: if --save cannot be written at quit, a new file is used."""
    import shutil

    monkeypatch.chdir(tmp_path)
    gone = tmp_path / "gone"
    gone.mkdir()
    target = gone / "g.json"

    def remove_then_quit(prompt=""):
        shutil.rmtree(gone)
        return "quit"

    from meeple.cli import play as play_mod

    state = meeple.load_game("toy").new_initial_state(2, seed=8)
    state.apply_action("draw")
    play_mod.play_loop(state, ["human", "human"], target, 8, input_fn=remove_then_quit)
    assert not target.exists()
    saved = json.loads((tmp_path / "meeple-toy-8.json").read_text())
    assert saved["record"]["actions"] == ["draw"]


def test_save_then_quit_writes_to_the_file_just_saved(tmp_path):
    mine = tmp_path / "mine.json"
    r = run(
        "play",
        "toy",
        "--seats",
        "human,human",
        "--seed",
        "6",
        "--save",
        str(tmp_path / "first.json"),
        input=f"\nsave {mine}\n1\n\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert json.loads(mine.read_text())["record"]["actions"] == ["draw"]
    assert not (tmp_path / "first.json").exists()


def test_save_in_game_makes_a_missing_folder_as_save_option_does(tmp_path):
    mine = tmp_path / "new" / "mine.json"
    r = run(
        "play",
        "toy",
        "--seats",
        "human,human",
        "--seed",
        "6",
        "--save",
        str(tmp_path / "first.json"),
        input=f"\nsave {mine}\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert "created the folder" in r.output and json.loads(mine.read_text())["record"]["actions"] == []


def test_a_save_whose_event_log_is_worded_otherwise_still_loads(tmp_path):
    """The log is derived text (a newer meeple may word it otherwise, e.g. Lignum's seats now
    P1..P4, were P0..P3); any other change to the saved state is still refused."""
    save = tmp_path / "g.json"
    assert (
        run("play", "lignum", "--seats", "human,greedy", "--seed", "3", "--save", str(save), input="quit\n").exit_code
        == 0
    )
    data = json.loads(save.read_text())
    old_words = [e.replace("P1", "P0").replace("P2", "P1") for e in data["state"]["events"]]
    assert old_words != data["state"]["events"]
    data["state"]["events"] = old_words
    save.write_text(json.dumps(data))
    r = run("play", "lignum", "--load", str(save), input="quit\n")
    assert r.exit_code == 0 and "edited" not in r.output, r.output
    data["state"]["seed"] = data["state"]["seed"] + 1
    save.write_text(json.dumps(data))
    r = run("play", "lignum", "--load", str(save), input="quit\n")
    assert r.exit_code == 2 and "edited" in r.output


def test_load_of_a_json_file_that_is_no_save_says_so(tmp_path):
    f = tmp_path / "bad.json"
    f.write_text('{"a": 1}')
    r = run("play", "solomon", "--load", str(f))
    assert r.exit_code == 2 and "is not a meeple save file or game record" in " ".join(r.output.split())
    assert f.read_text() == '{"a": 1}'


def test_load_leaves_the_loaded_file_alone_when_the_game_goes_another_way(tmp_path):
    """A finished game is shown, not rewritten; other seats or --at go on in a new file."""
    folder = tmp_path / "games"
    assert run("simulate", "solomon", "--seats", "greedy,random", "-n", "1", "--records", str(folder)).exit_code == 0
    saved = folder / "solomon-00000.json"
    before = saved.read_text()
    r = run("play", "solomon", "--load", str(saved), "--seats", "human,greedy")
    assert r.exit_code == 0 and "This game is over" in r.output and "final ranking" in r.output
    assert saved.read_text() == before
    r = run("play", "solomon", "--load", str(saved), "--at", "6", "--seats", "human,greedy", input="quit\n")
    assert r.exit_code == 0, r.output
    assert saved.read_text() == before
    other = folder / "solomon-00000-2.json"
    data = json.loads(other.read_text())
    assert data["seats"] == ["human", "greedy"]
    assert data["record"]["actions"][:6] == json.loads(before)["record"]["actions"][:6]
    r = run("play", "solomon", "--load", str(saved), "--at", "999")
    assert r.exit_code == 2 and "--at must be 0 to" in r.output
    r = run("play", "solomon", "--at", "3")
    assert r.exit_code == 2 and "give --load FILE too" in r.output


def test_a_bare_record_loads_with_a_person_and_greedy_bots_named_at_the_start(tmp_path):
    path, st = _record_file(tmp_path, "solomon", actions=5)
    r = run("play", "solomon", "--load", str(path), input="quit\n")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert f"({st.seat_name(0)} human, {st.seat_name(1)} greedy, {st.seat_name(2)} greedy)" in out


def test_a_loaded_bots_game_with_a_person_notes_the_cap_it_keeps(tmp_path):
    folder = tmp_path / "g"
    assert run("simulate", "magnum-sal", "--seats", "greedy,random", "-n", "1", "--records", str(folder)).exit_code == 0
    r = run(
        "play",
        "magnum-sal",
        "--load",
        str(folder / "magnum-sal-00000.json"),
        "--at",
        "10",
        "--seats",
        "human,greedy",
        input="quit\n",
    )
    assert r.exit_code == 0 and "keeps its options, max_rounds=30" in " ".join(r.output.split())


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP"])
def test_a_kill_or_a_closed_terminal_saves_the_game_in_play(tmp_path, monkeypatch, sig):
    """SIGTERM (kill) or SIGHUP (the terminal window closed) while a bot thinks: the game is
    saved as with Ctrl-C, the exit code is 128 + the signal, and the handlers are put back."""
    import os
    import signal

    from meeple.agents.simple import GreedyAgent
    from meeple.cli.play import load_save

    def killed(self, state):
        os.kill(os.getpid(), getattr(signal, sig))
        raise AssertionError("the signal interrupts the bot")

    monkeypatch.setattr(GreedyAgent, "choose", killed)
    save = tmp_path / "k.json"
    before = signal.getsignal(getattr(signal, sig))
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save), input="draw\n")
    assert r.exit_code == 128 + getattr(signal, sig), r.output
    assert "Game saved to" in r.output
    loaded, seats = load_save(save)
    assert loaded.history == ["draw"] and seats == ["human", "greedy"]
    assert signal.getsignal(getattr(signal, sig)) is before


def test_ctrl_c_at_the_prompt_saves_and_exits_130(tmp_path, monkeypatch):
    from meeple.cli import play as play_module
    from meeple.cli.play import load_save

    def ctrl_c(prompt):
        raise KeyboardInterrupt

    monkeypatch.setattr(play_module.console, "input", ctrl_c)
    save = tmp_path / "c.json"
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save))
    assert r.exit_code == 130, r.output
    loaded, _ = load_save(save)
    assert loaded.history == []
    monkeypatch.undo()
    assert (
        run(
            "play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(tmp_path / "q.json"), input="quit\n"
        ).exit_code
        == 0
    )  # 'quit' is a normal end


def test_a_closed_output_saves_the_game_in_play(tmp_path, monkeypatch):
    """'meeple play ... | head' or a pager quit early: the game is saved, said on stderr,
    and the exit code is 128 + SIGPIPE."""
    import signal

    from meeple.cli import play as play_module
    from meeple.cli.play import load_save

    real = play_module.console.print
    calls = []

    def print_until_closed(*args, **kwargs):
        calls.append(1)
        if len(calls) > 12:
            raise BrokenPipeError(32, "the output was closed")
        return real(*args, **kwargs)

    monkeypatch.setattr(play_module.console, "print", print_until_closed)
    monkeypatch.setattr(play_module, "silence_stdout", lambda: None)  # keep pytest's own output
    save = tmp_path / "p.json"
    r = run(
        "play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save), input="draw\n" * 20 + "quit\n"
    )
    assert r.exit_code == 128 + signal.SIGPIPE, r.output
    assert "the output was closed: game saved to" in " ".join(r.output.split())
    loaded, seats = load_save(save)
    assert loaded.move_number >= 1 and seats == ["human", "greedy"]


def test_save_file_chosen_in_game_is_where_a_stop_saves(tmp_path, monkeypatch):
    """After 'save FILE', Ctrl-C saves to FILE (not to the file the game started with)."""
    from meeple.agents.simple import GreedyAgent
    from meeple.cli.play import load_save

    first, chosen = tmp_path / "first.json", tmp_path / "chosen.json"

    def interrupted(self, state):
        raise KeyboardInterrupt

    monkeypatch.setattr(GreedyAgent, "choose", interrupted)
    r = run(
        "play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(first), input=f"save {chosen}\ndraw\n"
    )
    assert r.exit_code == 130, r.output
    assert not first.exists() and load_save(chosen)[0].history == ["draw"]


def test_a_save_naming_an_unknown_bot_names_the_file_and_takes_other_seats(tmp_path):
    save = tmp_path / "g.json"
    assert (
        run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save), input="quit\n").exit_code == 0
    )
    data = json.loads(save.read_text())
    data["seats"][1] = "nonsense-bot"
    save.write_text(json.dumps(data))
    r = run("play", "toy", "--load", str(save))
    assert r.exit_code == 2 and "g.json: its seats name a player this meeple does not know" in " ".join(
        r.output.split()
    )
    r = run(
        "play",
        "toy",
        "--load",
        str(save),
        "--seats",
        "human,greedy",
        "--save",
        str(tmp_path / "h.json"),
        input="quit\n",
    )
    assert r.exit_code == 0, r.output


def test_a_signal_inside_a_move_stops_the_game_after_it(tmp_path, monkeypatch):
    """Ctrl-C between a move's change to the state and its history entry: the save still loads."""
    import signal

    from meeple.cli.play import load_save, play_loop

    state = meeple.load_game("toy").new_initial_state(2, seed=4)
    apply_step = type(state)._apply

    def cut(self, action):
        apply_step(self, action)
        signal.raise_signal(signal.SIGINT)  # the state has changed; its history has not yet

    monkeypatch.setattr(type(state), "_apply", cut)
    save = tmp_path / "m.json"
    stopped_by = [0]
    play_loop(
        state,
        ["human", "human"],
        save,
        4,
        stopped_by=stopped_by,
        input_fn=lambda p: "" if p.startswith("Pass the keyboard") else "draw",
    )
    monkeypatch.undo()
    loaded, _ = load_save(save)
    assert loaded.history == ["draw"] and stopped_by == [signal.SIGINT]


def test_a_save_written_by_another_game_meanwhile_is_not_replaced(tmp_path, monkeypatch):
    """Two games with the same seed in one folder: the one that quits second does not replace
    the first one's save (the file there is no longer its own); it saves beside it."""
    from meeple.cli.play import play_loop, save_game

    monkeypatch.chdir(tmp_path)
    target = tmp_path / "meeple-toy-9.json"
    other = meeple.load_game("toy").new_initial_state(2, seed=9)
    other.apply_action("draw")

    def lines(prompt):  # another meeple saves its game there while this one is played
        if not target.exists():
            save_game(other, ["human", "human"], target)
        return "quit"

    st = meeple.load_game("toy").new_initial_state(2, seed=9)
    play_loop(st, ["human", "human"], target, 9, input_fn=lines)
    assert json.loads(target.read_text())["record"]["actions"] == ["draw"]  # the other game's, kept
    assert json.loads((tmp_path / "meeple-toy-9-2.json").read_text())["record"]["actions"] == []


def test_a_game_played_on_from_a_loaded_position_does_not_replace_the_loaded_file(tmp_path):
    """--at (or other seats) goes on in a new file: 'save FILE', 'quit FILE' and --save refuse
    the loaded file, which keeps its moves."""
    a = tmp_path / "a.json"
    assert (
        run(
            "play", "toy", "--seats", "human,human", "--seed", "3", "--save", str(a), input="\n1\n\n1\n\nquit\n"
        ).exit_code
        == 0
    )
    kept = a.read_text()
    r = run("play", "toy", "--load", str(a), "--at", "0", input=f"\nsave {a}\nquit {a}\nquit\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and out.count("holds another saved game") == 2, r.output
    assert a.read_text() == kept and (tmp_path / "a-2.json").exists()
    r = run("play", "toy", "--load", str(a), "--at", "0", "--save", str(a), input="quit\n")
    assert r.exit_code == 2 and "holds another saved game" in " ".join(r.output.split())
    assert a.read_text() == kept


def test_a_save_through_a_symbolic_link_replaces_the_file_it_names(tmp_path):
    """The link stays a link; no '.tmp' file beside the save is touched."""
    a = tmp_path / "a.json"
    assert run("play", "toy", "--seats", "human,human", "--seed", "3", "--save", str(a), input="quit\n").exit_code == 0
    link = tmp_path / "link.json"
    link.symlink_to(a)
    notes = tmp_path / "a.json.tmp"
    notes.write_text("mine")
    assert run("play", "toy", "--load", str(link), input="\n1\n\nquit\n").exit_code == 0
    assert link.is_symlink() and json.loads(a.read_text())["record"]["actions"] == ["draw"]
    assert notes.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "a.json.tmp", "link.json"]


def test_a_tilde_in_save_and_load_is_the_home_folder(tmp_path, monkeypatch):
    """--save=~/x.json (no shell expansion after '=') goes home, not to a folder named '~'."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    monkeypatch.chdir(tmp_path)
    assert run("play", "toy", "--seats", "human,human", "--seed", "3", "--save=~/x.json", input="quit\n").exit_code == 0
    assert (tmp_path / "home" / "x.json").exists() and not (tmp_path / "~").exists()
    r = run("play", "toy", "--load", "~/x.json", input="quit\n")
    assert r.exit_code == 0, r.output
