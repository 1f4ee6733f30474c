"""``python -m meeple.testing GAME [SEEDS]``: the contract checks of
:func:`meeple.testing.conformance.check_game` on a registered game."""

import sys

from .conformance import main

sys.exit(main())
