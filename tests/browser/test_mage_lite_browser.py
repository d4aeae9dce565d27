"""A whole Mage Lite Mini Blitz (seed 004) through the pages on a 360 px phone: set-up on Normal with the Main
Expansion, Rounds with the Dummy counter, a keep and both cities fought on the combat page with typed enemies kept
for the game (one tap the next time) and the city bonuses (Red: Brutal, White: +1 Armor), their Fame with the Fame
Bonus and the level-ups, the Reputation card, the sites beaten, the verdict, and undo across the end; and a second
game lost on the Round limit."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import settled, shot

pytestmark = pytest.mark.browser


def new_mage_lite(page, server, difficulty="normal", variants=()):
    page.goto(server + "/")
    page.get_by_role("link", name="New Mage Lite game").click()
    expect(page.locator("[data-testid=ml-difficulties]")).to_contain_text("4 and 6")  # the Mini Blitz as printed
    page.fill("[data-testid=ml-name]", "Anna")
    page.check(f"[data-testid=ml-difficulty-{difficulty}]")
    for v in variants:
        page.check(f"[data-testid=ml-variant-{v}]")
    page.locator("[data-testid=ml-create]").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/mage-lite$"))


def tap(page, testid):
    button = page.locator(f"[data-testid={testid}]")
    button.click()
    settled(page)


def end_turn(page, color=None):
    if color:
        page.check(f"[data-testid=ml-turn-color-{color}]")
    tap(page, "ml-turn")


def in_view(page, testid):
    expect(page.locator(f"[data-testid={testid}]")).to_be_in_viewport()


def to_fight(page):
    """From the Mage Lite page a fight is one tap away."""
    tap(page, "ml-fight")
    expect(page).to_have_url(re.compile(r"/games/\d+/combat$"))


def back_to_mage_lite(page):
    tap(page, "nav-mage-lite")
    expect(page).to_have_url(re.compile(r"/games/\d+/mage-lite$"))


def type_enemy(page, name, armor, attack, fame, color):
    """004 "ENEMIES": the Enemy card's values typed once; "keep it" is ticked: the game keeps the enemy."""
    typed = page.locator("[data-testid=add-typed]")
    if not typed.is_visible():
        typed.locator("xpath=ancestor::details[1]/summary").click()
    typed.locator("input[name=name]").fill(name)
    typed.locator("input[name=armor]").fill(str(armor))
    typed.locator("input[name=attack]").fill(str(attack))
    typed.locator("input[name=fame]").fill(str(fame))
    typed.locator("select[name=color]").select_option(color)
    expect(typed.locator("[data-testid=typed-keep]")).to_be_checked()
    typed.locator("button").last.click()
    settled(page)
    expect(page.locator(".enemy", has_text=name)).to_be_visible()


def next_phase(page):
    tap(page, "next-phase")


def block(page, key, value):
    page.locator(f"[data-testid=block-form-{key}-0] input[name=value] >> nth=0").fill(str(value))
    tap(page, f"block-go-{key}-0")
    expect(page.locator(f"[data-testid=block-{key}-0]")).to_have_class(re.compile("blocked"))


def attack(page, key, value):
    form = page.locator("[data-testid=attack-form]")
    expect(form.locator(f"input[name=target][value='{key}']")).to_be_checked()  # the one enemy left: the target
    form.locator("input[name=value] >> nth=0").fill(str(value))
    tap(page, "attack-go")
    expect(page.locator(f"[data-testid=enemy-{key}]")).to_have_class(re.compile("defeated"))


def test_a_whole_mini_blitz_on_normal_won_on_a_360px_phone(server, phone):
    p = phone(width=360, height=780)
    new_mage_lite(p, server, "normal", ["main_expansion"])
    expect(p.locator("[data-testid=ml-round] h1")).to_contain_text("Round 1 of 6")
    expect(p.locator("[data-testid=ml-setup-rounds]")).to_contain_text("6 (Day, Night, Day, Night, Day, Night)")
    expect(p.locator("[data-testid=ml-fame-bonus]")).to_have_text("+1")

    # Round 1: the Dummy card moves after each turn: 1 -> 3 (red pip), -> 6 (two blue pips), -> 7: end of round
    end_turn(p, "red")
    expect(p.locator("[data-testid=ml-dummy]")).to_contain_text("level 3")
    end_turn(p, "blue")
    end_turn(p, "green")
    expect(p.locator("[data-testid=ml-final-turn]")).to_be_visible()

    # the final turn: a keep assaulted on the combat page, its Guardsmen typed once (Armor 7, Attack 3, Fame 4);
    # the hero card's Armor 2 and Hand limit 5 (level 1) are the set-up's
    to_fight(p)
    expect(p.locator("[data-testid=ml-fight-hero]")).to_contain_text("Armor 2 and Hand limit 5")
    tap(p, "quick-fight-keep")
    type_enemy(p, "Guardsmen", 7, 3, 4, "gray")
    next_phase(p)  # Ranged and Siege: the keep's defender is fortified, nothing to do
    next_phase(p)  # Block
    block(p, 1, 3)
    next_phase(p)  # all blocked: on to the Attack phase
    attack(p, 1, 7)
    tap(p, "combat-end")
    # 004 Combat 1a: the assault costs 1 Reputation; Mini Blitz: 4 Fame crosses level 2 (3 Fame): Fame Bonus +1
    expect(p.locator("[data-testid=outcome-fame]")).to_have_text("0 → 5")
    expect(p.locator("[data-testid=outcome-reputation]")).to_have_text("0 → -1")
    in_view(p, "combat-outcome")
    shot(p, "mage-lite-keep-won")
    back_to_mage_lite(p)
    expect(p.locator("[data-testid=ml-fame]")).to_have_text("Fame 5")
    expect(p.locator("[data-testid=ml-level-ups]")).to_contain_text("a Skill and an Advanced Action")
    expect(p.locator("[data-testid=ml-card-facing]")).to_contain_text("Red side")
    expect(p.locator("[data-testid=ml-sites]")).to_contain_text("Keep")
    end_turn(p)  # the final turn
    expect(p.locator("[data-testid=ml-final-done]")).to_be_visible()
    tap(p, "ml-round-end")
    expect(p.locator("[data-testid=ml-time]")).to_have_text("Night")
    expect(p.locator("[data-testid=ml-dummy]")).to_contain_text("level 1")

    # Round 2: the red city, level 3 (the first city assaulted: the Mini Blitz's first level); its Orc typed once.
    # 004 CITY ASSAULTS 1c: "In the Red city, all defenders that have physical Attack gain the Brutal ability":
    # the Orc's Attack 3 unblocked is 6 damage, 3 wounds against Armor 2, said in Mage Lite's words
    end_turn(p)
    to_fight(p)
    expect(p.locator("[data-testid=quick-fight-city-red]")).to_have_text("Assault the Red city, level 3")
    tap(p, "quick-fight-city-red")
    expect(p.locator(".combat-head")).to_contain_text("Red city, level 3")
    type_enemy(p, "Orc", 5, 3, 3, "green")
    next_phase(p)  # Ranged and Siege
    next_phase(p)  # Block: not blocked
    next_phase(p)  # Assign Damage
    expect(p.locator("[data-testid=suggestion]")).to_contain_text("Brutal")
    expect(p.locator("[data-testid=suggestion]")).to_contain_text("3 wounds into your hand")
    tap(p, "take-suggestion-go")
    attack(p, 1, 5)
    tap(p, "combat-end")
    expect(p.locator("[data-testid=outcome-fame]")).to_have_text("5 → 9")  # 8 crosses level 3: Fame Bonus +1
    back_to_mage_lite(p)
    expect(p.locator("[data-testid=ml-cities-card]")).to_contain_text("Conquered: red")
    expect(p.locator("[data-testid=ml-fame]")).to_have_text("Fame 9")
    tap(p, "ml-round-end")
    expect(p.locator("[data-testid=ml-round] h1")).to_contain_text("Round 3 of 6")

    # Round 3: the white city, level 5; the Orc kept: one tap. 004 CITY ASSAULTS 1a: "In the White city, all
    # defenders get +1 Armor": the Orc's 5 is 6 to beat
    to_fight(p)
    expect(p.locator("[data-testid=quick-fight-city-white]")).to_have_text("Assault the White city, level 5")
    tap(p, "quick-fight-city-white")
    tap(p, "kept-k2")
    next_phase(p)  # Ranged and Siege
    expect(p.locator("[data-testid=enemy-1]")).to_contain_text("Armor to beat 6")
    next_phase(p)  # Block
    block(p, 1, 3)
    next_phase(p)  # Attack
    attack(p, 1, 6)
    tap(p, "combat-end")
    back_to_mage_lite(p)
    expect(p.locator("[data-testid=ml-won]")).to_have_text("Won: both cities are conquered.")
    expect(p.locator("[data-testid=ml-verdict]")).to_contain_text("Round 3 of 6: 3 Rounds were left.")
    expect(p.locator("[data-testid=ml-fame]")).to_have_text("Fame 12")
    expect(p.locator("[data-testid=ml-turn]")).to_have_count(0)
    shot(p, "mage-lite-won")
    assert p.evaluate("document.documentElement.scrollWidth") <= 360  # never sideways

    # undo across the end: the fight's outcome is taken back, the game goes on
    tap(p, "undo")
    expect(p.locator("[data-testid=ml-verdict]")).to_have_count(0)
    expect(p.locator("[data-testid=ml-turn]")).to_be_visible()
    expect(p.locator("[data-testid=ml-cities-card]")).to_contain_text("Conquered: red.")
    assert p.console_errors == []


def test_a_mini_blitz_lost_on_the_round_limit(server, phone):
    p = phone(width=360, height=780)
    new_mage_lite(p, server, "normal")
    for n in range(1, 7):
        expect(p.locator("[data-testid=ml-round] h1")).to_contain_text(f"Round {n} of 6")
        end_turn(p)
        tap(p, "ml-round-end")
    expect(p.locator("[data-testid=ml-lost]")).to_have_text("Lost: the last Round is over without both cities.")
    expect(p.locator("[data-testid=ml-verdict]")).to_contain_text("Round 6 of 6 was the last: no Round was left.")
    in_view(p, "ml-verdict")
    shot(p, "mage-lite-lost")
    assert p.console_errors == []


def gain_unit(page, name, armor=None):
    """004 "UNITS": a Unit gained, on the Mage Lite page; its Armor typed from the Unit card (or left for later)."""
    form = page.locator("[data-testid=ml-item-gain]").locator("xpath=ancestor::form[1]")
    form.locator("[data-testid=ml-item-kind]").select_option("unit")
    page.fill("[data-testid=ml-item-name]", name)
    if armor is not None:
        page.fill("[data-testid=ml-unit-armor]", str(armor))
    tap(page, "ml-item-gain")
    expect(page.locator("[data-testid=ml-items]")).to_contain_text(name)


def assign_to(page, attack, unit):
    """Assign Damage: one attack on one Unit, by hand."""
    form = page.locator("[data-testid=assign-form]")
    if not form.is_visible():
        form.locator("xpath=ancestor::details[1]/summary").click()
    form.locator("select[name=attack]").select_option(attack)
    form.locator("select[name=unit] >> nth=0").select_option(unit)
    tap(page, "assign-go")


def test_typed_units_wounded_in_a_fight_one_by_poison_shown_on_a_360px_phone(server, phone):
    """Seed 004 ("UNITS", "Assign Damage phase" 4a, Poison): the Mage Lite page's Units take damage in a
    fight, with the Armor typed from the Unit card (one when gained, one on the combat page before its first
    fight); a Poison Orc's 3 on the Peasants (Armor 3) wounds them twice, a Ghoul's 4 on the Foresters (Armor 4,
    Fire Resistance: not against a physical attack) wounds them once; the Mage Lite page shows both wounded and
    which need healing twice; one heal. The outcome's level-up in Mage Lite's words."""
    p = phone(width=360, height=780)
    new_mage_lite(p, server, "normal")
    p.fill("[data-testid=ml-fame-amount]", "8")  # 8 Fame: levels 2 and 3 with their Fame Bonus: two Command tokens
    tap(p, "ml-fame-add")
    expect(p.locator("[data-testid=ml-fame]")).to_have_text("Fame 10")
    gain_unit(p, "Peasants", 3)
    gain_unit(p, "Foresters")  # the card's numbers left for the combat page
    to_fight(p)
    untyped = p.locator("[data-testid=ml-untyped-units]")
    expect(untyped).to_contain_text("Foresters")
    untyped.locator("input[name=armor]").fill("4")
    untyped.locator("input[name=resistance][value=fire]").check()
    untyped.locator("[data-testid=ml-unit-card-go]").click()
    settled(p)
    expect(p.locator("[data-testid=ml-untyped-units]")).to_have_count(0)
    tap(p, "quick-fight-rampaging")
    typed = p.locator("[data-testid=add-typed]")
    if not typed.is_visible():
        typed.locator("xpath=ancestor::details[1]/summary").click()
    typed.locator("input[name=ability][value=poison]").check()  # 004: "the Orc with 5 defense, 3 attack and Poison"
    type_enemy(p, "Orc", 5, 3, 3, "green")
    type_enemy(p, "Ghoul", 4, 4, 2, "brown")
    next_phase(p)  # Ranged and Siege
    next_phase(p)  # Block: nothing blocked
    next_phase(p)  # Assign Damage
    expect(p.locator("[data-testid=assign-form] select[name=unit] >> nth=0")).to_contain_text("Armor 4, Fire Resistance")
    assign_to(p, "1:0", "Peasants #1")
    assign_to(p, "2:0", "Foresters #2")
    expect(p.locator("[data-testid=next-phase]")).to_be_enabled()
    next_phase(p)  # Attack
    form = p.locator("[data-testid=attack-form]")
    form.locator("input[name=target][value='1']").check()
    form.locator("input[name=target][value='2']").check()
    form.locator("input[name=value] >> nth=0").fill("9")
    tap(p, "attack-go")
    tap(p, "combat-end")
    in_view(p, "combat-outcome")
    expect(p.locator("[data-testid=outcome-unit-1]")).to_have_text(
        "Peasants is wounded twice (Poison): heal it twice this turn or on the next, or it is disbanded.")
    expect(p.locator("[data-testid=outcome-unit-2]")).to_have_text("Foresters is wounded.")
    # 10 + 5 Fame crosses level 4 at 15 (+1): a Skill and an Advanced Action from the new hand's left-most cards
    expect(p.locator("[data-testid=outcome-level]")).to_contain_text("the Fame Bonus +1 is already added")
    expect(p.locator("[data-testid=outcome-level]")).to_contain_text("three left-most basic actions")
    shot(p, "mage-lite-units-wounded-outcome")
    back_to_mage_lite(p)
    peasants = p.locator("[data-testid=ml-unit-i1]")
    expect(peasants.locator("[data-testid=ml-unit-wounded]")).to_contain_text(
        "Wounded twice (Poison): heal it twice this turn or on the next, or it is disbanded.")
    # 004 "Poison": "healed twice this turn or on the next": the deadline said turn by turn
    expect(peasants.locator("[data-testid=ml-unit-deadline]")).to_have_text(
        "Poisoned this turn: the deadline is the end of your next turn.")
    expect(p.locator("[data-testid=ml-unit-i2] [data-testid=ml-unit-wounded]")).to_have_text(
        "Wounded: heal it before you use it again.")
    expect(peasants.locator("[data-testid=ml-item-use]")).to_have_count(0)  # wounded: not to be used
    peasants.locator("[data-testid=ml-unit-heal]").click()
    settled(p)
    expect(p.locator("[data-testid=ml-unit-i1] [data-testid=ml-unit-wounded]")).to_have_text(
        "Wounded: heal it before you use it again.")
    in_view(p, "ml-unit-i1")
    shot(p, "mage-lite-units-wounded")
    assert p.evaluate("document.documentElement.scrollWidth") <= 360  # never sideways
    assert p.console_errors == []
