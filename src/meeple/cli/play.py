"""The interactive game loop of ``meeple play``: people and bots at one table."""

from __future__ import annotations

import errno
import json
import os
import random
import re
import shlex
import shutil
import signal
import sys
import sysconfig
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from rich.columns import Columns
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from ..agents import LEVELS, make
from ..core import IllegalActionError, InvalidRecordError, State, derive_seed, replay
from ..front import (  # noqa: F401
    SAVE_FORMAT,
    TAKEBACK_SAMPLES,
    _first_difference,
    _resolved,
    _without_events,
    check_save_target,
    hidden_shown,
    load_save,
    save_game,
    seat_label,
    takeback,
)
from .common import action_notes, console, err_console, listed_actions, reflow, render, silence_stdout

HELP = """[bold]Commands[/]
  [cyan]<number>[/]      play the legal action with that number
  [cyan]<notation>[/]    play an action by its notation (as listed); the second
                step of a two-step action typed at once is offered with
                its first step; several steps on one line are played in
                turn, e.g. {steps}
  [cyan]board[/]         show the board again
  [cyan]log [N][/]       the last N events (default 20)
  [cyan]hint[/]          the hard bot's three best actions and win chances (3+
                players: the share of rivals it expects to finish ahead of);
                Ctrl-C while it thinks cancels the hint
  [cyan]takeback[/]      take back your last choice and the bots' replies; refused
                when they told you something hidden (a card drawn, a tile
                turned), after a rival's secret choice, or when another
                person has moved since
  [cyan]save [FILE][/]   save the game, to FILE from then on (without FILE where
                'quit' saves); resume: meeple play GAME --load FILE
  [cyan]quit [FILE][/]   save (to FILE if given) and leave
  [cyan]help rules[/]    the rules summary and the action notation
  [cyan]help[/]          this text"""

STEPS_EXAMPLE = {
    "magnum-sal": "'place from supply to S1'",
    "lignum": "'go 4 carriers 2'",
    "klondike": "'claim U5 place U5 1 2 0' (race)",
    "solomon": "'move b2-a1'",
}
"""Per game, steps typed on one line that the help shows (``meeple play`` splits them)."""


def help_text(game_name: str) -> str:
    """The ``help`` command's text, its example of steps on one line taken from this game."""
    return HELP.format(steps=STEPS_EXAMPLE.get(game_name, "'a b c'"))


def free_path(path: Path) -> Path:
    """``path``, or ``name-2.json``, ``name-3.json`` ... if it exists (never overwrite a save)."""
    k = 2
    candidate = path
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{k}{path.suffix}")
        k += 1
    return candidate


def file_mark(path: str | Path) -> tuple | None:
    """``(device, inode, size, mtime_ns)`` of the file at ``path``, None if there is none: how a
    game recognises a save it wrote or loaded (any later change makes it another file)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def other_save(path: str | Path, ours: dict) -> str | None:
    """Why a game of ``meeple play`` must not save to ``path``, or None.

    Besides :func:`check_save_target`: an existing save is replaced only when it is the very
    file this game loaded or last wrote there (``ours``: resolved path -> :func:`file_mark`),
    unchanged since; another game's save (or another line of this one, or a file written
    there by another meeple meanwhile) is left as it is.
    """
    path = Path(path)
    problem = check_save_target(path)
    if problem or not path.exists():
        return problem
    mark = ours.get(_resolved(path))
    if mark is not None and mark == file_mark(path):
        return None
    what, resume = "not readable", ""
    try:
        record = json.loads(path.read_text(encoding="utf-8")).get("record")
        if isinstance(record, dict) and isinstance(record.get("game"), str):
            k = len(record.get("actions") or [])
            what = f"{record['game']}, seed {record.get('seed')}, {k} action{'s' if k != 1 else ''}"
            resume = (
                f"; resume it with '{meeple_command()} play {record['game']} "
                f"--load {shlex.quote(os.path.abspath(path))}'"
            )
            load_save(path)  # offered only if it loads
    except InvalidRecordError:
        resume = " (it cannot be resumed as it is)"
    except (OSError, ValueError, AttributeError, TypeError):
        pass
    return f"holds another saved game ({what}); it is left as it is: choose another name{resume}"


def own_files(*paths) -> dict:
    """``{resolved path: file_mark}`` of ``paths`` (None skipped): files a game may replace
    as they are now (:func:`other_save`)."""
    return {_resolved(p): file_mark(p) for p in paths if p is not None}


@dataclass
class _Table:
    """A game of ``meeple play`` in progress: the position now (a takeback replaces it), where
    'quit' saves ('save FILE' changes it; a stop by a signal or a closed output saves there
    too), the files it may replace (:func:`own_files`) and the action before which 'takeback'
    does not go."""

    state: State
    save_path: Path
    own: dict
    floor: int = 0


def show_actions(state: State) -> None:
    """The numbered legal actions, each with the game's note on it if any (e.g. that it takes
    a loan, :func:`meeple.cli.common.action_notes`), then the game's footnote. Listed in the
    game's display order (:func:`meeple.cli.common.listed_actions`), as typed numbers read."""
    legal = listed_actions(state)
    notes, footnote = action_notes(state, legal)
    items = [
        f"[bold cyan]{i + 1:>3}[/] {escape(a.text)}" + (f"  [yellow]({escape(note)})[/]" if note else "")
        for i, (a, note) in enumerate(zip(legal, notes))
    ]
    console.print(Columns(items, equal=True, column_first=True, padding=(0, 2)))
    if footnote:
        console.print(f"[yellow]{escape(footnote)}[/]")


_CONTROL_WORDS = frozenset(("done", "pass", "back", "undo", "decline", "y", "yes", "n", "no"))


def first_step(state: State, text: str):
    """The one legal action after which ``text`` is legal for the same seat, or None.

    A person may type the second step of a two-step action at once (Solomon's ``b2-a1``
    without ``move`` first): when exactly one legal first step makes ``text`` legal,
    ``meeple play`` offers to play both (it asks, as the first step may be a choice of its
    own). None when no step or several do (then the usual refusal is shown). Nothing changes:
    the steps are tried on re-samples of what the seat cannot see (seeded by the move
    number; :data:`FIRST_STEP_SAMPLES`), so the offer tells nothing hidden (Magnum Sal:
    whether 'extract I.L1' is offered with 'to I.L1' would tell whether the face-down tile
    there holds salt). After the first
    step the second may still turn out not to be legal, as when typed step by step."""
    if text.strip().lower() in _CONTROL_WORDS:  # 'done' is no second step ('workshop 4 bucket' first)
        return None
    seat = state.current_player
    probes = _probes(state)
    found = None
    for a in state.legal_actions():
        if not any(_then_legal(p, a.text, text, seat) for p in probes):
            continue
        if found is not None:
            return None
        found = a
    return found


def split_steps(state: State, text: str):
    """``(first, rest)`` when ``text`` is several steps typed on one line, the first a legal
    action's notation (Solomon's ``move a1-b1``: ``move``, then ``a1-b1``; Magnum Sal's
    ``place from supply to S1``: three steps), and ``rest`` can be played after it on one of
    the re-samples :func:`first_step` tries (so this tells nothing hidden): legal as it is,
    or itself steps to split again (up to :data:`MAX_STEPS_ON_A_LINE` in all); else None. The
    longest first step that fits is taken."""
    return _split(state, " ".join(text.split()), None, MAX_STEPS_ON_A_LINE - 1)


MAX_STEPS_ON_A_LINE = 4
"""Most steps of one action typed on one line that ``meeple play`` plays in turn."""


def _heads(state: State, line: str):
    """The legal actions whose notation begins ``line`` followed by more, longest first, each
    with what follows it: ``(action, rest)``."""
    low = line.lower()
    for a in sorted(state.legal_actions(), key=lambda a: -len(a.text)):
        head = a.text.lower()
        if low.startswith(head + " ") and len(low) > len(head) + 1:
            yield a, line[len(head) + 1 :]


def _split(state: State, line: str, probes, depth: int):
    seat = state.current_player
    for a, rest in _heads(state, line):
        if probes is None:
            probes = _probes(state)
        if any(_then_playable(p, a.text, rest, seat, depth) for p in probes):
            return a, rest
    return None


def _then_playable(probe: State, first: str, rest: str, seat: int, depth: int) -> bool:
    """True when, on a copy of ``probe``, ``rest`` can follow ``first`` for ``seat``: legal,
    or (``depth`` > 1) a legal step and what follows it, split the same way."""
    trial = _after_step(probe, first, seat)
    if trial is None:
        return False
    return _reads(trial, rest) or (depth > 1 and _split(trial, rest, [trial], depth - 1) is not None)


def _after_step(state: State, step: str, seat: int) -> State | None:
    """A copy of ``state`` after ``step``, if it is legal and leaves ``seat`` to go on with the
    same turn (not over, not another seat, not into a new secret choice); else None."""
    trial = state.clone()
    try:
        trial.apply_action(step)
    except IllegalActionError:
        return None
    if trial.is_terminal() or trial.current_player != seat or _new_turn(state, trial):
        return None
    return trial


def _new_turn(before: State, after: State) -> bool:
    """True when a step leads into a secret choice (the next round's card, a felling area):
    the steps on one line stop there, so a person sees the round end before choosing."""
    return after.is_secret_decision() and not before.is_secret_decision()


def failed_step(state: State, text: str):
    """``(played, rest, error)`` when ``text`` is steps on one line whose first ones are legal
    (``played``, their notations) and whose next, ``rest``, is not (``error``, the
    :class:`IllegalActionError` with its rule), tried on a re-sample (so this tells nothing
    hidden); else None."""
    line = " ".join(text.split())
    seat = state.current_player
    probe = probe0 = _probes(state)[0]
    played, error = [], None
    for _ in range(MAX_STEPS_ON_A_LINE - 1):
        head, rest = next(_heads(probe, line), (None, None))
        if head is None:
            break
        probe = _after_step(probe, head.text, seat)
        if probe is None:
            return None
        played.append(head.text)
        line = rest
        try:
            probe.parse_action(line)
            return None  # legal after these steps: not a refusal of a step
        except IllegalActionError as e:
            error = e
    else:
        if next(_heads(probe, line), None) is not None:  # more steps than one line plays
            error = IllegalActionError(
                f"that makes more than {MAX_STEPS_ON_A_LINE} steps on one line; "
                f"type at most {MAX_STEPS_ON_A_LINE}, then the rest"
            )
            return played, line, error
    if played and not error.rule and _game_reason(probe0, text):
        return None  # the game's reason for the whole line ('loan 5') beats "'5' is not an action"
    return (played, line, error) if played else None


def retyped_steps(state: State, text: str) -> tuple[str, str] | None:
    """``(played, rest)`` when ``text`` begins with the last steps played (``played``, their
    notations joined, e.g. ``place`` when Magnum Sal's ``place from supply to S1`` is typed
    after ``place``) and ``rest`` is what is legal now, as it is or as steps on one line
    (:func:`split_steps`); else None. Nothing changes: it only lets ``meeple play`` say to
    type the rest."""
    line = " ".join(text.split())
    history = state.history
    for k in range(1, min(MAX_STEPS_ON_A_LINE - 1, len(history)) + 1):
        played = " ".join(history[-k:])
        if not line.lower().startswith(played.lower() + " "):
            continue
        rest = line[len(played) + 1 :]
        if _reads(state, rest) or split_steps(state, rest) is not None:
            return played, rest
    return None


def _game_reason(state: State, text: str) -> bool:
    """True when the game refuses ``text`` as one action for a reason that names a rule."""
    try:
        state.parse_action(text)
    except IllegalActionError as e:
        return bool(e.rule)
    return False


FIRST_STEP_SAMPLES = 8
"""Re-samples on which :func:`first_step` tries the steps: a first step is offered when the
second is legal after it on one of them (the offer depends only on what the seat can see)."""


def _probes(state: State) -> list[State]:
    """The re-samples (seeded by the move number) on which typed steps are tried: what they
    tell depends only on what the seat to move can see."""
    rng = random.Random(state.move_number)
    return [state.resample_hidden(state.current_player, rng) for _ in range(FIRST_STEP_SAMPLES)]


def _then_legal(probe: State, first: str, text: str, seat: int) -> bool:
    """True when, on a copy of ``probe``, ``text`` is legal for ``seat`` right after ``first``
    in the same turn (:func:`_after_step`)."""
    trial = _after_step(probe, first, seat)
    return trial is not None and _reads(trial, text)


def _reads(state: State, text: str) -> bool:
    """True when ``text`` is a legal action of ``state``."""
    try:
        state.parse_action(text)
    except IllegalActionError:
        return False
    return True


def hint_bot() -> str:
    """The spec of the bot behind ``hint``: the hard level (``LEVELS["hard"]``), searching
    take-backs only as the next action (``takeback=root``)."""
    return LEVELS["hard"] + ":takeback=root"


def show_hint(state: State, seed: int) -> None:
    """The hard bot's three best actions with its estimate for each: with 2 players the
    chance to win; with more, the share of the rivals the seat is expected to finish ahead
    of (the search's value, :func:`meeple.agents.base.relative_values`). The search may take
    seconds: Ctrl-C while it runs cancels only the hint (``meeple play`` goes on).

    The hard bot searches with ``takeback=root`` here (:func:`hint_bot`): a take-back such as
    Solomon's ``back`` is weighed only as the next action, so the hint does not send a person
    round ``move``, ``back``, ``move``."""
    from ..agents import MCTSAgent

    legal = state.legal_actions()
    if len(legal) == 1:
        console.print(f"Only one action is legal now: [bold]{legal[0].text}[/] (type 1).")
        return
    agent = make(hint_bot(), seed)
    console.print("[dim]thinking ... (Ctrl-C cancels the hint)[/]")
    if isinstance(agent, MCTSAgent):
        # actions the search never tried (progressive widening) have no estimate to show
        searched = [v for v in agent.action_values(state) if v[2] > 0]
        values = sorted(searched, key=lambda v: (v[2], v[1]), reverse=True)[:3]
        if not values:
            console.print(
                "[yellow]No estimate: the hard bot's search tried none of the actions "
                "listed here before its time ran out (is the machine busy?). Type hint "
                "again.[/]"
            )
            return
        label = "est. win chance" if state.num_players == 2 else "est. share of rivals beaten"
        table = Table("action", label, "visits", title="Hint (hard bot)")
        for a, v, n in values:
            table.add_row(a.text, f"{v:.0%}", str(n))
        console.print(table)
        # below the table, not as its caption: a caption wraps to the table's narrow width
        console.print(
            "[dim]Ranked as the bot chooses: most visits first (more visits = more "
            "trusted); the estimate comes from the evaluation's lead, not a calibrated "
            "probability.[/]"
        )
        return
    else:  # pragma: no cover - the hard level is an MCTS bot
        table = Table("action")
        table.add_row(agent.choose(state).text)
    console.print(table)


def show_result(state: State, seats: list[str]) -> None:
    scores = state.scores()
    table = Table("place", "seat", "player", "score", title=f"{state.game.title}: final ranking")
    winners = set(state.winners())
    places = state.places()  # seats tied after the tie-breaks share a place
    for s in state.ranking():
        mark = " (winner)" if s in winners else ""
        table.add_row(str(places[s]), state.seat_name(s), seats[s] + mark, str(scores[s]))
    console.print(table)
    if state.is_truncated():
        console.print(
            "[yellow]note:[/] a safety option (not a rule of the game; see 'meeple games') cut this game "
            "short: the scores are those of the game as it stood then.",
            soft_wrap=True,
        )


def resume_hint(state: State, path: Path) -> str:
    """The command that resumes the game saved at ``path``, from any folder: this meeple
    (:func:`meeple_command`) and the file's absolute path."""
    return f"{meeple_command()} play {state.game.name} --load {shlex.quote(os.path.abspath(path))}"


def replay_hint(path: Path) -> str:
    """The command that shows the game saved at ``path`` again, from any folder."""
    return f"{meeple_command()} replay {shlex.quote(os.path.abspath(path))}"


def meeple_command() -> str:
    """How to start this meeple from any folder, for the commands it prints (resume a save,
    replay it): ``meeple`` when that name on the PATH is this very program, installed for
    good (pipx, ``uv tool``, ``pip --user``); else the absolute path of the running ``meeple``
    (a virtual environment's: ``uv run`` or an activated environment puts it on the PATH of
    this process only, so the bare name may fail in the user's shell); else this Python with
    ``-m meeple`` (started as ``python -m meeple``, or from another program)."""
    program = _running_program()
    if program is None:
        return f"{shlex.quote(sys.executable)} -m meeple" if sys.executable else "python3 -m meeple"
    found = shutil.which("meeple")
    if found and _same_file(found, program) and not _same_file(Path(found).parent, sysconfig.get_path("scripts")):
        return "meeple"
    return shlex.quote(str(program))


def _running_program() -> Path | None:
    """The absolute path of the ``meeple`` program running now (``sys.argv[0]``, looked up on
    the PATH when it is a bare name), or None when this is not the ``meeple`` command."""
    arg = sys.argv[0] if sys.argv and sys.argv[0] else ""
    if Path(arg).stem.lower() != "meeple":  # python -m meeple runs .../meeple/__main__.py
        return None
    if not any(sep and sep in arg for sep in (os.sep, os.altsep)):
        arg = shutil.which(arg) or arg
    path = Path(os.path.abspath(arg))
    return path if path.is_file() else None


def _same_file(a, b) -> bool:
    """True when ``a`` and ``b`` name the same file or folder (False if either is missing)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, TypeError, ValueError):
        return False


def save_or_fallback(state: State, seats: list[str], table: _Table) -> Path | None:
    """Save to ``table.save_path`` (where 'quit' saves); if that fails, or the file there is no
    longer this game's (:func:`other_save`), say why and save to a new ``meeple-GAME-SEED.json``
    in the current folder instead, which then becomes where the game saves. The path written,
    or None if nothing could be saved."""
    path = table.save_path
    problem = other_save(path, table.own)
    if problem:
        console.print(f"[red]cannot save to {escape(str(path))}: it {escape(problem)}[/]")
    else:
        try:
            return _saved(state, seats, path, table)
        except OSError as e:
            console.print(f"[red]cannot save to {escape(str(path))}: {e.strerror}[/]")
    spare = free_path(Path(f"meeple-{state.game.name}-{state.seed}.json"))
    try:
        return _saved(state, seats, spare, table)
    except OSError as e:
        console.print(f"[red]cannot save to {escape(str(spare))} either: {e.strerror}[/]")
        return None


def _saved(state: State, seats: list[str], path: Path, table: _Table) -> Path:
    """:func:`save_game`, then ``path`` is where the game saves and a file it owns."""
    save_game(state, seats, path)
    table.save_path = path
    table.own.update(own_files(path))
    return path


def play_loop(
    state: State,
    seats: list[str],
    save_path: Path,
    seed: int,
    input_fn=None,
    stopped_by: list | None = None,
    loaded: Path | None = None,
    floor: int = 0,
) -> State:
    """Play until the game ends or a person quits; returns the state reached.

    ``input_fn(prompt) -> str`` reads a person's line (default: the console, with line
    editing and a history at a terminal, :func:`line_editing`); end of input acts as
    ``quit``, and so does Ctrl-C at any moment but during a hint (the game is saved first). Bots' moves
    and the events they cause are printed as they happen. ``stopped_by``: a one-item list
    set to ``signal.SIGINT`` when Ctrl-C stopped the game (a caller's signal handler that
    raises KeyboardInterrupt sets its own signal number there first). ``loaded``: the file
    the game was loaded from when it goes on there: saves replace only it and the files this
    game wrote, as it left them (:func:`other_save`). ``floor``: the action this game starts
    from, before which 'takeback' does not go (:func:`takeback`).
    """
    table = _Table(state, save_path, own_files(loaded), floor)
    editing = line_editing() if input_fn is None else None
    try:
        with PromptHistory(editing, seats.count("human")) as history:
            return _play_loop(table, seats, seed, read_line if editing else input_fn, stopped_by, history)
    except OSError as e:
        if e.errno not in (errno.EPIPE, errno.EIO):
            raise
        # the output is gone (| head, a pager quit, a closed terminal): save, say so on stderr
        with _signals_held():
            silence_stdout()  # (done already when rich saw the closed pipe)
            if stopped_by is not None and not stopped_by[0]:
                stopped_by[0] = getattr(signal, "SIGPIPE", 13)
            path = save_or_fallback(table.state, seats, table)
            _say(
                err_console,
                f"the output was closed: game saved to {path}"
                if path is not None
                else "the output was closed: the game could not be saved",
            )
        return table.state
    except KeyboardInterrupt:
        with _signals_held():  # a second signal (a closed terminal sends two) must not cut the save
            if stopped_by is not None and not stopped_by[0]:
                stopped_by[0] = signal.SIGINT
            state = table.state
            path = save_or_fallback(state, seats, table)  # first: the terminal may be gone
            _say(console, "\nInterrupted.")
            if path is not None:
                _say(console, f"Game saved to {path}. Resume with: {resume_hint(state, path)}")
        return state


_STOP_SIGNALS = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n))
"""The signals that stop a game of ``meeple play`` (Ctrl-C, a kill, a closed terminal)."""


@contextmanager
def _stop_signals_to(handler):
    """Send the stop signals to ``handler`` for the block, then put the handlers back (a
    handler set outside Python, which could not be put back, is left alone)."""
    old = {}
    try:
        for num in _STOP_SIGNALS:
            if signal.getsignal(num) is not None:
                old[num] = signal.signal(num, handler)
    except ValueError:  # not the main thread: signals are not ours to change
        pass
    try:
        yield
    finally:
        for num, previous in old.items():
            signal.signal(num, previous)


def _signals_held():
    """Ignore Ctrl-C, SIGTERM and SIGHUP while a stopped game is saved (then put back)."""
    return _stop_signals_to(signal.SIG_IGN)


@contextmanager
def _signals_deferred():
    """Hold Ctrl-C, SIGTERM and SIGHUP while a move is applied, then deliver the first one.

    A signal between a move's change to the state and its entry in the history would save
    a game whose state does not match its record (a save that does not load); held here,
    it stops the game just after the move, which the save then holds.
    """
    caught: list[int] = []
    try:
        with _stop_signals_to(lambda signum, frame: caught.append(signum)):
            yield
    finally:  # also after a refused move
        if caught:
            signal.raise_signal(caught[0])  # the handler put back acts on it now


def _apply(state: State, action) -> None:
    """``state.apply_action(action)`` that a signal cannot cut in half (see _signals_deferred)."""
    with _signals_deferred():
        state.apply_action(action)


def _play_steps(state: State, first, rest: str) -> None:
    """Play ``first``, then ``rest`` (split again into steps where it is several,
    :func:`split_steps`); a step the earlier ones ruled out is refused with its reason."""
    played = []
    while True:
        _apply(state, first)
        played.append(first.text)
        try:
            _apply(state, rest)
            return
        except IllegalActionError as e:
            more = split_steps(state, rest) if state.current_player >= 0 else None
            if more is None:  # what the steps played showed rules it out
                done = "', '".join(escape(t) for t in played)
                console.print(f"Played '{done}'; [red]then not allowed:[/] {escape(str(e))}")
                return
            first, rest = more


def _save_as(state: State, seats: list[str], name: str, table: _Table, quiet: bool = False) -> bool:
    """'save FILE' in the game: save to FILE (``table.save_path``, where 'quit' saves, if
    empty), make it where 'quit' saves and print what was done (unless ``quiet``); False
    (after saying why) when refused or failed (:func:`other_save`)."""
    name = name.strip()
    if len(name) > 1 and name[0] == name[-1] and name[0] in "'\"":
        name = name[1:-1].strip()  # save "my game.json": the quotes are not part of the name
    if name[:1] in "'\"" and name:
        console.print('[red]unbalanced quotes in the file name: write save "my game.json" or save my.json[/]')
        return False
    target = Path(name).expanduser() if name else table.save_path
    problem = other_save(target, table.own)
    if problem:
        console.print(f"[red]cannot save to {escape(str(target))}: it {escape(problem)}[/]")
        return False
    try:
        made = not target.parent.exists()
        target.parent.mkdir(parents=True, exist_ok=True)  # as --save does
        _saved(state, seats, target, table)
    except OSError as e:
        reason = "a file, not a folder, is in the way" if e.errno in (errno.EEXIST, errno.ENOTDIR) else e.strerror
        console.print(f"[red]cannot save to {escape(str(target))}: {reason}[/]")
        return False
    if not quiet:
        console.print(
            f"Saved to [bold]{escape(str(target))}[/] ('quit' saves there too)"
            + (f"; created the folder {escape(str(target.parent))}." if made else ".")
        )
    return True


_QUIT_WORDS = ("quit", "exit", "q")


def _quit(state: State, seats: list[str], table, rest: str) -> bool:
    """'quit' (or 'quit FILE'): save and say how to resume. True when play ends; False when
    FILE cannot be saved (the person stays, the message says why)."""
    if rest.strip():  # 'quit FILE': save there, then leave (stay if it cannot be saved)
        with _signals_held():
            saved = _save_as(state, seats, rest, table, quiet=True)
        if not saved:
            return False
        _say(console, f"Game saved to {table.save_path}. Resume with: {resume_hint(state, table.save_path)}")
        return True
    with _signals_held():  # a second signal must not cut the save
        path = save_or_fallback(state, seats, table)
        if path is not None:
            _say(console, f"Game saved to {path}. Resume with: {resume_hint(state, path)}")
    return True


def _hand_over(state: State, seat: int, seats: list[str], table, input_fn) -> bool:
    """Hot seat: wait until the keyboard is passed to ``seat`` (Enter) before anything of
    theirs is shown. True on Enter; False when the one at the keyboard leaves instead ('quit',
    'exit', 'q', 'quit FILE', or the end of input: the game is saved, as at the game prompt).
    Any other line is not played and the prompt is asked again, so nothing but Enter shows
    the next person's hand (a 'quit FILE' that cannot be saved asks again too)."""
    label = seat_label(state, seat, seats)
    while True:
        try:
            typed = input_fn(f"Pass the keyboard to {label} and press Enter ").strip()
        except EOFError:
            typed = "quit"  # Ctrl-D, or the end of piped input: leave, as at the game prompt
        if not typed:
            return True
        word, _, rest = typed.partition(" ")
        if word.lower() in _QUIT_WORDS:
            if _quit(state, seats, table, rest):
                return False
            continue
        console.print(
            f"(only Enter is read here: '{escape(typed)}' was not played; Enter shows {escape(label)}'s "
            "screen, 'quit' saves and leaves)"
        )


def line_editing():
    """Python's ``readline`` module when a person types at a terminal (input and output both
    are one): the game's prompt then has line editing (the arrow keys move in the line, not
    print ``^[[D``) and a history (:class:`PromptHistory`). None otherwise: piped input is
    read as it is, and a Python without readline (Windows) goes without."""
    try:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            return None
    except (AttributeError, ValueError):  # no stream, or a closed one
        return None
    try:
        import readline
    except ImportError:
        return None
    return readline


_ANSI_CODE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def readline_prompt(prompt: str, where=None) -> str:
    """``prompt`` (rich markup) as the text ``input()`` shows with readline: in colour, each
    colour code wrapped in ``\\001 ... \\002`` (readline's marks for text that takes no room),
    so that readline knows where the line starts and redraws it (history, a line longer than
    the screen) without overwriting the prompt. ``where``: the console (default: meeple's)."""
    where = where or console
    with where.capture() as captured:
        where.print(prompt, end="")
    return _ANSI_CODE.sub(lambda m: f"\001{m.group(0)}\002", captured.get())


def read_line(prompt: str) -> str:
    """A line typed at the terminal with readline's line editing (:func:`line_editing`)."""
    return input(readline_prompt(prompt))


class PromptHistory:
    """The history of the game prompt (the up arrow), one per person.

    In a hot-seat game each person gets back only their own lines, not the card another
    person just chose; the hand-over prompt has none. Only lines typed at the game prompt are
    kept (not the Enter that takes the keyboard, not a y/n answer). Used as a context, it
    puts back the history that was there before (a program that runs the game may have
    one). Without readline (piped input), or when readline cannot clear its history and
    several people play, it does nothing.
    """

    def __init__(self, readline, people: int = 1):
        if readline is not None and people > 1 and not hasattr(readline, "clear_history"):
            readline = None  # the histories could not be kept apart
        self._rl = readline
        self._lines: dict[int | None, list[str]] = {}
        self._seat = None
        self._before: list[str] = []

    def __enter__(self) -> PromptHistory:
        if self._rl is not None:
            rl = self._rl
            self._before = [rl.get_history_item(i) for i in range(1, rl.get_current_history_length() + 1)]
            rl.set_auto_history(False)
            self._load([])
        return self

    def __exit__(self, *exc) -> None:
        if self._rl is not None:
            self._load(self._before)
            self._rl.set_auto_history(True)  # Python's default

    def use(self, seat: int | None) -> None:
        """Show ``seat``'s lines from now on (None: no one's)."""
        if self._rl is not None and seat != self._seat:
            self._seat = seat
            self._load(self._lines.get(seat, []))

    def add(self, line: str) -> None:
        """Keep ``line``, typed at the game prompt by the seat in use (not an empty line or
        the one just before again)."""
        if self._rl is None or not line or self._seat is None:
            return
        lines = self._lines.setdefault(self._seat, [])
        if not lines or lines[-1] != line:
            lines.append(line)
            self._rl.add_history(line)

    def _load(self, lines: list[str]) -> None:
        """Make ``lines`` readline's history (left as it is if readline cannot clear it)."""
        if not hasattr(self._rl, "clear_history"):
            return
        self._rl.clear_history()
        for line in lines:
            if line is not None:
                self._rl.add_history(line)


def _clear_screen() -> None:
    """Clear the screen, and at a terminal its scrollback too (ESC[3J): the next person at the
    keyboard cannot scroll up to the last one's hand."""
    console.clear()
    if console.is_terminal:
        console.file.write("\x1b[3J")
        console.file.flush()


def last_choices(state: State, seats: list[str]) -> dict[int, int]:
    """Per person's seat (``seats[s] == "human"``) that has chosen in this game: how many
    events ``state.events`` held just before its last choice.

    In a hot-seat game a person sees the events up to their last choice; what the rest of
    their turn and the others' turns did is cleared from the screen before they come back.
    Replaying the record gives this for a loaded game as it was when the game was played.
    """
    line = replay({**state.record(), "actions": []})
    seen = {}
    for text in state.history:
        p = line.current_player
        if 0 <= p < len(seats) and seats[p] == "human":
            seen[p] = len(line.events)
        line.apply_action(text)
    return seen


RECAP_LINES = 30
"""Most events that :func:`show_recap` prints (the latest; 'log N' shows more)."""


def show_recap(had_a_turn: bool, events: list[str], back: int) -> None:
    """The events a person missed since their last turn (hot seat: the screen was cleared),
    or since the game began when they have not chosen yet; nothing when there are none.
    ``back``: how far back from the end of the log the first of them is (for 'log N').
    Events are public (everyone at the table heard them), so they may all be shown."""
    if not events:
        return
    console.print("[bold]Since your last turn:[/]" if had_a_turn else "[bold]Since the game began:[/]")
    if len(events) > RECAP_LINES:
        console.print(f"  [dim]({len(events) - RECAP_LINES} earlier events: 'log {back}' shows them all)[/]")
    for line in events[-RECAP_LINES:]:
        console.print(f"  {escape(line)}", soft_wrap=True)


def _say(where, text: str) -> None:
    """Print ``text`` as it is (no markup read), ignoring an output that is gone."""
    try:
        where.print(text, markup=False, highlight=False, soft_wrap=True)
    except OSError:
        pass


def _play_loop(
    table: _Table,
    seats: list[str],
    seed: int,
    input_fn=None,
    stopped_by: list | None = None,
    history: PromptHistory | None = None,
) -> State:
    state = table.state
    history = history or PromptHistory(None)
    input_fn = input_fn or (lambda p: console.input(p))
    humans = [s for s, spec in enumerate(seats) if spec == "human"]
    hot_seat = len(humans) > 1
    last_seat = None
    bots = {s: make(spec, derive_seed(seed, 1000 + s)) for s, spec in enumerate(seats) if spec != "human"}
    # a new game shows its set-up (start player, first areas ...); the hot seat shows it to each
    # person as "Since the game began"
    shown_events = 0 if state.move_number == 0 and not hot_seat else len(state.events)
    # hot seat: how many events each person had when they last chose (what they have seen,
    # see last_choices); the events from on_screen on are still on the screen
    seen = last_choices(state, seats) if hot_seat else {}
    on_screen = len(state.events)
    recap = None  # the events the person just handed the keyboard missed: shown with the board
    last_human = None
    # the bot whose run of secret decisions is announced already: one line a run, so the
    # people at the table cannot count its decisions (a claim and its placement, or 'done',
    # are one commitment each in Klondike's race, KL-40.1)
    secret_run = None
    pending = None  # a line typed where a y/n answer was asked, read next as a command
    while not state.is_terminal():
        seat = state.current_player
        events = state.events
        for line in events[shown_events:]:
            console.print(f"  [dim]{line}[/]")
        shown_events = len(events)
        if seat in bots:
            # seeded by the move number, so a resumed game goes on as the unbroken one would
            bots[seat].reset(derive_seed(derive_seed(seed, 1000 + seat), len(state.history)))
            action = bots[seat].choose(state)
            if state.is_secret_decision() and len(bots) < len(seats):
                # a secret commitment stays hidden from the people at the table, and so does
                # how many decisions it took
                if secret_run != seat:
                    console.print(f"[magenta]{seat_label(state, seat, seats)}[/] makes a secret choice")
                    secret_run = seat
            else:
                secret_run = None
                console.print(f"[magenta]{seat_label(state, seat, seats)}[/] plays [bold]{action.text}[/]")
            _apply(state, action)
            continue
        secret_run = None
        if hot_seat and last_seat != seat:
            # several people at one keyboard: each looks only after the keyboard is passed, also
            # at the start (a new or a loaded game); the last one's screen is hidden first
            if last_seat is not None:
                _clear_screen()
                on_screen = len(state.events)
            start = seen.get(seat)
            recap = (start is not None, state.events[start or 0 : on_screen], len(state.events) - (start or 0))
            history.use(None)  # the one passing the keyboard sees none of the next one's lines
            if not _hand_over(state, seat, seats, table, input_fn):
                return state  # left (and saved) without a look at the next hand
            last_human = None
        last_seat = seat
        if last_human != (seat, state.move_number):
            console.print(
                Panel(render(state, seat), title=f"{state.game.title} - {seat_label(state, seat, seats)} to play")
            )
            show_actions(state)
            if recap is not None:
                show_recap(*recap)
                recap = None
            last_human = (seat, state.move_number)
        if hot_seat:
            seen[seat] = len(state.events)
        history.use(seat)
        try:
            if pending is not None:
                line = pending
            else:
                line = input_fn(f"[bold]{seat_label(state, seat, seats)}[/] > ").strip()
                history.add(line)
        except EOFError:
            line = "quit"
        except KeyboardInterrupt:  # Ctrl-C (or a kill) at the prompt: save and stop
            if stopped_by is not None and not stopped_by[0]:
                stopped_by[0] = signal.SIGINT
            line = "quit"
        pending = None
        if not line:
            continue
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in _QUIT_WORDS:
            if _quit(state, seats, table, rest):
                return state
            continue
        if word == "help":
            if rest.strip().lower() == "rules":
                console.rule(f"{state.game.title}: rules")  # no box: the summary keeps the full width
                console.print(reflow(state.game.rules_help) if state.game.rules_help else "(no summary)")
            else:
                console.print(help_text(state.game.name))
            continue
        if word == "board":
            last_human = None
            continue
        if word == "log":
            if rest.strip() and not (rest.strip().isdigit() and int(rest) > 0):
                console.print("[red]log takes a positive number of events, e.g. 'log 30'.[/]")
                continue
            n = int(rest) if rest.strip() else 20
            for e in state.events[-n:]:
                console.print(f"  {e}")
            continue
        if word == "save":
            _save_as(state, seats, rest, table)
            continue
        if word == "takeback":
            if rest.strip():
                console.print("[red]takeback takes no argument: it takes back your last move.[/]")
                continue
            earlier, message = takeback(state, seats, table.floor)
            if earlier is None:
                console.print(f"[red]Cannot take back:[/] {message}.")
                continue
            state = table.state = earlier
            shown_events = len(state.events)
            last_human = None
            console.print(f"[yellow]You {escape(message)}.[/]")
            continue
        if word == "hint":
            if rest.strip():
                console.print("[red]hint takes no argument: it shows the hard bot's three best actions.[/]")
                continue
            try:  # on a copy: a search cut short leaves nothing of the game half-changed
                show_hint(state.clone(), seed + state.move_number)
            except KeyboardInterrupt:
                if stopped_by is not None and stopped_by[0]:
                    raise  # a kill or a closed terminal, not Ctrl-C: save and stop
                console.print("[yellow]Hint cancelled.[/] (Ctrl-C at the prompt saves and leaves)")
            continue
        legal = listed_actions(state)  # numbered as show_actions lists them
        if line.isdigit() or (line[:1] == "-" and line[1:].isdigit()):
            k = int(line)
            if not 1 <= k <= len(legal):
                console.print(f"[red]No action number {k}: choose 1 to {len(legal)}.[/]")
                continue
            action = legal[k - 1]
        else:
            action = line
        if isinstance(action, str) and len(action) > 200:
            console.print("[red]That is far too long to be an action; type a number from the list.[/]")
            continue
        try:
            _apply(state, action)
        except IllegalActionError as e:
            steps = split_steps(state, action) if isinstance(action, str) else None
            if steps is not None:  # the steps typed at once ('move a1-b1'): play them in turn
                _play_steps(state, *steps)
                continue
            first = first_step(state, action) if isinstance(action, str) else None
            failed = failed_step(state, action) if first is None and isinstance(action, str) else None
            if failed is not None:  # steps on one line: the reason of the step refused
                played, rest, e2 = failed
                steps = "', then '".join(escape(t) for t in played)
                console.print(
                    f"[red]Not allowed:[/] after '{steps}', '{escape(rest)}' is refused: {escape(str(e2))} "
                    "(nothing was played)"
                )
                console.print("[dim]Type a number from the list, or 'help'.[/]")
                continue
            if first is None:
                console.print(f"[red]Not allowed:[/] {escape(str(e))}")
                again = retyped_steps(state, action) if isinstance(action, str) else None
                if again is not None:  # 'place from supply to S1' typed after 'place'
                    console.print(f"'{escape(again[0])}' is played already: type just '[bold]{escape(again[1])}[/]'.")
                console.print("[dim]Type a number from the list, or 'help'.[/]")
                continue
            try:
                answer = input_fn(
                    f"'{escape(action.strip())}' needs '{escape(first.text)}' first: play both? (y/n) "
                ).strip()
            except EOFError:
                answer = "n"
            # Ctrl-C (or a kill) here saves and stops, as at the prompt (play_loop's handler):
            # nothing of the two steps was played yet
            if answer.lower() in ("y", "yes"):
                _apply(state, first)
                try:
                    _apply(state, action)
                except IllegalActionError as e2:  # what the first step showed rules it out
                    console.print(f"Played '{escape(first.text)}'; [red]then not allowed:[/] {escape(str(e2))}")
            elif answer.lower() not in ("n", "no", ""):
                console.print(f"[dim]('{escape(action.strip())}' not played)[/]")
                pending = answer  # not an answer: a command or an action, read as typed
    for line in state.events[shown_events:]:
        console.print(f"  [dim]{line}[/]")
    console.print(Panel(render(state, None), title=f"{state.game.title} - game over"))
    show_result(state, seats)
    path = save_or_fallback(state, seats, table)
    if path is not None:
        console.print(
            f"The finished game is saved in [bold]{escape(str(path))}[/] (see it again: {escape(replay_hint(path))})",
            soft_wrap=True,
        )
    return state
