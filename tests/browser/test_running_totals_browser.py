"""A running total answers what is typed, never a form that was already sent: a block typed and played at once
(within the half second the running total waits for) leaves no stale "Block 0 of 4" under the form; and another
phone's change never wipes the running total of what this phone is typing."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import settled, wait_for_polls
from test_live_morph import join, live_seq, wait_for_seq
from test_standard_fight_taps import new_solo_game_with_peasants
from test_two_phones import create_game

pytestmark = pytest.mark.browser


def test_a_block_played_at_once_leaves_no_stale_running_total(server, phone):
    page = phone()
    gid = new_solo_game_with_peasants(page, server)
    page.goto(f"{server}/games/{gid}/combat")
    page.click("[data-testid=quick-fight-keep]")
    settled(page)
    page.click("[data-testid=quick-heroes_fire]")
    page.wait_for_selector(".enemy >> text=Heroes")
    page.click("[data-testid=next-phase]")
    settled(page)
    page.click("[data-testid=next-phase]")  # nothing to attack at range: on to the Block phase
    form = page.locator("[data-testid=block-form-1-0]")
    form.locator("input[name=value] >> nth=0").wait_for()
    settled(page)

    form.locator("input[name=value] >> nth=0").fill("3")  # short of the Heroes' 4, so the form stays
    page.click("[data-testid=block-go-1-0]")  # at once: the running total's 500 ms have not passed
    expect(page.locator("[data-testid=undo]")).to_contain_text(re.compile("Block 3"))
    wait_for_polls(page, 2)  # well past the running total's delay
    settled(page)
    assert "0 of" not in page.inner_text("#check-block-1-0")
    assert not page.console_errors


def test_a_running_total_survives_another_phones_change(server, phone):
    """Live updates keep local work: another phone's change morphs this page while a person types an attack; the
    running total of what they typed stays (and is asked again for the new state), it is not wiped to empty.
    Prowlers: Armor 3 (quick reference, enemy tokens)."""
    a, b = phone(width=360, height=740), phone()
    gid = create_game(a, server)
    join(b, server, a.locator("[data-testid=join-url]").get_attribute("href"), "Ben")
    a.goto(f"{server}/games/{gid}/combat")
    a.click("[data-testid=quick-fight-rampaging]")
    a.click("[data-testid=quick-prowlers]")
    a.wait_for_selector("[data-testid=enemy-1]")
    a.click("[data-testid=next-phase]")
    a.wait_for_selector("[data-testid=attack-form]")
    a.locator("[data-testid=attack-form] input[name=value]").first.fill("2")
    expect(a.locator("#check-attack")).to_contain_text("Attack 2 of 3: need 1 more.")
    seq = live_seq(a)

    b.locator("[data-testid=fame-1] button[value='5']").click()  # Ben's Fame, on the other phone
    wait_for_seq(a, seq + 1)
    settled(a)
    expect(a.locator("#check-attack")).to_contain_text("Attack 2 of 3: need 1 more.")
    wait_for_polls(a, 1)  # the running total asked again after the change is still the same
    expect(a.locator("#check-attack")).to_contain_text("Attack 2 of 3: need 1 more.")
    assert a.locator("[data-testid=attack-form] input[name=value]").first.input_value() == "2"
    assert not a.console_errors and not b.console_errors, (a.console_errors, b.console_errors)
