"""Per-game statistics of Lignum for balance studies (``meeple report``), computed off the
hot path from a finished game: its record is replayed to read each seat's money as each
round ends, and its event log (``State.events``) gives the winter shortfalls.

Keys of :func:`game_stats` (the ``STATS`` table says how ``meeple report`` shows each):

* ``money_by_round``: ``[round][seat]`` dollars each seat held when each of the 8 rounds
  (LG-4.1: Y1 spring .. Y2 winter) ended: when the next round began, and for the Y2 winter
  when the game ended (after the final settlement, LG-22: the final money). A game stopped
  early lists only the rounds it finished.
* ``winter_food_missing``: per seat, food cubes missing at the two winter feedings (LG-20.8).
* ``winter_heating_missing``: per seat, heating sticks missing at the two winter heatings
  (LG-20.9).
* ``winter_penalty``: per seat, dollars owed for them ($3 a missing cube or stick, LG-20.8,
  LG-20.9; paid by LG-21.4).
"""

from __future__ import annotations

import re

from .components import FOOD_PENALTY, HEAT_PENALTY, SEASONS

STATS = {
    "money_by_round": {"by": list(SEASONS), "per_seat": True, "doc": "money ($) at the end of each round (LG-4.1)"},
    "winter_food_missing": {"by": "seat", "doc": "food missing at the winter feedings (LG-20.8)"},
    "winter_heating_missing": {"by": "seat", "doc": "heating sticks missing in winter (LG-20.9)"},
    "winter_penalty": {"by": "seat", "doc": "winter penalties ($3 a missing cube or stick)"},
}
"""How each key is shown: ``by`` "seat" (a list per seat), or a list of labels with
``per_seat`` (a list of per-seat lists, one a label)."""

_FEED = re.compile(r"^P(\d+) feeds \d+ food, (\d+) missing$")
_HEAT = re.compile(r"^P(\d+) heats with \d+ sticks, (\d+) missing$")


def game_stats(state) -> dict:
    """The statistics of a finished (or stopped) Lignum game ``state`` (keys: module
    docstring). Replays ``state.record()`` on a new state; changes nothing.

    Raises:
        meeple.InvalidRecordError: the state's history does not replay (a re-sample's).
    """
    from ...core import replay

    n = state.num_players
    record = state.record()
    actions = record["actions"]
    probe = replay(dict(record, actions=[]))
    money = []
    for text in actions:
        before = probe.round
        probe.apply_action(text)
        if probe.round != before:
            money.append(list(probe.money))
    if probe.is_terminal() and len(money) < len(SEASONS):
        money.append(list(probe.money))
    food = [0] * n
    heat = [0] * n
    for line in state.events:
        m = _FEED.match(line)
        if m:
            food[int(m.group(1)) - 1] += int(m.group(2))
            continue
        m = _HEAT.match(line)
        if m:
            heat[int(m.group(1)) - 1] += int(m.group(2))
    return {
        "money_by_round": money,
        "winter_food_missing": food,
        "winter_heating_missing": heat,
        "winter_penalty": [FOOD_PENALTY * f + HEAT_PENALTY * h for f, h in zip(food, heat)],
    }
