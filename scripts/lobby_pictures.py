"""Draw the lobby's picture of each game: its board at the start (a spectator's view of a
three-player game, seed 11), rendered by the game's view and photographed with Debian's
Chromium, saved as ``src/meeple/server/static/img/<game>.png`` (the lobby's game cards).

    python3 -m uv run python scripts/lobby_pictures.py [--out DIR] [--width 640] [--height 400]

Run it again when a board drawing changes much; the pictures are committed, so serving the
lobby needs no browser.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from meeple.core import load_game

GAMES = ("magnum-sal", "lignum", "solomon", "klondike")
CHROMIUM = "/usr/bin/chromium"
CROPS = {
    "magnum-sal": (0, 0, 1300, 812),
    "lignum": (0, 0, 1200, 750),
    "solomon": (0, 30, 874, 546),
    "klondike": (0, 0, 1032, 645),
}
"""Per game the part of its board drawing (SVG units: x, y, width, height; 16:10) the picture
shows: the mine, the supply path and felling areas, the cave, a landscape and the claims.
Fit them again when a drawing's layout changes."""
OUT = Path(__file__).resolve().parent.parent / "src" / "meeple" / "server" / "static" / "img"


def board_at_start(game: str, players: int = 3, seed: int = 11) -> str:
    """The SVG markup of ``game``'s board at the start, as a spectator sees it."""
    g = load_game(game)
    state = g.new_state(players, seed)
    names = [state.seat_name(s) for s in range(players)]
    svg = g.view.board_svg(state.observation(None), [], names, None)
    if svg is None:
        raise SystemExit(f"{game} has no board drawing")
    if game in CROPS:
        x, y, w, h = CROPS[game]
        svg = re.sub(r'viewBox="[^"]*"', f'viewBox="{x} {y} {w} {h}"', svg, count=1)
        # the drawing is 1 unit a CSS px (svgkit): the picture scales the crop to its own size
        svg = re.sub(r'(<svg[^>]*?) width="[^"]*" height="[^"]*"', r'\1 width="100%" height="100%"', svg, count=1)
        svg = svg.replace('preserveAspectRatio="xMinYMin meet"', "", 1).replace(
            "<svg ", '<svg preserveAspectRatio="xMidYMin slice" ', 1
        )
    return svg


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--width", type=int, default=640, help="picture width in CSS px (drawn at 2x)")
    ap.add_argument("--height", type=int, default=400, help="picture height in CSS px (the board's top part)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": args.width, "height": args.height}, device_scale_factor=1.5)
        for game in GAMES:
            page.set_content(f"""<!doctype html><html><body style="margin:0;background:#f4ead2">
<div id="pic" style="width:{args.width}px;height:{args.height}px;overflow:hidden">{board_at_start(game)}</div>
</body></html>""")
            path = args.out / f"{game}.png"
            page.locator("#pic").screenshot(path=str(path))
            print(f"{path} ({path.stat().st_size // 1024} KiB)")
        browser.close()


if __name__ == "__main__":
    main()
