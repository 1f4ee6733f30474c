"""Each game's own statistics (games/<pkg>/stats.py, game_stats): exact values on hand-made
event logs (counted here line by line), and on whole fixed games checked against the state
itself (orders done, claims laid, money, the scoring breakdown) or an independent replay."""

from __future__ import annotations

import pytest

import meeple
from meeple.agents import make
from meeple.games.klondike.stats import game_stats as kl_stats
from meeple.games.lignum.stats import game_stats as lg_stats
from meeple.games.magnum_sal import components as MC
from meeple.games.magnum_sal.stats import game_stats as ms_stats
from meeple.games.solomon.stats import game_stats as so_stats
from meeple.sim.gamestats import game_stats, stats_spec
from meeple.sim.runner import play_game


class Log:
    """A stand-in state: only what the event-reading statistics use."""

    def __init__(self, events, n=2, names=("orange", "black"), variant="family", **fields):
        self.events = events
        self.num_players = n
        self.variant = variant
        self._names = names
        self.__dict__.update(fields)

    def seat_name(self, s):
        return self._names[s]


def played(game, seed, bots=("greedy", "greedy"), variant=None):
    st = meeple.load_game(game).new_state(len(bots), seed, variant, None)
    agents = [make(b, 100 + i) for i, b in enumerate(bots)]
    while not st.is_terminal():
        st.apply_action(agents[st.current_player].choose(st))
    return st


def test_magnum_sal_counts_orders_by_phase_and_salt_by_level_from_the_log():
    log = Log(
        [
            "Magnum Sal, 2 players, variant standard; black starts",
            "Phase I begins; orders O1-6, O1-5, O1-3; workshop royal_privilege, food, cart",
            "orange extracts 1 brown, 2 green from I.R1; 3 miners tired; transport 0 groše",  # I: 3
            "black extracts 1 white from II.L2 using 1 pickaxe; 1 miner tired; transport 2 groše",  # II: 1
            "orange completes royal order O1-6 for 15 groše; O1-4 revealed",  # I: orange
            "black completes royal order O1-5 for 13 groše",  # I: black
            "orange sells a brown cube for 5 groše",  # not mined
            "Phase I ends",
            "Phase II begins; orders O2-1, O2-2, O2-3; workshop bucket, pickaxe, rope",
            "black extracts 2 brown, 1 green, 1 white from III.R2 using 1 pickaxe and 1 cart; 3 miners tired; transport 4 groše",  # III: 4
            "black completes royal order O2-2 for 20 groše",  # II: black
            "Safety cap: phase ends after 30 rounds (option max_rounds)",
            "Phase II ends",
            "Phase III begins; orders O3-1, O3-2, O3-3; workshop food, cart, rope",
        ]
    )
    assert ms_stats(log) == {
        "orders_by_phase": [2, 1, 0],
        "orders_by_seat": [1, 2],
        "salt_by_level": [3, 1, 4],
        "phases_capped": 1,
    }


def test_magnum_sal_on_a_whole_game_agrees_with_the_orders_done_and_a_replay_of_the_mine():
    st = played("magnum-sal", 5)
    got = ms_stats(st)
    assert got["orders_by_seat"] == [len(x) for x in st.orders_done]
    assert sum(got["orders_by_phase"]) == sum(len(x) for x in st.orders_done)
    # salt by level, independently: replay and watch each chamber's salt go down
    probe = meeple.replay(dict(st.record(), actions=[]))
    mined = {lvl: 0 for lvl in MC.TILES_BY_LEVEL}
    for text in st.history:
        before = [sum(row) for row in probe.csalt]
        probe.apply_action(text)
        for c, (b, a) in enumerate(zip(before, (sum(row) for row in probe.csalt))):
            if a < b:
                mined[MC.CHAMBER_LEVEL[c]] += b - a
    assert got["salt_by_level"] == list(mined.values())
    assert sum(got["salt_by_level"]) > 0


def test_lignum_winter_penalties_from_the_log_and_money_by_round_from_a_replay():
    log = Log(
        [
            "--- Y1 winter ---",
            "P2 feeds 3 food, 1 missing",
            "P1 feeds 4 food",
            "P1 heats with 0 sticks, 2 missing",
            "P2 heats with the chosen sticks",
            "--- Y2 winter ---",
            "P1 feeds 5 food, 2 missing",
            "P2 heats with 1 sticks, 4 missing",
        ],
        record=None,
    )
    log.record = lambda: {
        "game": "lignum",
        "version": 1,
        "rules": meeple.load_game("lignum").rules_edition,
        "num_players": 2,
        "variant": "basic",
        "options": {},
        "seed": 1,
        "actions": [],
    }
    got = lg_stats(log)
    assert got["winter_food_missing"] == [2, 1]
    assert got["winter_heating_missing"] == [2, 4]
    assert got["winter_penalty"] == [3 * 2 + 3 * 2, 3 * 1 + 3 * 4]
    assert got["money_by_round"] == []  # no round finished
    st = played("lignum", 5, ("random", "greedy", "greedy"))
    got = lg_stats(st)
    assert len(got["money_by_round"]) == 8 and all(len(r) == 3 for r in got["money_by_round"])
    assert got["money_by_round"][-1] == st.money == st.scores()  # the Y2 winter ends the game: final money
    missing = [e for e in st.events if "missing" in e and ("feeds" in e or "heats" in e)]
    assert sum(got["winter_food_missing"]) + sum(got["winter_heating_missing"]) == sum(
        int(e.split(", ")[-1].split()[0]) for e in missing
    )


def test_solomon_curse_and_item_majorities_are_those_of_the_scoring():
    st = played("solomon", 3)
    got = so_stats(st)
    final = [e for e in st.events if e.startswith("final P")]
    assert len(final) == 2
    for s, line in enumerate(
        final
    ):  # "final P1: 57 coins+treasures + 30 scrolls (3 sets) + 18 curse bonus (18 in curses) + 12 item bonus (2 items) = 117"
        assert f"{got['curse_bonus'][s]} curse bonus ({got['curses'][s]} in curses)" in line
        assert f"{got['item_bonus'][s]} item bonus ({got['items'][s]} item" in line
        assert f"{got['money'][s]} coins+treasures + {got['scroll_points'][s]} scrolls" in line
    assert [
        got["money"][s] + got["scroll_points"][s] + got["curse_bonus"][s] + got["item_bonus"][s] for s in range(2)
    ] == st.scores()


def test_klondike_route_length_gold_and_rubies_from_the_log():
    log = Log(
        [
            "P1 lays P5 and covers 5 gold, 1 ruby",
            "P2 lays O4 and covers 3 gold, 0 rubies",
            "P2 pays 2 rubies for P5",
            "P1 lays T4 and covers 6 gold, 2 rubies",
            "P2 reaches the goal",
        ],
        rubies=[4, 1],
        fresh=[1, 0],
        finished=[False, True],
    )
    assert kl_stats(log) == {
        "route_claims": [2, 1],
        "reached_goal": [0, 1],
        "gold_covered": [11, 3],
        "rubies_covered": [3, 0],
        "rubies": [5, 1],
    }
    race = Log(
        [
            "P2 covered 12 gold, 1 ruby: correct",
            "P1 covered 8 gold, 2 rubies: wrong",
            "P1 covered 29 gold, 3 rubies: correct",
        ],
        variant="race",
    )
    assert kl_stats(race) == {"correct_routes": [1, 1], "rubies_covered": [3, 1]}
    st = played("klondike", 5)
    got = kl_stats(st)
    assert got["route_claims"] == [len(c) for c in st.claims]
    assert got["reached_goal"] == [int(f) for f in st.finished]
    assert got["rubies"] == [st.rubies[s] + st.fresh[s] for s in range(2)]


@pytest.mark.parametrize("game", ["magnum-sal", "lignum", "solomon", "klondike"])
def test_play_game_keeps_the_statistics_and_every_key_is_documented(game):
    r = play_game(game, ["greedy", "random"], seed=2)
    spec = stats_spec(game)
    assert r.stats and set(r.stats) <= set(spec)
    for key, value in r.stats.items():
        by = spec[key]["by"]
        if by == "seat":
            assert isinstance(value, list) and len(value) == 2
        elif by is None:
            assert isinstance(value, (int, float))
        else:
            assert isinstance(value, list) and len(value) <= len(by)
    assert play_game(game, ["greedy", "random"], seed=2, stats=False).stats is None
    rows = r.rows()
    assert rows[0]["stats"] == rows[1]["stats"] and isinstance(rows[0]["stats"], str)


def test_a_game_without_a_stats_module_has_none():
    # the test game "toy" (tests/support/toy.py) has no stats.py beside it
    r = play_game("toy", ["random", "random"], seed=1)
    assert r.stats is None and stats_spec("toy") == {}
    assert r.rows()[0]["stats"] is None
    with pytest.raises(meeple.InvalidConfigError):
        game_stats("no-such-game", None)
