"""Assign Damage phase: the engine's suggestion for every unblocked attack, or one attack assigned by hand.

Event: ``combat.damage`` (scope ``("combat", "player:<i>:units")``), its payload the whole assignment so far and
the engine's result for it. Rulebook "Assign Damage phase" (units, resistances, the hero's Armor, knock-out);
quick reference (Brutal, Poison, Paralyze, Assassination, Vampiric).
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, Mapping

from ...rules.combat.damage import assign_damage, suggest_assignment
from ...rules.combat.enemies import CombatError
from ...rules.text import N_, Nn_
from ...solvers import solve
from ...state import player, reducer
from ..flow.fight_hooks import fight_hooks
from ..spine.command import Command, Invalid, command
from ..spine.fields import choice, yes
from ..spine.sentences import plural_sentence
from .forms import need_current, parse_assignment, unassigned
from .mage_lite import damage_mage_lite
from .state import (SCOPE, assigned_entries, current, enemy_by_key, hero_of, refuse, remaining_attacks,
                    result_dict, site_of, unblocked_for_engine, units_after, units_of)
from .variant import mage_lite_rules


@reducer("combat.damage")
def _damage(state, p, ev):
    cur = current(state)
    if cur is None:
        return
    cur["damage"] = {"assigned": copy.deepcopy(p["assigned"]), "result": copy.deepcopy(p["result"])}
    if p.get("mage_lite"):
        cur["damage"]["mage_lite"] = copy.deepcopy(p["mage_lite"])  # where the hero's wounds go (Mage Lite)
    # Quick reference, Vampiric: the enemy's Armor rises for the rest of the combat
    for e in cur["enemies"]:
        e["vampiric"] = 0
    for v in p["result"].get("vampiric", []):
        e = enemy_by_key(cur, p["assigned"][v["attack"]]["key"])
        if e is not None:
            e["vampiric"] = int(e.get("vampiric") or 0) + int(v["armor_bonus"])
    cur["actions"].append({"seq": ev.seq, "what": "damage", "mode": p.get("mode"), "prefer": p.get("prefer")})
    if p.get("then") == "attack":
        # Fewer taps: taking the suggestion assigns every attack left, so the combat goes on to the
        # Attack phase in the same step (events recorded before this field stay in the Assign Damage phase).
        cur["phase"] = "attack"




def damage_result(state: dict, cur: dict, entries):
    try:
        return assign_damage(hero_of(cur), units_of(state, cur), unblocked_for_engine(cur, entries), site_of(cur))
    except CombatError as err:
        refuse(err)


def suggestion(state: dict, cur: dict, prefer: str):
    """The engine's best assignment for the attacks not assigned yet, given what earlier ones did."""
    units, hand = units_after(state, cur)
    remaining = remaining_attacks(cur)
    if not remaining:
        return None
    hero = replace(hero_of(cur), wounds_this_combat=hand)
    try:
        sug = solve(suggest_assignment, hero, units,
                    unblocked_for_engine(cur, [(k, i, ()) for k, i in remaining]), site_of(cur), prefer)
    except CombatError as err:
        refuse(err)
    return [(k, i, tuple(a)) for (k, i), a in zip(remaining, sug.assign)], sug




@command("combat_damage")
def damage(state: dict, data: Mapping[str, Any]) -> Command:
    """``mode`` "suggest": the engine's best assignment for the attacks not assigned yet (``prefer`` "units" or
    "hero"; ``then_attack`` "yes": on to the Attack phase in the same step, one tap on the page); "manual": one
    attack (``attack`` = "key:index") on the listed ``unit`` ids, the rest to the hero. In a Mage Lite game also
    ``poison`` ("deck", the default, or "hand") and ``hand_starting``/``hand_waning`` (mage_lite.py)."""
    cur = need_current(state, ("damage",))
    mode = choice(data, "mode", ("suggest", "manual"))
    prefer = choice(data, "prefer", ("units", "hero"), default="units")
    unassigned(cur)
    if mode == "suggest":
        new, _sug = suggestion(state, cur, prefer)
    else:
        new = [parse_assignment(data, cur, state)]
    entries = assigned_entries(cur) + new
    res = damage_result(state, cur, entries)
    payload = {"mode": mode, "prefer": prefer,
               "assigned": [{"key": k, "attack_index": i, "assign": list(a)} for k, i, a in entries],
               "result": result_dict(res)}
    if mage_lite_rules(state):
        # seed 004: wounds rotate or discard hand cards, Poison's extra ones may go into the deck (mage_lite.py)
        payload["mage_lite"] = damage_mage_lite(state, cur, entries, data)
    if mode == "suggest" and yes(data, "then_attack"):
        payload["then"] = "attack"  # nothing is left to assign: the Attack phase follows (Rulebook, the phases)
    name = player(state, cur["player"])["name"]
    if mode == "suggest":
        msg = (Nn_("%(name)s takes the suggested damage assignment (protect my units): %(hand)d Wound into the "
                   "hand.", "%(name)s takes the suggested damage assignment (protect my units): %(hand)d Wounds "
                   "into the hand.") if prefer == "hero" else
               Nn_("%(name)s takes the suggested damage assignment: %(hand)d Wound into the hand.",
                   "%(name)s takes the suggested damage assignment: %(hand)d Wounds into the hand."))
    else:
        msg = Nn_("%(name)s assigns the damage of one attack: %(hand)d Wound into the hand so far.",
                  "%(name)s assigns the damage of one attack: %(hand)d Wounds into the hand so far.")
    hooks = fight_hooks(state)  # Mage Lite: its Units are its own (their card's numbers, their wounds)
    return Command("combat.damage", payload, plural_sentence(*msg, "hand", name=name,
                                                             hand=res.hero.wounds_to_hand),
                   (SCOPE, f"player:{cur['player']}:units") + (hooks.scope if hooks is not None else ()))
