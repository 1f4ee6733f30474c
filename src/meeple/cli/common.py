"""Helpers shared by the CLI commands: option parsing, rendering, errors."""

from __future__ import annotations

import errno
import json
import os
import re
import sys
from pathlib import Path

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer.core import TyperCommand, TyperGroup

from ..core import Game, InvalidConfigError, load_game
from ..front import action_notes, listed_actions, render  # noqa: F401  (moved to meeple.front; kept for old callers)


def silence_stdout() -> None:
    """Send what is still printed to /dev/null once the output is closed (else every later
    print, and Python's own flush at exit, fails again)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file behind stdout (an embedding program)
        pass


class _HelpLayout:
    """What ``--help`` shows of a command, for a reader at a terminal of any width:

    * a flag (``--help``, ``--version``, ``--resume`` ...) takes no value, so no type is shown
      beside it (typer prints ``<bool>``, as if it took one);
    * a command's line in the list of commands is the first paragraph of its docstring joined
      into one line, wrapped to the terminal (typer keeps the source's line ends, so a
      description broke mid-sentence at 80 columns).
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if getattr(self, "short_help", None) is None and self.help:
            first = self.help.strip().split("\n\n")[0]
            self.short_help = " ".join(first.split())

    def get_params(self, ctx) -> list:
        params = super().get_params(ctx)
        for param in params:
            if getattr(param, "is_flag", False) and not getattr(param, "count", False) and param.metavar is None:
                param.metavar = ""  # shown as nothing; a flag's value is its presence
        return params


class MeepleCommand(_HelpLayout, TyperCommand):
    """A ``meeple`` command (``app.command(cls=MeepleCommand)``): typer's, with the help layout
    of :class:`_HelpLayout`."""


class MeepleGroup(_HelpLayout, TyperGroup):
    """The ``meeple`` command group (``typer.Typer(cls=MeepleGroup)``), laid out as
    :class:`_HelpLayout` says."""


class _Console(Console):
    """rich's console, but a closed output (``| head``, a pager quit early) raises
    ``BrokenPipeError`` instead of exiting at once, so that a game in play is saved first and
    a run keeps its finished games."""

    broken = False
    """True once the output was found closed (the command then exits with 141, see ``main``)."""

    def on_broken_pipe(self) -> None:
        self.broken = True
        self.quiet = True  # print nothing more
        silence_stdout()
        raise BrokenPipeError(errno.EPIPE, "the output was closed")


# emoji off: a bot spec such as ``mcts:100:depth=0`` must not print as an emoji
console = _Console(emoji=False)
err_console = _Console(stderr=True, emoji=False)


def fail(message: str, code: int = 2) -> None:
    """Print an error in red and exit with ``code`` (2: bad usage, 1: failed run).

    The message is printed as given: no markup read in it (a user's ``[x]`` stays), and no
    line breaks added (the terminal wraps it; a long path stays whole to copy)."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True, highlight=False)
    raise typer.Exit(code)


def get_game(name: str) -> Game:
    """The game named on the command line, or exit 2 with the list of games."""
    try:
        return load_game(name)
    except InvalidConfigError as e:
        fail(str(e))


def parse_options(items: list[str] | None) -> dict:
    """``["cart_max_cubes=2", "tactical=true"]`` -> ``{"cart_max_cubes": 2, "tactical": True}``.

    Values are read as JSON where they parse (numbers, true/false, null, lists), a list of
    bare words (``children=[P2,P3]``) as a list of texts, else as text; ``None``, ``True`` and
    ``False`` (any case) are read as null, true and false.
    """
    words = {"none": None, "null": None, "true": True, "false": False}
    out = {}
    for item in items or []:
        if "=" not in item:
            fail(f"bad --option {item!r}: expected NAME=VALUE")
        k, v = item.split("=", 1)
        if k.strip() in out:
            fail(f"--option {k.strip()} is given twice: give each option once")
        if v.strip().lower() in words:
            out[k.strip()] = words[v.strip().lower()]
            continue
        out[k.strip()] = _option_value(v)
    return out


def _option_value(v: str):
    """One ``--option`` value: JSON where it parses, a bracketed list of words (``[P2,P3]``) as
    a list of its items (each read the same way), else the text."""
    try:
        return json.loads(v)
    except json.JSONDecodeError:
        t = v.strip()
        if t.startswith("[") and t.endswith("]") and t[1:-1].strip():
            return [_option_value(x.strip()) for x in t[1:-1].split(",")]
        return v


def parse_seats(text: str, flag: str = "--seats", example: str = "human,greedy") -> list[str]:
    """``"human,greedy,mcts:500"`` -> ``["human", "greedy", "mcts:500"]`` (each checked, and
    named as results files name it: ``mcts:050`` -> ``mcts:50``).

    ``flag`` names the option in error messages, ``example`` is the value they suggest. An
    empty entry (``human,,greedy``) is an error, not a seat dropped in silence.
    """
    from ..agents import make

    seats = [s.strip().lower() for s in text.split(",")]
    if not any(seats):
        fail(f"{flag} needs at least one entry, e.g. {flag} {example}")
    if not all(seats):
        fail(f"{flag} {text!r} has an empty entry (two commas in a row, or one at an end)")
    out = []
    for s in seats:
        if s != "human":
            try:
                s = make(s, 0).spec  # as files name it: mcts:050 -> mcts:50
            except InvalidConfigError as e:
                fail(str(e))
        out.append(s)
    return out


_ITEM = re.compile(r"\s*(\(\d+\)|[-*\u2022]|\d+[.)])\s")


def reflow(text: str) -> str:
    """``text`` with each paragraph's hard line breaks joined, so the terminal wraps it at its
    own width (a rules summary written at 98 columns is not ragged at 80). Blank lines stay,
    and so does a break before a list item (``(3) ...``, ``- ...``, ``2. ...``)."""
    out = []
    for para in text.split("\n\n"):
        lines = []
        for line in para.splitlines():
            if lines and line.strip() and not _ITEM.match(line):
                lines[-1] = lines[-1].rstrip() + " " + line.strip()
            else:
                lines.append(line)
        out.append("\n".join(lines))
    return "\n\n".join(out)


def fit_table(table: Table) -> Table:
    """``table`` laid out so that no cell is cut at 80 columns: each column as wide as its widest
    cell or its header's longest word (a header wraps at its spaces; a name such as
    ``magnum-sal`` or ``advanced-tactical`` never becomes ``magnum-s…``), a rule under the header
    and no outer edge (the heavy box of rich's default took 22 of the 80 columns). Returns the
    same table, for printing. Cells are read as plain text (``str`` of each)."""
    for column in table.columns:
        words = str(column.header).split() or [""]
        column.width = max([len(str(cell)) for cell in column.cells] + [len(w) for w in words])
    if table.title:  # the title on one line where it fits
        table.min_width = len(str(table.title))
    table.box = box.SIMPLE_HEAD
    table.show_edge = False
    table.pad_edge = False
    table.collapse_padding = True
    return table


def check_output_path(path, flag: str, kind: str = "file"):
    """Exit 2 unless ``path`` can be written (before any work is done): it must not be a
    directory, its folder is created if missing and must be writable, and an existing file
    must be writable. ``kind`` names what is written, for the message."""
    path = Path(path)
    if path.is_dir():
        fail(f"{flag} {path} is a directory; give a {kind} name")
    new_folder = not path.parent.exists()
    blocking = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
    if blocking is not None:  # e.g. /dev/null/x.csv: a file where a folder should be
        fail(f"{flag} {path}: {blocking} is a file, not a folder")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        fail(f"{flag} {path}: cannot create its folder ({e.strerror})")
    if new_folder:
        console.print(f"[yellow]note:[/] created the folder {path.parent} for {flag}")
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(f"{flag} {path}: not writable")
    return path


RESULT_COLUMNS = ("game", "variant", "index", "seed")
"""The first columns of every results file meeple writes (``GameResult.rows``)."""


def is_results_file(path: Path) -> bool:
    """True if ``path`` is a results file meeple wrote (its first columns are ours)."""
    try:
        if path.suffix.lower() == ".parquet":
            import pyarrow.parquet as pq

            names = tuple(pq.read_schema(path).names)
        else:
            with path.open(encoding="utf-8") as f:
                names = tuple(f.readline().strip().split(","))
    except Exception:  # any unreadable or foreign file is not ours
        return False
    return names[: len(RESULT_COLUMNS)] == RESULT_COLUMNS


def check_results_path(path) -> Path:
    """Exit 2 unless ``path`` can take a ``.csv`` or ``.parquet`` results file (``--out``),
    checked before any game is played: a new file must be creatable there (tried), an
    existing file must be a meeple results file (a new run keeps it as ``NAME.prev.EXT``,
    :func:`keep_earlier_results`; anything else is left alone)."""
    from ..sim.io import RESULTS_SUFFIXES

    path = Path(path)
    if path.is_dir():
        fail(f"--out {path} is a directory; give a results file name ending in .csv or .parquet")
    if path.suffix.lower() not in RESULTS_SUFFIXES:
        fail(f"--out must name a file ending in .csv or .parquet, not {str(path)!r}")
    path = check_output_path(path, "--out", "results file")
    if path.is_symlink() and not path.exists():
        fail(f"--out {path} is a link to a missing file; give another name")
    if path.exists():
        if not is_results_file(path):
            fail(f"--out {path} exists and is not a meeple results file; it is left alone: give another name")
        mode = "ab"  # opened to test, not changed
    else:
        mode = "xb"
    try:
        with path.open(mode):
            pass
        if mode == "xb":
            path.unlink()
    except OSError as e:
        fail(f"--out {path}: cannot be written ({e.strerror or e})")
    return path


def write_results(rows: list[dict], path: Path, game: str) -> Path:
    """Write the results ``rows`` to ``path``; if that fails now (the disk or the folder
    changed during the run), to a new ``meeple-results-GAME-N`` file in the current folder,
    so the games are not lost. Returns the file written.

    Raises:
        OSError: neither file could be written.
    """
    from ..sim.io import write_rows

    try:
        return write_rows(rows, path)
    except OSError as e:
        k = 1
        spare = Path(f"meeple-results-{game}{path.suffix.lower()}")
        while spare.exists():
            k += 1
            spare = Path(f"meeple-results-{game}-{k}{path.suffix.lower()}")
        err_console.print(f"[yellow]warning:[/] could not write {path} ({e.strerror or e}); writing {spare} instead")
        return write_rows(rows, spare)


def backup_path(path: Path) -> Path:
    """Where an earlier run's results file ``path`` is kept when a new run replaces it:
    ``NAME.prev.EXT`` beside it (``ladder-toy.parquet`` -> ``ladder-toy.prev.parquet``)."""
    return path.with_name(f"{path.stem}.prev{path.suffix}")


def check_backup_path(path: Path) -> Path:
    """The backup path of the results file ``path`` (:func:`backup_path`), checked before any
    game is played. Exit 2 when a file that is not a meeple results file is in its place:
    it is the user's, and it is left alone."""
    backup = backup_path(path)
    if (backup.exists() or backup.is_symlink()) and not (backup.is_file() and is_results_file(backup)):
        fail(
            f"--out {path} holds an earlier run, to be kept as {backup}, but {backup} is in the way "
            "and is not a meeple results file; it is left alone: move it or give another --out"
        )
    return backup


def earlier_results_note(path: Path, backup: Path, run: str) -> str:
    """The note shown when a new ``run`` ("ladder", "simulation") will replace the results file
    ``path``: its games go to ``backup`` (:func:`keep_earlier_results`), and an older file
    already there is named, since it is then replaced."""
    older = f"; the older {backup} there is replaced (move it first to keep it)" if backup.exists() else ""
    return (
        f"[yellow]note:[/] {path} holds the games of an earlier run: they are moved to {backup} once "
        f"the first game of this one ends{older} (--resume keeps them in place, if they are of this "
        f"same {run})"
    )


def keep_earlier_results(path: Path, backup: Path) -> None:
    """Copy the results file ``path`` (through a link, the file it names) to ``backup``, so
    that a new run may replace ``path``; an older ``backup`` is replaced. Nothing is done if
    ``path`` is gone."""
    import shutil

    if path.exists():
        shutil.copyfile(path.resolve(), backup)


class Checkpoint:
    """A run's results kept on disk while it runs (``--out``), so that a stopped run loses
    only the games in progress: :meth:`add` each finished game; the file is rewritten at most
    every ``every`` seconds, and by :meth:`save` (at the end, or on Ctrl-C).

    ``results``: games already on record (a resumed ladder), written with the new ones.
    """

    def __init__(
        self,
        path: Path,
        game: str,
        variant: str,
        results=(),
        every: float = 30.0,
        options: dict | None = None,
        backup: Path | None = None,
    ):
        import time

        self.path = path
        self.backup = backup
        self.game = game
        self.variant = variant
        self.options = options
        self.results = list(results)
        self.every = every
        self._clock = time.monotonic
        self._last = self._clock()

    def add(self, result) -> None:
        """Record a finished game; rewrite the file if the last write is ``every`` seconds old."""
        self.results.append(result)
        if self._clock() - self._last >= self.every:
            self.save()

    def save(self) -> Path | None:
        """Write every game recorded so far, in index order; the file written (a spare
        ``meeple-results-GAME`` file if ``path`` cannot be written, used from then on), or
        None when no game has finished (nothing is written: an earlier file stays as it was)."""
        if not self.results:
            return None
        if self.backup is not None:  # an earlier run's file is kept before the first write
            keep_earlier_results(self.path, self.backup)
            self.backup = None
        self.results.sort(key=lambda r: r.index)
        rows = [row for r in self.results for row in r.rows(self.game, self.variant, self.options)]
        self.path = write_results(rows, self.path, self.game)
        self._last = self._clock()
        return self.path
