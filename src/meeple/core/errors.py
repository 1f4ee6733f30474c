"""Errors raised by meeple. All subclass :class:`MeepleError`."""

from __future__ import annotations

from collections.abc import Callable


class MeepleError(Exception):
    """Base class of every error meeple raises on purpose."""


class IllegalActionError(MeepleError):
    """An action that is not legal in the current state.

    Attributes:
        rule: the rule id the action breaks (e.g. ``"MS-8.2"``), or ``""`` when the
            notation is not an action of this game at all.
        action: the action or notation that was rejected (as text).
    The state is unchanged when this is raised.
    """

    def __init__(self, message: str, rule: str = "", action: str = "") -> None:
        self.rule = rule
        self.action = action
        text = f"{rule}: {message}" if rule else message
        super().__init__(text)


class InvalidConfigError(MeepleError, ValueError):
    """A bad game configuration: unknown game, player count, variant or option."""


class InvalidRecordError(MeepleError, ValueError):
    """A saved state or game record that does not load or does not replay.

    Attributes:
        field: the JSON path of the field at fault, e.g. ``"version"``, ``"actions[17]"``,
            ``"state.money[2]"`` (in a save file of ``meeple play``: ``"record.actions[17]"``,
            ``"state.state.money"``), or ``""`` when the whole text is at fault (not JSON, not
            an object). The message names it too.
    """

    def __init__(self, message: str = "", field: str = "") -> None:
        self.field = field
        if field and field not in message:
            message = f"{message} (field {field})"
        super().__init__(message)

    def __reduce__(self) -> tuple[Callable[[str, str], InvalidRecordError], tuple[str, str]]:
        # pickled across processes (simulate --workers) with its field
        return (_invalid_record, (self.args[0] if self.args else "", self.field))


def _invalid_record(message: str, field: str) -> InvalidRecordError:
    e = InvalidRecordError(message)
    e.field = field
    return e
