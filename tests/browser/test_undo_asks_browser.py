"""Undo asks before it takes back another player's entry, on the page, at 360 px in real browsers (separate
contexts are separate phones). Found by a first-evening walkthrough: Ben's phone took back Cleo's Tactic with one
tap and no question. Now Ben's Undo names whose entry it is and offers "Yes, undo it"; only that takes it back."""

import pytest
from playwright.sync_api import expect

from browser_helpers import settled
from test_whose_turn_and_phone_browser import W, H, two_player_game, view_shot

pytestmark = pytest.mark.browser


def test_bens_undo_of_annas_entry_asks_first_and_yes_takes_it_back(server, phone):
    host = phone(width=W, height=H)
    gid, link = two_player_game(host, server)
    ben = phone(width=W, height=H)
    ben.goto(link)
    ben.get_by_role("button", name="Ben").click()
    host.goto(f"{server}/games/{gid}")
    host.locator("[data-testid=fame-0] button[value='5']").click()  # Anna's entry, on the host's phone
    settled(host)
    ben.goto(f"{server}/games/{gid}")
    ben.locator("[data-testid=undo]").first.click()
    settled(ben)
    question = ben.locator("#flash, [data-testid=refusal]").filter(has_text="Anna").first
    expect(question).to_contain_text("It is Anna's entry: take it back only if Anna agrees.")
    yes = ben.locator("[data-testid=confirm-anyway]").first
    expect(yes).to_have_text("Yes, undo it")
    view_shot(ben, "undo-asks-another-players-entry")
    host.goto(f"{server}/games/{gid}/log")
    expect(host.locator("body")).not_to_contain_text("Undone")  # nothing taken back before the answer
    yes.click()
    settled(ben)
    expect(ben.locator("[data-testid=undo-notice]")).to_contain_text("Ben undid: Anna gains 5 Fame")
    host.goto(f"{server}/games/{gid}/log")
    expect(host.locator("body")).to_contain_text("Undone, Anna's entry: Anna gains 5 Fame")
    # the question is a 400 that htmx swaps into the page (as every refusal); no other error
    assert not [e for e in ben.console_errors if "400" not in e], ben.console_errors
    assert not host.console_errors
