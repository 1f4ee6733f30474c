"""Screenshots of the game page of each game at 390x844 (a phone, touch) and 1366x768 into
docs/gallery/ (PNG, reduced to a 128-colour palette to stay small), for docs/web.md.

It starts ``meeple serve`` on a free 127.0.0.1 port with a temporary SQLite file, creates one
game per game (a person against the ``easy`` bot, fixed seeds), plays the person's first
decisions by the board's first places (the list's first action where the board has none)
so the picture shows a game under way, and takes the pictures with Debian's Chromium
(/usr/bin/chromium, as tests/server/test_browser.py).

    python3 -m uv run python scripts/gallery.py [--out docs/gallery] [--moves 4]
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from pathlib import Path

import httpx2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.server.support import Server  # noqa: E402  (the test suite's real-server helper)

GAMES = [
    ("magnum-sal", "standard", 11),
    ("lignum", "basic", 11),
    ("solomon", "standard", 11),
    ("klondike", "family", 11),
]
SIZES = {
    "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=1),
    "laptop": dict(viewport={"width": 1366, "height": 768}, device_scale_factor=1),
}
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--disable-sync"]


def small_png(data: bytes) -> bytes:
    """``data`` (a PNG) reduced to a 128-colour palette when Pillow is installed."""
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow comes with the dev extras
        return data
    img = Image.open(io.BytesIO(data)).convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()


def advance(page, moves: int) -> None:
    """Play ``moves`` of the person's decisions: the board's first place, else the list's first."""
    for _ in range(moves):
        page.wait_for_function(
            "document.body.dataset.live === '1' || document.body.dataset.terminal === '1'", timeout=60_000
        )
        if page.evaluate("document.body.dataset.terminal") == "1":
            return
        version = page.evaluate("document.body.dataset.version")
        acts = page.locator("#board .act[data-action]")
        if acts.count():
            first = acts.first
            confirm = first.get_attribute("data-confirm") is not None
            first.focus()  # the board pans to it
            first.click()
            if confirm:
                page.click("#confirm-yes")
        else:
            page.locator("#actions button[data-action]").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=60_000)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "gallery"))
    ap.add_argument("--moves", type=int, default=4, help="the person's decisions played before the pictures")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(f"sqlite:///{tmp}/games.db").start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for game, variant, seed in GAMES:
                    made = httpx2.post(
                        srv.url + "/api/games",
                        json={"game": game, "variant": variant, "seed": seed, "seats": ["human", "easy"]},
                    ).json()
                    link = srv.url + made["seats"][0]["link"] + "&pace=0"
                    ctx = browser.new_context(**SIZES["laptop"], bypass_csp=True)
                    page = ctx.new_page()
                    page.goto(link)
                    page.wait_for_selector("body[data-connected='1']")
                    advance(page, args.moves)
                    ctx.close()
                    for size, opts in SIZES.items():  # fresh pages: the board as it first appears
                        ctx = browser.new_context(**opts, reduced_motion="reduce", bypass_csp=True)
                        page = ctx.new_page()
                        page.goto(link)
                        page.wait_for_selector("body[data-connected='1']")
                        page.wait_for_function(
                            "document.body.dataset.live === '1' || document.body.dataset.terminal === '1'",
                            timeout=60_000,
                        )
                        page.wait_for_timeout(300)
                        path = out / f"{game}-{size}.png"
                        path.write_bytes(small_png(page.screenshot()))
                        print(
                            f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KB"
                        )
                        ctx.close()
                browser.close()
        finally:
            srv.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
