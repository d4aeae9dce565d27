"""Assign Damage phase: rules (``assign_damage``) and the exact optimiser (``suggest_assignment``).

Rules: Rulebook "Assign Damage phase" 1-7 (Brutal, units in the player's order, resistant units absorb
first, wounded units take no damage, hero one wound per started block of armor, knock-out), enemy
abilities Poison, Paralyze, Assassination, Vampiric, Summon (quick reference / icon reference p. 24), the
city bonuses (Rulebook "City Assaults" 1b-d).

Public, stable API:
- data: ``Unit``, ``Hero``, ``UnblockedAttack``, ``UnitDamage``, ``HeroDamage``, ``VampiricGain``,
  ``DamageResult``, ``Suggestion``
- ``prepare_attack(attack, site)`` -> ``PreparedAttack`` (damage after Brutal, element, abilities)
- ``assign_damage(hero, units, attacks, site)`` -> ``DamageResult`` (raises ``CombatError`` if impossible)
- ``suggest_assignment(hero, units, attacks, site, prefer="units")`` -> ``Suggestion``
- ``assignment_key(result, prefer)`` - the order suggestions are ranked by (smaller is better)
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Sequence

from companion.rules.combat.block import acting_attack, enemy_attack
from companion.rules.combat.budget import Budget, SuggestTooLarge
from companion.rules.combat.enemies import (
    CombatError,
    Enemy,
    Site,
    _check_int,
    attack_abilities,
    effective_enemy,
    element_term,
    enemy_name,
    validate_enemy,
    validate_site,
)
from companion.rules.text import Name, T, Tn

PREFERENCES = ("units", "hero")


@dataclass(frozen=True)
class Unit:
    id: str
    armor: int
    level: int = 1
    resistances: tuple[str, ...] = ()
    wounded: bool = False
    name: str = ""
    name_de: str = ""  # the German name (rules data), for translated explanation lines

    def label(self) -> Name:
        """How explanation lines name the unit: its name (German form when known), else its id."""
        return Name(self.name, self.name_de or None) if self.name else Name(self.id)

    def resistant(self, element: str) -> bool:
        """Assign Damage 4b: physical vs physical, Fire vs Fire, Ice vs Ice, both Fire and Ice vs Cold Fire."""
        if element == "cold_fire":
            return "fire" in self.resistances and "ice" in self.resistances
        return element in self.resistances


@dataclass(frozen=True)
class Hero:
    armor: int
    hand_limit: int
    wounds_this_combat: int = 0


@dataclass(frozen=True)
class UnblockedAttack:
    """One unblocked attack: ``enemy.attacks[attack_index]``; ``assign`` the unit ids in the player's order.
    ``move_points``: Move points spent on a Cumbersome enemy in the Block phase (lower the attack)."""

    enemy: Enemy
    attack_index: int = 0
    assign: tuple[str, ...] = ()
    move_points: int = 0


@dataclass(frozen=True)
class PreparedAttack:
    name: str  # a ``Name`` (English str with its German form)
    damage: int
    element: str
    abilities: frozenset[str]
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class UnitDamage:
    id: str
    wounds: int
    destroyed: bool
    absorbed: bool


@dataclass(frozen=True)
class HeroDamage:
    wounds_to_hand: int
    wounds_to_discard: int
    knocked_out: bool
    discard_non_wounds: bool


@dataclass(frozen=True)
class VampiricGain:
    attack: int  # index in the attacks list
    enemy: str
    armor_bonus: int


@dataclass(frozen=True)
class DamageResult:
    hero: HeroDamage
    units: tuple[UnitDamage, ...]
    vampiric: tuple[VampiricGain, ...]
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class Suggestion:
    assign: tuple[tuple[str, ...], ...]  # per attack, in the input order
    result: DamageResult


def _validate(hero: Hero, units: Sequence[Unit]) -> None:
    _check_int(hero.armor, "hero armor", 1)
    _check_int(hero.hand_limit, "hero hand_limit", 1)
    _check_int(hero.wounds_this_combat, "hero wounds_this_combat", 0)
    seen = set()
    for u in units:
        if u.id in seen:
            raise CombatError(f"unit id {u.id!r} is listed twice")
        seen.add(u.id)
        _check_int(u.armor, f"unit {u.id} armor", 1)
        _check_int(u.level, f"unit {u.id} level", 1)
        for r in u.resistances:
            if r not in ("physical", "fire", "ice"):
                raise CombatError(f"unit {u.id}: resistance must be physical, fire or ice, got {r!r}")


def prepare_attack(attack: UnblockedAttack, site: Site | None = None) -> PreparedAttack:
    """The damage one unblocked attack deals, after summoning, city bonus, Cumbersome and Brutal."""
    site = validate_site(site)
    validate_enemy(attack.enemy)
    _check_int(attack.move_points, "move_points", 0)
    trace = []
    enemy, local_index = acting_attack(attack.enemy, attack.attack_index)
    if enemy is not attack.enemy:
        trace.append(T("Rulebook Assign Damage 6c: %(enemy)s (summoned by %(summoner)s) deals the damage, with its "
                       "own abilities; it is discarded afterwards", enemy=enemy_name(enemy),
                       summoner=enemy_name(attack.enemy)))
    enemy, tr = effective_enemy(enemy, site)
    trace.extend(tr)
    atk = enemy_attack(enemy, local_index)
    abilities = attack_abilities(enemy, atk, site)
    value = atk.value
    if attack.move_points:
        if not enemy.has("cumbersome"):
            raise CombatError(f"{enemy.name} is not Cumbersome: move points cannot reduce its attack")
        value = max(0, value - attack.move_points)
        trace.append(T("Quick reference, Cumbersome: attack reduced by %(points)d Move points to %(value)d",
                       points=attack.move_points, value=value))
    damage = value
    if "brutal" in abilities:
        damage = value * 2
        trace.append(T("Rulebook Assign Damage 2a: %(enemy)s is Brutal, damage %(value)d x 2 = %(damage)d",
                       enemy=enemy_name(enemy), value=value, damage=damage))
    else:
        trace.append(T("Rulebook Assign Damage 2: %(enemy)s deals %(damage)d %(element)s damage", enemy=enemy_name(enemy),
                       damage=damage, element=element_term(atk.element)))
    return PreparedAttack(enemy_name(enemy), damage, atk.element, abilities, tuple(trace))


class _Board:
    """Mutable scratch state for one assignment (never escapes this module)."""

    def __init__(self, units: Sequence[Unit]):
        self.units = {u.id: u for u in units}
        self.wounds = {u.id: 0 for u in units}
        self.wounded = {u.id: u.wounded for u in units}
        self.absorbed = {u.id: False for u in units}
        self.destroyed = {u.id: False for u in units}


def _apply(board: _Board, hero: Hero, pa: PreparedAttack, assign: Sequence[str], trace: list[str] | None):
    """Resolve one prepared attack; returns (hand wounds, discard wounds, paralysed hand, units wounded)."""
    damage = pa.damage
    if len(set(assign)) != len(assign):
        raise CombatError(f"{pa.name}: a unit is listed twice for the same attack")
    units_wounded = 0
    for uid in assign:
        if uid not in board.units:
            raise CombatError(f"unknown unit id {uid!r}")
        # Every listed unit must be able to take damage, even one listed after the damage ran out (docs/api.md:
        # 400 for a wounded unit, a unit after it absorbed, any unit on an Assassination attack).
        if "assassination" in pa.abilities:
            raise CombatError(f"{pa.name} has Assassination: its damage cannot be assigned to units "
                              f"(quick reference)")
        if board.destroyed[uid]:
            raise CombatError(f"unit {uid} was destroyed and cannot be assigned damage")
        if board.wounded[uid]:
            raise CombatError(f"unit {uid} is wounded and cannot be assigned damage (Rulebook Assign Damage 4)")
        if board.absorbed[uid]:
            raise CombatError(f"unit {uid} already absorbed damage without a wound this combat and cannot be "
                              f"assigned damage again (Rulebook Assign Damage 4b)")
        if damage <= 0:
            if trace is not None:
                trace.append(T("%(unit)s: no damage left to assign", unit=board.units[uid].label()))
            continue
        unit = board.units[uid]
        label = unit.label()
        if unit.resistant(pa.element):
            if damage <= unit.armor:
                board.absorbed[uid] = True
                if trace is not None:
                    trace.append(T("Rulebook Assign Damage 4b: %(unit)s is resistant and absorbs %(damage)d with its "
                                   "armor %(armor)d, no wound; it cannot be assigned damage again this combat",
                                   unit=label, damage=damage, armor=unit.armor))
                damage = 0
                continue
            if trace is not None:
                trace.append(T("Rulebook Assign Damage 4b: %(unit)s is resistant, armor %(armor)d absorbs first: "
                               "%(before)d -> %(after)d", unit=label, armor=unit.armor, before=damage,
                               after=damage - unit.armor))
            damage -= unit.armor
        before = damage
        damage = max(0, damage - unit.armor)
        units_wounded += 1
        board.wounded[uid] = True
        if "paralyze" in pa.abilities:
            board.destroyed[uid] = True
            if trace is not None:
                trace.append(T("Quick reference, Paralyze: %(unit)s would be wounded, it is destroyed; damage "
                               "%(before)d -> %(after)d", unit=label, before=before, after=damage))
        else:
            n = 2 if "poison" in pa.abilities else 1
            board.wounds[uid] += n
            if trace is not None:
                if n == 2:
                    trace.append(T("Rulebook Assign Damage 4a: %(unit)s wounded (Poison: two Wound cards), damage "
                                   "reduced by its armor %(armor)d: %(before)d -> %(after)d", unit=label,
                                   armor=unit.armor, before=before, after=damage))
                else:
                    trace.append(T("Rulebook Assign Damage 4a: %(unit)s wounded, damage reduced by its armor "
                                   "%(armor)d: %(before)d -> %(after)d", unit=label, armor=unit.armor, before=before,
                                   after=damage))
    hand = math.ceil(damage / hero.armor) if damage > 0 else 0
    discard = hand if "poison" in pa.abilities else 0
    paralysed = hand > 0 and "paralyze" in pa.abilities
    if trace is not None and damage > 0:
        trace.append(Tn("Rulebook Assign Damage 5a: %(damage)d damage to the hero, armor %(armor)d: %(wounds)d Wound "
                        "into the hand (one per started %(armor)d)",
                        "Rulebook Assign Damage 5a: %(damage)d damage to the hero, armor %(armor)d: %(wounds)d Wounds "
                        "into the hand (one per started %(armor)d)", "wounds", damage=damage, armor=hero.armor, wounds=hand))
        if discard:
            trace.append(Tn("Quick reference, Poison: %(n)d more Wound into the discard pile",
                              "Quick reference, Poison: %(n)d more Wounds into the discard pile", "n", n=discard))
        if paralysed:
            trace.append(T("Quick reference, Paralyze: the hero discards all non-Wound cards from the hand"))
    return hand, discard, paralysed, units_wounded


def assign_damage(
    hero: Hero,
    units: Sequence[Unit],
    attacks: Sequence[UnblockedAttack],
    site: Site | None = None,
) -> DamageResult:
    """Resolve the unblocked attacks in the given order; each listed unit takes damage while any is left,
    the rest goes to the hero. Raises ``CombatError`` for an impossible assignment."""
    _validate(hero, units)
    board = _Board(units)
    trace: list[str] = []
    hand_total = discard_total = 0
    paralysed_any = False
    vampiric = []
    for i, attack in enumerate(attacks):
        pa = prepare_attack(attack, site)
        trace.extend(pa.explanation)
        if "assassination" in pa.abilities and pa.damage > 0:
            trace.append(T("Quick reference, Assassination: all of %(enemy)s's damage goes to the hero",
                           enemy=pa.name))
        hand, discard, paralysed, wounded = _apply(board, hero, pa, attack.assign, trace)
        hand_total += hand
        discard_total += discard
        paralysed_any = paralysed_any or paralysed
        if "vampiric" in pa.abilities and (hand or wounded):
            gain = hand + wounded
            vampiric.append(VampiricGain(i, pa.name, gain))
            trace.append(T("Quick reference, Vampiric: %(enemy)s gains +%(gain)d Armor for the rest of the combat",
                           enemy=pa.name, gain=gain))
    total_hand = hero.wounds_this_combat + hand_total
    knocked_out = total_hand >= hero.hand_limit
    if knocked_out:
        trace.append(Tn("Rulebook Assign Damage 5c: %(wounds)d Wound into the hand this combat >= unmodified hand "
                        "limit %(limit)d: knocked out, discard all non-Wound cards from the hand",
                        "Rulebook Assign Damage 5c: %(wounds)d Wounds into the hand this combat >= unmodified hand "
                        "limit %(limit)d: knocked out, discard all non-Wound cards from the hand", "wounds", wounds=total_hand,
                       limit=hero.hand_limit))
    result_units = tuple(
        UnitDamage(u.id, board.wounds[u.id], board.destroyed[u.id], board.absorbed[u.id]) for u in units)
    return DamageResult(
        HeroDamage(hand_total, discard_total, knocked_out, knocked_out or paralysed_any),
        result_units, tuple(vampiric), tuple(trace))


def assignment_key(result: DamageResult, units: Sequence[Unit], hero: Hero, prefer: str = "units") -> tuple:
    """Ranking of an assignment, smaller is better.

    prefer "units" (use units to protect the hero, the default): fewest wounds into the hero's hand, then
    not knocked out, then fewest units destroyed, then fewest unit wounds. prefer "hero" (protect my units):
    not knocked out, then fewest units destroyed, fewest unit wounds, then fewest wounds into the hand.
    Further ties: fewest Poison wounds into the discard pile, lowest total level of the units hurt, fewest
    units used.
    """
    levels = {u.id: u.level for u in units}
    hand = result.hero.wounds_to_hand
    ko = hero.wounds_this_combat + hand >= hero.hand_limit
    destroyed = sum(1 for u in result.units if u.destroyed)
    wounds = sum(u.wounds for u in result.units)
    hurt_levels = sum(levels[u.id] for u in result.units if u.wounds or u.destroyed)
    used = sum(1 for u in result.units if u.wounds or u.destroyed or u.absorbed)
    tail = (result.hero.wounds_to_discard, hurt_levels, used)
    if prefer == "hero":
        return (int(ko), destroyed, wounds, hand) + tail
    return (hand, int(ko), destroyed, wounds) + tail


def _key_from(prefer: str, hero: Hero, hand: int, vec: tuple) -> tuple:
    destroyed, wounds, discard, levels, used = vec
    ko = int(hero.wounds_this_combat + hand >= hero.hand_limit)
    tail = (discard, levels, used)
    if prefer == "hero":
        return (ko, destroyed, wounds, hand) + tail
    return (hand, ko, destroyed, wounds) + tail


def suggest_assignment(
    hero: Hero,
    units: Sequence[Unit],
    attacks: Sequence[UnblockedAttack],
    site: Site | None = None,
    prefer: str = "units",
    budget_s: float | None = None,
) -> Suggestion:
    """The best assignment, exact. Raises ``SuggestTooLarge`` (a ``CombatError``) rather than use more than
    ``budget_s`` seconds of CPU (default ``budget.CPU_BUDGET_S``, about 1 s).

    Every unit takes damage at most once per combat (a wounded unit cannot take damage, a unit that
    absorbed without a wound cannot be assigned damage again), so a solution gives each unit to at most one
    attack. For a set S of units on one attack only the last unit's identity matters (all earlier ones are
    wounded; the last may absorb), and the hero's wounds depend on S only. A dynamic programme over
    (attacks, set of units used, wounds into the hand) with Pareto pruning therefore finds the optimum of
    ``assignment_key`` over all valid assignments (checked against brute force in the tests).
    """
    if prefer not in PREFERENCES:
        raise CombatError(f"prefer must be one of {', '.join(PREFERENCES)}, got {prefer!r}")
    _validate(hero, units)
    check = Budget(SuggestTooLarge("too many possibilities to suggest an exact damage assignment within the time "
                                   "budget (about 1 s of CPU): assign some attacks by hand first"), budget_s).check
    prepared = [prepare_attack(a, site) for a in attacks]
    pool = [u for u in units if not u.wounded]
    n = len(pool)
    full = (1 << n) - 1

    # local[i][S] = list of (hand, vec, order) non-dominated options for attack i using exactly units S
    locals_: list[dict[int, tuple[int, tuple, tuple[str, ...]]]] = []
    for pa in prepared:
        table: dict[int, tuple[int, tuple, tuple[str, ...]]] = {}
        can_use_units = "assassination" not in pa.abilities and pa.damage > 0
        for s in range(full + 1) if can_use_units else (0,):
            if not s & 255:
                check()
            members = [pool[b] for b in range(n) if s >> b & 1]
            caps = [(2 * u.armor if u.resistant(pa.element) else u.armor) for u in members]
            total_cap = sum(caps)
            rest = max(0, pa.damage - total_cap)
            hand = math.ceil(rest / hero.armor) if rest else 0
            discard = hand if "poison" in pa.abilities else 0
            best = None
            if not members:
                best = ((0, 0, discard, 0, 0), ())
            for j, last in enumerate(members):
                reach = pa.damage - (total_cap - caps[j])
                if reach <= 0:
                    continue  # the last unit would get no damage: same as a smaller set
                others = [m for k, m in enumerate(members) if k != j]
                absorbs = last.resistant(pa.element) and reach <= last.armor
                hurt = others if absorbs else others + [last]
                if "paralyze" in pa.abilities:
                    destroyed, wounds = len(hurt), 0
                else:
                    destroyed, wounds = 0, len(hurt) * (2 if "poison" in pa.abilities else 1)
                vec = (destroyed, wounds, discard, sum(u.level for u in hurt), len(members))
                order = tuple(m.id for m in others) + (last.id,)
                if best is None or vec < best[0]:
                    best = (vec, order)
            if best is not None:
                table[s] = (hand, best[0], best[1])
        locals_.append(table)

    # dp: mask -> list of (hand, vec, backpointer)
    dp: dict[int, list] = {0: [(0, (0, 0, 0, 0, 0), None)]}
    history = []
    for table in locals_:
        new: dict[int, list] = {}
        for mask, entries in dp.items():
            free = full & ~mask
            check()
            for ei, (h0, v0, _) in enumerate(entries):
                s = free
                while True:
                    opt = table.get(s)
                    if opt is not None:
                        h1, v1, order = opt
                        h = h0 + h1
                        vec = tuple(a + b for a, b in zip(v0, v1))
                        new.setdefault(mask | s, []).append((h, vec, (mask, ei, order)))
                    if s == 0:
                        break
                    s = (s - 1) & free
        # Pruning. prefer "units": the key starts with the hand wounds, so per set of units used only the
        # entry with the fewest hand wounds (then the smallest rest) can win. prefer "hero": an entry with no
        # more hand wounds and a lexicographically no larger rest is at least as good whatever follows
        # (the key is (knocked out, destroyed, unit wounds, hand, rest...), knocked out grows with the hand).
        for mask, entries in new.items():
            entries.sort(key=lambda e: (e[0], e[1]))
            if prefer == "units":
                new[mask] = entries[:1]
                continue
            kept = []
            for e in entries:
                if not kept or e[1] < kept[-1][1]:
                    kept.append(e)
            new[mask] = kept
        history.append(new)
        dp = new

    best = None
    for mask, entries in dp.items():
        for ei, (h, vec, _) in enumerate(entries):
            key = _key_from(prefer, hero, h, vec)
            if best is None or key < best[0]:
                best = (key, mask, ei)
    orders: list[tuple[str, ...]] = []
    mask, ei = best[1], best[2]
    for step in range(len(locals_) - 1, -1, -1):
        _, _, (prev_mask, prev_ei, order) = history[step][mask][ei]
        orders.append(order)
        mask, ei = prev_mask, prev_ei
    orders.reverse()
    chosen = [replace(a, assign=o) for a, o in zip(attacks, orders)]
    return Suggestion(tuple(orders), assign_damage(hero, units, chosen, site))
