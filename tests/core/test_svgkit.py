"""The shared SVG kit: hit areas, text sizes, escaping, layers (meeple.core.svgkit)."""

import re

from meeple.core.svgkit import MIN_HIT, MIN_TEXT, Canvas, esc


def test_a_small_legal_place_gets_a_hit_area_of_min_hit_units_centred_on_it():
    cv = Canvas(["go 3"])
    g = cv.place("go 3", 100, 100, 8, 8, "<circle/>", key="space-3")
    assert 'class="act"' in g and 'data-action="go 3"' in g and 'data-place="space-3"' in g
    hit = re.search(r'class="hit" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', g)
    assert [float(v) for v in hit.groups()] == [104 - MIN_HIT / 2, 104 - MIN_HIT / 2, MIN_HIT, MIN_HIT]


def test_a_place_whose_action_is_not_legal_is_drawn_but_not_clickable():
    cv = Canvas(["go 3"])
    g = cv.place("go 4", 0, 0, 40, 40, "<rect/>", key="space-4")
    assert "data-action" not in g and 'class="act"' not in g and 'data-place="space-4"' in g


def test_confirm_and_escaping():
    cv = Canvas(['say "<hi>"'])
    g = cv.place('say "<hi>"', 0, 0, 30, 30, confirm=True, title="a < b")
    assert 'data-action="say &quot;&lt;hi&gt;&quot;"' in g and 'data-confirm=""' in g
    assert "<title>a &lt; b</title>" in g
    assert esc("O'Neil & co") == "O&#39;Neil &amp; co"


def test_text_is_never_below_min_text_and_the_svg_is_one_unit_a_pixel():
    cv = Canvas()
    cv.add(cv.text(10, 20, "tiny", size=5))
    assert f'font-size="{MIN_TEXT}"' in cv.parts[0]
    out = cv.svg("a board", pad=0)
    assert 'viewBox="0 0 10 20" width="10" height="20"' in out and 'aria-label="a board"' in out


def test_layers_and_choosers():
    cv = Canvas()
    layer = cv.layer("rot-1", "rotation", "<g/>")
    assert 'data-layer="rot-1"' in layer and 'data-layer-group="rotation"' in layer and 'visibility="hidden"' in layer
    assert "visibility" not in cv.layer("rot-0", "rotation", "", shown=True)
    ch = cv.chooser("rot-1", 0, 0, 10, 10, title="Rotate")
    assert 'data-show-layer="rot-1"' in ch and f'width="{MIN_HIT}"' in ch
