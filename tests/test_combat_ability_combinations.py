"""The combat engine's corner cases and ability combinations, checked against the rule text.

Each test cites its passage: Rulebook (seeds 000, cross-checked with the German 002) "Combat with Enemies",
"Block phase", "Assign Damage phase", "Attack phase", "Combat Outcomes", "City Assaults", "Player versus Player
Combat", "Cooperative City Assault"; the quick reference (seeds 003) enemy abilities and Walls; the icon
reference (Rulebook p. 24); Mage Lite's combat restatement (seeds 004).
"""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.combat.attack import resolve_attack
from companion.rules.combat.block import resolve_block
from companion.rules.combat.damage import Hero, UnblockedAttack, Unit, assign_damage, prepare_attack, suggest_assignment
from companion.rules.combat.enemies import Block, CombatError, Enemy, PlayerAttack, Site, current_armor, fortification
from companion.rules.combat.outcomes import combat_outcome
from companion.rules.pvp.fight import coop_split, pvp_attack, pvp_damage, pvp_fame


from combat_helpers import A, E  # noqa: E402


def hit(value, element="physical", abilities=(), assign=(), move_points=0, **kw):
    return UnblockedAttack(E("Enemy", 4, ((value, element),), abilities, **kw), 0, tuple(assign), move_points)


def unit(res, uid):
    return next(u for u in res.units if u.id == uid)


HERO = Hero(armor=2, hand_limit=5)


# ------------------------------------------------------------------------------------------ Block phase 5a


@pytest.mark.parametrize("block_element,efficient", [
    ("cold_fire", True), ("fire", False), ("ice", False), ("physical", False)])
def test_only_cold_fire_blocks_cold_fire_efficiently_block_5a(block_element, efficient):
    """Rulebook Block phase 5a: 'Only Cold Fire Blocks are efficient against Cold Fire Attacks'; 5b: the others
    are halved. Cold Fire attack 4: Cold Fire Block 4 blocks it, a Fire (or Ice, physical) Block 4 counts 2."""
    dragon = E("Dragon", 7, ((4, "cold_fire"),))
    res = resolve_block(dragon, [Block(4, block_element)])
    assert res.total == (4 if efficient else 2)
    assert res.success is efficient


def test_ice_attack_is_blocked_efficiently_by_fire_and_cold_fire_only_block_5a():
    """Rulebook Block phase 5a: 'Only Fire or Cold Fire Blocks are efficient against Ice Attacks'. Ice attack 5:
    Fire 5 blocks; Ice 5 and physical 5 are inefficient: together 10, halved once = 5, which also blocks."""
    golem = E("Ice Golem", 4, ((5, "ice"),))
    assert resolve_block(golem, [Block(5, "fire")]).success
    assert resolve_block(golem, [Block(5, "cold_fire")]).success
    assert not resolve_block(golem, [Block(5, "ice")]).success
    assert not resolve_block(golem, [Block(5, "physical")]).success
    both = resolve_block(golem, [Block(5, "ice"), Block(5, "physical")])
    assert both.total == 5 and both.success  # summed then halved once (5b), not 2 + 2
    mixed = resolve_block(golem, [Block(3, "fire"), Block(3, "ice"), Block(1, "physical")])
    assert mixed.total == 3 + (3 + 1) // 2 == 5


def test_cold_fire_block_is_efficient_against_fire_ice_and_physical_block_5a():
    """Rulebook Block phase 5a: any Block against physical; Ice or Cold Fire against Fire."""
    for element in ("physical", "fire", "ice"):
        assert resolve_block(E("X", 3, ((4, element),)), [Block(4, "cold_fire")]).success


def test_swift_and_cumbersome_together_block_6a_and_quick_reference():
    """Quick reference Cumbersome: each Move point spent lowers the attack by 1 for the rest of the turn, 0 is
    blocked; Block phase 6a / Swift: twice the (lowered) attack value is needed to block."""
    beast = E("Beast", 5, ((5, "physical"),), ("swift", "cumbersome"))
    res = resolve_block(beast, [Block(6)], move_points=2)
    assert res.attack == 3 and res.required == 6 and res.success
    assert not resolve_block(beast, [Block(5)], move_points=2).success
    assert resolve_block(beast, [], move_points=5).success
    assert resolve_block(beast, [], move_points=9).attack == 0
    # and unblocked, Swift does nothing to the damage: 5 - 2 = 3 damage, hero armor 2 = 2 wounds
    res = assign_damage(HERO, [], [UnblockedAttack(beast, 0, (), 2)])
    assert res.hero.wounds_to_hand == 2


def test_blue_city_swift_doubles_the_raised_attack_city_assaults_1b_block_6a():
    """City Assaults 1b: Blue city +2 to Ice attacks; Swift doubles the attack value for blocking: (3+2)*2."""
    e = E("Ice Swift", 4, ((3, "ice"),), ("swift",))
    res = resolve_block(e, [Block(10, "fire")], site=Site(fortified=True, city="blue"))
    assert res.attack == 5 and res.required == 10 and res.success


def test_blue_city_gives_cold_fire_plus_one_and_no_bonus_to_physical_city_assaults_1b():
    """City Assaults 1b: Blue city: +2 Attack to Ice or Fire attacks, +1 to Cold Fire attacks (physical: none)."""
    blue = Site(fortified=True, city="blue")
    assert resolve_block(E("CF", 4, ((6, "cold_fire"),)), [Block(7, "cold_fire")], site=blue).attack == 7
    assert not resolve_block(E("CF", 4, ((6, "cold_fire"),)), [Block(6, "cold_fire")], site=blue).success
    assert resolve_block(E("Ph", 4, ((6, "physical"),)), [Block(6)], site=blue).attack == 6
    # a rampaging enemy joining the assault is no defender: no city bonus (Combat with Enemies 1b)
    assert resolve_block(E("R", 4, ((6, "cold_fire"),), rampaging=True), [], site=blue).attack == 6
    # and the damage is raised too: cold fire 6 + 1 = 7, hero armor 2 = 4 wounds
    assert assign_damage(HERO, [], [hit(6, "cold_fire")], Site(fortified=True, city="blue")).hero.wounds_to_hand == 4


def test_red_and_green_cities_affect_only_physical_attacks_city_assaults_1c_1d():
    """City Assaults 1c/1d: defenders 'that have physical Attack' gain Brutal (Red) or Poison (Green). A Cold Fire
    attack in a Red city deals its plain value; a Fire attack in a Green city gives no Poison wounds."""
    red, green = Site(fortified=True, city="red"), Site(fortified=True, city="green")
    assert prepare_attack(hit(4, "cold_fire"), red).damage == 4
    assert prepare_attack(hit(4), red).damage == 8
    res = assign_damage(HERO, [Unit("u", 2)], [hit(4, "fire", assign=["u"])], green)
    assert unit(res, "u").wounds == 1 and res.hero.wounds_to_discard == 0
    res = assign_damage(HERO, [Unit("u", 2)], [hit(4, assign=["u"])], green)
    assert unit(res, "u").wounds == 2 and res.hero.wounds_to_discard == 1


def test_white_city_armor_on_defenders_only_city_assaults_1a():
    """City Assaults 1a: White city, all defenders +1 Armor; rampaging enemies that joined are not defenders."""
    white = Site(fortified=True, city="white")
    assert resolve_attack([E("D", 4)], [A(4)], "attack", white).armor == 5
    assert resolve_attack([E("R", 4, rampaging=True)], [A(4)], "attack", white).armor == 4


# ---------------------------------------------------------------------------------------- Assign Damage


def test_brutal_and_poison_on_a_unit_assign_damage_2a_6a():
    """Assign Damage 2a: Brutal deals twice its Attack; 6a Poison: a unit that would be wounded gets two Wound
    cards; the hero puts one Wound into the discard pile per Wound taken into the hand. Attack 3 -> 6 damage;
    unit armor 2: two Wounds on it, 4 left; hero armor 2: 2 Wounds into the hand + 2 into the discard pile."""
    res = assign_damage(HERO, [Unit("u", 2)], [hit(3, abilities=("brutal", "poison"), assign=["u"])])
    assert unit(res, "u").wounds == 2 and not unit(res, "u").destroyed
    assert res.hero.wounds_to_hand == 2 and res.hero.wounds_to_discard == 2


def test_brutal_applies_after_cumbersome_reduction():
    """Quick reference Cumbersome: the attack is reduced for the rest of the turn; Brutal: twice the Attack value
    as damage: (5 - 2) * 2 = 6."""
    e = E("Brute", 4, ((5, "physical"),), ("brutal", "cumbersome"))
    assert prepare_attack(UnblockedAttack(e, 0, (), 2)).damage == 6


def test_resistant_unit_absorbs_exactly_its_armor_and_one_more_wounds_it_4b():
    """Assign Damage 4b: a resistant unit first reduces the damage by its Armor without a Wound; 'if this absorbs
    all the damage, nothing happens'; resistant units are 'Wounded only if the damage was greater than their
    Armor'. Armor 3, fire resistant: 3 fire damage absorbed; 4 wounds it and the rest (4-3-3 <= 0) is gone;
    7 = 3 + 3 + 1 to the hero."""
    fire_unit = [Unit("f", 3, resistances=("fire",))]
    res = assign_damage(HERO, fire_unit, [hit(3, "fire", assign=["f"])])
    assert unit(res, "f").absorbed and unit(res, "f").wounds == 0 and res.hero.wounds_to_hand == 0
    res = assign_damage(HERO, fire_unit, [hit(4, "fire", assign=["f"])])
    assert unit(res, "f").wounds == 1 and not unit(res, "f").absorbed and res.hero.wounds_to_hand == 0
    res = assign_damage(HERO, fire_unit, [hit(7, "fire", assign=["f"])])
    assert unit(res, "f").wounds == 1 and res.hero.wounds_to_hand == 1


def test_unit_resistance_to_a_different_element_does_not_help_4b():
    """Assign Damage 4b: Physical vs physical, Fire vs Fire, Ice vs Ice, both vs Cold Fire. A fire-resistant unit
    is wounded by an Ice attack of 1; an ice-only unit is wounded by Cold Fire."""
    res = assign_damage(HERO, [Unit("f", 3, resistances=("fire",))], [hit(1, "ice", assign=["f"])])
    assert unit(res, "f").wounds == 1
    res = assign_damage(HERO, [Unit("i", 3, resistances=("ice",))], [hit(3, "cold_fire", assign=["i"])])
    assert unit(res, "i").wounds == 1
    res = assign_damage(HERO, [Unit("b", 3, resistances=("fire", "ice"))], [hit(3, "cold_fire", assign=["b"])])
    assert unit(res, "b").absorbed and unit(res, "b").wounds == 0


def test_a_unit_that_absorbed_cannot_take_a_second_attack_in_the_same_combat_4b():
    """Assign Damage 4b: 'If a Unit is assigned damage but does not get Wounded because of a resistance, it cannot
    be assigned damage again during the same combat'."""
    u = [Unit("f", 3, resistances=("fire",))]
    with pytest.raises(CombatError, match="absorbed"):
        assign_damage(HERO, u, [hit(2, "fire", assign=["f"]), hit(2, "fire", assign=["f"])])


def test_paralyze_against_a_resistant_unit_that_absorbs_everything_quick_reference():
    """Quick reference Paralyze: 'If a Unit gets wounded because of an attack from an enemy with Paralyze, it is
    immediately destroyed' - a resistant unit that absorbs all the damage is not wounded, so it survives; with one
    more damage point it is wounded and so destroyed, and the rest (5 - 2 - 2 = 1) goes to the hero, who discards
    the non-Wound cards."""
    u = [Unit("r", 2, resistances=("physical",))]
    res = assign_damage(HERO, u, [hit(2, abilities=("paralyze",), assign=["r"])])
    assert unit(res, "r").absorbed and not unit(res, "r").destroyed and unit(res, "r").wounds == 0
    assert res.hero.wounds_to_hand == 0 and not res.hero.discard_non_wounds
    res = assign_damage(HERO, u, [hit(5, abilities=("paralyze",), assign=["r"])])
    assert unit(res, "r").destroyed and res.hero.wounds_to_hand == 1 and res.hero.discard_non_wounds


def test_assassination_with_units_all_damage_to_the_hero_quick_reference():
    """Quick reference Assassination: 'Damage from this attack cannot be assigned to Units; if unblocked, it has
    to be all assigned to the hero.' The suggestion never uses units for it, but may for another attack."""
    units = [Unit("a", 5), Unit("b", 5)]
    with pytest.raises(CombatError, match="Assassination"):
        assign_damage(HERO, units, [hit(6, abilities=("assassination",), assign=["b"])])
    sug = suggest_assignment(HERO, units, [hit(6, abilities=("assassination",)), hit(4)])
    assert sug.assign[0] == () and len(sug.assign[1]) == 1
    assert sug.result.hero.wounds_to_hand == 3


def test_hero_wounds_exact_multiples_of_armor_round_up_5b():
    """Assign Damage 5b: 'one Wound for every X points of damage (where X is your Armor), rounded up'."""
    for damage, armor, wounds in [(4, 2, 2), (6, 3, 2), (7, 3, 3), (3, 3, 1), (1, 4, 1), (8, 4, 2), (9, 4, 3)]:
        assert assign_damage(Hero(armor, 5), [], [hit(damage)]).hero.wounds_to_hand == wounds


def test_knock_out_counts_wounds_into_the_hand_not_poison_wounds_into_the_discard_5c():
    """Assign Damage 5c: knocked out if 'the number of Wound cards added to your hand during a combat equals or
    exceeds your unmodified Hand limit'; Poison's extra Wounds go to the discard pile, not the hand. Poison 6
    vs armor 2: 3 into the hand + 3 discard: with a Hand limit of 4 the hero is not knocked out."""
    res = assign_damage(Hero(2, 4), [], [hit(6, abilities=("poison",))])
    assert res.hero.wounds_to_hand == 3 and res.hero.wounds_to_discard == 3
    assert not res.hero.knocked_out and not res.hero.discard_non_wounds
    assert assign_damage(Hero(2, 4, wounds_this_combat=1), [], [hit(6, abilities=("poison",))]).hero.knocked_out


def test_knock_out_adds_the_wounds_of_all_attacks_in_the_combat_5c():
    """Assign Damage 5c: the count is over the whole combat: two attacks of 2 Wounds each reach Hand limit 4."""
    res = assign_damage(Hero(2, 4), [], [hit(3), hit(4)])
    assert res.hero.wounds_to_hand == 4 and res.hero.knocked_out


def test_vampiric_counts_units_wounded_not_poison_wound_cards_quick_reference():
    """Quick reference Vampiric: +1 Armor 'for each Unit its attacks wound and for each Wound its attacks cause
    to be added to a player's hand'. Poison + Vampiric 4 on a unit of armor 2: one unit (two Wound cards) = +1,
    2 left = 1 Wound into the hand = +1 (the discard-pile Wound does not count): +2."""
    res = assign_damage(HERO, [Unit("u", 2)], [hit(4, abilities=("vampiric", "poison"), assign=["u"])])
    assert unit(res, "u").wounds == 2 and res.hero.wounds_to_hand == 1 and res.hero.wounds_to_discard == 1
    assert res.vampiric[0].armor_bonus == 2


def test_vampiric_armor_growth_counts_in_the_attack_phase_of_the_same_combat():
    """Quick reference Vampiric: the Armor increase lasts 'for the rest of the combat'; Elusive: 'Any Armor
    modifications apply to both values'. Armor 4 +2 = 6 in the Attack phase."""
    res = assign_damage(HERO, [], [hit(3, abilities=("vampiric",))])
    gain = res.vampiric[0].armor_bonus
    assert gain == 2
    bat = E("Vampire", 4, ((3, "physical"),), ("vampiric",), armor_bonus=gain)
    assert not resolve_attack([bat], [A(5)], "attack").success
    assert resolve_attack([bat], [A(6)], "attack").success
    elusive = E("Vampire", 4, ((3, "physical"),), ("vampiric",), elusive_armor=7, armor_bonus=gain)
    assert current_armor(elusive, "attack") == 9


def test_vampiric_gains_nothing_when_no_unit_is_wounded_and_no_wound_reaches_the_hand():
    """Quick reference Vampiric: gains only per Unit wounded / Wound added to a hand: a resistant unit that absorbs
    everything gives nothing."""
    res = assign_damage(HERO, [Unit("r", 3, resistances=("physical",))],
                        [hit(3, abilities=("vampiric",), assign=["r"])])
    assert res.vampiric == ()


def test_multiple_attacks_are_assigned_separately_icon_reference():
    """Icon reference, Multiple Attacks: each attack has to be handled (blocked or its damage assigned)
    separately; Brutal doubles each. Two attacks of 2, Brutal, hero armor 3: 4 -> 2 Wounds and 4 -> 2 Wounds = 4,
    where one combined 8 damage would give only 3."""
    e = E("Twin", 5, ((2, "physical"), (2, "physical")), ("brutal",))
    res = assign_damage(Hero(3, 6), [], [UnblockedAttack(e, 0), UnblockedAttack(e, 1)])
    assert res.hero.wounds_to_hand == 4


# -------------------------------------------------------------------------------- Ranged and Siege / Attack


def test_inefficient_ranged_attacks_mixing_elements_against_mixed_resistances_4a():
    """Rulebook Ranged and Siege 4a: every attack of a type matching a resistance of any target is inefficient;
    all inefficient attacks are totalled and halved once, rounded down. Targets: fire-resistant (armor 3) and
    ice-resistant (armor 4): Fire 3 + Ice 3 + Cold Fire 2 + physical 2. Fire and Ice are inefficient: 6 // 2 = 3;
    Cold Fire (no target has both) and physical efficient: 4. Total 7 = armor 7."""
    targets = [E("F", 3, resistances=("fire",)), E("I", 4, resistances=("ice",))]
    attacks = [A(3, "fire", "ranged"), A(3, "ice", "ranged"), A(2, "cold_fire", "ranged"), A(2, "physical", "ranged")]
    res = resolve_attack(targets, attacks, "ranged_siege")
    assert (res.efficient, res.inefficient, res.total, res.armor) == (4, 6, 7, 7) and res.success
    # odd inefficient sums round down once: Fire 3 + Ice 2 = 5 -> 2, not 1 + 1
    res = resolve_attack(targets, [A(3, "fire", "ranged"), A(2, "ice", "ranged")], "ranged_siege")
    assert res.total == 2


def test_cold_fire_attack_halved_by_one_target_with_both_resistances_in_a_group_4a():
    """Rulebook Ranged and Siege 4a: Cold Fire Attacks are halved when at least one targeted enemy has both Ice and
    Fire Resistance - then for the whole group (also the enemy without resistances)."""
    res = resolve_attack([E("Plain", 2), E("Both", 3, resistances=("fire", "ice"))], [A(10, "cold_fire")], "attack")
    assert res.total == 5 and res.success


def test_sideways_cards_against_physical_resistance_are_halved_with_other_physical_attacks_attack_1b():
    """Attack phase 1b: a card played sideways is a physical Attack 1; quick reference Physical Resistance: all
    physical Attacks (incl. cards played sideways) are inefficient. 3 physical + 2 sideways = 5 // 2 = 2; a Fire
    attack 2 stays efficient: 4."""
    golem = E("Golem", 4, resistances=("physical",))
    res = resolve_attack([golem], [A(3), A(1, kind="sideways"), A(1, kind="sideways"), A(2, "fire")], "attack")
    assert res.total == 4 and res.success


def test_arcane_immunity_does_not_stop_elemental_attacks_or_resistance_halving():
    """Quick reference Arcane Immunity: not affected by non-Attack/Block effects - attacks are attacks: a Fire
    attack on an arcane-immune, fire-resistant enemy is still just halved, an Ice attack counts in full."""
    e = E("Sorcerers", 5, abilities=("arcane_immunity",), resistances=("fire",))
    assert resolve_attack([e], [A(4, "fire"), A(3, "ice")], "attack").total == 5


def test_unfortified_enemy_in_a_fortified_site_can_be_hit_by_ranged_quick_reference():
    """Quick reference Unfortified: all site fortifications are ignored for such an enemy, so Ranged attacks are
    allowed against it in a keep, while a plain defender beside it in the same attack makes it Siege only."""
    keep = Site(fortified=True)
    shock = E("Shocktroops", 3, abilities=("unfortified",))
    assert fortification(shock, keep) == 0
    assert resolve_attack([shock], [A(3, kind="ranged")], "ranged_siege", keep).success
    assert not resolve_attack([shock, E("Guard", 3)], [A(6, kind="ranged")], "ranged_siege", keep).allowed
    assert resolve_attack([shock, E("Guard", 3)], [A(6, kind="siege")], "ranged_siege", keep).success


def test_double_fortification_refuses_the_whole_group_ranged_3():
    """Rulebook Ranged and Siege 3: enemies fortified twice cannot be targeted at all in this phase - not even as
    part of a group with other enemies; quick reference Walls: a garrison across a wall is double fortified."""
    keep = Site(fortified=True)
    res = resolve_attack([E("Plain", 2), E("Fort", 3, abilities=("fortified",))], [A(20, kind="siege")],
                         "ranged_siege", keep)
    assert not res.allowed and not res.success and res.fame == 0
    wall_keep = Site(fortified=True, across_wall=True)
    assert not resolve_attack([E("Guard", 3)], [A(20, kind="siege")], "ranged_siege", wall_keep).allowed
    # but a rampaging enemy joining that assault (not a defender) is only fortified by the wall
    orc = E("Orc", 3, rampaging=True)
    assert fortification(orc, wall_keep) == 1
    assert resolve_attack([orc], [A(3, kind="siege")], "ranged_siege", wall_keep).success


def test_fortified_ability_on_a_rampaging_enemy_across_a_wall_is_double_quick_reference_walls():
    """Quick reference Walls: walls count as site fortifications; Fortified ability + a site fortification =
    fortified twice (no attacks at all in the Ranged and Siege phase)."""
    e = E("Fortified Orc", 3, abilities=("fortified",), rampaging=True)
    assert fortification(e, Site(across_wall=True)) == 2
    assert not resolve_attack([e], [A(9, kind="siege")], "ranged_siege", Site(across_wall=True)).allowed
    assert resolve_attack([e], [A(3)], "attack", Site(across_wall=True)).success


def test_elusive_with_one_of_two_attacks_blocked_keeps_the_higher_armor_icon_reference():
    """Quick reference Elusive: the lower value only in the Attack phase and only if ALL of the enemy's attacks
    are successfully blocked; icon reference Multiple Attacks: 'successfully blocked' if all its attacks are."""
    e = E("Elusive Twin", 3, ((2, "physical"), (2, "physical")), elusive_armor=6)
    assert resolve_block(e, [Block(2)], attack_index=0).success  # one attack blocked, the other not
    assert current_armor(e, "attack") == 6
    assert current_armor(Enemy(**{**e.__dict__, "all_attacks_blocked": True}), "attack") == 3
    assert current_armor(Enemy(**{**e.__dict__, "all_attacks_blocked": True}), "ranged_siege") == 6


def test_defend_given_to_another_enemy_lasts_and_is_used_once_quick_reference():
    """Quick reference Defense: 'The first enemy that you attack in combat (either in the Ranged phase or the
    normal Attack phase) has its Armor value increased by the value of the Defend ability, until the end of that
    combat'; icon reference: Defend enemies 'defend themselves or other enemies'."""
    protector = E("Protector", 4, defend=2)
    orc = E("Orc", 3)
    first = resolve_attack([orc], [A(3, kind="ranged")], "ranged_siege", others=[protector])
    assert first.defend_bonus == 2 and first.armor == 5 and not first.success
    # later in the combat: the orc keeps its +2, the protector's Defend is used
    orc_later = Enemy(**{**orc.__dict__, "armor_bonus": 2})
    used = Enemy(**{**protector.__dict__, "defend_used": True})
    later = resolve_attack([used], [A(4)], "attack", others=[orc_later])
    assert later.defend_bonus == 0 and later.armor == 4 and later.success
    assert resolve_attack([orc_later], [A(5)], "attack", others=[used]).success
    # the defender attacked first defends itself
    self_def = resolve_attack([protector], [A(5)], "attack", others=[orc])
    assert self_def.armor == 6 and not self_def.success


def test_defend_bonus_also_applies_to_the_elusive_values_quick_reference():
    """Quick reference Elusive: 'Any Armor modifications apply to both values' (Defend is one)."""
    e = E("Elusive", 3, elusive_armor=5, defend=1)
    assert resolve_attack([e], [A(9, kind="ranged")], "ranged_siege").armor == 6


# ----------------------------------------------------------------------------------------------- Summon


def test_blocked_summoned_token_gives_no_fame_but_the_summoner_does_block_7a():
    """Block phase 7a: 'If a summoned monster is successfully blocked, discard it ... (but gain no Fame)'; 2b: in
    the Attack phase the summoner is back and can be attacked for its own Fame."""
    medusa = E("Medusa", 4, ((6, "physical"),), ("paralyze",), fame=5)
    summoner = E("Orc Summoners", 4, (), ("summon",), fame=4, summon="brown", summoned=medusa)
    res = resolve_block(summoner, [Block(6)])
    assert res.success and any("no Fame" in line for line in res.explanation)
    back = Enemy(**{**summoner.__dict__, "summoned": None})
    hit_ = resolve_attack([back], [A(4)], "attack")
    assert hit_.success and hit_.fame == 4
    assert combat_outcome([back]).fame == 4


def test_summoned_token_swift_and_brutal_are_its_own_abilities_6c():
    """Assign Damage 6c: the damage of the summoned enemy, 'taking into account any special abilities it might
    have'; Block phase 2a: it replaces the summoner in the Block phase, so its Swift counts there."""
    token = E("Wolf", 3, ((3, "physical"),), ("swift", "brutal"))
    summoner = E("Summoner", 4, (), ("summon",), summon="brown", summoned=token)
    assert resolve_block(summoner, [Block(5)]).required == 6
    assert prepare_attack(UnblockedAttack(summoner, 0)).damage == 6


# ------------------------------------------------------------------------------------------------ Outcome


def test_city_assault_outcome_shields_per_defender_and_reputation_minus_one_even_when_lost():
    """Combat Outcomes 1a: one Shield on the City card per defeated enemy (defenders; rampaging ones that joined
    are not part of the garrison - note 2); Combat with Enemies 1a: every assault costs 1 Reputation regardless of
    the outcome; Combat Outcomes 2a: +1 per rampaging orc marauders defeated."""
    d1, d2 = E("D1", 3, fame=3), E("D2", 3, fame=4)
    orc = E("Orcs", 3, fame=2, rampaging=True, color="green")
    out = combat_outcome([d1, orc], [d2], kind="city")
    assert out.shields == 1 and out.reputation == -1 + 1 and out.fame == 5 and not out.conquered
    out = combat_outcome([d1, d2], [orc], kind="city")
    assert out.shields == 2 and out.conquered and out.reputation == -1


def test_other_players_keep_half_fame_rounded_up_only_for_the_defenders_quick_reference_keep():
    """Quick reference Keep, other players' keeps: 'you get half Fame (rounded up) for defeating the defenders';
    a rampaging draconum that joined gives full Fame and +2 Reputation (Combat Outcomes 2a)."""
    grey = E("Grey", 5, fame=5)
    drac = E("Draconum", 6, fame=7, rampaging=True, color="red")
    out = combat_outcome([grey, drac], kind="other_players_keep")
    assert out.fame == 3 + 7 and out.reputation == -1 + 2 and out.conquered


# ----------------------------------------------------------------------------------------------------- PvP


def test_pvp_fame_and_coop_split_are_deterministic_and_complete():
    """Cooperative City Assault: the garrison is dealt to the participants by the agreed counts - every token
    once (a split never loses or duplicates a defender)."""
    garrison = ["a", "b", "c", "d", "e"]
    split = coop_split(garrison, [2, 3], random.Random(4))
    assert sorted(x for share in split for x in share) == garrison
    assert [len(s) for s in split] == [2, 3]
    assert coop_split(garrison, [2, 3], random.Random(4)) == split


def test_pvp_cold_fire_doubles_armor_only_of_units_with_both_resistances_icon_reference():
    """Icon reference, Unit Resistances (Player vs. Player): resistant to at least one element of the opponent's
    attack = twice the Armor to wound it; 'Both Fire and Ice Resistance - also counts as resistance to ... Cold
    Fire Attacks of an opponent' (a Fire-only unit is not resistant to Cold Fire)."""
    units = [Unit("f", 3, resistances=("fire",)), Unit("b", 3, resistances=("fire", "ice"))]
    res = pvp_damage(3, ["cold_fire"], HERO, units, ["f"], "ranged_siege")
    assert res.units_wounded == ("f",) and res.unassigned == 0
    with pytest.raises(CombatError, match="not enough"):
        pvp_damage(5, ["cold_fire"], HERO, units, ["b"], "ranged_siege")
    assert pvp_damage(6, ["cold_fire"], HERO, units, ["b"], "ranged_siege").units_wounded == ("b",)
    # an attack of Cold Fire and Fire: the Fire-resistant unit is resistant to one element of it
    with pytest.raises(CombatError, match="not enough"):
        pvp_damage(5, ["cold_fire", "fire"], HERO, units, ["f"], "ranged_siege")


def test_pvp_sideways_card_makes_a_fire_attack_physical_too_melee_1c():
    """Rulebook PvP Melee 1c: a card played sideways 'will make it count as a physical Attack if it wasn't already
    (making any Block efficient against it and doubling Armor of Units with Physical resistance)'."""
    res = pvp_attack([PlayerAttack(5, "fire"), PlayerAttack(1, kind="sideways")], [Block(3, "fire")], "melee")
    assert res.block == 3 and res.damage == 3  # Fire Block 3 is not halved any more
    plain = pvp_attack([PlayerAttack(5, "fire")], [Block(3, "fire")], "melee")
    assert plain.block == 1 and plain.damage == 4
    with pytest.raises(CombatError, match="not enough"):
        pvp_damage(3, list(res.elements), HERO, [Unit("p", 2, resistances=("physical",))], ["p"], "melee")


def test_pvp_ranged_block_halved_then_halved_again_rulebook_example_4c():
    """Rulebook PvP Ranged and Siege 4c: 'reduced by 1 for each 2 points of total value of the blocks'; 4a: the
    inefficient blocks are first halved: Ice Ranged 6 against Ice Block 5 + physical Block 2 = 7 // 2 = 3 block
    points, reducing the attack by 1: 5 damage."""
    res = pvp_attack([PlayerAttack(6, "ice", "ranged")], [Block(5, "ice"), Block(2)], "ranged_siege")
    assert res.block == 3 and res.reduction == 1 and res.damage == 5


def test_pvp_victor_fame_one_level_lower_and_knock_out_counts_earlier_wounds():
    """Rulebook PvP Combat Outcome 1a: a victor one level lower gains 1 + 2 = 3 Fame; Ranged and Siege 5b: the
    blocker can be knocked out (Combat with Enemies 5c: wounds into the hand during the combat)."""
    assert pvp_fame(2, 10, 3, 12)[0] == 3
    assert pvp_damage(4, ["physical"], Hero(2, 5, wounds_this_combat=3), [], ["hero", "hero"], "melee").knocked_out
    assert not pvp_damage(4, ["physical"], Hero(2, 5, wounds_this_combat=2), [], ["hero", "hero"],
                          "melee").knocked_out


def test_mage_lite_worked_example_four_damage_against_armor_three_is_two_wounds():
    """Mage Lite (seeds 004) Assign Damage 5a: 'An enemy deals 4 damages to your Hero with 3 Armor. 4/3 = 1.333,
    rounded up make 2 wounds'."""
    assert assign_damage(Hero(3, 5), [], [hit(4)]).hero.wounds_to_hand == 2


# -------------------------------------------------------------------------------- real tokens of the rules data


def test_zombie_horde_three_attacks_cumbersome_each_and_damage_each_separately():
    """Icon reference, Multiple Attacks: each attack is blocked or has its damage assigned separately; quick
    reference Cumbersome: Move points lower an attack, 0 = blocked. Zombie Horde (three attacks of 1): one Move
    point per attack blocks each; unblocked, three attacks of 1 against hero armor 2 are three Wounds (not
    ceil(3 / 2) = 2)."""
    from companion.rules.combat.enemies import enemy_from_token

    horde = enemy_from_token("zombie_horde")
    assert len(horde.attacks) == 3 and horde.has("cumbersome")
    assert all(resolve_block(horde, [], attack_index=i, move_points=1).success for i in range(3))
    res = assign_damage(HERO, [], [UnblockedAttack(horde, i) for i in range(3)])
    assert res.hero.wounds_to_hand == 3


def test_crystal_sprites_elusive_with_their_own_defend_quick_reference():
    """Quick reference Elusive (higher value unless Attack phase with all attacks blocked; armor modifications
    apply to both values) and Defense (the first enemy attacked gets +Defend): Crystal Sprites 1/2, Defend 1,
    attacked first in the Ranged phase: 2 + 1 = 3; with the bonus kept and both attacks blocked, 1 + 1 = 2 in the
    Attack phase."""
    from companion.rules.combat.enemies import enemy_from_token

    sprites = enemy_from_token("crystal_sprites")
    res = resolve_attack([sprites], [A(3, "fire", "ranged")], "ranged_siege")
    assert res.armor == 3 and res.success and res.defend_bonus == 1
    later = enemy_from_token("crystal_sprites", armor_bonus=1, defend_used=True, all_attacks_blocked=True)
    assert resolve_attack([later], [A(2)], "attack").armor == 2
    # Ice Resistance: an Ice attack 4 is halved to 2 against it
    assert resolve_attack([later], [A(4, "ice")], "attack").total == 2


def test_corrupted_priests_cold_fire_block_and_vampiric_growth():
    """Block phase 5a: only Cold Fire Blocks are efficient against Cold Fire (Ice 7 counts 3 < 4); Vampiric: the
    Armor grows per Wound into the hand for the rest of the combat (Cold Fire 4, hero armor 2: 2 Wounds, +2)."""
    from companion.rules.combat.enemies import enemy_from_token

    priests = enemy_from_token("corrupted_priests")
    assert not resolve_block(priests, [Block(7, "ice")]).success
    assert resolve_block(priests, [Block(8, "fire")]).success
    assert resolve_block(priests, [Block(4, "cold_fire")]).success
    res = assign_damage(HERO, [], [UnblockedAttack(priests, 0)])
    assert res.hero.wounds_to_hand == 2 and res.vampiric[0].armor_bonus == 2


def test_real_fortified_and_unfortified_tokens_in_a_keep_across_a_wall():
    """Rulebook Ranged and Siege 3 (fortified twice: not targetable in that phase), quick reference Unfortified and
    Walls: Heroes (fortified) in a keep cannot be targeted in the Ranged phase; Magic Familiars (unfortified) in a
    keep across a wall can be hit by plain Ranged attacks."""
    from companion.rules.combat.enemies import enemy_from_token

    keep, wall_keep = Site(fortified=True), Site(fortified=True, across_wall=True)
    heroes = enemy_from_token("heroes_fortified")
    assert not resolve_attack([heroes], [A(9, kind="siege")], "ranged_siege", keep).allowed
    assert resolve_attack([heroes], [A(4)], "attack", keep).success
    familiars = enemy_from_token("magic_familiars")
    assert resolve_attack([familiars], [A(7, kind="ranged")], "ranged_siege", wall_keep).success


# ------------------------------------------------------------------ independent model of Assign Damage (property)

def _model_damage(value, element, abilities, city, rampaging, units, order, hero_armor):
    """The Assign Damage phase written out from the rule text alone, for one unblocked attack:
    City Assaults 1b-d (defenders only), Assign Damage 2a (Brutal), 4a-b (units in the player's order; resistant
    units absorb their armor first), 5a-b (hero: one Wound per started armor), 6a-b (Poison, Paralyze), quick
    reference Vampiric. Returns (unit wounds, destroyed, absorbed, hand, discard, hand discarded, vampiric)."""
    abilities = set(abilities)
    if city and not rampaging:
        if city == "blue":
            value += 2 if element in ("fire", "ice") else 1 if element == "cold_fire" else 0
        if city == "red" and element == "physical":
            abilities.add("brutal")
        if city == "green" and element == "physical":
            abilities.add("poison")
    damage = value * 2 if "brutal" in abilities else value
    wounds, destroyed, absorbed = {}, set(), set()
    hurt = 0
    for uid in order:
        if damage <= 0:
            break
        armor, res = units[uid]
        resistant = (element in res) if element != "cold_fire" else ("fire" in res and "ice" in res)
        if resistant:
            if damage <= armor:
                absorbed.add(uid)
                damage = 0
                break
            damage -= armor
        hurt += 1
        if "paralyze" in abilities:
            destroyed.add(uid)
        else:
            wounds[uid] = 2 if "poison" in abilities else 1
        damage = max(0, damage - armor)
    hand = -(-damage // hero_armor) if damage > 0 else 0
    discard = hand if "poison" in abilities else 0
    vampiric = hurt + hand if "vampiric" in abilities else 0
    return wounds, destroyed, absorbed, hand, discard, hand > 0 and "paralyze" in abilities, vampiric


@settings(max_examples=400, deadline=None)
@given(
    value=st.integers(0, 12),
    element=st.sampled_from(["physical", "fire", "ice", "cold_fire"]),
    abilities=st.sets(st.sampled_from(["brutal", "poison", "paralyze", "vampiric", "swift"]), max_size=3),
    city=st.sampled_from([None, "white", "blue", "red", "green"]),
    rampaging=st.booleans(),
    unit_specs=st.lists(st.tuples(st.integers(1, 5), st.sets(st.sampled_from(["physical", "fire", "ice"]),
                                                                max_size=2)), max_size=3),
    hero_armor=st.integers(1, 5),
    data=st.data(),
)
def test_property_assign_damage_matches_the_rule_text_model(value, element, abilities, city, rampaging, unit_specs,
                                                             hero_armor, data):
    """Rulebook Assign Damage 2-6, City Assaults 1b-d, quick reference Poison/Paralyze/Vampiric: the engine agrees
    with a line-by-line model of the rule text for any single unblocked attack and any order of units."""
    units = {f"u{i}": (armor, tuple(sorted(res))) for i, (armor, res) in enumerate(unit_specs)}
    order = data.draw(st.permutations(list(units)))
    order = order[:data.draw(st.integers(0, len(order)))]
    wounds, destroyed, absorbed, hand, discard, paralysed, vampiric = _model_damage(
        value, element, abilities, city, rampaging, units, order, hero_armor)
    enemy = E("Model", 4, ((value, element),), tuple(sorted(abilities)), rampaging=rampaging)
    site = Site(fortified=bool(city), city=city)
    engine_units = [Unit(uid, armor, resistances=res) for uid, (armor, res) in units.items()]
    res = assign_damage(Hero(hero_armor, 99), engine_units, [UnblockedAttack(enemy, 0, tuple(order))], site)
    for u in res.units:
        assert u.wounds == wounds.get(u.id, 0)
        assert u.destroyed == (u.id in destroyed)
        assert u.absorbed == (u.id in absorbed)
    assert res.hero.wounds_to_hand == hand and res.hero.wounds_to_discard == discard
    assert res.hero.discard_non_wounds == paralysed
    assert sum(v.armor_bonus for v in res.vampiric) == vampiric


_EFFICIENT_BY_TEXT = {  # Rulebook Block phase 5a, word for word
    "physical": {"physical", "fire", "ice", "cold_fire"},  # "Any type of Block is efficient against a physical attack"
    "fire": {"ice", "cold_fire"},  # "Only Ice or Cold Fire Blocks are efficient against Fire Attacks"
    "ice": {"fire", "cold_fire"},  # "Only Fire or Cold Fire Blocks are efficient against Ice Attacks"
    "cold_fire": {"cold_fire"},  # "Only Cold Fire Blocks are efficient against Cold Fire Attacks"
}


@settings(max_examples=400, deadline=None)
@given(
    value=st.integers(0, 8),
    element=st.sampled_from(["physical", "fire", "ice", "cold_fire"]),
    swift=st.booleans(),
    cumbersome=st.booleans(),
    move=st.integers(0, 9),
    city=st.sampled_from([None, "white", "blue", "red", "green"]),
    rampaging=st.booleans(),
    blocks=st.lists(st.tuples(st.integers(0, 8), st.sampled_from(["physical", "fire", "ice", "cold_fire"])),
                    max_size=4),
)
def test_property_block_matches_the_rule_text_model(value, element, swift, cumbersome, move, city, rampaging, blocks):
    """Rulebook Block phase 5-6 (efficient blocks, inefficient summed and halved once, Swift doubles), City Assaults
    1b (Blue bonus to defenders), quick reference Cumbersome (Move points lower the attack, 0 = blocked)."""
    move = move if cumbersome else 0
    attack = value
    if city == "blue" and not rampaging:
        attack += 2 if element in ("fire", "ice") else 1 if element == "cold_fire" else 0
    attack = max(0, attack - move)
    required = attack * 2 if swift else attack
    eff = sum(v for v, el in blocks if el in _EFFICIENT_BY_TEXT[element])
    ineff = sum(v for v, el in blocks if el not in _EFFICIENT_BY_TEXT[element])
    total = eff + ineff // 2
    abilities = tuple(a for a, on in (("swift", swift), ("cumbersome", cumbersome)) if on)
    enemy = E("Model", 4, ((value, element),), abilities, rampaging=rampaging)
    res = resolve_block(enemy, [Block(v, el) for v, el in blocks], 0, move, Site(fortified=bool(city), city=city))
    assert (res.attack, res.required, res.total) == (attack, required, total)
    assert res.success == (attack == 0 or total >= required)


@settings(max_examples=400, deadline=None)
@given(
    targets=st.lists(st.tuples(st.integers(1, 6), st.sets(st.sampled_from(["physical", "fire", "ice"]), max_size=2),
                               st.booleans()), min_size=1, max_size=3),
    attacks=st.lists(st.tuples(st.integers(0, 7), st.sampled_from(["physical", "fire", "ice", "cold_fire"]),
                               st.sampled_from(["melee", "ranged", "siege", "sideways"])), max_size=5),
    city=st.sampled_from([None, "white", "blue"]),
)
def test_property_attack_phase_matches_the_rule_text_model(targets, attacks, city):
    """Rulebook Attack phase 1-2 and Ranged and Siege 4a-5: in the Attack phase every attack counts (sideways =
    physical); an element is inefficient if ANY target resists it (Cold Fire: a target with both Fire and Ice
    Resistance); inefficient attacks summed and halved once; armor to beat = sum of the targets' armor (White city
    +1 for each defender)."""
    def resists(res, el):
        return ("fire" in res and "ice" in res) if el == "cold_fire" else el in res

    eff = ineff = 0
    for v, el, kind in attacks:
        el = "physical" if kind == "sideways" else el
        if any(resists(res, el) for _, res, _ in targets):
            ineff += v
        else:
            eff += v
    total = eff + ineff // 2
    armor = sum(a + (1 if city == "white" and not ramp else 0) for a, _, ramp in targets)
    enemies = [E(f"T{i}", a, resistances=tuple(sorted(res)), rampaging=ramp) for i, (a, res, ramp) in
               enumerate(targets)]
    res = resolve_attack(enemies, [A(v, el, kind) for v, el, kind in attacks], "attack",
                         Site(fortified=bool(city), city=city))
    assert res.allowed and (res.total, res.armor) == (total, armor)
    assert res.success == (total >= armor)


@settings(max_examples=400, deadline=None)
@given(
    targets=st.lists(st.tuples(st.sampled_from([(), ("fortified",), ("unfortified",)]), st.booleans()),
                     min_size=1, max_size=3),
    kinds=st.lists(st.sampled_from(["melee", "ranged", "siege", "sideways"]), min_size=1, max_size=3),
    fortified_site=st.booleans(),
    wall=st.booleans(),
)
def test_property_ranged_phase_targeting_matches_the_rule_text_model(targets, kinds, fortified_site, wall):
    """Rulebook Ranged and Siege 3 (fortified: Siege only; fortified twice: not at all; 3b no sideways cards, only
    Ranged and Siege attacks), Combat with Enemies 1 (rampaging enemies joining an assault are not fortified),
    quick reference Walls (a wall counts as a site fortification) and Unfortified (all site fortifications
    ignored)."""
    levels = []
    for abilities, rampaging in targets:
        site_level = (1 if fortified_site and not rampaging else 0) + (1 if wall else 0)
        if "unfortified" in abilities:
            site_level = 0
        levels.append(site_level + (1 if "fortified" in abilities else 0))
    allowed = (max(levels) < 2 and "sideways" not in kinds and "melee" not in kinds
               and not (max(levels) == 1 and "ranged" in kinds))
    enemies = [E(f"T{i}", 2, abilities=ab, rampaging=r) for i, (ab, r) in enumerate(targets)]
    res = resolve_attack(enemies, [A(1, kind=k) for k in kinds], "ranged_siege",
                         Site(fortified=fortified_site, across_wall=wall))
    assert res.allowed == allowed
    assert [fortification(e, Site(fortified=fortified_site, across_wall=wall)) for e in enemies] == levels


@settings(max_examples=400, deadline=None)
@given(
    attacks=st.lists(st.tuples(st.integers(0, 7), st.sampled_from(["physical", "fire", "ice", "cold_fire"]),
                               st.sampled_from(["melee", "ranged", "siege", "sideways"])), min_size=1, max_size=4),
    blocks=st.lists(st.tuples(st.integers(0, 7), st.sampled_from(["physical", "fire", "ice", "cold_fire"])),
                    max_size=3),
    phase=st.sampled_from(["ranged_siege", "melee"]),
    fortified=st.booleans(),
    block_full=st.booleans(),
)
def test_property_pvp_attack_matches_the_rule_text_model(attacks, blocks, phase, fortified, block_full):
    """Rulebook PvP Ranged and Siege 3 (Ranged/Siege only, no sideways, fortified defender: Siege only), 4a (a Block
    is efficient if efficient against at least one element of the attack; inefficient ones summed and halved),
    4c (reduced by 1 per 2 block points, 1 per point after 'loses Swiftness'), 4d (the rest is damage); Melee 1b-d
    (any attacks, fortifications ignored, sideways = physical, 1 per block point)."""
    kinds = {k for _, _, k in attacks}
    if phase == "ranged_siege" and ("sideways" in kinds or "melee" in kinds or (fortified and "ranged" in kinds)):
        assert not pvp_attack([A(v, el, k) for v, el, k in attacks], [Block(v, el) for v, el in blocks], phase,
                              fortified, block_full).allowed
        return
    elements = {("physical" if k == "sideways" else el) for _, el, k in attacks}
    eff = sum(v for v, el in blocks if any(el in _EFFICIENT_BY_TEXT[a] for a in elements))
    ineff = sum(v for v, el in blocks if not any(el in _EFFICIENT_BY_TEXT[a] for a in elements))
    block = eff + ineff // 2
    reduction = block // 2 if phase == "ranged_siege" and not block_full else block
    damage = max(0, sum(v for v, _, _ in attacks) - reduction)
    res = pvp_attack([A(v, el, k) for v, el, k in attacks], [Block(v, el) for v, el in blocks], phase, fortified,
                     block_full)
    assert res.allowed and res.block == block and res.damage == damage and set(res.elements) == elements
