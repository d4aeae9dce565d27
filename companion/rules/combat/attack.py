"""Combat with enemies, a player's attack resolved (pure engine): which attacks count in full and which are halved,
the armor to beat, the Fame won, with the rule of every step in the explanation.

Rules: Rulebook "Combat with Enemies" (Ranged and Siege phase 3-6, Attack phase 1a), the quick reference sheet
(Defend, Elusive, Arcane Immunity). The enemy, its site and the checks every step uses are in ``enemies.py``.

Public, stable API: ``resolve_attack(targets, attacks, phase, site, others=())`` -> ``AttackResult``;
``split_efficiency`` and ``attack_total`` (the same sum counts a block, ``block.py``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from companion.rules.combat.enemies import (ATTACK_KINDS, ELEMENTS, PHASES, RESISTANCE_TERMS, CombatError, Enemy,
                                            PlayerAttack, Site, _check_int, _fmt, check_element, current_armor,
                                            effective_enemy, element_term, enemy_name, fortification, name_list,
                                            validate_enemy, validate_site)
from companion.rules.text import T, Term


@dataclass(frozen=True)
class AttackResult:
    allowed: bool
    reason: str | None
    total: int
    armor: int
    success: bool
    fame: int
    efficient: int
    inefficient: int
    defend_bonus: int
    explanation: tuple[str, ...]


def split_efficiency(targets: Sequence[Enemy], attacks: Sequence[PlayerAttack]) -> tuple[list[int], list[int]]:
    """(efficient values, inefficient values): one resistant target makes that element inefficient for the
    whole attack (Rulebook Ranged and Siege 4a); sideways cards are physical."""
    eff, ineff = [], []
    for a in attacks:
        element = "physical" if a.kind == "sideways" else a.element
        (ineff if any(t.resistant(element) for t in targets) else eff).append(a.value)
    return eff, ineff


def attack_total(eff: Sequence[int], ineff: Sequence[int]) -> int:
    """Efficient attacks in full plus all inefficient attacks summed and halved once, rounded down."""
    return sum(eff) + sum(ineff) // 2


def resolve_attack(
    targets: Sequence[Enemy],
    attacks: Sequence[PlayerAttack],
    phase: str,
    site: Site | None = None,
    others: Sequence[Enemy] = (),
) -> AttackResult:
    """One attack (a column of attack effects) against a group of targets.

    ``others``: the other enemies still in the combat (only their unused Defend matters).
    Defend (quick reference): the first enemy you attack in a combat gets +Defend armor until the end of
    the combat; an enemy's Defend is used once per combat (``defend_used``). We give every unused Defend to
    the first target of this attack (the caller then marks them used and keeps the bonus on that enemy).
    """
    if phase not in PHASES:
        raise CombatError(f"phase must be one of {', '.join(PHASES)}, got {phase!r}")
    site = validate_site(site)
    if not targets:
        raise CombatError("an attack needs at least one target")
    for t in list(targets) + list(others):
        validate_enemy(t)
    for a in attacks:
        _check_int(a.value, "attack value", 0)
        check_element(a.element, "attack element")
        if a.kind not in ATTACK_KINDS:
            raise CombatError(f"attack kind must be one of {', '.join(ATTACK_KINDS)}, got {a.kind!r}")
    trace: list[str] = []
    targets = list(targets)
    for i, t in enumerate(targets):
        t2, tr = effective_enemy(t, site)
        targets[i] = t2
        trace.extend(tr)
    names = name_list([enemy_name(t) for t in targets])

    def refuse(reason: str) -> AttackResult:
        return AttackResult(False, reason, 0, sum(current_armor(t, phase) for t in targets), False, 0, 0, 0, 0,
                            tuple(trace + [reason]))

    if phase == "ranged_siege":
        for t in targets:
            if fortification(t, site) >= 2:
                if site.across_wall:
                    return refuse(T("Rulebook Ranged and Siege 3: %(enemy)s is fortified twice (ability and site or "
                                    "wall) and cannot be targeted in this phase", enemy=enemy_name(t)))
                return refuse(T("Rulebook Ranged and Siege 3: %(enemy)s is fortified twice (ability and site) and "
                                "cannot be targeted in this phase", enemy=enemy_name(t)))
        if any(a.kind == "sideways" for a in attacks):
            return refuse(T("Rulebook Ranged and Siege 3b: cards cannot be played sideways for Ranged or Siege "
                            "attacks"))
        if any(a.kind == "melee" for a in attacks):
            return refuse(T("Rulebook Ranged and Siege 3: only Ranged and Siege attacks can be played in this phase"))
        fortified = [enemy_name(t) for t in targets if fortification(t, site) == 1]
        if fortified and any(a.kind == "ranged" for a in attacks):
            return refuse(T("Rulebook Ranged and Siege 3: %(enemies)s fortified, only Siege attacks can be played",
                            enemies=name_list(fortified)))
        if fortified:
            trace.append(T("Rulebook Ranged and Siege 3: %(enemies)s fortified, Siege attacks only",
                           enemies=name_list(fortified)))
    elif any(a.kind == "sideways" for a in attacks):
        trace.append(T("Rulebook Attack phase 1a: fortifications no longer apply, every attack counts (sideways "
                       "cards are physical Attack 1)"))
    else:
        trace.append(T("Rulebook Attack phase 1a: fortifications no longer apply, every attack counts"))

    for t in targets:
        if t.has("arcane_immunity"):
            trace.append(T("Quick reference, Arcane Immunity: %(enemy)s is not affected by non-Attack/Block effects "
                           "(attacks still count)", enemy=enemy_name(t)))

    # Defend
    defend_bonus = 0
    defenders = [e for e in list(targets) + list(others) if e.defend and not e.defend_used]
    if defenders:
        defend_bonus = sum(e.defend for e in defenders)
        first = targets[0]
        targets[0] = replace(first, armor_bonus=first.armor_bonus + defend_bonus)
        trace.append(T("Quick reference, Defend: %(enemy)s is the first enemy attacked, +%(bonus)d Armor (Defend of "
                       "%(defenders)s) until the end of the combat", enemy=enemy_name(first), bonus=defend_bonus,
                       defenders=name_list([enemy_name(e) for e in defenders])))

    armors = [current_armor(t, phase) for t in targets]
    for t, a in zip(targets, armors):
        if t.elusive_armor is not None:
            if phase == "attack" and t.all_attacks_blocked:
                trace.append(T("Quick reference, Elusive: %(enemy)s armor %(armor)d (Attack phase and all its attacks "
                               "were blocked: lower value)", enemy=enemy_name(t), armor=a))
            else:
                trace.append(T("Quick reference, Elusive: %(enemy)s armor %(armor)d (higher value: lower only in the "
                               "Attack phase when all its attacks were blocked)", enemy=enemy_name(t), armor=a))
    armor = sum(armors)
    eff, ineff = split_efficiency(targets, attacks)
    for element in ELEMENTS:
        resisted = [enemy_name(t) for t in targets if t.resistant(element)]
        used = any(("physical" if a.kind == "sideways" else a.element) == element for a in attacks)
        if resisted and used:
            trace.append(T("Rulebook Ranged and Siege 4a: %(enemies)s has %(resistance)s, so every %(element)s attack "
                           "against this group is inefficient", enemies=name_list(resisted),
                           resistance=Term(RESISTANCE_TERMS[element]), element=element_term(element)))
    total = attack_total(eff, ineff)
    if ineff:
        trace.append(T("Rulebook Ranged and Siege 4a: inefficient attacks %(values)s = %(sum)d, halved once = "
                       "%(half)d", values=_fmt(ineff), sum=sum(ineff), half=sum(ineff) // 2))
        trace.append(T("Attack total %(values)s + halved %(half)d = %(total)d", values=_fmt(eff), half=sum(ineff) // 2,
                       total=total))
    else:
        trace.append(T("Attack total %(values)s = %(total)d", values=_fmt(eff), total=total))
    trace.append(T("Rulebook Ranged and Siege 5: armor to beat is the sum of the targets' armor %(values)s = "
                   "%(armor)d", values=_fmt(armors), armor=armor))
    success = total >= armor
    fame = sum(t.fame for t in targets) if success else 0
    if success:
        trace.append(T("Rulebook Ranged and Siege 5: %(total)d >= %(armor)d, %(enemies)s defeated; Fame +%(fame)d",
                       total=total, armor=armor, enemies=names, fame=fame))
    else:
        trace.append(T("Rulebook Ranged and Siege 6: %(total)d < %(armor)d, the attack has no effect (need %(more)d "
                       "more)", total=total, armor=armor, more=armor - total))
    return AttackResult(True, None, total, armor, success, fame, sum(eff), sum(ineff), defend_bonus, tuple(trace))
