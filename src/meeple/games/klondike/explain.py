"""Why a notation is not legal now: ``why_illegal(state, text) -> (rule id, message)``."""

from __future__ import annotations

from .components import FACE_NAMES, FAVOUR_INDEX, KINDS, SUPP_MIN_BID
from .rules import explain_place

VERBS = frozenset(
    (
        "tile",
        "build",
        "bid",
        "place",
        "discard",
        "sbid",
        "pass",
        "claim",
        "undo",
        "relayout",
        "done",
        "back",
        "pick",
        "fate",
    )
)
"""The first words of Klondike's notation (KL-50.3, ``actions.py``)."""


def why_illegal(st, text: str) -> tuple[str, str]:
    """Explain a rejected action of ``st.current_player``: ``(rule id, message)``. The rule id
    is ``""`` when ``text`` does not begin with a word of the notation at all (as the core's
    ``IllegalActionError`` documents); the message then still says what is expected now."""
    rule, message = _why_illegal(st, text)
    parts = text.split()
    if not parts or parts[0].lower() not in VERBS:
        return "", f"'{text}' is not an action of Klondike; {message} ({rule})"
    return rule, message


def _why_illegal(st, text: str) -> tuple[str, str]:
    parts = text.split()
    word = parts[0].lower() if parts else ""
    p = st.phase
    seat = st.cur
    if p == "auction":
        if word != "bid":
            return "KL-12.2", "in the main auction you bid: 'bid SLOT N'"
        try:
            slot, amount = int(parts[1]), int(parts[2])
        except (IndexError, ValueError):
            return "KL-50.3", "write a bid as 'bid SLOT N'"
        if not 0 <= slot < st.num_players:
            return "KL-12.1", f"the row has slots 0..{st.num_players - 1}"
        if amount < 0:
            return "KL-12.3", "a bid is a number of rubies, 0 or more"
        h = st.slot_holder[slot]
        if h >= 0 and amount != st.slot_bid[slot] + 1:  # the amount first, then whether it is affordable
            return "KL-12.3", f"a held claim needs a bid of exactly {st.slot_bid[slot] + 1}"
        if amount > st.rubies[seat]:
            return "KL-12.6", f"you have only {st.rubies[seat]} rubies available"
        return "KL-12.3", "that bid is not allowed"
    if p in ("place", "splace"):
        if word == "discard":
            return "KL-14.2", "the claim must be laid: a legal placement exists"
        if word != "place":
            return "KL-14.1", "lay your claim: 'place KIND K ROW COL' (or 'discard' if it fits nowhere)"
        return explain_place(st, seat, text, st.won[seat])
    if p == "sauction":
        if word == "sbid":
            try:
                amount = int(parts[1])
            except (IndexError, ValueError):
                return "KL-50.3", "write a bid as 'sbid N'"
            if amount < SUPP_MIN_BID:
                return "KL-16.2", f"the first bid must be at least {SUPP_MIN_BID} rubies"
            if amount <= st.s_bid:
                return "KL-16.2", f"a bid must be higher than {st.s_bid}"
            return "KL-16.2", f"you have only {st.rubies[seat]} rubies available (fresh rubies do not count)"
        return "KL-16.2", "bid ('sbid N') or 'pass'"
    if p == "layout" or (p in ("build", "tick") and st.building[seat]):
        rid = "KL-10.2" if p == "layout" else "KL-31.2"  # game 1 layout=choose / race build
        if word == "tile" and len(parts) == 2 and parts[1][:1] in FACE_NAMES:
            return rid, "each face is laid once, rotation 0..3"
        if word == "build":
            return "KL-31.2", "lay at least one tile first"
        return rid, "lay a tile: 'tile A0' (face A-D, rotation 0-3)" + (", or 'build'" if p != "layout" else "")
    if p == "tick":
        kinds = {x.id: x.index for x in KINDS}
        if word == "claim":
            if len(parts) != 2 or parts[1] not in kinds:
                return "KL-1.4", f"claim kinds: {', '.join(kinds)}"
            if st.pend[seat] >= 0:
                return "KL-40.1", f"lay the {KINDS[st.pend[seat]].id} you took first"
            if st.used[seat] >> kinds[parts[1]] & 1:
                return "KL-31.3", f"you have already laid your {parts[1]} this round"
            return "KL-2", f"your {parts[1]} fits nowhere after your last claim"
        if word == "place" and st.pend[seat] < 0:
            return "KL-40.1", "first take the claim you want to lay: 'claim KIND'"
        if word == "place":
            if len(parts) > 1 and parts[1] in {k.id for k in KINDS}:
                k = next(x.index for x in KINDS if x.id == parts[1])
                if st.used[seat] >> k & 1:
                    return "KL-31.3", f"you have already laid your {parts[1]} this round"
            return explain_place(st, seat, text, st.pend[seat])
        if word == "back":
            if st.pend[seat] < 0:
                return "KL-40.1", "'back' puts back a claim you have just taken; you hold none"
            return "KL-40.1", "you may put a taken claim back only once per tick: lay it"
        if word == "undo":
            return "KL-40.1", "there is no claim to take back"
        if word == "relayout":
            return "KL-40.1", "take back your claims before laying the landscape anew"
        if st.pend[seat] >= 0:
            return "KL-40.1", f"lay the {KINDS[st.pend[seat]].id} you took: 'place ...'"
        return "KL-40.1", "each tick: 'claim KIND' then 'place ...', or 'undo', 'relayout', 'done'"
    if p in ("pick", "lastpick"):
        if word == "pick" and len(parts) == 2 and parts[1] in FAVOUR_INDEX:
            return "KL-32.2", f"{parts[1]} is not in the display"
        return "KL-32.1", "take a favour card: 'pick CARD'"
    if p == "fate":
        return "KL-33.2", (
            "join fate with another player: 'fate P3' (or the listed 'fate 2', which counts seats from 0)"
        )
    return "", f"'{text}' is not a legal action now"
