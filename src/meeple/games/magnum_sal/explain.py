"""Why a typed notation is not legal now: ``why_illegal(state, text) -> (rule_id, message)``.

Part of the rules (split from ``rules.py``); only called when an action is rejected.
"""

from __future__ import annotations

from . import components as C
from .rules import COL, FIRST, TRACK, has_miner, legal_actions, placed_so_far, unused

_VERB_RULES = {
    "pass": ("MS-5.2", "no action is left in this turn"),
    "place": ("MS-8.3", "no available miner can be placed in the mine (chain rule)"),
    "extract": (
        "MS-10.1",
        "you cannot extract there: you need a rested miner in a revealed chamber with salt, "
        "strength (rested miners - water + pickaxes) >= 1 and the transport fee (MS-10.4)",
    ),
    "assist": ("MS-12.2", "that assistant space is taken, or you have no available miner"),
    "inn": ("MS-14.3", "the inn is closed, you cannot pay, or you own all 10 miners"),
    "workshop": ("MS-15.3", "that tool is not on display or you cannot pay its price"),
    "pump": ("MS-16.2", "you need a miner of yours in a chamber holding water"),
    "market": ("MS-17.2", "no market transaction is possible for you"),
    "square": ("MS-13.2", "you already visited the town square this turn"),  # always legal otherwise (MS-18.1)
    "castle": ("MS-19.2", "you have no available miner to send (or no royal privilege)"),
    "bucket": (
        "MS-20.4",
        "you need an unused bucket and a miner in the chamber the water leaves, "
        "and the target must be an adjacent chamber on the same side and level",
    ),
    "food": ("MS-20.6", "you need an unused food card and a tired miner there"),
    "from": (
        "MS-7.3",
        "that miner is not available (tired, in the castle queue, or the chain rule forbids removing it)",
    ),
    "to": (
        "MS-8.3",
        "that miner would break the chain: the destination must be connected to the "
        "surface after the miner has left its space",
    ),
    "rope": ("MS-20.2", "no unused rope"),
    "take": (
        "MS-10.1",
        "that cube cannot be taken: not in the chamber, strength exceeded, or the "
        "transport fee cannot be paid (MS-10.4)",
    ),
    "pickaxe": ("MS-20.3", "no unused pickaxe"),
    "cart": ("MS-20.5", "a cart covers one path space or two adjacent ones, with at least one paying space"),
    "pay": ("MS-10.5", "that player has no miner on this paying space"),
    "commercial": (
        "MS-20.7",
        "the commercial privilege is declared before the first transaction and needs an unused card",
    ),
    "sell": ("MS-17.3", "you have no such cube, the column is full, or you bought that colour this visit (MS-17.6)"),
    "buy": ("MS-17.4", "the column is empty, you cannot pay, or you sold that colour this visit (MS-17.6)"),
    "deliver": ("MS-19.4", "you cannot complete that order (colour for colour)"),
    "penalty": ("MS-19.6", "that penalty is not allowed (complete an order if you can; pay 3 or give a cube)"),
    "done": ("MS-5.4", "you cannot finish now"),
}
_MAIN_VERBS = {"pass", "place", "extract", "assist", "inn", "workshop", "pump", "market", "square", "castle"}
_BUILDING_OF_VERB = {
    "inn": "inn",
    "workshop": "workshop",
    "pump": "pump",
    "market": "market",
    "square": "square",
    "castle": "castle",
}


_STAGE_OF_VERB = {
    "from": "a placement, assistant or castle visit",
    "to": "a placement in the mine",
    "rope": "a placement in the mine",
    "take": "an extraction",
    "pickaxe": "an extraction",
    "cart": "an extraction",
    "pay": "paying a transport fee",
    "commercial": "a market visit",
    "sell": "a market visit",
    "buy": "a market visit",
    "deliver": "a castle arrival",
    "penalty": "a castle arrival",
}


_NO_ARGUMENT = frozenset(("pass", "place", "inn", "market", "square", "rope", "pickaxe", "commercial", "done"))


def _known_notation(text: str) -> bool:
    """False when ``text`` cannot be any Magnum Sal action: a verb without arguments given
    some (``inn inn``, ``square x``) or ``castle``/``pump`` with a wrong word."""
    words = text.split()
    if not words:
        return False
    verb = words[0]
    if verb in _NO_ARGUMENT:
        return len(words) == 1
    if verb == "castle":
        return text in ("castle", "castle royal")
    if verb == "pump":
        return len(words) == 2 and (words[1] == "more" or words[1] in C.SPACE_INDEX)
    return len(words) >= 2


def _main_refusal(state, verb: str, words: list, text: str, sample: str):
    """MS-13.2 / MS-14 ... for a main-menu verb the seat cannot use now; None if unexplained."""
    seat = state.turn
    if state.actions_left <= 0:
        return "MS-5.2", (
            f"no action left this turn ({'1 action in the first round of a phase' if state.round == 1 else '2 actions a turn'}); "
            f"legal: {sample}"
        )
    b = _BUILDING_OF_VERB.get(verb)
    if b and b in state.visited:
        name = "town square" if b == "square" else ("pump house" if b == "pump" else b)
        return "MS-13.2", f"you already visited the {name} this turn (a building once a turn); legal: {sample}"
    money = state.money[seat]
    if verb == "inn":
        if state.inn >= len(TRACK):
            return "MS-14.2", "the inn is closed until the end of the phase (all its miners are hired)"
        if state.owned[seat] >= C.MAX_MINERS:
            return "MS-14.3", f"you already own all {C.MAX_MINERS} miners of your colour"
        if money < TRACK[state.inn]:
            return "MS-14.3", f"the next miner costs {TRACK[state.inn]} groše and you have {money}"
    if verb == "workshop" and len(words) > 1:
        prices = [str(p) for p in C.DISPLAY_PRICES]
        if words[1] in prices:
            slot = prices.index(words[1])
            kind = state.display[slot]
            if kind is None or C.TOOL_SHORT[kind] != " ".join(words[2:]):
                shown = C.TOOL_SHORT[kind] if kind else "nothing"
                return "MS-15.1", f"the {words[1]}-groše slot shows {shown}; legal: {sample}"
            if money < C.DISPLAY_PRICES[slot]:
                return "MS-15.3", f"that tool costs {words[1]} groše and you have {money}"
    if verb == "pump" and len(words) > 1 and words[1] in C.SPACE_INDEX:
        sp = C.SPACE_INDEX[words[1]]
        if sp >= FIRST and not has_miner(state, seat, sp):
            return "MS-16.2", f"you have no miner in {words[1]}"
        if sp >= FIRST and not state.water[sp - FIRST]:
            return "MS-16.2", f"{words[1]} holds no water"
    if verb == "assist" and len(words) == 2 and words[1] in C.ASSIST_BUILDINGS:
        holder = state.assist[C.ASSIST_BUILDINGS.index(words[1])]
        if holder != -1:  # MS-12.2: one assistant a building
            who = "your own miner" if holder == seat else state.seat_name(holder)
            name = "pump house" if words[1] == "pump" else words[1]
            return "MS-12.2", f"the {name} assistant space is taken by {who}"
        return "MS-12.2", f"you have no available miner to send as an assistant; legal: {sample}"
    if verb == "castle" and len(words) > 1 and not unused(state, seat, "royal_privilege"):
        return "MS-20.8", "you have no unused royal privilege"
    if verb == "extract" and len(words) > 1 and words[1] in C.SPACE_INDEX:
        sp = C.SPACE_INDEX[words[1]]
        if sp >= FIRST:
            n = state.num_players
            if not has_miner(state, seat, sp):
                return "MS-10.1", f"you have no miner in {words[1]}"
            if not state.rested[sp * n + seat]:
                return "MS-11.2", f"your miners in {words[1]} are tired"
            if not state.revealed[sp - FIRST] or not sum(state.csalt[sp - FIRST]):
                return "MS-10.1", f"{words[1]} holds no salt"
            if state.rested[sp * n + seat] - state.water[sp - FIRST] + unused(state, seat, "pickaxe") < 1:
                return "MS-10.1", f"strength too low in {words[1]}: rested miners - water < 1"
            return "MS-10.4", f"you cannot pay the transport fee from {words[1]}"
    return None


def _market_refusal(state, verb: str, col: int, colour: str):
    """MS-17.3 / MS-17.4: why this seat cannot sell or buy a cube of ``col`` now; None if
    unexplained."""
    seat = state.turn
    priv = state.ctx[0]
    cnt = state.market[col]
    if verb == "sell":
        if not state.salt[seat][col]:
            return "MS-17.3", f"you have no {colour} salt to sell"
        if cnt >= len(C.MARKET_COLUMNS[col]) and not priv:
            return "MS-17.3", (
                f"the {colour} column of the market is full (the commercial privilege, "
                "MS-20.7, sells into a full column)"
            )
        return None
    if not cnt:
        return "MS-17.4", f"the {colour} column of the market is empty"
    price = C.buy_price(col, cnt) - (1 if priv else 0)
    money = state.money[seat]
    if money < price:
        return "MS-17.4", f"{colour} salt costs {price} groše here and you have {money}"
    return None


def why_illegal(state, text: str) -> tuple:
    """``(rule_id, message)`` for a rejected notation (IllegalActionError): the rule actually
    broken, e.g. MS-13.2 for a second visit of a building in one turn, MS-14.3 for an inn
    the seat cannot pay, MS-7.1 for text that is no Magnum Sal action at all."""
    legal = legal_actions(state)
    sample = ", ".join(a.text for a in legal[:10]) + (" ..." if len(legal) > 10 else "")
    words = text.split()
    verb = words[0] if words else ""
    if verb not in _VERB_RULES or not _known_notation(" ".join(words)):
        return "MS-7.1", f"'{text}' is not a Magnum Sal action (legal now: {sample})"
    if (
        verb in ("to", "extract", "food", "pump")
        and len(words) == 2
        and words[1] != "more"
        and words[1] not in C.SPACE_INDEX
    ):
        return "MS-2", (
            f"there is no space '{words[1]}' in the mine (shaft S1-S6, chambers such as "
            f"I.L1, II.R3, III.L2); legal now: {sample}"
        )
    st = state.stage
    if st == "main":
        if verb in _MAIN_VERBS:
            got = _main_refusal(state, verb, words, text, sample)
            if got:
                return got
        elif verb == "pump" or text == "pump more":
            pass
        elif verb in _STAGE_OF_VERB:
            return "MS-5.4", f"'{text}' belongs to {_STAGE_OF_VERB[verb]}, not to the turn's menu; legal: {sample}"
    if text == "pump more":
        if st == "pump":
            return "MS-16.1", f"no more water to pump there, or you cannot pay the next cube; legal: {sample}"
        if "pump" in state.visited:
            return "MS-13.2", (
                f"the pump house visit is over; pumping more would be a second visit this turn; legal: {sample}"
            )
        return "MS-16.1", f"'pump more' continues a pump house visit ('pump <chamber>' starts one); legal: {sample}"
    if st != "main":
        if verb in ("bucket", "food") and st != "food" or verb in _MAIN_VERBS:
            from .text import STAGE_TEXT  # display words, only on a refused notation

            return "MS-5.4", f"finish the current step first ({STAGE_TEXT.get(st, st)}); legal: {sample}"
        if st == "market" and verb in ("sell", "buy") and len(words) > 1 and words[1] in COL:
            col = COL.index(words[1])
            if verb == "sell" and (state.ctx[3] >> col) & 1 or verb == "buy" and (state.ctx[2] >> col) & 1:
                return "MS-17.6", "you may not buy and sell the same colour in one visit"
            got = _market_refusal(state, verb, col, words[1])
            if got:
                return got
        if st == "deliver" and verb == "penalty":
            return "MS-19.4", "completing an order is compulsory when you can"
        if st in ("place_from", "rope") and verb == "from" and len(words) >= 2 and words[1] in C.SPACE_INDEX:
            sp = C.SPACE_INDEX[words[1]]
            if 0 < state.rested[sp * state.num_players + state.turn] <= placed_so_far(state).count(sp):
                return "MS-20.2", (
                    f"a rope moves one more miner: the miner just put in {words[1]} "
                    f"cannot move again in this action; legal: {sample}"
                )
        if st == "rope" and verb == "from":
            return "MS-20.2", f"say 'rope' first to place or move one more miner (or 'done'); legal: {sample}"
    rule, msg = _VERB_RULES[verb]
    return rule, f"{msg}; legal: {sample}"
