"""The flow of a Lignum game: its phases as a table, the driver that runs them, and the two
mappings that list a decision's actions (stage -> function) and apply an action (kind -> function).

``phase`` names the part of the round (:data:`PHASES`; ``"over"`` once the game ended). A phase
is played seat by seat in its order (``pi`` indexes it): the phase's on-enter function does the
seat's automatic work and sets ``stage`` when the seat must decide; when every seat is through,
the phase's ``next`` follows (a phase name, or a function for the steps between rounds). The
path (``travel``) is played in turns instead (LG-8.1, :func:`next_traveller`).

An action function of :data:`APPLY` changes the state and answers what follows (``common.WAIT``,
``SETTLE``, ``PART_OVER``, ``NEXT_TRAVELLER``); :func:`apply` carries that out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from meeple.core import TERMINAL

from .. import actions as A
from ..components import CLEARING
from . import drying, felling, huts, market, mill, rounds, transport, travel, winter
from .common import NEXT_TRAVELLER, PART_OVER, SETTLE, WAIT, apply_loan, seat_name

NONWINTER_PHASES = ("choose", "travel", "fell", "arrive", "transport", "saw", "tasks", "sell", "dry", "tact")
WINTER_PHASES = ("w_bonus", "w_fell", "w_sled", "w_saw", "w_tasks", "feed", "heat", "final")
#: stages where the free actions of one's own turn (loan, build, huts) are offered: "at any time
#: during his own turn" (LG-19.1, LG-19.3, LG-21.1), so at every decision of one's own turn, the
#: sub-decisions included. Not offered: the secret felling-area choice (``choose``, a simultaneous
#: commitment, LG-7.1) and the river kind of the final sale (``river``, after the last turn, LG-22.1).
FREE_STAGES = frozenset(
    (
        "travel",
        "space4",
        "space10",
        "space13",
        "space16",
        "market",
        "fell",
        "arrive",
        "transport",
        "move",
        "saw",
        "split",
        "tasks",
        "sell",
        "dry",
        "tact",
        "w_bonus",
        "w_fell",
        "w_sled",
        "w_saw",
        "w_tasks",
        "burn",
        "forced",
    )
)


# ================================================================ the phases
def _player_order(s) -> list:
    """The player-order track, slot 1 first (LG-8.1.1)."""
    return s.order


def _reverse_order(s) -> list:
    """LG-24.3 reverse player order."""
    return s.order[::-1]


def _clearing_order(s) -> list:
    """LG-9.2 / LG-20.2 clearing order."""
    return s.clearing


def _decide(stage: str) -> Callable:
    """An on-enter function that only sets the decision ``stage`` the seat faces."""

    def enter(s, seat: int) -> None:
        s.stage = stage

    enter.__doc__ = f"The seat decides in stage ``{stage}``."
    return enter


def _reveal_and_travel(s) -> None:
    """After the secret choices (LG-7): reveal them and share the food (LG-7.1, LG-7.3), then the
    path (LG-8)."""
    rounds.reveal_choices(s)
    s.phase = "travel"
    travel.start_travel(s)


def _after_heat(s) -> None:
    """After heating: the Y1 winter ends with the clean-up and Y2 spring (LG-20.10); the Y2
    winter with the final sale (LG-22.1)."""
    if s.round == 3:
        winter.winter_cleanup(s)
        rounds.next_round(s)
        return
    s.phase = "final"


def _game_over(s) -> None:
    """LG-22: the settlement; the game is over."""
    winter.finish(s)
    s.phase = "over"


class Phase(NamedTuple):
    """One row of :data:`PHASES`."""

    order: Callable
    """``order(state) -> list`` of seats: who acts in this phase, first to last."""
    enter: Callable | None
    """``enter(state, seat)``: the seat's automatic work; sets ``stage`` when a decision is due."""
    next: str | Callable
    """The phase that follows, or ``next(state)`` doing the steps in between and setting it."""
    skip: Callable | None = None
    """``skip(state) -> bool``: when true the phase is passed over (its ``next`` follows)."""


PHASES = {
    # spring, summer, fall (LG-4.2, LG-9.1)
    "choose": Phase(_player_order, _decide("choose"), _reveal_and_travel),  # LG-7.1
    "travel": Phase(_player_order, None, "fell"),  # LG-8, in turns
    "fell": Phase(_clearing_order, felling.enter_fell, "arrive"),  # LG-10
    "arrive": Phase(
        _clearing_order, transport.enter_arrive, "transport", skip=lambda s: s.round == 0
    ),  # LG-11.2 nothing arrives in Y1 spring
    "transport": Phase(_clearing_order, _decide("transport"), "saw"),  # LG-12
    "saw": Phase(_clearing_order, _decide("saw"), "tasks"),  # LG-13
    "tasks": Phase(
        _clearing_order, mill.enter_tasks, "sell", skip=lambda s: not s.advanced
    ),  # LG-1.3 phase 5 skipped without tasks
    "sell": Phase(_clearing_order, _decide("sell"), "dry"),  # LG-15
    "dry": Phase(_clearing_order, drying.enter_dry, rounds.end_round),  # LG-16, LG-17
    "tact": Phase(_reverse_order, _decide("tact"), rounds.next_round),  # LG-24.3
    # winter (LG-20)
    "w_bonus": Phase(_clearing_order, _decide("w_bonus"), "w_fell"),  # LG-20.3
    "w_fell": Phase(_clearing_order, _decide("w_fell"), "w_sled"),  # LG-20.4
    "w_sled": Phase(_clearing_order, _decide("w_sled"), "w_saw"),  # LG-20.5
    "w_saw": Phase(_clearing_order, _decide("w_saw"), "w_tasks"),  # LG-20.6
    "w_tasks": Phase(
        _clearing_order, mill.enter_tasks, "feed", skip=lambda s: not (s.advanced and s.round == 7)
    ),  # LG-20.7 tasks only in the Y2 winter
    "feed": Phase(_clearing_order, winter.feed, "heat"),  # LG-20.8
    "heat": Phase(_clearing_order, winter.heat, _after_heat),  # LG-20.9
    "final": Phase(_clearing_order, winter.enter_final, _game_over),  # LG-22.1
}
"""Phase name -> :class:`Phase` (order, on-enter, next, skip), in the order the rounds play them."""
if tuple(PHASES) != NONWINTER_PHASES + WINTER_PHASES:
    raise AssertionError("PHASES must list the phases of NONWINTER_PHASES and WINTER_PHASES, in order")


# ================================================================ the decisions
def _choose_actions(s, seat: int) -> list:
    """Stage ``choose``: the secret felling-area choice, any area (LG-7.1)."""
    return A.AREA[1:]


def _tact_actions(s, seat: int) -> list:
    """Stage ``tact``: an area without a felling token (LG-24.4)."""
    return [A.AREA[a] for a in range(1, 7) if a not in s.area]


STAGE_ACTIONS = {
    "travel": travel.travel_actions,
    "choose": _choose_actions,
    "tact": _tact_actions,
    "space4": travel.carriers_actions,
    "space10": travel.cutters_actions,
    "space13": travel.task_take_actions,
    "space16": travel.extra_sawyer_actions,
    "market": market.market_actions,
    "fell": felling.fell_actions,
    "arrive": transport.arrive_actions,
    "transport": transport.transport_actions,
    "move": transport.move_actions,
    "saw": mill.saw_actions,
    "w_saw": mill.saw_actions,
    "split": mill.split_actions,
    "tasks": mill.tasks_actions,
    "w_tasks": mill.tasks_actions,
    "sell": market.sell_actions,
    "dry": drying.drying_actions,
    "w_bonus": winter.bonus_actions,
    "w_fell": winter.wfell_actions,
    "w_sled": winter.sled_actions,
    "burn": winter.burn_actions,
    "forced": market.forced_actions,
    "river": winter.river_actions,
}
"""Stage -> ``f(state, seat) -> list`` of the stage's own actions (the free actions come on top,
:data:`FREE_STAGES`). A stage not listed (``""``: no decision) has none."""


def stage_actions(s) -> list:
    """The actions of the acting seat's current stage, the free actions not included."""
    f = STAGE_ACTIONS.get(s.stage)
    return f(s, s.actor) if f is not None else []


def legal_actions(s) -> list:
    """The legal actions of the acting seat, computed afresh (the state caches them, ``State._legal``):
    placing built huts (LG-19.2), else the stage's actions and, in one's own turn, the free ones."""
    if s.hut_left:
        return huts.HUT_PLACES[:]
    out = stage_actions(s)
    if s.stage in FREE_STAGES:
        out = out + huts.free_actions(s, s.actor)
    return out


# ================================================================ the driver
def setup(s) -> None:
    """A new game: setup (LG-3), its log, then on to the first decision."""
    rounds.setup_game(s)
    rounds.log_first_round_areas(s)
    run(s)


def run(s) -> None:
    """Advance through automatic steps until a seat must decide (or the game ends)."""
    while True:
        ph = s.phase
        if ph == "over":
            s.stage = ""
            s.actor = TERMINAL
            return
        if ph == "travel":
            return
        phase = PHASES[ph]
        order = phase.order(s)
        enter = phase.enter
        while s.pi < len(order):
            seat = order[s.pi]
            s.actor = seat
            s.stage = ""
            enter(s, seat)
            if s.stage and settle(s):
                return
            s.pi += 1
        end_phase(s, ph)


def end_phase(s, ph: str) -> None:
    """Move from phase ``ph`` to the next one (:data:`PHASES`), doing the automatic steps in between."""
    s.pi = 0
    nxt = PHASES[ph].next
    if not isinstance(nxt, str):
        nxt(s)
        return
    skip = PHASES[nxt].skip
    while skip is not None and skip(s):
        nxt = PHASES[nxt].next
        skip = PHASES[nxt].skip
    s.phase = nxt


def settle(s) -> bool:
    """Auto-apply ``done`` while it is the only legal action; False if the seat's part ended.

    When a decision is due, the legal actions it listed become the state's cached ones
    (``State._legal_cache``, cleared before each action is applied): a True return ends
    the action being applied, so they are those of the position the seat then faces."""
    while s.stage:
        if s.hut_left:
            return True
        legal = stage_actions(s)
        if len(legal) == 1 and legal[0] is A.DONE:
            if not (s.stage in FREE_STAGES and free_action_opens(s, s.actor)):
                done(s)
                continue
        if not legal:  # defensive: nothing to do
            s.stage = ""
            break
        if s.stage in FREE_STAGES:
            legal = legal + huts.free_actions(s, s.actor)
        s._legal_cache = legal
        return True
    return False


def free_action_opens(s, seat: int, depth: int = 3) -> bool:
    """True when ``seat`` still has a usable free action of its own turn other than a loan:
    the seat then gets its turn (an explicit ``done``) instead of an automatic ``done``
    (LG-19.3, LG-19.4 RULING; publisher FAQ, "Mohu stavět chaty i v zimě?": a hut may be
    built at any time in one's own turn and used at once, in winter too). Usable means:
    a hut use (a drying hut moving a piece on, LG-19.4, or a food-store hut taking food,
    LG-19.5) is offered now, or building huts (LG-19.1) would open a stage action besides
    ``done`` or such a hut use within ``depth`` free actions (tried on copies: the 3 huts
    on one field, each field in turn). A loan alone never keeps the turn: the stages
    count the loans still open as money (LG-21.1), so it opens nothing."""
    for a in huts.free_actions(s, seat):
        kind = a.kind
        if kind == "loan":
            continue
        if kind != "build":
            return True  # LG-19.3: a hut use is a decision of its own
        for field in range(3):
            sim = s._copy()
            huts.build(sim, seat)
            sim.hut_left = 0
            sim.huts[seat][field] += 3
            done_action = A.DONE
            if any(x is not done_action for x in stage_actions(sim)):
                return True
            if depth > 1 and free_action_opens(sim, seat, depth - 1):
                return True
    return False


def part_over(s) -> None:
    """The acting seat's part of a per-player phase is over: continue with the next."""
    s.stage = ""
    if s.phase == "travel":
        next_traveller(s)
        return
    s.pi += 1
    run(s)


def after(s) -> None:
    """After an action in a stage: auto-done if nothing but done remains, else wait."""
    if s.phase == "travel" and s.stage in ("travel", ""):
        return
    if not settle(s):
        _part_over_nosettle(s)


def _part_over_nosettle(s) -> None:
    if s.phase == "travel":
        next_traveller(s)
        return
    s.pi += 1
    run(s)


def next_traveller(s) -> None:
    """LG-8.1.1: the next foreman in player order not yet in the clearing moves; when all are
    there, wood work starts (LG-8.6.2)."""
    n = s.num_players
    s.stage = "travel"
    for k in range(1, n + 1):
        i = (s.ti + k) % n
        p = s.order[i]
        if s.pos[p] != CLEARING:
            s.ti = i
            s.actor = p
            return
    # LG-8.6.2 everyone in the clearing: wood work starts
    s.log("clearing order: " + ", ".join(seat_name(p) for p in s.clearing))
    end_phase(s, "travel")
    s.stage = ""
    run(s)


def done(s) -> None:
    """The meaning of ``done`` in the current stage."""
    st = s.stage
    if st == "market" or st == "space16":
        s.stage = ""
        next_traveller(s)
        return
    if st == "move":
        s.stage = s.pend[3]
        return
    if st == "forced":
        winter.write_off_debt(s, s.actor)  # LG-21.6
    s.stage = ""


def _apply_done(s, seat: int, args: tuple):
    """``done``: the stage's decision ends (:func:`done`)."""
    st = s.stage
    done(s)
    if st in ("market", "space16"):
        return WAIT  # the next foreman's turn has begun (done called next_traveller)
    return SETTLE if s.stage else PART_OVER


# ================================================================ applying
APPLY = {
    # free actions of one's own turn (LG-19, LG-21.1)
    "loan": apply_loan,
    "build": huts.apply_build,
    "hut": huts.apply_hut,
    "dryhut": huts.apply_dryhut,
    "foodhut": huts.apply_foodhut,
    "done": _apply_done,
    # LG-7.1 / LG-24.3 felling areas
    "area": rounds.apply_area,
    # LG-8 the path
    "go": travel.apply_go,
    "carriers": travel.apply_carriers,
    "cutters": travel.apply_cutters,
    "task": travel.apply_task,
    "extra": travel.apply_extra,
    "buy": market.apply_buy,
    "psell": market.apply_product_sale,
    # LG-10 .. LG-16 wood work
    "relocate": felling.apply_relocate,
    "fell": felling.apply_fell,
    "put": transport.apply_put,
    "carry": transport.apply_carry,
    "wagon": transport.apply_wagon,
    "raft": transport.apply_raft,
    "sled": transport.apply_sled,
    "sledfood": transport.apply_sled_food,
    "saw": mill.apply_saw,
    "stick": mill.apply_stick,
    "fill": mill.apply_fill,
    "sell": market.apply_sell,
    "dry": drying.apply_dry,
    # LG-20 / LG-22 winter and the end
    "bonus": winter.apply_bonus,
    "wfell": winter.apply_wfell,
    "burn": winter.apply_burn,
    "river": winter.apply_river,
}
"""Action kind -> ``f(state, seat, args)``: applies the action of the acting seat and returns what
follows (``common.WAIT`` / ``SETTLE`` / ``PART_OVER`` / ``NEXT_TRAVELLER``)."""

_THEN = (None, after, part_over, next_traveller)
"""What follows an action, by the code its function returned (see ``common``)."""
if (SETTLE, PART_OVER, NEXT_TRAVELLER) != (1, 2, 3):
    raise AssertionError("_THEN is indexed by the codes of common.py")


def apply(s, action) -> None:
    """Apply a legal ``action`` (checked by the caller) of the acting seat (:data:`APPLY`).

    Raises:
        AssertionError: an action kind no rule handles (a legal action never is).
    """
    f = APPLY.get(action.kind)
    if f is None:
        raise AssertionError(f"unhandled action {action.text}")
    then = f(s, s.actor, action.args)
    if then:
        _THEN[then](s)
