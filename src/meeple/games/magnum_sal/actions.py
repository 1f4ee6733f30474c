"""Magnum Sal action notation (text <-> Action), built once and cached.

Every decision is small: a compound turn is a sequence of simple decisions by one player. Notations, by the stage they appear in:

Main menu (an action of the turn, MS-7.1; bucket/food are outside actions, MS-5.4):
  ``pass``                        pass (MS-7.1e, rest MS-11.3)
  ``place``                       place/move a miner in the mine (MS-8), then ``from``/``to``
  ``extract I.R2``                extract salt from a chamber (MS-10), then the steps below
  ``assist market``               put an assistant in a building (MS-12), then ``from``
  ``inn``                         hire a miner (MS-14)
  ``workshop 3 rope``             buy the tool of the 3-groše slot (MS-15)
  ``pump II.L1``                  pump house: remove the first water cube there (MS-16)
  ``market``                      market visit (MS-17), then transactions
  ``square``                      town square, +1 groš (MS-18)
  ``castle`` / ``castle royal``   send a miner to the castle queue (MS-19), royal privilege
  ``bucket II.R1>II.R2``          bucket: move one water cube (MS-20.4)
  ``food I.R2``                   food: stand up a tired miner there (MS-20.6)
  ``done``                        end the turn (only offered after the last action when a
                                  bucket or food could still be used)
Sub-steps:
  ``from supply`` / ``from @market`` / ``from I.R2``   which available miner (MS-7.3)
  ``to S3``                        destination in the mine (MS-8.3)
  ``rope`` / ``done``              use a rope for one more placement (MS-20.2)
  ``take brown|green|white``       extract one more cube (MS-10.1)
  ``pickaxe``                      +1 strength (MS-20.3)
  ``cart S5`` / ``cart III.R1+S6`` cart over one or two adjacent path spaces (MS-20.5)
  ``pay black``                    give 1 groš of a shared space's fee to that player (MS-10.3)
  ``commercial``                   commercial privilege for this market visit (MS-20.7)
  ``sell green`` / ``buy brown``   one market transaction (MS-17.3/17.4)
  ``pump more``                    remove one more water cube (MS-16.1)
  ``deliver O1-3``                 which royal order a castle arrival completes (MS-19.4)
  ``penalty money`` / ``penalty brown``  castle penalty choice (MS-19.6)
  ``done``                         end an optional sequence
"""

from __future__ import annotations

from meeple.core import action_table

act = action_table()
"""``act(text, kind, args) -> Action``: each Magnum Sal action is built once and reused."""


PASS = act("pass", "pass")
DONE = act("done", "done")
PLACE = act("place", "place")
INN = act("inn", "inn")
MARKET = act("market", "market")
SQUARE = act("square", "square")
CASTLE = act("castle", "castle", (False,))
CASTLE_ROYAL = act("castle royal", "castle", (True,))
ROPE = act("rope", "rope")
PICKAXE = act("pickaxe", "pickaxe")
COMMERCIAL = act("commercial", "commercial")
PUMP_MORE = act("pump more", "pump_more")
PENALTY_MONEY = act("penalty money", "penalty", (-1,))
