"""The Dummy player of a solo or cooperative game (Scenario Book, "Dummy Player"): its commands, reducers and page
query, over ``state["dummy"]``. No Flask, no database.

Everything the dummy does is one undoable event; its data lives in ``state["dummy"]``:

``mode``            "virtual" (the app shuffles and flips), "physical" (the table flips, the app counts) or
                    "mage_lite" (004 Mage Lite: a level counter instead of a deck)
``hero``            the Dummy hero's id; ``crystals`` {colour: n} (no limit of 3)
``deck``            virtual: its cards left, top first (card dicts id/name/name_de/color); ``discard`` flipped
``deck_count``      cards left in its Deed deck (not yet flipped this Round) - scoring reads it
``composition``     physical: its cards by colour this round; ``seen``: the deciding colours tapped this round
``announced``       the End of the Round was announced this Round; ``announced_by`` "dummy" or the player index;
                    ``last_turns_left`` how many last turns the others still have; ``last_turn_done`` the dummy
                    took its last turn after a player announced
``last``            the last turn (what was flipped, the deciding colour, the trace); ``turns`` this round's turns
``tactic``          its Tactic this round; ``player_tactics`` {player index: tactic id}; ``removed_tactics``
``turn``            index into ``state["round_order"]`` of whoever plays now
``skills``          solo games: {"pile": [...], "offer": [...], "removed": [...]}
``level``, ``threshold``, ``pips``   Mage Lite

Modules: ``common`` (rules data, the guarded reducer registry, shared checks; where the Dummy stands in the Round
is ``companion.game.flow.round_state``'s), ``setup`` (set-up and the deck),
``turns`` (turns, passing, the End of the Round), ``rounds`` (tactics and the new round), ``skills`` (solo Skills
and the Mage Lite counter), ``page`` (what the Dummy page shows).
"""

from __future__ import annotations

from ..flow.round_state import available_tactics, round_running
from .common import MODES, is_final_day_or_night
from .page import chart, forecast, page_data

__all__ = ["MODES", "available_tactics", "chart", "forecast", "is_final_day_or_night", "page_data", "round_running"]
