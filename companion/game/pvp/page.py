"""What the PvP page shows: the players' standings, the last recorded outcome, the names of phases, elements and
kinds of attack, and, during a fight, who attacks and who blocks now."""

from __future__ import annotations

from typing import Mapping

from ...rules.combat.enemies import ELEMENTS
from ...rules.data import get_rules
from ...rules.progression import standing
from ...rules.pvp.fight import ARTIFACT_COST
from .fight import ATTACK_ROWS, BLOCK_ROWS, Fight, Side, uid_of
from .parse import ELEMENT_NAMES, KIND_NAMES, KINDS, PHASE_NAMES, RESISTANCE_NAMES, Setup


def page_data(state: dict) -> dict:
    """The page's data that does not depend on the fight being entered."""
    levels = get_rules().levels
    return {
        "players": state["players"], "standings": [standing(levels, int(p["fame"])) for p in state["players"]],
        "last": (state.get("pvp") or {}).get("last"), "phase_names": PHASE_NAMES, "element_names": ELEMENT_NAMES,
        "elements": ELEMENTS, "kinds": KINDS, "kind_names": KIND_NAMES, "resistance_names": RESISTANCE_NAMES,
        "uid_of": uid_of, "attack_rows": ATTACK_ROWS, "block_rows": BLOCK_ROWS, "artifact_cost": ARTIFACT_COST,
    }


def turn_view(sides: Mapping[int, Side], setup: Setup, fight: Fight) -> dict:
    """Who attacks now, who blocks, and the blocker's units wounded earlier in this fight (Rulebook PvP Ranged and
    Siege 5a: they cannot be wounded again)."""
    blocker = sides[setup.d if fight.attacker == setup.a else setup.a]
    return {"blocker": blocker, "attacker": sides[fight.attacker],
            "taken": set(fight.units_wounded.get(blocker.index, []))}
