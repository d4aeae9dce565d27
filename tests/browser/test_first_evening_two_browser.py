"""A first-time table's second evening, in the browser (found by a first-evening walkthrough: three phones, one in
German, and a laptop by the board showing the table screen). Each test is one stumble of that evening, met again
the way the table met it."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import new_table, settled, shot

pytestmark = pytest.mark.browser

TWO = (("Anna", "arythea"), ("Ben", "tovak"))


def test_the_laptop_opens_the_table_screen_in_one_step_from_the_invite_pages_address(server, phone):
    """The Invite page's own table-screen address opens the read-only table screen in a fresh browser: no join, no
    choice; it follows the game live; after a new join code the old address says how to get the screen."""
    a, b = phone(), phone()
    gid = new_table(server, [a, b], "full_conquest", "competitive", TWO)
    a.goto(f"{server}/games/{gid}/invite")
    expect(a.locator("[data-testid=table-screen-qr] svg")).to_be_visible()
    address = a.locator("[data-testid=table-screen-url]").get_attribute("href")
    laptop = phone(width=1280, height=720, mobile=False)
    laptop.goto(address)  # one step: the address (or its QR code), nothing to tap
    expect(laptop.locator("[data-testid=table-screen]")).to_be_visible()
    expect(laptop.locator("[data-testid=table-player-1] h2")).to_contain_text("Ben")
    assert laptop.locator("form, button, [data-testid=table-qr]").count() == 0
    shot(laptop, "evening2-table-screen-key")
    # live: the Tactic Ben picks on his phone shows on the screen without a reload (Rulebook, A Round 3a: both at
    # Fame 0, the last in the order picks first)
    expect(laptop.locator("[data-testid=table-who]")).to_have_text("Ben")
    b.goto(f"{server}/games/{gid}")
    b.locator("[data-testid=tactic-planning]").click()
    expect(laptop.locator("[data-testid=table-who]")).to_have_text("Anna", timeout=3000)
    # a new join code retires the address: it then says where the new one is
    a.goto(f"{server}/games/{gid}")
    a.locator("[data-testid=invite-table] summary").click()
    a.locator("form[action$='/token'] button").click()
    settled(a)
    laptop.goto(address)
    body = laptop.locator("body")
    expect(body).to_contain_text("new join code")
    expect(body).to_contain_text("Invite (QR)")
    a.goto(f"{server}/games/{gid}/invite")
    new = a.locator("[data-testid=table-screen-url]").get_attribute("href")
    assert new != address
    laptop.goto(new)
    expect(laptop.locator("[data-testid=table-screen]")).to_be_visible()
