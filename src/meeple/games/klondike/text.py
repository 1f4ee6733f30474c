"""Terminal rendering of Klondike 1896: ``render(state, seat)`` -> a rich renderable.

Built from ``state.observation(seat)`` only, so nothing hidden leaks. Each board is drawn
cell by cell: ``.`` meadow, ``1``-``3`` gold, ``R`` ruby; a covered cell shows the letter of
its claim (a, b, c, ... in laying order, upper case for the last claim, which the next claim
must touch); the seat's own board is drawn two characters a cell, so a covered cell also
shows what lies under it (``a3``: claim a on 3 gold). Start and goal rows are marked ``>``
and ``<``; the square variant's zone cells are underlined. A one-line key says so on the
screen.

The screen is laid out for a 100 x 45 terminal: the boards side by side as the width allows
(:class:`BoardGrid`), then what the current step needs next to the prompt (claim shapes,
the auction's slots and bids, the tiles to lay, the seat's own race board).
"""

from __future__ import annotations

from rich.console import Group
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from .components import (
    CODE_CHAR,
    FACE_GRIDS,
    FACE_NAMES,
    FAVOUR_CARDS,
    FAVOUR_INDEX,
    GOLD_OF,
    KIND_INDEX,
    KINDS,
    RACE_SET,
    REQ_CARDS,
    REQ_INDEX,
    RUBY_OF,
    SQ_SIZE,
    TRACKS,
    ZONE_MASKS,
    ZONE_NAMES,
    ZONES,
    board_cells,
    shape,
)
from .scoring import race_points

_COLOURS = {".": "green", "1": "yellow", "2": "yellow", "3": "bold yellow", "R": "bold red"}
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ZONE_TAGS = tuple(z[0].upper() for z in ZONE_NAMES)  # N S W E C
PHASE_NAMES = {
    "layout": "laying out tiles",
    "auction": "main auction",
    "place": "laying claims",
    "sauction": "domino auction",
    "splace": "laying the domino",
    "end": "game over",
    "build": "laying out tiles",
    "tick": "racing",
    "pick": "choosing favour cards",
    "lastpick": "the last player chooses a card",
    "fate": "the last player joins fate",
}
"""Phase names as a person reads them (the state's internal names are short)."""


def plural(n: int, one: str, many: str) -> str:
    """``1 ruby`` / ``2 rubies``."""
    return f"{n} {one if n == 1 else many}"


def favour_text(card_id: str) -> str:
    """``GN1 (green 3)``: a favour card with its colour (track) and value (KL-30.4)."""
    c = FAVOUR_CARDS[FAVOUR_INDEX[card_id]]
    return f"{card_id} ({TRACKS[c.track]} {c.value})"


KEY = "key: . meadow, 1-3 gold, R ruby; claims a b c.. as laid, capital = the last (touch it next)"
"""The one-line key under the boards (KL-1.3 cells, KL-2: the next claim touches the last)."""
OWN_KEY = "a3 = claim a on 3 gold"
"""What the seat's own board (two characters a cell) shows under a claim."""


def _width(lines) -> int:
    return max((t.cell_len for t in lines), default=0)


class Label:
    """A block's title: ``head`` then ``bits`` joined by commas, wrapped between bits (never
    inside one) to the block's width."""

    def __init__(self, head: str, bits=(), style: str = ""):
        self.head, self.bits, self.style = head, list(bits), style

    def lines(self, width: int) -> list[Text]:
        out, cur = [], self.head
        for i, b in enumerate(self.bits):
            piece = b + ("," if i < len(self.bits) - 1 else "")
            if len(cur) + 1 + len(piece) > width and cur:
                out.append(cur)
                cur = piece
            else:
                cur = f"{cur} {piece}" if cur else piece
        out.append(cur)
        return [Text(x, style=self.style) for x in out]


class BoardGrid:
    """Blocks of lines (boards, shape drawings) side by side, as many a row as the width
    allows, in order. A block offers variants, widest first, each a ``(label, lines)`` pair
    (``label`` a :class:`Label` or None, wrapped to the lines' width): the first variant that
    fits the width is drawn."""

    def __init__(self, blocks, gap: int = 3):
        self.blocks = blocks
        self.gap = gap

    def _chosen(self, width: int):
        out = []
        for variants in self.blocks:
            label, lines = next((v for v in variants if _width(v[1]) <= width), variants[-1])
            w = max(_width(lines), 1)
            head = label.lines(w) if label is not None else []
            out.append((head, lines, max(w, _width(head + lines))))  # a label word longer than the board
        return out

    def __rich_measure__(self, console, options):
        chosen = self._chosen(options.max_width)
        return Measurement(max(w for _, _, w in chosen), options.max_width) if chosen else Measurement(0, 0)

    def __rich_console__(self, console, options):
        width = options.max_width
        rows, row, used = [], [], 0
        for head, lines, w in self._chosen(width):
            need = w if not row else used + self.gap + w
            if row and need > width:
                rows.append(row)
                row, need = [], w
            row.append((head, lines, w))
            used = need
        if row:
            rows.append(row)
        for row in rows:
            # labels of one row take the same number of lines, so the boards line up
            tall = max(len(h) for h, _, _ in row)
            row = [(h + [Text()] * (tall - len(h)) + lines, w) for h, lines, w in row]
            for i in range(max(len(b) for b, _ in row)):
                line = Text(no_wrap=True, overflow="fold")
                for j, (b, w) in enumerate(row):
                    piece = b[i].copy() if i < len(b) else Text()
                    if j < len(row) - 1:
                        piece.pad_right(w - piece.cell_len + self.gap)
                    line.append_text(piece)
                line.rstrip()
                yield line


def shape_legend(kind_ids, names: bool = True) -> list[Text]:
    """Small drawings of claim kinds in every orientation (KL-1.5): '#' covered, '.' the
    rest of the box; the box's top-left cell is the anchor ROW COL of ``place``. The kinds
    one under the other (``names``: each kind's name after its orientations)."""
    return [line for kid in kind_ids for line in _kind_lines(kid, names)]


def _kind_lines(kid: str, names: bool = True) -> list[Text]:
    k = KINDS[KIND_INDEX[kid]]
    blocks = []
    for o, offs in enumerate(k.orientations):
        h = max(r for r, _ in offs) + 1
        w = max(c for _, c in offs) + 1
        cells = set(offs)
        rows = ["".join("#" if (r, c) in cells else "." for c in range(w)) for r in range(h)]
        label = f"{k.id} {o}"
        width = max(w, len(label))
        blocks.append([label.ljust(width)] + [x.ljust(width) for x in rows])
    height = max(len(b) for b in blocks)
    out = []
    for i in range(height):
        line = Text("  ")
        for j, b in enumerate(blocks):
            gap = "   " if j < len(blocks) - 1 or (names and i == 0) else ""
            line.append((b[i] if i < len(b) else " " * len(b[0])) + gap, style="bold" if i == 0 else "cyan")
        if i == 0 and names:
            line.append(f"({k.name})", style="dim")
        line.rstrip()
        out.append(line)
    return out


def shape_grid(kind_ids) -> list:
    """The shapes of ``kind_ids`` packed side by side (a title line, then the drawings)."""
    return [
        Text("claim shapes (KIND K = orientation; the box's top-left is ROW COL):", style="dim"),
        BoardGrid([[(None, _kind_lines(k, names=False))] for k in kind_ids], gap=2),
    ]


def face_preview(used_faces=()) -> list:
    """The landscape faces not yet laid, in rotations 0-3 (``tile A1`` = face A turned
    once clockwise, KL-1.3), as many faces side by side as the width allows."""
    faces = [f for f in range(len(FACE_NAMES)) if f not in used_faces]
    blocks = []
    for f in faces:
        head = Text()
        for r in range(4):
            head.append(f"{FACE_NAMES[f]}{r}".ljust(7 if r < 3 else 2), style="bold")
        lines = [head]
        for row in range(6):
            line = Text()
            for r in range(4):
                for ch in (CODE_CHAR[v] for v in FACE_GRIDS[f][r][row]):
                    line.append(ch, style=_COLOURS[ch])
                if r < 3:
                    line.append(" ")
            lines.append(line)
        blocks.append([(None, lines)])
    return [
        Text("tiles you may lay ('tile A1' = face A after 1 clockwise quarter turn):", style="dim"),
        BoardGrid(blocks, gap=3),
    ]


def _parse_layout(text: str) -> list:
    return [[FACE_NAMES.index(t[0]), int(t[1])] for t in text.split()]


def board_lines(
    layout_text: str,
    claims: list[str],
    square: bool = False,
    goal: bool = True,
    wide: bool = False,
    coords: bool = True,
    caption: str = "",
    spaced: bool = False,
) -> list[Text]:
    """Lines of one board: cells, claims drawn over them (letters in laying order, the last
    in capitals). ``wide``: two characters a cell, a covered cell's value after its letter;
    ``spaced`` (with ``wide``): three characters a column instead - a separator (``|``
    where a tile begins, else a space), then the two-character cell under its column number
    right-aligned in the same two characters (one header line), so a covered cell, its
    letter included, stays under its number and apart from its neighbours (the race, where
    the own board is drawn alone);
    ``coords``: row and column numbers (else the bare cells); ``goal``: game 1's start and
    goal rows marked ``>`` and ``<``; ``caption``: a dim line on top (in the blank start of
    the column tens when it fits there). The square board ends with the zones covered."""
    lay = _parse_layout(layout_text)
    if not lay:
        return [Text("(no tiles laid)", style="dim")]
    if square and len(lay) == 4:
        rows, cols = SQ_SIZE, SQ_SIZE
        cells = board_cells(lay, True)
    else:
        rows, cols = 6, 6 * len(lay)
        cells = board_cells(lay)
    sh = shape(rows, cols)
    zone = {r * cols + c for z in ZONES for r, c in z} if square else set()
    owner = {}
    for i, t in enumerate(claims):
        pid = sh.by_text.get(t)
        if pid is None:
            continue
        ch = _LETTERS[i % 26]
        if i == len(claims) - 1:
            ch = ch.upper()
        for c in sh.cells[pid]:
            owner[c] = ch
    marks = goal and not square
    out = []
    pad = "    " if coords else ""
    if coords and spaced:  # one header line: the numbers take the cells' two characters
        header = Text(pad[:3])
        for c in range(cols):
            header.append(f" {c:>2d}", style="dim")
        out.append(header)
    elif coords:
        tens = Text(pad)
        header = Text(pad)
        for c in range(cols):
            if wide:
                tens.append(" ")
                header.append(" ")
            tens.append(str(c // 10) if c >= 10 else " ", style="dim")
            header.append(str(c % 10), style="dim")
            if c % 6 == 5 and c < cols - 1:
                tens.append(" ")
                header.append(" ")
        blank = len(tens.plain) - len(tens.plain.lstrip())
        if caption and cols > 10 and len(caption) < blank:
            tens = Text(caption, style="dim") + tens[len(caption) :]
            caption = ""
        if cols > 10:
            tens.rstrip()
            out.append(tens)
        out.append(header)
    if caption:
        out.insert(0, Text(caption, style="dim"))
    covered = 0
    for i in owner:
        covered |= 1 << i
    for r in range(rows):
        if square and r == 6:
            out.append(Text(""))
        start = marks and r in (2, 3)
        line = Text((f"{r:2d}{'>' if start else ' '}" + ("" if spaced else " ")) if coords else "")
        for c in range(cols):
            i = r * cols + c
            ch = CODE_CHAR[cells[i]]
            if spaced:
                line.append("|" if c % 6 == 0 and c else " ", style="dim")
            if i in owner:
                style = "reverse bold magenta" if owner[i].isupper() else "reverse bold cyan"
                line.append(owner[i] + ch if wide else owner[i], style=style)
            else:
                if wide:
                    line.append(" ")
                line.append(ch, style=_COLOURS[ch] + (" underline on grey23" if i in zone else ""))
            if c % 6 == 5 and c < cols - 1 and not spaced:
                line.append(" ")
        if start and cols == 24:
            line.append(" <", style="dim")
        out.append(line)
    if square and cols == SQ_SIZE:
        done = "".join(_ZONE_TAGS[z] for z in range(5) if covered & ZONE_MASKS[z])
        st = Text(pad + "covered ", style="dim")
        st.append(done or "-", style="green" if done else "red")
        out.append(st)
    return out


def _cells_text(cells) -> str:
    rows = sorted({r for r, _ in cells})
    cols = sorted({c for _, c in cells})
    if len(cells) == 4 and len(rows) == len(cols) == 2:  # the centre: a 2 x 2 block
        return f"({rows[0]}-{rows[1]},{cols[0]}-{cols[1]})"
    return "".join(f"({r},{c})" for r, c in cells)


ZONE_KEY = "zone cells (underlined): " + " ".join(f"{_ZONE_TAGS[z]} {_cells_text(ZONES[z])}" for z in range(5))
"""The square variant's zone cells (KL-21.3), one line under the boards."""


def render_board_text(state, seat) -> str:
    """Plain-text board of ``seat`` as ``seat`` sees it (for logs and debugging)."""
    obs = state.observation(seat)
    p = obs["players"][seat]
    return "\n".join(
        t.plain
        for t in board_lines(
            p.get("layout", ""), p.get("claims", []), obs["variant"] == "square", obs["variant"] != "race"
        )
    )


def _family_label(s: int, p: dict, seat) -> Label:
    bits = [f"{p['score']} pts"]
    if p["rubies"] is None:
        bits.append("? rubies")  # KL-21.2 secret rubies
    else:
        bits.append(plural(p["rubies"], "ruby", "rubies") + (f" +{p['fresh']} fresh" if p["fresh"] else ""))
    if p["won"]:
        bits.append(f"lays {p['won']}")
    if p["finished"]:
        bits.append("FINISHED")
    if p["penalty"]:  # KL-19: 2 points a missing column
        bits[0] = f"{p['score']} - {p['penalty']} penalty = {p['score'] - p['penalty']} pts"
    you = " (you)" if s == seat else ""
    return Label(f"P{s + 1}{you}:", bits, style="bold" if s == seat else "")


def _family_boards(obs: dict, seat) -> BoardGrid:
    """Every player's board with his score and rubies; the seat's own first, two characters
    a cell when the width allows."""
    square = obs["variant"] == "square"
    order = list(range(len(obs["players"])))
    if seat is not None:
        order = [seat] + [s for s in order if s != seat]
    blocks = []
    for s in order:
        p = obs["players"][s]
        label = _family_label(s, p, seat)
        narrow = (label, board_lines(p["layout"], p["claims"], square))
        if s == seat and p["layout"]:
            wide = board_lines(p["layout"], p["claims"], square, wide=True, caption=OWN_KEY if p["claims"] else "")
            blocks.append([(label, wide), narrow])
        else:
            blocks.append([narrow])
    return BoardGrid(blocks)


def _auction_rows(obs: dict) -> list:
    """The claim rows: row 1 with each slot's holder and bid (KL-12) in the main auction,
    the later rows on one line."""
    rows, phase, auc = obs["rows"], obs["phase"], obs.get("auction")
    if not rows:
        return [Text("Claim rows left when the game ended: none." if phase == "end" else "No claim rows left.")]
    out = []
    later = "  ".join(f"{i + 1}) " + " ".join(r) for i, r in enumerate(rows) if i or not auc)
    if auc:
        t = Table(show_header=True, box=None, pad_edge=False, padding=(0, 2, 0, 0))
        t.add_column("row 1", style="bold")
        for i in range(len(rows[0])):
            t.add_column(f"slot {i}")
        cells = []
        for si, k in enumerate(rows[0]):
            h = auc["holders"][si]
            cells.append(f"{k}: P{h + 1} bids {auc['bids'][si]}" if h >= 0 else f"{k}: free")
        t.add_row("auctioned now", *cells)
        out.append(t)
        if later:
            out.append(Text(f"later rows: {later}", style="dim"))
    else:
        head = "claim rows left when the game ended" if phase == "end" else "claim rows to come"
        out.append(Text(f"{head}: {later}"))
    return out


def _render_family(obs: dict, seat):
    parts = []
    phase = obs["phase"]
    title = (
        f"Klondike 1896, {obs['variant']} game - round {obs['round']}, start player "
        f"P{obs['start_player'] + 1}, {PHASE_NAMES.get(phase, phase)}"
    )
    parts.append(Text(title, style="bold"))
    if phase == "layout":
        parts.extend(face_preview())
    parts.append(_family_boards(obs, seat))
    if obs["variant"] == "square":
        parts.append(Text(ZONE_KEY, style="dim"))
    parts.append(Text(KEY, style="dim"))
    # the shapes that matter now, in every orientation (KL-1.5)
    rows = obs["rows"]
    show = []
    if phase == "auction" and rows:
        show = list(rows[0])
    elif phase in ("place", "splace"):
        ps = obs["players"]
        show = [p["won"] for i, p in enumerate(ps) if p["won"] and (seat is None or i == seat)]
    elif phase == "sauction":
        show = ["D2"]
    if show:  # in slot order
        parts.extend(shape_grid(list(dict.fromkeys(show))))
    parts.extend(_auction_rows(obs))
    auc = obs.get("auction")
    info = f"pool {obs['pool_size']} claims, dominoes {obs['dominoes']}"
    if obs.get("supply") is not None:
        info += f", ruby supply {obs['supply']}"
    if auc and auc["displaced"] >= 0:
        info += f"; P{auc['displaced'] + 1} is displaced and must bid again"
    sup = obs.get("supplementary")
    if sup:
        info += (
            f"; domino auction: high bid {sup['high_bid']} by P{sup['high_bidder'] + 1}"
            if sup["high_bidder"] >= 0
            else "; domino auction: no bid yet"
        )
    parts.append(Text(info))
    return Group(*parts)


def _seats(seats) -> str:
    return ", then ".join(f"P{s + 1}" for s in seats) if seats else "nobody yet"


def _result_text(r) -> str:
    """A check's result (KL-34): ``17g 1r ok`` / ``wrong`` / ``last player``."""
    return "last player" if r[2] is None else f"{r[0]}g {r[1]}r " + ("ok" if r[2] else "wrong")


def _render_race(obs: dict, seat):
    parts = []
    card = obs["card"]
    phase = obs["phase"]
    head = f"Klondike 1896, race - round {min(obs['round'], 9)}/9, {PHASE_NAMES.get(phase, phase)}" + (
        f", tick {obs['tick']}" if phase == "tick" else ""
    )
    parts.append(Text(head, style="bold"))
    if card:
        c = REQ_CARDS[REQ_INDEX[card]]
        parts.append(
            Text(
                f"Card {card} ({c.colour}): cover exactly {c.gold} gold and {plural(c.rubies, 'ruby', 'rubies')}",
                style="bold yellow",
            )
        )
    if phase != "end":
        disp = ", ".join(favour_text(x) for x in obs["display"]) or "-"
        parts.append(Text(f"favour cards: {disp}; priority P{obs['priority_seat'] + 1}"))
    if phase not in ("build", "end"):  # nobody has finished while the tiles are laid out
        line = f"finished: {_seats(obs['finish_order'])}"
        if obs["last_player"] >= 0:
            line += f"; last player P{obs['last_player'] + 1}"
        parts.append(Text(line))
    t = Table(show_header=True, box=None)
    for h in ("player", *TRACKS, "status", "card"):
        t.add_column(h)
    for s, p in enumerate(obs["players"]):
        t.add_row(
            f"P{s + 1}{' (you)' if s == seat else ''}",
            *map(str, p["tracks"]),
            p["status"],
            favour_text(p["pick"]) if p["pick"] else "",
        )
    parts.append(t)
    rev = obs.get("revealed") or []
    boards = phase in ("build", "end") and any(r[1] for r in rev)
    if obs.get("last_card"):
        res = {s: _result_text(r) for s, r in enumerate(obs["results"]) if r is not None}
        if boards:  # KL-34.1: the boards shown at the check, each with its result
            parts.append(Text(f"last round ({obs['last_card']}), the boards at the check:", style="dim"))
            blocks = []
            for s, (lay, claims) in enumerate(rev):
                if lay:
                    lines = board_lines(
                        " ".join(f"{FACE_NAMES[f]}{r}" for f, r in lay), claims, goal=False, coords=False
                    )
                    blocks.append([(Label(f"P{s + 1}:", [res[s]] if s in res else [], "dim"), lines)])
            parts.append(BoardGrid(blocks))
        else:
            parts.append(
                Text(
                    f"last round ({obs['last_card']}): " + ", ".join(f"P{s + 1}: {x}" for s, x in res.items()),
                    style="dim",
                )
            )
    if phase == "end":  # KL-36: the breakdown of the final points
        tracks = [p["tracks"] for p in obs["players"]]
        celeb, tot, totals = race_points(tracks)
        per = []
        from .components import PLACE_POINTS, TOTAL_POINTS
        from .scoring import tie_low_points

        for tr in range(4):
            per.append(tie_low_points([tk[tr] for tk in tracks], PLACE_POINTS))
        tot_pts = tie_low_points(totals, TOTAL_POINTS)
        parts.append(
            Text(
                "final scoring (KL-36: 8/6/4/2 per track, ties take the lower place; total favour 4/3/2/1)",
                style="bold",
            )
        )
        bt = Table(show_header=True, box=None)
        for h in ("player", *TRACKS, "total favour", "points"):
            bt.add_column(h)
        for s in range(len(tracks)):
            bt.add_row(
                f"P{s + 1}",
                *(f"{tracks[s][tr]} -> {per[tr][s]}" for tr in range(4)),
                f"{totals[s]} -> {tot_pts[s]}",
                str(celeb[s] + tot[s]),
            )
        parts.append(bt)
    if seat is not None and phase != "end":
        p = obs["players"][seat]
        if p.get("building"):
            used = {FACE_NAMES.index(x[0]) for x in p["layout"].split()}
            parts.extend(face_preview(used))
        hand = p.get("claim_in_hand")
        line = f"your board: {p['gold']} gold, {plural(p['rubies'], 'ruby', 'rubies')} covered"
        if hand:
            line += f"; claim in hand: {hand}" + ("" if p.get("went_back") else " ('back' to choose again)")
        if p["said_done"]:
            line += " - you said done"
        if not p["layout"]:
            line = "your board: no tiles laid yet"
        parts.append(Text(line, style="bold"))
        if hand:
            parts.extend(shape_legend([hand]))
        elif phase == "tick" and not p.get("building") and p["status"] == "racing":
            laid = {t.split()[1] for t in p["claims"]}
            left = [KINDS[k].id for k in RACE_SET if KINDS[k].id not in laid]
            parts.append(Text("claims left in your set: " + " ".join(left), style="dim"))
        if p["claims"]:
            parts.append(Text(KEY, style="dim"))
        if p["layout"]:
            wide = board_lines(
                p["layout"], p["claims"], goal=False, wide=True, spaced=True, caption=OWN_KEY if p["claims"] else ""
            )
            parts.append(BoardGrid([[(None, wide), (None, board_lines(p["layout"], p["claims"], goal=False))]]))
    return Group(*parts)


def render(state, seat=None):
    """The whole table as ``seat`` may see it (``None``: a spectator), as a rich Group."""
    obs = state.observation(seat)
    if obs["variant"] == "race":
        return _render_race(obs, seat)
    return _render_family(obs, seat)


__all__ = ["KIND_INDEX", "board_lines", "render", "render_board_text"]


def placement_yield(state, seat: int, pid: int) -> tuple[int, int]:
    """``(gold, rubies)`` placement ``pid`` would cover on ``seat``'s board: its yield (KL-1.8),
    summed over its cells as the rules score a laid claim (KL-15.1; in the race, what it adds
    to the board's count, KL-31.4)."""
    board = state.boards[seat]
    cells = state.shapes[seat].cells[pid]
    return sum(GOLD_OF[board[i]] for i in cells), sum(RUBY_OF[board[i]] for i in cells)


def placement_note(state, seat: int, pid: int) -> str:
    """The note on a ``place`` action: what it covers on the seat's own board, which it sees
    (in the race the others' boards are hidden, KL-40), written short, ``5g 1R`` = 5 gold and
    1 ruby, so a long list keeps three columns at 100 (the footnote, :data:`PLACE_FOOTNOTE`,
    says it in words)."""
    g, r = placement_yield(state, seat, pid)
    return f"{g}g {r}R"


PLACE_FOOTNOTE = {
    "family": "(5g 1R) = what a placement covers: 5 gold, 1 ruby (KL-1.8), scored when laid (KL-15.1).",
    "race": "(5g 1R) = what a placement covers: 5 gold, 1 ruby (KL-1.8), added to your board's count.",
}
"""The footnote under a list of placements (the square board's game scores as the family's)."""
FATE_FOOTNOTE = (
    "You join a finisher's fate before the boards are shown: they are revealed and checked "
    "after your choice (KL-33.2, KL-34.1); the table shows who finished in which order and "
    "the favour card each took."
)
"""The footnote under the last player's ``fate`` choices: why the finishers' boards are not
shown yet (the rulebook: the last player names whom he joins, *then* the boards are revealed
one by one and checked together)."""


def action_notes(state, actions: list) -> tuple[list[str], str]:
    """Hook of ``meeple play``'s action list. A placement says what it covers, counted from
    the board as the rules score it (:func:`placement_note`: ``5g 1R``, explained by the
    footnote). ``fate N`` counts seats from 0 (the notation of saved games), so each says
    which player it means (``fate 2``: P3; ``fate P3`` is read too)."""
    seat = state.current_player
    notes = []
    for a in actions:
        if a.kind == "fate":
            notes.append(f"join P{a.args[0] + 1}'s fate")
        elif a.kind == "place" and seat >= 0:
            notes.append(placement_note(state, seat, a.args[0]))
        else:
            notes.append("")
    if any(a.kind == "fate" for a in actions):
        return notes, FATE_FOOTNOTE
    placing = any(a.kind == "place" for a in actions)
    return notes, PLACE_FOOTNOTE["race" if state.mode == "race" else "family"] if placing else ""
