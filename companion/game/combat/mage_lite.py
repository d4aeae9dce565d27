"""Mage Lite's combat in a game (seed 004): the hero's wounds in Mage Lite's words, Poison's choice, Paralyze, the
knock-out, the site notes. Every function here is called only when ``variant.mage_lite_rules(state)`` holds; the
Mage Knight referee does the rest (phases, resistances, block efficiency, the city bonuses, damage to Units).

The Assign Damage step stores, beside the Mage Knight engine's result, ``mage_lite``: where the hero's wounds go
(``rules.mage_lite.combat.take_wounds``), with the player's Poison choice (``poison``: "deck" or "hand") and the
room in the hand (``hand_starting``, ``hand_waning``: the cards in the hand not being played; empty: as many as
come). The outcome then applies those numbers: wounds into the hand and into the deed deck. No Flask.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.combat.damage import UnblockedAttack, assign_damage, prepare_attack
from ...rules.combat.enemies import CombatError
from ...rules.mage_lite.combat import (DUNGEON_NOTE, MAZE_NOTE, WOUND_NOTE, HeroHit, hand_room, take_wounds)
from ...rules.text import N_, T, Tn
from ..spine.command import Invalid
from ..spine.fields import between, choice
from .state import (enemy_by_key, engine_enemy, hero_of, lines_json, move_points_of, refuse, site_of,
                    unblocked_for_engine, units_of)

POISON_CHOICES = ("deck", "hand")


def hero_hits(state: dict, cur: dict, entries) -> list[HeroHit]:
    """The hero's wounds attack by attack (the engine resolves the attacks in order: each one's wounds are the
    difference of the totals before and after it) and whether its enemy has Poison or Paralyze."""
    hits = []
    before = 0
    site = site_of(cur)
    units = units_of(state, cur)
    for n, (key, index, _assign) in enumerate(entries, start=1):
        e = enemy_by_key(cur, key)
        try:
            res = assign_damage(hero_of(cur), units, unblocked_for_engine(cur, entries[:n]), site)
            pa = prepare_attack(UnblockedAttack(engine_enemy(e), index, (), move_points_of(e, index)), site)
        except CombatError as err:
            refuse(err)
        total = res.hero.wounds_to_hand
        hits.append(HeroHit(pa.name, total - before, "poison" in pa.abilities, "paralyze" in pa.abilities))
        before = total
    return hits


def room_of(data: Mapping[str, Any], earlier: Mapping[str, Any] | None) -> int | None:
    """How many wounds the hand can take (004 "Taking Wounds": 2 per Starting card, 1 per Waning card, not the
    cards being played); given once per combat, kept for the attacks assigned after."""
    if data.get("hand_starting") in (None, "") and data.get("hand_waning") in (None, ""):
        return (earlier or {}).get("room")
    starting = between(data, "hand_starting", 0, 20, default=0, label=N_("Starting cards in your hand"))
    waning = between(data, "hand_waning", 0, 20, default=0, label=N_("Waning cards in your hand"))
    return hand_room(starting, waning)


def damage_mage_lite(state: dict, cur: dict, entries, data: Mapping[str, Any]) -> dict:
    """The ``mage_lite`` part of a ``combat.damage`` payload."""
    earlier = (cur.get("damage") or {}).get("mage_lite")
    poison = choice(data, "poison", POISON_CHOICES, default=(earlier or {}).get("poison", "deck"))
    room = room_of(data, earlier)
    try:
        res = take_wounds(hero_hits(state, cur, entries), int(cur["hand_limit"]), poison == "deck", room)
    except ValueError as err:
        raise Invalid(N_("The rules do not allow this: %(reason)s"), reason=str(err)) from None
    return {"poison": poison, "room": room, "hand": res.hand, "deck": res.deck, "poison_extra": res.poison_extra,
            "knocked_out": res.knocked_out, "discard_hand": res.discard_hand,
            "explanation": lines_json((T(WOUND_NOTE),) + res.explanation)}


def outcome_wounds(cur: dict) -> dict | None:
    """The hero's wounds as Mage Lite takes them (from the last Assign Damage step), or None (no damage)."""
    ml = (cur.get("damage") or {}).get("mage_lite")
    if not ml:
        return None
    return {"wounds_to_hand": int(ml["hand"]), "wounds_to_deck": int(ml["deck"]),
            "knocked_out": bool(ml["knocked_out"]), "explanation": list(ml.get("explanation") or ())}


def site_notes(cur: Mapping[str, Any]) -> list[str]:
    """What Mage Lite's Site Reference says for this fight (shown on the combat page)."""
    if cur["fight"] == "dungeon":
        return [DUNGEON_NOTE]
    if cur["fight"] == "maze":
        return [MAZE_NOTE]
    return []


# Mage Knight's lines about the hero's Wound cards (the discard pile, non-Wound cards): Mage Lite says its own
MK_HERO_LINES = ("Quick reference, Poison: %(n)d more Wound into the discard pile",
                 "Quick reference, Paralyze: the hero discards all non-Wound cards from the hand",
                 "Rulebook Assign Damage 5c: %(wounds)d Wound into the hand this combat >= unmodified hand limit "
                 "%(limit)d: knocked out, discard all non-Wound cards from the hand")
MK_HERO_COUNT = ("Rulebook Assign Damage 5a: %(damage)d damage to the hero, armor %(armor)d: %(wounds)d Wound into "
                 "the hand (one per started %(armor)d)")


def wound_trace(explanation, ml: Mapping[str, Any] | None) -> list:
    """The Assign Damage step's "Why" in Mage Lite's words (004 "Taking Wounds": a wound rotates a Starting card
    to Waning or discards a Waning card, in the hand first, then in the deed deck): the Mage Knight referee's lines
    about Units and damage, its hero count said as 004 "Assign Damage phase" 5a counts it, its lines about Wound
    cards and the discard pile replaced by where the wounds go (``ml``'s explanation)."""
    out = []
    for line in explanation or ():
        msg = line.get("msg") if isinstance(line, Mapping) else getattr(line, "msgid", None)
        if msg in MK_HERO_LINES:
            continue
        if msg == MK_HERO_COUNT:
            a = (line.get("args") if isinstance(line, Mapping) else getattr(line, "args", None)) or {}
            out.append(Tn("Mage Lite, Assign Damage 5a: %(damage)d damage to your hero, armor %(armor)d: %(wounds)d "
                          "wound (one per started %(armor)d)",
                          "Mage Lite, Assign Damage 5a: %(damage)d damage to your hero, armor %(armor)d: %(wounds)d "
                          "wounds (one per started %(armor)d)", "wounds", damage=int(a.get("damage") or 0),
                          armor=int(a.get("armor") or 0), wounds=int(a.get("wounds") or 0)).to_json())
            continue
        out.append(line)
    return out + list((ml or {}).get("explanation") or ())
