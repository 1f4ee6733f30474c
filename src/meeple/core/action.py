"""Actions: one small decision of one seat, with a stable text notation."""


class Action:
    """One decision. ``str(action)`` is its notation; actions compare and hash by it.

    Attributes:
        text: the notation a person types (e.g. ``"mine I.R2"``, ``"done"``); unique
            among the legal actions of a state, and ``state.parse_action(text)`` inverts it.
        kind: a short word naming the type of decision (e.g. ``"mine"``), for code.
        args: a tuple of plain values the game's rules need to apply it.

    An action also compares equal to its notation string, so ``"done" in legal`` works.
    """

    __slots__ = ("text", "kind", "args")

    def __init__(self, text: str, kind: str = "", args: tuple = ()):
        self.text = text
        self.kind = kind
        self.args = args

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other) -> bool:
        if isinstance(other, Action):
            return self.text == other.text
        if isinstance(other, str):
            return self.text == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


def action_table():
    """A function ``act(text, kind="", args=()) -> Action`` that builds each action once.

    Each game keeps its own table (module level in its ``actions.py``), so the same
    notation always yields the same object and legal-action lists allocate nothing new.
    """
    cache: dict[str, Action] = {}

    def act(text: str, kind: str = "", args: tuple = ()) -> Action:
        a = cache.get(text)
        if a is None:
            a = cache[text] = Action(text, kind, args)
        return a

    return act
