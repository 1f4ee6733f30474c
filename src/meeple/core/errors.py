"""Errors raised by meeple. All subclass :class:`MeepleError`."""


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

    def __init__(self, message: str, rule: str = "", action: str = ""):
        self.rule = rule
        self.action = action
        text = f"{rule}: {message}" if rule else message
        super().__init__(text)


class InvalidConfigError(MeepleError, ValueError):
    """A bad game configuration: unknown game, player count, variant or option."""


class InvalidRecordError(MeepleError, ValueError):
    """A saved state or game record that does not load or does not replay."""
