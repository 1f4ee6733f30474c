"""Lignum end of game: final sale, loan repayment, task rewards, ranking and ties (LG-22).

Scores are dollars. The river sale (one kind, LG-22.1) is a decision of the ``final`` phase
and is paid before :func:`final_settlement` runs.
"""

from __future__ import annotations

from meeple.core.state import ranking_with_ties

from .components import BASE_PRICE, BONUS, HW, LOAN_REPAY, PIECE_NAMES, TASK_CARDS


def mill_sale_value(mill: list) -> int:
    """Dollars for selling every piece in sales room and dryers (base + bonus, LG-15.2).

    ``mill`` is ``[sales, d1, d2, d3]``, each a list of 6 piece counts. Hardwood discs
    never sell (EC-05).
    """
    total = 0
    for loc in range(4):
        m = mill[loc]
        for p in range(6):
            if m[p] and p != HW:
                total += m[p] * (BASE_PRICE[p] + BONUS[loc])
    return total


def task_complete(task: list) -> bool:
    """A held task ``[tid, filled...]`` is complete when every requirement is filled (LG-25.7)."""
    return all(task[1:])


def final_settlement(state) -> None:
    """LG-22.1–22.3: sell sales room and dryers, repay loans ($7 / $16), pay complete tasks."""
    for seat in range(state.num_players):
        nm = state._seat_name(seat)
        mill = state.mill[seat]
        v = mill_sale_value(mill)
        for loc in range(4):
            for p in range(6):
                if p != HW:
                    mill[loc][p] = 0
        state.money[seat] += v
        state.log(f"{nm} final sale of sales room and dryers: ${v}")
        repay = LOAN_REPAY[state.loans[seat]]
        if repay:
            state.money[seat] -= repay
            state.log(f"{nm} repays loans: ${repay}")
        for t in state.tasks[seat]:
            if task_complete(t):
                reward = TASK_CARDS[t[0]][2]
                state.money[seat] += reward
                state.log(f"{nm} completed task {TASK_CARDS[t[0]][0]}: +${reward}")
    state.log("final money: " + ", ".join(f"{state._seat_name(s)} ${state.money[s]}" for s in range(state.num_players)))
    state.log("final ranking: " + ranking_text(state))


def scores(state) -> list:
    """Dollars per seat (after the final settlement once the game is over)."""
    return list(state.money)


def _dollars(v: int) -> str:
    return f"-${-v}" if v < 0 else f"${v}"


def ranking_text(state) -> str:
    """The ranking by money, best first, and how a tie is settled: most dollars wins and the
    rules give no tie-breaker, so tied players share the place (LG-22.4). ``1. P2 $31, 2. P1
    $25 (most dollars wins; a tie would be shared, LG-22.4)``; with a tie ``1. P1 $31, 1. P2
    $31 (P1 and P2 tie on $31 and share 1st place: no tie-break, LG-22.4)``. Logged after the
    final settlement and shown on the game-over board."""
    return ranking_with_ties(state, lambda s: _dollars(state.money[s]), "LG-22.4", "most dollars wins")


def rank_key(state, seat: int) -> tuple:
    """LG-22.4: most dollars wins; no tie-breaker (tied players share the place)."""
    return (state.money[seat],)


__all__ = ["PIECE_NAMES", "final_settlement", "mill_sale_value", "rank_key", "ranking_text", "scores", "task_complete"]
