"""What every topic of Lignum's rules uses: seat names, money and loans (LG-21), workers (LG-18),
and the answers an action function gives the flow (``flow.apply``).

The lowest layer of the rules package: it imports no other module of it.
"""

from __future__ import annotations

from ..components import LOAN_AMOUNT, MAX_LOANS

# ------------------------------------------------------------ what comes after an action
# An action function (``APPLY`` in flow.py) changes the state and returns what the flow does next:
WAIT = None
"""The acting seat decides again in the same stage (no automatic ``done``)."""
SETTLE = 1
"""Auto-apply ``done`` while it is the only legal action, else wait; the seat's part ends when
its stage does (``flow.after``)."""
PART_OVER = 2
"""The acting seat's part of the phase is over: the next seat's part, or the next phase."""
NEXT_TRAVELLER = 3
"""The travel turn is over (LG-8.1): the next foreman on the path moves (``flow.next_traveller``)."""

EQUIP_TOKENS = ("saw", "raft", "wagon", "sled")
"""A seat's equipment by index (``equip[seat][i]``), as the path tokens name them (LG-8.4.1)."""
HUT_NAMES = ("drying", "food", "lodging")
"""A seat's 3 hut fields by index (``huts[seat][i]``, LG-19.4-19.6), as the log and the board name them."""


def seat_name(seat: int) -> str:
    """``"P1"`` .. ``"P4"`` (seat 0 is P1), as the log names the players."""
    return f"P{seat + 1}"


# ------------------------------------------------------------ LG-21 money and loans
def avail(s, seat: int) -> int:
    """Dollars ``seat`` can raise now: cash plus the loans still open (LG-21.1/21.2)."""
    return s.money[seat] + LOAN_AMOUNT * (MAX_LOANS - s.loans[seat])


def take_loan(s, seat: int, forced: bool = False) -> None:
    """LG-21.1/21.2: +$4, at most 2 loans per player."""
    s.loans[seat] += 1
    s.money[seat] += LOAN_AMOUNT
    s.log(f"{seat_name(seat)} takes {'a forced ' if forced else ''}loan {s.loans[seat]} (+${LOAN_AMOUNT})")


def pay(s, seat: int, amount: int) -> None:
    """Pay ``amount`` dollars, taking loans first when cash is short (LG-8.3.1)."""
    while s.money[seat] < amount and s.loans[seat] < MAX_LOANS:
        take_loan(s, seat)
    s.money[seat] -= amount


def apply_loan(s, seat: int, args: tuple):
    """``loan``: LG-21.1, a free action of one's own turn (the stage goes on)."""
    take_loan(s, seat)
    return WAIT


# ------------------------------------------------------------ LG-18 workers
def worker(s, seat: int, hired: int) -> tuple:
    """Worker options for a job: hired first (dominant), else mill worker / lodging hut (LG-18.2, LG-19.6)."""
    if hired:
        return (0,)
    out = ()
    if s.mill_free[seat]:
        out += (1,)
    if s.huts[seat][2]:
        out += (2,)
    return out


def use_worker(s, seat: int, w: int, kind: int) -> None:
    """Use worker ``w`` (0 hired of ``kind``: 0 woodcutter, 1 carrier, 2 sawyer; 1 the mill
    worker; 2 a lodging hut) for one job (LG-18.2, LG-19.6)."""
    if w == 0:
        s.workers[seat][kind] -= 1
    elif w == 1:
        s.mill_free[seat] = False
    else:
        s.huts[seat][2] -= 1
        s.log(f"{seat_name(seat)} uses a lodging hut")
