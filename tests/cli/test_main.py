"""The ``meeple`` program as a whole: bad options exit 2 on every command, ``python -m meeple``,
the exit codes of a closed output and of Ctrl-C while loading, ``--version`` (``meeple.cli.main``)."""

from __future__ import annotations

import pytest

import meeple
from tests.cli.helpers import run


@pytest.mark.parametrize(
    "args",
    [
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
    ],
)
def test_bad_options_exit_2_with_a_message(args):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert "error" in r.output.lower() or "usage" in r.output.lower()


def test_agents_reachable_from_plain_import():
    import meeple as m

    assert m.agents.make("random", 1).spec == "random"


def test_python_dash_m_meeple_runs_the_cli():
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "meeple", "games"], capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    assert "magnum-sal" in r.stdout and "klondike" in r.stdout


def test_a_closed_output_exits_with_141_as_a_shell_expects():
    """'meeple games | head' with the reader gone: 128 + SIGPIPE (click alone says 1), no traceback."""
    import signal
    import subprocess
    import sys

    for args in (["games"], ["--help"], ["simulate", "--help"]):
        p = subprocess.Popen(
            [sys.executable, "-c", "from meeple.cli.main import main; main()", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
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


def test_the_console_turns_a_closed_pipe_into_broken_pipe_error(monkeypatch):
    from meeple.cli import common

    monkeypatch.setattr(common, "silence_stdout", lambda: None)
    c = common._Console(emoji=False)
    with pytest.raises(BrokenPipeError):
        c.on_broken_pipe()
    assert c.quiet


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


def test_version_prints_the_package_version():
    r = run("--version")
    assert r.exit_code == 0 and r.output.strip() == f"meeple {meeple.__version__}"
    from importlib.metadata import version

    assert version("meeple") == meeple.__version__  # pyproject.toml and the package agree
