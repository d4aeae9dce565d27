"""Assign Damage phase (Rulebook "Assign Damage phase" 1-7, quick reference Poison, Paralyze, Assassination,
Vampiric, Summon; City Assaults 1c-d) and the exact suggestion (checked against brute force)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.combat.damage import (
    Hero,
    UnblockedAttack,
    Unit,
    assign_damage,
    assignment_key,
    suggest_assignment,
)
from companion.rules.combat.enemies import ELEMENTS, CombatError, Enemy, EnemyAttack, Site
from companion.rules.combat.reference import brute_force_suggest

HERO = Hero(armor=2, hand_limit=5)


def enemy(value, element="physical", abilities=(), name="Enemy", **kw):
    return Enemy(name, 4, (EnemyAttack(value, element),), tuple(abilities), (), 3, **kw)


def hit(value, element="physical", abilities=(), assign=(), **kw):
    return UnblockedAttack(enemy(value, element, abilities, **kw), 0, tuple(assign))


def unit_result(res, uid):
    return next(u for u in res.units if u.id == uid)


def test_hero_takes_one_wound_per_started_block_of_armor_5a():
    """Rulebook Assign Damage 5a-b: one Wound for every X points of damage (X = armor), rounded up; even less
    damage than the armor still gives a Wound."""
    assert assign_damage(HERO, [], [hit(5)]).hero.wounds_to_hand == 3
    assert assign_damage(HERO, [], [hit(1)]).hero.wounds_to_hand == 1
    assert assign_damage(HERO, [], [hit(4)]).hero.wounds_to_hand == 2


def test_brutal_doubles_unblocked_damage_2a():
    """Rulebook Assign Damage 2a: a Brutal enemy deals twice its attack value."""
    assert assign_damage(HERO, [], [hit(3, abilities=("brutal",))]).hero.wounds_to_hand == 3


def test_one_damage_wounds_a_unit_with_high_armor_4a():
    """Rulebook Assign Damage 4a: a unit is wounded however little damage it gets; then the damage drops by
    its armor (5 - 3 = 2 goes on to the hero: one wound)."""
    units = [Unit("u", 3)]
    res = assign_damage(HERO, units, [hit(1, assign=["u"])])
    assert unit_result(res, "u").wounds == 1 and res.hero.wounds_to_hand == 0
    res = assign_damage(HERO, units, [hit(5, assign=["u"])])
    assert unit_result(res, "u").wounds == 1 and res.hero.wounds_to_hand == 1


def test_resistant_unit_absorbs_its_armor_first_without_a_wound_4b():
    """Rulebook Assign Damage 4b: a unit resistant to the attack first reduces the damage by its armor without
    a wound; if damage remains it is wounded and reduces it by its armor again (twice its armor in all)."""
    fire_unit = [Unit("f", 3, resistances=("fire",))]
    res = assign_damage(HERO, fire_unit, [hit(3, "fire", assign=["f"])])
    assert unit_result(res, "f").absorbed and unit_result(res, "f").wounds == 0 and res.hero.wounds_to_hand == 0
    res = assign_damage(HERO, fire_unit, [hit(7, "fire", assign=["f"])])
    assert unit_result(res, "f").wounds == 1 and not unit_result(res, "f").absorbed
    assert res.hero.wounds_to_hand == 1  # 7 - 3 - 3 = 1
    # a resistance to another element does not help
    res = assign_damage(HERO, fire_unit, [hit(3, "ice", assign=["f"])])
    assert unit_result(res, "f").wounds == 1


def test_cold_fire_needs_both_fire_and_ice_resistance_on_a_unit_4b():
    """Rulebook Assign Damage 4b: both Ice and Fire resistances vs Cold Fire."""
    res = assign_damage(HERO, [Unit("fi", 3, resistances=("fire", "ice"))], [hit(3, "cold_fire", assign=["fi"])])
    assert unit_result(res, "fi").absorbed
    res = assign_damage(HERO, [Unit("f", 3, resistances=("fire",))], [hit(3, "cold_fire", assign=["f"])])
    assert unit_result(res, "f").wounds == 1


def test_a_unit_that_absorbed_cannot_be_assigned_damage_again_this_combat_4b():
    """Rulebook Assign Damage 4b: a unit assigned damage but not wounded because of a resistance cannot be
    assigned damage again during the same combat."""
    units = [Unit("p", 2, resistances=("physical",))]
    with pytest.raises(CombatError, match="absorbed"):
        assign_damage(HERO, units, [hit(2, assign=["p"]), hit(2, assign=["p"])])


def test_wounded_units_cannot_take_damage_4():
    """Rulebook Assign Damage 4: damage can be assigned to a unit as long as it is not wounded (including a
    unit wounded by an earlier attack of this combat)."""
    with pytest.raises(CombatError, match="wounded"):
        assign_damage(HERO, [Unit("w", 3, wounded=True)], [hit(2, assign=["w"])])
    with pytest.raises(CombatError, match="wounded"):
        assign_damage(HERO, [Unit("u", 3)], [hit(2, assign=["u"]), hit(2, assign=["u"])])


def test_units_take_damage_in_the_players_order_then_the_hero_3():
    """Rulebook Assign Damage 3 and 5: units in the order chosen, the rest to the hero. A unit listed after the
    damage ran out takes nothing."""
    units = [Unit("a", 2), Unit("b", 4)]
    res = assign_damage(HERO, units, [hit(5, assign=["a", "b"])])
    assert unit_result(res, "a").wounds == 1 and unit_result(res, "b").wounds == 1 and res.hero.wounds_to_hand == 0
    res = assign_damage(HERO, units, [hit(4, assign=["b", "a"])])
    assert unit_result(res, "b").wounds == 1 and unit_result(res, "a").wounds == 0


def test_poison_two_wounds_on_a_unit_and_extra_discard_wounds_for_the_hero():
    """Quick reference, Poison: a unit wounded by a poisonous attack gets two Wound cards; a hero puts one
    Wound into the discard pile per Wound taken into the hand. Poison does not destroy a unit."""
    res = assign_damage(HERO, [Unit("u", 2)], [hit(3, abilities=("poison",), assign=["u"])])
    u = unit_result(res, "u")
    assert u.wounds == 2 and not u.destroyed
    assert res.hero.wounds_to_hand == 1 and res.hero.wounds_to_discard == 1


def test_poison_on_a_resistant_unit_that_absorbs_gives_no_wound():
    """Poison only acts when the unit would be wounded (quick reference: 'if a Unit gets Wounded')."""
    res = assign_damage(HERO, [Unit("p", 3, resistances=("physical",))], [hit(3, abilities=("poison",), assign=["p"])])
    assert unit_result(res, "p").wounds == 0 and unit_result(res, "p").absorbed


def test_paralyze_destroys_a_wounded_unit_and_the_hero_discards_non_wounds():
    """Quick reference, Paralyze: a unit that would be wounded is destroyed; a hero taking wounds into the
    hand discards all non-Wound cards."""
    res = assign_damage(HERO, [Unit("u", 2)], [hit(5, abilities=("paralyze",), assign=["u"])])
    assert unit_result(res, "u").destroyed and res.hero.wounds_to_hand == 2 and res.hero.discard_non_wounds
    res = assign_damage(HERO, [Unit("r", 3, resistances=("physical",))],
                        [hit(3, abilities=("paralyze",), assign=["r"])])
    assert not unit_result(res, "r").destroyed and not res.hero.discard_non_wounds


def test_assassination_damage_cannot_go_to_units():
    """Quick reference, Assassination: damage cannot be assigned to units, all of it goes to the hero."""
    with pytest.raises(CombatError, match="Assassination"):
        assign_damage(HERO, [Unit("u", 5)], [hit(4, abilities=("assassination",), assign=["u"])])
    assert assign_damage(HERO, [Unit("u", 5)], [hit(4, abilities=("assassination",))]).hero.wounds_to_hand == 2


def test_knock_out_at_the_unmodified_hand_limit_5c():
    """Rulebook Assign Damage 5c: wounds added to the hand this combat >= unmodified hand limit: knocked out
    (wounds from other sources this combat count too)."""
    assert not assign_damage(HERO, [], [hit(8)]).hero.knocked_out  # 4 wounds, limit 5
    res = assign_damage(HERO, [], [hit(10)])
    assert res.hero.knocked_out and res.hero.discard_non_wounds
    assert assign_damage(Hero(2, 5, wounds_this_combat=1), [], [hit(8)]).hero.knocked_out


def test_vampiric_gains_armor_per_unit_wounded_and_per_wound_to_hand():
    """Quick reference, Vampiric: +1 armor for the rest of the combat per unit its attacks wound and per Wound
    they add to a hand."""
    res = assign_damage(HERO, [Unit("u", 2)], [hit(5, abilities=("vampiric",), assign=["u"])])
    assert res.vampiric[0].armor_bonus == 1 + 2


def test_summoned_token_deals_the_damage_with_its_own_abilities_6c():
    """Rulebook Assign Damage 6c: the damage of the summoned enemy is assigned, with its abilities."""
    medusa = Enemy("Medusa", 4, (EnemyAttack(6),), ("paralyze",), (), 5)
    summoner = Enemy("Orc Summoners", 4, (), ("summon",), (), 4, summon="brown", summoned=medusa)
    res = assign_damage(HERO, [Unit("u", 3)], [UnblockedAttack(summoner, 0, ("u",))])
    assert unit_result(res, "u").destroyed and res.hero.wounds_to_hand == 2


def test_city_bonuses_red_brutal_green_poison_blue_plus_two_for_damage():
    """Rulebook City Assaults 1b-d: Red: physical attackers gain Brutal; Green: Poison; Blue: +2 fire/ice.
    Rampaging enemies get no city bonus."""
    red, green, blue = Site(True, "red"), Site(True, "green"), Site(True, "blue")
    assert assign_damage(HERO, [], [hit(3)], red).hero.wounds_to_hand == 3
    assert assign_damage(HERO, [], [hit(3, "fire")], red).hero.wounds_to_hand == 2
    assert assign_damage(HERO, [], [hit(3, rampaging=True)], red).hero.wounds_to_hand == 2
    assert assign_damage(HERO, [], [hit(3)], green).hero.wounds_to_discard == 2
    assert assign_damage(HERO, [], [hit(3, "ice")], blue).hero.wounds_to_hand == 3


def test_cumbersome_move_points_lower_unblocked_damage():
    """Quick reference, Cumbersome: Move points spent lower the attack for the rest of the turn."""
    a = UnblockedAttack(enemy(4, abilities=("cumbersome",)), 0, (), move_points=2)
    assert assign_damage(HERO, [], [a]).hero.wounds_to_hand == 1


def test_bad_input_is_refused():
    with pytest.raises(CombatError):
        assign_damage(HERO, [Unit("u", 2)], [hit(2, assign=["nope"])])
    with pytest.raises(CombatError):
        assign_damage(HERO, [Unit("u", 2), Unit("u", 3)], [])
    with pytest.raises(CombatError):
        assign_damage(Hero(0, 5), [], [])


# ------------------------------------------------------------------------------------------- suggest


def test_suggest_uses_a_resistant_unit_to_absorb_instead_of_wounding():
    """A fire-resistant unit absorbs fire 3 without a wound: best is no wound at all."""
    units = [Unit("plain", 3), Unit("fireres", 3, resistances=("fire",))]
    sug = suggest_assignment(HERO, units, [UnblockedAttack(enemy(3, "fire"))])
    assert sug.assign == (("fireres",),)
    assert sug.result.hero.wounds_to_hand == 0 and all(u.wounds == 0 for u in sug.result.units)


def test_suggest_prefers_units_by_default_and_protects_them_when_asked():
    """Default: fewest wounds into the hero's hand; prefer "hero" (protect my units): fewest units hurt,
    but never a knock-out that units could prevent."""
    units = [Unit("u", 2, level=2)]
    default = suggest_assignment(HERO, units, [UnblockedAttack(enemy(2))])
    assert default.assign == (("u",),) and default.result.hero.wounds_to_hand == 0
    protect = suggest_assignment(HERO, units, [UnblockedAttack(enemy(2))], prefer="hero")
    assert protect.assign == ((),) and protect.result.hero.wounds_to_hand == 1
    # a knock-out is avoided even when protecting units: 10 damage = 5 wounds = knocked out
    protect = suggest_assignment(HERO, units, [UnblockedAttack(enemy(10))], prefer="hero")
    assert protect.assign == (("u",),) and not protect.result.hero.knocked_out


def test_suggest_never_gives_assassination_damage_to_units_and_skips_wounded_units():
    units = [Unit("w", 5, wounded=True), Unit("u", 5)]
    sug = suggest_assignment(HERO, units, [UnblockedAttack(enemy(4, abilities=("assassination",))),
                                           UnblockedAttack(enemy(4))])
    assert sug.assign == ((), ("u",))


def test_suggest_is_exact_where_greedy_fails():
    """Greedy (biggest attack on the strongest unit first) is not optimal: armor-4 unit on the 4, armor-2 unit on
    the 2 saves every hero wound."""
    units = [Unit("big", 4), Unit("small", 2)]
    sug = suggest_assignment(Hero(1, 9), units, [UnblockedAttack(enemy(2)), UnblockedAttack(enemy(4))])
    assert sug.result.hero.wounds_to_hand == 0
    assert sug.assign == (("small",), ("big",))


abil_st = st.lists(st.sampled_from(["brutal", "poison", "paralyze", "assassination", "vampiric"]), unique=True,
                   max_size=2).map(tuple)


@st.composite
def cases(draw):
    n = draw(st.integers(0, 3))
    units = [Unit(f"u{i}", draw(st.integers(1, 5)), draw(st.integers(1, 4)),
                  tuple(draw(st.lists(st.sampled_from(["physical", "fire", "ice"]), unique=True, max_size=2))),
                  draw(st.booleans()) and draw(st.booleans())) for i in range(n)]
    attacks = [UnblockedAttack(enemy(draw(st.integers(0, 9)), draw(st.sampled_from(ELEMENTS)), draw(abil_st),
                                     name=f"e{j}"))
               for j in range(draw(st.integers(1, 3)))]
    hero = Hero(draw(st.integers(1, 4)), draw(st.integers(2, 6)), draw(st.integers(0, 2)))
    site = Site(True, draw(st.sampled_from([None, "red", "green", "blue", "white"])))
    return hero, units, attacks, site


@settings(max_examples=120, deadline=None)
@given(cases(), st.sampled_from(["units", "hero"]))
def test_property_suggestion_is_never_worse_than_any_valid_assignment(case, prefer):
    """Brute force over every ordered list of units for every attack (through assign_damage): no valid
    assignment ranks better than the suggestion, and the suggestion itself is valid."""
    hero, units, attacks, site = case
    sug = suggest_assignment(hero, units, attacks, site, prefer)
    key = assignment_key(sug.result, units, hero, prefer)
    best_key, _ = brute_force_suggest(hero, units, attacks, site, prefer)
    assert key == best_key
