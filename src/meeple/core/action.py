"""Actions: one small decision of one seat, with a stable text notation."""

from __future__ import annotations

from typing import Any, NoReturn, Protocol


class Action:
    """One decision. ``str(action)`` is its notation; actions compare and hash by it.

    Attributes:
        text: the notation a person types (e.g. ``"mine I.R2"``, ``"done"``); unique
            among the legal actions of a state, and ``state.parse_action(text)`` inverts it.
        kind: a short word naming the type of decision (e.g. ``"mine"``), for code.
        args: a tuple of plain values the game's rules need to apply it.

    An action also compares equal to its notation string, so ``"done" in legal`` works.
    Actions are immutable: a game builds each once and every state of it shares them, so
    setting an attribute raises ``AttributeError``.
    """

    __slots__ = ("text", "kind", "args")

    text: str
    kind: str
    args: tuple[Any, ...]

    def __init__(self, text: str, kind: str = "", args: tuple[Any, ...] = ()) -> None:
        _set = object.__setattr__
        _set(self, "text", text)
        _set(self, "kind", kind)
        _set(self, "args", args)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(
            f"an Action cannot be changed (every state of its game shares it): "
            f"Action({self.text!r}).{name} stays as it is"
        )

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(
            f"an Action cannot be changed (every state of its game shares it): "
            f"Action({self.text!r}).{name} stays as it is"
        )

    def __reduce__(self) -> tuple[type[Action], tuple[str, str, tuple[Any, ...]]]:
        return Action, (self.text, self.kind, self.args)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.text == other.text
        if isinstance(other, str):
            return self.text == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


class ActionTable(Protocol):
    """``act(text, kind="", args=()) -> Action``: the function :func:`action_table` makes."""

    def __call__(self, text: str, kind: str = "", args: tuple[Any, ...] = ()) -> Action: ...


def action_table() -> ActionTable:
    """A function ``act(text, kind="", args=()) -> Action`` that builds each action once.

    Each game keeps its own table (module level in its ``actions.py``), so the same
    notation always yields the same object and legal-action lists allocate nothing new.
    """
    cache: dict[str, Action] = {}

    def act(text: str, kind: str = "", args: tuple[Any, ...] = ()) -> Action:
        a = cache.get(text)
        if a is None:
            a = cache[text] = Action(text, kind, args)
        return a

    return act
