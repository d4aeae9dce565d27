"""Combat in a game: one combat, phase by phase; the outcome goes into the game.

Rules: Rulebook "Combat with Enemies" (Ranged and Siege, Block, Assign Damage, Attack phases), "Combat Outcomes",
"City Assaults"; quick reference sheet (sites, enemy abilities). The rules themselves are the pure engine's
(``companion/rules/combat/``); this package holds combat's commands (registered as
``combat_<action>``), its reducers and its page queries, by concept:

``state``    the vocabulary, reading ``state["combat"]``, adapters over the engine
``forms``    a command's input (form fields or a plain mapping) into checked values, over ``game.fields``
``kept``     ``enemy.kept``, ``enemy.forgotten``: typed enemies the game keeps for later fights (one tap)
``variant``  ``mage_lite_rules(state)``: the one seam that switches on Mage Lite's combat rules (seed 004)
``mage_lite`` Mage Lite's wounds (hand first, then the deed deck; Poison's choice; Paralyze; knock-out), site notes
``setup``    ``combat.setup``, ``combat.enemy_add``, ``combat.enemy_remove``, ``combat.coop_deal``
``phases``   ``combat.phase``, ``combat.attack``, ``combat.summon``, ``combat.block``
``damage``   ``combat.damage``: the suggestion or one attack assigned by hand
``outcome``  ``combat.end`` (the outcome applied to the player), ``combat.cancel``
``view``     what the combat page shows
``payloads`` the payload of every combat event, checked before its reducer (commands and imports alike)

Events (all undoable, scope ``("combat",)``; the end also touches the fighting player). Results are computed by
the engine when the command is given and stored in the event, so a replay (undo, redo, restart) gives exactly
what the table saw; reducers only apply them.
"""

from __future__ import annotations

from . import damage, kept, mage_lite, outcome, payloads, phases, setup, state, variant, view  # noqa: F401  (registers reducers etc.)
from .damage import suggestion
from .outcome import outcome_of
from .state import FIGHTS, engine_enemy

__all__ = ["FIGHTS", "engine_enemy", "outcome_of", "suggestion"]
