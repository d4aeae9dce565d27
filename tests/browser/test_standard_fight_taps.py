"""Fewer taps for the common fights: " Count and write down the taps for: a keep assault against two
tokens with one ranged attack, one block and damage to one unit, recorded in the game ... get it to 15 or fewer."

The standard fight (docs/taps.md): Anna (level 1, Armor 2) with Peasants (Armor 3) assaults a keep held by Heroes
(the grey token with a Fire Resistance: Armor 4, Attack 4 physical and Attack 2 Fire, Fame 5); rampaging Prowlers
(green, Armor 3, Attack 4, Fame 2) join. Ranged Attack 3 defeats the Prowlers (rampaging: not fortified; Rulebook
Ranged and Siege phase 3), Block 4 stops the Heroes' Attack 4 (Block phase 6; each attack is blocked separately),
their Fire 2 wounds the Peasants (Assign Damage 4a: any damage wounds an unwounded unit, then drops by its Armor:
2 - 3 = nothing left for the hero), Attack 4 defeats the Heroes in the Attack phase (fortification no longer
applies). Outcome (Combat Outcomes): Fame +7, Reputation -1 for the assault and +1 for the rampaging orcs.

Every tap the test makes goes through ``tap`` (a native select would count two: open and pick; none is needed);
numbers typed go through ``typed`` and are counted apart (the tap into the field is part of typing).
"""

import re

import pytest

from browser_helpers import settled, shot

pytestmark = pytest.mark.browser


class Counter:
    def __init__(self, page):
        self.page, self.taps, self.typed = page, 0, 0

    def tap(self, selector):
        self.taps += 1
        self.page.locator(selector).click()
        settled(self.page)  # the answer is swapped in and processed (its live checks listen) before the next step

    def type_number(self, selector, value):
        self.typed += 1
        settled(self.page)
        self.page.locator(selector).fill(value)


def new_solo_game_with_peasants(page, base):
    page.goto(base + "/games/new")
    page.select_option("select[name=scenario]", "solo_conquest")
    if page.locator("input[name=mode][value=solo]").count():
        page.check("input[name=mode][value=solo]")
    else:
        page.select_option("select[name=mode]", "solo")
    page.fill("input[name=name_0]", "Anna")
    page.locator("form[action='/games'] button").last.click()
    page.wait_for_url(re.compile(r"/games/\d+(/|$)"))
    gid = re.search(r"/games/(\d+)", page.url).group(1)
    page.goto(f"{base}/games/{gid}")
    units = page.locator("[data-testid=player-0] details.units")
    if not units.evaluate("d => d.open"):  # open by itself for this phone's own player
        units.locator("summary").click()
    units.locator("select[name=unit]").select_option("peasants")
    units.get_by_role("button", name="Recruit").click()
    page.wait_for_selector("text=Peasants")
    return gid


def test_the_standard_keep_assault_takes_12_taps_and_3_typed_numbers(server, phone):
    page = phone()
    gid = new_solo_game_with_peasants(page, server)
    page.goto(f"{server}/games/{gid}/combat")  # the combat tab: one tap from every page (not counted)
    c = Counter(page)

    # set-up: the kind of fight is one tap, then the enemies - the keep's grey pile is open, the green one rampaging
    c.tap("[data-testid=quick-fight-keep]")
    c.tap("[data-testid=quick-heroes_fire]")
    page.wait_for_selector(".enemy >> text=Heroes")
    c.tap("[data-testid=quick-pile-green] summary")
    c.tap("[data-testid=quick-prowlers]")
    page.wait_for_selector("[data-testid=enemy-2] >> text=rampaging")
    shot(page, "standard-fight-setup")
    c.tap("[data-testid=next-phase]")

    # Ranged and Siege phase: Ranged Attack 3 (the first kind offered) on the Prowlers, the only enemy a Ranged
    # attack can reach (the Heroes are fortified by the keep: Siege only), already the target
    form = "[data-testid=attack-form]"
    assert page.locator(f"{form} input[name=target][value='2']").is_checked()
    assert not page.locator(f"{form} input[name=target][value='1']").is_checked()
    c.type_number(f"{form} input[name=value] >> nth=0", "3")
    page.wait_for_selector("#check-attack >> text=Attack 3 of 3: enough.")
    shot(page, "standard-fight-ranged")
    c.tap("[data-testid=attack-go]")
    page.wait_for_selector("[data-testid=enemy-2].defeated")
    c.tap("[data-testid=next-phase]")

    # Block phase: Block 4 against the Heroes' first attack (physical 4)
    c.type_number("[data-testid=block-form-1-0] input[name=value] >> nth=0", "4")
    c.tap("[data-testid=block-go-1-0]")
    page.wait_for_selector("[data-testid=block-1-0].blocked")
    c.tap("[data-testid=next-phase]")

    # Assign Damage phase: the suggestion (Fire 2 on the Peasants) is one tap, and the Attack phase follows
    assert "Peasants" in page.inner_text("[data-testid=suggestion]")
    c.tap("[data-testid=take-suggestion-go]")
    page.wait_for_selector("[data-testid=damage-assigned]")

    # Attack phase: the one enemy left is already the target
    assert page.locator(f"{form} input[name=target][value='1']").is_checked()
    c.type_number(f"{form} input[name=value] >> nth=0", "4")
    c.tap("[data-testid=attack-go]")
    page.wait_for_selector("[data-testid=enemy-1].defeated")
    c.tap("[data-testid=combat-end]")

    page.wait_for_selector("[data-testid=combat-outcome]")
    assert page.inner_text("[data-testid=outcome-fame]") == "0 → 7"
    assert page.inner_text("[data-testid=outcome-reputation]") == "0 → 0"
    assert page.inner_text("[data-testid=outcome-wounds]") == "0 → 0"
    assert "Peasants is wounded." in page.inner_text("[data-testid=combat-outcome]")
    shot(page, "standard-fight-outcome")

    # recorded in the game: the board shows the Fame and the wounded unit
    page.goto(f"{server}/games/{gid}")
    assert "7" in page.inner_text("[data-testid=player-0]")

    # docs/taps.md: 12 taps + 3 typed numbers (15 if each tap into a number field counts too); before: 20 + 3
    assert (c.taps, c.typed) == (12, 3)
    assert not page.console_errors, page.console_errors


def test_a_rampaging_enemy_blocked_and_defeated_takes_8_taps_and_2_typed_numbers(server, phone):
    """docs/taps.md, the rampaging fight: Anna meets rampaging Prowlers (green: Armor 3, Attack 4, Fame 2), makes no
    ranged attack, blocks their Attack 4 with Block 4 (Rulebook Block phase: a block fully succeeds), takes no
    damage - the Assign Damage phase has nothing to do and is skipped with a note - and defeats them with Attack 3
    (Combat Outcomes: Fame 2, Reputation +1 for defeated rampaging orc marauders)."""
    page = phone(width=360, height=740)
    page.goto(server + "/games/new")
    page.select_option("select[name=scenario]", "solo_conquest")
    page.check("input[name=mode][value=solo]")
    page.fill("input[name=name_0]", "Anna")
    page.locator("form[action='/games'] button.primary").click()
    page.wait_for_selector("[data-testid=player-0]")  # a solo host is never asked who they are
    gid = re.search(r"/games/(\d+)", page.url).group(1)
    page.goto(f"{server}/games/{gid}/combat")  # the combat tab (not counted)
    c = Counter(page)

    c.tap("[data-testid=quick-fight-rampaging]")
    assert page.locator("[data-testid=quick-pile-red]").get_attribute("open") is not None  # draconum in view too
    c.tap("[data-testid=quick-prowlers]")
    page.wait_for_selector("[data-testid=enemy-1] >> text=rampaging")
    c.tap("[data-testid=next-phase]")  # Begin: Ranged and Siege
    page.wait_for_selector("[data-testid=attack-form]")
    c.tap("[data-testid=next-phase]")  # no ranged attack: Done
    c.type_number("[data-testid=block-form-1-0] input[name=value] >> nth=0", "4")
    c.tap("[data-testid=block-go-1-0]")
    page.wait_for_selector("[data-testid=block-1-0].blocked")
    assert "Attack phase" in page.inner_text("[data-testid=next-phase]")  # Done says where it leads
    c.tap("[data-testid=next-phase]")
    page.wait_for_selector("[data-testid=skip-note]")
    assert "every attack was blocked" in page.inner_text("[data-testid=skip-note]")
    form = "[data-testid=attack-form]"
    assert page.locator(f"{form} input[name=target][value='1']").is_checked()
    c.type_number(f"{form} input[name=value] >> nth=0", "3")
    c.tap("[data-testid=attack-go]")
    page.wait_for_selector("[data-testid=enemy-1].defeated")
    c.tap("[data-testid=combat-end]")
    page.wait_for_selector("[data-testid=combat-outcome]")
    assert page.inner_text("[data-testid=outcome-fame]") == "0 → 2"
    assert page.inner_text("[data-testid=outcome-reputation]") == "0 → 1"
    assert page.inner_text("[data-testid=outcome-wounds]") == "0 → 0"
    shot(page, "rampaging-fight-outcome")
    assert (c.taps, c.typed) == (8, 2)
    assert not page.console_errors, page.console_errors


def test_a_ranged_attack_that_defeats_every_enemy_ends_the_combat_in_one_more_tap(server, phone):
    """docs/taps.md: Ranged Attack 3 defeats the rampaging Prowlers (Rulebook Ranged and Siege phase); no Block,
    Assign Damage or Attack phase: the End button is offered at once (5 taps + 1 typed)."""
    page = phone(width=360, height=740)
    gid = new_solo_game_with_peasants(page, server)
    page.goto(f"{server}/games/{gid}/combat")
    c = Counter(page)
    c.tap("[data-testid=quick-fight-rampaging]")
    c.tap("[data-testid=quick-prowlers]")
    page.wait_for_selector("[data-testid=enemy-1]")
    c.tap("[data-testid=next-phase]")
    c.type_number("[data-testid=attack-form] input[name=value] >> nth=0", "3")
    c.tap("[data-testid=attack-go]")
    page.wait_for_selector("[data-testid=all-defeated]")
    assert page.locator("[data-testid=next-phase]").count() == 0
    c.tap("[data-testid=combat-end]")
    page.wait_for_selector("[data-testid=combat-outcome]")
    assert page.inner_text("[data-testid=outcome-fame]") == "0 → 2"
    assert (c.taps, c.typed) == (5, 1)
    assert not page.console_errors, page.console_errors
