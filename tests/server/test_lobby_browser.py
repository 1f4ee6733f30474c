"""Browser tests of the lobby (issue 44 part 5): Playwright drives Debian's Chromium against a
real ``meeple serve``, at 1366x768 and on a 390x844 phone with touch.

Skipped when /usr/bin/chromium is missing, unless MEEPLE_REQUIRE_BROWSER=1. Screenshots go to
``MEEPLE_SHOTS`` when set (a folder), else to the test's temporary folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from meeple.core import load_game

from .support import Server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
GAMES = ("magnum-sal", "lignum", "solomon", "klondike")
SIZES = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    },
}

if not CHROMIUM.exists() and os.environ.get("MEEPLE_REQUIRE_BROWSER") != "1":
    pytest.skip(
        "no /usr/bin/chromium (apt-get install chromium; MEEPLE_REQUIRE_BROWSER=1 makes this a failure)",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('lobby') / 'games.db'}").start()
    yield srv
    srv.kill()


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.fail("MEEPLE_REQUIRE_BROWSER=1 but /usr/bin/chromium is missing")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


class Pages:
    """New pages in their own browser contexts; every page error and console error is a
    failure at the end of the test."""

    def __init__(self, browser):
        self.browser = browser
        self.contexts = []
        self.errors = []

    def new(self, size: str = "laptop"):
        # bypass_csp: wait_for_function evaluates strings, which the pages' CSP forbids
        context = self.browser.new_context(**SIZES[size], bypass_csp=True)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on(
            "console",
            lambda m: (
                self.errors.append(m.text) if m.type == "error" and "Failed to load resource" not in m.text else None
            ),
        )
        return page

    def close(self):
        for c in self.contexts:
            c.close()


@pytest.fixture
def pages(browser):
    p = Pages(browser)
    yield p
    p.close()
    assert p.errors == [], p.errors


@pytest.fixture
def shots(tmp_path):
    folder = Path(os.environ.get("MEEPLE_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_lobby(page, server):
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector(".game-card")


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_lobby_shows_a_card_per_game_and_fits_the_screen(pages, server, shots, size):
    page = pages.new(size)
    open_lobby(page, server)
    cards = page.locator(".game-card")
    assert cards.count() >= 4
    for game in GAMES:
        card = page.locator(f"#card-{game}")
        assert card.locator("h2").inner_text() == load_game(game).title
        assert card.locator(".description").inner_text().strip()
        card.locator("img").scroll_into_view_if_needed()
        width = card.locator("img").evaluate("""(img) => img.complete && img.naturalWidth ? img.naturalWidth :
            new Promise((done) => { img.addEventListener("load", () => done(img.naturalWidth));
                                    setTimeout(() => done(img.naturalWidth), 15000); })""")
        assert width > 100  # the board picture (waited for: it may still be loading)
        assert card.locator("button.play-bots").inner_text() == "Play against bots"
    page.screenshot(path=str(shots / f"lobby-{size}.png"))
    page.screenshot(path=str(shots / f"lobby-{size}-full.png"), full_page=True)
    width = SIZES[size]["viewport"]["width"]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width  # no sideways scrolling
    small = page.evaluate("""() => [...document.querySelectorAll('button, a.button, select, input, summary')]
        .filter((e) => e.offsetParent !== null)
        .map((e) => [e.id || e.className || e.tagName, e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 24 || r.height < 24).map(([n, r]) => `${n} ${r.width}x${r.height}`)""")
    assert small == []  # WCAG 2.2 target size: every control at least 24x24 CSS px


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_play_against_bots_in_one_click_reaches_your_turn(pages, server, size):
    page = pages.new(size)
    open_lobby(page, server)
    page.fill("#my-name", "Anna")
    page.dispatch_event("#my-name", "change")
    page.locator("#card-solomon button.play-bots").click()
    page.wait_for_url("**/game/*?token=*")
    page.wait_for_selector("body[data-version]")
    page.wait_for_function("document.body.dataset.yourTurn === '1'", timeout=60_000)
    assert page.locator("#actions [data-action]").count() >= 1
    players = page.locator("#players").inner_text()
    assert "Anna (P1)" in players and "medium" in players  # the name typed, a medium bot
    page.goto(server.url + "/")  # the lobby lists it among your tables
    page.wait_for_selector("#my-games tbody tr a.button")
    assert "King Solomon's Treasury" in page.locator("#my-games").inner_text()


def test_the_set_up_shows_only_the_variants_options_and_no_json_box(pages, server):
    page = pages.new()
    open_lobby(page, server)
    for game in GAMES:
        g = load_game(game)
        page.locator(f"#card-{game} button.set-up").click()
        assert page.input_value("#game-select") == game
        for variant in g.variants:
            page.select_option("#variant-select", variant)
            shown = page.eval_on_selector_all("#options [data-option]", "xs => xs.map((x) => x.dataset.option)")
            per_seat = sorted(
                set(page.eval_on_selector_all("#seats [data-seat-option]", "xs => xs.map((x) => x.dataset.seatOption)"))
            )
            offered = [o.name for o in g.options if o.choices is None or len(o.choices) > 1]
            applies = [n for n in offered if g.view.option_applies(n, variant)]
            assert sorted(shown + per_seat) == sorted(applies), (game, variant)
            labels = page.eval_on_selector_all("#options .label", "xs => xs.map((x) => x.textContent)")
            assert labels == [g.view.option_text(n)[0] for n in shown]
            # controls that fit: checkboxes, selects and numbers; never a text box or a JSON text
            kinds = page.eval_on_selector_all(
                "#options [data-option]", "xs => xs.map((x) => x.tagName === 'SELECT' ? 'select' : x.type)"
            )
            assert set(kinds) <= {"checkbox", "select", "number"}, kinds
            assert page.locator("textarea").count() == 0
            values = page.eval_on_selector_all("#options input[type=number]", "xs => xs.map((x) => x.value)")
            assert not any(v.startswith(("[", "{")) for v in values)
    page.select_option("#game-select", "solomon")
    assert page.eval_on_selector_all("#variant-select option", "xs => xs.map((x) => x.value)") == [
        "standard",
        "children",
    ]
    page.select_option("#game-select", "klondike")
    page.select_option("#variant-select", "race")
    page.select_option("#players", "3")  # Klondike's children under eight: a checkbox on each seat (KL-39)
    assert page.locator("#seats input[data-seat-option='children']").count() == 3
    assert page.locator("#options [data-option='race_mode']").count() == 0  # one choice only: nothing to ask


def test_set_up_a_table_with_names_and_bot_levels_then_copy_the_links(pages, server, shots):
    page = pages.new()
    open_lobby(page, server)
    page.locator("#card-klondike button.set-up").click()
    page.select_option("#variant-select", "square")
    page.select_option("#players", "3")
    seat_kinds = page.eval_on_selector_all("#seats select[data-seat='0'] option", "xs => xs.map((x) => x.textContent)")
    assert seat_kinds[:4] == ["A person (gets a link)", "Bot: Easy", "Bot: Medium", "Bot: Hard"]
    page.select_option("#seats select[data-seat='1']", "human")
    page.select_option("#seats select[data-seat='2']", "hard")
    page.fill("#seats input.seat-name[data-seat='0']", "Anna")
    page.fill("#seats input.seat-name[data-seat='1']", "<i>Bob</i>")
    about = page.locator("#seats .seat[data-seat='2'] .seat-about").inner_text()
    assert about.startswith("Looks several moves ahead; it thinks at most about 3 s a turn")
    page.click("#bots-help summary")
    assert "Plays the move that looks best right now" in page.locator("#bot-levels").inner_text()
    page.locator("#new-game").screenshot(path=str(shots / "set-up-laptop.png"))
    page.click("#create")
    page.wait_for_selector("#links a.seat-link")
    rows = page.locator("#links tbody tr")
    assert rows.count() == 4  # Anna, Bob, the bot, the spectators
    assert page.locator("#links tbody tr").nth(1).locator("th .who").inner_text() == "<i>Bob</i> (P2)"  # shown as typed
    assert page.locator("#links i").count() == 0
    links = page.eval_on_selector_all("#links input.link", "xs => xs.map((x) => x.value)")
    assert len(links) == 3 and all(x.startswith(server.url + "/game/") for x in links)
    assert "token=" in links[0] and "token=" in links[1] and "token=" not in links[2]
    page.screenshot(path=str(shots / "table-ready-laptop.png"))
    page.click("#links a.seat-link[data-seat='1']")
    page.wait_for_selector("body[data-version]")
    assert "<i>Bob</i> (P2)" in page.locator("#players").inner_text()


def test_chat_reaches_a_spectator_escaped(pages, server, shots):
    player = pages.new()
    open_lobby(player, server)
    player.locator("#card-lignum button.play-bots").click()
    player.wait_for_selector("body[data-version]")
    player.wait_for_selector("#chat-form")
    player.wait_for_function("!document.querySelector('#chat-send').disabled")
    spectator = pages.new("phone")
    spectator.goto(player.url.split("?")[0])
    spectator.wait_for_selector("body[data-version]")
    spectator.wait_for_function("!document.querySelector('#chat-send').disabled")
    player.fill("#chat-input", "<b>x</b> good luck")
    player.click("#chat-send")
    spectator.wait_for_selector(".chat-message .chat-text")
    assert spectator.locator(".chat-message .chat-text").first.inner_text() == "<b>x</b> good luck"  # as typed
    assert spectator.locator("#chat-log b").count() == 0  # not made bold: escaped
    assert spectator.locator(".chat-message .chat-name").first.inner_text() == "P1"
    spectator.fill("#chat-input", "nice move")
    spectator.press("#chat-input", "Enter")
    player.wait_for_function("document.querySelectorAll('.chat-message').length === 2")
    assert player.locator(".chat-message.spectator .chat-name").inner_text() == "Spectator"
    assert player.locator(".chat-message.mine .chat-text").inner_text() == "<b>x</b> good luck"
    spectator.screenshot(path=str(shots / "chat-phone.png"))
    again = pages.new()  # the chat is stored with the game: a page opened later reads it
    again.goto(player.url.split("?")[0])
    again.wait_for_function("document.querySelectorAll('.chat-message').length === 2")


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_bad_game_link_shows_a_plain_page_with_the_way_back(pages, server, shots, size):
    page = pages.new(size)
    response = page.goto(server.url + "/game/no-such-game")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "There is no game at this link"
    assert "{" not in page.locator("body").inner_text()  # no raw JSON
    page.screenshot(path=str(shots / f"bad-link-{size}.png"))
    page.click("a.button:has-text('Go to the lobby')")
    page.wait_for_selector("body[data-ready='1'] .game-card")
    made = page.request.post(server.url + "/api/games", data={"game": "solomon", "seats": ["human", "easy"]}).json()
    response = page.goto(server.url + f"/game/{made['id']}?token=wrong")
    assert response.status == 403 and page.locator("h1").inner_text() == "This link does not open a seat"
    page.click("a.button:has-text('Watch the game')")
    page.wait_for_selector("body[data-version]")
    assert page.locator("#actions [data-action]").count() == 0
