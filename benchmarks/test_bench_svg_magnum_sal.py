"""Speed of Magnum Sal's SVG board (pytest-benchmark; not part of the test run).

Run: ``uv run pytest benchmarks/test_bench_svg_magnum_sal.py --benchmark-only``.
Target (reported against, not a gate): a few ms per drawing, since the web server draws it
after every move for every viewer.
"""

from meeple.games.magnum_sal.svg import render_svg
from meeple.sim.bench import mid_game_state


def test_render_svg_mid_game_seat_to_act(benchmark):
    state = mid_game_state("magnum-sal", 4, 3)
    seat = state.current_player
    obs = state.observation(seat)
    legal = [str(a) for a in state.legal_actions()]
    names = [state.seat_name(p) for p in range(state.num_players)]
    text = benchmark(render_svg, obs, legal, names)
    assert text.startswith("<svg") and text.endswith("</svg>") and obs["game"] == "magnum-sal"
