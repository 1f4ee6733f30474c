"""How Magnum Sal is shown to people: labels, status, board and rules (:class:`meeple.core.View`).

The terminal (``meeple play``) and the web server both draw the game through this view.
"""

from __future__ import annotations

from meeple.core import View

from . import svg, text


class MagnumSalView(View):
    """Magnum Sal's view: the board of :mod:`.svg`, the terminal view of :mod:`.text`."""

    def board_svg(self, obs, legal, names, seat=None, highlights=None):
        """The board as SVG (:func:`.svg.render_svg`), see :meth:`View.board_svg`."""
        return svg.render_svg(obs, legal, names)

    def render_text(self, state, seat):
        """The terminal view (:func:`.text.render`)."""
        return text.render(state, seat)
