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


def refused_next_round(server, phone):
    """Anna (the host) and Ben; Tactics chosen (Rulebook, A Round 3a: Ben, last in the order at Fame 0, picks
    first), Ben plays first; Anna's phone taps "Next round" while both still have their turn: refused by name."""
    a, b = phone(), phone()
    gid = new_table(server, [a, b], "full_conquest", "competitive", TWO)
    b.goto(f"{server}/games/{gid}")
    b.locator("[data-testid=tactic-planning]").click()
    a.goto(f"{server}/games/{gid}")
    a.locator("[data-testid=tactic-great_start]").click()
    expect(a.locator("[data-testid=now-playing]")).to_contain_text("Ben")
    a.locator("[data-testid=next-round]").click()
    refusal = a.locator("[data-testid=refusal]")
    expect(refusal).to_contain_text("still to play: Ben, Anna")
    return gid, a, b, refusal


def test_the_button_that_overrides_a_refused_next_round_is_the_quiet_one(server, phone):
    """README: "Next round" while somebody still has a turn is refused, naming who; "Move on anyway" starts it all
    the same when the table agrees. The override is not the big filled button (found by a first-evening
    walkthrough: it was the easiest thing on the screen to tap)."""
    gid, a, b, refusal = refused_next_round(server, phone)
    anyway = refusal.locator("[data-testid=confirm-anyway]")
    expect(anyway).to_have_text("Move on anyway")
    style = anyway.evaluate("""el => { const s = getComputedStyle(el), r = el.getBoundingClientRect();
        return {bg: s.backgroundColor, weight: +s.fontWeight, size: parseFloat(s.fontSize), h: r.height,
                body: parseFloat(getComputedStyle(document.body).fontSize)}; }""")
    assert style["bg"] in ("rgba(0, 0, 0, 0)", "transparent"), style
    assert style["weight"] < 600 and style["size"] < style["body"], style
    assert style["h"] >= 44, style  # still a whole tap target
    shot(a, "evening2-next-round-refused-quiet")
    anyway.click()  # it still works
    expect(a.locator(".round-title")).to_contain_text("Round 2 of")


def test_a_refusal_goes_when_the_game_moves_on(server, phone):
    """A refusal is the game as it stood: after Ben ends his turn on his phone, Anna's refused "Next round" (which
    named Ben) is no longer on her page (found by a first-evening walkthrough: "still to play: Anna, Ben" stayed
    after Anna had played)."""
    gid, a, b, refusal = refused_next_round(server, phone)
    b.goto(f"{server}/games/{gid}")
    b.locator("[data-testid=end-turn]").click()
    settled(b)
    expect(a.locator("[data-testid=now-playing]")).to_contain_text("Anna", timeout=3000)
    expect(a.locator("[data-testid=refusal]")).to_have_count(0)
    # asked again, the refusal names them as the game stands now: Anna's turn first (Rulebook, A Round 4: the
    # Round goes on, turn after turn, until the End of the Round)
    a.locator("[data-testid=next-round]").click()
    expect(a.locator("[data-testid=refusal]")).to_contain_text("still to play: Anna, Ben.")
