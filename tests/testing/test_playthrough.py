"""meeple.testing.playthrough on the test game: the text of a seeded game, the same each time,
with the parts a reader looks for (the bundled games' files: tests/games/test_playthroughs.py)."""

from __future__ import annotations

import meeple
from meeple.testing.playthrough import WIDTH, default_players, playthrough


def test_a_playthrough_shows_the_game_step_by_step_and_its_results():
    text = playthrough("toy", "standard", 3, seed=4, detailed=3)
    assert text == playthrough(meeple.load_game("toy"), "standard", 3, seed=4, detailed=3)
    assert text != playthrough("toy", "standard", 3, seed=5, detailed=3)
    lines = text.splitlines()
    assert (
        lines[0]
        == "meeple playthrough: Fifteen (test game) (toy), variant standard, 3 players, seed 4, rules edition 1"
    )
    assert "== actions 1 to 3: seat, notation, in words; the events it caused" in lines
    assert lines[lines.index("== actions 1 to 3: seat, notation, in words; the events it caused") + 1].startswith(
        "    1. Seat 0   "
    )
    assert any(line.startswith("== the end after ") for line in lines)
    assert lines[-4].startswith("scores:  ") and lines[-3].startswith("ranking: 1. ")
    assert lines[-2].startswith("returns: ")
    assert all(len(line) <= WIDTH for line in lines)


def test_default_players():
    assert default_players(meeple.load_game("toy")) == 3
    assert [default_players(meeple.load_game(g)) for g in ("klondike", "solomon")] == [3, 3]
