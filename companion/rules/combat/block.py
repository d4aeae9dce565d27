"""Combat with enemies, Block phase: efficient blocks, Swift, Cumbersome, summoned tokens (pure engine).

Rules: Rulebook "Combat with Enemies", Block phase (2: summoners draw a brown token that replaces them in Block and
Assign Damage; 5: efficient and inefficient blocks), the quick reference sheet (Swift, Cumbersome, city bonuses).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Sequence

from companion.rules.combat.attack import attack_total
from companion.rules.combat.enemies import (
    ELEMENTS,
    Block,
    CombatError,
    Enemy,
    EnemyAttack,
    Site,
    _check_int,
    _fmt,
    check_element,
    effective_enemy,
    element_term,
    enemy_name,
    is_summoner,
    summoned_tokens,
    validate_enemy,
    validate_site,
)
from companion.rules.text import T


@dataclass(frozen=True)
class BlockResult:
    attack: int
    required: int
    total: int
    success: bool
    explanation: tuple[str, ...]




# -------------------------------------------------------------------------------------------- block

_EFFICIENT_BLOCKS = {
    "physical": set(ELEMENTS),
    "fire": {"ice", "cold_fire"},
    "ice": {"fire", "cold_fire"},
    "cold_fire": {"cold_fire"},
}


def block_efficient(block_element: str, attack_element: str) -> bool:
    """Rulebook Block phase 5a: any block against physical; Ice/Cold Fire against Fire; Fire/Cold Fire
    against Ice; only Cold Fire against Cold Fire."""
    return block_element in _EFFICIENT_BLOCKS[attack_element]


def acting_enemy(enemy: Enemy) -> Enemy:
    """The enemy that blocks/deals damage: a summoner is replaced by its (first) summoned token (Rulebook
    Block phase 2a). A summoned token inherits whether the summoner is rampaging (city bonuses follow)."""
    return acting_attack(enemy, 0)[0] if is_summoner(enemy) else enemy


def acting_attack(enemy: Enemy, attack_index: int) -> tuple[Enemy, int]:
    """Who makes attack number ``attack_index`` of ``enemy`` in the Block and Assign Damage phases, and which
    of its attacks it is: the enemy itself, or for a summoner its summoned token(s), attacks numbered in order
    (Rulebook Block phase 2a; quick reference Summon)."""
    if isinstance(attack_index, bool) or not isinstance(attack_index, int):
        raise CombatError("attack_index must be a whole number")
    if not is_summoner(enemy):
        enemy_attack(enemy, attack_index)
        return enemy, attack_index
    tokens = summoned_tokens(enemy)
    if not tokens:
        raise CombatError(f"{enemy.name} summons: say which {enemy.summon or 'brown'} token was drawn "
                          f"(Rulebook Block phase 2)")
    i = attack_index
    for token in tokens:
        if 0 <= i < len(token.attacks):
            return replace(token, rampaging=enemy.rampaging), i
        i -= len(token.attacks)
    total = sum(len(t.attacks) for t in tokens)
    raise CombatError(f"the token(s) summoned by {enemy.name} have {total} attack(s); attack_index {attack_index} "
                      f"does not exist")


def draw_summoned(pile: Sequence[str], rng: random.Random) -> str:
    """Draw a random token id from the remaining tokens of the summon pile (Rulebook Block phase 2)."""
    if not pile:
        raise CombatError("the summon pile is empty")
    return rng.choice(list(pile))


def enemy_attack(enemy: Enemy, attack_index: int) -> EnemyAttack:
    if isinstance(attack_index, bool) or not isinstance(attack_index, int):
        raise CombatError("attack_index must be a whole number")
    if not 0 <= attack_index < len(enemy.attacks):
        raise CombatError(f"{enemy.name} has {len(enemy.attacks)} attack(s); attack_index {attack_index} "
                          f"does not exist")
    return enemy.attacks[attack_index]


def resolve_block(
    enemy: Enemy,
    blocks: Sequence[Block],
    attack_index: int = 0,
    move_points: int = 0,
    site: Site | None = None,
) -> BlockResult:
    """Block one attack of one enemy (Rulebook Block phase 3-8; multiple attacks: icon reference)."""
    site = validate_site(site)
    validate_enemy(enemy)
    _check_int(move_points, "move_points", 0)
    trace: list[str] = []
    summoner = enemy
    enemy, local_index = acting_attack(enemy, attack_index)
    # Only a token drawn by a summoner is discarded when blocked (Rulebook Block phase 7a); the city bonus below
    # makes a new copy of any defender, which must not read as "summoned".
    summoned = is_summoner(summoner)
    if summoned:
        trace.append(T("Rulebook Block phase 2a: %(enemy)s (summoned) replaces %(summoner)s", enemy=enemy_name(enemy),
                       summoner=enemy_name(summoner)))
    enemy, tr = effective_enemy(enemy, site)
    trace.extend(tr)
    atk = enemy_attack(enemy, local_index)
    for b in blocks:
        _check_int(b.value, "block value", 0)
        check_element(b.element, "block element")
    value = atk.value
    if move_points:
        if not enemy.has("cumbersome"):
            raise CombatError(f"{enemy.name} is not Cumbersome: move points cannot reduce its attack")
        value = max(0, value - move_points)
        trace.append(T("Quick reference, Cumbersome: %(points)d Move points spent, attack %(before)d -> %(after)d for "
                       "the rest of the turn", points=move_points, before=atk.value, after=value))
    required = value * 2 if enemy.has("swift") else value
    if enemy.has("swift"):
        trace.append(T("Rulebook Block phase 6a: %(enemy)s is Swift, block needs twice its attack: %(n)d",
                       enemy=enemy_name(enemy), n=required))
    eff = [b.value for b in blocks if block_efficient(b.element, atk.element)]
    ineff = [b.value for b in blocks if not block_efficient(b.element, atk.element)]
    total = attack_total(eff, ineff)
    if ineff:
        trace.append(T("Rulebook Block phase 5b: inefficient blocks against a %(element)s attack %(values)s = "
                       "%(sum)d, halved once = %(half)d", element=element_term(atk.element), values=_fmt(ineff),
                       sum=sum(ineff), half=sum(ineff) // 2))
        trace.append(T("Block total %(values)s + halved %(half)d = %(total)d", values=_fmt(eff), half=sum(ineff) // 2,
                       total=total))
    else:
        trace.append(T("Block total %(values)s = %(total)d", values=_fmt(eff), total=total))
    if value == 0:
        success = True
        trace.append(T("Quick reference, Cumbersome: an attack reduced to 0 is successfully blocked"))
    else:
        success = total >= required
        if success:
            trace.append(T("Rulebook Block phase 6: %(total)d >= %(required)d, attack blocked", total=total,
                           required=required))
        else:
            trace.append(T("Rulebook Block phase 8: %(total)d < %(required)d, the block has no effect, the attack goes "
                           "through at full strength (need %(more)d more)", total=total, required=required,
                           more=required - total))
    if success and summoned:
        trace.append(T("Rulebook Block phase 7a: a blocked summoned monster is discarded, no Fame"))
    if len(enemy.attacks) > 1:
        trace.append(T("Icon reference, Multiple Attacks: attack %(n)d of %(count)d blocked separately; %(enemy)s "
                       "counts as blocked only when all are", n=local_index + 1, count=len(enemy.attacks),
                       enemy=enemy_name(enemy)))
    return BlockResult(value, required, total, success, tuple(trace))

