"""Which combat rules a game plays: Mage Knight's, or Mage Lite's on top of them (seed 004, "Mage Lite").

The one seam between the combat referee and the Mage Lite game: a Mage Lite game has
``state["game"]["mode"] == "mage_lite"`` (its set-up ``{"game": "mage_lite", ...}``), as a Runewars game has mode
``runewars``. Every Mage Lite rule of the combat package asks ``mage_lite_rules(state)`` and nothing else; what a
fight gives back to the Mage Lite game (Fame with the Fame Bonus, the Reputation card, a city conquered, the hero
card's numbers at the set-up) is the game's ``FightHooks`` (``companion/game/flow/fight_hooks.py``).
No Flask, no database.
"""

from __future__ import annotations

MAGE_LITE = "mage_lite"


def mage_lite_rules(state: dict) -> bool:
    """True in a Mage Lite game: its combat applies Mage Lite's own rules (Poison's extra wounds may go into the
    deck, wounds rotate Starting cards to Waning, Summon by the Guiding symbol ...) on top of Mage Knight's."""
    return (state.get("game") or {}).get("mode") == MAGE_LITE
