"""How King Solomon's Treasury is shown to people: labels, status, board and rules (:class:`meeple.core.View`).

The terminal (``meeple play``) and the web server both draw the game through this view.
"""

from __future__ import annotations

from meeple.core import View

from . import svg, text


class SolomonView(View):
    """King Solomon's Treasury's view: the board of :mod:`.svg`, the terminal view of :mod:`.text`."""

    def board_svg(self, obs, legal, names, seat=None, highlights=None):
        """The board as SVG (:func:`.svg.render_svg`), see :meth:`View.board_svg`."""
        return svg.render_svg(obs, legal, names)

    def render_text(self, state, seat):
        """The terminal view (:func:`.text.render`)."""
        return text.render(state, seat)

    def action_notes(self, state, actions):
        """Warnings per listed action (the terminal's notes), see :meth:`View.action_notes`."""
        notes, footnote = text.action_notes(state, actions)
        return list(notes), footnote or ""

    def listed_actions(self, state):
        """The legal actions in reading order (tile moves by cell), see :meth:`View.listed_actions`."""
        legal = state.legal_actions()
        listed = list(text.display_order(state, legal))
        return listed if sorted(a.text for a in listed) == sorted(a.text for a in legal) else legal
