"""A typed enemy kept for the game, on a phone (seed 004 "ENEMIES": the Enemy card's values are
not in the text): typed once in one fight's set-up, then one tap in the next fight, the result of the tap in view."""

import pytest

from browser_helpers import new_table, settled

pytestmark = pytest.mark.browser


def test_typed_once_then_one_tap_in_the_next_fight(server, phone):
    page = phone()
    gid = new_table(server, [page], "full_conquest", "competitive", [("Anna", "tovak"), ("Ben", "arythea")])
    page.goto(f"{server}/games/{gid}/combat")

    page.locator("[data-testid=quick-fight-rampaging]").click()
    settled(page)
    typed = page.locator("[data-testid=add-typed]")
    typed.locator("xpath=ancestor::details[1]/summary").click()
    typed.locator("input[name=name]").fill("Orc with poison")  # 004: "the Orc with 5 defense, 3 attack and Poison"
    typed.locator("input[name=armor]").fill("5")
    typed.locator("input[name=attack]").fill("3")
    typed.locator("input[name=fame]").fill("3")
    typed.locator("input[name=ability][value=poison]").check()
    assert typed.locator("[data-testid=typed-keep]").is_checked()
    typed.locator("button").last.click()
    settled(page)
    page.wait_for_selector(".enemy >> text=Orc with poison")
    page.once("dialog", lambda d: d.accept())
    page.locator("[data-testid=combat-cancel]").click()
    settled(page)

    page.locator("[data-testid=quick-fight-rampaging]").click()
    settled(page)
    button = page.locator("[data-testid=kept-k1]")
    assert button.is_visible()
    button.click()  # one tap
    settled(page)
    enemy = page.locator(".enemy", has_text="Orc with poison")
    assert enemy.is_visible() and "Armor 5" in enemy.inner_text() and "Poison" in enemy.inner_text()
