"""Per-game statistics of Klondike for balance studies (``meeple report``), computed off the
hot path from a finished game's event log (``State.events``) and end state.

Keys of :func:`game_stats` (the ``STATS`` table says how ``meeple report`` shows each), all
per seat. The family game (KL-10 .. KL-21):

* ``route_claims``: claims laid on the seat's route (KL-2, KL-17): the route's length.
* ``reached_goal``: 1 if the route was completed (the family game's goal, KL-18; the
  square board's, KL-21), else 0.
* ``gold_covered`` / ``rubies_covered``: gold and rubies the route's claims covered (KL-17).
* ``rubies``: rubies held at the end, fresh ones included (KL-20's tie-break).

The race (game 2, KL-30 ..):

* ``correct_routes``: rounds whose route the seat built correctly (KL-33).
* ``rubies_covered``: rubies covered by those correct routes.
"""

from __future__ import annotations

import re

STATS = {
    "route_claims": {"by": "seat", "doc": "claims laid: the route's length (KL-2)"},
    "reached_goal": {"by": "seat", "doc": "1 if the route was completed (KL-18, KL-21)"},
    "gold_covered": {"by": "seat", "doc": "gold covered by the route (KL-17)"},
    "rubies_covered": {"by": "seat", "doc": "rubies covered by the route (KL-17; race: correct routes)"},
    "rubies": {"by": "seat", "doc": "rubies held at the end (KL-20)"},
    "correct_routes": {"by": "seat", "doc": "race: rounds with a correct route (KL-33)"},
}
"""How each key is shown: ``by`` "seat": a list per seat (a key is absent where the variant
has no such thing)."""

_LAY = re.compile(r"^P(\d+) lays \S+ and covers (\d+) gold, (\d+) rub(?:y|ies)$")
_RACE = re.compile(r"^P(\d+) covered \d+ gold, (\d+) rub(?:y|ies): correct$")


def game_stats(state) -> dict:
    """The statistics of a finished (or stopped) Klondike game ``state`` (keys: module
    docstring; the race has ``correct_routes`` and ``rubies_covered`` only); changes nothing."""
    n = state.num_players
    if state.variant == "race":
        routes, rubies = [0] * n, [0] * n
        for line in state.events:
            m = _RACE.match(line)
            if m:
                routes[int(m.group(1)) - 1] += 1
                rubies[int(m.group(1)) - 1] += int(m.group(2))
        return {"correct_routes": routes, "rubies_covered": rubies}
    claims, gold, rubies = [0] * n, [0] * n, [0] * n
    for line in state.events:
        m = _LAY.match(line)
        if m:
            s = int(m.group(1)) - 1
            claims[s] += 1
            gold[s] += int(m.group(2))
            rubies[s] += int(m.group(3))
    return {
        "route_claims": claims,
        "reached_goal": [int(bool(f)) for f in state.finished],
        "gold_covered": gold,
        "rubies_covered": rubies,
        "rubies": [state.rubies[s] + state.fresh[s] for s in range(n)],
    }
