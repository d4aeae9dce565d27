"""Browser coverage of the enemy abilities the combat referee must get right, on a 360 px phone, checking the
numbers the page shows (quick reference sheet, enemy abilities): Cumbersome, Vampiric, Elusive, Defend and Summon;
and a Player vs. player fight recorded in the game (Rulebook, Player vs. player combat)."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import shot
from page_tour import new_solo
from test_two_phones import create_game

pytestmark = pytest.mark.browser


def fight(page, base, *tokens):
    """A solo game's fight against rampaging enemies (one tap each from the open green pile), in the Ranged and
    Siege phase."""
    gid = new_solo(page, base)
    page.goto(f"{base}/games/{gid}/combat")
    page.click("[data-testid=quick-fight-rampaging]")
    for n, tok in enumerate(tokens, 1):
        page.click(f"[data-testid=quick-{tok}]")
        page.wait_for_selector(f"[data-testid=enemy-{n}]")
    page.click("[data-testid=next-phase]")
    page.wait_for_selector("[data-testid=attack-form]")
    return gid


def enemy(page, key):
    return page.locator(f"[data-testid=enemy-{key}]")


def attack(page, value, *targets):
    form = page.locator("[data-testid=attack-form]")
    for t in targets:
        form.locator(f"input[name=target][value='{t}']").check()
    form.locator("input[name=value]").first.fill(str(value))
    return form


def end_and_check(page, fame, wounds="0 → 0"):
    page.click("[data-testid=combat-end]")
    expect(page.locator("[data-testid=outcome-fame]")).to_have_text(f"0 → {fame}")
    expect(page.locator("[data-testid=outcome-wounds]")).to_have_text(wounds)


def test_cumbersome_move_points_lower_each_attack_to_nothing(server, phone):
    """Quick reference, Cumbersome: in the Block phase move points spent lower the attack for the rest of the turn;
    at 0 it counts as blocked. Zombie Horde: three attacks of 1, Armor 5, Fame 2."""
    page = phone(width=360, height=740)
    fight(page, server, "zombie_horde")
    page.click("[data-testid=next-phase]")  # no ranged attack
    for i in range(3):
        row = page.locator(f"[data-testid=block-1-{i}]")
        expect(row).to_contain_text("Attack 1")
        expect(row).to_contain_text(f"attack {i + 1} of 3")
        page.locator(f"[data-testid=block-form-1-{i}] input[name=move_points]").fill("1")
        page.click(f"[data-testid=block-go-1-{i}]")
        expect(row).to_have_class(re.compile(r"\bblocked\b"))
    page.click("[data-testid=next-phase]")  # every attack blocked: straight to the Attack phase
    expect(page.locator("[data-testid=skip-note]")).to_contain_text("every attack was blocked")
    expect(enemy(page, 1)).to_contain_text("Armor to beat 5")
    attack(page, 5)
    page.click("[data-testid=attack-go]")
    expect(enemy(page, 1)).to_have_class(re.compile(r"\bdefeated\b"))
    end_and_check(page, 2)


def test_vampiric_armor_grows_with_the_wounds_it_deals(server, phone):
    """Quick reference, Vampiric: for each Wound its attack deals (to a unit or into the hand) its Armor rises by 1
    for the rest of the combat. Gibbering Ghouls: Armor 4, Attack 4; unblocked against Armor 2: 2 Wounds, Armor 6."""
    page = phone(width=360, height=740)
    fight(page, server, "gibbering_ghouls")
    expect(enemy(page, 1)).to_contain_text("Armor to beat 4")
    page.click("[data-testid=next-phase]")
    page.wait_for_selector("[data-testid^=block-form]")  # answered before the next tap (a second tap is dropped)
    page.click("[data-testid=next-phase]")  # not blocked: Assign Damage
    page.click("[data-testid=take-suggestion-go]")
    page.wait_for_selector("[data-testid=damage-assigned]")
    expect(enemy(page, 1)).to_contain_text("Armor to beat 6")
    form = attack(page, 5)
    expect(page.locator("#check-attack")).to_contain_text("Attack 5 of 6: need 1 more.")
    form.locator("input[name=value]").first.fill("6")
    expect(page.locator("#check-attack")).to_contain_text("Attack 6 of 6: enough.")
    page.click("[data-testid=attack-go]")
    expect(enemy(page, 1)).to_have_class(re.compile(r"\bdefeated\b"))
    end_and_check(page, 2, "0 → 2")


def test_elusive_armor_is_lower_only_in_the_attack_phase_after_every_attack_was_blocked(server, phone):
    """Quick reference, Elusive: the higher Armor counts, the lower one only in the Attack phase and only if all its
    attacks were blocked. Orc Trackers: Armor 3 / 6, Attack 4, Fame 3."""
    page = phone(width=360, height=740)
    fight(page, server, "orc_trackers")
    expect(enemy(page, 1)).to_contain_text("Armor to beat 6")
    page.click("[data-testid=next-phase]")
    page.locator("[data-testid=block-form-1-0] input[name=value]").first.fill("4")
    page.click("[data-testid=block-go-1-0]")
    expect(page.locator("[data-testid=block-1-0]")).to_have_class(re.compile(r"\bblocked\b"))
    page.click("[data-testid=next-phase]")
    expect(enemy(page, 1)).to_contain_text("Armor to beat 3")
    attack(page, 3)
    page.click("[data-testid=attack-go]")
    expect(enemy(page, 1)).to_have_class(re.compile(r"\bdefeated\b"))
    end_and_check(page, 3)


def test_defend_adds_to_the_armor_of_the_enemy_attacked(server, phone):
    """Quick reference, Defend: an enemy with Defend adds its value to the Armor of an attacked enemy (once per
    combat). Elven Protectors (Defend 2) beside Prowlers (Armor 3): a ranged attack on the Prowlers needs 5."""
    page = phone(width=360, height=740)
    fight(page, server, "elven_protectors", "prowlers")
    form = attack(page, 3, 2)
    expect(page.locator("#check-attack")).to_contain_text("Attack 3 of 5: need 2 more.")
    form.locator("input[name=value]").first.fill("5")
    expect(page.locator("#check-attack")).to_contain_text("Attack 5 of 5: enough.")
    page.click("[data-testid=attack-go]")
    expect(enemy(page, 2)).to_have_class(re.compile(r"\bdefeated\b"))
    expect(page.locator("[data-testid=combat-fame]")).to_have_text("2")


def test_a_summoner_is_replaced_by_the_token_it_draws_in_the_block_phase(server, phone):
    """Rulebook Block phase 2, quick reference Summon: the summoner draws a brown token that replaces it in the Block
    and Assign Damage phases; the summoner itself is attacked in the Attack phase (no Fame for the summoned token).
    Orc Summoners: Armor 4, Fame 4; they draw a Minotaur (Attack 5)."""
    page = phone(width=360, height=740)
    fight(page, server, "orc_summoners")
    page.click("[data-testid=next-phase]")
    summon = page.locator("[data-testid=summon-named-1]")
    summon.locator("select[name=token]").select_option("minotaur")
    summon.locator("button").click()
    row = page.locator("[data-testid=block-1-0]")
    expect(row).to_contain_text("Minotaur")
    expect(row).to_contain_text("Attack 5")
    page.locator("[data-testid=block-form-1-0] input[name=value]").first.fill("5")
    page.click("[data-testid=block-go-1-0]")
    expect(row).to_have_class(re.compile(r"\bblocked\b"))
    page.click("[data-testid=next-phase]")
    expect(enemy(page, 1)).to_contain_text("Armor to beat 4")
    attack(page, 4)
    page.click("[data-testid=attack-go]")
    expect(enemy(page, 1)).to_have_class(re.compile(r"\bdefeated\b"))  # the attack recorded before the end
    end_and_check(page, 4)
    shot(page, "summon-outcome")


def test_a_player_versus_player_fight_is_recorded_in_the_game(server, phone):
    """Rulebook PvP Ranged and Siege 1 and 4c: the defender (Ben) attacks first; Fire Ranged 4 against Ice Block 4
    is reduced by 2: 2 damage, 1 Wound for Anna (Armor 2). Both pass, Melee: Anna (the aggressor) first, Attack 4
    unblocked: 2 Wounds for Ben; everybody passes: a draw (Combat Outcome 2), the Wounds stay."""
    a = phone(width=360, height=740)
    gid = create_game(a, server)
    a.goto(f"{server}/games/{gid}/pvp")
    a.click("[data-testid=pvp-start]")
    expect(a.locator("[data-testid=pvp-who]")).to_have_text("Ben attacks, Anna blocks.")
    form = a.locator("[data-testid=pvp-attack-form]")
    form.locator("input[name=value]").first.fill("4")
    form.locator("select[name=element]").first.select_option("fire")
    form.locator("input[name=bvalue]").first.fill("4")
    form.locator("select[name=belement]").first.select_option("ice")
    a.click("[data-testid=pvp-check]")
    expect(a.locator("[data-testid=pvp-preview]")).to_contain_text("Attack 4, Block 4: reduced by 2, 2 damage to assign.")
    a.locator("[data-testid=pvp-attack-form] input[name=hero]").fill("1")
    a.click("[data-testid=pvp-add]")
    expect(a.locator("[data-testid=pvp-wounds-0]")).to_have_text("1")
    a.click("[data-testid=pvp-pass]")  # Anna passes
    expect(a.locator("[data-testid=pvp-pass]")).to_have_text("Ben passes")  # answered before the next tap
    a.click("[data-testid=pvp-pass]")  # Ben passes: the Melee phase, Anna first
    expect(a.locator("[data-testid=pvp-who]")).to_have_text("Anna attacks, Ben blocks.")
    form = a.locator("[data-testid=pvp-attack-form]")
    form.locator("input[name=value]").first.fill("4")
    form.locator("input[name=hero]").fill("2")
    a.click("[data-testid=pvp-add]")
    expect(a.locator("[data-testid=pvp-wounds-1]")).to_have_text("2")
    expect(a.locator("[data-testid=pvp-who]")).to_have_text("Ben attacks, Anna blocks.")
    a.click("[data-testid=pvp-pass]")  # Ben passes
    expect(a.locator("[data-testid=pvp-who]")).to_have_text("Anna attacks, Ben blocks.")
    a.click("[data-testid=pvp-pass]")  # Anna passes: both passed in succession, a draw
    expect(a.locator("[data-testid=pvp-outcome]")).to_contain_text("A draw")
    a.click("[data-testid=pvp-record]")
    expect(a.locator("[data-testid=pvp-last]")).to_be_visible()
    a.goto(f"{server}/games/{gid}")
    wounds = [a.locator(f"[data-testid=player-{i}] .stepper", has_text="Wounds in deck").locator("output") for i in (0, 1)]
    expect(wounds[0]).to_have_text("1")
    expect(wounds[1]).to_have_text("2")
    shot(a, "pvp-recorded")
    assert not a.console_errors, a.console_errors
