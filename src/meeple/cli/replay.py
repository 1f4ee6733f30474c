"""Looking back at a game: ``meeple replay``'s numbered actions, its step-by-step walk, and
the game files that ``simulate --records`` and ``ladder --records`` write."""

from __future__ import annotations

import json
import os
from pathlib import Path

from rich.markup import escape
from rich.panel import Panel

from ..core import replay as core_replay
from .common import console, err_console, fail, render


def step_through(state, view: int | None, start: int, seats: list[str], input_fn=None, events: bool = True) -> bool:
    """``replay --step``: the board of ``state``'s game after ``start`` actions as ``view``
    sees it (None: a spectator), then action by action on Enter; a number jumps to the
    position after that many actions (back too, also from the end), ``q`` or the end of input
    stops. Each action is shown as in :func:`numbered_events` (another seat's secret choice
    unnamed), with its events unless ``events`` is False. False when stopped by Ctrl-C."""
    from .play import show_result

    input_fn = input_fn or (lambda p: console.input(p))
    actions = state.history
    total = len(actions)
    line = core_replay({**state.record(), "actions": actions[:start]})
    title = state.game.title
    who = state.seat_name(view) if view is not None else "a spectator"
    show = True
    while True:
        at_end = line.move_number >= total
        if show:
            console.print(
                Panel(
                    render(line, view), title=f"{title} - after {line.move_number} of {total} actions, as {who} sees it"
                )
            )
            if at_end:
                if line.is_terminal():
                    show_result(line, seats)
                console.print("End of the record.")
        show = True
        prompt = (
            "a number: jump there; Enter or q: stop"
            if at_end
            else f"Enter: action {line.move_number + 1}; a number: jump there; q: stop"
        )
        try:
            answer = input_fn(f"[dim]{prompt}[/] ").strip()
        except EOFError:
            console.print()
            return True
        except KeyboardInterrupt:
            return False
        if answer.lower() in ("q", "quit", "exit") or (at_end and not answer):
            return True
        if answer:
            if not answer.isascii() or not answer.isdigit() or int(answer) > total:
                console.print(f"[red]Type a number of actions from 0 to {total}, Enter or q.[/]")
                show = False
                continue
            line = core_replay({**state.record(), "actions": actions[: int(answer)]})
            continue
        p = line.current_player
        before = len(line.events)
        text = actions[line.move_number]
        console.print(
            f"[bold]{line.move_number + 1}. {line.seat_name(p)}:[/] {shown_action(line, text, view)}", highlight=False
        )
        line.apply_action(text)
        if events:
            for e in line.events[before:]:
                console.print(f"    {escape(e)}", highlight=False)


def shown_action(state, text: str, view: int | None) -> str:
    """The next action of ``state`` (its notation ``text``) as ``view`` may see it, escaped for
    rich: ``(a secret choice)`` when it is another seat's secret decision (``view`` None: a
    spectator, who sees no secret)."""
    if state.is_secret_decision() and state.current_player != view:
        return "(a secret choice)"
    return escape(text)


def numbered_events(state, view: int | None) -> list[str]:
    """The game of ``state`` from its start as lines: the set-up's events, then each action
    numbered (``  12. P2: dig 3``, so ``--at 12`` is the position after it) with the events it
    caused, indented. Another seat's secret choice reads ``(a secret choice)`` unless ``view``
    is that seat (``None``: a spectator). The event log is public; ``state`` is not changed."""
    line = core_replay({**state.record(), "actions": []})
    out = [f"  {escape(e)}" for e in line.events]
    shown = len(line.events)
    width = len(str(state.move_number))
    for i, text in enumerate(state.history, start=1):
        out.append(f"{i:>{width + 2}}. {line.seat_name(line.current_player)}: {shown_action(line, text, view)}")
        line.apply_action(text)
        events = line.events
        out.extend(f"{' ' * (width + 6)}{escape(e)}" for e in events[shown:])
        shown = len(events)
    return out


def parse_seat(state, text: str) -> int | None:
    """The seat ``text`` names: its number from 0, or its name as ``state.seat_name`` prints it
    (case and spaces ignored); None when it names none."""
    t = " ".join(text.split()).lower()
    if t.isascii() and t.isdigit() and int(t) < state.num_players:
        return int(t)
    for i in range(state.num_players):
        if state.seat_name(i).lower() == t:
            return i
    return None


def record_file(records: Path, game: str, index: int, n: int) -> Path:
    """The save file of game ``index`` of ``n`` in ``records``: ``GAME-00042.json``."""
    return records / f"{game}-{index:0{max(5, len(str(n - 1)))}d}.json"


def _bots_only(path: Path) -> bool:
    """True if the meeple save at ``path`` names its seats and none is a person ('human'): a
    game of bots, such as an earlier run's record, that ``--records`` may replace."""
    try:
        seats = json.loads(path.read_text(encoding="utf-8")).get("seats")
    except (OSError, ValueError, AttributeError):
        return False
    return (
        isinstance(seats, list)
        and bool(seats)
        and all(isinstance(s, str) and s.strip().lower() != "human" for s in seats)
    )


def records_dir(game: str, records: Path, n: int, todo: list[int]):
    """Check (and make) ``--records DIR`` before the first game: a folder whose files for the
    games ``todo`` (their indexes, of ``n``) are absent or earlier saves of bots' games (a
    person's save is never replaced). Returns ``index -> Path``; exits 2 with a message if not."""
    from .play import check_save_target

    if records.exists() and not records.is_dir():
        fail(f"--records {records}: not a folder")
    blocking = next((p for p in records.parents if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        fail(f"--records {records}: {blocking} is a file, not a folder")
    try:
        records.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        fail(f"--records {records}: cannot make the folder: {e.strerror}")
    if not os.access(records, os.W_OK):
        fail(f"--records {records}: the folder is not writable")
    replaced = 0
    for i in todo:
        path = record_file(records, game, i, n)
        problem = check_save_target(path) if path.exists() else None
        if problem:
            fail(f"--records: {path} is in the way: it is not a meeple save (it is left as it is; give another folder)")
        if path.exists():
            if not _bots_only(path):
                fail(
                    f"--records: {path} is in the way: it is a saved game with a person's seat (or no "
                    "seats), not a record of bots' games; it is left as it is: give another folder"
                )
            replaced += 1
    ours = {record_file(records, game, i, n).name for i in range(n)}  # a resumed run's own too
    others = sum(1 for p in records.glob(f"{game}-*.json") if p.name not in ours)
    if replaced or others:
        console.print(
            f"[yellow]note:[/] {records} holds games of an earlier run: {replaced} of them are replaced"
            + (f", {others} other{'s stay' if others > 1 else ' stays'} beside this run's" if others else "")
            + " (give a new folder to keep runs apart)"
        )
    return lambda index: record_file(records, game, index, n)


def save_record(game: str, r, variant, options: dict, path: Path) -> bool:
    """Save finished game ``r`` (with its ``actions``) to ``path`` as a meeple save file;
    False (after saying why) when it cannot be written: later games are then not saved."""
    from ..core import load_game
    from .play import save_game

    state = load_game(game).new_state(len(r.bots), r.seed, variant, options)
    for text in r.actions:
        state.apply_action(text)
    try:
        save_game(state, list(r.bots), path)
    except OSError as e:
        err_console.print(f"[red]--records: cannot write {path}: {e.strerror}; the next games are not saved[/]")
        return False
    return True
