"""Runewars at the table (seed 001): unit types, battles, duels, attribute tests and limits as commands, reducers
and page queries over ``state["runewars"]``. A game is a Runewars game when its set-up has ``"game": "runewars"``
(and ``"mode": "runewars"``, which the fold copies into ``state["game"]``); Mage Knight games never see this.
Each event's payload check is in ``payloads``, loaded with the package (so with every reducer of it).
"""

from __future__ import annotations

from . import payloads as _payloads  # noqa: F401  (declares the Runewars events' payloads with the reducers)
