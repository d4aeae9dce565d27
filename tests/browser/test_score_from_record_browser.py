"""A Solo Conquest city assault played on the combat page fills the score sheet's cities (Scenario Book, Solo
Conquest, Scoring: "Score 10 points for each city you conquered"; Rulebook, City Assaults 2a: the City leader); a
line typed on the sheet is marked "typed by hand" and can follow the record again."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import shot

pytestmark = pytest.mark.browser


def test_a_conquered_city_is_on_the_score_sheet(server, phone):
    page = phone()
    page.goto(server + "/games/new")
    page.select_option("select[name=scenario]", "solo_conquest")
    page.fill("input[name=name_0]", "Anna")
    page.locator("form[action='/games'] button").last.click()
    page.wait_for_url(re.compile(r"/games/\d+(/|$)"))
    gid = re.search(r"/games/(\d+)", page.url).group(1)

    page.goto(f"{server}/games/{gid}/combat")
    page.check("input[name=fight][value=city]")
    page.select_option("select[name=city]", "white")
    page.fill("input[name=level]", "1")
    page.click("[data-testid=combat-setup-go]")
    pile = page.locator("[data-testid=quick-pile-white]")
    if pile.get_attribute("open") is None:
        pile.locator("summary").click()
    page.click("[data-testid=quick-gunners]")
    page.wait_for_selector("[data-testid=enemy-1]")
    page.click("[data-testid=next-phase]")
    form = "[data-testid=attack-form]"
    page.locator(f"{form} select[name=kind] >> nth=0").select_option("siege")
    page.fill(f"{form} input[name=value] >> nth=0", "20")
    page.click("[data-testid=attack-go]")
    page.wait_for_selector("[data-testid=enemy-1].defeated")
    page.click("[data-testid=combat-end]")
    page.wait_for_selector("[data-testid=combat-outcome]")

    page.goto(f"{server}/games/{gid}/score")
    expect(page.locator("[data-testid=sheet-0-cities_led] input[name=value]")).to_have_value("1")
    expect(page.locator("[data-testid=sheet-game-cities_conquered] input[name=value]")).to_have_value("1")
    spells = page.locator("[data-testid=sheet-0-spells] input[name=value]")
    spells.fill("2")
    spells.press("Enter")
    expect(page.locator("[data-testid=sheet-0-spells-typed]")).to_have_text("typed by hand")
    led = page.locator("[data-testid=sheet-0-cities_led] input[name=value]")
    led.fill("0")
    led.press("Enter")
    marker = page.locator("[data-testid=sheet-0-cities_led-follow]")
    expect(marker).to_have_text("edited – board says 1")
    shot(page, "score-sheet-city-typed")
    marker.click()
    expect(page.locator("[data-testid=sheet-0-cities_led] input[name=value]")).to_have_value("1")
    expect(marker).to_have_count(0)
    assert not page.console_errors, page.console_errors
