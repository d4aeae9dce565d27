"""Player versus Player combat and the cooperative city assault split (pure).

Rules: Rulebook "Player versus Player Combat" (Ranged and Siege Attacks 1-6, Melee Attacks 1-3, Combat
Outcome 1-2), quick reference "Walls" (attacking another player across a wall: the target is fortified),
icon reference "Unit Resistances" (Player vs. Player), Rulebook "Cooperative City Assault" 3b and 5.

Public, stable API:
- ``pvp_attack(attacks, blocks, phase, fortified=False, block_full=False)`` -> ``PvpAttackResult``
- ``pvp_damage(damage, elements, hero, units, spend, phase, move_cost=None)`` -> ``PvpDamageResult``
- ``pvp_fame(winner_level, winner_fame, loser_level, loser_fame)`` -> (fame, explanation)
- ``coop_split(garrison, counts, rng)`` -> tuple of tuples (the enemies dealt to each participant)
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence, TypeVar

from companion.rules.text import Name, T, Tn

from companion.rules.combat.block import block_efficient
from companion.rules.combat.damage import Hero, Unit
from companion.rules.combat.enemies import (
    ATTACK_KINDS,
    Block,
    CombatError,
    PlayerAttack,
    _check_int,
    _fmt,
    check_element,
    element_term,
    name_list,
)

PVP_PHASES = ("ranged_siege", "melee")
ARTIFACT_COST = 5


@dataclass(frozen=True)
class PvpAttackResult:
    allowed: bool
    reason: str | None
    attack: int  # total of the attack played
    elements: tuple[str, ...]  # elements represented in the attack (physical if a card was played sideways)
    block: int  # block total after halving inefficient blocks
    reduction: int  # how much the block took off the attack
    damage: int  # what is left to assign
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class PvpDamageResult:
    hero_wounds: int
    knocked_out: bool
    units_wounded: tuple[str, ...]
    artifacts_stolen: int
    retreat: bool
    unassigned: int
    explanation: tuple[str, ...]


def _validate_attacks(attacks: Sequence[PlayerAttack]) -> None:
    for a in attacks:
        _check_int(a.value, "attack value", 0)
        check_element(a.element, "attack element")
        if a.kind not in ATTACK_KINDS:
            raise CombatError(f"attack kind must be one of {', '.join(ATTACK_KINDS)}, got {a.kind!r}")


def pvp_attack(
    attacks: Sequence[PlayerAttack],
    blocks: Sequence[Block],
    phase: str,
    fortified: bool = False,
    block_full: bool = False,
) -> PvpAttackResult:
    """One attack between players and the blocker's answer.

    ``fortified``: the blocker is the defender in a keep or mage tower, or across a wall (quick reference
    "Walls"): Siege attacks only in the Ranged and Siege phase. ``block_full``: the blocker used an effect
    "blocked enemy loses Swiftness", so a ranged-phase block counts 1 per point.
    """
    if phase not in PVP_PHASES:
        raise CombatError(f"phase must be one of {', '.join(PVP_PHASES)}, got {phase!r}")
    _validate_attacks(attacks)
    for b in blocks:
        _check_int(b.value, "block value", 0)
        check_element(b.element, "block element")
    trace: list[str] = []

    def refuse(reason: str) -> PvpAttackResult:
        return PvpAttackResult(False, reason, 0, (), 0, 0, 0, tuple(trace + [reason]))

    if phase == "ranged_siege":
        if any(a.kind == "sideways" for a in attacks):
            return refuse(T("Rulebook PvP Ranged and Siege 3b: cards played sideways cannot contribute to this "
                            "attack"))
        if any(a.kind == "melee" for a in attacks):
            return refuse(T("Rulebook PvP Ranged and Siege 3: only Ranged and Siege attacks in this phase"))
        if fortified and any(a.kind == "ranged" for a in attacks):
            return refuse(T("Rulebook PvP Ranged and Siege 3a: the defender is fortified, only Siege attacks"))
    elements = sorted({a.element if a.kind != "sideways" else "physical" for a in attacks})
    if phase == "melee" and any(a.kind == "sideways" for a in attacks) and "physical" not in elements:
        elements.append("physical")
    if phase == "melee" and any(a.kind == "sideways" for a in attacks):
        trace.append(T("Rulebook PvP Melee 1c: a card played sideways makes the attack count as physical"))
    total = sum(a.value for a in attacks)
    trace.append(T("Attack %(values)s = %(total)d (%(elements)s)", values=_fmt([a.value for a in attacks]), total=total,
                   elements=name_list([element_term(e) for e in elements]) if elements else T("none")))
    eff = [b.value for b in blocks if any(block_efficient(b.element, e) for e in elements)]
    ineff = [b.value for b in blocks if not any(block_efficient(b.element, e) for e in elements)]
    block = sum(eff) + sum(ineff) // 2
    if ineff:
        trace.append(T("Rulebook PvP Ranged and Siege 4a: inefficient blocks %(values)s = %(sum)d, halved once = "
                       "%(half)d (a block is efficient if it is efficient against one element of the attack)",
                       values=_fmt(ineff), sum=sum(ineff), half=sum(ineff) // 2))
    if blocks:
        trace.append(T("Block total %(total)d", total=block))
    if phase == "ranged_siege" and not block_full:
        reduction = block // 2
        trace.append(T("Rulebook PvP Ranged and Siege 4c: the attack is reduced by 1 per 2 block points: -%(n)d",
                       n=reduction))
    else:
        reduction = block
        if phase == "melee":
            trace.append(T("Rulebook PvP Melee 1d: the attack is reduced by 1 per block point: -%(n)d", n=reduction))
        else:
            trace.append(T("Rulebook PvP Ranged and Siege 4c (blocked enemy loses Swiftness): the attack is reduced by "
                           "1 per block point: -%(n)d", n=reduction))
    damage = max(0, total - reduction)
    trace.append(T("Rulebook PvP Ranged and Siege 4d: %(n)d damage to assign (the attacker assigns it)", n=damage))
    return PvpAttackResult(True, None, total, tuple(elements), block, min(reduction, total), damage, tuple(trace))


def _unit_label(unit: Unit) -> Name:
    """A unit's id ("name #uid" on the pages) for a line, with the German name when the unit has one."""
    if unit.name and unit.name_de and unit.id.startswith(unit.name):
        return Name(unit.id, unit.name_de + unit.id[len(unit.name):])
    return Name(unit.id)


def pvp_unit_cost(unit: Unit, elements: Sequence[str]) -> int:
    """Icon reference, Unit Resistances (Player vs. Player): resistant to at least one element of the attack
    = twice its armor to wound it."""
    return unit.armor * 2 if any(unit.resistant(e) for e in elements) else unit.armor


def pvp_damage(
    damage: int,
    elements: Sequence[str],
    hero: Hero,
    units: Sequence[Unit],
    spend: Sequence[str],
    phase: str,
    move_cost: int | None = None,
) -> PvpDamageResult:
    """The attacker spends the damage, in order, on: a unit id (wound it: its armor, doubled if resistant),
    "hero" (one Wound to the hand per hero armor), "artifact" (Melee only: 5 damage steals an artifact) or
    "retreat" (Melee only: the unmodified move cost of a safe adjacent space; ends the combat).
    Rulebook PvP Ranged and Siege 5a-c, Melee 2a-b. Leftover damage may stay unassigned."""
    if phase not in PVP_PHASES:
        raise CombatError(f"phase must be one of {', '.join(PVP_PHASES)}, got {phase!r}")
    _check_int(damage, "damage", 0)
    for e in elements:
        check_element(e)
    _check_int(hero.armor, "hero armor", 1)
    _check_int(hero.hand_limit, "hero hand_limit", 1)
    by_id = {u.id: u for u in units}
    wounded = {u.id for u in units if u.wounded}
    trace: list[str] = []
    left = damage
    hero_wounds = artifacts = 0
    units_wounded: list[str] = []
    retreat = False
    for target in spend:
        if retreat:
            raise CombatError("the combat ended with the forced retreat; nothing can follow it")
        if target == "hero":
            cost, what = hero.armor, "the hero (armor)"
        elif target == "artifact":
            if phase != "melee":
                raise CombatError("artifacts can be stolen only in the Melee phase (Rulebook PvP Melee 2a)")
            cost, what = ARTIFACT_COST, "an artifact"
        elif target == "retreat":
            if phase != "melee":
                raise CombatError("a retreat can be forced only in the Melee phase (Rulebook PvP Melee 2b)")
            if move_cost is None:
                raise CombatError("move_cost (the unmodified move cost of the safe space) is needed for a retreat")
            _check_int(move_cost, "move_cost", 1)
            cost, what = move_cost, "forcing a retreat (move cost)"
        elif target in by_id:
            if target in wounded:
                raise CombatError(f"unit {target} is wounded and cannot be wounded again (Rulebook PvP Ranged and "
                                  f"Siege 5a)")
            cost = pvp_unit_cost(by_id[target], elements)
            what = f"unit {target} (armor {by_id[target].armor}{', doubled: resistant' if cost > by_id[target].armor else ''})"
            label = _unit_label(by_id[target])
            if cost > by_id[target].armor:
                what_line = T("unit %(unit)s (armor %(armor)d, doubled: resistant)", unit=label,
                              armor=by_id[target].armor)
            else:
                what_line = T("unit %(unit)s (armor %(armor)d)", unit=label, armor=by_id[target].armor)
        else:
            raise CombatError(f"unknown target {target!r}: a unit id, \"hero\", \"artifact\" or \"retreat\"")
        if left < cost:
            raise CombatError(f"{left} damage left is not enough for {what}: it needs {cost} (Rulebook PvP Ranged and "
                              f"Siege 5c)")
        left -= cost
        if target == "hero":
            hero_wounds += 1
            trace.append(T("Rulebook PvP Ranged and Siege 5b: %(n)d damage, one Wound into the hero's hand", n=cost))
        elif target == "artifact":
            artifacts += 1
            trace.append(T("Rulebook PvP Melee 2a: 5 damage steal one artifact (discard pile, play area or a wounded "
                           "unit)"))
        elif target == "retreat":
            retreat = True
            trace.append(T("Rulebook PvP Melee 2b: %(n)d damage as Move points force the blocker to retreat; the "
                           "combat ends", n=cost))
        else:
            wounded.add(target)
            units_wounded.append(target)
            trace.append(T("Rulebook PvP Ranged and Siege 5a: %(n)d damage wound %(what)s", n=cost, what=what_line))
    total_hand = hero.wounds_this_combat + hero_wounds
    knocked_out = total_hand >= hero.hand_limit
    if knocked_out:
        trace.append(T("Rulebook Assign Damage 5c: %(wounds)d Wounds into the hand this combat >= hand limit "
                       "%(limit)d: knocked out", wounds=total_hand, limit=hero.hand_limit))
    if left:
        trace.append(T("Rulebook PvP Ranged and Siege 5c: %(n)d damage left unassigned", n=left))
    return PvpDamageResult(hero_wounds, knocked_out, tuple(units_wounded), artifacts, retreat, left, tuple(trace))


def pvp_fame(winner_level: int, winner_fame: int, loser_level: int, loser_fame: int) -> tuple[int, tuple[str, ...]]:
    """Rulebook PvP Combat Outcome 1: the victor (the other player was forced to retreat) of a lower level gains
    1 Fame plus 2 per level lower; same level but less Fame: 1; otherwise nothing."""
    for v, w in ((winner_level, "winner_level"), (loser_level, "loser_level")):
        _check_int(v, w, 1)
    for v, w in ((winner_fame, "winner_fame"), (loser_fame, "loser_fame")):
        _check_int(v, w, 0)
    if winner_level < loser_level:
        diff = loser_level - winner_level
        fame = 1 + 2 * diff
        why = Tn("Rulebook PvP Combat Outcome 1a: the victor is %(diff)d level lower: 1 + 2 x %(diff)d = %(fame)d Fame",
                 "Rulebook PvP Combat Outcome 1a: the victor is %(diff)d levels lower: 1 + 2 x %(diff)d = %(fame)d "
                 "Fame", "diff", diff=diff, fame=fame)
    elif winner_level == loser_level and winner_fame < loser_fame:
        fame, why = 1, T("Rulebook PvP Combat Outcome 1b: same level, less Fame: 1 Fame")
    else:
        fame, why = 0, T("Rulebook PvP Combat Outcome 1c: the victor has as much Fame or more: no Fame")
    return fame, (why,)


Token = TypeVar("Token")


def coop_split(garrison: Sequence[Token], counts: Sequence[int],
               rng: random.Random) -> tuple[tuple[Token, ...], ...]:
    """Rulebook Cooperative City Assault 5: shuffle the garrison tokens and deal them at random to the
    participants by the agreed counts (3b: every participant gets at least one enemy)."""
    if not counts:
        raise CombatError("at least one participant is needed")
    for c in counts:
        _check_int(c, "each participant's count", 1)
    if sum(counts) != len(garrison):
        raise CombatError(f"the agreed counts add up to {sum(counts)} but the garrison has {len(garrison)} enemies")
    tokens = list(garrison)
    rng.shuffle(tokens)
    out = []
    pos = 0
    for c in counts:
        out.append(tuple(tokens[pos:pos + c]))
        pos += c
    return tuple(out)
