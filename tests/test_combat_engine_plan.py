"""The attack planner (Rulebook Ranged and Siege 7, Attack phase 2: one or more attacks, each on one or more
enemies): the grouping that defeats the most Fame, ties fewest attack points; exact (checked by brute force)."""
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.combat.enemies import ATTACK_KINDS, ELEMENTS, PHASES, RESISTANCES, Enemy, PlayerAttack, Site
from companion.rules.combat.plan import plan_attacks
from companion.rules.combat.reference import brute_force_plan


def E(name, armor, fame, resistances=(), abilities=(), **kw):
    return Enemy(name, armor, (), tuple(abilities), tuple(resistances), fame, **kw)


def A(value, element="physical", kind="melee"):
    return PlayerAttack(value, element, kind)


def test_grouping_two_enemies_in_one_attack_can_defeat_both_ranged_siege_7():
    """Rulebook Ranged and Siege 7: with each attack you can defeat one or multiple enemies. Armor 3 and 3
    with attacks 4 and 2: separately only one falls, together 6 >= 6 defeats both."""
    plan = plan_attacks([E("A", 3, 2), E("B", 3, 2)], [A(4), A(2)], "attack")
    assert plan.fame == 4 and len(plan.groups) == 1 and plan.groups[0].targets == (0, 1)


def test_separate_attacks_keep_a_resistant_enemy_from_halving_the_rest_7b():
    """Rulebook Ranged and Siege 7b: a resistant enemy halves all attacks of its type, so deal with it
    separately: fire 6 on the plain enemy, ice 3 on the fire-resistant one."""
    plain, resistant = E("Plain", 5, 3), E("FireRes", 3, 3, ("fire",))
    plan = plan_attacks([plain, resistant], [A(6, "fire"), A(3, "ice")], "attack")
    assert plan.fame == 6 and len(plan.groups) == 2
    by_target = {g.targets: g.attacks for g in plan.groups}
    assert by_target == {(0,): (0,), (1,): (1,)}


def test_ties_are_broken_by_fewest_points():
    """Same Fame either way: the plan spends the fewest attack points (5 rather than 7)."""
    plan = plan_attacks([E("A", 5, 3)], [A(7), A(5)], "attack")
    assert plan.fame == 3 and plan.points == 5 and plan.groups[0].attacks == (1,) and plan.unused_attacks == (0,)


def test_plan_in_ranged_phase_respects_fortification():
    """Rulebook Ranged and Siege 3: fortified targets take Siege only, double-fortified none; melee and
    sideways attacks do not count in this phase."""
    site = Site(fortified=True)
    keep = E("Guardsmen", 3, 4, abilities=("fortified",))
    garrison = E("Garrison", 3, 3)
    orc = E("Orc", 3, 2, rampaging=True)
    plan = plan_attacks([keep, garrison, orc], [A(3, kind="siege"), A(3, kind="ranged"), A(9)], "ranged_siege", site)
    assert plan.fame == 5
    targets = {g.targets: g.attacks for g in plan.groups}
    assert targets == {(1,): (0,), (2,): (1,)}


def test_plan_places_a_defend_bonus_on_one_group():
    """Quick reference, Defense: the first enemy attacked gets +Defend armor; the plan chooses which attack
    comes first, and the bonus counts once: 4 + 3 + 2 = 9 armor in all."""
    protector = E("Protectors", 4, 2, defend=2)
    orc = E("Orc", 3, 2)
    plan = plan_attacks([protector, orc], [A(6), A(3)], "attack")
    assert plan.fame == 4 and plan.points == 9
    assert sum(g.armor for g in plan.groups) == 9
    assert all(g.total >= g.armor for g in plan.groups)
    # with only 8 points the bonus makes one of them survive
    assert plan_attacks([protector, orc], [A(5), A(3)], "attack").fame == 2


def test_every_group_of_a_plan_really_succeeds_through_resolve_attack():
    enemies = [E("A", 4, 3, ("physical",)), E("B", 5, 4, ("fire", "ice")), E("C", 2, 1), E("D", 6, 5, ("ice",))]
    attacks = [A(3), A(4, "fire"), A(2, "cold_fire"), A(5, "ice"), A(1, kind="sideways"), A(6, "cold_fire")]
    plan = plan_attacks(enemies, attacks, "attack")
    assert plan.fame == sum(g.fame for g in plan.groups)
    assert all(g.total >= g.armor for g in plan.groups)
    used = [j for g in plan.groups for j in g.attacks]
    assert len(used) == len(set(used))
    assert sorted(used + list(plan.unused_attacks)) == list(range(len(attacks)))


enemy_st = st.builds(
    lambda armor, fame, res, abil, ramp, defend: E("X", armor, fame, res, abil, rampaging=ramp, defend=defend),
    st.integers(1, 7), st.integers(0, 6), st.lists(st.sampled_from(RESISTANCES), unique=True, max_size=3).map(tuple),
    st.lists(st.sampled_from(["fortified", "unfortified"]), unique=True, max_size=1).map(tuple), st.booleans(),
    st.sampled_from([0, 0, 0, 1, 2]))
attack_st = st.builds(A, st.integers(0, 5), st.sampled_from(ELEMENTS), st.sampled_from(ATTACK_KINDS))


@settings(max_examples=150, deadline=None)
@given(st.lists(enemy_st, min_size=1, max_size=4), st.lists(attack_st, max_size=5), st.sampled_from(PHASES),
       st.booleans(), st.sampled_from([None, "white"]), st.booleans())
def test_property_plan_equals_brute_force(enemies, attacks, phase, fortified, city, wall):
    """The planner's (Fame, points) equals an exhaustive search over every grouping and attack subset, each
    checked with resolve_attack (Defend included: the bonus goes on whichever attack comes first)."""
    site = Site(fortified=fortified, city=city, across_wall=wall)
    plan = plan_attacks(enemies, attacks, phase, site)
    assert (plan.fame, plan.points) == brute_force_plan(enemies, attacks, phase, site)


def test_plan_refuses_rather_than_guesses_when_the_search_is_too_big():
    """The planner never returns an unproven plan: past its state budget it raises CombatError (a 400)."""
    import pytest

    from companion.rules.combat.enemies import CombatError

    enemies = [E(f"e{i}", 3 + i % 3, 2 + i % 4) for i in range(6)]
    attacks = [A(1 + j % 4) for j in range(8)]
    assert plan_attacks(enemies, attacks, "attack").fame > 0
    with pytest.raises(CombatError, match="too many"):
        plan_attacks(enemies, attacks, "attack", max_nodes=1)
