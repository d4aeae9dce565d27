"""Combat engine: attacks, blocks, fortification, city bonuses, outcome (Rulebook "Combat with Enemies",
"Combat Outcomes", "City Assaults"; quick reference "Walls", enemy abilities)."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.combat.attack import resolve_attack
from companion.rules.combat.block import acting_enemy, block_efficient, draw_summoned, resolve_block
from companion.rules.combat.enemies import (
    ATTACK_KINDS,
    ELEMENTS,
    PHASES,
    RESISTANCES,
    Block,
    CombatError,
    Enemy,
    Site,
    current_armor,
    enemy_from_token,
    fortification,
)
from companion.rules.combat.outcomes import combat_outcome


from combat_helpers import A, E  # noqa: E402


# ------------------------------------------------------------------------------ Ranged and Siege phase 4a


def test_inefficient_attacks_are_summed_then_halved_once_ranged_siege_4a():
    """Rulebook Ranged and Siege 4a: total all inefficient attacks, divide by two, round down. 3+3 halved once
    is 3 (halving each card separately would give 1+1 = 2)."""
    golem = E("Golem", 3, resistances=("physical",))
    res = resolve_attack([golem], [A(3), A(3)], "attack")
    assert res.total == 3 and res.success
    assert any("inefficient attacks 3+3 = 6, halved once = 3" in line for line in res.explanation)


def test_efficient_attacks_count_in_full_beside_halved_inefficient_ones_4a():
    """Rulebook Ranged and Siege 4a: inefficient halved, then efficient added in full: fire 5 vs fire
    resistance = 2, plus ice 3 = 5."""
    mage = E("Fire Mage", 5, resistances=("fire",))
    res = resolve_attack([mage], [A(5, "fire"), A(3, "ice")], "attack")
    assert res.total == 2 + 3 and res.success


def test_one_resistant_target_halves_that_element_for_the_whole_group_4a():
    """Rulebook Ranged and Siege 4a / 7b: the presence of a resistant enemy halves all attacks of that type;
    the armor to beat is the sum of the targets' armor (5)."""
    plain, resistant = E("Plain", 2), E("Resistant", 3, resistances=("fire",))
    alone = resolve_attack([plain], [A(6, "fire")], "attack")
    group = resolve_attack([plain, resistant], [A(6, "fire")], "attack")
    assert alone.total == 6
    assert group.total == 3 and group.armor == 5 and not group.success
    assert any("need 2 more" in line for line in group.explanation)


def test_cold_fire_is_halved_only_by_a_target_with_both_fire_and_ice_resistance_4a():
    """Rulebook Ranged and Siege 4a: Cold Fire attacks are halved only when at least one targeted enemy has
    both Ice and Fire resistance; two enemies with one resistance each do not halve it."""
    fire_r, ice_r = E("F", 3, resistances=("fire",)), E("I", 3, resistances=("ice",))
    both = E("FI", 3, resistances=("fire", "ice"))
    assert resolve_attack([fire_r, ice_r], [A(6, "cold_fire")], "attack").total == 6
    assert resolve_attack([both], [A(6, "cold_fire")], "attack").total == 3
    # and fire/ice attacks against the both-resistant enemy are halved too
    assert resolve_attack([both], [A(4, "fire"), A(4, "ice")], "attack").total == 4


def test_sideways_cards_are_physical_1_in_the_attack_phase_and_never_in_ranged_phase():
    """Rulebook Attack phase 1b: any card sideways is a physical Attack 1 (so halved by physical resistance);
    Ranged and Siege 3b: cards cannot be played sideways for Ranged or Siege attacks."""
    golem = E("Golem", 1, resistances=("physical",))
    assert resolve_attack([golem], [A(1, kind="sideways"), A(1, kind="sideways")], "attack").total == 1
    res = resolve_attack([E()], [A(1, kind="sideways")], "ranged_siege")
    assert not res.allowed and "sideways" in res.reason


def test_melee_attacks_are_not_allowed_in_the_ranged_and_siege_phase():
    """Rulebook Ranged and Siege 3: play Ranged and Siege attacks in this phase."""
    res = resolve_attack([E()], [A(5, kind="melee")], "ranged_siege")
    assert not res.allowed and res.total == 0 and not res.success


def test_fortified_site_allows_only_siege_in_ranged_phase_3():
    """Rulebook Ranged and Siege 3: if some chosen enemies are fortified (defending a fortified site), only
    Siege attacks; Ranged attacks only if none is fortified."""
    site = Site(fortified=True)
    guard = E("Guard", 3)
    assert not resolve_attack([guard], [A(5, kind="ranged")], "ranged_siege", site).allowed
    assert resolve_attack([guard], [A(5, kind="siege")], "ranged_siege", site).success
    # rampaging enemies joining an assault are not fortified (Combat with Enemies 1c)
    orc = E("Orc", 3, rampaging=True)
    assert resolve_attack([orc], [A(3, kind="ranged")], "ranged_siege", site).success
    # a group with one fortified member: siege only
    assert not resolve_attack([orc, guard], [A(9, kind="ranged")], "ranged_siege", site).allowed


def test_double_fortified_cannot_be_targeted_in_ranged_phase_even_by_siege():
    """Rulebook Ranged and Siege 3: enemies fortified twice (ability and fortified site) cannot be targeted at
    all in this phase, even by Siege attacks; in the Attack phase fortifications no longer apply (1a)."""
    site = Site(fortified=True)
    keep_guard = E("Guardsmen", 7, abilities=("fortified",))
    assert fortification(keep_guard, site) == 2
    res = resolve_attack([keep_guard], [A(20, kind="siege")], "ranged_siege", site)
    assert not res.allowed and "fortified twice" in res.reason
    assert resolve_attack([keep_guard], [A(7)], "attack", site).success


def test_fortified_ability_alone_means_siege_only():
    """Icon reference, Fortified: only Siege attacks in the Ranged and Siege phase."""
    e = E("Crossbowmen", 4, abilities=("fortified",))
    assert not resolve_attack([e], [A(4, kind="ranged")], "ranged_siege").allowed
    assert resolve_attack([e], [A(4, kind="siege")], "ranged_siege").success


def test_unfortified_ignores_site_fortification_and_walls():
    """Quick reference, Unfortified: all site fortifications are ignored (walls count as site fortifications)."""
    shock = E("Shocktroops", 3, abilities=("unfortified",))
    site = Site(fortified=True, across_wall=True)
    assert fortification(shock, site) == 0
    assert resolve_attack([shock], [A(3, kind="ranged")], "ranged_siege", site).success


def test_walls_fortify_rampaging_enemies_and_double_fortify_a_garrison():
    """Quick reference, Walls: challenging rampaging enemies across a wall, they are fortified; assaulting a
    fortified site across a wall, the garrison is double fortified."""
    wall = Site(across_wall=True)
    orc = E("Orc", 3, rampaging=True)
    assert fortification(orc, wall) == 1
    assert not resolve_attack([orc], [A(3, kind="ranged")], "ranged_siege", wall).allowed
    garrison = E("Guard", 3)
    assert fortification(garrison, Site(fortified=True, across_wall=True)) == 2


@pytest.mark.parametrize("phase,blocked,armor", [
    ("ranged_siege", True, 6), ("attack", False, 6), ("attack", True, 3)])
def test_elusive_uses_lower_armor_only_in_attack_phase_when_all_attacks_blocked(phase, blocked, armor):
    """Quick reference, Elusive: the lower value is used only in the Attack phase, and only if all of the
    enemy's attacks were successfully blocked."""
    trackers = E("Orc Trackers", 3, elusive_armor=6, all_attacks_blocked=blocked)
    assert current_armor(trackers, phase) == armor
    assert resolve_attack([trackers], [A(armor, kind="siege" if phase == "ranged_siege" else "melee")],
                          phase).success


def test_elusive_armor_modifications_apply_to_both_values_white_city():
    """Quick reference, Elusive: any armor modifications apply to both values (White city +1)."""
    e = E("Shocktroops", 3, elusive_armor=6)
    white = Site(fortified=True, city="white")
    assert resolve_attack([e], [A(6, kind="siege")], "ranged_siege", white).armor == 7
    assert resolve_attack([Enemy(**{**e.__dict__, "all_attacks_blocked": True})], [A(4)], "attack", white).armor == 4


def test_defend_raises_the_first_attacked_enemy_armor():
    """Quick reference, Defense: the first enemy you attack in combat has its armor increased by the Defend
    value until the end of the combat (an enemy's Defend is used once: defend_used)."""
    protector = E("Elven Protectors", 4, defend=2, fame=2)
    orc = E("Orc", 3)
    res = resolve_attack([orc], [A(4)], "attack", others=[protector])
    assert res.armor == 5 and not res.success and res.defend_bonus == 2
    used = Enemy(**{**protector.__dict__, "defend_used": True})
    assert resolve_attack([orc], [A(3)], "attack", others=[used]).success


def test_arcane_immunity_is_noted_and_attacks_still_count():
    """Quick reference, Arcane Immunity: not affected by non-Attack/Block effects; attacks still apply."""
    res = resolve_attack([E("Sorcerers", 6, abilities=("arcane_immunity",))], [A(6)], "attack")
    assert res.success and any("Arcane Immunity" in line for line in res.explanation)


def test_attack_fame_is_the_sum_of_defeated_targets():
    """Rulebook Ranged and Siege 5b: Fame equal to the number on each defeated token; a failed attack has no
    effect (6)."""
    res = resolve_attack([E(fame=2), E(fame=3)], [A(6)], "attack")
    assert res.success and res.fame == 5
    assert resolve_attack([E(fame=2), E(fame=3)], [A(5)], "attack").fame == 0


def test_enemy_from_token_reads_the_rules_data_and_applies_overrides():
    """Tokens come from the rules data (Orc Trackers: elusive 3/6, assassination); overrides win."""
    t = enemy_from_token("orc_trackers")
    assert (t.armor, t.elusive_armor, t.fame) == (3, 6, 3) and t.has("assassination")
    assert enemy_from_token("orc_trackers", armor=4).armor == 4
    with pytest.raises(CombatError):
        enemy_from_token("no_such_token")


# ---------------------------------------------------------------------------------------------- blocks


@pytest.mark.parametrize("attack,efficient", [
    ("physical", {"physical", "fire", "ice", "cold_fire"}),
    ("fire", {"ice", "cold_fire"}),
    ("ice", {"fire", "cold_fire"}),
    ("cold_fire", {"cold_fire"}),
])
def test_block_efficiency_by_element_block_phase_5a(attack, efficient):
    """Rulebook Block phase 5a: any block vs physical; only Ice/Cold Fire vs Fire; only Fire/Cold Fire vs Ice;
    only Cold Fire vs Cold Fire."""
    assert {b for b in ELEMENTS if block_efficient(b, attack)} == efficient


def test_inefficient_blocks_summed_then_halved_once_block_phase_5b():
    """Rulebook Block phase 5b: total all inefficient blocks, halve (round down), add efficient ones:
    physical 3+2 vs fire = 5 -> 2, plus ice 2 = 4 blocks a fire 4."""
    e = E("Fire Mage", 5, attacks=((4, "fire"),))
    res = resolve_block(e, [Block(3), Block(2), Block(2, "ice")])
    assert res.total == 4 and res.success
    assert not resolve_block(e, [Block(3), Block(2), Block(1, "ice")]).success


def test_block_is_all_or_nothing_block_phase_8():
    """Rulebook Block phase 8: a block lower than the attack has no effect; the attack goes through in full."""
    res = resolve_block(E(attacks=((5, "physical"),)), [Block(4)])
    assert not res.success and res.attack == 5
    assert any("need 1 more" in line for line in res.explanation)


def test_swift_doubles_the_attack_for_blocking_only_block_phase_6a():
    """Rulebook Block phase 6a: Swift, its attack value is doubled for the purpose of blocking."""
    griffons = E("Cloud Griffons", 4, attacks=((4, "physical"),), abilities=("swift",))
    res = resolve_block(griffons, [Block(7)])
    assert res.required == 8 and res.attack == 4 and not res.success
    assert resolve_block(griffons, [Block(8)]).success


def test_cumbersome_move_points_lower_the_attack_and_zero_is_blocked():
    """Quick reference, Cumbersome: each Move point spent lowers the attack by 1; 0 = successfully blocked."""
    earth = E("Earth Elemental", 5, attacks=((4, "physical"),), abilities=("cumbersome",))
    res = resolve_block(earth, [Block(2)], move_points=2)
    assert res.attack == 2 and res.success
    assert resolve_block(earth, [], move_points=4).success
    with pytest.raises(CombatError):
        resolve_block(E(), [], move_points=1)


def test_multiple_attacks_are_blocked_separately():
    """Icon reference, Multiple Attacks: each attack is blocked separately."""
    sprites = E("Crystal Sprites", 1, attacks=((1, "ice"), (3, "ice")))
    assert resolve_block(sprites, [Block(2)], attack_index=0).success
    assert not resolve_block(sprites, [Block(2)], attack_index=1).success
    with pytest.raises(CombatError):
        resolve_block(sprites, [], attack_index=2)


def test_blue_city_adds_to_elemental_attacks_for_blocking():
    """Rulebook City Assaults 1b: Blue city defenders +2 to Fire/Ice attacks, +1 to Cold Fire; physical and
    rampaging enemies unchanged."""
    blue = Site(fortified=True, city="blue")
    assert resolve_block(E(attacks=((4, "fire"),)), [], site=blue).attack == 6
    assert resolve_block(E(attacks=((4, "cold_fire"),)), [], site=blue).attack == 5
    assert resolve_block(E(attacks=((4, "physical"),)), [], site=blue).attack == 4
    assert resolve_block(E(attacks=((4, "fire"),), rampaging=True), [], site=blue).attack == 4


def test_summoned_token_replaces_the_summoner_in_the_block_phase_2a():
    """Rulebook Block phase 2a: the summoned monster replaces the summoning enemy; 7a: if blocked, it is
    discarded without Fame."""
    medusa = E("Medusa", 4, attacks=((6, "physical"),), abilities=("paralyze",), fame=5)
    summoner = E("Orc Summoners", 4, attacks=(), abilities=("summon",), fame=4, summon="brown")
    with pytest.raises(CombatError):
        resolve_block(summoner, [Block(6)])
    res = resolve_block(Enemy(**{**summoner.__dict__, "summoned": medusa}), [Block(6)])
    assert res.success and res.attack == 6
    assert any("no Fame" in line for line in res.explanation)
    assert acting_enemy(Enemy(**{**summoner.__dict__, "summoned": medusa})).name == "Medusa"


def test_draw_summoned_is_random_from_the_remaining_pile_and_repeatable():
    pile = ["medusa", "gargoyle", "minotaur"]
    assert draw_summoned(pile, random.Random(4)) == draw_summoned(pile, random.Random(4))
    assert {draw_summoned(pile, random.Random(s)) for s in range(50)} == set(pile)
    with pytest.raises(CombatError):
        draw_summoned([], random.Random(1))


# --------------------------------------------------------------------------------------------- outcome


def test_outcome_assault_costs_one_reputation_and_rampaging_orcs_and_draconum_give_reputation():
    """Rulebook Combat with Enemies 1a: every assault -1 Reputation; Combat Outcomes 2a: +1 per orc marauders,
    +2 per draconum (rampaging) defeated; City: one Shield per defeated defender (1a)."""
    guard = E("Guard", 4, fame=4)
    orcs = E("Orcs", 3, fame=2, rampaging=True, color="green")
    drac = E("Draconum", 7, fame=7, rampaging=True, color="red")
    out = combat_outcome([guard, orcs, drac], [], "city")
    assert out.fame == 13 and out.reputation == -1 + 1 + 2 and out.shields == 1 and out.conquered
    # rampaging ones undefeated do not stop the conquest (Combat Outcomes 2c note)
    out = combat_outcome([guard], [orcs], "assault")
    assert out.conquered and out.reputation == -1
    assert not combat_outcome([], [guard], "assault").conquered


def test_outcome_orcs_met_elsewhere_give_no_reputation():
    """Rulebook Combat Outcomes 2a note: orcs and draconum encountered elsewhere are not worth reputation."""
    out = combat_outcome([E("Orcs", 3, fame=2, color="green")], [], "adventure")
    assert out.reputation == 0


def test_outcome_burning_a_monastery_minus_three_and_other_players_keep_half_fame_rounded_up():
    """Rulebook Combat with Enemies 1c (burning a monastery: Reputation -3); quick reference Keep: another
    player's keep gives half Fame (rounded up) and -1 Reputation."""
    assert combat_outcome([E(fame=5)], [], "burn_monastery").reputation == -3
    out = combat_outcome([E(fame=5)], [], "other_players_keep")
    assert out.fame == 3 and out.reputation == -1


# ------------------------------------------------------------------------------------------ properties

enemies_st = st.builds(
    lambda armor, res, fame: E("X", armor, resistances=res, fame=fame),
    st.integers(1, 8), st.lists(st.sampled_from(RESISTANCES), unique=True, max_size=3).map(tuple),
    st.integers(0, 6))
attack_st = st.builds(A, st.integers(0, 7), st.sampled_from(ELEMENTS), st.sampled_from(ATTACK_KINDS))


@settings(max_examples=300, deadline=None)
@given(st.lists(enemies_st, min_size=1, max_size=3), st.lists(attack_st, max_size=5), attack_st,
       st.sampled_from(PHASES), st.booleans())
def test_property_adding_an_attack_never_turns_success_into_failure(targets, attacks, extra, phase, fortified):
    """Adding one more attack (if the phase allows it) never turns a successful attack into a failure."""
    site = Site(fortified=fortified)
    before = resolve_attack(targets, attacks, phase, site)
    after = resolve_attack(targets, attacks + [extra], phase, site)
    if before.success and after.allowed:
        assert after.success and after.total >= before.total


@settings(max_examples=300, deadline=None)
@given(st.lists(enemies_st, min_size=1, max_size=3), st.lists(attack_st, max_size=5))
def test_property_halving_never_raises_a_total(targets, attacks):
    """Resistances only ever lower the total: it is at most the plain sum and at least half of it."""
    res = resolve_attack(targets, attacks, "attack")
    plain = sum(a.value for a in attacks)
    assert plain // 2 <= res.total <= plain


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 9), st.sampled_from(ELEMENTS), st.lists(st.builds(Block, st.integers(0, 6),
                                                                           st.sampled_from(ELEMENTS)), max_size=4),
       st.builds(Block, st.integers(0, 6), st.sampled_from(ELEMENTS)))
def test_property_adding_a_block_never_unblocks(value, element, blocks, extra):
    e = E(attacks=((value, element),))
    if resolve_block(e, blocks).success:
        assert resolve_block(e, blocks + [extra]).success


# -------------------------------------------------------------------------------------- rules data tokens


def test_every_token_of_the_rules_data_works_in_the_engine():
    """Every enemy token builds an engine Enemy; its attacks resolve, its blocks resolve (summoners with a
    summoned brown token), and a big enough attack defeats it in the Attack phase."""
    from companion.rules.data import get_rules

    medusa = enemy_from_token("medusa")
    for token_id in get_rules().enemies:
        e = enemy_from_token(token_id)
        assert e.armor >= 1 and e.id == token_id
        res = resolve_attack([e], [A(1, "cold_fire")], "attack")
        assert res.armor == current_armor(e, "attack") + e.defend and res.total == (0 if e.resistant("cold_fire") else 1)
        assert resolve_attack([e], [A(40, "physical"), A(40, "fire")], "attack").success
        if e.summon:
            e = Enemy(**{**e.__dict__, "summoned": medusa})
        for i in range(len(acting_enemy(e).attacks)):
            assert resolve_block(e, [Block(100, "cold_fire")], attack_index=i).success


def test_walkthrough_white_city_assault_with_rampaging_orcs():
    """A White city assault (Rulebook City Assaults 1a: +1 armor) with rampaging orcs joining (Combat with
    Enemies 1c: not fortified, not needed to conquer), through the four phases and the outcome."""
    from companion.rules.combat.damage import Hero, UnblockedAttack, Unit, suggest_assignment

    site = Site(fortified=True, city="white")
    guards = enemy_from_token("guardsmen")      # armor 7, fortified ability: double fortified here
    swords = enemy_from_token("swordsmen")      # armor 5, attack 6
    orcs = enemy_from_token("prowlers", rampaging=True)  # green, armor 3, attack 4
    # Ranged and Siege: the guardsmen cannot be targeted; siege 6 beats the swordsmen (5 + 1)
    assert not resolve_attack([guards], [A(9, kind="siege")], "ranged_siege", site).allowed
    first = resolve_attack([swords], [A(6, kind="siege")], "ranged_siege", site)
    assert first.success and first.armor == 6
    # the orcs are not fortified: a Ranged attack works on them (3, no city bonus)
    assert resolve_attack([orcs], [A(3, kind="ranged")], "ranged_siege", site).armor == 3
    # Block: the guardsmen's 3 is blocked, the orcs' 4 is not
    assert resolve_block(guards, [Block(3)], site=site).success
    assert not resolve_block(orcs, [Block(2)], site=site).success
    # Assign Damage: the suggestion puts the orcs' 4 on the armor-4 unit: no wound to the hand
    sug = suggest_assignment(Hero(2, 5), [Unit("u1", 4)], [UnblockedAttack(orcs)], site)
    assert sug.assign == (("u1",),) and sug.result.hero.wounds_to_hand == 0
    # Attack phase: guardsmen 7 + 1 = 8
    assert resolve_attack([guards], [A(5), A(3)], "attack", site).success
    out = combat_outcome([swords, guards], [orcs], "city")
    assert out.conquered and out.shields == 2 and out.reputation == -1 and out.fame == swords.fame + guards.fame


def test_a_summoner_drawing_two_tokens_has_their_attacks_in_order():
    """Dragon Summoner draws two brown tokens (rules data summon_count 2): each replaces it in the Block and
    Assign Damage phases; their attacks are numbered one after the other."""
    dragon = enemy_from_token("dragon_summoner")
    two = Enemy(**{**dragon.__dict__, "summoned": (enemy_from_token("medusa"), enemy_from_token("werewolf"))})
    assert resolve_block(two, [Block(6)], attack_index=0).success  # Medusa 6
    werewolf = resolve_block(two, [Block(7)], attack_index=1)       # Werewolf 7, Swift
    assert werewolf.required == 14 and not werewolf.success
    with pytest.raises(CombatError):
        resolve_block(two, [], attack_index=2)


# ------------------------------------------------------------------ Block phase 7a: only summoned monsters are discarded


SUMMONED_NOTE = "a blocked summoned monster is discarded"


@pytest.mark.parametrize("city", ["white", "blue", "red", "green"])
def test_a_blocked_city_defender_is_not_called_a_summoned_monster_block_phase_7a(city):
    """Rulebook Block phase 7a: "If a summoned monster is successfully blocked, discard it to the corresponding
    discard pile (but gain no Fame)" - only a summoned monster. A White-city defender (City Assaults 1a: +1 Armor)
    or a Blue-city elemental attacker (1b: +2 to Fire/Ice attacks) blocked successfully is not summoned."""
    attacker = E("Fire Mage", armor=5, attacks=((4, "fire"),), fame=5)
    res = resolve_block(attacker, [Block(9, "ice")], 0, 0, Site(fortified=True, city=city))
    assert res.success
    assert not any(SUMMONED_NOTE in str(line) for line in res.explanation)


def test_a_blocked_summoned_token_is_still_discarded_block_phase_7a():
    """Rulebook Block phase 7a, still said for a summoned monster (Block phase 2a: it replaces the summoner),
    also in a White city."""
    minotaur = E("Minotaur", armor=5, attacks=((5, "physical"),), fame=4)
    summoner = E("Orc Summoners", armor=4, attacks=(), abilities=("summon",), fame=4, summoned=minotaur)
    for site in (None, Site(fortified=True, city="white")):
        res = resolve_block(summoner, [Block(6, "physical")], 0, 0, site)
        assert res.success and any(SUMMONED_NOTE in str(line) for line in res.explanation)
