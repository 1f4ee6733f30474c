"""Browser tests: Playwright drives Debian's Chromium against a real ``meeple serve``.

Skipped when /usr/bin/chromium is missing, unless MEEPLE_REQUIRE_BROWSER=1 (CI), which makes
a missing browser a failure. ``playwright install`` is never needed: the system Chromium is used.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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

if not CHROMIUM.exists() and os.environ.get("MEEPLE_REQUIRE_BROWSER") != "1":
    pytest.skip(
        "no /usr/bin/chromium (apt-get install chromium; MEEPLE_REQUIRE_BROWSER=1 makes this a failure)",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('web') / 'games.db'}").start()
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


@pytest.fixture
def page(browser):
    # bypass_csp: Playwright's wait_for_function evaluates strings, which the pages' CSP
    # forbids; test_the_pages_keep_their_content_security_policy checks the pages without it
    context = browser.new_context(viewport={"width": 1400, "height": 900}, bypass_csp=True)
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert errors == [], errors


def new_game(page, server, game: str, variant: str | None = None, bot: str = "easy") -> None:
    """In the lobby: choose the game, a person on seat 1 and ``bot`` on seat 2, create, open
    seat 1's link."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", game)
    if variant:
        page.select_option("#variant-select", variant)
    page.select_option("#players", "2")
    page.select_option("#seats select[data-seat='0']", "human")
    page.select_option("#seats select[data-seat='1']", bot)
    page.click("#create")
    page.wait_for_selector("#links a.seat-link")
    assert page.locator("#links input.link").count() == 2  # seat 1 and the spectators
    page.click("#links a.seat-link[data-seat='0']")
    page.wait_for_selector("body[data-version]")
    page.goto(page.url + "&pace=0")  # bot decisions shown as they come (test_game_page tests the pacing)
    page.wait_for_selector("body[data-connected='1']")


def wait_turn(page) -> bool:
    """Wait until it is our turn (True) or the game is over (False)."""
    page.wait_for_function(
        "document.body.dataset.live === '1' || document.body.dataset.terminal === '1'", timeout=60_000
    )
    return page.evaluate("document.body.dataset.terminal") != "1"


def click_action(page) -> None:
    """Click a legal action: on the board where one has a place there, else the list's first."""
    version = page.evaluate("document.body.dataset.version")
    board = page.locator("#board [data-action]")
    target = board.first if board.count() else page.locator("#actions button[data-action]").first
    confirm = target.get_attribute("data-confirm") is not None
    target.focus()  # the board pans to a focused place
    target.click()
    if confirm:
        page.click("#confirm-yes")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=60_000)


@pytest.mark.parametrize("game", ["magnum-sal", "lignum", "solomon", "klondike"])
def test_create_a_game_with_a_bot_and_play_by_clicking(page, server, game):
    new_game(page, server, game)
    assert page.locator("#board").inner_html().strip()
    start = int(page.evaluate("document.body.dataset.version"))
    for _ in range(3):
        if not wait_turn(page):
            break
        assert page.evaluate("document.body.dataset.yourTurn") == "1"
        click_action(page)
    assert int(page.evaluate("document.body.dataset.version")) >= start + 3
    assert page.locator("#log li").count() >= 1
    assert page.locator("#players tbody tr").count() == 3  # header + 2 seats
    page.goto(server.url + "/")  # the lobby lists the game among 'your games'
    page.wait_for_selector("#my-games tbody tr a.button")
    assert page.locator("#my-games tbody tr").count() >= 1


def test_a_whole_game_of_klondike_square_against_the_greedy_bot(page, server):
    new_game(page, server, "klondike", "square", bot="greedy")
    clicks = 0
    while wait_turn(page):
        click_action(page)
        clicks += 1
        assert clicks < 200
    assert clicks >= 5
    page.wait_for_selector("#final:not([hidden])")
    assert page.locator("#ranking li").count() == 2
    assert page.locator("#turn").inner_text().startswith("Game over:")
    assert page.locator("#actions button[data-action]").count() == 0
    assert not page.locator("#undo").is_visible()


def test_undo_takes_back_a_decision_of_this_turn(page, server):
    """Magnum Sal seed 5, P1 starts: 'market' leaves P1 three choices (sell, buy): undo."""
    import httpx2

    made = httpx2.post(
        server.url + "/api/games", json={"game": "magnum-sal", "seed": 5, "seats": ["human", "easy"]}
    ).json()
    page.goto(server.url + made["seats"][0]["link"] + "&pace=0")
    assert wait_turn(page)
    assert not page.locator("#undo").is_visible()
    version = page.evaluate("document.body.dataset.version")
    page.click("#actions button[data-action='market']")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert [b.get_attribute("data-action") for b in page.locator("#actions button[data-action]").all()] == [
        "sell brown",
        "buy brown",
        "buy green",
    ]
    version = page.evaluate("document.body.dataset.version")
    page.click("#undo")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.wait_for_selector("body[data-live='1']")
    assert page.locator("#actions button[data-action='place']").count() == 1
    assert "took back a decision" in page.locator("#log").inner_text()


def test_a_spectator_sees_no_actions_and_a_bad_link_is_refused(page, server):
    new_game(page, server, "solomon")
    url = page.url
    page.goto(url.split("?")[0])
    page.wait_for_selector("body[data-version]")
    assert "spectating" in page.locator("#title").inner_text()
    assert page.locator("#actions button[data-action]").count() == 0
    page.goto(url.split("?")[0] + "?token=wrong")  # a page in plain words (tests/server/test_lobby_browser.py)
    assert page.locator("h1").inner_text() == "This link does not open a seat"
    page.goto(url.split("?")[0] + "?token=")  # a seat link cut short: watched, and said so
    page.wait_for_selector("body[data-version]")
    assert "spectating" in page.locator("#title").inner_text()
    page.wait_for_function("document.querySelector('#error').textContent.includes('token is empty')", timeout=20_000)


def test_the_pages_keep_their_content_security_policy(browser, server):
    """Without bypass_csp: the lobby and a game page load, work and break no CSP directive
    (no inline script, no eval, nothing from another origin)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(server.url + "/")
    page.locator("body[data-ready='1']").wait_for()
    import httpx2

    made = httpx2.post(server.url + "/api/games", json={"game": "solomon", "seats": ["human", "easy"]}).json()
    page.goto(server.url + made["seats"][0]["link"])
    page.locator("body[data-your-turn='1']").wait_for(timeout=60_000)
    assert page.locator("#board svg").count() == 1
    context.close()
    assert [p for p in problems if "Content Security Policy" in p or "Refused" in p] == [], problems
