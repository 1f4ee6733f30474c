"""The services every front end shares (the terminal's ``meeple play`` and the web server).

No front end imports another: ``meeple.cli`` and ``meeple.server`` both import this module,
and nothing outside ``meeple/cli`` imports ``meeple.cli`` (tests/test_front.py checks it).

* Rendering helpers, all through the game's view (:attr:`meeple.core.Game.view`):
  :func:`render` (the terminal view), :func:`text_view` (that view as plain text),
  :func:`listed_actions` (display order), :func:`action_notes` (warnings per action).
* Save files: :func:`save_game`, :func:`load_save` (a save, a bare record or a bare
  ``State.to_dict()``), :func:`check_save_target`.
* Take-back (Board Game Arena's undo policy, used by ``meeple play``'s ``takeback`` and by
  the server's undo): :func:`takeback`, :func:`hidden_shown`.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import random
import tempfile
from pathlib import Path

from .core import IllegalActionError, InvalidRecordError, State, replay
from .core.state import game_key

SAVE_FORMAT = 1
"""The save file format written by :func:`save_game` (``"meeple_save"``)."""


def render(state: State, seat: int | None):
    """The game's rich rendering of ``state`` as ``seat`` sees it (``game.view.render_text``)."""
    return state.game.view.render_text(state, seat)


def action_notes(state: State, actions: list) -> tuple[list[str], str]:
    """``(notes, footnote)`` for the legal ``actions`` listed to the person to move: one note a
    listed action (``""`` for none), e.g. a warning that the action takes a loan, and one line
    printed under the list (``""`` for none), from ``game.view.action_notes``. Display only."""
    notes, footnote = state.game.view.action_notes(state, actions)
    return list(notes), footnote or ""


def listed_actions(state: State) -> list:
    """The legal actions of ``state`` in the order they are listed (and numbered) to a person
    (``game.view.listed_actions``: Solomon's tile moves by cell). Display only:
    ``state.legal_actions()`` keeps its order (the bots depend on it); the numbers a person
    types must be looked up in this list. An order that is not the same actions is ignored
    (the legal order is listed)."""
    legal = state.legal_actions()
    listed = list(state.game.view.listed_actions(state))
    if sorted(a.text for a in listed) != sorted(a.text for a in legal):
        return legal
    return listed


def text_view(state: State, seat: int | None) -> str:
    """The terminal view of ``state`` as ``seat`` sees it (:func:`render`), as plain text 100
    columns wide (no colour codes): what the web page shows for a game without a board
    drawing."""
    from rich.console import Console

    console = Console(
        file=io.StringIO(), width=100, record=True, color_system=None, force_terminal=False, legacy_windows=False
    )
    console.print(render(state, seat))
    return console.export_text()


def check_save_target(path: str | Path) -> str | None:
    """Why ``path`` must not receive a save, or None: a save may replace only a meeple save."""
    path = Path(path)
    if path.is_dir():
        return "is a directory"
    if not path.exists():
        return None
    try:
        with path.open(encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        data = None
    if isinstance(data, dict) and "meeple_save" in data:
        return None
    return "exists and is not a meeple save; choose another name (it is left as it is)"


def _resolved(path: str | Path) -> Path:
    try:
        return Path(path).expanduser().resolve()
    except (OSError, RuntimeError):
        return Path(path).expanduser().absolute()


def save_game(state: State, seats: list[str], path: str | Path) -> Path:
    """Write a save file: ``{"meeple_save": 1, "seats", "record", "state"}`` (JSON).

    Raises:
        OSError: the file cannot be written (``FileExistsError`` when ``path`` holds something
            other than a meeple save: it is never overwritten).
    """
    path = Path(path)
    problem = check_save_target(path)
    if problem:
        raise FileExistsError(errno.EEXIST, problem, str(path))
    data = {"meeple_save": SAVE_FORMAT, "seats": seats, "record": state.record(), "state": state.to_dict()}
    real = _resolved(path)  # through a symbolic link: the file it names is replaced, not the link
    fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps(data, indent=1))
        os.replace(tmp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return path


def _first_difference(a, b) -> str:
    """The JSON path (``"state.money[2]"``) of the first value where ``a`` and ``b`` differ
    (a key of one missing in the other included); ``""`` when they are equal at the top."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return str(k)
            if a[k] != b[k] or type(a[k]) is not type(b[k]):
                inner = _first_difference(a[k], b[k])
                return f"{k}.{inner}" if inner and not inner.startswith("[") else f"{k}{inner}"
        return ""
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y or type(x) is not type(y):
                inner = _first_difference(x, y)
                return f"[{i}]" + (("." + inner) if inner and not inner.startswith("[") else inner)
        return f"[{min(len(a), len(b))}]" if len(a) != len(b) else ""
    return ""


def load_save(path: str | Path) -> tuple[State, list[str] | None]:
    """Read a save file (or a bare record, or a bare ``State.to_dict()``): the state it holds
    and its seats (None unless a save file names them).

    The record is replayed and must agree with the saved state.
    Raises:
        InvalidRecordError: unreadable, malformed, tampered or inconsistent.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise InvalidRecordError(f"cannot read {path}: {e.strerror}") from e
    except UnicodeDecodeError as e:
        kind = (
            (" (a results table of 'simulate' or 'ladder': 'meeple replay FILE --game N' plays its game N again)")
            if str(path).endswith(".parquet")
            else ""
        )
        raise InvalidRecordError(f"{path} is not a save file or game record: not JSON text{kind}") from e
    except json.JSONDecodeError as e:
        if str(path).endswith(".csv"):
            raise InvalidRecordError(
                f"{path} is a CSV file, not a JSON save file (a results table of 'simulate' or "
                "'ladder' holds no moves: 'meeple replay FILE --game N' plays its game N "
                "again, 'simulate --records DIR' saves the games)"
            ) from e
        raise InvalidRecordError(f"{path} is not a JSON save file: {e}") from e
    if isinstance(data, dict) and "record" in data:
        if data.get("meeple_save") != SAVE_FORMAT:
            raise InvalidRecordError(
                f"{path}: unknown save format {data.get('meeple_save')!r} (this meeple writes format {SAVE_FORMAT})",
                "meeple_save",
            )
        if "state" not in data or "seats" not in data:
            raise InvalidRecordError(
                f"{path}: a save file holds 'record', 'state' and 'seats'", "state" if "state" not in data else "seats"
            )
        record, saved, seats = data["record"], data["state"], data["seats"]
        if not isinstance(seats, list):  # a save names its players (a bare record does not)
            raise InvalidRecordError(f"{path}: 'seats' must list one player per seat, not {seats!r}", "seats")
    elif isinstance(data, dict) and "history" in data and "state" in data and "actions" not in data:
        # a bare State.to_dict(): its record is its header and history
        record = {k: data.get(k) for k in ("game", "version", "num_players", "variant", "options", "seed")}
        if "rules" in data:
            record["rules"] = data["rules"]
        record["actions"] = data["history"]
        saved, seats = data, None
    else:
        record, saved, seats = data, None, None
    # where the record's fields are in the file: "record.actions[3]" in a save file, "history[3]"
    # in a bare State.to_dict(), "actions[3]" in a bare record
    at = "record." if saved is not None and seats is not None else ""
    if not isinstance(record, dict) or "game" not in record:
        raise InvalidRecordError(
            f"{path} is not a meeple save file or game record (it names no game): "
            "give a file written by 'meeple play' (save/quit) or State.record()",
            at + "game",
        )
    if isinstance(saved, dict) and "game" in saved and game_key(saved.get("game")) != game_key(record.get("game")):
        raise InvalidRecordError(
            f"{path}: its record is a game of {record.get('game')!r} but its saved state "
            f"one of {saved.get('game')!r} (edited?)",
            "state.game",
        )
    try:
        state = replay(record)
    except InvalidRecordError as e:
        field = e.field
        if saved is not None and seats is None and field.startswith("actions"):  # a bare to_dict()
            field = "history" + field[len("actions") :]
        text = str(e).removesuffix(f" (field {e.field})") if e.field else str(e)  # named once, in full
        raise InvalidRecordError(f"{path}: {text}", (at + field) if field else "") from e
    if isinstance(saved, dict):  # its name as the record's is read ("Solomon" is solomon)
        saved = {**saved, "game": state.game.name} if game_key(saved.get("game")) == state.game.name else saved
        if "start_player" not in saved:  # a save from before the key: the replay knows it
            saved = {**saved, "start_player": state.start_player}
    if saved is not None and _without_events(state.to_dict()) != _without_events(saved):
        where = _first_difference(json.loads(_without_events(saved)), json.loads(_without_events(state.to_dict())))
        where = (
            ("state" + ("." + where if not where.startswith("[") else where) if where else "state")
            if seats is not None
            else where
        )
        raise InvalidRecordError(f"{path}: the saved state does not match its replayed record (edited?)", where)
    if seats is not None and (
        not isinstance(seats, list) or len(seats) != state.num_players or not all(isinstance(s, str) for s in seats)
    ):
        raise InvalidRecordError(f"{path}: 'seats' must list one player per seat", "seats")
    return state, seats


def _without_events(state_dict) -> str:
    """A saved state as canonical JSON without its event log: the log is text derived from the
    actions (a newer meeple may word it differently), the rest must match the replay exactly."""
    if isinstance(state_dict, dict):
        state_dict = {k: v for k, v in state_dict.items() if k != "events"}
    return json.dumps(state_dict, sort_keys=True)


def seat_label(state: State, seat: int, seats: list[str]) -> str:
    """``"P2 (greedy)"``: the game's name for the seat and who plays it."""
    return f"{state.seat_name(seat)} ({seats[seat]})"


TAKEBACK_SAMPLES = 32
"""Re-samples of the earlier position on which a takeback is checked (:func:`hidden_shown`)."""


def hidden_shown(before: State, after: State, seat: int, samples: int = TAKEBACK_SAMPLES) -> str | None:
    """The first action between ``before`` and ``after`` (a later state of the same game)
    that told ``seat`` something it could not know at ``before``, else None.

    ``seat`` may take ``after`` back to ``before`` only when None: else it would choose again
    knowing a card drawn, a tile turned or a rival's hidden card. Checked on ``samples``
    re-samples of ``before`` from ``seat``'s view (hidden parts and future chance re-drawn,
    seeded by the move number, so the answer is reproducible): the same actions must be
    legal there and show ``seat`` the same observation after each of them (an action legal
    only on some re-samples tells something too, e.g. that a rival has a ruby to bid). The
    actions should be public or ``seat``'s own (:func:`takeback` refuses to go back past a
    rival's secret choice). ``before`` and ``after`` are not changed.
    """
    actions = after.history[before.move_number :]
    line = before.clone()
    seen = []
    for text in actions:
        line.apply_action(text)
        seen.append(line.observation(seat))
    rng = random.Random(before.move_number)
    for _ in range(samples):
        trial = before.resample_hidden(seat, rng)
        for text, obs in zip(actions, seen):
            try:
                trial.apply_action(text)
            except IllegalActionError:
                return text
            if trial.observation(seat) != obs:
                return text
    return None


def takeback(state: State, seats: list[str], floor: int = 0) -> tuple[State | None, str]:
    """The position before the last choice of the person to play, and a message.

    The last choice: their last move that had an alternative (a forced step, the only legal
    action, is taken back with it: placing a miner whose one destination is S1). Returns
    ``(earlier_state, message)``, or ``(None, why_not)`` when it cannot be taken back: no
    earlier choice of theirs; another person moved since (hot seat: only moves no other
    person has answered); a rival made a secret choice since (never taken back: the person
    must not learn what it was); or the moves since told them something hidden
    (:func:`hidden_shown`). The earlier state is rebuilt by replaying the game record
    (chance is seeded, so it is the very position they saw); ``state`` is not changed.
    ``floor``: the first action of this game (a game played on from a loaded position with
    ``--at`` or other players: the moves before were not theirs to take back).
    """
    seat = state.current_player
    actions = state.history
    try:
        line = replay({**state.record(), "actions": []})
    except InvalidRecordError as e:  # pragma: no cover - a loaded game replays (checked on load)
        return None, f"this game cannot be replayed ({e})"
    steps = []  # per action: (seat that took it, a rival's secret choice, legal actions then)
    for text in actions:
        p = line.current_player
        steps.append((p, p != seat and line.is_secret_decision(), len(line.legal_actions())))
        line.apply_action(text)
    own = [i for i, (p, _secret, _n) in enumerate(steps) if p == seat and i >= floor]
    if not own:
        return None, (
            "you have no move to take back"
            if not floor
            else "you have no move to take back since this game went on from the loaded position"
        )
    chosen = [i for i in own if steps[i][2] > 1]
    last = chosen[-1] if chosen else own[0]
    for p, secret, _n in steps[last:]:
        if p != seat and seats[p] == "human":
            return None, (
                f"{seat_label(state, p, seats)} has moved since; only moves that no other "
                "person has answered can be taken back"
            )
        if secret:
            return None, (
                f"{seat_label(state, p, seats)} has made a secret choice since your move, "
                "and the secret choice of another seat is never taken back"
            )
    before = replay({**state.record(), "actions": actions[:last]})
    shown = hidden_shown(before, state, seat)
    if shown is not None:
        return None, (
            f"'{shown}' told you something that was hidden before it (a card, a tile, "
            "a draw, a rival's holdings); you cannot choose again knowing it"
        )
    undone = actions[last:]
    return before, f"took back {len(undone)} action{'s' if len(undone) != 1 else ''}: " + ", ".join(undone)
