"""A small SVG kit shared by the four board drawings (``games/<id>/svg.py``).

The web client (``server/static/game.js``) reads these conventions; docs/web.md lists them.

* **Units.** One SVG user unit is one CSS pixel at the board's initial zoom: the root
  ``<svg>`` has ``width``/``height`` equal to its ``viewBox`` size (:meth:`Canvas.svg`). A
  clickable place's hit area is at least :data:`MIN_HIT` units each way (WCAG 2.2 target size
  24 px, with a margin); board text is at least :data:`MIN_TEXT` units.
* **Places.** A clickable place is a ``<g class="act" data-action="NOTATION">`` (made by
  :meth:`Canvas.place`); the client plays the action on a click or a tap, gives it
  ``role=button``, a tab stop and the action's label in words as its accessible name.
  ``data-confirm``: a first tap selects the place and shows its preview (children with
  ``class="ghost"``), a second tap or the Confirm button plays it.
* **Layers.** ``<g class="layer" data-layer="NAME" data-layer-group="GROUP">`` (made by
  :meth:`Canvas.layer`) is shown only while chosen: an element with ``data-show-layer="NAME"``
  (:meth:`Canvas.chooser`) shows it and hides the other layers of its group (a tile chosen,
  then its targets; a claim's orientation, then where to lay it).
* **Highlights.** ``data-place="KEY"`` names a place whose content the view's ``place_keys``
  reports; the client marks the places a seat's last turn changed.
* **Pieces.** ``data-piece="ID"`` on a piece that keeps its identity between two drawings
  (a miner, a foreman, a tile): the client animates its move.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

MIN_HIT = 28
"""Smallest width and height of a clickable place's hit area, in SVG units (= CSS px)."""
MIN_TEXT = 12
"""Smallest font size of board text, in SVG units (= CSS px at the initial zoom)."""


def esc(text: object) -> str:
    """``text`` escaped for an element's content or a double-quoted attribute value."""
    return escape(str(text), {'"': "&quot;", "'": "&#39;"})


def num(x: float) -> str:
    """A coordinate with at most one decimal: ``12``, ``12.5``."""
    if type(x) is int:
        return str(x)
    t = "%.1f" % x
    return t[:-2] if t.endswith(".0") else t


def attrs(**kw: object) -> str:
    """`` key="value"`` pairs (escaped; ``_`` in a key becomes ``-``; None and False are left
    out, True writes the bare attribute name as ``key=""``)."""
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(f' {name}=""' if v is True else f' {name}="{esc(num(v) if isinstance(v, float) else v)}"')
    return "".join(out)


class Canvas:
    """SVG fragments and the drawing's extent; the size is fitted at the end.

    Args:
        legal: the notations the viewer may play now; :meth:`place` makes a place clickable
            only for one of these.
    """

    def __init__(self, legal: Iterable[str] = ()) -> None:
        self.parts: list[str] = []
        self.w = 0.0
        self.h = 0.0
        self.legal = set(legal)

    def grow(self, x: float, y: float) -> None:
        """Make the drawing at least ``x`` wide and ``y`` high."""
        self.w = max(self.w, x)
        self.h = max(self.h, y)

    def add(self, markup: str) -> None:
        """Append raw markup (already escaped)."""
        self.parts.append(markup)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str = "#fff",
        stroke: str = "none",
        rx: float = 0,
        **kw: object,
    ) -> str:
        """A ``<rect>`` (returned, not added)."""
        self.grow(x + w, y + h)
        return (
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}" '
            f'fill="{fill}" stroke="{stroke}"{attrs(**kw)}/>'
        )

    def text(
        self,
        x: float,
        y: float,
        s: object,
        size: float = MIN_TEXT,
        anchor: str = "start",
        weight: str = "normal",
        fill: str = "#222",
        **kw: object,
    ) -> str:
        """A ``<text>`` (returned, not added); ``size`` is raised to :data:`MIN_TEXT`."""
        size = max(size, MIN_TEXT)
        self.grow(x, y)
        return (
            f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}"{attrs(**kw)}>{esc(s)}</text>'
        )

    def place(
        self,
        action: str | None,
        x: float,
        y: float,
        w: float,
        h: float,
        body: str = "",
        *,
        confirm: bool = False,
        key: str | None = None,
        title: str = "",
    ) -> str:
        """A place on the board (returned, not added): ``body`` with a transparent hit area of
        at least :data:`MIN_HIT` units each way centred on ``(x, y, w, h)``. Clickable
        (``class="act"``, ``data-action``) only when ``action`` is legal now; ``confirm`` asks a
        second tap (compound choices); ``key`` sets ``data-place`` for highlights."""
        hw, hh = max(w, MIN_HIT), max(h, MIN_HIT)
        hx, hy = x - (hw - w) / 2, y - (hh - h) / 2
        self.grow(hx + hw, hy + hh)
        live = action is not None and action in self.legal
        hit = f'<rect class="hit" x="{num(hx)}" y="{num(hy)}" width="{num(hw)}" height="{num(hh)}" fill="transparent"/>'
        tip = f"<title>{esc(title)}</title>" if title else ""
        a = attrs(
            class_="act" if live else None,
            data_action=action if live else None,
            data_confirm=bool(live and confirm),
            data_place=key,
        )
        return f"<g{a}>{tip}{body}{hit if live else ''}</g>"

    def layer(self, name: str, group: str, body: str, shown: bool = False) -> str:
        """A layer shown only while chosen (see the module docstring); ``shown`` for the one
        shown first."""
        return f"<g{attrs(class_='layer', data_layer=name, data_layer_group=group, visibility=None if shown else 'hidden')}>{body}</g>"

    def chooser(self, layer: str, x: float, y: float, w: float, h: float, body: str = "", title: str = "") -> str:
        """A place that shows the layer ``layer`` when tapped (no action is played)."""
        hw, hh = max(w, MIN_HIT), max(h, MIN_HIT)
        hx, hy = x - (hw - w) / 2, y - (hh - h) / 2
        self.grow(hx + hw, hy + hh)
        tip = f"<title>{esc(title)}</title>" if title else ""
        hit = f'<rect class="hit" x="{num(hx)}" y="{num(hy)}" width="{num(hw)}" height="{num(hh)}" fill="transparent"/>'
        return f'<g class="choose" data-show-layer="{esc(layer)}">{tip}{body}{hit}</g>'

    def svg(self, label: str, pad: float = 4, style: str = "") -> str:
        """The whole drawing: ``<svg>`` with ``viewBox`` = ``width``/``height`` (1 unit = 1 CSS
        px), ``role="img"`` and ``aria-label``; ``style``: CSS for an embedded ``<style>``."""
        w, h = self.w + pad, self.h + pad
        st = f"<style>{style}</style>" if style else ""
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {num(w)} {num(h)}" '
            f'width="{num(w)}" height="{num(h)}" role="img" aria-label="{esc(label)}" '
            f'font-family="system-ui, sans-serif">{st}{"".join(self.parts)}</svg>'
        )
