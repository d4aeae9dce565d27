"""Runewars rules (seed 001): damage and rout assignment, tally, retreat, duels, attribute tests, limits.
Each test cites the seed's passage; the worked battle example (round 2, Elf and Uthuk) is reproduced step by step."""

from dataclasses import replace

import pytest
from hypothesis import given, strategies as st

from companion.rules.runewars import core as rw
from companion.rules.runewars.core import DuelDraw, DuelHero, Unit


def by_id(result):
    return {u.id: u for u in result.units}


# ---------------------------------------------------------------------------------------------- worked example


def test_battle_example_round_2_elf_and_uthuk():
    """Seed 001, "Battle Example Round 2": the Elf player's Pegasus Riders against the Uthuk Berserkers, then the
    Beastmen; the damaged-first rule, the rout rule (undamaged first), the concurrent attack rule and the tally."""
    # Before round 2: one Pegasus Rider was damaged in round 1 (step 3: "since it is already damaged"); it takes two
    # more points before it falls (step 6), so the Pegasus Rider's health is 3.
    elves = [Unit("pegasus-a", 3, damage=1), Unit("pegasus-b", 3), Unit("archer-1", 1), Unit("archer-2", 1)]
    uthuk = [Unit("berserker-1", 1), Unit("berserker-2", 1), Unit("beastman-1", 1), Unit("beastman-2", 1),
             Unit("beastman-3", 1), Unit("flesh-ripper", 2)]
    # 1. the Elf (attacker) draws two cards for two Pegasus Riders; the Uthuk draws one per Berserker
    assert sum(u.standing for u in elves if u.id.startswith("pegasus")) == 2
    # 2. three damage on the Uthuk: two on the Berserkers (destroyed, health 1), the last on a Beastman
    res = rw.assign(uthuk, 0, 3, damage_targets=["berserker-1", "berserker-2", "beastman-1"])
    assert res.legal, res.reason
    uthuk = list(res.units)
    assert [u.id for u in uthuk if u.destroyed] == ["berserker-1", "berserker-2", "beastman-1"]
    # 3. the Berserkers' card resolves although they fell (concurrent attack rule): one damage on the Elf, which
    #    must go on the damaged Pegasus Rider
    assert rw.legal_damage_targets(elves) == ["pegasus-a"]
    refused = rw.assign(elves, 0, 1, damage_targets=["archer-1"])
    assert not refused.legal and "previously damaged" in refused.reason
    elves = list(rw.assign(elves, 0, 1, damage_targets=["pegasus-a"]).units)
    assert by_id(rw.Assignment(True, tuple(elves)))["pegasus-a"].damage == 2
    # 4. the Beastmen draw: two cards, as only two standing Beastmen remain
    assert sum(u.standing for u in uthuk if u.id.startswith("beastman")) == 2
    # 5. one rout: the Elf must rout an undamaged unit (he chooses the other Pegasus Rider), not the damaged one
    assert "pegasus-a" not in rw.legal_rout_targets(elves)
    assert not rw.assign(elves, 1, 0, rout_targets=["pegasus-a"]).legal
    # 6. then one damage: on the damaged Pegasus Rider, which is destroyed (damage equal to its health)
    res = rw.assign(elves, 1, 1, rout_targets=["pegasus-b"], damage_targets=["pegasus-a"])
    assert res.legal, res.reason
    elves = by_id(res)
    assert elves["pegasus-b"].routed and elves["pegasus-a"].destroyed
    # 7. the tally: two standing Archers against one Flesh Ripper and two Beastmen
    t = rw.tally(rw.standing_count(elves.values()), rw.standing_count(uthuk), 0)
    assert (t.attacker, t.defender) == (2, 3)
    # 8. the Uthuk player wins; the Elf units retreat and are routed
    assert t.winner == "defender"
    r = rw.retreat(participating=3, routed_at_start=0, can_retreat=True)
    assert r.retreating == 3 and r.destroyed == 0


def test_damage_example_warrior_then_any_standing_unit():
    """Seed 001, Dealing Damage to Units, example: two damage with a damaged Warrior: the first destroys the
    Warrior, the last goes on any standing unit of his choice."""
    elves = [Unit("warrior", 2, damage=1), Unit("archer", 1), Unit("pegasus", 3)]
    assert not rw.assign(elves, 0, 2, damage_targets=["archer", "warrior"]).legal
    res = rw.assign(elves, 0, 2, damage_targets=["warrior", "pegasus"])
    assert res.legal and by_id(res)["warrior"].destroyed and by_id(res)["pegasus"].damage == 1


# ---------------------------------------------------------------------------------------------- damage rules


def test_damage_tokens_one_at_a_time_so_the_first_damaged_unit_takes_the_next():
    """Dealing Damage: "Damage tokens are assigned one at a time" and must go on a previously damaged unit: after
    the first point lands on an undamaged unit, the next must follow it."""
    units = [Unit("a", 3), Unit("b", 3)]
    assert not rw.assign(units, 0, 2, damage_targets=["a", "b"]).legal
    assert rw.assign(units, 0, 2, damage_targets=["a", "a"]).legal


def test_damage_goes_on_routed_units_only_without_standing_ones():
    """Dealing Damage: "If he does not control any standing units in the battle, then he must assign the damage to
    one of his routed units"; Routed Units: "he must always choose a standing unit if able"."""
    units = [Unit("standing", 2), Unit("routed", 2, routed=True)]
    assert not rw.assign(units, 0, 1, damage_targets=["routed"]).legal
    only_routed = [Unit("routed", 2, routed=True)]
    assert rw.assign(only_routed, 0, 1, damage_targets=["routed"]).legal


def test_damage_goes_on_a_damaged_routed_unit_before_an_undamaged_standing_one():
    """The reading chosen where seed 001 says both. Dealing Damage to Units: "When assigning damage during battle,
    a player must place the damage on a previously damaged unit (if able). If he does not have any damaged units,
    then he must assign it to any one of his standing units." A damaged unit, routed or not, comes first; the
    standing units only "If he does not have any damaged units"."""
    units = [Unit("standing", 2), Unit("routed", 3, damage=1, routed=True)]
    res = rw.assign(units, 0, 1, damage_targets=["standing"])
    assert not res.legal and "previously damaged" in res.reason
    res = rw.assign(units, 0, 2, damage_targets=["routed", "routed"])
    assert res.legal and by_id(res)["routed"].destroyed and by_id(res)["standing"].damage == 0
    assert rw.legal_damage_targets(units) == ["routed"]


def test_among_damaged_units_a_standing_one_first():
    """Routed Units and Heroes: "When a player is forced to damage or destroy one of his units, he must always
    choose a standing unit if able (as opposed to a routed one)": among the previously damaged units (Dealing
    Damage to Units), the standing one takes the damage."""
    units = [Unit("routed", 3, damage=1, routed=True), Unit("standing", 3, damage=1), Unit("fresh", 1)]
    assert rw.legal_damage_targets(units) == ["standing"]
    assert not rw.assign(units, 0, 1, damage_targets=["routed"]).legal
    assert rw.assign(units, 0, 1, damage_targets=["standing"]).legal


def test_in_a_battle_fought_through_the_app_both_readings_agree():
    """Why stored battles fold as they did: a damaged unit is routed only when all standing units are damaged
    (Routed Units: "rout one of his undamaged units ... If all of his remaining units are damaged, then he must
    choose one of them"), and damage stays until the battle ends, so a damaged routed unit never stands beside an
    undamaged standing one in a battle whose routs and damage the app assigned."""
    import random

    rnd = random.Random(7)
    for _ in range(400):
        units = [Unit(f"u{i}", rnd.randint(1, 3)) for i in range(rnd.randint(1, 5))]
        for _step in range(6):
            routs, damage = rnd.randint(0, 2), rnd.randint(0, 3)
            for _point in range(routs):  # any legal choice, one point at a time
                legal = rw.legal_rout_targets(units)
                if legal:
                    units = list(rw.assign(units, 1, 0, [rnd.choice(legal)]).units)
            for _point in range(damage):
                legal = rw.legal_damage_targets(units)
                if legal:
                    res = rw.assign(units, 0, 1, damage_targets=[rnd.choice(legal)])
                    assert res.legal
                    units = list(res.units)
            damaged_routed = [u for u in units if u.present and u.routed and u.damage]
            undamaged_standing = [u for u in units if u.standing and not u.damage]
            assert not (damaged_routed and undamaged_standing)


def test_unit_destroyed_when_damage_equals_health():
    """Dealing Damage: "When a unit has a number of damage tokens equal to its health value ... destroyed"."""
    res = rw.assign([Unit("u", 2)], 0, 2, damage_targets=["u", "u"])
    assert by_id(res)["u"].destroyed
    res = rw.assign([Unit("u", 2)], 0, 1, damage_targets=["u"])
    assert not by_id(res)["u"].destroyed


def test_routs_undamaged_units_regardless_of_health_then_damaged():
    """Routed Units: "rout one of his undamaged units (regardless of the unit's health). If all of his remaining
    units are damaged, then he must choose one of them to rout." """
    units = [Unit("big", 5), Unit("hurt", 2, damage=1)]
    assert rw.legal_rout_targets(units) == ["big"]
    res = rw.assign(units, 2, 0, rout_targets=["big", "hurt"])
    assert res.legal and all(u.routed for u in res.units)


def test_routs_apply_before_damage():
    """Rounds of Combat: 4 Resolve Routs, then 5 Resolve Damage: a routed unit is no longer a standing target."""
    units = [Unit("a", 2), Unit("b", 2)]
    assert not rw.assign(units, 1, 1, rout_targets=["a"], damage_targets=["a"]).legal
    assert rw.assign(units, 1, 1, rout_targets=["a"], damage_targets=["b"]).legal


def test_missing_or_extra_targets_are_refused():
    units = [Unit("a", 2)]
    assert not rw.assign(units, 0, 1).legal
    assert not rw.assign(units, 0, 0, damage_targets=["a"]).legal
    assert not rw.assign(units, 0, 1, damage_targets=["nobody"]).legal
    # more routs than standing units: the rest have no effect
    assert rw.assign(units, 3, 0, rout_targets=["a"]).legal


unit_lists = st.lists(st.tuples(st.integers(1, 4), st.integers(0, 3), st.booleans()), min_size=1, max_size=6).map(
    lambda xs: [Unit(f"u{i}", h, min(d, h - 1), r) for i, (h, d, r) in enumerate(xs)])


@given(unit_lists, st.integers(0, 6), st.integers(0, 8))
def test_suggested_targets_are_always_legal_and_conserve_damage(units, routs, damage):
    """Property: the suggested targets obey the seed's rules, and each damage point lands as one token."""
    rts, dts = rw.auto_targets(units, routs, damage)
    res = rw.assign(units, routs, damage, rts, dts)
    assert res.legal, res.reason
    added = sum(a.damage - b.damage for a, b in zip(res.units, units))
    assert added == len(dts) == min(damage, len(dts))
    assert all(u.damage <= u.health for u in res.units)


# ---------------------------------------------------------------------------------------------- tally, retreat


@pytest.mark.parametrize("a,d,s,winner", [(3, 2, 0, "attacker"), (2, 2, 0, "defender"), (3, 1, 2, "defender"),
                                          (4, 1, 2, "attacker"), (0, 0, 0, "defender")])
def test_tally_highest_strength_wins_tie_to_defender(a, d, s, winner):
    """Battles 5b-c and 6: strength = standing units, plus the stronghold's strength for the defender; "in the case
    of a tie, the defender wins"."""
    t = rw.tally(a, d, s)
    assert (t.attacker, t.defender, t.winner) == (a, d + s, winner)


def test_retreat_routed_at_start_destroyed_and_eight_unit_limit():
    """Battles 6a: units already routed at the start may not retreat and are destroyed; Retreats: more than eight
    units in an area after a retreat (routed ones count): destroy down to eight; nowhere to go: destroyed."""
    r = rw.retreat(participating=4, routed_at_start=2, can_retreat=True, units_at_destination=6)
    assert (r.retreating, r.destroyed, r.over_limit) == (4, 2, 2)
    r = rw.retreat(participating=3, routed_at_start=0, can_retreat=False)
    assert (r.retreating, r.destroyed) == (0, 3)


# ---------------------------------------------------------------------------------------------- duels


def test_duel_example_rage_blade_and_rout():
    """Seed 001, Duel Example: Mad Carthos deals 1 at the start; round 1 a special (Rage Blade: damage equal to
    strength 2) against a rout (prevents 1): Silhouette is dealt 1; round 2 both draw one damage, Runeplate
    prevents Carthos's: Silhouette is defeated and the duel ends."""
    carthos, silhouette = DuelHero(health=4), DuelHero(health=3, damage=1)
    r1 = rw.duel_round(carthos, silhouette, DuelDraw("special", 2, "reward"), DuelDraw("rout", 1), 1)
    assert r1.defender.damage == 2 and r1.attacker.damage == 0 and not r1.over
    r2 = rw.duel_round(r1.attacker, r1.defender, DuelDraw("damage", 1, prevent=1), DuelDraw("damage", 1), 2)
    assert r2.defender.defeated and not r2.attacker.defeated and r2.over
    assert rw.duel_winner(r2.attacker, r2.defender) == "attacker"


def test_duel_damage_is_simultaneous_both_can_fall():
    """Duels 3b: "All damage dealt during duels is resolved simultaneously, and can even result in both heroes
    being defeated at the same time"."""
    r = rw.duel_round(DuelHero(2, 1), DuelHero(2, 1), DuelDraw("damage", 1), DuelDraw("damage", 1), 1)
    assert r.attacker.defeated and r.defender.defeated and r.over
    assert rw.duel_winner(r.attacker, r.defender) is None


def test_duel_special_deals_one_rout_prevents_miss_nothing_four_rounds():
    """Duels 3b: special = deal one damage; a rout icon prevents that much damage (routs nobody); a blank circle
    does nothing; Duels 3: four rounds."""
    r = rw.duel_round(DuelHero(5), DuelHero(5), DuelDraw("special", 0, "damage"), DuelDraw("miss"), 1)
    assert r.defender.damage == 1 and r.attacker.damage == 0
    r = rw.duel_round(DuelHero(5), DuelHero(5), DuelDraw("rout", 2), DuelDraw("damage", 3), 4)
    assert r.attacker.damage == 1 and r.over and rw.DUEL_ROUNDS == 4


# ---------------------------------------------------------------------------------------------- tests and limits


def test_attribute_test_draws_as_many_cards_as_the_attribute():
    """Attribute Tests: "draws a number of Fate cards equal to the hero's appropriate attribute. The player then
    chooses one" (the example: agility 2, two cards)."""
    t = rw.attribute_test("agility", 2)
    assert t.cards == 2 and "choose" in t.explanation[0]


def test_three_heroes_and_three_quest_cards():
    """Gaining Heroes: "no more than three heroes"; a fourth makes one desert. Quest Cards: "a maximum of three
    Quest cards"; more are discarded."""
    assert rw.over_limit(4, rw.HERO_LIMIT) == 1 and rw.over_limit(3, rw.HERO_LIMIT) == 0
    assert rw.over_limit(5, rw.QUEST_LIMIT) == 2
