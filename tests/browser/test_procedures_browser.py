"""The Round's preparation on the board of a 360 px phone (Rulebook, One Round of the Game 2, 'Prepare the Round'):
one line that opens on a tap, in the rulebook's words, without sideways scrolling."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import shot

pytestmark = pytest.mark.browser

W, H = 360, 640


def test_the_round_checklist_opens_on_a_360px_board_without_sideways_scrolling(server, phone):
    """Rulebook, One Round of the Game 2: 'Prepare the Round (skip this step for the first Round of the game ...):
    a. Flip the Day/Night Board ... c. Create a new Unit offer ... equal to the number of actual players plus 2.'"""
    a = phone(width=W, height=H)
    a.goto(server + "/games/new")
    a.select_option("select[name=scenario]", "full_conquest")
    a.check("input[name=mode][value=competitive]")
    a.fill("input[name=name_0]", "Anna")
    a.select_option("select[name=hero_0]", "arythea")
    a.fill("input[name=name_1]", "Ben")
    a.select_option("select[name=hero_1]", "tovak")
    a.get_by_role("button", name="Create game").click()
    a.get_by_role("button", name="Anna").click()
    for tactic in ("planning", "great_start"):  # Ben picks first (A Round 3a), then Anna
        before = a.locator("[data-testid=now-playing]").inner_text()
        a.locator(f"[data-testid=tactic-{tactic}]").click()
        expect(a.locator("[data-testid=now-playing]")).not_to_have_text(before)
    expect(a.locator("[data-testid=round-preparation]")).to_have_count(0)  # Round 1: prepared at set-up
    # Ben's Deed deck is empty: he announces the End of the Round; Anna takes her last turn (A Round 4b)
    for testid in ("announce", "end-turn"):
        before = a.locator("[data-testid=now-playing]").inner_text()
        a.locator(f"[data-testid={testid}]").click()
        expect(a.locator("[data-testid=now-playing]")).not_to_have_text(before)
    a.locator("[data-testid=rounds-next]").click()
    checklist = a.locator("[data-testid=round-preparation]")
    expect(checklist).to_be_visible()
    expect(checklist.locator("ol")).not_to_be_visible()  # one line until tapped
    checklist.locator("summary").click()
    expect(checklist.locator("ol")).to_be_visible()
    expect(checklist).to_contain_text("Flip the Day/Night Board")
    expect(checklist).to_contain_text(re.compile(r"This game: deal 4 Units\."))
    checklist.scroll_into_view_if_needed()
    assert a.evaluate("document.documentElement.scrollWidth") <= W
    box = checklist.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= W
    shot(a, "round-preparation-360")
    assert not a.console_errors
