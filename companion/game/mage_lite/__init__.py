"""Mage Lite at the table (seed 004, the 18-card solo game): the Mini Blitz scenario from set-up to its verdict,
the Fame card with the Fame Bonus, the hero card, the Reputation card, the Round with the Main Expansion's Dummy
counter, and what the text says to remember. A game is a Mage Lite game when its set-up has ``"game": "mage_lite"``
(and ``"mode": "mage_lite"``, which the fold copies into ``state["game"]``): ``core.is_mage_lite``. Its data is
``state["mage_lite"]``; Fame and Reputation are the one player's ``state["players"][0]`` fields, Round and Day or
Night ``state["round"]`` and ``state["time"]``. Modules: ``core`` (state helpers, shared checks), ``setup`` (the
set-up and the Mini Blitz numbers), ``tracks`` (Fame, levels, hero card, Reputation), ``rounds`` (turns, the Dummy
counter, the Round's end, cities, the verdict), ``reminders`` (what the text says to remember), ``units`` (the Units' card numbers, their wounds and healing),
``fights`` (a fight on the
combat page fed into the game: the ``FightHooks`` of ``companion/game/flow/fight_hooks.py``), ``page`` (what the
page shows), ``payloads`` (each event's payload check, loaded with the package).
"""

from __future__ import annotations

from . import payloads as _payloads  # noqa: F401  (declares the Mage Lite events' payloads with the reducers)
from . import units as _units  # noqa: F401  (the Units' card numbers and healing: mage_lite.unit)
from . import end_turn as _end_turn  # noqa: F401  (Forced Withdrawal: mage_lite.withdraw)
from . import interact as _interact  # noqa: F401  (interaction with locals and healing: mage_lite.interact, .heal)
from . import fights as _fights  # noqa: F401  (registers the fight hooks: a fight on the combat page feeds the game)
