"""Lignum SVG board speed (pytest-benchmark; not part of the test run): one render of a busy
4-player advanced mid-game position for the seat to act, as the web server does after each move.
Target (reported against, not a gate): a few ms per render.

Run: ``uv run pytest benchmarks/test_bench_svg_lignum.py --benchmark-only``.
"""

import xml.etree.ElementTree as ET

import meeple
from meeple.games.lignum.svg import render_svg


def test_lignum_render_svg(benchmark):
    game = meeple.load_game("lignum")
    s = game.new_initial_state(num_players=4, seed=1, variant="advanced")
    bots = [meeple.agents.make("greedy", seed=i) for i in range(4)]
    for _ in range(300):
        s.apply_action(bots[s.current_player].choose(s))
    seat = s.current_player
    obs, legal = s.observation(seat), [str(a) for a in s.legal_actions()]
    svg = benchmark(render_svg, obs, legal, [s.seat_name(i) for i in range(4)])
    assert ET.fromstring(svg).tag.endswith("svg")
