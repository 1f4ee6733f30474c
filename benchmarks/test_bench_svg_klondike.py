"""Speed of Klondike 1896's SVG board (pytest-benchmark; not part of the test run).

Run: ``uv run pytest benchmarks/test_bench_svg_klondike.py --benchmark-only``.
Target (reported against, not a gate): a few ms a drawing (it is rendered after every move
for every viewer). The seat to act is drawn with its legal actions (the placement picker is
the heaviest part: the square board's first claim has 100-200 placements).
"""

import pytest

import meeple
from meeple.games.klondike.svg import render_svg


def _position(variant: str, phase: str):
    s = meeple.load_game("klondike").new_initial_state(num_players=4, seed=3, variant=variant)
    bots = [meeple.agents.make("greedy", seed=i) for i in range(4)]
    while s.observation(None)["phase"] != phase:
        s.apply_action(bots[s.current_player].choose(s))
    return s


@pytest.mark.parametrize(
    "variant,phase", [("family", "auction"), ("family", "place"), ("square", "place"), ("race", "tick")]
)
def test_render_svg(benchmark, variant, phase):
    s = _position(variant, phase)
    obs = s.observation(s.current_player)
    legal = [str(a) for a in s.legal_actions()]
    names = [s.seat_name(i) for i in range(4)]
    svg = benchmark(lambda: render_svg(obs, legal, names))
    assert svg.startswith("<svg")
