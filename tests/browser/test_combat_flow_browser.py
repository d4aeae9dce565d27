"""A whole combat on a phone: Playwright drives Debian's chromium (390x844, touch) against a real waitress
server on a free loopback port through a level 5 city assault with rampaging orcs joining: all four phases with the
live running totals ("need 1 more"), the suggested damage assignment taken, the outcome shown, then undone.
"""

import re

import pytest

from browser_helpers import add_token

pytestmark = pytest.mark.browser


def test_a_level_5_city_assault_on_a_phone(server, phone):
    page = phone()
    page.base = server
    page.goto(page.base + "/games/new")
    page.select_option("select[name=scenario]", "solo_conquest")
    if page.locator("input[name=mode][value=solo]").count():
        page.check("input[name=mode][value=solo]")
    else:
        page.select_option("select[name=mode]", "solo")
    page.fill("input[name=name_0]", "Anna")
    page.locator("form[action='/games'] button").last.click()
    page.wait_for_url(re.compile(r"/games/\d+(/|$)"))
    gid = re.search(r"/games/(\d+)", page.url).group(1)

    page.goto(f"{page.base}/games/{gid}/combat")
    page.check("input[name=fight][value=city]")
    page.select_option("select[name=city]", "white")
    page.fill("input[name=level]", "5")
    page.click("[data-testid=combat-setup-go]")
    page.wait_for_selector("[data-testid=garrison]")
    for i, (token, rampaging) in enumerate((("guardsmen", False), ("freezers", False), ("gunners", False),
                                            ("prowlers", True), ("orc_summoners", True))):
        add_token(page, token)  # the green pile is marked rampaging at a city: the Prowlers and the Orc Summoners
        assert ("rampaging" in page.locator(".enemy").nth(i).inner_text()) == rampaging
    page.click("[data-testid=next-phase]")

    # Ranged and Siege: the running total appears while typing
    form = page.locator("[data-testid=attack-form]")
    form.locator("input[name=target][value='4']").check()
    form.locator("select[name=kind]").first.select_option("siege")
    form.locator("input[name=value]").first.fill("2")
    page.wait_for_selector("#check-attack >> text=Attack 2 of 3: need 1 more.")
    form.locator("input[name=value]").first.fill("3")
    page.wait_for_selector("#check-attack >> text=Attack 3 of 3: enough.")
    page.click("[data-testid=attack-go]")
    page.wait_for_selector(".enemy.defeated")
    page.click("[data-testid=next-phase]")

    # Block: the table names the summoned token; the Gunners' Fire 6 is blocked with Ice 6
    page.select_option("[data-testid=summon-named-5] select[name=token]", "minotaur")
    page.click("[data-testid=summon-named-5] button")
    page.wait_for_selector("text=summoned by Orc Summoners")
    block = page.locator("[data-testid=block-form-3-0]")
    block.locator("input[name=value]").first.fill("4")
    block.locator("select[name=element]").first.select_option("ice")
    page.wait_for_selector("#check-block-3-0 >> text=Block 4 of 6: need 2 more.")
    block.locator("input[name=value]").first.fill("6")
    page.wait_for_selector("#check-block-3-0 >> text=Block 6 of 6: enough.")
    page.click("[data-testid=block-go-3-0]")
    page.wait_for_selector("[data-testid=block-3-0].blocked")
    page.click("[data-testid=next-phase]")

    # Assign Damage: take the suggestion (no units: all to the hero, Armor 2); one tap, on to the Attack phase
    page.wait_for_selector("[data-testid=suggestion]")
    page.click("[data-testid=take-suggestion-go]")
    page.wait_for_selector("[data-testid=damage-assigned]")

    # Attack phase: defeat the rest, end the combat
    for target, value, element in (("1", "8", "physical"), ("2", "8", "physical"), ("3", "7", "fire"),
                                   ("5", "4", "physical")):
        form = page.locator("[data-testid=attack-form]")
        form.locator(f"input[name=target][value='{target}']").check()
        form.locator("input[name=value]").first.fill(value)
        form.locator("select[name=element]").first.select_option(element)
        page.click("[data-testid=attack-go]")
        page.wait_for_selector(f"[data-testid=enemy-{target}].defeated")
    page.click("[data-testid=combat-end]")
    page.wait_for_selector("[data-testid=combat-outcome]")
    assert page.inner_text("[data-testid=outcome-fame]") == "0 → 23"
    assert page.inner_text("[data-testid=outcome-reputation]") == "0 → 1"
    # hero Armor 2 (level 1), no units: Guardsmen 3 (2 Wounds), Freezers 3 (2), Minotaur 10 (5): knocked out
    assert page.inner_text("[data-testid=outcome-wounds]") == "0 → 9"
    assert "Knocked out" in page.inner_text("[data-testid=combat-outcome]")

    # Undo: the outcome goes back in one step
    page.click("[data-testid=undo]")
    page.wait_for_selector("[data-testid=combat-end]")
    page.goto(f"{page.base}/games/{gid}")
    assert page.inner_text("[data-testid=level-0]") == "1"
    assert not page.console_errors, page.console_errors  # no console error, no htmx:*Error event
