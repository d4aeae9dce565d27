"""Player versus Player combat (Rulebook "Player versus Player Combat") and the cooperative city assault split
(Rulebook "Cooperative City Assault" 3b, 5)."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.combat.damage import Hero, Unit
from companion.rules.combat.enemies import Block, CombatError, PlayerAttack
from companion.rules.pvp.fight import coop_split, pvp_attack, pvp_damage, pvp_fame

HERO = Hero(armor=2, hand_limit=5)


def test_rulebook_example_fire_ranged_4_against_ice_block_4_and_block_7():
    """Rulebook PvP Ranged and Siege 4c example: Fire Ranged Attack 4 vs Ice Block 4 -> reduced to 2; vs Block 7
    (physical, inefficient: 3) -> reduced to 3."""
    fire4 = [PlayerAttack(4, "fire", "ranged")]
    assert pvp_attack(fire4, [Block(4, "ice")], "ranged_siege").damage == 2
    res = pvp_attack(fire4, [Block(7)], "ranged_siege")
    assert res.block == 3 and res.damage == 3


def test_ranged_phase_block_counts_fully_when_the_attacker_loses_swiftness():
    """Rulebook PvP Ranged and Siege 4c: with 'blocked enemy loses Swiftness' the block works fully."""
    assert pvp_attack([PlayerAttack(4, "fire", "ranged")], [Block(4, "ice")], "ranged_siege",
                      block_full=True).damage == 0


def test_melee_blocks_reduce_by_one_per_point_and_partial_blocks_count():
    """Rulebook PvP Melee 1d: the attack is reduced by 1 for each point of block; Ranged 4b: partial blocks."""
    res = pvp_attack([PlayerAttack(6)], [Block(4)], "melee")
    assert res.damage == 2 and res.reduction == 4


def test_block_efficient_against_one_element_of_a_mixed_attack():
    """Rulebook PvP Ranged and Siege 4a: a block is efficient if efficient against at least one element."""
    res = pvp_attack([PlayerAttack(3, "fire", "ranged"), PlayerAttack(3, "ice", "ranged")], [Block(4, "fire")],
                     "ranged_siege")
    assert res.block == 4 and res.damage == 4


def test_sideways_makes_a_melee_attack_physical_and_is_not_allowed_in_ranged():
    """Rulebook PvP Melee 1c: a sideways card makes the attack physical (any block efficient); Ranged 3b: no
    sideways cards in that phase."""
    res = pvp_attack([PlayerAttack(4, "fire"), PlayerAttack(1, kind="sideways")], [Block(4)], "melee")
    assert "physical" in res.elements and res.block == 4 and res.damage == 1
    assert not pvp_attack([PlayerAttack(1, kind="sideways")], [], "ranged_siege").allowed


def test_fortified_defender_or_wall_siege_only():
    """Rulebook PvP Ranged and Siege 3a; quick reference Walls: across a wall the target is fortified."""
    assert not pvp_attack([PlayerAttack(4, kind="ranged")], [], "ranged_siege", fortified=True).allowed
    assert pvp_attack([PlayerAttack(4, kind="siege")], [], "ranged_siege", fortified=True).damage == 4
    # fortifications are ignored in the melee phase
    assert pvp_attack([PlayerAttack(4, kind="ranged")], [], "melee", fortified=True).allowed


def test_attacker_needs_the_full_armor_to_wound_resistant_units_double():
    """Rulebook PvP Ranged and Siege 5a-c: damage equal to a unit's armor wounds it (doubled if resistant to
    an element of the attack); hero armor per Wound into the hand; leftovers may stay unassigned."""
    units = [Unit("a", 3), Unit("r", 2, resistances=("fire",))]
    res = pvp_damage(9, ["fire"], HERO, units, ["r", "a", "hero"], "ranged_siege")
    assert res.units_wounded == ("r", "a") and res.hero_wounds == 1 and res.unassigned == 0
    with pytest.raises(CombatError, match="not enough"):
        pvp_damage(3, ["fire"], HERO, units, ["r"], "ranged_siege")
    assert pvp_damage(3, ["ice"], HERO, units, ["hero"], "ranged_siege").unassigned == 1
    with pytest.raises(CombatError, match="wounded"):
        pvp_damage(9, ["ice"], HERO, units, ["a", "a"], "ranged_siege")


def test_melee_damage_steals_artifacts_and_forces_a_retreat():
    """Rulebook PvP Melee 2a: 5 damage steal one artifact; 2b: damage as Move points equal to the unmodified
    move cost of a safe space force a retreat and end the combat. Neither in the ranged phase."""
    res = pvp_damage(8, ["physical"], HERO, [], ["artifact", "retreat"], "melee", move_cost=3)
    assert res.artifacts_stolen == 1 and res.retreat
    with pytest.raises(CombatError):
        pvp_damage(8, ["physical"], HERO, [], ["artifact"], "ranged_siege")
    with pytest.raises(CombatError):
        pvp_damage(8, ["physical"], HERO, [], ["retreat", "hero"], "melee", move_cost=2)


def test_knock_out_in_pvp():
    """Rulebook PvP Ranged and Siege 5b: the blocker can be knocked out (see Combat with Enemies)."""
    assert pvp_damage(10, ["physical"], HERO, [], ["hero"] * 5, "melee").knocked_out


@pytest.mark.parametrize("winner,loser,fame", [
    ((1, 3), (3, 20), 5),   # two levels lower: 1 + 2 x 2
    ((2, 8), (2, 9), 1),    # same level, less Fame
    ((2, 9), (2, 8), 0),    # more Fame
    ((3, 15), (2, 9), 0),   # higher level
])
def test_pvp_fame_for_the_victor(winner, loser, fame):
    """Rulebook PvP Combat Outcome 1a-c."""
    assert pvp_fame(winner[0], winner[1], loser[0], loser[1])[0] == fame


def test_coop_split_deals_the_garrison_by_the_agreed_counts():
    """Rulebook Cooperative City Assault 5: shuffle and deal at random by the agreed counts; 3b: each
    participant at least one enemy."""
    garrison = ["a", "b", "c", "d", "e"]
    split = coop_split(garrison, [2, 3], random.Random(1))
    assert [len(p) for p in split] == [2, 3] and sorted(split[0] + split[1]) == garrison
    assert split == coop_split(garrison, [2, 3], random.Random(1))
    firsts = {coop_split(garrison, [1, 4], random.Random(s))[0] for s in range(60)}
    assert len(firsts) == 5  # every token can end up with the first participant
    with pytest.raises(CombatError):
        coop_split(garrison, [2, 2], random.Random(1))
    with pytest.raises(CombatError):
        coop_split(garrison, [5, 0], random.Random(1))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=4), st.lists(st.integers(0, 6), max_size=3),
       st.integers(0, 6), st.sampled_from(["ranged_siege", "melee"]))
def test_property_more_block_never_more_damage(attacks, blocks, extra, phase):
    atk = [PlayerAttack(v, "fire", "ranged") for v in attacks]
    before = pvp_attack(atk, [Block(b) for b in blocks], phase)
    after = pvp_attack(atk, [Block(b) for b in blocks + [extra]], phase)
    assert after.damage <= before.damage <= sum(attacks)
