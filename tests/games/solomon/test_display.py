"""What a person sees of King Solomon's Treasury in the terminal: the tile moves listed in
board order (a display hook; the legal order the bots use is unchanged)."""

import random

import meeple
from meeple.cli.common import listed_actions
from meeple.games.solomon import text

GAME = meeple.load_game("solomon")


def at_move_choice(seed):
    """A 2-player game played randomly to a tile-move choice (after 'move', SO-6) with moves."""
    st = GAME.new_initial_state(num_players=2, seed=seed)
    r = random.Random(seed)
    while not st.is_terminal():
        texts = [a.text for a in st.legal_actions()]
        if "move" in texts:
            st.apply_action("move")
            return st
        st.apply_action(r.choice(st.legal_actions()))
    raise AssertionError("no tile move in this game")


def cell_key(name):
    return name[0], int(name[1:])


def test_SO_6_1_tile_moves_are_listed_by_source_then_target():
    """After 'move' the tile moves are listed sorted by source cell, then target (column, then
    row, as cells are named); 'back' keeps its place; legal_actions() keeps its own order."""
    for seed in (3, 5, 8):
        st = at_move_choice(seed)
        legal = st.legal_actions()
        before = [a.text for a in legal]
        listed = listed_actions(st)
        moves = [a.text for a in listed if a.kind == "move"]
        assert len(moves) >= 2
        keys = [(cell_key(m.split("-")[0]), cell_key(m.split("-")[1])) for m in moves]
        assert keys == sorted(keys), moves
        assert sorted(a.text for a in listed) == sorted(before)
        assert [a.text for a in listed if a.kind != "move"] == [t for t in before if "-" not in t]
        assert [a.text for a in st.legal_actions()] == before  # the bots' order is untouched
        assert text.display_order(st, legal) == listed


def test_SO_6_a_refused_action_samples_the_moves_as_they_are_listed():
    """The legal moves a refusal names (up to 8) are the first ones of the terminal's list,
    in its reading order, not in the bots' legal order."""
    for seed in (3, 5, 8):
        st = at_move_choice(seed)
        shown = ", ".join(a.text for a in listed_actions(st)[:8])
        try:
            st.apply_action("dig a1")
        except meeple.IllegalActionError as e:
            assert shown in str(e), (shown, str(e))
        else:
            raise AssertionError("a dig after 'move' was taken")


def test_the_turns_first_choice_keeps_its_order_and_other_games_have_no_hook():
    """Only tile moves are reordered; a list without them (the turn's first choice: 'move',
    digs, items, decline) and a game without the hook are listed in the legal order."""
    st = at_move_choice(3)
    st.apply_action("back")
    assert [a.text for a in listed_actions(st)] == [a.text for a in st.legal_actions()]
    ms = meeple.load_game("magnum-sal").new_initial_state(num_players=2, seed=1)
    assert listed_actions(ms) == ms.legal_actions()


def test_a_hook_that_drops_or_adds_actions_is_ignored(monkeypatch):
    """The listed order must hold the same actions: a hook that returns others is not used, so
    the numbers typed always name a legal action."""
    st = at_move_choice(3)
    monkeypatch.setattr(text, "display_order", lambda state, actions: actions[1:])
    assert listed_actions(st) == st.legal_actions()


def test_SO_12_9_rules_text_and_final_ranking_say_ties_are_shared(monkeypatch):
    """'meeple rules solomon' gives the tie rule (SO-12.9: no tie-break, a shared victory);
    the game-over board ranks the players and says how a tie was settled."""
    import io

    from rich.console import Console

    rules = " ".join(GAME.rules_help.split())
    assert "no tie-break: a tie for the highest total is a shared victory" in rules and "SO-12.9" in rules
    st = GAME.new_initial_state(num_players=3, seed=2)
    r = random.Random(1)
    while not st.is_terminal():
        st.apply_action(r.choice(st.legal_actions()))

    def screen():
        c = Console(width=120, record=True, file=io.StringIO())
        c.print(text.render(st, None))
        return " ".join(c.export_text().split())

    scores = st.scores()
    best = max(range(3), key=lambda p: scores[p])
    assert f"final ranking: 1. P{best + 1} {scores[best]}" in screen()
    assert "(highest total wins; a tie would be shared, SO-12.9)" in screen()
    monkeypatch.setattr(type(st), "scores", lambda self: [40, 31, 40])
    assert (
        "final ranking: 1. P1 40, 1. P3 40, 3. P2 31 (P1 and P3 tie on 40 and share 1st place: no tie-break, SO-12.9)"
    ) in screen()
