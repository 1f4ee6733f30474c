"""The game page in a real browser (issue 44, part 7): Playwright drives Debian's Chromium
against a real ``meeple serve`` at 390x844 with touch (a phone) and at 1366x768.

Games are created through the HTTP API (the lobby is tested in test_browser.py), and the
page is opened with ``&pace=0`` (bot decisions shown as fast as they come) except where the
pacing itself is tested. Every page records console errors and uncaught exceptions; a test
fails if there is any.
"""

from __future__ import annotations

import random
import re

import httpx2
import pytest

import meeple
from meeple.core.view import View

from .support import Server
from .test_browser import ARGS, CHROMIUM  # skips this module without Chromium, as there

GAMES = ["magnum-sal", "lignum", "solomon", "klondike"]
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
LAPTOP = dict(viewport={"width": 1366, "height": 768})
SIZES = {"phone": PHONE, "laptop": LAPTOP}
RULE_ID = re.compile(r"\b(MS|LG|SO|KL)-\d")


def has_words(game: str) -> bool:
    """Whether the game's view gives actions labels in words (it overrides ``action_label``)."""
    return type(meeple.load_game(game).view).action_label is not View.action_label


def draws_with_svgkit(game: str) -> bool:
    """Whether the game's board marks its places with svgkit hit areas (>= 28 units)."""
    g = meeple.load_game(game)
    s = g.new_state(num_players=2, seed=1)
    svg = g.view.board_svg(s.observation(0), [a.text for a in s.legal_actions()], ["a", "b"], 0) or ""
    return 'class="hit"' in svg


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('page') / 'games.db'}").start()
    yield srv
    srv.kill()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


class Pages:
    """Opens pages in fresh contexts and collects their console errors."""

    def __init__(self, browser):
        self.browser = browser
        self.contexts = []
        self.errors: list[str] = []

    def open(self, url: str, size: str = "laptop", **options):
        # bypass_csp: wait_for_function evaluates strings, which the pages' CSP forbids
        # (test_browser.py::test_the_pages_keep_their_content_security_policy checks without it)
        ctx = self.browser.new_context(**SIZES[size], bypass_csp=True, **options)
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.goto(url)
        page.wait_for_selector("body[data-connected='1']", timeout=30_000)
        return page


@pytest.fixture
def pages(browser):
    p = Pages(browser)
    yield p
    for c in p.contexts:
        c.close()
    assert p.errors == [], p.errors


def create(server, game: str, variant: str | None = None, seed: int = 5, bot: str = "easy", pace: bool = False) -> str:
    """A game of a person (seat 1) against ``bot``; the person's link."""
    config = {"game": game, "seed": seed, "seats": ["human", bot]}
    if variant:
        config["variant"] = variant
    made = httpx2.post(server.url + "/api/games", json=config, timeout=30).json()
    return server.url + made["seats"][0]["link"] + ("" if pace else "&pace=0")


def wait_live(page) -> bool:
    """Wait until the person may act (True) or the game is over (False)."""
    page.wait_for_function(
        "document.body.dataset.live === '1' || document.body.dataset.terminal === '1'", timeout=90_000
    )
    return page.evaluate("document.body.dataset.terminal") != "1"


def small_targets(page, board: bool = True) -> list:
    """Every visible ``[data-action]`` smaller than 24x24 CSS px: ``[(action, w, h)]``
    (``board``: the board's places too, else the rest of the page only)."""
    return page.evaluate(
        """(board) => [...document.querySelectorAll('[data-action]')]
        .filter((e) => board || !e.closest('#board'))
        .filter((e) => e.checkVisibility({visibilityProperty: true}))
        .map((e) => [e.dataset.action, e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 24 || r.height < 24)
        .map(([a, r]) => [a, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10])""",
        board,
    )


def tap_board(page, rng: random.Random, touch: bool) -> bool:
    """Tap (or click) a random live board place, confirming a two-step one; False if the
    board has none now. A board drawn again under the finger (a bot's paced move, a forced
    step) is read again and another place chosen, as a person would look again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _attempt in range(5):
        places = page.locator("#board .act[data-action]")
        n = places.count()
        if not n:
            return False
        version = page.evaluate("document.body.dataset.version")
        place = places.nth(rng.randrange(n))
        try:
            reveal(page, place, touch)
            confirm = place.get_attribute("data-confirm", timeout=5_000) is not None
            place.focus(timeout=5_000)  # the board pans to a focused place, as for the keyboard
            (place.tap if touch else place.click)(timeout=5_000)
            if confirm:
                page.locator("#confirm-yes").click(timeout=5_000)
        except PlaywrightTimeout:
            if page.evaluate("document.body.dataset.version") != version:
                return True  # the game moved on meanwhile (the tap counted, or a forced step)
            continue
        page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=60_000)
        return True
    raise AssertionError("no board place could be tapped in five tries")


def reveal(page, element, touch: bool, depth: int = 0) -> None:
    """Show the layer a place is drawn in, as a person would: tap the chooser of its layer
    (``data-show-layer``), first revealing the chooser's own layer if that is hidden too."""
    name = element.evaluate("""(el) => { const l = el.closest('[data-layer]');
        return l && getComputedStyle(l).visibility === 'hidden' ? l.dataset.layer : null; }""")
    if name is None or depth > 3:
        return
    chooser = page.locator(f'#board [data-show-layer="{name}"]').first
    reveal(page, chooser, touch, depth + 1)
    chooser.focus(timeout=5_000)
    (chooser.tap if touch else chooser.click)(timeout=5_000)


def tap_list(page, rng: random.Random) -> str:
    version = page.evaluate("document.body.dataset.version")
    buttons = page.locator("#actions button[data-action]")
    b = buttons.nth(rng.randrange(buttons.count()))
    action = b.get_attribute("data-action")
    b.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=60_000)
    return action


# ------------------------------------------------------------------ targets and words
@pytest.mark.parametrize("game", GAMES)
def test_every_visible_target_is_at_least_24_px_on_the_phone(pages, server, game):
    """WCAG 2.2 target size at 390x844 with touch, at the start and over several decisions:
    the action list and the board tools always; the board's places for the drawings made
    with the svgkit (hit areas of 28 units at actual size)."""
    page = pages.open(create(server, game), "phone")
    board_too = draws_with_svgkit(game)
    rng = random.Random(1)
    for _ in range(4):
        if not wait_live(page):
            break
        small = small_targets(page, board=board_too)
        assert small == [], small
        for sel in ["#zoom-in", "#zoom-out", "#zoom-fit", "#zoom-real", "#rules-open", "#sound"]:
            box = page.locator(sel).bounding_box()
            assert box["width"] >= 24 and box["height"] >= 24, sel
        if not (board_too and tap_board(page, rng, touch=True)):
            tap_list(page, rng)


@pytest.mark.parametrize("size", ["phone", "laptop"])
@pytest.mark.parametrize(
    "game",
    [g for g in GAMES if has_words(g)]
    or [pytest.param("none", marks=pytest.mark.skip(reason="no game's view has labels in words yet"))],
)
def test_listed_actions_are_labelled_in_words(pages, server, game, size):
    page = pages.open(create(server, game), size)
    rng = random.Random(2)
    for _ in range(4):
        if not wait_live(page):
            break
        rows = page.evaluate("""() => [...document.querySelectorAll('#actions [data-action]')]
            .map((b) => [b.dataset.action, b.textContent.trim()])""")
        assert rows
        for action, label in rows:
            assert label != action and not RULE_ID.search(label) and label[0].isupper(), (action, label)
        assert len({label for _a, label in rows}) == len(rows)
        tap_list(page, rng)


def test_labels_help_and_notation_in_the_list(pages, server):
    """Each listed button shows the payload's label; the notation is its data-action and its
    tooltip; an action with help has a '?' that shows it."""
    page = pages.open(create(server, "magnum-sal"))
    assert wait_live(page)
    payload = httpx2.get(
        server.url + "/api/games/" + page.url.split("/game/")[1].split("?")[0],
        params={"token": page.url.split("token=")[1].split("&")[0]},
    ).json()
    buttons = page.locator("#actions button[data-action]")
    assert buttons.count() == len(payload["legal"]) == 13
    for i, entry in enumerate(payload["legal"]):
        b = buttons.nth(i)
        assert b.get_attribute("data-action") == entry["action"] and b.get_attribute("title") == entry["action"]
        assert b.inner_text().startswith(entry["label"])
    assert page.locator("#turn").inner_text() == payload["status"]
    assert page.evaluate("document.title").startswith("▶ Your turn")


# ----------------------------------------------------------------------- whole games
@pytest.mark.parametrize(
    "game, variant, size", [("magnum-sal", "standard", "phone"), ("solomon", "standard", "laptop")]
)
def test_a_whole_game_by_tapping_board_places(pages, server, game, variant, size):
    """A whole game to its ranking against the easy bot, every decision taken on the board
    when the board has a place for it; only when no legal action has a place (Magnum Sal's
    lone 'done', Solomon's lone 'decline' or 'back') is the list tapped, and those are
    counted: at most one decision in four."""
    page = pages.open(create(server, game, variant, seed=3), size)
    rng = random.Random(3)
    board, listed = 0, []
    while wait_live(page):
        if tap_board(page, rng, touch=size == "phone"):
            board += 1
            continue
        # live, but the page may still be drawing this decision's places and buttons
        page.wait_for_selector("#actions button[data-action], #board .act[data-action]", timeout=30_000)
        if tap_board(page, rng, touch=size == "phone"):
            board += 1
        else:
            listed.append(tap_list(page, rng))
        assert board + len(listed) < 600
    page.wait_for_selector("#final:not([hidden])")
    assert page.locator("#ranking li").count() == 2
    assert page.locator("#turn").inner_text().startswith("Game over:")
    assert page.locator("#actions button[data-action]").count() == 0
    assert board >= 10 and len(listed) <= board // 4, (board, listed)
    print(f"{game}: {board} decisions on the board, {len(listed)} in the list: {sorted(set(listed))}")


# ------------------------------------------------------------------------- feedback
def test_a_forced_step_is_taken_with_a_notice(pages, server):
    """Magnum Sal seed 5: 'place' leaves one choice, then one more (MS-7): the page says so."""
    page = pages.open(create(server, "magnum-sal", seed=5))
    assert wait_live(page)
    page.click("#actions button[data-action='place']")
    page.wait_for_selector("#notice:not([hidden])")
    assert page.locator("#notice").inner_text().startswith("Only one choice, taken for you: ")
    assert "had one choice, taken for them" in page.locator("#log").inner_text()


def test_log_numbers_events_only_and_colours_seat_names(pages, server):
    page = pages.open(create(server, "magnum-sal", seed=5))
    assert wait_live(page)
    page.click("#actions button[data-action='place']")
    page.wait_for_selector("#log li.note")
    assert wait_live(page)
    values = page.evaluate("[...document.querySelectorAll('#log li:not(.note)')].map((li) => li.value)")
    assert values == list(range(1, len(values) + 1))
    colour = page.evaluate("getComputedStyle(document.querySelector('#log .seat-name')).color")
    assert colour in {"rgb(230, 81, 0)", "rgb(34, 34, 34)"}  # orange and black, as the seats are named


def test_bot_decisions_are_shown_one_by_one(pages, server):
    """Without ?pace=0 each bot decision stays on screen a moment while the page keeps up, in
    order; once the person's turn is in, the page jumps to it (issue 45: the pacing never keeps
    a person waiting) and the log still lists every decision, the bots' lines highlighted."""
    page = pages.open(create(server, "lignum", seed=4, pace=True))
    page.evaluate("""() => { window.seen = [document.body.dataset.version];
        new MutationObserver(() => window.seen.push(document.body.dataset.version))
          .observe(document.body, {attributes: true, attributeFilter: ['data-version']}); }""")
    rng = random.Random(4)
    for _ in range(6):
        assert wait_live(page)
        tap_list(page, rng)
    assert wait_live(page)
    seen = [int(v) for v in dict.fromkeys(page.evaluate("window.seen"))]
    assert seen == sorted(seen) and len(seen) > 6  # never out of order
    gid = page.url.split("/game/")[1].split("?")[0]
    token = page.url.split("token=")[1].split("&")[0]
    payload = httpx2.get(server.url + "/api/games/" + gid, params={"token": token}).json()
    assert seen[-1] == payload["version"]  # the newest state is shown
    assert page.locator("#log li:not(.note)").count() == len(payload["events"])  # every decision logged
    assert page.locator("#log li.fresh").count() >= 1


def test_keyboard_plays_a_board_place(pages, server):
    page = pages.open(create(server, "magnum-sal", seed=5))
    assert wait_live(page)
    place = page.locator("#board .act[data-action]").first
    assert place.get_attribute("role") == "button" and place.get_attribute("tabindex") == "0"
    assert place.get_attribute("aria-label")
    version = page.evaluate("document.body.dataset.version")
    place.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")


def test_zoom_buttons_and_actual_size(pages, server):
    page = pages.open(create(server, "klondike"), "phone")
    assert wait_live(page)
    width = lambda: page.locator("#board > svg").bounding_box()["width"]  # noqa: E731
    svg_w = float(page.locator("#board > svg").get_attribute("width"))
    assert abs(width() - svg_w) < 1  # 1 SVG unit = 1 CSS px at first
    page.click("#zoom-fit")
    assert abs(width() - page.locator("#board-view").bounding_box()["width"]) < 2
    page.click("#zoom-real")
    assert abs(width() - svg_w) < 1


# ------------------------------------------------------------- svgkit conventions
def synthetic_board(legal: list[str], piece_x: int) -> str:
    """A board drawn with the svgkit on the page's real legal actions: a two-step place with a
    ghost preview (key "inn"), a chooser and its layer holding another place, and a piece."""
    from meeple.core.svgkit import Canvas

    cv = Canvas(legal)
    cv.add(cv.rect(0, 0, 360, 240, fill="#f3ead7"))
    ghost = f'<g class="ghost">{cv.rect(80, 20, 40, 40, fill="#2e7d32")}</g>'
    cv.add(cv.place(legal[1], 20, 20, 40, 40, cv.rect(20, 20, 40, 40, fill="#c62828") + ghost, confirm=True, key="inn"))
    cv.add(cv.chooser("tile-a", 200, 20, 30, 30, cv.rect(200, 20, 30, 30, fill="#1565c0"), title="Tile a"))
    cv.add(cv.layer("tile-a", "tiles", cv.place(legal[2], 200, 100, 30, 30, cv.rect(200, 100, 30, 30), key="target")))
    cv.add(cv.layer("tile-b", "tiles", cv.rect(260, 100, 30, 30, fill="#6a1b9a"), shown=True))
    cv.add(f'<g data-piece="miner-1">{cv.rect(piece_x, 180, 20, 20, fill="#222")}</g>')
    return cv.svg("a test board")


DRAW = """async ([svg, hl]) => {
    const m = await import('/static/board.js');
    const legal = [...document.querySelectorAll('#actions button[data-action]')]
      .map((b) => ({action: b.dataset.action, label: b.textContent.trim()}));
    m.drawBoard({board: svg, legal, highlights: [hl, []], seat_colours: ['#e65100', '#222222']}, true);
}"""


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_confirm_layers_highlights_on_an_svgkit_board(pages, server, size):
    """The client side of the svgkit conventions, on a board drawn with the kit around the
    page's real legal actions (Magnum Sal seed 5)."""
    page = pages.open(create(server, "magnum-sal", seed=5), size)
    assert wait_live(page)
    legal = page.evaluate("[...document.querySelectorAll('#actions button[data-action]')].map((b) => b.dataset.action)")
    page.evaluate(DRAW, [synthetic_board(legal, 10), ["inn"]])
    inn = page.locator("#board [data-place='inn']")
    assert "hl" in inn.get_attribute("class") and "--hl: #e65100" in inn.get_attribute("style")
    assert inn.get_attribute("aria-label").endswith("(tap again to confirm)")
    ghost = page.locator("#board .ghost")
    assert not ghost.is_visible()
    version = page.evaluate("document.body.dataset.version")
    (inn.tap if size == "phone" else inn.click)()
    assert page.locator("#confirm-bar").is_visible() and ghost.is_visible()
    label = page.locator(f"#actions button[data-action='{legal[1]}']").inner_text().strip()
    assert page.locator("#confirm-label").inner_text().strip().startswith(label)
    assert page.evaluate("document.body.dataset.version") == version  # nothing played yet
    page.click("#confirm-no")
    assert page.locator("#confirm-bar").is_hidden() and "selected" not in inn.get_attribute("class")
    # a chooser shows its layer and hides the others of its group
    assert page.locator("#board [data-layer='tile-a']").get_attribute("visibility") == "hidden"
    page.locator("#board .choose").click()
    assert page.locator("#board [data-layer='tile-a']").get_attribute("visibility") == "visible"
    assert page.locator("#board [data-layer='tile-b']").get_attribute("visibility") == "hidden"
    assert page.locator("#board [data-layer='tile-a'] .act").is_visible()
    # the place's second tap plays it (its hit area: the preview shown widens the group)
    inn.locator(".hit").click()
    inn.locator(".hit").click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_pieces_slide_unless_reduced_motion(pages, server, motion):
    page = pages.open(create(server, "magnum-sal", seed=5), reduced_motion=motion)
    assert wait_live(page)
    legal = page.evaluate("[...document.querySelectorAll('#actions button[data-action]')].map((b) => b.dataset.action)")
    page.evaluate(DRAW, [synthetic_board(legal, 10), []])
    page.evaluate(DRAW, [synthetic_board(legal, 200), []])
    moving = page.evaluate(
        "document.getAnimations().filter((a) => a.effect && a.effect.target && a.effect.target.closest('[data-piece]')).length"
    )
    assert moving == (0 if motion == "reduce" else 1)


# -------------------------------------------------------------------------- rules
def test_the_rules_panel_opens_at_a_linked_rule_id(pages, server):
    """Lignum's set-up line in the log names LG-3.8: its link opens the panel there."""
    page = pages.open(create(server, "lignum"))
    link = page.locator("#log a.rule[data-rule='LG-3.8']").first
    link.click()
    page.wait_for_selector("#rules-panel:not([hidden]) .target")
    assert page.locator("#rules-panel").get_attribute("data-at") == "LG-3.8"
    target = page.locator("#rules-body .target")
    assert "LG-3.8" in target.inner_text()
    assert target.is_visible()
    panel, box = page.locator("#rules-body").bounding_box(), target.bounding_box()
    assert panel["y"] - 1 <= box["y"] <= panel["y"] + panel["height"]
    page.keyboard.press("Escape")
    assert page.locator("#rules-panel").is_hidden()
    page.click("#rules-open")
    page.wait_for_selector("#rules-panel:not([hidden]) section.rule-section")
    assert page.locator("#rules-title").inner_text() == "Rules of Lignum"


# --------------------------------------------------------------------- disconnected
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_disconnected_while_the_server_is_stopped(pages, tmp_path, size):
    srv = Server(f"sqlite:///{tmp_path / 'games.db'}").start()
    try:
        page = pages.open(create(srv, "magnum-sal", seed=5), size)
        assert wait_live(page)
        assert page.locator("#offline").is_hidden()
        version = page.evaluate("document.body.dataset.version")
        srv.kill()
        page.wait_for_selector("body[data-connected='0']")
        assert page.locator("#offline").is_visible()
        assert page.locator("#offline").inner_text().startswith("Disconnected - trying to reconnect")
        assert page.locator("#actions button[data-action]:not([disabled])").count() == 0
        assert page.evaluate("document.body.dataset.live") == "0"
        board = page.locator("#board .act[data-action]")
        assert board.count() and board.count() == page.locator("#board .act[aria-disabled='true']").count()
        board.first.click(force=True)
        page.wait_for_timeout(300)
        assert page.evaluate("document.body.dataset.version") == version
        srv.start()
        page.wait_for_selector("body[data-connected='1'][data-live='1']", timeout=30_000)
        # the browser itself logs each refused reconnection attempt; nothing else may appear
        pages.errors[:] = [e for e in pages.errors if not re.search(r"WebSocket connection to .* failed", e)]
        assert page.locator("#offline").is_hidden()
        assert page.locator("#actions button[data-action]:not([disabled])").count() == 13
    finally:
        srv.kill()
