"""The meeple command end to end (typer's runner, in-process), on every game."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.main import app

runner = CliRunner()
BUNDLED = [g for g in meeple.game_names() if g != "toy"]


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_every_game():
    r = run("games")
    assert r.exit_code == 0
    for name in BUNDLED:
        assert name in r.output


@pytest.mark.parametrize("args", [
    ("play", "no-such-game"),
    ("play", "toy", "--seats", "human,robot"),
    ("play", "toy", "--seats", "human,greedy,greedy,greedy,greedy"),
    ("play", "toy", "--variant", "nope"),
    ("play", "toy", "--option", "nonsense=1"),
    ("play", "toy", "--option", "novalue"),
    ("simulate", "toy", "--seats", "greedy,human"),
    ("simulate", "toy", "--seats", "mcts:x,random"),
    ("simulate", "toy", "--out", "results.txt"),
    ("bench", "nope"),
    ("ladder", "toy", "--bots", "random"),
    ("ladder", "toy", "--bots", "random,greedy,random"),
    ("bench", "toy", "--search", "--players", "9"),
    ("bench", "toy", "--variant", "nope"),
    ("bench", "--variant", "standard"),
    ("play", "toy", "--seats", "human,,greedy"),
    ("simulate", "toy", "--seats", "random,greedy,"),
    ("ladder", "toy", "--bots", "random,,greedy"),
    ("play", "lignum", "--option", "hidden_products=true", "--option", "hidden_products=false"),
])
def test_bad_options_exit_2_with_a_message(args):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert "error" in r.output.lower() or "usage" in r.output.lower()


def test_play_toy_to_the_end_by_number_and_notation(tmp_path):
    save = tmp_path / "g.json"
    # seat 0 human: draw (by number), then 'stop' by notation; greedy plays seat 1
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save),
            input="help\nfoo\n1\nstop\n")
    assert r.exit_code == 0, r.output
    assert "Not allowed" in r.output and "TOY-1" in r.output
    assert "final ranking" in r.output
    assert "Seat 1 (greedy) plays" in r.output
    # the finished game is saved and replays to the same end
    data = json.loads(save.read_text())
    assert data["record"]["actions"][:2] == ["draw", "stop"] or data["record"]["actions"][0] == "draw"
    assert meeple.replay(data["record"]).is_terminal()


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
    assert r.exit_code == 2 and "its record is a game of 'solomon' but its saved state one of 'toy'" in \
        " ".join(r.output.split())
    data = json.loads(save.read_text())
    data["seats"] = None    # not a default pair of players: the save's own are gone
    (tmp_path / "noseats.json").write_text(json.dumps(data))
    r = run("play", "toy", "--load", str(tmp_path / "noseats.json"))
    assert r.exit_code == 2 and "'seats' must list one player per seat, not None" in " ".join(r.output.split())


@pytest.mark.parametrize("ext", ["csv", "parquet"])
def test_simulate_writes_results_and_summary(tmp_path, ext):
    out = tmp_path / f"r.{ext}"
    r = run("simulate", "toy", "--seats", "greedy,random", "-n", "20", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert "greedy" in r.output and "by seat" in r.output
    if ext == "parquet":
        k = run("simulate", "klondike", "--seats", "random,random", "-n", "2", "--seed", "1")
        assert k.exit_code == 0 and "│ 0 (P1) │" in k.output and "│ 1 (P2) │" in k.output, k.output
        import pyarrow.parquet as pq

        table = pq.read_table(out)
        assert table.num_rows == 40
        assert set(table.column("bot").to_pylist()) == {"greedy", "random"}
    else:
        lines = out.read_text().splitlines()
        assert len(lines) == 41 and lines[0].startswith("game,variant,index,seed")


def test_simulate_is_reproducible_and_rotates_seats(tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    run("simulate", "toy", "--seats", "greedy,random", "-n", "6", "--seed", "3", "--out", str(a))
    run("simulate", "toy", "--seats", "greedy,random", "-n", "6", "--seed", "3", "--out", str(b),
        "--workers", "2")
    assert _rows_without_time(a) == _rows_without_time(b)
    rows = a.read_text().splitlines()[1:]
    firsts = [r.split(",")[6] for r in rows if r.split(",")[5] == "0"]
    assert firsts[:2] == ["greedy", "random"]


def test_bench_runs():
    r = run("bench", "toy", "--seconds", "0.2")
    assert r.exit_code == 0, r.output
    assert "steps/s" in r.output and "apply_action()" in r.output and "standard" in r.output
    r = run("bench", "toy", "--seconds", "0.2", "--unchecked", "--variant", "Standard")
    assert r.exit_code == 0, r.output
    assert "apply_unchecked()" in r.output


def test_bench_public_and_unchecked_play_the_same_games():
    from meeple.sim.bench import random_game

    for name, variant in (("lignum", "advanced-tactical"), ("klondike", "race")):
        a, k = random_game(name, 3, 5, variant)
        b, m = random_game(name, 3, 5, variant, public=False)
        assert k == m > 0 and a.history == b.history and a.variant == variant


def test_bench_search_measures_the_bots():
    from meeple.sim.bench import bench_search

    r = bench_search("toy", 2, 0, iterations=50)
    assert set(r) == {"iterations_per_s", "mcts_s", "easy_s", "medium_s", "hard_s"}
    assert r["iterations_per_s"] > 0 and all(v > 0 for v in r.values())
    out = run("bench", "toy", "--search")
    assert out.exit_code == 0, out.output
    assert "it/s" in out.output and "hard" in out.output


def test_ladder_table_and_parquet(tmp_path):
    out = tmp_path / "l.parquet"
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "10", "--out", str(out), "--markdown")
    assert r.exit_code == 0, r.output
    assert "OpenSkill" in r.output and ("| random | greedy | 10 |" in r.output or "| greedy | random | 10 |" in r.output)
    import pyarrow.parquet as pq

    assert pq.read_table(out).num_rows == 20


@pytest.mark.parametrize("bots, same", [("greedy,random,greedy", "greedy and greedy"),
                                       ("greedy,easy", "greedy and easy"), ("hard,mcts:2000:turn=3", "hard and mcts"),
                                       ("mcts,mcts:1000", "mcts and mcts:1000"), ("flatmc,flatmc:20", "flatmc and flatmc"),
                                       ("mcts:10,mcts:010", "mcts:10 and mcts:010"),
                                       ("mcts:10,mcts:10:bias=2:widen=0.25", "mcts:10 and mcts:10:bias")])
def test_ladder_refuses_one_bot_under_two_names(tmp_path, bots, same):
    r = run("ladder", "toy", "--bots", bots, "-n", "2", "--out", str(tmp_path / "a.parquet"))
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and same in out and "name each bot once" in out
    assert not (tmp_path / "a.parquet").exists()


def test_ladder_says_when_it_rounds_the_games_up(tmp_path):
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "3", "--out", str(tmp_path / "a.parquet"))
    assert r.exit_code == 0, r.output
    assert "4 games a pair, not 3" in r.output
    import pyarrow.parquet as pq

    assert pq.read_table(tmp_path / "a.parquet").num_rows == 8


def test_ladder_explains_wins_two_and_three_players(tmp_path):
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(tmp_path / "a.parquet"))
    assert r.exit_code == 0, r.output
    assert "1 a game won, 0.5 a tie" in r.output
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--players", "3",
            "--out", str(tmp_path / "b.parquet"))
    assert r.exit_code == 0, r.output
    assert "(3 players" in r.output and "share of other seats" in " ".join(r.output.split())


@pytest.mark.parametrize("name", BUNDLED)
def test_every_game_plays_to_the_end_with_bots_only(name, tmp_path):
    game = meeple.load_game(name)
    seats = ",".join(["random"] * game.min_players)
    r = run("play", name, "--seats", seats, "--seed", "1", "--save", str(tmp_path / "s.json"))
    assert r.exit_code == 0, r.output
    assert "final ranking" in r.output


@pytest.mark.parametrize("name", BUNDLED)
def test_every_game_human_can_save_and_resume(name, tmp_path):
    game = meeple.load_game(name)
    save = tmp_path / "s.json"
    seats = ",".join(["human"] + ["random"] * (game.min_players - 1))
    # keep simulation safety caps on: the game is resumed by bots only
    caps = [f"--option={o.name}={o.default}" for o in game.options if o.human_default is not None]
    r = run("play", name, "--seats", seats, "--seed", "2", "--save", str(save), *caps,
            input="help rules\n1\n1\nquit\n")
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


def test_hint_shows_three_actions_with_win_chances(tmp_path):
    r = run("play", "toy", "--seats", "human,human", "--seed", "4", "--save", str(tmp_path / "h.json"),
            input="\nhint\nquit\n")
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
    r = run("play", "magnum-sal", "--seats", "human,random", "--seed", "1", "--save", str(save),
            "--option", "max_rounds=30", input="quit\n")
    assert json.loads(save.read_text())["record"]["options"]["max_rounds"] == 30
    r = run("play", "magnum-sal", "--seats", "random,random", "--seed", "1", "--save", str(tmp_path / "ms3.json"))
    assert r.exit_code == 0 and "final ranking" in r.output
    assert "safety cap off" not in r.output


def test_bots_alone_on_a_game_without_its_safety_cap_are_warned(tmp_path, monkeypatch):
    """A person's Magnum Sal game (max_rounds=0) resumed by bots alone may never end: a note says so."""
    from meeple.cli import play as play_module

    save = tmp_path / "ms.json"
    assert run("play", "magnum-sal", "--seats", "human,human", "--seed", "4", "--save", str(save),
               input="quit\n").exit_code == 0
    monkeypatch.setattr(play_module, "play_loop", lambda state, *a, **k: state)  # (random bots might not end it)
    r = run("play", "magnum-sal", "--load", str(save), "--seats", "random,random",
            "--save", str(tmp_path / "bots.json"), input="")
    out = " ".join(r.output.split())
    assert "this game has its safety cap off (max_rounds=0" in out and "Ctrl-C saves it" in out, r.output


def test_notation_forgives_spaces_and_capitals():
    state = meeple.load_game("toy").new_initial_state(2, seed=1)
    state.apply_action("  DRAW ")
    assert state.history == ["draw"]


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


def test_bots_secret_choices_are_not_shown_to_people(tmp_path):
    """Solomon SO-4: a bot's card choice is announced as secret, not named."""
    r = run("play", "solomon", "--seats", "random,human", "--seed", "3", "--save", str(tmp_path / "s.json"),
            input="quit\n")
    assert r.exit_code == 0, r.output
    assert "makes a secret choice" in r.output
    assert "plays play " not in r.output


def _secret_runs(record, seat):
    """How many secret decisions ``seat`` made in ``record``, and in how many runs of
    consecutive ones (another seat's move, or a public one, ends a run)."""
    game = meeple.load_game(record["game"])
    st = game.new_initial_state(num_players=record["num_players"], seed=record["seed"],
                                variant=record["variant"], **record["options"])
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
    r = run("play", "klondike", "--seats", "human,greedy", "--variant", "race", "--seed", "1",
            "--save", str(save), input="1\n" * 12 + "quit\n")
    assert r.exit_code == 0, r.output
    record = json.loads(save.read_text())["record"]
    decisions, runs = _secret_runs(record, 1)
    claims = [t for t in record["actions"] if t.startswith("claim ")]
    assert len(claims) >= 4 and runs >= 3      # the bot laid claims over several ticks
    assert decisions >= 2 * runs               # claim + place, tiles + build: 2 or more a run
    assert r.output.count("P2 (greedy) makes a secret choice") == runs
    assert "plays claim" not in r.output and "plays place" not in r.output
    # between two of the person's prompts, the bot is announced at most once
    for chunk in r.output.split("P1 (human) >"):
        assert chunk.count("makes a secret choice") <= 1


def test_solomon_bots_card_choices_still_one_line_each(tmp_path):
    """SO-4: every bot's card choice is one line, named by seat (one decision a run)."""
    save = tmp_path / "s.json"
    r = run("play", "solomon", "--seats", "human,greedy,greedy", "--seed", "2", "--save", str(save),
            input="1\nquit\n")
    assert r.exit_code == 0, r.output
    record = json.loads(save.read_text())["record"]
    for seat in (1, 2):
        decisions, runs = _secret_runs(record, seat)
        assert decisions == runs == 1
        assert r.output.count(f"P{seat + 1} (greedy) makes a secret choice") == 1


def test_load_refuses_new_configuration(tmp_path):
    save = tmp_path / "g.json"
    run("play", "toy", "--seats", "human,human", "--seed", "9", "--save", str(save), input="quit\n")
    r = run("play", "toy", "--load", str(save), "--variant", "standard")
    assert r.exit_code == 2 and "do not apply with --load" in r.output


def test_agents_reachable_from_plain_import():
    import meeple as m

    assert m.agents.make("random", 1).spec == "random"


def test_hot_seat_hands_the_keyboard_over(tmp_path):
    r = run("play", "toy", "--seats", "human,human", "--seed", "9", "--save", str(tmp_path / "g.json"),
            input="\n1\n\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Pass the keyboard to Seat 1 (human)" in r.output


def test_quit_at_the_hand_over_leaves_without_showing_the_next_hand(tmp_path):
    """Solomon hot seat: 'quit' typed where only Enter was asked saves and leaves at once, and
    P2's hand is not drawn for the person leaving; another line is named, not played."""
    save = tmp_path / "g.json"
    r = run("play", "solomon", "--seats", "human,human", "--seed", "14", "--save", str(save),
            input="\nplay 2\nquit\n")
    assert r.exit_code == 0, r.output
    assert "P2 (human) to play" not in r.output and "Game saved" in r.output
    assert json.loads(save.read_text())["record"]["actions"] == ["play 2"]
    r = run("play", "solomon", "--seats", "human,human", "--seed", "14", "--save", str(tmp_path / "h.json"),
            input="\nplay 2\nplay 4\n\nquit\n")
    assert "(only Enter is read here: 'play 4' was not played; Enter shows P2 (human)'s screen" in " ".join(r.output.split())
    assert json.loads((tmp_path / "h.json").read_text())["record"]["actions"] == ["play 2"]


@pytest.mark.parametrize("game, example", [("magnum-sal", "'place from supply to S1'"),
                                           ("lignum", "'go 4 carriers 2'"), ("solomon", "'move b2-a1'")])
def test_help_shows_steps_on_one_line_of_the_game_played(tmp_path, game, example):
    r = run("play", game, "--seats", "human,random", "--seed", "2", "--save", str(tmp_path / "g.json"),
            input="help\nquit\n")
    assert r.exit_code == 0, r.output
    assert f"several steps on one line are played in turn, e.g. {example}" in " ".join(r.output.split())


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


def test_simulate_warns_about_games_cut_short(tmp_path):
    """Magnum Sal's random games end on the max_rounds safety cap: the summary says so."""
    r = run("simulate", "magnum-sal", "--seats", "random,random", "-n", "2", "--option", "max_rounds=3")
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())
    assert "2 of 2 games were cut short by a safety option (max_rounds, 100.0% of the games; not a rule" in said


def test_hint_shows_only_searched_actions(tmp_path, monkeypatch):
    """With progressive widening some actions are never tried: the hint does not list them as 0%."""
    import re

    from meeple import agents

    # a small budget: the root widens to 2 of Solomon's opening actions only
    monkeypatch.setitem(agents.LEVELS, "hard", "mcts:8")
    r = run("play", "solomon", "--seats", "human,human", "--seed", "2", "--save", str(tmp_path / "s.json"),
            input="\nhint\nquit\n")
    assert r.exit_code == 0, r.output
    table = r.output.split("Hint (hard bot)")[1].split("Game saved")[0]
    rows = [line for line in table.splitlines() if re.search(r"\d+%", line)]
    assert len(rows) == 2
    for line in rows:
        visits = int(re.findall(r"(\d+)\s*│?\s*$", line.strip())[0])
        assert visits > 0, line


@pytest.mark.parametrize("spec, reason", [
    ("mcts:100:guard=-1", "must be >= 0"),
    ("mcts:10:foo=1", "unknown option foo=1"),
    ("mcts:200:widen", "expected key=value"),
    ("mcts:0", "at least 1"),
    ("mcts:10:time=0", "time must be > 0"),
    ("mcts:10:c=nan", "finite"),
    ("mcts:10:time=inf", "finite"),
    ("mcts:10:c=x", "budgets and options are numbers"),
    ("mcts:10:prior=2.5", "prior is a whole number"),
    ("mcts:10:prior=-1", "prior is a whole number"),
    ("mcts:10:depth=1.5", "depth is a whole number of actions"),
    ("flatmc:10:depth=-1", "depth is a whole number of actions"),
    ("mcts:10:rollout=foo", "rollout is random or greedy"),
    ("mcts:10:time=1:time=2", "option 'time' twice"),
    ("mcts:1_0", "digits 0-9"),
    ("mcts:+20", "digits 0-9"),
    ("flatmc:\u0665", "digits 0-9"),
    ("flatmc:5:c=0.3", "(flatmc takes :time=S"),
    ("c=0.3", "options follow it after colons"),
])
def test_bad_bot_specs_say_what_is_wrong(spec, reason):
    """The specific reason reaches the user, printed literally (no emoji for ':100:')."""
    r = run("ladder", "toy", "--bots", f"greedy,{spec}", "-n", "2")
    assert r.exit_code == 2, r.output
    assert reason in r.output and spec in r.output and "Traceback" not in r.output


def test_empty_bot_list_names_the_right_option():
    r = run("ladder", "toy", "--bots", "", "-n", "2")
    assert r.exit_code == 2 and "--bots" in r.output and "--seats" not in r.output


@pytest.mark.parametrize("command", [("ladder", "toy", "--bots", "random,greedy", "-n", "2"),
                                     ("simulate", "toy", "-n", "2")])
def test_unwritable_results_file_is_refused_before_any_game(tmp_path, command):
    folder = tmp_path / "taken.parquet"
    folder.mkdir()
    r = run(*command, "--out", str(folder))
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "is a directory" in out and "Traceback" not in out
    assert "head to head" not in out and "wins" not in out  # no game was played


@pytest.mark.parametrize("command", [("ladder", "toy", "--bots", "random,greedy", "-n", "2"),
                                     ("simulate", "toy", "-n", "2"),
                                     ("ladder", "toy", "--report"), ("simulate", "toy", "--report")])
def test_a_folder_as_results_file_is_named_a_folder(tmp_path, command):
    """--out naming a folder (with or without a results suffix) says it is a folder, not that
    the name lacks .csv/.parquet or that the file holds no game."""
    for name in ("runs", "runs.parquet"):
        (tmp_path / name).mkdir()
        r = run(*command, "--out", str(tmp_path / name))
        out = " ".join(r.output.split())
        assert r.exit_code == 2 and f"{tmp_path / name} is a directory" in out, out
        assert "holds no game" not in out and "Traceback" not in out


@pytest.mark.parametrize("command", [("ladder", "toy", "--bots", "random,greedy", "-n", "2"),
                                     ("simulate", "toy", "-n", "2")])
def test_results_file_replaces_only_a_results_file(tmp_path, command):
    mine = tmp_path / "mine.csv"
    mine.write_text("name,score\nana,3\n")
    r = run(*command, "--out", str(mine))
    assert r.exit_code == 2 and "not a meeple results file" in " ".join(r.output.split())
    assert mine.read_text() == "name,score\nana,3\n"
    for name in ("r.csv", "r.parquet"):  # a results file of ours is replaced
        for _ in range(2):
            r = run(*command, "--out", str(tmp_path / name))
            assert r.exit_code == 0, r.output
    import pyarrow.parquet as pq

    assert pq.read_table(tmp_path / "r.parquet").num_rows == 4
    assert (tmp_path / "r.csv").read_text().startswith("game,variant,index,seed,")


def test_results_file_link_to_nowhere_is_refused(tmp_path):
    link = tmp_path / "gone.csv"
    link.symlink_to(tmp_path / "missing" / "x.csv")
    r = run("simulate", "toy", "-n", "2", "--out", str(link))
    assert r.exit_code == 2 and "link to a missing file" in " ".join(r.output.split())


def test_results_are_kept_when_the_file_fails_at_the_end(tmp_path, monkeypatch):
    """A write that fails after the games (disk full, folder gone) goes to a spare file."""
    import meeple.sim.io as io

    monkeypatch.chdir(tmp_path)
    real = io.write_rows
    calls = []

    def flaky(rows, path):
        calls.append(str(path))
        if len(calls) == 1:
            raise OSError(28, "No space left on device")
        return real(rows, path)

    monkeypatch.setattr(io, "write_rows", flaky)
    r = run("simulate", "toy", "-n", "2", "--out", str(tmp_path / "out.csv"))
    assert r.exit_code == 0, r.output
    assert "No space left" in " ".join(r.output.split()) and (tmp_path / "meeple-results-toy.csv").exists()
    assert (tmp_path / "meeple-results-toy.csv").read_text().count("\n") == 5  # header + 2 games x 2 seats


def test_a_game_never_replaces_the_save_of_another_game(tmp_path, monkeypatch):
    """--save and 'save FILE' refuse a save the game did not load or write (another deal, or
    another line of play), and leave it as it is; a game's own file is replaced."""
    monkeypatch.chdir(tmp_path)
    first = tmp_path / "k.json"
    assert run("play", "toy", "--seats", "human,human", "--seed", "3", "--save", str(first),
               input="\n1\n\nquit\n").exit_code == 0
    kept = first.read_text()
    r = run("play", "toy", "--seats", "human,human", "--seed", "4", "--save", str(first), input="quit\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "holds another saved game (toy, seed 3, 1 action)" in out, r.output
    assert "--load" in out and first.read_text() == kept
    broken = tmp_path / "broken.json"                   # a save that cannot be loaded is not offered
    data = json.loads(kept)
    del data["state"]
    broken.write_text(json.dumps(data))
    r = run("play", "toy", "--seats", "human,human", "--seed", "4", "--save", str(broken), input="quit\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "(toy, seed 3, 1 action)" in out and "cannot be resumed as it is" in out, r.output
    assert "--load" not in out and json.loads(broken.read_text()) == data
    r = run("play", "toy", "--seats", "human,human", "--seed", "4",
            input=f"\nsave {first}\nsave \"my game.json\"\n1\n\nsave my game.json\nquit\n")
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
    r = run("play", "toy", "--seats", "human,human", "--seed", "3",
            input=f"\n1\n\nsave {notes}\nquit\n")  # (Enter: the keyboard passes)
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
    r = run("play", "toy", "--seats", "human,human", "--seed", "6", "--save", str(tmp_path / "first.json"),
            input=f"\nsave {mine}\n1\n\nquit\n")
    assert r.exit_code == 0, r.output
    assert json.loads(mine.read_text())["record"]["actions"] == ["draw"]
    assert not (tmp_path / "first.json").exists()


def test_save_in_game_makes_a_missing_folder_as_save_option_does(tmp_path):
    mine = tmp_path / "new" / "mine.json"
    r = run("play", "toy", "--seats", "human,human", "--seed", "6", "--save", str(tmp_path / "first.json"),
            input=f"\nsave {mine}\nquit\n")
    assert r.exit_code == 0, r.output
    assert "created the folder" in r.output and json.loads(mine.read_text())["record"]["actions"] == []


def test_hint_refuses_an_argument(tmp_path):
    r = run("play", "toy", "--seats", "human,human", "--seed", "4", "--save", str(tmp_path / "h.json"),
            input="\nhint 5\nquit\n")
    assert r.exit_code == 0 and "hint takes no argument" in r.output and "Hint (hard bot)" not in r.output


def test_hint_with_more_players_is_labelled_as_rivals_beaten(tmp_path):
    r = run("play", "toy", "--seats", "human,human,human", "--seed", "4", "--save", str(tmp_path / "h.json"),
            input="\nhint\nquit\n")
    assert r.exit_code == 0, r.output
    assert "est. share of rivals beaten" in r.output and "est. win chance" not in r.output


def test_a_game_that_never_ends_gives_a_clean_error(monkeypatch, capsys):
    """simulate/ladder with the safety options off: exit 1 with a message, no traceback."""
    import sys

    import meeple.sim.runner as runner
    from meeple.cli.main import main

    state = meeple.load_game("toy").new_initial_state(num_players=2, seed=0)
    assert not state.is_terminal()
    with pytest.raises(runner.GameNotEndingError, match="no end after 3 actions"):
        runner.play_game("toy", ["random", "random"], 0, max_steps=3)

    def never(*args, **kwargs):
        raise runner.GameNotEndingError("toy seed 0: no end after 3 actions")

    import meeple.sim as sim

    monkeypatch.setattr(runner, "run_games", never)
    monkeypatch.setattr(sim, "run_games", never)
    monkeypatch.setattr(sys, "argv", ["meeple", "simulate", "toy", "-n", "2"])
    with pytest.raises(SystemExit) as e:
        main()
    assert e.value.code == 1
    err = capsys.readouterr().err
    assert "no end after 3 actions" in err and "Traceback" not in err


def stop_after(monkeypatch, games: int, error=KeyboardInterrupt):
    """Make a run stop (raise ``error``) once its checkpoint holds ``games`` games; returns a
    function that undoes it."""
    from meeple.cli import common
    real_add = common.Checkpoint.add

    def add(self, result):
        real_add(self, result)
        if len(self.results) == games:
            raise error

    monkeypatch.setattr(common.Checkpoint, "add", add)
    return lambda: monkeypatch.setattr(common.Checkpoint, "add", real_add)


def _rows_without_time(path):
    from meeple.sim.io import read_rows

    return [{k: v for k, v in r.items() if k != "seconds"} for r in read_rows(path)]


@pytest.mark.parametrize("ext", ["parquet", "csv"])
def test_a_stopped_ladder_resumes_to_the_unbroken_result(tmp_path, monkeypatch, ext):
    """Ctrl-C keeps the finished games in --out (exit 130); --resume plays only the missing
    ones, and file and tables come out as in one unbroken run."""
    args = ["ladder", "toy", "--bots", "random,greedy,flatmc:2", "-n", "4", "--seed", "3"]
    whole = tmp_path / f"whole.{ext}"
    r = run(*args, "--out", str(whole))
    assert r.exit_code == 0, r.output
    tables = r.output[r.output.index("head to head"):r.output.index("results written")]

    part = tmp_path / f"part.{ext}"
    undo = stop_after(monkeypatch, 5)
    r = run(*args, "--out", str(part))
    assert r.exit_code == 130
    out = " ".join(r.output.split())
    assert "5 of 12 games kept" in out and "'meeple ladder toy --out" in out  # (a long path may wrap)
    assert "--report' shows their tables" in out
    assert len(_rows_without_time(part)) == 10  # 5 games x 2 seats
    undo()

    r = run(*args, "--out", str(part), "--resume")
    assert r.exit_code == 0, r.output
    assert "resuming: 5 of 12 games" in r.output
    assert r.output[r.output.index("head to head"):r.output.index("results written")] == tables
    assert _rows_without_time(part) == _rows_without_time(whole)


def test_a_killed_worker_stops_a_run_with_one_line_and_keeps_the_games(tmp_path, monkeypatch):
    """A worker process killed from outside (WorkerDiedError): ladder and simulate keep the
    games finished before, say so in one line with the --resume command, and exit 1; no
    traceback."""
    from meeple.sim import WorkerDiedError

    died = WorkerDiedError("a worker process ended abruptly (killed by a signal)")
    lad = tmp_path / "l.parquet"
    undo = stop_after(monkeypatch, 3, died)
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "8", "--out", str(lad))
    out = " ".join(r.output.split())
    assert r.exit_code == 1 and "Traceback" not in out
    assert "stopped: a worker process ended abruptly" in out
    assert "3 of 8 games kept" in out and "--resume plays the rest" in out
    assert len(_rows_without_time(lad)) == 6
    sim = tmp_path / "s.csv"
    r = run("simulate", "toy", "--seats", "random,greedy", "-n", "8", "--out", str(sim))
    out = " ".join(r.output.split())
    assert r.exit_code == 1 and "stopped: a worker process ended abruptly" in out
    assert "3 of 8 games finished (summarised below)" in out
    assert "the same command with --resume plays the other 5 games" in out
    undo()


def test_resume_refuses_another_ladder_and_changes_nothing(tmp_path):
    out = tmp_path / "l.parquet"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    before = out.read_bytes()
    # (two bots in the other order play the very same games: that file is accepted)
    for args in (["--bots", "random,flatmc:2"], ["--seed", "9"], ["--players", "3"]):
        r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", *args, "--out", str(out), "--resume")
        assert r.exit_code == 2, (args, r.output)
        assert "another ladder" in " ".join(r.output.split())
        assert out.read_bytes() == before


def test_a_two_bot_ladder_grows_with_resume(tmp_path):
    """With two bots the first games of -n 4 are the games of -n 2: --resume adds the rest."""
    small, big = tmp_path / "small.csv", tmp_path / "big.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(small)).exit_code == 0
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(small), "--resume")
    assert r.exit_code == 0 and "resuming: 2 of 4 games" in r.output, r.output
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(big)).exit_code == 0
    assert _rows_without_time(small) == _rows_without_time(big)


def test_resume_without_a_file_plays_everything(tmp_path):
    out = tmp_path / "new.csv"
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out), "--resume")
    assert r.exit_code == 0, r.output
    assert "nothing to resume" in " ".join(r.output.split())
    assert len(_rows_without_time(out)) == 4


def test_ladder_checkpoints_while_it_runs(tmp_path, monkeypatch):
    """The results file is rewritten during the run (every 30 s; here every game)."""
    from meeple.cli import common

    sizes = []
    real_save = common.Checkpoint.save

    def save(self):
        sizes.append(len(self.results))
        return real_save(self)

    monkeypatch.setattr(common.Checkpoint, "save", save)
    real_init = common.Checkpoint.__init__

    def init(self, path, game, variant, results=(), every=30.0, **kw):
        real_init(self, path, game, variant, results, every=0.0, **kw)

    monkeypatch.setattr(common.Checkpoint, "__init__", init)
    out = tmp_path / "l.parquet"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(out)).exit_code == 0
    assert sizes == [1, 2, 3, 4, 4]  # after each game, and once at the end


def test_interrupted_parallel_games_stop_the_workers():
    """Ctrl-C during a run with worker processes stops them and reaches the caller."""
    from meeple.sim.runner import run_games, simulation_jobs

    def interrupt(result):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_games("toy", simulation_jobs(["random", "greedy"], 50, 1), workers=2, progress=interrupt)


def test_sigterm_stops_a_ladder_like_ctrl_c(tmp_path, monkeypatch):
    """A batch system's kill (SIGTERM) keeps the finished games too, ready for --resume."""
    import os
    import signal

    from meeple.cli import common

    real_add = common.Checkpoint.add

    def killed_after_three(self, result):
        real_add(self, result)
        if len(self.results) == 3:
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(common.Checkpoint, "add", killed_after_three)
    before = signal.getsignal(signal.SIGTERM)
    out = tmp_path / "l.csv"
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "8", "--out", str(out))
    assert r.exit_code == 128 + signal.SIGTERM                # as a shell reports a kill
    assert len(_rows_without_time(out)) == 6
    assert signal.getsignal(signal.SIGTERM) is before       # the handler is put back


def test_resume_refuses_games_played_with_other_options(tmp_path):
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    before = out.read_bytes()
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--option", "limit=12", "--out", str(out),
            "--resume")
    assert r.exit_code == 2 and "options" in r.output, r.output
    assert out.read_bytes() == before


def test_a_ladder_stopped_before_its_first_game_writes_nothing(tmp_path, monkeypatch):
    """No empty file that a later run would refuse; an earlier file stays as it was."""
    from meeple.cli import common

    def stop_at_once(self, result):
        raise KeyboardInterrupt

    monkeypatch.setattr(common.Checkpoint, "add", stop_at_once)
    out = tmp_path / "l.parquet"
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out))
    assert r.exit_code == 130 and "nothing saved" in r.output and not out.exists()


def test_a_cut_csv_is_a_clean_resume_error(tmp_path):
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(out)).exit_code == 0
    text = out.read_text()
    out.write_text(text[: len(text) - 40])                  # cut in the middle of the last row
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(out), "--resume")
    assert r.exit_code == 2 and "line 9: not as many values" in " ".join(r.output.split()), r.output
    out.write_text(text.replace(",False,", ",yes,", 1))     # a hand-edited value
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(out), "--resume")
    assert r.exit_code == 2 and "'truncated'" in r.output, r.output


def test_rerunning_without_resume_keeps_the_earlier_file_as_prev(tmp_path):
    """Nothing the user made is lost: a new run at an earlier run's --out moves that file to
    NAME.prev.EXT (an older .prev is replaced), in ladder and simulate alike."""
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    first = out.read_text()
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--seed", "9", "--out", str(out))
    assert r.exit_code == 0 and "moved to" in " ".join(r.output.split()), r.output
    assert str(tmp_path / "l.prev.csv") in "".join(r.output.split())    # a long path may wrap
    assert (tmp_path / "l.prev.csv").read_text() == first
    assert "older" not in r.output                                      # no .prev before this run
    second = out.read_text()
    assert second != first and len(second.splitlines()) == 1 + 4 * 2    # header + 4 games of 2 seats
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--seed", "5", "--out", str(out))
    said = "".join(r.output.split())                                    # a long path may wrap
    assert r.exit_code == 0 and f"theolder{tmp_path / 'l.prev.csv'}thereisreplaced" in said, r.output
    assert (tmp_path / "l.prev.csv").read_text() == second
    sim = tmp_path / "s.parquet"
    assert run("simulate", "toy", "--seats", "random,greedy", "-n", "3", "--out", str(sim)).exit_code == 0
    before = sim.read_bytes()
    assert run("simulate", "toy", "--seats", "greedy,greedy", "-n", "2", "--out", str(sim)).exit_code == 0
    assert (tmp_path / "s.prev.parquet").read_bytes() == before and sim.read_bytes() != before
    r = run("simulate", "toy", "--seats", "random,random", "-n", "2", "--out", str(sim))
    assert r.exit_code == 0 and "thereisreplaced" in "".join(r.output.split()), r.output


def test_a_foreign_file_at_the_prev_name_stops_a_run_before_it_starts(tmp_path):
    out, prev = tmp_path / "l.csv", tmp_path / "l.prev.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    first = out.read_text()
    prev.write_text("my own notes\n")
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--seed", "3", "--out", str(out))
    assert r.exit_code == 2 and "is not a meeple results file" in " ".join(r.output.split()), r.output
    assert out.read_text() == first and prev.read_text() == "my own notes\n"


def test_a_run_stopped_before_its_first_game_leaves_the_earlier_file_alone(tmp_path, monkeypatch):
    out = tmp_path / "l.csv"
    assert run("simulate", "toy", "--seats", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    first = out.read_text()
    from meeple.cli import common

    def stop(self, result):                 # Ctrl-C as the first game ends, before it is counted
        raise KeyboardInterrupt
    monkeypatch.setattr(common.Checkpoint, "add", stop)
    r = run("simulate", "toy", "--seats", "greedy,greedy", "-n", "3", "--out", str(out))
    assert r.exit_code == 130, r.output
    assert out.read_text() == first and not (tmp_path / "l.prev.csv").exists()


def test_a_failed_save_after_a_failed_game_does_not_hide_the_game_error(tmp_path, monkeypatch):
    """A ladder whose game fails saves the finished games; if that save fails too (disk
    full), it says so and the game's own error is the one raised."""
    from meeple.cli import common

    real_add = common.Checkpoint.add

    def fail_on_third(self, result):
        real_add(self, result)
        if len(self.results) == 3:
            raise RuntimeError("the third game broke")

    def no_space(self):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(common.Checkpoint, "add", fail_on_third)
    monkeypatch.setattr(common.Checkpoint, "save", no_space)
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(tmp_path / "l.parquet"))
    assert isinstance(r.exception, RuntimeError) and "third game broke" in str(r.exception)
    assert "could not be saved" in " ".join(r.output.split()) and "No space left" in r.output
    assert not (tmp_path / "l.parquet").exists()


def test_ladder_players_0_means_the_most_players(tmp_path):
    """As in ``bench`` and the library, 0 players means the game's maximum (toy: 3)."""
    import pyarrow.parquet as pq

    out = tmp_path / "l.parquet"
    r = run("ladder", "toy", "--players", "0", "--bots", "random,greedy", "-n", "2", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert set(pq.read_table(out).column("num_players").to_pylist()) == {3}


def test_ladder_refuses_a_human_and_too_many_games(tmp_path):
    r = run("ladder", "toy", "--bots", "random,greedy,human", "-n", "2", "--out", str(tmp_path / "a.csv"))
    assert r.exit_code == 2 and "bots only" in r.output
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2000000", "--out", str(tmp_path / "a.csv"))
    assert r.exit_code == 2 and "100000" in r.output.replace(",", "")
    r = run("ladder", "toy", "--bots", "", "-n", "2")
    assert r.exit_code == 2 and "--bots random,greedy" in " ".join(r.output.split())
    assert not (tmp_path / "a.csv").exists()


def test_resume_takes_an_option_given_at_its_default(tmp_path):
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--option", "limit=15", "--out", str(out),
            "--resume")
    assert r.exit_code == 0, r.output
    assert "resuming: 2 of 4" in r.output
    assert len(_rows_without_time(out)) == 8


def test_resume_with_a_smaller_n_says_which_n_to_give(tmp_path):
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--out", str(out)).exit_code == 0
    before = out.read_bytes()
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out), "--resume")
    text = " ".join(r.output.split())
    assert r.exit_code == 2 and "is no game of this ladder" in text and "-n of the run" in text
    assert out.read_bytes() == before


@pytest.mark.parametrize("change, says", [
    (("--bots", "random,greedy", "--seed", "5"), "another --seed"),
    (("--bots", "random,flatmc:2"), "another ladder: it has greedy, not in this ladder's --bots"),
    (("--bots", "random,greedy", "--players", "3"), "another ladder: its games have 2 players, this ladder's 3"),
])
def test_resume_refusal_names_what_differs(tmp_path, change, says):
    """A --resume on another run's file names the difference (seed, bot order, bots, players)."""
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    before = out.read_bytes()
    r = run("ladder", "toy", *change, "-n", "2", "--out", str(out), "--resume")
    text = " ".join(r.output.split())
    assert r.exit_code == 2 and "is no game of this ladder" in text and says in text, text
    assert out.read_bytes() == before


def test_replay_of_a_results_table_says_what_it_is(tmp_path):
    out = tmp_path / "l.parquet"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    r = run("replay", str(out))
    assert r.exit_code == 2 and "results table" in " ".join(r.output.split()) and "codec" not in r.output


def test_play_reads_negative_numbers_home_folders_and_quotes_paths(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    save = tmp_path / "my game.json"
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save),
            input="-1\nsave ~/home.json\nquit\n")
    assert r.exit_code == 0, r.output
    assert "No action number -1" in r.output
    assert (tmp_path / "home.json").exists()
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save), input="quit\n")
    assert "--load '" in r.output.replace("\n", "")          # a path with a space, quoted for the shell


def test_a_long_ladder_of_search_bots_warns_about_the_time(tmp_path):
    r = run("ladder", "toy", "--bots", "random,mcts:200", "-n", "52", "--out", str(tmp_path / "a.csv"))
    assert r.exit_code == 0 and "may take hours" in " ".join(r.output.split())
    r = run("ladder", "toy", "--bots", "random,greedy,mcts:10", "-n", "52", "--out", str(tmp_path / "b.csv"))
    assert r.exit_code == 0 and "may take hours" not in " ".join(r.output.split())


def test_a_new_folder_for_out_is_announced(tmp_path):
    out = tmp_path / "new" / "deeper" / "l.csv"
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out))
    assert r.exit_code == 0 and "created the folder" in r.output and out.exists()


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_a_stopped_simulation_reports_and_keeps_the_games_it_finished(tmp_path, monkeypatch, sig):
    import os
    import signal

    from meeple.cli import main

    real = main.Progress.advance
    count = []

    def stop_after_three(self, task, advance=1):
        real(self, task, advance)
        count.append(1)
        if len(count) == 3:
            os.kill(os.getpid(), getattr(signal, sig))

    monkeypatch.setattr(main.Progress, "advance", stop_after_three)
    out = tmp_path / "s.csv"
    r = run("simulate", "toy", "-n", "10", "--out", str(out))
    assert r.exit_code == 128 + getattr(signal, sig), r.output
    assert "stopped: 3 of 10 games finished" in r.output and "(test game): 3 games" in r.output
    assert len(_rows_without_time(out)) == 6          # 3 games, 2 seats each


def test_a_save_whose_event_log_is_worded_otherwise_still_loads(tmp_path):
    """The log is derived text (a newer meeple may word it otherwise, e.g. Lignum's seats now
    P1..P4, were P0..P3); any other change to the saved state is still refused."""
    save = tmp_path / "g.json"
    assert run("play", "lignum", "--seats", "human,greedy", "--seed", "3", "--save", str(save),
               input="quit\n").exit_code == 0
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


def test_hint_with_one_legal_action_says_so_without_a_search(monkeypatch, capsys):
    from meeple.cli import play

    state = meeple.load_game("toy").new_initial_state(num_players=2, seed=4)
    only = state.legal_actions()[:1]
    monkeypatch.setattr(type(state), "legal_actions", lambda self: only)
    monkeypatch.setattr(play, "make", lambda *a: pytest.fail("no bot is needed for one action"))
    play.show_hint(state, 1)
    assert f"Only one action is legal now: {only[0].text}" in capsys.readouterr().out


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
    new = final.history[len(before):]
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
    assert final.history[len(before):] == ["move", tile_move]


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
    assert retyped_steps(st, "place from supply to S3") is None     # not playable now
    assert retyped_steps(st, "from supply") is None                 # legal as it is
    seats = ["random", "random"]
    seats[seat] = "human"
    lines = iter(["place from supply to S1", "from supply to S1", "quit"])
    final = play_loop(st, seats, tmp_path / "s.json", 3, input_fn=lambda p: next(lines))
    out = " ".join(capsys.readouterr().out.split())
    assert "'place' is played already: type just 'from supply to S1'" in out
    assert final.history[:3] == ["place", "from supply", "to S1"]


def test_python_dash_m_meeple_runs_the_cli():
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "meeple", "games"], capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    assert "magnum-sal" in r.stdout and "klondike" in r.stdout


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


def test_rules_text_reflows_to_the_terminal_width():
    from meeple.cli.common import reflow
    assert reflow("one two\nthree\n\n(1) first\n(2) second\n- item\nmore") == \
        "one two three\n\n(1) first\n(2) second\n- item more"
    r = run("rules", "magnum-sal")
    first = r.output.split("\n\n")[0].splitlines()
    assert len(first) >= 3 and all(len(line) >= 60 for line in first[:-1])  # wrapped by width, not at 98


def test_load_of_a_json_file_that_is_no_save_says_so(tmp_path):
    f = tmp_path / "bad.json"
    f.write_text('{"a": 1}')
    r = run("play", "solomon", "--load", str(f))
    assert r.exit_code == 2 and "is not a meeple save file or game record" in " ".join(r.output.split())
    assert f.read_text() == '{"a": 1}'


def test_takeback_goes_back_to_the_persons_last_move(tmp_path):
    """Magnum Sal: 'square' (+1 groš, nothing hidden shown) and the bot's reply are taken
    back; the saved game is the one before the move."""
    save = tmp_path / "tb.json"
    r = run("play", "magnum-sal", "--seats", "human,random", "--seed", "5", "--save", str(save),
            input="square\ntakeback\ntakeback\nquit\n")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())  # the console wraps long lines
    assert "You took back 4 actions: square, place, from supply, to S1." in out
    assert "Cannot take back: you have no move to take back." in out
    assert json.loads(save.read_text())["record"]["actions"] == []


def test_takeback_refuses_when_another_person_moved_since(tmp_path):
    save = tmp_path / "tb.json"
    r = run("play", "magnum-sal", "--seats", "human,human", "--seed", "2", "--save", str(save),
            input="\nsquare\n\nsquare\n\ntakeback\nquit\n")
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
    r = run("play", "magnum-sal", "--seats", "human,random", "--seed", "5", "--save", str(save),
            input="place\nfrom supply\nto S1\ntakeback\nquit\n")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "You took back 6 actions: place, from supply, to S1, market, sell brown, buy green." in out
    assert json.loads(save.read_text())["record"]["actions"] == []


def _variants(name):
    return [(name, v) for v in meeple.load_game(name).variants]


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
        nameable = [st.history[i] for i in range(start, len(seen))
                    if not (seen[i][0] != seat and seen[i][1])]  # public or the person's own
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


def _record_file(tmp_path, name, variant=None, actions=40, seed=2):
    import random
    st = meeple.load_game(name).new_initial_state(num_players=3, seed=seed, variant=variant)
    r = random.Random(seed)
    for _ in range(actions):
        st.apply_action(r.choice(st.legal_actions()))
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(st.record()))
    return path, st


def early_name(st, k):
    """The name of the seat that took action ``k`` (0-based) of ``st``'s game."""
    return meeple.replay({**st.record(), "actions": st.history[:k]}).seat_name(
        meeple.replay({**st.record(), "actions": st.history[:k]}).current_player)


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


@pytest.mark.parametrize("args, message", [
    (("--at", "41"), "--at must be 0 to 40"),
    (("--at", "-1"), "--at must be 0 to 40"),
    (("--seat", "7"), "is not a seat of this game"),
    (("--seat", "nobody"), "is not a seat of this game"),
    (("--seat", "\u00b2"), "is not a seat of this game"),  # a digit to str.isdigit, not to int()
])
def test_replay_refuses_a_bad_move_number_or_seat(tmp_path, args, message):
    path, _st = _record_file(tmp_path, "magnum-sal")
    r = run("replay", str(path), *args)
    assert r.exit_code == 2 and message in " ".join(r.output.split()), r.output


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


def test_simulate_records_saves_every_game_for_replay_and_play(tmp_path):
    folder = tmp_path / "games"
    out = tmp_path / "r.csv"
    r = run("simulate", "klondike", "--seats", "greedy,random", "-n", "3", "--seed", "4",
            "--out", str(out), "--records", str(folder))
    assert r.exit_code == 0, r.output
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["klondike-00000.json", "klondike-00001.json", "klondike-00002.json"]
    import csv
    rows = list(csv.DictReader(out.open()))
    for i in range(3):
        data = json.loads((folder / files[i]).read_text())
        game_rows = sorted((row for row in rows if int(row["index"]) == i), key=lambda row: int(row["seat"]))
        assert data["seats"] == [row["bot"] for row in game_rows]  # the seats rotate game by game
        final = meeple.replay(data["record"])
        assert final.is_terminal() and final.scores() == [int(row["score"]) for row in game_rows]
        assert str(final.seed) == game_rows[0]["seed"]
    r = run("replay", str(folder / files[1]), "--no-events")
    assert r.exit_code == 0 and "game over" in r.output
    # a second run replaces its own saves, never another file
    (folder / "klondike-00003.json").write_text("my notes")
    r = run("simulate", "klondike", "--seats", "greedy,random", "-n", "4", "--records", str(folder))
    assert r.exit_code == 2 and "klondike-00003.json is in the way: it is not a meeple save" in "".join(r.output.split("\n"))
    assert (folder / "klondike-00003.json").read_text() == "my notes"
    r = run("simulate", "klondike", "--seats", "greedy,random", "-n", "2", "--records", str(out))
    assert r.exit_code == 2 and "not a folder" in " ".join(r.output.split())


def test_records_never_replace_a_persons_saved_game(tmp_path):
    """--records replaces only saves of bots' games (an earlier run's records); a person's
    save at a record's name stops the run before its first game, in simulate and ladder."""
    folder = tmp_path / "games"
    folder.mkdir()
    mine = folder / "solomon-00001.json"
    assert run("play", "solomon", "--seats", "human,greedy", "--save", str(mine), input="quit\n").exit_code == 0
    saved = mine.read_text()
    assert json.loads(saved)["seats"] == ["human", "greedy"]
    for args in (("simulate", "solomon", "--seats", "greedy,random", "-n", "2"),
                 ("ladder", "solomon", "--bots", "greedy,random", "-n", "2", "--out", str(tmp_path / "l.csv"))):
        r = run(*args, "--records", str(folder))
        assert r.exit_code == 2 and "a person's seat" in " ".join(r.output.split()), r.output
        assert mine.read_text() == saved and sorted(p.name for p in folder.iterdir()) == ["solomon-00001.json"]
    # a bots' game there (an earlier run's record) is replaced, with a note
    assert run("simulate", "solomon", "--seats", "random,random", "-n", "2", "--records", str(folder),
               "--seed", "5").exit_code == 2            # the person's save is still in the way
    mine.unlink()
    assert run("simulate", "solomon", "--seats", "random,random", "-n", "2", "--records", str(folder)).exit_code == 0
    r = run("simulate", "solomon", "--seats", "greedy,random", "-n", "2", "--records", str(folder))
    assert r.exit_code == 0 and "2 of them are replaced" in " ".join(r.output.split()), r.output
    assert json.loads(mine.read_text())["seats"] == ["random", "greedy"]


def test_a_report_of_one_game_says_one_game(tmp_path):
    out = tmp_path / "one.csv"
    assert run("simulate", "toy", "--seats", "random,greedy", "-n", "1", "--out", str(out)).exit_code == 0
    r = run("simulate", "toy", "--out", str(out), "--report")
    assert r.exit_code == 0 and f"1 game in {out}" in " ".join(r.output.split()), r.output
    assert run("simulate", "toy", "--seats", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    assert f"2 games in {out}" in " ".join(run("simulate", "toy", "--out", str(out), "--report").output.split())


def test_a_yes_no_option_says_true_or_false(tmp_path):
    r = run("simulate", "lignum", "--seats", "random,random", "-n", "1", "-o", "easy_winter=yes")
    assert r.exit_code == 2 and "option easy_winter must be true or false, not 'yes'" in " ".join(r.output.split())


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


def test_a_stopped_simulation_resumes_to_the_unbroken_result(tmp_path, monkeypatch):
    """simulate --out keeps the finished games after Ctrl-C; --resume plays only the others and
    gives the same file and tables as one unbroken run; a larger -n grows it; another
    simulation's file is refused."""
    args = ["simulate", "toy", "--seats", "random,greedy", "-n", "8", "--seed", "5"]
    whole = tmp_path / "whole.csv"
    r = run(*args, "--out", str(whole))
    assert r.exit_code == 0, r.output
    tables = r.output[r.output.index("Fifteen"):r.output.index("game length")]

    part = tmp_path / "part.csv"
    undo = stop_after(monkeypatch, 3)
    r = run(*args, "--out", str(part))
    assert r.exit_code == 130
    assert "the same command with --resume plays the other 5 games" in " ".join(r.output.split())
    assert len(_rows_without_time(part)) == 6  # 3 games x 2 seats
    undo()

    r = run(*args, "--out", str(part), "--resume")
    assert r.exit_code == 0, r.output
    assert "resuming: 3 of 8 games" in r.output
    assert r.output[r.output.index("Fifteen"):r.output.index("game length")] == tables
    assert _rows_without_time(part) == _rows_without_time(whole)

    r = run("simulate", "toy", "--seats", "random,greedy", "-n", "10", "--seed", "5", "--out", str(part), "--resume")
    assert r.exit_code == 0 and "resuming: 8 of 10 games" in r.output
    before = part.read_text()
    r = run("simulate", "toy", "--seats", "greedy,random", "-n", "10", "--seed", "5", "--out", str(part), "--resume")
    assert r.exit_code == 2 and "another simulation" in " ".join(r.output.split())
    assert part.read_text() == before
    r = run("simulate", "toy", "--seats", "greedy,random", "--resume")
    assert r.exit_code == 2 and "give it with --out" in " ".join(r.output.split())


def test_a_bare_record_loads_with_a_person_and_greedy_bots_named_at_the_start(tmp_path):
    path, st = _record_file(tmp_path, "solomon", actions=5)
    r = run("play", "solomon", "--load", str(path), input="quit\n")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert f"({st.seat_name(0)} human, {st.seat_name(1)} greedy, {st.seat_name(2)} greedy)" in out


def test_a_record_error_numbers_the_action_as_replay_lists_it(tmp_path):
    path, st = _record_file(tmp_path, "magnum-sal", actions=5)
    data = json.loads(path.read_text())
    data["actions"][2] = "fly away"
    path.write_text(json.dumps(data))
    r = run("replay", str(path))
    assert r.exit_code == 2 and "action 3 ('fly away') cannot be replayed" in " ".join(r.output.split())


def test_simulate_resume_names_other_seats_before_the_game_count(tmp_path):
    out = tmp_path / "r.csv"
    assert run("simulate", "toy", "--seats", "random,greedy", "-n", "6", "--out", str(out)).exit_code == 0
    r = run("simulate", "toy", "--seats", "greedy,greedy", "-n", "4", "--out", str(out), "--resume")
    assert r.exit_code == 2 and "another simulation: it has random, not in this simulation's --seats" in " ".join(r.output.split())


def test_resumed_records_count_their_own_games_as_their_own(tmp_path, monkeypatch):
    out, folder = tmp_path / "r.csv", tmp_path / "games"
    args = ["simulate", "toy", "--seats", "random,greedy", "-n", "5", "--out", str(out), "--records", str(folder)]
    undo = stop_after(monkeypatch, 2)
    assert run(*args).exit_code == 130
    undo()
    r = run(*args, "--resume")
    assert r.exit_code == 0, r.output
    assert "earlier run" not in r.output and "3 games saved" in r.output
    assert len(list(folder.glob("toy-*.json"))) == 5


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
        names.append(f"{line.seat_name(p)}: " + ("(a secret choice)" if line.is_secret_decision() and p != 0
                                                  else text))
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


def test_ladder_report_prints_the_tables_of_the_games_so_far(tmp_path, monkeypatch):
    """--report plays nothing: on a finished ladder it gives the run's own tables; on a stopped
    one the tables of its games so far; the bots are read from the file (not --bots)."""
    args = ["ladder", "toy", "--bots", "random,greedy,flatmc:2", "-n", "4", "--seed", "3"]
    whole = tmp_path / "whole.csv"
    r = run(*args, "--out", str(whole))
    assert r.exit_code == 0, r.output
    tables = r.output[r.output.index("head to head"):r.output.index("results written")]
    before = whole.read_text()
    r = run("ladder", "toy", "--out", str(whole), "--report")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "12 games in" in out and "bots random, greedy, flatmc:2" in out
    assert r.output[r.output.index("head to head"):] == tables
    assert "mcts:1000" not in r.output  # the default --bots play no part
    assert whole.read_text() == before
    part = tmp_path / "part.csv"
    undo = stop_after(monkeypatch, 5)
    assert run(*args, "--out", str(part)).exit_code == 130
    undo()
    r = run("ladder", "toy", "--out", str(part), "--report")
    assert r.exit_code == 0 and "5 games in" in " ".join(r.output.split())
    r = run("ladder", "toy", "--out", str(tmp_path / "none.csv"), "--report")
    assert r.exit_code == 2 and "does not exist (yet" in " ".join(r.output.split())
    r = run("ladder", "solomon", "--out", str(whole), "--report")
    assert r.exit_code == 2 and "it holds games of toy, not solomon" in " ".join(r.output.split())
    notes = tmp_path / "notes.md"
    notes.write_text("# my notes\n\nnot a results table\n")
    for command in ("ladder", "simulate"):
        r = run(command, "toy", "--out", str(notes), "--report")
        assert r.exit_code == 2 and "ending in .csv or .parquet, not 'notes.md'" in " ".join(r.output.split())
    assert notes.read_text() == "# my notes\n\nnot a results table\n"


def test_ladder_records_saves_the_games_it_plays(tmp_path):
    folder = tmp_path / "games"
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--seed", "2", "--out", str(tmp_path / "l.csv"),
            "--records", str(folder))
    assert r.exit_code == 0, r.output
    files = sorted(p.name for p in folder.iterdir())
    assert files == [f"toy-{i:05d}.json" for i in range(4)]
    from meeple.sim.io import read_rows
    rows = read_rows(tmp_path / "l.csv")
    for i, name in enumerate(files):
        data = json.loads((folder / name).read_text())
        final = meeple.replay(data["record"])
        assert final.scores() == [int(x["score"]) for x in sorted((x for x in rows if int(x["index"]) == i),
                                                                  key=lambda x: int(x["seat"]))]


def test_ladder_and_report_warn_about_games_cut_short(tmp_path):
    out = tmp_path / "ms.csv"
    # 14 games: since greedy works toward the royal orders (heuristics._reach) and pumps a
    # chamber dry when that opens the salt (heuristics._best_pumping), the first 12 of seed 1
    # end by the rules; game 13 ends a phase on the cap (docs/ladder/magnum-sal-greedy-random.parquet)
    r = run("ladder", "magnum-sal", "--bots", "random,greedy", "-n", "14", "--seed", "1", "--out", str(out))
    assert r.exit_code == 0, r.output
    from meeple.sim.io import read_rows
    cut = len({row["index"] for row in read_rows(out) if str(row["truncated"]).lower() in ("true", "1")})
    assert cut > 0  # games with random in them often end on the max_rounds cap
    assert f"{cut} of 14 games were cut short by a safety option" in " ".join(r.output.split())
    r = run("ladder", "magnum-sal", "--out", str(out), "--report")
    assert f"{cut} of 14 games were cut short" in " ".join(r.output.split())


def test_a_loaded_bots_game_with_a_person_notes_the_cap_it_keeps(tmp_path):
    folder = tmp_path / "g"
    assert run("simulate", "magnum-sal", "--seats", "greedy,random", "-n", "1", "--records", str(folder)).exit_code == 0
    r = run("play", "magnum-sal", "--load", str(folder / "magnum-sal-00000.json"), "--at", "10",
            "--seats", "human,greedy", input="quit\n")
    assert r.exit_code == 0 and "keeps its options, max_rounds=30" in " ".join(r.output.split())


def test_a_ladder_of_three_bots_grows_by_a_bot_and_by_n_with_resume(tmp_path):
    """Games are matched by seating and deal, not by number: adding a fourth bot or a larger
    -n to a three-bot ladder keeps the games played, and gives the unbroken run's tables."""
    whole = tmp_path / "whole.csv"
    big = ["ladder", "toy", "--bots", "random,greedy,flatmc:2,mcts:5", "-n", "4", "--seed", "2"]
    r = run(*big, "--out", str(whole))
    assert r.exit_code == 0, r.output
    tables = r.output[r.output.index("head to head"):r.output.index("results written")]
    grown = tmp_path / "grown.csv"
    assert run("ladder", "toy", "--bots", "random,greedy,flatmc:2", "-n", "2", "--seed", "2",
               "--out", str(grown)).exit_code == 0
    r = run(*big, "--out", str(grown), "--resume")
    assert r.exit_code == 0, r.output
    assert "resuming: 6 of 24 games" in r.output
    assert r.output[r.output.index("head to head"):r.output.index("results written")] == tables
    assert _rows_without_time(grown) == _rows_without_time(whole)


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
    assert run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(tmp_path / "q.json"),
               input="quit\n").exit_code == 0  # 'quit' is a normal end


def test_simulate_writes_its_file_before_the_tables(tmp_path, monkeypatch):
    """A closed pipe (``| head``, a pager quit early) while the tables print loses no result."""
    from meeple.cli import main

    def closed_pipe(g, results):
        raise BrokenPipeError

    monkeypatch.setattr(main, "_simulation_report", closed_pipe)
    out = tmp_path / "s.csv"
    r = run("simulate", "toy", "-n", "3", "--out", str(out))
    assert r.exit_code != 0
    assert len(_rows_without_time(out)) == 6  # 3 games, 2 seats each


def test_a_closed_output_exits_with_141_as_a_shell_expects():
    """'meeple games | head' with the reader gone: 128 + SIGPIPE (click alone says 1), no traceback."""
    import signal
    import subprocess
    import sys

    for args in (["games"], ["--help"], ["simulate", "--help"]):
        p = subprocess.Popen([sys.executable, "-c", "from meeple.cli.main import main; main()", *args],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        p.stdout.close()  # closed before the command prints anything
        err = p.stderr.read().decode()
        assert p.wait(timeout=120) == 128 + signal.SIGPIPE, (args, err)
        assert "Traceback" not in err


def test_only_a_closed_output_turns_an_exit_into_141(monkeypatch):
    from meeple.cli import main as main_module

    def failing_run():
        raise SystemExit(1)

    monkeypatch.setattr(main_module, "app", failing_run)
    with pytest.raises(SystemExit) as e:
        main_module.main()
    assert e.value.code == 1
    monkeypatch.setattr(main_module.console, "broken", True, raising=False)
    with pytest.raises(SystemExit) as e:
        main_module.main()
    assert e.value.code == 141


def test_a_comma_inside_a_bot_spec_says_where_options_go():
    from meeple.core import InvalidConfigError

    with pytest.raises(InvalidConfigError, match="options follow it after colons, e.g. mcts:200:c=0.3"):
        meeple.agents.make("mcts:200,c=0.3")
    r = run("play", "toy", "--seats", "human,mcts:200,c=0.3")  # split into two seats at the comma
    assert r.exit_code == 2 and "'c=0.3'" in r.output and "after colons" in r.output


def test_an_empty_seats_list_is_refused_in_play():
    r = run("play", "toy", "--seats", "")
    assert r.exit_code == 2 and "--seats needs at least one entry" in r.output


def test_time_capped_bots_are_said_not_to_be_reproducible(tmp_path):
    r = run("simulate", "toy", "--seats", "greedy,mcts:5:time=1", "-n", "2")
    assert r.exit_code == 0 and "mcts:5:time=1 stops searching at a time cap" in " ".join(r.output.split())
    r = run("ladder", "toy", "--bots", "random,medium,hard", "-n", "2", "--out", str(tmp_path / "l.csv"))
    assert r.exit_code == 0 and "medium, hard stop searching at a time cap" in " ".join(r.output.split())
    r = run("ladder", "toy", "--bots", "random,mcts:5", "-n", "2", "--out", str(tmp_path / "m.csv"))
    assert r.exit_code == 0 and "time cap" not in r.output


def test_ladder_report_says_what_it_ignores_and_refuses_a_simulation_file(tmp_path):
    lad = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(lad)).exit_code == 0
    r = run("ladder", "toy", "--out", str(lad), "--report", "--bots", "random,flatmc:3", "-n", "8", "--players", "3")
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and "--bots, -n/--games, --players not used" in out and "2 games in" in out
    r = run("ladder", "toy", "--out", str(lad), "--report", "--players", "2", "--seed", "0")  # the defaults, given
    assert r.exit_code == 0 and "--seed, --players not used" in " ".join(r.output.split())
    r = run("ladder", "toy", "--out", str(lad), "--report")
    assert r.exit_code == 0 and "not used" not in r.output
    sim = tmp_path / "s.csv"
    assert run("simulate", "toy", "--seats", "random,greedy,flatmc:2", "-n", "3", "--out", str(sim)).exit_code == 0
    before = sim.read_text()
    r = run("ladder", "toy", "--out", str(sim), "--report")
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "is not a ladder's file" in out and "3 different bots" in out
    assert sim.read_text() == before
    same = tmp_path / "g.csv"
    assert run("simulate", "toy", "--seats", "greedy,greedy", "-n", "2", "--out", str(same)).exit_code == 0
    r = run("ladder", "toy", "--out", str(same), "--report")
    out = " ".join(r.output.split())
    assert r.exit_code == 2 and "seats only greedy in every seat" in out


def test_a_ladder_of_three_players_shows_shares_not_win_rates(tmp_path):
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--players", "3", "--markdown",
            "--out", str(tmp_path / "l.csv"))
    assert r.exit_code == 0, r.output
    assert "A share" in r.output and "A win rate" not in r.output
    assert "| bot A | bot B | games | A share | 95% CI |" in r.output
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "4", "--markdown", "--out", str(tmp_path / "m.csv"))
    assert "| bot A | bot B | games | A win rate | 95% CI |" in r.output


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
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save),
            input="draw\n" * 20 + "quit\n")
    assert r.exit_code == 128 + signal.SIGPIPE, r.output
    assert "the output was closed: game saved to" in " ".join(r.output.split())
    loaded, seats = load_save(save)
    assert loaded.move_number >= 1 and seats == ["human", "greedy"]


def test_the_console_turns_a_closed_pipe_into_broken_pipe_error(monkeypatch):
    from meeple.cli import common

    monkeypatch.setattr(common, "silence_stdout", lambda: None)
    c = common._Console(emoji=False)
    with pytest.raises(BrokenPipeError):
        c.on_broken_pipe()
    assert c.quiet


def test_typed_text_and_file_names_with_brackets_print_as_typed(tmp_path):
    """Square brackets are not read as the terminal library's markup: no crash, no text lost."""
    odd = tmp_path / "g[x].json"
    r = run("play", "toy", "--seats", "human,human", "--seed", "9", "--save", str(tmp_path / "a.json"),
            input=f"\nzz[/]\n[red]hello\nsave {odd}\nquit\n")
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "zz[/]" in out and "[red]hello" in out and "g[x].json" in out and odd.exists()


def test_save_file_chosen_in_game_is_where_a_stop_saves(tmp_path, monkeypatch):
    """After 'save FILE', Ctrl-C saves to FILE (not to the file the game started with)."""
    from meeple.agents.simple import GreedyAgent
    from meeple.cli.play import load_save

    first, chosen = tmp_path / "first.json", tmp_path / "chosen.json"

    def interrupted(self, state):
        raise KeyboardInterrupt

    monkeypatch.setattr(GreedyAgent, "choose", interrupted)
    r = run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(first),
            input=f"save {chosen}\ndraw\n")
    assert r.exit_code == 130, r.output
    assert not first.exists() and load_save(chosen)[0].history == ["draw"]


def test_a_save_naming_an_unknown_bot_names_the_file_and_takes_other_seats(tmp_path):
    save = tmp_path / "g.json"
    assert run("play", "toy", "--seats", "human,greedy", "--seed", "4", "--save", str(save),
               input="quit\n").exit_code == 0
    data = json.loads(save.read_text())
    data["seats"][1] = "nonsense-bot"
    save.write_text(json.dumps(data))
    r = run("play", "toy", "--load", str(save))
    assert r.exit_code == 2 and "g.json: its seats name a player this meeple does not know" in " ".join(r.output.split())
    r = run("play", "toy", "--load", str(save), "--seats", "human,greedy", "--save", str(tmp_path / "h.json"),
            input="quit\n")
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
    play_loop(state, ["human", "human"], save, 4, stopped_by=stopped_by,
              input_fn=lambda p: "" if p.startswith("Pass the keyboard") else "draw")
    monkeypatch.undo()
    loaded, _ = load_save(save)
    assert loaded.history == ["draw"] and stopped_by == [signal.SIGINT]


def test_ctrl_c_at_the_two_step_question_saves_and_stops(tmp_path):
    """Ctrl-C at 'needs X first: play both? (y/n)' saves the game and stops (exit 130 from the
    command line), as at the prompt; neither step is played."""
    import random
    import signal
    from meeple.cli.play import first_step, load_save, play_loop
    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=3)
    st.apply_action(random.Random(1).choice(st.legal_actions()))
    assert first_step(st, "dig a1,b1,c1").text == "play 1"      # SO: a card is played before the dig
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
    assert stopped_by == [signal.SIGINT] and final.history == before    # not a quit after a 'no'
    loaded, seats = load_save(save)
    assert loaded.history == before and seats == ["human", "human"]


def test_a_variant_alias_names_the_same_runs(tmp_path):
    out = tmp_path / "k.csv"
    r = run("simulate", "klondike", "--seats", "random,random", "-n", "2", "--variant", "expert", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert {row["variant"] for row in _rows_without_time(out)} == {"race"}
    r = run("simulate", "klondike", "--seats", "random,random", "-n", "3", "--variant", "race", "--out", str(out),
            "--resume")
    assert r.exit_code == 0 and "resuming: 2 of 3 games" in r.output, r.output
    assert "race (also expert)" in run("games").output


def test_option_values_none_true_false_read_in_any_case():
    """--option cart_max_cubes=None means null (no limit), as the refusal of 0 suggests."""
    from meeple.cli.common import parse_options

    assert parse_options(["cart_max_cubes=None", "a=TRUE", "b=false", "c=null", "d=2", "e=[1, 2]", "f=random"]) == {
        "cart_max_cubes": None, "a": True, "b": False, "c": None, "d": 2, "e": [1, 2], "f": "random"}
    assert parse_options(["children=[P2, 0]", "g=[]", "h=[x"]) == {"children": ["P2", 0], "g": [], "h": "[x"}
    r = run("play", "magnum-sal", "--seats", "human,greedy", "--option", "cart_max_cubes=0", input="quit\n")
    assert r.exit_code == 2 and "must be null (no limit) or 1 or more, not 0" in " ".join(r.output.split())


def test_a_game_cut_by_a_safety_cap_says_so_at_its_end(tmp_path):
    """Magnum Sal's max_rounds (not a rule) ends a phase: play and replay say the scores are
    those of a game cut short; a finished game of the rules says nothing of it."""
    save = tmp_path / "ms.json"
    r = run("play", "magnum-sal", "--seats", "greedy,greedy", "--seed", "2", "--option", "max_rounds=1",
            "--save", str(save))
    note = "a safety option (not a rule of the game; see 'meeple games') cut this game short"
    assert r.exit_code == 0 and note in " ".join(r.output.split()), r.output
    r = run("replay", str(save), "--no-events")
    assert r.exit_code == 0 and note in " ".join(r.output.split()), r.output
    toy = tmp_path / "toy.json"
    assert run("play", "toy", "--seats", "greedy,greedy", "--seed", "2", "--save", str(toy)).exit_code == 0
    assert "safety option" not in run("replay", str(toy), "--no-events").output


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
    assert run("play", "toy", "--seats", "human,human", "--seed", "3", "--save", str(a),
               input="\n1\n\n1\n\nquit\n").exit_code == 0
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
    assert run("play", "toy", "--seats", "human,human", "--seed", "3", "--save", str(a),
               input="quit\n").exit_code == 0
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
    assert run("play", "toy", "--seats", "human,human", "--seed", "3", "--save=~/x.json",
               input="quit\n").exit_code == 0
    assert (tmp_path / "home" / "x.json").exists() and not (tmp_path / "~").exists()
    r = run("play", "toy", "--load", "~/x.json", input="quit\n")
    assert r.exit_code == 0, r.output


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
    r = run("play", "lignum", "--seats", "human,random", "--seed", "1", "--save", str(tmp_path / "g.json"),
            input="loan 5\nquit\n")
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
    assert failed_step(st, "move b1-c1 move a1-b1") is None              # 4 steps: legal
    played, rest, error = failed_step(st, "move b1-c1 move a1-b1 move c1-d1")
    assert played == ["move", "b1-c1", "move"] and rest == "a1-b1 move c1-d1"
    assert str(error) == "that makes more than 4 steps on one line; type at most 4, then the rest"


def test_takeback_stops_where_a_game_went_on_from_a_loaded_position(tmp_path):
    """After --at or with other players, the moves before were not the person's: takeback
    refuses them; in a resumed game (same players) a person takes back their own."""
    a = tmp_path / "a.json"
    assert run("play", "magnum-sal", "--seats", "human,random", "--seed", "5", "--save", str(a),
               input="square\nquit\n").exit_code == 0
    assert json.loads(a.read_text())["record"]["actions"] == ["square", "place", "from supply", "to S1"]
    r = run("play", "magnum-sal", "--load", str(a), "--at", "3", input="takeback\nquit\n")
    assert "since this game went on from the loaded position" in " ".join(r.output.split()), r.output
    r = run("play", "magnum-sal", "--load", str(a), input="takeback\nquit\n")
    assert "You took back 4 actions: square, place, from supply, to S1." in " ".join(r.output.split()), r.output


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


def test_a_save_naming_its_game_in_another_spelling_loads(tmp_path):
    """"Solomon" or "Magnum_Sal" in a save file's record and state is that game, as load_game
    reads the name (the save check compared the raw text and called the file edited)."""
    r = run("simulate", "magnum-sal", "--seats", "random,random", "-n", "1", "--records", str(tmp_path),
            "--option", "max_rounds=1")
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
    assert r.exit_code == 2 and "its record is a game of 'Magnum_Sal' but its saved state one of 'solomon'" in \
        " ".join(r.output.split())


def test_resume_refuses_games_of_another_rules_edition(tmp_path, monkeypatch):
    """A results file from before a rules fix (its rows say rules edition 1, or say nothing)
    is not continued by a meeple that plays edition 2: its games are of another game."""
    out = tmp_path / "l.csv"
    assert run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out)).exit_code == 0
    assert {r["rules"] for r in _rows_without_time(out)} == {1}
    before = out.read_bytes()
    toy = type(meeple.load_game("toy"))
    monkeypatch.setattr(toy, "rules_edition", 2)
    monkeypatch.setattr(toy, "rules_changes", {2: "a rule was fixed"})
    r = run("ladder", "toy", "--bots", "random,greedy", "-n", "2", "--out", str(out), "--resume")
    assert r.exit_code == 2, r.output
    text = " ".join(r.output.split())
    assert "rules edition 1" in text and "edition 2 of toy (a rule was fixed)" in text
    assert out.read_bytes() == before
    r = run("ladder", "toy", "--out", str(out), "--report")  # shown, with a warning
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert f"2 games in {out}" in text
    assert "warning: games of this file were played under rules edition 1 of toy" in text


def test_a_bot_budget_with_leading_zeros_is_named_without_them_in_results(tmp_path):
    """``mcts:010`` plays as ``mcts:10`` and results files name it so (one bot, one name)."""
    out = tmp_path / "r.csv"
    r = run("simulate", "toy", "--seats", "mcts:010,random", "-n", "2", "--seed", "1", "--out", str(out))
    assert r.exit_code == 0, r.output
    names = {row.split(",")[6] for row in out.read_text().splitlines()[1:]}
    assert names == {"mcts:10", "random"}


def test_ctrl_c_while_the_command_loads_exits_130_without_a_traceback():
    """The entry point (meeple.cli.main, as the installed 'meeple' script calls it) turns a
    Ctrl-C during the imports of the command line into exit 130, quietly."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "class Interrupted:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'meeple.cli.main':\n"
        "            raise KeyboardInterrupt\n"
        "from meeple.cli import main\n"
        "sys.meta_path.insert(0, Interrupted())\n"
        "main()\n"
    )
    p = subprocess.run([sys.executable, "-c", code, "games"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 130, p.stderr
    assert "Traceback" not in p.stderr and p.stdout == ""
    import tomllib
    from pathlib import Path

    scripts = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["meeple"] == "meeple.cli:main"


def test_games_lists_an_options_choices_and_names_no_internal_attribute():
    """'meeple games' gives the values a choice option takes (unless its help names them all)
    and sends the reader to 'meeple rules GAME', not to an attribute of the code."""
    r = run("games")
    assert r.exit_code == 0
    text = " ".join(r.output.split())
    assert "(KL-14.3); one of: both_edges, one_edge_per_tile" in text
    assert "random, choose or identical (KL-10.2)" in text and "one of: random" not in text
    assert "rules_help" not in text and "see 'meeple rules magnum-sal'" in text


def test_an_out_path_under_a_file_names_that_file(tmp_path):
    """--out under a file (not a folder) names the file in the way, and nothing is made."""
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    for flag in ("--out", "--records"):
        target = notes / "sub" / ("r.csv" if flag == "--out" else "games")
        r = run("simulate", "solomon", "--seats", "random,random", "-n", "1", flag, str(target))
        assert r.exit_code == 2, r.output
        assert f"{notes} is a file, not a folder" in "".join(r.output.split("\n")), r.output
    assert notes.read_text() == "mine"


def test_version_prints_the_package_version():
    r = run("--version")
    assert r.exit_code == 0 and r.output.strip() == f"meeple {meeple.__version__}"
    from importlib.metadata import version
    assert version("meeple") == meeple.__version__     # pyproject.toml and the package agree
