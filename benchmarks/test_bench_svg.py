"""Speed of every game's SVG board (pytest-benchmark; not part of the test run): one drawing of
a mid-game position for the seat to act, as the web server draws it after every move for every
viewer. Target (reported against, not a gate): a few ms a drawing. Klondike's heaviest phases
are in test_bench_svg_klondike.py.

Run: ``uv run pytest benchmarks/test_bench_svg.py --benchmark-only``.
"""

import importlib
import xml.etree.ElementTree as ET

import pytest

from meeple.sim.bench import mid_game_state


@pytest.mark.parametrize("game,players", [("magnum-sal", 4), ("lignum", 4), ("solomon", 5), ("klondike", 4)])
def test_render_svg_mid_game_seat_to_act(benchmark, game, players):
    render_svg = importlib.import_module(f"meeple.games.{game.replace('-', '_')}.svg").render_svg
    state = mid_game_state(game, players, 3)
    obs = state.observation(state.current_player)
    legal = [str(a) for a in state.legal_actions()]
    names = [state.seat_name(p) for p in range(state.num_players)]
    svg = benchmark(render_svg, obs, legal, names)
    assert ET.fromstring(svg).tag.endswith("svg") and obs["game"] == game
