"""``meeple games`` and ``meeple rules``."""

from __future__ import annotations

from tests.cli.helpers import BUNDLED, run


def test_games_lists_every_game():
    r = run("games")
    assert r.exit_code == 0
    for name in BUNDLED:
        assert name in r.output


def test_rules_text_reflows_to_the_terminal_width():
    from meeple.cli.common import reflow

    assert (
        reflow("one two\nthree\n\n(1) first\n(2) second\n- item\nmore")
        == "one two three\n\n(1) first\n(2) second\n- item more"
    )
    r = run("rules", "magnum-sal")
    first = r.output.split("\n\n")[0].splitlines()
    assert len(first) >= 3 and all(len(line) >= 60 for line in first[:-1])  # wrapped by width, not at 98


def test_games_lists_an_options_choices_and_names_no_internal_attribute():
    """'meeple games' gives the values a choice option takes (unless its help names them all)
    and sends the reader to 'meeple rules GAME', not to an attribute of the code."""
    r = run("games")
    assert r.exit_code == 0
    text = " ".join(r.output.split())
    assert "(KL-14.3); one of: both_edges, one_edge_per_tile" in text
    assert "random, choose or identical (KL-10.2)" in text and "one of: random" not in text
    assert "rules_help" not in text and "see 'meeple rules magnum-sal'" in text
