"""Why a typed notation is not legal now: ``why_illegal(state, text) -> (rule_id, message)``.

Part of the rules (split from ``rules.py``); only called when an action is rejected.
"""

from __future__ import annotations

from meeple.core import IllegalActionError

from . import rules
from .actions import (
    ADJ,
    CARD_SIZE,
    PLACEMENTS,
    cell_name,
    mask_of,
    normalise,
    orientations,
    parse_cell,
    reading_order,
)
from .components import ITEMS, load

_C = load()


def _shape(cells) -> tuple:
    return normalise([(c % 6, c // 6) for c in cells])


VERBS = frozenset(("play", "give", "back", "decline", "dig", "use", "pick", "move"))
"""The first words of Solomon's notation (``actions.py``); a move is written ``a1-b2``."""


def why_illegal(s, text: str) -> tuple[str, str]:
    """``(rule_id, message)`` explaining why ``text`` is not legal in state ``s``. The rule
    id is ``""`` when ``text`` is not a word of the notation at all (neither a verb of
    :data:`VERBS` nor a move ``a1-b2``): the message says so, then what is expected now."""
    rule, message = _why_illegal(s, text)
    words = text.split()
    if words and words[0].lower() not in VERBS and "-" not in text and rule:
        return "", f"'{text.strip()}' is not an action of Solomon; {message} ({rule})"
    return rule, message


def _why_illegal(s, text: str) -> tuple[str, str]:
    t = text.strip()
    words = t.split()
    phase = s.phase
    legal = ", ".join(a.text for a in reading_order(s.legal_actions())[:8])  # as listed
    if not words:
        return "", "empty action"
    head = words[0].lower()
    if head == "play":
        if phase != rules.CHOOSE:
            return "SO-4.2", "cards are chosen only at the start of a round"
        hand = s.hands[s.chooser]
        if len(words) < 2 or not (words[1].isascii() and words[1].isdigit()):
            return "SO-4.2", f"play needs one card number from your hand, e.g. 'play {hand[0]}'"
        c = int(words[1])
        if len(words) > 2:
            return "SO-4.2", f"play takes one card number, e.g. 'play {hand[0]}'"
        if c in hand:  # only reached when the notation itself is odd
            return "SO-4.2", f"write the card as 'play {c}'"
        return "SO-4.2", f"card {c} is not in your hand ({', '.join(map(str, hand))})"
    if phase == rules.CHOOSE:
        return "SO-4.2", "first every player secretly chooses a card: 'play N'"
    if head == "give":
        if phase != rules.GIVE_PHASE:
            return "SO-10.3", "tiles are given only after failing to pay"
        if len(words) != 2:
            return "SO-10.3", f"write the tile to give, e.g. 'give T2' ({legal})"
        return "SO-10.3", f"you hold no such tile; give one you hold ({legal})"
    if phase == rules.GIVE_PHASE:
        return "SO-10.3", f"you could not pay: give a tile of your choice ({legal})"
    card = s.choices[s.order[s.tidx]]
    if head == "back":
        if s.moving:
            return "SO-15.1", f"'back' was used {s.backs} times this turn (at most {s.max_moves}): choose a move"
        return "SO-5", "'back' only cancels a 'move' choice before the move is made"
    if s.moving and head in ("decline", "dig", "use", "pick", "move"):
        return "SO-6", f"you chose to move a tile: choose the move, or 'back' ({legal} ...)"
    if head == "use":
        k = words[1].upper() if len(words) > 1 else ""
        if k not in ITEMS:
            return "SO-11", f"unknown magic item {k!r} (MI, PX, SE, AM)"
        if s.picks:
            return "SO-11.3", "items are declared before the Seal dig area is chosen"
        if k in s.declared:
            return "SO-11.4", "at most one item of each kind per turn"
        return "SO-11.1", f"you hold no {_C.item_names.get(k, k)} (items dug this turn are usable only later, SO-11.2)"
    if head == "move":
        if len(words) > 1 and any(a.text == "move" for a in s.legal_actions()):
            rest = " ".join(words[1:])
            after = s.clone()  # the cave is public: trying the move tells nothing hidden
            after.apply_action("move")
            try:
                after.parse_action(rest)
            except IllegalActionError:
                return why_illegal(after, rest)  # the reason the move itself is refused
            return "SO-6", f"moving a tile takes two actions: 'move', then the move itself ('{rest}')"
        if s.declared or s.picks:
            return "SO-11.3", "no more moves once items are declared for the dig"
        if s.moves >= s.max_moves:
            return "SO-15.1", f"at most {s.max_moves} moves per turn"
        return "SO-6.2", "no tile can move now (a tile may only land at the same or a deeper level)"
    if head == "decline":
        if len(words) > 1:
            return "SO-8.6", "'decline' takes nothing after it"
        if s.picks:
            return "SO-11.7", "finish choosing the Seal dig area first"
        return "SO-8.6", f"you cannot decline now (legal: {legal} ...)"
    if head == "pick":
        if "SE" not in s.declared:
            return "SO-11.7", "cells are picked one by one only with Solomon's Seal ('use SE')"
        try:
            parse_cell(words[1] if len(words) == 2 else "")
        except ValueError as e:
            return "SO-2.1", str(e)
        return "SO-11.7", "that cell would not keep the dig area connected and on one level"
    if head == "dig":
        if "SE" in s.declared:
            return "SO-11.7", "with the Seal, choose the dig area cell by cell: 'pick c3'"
        try:
            cells = sorted({parse_cell(x) for x in " ".join(words[1:]).replace(",", " ").split()})
        except ValueError as e:
            return "SO-8.2", str(e)
        n = CARD_SIZE[card]
        if len(cells) != n:
            return "SO-8.1", f"card {card} digs exactly {n} cells, not {len(cells)}"
        if s.picks:
            return "SO-11.7", "finish choosing the Seal dig area first"
        mirror = "MI" in s.declared
        if _shape(cells) not in orientations(_C.cards[card].cells, mirror):
            where = "" if mirror else " with its arrow to the entrance"
            return ("SO-11.5" if mirror else "SO-8.2"), f"those cells do not have the shape of card {card}{where}"
        if any(s.hgt[c] == 0 for c in cells):
            return "SO-8.2", "an empty space can never be dug"
        if len({s.hgt[c] for c in cells}) > 1:
            return "SO-8.2", "all dug tiles must lie on one level (the Pickaxe lifts this, SO-11.6)"
        m = mask_of(cells)
        if not any(p[0] == m for p in PLACEMENTS[card][1 if mirror else 0]):
            return "SO-8.2", "not a placement of the card on the board"
        return "SO-8.2", "that dig is not legal now"
    if t.count("-") > 1:  # 'b3-a2 a2-a1': a move is one tile from one cell to the next
        return "SO-6.1", "one move at a time: 'move', then one move such as 'b3-a2'; then 'move' again for the next"
    if "-" in t:
        a_s, _, b_s = t.partition("-")
        try:
            a = parse_cell(a_s)
            b = parse_cell(b_s)
        except ValueError as e:
            return "SO-6.1", str(e)
        if s.picks or s.declared:
            return "SO-11.3", "no more moves once items are declared for the dig"
        if (
            not s.moving
            and s.moves < s.max_moves
            and (s.upward or s.hgt[b] < s.hgt[a])
            and b in ADJ[a]
            and 0 < s.hgt[a]
            and s.hgt[b] < _C.max_stack
        ):
            return "SO-5", f"type 'move' first, then '{cell_name(a)}-{cell_name(b)}'"
        if s.moves >= s.max_moves:
            return "SO-15.1", f"at most {s.max_moves} moves per turn"
        if b not in ADJ[a]:
            return "SO-6.1", f"{cell_name(b)} is not adjacent to {cell_name(a)}"
        if s.hgt[a] == 0:
            return "SO-6.1", f"{cell_name(a)} is empty"
        if not s.upward and s.hgt[b] >= s.hgt[a]:
            return "SO-6.2", (
                f"the tile would rise from level {s.hgt[a]} to level {s.hgt[b] + 1}; "
                "tiles may only move to the same or a deeper level"
            )
        if s.hgt[b] >= _C.max_stack:
            return "SO-6.3", f"{cell_name(b)} already holds {_C.max_stack} tiles"
        return "SO-6", "that move is not legal now"
    return "", f"'{t}' is not an action of Solomon now (legal: {legal} ...)"
