"""The view seam (meeple.core.view): every game declares its view, and its rules load by id."""

from pathlib import Path

import pytest

import meeple
from meeple.core import View
from meeple.core.view import parse_rules

SHARED = Path(__file__).resolve().parents[3] / "shared" / "games"
FOLDER = {"magnum-sal": "magnum_sal", "lignum": "lignum", "solomon": "solomon", "klondike": "klondike"}


@pytest.mark.parametrize("name", sorted(FOLDER))
def test_every_game_declares_its_own_view(name):
    game = meeple.load_game(name)
    assert isinstance(game.view, View) and type(game.view) is not View
    assert game.view is game.view  # made once
    assert game.view.game is game


@pytest.mark.parametrize(
    "name, rule_id, section, title_word",
    [
        ("lignum", "LG-19.3", "LG-19", "hut"),
        ("klondike", "KL-21.3", "KL-21", ""),
        ("magnum-sal", "MS-8.1", "MS-8", "chain"),
        ("solomon", "SO-4.2", "SO-4", "Round"),
    ],
)
def test_a_rule_id_finds_the_section_that_defines_it(name, rule_id, section, title_word):
    view = meeple.load_game(name).view
    found = view.rule(rule_id)
    assert found is not None and found.id == section
    assert rule_id in found.ids
    assert title_word.lower() in found.title.lower()
    assert rule_id in found.text
    assert view.rule(rule_id.split("-")[0] + "-999") is None


@pytest.mark.parametrize("name", sorted(FOLDER))
def test_packaged_rules_are_the_spec(name):
    spec = SHARED / FOLDER[name] / "RULES.md"
    if not spec.exists():
        pytest.skip("no shared/ beside the repository")
    packaged = Path(meeple.load_game(name).package.replace(".", "/"))
    text = (Path(meeple.__file__).parents[1] / packaged / "RULES.md").read_text(encoding="utf-8")
    assert text == spec.read_text(encoding="utf-8")


def test_parse_rules_sections_ids_and_sub_ids():
    md = "# Title\nintro\n## About 1\n## LG-2 Setup\ntext\n* **LG-2.1** first\n* **LG-2.2** second\n### LG-2.3 Deeper\nmore\n"
    sections = parse_rules(md)
    assert [s.id for s in sections] == ["title", "about-1", "LG-2", "LG-2.3"]
    setup = sections[2]
    assert setup.title == "Setup" and setup.level == 2
    assert setup.ids == ("LG-2", "LG-2.1", "LG-2.2")
    assert sections[3].text == "more"
