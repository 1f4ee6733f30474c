"""How a game is shown to people: the one seam every front end (terminal, web) uses.

A game declares its view on its :class:`~meeple.core.game.Game` (``view_class``); callers
reach it as ``game.view`` and never look a module up by name. The base class gives a
working default for every method (notation as the label, the observation as the board), so
a new game is playable before it has words of its own.

What a view provides (all display only: the actions, their notation and the rules are the
state's):

* for the lobby: :attr:`View.description`, :attr:`View.length`, :meth:`View.variant_text`,
  :meth:`View.option_text`;
* for learning the game: :attr:`View.how_to_play` and :meth:`View.rules` (the game's
  ``RULES.md`` by section), :meth:`View.rule` (the section that holds a rule id);
* for play: :meth:`View.listed_actions` (display order), :meth:`View.action_label` (words),
  :meth:`View.action_help` (what it does), :meth:`View.action_notes` (warnings),
  :meth:`View.status` (the sentence of the status bar), :meth:`View.forced` (a step the rules
  leave no choice about), :meth:`View.board_svg` (the board, clickable places marked with
  ``data-action``), :meth:`View.place_keys` (what each place shows, to highlight what a move
  changed), :meth:`View.render_text` (the terminal view).

Nothing here may reveal hidden information: every method that takes a state is called
only for the seat that may see what it returns (the labels of the acting seat's own legal
actions), or is given an observation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .action import Action
    from .game import Game
    from .state import State


RULE_ID = re.compile(r"\b([A-Z]{2})-(\d+)(?:\.(\d+))?(?:\.(\d+))?\b")
"""A rule id as the specs write it: a game's two-letter prefix and numbers, ``MS-4``, ``LG-19.3``."""

_HEADING = re.compile(r"^(#{1,4})\s+(.*?)\s*$")
_HEAD_ID = re.compile(r"^\**([A-Z]{2}-\d+(?:\.\d+)*)\**[\s.:—-]*(.*)$")


@dataclass(frozen=True)
class RuleSection:
    """One section of a game's rules (a heading of its ``RULES.md`` and the text under it).

    Attributes:
        id: the section's rule id (``"LG-19"``), or a slug of its title when it has none.
        title: the heading without its id (``"Huts"``).
        text: the section's text (Markdown as written in the spec).
        level: heading depth, 1 for ``#``.
        ids: every rule id defined in the section (its own and its sub-rules', in order).
    """

    id: str
    title: str
    text: str
    level: int
    ids: tuple[str, ...]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def parse_rules(markdown: str) -> list[RuleSection]:
    """The sections of a rules spec written in Markdown, in order.

    A section starts at each heading (``#`` to ``####``); its id is the rule id the heading
    starts with (``## LG-19 Huts`` -> ``LG-19``) or a slug of its title. ``ids`` lists the
    section's own id and every rule id written in bold in its text (``**LG-19.3**``).
    """
    sections: list[RuleSection] = []
    head: tuple[int, str, str] | None = None
    body: list[str] = []

    def close() -> None:
        if head is None:
            return
        level, sid, title = head
        text = "\n".join(body).strip()
        ids = [sid] if RULE_ID.fullmatch(sid) else []
        for m in re.finditer(r"\*\*([A-Z]{2}-\d+(?:\.\d+)*)", text):
            if m.group(1) not in ids:
                ids.append(m.group(1))
        sections.append(RuleSection(sid, title, text, level, tuple(ids)))

    for line in markdown.splitlines():
        m = _HEADING.match(line)
        if m:
            close()
            level, title = len(m.group(1)), m.group(2)
            mid = _HEAD_ID.match(title)
            if mid:
                head = (level, mid.group(1), mid.group(2).strip() or mid.group(1))
            else:
                head = (level, _slug(title), title)
            body = []
        elif head is not None:
            body.append(line)
    close()
    return sections


class View:
    """The default view: notation as labels, the observation as the board.

    A game subclasses it in its ``view.py`` and names the subclass on its ``Game`` as
    ``view_class``; ``game.view`` is the one instance. Override what the game has words for.

    Args:
        game: the game shown.
    """

    description: str = ""
    """A paragraph for the lobby: what the game is about, in plain words."""
    length: str = ""
    """How long a game takes with people, e.g. ``"60-90 minutes"``."""
    how_to_play: str = ""
    """A short text for newcomers (plain text, paragraphs separated by blank lines)."""
    seat_colours: tuple[str, ...] = ()
    """Per seat, the CSS colour the board draws it in (the web page names and highlights the
    seat in it); empty: the server's own choice (a seat named by a colour gets that colour)."""

    def __init__(self, game: Game):
        self.game = game

    # ---------------------------------------------------------------- lobby
    def variant_text(self, variant: str) -> str:
        """One sentence on ``variant`` in plain words (default: its name)."""
        return variant

    def option_text(self, name: str) -> tuple[str, str]:
        """``(label, help)`` of the option ``name`` in plain words, without rule ids in the
        label (default: the name with spaces, and the option's own help)."""
        for o in self.game.options:
            if o.name == name:
                return name.replace("_", " ").capitalize(), o.help
        raise KeyError(name)

    def option_applies(self, name: str, variant: str) -> bool:
        """Whether the option ``name`` changes anything in ``variant`` (the lobby shows only
        those). Default: every option applies to every variant."""
        return True

    # ---------------------------------------------------------------- rules
    @cached_property
    def _rules(self) -> list[RuleSection]:
        try:
            text = resources.files(self.game.package).joinpath("RULES.md").read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError):
            return []
        return parse_rules(text)

    def rules(self) -> list[RuleSection]:
        """The game's full rules (its packaged ``RULES.md``) by section; ``[]`` without one."""
        return list(self._rules)

    def rule(self, rule_id: str) -> RuleSection | None:
        """The section that defines ``rule_id`` (``"LG-19.3"``), or the nearest enclosing one
        (``LG-19.3.2`` -> ``LG-19.3`` -> ``LG-19``); None when the rules have no such id."""
        rid = rule_id.strip().upper()
        while rid:
            for s in self._rules:
                if rid in s.ids:
                    return s
            if "." not in rid:
                return None
            rid = rid.rsplit(".", 1)[0]
        return None

    # ----------------------------------------------------------------- play
    def listed_actions(self, state: State) -> list[Action]:
        """The legal actions of ``state`` in the order they are shown to a person (default:
        the legal order). Display only: ``state.legal_actions()`` keeps its order."""
        return state.legal_actions()

    def action_label(self, state: State, action: Action) -> str:
        """The action in plain words for the seat to act (``"Hire a miner at the inn: 5
        groše"``). Default: its notation."""
        return action.text

    def action_help(self, state: State, action: Action) -> str:
        """What the action does and the rule behind it, one or two sentences; ``""`` for
        none."""
        return ""

    def action_notes(self, state: State, actions: list[Action]) -> tuple[list[str], str]:
        """``(notes, footnote)``: a short warning per listed action (``""`` for none, e.g.
        "takes a loan") and one line under the list (``""`` for none)."""
        return [""] * len(actions), ""

    def status(self, state: State, seat: int | None) -> str:
        """The status bar's sentence for ``seat`` (None: a spectator): what this person must
        do now, or whom they wait for and what that seat is doing. Must reveal nothing
        ``seat`` may not see."""
        if state.is_terminal():
            return "The game is over."
        cur = state.current_player
        name = state.seat_name(cur)
        if seat == cur:
            return "Your turn: choose an action."
        return f"Waiting for {name}."

    def forced(self, state: State) -> Action | None:
        """The one action a person is left with when the rules allow no choice, to be taken
        for them with a notice (:meth:`action_label` says what); None when there is a choice
        or the step is a secret commitment the person should make themselves. Default: the
        single legal action, if there is exactly one."""
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def board_svg(
        self,
        obs: dict,
        legal: list[str],
        names: list[str],
        seat: int | None = None,
        highlights: dict[int, list[str]] | None = None,
    ) -> str | None:
        """The board as SVG markup, as ``obs`` (one seat's observation) shows it; each legal
        action that has a place on the board is a clickable element with
        ``data-action="NOTATION"``. ``highlights``: per seat, the place keys its last turn
        changed (:meth:`place_keys`). None when the game has no board drawing (the terminal
        view is shown instead)."""
        return None

    def place_keys(self, obs: dict) -> dict[str, str]:
        """What each place of the board shows, as ``{place key: content}`` read from ``obs``
        (a spectator's observation): the server compares them before and after a seat's turn
        to highlight what that turn changed. Default: none."""
        return {}

    def render_text(self, state: State, seat: int | None) -> Any:
        """The terminal view of ``state`` as ``seat`` sees it (a rich renderable)."""
        from rich.pretty import Pretty

        return Pretty(state.observation(seat))
